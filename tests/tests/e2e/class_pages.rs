//! The class pages as a six-year-old and her teacher meet them, in a real headless Chromium:
//! a class of 25 is given a Katro lesson and then homework. On a tablet held either way, the
//! seat shows one activity at a time, its board with the row to play in the first screen and
//! the notice never over it; the finished lesson shows its winning move made; a solved puzzle
//! shows its last board and a missed one its solution before the next. The teacher's screen
//! names every card and starts with who is where; the projector's board fits its screen and
//! a touch on it plays nothing and says nothing.

use std::time::Duration;

use serde_json::{json, Value};

use crate::browser::Browser;
use crate::class_lessons::{board, play, wait_for_text};
use crate::class_screen::{check_screen, notice, notice_small, seat_links, url_in, NOTICE_WORDS};
use crate::console_cli::Console;
use crate::support::free_port;

const PUPILS: [&str; 25] = [
    "Ana", "Bob", "Chloé", "Dina", "Eli", "Fara", "Gaby", "Hery", "Iris", "Jean", "Koto", "Lala", "Mia",
    "Noa", "Omar", "Paul", "Rivo", "Sara", "Tina", "Ursule", "Vola", "Willy", "Xavier", "Yaya", "Zo",
];

/// Waits (up to 10 s, as a loaded machine lays out and resizes late) until every element `css`
/// finds is whole in the first screen: inside the viewport, the page not scrolled. Panics with
/// the viewport and each element's box when it never is.
pub(crate) fn assert_in_first_screen(page: &Browser, css: &str, what: &str) {
    const WHOLE: &str = "var found = document.querySelectorAll(arguments[0]);\
         if (found.length === 0 || window.scrollY !== 0) { return false; }\
         return Array.prototype.every.call(found, function (e) {\
           var r = e.getBoundingClientRect();\
           return r.width > 0 && r.top >= 0 && r.left >= 0\
             && r.bottom <= window.innerHeight && r.right <= window.innerWidth;\
         });";
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if page.script(WHOLE, json!([css])) == json!(true) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let seen = page.script(
        "var boxes = Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (e) {\
           var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });\
         return { viewport: [window.innerWidth, window.innerHeight], scrollY: window.scrollY,\
                  boxes: boxes };",
        json!([css]),
    );
    panic!("{what}: {css} is not whole in the first screen: {seen}");
}

/// Whether the notice and the shown board overlap.
fn notice_over_board(page: &Browser) -> Value {
    page.script(
        "var n = document.getElementById('notice').getBoundingClientRect();\
         var b = document.querySelector('article:not([hidden]) .board svg').getBoundingClientRect();\
         return n.height > 0 && n.bottom > b.top && n.top < b.bottom;",
        json!([]),
    )
}

/// The shown activities' sentences, in order.
fn shown_sentences(page: &Browser) -> Value {
    const SHOWN: &str = "Array.prototype.filter.call(document.querySelectorAll('article.activity'),\
           function (a) { return !a.hidden && a.offsetParent !== null; })";
    // A page just opened shows its activity once its script has run: on a loaded machine, a
    // moment after the load.
    page.wait_for(
        &format!("return {SHOWN}.length > 0;"),
        json!([]),
        Duration::from_secs(15),
    );
    page.script(
        &format!("return {SHOWN}.map(function (a) {{ return a.querySelector('.lesson').textContent; }});"),
        json!([]),
    )
}

fn tap_next(page: &Browser) {
    page.click("article:not([hidden]) button.next");
}

