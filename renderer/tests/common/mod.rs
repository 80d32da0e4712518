//! What the renderer's test files share.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::{Map, Value};

/// A game of `kind` with JSON `options` and `variants`, at `position` or the start.
pub fn game_with(kind: GameKind, options: Value, variants: &[&str], position: Option<&str>) -> AnyGame {
    let options: Map<String, Value> = serde_json::from_value(options).unwrap();
    let variants: Vec<String> = variants.iter().map(|v| (*v).to_owned()).collect();
    let options = AnyOptions::from_json(kind, &options, &variants).unwrap();
    match position {
        Some(position) => AnyGame::from_position(options, position).unwrap(),
        None => AnyGame::new(options).unwrap(),
    }
}
