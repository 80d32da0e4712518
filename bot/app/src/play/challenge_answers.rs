//! The answers to a challenge: `accept` (with the coin game of Mangala IV), `decline`, and
//! `cancel` by its challenger.

use crate::kernel::board_reply::BoardReplies;
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::lookups::Lookups;
use crate::kernel::new_matches::NewMatches;
use crate::play::computer::ComputerTurns;
use crate::play::moves::Moves;
use crate::play::on_behalf::OnBehalf;
use crate::play::rite_steps::RiteSteps;
use lalao_core::{GameKind, Side};

use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{answerable_by, stage_refusal, Args, Pick};
use crate::kernel::wording::{message, player_label, single};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{MatchRecord, Stage};
use crate::rite::Rite;
use crate::store::Txn;

crate::kernel::family::family! {
    /// The answers to a challenge.
    ChallengeAnswers
}

impl ChallengeAnswers<'_> {
    pub(crate) fn accept(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Answerable)?;
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
        // Accepting seats the caller: their own limit applies (the channel already counts it).
        NewMatches(self).check_limits(&ctx.user, None)?;
        let mut new = old.clone();
        new.opponent = Some(ctx.user.clone());
        new.version += 1;
        new.updated_at = self.now();
        let mut game = new.current_game()?;
        // Mangala IV opens with the coin rite, unless this is a rematch whose sides were kept.
        if new.game == GameKind::Mangala && new.challenger_side.is_none() {
            new.stage = Stage::Rite {
                rite: Rite::AwaitingCoins,
            };
            let args: Args = vec![
                ("id", new.id.to_string()),
                ("challenger", self.name_of(&new.challenger)),
                ("opponent", self.name_of(&ctx.user)),
            ];
            let mut txn = Txn::default();
            // Where the room cannot hear a secret privately, the challenger is asked for the
            // coins in a direct room, in the same commit as the acceptance.
            let key = if ctx.private || ctx.platform.answers_privately_in_channels() {
                "rite-begins"
            } else {
                RiteSteps(self).ask_for_coins_directly(&new, &args, &mut txn);
                "rite-begins-direct"
            };
            Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, txn, "accept")?;
            let mut message = message(ctx, key, t(locale, key, &args));
            message.mentions = vec![new.challenger.clone()];
            message.on_match(&new);
            return Ok(Reply {
                messages: vec![message],
                ..Reply::default()
            });
        }
        let challenger_side = new.challenger_side.unwrap_or(Side::First);
        let mut players = [ctx.user.clone(), ctx.user.clone()];
        players[challenger_side.index()] = new.challenger.clone();
        new.players = Some(players);
        new.stage = Stage::Playing;
        let first = game.to_move();
        // A first move with no alternative (every Mangala IV move) plays itself where its
        // player chose so.
        let mut txn = Txn::default();
        let for_them = OnBehalf(self).follow(&mut new, &mut game, &mut txn);
        let new = Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, txn, "accept")?;
        let args: Args = vec![
            ("id", new.id.to_string()),
            ("opponent", self.name_of(&ctx.user)),
            ("first", player_label(self, locale, &new, first)),
        ];
        let mut text = t(locale, "challenge-accepted", &args);
        text.push('\n');
        text.push_str(&crate::play::help::notation(locale, new.game));
        OnBehalf(self).tell(&mut text, locale, &new, &for_them);
        let mut reply =
            BoardReplies(self).with_board(ctx, prefs, "challenge-accepted", text, &new, &game, Vec::new());
        if let Some(over) = ComputerTurns(self).game_over(ctx, locale, &new) {
            reply.messages.push(over);
        }
        Ok(reply)
    }

    pub(crate) fn decline(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Answerable)?;
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
        Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "decline")?;
        let args: Args = vec![("id", new.id.to_string()), ("opponent", self.name_of(&ctx.user))];
        let mut reply = single(
            ctx,
            "challenge-declined",
            t(prefs.locale, "challenge-declined", &args),
        );
        reply.messages[0].mentions = vec![new.challenger.clone()];
        Ok(reply)
    }

    pub(crate) fn cancel(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Mine)?;
        if !old.stage.is_active() {
            return Err(stage_refusal(&old));
        }
        let own_pending =
            old.challenger == ctx.user && matches!(old.stage, Stage::Challenge | Stage::Rite { .. });
        let own_practice = old.practice && old.challenger == ctx.user;
        let teacher = ClassSeats(self).is_class_manager(ctx, &old)?;
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
        // A player may not cancel away a rated game they are in: once it has started, their
        // cancel is their resignation, and the game counts.
        if old.stage == Stage::Playing && old.is_participant(&ctx.user) && would_be_rated(&old) {
            return Moves(self).resign(ctx, prefs, Some(old.id));
        }
        let mut new = old.clone();
        new.stage = Stage::Cancelled { by: ctx.user.clone() };
        new.version += 1;
        new.updated_at = self.now();
        let (new, announced) =
            Commits(self).commit_match_change(ctx, prefs, ((&old, &bytes), &new), "cancel", false)?;
        let args: Args = vec![("id", new.id.to_string()), ("by", self.name_of(&ctx.user))];
        let mut reply = single(ctx, "match-cancelled", t(prefs.locale, "match-cancelled", &args));
        reply.messages[0].mentions = new
            .participants()
            .into_iter()
            .filter(|user| *user != ctx.user)
            .collect();
        // A cancelled class match may complete a tournament round.
        ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
        Ok(reply)
    }
}

/// Whether `record`, a running match, would be rated if it ended now by a resignation.
fn would_be_rated(record: &MatchRecord) -> bool {
    let mut ended = record.clone();
    ended.stage = Stage::Finished {
        ending: crate::record::Ending::Resigned { side: Side::First },
    };
    crate::ratings::is_rated(&ended)
}
