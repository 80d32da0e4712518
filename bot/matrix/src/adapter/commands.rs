//! From a Matrix event to the application and back: what was said (a line, or a reaction's
//! command) read into the grammar's command, handed to the [`Service`] with who said it where,
//! and its typed reply queued as Matrix messages ([`Outgoing`]). `!lalao leave` is the
//! adapter's own; the reactions ✅ and 🏳️ stand for `accept` and `resign` on the message
//! they are put on.

use lalao_app::command::{Command, ParseError};
use lalao_app::ids::{ChannelId, EventId as CoreEventId, MatchId, Platform, UserId as CoreUserId};
use lalao_app::{Context, Outcome};

use super::*;
use crate::outgoing::{outgoing, Outgoing};

/// What someone said to the bot: a line of the grammar (without its prefix), or a command a
/// reaction stands for.
pub(super) enum Said {
    Text(String),
    Command(Command),
}

/// A line addressed to the bot, read by the grammar (a prefixed line is always a command).
fn parse(line: &str) -> Result<Command, ParseError> {
    lalao_app::command::parse(line, true).map(|command| command.unwrap_or(Command::Help { topic: None }))
}

/// Sees each command as it goes to the application: its event id, its sender, and the
/// grammar's name of the command (tests check that Matrix delivers each event once).
pub type Observer = Arc<dyn Fn(&str, &str, &str) + Send + Sync>;

impl Adapter {
    /// Reads what was said into a command, hands it to the application and queues its
    /// replies. `event_id` is what the application deduplicates on; replies answer `anchor`
    /// (the command, or the message a reaction was put on).
    pub(super) async fn dispatch(
        self: &Arc<Self>,
        room: &Room,
        sender: &UserId,
        (event_id, anchor, edit_of): (&EventId, &EventId, Option<&EventId>),
        said: Said,
    ) {
        let direct = is_direct(room).await;
        let (parsed, text) = match said {
            Said::Text(text) => {
                let text = self.with_full_ids(room, &text).await;
                // The prefix the message was read without, put back: the grammar then takes
                // `!lalao` alone as `help`, exactly as on the other platforms.
                let line = format!("{} {text}", lalao_app::command::PREFIX);
                (parse(&line), text)
            }
            Said::Command(command) => (Ok(command), String::new()),
        };
        if let Some(nobody) = self.nobody_named(room, &text).await {
            log_command(
                room.room_id().as_str(),
                sender.as_str(),
                command_name(&parsed, &text),
                "refused",
                Some("matrix-no-such-user"),
            );
            let locale = self.locale(sender.as_str()).await;
            let text = plain_text(&tr(
                locale,
                "matrix-no-such-user",
                &[("user", nobody.to_string())],
            ));
            let (this, room) = (self.clone(), room.clone());
            let (event_id, anchor) = (event_id.to_owned(), anchor.to_owned());
            let destination = Destination::Room(room.room_id().to_string());
            self.delivery.enqueue(destination, async move {
                this.reply_notice(&room, &anchor, &event_id, text).await;
            });
            return;
        }
        let mut named = Vec::new();
        for word in text.split_whitespace() {
            if let Ok(user) = UserId::parse(word) {
                named.push(Player {
                    user_id: user.to_string(),
                    name: self.display_name(room, &user).await,
                });
            }
        }
        let ctx = Context {
            platform: Platform::Matrix,
            user: CoreUserId::new(Platform::Matrix, sender.as_str()),
            display_name: Some(self.display_name(room, sender).await),
            channel: ChannelId::new(Platform::Matrix, room.room_id().as_str()),
            // An edit is applied under the id of the message it edits: a command and all its
            // edits apply at most once together.
            event: Some(CoreEventId::new(
                Platform::Matrix,
                edit_of.unwrap_or(event_id).as_str(),
            )),
            moderator: self.is_moderator(room, sender, direct).await,
            locale: None,
            private: direct,
            community: None,
        };
        let room_name = match room.display_name().await {
            Ok(
                RoomDisplayName::Named(name)
                | RoomDisplayName::Aliased(name)
                | RoomDisplayName::Calculated(name),
            ) => Some(name),
            _ => None,
        };
        if let Some(observer) = &self.observer {
            observer(event_id.as_str(), sender.as_str(), command_name(&parsed, &text));
        }
        let command = command_name(&parsed, &text);
        let replies = self.apply(ctx, (parsed, command), named, room_name).await;
        let challenged: Vec<Outgoing> = replies
            .iter()
            .filter(|reply| {
                matches!(
                    reply,
                    Outgoing::Text {
                        challenge: Some(_),
                        ..
                    }
                )
            })
            .cloned()
            .collect();
        for (n, reply) in replies.into_iter().enumerate() {
            self.queue_reply(room, Some(anchor), reply, Txns::answering(event_id.as_str(), n));
        }
        self.bring_challenged(room, sender, &challenged, (event_id, anchor))
            .await;
    }

