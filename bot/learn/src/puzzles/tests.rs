//! Every bundled puzzle proved again, the files regenerated from their seed, and the generator
//! checked on other seeds.

use std::collections::HashSet;

use lalao_core::GameKind;
use proptest::prelude::*;

use super::generate::{generate, mangala_end, prove, MARGIN, PROVED};
use super::*;

/// Puzzles per game in the bundled sets, at least.
const BUNDLED_AT_LEAST: usize = 200;

/// Proves every puzzle of `kind`'s bundled set again and checks the set's shape.
fn check_bundled(kind: GameKind) {
    let set = bundled(kind);
    assert!(
        set.puzzles.len() >= BUNDLED_AT_LEAST,
        "{}: {} puzzles",
        kind.id(),
        set.puzzles.len()
    );
    let mut positions = HashSet::new();
    let mut failures = Vec::new();
    for (index, puzzle) in set.puzzles.iter().enumerate() {
        assert_eq!(puzzle.id, format!("{}-{:04}", kind.id(), index + 1));
        assert!(
            positions.insert(&puzzle.position),
            "{} repeats a position",
            puzzle.id
        );
        assert!(
            Theme::of_game(kind).contains(&puzzle.theme),
            "{}: {:?}",
            puzzle.id,
            puzzle.theme
        );
        assert!(
            puzzle.solver_moves() <= generate::MAX_SOLVER_MOVES,
            "{}",
            puzzle.id
        );
        if kind != GameKind::Mangala {
            assert!(puzzle.margin >= MARGIN, "{}: margin {}", puzzle.id, puzzle.margin);
            let choices = puzzle
                .game(kind)
                .map(|game| game.legal_moves().len())
                .unwrap_or(0);
            assert!(choices > 1, "{}: {choices} legal moves ask nothing", puzzle.id);
        }
        if let Err(why) = prove(kind, puzzle) {
            failures.push(format!("{}: {why}", puzzle.id));
        }
    }
    assert!(
        failures.is_empty(),
        "puzzles not proved again:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_bundled_samantsy_puzzle_is_proved_again() {
    check_bundled(GameKind::Samantsy);
}

#[test]
fn every_bundled_fano_puzzle_is_proved_again() {
    check_bundled(GameKind::Fano);
}

#[test]
fn every_bundled_mangala_puzzle_is_proved_again() {
    check_bundled(GameKind::Mangala);
}

#[test]
fn every_bundled_engehe_puzzle_is_proved_again() {
    check_bundled(GameKind::Engehe);
}

#[test]
fn every_bundled_katro_puzzle_is_proved_again() {
    check_bundled(GameKind::Katro);
}

/// Puzzles regenerated per game by the test: generation is sequential, so the first ones of a
/// run are the first ones of a longer run with the same seed. (Regenerating every set takes
/// about ten minutes: `lalao puzzles generate`, docs/puzzles.md.)
const REGENERATED: usize = 12;

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    for kind in GameKind::ALL {
        let set = bundled(kind);
        let count = if kind == GameKind::Mangala {
            set.puzzles.len()
        } else {
            REGENERATED
        };
        let again = generate(kind, count, set.seed);
        assert_eq!(again.puzzles[..], set.puzzles[..count], "{}", kind.id());
        if kind == GameKind::Mangala {
            assert_eq!(again.to_toml(), source(kind), "the whole Mangala IV file");
        }
    }
}

#[test]
fn every_bundled_file_is_exactly_what_the_generator_writes() {
    for kind in GameKind::ALL {
        let set = bundled(kind);
        assert_eq!(set.to_toml(), source(kind), "{}", kind.id());
        let again = parse(kind, &set.to_toml()).expect("reads back");
        assert_eq!(again.puzzles, set.puzzles);
        assert_eq!(again.seed, set.seed);
    }
}

