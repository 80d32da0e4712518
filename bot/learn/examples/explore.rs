//! For course authors: the legal moves of a position and what each does.
//! `cargo run -p lalao-learn --example explore -- katro '<position>' [move…]` plays the moves
//! first, then lists every legal move with its captures, and the search's choice.

use std::sync::atomic::AtomicBool;

use lalao_core::ai::{self, Level};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(position)) = (args.first(), args.get(1)) else {
        eprintln!("usage: explore <game> <position> [move…]");
        std::process::exit(2);
    };
    let kind = GameKind::from_id(game).expect("a game id");
    let mut game =
        AnyGame::from_position(AnyOptions::standard(kind).unwrap(), position).unwrap_or_else(|err| {
            eprintln!("position refused: {err}");
            std::process::exit(1)
        });
    for text in &args[2..] {
        let events = game.play(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        println!("played {text}: {events:?}");
    }
    println!("position: {}", game.position());
    println!("to move: {:?}, outcome: {:?}", game.to_move(), game.outcome());
    for text in game.legal_moves() {
        let effect = lalao_learn::effect_of(&game, &text).unwrap();
        let mut after = game.clone();
        after.play(&text).unwrap();
        println!(
            "{text:8} seeds {:3} pieces {} promotes {} wins {}  -> {}",
            effect.seeds,
            effect.pieces,
            effect.promotes,
            effect.wins,
            after.position()
        );
    }
    let best = ai::choose_move(&game, Level::Hard, 7, &AtomicBool::new(false));
    println!("search (hard): {best:?}");
}
