//! What a command gives back: its [`Outcome`], the [`Message`]s to send, each saying what it
//! stands for ([`Kind`]) and what may be done next on its match ([`Action`]). Adapters build
//! buttons, edits, mentions and visibility from these types, never from Fluent keys or records.

use std::sync::Arc;

use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_renderer::{Board, GameAnimation, Locale, Picture, PictureCache, PictureSize, Style, View};

use crate::ids::{ChannelId, MatchId, UserId};
use crate::record::{Ending, MatchRecord, Stage};
use crate::rite::{Parity, Rite};

/// Who sees a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everyone in the channel.
    Channel(ChannelId),
    /// Only this user (Discord ephemeral, Matrix direct message).
    Private(UserId),
}

/// A match as a message shows it: its version, and a fingerprint of what that board offers
/// (see [`MatchRef::of`]), which buttons carry to tell a stale click from a current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchRef {
    pub id: MatchId,
    pub game: GameKind,
    pub version: u64,
    pub board: u32,
}

impl MatchRef {
    /// The reference of `record` as it is now. The fingerprint covers the stage and every move
    /// so far (the same moves give the same position and history), so a change that leaves the
    /// board as it was (a draw offer, a paused clock) keeps its buttons meaning what they say.
    /// FNV-1a, written out: buttons posted weeks ago carry it, so it must stay the same across
    /// builds and restarts.
    pub fn of(record: &MatchRecord) -> MatchRef {
        let stage = match &record.stage {
            Stage::Challenge => "challenge",
            Stage::Rite {
                rite: Rite::AwaitingCoins,
            } => "rite-coins",
            Stage::Rite {
                rite: Rite::AwaitingCall { .. },
            } => "rite-call",
            Stage::Rite {
                rite: Rite::AwaitingSide { .. },
            } => "rite-side",
            Stage::Playing => "playing",
            _ => "over",
        };
        let mut hash: u32 = 0x811c_9dc5;
        // An activity's boards may all start with no moves: where it is tells one board from
        // the next (other records hash as they always did).
        let step = record.activity_mark();
        let parts = std::iter::once(stage)
            .chain(step.as_deref())
            .chain(record.moves.iter().map(String::as_str));
        for part in parts {
            // A separator no move contains, so ["a", "bc"] and ["ab", "c"] differ.
            for byte in part.bytes().chain([b' ']) {
                hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
            }
        }
        MatchRef {
            id: record.id,
            game: record.game,
            version: record.version,
            board: hash,
        }
    }
}

/// Something a player may do next on a match, as a command of its own (adapters make buttons
/// of these; whether the clicker may do it is decided when the command arrives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept the challenge.
    Accept,
    /// Decline the challenge.
    Decline,
    /// Mangala rite: hide this many coins (1 or 2).
    Coins(u8),
    /// Mangala rite: call the hidden coins.
    Call(Parity),
    /// Mangala rite: take this side, by the core's name (`south`, `north`).
    Side(&'static str),
    /// Play this move (canonical notation, in the core's order).
    Move(String),
    /// The player to move ran out of time: take the win.
    Claim,
    /// The player to move ran out of time (or lost on time): give them a fresh budget.
    Waive,
    /// The match is over: the same game again, sides swapped.
    Rematch,
}

impl Action {
    /// The action as a line of the text grammar on match `id` (`accept #3`, `move @4 #3`), the
    /// same on every platform: what a button sends, and what a reader may type instead.
    pub fn command_line(&self, id: MatchId) -> String {
        match self {
            Action::Accept => format!("accept {id}"),
            Action::Decline => format!("decline {id}"),
            Action::Coins(count) => format!("coins {count} {id}"),
            Action::Call(parity) => format!("call {} {id}", parity.id()),
            Action::Side(side) => format!("side {side} {id}"),
            Action::Move(text) => format!("move {text} {id}"),
            Action::Claim => format!("claim {id}"),
            Action::Waive => format!("waive {id}"),
            Action::Rematch => format!("rematch {id}"),
        }
    }