#[test]
fn an_answer_is_judged_against_the_line() {
    let puzzle = Puzzle {
        id: "katro-9999".into(),
        position: "x".into(),
        line: vec!["a1A".into(), "f6B".into(), "b1B".into()],
        theme: Theme::RelayCapture,
        rating: 1500,
        margin: 200,
    };
    assert_eq!(puzzle.solver_moves(), 2);
    assert_eq!(puzzle.judge(0, "a1A"), Answer::Right { reply: "f6B".into() });
    assert_eq!(puzzle.judge(0, "a1B"), Answer::Wrong);
    assert_eq!(puzzle.judge(2, "b1B"), Answer::Solved);
    assert_eq!(puzzle.judge(2, "a1A"), Answer::Wrong);
    assert_eq!(puzzle.judge(4, "a1A"), Answer::Wrong);
}

#[test]
fn a_mangala_side_puzzle_is_the_side_that_wins_the_forced_game() {
    // Played out move by move here, not through the proof: the named side wins, soon.
    let set = bundled(GameKind::Mangala);
    for puzzle in set.puzzles.iter().take(20) {
        let game = puzzle.game(GameKind::Mangala).expect("a position");
        let (winner, plies, captured) = mangala_end(&game).expect("ends");
        assert!((2..=12).contains(&plies), "{}: {plies} plies", puzzle.id);
        let side = if puzzle.line == [SOUTH] {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(winner, lalao_core::Winner::Side(side), "{}", puzzle.id);
        assert_ne!(captured[0], captured[1]);
    }
    let wrong = Puzzle {
        line: vec![if set.puzzles[0].line == [SOUTH] {
            NORTH
        } else {
            SOUTH
        }
        .to_owned()],
        ..set.puzzles[0].clone()
    };
    assert!(prove(GameKind::Mangala, &wrong).is_err());
}

#[test]
fn a_puzzle_whose_move_is_not_the_best_is_refused() {
    let set = bundled(GameKind::Katro);
    let puzzle = &set.puzzles[0];
    let game = puzzle.game(GameKind::Katro).expect("a position");
    let other = game
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .expect("another move");
    let wrong = Puzzle {
        line: vec![other],
        ..puzzle.clone()
    };
    let why = prove(GameKind::Katro, &wrong).expect_err("not the best move");
    assert!(why.starts_with("move 1: the search prefers"), "{why}");
    let inflated = Puzzle {
        margin: PROVED + 1,
        ..puzzle.clone()
    };
    assert!(prove(GameKind::Katro, &inflated).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// Any seed gives puzzles that the proof accepts, in the shape the files promise.
    #[test]
    fn the_generator_proves_what_it_finds_on_any_seed(
        seed in any::<u64>(),
        kind in prop::sample::select(vec![GameKind::Fano, GameKind::Mangala, GameKind::Engehe, GameKind::Katro]),
    ) {
        let set = generate(kind, 2, seed);
        prop_assert_eq!(set.puzzles.len(), 2);
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            prop_assert_eq!(&puzzle.id, &format!("{}-{:04}", kind.id(), index + 1));
            prop_assert!(puzzle.line.len() % 2 == 1);
            prop_assert!(Theme::of_game(kind).contains(&puzzle.theme));
            prop_assert!(prove(kind, puzzle).is_ok(), "{:?}: {:?}", puzzle, prove(kind, puzzle));
        }
    }
}

#[test]
fn positions_of_real_games_are_looked_at_first() {
    // Two positions of the bundled set as a file would list them, one not a Katro position,
    // and a repeat: the two puzzles again, each once, then the generator's own.
    let set = bundled(GameKind::Katro);
    let positions = vec![
        set.puzzles[1].position.clone(),
        "not a position".to_owned(),
        set.puzzles[0].position.clone(),
        set.puzzles[1].position.clone(),
    ];
    let found = generate::generate_with(GameKind::Katro, 3, 99, &positions, |_| {});
    assert_eq!(found.puzzles[0].line, set.puzzles[1].line);
    assert_eq!(found.puzzles[0].id, "katro-0001");
    assert_eq!(found.puzzles[1].line, set.puzzles[0].line);
    assert_ne!(found.puzzles[2].position, set.puzzles[1].position);
    assert!(prove(GameKind::Katro, &found.puzzles[2]).is_ok());
}
