//! A channel's daily puzzle (`channel puzzle=daily`, docs/puzzles.md): a post in the channel
//! every day, each member solving it privately with `puzzle daily`, and half a day after each
//! post, who solved it. Both are durable timers of the channel, listed on its channel record
//! (`DailyPuzzle`, which `channel puzzle=…` sets through the teaching seam), so they survive restarts
//! and fire once among several processes.

use lalao_core::GameKind;
use lalao_learn::puzzles::Puzzle;
use lalao_renderer::Locale;

use crate::command::DailyPuzzleChange;
use crate::i18n::t;
use crate::ids::{ChannelId, UserId};
use crate::kernel::channels::{put_daily_timer, ChannelSettings};
use crate::kernel::wording::game_name;
use crate::kernel::Fail;
use crate::record::{self, ChannelRecord, DailyPuzzle, DailyRecord, DailyTimer, RECORD_VERSION};
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};

/// From one post to the next.
pub(crate) const POST_EVERY: u64 = 24 * 3600;
/// From a post to the listing of its solvers: the evening of a morning post.
pub(crate) const LISTING_AFTER: u64 = 12 * 3600;

crate::kernel::family::family! {
    /// The channels' daily puzzles: their posts, who solved them, and their listings.
    DailyPuzzles
}

impl DailyPuzzles<'_> {
    /// Applies `channel puzzle=…` to `settings` in `txn`: turning it on posts the first puzzle
    /// at once (its timer is due now; `fire` does it); turning it off removes its timers.
    pub(crate) fn change_daily(
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

    /// Fires a daily puzzle timer of `channel` due at `due`: the post (and the next day's post
    /// and this one's listing scheduled), or the listing. A timer the channel no longer lists
    /// (turned off, or on again since) is stale and does nothing.
    pub(crate) fn fire(
        &self,
        channel: &ChannelId,
        timer: DailyTimer,
        due: u64,
        now: u64,
        txn: &mut Txn,
        notes: &mut Vec<Notification>,
    ) -> Result<(), Fail> {
        let (mut settings, bytes) = ChannelSettings(self).channel_settings(channel)?;
        let Some(mut daily) = settings.daily_puzzle.clone() else {
            return Ok(());
        };
        let locale = self.channel_locale(&settings);
        match timer {
            DailyTimer::Post if daily.next_post == due => {
                daily.day += 1;
                let (game, puzzle) = puzzle_of_day(channel, daily.game.as_deref(), daily.day);
                daily.puzzle = Some(puzzle.id.clone());
                // Back from a stop of several days, the days missed are not caught up one post
                // after another: this one is posted now, the next at its usual hour, and this
                // one's listing half a day after it (or just before the next post, if sooner).
                let posted = now.max(due);
                let missed = (posted - due) / POST_EVERY;
                daily.next_post = due + (missed + 1) * POST_EVERY;
                let listing = (posted + LISTING_AFTER).min(daily.next_post - 1);
                daily.listing = Some(listing);
                put_daily_timer(txn, channel, daily.next_post, DailyTimer::Post);
                put_daily_timer(txn, channel, listing, DailyTimer::Listing);
                let text = t(
                    locale,
                    "daily-post",
                    &[
                        ("game", game_name(locale, game)),
                        ("id", puzzle.id.clone()),
                        ("rating", puzzle.rating.to_string()),
                        (
                            "theme",
                            t(
                                locale,
                                &format!("puzzle-theme-{}", puzzle.theme.id()),
                                &[("moves", puzzle.solver_moves().to_string())],
                            ),
                        ),
                        ("command", typed_daily(locale)),
                    ],
                );
                notes.push(note(channel, "daily-post", text, due, now));
            }
            DailyTimer::Listing if daily.listing == Some(due) => {
                daily.listing = None;
                let day = self.day_record(channel, daily.day)?.map(|(found, _)| found);
                let text = listing_text(self, locale, &daily, day.as_ref());
                notes.push(note(channel, "daily-listing", text, due, now));
            }
            _ => return Ok(()),
        }
        settings.daily_puzzle = Some(daily);
        let key = keys::channel_settings_key(channel);
        txn.check(key.clone(), bytes).put(key, record::encode(&settings));
        Ok(())
    }

    /// The channel's current daily puzzle and its day, for `puzzle daily`.
    pub(crate) fn today(&self, channel: &ChannelId) -> Result<Option<(u64, &'static Puzzle)>, Fail> {
        let (settings, _) = ChannelSettings(self).channel_settings(channel)?;
        let Some(daily) = settings.daily_puzzle else {
            return Ok(None);
        };
        let Some(id) = daily.puzzle else {
            return Ok(None);
        };
        let Some(game) = id.split('-').next().and_then(GameKind::from_id) else {
            return Ok(None);
        };
        Ok(lalao_learn::puzzles::bundled(game)
            .find(&id)
            .map(|puzzle| (daily.day, puzzle)))
    }

    /// Who tried `channel`'s puzzle of day `day`.
    pub(crate) fn day_record(
        &self,
        channel: &ChannelId,
        day: u64,
    ) -> Result<Option<(DailyRecord, Vec<u8>)>, Fail> {
        match self.reads().get(&keys::daily_key(channel, day))? {
            None => Ok(None),
            Some(bytes) => Ok(Some((record::decode(&bytes, "a daily puzzle's record")?, bytes))),
        }
    }

    /// Adds `user`'s try at `channel`'s puzzle `puzzle` of day `day` to `txn`.
    pub(crate) fn record_try(
        &self,
        channel: &ChannelId,
        day: u64,
        puzzle: &str,
        user: &UserId,
        solved: bool,
        txn: &mut Txn,
    ) -> Result<(), Fail> {
        let (mut found, bytes) = match self.day_record(channel, day)? {
            Some((found, bytes)) => (found, Some(bytes)),
            None => (
                DailyRecord {
                    v: RECORD_VERSION,
                    puzzle: puzzle.to_owned(),
                    solved: Vec::new(),
                    missed: Vec::new(),
                },
                None,
            ),
        };
        if found.solved.contains(user) || found.missed.contains(user) {
            return Ok(());
        }
        if solved {
            found.solved.push(user.clone());
        } else {
            found.missed.push(user.clone());
        }
        found.v = RECORD_VERSION;
        let key = keys::daily_key(channel, day);
        txn.check(key.clone(), bytes).put(key, record::encode(&found));
        Ok(())
    }

    /// The language of the channel's posts: the bot's default (a channel has no language of
    /// its own; a class's is its class's, but classes have no daily puzzle).
    fn channel_locale(&self, _settings: &ChannelRecord) -> Locale {
        self.defaults().locale
    }
}

