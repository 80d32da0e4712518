//! A voter's ballot in a side played by vote (`record::VoteBox`): counted once a turn,
//! committed with the match (so it survives a restart). Who may vote is the caller's to say (a
//! class's pupils, a channel's members); closing a turn is [`super::vote_turns`]'s.

use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::wording::message;
use crate::kernel::{Context, Fail, Reply, Tapped};
use crate::record::{Choice, Stage, VoteBox, MAX_BALLOTS};
use crate::seats::Seating;
use crate::store::Txn;

/// How many times a ballot is tried again when another commit to the match came first (a
/// whole class taps at once).
const BALLOT_ATTEMPTS: usize = 40;

/// How a resignation is voted for: a move, or this word.
pub const RESIGN_WORD: &str = "resign";

crate::kernel::family::family! {
    /// Voters' ballots.
    Ballots
}

impl Ballots<'_> {
    /// `voter`'s vote in match `id` of `channel`: `text` is a legal move of the voters' open
    /// turn, or `resign`. One vote per voter and turn; a second one changes the first where
    /// the box allows it. Also says whether every voter has now voted (`all_voted`): the turn
    /// may close at once ([`super::vote_turns::VoteTurns::close`]).
    pub(crate) fn ballot(
        &self,
        ctx: &Context,
        (id, channel): (MatchId, &ChannelId),
        voter: UserId,
        text: &str,
        locale: Locale,
        all_voted: &dyn Fn(&VoteBox) -> bool,
    ) -> Result<(Reply, bool), Fail> {
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
                Some(ballot) if ballot.choice == choice => return Ok((counted(ctx, locale, &choice), false)),
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
            return Ok((counted(ctx, locale, &choice), everyone));
        }
        Err(Fail::user("try-again", Vec::new()))
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
