//! The teacher's print page as a teacher prints it, in a real headless Chromium at A4 (794 ×
//! 1123 CSS pixels): a class of 25 in a Swiss tournament, its report table, the round's
//! pairings and the standings first, then one card per pupil whose QR code, read back from
//! the screen like a tablet's camera would, is that pupil's seat link. Nothing on it is to
//! tap; a seat's link has no print page.

use serde_json::json;

use crate::browser::Browser;
use crate::class_screen::{check_screen, rgba, seat_links, url_in};
use crate::console_cli::Console;
use crate::support::free_port;

const PUPILS: [&str; 25] = [
    "Ana", "Bob", "Chloé", "Dina", "Eli", "Fara", "Gaby", "Hery", "Iris", "Jean", "Koto", "Lala", "Mia",
    "Noa", "Omar", "Paul", "Rivo", "Sara", "Tina", "Ursule", "Vola", "Willy", "Xavier", "Yaya", "Zo",
];

/// The text of the QR code in a PNG, read as a phone's camera app would.
fn qr_text(png_bytes: &[u8]) -> String {
    let (width, height, pixels) = rgba(png_bytes);
    let luma = |x: usize, y: usize| {
        let at = (y * width as usize + x) * 4;
        let [r, g, b] = [pixels[at], pixels[at + 1], pixels[at + 2]].map(u32::from);
        ((r * 299 + g * 587 + b * 114) / 1000) as u8
    };
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(width as usize, height as usize, luma);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code on a card");
    grids[0].decode().expect("a readable QR code").1
}

#[test]
fn a_class_of_25_prints_its_report_and_a_card_per_pupil_whose_code_opens_their_seat() {
    let data = tempfile::tempdir().unwrap();
    let listen = format!("127.0.0.1:{}", free_port());
    let mut console = Console::open_with(data.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1");
    console.ask(&format!("class add {}", PUPILS.join(" ")));
    console.ask("class tournament katro swiss");
    // Round 1: 12 boards and a bye; three of them over.
    console.ask("class result #1 Ana");
    console.ask("class result #2 draw");
    console.ask("class result #3 Fara");
    let teacher_url = url_in(&console.ask("class link"));
    let report = console.ask("class report");
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(
        lines[1],
        "pupil,lessons_finished,stars,homework_solved,homework_given,puzzle_ratings,matches_played,matches_won"
    );
    assert_eq!(lines.len(), 2 + 25 + 1, "{report}");
    assert_eq!(lines[2], "Ana,0,0,0,0,,1,1");
    assert_eq!(lines[7], "Fara,0,0,0,0,,1,1");
    let print_url = url_in(lines[27]);
    assert_eq!(print_url, format!("{teacher_url}/print"));

    // Each pupil's seat, as the teacher's page links them.
    let teacher = Browser::open(1920, 1080);
    let mut teacher = teacher;
    teacher.go(&teacher_url);
    let seats = seat_links(&teacher);
    assert_eq!(seats.len(), 25);

    let mut page = Browser::open(794, 1123);
    page.go(&print_url);
    assert_eq!(
        page.script(
            "return document.querySelectorAll('button, input, select, a, script').length;",
            json!([])
        ),
        0,
        "nothing to tap, nothing running"
    );
    assert_eq!(
        page.script("return document.querySelector('h1').textContent;", json!([])),
        "CE1 — bilan"
    );
    // The report: a header and a row per pupil, in the roster's order.
    let names = page.script(
        "return Array.prototype.map.call(document.querySelectorAll('.report tbody tr'),\
         function (tr) { return tr.cells[0].textContent; });",
        json!([]),
    );
    assert_eq!(names, json!(PUPILS));
    // The round: 12 boards, the three results, a bye.
    let results = page.script(
        "return Array.prototype.map.call(document.querySelectorAll('.pairings tbody tr'),\
         function (tr) { return tr.cells[2].textContent; });",
        json!([]),
    );
    let mut expected = vec!["1-0", "½-½", "0-1"];
    expected.extend([""; 9]);
    assert_eq!(results, json!(expected));
    check_screen("print_report_a4", &page);

    // The cards: each pupil's name over their own seat's code.
    let cards = page.find_all(".card");
    assert_eq!(cards.len(), 25);
    let shown = page.script(
        "return Array.prototype.map.call(document.querySelectorAll('.card'),\
         function (card) { return card.querySelector('.name').textContent; });",
        json!([]),
    );
    assert_eq!(shown, json!(PUPILS));
    for (card, (name, seat)) in cards.iter().zip(&seats) {
        assert_eq!(qr_text(&page.element_screenshot(card)), *seat, "{name}'s card");
    }
    // The layout of the cards as a golden; their codes, new links each run, were read above
    // and are blanked here (their room kept).
    page.script(
        "document.querySelectorAll('.card svg').forEach(function (svg) { svg.style.visibility = 'hidden'; });\
         window.scrollTo(0, document.querySelector('.cards').offsetTop);",
        json!([]),
    );
    check_screen("print_cards_a4", &page);

    // Printed: the report on its pages, the cards from a page of their own.
    let pdf = page.print_pdf();
    assert!(pdf.starts_with(b"%PDF-"));
    let pages = pdf.windows(11).filter(|w| w == b"/Type /Page").count()
        - pdf.windows(12).filter(|w| w == b"/Type /Pages").count();
    assert_eq!(
        pages, 5,
        "the report, the round and the standings on two pages, the 25 cards on three"
    );

    // A pupil's seat prints nothing: its page would show everyone's results and links.
    let seat_print = format!("{}/print", seats[0].1);
    let answer = ureq::get(&seat_print).call();
    assert!(
        matches!(answer, Err(ureq::Error::Status(404, _))),
        "a seat's print page: {:?}",
        answer.map(|response| response.status())
    );
}
