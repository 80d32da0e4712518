//! Strength and speed of the computer players, documented in `docs/benchmarks.md`.
//!
//! For each game: `hard` against `random` and against `easy`, colours alternating, and the
//! thinking time of every decision by level (mean, p99, max). Wall-clock time is measured here,
//! never inside core.
//!
//! ```text
//! cargo run --release -p lalao-core --example ai_strength -- [--games N] [--game ID]... [--pair hard:easy]... [--all-pairs]
//! ```
//!
//! At equal time per move (`--ms`), the players are `hard` (the hard level's search stopped at
//! the deadline), `old` (the previous hard search, [`ai::search`] with the hard evaluation of
//! before, stopped at the same deadline) and `today` (the previous hard search at its own node
//! budget, as it shipped):
//!
//! ```text
//! ... --example ai_strength -- --ms 20 --timed hard:old --games 200 --game katro
//! ```
//!
//! Which fano-11 openings of those matchups perfect play wins for the side to move (proved
//! by the previous hard's search, which prunes nothing that could change a proven result):
//!
//! ```text
//! ... --example ai_strength -- --prove-openings 30000000 --random-plies 4 --games 200
//! ```
//!
//! Against Fairy-Stockfish in Samantsy with `variant:chess-mate` (UCI; the variant file is in
//! docs/benchmarks.md), both at `--ms` per move, colours alternating:
//!
//! ```text
//! ... --example ai_strength -- --fsf /work/fsf/src/stockfish --ini samantsy.ini --skill 10 --ms 100 --games 20
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
    /// Time per move for `--timed` matchups and Fairy-Stockfish games, in milliseconds.
    ms: u64,
    /// Matchups at equal time (`hard:old`).
    timed: Vec<(Timed, Timed)>,
    /// Fairy-Stockfish's binary, its variant file and its Skill Level (20: full strength).
    fsf: Option<String>,
    ini: String,
    skills: Vec<u32>,
    /// For `--timed` matchups: games start after this many random plies, each opening played
    /// twice with the colours swapped (0: every game from the initial position).
    random_plies: u32,
    /// Instead of playing: search each fano-11 opening of the `--timed` matchups with the
    /// previous hard's search and this many nodes, and count those it proves won or lost.
    prove_openings: Option<u64>,
}

fn parse_args() -> Args {
    let mut args = Args {
        games: 200,
        only: Vec::new(),
        all_pairs: false,
        pairs: Vec::new(),
        hard_divisor: 1,
        ms: 100,
        timed: Vec::new(),
        fsf: None,
        ini: "samantsy.ini".to_owned(),
        skills: Vec::new(),
        random_plies: 0,
        prove_openings: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--prove-openings" => {
                args.prove_openings = Some(
                    it.next()
                        .and_then(|n| n.parse().ok())
                        .expect("--prove-openings NODES"),
                )
            }
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
            "--ms" => args.ms = it.next().and_then(|n| n.parse().ok()).expect("--ms MS"),
            "--timed" => {
                let pair = it.next().expect("--timed A:B");
                let (a, b) = pair.split_once(':').expect("--timed A:B");
                args.timed.push((Timed::from_id(a), Timed::from_id(b)));
            }
            "--fsf" => args.fsf = it.next(),
            "--random-plies" => {
                args.random_plies = it.next().and_then(|n| n.parse().ok()).expect("--random-plies N")
            }
            "--ini" => args.ini = it.next().expect("--ini FILE"),
            "--skill" => args
                .skills
                .push(it.next().and_then(|n| n.parse().ok()).expect("--skill N")),
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
    if let Some(path) = &args.fsf {
        for skill in &args.skills {
            fsf_match(path, *skill, &args);
        }
        return;
    }
    if let Some(nodes) = args.prove_openings {
        prove_fano_openings(nodes, &args);
        return;
    }
    if !args.timed.is_empty() {
        let fano_11 = fano::Options {
            cells: 11,
            ..fano::Options::default()
        };
        timed_bench("fano-11", Fano::new(fano_11).expect("fano-11"), &args);
        timed_bench(
            "samantsy",
            Samantsy::new(samantsy::Options::default()).expect("samantsy"),
            &args,
        );
        timed_bench(
            "katro 6×6",
            Katro::new(katro::Options::default()).expect("katro"),
            &args,
        );
        timed_bench(
            "en gehé 2×40",
            EnGehe::new(engehe::Options::default()).expect("en gehé"),
            &args,
        );
        return;
    }
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

/// A player of the matchups at equal time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Timed {
    /// The hard level's search, stopped at the deadline.
    Hard,
    /// The previous hard search (the other levels' search and evaluation), stopped at the
    /// same deadline.
    Old,
    /// The previous hard search at its own node budget, as it shipped (it uses less time).
    Today,
}

