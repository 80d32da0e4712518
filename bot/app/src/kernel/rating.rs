//! Ratings (docs/ratings.md): a rated game's ratings, written in the commit that ends it.

use crate::kernel::channels::ChannelSettings;

use crate::kernel::Fail;
use crate::record;
use crate::record::MatchRecord;
use crate::store::keys;
use crate::store::Txn;

crate::kernel::family::family! {
    /// The rating change a finished match commits.
    Ratings
}

impl Ratings<'_> {
    /// Puts both players' new ratings of a rated match that just finished in `txn` (checked
    /// against the ratings read), and what changed on the match.
    pub(crate) fn rate_match(&self, record: &mut MatchRecord, txn: &mut Txn) -> Result<(), Fail> {
        let (Some(players), Some(score)) = (record.players.clone(), crate::ratings::score(record)) else {
            return Ok(());
        };
        let mut before = Vec::new();
        for user in &players {
            let key = keys::rating_key(record.game, user);
            let bytes = self.store().get(&key)?;
            let rating = match bytes
                .as_deref()
                .map(|bytes| record::decode(bytes, "a rating record"))
            {
                None => crate::ratings::RatingRecord::default(),
                Some(Ok(rating)) => rating,
                Some(Err(err)) => {
                    // The game still ends; `lalao check` reports the rating it could not update.
                    tracing::error!(%err, user = %user, "an unreadable rating record is left as it is");
                    return Ok(());
                }
            };
            before.push((key, bytes, rating));
        }
        // The same two players, or provisional players, too often in a day: the game stands
        // but is not rated.
        if !before[0]
            .2
            .counts_against(&players[1], &before[1].2, record.updated_at)
        {
            return Ok(());
        }
        let [first, second] = crate::ratings::rate_game(
            [&before[0].2, &before[1].2],
            &players,
            score,
            record.id.0,
            record.updated_at,
        );
        let change = |old: &crate::ratings::RatingRecord, new: &crate::ratings::RatingRecord| {
            crate::ratings::RatingChange {
                before: old.rating,
                after: new.rating,
                deviation: new.deviation,
            }
        };
        record.rating_change = Some([change(&before[0].2, &first), change(&before[1].2, &second)]);
        for ((key, bytes, _), new) in before.into_iter().zip([first, second]) {
            txn.check(key.clone(), bytes).put(key, record::encode(&new));
        }
        // Both players now belong on the leaderboard of the server (or room) it was played in.
        let community = ChannelSettings(self).community_of(&record.channel)?;
        for user in &players {
            txn.put(
                keys::ranked_key(&community, record.game, user),
                record.id.0.to_string().into_bytes(),
            );
        }
        record.community = Some(community);
        Ok(())
    }
}
