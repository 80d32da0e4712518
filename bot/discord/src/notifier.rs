//! Scheduler delivery on Discord: the [`Notifier`] that posts the outbox's notifications (turn
//! notices, reminders, time-outs, expiries, digests) to the match's channel or as a direct
//! message.
//!
//! The scheduler is synchronous (it sleeps on a condition variable until the next timer), so it
//! runs on its own thread ([`lalao_app::schedule::SchedulerThread`]) and reaches Discord by
//! blocking on the adapter's runtime.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use serenity::all::{ChannelId as DiscordChannel, Http, HttpError};
use tokio::runtime::Handle;

use lalao_app::ids::{ChannelId, Platform, UserId};
use lalao_app::schedule::notifier::{too_slow, DELIVERY_DEADLINE};
use lalao_app::schedule::{DeliveryError, Notification, Notifier, Recipient};
use lalao_app::Service;

/// Delivers notifications through Discord's REST API.
pub(crate) struct DiscordNotifier {
    http: Arc<Http>,
    runtime: Handle,
    /// Where a notification's match is shown (its challenge message).
    service: Arc<Service>,
    /// DM channel of each user, once opened (Discord returns the same channel every time).
    dms: Mutex<HashMap<u64, u64>>,
}

/// What became of one delivery attempt that did not succeed.
#[derive(Debug, PartialEq, Eq)]
enum Failure {
    /// Worth retrying: network trouble, Discord unavailable, rate limited, a bad token.
    Retry(String),
    /// Will never succeed (unknown channel, no access, DMs closed): retrying would hold up every
    /// later notification, since the outbox is delivered in order.
    GiveUp(String),
}

fn failure(what: &str, err: &serenity::Error) -> Failure {
    let text = format!("{what}: {err}");
    match err {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            // 401: the token is wrong for every message alike; 408/429/5xx: try again later.
            if matches!(status, 401 | 408 | 429) || status >= 500 {
                Failure::Retry(text)
            } else {
                Failure::GiveUp(text)
            }
        }
        _ => Failure::Retry(text),
    }
}

/// The Discord id behind a lalao id of the Discord platform (`discord:123`).
/// The Discord snowflake behind the platform-local part of one of lalao's ids (`discord:123`,
/// read with `local_on(Platform::Discord)`): `None` for another platform's id.
fn discord_id(local: Option<&str>) -> Option<u64> {
    local?.parse().ok()
}

/// A stable nonce (at most 25 characters) from the outbox id: with `enforce_nonce`, Discord
/// drops a second message with the same nonce sent shortly after the first (a delivery repeated
/// because the bot stopped between sending and removing it from the outbox).
fn nonce(id: &str) -> String {
    // FNV-1a, 64 bits: stable across builds (unlike the standard library's hasher).
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("lalao{hash:016x}")
}

/// The message body for a notification: the people it concerns are pinged (mentions first,
/// unless the text already names them), and only them.
pub(crate) fn body(notification: &Notification, direct: bool) -> Value {
    let mentions: Vec<u64> = if direct {
        Vec::new()
    } else {
        notification
            .mentions
            .iter()
            .filter_map(|user| discord_id(user.local_on(Platform::Discord)))
            .collect()
    };
    let mut content = String::new();
    for id in &mentions {
        let mention = format!("<@{id}>");
        if !notification.text.contains(&mention) {
            content.push_str(&mention);
            content.push(' ');
        }
    }
    content.push_str(&notification.text);
    json!({
        "content": super::fit(content),
        "allowed_mentions": {"parse": [], "users": mentions.iter().map(u64::to_string).collect::<Vec<_>>()},
        "nonce": nonce(&notification.id),
        "enforce_nonce": true,
    })
}

impl DiscordNotifier {
    pub(crate) fn new(http: Arc<Http>, runtime: Handle, service: Arc<Service>) -> DiscordNotifier {
        DiscordNotifier {
            http,
            runtime,
            service,
            dms: Mutex::new(HashMap::new()),
        }
    }

