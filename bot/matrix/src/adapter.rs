//! The sync loop and the translation of Matrix events to commands and of replies to
//! messages.
//!
//! Delivery: the sync loop applies commands and queues their replies on the destination's
//! send queue ([`crate::delivery`]); it never waits for a send. The adapter saves its own sync
//! position only after every event of a sync response has been handled and answered. A crash in between makes the homeserver deliver
//! those events again on the next start, and the core's at-most-once rule on event ids turns
//! that into exactly once. A fresh login skips the rooms' history: old commands are never
//! replayed.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lalao_config::{BoardMode, MatrixConfig};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::{TimelineEvent, TimelineEventKind};
use matrix_sdk::ruma::api::client::filter::{FilterDefinition, RoomEventFilter, RoomFilter};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::events::reaction::OriginalSyncReactionEvent;
use matrix_sdk::ruma::events::room::encrypted::OriginalSyncRoomEncryptedEvent;
use matrix_sdk::ruma::events::room::message::{
    AddMentions, ForwardThread, MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
    ReplacementMetadata, ReplyMetadata, RoomMessageEventContent, RoomMessageEventContentWithoutRelation,
};
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncStateEvent, AnySyncTimelineEvent, Mentions, StateEventType,
    SyncMessageLikeEvent, SyncStateEvent,
};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{
    EventId, Int, OwnedEventId, OwnedRoomId, OwnedTransactionId, OwnedUserId, RoomId, TransactionId, UInt,
    UserId,
};
use matrix_sdk::sync::SyncResponse;
use matrix_sdk::{Client, Room, RoomDisplayName, RoomState};
use tokio::sync::Mutex;
use tracing::{debug, info, info_span, warn, Instrument};

use super::delivery::{Delivery, Destination, Txns};
use super::inbound::{command_text, BotIdentity, Message};
use super::outbound::{board_message, plain_text, sentence_with_pill, BoardReply, Player, Text};
use super::session_records::{Marker, Store};
use super::Error;
use lalao_app::i18n::t as tr;

/// The sync loop, as `/readyz` names it.
const SYNC_PART: &str = "matrix sync";
/// Time a sync may take over its long poll (handling a busy response) before `/readyz` calls
/// the loop stuck.
const SYNC_MARGIN: Duration = Duration::from_secs(60);

/// A room state event (state key `""`) through which a room's moderators choose how boards
/// follow the play: `{"board_updates": "edit"}` or `{"board_updates": "new"}`.
pub const ROOM_SETTINGS_EVENT: &str = "org.lalao.room";
/// Accepts a challenge, confirms a resignation.
pub const REACTION_ACCEPT: &str = "✅";
/// On a board: asks to resign (confirmed by ✅ on the bot's question).
pub const REACTION_RESIGN: &str = "🏳️";

/// How many events of a room one sync may return before the homeserver leaves a gap: enough
/// for the commands of a busy room while the bot was away.
const TIMELINE_LIMIT: u32 = 100;
/// Long-poll duration of one sync, unless `LALAO_MATRIX_SYNC_TIMEOUT_MS` says otherwise.
pub(crate) const SYNC_TIMEOUT: Duration = Duration::from_secs(30);
/// Backoff bounds while the homeserver is unreachable.
const BACKOFF_MIN: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(5);
mod commands;
mod people;
mod relations;
mod replies;

pub use commands::Observer;
use commands::Said;
use lalao_app::Service;
use lalao_renderer::{Locale, PictureCache};
use relations::Related;

/// How long a reply keeps being retried (the move it confirms is already applied). Only its
/// own room's queue waits meanwhile.
const SEND_DEADLINE: Duration = Duration::from_secs(15 * 60);
/// How long an undecryptable command waits for its room key.
const UTD_PATIENCE: Duration = Duration::from_secs(120);

