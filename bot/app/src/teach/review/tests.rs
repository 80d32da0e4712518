//! `review`: refusals, the queued job, the stored review, the answer from it, and a job that
//! survives a restart.

use crate::dispatch::handle::Handle;
use crate::teach::review_jobs::ReviewJobs;
use lalao_model::notify::{Notification, Recipient};
use std::sync::Arc;

use lalao_renderer::{Locale, Style};

use super::*;
use crate::clock::ManualClock;
use crate::dispatch::tests::{discord, key, record, send, service, service_on};
use crate::kernel::{App, Defaults};
use crate::ops::upkeep::Upkeep;
use crate::schedule::runner::Outbox;
use crate::schedule::{DeliveryError, Notifier};
use crate::store::SledStore;

/// Ana and Bob's Katro match #`id`, started, with `moves` moves played (each the first legal
/// move of the player to move).
fn katro_match(service: &App, moves: usize) -> (Context, Context, u64) {
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    send(service, &ana, "!lalao play katro <@2>");
    let id = record_count(service);
    send(service, &bob, &format!("!lalao accept #{id}"));
    for _ in 0..moves {
        let found = record(service, id);
        let game = found.current_game().unwrap();
        let mover = &found.players.as_ref().unwrap()[game.to_move().index()];
        let ctx = if *mover == ana.user { &ana } else { &bob };
        let first = game.legal_moves()[0].clone();
        let reply = send(service, ctx, &format!("!lalao move {first} #{id}"));
        assert_eq!(key(&reply), "move-played", "{}", reply.plain());
    }
    (ana, bob, id)
}

/// The number of the newest match.
fn record_count(service: &App) -> u64 {
    (1..)
        .take_while(|id| service.load(MatchId(*id)).ok().flatten().is_some())
        .last()
        .unwrap_or(0)
}

#[derive(Default)]
struct Inbox(std::sync::Mutex<Vec<Notification>>);

impl Notifier for Inbox {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        self.0.lock().unwrap().push(notification.clone());
        Ok(())
    }
}

fn jobs(service: &App) -> usize {
    service
        .store()
        .count_prefix(keys::REVIEW_JOB_PREFIX, usize::MAX)
        .unwrap()
}

/// The review of [`katro_match`] with 8 moves, each the first legal one (so, many to learn from:
/// the two small slips are only counted).
const REVIEW_TEXT: &str = "Review of match #1 (Katro):
move 8: Bob played b6A and lost 21 seeds; e6B would have captured 5 seeds.
move 7: Ana played a1A and lost 16 seeds; b1A would have captured 6 seeds.
move 6: Bob played a6A and lost 15 seeds; e6A would have captured 9 seeds.
move 1: Ana played a1A and lost 7 seeds; e1B would have captured 4 seeds.
move 3: Ana played a1A and lost 6 seeds; d1B was better.
Ana: 0 good moves, 1 small slip, 2 mistakes, 1 big mistake, 2 missed captures.
Bob: 1 good move, 1 small slip, 2 big mistakes, 2 missed captures.";

#[test]
fn a_running_match_and_a_match_without_moves_are_not_reviewed() {
    let service = service();
    let (ana, bob, id) = katro_match(&service, 2);
    let running = send(&service, &ana, &format!("!lalao review #{id}"));
    assert_eq!(
        running.messages[0].text,
        "Match #1 is still being played: I can look it over once it is finished."
    );
    send(&service, &bob, "!lalao resign");
    let (ana, _, empty) = katro_match(&service, 0);
    send(&service, &ana, &format!("!lalao resign #{empty}"));
    let nothing = send(&service, &ana, &format!("!lalao analyse #{empty}"));
    assert_eq!(nothing.messages[0].text, "Match #2 has no moves to look over.");
    // A puzzle, once over, has its solution, not a game.
    let solo = Context::console("solo");
    service.handle_text(&solo, "puzzle katro", false).unwrap();
    let puzzle = record_count(&service);
    service
        .handle_text(&solo, &format!("hint #{puzzle}"), false)
        .unwrap();
    assert!(!record(&service, puzzle).stage.is_active());
    let refused = service
        .handle_text(&solo, &format!("review #{puzzle}"), false)
        .unwrap();
    assert_eq!(
        refused.messages[0].text,
        format!(
            "Match #{puzzle} is a lesson or a puzzle: there is no game to look over. `history #{puzzle}` shows its moves."
        )
    );
    assert_eq!(jobs(&service), 0);
}

