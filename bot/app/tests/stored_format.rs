//! Stored records are a contract: a store written by an older main must still load. The store
//! in `tests/data/store-e0da86e/` was written by the `lalao` of main at commit e0da86e (the last
//! main before the bot layer became four crates), driven through its console by
//! `tests/data/store-e0da86e.input`. It holds every kind of record that console play makes:
//! matches in each stage (practice, challenge, open challenge, Mangala's rite, playing, timed and
//! resigned, against the computer, a class match), players' settings, a channel's settings, a
//! class, the indexes and the scheduler's timers.

use std::path::Path;
use std::sync::Arc;

use lalao_app::ids::MatchId;
use lalao_app::record::{self, Entry, Stage};
use lalao_app::store::SledStore;
use lalao_app::Service;
use lalao_app::{Context, Defaults};
use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// `old` (a record of the fixture, version 4) with its version alone changed to the current
/// one: versions 5 and 6 only added fields such records do not have.
fn as_current_version(old: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(old.to_vec()).unwrap();
    match text.strip_prefix(r#"{"v":4,"#) {
        Some(rest) => format!(r#"{{"v":{},{rest}"#, record::RECORD_VERSION).into_bytes(),
        None => old.to_vec(),
    }
}

/// The fixture, copied: sled writes to a store it opens, and the fixture must stay as written.
fn open_fixture() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/store-e0da86e");
    copy_dir(&fixture, dir.path());
    let store = SledStore::open(dir.path()).expect("the old store opens");
    let service = Service::new(
        Arc::new(store),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    );
    service.open().expect("the old schema is accepted");
    (dir, service)
}

/// State format 2 is the one change since the fixture was written: a sowing
/// game's history is stored as keys instead of whole boards. Returns `again` (a match record as
/// this build writes it) with that change undone from `old`, after checking that it is the only
/// one: the state's `format` went from 1 to 2, and only a sowing game's `history` changed,
/// to one key per stored board.
fn sowing_history_as_written_before(old_bytes: &[u8], again: &[u8]) -> Vec<u8> {
    let old: serde_json::Value = serde_json::from_slice(old_bytes).unwrap();
    let mut again: serde_json::Value = serde_json::from_slice(again).unwrap();
    assert_eq!(
        (&old["state"]["format"], &again["state"]["format"]),
        (&1.into(), &2.into())
    );
    again["state"]["format"] = 1.into();
    let sowing = ["katro", "engehe", "mangala"].contains(&old["state"]["game"].as_str().unwrap());
    if sowing {
        let keys = again["state"]["state"]["history"]["keys"].as_str().unwrap();
        let entries = old["state"]["state"]["history"]["sides"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(keys.len(), 32 * entries);
        again["state"]["state"]["history"] = old["state"]["state"]["history"].clone();
    }
    // Compared as JSON values (the record's field order is not kept through a `Value`), so the
    // caller's byte comparison then holds for match records by construction.
    assert_eq!(again, old);
    old_bytes.to_vec()
}

#[test]
fn a_store_written_by_the_previous_main_loads_every_record_unchanged() {
    let (_dir, service) = open_fixture();
    let (entries, errors) = service.check_store().unwrap();
    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(entries, 33);

    let mut matches = 0;
    for (key, bytes) in service.store().scan_all().unwrap() {
        let entry = record::decode_entry(&key, &bytes)
            .unwrap_or_else(|err| panic!("{}: {err}", String::from_utf8_lossy(&key)));
        // Unchanged, not merely readable: written again, each record is the same bytes. (A
        // later change of the format must migrate, and then says so here: state format 2 stores
        // a sowing game's repetition history as keys, see `sowing_history_as_written_before`.)
        let again = match &entry {
            Entry::Match(record) => {
                matches += 1;
                Some(record::encode(record))
            }
            Entry::Player(record) => Some(record::encode(record)),
            Entry::Channel(record) => Some(record::encode(record)),
            Entry::Class(record) => Some(record::encode(record)),
            Entry::Timer(record) => Some(record::encode(record)),
            Entry::Schema(record) => Some(record::encode(record)),
            _ => None,
        };
        if let Some(again) = again {
            // Record versions 5 (a match's set starting position) and 6 (lessons and their
            // stars) changed nothing of these records but their version: a version 4 record
            // is written back as the current version.
            let bytes = as_current_version(&bytes);
            let again = match &entry {
                Entry::Match(_) => sowing_history_as_written_before(&bytes, &again),
                _ => again,
            };
            assert_eq!(
                String::from_utf8_lossy(&again),
                String::from_utf8_lossy(&bytes),
                "{} changed on the way through",
                String::from_utf8_lossy(&key)
            );
        }
    }
    assert_eq!(matches, 7);

    let stage = |id: u64| {
        let record = service.match_record(MatchId(id)).expect("the match loads");
        (record.game, record.stage, record.moves)
    };
    assert_eq!(stage(1), (GameKind::Fano, Stage::Playing, vec!["@3".to_owned()]));
    assert_eq!(stage(2), (GameKind::Katro, Stage::Playing, vec![]));
    assert!(matches!(
        stage(3),
        (GameKind::Samantsy, Stage::Finished { .. }, _)
    ));
    assert!(matches!(stage(4), (GameKind::Mangala, Stage::Rite { .. }, _)));
    assert_eq!(stage(5), (GameKind::Engehe, Stage::Challenge, vec![]));
    assert_eq!(stage(6), (GameKind::Fano, Stage::Playing, vec![]));
    assert_eq!(stage(7), (GameKind::Fano, Stage::Playing, vec![]));
    let computer = service
        .match_record(MatchId(6))
        .unwrap()
        .computer
        .expect("a computer seat");
    assert_eq!(computer.level, "easy");
    assert!(service.match_record(MatchId(7)).unwrap().class.is_some());
}

#[test]
fn play_goes_on_in_a_store_written_by_the_previous_main() {
    let (_dir, service) = open_fixture();
    let ana = Context::console("ana");
    // Ana chose French before the upgrade; her practice match takes its second move.
    let reply = service.handle_text(&ana, "@1 #1", false).expect("a reply");
    assert!(reply.plain().starts_with("Noir a joué @1."), "{}", reply.plain());
    assert_eq!(
        service.match_record(MatchId(1)).unwrap().moves,
        vec!["@3".to_owned(), "@1".to_owned()]
    );
    // The Mangala rite resumes where it stopped: Ana won the call and picks her side. Then
    // every move is forced, and neither player turned `auto` off (a setting the older main
    // did not have): the game plays itself to its end.
    let reply = service
        .handle_text(&ana, "side south #4", false)
        .expect("a reply");
    let mangala = service.match_record(MatchId(4)).unwrap();
    assert!(
        matches!(mangala.stage, Stage::Finished { .. }),
        "{}",
        reply.plain()
    );
    assert!(
        reply.plain().contains(&format!(
            "{} coups sans alternative, joués tout de suite : h0, h7,",
            mangala.moves.len()
        )),
        "{}",
        reply.plain()
    );
    let (_, errors) = service.check_store().unwrap();
    assert_eq!(errors, Vec::<String>::new());
}
