//! Migrations step by step, records of every version and branch, and clear errors.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind, Side};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::migrations::v1_to_v2;
use super::*;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::keys;
use crate::notify::NotifySettings;
use crate::timing::MatchClock;

#[derive(Debug, PartialEq, Deserialize)]
struct Greeting {
    v: u32,
    text: String,
    loud: bool,
}

fn add_loud(object: &mut Map<String, Value>) -> Result<(), String> {
    object.insert("loud".to_owned(), Value::Bool(false));
    Ok(())
}

fn rename_msg(object: &mut Map<String, Value>) -> Result<(), String> {
    let text = object.remove("msg").ok_or("no msg")?;
    object.insert("text".to_owned(), text);
    Ok(())
}

#[test]
fn old_records_are_migrated_step_by_step() {
    let table: &[Migration] = &[rename_msg, add_loud];
    let v1 = br#"{"v":1,"msg":"salama"}"#;
    let got: Greeting = decode_with(v1, "a greeting", table, 3).unwrap();
    assert_eq!(
        got,
        Greeting {
            v: 3,
            text: "salama".into(),
            loud: false
        }
    );
    let v2 = br#"{"v":2,"text":"manao ahoana"}"#;
    let got: Greeting = decode_with(v2, "a greeting", table, 3).unwrap();
    assert_eq!(
        got,
        Greeting {
            v: 3,
            text: "manao ahoana".into(),
            loud: false
        }
    );
    let broken = br#"{"v":1,"text":"no msg field"}"#;
    assert_eq!(
        decode_with::<Greeting>(broken, "a greeting", table, 3),
        Err(RecordError::Migration {
            what: "a greeting",
            from: 1,
            message: "no msg".into()
        })
    );
}

