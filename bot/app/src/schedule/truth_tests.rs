//! Whatever happens to a correspondence match — moves, grants, waives,
//! vacations, restarts, and the clock jumping past due times while the bot is down — every
//! reminder says the time really left when it is sent, and none is sent for a turn that has
//! run out or is about to.

use crate::schedule::fire::Timers;
use crate::schedule::runner::Outbox;
use proptest::prelude::*;

use super::*;
use crate::kernel::duration_text;

#[derive(Clone, Debug)]
enum Op {
    /// The player to move plays.
    Move,
    /// The opponent of a flagged player grants them this many hours.
    Grant(u64),
    /// The opponent of a flagged player waives the win on time.
    Waive,
    /// A player (Ana if true) goes on vacation for this many days.
    Vacation(bool, u64),
    /// A player (Ana if true) takes a daily digest (or goes back to a notice every move).
    Digest(bool, bool),
    /// The bot runs for this many hours.
    Run(u64),
    /// The bot is down for this many hours, then starts again.
    Down(u64),
    Restart,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => Just(Op::Move),
        1 => (1u64..=48).prop_map(Op::Grant),
        1 => Just(Op::Waive),
        1 => (any::<bool>(), 1u64..=4).prop_map(|(ana, days)| Op::Vacation(ana, days)),
        1 => (any::<bool>(), any::<bool>()).prop_map(|(ana, digest)| Op::Digest(ana, digest)),
        4 => (1u64..=60).prop_map(Op::Run),
        2 => (1u64..=100).prop_map(Op::Down),
        1 => Just(Op::Restart),
    ]
}

/// Fires and delivers what is due now, then checks every reminder delivered.
fn fire_and_check(sim: &Sim) {
    Timers(sim.service()).fire_due().unwrap();
    Outbox(sim.service()).deliver_pending(&sim.inbox).unwrap();
    check_delivered(sim);
}

fn check_delivered(sim: &Sim) {
    let delivered = sim.take_notes();
    for note in delivered.iter().filter(|note| note.key == "digest") {
        // "• match #1 (Fano) in <#100>: 18 h left": the figure is the time left when sent.
        let record = sim.record(1);
        for line in note.text.lines().skip(1) {
            if let Some(figure) = line.rsplit_once(": ").map(|(_, figure)| figure) {
                let left = record.clock.left(note.fired).unwrap();
                assert_eq!(
                    figure,
                    format!("{} left", duration_text(Locale::En, left)),
                    "{}",
                    note.text
                );
            }
        }
    }
    for note in delivered.iter().filter(|note| note.key == "reminder") {
        let record = sim.record(note.match_id.unwrap().0);
        // Nothing happened between the firing and now: the record is as the reminder saw it.
        let left = record.clock.left(note.fired).unwrap();
        let turn = record.clock.turn.as_ref().unwrap();
        assert!(
            left >= 60,
            "a reminder {left} s before the deadline: {}",
            note.text
        );
        assert!(!turn.flagged && record.stage == Stage::Playing, "{}", note.text);
        let figure = duration_text(Locale::En, left);
        assert!(
            note.text.contains(&format!(": {figure} left")),
            "{} (expected {figure})",
            note.text
        );
    }
}

/// As [`Sim::run_until`], checking after each firing.
fn run_for(sim: &Sim, hours: u64) {
    let until = sim.now() + hours * HOUR;
    while let Some(due) = Outbox(sim.service()).next_due().unwrap() {
        if due > until {
            break;
        }
        sim.clock.set(due.max(sim.now()));
        fire_and_check(sim);
    }
    sim.clock.set(until);
}

fn flagged_and_opponent<'a>(sim: &Sim, ana: &'a Context, bob: &'a Context) -> Option<&'a Context> {
    let record = sim.record(1);
    let turn = record.clock.turn.as_ref()?;
    if record.stage != Stage::Playing || !turn.flagged {
        return None;
    }
    let late = &record.players.as_ref()?[turn.side.index()];
    Some(if late == &ana.user { bob } else { ana })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_reminder_tells_the_time_left_when_it_is_sent(ops in proptest::collection::vec(op(), 1..40)) {
        let mut sim = Sim::new(Policy::default());
        let (ana, bob) = timed_match(&sim, "time=1d");
        sim.play_any(1, &[&ana, &bob]);
        for op in ops {
            let record = sim.record(1);
            if record.stage != Stage::Playing {
                break;
            }
            match op {
                Op::Move => {
                    if !record.clock.turn.as_ref().is_some_and(|turn| turn.flagged) {
                        sim.play_any(1, &[&ana, &bob]);
                    }
                }
                Op::Grant(hours) => {
                    if let Some(opponent) = flagged_and_opponent(&sim, &ana, &bob) {
                        sim.send(opponent, &format!("!lalao grant {hours}h #1"));
                    }
                }
                Op::Waive => {
                    if let Some(opponent) = flagged_and_opponent(&sim, &ana, &bob) {
                        sim.send(opponent, "!lalao waive #1");
                    }
                }
                Op::Vacation(is_ana, days) => {
                    let who = if is_ana { &ana } else { &bob };
                    sim.send(who, &format!("!lalao vacation {days}"));
                }
                Op::Digest(is_ana, digest) => {
                    let who = if is_ana { &ana } else { &bob };
                    let change = if digest { "digest digest=9" } else { "every" };
                    sim.send(who, &format!("!lalao notify {change}"));
                }
                Op::Run(hours) => run_for(&sim, hours),
                Op::Down(hours) => {
                    sim.service = None;
                    sim.clock.set(sim.now() + hours * HOUR);
                    sim.start();
                    fire_and_check(&sim);
                }
                Op::Restart => sim.restart(),
            }
            // Replies never carry reminders; whatever a command queued is delivered now.
            Outbox(sim.service()).deliver_pending(&sim.inbox).unwrap();
            check_delivered(&sim);
        }
    }
}
