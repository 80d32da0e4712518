//! A channel's settings: read by the scheduler (automatic forfeit), the clock (challenge
//! expiry) and the Discord adapter (board messages, threads), and changed by moderators with
//! `channel`.

use super::{duration_text, Args};
use crate::command::ChannelChange;
use crate::command::DailyPuzzleChange;
use crate::i18n::t;
use crate::ids::ChannelId;
use crate::record::{self, ChannelRecord, DailyPuzzle, DailyTimer, TimerRecord, RECORD_VERSION};
use crate::service::wording::single;
use crate::service::{Context, Fail, Prefs, Reply};
use crate::store::{keys, StoreError, Txn};

crate::service::family! {
    /// A channel's settings and names.
    ChannelSettings
}

impl ChannelSettings<'_> {
    pub(crate) fn channel_settings(
        &self,
        channel: &ChannelId,
    ) -> Result<(ChannelRecord, Option<Vec<u8>>), Fail> {
        match self.store().get(&keys::channel_settings_key(channel))? {
            None => Ok((
                ChannelRecord {
                    v: RECORD_VERSION,
                    ..ChannelRecord::default()
                },
                None,
            )),
            Some(bytes) => Ok((record::decode(&bytes, "a channel record")?, Some(bytes))),
        }
    }

    /// Remembers the name the platform shows for `channel` when it changed.
    pub fn remember_channel_name(&self, channel: &ChannelId, name: &str) -> Result<(), StoreError> {
        let Some(name) = crate::shown::clean_name(name) else {
            return Ok(());
        };
        self.remember_of_channel(channel, |settings| settings.name = Some(name))
    }

    /// Remembers the community `channel` belongs to (its Discord server), which its rated
    /// games count towards: the scope of `top here`.
    pub(crate) fn remember_channel_community(
        &self,
        channel: &ChannelId,
        community: &str,
    ) -> Result<(), StoreError> {
        self.remember_of_channel(channel, |settings| {
            settings.community = Some(community.to_owned())
        })
    }

    /// The community of `channel`'s rated games and leaderboards: its server where the
    /// platform told us, else the channel itself.
    pub(crate) fn community_of(&self, channel: &ChannelId) -> Result<String, Fail> {
        let (settings, _) = self.channel_settings(channel)?;
        Ok(settings.community.unwrap_or_else(|| channel.to_string()))
    }

    /// Changes what the platform told us about `channel` when it differs from what we have,
    /// without waiting for a flush: what a crash loses is learnt again with the next command.
    fn remember_of_channel(
        &self,
        channel: &ChannelId,
        change: impl FnOnce(&mut ChannelRecord),
    ) -> Result<(), StoreError> {
        let (mut settings, old) = match self.channel_settings(channel) {
            Ok(found) => found,
            Err(Fail::Store(err)) => return Err(err),
            // A corrupt record is left for `lalao check` to report, not overwritten.
            Err(_) => return Ok(()),
        };
        let before = settings.clone();
        change(&mut settings);
        if settings == before {
            return Ok(());
        }
        let key = keys::channel_settings_key(channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), old).put(key, record::encode(&settings));
        // A concurrent change wins; the same facts come again with the next command.
        self.commit_txn(&txn)?;
        Ok(())
    }

    /// How a message names `channel` to someone reading it elsewhere (a digest): a Discord
    /// channel mention (Discord shows its name, as a link), a Matrix room's remembered name,
    /// "the console"; never a storage id.
    pub(crate) fn channel_label(&self, locale: lalao_renderer::Locale, channel: &ChannelId) -> String {
        use crate::ids::Platform;
        match channel.platform() {
            Platform::Discord => match channel.local_on(Platform::Discord) {
                Some(id) if id.chars().all(|c| c.is_ascii_digit()) => format!("<#{id}>"),
                _ => t(locale, "channel-unnamed", &[]),
            },
            Platform::Matrix => self
                .channel_settings(channel)
                .ok()
                .and_then(|(settings, _)| settings.name)
                .map(|name| format!("“{name}”"))
                .unwrap_or_else(|| t(locale, "channel-unnamed", &[])),
            Platform::Console => t(locale, "channel-console", &[]),
        }
    }

    /// `channel …`: moderators choose automatic forfeit and the challenge expiry.
    pub(crate) fn channel(&self, ctx: &Context, prefs: Prefs, change: ChannelChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut settings, old_bytes) = self.channel_settings(&ctx.channel)?;
        let changed = change != ChannelChange::default();
        if changed {
            if !ctx.moderator {
                return Err(Fail::user("channel-moderators-only", Vec::new()));
            }
            if let Some(auto) = change.auto_forfeit {
                settings.auto_forfeit = auto;
            }
            if let Some(expiry) = change.challenge_expiry {
                settings.challenge_expiry = Some(expiry);
            }
            if let Some(boards) = change.boards {
                settings.boards = boards;
            }
            if let Some(pictures) = change.pictures {
                settings.pictures = pictures;
            }
            if let Some(threads) = change.threads {
                settings.threads = threads;
            }
            let mut txn = Txn::default();
            if let Some(daily) = change.daily_puzzle {
                self.change_daily(&ctx.channel, &mut settings, daily, &mut txn);
            }
            let key = keys::channel_settings_key(&ctx.channel);
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&settings));
            self.commit_other(ctx, txn, "channel")?;
        }
        let expiry = settings.challenge_expiry.or(self.hooks().policy.challenge_expiry);
        let args: Args = vec![
            (
                "forfeit",
                t(
                    locale,
                    if settings.auto_forfeit {
                        "channel-forfeit-auto"
                    } else {
                        "channel-forfeit-claim"
                    },
                    &[],
                ),
            ),
            (
                "expiry",
                expiry.map_or_else(
                    || t(locale, "channel-expiry-never", &[]),
                    |e| duration_text(locale, e),
                ),
            ),
        ];
        let key = if changed {
            "channel-saved"
        } else {
            "channel-current"
        };
        let mut text = t(locale, key, &args);
        text.push('\n');
        text.push_str(&match &settings.daily_puzzle {
            None => t(locale, "channel-daily-off", &[]),
            Some(daily) => match daily.game.as_deref().and_then(lalao_core::GameKind::from_id) {
                Some(game) => t(
                    locale,
                    "channel-daily-game",
                    &[("game", crate::service::wording::game_name(locale, game))],
                ),
                None => t(locale, "channel-daily-rotate", &[]),
            },
        });
        if ctx.platform.shows_pictures() {
            let pictures = if settings.pictures == Some(false) {
                "channel-pictures-off"
            } else {
                "channel-pictures-on"
            };
            text.push('\n');
            text.push_str(&t(
                locale,
                "channel-pictures",
                &[("pictures", t(locale, pictures, &[]))],
            ));
        }
        if ctx.platform == crate::ids::Platform::Discord {
            // Choices only Discord's adapter acts on (it can edit its messages).
            let boards = match settings.boards {
                Some(record::BoardMode::Edit) => "channel-boards-edit",
                Some(record::BoardMode::New) => "channel-boards-new",
                None => "channel-boards-default",
            };
            text.push('\n');
            let threads = if settings.threads {
                "channel-threads-on"
            } else {
                "channel-threads-off"
            };
            text.push_str(&t(
                locale,
                "channel-discord",
                &[
                    ("boards", t(locale, boards, &[])),
                    ("threads", t(locale, threads, &[])),
                ],
            ));
        }
        Ok(single(ctx, key, text))
    }

    /// Applies `channel puzzle=…` to `settings` in `txn`: turning it on posts the first puzzle
    /// at once (its timer is due now; `daily.rs` fires it); turning it off removes its timers.
    fn change_daily(
        &self,
        channel: &ChannelId,
        settings: &mut ChannelRecord,
        change: DailyPuzzleChange,
        txn: &mut Txn,
    ) {
        let game = match change {
            DailyPuzzleChange::Off => {
                // Its timers go with it.
                if let Some(daily) = settings.daily_puzzle.take() {
                    txn.delete(keys::channel_timer_key(
                        daily.next_post,
                        channel,
                        DailyTimer::Post.tag(),
                    ));
                    if let Some(due) = daily.listing {
                        txn.delete(keys::channel_timer_key(due, channel, DailyTimer::Listing.tag()));
                    }
                }
                return;
            }
            DailyPuzzleChange::Rotate => None,
            DailyPuzzleChange::Game(game) => Some(game.id().to_owned()),
        };
        match &mut settings.daily_puzzle {
            // Already on: only the game changes, from the next post.
            Some(daily) => daily.game = game,
            None => {
                let now = self.now();
                settings.daily_puzzle = Some(DailyPuzzle {
                    game,
                    next_post: now,
                    listing: None,
                    day: 0,
                    puzzle: None,
                });
                put_daily_timer(txn, channel, now, DailyTimer::Post);
            }
        }
    }
}

/// Puts the timer of a channel's puzzle of the day (its post or its listing) due at `due`.
pub(crate) fn put_daily_timer(txn: &mut Txn, channel: &ChannelId, due: u64, timer: DailyTimer) {
    let record = TimerRecord {
        v: RECORD_VERSION,
        match_id: None,
        kind: None,
        user: None,
        daily: Some((channel.clone(), timer)),
    };
    txn.put(
        keys::channel_timer_key(due, channel, timer.tag()),
        record::encode(&record),
    );
}
