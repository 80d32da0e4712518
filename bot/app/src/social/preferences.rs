//! A user's own `settings`, and what platforms tell about users (names, client languages).

use crate::command::{Look, SettingsChange};
use crate::i18n::t;
use crate::ids::UserId;
use crate::kernel::channels::ChannelSettings;
use crate::kernel::commit::Commits;
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self};
use crate::record::{PlayerRecord, RECORD_VERSION};
use crate::store::{keys, StoreError, Txn};
use lalao_renderer::Locale;

crate::kernel::family::family! {
    /// A player's settings and what the service remembers of callers.
    Preferences
}

impl Preferences<'_> {
    pub(crate) fn settings(
        &self,
        ctx: &Context,
        prefs: Prefs,
        change: SettingsChange,
    ) -> Result<Reply, Fail> {
        let (mut player, old) = self.player_or_new(&ctx.user)?;
        let changed = change != SettingsChange::default();
        if changed {
            player.locale = change.locale.or(player.locale);
            if let Some(look) = change.style {
                player.style = Some(look.style);
                player.pictures = Some(look.picture);
            }
            if let Some(listed) = change.leaderboard {
                player.leaderboard_hidden = !listed;
            }
            if let Some(auto) = change.auto {
                player.auto = Some(auto);
            }
            if player.display_name.is_none() {
                player.display_name.clone_from(&ctx.display_name);
            }
            let key = keys::player_key(&ctx.user);
            let mut txn = Txn::default();
            txn.check(key.clone(), old).put(key, record::encode(&player));
            Commits(self).commit_other(ctx, txn, "settings")?;
        }
        // Answer in the language just chosen.
        let locale = player.locale.unwrap_or(prefs.locale);
        let style = player.style.unwrap_or(prefs.style);
        // Where pictures do not show (the console), `picture` is the text grid.
        let look = Look::chosen(style, player.pictures, ctx.platform.shows_pictures());
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
                ("style", t(locale, &format!("style-{}", look.id()), &[])),
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
                (
                    "auto",
                    t(
                        locale,
                        match player.auto {
                            Some(true) => "auto-on",
                            Some(false) => "auto-off",
                            None => "auto-default",
                        },
                        &[],
                    ),
                ),
            ],
        );
        Ok(single(ctx, key, text))
    }
}

impl Preferences<'_> {
    /// Remembers the name a platform shows for a user (the caller of every command; adapters
    /// also call it for mentioned users they can resolve). Writes only when the name changed,
    /// and does not wait for a flush: a name lost in a crash is simply learnt again.
    pub fn remember_name(&self, user: &UserId, name: &str) -> Result<(), StoreError> {
        self.remember(user, Some(name), None)
    }

    /// Remembers what the platform tells about the caller of a command: the name it shows,
    /// and the language of their chat client (Discord's `locale`), which notifications use
    /// while the user has not chosen a language (`settings language`); and the server the
    /// channel belongs to (leaderboards).
    pub(crate) fn remember_caller(&self, ctx: &Context) -> Result<(), StoreError> {
        let community = match &ctx.community {
            Some(community) => ChannelSettings(self).remember_channel_community(&ctx.channel, community),
            None => Ok(()),
        };
        self.remember(&ctx.user, ctx.display_name.as_deref(), ctx.locale)
            .and(community)
    }

    /// Writes a display name and a client language when they changed, without waiting for a
    /// flush: what a crash loses is simply learnt again with the next command.
    fn remember(&self, user: &UserId, name: Option<&str>, client: Option<Locale>) -> Result<(), StoreError> {
        if name.is_none() && client.is_none() {
            return Ok(());
        }
        let key = keys::player_key(user);
        let old = self.reads().get(&key)?;
        let mut player = match old
            .as_deref()
            .map(|bytes| record::decode::<PlayerRecord>(bytes, "a player record"))
        {
            Some(Ok(player)) => player,
            // A corrupt record is left for `lalao check` to report, not overwritten.
            Some(Err(_)) => return Ok(()),
            None => PlayerRecord {
                v: RECORD_VERSION,
                ..PlayerRecord::default()
            },
        };
        let before = player.clone();
        if let Some(name) = name.and_then(crate::shown::clean_name) {
            player.display_name = Some(name);
        }
        if client.is_some() {
            player.client_locale = client;
        }
        if player == before {
            return Ok(());
        }
        let mut txn = Txn::default();
        txn.check(key.clone(), old).put(key, record::encode(&player));
        // A concurrent change of the same record wins; the name comes again with the next command.
        self.commit_txn(&txn).map(drop)
    }
}
