//! A class vote in a real headless Chromium: five pupils on their seat pages vote for Katro
//! moves against the computer, the projector's tally grows with each tap (names hidden), the
//! turn's timer closes it and the most voted move is played (a tie to the later proposal), a
//! restart in the middle of a turn keeps its votes and its timer, and once every pupil whose
//! seat page is open has voted the turn closes before its time.

use std::time::Duration;

use serde_json::json;

use crate::browser::Browser;
use crate::class_lessons::board;
use crate::class_screen::{check_screen, seat_links, url_in};
use crate::class_simul::{place_on, places_of, tap, wait_offers};
use crate::console_cli::Console;
use crate::support::free_port;

/// Waits until the vote's tally on `page` says `line` ("2 votes of 5") with these counts,
/// the most voted first.
fn wait_tally(page: &Browser, line: &str, counts: &[u64]) {
    page.wait_for(
        "var t = document.querySelector('article[data-match=\"1\"] .tally');\
         if (!t) { return false; }\
         var counts = Array.prototype.map.call(t.querySelectorAll('li b'), function (b) { return Number(b.textContent); });\
         return t.querySelector('.vote-line').textContent.indexOf(arguments[0]) === 0\
           && JSON.stringify(counts) === JSON.stringify(arguments[1]);",
        json!([line, counts]),
        Duration::from_secs(45),
    );
}

/// The move the tally would play now, as its small print says.
fn leading(page: &Browser) -> String {
    page.script(
        "return document.querySelector('article[data-match=\"1\"] .tally li.leading .small').textContent;",
        json!([]),
    )
    .as_str()
    .unwrap()
    .to_owned()
}

/// When the open turn's time runs out (Unix seconds), as `page` counts down to it.
fn closing_time(page: &Browser) -> u64 {
    page.wait_for(
        "return !!document.querySelector('article[data-match=\"1\"] .vote-left');",
        json!([]),
        Duration::from_secs(45),
    );
    page.script(
        "return Number(document.querySelector('article[data-match=\"1\"] .vote-left').getAttribute('data-closes'));",
        json!([]),
    )
    .as_u64()
    .unwrap()
}

