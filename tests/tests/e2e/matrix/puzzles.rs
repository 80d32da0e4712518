//! Puzzles on Matrix: asked for in a room, given to the solver alone in a direct message, and
//! answered there by typing what the puzzle says.

use super::binary::{from_bot, stop_cleanly, TwoInARoom};
use super::lessons::answered;

/// The boards of katro-0069 (bot/learn/puzzles/katro.toml, the first puzzle of a new solver)
/// as the bot draws them for South: the puzzle, after `c1A a6A`, after `a1B f6B`, and solved
/// by `d1B`.
const SOLVED_BOARDS: [&str; 4] = [
    "    a  b  c  d  e  f\n 6  1  0  1  0  1  2  6\n 5  7  4  0  2  4  1  5\n 4  0  0  0  1  2  0  4\n   ------------------\n 3  3  1  2  3  4  0  3\n 2  9  1  0  6  1  2  2\n 1  2  1  6  4  0  1  1\n    a  b  c  d  e  f",
    "     a  b  c  d  e  f\n 6   0* 0  1  0  1  2  6\n 5   0  5  1  3  5  2  5\n 4   0  0  0  1  3  1  4\n   -------------------\n 3   4  2  3  0  5  1  3\n 2  10  2  1  0  2  3  2\n 1   3  2  1  5  1  2  1\n     a  b  c  d  e  f",
    "    a  b  c  d  e  f\n 6  0  0  1  0  1  0* 6\n 5  1  6  2  4  0  3  5\n 4  1  1  1  1  1  1  4\n   ------------------\n 3  2  3  8  0  0x 2  3\n 2  1  0  4  2  0  3  2\n 1  4  0  5  1  6  7  1\n    a  b  c  d  e  f",
    "    a  b  c  d  e  f\n 6  0  0  1  0  1  0  6\n 5  1  6  2  4  0  3  5\n 4  1  0x 1  1  1  0x 4\n   ------------------\n 3  3  0  9  1  1  0  3\n 2  2  1  5  0  1  4  2\n 1  5  1  1  1* 7  8  1\n    a  b  c  d  e  f",
];

/// The board of katro-0026, the next puzzle: it stays as it was when the puzzle is missed.
const FAILED_BOARD: &str = "    a  b   c  d  e  f\n 6  3  2   1  0  2  0  6\n 5  4  2   1  2  3  2  5\n 4  6  2   3  6  1  2  4\n   -------------------\n 3  1  0   1  1  0  0  3\n 2  0  3  10  8  2  1  2\n 1  1  1   0  0  0  1  1\n    a  b   c  d  e  f";

