//! The class commands on the match service, and the hooks the match commands call for class
//! matches (who may move a seat, pausing, results feeding the tournament, the dashboard).

use lalao_core::any::AnyOptions;
use lalao_core::event::Phase;
use lalao_core::{AnyGame, Event, GameKind, Side, Winner};
use lalao_renderer::{Locale, Style, View};
use serde_json::Map;

use super::pairing::{self, Score};
use super::{
    same_name, seat_user, valid_name, ClassCommand, ClassLink, ClassRecord, Format, GameSpec, Pairing, Pupil,
    Round, Team, TeamOrder, Tournament, MAX_PUPILS,
};
use crate::i18n::t;
use crate::ids::{MatchId, Platform};
use crate::record::{self, Ending, MatchRecord, Stage, RECORD_VERSION};
use crate::schedule::timing::MatchClock;
use crate::service::commands::{option_value, options_refusal, stage_refusal};
use crate::service::present::{board_of, ending_text, game_name, message, player_label, side_name, single};
use crate::service::{Audience, Context, Fail, MatchRef, Message, Prefs, Reply, Service};
use crate::store::{keys, Committed, Txn};

/// How a finished class match counts in a tournament.
enum Done {
    Scored(Score),
    /// Over without a result (cancelled, an activity).
    Unscored,
}

impl Service {
    pub(crate) fn class_of(
        &self,
        channel: &crate::ids::ChannelId,
    ) -> Result<Option<(ClassRecord, Vec<u8>)>, Fail> {
        match self.store().get(&keys::class_key(channel))? {
            None => Ok(None),
            Some(bytes) => Ok(Some((record::decode(&bytes, "a class record")?, bytes))),
        }
    }

    /// The class's language and style rule its channel: the classroom screen is shared, so it
    /// should not switch language with whoever typed last.
    pub(crate) fn class_prefs(&self, ctx: &Context) -> Option<Prefs> {
        let (class, _) = self.class_of(&ctx.channel).ok().flatten()?;
        Some(Prefs {
            locale: class.locale,
            style: class.style,
        })
    }

    /// The teacher, or a moderator of a chat channel. The console marks every typist a
    /// moderator (it is one person's machine), but on the classroom screen pupils type too, so
    /// there only the teacher's name manages the class.
    fn manages(ctx: &Context, class: &ClassRecord) -> bool {
        ctx.user == class.teacher
            || (ctx.moderator && ctx.platform != Platform::Console && ctx.channel == class.channel)
    }

    fn require_manager(&self, ctx: &Context, class: &ClassRecord) -> Result<(), Fail> {
        if Self::manages(ctx, class) {
            return Ok(());
        }
        Err(Fail::user(
            "class-teacher-only",
            vec![("teacher", self.name_of(&class.teacher))],
        ))
    }

    fn require_class(&self, ctx: &Context) -> Result<(ClassRecord, Vec<u8>), Fail> {
        self.class_of(&ctx.channel)?
            .ok_or_else(|| Fail::user("class-none", Vec::new()))
    }

    /// Whether the caller manages the class of a class match.
    pub(crate) fn is_class_manager(&self, ctx: &Context, record: &MatchRecord) -> Result<bool, Fail> {
        if record.class.is_none() || record.channel != ctx.channel {
            return Ok(false);
        }
        Ok(self
            .class_of(&record.channel)?
            .is_some_and(|(class, _)| Self::manages(ctx, &class)))
    }

    /// The sides the caller may move in a running class match: both for the teacher, else the
    /// seats bound to the caller's account (for a team in rotation, only when it is that
    /// member's turn).
    pub(crate) fn class_sides(
        &self,
        ctx: &Context,
        record: &MatchRecord,
        link: &ClassLink,
    ) -> Result<Vec<Side>, Fail> {
        if link.paused {
            return Err(Fail::user("class-paused", vec![("id", record.id.to_string())]));
        }
        let Some((class, _)) = self.class_of(&record.channel)? else {
            return Err(Fail::user("not-a-player", vec![("id", record.id.to_string())]));
        };
        if Self::manages(ctx, &class) {
            return Ok(Side::BOTH.to_vec());
        }
        let players = record.players.as_ref();
        let mut sides = Vec::new();
        for side in Side::BOTH {
            let Some(seat) = players.map(|players| &players[side.index()]) else {
                continue;
            };
            let name = seat.local();
            let holds = match (class.pupil(name), class.team(name)) {
                (Some(pupil), _) => pupil.account.as_ref() == Some(&ctx.user),
                (None, Some(team)) => {
                    let allowed: Vec<&str> = match team.order {
                        TeamOrder::Any => team.members.iter().map(String::as_str).collect(),
                        TeamOrder::Rotation => expected_member(record, team, side).into_iter().collect(),
                    };
                    allowed.iter().any(|member| {
                        class
                            .pupil(member)
                            .is_some_and(|pupil| pupil.account.as_ref() == Some(&ctx.user))
                    })
                }
                (None, None) => false,
            };
            if holds {
                sides.push(side);
            }
        }
        if sides.is_empty() {
            return Err(Fail::user(
                "class-not-your-seat",
                vec![
                    ("id", record.id.to_string()),
                    ("teacher", self.name_of(&class.teacher)),
                ],
            ));
        }
        Ok(sides)
    }

