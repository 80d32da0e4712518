//! The scheduler with a hand-moved clock on a real sled store: weeks of simulated play in
//! microseconds, restarts (the store reopened), and every notification, reminder, digest,
//! time-out and expiry checked to fire exactly once, at its simulated time.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lalao_renderer::{Locale, Style};

use super::timing::{DAY, HOUR};
use super::*;
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::record::{Ending, Stage};
use crate::service::{Clock, Context, Defaults, Reply};
use crate::store::SledStore;

/// A Monday, 00:00 UTC (2023-11-13).
const T0: u64 = 1_699_833_600;

#[derive(Default)]
struct Inbox(Mutex<Vec<Notification>>);

impl Notifier for Inbox {
    fn deliver(&self, notification: &Notification) -> Result<(), String> {
        self.0.lock().unwrap().push(notification.clone());
        Ok(())
    }
}

/// A Notifier that is down: everything stays in the outbox.
struct Down;

impl Notifier for Down {
    fn deliver(&self, _: &Notification) -> Result<(), String> {
        Err("network down".to_owned())
    }
}

struct Sim {
    _dir: tempfile::TempDir,
    path: PathBuf,
    clock: Arc<ManualClock>,
    policy: Policy,
    service: Option<Service>,
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
        let store = SledStore::open(&self.path).unwrap();
        let service = Service::new(
            Arc::new(store),
            Defaults {
                locale: Locale::En,
                style: Style::Text,
            },
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
    }

    fn service(&self) -> &Service {
        self.service.as_ref().unwrap()
    }

    fn now(&self) -> u64 {
        self.clock.now()
    }

    /// Runs the scheduler as the run loop does: wake at each due time, fire, deliver; then
    /// move the clock to `t`.
    fn run_until(&self, t: u64) {
        while let Some(due) = self.service().next_due().unwrap() {
            if due > t {
                break;
            }
            self.clock.set(due.max(self.now()));
            assert!(self.service().fire_due().unwrap() > 0, "a due timer fires");
            self.service().deliver_pending(&self.inbox).unwrap();
        }
        self.clock.set(t.max(self.now()));
    }

    fn send(&self, ctx: &Context, line: &str) -> Reply {
        self.service()
            .handle_text(ctx, line, true)
            .expect("addressed to the bot")
    }

    /// Everything delivered so far as (fired at, key, recipient, match), and forgets it.
    fn take(&self) -> Vec<(u64, String, String, Option<u64>)> {
        std::mem::take(&mut *self.inbox.0.lock().unwrap())
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
    sim.run_until(start + 10 * DAY);
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
    assert_eq!(sim.service().next_due().unwrap(), None, "nothing left to fire");
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
    assert_eq!(sim.service().fire_due().unwrap(), 3);
    // It crashes before delivering anything: the notifications are in the outbox.
    sim.service().deliver_pending(&Down).unwrap();
    sim.restart();
    assert_eq!(sim.service().fire_due().unwrap(), 0, "nothing fires twice");
    assert_eq!(sim.service().deliver_pending(&sim.inbox).unwrap(), 3);
    let late = T0 + 10 * DAY;
    assert_eq!(
        sim.take()
            .into_iter()
            .map(|(fired, key, _, _)| (fired, key))
            .collect::<Vec<_>>(),
        vec![
            (late, "reminder".to_owned()),
            (late, "reminder".to_owned()),
            (late, "timeout-flag".to_owned()),
        ]
    );
    // And what was due keeps its due time: the first reminder was due at 2 d.
    sim.restart();
    assert_eq!(sim.service().deliver_pending(&sim.inbox).unwrap(), 0);
    assert_eq!(sim.service().next_due().unwrap(), None);
    let (_, errors) = sim.service().check_store().unwrap();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn weeks_of_play_across_restarts_fire_each_timer_once() {
    let mut sim = Sim::new(Policy::default());
    let (ana, bob) = timed_match(&sim, "time=2d bank=1d/3d");
    let mut all = Vec::new();
    // Six weeks: a move every 40 hours (beyond the 2 d budget sometimes paid from the bank),
    // a restart every 3 days.
    let mut next_restart = T0 + 3 * DAY;
    for _ in 0..25 {
        if sim.record(1).stage != Stage::Playing {
            break;
        }
        let target = sim.now() + 40 * HOUR;
        while next_restart <= target {
            sim.run_until(next_restart);
            sim.restart();
            next_restart += 3 * DAY;
        }
        sim.run_until(target);
        all.extend(sim.take());
        if sim.record(1).clock.turn.as_ref().is_some_and(|turn| turn.flagged) {
            break;
        }
        sim.play_any(1, &[&ana, &bob]);
    }
    // Only Bob's first timed turn (2 d, empty bank) has reminders before a 40-hour move: 24 h
    // left and 75 % used (12 h left). Every later turn has a bank, so 40 hours stay early.
    let bob_turn = T0 + 40 * HOUR;
    assert_eq!(
        all,
        vec![
            entry(bob_turn + DAY, "reminder", &format!("channel:{BOB}"), 1),
            entry(bob_turn + 36 * HOUR, "reminder", &format!("channel:{BOB}"), 1),
        ]
    );
    assert_eq!(
        sim.record(1).clock.banks,
        [3 * DAY, 3 * DAY],
        "the banks grew to their cap"
    );
    assert_eq!(sim.service().pending_notifications().unwrap(), Vec::new());
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
    assert_eq!(sim.send(&bob, "!lalao accept #1").messages[0].key, "match-over");
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
    assert_eq!(sim.service().next_due().unwrap(), None);

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
        "Your turn to move (2):\n• match #1 (Fano) in discord:100\n• match #2 (Fano) in discord:200"
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