impl Timed {
    fn from_id(id: &str) -> Timed {
        match id {
            "hard" => Timed::Hard,
            "old" => Timed::Old,
            "today" => Timed::Today,
            other => panic!("unknown timed player {other}: hard, old or today"),
        }
    }

    fn id(self) -> &'static str {
        match self {
            Timed::Hard => "hard",
            Timed::Old => "old",
            Timed::Today => "today",
        }
    }
}

/// Runs `think` with `cancel` set after `ms` milliseconds (the bot's watchdog, in small).
fn within<T>(ms: u64, cancel: &AtomicBool, think: impl FnOnce() -> T) -> T {
    use std::sync::atomic::Ordering;
    cancel.store(false, Ordering::Relaxed);
    let finished = AtomicBool::new(false);
    let deadline = Instant::now() + Duration::from_millis(ms);
    std::thread::scope(|scope| {
        let watchdog = scope.spawn(|| {
            while !finished.load(Ordering::Acquire) {
                let now = Instant::now();
                if now >= deadline {
                    cancel.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::park_timeout(deadline - now);
            }
        });
        let result = think();
        finished.store(true, Ordering::Release);
        watchdog.thread().unpark();
        result
    })
}

/// The move of `player` in `game` within `ms` milliseconds.
fn timed_move<G: Heuristics>(
    game: &G,
    player: Timed,
    ms: u64,
    seed: u64,
    cancel: &AtomicBool,
) -> (G::Move, u32) {
    let hard = game.budget(Level::Hard);
    let unbounded = ai::Budget {
        max_nodes: u64::MAX,
        ..hard
    };
    let report = within(ms, cancel, || match player {
        Timed::Hard => ai::analyse_hard_with(game, &unbounded, seed, cancel),
        Timed::Old => ai::analyse_with(game, &unbounded, seed, cancel),
        Timed::Today => ai::analyse_with(game, &hard, seed, cancel),
    });
    (
        report.best.expect("a move while the game is not over"),
        report.depth,
    )
}

/// The opening of pair `pair` in `--timed` matchups: `plies` random plies from `start` (the
/// start itself if they end the game).
fn opening<G: Game>(start: &G, pair: u32, plies: u32) -> G {
    let mut game = start.clone();
    let mut rng = ai::Rng::new(0x0be_0000 + u64::from(pair));
    for _ in 0..plies {
        let moves = game.legal_moves();
        if game.outcome().is_some() || moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).expect("legal");
    }
    if game.outcome().is_some() {
        return start.clone();
    }
    game
}

/// Which fano-11 openings of the `--timed` matchups are won for the side to move. The previous
/// hard's search (no reductions, no null moves, a table keyed on F-8's history too) proves a
/// win or a loss when its score is a game's end: every line it did not search was cut by
/// alpha-beta, which never cuts a move that could change a proven result.
fn prove_fano_openings(nodes: u64, args: &Args) {
    let start = Fano::new(fano::Options {
        cells: 11,
        ..fano::Options::default()
    })
    .expect("fano-11");
    let cancel = AtomicBool::new(false);
    let (mut won, mut lost, mut open) = (0, 0, 0);
    let clock = Instant::now();
    for pair in 0..args.games.div_ceil(2) {
        let game = opening(&start, pair, args.random_plies);
        let budget = ai::Budget {
            max_nodes: nodes,
            max_depth: 200,
            temperature: 0,
        };
        let report = ai::analyse_with(&game, &budget, 1, &cancel);
        let verdict = if report.score >= ai::search::WIN_BOUND {
            won += 1;
            "won"
        } else if report.score <= -ai::search::WIN_BOUND {
            lost += 1;
            "lost"
        } else {
            open += 1;
            "open"
        };
        eprintln!("opening {pair}: {verdict}");
    }
    println!(
        "fano-11 openings after {} random plies, for the side to move, at {nodes} nodes: {won} proven won, {lost} proven lost, {open} not proven ({:.0} s)",
        args.random_plies,
        clock.elapsed().as_secs_f64()
    );
}

