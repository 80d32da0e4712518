//! The class commands (`class new`, `add`, `match`, `result`, …) on the match service: the
//! roster, seat matches and the teacher's decisions. Tournaments are in `tournament.rs`, what
//! the class sees in `reports.rs`.

use super::archive::ClassArchive;
use super::report::ClassReport;
use super::simul::Simuls;
use super::vote::{VoteSetup, Votes};
use crate::class::erase::Erasure;
use crate::class::lifecycle::ClassLife;
use crate::class::match_controls::MatchControls;
use crate::class::match_hooks::ClassMatches;
use crate::class::reports::ClassReports;
use crate::class::roster::Roster;
use crate::class::screen::ClassScreens;
use crate::class::tournament::Tournaments;
use crate::kernel::class_matches::ClassMatchStore;
use crate::teach::class_lessons::ClassLessons;
use crate::teach::homework::ClassHomework;
use lalao_core::{GameKind, Side};

use super::{ClassLink, ClassRecord};
use crate::command::{ClassCommand, GameSpec};
use crate::i18n::t;
use crate::kernel::wording::{game_name, player_label, single};
use crate::kernel::{Context, Fail, Prefs, Reply};

crate::kernel::family::family! {
    /// The teacher's class commands.
    ClassCommands
}

impl ClassCommands<'_> {
    pub(crate) fn class_command(
        &self,
        ctx: &Context,
        prefs: Prefs,
        command: ClassCommand,
    ) -> Result<Reply, Fail> {
        if let ClassCommand::New { name, locale, style } = command {
            return ClassLife(self).class_new(ctx, prefs, name, locale, style);
        }
        // A round the scheduler completed (a time-out forfeit) was not followed up by any
        // command: the next class command pairs it, whoever asks.
        let caught_up = match self.class_of(&ctx.channel)? {
            Some((class, _)) if self.round_pending(&class)? => {
                let prefs = self.prefs_of_class(ctx, &class);
                Tournaments(self)
                    .advance(ctx, prefs, &ctx.channel)
                    .unwrap_or_else(|_| {
                        tracing::warn!("could not pair the pending class round");
                        Vec::new()
                    })
            }
            _ => Vec::new(),
        };
        let mut reply = self.class_subcommand(ctx, command)?;
        reply.messages.splice(0..0, caught_up);
        Ok(reply)
    }

    /// Whether the class tournament's last round is complete and another is due.
    pub(super) fn round_pending(&self, class: &ClassRecord) -> Result<bool, Fail> {
        let Some(tournament) = &class.tournament else {
            return Ok(false);
        };
        match tournament.rounds.last() {
            Some(last) if tournament.rounds.len() < tournament.planned_rounds() => {
                Tournaments(self).round_done(last)
            }
            _ => Ok(false),
        }
    }

    pub(super) fn class_subcommand(&self, ctx: &Context, command: ClassCommand) -> Result<Reply, Fail> {
        let (class, bytes) = ClassMatches(self).require_class(ctx)?;
        let locale = class.locale;
        let prefs = self.prefs_of_class(ctx, &class);
        match command {
            ClassCommand::New { .. } => unreachable!("handled above"),
            ClassCommand::Show => Ok(single(ctx, "class-show", ClassReports(self).roster_text(&class))),
            ClassCommand::Standings => {
                let text = ClassReports(self).standings_text(&class)?;
                Ok(single(ctx, "class-standings", text))
            }
            ClassCommand::Csv => {
                let csv = ClassReports(self).csv(&class)?;
                Ok(single(
                    ctx,
                    "class-csv",
                    format!("{}\n{csv}", t(locale, "class-csv", &[])),
                ))
            }
            ClassCommand::Dashboard => {
                let message = ClassReports(self).dashboard(ctx, prefs, &class, false)?;
                Ok(Reply {
                    messages: vec![message],
                    ..Reply::default()
                })
            }
            // A pupil's seat goes on from its own activities only; the class's managers from
            // anyone's.
            ClassCommand::GoOn { id } => {
                let own = self
                    .load(id)?
                    .is_some_and(|(record, _)| record.players.is_some_and(|players| players[0] == ctx.user));
                if !own {
                    ClassMatches(self).require_manager(ctx, &class)?;
                }
                ClassLessons(self).next_lesson(ctx, prefs, class, bytes, id)
            }
            // A pupil's vote: their own, checked by the vote.
            ClassCommand::Ballot { id, text } => Votes(self).ballot(ctx, &class, id, &text),
            other => {
                ClassMatches(self).require_manager(ctx, &class)?;
                self.class_manage(ctx, prefs, class, bytes, other)
            }
        }
    }

    pub(super) fn class_manage(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        command: ClassCommand,
    ) -> Result<Reply, Fail> {
        let _locale = prefs.locale;
        let name = command.name();
        match command {
            ClassCommand::Settings {
                name: new_name,
                locale: new_locale,
                style,
                go_on,
                keep,
            } => ClassLife(self).class_settings(
                ctx,
                class,
                bytes,
                (new_name, new_locale, style),
                (go_on, keep),
            ),
            ClassCommand::Delete => ClassLife(self).class_delete(ctx, prefs, class, bytes),
            ClassCommand::Add { names } => Roster(self).add_pupils(ctx, prefs, class, bytes, name, names),
            ClassCommand::Remove { name: pupil } => {
                Roster(self).remove_pupil(ctx, prefs, class, bytes, name, pupil)
            }
            ClassCommand::Erase { name: pupil } => Erasure(self).erase_pupil(ctx, prefs, class, bytes, pupil),
            ClassCommand::Bind { name: pupil, mention } => {
                Roster(self).bind_pupil(ctx, prefs, class, bytes, name, pupil, mention)
            }
            ClassCommand::Team {
                name: team,
                members,
                order,
            } => Roster(self).team(ctx, prefs, class, bytes, name, (team, members, order)),
            ClassCommand::Match { seats, spec } => {
                self.class_match(ctx, prefs, class, bytes, seats, spec, false)
            }
            ClassCommand::Activity { seats, spec } => {
                if spec.game != GameKind::Fano {
                    return Err(Fail::user("class-activity-fano", Vec::new()));
                }
                self.class_match(ctx, prefs, class, bytes, seats, spec, true)
            }
            ClassCommand::Tournament { spec, swiss, teams } => {
                Tournaments(self).class_tournament(ctx, prefs, class, bytes, spec, swiss, teams)
            }
            ClassCommand::Pause { id } | ClassCommand::Resume { id } => {
                MatchControls(self).pause_or_resume(ctx, prefs, class, bytes, name, id, name == "class-pause")
            }
            ClassCommand::Undo { id } => MatchControls(self).undo(ctx, prefs, class, bytes, name, id),
            ClassCommand::Restart { id } => MatchControls(self).restart(ctx, prefs, class, bytes, name, id),
            ClassCommand::Result { id, winner } => {
                MatchControls(self).result(ctx, prefs, class, bytes, name, id, winner)
            }
            ClassCommand::Link { new } => ClassScreens(self).class_link(ctx, class, bytes, new),
            ClassCommand::Learn { game, lesson } => ClassLessons(self).learn(ctx, prefs, class, game, lesson),
            ClassCommand::Puzzle { game } => ClassHomework(self).class_puzzle(ctx, prefs, class, game),
            ClassCommand::Homework { game, count } => {
                ClassHomework(self).homework(ctx, prefs, class, game, count)
            }
            ClassCommand::Progress => {
                let mut reply = ClassLessons(self).progress(ctx, prefs, &class)?;
                let simul = Simuls(self).progress_lines(prefs.locale, &class)?;
                if let (Some(said), false) = (reply.messages.first_mut(), simul.is_empty()) {
                    said.text.push('\n');
                    said.text.push_str(&simul.join("\n"));
                }
                Ok(reply)
            }
            ClassCommand::Report => ClassReport(self).report(ctx, &class),
            ClassCommand::Simul { spec, restart } => {
                Simuls(self).start(ctx, prefs, (class, bytes), spec, restart)
            }
            ClassCommand::SimulStop => Simuls(self).stop(ctx, prefs, class),
            ClassCommand::Vote {
                spec,
                level,
                seconds,
                change,
            } => Votes(self).start(
                ctx,
                prefs,
                (class, bytes),
                spec,
                VoteSetup {
                    level,
                    seconds,
                    change,
                },
            ),
            ClassCommand::VotePlay => Votes(self).play_now(ctx, &class),
            ClassCommand::VoteStop => Votes(self).stop(ctx, &class),
            ClassCommand::VoteReveal => Votes(self).reveal(ctx, &class),
            ClassCommand::Export => ClassArchive(self).export(ctx, &class),
            ClassCommand::New { .. }
            | ClassCommand::Show
            | ClassCommand::Standings
            | ClassCommand::Csv
            | ClassCommand::Dashboard
            | ClassCommand::GoOn { .. }
            | ClassCommand::Ballot { .. } => unreachable!("not a management command"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn class_match(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        seats: [String; 2],
        spec: GameSpec,
        activity: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let mut names = Vec::new();
        for seat in &seats {
            names.push(
                class
                    .seat_name(seat)
                    .ok_or_else(|| ClassLife(self).no_seat(&class, seat))?,
            );
        }
        if names[0] == names[1] {
            return Err(Fail::user("class-same-seat", vec![("name", names[0].clone())]));
        }
        let link = ClassLink {
            activity,
            ..ClassLink::default()
        };
        let (record, game) =
            ClassLife(self).seated_match(ctx, locale, [&names[0], &names[1]], &spec, link)?;
        let mut matches = [record];
        let class = ClassMatchStore(self).commit_class_matches(
            ctx,
            &bytes,
            &class,
            &mut matches,
            &|_, _| {},
            "class-match",
        )?;
        let [record] = matches;
        let key = if activity {
            "class-activity-started"
        } else {
            "class-match-started"
        };
        let text = t(
            locale,
            key,
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
                ("first", player_label(self, locale, &record, Side::First)),
                ("second", player_label(self, locale, &record, Side::Second)),
            ],
        );
        let mut reply = ClassLife(self).class_board_reply(ctx, prefs, key, text, &record, &game);
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }
}
