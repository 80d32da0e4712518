//! Homework in a real headless Chromium: the teacher gives two Katro puzzles to the class, a
//! pupil solves the first by taps on her seat page and misses the second, and the teacher's
//! screen shows who solved what.

use std::time::Duration;

use serde_json::json;

use crate::browser::Browser;
use crate::class_lessons::{board, play, wait_for_text};
use crate::class_screen::{notice, notice_small, seat_links, url_in, NOTICE_WORDS};
use crate::console_cli::Console;
use crate::support::free_port;

#[test]
fn a_pupil_solves_her_homework_by_taps_and_the_teacher_sees_who_solved_what() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1");
    console.ask("class add Ana Bob");
    assert_eq!(
        console.ask("class homework katro 2"),
        "Devoirs : 2 problèmes de Katro pour chacun des 2 élèves, l'un après l'autre sur leur place \
         (parties #1 à #2), chacun à son niveau. `classe progrès` montre qui a résolu quoi."
    );
    let links = console.ask("class link");
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&url_in(&links));
    let seats = seat_links(&teacher);
    assert_eq!(seats[0].0, "Ana", "{seats:?}");
    let mut ana = Browser::open(768, 1024);
    ana.go(&seats[0].1);
    assert_eq!(
        ana.script("return document.querySelectorAll('article').length;", json!([])),
        1,
        "her seat shows her homework only"
    );
    // A new pupil (1500) gets the puzzle rated nearest: katro-0069, three moves of hers.
    let (_, offered, sentence) = board(&ana, 1);
    assert_eq!(
        sentence,
        "Problème 1 sur 2 : trouve le coup qui relance et finit par une prise."
    );
    assert!(offered.iter().any(|tap| tap["m"] == "c1A"));
    // Every verdict in tap words, the moves in notation only as small print.
    answer(&ana, "c1A");
    assert_eq!(
        notice(&ana),
        "Juste ! Ce coup prend 1 graine. lalao a répondu : regarde le plateau. À toi : encore 2 coups à trouver."
    );
    assert_eq!(notice_small(&ana), "Ton coup : c1A. lalao : a6A");
    answer(&ana, "a1B");
    assert_eq!(notice_small(&ana), "Ton coup : a1B. lalao : f6B");
    play(&ana, 1, "d1B");
    ana.wait_for(
        "var lesson = document.querySelector('article[data-match=\"1\"] .lesson');\
         return !!lesson && lesson.textContent.indexOf('Problème 2 sur 2 : ') === 0;",
        json!([]),
        Duration::from_secs(5),
    );
    // The verdict comes with the answer to the tap, which may arrive after the redrawn board.
    ana.wait_for(
        &format!("return {NOTICE_WORDS} === arguments[0];"),
        json!(["Résolu ! Ce coup prend 2 graines."]),
        Duration::from_secs(5),
    );
    assert_eq!(notice_small(&ana), "Ton coup : d1B");
    // The solved puzzle's last board shows first; the next one is a tap away.
    ana.click("article:not([hidden]) button.next");
    // The second puzzle: a move that is not the one, and the homework is over.
    let (_, offered, _) = board(&ana, 1);
    // The board's title names the puzzle ("Katro · problème katro-0026"), whose line the
    // bundled set holds.
    let title = ana.script(
        "return document.querySelector('article[data-match=\"1\"] h2').textContent;",
        json!([]),
    );
    let id = title.as_str().unwrap().rsplit(' ').next().unwrap().to_owned();
    let second = lalao_learn::puzzles::bundled(lalao_core::GameKind::Katro)
        .find(&id)
        .unwrap_or_else(|| panic!("{title} names no puzzle"));
    assert_ne!(id, "katro-0069");
    let wrong = offered
        .iter()
        .map(|tap| tap["m"].as_str().unwrap().to_owned())
        .find(|mv| *mv != second.line[0])
        .expect("a move that is not the solution");
    play(&ana, 1, &wrong);
    wait_for_text(
        &ana,
        "article[data-match=\"1\"] .lesson",
        "Devoirs finis ! Bien joué.",
    );
    // The tap's answer may come after the board its stream redrew.
    ana.wait_for(
        &format!("return {NOTICE_WORDS}.indexOf(arguments[0]) === 0;"),
        json!(["Pas celui-là : ce coup "]),
        Duration::from_secs(5),
    );
    assert_eq!(notice_small(&ana), format!("Ton coup : {wrong}"));
    // The teacher's screen and `class progress` say who solved what.
    teacher.go(&url_in(&links));
    // The page's stream may redraw it just after it loads: read the list once it is there.
    teacher.wait_for(
        "return document.querySelectorAll('.progress li').length > 0;",
        json!([]),
        Duration::from_secs(5),
    );
    let progress = teacher.script(
        "return Array.prototype.map.call(document.querySelectorAll('.progress li'),\
         function (li) { return li.textContent; });",
        json!([]),
    );
    let ana_line = progress.as_array().unwrap()[0].as_str().unwrap().to_owned();
    assert!(
        ana_line.starts_with("Ana : devoirs 1/2 ✓✗ — Katro "),
        "{progress}"
    );
    assert!(console.ask("class progress").contains(&ana_line));
}

/// Taps `text` on the seat's puzzle (match 1), then waits until the page shows both its verdict
/// and the board after it: they come separately, and a tap on a board being replaced misses.
fn answer(page: &Browser, text: &str) {
    let (before, _, _) = board(page, 1);
    let said_before = notice(page);
    play(page, 1, text);
    page.wait_for(
        &format!(
            "var a = document.querySelector('article[data-match=\"1\"]');\
             return !!a && a.getAttribute('data-board') !== arguments[0]\
               && {NOTICE_WORDS} !== arguments[1];"
        ),
        json!([before, said_before]),
        Duration::from_secs(5),
    );
}