/// `games` games of `a` against `b` at `ms` per move, `a` first in even games.
fn timed_matchup<G: Heuristics>(label: &str, start: &G, a: Timed, b: Timed, args: &Args) {
    let cancel = AtomicBool::new(false);
    let clock = Instant::now();
    let (mut wins, mut draws, mut losses, mut plies) = (0u32, 0u32, 0u32, 0u64);
    let (mut first_score, mut second_score) = (0.0, 0.0);
    let mut times: BTreeMap<Timed, Vec<Duration>> = BTreeMap::new();
    let mut depths: BTreeMap<Timed, (u64, u64)> = BTreeMap::new();
    for i in 0..args.games {
        // Both games of a pair start from the same random opening, with the colours swapped.
        let mut game = opening(start, i / 2, args.random_plies);
        let first = game.to_move();
        let a_side = if i % 2 == 0 { first } else { first.opponent() };
        let mut players = [b, b];
        players[a_side.index()] = a;
        let mut winner = None;
        for _ in 0..5_000 {
            if let Some(outcome) = game.outcome() {
                winner = Some(outcome.winner);
                break;
            }
            let side = game.to_move().index();
            let seed = (0x5eed_0000 + u64::from(i) * 2 + side as u64) ^ u64::from(game.ply());
            let started = Instant::now();
            let (mv, depth) = timed_move(&game, players[side], args.ms, seed, &cancel);
            times.entry(players[side]).or_default().push(started.elapsed());
            let sum = depths.entry(players[side]).or_insert((0u64, 0u64));
            sum.0 += u64::from(depth);
            sum.1 += 1;
            game.play(mv).expect("the computer plays legal moves");
        }
        plies += u64::from(game.ply());
        let winner_text = match winner {
            Some(Winner::Side(side)) if side == first => "first",
            Some(Winner::Side(_)) => "second",
            _ => "draw",
        };
        let a_is = if a_side == first { "first" } else { "second" };
        eprintln!("opening {}: {} {a_is}, winner {winner_text}", i / 2, a.id());
        let points = match winner {
            Some(Winner::Side(side)) if side == a_side => {
                wins += 1;
                1.0
            }
            Some(Winner::Side(_)) => {
                losses += 1;
                0.0
            }
            _ => {
                draws += 1;
                0.5
            }
        };
        if a_side == first {
            first_score += points;
        } else {
            second_score += points;
        }
        if (i + 1) % 20 == 0 {
            eprintln!(
                "{label} {} vs {}: {} games, {wins} / {draws} / {losses}",
                a.id(),
                b.id(),
                i + 1
            );
        }
    }
    let games = f64::from(args.games);
    println!(
        "| {label}{} | {} vs {} at {} ms | {} | {wins} / {draws} / {losses} | **{:.1} %** (first {:.1} / {}, second {:.1} / {}) | {:.0} | {:.0} s |",
        if args.random_plies > 0 {
            format!(" ({} random plies)", args.random_plies)
        } else {
            String::new()
        },
        a.id(),
        b.id(),
        args.ms,
        args.games,
        (f64::from(wins) + f64::from(draws) / 2.0) / games * 100.0,
        first_score,
        args.games.div_ceil(2),
        second_score,
        args.games / 2,
        plies as f64 / games,
        clock.elapsed().as_secs_f64()
    );
    for (player, list) in times {
        let mut t = Times(list);
        let (sum, n) = depths.get(&player).copied().unwrap_or((0, 1));
        println!(
            "|   {label} time | {} | {} · mean depth {:.1} |",
            player.id(),
            t.summary(),
            sum as f64 / n.max(1) as f64
        );
    }
}

fn timed_bench<G: Heuristics>(label: &str, start: G, args: &Args) {
    let kind = G::KIND.id();
    if !args.only.is_empty() && !args.only.iter().any(|id| id == kind) {
        return;
    }
    for (a, b) in &args.timed {
        timed_matchup(label, &start, *a, *b, args);
    }
}

/// Fairy-Stockfish over UCI.
struct Fsf {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Fsf {
    fn start(path: &str, ini: &str, skill: u32) -> Fsf {
        use std::process::{Command, Stdio};
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("Fairy-Stockfish starts");
        let input = child.stdin.take().expect("stdin");
        let output = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let mut fsf = Fsf { child, input, output };
        fsf.send("uci");
        fsf.wait_for("uciok");
        fsf.send(&format!("setoption name VariantPath value {ini}"));
        fsf.send("setoption name UCI_Variant value samantsy");
        fsf.send("setoption name Threads value 1");
        fsf.send("setoption name Hash value 16");
        fsf.send(&format!("setoption name Skill Level value {skill}"));
        fsf.send("isready");
        fsf.wait_for("readyok");
        fsf
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.input, "{line}").expect("write to Fairy-Stockfish");
        self.input.flush().expect("flush");
    }