#[test]
fn version_1_records_read_as_current_without_clock_or_settings() {
    let player: PlayerRecord = decode(br#"{"v":1,"display_name":"ana"}"#, "a player record").unwrap();
    assert_eq!(player.v, RECORD_VERSION);
    assert_eq!(player.notify, NotifySettings::default());
    assert_eq!(player.vacation, None);
    let mut object = Map::new();
    object.insert("moves".to_owned(), Value::Array(Vec::new()));
    v1_to_v2(&mut object).unwrap();
    assert_eq!(object.get("clock"), Some(&Value::Object(Map::new())));
}

/// A finished class match as the classroom branch stored it, at `version` and without the
/// fields that version did not know.
fn class_match_json(version: u64, with_clock: bool) -> Vec<u8> {
    let game = AnyGame::new(AnyOptions::from_json(GameKind::Fano, &Map::new(), &[]).unwrap()).unwrap();
    let record = MatchRecord {
        v: RECORD_VERSION,
        id: MatchId(7),
        version: 3,
        channel: ChannelId("console:local".into()),
        game: GameKind::Fano,
        options: Map::new(),
        variants: Vec::new(),
        challenger: UserId("console:teacher".into()),
        opponent: None,
        practice: false,
        challenger_side: None,
        players: Some([UserId("seat:Ana".into()), UserId("seat:Bob".into())]),
        stage: Stage::Finished {
            ending: Ending::Adjudicated {
                winner: Some(Side::Second),
                judge: UserId("console:teacher".into()),
            },
        },
        moves: Vec::new(),
        state: game.save(),
        last_events: Vec::new(),
        draw_offer: None,
        undo_request: None,
        created_at: 100,
        updated_at: 200,
        class: Some(crate::record::ClassLink {
            paused: false,
            paused_at: None,
            activity: false,
            round: Some(2),
            simul: false,
        }),
        clock: MatchClock::default(),
        computer: None,
        post: Post::default(),
        rating_change: None,
        unrated: false,
        community: None,
        public: None,
        start: None,
        lesson: None,
        rematch_of: None,
        puzzle: None,
        plans: Vec::new(),
        vote: None,
    };
    let mut value = serde_json::to_value(&record).unwrap();
    let object = value.as_object_mut().unwrap();
    object.insert("v".into(), Value::from(version));
    if !with_clock {
        object.remove("clock");
    }
    serde_json::to_vec(&value).unwrap()
}

#[test]
fn records_of_both_branches_load_at_version_3() {
    // The classroom branch (version 1, before clocks): the class link and the teacher's
    // ending survive, the clock comes from the v1 → v2 step.
    let key = keys::match_key(MatchId(7));
    for (version, with_clock) in [(1, false), (2, true), (3, true)] {
        let Entry::Match(record) = decode_entry(&key, &class_match_json(version, with_clock)).unwrap() else {
            panic!("a match");
        };
        assert_eq!(record.v, RECORD_VERSION);
        assert_eq!(record.class.as_ref().and_then(|link| link.round), Some(2));
        assert_eq!(
            record.stage,
            Stage::Finished {
                ending: Ending::Adjudicated {
                    winner: Some(Side::Second),
                    judge: UserId("console:teacher".into()),
                }
            }
        );
        assert_eq!(record.clock, MatchClock::default());
    }
    // Main before classes (version 2, a clock, no class link): not a class match.
    let mut value: Value = serde_json::from_slice(&class_match_json(2, true)).unwrap();
    value.as_object_mut().unwrap().remove("class");
    value["stage"] = serde_json::json!({"stage": "finished", "ending": {"by": "timeout", "side": "first"}});
    value["clock"] = serde_json::json!({"control": {"per_move": 86400, "bank": null}});
    let Entry::Match(record) = decode_entry(&key, &serde_json::to_vec(&value).unwrap()).unwrap() else {
        panic!("a match");
    };
    assert_eq!(record.class, None);
    assert_eq!(record.clock.control.map(|control| control.per_move), Some(86_400));
    // A class record of the classroom branch (version 1).
    let class = br#"{"v":1,"channel":"console:local","version":4,"name":"CP","teacher":"console:teacher","locale":"fr","style":"large","pupils":[{"name":"Ana"},{"name":"Bob","account":"console:bob"}],"teams":[],"matches":[7],"created_at":100}"#;
    let channel = ChannelId("console:local".into());
    let Entry::Class(class) = decode_entry(&keys::class_key(&channel), class).unwrap() else {
        panic!("a class");
    };
    assert_eq!(
        (class.v, class.pupils.len(), class.matches.clone()),
        (RECORD_VERSION, 2, vec![MatchId(7)])
    );
    // Without `go_on` (every class before it): a pupil's seat does not go on by itself.
    assert!(!class.go_on);
    // A version 2 build must refuse version 3 records, which is what the bump is for.
    let v3 = class_match_json(3, true);
    assert!(matches!(
        decode_with::<MatchRecord>(&v3, "a match record", &MIGRATIONS[..1], 2),
        Err(RecordError::TooNew { found: 3, .. })
    ));
}

#[test]
fn version_3_matches_load_without_a_post_and_version_4_keeps_it() {
    let key = keys::match_key(MatchId(7));
    let Entry::Match(old) = decode_entry(&key, &class_match_json(3, true)).unwrap() else {
        panic!("a match");
    };
    assert_eq!((old.v, old.post.clone()), (RECORD_VERSION, Post::default()));
    // An empty post is not written at all: the record reads as it did.
    assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"post\""));
    let mut new = *old;
    new.post = Post {
        message: Some("1310000000000000042".into()),
        thread: Some(ChannelId("discord:1310000000000000043".into())),
    };
    let Entry::Match(again) = decode_entry(&key, &encode(&new)).unwrap() else {
        panic!("a match");
    };
    assert_eq!(again.post, new.post);
    // A version 3 build refuses it rather than rewriting it without its post.
    assert!(matches!(
        decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..2], 3),
        Err(RecordError::TooNew { found: 8, .. })
    ));
}

#[test]
fn version_4_matches_start_from_the_standard_position_and_version_5_keeps_a_set_one() {
    let key = keys::match_key(MatchId(7));
    let Entry::Match(old) = decode_entry(&key, &class_match_json(4, true)).unwrap() else {
        panic!("a match");
    };
    assert_eq!((old.v, old.start.clone()), (RECORD_VERSION, None));
    let standard = old.initial_game().unwrap().position();
    // No set position is not written at all: the record reads as it did.
    assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"start\""));
    let mut new = *old;
    new.start = Some("W..B... w 1 1".into());
    let Entry::Match(again) = decode_entry(&key, &encode(&new)).unwrap() else {
        panic!("a match");
    };
    assert_eq!(again.start, new.start);
    assert_eq!(again.initial_game().unwrap().position(), "W..B... w 1 1");
    assert_ne!(standard, "W..B... w 1 1");
    // A version 4 build refuses it rather than replaying it from the standard start.
    assert!(matches!(
        decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..3], 4),
        Err(RecordError::TooNew { found: 8, .. })
    ));
}

