//! Challenges: `play`, `accept`, `decline`, `cancel`.

use crate::kernel::board_reply::BoardReplies;
use crate::kernel::lookups::Lookups;
use crate::kernel::match_clock::MatchClocks;
use crate::kernel::new_matches::NewMatches;
use crate::play::computer::ComputerTurns;
use crate::play::on_behalf::{OnBehalf, PlayedForThem};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, CoreError, GameKind};
use serde_json::{Map, Value};

use crate::command::{ClassCommand, GameSpec, Opponent, PlaySpec};
use crate::i18n::t;
use crate::ids::{computer_user, voters_user};
use crate::ids::{MatchId, Platform, UserId};
use crate::kernel::lookups::{
    bad_side, computer_level_name, option_value, options_refusal, Args, Pick, RANDOM_START_VARIANTS,
    SEED_OPTION,
};
use crate::kernel::reply::PlayAgain;
use crate::kernel::wording::{game_name, message, side_name, single};
use crate::kernel::{Context, Fail, Kind, Message, Prefs, Reply};
use crate::record::ComputerSeat;
use crate::record::{MatchRecord, Stage, VoteBox, DEFAULT_VOTE_SECONDS, VOTE_SECONDS};
use crate::rite::Rite;
use crate::store::{keys, Txn};
use lalao_renderer::Locale;

crate::kernel::family::family! {
    /// Challenges and the start of a match: play, accept, decline, cancel.
    Challenges
}

