//! Lessons on Discord: `/learn` answers the learner alone, in an ephemeral message whose
//! buttons are the step's moves, and the lesson is played by clicking them.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::{json, Value};

use super::bot::Setup;
use super::fixtures::{self, Opt, BODO};
use super::gateway::{assert_ephemeral, custom_id_ending, id_of, move_id};
use super::peer::Call;
use super::{move_labels, Table};

const EPHEMERAL: u64 = 64;

/// The steps of Katro lesson 3 (`direction`, bot/learn/courses/katro.toml): each position,
/// and its board as the bot draws it for South.
const STEPS: [(&str, &str); 3] = [
    (
        "0,0,0,0,0,0/2,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,2,0,0,0 s",
        "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  2  0  0  0  0  0  5\n 4  0  0  0  0  0  0  4\n   ------------------\n 3  0  0  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  0  2  0  0  0  1\n    a  b  c  d  e  f",
    ),
    (
        "0,0,0,0,0,0/0,0,0,0,0,1/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,2,0,0,0,0 s",
        "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  0  0  0  0  0  1  5\n 4  0  0  0  0  0  0  4\n   ------------------\n 3  0  0  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  2  0  0  0  0  1\n    a  b  c  d  e  f",
    ),
    (
        "0,0,0,0,0,0/0,0,0,0,0,0/2,0,0,3,0,0/1,1,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 s",
        "    a  b  c  d  e  f\n 6  0  0  0  0  0  0  6\n 5  0  0  0  0  0  0  5\n 4  2  0  0  3  0  0  4\n   ------------------\n 3  1  1  0  0  0  0  3\n 2  0  0  0  0  0  0  2\n 1  0  0  0  0  0  0  1\n    a  b  c  d  e  f",
    ),
];

/// A step's message on Discord: its words, then its board as a code block with its captions.
fn with_board(words: &str, step: usize) -> String {
    format!(
        "{words}\n```\n{}\n```\nKatro, 6 × 6\nCaptured: South 0, North 0\nSouth to move",
        STEPS[step].1
    )
}

/// The legal moves of a step's position, by the engine.
fn legal(step: usize) -> Vec<String> {
    let options = AnyOptions::standard(GameKind::Katro).unwrap();
    AnyGame::from_position(options, STEPS[step].0)
        .unwrap()
        .legal_moves()
}

/// A click's answer takes the place of the clicked ephemeral message: still ephemeral, pinging
/// nobody. Returns the message as it now stands.
pub(super) fn assert_replaced(table: &Table, call: &Call, clicked: &Value) -> Value {
    let data = &call.body["data"];
    assert_eq!(call.body["type"], 7, "{data}");
    assert_eq!(data["flags"], EPHEMERAL, "{data}");
    assert_eq!(data["allowed_mentions"], json!({"parse": [], "users": []}));
    let now = table.peer.message(id_of(clicked));
    assert_eq!(now["flags"], EPHEMERAL, "{now}");
    assert_eq!(now["content"], data["content"]);
    now
}

/// Pixels of the lesson's highlight colour (#c05a00) in a PNG.
fn orange_pixels(png_bytes: &[u8]) -> usize {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    buffer[..info.buffer_size()]
        .chunks(4)
        .filter(|pixel| pixel[0].abs_diff(0xc0) < 8 && pixel[1].abs_diff(0x5a) < 8 && pixel[2] < 8)
        .count()
}

