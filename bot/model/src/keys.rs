//! The key layout (docs/storage.md). Variable-length components (user and channel ids, which may
//! contain `/` on Matrix) end with a NUL byte so that one id is never a prefix of another's keys.

use crate::ids::{ChannelId, EventId, MatchId, UserId};

/// Store schema version: `{"schema": N}`.
pub const SCHEMA: &[u8] = b"meta/schema";
/// The last match id handed out (decimal text).
pub const MATCH_SEQ: &[u8] = b"seq/match";
pub const MATCH_PREFIX: &[u8] = b"match/";
pub const CHANNEL_PREFIX: &[u8] = b"chan/";
pub const ACTIVE_PREFIX: &[u8] = b"active/";
pub const PLAYER_PREFIX: &[u8] = b"player/";
pub const EVENT_PREFIX: &[u8] = b"event/";
/// A channel's class (roster, teams, tournament): one per channel.
pub const CLASS_PREFIX: &[u8] = b"class/";
/// The scheduler's time-ordered index: `timer/<due, 20 digits>/<target>`.
pub const TIMER_PREFIX: &[u8] = b"timer/";
/// A timer whose match (or the timer itself) was written by a newer lalao: kept, not fired,
/// until a build that reads it runs (`heldtimer/<rest of the timer key>`).
pub const HELD_TIMER_PREFIX: &[u8] = b"heldtimer/";
/// A timer that could not be fired and never will be (unreadable), kept for the operator.
pub const DEAD_TIMER_PREFIX: &[u8] = b"deadtimer/";
/// Notifications fired and not yet delivered, in firing order.
pub const OUTBOX_PREFIX: &[u8] = b"outbox/";
/// Notifications a platform refused for good (403, 404, 413…), kept for the operator:
/// `dead/<outbox key tail>`. `lalao check` counts them.
pub const DEAD_LETTER_PREFIX: &[u8] = b"dead/";
/// Per-channel settings (automatic forfeit, challenge expiry).
pub const CHANNEL_SETTINGS_PREFIX: &[u8] = b"chanset/";
/// The channel's last finished match, its id as digits: `board`, `history` and `export` with no
/// number right after a game ends.
pub const LAST_FINISHED_PREFIX: &[u8] = b"lastdone/";
/// A player's rating in one game: `rating/<game>\0<user>\0`.
pub const RATING_PREFIX: &[u8] = b"rating/";
/// A player who played rated games in a community (a Discord server, else a channel):
/// `ranked/<community>\0<game>\0<user>\0`, the last such match's id as digits. A
/// server's leaderboard lists only them.
pub const RANKED_PREFIX: &[u8] = b"ranked/";
/// Roles one process at a time may play among those sharing the store (`schedule/roles.rs`):
/// `lease/<role>` holds the holder and its expiry.
pub const ROLE_PREFIX: &[u8] = b"lease/";
/// A match's public id: `public/<token>`, the match's id as digits.
pub const PUBLIC_PREFIX: &[u8] = b"public/";
/// Who tried a channel's daily puzzle on one day: `daily/<channel>\0<day>`.
pub const DAILY_PREFIX: &[u8] = b"daily/";
/// One puzzle's rating: `puzzle/<game>/<puzzle id>` (ids are `<game>-<number>`).
pub const PUZZLE_PREFIX: &[u8] = b"puzzle/";
/// A class screen's id → its class's channel: `screen/<id>`.
pub const SCREEN_PREFIX: &[u8] = b"screen/";

/// A finished match's review: `review/<match id, 20 digits>`.
pub const REVIEW_PREFIX: &[u8] = b"review/";
/// A review waiting for the review worker, one per match: `reviewjob/<match id, 20 digits>`.
pub const REVIEW_JOB_PREFIX: &[u8] = b"reviewjob/";

pub fn review_key(id: MatchId) -> Vec<u8> {
    let mut key = REVIEW_PREFIX.to_vec();
    id_suffix(&mut key, id);
    key
}

pub fn review_job_key(id: MatchId) -> Vec<u8> {
    let mut key = REVIEW_JOB_PREFIX.to_vec();
    id_suffix(&mut key, id);
    key
}

pub fn screen_key(id: &str) -> Vec<u8> {
    let mut key = SCREEN_PREFIX.to_vec();
    key.extend_from_slice(id.as_bytes());
    key
}

