//! The scheduler with a hand-moved clock on a real sled store: weeks of simulated play in
//! microseconds, restarts (the store reopened), and every notification, reminder, digest,
//! time-out and expiry checked to fire exactly once, at its simulated time.

use crate::dispatch::handle::Handle;
use crate::ops::invariants::Invariants;
use crate::ops::upkeep::Upkeep;
use crate::schedule::fire::Timers;
use crate::schedule::runner::Outbox;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lalao_renderer::{Locale, Style};

use super::timing::{DAY, HOUR};
use super::*;
use crate::clock::{Clock, FixedClock, ManualClock};
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::kernel::{App, Context, Defaults, Reply};
use crate::record::{Ending, Stage};
use crate::store::{keys, SledStore};

/// A Monday, 00:00 UTC (2023-11-13).
const T0: u64 = 1_699_833_600;

#[derive(Default)]
struct Inbox(Mutex<Vec<Notification>>);

impl Notifier for Inbox {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        self.0.lock().unwrap().push(notification.clone());
        Ok(())
    }
}

/// A Notifier that is down: everything stays in the outbox.
struct Down;

impl Notifier for Down {
    fn deliver(&self, _: &Notification) -> Result<(), DeliveryError> {
        Err(DeliveryError::Transient("network down".to_owned()))
    }
}

struct Sim {
    _dir: tempfile::TempDir,
    path: PathBuf,
    clock: Arc<ManualClock>,
    policy: Policy,
    service: Option<App>,
    inbox: Inbox,
}

impl Sim {
    fn new(policy: Policy) -> Sim {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_owned();
        let mut sim = Sim {
            _dir: dir,
            path,
            clock: Arc::new(ManualClock::new(T0)),
            policy,
            service: None,
            inbox: Inbox::default(),
        };
        sim.start();
        sim
    }

    fn start(&mut self) {
        let store = SledStore::reopen(&self.path);
        let service = App::new(
            Arc::new(store),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
            &crate::class::classroom::CLASSROOM,
            &crate::teach::seam::TEACHING,
        )
        .with_clock(self.clock.clone())
        .with_policy(self.policy);
        service.open().unwrap();
        self.service = Some(service);
    }

    /// Stops the bot (dropping the store, as a restart does) and starts it again.
    fn restart(&mut self) {
        self.service = None;
        self.start();
        self.check_index();
    }

    fn service(&self) -> &App {
        self.service.as_ref().unwrap()
    }

    fn now(&self) -> u64 {
        self.clock.now()
    }

    /// Runs the scheduler as the run loop does: wake at each due time, fire, deliver; then
    /// move the clock to `t`.
    fn run_until(&self, t: u64) {
        while let Some(due) = Outbox(self.service()).next_due().unwrap() {
            if due > t {
                break;
            }
            self.clock.set(due.max(self.now()));
            assert!(
                Timers(self.service()).fire_due().unwrap() > 0,
                "a due timer fires"
            );
            Outbox(self.service()).deliver_pending(&self.inbox).unwrap();
        }
        self.clock.set(t.max(self.now()));
        self.check_index();
    }

    /// The invariant the scheduler rests on: the `timer/` index holds exactly the timers the
    /// matches list and the pending digests the players record — nothing orphaned, nothing
    /// missing.
    fn check_index(&self) {
        let entries = self.service().store().scan_all().unwrap();
        assert_eq!(
            Invariants(self.service()).link_errors(&entries),
            Vec::<String>::new(),
            "the timer index and the records disagree"
        );
    }

    fn send(&self, ctx: &Context, line: &str) -> Reply {
        self.service()
            .handle_text(ctx, line, true)
            .expect("addressed to the bot")
    }

    /// Every notification delivered so far, whole, and forgets them.
    fn take_notes(&self) -> Vec<Notification> {
        std::mem::take(&mut *self.inbox.0.lock().unwrap())
    }

    /// Everything delivered so far as (fired at, key, recipient, match), and forgets it.
    fn take(&self) -> Vec<(u64, String, String, Option<u64>)> {
        self.take_notes()
            .into_iter()
            .map(|n| {
                let to = match &n.recipient {
                    Recipient::Channel { .. } => format!(
                        "channel:{}",
                        n.mentions
                            .iter()
                            .map(UserId::as_str)
                            .collect::<Vec<_>>()
                            .join("+")
                    ),
                    Recipient::Direct { user } => format!("dm:{}", user.as_str()),
                };
                (n.fired, n.key, to, n.match_id.map(|id| id.0))
            })
            .collect()
    }

    fn record(&self, id: u64) -> crate::record::MatchRecord {
        self.service().load(MatchId(id)).ok().flatten().unwrap().0
    }

    /// The first legal move of the player to move in match `id`, played by them.
    fn play_any(&self, id: u64, players: &[&Context]) -> Reply {
        let record = self.record(id);
        let game = record.current_game().unwrap();
        let user = &record.players.as_ref().unwrap()[game.to_move().index()];
        let ctx = players.iter().find(|ctx| ctx.user == *user).unwrap();
        // A move that does not end the game, so that play goes on for weeks.
        let moves = game.legal_moves();
        let first = moves
            .iter()
            .find(|candidate| {
                let mut after = game.clone();
                after.play(candidate).is_ok() && after.outcome().is_none()
            })
            .unwrap_or(&moves[0])
            .clone();
        let reply = self.send(ctx, &format!("!lalao move {first} #{id}"));
        assert_eq!(reply.messages[0].key, "move-played", "{}", reply.plain());
        reply
    }
}

fn discord(name: &str, id: u32, channel: &str) -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, &id.to_string()),
        display_name: Some(name.to_owned()),
        channel: ChannelId::new(Platform::Discord, channel),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: None,
    }
}

const ANA: &str = "discord:1";
const BOB: &str = "discord:2";

fn entry(at: u64, key: &str, to: &str, id: u64) -> (u64, String, String, Option<u64>) {
    (at, key.to_owned(), to.to_owned(), Some(id))
}

/// Ana challenges Bob to a timed Fano match in channel 100; Bob accepts; Ana plays first.
fn timed_match(sim: &Sim, time: &str) -> (Context, Context) {
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    let challenge = sim.send(&ana, &format!("!lalao play fano <@2> {time}"));
    assert_eq!(
        challenge.messages[0].key,
        "challenge-named",
        "{}",
        challenge.plain()
    );
    let accepted = sim.send(&bob, "!lalao accept");
    assert_eq!(accepted.messages[0].key, "challenge-accepted");
    (ana, bob)
}

#[test]
fn a_timed_match_reminds_and_times_out_exactly_once_each_then_the_win_is_claimed() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=3d");
    sim.run_until(T0 + HOUR);
    let moved = sim.play_any(1, &[&ana, &bob]);
    assert!(
        moved.plain().contains("Clock: 3 d per move."),
        "{}",
        moved.plain()
    );
    assert!(
        moved.plain().contains("Bob (Black) has 3 d left to move."),
        "{}",
        moved.plain()
    );
    assert_eq!(moved.messages[0].mentions, vec![bob.user.clone()]);
    // Default cadence: 24 h left (2 d in), 75 % used (18 h left, 54 h in); the deadline at 3 d.
    let start = T0 + HOUR;
    // Reminders are delivery bookkeeping: the board's version (which its buttons carry) stays;
    // the time-out changes what players can do, so it moves the version on.
    let version = sim.record(1).version;
    sim.run_until(start + 54 * HOUR);
    assert_eq!(sim.record(1).version, version, "reminders keep the buttons valid");
    sim.run_until(start + 10 * DAY);
    assert_eq!(sim.record(1).version, version + 1, "the time-out is a change");
    assert_eq!(
        sim.take(),
        vec![
            entry(start + 2 * DAY, "reminder", &format!("channel:{BOB}"), 1),
            entry(start + 54 * HOUR, "reminder", &format!("channel:{BOB}"), 1),
            entry(
                start + 3 * DAY,
                "timeout-flag",
                &format!("channel:{ANA}+{BOB}"),
                1
            ),
        ]
    );
    assert_eq!(
        Outbox(sim.service()).next_due().unwrap(),
        None,
        "nothing left to fire"
    );
    let board = sim.send(&ana, "!lalao board");
    assert!(
        board.plain().contains("Bob (Black) has run out of time."),
        "{}",
        board.plain()
    );
    assert_eq!(
        sim.send(&bob, "!lalao claim").messages[0].key,
        "timeout-not-yours"
    );
    let claimed = sim.send(&ana, "!lalao claim");
    assert_eq!(
        claimed.messages[0].text.lines().next().unwrap(),
        "Ana (White) wins match #1 on time: Bob (Black) did not move in time."
    );
    assert_eq!(
        sim.record(1).stage,
        Stage::Finished {
            ending: Ending::Timeout {
                side: lalao_core::Side::Second
            }
        }
    );
    sim.run_until(start + 60 * DAY);
    assert!(sim.take().is_empty());
}