/// An encrypted event whose key had not arrived yet.
struct Undecrypted {
    room_id: OwnedRoomId,
    event: Raw<OriginalSyncRoomEncryptedEvent>,
    since: Instant,
}

pub struct Adapter {
    client: Client,
    config: MatrixConfig,
    /// How long the homeserver may hold one sync open when it has nothing to say.
    sync_timeout: Duration,
    /// The application every command goes to.
    service: Arc<Service>,
    /// Board pictures drawn lately: a board shown again is drawn once.
    pictures: Arc<PictureCache>,
    /// Told of each command as it goes to the application (tests).
    observer: Option<Observer>,
    store: Store,
    delivery: Arc<Delivery>,
    me: OwnedUserId,
    identity: BotIdentity,
    undecrypted: Mutex<Vec<Undecrypted>>,
    /// Called once the first sync response is handled (the rooms are known then).
    synced: std::sync::Mutex<Option<Box<dyn FnOnce() + Send>>>,
    /// Commands sent in a thread, by event id, with the thread's root: their answers go in the
    /// same thread. Kept for the few seconds a command takes; cleared past a bound.
    threads: std::sync::Mutex<std::collections::HashMap<OwnedEventId, OwnedEventId>>,
    /// Rooms whose join (and welcome) is queued or under way: an invite seen again in the
    /// next sync, before the join has gone through, is not joined and welcomed twice.
    joining: std::sync::Mutex<std::collections::HashSet<OwnedRoomId>>,
}

/// How long a room stays in `joining` after its join: longer than a sync takes to come back.
const JOIN_REMEMBERED: Duration = Duration::from_secs(60);

/// How many threaded commands are remembered before the memory is cleared.
const THREADS_REMEMBERED: usize = 1024;

/// Strips the emoji presentation selector: clients send ✅ and ✅︎ alike.
/// Whether `room` is a private conversation between one person and the bot: marked direct (by
/// the invite, `m.direct`) and with at most two members, joined or invited. A "direct" room that
/// others were invited into is a group: its members are not all moderators, its lines are not all
/// commands, and what is said in it is not secret.
async fn is_direct(room: &Room) -> bool {
    if !room.is_direct().await.unwrap_or(false) {
        return false;
    }
    // The sync summary's counts (sent with lazy-loaded members) or the members in the local
    // state store (full state otherwise), whichever knows more; unknown is not direct.
    let stored = match room.members_no_sync(matrix_sdk::RoomMemberships::ACTIVE).await {
        Ok(members) => members.len() as u64,
        Err(_) => return false,
    };
    room.active_members_count().max(stored) <= 2
}

fn reaction_key(key: &str) -> &str {
    key.trim_end_matches('\u{FE0F}')
}

/// How many board pictures the adapter keeps (about 30–60 KB each).
const PICTURES_CACHED: usize = 256;

impl Adapter {
    pub async fn new(
        client: Client,
        config: MatrixConfig,
        sync_timeout: Duration,
        (service, observer): (Arc<Service>, Option<Observer>),
    ) -> Adapter {
        let me = client.user_id().expect("a logged-in client").to_owned();
        let display_name = client.account().get_display_name().await.ok().flatten();
        let identity = BotIdentity::new(me.as_str(), display_name.as_deref());
        Adapter {
            store: Store::new(client.clone()),
            delivery: Delivery::new(Store::new(client.clone())),
            client,
            config,
            sync_timeout,
            service,
            pictures: Arc::new(PictureCache::new(PICTURES_CACHED)),
            observer,
            me,
            identity,
            undecrypted: Mutex::new(Vec::new()),
            synced: std::sync::Mutex::new(None),
            threads: std::sync::Mutex::new(std::collections::HashMap::new()),
            joining: std::sync::Mutex::new(std::collections::HashSet::new()),
        }
    }

    /// `synced` is called once the first sync response has been handled.
    pub fn on_first_sync(&self, synced: impl FnOnce() + Send + 'static) {
        *self.synced.lock().unwrap_or_else(|poison| poison.into_inner()) = Some(Box::new(synced));
    }

