//! A side played by vote (`record::VoteBox`): a voter's ballot, counted once a turn, and the
//! closing of a turn, which plays the most voted move (a tie to the later proposal) or resigns
//! for the voters. Who may vote is the caller's to say (a class's pupils); the ballots are
//! committed with the match, so they survive a restart, and the turn's closing time is one of
//! the match's timers.

use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{ChannelId, EventId, MatchId, Platform, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::notices::Notices;
use crate::kernel::wording::message;
use crate::kernel::{Context, Fail, Reply, Tapped};
use crate::play::moves::Moves;
use crate::record::{self, Choice, Decision, MatchRecord, Stage, VoteBox, MAX_BALLOTS};
use crate::seats::Seating;
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};

/// How many times a ballot is tried again when another commit to the match came first (a
/// whole class taps at once).
const BALLOT_ATTEMPTS: usize = 40;

/// How a resignation is voted for: a move, or this word.
pub const RESIGN_WORD: &str = "resign";

crate::kernel::family::family! {
    /// The turns of a side played by vote.
    VoteTurns
}

impl VoteTurns<'_> {
    /// `voter`'s vote in match `id` of `channel`: `text` is a legal move of the voters' open
    /// turn, or `resign`. One vote per voter and turn; a second one changes the first where
    /// the box allows it. When `all_voted` says every voter has, the turn closes at once.
    pub(crate) fn ballot(
        &self,
        ctx: &Context,
        (id, channel): (MatchId, &ChannelId),
        voter: UserId,
        text: &str,
        locale: Locale,
        all_voted: &dyn Fn(&VoteBox) -> bool,
    ) -> Result<Reply, Fail> {
        for _ in 0..BALLOT_ATTEMPTS {
            let Some((old, bytes)) = self.load(id)?.filter(|(record, _)| record.channel == *channel) else {
                return Err(Fail::user("vote-none", Vec::new()));
            };
            let Some(vote) = old.vote.as_ref() else {
                return Err(Fail::user("vote-none", Vec::new()));
            };
            if old.stage != Stage::Playing {
                return Err(Fail::user("vote-over", Vec::new()));
            }
            // A paused match takes no move, and so no vote.
            if !Seating::of(&old).clock_runs() {
                return Err(Fail::user("vote-paused", Vec::new()));
            }
            let game = old.current_game()?;
            if game.to_move() != vote.side || vote.ply as usize != old.moves.len() {
                return Err(Fail::user("vote-wait", Vec::new()));
            }
            let choice = if text.eq_ignore_ascii_case(RESIGN_WORD) {
                Choice::Resign
            } else {
                let canonical = game
                    .canonical_move(text)
                    .ok()
                    .filter(|canonical| game.clone().play(canonical).is_ok())
                    .ok_or_else(|| {
                        Fail::user("vote-not-a-move", vec![("moves", game.legal_moves().join(", "))])
                    })?;
                Choice::Move { text: canonical }
            };
            match vote.ballot_of(&voter) {
                Some(ballot) if ballot.choice == choice => return Ok(counted(ctx, locale, &choice)),
                Some(_) if !vote.change => return Err(Fail::user("vote-cast", Vec::new())),
                _ => {}
            }
            if vote.ballots.len() >= MAX_BALLOTS && vote.ballot_of(&voter).is_none() {
                return Err(Fail::user("vote-full", Vec::new()));
            }
            let now = self.now();
            let mut new = old.clone();
            let everyone = {
                let vote = new.vote.as_mut().expect("checked above");
                vote.cast(voter.clone(), choice.clone());
                // After a turn that closed with no vote, the first vote starts its time again.
                vote.closes_at.get_or_insert(now + u64::from(vote.seconds));
                all_voted(vote)
            };
            new.version += 1;
            new.updated_at = now;
            match Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "ballot") {
                Ok(_) => {}
                Err(Fail::Again) => continue,
                Err(err) => return Err(err),
            }
            if everyone {
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

    /// Closes the voters' open turn of match `id`: the most voted move is played (or the voters
    /// resign); with no vote the turn waits for a first one. `due`: the timer that fired, which
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
        let platform = old.channel.platform();
        let ctx = Context {
            platform,
            // The voters' own seat: the seat policy lets it, and only it, move the voters' side.
            user: players[vote.side.index()].clone(),
            display_name: None,
            channel: old.channel.clone(),
            event: Some(EventId::new(
                platform,
                &format!("vote-{}-{}-{}", id.0, vote.ply, vote.ballots.len()),
            )),
            moderator: false,
            locale: None,
            private: false,
            community: None,
        };
        let prefs = self.prefs(&ctx);
        // A class's draw is the teacher's to decide (`class result`), as in every class match;
        // the computer takes no draw.
        let reply = match vote.decide(false, false) {
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
                Commits(self).commit_match(&ctx, Some((&old, &bytes)), &new, Txn::default(), "vote-wait")?;
                return Ok(true);
            }
        };
        // A class sees the move on its pages; a channel is told, as nobody asked for it.
        if old.class.is_none() {
            self.tell_voters(&old, vote.ply, &reply)?;
        }
        Ok(true)
    }

    /// Puts in the outbox, for the channel of vote `old`, what its closed turn `ply` did: the
    /// move played (and the computer's answer) with the board as it stands, and that the next
    /// turn is open.
    fn tell_voters(&self, old: &MatchRecord, ply: u32, reply: &Reply) -> Result<(), Fail> {
        let platform = old.channel.platform();
        let locale = Notices(self)
            .room_locales(old)
            .first()
            .copied()
            .unwrap_or(self.defaults().locale);
        let mut lines = Vec::new();
        let after = self.load(old.id)?.map(|(record, _)| record);
        // How the turn voted: each choice and its votes, names hidden.
        if let Some(turn) = after
            .as_ref()
            .and_then(|record| record.vote.as_ref())
            .and_then(|vote| vote.turns.iter().rev().find(|turn| turn.ply == ply))
        {
            let mut counted = VoteBox::new(lalao_core::Side::First, 0, true);
            counted.ballots = turn.ballots.clone();
            let tally: Vec<String> = counted
                .tally()
                .iter()
                .map(|proposal| format!("{} {}", choice_text(locale, &proposal.choice), proposal.votes))
                .collect();
            lines.push(t(locale, "vote-tally", &[("tally", tally.join(" · "))]));
        }
        for said in &reply.messages {
            lines.push(said.text.clone());
            if let Some(board) = &said.board {
                lines.push(match platform {
                    Platform::Matrix => board.plain.clone(),
                    _ => board.markdown.clone(),
                });
            }
        }
        let now = self.now();
        if let Some(record) = after.filter(|record| record.stage.is_active()) {
            let seconds = record.vote.as_ref().map_or(0, |vote| vote.seconds);
            lines.push(t(locale, "vote-turn-open", &[("seconds", seconds.to_string())]));
        }
        let notification = Notification {
            v: record::RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Channel {
                channel: old.channel.clone(),
            },
            key: "vote-played".to_owned(),
            text: lines.join("\n"),
            mentions: Vec::new(),
            match_id: Some(old.id),
            due: now,
            fired: now,
            lease: None,
        };
        // Keyed like a timer that fired now, so it is delivered in order with the others.
        let timer = keys::match_timer_key(now, old.id, &format!("vote{ply}"));
        let mut txn = Txn::default();
        txn.put(keys::outbox_key(&timer, 0), record::encode(&notification));
        self.commit_txn(&txn)?;
        Ok(())
    }
}

/// What a tap answers: the vote counted, its move as small print.
fn counted(ctx: &Context, locale: Locale, choice: &Choice) -> Reply {
    let text = t(locale, "vote-counted", &[]);
    let mut said = message(ctx, "vote-counted", text.clone());
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
        Choice::Draw => t(locale, "vote-draw", &[]),
        Choice::Resign => t(locale, "vote-resign", &[]),
    }
}

#[cfg(test)]
mod tests;