/// After a grant or a waive the deadline moves, and the reminders of the new
/// time come again, each saying the time left when it is sent.
#[test]
fn a_grant_or_a_waive_brings_the_reminders_of_the_new_time() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.play_any(1, &[&ana, &bob]);
    let text_of = |sim: &Sim| -> Vec<(u64, String)> {
        sim.take_notes()
            .into_iter()
            .map(|note| (note.fired, note.text))
            .collect()
    };
    sim.run_until(T0 + DAY);
    assert_eq!(
        text_of(&sim),
        [
            (T0 + 18 * HOUR, "Bob, remember to move in match #1 (Fano): 6 h left.".to_owned()),
            (T0 + DAY, "Bob has run out of time in match #1 (Fano). Ana, you can `/clock claim` the win, `/clock grant time:1d` (or any time), or `/clock waive` to give a new full time.".to_owned()),
        ]
    );
    // Ana waives at 1 d 1 h: a new full day from then, with its reminder at 6 h left.
    sim.run_until(T0 + DAY + HOUR);
    assert_eq!(
        sim.send(&ana, "!lalao waive #1").messages[0].key,
        "timeout-waived"
    );
    sim.run_until(T0 + 2 * DAY + HOUR);
    let waived = text_of(&sim);
    assert_eq!(waived.len(), 2, "{waived:?}");
    assert_eq!(
        waived[0],
        (
            T0 + DAY + 19 * HOUR,
            "Bob, remember to move in match #1 (Fano): 6 h left.".to_owned()
        )
    );
    // Ana grants 8 h: the 6 h reminder comes again, 2 h after the grant.
    sim.run_until(T0 + 2 * DAY + 2 * HOUR);
    assert_eq!(
        sim.send(&ana, "!lalao grant 8h #1").messages[0].key,
        "time-granted"
    );
    sim.run_until(T0 + 2 * DAY + 10 * HOUR);
    let granted = text_of(&sim);
    assert_eq!(
        granted[0],
        (
            T0 + 2 * DAY + 4 * HOUR,
            "Bob, remember to move in match #1 (Fano): 6 h left.".to_owned()
        )
    );
    assert_eq!(granted.len(), 2, "then the time-out: {granted:?}");
}

/// On vacation a player's clock stands still, and the board says so: the time
/// left is what remains of the budget, not the budget plus the rest of the vacation.
#[test]
fn on_vacation_the_time_left_is_the_clock_s_not_the_vacation_s() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.play_any(1, &[&ana, &bob]);
    sim.run_until(T0 + 6 * HOUR);
    sim.send(&bob, "!lalao vacation 1");
    sim.run_until(T0 + 7 * HOUR);
    let board = sim.send(&ana, "!lalao board #1").plain();
    let clock: Vec<&str> = board.lines().filter(|line| line.contains("left")).collect();
    assert_eq!(
        clock,
        [
            "Bob (Black) has 18 h left to move.",
            "Bob (Black) is on vacation (23 h left): their clock is stopped."
        ],
        "{board}"
    );
}

#[test]
fn a_move_in_time_retires_the_timers_of_the_turn() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.play_any(1, &[&ana, &bob]);
    // Bob moves one second before his deadline: no time-out, ever.
    sim.run_until(T0 + DAY - 1);
    // 1 d budget: 75 % used at 18 h; "24 h left" would be the start of the turn, so it is not sent.
    assert_eq!(
        sim.take(),
        vec![entry(T0 + 18 * HOUR, "reminder", &format!("channel:{BOB}"), 1)]
    );
    sim.play_any(1, &[&ana, &bob]);
    let record = sim.record(1);
    assert_eq!(record.clock.turn.as_ref().unwrap().started, T0 + DAY - 1);
    sim.run_until(T0 + DAY + 5 * HOUR);
    assert!(sim.take().is_empty());
    sim.play_any(1, &[&ana, &bob]);
    sim.run_until(T0 + 30 * DAY);
    let fired = sim.take();
    assert_eq!(
        fired,
        vec![
            entry(T0 + DAY + 23 * HOUR, "reminder", &format!("channel:{BOB}"), 1),
            entry(
                T0 + 2 * DAY + 5 * HOUR,
                "timeout-flag",
                &format!("channel:{ANA}+{BOB}"),
                1
            ),
        ]
    );
}

#[test]
fn overdue_timers_fire_once_in_order_after_a_restart_and_survive_a_crash_before_delivery() {
    let mut sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=3d");
    sim.play_any(1, &[&ana, &bob]);
    // The bot is down for ten days.
    sim.service = None;
    sim.clock.set(T0 + 10 * DAY);
    sim.start();
    assert_eq!(Timers(sim.service()).fire_due().unwrap(), 3);
    // It crashes before delivering anything: the notifications are in the outbox.
    Outbox(sim.service()).deliver_pending(&Down).unwrap();
    sim.restart();
    assert_eq!(
        Timers(sim.service()).fire_due().unwrap(),
        0,
        "nothing fires twice"
    );
    // The two reminders fired too, but for a turn that had run out: only the time-out is told.
    assert_eq!(Outbox(sim.service()).deliver_pending(&sim.inbox).unwrap(), 1);
    let late = T0 + 10 * DAY;
    assert_eq!(
        sim.take()
            .into_iter()
            .map(|(fired, key, _, _)| (fired, key))
            .collect::<Vec<_>>(),
        vec![(late, "timeout-flag".to_owned())]
    );
    // And what was due keeps its due time: the first reminder was due at 2 d.
    sim.restart();
    assert_eq!(Outbox(sim.service()).deliver_pending(&sim.inbox).unwrap(), 0);
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);
    let (_, errors) = Upkeep(sim.service()).check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
}

/// Six weeks of two players moving at irregular delays (some beyond the budget), with rematches,
/// a restart every 3 days and an independent model of the clock rules as the oracle.
#[test]
fn weeks_of_play_across_restarts_fire_each_timer_once() {
    const BUDGET: u64 = 2 * DAY;
    const INCREMENT: u64 = DAY;
    const CAP: u64 = 3 * DAY;
    let mut sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    let delays = [
        40 * HOUR,
        10 * HOUR,
        70 * HOUR,
        5 * HOUR,
        30 * HOUR,
        130 * HOUR,
        20 * HOUR,
    ];
    let end = T0 + 42 * DAY;
    let mut next_restart = T0 + 3 * DAY;
    let mut expected = Vec::new();
    let mut delivered = Vec::new();
    let mut id = 0u64;
    let mut step = 0usize;
    // The model: each player's bank in the current match.
    let mut banks = std::collections::HashMap::<String, u64>::new();
    let mut matches = 0;
    while sim.now() < end {
        if id == 0 || sim.record(id).stage != Stage::Playing {
            // A new match: challenge, accept, and the first move (no clock before it).
            let reply = sim.send(&ana, "!lalao play fano <@2> time=2d bank=1d/3d");
            id = reply.messages[0].match_ref.unwrap().id.0;
            sim.send(&bob, &format!("!lalao accept #{id}"));
            sim.play_any(id, &[&ana, &bob]);
            // The first move has no clock but, like every move, adds to the mover's bank.
            banks.clear();
            banks.insert(ana.user.as_str().to_owned(), INCREMENT);
            matches += 1;
        }
        // The turn that starts now, as the model sees it.
        let record = sim.record(id);
        let turn = record.clock.turn.clone().unwrap();
        let player = record.players.clone().unwrap()[turn.side.index()].clone();
        let bank = banks.get(player.as_str()).copied().unwrap_or(0);
        let start = sim.now();
        let allowance = BUDGET + bank;
        let delay = delays[step % delays.len()];
        step += 1;
        let move_at = start + delay;
        let mut turn_events = Vec::new();
        for left in [DAY, allowance / 4] {
            if left < allowance && start + allowance - left <= move_at {
                turn_events.push(entry(
                    start + allowance - left,
                    "reminder",
                    &format!("channel:{}", player.as_str()),
                    id,
                ));
            }
        }
        turn_events.sort();
        turn_events.dedup();
        let flagged = start + allowance <= move_at;
        let opponent = if player == ana.user { &bob } else { &ana };
        if flagged {
            // The player who may claim is mentioned first, then the late one.
            let to = format!("channel:{}+{}", opponent.user.as_str(), player.as_str());
            turn_events.push(entry(start + allowance, "timeout-flag", &to, id));
        }
        expected.extend(turn_events);
        // Time passes, with restarts on the way.
        while next_restart <= move_at {
            sim.run_until(next_restart);
            sim.restart();
            next_restart += 3 * DAY;
        }
        sim.run_until(move_at);
        delivered.extend(sim.take());
        if flagged {
            assert_eq!(
                sim.send(opponent, &format!("!lalao claim #{id}")).messages[0].key,
                "timeout-claimed"
            );
            continue;
        }
        sim.play_any(id, &[&ana, &bob]);
        let over = delay.saturating_sub(BUDGET);
        banks.insert(
            player.as_str().to_owned(),
            (bank.saturating_sub(over) + INCREMENT).min(CAP),
        );
    }
    assert!(matches >= 2, "rematches happened");
    assert!(expected.iter().any(|(_, key, _, _)| key == "timeout-flag"));
    assert!(expected.iter().filter(|(_, key, _, _)| key == "reminder").count() >= 5);
    assert_eq!(delivered, expected);
    assert_eq!(Outbox(sim.service()).pending_notifications().unwrap(), Vec::new());
}

