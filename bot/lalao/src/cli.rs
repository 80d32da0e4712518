//! The `lalao` command line: parses the arguments and wires the crates together.
//!
//! `lalao` alone runs the configured chat adapters, or the local console when no chat
//! credentials are configured (the embedded default). `lalao rules` is the JSON Lines rules
//! protocol; `lalao check` decodes every stored record; `lalao backup` and `lalao restore` copy
//! a store to a file and back (control.rs); `lalao puzzles generate` writes a puzzle set.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use crate::console::{self, Output};
use clap::{Parser, Subcommand, ValueEnum};
use lalao_app::clock::OffsetClock;
use lalao_app::store::SledStore;
use lalao_app::{Defaults, Service};
use lalao_config::{Adapter, Config};
use lalao_renderer::{Locale, Style};

#[derive(Parser)]
#[command(name = "lalao", version, about = "Play five traditional board games in chat")]
struct Cli {
    /// Configuration file (TOML); also LALAO_CONFIG.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Data directory (overrides the configuration and LALAO_DATA_DIR).
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    /// Console: who is typing (change it later with `/user <name>`).
    #[arg(long, default_value = "player")]
    user: String,
    /// Console output: `pretty` on a terminal, `plain` otherwise, or `json`.
    #[arg(long, value_enum)]
    output: Option<OutputArg>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputArg {
    Pretty,
    Plain,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Machine-readable rules: JSON Lines requests on stdin, one JSON line per request on stdout
    /// (docs/rules-protocol.md).
    Rules,
    /// Decode every record of the data directory and report any that is unusable.
    Check {
        /// Also prove that nothing of this person remains (after `lalao forget`): every record
        /// whose key or value holds their chat id is listed, and the exit status is 1 if any.
        #[arg(long)]
        person: Option<String>,
    },
    /// Copy every record of the data directory, as it stands at one instant, into FILE: from
    /// the running lalao when one serves the directory, else from the store itself.
    Backup { file: PathBuf },
    /// Restore a backup into an empty (or new) data directory, then check it.
    Restore { file: PathBuf },
    /// Forget a person on their request (docs/privacy.md): their running matches end, their
    /// profile, ratings and progress are erased, their past matches name a former player.
    Forget {
        /// Their chat id, as lalao writes it: `discord:123…`, `matrix:@ana:example.org`.
        #[arg(long)]
        user: String,
    },
    /// Write what lalao keeps of a person, whole (as `my data` gives it, without its 8 MB
    /// bound), to FILE or standard output: for a request made to the operator.
    Data {
        /// Their chat id, as lalao writes it: `discord:123…`, `matrix:@ana:example.org`.
        #[arg(long)]
        user: String,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Ask the running lalao whether it is ready to serve (its admin address's `/readyz`, or
    /// the web pages'): exit status 0 if it is, 1 if not (docs/operations.md).
    Health {
        /// Only ask whether it answers at all (`/healthz`).
        #[arg(long)]
        live: bool,
    },
    /// Work on whole stores.
    #[command(subcommand)]
    Store(StoreCommand),
    /// A class as one file: written from the store, or put into it (docs/classroom.md).
    #[command(subcommand)]
    Class(crate::class_files::ClassCommand),
    /// Draw a position as a PNG picture (or the last move's sowing as an animated PNG), with
    /// the game, options, variants, position and moves of `lalao rules`.
    Picture(crate::picture::PictureArgs),
    /// Puzzles made and proved by the engines (docs/puzzles.md).
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Print `--count` puzzles of GAME from `--seed` as a puzzle file (the bundled sets are
    /// `bot/learn/puzzles/<game>.toml`); progress goes to stderr.
    Generate(crate::puzzles::GenerateArgs),
}

#[derive(Subcommand)]
enum StoreCommand {
    /// Copy every record of one store into another, empty, one, then check the copy: from
    /// `sled:<data directory>` to `postgres://user@host/database`, or back.
    Copy {
        #[arg(long)]
        from: String,
        #[arg(long)]
        to: String,
    },
}

/// Everything the `lalao` binary does: its `main` is this function plus the allocator, so
/// the end-to-end tests can build the same program inside their own package.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Rules) => run_rules(),
        Some(Command::Check { .. }) => with_setup(&cli, run_check),
        Some(Command::Forget { ref user }) => {
            let user = lalao_app::ids::UserId(user.clone());
            with_setup(&cli, move |_, config, service| {
                run_forget(config, &service, &user)
            })
        }
        Some(Command::Health { live }) => {
            match Config::load(cli.config.as_deref(), &|name| std::env::var(name).ok()) {
                Ok(config) => crate::health::run(&config, live),
                Err(err) => {
                    eprintln!("lalao: {err}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Data { ref user, ref out }) => {
            let user = lalao_app::ids::UserId(user.clone());
            with_setup(&cli, move |_, _, service| {
                crate::class_files::write_data(&service, &user, out.as_deref())
            })
        }
        Some(Command::Class(ref command)) => {
            with_setup(&cli, |_, _, service| crate::class_files::run(command, &service))
        }
        Some(Command::Backup { ref file }) => run_backup(&cli, file),
        Some(Command::Restore { ref file }) => run_restore(&cli, file),
        Some(Command::Store(StoreCommand::Copy { ref from, ref to })) => crate::copy::run(from, to),
        Some(Command::Picture(ref args)) => crate::picture::run(args),
        Some(Command::Puzzles(PuzzlesCommand::Generate(ref args))) => crate::puzzles::generate(args),
        None => with_setup(&cli, |cli, config, service| {
            // Backups of a running bot go through it (sled locks the directory).
            if let Err(err) = crate::control::serve(&config.data_dir, service.backups()) {
                tracing::warn!(error = %err, "no control socket: `lalao backup` cannot reach this lalao");
            }
            serve(cli, config, service)
        }),
    }
}

/// Runs the configured chat adapters, or the console.
fn serve(cli: &Cli, config: &Config, service: Arc<Service>) -> ExitCode {
    match config.adapters().as_slice() {
        [Adapter::Console] => run_console(cli, service),
        [Adapter::Matrix] => run_matrix(config, service),
        [Adapter::Discord] => run_discord(config, service),
        [Adapter::Discord, Adapter::Matrix] | [Adapter::Matrix, Adapter::Discord] => {
            run_both(config, service)
        }
        adapters => {
            eprintln!("lalao: cannot serve this set of adapters together: {adapters:?}");
            ExitCode::from(2)
        }
    }
}

/// The data directory the configuration (and `--data-dir`) names, or the exit status of a
/// configuration error.
fn data_dir(cli: &Cli) -> Result<PathBuf, ExitCode> {
    let config = Config::load(cli.config.as_deref(), &|name| std::env::var(name).ok()).map_err(|err| {
        eprintln!("lalao: {err}");
        ExitCode::from(2)
    })?;
    Ok(cli.data_dir.clone().unwrap_or(config.data_dir))
}

fn run_backup(cli: &Cli, file: &std::path::Path) -> ExitCode {
    let config = match Config::load(cli.config.as_deref(), &|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::from(2);
        }
    };
    // The configured store: a PostgreSQL database is backed up from itself, never the data
    // directory a `store copy` may have left behind.
    let (source, done) = match &config.database_url {
        Some(url) => (
            "PostgreSQL".to_owned(),
            lalao_postgres::PgStore::open_with(url.expose(), config.database_pool)
                .map_err(|err| err.to_string())
                .and_then(|store| crate::control::backup_store(&store, file)),
        ),
        None => {
            let dir = cli.data_dir.clone().unwrap_or(config.data_dir);
            (dir.display().to_string(), crate::control::backup(&dir, file))
        }
    };
    match done {
        Ok(summary) => {
            println!(
                "{source}: {} records backed up to {}",
                summary.entries,
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Restores, then checks the restored store as `lalao check` would.
fn run_restore(cli: &Cli, file: &std::path::Path) -> ExitCode {
    let dir = match data_dir(cli) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let on_postgres = Config::load(cli.config.as_deref(), &|name| std::env::var(name).ok())
        .is_ok_and(|config| config.database_url.is_some());
    if on_postgres {
        // Restoring writes a sled store; checking it then would read PostgreSQL instead.
        eprintln!(
            "lalao: restore writes a data directory, and a PostgreSQL database is configured ([store] url or LALAO_DATABASE_URL): remove it to restore into {}",
            dir.display()
        );
        return ExitCode::from(2);
    }
    match crate::control::restore(&dir, file) {
        Ok(summary) => println!(
            "{}: {} records restored from {}",
            dir.display(),
            summary.entries,
            file.display()
        ),
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    }
    with_setup(cli, run_check)
}

/// Loads the configuration, starts logging and opens the store, with a clear message on failure.
fn with_setup(cli: &Cli, run: impl FnOnce(&Cli, &Config, Arc<Service>) -> ExitCode) -> ExitCode {
    let mut config = match Config::load(cli.config.as_deref(), &|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &cli.data_dir {
        config.data_dir.clone_from(dir);
    }
    // `check` reads a store; opening one where there is none would create it and report an
    // empty store as healthy (a mistyped path, a volume not mounted).
    let checks = matches!(
        cli.command,
        Some(
            Command::Check { .. }
                | Command::Restore { .. }
                | Command::Forget { .. }
                | Command::Data { .. }
                | Command::Class(crate::class_files::ClassCommand::Export { .. })
        )
    );
    if checks && config.database_url.is_none() && !crate::control::holds_a_store(&config.data_dir) {
        eprintln!(
            "lalao: there is no lalao store in {} (nothing to check)",
            config.data_dir.display()
        );
        return ExitCode::from(2);
    }
    if let Err(err) = crate::logging::init(config.log.as_deref(), "warn", config.log_format) {
        eprintln!("lalao: {err}");
        return ExitCode::from(2);
    }
    let file = cli
        .config
        .clone()
        .or_else(|| std::env::var_os("LALAO_CONFIG").map(std::path::PathBuf::from));
    if let Some(file) = file.filter(|file| Config::exposes_secrets(file)) {
        tracing::warn!(
            file = %file.display(),
            "the configuration file holds secrets and other users can read it: chmod 600 it"
        );
    }
    let opened: Result<Arc<dyn lalao_app::store::Store>, _> = match &config.database_url {
        Some(url) => lalao_postgres::PgStore::open_with(url.expose(), config.database_pool)
            .map(|store| Arc::new(store) as _),
        None => SledStore::open_with_cache(&config.data_dir, config.store_cache_bytes)
            .map(|store| Arc::new(store) as _),
    };
    let store = match opened {
        Ok(store) => store,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    };
    let defaults = Defaults {
        locale: Locale::from_tag(&config.locale).unwrap_or_default(),
        style: Style::from_id(&config.style).unwrap_or_default(),
    };
    let limits = &config.schedule;
    let mut service = Service::new(store, defaults).with_policy(lalao_app::schedule::Policy {
        challenge_expiry: limits.challenge_expiry,
        first_move_window: limits.first_move_window,
        vacation_days_per_month: limits.vacation_days_per_month,
        max_grant: limits.max_grant,
        keep_days: limits.keep_days,
        ..lalao_app::schedule::Policy::default()
    });
    if config.clock_offset != 0 {
        tracing::warn!(
            seconds = config.clock_offset,
            "the clock is shifted by LALAO_CLOCK_OFFSET: for tests only"
        );
        service = service.with_clock(Arc::new(OffsetClock(config.clock_offset)));
    }
    if let Some(seed) = config.fixed_seed {
        tracing::warn!(
            seed,
            "every random draw uses one seed (LALAO_SEED): for tests only"
        );
        service = service.with_seeds(Arc::new(lalao_app::FixedSeeds(seed)));
    }
    if config.fault_scheduler_panics > 0 {
        tracing::warn!(
            panics = config.fault_scheduler_panics,
            "the scheduler will panic as it starts (LALAO_FAULT_SCHEDULER_PANICS): for tests only"
        );
        service = service.with_injected_scheduler_panics(config.fault_scheduler_panics);
    }
    if let Err(err) = service.open() {
        eprintln!("lalao: {err}");
        return ExitCode::FAILURE;
    }
    tracing::info!(store = %store_name(&config), "store open");
    if let Some(web) = &config.web {
        service = service.with_live_pages(&web.url);
    }
    let open_files = match cli.command {
        None => crate::serving::raise_open_file_limit(),
        Some(_) => 1024,
    };
    // One service for the whole process: the chat adapters, the scheduler and the web pages
    // share its policy, its clock and the wake-up its commits give the scheduler.
    let service = Arc::new(service);
    // Only a serving lalao serves pages: `lalao check` must not need (nor take) the port.
    if cli.command.is_none() {
        if let Err(err) = crate::serving::start_serving(&config, &service, open_files) {
            eprintln!("lalao: {err}");
            return ExitCode::from(2);
        }
    }
    run(cli, &config, service)
}

/// The Matrix adapter and the scheduler until SIGINT/SIGTERM (a clean stop finishes the sync
/// being handled).
fn run_matrix(config: &Config, service: Arc<Service>) -> ExitCode {
    let Some(matrix) = &config.matrix else {
        return ExitCode::FAILURE;
    };
    let settings = lalao_config::MatrixConfig::from(matrix);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    };
    // The adapter, and the scheduler on its own thread (stopped with the adapter).
    let result = runtime.block_on(lalao_matrix::serve(
        settings,
        &config.data_dir,
        service,
        crate::shutdown_signal(),
    ));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run_console(cli: &Cli, service: Arc<Service>) -> ExitCode {
    let output = match cli.output {
        Some(OutputArg::Pretty) => Output::Pretty,
        Some(OutputArg::Plain) => Output::Plain,
        Some(OutputArg::Json) => Output::Json,
        None if io::IsTerminal::is_terminal(&io::stdin()) => Output::Pretty,
        None => Output::Plain,
    };
    let options = console::Options {
        user: cli.user.clone(),
        output,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    // Not locked for the session: the console prints from two threads, one at a time.
    let mut stdout = io::stdout();
    match console::run(
        &service,
        &mut input,
        &mut stdout,
        options,
        &mut console::read_secret,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (the reader went away) ends the session quietly.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Where the records are, as reports name it: the data directory, or "PostgreSQL" (the
/// database's address may hold a password).
fn store_name(config: &Config) -> String {
    match config.database_url {
        Some(_) => "PostgreSQL".to_owned(),
        None => config.data_dir.display().to_string(),
    }
}

fn run_forget(config: &Config, service: &Service, user: &lalao_app::ids::UserId) -> ExitCode {
    match service.forget_user(user) {
        Ok(done) => {
            println!(
                "{}: {user} forgotten: {} running matches resigned, {} cancelled; {} records removed, {} rewritten",
                store_name(config),
                done.resigned,
                done.cancelled,
                done.removed,
                done.rewritten
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run_check(cli: &Cli, config: &Config, service: Arc<Service>) -> ExitCode {
    // Notifications a platform refused for good are kept for the operator, not errors of the
    // store: counted here, the exit status is about readability only.
    match service.dead_letters() {
        Ok(letters) if !letters.is_empty() => println!(
            "{}: {} notifications could not be delivered (dead letters)",
            store_name(config),
            letters.len()
        ),
        Ok(_) => {}
        Err(err) => eprintln!("lalao: {err}"),
    }
    match service.timers_set_aside() {
        Ok((0, 0)) => {}
        Ok((held, dead)) => println!(
            "{}: {held} timers held for a newer lalao, {dead} timers set aside as unreadable",
            store_name(config)
        ),
        Err(err) => eprintln!("lalao: {err}"),
    }
    let verdict = crate::check::report_check(&store_name(config), &service);
    match &cli.command {
        Some(Command::Check { person: Some(person) }) => {
            match crate::check::report_person(&store_name(config), &service, person) {
                ExitCode::SUCCESS => verdict,
                failed => failed,
            }
        }
        _ => verdict,
    }
}

/// Serves `lalao rules` until stdin closes. Never panics on input: a request that somehow
/// panics the engine is answered with an `internal` error and the loop goes on. The panic
/// itself is logged on stderr, so stdout stays one JSON line per request.
fn run_rules() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("lalao rules: internal error (answered as `internal`): {info}");
    }));
    let stdin = io::stdin().lock();
    // Not locked for the session: the console prints from two threads, one at a time.
    let mut stdout = io::stdout();
    for line in stdin.split(b'\n') {
        let Ok(mut line) = line else {
            return ExitCode::FAILURE;
        };
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        let response =
            std::panic::catch_unwind(|| lalao_core::protocol::respond(&line)).unwrap_or_else(|_| {
                r#"{"ok":false,"error":{"kind":"internal","message":"the engine failed on this request","move_index":null}}"#
                    .to_owned()
            });
        if writeln!(stdout, "{response}")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Serves Discord and Matrix in one process, on one store, with one scheduler.
fn run_both(config: &Config, service: Arc<Service>) -> ExitCode {
    let (Some(discord), Some(matrix)) = (&config.discord, &config.matrix) else {
        return ExitCode::from(2);
    };
    let discord = match lalao_config::DiscordConfig::from_config(discord, |name| std::env::var(name).ok()) {
        Ok(discord) => discord,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::from(2);
        }
    };
    let matrix = lalao_config::MatrixConfig::from(matrix);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    };
    let errors = runtime.block_on(crate::serve::both(discord, matrix, &config.data_dir, service));
    for error in &errors {
        eprintln!("lalao: {error}");
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Serves Discord (docs/discord.md) until the connection ends.
fn run_discord(config: &Config, service: Arc<Service>) -> ExitCode {
    let Some(discord) = &config.discord else {
        return ExitCode::from(2);
    };
    let discord = match lalao_config::DiscordConfig::from_config(discord, |name| std::env::var(name).ok()) {
        Ok(discord) => discord,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::from(2);
        }
    };
    match lalao_discord::run_blocking(discord, service, crate::shutdown_signal()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}
