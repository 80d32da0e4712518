//! The silent fast path (`play_silent`, `legal_moves` with its one-lap shortcut) against the
//! event-producing path (`play`) on many random games of the three mancalas, and the checks a
//! stored state passes on load.

use lalao_core::engehe::{self, EnGehe};
use lalao_core::katro::{self, Katro, Variant as KatroVariant};
use lalao_core::mangala::{self, Mangala, Variant as MangalaVariant};
use lalao_core::rng::SplitMix64;
use lalao_core::Game;
use serde_json::Value;

/// The legal moves by the slow definition: every candidate that `play` (with its events)
/// accepts. `legal_moves` must give exactly these, in the same order.
fn reference_legal<G: Game + Clone>(game: &G, candidates: &[G::Move]) -> Vec<G::Move> {
    candidates
        .iter()
        .copied()
        .filter(|mv| game.clone().play(*mv).is_ok())
        .collect()
}

/// Plays `game` to the end (or `max_plies`) with moves drawn from `rng`, checking at every ply
/// that the fast and the event-producing paths agree. Returns the plies played.
fn compare<G, F>(
    mut game: G,
    rng: &mut SplitMix64,
    max_plies: u32,
    candidates: fn(&G) -> Vec<G::Move>,
    silent: F,
) -> u32
where
    G: Game + Clone + PartialEq + std::fmt::Debug,
    F: Fn(&mut G, G::Move) -> Result<(), lalao_core::CoreError>,
{
    let mut plies = 0;
    while game.outcome().is_none() && plies < max_plies {
        let legal = game.legal_moves();
        assert_eq!(
            legal,
            reference_legal(&game, &candidates(&game)),
            "{}",
            game.position()
        );
        assert!(
            !legal.is_empty(),
            "an open game has a legal move: {}",
            game.position()
        );
        let mv = legal[rng.below(legal.len() as u32) as usize];
        let mut quiet = game.clone();
        silent(&mut quiet, mv).unwrap();
        let events = game.play(mv).unwrap();
        assert!(!events.is_empty());
        assert_eq!(quiet, game, "same state after {}", game.format_move(mv));
        assert_eq!(quiet.position(), game.position());
        assert_eq!(quiet.outcome(), game.outcome());
        plies += 1;
    }
    plies
}

#[test]
fn katro_fast_path_matches_play() {
    let mut plies = 0;
    for g in 0..40u64 {
        let variants: &[KatroVariant] = match g % 4 {
            0 | 1 => &[],
            2 => &[KatroVariant::LoopStopsTurn, KatroVariant::LoneStone],
            _ => &[KatroVariant::AnyHoleStart, KatroVariant::ReverseDirection],
        };
        let options = katro::Options {
            columns: [6, 6, 4, 5][(g % 4) as usize],
            variants: variants.iter().copied().collect(),
            ply_cap: Some(200),
        };
        let game = Katro::new(options).unwrap();
        plies += compare(
            game,
            &mut SplitMix64::new(g),
            200,
            Katro::candidate_moves,
            Katro::play_silent,
        );
    }
    assert!(plies > 2_000, "{plies}");
}

#[test]
fn engehe_fast_path_matches_play() {
    let mut plies = 0;
    for g in 0..40u64 {
        let (holes, seeds) = [(40, 4), (8, 4), (4, 3), (6, 2)][(g % 4) as usize];
        let mut options = engehe::Options {
            holes,
            seeds,
            ply_cap: Some(300),
            ..engehe::Options::default()
        };
        if g % 5 == 0 {
            options.variants.insert(engehe::Variant::MwCapture);
        }
        if g % 7 == 0 {
            options.variants.insert(engehe::Variant::LoopStopsTurn);
        }
        let game = EnGehe::new(options).unwrap();
        plies += compare(
            game,
            &mut SplitMix64::new(100 + g),
            300,
            EnGehe::candidate_moves,
            EnGehe::play_silent,
        );
    }
    assert!(plies > 2_000, "{plies}");
}

#[test]
fn mangala_fast_path_matches_play() {
    let mut plies = 0;
    for g in 0..60u64 {
        let mut options = mangala::Options {
            seed: g,
            ..mangala::Options::default()
        };
        options.variants.insert(if g % 2 == 0 {
            MangalaVariant::RandomStart
        } else {
            MangalaVariant::MadjnuniStart
        });
        if g % 3 == 0 {
            options.variants.insert(MangalaVariant::SkipOrigin);
        }
        let game = Mangala::new(options).unwrap();
        let candidates = |game: &Mangala| {
            game.forced_hole()
                .map(|h| mangala::Move::Sow(h as u16))
                .into_iter()
                .chain([mangala::Move::Pass])
                .collect()
        };
        plies += compare(
            game,
            &mut SplitMix64::new(g),
            400,
            candidates,
            Mangala::play_silent,
        );
    }
    assert!(plies > 2_000, "{plies}");
}

/// Loads `state` (as JSON) as a `G`, returning the error text if it is refused.
fn load<G: serde::de::DeserializeOwned>(state: &Value) -> Result<G, String> {
    serde_json::from_value::<G>(state.clone()).map_err(|err| err.to_string())
}

fn refused<G: serde::de::DeserializeOwned>(state: &Value, why: &str) {
    let err = load::<G>(state)
        .err()
        .unwrap_or_else(|| panic!("accepted: {why}"));
    assert!(
        err.contains("bad position") || err.contains("bad option"),
        "{why}: {err}"
    );
}

