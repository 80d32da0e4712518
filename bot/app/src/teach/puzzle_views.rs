//! What a class seat page shows of a puzzle: its sentence, how many are left, the look back at
//! a finished one (the solution after a miss, the board after a solve) and its title.

use lalao_core::{AnyGame, GameKind, Side};
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::kernel::wording::game_name;
use crate::record::MatchRecord;
use lalao_learn::puzzles::{Answer, Puzzle, NORTH, SOUTH};

/// What a screen (a pupil's seat) shows of a puzzle above its board: "Puzzle 2 of 5: find
/// the move … South to play.", or once the homework is over, that it is done.
pub(crate) fn screen_text(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.puzzle.as_ref()?;
    let puzzle = lalao_learn::puzzles::bundled(record.game).find(&link.id)?;
    if !record.stage.is_active() {
        if link.homework.is_some() {
            return Some(t(locale, "puzzle-screen-done", &[]));
        }
        // The class's puzzle on the projector: its solution, once solved or revealed.
        let line = puzzle
            .line
            .iter()
            .map(|answer| shown_answer(locale, record.game, answer))
            .collect::<Vec<_>>()
            .join(", ");
        return Some(t(locale, "puzzle-screen-solution", &[("line", line)]));
    }
    let game = record.current_game().ok()?;
    let Some((left, count)) = link.homework else {
        return Some(t(
            locale,
            "puzzle-screen-one",
            &[
                (
                    "theme",
                    t(
                        locale,
                        &format!("puzzle-theme-{}", puzzle.theme.id()),
                        &[("moves", puzzle.solver_moves().to_string())],
                    ),
                ),
                ("side", side_word(locale, record.game, game.to_move())),
            ],
        ));
    };
    Some(t(
        locale,
        "puzzle-screen",
        &[
            ("number", (count - left).to_string()),
            ("count", count.to_string()),
            (
                "theme",
                t(
                    locale,
                    &format!("puzzle-theme-{}", puzzle.theme.id()),
                    &[("moves", puzzle.solver_moves().to_string())],
                ),
            ),
            ("side", side_word(locale, record.game, game.to_move())),
        ],
    ))
}

/// Where a homework is, for the teacher's dashboard: "puzzle 2 of 5", or that it is done;
/// `None` for a puzzle that is no homework.
pub(crate) fn screen_progress(locale: Locale, record: &MatchRecord) -> Option<String> {
    let (left, count) = record.puzzle.as_ref()?.homework?;
    if !record.stage.is_active() {
        return Some(t(locale, "puzzle-screen-done", &[]));
    }
    Some(t(
        locale,
        "puzzle-screen-progress",
        &[
            ("number", (count - left).to_string()),
            ("count", count.to_string()),
        ],
    ))
}

/// A homework puzzle done, as its pupil sees it before the next.
pub(crate) struct LookBack {
    pub title: String,
    /// In words: found, or not and where to look.
    pub text: String,
    pub game: AnyGame,
    /// On a missed puzzle: its first answer, whose places the page lights.
    pub answer: Option<String>,
    /// On a missed puzzle: its whole line in the notation, as small print.
    pub line: Option<String>,
}

/// Puzzle `id`, `number` of a homework of `count`, done: solved, the board its line ends on;
/// missed, its start with the first answer to light. `None` for a puzzle the bundled set no
/// longer has (or whose answer is a side, not a move).
pub(crate) fn look_back(
    locale: Locale,
    kind: GameKind,
    id: &str,
    solved: bool,
    (number, count): (usize, usize),
) -> Option<LookBack> {
    let puzzle = lalao_learn::puzzles::bundled(kind).find(id)?;
    let mut game = puzzle.game(kind).ok()?;
    let numbers = [("number", number.to_string()), ("count", count.to_string())];
    let title = t(
        locale,
        "puzzle-screen-title",
        &[("game", game_name(locale, kind)), ("id", puzzle.id.clone())],
    );
    if solved {
        for answer in &puzzle.line {
            game.play(answer).ok()?;
        }
        let text = t(locale, "puzzle-screen-was-solved", &numbers);
        return Some(LookBack {
            title,
            text,
            game,
            answer: None,
            line: None,
        });
    }
    let line = puzzle
        .line
        .iter()
        .map(|answer| shown_answer(locale, kind, answer))
        .collect::<Vec<_>>()
        .join(", ");
    Some(LookBack {
        title,
        text: t(locale, "puzzle-screen-was-missed", &numbers),
        game,
        answer: puzzle.line.first().cloned(),
        line: Some(t(locale, "puzzle-screen-solution", &[("line", line)])),
    })
}

