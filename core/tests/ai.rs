//! The computer players: legal, deterministic, cancellable, and they see what a
//! player must see (wins in one, the rules' losses). Strength and speed are measured by the
//! `ai_strength` bench (docs/benchmarks.md), never asserted on wall-clock here.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::{self, Budget, Heuristics, Level};
use lalao_core::fano::{self, Fano, Variant};
use lalao_core::samantsy::{self, Samantsy};
use lalao_core::{AnyGame, Game, Reason, Side, Winner};
use proptest::prelude::*;

fn no_cancel() -> AtomicBool {
    AtomicBool::new(false)
}

const SEARCHING: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

fn fano_at(position: &str, variants: &[Variant]) -> Fano {
    let options = fano::Options {
        variants: variants.iter().copied().collect(),
        ..fano::Options::default()
    };
    Fano::from_position(options, position).expect("a valid position")
}

fn fano_options(cells: u16, variants: Vec<Variant>) -> fano::Options {
    fano::Options {
        cells,
        variants: variants.into_iter().collect(),
        ply_cap: None,
    }
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

/// Whether `mv` ends the game at once with the mover as winner.
fn wins_at_once<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut child = game.clone();
    child.play(mv).unwrap();
    child.outcome().map(|o| o.winner) == Some(Winner::Side(game.to_move()))
}

fn loses_at_once<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut child = game.clone();
    child.play(mv).unwrap();
    child.outcome().map(|o| o.winner) == Some(Winner::Side(game.to_move().opponent()))
}

/// A level's move, with its node budget capped so that property tests stay fast: legality and
/// the one-ply checks below do not depend on how long the search runs.
fn capped_choice<G: Heuristics>(game: &G, level: Level, seed: u64) -> Option<G::Move> {
    if matches!(level, Level::Random | Level::Kind) {
        return ai::choose(game, level, seed, &no_cancel());
    }
    let mut budget = game.budget(level);
    budget.max_nodes = budget.max_nodes.min(20_000);
    ai::analyse_with(game, &budget, seed, &no_cancel()).best
}

/// What every level must do in any position: play a legal move (or none when the game is
/// over), take a win in one, and never lose at once when something else does not.
fn check_levels<G: Heuristics>(game: &G, seed: u64) -> Result<(), TestCaseError> {
    let legal = game.legal_moves();
    for level in Level::ALL {
        let chosen = capped_choice(game, level, seed);
        let Some(mv) = chosen else {
            prop_assert!(legal.is_empty(), "{level:?} found no move in {}", game.position());
            continue;
        };
        prop_assert!(
            legal.contains(&mv),
            "{level:?} played an illegal move in {}",
            game.position()
        );
        // Random plays anything; kind lets through a finish the player set up, and its own
        // tests (core/src/ai/kind/tests.rs) say when it takes or gives a win.
        if matches!(level, Level::Random | Level::Kind) {
            continue;
        }
        if legal.iter().any(|m| wins_at_once(game, *m)) {
            prop_assert!(
                wins_at_once(game, mv),
                "{level:?} missed a win in {}",
                game.position()
            );
        }
        if legal.iter().any(|m| !loses_at_once(game, *m)) {
            prop_assert!(
                !loses_at_once(game, mv),
                "{level:?} lost at once in {}",
                game.position()
            );
        }
    }
    Ok(())
}

#[test]
fn level_ids_are_stable_and_serde_uses_them() {
    for level in Level::ALL {
        assert_eq!(Level::from_id(level.id()), Some(level));
        assert_eq!(
            serde_json::to_string(&level).unwrap(),
            format!("\"{}\"", level.id())
        );
    }
    assert_eq!(
        Level::ALL.map(Level::id),
        ["random", "kind", "easy", "medium", "hard"]
    );
    assert_eq!(Level::from_id("expert"), None);
}

#[test]
fn a_finished_game_has_no_move_at_any_level() {
    // F-E3: White is blocked and has lost (F-7).
    let game = fano_at("BWB..BW w 0 0", &[]);
    assert!(game.outcome().is_some());
    for level in Level::ALL {
        assert_eq!(ai::choose(&game, level, 1, &no_cancel()), None);
    }
}

#[test]
fn fano_every_searching_level_takes_the_capture_that_wins_at_once() {
    // F-6/F-7: 3-4 approaches and takes the run 5-6, Black's last pawns. 3-2 wins nothing.
    let game = fano_at("..W.BB. w 0 0", &[]);
    for level in SEARCHING {
        for seed in 0..20 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            assert_eq!(game.format_move(mv), "3-4", "{level:?}, seed {seed}");
        }
    }
}

/// fano-9, White to move: 6-7 takes the pawn on 8 at once, but 6-5 wins the game (in 7
/// plies). Hard must see past the material.
const QUIET_WIN: &str = "BB...W.BW w 0 0";

#[test]
fn fano_hard_prefers_a_quiet_forced_win_to_a_capture() {
    let game = fano_at(QUIET_WIN, &[]);
    let report = ai::analyse(&game, Level::Hard, 3, &no_cancel());
    assert_eq!(game.format_move(report.best.unwrap()), "6-5");
    assert!(report.score >= ai::search::WIN_BOUND, "{report:?}");
}

