//! Playing a match: moves, the computer's answers, `resign`, `draw` and `undo`.

use crate::kernel::board_reply::BoardReplies;
use crate::kernel::class_seats::ClassSeats;
use crate::kernel::lookups::Lookups;
use crate::play::ballots::Ballots;
use crate::play::computer::ComputerTurns;
use crate::play::on_behalf::OnBehalf;
use lalao_core::{AnyGame, Side};

use crate::command::Answer;
use crate::i18n::t;
use crate::ids::is_computer;
use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::lookups::{stage_refusal, Args, Pick};
use crate::kernel::wording::{self, ending_text, player_label, single};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, Ending, MatchRecord, Stage};
use crate::seats::Seating;
use crate::store::{keys, Txn};

crate::kernel::family::family! {
    /// Moves, resignations, draws and take-backs on a running match.
    Moves
}

impl Moves<'_> {
    /// The refusal of `text` as a move of the caller's match here that just ended, when it is
    /// written as one.
    fn just_over(&self, ctx: &Context, text: &str) -> Option<Fail> {
        let (record, _) = Lookups(self).resolve(ctx, None, Pick::Viewable).ok()?;
        if record.stage.is_active() || !record.is_participant(&ctx.user) {
            return None;
        }
        record.current_game().ok()?.canonical_move(text).ok()?;
        Some(stage_refusal(&record))
    }

    /// Checks that the caller may act in a running match; returns the sides they play (for a
    /// class match: the seats they may move for).
    pub(crate) fn require_player(&self, ctx: &Context, record: &MatchRecord) -> Result<Vec<Side>, Fail> {
        let user = &ctx.user;
        if record.stage != Stage::Playing {
            return Err(stage_refusal(record));
        }
        if let Seating::Class(link) = Seating::of(record) {
            return ClassSeats(self).class_sides(ctx, record, link);
        }
        let sides = record.sides_of(user);
        if sides.is_empty() {
            return Err(Fail::user("not-a-player", vec![("id", record.id.to_string())]));
        }
        Ok(sides)
    }

    pub(crate) fn play_move(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        text: &str,
        explicit: bool,
        on_board: Option<u32>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let unknown = || Fail::Said {
            key: "parse-unknown-command",
            text: wording::unknown_command(ctx, locale, text),
        };
        // Set when the caller named no match and the move itself chose among theirs.
        let mut picked = false;
        let (old, bytes) = match Lookups(self).resolve(ctx, id, Pick::Mine) {
            // A move typed just after the caller's match here ended is told the match is over,
            // not that the word is an unknown command.
            Err(Fail::User {
                key: "no-match-here", ..
            }) if !explicit => return Err(self.just_over(ctx, text).unwrap_or_else(unknown)),
            // Several matches here and no number: the one match where this move
            // is the caller's to play and legal, if there is exactly one.
            Err(Fail::User {
                key: "which-match",
                args,
                board,
            }) => match self.the_match_this_move_fits(ctx, text)? {
                Some(found) => {
                    picked = true;
                    found
                }
                None => {
                    return Err(Fail::User {
                        key: "which-match",
                        args,
                        board,
                    })
                }
            },
            other => other?,
        };
        // A channel's vote: a member's move is their vote (the voters' own seat plays the
        // move the votes chose when the turn closes).
        if let (Some(vote), Some(players), None) = (&old.vote, &old.players, &old.class) {
            if players[vote.side.index()] != ctx.user {
                // Nobody knows a channel's voters: its turns close by their time.
                let voter = ctx.user.clone();
                let (id, channel) = (old.id, &old.channel);
                return Ballots(self)
                    .ballot(ctx, (id, channel), voter, text, locale, &|_| false)
                    .map(|(reply, _)| reply);
            }
        }
        // Checked on the record this move commits against: a change in between makes the
        // commit fail and the move run again, and be refused then.
        if on_board.is_some_and(|board| board != crate::kernel::MatchRef::of(&old).board) {
            return Err(Fail::user("web-stale", vec![("id", old.id.to_string())]));
        }
        let mut game = old.current_game()?;
        // A bare word that is no move of this game and does not even look like one was most
        // likely a mistyped command; one that looks like a move gets the legal moves.
        let canonical = match game.canonical_move(text) {
            Ok(canonical) => canonical,
            Err(_) if !explicit && !looks_like_a_move(text) => return Err(unknown()),
            Err(err) => {
                let (key, text) = wording::move_refusal(locale, ctx.platform, &game, &err);
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
                let (key, text) = wording::move_refusal(locale, ctx.platform, &game, &err);
                return Err(Fail::Said { key, text });
            }
        };
        // An activity's move is judged by teaching, not simply played.
        if old.is_activity() {
            return self
                .teaching()
                .judge(self, ctx, prefs, (&old, &bytes), &canonical, events);
        }
        let mut new = self.after_move(&old, &canonical, &game, events);
        let events = new.last_events.clone();
        ClassSeats::class_after_move(&mut new, &events);
        let mut txn = Txn::default();
        let for_them = OnBehalf(self).follow(&mut new, &mut game, &mut txn);
        let (new, announced) = match Seating::of(&new) {
            Seating::Class(_) => Commits(self).commit_match_change(
                ctx,
                prefs,
                ((&old, &bytes), &new),
                "move",
                on_board.is_some(),
            )?,
            Seating::Accounts => (
                Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, txn, "move")?,
                None,
            ),
        };
        let mut text = t(
            locale,
            if picked { "move-played-in" } else { "move-played" },
            &[
                ("player", player_label(self, locale, &new, mover)),
                ("move", canonical),
                ("id", new.id.to_string()),
            ],
        );
        OnBehalf(self).tell(&mut text, locale, &new, &for_them);
        let mut reply =
            ComputerTurns(self).computer_answers(ctx, prefs, "move-played", text, new.clone(), game)?;
        ClassSeats(self).class_followup(ctx, prefs, &new, true, announced, &mut reply);
        Ok(reply)
    }

    /// Among the caller's active matches in this channel, the one where `text` is a legal move
    /// that is theirs to play now, when exactly one is.
    fn the_match_this_move_fits(
        &self,
        ctx: &Context,
        text: &str,
    ) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        let mut fits = Vec::new();
        for (record, bytes) in self.active_under(&keys::channel_prefix(&ctx.channel))? {
            if !record.is_participant(&ctx.user) || record.stage != Stage::Playing {
                continue;
            }
            let Ok(game) = record.current_game() else { continue };
            let theirs = record.sides_of(&ctx.user).contains(&game.to_move());
            let legal = game
                .canonical_move(text)
                .is_ok_and(|canonical| game.legal_moves().contains(&canonical));
            if theirs && legal {
                fits.push((record, bytes));
            }
        }
        Ok(if fits.len() == 1 { fits.pop() } else { None })
    }

    pub(crate) fn resign(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Mine)?;
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
        let (new, announced) =
            Commits(self).commit_match_change(ctx, prefs, ((&old, &bytes), &new), "resign", false)?;
        let mut text = ending_text(self, prefs.locale, &new).unwrap_or_default();
        if let Some(ratings) = crate::kernel::wording::rating_line(self, prefs.locale, &new) {
            text.push('\n');
            text.push_str(&ratings);
        }
        let mentions = new
            .participants()
            .into_iter()
            .filter(|user| *user != ctx.user)
            .collect();
        let mut reply =
            BoardReplies(self).with_board(ctx, prefs, "game-resigned", text, &new, &game, mentions);
        ClassSeats(self).class_followup(ctx, prefs, &new, false, announced, &mut reply);
        Ok(reply)
    }

    pub(crate) fn draw(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        answer: Option<Answer>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = Lookups(self).resolve(ctx, id, Pick::Mine)?;
        self.require_player(ctx, &old)?;
        if old.practice {
            return Err(Fail::user("draw-practice", Vec::new()));
        }
        if old.computer.is_some() {
            return Err(Fail::user("draw-computer", Vec::new()));
        }
        if let Some(key) = Seating::of(&old).draw_refusal() {
            return Err(Fail::user(key, vec![("id", old.id.to_string())]));
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
        // The committed record: an agreed draw of a rated game carries its rating change.
        let new = Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "draw")?;
        let game = new.current_game()?;
        let mut text = t(locale, key, &args);
        if key == "game-draw-agreed" {
            if let Some(ratings) = crate::kernel::wording::rating_line(self, locale, &new) {
                text.push('\n');
                text.push_str(&ratings);
            }
            return Ok(BoardReplies(self).with_board(ctx, prefs, key, text, &new, &game, mentions));
        }
        let mut reply = single(ctx, key, text);
        reply.messages[0].mentions = mentions;
        reply.messages[0].on_match(&new);
        Ok(reply)
    }

    pub(crate) fn undo(
        &self,
        ctx: &Context,
        prefs: Prefs,
        id: Option<MatchId>,
        answer: Option<Answer>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (old, bytes) = self.resolve_for_undo(ctx, id)?;
        if let Some(key) = Seating::of(&old).undo_refusal() {
            return Err(Fail::user(key, vec![("id", old.id.to_string())]));
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
            // Plans answer the moves that follow the position they were made in: gone with it.
            new.plans.clear();
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
            Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
            let key = if undone.len() > 1 {
                "undo-done-several"
            } else {
                "undo-done"
            };
            let args = [("move", undone.join(", ")), ("id", new.id.to_string())];
            let text = t(locale, key, &args);
            return Ok(BoardReplies(self).with_board(ctx, prefs, key, text, &new, &game, Vec::new()));
        }
        if old.practice {
            let undone = old.moves.last().cloned().unwrap_or_default();
            let game = take_back(&mut new)?;
            Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
            let text = t(
                locale,
                "undo-done",
                &[("move", undone), ("id", new.id.to_string())],
            );
            return Ok(BoardReplies(self).with_board(ctx, prefs, "undo-done", text, &new, &game, Vec::new()));
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
                Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let mut reply = single(ctx, "undo-asked", t(locale, "undo-asked", &args));
                reply.messages[0].mentions = vec![other];
                Ok(reply)
            }
            Answer::Accept | Answer::Decline if !asked_by_other => Err(Fail::user("undo-none", args)),
            Answer::Accept => {
                let undone = old.moves.last().cloned().unwrap_or_default();
                let game = take_back(&mut new)?;
                Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let text = t(
                    locale,
                    "undo-done",
                    &[("move", undone), ("id", new.id.to_string())],
                );
                Ok(BoardReplies(self).with_board(ctx, prefs, "undo-done", text, &new, &game, vec![other]))
            }
            Answer::Decline => {
                new.undo_request = None;
                Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "undo")?;
                let mut reply = single(ctx, "undo-declined", t(locale, "undo-declined", &args));
                reply.messages[0].mentions = vec![other];
                Ok(reply)
            }
        }
    }

    /// Practice matches may be taken back even after they ended (learning by trying again).
    pub(crate) fn resolve_for_undo(
        &self,
        ctx: &Context,
        id: Option<MatchId>,
    ) -> Result<(MatchRecord, Vec<u8>), Fail> {
        let found = Lookups(self).resolve(ctx, id, Pick::Mine)?;
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
}

/// Whether a word has the shape of a move in one of the games' notations (`@9`, `3-4`,
/// `e2-e4`, `e2xe4`, `h3`, `c1A`), legal or not: short, with a digit, and made of the
/// notations' characters only. Command words have no digit.
fn looks_like_a_move(text: &str) -> bool {
    text.len() <= 12
        && text.chars().any(|c| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '@' | '-' | 'x' | ':' | '×'))
}