    /// The command the action stands for on match `id`.
    pub fn command(&self, id: MatchId) -> crate::command::Command {
        use crate::command::{Command, TimeoutAction};
        let id = Some(id);
        match self {
            Action::Accept => Command::Accept { id },
            Action::Decline => Command::Decline { id },
            Action::Coins(count) => Command::Coins {
                id,
                count: Some(*count),
            },
            Action::Call(parity) => Command::Call { id, parity: *parity },
            Action::Side(side) => Command::Side {
                id,
                side: (*side).to_owned(),
            },
            Action::Move(text) => Command::Move {
                id,
                text: text.clone(),
                explicit: true,
            },
            Action::Claim => Command::Timeout {
                id,
                action: TimeoutAction::Claim,
            },
            Action::Waive => Command::Timeout {
                id,
                action: TimeoutAction::Waive,
            },
            Action::Rematch => Command::Rematch {
                id,
                keep_sides: false,
            },
        }
    }

    /// What `record` offers now, in the order adapters show it.
    pub fn available(record: &MatchRecord) -> Vec<Action> {
        Action::available_in(record, None)
    }

    /// The same, with the record's current game when the caller has it at hand (restoring a
    /// long game's stored state is not free).
    pub(crate) fn available_in(record: &MatchRecord, game: Option<&AnyGame>) -> Vec<Action> {
        match &record.stage {
            Stage::Challenge => vec![Action::Accept, Action::Decline],
            Stage::Rite { rite } => match rite {
                Rite::AwaitingCoins => vec![Action::Coins(1), Action::Coins(2)],
                Rite::AwaitingCall { .. } => vec![Action::Call(Parity::Odd), Action::Call(Parity::Even)],
                Rite::AwaitingSide { .. } => lalao_core::Side::BOTH
                    .iter()
                    .map(|side| Action::Side(record.game.side_name(*side)))
                    .collect(),
            },
            Stage::Playing => {
                let legal = match game {
                    Some(game) => game.legal_moves(),
                    None => record
                        .current_game()
                        .map(|game| game.legal_moves())
                        .unwrap_or_default(),
                };
                let mut actions: Vec<Action> = legal.into_iter().map(Action::Move).collect();
                if record.clock.turn.as_ref().is_some_and(|turn| turn.flagged) {
                    actions.extend([Action::Claim, Action::Waive]);
                }
                actions
            }
            // A timed-out match may still be revived; a finished one played again by its
            // players (a class's is played again from the class screen).
            Stage::Finished { ending } => {
                let mut actions = Vec::new();
                if matches!(ending, Ending::Timeout { .. }) {
                    actions.push(Action::Waive);
                }
                if PlayAgain::of(record) == PlayAgain::ByPlayers {
                    actions.push(Action::Rematch);
                }
                actions
            }
            _ => Vec::new(),
        }
    }
}

/// Whether and by whom a match may be played again: the one rule that the Rematch button,
/// the class screen's Play again and the `rematch` command all follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayAgain {
    /// Not finished, or an activity (taken again with its own command).
    No,
    /// By its players: the same game, sides swapped.
    ByPlayers,
    /// A class's: by the teacher, as a class match of the same seats, sides swapped.
    ByTheClass,
}

impl PlayAgain {
    pub(crate) fn of(record: &MatchRecord) -> PlayAgain {
        // A simul's board starts again by itself; a side played by vote is started anew.
        let simul = record.class.as_ref().is_some_and(|link| link.simul);
        let voted = record.vote.is_some();
        if !matches!(record.stage, Stage::Finished { .. }) || record.is_activity() || simul || voted {
            PlayAgain::No
        } else if record.class.is_some() {
            PlayAgain::ByTheClass
        } else {
            PlayAgain::ByPlayers
        }
    }
}

/// What a message stands for. Adapters build edits, buttons, mentions and files from this,
/// never from the Fluent key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// An answer, a refusal or a notice (maybe with a board that illustrates it: the match's
    /// live board is left as it is).
    #[default]
    Said,
    /// The match's board after a change everyone sees (a move, an acceptance, a resignation, an
    /// undo, the rite's end…): adapters update the match's live board. `to_move` is the player
    /// whose turn it is now when the message mentions them (also in `mentions`).
    BoardChanged { to_move: Option<UserId> },
    /// A challenge waiting for an answer: to `opponent`, or open to anyone.
    Challenge { opponent: Option<UserId> },
    /// A match's record as text (`history`, or `export` with the JSON record on its last
    /// line): where it is too long for a message it may travel as files.
    Record { export: bool },
    /// An activity's step, its result or its hint: for the learner only, shown on the console
    /// too (whose private messages are otherwise secrets kept off the shared screen).
    Activity,
    /// The class dashboard, a message edited in place; `refresh` when sent unrequested after
    /// a change (an output that cannot edit may leave it out).
    Dashboard { refresh: bool },
    /// Page `page` (from 1) of `pages` of a game's leaderboard: adapters with buttons page
    /// through it with `top <game> here|global <page>`.
    Leaderboard {
        game: GameKind,
        global: bool,
        page: u32,
        pages: u32,
    },
    /// The whole game as an animated picture (`export #3 animation`): the text is its caption,
    /// the order what the adapter draws and sends with it, even to a reader who turned
    /// pictures off (they asked for this one).
    Animation(Box<AnimationOrder>),
    /// A file handed over with the message (what lalao keeps of a person, a class's data): the
    /// text is its note; chat adapters attach the file, the console writes it in its folder.
    Document(Box<Document>),
}