#[test]
fn a_seat_shows_one_activity_at_a_time_its_board_whole_and_the_teacher_sees_who_is_where() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1");
    console.ask(&format!("class add {}", PUPILS.join(" ")));
    // The lesson first, then the homework: #1 the class's board, #2–#26 the pupils' lessons,
    // #27–#51 their homework.
    console.ask("class learn katro 3");
    console.ask("class homework katro 2");
    let links = console.ask("class link");
    let teacher_url = url_in(&links);
    let projector_url = url_in(links.lines().last().unwrap());

    // The teacher's screen: each pupil's link one tap away at the top, then every pupil's
    // card by name, in the roster's order, the class's own board said to be the class's.
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&teacher_url);
    assert_in_first_screen(&teacher, ".seats summary", "first screen");
    let owners = teacher.script(
        "return Array.prototype.map.call(document.querySelectorAll('article'),\
         function (a) { var o = a.querySelector('.owner'); return o ? o.textContent : null; });",
        json!([]),
    );
    let mut expected: Vec<&str> = PUPILS.to_vec();
    expected.push("Le plateau de la classe");
    assert_eq!(owners, json!(expected));
    // Each pupil's card says where the pupil is: the lesson, which comes first.
    let first = teacher.script(
        "var a = document.querySelector('article.pupil');\
         return [a.querySelector('h2').textContent, a.querySelector('.turn').textContent];",
        json!([]),
    );
    assert_eq!(
        first,
        json!(["Katro · leçon 3 : À gauche ou à droite", "étape 1 sur 3"])
    );
    assert_in_first_screen(
        &teacher,
        "article.pupil .owner",
        "every pupil's name is on the first screen",
    );
    check_screen("teacher_25_1920x1080", &teacher);

    // The projector: the class's board alone, whole on the screen; a touch plays nothing and
    // says nothing.
    let mut projector = Browser::open(1920, 1080);
    projector.go(&projector_url);
    assert_eq!(
        projector.script("return document.querySelectorAll('article').length;", json!([])),
        1
    );
    assert_in_first_screen(&projector, "article .board svg", "first screen");
    assert_in_first_screen(&projector, "article .tap[data-tap$=\"1\"]", "first screen");
    let (before, _, _) = board(&projector, 1);
    projector.click("article .tap[data-tap=\"c1\"]");
    projector.click("article .tap[data-tap=\"b1\"]");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(notice(&projector), "");
    assert_eq!(board(&projector, 1).0, before, "nothing was played");
    check_screen("projector_1920x1080", &projector);

    let seats = seat_links(&teacher);
    assert_eq!(seats.len(), 25);
    // Bob's tablet lies flat: the lesson, then nothing else, its board whole.
    let mut bob = Browser::open(1024, 768);
    bob.go(&seats[1].1);
    check_screen("seat_lesson_1024x768", &bob);
    assert_eq!(
        shown_sentences(&bob),
        json!(["Étape 1 sur 3 : Tu choisis où vont les graines : vers la droite ou vers la gauche. Sème ces graines vers la gauche, comme la flèche."])
    );
    assert_in_first_screen(&bob, "article:not([hidden]) .board svg", "first screen");
    assert_in_first_screen(&bob, "article:not([hidden]) .lesson", "first screen");
    let smallest = bob.script(
        "return Math.min.apply(null, Array.prototype.map.call(\
           document.querySelectorAll('article:not([hidden]) .tap'),\
           function (t) { var r = t.getBoundingClientRect(); return Math.min(r.width, r.height); }));",
        json!([]),
    );
    assert!(
        smallest.as_f64().unwrap() >= 48.0,
        "a tap target of {smallest} px"
    );
    // A wrong try on the tablet lying flat: the notice takes its own room, and the step, the
    // board and its row to play still show whole, without scrolling.
    play(&bob, 3, "c1A");
    bob.wait_for(
        "return document.getElementById('notice').textContent !== '';",
        json!([]),
        Duration::from_secs(5),
    );
    assert_eq!(
        notice(&bob),
        "Pas tout à fait : ce n'est pas le coup que demande cette étape. Cette fois, sème vers la gauche, comme la flèche."
    );
    assert_eq!(notice_over_board(&bob), false);
    for shown in [
        "#notice",
        "article:not([hidden]) .lesson",
        "article:not([hidden]) .board svg",
        "article:not([hidden]) .tap[data-tap$=\"1\"]",
    ] {
        assert_in_first_screen(&bob, shown, &format!("{shown} in the first screen"));
    }
    check_screen("seat_notice_1024x768", &bob);

    // Ana's tablet stands upright: the same, and the words say how to play by taps.
    let mut ana = Browser::open(768, 1024);
    ana.go(&seats[0].1);
    assert_eq!(
        shown_sentences(&ana),
        json!(["Étape 1 sur 3 : Tu choisis où vont les graines : vers la droite ou vers la gauche. Sème ces graines vers la gauche, comme la flèche."])
    );
    assert_eq!(
        ana.script("return document.querySelector('article:not([hidden]) .how').textContent;", json!([])),
        "Touche le trou qui brille où sont les graines, puis celui où va la flèche : la première graine y tombe."
    );
    assert_in_first_screen(&ana, "article:not([hidden]) .board svg", "first screen");
    assert_in_first_screen(
        &ana,
        "article:not([hidden]) .tap[data-tap$=\"1\"]",
        "first screen",
    );
    // A wrong move: the notice takes its own room and the board still fits under it.
    play(&ana, 2, "c1A");
    ana.wait_for(
        "return document.getElementById('notice').textContent !== '';",
        json!([]),
        Duration::from_secs(5),
    );
    assert_eq!(notice_over_board(&ana), false);
    assert_in_first_screen(&ana, "#notice", "first screen");
    assert_in_first_screen(
        &ana,
        "article:not([hidden]) .tap[data-tap$=\"1\"]",
        "first screen",
    );
    check_screen("seat_notice_768x1024", &ana);
    play(&ana, 2, "c1B");
    wait_for_text(
        &ana,
        "article[data-match=\"2\"] .lesson",
        "Étape 2 sur 3 : Fais tomber ta dernière graine dans ta rangée du milieu, dans le coin à gauche. Sème vers la gauche.",
    );
    play(&ana, 2, "b1B");
    wait_for_text(
        &ana,
        "article[data-match=\"2\"] .lesson",
        "Étape 3 sur 3 : Un sens prend des graines, l'autre non. Choisis le trou et le chemin qui prennent !",
    );
    let last_step = ana.script(
        "return document.querySelector('article[data-match=\"2\"] .board').getAttribute('aria-label');",
        json!([]),
    );
    play(&ana, 2, "b3B");
    wait_for_text(&ana, "article[data-match=\"2\"] .lesson", "Leçon finie ! ★★☆");
    // The finished lesson shows the board after its winning move, and the homework waits
    // behind a "next" button.
    let finished = ana.script(
        "return document.querySelector('article[data-match=\"2\"] .board').getAttribute('aria-label');",
        json!([]),
    );
    assert_eq!(
        last_step,
        "À Sud (Ana) de jouer. Sud (Ana) : a1 0, b1 0, c1 0, d1 0, e1 0, f1 0, a2 0, b2 0, c2 0, \
         d2 0, e2 0, f2 0, a3 1, b3 1, c3 0, d3 0, e3 0, f3 0. Nord (Ana) : a6 0, b6 0, c6 0, d6 0, \
         e6 0, f6 0, a5 0, b5 0, c5 0, d5 0, e5 0, f5 0, a4 2, b4 0, c4 0, d4 3, e4 0, f4 0. \
         Graines prises : Sud (Ana) 0, Nord (Ana) 0."
    );
    // b3B's two seeds taken from a4, its last seeds sown on to f1.
    assert_eq!(
        finished,
        "Partie terminée. Sud (Ana) : a1 0, b1 0, c1 1, d1 1, e1 1, f1 1, a2 0, b2 0, c2 0, d2 0, \
         e2 0, f2 0, a3 0, b3 0, c3 0, d3 0, e3 0, f3 0. Nord (Ana) : a6 0, b6 0, c6 0, d6 0, e6 0, \
         f6 0, a5 0, b5 0, c5 0, d5 0, e5 0, f5 0, a4 0, b4 0, c4 0, d4 3, e4 0, f4 0. \
         Graines prises : Sud (Ana) 2, Nord (Ana) 0."
    );
    check_screen("seat_lesson_done_768x1024", &ana);
    assert_eq!(shown_sentences(&ana), json!(["Leçon finie ! ★★☆"]));
    assert_in_first_screen(&ana, "article:not([hidden]) button.next", "first screen");
    tap_next(&ana);
    // The homework: a new pupil (1500) gets katro-0069, three moves of hers.
    assert_eq!(
        shown_sentences(&ana),
        json!(["Problème 1 sur 2 : trouve le coup qui relance et finit par une prise."])
    );
    check_screen("seat_homework_768x1024", &ana);
    for mv in ["c1A", "a1B"] {
        let (seen, _, _) = board(&ana, 27);
        play(&ana, 27, mv);
        ana.wait_for(
            "var a = document.querySelector('article[data-match=\"27\"]');\
             return !!a && a.getAttribute('data-board') !== arguments[0];",
            json!([seen]),
            Duration::from_secs(5),
        );
    }
    play(&ana, 27, "d1B");
    // Solved: its last board, until she taps "next".
    ana.wait_for(
        "return document.querySelectorAll('article[data-look=\"m27p1\"]').length === 1;",
        json!([]),
        Duration::from_secs(5),
    );
    assert_eq!(
        shown_sentences(&ana),
        json!(["Problème 1 sur 2 : trouvé ! Voici le plateau à la fin."])
    );
    tap_next(&ana);
    let sentence = shown_sentences(&ana)[0].as_str().unwrap().to_owned();
    assert!(sentence.starts_with("Problème 2 sur 2 : "), "{sentence}");
    // Missed: the solution, its first move lit, before the end of the homework.
    let title = ana.script(
        "return document.querySelector('article[data-match=\"27\"]:not([hidden]) h2').textContent;",
        json!([]),
    );
    let id = title.as_str().unwrap().rsplit(' ').next().unwrap().to_owned();
    let second = lalao_learn::puzzles::bundled(lalao_core::GameKind::Katro)
        .find(&id)
        .unwrap_or_else(|| panic!("{title} names no puzzle"));
    let (_, offered, _) = board(&ana, 27);
    let wrong = offered
        .iter()
        .map(|tap| tap["m"].as_str().unwrap().to_owned())
        .find(|mv| *mv != second.line[0])
        .expect("a move that is not the solution");
    play(&ana, 27, &wrong);
    ana.wait_for(
        "return document.querySelectorAll('article[data-look=\"m27p2\"]').length === 1;",
        json!([]),
        Duration::from_secs(5),
    );
    assert_eq!(
        shown_sentences(&ana),
        json!(["Problème 2 sur 2 : pas celui-là. Regarde ce qui brille : c'était le bon coup."])
    );
    let lit = ana.script(
        "return Array.prototype.map.call(\
           document.querySelectorAll('article:not([hidden]) .tap.target'),\
           function (t) { return t.getAttribute('data-tap'); }).sort();",
        json!([]),
    );
    let answer = offered
        .iter()
        .find(|tap| tap["m"] == second.line[0].as_str())
        .expect("the answer is offered");
    let mut want = vec![answer["f"].as_str().unwrap(), answer["t"].as_str().unwrap()];
    want.sort();
    assert_eq!(lit, json!(want));
    assert_eq!(
        ana.script(
            "return document.querySelector('article:not([hidden]) .small').textContent;",
            json!([])
        ),
        format!("La solution : {}.", second.line.join(", "))
    );
    // The tap's answer may come after the board its stream redrew.
    ana.wait_for(
        &format!("return {NOTICE_WORDS}.indexOf(arguments[0]) === 0;"),
        json!(["Pas celui-là : ce coup "]),
        Duration::from_secs(5),
    );
    assert_eq!(notice_small(&ana), format!("Ton coup : {wrong}"));
    assert_eq!(notice_over_board(&ana), false);
    check_screen("seat_missed_768x1024", &ana);
    tap_next(&ana);
    assert_eq!(shown_sentences(&ana), json!(["Devoirs finis ! Bien joué."]));
}

