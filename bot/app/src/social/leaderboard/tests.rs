//! Ratings, profiles and leaderboards through the service's public door.

use crate::ops::invariants::Invariants;
use crate::ops::upkeep::Upkeep;
use lalao_core::GameKind;

use crate::dispatch::tests::{discord, key, record, send, service};
use crate::kernel::*;
#[allow(unused_imports)]
use crate::{
    command::{ClassCommand, Command},
    dispatch::handle::Handle,
    ids::{ChannelId, EventId, MatchId, Platform, UserId},
    kernel::public_ids::is_public_id,
    record::{self, ClassRecord, Ending, MatchRecord, PlayerRecord, RecordError, Stage, RECORD_VERSION},
    store::{keys, Committed, Store, StoreError, Txn, UnitOfWork},
    testing::memory_service,
};
#[allow(unused_imports)]
use lalao_core::{AnyGame, Side};
#[allow(unused_imports)]
use lalao_renderer::{Locale, Style};
#[allow(unused_imports)]
use std::sync::Arc;

/// `user`'s stored fano rating, if they have one.
fn fano_rating(service: &App, user: &Context) -> Option<crate::ratings::RatingRecord> {
    service
        .store()
        .get(&keys::rating_key(GameKind::Fano, &user.user))
        .unwrap()
        .map(|bytes| crate::record::decode(&bytes, "a rating").unwrap())
}

/// A rated game (two people, standard rules) updates both ratings in the commit
/// that ends it and keeps the change on the match; practice, variants and a game given up
/// before any move are not rated.
#[test]
fn a_rated_game_updates_both_ratings_as_it_ends() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    let rating = |user: &Context| fano_rating(&service, user);
    // Given up before any move: not rated.
    send(&service, &ana, "!lalao play fano <@2>");
    send(&service, &bob, "!lalao accept #1");
    send(&service, &ana, "!lalao resign #1");
    assert_eq!(rating(&ana), None);
    // Non-standard options: not rated.
    send(&service, &ana, "!lalao play fano <@2> cells=5");
    send(&service, &bob, "!lalao accept #2");
    send(&service, &ana, "!lalao @1");
    send(&service, &bob, "!lalao resign #2");
    assert_eq!(rating(&ana), None);
    assert_eq!(record(&service, 2).rating_change, None);
    // Standard rules: once both have moved, one resigns and the other wins.
    send(&service, &ana, "!lalao play fano <@2>");
    send(&service, &bob, "!lalao accept #3");
    let first = record(&service, 3).players.unwrap()[0].clone();
    let (mover, other) = if first == ana.user {
        (&ana, &bob)
    } else {
        (&bob, &ana)
    };
    send(&service, mover, "!lalao @1");
    send(&service, other, "!lalao @2");
    let resigned = send(&service, other, "!lalao resign #3");
    let (mover_name, other_name) = if mover.user == ana.user {
        ("Ana", "Bob")
    } else {
        ("Bob", "Ana")
    };
    let ratings = if first == mover.user {
        format!("Ratings: {mover_name} 1662? (+162), {other_name} 1338? (−162). (A ? marks a provisional rating: it still settles.)")
    } else {
        format!("Ratings: {other_name} 1338? (−162), {mover_name} 1662? (+162). (A ? marks a provisional rating: it still settles.)")
    };
    assert!(
        resigned.messages[0].text.ends_with(&ratings),
        "{}",
        resigned.messages[0].text
    );
    let winner = rating(mover).expect("rated");
    let loser = rating(other).expect("rated");
    assert_eq!((winner.games, winner.wins, winner.last_match), (1, 1, Some(3)));
    assert_eq!((loser.games, loser.losses), (1, 1));
    assert_eq!(
        (winner.shown(), loser.shown()),
        ("1662?".to_owned(), "1338?".to_owned())
    );
    let change = record(&service, 3).rating_change.expect("kept on the match");
    let first_is_mover = first == mover.user;
    let mover_change = if first_is_mover { change[0] } else { change[1] };
    assert_eq!(mover_change.shown(), "1662? (+162)");
    let entries = service.store().scan_all().unwrap();
    assert_eq!(Invariants(&service).link_errors(&entries), Vec::<String>::new());
    let (_, errors) = Upkeep(&service).check_store().unwrap();
    assert_eq!(errors, Vec::<String>::new());
    // `rating`: one's own, someone else's in one game, and the games that are never rated.
    let mine = send(&service, mover, "!lalao rating");
    assert_eq!(
        mine.messages[0].text,
        format!("{mover_name}'s ratings (a ? marks a provisional rating):\n• Fano: 1662?, played 1: won 1, lost 0, drawn 0")
    );
    assert_eq!(mine.outcome, Outcome::Shown);
    let theirs = send(
        &service,
        mover,
        &format!(
            "!lalao rating fano <@{}>",
            other.user.local_on(Platform::Discord).unwrap()
        ),
    );
    assert_eq!(
        theirs.messages[0].text,
        format!("{other_name}'s ratings (a ? marks a provisional rating):\n• Fano: 1338?, played 1: won 0, lost 1, drawn 0")
    );
    assert_eq!(
        key(&send(&service, mover, "!lalao rating mangala")),
        "rating-mangala"
    );
    assert_eq!(
        key(&send(&service, &discord("Cara", 3), "!lalao rating")),
        "rating-none"
    );
    // `lalao check` recomputes every rating from the matches: an edited one is reported.
    let mut forged = winner.clone();
    forged.rating += 100.0;
    let mut txn = Txn::default();
    txn.put(
        keys::rating_key(GameKind::Fano, &mover.user),
        crate::record::encode(&forged),
    );
    service.store().commit(&txn).unwrap();
    let (_, errors) = Upkeep(&service).check_store().unwrap();
    assert_eq!(
        errors,
        [format!(
            "rating/fano/{}/: the rating drifted: stored 1762? after 1 games, the matches give 1662? after 1",
            mover.user.as_str()
        )]
    );
}

