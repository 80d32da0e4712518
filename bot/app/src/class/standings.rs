//! A tournament's standings as its matches stand: how each finished match counts, and the
//! table the pairing rules compute from them (`pairing.rs`).

use lalao_core::{Side, Winner};

use super::pairing::{self, Score};
use super::Tournament;
use crate::ids::MatchId;
use crate::kernel::Fail;
use crate::record::{Ending, Stage};

crate::kernel::family::family! {
    /// A tournament's results read from its matches.
    Standings
}

impl Standings<'_> {
    pub(crate) fn done(&self, id: MatchId) -> Result<Option<Done>, Fail> {
        let Some((record, _)) = self.load(id)? else {
            return Ok(Some(Done::Unscored));
        };
        Ok(done_of(&record))
    }

    pub(crate) fn standings_rows(&self, tournament: &Tournament) -> Result<Vec<pairing::Row>, Fail> {
        let (games, byes) = self.tournament_games(tournament)?;
        Ok(pairing::standings(tournament.entrants.len(), &games, &byes))
    }

    /// Every scored game and every bye of the tournament so far.
    pub(crate) fn tournament_games(
        &self,
        tournament: &Tournament,
    ) -> Result<(Vec<pairing::Game>, Vec<usize>), Fail> {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for round in &tournament.rounds {
            byes.extend(round.bye);
            for pairing in &round.games {
                if let Some(Done::Scored(score)) = self.done(pairing.match_id)? {
                    games.push(pairing::Game {
                        white: pairing.white,
                        black: pairing.black,
                        score,
                    });
                }
            }
        }
        Ok((games, byes))
    }
}

/// How a finished class match counts in a tournament.
pub(crate) enum Done {
    Scored(Score),
    /// Over without a result (cancelled, an activity).
    Unscored,
}

/// How a match counts as it stands: `None` while it is played.
pub(crate) fn done_of(record: &crate::record::MatchRecord) -> Option<Done> {
    match &record.stage {
        Stage::Finished { ending } => Some(match ending {
            Ending::Game { outcome } => match outcome.winner {
                Winner::Side(Side::First) => Done::Scored(Score::WhiteWins),
                Winner::Side(Side::Second) => Done::Scored(Score::BlackWins),
                Winner::Draw => Done::Scored(Score::Draw),
            },
            Ending::Resigned { side: Side::First } => Done::Scored(Score::BlackWins),
            Ending::Resigned { side: Side::Second } => Done::Scored(Score::WhiteWins),
            Ending::DrawAgreed | Ending::Adjudicated { winner: None, .. } => Done::Scored(Score::Draw),
            Ending::Adjudicated {
                winner: Some(Side::First),
                ..
            } => Done::Scored(Score::WhiteWins),
            Ending::Adjudicated {
                winner: Some(Side::Second),
                ..
            } => Done::Scored(Score::BlackWins),
            Ending::Timeout { side: Side::First } => Done::Scored(Score::BlackWins),
            Ending::Timeout { side: Side::Second } => Done::Scored(Score::WhiteWins),
            Ending::ActivityDone => Done::Unscored,
        }),
        Stage::Declined | Stage::Cancelled { .. } | Stage::Expired | Stage::Aborted => Some(Done::Unscored),
        Stage::Challenge | Stage::Rite { .. } | Stage::Playing => None,
    }
}