/// A puzzle's message: its words, then its board with the board's captions.
fn with_board(words: &str, board: &str, captions: &str) -> String {
    format!("{words}\n\n{board}\nKatro, 6 × 6\n{captions}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_puzzle_asked_for_in_a_room_is_solved_and_another_failed_in_a_direct_message() {
    let mut two = TwoInARoom::start().await;
    let (cara, erin, room) = (&two.cara, &two.erin, two.room.clone());
    let in_room = cara.mark(&room);
    let erin_in_room = erin.mark(&room);

    // Cara asks in the room; the puzzle comes in a direct room the bot opens with her: the one
    // rated nearest a new solver's 1500.
    cara.send(&room, "!lalao puzzle katro").await;
    let dm = cara.accept_invite().await;
    assert_ne!(dm, room);
    let puzzle = cara.wait_for(&dm, 0, "the puzzle", from_bot).await;
    assert_eq!(
        puzzle.body(),
        with_board(
            "Puzzle katro-0069 (Katro, rated 1500): find the move that sows on and ends in a capture. \
             South to play. You play 3 moves; lalao answers in between.\n\
             Find the move and type it as the board names it. \
             Stuck? `!lalao hint #1` shows the solution (it counts as a miss).",
            SOLVED_BOARDS[0],
            "Captured: South 0, North 0\nSouth to move"
        )
    );
    assert!(puzzle.encrypted, "direct rooms are encrypted");
    assert_eq!(puzzle.mentions(), [cara.id()]);
    let html = puzzle.html();
    assert!(
        html.starts_with(
            "<p>Puzzle katro-0069 (Katro, rated 1500): find the move that sows on and ends in a capture. \
             South to play. You play 3 moves; lalao answers in between.<br>\
             Find the move and type it as the board names it. \
             Stuck? <code>!lalao hint #1</code> shows the solution (it counts as a miss).</p>\n<table>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<tr><th>1</th><td>2</td><td>1</td><td>6</td><td>4</td><td>0</td><td>1</td><th>1</th></tr>"
        ),
        "{html}"
    );

    // She types her answers as the puzzle writes them, with the moves she finds: each is
    // played with lalao's reply, and the last one solves it.
    let right = answered(cara, &dm, "!lalao move c1A #1").await;
    assert_eq!(
        right.body(),
        with_board(
            "Right: `c1A` captures 1 seed. lalao answers `a6A`. Your move: 2 more to find.",
            SOLVED_BOARDS[1],
            "Last move: a6A, 2 laps\nCaptured: South 1, North 0\n* start of the last move\nSouth to move"
        )
    );
    let right = answered(cara, &dm, "!lalao move a1B #1").await;
    assert_eq!(
        right.body(),
        with_board(
            "Right: `a1B` captures 5 seeds. lalao answers `f6B`. Your move: one more to find.",
            SOLVED_BOARDS[2],
            "Last move: f6B, 2 laps, captured 4 seeds from e3\nCaptured: South 6, North 4\n\
             * start of the last move, x captured\nSouth to move"
        )
    );
    let solved = answered(cara, &dm, "!lalao move d1B #1").await;
    assert_eq!(
        solved.body(),
        with_board(
            "Solved! `d1B` captures 2 seeds.\n\
             Your Katro puzzle rating: 1662? (+162). Streak: 1. Another one: `!lalao puzzle katro` (A ? marks a provisional rating: it still settles.)",
            SOLVED_BOARDS[3],
            "Last move: d1B, 5 laps, captured 2 seeds from f4 b4\nCaptured: South 8, North 4\n\
             * start of the last move, x captured\nMatch over"
        )
    );

    // Another one, asked in the room again: it comes in the same direct room.
    let mark = cara.mark(&dm);
    cara.send(&room, "!lalao puzzle katro").await;
    let second = cara.wait_for(&dm, mark, "the second puzzle", from_bot).await;
    assert_eq!(
        second.body(),
        with_board(
            "Puzzle katro-0026 (Katro, rated 1660): find the quiet move that leaves your opponent \
             the least to take. South to play. You play 2 moves; lalao answers in between.\n\
             Find the move and type it as the board names it. \
             Stuck? `!lalao hint #2` shows the solution (it counts as a miss).",
            FAILED_BOARD,
            "Captured: South 0, North 0\nSouth to move"
        )
    );

    // A legal move, but not the one to find: it fails the puzzle and is not played; the
    // solution is shown and her streak is 0.
    let missed = answered(cara, &dm, "!lalao move a1A #2").await;
    assert_eq!(
        missed.body(),
        with_board(
            "Not this one: `a1A` captures nothing.\n\
             The solution: `f1A`, `a6B`, `a1B`.\n\
             Your Katro puzzle rating: 1538? (−124). Streak: 0. Another one: `!lalao puzzle katro` (A ? marks a provisional rating: it still settles.)",
            FAILED_BOARD,
            "Captured: South 0, North 0\nMatch over"
        )
    );

    // Her puzzle ratings, where she asks for them.
    let overview = answered(cara, &dm, "!lalao puzzle").await;
    assert_eq!(
        overview.body(),
        "Puzzles for every game: each one has a single best answer. Your puzzle ratings (a ? marks a provisional rating):\n\
         Samantsy: —, 0 solved of 0, best streak 0 — `!lalao puzzle samantsy`\n\
         Fano: —, 0 solved of 0, best streak 0 — `!lalao puzzle fano`\n\
         Mangala: —, 0 solved of 0, best streak 0 — `!lalao puzzle mangala`\n\
         En Gehé: —, 0 solved of 0, best streak 0 — `!lalao puzzle engehe`\n\
         Katro: 1538?, 1 solved of 2, best streak 1 — `!lalao puzzle katro`"
    );

    // Nothing of the puzzles was said in the room: only, twice, where they went.
    for (person, mark) in [(cara, in_room), (erin, erin_in_room)] {
        let said: Vec<String> = person
            .seen(&room)
            .iter()
            .skip(mark)
            .filter(|seen| from_bot(seen))
            .map(|seen| seen.body().to_owned())
            .collect();
        assert!(
            said.len() == 2
                && said
                    .iter()
                    .all(|line| line.ends_with(", I have written to you privately: look in our direct room.")),
            "{} saw in the room: {said:?}",
            person.name
        );
    }
    stop_cleanly(&mut two.bot);
}