    async fn dm_channel(&self, user: u64) -> Result<u64, Failure> {
        if let Some(channel) = self.dms.lock().unwrap_or_else(|p| p.into_inner()).get(&user) {
            return Ok(*channel);
        }
        let channel = self
            .http
            .create_private_channel(&json!({"recipient_id": user.to_string()}))
            .await
            .map_err(|err| failure("opening a direct message channel", &err))?
            .id
            .get();
        self.dms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(user, channel);
        Ok(channel)
    }

    /// An expired challenge's message loses its Accept and Decline buttons and says it
    /// expired. Editing is idempotent, so a retried notification edits again harmlessly; a
    /// message that is gone (or out of reach) is no reason to hold the notice back.
    async fn retire_challenge(&self, notification: &Notification) -> Result<(), Failure> {
        let Some(id) = notification.match_id else {
            return Ok(());
        };
        let service = self.service.clone();
        let Ok(Some((channel, post))) = tokio::task::spawn_blocking(move || service.announcement(id)).await
        else {
            return Ok(());
        };
        let (Ok(channel), Some(message)) = (
            channel_id(&channel),
            post.message.and_then(|message| message.parse::<u64>().ok()),
        ) else {
            return Ok(());
        };
        let body = json!({
            "content": super::fit(notification.text.clone()),
            "components": [],
            "allowed_mentions": {"parse": []},
        });
        match self
            .http
            .edit_message(channel.into(), message.into(), &body, Vec::new())
            .await
        {
            Ok(_) => Ok(()),
            Err(err) => match failure("editing an expired challenge", &err) {
                Failure::Retry(why) => Err(Failure::Retry(why)),
                Failure::GiveUp(why) => {
                    tracing::warn!(match_id = id.0, error = %why, "an expired challenge's message was not edited");
                    Ok(())
                }
            },
        }
    }

    /// The move components of a channel's vote whose voters are to move.
    async fn vote_components(
        &self,
        notification: &Notification,
    ) -> Option<Vec<serenity::all::CreateActionRow>> {
        let id = notification.match_id?;
        let service = self.service.clone();
        let (match_ref, legal, locale) = tokio::task::spawn_blocking(move || service.open_vote(id))
            .await
            .ok()
            .flatten()?;
        let labels = crate::Adapter::labels(locale);
        let rows = crate::components::move_components(
            match_ref.game,
            match_ref.id,
            crate::clicks::stamp(match_ref),
            &legal,
            &labels,
        );
        (!rows.is_empty()).then_some(rows)
    }

    /// The thread a notification's match is played in, if it has one.
    async fn thread_of(&self, notification: &Notification) -> Option<u64> {
        let id = notification.match_id?;
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.post_of(id).thread)
            .await
            .ok()
            .flatten()
            .and_then(|thread| discord_id(thread.local_on(Platform::Discord)))
    }

    async fn send(&self, notification: &Notification) -> Result<(), Failure> {
        if notification.key == "challenge-expired" {
            self.retire_challenge(notification).await?;
        }
        let (channel, direct) = match &notification.recipient {
            // A match with its own thread is told there.
            Recipient::Channel { channel } => match self.thread_of(notification).await {
                Some(thread) => (thread, false),
                None => (channel_id(channel)?, false),
            },
            Recipient::Direct { user } => (self.dm_channel(user_id(user)?).await?, true),
        };
        let mut body = body(notification, direct);
        if notification.key == "vote-played" {
            // A channel's vote goes on: the post that tells the closed turn offers the next
            // turn's moves to click, as the board did.
            if let Some(rows) = self.vote_components(notification).await {
                body["components"] = json!(rows);
            }
        }
        self.http
            .send_message(DiscordChannel::new(channel), Vec::new(), &body)
            .await
            .map(drop)
            .map_err(|err| failure("posting a notification", &err))
    }
}

