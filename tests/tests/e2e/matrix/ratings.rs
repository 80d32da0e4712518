//! Issue 19 on a real Synapse: a rated game between two people of a room, then `top` (the
//! room's leaderboard) and `profile` answer, in text and in HTML.

use matrix_sdk::ruma::RoomId;

use super::binary::{from_bot, spawn, stop_cleanly, synapse_with, BOT};
use super::people::{Person, Seen};

/// `who` says `text` in `room`; the bot's first message after it that contains `expected`
/// (a board is a message of its own, not a reply).
async fn said(who: &Person, room: &RoomId, text: &str, expected: &str) -> Seen {
    let mark = who.mark(room);
    who.send(room, text).await;
    who.wait_for(room, mark, text, |seen| {
        from_bot(seen) && seen.body().contains(expected)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_top_and_profile_answer_after_a_rated_game() {
    let synapse = synapse_with(&["cara", "erin"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
    let room = cara.create_room(&[BOT, "@erin:localhost"], false).await;
    erin.join(&room).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;

    // Cara wins a rated fano game: Erin resigns once both have moved.
    said(
        &cara,
        &room,
        "!lalao play fano @erin:localhost side=white",
        "challenges",
    )
    .await;
    said(&erin, &room, "!lalao accept #1", "accepts!").await;
    said(&cara, &room, "!lalao @1 #1", "played @1").await;
    said(&erin, &room, "!lalao @2 #1", "played @2").await;
    let resigned = said(&erin, &room, "!lalao resign #1", "gives up").await;
    assert!(
        resigned
            .body()
            .contains("Ratings: cara 1662? (+162), erin 1338? (−162)."),
        "{}",
        resigned.body()
    );

    let top = said(&erin, &room, "!lalao top fano", "leaderboard").await;
    assert_eq!(
        top.body(),
        "Fano leaderboard, this room (page 1 of 1):\n\
         Not ranked yet (a place needs 5 rated games and a rating that is no longer provisional):\n\
         • cara 1662? (1 game)\n\
         • erin 1338? (1 game)"
    );
    assert!(top.html().contains("• cara 1662? (1 game)"), "{}", top.html());
    let profile = said(&erin, &room, "!lalao profile @cara:localhost", "profile").await;
    assert_eq!(
        profile.body(),
        "cara's profile (a ? marks a provisional rating):\n\
         • Fano: 1662?, played 1: won 1, lost 0, drawn 0, best win: erin (1500) in #1, won the last game\n\
         No active matches."
    );
    let global = said(&cara, &room, "!lalao top katro global", "Katro").await;
    assert_eq!(
        global.body(),
        "Nobody has played a rated game of Katro yet (everyone)."
    );
    stop_cleanly(&mut bot);
}
