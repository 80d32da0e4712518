//! A class's life: `class new` (moderators on chat platforms), `class settings` and
//! `class delete` (its teacher or a moderator).

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, CoreError};
use lalao_renderer::{Locale, Style};
use serde_json::Map;

use super::{seat_user, ClassLink, ClassRecord};
use crate::command::GameSpec;
use crate::i18n::t;
use crate::ids::{MatchId, Platform};
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{option_value, options_refusal, position_refusal};
use crate::kernel::wording::{game_name, message, show_board, single};
use crate::kernel::{Context, Fail, Kind, Prefs, Reply};
use crate::record::{self, MatchRecord, RECORD_VERSION};
use crate::store::{keys, Txn};
use lalao_model::timing::MatchClock;

crate::kernel::family::family! {
    /// A class's life: opened, saved, closed.
    ClassLife
}

impl ClassLife<'_> {
    pub(crate) fn no_seat(&self, class: &ClassRecord, name: &str) -> Fail {
        let mut seats: Vec<String> = class.pupils.iter().map(|pupil| pupil.name.clone()).collect();
        seats.extend(class.teams.iter().map(|team| team.name.clone()));
        Fail::user(
            "class-no-pupil",
            vec![("name", name.to_owned()), ("pupils", seats.join(", "))],
        )
    }

    /// A class match of this class, by id.
    pub(crate) fn class_match_of(
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

    pub(crate) fn class_board_reply(
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

    pub(super) fn class_new(
        &self,
        ctx: &Context,
        prefs: Prefs,
        name: Option<String>,
        locale: Option<Locale>,
        style: Option<Style>,
    ) -> Result<Reply, Fail> {
        // A class's language and board style override everyone's own in its channel: on a chat
        // platform only the channel's moderators may create one.
        if ctx.platform != Platform::Console && !ctx.moderator {
            return Err(Fail::user("class-new-moderators", Vec::new()));
        }
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
            earlier: 0,
            erased: 0,
            tournament: None,
            created_at: self.now(),
            screen: None,
            // The class learns what its teacher gives until the teacher says otherwise.
            go_on: false,
            keep_days: None,
            simul_from: None,
            simul_keep: false,
            vote_match: None,
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

    pub(super) fn class_settings(
        &self,
        ctx: &Context,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        (new_name, new_locale, style): (Option<String>, Option<Locale>, Option<Style>),
        (go_on, keep_days): (Option<bool>, Option<u32>),
    ) -> Result<Reply, Fail> {
        let name = "class-settings";
        if let Some(new_name) = new_name {
            class.name = new_name;
        }
        class.locale = new_locale.unwrap_or(class.locale);
        class.style = style.unwrap_or(class.style);
        class.go_on = go_on.unwrap_or(class.go_on);
        class.keep_days = keep_days.or(class.keep_days);
        class.version += 1;
        self.save_class(ctx, Some(bytes), &class, name)?;
        let kept = class.keep_days.or(self.hooks().policy.keep_days);
        let text = t(
            class.locale,
            "class-settings",
            &[
                ("name", class.name.clone()),
                ("language", class.locale.id().to_owned()),
                ("style", class.style.id().to_owned()),
                ("next", if class.go_on { "on" } else { "off" }.to_owned()),
                (
                    "keep",
                    kept.map_or_else(|| "always".to_owned(), |days| days.to_string()),
                ),
            ],
        );
        Ok(single(ctx, "class-settings", text))
    }

    pub(super) fn class_delete(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let name = "class-delete";
        let mut active = Vec::new();
        for id in ClassMatchStore(self).active_class_matches(&class)? {
            if let Some((record, _)) = self.load(id)? {
                if record.stage.is_active() {
                    active.push(id.to_string());
                }
            }
        }
        if let Some(first) = active.first() {
            return Err(Fail::user(
                "class-delete-active",
                vec![("ids", active.join(", ")), ("example", first.clone())],
            ));
        }
        let key = keys::class_key(&class.channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), Some(bytes)).delete(key);
        // Its screen goes with it: every link to it answers 404 from now on.
        if let Some(links) = &class.screen {
            txn.delete(keys::screen_key(&links.id));
        }
        // And its pupils' games: a deleted class keeps nothing of its pupils.
        let finished = ClassMatchStore(self).finished_class_matches(&class)?;
        for (record, bytes) in &finished {
            ClassMatchStore(self).remove_finished(record, bytes, &mut txn)?;
        }
        Commits(self).commit_other(ctx, txn, name)?;
        let text = t(
            locale,
            "class-deleted",
            &[
                ("name", class.name.clone()),
                ("matches", finished.len().to_string()),
            ],
        );
        Ok(single(ctx, "class-deleted", text))
    }

    pub(crate) fn save_class(
        &self,
        ctx: &Context,
        old: Option<Vec<u8>>,
        class: &ClassRecord,
        command: &str,
    ) -> Result<(), Fail> {
        let key = keys::class_key(&class.channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), old).put(key, record::encode(class));
        Commits(self).commit_other(ctx, txn, command)
    }

    /// A new seated class match (id still 0) and its fresh game.
    pub(crate) fn seated_match(
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
            .and_then(|parsed| match &spec.position {
                Some(position) => AnyGame::from_position(parsed, position),
                None => AnyGame::new(parsed),
            })
            .map_err(|err| match err {
                CoreError::BadNotation { .. } | CoreError::BadPosition { .. } => {
                    position_refusal(locale, spec.game, &options, &spec.variants, &err)
                }
                err => options_refusal(locale, spec.game, &err),
            })?;
        if spec.position.is_some() {
            crate::kernel::lookups::refuse_costly_position(locale, &game)?;
        }
        if spec.position.is_some() && game.outcome().is_some() {
            return Err(Fail::user(
                "position-over",
                vec![("game", game_name(locale, spec.game))],
            ));
        }
        let now = self.now();
        let record = MatchRecord {
            options,
            variants: spec.variants.clone(),
            players: Some(seats.map(seat_user)),
            class: Some(link),
            clock: MatchClock {
                control,
                ..MatchClock::default()
            },
            start: spec.position.as_ref().map(|_| game.position()),
            // The teacher "challenges": every class match is in the teacher's active list.
            ..MatchRecord::new(ctx.channel.clone(), ctx.user.clone(), &game, now)
        };
        Ok((record, game))
    }
}