    /// Room moderators (power level ≥ 50, the spec's default for kicking) and, in a direct
    /// room, its one other member.
    async fn is_moderator(&self, room: &Room, user: &UserId, direct: bool) -> bool {
        direct
            || room
                .get_user_power_level(user)
                .await
                .is_ok_and(|level| level >= UserPowerLevel::Int(Int::from(50)))
    }

    /// `!lalao leave`: moderators (or anyone in a direct room) send the bot away.
    pub(super) async fn handle_leave(
        self: &Arc<Self>,
        room: &Room,
        sender: &UserId,
        event_id: &EventId,
        anchor: &EventId,
    ) {
        let locale = self.locale(sender.as_str()).await;
        let direct = is_direct(room).await;
        let moderator = self.is_moderator(room, sender, direct).await;
        // The same line as the application's commands: this one never reaches it.
        let (outcome, reason) = if moderator {
            ("applied", None)
        } else {
            ("refused", Some("matrix-leave-refused"))
        };
        log_command(room.room_id().as_str(), sender.as_str(), "leave", outcome, reason);
        let (this, room) = (self.clone(), room.clone());
        let (event_id, anchor) = (event_id.to_owned(), anchor.to_owned());
        let destination = Destination::Room(room.room_id().to_string());
        self.delivery.enqueue(destination, async move {
            if !moderator {
                let text = plain_text(&tr(locale, "matrix-leave-refused", &[]));
                this.reply_notice(&room, &anchor, &event_id, text).await;
                return;
            }
            let text = plain_text(&tr(locale, "matrix-leave-bye", &[]));
            this.reply_notice(&room, &anchor, &event_id, text).await;
            if let Err(err) = room.leave().await {
                warn!(room = %room.room_id(), %err, "leaving failed");
            }
        });
    }

    pub(super) async fn handle_reaction(self: &Arc<Self>, room: &Room, reaction: OriginalSyncReactionEvent) {
        let target = reaction.content.relates_to.event_id.to_string();
        let key = reaction_key(&reaction.content.relates_to.key);
        let Some(marker) = self.store.marker(&target).await else {
            return;
        };
        let sender = reaction.sender.clone();
        match marker {
            Marker::Challenge { match_id } if key == reaction_key(REACTION_ACCEPT) || key == "👍" => {
                let Some(id) = MatchId::parse(&match_id) else {
                    return;
                };
                let anchor = &reaction.content.relates_to.event_id;
                let accept = Said::Command(Command::Accept { id: Some(id) });
                self.dispatch(room, &sender, (&reaction.event_id, anchor, None), accept)
                    .await;
            }
            Marker::Board { match_id } if key == reaction_key(REACTION_RESIGN) => {
                let locale = self.locale(sender.as_str()).await;
                let player = Player {
                    user_id: sender.to_string(),
                    name: self.display_name(room, &sender).await,
                };
                let question = sentence_with_pill(
                    locale,
                    "matrix-confirm-resign",
                    &player,
                    &[("match", match_id.clone())],
                );
                let content = RoomMessageEventContent::text_html(question.plain, question.html)
                    .add_mentions(Mentions::with_user_ids([sender.clone()]));
                let txn = Txns::answering(reaction.event_id.as_str(), 0).next();
                let (this, room) = (self.clone(), room.clone());
                let destination = Destination::Room(room.room_id().to_string());
                self.delivery.enqueue(destination, async move {
                    if let Some(question_id) = this.send(&room, content, txn).await {
                        let marker = Marker::ResignConfirmation {
                            match_id,
                            user_id: sender.to_string(),
                        };
                        this.store.set_marker(question_id.as_str(), &marker).await;
                    }
                });
            }
            Marker::ResignConfirmation { match_id, user_id }
                if key == reaction_key(REACTION_ACCEPT) && user_id == sender.as_str() =>
            {
                let Some(id) = MatchId::parse(&match_id) else {
                    return;
                };
                let anchor = &reaction.content.relates_to.event_id;
                let resign = Said::Command(Command::Resign { id: Some(id) });
                self.dispatch(room, &sender, (&reaction.event_id, anchor, None), resign)
                    .await;
            }
            _ => {}
        }
    }

