//! The random playout loop shared by the `sowing` and `sowing_count` benches (each includes
//! this file with `#[path]`), so both measure exactly the same games.
//!
//! Moves are drawn uniformly among the legal ones by rejection: draw a candidate (E-4, K-5),
//! play it; if it would never end (G-3), drop it and draw again. That is uniform over the legal
//! moves without first sowing every candidate. The game still checks, after each ply, whether
//! the side to move has a legal move at all (E-9, K-9).

use lalao_core::mangala::{self, Mangala, Variant};
use lalao_core::rng::SplitMix64;
use lalao_core::{CoreError, Game};

/// Plays `game` to the end, drawing uniformly among legal moves. Returns the plies played.
pub fn playout<G: Game, F>(
    game: &mut G,
    rng: &mut SplitMix64,
    candidates: fn(&G) -> Vec<G::Move>,
    play: F,
) -> u32
where
    F: Fn(&mut G, G::Move) -> Result<(), CoreError>,
{
    while game.outcome().is_none() {
        let mut moves = candidates(game);
        loop {
            let i = rng.below(moves.len() as u32) as usize;
            if play(game, moves[i]).is_ok() {
                break;
            }
            moves.swap_remove(i);
        }
    }
    game.ply()
}

/// One Mangala IV game from a random start drawn from `rng`. Returns the plies played.
pub fn mangala_game(rng: &mut SplitMix64) -> u32 {
    let options = mangala::Options {
        seed: rng.next_u64(),
        variants: [Variant::RandomStart].into_iter().collect(),
        ..mangala::Options::default()
    };
    let mut game = Mangala::new(options).expect("standard options");
    while game.outcome().is_none() {
        // M-4/M-9: the forced sowing, or a pass if the row is empty or the sowing never ends.
        let sown = game
            .forced_hole()
            .map(|h| game.play_silent(mangala::Move::Sow(h as u16)));
        if !matches!(sown, Some(Ok(()))) {
            game.play_silent(mangala::Move::Pass).expect("pass is then legal");
        }
    }
    game.ply()
}
