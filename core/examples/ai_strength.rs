//! Strength and speed of the computer players, documented in `docs/benchmarks.md`.
//!
//! For each game: `hard` against `random` and against `easy`, colours alternating, and the
//! thinking time of every decision by level (mean, p99, max). Wall-clock time is measured here,
//! never inside core.
//!
//! ```text
//! cargo run --release -p lalao-core --example ai_strength -- [--games N] [--game ID]... [--pair hard:easy]... [--all-pairs]
//! ```

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use lalao_core::ai::{self, Heuristics, Level};
use lalao_core::engehe::{self, EnGehe};
use lalao_core::fano::{self, Fano};
use lalao_core::katro::{self, Katro};
use lalao_core::mangala::{self, Mangala};
use lalao_core::samantsy::{self, Samantsy};
use lalao_core::{Game, Side, Winner};

struct Args {
    games: u32,
    only: Vec<String>,
    /// Also play medium against easy and hard against medium.
    all_pairs: bool,
    /// Only these matchups (`hard:random`); all of them when empty.
    pairs: Vec<(Level, Level)>,
    /// Hard searches this fraction of its node budget (1 = the real budget). A weaker hard
    /// that still meets the goals bounds the real one's score from below, at a fraction of the
    /// wall-clock time; thinking times are only meaningful at 1.
    hard_divisor: u64,
}

fn parse_args() -> Args {
    let mut args = Args {
        games: 200,
        only: Vec::new(),
        all_pairs: false,
        pairs: Vec::new(),
        hard_divisor: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => args.games = it.next().and_then(|n| n.parse().ok()).expect("--games N"),
            "--game" => args.only.push(it.next().expect("--game ID")),
            "--all-pairs" => args.all_pairs = true,
            "--hard-divisor" => {
                args.hard_divisor = it.next().and_then(|n| n.parse().ok()).expect("--hard-divisor D")
            }
            "--pair" => {
                let pair = it.next().expect("--pair A:B");
                let (a, b) = pair.split_once(':').expect("--pair A:B");
                let level = |id| Level::from_id(id).expect("a level id");
                args.pairs.push((level(a), level(b)));
            }
            // `cargo bench` passes this to every target.
            "--bench" => {}
            other => panic!("unknown argument {other}"),
        }
    }
    args
}

/// Thinking times of one level in one game.
#[derive(Default)]
struct Times(Vec<Duration>);