/// Fano homework for the youngest: a board of 7 cells, whole on a tablet held either way, and a
/// missed puzzle's answer lit before the next, on either.
#[test]
fn fano_homework_fits_a_tablet_either_way_and_a_missed_puzzle_shows_its_answer() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new MS");
    console.ask("class add Ana Bob");
    console.ask("class homework fano 2");
    let links = console.ask("class link");
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&url_in(&links));
    let seats = seat_links(&teacher);
    let mut bob = Browser::open(1024, 768);
    bob.go(&seats[1].1);
    let mut ana = Browser::open(768, 1024);
    ana.go(&seats[0].1);
    for page in [&bob, &ana] {
        let cells = page.script(
            "return document.querySelectorAll('article:not([hidden]) .tap').length;",
            json!([]),
        );
        assert_eq!(cells, 7, "a fano board of 7 cells");
        assert_in_first_screen(page, "article:not([hidden]) .board svg", "first screen");
        assert_in_first_screen(page, "article:not([hidden]) .lesson", "first screen");
        assert_eq!(
            page.script(
                "return document.querySelector('article:not([hidden]) .how').textContent;",
                json!([])
            ),
            "Touche un pion ou une case entourée, puis la case qui devient verte."
        );
    }
    check_screen("seat_fano_homework_1024x768", &bob);
    check_screen("seat_fano_homework_768x1024", &ana);
    // Each misses a first puzzle: its answer lit, the solution in small print, the notice
    // over nothing, then "next".
    for (page, id, golden) in [
        (&ana, 1, "seat_fano_missed_768x1024"),
        (&bob, 2, "seat_fano_missed_1024x768"),
    ] {
        let (answer, wrong) = miss_a_fano_puzzle(page, id);
        assert_eq!(
            shown_sentences(page),
            json!(["Problème 1 sur 2 : pas celui-là. Regarde ce qui brille : c'était le bon coup."])
        );
        let lit = page.script(
            "return Array.prototype.map.call(\
               document.querySelectorAll('article:not([hidden]) .tap.target'),\
               function (t) { return t.getAttribute('data-tap'); }).sort();",
            json!([]),
        );
        let mut want: Vec<&str> = [&answer["f"], &answer["t"]]
            .into_iter()
            .filter_map(|place| place.as_str())
            .collect();
        want.sort();
        assert_eq!(lit, json!(want));
        // The tap's answer may come after the board its stream redrew.
        page.wait_for(
            &format!("return {NOTICE_WORDS}.indexOf(arguments[0]) === 0;"),
            json!(["Pas celui-là : ce coup "]),
            Duration::from_secs(5),
        );
        assert_eq!(
            notice_small(page),
            format!("Ton coup : {}", wrong["m"].as_str().unwrap())
        );
        assert_eq!(notice_over_board(page), false);
        for shown in [".lesson", ".small", ".board svg", "button.next"] {
            assert_in_first_screen(
                page,
                &format!("article:not([hidden]) {shown}"),
                &format!("{golden}: {shown} in the first screen"),
            );
        }
        check_screen(golden, page);
        tap_next(page);
        let sentence = shown_sentences(page)[0].as_str().unwrap().to_owned();
        assert!(sentence.starts_with("Problème 2 sur 2 : "), "{sentence}");
    }
}