/// A puzzle's title on a screen ("Katro · puzzle katro-0042").
pub(crate) fn screen_title(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.puzzle.as_ref()?;
    Some(t(
        locale,
        "puzzle-screen-title",
        &[("game", game_name(locale, record.game)), ("id", link.id.clone())],
    ))
}

/// An answer as the solver reads it: a move as written, a Mangala IV side in their language.
pub(crate) fn shown_answer(locale: Locale, game: GameKind, answer: &str) -> String {
    match answer {
        SOUTH => side_word(locale, game, Side::First),
        NORTH => side_word(locale, game, Side::Second),
        _ => answer.to_owned(),
    }
}

/// "South", "White", … in the reader's language.
pub(crate) fn side_word(locale: Locale, game: GameKind, side: Side) -> String {
    t(locale, &format!("side-{}", game.side_name(side)), &[])
}

/// Why a Mangala IV side puzzle's answer is what it is: every move is forced, so the game
/// played to its end says who wins and by how many seeds.
pub(crate) fn played_out(locale: Locale, before: &AnyGame) -> String {
    let mut game = before.clone();
    // A forced game ends at its first repetition (M-10); the bound only guards the loop.
    for _ in 0..100_000 {
        let Some(forced) = game.legal_moves().into_iter().next() else {
            break;
        };
        if game.outcome().is_some() || game.play(&forced).is_err() {
            break;
        }
    }
    let (Some(outcome), Some(seeds)) = (game.outcome(), game.captured()) else {
        return String::new();
    };
    let (side, score) = match outcome.winner {
        lalao_core::Winner::Side(side) => (
            side_word(locale, GameKind::Mangala, side),
            format!("{}–{}", seeds[side.index()], seeds[side.opponent().index()]),
        ),
        lalao_core::Winner::Draw => (String::new(), format!("{}–{}", seeds[0], seeds[1])),
    };
    let drawn = if side.is_empty() { "yes" } else { "no" };
    t(
        locale,
        "puzzle-mangala-played-out",
        &[("side", side), ("score", score), ("draw", drawn.to_owned())],
    )
}

/// A verdict on a move tapped in a puzzle at ply `ply`, told in taps, its notation (and
/// lalao's reply) as small print; `None` for a Mangala IV side, which is not tapped. `said`
/// is what the move did (" captures 2 seeds.").
pub(crate) fn tap_verdict(
    locale: Locale,
    puzzle: &Puzzle,
    ply: usize,
    answer: &str,
    said: &str,
) -> Option<crate::kernel::Tapped> {
    if matches!(answer, SOUTH | NORTH) {
        return None;
    }
    let left = puzzle.line.len().saturating_sub(ply + 2).div_ceil(2);
    let played = ("move", answer.to_owned());
    let (key, small) = match puzzle.judge(ply, answer) {
        Answer::Right { reply } => (
            "puzzle-tap-right",
            t(locale, "puzzle-tap-moves", &[played, ("reply", reply)]),
        ),
        Answer::Solved => ("puzzle-tap-solved", t(locale, "learn-tap-move", &[played])),
        Answer::Wrong => ("puzzle-tap-wrong", t(locale, "learn-tap-move", &[played])),
    };
    Some(crate::kernel::Tapped {
        text: t(
            locale,
            key,
            &[("what", said.to_owned()), ("left", left.to_string())],
        ),
        small: Some(small),
    })
}