#[test]
fn a_review_is_queued_done_by_the_worker_stored_and_then_answered_at_once() {
    let service = service();
    let (ana, bob, id) = katro_match(&service, 8);
    send(&service, &bob, "!lalao resign");
    let queued = send(&service, &ana, "!lalao review");
    assert_eq!(
        queued.messages[0].text,
        "Looking over match #1 (8 moves)… the review comes here in a moment."
    );
    // Asked again while it waits: the same job, not a second one.
    let again = send(&service, &bob, &format!("!lalao review #{id}"));
    assert_eq!(key(&again), "review-queued");
    assert_eq!(jobs(&service), 1);

    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 1);
    assert_eq!(jobs(&service), 0);
    let inbox = Inbox::default();
    Outbox(&service).deliver_pending(&inbox).unwrap();
    let delivered = inbox.0.into_inner().unwrap();
    assert_eq!(delivered.len(), 1);
    assert_eq!(delivered[0].key, "review");
    assert_eq!(delivered[0].match_id, Some(MatchId(id)));
    assert_eq!(delivered[0].mentions, std::slice::from_ref(&ana.user));
    assert_eq!(
        delivered[0].recipient,
        Recipient::Channel {
            channel: record(&service, id).channel
        }
    );
    assert_eq!(delivered[0].text, REVIEW_TEXT);

    // Stored: the next `review` answers from it at once, in the caller's words.
    let stored = Reviews(&service)
        .stored(MatchId(id))
        .ok()
        .flatten()
        .expect("stored");
    assert_eq!(stored.plies, 8);
    assert_eq!(stored.moves.len(), 8);
    let answered = send(&service, &bob, &format!("!lalao review #{id}"));
    assert_eq!(key(&answered), "review");
    assert_eq!(answered.messages[0].text, REVIEW_TEXT);
    assert_eq!(jobs(&service), 0);
    // In French, for a reader who speaks it.
    send(&service, &bob, "!lalao settings language fr");
    let french = send(&service, &bob, &format!("!lalao analyse #{id}"));
    assert_eq!(
        french.messages[0].text,
        "Analyse de la partie #1 (Katro) :
coup 8 : Bob a joué b6A et a perdu 21 graines ; e6B aurait pris 5 graines.
coup 7 : Ana a joué a1A et a perdu 16 graines ; b1A aurait pris 6 graines.
coup 6 : Bob a joué a6A et a perdu 15 graines ; e6A aurait pris 9 graines.
coup 1 : Ana a joué a1A et a perdu 7 graines ; e1B aurait pris 4 graines.
coup 3 : Ana a joué a1A et a perdu 6 graines ; d1B était meilleur.
Ana : 0 bon coup, 1 petit écart, 2 erreurs, 1 grosse erreur, 2 prises manquées.
Bob : 1 bon coup, 1 petit écart, 2 grosses erreurs, 2 prises manquées."
    );
    // Every record, the review's included, reads back and holds together.
    let (_, problems) = Upkeep(&service).check_store().unwrap();
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn one_person_may_have_only_a_few_reviews_waiting() {
    let service = service();
    let mut ids = Vec::new();
    for _ in 0..=MAX_JOBS_PER_USER {
        let (_, bob, id) = katro_match(&service, 2);
        send(&service, &bob, &format!("!lalao resign #{id}"));
        ids.push(id);
    }
    let ana = discord("Ana", 1);
    for id in &ids[..MAX_JOBS_PER_USER] {
        assert_eq!(
            key(&send(&service, &ana, &format!("!lalao review #{id}"))),
            "review-queued"
        );
    }
    let busy = send(
        &service,
        &ana,
        &format!("!lalao review #{}", ids[MAX_JOBS_PER_USER]),
    );
    assert_eq!(
        busy.messages[0].text,
        "You already have 2 reviews on the way: wait for them first."
    );
    // Someone else may still ask.
    let bob = discord("Bob", 2);
    assert_eq!(
        key(&send(
            &service,
            &bob,
            &format!("!lalao review #{}", ids[MAX_JOBS_PER_USER])
        )),
        "review-queued"
    );
    assert_eq!(jobs(&service), MAX_JOBS_PER_USER + 1);
}