/// The day's puzzle of `channel`: the game chosen, or the five in turn; then a puzzle of that
/// game's set, spread over the set by the channel and the day so that neighbouring channels
/// and days differ.
pub(crate) fn puzzle_of_day(
    channel: &ChannelId,
    game: Option<&str>,
    day: u64,
) -> (GameKind, &'static Puzzle) {
    let game = game
        .and_then(GameKind::from_id)
        .unwrap_or(GameKind::ALL[(day as usize) % GameKind::ALL.len()]);
    let set = &lalao_learn::puzzles::bundled(game).puzzles;
    let spread = lalao_core::ai::hash_of(channel.as_str());
    // 97 is prime to any set size below it, so successive days walk the whole set.
    let index = (spread.wrapping_add(day.wrapping_mul(97)) % set.len() as u64) as usize;
    (game, &set[index])
}

/// "Today's puzzle katro-0042: solved by Ana and Bako (2 of 3 who tried)."
fn listing_text(
    app: &crate::kernel::App,
    locale: Locale,
    daily: &DailyPuzzle,
    day: Option<&DailyRecord>,
) -> String {
    let id = daily.puzzle.clone().unwrap_or_default();
    let (solved, tried) = day.map_or((Vec::new(), 0), |day| {
        (day.solved.clone(), day.solved.len() + day.missed.len())
    });
    if solved.is_empty() {
        return t(
            locale,
            "daily-listing-none",
            &[("id", id), ("tried", tried.to_string())],
        );
    }
    let names: Vec<String> = solved.iter().map(|user| app.name_of(user)).collect();
    t(
        locale,
        "daily-listing",
        &[
            ("id", id),
            ("names", names.join(", ")),
            ("solved", solved.len().to_string()),
            ("tried", tried.to_string()),
        ],
    )
}

fn note(channel: &ChannelId, key: &str, text: String, due: u64, now: u64) -> Notification {
    Notification {
        v: RECORD_VERSION,
        id: String::new(),
        recipient: Recipient::Channel {
            channel: channel.clone(),
        },
        key: key.to_owned(),
        text,
        mentions: Vec::new(),
        match_id: None,
        due,
        fired: now,
        lease: None,
    }
}

/// `puzzle daily` as the reader types it.
fn typed_daily(locale: Locale) -> String {
    let puzzle = crate::command::grammar::verb_named("puzzle").map_or("puzzle", |verb| verb.written(locale));
    let daily = match locale {
        Locale::Fr => "jour",
        _ => "daily",
    };
    format!("{puzzle} {daily}")
}

/// How a channel's daily puzzle is set, as `channel` shows it.
pub(crate) fn daily_line(locale: Locale, settings: &ChannelRecord) -> String {
    match &settings.daily_puzzle {
        None => t(locale, "channel-daily-off", &[]),
        Some(daily) => match daily.game.as_deref().and_then(lalao_core::GameKind::from_id) {
            Some(game) => t(
                locale,
                "channel-daily-game",
                &[("game", crate::kernel::wording::game_name(locale, game))],
            ),
            None => t(locale, "channel-daily-rotate", &[]),
        },
    }
}
