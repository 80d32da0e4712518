//! A simul in a real headless Chromium: four pupils each play their fano board on their seat
//! page, the teacher answers on the teacher's page, where only the boards that wait for the
//! teacher offer moves (a pupil's move is the pupil's), and `class progress` keeps the score.

use std::time::Duration;

use serde_json::json;

use crate::browser::Browser;
use crate::class_lessons::board;
use crate::class_pages::assert_in_first_screen;
use crate::class_screen::{check_screen, seat_links, url_in};
use crate::console_cli::Console;
use crate::support::free_port;

/// Taps move `text` on board `id` as a child does: its place, then where it goes, or the
/// same place again for a move that goes nowhere (a placement).
pub(crate) fn tap(page: &Browser, id: u64, text: &str) {
    for place in places_of(page, id, text) {
        page.click(&place_on(id, &place));
    }
}

/// The two places a child taps for move `text` on board `id`: where it starts, then where it
/// ends (the same place again for a move that names one).
pub(crate) fn places_of(page: &Browser, id: u64, text: &str) -> [String; 2] {
    let (_, moves, _) = board(page, id);
    let found = moves
        .iter()
        .find(|offered| offered["m"] == text)
        .unwrap_or_else(|| panic!("{text} is not offered on #{id}: {moves:?}"));
    let from = found["f"].as_str().unwrap();
    let to = found["t"].as_str().unwrap_or(from);
    [from.to_owned(), to.to_owned()]
}

/// The selector of a tap target on board `id`.
pub(crate) fn place_on(id: u64, place: &str) -> String {
    format!("article[data-match=\"{id}\"] .tap[data-tap=\"{place}\"]")
}

/// Waits until board `id` on `page` offers moves (`true`) or none.
pub(crate) fn wait_offers(page: &Browser, id: u64, offers: bool) {
    page.wait_for(
        "var a = document.querySelector('article[data-match=\"' + arguments[0] + '\"]');\
         return !!a && (JSON.parse(a.getAttribute('data-moves') || '[]').length > 0) === arguments[1];",
        json!([id, offers]),
        Duration::from_secs(15),
    );
}

#[test]
fn four_pupils_play_the_teacher_at_once_by_taps() {
    let data = tempfile::tempdir().unwrap();
    let listen = format!("127.0.0.1:{}", free_port());
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1 lang=en");
    console.ask("class add Ana Bob Chloé Dina");
    let started = console.ask("class simul fano");
    assert!(
        started.starts_with("A simul of Fano: mme against 4 pupils at once."),
        "{started}"
    );
    let links = console.ask("class link");
    let teacher_url = url_in(&links);
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&teacher_url);
    let seats = seat_links(&teacher);
    // Every board is there; none waits for the teacher yet: the pupils move first.
    for id in 1..=4 {
        wait_offers(&teacher, id, false);
    }
    // The score, while the simul is played, on the teacher's page.
    let round = "return document.querySelector('.round').textContent;";
    assert_eq!(
        teacher.script(round, json!([])),
        "Simul (Fano): the class 0 – the teacher 0"
    );
    let mut ana = Browser::open(768, 1024);
    ana.go(&seats[0].1);
    wait_offers(&ana, 1, true);
    tap(&ana, 1, "@1");
    wait_offers(&ana, 1, false);
    // Ana's board now waits for the teacher, and only it.
    wait_offers(&teacher, 1, true);
    for id in 2..=4 {
        wait_offers(&teacher, id, false);
    }
    // Bob moves too: two boards wait for the teacher.
    let mut bob = Browser::open(768, 1024);
    bob.go(&seats[1].1);
    wait_offers(&bob, 2, true);
    tap(&bob, 2, "@1");
    wait_offers(&teacher, 2, true);
    // The teacher answers Ana; the page goes on to Bob's board, the next that waits.
    tap(&teacher, 1, "@2");
    wait_offers(&teacher, 1, false);
    teacher.wait_for(
        "var next = document.querySelectorAll('article.next-up');\
         return next.length === 1 && next[0].getAttribute('data-match') === '2';",
        json!([]),
        Duration::from_secs(15),
    );
    wait_offers(&ana, 1, true);
    check_screen("simul_teacher_1920x1080", &teacher);
    // The projector: every board of the simul in one screen, each named by its pupil.
    let mut projector = Browser::open(1920, 1080);
    projector.go(&url_in(links.lines().last().unwrap()));
    projector.wait_for(
        "return document.querySelectorAll('.boards.mosaic article').length === 4;",
        json!([]),
        Duration::from_secs(15),
    );
    assert_in_first_screen(
        &projector,
        ".boards.mosaic article:last-child .board svg",
        "mosaic",
    );
    check_screen("simul_projector_1920x1080", &projector);
    // The teacher gives up against Ana: her board starts again at once (#5), hers to play.
    let resigned = console.ask("resign #1");
    assert!(
        resigned.starts_with("mme (Black) gives up. Ana (White) wins!"),
        "{resigned}"
    );
    wait_offers(&ana, 5, true);
    let progress = console.ask("class progress");
    assert!(
        progress.ends_with(
            "Simul (Fano): the class 1 – the teacher 0\n\
             Ana won · Bob is playing · Chloé is playing · Dina is playing · Ana is playing"
        ),
        "{progress}"
    );
    let stopped = console.ask("class simul stop");
    assert!(
        stopped.starts_with("The simul is over: 4 boards still played were cancelled."),
        "{stopped}"
    );
    // Ana's board is over on her seat.
    wait_offers(&ana, 1, false);
}
