//! One function per command. Each reads what it needs, asks the core, and commits one atomic
//! change through [`Service::commit_match`].

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, CoreError, GameKind, Side};
use lalao_renderer::Style;
use serde_json::{json, Map, Value};

use super::computer::{computer_user, is_computer, ComputerSeat};
use super::present::{self, board_of, ending_text, game_name, message, player_label, side_name, single};
use super::{Audience, Context, Fail, MatchRef, Message, Prefs, Reply, Service};
use crate::command::{Answer, Command, ListScope, Opponent, Parity, PlaySpec, SettingsChange, HELP_TOPICS};
use crate::i18n::{t, try_t};
use crate::ids::{MatchId, Platform, UserId};
use crate::record::{self, Ending, MatchRecord, PlayerRecord, Stage, RECORD_VERSION};
use crate::rite::{OutOfTurn, Rite, Role, Step};
use crate::store::{keys, Committed, Txn};

/// Variants whose start is drawn at random: the match stores the seed in this option, so the
/// start can be replayed anywhere (`lalao rules`, exports).
pub const RANDOM_START_VARIANTS: &[&str] = &["random-start", "madjnuni-start"];
pub const SEED_OPTION: &str = "seed";

type Args = Vec<(&'static str, String)>;

/// Which matches a command without an id may mean.
#[derive(Clone, Copy)]
enum Pick {
    /// Challenges the caller may accept or decline.
    Answerable,
    /// Active matches the caller takes part in.
    Mine,
    /// Active matches the caller takes part in, else any active match of the channel.
    Viewable,
}

impl Service {
    pub(crate) fn dispatch(&self, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail> {
        self.check_event(ctx)?;
        match command {
            Command::Play(spec) => self.play(ctx, prefs, spec),
            Command::Accept { id } => self.accept(ctx, prefs, id),
            Command::Decline { id } => self.decline(ctx, prefs, id),
            Command::Cancel { id } => self.cancel(ctx, prefs, id),
            Command::Move { id, text, explicit } => self.play_move(ctx, prefs, id, &text, explicit),
            Command::Board { id, style, viewpoint } => self.show_board(ctx, prefs, id, style, viewpoint),
            Command::Resign { id } => self.resign(ctx, prefs, id),
            Command::Draw { id, answer } => self.draw(ctx, prefs, id, answer),
            Command::Undo { id, answer } => self.undo(ctx, prefs, id, answer),
            Command::List { scope } => self.list(ctx, prefs, scope),
            Command::History { id } => self.history(ctx, prefs, id, false),
            Command::Export { id } => self.history(ctx, prefs, id, true),
            Command::Rules { game, variants } => Ok(self.rules(ctx, prefs, game, &variants)),
            Command::Help { topic } => Ok(help(ctx, prefs, topic.as_deref())),
            Command::Settings(change) => self.settings(ctx, prefs, change),
            Command::Coins { id, count } => self.coins(ctx, prefs, id, count),
            Command::Call { id, parity } => self.call(ctx, prefs, id, parity),
            Command::Side { id, side } => self.choose_side(ctx, prefs, id, &side),
            Command::Class(class) => self.class_command(ctx, prefs, class),
            Command::Timeout { id, action } => self.timeout_action(ctx, prefs, id, action),
            Command::Vacation { days } => self.vacation(ctx, prefs, days),
            Command::Notify(change) => self.notify(ctx, prefs, change),
            Command::Channel(change) => self.channel(ctx, prefs, change),
        }
    }

    /// The match a command is about: the one named, or the caller's only candidate here.
    fn resolve(
        &self,
        ctx: &Context,
        id: Option<MatchId>,
        pick: Pick,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if let Some(id) = id {
            let found = self
                .load(id)?
                .ok_or_else(|| Fail::user("no-such-match", vec![("id", id.to_string())]))?;
            tracing::Span::current().record("match_id", id.0);
            return Ok(found);
        }
        let here = self.active_under(&keys::channel_prefix(&ctx.channel))?;
        let mut candidates: Vec<(MatchRecord, Vec<u8>)> = here
            .iter()
            .filter(|(record, _)| match pick {
                Pick::Answerable => answerable_by(record, &ctx.user),
                Pick::Mine | Pick::Viewable => record.is_participant(&ctx.user),
            })
            .cloned()
            .collect();
        if candidates.is_empty() && matches!(pick, Pick::Viewable) {
            candidates = here;
        }
        match candidates.len() {
            0 => Err(Fail::user(
                match pick {
                    Pick::Answerable => "no-challenge-here",
                    Pick::Mine | Pick::Viewable => "no-match-here",
                },
                Vec::new(),
            )),
            1 => {
                let found = candidates.pop().expect("one candidate");
                tracing::Span::current().record("match_id", found.0.id.0);
                Ok(found)
            }
            _ => {
                let ids = candidates
                    .iter()
                    .map(|(record, _)| record.id.to_string())
                    .collect::<Vec<_>>();
                Err(Fail::user(
                    "which-match",
                    vec![("ids", ids.join(", ")), ("example", ids[0].clone())],
                ))
            }
        }
    }

    fn play(&self, ctx: &Context, prefs: Prefs, mut spec: PlaySpec) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let kind = spec.game;
        let mut computer_level = None;
        let opponent = match spec.opponent.clone().unwrap_or(match ctx.platform {
            Platform::Console => Opponent::Practice,
            _ => Opponent::Open,
        }) {
            Opponent::Practice => None,
            Opponent::Open => Some(None),
            Opponent::Computer(level) => {
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
        let practice = opponent.is_none();
        // Against the computer the player simply chooses a side: the rite is between people.
        let rite = kind == GameKind::Mangala && !practice && computer_level.is_none();
        // `time=`, `bank=`, `cap=` are the clock's, not the game's (docs/time-controls.md).
        let control = crate::schedule::timing::control_from_options(&mut spec.options)
            .map_err(|err| Fail::user(err.message_id(), Vec::new()))?;
        if control.is_some() && practice {
            return Err(Fail::user("time-practice", Vec::new()));
        }
        if control.is_some() && computer_level.is_some() {
            return Err(Fail::user("time-computer", Vec::new()));
        }

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
            .and_then(AnyGame::new)
            .map_err(|err| options_refusal(locale, kind, &err))?;

        let challenger_side = match &spec.side {
            None => None,
            Some(_) if rite => return Err(Fail::user("side-by-rite", Vec::new())),
            Some(name) => Some(
                kind.side_from_name(name)
                    .ok_or_else(|| bad_side(locale, kind, name))?,
            ),
        };

        let now = self.now();
        let mut record = MatchRecord {
            v: RECORD_VERSION,
            id: MatchId(0),
            version: 1,
            channel: ctx.channel.clone(),
            game: kind,
            options,
            variants: spec.variants.clone(),
            challenger: ctx.user.clone(),
            opponent: opponent.clone().flatten(),
            practice,
            challenger_side,
            players: if practice {
                Some([ctx.user.clone(), ctx.user.clone()])
            } else if computer_level.is_some() {
                // The player takes the side they asked for, else the first to move.
                let mine = challenger_side.unwrap_or(game.to_move());
                let mut players = [computer_user(), computer_user()];
                players[mine.index()] = ctx.user.clone();
                Some(players)
            } else {
                None
            },
            stage: if practice || computer_level.is_some() {
                Stage::Playing
            } else {
                Stage::Challenge
            },
            moves: Vec::new(),
            state: game.save(),
            last_events: Vec::new(),
            draw_offer: None,
            undo_request: None,
            created_at: now,
            updated_at: now,
            class: None,
            clock: crate::schedule::timing::MatchClock {
                control,
                ..Default::default()
            },
            computer: computer_level.map(|level| ComputerSeat {
                level: level.id().to_owned(),
                seed: self.seed(),
            }),
            post: crate::record::Post::default(),
        };
        // A new id from the sequence, in the same atomic step as the match (retried if another
        // match took the id meanwhile).
        loop {
            let old = self.store.get(keys::MATCH_SEQ)?;
            let last = old
                .as_deref()
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .and_then(|text| text.parse::<u64>().ok())
                .unwrap_or(0);
            record.id = MatchId(last + 1);
            let mut txn = Txn::default();
            txn.check(keys::MATCH_SEQ.to_vec(), old)
                .put(keys::MATCH_SEQ.to_vec(), (last + 1).to_string().into_bytes());
            match self.commit_match(ctx, None, &record, txn, "play") {
                Err(Fail::User { key: "try-again", .. }) => continue,
                other => record = other?,
            }
            break;
        }
        tracing::Span::current().record("match_id", record.id.0);

        let me = self.name_of(&ctx.user);
        let game_label = game_name(locale, kind);
        let args: Args = vec![
            ("id", record.id.to_string()),
            ("game", game_label),
            ("challenger", me),
        ];
        let reply = match &record.opponent {
            _ if record.computer.is_some() => {
                let mut args = args;
                args.push(("level", computer_level_name(locale, &record)));
                let mine = record.sides_of(&ctx.user);
                args.push((
                    "side",
                    mine.first()
                        .map(|side| side_name(locale, kind, *side))
                        .unwrap_or_default(),
                ));
                let text = t(locale, "computer-started", &args);
                return self.computer_answers(ctx, prefs, "computer-started", text, record, game);
            }
            _ if practice => {
                let mut text = t(locale, "practice-started", &args);
                text.push('\n');
                text.push_str(&t(locale, "your-turn-hint", &[]));
                self.with_board(ctx, prefs, "practice-started", text, &record, &game, Vec::new())
            }
            Some(opponent) => {
                let mut args = args;
                args.push(("opponent", self.name_of(opponent)));
                let mut text = t(locale, "challenge-named", &args);
                if let Some(clock) = self.clock_text(locale, &record) {
                    text.push('\n');
                    text.push_str(&clock);
                }
                let mut message = message(ctx, "challenge-named", text);
                message.mentions = vec![opponent.clone()];
                message.match_ref = Some(MatchRef {
                    id: record.id,
                    version: record.version,
                });
                Reply {
                    messages: vec![message],
                    duplicate: false,
                }
            }
            None => {
                let mut text = t(locale, "challenge-open", &args);
                if let Some(clock) = self.clock_text(locale, &record) {
                    text.push('\n');
                    text.push_str(&clock);
                }
                let mut message = message(ctx, "challenge-open", text);
                message.match_ref = Some(MatchRef {
                    id: record.id,
                    version: record.version,
                });
                Reply {
                    messages: vec![message],
                    duplicate: false,
                }
            }
        };
        Ok(reply)
    }

    /// A reply of one message with the match's board and the player to move mentioned.
    #[allow(clippy::too_many_arguments)]
    fn with_board(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
        mut mentions: Vec<UserId>,
    ) -> Reply {
        let mut text = text;
        if let Some(clock) = self.clock_text(prefs.locale, record) {
            text.push('\n');
            text.push_str(&clock);
        }
        let mut message = message(ctx, key, text);
        message.board = Some(board_of(self, record, game, prefs, &ctx.user, None, None));
        message.match_ref = Some(MatchRef {
            id: record.id,
            version: record.version,
        });
        if record.stage == Stage::Playing && !record.practice {
            if let Some(players) = &record.players {
                let next = players[game.to_move().index()].clone();
                // Quiet hours and digests hold the mention back; the scheduler sends it later.
                // A class seat holds no account to mention, nor does the computer.
                if !mentions.contains(&next)
                    && !is_computer(&next)
                    && crate::class::mentionable(&next)
                    && self.mention_now(&next)
                {
                    mentions.push(next);
                }
            }
        }
        message.mentions = mentions;
        Reply {
            messages: vec![message],
            duplicate: false,
        }
    }

    fn accept(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve(ctx, id, Pick::Answerable)?;
        if old.stage != Stage::Challenge {
            return Err(stage_refusal(&old));
        }
        if old.challenger == ctx.user {
            return Err(Fail::user(
                "accept-own-challenge",
                vec![("id", old.id.to_string())],
            ));
        }
        if !answerable_by(&old, &ctx.user) {
            let opponent = old
                .opponent
                .as_ref()
                .map(|user| self.name_of(user))
                .unwrap_or_default();
            return Err(Fail::user("not-your-challenge", vec![("opponent", opponent)]));
        }
        let mut new = old.clone();
        new.opponent = Some(ctx.user.clone());
        new.version += 1;
        new.updated_at = self.now();
        let game = new.current_game()?;
        if new.game == GameKind::Mangala {
            new.stage = Stage::Rite {
                rite: Rite::AwaitingCoins,
            };
            self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "accept")?;
            let args: Args = vec![
                ("id", new.id.to_string()),
                ("challenger", self.name_of(&new.challenger)),
                ("opponent", self.name_of(&ctx.user)),
            ];
            let mut message = message(ctx, "rite-begins", t(locale, "rite-begins", &args));
            message.mentions = vec![new.challenger.clone()];
            message.match_ref = Some(MatchRef {
                id: new.id,
                version: new.version,
            });
            return Ok(Reply {
                messages: vec![message],
                duplicate: false,
            });
        }
        let challenger_side = new.challenger_side.unwrap_or(Side::First);
        let mut players = [ctx.user.clone(), ctx.user.clone()];
        players[challenger_side.index()] = new.challenger.clone();
        new.players = Some(players);
        new.stage = Stage::Playing;
        let new = self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "accept")?;
        let args: Args = vec![
            ("id", new.id.to_string()),
            ("opponent", self.name_of(&ctx.user)),
            ("first", player_label(self, locale, &new, game.to_move())),
        ];
        let text = t(locale, "challenge-accepted", &args);
        Ok(self.with_board(ctx, prefs, "challenge-accepted", text, &new, &game, Vec::new()))
    }

    fn decline(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = self.resolve(ctx, id, Pick::Answerable)?;
        if old.stage != Stage::Challenge {
            return Err(stage_refusal(&old));
        }
        if old.opponent.as_ref() != Some(&ctx.user) {
            let key = if old.opponent.is_none() {
                "decline-open"
            } else {
                "not-your-challenge"
            };
            let opponent = old
                .opponent
                .as_ref()
                .map(|user| self.name_of(user))
                .unwrap_or_default();
            return Err(Fail::user(
                key,
                vec![("opponent", opponent), ("id", old.id.to_string())],
            ));
        }
        let mut new = old.clone();
        new.stage = Stage::Declined;
        new.version += 1;
        new.updated_at = self.now();
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "decline")?;
        let args: Args = vec![("id", new.id.to_string()), ("opponent", self.name_of(&ctx.user))];
        let mut reply = single(
            ctx,
            "challenge-declined",
            t(prefs.locale, "challenge-declined", &args),
        );
        reply.messages[0].mentions = vec![new.challenger.clone()];
        Ok(reply)
    }

    fn cancel(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = self.resolve(ctx, id, Pick::Mine)?;
        if !old.stage.is_active() {
            return Err(stage_refusal(&old));
        }
        let own_pending =
            old.challenger == ctx.user && matches!(old.stage, Stage::Challenge | Stage::Rite { .. });
        let own_practice = old.practice && old.challenger == ctx.user;
        let teacher = self.is_class_manager(ctx, &old)?;
        // A moderator may cancel any match of their channel, not of others.
        let moderator = ctx.moderator && old.channel == ctx.channel;
        if !(own_pending || own_practice || moderator || teacher) {
            let key = if old.is_participant(&ctx.user) {
                "cancel-playing"
            } else {
                "cancel-not-allowed"
            };
            return Err(Fail::user(key, vec![("id", old.id.to_string())]));
        }
        let mut new = old.clone();
        new.stage = Stage::Cancelled { by: ctx.user.clone() };
        new.version += 1;
        new.updated_at = self.now();
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "cancel")?;
        let args: Args = vec![("id", new.id.to_string()), ("by", self.name_of(&ctx.user))];
        let mut reply = single(ctx, "match-cancelled", t(prefs.locale, "match-cancelled", &args));
        reply.messages[0].mentions = new
            .participants()
            .into_iter()
            .filter(|user| *user != ctx.user)
            .collect();
        // A cancelled class match may complete a tournament round.
        self.class_followup(ctx, prefs, &new, false, &mut reply);
        Ok(reply)
    }

    /// Checks that the caller may act in a running match; returns the sides they play (for a
    /// class match: the seats they may move for).
    fn require_player(&self, ctx: &Context, record: &MatchRecord) -> Result<Vec<Side>, Fail> {
        let user = &ctx.user;
        if record.stage != Stage::Playing {
            return Err(stage_refusal(record));
        }
        if let Some(link) = &record.class {
            return self.class_sides(ctx, record, link);
        }
        let sides = record.sides_of(user);
        if sides.is_empty() {
            return Err(Fail::user("not-a-player", vec![("id", record.id.to_string())]));
        }
        Ok(sides)
    }

    fn play_move(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        text: &str,
        explicit: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let unknown = || Fail::user("parse-unknown-command", vec![("word", text.to_owned())]);
        let (old, bytes) = match self.resolve(ctx, id, Pick::Mine) {
            Err(Fail::User {
                key: "no-match-here", ..
            }) if !explicit => return Err(unknown()),
            other => other?,
        };
        let mut game = old.current_game()?;
        // A bare word that is no move of this game was most likely a mistyped command.
        let canonical = match game.canonical_move(text) {
            Ok(canonical) => canonical,
            Err(_) if !explicit => return Err(unknown()),
            Err(err) => {
                let (key, text) = present::move_refusal(locale, &game, &err);
                return Err(Fail::Said { key, text });
            }
        };
        let sides = self.require_player(ctx, &old)?;
        let mover = game.to_move();
        if !sides.contains(&mover) {
            let args: Args = vec![("player", player_label(self, locale, &old, mover))];
            return Err(Fail::user("not-your-turn", args));
        }
        let events = match game.play(&canonical) {
            Ok(events) => events,
            Err(err) => {
                let (key, text) = present::move_refusal(locale, &game, &err);
                return Err(Fail::Said { key, text });
            }
        };
        let mut new = self.after_move(&old, &canonical, &game, events);
        let events = new.last_events.clone();
        Service::class_after_move(&mut new, &events);
        let new = self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "move")?;
        let mut text = t(
            locale,
            "move-played",
            &[
                ("player", player_label(self, locale, &new, mover)),
                ("move", canonical),
                ("id", new.id.to_string()),
            ],
        );
        if let Some(ending) = ending_text(self, locale, &new) {
            text.push('\n');
            text.push_str(&ending);
        }
        let mut reply = self.computer_answers(ctx, prefs, "move-played", text, new.clone(), game)?;
        self.class_followup(ctx, prefs, &new, true, &mut reply);
        Ok(reply)
    }

    /// `old` after `canonical` was played, `game` being the position it reached: pending offers
    /// lapse, and a game the rules ended finishes the match.
    pub(crate) fn after_move(
        &self,
        old: &MatchRecord,
        canonical: &str,
        game: &AnyGame,
        events: Vec<lalao_core::Event>,
    ) -> MatchRecord {
        let mut new = old.clone();
        new.moves.push(canonical.to_owned());
        new.state = game.save();
        new.last_events = events;
        new.draw_offer = None;
        new.undo_request = None;
        new.version += 1;
        new.updated_at = self.now();
        if let Some(outcome) = game.outcome() {
            new.stage = Stage::Finished {
                ending: Ending::Game { outcome },
            };
        }
        new
    }

    /// The reply to a command after which the computer may be to move: it plays (see
    /// service/computer.rs), and the one board shown is the position after its answer.
    fn computer_answers(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        mut text: String,
        record: MatchRecord,
        game: AnyGame,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut record, mut game) = (record, game);
        if Self::computer_to_move(&record, &game) {
            for done in self.computer_turns(ctx, record.clone(), game.clone())? {
                text.push('\n');
                text.push_str(&t(
                    locale,
                    "computer-played",
                    &[("move", done.text.clone()), ("id", done.record.id.to_string())],
                ));
                if let Some(ending) = ending_text(self, locale, &done.record) {
                    text.push('\n');
                    text.push_str(&ending);
                }
                record = done.record;
                game = done.game;
            }
        }
        Ok(self.with_board(ctx, prefs, key, text, &record, &game, Vec::new()))
    }

    fn show_board(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        style: Option<Style>,
        viewpoint: Option<String>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (record, _) = self.resolve(ctx, id, Pick::Viewable)?;
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
        if let Some(clock) = self.clock_text(locale, &record) {
            text.push('\n');
            text.push_str(&clock);
        }
        let mut message = message(ctx, "board", text);
        message.board = Some(board_of(self, &record, &game, prefs, &ctx.user, style, viewpoint));
        message.match_ref = Some(MatchRef {
            id: record.id,
            version: record.version,
        });
        Ok(Reply {
            messages: vec![message],
            duplicate: false,
        })
    }

    /// One line saying what a match is and where it stands.
    fn status_text(&self, locale: lalao_renderer::Locale, record: &MatchRecord, game: &AnyGame) -> String {
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
                vec![("step", self.rite_step_text(locale, record, *rite))],
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

    fn rite_step_text(&self, locale: lalao_renderer::Locale, record: &MatchRecord, rite: Rite) -> String {
        let expected = rite.expected();
        let who = record
            .user_of(expected.who)
            .map(|user| self.name_of(user))
            .unwrap_or_default();
        let key = match expected.step {
            Step::Coins => "rite-step-coins",
            Step::Call => "rite-step-call",
            Step::Side => "rite-step-side",
        };
        t(locale, key, &[("player", who), ("id", record.id.to_string())])
    }

    fn resign(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = self.resolve(ctx, id, Pick::Mine)?;
        let sides = self.require_player(ctx, &old)?;
        let game = old.current_game()?;
        // In practice the side to move gives up.
        let side = if sides.len() == 2 {
            game.to_move()
        } else {
            sides[0]
        };
        let mut new = old.clone();
        new.stage = Stage::Finished {
            ending: Ending::Resigned { side },
        };
        new.draw_offer = None;
        new.undo_request = None;
        new.version += 1;
        new.updated_at = self.now();
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "resign")?;
        let text = ending_text(self, prefs.locale, &new).unwrap_or_default();
        let mentions = new
            .participants()
            .into_iter()
            .filter(|user| *user != ctx.user)
            .collect();
        let mut reply = self.with_board(ctx, prefs, "game-resigned", text, &new, &game, mentions);
        self.class_followup(ctx, prefs, &new, false, &mut reply);
        Ok(reply)
    }

    fn draw(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        answer: Option<Answer>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve(ctx, id, Pick::Mine)?;
        self.require_player(ctx, &old)?;
        if old.practice {
            return Err(Fail::user("draw-practice", Vec::new()));
        }
        if old.computer.is_some() {
            return Err(Fail::user("draw-computer", Vec::new()));
        }
        if old.class.is_some() {
            // Seats have no accounts to offer and accept: the teacher decides.
            return Err(Fail::user(
                "class-ask-teacher-draw",
                vec![("id", old.id.to_string())],
            ));
        }
        let other = old
            .participants()
            .into_iter()
            .find(|user| *user != ctx.user)
            .expect("two players");
        let offered_by_other = old.draw_offer.as_ref() == Some(&other);
        let answer = answer.unwrap_or(if offered_by_other {
            Answer::Accept
        } else {
            Answer::Offer
        });
        let mut new = old.clone();
        new.version += 1;
        new.updated_at = self.now();
        let args: Args = vec![
            ("player", self.name_of(&ctx.user)),
            ("id", old.id.to_string()),
            ("other", self.name_of(&other)),
        ];
        let (key, mentions) = match answer {
            Answer::Offer if old.draw_offer.as_ref() == Some(&ctx.user) => {
                return Err(Fail::user("draw-already-offered", args));
            }
            Answer::Offer if offered_by_other => return Err(Fail::user("draw-offer-waiting", args)),
            Answer::Offer => {
                new.draw_offer = Some(ctx.user.clone());
                ("draw-offered", vec![other])
            }
            Answer::Accept | Answer::Decline if !offered_by_other => {
                return Err(Fail::user("draw-none", args))
            }
            Answer::Accept => {
                new.draw_offer = None;
                new.stage = Stage::Finished {
                    ending: Ending::DrawAgreed,
                };
                ("game-draw-agreed", vec![other])
            }
            Answer::Decline => {
                new.draw_offer = None;
                ("draw-declined", vec![other])
            }
        };
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "draw")?;
        let game = new.current_game()?;
        let text = t(locale, key, &args);
        if key == "game-draw-agreed" {
            return Ok(self.with_board(ctx, prefs, key, text, &new, &game, mentions));
        }
        let mut reply = single(ctx, key, text);
        reply.messages[0].mentions = mentions;
        reply.messages[0].match_ref = Some(MatchRef {
            id: new.id,
            version: new.version,
        });
        Ok(reply)
    }

    fn undo(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        answer: Option<Answer>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_for_undo(ctx, id)?;
        if old.class.is_some() {
            return Err(Fail::user(
                "class-ask-teacher-undo",
                vec![("id", old.id.to_string())],
            ));
        }
        let mut new = old.clone();
        new.version += 1;
        new.updated_at = self.now();
        let take_back = |new: &mut MatchRecord| -> Result<AnyGame, Fail> {
            let last = new
                .moves
                .len()
                .checked_sub(1)
                .ok_or_else(|| Fail::user("undo-nothing", Vec::new()))?;
            // Replay up to the move before, so the board still marks what that move did.
            let mut game = new.replay(last.saturating_sub(1))?;
            new.last_events = match last.checked_sub(1) {
                Some(previous) => {
                    game.play(&new.moves[previous])
                        .map_err(|err| record::RecordError::Game {
                            id: new.id,
                            message: err.to_string(),
                        })?
                }
                None => Vec::new(),
            };
            new.moves.truncate(last);
            new.state = game.save();
            new.undo_request = None;
            new.draw_offer = None;
            new.stage = Stage::Playing;
            Ok(game)
        };
        if old.computer.is_some() {
            // (resolve_for_undo checked the caller is the player.) The computer always agrees: take back its answers and the player's last move.
            let players = old.players.clone().expect("a computer match has both players");
            let mut undone = Vec::new();
            let game = loop {
                let Some(last) = new.moves.last().cloned() else {
                    return Err(Fail::user("undo-nothing", Vec::new()));
                };
                undone.push(last);
                let game = take_back(&mut new)?;
                if !is_computer(&players[game.to_move().index()]) {
                    break game;
                }
            };
            undone.reverse();
            self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
            let key = if undone.len() > 1 {
                "undo-done-several"
            } else {
                "undo-done"
            };
            let args = [("move", undone.join(", ")), ("id", new.id.to_string())];
            let text = t(locale, key, &args);
            return Ok(self.with_board(ctx, prefs, key, text, &new, &game, Vec::new()));
        }
        if old.practice {
            let undone = old.moves.last().cloned().unwrap_or_default();
            let game = take_back(&mut new)?;
            self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
            let text = t(
                locale,
                "undo-done",
                &[("move", undone), ("id", new.id.to_string())],
            );
            return Ok(self.with_board(ctx, prefs, "undo-done", text, &new, &game, Vec::new()));
        }
        self.require_player(ctx, &old)?;
        let other = old
            .participants()
            .into_iter()
            .find(|user| *user != ctx.user)
            .expect("two players");
        let asked_by_other = old.undo_request.as_ref() == Some(&other);
        let answer = answer.unwrap_or(if asked_by_other {
            Answer::Accept
        } else {
            Answer::Offer
        });
        let args: Args = vec![
            ("player", self.name_of(&ctx.user)),
            ("other", self.name_of(&other)),
            ("id", old.id.to_string()),
        ];
        match answer {
            Answer::Offer => {
                if old.moves.is_empty() {
                    return Err(Fail::user("undo-nothing", Vec::new()));
                }
                if old.undo_request.as_ref() == Some(&ctx.user) {
                    return Err(Fail::user("undo-already-asked", args));
                }
                new.undo_request = Some(ctx.user.clone());
                self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let mut reply = single(ctx, "undo-asked", t(locale, "undo-asked", &args));
                reply.messages[0].mentions = vec![other];
                Ok(reply)
            }
            Answer::Accept | Answer::Decline if !asked_by_other => Err(Fail::user("undo-none", args)),
            Answer::Accept => {
                let undone = old.moves.last().cloned().unwrap_or_default();
                let game = take_back(&mut new)?;
                self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let text = t(
                    locale,
                    "undo-done",
                    &[("move", undone), ("id", new.id.to_string())],
                );
                Ok(self.with_board(ctx, prefs, "undo-done", text, &new, &game, vec![other]))
            }
            Answer::Decline => {
                new.undo_request = None;
                self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let mut reply = single(ctx, "undo-declined", t(locale, "undo-declined", &args));
                reply.messages[0].mentions = vec![other];
                Ok(reply)
            }
        }
    }

    /// Practice matches may be taken back even after they ended (learning by trying again).
    fn resolve_for_undo(&self, ctx: &Context, id: Option<MatchId>) -> Result<(MatchRecord, Vec<u8>), Fail> {
        let found = self.resolve(ctx, id, Pick::Mine)?;
        let (record, _) = &found;
        // Against the computer, as in practice, a lost game may be taken back.
        let solo = record.practice || record.computer.is_some();
        let finished_practice = solo
            && record.challenger == ctx.user
            && matches!(
                record.stage,
                Stage::Finished {
                    ending: Ending::Game { .. }
                }
            );
        if solo && (record.stage == Stage::Playing || finished_practice) {
            if record.challenger != ctx.user {
                return Err(Fail::user("not-a-player", vec![("id", record.id.to_string())]));
            }
            return Ok(found);
        }
        if solo {
            return Err(stage_refusal(record));
        }
        Ok(found)
    }

    fn list(&self, ctx: &Context, prefs: Prefs, scope: ListScope) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let prefix = match scope {
            ListScope::Channel => keys::channel_prefix(&ctx.channel),
            ListScope::Mine => keys::active_prefix(&ctx.user),
        };
        let matches = self.active_under(&prefix)?;
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

    fn list_line(&self, locale: lalao_renderer::Locale, record: &MatchRecord, game: &AnyGame) -> String {
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
            Stage::Rite { rite } => self.rite_step_text(locale, record, *rite),
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

    fn history(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>, export: bool) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (record, _) = self.resolve(ctx, id, Pick::Viewable)?;
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
        message.match_ref = Some(MatchRef {
            id: record.id,
            version: record.version,
        });
        Ok(Reply {
            messages: vec![message],
            duplicate: false,
        })
    }

    fn rules(&self, ctx: &Context, prefs: Prefs, game: Option<GameKind>, variants: &[String]) -> Reply {
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
        let mut text = t(locale, &format!("rules-{}", kind.id()), &[]);
        let known = AnyOptions::variants_of(kind).ok();
        for raw in variants {
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
        text.push_str(&t(
            locale,
            "rules-variants",
            &[
                ("variants", variant_list(locale, kind)),
                ("game", kind.id().to_owned()),
            ],
        ));
        single(ctx, "rules", text)
    }

    fn settings(&self, ctx: &Context, prefs: Prefs, change: SettingsChange) -> Result<Reply, Fail> {
        let current = self.player(&ctx.user)?;
        let (mut player, old) = match current {
            Some((player, bytes)) => (player, Some(bytes)),
            None => (
                PlayerRecord {
                    v: RECORD_VERSION,
                    ..PlayerRecord::default()
                },
                None,
            ),
        };
        let changed = change.locale.is_some() || change.style.is_some();
        if changed {
            player.locale = change.locale.or(player.locale);
            player.style = change.style.or(player.style);
            if player.display_name.is_none() {
                player.display_name.clone_from(&ctx.display_name);
            }
            let key = keys::player_key(&ctx.user);
            let mut txn = Txn::default();
            txn.check(key.clone(), old).put(key, record::encode(&player));
            self.commit_other(ctx, txn, "settings")?;
        }
        // Answer in the language just chosen.
        let locale = player.locale.unwrap_or(prefs.locale);
        let style = player.style.unwrap_or(prefs.style);
        let key = if changed {
            "settings-saved"
        } else {
            "settings-show"
        };
        let text = t(
            locale,
            key,
            &[
                ("language", t(locale, &format!("language-{}", locale.id()), &[])),
                ("style", t(locale, &format!("style-{}", style.id()), &[])),
            ],
        );
        Ok(single(ctx, key, text))
    }

    /// The rite step checks shared by coins, call and side.
    fn rite_of(&self, record: &MatchRecord, user: &UserId) -> Result<(Rite, Role), Fail> {
        let Stage::Rite { rite } = record.stage else {
            return Err(match record.stage {
                Stage::Playing => Fail::user("rite-over", vec![("id", record.id.to_string())]),
                _ => stage_refusal(record),
            });
        };
        let role = record
            .role_of(user)
            .ok_or_else(|| Fail::user("not-a-player", vec![("id", record.id.to_string())]))?;
        Ok((rite, role))
    }

    fn rite_refusal(
        &self,
        locale: lalao_renderer::Locale,
        record: &MatchRecord,
        rite: Rite,
        _: OutOfTurn,
    ) -> Fail {
        Fail::user(
            "rite-not-your-step",
            vec![("step", self.rite_step_text(locale, record, rite))],
        )
    }

    fn coins(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        count: Option<u8>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_rite(ctx, id)?;
        let (rite, role) = self.rite_of(&old, &ctx.user)?;
        let next = rite
            .pick_coins(role, count.unwrap_or(1))
            .map_err(|wrong| self.rite_refusal(locale, &old, rite, wrong))?;
        let Some(count) = count else {
            return Err(Fail::user("coins-how", vec![("id", old.id.to_string())]));
        };
        if !ctx.private {
            return Err(Fail::user("coins-private", vec![("id", old.id.to_string())]));
        }
        let next = match next {
            Rite::AwaitingCall { .. } => Rite::AwaitingCall { coins: count },
            other => other,
        };
        let mut new = old.clone();
        new.stage = Stage::Rite { rite: next };
        new.version += 1;
        new.updated_at = self.now();
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "coins")?;
        let opponent = new.opponent.clone().expect("a rite has an opponent");
        let private = Message {
            audience: Audience::Private(ctx.user.clone()),
            key: "coins-hidden",
            text: t(locale, "coins-hidden", &[("count", count.to_string())]),
            board: None,
            mentions: Vec::new(),
            match_ref: Some(MatchRef {
                id: new.id,
                version: new.version,
            }),
        };
        let public = Message {
            audience: Audience::Channel(new.channel.clone()),
            key: "rite-call",
            text: t(
                locale,
                "rite-call",
                &[
                    ("challenger", self.name_of(&new.challenger)),
                    ("opponent", self.name_of(&opponent)),
                    ("id", new.id.to_string()),
                ],
            ),
            board: None,
            mentions: vec![opponent],
            match_ref: Some(MatchRef {
                id: new.id,
                version: new.version,
            }),
        };
        Ok(Reply {
            messages: vec![private, public],
            duplicate: false,
        })
    }

    /// The rite commands may come from a private channel, so an id-less command looks for the
    /// caller's rites everywhere, not just in this channel.
    fn resolve_rite(&self, ctx: &Context, id: Option<MatchId>) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if id.is_some() {
            return self.resolve(ctx, id, Pick::Mine);
        }
        let mut rites: Vec<_> = self
            .active_under(&keys::active_prefix(&ctx.user))?
            .into_iter()
            .filter(|(record, _)| matches!(record.stage, Stage::Rite { .. }))
            .collect();
        match rites.len() {
            0 => Err(Fail::user("no-rite", Vec::new())),
            1 => Ok(rites.pop().expect("one rite")),
            _ => {
                let ids = rites
                    .iter()
                    .map(|(record, _)| record.id.to_string())
                    .collect::<Vec<_>>();
                Err(Fail::user(
                    "which-match",
                    vec![("ids", ids.join(", ")), ("example", ids[0].clone())],
                ))
            }
        }
    }

    fn call(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>, parity: Parity) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_rite(ctx, id)?;
        let (rite, role) = self.rite_of(&old, &ctx.user)?;
        let (next, winner) = rite
            .call(role, parity)
            .map_err(|wrong| self.rite_refusal(locale, &old, rite, wrong))?;
        let Rite::AwaitingSide { coins, .. } = next else {
            unreachable!("a call leads to the side choice")
        };
        let mut new = old.clone();
        new.stage = Stage::Rite { rite: next };
        new.version += 1;
        new.updated_at = self.now();
        self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "call")?;
        let chooser = new.user_of(winner).expect("both roles are filled").clone();
        let key = if winner == role {
            "rite-call-right"
        } else {
            "rite-call-wrong"
        };
        let sides = Side::BOTH.map(|side| new.game.side_name(side)).join(" / ");
        let text = t(
            locale,
            key,
            &[
                ("coins", coins.to_string()),
                ("call", t(locale, &format!("parity-{}", parity.id()), &[])),
                ("chooser", self.name_of(&chooser)),
                ("sides", sides),
                ("id", new.id.to_string()),
            ],
        );
        let mut reply = single(ctx, key, text);
        reply.messages[0].audience = Audience::Channel(new.channel.clone());
        reply.messages[0].mentions = vec![chooser];
        reply.messages[0].match_ref = Some(MatchRef {
            id: new.id,
            version: new.version,
        });
        Ok(reply)
    }

    fn choose_side(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        side: &str,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_rite(ctx, id)?;
        let (rite, role) = self.rite_of(&old, &ctx.user)?;
        let side = old
            .game
            .side_from_name(side)
            .ok_or_else(|| bad_side(locale, old.game, side))?;
        let seating = rite
            .choose_side(role, side)
            .map_err(|wrong| self.rite_refusal(locale, &old, rite, wrong))?;
        let mut new = old.clone();
        let players = seating
            .roles
            .map(|role| new.user_of(role).expect("both roles are filled").clone());
        new.players = Some(players);
        new.stage = Stage::Playing;
        new.version += 1;
        new.updated_at = self.now();
        let new = self.commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "side")?;
        let game = new.current_game()?;
        let text = t(
            locale,
            "rite-done",
            &[
                ("player", self.name_of(&ctx.user)),
                ("side", side_name(locale, new.game, side)),
                ("first", player_label(self, locale, &new, game.to_move())),
            ],
        );
        let mut reply = self.with_board(ctx, prefs, "rite-done", text, &new, &game, Vec::new());
        reply.messages[0].audience = Audience::Channel(new.channel.clone());
        Ok(reply)
    }
}

