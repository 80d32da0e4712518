//! The people a command names. A Matrix id that belongs to nobody is
//! refused before the command reaches the core, with how to write one; a challenged player who
//! is not in the room is invited into it, so that they can see and answer the challenge, or the
//! challenger is told what to do when the bot cannot invite them.

use lalao_app::ids::{Platform, UserId as CoreUserId};
use matrix_sdk::ruma::events::room::member::{MembershipState, OriginalSyncRoomMemberEvent};
use matrix_sdk::RoomMemberships;

use super::*;
use crate::outgoing::Outgoing;

impl Adapter {
    /// Whether `user` is in `room`, joined or invited.
    pub(super) async fn in_room(room: &Room, user: &UserId) -> bool {
        matches!(
            room.get_member_no_sync(user).await,
            Ok(Some(member)) if matches!(member.membership(), MembershipState::Join | MembershipState::Invite)
        )
    }

    /// `text` with the players it names the way people write them in a room made full Matrix
    /// ids: `@bodo` (a member's localpart, or their display name after an `@`), and a bare word
    /// after the verb that is exactly one member's display name (`play fano Bodo`). A name is
    /// replaced only when it fits one member of the room (joined or invited) and no other;
    /// anything else goes on as typed, so the grammar answers it as before.
    pub(super) async fn with_full_ids(&self, room: &Room, text: &str) -> String {
        let members = match room
            .members_no_sync(RoomMemberships::JOIN | RoomMemberships::INVITE)
            .await
        {
            Ok(members) => members,
            Err(err) => {
                debug!(%err, "the room's members could not be read; names stay as typed");
                return text.to_owned();
            }
        };
        let only = |name: &str, by_localpart: bool| -> Option<String> {
            let mut fits = members.iter().filter(|member| {
                (by_localpart && member.user_id().localpart().eq_ignore_ascii_case(name))
                    || member
                        .display_name()
                        .is_some_and(|shown| shown.eq_ignore_ascii_case(name))
            });
            let first = fits.next()?;
            fits.all(|other| other.user_id() == first.user_id())
                .then(|| first.user_id().to_string())
        };
        let mut words = Vec::new();
        for (index, word) in text.split_whitespace().enumerate() {
            let full = match word.strip_prefix('@') {
                // `@3` is a fano move, never a name.
                Some(name)
                    if !name.is_empty()
                        && !name.contains(':')
                        && !name.chars().all(|c| c.is_ascii_digit()) =>
                {
                    only(name, true)
                }
                // The verb is never a name, nor a word with options (`cells=5`) or a match (`#3`).
                None if index > 0
                    && !word.chars().all(|c| c.is_ascii_digit())
                    && word.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') =>
                {
                    only(word, false)
                }
                _ => None,
            };
            words.push(full.unwrap_or_else(|| word.to_owned()));
        }
        words.join(" ")
    }

    /// The first user named in `text` who does not exist: not in the room, and their
    /// homeserver answers the profile lookup with 404. A lookup that fails otherwise (profiles
    /// restricted to users who share a room, a homeserver that cannot be reached) counts as
    /// existing: the command then goes on as usual.
    pub(super) async fn nobody_named(&self, room: &Room, text: &str) -> Option<OwnedUserId> {
        for word in text.split_whitespace() {
            let Ok(user) = UserId::parse(word) else { continue };
            if user == self.me || Self::in_room(room, &user).await {
                continue;
            }
            if let Err(err) = self.client.account().fetch_user_profile_of(&user).await {
                let status = err.as_client_api_error().map(|api| api.status_code.as_u16());
                if status == Some(404) {
                    return Some(user);
                }
                debug!(%user, %err, "a named user's profile could not be read; taken as existing");
            }
        }
        None
    }

    /// After a command: the players its challenges name who are not in the room. Each is
    /// invited; when the bot cannot invite them (a direct room, which must stay private, or
    /// the room's power levels), the challenger is told how to bring them. Runs on the room's
    /// send queue after the replies.
    pub(super) async fn bring_challenged(
        self: &Arc<Self>,
        room: &Room,
        sender: &UserId,
        replies: &[Outgoing],
        (event_id, anchor): (&EventId, &EventId),
    ) {
        let mut absent = Vec::new();
        for reply in replies {
            if let Outgoing::Text {
                mentions,
                challenge: Some(_),
                ..
            } = reply
            {
                for player in mentions {
                    let Ok(user) = UserId::parse(&player.user_id) else {
                        continue;
                    };
                    if user != sender && !Self::in_room(room, &user).await {
                        absent.push((user, player.name.clone()));
                    }
                }
            }
        }
        if absent.is_empty() {
            return;
        }
        let direct = is_direct(room).await;
        let locale = self.locale(sender.as_str()).await;
        let (this, room) = (self.clone(), room.clone());
        let (event_id, anchor) = (event_id.to_owned(), anchor.to_owned());
        let destination = Destination::Room(room.room_id().to_string());
        self.delivery.enqueue(destination, async move {
            for (n, (user, name)) in absent.into_iter().enumerate() {
                let key = if direct {
                    "matrix-challenged-not-here"
                } else {
                    match room.invite_user_by_id(&user).await {
                        Ok(()) => {
                            info!(room = %room.room_id(), %user, "a challenged player was invited");
                            continue;
                        }
                        Err(err) => {
                            warn!(room = %room.room_id(), %user, %err, "inviting a challenged player failed");
                            "matrix-invite-failed"
                        }
                    }
                };
                let text = plain_text(&tr(locale, key, &[("user", format!("{name} ({user})"))]));
                let content = RoomMessageEventContent::notice_html(text.plain, text.html);
                let txn = Txns::answering(&format!("{event_id}-invite"), n).next();
                this.reply_to(&room, &anchor, content, txn).await;
            }
        });
    }

    /// A member who joined or took a new name: the application remembers the name the room
    /// shows, so that what it words about them later (a planned answer played for them, a
    /// board's players) names them as the room does, not by the name they had when they last
    /// typed a command (Synapse's default is the localpart). Awaited here, on the sync loop:
    /// a command after it in the room is read with the new name.
    pub(super) async fn handle_member(&self, member: &OriginalSyncRoomMemberEvent) {
        let joined = member.content.membership == MembershipState::Join;
        let Some(name) = member.content.displayname.clone().filter(|_| joined) else {
            return;
        };
        let user = CoreUserId::new(Platform::Matrix, member.state_key.as_str());
        let service = self.service.clone();
        let remembered = tokio::task::spawn_blocking(move || service.remember_name(&user, &name)).await;
        match remembered {
            Ok(Ok(())) => {}
            Ok(Err(err)) => warn!(%err, "remembering a member's name failed"),
            Err(err) => warn!(%err, "remembering a member's name stopped"),
        }
    }
}
