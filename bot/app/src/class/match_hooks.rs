//! The hooks the match commands call for class matches: the class of a channel, who may move
//! a seat, names on boards, what follows a move (pausing, the sowing frames, the tournament).

use crate::class::reports::ClassReports;
use crate::class::simul::Simuls;
use crate::class::taps::ScreenTaps;
use crate::class::tournament::Tournaments;
use crate::kernel::class_seats::ClassSeats;
use lalao_core::GameKind;
use lalao_renderer::View;

use super::ClassRecord;
use crate::i18n::t;
use crate::kernel::commit::Commits;
use crate::kernel::wording::{board_names, message};
use crate::kernel::{Context, Fail, Message, Prefs, Reply};
use crate::record::MatchRecord;
use crate::store::{Committed, Txn};

crate::kernel::family::family! {
    /// What a change of a class's match brings about in its class.
    ClassMatches
}

impl ClassMatches<'_> {
    pub(super) fn require_manager(&self, ctx: &Context, class: &ClassRecord) -> Result<(), Fail> {
        if ClassSeats::manages(ctx, class) {
            return Ok(());
        }
        Err(Fail::user(
            "class-teacher-only",
            vec![("teacher", self.name_of(&class.teacher))],
        ))
    }

    pub(super) fn require_class(&self, ctx: &Context) -> Result<(ClassRecord, Vec<u8>), Fail> {
        self.class_of(&ctx.channel)?
            .ok_or_else(|| Fail::user("class-none", Vec::new()))
    }
    /// After a class match changed: the sowing replay for mancala moves, what the change
    /// completed in the tournament (`announced`, committed with it: see
    /// [`Self::commit_class_change`]), and the refreshed dashboard. Failures here are
    /// logged, not shown: the change itself is already durable.
    pub(crate) fn followup(
        &self,
        ctx: &Context,
        prefs: Prefs,
        record: &MatchRecord,
        moved: bool,
        announced: Vec<Message>,
        reply: &mut Reply,
    ) {
        if moved {
            self.sowing_frames(ctx, prefs, record, reply);
        }
        reply.messages.extend(announced);
        match self.class_of(&record.channel) {
            Ok(Some((class, _))) => match ClassReports(self).dashboard(ctx, prefs, &class, true) {
                Ok(message) => reply.messages.push(message),
                Err(_) => tracing::warn!("could not refresh the class dashboard"),
            },
            _ => tracing::warn!("the class of a class match is gone"),
        }
    }

    /// Commits a change of a class match (`old` → `new`: a move, a result, a resignation, a
    /// pause…) in one commit with what it completes in the class's tournament (the next
    /// round's matches, or the end) and, for a move tapped on the class screen, the class
    /// channel's notices of both: a crash or a concurrent change never leaves the change
    /// without them. Answers the match as stored and the tournament's news.
    pub(crate) fn commit_class_change(
        &self,
        ctx: &Context,
        prefs: Prefs,
        old: (&MatchRecord, &[u8]),
        new: &MatchRecord,
        command: &'static str,
        tapped: bool,
    ) -> Result<(MatchRecord, Vec<Message>), Fail> {
        // Who played, as the boards name them: the chat hears it of a tapped move.
        let tapped_by = match tapped {
            true => {
                let game = old.0.current_game()?;
                let names = board_names(self, old.0, &game, prefs.locale);
                Some(names[game.to_move().index()].clone())
            }
            false => None,
        };
        let ((stored, announced), committed) = self.in_one_commit(|unit| {
            let stored = Commits(unit).commit_match(ctx, Some(old), new, Txn::default(), command)?;
            // The change stands even if the tournament cannot move on now: any later class
            // command catches up.
            let announced = Tournaments(unit)
                .advance(ctx, prefs, &stored.channel)
                .unwrap_or_else(|_| {
                    tracing::warn!("could not advance the class tournament");
                    Vec::new()
                });
            if let Some(name) = &tapped_by {
                ScreenTaps(unit).tell_class_channel(&stored, name, &announced)?;
            }
            // A simul's board that ended starts again for its pupil, in the same commit.
            if Simuls(unit).next_board(ctx, &stored).is_err() {
                tracing::warn!("could not start a simul's board again");
            }
            Ok((stored, announced))
        })?;
        match committed {
            Committed::Applied => Ok((stored, announced)),
            Committed::Conflict { key } => {
                Err(Commits(self).refusal_of_conflict(ctx, Some(old), new.id, &key))
            }
        }
    }

    /// RULES.md's mancala moves replayed lap by lap for children (the renderer draws them).
    pub(super) fn sowing_frames(&self, ctx: &Context, prefs: Prefs, record: &MatchRecord, reply: &mut Reply) {
        if !matches!(
            record.game,
            GameKind::Mangala | GameKind::Engehe | GameKind::Katro
        ) || record.moves.is_empty()
        {
            return;
        }
        let Ok(before) = record.replay(record.moves.len() - 1) else {
            return;
        };
        let names = ClassSeats(self)
            .class_board_names(record, &before, prefs.locale)
            .unwrap_or_default();
        let view = View {
            style: prefs.style,
            locale: prefs.locale,
            names: [names[0].as_str(), names[1].as_str()],
            viewer: None,
            last_move: record.moves.last().map(String::as_str),
            events: &record.last_events,
            ended: false,
            result: None,
        };
        // The renderer merges laps so a long move stays a handful of frames; never post more.
        let mut frames = lalao_renderer::sowing_replay(&before, &record.last_events, &view);
        frames.truncate(lalao_renderer::REPLAY_MAX_FRAMES);
        let count = frames.len();
        // One frame is the move itself, already shown.
        if count < 2 {
            return;
        }
        for (index, board) in frames.into_iter().enumerate() {
            let text = t(
                prefs.locale,
                "class-replay-step",
                &[("step", (index + 1).to_string()), ("count", count.to_string())],
            );
            let mut step = message(ctx, "class-replay-step", text);
            step.board = Some(board);
            reply.messages.push(step);
        }
    }
}
