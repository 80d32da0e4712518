//! A new match's place in the store: its id from the match sequence, in the same commit, and
//! the limits on how many matches one person and one channel may hold.

use crate::ids::{MatchId, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::{Context, Fail};
use crate::record::MatchRecord;
use crate::store::{keys, Txn};

/// Active matches (challenges included) one person may have started or play at once.
pub const MAX_ACTIVE_PER_PLAYER: usize = 50;
/// Active matches one channel may hold at once.
pub const MAX_ACTIVE_PER_CHANNEL: usize = 500;

/// How many ids a new match tries when other new matches keep taking them first (a burst of
/// concurrent challenges); past it the caller is asked to try again.
const MATCH_ID_ATTEMPTS: usize = 64;

crate::kernel::family::family! {
    /// New matches: their ids and the limits on how many are active.
    NewMatches
}

impl NewMatches<'_> {
    /// Stores a new match under the next id of the sequence, in the same atomic step (retried
    /// if another match took the id meanwhile: each conflict means another match was made).
    pub(crate) fn commit_new_match(
        &self,
        ctx: &Context,
        mut record: MatchRecord,
        command: &str,
    ) -> Result<MatchRecord, Fail> {
        let mut repaired = false;
        let mut attempts = 0;
        loop {
            let (old, last) = self.match_sequence()?;
            record.id = MatchId(last + 1);
            let mut txn = Txn::default();
            txn.check(keys::MATCH_SEQ.to_vec(), old)
                .put(keys::MATCH_SEQ.to_vec(), (last + 1).to_string().into_bytes());
            attempts += 1;
            match Commits(self).commit_match(ctx, None, &record, txn, command) {
                Err(Fail::Again) if attempts < MATCH_ID_ATTEMPTS => continue,
                // The id is taken although the sequence said it was free (a store restored
                // from parts, or edited by hand): move the sequence past the highest stored
                // match once and try again, rather than answer with that match's board.
                Err(Fail::User {
                    key: "board-changed", ..
                }) if !repaired => {
                    repaired = true;
                    self.repair_match_sequence()?;
                    continue;
                }
                other => record = other?,
            }
            break;
        }
        Ok(record)
    }

    /// Refuses a new match for `user` past the limits: [`MAX_ACTIVE_PER_PLAYER`] matches they
    /// started or play (challenges merely addressed to them do not count, so nobody can fill
    /// someone else's quota), and [`MAX_ACTIVE_PER_CHANNEL`] in the channel.
    pub(crate) fn check_limits(
        &self,
        user: &UserId,
        channel: Option<&crate::ids::ChannelId>,
    ) -> Result<(), Fail> {
        let own = self
            .active_under(&keys::active_prefix(user))?
            .iter()
            .filter(|(record, _)| {
                record.challenger == *user
                    || record
                        .players
                        .as_ref()
                        .is_some_and(|players| players.contains(user))
            })
            .count();
        if own >= MAX_ACTIVE_PER_PLAYER {
            return Err(Fail::user(
                "too-many-matches",
                vec![("max", MAX_ACTIVE_PER_PLAYER.to_string())],
            ));
        }
        let full = match channel {
            Some(channel) => {
                self.store()
                    .count_prefix(&keys::channel_prefix(channel), MAX_ACTIVE_PER_CHANNEL)?
                    >= MAX_ACTIVE_PER_CHANNEL
            }
            None => false,
        };
        if full {
            return Err(Fail::user(
                "channel-full",
                vec![("max", MAX_ACTIVE_PER_CHANNEL.to_string())],
            ));
        }
        Ok(())
    }

    /// Reserves `count` ids in `txn` (checked against the sequence as read): answers the last
    /// id given before them, past every stored match.
    pub(crate) fn reserve_ids(&self, count: u64, txn: &mut Txn) -> Result<u64, Fail> {
        let (old, last) = self.match_sequence()?;
        let last = last.max(self.highest_match_id()?);
        txn.check(keys::MATCH_SEQ.to_vec(), old)
            .put(keys::MATCH_SEQ.to_vec(), (last + count).to_string().into_bytes());
        Ok(last)
    }

    /// The match sequence's stored bytes (the commit's check) and the last id it gave.
    fn match_sequence(&self) -> Result<(Option<Vec<u8>>, u64), Fail> {
        let old = self.store().get(keys::MATCH_SEQ)?;
        let last = old
            .as_deref()
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
            .and_then(|text| text.parse::<u64>().ok())
            .unwrap_or(0);
        Ok((old, last))
    }

    /// Sets the match sequence to the highest stored match id, if it is behind.
    fn repair_match_sequence(&self) -> Result<(), Fail> {
        let highest = self.highest_match_id()?;
        let (old, last) = self.match_sequence()?;
        if last < highest {
            tracing::error!(
                sequence = last,
                highest,
                "the match sequence was behind the stored matches; moved on"
            );
            let mut txn = Txn::default();
            txn.check(keys::MATCH_SEQ.to_vec(), old)
                .put(keys::MATCH_SEQ.to_vec(), highest.to_string().into_bytes());
            self.commit_txn(&txn)?;
        }
        Ok(())
    }

    /// The highest id among stored matches (0 when there is none).
    pub(crate) fn highest_match_id(&self) -> Result<u64, Fail> {
        // Match keys end in the id as 20 digits, so key order is id order: the last one.
        Ok(self
            .store()
            .last_with_prefix(keys::MATCH_PREFIX)?
            .and_then(|(key, _)| keys::match_id_of_index(&key))
            .map_or(0, |id| id.0))
    }
}
