//! A deliberately simple Samantsy move generator, written straight from RULES.md §1 with no
//! bitboards and no cleverness: an 8×8 array, every piece tried against every square, and
//! legality by playing the move and scanning every enemy piece (S-5…S-10).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub white: bool,
    /// H A B F V Z.
    pub role: char,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// `cells[rank][file]`, rank 0 = rank 1.
    pub cells: [[Option<Man>; 8]; 8],
    pub white_to_move: bool,
    pub zaza_step: bool,
    pub alfil_jump: bool,
}

type Sq = (i32, i32); // (file, rank)

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

pub fn square_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl RefPosition {
    /// Reads the canonical notation (assumed valid).
    pub fn parse(text: &str, zaza_step: bool, alfil_jump: bool) -> RefPosition {
        let (placement, side) = text.split_once(' ').unwrap();
        let mut cells = [[None; 8]; 8];
        for (row, rank_text) in placement.split('/').enumerate() {
            let rank = 7 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                } else {
                    cells[rank][file] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        role: c.to_ascii_uppercase(),
                    });
                    file += 1;
                }
            }
        }
        RefPosition {
            cells,
            white_to_move: side == "w",
            zaza_step,
            alfil_jump,
        }
    }

    fn at(&self, (f, r): Sq) -> Option<Man> {
        self.cells[r as usize][f as usize]
    }

    fn all_squares() -> impl Iterator<Item = Sq> {
        (0..8).flat_map(|r| (0..8).map(move |f| (f, r)))
    }

    /// S-7: does the piece on `from` attack `target`?
    fn attacks(&self, from: Sq, target: Sq) -> bool {
        let Some(man) = self.at(from) else { return false };
        let (df, dr) = (target.0 - from.0, target.1 - from.1);
        if (df, dr) == (0, 0) {
            return false;
        }
        match man.role {
            'H' => df.abs() <= 1 && dr.abs() <= 1,
            'A' => df.abs() == 1 && dr.abs() == 1,
            'B' => {
                df.abs() == 2
                    && dr.abs() == 2
                    && (self.alfil_jump || self.at((from.0 + df / 2, from.1 + dr / 2)).is_none())
            }
            'F' => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
            'V' => {
                if df != 0 && dr != 0 {
                    return false;
                }
                let steps = df.abs().max(dr.abs());
                (1..steps).all(|i| {
                    self.at((from.0 + df.signum() * i, from.1 + dr.signum() * i))
                        .is_none()
                })
            }
            'Z' => df.abs() == 1 && dr == if man.white { 1 } else { -1 },
            _ => unreachable!(),
        }
    }

    fn attacked_by(&self, target: Sq, white: bool) -> bool {
        RefPosition::all_squares()
            .any(|sq| self.at(sq).is_some_and(|m| m.white == white) && self.attacks(sq, target))
    }

    /// S-5: may the piece on `from` go to `to` (its own hova aside)?
    fn can_move(&self, from: Sq, to: Sq) -> bool {
        let Some(man) = self.at(from) else { return false };
        let target = self.at(to);
        if target.is_some_and(|t| t.white == man.white) || from == to {
            return false;
        }
        if man.role != 'Z' {
            return self.attacks(from, to);
        }
        let forward = if man.white { 1 } else { -1 };
        let (df, dr) = (to.0 - from.0, to.1 - from.1);
        if df == 0 && dr * forward >= 1 {
            if self.zaza_step && dr != forward {
                return false;
            }
            // Every square from the next one up to and including `to` is empty.
            return (1..=dr.abs()).all(|i| self.at((from.0, from.1 + forward * i)).is_none());
        }
        target.is_some() && self.attacks(from, to)
    }

    fn hova(&self, white: bool) -> Sq {
        RefPosition::all_squares()
            .find(|sq| self.at(*sq) == Some(Man { white, role: 'H' }))
            .unwrap()
    }

    /// The position after moving `from` to `to`, with S-6 promotion.
    pub fn after(&self, from: Sq, to: Sq) -> RefPosition {
        let mut next = self.clone();
        let mut man = next.cells[from.1 as usize][from.0 as usize].take().unwrap();
        if man.role == 'Z' && to.1 == if man.white { 7 } else { 0 } {
            man.role = 'A';
        }
        next.cells[to.1 as usize][to.0 as usize] = Some(man);
        next.white_to_move = !self.white_to_move;
        next
    }

    /// S-8: legal moves of the side to move, as (from, to).
    pub fn legal_moves(&self) -> Vec<(Sq, Sq)> {
        let white = self.white_to_move;
        let mut moves = Vec::new();
        for from in RefPosition::all_squares() {
            if self.at(from).is_none_or(|m| m.white != white) {
                continue;
            }
            for to in RefPosition::all_squares() {
                if self.can_move(from, to) {
                    let next = self.after(from, to);
                    if !next.attacked_by(next.hova(white), !white) {
                        moves.push((from, to));
                    }
                }
            }
        }
        moves
    }

    pub fn legal_move_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|(from, to)| format!("{}-{}", square_name(from), square_name(to)))
            .collect();
        names.sort();
        names
    }

    /// S-9: the hova of `white` has a legal move, as if it were its turn.
    pub fn hova_free(&self, white: bool) -> bool {
        let hova = self.hova(white);
        (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .any(|(df, dr)| {
                let to = (hova.0 + df, hova.1 + dr);
                if (df, dr) == (0, 0) || !on_board(to) || self.at(to).is_some_and(|m| m.white == white) {
                    return false;
                }
                let mut next = self.after(hova, to);
                next.white_to_move = white;
                !next.attacked_by(to, !white)
            })
    }

    /// S-10 (or `variant:chess-mate`): the side to move loses now.
    pub fn lost(&self, chess_mate: bool) -> bool {
        let white = self.white_to_move;
        let legal = self.legal_moves();
        if chess_mate {
            return legal.is_empty();
        }
        !self.hova_free(white)
            && legal
                .iter()
                .all(|&(from, to)| !self.after(from, to).hova_free(white))
    }

    /// The legal moves after which the mover's hova is free.
    pub fn freeing_move_names(&self) -> Vec<String> {
        let white = self.white_to_move;
        let mut names: Vec<String> = self
            .legal_moves()
            .into_iter()
            .filter(|&(from, to)| self.after(from, to).hova_free(white))
            .map(|(from, to)| format!("{}-{}", square_name(from), square_name(to)))
            .collect();
        names.sort();
        names
    }

    /// The side to move could capture the enemy hova (never true in a valid position, S-8).
    pub fn can_capture_enemy_hova(&self) -> bool {
        let white = self.white_to_move;
        self.attacked_by(self.hova(!white), white)
    }
}