    /// Runs a command in the application and turns its reply into Matrix messages, on a
    /// blocking thread (the service is synchronous and flushes to disk before answering).
    /// Nothing to send if the application's task failed.
    async fn apply(
        &self,
        ctx: Context,
        (parsed, command): (Result<Command, ParseError>, &'static str),
        named: Vec<Player>,
        room_name: Option<String>,
    ) -> Vec<Outgoing> {
        let (service, pictures) = (self.service.clone(), self.pictures.clone());
        let (room, user) = (ctx.channel.local().to_owned(), ctx.user.local().to_owned());
        let handled = tokio::task::spawn_blocking(move || {
            answer(&service, &pictures, &ctx, parsed, (&named, room_name.as_deref()))
        })
        .await;
        match handled {
            Ok((outcome, replies)) => {
                log_handled(&room, &user, command, outcome);
                // A command delivered again (the bot died before saving its sync position) was
                // applied once; its replay says where the match stands, and goes out under the
                // same transaction ids as the first answer (see `delivery::Txns`): the room
                // sees one answer.
                replies
            }
            Err(err) => {
                tracing::error!(%room, %user, %err, "a command failed in the application; not answered");
                Vec::new()
            }
        }
    }

    /// Whether the command of event `event_id` was applied (changed something): an edit of an
    /// applied command is not a new command.
    pub(super) async fn applied(&self, event_id: &str) -> bool {
        let service = self.service.clone();
        let event = CoreEventId::new(Platform::Matrix, event_id);
        let answer = tokio::task::spawn_blocking(move || service.event_applied(&event))
            .await
            .map_err(|err| err.to_string())
            .and_then(|applied| applied.map_err(|err| err.to_string()));
        answer.unwrap_or_else(|err| {
            // Unknown: taking the edit as a command could apply a command twice.
            tracing::warn!(%err, "whether an edited command was applied is unknown; the edit is ignored");
            true
        })
    }

    /// The language the adapter's own sentences use for this user.
    pub(super) async fn locale(&self, user_id: &str) -> Locale {
        let ctx = Context {
            platform: Platform::Matrix,
            user: CoreUserId::new(Platform::Matrix, user_id),
            display_name: None,
            channel: ChannelId::new(Platform::Matrix, ""),
            event: None,
            moderator: false,
            locale: None,
            private: false,
            community: None,
        };
        let service = self.service.clone();
        // The store is read: on a blocking thread, not the sync loop's.
        tokio::task::spawn_blocking(move || service.locale_for(&ctx))
            .await
            .unwrap_or_default()
    }
}

/// The application's answer to a command, as Matrix messages: the names of the people the
/// command named and the room's name remembered first (boards and digests then say them), the
/// command run (or its mistake explained), the reply drawn. It reads and writes the store:
/// call it on a blocking thread.
fn answer(
    service: &Service,
    pictures: &PictureCache,
    ctx: &Context,
    parsed: Result<Command, ParseError>,
    (named, room_name): (&[Player], Option<&str>),
) -> (Outcome, Vec<Outgoing>) {
    for player in named {
        let user = CoreUserId::new(Platform::Matrix, &player.user_id);
        if let Err(err) = service.remember_name(&user, &player.name) {
            tracing::warn!(%err, "remembering a name failed");
        }
    }
    if let Some(name) = room_name {
        if let Err(err) = service.remember_channel_name(&ctx.channel, name) {
            tracing::warn!(%err, "remembering a room's name failed");
        }
    }
    let reply = service.handle_parsed(ctx, parsed);
    let locale = service.locale_for(ctx);
    (
        reply.outcome,
        outgoing(service, reply.messages, pictures, locale, &ctx.channel),
    )
}

/// The operator's one line for a handled command: where, who, which command and how it went
/// (never the text itself, which may name people or hold a Mangala IV coin choice).
fn log_handled(room: &str, user: &str, command: &str, outcome: Outcome) {
    let reason = match outcome {
        Outcome::Refused { reason } => Some(reason),
        _ => None,
    };
    log_command(room, user, command, outcome.id(), reason);
}

/// The one INFO line per handled command, also for `!lalao leave`, which never reaches the
/// application.
fn log_command(room: &str, user: &str, command: &str, outcome: &str, reason: Option<&str>) {
    match reason {
        Some(reason) => {
            tracing::info!(platform = "matrix", %room, %user, command, outcome, reason, "command handled")
        }
        None => tracing::info!(platform = "matrix", %room, %user, command, outcome, "command handled"),
    }
}

/// The grammar's name for a command (`play`, whichever language it was written in): from the
/// command read, else from the first word of the line `text` when the rest did not parse
/// (`move` for a move the grammar refused), else `unknown`.
fn command_name(parsed: &Result<Command, ParseError>, text: &str) -> &'static str {
    match parsed {
        Ok(command) => command.name(),
        Err(_) => text
            .split_whitespace()
            .next()
            .and_then(lalao_app::command::command_name)
            .unwrap_or("unknown"),
    }
}

#[cfg(test)]
mod tests;