#[test]
fn unaccepted_challenges_expire_and_matches_without_a_first_move_are_aborted() {
    let sim = Sim::new(Policy {
        challenge_expiry: Some(2 * DAY),
        first_move_window: Some(3 * DAY),
        ..Policy::default()
    });
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&ana, "!lalao play fano <@2>");
    sim.run_until(T0 + DAY);
    sim.send(&ana, "!lalao play fano <@2>");
    assert_eq!(
        sim.send(&bob, "!lalao accept #2").messages[0].key,
        "challenge-accepted"
    );
    sim.run_until(T0 + 10 * DAY);
    assert_eq!(
        sim.take(),
        vec![
            entry(T0 + 2 * DAY, "challenge-expired", &format!("channel:{ANA}"), 1),
            entry(T0 + 4 * DAY, "match-aborted", &format!("channel:{ANA}+{BOB}"), 2),
        ]
    );
    assert_eq!(sim.record(1).stage, Stage::Expired);
    assert_eq!(sim.record(2).stage, Stage::Aborted);
    assert_eq!(
        sim.send(&bob, "!lalao accept #1").messages[0].key,
        "challenge-gone-expired"
    );
}

#[test]
fn an_automatic_forfeit_can_be_waived_and_a_grant_moves_the_deadline() {
    let sim = Sim::new(Policy::default());
    let mut moderator = discord("Mod", 9, "100");
    moderator.moderator = true;
    let ana = discord("Ana", 1, "100");
    assert_eq!(
        sim.send(&ana, "!lalao channel forfeit=auto").messages[0].key,
        "channel-moderators-only"
    );
    assert_eq!(
        sim.send(&moderator, "!lalao channel forfeit=auto").messages[0].key,
        "channel-saved"
    );
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.send(&bob, "!lalao notify remind=off");
    sim.play_any(1, &[&ana, &bob]);
    sim.run_until(T0 + 2 * DAY);
    assert_eq!(
        sim.take(),
        vec![entry(
            T0 + DAY,
            "timeout-forfeit",
            &format!("channel:{ANA}+{BOB}"),
            1
        )]
    );
    assert!(matches!(
        sim.record(1).stage,
        Stage::Finished {
            ending: Ending::Timeout { .. }
        }
    ));
    // Ana gives the match back: Bob has a new full day from now.
    assert_eq!(
        sim.send(&ana, "!lalao waive #1").messages[0].key,
        "timeout-waived"
    );
    assert_eq!(sim.record(1).stage, Stage::Playing);
    assert_eq!(sim.record(1).clock.deadline(), Some(T0 + 3 * DAY));
    assert_eq!(sim.send(&ana, "!lalao grant 1d #1").messages[0].key, "no-timeout");
    sim.run_until(T0 + 4 * DAY);
    assert_eq!(
        sim.take(),
        vec![entry(
            T0 + 3 * DAY,
            "timeout-forfeit",
            &format!("channel:{ANA}+{BOB}"),
            1
        )]
    );

    // In a channel that lets the opponent decide, a grant gives time from now.
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.send(&bob, "!lalao notify remind=off");
    sim.play_any(1, &[&ana, &bob]);
    sim.run_until(T0 + DAY + 5 * HOUR);
    assert_eq!(sim.take().len(), 1);
    assert_eq!(
        sim.send(&ana, "!lalao grant 15d").messages[0].key,
        "grant-too-long"
    );
    let granted = sim.send(&ana, "!lalao grant 12h");
    assert_eq!(
        granted.messages[0].text.lines().next().unwrap(),
        "Bob (Black) gets 12 h more to move in match #1."
    );
    assert_eq!(sim.record(1).clock.deadline(), Some(T0 + DAY + 17 * HOUR));
    sim.run_until(T0 + 3 * DAY);
    assert_eq!(
        sim.take(),
        vec![entry(
            T0 + DAY + 17 * HOUR,
            "timeout-flag",
            &format!("channel:{ANA}+{BOB}"),
            1
        )]
    );
    // The late player may still move until the win is claimed.
    sim.play_any(1, &[&ana, &bob]);
    assert_eq!(sim.record(1).stage, Stage::Playing);
    assert_eq!(sim.send(&ana, "!lalao claim").messages[0].key, "no-timeout");
}

#[test]
fn quiet_hours_hold_the_mention_until_morning_and_digests_list_every_pending_move_once() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=none");
    // Bob lives at UTC+2 and sleeps from 22:00 to 07:00.
    let saved = sim.send(&bob, "!lalao notify quiet=22-7 tz=+2 dm=on");
    assert_eq!(saved.messages[0].key, "notify-saved");
    assert!(
        saved.plain().contains("Quiet hours: 22:00–07:00 (UTC+02:00)"),
        "{}",
        saved.plain()
    );
    // Ana moves at 21:00 UTC = 23:00 for Bob: no mention in the reply, a notice at 05:00 UTC.
    sim.run_until(T0 + 21 * HOUR);
    let moved = sim.play_any(1, &[&ana, &bob]);
    assert!(moved.messages[0].mentions.is_empty());
    sim.run_until(T0 + 3 * DAY);
    assert_eq!(
        sim.take(),
        vec![
            entry(T0 + DAY + 5 * HOUR, "turn-notice", &format!("channel:{BOB}"), 1),
            entry(T0 + DAY + 5 * HOUR, "turn-notice", &format!("dm:{BOB}"), 1),
        ]
    );
    // Untimed: no reminder, no deadline.
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);

    // Digest: Bob gets one message at 09:00 local (07:00 UTC) for both matches where it is his
    // turn, across two channels, and nothing in the channels.
    sim.send(&bob, "!lalao notify digest digest=9 quiet=off");
    sim.play_any(1, &[&ana, &bob]);
    let ana2 = discord("Ana", 1, "200");
    let bob2 = discord("Bob", 2, "200");
    sim.send(&ana2, "!lalao play fano <@2>");
    sim.send(&bob2, "!lalao accept");
    sim.play_any(2, &[&ana2, &bob2]);
    let moved = sim.play_any(1, &[&ana, &bob]);
    assert!(
        moved.messages[0].mentions.is_empty(),
        "digest users are not mentioned"
    );
    let day = T0 + 3 * DAY;
    sim.run_until(day + 2 * DAY);
    let delivered = sim.inbox.0.lock().unwrap().clone();
    assert_eq!(delivered.len(), 1, "{delivered:?}");
    assert_eq!(delivered[0].due, day + 7 * HOUR);
    assert_eq!(
        delivered[0].text,
        "Your turn to move (2):\n• match #1 (Fano) in <#100>\n• match #2 (Fano) in <#200>"
    );
    sim.take();
}

#[test]
fn a_vacation_stops_the_clock_within_the_monthly_allowance_and_both_sides_see_it() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=2d");
    sim.send(&bob, "!lalao notify remind=off");
    sim.play_any(1, &[&ana, &bob]);
    sim.run_until(T0 + DAY);
    assert_eq!(
        sim.send(&bob, "!lalao vacation 20").messages[0].key,
        "vacation-too-long"
    );
    let away = sim.send(&bob, "!lalao vacation 3");
    assert_eq!(away.messages[0].key, "vacation-started", "{}", away.plain());
    assert_eq!(
        sim.send(&bob, "!lalao vacation 1").messages[0].key,
        "vacation-already"
    );
    let seen = sim.send(&ana, "!lalao board");
    assert!(
        seen.plain().contains("Bob (Black) is on vacation (3 d left)"),
        "{}",
        seen.plain()
    );
    // The deadline moves by the 3 days.
    assert_eq!(sim.record(1).clock.deadline(), Some(T0 + 5 * DAY));
    sim.run_until(T0 + 2 * DAY);
    // Back early after one day: two whole days come back, the deadline is 1 day later.
    assert_eq!(
        sim.send(&bob, "!lalao vacation off").messages[0].key,
        "vacation-ended"
    );
    assert_eq!(sim.record(1).clock.deadline(), Some(T0 + 3 * DAY));
    sim.run_until(T0 + 10 * DAY);
    assert_eq!(
        sim.take(),
        vec![entry(
            T0 + 3 * DAY,
            "timeout-flag",
            &format!("channel:{ANA}+{BOB}"),
            1
        )]
    );
    // 1 day used this month: 13 left.
    assert!(sim.send(&bob, "!lalao vacation 14").plain().contains("13"));
}

#[test]
fn the_wake_signal_returns_at_once_for_an_earlier_timer() {
    let wake = Wake::default();
    wake.note(50);
    // Sleeping for a timer at 100 with an earlier one noted: returns without waiting (an hour
    // otherwise, which the test would notice by hanging, not by timing).
    wake.sleep_until(Some(100), || 0, std::time::Duration::from_secs(3600));
    // A deadline already past returns at once too.
    wake.sleep_until(Some(5), || 10, std::time::Duration::from_secs(3600));
}

#[test]
fn a_late_move_that_beats_the_scheduler_removes_the_deadline_in_the_same_commit() {
    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=1d");
    sim.send(&bob, "!lalao notify remind=off");
    sim.play_any(1, &[&ana, &bob]);
    // The deadline is due, but the scheduler has not run yet when Bob's move arrives.
    sim.clock.set(T0 + DAY + 1);
    sim.play_any(1, &[&ana, &bob]);
    assert_eq!(Timers(sim.service()).fire_due().unwrap(), 0);
    assert!(sim
        .service()
        .store()
        .scan_prefix(crate::store::keys::TIMER_PREFIX)
        .unwrap()
        .iter()
        .all(|(key, _)| crate::store::keys::timer_due(key) > Some(T0 + DAY + 1)));
}

