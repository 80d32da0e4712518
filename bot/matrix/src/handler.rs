//! The seam between the Matrix adapter and the bot core: what the adapter hands over (a
//! command someone wrote, with who/where/which event) and what it gets back (replies to
//! show). Platform-neutral in spirit; Matrix ids are plain strings here so that no
//! matrix-sdk type crosses into the core.

use std::future::Future;
use std::sync::Arc;

use lalao_renderer::{Board, Locale, Picture};

/// A command written in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The Matrix event id. The core applies each id at most once: Matrix may deliver an
    /// event again (a restart before the sync token was saved), and the adapter relies on it.
    pub event_id: String,
    /// For an edit (`m.replace`), the event it edits. The core then applies the command under
    /// that event's id, so a command and all its edits apply at most once together.
    pub edit_of: Option<String>,
    pub room_id: String,
    /// The room's display name (its name, alias, or the one computed from its members), if
    /// it has one: messages read elsewhere (digests) name the room by it.
    pub room_name: Option<String>,
    /// A direct-message room (one-to-one).
    pub direct: bool,
    /// `@user:server`.
    pub sender: String,
    /// The sender's display name in this room.
    pub sender_name: String,
    /// The sender moderates the room (power level ≥ 50, or any member of a direct room).
    pub moderator: bool,
    /// The users the command names (`@user:server` words), with their display names in
    /// this room: the core then calls a challenged player by name.
    pub named: Vec<Player>,
    /// The command without its prefix (`play fano @ana:example.org`). Mention pills have been
    /// replaced by the user ids they point at.
    pub text: String,
}

/// A player as the adapter shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// `@user:server`.
    pub user_id: String,
    pub name: String,
}

/// A match's board to show in the room.
#[derive(Clone, Debug)]
pub struct BoardReply {
    /// The match's short id: the adapter keeps one board message per match and room.
    pub match_id: String,
    /// A localized line above the board ("Ana played c2-d2"), if any.
    pub headline: Option<String>,
    /// The board as the renderer drew it for this room (its `html` and `plain` are used).
    pub board: Board,
    /// The player whose turn it is: mentioned with a pill so that their client notifies them.
    pub to_move: Option<Player>,
    /// Others to notify (the opponent of someone who resigned).
    pub also_mention: Vec<Player>,
    /// The language of the line that mentions the player to move.
    pub locale: Locale,
    /// The board's picture, posted as an `m.image` beside the text board and
    /// replaced with it.
    pub picture: Option<Arc<Picture>>,
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

/// What the core answers.
#[derive(Clone, Debug)]
pub enum Reply {
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
    },
    /// A board, new or updated.
    Board(Box<BoardReply>),
    /// A private message to one user (a Mangala IV coin choice, a lesson's step), with the
    /// board it shows.
    Direct {
        user_id: String,
        text: String,
        board: Option<Board>,
    },
    /// A reply for another room than the command's: the match's room, when a Mangala IV coin
    /// choice was sent by direct message. Shown there as a new message (not a reply).
    InRoom { room_id: String, reply: Box<Reply> },
}

/// What the adapter needs from the bot core. The reaction shortcuts are spelled in the core's
/// grammar by [`Handler::accept_command`] and [`Handler::resign_command`].
pub trait Handler: Send + Sync + 'static {
    /// Applies one command and returns what to show. Never fails: refusals are replies.
    fn handle(&self, request: Request) -> impl Future<Output = Vec<Reply>> + Send;

    /// Whether the command of event `event_id` was applied (changed something): an edit of
    /// an applied command is not a new command.
    fn applied(&self, event_id: &str) -> impl Future<Output = bool> + Send;

    /// The language the adapter's own sentences use for this user.
    fn locale(&self, user_id: &str) -> impl Future<Output = Locale> + Send;

    /// The command text that accepts challenge `match_id`.
    fn accept_command(&self, match_id: &str) -> String {
        format!("accept {match_id}")
    }

    /// The command text that resigns match `match_id` (already confirmed by the user).
    fn resign_command(&self, match_id: &str) -> String {
        format!("resign {match_id}")
    }
}
