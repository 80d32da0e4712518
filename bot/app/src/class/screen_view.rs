//! What a class screen shows: whom its link speaks for, its boards with the moves a tap may
//! make, the standings, and the answer to a tapped move.

use lalao_core::{AnyGame, Event};
use lalao_renderer::Locale;

use crate::ids::MatchId;
use crate::kernel::Outcome;
use crate::record::{is_seat, ClassRecord, MatchRecord};

/// Whom a link speaks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Access {
    /// The teacher: every match, every seat.
    Teacher,
    /// One pupil: their matches, their seat (or their team's, in their turn).
    Seat(String),
    /// The projected screen: every match, read only, and no link.
    Projector,
}

/// One board on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenBoard {
    pub id: MatchId,
    /// "Match #3 · Fano".
    pub title: String,
    /// The fingerprint of what the board shows ([`MatchRef::board`]): a tap carries it, and
    /// is refused if the match moved on meanwhile.
    pub board: u32,
    /// The board's picture as SVG, with a tap target on every cell, square and pit.
    pub svg: String,
    /// The players, "Ana (White)", in the sides' order.
    pub players: Vec<String>,
    /// Who moves, in capitals ("ANA"), or how the match ended.
    pub turn: String,
    /// Whether it is a player's turn (the page marks it), not over or paused.
    pub playing: bool,
    /// The moves this link may play now: none when it is not theirs to play.
    pub moves: Vec<TapMove>,
    /// The board for screen readers.
    pub description: String,
    /// The last move captured something: the page may sound it.
    pub captured: bool,
    /// On an activity's board: what it asks (or how it ended), the page's largest words.
    pub activity: Option<String>,
    /// On an activity's board: the places its sentence points at, highlighted (as tap
    /// targets name them).
    pub targets: Vec<String>,
    /// On an activity's board, once a sowing move was right: the address of its animated
    /// replay (the move on the step it was played on), for as long as it stays as it is.
    pub replay: Option<String>,
    /// On the teacher's screen, under a match between seats that is over: it may be played
    /// again (the same seats, sides swapped) with one tap.
    pub again: bool,
    /// On the teacher's and the projector's screens, whose activity it is: a pupil's name,
    /// or that it is the class's own board.
    pub owner: Option<String>,
    /// On the teacher's screen, a pupil's own activity: drawn small, beside the
    /// others, so that the whole class is seen at a glance.
    pub pupil: bool,
    /// On a seat, how to play by taps, in words a child who cannot read notation follows.
    pub how: Option<String>,
    /// The notation of what the page says in words, as small print.
    pub small: Option<String>,
    /// The way the move the page names goes, from its first place to its second (as tap
    /// targets name them): drawn as an arrow, so that a direction needs no words.
    pub arrow: Option<(String, String)>,
    /// On a seat, an activity that is over and that the pupil
    /// looks at before the next: the name the page remembers it by once seen.
    pub look: Option<String>,
    /// On a seat, an activity that waits for the one before it: the pupil does one at a time,
    /// in the order the teacher gave them.
    pub later: bool,
    /// On a seat, under an activity that is over: another one follows, one tap away.
    pub next: bool,
    /// Not the match as it is but a board of its past, only to be looked at: the activity
    /// done before the one the match is on.
    pub past: bool,
    /// On a seat whose class allows it, under the pupil's finished activity: the title of the
    /// one that follows it, which one tap starts there.
    pub go_on: Option<String>,
    /// On the class's vote, its open turn: the tally, the time, and what this page may do.
    pub vote: Option<VoteView>,
    /// On the teacher's and the projector's screens, a simul's board: drawn in a mosaic with
    /// the simul's others, named by its pupil.
    pub mosaic: bool,
}

