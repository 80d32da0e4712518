//! `vacation`: a player stops their clocks for some days, within a monthly allowance counted in
//! UTC months, and every timed match they play is paused with them.

use crate::i18n::t;
use crate::kernel::commit::Commits;
use crate::kernel::durations::Args;
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self};
use crate::store::{keys, Txn};
use lalao_model::timing::{Pause, DAY};

crate::kernel::family::family! {
    /// Vacations.
    Vacations
}

impl Vacations<'_> {
    /// `vacation <days>` / `vacation off`: stops the caller's clocks in all their timed matches.
    /// The allowance and every match's pause are one atomic commit: a crash or a concurrent
    /// move never leaves the allowance charged with a match left running. A commit that loses
    /// to a concurrent change of any of them is recomputed from the new state and tried again.
    pub(crate) fn vacation(&self, ctx: &Context, prefs: Prefs, days: Option<u32>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let limit = self.hooks().policy.vacation_days_per_month;
        for _attempt in 0..ATTEMPTS {
            let now = self.now();
            let (mut player, old_bytes) = self.player_or_new(&ctx.user)?;
            let month = month_of(now);
            let used = match player.vacation_used {
                Some((m, used)) if m == month => used,
                _ => 0,
            };
            let ongoing = player
                .vacation
                .filter(|pause| pause.start <= now && now < pause.end);
            let pause = match days {
                Some(days) => {
                    if ongoing.is_some() {
                        return Err(Fail::user("vacation-already", Vec::new()));
                    }
                    if days == 0 || used + days > limit {
                        return Err(Fail::user(
                            "vacation-too-long",
                            vec![
                                ("left", limit.saturating_sub(used).to_string()),
                                ("limit", limit.to_string()),
                            ],
                        ));
                    }
                    player.vacation_used = Some((month, used + days));
                    Pause {
                        start: now,
                        end: now + u64::from(days) * DAY,
                    }
                }
                None => {
                    let Some(ongoing) = ongoing else {
                        return Err(Fail::user("vacation-none", Vec::new()));
                    };
                    // Whole days not taken go back to this month's allowance.
                    let unused = ((ongoing.end - now) / DAY) as u32;
                    if let Some((m, used)) = player.vacation_used.as_mut() {
                        if *m == month {
                            *used = used.saturating_sub(unused);
                        }
                    }
                    Pause {
                        start: ongoing.start,
                        end: now,
                    }
                }
            };
            player.vacation = Some(pause);
            let key = keys::player_key(&ctx.user);
            let mut txn = Txn::default();
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&player));
            let mut changed = Vec::new();
            for (old, bytes) in self.active_under(&keys::active_prefix(&ctx.user))? {
                let sides = old.sides_of(&ctx.user);
                // Untimed matches have no clock to stop; a challenge has no sides yet.
                if old.clock.control.is_none() || !old.stage.is_active() || sides.is_empty() {
                    continue;
                }
                let mut new = old.clone();
                for side in sides {
                    new.clock.pauses[side.index()] = Some(pause);
                }
                new.version += 1;
                new.updated_at = now;
                Commits(self).match_txn(Some((&old, &bytes)), new, &mut txn)?;
                changed.push(old.id.to_string());
            }
            match Commits(self).commit_other(ctx, txn, "vacation") {
                Err(Fail::User { key: "try-again", .. }) => continue,
                other => other?,
            }
            let (key, args): (&'static str, Args) = match days {
                Some(days) => (
                    "vacation-started",
                    vec![
                        ("days", days.to_string()),
                        ("left", (limit - used - days).to_string()),
                        ("matches", changed.join(", ")),
                        ("count", changed.len().to_string()),
                    ],
                ),
                None => ("vacation-ended", vec![("count", changed.len().to_string())]),
            };
            return Ok(single(ctx, key, t(locale, key, &args)));
        }
        Err(Fail::user("try-again", Vec::new()))
    }
}

/// How many times a vacation is recomputed when its commit loses to concurrent changes.
const ATTEMPTS: usize = 8;

/// `YYYYMM` of a Unix time, in UTC (civil-from-days, H. Hinnant's algorithm).
pub(crate) fn month_of(at: u64) -> u32 {
    let z = (at / DAY) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year * 100 + month) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_in_utc() {
        assert_eq!(month_of(0), 197_001);
        // 2024-02-29 12:00 UTC and 2024-03-01 00:00 UTC.
        assert_eq!(month_of(1_709_208_000), 202_402);
        assert_eq!(month_of(1_709_251_200), 202_403);
    }
}
