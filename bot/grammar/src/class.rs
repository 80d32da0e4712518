//! The class subcommands as the grammar gives them (docs/classroom.md).

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use lalao_model::ids::MatchId;
use lalao_model::record::TeamOrder;

/// A game with its options, as `play` takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub game: GameKind,
    pub options: Vec<(String, String)>,
    pub variants: Vec<String>,
    /// A position to start from (`position=`, the rest of the line), as for `play`.
    pub position: Option<String>,
}

/// Every class command. Management commands are the teacher's (and moderators').
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassCommand {
    Show,
    New {
        name: Option<String>,
        locale: Option<Locale>,
        style: Option<Style>,
    },
    Add {
        names: Vec<String>,
    },
    Remove {
        name: String,
    },
    /// Erases a pupil for good: off the roster, and their name out of every record of the class
    /// (its past matches say "a former pupil").
    Erase {
        name: String,
    },
    /// Binds a pupil's seat to their own chat account (`class bind ana @ana`).
    Bind {
        name: String,
        mention: String,
    },
    Team {
        name: String,
        members: Vec<String>,
        order: TeamOrder,
    },
    /// One match between two seats (pupils or teams).
    Match {
        seats: [String; 2],
        spec: GameSpec,
    },
    /// The fano placement-only activity: ends when every pawn is placed.
    Activity {
        seats: [String; 2],
        spec: GameSpec,
    },
    Tournament {
        spec: GameSpec,
        /// `Some(rounds)`: Swiss pairing (0: the default number); `None`: round robin.
        swiss: Option<u32>,
        /// The class's teams play instead of its pupils.
        teams: bool,
    },
    Standings,
    Csv,
    /// Each pupil's lessons and stars, homework, puzzle ratings and matches as CSV, and the
    /// class's print page.
    Report,
    /// The teacher (whoever starts it) against every pupil at once, one match each, the
    /// pupils moving first on their seats.
    Simul {
        spec: GameSpec,
        /// Whether a pupil's finished board starts again (`restart=off` keeps it finished).
        restart: bool,
    },
    /// Ends the running simul: its boards still played are cancelled.
    SimulStop,
    /// The class plays one side of a match by vote, against the computer at `level` or,
    /// with no level, against the teacher (whoever starts it).
    Vote {
        spec: GameSpec,
        level: Option<lalao_core::ai::Level>,
        /// How long a turn stays open; the class's default when not said.
        seconds: Option<u32>,
        /// Whether a pupil may change their vote until the turn closes.
        change: bool,
    },
    /// The teacher closes the open turn now: the most voted move is played.
    VotePlay,
    /// Ends the running vote: its match is cancelled.
    VoteStop,
    /// After the vote's game, who voted what at each turn.
    VoteReveal,
    /// A pupil's vote, tapped on their seat: a move of the vote's match `id`, or `draw` or
    /// `resign`. Tapped, never typed: no verb of the table makes it.
    Ballot {
        id: MatchId,
        text: String,
    },
    /// The class's whole data as a file, with the tournament's results as CSV.
    Export,
    Dashboard,
    /// The class screen's link, told to the teacher alone; `new` makes new links,
    /// and every old one stops working.
    Link {
        new: bool,
    },
    /// Changes the class's name, language or board style, or whether a pupil who finishes a
    /// lesson on their seat may start the course's next one there (`next=on|off`; teacher or
    /// moderator).
    Settings {
        name: Option<String>,
        locale: Option<Locale>,
        style: Option<Style>,
        go_on: Option<bool>,
        /// How many days the class keeps a finished match, lesson or homework (`keep=90`):
        /// older ones are removed by the daily housekeeping (docs/privacy.md).
        keep: Option<u32>,
    },
    /// Removes the class from the channel (teacher or moderator), once no class match is active.
    Delete,
    Pause {
        id: MatchId,
    },
    Resume {
        id: MatchId,
    },
    Undo {
        id: MatchId,
    },
    Restart {
        id: MatchId,
    },
    /// A lesson of a game's course for every pupil, on their seats (`class learn katro 2`;
    /// without a number, the first lesson of the course).
    Learn {
        game: GameKind,
        lesson: Option<u32>,
    },
    /// A puzzle on the class's own board, for the projector: the class finds the answer
    /// together, and the teacher plays it or reveals the solution (`hint`).
    Puzzle {
        game: GameKind,
    },
    /// Puzzles for every pupil, at their level, one after another on their seats
    /// (`class homework katro 5`; without a count, 5).
    Homework {
        game: GameKind,
        count: Option<u32>,
    },
    /// Every pupil's stars in the lessons, and their homework.
    Progress,
    /// Adjudicates a result: a seat name, a side name, or `draw`.
    Result {
        id: MatchId,
        winner: String,
    },
    /// A pupil's seat page asks for the course's next lesson after their finished lesson `id`
    /// (the button under its last board, where the class allows it). Tapped, never typed: no
    /// verb of the table makes it.
    GoOn {
        id: MatchId,
    },
}