fn answerable_by(record: &MatchRecord, user: &UserId) -> bool {
    record.stage == Stage::Challenge
        && match &record.opponent {
            Some(opponent) => opponent == user,
            None => !record.practice && record.challenger != *user,
        }
}

/// A refusal explaining why the match's stage does not allow this.
pub(crate) fn stage_refusal(record: &MatchRecord) -> Fail {
    let key = match record.stage {
        Stage::Challenge => "not-started",
        Stage::Rite { .. } => "rite-first",
        Stage::Playing => "already-started",
        Stage::Finished { .. }
        | Stage::Declined
        | Stage::Cancelled { .. }
        | Stage::Expired
        | Stage::Aborted => "match-over",
    };
    Fail::User {
        key,
        args: vec![("id", record.id.to_string())],
        board: None,
    }
}

fn bad_side(locale: lalao_renderer::Locale, kind: GameKind, name: &str) -> Fail {
    let sides = Side::BOTH.map(|side| kind.side_name(side)).join(", ");
    Fail::user(
        "bad-side",
        vec![
            ("side", name.to_owned()),
            ("sides", sides),
            ("game", game_name(locale, kind)),
        ],
    )
}

fn variant_list(locale: lalao_renderer::Locale, kind: GameKind) -> String {
    match AnyOptions::variants_of(kind) {
        Ok([]) => t(locale, "no-variants", &[]),
        Ok(names) => names.join(", "),
        Err(_) => t(locale, "game-not-ready-short", &[]),
    }
}

