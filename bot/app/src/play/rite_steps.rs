//! Mangala IV's coin rite as commands (RULES.md M-3): `coins`, `call` and `side`; the state machine is `crate::rite`.

use crate::kernel::board_reply::BoardReplies;
use crate::kernel::lookups::Lookups;
use crate::kernel::notices::Notices;
use crate::play::computer::ComputerTurns;
use lalao_core::Side;

use crate::command::Parity;
use crate::i18n::t;
use crate::ids::{MatchId, Platform, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{bad_side, stage_refusal, Pick};
use crate::kernel::wording::{player_label, side_name, single};
use crate::kernel::{Action, Audience, Context, Fail, Kind, MatchRef, Message, Prefs, Reply};
use crate::play::on_behalf::OnBehalf;
use crate::record::{MatchRecord, Stage, RECORD_VERSION};
use crate::rite::{OutOfTurn, Rite, Role, Step};
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};

crate::kernel::family::family! {
    /// The steps of Mangala IV's coin rite.
    RiteSteps
}

impl RiteSteps<'_> {
    pub(crate) fn rite_step_text(
        &self,
        locale: lalao_renderer::Locale,
        record: &MatchRecord,
        rite: Rite,
    ) -> String {
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

    /// The rite step checks shared by coins, call and side.
    pub(crate) fn rite_of(&self, record: &MatchRecord, user: &UserId) -> Result<(Rite, Role), Fail> {
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

    pub(crate) fn rite_refusal(
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

    /// Puts in `txn` a direct message to `record`'s challenger asking for the coins (the
    /// outbox delivers it once, opening the direct room if there is none).
    pub(crate) fn ask_for_coins_directly(
        &self,
        record: &MatchRecord,
        args: &[(&str, String)],
        txn: &mut Txn,
    ) {
        let now = self.now();
        let notification = Notification {
            v: RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Direct {
                user: record.challenger.clone(),
            },
            key: "coins-ask-direct".to_owned(),
            text: t(
                Notices(self).locale_of(&record.challenger),
                "coins-ask-direct",
                args,
            ),
            mentions: vec![record.challenger.clone()],
            match_id: Some(record.id),
            due: now,
            fired: now,
            lease: None,
        };
        // Keyed like a timer that fired now, so it is delivered in order with the others.
        let tag = format!("coins{}", record.version);
        let key = keys::outbox_key(&keys::match_timer_key(now, record.id, &tag), 0);
        txn.put(key, crate::record::encode(&notification));
    }

    pub(crate) fn coins(
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
        let against_computer = old.opponent.as_ref().is_some_and(crate::ids::is_computer);
        // lalao calls without looking: against it the coins need no secret room.
        if !ctx.private && !against_computer {
            // Where to send them privately depends on where the player is.
            let key = match ctx.platform {
                Platform::Matrix => "coins-private-dm",
                _ => "coins-private",
            };
            return Err(Fail::user(key, vec![("id", old.id.to_string())]));
        }
        let next = match next {
            Rite::AwaitingCall { .. } => Rite::AwaitingCall { coins: count },
            other => other,
        };
        if against_computer {
            return self.computer_calls(ctx, prefs, (&old, &bytes), count);
        }
        let mut new = old.clone();
        new.stage = Stage::Rite { rite: next };
        new.version += 1;
        new.updated_at = self.now();
        Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "coins")?;
        let opponent = new.opponent.clone().expect("a rite has an opponent");
        let private = Message {
            audience: Audience::Private(ctx.user.clone()),
            kind: Kind::Said,
            key: "coins-hidden",
            text: t(locale, "coins-hidden", &[("count", count.to_string())]),
            board: None,
            picture: None,
            live: None,
            tapped: None,
            mentions: Vec::new(),
            match_ref: Some(MatchRef::of(&new)),
            actions: Action::available(&new),
        };
        let public = Message {
            audience: Audience::Channel(new.channel.clone()),
            kind: Kind::Said,
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
            picture: None,
            live: None,
            tapped: None,
            mentions: vec![opponent],
            match_ref: Some(MatchRef::of(&new)),
            actions: Action::available(&new),
        };
        Ok(Reply {
            messages: vec![private, public],
            ..Reply::default()
        })
    }

    /// Against the computer, lalao calls as soon as the coins are hidden, in the same commit:
    /// its call is drawn from its seat's seed, never from the coins. When it wins the call it
    /// takes South, the side that wins from the usual start (`learn mangala 2`), and the game
    /// plays itself; when it loses, the player chooses.
    fn computer_calls(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
        coins: u8,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let seed = old.computer.as_ref().map_or(0, |seat| seat.seed);
        let parity = if seed % 2 == 0 { Parity::Even } else { Parity::Odd };
        let (next, winner) = Rite::AwaitingCall { coins }
            .call(Role::Opponent, parity)
            .expect("the computer calls once the coins are hidden");
        let mut new = old.clone();
        new.stage = Stage::Rite { rite: next };
        new.version += 1;
        new.updated_at = self.now();
        let new = Commits(self).commit_match(ctx, Some((old, bytes)), &new, Txn::default(), "coins")?;
        let args = [
            ("coins", coins.to_string()),
            ("call", t(locale, &format!("parity-{}", parity.id()), &[])),
            ("player", self.name_of(&ctx.user)),
            ("id", new.id.to_string()),
        ];
        if winner == Role::Challenger {
            let text = t(locale, "rite-computer-call-lost", &args);
            let mut reply = single(ctx, "rite-computer-call-lost", text);
            reply.messages[0].on_match(&new);
            return Ok(reply);
        }
        let said = t(locale, "rite-computer-call-won", &args);
        let rite = next;
        let stored = crate::record::encode(&new);
        let mut reply = self.seat(ctx, prefs, (&new, &stored), rite, Role::Opponent, Side::SOUTH)?;
        if let Some(first) = reply.messages.first_mut() {
            first.text = format!("{said}\n{}", first.text);
        }
        Ok(reply)
    }

    /// The rite commands may come from a private channel, so an id-less command looks for the
    /// caller's rites everywhere, not just in this channel.
    pub(crate) fn resolve_rite(
        &self,
        ctx: &Context,
        id: Option<MatchId>,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        if id.is_some() {
            return Lookups(self).resolve(ctx, id, Pick::Mine);
        }
        let mut rites: Vec<_> = self
            .active_under(&keys::active_prefix(&ctx.user))?
            .into_iter()
            .filter(|(record, _)| {
                matches!(record.stage, Stage::Rite { .. }) || record.is_answered_with_a_side()
            })
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

    pub(crate) fn call(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        parity: Parity,
    ) -> Result<Reply, Fail> {
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
        Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "call")?;
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
        reply.messages[0].on_match(&new);
        Ok(reply)
    }

    pub(crate) fn choose_side(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        side: &str,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_rite(ctx, id)?;
        if old.is_answered_with_a_side() {
            let side = old
                .game
                .side_from_name(side)
                .ok_or_else(|| bad_side(locale, old.game, side))?;
            crate::play::moves::Moves(self).require_player(ctx, &old)?;
            let answer = old.game.side_name(side);
            return self
                .teaching()
                .judge(self, ctx, prefs, (&old, &bytes), answer, Vec::new());
        }
        let (rite, role) = self.rite_of(&old, &ctx.user)?;
        let side = old
            .game
            .side_from_name(side)
            .ok_or_else(|| bad_side(locale, old.game, side))?;
        self.seat(ctx, prefs, (&old, &bytes), rite, role, side)
    }

    /// `role` takes `side`: the rite is over, the game begins (and, every move being forced,
    /// plays itself as far as it can; against the computer, to its end).
    fn seat(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
        rite: Rite,
        role: Role,
        side: Side,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let seating = rite
            .choose_side(role, side)
            .map_err(|wrong| self.rite_refusal(locale, old, rite, wrong))?;
        let mut new = old.clone();
        let players = seating
            .roles
            .map(|role| new.user_of(role).expect("both roles are filled").clone());
        new.players = Some(players);
        new.stage = Stage::Playing;
        new.version += 1;
        new.updated_at = self.now();
        let first = new.current_game()?.to_move();
        // From here every move of Mangala IV is forced: those of players with `auto` on play
        // themselves at once.
        let mut game = new.current_game()?;
        let mut txn = Txn::default();
        let for_them = OnBehalf(self).follow(&mut new, &mut game, &mut txn);
        let new = Commits(self).commit_match(ctx, Some((old, bytes)), &new, txn, "side")?;
        let chooser = new.user_of(role).expect("both roles are filled").clone();
        let mut text = t(
            locale,
            "rite-done",
            &[
                ("player", self.name_of(&chooser)),
                ("side", side_name(locale, new.game, side)),
                ("first", player_label(self, locale, &new, first)),
            ],
        );
        OnBehalf(self).tell(&mut text, locale, &new, &for_them);
        if new.computer.is_some() {
            return ComputerTurns(self).computer_answers(ctx, prefs, "rite-done", text, new, game);
        }
        let mut reply = BoardReplies(self).with_board(ctx, prefs, "rite-done", text, &new, &game, Vec::new());
        reply.messages[0].audience = Audience::Channel(new.channel.clone());
        if let Some(over) = ComputerTurns(self).game_over(ctx, locale, &new) {
            reply.messages.push(over);
        }
        Ok(reply)
    }
}
