//! `forget me` on Matrix: asked in a room, answered in the direct room the bot opens with the
//! person; confirmed there, lalao forgets them, and the room only hears where the answers went.

use super::binary::{from_bot, stop_cleanly, TwoInARoom};
use super::lessons::answered;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_forget_me_is_asked_and_confirmed_in_the_direct_room() {
    let mut two = TwoInARoom::start().await;
    let (cara, room) = (&two.cara, two.room.clone());
    let in_room = cara.mark(&room);

    cara.send(&room, "!lalao forget me").await;
    let dm = cara.accept_invite().await;
    assert_ne!(dm, room);
    let asked = cara.wait_for(&dm, 0, "what lalao would erase", from_bot).await;
    assert!(asked.encrypted, "direct rooms are encrypted");
    assert!(
        asked
            .body()
            .ends_with("This cannot be undone. To go ahead, type `!lalao forget confirm`."),
        "{}",
        asked.body()
    );
    let done = answered(cara, &dm, "!lalao forget confirm").await;
    assert_eq!(done.body(), "Done: lalao has forgotten you.");

    // The room heard only that the answer went to the direct room.
    let said: Vec<String> = cara
        .seen(&room)
        .iter()
        .skip(in_room)
        .filter(|seen| from_bot(seen))
        .map(|seen| seen.body().to_owned())
        .collect();
    assert!(
        said.len() == 1 && said[0].ends_with(", I have written to you privately: look in our direct room."),
        "the room saw: {said:?}"
    );
    stop_cleanly(&mut two.bot);
}