/// Misses the first fano puzzle of a seat (match `id`) with a move that is not its answer,
/// tapped as a child would: a placement twice on its cell, a slide on its pawn then where it
/// goes. The answer and the move, as the board offered them.
fn miss_a_fano_puzzle(page: &Browser, id: u64) -> (Value, Value) {
    let title = page.script(
        "return document.querySelector('article[data-match=\"' + arguments[0] + '\"] h2').textContent;",
        json!([id]),
    );
    let puzzle_id = title.as_str().unwrap().rsplit(' ').next().unwrap().to_owned();
    let puzzle = lalao_learn::puzzles::bundled(lalao_core::GameKind::Fano)
        .find(&puzzle_id)
        .unwrap_or_else(|| panic!("{title} names no puzzle"));
    let (_, offered, _) = board(page, id);
    let answer = offered
        .iter()
        .find(|tap| tap["m"] == puzzle.line[0].as_str())
        .expect("the answer is offered")
        .clone();
    let wrong = offered
        .iter()
        .find(|tap| tap["m"] != puzzle.line[0].as_str())
        .expect("a move that is not the answer")
        .clone();
    let second = if wrong["t"].is_null() {
        &wrong["f"]
    } else {
        &wrong["t"]
    };
    for place in [&wrong["f"], second] {
        page.click(&format!(
            "article[data-match=\"{id}\"] .tap[data-tap=\"{}\"]",
            place.as_str().unwrap()
        ));
    }
    page.wait_for(
        "return document.querySelectorAll('article[data-look=\"m' + arguments[0] + 'p1\"]').length === 1;",
        json!([id]),
        Duration::from_secs(5),
    );
    (answer, wrong)
}
