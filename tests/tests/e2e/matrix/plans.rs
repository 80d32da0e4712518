//! Plans on a real Synapse: a planned answer, played for its player when the opponent's move
//! matches, names that player as the room shows them.

use super::binary::{from_bot, said, spawn, stop_cleanly, synapse_with, BOT};
use super::people::{match_id, Person};

/// Synapse's default display name is the localpart: Erin answers the challenge and makes her
/// plan under it, then sets her own. The planned answer is told with her name as the room
/// shows it then ("Erin Be"), as the room's boards name the player to move, not by the name
/// the bot last heard her typing under ("erin").
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_planned_answer_names_its_player_by_display_name() {
    let synapse = synapse_with(&["cara", "erin"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
    cara.set_display_name("Cara Rakoto").await;
    let room = cara.create_room(&[BOT, "@erin:localhost"], false).await;
    erin.join(&room).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;
    erin.wait_for(&room, 0, "the welcome", from_bot).await;

    let challenge = said(
        &cara,
        &room,
        "!lalao play fano @erin:localhost cells=7",
        "challenges",
    )
    .await;
    let id = match_id(challenge.body());
    said(&erin, &room, &format!("!lalao accept {id}"), "accepts!").await;
    // Cara places first; Erin plans her answer to @1 while it is Cara's turn, in her direct
    // room with the bot (a plan is a secret).
    let direct = erin.create_dm(BOT).await;
    erin.wait_for(&direct, 0, "the bot in her direct room", from_bot)
        .await;
    said(
        &erin,
        &direct,
        &format!("!lalao plan {id} @1 @2"),
        "Planned in match",
    )
    .await;
    erin.set_display_name("Erin Be").await;
    // The bot reads the room's events in order: Cara's move comes after Erin's new name.
    cara.wait_for(&room, 0, "Erin's new name in the room", |seen| {
        seen.kind() == "m.room.member" && seen.content()["displayname"] == "Erin Be"
    })
    .await;
    let played = said(&cara, &room, &format!("!lalao move @1 {id}"), "as planned").await;
    let line = played
        .body()
        .lines()
        .find(|line| line.contains("as planned"))
        .unwrap()
        .to_owned();
    assert_eq!(line, "Erin Be (Black) answered with @2, as planned.");
    stop_cleanly(&mut bot);
}