    fn wait_for(&mut self, prefix: &str) -> String {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .expect("read from Fairy-Stockfish");
            assert!(n > 0, "Fairy-Stockfish ended");
            if line.starts_with(prefix) {
                return line.trim().to_owned();
            }
        }
    }

    fn best_move(&mut self, moves: &[String], ms: u64) -> String {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send(&format!("go movetime {ms}"));
        let line = self.wait_for("bestmove");
        line.split_whitespace().nth(1).expect("a best move").to_owned()
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// A Samantsy move in UCI: from and to, and `a` when a zaza promotes (S-6).
fn uci(game: &Samantsy, mv: samantsy::Move) -> String {
    let text = game.format_move(mv).replace(['-', 'x'], "");
    let zaza = game
        .piece_at(mv.from)
        .is_some_and(|piece| piece.role == samantsy::Role::Zaza);
    let last = if game.to_move() == Side::First { 7 } else { 0 };
    if zaza && mv.to.rank() == last {
        text + "a"
    } else {
        text
    }
}

/// Samantsy (`variant:chess-mate`) games of the hard level against Fairy-Stockfish at one Skill
/// Level, both at `--ms` per move, the hard level White in even games.
fn fsf_match(path: &str, skill: u32, args: &Args) {
    let options = samantsy::Options {
        variants: [samantsy::Variant::ChessMate].into_iter().collect(),
        ..samantsy::Options::default()
    };
    let cancel = AtomicBool::new(false);
    let clock = Instant::now();
    let (mut wins, mut draws, mut losses, mut plies) = (0u32, 0u32, 0u32, 0u64);
    let (mut white, mut black) = (0.0, 0.0);
    let mut times = Vec::new();
    let mut depth_sum = 0u64;
    for i in 0..args.games {
        let mut fsf = Fsf::start(path, &args.ini, skill);
        fsf.send("ucinewgame");
        let hard_side = if i % 2 == 0 { Side::First } else { Side::Second };
        let mut game = Samantsy::new(options.clone()).expect("samantsy");
        let mut moves: Vec<String> = Vec::new();
        while game.outcome().is_none() {
            let mv = if game.to_move() == hard_side {
                let started = Instant::now();
                let seed = 0x5eed_0000 + u64::from(i);
                let (mv, depth) = timed_move(&game, Timed::Hard, args.ms, seed, &cancel);
                times.push(started.elapsed());
                depth_sum += u64::from(depth);
                mv
            } else {
                let answer = fsf.best_move(&moves, args.ms);
                game.legal_moves()
                    .into_iter()
                    .find(|mv| uci(&game, *mv) == answer)
                    .unwrap_or_else(|| panic!("Fairy-Stockfish played {answer}, not legal here"))
            };
            moves.push(uci(&game, mv));
            game.play(mv).expect("legal");
        }
        plies += u64::from(game.ply());
        let outcome = game.outcome().expect("over");
        let points = match outcome.winner {
            Winner::Side(side) if side == hard_side => {
                wins += 1;
                1.0
            }
            Winner::Side(_) => {
                losses += 1;
                0.0
            }
            Winner::Draw => {
                draws += 1;
                0.5
            }
        };
        if hard_side == Side::First {
            white += points;
        } else {
            black += points;
        }
        eprintln!(
            "fsf skill {skill} game {}: hard {} {:?} after {} plies ({:?})",
            i + 1,
            if hard_side == Side::First {
                "white"
            } else {
                "black"
            },
            outcome.winner,
            game.ply(),
            outcome.reason
        );
    }
    let games = f64::from(args.games);
    println!(
        "| samantsy chess-mate | hard vs Fairy-Stockfish Skill Level {skill}, both {} ms | {} | {wins} / {draws} / {losses} | **{:.1} %** (White {:.1} / {}, Black {:.1} / {}) | {:.0} | {:.0} s |",
        args.ms,
        args.games,
        (f64::from(wins) + f64::from(draws) / 2.0) / games * 100.0,
        white,
        args.games.div_ceil(2),
        black,
        args.games / 2,
        plies as f64 / games,
        clock.elapsed().as_secs_f64()
    );
    let depth = depth_sum as f64 / times.len().max(1) as f64;
    let mut t = Times(times);
    println!(
        "|   samantsy time | hard | {} · mean depth {depth:.1} |",
        t.summary()
    );
}
