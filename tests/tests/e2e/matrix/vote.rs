//! A room plays the computer by vote on a real Synapse: each member's `move` is their vote, a
//! member's second vote replaces the first, the turn's timer plays the most voted move and the
//! room is told the turn's tally and the board; a member of another room naming this vote
//! changes nothing.

use super::binary::{from_bot, said, spawn, stop_cleanly, synapse_with, BOT};
use super::people::Person;

/// The moves the vote's refusal of a word that is no move lists.
async fn offered(who: &Person, room: &matrix_sdk::ruma::RoomId) -> Vec<String> {
    let refusal = said(who, room, "!lalao move zz", "The moves: ").await;
    let body = refusal.body().to_owned();
    let list = body.split("The moves: ").nth(1).unwrap();
    list.split(", ").map(str::to_owned).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_room_votes_against_the_computer_for_three_turns() {
    let synapse = synapse_with(&["cara", "erin", "ines"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
    let ines = Person::login(&synapse.url(), "ines", "pw-ines").await;
    let room = cara
        .create_room(&[BOT, "@erin:localhost", "@ines:localhost"], false)
        .await;
    erin.join(&room).await;
    ines.join(&room).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;
    // Another room, Erin's, where the same command names this vote.
    let other = erin.create_room(&[BOT], false).await;
    erin.wait_for(&other, 0, "the welcome", from_bot).await;

    let started = said(
        &cara,
        &room,
        "!lalao play katro vote level=easy seconds=10",
        "by vote",
    )
    .await;
    assert!(
        started
            .body()
            .starts_with("Everyone here plays Katro against lalao (easy) by vote (#1)"),
        "{}",
        started.body()
    );
    for turn in 0..3 {
        let moves = offered(&cara, &room).await;
        let (x, y) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let mark = cara.mark(&room);
        said(&cara, &room, &format!("!lalao move {x}"), "Your vote is counted!").await;
        said(&cara, &room, &format!("!lalao move {y}"), "Your vote is counted!").await;
        said(&erin, &room, &format!("!lalao move {x}"), "Your vote is counted!").await;
        said(&ines, &room, &format!("!lalao move {y}"), "Your vote is counted!").await;
        if turn == 0 {
            // From another room, naming this vote: refused, and no vote.
            let refused = said(&erin, &other, &format!("!lalao move {x} #1"), "#1").await;
            assert!(!refused.body().contains("vote is counted"), "{}", refused.body());
        }
        // The turn's time runs out: y (Cara's changed vote and Ines's) against x (Erin's).
        let told = cara
            .wait_for(&room, mark, "the closed turn", |seen| {
                from_bot(seen) && seen.body().starts_with("Votes: ")
            })
            .await;
        assert!(
            told.body().starts_with(&format!("Votes: {y} 2 · {x} 1\n")),
            "turn {turn}: {}",
            told.body()
        );
        assert!(
            told.body().ends_with("Vote for the next move: 10 seconds."),
            "{}",
            told.body()
        );
    }
    stop_cleanly(&mut bot);
}
