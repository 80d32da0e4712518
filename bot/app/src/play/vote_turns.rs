//! Closing a turn of a side played by vote: the most voted move is played (a tie to the later
//! proposal) or the voters resign, as the voters' own seat, and a channel is told. The turn's
//! closing time is one of the match's timers; the ballots are [`super::ballots`]'.

use crate::i18n::t;
use crate::ids::{EventId, MatchId, Platform};
use crate::kernel::commit::Commits;
use crate::kernel::notices::Notices;
use crate::kernel::{Context, Fail, Reply};
use crate::play::ballots::choice_text;
use crate::play::moves::Moves;
use crate::record::{self, Decision, MatchRecord, Stage, VoteBox};
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};

crate::kernel::family::family! {
    /// The turns of a side played by vote.
    VoteTurns
}

impl VoteTurns<'_> {
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

#[cfg(test)]
mod tests;
