//! The `kind` level against a model of a young beginner, documented in `docs/benchmarks.md`.
//!
//! The simulated child is the easy level's search (its depth and node budget) sampling its
//! moves at a higher temperature ([`CHILD_HEAT`] times easy's): it still prefers the better of
//! two moves, but far less reliably. For each game it plays a series against `kind`, colours
//! alternating, `kind`'s strength starting at [`Strength::START`] and updated after every game
//! as the bot does; then `easy` itself plays such a series from strength 0 (a profile that a
//! weaker child pushed to the floor), to see `kind` adapt upward to a stronger player. Every
//! game has fixed seeds, and every search a node budget, so the figures are the same on any
//! machine and under any load.
//!
//! ```text
//! cargo run --release -p lalao-core --example kind -- [--games N] [--game ID]...
//! ```

use std::sync::atomic::AtomicBool;

use lalao_core::ai::kind::{self, PlayerResult, Strength};
use lalao_core::ai::{self, Heuristics, Level};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::fano::{self, Fano};
use lalao_core::katro::{self, Katro};
use lalao_core::samantsy::{self, Samantsy};
use lalao_core::{Game, Side, Winner};

/// The child's temperature, as a multiple of easy's: 3/2.
const CHILD_HEAT: (i32, i32) = (3, 2);

/// A game that runs this long is scored a draw (the engines' own caps end them sooner).
const MAX_PLIES: u32 = 5_000;

#[derive(Clone, Copy, PartialEq)]
enum Player {
    Child,
    Easy,
}

/// One series' tallies.
#[derive(Default)]
struct Series {
    /// The player's result in each game.
    results: Vec<PlayerResult>,
    /// `kind`'s strength before each game.
    strengths: Vec<u16>,
    /// `kind`'s decisions with a choice, and those that lost material for nothing.
    decisions: u64,
    blunders: u64,
}

impl Series {
    fn wins(&self, range: std::ops::Range<usize>) -> usize {
        self.results[range]
            .iter()
            .filter(|r| **r == PlayerResult::Won)
            .count()
    }

    fn losses(&self, range: std::ops::Range<usize>) -> usize {
        self.results[range]
            .iter()
            .filter(|r| **r == PlayerResult::Lost)
            .count()
    }

    fn mean_strength(&self, range: std::ops::Range<usize>) -> f64 {
        let slice = &self.strengths[range];
        slice.iter().map(|s| f64::from(*s)).sum::<f64>() / slice.len() as f64 / 1000.0
    }
}

/// The player's move: the child model or `easy`.
fn player_move<G: Heuristics>(game: &G, player: Player, seed: u64) -> G::Move {
    let never = AtomicBool::new(false);
    let mut budget = game.budget(Level::Easy);
    if player == Player::Child {
        budget.temperature = budget.temperature * CHILD_HEAT.0 / CHILD_HEAT.1;
    }
    ai::analyse_with(game, &budget, seed, &never)
        .best
        .expect("a move while the game is not over")
}

/// One game; returns the winner.
fn play_one<G: Heuristics>(
    start: &G,
    player: Player,
    player_side: Side,
    strength: Strength,
    seed: u64,
    series: &mut Series,
) -> Option<Winner> {
    let mut game = start.clone();
    while game.ply() < MAX_PLIES {
        if let Some(outcome) = game.outcome() {
            return Some(outcome.winner);
        }
        let move_seed = seed ^ u64::from(game.ply()).wrapping_mul(0x9e37_79b9);
        let mv = if game.to_move() == player_side {
            player_move(&game, player, move_seed)
        } else {
            let appraisals = kind::appraise(&game);
            let mut rng = ai::Rng::new(move_seed);
            let mv =
                kind::pick(&appraisals, G::NOTICEABLE, game.evaluate(), strength, &mut rng).expect("a move");
            if appraisals.len() > 1 {
                series.decisions += 1;
                if kind::loses_for_nothing(&appraisals, G::NOTICEABLE, game.evaluate(), mv) {
                    series.blunders += 1;
                }
            }
            mv
        };
        game.play(mv).expect("legal moves only");
    }
    None
}

fn run<G: Heuristics>(start: &G, player: Player, mut strength: Strength, games: u32) -> Series {
    let mut series = Series::default();
    for i in 0..games {
        let player_side = if i % 2 == 0 { Side::First } else { Side::Second };
        series.strengths.push(strength.thousandths());
        let seed = 0x6b1d_0000 + u64::from(i);
        let winner =
            play_one(start, player, player_side, strength, seed, &mut series).unwrap_or(Winner::Draw);
        let result = PlayerResult::of(winner, player_side);
        series.results.push(result);
        strength = strength.after(result);
    }
    series
}

fn bench<G: Heuristics>(label: &str, start: G, games: u32, only: &[String]) {
    if !only.is_empty() && !only.iter().any(|id| id == label || id == G::KIND.id()) {
        return;
    }
    let n = games as usize;
    let last = n.saturating_sub(100)..n;
    let child = run(&start, Player::Child, Strength::START, games);
    println!(
        "| {label} | child vs kind | {games} | {} / {} | **{:.0} %** | {:.2} → {:.2} (last 100: mean {:.2}) | {:.1} % of {} |",
        child.wins(last.clone()),
        child.losses(last.clone()),
        100.0 * child.wins(last.clone()) as f64 / last.len() as f64,
        child.strengths[0] as f64 / 1000.0,
        *child.strengths.last().expect("games") as f64 / 1000.0,
        child.mean_strength(last.clone()),
        100.0 * child.blunders as f64 / child.decisions.max(1) as f64,
        child.decisions,
    );
    let easy = run(&start, Player::Easy, Strength::MIN, games);
    // Its strength climbs within the first games, so the first 20 are set against the last 100.
    let first = 0..20.min(n);
    let kind_score = |range: std::ops::Range<usize>| {
        let len = range.len() as f64;
        let draws = len - easy.wins(range.clone()) as f64 - easy.losses(range.clone()) as f64;
        100.0 * (easy.losses(range) as f64 + draws / 2.0) / len
    };
    println!(
        "| {label} | easy vs kind | {games} | kind scores {:.0} % in games 1–{}, {:.0} % in games {}–{n} | strength mean {:.2} → {:.2} |",
        kind_score(first.clone()),
        first.end,
        kind_score(last.clone()),
        last.start + 1,
        easy.mean_strength(first.clone()),
        easy.mean_strength(last.clone()),
    );
}

fn main() {
    let mut games = 200;
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => games = args.next().and_then(|n| n.parse().ok()).expect("--games N"),
            "--game" => only.push(args.next().expect("--game ID")),
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    let fano_11 = fano::Options {
        cells: 11,
        ..fano::Options::default()
    };
    bench(
        "fano-7",
        Fano::new(fano::Options::default()).expect("fano-7"),
        games,
        &only,
    );
    bench("fano-11", Fano::new(fano_11).expect("fano-11"), games, &only);
    bench(
        "samantsy",
        Samantsy::new(samantsy::Options::default()).expect("samantsy"),
        games,
        &only,
    );
    bench(
        "katro",
        Katro::new(katro::Options::default()).expect("katro"),
        games,
        &only,
    );
    bench(
        "engehe",
        EnGehe::new(engehe::Options::default()).expect("en gehé"),
        games,
        &only,
    );
}