#[test]
fn the_run_loop_wakes_for_an_earlier_timer_fires_and_delivers_then_stops() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;

    struct Channel(Mutex<mpsc::Sender<String>>);
    impl Notifier for Channel {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            self.0
                .lock()
                .unwrap()
                .send(notification.key.clone())
                .map_err(|err| DeliveryError::Transient(err.to_string()))
        }
    }

    let sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=3d");
    sim.play_any(1, &[&ana, &bob]);
    let (sender, receiver) = mpsc::channel();
    let notifier = Channel(Mutex::new(sender));
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let looping = scope.spawn(|| run(sim.service(), &notifier, &stop));
        // Ten days pass; a commit's note wakes the loop (it would otherwise sleep on).
        sim.clock.set(T0 + 10 * DAY);
        Outbox(sim.service()).wake().note(T0);
        // Blocks until delivered: no sleeping, no timing.
        // The reminders of a turn that has run out are dropped.
        assert_eq!(receiver.recv().unwrap(), "timeout-flag");
        stop.store(true, Ordering::Relaxed);
        Outbox(sim.service()).wake().note(0);
        looping.join().unwrap();
    });
    assert_eq!(Outbox(sim.service()).pending_notifications().unwrap(), Vec::new());
}

/// A platform that does not answer (a homeserver whose every request hangs) holds back its own
/// notices only: meanwhile the timers fire, and another platform's notices go out.
#[test]
fn a_platform_that_hangs_holds_back_neither_the_timers_nor_another_platform() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;
    use std::time::Duration;

    /// Matrix hangs until the test lets it answer; every delivery is reported.
    struct TwoPlatforms {
        matrix_answers: Mutex<mpsc::Receiver<()>>,
        delivered: Mutex<mpsc::Sender<(Platform, String)>>,
    }
    impl Notifier for TwoPlatforms {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            let platform = notification.recipient.platform();
            if platform == Platform::Matrix {
                let _ = self.matrix_answers.lock().unwrap().recv();
            }
            self.delivered
                .lock()
                .unwrap()
                .send((platform, notification.key.clone()))
                .map_err(|err| DeliveryError::Transient(err.to_string()))
        }
    }

    let sim = Sim::new(Policy::default());
    // A timed match on Discord, and a notice for a Matrix room first in the outbox.
    let (ana, bob) = timed_match(&sim, "time=3d");
    sim.play_any(1, &[&ana, &bob]);
    let room = Recipient::Channel {
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
    };
    queue(sim.service(), &[(room, "m1")]);
    let (answer, matrix_answers) = mpsc::channel();
    let (delivered, deliveries) = mpsc::channel();
    let notifier = TwoPlatforms {
        matrix_answers: Mutex::new(matrix_answers),
        delivered: Mutex::new(delivered),
    };
    // Generous, only so that a broken scheduler fails rather than hangs.
    let patience = Duration::from_secs(30);
    let stop = AtomicBool::new(false);
    // (What arrives is checked once the loop has stopped, so that a failure ends the test.)
    let (meanwhile, afterwards) = std::thread::scope(|scope| {
        let looping = scope.spawn(|| run(sim.service(), &notifier, &stop));
        // Ten days pass while the Matrix notice hangs: Bob's time runs out on Discord.
        sim.clock.set(T0 + 10 * DAY);
        Outbox(sim.service()).wake().note(T0);
        let meanwhile = deliveries.recv_timeout(patience);
        // Matrix answers at last.
        answer.send(()).unwrap();
        let afterwards = deliveries.recv_timeout(patience);
        stop.store(true, Ordering::Relaxed);
        Outbox(sim.service()).wake().note(0);
        looping.join().unwrap();
        (meanwhile, afterwards)
    });
    // Ana was told of the time-out on Discord while Matrix hung; its notice went out after.
    assert_eq!(meanwhile, Ok((Platform::Discord, "timeout-flag".to_owned())));
    assert_eq!(afterwards, Ok((Platform::Matrix, "reminder".to_owned())));
    assert_eq!(Outbox(sim.service()).pending_notifications().unwrap(), Vec::new());
}

#[test]
fn the_new_commands_parse() {
    use crate::command::{parse, ChannelChange, Command, NotifyChange, TimeoutAction};
    let one = |line: &str| parse(line, false).unwrap().unwrap();
    assert_eq!(
        one("claim #4"),
        Command::Timeout {
            id: Some(MatchId(4)),
            action: TimeoutAction::Claim
        }
    );
    assert_eq!(
        one("accorder 1j12h"),
        Command::Timeout {
            id: None,
            action: TimeoutAction::Grant(DAY + 12 * HOUR)
        }
    );
    assert_eq!(one("vacances 5"), Command::Vacation { days: Some(5) });
    assert_eq!(one("vacation off"), Command::Vacation { days: None });
    assert!(parse("vacation 40", false).is_err());
    assert!(parse("grant soon", false).is_err());
    assert_eq!(
        one("notify digest digest=9,18 quiet=22:30-7 tz=-04:30 remind=50%,12h dm=on"),
        Command::Notify(NotifyChange {
            mode: Some(notifier::Mode::Digest),
            dm: Some(true),
            digest_hours: Some(vec![9, 18]),
            offset_minutes: Some(-270),
            zone: Some(None),
            quiet: Some(Some((22 * 60 + 30, 7 * 60))),
            reminders: Some(vec![
                notifier::Reminder::Percent(50),
                notifier::Reminder::Left(12 * HOUR)
            ]),
        })
    );
    assert_eq!(
        one("notify tz=America/Sao_Paulo"),
        Command::Notify(NotifyChange {
            zone: Some(notifier::find_zone("America/Sao_Paulo")),
            ..NotifyChange::default()
        })
    );
    assert_eq!(
        one("notify quiet=off remind=off"),
        Command::Notify(NotifyChange {
            quiet: Some(None),
            reminders: Some(Vec::new()),
            ..NotifyChange::default()
        })
    );
    for bad in [
        "notify digest=1,2,3",
        "notify tz=+15",
        "notify tz=Atlantis/Capital",
        "notify quiet=25-7",
        "notify remind=100%",
        "notify loud",
    ] {
        assert!(parse(bad, false).is_err(), "{bad}");
    }
    assert_eq!(
        one("channel forfeit=auto expiry=3d"),
        Command::Channel(ChannelChange {
            auto_forfeit: Some(true),
            challenge_expiry: Some(3 * DAY),
            boards: None,
            threads: None,
            pictures: None,
            daily_puzzle: None,
        })
    );
    assert_eq!(
        one("salon probleme=katro"),
        Command::Channel(ChannelChange {
            daily_puzzle: Some(crate::command::DailyPuzzleChange::Game(
                lalao_core::GameKind::Katro
            )),
            ..ChannelChange::default()
        })
    );
    assert!(parse("channel forfeit=maybe", false).is_err());
    assert!(parse("channel puzzle=chess", false).is_err());
}

#[test]
fn a_timed_challenge_shows_its_clock_and_refuses_bad_times_in_words() {
    let sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let challenge = sim.send(&ana, "!lalao play fano <@2> time=2d bank=1d/4d");
    assert!(
        challenge
            .plain()
            .ends_with("Clock: 2 d per move, and a bank that grows by 1 d per move up to 4 d."),
        "{}",
        challenge.plain()
    );
    assert_eq!(
        sim.send(&ana, "!lalao play fano <@2> time=4d").messages[0].key,
        "time-bad-duration"
    );
    assert_eq!(
        sim.send(&ana, "!lalao play fano <@2> bank=1d").messages[0].key,
        "time-bank-without-time"
    );
    assert_eq!(
        sim.send(&ana, "!lalao play fano practice time=1d").messages[0].key,
        "time-practice"
    );
    let french = sim.send(&ana, "!lalao settings fr");
    assert_eq!(french.messages[0].key, "settings-saved", "{}", french.plain());
    let board = sim.send(&ana, "!lalao board #1");
    assert!(
        board.plain().contains("Pendule : 2 j par coup"),
        "{}",
        board.plain()
    );
}

#[test]
fn a_named_time_zone_is_saved_and_shown_by_its_name() {
    let sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let saved = sim.send(&ana, "!lalao notify quiet=22-7 tz=europe/paris");
    assert_eq!(saved.messages[0].key, "notify-saved", "{}", saved.plain());
    assert!(
        saved.plain().contains("Quiet hours: 22:00–07:00 (Europe/Paris)"),
        "{}",
        saved.plain()
    );
    // Back to a fixed offset drops the zone.
    let fixed = sim.send(&ana, "!lalao notify tz=-3");
    assert!(fixed.plain().contains("(UTC-03:00)"), "{}", fixed.plain());
    let refused = sim.send(&ana, "!lalao notify tz=Atlantis/Capital");
    assert_ne!(refused.messages[0].key, "notify-saved", "{}", refused.plain());
}

