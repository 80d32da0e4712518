//! Showing replies: messages, the match's board (edited in place or posted anew), direct
//! messages, and the one send everything goes through. These run on the destination's send
//! queue (see [`crate::delivery`]), never in the sync loop.

use super::*;
use crate::delivery::Txns;
use crate::outbound::{split_for_budget, MESSAGE_BUDGET};
use crate::outgoing::Outgoing;
use lalao_renderer::Picture;
use matrix_sdk::ruma::events::room::message::{FileInfo, FileMessageEventContent, ImageMessageEventContent};
use matrix_sdk::ruma::events::room::{ImageInfo, MediaSource};

impl Adapter {
    /// Queues `reply` on its destination's send queue: the command's room, the room the
    /// reply names, or the user's direct room. Never waits.
    pub(super) fn queue_reply(
        self: &Arc<Self>,
        room: &Room,
        command: Option<&EventId>,
        reply: Outgoing,
        mut txns: Txns,
    ) {
        let this = self.clone();
        match reply {
            Outgoing::InRoom { room_id, reply } => {
                let target = RoomId::parse(&room_id)
                    .ok()
                    .and_then(|room_id| self.client.get_room(&room_id))
                    .filter(|room| room.state() == RoomState::Joined);
                match target {
                    Some(target) => self.queue_reply(&target, None, *reply, txns),
                    None => warn!(room = %room_id, "a reply for a room the bot is not in; dropped"),
                }
            }
            Outgoing::Direct {
                user_id,
                text,
                board,
                document,
            } => {
                let destination = Destination::Direct(user_id.clone());
                let asked_in = room.clone();
                self.delivery.enqueue(destination, async move {
                    let body = crate::outbound::direct_text(&text, board.as_ref());
                    let Some(direct) = this.send_direct(&user_id, &asked_in, body, &mut txns).await else {
                        return;
                    };
                    // The file follows its note, in the same direct room.
                    if let Some(document) = document {
                        if let Some(content) = this.file_content(&direct, &document).await {
                            this.send(&direct, content, txns.next()).await;
                        }
                    }
                });
            }
            Outgoing::Board(board) => {
                let room = room.clone();
                let destination = Destination::Room(room.room_id().to_string());
                self.delivery.enqueue(destination, async move {
                    this.show_board(&room, &board, &mut txns).await
                });
            }
            Outgoing::Text {
                text,
                board,
                mentions,
                challenge,
                picture,
                animation,
                document,
            } => {
                let room = room.clone();
                let command = command.map(ToOwned::to_owned);
                let destination = Destination::Room(room.room_id().to_string());
                self.delivery.enqueue(destination, async move {
                    let reply = (text.as_str(), board, mentions.as_slice(), challenge);
                    this.show_text(&room, command.as_deref(), reply, &mut txns).await;
                    // The board's picture follows its text, answering the same command.
                    if let Some(picture) = picture {
                        let content = this.picture_content(&room, &picture).await;
                        if let Some(content) = content {
                            match command.as_deref() {
                                Some(command) => this.reply_to(&room, command, content, txns.next()).await,
                                None => this.send(&room, content, txns.next()).await,
                            };
                        }
                    }
                    // So does a whole game's animation, drawn now, in this room's queue.
                    let animation = match animation {
                        Some(animation) => animation.draw().await,
                        None => None,
                    };
                    if let Some(animation) = animation {
                        let image = Image {
                            bytes: &animation.gif,
                            mime: &mime::IMAGE_GIF,
                            width: animation.width,
                            height: animation.height,
                            alt: &animation.alt,
                            filename: &animation.filename,
                        };
                        if let Some(content) = this.image_content(&room, image).await {
                            match command.as_deref() {
                                Some(command) => this.reply_to(&room, command, content, txns.next()).await,
                                None => this.send(&room, content, txns.next()).await,
                            };
                        }
                    }
                    if let Some(document) = document {
                        if let Some(content) = this.file_content(&room, &document).await {
                            match command.as_deref() {
                                Some(command) => this.reply_to(&room, command, content, txns.next()).await,
                                None => this.send(&room, content, txns.next()).await,
                            };
                        }
                    }
                });
            }
        }
    }

