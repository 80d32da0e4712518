//! The people a command names, on a real Synapse. A Matrix id nobody has is
//! refused with how to write one, and creates nothing; a challenged player who is not in the
//! room is invited into it and can accept.

use super::binary::{from_bot, said, spawn, stop_cleanly, synapse_with, BOT};
use super::people::{match_id, Person};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_named_opponent_must_exist_and_is_invited_when_absent() {
    let synapse = synapse_with(&["cara", "erin"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
    let room = cara.create_room(&[BOT], false).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;

    // A typo in the id: nobody has it.
    let mark = cara.mark(&room);
    let typo = cara.send(&room, "!lalao play fano @erni:localhost").await;
    let refusal = cara
        .wait_for(&room, mark, "the refusal", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(typo.as_str())
        })
        .await;
    assert_eq!(
        refusal.body(),
        "I can't find @erni:localhost on Matrix: nobody has this id. Check the spelling (a Matrix id looks like @name:example.org), or mention them by picking their name as you type it."
    );

    // Erin exists but is not in the room: the challenge stands and she is invited.
    let mark = cara.mark(&room);
    let command = cara.send(&room, "!lalao play fano @erin:localhost cells=5").await;
    let challenge = cara
        .wait_for(&room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    let id = match_id(challenge.body());
    assert_eq!(id, "#1", "the refused command created nothing");
    let invited = erin.accept_invite().await;
    assert_eq!(invited, room);
    let seen = erin
        .wait_for(&room, 0, "the challenge, once she joined", |seen| {
            from_bot(seen) && seen.body().contains("challenges")
        })
        .await;
    assert_eq!(seen.body(), challenge.body());
    let mark = erin.mark(&room);
    erin.send(&room, &format!("!lalao accept {id}")).await;
    erin.wait_for(&room, mark, "the first board", |seen| {
        from_bot(seen) && seen.body().contains("erin accepts!")
    })
    .await;
    stop_cleanly(&mut bot);
}

/// People name an opponent the way the room shows them: by display name (`Bodo`), by
/// `@localpart` or `@display name` without the server, and each is the same challenge as the
/// full id; a name two members share, or nobody has, is not guessed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_an_opponent_named_as_the_room_shows_them_is_challenged() {
    let synapse = synapse_with(&["cara", "erin", "ines"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
    erin.set_display_name("Bodo").await;
    let room = cara.create_room(&[BOT, "@erin:localhost"], false).await;
    erin.join(&room).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;

    let full = said(
        &cara,
        &room,
        "!lalao play fano @erin:localhost cells=5",
        "challenges",
    )
    .await;
    assert_eq!(match_id(full.body()), "#1");
    for (n, named) in ["Bodo", "@erin", "@bodo"].into_iter().enumerate() {
        let seen = said(
            &cara,
            &room,
            &format!("!lalao play fano {named} cells=5"),
            "challenges",
        )
        .await;
        let id = format!("#{}", n + 2);
        assert_eq!(seen.body(), full.body().replace("#1", &id), "named as {named}");
        assert_eq!(
            seen.mentions(),
            vec!["@erin:localhost".to_owned()],
            "named as {named}"
        );
    }

    // Ines, who is not in the room, is not guessed from her name: the grammar answers as before.
    let unknown = said(&cara, &room, "!lalao play fano Ines cells=5", "variant").await;
    assert_eq!(
        unknown.body(),
        "There is no variant “ines” (variants: misere, full-start, forced-capture, repetition-illegal). To play someone, mention them: type @ and pick their name, or write their user id, like `!lalao play fano @bodo:example.org`."
    );
    stop_cleanly(&mut bot);
}