#[test]
fn the_store_check_reports_orphan_and_missing_timers_and_dangling_indexes() {
    use crate::store::{keys, Txn};
    let sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.send(&bob, "!lalao accept #1");
    sim.check_index();
    let store = sim.service().store();
    let timers = store.scan_prefix(keys::TIMER_PREFIX).unwrap();
    let (listed, listed_value) = timers.first().cloned().expect("a timed match has timers");
    let orphan = keys::match_timer_key(T0 + 5 * DAY, MatchId(7), "deadline");
    let dangling = keys::channel_key(&ChannelId::new(Platform::Discord, "100"), MatchId(9));
    let mut txn = Txn::default();
    txn.delete(listed.clone())
        .put(orphan.clone(), listed_value)
        .put(dangling.clone(), Vec::new());
    store.commit(&txn).unwrap();
    let shown = |key: &[u8]| String::from_utf8_lossy(key).replace('\0', "/");
    let (_, errors) = Upkeep(sim.service()).check_store().unwrap();
    assert_eq!(
        errors,
        vec![
            format!(
                "{}: missing timer (match #1 lists it; it would never fire)",
                shown(&listed)
            ),
            format!("{}: orphan timer (no match or player lists it)", shown(&orphan)),
            format!(
                "{}: index entry for match #9, which is not stored",
                shown(&dangling)
            ),
        ]
    );
}

#[test]
fn two_schedulers_firing_at_once_fire_each_timer_exactly_once() {
    let sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&bob, "!lalao notify remind=off");
    for id in 1..=20u64 {
        sim.send(&ana, "!lalao play fano <@2> time=1d");
        sim.send(&bob, &format!("!lalao accept #{id}"));
        sim.play_any(id, &[&ana, &bob]);
    }
    sim.clock.set(T0 + 2 * DAY);
    let fired: Vec<usize> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| Timers(sim.service()).fire_due().unwrap()))
            .collect();
        workers.into_iter().map(|worker| worker.join().unwrap()).collect()
    });
    assert_eq!(fired.iter().sum::<usize>(), 20, "{fired:?}");
    let pending = Outbox(sim.service()).pending_notifications().unwrap();
    let mut ids: Vec<u64> = pending
        .iter()
        .map(|notification| {
            assert_eq!(notification.key, "timeout-flag");
            notification.match_id.unwrap().0
        })
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, (1..=20).collect::<Vec<_>>());
    sim.check_index();
}

/// Class matches on the scheduler: no clock by default and no first-move abort; a
/// paused match has no timers and gets its paused time back; seats are never mentioned (the
/// teacher is, in the class's language); the teacher decides a time-out; an adjudication
/// leaves no timer behind.
#[test]
fn class_matches_pause_without_timing_out_and_the_teacher_decides_for_the_seats() {
    let mut sim = Sim::new(Policy::default());
    // The teacher moderates the channel (only moderators create classes on chat platforms).
    let teacher = Context {
        moderator: true,
        ..discord("Mme Rabe", 1, "100")
    };
    let stranger = discord("Zed", 9, "100");
    assert_eq!(
        sim.send(&teacher, "!lalao class new CE1").messages[0].key,
        "class-created"
    );
    sim.send(&teacher, "!lalao class add Ana Bob Chloé Dan");
    let timed = sim.send(&teacher, "!lalao class match Ana Bob fano time=1d");
    assert_eq!(timed.messages[0].key, "class-match-started", "{}", timed.plain());
    assert_eq!(
        sim.send(&teacher, "!lalao class match Chloé Dan fano time=4d")
            .messages[0]
            .key,
        "time-bad-duration"
    );
    sim.send(&teacher, "!lalao class match Chloé Dan fano");
    assert_eq!(
        sim.record(1).clock.control.map(|control| control.per_move),
        Some(DAY)
    );
    assert_eq!(sim.record(2).clock.control, None, "no clock unless asked");
    // A month without a first move: class matches wait for the class, nothing fires.
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);
    sim.run_until(T0 + 30 * DAY);
    assert!(sim.take().is_empty());
    assert_eq!(sim.record(2).stage, Stage::Playing);
    // Ana (White) plays: Bob's day starts, with a reminder at 6 h left (75 % used).
    let start = sim.now();
    let moved = sim.send(&teacher, "!lalao move #1 @1");
    assert_eq!(moved.messages[0].key, "move-played", "{}", moved.plain());
    assert!(moved.messages[0].mentions.is_empty(), "a seat is not mentioned");
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), Some(start + 18 * HOUR));
    // Paused 2 h into the turn for ten days (and across a restart): no timer, no time-out.
    sim.run_until(start + 2 * HOUR);
    assert_eq!(
        sim.send(&teacher, "!lalao class pause #1").messages[0].key,
        "class-paused-done"
    );
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);
    sim.restart();
    sim.run_until(start + 10 * DAY);
    assert!(sim.take().is_empty());
    assert_eq!(
        sim.send(&teacher, "!lalao move #1 @2").messages[0].key,
        "class-paused"
    );
    // Resumed: the 22 h Bob had left are his again.
    let resumed = sim.now();
    assert_eq!(
        sim.send(&teacher, "!lalao class resume #1").messages[0].key,
        "class-resumed"
    );
    assert_eq!(sim.record(1).clock.deadline(), Some(resumed + 22 * HOUR));
    sim.run_until(resumed + 2 * DAY);
    let told = sim.inbox.0.lock().unwrap().clone();
    assert_eq!(
        told.iter().map(|n| n.text.as_str()).collect::<Vec<_>>(),
        [
            "Bob, pense à jouer dans la partie #1 (Fano) : il te reste 6 h.",
            "Bob n’a plus de temps dans la partie #1 (Fano). L’enseignant·e décide : `/pendule reclamer partie:1` \
             la victoire pour Ana, `/pendule accorder temps:1j partie:1` (ou autre), \
             `/pendule renoncer partie:1`, ou `/classe resultat partie:1 gagnant:nulle`.",
        ]
    );
    assert_eq!(
        sim.take(),
        vec![
            entry(resumed + 16 * HOUR, "reminder", "channel:discord:1", 1),
            entry(resumed + 22 * HOUR, "class-timeout-flag", "channel:discord:1", 1),
        ]
    );
    let dashboard = sim.send(&teacher, "!lalao class dashboard");
    assert_eq!(
        dashboard.messages[0].text,
        "Classe « CE1 », parties (2) :\n\
         #1 Ana – Bob · coups : 1 · Bob (Noir) n'a plus de temps : `/pendule reclamer partie:1`, `/pendule accorder temps:1j partie:1` ou `/classe resultat partie:1 gagnant:nulle`\n\
         #2 Chloé – Dan · coups : 0 · à Chloé (Blanc) de jouer"
    );
    // Only the teacher decides for the seats.
    assert_eq!(
        sim.send(&stranger, "!lalao claim #1").messages[0].key,
        "timeout-not-yours"
    );
    let claimed = sim.send(&teacher, "!lalao claim #1");
    assert_eq!(claimed.messages[0].key, "timeout-claimed", "{}", claimed.plain());
    assert!(claimed.messages[0].mentions.is_empty());
    // Undone, the match is played again with a fresh day; adjudicated, no timer is left.
    let undone = sim.send(&teacher, "!lalao class undo #1");
    assert_eq!(undone.messages[0].key, "undo-done", "{}", undone.plain());
    assert_eq!(sim.record(1).stage, Stage::Playing);
    assert_eq!(
        Outbox(sim.service()).next_due().unwrap(),
        None,
        "back to the first move: no clock"
    );
    sim.send(&teacher, "!lalao move #1 @1");
    assert!(Outbox(sim.service()).next_due().unwrap().is_some());
    sim.send(&teacher, "!lalao class result #1 draw");
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);
    assert!(sim.record(1).clock.timers.is_empty());
    // Restarted: a fresh clock, the control kept.
    sim.send(&teacher, "!lalao class restart #1");
    let restarted = sim.record(1);
    assert_eq!(restarted.clock.control.map(|control| control.per_move), Some(DAY));
    assert_eq!(restarted.clock.banks, [0, 0]);
    assert_eq!(Outbox(sim.service()).next_due().unwrap(), None);
    sim.run_until(sim.now() + 30 * DAY);
    assert!(sim.take().is_empty());
    // A tournament's clock holds for every round, the later ones paired by the results.
    let paired = sim.send(&teacher, "!lalao class tournament fano cells=5 time=2d");
    assert_eq!(paired.messages[0].key, "class-round", "{}", paired.plain());
    let round_one = [3, 4];
    for id in round_one {
        assert_eq!(
            sim.record(id).clock.control.map(|control| control.per_move),
            Some(2 * DAY)
        );
        sim.send(&teacher, &format!("!lalao class result #{id} draw"));
    }
    let round_two = sim.record(5);
    assert_eq!(round_two.class.as_ref().and_then(|link| link.round), Some(2));
    assert_eq!(
        round_two.clock.control.map(|control| control.per_move),
        Some(2 * DAY)
    );
    assert_eq!(
        round_two.options.get("cells"),
        Some(&serde_json::Value::from(5)),
        "game options without the clock's"
    );
    assert_eq!(round_two.options.get("time"), None);
    // The channel forfeits on time: the scheduler ends both round-2 matches, and the next
    // class command (anyone's) pairs round 3, which no command followed up.
    let moderator = Context {
        moderator: true,
        ..discord("Mod", 5, "100")
    };
    assert_eq!(
        sim.send(&moderator, "!lalao channel forfeit=auto").messages[0].key,
        "channel-saved"
    );
    for id in [5, 6] {
        assert_eq!(
            sim.send(&teacher, &format!("!lalao move #{id} @1")).messages[0].key,
            "move-played"
        );
    }
    sim.run_until(sim.now() + 3 * DAY);
    let forfeits: Vec<String> = sim.take().into_iter().map(|(_, key, _, _)| key).collect();
    // Two days each: reminders at 24 h and 12 h left (75 % used), then the forfeit.
    assert_eq!(
        forfeits,
        [
            "reminder",
            "reminder",
            "reminder",
            "reminder",
            "timeout-forfeit",
            "timeout-forfeit"
        ]
    );
    assert!(
        matches!(sim.service().load(MatchId(7)), Ok(None)),
        "round 3 waits for a command"
    );
    let standings = sim.send(&stranger, "!lalao class standings");
    assert_eq!(
        standings.messages.iter().map(|m| m.key).collect::<Vec<_>>(),
        ["class-round", "class-standings"]
    );
    assert_eq!(sim.record(7).class.as_ref().and_then(|link| link.round), Some(3));
    // Round 1: Ana–Bob and Chloé–Dan drawn; round 2: Ana and Bob (White) win on time. So SB:
    // Ana 1·3 (Bob) + 2·1 = 5, Chloé 1·1 (Dan) + 0 = 1; ties share the rank.
    assert_eq!(
        standings.messages[1].text,
        "Classement, Fano, après la ronde 3 sur 3 :\n\
         #    Nom      J    G    N    P  Pts   SB\n\
         1    Ana      2    1    1    0    3    5\n\
         1    Bob      2    1    1    0    3    5\n\
         3    Chloé    2    0    1    1    1    1\n\
         3    Dan      2    0    1    1    1    1"
    );
    // Asked again, nothing more is paired.
    let again = sim.send(&stranger, "!lalao class standings");
    assert_eq!(again.messages.len(), 1);
}