impl Challenges<'_> {
    pub(crate) fn play(&self, ctx: &Context, prefs: Prefs, spec: PlaySpec) -> Result<Reply, Fail> {
        self.play_again(ctx, prefs, spec, None, false)
    }

    /// `rematch [#id]`: the finished match `id` (or the one that just ended here) again, with
    /// its game, options, variants, start, clock and rated choice, the caller's side swapped:
    /// a challenge to the same opponent (it waits for them, survives restarts and expires as
    /// any challenge), a new game against the computer, or a new practice. Mangala IV between
    /// people starts with a new coin rite, as every such match does, unless the caller asks to
    /// keep the sides (`keep_sides`): then whoever accepts agrees to play them again.
    pub(crate) fn rematch(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        keep_sides: bool,
    ) -> Result<Reply, Fail> {
        let (old, _) = Lookups(self).resolve(ctx, id, Pick::Viewable)?;
        let args = || vec![("id", old.id.to_string())];
        if !matches!(old.stage, Stage::Finished { .. }) {
            return Err(Fail::user("rematch-not-over", args()));
        }
        let by = PlayAgain::of(&old);
        // An activity is taken again with its own command, not `rematch`.
        if by == PlayAgain::No {
            // A simul's board starts again by itself for its pupil.
            let simul = old.class.as_ref().is_some_and(|link| link.simul);
            let key = if simul {
                "rematch-simul"
            } else if old.vote.is_some() && old.class.is_some() {
                "rematch-vote"
            } else if old.vote.is_some() {
                "rematch-vote-channel"
            } else {
                "rematch-not-here"
            };
            return Err(Fail::user(key, args()));
        }
        // One rematch at a time: a second click on the same button points to the first. A
        // class's is the match of the same seats, sides swapped, made since this one ended.
        let here = self.active_under(&keys::channel_prefix(&old.channel))?;
        let swapped = old.players.clone().map(|[first, second]| [second, first]);
        let pending = here.iter().find(|(record, _)| match by {
            PlayAgain::ByTheClass => {
                record.class.is_some()
                    && record.game == old.game
                    && record.players == swapped
                    && record.created_at >= old.updated_at
            }
            _ => record.rematch_of == Some(old.id),
        });
        if let Some((pending, _)) = pending {
            return Err(Fail::user(
                "rematch-pending",
                vec![("id", old.id.to_string()), ("rematch", pending.id.to_string())],
            ));
        }
        // A class's matches are the teacher's to make: the same seats again, sides swapped,
        // as a class match (the class checks the caller is its teacher).
        if let (Some(link), Some(players)) = (&old.class, &old.players) {
            if keep_sides {
                return Err(Fail::user("rematch-keep-mangala", args()));
            }
            let seat = |user: &crate::ids::UserId| user.as_str().trim_start_matches("seat:").to_owned();
            let seats = [seat(&players[1]), seat(&players[0])];
            let spec = GameSpec {
                game: old.game,
                options: game_options(&old),
                variants: old.variants.clone(),
                position: old.start.clone(),
            };
            let command = if link.activity {
                ClassCommand::Activity { seats, spec }
            } else {
                ClassCommand::Match { seats, spec }
            };
            return self.classroom().command(self, ctx, prefs, command);
        }
        let mine = old.sides_of(&ctx.user);
        let Some(&my_side) = mine.first() else {
            return Err(Fail::user("not-a-player", args()));
        };
        let players = old
            .players
            .clone()
            .unwrap_or_else(|| [ctx.user.clone(), ctx.user.clone()]);
        let other_side = my_side.opponent();
        let opponent = if old.practice {
            Opponent::Practice
        } else if let Some(seat) = &old.computer {
            Opponent::Computer(
                lalao_core::ai::Level::from_id(&seat.level).unwrap_or(lalao_core::ai::Level::Medium),
            )
        } else {
            Opponent::Named(ctx.platform.mention(&players[other_side.index()]))
        };
        let mut options = game_options(&old);
        if let Some(control) = old.clock.control {
            options.push(("time".to_owned(), format!("{}h", control.per_move / 3600)));
            if let Some(bank) = control.bank {
                options.push((
                    "bank".to_owned(),
                    format!("{}h/{}h", bank.increment / 3600, bank.cap / 3600),
                ));
            }
        }
        if old.unrated {
            options.push(("rated".to_owned(), "no".to_owned()));
        }
        // Sides swapped, except where the rite decides them (Mangala IV between people) or the
        // caller keeps them.
        let rite_decides = old.game == GameKind::Mangala && matches!(opponent, Opponent::Named(_));
        if keep_sides && !rite_decides {
            return Err(Fail::user("rematch-keep-mangala", args()));
        }
        let side = if keep_sides {
            Some(old.game.side_name(my_side).to_owned())
        } else {
            (!old.practice && !rite_decides).then(|| old.game.side_name(other_side).to_owned())
        };
        let spec = PlaySpec {
            game: old.game,
            opponent: Some(opponent),
            options,
            variants: old.variants.clone(),
            side,
            position: old.start.clone(),
        };
        self.play_again(ctx, prefs, spec, Some(old.id), keep_sides)
    }

    /// `play`, or a rematch of `rematch_of` (recorded in the new match).
    fn play_again(
        &self,
        ctx: &Context,
        prefs: Prefs,
        mut spec: PlaySpec,
        rematch_of: Option<MatchId>,
        keep_sides: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        NewMatches(self).check_limits(&ctx.user, Some(&ctx.channel))?;
        let kind = spec.game;
        // Everyone here against the computer, by vote: Mangala IV plays itself, nothing to vote.
        let voted = matches!(spec.opponent, Some(Opponent::Vote(_)));
        if voted && kind == GameKind::Mangala {
            return Err(Fail::user("vote-mangala", Vec::new()));
        }
        let (opponent, computer_level) = self.opponent(ctx, &mut spec)?;
        // `seconds=` (`secondes=`) is a vote's turn, not an option of the game.
        let vote_seconds = match spec
            .options
            .iter()
            .position(|(key, _)| voted && (key == "seconds" || key == "secondes"))
        {
            Some(at) => {
                let (_, value) = spec.options.remove(at);
                let seconds = value.trim_end_matches('s').parse::<u32>().ok();
                match seconds.filter(|seconds| VOTE_SECONDS.contains(seconds)) {
                    Some(seconds) => seconds,
                    None => return Err(Fail::user("vote-bad-seconds", vec![("value", value)])),
                }
            }
            None => DEFAULT_VOTE_SECONDS,
        };
        let practice = opponent.is_none();
        // Against the computer the player simply chooses a side: the rite is between people.
        let rite = kind == GameKind::Mangala && !practice && computer_level.is_none();
        // Against the computer too, unless a side was asked for: the player hides the coins and
        // lalao calls at once (rite_steps.rs), as a newcomer would meet it against people.
        let computer_rite = kind == GameKind::Mangala && computer_level.is_some() && spec.side.is_none();
        // `time=`, `bank=`, `cap=` are the clock's, not the game's (docs/time-controls.md).
        let control = lalao_model::timing::control_from_options(&mut spec.options)
            .map_err(|err| Fail::user(err.message_id(), Vec::new()))?;
        if control.is_some() && practice {
            return Err(Fail::user("time-practice", Vec::new()));
        }
        if control.is_some() && computer_level.is_some() {
            return Err(Fail::user("time-computer", Vec::new()));
        }
        // `rated=no` (or the word `friendly` / `amical`) opts a game between people out of
        // the ratings (docs/ratings.md); like the clock's, not an option of the game.
        let unrated = crate::ratings::take_unrated(&mut spec.options, &mut spec.variants)
            .map_err(|value| Fail::user("rated-bad-value", vec![("value", value)]))?;

        let (options, game) = self.starting_game(ctx, locale, &spec)?;

        let challenger_side = match &spec.side {
            None => None,
            Some(_) if rite && !keep_sides => return Err(Fail::user("side-by-rite", Vec::new())),
            Some(name) => Some(
                kind.side_from_name(name)
                    .ok_or_else(|| bad_side(locale, kind, name))?,
            ),
        };

        let now = self.now();
        let record = MatchRecord {
            options,
            variants: spec.variants.clone(),
            unrated,
            // As the engine writes it: `export` and every replay read the same text.
            start: spec.position.as_ref().map(|_| game.position()),
            opponent: opponent.clone().flatten(),
            practice,
            challenger_side,
            players: if practice {
                Some([ctx.user.clone(), ctx.user.clone()])
            } else if computer_level.is_some() && !computer_rite {
                // The player takes the side they asked for, else the first to move.
                let mine = challenger_side.unwrap_or(game.to_move());
                let mut players = [computer_user(), computer_user()];
                players[mine.index()] = ctx.user.clone();
                Some(players)
            } else {
                None
            },
            stage: if computer_rite {
                Stage::Rite {
                    rite: Rite::AwaitingCoins,
                }
            } else if practice || computer_level.is_some() {
                Stage::Playing
            } else {
                Stage::Challenge
            },
            clock: lalao_model::timing::MatchClock {
                control,
                ..Default::default()
            },
            computer: computer_level.map(|level| ComputerSeat {
                level: level.id().to_owned(),
                seed: self.seed(),
            }),
            rematch_of,
            ..MatchRecord::new(ctx.channel.clone(), ctx.user.clone(), &game, now)
        };
        // Against the computer, the player's moves with no alternative play themselves from
        // the first (a Mangala IV game plays itself once the sides are set), as they do
        // between people after the coin game. A new match has no plan to set aside: nothing
        // is told of it in the commit.
        let (mut record, mut game) = (record, game);
        if voted {
            // The channel's side is its voters', who take the caller's place.
            if let Some(players) = record.players.as_mut() {
                let side = challenger_side.unwrap_or(game.to_move());
                players[side.index()] = voters_user();
                record.vote = Some(VoteBox::new(side, vote_seconds, true));
            }
        }
        let forced = match record.computer {
            Some(_) if !computer_rite => OnBehalf(self).follow(&mut record, &mut game, &mut Txn::default()),
            _ => Vec::new(),
        };
        let record = NewMatches(self).commit_new_match(ctx, record, "play")?;
        tracing::Span::current().record("match_id", record.id.0);

        self.started_reply(ctx, prefs, (&record, game), &forced, practice)
    }

    /// Who the new match is against: nobody yet (an open challenge, `Some(None)`), a named
    /// player, the computer (with its level), or nobody at all (`None`: practice). A level
    /// named for a player who is the bot itself is taken out of the options.
    #[allow(clippy::type_complexity)]
    fn opponent(
        &self,
        ctx: &Context,
        spec: &mut PlaySpec,
    ) -> Result<(Option<Option<UserId>>, Option<lalao_core::ai::Level>), Fail> {
        let kind = spec.game;
        let mut computer_level = None;
        let opponent = match spec.opponent.clone().unwrap_or(match ctx.platform {
            Platform::Console => Opponent::Practice,
            _ => Opponent::Open,
        }) {
            Opponent::Practice => None,
            Opponent::Open => Some(None),
            Opponent::Computer(level) | Opponent::Vote(level) => {
                computer_level = Some(level);
                Some(Some(computer_user()))
            }
            Opponent::Named(raw) => 'named: {
                let user = ctx
                    .platform
                    .user_from_mention(&raw)
                    .ok_or_else(|| Fail::user("bad-mention", vec![("mention", raw.clone())]))?;
                let level = spec
                    .options
                    .iter()
                    .position(|(key, _)| key == crate::command::LEVEL_OPTION)
                    .map(|at| spec.options.remove(at).1);
                if self.is_self_user(&user) {
                    // `play katro @lalao`: the bot itself was mentioned.
                    let level = level.as_deref().and_then(lalao_core::ai::Level::from_id);
                    computer_level = Some(level.unwrap_or(lalao_core::ai::Level::Medium));
                    break 'named Some(Some(computer_user()));
                }
                if level.is_some() {
                    return Err(Fail::user("level-needs-computer", Vec::new()));
                }
                if user == ctx.user {
                    return Err(Fail::user(
                        "challenge-yourself",
                        vec![("game", kind.id().to_owned())],
                    ));
                }
                Some(Some(user))
            }
        };
        Ok((opponent, computer_level))
    }

    /// The options of the new match as `lalao rules` reads them (a random start gets its seed
    /// now) and its game at the start, or why the options or the position are refused.
    fn starting_game(
        &self,
        ctx: &Context,
        locale: Locale,
        spec: &PlaySpec,
    ) -> Result<(Map<String, Value>, AnyGame), Fail> {
        let kind = spec.game;
        // Options as `lalao rules` reads them; a random start gets its seed now.
        let mut options = Map::new();
        for (key, value) in &spec.options {
            options.insert(key.clone(), option_value(value));
        }
        let random_start = spec.variants.iter().any(|variant| {
            RANDOM_START_VARIANTS.contains(&variant.strip_prefix("variant:").unwrap_or(variant))
        });
        if random_start && !options.contains_key(SEED_OPTION) {
            options.insert(SEED_OPTION.to_owned(), Value::from(self.seed()));
        }
        let game = AnyOptions::from_json(kind, &options, &spec.variants)
            .and_then(|options| match &spec.position {
                Some(position) => AnyGame::from_position(options, position),
                None => AnyGame::new(options),
            })
            .map_err(|err| match err {
                // A plain name where the opponent goes is read as a variant: say how to name
                // a person where the player is.
                CoreError::UnknownVariant { name } => Fail::user(
                    "play-unknown-word",
                    vec![
                        ("name", name),
                        ("variants", crate::kernel::lookups::variant_list(locale, kind)),
                        ("platform", ctx.platform.id().to_owned()),
                    ],
                ),
                CoreError::BadNotation { .. } | CoreError::BadPosition { .. } => {
                    crate::kernel::lookups::position_refusal(locale, kind, &options, &spec.variants, &err)
                }
                err => options_refusal(locale, kind, &err),
            })?;
        if spec.position.is_some() {
            crate::kernel::lookups::refuse_costly_position(locale, &game)?;
        }
        if spec.position.is_some() && game.outcome().is_some() {
            return Err(Fail::user(
                "position-over",
                vec![("game", game_name(locale, kind))],
            ));
        }
        Ok((options, game))
    }

    /// What the player who started a match is told: the computer's answer and board, the
    /// practice board, or the challenge waiting for its opponent.
    fn started_reply(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (record, game): (&MatchRecord, AnyGame),
        forced: &[PlayedForThem],
        practice: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let kind = record.game;
        // Mangala IV against the computer opens with the coin game.
        let computer_rite = record.computer.is_some() && matches!(record.stage, Stage::Rite { .. });
        let me = self.name_of(&ctx.user);
        let game_label = game_name(locale, kind);
        let args: Args = vec![
            ("id", record.id.to_string()),
            ("game", game_label),
            ("challenger", me),
        ];
        let reply = match &record.opponent {
            _ if computer_rite => {
                let mut args = args;
                args.push(("level", computer_level_name(locale, record)));
                let text = t(locale, "computer-rite", &args);
                let mut reply = single(ctx, "computer-rite", text);
                reply.messages[0].on_match(record);
                reply
            }
            _ if record.vote.is_some() => {
                let mut args = args;
                args.push(("level", computer_level_name(locale, record)));
                let seconds = record.vote.as_ref().map_or(0, |vote| vote.seconds);
                args.push(("seconds", seconds.to_string()));
                let mut text = t(locale, "vote-started", &args);
                text.push('\n');
                text.push_str(&crate::play::help::notation(locale, kind));
                return ComputerTurns(self).computer_answers(
                    ctx,
                    prefs,
                    "vote-started",
                    text,
                    record.clone(),
                    game,
                );
            }
            _ if record.computer.is_some() => {
                let mut args = args;
                args.push(("level", computer_level_name(locale, record)));
                let mine = record.sides_of(&ctx.user);
                args.push((
                    "side",
                    mine.first()
                        .map(|side| side_name(locale, kind, *side))
                        .unwrap_or_default(),
                ));
                let mut text = t(locale, "computer-started", &args);
                text.push('\n');
                text.push_str(&crate::play::help::notation(locale, kind));
                for line in OnBehalf(self).told(locale, record, forced) {
                    text.push('\n');
                    text.push_str(&line);
                }
                return ComputerTurns(self).computer_answers(
                    ctx,
                    prefs,
                    "computer-started",
                    text,
                    record.clone(),
                    game,
                );
            }
            _ if practice => {
                let mut text = t(locale, "practice-started", &args);
                text.push('\n');
                text.push_str(&crate::play::help::notation(locale, kind));
                text.push('\n');
                let example = game.legal_moves().into_iter().next().unwrap_or_default();
                // Discord takes no typed text, only its commands and the board's buttons.
                let hint = match ctx.platform {
                    Platform::Discord => "your-turn-hint-buttons",
                    _ => "your-turn-hint",
                };
                text.push_str(&t(locale, hint, &[("move", example)]));
                BoardReplies(self).with_board(ctx, prefs, "practice-started", text, record, &game, Vec::new())
            }
            _ => Reply {
                messages: vec![self.challenge_message(ctx, locale, record)],
                ..Reply::default()
            },
        };
        Ok(reply)
    }

    /// The message of a challenge waiting for an answer: to its opponent (mentioned), or open
    /// to anyone. Also what a command delivered again after a crash is answered with.
    pub(crate) fn challenge_message(&self, ctx: &Context, locale: Locale, record: &MatchRecord) -> Message {
        let mut args: Args = vec![
            ("id", record.id.to_string()),
            ("game", game_name(locale, record.game)),
            ("challenger", self.name_of(&record.challenger)),
        ];
        let key = match &record.opponent {
            Some(opponent) => {
                args.push(("opponent", self.name_of(opponent)));
                "challenge-named"
            }
            None => "challenge-open",
        };
        let mut text = t(locale, key, &args);
        // A Mangala IV challenge with a side is a rematch that keeps the sides: no coin game.
        if let (GameKind::Mangala, Some(side)) = (record.game, record.challenger_side) {
            text.push('\n');
            text.push_str(&t(
                locale,
                "rematch-sides-kept",
                &[
                    ("challenger", self.name_of(&record.challenger)),
                    ("side", side_name(locale, record.game, side)),
                ],
            ));
        }
        if let Some(clock) = MatchClocks(self).clock_text(locale, record) {
            text.push('\n');
            text.push_str(&clock);
        }
        let mut message = message(ctx, key, text);
        message.kind = Kind::Challenge {
            opponent: record.opponent.clone(),
        };
        message.mentions = record.opponent.iter().cloned().collect();
        message.on_match(record);
        message
    }
}

/// A match's game options as typed (`cells=7`): what `play` and `class match` read.
pub(crate) fn game_options(record: &MatchRecord) -> Vec<(String, String)> {
    record
        .options
        .iter()
        .map(|(key, value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            (key.clone(), text)
        })
        .collect()
}