pub fn puzzle_key(game: &str, id: &str) -> Vec<u8> {
    let mut key = PUZZLE_PREFIX.to_vec();
    key.extend_from_slice(game.as_bytes());
    key.push(b'/');
    key.extend_from_slice(id.as_bytes());
    key
}

pub fn public_key(token: &str) -> Vec<u8> {
    let mut key = PUBLIC_PREFIX.to_vec();
    key.extend_from_slice(token.as_bytes());
    key
}

fn component(out: &mut Vec<u8>, text: &str) {
    // Platform ids never hold NUL; map it away so the separator stays unambiguous.
    out.extend(text.bytes().map(|b| if b == 0 { b'?' } else { b }));
    out.push(0);
}

fn id_suffix(out: &mut Vec<u8>, id: MatchId) {
    out.extend(format!("{:020}", id.0).bytes());
}

pub fn match_key(id: MatchId) -> Vec<u8> {
    let mut key = MATCH_PREFIX.to_vec();
    id_suffix(&mut key, id);
    key
}

/// Index entry: match `id` is active in `channel`.
pub fn channel_key(channel: &ChannelId, id: MatchId) -> Vec<u8> {
    let mut key = channel_prefix(channel);
    id_suffix(&mut key, id);
    key
}

pub fn channel_prefix(channel: &ChannelId) -> Vec<u8> {
    let mut key = CHANNEL_PREFIX.to_vec();
    component(&mut key, channel.as_str());
    key
}

/// Index entry: `user` takes part in the active match `id`.
pub fn active_key(user: &UserId, id: MatchId) -> Vec<u8> {
    let mut key = active_prefix(user);
    id_suffix(&mut key, id);
    key
}

pub fn active_prefix(user: &UserId) -> Vec<u8> {
    let mut key = ACTIVE_PREFIX.to_vec();
    component(&mut key, user.as_str());
    key
}

pub fn player_key(user: &UserId) -> Vec<u8> {
    let mut key = PLAYER_PREFIX.to_vec();
    component(&mut key, user.as_str());
    key
}

pub fn class_key(channel: &ChannelId) -> Vec<u8> {
    let mut key = CLASS_PREFIX.to_vec();
    component(&mut key, channel.as_str());
    key
}

pub fn event_key(event: &EventId) -> Vec<u8> {
    let mut key = EVENT_PREFIX.to_vec();
    component(&mut key, event.as_str());
    key
}

/// A timer of a match: `timer/<due>/m<match id>/<tag>`. The due time leads, so the first key
/// of the prefix is the earliest timer.
/// `timer_key` moved under `prefix` (held or dead), and back.
pub fn timer_moved(timer_key: &[u8], prefix: &[u8]) -> Vec<u8> {
    let mut key = prefix.to_vec();
    key.extend_from_slice(timer_key.strip_prefix(TIMER_PREFIX).unwrap_or(timer_key));
    key
}

pub fn timer_key_of_held(held_key: &[u8]) -> Option<Vec<u8>> {
    let rest = held_key.strip_prefix(HELD_TIMER_PREFIX)?;
    let mut key = TIMER_PREFIX.to_vec();
    key.extend_from_slice(rest);
    Some(key)
}

pub fn match_timer_key(due: u64, id: MatchId, tag: &str) -> Vec<u8> {
    let mut key = TIMER_PREFIX.to_vec();
    key.extend(format!("{due:020}/m").bytes());
    id_suffix(&mut key, id);
    key.push(b'/');
    key.extend(tag.bytes());
    key
}

/// A user's digest timer: `timer/<due>/u<user>\0digest`.
pub fn digest_timer_key(due: u64, user: &UserId) -> Vec<u8> {
    let mut key = TIMER_PREFIX.to_vec();
    key.extend(format!("{due:020}/u").bytes());
    component(&mut key, user.as_str());
    key.extend(b"digest");
    key
}

/// A channel's daily puzzle timer: `timer/<due>/c<channel>\0<tag>`.
pub fn channel_timer_key(due: u64, channel: &ChannelId, tag: &str) -> Vec<u8> {
    let mut key = TIMER_PREFIX.to_vec();
    key.extend(format!("{due:020}/c").bytes());
    component(&mut key, channel.as_str());
    key.extend(tag.bytes());
    key
}

/// Who tried a channel's daily puzzle on one day: `daily/<channel>\0<day>`.
pub fn daily_key(channel: &ChannelId, day: u64) -> Vec<u8> {
    let mut key = DAILY_PREFIX.to_vec();
    component(&mut key, channel.as_str());
    key.extend(day.to_string().bytes());
    key
}