#[test]
fn failed_deliveries_are_retried_soon_then_less_and_less_often() {
    use std::time::Duration;
    let cap = Duration::from_secs(60);
    let waits: Vec<u64> = (0..10)
        .map(|failures| super::runner::retry_wait(failures, cap).as_secs())
        .collect();
    assert_eq!(waits, [60, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    assert_eq!(super::runner::retry_wait(u32::MAX, cap), cap);
}

/// A platform where one channel refuses the bot for good (403), one is briefly down (503), and
/// the rest work. Records every attempt.
#[derive(Default)]
struct Mixed(Mutex<Vec<String>>);

impl Notifier for Mixed {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        self.0.lock().unwrap().push(notification.text.clone());
        match notification.recipient.destination().as_str() {
            "discord:forbidden" => Err(DeliveryError::Permanent("403 Missing Access".to_owned())),
            "discord:flaky" => Err(DeliveryError::Transient("503 App Unavailable".to_owned())),
            _ => Ok(()),
        }
    }
}

/// Puts notifications straight into the outbox, in this order, as fired timers would.
fn queue(service: &App, notes: &[(Recipient, &str)]) {
    let mut txn = crate::store::Txn::default();
    for (n, (recipient, text)) in notes.iter().enumerate() {
        let timer = keys::match_timer_key(T0 + n as u64, MatchId(n as u64 + 1), "test");
        let notification = Notification {
            v: crate::record::RECORD_VERSION,
            id: String::new(),
            recipient: recipient.clone(),
            key: "reminder".to_owned(),
            text: (*text).to_owned(),
            mentions: Vec::new(),
            match_id: Some(MatchId(n as u64 + 1)),
            due: T0,
            fired: T0,
            lease: None,
        };
        txn.put(keys::outbox_key(&timer, 0), crate::record::encode(&notification));
    }
    service.commit_txn(&txn).unwrap();
}

#[test]
fn a_destination_that_refuses_for_good_is_dead_lettered_and_blocks_no_one() {
    let sim = Sim::new(Policy::default());
    let channel = |id: &str| Recipient::Channel {
        channel: ChannelId::new(Platform::Discord, id),
    };
    queue(
        sim.service(),
        &[
            (channel("forbidden"), "f1"),
            (channel("flaky"), "x1"),
            (channel("ok"), "o1"),
            (channel("forbidden"), "f2"),
            (channel("flaky"), "x2"),
            (
                Recipient::Direct {
                    user: UserId::new(Platform::Discord, "zoe"),
                },
                "d1",
            ),
            (channel("ok"), "o2"),
        ],
    );
    let platform = Mixed::default();
    assert_eq!(
        Outbox(sim.service()).deliver_pending(&platform).unwrap(),
        3,
        "o1, d1 and o2 went out"
    );
    // x2 was not even tried: it waits behind x1 so that the flaky channel keeps its order.
    assert_eq!(*platform.0.lock().unwrap(), ["f1", "x1", "o1", "f2", "d1", "o2"]);
    let pending: Vec<String> = Outbox(sim.service())
        .pending_notifications()
        .unwrap()
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert_eq!(pending, ["x1", "x2"]);
    let dead: Vec<(String, String)> = Outbox(sim.service())
        .dead_letters()
        .unwrap()
        .into_iter()
        .map(|letter| (letter.notification.text, letter.reason))
        .collect();
    assert_eq!(
        dead,
        [
            ("f1".to_owned(), "403 Missing Access".to_owned()),
            ("f2".to_owned(), "403 Missing Access".to_owned()),
        ]
    );
    // Dead letters are records like any other: `lalao check` reads them.
    let (_, errors) = Upkeep(sim.service()).check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    // The flaky channel is back: its two notices go out in order, and nothing else is retried.
    platform.0.lock().unwrap().clear();
    assert_eq!(
        Outbox(sim.service()).deliver_pending(&Inbox::default()).unwrap(),
        2
    );
    assert!(Outbox(sim.service()).pending_notifications().unwrap().is_empty());
    assert_eq!(Outbox(sim.service()).dead_letters().unwrap().len(), 2);
}

/// A panic in the scheduler (here a notifier's bug) stops it for a moment, not for
/// good: it is logged and the loop starts again, and the notice still goes out.
#[test]
fn the_scheduler_comes_back_after_a_panic() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    struct PanicsOnce {
        calls: AtomicUsize,
        delivered: Mutex<Vec<String>>,
    }
    impl Notifier for PanicsOnce {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            if self.calls.fetch_add(1, Ordering::SeqCst) == 0 {
                panic!("a bug in a notifier");
            }
            self.delivered.lock().unwrap().push(notification.text.clone());
            Ok(())
        }
    }
    let mut sim = Sim::new(Policy::default());
    let room = Recipient::Channel {
        channel: ChannelId::new(Platform::Discord, "room"),
    };
    queue(sim.service(), &[(room, "n1")]);
    let service = Arc::new(sim.service.take().unwrap());
    let notifier = Arc::new(PanicsOnce {
        calls: AtomicUsize::new(0),
        delivered: Mutex::new(Vec::new()),
    });
    let thread = SchedulerThread::start(service.clone(), notifier.clone()).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while notifier.delivered.lock().unwrap().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the scheduler never came back"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    thread.stop();
    assert_eq!(*notifier.delivered.lock().unwrap(), ["n1"]);
    assert_eq!(notifier.calls.load(Ordering::SeqCst), 2);
    assert!(Outbox(&service).pending_notifications().unwrap().is_empty());
}

/// After a rollback, the timers of a match a newer lalao wrote are held, not
/// dropped; once a build that reads the match runs again they go back and fire.
#[test]
fn a_timer_of_a_match_written_by_a_newer_lalao_is_held_not_dropped() {
    let sim = Sim::new(Policy::default());
    timed_match(&sim, "time=1d");
    let store = sim.service().store();
    let key = keys::match_key(MatchId(1));
    let current = store.get(&key).unwrap().unwrap();
    let mut json: serde_json::Value = serde_json::from_slice(&current).unwrap();
    json["v"] = (crate::record::RECORD_VERSION + 1).into();
    let newer = serde_json::to_vec(&json).unwrap();
    let swap = |from: &[u8], to: &[u8]| {
        let mut txn = crate::store::Txn::default();
        txn.check(key.clone(), Some(from.to_vec()))
            .put(key.clone(), to.to_vec());
        sim.service().commit_txn(&txn).unwrap();
    };
    swap(&current, &newer);
    let timers = store.scan_prefix(keys::TIMER_PREFIX).unwrap().len();
    assert!(timers > 0);
    // Long after every deadline of the match.
    sim.clock.set(T0 + 365 * DAY);
    assert_eq!(Timers(sim.service()).fire_due().unwrap(), 0);
    assert!(
        store.scan_prefix(keys::TIMER_PREFIX).unwrap().is_empty(),
        "the schedule is not stuck"
    );
    assert_eq!(Timers(sim.service()).timers_set_aside().unwrap(), (timers, 0));
    // Still too new: nothing is released.
    assert_eq!(Timers(sim.service()).release_held_timers().unwrap(), 0);
    // The newer build's record is readable again (this build upgraded, or the match came back).
    swap(&newer, &current);
    assert_eq!(Timers(sim.service()).release_held_timers().unwrap(), timers);
    assert_eq!(Timers(sim.service()).timers_set_aside().unwrap(), (0, 0));
    assert!(
        Timers(sim.service()).fire_due().unwrap() > 0,
        "the held timers fire"
    );
    sim.check_index();
}