    fn first_sync_done(&self) {
        let synced = self
            .synced
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .take();
        if let Some(synced) = synced {
            synced();
        }
    }

    /// Lets the send queues finish for at most `patience`, then stops them.
    pub async fn close(&self, patience: Duration) {
        self.delivery.close(patience).await;
    }

    fn settings(&self, token: Option<&str>) -> SyncSettings {
        let mut timeline = RoomEventFilter::default();
        timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
        let mut room = RoomFilter::default();
        room.timeline = timeline;
        let mut filter = FilterDefinition::default();
        filter.room = room;
        let settings = SyncSettings::default()
            .filter(Filter::FilterDefinition(filter))
            .timeout(self.sync_timeout);
        match token {
            Some(token) => settings.token(token),
            None => settings,
        }
    }

    /// Syncs until `shutdown` resolves or a fatal error. A shutdown only ends a sync that is
    /// waiting for the homeserver: a response being handled is finished and its position
    /// saved first, so a clean stop never leaves an event to be delivered again.
    pub async fn sync_forever(
        self: &Arc<Self>,
        mut shutdown: Pin<&mut impl Future<Output = ()>>,
    ) -> Result<(), Error> {
        let mut token = self.store.sync_token().await;
        if token.is_some() {
            // A restart: the client's store knows the rooms already, so overdue notifications
            // go out now rather than after the first long poll (up to 30 s in a quiet room).
            self.first_sync_done();
        } else {
            // First start with this session: take the rooms as they are now, without acting
            // on their history.
            let response = tokio::select! {
                response = self.sync_once(None) => response?,
                () = shutdown.as_mut() => return Ok(()),
            };
            self.handle_invites(&response).await;
            self.delivery.batch_handled(&response.next_batch).await;
            info!("first Matrix sync done; history skipped");
            token = Some(response.next_batch);
            self.first_sync_done();
        }
        loop {
            let response = tokio::select! {
                response = self.sync_once(token.as_deref()) => response?,
                () = shutdown.as_mut() => return Ok(()),
            };
            self.handle_response(&response).await;
            self.delivery.batch_handled(&response.next_batch).await;
            // Per sync, hence DEBUG: an idle bot syncs twice a minute for ever.
            debug!(
                rooms = response.rooms.joined.len(),
                invites = response.rooms.invited.len(),
                "sync handled"
            );
            token = Some(response.next_batch);
            self.first_sync_done();
        }
    }

    /// One sync, retried with backoff while the homeserver is unreachable.
    async fn sync_once(&self, token: Option<&str>) -> Result<SyncResponse, Error> {
        let mut delay = BACKOFF_MIN;
        loop {
            // A long poll lasts the sync timeout at most: a sync loop heard from within it and
            // a minute more runs.
            let within = self.sync_timeout + SYNC_MARGIN;
            match self.client.sync_once(self.settings(token)).await {
                Ok(response) => {
                    self.service.health().connected(SYNC_PART, true, within);
                    return Ok(response);
                }
                Err(err) => {
                    self.service.health().connected(SYNC_PART, false, within);
                    if matches!(err.client_api_error_kind(), Some(ErrorKind::UnknownToken(_))) {
                        return Err(Error::Client("the access token was revoked; log in again".into()));
                    }
                    warn!(%err, ?delay, "Matrix sync failed; retrying");
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(BACKOFF_MAX);
                }
            }
        }
    }

