//! The bot core behind the adapter's [`Handler`] seam: Matrix requests become the service's
//! [`Context`] and text command, and its messages become Matrix replies.

use std::sync::Arc;

use lalao_renderer::{Locale, Picture, PictureCache};

use super::handler::{AnimatedGame, Animation, BoardReply, Handler, Player, Reply, Request};
use lalao_app::ids::{ChannelId, EventId, Platform, UserId};
use lalao_app::Service;
use lalao_app::{Audience, Context, Kind, Message, Outcome};

pub struct CoreHandler {
    service: Arc<Service>,
    /// Board pictures drawn lately: a board shown again is drawn once.
    pictures: Arc<PictureCache>,
}

/// How many board pictures the handler keeps (about 30–60 KB each).
const PICTURES_CACHED: usize = 256;

impl CoreHandler {
    pub fn new(service: Arc<Service>) -> CoreHandler {
        CoreHandler {
            service,
            pictures: Arc::new(PictureCache::new(PICTURES_CACHED)),
        }
    }
}

fn matrix_user(user: &UserId) -> Option<String> {
    user.local_on(Platform::Matrix).map(str::to_owned)
}

/// A mentioned Matrix user with the name the service knows them by (a store read: on a
/// blocking thread).
fn player(service: &Service, user: &UserId) -> Option<Player> {
    Some(Player {
        user_id: matrix_user(user)?,
        name: service.name_of(user),
    })
}

/// The reply for `message`, in the room of `channel` (the command's) or the room its audience
/// names. It reads the store (names): call it on a blocking thread.
fn reply_in(
    service: &Service,
    (message, picture, animation): Drawn,
    locale: Locale,
    channel: &ChannelId,
) -> Reply {
    match &message.audience {
        Audience::Channel(room) if room != channel => {
            let room_id = room.local().to_owned();
            Reply::InRoom {
                room_id,
                reply: Box::new(reply(service, message, (picture, animation), locale)),
            }
        }
        _ => reply(service, message, (picture, animation), locale),
    }
}

fn reply(
    service: &Service,
    mut message: Message,
    (picture, animation): (Option<Arc<Picture>>, Option<Animation>),
    locale: Locale,
) -> Reply {
    // The live page's address, as a line of its own.
    if let Some(live) = &message.live {
        message.text = format!("{}\n{}", message.text, live.line);
    }
    let mut mentions: Vec<Player> = message
        .mentions
        .iter()
        .filter_map(|user| player(service, user))
        .collect();
    let match_id = message.match_ref.map(|r| r.id.to_string());
    if let Audience::Private(user) = &message.audience {
        return Reply::Direct {
            user_id: matrix_user(user).unwrap_or_default(),
            text: message.text,
            board: message.board,
        };
    }
    match (message.kind, message.board, match_id) {
        (Kind::BoardChanged { to_move }, Some(board), Some(match_id)) => {
            let to_move = to_move.as_ref().and_then(|user| player(service, user));
            mentions.retain(|player| Some(player) != to_move.as_ref());
            Reply::Board(Box::new(BoardReply {
                match_id,
                headline: Some(message.text),
                board,
                to_move,
                also_mention: mentions,
                locale,
                picture,
            }))
        }
        (kind, board, match_id) => Reply::Text {
            text: message.text,
            board,
            mentions,
            challenge: match_id.filter(|_| matches!(kind, Kind::Challenge { .. })),
            picture,
            animation,
        },
    }
}

/// A message with its picture drawn, if it asked for one, and its whole game to animate, if
/// it is an `export … animation`.
type Drawn = (Message, Option<Arc<Picture>>, Option<Animation>);

/// Draws the pictures `messages` ask for, on the calling (blocking) thread: after the
/// service has committed and answered, so a picture never holds up a move. A whole game's
/// animation (seconds for a long game) is only ordered here: it is drawn when its reply goes
/// out, off the sync loop.
fn draw(messages: Vec<Message>, cache: &PictureCache) -> Vec<Drawn> {
    messages
        .into_iter()
        .map(|message| {
            let picture = message.picture.as_ref().map(|order| order.draw(cache));
            let animation = match &message.kind {
                Kind::Animation(order) => {
                    let order = order.clone();
                    Some(Animation::new(move || animated(&order)))
                }
                _ => None,
            };
            (message, picture, animation)
        })
        .collect()
}

/// The GIF of a whole game, or `None` (the caption goes alone) if its moves do not replay or
/// it would be larger than a homeserver is sure to take.
fn animated(order: &lalao_app::AnimationOrder) -> Option<AnimatedGame> {
    match order.draw() {
        Ok(animation) if animation.gif.len() <= lalao_renderer::GAME_ANIMATION_MAX_BYTES => {
            Some(AnimatedGame {
                gif: animation.gif,
                width: animation.width,
                height: animation.height,
                alt: animation.alt,
                filename: order.gif_name(),
            })
        }
        Ok(animation) => {
            tracing::warn!(
                match_id = order.id.0,
                bytes = animation.gif.len(),
                "a game's animation is too large to send"
            );
            None
        }
        Err(err) => {
            tracing::error!(match_id = order.id.0, error = %err, "a game's moves did not replay");
            None
        }
    }
}