impl ClassCommand {
    pub fn name(&self) -> &'static str {
        match self {
            ClassCommand::Show => "class-show",
            ClassCommand::New { .. } => "class-new",
            ClassCommand::Add { .. } => "class-add",
            ClassCommand::Remove { .. } => "class-remove",
            ClassCommand::Erase { .. } => "class-erase",
            ClassCommand::Bind { .. } => "class-bind",
            ClassCommand::Team { .. } => "class-team",
            ClassCommand::Match { .. } => "class-match",
            ClassCommand::Activity { .. } => "class-activity",
            ClassCommand::Tournament { .. } => "class-tournament",
            ClassCommand::Standings => "class-standings",
            ClassCommand::Csv => "class-csv",
            ClassCommand::Report => "class-report",
            ClassCommand::Simul { .. } => "class-simul",
            ClassCommand::SimulStop => "class-simul-stop",
            ClassCommand::Vote { .. } => "class-vote",
            ClassCommand::VotePlay => "class-vote-play",
            ClassCommand::VoteStop => "class-vote-stop",
            ClassCommand::VoteReveal => "class-vote-reveal",
            ClassCommand::Ballot { .. } => "class-ballot",
            ClassCommand::Export => "class-export",
            ClassCommand::Dashboard => "class-dashboard",
            ClassCommand::Link { new: false } => "class-link",
            ClassCommand::Link { new: true } => "class-link-new",
            ClassCommand::Settings { .. } => "class-settings",
            ClassCommand::Delete => "class-delete",
            ClassCommand::Pause { .. } => "class-pause",
            ClassCommand::Resume { .. } => "class-resume",
            ClassCommand::Undo { .. } => "class-undo",
            ClassCommand::Restart { .. } => "class-restart",
            ClassCommand::Result { .. } => "class-result",
            ClassCommand::Learn { .. } => "class-learn",
            ClassCommand::Puzzle { .. } => "class-puzzle",
            ClassCommand::Homework { .. } => "class-homework",
            ClassCommand::Progress => "class-progress",
            ClassCommand::GoOn { .. } => "class-go-on",
        }
    }

    /// Whether the command only shows the class (its roster, standings, dashboard).
    pub fn shows_only(&self) -> bool {
        matches!(
            self,
            ClassCommand::Show
                | ClassCommand::Standings
                | ClassCommand::Csv
                | ClassCommand::Report
                | ClassCommand::Export
                | ClassCommand::Dashboard
                | ClassCommand::Progress
        )
    }

    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            ClassCommand::Pause { id }
            | ClassCommand::Resume { id }
            | ClassCommand::Undo { id }
            | ClassCommand::Restart { id }
            | ClassCommand::Result { id, .. }
            | ClassCommand::GoOn { id } => Some(*id),
            _ => None,
        }
    }
}
