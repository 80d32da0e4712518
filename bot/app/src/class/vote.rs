//! The class plays one side by vote (docs/classroom.md): `class vote <game>` starts a match of
//! the class against the computer (the gentle level unless said) or the teacher. While it is
//! the class's turn, every seat page offers the legal moves; a pupil's tap is their vote. The
//! turn closes when its time runs out (a durable timer), when every pupil has voted, or when
//! the teacher says `class vote play`; the most voted move is played, a tie going to the later
//! proposal, and more than 60 % of the votes resign. The ballots are in the match record
//! ([`VoteBox`]), so a restart in the middle of a turn keeps them.

use lalao_core::Side;
use lalao_renderer::Locale;

use super::lifecycle::ClassLife;
use super::reports::ClassReports;
use super::ClassRecord;
use crate::i18n::t;
use crate::ids::{computer_user, EventId, MatchId};
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::commit::Commits;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Context, Fail, Prefs, Reply, Tapped};
use crate::play::moves::Moves;
use crate::record::{
    seat_user, Choice, ClassLink, ComputerSeat, Decision, MatchRecord, Stage, VoteBox, DEFAULT_VOTE_SECONDS,
    MAX_BALLOTS,
};
use crate::seats::holds_pupil;
use crate::store::Txn;
use lalao_core::ai::Level;
use lalao_core::GameKind;
use lalao_grammar::GameSpec;

/// How many times a ballot is tried again when another commit to the match came first (the
/// whole class taps at once).
const BALLOT_ATTEMPTS: usize = 40;

crate::kernel::family::family! {
    /// The class playing one side by vote.
    Votes
}

/// How the class plays: against the computer at `level` (the teacher with none), `seconds` a
/// turn (the default when not said), changing one's vote allowed or not.
pub(super) struct VoteSetup {
    pub level: Option<Level>,
    pub seconds: Option<u32>,
    pub change: bool,
}

/// How a pupil's vote is written on a seat: a move, or one of these words.
pub const RESIGN_WORD: &str = "resign";

