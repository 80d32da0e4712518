//! lalao-grammar: the one command grammar of every platform. Text adapters (the console, Matrix)
//! parse `!lalao <command> …` with [`parse`]; Discord builds the same [`Command`] from the slash
//! command that the verb table ([`grammar`]) derives. The application only ever sees a
//! [`Command`].
//!
//! Invariant: pure and total. Words in, a [`Command`] or a [`ParseError`] out; no store, no
//! clock, no user-facing sentences (those are the application's Fluent files). It depends on
//! the model's types and nothing of the application.

mod class;
pub mod grammar;
mod parse;

pub use class::{ClassCommand, GameSpec};
pub use grammar::PREFIX;

pub use parse::{
    command_name, command_of, game_from_word, locale_from_word, look_from_word, parse, style_from_word,
    ParseError, LEVEL_OPTION, MAX_LINE,
};

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use lalao_model::ids::MatchId;
pub use lalao_model::rite::Parity;

/// How someone asks to see boards (`style=`): a text style, with or without the board's
/// picture. Platforms that cannot show pictures (the console) show the text alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub style: Style,
    pub picture: bool,
}

impl Look {
    /// The look a `style` vocabulary id stands for: `picture` is the text grid with the
    /// picture, `large` large words with a large picture (projectors, young children); `text`,
    /// `emoji` and `reader` leave pictures out.
    pub fn from_id(id: &str) -> Option<Look> {
        let (style, picture) = match id {
            "picture" => (Style::Text, true),
            "large" => (Style::Large, true),
            other => (Style::from_id(other)?, false),
        };
        Some(Look { style, picture })
    }

    /// The look of someone who chose `style` and maybe `pictures`, where pictures `show`:
    /// unless they said otherwise, the text grid and `large` come with pictures.
    pub fn chosen(style: Style, pictures: Option<bool>, show: bool) -> Look {
        Look {
            style,
            picture: show && pictures.unwrap_or(matches!(style, Style::Text | Style::Large)),
        }
    }

    /// The vocabulary id of the look (`style-{id}` in the Fluent files).
    pub fn id(self) -> &'static str {
        match self {
            Look {
                style: Style::Text,
                picture: true,
            } => "picture",
            Look { style, .. } => style.id(),
        }
    }
}

/// Who a new match is against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A named player, as written in the platform's mention syntax (`@ana`, `<@123>`).
    Named(String),
    /// Anyone in the channel may accept.
    Open,
    /// The caller plays both sides (practice, or hot-seat at one keyboard).
    Practice,
    /// lalao itself, at this level (`play katro bot level=hard`).
    Computer(lalao_core::ai::Level),
    /// Everyone in the channel against lalao at this level, each move chosen by vote (`play
    /// katro vote`).
    Vote(lalao_core::ai::Level),
}

/// `play <game> …`: everything needed to open a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySpec {
    pub game: GameKind,
    /// `None`: the platform's default (practice on the console, an open challenge in chat).
    pub opponent: Option<Opponent>,
    /// `key=value` game options (`cells=5`), in the order written.
    pub options: Vec<(String, String)>,
    /// Variant names (`misere` or `variant:misere`).
    pub variants: Vec<String>,
    /// The side the challenger asks for (`side=black`), by its name in this game.
    pub side: Option<String>,
    /// A position to start from, in the game's canonical notation (docs/notation.md):
    /// `position=` takes the rest of the line, since positions hold spaces.
    pub position: Option<String>,
}

/// A yes/no answer to a pending offer (draw, undo); `None` in the command means "offer, or accept
/// the pending offer if the other player made one".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Offer,
    Accept,
    Decline,
}

/// Which matches `list` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListScope {
    /// The active matches of this channel.
    Channel,
    /// The caller's active matches everywhere.
    Mine,
}

/// A per-user settings change; all `None` shows the current settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub locale: Option<Locale>,
    pub style: Option<Look>,
    /// Whether the player is listed on global leaderboards (`leaderboard=off` hides them).
    pub leaderboard: Option<bool>,
    /// Whether moves with no alternative play themselves (`auto=on|off`).
    pub auto: Option<bool>,
}

/// Most "if they play X, I play Y" pairs one plan holds.
pub const MAX_PLANNED_REPLIES: usize = 4;

/// What `plan` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanChange {
    /// Shows the caller's plan.
    Show,
    /// Drops it.
    Cancel,
    /// Replaces it with these pairs of (their move, my move), as typed.
    Set(Vec<(String, String)>),
}

/// What the opponent of a player out of time does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutAction {
    /// Take the win on time.
    Claim,
    /// Give this many more seconds.
    Grant(u64),
    /// Give up the win on time: the late player gets a fresh budget (also after an automatic
    /// forfeit).
    Waive,
}

