//! The one seat policy. Every match is seated one of two ways: by chat accounts (two players,
//! one player in practice, or one against the computer), or by a class's seats (pupils and
//! teams without accounts, moved for by their teacher, a pupil's bound account or a seat's
//! link on the class screen). This module alone tells the two apart and says what follows:
//! who may move which side, who is told instead of a seat, the language of the room's
//! notices, whether the clock runs and how a time-out ends, whether draws and take-backs are
//! asked of the opponent, and whether the result may be rated. The command path, the class
//! screen, the scheduler, the clock and the ratings all ask it.

use lalao_core::Side;

use crate::ids::UserId;
use crate::record::{same_name, seat_user, ClassLink, ClassRecord, MatchRecord, Pupil, Team, TeamOrder};

/// How a match is seated.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Seating<'a> {
    /// Players with chat accounts: each moves their own side.
    Accounts,
    /// A class's seats, played for by the class (see [`sides_held`]).
    Class(&'a ClassLink),
}

/// Why a caller may not move in a class match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SeatRefusal {
    /// The teacher paused the match.
    Paused,
    /// None of the seats to move is the caller's.
    NotYours,
}

impl<'a> Seating<'a> {
    pub(crate) fn of(record: &'a MatchRecord) -> Seating<'a> {
        match &record.class {
            Some(link) => Seating::Class(link),
            None => Seating::Accounts,
        }
    }

    /// Whether the match is a class's.
    pub(crate) fn is_class(self) -> bool {
        matches!(self, Seating::Class(_))
    }

    /// Whether its result may count for ratings (if the rest of the rating rules allow):
    /// never for a class's seats, which have no accounts and whose teacher may move for both.
    pub(crate) fn may_be_rated(self) -> bool {
        !self.is_class()
    }

    /// Whether the match's clock runs: a class match the teacher paused has no timers at all,
    /// so it cannot time out and nobody is reminded of a move they may not make.
    pub(crate) fn clock_runs(self) -> bool {
        !matches!(self, Seating::Class(link) if link.paused)
    }

    /// Whether an accepted match that nobody starts is aborted after the first-move window.
    /// Class matches are started by the teacher and played when the class meets (often a week
    /// later): the teacher cancels instead.
    pub(crate) fn aborts_unstarted(self) -> bool {
        !self.is_class()
    }

    /// The notice of a player out of time, when the channel leaves the outcome to the
    /// opponent: in a class the teacher decides for the seats.
    pub(crate) fn timeout_flag_key(self) -> &'static str {
        match self {
            Seating::Accounts => "timeout-flag",
            Seating::Class(_) => "class-timeout-flag",
        }
    }

    /// Why a draw cannot be offered, if it cannot: seats have no accounts to offer and
    /// accept, so the teacher decides (`class result`).
    pub(crate) fn draw_refusal(self) -> Option<&'static str> {
        self.is_class().then_some("class-ask-teacher-draw")
    }

    /// Why a take-back cannot be asked of the opponent, if it cannot: the teacher takes moves
    /// back (`class undo`).
    pub(crate) fn undo_refusal(self) -> Option<&'static str> {
        self.is_class().then_some("class-ask-teacher-undo")
    }

    /// Who is mentioned and written to instead of the seats that have no chat account: the
    /// class's teacher, who made the match. `None`: every seat is an account.
    pub(crate) fn stand_in(self, record: &MatchRecord) -> Option<&UserId> {
        self.is_class().then_some(&record.challenger)
    }

    /// Whether the notices the whole room reads are in one language, the class's: its screen
    /// is shared. Otherwise each player's.
    pub(crate) fn speaks_the_class_language(self) -> bool {
        self.is_class()
    }
}

/// The sides of a running class match that the caller may move: both for those who manage
/// the class (`manages`), else the seats of the pupils the caller holds (a bound account, or
/// the seat's own link on the class screen), and for a team in rotation only on that
/// member's turn.
pub(crate) fn sides_held(
    link: &ClassLink,
    class: &ClassRecord,
    record: &MatchRecord,
    caller: &UserId,
    manages: bool,
) -> Result<Vec<Side>, SeatRefusal> {
    if link.paused {
        return Err(SeatRefusal::Paused);
    }
    // A side played by vote moves only when its turn closes, as the class's own seat; the
    // other side is its player's (the teacher's, or the computer's).
    if record.vote.is_some() {
        let own = record.sides_of(caller);
        return match own.is_empty() {
            true => Err(SeatRefusal::NotYours),
            false => Ok(own),
        };
    }
    // In a simul the teacher plays their own side of each board, never a pupil's.
    if manages && link.simul {
        let own = record.sides_of(caller);
        if !own.is_empty() {
            return Ok(own);
        }
    } else if manages {
        return Ok(Side::BOTH.to_vec());
    }
    let held: Vec<&str> = class
        .pupils
        .iter()
        .filter(|pupil| holds_pupil(caller, pupil))
        .map(|pupil| pupil.name.as_str())
        .collect();
    let sides: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|side| {
            held.iter()
                .any(|name| seats_of(class, name, record).any(|(seat, allowed)| seat == *side && allowed))
        })
        .collect();
    match sides.is_empty() {
        true => Err(SeatRefusal::NotYours),
        false => Ok(sides),
    }
}

/// Whether the caller holds a seat of class match `record`, whoever's turn it is: a pupil's own
/// activity is theirs to see.
pub(crate) fn holds_a_seat(class: &ClassRecord, record: &MatchRecord, caller: &UserId) -> bool {
    class
        .pupils
        .iter()
        .filter(|pupil| holds_pupil(caller, pupil))
        .any(|pupil| seats_of(class, &pupil.name, record).next().is_some())
}

/// Whether the caller is this pupil: their bound chat account, or their seat link on the class
/// screen (which acts as the seat's pseudo-user, a user id no platform can produce).
pub(crate) fn holds_pupil(caller: &UserId, pupil: &Pupil) -> bool {
    pupil.account.as_ref() == Some(caller) || *caller == seat_user(&pupil.name)
}

/// The sides of class match `record` that pupil `name` holds, and whether each is theirs to
/// move now (a team in rotation moves by its members' turns). Moves typed in chat and tapped
/// on the class screen are both allowed by it.
pub(crate) fn seats_of<'a>(
    class: &'a ClassRecord,
    name: &'a str,
    record: &'a MatchRecord,
) -> impl Iterator<Item = (Side, bool)> + 'a {
    Side::BOTH.into_iter().filter_map(move |side| {
        let seat = record.players.as_ref()?[side.index()].local().to_owned();
        if same_name(&seat, name) {
            return Some((side, true));
        }
        let team = class.team(&seat)?;
        if !team.members.iter().any(|member| same_name(member, name)) {
            return None;
        }
        let allowed = match team.order {
            TeamOrder::Any => true,
            TeamOrder::Rotation => {
                expected_member(record, team, side).is_some_and(|member| same_name(member, name))
            }
        };
        Some((side, allowed))
    })
}

/// The member of `team` expected to play the team's next turn on `side` (rotation order).
pub(crate) fn expected_member<'a>(record: &MatchRecord, team: &'a Team, side: Side) -> Option<&'a str> {
    if team.members.is_empty() {
        return None;
    }
    // The team's turns so far: the moves its side made.
    let turns = record.movers().into_iter().filter(|mover| *mover == side).count();
    Some(team.members[turns % team.members.len()].as_str())
}