/// The operator's one line for a handled command: where, who, which command and how it went
/// (never the text itself, which may name people or hold a Mangala IV coin choice).
fn log_handled(request: &Request, command: &str, outcome: Outcome) {
    let reason = match outcome {
        Outcome::Refused { reason } => Some(reason),
        _ => None,
    };
    log_command(&request.room_id, &request.sender, command, outcome.id(), reason);
}

/// The one INFO line per handled command, also for `!lalao leave`, which never reaches the core.
pub(crate) fn log_command(room: &str, user: &str, command: &str, outcome: &str, reason: Option<&str>) {
    match reason {
        Some(reason) => {
            tracing::info!(platform = "matrix", %room, %user, command, outcome, reason, "command handled")
        }
        None => tracing::info!(platform = "matrix", %room, %user, command, outcome, "command handled"),
    }
}

/// The grammar's name for the command on `line` (`play`, whichever language it was written
/// in): from the parsed command, else from its first word when the rest did not parse
/// (`move` for a move the grammar refused), else `unknown`.
pub(crate) fn command_name(line: &str) -> &'static str {
    use lalao_app::command;
    match command::parse(line, true) {
        Ok(Some(parsed)) => parsed.name(),
        _ => line
            .split_whitespace()
            .nth(1)
            .and_then(command::command_name)
            .unwrap_or("unknown"),
    }
}

impl Handler for CoreHandler {
    async fn handle(&self, request: Request) -> Vec<Reply> {
        let channel = ChannelId::new(Platform::Matrix, &request.room_id);
        let ctx = Context {
            platform: Platform::Matrix,
            user: UserId::new(Platform::Matrix, &request.sender),
            display_name: Some(request.sender_name.clone()),
            channel: channel.clone(),
            event: Some(EventId::new(
                Platform::Matrix,
                request.edit_of.as_deref().unwrap_or(&request.event_id),
            )),
            moderator: request.moderator,
            locale: None,
            private: request.direct,
            community: None,
        };
        let service = self.service.clone();
        let named = request.named.clone();
        let room_name = request.room_name.clone();
        let room = channel.clone();
        let pictures = self.pictures.clone();
        // Put back the prefix the adapter removed: the grammar then treats `!lalao` alone as
        // `help`, exactly as on the other platforms.
        let line = format!("{} {}", lalao_app::command::PREFIX, request.text);
        let command = command_name(&line);
        // The service is synchronous and flushes to disk before answering.
        let handled = tokio::task::spawn_blocking(move || {
            for player in &named {
                let user = UserId::new(Platform::Matrix, &player.user_id);
                if let Err(err) = service.remember_name(&user, &player.name) {
                    tracing::warn!(%err, "remembering a name failed");
                }
            }
            if let Some(name) = &room_name {
                if let Err(err) = service.remember_channel_name(&room, name) {
                    tracing::warn!(%err, "remembering a room's name failed");
                }
            }
            let reply = service.handle_text(&ctx, &line, true)?;
            let locale = service.locale_for(&ctx);
            let replies: Vec<Reply> = draw(reply.messages.clone(), &pictures)
                .into_iter()
                .map(|drawn| reply_in(&service, drawn, locale, &room))
                .collect();
            Some((reply.outcome, replies))
        })
        .await;
        let (outcome, replies) = match handled {
            Ok(Some(handled)) => handled,
            // The prefix is put back above, so every line is a command.
            Ok(_) => return Vec::new(),
            Err(err) => {
                tracing::error!(
                    room = %request.room_id,
                    user = %request.sender,
                    %err,
                    "a command failed in the bot core; not answered"
                );
                return Vec::new();
            }
        };
        log_handled(&request, command, outcome);
        // A command delivered again (the bot died before saving its sync position) was
        // applied once; its replay says where the match stands, and goes out under the same
        // transaction ids as the first answer (see `delivery::Txns`): the room sees one answer.
        replies
    }

