//! The class screen in a real headless Chromium. A teacher's page and a pupil's seat
//! page, two separate browsers, play a whole fano-5 class match by taps while a third browser
//! watches the match's live page; taps that are not moves change nothing and say why in the
//! class's language; a seat link cannot move the other seat; revoked links are gone. The
//! screens are kept as golden pictures (`LALAO_BLESS=1` rewrites them).

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{json, Value};

use crate::browser::Browser;
use crate::console_cli::Console;
use crate::support::free_port;

/// The French words the pages show (bot/app/locales/fr/*.ftl).
const NOTHING_HERE: &str = "On ne peut rien jouer depuis là. Touche un pion ou un trou qui brille.";
const NOT_YOUR_TURN: &str = "Ce n'est pas ton tour sur ce plateau : attends l'autre joueur.";
const NO_SUCH_PAGE: &str = "Il n'y a pas de partie à cette adresse.";

pub(crate) fn url_in(text: &str) -> String {
    let start = text
        .find("http://")
        .unwrap_or_else(|| panic!("no address in: {text}"));
    text[start..].split_whitespace().next().unwrap().to_owned()
}

/// Each pupil's name and seat link, as the teacher's page lists them.
pub(crate) fn seat_links(teacher: &Browser) -> Vec<(String, String)> {
    let seats = teacher.script(
        "return Array.prototype.map.call(document.querySelectorAll('.seats a'),\
         function (a) { return [a.textContent, a.href]; });",
        json!([]),
    );
    seats
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| {
            (
                seat[0].as_str().unwrap().to_owned(),
                seat[1].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The board of match #1 on a class page: its fingerprint and the moves it offers.
fn board(page: &Browser) -> (String, Vec<Value>) {
    let found = page.script(
        "var a = document.querySelector('article[data-match=\"1\"]');\
         return a ? [a.getAttribute('data-board'), a.getAttribute('data-moves')] : null;",
        json!([]),
    );
    let moves: Vec<Value> = serde_json::from_str(found[1].as_str().unwrap()).unwrap();
    (found[0].as_str().unwrap().to_owned(), moves)
}

/// The notice's words, without the small print under them.
pub(crate) const NOTICE_WORDS: &str = "(function () { var n = document.getElementById('notice');\
     var s = n.querySelector('.small');\
     return s ? n.textContent.slice(0, n.textContent.length - s.textContent.length) : n.textContent; })()";

/// The notice's words, without its small print.
pub(crate) fn notice(page: &Browser) -> String {
    page.script(&format!("return {NOTICE_WORDS};"), json!([]))
        .as_str()
        .unwrap()
        .to_owned()
}

/// The notice's small print: the notation its words leave out.
pub(crate) fn notice_small(page: &Browser) -> String {
    page.script(
        "var s = document.querySelector('#notice .small'); return s ? s.textContent : '';",
        json!([]),
    )
    .as_str()
    .unwrap()
    .to_owned()
}

fn tap(page: &Browser, place: &str) {
    page.click(&format!("article[data-match=\"1\"] .tap[data-tap=\"{place}\"]"));
}

/// Waits until the page's board of match #1 is no longer `seen`.
fn wait_changed(page: &Browser, seen: &str) -> Duration {
    page.wait_for(
        "var a = document.querySelector('article[data-match=\"1\"]');\
         return !!a && a.getAttribute('data-board') !== arguments[0];",
        json!([seen]),
        Duration::from_secs(5),
    )
}

/// How many moves the live page lists.
const LISTED: &str = "return document.querySelectorAll('ol.moves li').length === arguments[0];";

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("goldens/web")
        .join(format!("{name}.png"))
}

/// The screenshot against its golden: the same size, and at most 1 % of pixels off by more
/// than 24 in a channel (font anti-aliasing may differ a shade between machines).
pub(crate) fn check_screen(name: &str, page: &Browser) {
    // The pages' own fonts are loaded before the picture is taken.
    page.wait_for(
        "return document.fonts.status === 'loaded' && document.fonts.check('bold 16px \"DejaVu Sans\"');",
        json!([]),
        Duration::from_secs(5),
    );
    // And a capture's flash is over: the picture does not depend on when it is taken.
    page.wait_for(
        "return document.getAnimations().every(function (a) { return a.playState !== 'running'; });",
        json!([]),
        Duration::from_secs(5),
    );
    let png = &page.screenshot();
    let path = golden(name);
    if std::env::var_os("LALAO_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let golden = std::fs::read(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with LALAO_BLESS=1", path.display()));
    let (a, b) = (rgba(png), rgba(&golden));
    assert_eq!((a.0, a.1), (b.0, b.1), "{name}: size");
    let differ =
        a.2.chunks(4)
            .zip(b.2.chunks(4))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
            .count();
    let allowed = (a.0 * a.1) as usize / 100;
    if differ > allowed {
        let seen = path.with_extension("seen.png");
        std::fs::write(&seen, png).unwrap();
        panic!(
            "{name}: {differ} pixels differ (at most {allowed}); see {}",
            seen.display()
        );
    }
}

pub(crate) fn rgba(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    buffer.truncate(info.buffer_size());
    (info.width, info.height, buffer)
}

#[test]
fn a_class_plays_a_fano_match_by_taps_on_the_class_screen_and_a_seat_link() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1");
    console.ask("class add Ana Bob");
    console.ask("class match Ana Bob fano cells=5");
    let teacher_url = url_in(&console.ask("class link"));
    let live_url = url_in(&console.ask("board #1"));

    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&teacher_url);
    let seats = seat_links(&teacher);
    assert_eq!(seats[0].0, "Ana", "{seats:?}");
    let (ana_url, bob_url) = (seats[0].1.clone(), seats[1].1.clone());
    let mut ana = Browser::open(768, 1024);
    ana.go(&ana_url);
    let mut watcher = Browser::open(1920, 1080);
    watcher.go(&live_url);

    let mut played = 0;
    let mut checked_other_seat = false;
    let mut checked_empty_cell = false;
    let mut screens_taken = false;
    loop {
        let (fingerprint, offered) = board(&teacher);
        let playing = teacher
            .script(
                "return document.querySelector('article[data-match=\"1\"]').classList.contains('playing');",
                json!([]),
            )
            .as_bool()
            .unwrap();
        if !playing {
            break;
        }
        assert!(played < 6, "the match ends in six moves");
        let (_, ana_moves) = board(&ana);
        let anas_turn = !ana_moves.is_empty();
        if !anas_turn && !checked_other_seat {
            // Bob's turn: Ana's page offers nothing, and a tap there says so and does nothing.
            let place = offered[0]["f"].as_str().unwrap();
            tap(&ana, place);
            assert_eq!(notice(&ana), NOT_YOUR_TURN);
            // Nor can her link post Bob's move itself.
            let refused = ana.script(
                "var request = new XMLHttpRequest();\
                 request.open('POST', document.getElementById('class').getAttribute('data-play'), false);\
                 request.setRequestHeader('Content-Type', 'application/json');\
                 request.send(JSON.stringify({match: 1, board: Number(arguments[0]), move: arguments[1],\
                   nonce: 'ana-forges-bob-s-move-01'}));\
                 return [request.status, JSON.parse(request.responseText)];",
                json!([fingerprint, offered[0]["m"]]),
            );
            assert_eq!(refused[0], 409, "{refused}");
            assert_eq!(refused[1]["outcome"], "refused");
            assert_eq!(board(&teacher).0, fingerprint, "nothing changed");
            checked_other_seat = true;
        }
        let (page, moves) = if anas_turn {
            (&ana, ana_moves)
        } else {
            (&teacher, offered)
        };
        if anas_turn && !checked_empty_cell {
            // A place no move starts from: the page says so, and nothing is sent.
            let starts: Vec<&str> = moves.iter().filter_map(|m| m["f"].as_str()).collect();
            let idle = (1..=5)
                .map(|cell| cell.to_string())
                .find(|cell| !starts.contains(&cell.as_str()));
            if let Some(idle) = idle {
                tap(page, &idle);
                assert_eq!(notice(page), NOTHING_HERE);
                assert_eq!(board(&teacher).0, fingerprint, "nothing changed");
                checked_empty_cell = true;
            }
        }
        // The middle move of those offered: this line of fano-5 ends in six moves, by a capture
        // (@3 @4 3-2 4-5 2-3 5-4).
        let chosen = &moves[moves.len() / 2];
        let from = chosen["f"].as_str().unwrap();
        tap(page, from);
        let lit = page
            .script(
                "return Array.prototype.map.call(document.querySelectorAll('article[data-match=\"1\"] .tap.lit'),\
                 function (el) { return el.getAttribute('data-tap'); });",
                json!([]),
            )
            .to_string();
        let second = chosen["t"].as_str().unwrap_or(from);
        assert!(
            lit.contains(&format!("\"{second}\"")),
            "{second} lights up: {lit}"
        );
        tap(page, second);
        played += 1;
        // The watcher's live page lists the move within a second of the tap.
        let took = watcher.wait_for(LISTED, json!([played]), Duration::from_secs(5));
        assert!(
            took < Duration::from_secs(1),
            "move {played} reached the live page in {took:?}"
        );
        wait_changed(&teacher, &fingerprint);
        wait_changed(&ana, &fingerprint);
        assert_eq!(notice(page), "", "an accepted move says nothing");
        if played == 4 && !screens_taken {
            check_screen("class_1920x1080", &teacher);
            check_screen("class_768x1024", &ana);
            check_screen("match_1920x1080", &watcher);
            watcher.viewport(768, 1024);
            check_screen("match_768x1024", &watcher);
            screens_taken = true;
        }
    }
    assert_eq!(played, 6);
    assert!(checked_other_seat && checked_empty_cell && screens_taken);
    // The end is on every page, in the same words.
    let turn = "return document.querySelector('article[data-match=\"1\"] .turn').textContent;";
    let ended = teacher.script(turn, json!([]));
    assert_eq!(ana.script(turn, json!([])), ended);
    let status = watcher.script("return document.querySelector('.status').textContent;", json!([]));
    assert_eq!(status, ended);
    assert!(ended.as_str().unwrap().contains("Bob"), "{ended}");

    // The teacher plays it again with one tap: the same seats, sides swapped. A pupil's page
    // has no such button.
    let again = "return document.querySelector('article[data-match=\"1\"] button.again') !== null;";
    assert_eq!(ana.script(again, json!([])), json!(false));
    teacher.wait_for(again, json!([]), Duration::from_secs(5));
    teacher.script(
        "document.querySelector('article[data-match=\"1\"] button.again').click();",
        json!([]),
    );
    let second = "return document.querySelector('article[data-match=\"2\"].playing') !== null;";
    teacher.wait_for(second, json!([]), Duration::from_secs(5));
    ana.wait_for(second, json!([]), Duration::from_secs(5));
    let players = teacher.script(
        "return Array.prototype.map.call(document.querySelectorAll('article[data-match=\"2\"] .players li'),\
         function (el) { return el.textContent; });",
        json!([]),
    );
    assert_eq!(players, json!(["Bob (Blanc)", "Ana (Noir)"]));

    // New links: every old one is gone, in the browser as over HTTP.
    let renewed = url_in(&console.ask("class link new"));
    assert_ne!(renewed, teacher_url);
    for old in [&teacher_url, &ana_url, &bob_url] {
        let path = old.strip_prefix(&format!("http://{listen}")).unwrap();
        let response = ureq::get(&format!("http://{listen}{path}")).call();
        assert!(
            matches!(response, Err(ureq::Error::Status(404, _))),
            "{old} should be gone"
        );
    }
    teacher.go(&teacher_url);
    let text = teacher.script("return document.body.textContent;", json!([]));
    assert!(text.as_str().unwrap().contains(NO_SUCH_PAGE), "{text}");
    teacher.go(&renewed);
    assert!(teacher.find("article[data-match=\"1\"]").is_some());
}
