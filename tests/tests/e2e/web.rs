//! A match's live page served by `lalao` itself (`LALAO_WEB`), found by
//! the public id `board` gives, with its board and moves, security headers, and live updates
//! over Server-Sent Events that reach a viewer within a second of a move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::console_cli::Console;
use crate::support::free_port;

/// GET `path` (HTTP/1.0, so the body ends with the connection): status, headers (lower-case
/// names) and body.
pub(crate) fn get(port: u16, path: &str, language: &str) -> (u16, Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nAccept-Language: {language}\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a response");
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_lowercase(), value.trim().to_owned()))
        .collect();
    (status, headers, body.to_owned())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> &'a str {
    headers
        .iter()
        .find(|(found, _)| found == name)
        .map_or("", |(_, value)| value.as_str())
}

/// An open event stream: reads `board` events as (id, data).
struct Events {
    lines: std::io::Lines<BufReader<TcpStream>>,
}

impl Events {
    fn open(port: u16, path: &str) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut lines = BufReader::new(stream).lines();
        let status = lines.next().unwrap().unwrap();
        assert!(status.contains(" 200 "), "{status}");
        let (mut content_type, mut buffering) = (String::new(), String::new());
        for line in lines.by_ref() {
            let line = line.unwrap();
            if line.is_empty() {
                break;
            }
            let line = line.to_lowercase();
            if let Some(value) = line.strip_prefix("content-type:") {
                content_type = value.trim().to_owned();
            }
            if let Some(value) = line.strip_prefix("x-accel-buffering:") {
                buffering = value.trim().to_owned();
            }
        }
        assert_eq!(content_type, "text/event-stream");
        // A reverse proxy (nginx) must pass each event on at once.
        assert_eq!(buffering, "no");
        Events { lines }
    }

    fn next_board(&mut self) -> (u64, String) {
        let (mut name, mut id, mut data) = (String::new(), 0, Vec::new());
        for line in self.lines.by_ref() {
            let line = line.expect("an event within 10 s");
            if line.is_empty() {
                if name == "board" {
                    return (id, data.join("\n"));
                }
                (name, data) = (String::new(), Vec::new());
            } else if let Some(value) = line.strip_prefix("event: ") {
                name = value.to_owned();
            } else if let Some(value) = line.strip_prefix("id: ") {
                id = value.parse().unwrap();
            } else if let Some(value) = line.strip_prefix("data: ") {
                data.push(value.to_owned());
            } else if let Some(value) = line.strip_prefix("data:") {
                data.push(value.to_owned());
            }
        }
        panic!("the event stream ended");
    }
}

/// A console with the web pages on, a match started by `play`, and its live page.
struct Served {
    console: Console,
    port: u16,
    /// `127.0.0.1:<port>`.
    listen: String,
    /// The live page's path, `/m/<public id>`.
    path: String,
    /// The `board` answer that gave it.
    board: String,
}

fn serve(data: &std::path::Path, play: &str) -> Served {
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data, "ana", &[("LALAO_WEB", &listen)]);
    console.ask(play);
    let board = console.ask("board");
    let url = board
        .lines()
        .find_map(|line| line.strip_prefix("Follow it live: "))
        .unwrap_or_else(|| panic!("no live link: {board}"))
        .to_owned();
    let path = url
        .strip_prefix(&format!("http://{listen}"))
        .expect("the page's address on LALAO_WEB")
        .to_owned();
    Served {
        console,
        port,
        listen,
        path,
        board,
    }
}

