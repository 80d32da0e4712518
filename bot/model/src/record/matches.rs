//! The match record: the source of truth of a match (its move list) with the state it caches,
//! its stage, its clock and where a platform shows it.

use lalao_core::any::{AnyOptions, SavedGame};
use lalao_core::{AnyGame, CoreError, Event, GameKind, Outcome, Side};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::codec::RecordError;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::rite::{Rite, Role};
use crate::timing::MatchClock;

/// How a finished match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// The rules ended it.
    Game {
        outcome: Outcome,
    },
    Resigned {
        side: Side,
    },
    DrawAgreed,
    /// A class teacher decided the result (`class result`): `winner: None` is a draw.
    Adjudicated {
        winner: Option<Side>,
        /// Who decided (not `by`: that is the tag of this enum).
        judge: UserId,
    },
    /// A placement-only activity (RULES.md §2.3) ended when every pawn was placed.
    ActivityDone,
    /// `side` ran out of time (claimed by the opponent, or the channel's automatic forfeit).
    Timeout {
        side: Side,
    },
}

/// The life of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Waiting for the named opponent (or, for an open challenge, anyone) to accept.
    Challenge,
    /// Mangala IV's opening rite (M-3).
    Rite {
        rite: Rite,
    },
    Playing,
    Finished {
        ending: Ending,
    },
    Declined,
    Cancelled {
        by: UserId,
    },
    /// The challenge was not accepted in time.
    Expired,
    /// Nobody moved within the first-move window: not counted.
    Aborted,
}

impl Stage {
    pub fn is_active(&self) -> bool {
        matches!(self, Stage::Challenge | Stage::Rite { .. } | Stage::Playing)
    }
}

/// One match: who, what game, the canonical move list (the source of truth) and the current
/// state (a cache of replaying the moves, so a move costs no replay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub v: u32,
    pub id: MatchId,
    /// Bumped by every change; commits compare-and-swap on the whole record.
    pub version: u64,
    pub channel: ChannelId,
    pub game: GameKind,
    /// Game options as given to `lalao rules` (a random start's seed included).
    pub options: Map<String, Value>,
    pub variants: Vec<String>,
    pub challenger: UserId,
    /// `None` for an open challenge not yet accepted, and for practice.
    pub opponent: Option<UserId>,
    pub practice: bool,
    /// The side the challenger asked for (games without the rite).
    pub challenger_side: Option<Side>,
    /// Who plays each side, indexed by [`Side::index`], once play has started.
    pub players: Option<[UserId; 2]>,
    pub stage: Stage,
    pub moves: Vec<String>,
    pub state: SavedGame,
    /// What the last move did (for the board's last-move marks).
    pub last_events: Vec<Event>,
    pub draw_offer: Option<UserId>,
    pub undo_request: Option<UserId>,
    /// Unix seconds.
    pub created_at: u64,
    pub updated_at: u64,
    /// Set on class matches (seats, tournaments, activities); absent on every other match, so
    /// records written before classes existed decode unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<crate::record::ClassLink>,
    /// Time control, turn and timers (version 2; see docs/time-controls.md).
    #[serde(default)]
    pub clock: MatchClock,
    /// Set when one side is the computer (`players` names it `lalao:computer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
    /// Where the platform shows the match (version 4); empty when it never said.
    #[serde(default, skip_serializing_if = "Post::is_empty")]
    pub post: Post,
    /// A rated game's effect on each side's rating (indexed by [`Side::index`]), written in
    /// the commit that finished it; absent on unrated and unfinished matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_change: Option<[super::RatingChange; 2]>,
    /// The challenger asked for a friendly game (`rated=no`): never rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated: bool,
    /// (v4, later) Where a rated game counts for leaderboards: its channel's server, else the
    /// channel (set with the rating change).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// The match's public id: an unguessable token naming its live page
    /// (`/m/<public>`), made the first time a link to it is given. Bookkeeping: setting it
    /// does not move `version`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<String>,
    /// (v5, later) The position the match started from, in the game's canonical notation
    /// (docs/notation.md), when it was set (`play … position=`); `None`: the standard start of
    /// its options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// (v6, later) Set on a lesson (`learn`): a practice match whose position is the current
    /// step's (`start`), judged by the course instead of played on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<LessonLink>,
    /// (v6) The finished match this one plays again (`rematch`): the matches so linked are a
    /// series, whose score the end of each tells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<MatchId>,
    /// (v7, later) Set on a puzzle (`puzzle`): a practice match from the puzzle's position, whose
    /// moves are judged against the puzzle's line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<super::PuzzleLink>,
    /// (v8) Conditional moves (`plan`): each player's "if they play X, I play Y", played by the
    /// bot as soon as the opponent's move matches, and set aside when it does not. Only their
    /// author is shown them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<Plan>,
    /// A side played by vote (`class vote`), with its open turn's ballots. Absent in older
    /// records and in every other match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vote: Option<super::VoteBox>,
}