    /// A text answer, with the board that illustrates it. A text too long for one Matrix
    /// event goes out as several messages, in order, each answering the command.
    pub(super) async fn show_text(
        &self,
        room: &Room,
        command: Option<&EventId>,
        (text, board, mentions, challenge): (&str, Option<lalao_renderer::Board>, &[Player], Option<String>),
        txns: &mut Txns,
    ) {
        let board_weight = board
            .as_ref()
            .map_or(0, |board| board.plain.len() + board.html.len());
        let budget = MESSAGE_BUDGET
            .saturating_sub(board_weight)
            .max(MESSAGE_BUDGET / 2);
        let pieces = split_for_budget(text, budget);
        let last = pieces.len() - 1;
        for (n, piece) in pieces.into_iter().enumerate() {
            // The people mentioned appear as pills where the text names them (in the first
            // piece: a long text is a list, mentioning nobody).
            let mentioned = if n == 0 { mentions } else { &[] };
            let mut body = crate::notifier::with_pills(piece, mentioned);
            if let (true, Some(board)) = (n == last, &board) {
                body.plain = format!("{}\n\n{}", body.plain, board.plain);
                body.html = format!("<p>{}</p>\n{}", body.html, board.html);
            }
            // Notices never notify (the `.m.rule.suppress_notices` push rule): a reply that
            // must reach someone, such as a challenge, is an `m.text`.
            let content = if mentioned.is_empty() {
                RoomMessageEventContent::notice_html(body.plain, body.html)
            } else {
                RoomMessageEventContent::text_html(body.plain, body.html).add_mentions(mentions_of(mentioned))
            };
            let sent = match command {
                Some(command) => self.reply_to(room, command, content, txns.next()).await,
                None => self.send(room, content, txns.next()).await,
            };
            if let (0, Some(sent), Some(match_id)) = (n, sent, &challenge) {
                let marker = Marker::Challenge {
                    match_id: match_id.clone(),
                };
                self.store.set_marker(sent.as_str(), &marker).await;
            }
        }
    }

    pub(super) async fn board_updates(&self, room: &Room) -> BoardMode {
        let chosen = room
            .get_state_event(StateEventType::from(ROOM_SETTINGS_EVENT), "")
            .await
            .ok()
            .flatten()
            .and_then(|raw| match raw {
                matrix_sdk::deserialized_responses::RawAnySyncOrStrippedState::Sync(raw) => {
                    serde_json::from_str::<serde_json::Value>(raw.json().get()).ok()
                }
                _ => None,
            })
            .and_then(|event| {
                event["content"]["board_updates"]
                    .as_str()
                    .and_then(BoardMode::from_id)
            });
        chosen.unwrap_or(self.config.board_updates)
    }

    pub(super) async fn show_board(&self, room: &Room, board: &BoardReply, txns: &mut Txns) {
        let mut board = board.clone();
        // The name the room shows now, rather than the one the core remembered.
        if let Some(player) = &mut board.to_move {
            if let Ok(user) = UserId::parse(&player.user_id) {
                player.name = self.display_name(room, &user).await;
            }
        }
        let text = board_message(&board);
        let mut mentioned = board.also_mention.clone();
        mentioned.extend(board.to_move.clone());
        let mentions = mentions_of(&mentioned);
        let content = RoomMessageEventContent::text_html(text.plain, text.html);
        let room_id = room.room_id().as_str();
        let existing = match self.board_updates(room).await {
            BoardMode::Edit => self.store.board(room_id, &board.match_id).await,
            BoardMode::New => None,
        };
        let edited = existing.is_some();
        match existing.and_then(|id| OwnedEventId::try_from(id).ok()) {
            Some(original) => {
                // Mentions in an edit notify only when they are new to the edit chain, unless
                // the metadata carries none: then the player to move is notified every turn.
                let content = content
                    .add_mentions(mentions)
                    .make_replacement(ReplacementMetadata::new(original, None));
                self.send(room, content, txns.next()).await;
            }
            None => {
                let content = content.add_mentions(mentions);
                if let Some(sent) = self.send(room, content, txns.next()).await {
                    self.store
                        .set_board(room_id, &board.match_id, sent.as_str())
                        .await;
                    self.store
                        .set_marker(
                            sent.as_str(),
                            &Marker::Board {
                                match_id: board.match_id.clone(),
                            },
                        )
                        .await;
                }
            }
        }
        if let Some(picture) = &board.picture {
            self.show_picture(room, &board.match_id, picture, edited, txns)
                .await;
        }
    }