fn channel_id(channel: &ChannelId) -> Result<u64, Failure> {
    discord_id(channel.local_on(Platform::Discord))
        .filter(|id| *id > 0)
        .ok_or_else(|| Failure::GiveUp(format!("{channel} is not a Discord channel")))
}

fn user_id(user: &UserId) -> Result<u64, Failure> {
    discord_id(user.local_on(Platform::Discord))
        .filter(|id| *id > 0)
        .ok_or_else(|| Failure::GiveUp(format!("{user} is not a Discord user")))
}

impl Notifier for DiscordNotifier {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        let sent = self.runtime.block_on(async {
            tokio::time::timeout(DELIVERY_DEADLINE, self.send(notification))
                .await
                .unwrap_or_else(|_| Err(Failure::Retry(too_slow())))
        });
        match sent {
            Ok(()) => {
                tracing::info!(id = %notification.id, key = %notification.key, "notification delivered");
                Ok(())
            }
            Err(Failure::Retry(why)) => Err(DeliveryError::Transient(why)),
            // The scheduler moves it to the dead letters with one log line.
            Err(Failure::GiveUp(why)) => Err(DeliveryError::Permanent(why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lalao_app::ids::{MatchId, Platform};

    fn notification(recipient: Recipient, text: &str) -> Notification {
        Notification {
            v: 1,
            id: "outbox/00000000000000003600/m00000000000000000001/deadline/000".to_owned(),
            recipient,
            key: "timeout-flagged".to_owned(),
            text: text.to_owned(),
            mentions: vec![UserId::new(Platform::Discord, "1300000000000000502")],
            match_id: Some(MatchId(1)),
            due: 3600,
            fired: 3600,
            lease: None,
        }
    }

    #[test]
    fn channel_notifications_ping_exactly_the_people_they_name() {
        let channel = Recipient::Channel {
            channel: ChannelId::new(Platform::Discord, "1300000000000000200"),
        };
        let plain = body(&notification(channel.clone(), "Time is up in #1."), false);
        assert_eq!(plain["content"], "<@1300000000000000502> Time is up in #1.");
        assert_eq!(
            plain["allowed_mentions"],
            json!({"parse": [], "users": ["1300000000000000502"]})
        );
        assert_eq!(plain["enforce_nonce"], true);
        let nonce = plain["nonce"].as_str().unwrap();
        assert!(nonce.len() <= 25, "{nonce}");
        // The same outbox entry always gets the same nonce; another entry another one.
        let again = body(&notification(channel.clone(), "Time is up in #1."), false);
        assert_eq!(again["nonce"], plain["nonce"]);
        let mut other = notification(channel.clone(), "x");
        other.id.push('1');
        assert_ne!(body(&other, false)["nonce"], plain["nonce"]);
        // A text that already mentions the player is not prefixed twice.
        let named = body(
            &notification(channel, "<@1300000000000000502>, it is your turn."),
            false,
        );
        assert_eq!(named["content"], "<@1300000000000000502>, it is your turn.");
    }

    #[test]
    fn direct_messages_ping_nobody() {
        let direct = Recipient::Direct {
            user: UserId::new(Platform::Discord, "1300000000000000502"),
        };
        let dm = body(&notification(direct, "Your turn in #1."), true);
        assert_eq!(dm["content"], "Your turn in #1.");
        assert_eq!(dm["allowed_mentions"], json!({"parse": [], "users": []}));
    }

    #[test]
    fn ids_of_other_platforms_are_not_deliverable() {
        assert_eq!(channel_id(&ChannelId::new(Platform::Discord, "42")), Ok(42));
        assert!(matches!(
            channel_id(&ChannelId::new(Platform::Console, "local")),
            Err(Failure::GiveUp(_))
        ));
        assert!(matches!(
            user_id(&UserId::new(Platform::Matrix, "@ana:example.org")),
            Err(Failure::GiveUp(_))
        ));
    }
}
