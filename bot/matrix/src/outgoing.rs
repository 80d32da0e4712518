//! The application's typed replies as the Matrix messages to send: each [`Message`] becomes
//! an [`Outgoing`] — a text answer (with the board that illustrates it, the people it mentions,
//! the challenge a reaction accepts), the match's board, a direct message, or a message for
//! another room — with its picture drawn and its whole game's animation ordered. What is
//! sent, and how, is `adapter/replies.rs`'s.

use std::sync::Arc;

use lalao_renderer::{Board, Locale, Picture, PictureCache};

use super::outbound::{BoardReply, Player};
use lalao_app::ids::{ChannelId, Platform, UserId};
use lalao_app::Service;
use lalao_app::{Audience, Document, Kind, Message};

/// A message of the application's reply as Matrix shows it.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A short localized answer (refusals, help, lists), shown as a reply to the command.
    Text {
        text: String,
        /// A board that illustrates the answer ("the board changed, here it is"); the match's
        /// own board message is left as it is.
        board: Option<Board>,
        /// Users to mention (a challenged player, for instance).
        mentions: Vec<Player>,
        /// This answer is a challenge: a ✅ reaction on it by the challenged player (anyone, for
        /// an open challenge) accepts match `match_id`.
        challenge: Option<String>,
        /// The picture of `board`, posted as an `m.image` after the text.
        picture: Option<Arc<Picture>>,
        /// The whole game animated (`export #3 animation`), posted as an `m.image` after the
        /// text (a GIF: Matrix clients animate it, not all animate APNG), drawn then.
        animation: Option<Animation>,
        /// A file the answer hands over, posted as an `m.file` after the text.
        document: Option<Arc<Document>>,
    },
    /// A board, new or updated.
    Board(Box<BoardReply>),
    /// A private message to one user (a Mangala IV coin choice, a lesson's step), with the
    /// board it shows.
    Direct {
        user_id: String,
        text: String,
        board: Option<Board>,
        /// A file for them alone (what lalao keeps of them), posted as an `m.file` after the
        /// text, in the same direct room.
        document: Option<Arc<Document>>,
    },
    /// A reply for another room than the command's: the match's room, when a Mangala IV coin
    /// choice was sent by direct message. Shown there as a new message (not a reply).
    InRoom { room_id: String, reply: Box<Outgoing> },
}

/// A whole game animated, ready to upload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnimatedGame {
    pub gif: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// What it shows, for screen readers (the message's `body`).
    pub alt: String,
    /// `match-3.gif`.
    pub filename: String,
}

/// Whole games drawn at once for Matrix replies (each a second or more of a core for a long
/// game); the rest wait their turn in their room's send queue.
pub const MAX_ANIMATION_DRAWS: usize = 1;

static ANIMATION_DRAWS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(MAX_ANIMATION_DRAWS);

/// A whole game to animate for a reply: drawn when the reply goes out, in its room's send queue,
/// on a blocking thread and at most [`MAX_ANIMATION_DRAWS`] at a time, never in the sync loop,
/// which only hands the reply over and goes on with the next command.
#[derive(Clone)]
pub struct Animation(Arc<dyn Fn() -> Option<AnimatedGame> + Send + Sync>);

impl Animation {
    /// An animation that `draw` makes (`None`: the caption goes alone).
    pub fn new(draw: impl Fn() -> Option<AnimatedGame> + Send + Sync + 'static) -> Animation {
        Animation(Arc::new(draw))
    }

    /// The animation drawn, in its turn.
    pub async fn draw(&self) -> Option<AnimatedGame> {
        let _turn = ANIMATION_DRAWS.acquire().await.ok()?;
        let draw = self.0.clone();
        tokio::task::spawn_blocking(move || draw()).await.ok().flatten()
    }
}

impl std::fmt::Debug for Animation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Animation(…)")
    }
}

/// The Matrix messages of `messages`, the application's answer in the room of `channel`
/// (the command's), in the caller's `locale`: pictures drawn from `cache`, the people named
/// by the names the application knows. It reads the store: call it on a blocking thread.
pub(crate) fn outgoing(
    service: &Service,
    messages: Vec<Message>,
    cache: &PictureCache,
    locale: Locale,
    channel: &ChannelId,
) -> Vec<Outgoing> {
    draw(messages, cache)
        .into_iter()
        .map(|drawn| reply_in(service, drawn, locale, channel))
        .collect()
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
) -> Outgoing {
    match &message.audience {
        Audience::Channel(room) if room != channel => {
            let room_id = room.local().to_owned();
            Outgoing::InRoom {
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
) -> Outgoing {
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
    let document = match &message.kind {
        Kind::Document(document) => Some(Arc::new((**document).clone())),
        _ => None,
    };
    if let Audience::Private(user) = &message.audience {
        return Outgoing::Direct {
            user_id: matrix_user(user).unwrap_or_default(),
            text: message.text,
            board: message.board,
            document,
        };
    }
    match (message.kind, message.board, match_id) {
        (Kind::BoardChanged { to_move }, Some(board), Some(match_id)) => {
            let to_move = to_move.as_ref().and_then(|user| player(service, user));
            mentions.retain(|player| Some(player) != to_move.as_ref());
            Outgoing::Board(Box::new(BoardReply {
                match_id,
                headline: Some(message.text),
                board,
                to_move,
                also_mention: mentions,
                locale,
                picture,
            }))
        }
        (kind, board, match_id) => Outgoing::Text {
            text: message.text,
            board,
            mentions,
            challenge: match_id.filter(|_| matches!(kind, Kind::Challenge { .. })),
            picture,
            animation,
            document,
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