/// The due time of a timer key.
pub fn timer_due(key: &[u8]) -> Option<u64> {
    let digits = key.strip_prefix(TIMER_PREFIX)?.get(..20)?;
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// When an outbox entry's timer was due: the entry is to be delivered from then on.
pub fn outbox_due(key: &[u8]) -> Option<u64> {
    let digits = key.strip_prefix(OUTBOX_PREFIX)?.get(..20)?;
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// An outbox entry, ordered like the timers that fired it: `outbox/<timer key tail>/<n>`.
/// The lease of `role` (the Matrix sync of one account: `matrix-sync:<user id>`).
pub fn role_key(role: &str) -> Vec<u8> {
    let mut key = ROLE_PREFIX.to_vec();
    key.extend(role.bytes());
    key
}

pub fn outbox_key(timer_key: &[u8], n: usize) -> Vec<u8> {
    let mut key = OUTBOX_PREFIX.to_vec();
    key.extend_from_slice(timer_key.strip_prefix(TIMER_PREFIX).unwrap_or(timer_key));
    key.extend(format!("/{n:03}").bytes());
    key
}

/// Where an outbox entry goes when it can never be delivered: the same tail under `dead/`.
pub fn dead_letter_key(outbox_key: &[u8]) -> Vec<u8> {
    let mut key = DEAD_LETTER_PREFIX.to_vec();
    key.extend_from_slice(outbox_key.strip_prefix(OUTBOX_PREFIX).unwrap_or(outbox_key));
    key
}

pub fn channel_settings_key(channel: &ChannelId) -> Vec<u8> {
    let mut key = CHANNEL_SETTINGS_PREFIX.to_vec();
    component(&mut key, channel.as_str());
    key
}

pub fn rating_key(game: lalao_core::GameKind, user: &UserId) -> Vec<u8> {
    let mut key = RATING_PREFIX.to_vec();
    component(&mut key, game.id());
    component(&mut key, user.as_str());
    key
}

pub fn ranked_key(community: &str, game: lalao_core::GameKind, user: &UserId) -> Vec<u8> {
    let mut key = ranked_prefix(community, game);
    component(&mut key, user.as_str());
    key
}

pub fn ranked_prefix(community: &str, game: lalao_core::GameKind) -> Vec<u8> {
    let mut key = RANKED_PREFIX.to_vec();
    component(&mut key, community);
    component(&mut key, game.id());
    key
}

/// The user at the end of a `ranked/` or `rating/` key.
pub fn user_of_ranking(key: &[u8]) -> Option<UserId> {
    let key = key.strip_suffix(b"\0")?;
    let start = key.iter().rposition(|b| *b == 0)? + 1;
    std::str::from_utf8(&key[start..])
        .ok()
        .map(|user| UserId(user.to_owned()))
}

pub fn rating_prefix(game: lalao_core::GameKind) -> Vec<u8> {
    let mut key = RATING_PREFIX.to_vec();
    component(&mut key, game.id());
    key
}

pub fn last_finished_key(channel: &ChannelId) -> Vec<u8> {
    let mut key = LAST_FINISHED_PREFIX.to_vec();
    component(&mut key, channel.as_str());
    key
}

/// The match id at the end of an index key.
pub fn match_id_of_index(key: &[u8]) -> Option<MatchId> {
    let digits = key.get(key.len().checked_sub(20)?..)?;
    std::str::from_utf8(digits).ok()?.parse().ok().map(MatchId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_keys_end_with_the_match_id_and_prefixes_do_not_overlap() {
        let ana = UserId("matrix:@ana:x.org".into());
        let ana_longer = UserId("matrix:@ana:x.org/b".into());
        let key = active_key(&ana_longer, MatchId(42));
        assert!(!key.starts_with(&active_prefix(&ana)));
        assert_eq!(match_id_of_index(&key), Some(MatchId(42)));
        assert_eq!(match_key(MatchId(7)), b"match/00000000000000000007".to_vec());
        assert_eq!(match_id_of_index(b"short"), None);
        // Timers sort by due time first, whatever their target.
        let early = digest_timer_key(99, &ana_longer);
        let late = match_timer_key(100, MatchId(1), "deadline");
        assert!(early < late);
        assert_eq!(timer_due(&late), Some(100));
        assert_eq!(timer_due(b"timer/x"), None);
        assert!(outbox_key(&early, 0) < outbox_key(&late, 0));
    }
}
