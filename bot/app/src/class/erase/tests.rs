//! `class erase`: after it, no key or value of the whole store holds the pupil's name, on the
//! memory store and on sled; the class's pages and histories say "a former pupil" and still
//! replay; a match being played refuses it and changes nothing.

use std::sync::Arc;

use lalao_renderer::{Locale, Style};

use crate::class::screen::ClassScreens;
use crate::clock::FixedClock;
use crate::dispatch::handle::Handle;
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::kernel::{App, Context, Defaults, Outcome, Reply};
use crate::record::{self, ClassRecord, MatchRecord, Stage};
use crate::store::{keys, MemoryStore, SledStore, Store, Txn};
use lalao_model::notify::{DeadLetter, Notification, Recipient};

const BASE: &str = "https://lalao.example.org";

fn service(store: Arc<dyn Store>) -> App {
    let service = App::new(
        store,
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)))
    .with_live_pages(BASE);
    service.open().unwrap();
    service
}

fn teacher() -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, "1"),
        display_name: Some("Mme Rabe".to_owned()),
        channel: ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator: true,
        locale: None,
        private: false,
        community: None,
    }
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service
        .handle_text(ctx, &format!("!lalao {line}"), true)
        .expect("addressed to the bot")
}

fn class(service: &App) -> ClassRecord {
    service
        .class_of(&teacher().channel)
        .ok()
        .flatten()
        .expect("the class")
        .0
}

/// Every key and value of the store that holds `word`.
fn holding(store: &dyn Store, word: &str) -> Vec<String> {
    store
        .scan_all()
        .unwrap()
        .into_iter()
        .filter(|(key, value)| {
            let (key, value) = (String::from_utf8_lossy(key), String::from_utf8_lossy(value));
            key.contains(word) || value.contains(word)
        })
        .map(|(key, _)| String::from_utf8_lossy(&key).into_owned())
        .collect()
}

