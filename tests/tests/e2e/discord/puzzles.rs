//! Puzzles on Discord: `/puzzle` answers the solver alone, in an ephemeral message whose
//! buttons are the position's moves, and the puzzle is answered by clicking them.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::json;

use super::bot::Setup;
use super::fixtures::{Opt, BODO};
use super::gateway::{assert_ephemeral, id_of, move_id};
use super::lessons::assert_replaced;
use super::{move_labels, Table};

const EPHEMERAL: u64 = 64;

/// katro-0069 (bot/learn/puzzles/katro.toml), the puzzle a new solver gets first: the one
/// rated nearest 1500. South finds `c1A`, `a1B` and `d1B`; lalao answers `a6A` and `f6B`.
const SOLVED_POSITION: &str = "1,0,1,0,1,2/7,4,0,2,4,1/0,0,0,1,2,0/3,1,2,3,4,0/9,1,0,6,1,2/2,1,6,4,0,1 s";
/// katro-0026, the next one, nearest the rating the first one gave: `f1A` (and `a6B`, `a1B`).
const FAILED_POSITION: &str = "3,2,1,0,2,0/4,2,1,2,3,2/6,2,3,6,1,2/1,0,1,1,0,0/0,3,10,8,2,1/1,1,0,0,0,1 s";

/// A puzzle's message on Discord: its words, then its board as a code block with its captions.
fn with_board(words: &str, board: &str, captions: &str) -> String {
    format!("{words}\n```\n{board}\n```\nKatro, 6 × 6\n{captions}")
}

/// The legal moves after `moves` from a puzzle's position, by the engine.
fn legal(position: &str, moves: &[&str]) -> Vec<String> {
    let options = AnyOptions::standard(GameKind::Katro).unwrap();
    let mut game = AnyGame::from_position(options, position).unwrap();
    for text in moves {
        game.play(text).unwrap();
    }
    game.legal_moves()
}

