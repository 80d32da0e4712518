//! Properties of fano under random legal play (RULES.md F-8, F-9).

use std::collections::HashMap;

use lalao_core::fano::{self, Fano, Variant};
use lalao_core::{Game, Winner};
use proptest::prelude::*;

fn variant_sets() -> impl Strategy<Value = Vec<Variant>> {
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

/// Plies a game may take before the test calls it endless. F-8/F-9 make every game finite, so
/// this is only a guard against a bug looping forever: random games observed while writing this
/// test last at most a few thousand plies, and about 230 000 on 255 cells under
/// `repetition-illegal` (which turns repetitions into avoided moves instead of losses).
const ALLOWANCE: u32 = 2_000_000;

/// xorshift64: the random legal choices of one game, from proptest's seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal moves until the game ends, checking on the way that nothing panics,
/// every position's notation reads back to the same position, every move's notation reads back
/// to the same move, and equal phase-2 boards are an even number of plies apart (F-8 parity
/// invariant). F-9: the game must end, with a winner, within [`ALLOWANCE`] plies.
fn play_out(cells: u16, variants: Vec<Variant>, seed: u64) -> Result<(), TestCaseError> {
    let options = fano::Options {
        cells,
        variants: variants.into_iter().collect(),
        ply_cap: None,
    };
    let mut game = Fano::new(options.clone()).unwrap();
    let mut rng = Rng(seed | 1);
    let mut boards: HashMap<String, u32> = HashMap::new();
    loop {
        let position = game.position();
        let round_trip = Fano::from_position(options.clone(), &position).unwrap();
        prop_assert_eq!(round_trip.position(), position.clone());
        if game.hands() == [0, 0] {
            let board = position.split(' ').next().unwrap().to_owned();
            if let Some(earlier) = boards.insert(board, game.ply()) {
                prop_assert_eq!((game.ply() - earlier) % 2, 0);
            }
        }
        if let Some(outcome) = game.outcome() {
            prop_assert!(matches!(outcome.winner, Winner::Side(_)), "F-9: no draws");
            prop_assert!(game.legal_moves().is_empty());
            return Ok(());
        }
        prop_assert!(
            game.ply() < ALLOWANCE,
            "F-9: a game of {} cells did not end",
            cells
        );
        let moves = game.legal_moves();
        prop_assert!(!moves.is_empty(), "a game that is not over has a legal move");
        let mv = moves[rng.below(moves.len())];
        let text = game.format_move(mv);
        prop_assert_eq!(game.parse_move(&text).unwrap(), mv);
        game.play(mv).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// F-9 on Busser's boards (3 to 33 cells), every variant combination.
    #[test]
    fn random_play_ends_with_a_winner(
        half_cells in 1u16..=16,
        variants in variant_sets(),
        seed in any::<u64>(),
    ) {
        play_out(2 * half_cells + 1, variants, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// F-9 on large boards, up to the engine's 255 cells.
    #[test]
    fn random_play_ends_on_large_boards(
        half_cells in 17u16..=127,
        variants in prop::sample::subsequence(
            vec![Variant::Misere, Variant::FullStart, Variant::ForcedCapture],
            0..=3,
        ),
        seed in any::<u64>(),
    ) {
        play_out(2 * half_cells + 1, variants, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// F-9 under `repetition-illegal` on larger boards (its games are far longer, and each
    /// move checks the visited situations), including one at the 255-cell limit.
    #[test]
    fn random_play_ends_under_repetition_illegal(
        cells in prop_oneof![4 => (17u16..=32).prop_map(|half| 2 * half + 1), 1 => Just(255u16)],
        seed in any::<u64>(),
    ) {
        play_out(cells, vec![Variant::RepetitionIllegal], seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A state survives serialization exactly, history included.
    #[test]
    fn serde_round_trip(choices in prop::collection::vec(any::<u32>(), 0..40)) {
        let mut game = Fano::new(fano::Options { cells: 9, ..fano::Options::default() }).unwrap();
        for choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice as usize % moves.len()]).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        let back: Fano = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, game);
    }
}