/// Match `id`: Ana (White) challenges Bob with `words`, plays `@1`, Bob `@2` and resigns.
/// Returns the resignation's reply.
fn ana_wins_by_resignation(service: &App, id: u64, words: &str) -> Reply {
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(
        service,
        &ana,
        &format!("!lalao play fano <@2> side=white {words}"),
    );
    send(service, &bob, &format!("!lalao accept #{id}"));
    send(service, &ana, &format!("!lalao @1 #{id}"));
    send(service, &bob, &format!("!lalao @2 #{id}"));
    send(service, &bob, &format!("!lalao resign #{id}"))
}

/// `rated=no` (or the word `friendly` / `amical`) makes a friendly game, never rated.
#[test]
fn a_friendly_game_is_not_rated() {
    let service = service();
    let ana = discord("Ana", 1);
    for (n, words) in ["rated=no", "amical", "friendly"].iter().enumerate() {
        let id = n as u64 + 1;
        ana_wins_by_resignation(&service, id, words);
        let record = record(&service, id);
        assert!(record.unrated && record.variants.is_empty(), "{words}");
        assert_eq!(record.rating_change, None, "{words}");
    }
    assert_eq!(
        service
            .store()
            .get(&keys::rating_key(GameKind::Fano, &ana.user))
            .unwrap(),
        None
    );
    let refused = send(&service, &ana, "!lalao play fano <@2> rated=maybe");
    assert_eq!(
        refused.messages[0].text,
        "`rated=` takes `yes` or `no`, not “maybe”. A friendly game: `rated=no`."
    );
}

/// The same two players count only three rated games a day, so ratings cannot be
/// farmed; `lalao check`'s replay applies the same rule.
#[test]
fn only_three_games_a_day_between_two_players_are_rated() {
    let service = service();
    let ana = discord("Ana", 1);
    for id in 1..=4u64 {
        let resigned = ana_wins_by_resignation(&service, id, "");
        assert_eq!(
            resigned.messages[0].text.contains("Ratings:"),
            id <= 3,
            "game {id}: {}",
            resigned.messages[0].text
        );
        assert_eq!(record(&service, id).rating_change.is_some(), id <= 3, "game {id}");
    }
    let rating = fano_rating(&service, &ana).expect("rated");
    assert_eq!((rating.games, rating.recent.len()), (3, 3));
    let (_, errors) = Upkeep(&service).check_store().unwrap();
    assert_eq!(errors, Vec::<String>::new());
}

/// One move and a resignation is no rated win: a game ends rated only once both sides have
/// moved (before, a participant's cancel is a plain cancel, not a resignation).
#[test]
fn a_game_given_up_before_both_sides_moved_is_not_rated() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(&service, &ana, "!lalao play fano <@2> side=white");
    send(&service, &bob, "!lalao accept #1");
    send(&service, &ana, "!lalao @1 #1");
    let resigned = send(&service, &bob, "!lalao resign #1");
    assert_eq!(key(&resigned), "game-resigned");
    assert!(
        !resigned.messages[0].text.contains("Ratings"),
        "{}",
        resigned.plain()
    );
    assert_eq!(record(&service, 1).rating_change, None);
    // A moderator's cancel of their own game before both moved: a cancel, not a resignation.
    let moderator = Context {
        moderator: true,
        ..ana.clone()
    };
    send(&service, &ana, "!lalao play fano <@2> side=white");
    send(&service, &bob, "!lalao accept #2");
    send(&service, &ana, "!lalao @1 #2");
    assert_eq!(
        key(&send(&service, &moderator, "!lalao cancel #2")),
        "match-cancelled"
    );
    assert_eq!(record(&service, 2).rating_change, None);
}

