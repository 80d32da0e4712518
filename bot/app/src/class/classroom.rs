//! Classroom mode as the match commands reach it, through the kernel's `Classroom` seam.

use crate::class::commands::ClassCommands;
use crate::class::match_hooks::ClassMatches;
use crate::command::ClassCommand;
use crate::kernel::{App, Context, Fail, Message, Prefs, Reply};
use crate::record::MatchRecord;

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
