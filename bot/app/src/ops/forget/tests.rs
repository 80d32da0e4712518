//! `forget me`: after it, no key or value of the whole store holds the person's id or name,
//! across two channels, on the memory store and on sled; a running rated match is resigned and
//! the opponent keeps the rating it gave; finished matches still replay, under a former
//! player; a class they teach goes on.

use std::sync::Arc;

use lalao_core::GameKind;

use crate::dispatch::tests::{discord, record, send, service_on};
use crate::ids::{ChannelId, MatchId, Platform};
use crate::kernel::{App, Audience, Context, Outcome};
use crate::record::{Ending, Stage};
use crate::store::{keys, MemoryStore, SledStore, Store};

/// Every key and value of the store that holds `word`.
fn holding(store: &dyn Store, word: &str) -> Vec<String> {
    store
        .scan_all()
        .unwrap()
        .into_iter()
        .filter(|(key, value)| {
            String::from_utf8_lossy(key).contains(word) || String::from_utf8_lossy(value).contains(word)
        })
        .map(|(key, _)| String::from_utf8_lossy(&key).into_owned())
        .collect()
}

fn in_channel(ctx: &Context, channel: &str) -> Context {
    Context {
        channel: ChannelId::new(Platform::Discord, channel),
        ..ctx.clone()
    }
}

/// Rakotobe (discord:1) plays Bob rated in one channel (running), beat Chloé in another
/// (finished and rated), teaches a class, has a puzzle going and a review asked; then asks
/// to be forgotten.
fn forget_rakotobe(store: Arc<dyn Store>) {
    let service: App = service_on(store.clone());
    let (rakotobe, bob, chloe) = (discord("Rakotobe", 1), discord("Bob", 2), discord("Chloé", 3));
    let (rakotobe_200, chloe_200) = (in_channel(&rakotobe, "200"), in_channel(&chloe, "200"));
    let both_move = |id: u64, one: &Context, two: &Context| {
        let first = record(&service, id).players.unwrap()[0].clone();
        let (mover, other) = if first == one.user { (one, two) } else { (two, one) };
        send(&service, mover, &format!("!lalao move @1 #{id}"));
        send(&service, other, &format!("!lalao move @2 #{id}"));
    };
    // #1 in channel 200: rated, finished, Chloé resigned.
    send(&service, &rakotobe_200, "!lalao play fano <@3>");
    send(&service, &chloe_200, "!lalao accept #1");
    both_move(1, &rakotobe_200, &chloe_200);
    send(&service, &chloe_200, "!lalao resign #1");
    send(&service, &rakotobe_200, "!lalao review #1");
    // #2 in channel 100: rated, running.
    send(&service, &rakotobe, "!lalao play fano <@2>");
    send(&service, &bob, "!lalao accept #2");
    both_move(2, &rakotobe, &bob);
    // A class taught by Rakotobe, with a match between seats (#3), and a puzzle of his (#4).
    let teacher = Context {
        moderator: true,
        ..in_channel(&rakotobe, "300")
    };
    send(&service, &teacher, "!lalao class new CE1 lang=en");
    send(&service, &teacher, "!lalao class add Ana Bo");
    send(&service, &teacher, "!lalao class match Ana Bo fano cells=5");
    send(&service, &rakotobe, "!lalao puzzle katro");
    assert!(holding(store.as_ref(), "discord:1\"").len() >= 6);
    assert!(!holding(store.as_ref(), "Rakotobe").is_empty());
    let bob_before = record(&service, 2);
    assert_eq!(bob_before.stage, Stage::Playing);

    // Asked, then confirmed: each answered to him alone.
    let asked = send(&service, &rakotobe, "!lalao forget me");
    assert_eq!(asked.outcome, Outcome::Shown);
    assert_eq!(
        asked.messages[0].audience,
        Audience::Private(rakotobe.user.clone())
    );
    assert!(
        asked.messages[0]
            .text
            .ends_with("To go ahead, type `/forget confirm:True`."),
        "{}",
        asked.messages[0].text
    );
    assert!(
        !holding(store.as_ref(), "Rakotobe").is_empty(),
        "asking changes nothing"
    );
    let done = send(&service, &rakotobe, "!lalao forget confirm");
    assert_eq!(done.outcome, Outcome::Applied);
    assert_eq!(
        done.messages[0].audience,
        Audience::Private(rakotobe.user.clone())
    );
    assert_eq!(
        done.messages[0].text,
        "Done: lalao has forgotten you. One running match was resigned. One running match was cancelled."
    );

    assert_eq!(holding(store.as_ref(), "discord:1\""), Vec::<String>::new());
    assert_eq!(holding(store.as_ref(), "discord:1\0"), Vec::<String>::new());
    assert_eq!(holding(store.as_ref(), "Rakotobe"), Vec::<String>::new());
    // The running rated match was resigned, and Bob keeps the win it gave him.
    let resigned = record(&service, 2);
    assert!(matches!(
        resigned.stage,
        Stage::Finished {
            ending: Ending::Resigned { .. }
        }
    ));
    assert!(resigned.rating_change.is_some());
    let bob_rating = service
        .store()
        .get(&keys::rating_key(GameKind::Fano, &bob.user))
        .unwrap()
        .expect("Bob's rating is kept");
    let bob_rating: crate::ratings::RatingRecord = crate::record::decode(&bob_rating, "a rating").unwrap();
    assert_eq!((bob_rating.games, bob_rating.wins), (1, 1));
    // His finished match still replays, under a former player; Chloé's rating is hers.
    let finished = record(&service, 1);
    assert!(finished.replay(finished.moves.len()).is_ok());
    assert!(finished
        .players
        .as_ref()
        .unwrap()
        .iter()
        .any(crate::ids::is_former));
    let history = send(&service, &chloe_200, "!lalao history #1");
    assert!(
        history.messages[0].text.contains("a former player"),
        "{}",
        history.messages[0].text
    );
    assert!(service
        .store()
        .get(&keys::rating_key(GameKind::Fano, &chloe.user))
        .unwrap()
        .is_some());
    // The class goes on, its match still in the (former) teacher's index.
    let class_match = record(&service, 3);
    assert_eq!(class_match.stage, Stage::Playing);
    assert!(crate::ids::is_former(&class_match.challenger));
    assert_eq!(
        service
            .store()
            .count_prefix(&keys::active_prefix(&class_match.challenger), 10)
            .unwrap(),
        1
    );
    // His puzzle was cancelled.
    assert!(matches!(record(&service, 4).stage, Stage::Cancelled { .. }));
    assert!(service.load(MatchId(4)).ok().flatten().is_some());
}

#[test]
fn a_forgotten_person_is_named_by_no_record_of_the_memory_store() {
    forget_rakotobe(Arc::new(MemoryStore::default()));
}

#[test]
fn a_forgotten_person_is_named_by_no_record_of_sled() {
    let dir = tempfile::tempdir().unwrap();
    forget_rakotobe(Arc::new(SledStore::open(dir.path()).unwrap()));
}

#[test]
fn the_computer_and_a_seat_cannot_be_forgotten() {
    let service = service_on(Arc::new(MemoryStore::default()));
    let operator = Context::console("operator");
    for user in [crate::ids::computer_user(), crate::record::seat_user("Ana")] {
        let refused = super::Forgetting(&service).forget(&user, &operator, lalao_renderer::Locale::En);
        assert!(matches!(
            refused,
            Err(crate::kernel::Fail::User {
                key: "forget-nobody",
                ..
            })
        ));
    }
}
