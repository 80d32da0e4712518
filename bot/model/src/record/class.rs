//! A class's stored records (docs/classroom.md): its roster, teams, tournament and screen links,
//! what a class match carries, and the seats' pseudo-users.

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

use crate::ids::{ChannelId, MatchId, UserId};

/// Longest pupil or team name (a first name, shown on boards).
pub const MAX_NAME: usize = 20;

/// The longest class name (it heads the roster, the standings and the dashboard).
pub const MAX_CLASS_NAME: usize = 40;

/// The most teams a class has (a class of 40 pupils makes at most 20 pairs).
pub const MAX_TEAMS: usize = 20;

/// How many finished matches the dashboard shows besides the active ones (`class standings`
/// counts them all).
pub const DASHBOARD_FINISHED: usize = 10;
/// Largest class: more than a school class, small enough for any board and table.
pub const MAX_PUPILS: usize = 40;

/// How a team's members take the team's turns (RULES.md E-3: display only, the rules see one
/// player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamOrder {
    /// Member `t mod size` plays the team's t-th turn.
    Rotation,
    /// Any member may move.
    Any,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pupil {
    pub name: String,
    /// The pupil's own chat account, if they have one and the teacher bound it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<UserId>,
    /// (v6) Stars of the lessons the pupil finished on their seat (`class learn`), as a
    /// player's `learned`.
    #[serde(default, skip_serializing_if = "super::Learned::is_empty")]
    pub learned: super::Learned,
    /// (v7) The pupil's puzzle ratings and streaks on their seat, as a player's `puzzles`.
    #[serde(default, skip_serializing_if = "super::Puzzles::is_empty")]
    pub puzzles: super::Puzzles,
    /// (v7) The puzzles of the last homework the pupil finished, in order, and whether each
    /// was solved (`class progress`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub homework: Vec<(String, bool)>,
}

impl Pupil {
    /// A pupil just seated: no account bound, nothing learned or tried yet.
    pub fn new(name: &str) -> Pupil {
        Pupil {
            name: name.to_owned(),
            account: None,
            learned: Default::default(),
            puzzles: Default::default(),
            homework: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    /// Pupil names, in rotation order.
    pub members: Vec<String>,
    pub order: TeamOrder,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    RoundRobin,
    Swiss { rounds: u32 },
}

/// One game of a tournament round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Entrant indices into [`Tournament::entrants`]; `white` holds the first side.
    pub white: usize,
    pub black: usize,
    pub match_id: MatchId,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub games: Vec<Pairing>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<usize>,
}

/// A tournament: its game, its entrants (seat names, fixed at the start) and the rounds paired
/// so far. Results live in the match records; standings are computed from them, so a result
/// can never disagree with its match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub game: GameKind,
    pub options: Map<String, Value>,
    pub variants: Vec<String>,
    pub format: Format,
    pub entrants: Vec<String>,
    pub rounds: Vec<Round>,
    pub started_at: u64,
    /// The end was announced (it is said once).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub announced_over: bool,
    /// (v5, later) The position every match of the tournament starts from, when set
    /// (`class tournament … position=`), as the engine writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Tournament {
    pub fn planned_rounds(&self) -> usize {
        match self.format {
            Format::RoundRobin => round_robin_rounds(self.entrants.len()),
            Format::Swiss { rounds } => rounds as usize,
        }
    }
}

/// `class/<channel>`: a channel's class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClassRecord {
    pub v: u32,
    pub channel: ChannelId,
    /// Bumped by every change; commits compare-and-swap on the whole record.
    pub version: u64,
    pub name: String,
    pub teacher: UserId,
    /// Language and board style of everything in the class's channel.
    pub locale: Locale,
    pub style: Style,
    pub pupils: Vec<Pupil>,
    #[serde(default)]
    pub teams: Vec<Team>,
    /// The class's matches, oldest first (the dashboard lists them): every active one, and the
    /// latest [`FINISHED_KEPT`] finished ones; older finished matches leave the list when new
    /// ones join it (their records stay), counted in `earlier`.
    #[serde(default)]
    pub matches: Vec<MatchId>,
    /// Finished matches that left `matches`. Absent in older records (0). A build that predates
    /// it ignores it and may drop it when it rewrites the class, which only lowers the count the
    /// dashboard shows of the class's matches.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub earlier: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Tournament>,
    pub created_at: u64,
    /// The class screen's links, once the teacher asked for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen: Option<ScreenLinks>,
    /// How many pupils were erased (`class erase`): each one's seat in the class's records is
    /// then "a former pupil" with this number. Absent in older records (0); a build that
    /// predates it ignores it and may drop it, after which a later erase may reuse a number,
    /// which only makes two former pupils share a name.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub erased: u64,
    /// Whether a pupil who finishes a class lesson on their seat may go on to the course's
    /// next lesson there with one tap (`class settings next=on`). Off unless the teacher turns
    /// it on: the class learns the lessons the teacher gives. Absent in older records (off); a
    /// build that predates it ignores it, and may drop it when it rewrites the class, which
    /// turns the setting off.
    #[serde(default, skip_serializing_if = "is_false")]
    pub go_on: bool,
    /// How many days the class keeps a finished match, lesson or homework (`class settings
    /// keep=90`): older ones are removed by the daily housekeeping. `None`: the operator's
    /// default (`LALAO_KEEP_DAYS`), or for ever. Absent in older records; a build that predates
    /// it ignores it and may drop it when it rewrites the class, which falls back to the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_days: Option<u32>,
    /// The first board of the class's last simul (`class simul`): its score counts the simul
    /// boards from it on. Absent in older records and before a first simul; a build that
    /// predates it ignores it and may drop it, after which no simul is running for the class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simul_from: Option<MatchId>,
    /// The last simul keeps its finished boards finished (`class simul … restart=off`);
    /// absent, they start again for their pupils.
    #[serde(default, skip_serializing_if = "is_false")]
    pub simul_keep: bool,
    /// The class's last vote (`class vote`): the match the class plays by vote. Absent in
    /// older records and before a first vote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vote_match: Option<MatchId>,
}