/// The class's legal moves offered on a seat.
fn offered(page: &Browser) -> Vec<String> {
    let (_, moves, _) = board(page, 1);
    moves
        .iter()
        .map(|m| m["m"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn five_pupils_vote_for_the_class_against_the_computer_by_taps() {
    let data = tempfile::tempdir().unwrap();
    let listen = format!("127.0.0.1:{}", free_port());
    let env = [("LALAO_WEB", listen.as_str())];
    let mut console = Console::open_with(data.path(), "mme", &env);
    console.ask("class new CE1 lang=en");
    console.ask("class add Ana Bob Chloé Dina Eli");
    let started = console.ask("class vote katro easy seconds=30");
    assert!(
        started.starts_with("The class plays Katro against the computer (Easy) by vote (#1)"),
        "{started}"
    );
    let links = console.ask("class link");
    let teacher_url = url_in(&links);
    let projector_url = url_in(links.lines().last().unwrap());
    let mut teacher = Browser::open(1920, 1080);
    teacher.go(&teacher_url);
    let seats = seat_links(&teacher);
    drop(teacher);
    let mut projector = Browser::open(1920, 1080);
    projector.go(&projector_url);
    wait_tally(&projector, "0 votes of 5", &[]);

    let pupils: Vec<Browser> = seats[..4]
        .iter()
        .map(|(_, url)| {
            let mut page = Browser::open(768, 1024);
            page.go(url);
            wait_offers(&page, 1, true);
            page
        })
        .collect();
    // Eli's tablet shows his seat (its event stream open) but he does not vote: he is in
    // class, so four votes do not close the turn before its time.
    let eli = ureq::get(&format!("{}/events", seats[4].1)).call().unwrap();
    assert_eq!(eli.header("content-type"), Some("text/event-stream"));
    let moves = offered(&pupils[0]);
    let (x, y) = (moves[0].clone(), moves[1].clone());
    // Ana and Chloé vote x, Bob and Dina y: two each, y proposed after x.
    for (pupil, choice, count) in [
        (0, &x, &[1][..]),
        (1, &y, &[1, 1]),
        (2, &x, &[2, 1]),
        (3, &y, &[2, 2]),
    ] {
        if pupil == 3 {
            // A seat that has not voted yet: the moves to tap, the count of votes so far.
            wait_tally(&pupils[3], "3 votes of 5", &[2, 1]);
            check_screen("vote_seat_768x1024", &pupils[3]);
        }
        tap(&pupils[pupil], 1, choice);
        // A vote given is the pupil's: nothing more to tap this turn.
        wait_offers(&pupils[pupil], 1, false);
        wait_tally(&projector, &format!("{} vote", count.iter().sum::<u64>()), count);
    }
    let mine = pupils[0].script(
        "return document.querySelector('.tally .vote-mine').textContent;",
        json!([]),
    );
    assert_eq!(mine, format!("Your vote: {x}"));
    assert_eq!(leading(&projector), y, "a tie goes to the later proposal");
    check_screen("vote_tally_1920x1080", &projector);

    // The turn's time runs out: y is played, the computer answers, the next turn opens.
    wait_tally(&projector, "0 votes of 5", &[]);
    wait_offers(&pupils[0], 1, true);
    let next = offered(&pupils[0]);
    let z = next[next.len() - 1].clone();
    // Ana taps where z starts; Bob's vote draws her page again before her second tap, which
    // still finishes her move.
    let [from, to] = places_of(&pupils[0], 1, &z);
    pupils[0].click(&place_on(1, &from));
    tap(&pupils[1], 1, &z);
    wait_tally(&pupils[0], "1 vote of 5", &[1]);
    assert!(
        pupils[0]
            .find(&format!("{}.picked", place_on(1, &from)))
            .is_some(),
        "Ana's first tap is kept when Bob's vote redraws her page"
    );
    pupils[0].click(&place_on(1, &to));
    wait_tally(&projector, "2 votes of 5", &[2]);

    // Lalao restarts in the middle of the turn: the votes are kept, and the timer closes it.
    drop(console);
    drop(eli);
    let console = Console::open_with(data.path(), "mme", &env);
    projector.go(&projector_url);
    wait_tally(&projector, "2 votes of 5", &[2]);
    wait_tally(&projector, "0 votes of 5", &[]);

    // Eli's tablet is off now: the four pupils whose pages are open are the class, and their
    // four votes close the turn before its time (the next turn opens before this one's end).
    // Every tablet shows this turn first: its stream is open again after the restart.
    let closes = closing_time(&projector);
    for page in &pupils {
        page.wait_for(
            "var a = document.querySelector('article[data-match=\"1\"]');\
             var left = a && a.querySelector('.vote-left');\
             return !!left && Number(left.getAttribute('data-closes')) === arguments[0]\
               && JSON.parse(a.getAttribute('data-moves') || '[]').length > 0;",
            json!([closes]),
            Duration::from_secs(45),
        );
    }
    for page in &pupils {
        let choice = offered(page)[0].clone();
        tap(page, 1, &choice);
    }
    projector.wait_for(
        "var left = document.querySelector('article[data-match=\"1\"] .vote-left');\
         return !!left && Number(left.getAttribute('data-closes')) !== arguments[0];",
        json!([closes]),
        Duration::from_secs(45),
    );
    let next_opened = closing_time(&projector) - 30;
    assert!(
        next_opened < closes,
        "the next turn opened at {next_opened}, before the last one's time ran out at {closes}"
    );
    drop(console);

    let store = lalao_app::store::SledStore::open(data.path()).unwrap();
    let bytes = lalao_app::store::Store::get(
        &store,
        &lalao_app::store::keys::match_key(lalao_app::ids::MatchId(1)),
    )
    .unwrap()
    .unwrap();
    let record: lalao_app::record::MatchRecord = lalao_app::record::decode(&bytes, "a match").unwrap();
    assert_eq!(record.moves[0], y);
    assert_eq!(record.moves[2], z);
    let vote = record.vote.unwrap();
    let counted: Vec<usize> = vote.turns.iter().map(|turn| turn.ballots.len()).collect();
    assert_eq!(counted, [4, 2, 4]);
}