/// A change of notification settings; all `None` shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NotifyChange {
    pub mode: Option<lalao_model::notify::Mode>,
    pub dm: Option<bool>,
    pub digest_hours: Option<Vec<u8>>,
    pub offset_minutes: Option<i32>,
    /// `Some(Some(zone))` sets an IANA zone; `Some(None)` drops it (a fixed offset was given).
    pub zone: Option<Option<chrono_tz::Tz>>,
    /// `Some(None)` turns quiet hours off.
    pub quiet: Option<Option<(u16, u16)>>,
    pub reminders: Option<Vec<lalao_model::notify::Reminder>>,
}

/// A change of channel settings (moderators); all `None` shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelChange {
    pub auto_forfeit: Option<bool>,
    pub challenge_expiry: Option<u64>,
    /// `Some(None)` goes back to the bot's setting.
    pub boards: Option<Option<lalao_model::record::BoardMode>>,
    /// One thread per match (Discord).
    pub threads: Option<bool>,
    /// `pictures=off` (or `boards=text`) leaves board pictures out in the channel;
    /// `Some(None)` lets each player choose again.
    pub pictures: Option<Option<bool>>,
    /// `puzzle=daily` (the five games in turn), `puzzle=<game>` or `puzzle=off`.
    pub daily_puzzle: Option<DailyPuzzleChange>,
}

/// What `channel puzzle=…` does to the channel's daily puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyPuzzleChange {
    Off,
    /// Every day, the five games in turn.
    Rotate,
    /// Every day, this game.
    Game(GameKind),
}

/// Every command. `id: None` means "the caller's only active match in this channel".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Play(PlaySpec),
    Accept {
        id: Option<MatchId>,
    },
    Decline {
        id: Option<MatchId>,
    },
    Cancel {
        id: Option<MatchId>,
    },
    /// `explicit` is false for a bare word (`e2-e4` without `move`): if it is not a move either,
    /// the reply says the command is unknown rather than the move.
    Move {
        id: Option<MatchId>,
        text: String,
        explicit: bool,
    },
    /// A move tapped on a board a page showed: `board` is the fingerprint of that
    /// board (the application's `MatchRef::board`); if the match moved on since, the move is
    /// refused rather than played on a position the player did not see.
    Tap {
        id: MatchId,
        board: u32,
        text: String,
    },
    Board {
        id: Option<MatchId>,
        style: Option<Look>,
        viewpoint: Option<String>,
    },
    Resign {
        id: Option<MatchId>,
    },
    /// The engine's move for the caller, in practice or against the computer.
    Hint {
        id: Option<MatchId>,
    },
    /// The same game again with the other player, sides swapped: a new challenge (a new game
    /// against the computer, a new practice), in a series with the one that ended.
    Rematch {
        id: Option<MatchId>,
        /// Mangala IV: the same sides as the match that ended, without a new coin game.
        keep_sides: bool,
    },
    /// A player's conditional moves in a correspondence match (`plan #3 c2 d5 e1 f4`).
    Plan {
        id: Option<MatchId>,
        change: PlanChange,
    },
    /// A game's course: alone, every course and the learner's stars; with a game, that
    /// course from where the learner is; with a number, that lesson.
    Learn {
        game: Option<GameKind>,
        lesson: Option<u32>,
    },
    /// A puzzle of a game, given privately: alone, the one in progress or the learner's
    /// puzzle ratings; with a game, a new puzzle of it at the learner's level.
    Puzzle {
        game: Option<GameKind>,
        /// `puzzle daily`: the channel's puzzle of the day.
        daily: bool,
    },
    /// The address of a match's live page; `new`: a new address, the old one dead at once.
    Link {
        id: Option<MatchId>,
        new: bool,
    },
    Draw {
        id: Option<MatchId>,
        answer: Option<Answer>,
    },
    Undo {
        id: Option<MatchId>,
        answer: Option<Answer>,
    },
    List {
        scope: ListScope,
    },
    History {
        id: Option<MatchId>,
    },
    /// The match's record; `animation`: the whole game as an animated picture instead.
    Export {
        id: Option<MatchId>,
        animation: bool,
    },
    /// The engine goes over a finished match and names the mistakes.
    Review {
        id: Option<MatchId>,
    },
    /// A player's ratings: `player` as mentioned (the caller when absent), in one
    /// game or in every game.
    Rating {
        player: Option<String>,
        game: Option<GameKind>,
    },
    /// The caller asks lalao to forget them (`forget me`): without `confirmed`, what it would
    /// erase and how to confirm; with it, the erase.
    Forget {
        confirmed: bool,
    },
    /// The caller asks for what lalao keeps of them (`my data`), as a file, privately.
    MyData,
    /// A player's profile: per game their rating and record, and their active
    /// matches.
    Profile {
        player: Option<String>,
    },
    /// A game's leaderboard, here (this server or room) or global, one page of it.
    Top {
        game: GameKind,
        global: bool,
        page: Option<u32>,
    },
    Rules {
        game: Option<GameKind>,
        variants: Vec<String>,
    },
    Help {
        topic: Option<String>,
    },
    Settings(SettingsChange),
    /// Mangala rite, step 1: the challenger's secret pick. `count: None` asks the adapter to
    /// collect it privately (the console reads it without echo).
    Coins {
        id: Option<MatchId>,
        count: Option<u8>,
    },
    /// Mangala rite, step 2: the opponent's call.
    Call {
        id: Option<MatchId>,
        parity: Parity,
    },
    /// Mangala rite, step 3: the winner of the call picks a side by name (`south`, `north`).
    Side {
        id: Option<MatchId>,
        side: String,
    },
    /// Classroom mode (`class …`, docs/classroom.md).
    Class(ClassCommand),
    /// `claim`, `grant <time>`, `waive` after a time-out.
    Timeout {
        id: Option<MatchId>,
        action: TimeoutAction,
    },
    /// `vacation <days>`; `None`: end the current vacation.
    Vacation {
        days: Option<u32>,
    },
    Notify(NotifyChange),
    Channel(ChannelChange),
}