/// One player's conditional moves in a match: pairs of the opponent's next move and the answer
/// to play to it, in order. The first pair is about the opponent's next move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub side: Side,
    pub pairs: Vec<PlannedReply>,
}

/// "If they play `theirs`, I play `mine`", both in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedReply {
    pub theirs: String,
    pub mine: String,
}

/// Where a lesson stands: its course is the match's game's (bot/learn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonLink {
    /// The lesson's number in its course, from 1.
    pub lesson: u32,
    /// The step being tried, from 1.
    pub step: u32,
    /// Wrong tries (and hints) so far in this lesson: they cost stars.
    pub wrong: u32,
}

/// Where a platform shows a match: delivery bookkeeping, not match state, so writing it does
/// not bump the match's `version` (the buttons of the message just posted carry the version).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Post {
    /// The platform's id of the message that announced the match (the challenge with its Accept
    /// button), in the match's channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The thread the match is played in, when its channel starts one per match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<ChannelId>,
}

impl Post {
    pub fn is_empty(&self) -> bool {
        *self == Post::default()
    }
}

impl MatchRecord {
    /// The one way a match record is made: a match of `game`'s kind, in its state, in
    /// `channel`, offered by `challenger` at `now`, being played, with nothing else set (the
    /// game's standard options, no set start). Each kind of match (a challenge, a lesson, a
    /// puzzle, a class's seat) sets what makes it so on top:
    /// `MatchRecord { practice: true, ..MatchRecord::new(…) }`. The id is given when it is
    /// stored.
    pub fn new(channel: ChannelId, challenger: UserId, game: &AnyGame, now: u64) -> MatchRecord {
        MatchRecord {
            v: super::RECORD_VERSION,
            id: MatchId(0),
            version: 1,
            channel,
            game: game.kind(),
            options: Map::new(),
            variants: Vec::new(),
            challenger,
            opponent: None,
            practice: false,
            challenger_side: None,
            players: None,
            stage: Stage::Playing,
            moves: Vec::new(),
            state: game.save(),
            last_events: Vec::new(),
            draw_offer: None,
            undo_request: None,
            created_at: now,
            updated_at: now,
            class: None,
            clock: MatchClock::default(),
            computer: None,
            post: Post::default(),
            rating_change: None,
            unrated: false,
            community: None,
            public: None,
            start: None,
            lesson: None,
            rematch_of: None,
            puzzle: None,
            plans: Vec::new(),
            vote: None,
        }
    }

    /// A lesson or a puzzle: a match played against a course or a puzzle's solution, judged
    /// by teaching rather than played on, with no clock, offers or moves played for anyone.
    pub fn is_activity(&self) -> bool {
        self.lesson.is_some() || self.puzzle.is_some()
    }

    /// Where an activity is, in a few words that tell its boards apart (its boards may all
    /// start with no moves): the lesson and its step, or the puzzle and how many of its
    /// homework are left; `None` for a match.
    pub fn activity_mark(&self) -> Option<String> {
        match (&self.lesson, &self.puzzle) {
            (Some(lesson), _) => Some(format!("lesson {} {}", lesson.lesson, lesson.step)),
            (None, Some(puzzle)) => Some(format!(
                "puzzle {} {}",
                puzzle.id,
                puzzle.homework.map_or(0, |(left, _)| left)
            )),
            (None, None) => None,
        }
    }

