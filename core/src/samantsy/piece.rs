//! The six Samantsy pieces (S-2) and their Malagasy names.
//!
//! The renderer and the help texts localize pieces by their stable id, which is the Malagasy
//! name itself ([`Role::id`]); [`Role::chess_name`] and [`Role::meaning`] are English glosses.

use serde::{Deserialize, Serialize};

use crate::side::Side;

/// What a piece is, whatever its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The king: one step in any direction (S-5); blocking it wins (S-10).
    Hova,
    /// The counsellor ("queen"): one step diagonally (ferz).
    Anakova,
    /// The elephant ("bishop"): exactly two squares diagonally over an empty middle square.
    Basy,
    /// The horse: the orthodox knight leap.
    Farasy,
    /// The rook: orthodox rook slides.
    Vorona,
    /// The pawn: slides straight forward, captures one square diagonally forward, becomes an
    /// anakova on the far rank (S-6).
    Zaza,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Hova,
        Role::Anakova,
        Role::Basy,
        Role::Farasy,
        Role::Vorona,
        Role::Zaza,
    ];

    /// Index into per-role arrays, in [`Role::ALL`] order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Stable identifier for localization files and protocols: the Malagasy name.
    pub const fn id(self) -> &'static str {
        self.malagasy_name()
    }

    /// The name in Malagasy (G-5).
    pub const fn malagasy_name(self) -> &'static str {
        match self {
            Role::Hova => "hova",
            Role::Anakova => "anakova",
            Role::Basy => "basy",
            Role::Farasy => "farasy",
            Role::Vorona => "vorona",
            Role::Zaza => "zaza",
        }
    }

    /// The nearest chess piece, in English (RULES.md S-2).
    pub const fn chess_name(self) -> &'static str {
        match self {
            Role::Hova => "king",
            Role::Anakova => "counsellor",
            Role::Basy => "elephant",
            Role::Farasy => "horse",
            Role::Vorona => "rook",
            Role::Zaza => "pawn",
        }
    }

    /// What the Malagasy word means, in English (seed 000).
    pub const fn meaning(self) -> &'static str {
        match self {
            Role::Hova => "provincial lord",
            Role::Anakova => "child of the hova",
            Role::Basy => "gun (a blowpipe, for the forest Tanala)",
            Role::Farasy => "horse",
            Role::Vorona => "bird",
            Role::Zaza => "child",
        }
    }

    /// The notation letter for White (uppercase); Black's is the lowercase letter (G-5).
    pub const fn letter(self) -> char {
        match self {
            Role::Hova => 'H',
            Role::Anakova => 'A',
            Role::Basy => 'B',
            Role::Farasy => 'F',
            Role::Vorona => 'V',
            Role::Zaza => 'Z',
        }
    }

    pub fn from_id(id: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.id() == id)
    }
}

/// A piece: a role and the side that owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub role: Role,
}

impl Piece {
    pub const fn new(side: Side, role: Role) -> Piece {
        Piece { side, role }
    }

    /// The notation letter: uppercase for White, lowercase for Black (G-5).
    pub fn char(self) -> char {
        match self.side {
            Side::First => self.role.letter(),
            Side::Second => self.role.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::WHITE
        } else {
            Side::BLACK
        };
        let upper = c.to_ascii_uppercase();
        Role::ALL
            .into_iter()
            .find(|role| role.letter() == upper)
            .map(|role| Piece::new(side, role))
    }
}
