//! A side played by vote (`class vote`): each voter proposes one move a turn, and when the turn
//! closes the most proposed is played (a tie goes to the later proposal), as in Vote Chess. A
//! draw needs more than half of the votes, a resignation more than 60 %. The open turn's
//! ballots live in the match record, so they survive a restart and are committed with the
//! match; the turns already played keep theirs for the teacher to reveal after the game.

use lalao_core::Side;
use serde::{Deserialize, Serialize};

use crate::ids::UserId;

/// Most ballots one turn takes: one per voter, and a class has at most this many pupils.
pub const MAX_BALLOTS: usize = super::MAX_PUPILS;
/// Most played turns whose ballots are kept for the reveal (the oldest go first): a long game
/// must not grow its record without bound.
pub const MAX_KEPT_TURNS: usize = 300;
/// Shortest and longest time a turn may take, in seconds.
pub const VOTE_SECONDS: std::ops::RangeInclusive<u32> = 10..=3600;
/// A turn's time unless the teacher says otherwise.
pub const DEFAULT_VOTE_SECONDS: u32 = 60;

/// What a voter chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Choice {
    /// A legal move, in canonical notation.
    Move {
        text: String,
    },
    /// Offer a draw (or accept the one offered).
    Draw,
    Resign,
}

/// One voter's choice in a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ballot {
    pub voter: UserId,
    #[serde(flatten)]
    pub choice: Choice,
}

/// A turn the voters played: what was played and who chose what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VotedTurn {
    /// The ply the turn played (its index in the move list).
    pub ply: u32,
    /// The move played, or `draw` / `resign` when that closed the turn.
    pub played: String,
    pub ballots: Vec<Ballot>,
}

/// The side a group plays by vote, and where its voting stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteBox {
    /// The voters' side.
    pub side: Side,
    /// How long a turn stays open, in seconds.
    pub seconds: u32,
    /// Whether a voter may change their vote until the turn closes.
    #[serde(default)]
    pub change: bool,
    /// The ply the open turn votes on (the move list's length when it opened); the turn is
    /// open while the voters' side is to move at that ply.
    pub ply: u32,
    /// When the open turn closes (Unix seconds); `None` while nobody has voted after a turn
    /// closed empty: the next ballot starts its time again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closes_at: Option<u64>,
    /// The open turn's ballots, in the order they were cast; a changed vote goes last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ballots: Vec<Ballot>,
    /// The turns played, with their ballots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<VotedTurn>,
    /// Whether the teacher showed who voted what (only once the game is over).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub revealed: bool,
}

/// What the closing of a turn does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Nobody voted: the turn waits for a first vote.
    Nothing,
    /// More than 60 % of the votes resign.
    Resign,
    /// More than half of the votes want a draw, which the other side offered: it is agreed.
    AcceptDraw,
    /// Play the most proposed move; with `offer_draw` the voters also offer a draw (more than
    /// half of the votes asked for one).
    Play { text: String, offer_draw: bool },
    /// More than half of the votes asked for a draw but no move was proposed: the offer is
    /// made and the turn stays open.
    OfferDraw,
}

/// One proposed move and its votes, for the tally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub choice: Choice,
    pub votes: usize,
    /// The index in the ballots of its earliest vote: a tie goes to the later proposal.
    pub proposed: usize,
}

impl VoteBox {
    /// A side played by vote. Its first turn opens when the match is first committed
    /// ([`VoteBox::follow`]): no ply is open yet.
    pub fn new(side: Side, seconds: u32, change: bool) -> VoteBox {
        VoteBox {
            side,
            seconds,
            change,
            ply: u32::MAX,
            closes_at: None,
            ballots: Vec::new(),
            turns: Vec::new(),
            revealed: false,
        }
    }

    /// `voter`'s ballot in the open turn.
    pub fn ballot_of(&self, voter: &UserId) -> Option<&Ballot> {
        self.ballots.iter().find(|ballot| ballot.voter == *voter)
    }

