//! Teaching as the match commands reach it, through the kernel's `Teaching` seam.

use lalao_core::Event;
use lalao_renderer::Locale;

use crate::command::Command;
use crate::kernel::{App, Context, Fail, LiveReview, Prefs, Reply, Teaching};
use crate::record::MatchRecord;
use crate::teach::hints::Hints;
use crate::teach::lessons::Lessons;
use crate::teach::puzzles::Puzzles;
use crate::teach::review::Reviews;

/// Teaching, as the application is made with it.
pub(crate) struct TeachingMode;

pub(crate) static TEACHING: TeachingMode = TeachingMode;

impl Teaching for TeachingMode {
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail> {
        match command {
            Command::Hint { id } => Hints(app).hint(ctx, prefs, id),
            Command::Learn { game, lesson } => Lessons(app).learn(ctx, prefs, game, lesson),
            Command::Puzzle { game, daily: false } => Puzzles(app).puzzle(ctx, prefs, game),
            Command::Puzzle { daily: true, .. } => Puzzles(app).daily(ctx, prefs),
            Command::Review { id } => Reviews(app).review(ctx, prefs, id),
            other => unreachable!("not a teaching command: {}", other.name()),
        }
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
}