fn is_zero(count: &u64) -> bool {
    *count == 0
}

fn is_false(on: &bool) -> bool {
    !*on
}

/// Finished matches a class record keeps listed (the screen's and the dashboard's latest, the
/// lessons' replays); older ones leave the list, so the record and what reads it stay bounded
/// however long a class runs.
pub const FINISHED_KEPT: usize = 200;

impl ClassRecord {
    pub fn pupil(&self, name: &str) -> Option<&Pupil> {
        self.pupils.iter().find(|pupil| same_name(&pupil.name, name))
    }

    pub fn team(&self, name: &str) -> Option<&Team> {
        self.teams.iter().find(|team| same_name(&team.name, name))
    }

    /// A seat's name as written in the roster (pupil or team), whatever the case typed.
    pub fn seat_name(&self, name: &str) -> Option<String> {
        self.pupil(name)
            .map(|pupil| pupil.name.clone())
            .or_else(|| self.team(name).map(|team| team.name.clone()))
    }
}

/// What a class match carries in its [`super::MatchRecord`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassLink {
    /// The teacher paused the match: no moves until `class resume`, and no timers (a paused
    /// match never times out).
    #[serde(default)]
    pub paused: bool,
    /// When the pause began: on resume the turn's clock gets that time back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_at: Option<u64>,
    /// The placement-only activity: the match ends when every pawn is placed.
    #[serde(default)]
    pub activity: bool,
    /// 1-based tournament round, if the match belongs to the class tournament.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// A board of a simul (`class simul`): a pupil's seat against the teacher, who moves only
    /// their own side. Absent in older records (false).
    #[serde(default, skip_serializing_if = "is_false")]
    pub simul: bool,
}

/// Names compare without case ("ana" finds "Ana").
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// A first name or team name a board can show: letters (any script), digits, `-`, `_`, `'`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '\'')
        && !name.starts_with('#')
        && !name.chars().all(|c| c.is_ascii_digit())
}

/// The pseudo-user that holds a seat in a class match.
pub fn seat_user(name: &str) -> UserId {
    UserId(format!("seat:{name}"))
}

pub fn is_seat(user: &UserId) -> bool {
    user.as_str().starts_with("seat:")
}

/// A seat holds no account: only bound accounts are mentioned.
pub fn mentionable(user: &UserId) -> bool {
    !is_seat(user) && !crate::ids::is_voters(user)
}

/// The class screen's links, in the class record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenLinks {
    /// The screen's id: the first half of every link.
    pub id: String,
    /// The teacher's secret.
    pub teacher: String,
    /// Each pupil's secret, by the name the roster writes.
    #[serde(default)]
    pub seats: BTreeMap<String, String>,
    /// The projector's secret: its page shows the boards, plays nothing and shows no link.
    /// Links made before it existed get one when the teacher next asks for the links.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub projector: Option<String>,
}

impl ScreenLinks {
    /// New links for a class: the screen's id and every secret from `new_secret`.
    pub fn new(pupils: &[Pupil], mut new_secret: impl FnMut() -> String) -> ScreenLinks {
        let mut links = ScreenLinks {
            id: new_secret(),
            teacher: new_secret(),
            seats: BTreeMap::new(),
            projector: None,
        };
        links.fill(pupils, &mut new_secret);
        links
    }

    /// Gives every pupil without a secret one, and drops those of pupils who left.
    pub fn fill(&mut self, pupils: &[Pupil], mut new_secret: impl FnMut() -> String) {
        if self.projector.is_none() {
            self.projector = Some(new_secret());
        }
        self.seats
            .retain(|name, _| pupils.iter().any(|pupil| &pupil.name == name));
        for pupil in pupils {
            self.seats
                .entry(pupil.name.clone())
                .or_insert_with(&mut new_secret);
        }
    }

    pub fn teacher_token(&self) -> String {
        format!("{}{}", self.id, self.teacher)
    }

    pub fn projector_token(&self) -> Option<String> {
        self.projector
            .as_ref()
            .map(|secret| format!("{}{secret}", self.id))
    }

    pub fn seat_token(&self, name: &str) -> Option<String> {
        self.seats.get(name).map(|secret| format!("{}{secret}", self.id))
    }
}

/// Rounds of a round robin between `n` entrants (one bye a round when `n` is odd).
pub fn round_robin_rounds(n: usize) -> usize {
    if n < 2 {
        0
    } else if n.is_multiple_of(2) {
        n - 1
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pupils_can_have() {
        assert!(valid_name("Ana"));
        assert!(valid_name("Zoé"));
        assert!(valid_name("Jean-Luc"));
        assert!(valid_name("N'Golo"));
        assert!(!valid_name(""));
        assert!(!valid_name("#3"));
        assert!(!valid_name("12"));
        assert!(!valid_name("a b"));
        assert!(!valid_name("@ana"));
        assert!(!valid_name(&"x".repeat(MAX_NAME + 1)));
        assert!(same_name("ana", "ANA"));
        assert!(is_seat(&seat_user("Ana")));
        assert_eq!(seat_user("Ana").local(), "Ana");
    }
}