    async fn handle_response(self: &Arc<Self>, response: &SyncResponse) {
        self.handle_invites(response).await;
        self.retry_undecrypted().await;
        for (room_id, update) in &response.rooms.joined {
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            for event in &update.timeline.events {
                self.handle_timeline_event(&room, event).await;
            }
            // Alone in a room nobody can play in: leave it.
            if room.state() == RoomState::Joined
                && room.joined_members_count() == 1
                && !update.timeline.events.is_empty()
            {
                info!(room = %room_id, "everyone else left; leaving");
                let room = room.clone();
                self.delivery
                    .enqueue(Destination::Room(room_id.to_string()), async move {
                        if let Err(err) = room.leave().await {
                            warn!(room = %room.room_id(), %err, "leaving an empty room failed");
                        }
                    });
            }
        }
    }

    async fn handle_invites(self: &Arc<Self>, response: &SyncResponse) {
        for room_id in response.rooms.invited.keys() {
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            let inviter = match room.invite_details().await {
                Ok(invite) => invite.inviter_id,
                Err(err) => {
                    warn!(room = %room_id, %err, "invite without details; ignored");
                    continue;
                }
            };
            if !self.config.allows_inviter(inviter.as_str()) {
                info!(room = %room_id, %inviter, "declining an invite from outside the allowed inviters");
                if let Err(err) = room.leave().await {
                    warn!(room = %room_id, %err, "declining the invite failed");
                }
                continue;
            }
            let first = self
                .joining
                .lock()
                .unwrap_or_else(|poison| poison.into_inner())
                .insert(room_id.clone());
            if !first {
                continue;
            }
            info!(room = %room_id, %inviter, "joining on invite");
            let this = self.clone();
            self.delivery
                .enqueue(Destination::Room(room_id.to_string()), async move {
                    let joined = this.join(&room).await;
                    // A sync computed before the join may still list the invite: forget the
                    // room only a while later (a re-invite after a kick is honoured then).
                    let (forget, room_id) = (this.clone(), room.room_id().to_owned());
                    tokio::spawn(async move {
                        tokio::time::sleep(JOIN_REMEMBERED).await;
                        forget
                            .joining
                            .lock()
                            .unwrap_or_else(|poison| poison.into_inner())
                            .remove(&room_id);
                    });
                    if !joined {
                        return;
                    }
                    let locale = this.locale(inviter.as_str()).await;
                    let welcome = plain_text(&tr(locale, "matrix-welcome", &[]));
                    let content = RoomMessageEventContent::notice_html(welcome.plain, welcome.html);
                    this.send(&room, content, TransactionId::new()).await;
                });
        }
    }

    /// Joins, retrying a little: a homeserver may refuse a join racing its own invite.
    async fn join(&self, room: &Room) -> bool {
        let mut delay = BACKOFF_MIN;
        for _ in 0..8 {
            match room.join().await {
                Ok(()) => return true,
                Err(err) => {
                    warn!(room = %room.room_id(), %err, "joining failed; retrying");
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(BACKOFF_MAX);
                }
            }
        }
        false
    }

    async fn handle_timeline_event(self: &Arc<Self>, room: &Room, event: &TimelineEvent) {
        if let TimelineEventKind::UnableToDecrypt { event: raw, .. } = &event.kind {
            debug!(room = %room.room_id(), "undecryptable event; waiting for its key");
            self.undecrypted.lock().await.push(Undecrypted {
                room_id: room.room_id().to_owned(),
                event: raw.clone().cast_unchecked(),
                since: Instant::now(),
            });
            return;
        }
        self.handle_raw(room, event.raw()).await;
    }