/// The open turn of the class's vote as a page shows it: every proposed move with its votes
/// (names hidden), lit on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoteView {
    /// "3 votes of 5", in the class's language.
    pub line: String,
    /// When the turn closes (Unix seconds), for the page's countdown; `None` until a first vote.
    pub closes_at: Option<u64>,
    /// The proposals, the one that would be played first.
    pub rows: Vec<TallyRow>,
    /// On a seat, what this pupil voted (its words), if they did.
    pub mine: Option<String>,
    /// On the teacher's page, while someone has voted: "Play it" closes the turn now.
    pub play_now: bool,
}

/// One proposed move and its votes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TallyRow {
    /// The move in notation (small print), or the word (`resign`).
    pub text: String,
    /// Its places as taps name them, lit on the board.
    pub from: Option<String>,
    pub to: Option<String>,
    pub votes: usize,
    /// The move that would be played if the turn closed now.
    pub leading: bool,
}

/// A legal move as taps on the board: where it starts (`from`, a target's name), then where
/// it goes (`to`: a square or cell, or for a Katro sowing the hole its first seed falls in,
/// which tells its two directions apart without words). A move without `to` is played by
/// tapping its place again; one without `from` (Mangala's `pass`) is a button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapMove {
    /// The move in the notation, as it is sent back.
    pub text: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// The legal moves of `game` as taps.
pub fn tap_moves(game: &AnyGame) -> Vec<TapMove> {
    let katro = match game {
        AnyGame::Katro(katro) => Some(katro.columns()),
        _ => None,
    };
    let hole_name = |hole: u16, columns: usize| {
        let (row, column) = (usize::from(hole) / columns, usize::from(hole) % columns);
        format!("{}{}", char::from(b'a' + column as u8), row + 1)
    };
    let place = |text: &str| match katro {
        Some(_) => text.trim_end_matches(|c: char| c.is_ascii_uppercase()).to_owned(),
        None => text.to_owned(),
    };
    game.legal_moves()
        .into_iter()
        .map(|text| {
            let (from, to) = if let Some(cell) = text.strip_prefix('@') {
                (Some(cell.to_owned()), None)
            } else if let Some((from, to)) = text.split_once('-') {
                (Some(from.to_owned()), Some(place(to)))
            } else if let Some(columns) = katro {
                // Where the first seed falls: the next hole one way or the other.
                let mut after = game.clone();
                let first = after.play(&text).ok().and_then(|events| {
                    events.iter().find_map(|event| match event {
                        Event::Lap { sown, .. } => sown.first().copied(),
                        _ => None,
                    })
                });
                (Some(place(&text)), first.map(|hole| hole_name(hole, columns)))
            } else if text.starts_with('h') && text[1..].bytes().all(|b| b.is_ascii_digit()) {
                (Some(text.clone()), None)
            } else {
                (None, None)
            };
            TapMove { text, from, to }
        })
        .collect()
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub rank: usize,
    pub name: String,
    pub points: String,
}

/// A round's pairings as the print page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairs {
    /// "Katro · round 2 of 5".
    pub title: String,
    /// First side, second side, and the result so far (`1-0`, `0-1`, `½-½`, `-` none, empty
    /// while it is played).
    pub games: Vec<(String, String, String)>,
    pub bye: Option<String>,
}

/// What the teacher's print page shows: the report's table, the tournament's round and
/// standings, and a card per pupil with their seat's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassPrint {
    pub locale: Locale,
    pub title: String,
    /// The table's printed headers: the pupil, teaching's columns, matches played and won.
    pub headers: Vec<String>,
    /// One row per pupil, under `headers`.
    pub rows: Vec<Vec<String>>,
    pub round: Option<Pairs>,
    pub standings: Vec<Standing>,
    /// Each pupil's name and seat link (empty before the class has its pages).
    pub cards: Vec<(String, String)>,
}

