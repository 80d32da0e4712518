//! `rating [@player] [game]`: a player's Glicko-2 ratings (issue 19, docs/ratings.md).

use lalao_core::GameKind;

use super::present::{game_name, single};
use super::{Context, Fail, Prefs, Reply, Service};
use crate::i18n::t;
use crate::ratings::RatingRecord;
use crate::record;
use crate::store::keys;

impl Service {
    pub(super) fn rating(
        &self,
        ctx: &Context,
        prefs: Prefs,
        player: Option<String>,
        game: Option<GameKind>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        if game == Some(GameKind::Mangala) {
            return Ok(single(ctx, "rating-mangala", t(locale, "rating-mangala", &[])));
        }
        let user = match player {
            None => ctx.user.clone(),
            Some(raw) => ctx
                .platform
                .user_from_mention(&raw)
                .ok_or_else(|| Fail::user("bad-mention", vec![("mention", raw)]))?,
        };
        let name = self.name_of(&user);
        let games = match game {
            Some(kind) => vec![kind],
            None => GameKind::ALL.to_vec(),
        };
        let mut lines = Vec::new();
        for kind in games {
            let Some(bytes) = self.store().get(&keys::rating_key(kind, &user))? else {
                continue;
            };
            let rating: RatingRecord = record::decode(&bytes, "a rating record")?;
            lines.push(t(
                locale,
                "rating-line",
                &[
                    ("game", game_name(locale, kind)),
                    ("rating", rating.shown()),
                    ("games", rating.games.to_string()),
                    ("wins", rating.wins.to_string()),
                    ("losses", rating.losses.to_string()),
                    ("draws", rating.draws.to_string()),
                ],
            ));
        }
        if lines.is_empty() {
            return Ok(single(
                ctx,
                "rating-none",
                t(locale, "rating-none", &[("player", name)]),
            ));
        }
        let mut text = t(locale, "rating-title", &[("player", name)]);
        for line in lines {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(single(ctx, "rating", text))
    }
}
