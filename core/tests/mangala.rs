//! RULES.md §3 (Mangala IV): every worked example M-E1…M-E10, the whole default game, and
//! properties of random play.

use lalao_core::event::LapEnd;
use lalao_core::mangala::{self, Mangala, Variant};
use lalao_core::protocol::respond;
use lalao_core::{Event, Game, IllegalReason, Outcome, Reason, Side};
use proptest::prelude::*;
use serde_json::{json, Value};

fn rules(request: Value) -> Value {
    serde_json::from_str(&respond(request.to_string().as_bytes())).expect("a JSON response")
}

fn options(variants: &[Variant]) -> mangala::Options {
    mangala::Options {
        variants: variants.iter().copied().collect(),
        ..mangala::Options::default()
    }
}

/// A position from the RULES.md arrays `[h0 … h6 | h7 … h13]`.
fn at(board: [u16; 14], side: char, variants: &[Variant]) -> Mangala {
    let row = |r: &[u16]| r.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
    let position = format!("{}/{} {side} 0-0", row(&board[..7]), row(&board[7..]));
    Mangala::from_position(options(variants), &position).expect("a valid position")
}

fn legal(game: &Mangala) -> Vec<String> {
    game.legal_moves()
        .into_iter()
        .map(|mv| game.format_move(mv))
        .collect()
}

fn play_forced(game: &mut Mangala) -> Vec<Event> {
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 1, "M-E10: exactly one legal move");
    game.play(moves[0]).expect("the forced move plays")
}

fn laps(events: &[Event]) -> Vec<(u16, u32, LapEnd)> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Lap {
                start, seeds, end, ..
            } => Some((*start, *seeds, *end)),
            _ => None,
        })
        .collect()
}

#[test]
fn m_e1_simple_stop() {
    let mut game = at([0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0], 's', &[]);
    assert_eq!(legal(&game), ["h2"]);
    let events = play_forced(&mut game);
    assert_eq!(game.board(), &[0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0]);
    assert_eq!(game.captured(), Some([0, 0]));
    assert_eq!(
        events,
        [Event::Lap {
            start: 2,
            seeds: 1,
            sown: vec![3],
            end: LapEnd::Stop
        }]
    );
}

#[test]
fn m_e2_capture_with_the_opposite_hole_ends_the_game() {
    let mut game = Mangala::from_position(options(&[]), "1,1,0,0,0,0,0/0,0,0,0,0,5,0 s 40-51").unwrap();
    let events = play_forced(&mut game);
    assert_eq!(game.position(), "0,0,0,0,0,0,0/0,0,0,0,0,0,0 n 47-51");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::NORTH, Reason::BoardEmpty))
    );
    assert!(events.contains(&Event::SeedsCaptured {
        by: Side::SOUTH,
        holes: vec![(1, 2), (12, 5)]
    }));
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn m_e3_backward_chain() {
    let mut game = at([3, 1, 3, 1, 0, 0, 0, 0, 0, 0, 6, 1, 2, 0], 's', &[]);
    let events = play_forced(&mut game);
    assert_eq!(game.captured(), Some([17, 0]));
    assert!(game.board().iter().all(|c| *c == 0));
    assert!(events.contains(&Event::SeedsCaptured {
        by: Side::SOUTH,
        holes: vec![(3, 2), (10, 6), (2, 4), (11, 1), (1, 2), (12, 2)]
    }));
}