/// Fresh accounts cannot farm each other: a provisional player's games against provisional
/// opponents count six times a day, each opponent new; `lalao check`'s replay agrees.
#[test]
fn a_provisional_player_is_rated_six_times_a_day_against_provisional_opponents() {
    let service = service();
    let ana = discord("Ana", 1);
    for n in 0..7u32 {
        let fresh = discord(&format!("Alt{n}"), 10 + n);
        let resigned = beats(&service, &ana, &fresh);
        assert_eq!(
            resigned.messages[0].text.contains("Ratings:"),
            n < crate::ratings::PROVISIONAL_LIMIT as u32,
            "game {n}: {}",
            resigned.plain()
        );
    }
    let rating = fano_rating(&service, &ana).expect("rated");
    assert!(rating.is_provisional());
    assert_eq!((rating.games, rating.recent_provisional.len()), (6, 6));
    let (_, errors) = Upkeep(&service).check_store().unwrap();
    assert_eq!(errors, Vec::<String>::new());
}

/// A Discord user of server `guild`, in channel `channel`.
fn member(name: &str, id: u32, guild: u32, channel: &str) -> Context {
    Context {
        channel: ChannelId::new(Platform::Discord, channel),
        community: Some(format!("discord:guild:{guild}")),
        ..discord(name, id)
    }
}

/// `winner` challenges `loser` to standard fano as White, plays `@1`, `loser` plays `@2` and
/// resigns.
fn beats(service: &App, winner: &Context, loser: &Context) -> Reply {
    let challenged = send(
        service,
        winner,
        &format!(
            "!lalao play fano <@{}> side=white",
            loser.user.as_str().rsplit(':').next().unwrap()
        ),
    );
    let id = challenged.messages[0].match_ref.expect("a challenge").id;
    send(service, loser, &format!("!lalao accept {id}"));
    send(service, winner, &format!("!lalao @1 {id}"));
    send(service, loser, &format!("!lalao @2 {id}"));
    send(service, loser, &format!("!lalao resign {id}"))
}

fn store_entries(service: &App) -> Vec<crate::store::KeyValue> {
    service.store().scan_all().unwrap()
}

/// `profile` gives each game's rating and record, the best win (the highest-rated
/// opponent beaten, at their rating then), the current streak and the active matches.
#[test]
fn a_profile_shows_record_best_win_streak_and_active_matches() {
    let service = service();
    let (ana, bob, cleo) = (discord("Ana", 1), discord("Bob", 2), discord("Cleo", 3));
    beats(&service, &ana, &bob);
    beats(&service, &ana, &cleo);
    beats(&service, &bob, &ana);
    send(&service, &ana, "!lalao play katro <@2>");
    let profile = send(&service, &bob, "!lalao profile <@1>");
    assert_eq!(key(&profile), "profile");
    assert_eq!(
        profile.messages[0].text,
        "Ana's profile (a ? marks a provisional rating):\n\
         • Fano: 1544?, played 3: won 2, lost 1, drawn 0, best win: Bob (1500) in #1, lost the last game\n\
         One active match:\n\
         #4 Katro: Ana vs Bob · waiting for a player"
    );
    let own = send(&service, &bob, "!lalao profile");
    assert!(
        own.messages[0].text.starts_with("Bob's profile")
            && own.messages[0]
                .text
                .contains("best win: Ana (1751) in #3, won the last game"),
        "{}",
        own.messages[0].text
    );
    let french = Context {
        locale: Some(lalao_renderer::Locale::Fr),
        ..discord("Dina", 4)
    };
    assert_eq!(
        send(&service, &french, "!lalao profil").messages[0].text,
        "Profil de Dina (un ? marque un classement provisoire) :\nPas encore de partie classée.\nAucune partie en cours."
    );
}

