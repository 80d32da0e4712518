//! Tournament pairings and standings: pure functions over entrant indices, so they are easy to
//! test exhaustively (docs/classroom.md explains the choices).

use std::collections::BTreeSet;

pub use lalao_model::record::round_robin_rounds;

/// One game of a round: entrant indices, `white` plays the first side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub white: usize,
    pub black: usize,
}

/// One round: the games and the entrant who sits out (odd number of entrants).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundPlan {
    pub pairs: Vec<Pair>,
    pub bye: Option<usize>,
}

/// Round `round` (0-based) of the circle method: the last entrant (or the bye, for odd `n`) stays
/// put, the others turn one place each round. Every pair meets exactly once over
/// [`round_robin_rounds`] rounds. Colours: the fixed seat alternates and the upper seat of
/// every other table plays first, so nobody plays the same side all day.
pub fn round_robin(n: usize, round: usize) -> RoundPlan {
    let mut plan = RoundPlan::default();
    if n < 2 {
        return plan;
    }
    // Odd: a phantom entrant `n` stands for the bye.
    let size = n + n % 2;
    let others = size - 1;
    // Seat 0 holds entrant `size - 1` (fixed); seats 1.. hold the rotating entrants.
    let seat = |position: usize| -> usize {
        if position == 0 {
            size - 1
        } else {
            (position - 1 + round) % others
        }
    };
    for table in 0..size / 2 {
        let a = seat(table);
        let b = seat(size - 1 - table);
        if a >= n || b >= n {
            plan.bye = Some(if a >= n { b } else { a });
            continue;
        }
        // Each rotating entrant visits every seat once: the top seats (white) about half the
        // time. The fixed seat alternates.
        let swap = table == 0 && round % 2 == 1;
        let (white, black) = if swap { (b, a) } else { (a, b) };
        plan.pairs.push(Pair { white, black });
    }
    plan
}

/// What an entrant has done so far, for Swiss pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Points (2 a win, 1 a draw or bye… see [`Score`]).
    pub points: u32,
    pub opponents: BTreeSet<usize>,
    pub whites: u32,
    pub blacks: u32,
    pub had_bye: bool,
}

/// The next Swiss round: entrants ranked by points (then by their order in the roster), the bye
/// to the lowest-ranked entrant who has not had one, then each entrant paired with the
/// highest-ranked one they have not met. If no pairing without a rematch exists (tiny classes,
/// many rounds) rematches are allowed rather than stopping the tournament.
pub fn swiss(history: &[History]) -> RoundPlan {
    let n = history.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|a, b| history[*b].points.cmp(&history[*a].points).then(a.cmp(b)));
    let mut plan = RoundPlan::default();
    if n < 2 {
        return plan;
    }
    if n % 2 == 1 {
        let bye = order
            .iter()
            .rev()
            .copied()
            .find(|entrant| !history[*entrant].had_bye)
            .unwrap_or(order[n - 1]);
        plan.bye = Some(bye);
        order.retain(|entrant| *entrant != bye);
    }
    let mut budget = 100_000u32;
    let pairs = match_up(&order, history, false, &mut budget).or_else(|| {
        let mut budget = 100_000u32;
        match_up(&order, history, true, &mut budget)
    });
    for (a, b) in pairs.unwrap_or_default() {
        // The one who played the first side less often gets it now.
        let balance = |e: usize| i64::from(history[e].whites) - i64::from(history[e].blacks);
        let (white, black) = if balance(b) < balance(a) { (b, a) } else { (a, b) };
        plan.pairs.push(Pair { white, black });
    }
    plan
}

/// Depth-first pairing of `pool` (in rank order) with backtracking; `budget` bounds the search.
fn match_up(
    pool: &[usize],
    history: &[History],
    rematches: bool,
    budget: &mut u32,
) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = pool.split_first() else {
        return Some(Vec::new());
    };
    for (index, &other) in rest.iter().enumerate() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if !rematches && history[first].opponents.contains(&other) {
            continue;
        }
        let mut remaining = rest.to_vec();
        remaining.remove(index);
        if let Some(mut found) = match_up(&remaining, history, rematches, budget) {
            found.insert(0, (first, other));
            return Some(found);
        }
    }
    None
}

