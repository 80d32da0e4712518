//! On a real Synapse: a rated game between two people of a room, then `top` (the
//! room's leaderboard) and `profile` answer, in text and in HTML.

use super::binary::{said, stop_cleanly, TwoInARoom};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_top_and_profile_answer_after_a_rated_game() {
    // Bound whole: its homeserver and data live as long as the test.
    let mut two = TwoInARoom::start().await;
    let (cara, erin, room) = (&two.cara, &two.erin, two.room.clone());

    // Cara wins a rated fano game: Erin resigns once both have moved.
    said(
        cara,
        &room,
        "!lalao play fano @erin:localhost side=white",
        "challenges",
    )
    .await;
    said(erin, &room, "!lalao accept #1", "accepts!").await;
    said(cara, &room, "!lalao @1 #1", "played @1").await;
    said(erin, &room, "!lalao @2 #1", "played @2").await;
    let resigned = said(erin, &room, "!lalao resign #1", "gives up").await;
    assert!(
        resigned
            .body()
            .contains("Ratings: cara 1662? (+162), erin 1338? (−162). (A ? marks a provisional rating: it still settles.)"),
        "{}",
        resigned.body()
    );

    let top = said(erin, &room, "!lalao top fano", "leaderboard").await;
    assert_eq!(
        top.body(),
        "Fano leaderboard, this room (page 1 of 1):\n\
         Not ranked yet (a place needs 5 rated games and a rating that is no longer provisional, marked ?):\n\
         • cara 1662? (1 game)\n\
         • erin 1338? (1 game)"
    );
    assert!(top.html().contains("• cara 1662? (1 game)"), "{}", top.html());
    let profile = said(erin, &room, "!lalao profile @cara:localhost", "profile").await;
    assert_eq!(
        profile.body(),
        "cara's profile (a ? marks a provisional rating):\n\
         • Fano: 1662?, played 1: won 1, lost 0, drawn 0, best win: erin (1500) in #1, won the last game\n\
         No active matches."
    );
    let global = said(cara, &room, "!lalao top katro global", "Katro").await;
    assert_eq!(
        global.body(),
        "Nobody has played a rated game of Katro yet (everyone)."
    );
    stop_cleanly(&mut two.bot);
}