#[test]
fn fano_hard_plays_a_won_position_to_the_end_against_every_defence() {
    // Every reply of the defender in turn: hard must still win, so its search is right at
    // every step of the line and not only at the root, and the win it announced is real.
    fn all_lines(game: &Fano, plies_left: u32) {
        assert!(plies_left > 0, "not over in time: {}", game.position());
        if let Some(outcome) = game.outcome() {
            assert_eq!(outcome.winner, Winner::Side(Side::WHITE), "{}", game.position());
            return;
        }
        let mut game = game.clone();
        let mv = ai::choose(&game, Level::Hard, 0, &no_cancel()).unwrap();
        game.play(mv).unwrap();
        if game.outcome().is_some() {
            return all_lines(&game, plies_left);
        }
        for reply in game.legal_moves() {
            let mut next = game.clone();
            next.play(reply).unwrap();
            all_lines(&next, plies_left - 2);
        }
    }
    all_lines(&fano_at(QUIET_WIN, &[]), 9);
}

#[test]
fn fano_misere_turns_the_winning_capture_into_the_move_to_avoid() {
    // Misère reverses F-7: taking Black's last pawn with 3-4 would hand Black the win (no pawn
    // at its turn), so every searching level steps back instead.
    let game = fano_at("..W.B.. w 0 0", &[Variant::Misere]);
    for level in SEARCHING {
        for seed in 0..20 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            assert_eq!(game.format_move(mv), "3-2", "{level:?}, seed {seed}");
        }
    }
}

#[test]
fn easy_plays_like_a_beginner_not_like_noise() {
    // Two captures and two quiet moves; a capture that wins material should be preferred by
    // far, but not always (easy samples), and hard always takes one.
    let game = fano_at(".W.B.WB.B w 0 0", &[]);
    let captures = |mv| {
        let mut child = game.clone();
        child.play(mv).unwrap();
        child.pawns_on_board(Side::BLACK) < 3
    };
    let count = |level| {
        (0..200)
            .filter(|seed| captures(ai::choose(&game, level, *seed, &no_cancel()).unwrap()))
            .count()
    };
    let (random, easy, hard) = (count(Level::Random), count(Level::Easy), count(Level::Hard));
    assert!(easy > random + 40, "easy {easy} vs random {random} of 200");
    assert_eq!(hard, 200);
}

#[test]
fn the_same_seed_gives_the_same_move_and_other_seeds_vary() {
    let game = Fano::new(fano_options(9, vec![])).unwrap();
    for level in Level::ALL {
        let first = ai::choose(&game, level, 42, &no_cancel());
        for _ in 0..3 {
            assert_eq!(ai::choose(&game, level, 42, &no_cancel()), first, "{level:?}");
        }
    }
    // Random and easy vary with the seed on an open board (9 empty cells to choose from).
    for level in [Level::Random, Level::Easy] {
        let moves: std::collections::BTreeSet<_> = (0..50)
            .map(|seed| ai::choose(&game, level, seed, &no_cancel()).unwrap())
            .collect();
        assert!(moves.len() > 3, "{level:?}: {moves:?}");
    }
}

#[test]
fn a_cancelled_search_still_returns_a_legal_move_at_once() {
    let game = Fano::new(fano_options(41, vec![])).unwrap();
    let cancel = AtomicBool::new(true);
    for level in SEARCHING {
        let report = ai::analyse(&game, level, 9, &cancel);
        assert!(report.cancelled, "{level:?}");
        assert_eq!(report.nodes, 0, "{level:?}: no search after the deadline");
        assert!(game.legal_moves().contains(&report.best.unwrap()));
    }
}

#[test]
fn budgets_bound_the_search() {
    let game = Fano::new(fano_options(41, vec![])).unwrap();
    let budget = Budget {
        max_depth: 50,
        max_nodes: 1_000,
        temperature: 0,
    };
    let report = ai::analyse_with(&game, &budget, 0, &no_cancel());
    assert!(report.nodes <= 1_000, "{}", report.nodes);
    assert!(report.depth >= 1 && report.depth < 50, "{}", report.depth);
    assert!(game.legal_moves().contains(&report.best.unwrap()));
}

#[test]
fn any_game_entry_point_speaks_notation() {
    let game = AnyGame::from_position(
        lalao_core::any::AnyOptions::Fano(fano::Options::default()),
        "..W.BB. w 0 0",
    )
    .unwrap();
    let mv = ai::choose_move(&game, Level::Hard, 0, &no_cancel());
    assert_eq!(mv.as_deref(), Some("3-4"));
    for level in Level::ALL {
        let mv = ai::choose_move(&game, level, 5, &no_cancel()).unwrap();
        assert!(game.legal_moves().contains(&mv));
    }
}

fn samantsy_at(position: &str) -> Samantsy {
    Samantsy::from_position(samantsy::Options::default(), position).expect("a valid position")
}