/// The result of one finished game, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Points: a win 2, a draw 1, a loss 0, a bye 2 (whole numbers read more easily in class).
pub const WIN: u32 = 2;
pub const DRAW: u32 = 1;
pub const BYE: u32 = WIN;

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub white: usize,
    pub black: usize,
    pub score: Score,
}

/// One row of the standings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub entrant: usize,
    /// 1-based; tied rows share a rank.
    pub rank: usize,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: u32,
    /// Sonneborn–Berger: for each game, my points in it × the opponent's final points.
    pub tiebreak: u32,
}

/// The standings: points, then Sonneborn–Berger, then wins; entrants still equal share a rank
/// and are listed in roster order.
pub fn standings(n: usize, games: &[Game], byes: &[usize]) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..n)
        .map(|entrant| Row {
            entrant,
            rank: 0,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0,
            tiebreak: 0,
        })
        .collect();
    let mut add = |entrant: usize, points: u32| {
        let row = &mut rows[entrant];
        row.played += 1;
        row.points += points;
        match points {
            WIN => row.wins += 1,
            DRAW => row.draws += 1,
            _ => row.losses += 1,
        }
    };
    for game in games {
        let (white, black) = points_of(game.score);
        add(game.white, white);
        add(game.black, black);
    }
    for bye in byes {
        // A bye counts its points but is not a game played.
        rows[*bye].points += BYE;
    }
    let totals: Vec<u32> = rows.iter().map(|row| row.points).collect();
    for game in games {
        let (white, black) = points_of(game.score);
        rows[game.white].tiebreak += white * totals[game.black];
        rows[game.black].tiebreak += black * totals[game.white];
    }
    let key = |row: &Row| (row.points, row.tiebreak, row.wins);
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant)));
    for index in 0..rows.len() {
        rows[index].rank = if index > 0 && key(&rows[index]) == key(&rows[index - 1]) {
            rows[index - 1].rank
        } else {
            index + 1
        };
    }
    rows
}

