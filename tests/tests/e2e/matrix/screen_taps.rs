//! A Matrix class's tournament finished by taps on the class screen, which runs in the bot's
//! own process: the class's room is told once that the tournament is over.

use matrix_sdk::ruma::RoomId;

use super::binary::{from_bot, said, spawn_with, stop_cleanly, synapse_with, BOT};
use super::people::Person;
use crate::screen_taps::{finish_by_taps, url_in};
use crate::support::free_port;

/// What the bot said in `room` since `mark`.
fn said_since(person: &Person, room: &RoomId, mark: usize) -> Vec<String> {
    person.seen(room)[mark..]
        .iter()
        .filter(|seen| from_bot(seen))
        .map(|seen| seen.body().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_tournament_finished_by_taps_on_the_class_screen_is_announced_once() {
    let synapse = synapse_with(&["cara"]);
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut bot = spawn_with(&synapse, data.path(), &[("LALAO_WEB", &listen)]);
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let room = cara.create_room(&[BOT], false).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;
    said(&cara, &room, "!lalao class new CE1 language=fr", "est prête").await;
    said(&cara, &room, "!lalao class add Lina Noa", "Noa").await;
    said(
        &cara,
        &room,
        "!lalao class tournament fano cells=5",
        "Ronde 1 sur 1",
    )
    .await;
    // The screen's address is the teacher's alone: the bot writes it in a direct room.
    cara.send(&room, "!lalao class link").await;
    let direct = cara.accept_invite().await;
    let told = cara
        .wait_for(&direct, 0, "the class screen's address", |seen| {
            from_bot(seen) && seen.body().contains("http://")
        })
        .await;
    let path = url_in(told.body())
        .strip_prefix(&format!("http://{listen}"))
        .expect("the screen's address on LALAO_WEB")
        .to_owned();
    let mark = cara.mark(&room);
    tokio::task::spawn_blocking(move || finish_by_taps(port, &path))
        .await
        .unwrap();
    cara.wait_for(&room, mark, "the end of the tournament", |seen| {
        from_bot(seen) && seen.body().starts_with("Le tournoi est fini")
    })
    .await;
    // The room is not in the room with the screen: it hears each move.
    let taps = said_since(&cara, &room, mark)
        .iter()
        .filter(|text| text.contains("sur l'écran de la classe"))
        .count();
    assert_eq!(taps, 6, "{:#?}", said_since(&cara, &room, mark));
    // Another command later, and still one announcement.
    let standings = said(&cara, &room, "!lalao class standings", "Classement")
        .await
        .body()
        .to_owned();
    assert!(!standings.contains("Le tournoi est fini"), "{standings}");
    let over = said_since(&cara, &room, mark)
        .iter()
        .filter(|text| text.starts_with("Le tournoi est fini"))
        .count();
    assert_eq!(over, 1, "{:#?}", said_since(&cara, &room, mark));
    stop_cleanly(&mut bot);
}
