//! A rollback, or processes of two versions on one store: this build meets records a newer
//! lalao wrote (their version is past [`RECORD_VERSION`]) and leaves every one as it is.

use std::sync::Arc;

use serde_json::Value;

use crate::clock::Clock;
use crate::clock::ManualClock;
use crate::dispatch::tests::{discord, send, service_on};
use crate::ids::EventId;
use crate::ops::upkeep::Upkeep;
use crate::record::{EventRecord, ReviewJob, RoleRecord, REVIEW_VERSION};
use crate::schedule::roles::Roles;
use crate::schedule::runner::Outbox;
use crate::schedule::{DeliveryError, Notifier};
use crate::store::{MemoryStore, Txn};
use crate::teach::review_jobs::ReviewJobs;
#[allow(unused_imports)]
use crate::{
    command::{ClassCommand, Command},
    dispatch::handle::Handle,
    ids::{ChannelId, MatchId, Platform, UserId},
    kernel::public_ids::is_public_id,
    record::{self, ClassRecord, Ending, MatchRecord, PlayerRecord, RecordError, Stage, RECORD_VERSION},
    store::{keys, Committed, Store, StoreError, UnitOfWork},
    testing::memory_service,
};
#[allow(unused_imports)]
use lalao_core::{AnyGame, Side};
use lalao_model::notify::{Notification, Recipient};
#[allow(unused_imports)]
use lalao_renderer::{Locale, Style};

/// `record`, encoded as the next lalao would write it: this build's fields and one of its
/// own, at version `version`.
fn newer<T: serde::Serialize>(record: &T, version: u32) -> Vec<u8> {
    let mut value = serde_json::to_value(record).unwrap();
    let Value::Object(object) = &mut value else {
        panic!("records are objects");
    };
    object.insert("v".to_owned(), Value::from(version));
    object.insert("from_the_future".to_owned(), Value::from(true));
    serde_json::to_vec(&value).unwrap()
}

struct Nobody;

impl Notifier for Nobody {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        panic!("{notification:?} was delivered");
    }
}

#[test]
fn records_a_newer_lalao_wrote_are_left_as_they_are() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::shared());
    let service = service_on(store.clone());
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    let service = service.with_clock(clock.clone());
    let next = RECORD_VERSION + 1;
    let now = clock.now();
    // A match played by the newer build, and what it holds.
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(&service, &ana, "!lalao play katro <@2>");
    send(&service, &bob, "!lalao accept #1");
    let match_record = crate::dispatch::tests::record(&service, 1);
    let lease = RoleRecord {
        v: next,
        owner: "NEWER".to_owned(),
        until: now + 20,
    };
    let event = EventRecord {
        v: next,
        at: 1_000,
        command: "move".to_owned(),
        match_id: Some(MatchId(1)),
    };
    let job = ReviewJob {
        v: REVIEW_VERSION + 1,
        match_id: MatchId(1),
        requester: ana.user.clone(),
        channel: ana.channel.clone(),
        queued_at: 1_000,
        attempts: 0,
        lease: None,
    };
    let notification = Notification {
        v: next,
        id: String::new(),
        recipient: Recipient::Channel {
            channel: ana.channel.clone(),
        },
        key: "review".to_owned(),
        text: "from the future".to_owned(),
        mentions: Vec::new(),
        match_id: Some(MatchId(1)),
        due: 1_000,
        fired: 1_000,
        lease: None,
    };
    let written = [
        (keys::match_key(MatchId(1)), newer(&match_record, next)),
        (
            keys::role_key("matrix-sync:@lalao:example.org"),
            newer(&lease, next),
        ),
        (keys::role_key("prune"), newer(&lease, next)),
        (
            keys::event_key(&EventId::new(Platform::Matrix, "$newer")),
            newer(&event, next),
        ),
        (keys::review_job_key(MatchId(1)), newer(&job, REVIEW_VERSION + 1)),
        (
            keys::outbox_key(&keys::match_timer_key(1_000, MatchId(1), "review"), 0),
            newer(&notification, next),
        ),
    ];
    let mut txn = Txn::default();
    for (key, value) in &written {
        txn.put(key.clone(), value.clone());
    }
    assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);

    // This build, one version older, runs everything that reads them.
    assert!(!Roles(&service)
        .hold_role("matrix-sync:@lalao:example.org", "OLDER", 20)
        .unwrap());
    assert!(!Roles(&service).hold_role("prune", "OLDER", 20).unwrap());
    Roles(&service).release_role("prune", "OLDER").unwrap();
    assert_eq!(Upkeep(&service).prune_events(u64::MAX).unwrap(), 0);
    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 0);
    assert_eq!(Outbox(&service).deliver_pending(&Nobody).unwrap(), 0);
    // Commands on the newer match are refused (the build cannot read it), never applied.
    assert_eq!(
        crate::dispatch::tests::key(&send(&service, &bob, "!lalao resign #1")),
        "internal-error"
    );
    clock.advance(3_600);
    assert!(!Roles(&service).hold_role("prune", "OLDER", 20).unwrap());

    for (key, value) in &written {
        assert_eq!(
            store.get(key).unwrap().as_deref(),
            Some(value.as_slice()),
            "{}",
            String::from_utf8_lossy(key)
        );
    }
    // `lalao check` names them as newer, not as corrupt.
    let check = Upkeep(&service).check().unwrap();
    let shown = |key: &[u8]| String::from_utf8_lossy(key).replace('\0', "/");
    let mut newer_keys: Vec<String> = check
        .newer
        .iter()
        .map(|line| line.split(": ").next().unwrap().to_owned())
        .collect();
    newer_keys.sort();
    let mut expected: Vec<String> = written.iter().map(|(key, _)| shown(key)).collect();
    expected.sort();
    assert_eq!(newer_keys, expected);
    assert_eq!(check.errors, Vec::<String>::new());
}