    /// Casts or changes `voter`'s ballot (a change goes last: it is a new proposal). Whether
    /// a change is allowed is the caller's to check.
    pub fn cast(&mut self, voter: UserId, choice: Choice) {
        self.ballots.retain(|ballot| ballot.voter != voter);
        self.ballots.push(Ballot { voter, choice });
    }

    /// The open turn's choices, the most voted first, a tie by the later proposal first.
    pub fn tally(&self) -> Vec<Proposal> {
        let mut proposals: Vec<Proposal> = Vec::new();
        for (at, ballot) in self.ballots.iter().enumerate() {
            match proposals
                .iter_mut()
                .find(|proposal| proposal.choice == ballot.choice)
            {
                Some(proposal) => proposal.votes += 1,
                None => proposals.push(Proposal {
                    choice: ballot.choice.clone(),
                    votes: 1,
                    proposed: at,
                }),
            }
        }
        proposals.sort_by(|a, b| b.votes.cmp(&a.votes).then(b.proposed.cmp(&a.proposed)));
        proposals
    }

    /// What closing the open turn does now: `draw_offered` when the other side offers a draw,
    /// `draws` when a draw may be offered at all (not against the computer).
    pub fn decide(&self, draw_offered: bool, draws: bool) -> Decision {
        let total = self.ballots.len();
        if total == 0 {
            return Decision::Nothing;
        }
        let count = |wanted: &Choice| self.ballots.iter().filter(|b| b.choice == *wanted).count();
        // More than 60 %: resign × 5 > total × 3, in whole numbers.
        if count(&Choice::Resign) * 5 > total * 3 {
            return Decision::Resign;
        }
        let draw = draws && count(&Choice::Draw) * 2 > total;
        if draw && draw_offered {
            return Decision::AcceptDraw;
        }
        let best = self
            .tally()
            .into_iter()
            .find_map(|proposal| match proposal.choice {
                Choice::Move { text } => Some(text),
                _ => None,
            });
        match (best, draw) {
            (Some(text), offer_draw) => Decision::Play { text, offer_draw },
            (None, true) => Decision::OfferDraw,
            (None, false) => Decision::Nothing,
        }
    }

    /// Brings the box in line with its match after any change, in the change's commit: a
    /// turn whose move was played keeps its ballots with that move; an undone turn loses them;
    /// a new turn of the voters opens for `seconds` from `now`; a match over closes all.
    /// `moves` is the match's move list, `voters_to_move` whether the voters' side is to move
    /// in a match being played, and `ended` what closed a turn that ended the match
    /// (`resign`, `draw`).
    pub fn follow(&mut self, moves: &[String], playing: bool, voters_to_move: bool, ended: &str, now: u64) {
        let plies = moves.len() as u32;
        if plies < self.ply {
            // Undone past the open turn: its votes were about a position that is gone.
            self.ballots.clear();
        } else if plies > self.ply && !self.ballots.is_empty() {
            let played = moves[self.ply as usize].clone();
            self.close_turn(played);
        }
        if !playing {
            if !self.ballots.is_empty() {
                self.close_turn(ended.to_owned());
            }
            self.closes_at = None;
            return;
        }
        if !voters_to_move {
            self.ply = plies;
            self.closes_at = None;
        } else if plies != self.ply {
            self.ply = plies;
            self.closes_at = Some(now + u64::from(self.seconds));
        }
    }

    /// The open turn closes with `played`: its ballots are kept with it (the oldest turn
    /// dropped past [`MAX_KEPT_TURNS`]), and nothing is open until the side's next turn.
    pub fn close_turn(&mut self, played: String) {
        let ballots = std::mem::take(&mut self.ballots);
        self.turns.push(VotedTurn {
            ply: self.ply,
            played,
            ballots,
        });
        if self.turns.len() > MAX_KEPT_TURNS {
            self.turns.remove(0);
        }
        self.closes_at = None;
    }
}

#[cfg(test)]
mod tests;
