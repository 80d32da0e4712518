//! The `kind` level's strength against each player (issue 51): read for its moves, and moved
//! by the result in the commit that ends a game against it, so a result is never missed nor
//! counted twice (`lalao_core::ai::kind`).

use lalao_core::ai::kind::{PlayerResult, Strength};
use lalao_core::ai::Level;
use lalao_core::Side;

use crate::ids::{is_computer, UserId};
use crate::kernel::Fail;
use crate::ratings::Score;
use crate::record::{self, MatchRecord, PlayerRecord};
use crate::seats::Seating;
use crate::store::{keys, Txn};

crate::kernel::family::family! {
    /// The `kind` level's strength against a player.
    KindLevel
}

/// The player of a match against `kind` and their side; `None` for any other match. A class
/// seat is not an account: it has no record to keep a strength in, and plays at the start.
fn kind_player(record: &MatchRecord) -> Option<(UserId, Side)> {
    if record.computer.as_ref()?.level() != Level::Kind || Seating::of(record).is_class() {
        return None;
    }
    let players = record.players.as_ref()?;
    Side::BOTH
        .into_iter()
        .find(|side| !is_computer(&players[side.index()]))
        .map(|side| (players[side.index()].clone(), side))
}

impl KindLevel<'_> {
    /// How strongly `kind` plays in `record` (the start strength when the player has no
    /// record yet, or when it cannot be read: the game goes on).
    pub(crate) fn strength_in(&self, record: &MatchRecord) -> Strength {
        let Some((user, _)) = kind_player(record) else {
            return Strength::START;
        };
        match self.player(&user) {
            Ok(Some((player, _))) => player.kind_strength(record.game),
            _ => Strength::START,
        }
    }

    /// Puts in `txn` the player's new strength after `record`, a match against `kind` that
    /// just finished (checked against the record read). Other matches, and endings with no
    /// result (a teacher's adjudication), change nothing.
    pub(crate) fn adapt(&self, record: &MatchRecord, txn: &mut Txn) -> Result<(), Fail> {
        let (Some((user, side)), Some(score)) = (kind_player(record), crate::ratings::score(record)) else {
            return Ok(());
        };
        let result = match (score, side) {
            (Score::Draw, _) => PlayerResult::Drew,
            (Score::Win, Side::First) | (Score::Loss, Side::Second) => PlayerResult::Won,
            _ => PlayerResult::Lost,
        };
        let key = keys::player_key(&user);
        let bytes = self.store().get(&key)?;
        let mut player = match bytes
            .as_deref()
            .map(|bytes| record::decode(bytes, "a player record"))
        {
            None => PlayerRecord {
                v: record::RECORD_VERSION,
                ..PlayerRecord::default()
            },
            Some(Ok(player)) => player,
            Some(Err(err)) => {
                // The game still ends; `lalao check` reports the record it could not update.
                tracing::error!(%err, user = %user, "an unreadable player record keeps its kind strength");
                return Ok(());
            }
        };
        let after = player.kind_strength(record.game).after(result);
        player.kind.insert(record.game.id().to_owned(), after);
        txn.check(key.clone(), bytes).put(key, record::encode(&player));
        Ok(())
    }
}