#[test]
fn a_queued_review_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    let open = || {
        let store = SledStore::reopen(dir.path());
        let service = App::new(
            Arc::new(store),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
            &crate::class::classroom::CLASSROOM,
            &crate::teach::seam::TEACHING,
        )
        .with_clock(clock.clone());
        service.open().unwrap();
        service
    };
    let service = open();
    let (ana, bob, id) = katro_match(&service, 4);
    send(&service, &bob, "!lalao resign");
    assert_eq!(key(&send(&service, &ana, "!lalao review")), "review-queued");
    // The bot stops before the worker got to it.
    drop(service);
    clock.advance(3600);
    let service = open();
    assert_eq!(jobs(&service), 1);
    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 1);
    let review = Reviews(&service)
        .stored(MatchId(id))
        .ok()
        .flatten()
        .expect("stored");
    assert_eq!(review.reviewed_at, 1_700_003_600);
    assert_eq!(
        key(&send(&service, &ana, &format!("!lalao review #{id}"))),
        "review"
    );
}

#[test]
fn a_review_record_of_this_version_reads_back_and_a_newer_one_is_refused() {
    let service = service_on(Arc::new(crate::store::MemoryStore::default()));
    let (_, bob, id) = katro_match(&service, 2);
    send(&service, &bob, "!lalao resign");
    let record = record(&service, id);
    let review = lalao_learn::review::review(&record.initial_game().unwrap(), &record.moves).unwrap();
    let stored = stored_review(&record, &review, 7);
    let bytes = crate::record::encode(&stored);
    assert_eq!(crate::record::decode_review(&bytes).unwrap(), stored);
    let newer = String::from_utf8(bytes)
        .unwrap()
        .replacen("\"v\":1", "\"v\":2", 1);
    assert!(matches!(
        crate::record::decode_review(newer.as_bytes()),
        Err(crate::record::RecordError::TooNew { found: 2, .. })
    ));
}

#[test]
fn lalao_check_wants_every_review_to_be_of_a_stored_match() {
    let service = service();
    let (ana, bob, id) = katro_match(&service, 2);
    send(&service, &bob, "!lalao resign");
    send(&service, &ana, "!lalao review");
    ReviewJobs(&service).run_pending().unwrap();
    let mut txn = Txn::default();
    txn.delete(keys::match_key(MatchId(id)));
    service.commit_txn(&txn).unwrap();
    let (_, problems) = Upkeep(&service).check_store().unwrap();
    assert!(
        problems
            .iter()
            .any(|problem| problem
                == "review/00000000000000000001: index entry for match #1, which is not stored"),
        "{problems:?}"
    );
}

#[test]
fn a_review_that_cannot_be_made_is_dropped_and_who_asked_is_told() {
    let service = service();
    let (ana, bob, id) = katro_match(&service, 2);
    send(&service, &bob, "!lalao resign");
    send(&service, &ana, "!lalao review");
    // The match's record is gone before the worker gets to it. (On Discord, the instruction is
    // written as its slash command.)
    let mut txn = Txn::default();
    txn.delete(keys::match_key(MatchId(id)));
    service.commit_txn(&txn).unwrap();
    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 0);
    assert_eq!(jobs(&service), 0);
    let inbox = Inbox::default();
    Outbox(&service).deliver_pending(&inbox).unwrap();
    let delivered = inbox.0.into_inner().unwrap();
    assert_eq!(delivered.len(), 1);
    assert_eq!(delivered[0].key, "review-failed");
    assert_eq!(
        delivered[0].text,
        "Sorry, I could not look over match #1. `/lalao history match:1` shows its moves."
    );
}