#[test]
fn a_match_s_live_page_shows_the_board_and_every_move_within_a_second() {
    let data = tempfile::tempdir().unwrap();
    let Served {
        mut console,
        port,
        path,
        board,
        ..
    } = serve(data.path(), "play fano cells=5");
    let public = path.strip_prefix("/m/").unwrap();
    assert_eq!(public.len(), 32);
    assert_eq!(console.ask("board"), board, "the same link every time");

    // The page: the board as SVG, the players, no inline script, strict headers.
    let (status, headers, body) = get(port, &path, "en");
    assert_eq!(status, 200);
    assert!(header(&headers, "content-type").starts_with("text/html"));
    let csp = header(&headers, "content-security-policy");
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert_eq!(header(&headers, "x-content-type-options"), "nosniff");
    assert_eq!(header(&headers, "x-frame-options"), "DENY");
    assert!(body.contains("<svg") && body.contains("#1"), "{body}");
    assert!(body.contains(&format!("data-events=\"/m/{public}/events\"")));
    assert!(!body.contains("<script>"), "no inline script");
    assert!(body.contains("<script src=\"/assets/live.js\"></script>"));
    let (status, headers, script) = get(port, "/assets/live.js", "en");
    assert_eq!(status, 200);
    assert!(header(&headers, "content-type").starts_with("text/javascript"));
    assert!(script.contains("EventSource"));

    // Live: the board now, then each move within a second.
    let mut events = Events::open(port, &format!("{path}/events"));
    let (first, html) = events.next_board();
    assert!(html.contains("<svg"), "{html}");
    for (n, text) in ["@3", "@1"].into_iter().enumerate() {
        let played = Instant::now();
        console.ask(text);
        let (version, html) = events.next_board();
        let took = played.elapsed();
        assert!(
            took < Duration::from_secs(1),
            "move {n} reached the page in {took:?}"
        );
        assert!(version > first, "{version} after {first}");
        assert!(html.contains(&format!("<code>{text}</code>")), "{html}");
    }

    // Unknown, malformed or sequential ids: not found, in the reader's language.
    let unknown = format!("/m/{}", "a".repeat(32));
    for bad in [unknown.as_str(), "/m/1", "/m/..%2f..%2fetc", "/nothing"] {
        let (status, headers, body) = get(port, bad, "fr-FR,fr;q=0.9");
        assert_eq!(status, 404, "{bad}");
        assert!(
            body.contains("Il n'y a pas de partie") || body.contains("Il n&#39;y a pas de partie"),
            "{body}"
        );
        assert!(header(&headers, "content-security-policy").contains("default-src 'none'"));
    }
    let (status, _, _) = get(port, &format!("{unknown}/events"), "en");
    assert_eq!(status, 404);
}

/// The live page of a mancala shows the last move's sowing as an animated PNG, at an address
/// that names the match's version: it decodes, it has frames, and a version past is gone.
#[test]
fn a_mancala_s_live_page_replays_the_last_sowing_seed_by_seed() {
    let data = tempfile::tempdir().unwrap();
    let Served {
        mut console,
        port,
        listen,
        path,
        ..
    } = serve(data.path(), "play engehe");
    let (_, _, before) = get(port, &path, "en");
    assert!(!before.contains("class=\"replay\""), "no move yet, no replay");
    console.ask("h17");
    let (_, _, page) = get(port, &path, "en");
    let start = page.find("<img src=\"").expect("a replay") + "<img src=\"".len();
    let replay = &page[start..start + page[start..].find('"').unwrap()];
    assert!(replay.starts_with(&format!("{path}/replay/")), "{replay}");
    assert!(
        page.contains("alt=\"The last move, h17, seed by seed\""),
        "{page}"
    );
    let response = ureq::get(&format!("http://{listen}{replay}")).call().unwrap();
    assert_eq!(response.content_type(), "image/png");
    assert!(response.header("cache-control").unwrap().contains("immutable"));
    let mut png = Vec::new();
    response.into_reader().read_to_end(&mut png).unwrap();
    let (width, height, frames) = crate::support::decode_png(&png);
    assert!(frames > 1 && width > 0 && height > 0, "{frames} frames");
    // Once the match moves on, that version's replay is no more.
    console.ask("resign");
    // The console may still be printing the move's answer: give the resignation a moment.
    let started = Instant::now();
    loop {
        match ureq::get(&format!("http://{listen}{replay}")).call() {
            Err(ureq::Error::Status(404, _)) => break,
            Ok(_) if started.elapsed() < Duration::from_secs(5) => {
                std::thread::sleep(Duration::from_millis(50))
            }
            other => panic!("the old replay should be gone: {:?}", other.map(|r| r.status())),
        }
    }
}