#[path = "truth_tests.rs"]
mod truth;

/// A challenge that expired says so when someone tries to accept it; a bare
/// `claim` among several matches looks only at the ones where the caller can claim.
#[test]
fn the_words_say_what_happened_to_a_challenge_and_which_match_can_be_claimed() {
    let sim = Sim::new(Policy::default());
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.run_until(T0 + 30 * DAY);
    let late = sim.send(&bob, "!lalao accept #1");
    assert_eq!(
        late.messages[0].text,
        "Challenge #1 expired: nobody accepted it in time. Start a new one with `/lalao play game:fano`."
    );
    // Match #2 times out on Bob; #3 is a challenge nobody answered.
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.send(&bob, "!lalao accept #2");
    sim.play_any(2, &[&ana, &bob]);
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.run_until(sim.now() + DAY + HOUR);
    let claimed = sim.send(&ana, "!lalao claim");
    assert_eq!(claimed.messages[0].key, "timeout-claimed", "{}", claimed.plain());
    assert!(claimed.plain().contains("match #2"), "{}", claimed.plain());
    // Two matches timed out: the answer lists those two and suggests the command asked for.
    for id in [4, 5] {
        sim.send(&ana, "!lalao play fano <@2> time=1d");
        sim.send(&bob, &format!("!lalao accept #{id}"));
        sim.play_any(id, &[&ana, &bob]);
    }
    sim.run_until(sim.now() + DAY + HOUR);
    assert_eq!(
        sim.send(&ana, "!lalao waive").messages[0].text,
        "Several of your matches here have run out of time: #4, #5. Say which, like `/clock waive match:4`."
    );
    assert_eq!(
        sim.send(&bob, "!lalao claim").messages[0].text,
        "Nobody has run out of time in your matches here."
    );
}

/// A notice addressed to one player is in that player's language; a notice about
/// both players, which the whole room reads, says its line in each player's language when
/// they differ (and once when they share one; in the class's language in a class).
#[test]
fn room_notices_speak_each_player_s_language_and_personal_ones_the_addressee_s() {
    let sim = Sim::new(Policy {
        first_move_window: Some(DAY),
        ..Policy::default()
    });
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&bob, "!lalao settings language fr");
    let texts = |sim: &Sim| -> Vec<(String, String)> {
        sim.take_notes()
            .into_iter()
            .map(|note| (note.key, note.text))
            .collect()
    };
    // Nobody moves: the abort is about both.
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.send(&bob, "!lalao accept #1");
    sim.run_until(T0 + 2 * DAY);
    assert_eq!(
        texts(&sim),
        [(
            "match-aborted".to_owned(),
            "Nobody moved in match #1 (Fano), so it is stopped. It does not count for anyone.\n\
             Personne n’a joué dans la partie #1 (Fano), elle est donc arrêtée. Elle ne compte pour personne."
                .to_owned()
        )]
    );
    // A reminder is Bob's alone: in French. The time-out asks Ana to decide: in English.
    sim.send(&ana, "!lalao play fano <@2> time=1d");
    sim.send(&bob, "!lalao accept #2");
    sim.play_any(2, &[&ana, &bob]);
    sim.run_until(sim.now() + DAY + HOUR);
    let told = texts(&sim);
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(
        told[0].1,
        "Bob, pense à jouer dans la partie #2 (Fano) : il te reste 6 h."
    );
    assert!(
        told[1]
            .1
            .starts_with("Bob has run out of time in match #2 (Fano). Ana, you can"),
        "{}",
        told[1].1
    );
    assert!(!told[1].1.contains('\n'), "{}", told[1].1);
}

/// An automatic forfeit of a rated game rates it, in the scheduler's commit, and its
/// notice says both changes.
#[test]
fn an_automatic_forfeit_is_rated_and_says_so() {
    let sim = Sim::new(Policy::default());
    let mut moderator = discord("Mod", 9, "100");
    moderator.moderator = true;
    sim.send(&moderator, "!lalao channel forfeit=auto");
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    sim.send(&ana, "!lalao play fano <@2> time=1d side=white");
    sim.send(&bob, "!lalao accept #1");
    sim.send(&bob, "!lalao notify remind=off");
    // Both sides move (a game that ends before is not rated), then Bob lets his time run out.
    for _ in 0..3 {
        sim.play_any(1, &[&ana, &bob]);
    }
    sim.run_until(T0 + 2 * DAY);
    let told = sim.take_notes();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(
        told[0].text,
        "Bob has run out of time in match #1 (Fano). Ana wins! (This channel ends matches on time at once. `/clock waive` gives the match back.) Ratings: Ana 1662? (+162), Bob 1338? (−162). (A ? marks a provisional rating: it still settles.)"
    );
    assert!(sim.record(1).rating_change.is_some());
    let (_, errors) = Upkeep(sim.service()).check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
}

/// Several processes on one store drain one outbox. Each notification goes out once,
/// from the process that leased it, and each destination's notices keep their order; a lease
/// left by a process that died is taken over once it ends.
#[test]
fn processes_sharing_a_store_deliver_each_notification_once_in_order() {
    let store: Arc<dyn crate::store::Store> = Arc::new(crate::store::MemoryStore::shared());
    let clock = Arc::new(FixedClock(T0));
    let process = || {
        let service = App::new(
            store.clone(),
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
    let (one, two) = (process(), process());
    let channel = |id: &str| Recipient::Channel {
        channel: ChannelId::new(Platform::Discord, id),
    };
    let notes: Vec<(Recipient, String)> = (0..60)
        .map(|n| {
            (
                channel(["a", "b", "c"][n % 3]),
                format!("{}{n}", ["a", "b", "c"][n % 3]),
            )
        })
        .collect();
    let borrowed: Vec<(Recipient, &str)> = notes
        .iter()
        .map(|(to, text)| (to.clone(), text.as_str()))
        .collect();
    queue(&one, &borrowed);
    /// Records what it delivered, slowly enough for the two processes to overlap.
    struct Slow(Mutex<Vec<String>>);
    impl Notifier for Slow {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            std::thread::sleep(std::time::Duration::from_millis(2));
            self.0.lock().unwrap().push(notification.text.clone());
            Ok(())
        }
    }
    let delivered = Slow(Mutex::new(Vec::new()));
    std::thread::scope(|scope| {
        for service in [&one, &two] {
            let delivered = &delivered;
            scope.spawn(move || {
                while !Outbox(service).pending_notifications().unwrap().is_empty() {
                    Outbox(service).deliver_pending(delivered).unwrap();
                }
            });
        }
    });
    let mut seen = delivered.0.into_inner().unwrap();
    for destination in ["a", "b", "c"] {
        let in_order: Vec<&String> = seen.iter().filter(|text| text.starts_with(destination)).collect();
        let expected: Vec<&String> = notes
            .iter()
            .map(|(_, text)| text)
            .filter(|text| text.starts_with(destination))
            .collect();
        assert_eq!(in_order, expected, "{destination}: once each, in order");
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 60);

    // A process claims a notice and dies before delivering it: the other waits for the lease.
    queue(&one, &[(channel("d"), "d0")]);
    let id = Outbox(&one).pending_notifications().unwrap()[0].id.clone();
    assert!(matches!(Outbox(&one).claim_for_test(&id), "ours"));
    let inbox = Inbox::default();
    assert_eq!(
        Outbox(&two).deliver_pending(&inbox).unwrap(),
        0,
        "leased by the dead process"
    );
    let later = App::new(
        store.clone(),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(T0 + super::runner::OUTBOX_LEASE + 1)));
    assert_eq!(
        Outbox(&later).deliver_pending(&inbox).unwrap(),
        1,
        "taken over once the lease ended"
    );
}

/// A Discord-only process and a Matrix-only process on one database. Each delivers
/// its own platform's notices and leaves the other's in the outbox; on a store of its own a
/// process dead-letters what it can never deliver, as before.
#[test]
fn a_process_leaves_the_notices_of_platforms_it_does_not_serve_to_the_processes_that_do() {
    let matrix_room = Recipient::Channel {
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
    };
    let discord_channel = Recipient::Channel {
        channel: ChannelId::new(Platform::Discord, "7"),
    };
    let service_on = |store: Arc<dyn crate::store::Store>| {
        let service = App::new(
            store,
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
            &crate::class::classroom::CLASSROOM,
            &crate::teach::seam::TEACHING,
        )
        .with_clock(Arc::new(FixedClock(T0)));
        service.open().unwrap();
        service
    };
    let discord_only = |inbox: Inbox| {
        let router = Router::new(&[Platform::Discord], Arc::new(Wake::default()));
        assert!(router.attach(Platform::Discord, Box::new(inbox)));
        router
    };

    let shared = service_on(Arc::new(crate::store::MemoryStore::shared()));
    queue(
        &shared,
        &[(matrix_room.clone(), "m0"), (discord_channel.clone(), "d0")],
    );
    assert_eq!(
        Outbox(&shared)
            .deliver_pending(&discord_only(Inbox::default()))
            .unwrap(),
        1
    );
    let left: Vec<String> = Outbox(&shared)
        .pending_notifications()
        .unwrap()
        .into_iter()
        .map(|notification| notification.text)
        .collect();
    assert_eq!(left, ["m0"], "left for the Matrix process");
    assert!(Outbox(&shared).dead_letters().unwrap().is_empty());
    let matrix_inbox = Arc::new(Mutex::new(Vec::new()));
    struct Shared(Arc<Mutex<Vec<String>>>);
    impl Notifier for Shared {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            self.0.lock().unwrap().push(notification.text.clone());
            Ok(())
        }
    }
    let matrix_only = Router::new(&[Platform::Matrix], Arc::new(Wake::default()));
    assert!(matrix_only.attach(Platform::Matrix, Box::new(Shared(matrix_inbox.clone()))));
    assert_eq!(Outbox(&shared).deliver_pending(&matrix_only).unwrap(), 1);
    assert_eq!(*matrix_inbox.lock().unwrap(), ["m0"]);
    assert!(Outbox(&shared).pending_notifications().unwrap().is_empty());

    let alone = service_on(Arc::new(crate::store::MemoryStore::default()));
    queue(&alone, &[(matrix_room, "m0"), (discord_channel, "d0")]);
    assert_eq!(
        Outbox(&alone)
            .deliver_pending(&discord_only(Inbox::default()))
            .unwrap(),
        1
    );
    assert!(Outbox(&alone).pending_notifications().unwrap().is_empty());
    let dead: Vec<String> = Outbox(&alone)
        .dead_letters()
        .unwrap()
        .into_iter()
        .map(|letter| letter.notification.text)
        .collect();
    assert_eq!(dead, ["m0"], "nobody else could deliver it");
}