    /// Board names for a class match: a team's name says which member is expected to move.
    pub(crate) fn class_board_names(
        &self,
        record: &MatchRecord,
        game: &AnyGame,
        locale: Locale,
    ) -> Option<[String; 2]> {
        record.class.as_ref()?;
        let players = record.players.as_ref()?;
        let class = self
            .class_of(&record.channel)
            .ok()
            .flatten()
            .map(|(class, _)| class);
        Some(Side::BOTH.map(|side| {
            let name = players[side.index()].local().to_owned();
            let team = class.as_ref().and_then(|class| class.team(&name));
            match team {
                Some(team) if game.outcome().is_none() && game.to_move() == side => {
                    let member = match team.order {
                        TeamOrder::Rotation => {
                            expected_member(record, team, side).unwrap_or_default().to_owned()
                        }
                        TeamOrder::Any => t(locale, "class-team-anyone", &[]),
                    };
                    t(
                        locale,
                        "class-team-expected",
                        &[("team", name), ("member", member)],
                    )
                }
                _ => name,
            }
        }))
    }

    /// Ends a placement-only activity once every pawn is placed.
    pub(crate) fn class_after_move(record: &mut MatchRecord, events: &[Event]) {
        let activity = record.class.as_ref().is_some_and(|link| link.activity);
        let placed_all = events.iter().any(|event| {
            matches!(
                event,
                Event::PhaseChanged {
                    phase: Phase::Movement
                }
            )
        });
        // Whatever the position means for the game (a blocked side), the activity is over.
        if activity && placed_all {
            record.stage = Stage::Finished {
                ending: Ending::ActivityDone,
            };
        }
    }

    /// After a class match changed: the sowing replay for mancala moves, the next tournament
    /// round when this one is complete, and the refreshed dashboard. Failures here are logged,
    /// not shown: the change itself is already durable, and any later class command catches up.
    pub(crate) fn class_followup(
        &self,
        ctx: &Context,
        prefs: Prefs,
        record: &MatchRecord,
        moved: bool,
        reply: &mut Reply,
    ) {
        if record.class.is_none() {
            return;
        }
        if moved {
            self.sowing_frames(ctx, prefs, record, reply);
        }
        match self.advance(ctx, prefs) {
            Ok(messages) => reply.messages.extend(messages),
            Err(_) => tracing::warn!("could not advance the class tournament"),
        }
        match self.class_of(&record.channel) {
            Ok(Some((class, _))) => match self.dashboard(ctx, prefs, &class, "class-dashboard-update") {
                Ok(message) => reply.messages.push(message),
                Err(_) => tracing::warn!("could not refresh the class dashboard"),
            },
            _ => tracing::warn!("the class of a class match is gone"),
        }
    }

