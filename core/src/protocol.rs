//! `lalao rules`: one JSON request line in, one JSON response line out (docs/rules-protocol.md).
//!
//! Pure: the bot's `rules` subcommand only moves lines between stdin and stdout.

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::any::{AnyGame, AnyOptions};
use crate::error::CoreError;
use crate::game::{GameKind, NodeBudget};
use crate::outcome::Winner;

/// Deepest perft a request may ask for: deeper trees would run for days.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Most nodes one request's perft may visit, counting every node of the tree (the root, inner
/// nodes and leaves), a sowing game's nodes once per 8 holes of its board
/// ([`crate::sowing::perft_node_cost`]). The depth limit alone does not bound the work (fano-255
/// has 255 moves at the first ply); beyond this the request gets a `perft_too_large` error. The
/// work of one node is bounded by each game's own limits, not by this budget (a sowing move
/// by `MAX_MOVE_LAPS`), so dense small sowing boards can still take minutes to run out.
/// Samantsy perft 5 from the start visits 43,354,966 nodes; fano-7 perft 12, 100,004.
pub const MAX_PERFT_NODES: u64 = 100_000_000;

#[derive(Deserialize)]
struct Request {
    game: String,
    #[serde(default)]
    options: Option<Map<String, Value>>,
    #[serde(default)]
    variants: Option<Vec<String>>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<Vec<String>>,
    #[serde(default)]
    perft: Option<u32>,
}

/// A protocol-level failure, before or while applying a request.
struct Failure {
    kind: String,
    message: String,
    reason: Option<&'static str>,
    move_index: Option<usize>,
}

impl Failure {
    fn new(kind: &str, message: impl Into<String>) -> Failure {
        Failure {
            kind: kind.to_owned(),
            message: message.into(),
            reason: None,
            move_index: None,
        }
    }

    fn at_move(error: CoreError, index: usize) -> Failure {
        Failure {
            move_index: Some(index),
            ..Failure::from(error)
        }
    }
}

impl From<CoreError> for Failure {
    fn from(error: CoreError) -> Failure {
        let reason = match &error {
            CoreError::IllegalMove { reason, .. } => Some(reason.code()),
            _ => None,
        };
        Failure {
            kind: error.kind().to_owned(),
            message: error.to_string(),
            reason,
            move_index: None,
        }
    }
}

/// Answers one request line (without its line terminator) with one response line (without one).
pub fn respond(line: &[u8]) -> String {
    let response = match handle(line) {
        Ok(value) => value,
        Err(failure) => {
            let mut error = Map::new();
            error.insert("kind".into(), failure.kind.into());
            error.insert("message".into(), failure.message.into());
            if let Some(reason) = failure.reason {
                error.insert("reason".into(), reason.into());
            }
            // Always present: `null` when the error is not about one of the moves.
            error.insert("move_index".into(), failure.move_index.into());
            json!({ "ok": false, "error": error })
        }
    };
    response.to_string()
}

fn handle(line: &[u8]) -> Result<Value, Failure> {
    let text = std::str::from_utf8(line).map_err(|_| Failure::new("bad_json", "the request is not UTF-8"))?;
    let value: Value =
        serde_json::from_str(text).map_err(|err| Failure::new("bad_json", format!("not JSON: {err}")))?;
    if !value.is_object() {
        return Err(Failure::new("bad_request", "a request is a JSON object"));
    }
    let request: Request =
        serde_json::from_value(value).map_err(|err| Failure::new("bad_request", err.to_string()))?;
    let kind = GameKind::from_id(&request.game).ok_or_else(|| {
        Failure::from(CoreError::UnsupportedGame {
            game: request.game.clone(),
        })
    })?;
    let options = AnyOptions::from_json(
        kind,
        &request.options.unwrap_or_default(),
        &request.variants.unwrap_or_default(),
    )?;
    let mut game = match &request.position {
        Some(position) => AnyGame::from_position(options, position)?,
        None => AnyGame::new(options)?,
    };
    for (index, text) in request.moves.unwrap_or_default().iter().enumerate() {
        game.play(text).map_err(|error| Failure::at_move(error, index))?;
    }
    let mut response = describe(&game);
    if let Some(depth) = request.perft {
        if depth > MAX_PERFT_DEPTH {
            return Err(Failure::new(
                "bad_request",
                format!("perft depth is at most {MAX_PERFT_DEPTH}"),
            ));
        }
        let mut budget = NodeBudget::new(MAX_PERFT_NODES);
        let nodes = game.perft_within(depth, &mut budget).map_err(|too_large| {
            Failure::new("perft_too_large", format!("{too_large}; ask for a smaller depth"))
        })?;
        response.insert("nodes".into(), nodes.into());
    }
    Ok(Value::Object(response))
}

/// The response fields that describe a game state.
fn describe(game: &AnyGame) -> Map<String, Value> {
    let kind = game.kind();
    let mut legal = game.legal_moves();
    // The protocol promises plain string order, whatever the engine's own order is.
    legal.sort_unstable();
    let outcome = match game.outcome() {
        None => Value::Null,
        Some(outcome) => {
            let result = match outcome.winner {
                Winner::Side(side) => kind.side_name(side),
                Winner::Draw => "draw",
            };
            json!({ "result": result, "reason": outcome.reason.code() })
        }
    };
    let mut response = Map::new();
    response.insert("ok".into(), true.into());
    response.insert("position".into(), game.position().into());
    response.insert("to_move".into(), kind.side_name(game.to_move()).into());
    response.insert("legal".into(), legal.into());
    response.insert("outcome".into(), outcome);
    if let Some(captured) = game.captured() {
        response.insert(
            "captured".into(),
            json!({ "south": captured[0], "north": captured[1] }),
        );
    }
    response
}