/// One pass over the outbox stops once it has spent its time (`Policy::delivery_pass`), so a
/// destination that answers slowly delays its platform's other notices a pass at most: the next
/// pass carries on where this one stopped.
#[test]
fn a_slow_platform_holds_one_delivery_pass_at_most_its_budget() {
    let sim = Sim::new(Policy {
        delivery_pass: std::time::Duration::from_millis(100),
        ..Policy::default()
    });
    let channel = |id: &str| Recipient::Channel {
        channel: ChannelId::new(Platform::Discord, id),
    };
    let notes: Vec<(Recipient, String)> = (0..10)
        .map(|n| (channel(&n.to_string()), format!("note {n}")))
        .collect();
    let borrowed: Vec<(Recipient, &str)> = notes
        .iter()
        .map(|(to, text)| (to.clone(), text.as_str()))
        .collect();
    queue(sim.service(), &borrowed);
    /// Takes 40 ms a notification, as a platform answering slowly would.
    struct Slow(Mutex<usize>);
    impl Notifier for Slow {
        fn deliver(&self, _: &Notification) -> Result<(), DeliveryError> {
            std::thread::sleep(std::time::Duration::from_millis(40));
            *self.0.lock().unwrap() += 1;
            Ok(())
        }
    }
    let slow = Slow(Mutex::new(0));
    let first = Outbox(sim.service()).deliver_pending(&slow).unwrap();
    assert!((1..=4).contains(&first), "{first} delivered in the first pass");
    assert_eq!(
        Outbox(sim.service()).pending_notifications().unwrap().len(),
        10 - first
    );
    let mut passes = 1;
    while !Outbox(sim.service()).pending_notifications().unwrap().is_empty() {
        Outbox(sim.service()).deliver_pending(&slow).unwrap();
        passes += 1;
        assert!(passes <= 10, "every pass delivers something");
    }
    assert_eq!(*slow.0.lock().unwrap(), 10, "each once");
}

/// `channel puzzle=daily`: the puzzle is posted at once, members solve it privately (once
/// each), who solved it is listed twelve hours later, and the next day brings the next game's
/// puzzle; across a restart, and off again, no timer is left behind.
#[test]
fn a_daily_puzzle_is_posted_solved_privately_and_its_solvers_listed() {
    let mut sim = Sim::new(Policy::default());
    let mut moderator = discord("Mod", 9, "100");
    moderator.moderator = true;
    let ana = discord("Ana", 1, "100");
    let bob = discord("Bob", 2, "100");
    let channel = ChannelId::new(Platform::Discord, "100");
    assert_eq!(
        sim.send(&ana, "!lalao puzzle daily").messages[0].key,
        "puzzle-daily-none"
    );
    assert!(sim.send(&ana, "!lalao channel puzzle=daily").refused());
    let on = sim.send(&moderator, "!lalao channel puzzle=daily");
    assert!(
        on.messages[0]
            .text
            .contains("\nPuzzle of the day: on, the five games in turn."),
        "{}",
        on.plain()
    );
    sim.run_until(T0);
    let (game, puzzle) = crate::teach::daily::puzzle_of_day(&channel, None, 1);
    assert_eq!(
        game,
        lalao_core::GameKind::Fano,
        "day 1: the second of the five games"
    );
    let notes = sim.take_notes();
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes[0].recipient,
        Recipient::Channel {
            channel: channel.clone()
        }
    );
    assert_eq!(
        notes[0].text,
        format!(
            "Today's puzzle (Fano, {}, rated {}): {} Solve it on your own: `/puzzle daily:True`. \
             Who solved it comes in 12 hours.",
            puzzle.id,
            puzzle.rating,
            crate::i18n::t(
                Locale::En,
                &format!("puzzle-theme-{}", puzzle.theme.id()),
                &[("moves", puzzle.solver_moves().to_string())]
            )
        )
    );
    // Ana solves it; Bob misses it (a legal move that is not the line's); neither may try again.
    let started = sim.send(&ana, "!lalao puzzle daily");
    assert!(started.messages[0]
        .text
        .starts_with(&format!("Puzzle {} (Fano", puzzle.id)));
    // Nothing public: the puzzle is the solver's own.
    sim.run_until(T0 + HOUR);
    assert!(sim.take_notes().is_empty());
    let mut game_now = puzzle.game(lalao_core::GameKind::Fano).unwrap();
    for (ply, mv) in puzzle.line.iter().enumerate() {
        if ply % 2 == 0 {
            let reply = sim.send(&ana, &format!("!lalao move {mv}"));
            assert!(!reply.refused(), "{}", reply.plain());
        }
        game_now.play(mv).unwrap();
    }
    assert_eq!(
        sim.send(&ana, "!lalao puzzle daily").messages[0].key,
        "puzzle-daily-solved"
    );
    sim.send(&bob, "!lalao puzzle daily");
    let start = puzzle.game(lalao_core::GameKind::Fano).unwrap();
    let wrong = start
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .unwrap();
    assert_eq!(
        sim.send(&bob, &format!("!lalao move {wrong}")).messages[0].key,
        "puzzle-solution"
    );
    assert_eq!(
        sim.send(&bob, "!lalao puzzle daily").messages[0].key,
        "puzzle-daily-missed"
    );
    sim.restart();
    sim.run_until(T0 + 12 * HOUR);
    let listing = sim.take_notes();
    assert_eq!(listing.len(), 1);
    assert_eq!(listing[0].fired, T0 + 12 * HOUR);
    assert_eq!(
        listing[0].text,
        format!(
            "Today's puzzle {} was solved by Ana (1 of 2 who tried).",
            puzzle.id
        )
    );
    // The next day: the next game's puzzle, and its listing names nobody.
    sim.run_until(T0 + DAY + 12 * HOUR);
    let next = sim.take_notes();
    let (game, tomorrow) = crate::teach::daily::puzzle_of_day(&channel, None, 2);
    assert_eq!(game, lalao_core::GameKind::Mangala);
    assert_eq!(next.len(), 2);
    assert!(next[0]
        .text
        .starts_with(&format!("Today's puzzle (Mangala, {}, rated ", tomorrow.id)));
    assert_eq!(
        next[1].text,
        format!("Today's puzzle {}: nobody tried it.", tomorrow.id)
    );
    // Off: the timers find it off and stop; nothing more is posted, and none is left.
    sim.send(&moderator, "!lalao channel puzzle=off");
    sim.run_until(T0 + 5 * DAY);
    assert!(sim.take_notes().is_empty());
    assert_eq!(
        sim.send(&ana, "!lalao puzzle daily").messages[0].key,
        "puzzle-daily-none"
    );
}

/// Back after a stop of four days, a channel's daily puzzle is posted once, not once per day
/// missed: the listing that was due, one post at once, its listing half a day later, and the
/// next post at its usual hour.
#[test]
fn a_daily_puzzle_does_not_catch_up_the_days_missed() {
    let mut sim = Sim::new(Policy::default());
    let mut moderator = discord("Mod", 9, "100");
    moderator.moderator = true;
    sim.send(&moderator, "!lalao channel puzzle=daily");
    sim.run_until(T0);
    let keys = |notes: Vec<Notification>| {
        notes
            .into_iter()
            .map(|note| (note.fired, note.key))
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(sim.take_notes()), [(T0, "daily-post".to_owned())]);
    let back = T0 + 4 * DAY + 3 * HOUR;
    sim.clock.set(back);
    sim.restart();
    sim.run_until(back);
    assert_eq!(
        keys(sim.take_notes()),
        [
            (back, "daily-listing".to_owned()),
            (back, "daily-post".to_owned())
        ]
    );
    sim.run_until(T0 + 5 * DAY);
    assert_eq!(
        keys(sim.take_notes()),
        [
            (back + 12 * HOUR, "daily-listing".to_owned()),
            (T0 + 5 * DAY, "daily-post".to_owned())
        ]
    );
}