    /// The board's picture as an `m.image` under its text board: edited in place (a
    /// replacement whose new content is the new image) where the text board was, else posted
    /// and remembered as the match's picture in the room.
    async fn show_picture(
        &self,
        room: &Room,
        match_id: &str,
        picture: &Picture,
        edited: bool,
        txns: &mut Txns,
    ) {
        let Some(content) = self.picture_content(room, picture).await else {
            return;
        };
        let room_id = room.room_id().as_str();
        let existing = if edited {
            self.store.picture(room_id, match_id).await
        } else {
            None
        };
        match existing.and_then(|id| OwnedEventId::try_from(id).ok()) {
            Some(original) => {
                let content = content.make_replacement(ReplacementMetadata::new(original, None));
                self.send(room, content, txns.next()).await;
            }
            None => {
                if let Some(sent) = self.send(room, content, txns.next()).await {
                    self.store.set_picture(room_id, match_id, sent.as_str()).await;
                }
            }
        }
    }

    /// An `m.image` of a board picture: the PNG uploaded (encrypted first in an encrypted
    /// room, as the SDK does for attachments), its size and type in `info`, and the board's
    /// screen-reader description as `body` (with `filename` set, clients show it as the
    /// caption). `None` if the upload failed: the text board has gone out already.
    pub(super) async fn picture_content(
        &self,
        room: &Room,
        picture: &Picture,
    ) -> Option<RoomMessageEventContent> {
        let image = Image {
            bytes: &picture.png,
            mime: &mime::IMAGE_PNG,
            width: picture.width,
            height: picture.height,
            alt: &picture.alt,
            filename: crate::PICTURE_FILE,
        };
        self.image_content(room, image).await
    }

    /// An `m.file` of a document, uploaded as a picture is (encrypted in an encrypted room),
    /// its name as `body` and `filename`, its type and size in `info`. `None` if the upload
    /// failed: its note has gone out already.
    pub(super) async fn file_content(
        &self,
        room: &Room,
        document: &lalao_app::Document,
    ) -> Option<RoomMessageEventContent> {
        let mime: mime::Mime = document
            .media_type
            .parse()
            .unwrap_or(mime::APPLICATION_OCTET_STREAM);
        let source = self.upload(room, &document.bytes, &mime).await?;
        let mut info = FileInfo::new();
        info.size = UInt::new(document.bytes.len() as u64);
        info.mimetype = Some(mime.essence_str().to_owned());
        let mut content =
            FileMessageEventContent::new(document.file_name.clone(), source).info(Some(Box::new(info)));
        content.filename = Some(document.file_name.clone());
        Some(RoomMessageEventContent::new(MessageType::File(content)))
    }

    /// An `m.image` of any picture, uploaded as [`Self::picture_content`] says.
    pub(super) async fn image_content(
        &self,
        room: &Room,
        image: Image<'_>,
    ) -> Option<RoomMessageEventContent> {
        let source = self.upload(room, image.bytes, image.mime).await?;
        let mut info = ImageInfo::new();
        info.width = Some(UInt::from(image.width));
        info.height = Some(UInt::from(image.height));
        info.size = UInt::new(image.bytes.len() as u64);
        info.mimetype = Some(image.mime.essence_str().to_owned());
        let mut content =
            ImageMessageEventContent::new(image.alt.to_owned(), source).info(Some(Box::new(info)));
        content.filename = Some(image.filename.to_owned());
        Some(RoomMessageEventContent::new(MessageType::Image(content)))
    }

    /// `bytes` uploaded for `room`: encrypted first where the room is (or may be), as the SDK
    /// does for attachments. `None` if the upload failed (logged).
    async fn upload(&self, room: &Room, bytes: &[u8], mime: &mime::Mime) -> Option<MediaSource> {
        // What the sync told is enough; the homeserver is asked only when it told nothing.
        let known = room.encryption_state();
        let encrypted = if known.is_unknown() {
            match room.latest_encryption_state().await {
                Ok(state) => state.is_encrypted(),
                // Unknown: encrypt, as a room that may be private deserves.
                Err(_) => true,
            }
        } else {
            known.is_encrypted()
        };
        if encrypted {
            let mut reader = std::io::Cursor::new(bytes);
            match self.client.upload_encrypted_file(&mut reader).await {
                Ok(file) => Some(MediaSource::Encrypted(Box::new(file))),
                Err(err) => {
                    warn!(room = %room.room_id(), %err, "uploading a file failed; its text stands alone");
                    None
                }
            }
        } else {
            match self.client.media().upload(mime, bytes.to_vec(), None).await {
                Ok(uploaded) => Some(MediaSource::Plain(uploaded.content_uri)),
                Err(err) => {
                    warn!(room = %room.room_id(), %err, "uploading a file failed; its text stands alone");
                    None
                }
            }
        }
    }

