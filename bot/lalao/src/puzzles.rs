//! `lalao puzzles generate`: writes a game's puzzle set (docs/puzzles.md), the file the bundled
//! sets are (`bot/learn/puzzles/<game>.toml`). The same game, count and seed always give the
//! same file.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use lalao_core::GameKind;
use lalao_learn::puzzles::generate;

#[derive(Args)]
pub struct GenerateArgs {
    /// The game: samantsy, fano, mangala, engehe or katro.
    game: String,
    /// How many puzzles.
    #[arg(long, default_value_t = 200)]
    count: usize,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A file of positions to look at first, one a line in the game's canonical notation (as
    /// `lalao rules` and `export` write them): positions of real games.
    #[arg(long)]
    positions: Option<std::path::PathBuf>,
}

pub fn generate(args: &GenerateArgs) -> ExitCode {
    let Some(game) = GameKind::from_id(&args.game) else {
        eprintln!(
            "lalao: `{}` is not a game; the games are {}",
            args.game,
            GameKind::ALL.map(GameKind::id).join(", ")
        );
        return ExitCode::from(2);
    };
    let positions: Vec<String> = match &args.positions {
        None => Vec::new(),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => text
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty() && !line.starts_with('#'))
                .map(str::to_owned)
                .collect(),
            Err(err) => {
                eprintln!("lalao: cannot read {}: {err}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    let started = Instant::now();
    let set = generate::generate_with(game, args.count, args.seed, &positions, |puzzle| {
        eprintln!(
            "{:>4}/{} {} ({}, {}) after {:.0} s",
            puzzle
                .id
                .rsplit('-')
                .next()
                .unwrap_or_default()
                .trim_start_matches('0'),
            args.count,
            puzzle.position,
            puzzle.theme.id(),
            puzzle.rating,
            started.elapsed().as_secs_f64()
        );
    });
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "{} {} puzzles in {:.1} min ({:.0} a minute)",
        set.puzzles.len(),
        game.id(),
        minutes,
        set.puzzles.len() as f64 / minutes.max(1e-9)
    );
    let mut out = std::io::stdout().lock();
    match out.write_all(set.to_toml().as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: cannot write the puzzles: {err}");
            ExitCode::FAILURE
        }
    }
}
