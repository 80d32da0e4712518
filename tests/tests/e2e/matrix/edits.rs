//! An edited command. People fix a typo by editing their message; the bot acts
//! on the edit when the command it corrects was refused or never reached it, answers in reply
//! to the edited message, and never applies a command twice or an edit by someone else.

use matrix_sdk::ruma::events::room::message::{ReplacementMetadata, RoomMessageEventContent};
use matrix_sdk::ruma::{OwnedEventId, RoomId};

use super::binary::{from_bot, spawn, stop_cleanly, synapse_with, BOT};
use super::people::{match_id, Person, Seen};

/// `who` edits `original` (theirs or not) to read `text`, as clients do.
async fn edit(who: &Person, room: &RoomId, original: &OwnedEventId, text: &str) -> OwnedEventId {
    let content = RoomMessageEventContent::text_plain(text)
        .make_replacement(ReplacementMetadata::new(original.clone(), None));
    who.send_content(room, content).await
}

/// The bot's messages since `mark`, up to the answer to `until` (a command that is always
/// answered): what the bot said in between.
async fn answers_until(watcher: &Person, room: &RoomId, mark: usize, until: &OwnedEventId) -> Vec<Seen> {
    watcher
        .wait_for(room, mark, "the answer to the last command", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(until.as_str())
        })
        .await;
    watcher.seen(room)[mark..]
        .iter()
        // What the bot said, not the boards' pictures that follow their text.
        .filter(|seen| from_bot(seen) && seen.msgtype() != "m.image")
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_an_edited_command_is_acted_on_once_when_the_original_was_not() {
    let synapse = synapse_with(&["cara", "dave"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let dave = Person::login(&synapse.url(), "dave", "pw-dave").await;
    let room = cara.create_room(&[BOT, dave.id()], false).await;
    dave.join(&room).await;
    dave.wait_for(&room, 0, "the welcome", from_bot).await;

    // Never answered: the prefix was forgotten. The edit adds it and is answered, in reply to
    // the message that was edited.
    let mark = cara.mark(&room);
    let forgot = cara.send(&room, "play fano @dave:localhost cells=5").await;
    edit(&cara, &room, &forgot, "!lalao play fano @dave:localhost cells=5").await;
    let challenge = cara
        .wait_for(&room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.body().contains("challenges")
        })
        .await;
    assert_eq!(challenge.in_reply_to(), Some(forgot.as_str()));
    let id = match_id(challenge.body());

    // Refused: a typo in the verb. The corrected edit accepts.
    let mark = dave.mark(&room);
    let typo = dave.send(&room, &format!("!lalao acept {id}")).await;
    let refusal = dave
        .wait_for(&room, mark, "the refusal", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(typo.as_str())
        })
        .await;
    assert!(refusal.body().contains("`!lalao accept`"), "{}", refusal.body());
    // Watched from cara's client, which takes the next mark: had only dave's client seen the
    // board, it could still reach cara's after her mark and be counted as an answer below.
    let mark = cara.mark(&room);
    edit(&dave, &room, &typo, &format!("!lalao accept {id}")).await;
    cara.wait_for(&room, mark, "the first board", |seen| {
        from_bot(seen) && seen.body().contains("dave accepts!")
    })
    .await;

    // Applied commands stay applied: editing the challenge or the acceptance again, or
    // editing someone else's message, does nothing.
    let mark = cara.mark(&room);
    edit(&cara, &room, &forgot, "!lalao play fano @dave:localhost cells=7").await;
    edit(&dave, &room, &typo, "!lalao resign").await;
    let chat = cara.send(&room, "good luck dave").await;
    edit(&dave, &room, &chat, &format!("!lalao resign {id}")).await;
    let list = cara.send(&room, "!lalao list").await;
    let said = answers_until(&cara, &room, mark, &list).await;
    let bodies: Vec<&str> = said.iter().map(|seen| seen.body()).collect();
    assert_eq!(bodies.len(), 1, "only the list is answered: {bodies:?}");
    assert!(said[0].body().contains(&format!("{id} ")), "{}", said[0].body());
    assert!(
        !said[0].body().contains("#2"),
        "no second challenge: {}",
        said[0].body()
    );

    stop_cleanly(&mut bot);
}