    /// A private message: in the direct room with the user where they asked (one they made,
    /// perhaps beside the one the bot made), else in the existing direct room with them, or a
    /// new (encrypted) one.
    pub(super) async fn send_direct(
        &self,
        user_id: &str,
        asked_in: &Room,
        body: Text,
        txns: &mut Txns,
    ) -> Option<Room> {
        let Ok(user) = UserId::parse(user_id) else {
            warn!(%user_id, "direct message to an invalid user id");
            return None;
        };
        let here =
            is_direct(asked_in).await && matches!(asked_in.get_member_no_sync(&user).await, Ok(Some(_)));
        let room = match here {
            true => asked_in.clone(),
            false => match crate::notifier::dm_room(&self.client, &user).await {
                Ok(room) => room,
                Err(err) => {
                    warn!(%user_id, %err, "no direct room");
                    return None;
                }
            },
        };
        let content = RoomMessageEventContent::text_html(body.plain, body.html)
            .add_mentions(Mentions::with_user_ids([user]));
        self.send(&room, content, txns.next()).await;
        Some(room)
    }

    /// A notice answering `command`.
    /// A notice in reply to `anchor`, sent as the first answer to event `answering` (the
    /// command, or the edit that made it one).
    pub(super) async fn reply_notice(&self, room: &Room, anchor: &EventId, answering: &EventId, text: Text) {
        let content = RoomMessageEventContent::notice_html(text.plain, text.html);
        let txn = Txns::answering(answering.as_str(), 0).next();
        self.reply_to(room, anchor, content, txn).await;
    }

    /// Sends `content` as a rich reply to `anchor` (no fallback: spec 1.13). The reply adds no
    /// mention of its own, so the sender given to the metadata does not matter.
    pub(super) async fn reply_to(
        &self,
        room: &Room,
        anchor: &EventId,
        content: RoomMessageEventContent,
        txn: OwnedTransactionId,
    ) -> Option<OwnedEventId> {
        // A command in a thread is answered in that thread.
        let root = self
            .threads
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .get(anchor)
            .cloned();
        let thread =
            root.map(|root| matrix_sdk::ruma::events::relation::Thread::plain(root, anchor.to_owned()));
        let content = content.make_reply_to(
            ReplyMetadata::new(anchor, &self.me, thread.as_ref()),
            ForwardThread::Yes,
            AddMentions::No,
        );
        self.send(room, content, txn).await
    }

    /// Sends with one transaction id through every retry, so that a retry after a lost
    /// response (or a command delivered again after a crash: see [`Txns`]) cannot post the
    /// message twice.
    pub(super) async fn send(
        &self,
        room: &Room,
        content: RoomMessageEventContent,
        txn: OwnedTransactionId,
    ) -> Option<OwnedEventId> {
        let started = Instant::now();
        let mut delay = BACKOFF_MIN;
        let mut attempts: u32 = 1;
        loop {
            match room.send(content.clone()).with_transaction_id(txn.clone()).await {
                // The operator's one line per message: a failure ends in a WARN instead.
                Ok(result) => {
                    let outcome = if attempts == 1 { "ok" } else { "retried" };
                    info!(room = %room.room_id(), outcome, attempts, "message delivered");
                    return Some(result.response.event_id);
                }
                // A refusal for good (no permission to post, too large, unknown room) is
                // logged once: retrying it would only hold up every other room.
                Err(err) if crate::notifier::is_permanent(&err) => {
                    warn!(room = %room.room_id(), %err, "the homeserver refused the message; not retried");
                    return None;
                }
                Err(err) if started.elapsed() < SEND_DEADLINE => {
                    warn!(room = %room.room_id(), %err, ?delay, "sending failed; retrying");
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(BACKOFF_MAX);
                    attempts += 1;
                }
                Err(err) => {
                    warn!(room = %room.room_id(), %err, attempts, "sending failed; giving up");
                    return None;
                }
            }
        }
    }
}

/// A picture to upload as an `m.image`: its bytes and type, size, alt text and file name.
pub(super) struct Image<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) mime: &'a mime::Mime,
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) alt: &'a str,
    pub(super) filename: &'a str,
}
