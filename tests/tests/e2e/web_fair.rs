//! The web pages under one greedy client, against the real binary: while it cycles the
//! whole-game animations of ten public links and holds every event stream it can, a class
//! screen's taps are answered and its stream keeps moving (docs/security.md, the pages'
//! budgets). The figures of the same load are in docs/benchmarks.md
//! (`bot/web/benches/animation_flood.py`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::Value;

use crate::console_cli::Console;
use crate::screen_taps::url_in;
use crate::support::free_port;
use crate::web::get;

/// Public links whose animations the greedy client cycles (two more than the pages keep drawn).
const LINKS: usize = 10;
/// Plies of each of their games: long enough that each drawing takes a good while.
const PLIES: usize = 60;
/// The greedy client's animation requests in flight at once.
const CYCLERS: usize = 6;

/// The status of a GET of `path`, reading at most the head (the body is dropped with the
/// connection).
fn status_of(port: u16, path: &str) -> u16 {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return 0;
    };
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    if write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n").is_err() {
        return 0;
    }
    let mut head = [0u8; 12];
    match stream.read_exact(&mut head) {
        Ok(()) => std::str::from_utf8(&head[9..12])
            .unwrap_or("0")
            .parse()
            .unwrap_or(0),
        Err(_) => 0,
    }
}

/// An event stream of `path` opened: `Some` with its reader when the answer is 200.
fn open_stream(port: u16, path: &str) -> Result<BufReader<TcpStream>, u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|_| 0u16)?;
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .map_err(|_| 0u16)?;
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).map_err(|_| 0u16)?;
    let code: u16 = status.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    if code != 200 {
        return Err(code);
    }
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).map_err(|_| 0u16)?;
        if line.trim().is_empty() {
            return Ok(reader);
        }
    }
}

/// The next `screen` event's data (the screen's main part).
fn next_screen(reader: &mut BufReader<TcpStream>) -> String {
    let (mut name, mut data) = (String::new(), Vec::new());
    loop {
        let mut line = String::new();
        let read = reader.read_line(&mut line).expect("an event within 10 s");
        assert!(read > 0, "the class screen's stream ended");
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if name == "screen" {
                return data.join("\n");
            }
            (name, data) = (String::new(), Vec::new());
        } else if let Some(value) = line.strip_prefix("event: ") {
            name = value.to_owned();
        } else if let Some(value) = line.strip_prefix("data:") {
            data.push(value.trim_start().to_owned());
        }
    }
}

/// The board fingerprint of match `id` on the class page.
fn board_of(page: &str, id: u64) -> u64 {
    let article = page
        .split("<article ")
        .find(|article| article.contains(&format!("data-match=\"{id}\"")))
        .expect("the match on the screen");
    let start = article.find("data-board=\"").unwrap() + "data-board=\"".len();
    article[start..start + article[start..].find('"').unwrap()]
        .parse()
        .unwrap()
}

/// POSTs move `text` of match `id` on the class screen `path`: status and answer.
fn tap(port: u16, path: &str, id: u64, board: u64, text: &str, nonce: &str) -> (u16, Value) {
    let body = serde_json::json!({"match": id, "board": board, "move": text, "nonce": nonce}).to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
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

/// A class screen keeps working while one client cycles the animations of ten long public
/// matches and holds every live-page stream it can: each tap is answered 200 and applied,
/// the screen's stream brings each new version, nothing of the class is refused (503), and
/// the greedy client holds no more than its share of streams.
#[test]
fn a_class_screen_keeps_working_while_one_client_cycles_animations_and_hoards_streams() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1 language=fr");
    console.ask("class add Ana Bob");
    console.ask("class match Ana Bob fano cells=5");
    let screen = url_in(&console.ask("class link"))
        .strip_prefix(&format!("http://{listen}"))
        .expect("the screen's address on LALAO_WEB")
        .to_owned();

    // Ten long practice games, each with its public link.
    let start = AnyGame::new(AnyOptions::standard(GameKind::Katro).unwrap()).unwrap();
    let mut animations = Vec::new();
    for n in 0..LINKS {
        let id = n as u64 + 2;
        console.ask("play katro");
        for text in start.random_line(id, PLIES) {
            console.send(&format!("{text} #{id}"));
            console.answer();
        }
        // A move that ends the game may be told in a block of its own: read up to the board.
        console.send(&format!("board #{id}"));
        let line = loop {
            let block = console.answer();
            if let Some(line) = block.lines().find(|line| line.contains("/m/")) {
                break line.to_owned();
            }
        };
        let page = url_in(&line)
            .strip_prefix(&format!("http://{listen}"))
            .unwrap()
            .to_owned();
        let (status, _, html) = get(port, &page, "en");
        assert_eq!(status, 200);
        let at = html.find("/animation/").expect("the page links its animation");
        let link = &html[at..at + html[at..].find('"').unwrap()];
        animations.push(format!("{page}{link}"));
    }
    let hoarded_page = animations[0].split("/animation/").next().unwrap().to_owned();

    // The greedy client: animations cycled from several connections at once, and every
    // event stream of one public page it can get (bounded by the server's whole cap).
    let stop = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut cyclers = Vec::new();
    for c in 0..CYCLERS {
        let (stop, seen, animations) = (stop.clone(), seen.clone(), animations.clone());
        cyclers.push(std::thread::spawn(move || {
            let mut n = c;
            while !stop.load(Ordering::SeqCst) && n < 10_000 {
                let status = status_of(port, &animations[n % LINKS]);
                seen.lock().unwrap().push(status);
                n += CYCLERS;
            }
        }));
    }
    let mut hoard = Vec::new();
    let mut refused = 0;
    for _ in 0..=2_000 {
        match open_stream(port, &format!("{hoarded_page}/events")) {
            Ok(stream) => hoard.push(stream),
            Err(status) => {
                assert_eq!(status, 503, "a stream past the share is asked to come back");
                refused += 1;
                break;
            }
        }
    }
    assert_eq!(refused, 1);
    // At most one client's share of live-page streams (fewer if the server was too busy to
    // read the page for one).
    assert!(hoard.len() <= 64, "{} streams held by one client", hoard.len());

    // The class screen meanwhile: its stream opens, every tap is answered and applied, and
    // each brings the screen's next version on its stream.
    let mut events = open_stream(port, &format!("{screen}/events")).expect("the class's stream opens");
    next_screen(&mut events);
    for (n, text) in ["@3", "@4", "3-2", "4-5", "2-3", "5-4"].into_iter().enumerate() {
        let (status, _, page) = get(port, &screen, "fr");
        assert_eq!(status, 200, "the class page");
        let board = board_of(&page, 1);
        let (status, answer) = tap(port, &screen, 1, board, text, &format!("tap-{n:02}-under-load"));
        assert_eq!(
            (status, &answer["outcome"]),
            (200, &Value::from("applied")),
            "{text}: {answer}"
        );
        // The stream brings the board after the move (each read waits at most 10 s).
        while board_of(&next_screen(&mut events), 1) == board {}
    }

    stop.store(true, Ordering::SeqCst);
    for cycler in cyclers {
        cycler.join().unwrap();
    }
    let seen = seen.lock().unwrap();
    assert!(
        seen.iter().all(|status| [200, 503].contains(status)),
        "animations are drawn or the client is asked to come back: {seen:?}"
    );
    assert!(seen.contains(&200), "the greedy client is still served its share");
    drop(hoard);
    drop(console);
}