impl Votes<'_> {
    /// `class vote <game>`: the class's match, in one commit, refused while a vote runs.
    pub(super) fn start(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (class, bytes): (ClassRecord, Vec<u8>),
        spec: GameSpec,
        VoteSetup {
            level,
            seconds,
            change,
        }: VoteSetup,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        if class.pupils.is_empty() {
            return Err(Fail::user("class-vote-no-pupils", Vec::new()));
        }
        // Mangala IV plays itself (RULES.md M-4): there is nothing to vote on.
        if spec.game == GameKind::Mangala {
            return Err(Fail::user("class-vote-mangala", Vec::new()));
        }
        if self.running(&class)?.is_some() {
            return Err(Fail::user("class-vote-running", Vec::new()));
        }
        let names = [class.name.as_str(), class.name.as_str()];
        let (mut record, _) =
            ClassLife(self).seated_match(ctx, locale, names, &spec, ClassLink::default())?;
        let opponent = match level {
            Some(level) => {
                record.computer = Some(ComputerSeat {
                    level: level.id().to_owned(),
                    seed: self.seed(),
                });
                computer_user()
            }
            None => ctx.user.clone(),
        };
        // The class moves first; its side is its own seat, which only a closed turn moves.
        record.players = Some([class_seat(&class), opponent]);
        record.unrated = true;
        let seconds = seconds.unwrap_or(DEFAULT_VOTE_SECONDS);
        record.vote = Some(VoteBox::new(Side::First, seconds, change));
        let mut boards = [record];
        let class = ClassMatchStore(self).commit_class_matches(
            ctx,
            &bytes,
            &class,
            &mut boards,
            &|class, ids| class.vote_match = ids.first().copied(),
            "class-vote",
        )?;
        let against = match level {
            Some(level) => t(
                locale,
                "class-vote-computer",
                &[("level", t(locale, &format!("discord-level-{}", level.id()), &[]))],
            ),
            None => self.name_of(&ctx.user),
        };
        let text = t(
            locale,
            "class-vote-started",
            &[
                ("game", game_name(locale, spec.game)),
                ("id", boards[0].id.to_string()),
                ("against", against),
                ("seconds", seconds.to_string()),
            ],
        );
        let mut reply = Reply {
            messages: vec![message(ctx, "class-vote-started", text)],
            ..Reply::default()
        };
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }

    /// A pupil's vote, tapped on their seat: `text` is a legal move of the class's turn, or
    /// `resign`. One vote per pupil and turn; a second one changes the first where the
    /// teacher allowed it. When every pupil has voted, the turn closes at once.
    pub(super) fn ballot(
        &self,
        ctx: &Context,
        class: &ClassRecord,
        id: MatchId,
        text: &str,
    ) -> Result<Reply, Fail> {
        let locale = class.locale;
        let voter = class
            .pupils
            .iter()
            .find(|pupil| holds_pupil(&ctx.user, pupil))
            .map(|pupil| seat_user(&pupil.name))
            .ok_or_else(|| Fail::user("class-vote-not-a-voter", Vec::new()))?;
        for _ in 0..BALLOT_ATTEMPTS {
            let Some((old, bytes)) = self
                .load(id)?
                .filter(|(record, _)| record.channel == class.channel)
            else {
                return Err(Fail::user("class-vote-none", Vec::new()));
            };
            let Some(vote) = old.vote.as_ref() else {
                return Err(Fail::user("class-vote-none", Vec::new()));
            };
            if old.stage != Stage::Playing {
                return Err(Fail::user("class-vote-over", Vec::new()));
            }
            let game = old.current_game()?;
            if game.to_move() != vote.side || vote.ply as usize != old.moves.len() {
                return Err(Fail::user("class-vote-wait", Vec::new()));
            }
            let choice = if text.eq_ignore_ascii_case(RESIGN_WORD) {
                Choice::Resign
            } else {
                let canonical = game
                    .canonical_move(text)
                    .ok()
                    .filter(|canonical| game.clone().play(canonical).is_ok())
                    .ok_or_else(|| Fail::user("class-vote-not-a-move", Vec::new()))?;
                Choice::Move { text: canonical }
            };
            match vote.ballot_of(&voter) {
                Some(ballot) if ballot.choice == choice => return Ok(counted(ctx, locale, &choice)),
                Some(_) if !vote.change => return Err(Fail::user("class-vote-cast", Vec::new())),
                _ => {}
            }
            if vote.ballots.len() >= MAX_BALLOTS && vote.ballot_of(&voter).is_none() {
                return Err(Fail::user("class-vote-full", Vec::new()));
            }
            let now = self.now();
            let mut new = old.clone();
            let everyone = {
                let vote = new.vote.as_mut().expect("checked above");
                vote.cast(voter.clone(), choice.clone());
                // After a turn that closed with no vote, the first vote starts its time again.
                vote.closes_at.get_or_insert(now + u64::from(vote.seconds));
                class
                    .pupils
                    .iter()
                    .all(|pupil| vote.ballot_of(&seat_user(&pupil.name)).is_some())
            };
            new.version += 1;
            new.updated_at = now;
            match Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "class-ballot")
            {
                Ok(_) => {}
                Err(Fail::Again) => continue,
                Err(err) => return Err(err),
            }
            if everyone {
                // Every pupil has voted: no need to wait for the time.
                if let Err(err) = self.close(id, None) {
                    tracing::warn!(
                        match_id = id.0,
                        error = err.what(),
                        "a full vote could not close its turn now; its timer will"
                    );
                }
            }
            return Ok(counted(ctx, locale, &choice));
        }
        Err(Fail::user("try-again", Vec::new()))
    }

    /// Closes the class's open turn of match `id`: the most voted move is played (or the class
    /// resigns); with no vote the turn waits for a first one. `due`: the timer that fired, which
    /// must still be the turn's (a stale one does nothing). `Ok(false)`: nothing to close.
    pub(crate) fn close(&self, id: MatchId, due: Option<u64>) -> Result<bool, Fail> {
        let Some((old, bytes)) = self.load(id)? else {
            return Ok(false);
        };
        let (Some(vote), Some(players)) = (old.vote.clone(), old.players.clone()) else {
            return Ok(false);
        };
        if old.stage != Stage::Playing || due.is_some_and(|due| vote.closes_at != Some(due)) {
            return Ok(false);
        }
        if old.current_game()?.to_move() != vote.side || vote.ply as usize != old.moves.len() {
            return Ok(false);
        }
        let Some((class, _)) = self.class_of(&old.channel)? else {
            return Ok(false);
        };
        let platform = class.channel.platform();
        let ctx = Context {
            platform,
            // The class's own seat: the seat policy lets it, and only it, move the class's side.
            user: players[vote.side.index()].clone(),
            display_name: None,
            channel: class.channel.clone(),
            event: Some(EventId::new(
                platform,
                &format!("vote-{}-{}-{}", id.0, vote.ply, vote.ballots.len()),
            )),
            moderator: false,
            locale: None,
            private: false,
            community: None,
        };
        let prefs = self.prefs_of_class(&ctx, &class);
        // A class's draw is the teacher's to decide (`class result`), as in every class match.
        match vote.decide(false, false) {
            Decision::Play { text, .. } => Moves(self).play_move(&ctx, prefs, Some(id), &text, true, None)?,
            Decision::Resign => Moves(self).resign(&ctx, prefs, Some(id))?,
            Decision::Nothing | Decision::OfferDraw | Decision::AcceptDraw => {
                // Nobody voted: the turn waits for its first vote, whose time starts then.
                let mut new = old.clone();
                if let Some(vote) = new.vote.as_mut() {
                    vote.closes_at = None;
                }
                new.updated_at = self.now();
                let ctx = Context { event: None, ..ctx };
                Commits(self).commit_match(
                    &ctx,
                    Some((&old, &bytes)),
                    &new,
                    Txn::default(),
                    "class-vote-wait",
                )?;
                return Ok(true);
            }
        };
        Ok(true)
    }

    /// `class vote play`: the teacher closes the open turn now.
    pub(super) fn play_now(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let Some((record, _)) = self.running(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        let empty = record.vote.as_ref().is_none_or(|vote| vote.ballots.is_empty());
        if empty || !self.close(record.id, None)? {
            return Err(Fail::user("class-vote-nothing", Vec::new()));
        }
        Ok(Reply {
            messages: vec![message(
                ctx,
                "class-vote-played",
                t(
                    class.locale,
                    "class-vote-played",
                    &[("id", record.id.to_string())],
                ),
            )],
            ..Reply::default()
        })
    }

    /// `class vote stop`: the running vote's match is cancelled.
    pub(super) fn stop(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let Some((old, bytes)) = self.running(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        let mut new = old.clone();
        new.stage = Stage::Cancelled { by: ctx.user.clone() };
        new.version += 1;
        new.updated_at = self.now();
        Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "class-vote-stop")?;
        Ok(Reply {
            messages: vec![message(
                ctx,
                "class-vote-stopped",
                t(class.locale, "class-vote-stopped", &[("id", old.id.to_string())]),
            )],
            ..Reply::default()
        })
    }

    /// `class vote reveal`: once the last vote's game is over, who voted what at each turn.
    pub(super) fn reveal(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let locale = class.locale;
        let Some((record, _)) = self.last(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        if record.stage.is_active() {
            return Err(Fail::user("class-vote-reveal-later", Vec::new()));
        }
        let vote = record.vote.as_ref().expect("the last vote's match");
        let mut lines = vec![t(locale, "class-vote-reveal", &[("id", record.id.to_string())])];
        for turn in &vote.turns {
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for ballot in &turn.ballots {
                let said = choice_text(locale, &ballot.choice);
                let name = ballot.voter.local().to_owned();
                match groups.iter_mut().find(|(choice, _)| *choice == said) {
                    Some((_, names)) => names.push(name),
                    None => groups.push((said, vec![name])),
                }
            }
            let groups: Vec<String> = groups
                .into_iter()
                .map(|(choice, names)| format!("{choice} ({}): {}", names.len(), names.join(", ")))
                .collect();
            lines.push(format!(
                "{}. {} ← {}",
                turn.ply / 2 + 1,
                turn.played,
                groups.join(" · ")
            ));
        }
        Ok(Reply {
            messages: vec![message(ctx, "class-vote-reveal", lines.join("\n"))],
            ..Reply::default()
        })
    }

    /// The class's last vote's match, with its stored bytes.
    pub(crate) fn last(&self, class: &ClassRecord) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        let Some(id) = class.vote_match else {
            return Ok(None);
        };
        Ok(self.load(id)?.filter(|(record, _)| record.vote.is_some()))
    }

    /// The class's vote being played.
    fn running(&self, class: &ClassRecord) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        Ok(self.last(class)?.filter(|(record, _)| record.stage.is_active()))
    }
}

/// The seat the class plays by vote: the class's own name on the board.
pub(crate) fn class_seat(class: &ClassRecord) -> crate::ids::UserId {
    seat_user(&class.name)
}

/// What a tap answers: the vote counted, its move as small print.
fn counted(ctx: &Context, locale: Locale, choice: &Choice) -> Reply {
    let text = t(locale, "class-vote-counted", &[]);
    let mut said = message(ctx, "class-vote-counted", text.clone());
    said.tapped = Some(Tapped {
        text,
        small: Some(choice_text(locale, choice)),
    });
    Reply {
        messages: vec![said],
        ..Reply::default()
    }
}

/// A choice as the tally and the reveal write it: the move's notation, or the word.
pub(crate) fn choice_text(locale: Locale, choice: &Choice) -> String {
    match choice {
        Choice::Move { text } => text.clone(),
        Choice::Draw => t(locale, "class-vote-draw", &[]),
        Choice::Resign => t(locale, "class-vote-resign", &[]),
    }
}

#[cfg(test)]
mod tests;
