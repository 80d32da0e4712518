//! Moves tapped on the class screen, over its own HTTP requests (no browser): what the class's
//! channel hears of them on the console. The screen runs in the console's own process, on the
//! same service as the typed commands.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::Value;

use crate::console_cli::Console;
use crate::support::free_port;
use crate::web::get;

/// The address in a line of the bot's (`class link` answers one).
pub(crate) fn url_in(text: &str) -> String {
    let start = text
        .find("http://")
        .unwrap_or_else(|| panic!("no address in: {text}"));
    text[start..].split_whitespace().next().unwrap().to_owned()
}

/// An attribute of the class page's board of match `id`.
fn board_attribute(page: &str, id: u64, name: &str) -> Option<String> {
    let article = page
        .split("<article ")
        .find(|article| article.contains(&format!("data-match=\"{id}\"")))?;
    let start = article.find(&format!("{name}=\""))? + name.len() + 2;
    let value = &article[start..start + article[start..].find('"')?];
    Some(value.replace("&quot;", "\"").replace("&amp;", "&"))
}

/// POSTs a move on the class screen `path` (`/class/<link>`) as its page does: status and body.
fn post_move(port: u16, path: &str, id: u64, board: &str, text: &str, nonce: &str) -> (u16, Value) {
    let body = serde_json::json!({"match": id, "board": board.parse::<u64>().unwrap(), "move": text, "nonce": nonce})
        .to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "POST {path}/play HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// Finishes match #1, fano-5, by six taps on the class screen `path` (`/class/<link>`), as its
/// page would send them: this line ends by a capture.
pub(crate) fn finish_by_taps(port: u16, path: &str) {
    for (n, text) in ["@3", "@4", "3-2", "4-5", "2-3", "5-4"].into_iter().enumerate() {
        let (status, _, page) = get(port, path, "fr");
        assert_eq!(status, 200);
        let board = board_attribute(&page, 1, "data-board").expect("match #1 on the screen");
        let (status, answer) = post_move(port, path, 1, &board, text, &format!("tap-{n:02}-of-the-teacher"));
        assert_eq!(
            (status, &answer["outcome"]),
            (200, &Value::from("applied")),
            "{text}: {answer}"
        );
    }
}

/// A two-pupil tournament whose only match is finished by taps on the class screen: the
/// console, the class's channel, is told once that the tournament is over (the tap's reply
/// goes to the screen, its news through the outbox), and hears nothing of the moves it saw
/// played on the screen in its own room.
#[test]
fn a_tournament_finished_by_taps_on_the_class_screen_is_announced_once() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1 language=fr");
    console.ask("class add Ana Bob");
    let started = console.ask("class tournament fano cells=5");
    assert!(started.contains("Ronde 1 sur 1"), "{started}");
    let link = url_in(&console.ask("class link"));
    let path = link
        .strip_prefix(&format!("http://{listen}"))
        .expect("the screen's address on LALAO_WEB")
        .to_owned();
    finish_by_taps(port, &path);
    // The console prints what its channel was told before it answers the next command: every
    // block up to the answer of a command typed after it.
    let mut told = Vec::new();
    console.send("class standings");
    console.send("/user mme");
    loop {
        let block = console.answer();
        if block.starts_with("Tu es maintenant mme") || block.starts_with("You are now mme") {
            break;
        }
        told.push(block);
    }
    let over: Vec<&String> = told
        .iter()
        .filter(|block| block.starts_with("Le tournoi est fini. Bravo à tous !"))
        .collect();
    assert_eq!(over.len(), 1, "told once: {told:#?}");
    assert!(
        !told
            .iter()
            .any(|block| block.contains("sur l'écran de la classe")),
        "the console saw the moves on its own screen: {told:#?}"
    );
    let again = console.ask("class standings");
    assert!(!again.contains("Le tournoi est fini"), "told once: {again}");
}
