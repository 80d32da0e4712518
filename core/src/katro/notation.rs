//! Katro's notation (`docs/notation.md`): holes `c3`, moves `a1A` and `c2-c3A`, positions from
//! row 6 down to row 1.

use super::{Move, Path, MAX_COLUMNS, ROWS};
use crate::error::CoreError;
use crate::side::Side;
use crate::sowing::{check_total, format_counts, parse_counts, parse_side, side_letter};

/// `c3` → its hole index on a board of `columns`.
pub(super) fn parse_hole_name(name: &str, columns: usize) -> Option<usize> {
    let bytes = name.as_bytes();
    let [letter, digit] = bytes else {
        return None;
    };
    let col = letter.checked_sub(b'a')? as usize;
    let row = digit.checked_sub(b'1')? as usize;
    (col < columns && row < ROWS).then_some(row * columns + col)
}

/// The name `c3` of `hole` on a board of `columns`.
fn hole_name(hole: u16, columns: usize) -> String {
    let c = columns;
    let (row, col) = (hole as usize / c, hole as usize % c);
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// Reads a position `<row 6>/…/<row 1> <s|n>`: its board (from row 1 up), its number of
/// columns and the side to move. The caller checks the columns against its options.
pub(super) fn parse_position(position: &str) -> Result<(Vec<u16>, usize, Side), CoreError> {
    let shape = || {
        CoreError::bad_notation(
            "a Katro position is `<row 6>/<row 5>/<row 4>/<row 3>/<row 2>/<row 1> <s|n>`, each row \
             its counts from column a on, e.g. `2,2,2/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 s`",
        )
    };
    let (rows, side) = position.split_once(' ').ok_or_else(shape)?;
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != ROWS {
        return Err(shape());
    }
    let mut board = Vec::new();
    let mut columns = None;
    // Notation runs from row 6 down to row 1; the board from row 1 up.
    for row in rows.iter().rev() {
        let counts = parse_counts(row)?;
        if *columns.get_or_insert(counts.len()) != counts.len() {
            return Err(CoreError::bad_position(
                "every row has the same number of columns",
            ));
        }
        board.extend(counts);
        check_total(&board, 0)?;
    }
    let columns = columns.unwrap_or(0);
    if !(3..=MAX_COLUMNS as usize).contains(&columns) {
        return Err(CoreError::bad_position(format!(
            "rows have between 3 and {MAX_COLUMNS} columns, not {columns}"
        )));
    }
    let to_move = parse_side(side)?;
    Ok((board, columns, to_move))
}

/// Writes a position, rows from row 6 down to row 1.
pub(super) fn format_position(board: &[u16], columns: usize, to_move: Side) -> String {
    let c = columns;
    let rows: Vec<String> = (0..ROWS)
        .rev()
        .map(|row| format_counts(&board[row * c..(row + 1) * c]))
        .collect();
    format!("{} {}", rows.join("/"), side_letter(to_move))
}

/// Reads a move `a1A`, or a lone-stone step `c2-c3` / `c2-c3A`, on a board of `columns`.
pub(super) fn parse_move(text: &str, columns: usize) -> Result<Move, CoreError> {
    let c = columns;
    let bad = || {
        CoreError::bad_move(
            text,
            "a Katro move is a hole and a path, such as `a1A`, or a lone-stone step such as `c2-c3` / `c2-c3A`",
        )
    };
    let path_of = |byte: Option<&u8>| match byte {
        None => Ok(None),
        Some(b'A') => Ok(Some(Path::A)),
        Some(b'B') => Ok(Some(Path::B)),
        Some(_) => Err(bad()),
    };
    if let Some((from, rest)) = text.split_once('-') {
        let to = rest.get(..2).ok_or_else(bad)?;
        if rest.len() > 3 {
            return Err(bad());
        }
        let path = path_of(rest.as_bytes().get(2))?;
        let from = parse_hole_name(from, c).ok_or_else(bad)?;
        let to = parse_hole_name(to, c).ok_or_else(bad)?;
        return Ok(Move::Step {
            from: from as u16,
            to: to as u16,
            path,
        });
    }
    if text.len() != 3 || !text.is_char_boundary(2) {
        return Err(bad());
    }
    let hole = parse_hole_name(&text[..2], c).ok_or_else(bad)?;
    let path = path_of(text.as_bytes().get(2))?.ok_or_else(bad)?;
    Ok(Move::Sow {
        hole: hole as u16,
        path,
    })
}

/// Writes a move as [`parse_move`] reads it.
pub(super) fn format_move(mv: Move, columns: usize) -> String {
    match mv {
        Move::Sow { hole, path } => format!("{}{}", hole_name(hole, columns), path.letter()),
        Move::Step { from, to, path } => format!(
            "{}-{}{}",
            hole_name(from, columns),
            hole_name(to, columns),
            path.map(|p| p.letter().to_string()).unwrap_or_default()
        ),
    }
}
