//! A class lesson in a real headless Chromium: the teacher gives Katro's lesson 3 to the
//! class, a pupil plays it by taps on her seat page (one wrong tap told why, in French, then
//! the right ones), and her stars show on the teacher's screen.

use std::time::Duration;

use serde_json::{json, Value};

use crate::browser::Browser;
use crate::class_screen::{notice, notice_small, seat_links, url_in, NOTICE_WORDS};
use crate::console_cli::Console;
use crate::support::free_port;

/// Match `id`'s board on a page: its fingerprint, the moves it offers (`m` the move, `f` the
/// place it starts from, `t` where its first seed falls) and the lesson's sentence.
pub(crate) fn board(page: &Browser, id: u64) -> (String, Vec<Value>, String) {
    let found = page.script(
        "var a = document.querySelector('article[data-match=\"' + arguments[0] + '\"]');\
         var lesson = a && a.querySelector('.lesson');\
         return a ? [a.getAttribute('data-board'), a.getAttribute('data-moves'),\
                     lesson ? lesson.textContent : ''] : null;",
        json!([id]),
    );
    assert!(!found.is_null(), "no board #{id}");
    let moves: Vec<Value> = serde_json::from_str(found[1].as_str().unwrap()).unwrap();
    (
        found[0].as_str().unwrap().to_owned(),
        moves,
        found[2].as_str().unwrap().to_owned(),
    )
}

/// Plays `text` on match `id` by its two taps: the hole it starts from, then the hole its
/// first seed falls in.
pub(crate) fn play(page: &Browser, id: u64, text: &str) {
    let (_, moves, _) = board(page, id);
    let found = moves
        .iter()
        .find(|offered| offered["m"] == text)
        .unwrap_or_else(|| panic!("{text} is not offered: {moves:?}"));
    for place in [&found["f"], &found["t"]] {
        page.click(&format!(
            "article[data-match=\"{id}\"] .tap[data-tap=\"{}\"]",
            place.as_str().unwrap()
        ));
    }
}

pub(crate) fn wait_for_text(page: &Browser, css: &str, text: &str) {
    page.wait_for(
        "var found = document.querySelector(arguments[0]);\
         return !!found && found.textContent === arguments[1];",
        json!([css, text]),
        Duration::from_secs(15),
    );
}

