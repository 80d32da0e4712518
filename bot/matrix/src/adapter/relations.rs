//! What a message relates to, as far as commands care: the bot message it replies to or whose
//! thread it is in (then it is a command without the prefix, and is answered in the thread),
//! and, for an edit, the message it corrects.

use serde_json::Value;

use super::*;

/// The message a command replies to, or the root of the thread it was sent in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Related {
    pub(super) target: OwnedEventId,
    pub(super) thread: bool,
}

impl Related {
    pub(super) fn of(relation: Option<&Relation<RoomMessageEventContentWithoutRelation>>) -> Option<Related> {
        match relation? {
            Relation::Reply(reply) => Some(Related {
                target: reply.in_reply_to.event_id.clone(),
                thread: false,
            }),
            Relation::Thread(thread) => Some(Related {
                target: thread.event_id.clone(),
                thread: true,
            }),
            _ => None,
        }
    }

    /// The same, read from an event's `content` as JSON (an event fetched from the server; in
    /// an encrypted room `m.relates_to` is in the clear).
    fn in_content(content: &Value) -> Option<Related> {
        let relation = content.get("m.relates_to")?;
        let id = |value: &Value| value.as_str().and_then(|id| EventId::parse(id).ok());
        if relation.get("rel_type").and_then(Value::as_str) == Some("m.thread") {
            return Some(Related {
                target: id(relation.get("event_id")?)?,
                thread: true,
            });
        }
        Some(Related {
            target: id(relation.get("m.in_reply_to")?.get("event_id")?)?,
            thread: false,
        })
    }
}

/// The message an edit corrects, as far as the edit needs it.
pub(super) struct Edited {
    pub(super) related: Option<Related>,
}

impl Adapter {
    /// Whether `related` is a message of the bot's. The replied-to event is read from the
    /// event cache or the homeserver; when it cannot be read, the message is not taken as a
    /// command (it may be chat).
    pub(super) async fn answers_bot(&self, room: &Room, related: Option<&Related>) -> bool {
        let Some(related) = related else { return false };
        match room.load_or_fetch_event(&related.target, None).await {
            Ok(event) => event
                .raw()
                .get_field::<OwnedUserId>("sender")
                .ok()
                .flatten()
                .is_some_and(|sender| sender == self.me),
            Err(err) => {
                debug!(event = %related.target, %err, "the replied-to event could not be read");
                false
            }
        }
    }

    /// The message `original` that `sender` edited, when the edit may be taken as a command:
    /// the edit is the author's own (the spec requires the same sender; the server does not
    /// check it) and the command it corrects was not applied, because it was refused or never
    /// reached the bot (no prefix, a typo in the verb). An applied command stays applied:
    /// editing it changes nothing.
    pub(super) async fn editable(&self, room: &Room, sender: &UserId, original: &EventId) -> Option<Edited> {
        let event = match room.load_or_fetch_event(original, None).await {
            Ok(event) => event,
            Err(err) => {
                debug!(event = %original, %err, "the edited event could not be read; the edit is ignored");
                return None;
            }
        };
        let author = event.raw().get_field::<OwnedUserId>("sender").ok().flatten();
        if author.as_deref() != Some(sender) {
            debug!(event = %original, "an edit by someone else than the author is ignored");
            return None;
        }
        if self.applied(original.as_str()).await {
            return None;
        }
        let content: Value = event
            .raw()
            .get_field("content")
            .ok()
            .flatten()
            .unwrap_or_default();
        Some(Edited {
            related: Related::in_content(&content),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Related;
    use matrix_sdk::ruma::event_id;

    #[test]
    fn a_relation_is_read_from_an_event_s_content() {
        let reply = json!({"m.relates_to": {"m.in_reply_to": {"event_id": "$a:x"}}});
        assert_eq!(
            Related::in_content(&reply),
            Some(Related {
                target: event_id!("$a:x").to_owned(),
                thread: false
            })
        );
        let thread = json!({"m.relates_to": {"rel_type": "m.thread", "event_id": "$root:x",
            "is_falling_back": true, "m.in_reply_to": {"event_id": "$last:x"}}});
        assert_eq!(
            Related::in_content(&thread),
            Some(Related {
                target: event_id!("$root:x").to_owned(),
                thread: true
            })
        );
        assert_eq!(Related::in_content(&json!({"body": "hi"})), None);
        assert_eq!(
            Related::in_content(&json!({"m.relates_to": {"rel_type": "m.replace", "event_id": "$b:x"}})),
            None
        );
    }
}