/// A class of Mirana, Bob and Chloé with links, a match Mirana won, a finished tournament, a
/// homework in progress on every seat, and Mirana's first match stored at an older record
/// version; then Mirana is erased.
fn erase_mirana(store: Arc<dyn Store>) {
    let service = service(store.clone());
    let teacher = teacher();
    send(&service, &teacher, "class new CE1 lang=en");
    send(&service, &teacher, "class add Mirana Bob Chloé");
    send(&service, &teacher, "class link");
    send(&service, &teacher, "class match Mirana Bob fano cells=5");

    // While her match is played, nothing is erased.
    let before = store.scan_all().unwrap();
    let refused = send(&service, &teacher, "class erase Mirana");
    assert_eq!(
        refused.messages[0].text,
        "Mirana is playing a match in progress (#1). End it first, for example with \
         `/class result match:1 winner:draw`, then erase."
    );
    assert_eq!(store.scan_all().unwrap(), before);

    send(&service, &teacher, "class result #1 Mirana");
    send(&service, &teacher, "class tournament fano cells=5");
    for id in class(&service).matches {
        let (record, _) = service.load(id).ok().flatten().unwrap();
        if record.stage.is_active() {
            send(&service, &teacher, &format!("class result #{} draw", id.0));
        }
    }
    let homework = send(&service, &teacher, "class homework fano 2");
    assert_eq!(homework.outcome, Outcome::Applied, "{homework:?}");
    // Match 1 as an older build wrote it: erased all the same.
    let (_, bytes) = service.load(MatchId(1)).ok().flatten().unwrap();
    let mut older: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    older["v"] = serde_json::json!(record::RECORD_VERSION - 1);
    let mut txn = Txn::default();
    txn.put(keys::match_key(MatchId(1)), serde_json::to_vec(&older).unwrap());
    // A notice about her still to be delivered, and one the platform refused.
    let notice = Notification {
        v: record::RECORD_VERSION,
        id: String::new(),
        recipient: Recipient::Channel {
            channel: teacher.channel.clone(),
        },
        key: "class-result".to_owned(),
        text: "Mirana wins #1 against Bob.".to_owned(),
        mentions: vec![UserId("seat:Mirana".to_owned())],
        match_id: Some(MatchId(1)),
        due: 1_700_000_000,
        fired: 1_700_000_000,
        lease: None,
    };
    let outbox = keys::outbox_key(b"timer/00000000001700000000/m00000000000000000001/notice", 0);
    txn.put(outbox.clone(), record::encode(&notice));
    let letter = DeadLetter {
        v: record::RECORD_VERSION,
        notification: notice,
        reason: "refused".to_owned(),
        at: 1_700_000_000,
    };
    txn.put(keys::dead_letter_key(&outbox), record::encode(&letter));
    store.commit(&txn).unwrap();
    // The class, her match, her tournament match and her homework puzzle.
    assert_eq!(
        holding(store.as_ref(), "Mirana"),
        [
            "class/discord:100\0",
            "dead/00000000001700000000/m00000000000000000001/notice/000",
            "match/00000000000000000001",
            "match/00000000000000000002",
            "match/00000000000000000004",
            "outbox/00000000001700000000/m00000000000000000001/notice/000",
        ]
    );

    let erased = send(&service, &teacher, "class erase Mirana");
    assert_eq!(erased.outcome, Outcome::Applied);
    assert_eq!(
        erased.messages[0].text,
        "Erased: Mirana. Their name and results are gone from the class; its past matches now \
         say “a former pupil”."
    );
    assert_eq!(holding(store.as_ref(), "Mirana"), Vec::<String>::new());
    let (_, kept) = store
        .scan_prefix(keys::OUTBOX_PREFIX)
        .unwrap()
        .pop()
        .expect("the notice is kept");
    let kept: Notification = record::decode(&kept, "a notification").unwrap();
    assert_eq!(kept.text, "a former pupil wins #1 against Bob.");
    // The others are as they were.
    assert!(!holding(store.as_ref(), "seat:Bob").is_empty());

    // Her match still replays, under her new name.
    let first: MatchRecord = service.load(MatchId(1)).ok().flatten().unwrap().0;
    assert_eq!(
        first.players.as_ref().unwrap()[0],
        UserId("seat:a former pupil".to_owned())
    );
    assert!(first.replay(first.moves.len()).is_ok());
    assert_eq!(send(&service, &teacher, "history #1").outcome, Outcome::Shown);
    // Her homework puzzle was put away with her seat.
    let homework = class(&service)
        .matches
        .into_iter()
        .filter_map(|id| service.load(id).ok().flatten())
        .find(|(record, _)| {
            record.is_activity() && record.players.as_ref().unwrap()[0].local() == "a former pupil"
        })
        .expect("her homework puzzle");
    assert!(matches!(homework.0.stage, Stage::Cancelled { .. }));

    // The teacher's screen: no link for her, the standings and the boards say who she was.
    let links = class(&service).screen.unwrap();
    assert_eq!(links.seats.keys().collect::<Vec<_>>(), ["Bob", "Chloé"]);
    let token = format!("{}{}", links.id, links.teacher);
    let screen = ClassScreens(&service)
        .class_screen(&token)
        .unwrap()
        .expect("the screen");
    assert!(screen
        .standings
        .iter()
        .any(|standing| standing.name == "a former pupil"));
    assert_eq!(screen.seats.len(), 2);
    assert_eq!(class(&service).pupils.len(), 2);
    assert_eq!(class(&service).erased, 1);

    // Erased once: her name is no seat any more.
    let again = send(&service, &teacher, "class erase Mirana");
    assert_eq!(again.messages[0].key, "class-no-pupil");
}

#[test]
fn an_erased_pupil_s_name_leaves_every_record_of_the_memory_store() {
    erase_mirana(Arc::new(MemoryStore::default()));
}

#[test]
fn an_erased_pupil_s_name_leaves_every_record_of_sled() {
    let dir = tempfile::tempdir().unwrap();
    erase_mirana(Arc::new(SledStore::open(dir.path()).unwrap()));
}

#[test]
fn a_second_erased_pupil_is_numbered_and_a_word_inside_a_name_is_kept() {
    assert_eq!(
        super::replace_word("Ana wins. Anabel too, and Ana.", "Ana", "X"),
        "X wins. Anabel too, and X."
    );
    let service = service(Arc::new(MemoryStore::default()));
    let teacher = teacher();
    send(&service, &teacher, "class new CE1 lang=fr");
    send(&service, &teacher, "class add Ana Bob");
    send(&service, &teacher, "class erase Ana");
    let second = send(&service, &teacher, "class erase Bob");
    assert_eq!(
        second.messages[0].text,
        "Effacé : Bob. Son prénom et ses résultats ne sont plus dans la classe ; ses parties \
         passées disent maintenant « un ancien élève (2) »."
    );
}