/// A moderator who plays a rated game cannot cancel it away once it has started: their cancel
/// is their resignation, and the game is rated. They may still cancel others' matches.
#[test]
fn a_moderator_s_cancel_of_their_own_rated_game_is_a_resignation() {
    let service = service();
    let moderator = Context {
        moderator: true,
        ..discord("Ana", 1)
    };
    let bob = discord("Bob", 2);
    send(&service, &moderator, "!lalao play fano <@2> side=white");
    send(&service, &bob, "!lalao accept #1");
    send(&service, &moderator, "!lalao @1 #1");
    send(&service, &bob, "!lalao @2 #1");
    let cancelled = send(&service, &moderator, "!lalao cancel #1");
    assert_eq!(key(&cancelled), "game-resigned");
    let finished = record(&service, 1);
    assert_eq!(
        finished.stage,
        crate::record::Stage::Finished {
            ending: crate::record::Ending::Resigned {
                side: lalao_core::Side::First
            }
        }
    );
    assert!(finished.rating_change.is_some(), "the game is rated");
    // Someone else's match: cancelled, as a moderator may.
    let cleo = discord("Cleo", 3);
    send(&service, &bob, "!lalao play fano <@3> side=white");
    send(&service, &cleo, "!lalao accept #2");
    send(&service, &bob, "!lalao @1 #2");
    assert_eq!(
        key(&send(&service, &moderator, "!lalao cancel #2")),
        "match-cancelled"
    );
    assert_eq!(record(&service, 2).rating_change, None);
}

/// A profile shows only what the asking channel may see: from another channel (another server,
/// a private channel, an encrypted room), neither the player's matches there nor whom their
/// best win was against; the player alone hears how many matches they have elsewhere.
#[test]
fn a_profile_asked_elsewhere_shows_nothing_of_other_channels() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    beats(&service, &ana, &bob);
    send(&service, &ana, "!lalao play katro <@2>");
    let elsewhere = |ctx: &Context| Context {
        channel: ChannelId::new(Platform::Discord, "200"),
        ..ctx.clone()
    };
    let eve = elsewhere(&discord("Eve", 5));
    assert_eq!(
        send(&service, &eve, "!lalao profile <@1>").messages[0].text,
        "Ana's profile (a ? marks a provisional rating):\n\
         • Fano: 1662?, played 1: won 1, lost 0, drawn 0, best win against a player rated 1500, won the last game\n\
         No active matches."
    );
    assert_eq!(
        send(&service, &elsewhere(&ana), "!lalao profile").messages[0].text,
        "Ana's profile (a ? marks a provisional rating):\n\
         • Fano: 1662?, played 1: won 1, lost 0, drawn 0, best win against a player rated 1500, won the last game\n\
         One active match in another channel or room."
    );
    // In the match's own channel, everything.
    let here = send(&service, &discord("Eve", 5), "!lalao profile <@1>");
    assert!(
        here.messages[0].text.contains("best win: Bob (1500) in #1")
            && here.messages[0].text.contains("#2 Katro: Ana vs Bob"),
        "{}",
        here.messages[0].text
    );
}

/// A server's leaderboard lists the players of that server's rated games, best
/// first, apart from those not ranked yet; the global one lists everyone but those who hid
/// themselves; `lalao check` verifies the server index against the matches.
#[test]
fn leaderboards_of_a_server_and_of_everyone() {
    let service = service();
    let (ana, bob) = (member("Ana", 1, 7, "100"), member("Bob", 2, 7, "101"));
    let (cleo, dan) = (member("Cleo", 3, 8, "200"), member("Dan", 4, 8, "200"));
    beats(&service, &ana, &bob);
    beats(&service, &ana, &bob);
    beats(&service, &dan, &cleo);
    let top = send(&service, &bob, "!lalao top fano");
    assert_eq!(key(&top), "top");
    assert_eq!(
        top.messages[0].text,
        "Fano leaderboard, this server (page 1 of 1):\n\
         Not ranked yet (a place needs 5 rated games and a rating that is no longer provisional, marked ?):\n\
         • Ana 1720? (2 games)\n\
         • Bob 1280? (2 games)"
    );
    assert_eq!(
        top.messages[0].kind,
        Kind::Leaderboard {
            game: GameKind::Fano,
            global: false,
            page: 1,
            pages: 1
        }
    );
    // The other server sees its own players only.
    let theirs = send(&service, &cleo, "!lalao top fano here");
    assert!(theirs.messages[0].text.contains("• Dan 1662? (1 game)"));
    assert!(!theirs.messages[0].text.contains("Ana"));
    // Everyone, until Ana leaves the global lists (the server's still has her).
    let global = send(&service, &cleo, "!lalao top fano global");
    assert!(global.messages[0]
        .text
        .starts_with("Fano leaderboard, everyone (page 1 of 1):"));
    assert_eq!(global.messages[0].text.matches("• ").count(), 4);
    send(&service, &ana, "!lalao settings leaderboard=off");
    let global = send(&service, &cleo, "!lalao top fano global");
    assert!(
        !global.messages[0].text.contains("Ana"),
        "{}",
        global.messages[0].text
    );
    assert!(send(&service, &bob, "!lalao top fano").messages[0]
        .text
        .contains("Ana"));
    assert_eq!(key(&send(&service, &bob, "!lalao top katro")), "top-empty");
    assert_eq!(key(&send(&service, &bob, "!lalao top mangala")), "rating-mangala");
    // The index is derived from the matches: `lalao check` finds it whole, and reports an
    // entry gone or one with no game behind it.
    assert_eq!(
        Invariants(&service).link_errors(&store_entries(&service)),
        Vec::<String>::new()
    );
    let ranked = keys::ranked_key("discord:guild:7", GameKind::Fano, &bob.user);
    let mut txn = crate::store::Txn::default();
    txn.delete(ranked.clone()).put(
        keys::ranked_key("discord:guild:8", GameKind::Fano, &ana.user),
        b"1".to_vec(),
    );
    service.store().commit(&txn).unwrap();
    assert_eq!(
        Invariants(&service).link_errors(&store_entries(&service)),
        vec![
            "ranked/discord:guild:7/fano/discord:2/: missing leaderboard entry (rated match #2 was played there)"
                .to_owned(),
            "ranked/discord:guild:8/fano/discord:1/: a leaderboard entry with no rated game behind it".to_owned(),
        ]
    );
}