#[test]
fn m_e4_relay_on_three() {
    let mut game = at([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 's', &[]);
    let events = play_forced(&mut game);
    assert_eq!(game.board(), &[0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(laps(&events), [(0, 1, LapEnd::Relay), (1, 3, LapEnd::Stop)]);
}

#[test]
fn m_e5_four_captures_five_relays() {
    let mut a = at([1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0], 's', &[]);
    play_forced(&mut a);
    assert_eq!(a.board(), &[0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 3, 0]);
    assert_eq!(a.captured(), Some([0, 0]));
    let mut b = at([1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0], 's', &[]);
    play_forced(&mut b);
    assert_eq!(b.captured(), Some([7, 0]));
    assert!(b.board().iter().all(|c| *c == 0));
}

#[test]
fn m_e6_chain_stops_at_hole_emptied_by_same_capture() {
    let start = [8, 0, 0, 0, 1, 1, 1, 1, 1, 3, 0, 0, 0, 0];
    let mut game = at(start, 's', &[]);
    let events = play_forced(&mut game);
    assert_eq!(game.captured(), Some([8, 0]));
    assert_eq!(game.board(), &[0, 1, 1, 1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0]);
    assert!(events.contains(&Event::SeedsCaptured {
        by: Side::SOUTH,
        holes: vec![(8, 2), (5, 2), (7, 2), (6, 2)]
    }));
    // variant:snapshot-chain goes on through h6, h5 to h4 (+ h9).
    let mut snapshot = at(start, 's', &[Variant::SnapshotChain]);
    play_forced(&mut snapshot);
    assert_eq!(snapshot.captured(), Some([13, 0]));
    assert_eq!(snapshot.board(), &[0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn m_e7_north_captures_inside_souths_row() {
    let mut game = at([1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], 'n', &[]);
    assert_eq!(legal(&game), ["h13"]);
    play_forced(&mut game);
    assert_eq!(game.captured(), Some([0, 6]));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::NORTH, Reason::BoardEmpty))
    );
}

#[test]
fn m_e8_pass() {
    let mut game = at([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], 's', &[]);
    assert_eq!(legal(&game), ["pass"]);
    assert_eq!(
        game.play_text("h0").unwrap_err(),
        lalao_core::CoreError::illegal("h0", IllegalReason::MustPass)
    );
    let events = game.play_text("pass").unwrap();
    assert_eq!(events, [Event::Passed { side: Side::SOUTH }]);
    assert_eq!(game.to_move(), Side::NORTH);
    assert_eq!(game.ply(), 1);
    assert_eq!(legal(&game), ["h7"]);
    play_forced(&mut game);
    assert_eq!(game.board(), &[0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
}

#[test]
fn m_e9_first_move_from_the_standard_start() {
    let mut game = Mangala::new(options(&[])).unwrap();
    assert_eq!(game.position(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0-0");
    let events = play_forced(&mut game);
    assert_eq!(
        laps(&events),
        [
            (0, 7, LapEnd::Relay),
            (7, 8, LapEnd::Relay),
            (1, 9, LapEnd::Relay),
            (10, 9, LapEnd::Relay),
            (5, 10, LapEnd::Capture)
        ]
    );
    assert_eq!(game.position(), "3,0,10,10,10,0,10/2,10,10,1,10,0,10 n 12-0");
    play_forced(&mut game);
    assert_eq!(game.position(), "7,1,14,0,0,3,2/3,14,3,0,14,4,14 s 12-7");
}

#[test]
fn m_e10_exactly_one_legal_move() {
    let game = at([0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1], 'n', &[]);
    assert_eq!(legal(&game), ["h9"]);
    for (text, reason) in [
        ("h13", IllegalReason::NotForcedHole),
        ("h7", IllegalReason::EmptyHole),
        ("h2", IllegalReason::NotYourHole),
        ("pass", IllegalReason::CannotPass),
    ] {
        let mut copy = game.clone();
        assert_eq!(
            copy.play_text(text).unwrap_err(),
            lalao_core::CoreError::illegal(text, reason)
        );
        assert_eq!(copy, game, "an illegal move changes nothing");
    }
    let rightmost = at(
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1],
        'n',
        &[Variant::RightmostHead],
    );
    assert_eq!(legal(&rightmost), ["h13"]);
}

/// The whole default game from 7 × 14 is deterministic: its result is a regression value.
/// South wins 64–34 at ply 57, when a (board, side) state comes back (M-10: cycle, own-row
/// seeds added). Under skip-origin (G-2) the result differs: North wins 52–46, board empty.
#[test]
fn m_whole_default_game() {
    let mut game = Mangala::new(options(&[])).unwrap();
    while game.outcome().is_none() {
        play_forced(&mut game);
    }
    assert_eq!(game.ply(), 57);
    assert_eq!(game.position(), "0,0,0,0,0,0,0/0,0,0,0,0,0,0 n 64-34");
    assert_eq!(game.outcome(), Some(Outcome::win(Side::SOUTH, Reason::Cycle)));

    let mut skip = Mangala::new(options(&[Variant::SkipOrigin])).unwrap();
    while skip.outcome().is_none() {
        play_forced(&mut skip);
    }
    assert_eq!(skip.ply(), 26);
    assert_eq!(skip.position(), "0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 46-52");
    assert_eq!(
        skip.outcome(),
        Some(Outcome::win(Side::NORTH, Reason::BoardEmpty))
    );
}

#[test]
fn m10_cycle_adds_own_row_seeds_and_reports_the_sweep() {
    // One seed circling: South h6 → h7 (North's row), North h7 → h8, …: no hole reaches 2.
    let mut game = at([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 's', &[]);
    let mut last = Vec::new();
    while game.outcome().is_none() {
        last = play_forced(&mut game);
    }
    assert_eq!(game.outcome().unwrap().reason, Reason::Cycle);
    let total: u32 = game.captured().unwrap().iter().sum();
    assert_eq!(total, 1);
    assert!(last.iter().any(|e| matches!(e, Event::SeedsCaptured { .. })));
    assert!(matches!(last.last(), Some(Event::GameOver { .. })));
}

#[test]
fn m_random_starts_are_reproducible_from_the_seed() {
    for variant in [Variant::RandomStart, Variant::MadjnuniStart] {
        let make = |seed: u64| {
            Mangala::new(mangala::Options {
                seed,
                ..options(&[variant])
            })
            .unwrap()
        };
        let a = make(42);
        assert_eq!(a.board().iter().map(|c| u32::from(*c)).sum::<u32>(), 98);
        assert_eq!(a.position(), make(42).position());
        assert_ne!(a.position(), make(43).position());
        if variant == Variant::MadjnuniStart {
            assert!(a.board().iter().all(|c| *c >= 2));
        }
    }
    // The engine's own fixed-seed snapshot (SplitMix64, docs/notation.md).
    let snapshot = Mangala::new(mangala::Options {
        seed: 1,
        ..options(&[Variant::RandomStart])
    })
    .unwrap();
    let response = rules(json!({"game": "mangala", "variants": ["random-start"], "options": {"seed": 1}}));
    assert_eq!(response["position"], snapshot.position());
    assert_eq!(
        rules(json!({"game": "mangala", "variants": ["random-start", "madjnuni-start"]}))["error"]["kind"],
        "bad_options"
    );
}

#[test]
fn m_rules_protocol_answers_mangala() {
    let response = rules(json!({"game": "mangala", "moves": ["h0", "h7"]}));
    assert_eq!(response["position"], "7,1,14,0,0,3,2/3,14,3,0,14,4,14 s 12-7");
    assert_eq!(response["legal"], json!(["h0"]));
    assert_eq!(response["captured"], json!({"south": 12, "north": 7}));
    assert_eq!(response["outcome"], Value::Null);
    let refused = rules(json!({"game": "mangala", "moves": ["h1"]}));
    assert_eq!(refused["error"]["reason"], "not_forced_hole");
    let pass = rules(json!({"game": "mangala", "position": "0,0,0,0,0,0,0/1,0,0,0,0,0,0 s 0-0"}));
    assert_eq!(pass["legal"], json!(["pass"]));
    for bad in [
        "7,7,7/7,7,7 s 0-0",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 x 0-0",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,70000 s 0-0",
        "",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0+0",
    ] {
        let response = rules(json!({"game": "mangala", "position": bad}));
        assert_eq!(response["ok"], false, "{bad}");
        assert!(
            ["bad_notation", "bad_position"].contains(&response["error"]["kind"].as_str().unwrap()),
            "{bad}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random starts: seeds conserved after every ply, the game always ends, exactly one
    /// legal move at each ply, notation round-trips.
    #[test]
    fn random_games_conserve_seeds_and_end(seed in any::<u64>(), flags in prop::collection::vec(any::<bool>(), 5)) {
        let mut variants = vec![if flags[0] { Variant::RandomStart } else { Variant::MadjnuniStart }];
        for (on, v) in flags[1..].iter().zip([Variant::SkipOrigin, Variant::SnapshotChain, Variant::RightmostHead, Variant::LoopStopsTurn]) {
            if *on { variants.push(v); }
        }
        let opts = mangala::Options { seed, variants: variants.into_iter().collect(), ply_cap: Some(5_000) };
        let mut game = Mangala::new(opts.clone()).unwrap();
        while game.outcome().is_none() {
            let moves = game.legal_moves();
            prop_assert_eq!(moves.len(), 1);
            let text = game.format_move(moves[0]);
            prop_assert_eq!(game.parse_move(&text).unwrap(), moves[0]);
            game.play(moves[0]).unwrap();
            let captured = game.captured().unwrap();
            let on_board: u32 = game.board().iter().map(|c| u32::from(*c)).sum();
            prop_assert_eq!(on_board + captured[0] + captured[1], 98);
            let again = Mangala::from_position(opts.clone(), &game.position()).unwrap();
            prop_assert_eq!(again.position(), game.position());
        }
        prop_assert!(game.ply() <= 5_000);
    }

    #[test]
    fn any_position_or_move_text_never_panics(text in "[0-9,/ sn-]{0,40}", mv in "[hpas0-9]{0,6}") {
        if let Ok(mut game) = Mangala::from_position(options(&[]), &text) {
            prop_assert_eq!(Mangala::from_position(options(&[]), &game.position()).unwrap().position(), game.position());
            let _ = game.play_text(&mv);
        }
    }
}
