//! The scheduler's notifications on Matrix: a time-out, a reminder, an expired challenge…
//! posted in the match's room with the people concerned as pills (and in `m.mentions`), or
//! sent by direct message.
//!
//! The scheduler ([`lalao_app::schedule::run`]) is synchronous and runs on its own thread; this
//! notifier drives the adapter's async client from there through a runtime handle. Each
//! delivery is one attempt: an error leaves the notification in the outbox and the scheduler
//! tries again on its next round. The notification's outbox id is the Matrix transaction id,
//! so a retry after a lost response cannot post twice.

use std::sync::Arc;

use matrix_sdk::ruma::events::room::message::RoomMessageEventContent;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{OwnedTransactionId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, Room, RoomState};
use tracing::{debug, info};

use super::outbound::{escape_html, pill, plain_text, Player, Text};
use lalao_app::ids::{Platform, UserId as CoreUserId};
use lalao_app::schedule::notifier::{too_slow, DELIVERY_DEADLINE};
use lalao_app::schedule::{DeliveryError, Notification, Notifier, Recipient};
use lalao_app::Service;

/// Delivers the scheduler's notifications with the adapter's client.
pub struct MatrixNotifier {
    /// Always set; taken only when the notifier is dropped (see its `Drop`).
    client: Option<Client>,
    runtime: tokio::runtime::Handle,
    service: Arc<Service>,
}

impl MatrixNotifier {
    /// `runtime` is the runtime the client runs on; [`Notifier::deliver`] blocks on it, so it
    /// must be called from outside that runtime (the scheduler's own thread).
    pub fn new(client: Client, runtime: tokio::runtime::Handle, service: Arc<Service>) -> MatrixNotifier {
        MatrixNotifier {
            client: Some(client),
            runtime,
            service,
        }
    }

    fn client(&self) -> &Client {
        self.client
            .as_ref()
            .expect("the client is kept until the notifier is dropped")
    }

    fn matrix_user(user: &CoreUserId) -> Option<OwnedUserId> {
        UserId::parse(user.local_on(Platform::Matrix)?).ok()
    }

    fn player(&self, user: &CoreUserId) -> Option<Player> {
        Some(Player {
            user_id: Self::matrix_user(user)?.to_string(),
            name: self.service.name_of(user),
        })
    }

    async fn deliver_async(&self, notification: &Notification) -> Result<(), DeliveryError> {
        let txn = transaction_id(&notification.id);
        let mentioned: Vec<Player> = notification
            .mentions
            .iter()
            .filter_map(|user| self.player(user))
            .collect();
        match &notification.recipient {
            Recipient::Channel { channel } => {
                let room_id = channel
                    .local_on(Platform::Matrix)
                    .and_then(|local| RoomId::parse(local).ok())
                    .ok_or_else(|| DeliveryError::Permanent(format!("{channel} is not a Matrix room")))?;
                let room = self
                    .client()
                    .get_room(&room_id)
                    .filter(|room| room.state() == RoomState::Joined);
                let Some(room) = room else {
                    // The bot left the room (asked to, or everyone else did): the people
                    // concerned are told directly instead.
                    debug!(room = %room_id, "notification for a room the bot is not in; sent by direct message");
                    for (n, player) in mentioned.iter().enumerate() {
                        let txn = OwnedTransactionId::from(format!("{txn}-{n}"));
                        self.direct(&player.user_id, &notification.text, txn).await?;
                    }
                    return Ok(());
                };
                let text = with_pills(&notification.text, &mentioned);
                let content = RoomMessageEventContent::text_html(text.plain, text.html)
                    .add_mentions(mentions_of(&mentioned));
                send(&room, content, txn).await
            }
            Recipient::Direct { user } => {
                let user_id = Self::matrix_user(user)
                    .ok_or_else(|| DeliveryError::Permanent(format!("{user} is not a Matrix user")))?;
                self.direct(user_id.as_str(), &notification.text, txn).await
            }
        }
    }

    /// A message in the direct room with `user_id` (the existing one, or a new encrypted one).
    async fn direct(&self, user_id: &str, text: &str, txn: OwnedTransactionId) -> Result<(), DeliveryError> {
        let user =
            UserId::parse(user_id).map_err(|err| DeliveryError::Permanent(format!("{user_id}: {err}")))?;
        let room = dm_room(self.client(), &user)
            .await
            .map_err(|err| classify(&err, &format!("creating a direct room with {user}")))?;
        let body = plain_text(text);
        let content = RoomMessageEventContent::text_html(body.plain, body.html)
            .add_mentions(Mentions::with_user_ids([user]));
        send(&room, content, txn).await
    }
}

impl Drop for MatrixNotifier {
    /// The client may be the last handle on the session: dropping it needs its runtime, and
    /// the notifier is often dropped on the scheduler's thread, outside it.
    fn drop(&mut self) {
        let _runtime = self.runtime.enter();
        drop(self.client.take());
    }
}

impl Notifier for MatrixNotifier {
    /// Delivers a notification for a Matrix room or user; any other recipient is an error
    /// (the process's [`lalao_app::schedule::Router`] gives each notifier its own platform's).
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        // The transaction id makes a send cut short and tried again one message.
        let delivered = self.runtime.block_on(async {
            tokio::time::timeout(DELIVERY_DEADLINE, self.deliver_async(notification))
                .await
                .unwrap_or_else(|_| Err(DeliveryError::Transient(too_slow())))
        });
        // The operator's one line per notification; a failure is the scheduler's to log, with
        // what it does next (retry later, or a dead letter).
        if delivered.is_ok() {
            info!(
                destination = %notification.recipient.destination(),
                key = %notification.key,
                "notification delivered"
            );
        }
        delivered
    }
}

