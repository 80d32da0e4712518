//! `class export` and its import: the file holds the class and its matches and no secret;
//! imported on a fresh store, the class is the one exported; a taken channel refuses it.

use std::sync::Arc;

use lalao_renderer::Locale;
use serde_json::Value;

use super::ClassArchive;
use crate::class::screen::ClassScreens;
use crate::clock::FixedClock;
use crate::dispatch::handle::Handle;
use crate::ids::ChannelId;
use crate::kernel::{App, Audience, Context, Kind, Reply};
use crate::ops::upkeep::Upkeep;
use crate::store::MemoryStore;
use crate::testing::{app_on, teacher_in};

fn service() -> App {
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En)
        .with_clock(Arc::new(FixedClock(1_700_000_000)))
        .with_live_pages("https://lalao.example.org");
    service.open().unwrap();
    service
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service.handle_text(ctx, &format!("!lalao {line}"), true).unwrap()
}

/// A class with a tournament under way, a finished match, a running one and a move in it.
fn busy_class(service: &App) -> Context {
    let teacher = teacher_in("100");
    send(service, &teacher, "class new CE1 lang=en");
    send(service, &teacher, "class add Ana Bob Chloé Dina");
    send(service, &teacher, "class tournament fano");
    send(service, &teacher, "class result #1 Ana");
    send(service, &teacher, "move @1 #2");
    send(service, &teacher, "class link");
    teacher
}

fn exported(reply: &Reply) -> (String, Value) {
    let said = &reply.messages[0];
    let Kind::Document(document) = &said.kind else {
        panic!("a file: {}", reply.plain());
    };
    (
        document.file_name.clone(),
        serde_json::from_slice(&document.bytes).unwrap(),
    )
}

#[test]
fn the_export_holds_the_class_and_its_matches_without_its_links() {
    let service = service();
    let teacher = busy_class(&service);
    let reply = send(&service, &teacher, "class export");
    let said = &reply.messages[0];
    assert_eq!(said.key, "class-export");
    assert_eq!(said.audience, Audience::Private(teacher.user.clone()));
    // As `class export` always gave them, the tournament's results first.
    let lines: Vec<&str> = said.text.lines().collect();
    assert_eq!(lines[0], "Results (CSV):");
    assert_eq!(
        lines[1],
        "round,match,first,second,result,first_points,second_points,moves"
    );
    assert_eq!(lines.len(), 2 + 2 + 1, "{}", said.text);
    let (file_name, file) = exported(&reply);
    assert_eq!(file_name, "lalao-class-ce1.json");
    assert_eq!(file["lalao"], "lalao class");
    assert_eq!(file["format"], 1);
    assert_eq!(file["class"]["name"], "CE1");
    assert_eq!(file["class"]["pupils"].as_array().unwrap().len(), 4);
    assert_eq!(file["class"].get("screen"), None, "no page links");
    let ids: Vec<u64> = file["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| record["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [1, 2]);
    assert_eq!(file["matches"][1]["moves"], serde_json::json!(["@1"]));
    let text = String::from_utf8(serde_json::to_vec(&file).unwrap()).unwrap();
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let links = class.screen.unwrap();
    assert!(
        !text.contains(&links.teacher),
        "the teacher's secret is not in the file"
    );
    assert!(!text.contains(&links.id));
}

#[test]
fn an_export_imported_on_a_fresh_store_is_the_same_class() {
    let before = service();
    let teacher = busy_class(&before);
    let (_, file) = exported(&send(&before, &teacher, "class export"));
    let bytes = serde_json::to_vec(&file).unwrap();

    let after = service();
    let imported = ClassArchive(&after).import(&bytes, None, None).ok().unwrap();
    assert_eq!(imported.channel, teacher.channel);
    assert_eq!(imported.pupils, 4);
    assert_eq!(
        imported.matches,
        [
            (crate::ids::MatchId(1), crate::ids::MatchId(1)),
            (crate::ids::MatchId(2), crate::ids::MatchId(2))
        ]
    );
    // The same standings, roster and matches; the running match goes on where it was.
    for line in ["class standings", "class show", "board #2"] {
        assert_eq!(
            send(&after, &teacher, line).plain(),
            send(&before, &teacher, line).plain(),
            "{line}"
        );
    }
    assert!(!send(&after, &teacher, "move @2 #2").refused());
    // New page links, and the teacher's screen shows the same boards.
    send(&after, &teacher, "class link");
    let screen = |service: &App| {
        let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
        let token = class.screen.unwrap().teacher_token();
        let screen = ClassScreens(service).class_screen(&token).unwrap().unwrap();
        (screen.title, screen.round, screen.standings, screen.boards.len())
    };
    send(&before, &teacher, "move @2 #2");
    assert_eq!(screen(&after), screen(&before));
    // The store is sound: every index where a new match would have put it.
    let (_, errors) = Upkeep(&after).check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    // Imported again into the same channel: refused, nothing changes.
    assert!(ClassArchive(&after).import(&bytes, None, None).is_err());
    // Into another channel of a store that has matches: the next numbers.
    let moved = ClassArchive(&after)
        .import(&bytes, Some(ChannelId("discord:200".to_owned())), None)
        .ok()
        .unwrap();
    assert_eq!(
        moved.matches,
        [
            (crate::ids::MatchId(1), crate::ids::MatchId(3)),
            (crate::ids::MatchId(2), crate::ids::MatchId(4))
        ]
    );
    let (_, errors) = Upkeep(&after).check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_file_that_is_no_class_file_is_refused() {
    let service = service();
    for file in [
        &b"{not json"[..],
        br#"{"lalao": "my data"}"#,
        br#"{"lalao": "lalao class", "format": 2}"#,
    ] {
        assert!(ClassArchive(&service).import(file, None, None).is_err());
    }
}