    async fn handle_raw(self: &Arc<Self>, room: &Room, raw: &Raw<AnySyncTimelineEvent>) {
        let event = match raw.deserialize() {
            Ok(event) => event,
            Err(err) => {
                debug!(%err, "skipping an event that does not deserialize");
                return;
            }
        };
        if *event.sender() == *self.me {
            return;
        }
        match event {
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
                SyncMessageLikeEvent::Original(message),
            )) => self.handle_message(room, message).await,
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::Reaction(
                SyncMessageLikeEvent::Original(reaction),
            )) => self.handle_reaction(room, reaction).await,
            AnySyncTimelineEvent::State(AnySyncStateEvent::RoomMember(SyncStateEvent::Original(member))) => {
                self.handle_member(&member).await;
            }
            _ => {}
        }
    }

    /// Events whose room key arrived after them: decrypted and handled now, or dropped (with
    /// a word to their sender when they were clearly commands) once patience runs out.
    async fn retry_undecrypted(self: &Arc<Self>) {
        let pending = std::mem::take(&mut *self.undecrypted.lock().await);
        let mut still = Vec::new();
        for item in pending {
            let Some(room) = self.client.get_room(&item.room_id) else {
                continue;
            };
            match room.decrypt_event(&item.event, None).await {
                Ok(event) if !matches!(event.kind, TimelineEventKind::UnableToDecrypt { .. }) => {
                    self.handle_raw(&room, event.raw()).await;
                }
                _ if item.since.elapsed() < UTD_PATIENCE => still.push(item),
                _ => {
                    warn!(room = %item.room_id, "an encrypted event stayed undecryptable; dropped");
                }
            }
        }
        self.undecrypted.lock().await.extend(still);
    }

    async fn handle_message(self: &Arc<Self>, room: &Room, message: OriginalSyncRoomMessageEvent) {
        // An edit (`m.replace`) is read in its new content, with the relations of the message
        // it edits; it is a command only when that message's command was not applied.
        let (msgtype, mentions, related, edit_of) = match &message.content.relates_to {
            Some(Relation::Replacement(edit)) => {
                let Some(edited) = self.editable(room, &message.sender, &edit.event_id).await else {
                    return;
                };
                let new = &edit.new_content;
                (
                    &new.msgtype,
                    new.mentions.as_ref(),
                    edited.related,
                    Some(&*edit.event_id),
                )
            }
            relation => (
                &message.content.msgtype,
                message.content.mentions.as_ref(),
                Related::of(relation.as_ref()),
                None,
            ),
        };
        // Bots' notices are never commands.
        let MessageType::Text(text) = msgtype else {
            return;
        };
        let html = text
            .formatted
            .as_ref()
            .filter(|formatted| formatted.format == MessageFormat::Html)
            .map(|formatted| formatted.body.as_str());
        let mentions_bot = mentions.is_some_and(|mentions| mentions.user_ids.contains(&self.me));
        let direct = is_direct(room).await;
        let answers_bot = self.answers_bot(room, related.as_ref()).await;
        // Answers reply to the command (the edited message, for an edit).
        let anchor = edit_of.unwrap_or(&message.event_id);
        if let Some(root) = related.filter(|related| related.thread) {
            let mut threads = self.threads.lock().unwrap_or_else(|poison| poison.into_inner());
            if threads.len() >= THREADS_REMEMBERED {
                threads.clear();
            }
            threads.insert(anchor.to_owned(), root.target);
        }
        let Some(command) = command_text(
            Message {
                body: &text.body,
                html,
                mentions_bot,
                direct,
                answers_bot,
            },
            &self.identity,
        ) else {
            return;
        };
        let span = info_span!("matrix_command", room = %room.room_id(), event = %message.event_id);
        async {
            if command.eq_ignore_ascii_case("leave") {
                return self
                    .handle_leave(room, &message.sender, &message.event_id, anchor)
                    .await;
            }
            let ids = (&*message.event_id, anchor, edit_of);
            self.dispatch(room, &message.sender, ids, Said::Text(command))
                .await;
        }
        .instrument(span)
        .await
    }

    async fn display_name(&self, room: &Room, user_id: &UserId) -> String {
        match room.get_member_no_sync(user_id).await {
            Ok(Some(member)) => member.name().to_owned(),
            _ => user_id.localpart().to_owned(),
        }
    }
}

fn mentions_of(players: &[Player]) -> Mentions {
    Mentions::with_user_ids(
        players
            .iter()
            .filter_map(|player| UserId::parse(&player.user_id).ok()),
    )
}
