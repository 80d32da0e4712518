//! On Discord: a board goes with its picture, attached as `board.png` (multipart) and
//! shown in an embed (`attachment://board.png`), with the board's description as alt text; the
//! text board stays in the message. A move that edits the board replaces the attachment, and
//! a player who chose text boards gets none.

use serde_json::{json, Value};

use super::bot::Setup;
use super::fixtures::{self, Opt, ANA, BODO};
use super::gateway::{custom_id_ending, id_of, person};
use super::peer::file_bytes;
use super::{mentioned, Table};
use crate::support::{decode_gif, decode_png};

/// The picture a message body carries, checked as Discord reads it: one embed showing
/// `attachment://board.png`, the attachment listed with its alt text, and the multipart
/// `files[0]` a PNG within the size bound that decodes. Returns (alt text, PNG bytes).
pub(super) fn picture_in(data: &Value, files: &Value) -> (String, Vec<u8>) {
    assert_eq!(
        data["embeds"],
        json!([{"image": {"url": "attachment://board.png"}}]),
        "{data}"
    );
    let listed = data["attachments"].as_array().expect("the attachment is listed");
    assert_eq!(listed.len(), 1, "{data}");
    assert_eq!(
        (&listed[0]["id"], &listed[0]["filename"]),
        (&json!(0), &json!("board.png"))
    );
    let alt = listed[0]["description"].as_str().expect("alt text").to_owned();
    assert!(!alt.is_empty() && alt.chars().count() <= 1024, "{alt}");
    let files = files.as_array().expect("a multipart body");
    assert_eq!(files.len(), 1);
    assert_eq!(
        (files[0]["field"].as_str(), files[0]["filename"].as_str()),
        (Some("files[0]"), Some("board.png"))
    );
    let png = file_bytes(&files[0]);
    assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
    let (width, height, frames) = decode_png(&png);
    assert!(
        width >= 300 && height >= 100 && frames == 1,
        "{width}×{height}, {frames} frames"
    );
    (alt, png)
}

/// The message as the channel shows it: its one attachment (id, bytes) with the embed that
/// shows it, and the text board still in its content.
pub(super) fn shown_picture(message: &Value) -> (String, Vec<u8>) {
    let attachments = message["attachments"].as_array().unwrap();
    assert_eq!(attachments.len(), 1, "one picture: {message}");
    assert_eq!(attachments[0]["filename"], "board.png");
    assert_eq!(attachments[0]["content_type"], "image/png");
    assert_eq!(message["embeds"][0]["image"]["url"], "attachment://board.png");
    assert!(
        message["content"].as_str().unwrap().contains("```"),
        "the text board stays: {message}"
    );
    let bytes = file_bytes(&json!({"hex": attachments[0]["_hex"]}));
    (attachments[0]["id"].as_str().unwrap().to_owned(), bytes)
}

/// The first move button of a board.
pub(super) fn first_move(message: &Value) -> String {
    fixtures::components(message)
        .iter()
        .filter_map(|component| component["custom_id"].as_str())
        .find(|id| id.contains(":m:"))
        .unwrap_or_else(|| panic!("no move button: {message}"))
        .to_owned()
}