/// What a class screen link shows now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassScreen {
    pub locale: Locale,
    /// The class's name (and the pupil's, on a seat link).
    pub title: String,
    pub access: Access,
    /// "Round 2 of 5", during a tournament.
    pub round: Option<String>,
    pub standings: Vec<Standing>,
    pub boards: Vec<ScreenBoard>,
    /// On the teacher's screen: each pupil's name and seat link.
    pub seats: Vec<(String, String)>,
    /// On the teacher's screen: what each pupil learned, one line each.
    pub progress: Vec<String>,
    /// Changes whenever anything shown changes: a page redraws when it does.
    pub version: u64,
}

/// A move tapped on a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenPlay {
    pub id: MatchId,
    /// The board the tap was made on ([`ScreenBoard::board`]).
    pub board: u32,
    pub text: String,
    /// Made by the page for this move: the same nonce again is the same move.
    pub nonce: String,
    /// Not a move: the teacher plays the finished match `id` again (`text` is then empty).
    pub again: bool,
    /// Not a move: a pupil's seat goes on from their finished activity `id` to the one that
    /// follows it (`text` is then empty).
    pub go_on: bool,
    /// Not a move: the teacher closes the class's open vote turn now (`text` is then empty).
    pub close_vote: bool,
}

/// What became of a tapped move: its outcome, and for a refusal why, in the class's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenAnswer {
    pub outcome: Outcome,
    pub text: Option<String>,
    /// The notation `text` leaves out, as small print under it.
    pub small: Option<String>,
}

/// On a seat, one activity at a time: the first one shows; every later one waits behind it
/// (the page shows it once the one before is over and seen); one that is over offers "next"
/// when another follows.
pub(crate) fn one_at_a_time(boards: &mut [ScreenBoard]) {
    let activities: Vec<usize> = (0..boards.len())
        .filter(|&n| boards[n].activity.is_some())
        .collect();
    for (k, &n) in activities.iter().enumerate() {
        boards[n].later = k > 0;
        boards[n].next = boards[n].look.is_some() && k + 1 < activities.len();
        // What the teacher gave comes first: going on only once nothing else waits.
        if boards[n].next {
            boards[n].go_on = None;
        }
    }
}

/// Whose activity `record` is: `Some(Some(name))` a pupil's seat, `Some(None)` the class's
/// own board (the teacher's), `None` for a match that is no activity.
pub(crate) fn activity_seat(record: &MatchRecord) -> Option<Option<String>> {
    if !record.is_activity() {
        return None;
    }
    let players = record.players.as_ref()?;
    Some(is_seat(&players[0]).then(|| players[0].local().to_owned()))
}

/// The pupil who plays a simul's board (its first seat); `None` for any other match.
pub(crate) fn simul_pupil(record: &MatchRecord) -> Option<String> {
    record.class.as_ref().filter(|link| link.simul)?;
    let players = record.players.as_ref()?;
    is_seat(&players[0]).then(|| players[0].local().to_owned())
}

/// How a board of `game` is played by taps, in words.
pub(crate) fn how_key(game: lalao_core::GameKind) -> &'static str {
    use lalao_core::GameKind;
    match game {
        GameKind::Katro => "web-class-how-katro",
        GameKind::Mangala | GameKind::Engehe => "web-class-how-sowing",
        GameKind::Fano | GameKind::Samantsy => "web-class-how-pieces",
    }
}

/// FNV-1a over the class's version and each shown match's id and version.
pub(crate) fn fingerprint(class: &ClassRecord, records: &[MatchRecord]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let numbers =
        std::iter::once(class.version).chain(records.iter().flat_map(|record| [record.id.0, record.version]));
    for number in numbers {
        for byte in number.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Each pupil's name and seat link (`{base}/class/<token>`), in the roster's order; none before
/// the class has its pages.
pub(crate) fn seat_links(class: &ClassRecord, base: &str) -> Vec<(String, String)> {
    let Some(links) = &class.screen else {
        return Vec::new();
    };
    class
        .pupils
        .iter()
        .filter_map(|pupil| {
            let token = links.seat_token(&pupil.name)?;
            Some((pupil.name.clone(), format!("{base}/class/{token}")))
        })
        .collect()
}
