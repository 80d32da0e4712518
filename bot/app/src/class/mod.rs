//! Classroom mode (docs/classroom.md): a teacher's class in a channel, pupils seated
//! by first name without accounts, seat matches the teacher (or a bound pupil account) plays,
//! one-command tournaments with standings and CSV, a dashboard adapters edit in place, teams,
//! and the fano placement-only activity.
//!
//! A pupil's seat is a pseudo-user `seat:<name>` in the match's `players`: the match service
//! keeps working on users, the board shows the name, and no platform account is needed. The
//! teacher is the match's challenger, so every class match is in the teacher's active list.

pub(crate) mod commands;
pub(crate) mod homework;
pub(crate) mod lessons;
pub(crate) mod lifecycle;
pub(crate) mod match_hooks;
pub mod pairing;
pub(crate) mod reports;
pub mod screen;
pub(crate) mod standings;
pub(crate) mod tournament;

pub use lalao_model::record::{
    is_seat, mentionable, same_name, seat_user, valid_name, ClassLink, ClassRecord, Format, Pairing, Pupil,
    Round, ScreenLinks, Team, TeamOrder, Tournament, DASHBOARD_FINISHED, MAX_CLASS_NAME, MAX_NAME,
    MAX_PUPILS, MAX_TEAMS,
};

use crate::command::ClassCommand;
use crate::kernel::{App, Context, Fail, Message, Prefs, Reply};
use crate::record::MatchRecord;
use commands::ClassCommands;
use match_hooks::ClassMatches;

#[cfg(test)]
#[path = "tests.rs"]
mod service_tests;

/// Classroom mode as the match commands reach it ([`crate::kernel::Classroom`]).
pub(crate) struct ClassroomMode;

pub(crate) static CLASSROOM: ClassroomMode = ClassroomMode;

impl crate::kernel::Classroom for ClassroomMode {
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: ClassCommand) -> Result<Reply, Fail> {
        ClassCommands(app).class_command(ctx, prefs, command)
    }

    fn commit_change(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        (old, new): ((&MatchRecord, &[u8]), &MatchRecord),
        command: &'static str,
        tapped: bool,
    ) -> Result<(MatchRecord, Vec<Message>), Fail> {
        ClassMatches(app).commit_class_change(ctx, prefs, old, new, command, tapped)
    }

    fn keep_stars(
        &self,
        app: &App,
        record: &MatchRecord,
        lesson: &str,
        stars: u8,
        txn: &mut crate::store::Txn,
    ) -> Result<(), Fail> {
        lessons::ClassLessons(app).keep_stars(record, lesson, stars, txn)
    }

    fn keep_puzzle(
        &self,
        app: &App,
        record: &MatchRecord,
        tried: (&str, bool),
        update: &mut dyn FnMut(&mut crate::record::PuzzleStats),
        txn: &mut crate::store::Txn,
    ) -> Result<Option<crate::record::PuzzleStats>, Fail> {
        homework::ClassHomework(app).keep_puzzle(record, tried, update, txn)
    }

    fn followup(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        record: &MatchRecord,
        moved: bool,
        announced: Vec<Message>,
        reply: &mut Reply,
    ) {
        ClassMatches(app).followup(ctx, prefs, record, moved, announced, reply)
    }
}