impl Times {
    fn summary(&mut self) -> String {
        if self.0.is_empty() {
            return "–".to_owned();
        }
        self.0.sort();
        let n = self.0.len();
        let mean = self.0.iter().sum::<Duration>() / n as u32;
        let p99 = self.0[(n * 99 / 100).min(n - 1)];
        let max = self.0[n - 1];
        format!(
            "{} moves · mean {:.1} ms · p99 {:.1} ms · max {:.1} ms",
            n,
            ms(mean),
            ms(p99),
            ms(max)
        )
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One game between two levels; returns the winner and the number of plies.
fn play_one<G: Heuristics>(
    start: &G,
    levels: [Level; 2],
    seeds: [u64; 2],
    hard_divisor: u64,
    times: &mut BTreeMap<Level, Times>,
) -> (Option<Winner>, u32) {
    let cancel = AtomicBool::new(false);
    let mut game = start.clone();
    // Safety net for engines without a ply cap: a game that runs this long is scored a draw.
    for _ in 0..5_000 {
        if let Some(outcome) = game.outcome() {
            return (Some(outcome.winner), game.ply());
        }
        let side = game.to_move().index();
        let clock = Instant::now();
        let seed = seeds[side] ^ u64::from(game.ply());
        let mv = if levels[side] == Level::Hard && hard_divisor > 1 {
            let mut budget = game.budget(Level::Hard);
            budget.max_nodes /= hard_divisor;
            ai::analyse_with(&game, &budget, seed, &cancel).best
        } else {
            ai::choose(&game, levels[side], seed, &cancel)
        }
        .expect("a move while the game is not over");
        times.entry(levels[side]).or_default().0.push(clock.elapsed());
        game.play(mv).expect("the computer plays legal moves");
    }
    (None, game.ply())
}

/// `games` games of `a` against `b`, `a` taking the first side in even games. Returns a's
/// score (wins + draws / 2), wins, draws, losses and the mean game length.
fn matchup<G: Heuristics>(
    start: &G,
    a: Level,
    b: Level,
    games: u32,
    hard_divisor: u64,
    times: &mut BTreeMap<Level, Times>,
) -> (f64, u32, u32, u32, f64) {
    let (mut wins, mut draws, mut losses, mut plies) = (0, 0, 0, 0u64);
    for i in 0..games {
        let a_side = if i % 2 == 0 { Side::First } else { Side::Second };
        let mut levels = [b, b];
        levels[a_side.index()] = a;
        let seeds = [0x5eed_0000 + u64::from(i) * 2, 0x5eed_0000 + u64::from(i) * 2 + 1];
        let (winner, length) = play_one(start, levels, seeds, hard_divisor, times);
        if (i + 1) % 20 == 0 {
            eprintln!("{} {} vs {}: {} games", G::KIND.id(), a.id(), b.id(), i + 1);
        }
        plies += u64::from(length);
        match winner {
            Some(Winner::Side(side)) if side == a_side => wins += 1,
            Some(Winner::Side(_)) => losses += 1,
            Some(Winner::Draw) | None => draws += 1,
        }
    }
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games);
    (score, wins, draws, losses, plies as f64 / f64::from(games))
}

fn bench<G: Heuristics>(label: &str, start: G, args: &Args) {
    let kind = G::KIND.id();
    if !args.only.is_empty() && !args.only.iter().any(|id| id == kind) {
        return;
    }
    let mut pairs = vec![(Level::Hard, Level::Random), (Level::Hard, Level::Easy)];
    if args.all_pairs {
        pairs.push((Level::Hard, Level::Medium));
        pairs.push((Level::Medium, Level::Easy));
    }
    if !args.pairs.is_empty() {
        pairs.clone_from(&args.pairs);
    }
    let mut times = BTreeMap::new();
    for (a, b) in pairs {
        let clock = Instant::now();
        let (score, wins, draws, losses, length) =
            matchup(&start, a, b, args.games, args.hard_divisor, &mut times);
        let hard = if args.hard_divisor > 1 {
            format!(" (hard at 1/{} budget)", args.hard_divisor)
        } else {
            String::new()
        };
        println!(
            "| {label}{hard} | {} vs {} | {} | {wins} / {draws} / {losses} | **{:.1} %** | {length:.0} | {:.0} s |",
            a.id(),
            b.id(),
            args.games,
            score * 100.0,
            clock.elapsed().as_secs_f64()
        );
    }
    for (level, mut t) in times {
        println!("|   {label} time | {} | {} |", level.id(), t.summary());
    }
}

fn main() {
    let args = parse_args();
    println!("| game | match | games | W / D / L | score | plies/game | wall |");
    println!("|---|---|---|---|---|---|---|");
    // Fano: the standard board (7 cells, F-3: 2 pawns each) and a larger one (11 cells, 3
    // pawns each) where the placement phase leaves more to play for.
    bench(
        "fano-7",
        Fano::new(fano::Options::default()).expect("fano-7"),
        &args,
    );
    let fano_11 = fano::Options {
        cells: 11,
        ..fano::Options::default()
    };
    bench("fano-11", Fano::new(fano_11).expect("fano-11"), &args);
    bench(
        "samantsy",
        Samantsy::new(samantsy::Options::default()).expect("samantsy"),
        &args,
    );
    bench(
        "katro 6×6",
        Katro::new(katro::Options::default()).expect("katro"),
        &args,
    );
    bench(
        "en gehé 2×40",
        EnGehe::new(engehe::Options::default()).expect("en gehé"),
        &args,
    );
    // Mangala IV has no choices (M-4): every level plays the same forced move, so the same
    // game is played every time; only the time per move is of interest.
    bench(
        "mangala IV",
        Mangala::new(mangala::Options::default()).expect("mangala"),
        &args,
    );
}