#[test]
fn a_katro_puzzle_is_solved_and_another_failed_privately_with_the_buttons_of_its_message() {
    let mut table = Table::gateway(Setup::default());
    let start = table.peer.mark();

    // `/puzzle` alone, before any puzzle: every game, no rating yet, and how to begin.
    let (_, call) = table.slash(BODO, "puzzle", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        "Puzzles for every game: each one has a single best answer. Your puzzle ratings (a ? marks a provisional rating):\n\
         Samantsy: —, 0 solved of 0, best streak 0 — `/puzzle game:samantsy`\n\
         Fano: —, 0 solved of 0, best streak 0 — `/puzzle game:fano`\n\
         Mangala: —, 0 solved of 0, best streak 0 — `/puzzle game:mangala`\n\
         En Gehé: —, 0 solved of 0, best streak 0 — `/puzzle game:engehe`\n\
         Katro: —, 0 solved of 0, best streak 0 — `/puzzle game:katro`"
    );

    // `/puzzle game:katro`: the puzzle, to Bodo alone, with a button for each legal move and
    // its words written for Discord.
    let (puzzle, call) = table.slash(BODO, "puzzle", &[Opt::str("game", "katro")]);
    assert_eq!(
        assert_ephemeral(&call),
        with_board(
            "Puzzle katro-0069 (Katro, rated 1500): find the move that sows on and ends in a capture. \
             South to play. You play 3 moves; lalao answers in between.\n\
             Find the move and play it with the buttons. \
             Stuck? `/lalao hint match:1` shows the solution (it counts as a miss).",
            "    a  b  c  d  e  f\n \
             6  1  0  1  0  1  2  6\n \
             5  7  4  0  2  4  1  5\n \
             4  0  0  0  1  2  0  4\n   \
             ------------------\n \
             3  3  1  2  3  4  0  3\n \
             2  9  1  0  6  1  2  2\n \
             1  2  1  6  4  0  1  1\n    \
             a  b  c  d  e  f",
            "Captured: South 0, North 0\nSouth to move"
        )
    );
    assert_eq!(move_labels(&call.body["data"]), legal(SOLVED_POSITION, &[]));
    let first = table.original(&puzzle);
    assert_eq!(first["flags"], EPHEMERAL);
    assert_eq!(
        first["embeds"],
        json!([{"image": {"url": "attachment://board.png"}}]),
        "the board's picture goes along"
    );

    // The right moves, clicked: each one is played with lalao's reply, in the same private
    // message, whose buttons are then the new position's moves.
    let mark = table.peer.mark();
    let call = table.click(BODO, &first, &move_id(&first, "c1A"));
    let message = assert_replaced(&table, &call, &first);
    assert_eq!(
        message["content"],
        with_board(
            "Right: `c1A` captures 1 seed. lalao answers `a6A`. Your move: 2 more to find.",
            "     a  b  c  d  e  f\n \
             6   0* 0  1  0  1  2  6\n \
             5   0  5  1  3  5  2  5\n \
             4   0  0  0  1  3  1  4\n   \
             -------------------\n \
             3   4  2  3  0  5  1  3\n \
             2  10  2  1  0  2  3  2\n \
             1   3  2  1  5  1  2  1\n     \
             a  b  c  d  e  f",
            "Last move: a6A, 2 laps\nCaptured: South 1, North 0\n* start of the last move\nSouth to move"
        )
    );
    assert_eq!(move_labels(&message), legal(SOLVED_POSITION, &["c1A", "a6A"]));
    assert_eq!(table.peer.calls_since(mark).len(), 1, "one answer, nothing else");

    let call = table.click(BODO, &message, &move_id(&message, "a1B"));
    let message = assert_replaced(&table, &call, &first);
    assert_eq!(
        message["content"],
        with_board(
            "Right: `a1B` captures 5 seeds. lalao answers `f6B`. Your move: one more to find.",
            "    a  b  c  d  e  f\n \
             6  0  0  1  0  1  0* 6\n \
             5  1  6  2  4  0  3  5\n \
             4  1  1  1  1  1  1  4\n   \
             ------------------\n \
             3  2  3  8  0  0x 2  3\n \
             2  1  0  4  2  0  3  2\n \
             1  4  0  5  1  6  7  1\n    \
             a  b  c  d  e  f",
            "Last move: f6B, 2 laps, captured 4 seeds from e3\nCaptured: South 6, North 4\n\
             * start of the last move, x captured\nSouth to move"
        )
    );
    assert_eq!(
        move_labels(&message),
        legal(SOLVED_POSITION, &["c1A", "a6A", "a1B", "f6B"])
    );

    // The last right move solves it: the rating line (Glicko-2, 1500 against the puzzle's
    // 1500, both at RD 350: still provisional), the final board, and no buttons left.
    let call = table.click(BODO, &message, &move_id(&message, "d1B"));
    let solved = assert_replaced(&table, &call, &first);
    assert_eq!(
        solved["content"],
        with_board(
            "Solved! `d1B` captures 2 seeds.\n\
             Your Katro puzzle rating: 1662? (+162). Streak: 1. Another one: `/puzzle game:katro` (A ? marks a provisional rating: it still settles.)",
            "    a  b  c  d  e  f\n \
             6  0  0  1  0  1  0  6\n \
             5  1  6  2  4  0  3  5\n \
             4  1  0x 1  1  1  0x 4\n   \
             ------------------\n \
             3  3  0  9  1  1  0  3\n \
             2  2  1  5  0  1  4  2\n \
             1  5  1  1  1* 7  8  1\n    \
             a  b  c  d  e  f",
            "Last move: d1B, 5 laps, captured 2 seeds from f4 b4\nCaptured: South 8, North 4\n\
             * start of the last move, x captured\nMatch over"
        )
    );
    assert_eq!(move_labels(&solved), Vec::<String>::new());

    // Another one: the puzzle rated nearest his new rating, in a new private message.
    let (puzzle, call) = table.slash(BODO, "puzzle", &[Opt::str("game", "katro")]);
    let second_board = "    a  b   c  d  e  f\n \
             6  3  2   1  0  2  0  6\n \
             5  4  2   1  2  3  2  5\n \
             4  6  2   3  6  1  2  4\n   \
             -------------------\n \
             3  1  0   1  1  0  0  3\n \
             2  0  3  10  8  2  1  2\n \
             1  1  1   0  0  0  1  1\n    \
             a  b   c  d  e  f";
    assert_eq!(
        assert_ephemeral(&call),
        with_board(
            "Puzzle katro-0026 (Katro, rated 1660): find the quiet move that leaves your opponent \
             the least to take. South to play. You play 2 moves; lalao answers in between.\n\
             Find the move and play it with the buttons. \
             Stuck? `/lalao hint match:2` shows the solution (it counts as a miss).",
            second_board,
            "Captured: South 0, North 0\nSouth to move"
        )
    );
    assert_eq!(move_labels(&call.body["data"]), legal(FAILED_POSITION, &[]));

    // A wrong move, the one the example names: it fails the puzzle and is not played; the
    // solution is shown, the rating falls, the streak is 0, and nothing is left to click.
    let second = table.original(&puzzle);
    assert_ne!(id_of(&second), id_of(&first));
    let call = table.click(BODO, &second, &move_id(&second, "a1A"));
    let missed = assert_replaced(&table, &call, &second);
    assert_eq!(
        missed["content"],
        with_board(
            "Not this one: `a1A` captures nothing.\n\
             The solution: `f1A`, `a6B`, `a1B`.\n\
             Your Katro puzzle rating: 1538? (−124). Streak: 0. Another one: `/puzzle game:katro` (A ? marks a provisional rating: it still settles.)",
            second_board,
            "Captured: South 0, North 0\nMatch over"
        )
    );
    assert_eq!(move_labels(&missed), Vec::<String>::new());
    // The first puzzle's message stays as it was solved.
    assert_eq!(table.peer.message(id_of(&first))["content"], solved["content"]);

    // `/puzzle` alone, with no puzzle in progress: the rating both gave him.
    let (_, call) = table.slash(BODO, "puzzle", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        "Puzzles for every game: each one has a single best answer. Your puzzle ratings (a ? marks a provisional rating):\n\
         Samantsy: —, 0 solved of 0, best streak 0 — `/puzzle game:samantsy`\n\
         Fano: —, 0 solved of 0, best streak 0 — `/puzzle game:fano`\n\
         Mangala: —, 0 solved of 0, best streak 0 — `/puzzle game:mangala`\n\
         En Gehé: —, 0 solved of 0, best streak 0 — `/puzzle game:engehe`\n\
         Katro: 1538?, 1 solved of 2, best streak 1 — `/puzzle game:katro`"
    );

    // Every answer was the interaction's own: nothing was posted in the channel, followed up
    // or sent by direct message.
    let calls = table.peer.calls_since(start);
    let elsewhere: Vec<String> = calls
        .iter()
        .filter(|call| !(call.method == "POST" && call.path.ends_with("/callback")))
        .map(|call| format!("{} {}", call.method, call.path))
        .collect();
    assert!(elsewhere.is_empty(), "{elsewhere:?}");
    assert_eq!(calls.len(), 8, "one answer per interaction");
    table.peer.assert_no_unknown_routes();
}