#[test]
fn discord_boards_carry_their_picture_and_an_edit_replaces_it() {
    let mut table = Table::gateway(Setup::default());
    let (play, _) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let challenge = table.original(&play);
    let board_id = id_of(&challenge);

    // Accepting turns the challenge into the board: its picture travels in the callback.
    let call = table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let (alt, first) = picture_in(&call.body["data"], &call.body["_files"]);
    let board = table.peer.message(board_id);
    let (first_id, shown) = shown_picture(&board);
    assert_eq!(shown, first);
    assert_eq!(board["attachments"][0]["description"], alt.as_str());

    // A move edits the board: the new picture replaces the old attachment.
    let player = person(mentioned(&board)[0]);
    let call = table.click(player, &board, &first_move(&board));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let (alt_after, moved) = picture_in(&call.body["data"], &call.body["_files"]);
    assert_ne!(moved, first, "the picture shows the move");
    assert_ne!(alt_after, alt);
    let board = table.peer.message(board_id);
    let (moved_id, shown) = shown_picture(&board);
    assert_eq!(shown, moved);
    assert_ne!(moved_id, first_id, "the old attachment is gone");

    // A player who chose text boards moves: the board is text alone, the old picture gone.
    let player = person(mentioned(&board)[0]);
    table.slash(player, "settings", &[Opt::str("style", "text")]);
    let call = table.click(player, &board, &first_move(&board));
    assert_eq!(call.body["_files"], Value::Null, "not multipart: {}", call.body);
    let board = table.peer.message(board_id);
    assert_eq!(
        (&board["attachments"], &board["embeds"]),
        (&json!([]), &json!([])),
        "{board}"
    );
    assert!(board["content"].as_str().unwrap().contains("```"));
    table.peer.assert_no_unknown_routes();
}

/// On Discord: with the web pages on, `board` offers the match's live page as a link
/// button, not as an address in the text (Discord would unfurl it).
#[test]
fn discord_board_offers_the_live_page_as_a_link_button() {
    let port = crate::support::free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut table = Table::gateway(Setup {
        env: vec![("LALAO_WEB".to_owned(), listen.clone())],
        ..Setup::default()
    });
    table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::Bool("practice", true)],
    );
    let (_, call) = table.slash(ANA, "board", &[]);
    let data = &call.body["data"];
    let links: Vec<&Value> = data["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap())
        .filter(|component| component["style"] == 5)
        .collect();
    assert_eq!(links.len(), 1, "{data}");
    let url = links[0]["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("http://{listen}/m/")), "{url}");
    assert_eq!(links[0]["label"], "Voir en direct", "Ana's client speaks French");
    assert!(links[0].get("custom_id").is_none());
    assert!(!data["content"].as_str().unwrap().contains(url), "{data}");
    // The page is there.
    let response = ureq::get(url).call().expect("the live page");
    assert_eq!(response.status(), 200);
    assert!(response.into_string().unwrap().contains("<svg"));
    table.peer.assert_no_unknown_routes();
}

/// On Discord: `/lalao export match:1 animation:True` answers with the caption and the whole
/// game as a GIF attachment (`match-1.gif`, `image/gif`: Discord shows APNGs still), one
/// frame for the start and one per ply — even for a player who turned pictures off.
#[test]
fn discord_export_animation_attaches_the_whole_game_as_a_gif() {
    let mut table = Table::gateway(Setup::default());
    table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::Bool("practice", true)],
    );
    table.slash(ANA, "settings", &[Opt::str("style", "text")]);
    for text in ["@3", "@1"] {
        table.slash(ANA, "move", &[Opt::str("move", text)]);
    }
    let (export, _) = table.slash(
        ANA,
        "export",
        &[Opt::Int("match", 1), Opt::Bool("animation", true)],
    );
    let message = table.original(&export);
    let content = message["content"].as_str().unwrap();
    assert!(content.contains("#1") && content.contains('2'), "{message}");
    let attachments = message["attachments"].as_array().unwrap();
    assert_eq!(attachments.len(), 1, "{message}");
    assert_eq!(attachments[0]["filename"], "match-1.gif");
    assert_eq!(attachments[0]["content_type"], "image/gif");
    let gif = file_bytes(&json!({"hex": attachments[0]["_hex"]}));
    assert!(gif.len() <= 10 << 20, "{} bytes", gif.len());
    let (width, height, frames) = decode_gif(&gif);
    assert_eq!(frames, 3, "the start and 2 plies");
    assert!(width >= 300 && height >= 100, "{width}×{height}");
    table.peer.assert_no_unknown_routes();
}
