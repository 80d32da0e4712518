//! The computer players in the three sowing games: legal moves in random
//! positions, the winning capture of Katro K-E7 and of En Gehé, and Mangala IV's forced move.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::{self, Heuristics, Level};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::katro::{self, Katro};
use lalao_core::mangala::{self, Mangala};
use lalao_core::{Game, Reason, Side, Winner};
use proptest::prelude::*;

const SEARCHING: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

fn no_cancel() -> AtomicBool {
    AtomicBool::new(false)
}

fn outcome_after<G: Game>(game: &G, mv: G::Move) -> Option<lalao_core::Outcome> {
    let mut child = game.clone();
    child.play(mv).unwrap();
    child.outcome()
}

/// Plays `choices` as indices into the legal moves, stopping early if the game ends.
fn random_line<G: Game>(mut game: G, choices: &[u32]) -> G {
    for choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[*choice as usize % moves.len()]).unwrap();
    }
    game
}

/// Every level plays a legal move (none once the game is over), takes a win in one and never
/// loses at once when it need not. Budgets are capped: legality does not depend on them.
fn check_levels<G: Heuristics>(game: &G, seed: u64) -> Result<(), TestCaseError> {
    let legal = game.legal_moves();
    let me = game.to_move();
    let result = |mv| outcome_after(game, mv).map(|o| o.winner);
    for level in Level::ALL {
        let chosen = if matches!(level, Level::Random | Level::Kind) {
            ai::choose(game, level, seed, &no_cancel())
        } else {
            let mut budget = game.budget(level);
            budget.max_nodes = budget.max_nodes.min(5_000);
            ai::analyse_with(game, &budget, seed, &no_cancel()).best
        };
        let Some(mv) = chosen else {
            prop_assert!(legal.is_empty(), "{level:?}: no move in {}", game.position());
            continue;
        };
        prop_assert!(legal.contains(&mv), "{level:?}: illegal in {}", game.position());
        // Random plays anything; kind lets through a finish the player set up, and its own
        // tests (core/src/ai/kind/tests.rs) say when it takes or gives a win.
        if matches!(level, Level::Random | Level::Kind) {
            continue;
        }
        if legal.iter().any(|m| result(*m) == Some(Winner::Side(me))) {
            prop_assert_eq!(result(mv), Some(Winner::Side(me)), "{:?} missed a win", level);
        }
        if legal
            .iter()
            .any(|m| result(*m) != Some(Winner::Side(me.opponent())))
        {
            prop_assert!(
                result(mv) != Some(Winner::Side(me.opponent())),
                "{:?} lost at once",
                level
            );
        }
    }
    Ok(())
}

#[test]
fn katro_every_searching_level_takes_the_last_seeds() {
    // K-E7: a3A lands on b3 (now 2) in South's front row facing b5, North's front row, and
    // captures its 3 seeds, North's last: North cannot move and loses (K-9). a3B, b3A and b3B
    // capture nothing.
    let game = Katro::from_position(
        katro::Options::default(),
        "0,0,0,0,0,0/0,3,0,0,0,0/0,0,0,0,0,0/1,1,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 s",
    )
    .unwrap();
    assert_eq!(game.legal_moves().len(), 4);
    for level in SEARCHING {
        for seed in 0..10 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            assert_eq!(game.format_move(mv), "a3A", "{level:?}, seed {seed}");
            let outcome = outcome_after(&game, mv).unwrap();
            assert_eq!(outcome.winner, Winner::Side(Side::SOUTH));
            assert_eq!(outcome.reason, Reason::NoLegalMove);
        }
    }
}

#[test]
fn engehe_every_searching_level_takes_the_capture_that_ends_the_game() {
    // N = 4. h1 drops its seed in the empty h2, opposite h5 = 3: South takes them (E-7), North
    // has nothing left and cannot move, and South also gets the board's last seeds (E-9).
    // h0 only relays to h3 and takes its own seed in compensation.
    let game = EnGehe::from_position(engehe::Options::default(), "1,1,0,0/0,3,0,0 s 0-0").unwrap();
    for level in SEARCHING {
        for seed in 0..10 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            assert_eq!(game.format_move(mv), "h1", "{level:?}, seed {seed}");
            assert_eq!(
                outcome_after(&game, mv).map(|o| o.winner),
                Some(Winner::Side(Side::SOUTH))
            );
        }
    }
}

#[test]
fn mangala_plays_its_only_move_at_every_level_without_searching() {
    // M-4: the move is forced; no level searches (zero nodes) and all agree.
    let mut game = Mangala::new(mangala::Options::default()).unwrap();
    for _ in 0..30 {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 1);
        for level in Level::ALL {
            let report = ai::analyse(&game, level, 3, &no_cancel());
            assert_eq!(report.best, Some(legal[0]));
            assert_eq!(report.nodes, 0);
        }
        game.play(legal[0]).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn katro_levels_play_legal_moves_in_random_positions(
        choices in prop::collection::vec(any::<u32>(), 0..60),
        seed in any::<u64>(),
    ) {
        let game = random_line(Katro::new(katro::Options::default()).unwrap(), &choices);
        check_levels(&game, seed)?;
    }

    #[test]
    fn engehe_levels_play_legal_moves_in_random_positions(
        holes in 2u16..12,
        choices in prop::collection::vec(any::<u32>(), 0..60),
        seed in any::<u64>(),
    ) {
        let options = engehe::Options { holes, ..engehe::Options::default() };
        let game = random_line(EnGehe::new(options).unwrap(), &choices);
        check_levels(&game, seed)?;
    }
}
