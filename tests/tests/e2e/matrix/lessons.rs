//! Lessons on Matrix: asked for in a room, given to the learner alone in a direct message,
//! and played there by typing what the lesson says.

use matrix_sdk::ruma::RoomId;

use super::binary::{from_bot, stop_cleanly, TwoInARoom};
use super::people::{Person, Seen};
use crate::support::instruction;

/// The boards of Katro lesson 3's steps (`direction`, bot/learn/courses/katro.toml), as the
/// bot draws them for South.
const BOARDS: [&str; 3] = [
    "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  2  0  0  0  0  0  5\n 4  0  0  0  0  0  0  4\n   ------------------\n 3  0  0  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  0  2  0  0  0  1\n    a  b  c  d  e  f",
    "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  0  0  0  0  0  1  5\n 4  0  0  0  0  0  0  4\n   ------------------\n 3  0  0  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  2  0  0  0  0  1\n    a  b  c  d  e  f",
    "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  0  0  0  0  0  0  5\n 4  2  0  0  3  0  0  4\n   ------------------\n 3  1  1  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  0  0  0  0  0  1\n    a  b  c  d  e  f",
];

/// A step's message: its words, then its board with the board's captions.
fn with_board(words: &str, step: usize) -> String {
    format!(
        "{words}\n\n{}\nKatro, 6 × 6\nCaptured: South 0, North 0\nSouth to move",
        BOARDS[step]
    )
}

/// `who` sends `line` in the direct room `dm`; the bot's answer there, checked to be a
/// private message to them: encrypted, and showing its board as a table (the HTML of a
/// board drawn with spaces would run its columns together).
pub(super) async fn answered(who: &Person, dm: &RoomId, line: &str) -> Seen {
    let mark = who.mark(dm);
    who.send(dm, line).await;
    let answer = who.wait_for(dm, mark, line, from_bot).await;
    assert!(answer.encrypted, "direct rooms are encrypted");
    assert_eq!(answer.mentions(), [who.id()]);
    if answer.body().ends_with("South to move") {
        assert!(answer.html().contains("</p>\n<table>"), "{}", answer.html());
    }
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_lesson_asked_for_in_a_room_is_given_in_a_direct_message() {
    let mut two = TwoInARoom::start().await;
    let (cara, erin, room) = (&two.cara, &two.erin, two.room.clone());
    let in_room = cara.mark(&room);
    let erin_in_room = erin.mark(&room);

    // Cara asks in the room; the lesson comes in a direct room the bot opens with her.
    cara.send(&room, "!lalao learn katro 3").await;
    let dm = cara.accept_invite().await;
    assert_ne!(dm, room);
    let step = cara.wait_for(&dm, 0, "the lesson's first step", from_bot).await;
    assert_eq!(
        step.body(),
        with_board(
            "Katro, lesson 3 of 6: Left or right\n\
             Step 1 of 3: On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play `c1B`.\n\
             Type your move like `!lalao move c1B #1`. Stuck? `!lalao hint #1` (it costs a star).",
            0
        )
    );
    assert!(step.encrypted, "direct rooms are encrypted");
    assert_eq!(step.mentions(), [cara.id()]);
    let html = step.html();
    assert!(
        html.starts_with(
            "<p>Katro, lesson 3 of 6: Left or right<br>\
             Step 1 of 3: On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play <code>c1B</code>.<br>\
             Type your move like <code>!lalao move c1B #1</code>. \
             Stuck? <code>!lalao hint #1</code> (it costs a star).</p>\n<table>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<tr><th>1</th><td>0</td><td>0</td><td>2</td><td>0</td><td>0</td><td>0</td><th>1</th></tr>"
        ),
        "{html}"
    );

    // The example is the step's own answer, typable as written.
    assert_eq!(instruction(step.body(), "!lalao move"), "!lalao move c1B #1");
    // A legal move that is not the step's: she is told why and the step is offered again.
    let wrong = answered(cara, &dm, "!lalao move c1A #1").await;
    assert_eq!(
        wrong.body(),
        with_board(
            "Not quite: `c1A` is not the move this step asks for. On your bottom row, path B goes to the left. Play `c1B`.\n\
             Lap 1: 2 seeds from c1 into d1–e1, the last one in e1: the hole was empty, the move ends\n\
             Try again: On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play `c1B`.",
            0
        )
    );

    // The step's moves, typed the same way.
    let right = answered(cara, &dm, "!lalao move c1B #1").await;
    assert_eq!(
        right.body(),
        with_board(
            "Well done!\n\
             Lap 1: 2 seeds from c1 into b1–a1, the last one in a1: the hole was empty, the move ends\n\
             A new board for this step: look at it before you play.\n\
             Step 2 of 3: Make your last seed land in a2, in your middle row. Play `b1B`.\n\
             Type your move like `!lalao move b1B #1`. Stuck? `!lalao hint #1` (it costs a star).",
            1
        )
    );
    let typed = instruction(right.body(), "!lalao move");
    let right = answered(cara, &dm, &typed).await;
    assert_eq!(
        right.body(),
        with_board(
            "Well done!\n\
             Lap 1: 2 seeds from b1 into a1, a2, the last one in a2: the hole was empty, the move ends\n\
             A new board for this step: look at it before you play.\n\
             Step 3 of 3: One way captures, the other does not. Choose the hole and the path that capture!\n\
             Find the move and type it, written like the moves you played before. \
             Stuck? `!lalao hint #1` (it costs a star).",
            2
        )
    );
    let done = answered(cara, &dm, "!lalao move b3B #1").await;
    assert_eq!(
        done.body(),
        "Well done! `b3B` captures 2 seeds.\n\
         Lap 1: 1 seed from b3 into a3, the last one in a3: capture!\n\
         South captures 2 seeds: a4 (2)\n\
         Lap 2: 4 seeds from a3 into f1–c1, the last one in c1: the hole was empty, the move ends\n\
         Lesson 3 done: Left or right ★★☆\n\
         Next lesson: Sowing on — `!lalao learn katro 4`\n\
         Now try it in a whole game against the computer, which plays gently: `!lalao play katro level=kind`"
    );

    // Her stars, where she asks for them.
    let overview = answered(cara, &dm, "!lalao learn").await;
    assert!(
        overview
            .body()
            .contains("\nKatro: 1/6 lessons ☆☆☆ ☆☆☆ ★★☆ ☆☆☆ ☆☆☆ ☆☆☆ — `!lalao learn katro`"),
        "{}",
        overview.body()
    );

    // Nothing of the lesson was said in the room: only where it went.
    for (person, mark) in [(cara, in_room), (erin, erin_in_room)] {
        let said: Vec<String> = person
            .seen(&room)
            .iter()
            .skip(mark)
            .filter(|seen| from_bot(seen))
            .map(|seen| seen.body().to_owned())
            .collect();
        assert!(
            said.len() == 1
                && said[0].ends_with(", I have written to you privately: look in our direct room."),
            "{} saw in the room: {said:?}",
            person.name
        );
    }
    stop_cleanly(&mut two.bot);
}