#[test]
fn a_pupil_plays_a_lesson_by_taps_on_her_seat_and_the_teacher_sees_her_stars() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1");
    console.ask("class add Ana Bob");
    assert_eq!(
        console.ask("class learn katro 3"),
        "Katro, leçon 3 : À gauche ou à droite. Sur l'écran de la classe, la partie #1, pour que tout le \
         monde voie ; pour vos 2 élèves, chacun à sa place, les parties #2 à #3. `classe progrès` montre \
         leurs étoiles."
    );
    let links = console.ask("class link");
    let teacher_url = url_in(&links);
    let projector_url = url_in(links.lines().last().unwrap());
    // The projector shows the class's own board, which the teacher plays for everyone.
    let mut projector = Browser::open(1920, 1080);
    projector.go(&projector_url);
    let shown = projector.script(
        "return Array.prototype.map.call(document.querySelectorAll('article'),\
         function (a) { return [a.getAttribute('data-match'), a.querySelector('.lesson').textContent]; });",
        json!([]),
    );
    assert_eq!(
        shown,
        json!([[
            "1",
            "Étape 1 sur 3 : Tu choisis où vont les graines : vers la droite ou vers la gauche. Sème ces graines vers la gauche, comme la flèche."
        ]])
    );
    assert!(console.ask("move c1B #1").starts_with(
        "Bravo !\nTour 1 : 2 graines depuis c1 dans b1–a1, la dernière en a1 : le trou était vide, le coup s'arrête\n\
         Un nouveau plateau pour cette étape : regarde-le avant de jouer.\n\
         Étape 2 sur 3 : "
    ));
    wait_for_text(
        &projector,
        "article[data-match=\"1\"] .lesson",
        "Étape 2 sur 3 : Fais tomber ta dernière graine dans ta rangée du milieu, dans le coin à gauche. Sème vers la gauche.",
    );
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&teacher_url);
    let seats = seat_links(&teacher);
    assert_eq!(seats[0].0, "Ana", "{seats:?}");
    let ana_url = seats[0].1.clone();
    let progress = |page: &Browser| -> Value {
        page.script(
            "return Array.prototype.map.call(document.querySelectorAll('.progress li'),\
             function (li) { return li.textContent; });",
            json!([]),
        )
    };
    assert_eq!(
        progress(&teacher),
        json!([
            "Ana : pas encore de leçon finie",
            "Bob : pas encore de leçon finie"
        ])
    );

    // A tablet held upright: only Ana's lesson, its sentence the page's largest words.
    let mut ana = Browser::open(768, 1024);
    ana.go(&ana_url);
    let boards = ana.script("return document.querySelectorAll('article').length;", json!([]));
    assert_eq!(boards, 1, "her seat shows her lesson only");
    let (first, offered, sentence) = board(&ana, 2);
    // Told in taps: no notation but as small print.
    assert_eq!(
        sentence,
        "Étape 1 sur 3 : Tu choisis où vont les graines : vers la droite ou vers la gauche. Sème ces graines vers la gauche, comme la flèche."
    );
    assert_eq!(
        ana.script(
            "return document.querySelector('article .small').textContent;",
            json!([])
        ),
        "Ce coup s'écrit c1B."
    );
    let moves: Vec<&str> = offered.iter().map(|tap| tap["m"].as_str().unwrap()).collect();
    assert_eq!(moves, ["c1A", "c1B"]);
    assert!(ana.find("article .replay").is_none(), "nothing played yet");
    // The step names its move: on her seat the move's two holes are lit, where it starts and
    // where its first seed falls, an arrow goes from one to the other, and the words say what
    // to touch.
    let targets = ana.script(
        "return Array.prototype.map.call(document.querySelectorAll('article .tap.target'),\
           function (t) { return t.getAttribute('data-tap'); }).sort();",
        json!([]),
    );
    assert_eq!(targets, json!(["b1", "c1"]));
    assert_eq!(
        ana.script(
            "return document.querySelectorAll('article .board svg .arrow').length;",
            json!([])
        ),
        1
    );
    assert_eq!(
        ana.script("return document.querySelector('article .how').textContent;", json!([])),
        "Touche le trou qui brille où sont les graines, puis celui où va la flèche : la première graine y tombe."
    );
    let largest = ana.script(
        "var lesson = parseFloat(getComputedStyle(document.querySelector('.lesson')).fontSize);\
         var others = Array.prototype.filter.call(document.querySelectorAll('body *'), function (e) {\
           return !e.closest('.lesson') && !e.closest('svg') && e.textContent.trim() !== '';\
         }).map(function (e) { return parseFloat(getComputedStyle(e).fontSize); });\
         return [lesson, Math.max.apply(null, others)];",
        json!([]),
    );
    assert!(
        largest[0].as_f64().unwrap() > largest[1].as_f64().unwrap(),
        "the step's sentence is not the largest text: {largest}"
    );
    // The board fills the tablet's width.
    let width = ana.script(
        "return [document.querySelector('article .board svg').getBoundingClientRect().width, window.innerWidth];",
        json!([]),
    );
    assert!(
        width[0].as_f64().unwrap() >= 0.85 * width[1].as_f64().unwrap(),
        "the board is {width} px wide"
    );
    // Every place she can tap is at least 48 px both ways.
    let smallest = ana.script(
        "return Math.min.apply(null, Array.prototype.map.call(document.querySelectorAll('.tap'),\
           function (t) { var r = t.getBoundingClientRect(); return Math.min(r.width, r.height); }));",
        json!([]),
    );
    assert!(
        smallest.as_f64().unwrap() >= 48.0,
        "a tap target of {smallest} px"
    );

    // As the README shows it.
    crate::class_screen::check_screen("lesson_768x1024", &ana);

    // A wrong move: told why in French and in taps, the move as small print, the same step
    // still there.
    play(&ana, 2, "c1A");
    ana.wait_for(
        "return document.getElementById('notice').textContent !== '';",
        json!([]),
        Duration::from_secs(15),
    );
    assert_eq!(
        notice(&ana),
        "Pas tout à fait : ce n'est pas le coup que demande cette étape. Cette fois, sème vers la gauche, comme la flèche."
    );
    assert_eq!(notice_small(&ana), "Ton coup : c1A");
    assert_eq!(board(&ana, 2).0, first, "the step is as it was");
    // Retried, and the two steps after it.
    play(&ana, 2, "c1B");
    wait_for_text(
        &ana,
        "article[data-match=\"2\"] .lesson",
        "Étape 2 sur 3 : Fais tomber ta dernière graine dans ta rangée du milieu, dans le coin à gauche. Sème vers la gauche.",
    );
    // The tap's answer may come after the board its stream redrew.
    ana.wait_for(
        &format!("return {NOTICE_WORDS} === arguments[0];"),
        json!(["Bravo !"]),
        Duration::from_secs(15),
    );
    assert_eq!(notice_small(&ana), "Ton coup : c1B");
    // The move just played is sown again, seed by seed, under the next step's board.
    let src = ana
        .script(
            "var img = document.querySelector('article[data-match=\"2\"] .replay img');\
             return img ? img.getAttribute('src') : null;",
            json!([]),
        )
        .as_str()
        .expect("a replay of the move")
        .to_owned();
    let response = ureq::get(&format!("http://{listen}{src}")).call().unwrap();
    assert_eq!(response.header("content-type"), Some("image/png"));
    let mut png = Vec::new();
    std::io::Read::read_to_end(&mut response.into_reader(), &mut png).unwrap();
    let (_, _, frames) = crate::support::decode_png(&png);
    assert!(frames > 1, "an animation: {frames} frame(s)");
    play(&ana, 2, "b1B");
    wait_for_text(
        &ana,
        "article[data-match=\"2\"] .lesson",
        "Étape 3 sur 3 : Un sens prend des graines, l'autre non. Choisis le trou et le chemin qui prennent !",
    );
    play(&ana, 2, "b3B");
    wait_for_text(&ana, "article[data-match=\"2\"] .lesson", "Leçon finie ! ★★☆");
    assert_eq!(notice(&ana), "Bravo ! Ce coup prend 2 graines.");
    assert_eq!(notice_small(&ana), "Ton coup : b3B");

    // The teacher's screen shows her stars; the chat tells them too.
    teacher.wait_for(
        "var want = arguments[0];\
         return Array.prototype.some.call(document.querySelectorAll('.progress li'),\
           function (li) { return li.textContent === want; });",
        json!(["Ana : Katro ☆☆☆ ☆☆☆ ★★☆ ☆☆☆ ☆☆☆ ☆☆☆"]),
        Duration::from_secs(15),
    );
    assert_eq!(
        progress(&teacher),
        json!([
            "Ana : Katro ☆☆☆ ☆☆☆ ★★☆ ☆☆☆ ☆☆☆ ☆☆☆",
            "Bob : pas encore de leçon finie"
        ])
    );
    assert_eq!(
        console.ask("class progress"),
        "Leçons de CE1 :\nAna : Katro ☆☆☆ ☆☆☆ ★★☆ ☆☆☆ ☆☆☆ ☆☆☆\nBob : pas encore de leçon finie"
    );

    // The teacher lets pupils go on by themselves: under Ana's finished lesson, one tap
    // starts the course's next one on her seat.
    assert_eq!(
        console.ask("class settings next=on"),
        "La classe « CE1 » : langue fr, plateaux large. Un élève qui finit une leçon sur sa place peut y commencer la suivante. Les parties, leçons et \
         devoirs finis sont gardés jusqu'à ce que vous supprimiez la classe."
    );
    let button = "article[data-match=\"2\"] button.next-lesson";
    ana.wait_for(
        "return !!document.querySelector(arguments[0]);",
        json!([button]),
        Duration::from_secs(15),
    );
    assert_eq!(
        ana.script(
            "return document.querySelector(arguments[0]).textContent;",
            json!([button])
        ),
        "Leçon suivante : Continuer à semer ➜"
    );
    crate::class_pages::assert_in_first_screen(&ana, button, "the next lesson's button");
    crate::class_screen::check_screen("seat_next_lesson_768x1024", &ana);
    ana.click(button);
    // Lesson 4 on her seat (match #4), told in taps, the finished one put aside.
    wait_for_text(
        &ana,
        "article[data-match=\"4\"]:not([hidden]) .lesson",
        "Étape 1 sur 3 : Si ta dernière graine tombe sur d'autres graines, ramasse-les toutes et continue à semer. Sème vers la droite et regarde le trou qui a une graine.",
    );
    ana.wait_for(
        &format!("return {NOTICE_WORDS} === arguments[0];"),
        json!(["Leçon 4 : Continuer à semer. C'est parti !"]),
        Duration::from_secs(15),
    );
    assert_eq!(
        ana.script(
            "return Array.prototype.filter.call(document.querySelectorAll('article.activity'),\
               function (a) { return !a.hidden; }).length;",
            json!([])
        ),
        1,
        "one activity at a time"
    );
    assert!(
        console
            .ask("class dashboard")
            .contains("#4 Ana · Katro · leçon 4 : Continuer à semer · étape 1 sur 3"),
        "the teacher sees where she is"
    );
}
