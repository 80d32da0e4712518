//! `my data` on Matrix: asked in a room, answered in the direct room the bot opens with the
//! person — the note, then an `m.file` (encrypted, as the direct room is) whose download is
//! the JSON of every record naming them; the room only hears where the answer went.

use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::events::room::MediaSource;
use serde_json::Value;

use super::binary::{from_bot, stop_cleanly, TwoInARoom};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_my_data_comes_as_an_encrypted_file_in_the_direct_room() {
    let mut two = TwoInARoom::start().await;
    let (cara, room) = (&two.cara, two.room.clone());
    let in_room = cara.mark(&room);

    cara.send(&room, "!lalao my data").await;
    let dm = cara.accept_invite().await;
    assert_ne!(dm, room);
    let note = cara.wait_for(&dm, 0, "the note", from_bot).await;
    assert!(note.encrypted, "direct rooms are encrypted");
    assert!(
        note.body().starts_with("What lalao keeps of you: ")
            && note.body().ends_with("in the file lalao-my-data.json."),
        "{}",
        note.body()
    );
    let file = cara
        .wait_for(&dm, 0, "the file", |seen| {
            from_bot(seen) && seen.msgtype() == "m.file"
        })
        .await;
    let content = file.content();
    assert_eq!(content["body"], "lalao-my-data.json");
    assert_eq!(content["filename"], "lalao-my-data.json");
    assert_eq!(content["info"]["mimetype"], "application/json");
    assert!(
        content.get("url").is_none(),
        "no plain media in an encrypted room: {content}"
    );
    let source = MediaSource::Encrypted(Box::new(serde_json::from_value(content["file"].clone()).unwrap()));
    let bytes = cara
        .client
        .media()
        .get_media_content(
            &MediaRequestParameters {
                source,
                format: MediaFormat::File,
            },
            false,
        )
        .await
        .expect("the file downloads");
    assert_eq!(content["info"]["size"], bytes.len() as u64);
    let data: Value = serde_json::from_slice(&bytes).unwrap();
    let me = format!("matrix:{}", cara.user_id);
    assert_eq!(data["user"], me.as_str());
    assert_eq!(data["complete"], true);
    let keys: Vec<&str> = data["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| record["key"].as_str().unwrap())
        .collect();
    assert!(keys.contains(&format!("player/{me}").as_str()), "{keys:?}");

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
