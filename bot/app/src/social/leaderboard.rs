//! `profile [@player]` and `top <game> [here|global] [page]` (docs/ratings.md): a
//! player's record in every game, and a game's leaderboard of a server (or room), or of
//! everyone who has not hidden themselves from it.

use crate::kernel::channels::ChannelSettings;
use crate::kernel::queries::Queries;
use crate::play::read_commands::ReadCommands;
use lalao_core::GameKind;

use crate::i18n::t;
use crate::ids::{MatchId, Platform, UserId};
use crate::kernel::wording::{game_name, single};
use crate::kernel::{Context, Fail, Kind, Prefs, Reply};
use crate::ratings::{RatingRecord, PROVISIONAL_DEVIATION};
use crate::record;
use crate::store::keys;

/// Lines of a leaderboard page.
pub const PAGE_SIZE: usize = 10;
/// A player is ranked after this many rated games, once their rating is no longer provisional;
/// before that they are listed apart, as "not ranked yet".
pub const RANKED_GAMES: u32 = 5;

/// Whether `rating` has a place on leaderboards.
pub fn is_ranked(rating: &RatingRecord) -> bool {
    rating.games >= RANKED_GAMES && rating.deviation <= PROVISIONAL_DEVIATION
}

crate::kernel::family::family! {
    /// Profiles and leaderboards.
    Leaderboards
}

