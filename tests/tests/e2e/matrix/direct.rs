//! A person's own direct room with the bot, beside the one the bot opened: what they send
//! there privately is answered there.

use super::binary::{from_bot, stop_cleanly, TwoInARoom, BOT};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_coins_sent_in_a_direct_room_of_ones_own_are_confirmed_there() {
    // Bound whole: its homeserver and data live as long as the test.
    let mut two = TwoInARoom::start().await;
    let (cara, erin, room) = (&two.cara, &two.erin, two.room.clone());
    cara.send(&room, "!lalao play mangala @erin:localhost").await;
    let mark = cara.mark(&room);
    erin.send(&room, "!lalao accept #1").await;
    cara.wait_for(&room, mark, "the coin game", |seen| {
        from_bot(seen) && seen.body().contains("coin game")
    })
    .await;
    // The bot opened a direct room to ask for the coins…
    let opened = cara.accept_invite().await;
    cara.wait_for(&opened, 0, "the coins asked for", from_bot).await;
    // …and Cara answers from a direct room she makes herself.
    let own = cara.create_dm(BOT).await;
    assert_ne!(own, opened);
    cara.wait_for(&own, 0, "the bot in her own direct room", from_bot)
        .await;
    let mark = cara.mark(&own);
    cara.send(&own, "!lalao coins 2 #1").await;
    let hidden = cara
        .wait_for(
            &own,
            mark,
            "the coins' confirmation, where she sent them",
            |seen| from_bot(seen) && seen.body().contains("in your hand"),
        )
        .await;
    assert_eq!(hidden.body(), "You hide 2 in your hand. Shh!");
    assert!(hidden.encrypted, "direct rooms are encrypted");
    erin.wait_for(&room, 0, "the call, in the match's room", |seen| {
        from_bot(seen) && seen.body().contains("Odd or even?")
    })
    .await;
    assert!(
        !cara
            .seen(&opened)
            .iter()
            .any(|seen| seen.body().starts_with("You hide")),
        "the confirmation went to the other direct room"
    );
    stop_cleanly(&mut two.bot);
}
