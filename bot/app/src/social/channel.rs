//! `channel …`: a channel's moderators choose automatic forfeit, the challenge expiry, board
//! messages, threads, pictures and the puzzle of the day.

use crate::command::ChannelChange;
use crate::command::DailyPuzzleChange;
use crate::i18n::t;
use crate::ids::ChannelId;
use crate::kernel::durations::{duration_text, Args};
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, ChannelRecord, DailyPuzzle, DailyTimer};
use crate::store::{keys, Txn};

use crate::kernel::channels::{put_daily_timer, ChannelSettings};
use crate::kernel::commit::Commits;

crate::kernel::family::family! {
    /// The `channel` command.
    ChannelCommands
}

impl ChannelCommands<'_> {
    /// `channel …`: moderators choose automatic forfeit and the challenge expiry.
    pub(crate) fn channel(&self, ctx: &Context, prefs: Prefs, change: ChannelChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut settings, old_bytes) = ChannelSettings(self).channel_settings(&ctx.channel)?;
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
            Commits(self).commit_other(ctx, txn, "channel")?;
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
                    &[("game", crate::kernel::wording::game_name(locale, game))],
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
