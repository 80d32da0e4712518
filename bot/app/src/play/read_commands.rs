//! What players look at: `board`, `list`, `history`, `export` and `rules`.

use crate::kernel::lookups::Lookups;
use crate::kernel::match_clock::MatchClocks;
use crate::play::rite_steps::RiteSteps;
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

use crate::command::{ListScope, Look};
use crate::i18n::{t, try_t};
use crate::ids::MatchId;
use crate::kernel::lookups::{bad_side, export_json, variant_list, Args, Pick};
use crate::kernel::public_ids::PublicIds;
use crate::kernel::wording::{
    board_names, ending_text, game_name, message, player_label, show_board, single,
};
use crate::kernel::{AnimationOrder, App, Context, Fail, Kind, Prefs, Reply};
use crate::record::{MatchRecord, Stage};
use crate::store::keys;

crate::kernel::family::family! {
    /// Commands that only show: board, list, history, export, rules.
    ReadCommands
}

impl ReadCommands<'_> {
    pub(crate) fn show_board(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        look: Option<Look>,
        viewpoint: Option<String>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        // `board style=…` shows this board so, once.
        let prefs = match look {
            Some(look) => Prefs {
                style: look.style,
                picture: look.picture && ctx.platform.shows_pictures(),
                ..prefs
            },
            None => prefs,
        };
        let (record, _) = Lookups(self).resolve(ctx, id, Pick::Viewable)?;
        let viewpoint = match viewpoint {
            None => None,
            Some(name) => Some(
                record
                    .game
                    .side_from_name(&name)
                    .ok_or_else(|| bad_side(locale, record.game, &name))?,
            ),
        };
        let game = record.current_game()?;
        let mut text = self.status_text(locale, &record, &game);
        if let Some(clock) = MatchClocks(self).clock_text(locale, &record) {
            text.push('\n');
            text.push_str(&clock);
        }
        let mut message = message(ctx, "board", text);
        message.live = PublicIds(self)
            .live_url(record.id)
            .map(|url| crate::kernel::LiveLink {
                line: t(locale, "board-live", &[("url", url.clone())]),
                url,
            });
        show_board(&mut message, self, &record, &game, prefs, &ctx.user, viewpoint);
        message.on_game(&record, &game);
        Ok(Reply {
            messages: vec![message],
            ..Reply::default()
        })
    }

    /// One line saying what a match is and where it stands.
    pub(crate) fn status_text(
        &self,
        locale: lalao_renderer::Locale,
        record: &MatchRecord,
        game: &AnyGame,
    ) -> String {
        let mut args: Args = vec![
            ("id", record.id.to_string()),
            ("game", game_name(locale, record.game)),
        ];
        let (key, extra): (&str, Args) = match &record.stage {
            Stage::Challenge => match &record.opponent {
                Some(opponent) => ("status-challenge", vec![("opponent", self.name_of(opponent))]),
                None => (
                    "status-open",
                    vec![("challenger", self.name_of(&record.challenger))],
                ),
            },
            Stage::Rite { rite } => (
                "status-rite",
                vec![("step", RiteSteps(self).rite_step_text(locale, record, *rite))],
            ),
            Stage::Playing => (
                "status-playing",
                vec![("player", player_label(self, locale, record, game.to_move()))],
            ),
            Stage::Finished { .. } => (
                "status-finished",
                vec![("result", ending_text(self, locale, record).unwrap_or_default())],
            ),
            Stage::Declined => ("status-declined", Vec::new()),
            Stage::Cancelled { by } => ("status-cancelled", vec![("by", self.name_of(by))]),
            Stage::Expired => ("status-expired", Vec::new()),
            Stage::Aborted => ("status-aborted", Vec::new()),
        };
        args.extend(extra);
        if record.practice {
            args.push(("practice", "yes".to_owned()));
        } else {
            args.push(("practice", "no".to_owned()));
        }
        let mut text = t(locale, key, &args);
        if let Some(offer) = &record.draw_offer {
            text.push('\n');
            text.push_str(&t(locale, "draw-pending", &[("player", self.name_of(offer))]));
        }
        if let Some(request) = &record.undo_request {
            text.push('\n');
            text.push_str(&t(locale, "undo-pending", &[("player", self.name_of(request))]));
        }
        text
    }

    pub(crate) fn list(&self, ctx: &Context, prefs: Prefs, scope: ListScope) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let prefix = match scope {
            ListScope::Channel => keys::channel_prefix(&ctx.channel),
            ListScope::Mine => keys::active_prefix(&ctx.user),
        };
        let mut matches = self.active_under(&prefix)?;
        matches.retain(|(record, _)| Lookups(self).may_see(ctx, record).unwrap_or(false));
        if matches.is_empty() {
            let key = match scope {
                ListScope::Channel => "list-empty-channel",
                ListScope::Mine => "list-empty-mine",
            };
            return Ok(single(ctx, key, t(locale, key, &[])));
        }
        let key = match scope {
            ListScope::Channel => "list-channel",
            ListScope::Mine => "list-mine",
        };
        let mut text = t(locale, key, &[("count", matches.len().to_string())]);
        for (record, _) in &matches {
            let game = record.current_game()?;
            text.push('\n');
            text.push_str(&self.list_line(locale, record, &game));
        }
        Ok(single(ctx, key, text))
    }

    pub(crate) fn list_line(
        &self,
        locale: lalao_renderer::Locale,
        record: &MatchRecord,
        game: &AnyGame,
    ) -> String {
        let players = if record.practice {
            t(
                locale,
                "list-practice",
                &[("player", self.name_of(&record.challenger))],
            )
        } else {
            let opponent = record
                .opponent
                .as_ref()
                .map_or_else(|| t(locale, "list-anyone", &[]), |user| self.name_of(user));
            t(
                locale,
                "list-versus",
                &[
                    ("challenger", self.name_of(&record.challenger)),
                    ("opponent", opponent),
                ],
            )
        };
        let state = match &record.stage {
            Stage::Playing => t(
                locale,
                "to-move-short",
                &[("player", player_label(self, locale, record, game.to_move()))],
            ),
            Stage::Challenge => t(locale, "list-waiting", &[]),
            Stage::Rite { rite } => RiteSteps(self).rite_step_text(locale, record, *rite),
            _ => String::new(),
        };
        t(
            locale,
            "list-line",
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
                ("players", players),
                ("state", state),
                ("moves", record.moves.len().to_string()),
            ],
        )
    }

    pub(crate) fn history(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        export: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (record, _) = Lookups(self).resolve(ctx, id, Pick::Viewable)?;
        let game = record.current_game()?;
        let moves = if record.moves.is_empty() {
            t(locale, "history-empty", &[])
        } else {
            record
                .moves
                .iter()
                .enumerate()
                .map(|(index, text)| format!("{}. {text}", index + 1))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = self.status_text(locale, &record, &game);
        text.push('\n');
        text.push_str(&t(locale, "history-moves", &[("moves", moves)]));
        let key = if export { "export" } else { "history" };
        if export {
            text.push('\n');
            text.push_str(&t(locale, "export-json", &[]));
            text.push('\n');
            text.push_str(&export_json(&record));
        }
        let mut message = message(ctx, key, text);
        message.kind = Kind::Record { export };
        message.on_match(&record);
        Ok(Reply {
            messages: vec![message],
            ..Reply::default()
        })
    }

    /// `export #3 animation`: the whole game as an animated picture, with a caption that says
    /// which match it is, who played and how it ended. The picture is the adapter's to draw.
    pub(crate) fn animation(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (record, _) = Lookups(self).resolve(ctx, id, Pick::Viewable)?;
        if record.moves.is_empty() {
            return Err(Fail::User {
                key: "animation-no-moves",
                args: vec![("id", record.id.to_string())],
                board: None,
            });
        }
        // Past this, the picture would outgrow a chat attachment and its drawing take seconds
        // of a core for anyone who asks.
        if record.moves.len() > lalao_renderer::GAME_ANIMATION_MAX_PLIES {
            return Err(Fail::User {
                key: "animation-too-long",
                args: vec![
                    ("id", record.id.to_string()),
                    ("moves", record.moves.len().to_string()),
                    ("most", lalao_renderer::GAME_ANIMATION_MAX_PLIES.to_string()),
                ],
                board: None,
            });
        }
        let game = record.current_game()?;
        let start = record.replay(0)?;
        let players = lalao_core::Side::BOTH
            .iter()
            .map(|side| player_label(self, locale, &record, *side))
            .collect::<Vec<_>>()
            .join(" – ");
        let result = match &record.stage {
            Stage::Finished { .. } => ending_text(self, locale, &record),
            _ => None,
        }
        .unwrap_or_else(|| t(locale, "animation-unfinished", &[]));
        let text = t(
            locale,
            "animation-caption",
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
                ("players", players),
                ("result", result.clone()),
                ("moves", record.moves.len().to_string()),
            ],
        );
        let mut message = message(ctx, "animation", text);
        message.kind = Kind::Animation(Box::new(AnimationOrder {
            id: record.id,
            start,
            moves: record.moves.clone(),
            names: board_names(self, &record, &game, locale),
            viewer: App::viewer_side(&record, &ctx.user),
            ended: !record.stage.is_active(),
            // The ending's first sentence (a series' score follows it on a line of its own).
            result: matches!(record.stage, Stage::Finished { .. })
                .then(|| result.lines().next().unwrap_or_default().to_owned()),
            locale,
        }));
        // Which match it is, without the buttons of its moves: a picture to look at.
        message.match_ref = Some(crate::kernel::MatchRef::of(&record));
        Ok(Reply {
            messages: vec![message],
            ..Reply::default()
        })
    }

    pub(crate) fn rules(
        &self,
        ctx: &Context,
        prefs: Prefs,
        game: Option<GameKind>,
        variants: &[String],
    ) -> Reply {
        let locale = prefs.locale;
        let Some(kind) = game else {
            let mut text = t(locale, "rules-all", &[]);
            for kind in GameKind::ALL {
                text.push('\n');
                text.push_str(&t(
                    locale,
                    "rules-all-line",
                    &[
                        ("game", game_name(locale, kind)),
                        ("id", kind.id().to_owned()),
                        ("summary", t(locale, &format!("tagline-{}", kind.id()), &[])),
                    ],
                ));
            }
            return single(ctx, "rules-all", text);
        };
        // Players read the rules in plain words with their sources; the rule
        // numbers of lalao's rule book are one word away, `rules fano sources`.
        let sources = matches!(variants, [word] if word.eq_ignore_ascii_case("sources"));
        let key = if sources {
            format!("rules-{}-sources", kind.id())
        } else {
            format!("rules-{}", kind.id())
        };
        let mut text = t(locale, &key, &[("game", kind.id().to_owned())]);
        text.push('\n');
        text.push_str(&crate::play::help::notation(locale, kind));
        let known = AnyOptions::variants_of(kind).ok();
        for raw in variants.iter().filter(|_| !sources) {
            let name = raw.strip_prefix("variant:").unwrap_or(raw);
            text.push('\n');
            match try_t(locale, &format!("variant-{}-{name}", kind.id())) {
                Some(description) if known.is_none_or(|known| known.contains(&name)) => {
                    text.push_str(&t(
                        locale,
                        "rules-variant",
                        &[("name", name.to_owned()), ("text", description)],
                    ));
                }
                _ => text.push_str(&t(
                    locale,
                    "unknown-variant",
                    &[
                        ("name", name.to_owned()),
                        ("variants", variant_list(locale, kind)),
                    ],
                )),
            }
        }
        text.push('\n');
        // The example adds one of this game's own variants.
        let line = match lalao_core::any::AnyOptions::variants_of(kind)
            .ok()
            .and_then(|names| names.first())
        {
            Some(first) => t(
                locale,
                "rules-variants",
                &[
                    ("variants", variant_list(locale, kind)),
                    ("game", kind.id().to_owned()),
                    ("variant", (*first).to_owned()),
                ],
            ),
            None => t(
                locale,
                "rules-no-variants",
                &[
                    ("game", kind.id().to_owned()),
                    ("variants", variant_list(locale, kind)),
                ],
            ),
        };
        text.push_str(&line);
        single(ctx, "rules", text)
    }
}
