//! The class commands (`class new`, `add`, `match`, `result`, …) on the match service: the
//! roster, seat matches and the teacher's decisions. Tournaments are in `tournament.rs`, what
//! the class sees in `reports.rs`.

use crate::class::lessons::ClassLessons;
use crate::class::lifecycle::ClassLife;
use crate::class::match_hooks::ClassMatches;
use crate::class::reports::ClassReports;
use crate::class::screen::ClassScreens;
use crate::class::tournament::Tournaments;
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::commit::Commits;
use lalao_core::{AnyGame, GameKind, Side};

use super::{same_name, valid_name, ClassLink, ClassRecord, Pupil, Team, TeamOrder, MAX_PUPILS};
use crate::command::{ClassCommand, GameSpec};
use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::lookups::stage_refusal;
use crate::kernel::wording::{ending_text, game_name, message, player_label, show_board, side_name, single};
use crate::kernel::{Context, Fail, Kind, Prefs, Reply};
use crate::record::{self, Ending, MatchRecord, Stage};
use lalao_model::timing::MatchClock;

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
        mut class: ClassRecord,
        bytes: Vec<u8>,
        command: ClassCommand,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let name = command.name();
        match command {
            ClassCommand::Settings {
                name: new_name,
                locale: new_locale,
                style,
            } => ClassLife(self).class_settings(ctx, class, bytes, new_name, new_locale, style),
            ClassCommand::Delete => ClassLife(self).class_delete(ctx, prefs, class, bytes),
            ClassCommand::Add { names } => {
                for raw in &names {
                    if !valid_name(raw) {
                        return Err(Fail::user("class-bad-name", vec![("name", raw.clone())]));
                    }
                    let taken = class.seat_name(raw).is_some()
                        || names.iter().filter(|other| same_name(other, raw)).count() > 1;
                    if taken {
                        return Err(Fail::user("class-name-taken", vec![("name", raw.clone())]));
                    }
                }
                if class.pupils.len() + names.len() > MAX_PUPILS {
                    return Err(Fail::user("class-full", vec![("max", MAX_PUPILS.to_string())]));
                }
                class.pupils.extend(names.iter().map(|name| Pupil {
                    name: name.clone(),
                    account: None,
                    learned: Default::default(),
                    puzzles: Default::default(),
                    homework: Vec::new(),
                }));
                ClassScreens::fill_seat_links(&mut class);
                class.version += 1;
                ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
                Ok(single(ctx, "class-show", ClassReports(self).roster_text(&class)))
            }
            ClassCommand::Remove { name: pupil } => {
                let found = class
                    .pupil(&pupil)
                    .map(|pupil| pupil.name.clone())
                    .ok_or_else(|| self.no_seat(&class, &pupil))?;
                class.pupils.retain(|pupil| pupil.name != found);
                for team in &mut class.teams {
                    team.members.retain(|member| *member != found);
                }
                class.teams.retain(|team| !team.members.is_empty());
                ClassScreens::fill_seat_links(&mut class);
                class.version += 1;
                ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
                Ok(single(ctx, "class-show", ClassReports(self).roster_text(&class)))
            }
            ClassCommand::Bind { name: pupil, mention } => {
                let account = ctx
                    .platform
                    .user_from_mention(&mention)
                    .ok_or_else(|| Fail::user("bad-mention", vec![("mention", mention.clone())]))?;
                let found = class.pupil(&pupil).map(|pupil| pupil.name.clone());
                let Some(found) = found else {
                    return Err(self.no_seat(&class, &pupil));
                };
                // One account, one seat: an account bound to two seats could move both sides of
                // a match between them.
                if let Some(other) = class
                    .pupils
                    .iter()
                    .find(|entry| entry.name != found && entry.account.as_ref() == Some(&account))
                {
                    return Err(Fail::user(
                        "class-account-taken",
                        vec![("account", self.name_of(&account)), ("name", other.name.clone())],
                    ));
                }
                for entry in &mut class.pupils {
                    if entry.name == found {
                        entry.account = Some(account.clone());
                    }
                }
                class.version += 1;
                ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
                let text = t(
                    locale,
                    "class-bound",
                    &[("name", found), ("account", self.name_of(&account))],
                );
                Ok(single(ctx, "class-bound", text))
            }
            ClassCommand::Team {
                name: team,
                members,
                order,
            } => {
                if !valid_name(&team) || class.pupil(&team).is_some() {
                    return Err(Fail::user("class-name-taken", vec![("name", team)]));
                }
                let mut names = Vec::new();
                for member in &members {
                    let found = class
                        .pupil(member)
                        .map(|pupil| pupil.name.clone())
                        .ok_or_else(|| self.no_seat(&class, member))?;
                    if names.contains(&found) {
                        return Err(Fail::user("class-name-taken", vec![("name", found)]));
                    }
                    names.push(found);
                }
                // A pupil plays for one team: in two, a match between them would be theirs on
                // both sides.
                if let Some((pupil, other)) = class
                    .teams
                    .iter()
                    .filter(|existing| !same_name(&existing.name, &team))
                    .find_map(|existing| {
                        names
                            .iter()
                            .find(|name| existing.members.contains(name))
                            .map(|name| (name.clone(), existing.name.clone()))
                    })
                {
                    return Err(Fail::user(
                        "class-team-overlap",
                        vec![("name", pupil), ("team", other)],
                    ));
                }
                class.teams.retain(|existing| !same_name(&existing.name, &team));
                if class.teams.len() >= super::MAX_TEAMS {
                    return Err(Fail::user(
                        "class-too-many-teams",
                        vec![("max", super::MAX_TEAMS.to_string())],
                    ));
                }
                class.teams.push(Team {
                    name: team.clone(),
                    members: names.clone(),
                    order,
                });
                class.version += 1;
                ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
                let key = match order {
                    TeamOrder::Rotation => "class-team-rotation",
                    TeamOrder::Any => "class-team-any",
                };
                let text = t(locale, key, &[("team", team), ("members", names.join(", "))]);
                Ok(single(ctx, key, text))
            }
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
                let pause = name == "class-pause";
                let (old, old_bytes) = self.class_match_of(&class, id)?;
                if !old.stage.is_active() {
                    return Err(stage_refusal(&old));
                }
                let now = self.now();
                let mut new = old.clone();
                if let Some(link) = new.class.as_mut() {
                    match (pause, link.paused_at) {
                        // The pause began earlier: keep its start.
                        (true, Some(_)) => {}
                        (true, None) => link.paused_at = Some(now),
                        (false, since) => {
                            // The clock stood still while paused: the turn starts later by
                            // that much (deadline, reminders and the bank's accounting all
                            // count from its start; the commit sets the timers again).
                            if let (Some(since), Some(turn)) = (since, new.clock.turn.as_mut()) {
                                turn.started += now.saturating_sub(since.max(turn.started));
                            }
                            link.paused_at = None;
                        }
                    }
                    link.paused = pause;
                }
                new.version += 1;
                new.updated_at = now;
                let (new, announced) =
                    Commits(self).commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let key = if pause {
                    "class-paused-done"
                } else {
                    "class-resumed"
                };
                let mut reply = single(ctx, key, t(locale, key, &[("id", id.to_string())]));
                ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
                Ok(reply)
            }
            ClassCommand::Undo { id } => {
                let (old, old_bytes) = self.class_match_of(&class, id)?;
                let Some(undone) = old.moves.last().cloned() else {
                    return Err(Fail::user("undo-nothing", Vec::new()));
                };
                let mut new = old.clone();
                let keep = old.moves.len() - 1;
                let mut game = old.replay(keep.saturating_sub(1))?;
                new.last_events = match keep.checked_sub(1) {
                    Some(previous) => game.play(&old.moves[previous]).map_err(|err| {
                        Fail::Record(record::RecordError::Game {
                            id,
                            message: err.to_string(),
                        })
                    })?,
                    None => Vec::new(),
                };
                new.moves.truncate(keep);
                new.state = game.save();
                new.stage = Stage::Playing;
                new.draw_offer = None;
                new.undo_request = None;
                new.version += 1;
                new.updated_at = self.now();
                let (new, announced) =
                    Commits(self).commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = t(locale, "undo-done", &[("move", undone), ("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "undo-done", text, &new, &game);
                ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
                Ok(reply)
            }
            ClassCommand::Restart { id } => {
                let (old, old_bytes) = self.class_match_of(&class, id)?;
                let game = old.initial_game().map_err(|err| {
                    Fail::Record(record::RecordError::Game {
                        id,
                        message: err.to_string(),
                    })
                })?;
                let mut new = old.clone();
                new.moves.clear();
                new.last_events.clear();
                new.state = game.save();
                new.stage = Stage::Playing;
                new.draw_offer = None;
                new.undo_request = None;
                if let Some(link) = new.class.as_mut() {
                    link.paused = false;
                    link.paused_at = None;
                }
                // A fresh clock too: same control, no banks, no turn (the old timers are
                // removed by the commit, which compares with the old record's list).
                new.clock = MatchClock {
                    control: old.clock.control,
                    ..MatchClock::default()
                };
                new.version += 1;
                new.updated_at = self.now();
                let (new, announced) =
                    Commits(self).commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = t(locale, "class-restarted", &[("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "class-restarted", text, &new, &game);
                ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
                Ok(reply)
            }
            ClassCommand::Result { id, winner } => {
                let (old, old_bytes) = self.class_match_of(&class, id)?;
                let players = old.players.clone().expect("class matches are seated");
                let winner_side = match winner.to_lowercase().as_str() {
                    "draw" | "nulle" | "égalité" | "egalite" => None,
                    word => Some(
                        Side::BOTH
                            .into_iter()
                            .find(|side| {
                                same_name(players[side.index()].local(), word)
                                    || old.game.side_name(*side) == word
                                    || same_name(&side_name(locale, old.game, *side), word)
                            })
                            .ok_or_else(|| {
                                Fail::user(
                                    "class-result-who",
                                    vec![
                                        ("word", winner.clone()),
                                        ("first", players[0].local().to_owned()),
                                        ("second", players[1].local().to_owned()),
                                    ],
                                )
                            })?,
                    ),
                };
                let game = old.current_game()?;
                let mut new = old.clone();
                new.stage = Stage::Finished {
                    ending: Ending::Adjudicated {
                        winner: winner_side,
                        judge: ctx.user.clone(),
                    },
                };
                new.draw_offer = None;
                new.undo_request = None;
                new.version += 1;
                new.updated_at = self.now();
                let (new, announced) =
                    Commits(self).commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = ending_text(self, locale, &new).unwrap_or_default();
                let mut reply = self.class_board_reply(ctx, prefs, "class-result", text, &new, &game);
                ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
                Ok(reply)
            }
            ClassCommand::Link { new } => ClassScreens(self).class_link(ctx, class, bytes, new),
            ClassCommand::Learn { game, lesson } => ClassLessons(self).learn(ctx, prefs, class, game, lesson),
            ClassCommand::Puzzle { game } => {
                super::homework::ClassHomework(self).class_puzzle(ctx, prefs, class, game)
            }
            ClassCommand::Homework { game, count } => {
                super::homework::ClassHomework(self).homework(ctx, prefs, class, game, count)
            }
            ClassCommand::Progress => ClassLessons(self).progress(ctx, prefs, &class),
            ClassCommand::New { .. }
            | ClassCommand::Show
            | ClassCommand::Standings
            | ClassCommand::Csv
            | ClassCommand::Dashboard => unreachable!("not a management command"),
        }
    }

    pub(super) fn no_seat(&self, class: &ClassRecord, name: &str) -> Fail {
        let mut seats: Vec<String> = class.pupils.iter().map(|pupil| pupil.name.clone()).collect();
        seats.extend(class.teams.iter().map(|team| team.name.clone()));
        Fail::user(
            "class-no-pupil",
            vec![("name", name.to_owned()), ("pupils", seats.join(", "))],
        )
    }

    /// A class match of this class, by id.
    pub(super) fn class_match_of(
        &self,
        class: &ClassRecord,
        id: MatchId,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        match self.load(id)? {
            Some((record, bytes)) if record.class.is_some() && record.channel == class.channel => {
                Ok((record, bytes))
            }
            _ => Err(Fail::user("class-not-class-match", vec![("id", id.to_string())])),
        }
    }

    pub(super) fn class_board_reply(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
    ) -> Reply {
        let mut message = message(ctx, key, text);
        // Class matches mention nobody (seats hold no account).
        message.kind = Kind::BoardChanged { to_move: None };
        show_board(&mut message, self, record, game, prefs, &ctx.user, None);
        message.on_game(record, game);
        Reply {
            messages: vec![message],
            ..Reply::default()
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
            names.push(class.seat_name(seat).ok_or_else(|| self.no_seat(&class, seat))?);
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
        let class = ClassLife(self).commit_class_matches(
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
        let mut reply = self.class_board_reply(ctx, prefs, key, text, &record, &game);
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }
}
