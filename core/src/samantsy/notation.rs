//! Canonical notation (docs/notation.md, G-5): positions `vfbahbfv/zzzzzzzz/8/8/8/8/ZZZZZZZZ/VFBAHBFV w`
//! and moves `e2-e4` (a capture may also be written `e2xe4`).

use super::board::Board;
use super::moves::Move;
use super::piece::Piece;
use super::setup::Setup;
use super::square::Square;
use crate::error::CoreError;
use crate::side::Side;

const POSITION_SHAPE: &str =
    "a Samantsy position is 8 ranks from 8 to 1 separated by `/`, a space and `w` or `b`, e.g. \
     `vfbahbfv/zzzzzzzz/8/8/8/8/ZZZZZZZZ/VFBAHBFV w`";

/// Reads a position. Errors are `bad_notation`; whether the position is possible is
/// [`super::Position::from_setup`]'s business.
pub fn parse_setup(text: &str) -> Result<Setup, CoreError> {
    let mut fields = text.split(' ');
    let (Some(placement), Some(side), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(CoreError::bad_notation(POSITION_SHAPE));
    };
    let turn = match side {
        "w" => Side::WHITE,
        "b" => Side::BLACK,
        _ => return Err(CoreError::bad_notation("the side to move is `w` or `b`")),
    };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(CoreError::bad_notation(POSITION_SHAPE));
    }
    let mut board = Board::empty();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        let mut after_digit = false;
        for c in rank_text.chars() {
            if let Some(empty) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                if after_digit {
                    // One canonical form: a run of empty squares is a single digit.
                    return Err(CoreError::bad_notation(format!(
                        "rank {} has two digits in a row; write a run of empty squares as one digit",
                        rank + 1
                    )));
                }
                after_digit = true;
                file += empty as u8;
            } else if let Some(piece) = Piece::from_char(c) {
                after_digit = false;
                if let Some(sq) = Square::from_coords(file, rank) {
                    board.put(sq, piece);
                }
                file += 1;
            } else {
                return Err(CoreError::bad_notation(format!(
                    "`{c}` is not a piece letter (H A B F V Z, uppercase for White) or a count of 1 to 8 empty squares"
                )));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(CoreError::bad_notation(format!(
                "rank {} describes {file} squares instead of 8",
                rank + 1
            )));
        }
    }
    Ok(Setup { board, turn })
}

/// Writes a position in canonical form.
pub fn format_setup(setup: &Setup) -> String {
    let mut text = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let piece = Square::from_coords(file, rank).and_then(|sq| setup.board.piece_at(sq));
            match piece {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(piece.char());
                }
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push(' ');
    text.push(if setup.turn == Side::WHITE { 'w' } else { 'b' });
    text
}

/// Reads `e2-e4` or `e2xe4` (syntax only).
pub fn parse_move(text: &str) -> Result<Move, CoreError> {
    let squares = text
        .split_once('-')
        .or_else(|| text.split_once('x'))
        .and_then(|(from, to)| Some((Square::parse(from)?, Square::parse(to)?)));
    match squares {
        Some((from, to)) => Ok(Move::new(from, to)),
        None => Err(CoreError::bad_move(
            text,
            "a Samantsy move is two squares such as `e2-e4` (or `e2xe4` for a capture)",
        )),
    }
}

/// Writes a move in canonical form, `e2-e4`, captures included.
pub fn format_move(mv: Move) -> String {
    format!("{}-{}", mv.from, mv.to)
}