/// Plays `mv` and returns the outcome.
fn outcome_after<G: Game>(game: &G, mv: G::Move) -> Option<lalao_core::Outcome> {
    let mut child = game.clone();
    child.play(mv).unwrap();
    child.outcome()
}

#[test]
fn samantsy_every_searching_level_gives_the_blocking_check() {
    // S-E6(a) one move earlier: a2-a1 checks along rank 1; f1 and h1 are covered, f2-h2 are
    // White's own zazas and nothing can interpose, so White has no move and loses (S-10).
    let game = samantsy_at("h7/8/8/8/8/8/v4ZZZ/6H1 b");
    for level in SEARCHING {
        for seed in 0..10 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            assert_eq!(game.format_move(mv), "a2-a1", "{level:?}, seed {seed}");
            let outcome = outcome_after(&game, mv).unwrap();
            assert_eq!(outcome.winner, Winner::Side(Side::BLACK));
            assert_eq!(outcome.reason, Reason::BlockedHova);
        }
    }
}

#[test]
fn samantsy_every_searching_level_blocks_the_hova_without_check() {
    // S-E1 one move earlier: the white hova on a1 is still free (a2). h3-h2 covers a2 without
    // giving check, and none of White's 7 replies frees the hova: White loses (S-10). Black
    // has other wins too (h3-a3 checks along the a-file); any move that wins on the spot will
    // do, but it must win on the spot.
    let game = samantsy_at("1v5h/8/8/3Z4/8/4B2v/8/H7 b");
    assert!(!game.hova_blocked(Side::WHITE));
    for level in SEARCHING {
        for seed in 0..10 {
            let mv = ai::choose(&game, level, seed, &no_cancel()).unwrap();
            let outcome = outcome_after(&game, mv);
            assert_eq!(
                outcome.map(|o| (o.winner, o.reason)),
                Some((Winner::Side(Side::BLACK), Reason::BlockedHova)),
                "{level:?}, seed {seed}: {}",
                game.format_move(mv)
            );
        }
    }
    // The quiet way wins without check, as in the seed's example.
    let mut after = game.clone();
    after.play_text("h3-h2").unwrap();
    assert!(!after.is_check());
    assert_eq!(after.outcome().map(|o| o.reason), Some(Reason::BlockedHova));
}

#[test]
fn samantsy_hard_takes_the_hanging_vorona() {
    // The black vorona on d4 is unguarded: the white farasy b3 or vorona d1 take it for
    // nothing. Behind it the zaza on d6 is guarded by the zaza on e7 (S-5: a zaza captures
    // diagonally forward), so d1xd6 would not even be possible, and no line wins more.
    let game = samantsy_at("4h3/4z3/3z4/8/3v4/1F6/8/3VH3 w");
    for seed in 0..2 {
        let mv = ai::choose(&game, Level::Hard, seed, &no_cancel()).unwrap();
        assert!(game.format_move(mv).ends_with("-d4"), "{}", game.format_move(mv));
    }
}

fn fano_variants() -> impl Strategy<Value = Vec<Variant>> {
    prop::sample::subsequence(
        vec![
            Variant::Misere,
            Variant::FullStart,
            Variant::ForcedCapture,
            Variant::RepetitionIllegal,
        ],
        0..=4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Every level plays only legal moves in random fano positions of every size and variant,
    /// takes wins in one and avoids losses in one (F-7 immobility, F-8 repetition).
    #[test]
    fn fano_levels_play_legal_moves_in_random_positions(
        half_cells in 1u16..8,
        variants in fano_variants(),
        choices in prop::collection::vec(any::<u32>(), 0..60),
        seed in any::<u64>(),
    ) {
        let game = random_line(Fano::new(fano_options(2 * half_cells + 1, variants)).unwrap(), &choices);
        check_levels(&game, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The same for Samantsy, from random positions reached from the start (S-5…S-11).
    #[test]
    fn samantsy_levels_play_legal_moves_in_random_positions(
        choices in prop::collection::vec(any::<u32>(), 0..80),
        seed in any::<u64>(),
    ) {
        let game = random_line(Samantsy::new(samantsy::Options::default()).unwrap(), &choices);
        check_levels(&game, seed)?;
    }
}

/// The search's Samantsy evaluation skips the features that weigh nothing; it must still be
/// the weighted sum of all of them, in every position of a few random games.
#[test]
fn samantsy_hard_evaluation_is_the_weighted_sum_of_its_features() {
    use lalao_core::ai::samantsy::hard;
    let mut checked = 0;
    for seed in 0..6u32 {
        let mut game = Samantsy::new(samantsy::Options::default()).expect("samantsy");
        let mut choice = seed;
        while game.outcome().is_none() && game.ply() < 120 {
            let weighted: i32 = hard::features(&game)
                .iter()
                .zip(hard::WEIGHTS)
                .map(|(f, w)| f * w)
                .sum();
            assert_eq!(game.evaluate_hard(), weighted, "seed {seed}, ply {}", game.ply());
            checked += 1;
            let moves = game.legal_moves();
            choice = choice.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            game.play(moves[(choice >> 8) as usize % moves.len()])
                .expect("legal");
        }
    }
    assert!(checked > 300, "{checked} positions");
}