#[test]
fn a_review_that_panics_blocks_no_one_and_is_given_up_after_a_few_tries() {
    let service = service();
    let (ana, bob, first) = katro_match(&service, 2);
    send(&service, &bob, "!lalao resign");
    send(&service, &ana, &format!("!lalao review #{first}"));
    let (_, _, second) = katro_match(&service, 2);
    send(&service, &bob, &format!("!lalao resign #{second}"));
    send(&service, &bob, &format!("!lalao review #{second}"));
    service.hooks().review_panics.lock().unwrap().push(MatchId(first));
    // The first job panics; the second is done in the same pass.
    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 1);
    assert_eq!(jobs(&service), 1);
    let attempts = |service: &App| {
        let bytes = service
            .store()
            .get(&keys::review_job_key(MatchId(first)))
            .unwrap()
            .expect("still queued");
        record::decode_review_job(&bytes).unwrap().attempts
    };
    assert_eq!(attempts(&service), 1);
    // Tried once a pass, until it was started `MAX_ATTEMPTS` times; then given up.
    for tried in 2..=MAX_ATTEMPTS {
        assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 0);
        assert_eq!(attempts(&service), tried);
    }
    assert_eq!(ReviewJobs(&service).run_pending().unwrap(), 0);
    assert_eq!(jobs(&service), 0);
    let inbox = Inbox::default();
    Outbox(&service).deliver_pending(&inbox).unwrap();
    let delivered: Vec<(String, Option<MatchId>, String)> = inbox
        .0
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|n| (n.key, n.match_id, n.text.lines().next().unwrap().to_owned()))
        .collect();
    assert_eq!(
        delivered,
        // In the outbox's order: fired at the same second, by match.
        vec![
            (
                "review-failed".to_owned(),
                Some(MatchId(first)),
                format!(
                    "Sorry, I could not look over match #{first}. `/lalao history match:{first}` shows its moves."
                )
            ),
            (
                "review".to_owned(),
                Some(MatchId(second)),
                format!("Review of match #{second} (Katro):")
            ),
        ]
    );
}

#[test]
fn on_a_shared_store_one_process_does_a_review_and_another_takes_it_once_its_lease_runs_out() {
    let store: Arc<dyn crate::store::Store> = Arc::new(crate::store::MemoryStore::shared());
    let clock = Arc::new(ManualClock::new(1_700_000_000));
    let one = service_on(store.clone()).with_clock(clock.clone());
    let two = service_on(store.clone()).with_clock(clock.clone());
    let (ana, bob, id) = katro_match(&one, 2);
    send(&one, &bob, "!lalao resign");
    send(&one, &ana, "!lalao review");
    // The first process takes the job and dies in it (here: its review panics).
    one.hooks().review_panics.lock().unwrap().push(MatchId(id));
    assert_eq!(ReviewJobs(&one).run_pending().unwrap(), 0);
    let job = |service: &App| {
        record::decode_review_job(
            &service
                .store()
                .get(&keys::review_job_key(MatchId(id)))
                .unwrap()
                .expect("queued"),
        )
        .unwrap()
    };
    assert_eq!(job(&two).attempts, 1);
    // The other leaves it while the lease runs.
    clock.advance(REVIEW_LEASE - 1);
    assert_eq!(ReviewJobs(&two).run_pending().unwrap(), 0);
    assert_eq!(job(&two).attempts, 1);
    // Then takes it, and does it.
    clock.advance(1);
    assert_eq!(ReviewJobs(&two).run_pending().unwrap(), 1);
    assert_eq!(jobs(&two), 0);
    assert!(Reviews(&two).stored(MatchId(id)).ok().flatten().is_some());
}
