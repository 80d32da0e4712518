//! The people of the Matrix tests: real matrix-sdk clients (with their own devices, so they
//! read and write encrypted rooms) that remember every event they saw, decrypted.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::TimelineEventKind;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::message::RoomMessageEventContent;
use matrix_sdk::ruma::events::{InitialStateEvent, Mentions};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::Client;
use serde_json::Value;
use tokio::task::JoinHandle;

/// Generous: the machine is shared and Synapse may be restarting.
pub const DEADLINE: Duration = Duration::from_secs(90);

/// One event as a person's client saw it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub room_id: String,
    pub event_id: String,
    pub sender: String,
    /// Arrived encrypted (and was decrypted by the person's device).
    pub encrypted: bool,
    /// The event's JSON, decrypted.
    pub json: Value,
}

impl Seen {
    pub fn content(&self) -> &Value {
        &self.json["content"]
    }

    pub fn kind(&self) -> &str {
        self.json["type"].as_str().unwrap_or_default()
    }

    /// `m.replace` target, for edits.
    pub fn replaces(&self) -> Option<&str> {
        let relation = &self.content()["m.relates_to"];
        (relation["rel_type"] == "m.replace")
            .then(|| relation["event_id"].as_str())
            .flatten()
    }

    /// The user ids in `m.mentions`.
    pub fn mentions(&self) -> Vec<String> {
        self.content()["m.mentions"]["user_ids"]
            .as_array()
            .map(|ids| {
                ids.iter()
                    .filter_map(|id| id.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The body a client shows: an edit's new content, else the content.
    pub fn shown(&self) -> &Value {
        if self.replaces().is_some() {
            &self.content()["m.new_content"]
        } else {
            self.content()
        }
    }

    pub fn body(&self) -> &str {
        self.shown()["body"].as_str().unwrap_or_default()
    }

    pub fn html(&self) -> &str {
        self.shown()["formatted_body"].as_str().unwrap_or_default()
    }

    pub fn msgtype(&self) -> &str {
        self.shown()["msgtype"].as_str().unwrap_or_default()
    }

    /// The event this message replies to.
    pub fn in_reply_to(&self) -> Option<&str> {
        self.content()["m.relates_to"]["m.in_reply_to"]["event_id"].as_str()
    }
}

pub struct Person {
    pub client: Client,
    pub user_id: OwnedUserId,
    pub name: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    sync: JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Drop for Person {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Person {
    /// Logs `name` in (registered beforehand) with a fresh device and starts syncing.
    pub async fn login(homeserver: &str, name: &str, password: &str) -> Person {
        let dir = tempfile::tempdir().unwrap();
        let client = Client::builder()
            .homeserver_url(homeserver)
            .sqlite_store(dir.path(), None)
            .build()
            .await
            .unwrap();
        client
            .matrix_auth()
            .login_username(name, password)
            .initial_device_display_name(&format!("{name}'s phone"))
            .send()
            .await
            .unwrap();
        let user_id = client.user_id().unwrap().to_owned();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sync = tokio::spawn(sync_loop(client.clone(), seen.clone()));
        Person {
            client,
            user_id,
            name: name.to_owned(),
            seen,
            sync,
            _dir: dir,
        }
    }

    pub fn id(&self) -> &str {
        self.user_id.as_str()
    }

    /// Creates a room (encrypted or not) and invites people.
    pub async fn create_room(&self, invite: &[&str], encrypted: bool) -> OwnedRoomId {
        let mut request = CreateRoom::new();
        request.invite = invite.iter().map(|id| UserId::parse(*id).unwrap()).collect();
        request.preset = Some(RoomPreset::PrivateChat);
        if encrypted {
            request.initial_state = vec![InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any()];
        }
        self.client
            .create_room(request)
            .await
            .unwrap()
            .room_id()
            .to_owned()
    }

    /// A room where only moderators may post messages (`events_default: 50`): the bot,
    /// invited, may join and read but not answer.
    pub async fn create_read_only_room(&self, invite: &[&str]) -> OwnedRoomId {
        let mut request = CreateRoom::new();
        request.invite = invite.iter().map(|id| UserId::parse(*id).unwrap()).collect();
        request.preset = Some(RoomPreset::PrivateChat);
        request.power_level_content_override = Some(
            Raw::new(&serde_json::json!({ "events_default": 50 }))
                .unwrap()
                .cast_unchecked(),
        );
        self.client
            .create_room(request)
            .await
            .unwrap()
            .room_id()
            .to_owned()
    }

    /// Changes this person's display name (the name the bot learns from their commands).
    pub async fn set_display_name(&self, name: &str) {
        self.client.account().set_display_name(Some(name)).await.unwrap();
    }

    /// A direct-message room with one user (encrypted, as clients make them).
    pub async fn create_dm(&self, user: &str) -> OwnedRoomId {
        let user = UserId::parse(user).unwrap();
        self.client.create_dm(&user).await.unwrap().room_id().to_owned()
    }

    /// Invites `user` into a room this person is in.
    pub async fn invite(&self, room_id: &RoomId, user: &str) {
        let user = UserId::parse(user).unwrap();
        self.room(room_id).invite_user_by_id(&user).await.unwrap();
    }

    /// Joins once the invite has arrived.
    pub async fn join(&self, room_id: &RoomId) {
        let started = Instant::now();
        loop {
            if let Some(room) = self.client.get_room(room_id) {
                if room.join().await.is_ok() {
                    return;
                }
            }
            assert!(
                started.elapsed() < DEADLINE,
                "{} could not join {room_id}",
                self.name
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Joins the first room this person is invited to (the direct room the bot opens).
    pub async fn accept_invite(&self) -> OwnedRoomId {
        let started = Instant::now();
        loop {
            if let Some(room) = self.client.invited_rooms().into_iter().next() {
                if room.join().await.is_ok() {
                    return room.room_id().to_owned();
                }
            }
            assert!(started.elapsed() < DEADLINE, "{} was never invited", self.name);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn room(&self, room_id: &RoomId) -> matrix_sdk::Room {
        self.client.get_room(room_id).expect("a known room")
    }

    pub async fn send(&self, room_id: &RoomId, text: &str) -> OwnedEventId {
        self.send_content(room_id, RoomMessageEventContent::text_plain(text))
            .await
    }

    /// A message whose HTML carries pills (and whose `m.mentions` names those users).
    pub async fn send_with_pills(
        &self,
        room_id: &RoomId,
        plain: &str,
        html: &str,
        mentioned: &[&str],
    ) -> OwnedEventId {
        let mentions = Mentions::with_user_ids(mentioned.iter().map(|id| UserId::parse(*id).unwrap()));
        let content = RoomMessageEventContent::text_html(plain, html).add_mentions(mentions);
        self.send_content(room_id, content).await
    }

    pub async fn send_content(&self, room_id: &RoomId, content: RoomMessageEventContent) -> OwnedEventId {
        let started = Instant::now();
        loop {
            match self.room(room_id).send(content.clone()).await {
                Ok(result) => return result.response.event_id,
                Err(err) => {
                    assert!(
                        started.elapsed() < DEADLINE,
                        "{} could not send: {err}",
                        self.name
                    );
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
    }

    pub async fn react(&self, room_id: &RoomId, event_id: &str, key: &str) -> OwnedEventId {
        let content =
            ReactionEventContent::new(Annotation::new(event_id.try_into().unwrap(), key.to_owned()));
        self.room(room_id).send(content).await.unwrap().response.event_id
    }

    /// Sets a room state event (as a moderator would in a client's developer tools).
    pub async fn set_state(&self, room_id: &RoomId, event_type: &str, content: Value) {
        self.room(room_id)
            .send_state_event_raw(event_type, "", content)
            .await
            .unwrap();
    }

    /// Everything seen so far in a room, in timeline order.
    pub fn seen(&self, room_id: &RoomId) -> Vec<Seen> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|seen| seen.room_id == room_id.as_str())
            .cloned()
            .collect()
    }

    /// Waits until a new event from `sender` (seen after `after` events of the room) matches.
    pub async fn wait_for(
        &self,
        room_id: &RoomId,
        after: usize,
        what: &str,
        matches: impl Fn(&Seen) -> bool,
    ) -> Seen {
        let started = Instant::now();
        loop {
            if let Some(found) = self.seen(room_id).into_iter().skip(after).find(&matches) {
                return found;
            }
            assert!(
                started.elapsed() < DEADLINE,
                "{} waited in vain for {what}; saw: {:#?}",
                self.name,
                self.seen(room_id)
                    .iter()
                    .skip(after)
                    .map(|seen| (
                        seen.sender.clone(),
                        seen.kind().to_owned(),
                        seen.body().to_owned()
                    ))
                    .collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// How many events of the room were seen: a mark for [`Person::wait_for`].
    pub fn mark(&self, room_id: &RoomId) -> usize {
        self.seen(room_id).len()
    }
}

/// Syncs for ever, keeping every timeline event; retries while the homeserver is away.
async fn sync_loop(client: Client, seen: Arc<Mutex<Vec<Seen>>>) {
    let mut token: Option<String> = None;
    loop {
        let mut settings = SyncSettings::default().timeout(Duration::from_secs(10));
        if let Some(token) = &token {
            settings = settings.token(token.clone());
        }
        let response = match client.sync_once(settings).await {
            Ok(response) => response,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        for (room_id, update) in &response.rooms.joined {
            for event in &update.timeline.events {
                let encrypted = matches!(
                    event.kind,
                    TimelineEventKind::Decrypted(_) | TimelineEventKind::UnableToDecrypt { .. }
                );
                let Ok(json) = event.raw().deserialize_as::<Value>() else {
                    continue;
                };
                seen.lock().unwrap().push(Seen {
                    room_id: room_id.to_string(),
                    event_id: json["event_id"].as_str().unwrap_or_default().to_owned(),
                    sender: json["sender"].as_str().unwrap_or_default().to_owned(),
                    encrypted,
                    json,
                });
            }
        }
        token = Some(response.next_batch);
    }
}

/// The match id (`#12`) a bot message names first.
pub fn match_id(body: &str) -> String {
    body.split_whitespace()
        .find(|word| word.starts_with('#'))
        .expect("a match id")
        .trim_end_matches([':', '.', ',', '!'])
        .to_owned()
}