#[test]
fn version_5_records_have_no_lesson_nor_stars_and_version_6_keeps_them() {
    let key = keys::match_key(MatchId(7));
    let Entry::Match(old) = decode_entry(&key, &class_match_json(5, true)).unwrap() else {
        panic!("a match");
    };
    assert_eq!((old.v, old.lesson), (RECORD_VERSION, None));
    assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"lesson\""));
    let mut new = *old;
    new.lesson = Some(LessonLink {
        lesson: 2,
        step: 3,
        wrong: 1,
    });
    let Entry::Match(again) = decode_entry(&key, &encode(&new)).unwrap() else {
        panic!("a match");
    };
    assert_eq!(again.lesson, new.lesson);
    // A version 5 build refuses it rather than playing the lesson on as a practice match.
    assert!(matches!(
        decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..4], 5),
        Err(RecordError::TooNew { found: 8, .. })
    ));
    let player: PlayerRecord = decode(
        br#"{"v":5,"display_name":"Ana","locale":null,"style":null}"#,
        "a player",
    )
    .unwrap();
    assert!(player.learned.is_empty());
    let mut learned = player.clone();
    learned
        .learned
        .entry("katro".into())
        .or_default()
        .insert("sowing".into(), 2);
    let text = String::from_utf8(encode(&learned)).unwrap();
    assert!(text.contains(r#""learned":{"katro":{"sowing":2}}"#), "{text}");
    assert_eq!(
        decode::<PlayerRecord>(text.as_bytes(), "a player").unwrap(),
        learned
    );
}

#[test]
fn version_3_channel_records_keep_the_bots_board_setting() {
    let old: ChannelRecord = decode(
        br#"{"v":3,"auto_forfeit":true,"challenge_expiry":null}"#,
        "a channel record",
    )
    .unwrap();
    assert_eq!(
        (old.v, old.auto_forfeit, old.boards),
        (RECORD_VERSION, true, None)
    );
    let new = ChannelRecord {
        boards: Some(BoardMode::New),
        ..old
    };
    let text = String::from_utf8(encode(&new)).unwrap();
    assert!(text.contains(r#""boards":"new""#), "{text}");
    assert_eq!(
        decode::<ChannelRecord>(text.as_bytes(), "a channel record").unwrap(),
        new
    );
}

#[test]
fn corrupt_records_give_clear_errors() {
    let too_new = br#"{"v":99}"#;
    assert_eq!(
        decode::<PlayerRecord>(too_new, "a player record")
            .unwrap_err()
            .to_string(),
        "a player record has version 99, newer than this build reads (8): upgrade lalao"
    );
    assert!(matches!(
        decode::<PlayerRecord>(b"\xff{", "x"),
        Err(RecordError::NotJson { .. })
    ));
    assert_eq!(
        decode::<PlayerRecord>(b"[1]", "x"),
        Err(RecordError::Schema {
            what: "x",
            message: "not a JSON object".into()
        })
    );
    assert_eq!(
        decode::<PlayerRecord>(br#"{"locale":"fr"}"#, "x"),
        Err(RecordError::NoVersion { what: "x" })
    );
    assert!(matches!(
        decode::<PlayerRecord>(br#"{"v":1,"locale":"klingon"}"#, "x"),
        Err(RecordError::Schema { .. })
    ));
    assert!(matches!(
        decode_entry(b"nonsense", b"{}"),
        Err(RecordError::UnknownKey { .. })
    ));
}

#[test]
fn version_6_records_have_no_puzzles_and_version_7_keeps_them() {
    let key = keys::match_key(MatchId(7));
    let Entry::Match(old) = decode_entry(&key, &class_match_json(6, true)).unwrap() else {
        panic!("a match");
    };
    assert_eq!((old.v, old.puzzle.clone()), (RECORD_VERSION, None));
    assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"puzzle\""));
    let mut new = *old;
    new.puzzle = Some(PuzzleLink {
        id: "katro-0069".into(),
        ply: 2,
        failed_with: None,
        daily: Some(3),
        homework: Some((1, 5)),
    });
    let Entry::Match(again) = decode_entry(&key, &encode(&new)).unwrap() else {
        panic!("a match");
    };
    assert_eq!(again.puzzle, new.puzzle);
    // A version 6 build refuses it rather than playing the puzzle on as a practice match.
    assert!(matches!(
        decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..5], 6),
        Err(RecordError::TooNew { found: 8, .. })
    ));
    let player: PlayerRecord = decode(
        br#"{"v":6,"display_name":"Ana","locale":null,"style":null}"#,
        "a player",
    )
    .unwrap();
    assert!(player.puzzles.is_empty());
    let mut solver = player.clone();
    solver.puzzles.insert(
        "katro".into(),
        PuzzleStats {
            solved: 1,
            streak: 1,
            best_streak: 1,
            tried: vec![69],
            ..PuzzleStats::default()
        },
    );
    let text = String::from_utf8(encode(&solver)).unwrap();
    assert!(
        text.contains(r#""puzzles":{"katro":{"rating":{"rating":1500.0,"deviation":350.0,"volatility":0.06},"solved":1,"failed":0,"streak":1,"best_streak":1,"tried":[69]}}"#),
        "{text}"
    );
    assert_eq!(
        decode::<PlayerRecord>(text.as_bytes(), "a player").unwrap(),
        solver
    );
    // A puzzle's own rating is a record of its own, which `lalao check` reads by its key.
    let rating = PuzzleRating::new(1350);
    let Entry::PuzzleRating(read) =
        decode_entry(&keys::puzzle_key("katro", "katro-0069"), &encode(&rating)).unwrap()
    else {
        panic!("a puzzle's rating");
    };
    assert_eq!(*read, rating);
    assert!(decode_entry(&keys::puzzle_key("katro", "katro-0069"), b"{}").is_err());
}

#[test]
fn version_7_records_have_no_plans_and_version_8_keeps_them() {
    let key = keys::match_key(MatchId(7));
    let Entry::Match(old) = decode_entry(&key, &class_match_json(7, true)).unwrap() else {
        panic!("a match");
    };
    assert_eq!((old.v, old.plans.len()), (RECORD_VERSION, 0));
    assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"plans\""));
    let mut new = *old;
    new.plans.push(Plan {
        side: Side::Second,
        pairs: vec![PlannedReply {
            theirs: "@3".into(),
            mine: "@5".into(),
        }],
    });
    let text = String::from_utf8(encode(&new)).unwrap();
    assert!(
        text.contains(r#""plans":[{"side":"second","pairs":[{"theirs":"@3","mine":"@5"}]}]"#),
        "{text}"
    );
    let Entry::Match(again) = decode_entry(&key, text.as_bytes()).unwrap() else {
        panic!("a match");
    };
    assert_eq!(again.plans, new.plans);
    // A version 7 build refuses it rather than dropping the plan.
    assert!(matches!(
        decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..6], 7),
        Err(RecordError::TooNew { found: 8, .. })
    ));
    let player: PlayerRecord = decode(br#"{"v":7,"display_name":"Ana"}"#, "a player").unwrap();
    assert_eq!(player.auto, None);
    let chosen = PlayerRecord {
        auto: Some(false),
        ..player
    };
    let text = String::from_utf8(encode(&chosen)).unwrap();
    assert!(text.contains(r#""auto":false"#), "{text}");
    assert_eq!(
        decode::<PlayerRecord>(text.as_bytes(), "a player").unwrap(),
        chosen
    );
}

#[test]
fn a_player_record_without_kind_strengths_loads_and_one_with_them_keeps_them() {
    use lalao_core::ai::kind::Strength;
    use lalao_core::GameKind;
    // Written before the kind level existed: every game plays at the start strength.
    let old: PlayerRecord = decode(
        br#"{"v":8,"display_name":"Ana","locale":null,"style":null}"#,
        "a player",
    )
    .unwrap();
    assert!(old.kind.is_empty());
    assert_eq!(old.kind_strength(GameKind::Katro), Strength::START);
    assert!(!String::from_utf8(encode(&old)).unwrap().contains("kind"));
    let mut new = old.clone();
    new.kind.insert("katro".into(), Strength::from_thousandths(350));
    let text = String::from_utf8(encode(&new)).unwrap();
    assert!(text.contains(r#""kind":{"katro":350}"#), "{text}");
    let again = decode::<PlayerRecord>(text.as_bytes(), "a player").unwrap();
    assert_eq!(again, new);
    assert_eq!(again.kind_strength(GameKind::Katro).thousandths(), 350);
    assert_eq!(again.kind_strength(GameKind::Fano), Strength::START);
}

#[test]
fn a_class_record_without_go_on_loads_off_and_one_with_it_keeps_it() {
    // Written before the setting existed: a pupil's seat waits for the teacher's next lesson.
    let old: ClassRecord = decode(
        br#"{"v":8,"channel":"console:local","version":9,"name":"CE1","teacher":"console:mme","locale":"fr","style":"large","pupils":[{"name":"Ana"}],"teams":[],"matches":[2,3],"created_at":100,"screen":{"id":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","teacher":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","seats":{"Ana":"cccccccccccccccccccccccccccccccc"}}}"#,
        "a class",
    )
    .unwrap();
    assert!(!old.go_on);
    assert_eq!(old.matches, [MatchId(2), MatchId(3)]);
    // Off is written as before, so an older build reads the class as it always did.
    assert!(!String::from_utf8(encode(&old)).unwrap().contains("go_on"));
    let mut new = old.clone();
    new.go_on = true;
    let text = String::from_utf8(encode(&new)).unwrap();
    assert!(text.contains(r#""go_on":true"#), "{text}");
    assert_eq!(decode::<ClassRecord>(text.as_bytes(), "a class").unwrap(), new);
}
