//! The class commands (`class new`, `add`, `match`, `result`, …) on the match service: the
//! roster, seat matches and the teacher's decisions. Tournaments are in `tournament.rs`, what
//! the class sees in `reports.rs`.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind, Side};
use lalao_renderer::Locale;
use serde_json::Map;

use super::{same_name, seat_user, valid_name, ClassLink, ClassRecord, Pupil, Team, TeamOrder, MAX_PUPILS};
use crate::command::{ClassCommand, GameSpec};
use crate::i18n::t;
use crate::ids::MatchId;
use crate::record::{self, Ending, MatchRecord, Stage, RECORD_VERSION};
use crate::service::commands::{option_value, options_refusal, stage_refusal};
use crate::service::wording::{ending_text, game_name, message, player_label, show_board, side_name, single};
use crate::service::{App, Context, Fail, Kind, Prefs, Reply};
use crate::store::{keys, Committed, Txn};
use lalao_model::timing::MatchClock;

/// Active matches a class's channel may hold for new class matches to be made: a class of 40
/// pupils plays 20 at once; the rest leaves room for friendly matches beside a tournament.
pub const MAX_ACTIVE_CLASS_MATCHES: usize = 120;
/// Tries at taking new match numbers before the command is refused with "try again".
const SEQUENCE_ATTEMPTS: usize = 20;

impl App {
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
                let prefs = self.prefs_of_class(ctx, &class);
                self.advance(ctx, prefs, &ctx.channel).unwrap_or_else(|_| {
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
            Some(last) if tournament.rounds.len() < tournament.planned_rounds() => self.round_done(last),
            _ => Ok(false),
        }
    }

    pub(super) fn class_subcommand(&self, ctx: &Context, command: ClassCommand) -> Result<Reply, Fail> {
        let (class, bytes) = self.require_class(ctx)?;
        let locale = class.locale;
        let prefs = self.prefs_of_class(ctx, &class);
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
                let message = self.dashboard(ctx, prefs, &class, false)?;
                Ok(Reply {
                    messages: vec![message],
                    ..Reply::default()
                })
            }
            other => {
                self.require_manager(ctx, &class)?;
                self.class_manage(ctx, prefs, class, bytes, other)
            }
        }
    }

    pub(super) fn save_class(
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
            } => self.class_settings(ctx, class, bytes, new_name, new_locale, style),
            ClassCommand::Delete => self.class_delete(ctx, prefs, class, bytes),
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
                Self::fill_seat_links(&mut class);
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
                Self::fill_seat_links(&mut class);
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
                let (new, announced) =
                    self.commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let key = if pause {
                    "class-paused-done"
                } else {
                    "class-resumed"
                };
                let mut reply = single(ctx, key, t(locale, key, &[("id", id.to_string())]));
                self.class_followup(ctx, prefs, &new, false, announced, &mut reply);
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
                    self.commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = t(locale, "undo-done", &[("move", undone), ("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "undo-done", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, announced, &mut reply);
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
                    self.commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = t(locale, "class-restarted", &[("id", id.to_string())]);
                let mut reply = self.class_board_reply(ctx, prefs, "class-restarted", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, announced, &mut reply);
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
                    self.commit_match_change(ctx, prefs, ((&old, &old_bytes), &new), name, false)?;
                let text = ending_text(self, locale, &new).unwrap_or_default();
                let mut reply = self.class_board_reply(ctx, prefs, "class-result", text, &new, &game);
                self.class_followup(ctx, prefs, &new, false, announced, &mut reply);
                Ok(reply)
            }
            ClassCommand::Link { new } => self.class_link(ctx, class, bytes, new),
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

    /// A new seated class match (id still 0) and its fresh game.
    pub(super) fn seated_match(
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
        let control = lalao_model::timing::control_from_options(&mut game_options)
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
            rating_change: None,
            unrated: false,
            community: None,
            public: None,
        };
        Ok((record, game))
    }

    /// One atomic step: new match ids from the sequence, the matches with their indexes, and
    /// the class record (which `attach` updates with the ids). Retried if another match took
    /// the ids meanwhile.
    pub(super) fn commit_class_matches(
        &self,
        ctx: &Context,
        old_class: &[u8],
        class: &ClassRecord,
        matches: &mut [MatchRecord],
        attach: &dyn Fn(&mut ClassRecord, &[MatchId]),
        command: &str,
    ) -> Result<ClassRecord, Fail> {
        let store = self.store();
        // New class matches are refused once the class's channel holds its cap of active
        // matches (under the limit of any channel): a teacher's commands cannot fill the store.
        let cap = MAX_ACTIVE_CLASS_MATCHES;
        if store.count_prefix(&keys::channel_prefix(&class.channel), cap)? + matches.len() > cap {
            return Err(Fail::user("channel-full", vec![("max", cap.to_string())]));
        }
        for _ in 0..SEQUENCE_ATTEMPTS {
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
        // Other commands took every new number meanwhile: a later try will get one.
        Err(Fail::user("try-again", Vec::new()))
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
        reply.messages.push(self.dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }
}