/// The largest file handed over in a chat message (Discord takes 10 MiB from a bot).
pub const MAX_DOCUMENT_BYTES: usize = 8 * 1024 * 1024;

/// A file a message hands over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// A plain name (letters, digits, `-`, `.`): `lalao-my-data.json`.
    pub file_name: String,
    pub media_type: &'static str,
    pub bytes: Vec<u8>,
}

/// One message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub audience: Audience,
    /// What the message stands for.
    pub kind: Kind,
    /// The Fluent id of the leading sentence: a stable name for what happened (logs, the
    /// console's JSON output, tests).
    pub key: &'static str,
    pub text: String,
    pub board: Option<Board>,
    /// The board's picture, where the reader's platform shows pictures and they did not turn
    /// them off: drawn by the adapter once the reply is out of the service.
    pub picture: Option<Box<PictureOrder>>,
    /// Users to notify (the player to move, the challenged player).
    pub mentions: Vec<UserId>,
    pub match_ref: Option<MatchRef>,
    /// What may be done next on `match_ref`'s match, as it is now.
    pub actions: Vec<Action>,
    /// The match's live page, when the web pages run: Discord shows a link
    /// button, the other outputs the line.
    pub live: Option<LiveLink>,
    /// What a page on which the move was tapped says instead of `text`: a verdict on an
    /// activity's move in words a child who taps follows, its notation as small print.
    pub tapped: Option<Tapped>,
}

/// A verdict told in taps: its words, and the notation they leave out, as small print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tapped {
    pub text: String,
    pub small: Option<String>,
}

/// A link to a match's live page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveLink {
    pub url: String,
    /// The sentence that gives it, in the reader's language ("Follow it live: <url>").
    pub line: String,
}

impl Message {
    /// Ties the message to `record` as it is now: its reference and what it offers.
    pub(crate) fn on_match(&mut self, record: &MatchRecord) {
        self.match_ref = Some(MatchRef::of(record));
        self.actions = Action::available(record);
    }

    /// The same, given the record's current game.
    pub(crate) fn on_game(&mut self, record: &MatchRecord, game: &AnyGame) {
        self.match_ref = Some(MatchRef::of(record));
        self.actions = Action::available_in(record, Some(game));
    }
}

/// Everything a board's picture depends on, owned: the adapter draws it after the commit, on
/// its own threads and through its [`PictureCache`], so drawing never holds up a move
/// (docs/benchmarks.md gives both costs).
#[derive(Clone, Debug, PartialEq)]
pub struct PictureOrder {
    pub game: AnyGame,
    pub names: [String; 2],
    /// The side the board is drawn from.
    pub viewer: Option<Side>,
    pub last_move: Option<String>,
    pub events: Vec<Event>,
    pub ended: bool,
    pub style: Style,
    pub locale: Locale,
    /// Places framed on the picture (an activity's step: where to look), as tap targets name
    /// them.
    pub highlights: Vec<String>,
}

// `AnyGame`'s equality is a position's: reflexive.
impl Eq for PictureOrder {}

impl PictureOrder {
    /// Large pictures go with the `large` style (projectors, young children).
    pub fn size(&self) -> PictureSize {
        PictureSize::for_style(self.style)
    }

    pub fn view(&self) -> View<'_> {
        View {
            style: self.style,
            locale: self.locale,
            names: [self.names[0].as_str(), self.names[1].as_str()],
            viewer: self.viewer,
            last_move: self.last_move.as_deref(),
            events: &self.events,
            ended: self.ended,
            result: None,
        }
    }

    /// The picture, drawn unless `cache` holds it: one board sent to many readers is drawn once.
    pub fn draw(&self, cache: &PictureCache) -> Arc<Picture> {
        if self.highlights.is_empty() {
            return cache.get_or_draw(&self.game, &self.view(), self.size());
        }
        // An activity's picture is drawn for one learner: not worth a place in the cache.
        Arc::new(lalao_renderer::picture_highlighted(
            &self.game,
            &self.view(),
            self.size(),
            &self.highlights,
        ))
    }
}