    /// An activity answered with a side rather than a move (a Mangala IV puzzle: who wins the
    /// forced game from here), with `side` like the coin game's choice.
    pub fn is_answered_with_a_side(&self) -> bool {
        self.puzzle.is_some() && self.stage == Stage::Playing && self.game == GameKind::Mangala
    }

    /// The events a board of the match marks: its last move's, but none on a lesson's board,
    /// whose kept events are the last answer's, played on the step before.
    pub fn events_to_mark(&self) -> &[Event] {
        match self.lesson {
            Some(_) => &[],
            None => &self.last_events,
        }
    }

    /// The game before the first move: the set position if the match has one, else the
    /// standard start of its options.
    pub fn initial_game(&self) -> Result<AnyGame, CoreError> {
        let options = AnyOptions::from_json(self.game, &self.options, &self.variants)?;
        match &self.start {
            Some(position) => AnyGame::from_position(options, position),
            None => AnyGame::new(options),
        }
    }

    /// The side that made each move, in order: a replay of the move list from the start, which
    /// stops at a move the game refuses (an unreadable record's).
    pub fn movers(&self) -> Vec<Side> {
        let Ok(mut game) = self.initial_game() else {
            return Vec::new();
        };
        let mut movers = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let side = game.to_move();
            if game.play(text).is_err() {
                break;
            }
            movers.push(side);
        }
        movers
    }

    /// The current game: the stored state, or, if its format is one this build cannot read,
    /// a replay of the move list (the state-format migration path).
    pub fn current_game(&self) -> Result<AnyGame, RecordError> {
        match self.state.clone().restore() {
            Ok(game) => Ok(game),
            Err(_) => self.replay(self.moves.len()),
        }
    }

    /// The game after the first `count` moves.
    pub fn replay(&self, count: usize) -> Result<AnyGame, RecordError> {
        let error = |err: CoreError| RecordError::Game {
            id: self.id,
            message: err.to_string(),
        };
        let mut game = self.initial_game().map_err(error)?;
        for text in &self.moves[..count.min(self.moves.len())] {
            game.play(text).map_err(error)?;
        }
        Ok(game)
    }

    /// The role of `user` in the challenge, if any.
    pub fn role_of(&self, user: &UserId) -> Option<Role> {
        if *user == self.challenger {
            Some(Role::Challenger)
        } else if self.opponent.as_ref() == Some(user) {
            Some(Role::Opponent)
        } else {
            None
        }
    }

    pub fn user_of(&self, role: Role) -> Option<&UserId> {
        match role {
            Role::Challenger => Some(&self.challenger),
            Role::Opponent => self.opponent.as_ref(),
        }
    }

    /// The sides `user` plays (both in practice).
    pub fn sides_of(&self, user: &UserId) -> Vec<Side> {
        match &self.players {
            Some(players) => Side::BOTH
                .into_iter()
                .filter(|side| players[side.index()] == *user)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Everyone taking part.
    pub fn participants(&self) -> Vec<UserId> {
        let mut all = vec![self.challenger.clone()];
        if let Some(opponent) = &self.opponent {
            if *opponent != self.challenger {
                all.push(opponent.clone());
            }
        }
        all
    }

    pub fn is_participant(&self, user: &UserId) -> bool {
        self.role_of(user).is_some()
    }
}

/// The computer's seat in a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    /// `random`, `kind`, `easy`, `medium` or `hard` ([`lalao_core::ai::Level::id`]).
    pub level: String,
    /// The match's seed: move `n` is searched with `seed + n`, so a match replays exactly.
    pub seed: u64,
}

impl ComputerSeat {
    pub fn level(&self) -> lalao_core::ai::Level {
        lalao_core::ai::Level::from_id(&self.level).unwrap_or(lalao_core::ai::Level::Medium)
    }
}
