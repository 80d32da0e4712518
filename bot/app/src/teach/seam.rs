//! Teaching as the match commands reach it, through the kernel's `Teaching` seam.

use lalao_core::Event;
use lalao_renderer::Locale;

use crate::command::{ChannelChange, Command};
use crate::i18n::t;
use crate::ids::ChannelId;
use crate::kernel::wording::said_where;
use crate::kernel::{App, Context, Fail, LiveReview, Prefs, Reply, Teaching};
use crate::record::{ChannelRecord, MatchRecord, PlayerRecord};
use crate::store::Txn;
use crate::teach::daily::{self, DailyPuzzles};
use crate::teach::hints::Hints;
use crate::teach::lessons::Lessons;
use crate::teach::puzzle_rating;
use crate::teach::puzzles::Puzzles;
use crate::teach::review::Reviews;

/// Teaching, as the application is made with it.
pub(crate) struct TeachingMode;

pub(crate) static TEACHING: TeachingMode = TeachingMode;

impl Teaching for TeachingMode {
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail> {
        let reply = match command {
            Command::Hint { id } => Hints(app).hint(ctx, prefs, id),
            Command::Learn { game, lesson } => Lessons(app).learn(ctx, prefs, game, lesson),
            Command::Puzzle { game, daily: false } => Puzzles(app).puzzle(ctx, prefs, game),
            Command::Puzzle { daily: true, .. } => Puzzles(app).daily(ctx, prefs),
            Command::Review { id } => Reviews(app).review(ctx, prefs, id),
            other => unreachable!("not a teaching command: {}", other.name()),
        }?;
        Ok(said_where(app, ctx, prefs, reply))
    }

    fn judge(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        old: (&MatchRecord, &[u8]),
        canonical: &str,
        events: Vec<Event>,
    ) -> Result<Reply, Fail> {
        if old.0.lesson.is_some() {
            Lessons(app).step_move(ctx, prefs, old, canonical, &events)
        } else {
            Puzzles(app).answer(ctx, prefs, old, canonical, events)
        }
    }

    fn live_review(
        &self,
        app: &App,
        locale: Locale,
        record: &MatchRecord,
    ) -> Result<Option<LiveReview>, Fail> {
        Ok(Reviews(app)
            .stored(record.id)?
            .map(|review| Reviews(app).live_review(locale, record, &review)))
    }

    fn ending(&self, locale: Locale, record: &MatchRecord) -> String {
        match (record.lesson, &record.puzzle) {
            (Some(link), _) => t(
                locale,
                "learn-lesson-over",
                &[("number", link.lesson.to_string())],
            ),
            (None, Some(puzzle)) => t(
                locale,
                match puzzle.failed_with {
                    Some(_) => "puzzle-over-missed",
                    None => "puzzle-over-solved",
                },
                &[("id", puzzle.id.clone())],
            ),
            (None, None) => t(locale, "class-activity-done", &[]),
        }
    }

    fn profile_lines(&self, locale: Locale, player: Option<&PlayerRecord>) -> Vec<String> {
        puzzle_rating::profile_lines(locale, player)
    }

    fn change_channel(
        &self,
        app: &App,
        channel: &ChannelId,
        change: &ChannelChange,
        settings: &mut ChannelRecord,
        txn: &mut Txn,
    ) {
        if let Some(daily) = change.daily_puzzle {
            DailyPuzzles(app).change_daily(channel, settings, daily, txn);
        }
    }

    fn channel_lines(&self, locale: Locale, settings: &ChannelRecord) -> Vec<String> {
        vec![daily::daily_line(locale, settings)]
    }
}