/// Everything the whole-game animation depends on, owned: the adapter draws it after the
/// reply left the service, on a blocking thread (a long game takes a second or more,
/// docs/benchmarks.md), and sends it as files named after the match.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimationOrder {
    pub id: MatchId,
    /// The position before the first move.
    pub start: AnyGame,
    /// Every move, in the canonical notation.
    pub moves: Vec<String>,
    pub names: [String; 2],
    /// The side the boards are drawn from.
    pub viewer: Option<Side>,
    /// The match ended off the board (resignation, agreed draw, clock).
    pub ended: bool,
    /// How it ended, which the last frame says rather than only that the match is over.
    pub result: Option<String>,
    pub locale: Locale,
}

// `AnyGame`'s equality is a position's: reflexive.
impl Eq for AnimationOrder {}

impl AnimationOrder {
    /// The animation (APNG and GIF), at the chat size: a 200-ply game of any of the five
    /// games stays within Discord's attachment limit in either format.
    pub fn draw(&self) -> Result<GameAnimation, lalao_core::CoreError> {
        let view = View {
            names: [self.names[0].as_str(), self.names[1].as_str()],
            viewer: self.viewer,
            ended: self.ended,
            result: self.result.as_deref(),
            ..View::new(Style::Text, self.locale)
        };
        lalao_renderer::game_animation(&self.start, &self.moves, &view, PictureSize::Normal)
    }

    /// The files' names: `match-3.png` (APNG) and `match-3.gif`.
    pub fn apng_name(&self) -> String {
        format!("match-{}.png", self.id.0)
    }

    pub fn gif_name(&self) -> String {
        format!("match-{}.gif", self.id.0)
    }
}

/// What a command did. Nothing but [`Outcome::Applied`] changed anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Outcome {
    /// It changed something (a move, a challenge, a setting), committed before this reply.
    #[default]
    Applied,
    /// It only showed something (a board, a list, help, the current settings).
    Shown,
    /// It was refused (or could not be carried out); `reason` is the refusal's message id.
    Refused { reason: &'static str },
    /// The inbound event was applied before: the messages say where its match stands now.
    Duplicate,
}

/// Everything to send back for one command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub outcome: Outcome,
    pub messages: Vec<Message>,
}

impl Outcome {
    /// A stable name (the console's JSON output, logs).
    pub fn id(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Shown => "shown",
            Outcome::Refused { .. } => "refused",
            Outcome::Duplicate => "duplicate",
        }
    }
}

impl Reply {
    /// Whether the command changed nothing because it was refused.
    pub fn refused(&self) -> bool {
        matches!(self.outcome, Outcome::Refused { .. })
    }

    /// The text of every message and board as one string (the console's plain output, tests).
    pub fn plain(&self) -> String {
        let mut out = String::new();
        for message in &self.messages {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&message.text);
            if let Some(board) = &message.board {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&board.plain);
            }
        }
        out
    }
}

/// What a match's board offers now, for an adapter checking a click against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub match_ref: MatchRef,
    /// An unanswered challenge that expired: its buttons mean nothing any more.
    pub expired: bool,
    pub actions: Vec<Action>,
}

impl Offer {
    pub fn of(record: &MatchRecord) -> Offer {
        Offer {
            match_ref: MatchRef::of(record),
            expired: record.stage == Stage::Expired,
            actions: Action::available(record),
        }
    }

    /// Whether a button drawn on the board `clicked` still means what it says: the same
    /// version, or the same fingerprint (buttons from before fingerprints have none).
    pub fn still_shows(&self, clicked_version: u64, clicked_board: Option<u32>) -> bool {
        clicked_version == self.match_ref.version || clicked_board == Some(self.match_ref.board)
    }
}

#[cfg(test)]
mod tests;

/// What a live page shows of a match's review: a note by each move, and each player's count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveReview {
    /// "Review of match #12 (Katro):".
    pub title: String,
    /// By each move, in order: its verdict's id (`best`, `mistake`, …) and, for a move the
    /// review names, what it says ("mistake: lost 7 seeds; e1B would have captured 4 seeds").
    pub moves: Vec<(String, Option<String>)>,
    /// One line a player.
    pub summary: Vec<String>,
}
