//! `notify …`: how and when a player is told it is their turn.

use crate::command::NotifyChange;
use crate::i18n::t;
use crate::kernel::commit::Commits;
use crate::kernel::durations::{duration_text, Args};
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self};
use crate::store::{keys, Txn};
use lalao_model::notify::{Mode, Reminder};

crate::kernel::family::family! {
    /// The `notify` command.
    NotifyCommands
}

impl NotifyCommands<'_> {
    /// `notify …`: how and when the caller is told it is their turn.
    pub(crate) fn notify(&self, ctx: &Context, prefs: Prefs, change: NotifyChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let key = keys::player_key(&ctx.user);
        let (mut player, old_bytes) = self.player_or_new(&ctx.user)?;
        let settings = &mut player.notify;
        let changed = change != NotifyChange::default();
        if let Some(mode) = change.mode {
            settings.mode = mode;
        }
        if let Some(dm) = change.dm {
            settings.dm = dm;
        }
        if let Some(hours) = change.digest_hours {
            settings.digest_hours = hours;
        }
        if let Some(offset) = change.offset_minutes {
            settings.offset_minutes = offset;
        }
        if let Some(zone) = change.zone {
            settings.zone = zone;
        }
        if let Some(quiet) = change.quiet {
            settings.quiet = quiet;
        }
        if let Some(reminders) = change.reminders {
            settings.reminders = reminders;
        }
        if changed {
            let mut txn = Txn::default();
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&player));
            Commits(self).commit_other(ctx, txn, "notify")?;
        }
        let settings = &player.notify;
        let hours = |minutes: u16| format!("{:02}:{:02}", minutes / 60, minutes % 60);
        let args: Args = vec![
            (
                "mode",
                t(
                    locale,
                    match settings.mode {
                        Mode::Every => "notify-mode-every",
                        Mode::Digest => "notify-mode-digest",
                    },
                    &[],
                ),
            ),
            ("dm", if settings.dm { "yes" } else { "no" }.to_owned()),
            (
                "digest",
                settings
                    .digest_hours
                    .iter()
                    .map(|hour| format!("{hour:02}:00"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (
                "quiet",
                match settings.quiet {
                    Some((start, end)) => format!("{}–{}", hours(start), hours(end)),
                    None => t(locale, "notify-quiet-none", &[]),
                },
            ),
            ("tz", settings.zone_label()),
            (
                "reminders",
                if settings.reminders.is_empty() {
                    t(locale, "notify-reminders-none", &[])
                } else {
                    settings
                        .reminders
                        .iter()
                        .map(|reminder| match reminder {
                            Reminder::Percent(p) => format!("{p} %"),
                            Reminder::Left(left) => duration_text(locale, *left),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            ),
        ];
        let key = if changed { "notify-saved" } else { "notify-current" };
        Ok(single(ctx, key, t(locale, key, &args)))
    }
}