/// Ten players a page, ranked players numbered, the caller told their place when
/// it is on another page, and a page past the end shows the last.
#[test]
fn a_long_leaderboard_is_paged() {
    let service = service();
    let community = "discord:guild:7";
    let mut txn = crate::store::Txn::default();
    for n in 1..=23u32 {
        let user = UserId::new(Platform::Discord, &n.to_string());
        // Players 1 to 20 are ranked (player n at 1500 + 10 n); 21 to 23 are still provisional.
        let rating = crate::ratings::RatingRecord {
            rating: 1500.0 + 10.0 * f64::from(n),
            deviation: if n <= 20 { 80.0 } else { 200.0 },
            games: if n <= 20 { 12 } else { 3 },
            ..Default::default()
        };
        txn.put(
            keys::rating_key(GameKind::Katro, &user),
            crate::record::encode(&rating),
        );
        txn.put(keys::ranked_key(community, GameKind::Katro, &user), b"1".to_vec());
    }
    service.store().commit(&txn).unwrap();
    let low = member("Low", 1, 7, "100");
    let first = send(&service, &low, "!lalao top katro");
    let lines: Vec<&str> = first.messages[0].text.lines().collect();
    assert_eq!(lines[0], "Katro leaderboard, this server (page 1 of 3):");
    assert_eq!(lines[1], "1. 20 1700 (12 games)");
    assert_eq!(lines[10], "10. 11 1610 (12 games)");
    assert_eq!(lines[11], "Your place: 20.");
    assert_eq!(lines.len(), 12);
    let last = send(&service, &low, "!lalao top katro 9");
    let lines: Vec<&str> = last.messages[0].text.lines().collect();
    assert_eq!(lines[0], "Katro leaderboard, this server (page 3 of 3):");
    assert_eq!(
        &lines[1..],
        [
            "Not ranked yet (a place needs 5 rated games and a rating that is no longer provisional, marked ?):",
            "• 23 1730? (3 games)",
            "• 22 1720? (3 games)",
            "• 21 1710? (3 games)",
            "Your place: 20.",
        ]
    );
    assert_eq!(
        last.messages[0].kind,
        Kind::Leaderboard {
            game: GameKind::Katro,
            global: false,
            page: 3,
            pages: 3
        }
    );
    let second = send(&service, &low, "!lalao top katro 2");
    assert!(
        second.messages[0].text.ends_with("\n20. Low 1510 (12 games)"),
        "{}",
        second.messages[0].text
    );
}

/// An agreed draw of a rated game says both changes, as every rated ending does.
#[test]
fn an_agreed_draw_of_a_rated_game_says_the_ratings() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(&service, &ana, "!lalao play fano <@2> side=white");
    send(&service, &bob, "!lalao accept #1");
    send(&service, &ana, "!lalao @1 #1");
    send(&service, &bob, "!lalao @2 #1");
    send(&service, &ana, "!lalao draw #1");
    let agreed = send(&service, &bob, "!lalao draw accept #1");
    assert_eq!(key(&agreed), "game-draw-agreed");
    assert_eq!(
        agreed.messages[0].text,
        "Both players agree: it is a draw. Well played!\nRatings: Ana 1500? (±0), Bob 1500? (±0). (A ? marks a provisional rating: it still settles.)"
    );
    assert!(record(&service, 1).rating_change.is_some());
}