impl Leaderboards<'_> {
    /// `rating [@player] [game]`: a player's ratings, of one game or all.
    pub(crate) fn rating(
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
        let user = self.player_named(ctx, player)?;
        let name = self.name_of(&user);
        let games = match game {
            Some(kind) => vec![kind],
            None => GameKind::ALL.to_vec(),
        };
        let mut lines = Vec::new();
        for kind in games {
            if let Some(rating) = self.rating_of(kind, &user)? {
                lines.push(rating_line(locale, kind, &rating));
            }
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

    /// The user a `player` argument names (a mention), or the caller.
    pub(crate) fn player_named(&self, ctx: &Context, player: Option<String>) -> Result<UserId, Fail> {
        match player {
            None => Ok(ctx.user.clone()),
            Some(raw) => ctx
                .platform
                .user_from_mention(&raw)
                .ok_or_else(|| Fail::user("bad-mention", vec![("mention", raw)])),
        }
    }

    /// A user's rating in `game`, if they have one. An unreadable record counts as none here
    /// (`lalao check` reports it).
    pub(crate) fn rating_of(&self, game: GameKind, user: &UserId) -> Result<Option<RatingRecord>, Fail> {
        let Some(bytes) = self.reads().get(&keys::rating_key(game, user))? else {
            return Ok(None);
        };
        match record::decode(&bytes, "a rating record") {
            Ok(rating) => Ok(Some(rating)),
            Err(err) => {
                tracing::error!(%err, user = %user, "an unreadable rating is left out");
                Ok(None)
            }
        }
    }

    pub(crate) fn profile(&self, ctx: &Context, prefs: Prefs, player: Option<String>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let user = self.player_named(ctx, player)?;
        let name = self.name_of(&user);
        let mut text = t(locale, "profile-title", &[("player", name.clone())]);
        let mut rated = false;
        for kind in GameKind::ALL {
            let Some(rating) = self.rating_of(kind, &user)? else {
                continue;
            };
            rated = true;
            let mut line = rating_line(locale, kind, &rating);
            if let Some(best) = &rating.best_win {
                // Whom it was against, and where, only where that match may be seen.
                let visible = Queries(self)
                    .match_record(MatchId(best.match_id))
                    .is_some_and(|record| record.channel == ctx.channel);
                let strength = (best.rating.round() as i64).to_string();
                line.push_str(&match visible {
                    true => t(
                        locale,
                        "profile-best-win",
                        &[
                            ("opponent", self.name_of(&best.opponent)),
                            ("rating", strength),
                            ("match", format!("#{}", best.match_id)),
                        ],
                    ),
                    false => t(locale, "profile-best-win-elsewhere", &[("rating", strength)]),
                });
            }
            if rating.streak != 0 {
                let key = if rating.streak > 0 {
                    "profile-streak-wins"
                } else {
                    "profile-streak-losses"
                };
                line.push_str(&t(locale, key, &[("count", rating.streak.abs().to_string())]));
            }
            text.push('\n');
            text.push_str(&line);
        }
        if !rated {
            text.push('\n');
            text.push_str(&t(locale, "profile-unrated", &[]));
        }
        // What the player learned, as teaching tells it.
        let player = self.player(&user)?.map(|(player, _)| player);
        for line in self.teaching().profile_lines(locale, player.as_ref()) {
            text.push('\n');
            text.push_str(&line);
        }
        // A match is seen only from its own channel, as with every other command: a private
        // channel's or an encrypted room's matches are not listed from elsewhere. The player
        // alone hears how many others they have.
        let (active, elsewhere): (Vec<_>, Vec<_>) = self
            .active_under(&keys::active_prefix(&user))?
            .into_iter()
            .partition(|(record, _)| record.channel == ctx.channel);
        let own = user == ctx.user;
        if active.is_empty() {
            if !own || elsewhere.is_empty() {
                text.push('\n');
                text.push_str(&t(locale, "profile-no-matches", &[]));
            }
        } else {
            text.push('\n');
            text.push_str(&t(
                locale,
                "profile-matches",
                &[("count", active.len().to_string())],
            ));
            for (record, _) in &active {
                let game = record.current_game()?;
                text.push('\n');
                text.push_str(&ReadCommands(self).list_line(locale, record, &game));
            }
        }
        if own && !elsewhere.is_empty() {
            text.push('\n');
            text.push_str(&t(
                locale,
                "profile-matches-elsewhere",
                &[("count", elsewhere.len().to_string())],
            ));
        }
        Ok(single(ctx, "profile", text))
    }

    pub(crate) fn top(
        &self,
        ctx: &Context,
        prefs: Prefs,
        game: GameKind,
        global: bool,
        page: Option<u32>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        if game == GameKind::Mangala {
            return Ok(single(ctx, "rating-mangala", t(locale, "rating-mangala", &[])));
        }
        let (players, scope) = if global {
            (self.global_standings(game)?, t(locale, "top-scope-global", &[]))
        } else {
            let community = match &ctx.community {
                Some(community) => community.clone(),
                None => ChannelSettings(self).community_of(&ctx.channel)?,
            };
            let scope = match (ctx.community.is_some(), ctx.platform) {
                (true, _) => "top-scope-server",
                (false, Platform::Matrix) => "top-scope-room",
                (false, _) => "top-scope-channel",
            };
            (self.standings_in(&community, game)?, t(locale, scope, &[]))
        };
        let game_text = game_name(locale, game);
        if players.is_empty() {
            let text = t(locale, "top-empty", &[("game", game_text), ("scope", scope)]);
            return Ok(single(ctx, "top-empty", text));
        }
        let ordered = ordered(players);
        let ranked = ordered.iter().filter(|(_, rating)| is_ranked(rating)).count();
        let pages = ordered.len().div_ceil(PAGE_SIZE);
        // A page past the end shows the last one (its title says which it is).
        let page = (page.unwrap_or(1).max(1) as usize).min(pages);
        let mut text = t(
            locale,
            "top-title",
            &[
                ("game", game_text),
                ("scope", scope),
                ("page", page.to_string()),
                ("pages", pages.to_string()),
            ],
        );
        let first = (page - 1) * PAGE_SIZE;
        for (at, (user, rating)) in ordered.iter().enumerate().skip(first).take(PAGE_SIZE) {
            let values = [
                ("place", (at + 1).to_string()),
                ("player", self.name_of(user)),
                ("rating", rating.shown()),
                ("games", rating.games.to_string()),
            ];
            text.push('\n');
            if at < ranked {
                text.push_str(&t(locale, "top-line", &values));
            } else {
                if at == ranked {
                    text.push_str(&t(locale, "top-unranked", &[("games", RANKED_GAMES.to_string())]));
                    text.push('\n');
                }
                text.push_str(&t(locale, "top-line-unranked", &values));
            }
        }
        // Where the caller stands, when it is not on this page.
        if let Some(at) = ordered.iter().position(|(user, _)| *user == ctx.user) {
            if at < ranked && !(first..first + PAGE_SIZE).contains(&at) {
                text.push('\n');
                text.push_str(&t(locale, "top-you", &[("place", (at + 1).to_string())]));
            }
        }
        let mut reply = single(ctx, "top", text);
        reply.messages[0].kind = Kind::Leaderboard {
            game,
            global,
            page: page as u32,
            pages: pages as u32,
        };
        Ok(reply)
    }

    /// Everyone who played rated games of `game` in `community`.
    fn standings_in(&self, community: &str, game: GameKind) -> Result<Vec<(UserId, RatingRecord)>, Fail> {
        let mut found = Vec::new();
        for entry in self.reads().iter_prefix(&keys::ranked_prefix(community, game)) {
            let (key, _) = entry?;
            let Some(user) = keys::user_of_ranking(&key) else {
                continue;
            };
            if let Some(rating) = self.rating_of(game, &user)? {
                found.push((user, rating));
            }
        }
        Ok(found)
    }

    /// Everyone rated in `game` who has not hidden themselves (`settings leaderboard=off`).
    fn global_standings(&self, game: GameKind) -> Result<Vec<(UserId, RatingRecord)>, Fail> {
        let mut found = Vec::new();
        for entry in self.reads().iter_prefix(&keys::rating_prefix(game)) {
            let (key, bytes) = entry?;
            let Some(user) = keys::user_of_ranking(&key) else {
                continue;
            };
            let hidden = self
                .player(&user)
                .ok()
                .flatten()
                .is_some_and(|(player, _)| player.leaderboard_hidden);
            if hidden {
                continue;
            }
            match record::decode::<RatingRecord>(&bytes, "a rating record") {
                Ok(rating) => found.push((user, rating)),
                Err(err) => tracing::error!(%err, user = %user, "an unreadable rating is left out"),
            }
        }
        Ok(found)
    }
}

/// The ranked players first, best first, then those not ranked yet, best first; equal ratings
/// by more games, then by id, so the order never depends on the store's.
fn ordered(mut players: Vec<(UserId, RatingRecord)>) -> Vec<(UserId, RatingRecord)> {
    players.sort_by(|(a_user, a), (b_user, b)| {
        is_ranked(b)
            .cmp(&is_ranked(a))
            .then(b.rating.total_cmp(&a.rating))
            .then(b.games.cmp(&a.games))
            .then(a_user.as_str().cmp(b_user.as_str()))
    });
    players
}

/// `• Fano: 1520?, played 7: won 4, lost 2, drawn 1` (`rating` and `profile`).
pub(crate) fn rating_line(locale: lalao_renderer::Locale, kind: GameKind, rating: &RatingRecord) -> String {
    t(
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
    )
}

#[cfg(test)]
mod tests;