/// The direct room with `user`: the one the bot already has, or a new (encrypted) one.
pub(crate) async fn dm_room(client: &Client, user: &UserId) -> Result<Room, matrix_sdk::Error> {
    if let Some(room) = client.get_dm_room(user) {
        return Ok(room);
    }
    client.create_dm(user).await
}

/// Whether the homeserver refused for good: retrying the same request cannot succeed (no
/// permission to post, 403; unknown room or user, 404; event too large, 413; a malformed
/// request, 400). Rate limits (429), time-outs (408), an expired token (401), server errors and
/// network trouble are worth retrying.
pub(crate) fn is_permanent(err: &matrix_sdk::Error) -> bool {
    err.as_client_api_error()
        .map(|api| api.status_code.as_u16())
        .is_some_and(|status| (400..500).contains(&status) && !matches!(status, 401 | 408 | 429))
}

/// A failed request as the scheduler's delivery error.
fn classify(err: &matrix_sdk::Error, what: &str) -> DeliveryError {
    let why = format!("{what}: {err}");
    if is_permanent(err) {
        DeliveryError::Permanent(why)
    } else {
        DeliveryError::Transient(why)
    }
}

async fn send(
    room: &Room,
    content: RoomMessageEventContent,
    txn: OwnedTransactionId,
) -> Result<(), DeliveryError> {
    room.send(content)
        .with_transaction_id(txn)
        .await
        .map(drop)
        .map_err(|err| classify(&err, &format!("sending to {}", room.room_id())))
}

/// A Matrix transaction id from an outbox id: stable across retries and restarts, and made
/// only of URL-safe characters.
fn transaction_id(outbox_id: &str) -> OwnedTransactionId {
    let hex: String = outbox_id.bytes().map(|b| format!("{b:02x}")).collect();
    OwnedTransactionId::from(format!("lalao-n-{hex}"))
}

/// The notification's text with each mentioned player as a pill: their name where the text
/// says it first, or in front of the text when it does not.
pub fn with_pills(text: &str, mentioned: &[Player]) -> Text {
    let escaped = escape_html(text);
    // Where each name first appears in the text (not inside another name already taken).
    let mut found: Vec<(usize, usize, &Player)> = Vec::new();
    let mut missing = Vec::new();
    for player in mentioned {
        let name = escape_html(&player.name);
        let at = (!name.is_empty())
            .then(|| {
                escaped.match_indices(&name).map(|(at, _)| at).find(|at| {
                    found
                        .iter()
                        .all(|(start, len, _)| at + name.len() <= *start || *at >= start + len)
                })
            })
            .flatten();
        match at {
            Some(at) => found.push((at, name.len(), player)),
            None => missing.push((pill(player), player.name.clone())),
        }
    }
    found.sort_by_key(|(at, _, _)| *at);
    let mut html = String::new();
    let mut from = 0;
    for (at, len, player) in found {
        html.push_str(&escaped[from..at]);
        html.push_str(&pill(player));
        from = at + len;
    }
    html.push_str(&escaped[from..]);
    let mut plain = text.to_owned();
    if !missing.is_empty() {
        // People mentioned whose name the text does not hold go in front, in both bodies:
        // notifications show the plain one.
        html = format!(
            "{}: {html}",
            missing
                .iter()
                .map(|(pill, _)| pill.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        plain = format!(
            "{}: {plain}",
            missing
                .iter()
                .map(|(_, name)| name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Text {
        plain,
        html: crate::outbound::inline_code(&html).replace('\n', "<br>"),
    }
}

fn mentions_of(players: &[Player]) -> Mentions {
    Mentions::with_user_ids(
        players
            .iter()
            .filter_map(|player| UserId::parse(&player.user_id).ok()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str, name: &str) -> Player {
        Player {
            user_id: id.into(),
            name: name.into(),
        }
    }

    #[test]
    fn names_in_the_text_become_pills_and_others_go_in_front() {
        let ana = player("@ana:example.org", "Ana");
        let bo = player("@bo:example.org", "Bo <b>");
        let text = with_pills(
            "Bo <b> has run out of time. Ana, you can `claim`.",
            &[ana.clone(), bo],
        );
        assert_eq!(text.plain, "Bo <b> has run out of time. Ana, you can `claim`.");
        assert_eq!(
            text.html,
            r#"<a href="https://matrix.to/#/@bo:example.org">Bo &lt;b&gt;</a> has run out of time. <a href="https://matrix.to/#/@ana:example.org">Ana</a>, you can <code>claim</code>."#
        );
        // A name the text does not hold goes in front, in both bodies.
        let text = with_pills("Your turn\nin 3 matches.", &[ana]);
        assert_eq!(
            text.html,
            r#"<a href="https://matrix.to/#/@ana:example.org">Ana</a>: Your turn<br>in 3 matches."#
        );
        assert_eq!(text.plain, "Ana: Your turn\nin 3 matches.");
    }

    #[test]
    fn transaction_ids_are_stable_and_url_safe() {
        let id = transaction_id("outbox/00000000001700000000/m#12/timeout/000");
        assert_eq!(id, transaction_id("outbox/00000000001700000000/m#12/timeout/000"));
        assert!(id.as_str().chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
        assert_ne!(id, transaction_id("outbox/00000000001700000000/m#12/timeout/001"));
    }
}
