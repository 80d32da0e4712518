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

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// F-9: every game ends with a winner; nothing panics; every position's notation reads
    /// back to the same position; equal phase-2 boards are an even number of plies apart (F-8
    /// parity invariant), so the side to move is the same.
    #[test]
    fn random_play_ends_with_a_winner(
        half_cells in 1u16..12,
        variants in variant_sets(),
        choices in prop::collection::vec(any::<u32>(), 2000),
    ) {
        let options = fano::Options {
            cells: 2 * half_cells + 1,
            variants: variants.into_iter().collect(),
            ply_cap: None,
        };
        let mut game = Fano::new(options.clone()).unwrap();
        let mut boards: HashMap<String, u32> = HashMap::new();
        let mut ended = false;
        for choice in choices {
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
                prop_assert!(matches!(outcome.winner, Winner::Side(_)));
                prop_assert!(game.legal_moves().is_empty());
                ended = true;
                break;
            }
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty(), "a game that is not over has a legal move");
            let mv = moves[choice as usize % moves.len()];
            let text = game.format_move(mv);
            prop_assert_eq!(game.parse_move(&text).unwrap(), mv);
            game.play(mv).unwrap();
        }
        prop_assert!(ended || game.ply() >= 1999, "short games must have ended");
    }

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