    /// RULES.md's mancala moves replayed lap by lap for children (the renderer draws them).
    fn sowing_frames(&self, ctx: &Context, prefs: Prefs, record: &MatchRecord, reply: &mut Reply) {
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
        let names = self
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

    pub(crate) fn class_command(
        &self,
        ctx: &Context,
        prefs: Prefs,
        command: ClassCommand,
    ) -> Result<Reply, Fail> {
        if let ClassCommand::New { name, locale, style } = command {
            return self.class_new(ctx, prefs, name, locale, style);
        }
        // A round the scheduler completed (a time-out forfeit) was not followed up by any
        // command: the next class command pairs it, whoever asks.
        let caught_up = match self.class_of(&ctx.channel)? {
            Some((class, _)) if self.round_pending(&class)? => {
                let prefs = Prefs {
                    locale: class.locale,
                    style: class.style,
                };
                self.advance(ctx, prefs).unwrap_or_else(|_| {
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
    fn round_pending(&self, class: &ClassRecord) -> Result<bool, Fail> {
        let Some(tournament) = &class.tournament else {
            return Ok(false);
        };
        match tournament.rounds.last() {
            Some(last) if tournament.rounds.len() < tournament.planned_rounds() => self.round_done(last),
            _ => Ok(false),
        }
    }

    fn class_subcommand(&self, ctx: &Context, command: ClassCommand) -> Result<Reply, Fail> {
        let (class, bytes) = self.require_class(ctx)?;
        let locale = class.locale;
        let prefs = Prefs {
            locale,
            style: class.style,
        };
        match command {
            ClassCommand::New { .. } => unreachable!("handled above"),
            ClassCommand::Show => Ok(single(ctx, "class-show", self.roster_text(&class))),
            ClassCommand::Standings => {
                let text = self.standings_text(&class)?;
                Ok(single(ctx, "class-standings", text))
            }
            ClassCommand::Csv => {
                let csv = self.csv(&class)?;
                Ok(single(
                    ctx,
                    "class-csv",
                    format!("{}\n{csv}", t(locale, "class-csv", &[])),
                ))
            }
            ClassCommand::Dashboard => {
                let message = self.dashboard(ctx, prefs, &class, "class-dashboard")?;
                Ok(Reply {
                    messages: vec![message],
                    duplicate: false,
                })
            }
            other => {
                self.require_manager(ctx, &class)?;
                self.class_manage(ctx, prefs, class, bytes, other)
            }
        }
    }

    fn class_new(
        &self,
        ctx: &Context,
        prefs: Prefs,
        name: Option<String>,
        locale: Option<Locale>,
        style: Option<Style>,
    ) -> Result<Reply, Fail> {
        if let Some((class, _)) = self.class_of(&ctx.channel)? {
            return Err(Fail::user(
                "class-exists",
                vec![("name", class.name), ("teacher", self.name_of(&class.teacher))],
            ));
        }
        let class = ClassRecord {
            v: RECORD_VERSION,
            channel: ctx.channel.clone(),
            version: 1,
            name: name.unwrap_or_else(|| t(locale.unwrap_or(Locale::Fr), "class-default-name", &[])),
            teacher: ctx.user.clone(),
            // Pupils are young and often French-speaking: French and large boards unless the
            // teacher says otherwise.
            locale: locale.unwrap_or(Locale::Fr),
            style: style.unwrap_or(Style::Large),
            pupils: Vec::new(),
            teams: Vec::new(),
            matches: Vec::new(),
            tournament: None,
            created_at: self.now(),
        };
        let _ = prefs;
        self.save_class(ctx, None, &class, "class-new")?;
        let text = t(
            class.locale,
            "class-created",
            &[("name", class.name.clone()), ("teacher", self.name_of(&ctx.user))],
        );
        Ok(single(ctx, "class-created", text))
    }

    fn save_class(
        &self,
        ctx: &Context,
        old: Option<Vec<u8>>,
        class: &ClassRecord,
        command: &str,
    ) -> Result<(), Fail> {
        let key = keys::class_key(&class.channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), old).put(key, record::encode(class));
        self.commit_other(ctx, txn, command)
    }

    fn class_manage(
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
                }));
                class.version += 1;
                self.save_class(ctx, Some(bytes), &class, name)?;
                Ok(single(ctx, "class-show", self.roster_text(&class)))
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
                class.version += 1;
                self.save_class(ctx, Some(bytes), &class, name)?;
                Ok(single(ctx, "class-show", self.roster_text(&class)))
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
                for entry in &mut class.pupils {
                    if entry.name == found {
                        entry.account = Some(account.clone());
                    }
                }
                class.version += 1;
                self.save_class(ctx, Some(bytes), &class, name)?;
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
                class.teams.retain(|existing| !same_name(&existing.name, &team));
                class.teams.push(Team {
                    name: team.clone(),
                    members: names.clone(),
                    order,
                });
                class.version += 1;
                self.save_class(ctx, Some(bytes), &class, name)?;
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
                self.class_tournament(ctx, prefs, class, bytes, spec, swiss, teams)
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
                let new = self.commit_match(ctx, Some((&old, &old_bytes)), &new, Txn::default(), name)?;
                let key = if pause {
                    "class-paused-done"
                } else {
                    "class-resumed"
                };
                let mut reply = single(ctx, key, t(locale, key, &[("id", id.to_string())]));
                self.class_followup(ctx, prefs, &new, false, &mut reply);
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
                let new = self.commit_match(ctx, Some((&old, &old_bytes)), &new, Txn::default(), name)?;
                let text = t(locale, "undo-done", &[("move", undone), ("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "undo-done", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, &mut reply);
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
                let new = self.commit_match(ctx, Some((&old, &old_bytes)), &new, Txn::default(), name)?;
                let text = t(locale, "class-restarted", &[("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "class-restarted", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, &mut reply);
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
                let new = self.commit_match(ctx, Some((&old, &old_bytes)), &new, Txn::default(), name)?;
                let text = ending_text(self, locale, &new).unwrap_or_default();
                let mut reply = self.class_board_reply(ctx, prefs, "class-result", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, &mut reply);
                Ok(reply)
            }
            ClassCommand::New { .. }
            | ClassCommand::Show
            | ClassCommand::Standings
            | ClassCommand::Csv
            | ClassCommand::Dashboard => unreachable!("not a management command"),
        }
    }

    fn no_seat(&self, class: &ClassRecord, name: &str) -> Fail {
        let mut seats: Vec<String> = class.pupils.iter().map(|pupil| pupil.name.clone()).collect();
        seats.extend(class.teams.iter().map(|team| team.name.clone()));
        Fail::user(
            "class-no-pupil",
            vec![("name", name.to_owned()), ("pupils", seats.join(", "))],
        )
    }

    /// A class match of this class, by id.
    fn class_match_of(&self, class: &ClassRecord, id: MatchId) -> Result<(MatchRecord, Vec<u8>), Fail> {
        match self.load(id)? {
            Some((record, bytes)) if record.class.is_some() && record.channel == class.channel => {
                Ok((record, bytes))
            }
            _ => Err(Fail::user("class-not-class-match", vec![("id", id.to_string())])),
        }
    }

    fn class_board_reply(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
    ) -> Reply {
        let mut message = message(ctx, key, text);
        message.board = Some(board_of(self, record, game, prefs, &ctx.user, None, None));
        message.match_ref = Some(MatchRef {
            id: record.id,
            version: record.version,
        });
        Reply {
            messages: vec![message],
            duplicate: false,
        }
    }

    /// A new seated class match (id still 0) and its fresh game.
    fn seated_match(
        &self,
        ctx: &Context,
        locale: Locale,
        seats: [&str; 2],
        spec: &GameSpec,
        link: ClassLink,
    ) -> Result<(MatchRecord, AnyGame), Fail> {
        // `time=` and `bank=` are the clock's (docs/time-controls.md); without them a class
        // match has no clock, like any friendly match.
        let mut game_options = spec.options.clone();
        let control = crate::schedule::timing::control_from_options(&mut game_options)
            .map_err(|err| Fail::user(err.message_id(), Vec::new()))?;
        let mut options = Map::new();
        for (key, value) in &game_options {
            options.insert(key.clone(), option_value(value));
        }
        let game = AnyOptions::from_json(spec.game, &options, &spec.variants)
            .and_then(AnyGame::new)
            .map_err(|err| options_refusal(locale, spec.game, &err))?;
        let now = self.now();
        let record = MatchRecord {
            v: RECORD_VERSION,
            id: MatchId(0),
            version: 1,
            channel: ctx.channel.clone(),
            game: spec.game,
            options,
            variants: spec.variants.clone(),
            // The teacher "challenges": every class match is in the teacher's active list.
            challenger: ctx.user.clone(),
            opponent: None,
            practice: false,
            challenger_side: None,
            players: Some(seats.map(seat_user)),
            stage: Stage::Playing,
            moves: Vec::new(),
            state: game.save(),
            last_events: Vec::new(),
            draw_offer: None,
            undo_request: None,
            created_at: now,
            updated_at: now,
            class: Some(link),
            clock: MatchClock {
                control,
                ..MatchClock::default()
            },
            computer: None,
            post: crate::record::Post::default(),
        };
        Ok((record, game))
    }

    /// One atomic step: new match ids from the sequence, the matches with their indexes, and
    /// the class record (which `attach` updates with the ids). Retried if another match took
    /// the ids meanwhile.
    fn commit_class_matches(
        &self,
        ctx: &Context,
        old_class: &[u8],
        class: &ClassRecord,
        matches: &mut [MatchRecord],
        attach: &dyn Fn(&mut ClassRecord, &[MatchId]),
        command: &str,
    ) -> Result<ClassRecord, Fail> {
        let store = self.store();
        loop {
            let old_seq = store.get(keys::MATCH_SEQ)?;
            let last = old_seq
                .as_deref()
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .and_then(|text| text.parse::<u64>().ok())
                .unwrap_or(0);
            let ids: Vec<MatchId> = (0..matches.len() as u64).map(|i| MatchId(last + 1 + i)).collect();
            let mut txn = Txn::default();
            txn.check(keys::MATCH_SEQ.to_vec(), old_seq).put(
                keys::MATCH_SEQ.to_vec(),
                (last + matches.len() as u64).to_string().into_bytes(),
            );
            // Each match through the service's one path: indexes and the scheduler's clock and
            // timers are written in this same commit.
            let mut stored = Vec::with_capacity(matches.len());
            for (record, id) in matches.iter().zip(&ids) {
                let mut record = record.clone();
                record.id = *id;
                stored.push(self.match_txn(None, record, &mut txn)?);
            }
            let mut new_class = class.clone();
            attach(&mut new_class, &ids);
            new_class.matches.extend(&ids);
            new_class.version += 1;
            let class_key = keys::class_key(&class.channel);
            txn.check(class_key.clone(), Some(old_class.to_vec()))
                .put(class_key, record::encode(&new_class));
            self.add_event(ctx, &mut txn, command, ids.first().copied());
            match self.commit_txn(&txn)? {
                Committed::Applied => {
                    store.sync()?;
                    for (record, stored) in matches.iter_mut().zip(stored) {
                        *record = stored;
                    }
                    return Ok(new_class);
                }
                Committed::Conflict { key } if key == keys::MATCH_SEQ => continue,
                Committed::Conflict { key }
                    if ctx
                        .event
                        .as_ref()
                        .is_some_and(|event| keys::event_key(event) == key) =>
                {
                    return Err(Fail::Duplicate)
                }
                Committed::Conflict { .. } => return Err(Fail::user("try-again", Vec::new())),
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn class_match(
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
        let (record, game) = self.seated_match(ctx, locale, [&names[0], &names[1]], &spec, link)?;
        let mut matches = [record];
        let class =
            self.commit_class_matches(ctx, &bytes, &class, &mut matches, &|_, _| {}, "class-match")?;
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
            .push(self.dashboard(ctx, prefs, &class, "class-dashboard-update")?);
        Ok(reply)
    }

    #[allow(clippy::too_many_arguments)]
    fn class_tournament(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        spec: GameSpec,
        swiss: Option<u32>,
        teams: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        // Roster (or team) order is the seeding.
        let entrants: Vec<String> = if teams {
            class.teams.iter().map(|team| team.name.clone()).collect()
        } else {
            class.pupils.iter().map(|pupil| pupil.name.clone()).collect()
        };
        if entrants.len() < 2 {
            let key = if teams {
                "class-too-few-teams"
            } else {
                "class-too-few"
            };
            return Err(Fail::user(key, Vec::new()));
        }
        if let Some(tournament) = &class.tournament {
            if !self.tournament_over(tournament)? {
                return Err(Fail::user("class-tournament-running", Vec::new()));
            }
        }
        // Check the game and options once, before pairing anyone.
        self.seated_match(ctx, locale, ["a", "b"], &spec, ClassLink::default())?;
        let format = match swiss {
            None => Format::RoundRobin,
            // Without a count, as many rounds as it takes to find a sole winner in most classes.
            Some(0) => Format::Swiss {
                rounds: usize::BITS - (entrants.len() - 1).leading_zeros(),
            },
            Some(rounds) => Format::Swiss { rounds },
        };
        let mut start = class.clone();
        start.tournament = Some(Tournament {
            game: spec.game,
            options: Map::new(),
            variants: spec.variants.clone(),
            format,
            entrants,
            rounds: Vec::new(),
            started_at: self.now(),
        });
        let (class, messages) = self.pair_round(ctx, prefs, &start, &bytes, &spec, "class-tournament")?;
        let mut reply = Reply {
            messages,
            duplicate: false,
        };
        reply
            .messages
            .push(self.dashboard(ctx, prefs, &class, "class-dashboard-update")?);
        Ok(reply)
    }

    /// Pairs and starts the next round of the class tournament (`class` is the base to update;
    /// `old_bytes` the stored class the commit checks against).
    fn pair_round(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: &ClassRecord,
        old_bytes: &[u8],
        spec: &GameSpec,
        command: &str,
    ) -> Result<(ClassRecord, Vec<Message>), Fail> {
        let locale = prefs.locale;
        let tournament = class.tournament.as_ref().expect("a tournament to pair");
        let round = tournament.rounds.len();
        let plan = match tournament.format {
            Format::RoundRobin => pairing::round_robin(tournament.entrants.len(), round),
            Format::Swiss { .. } => pairing::swiss(&self.swiss_history(tournament)?),
        };
        let link = ClassLink {
            round: Some(round as u32 + 1),
            ..ClassLink::default()
        };
        let mut matches = Vec::new();
        for pair in &plan.pairs {
            let seats = [
                tournament.entrants[pair.white].as_str(),
                tournament.entrants[pair.black].as_str(),
            ];
            matches.push(self.seated_match(ctx, locale, seats, spec, link.clone())?.0);
        }
        let attach = |class: &mut ClassRecord, ids: &[MatchId]| {
            let tournament = class.tournament.as_mut().expect("a tournament");
            if tournament.options.is_empty() {
                let mut options = Map::new();
                for (key, value) in &spec.options {
                    options.insert(key.clone(), option_value(value));
                }
                tournament.options = options;
            }
            tournament.rounds.push(Round {
                games: plan
                    .pairs
                    .iter()
                    .zip(ids)
                    .map(|(pair, id)| Pairing {
                        white: pair.white,
                        black: pair.black,
                        match_id: *id,
                    })
                    .collect(),
                bye: plan.bye,
            });
        };
        let class = self.commit_class_matches(ctx, old_bytes, class, &mut matches, &attach, command)?;
        let tournament = class.tournament.as_ref().expect("a tournament");
        let mut text = t(
            locale,
            "class-round",
            &[
                ("round", (round + 1).to_string()),
                ("rounds", tournament.planned_rounds().to_string()),
                ("game", game_name(locale, tournament.game)),
            ],
        );
        for record in &matches {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-pairing",
                &[
                    ("id", record.id.to_string()),
                    ("first", player_label(self, locale, record, Side::First)),
                    ("second", player_label(self, locale, record, Side::Second)),
                ],
            ));
        }
        if let Some(bye) = plan.bye {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-bye",
                &[("name", tournament.entrants[bye].clone())],
            ));
        }
        Ok((class.clone(), vec![message(ctx, "class-round", text)]))
    }

    fn done(&self, id: MatchId) -> Result<Option<Done>, Fail> {
        let Some((record, _)) = self.load(id)? else {
            return Ok(Some(Done::Unscored));
        };
        Ok(match &record.stage {
            Stage::Finished { ending } => Some(match ending {
                Ending::Game { outcome } => match outcome.winner {
                    Winner::Side(Side::First) => Done::Scored(Score::WhiteWins),
                    Winner::Side(Side::Second) => Done::Scored(Score::BlackWins),
                    Winner::Draw => Done::Scored(Score::Draw),
                },
                Ending::Resigned { side: Side::First } => Done::Scored(Score::BlackWins),
                Ending::Resigned { side: Side::Second } => Done::Scored(Score::WhiteWins),
                Ending::DrawAgreed | Ending::Adjudicated { winner: None, .. } => Done::Scored(Score::Draw),
                Ending::Adjudicated {
                    winner: Some(Side::First),
                    ..
                } => Done::Scored(Score::WhiteWins),
                Ending::Adjudicated {
                    winner: Some(Side::Second),
                    ..
                } => Done::Scored(Score::BlackWins),
                Ending::Timeout { side: Side::First } => Done::Scored(Score::BlackWins),
                Ending::Timeout { side: Side::Second } => Done::Scored(Score::WhiteWins),
                Ending::ActivityDone => Done::Unscored,
            }),
            Stage::Declined | Stage::Cancelled { .. } | Stage::Expired | Stage::Aborted => {
                Some(Done::Unscored)
            }
            Stage::Challenge | Stage::Rite { .. } | Stage::Playing => None,
        })
    }

    fn round_done(&self, round: &Round) -> Result<bool, Fail> {
        for game in &round.games {
            if self.done(game.match_id)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn tournament_over(&self, tournament: &Tournament) -> Result<bool, Fail> {
        match tournament.rounds.last() {
            None => Ok(true),
            Some(last) => {
                Ok(tournament.rounds.len() >= tournament.planned_rounds() && self.round_done(last)?)
            }
        }
    }

    /// Every scored game and every bye of the tournament so far.
    fn tournament_games(&self, tournament: &Tournament) -> Result<(Vec<pairing::Game>, Vec<usize>), Fail> {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for round in &tournament.rounds {
            byes.extend(round.bye);
            for pairing in &round.games {
                if let Some(Done::Scored(score)) = self.done(pairing.match_id)? {
                    games.push(pairing::Game {
                        white: pairing.white,
                        black: pairing.black,
                        score,
                    });
                }
            }
        }
        Ok((games, byes))
    }

    fn swiss_history(&self, tournament: &Tournament) -> Result<Vec<pairing::History>, Fail> {
        let mut history = vec![pairing::History::default(); tournament.entrants.len()];
        let (_, byes) = self.tournament_games(tournament)?;
        for round in &tournament.rounds {
            for game in &round.games {
                history[game.white].whites += 1;
                history[game.black].blacks += 1;
                history[game.white].opponents.insert(game.black);
                history[game.black].opponents.insert(game.white);
            }
        }
        for bye in byes {
            history[bye].had_bye = true;
        }
        for row in self.standings_rows(tournament)? {
            history[row.entrant].points = row.points;
        }
        Ok(history)
    }

    fn standings_rows(&self, tournament: &Tournament) -> Result<Vec<pairing::Row>, Fail> {
        let (games, byes) = self.tournament_games(tournament)?;
        Ok(pairing::standings(tournament.entrants.len(), &games, &byes))
    }

    /// Starts the next round when the current one is complete; announces the final standings
    /// when the last one is. Runs with no event id: the triggering change already recorded it.
    fn advance(&self, ctx: &Context, prefs: Prefs) -> Result<Vec<Message>, Fail> {
        let Some((class, bytes)) = self.class_of(&ctx.channel)? else {
            return Ok(Vec::new());
        };
        let Some(tournament) = &class.tournament else {
            return Ok(Vec::new());
        };
        let Some(last) = tournament.rounds.last() else {
            return Ok(Vec::new());
        };
        if !self.round_done(last)? {
            return Ok(Vec::new());
        }
        let quiet = Context {
            event: None,
            ..ctx.clone()
        };
        if tournament.rounds.len() < tournament.planned_rounds() {
            let spec = GameSpec {
                game: tournament.game,
                options: tournament
                    .options
                    .iter()
                    .map(|(key, value)| {
                        let text = match value {
                            serde_json::Value::String(text) => text.clone(),
                            other => other.to_string(),
                        };
                        (key.clone(), text)
                    })
                    .collect(),
                variants: tournament.variants.clone(),
            };
            return match self.pair_round(&quiet, prefs, &class, &bytes, &spec, "class-round") {
                Ok((_, messages)) => Ok(messages),
                // Someone else paired the round first.
                Err(Fail::User { key: "try-again", .. }) => Ok(Vec::new()),
                Err(other) => Err(other),
            };
        }
        let mut text = t(prefs.locale, "class-tournament-over", &[]);
        text.push('\n');
        text.push_str(&self.standings_text(&class)?);
        Ok(vec![message(ctx, "class-tournament-over", text)])
    }

    fn roster_text(&self, class: &ClassRecord) -> String {
        let locale = class.locale;
        let mut text = t(
            locale,
            "class-roster",
            &[
                ("name", class.name.clone()),
                ("teacher", self.name_of(&class.teacher)),
                ("count", class.pupils.len().to_string()),
            ],
        );
        if class.pupils.is_empty() {
            text.push('\n');
            text.push_str(&t(locale, "class-roster-empty", &[]));
        }
        for pupil in &class.pupils {
            text.push('\n');
            match &pupil.account {
                Some(account) => text.push_str(&t(
                    locale,
                    "class-roster-bound",
                    &[("name", pupil.name.clone()), ("account", self.name_of(account))],
                )),
                None => text.push_str(&t(locale, "class-roster-pupil", &[("name", pupil.name.clone())])),
            }
        }
        for team in &class.teams {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-roster-team",
                &[("team", team.name.clone()), ("members", team.members.join(", "))],
            ));
        }
        text
    }

    /// The standings table, monospace (the console prints it as is; chat adapters put text in
    /// a code block already for boards).
    fn standings_text(&self, class: &ClassRecord) -> Result<String, Fail> {
        let locale = class.locale;
        let Some(tournament) = &class.tournament else {
            return Err(Fail::user("class-no-tournament", Vec::new()));
        };
        let rows = self.standings_rows(tournament)?;
        let mut text = t(
            locale,
            "class-standings",
            &[
                ("game", game_name(locale, tournament.game)),
                ("round", tournament.rounds.len().to_string()),
                ("rounds", tournament.planned_rounds().to_string()),
            ],
        );
        let width = tournament
            .entrants
            .iter()
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(t(locale, "class-col-name", &[]).chars().count());
        let header = [
            t(locale, "class-col-rank", &[]),
            t(locale, "class-col-name", &[]),
            t(locale, "class-col-played", &[]),
            t(locale, "class-col-won", &[]),
            t(locale, "class-col-drawn", &[]),
            t(locale, "class-col-lost", &[]),
            t(locale, "class-col-points", &[]),
            t(locale, "class-col-tiebreak", &[]),
        ];
        text.push('\n');
        text.push_str(&table_line(&header, width));
        for row in rows {
            let cells = [
                row.rank.to_string(),
                tournament.entrants[row.entrant].clone(),
                row.played.to_string(),
                row.wins.to_string(),
                row.draws.to_string(),
                row.losses.to_string(),
                row.points.to_string(),
                row.tiebreak.to_string(),
            ];
            text.push('\n');
            text.push_str(&table_line(&cells, width));
        }
        Ok(text)
    }

    /// Every tournament game as CSV (RFC 4180; the header is fixed English for spreadsheets and
    /// scripts): round, match, white, black, result (`1-0`, `0-1`, `½-½`, `*` unfinished,
    /// `-` no result), points of each, moves.
    fn csv(&self, class: &ClassRecord) -> Result<String, Fail> {
        let Some(tournament) = &class.tournament else {
            return Err(Fail::user("class-no-tournament", Vec::new()));
        };
        let mut out = String::from("round,match,first,second,result,first_points,second_points,moves");
        for (index, round) in tournament.rounds.iter().enumerate() {
            for game in &round.games {
                let moves = self
                    .load(game.match_id)?
                    .map_or(0, |(record, _)| record.moves.len());
                let (result, a, b) = match self.done(game.match_id)? {
                    None => ("*", String::new(), String::new()),
                    Some(Done::Unscored) => ("-", String::new(), String::new()),
                    Some(Done::Scored(Score::WhiteWins)) => ("1-0", pairing::WIN.to_string(), "0".to_owned()),
                    Some(Done::Scored(Score::BlackWins)) => ("0-1", "0".to_owned(), pairing::WIN.to_string()),
                    Some(Done::Scored(Score::Draw)) => {
                        ("1/2-1/2", pairing::DRAW.to_string(), pairing::DRAW.to_string())
                    }
                };
                out.push_str(&format!(
                    "\n{},{},{},{},{result},{a},{b},{moves}",
                    index + 1,
                    game.match_id.0,
                    csv_field(&tournament.entrants[game.white]),
                    csv_field(&tournament.entrants[game.black]),
                ));
            }
            if let Some(bye) = round.bye {
                out.push_str(&format!(
                    "\n{},,{},,bye,{},,0",
                    index + 1,
                    csv_field(&tournament.entrants[bye]),
                    pairing::BYE
                ));
            }
        }
        Ok(out)
    }

    /// The teacher's dashboard: one line per class match. `key` is `class-dashboard` when asked
    /// for, `class-dashboard-update` when it refreshes after a change (see [`Message::slot`]).
    fn dashboard(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: &ClassRecord,
        key: &'static str,
    ) -> Result<Message, Fail> {
        let locale = prefs.locale;
        let mut text = t(
            locale,
            "class-dashboard",
            &[
                ("name", class.name.clone()),
                ("count", class.matches.len().to_string()),
            ],
        );
        for id in &class.matches {
            let Some((record, _)) = self.load(*id)? else {
                continue;
            };
            let game = record.current_game()?;
            let paused = record.class.as_ref().is_some_and(|link| link.paused);
            let state = match &record.stage {
                Stage::Playing if paused => t(locale, "class-state-paused", &[]),
                Stage::Playing if record.clock.turn.as_ref().is_some_and(|turn| turn.flagged) => t(
                    locale,
                    "class-state-flagged",
                    &[("player", player_label(self, locale, &record, game.to_move()))],
                ),
                Stage::Playing => t(
                    locale,
                    "class-state-turn",
                    &[("player", player_label(self, locale, &record, game.to_move()))],
                ),
                Stage::Finished { .. } => ending_text(self, locale, &record).unwrap_or_default(),
                Stage::Cancelled { .. } | Stage::Declined | Stage::Expired | Stage::Aborted => {
                    t(locale, "class-state-cancelled", &[])
                }
                Stage::Challenge | Stage::Rite { .. } => String::new(),
            };
            let players = record
                .players
                .as_ref()
                .map(|players| [players[0].local().to_owned(), players[1].local().to_owned()])
                .unwrap_or_default();
            let round = record
                .class
                .as_ref()
                .and_then(|link| link.round)
                .map_or_else(String::new, |round| {
                    t(locale, "class-round-short", &[("round", round.to_string())])
                });
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-dashboard-line",
                &[
                    ("id", record.id.to_string()),
                    ("round", round),
                    ("first", players[0].clone()),
                    ("second", players[1].clone()),
                    ("moves", record.moves.len().to_string()),
                    ("state", state),
                ],
            ));
        }
        let mut message = message(ctx, key, text);
        message.audience = Audience::Channel(class.channel.clone());
        Ok(message)
    }
}

/// The member of `team` expected to play the team's next turn on `side` (rotation order).
fn expected_member<'a>(record: &MatchRecord, team: &'a Team, side: Side) -> Option<&'a str> {
    if team.members.is_empty() {
        return None;
    }
    // The team's turns so far: replay and count the moves its side made.
    let mut turns = 0usize;
    if let Ok(mut game) = record.initial_game() {
        for text in &record.moves {
            if game.to_move() == side {
                turns += 1;
            }
            if game.play(text).is_err() {
                break;
            }
        }
    }
    Some(team.members[turns % team.members.len()].as_str())
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// One row of a monospace table: the rank column 4 wide, the name column `width` wide, then
/// numbers right-aligned in 4 columns.
fn table_line(cells: &[String; 8], width: usize) -> String {
    let pad = |text: &str, width: usize| -> String {
        let len = text.chars().count();
        format!("{text}{}", " ".repeat(width.saturating_sub(len)))
    };
    let mut line = format!("{} {}", pad(&cells[0], 4), pad(&cells[1], width));
    for cell in &cells[2..] {
        let len = cell.chars().count();
        line.push_str(&" ".repeat(5usize.saturating_sub(len)));
        line.push_str(cell);
    }
    line.trim_end().to_owned()
}