    async fn applied(&self, event_id: &str) -> bool {
        let service = self.service.clone();
        let event = EventId::new(Platform::Matrix, event_id);
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

    async fn locale(&self, user_id: &str) -> Locale {
        let ctx = Context {
            platform: Platform::Matrix,
            user: UserId::new(Platform::Matrix, user_id),
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use lalao_app::store::MemoryStore;
    use lalao_app::{Defaults, Service};
    use lalao_renderer::{Locale, Style};

    use super::command_name;
    use crate::handler::{Animation, Handler, Reply, Request};

    fn request(n: usize, text: &str) -> Request {
        Request {
            event_id: format!("$event{n}"),
            edit_of: None,
            room_id: "!room:example.org".to_owned(),
            room_name: None,
            direct: false,
            sender: "@ana:example.org".to_owned(),
            sender_name: "Ana".to_owned(),
            moderator: false,
            named: Vec::new(),
            text: text.to_owned(),
        }
    }

    /// `export … animation` is answered with the caption and the animation still to draw: the
    /// sync loop, which waits for the answer, never waits for the drawing; the room's send
    /// queue draws it, then sends it.
    #[tokio::test]
    async fn an_export_s_animation_is_drawn_when_its_reply_goes_out() {
        let service = Service::new(
            Arc::new(MemoryStore::default()),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
        );
        service.open().unwrap();
        let handler = super::CoreHandler::new(Arc::new(service));
        for (n, line) in ["play fano solo cells=5", "@1", "@2"].into_iter().enumerate() {
            handler.handle(request(n, line)).await;
        }
        let replies = handler.handle(request(9, "export animation")).await;
        let animation = replies.iter().find_map(|reply| match reply {
            Reply::Text {
                animation: Some(animation),
                text,
                ..
            } => Some((animation.clone(), text.clone())),
            _ => None,
        });
        let (animation, caption) = animation.expect("an animation to send");
        assert!(caption.contains("Match #1"), "{caption}");
        let drawn = animation.draw().await.expect("drawn");
        assert!(drawn.gif.starts_with(b"GIF89a"));
        assert_eq!(drawn.filename, "match-1.gif");
    }

    /// Matrix animations are drawn one at a time: a second waits for the first to be done.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn matrix_animations_are_drawn_one_at_a_time() {
        assert_eq!(crate::handler::MAX_ANIMATION_DRAWS, 1);
        let (started, running) = std::sync::mpsc::channel();
        let (go, gate) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new(std::sync::Mutex::new(gate));
        let first = {
            let started = started.clone();
            Animation::new(move || {
                started.send("first").unwrap();
                let _ = gate.lock().unwrap().recv();
                None
            })
        };
        let second = Animation::new(move || {
            started.send("second").unwrap();
            None
        });
        let first = tokio::spawn(async move { first.draw().await });
        assert_eq!(running.recv().unwrap(), "first");
        let second = tokio::spawn(async move { second.draw().await });
        tokio::task::yield_now().await;
        assert!(running.try_recv().is_err(), "the second waits for its turn");
        go.send(()).unwrap();
        assert_eq!(first.await.unwrap(), None);
        assert_eq!(running.recv().unwrap(), "second");
        assert_eq!(second.await.unwrap(), None);
    }

    fn handler() -> super::CoreHandler {
        let service = Service::new(
            Arc::new(MemoryStore::default()),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
        );
        service.open().unwrap();
        super::CoreHandler::new(Arc::new(service))
    }

    fn texts(replies: &[Reply]) -> Vec<String> {
        replies
            .iter()
            .filter_map(|reply| match reply {
                Reply::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    fn direct(replies: &[Reply]) -> Vec<(String, String)> {
        replies
            .iter()
            .filter_map(|reply| match reply {
                Reply::Direct { user_id, text, .. } => Some((user_id.clone(), text.clone())),
                _ => None,
            })
            .collect()
    }

    /// `learn` and `puzzle` typed in a room go to a direct room, and the room is told where
    /// they went; a hint against the computer goes privately too, not into the room.
    #[tokio::test]
    async fn lessons_puzzles_and_hints_asked_in_a_room_go_privately_and_the_room_is_told() {
        let handler = handler();
        let told = "Ana, I have written to you privately: look in our direct room.".to_owned();
        for (n, line) in ["learn katro", "puzzle fano"].into_iter().enumerate() {
            let replies = handler.handle(request(n, line)).await;
            assert_eq!(texts(&replies), std::slice::from_ref(&told), "{line}");
            let private = direct(&replies);
            assert_eq!(private.len(), 1, "{line}");
            assert_eq!(private[0].0, "@ana:example.org");
        }
        handler.handle(request(5, "play fano bot cells=5")).await;
        let replies = handler.handle(request(6, "hint #3")).await;
        assert_eq!(texts(&replies), std::slice::from_ref(&told));
        let private = direct(&replies);
        assert!(private[0].1.starts_with("Hint for match #3: "), "{private:?}");
        // Asked in the direct room, nothing more is said.
        let replies = handler
            .handle(Request {
                direct: true,
                room_id: "!dm:example.org".to_owned(),
                ..request(7, "hint #3")
            })
            .await;
        assert!(!texts(&replies).contains(&told), "{:?}", texts(&replies));
    }

    #[test]
    fn a_command_is_logged_by_the_grammar_s_english_name() {
        assert_eq!(command_name("!lalao play fano @ana:example.org"), "play");
        assert_eq!(command_name("!lalao jouer fano"), "play");
        assert_eq!(command_name("!lalao"), "help");
        assert_eq!(command_name("!lalao move"), "move");
        assert_eq!(command_name("!lalao frobnicate now"), "unknown");
    }
}