#[test]
fn a_katro_lesson_is_played_privately_with_the_buttons_of_its_message() {
    let mut table = Table::gateway(Setup::default());
    let start = table.peer.mark();

    // `/learn game:katro lesson:3`: the lesson's first step, to Bodo alone, with a button for
    // each legal move and written for Discord.
    let (learn, call) = table.slash(BODO, "learn", &[Opt::str("game", "katro"), Opt::Int("lesson", 3)]);
    assert_eq!(
        assert_ephemeral(&call),
        with_board(
            "Katro, lesson 3 of 6: Left or right\n\
             Step 1 of 3: On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play `c1B`.\n\
             Play with the buttons, or type your move like `/lalao move move:c1B match:1`. \
             Stuck? `/lalao hint match:1` (it costs a star).",
            0
        )
    );
    assert_eq!(legal(0), ["c1A", "c1B"]);
    assert_eq!(move_labels(&call.body["data"]), legal(0));
    let first = table.original(&learn);
    assert_eq!(first["flags"], EPHEMERAL);
    assert_eq!(
        first["embeds"],
        json!([{"image": {"url": "attachment://board.png"}}]),
        "the board's picture goes along"
    );
    // Framed in the lesson's orange: the places the sentence names (c1, b1, a1).
    let (_, png) = super::pictures::shown_picture(&first);
    assert!(orange_pixels(&png) > 0, "the step's places are not framed");
    let plain = lalao_renderer::picture(
        &AnyGame::from_position(AnyOptions::standard(GameKind::Katro).unwrap(), STEPS[0].0).unwrap(),
        &lalao_renderer::View::new(lalao_renderer::Style::Text, lalao_renderer::Locale::En),
        lalao_renderer::PictureSize::Normal,
    );
    assert_eq!(
        orange_pixels(&plain.png),
        0,
        "a board without a lesson has no such colour"
    );

    // A legal move the step does not want: told why, the same step offered again with the
    // same buttons, in the same private message.
    let mark = table.peer.mark();
    let call = table.click(BODO, &first, &move_id(&first, "c1A"));
    let message = assert_replaced(&table, &call, &first);
    assert_eq!(
        message["content"],
        with_board(
            "Not quite: `c1A` is not the move this step asks for. On your bottom row, path B goes to the left. Play `c1B`.\n\
             Lap 1: 2 seeds from c1 into d1–e1, the last one in e1: the hole was empty, the move ends\n\
             Try again: On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play `c1B`.",
            0
        )
    );
    assert_eq!(move_labels(&message), legal(0));
    assert_eq!(table.peer.calls_since(mark).len(), 1, "one answer, nothing else");

    // The right moves: each brings the next step and its own buttons.
    let call = table.click(BODO, &message, &move_id(&message, "c1B"));
    let message = assert_replaced(&table, &call, &first);
    assert_eq!(
        message["content"],
        with_board(
            "Well done!\n\
             Lap 1: 2 seeds from c1 into b1–a1, the last one in a1: the hole was empty, the move ends\n\
             A new board for this step: look at it before you play.\n\
             Step 2 of 3: Make your last seed land in a2, in your middle row. Play `b1B`.\n\
             Play with the buttons, or type your move like `/lalao move move:b1B match:1`. \
             Stuck? `/lalao hint match:1` (it costs a star).",
            1
        )
    );
    assert_eq!(legal(1), ["b1A", "b1B"]);
    assert_eq!(move_labels(&message), legal(1));

    let call = table.click(BODO, &message, &move_id(&message, "b1B"));
    let message = assert_replaced(&table, &call, &first);
    assert_eq!(
        message["content"],
        with_board(
            "Well done!\n\
             Lap 1: 2 seeds from b1 into a1, a2, the last one in a2: the hole was empty, the move ends\n\
             A new board for this step: look at it before you play.\n\
             Step 3 of 3: One way captures, the other does not. Choose the hole and the path that capture!\n\
             Find the move and play it with the buttons. \
             Stuck? `/lalao hint match:1` (it costs a star).",
            2
        )
    );
    assert_eq!(legal(2), ["a3A", "a3B", "b3A", "b3B"]);
    assert_eq!(move_labels(&message), legal(2));

    // The last step ends the lesson: its stars (one wrong try costs one), the next lesson as
    // Discord types it, and no buttons or board left.
    let call = table.click(BODO, &message, &move_id(&message, "b3B"));
    let done = assert_replaced(&table, &call, &first);
    assert_eq!(
        done["content"],
        "Well done! `b3B` captures 2 seeds.\n\
         Lap 1: 1 seed from b3 into a3, the last one in a3: capture!\n\
         South captures 2 seeds: a4 (2)\n\
         Lap 2: 4 seeds from a3 into f1–c1, the last one in c1: the hole was empty, the move ends\n\
         Lesson 3 done: Left or right ★★☆\n\
         Next lesson: Sowing on — `/learn game:katro lesson:4`\n\
         Now try it in a whole game against the computer, which plays gently: `/lalao play game:katro level:kind`"
    );
    assert_eq!(done["components"], json!([]));
    assert_eq!(done["embeds"], json!([]), "the last board's picture is gone");

    // A client that still shows the first step's buttons: the click is told the lesson is
    // over, privately, and nothing more is offered.
    let stale = custom_id_ending(&first, ":m:c1B");
    let call = table.click(BODO, &first, &stale);
    let said = assert_ephemeral(&call);
    assert!(
        said.starts_with(
            "That board has moved on: here is the current one.\n\
             Match #1 (Katro) is over. Lesson 3 is done.\n```\n"
        ),
        "{said}"
    );
    assert!(fixtures::components(&call.body["data"]).is_empty());

    // `/learn` alone: every course, with the lesson's stars kept.
    let (_, call) = table.slash(BODO, "learn", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        "Lessons for every game. Each lesson gives up to 3 stars.\n\
         Samantsy: 0/8 lessons ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ — `/learn game:samantsy`\n\
         Fano: 0/6 lessons ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ — `/learn game:fano`\n\
         Mangala: 0/7 lessons ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ — `/learn game:mangala`\n\
         En Gehé: 0/6 lessons ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ ☆☆☆ — `/learn game:engehe`\n\
         Katro: 1/6 lessons ☆☆☆ ☆☆☆ ★★☆ ☆☆☆ ☆☆☆ ☆☆☆ — `/learn game:katro`"
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
    assert_eq!(calls.len(), 7, "one answer per interaction");
    table.peer.assert_no_unknown_routes();
}

/// Another game's lesson, and then another game's puzzle, each asked for with a slash command
/// of its own: the one in progress is put away and the new one starts, with its buttons (the
/// interaction's id is recorded once for the two commits it takes).
#[test]
fn switching_lessons_and_puzzles_starts_the_new_one() {
    let mut table = Table::gateway(Setup::default());
    table.slash(BODO, "learn", &[Opt::str("game", "katro"), Opt::Int("lesson", 3)]);
    let (_, call) = table.slash(BODO, "learn", &[Opt::str("game", "fano")]);
    let said = assert_ephemeral(&call);
    assert!(said.starts_with("Fano, lesson 1 of 6: "), "{said}");
    assert!(!move_labels(&call.body["data"]).is_empty(), "{said}");
    // Asked again, the fano lesson is where it was: it was started, not lost.
    let (_, call) = table.slash(BODO, "learn", &[Opt::str("game", "fano")]);
    let again = assert_ephemeral(&call);
    assert!(again.starts_with("Fano, lesson 1 of 6: "), "{again}");
    assert!(
        again.contains("`/lalao hint match:2`"),
        "the same lesson, #2: {again}"
    );

    table.slash(BODO, "puzzle", &[Opt::str("game", "fano")]);
    let (_, call) = table.slash(BODO, "puzzle", &[Opt::str("game", "katro")]);
    let said = assert_ephemeral(&call);
    assert!(said.starts_with("Puzzle katro-"), "{said}");
    assert!(!move_labels(&call.body["data"]).is_empty(), "{said}");
}
