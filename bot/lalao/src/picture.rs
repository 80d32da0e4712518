//! `lalao picture`: draws any position as a PNG, or the last move's sowing as an animated PNG,
//! for tests, docs and anyone. The game, options, variants, position and moves are those of
//! `lalao rules` (docs/rules-protocol.md) and bad input gets the same error kinds: a message
//! on stderr, exit status 2, and nothing written.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde_json::{Map, Value};

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, CoreError, Event, GameKind, Side};
use lalao_renderer::{picture, sowing_animation, PictureSize};
use lalao_renderer::{Locale, Style, View};

#[derive(Args)]
pub struct PictureArgs {
    /// The game: samantsy, fano, mangala, engehe or katro.
    game: String,
    /// Moves played from the position, in order, comma-separated (`a1A,b6B`).
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// A position in the canonical notation (docs/notation.md); default: the start.
    #[arg(long)]
    position: Option<String>,
    /// Game options as `name=value`, comma-separated (`cells=9`, `holes=10,seeds=2`).
    #[arg(long, value_delimiter = ',')]
    options: Vec<String>,
    /// Named variants of RULES.md, comma-separated (`misere`).
    #[arg(long, value_delimiter = ',')]
    variants: Vec<String>,
    /// `normal` for chat, `large` for projectors.
    #[arg(long, value_enum, default_value = "normal")]
    style: SizeArg,
    /// The language of the labels: `en` or `fr`.
    #[arg(long, default_value = "en")]
    locale: String,
    /// The side the board is seen from: `south` (the first player, White) or `north`.
    #[arg(long, value_enum, default_value = "south")]
    view: ViewArg,
    /// The players' names, the first player's first, comma-separated (`Ana,Bako`).
    #[arg(long, value_delimiter = ',')]
    names: Vec<String>,
    /// An animated PNG of the last move's sowing (mancalas only) instead of the still board.
    #[arg(long)]
    animate: bool,
    /// The PNG file to write.
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum SizeArg {
    Normal,
    Large,
}

#[derive(Clone, Copy, ValueEnum)]
enum ViewArg {
    South,
    North,
}

/// A refusal: the error kind of `lalao rules` and what went wrong.
struct Refusal {
    kind: &'static str,
    message: String,
}

impl From<CoreError> for Refusal {
    fn from(error: CoreError) -> Refusal {
        Refusal {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}

fn refusal(kind: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        kind,
        message: message.into(),
    }
}

/// `name=value` options as `lalao rules` takes them: numbers, booleans and `null` as JSON,
/// anything else as text.
fn options(pairs: &[String]) -> Result<Map<String, Value>, Refusal> {
    let mut options = Map::new();
    for pair in pairs {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(refusal(
                "bad_options",
                format!("{pair:?}: options are name=value, like cells=9"),
            ));
        };
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        options.insert(name.trim().to_owned(), value);
    }
    Ok(options)
}

/// The PNG bytes the arguments ask for.
fn draw(args: &PictureArgs) -> Result<Vec<u8>, Refusal> {
    let kind = GameKind::from_id(&args.game).ok_or_else(|| {
        Refusal::from(CoreError::UnsupportedGame {
            game: args.game.clone(),
        })
    })?;
    let locale = Locale::from_tag(&args.locale).ok_or_else(|| {
        refusal(
            "bad_request",
            format!("no labels in {:?}: use en or fr", args.locale),
        )
    })?;
    let options = AnyOptions::from_json(kind, &options(&args.options)?, &args.variants)?;
    let mut game = match &args.position {
        Some(position) => AnyGame::from_position(options, position)?,
        None => AnyGame::new(options)?,
    };
    let mut before = game.clone();
    let mut events: Vec<Event> = Vec::new();
    for (index, text) in args.moves.iter().enumerate() {
        before = game.clone();
        events = game.play(text).map_err(|error| Refusal {
            message: format!("move {} ({text}): {error}", index + 1),
            ..Refusal::from(error)
        })?;
    }
    let names: [&str; 2] = [
        args.names.first().map_or("", String::as_str),
        args.names.get(1).map_or("", String::as_str),
    ];
    let (style, size) = match args.style {
        SizeArg::Normal => (Style::Text, PictureSize::Normal),
        SizeArg::Large => (Style::Large, PictureSize::Large),
    };
    let view = View {
        names,
        viewer: Some(match args.view {
            ViewArg::South => Side::SOUTH,
            ViewArg::North => Side::NORTH,
        }),
        last_move: args.moves.last().map(String::as_str),
        events: &events,
        ..View::new(style, locale)
    };
    if !args.animate {
        return Ok(picture(&game, &view, size).png);
    }
    if args.moves.is_empty() {
        return Err(refusal(
            "bad_request",
            "--animate shows the last move: give --moves",
        ));
    }
    sowing_animation(&before, &events, &view, size)
        .map(|animation| animation.png)
        .ok_or_else(|| {
            refusal(
                "bad_request",
                "--animate shows a sowing: the last move must be a mancala's",
            )
        })
}

/// Writes the picture, or says why not (exit 2, nothing written).
pub fn run(args: &PictureArgs) -> ExitCode {
    let png = match draw(args) {
        Ok(png) => png,
        Err(Refusal { kind, message }) => {
            eprintln!("lalao picture: {kind}: {message}");
            return ExitCode::from(2);
        }
    };
    // Written beside the target and renamed into place: a failed write leaves no half file.
    let written = (|| {
        let folder = match args.output.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
            _ => PathBuf::from("."),
        };
        let mut builder = tempfile::Builder::new();
        // A picture for anyone to read, as a plain created file would be (less the umask).
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
        let mut file = builder.tempfile_in(folder)?;
        file.write_all(&png)?;
        file.persist(&args.output).map_err(|err| err.error)?;
        Ok::<(), std::io::Error>(())
    })();
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao picture: cannot write {}: {err}", args.output.display());
            ExitCode::from(1)
        }
    }
}