fn points_of(score: Score) -> (u32, u32) {
    match score {
        Score::WhiteWins => (WIN, 0),
        Score::BlackWins => (0, WIN),
        Score::Draw => (DRAW, DRAW),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_covers_every_pair_exactly_once() {
        for n in 2..=13 {
            let mut seen = BTreeSet::new();
            let rounds = round_robin_rounds(n);
            for round in 0..rounds {
                let plan = round_robin(n, round);
                let mut busy = BTreeSet::new();
                for pair in &plan.pairs {
                    assert_ne!(pair.white, pair.black);
                    assert!(
                        busy.insert(pair.white) && busy.insert(pair.black),
                        "n={n}: twice in a round"
                    );
                    let key = (pair.white.min(pair.black), pair.white.max(pair.black));
                    assert!(seen.insert(key), "n={n}: {key:?} met twice");
                }
                if let Some(bye) = plan.bye {
                    assert!(busy.insert(bye));
                }
                assert_eq!(busy.len(), n, "n={n}: everyone plays or sits out");
                assert_eq!(plan.bye.is_some(), n % 2 == 1);
            }
            assert_eq!(seen.len(), n * (n - 1) / 2, "n={n}: every pair meets");
        }
    }

    #[test]
    fn round_robin_colours_are_balanced() {
        let n = 6;
        let mut whites = [0u32; 6];
        for round in 0..round_robin_rounds(n) {
            for pair in round_robin(n, round).pairs {
                whites[pair.white] += 1;
            }
        }
        // 5 games each: nobody plays the first side fewer than 2 or more than 3 times.
        assert!(whites.iter().all(|count| (2..=3).contains(count)), "{whites:?}");
    }

    /// Plays Swiss rounds where the lower roster index always wins, checking no rematch happens
    /// while one can be avoided.
    #[test]
    fn swiss_avoids_rematches() {
        for n in [4usize, 5, 6, 7, 8, 11] {
            let mut history = vec![History::default(); n];
            let rounds = if n % 2 == 0 { n - 1 } else { n };
            for _ in 0..rounds.min(4) {
                let plan = swiss(&history);
                let mut busy = BTreeSet::new();
                for pair in &plan.pairs {
                    assert!(
                        !history[pair.white].opponents.contains(&pair.black),
                        "n={n}: rematch {pair:?}"
                    );
                    assert!(busy.insert(pair.white) && busy.insert(pair.black));
                    let (winner, _) = (pair.white.min(pair.black), pair.white.max(pair.black));
                    history[winner].points += WIN;
                    history[pair.white].whites += 1;
                    history[pair.black].blacks += 1;
                    history[pair.white].opponents.insert(pair.black);
                    history[pair.black].opponents.insert(pair.white);
                }
                if let Some(bye) = plan.bye {
                    assert!(!history[bye].had_bye, "n={n}: second bye");
                    history[bye].had_bye = true;
                    history[bye].points += BYE;
                    busy.insert(bye);
                }
                assert_eq!(busy.len(), n);
            }
        }
    }

    #[test]
    fn swiss_pairs_leaders_together_in_round_two() {
        let mut history = vec![History::default(); 4];
        history[0].points = WIN;
        history[2].points = WIN;
        history[0].opponents.insert(1);
        history[1].opponents.insert(0);
        history[2].opponents.insert(3);
        history[3].opponents.insert(2);
        let plan = swiss(&history);
        let keys: BTreeSet<_> = plan
            .pairs
            .iter()
            .map(|pair| (pair.white.min(pair.black), pair.white.max(pair.black)))
            .collect();
        assert_eq!(keys, BTreeSet::from([(0, 2), (1, 3)]));
    }

    #[test]
    fn swiss_falls_back_to_a_rematch_when_none_can_be_avoided() {
        let mut history = vec![History::default(); 2];
        history[0].opponents.insert(1);
        history[1].opponents.insert(0);
        assert_eq!(swiss(&history).pairs.len(), 1);
    }

    #[test]
    fn standings_rank_by_points_then_sonneborn_berger_then_wins() {
        // 0 beats 1, 1 beats 2, 2 beats 0 (a cycle), 3 draws with everyone.
        let games = [
            Game {
                white: 0,
                black: 1,
                score: Score::WhiteWins,
            },
            Game {
                white: 1,
                black: 2,
                score: Score::WhiteWins,
            },
            Game {
                white: 0,
                black: 2,
                score: Score::BlackWins,
            },
            Game {
                white: 3,
                black: 0,
                score: Score::Draw,
            },
            Game {
                white: 3,
                black: 1,
                score: Score::Draw,
            },
            Game {
                white: 2,
                black: 3,
                score: Score::Draw,
            },
        ];
        let rows = standings(4, &games, &[]);
        // 0, 1, 2: one win, one loss, one draw = 3 points; 3: three draws = 3 points.
        assert!(rows.iter().all(|row| row.points == 3 && row.played == 3));
        // SB: 0,1,2 each score 2·3 + 1·3 = 9; 3 scores 3 + 3 + 3 = 9. Then wins break the tie.
        assert_eq!(
            rows.iter().map(|row| row.tiebreak).collect::<Vec<_>>(),
            [9, 9, 9, 9]
        );
        assert_eq!(
            rows.iter().map(|row| (row.entrant, row.rank)).collect::<Vec<_>>(),
            [(0, 1), (1, 1), (2, 1), (3, 4)]
        );
        let rows = standings(
            3,
            &[Game {
                white: 0,
                black: 1,
                score: Score::BlackWins,
            }],
            &[2],
        );
        assert_eq!(rows[0].entrant, 1);
        assert_eq!((rows[1].entrant, rows[1].points, rows[1].played), (2, 2, 0));
        // Entrant 1 won a game, entrant 2 only had a bye: equal points, wins break the tie.
        assert_eq!((rows[0].rank, rows[1].rank, rows[2].rank), (1, 2, 3));
    }
}