/// The computer's level as players read it (`hard`, `difficile`).
fn computer_level_name(locale: lalao_renderer::Locale, record: &MatchRecord) -> String {
    let level = record
        .computer
        .as_ref()
        .map(|seat| seat.level())
        .unwrap_or(lalao_core::ai::Level::Medium);
    t(locale, &format!("computer-level-{}", level.id()), &[])
}

/// A friendly refusal of bad options at `play`.
pub(crate) fn options_refusal(locale: lalao_renderer::Locale, kind: GameKind, error: &CoreError) -> Fail {
    tracing::debug!(%error, "options refused");
    let game = game_name(locale, kind);
    match error {
        CoreError::UnsupportedGame { .. } => Fail::user("game-not-ready", vec![("game", game)]),
        CoreError::UnknownVariant { name } => Fail::user(
            "unknown-variant",
            vec![("name", name.clone()), ("variants", variant_list(locale, kind))],
        ),
        CoreError::BadOptions { option, .. } => {
            let specific = format!("option-{}-{}", kind.id(), option.replace('_', "-"));
            match try_t(locale, &specific) {
                Some(hint) => Fail::user(
                    "bad-option-hint",
                    vec![("option", option.clone()), ("game", game), ("hint", hint)],
                ),
                None => Fail::user("bad-option", vec![("option", option.clone()), ("game", game)]),
            }
        }
        _ => Fail::user("bad-option", vec![("option", String::new()), ("game", game)]),
    }
}

