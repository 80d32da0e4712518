//! On Matrix: a board goes with its picture, an `m.image` whose media downloads and
//! decodes (encrypted in an encrypted room, as the SDK does for attachments), with its size
//! and type in `info` and the board's description as `body`; a move that edits the board
//! edits the picture too, with a new image.

use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::RoomId;
use serde_json::Value;

use super::binary::{from_bot, spawn, stop_cleanly, synapse_with, BOT};
use super::people::{match_id, Person, Seen};
use crate::support::decode_png;

fn is_picture(seen: &Seen) -> bool {
    from_bot(seen) && seen.msgtype() == "m.image"
}

/// Downloads the image an `m.image` content shows (decrypting it in an encrypted room) and
/// checks it against its `info`: returns the PNG.
async fn picture_of(viewer: &Person, content: &Value, encrypted: bool) -> Vec<u8> {
    assert_eq!(content["msgtype"], "m.image", "{content}");
    assert_eq!(content["filename"], "board.png");
    let body = content["body"].as_str().unwrap();
    assert!(
        body.len() > 20 && body != "board.png",
        "the description is the body: {body}"
    );
    let info = &content["info"];
    assert_eq!(info["mimetype"], "image/png");
    let source: MediaSource = if encrypted {
        assert!(
            content.get("url").is_none(),
            "no plain media in an encrypted room: {content}"
        );
        MediaSource::Encrypted(Box::new(serde_json::from_value(content["file"].clone()).unwrap()))
    } else {
        MediaSource::Plain(serde_json::from_value(content["url"].clone()).unwrap())
    };
    let png = viewer
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
        .expect("the media downloads");
    assert_eq!(info["size"], png.len() as u64);
    assert!(png.len() <= 150 * 1024);
    let (width, height, frames) = decode_png(&png);
    assert_eq!(
        (info["w"].as_u64(), info["h"].as_u64(), frames),
        (Some(u64::from(width)), Some(u64::from(height)), 1)
    );
    png
}

async fn a_board_and_its_edit_come_with_pictures(encrypted: bool) {
    let synapse = synapse_with(&["cara", "dave"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let dave = Person::login(&synapse.url(), "dave", "pw-dave").await;
    let room: matrix_sdk::ruma::OwnedRoomId = cara.create_room(&[BOT, dave.id()], encrypted).await;
    let room: &RoomId = &room;
    dave.join(room).await;
    dave.wait_for(room, 0, "the welcome", from_bot).await;

    let mark = cara.mark(room);
    cara.send(room, "!lalao play fano @dave:localhost cells=5").await;
    let challenge = cara
        .wait_for(room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.body().contains("challenges")
        })
        .await;
    let id = match_id(challenge.body());

    // The board, then its picture.
    let mark = cara.mark(room);
    dave.send(room, &format!("!lalao accept {id}")).await;
    let board = cara
        .wait_for(room, mark, "the board", |seen| {
            from_bot(seen) && seen.body().contains("dave accepts!")
        })
        .await;
    let picture = cara.wait_for(room, mark, "the board's picture", is_picture).await;
    assert_eq!(picture.encrypted, encrypted);
    assert!(picture.replaces().is_none());
    let first = picture_of(&cara, picture.content(), encrypted).await;

    // A move edits the board and its picture: a replacement with a new image.
    let mark = cara.mark(room);
    cara.send(room, &format!("!lalao move @3 {id}")).await;
    cara.wait_for(room, mark, "the board's edit", |seen| {
        from_bot(seen) && seen.replaces() == Some(board.event_id.as_str())
    })
    .await;
    let edit = cara
        .wait_for(room, mark, "the picture's edit", |seen| {
            from_bot(seen) && seen.replaces() == Some(picture.event_id.as_str())
        })
        .await;
    let moved = picture_of(&cara, &edit.content()["m.new_content"], encrypted).await;
    assert_ne!(moved, first, "the picture shows the move");
    // The picture is seen by the other player too.
    let seen_by_dave = dave
        .wait_for(room, 0, "the picture's edit", |seen| {
            seen.event_id == edit.event_id
        })
        .await;
    assert_eq!(
        picture_of(&dave, &seen_by_dave.content()["m.new_content"], encrypted).await,
        moved
    );

    stop_cleanly(&mut bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_board_and_its_edit_come_with_pictures_in_a_plain_room() {
    a_board_and_its_edit_come_with_pictures(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_board_and_its_edit_come_with_pictures_in_an_encrypted_room() {
    a_board_and_its_edit_come_with_pictures(true).await;
}

/// On Matrix: with the web pages on, `board` gives the match's live page as a line.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_board_gives_the_live_page() {
    let synapse = synapse_with(&["cara"]);
    let data = tempfile::tempdir().unwrap();
    let listen = format!("127.0.0.1:{}", crate::support::free_port());
    let mut bot = super::binary::spawn_with(&synapse, data.path(), &[("LALAO_WEB", &listen)]);
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let room = cara.create_room(&[BOT], false).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;
    let mark = cara.mark(&room);
    cara.send(&room, "!lalao play fano practice").await;
    cara.wait_for(&room, mark, "the board", from_bot).await;
    let mark = cara.mark(&room);
    cara.send(&room, "!lalao board").await;
    let shown = cara
        .wait_for(&room, mark, "the board with its link", |seen| {
            from_bot(seen) && seen.body().contains("Follow it live: ")
        })
        .await;
    let url = shown
        .body()
        .lines()
        .find_map(|line| line.strip_prefix("Follow it live: "))
        .unwrap()
        .to_owned();
    assert!(url.starts_with(&format!("http://{listen}/m/")), "{url}");
    let page = tokio::task::spawn_blocking(move || ureq::get(&url).call().ok().map(|r| r.status()))
        .await
        .unwrap();
    assert_eq!(page, Some(200));
    stop_cleanly(&mut bot);
}

/// On Matrix: `export … animation` answers with the caption, then the whole game as a GIF
/// `m.image` (drawn in the room's send queue, off the sync loop), whose frames are the start
/// and one a ply; a command sent right after it is answered too.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_export_animation_posts_the_whole_game_as_a_gif() {
    let synapse = synapse_with(&["cara"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let room = cara.create_room(&[BOT], false).await;
    cara.wait_for(&room, 0, "the welcome", from_bot).await;
    for line in ["!lalao play fano practice cells=5", "!lalao @1", "!lalao @2"] {
        let mark = cara.mark(&room);
        cara.send(&room, line).await;
        cara.wait_for(&room, mark, line, from_bot).await;
    }
    let mark = cara.mark(&room);
    cara.send(&room, "!lalao export animation").await;
    cara.send(&room, "!lalao help").await;
    let animation = cara
        .wait_for(&room, mark, "the animation", |seen| {
            // The board's picture may still be edited meanwhile.
            from_bot(seen) && seen.msgtype() == "m.image" && seen.content()["filename"] != "board.png"
        })
        .await;
    let content = animation.content();
    assert_eq!(content["filename"], "match-1.gif", "{content}");
    assert_eq!(content["info"]["mimetype"], "image/gif");
    let source = MediaSource::Plain(serde_json::from_value(content["url"].clone()).unwrap());
    let gif = cara
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
        .expect("the media downloads");
    let (_, _, frames) = crate::support::decode_gif(&gif);
    assert_eq!(frames, 3, "the start and one frame a ply");
    cara.wait_for(&room, mark, "the help", |seen| {
        from_bot(seen) && seen.body().contains("!lalao")
    })
    .await;
    stop_cleanly(&mut bot);
}