impl Command {
    /// The stable name of the command (logs, help topics).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Play(_) => "play",
            Command::Accept { .. } => "accept",
            Command::Decline { .. } => "decline",
            Command::Cancel { .. } => "cancel",
            Command::Move { .. } => "move",
            Command::Tap { .. } => "tap",
            Command::Board { .. } => "board",
            Command::Resign { .. } => "resign",
            Command::Hint { .. } => "hint",
            Command::Learn { .. } => "learn",
            Command::Puzzle { .. } => "puzzle",
            Command::Rematch { .. } => "rematch",
            Command::Plan { .. } => "plan",
            Command::Link { .. } => "link",
            Command::Draw { .. } => "draw",
            Command::Undo { .. } => "undo",
            Command::List { .. } => "list",
            Command::History { .. } => "history",
            Command::Export { .. } => "export",
            Command::Review { .. } => "review",
            Command::Rating { .. } => "rating",
            Command::Forget { .. } => "forget",
            Command::MyData => "my-data",
            Command::Profile { .. } => "profile",
            Command::Top { .. } => "top",
            Command::Rules { .. } => "rules",
            Command::Help { .. } => "help",
            Command::Settings(_) => "settings",
            Command::Coins { .. } => "coins",
            Command::Call { .. } => "call",
            Command::Side { .. } => "side",
            Command::Class(_) => "class",
            Command::Timeout {
                action: TimeoutAction::Claim,
                ..
            } => "claim",
            Command::Timeout {
                action: TimeoutAction::Grant(_),
                ..
            } => "grant",
            Command::Timeout {
                action: TimeoutAction::Waive,
                ..
            } => "waive",
            Command::Vacation { .. } => "vacation",
            Command::Notify(_) => "notify",
            Command::Channel(_) => "channel",
        }
    }

    /// Whether the command only shows something and never changes state (its reply's outcome
    /// is then `Shown`, not `Applied`).
    pub fn shows_only(&self) -> bool {
        match self {
            Command::Board { .. }
            | Command::List { .. }
            | Command::History { .. }
            | Command::Export { .. }
            | Command::Rating { .. }
            | Command::Forget { confirmed: false }
            | Command::MyData
            | Command::Profile { .. }
            | Command::Top { .. }
            | Command::Rules { .. }
            | Command::Hint { .. }
            | Command::Help { .. }
            | Command::Plan {
                change: PlanChange::Show,
                ..
            }
            | Command::Learn { game: None, .. }
            | Command::Puzzle {
                game: None,
                daily: false,
            } => true,
            Command::Link { new, .. } => !new,
            Command::Settings(change) => *change == SettingsChange::default(),
            Command::Notify(change) => *change == NotifyChange::default(),
            Command::Channel(change) => *change == ChannelChange::default(),
            Command::Class(class) => class.shows_only(),
            _ => false,
        }
    }

    /// The match the command names explicitly, if any.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            Command::Accept { id }
            | Command::Decline { id }
            | Command::Cancel { id }
            | Command::Move { id, .. }
            | Command::Board { id, .. }
            | Command::Resign { id }
            | Command::Hint { id }
            | Command::Rematch { id, .. }
            | Command::Plan { id, .. }
            | Command::Link { id, .. }
            | Command::Draw { id, .. }
            | Command::Undo { id, .. }
            | Command::History { id }
            | Command::Export { id, .. }
            | Command::Review { id }
            | Command::Coins { id, .. }
            | Command::Call { id, .. }
            | Command::Side { id, .. }
            | Command::Timeout { id, .. } => *id,
            Command::Class(class) => class.match_id(),
            Command::Tap { id, .. } => Some(*id),
            Command::Play(_)
            | Command::Learn { .. }
            | Command::Puzzle { .. }
            | Command::Rating { .. }
            | Command::Forget { .. }
            | Command::MyData
            | Command::Profile { .. }
            | Command::Top { .. }
            | Command::List { .. }
            | Command::Rules { .. }
            | Command::Help { .. }
            | Command::Settings(_)
            | Command::Vacation { .. }
            | Command::Notify(_)
            | Command::Channel(_) => None,
        }
    }
}