/// `cells=5` → 5, `cap=true` → true, anything else stays text.
pub(crate) fn option_value(text: &str) -> Value {
    if let Ok(number) = text.parse::<u64>() {
        return Value::from(number);
    }
    if let Ok(number) = text.parse::<i64>() {
        return Value::from(number);
    }
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        "null" | "none" => Value::Null,
        _ => Value::String(text.to_owned()),
    }
}

/// The record `lalao rules` replays: `{"game", "options", "variants", "moves"}`.
pub fn export_json(record: &MatchRecord) -> String {
    json!({
        "game": record.game.id(),
        "options": record.options,
        "variants": record.variants,
        "moves": record.moves,
    })
    .to_string()
}

fn help(ctx: &Context, prefs: Prefs, topic: Option<&str>) -> Reply {
    let locale = prefs.locale;
    if let Some(topic) = topic {
        let name = crate::command::command_name(topic)
            .map(|name| if name == "call-direct" { "call" } else { name })
            .filter(|name| HELP_TOPICS.contains(name));
        if let Some(name) = name {
            return single(ctx, "help-topic", t(locale, &format!("help-{name}"), &[]));
        }
        let mut text = t(locale, "help-unknown", &[("topic", topic.to_owned())]);
        text.push('\n');
        text.push_str(&t(locale, "help", &[]));
        return single(ctx, "help", text);
    }
    single(ctx, "help", t(locale, "help", &[]))
}