/// A game a few plies in, as stored.
fn stored<G: Game + serde::Serialize>(mut game: G, plies: usize) -> (G, Value) {
    for _ in 0..plies {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    let json = serde_json::to_value(&game).unwrap();
    (game, json)
}

#[test]
fn stored_engehe_states_are_checked() {
    let (game, good) = stored(
        EnGehe::new(engehe::Options {
            holes: 6,
            ..engehe::Options::default()
        })
        .unwrap(),
        5,
    );
    assert_eq!(load::<EnGehe>(&good).unwrap(), game);

    let mut bad = good.clone();
    bad["board"].as_array_mut().unwrap().pop();
    refused::<EnGehe>(&bad, "a hole missing");
    let mut bad = good.clone();
    bad["options"]["holes"] = 7.into();
    refused::<EnGehe>(&bad, "holes option and board disagree");
    let mut bad = good.clone();
    bad["options"]["holes"] = 0.into();
    bad["board"] = Value::Array(vec![]);
    refused::<EnGehe>(&bad, "no holes");
    let mut bad = good.clone();
    bad["board"][0] = 60_000.into();
    refused::<EnGehe>(&bad, "too many seeds");
    let mut bad = good.clone();
    bad["board"][0] = (bad["board"][0].as_u64().unwrap() + 1).into();
    refused::<EnGehe>(&bad, "board differs from its history");
    let mut bad = good.clone();
    bad["to_move"] = if good["to_move"] == "first" {
        "second"
    } else {
        "first"
    }
    .into();
    refused::<EnGehe>(&bad, "wrong side to move for the history");
    let mut bad = good.clone();
    bad["to_move"] = "east".into();
    assert!(load::<EnGehe>(&bad).is_err(), "unknown side");
    let mut bad = good.clone();
    bad["outcome"] = serde_json::json!({ "winner": "draw", "reason": "repetition" });
    refused::<EnGehe>(&bad, "over with seeds on the board");
    let mut bad = good.clone();
    bad["options"]["ply_cap"] = 1.into();
    refused::<EnGehe>(&bad, "open past the ply cap");
}

#[test]
fn stored_mangala_states_are_checked() {
    let (game, good) = stored(Mangala::new(mangala::Options::default()).unwrap(), 3);
    assert_eq!(load::<Mangala>(&good).unwrap(), game);

    let mut bad = good.clone();
    bad["board"].as_array_mut().unwrap().push(0.into());
    assert!(load::<Mangala>(&bad).is_err(), "15 holes");
    let mut bad = good.clone();
    bad["captured"][0] = 70_000.into();
    refused::<Mangala>(&bad, "too many seeds");
    let mut bad = good.clone();
    bad["board"][3] = (bad["board"][3].as_u64().unwrap() + 1).into();
    refused::<Mangala>(&bad, "board differs from its history");
    let mut bad = good.clone();
    bad["outcome"] = serde_json::json!({ "winner": "draw", "reason": "cycle" });
    refused::<Mangala>(&bad, "over with seeds on the board");

    // A finished game loads, and its outcome must follow from the captures.
    let mut over = Mangala::new(mangala::Options::default()).unwrap();
    while over.outcome().is_none() {
        let mv = over.legal_moves()[0];
        over.play(mv).unwrap();
    }
    let good = serde_json::to_value(&over).unwrap();
    assert_eq!(load::<Mangala>(&good).unwrap(), over);
    let mut bad = good.clone();
    let north = bad["captured"][1].as_u64().unwrap();
    // A draw becomes a South win, anything else a draw.
    bad["captured"][0] = if good["outcome"]["winner"] == "draw" {
        north + 1
    } else {
        north
    }
    .into();
    refused::<Mangala>(&bad, "winner does not follow from the captures");
}

#[test]
fn stored_katro_states_are_checked() {
    let (game, good) = stored(Katro::new(katro::Options::default()).unwrap(), 6);
    assert_eq!(load::<Katro>(&good).unwrap(), game);

    let mut bad = good.clone();
    bad["board"].as_array_mut().unwrap().pop();
    refused::<Katro>(&bad, "a hole missing");
    let mut bad = good.clone();
    bad["board"][0] = (bad["board"][0].as_u64().unwrap() + 1).into();
    refused::<Katro>(&bad, "board differs from its history");
    let mut bad = good.clone();
    let keys = bad["history"]["keys"].as_str().unwrap();
    bad["history"]["keys"] = keys[..keys.len() - 32].into();
    refused::<Katro>(&bad, "history cut short");
    let mut bad = good.clone();
    let keys = bad["history"]["keys"].as_str().unwrap();
    bad["history"]["keys"] = keys[..keys.len() - 1].into();
    assert!(load::<Katro>(&bad).is_err(), "a key cut short");
    let mut bad = good.clone();
    let keys = bad["history"]["keys"].as_str().unwrap().repeat(3);
    bad["history"]["keys"] = keys.into();
    refused::<Katro>(&bad, "more entries than turns");
    let mut bad = good.clone();
    bad["outcome"] = serde_json::json!({ "winner": { "side": "first" }, "reason": "repetition" });
    refused::<Katro>(&bad, "a repetition is a draw");
    let mut bad = good.clone();
    bad["outcome"] = serde_json::json!({ "winner": "draw", "reason": "board_empty" });
    refused::<Katro>(&bad, "not a Katro ending");
}
