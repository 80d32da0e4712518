//! On a real Synapse: a short Katro match between two people of a room, then `review`: the
//! progress message at once, the review posted in the room by the review worker (beside the
//! scheduler) with the mistakes named and the better moves, and the same review at once when
//! asked again.

use super::binary::{from_bot, said, stop_cleanly, TwoInARoom};

/// The review of `c1A d6A b1B`, Erin resigning: the same verdicts as the console's transcript
/// (`tests/goldens/console/review-katro-en.txt`), with the players' names: the small slip of move 1
/// is only counted.
const REVIEW: &str = "Review of match #1 (Katro):
move 3: cara played b1B and lost 10 seeds; c1B would have captured 3 seeds.
move 2: erin played d6A and lost 6 seeds; a6A was better.
cara: 0 good moves, 1 small slip, 1 mistake, 1 missed capture.
erin: 0 good moves, 1 mistake.";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_finished_katro_match_is_reviewed_in_its_room() {
    let mut two = TwoInARoom::start().await;
    let (cara, erin, room) = (&two.cara, &two.erin, two.room.clone());
    said(
        cara,
        &room,
        "!lalao play katro @erin:localhost side=south",
        "challenges",
    )
    .await;
    said(erin, &room, "!lalao accept #1", "accepts!").await;
    said(cara, &room, "!lalao move c1A #1", "played c1A").await;
    let running = said(erin, &room, "!lalao review #1", "still being played").await;
    assert_eq!(
        running.body(),
        "Match #1 is still being played: I can look it over once it is finished."
    );
    said(erin, &room, "!lalao move d6A #1", "played d6A").await;
    said(cara, &room, "!lalao move b1B #1", "played b1B").await;
    said(erin, &room, "!lalao resign #1", "gives up").await;

    let mark = cara.mark(&room);
    cara.send(&room, "!lalao review #1").await;
    let queued = cara
        .wait_for(&room, mark, "the progress message", |seen| {
            from_bot(seen) && seen.body().contains("Looking over")
        })
        .await;
    assert_eq!(
        queued.body(),
        "Looking over match #1 (3 moves)… the review comes here in a moment."
    );
    let review = cara
        .wait_for(&room, mark, "the review", |seen| {
            from_bot(seen) && seen.body().contains("Review of match #1")
        })
        .await;
    assert_eq!(review.body(), REVIEW);
    assert_eq!(review.mentions(), [cara.id()]);

    // Asked again, with the French verb: the stored review, at once, in the asker's language.
    let again = said(erin, &room, "!lalao analyse #1", "Review of match #1").await;
    assert_eq!(again.body(), REVIEW);
    stop_cleanly(&mut two.bot);
}
