//! A user's own `settings`.

use super::present::single;
use super::{Context, Fail, Prefs, Reply, Service};
use crate::command::SettingsChange;
use crate::i18n::t;
use crate::record::{self};
use crate::store::{keys, Txn};

impl Service {
    pub(super) fn settings(
        &self,
        ctx: &Context,
        prefs: Prefs,
        change: SettingsChange,
    ) -> Result<Reply, Fail> {
        let (mut player, old) = self.player_or_new(&ctx.user)?;
        let changed = change != SettingsChange::default();
        if changed {
            player.locale = change.locale.or(player.locale);
            player.style = change.style.or(player.style);
            if let Some(listed) = change.leaderboard {
                player.leaderboard_hidden = !listed;
            }
            if player.display_name.is_none() {
                player.display_name.clone_from(&ctx.display_name);
            }
            let key = keys::player_key(&ctx.user);
            let mut txn = Txn::default();
            txn.check(key.clone(), old).put(key, record::encode(&player));
            self.commit_other(ctx, txn, "settings")?;
        }
        // Answer in the language just chosen.
        let locale = player.locale.unwrap_or(prefs.locale);
        let style = player.style.unwrap_or(prefs.style);
        let key = if changed {
            "settings-saved"
        } else {
            "settings-show"
        };
        let text = t(
            locale,
            key,
            &[
                ("language", t(locale, &format!("language-{}", locale.id()), &[])),
                ("style", t(locale, &format!("style-{}", style.id()), &[])),
                (
                    "leaderboard",
                    t(
                        locale,
                        if player.leaderboard_hidden {
                            "leaderboard-hidden"
                        } else {
                            "leaderboard-listed"
                        },
                        &[],
                    ),
                ),
            ],
        );
        Ok(single(ctx, key, text))
    }
}
