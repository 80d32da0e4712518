//! The text forms shared by the sowing games' notations (`docs/notation.md`): rows of counts,
//! the side letters, and the two-row circuit position.

use super::{check_total, MAX_TOTAL_SEEDS};
use crate::error::CoreError;
use crate::side::Side;

/// Reads one row of counts `7,7,0,…` (plain decimal digits, no signs or spaces).
pub(crate) fn parse_counts(row: &str) -> Result<Vec<u16>, CoreError> {
    row.split(',')
        .map(|count| {
            if count.is_empty() || count.len() > 5 || !count.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CoreError::bad_notation(format!(
                    "a hole holds a count of seeds such as 7, not `{count}`"
                )));
            }
            count
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= MAX_TOTAL_SEEDS)
                .map(|n| n as u16)
                .ok_or_else(|| CoreError::bad_position(format!("at most {MAX_TOTAL_SEEDS} seeds in all")))
        })
        .collect()
}

pub(crate) fn format_counts(row: &[u16]) -> String {
    let mut text = String::with_capacity(row.len() * 3);
    for (i, count) in row.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&count.to_string());
    }
    text
}

/// The mancala side letters `s` / `n`.
pub(crate) fn parse_side(text: &str) -> Result<Side, CoreError> {
    match text {
        "s" => Ok(Side::SOUTH),
        "n" => Ok(Side::NORTH),
        _ => Err(CoreError::bad_notation("the side to move is `s` or `n`")),
    }
}

pub(crate) fn side_letter(side: Side) -> char {
    if side == Side::SOUTH {
        's'
    } else {
        'n'
    }
}

/// Two-row circuit positions (Mangala IV M-1, En Gehé E-1):
/// `<h0,…,h(N-1)>/<hN,…,h(2N-1)> <s|n> <south captured>-<north captured>`.
pub(crate) struct CircuitPosition {
    pub board: Vec<u16>,
    pub to_move: Side,
    pub captured: [u32; 2],
}

impl CircuitPosition {
    pub fn parse(text: &str, example: &str) -> Result<CircuitPosition, CoreError> {
        let shape = || {
            CoreError::bad_notation(format!(
                "a position is `<South row h0,…>/<North row> <s|n> <south captured>-<north captured>`, e.g. `{example}`"
            ))
        };
        let fields: Vec<&str> = text.split(' ').collect();
        let [rows, side, scores] = fields[..] else {
            return Err(shape());
        };
        let Some((south, north)) = rows.split_once('/') else {
            return Err(shape());
        };
        let mut board = parse_counts(south)?;
        let north = parse_counts(north)?;
        if board.len() != north.len() {
            return Err(CoreError::bad_position("both rows have the same number of holes"));
        }
        board.extend(north);
        let to_move = parse_side(side)?;
        let Some((s, n)) = scores.split_once('-') else {
            return Err(shape());
        };
        let score = |text: &str| -> Result<u32, CoreError> {
            if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CoreError::bad_notation(
                    "captured seeds are whole numbers, e.g. `12-7`",
                ));
            }
            text.parse()
                .map_err(|_| CoreError::bad_notation("captured seeds are whole numbers"))
        };
        let captured = [score(s)?, score(n)?];
        check_total(&board, u64::from(captured[0]) + u64::from(captured[1]))?;
        Ok(CircuitPosition {
            board,
            to_move,
            captured,
        })
    }

    pub fn format(board: &[u16], to_move: Side, captured: [u32; 2]) -> String {
        let n = board.len() / 2;
        format!(
            "{}/{} {} {}-{}",
            format_counts(&board[..n]),
            format_counts(&board[n..]),
            side_letter(to_move),
            captured[0],
            captured[1]
        )
    }
}