impl Service {
    /// Used by `lalao check`: decodes every stored entry and checks the links between them
    /// (service/links.rs); returns (entries, errors).
    pub fn check_store(&self) -> Result<(usize, Vec<String>), crate::store::StoreError> {
        let mut errors = Vec::new();
        let entries = self.store.scan_all()?;
        for (key, value) in &entries {
            if let Err(err) = record::decode_entry(key, value) {
                errors.push(format!(
                    "{}: {err}",
                    String::from_utf8_lossy(key).replace('\0', "/")
                ));
            }
        }
        errors.extend(self.link_errors(&entries));
        Ok((entries.len(), errors))
    }

    /// Removes processed-event records older than `before` (Unix seconds): platforms stop
    /// redelivering after minutes, so a day's window is plenty.
    pub fn prune_events(&self, before: u64) -> Result<usize, crate::store::StoreError> {
        let mut removed = 0;
        for (key, value) in self.store.scan_prefix(keys::EVENT_PREFIX)? {
            let old = record::decode::<record::EventRecord>(&value, "an event record")
                .map_or(true, |event| event.at < before);
            if old {
                let mut txn = Txn::default();
                txn.check(key.clone(), Some(value)).delete(key);
                if self.commit_txn(&txn)? == Committed::Applied {
                    removed += 1;
                }
            }
        }
        self.store.sync()?;
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_become_json() {
        assert_eq!(option_value("5"), json!(5));
        assert_eq!(option_value("-3"), json!(-3));
        assert_eq!(option_value("true"), json!(true));
        assert_eq!(option_value("abc"), json!("abc"));
    }
}
