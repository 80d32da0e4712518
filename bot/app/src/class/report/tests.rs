//! `class report` and the print page's read: each pupil's lessons, homework, puzzle ratings
//! and matches, exactly; only the teacher's link prints.

use std::sync::Arc;

use lalao_renderer::Locale;

use super::ClassReport;
use crate::clock::FixedClock;
use crate::dispatch::handle::Handle;
use crate::ids::Platform;
use crate::kernel::{App, Audience, Context, Reply};
use crate::record::{Glicko, PuzzleStats};
use crate::store::{keys, MemoryStore, Txn};
use crate::testing::{app_on, teacher_in};

const BASE: &str = "https://lalao.example.org";

fn service() -> App {
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En)
        .with_clock(Arc::new(FixedClock(1_700_000_000)))
        .with_live_pages(BASE);
    service.open().unwrap();
    service
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service.handle_text(ctx, &format!("!lalao {line}"), true).unwrap()
}

/// A class of three whose first two pupils learned, did homework and played each other.
fn class_with_results(service: &App) -> Context {
    let teacher = teacher_in("100");
    send(service, &teacher, "class new CE1 lang=en");
    send(service, &teacher, "class add Ana Bob Chloé");
    send(service, &teacher, "class match Ana Bob fano");
    send(service, &teacher, "class result #1 Bob");
    send(service, &teacher, "class match Chloé Ana katro");
    send(service, &teacher, "class result #2 draw");
    // Still played: counts for nobody yet.
    send(service, &teacher, "class match Bob Chloé katro");
    // What lessons and homework leave in the class, written as they leave it.
    let (mut class, bytes) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let ana = &mut class.pupils[0];
    ana.learned
        .entry("katro".to_owned())
        .or_default()
        .extend([("sowing".to_owned(), 3), ("capturing".to_owned(), 2)]);
    ana.learned
        .entry("fano".to_owned())
        .or_default()
        .insert("moving".to_owned(), 1);
    ana.homework = vec![("katro-0001".to_owned(), true), ("katro-0002".to_owned(), false)];
    let settled = PuzzleStats {
        rating: Glicko {
            rating: 1612.4,
            deviation: 60.0,
            volatility: 0.06,
        },
        solved: 9,
        failed: 3,
        ..PuzzleStats::default()
    };
    let fresh = PuzzleStats {
        solved: 1,
        ..PuzzleStats::default()
    };
    ana.puzzles.insert("katro".to_owned(), settled);
    ana.puzzles.insert("fano".to_owned(), fresh);
    // A lesson opened and not finished earns no star.
    class.pupils[1]
        .learned
        .entry("samantsy".to_owned())
        .or_default()
        .insert("moving".to_owned(), 0);
    let mut txn = Txn::default();
    let key = keys::class_key(&teacher.channel);
    txn.check(key.clone(), Some(bytes))
        .put(key, crate::record::encode(&class));
    service.commit_txn(&txn).unwrap();
    teacher
}

#[test]
fn the_report_gives_each_pupils_learning_and_matches_to_the_teacher_alone() {
    let service = service();
    let teacher = class_with_results(&service);
    let reply = send(&service, &teacher, "class report");
    assert_eq!(reply.messages.len(), 1);
    let said = &reply.messages[0];
    assert_eq!(said.key, "class-report");
    assert_eq!(said.audience, Audience::Private(teacher.user.clone()));
    let lines: Vec<&str> = said.text.lines().collect();
    assert_eq!(
        lines,
        [
            "Each pupil's report (CSV):",
            "pupil,lessons_finished,stars,homework_solved,homework_given,puzzle_ratings,matches_played,matches_won",
            "Ana,3,6,1,2,fano 1500?; katro 1612,2,0",
            "Bob,0,0,0,0,,1,1",
            "Chloé,0,0,0,0,,1,0",
            "`/class link` gives the class its pages, and this report a page to print.",
        ]
    );
    // Once the class has its pages, the report says where its print page is.
    send(&service, &teacher, "class link");
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let token = class.screen.as_ref().unwrap().teacher_token();
    let reply = send(&service, &teacher, "class report");
    assert_eq!(
        reply.messages[0].text.lines().last().unwrap(),
        format!(
            "To print (the table, the standings and a card per pupil with their seat's QR code, on A4): {BASE}/class/{token}/print"
        )
    );
    // Only the class's managers may have it.
    let mut pupil = teacher_in("100");
    pupil.user = crate::ids::UserId::new(Platform::Discord, "2");
    pupil.moderator = false;
    let refused = send(&service, &pupil, "class report");
    assert!(refused.refused(), "{}", refused.plain());
    // The same on Discord's `/school report`.
    let named = crate::command::command_of(&["class", "report"], &[])
        .unwrap()
        .unwrap();
    assert_eq!(
        named,
        crate::command::Command::Class(crate::command::ClassCommand::Report)
    );
}

#[test]
fn only_the_teachers_link_prints_and_its_page_has_the_table_and_every_seat() {
    let service = service();
    let teacher = class_with_results(&service);
    send(&service, &teacher, "class result #3 Bob");
    send(&service, &teacher, "class tournament katro");
    send(&service, &teacher, "class link");
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let links = class.screen.clone().unwrap();
    let print = ClassReport(&service)
        .class_print(&links.teacher_token())
        .unwrap()
        .unwrap();
    assert_eq!(print.title, "CE1");
    assert_eq!(
        print.headers,
        [
            "Pupil",
            "Lessons finished",
            "Stars",
            "Homework solved",
            "Homework given",
            "Puzzle rating",
            "Matches played",
            "Matches won"
        ]
    );
    assert_eq!(
        print.rows[0],
        ["Ana", "3", "6", "1", "2", "fano 1500?; katro 1612", "2", "0"]
    );
    assert_eq!(print.rows.len(), 3);
    let cards: Vec<(String, String)> = ["Ana", "Bob", "Chloé"]
        .iter()
        .map(|name| {
            let token = links.seat_token(name).unwrap();
            (name.to_string(), format!("{BASE}/class/{token}"))
        })
        .collect();
    assert_eq!(print.cards, cards);
    let round = print.round.unwrap();
    assert_eq!(round.title, "Katro · round 1 of 3");
    assert_eq!(round.games.len() + usize::from(round.bye.is_some()), 2);
    assert_eq!(print.standings.len(), 3);
    // A seat's or the projector's link prints nothing: it would show every pupil's link.
    let seat = links.seat_token("Ana").unwrap();
    assert_eq!(ClassReport(&service).class_print(&seat).unwrap(), None);
    if let Some(projector) = links.projector_token() {
        assert_eq!(ClassReport(&service).class_print(&projector).unwrap(), None);
    }
    assert_eq!(ClassReport(&service).class_print(&"a".repeat(64)).unwrap(), None);
}
