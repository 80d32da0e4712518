//! `play <game> [opponent] [key=value…] [variant…] [position=<position…>]`: the words may come in
//! any order, so each is recognised by its form (a mention, an opponent word, `key=value`, else a
//! variant); `position=`, whose value holds spaces, takes the rest of the line.

use super::args::Args;
use super::words::{game_from_word, lower, side_word};
use super::ParseError;
use crate::grammar::verb_named;
use crate::grammar::vocabulary::{LEVELS, OPPONENTS};
use crate::{Command, Opponent, PlaySpec};

pub(super) fn parse_play(mut args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let word = args.take_first().ok_or(ParseError::Missing {
        command: "play",
        what: "game",
    })?;
    let game = game_from_word(word).ok_or_else(|| ParseError::UnknownGame {
        word: word.to_owned(),
    })?;
    let mut spec = PlaySpec {
        game,
        opponent: None,
        options: Vec::new(),
        variants: Vec::new(),
        side: None,
        position: None,
    };
    let mut level = None;
    read_play_words(&mut spec, &mut level, args.words.iter().copied())?;
    settle_level(&mut spec, level)?;
    Ok(Command::Play(spec))
}

/// The computer's level asked by `level=`, with the word that asked it (to name in a refusal).
pub(super) type AskedLevel<'a> = Option<(lalao_core::ai::Level, std::borrow::Cow<'a, str>)>;

/// `play`'s words after the game, each recognised by its form (a mention, an opponent word,
/// `key=value`, else a variant), into `spec` and `level`: the typed line's words and the
/// words of a platform's `options` argument alike.
pub(super) fn read_play_words<'a>(
    spec: &mut PlaySpec,
    level: &mut AskedLevel<'a>,
    mut words: impl Iterator<Item = &'a str>,
) -> Result<(), ParseError> {
    while let Some(word) = words.next() {
        if let Some(opponent) = opponent_of(word) {
            if spec.opponent.is_some() {
                return Err(ParseError::Unexpected {
                    word: word.to_owned(),
                });
            }
            spec.opponent = Some(opponent);
        } else if let Some((key, value)) = word.split_once('=') {
            let key = lower(key);
            if key.is_empty() || value.is_empty() {
                return Err(ParseError::Unexpected {
                    word: word.to_owned(),
                });
            }
            if is_key("position", &key) {
                // A position holds spaces (`..WB... w 1 1`): it is the rest of the line.
                let rest: Vec<&str> = std::iter::once(value).chain(words.by_ref()).collect();
                spec.position = Some(rest.join(" "));
            } else if is_key("side", &key) {
                spec.side = Some(side_word(value));
            } else if is_key("level", &key) {
                *level = Some((computer_level_of(value)?, word.into()));
            } else if spec.options.iter().any(|(existing, _)| *existing == key) {
                return Err(ParseError::Unexpected {
                    word: word.to_owned(),
                });
            } else {
                spec.options.push((key, value.to_owned()));
            }
        } else {
            spec.variants.push(lower(word));
        }
    }
    Ok(())
}

/// The level asked, given to the opponent it belongs to: only the computer has one.
pub(super) fn settle_level(spec: &mut PlaySpec, level: AskedLevel) -> Result<(), ParseError> {
    match (level, &mut spec.opponent) {
        (Some((level, _)), Some(Opponent::Computer(chosen) | Opponent::Vote(chosen))) => *chosen = level,
        // Only the computer has a level: `play katro level=hard` is a match against it.
        (Some((level, _)), opponent @ None) => *opponent = Some(Opponent::Computer(level)),
        // A mention may be of the bot itself (only the service knows its ids): the level
        // travels as an option, and the service refuses it for anyone else.
        (Some((level, _)), Some(Opponent::Named(_))) => spec
            .options
            .push((LEVEL_OPTION.to_owned(), level.id().to_owned())),
        (Some((_, word)), _) => {
            return Err(ParseError::Unexpected {
                word: word.into_owned(),
            })
        }
        (None, _) => {}
    }
    Ok(())
}

/// The option that carries `level=` next to a mention (see [`parse_play`]).
pub const LEVEL_OPTION: &str = "level";

/// The computer's level by any of its names, refused with the levels' names if it is none.
pub(super) fn computer_level_of(word: &str) -> Result<lalao_core::ai::Level, ParseError> {
    computer_level(word).ok_or_else(|| ParseError::BadValue {
        what: LEVELS.what,
        value: word.to_owned(),
    })
}

/// The computer's level by any of its names (`hard`, `difficile`, …).
pub(super) fn computer_level(word: &str) -> Option<lalao_core::ai::Level> {
    use lalao_core::ai::Level;
    match LEVELS.find(word)? {
        "random" => Some(Level::Random),
        "kind" => Some(Level::Kind),
        "easy" => Some(Level::Easy),
        "medium" => Some(Level::Medium),
        _ => Some(Level::Hard),
    }
}

/// The opponent a word names (`@ana`, `<@12>`, `open`, `practice`, `bot`), if it names one.
pub(super) fn opponent_of(word: &str) -> Option<Opponent> {
    if word.starts_with('@') && OPPONENTS.find(word).is_none() || word.starts_with("<@") {
        return Some(Opponent::Named(word.to_owned()));
    }
    match OPPONENTS.find(word) {
        Some("open") => Some(Opponent::Open),
        Some("practice") => Some(Opponent::Practice),
        Some("vote") => Some(Opponent::Vote(lalao_core::ai::Level::Medium)),
        Some(_) => Some(Opponent::Computer(lalao_core::ai::Level::Medium)),
        None => None,
    }
}

/// Whether `key` names `play`'s keyed argument `en` (in English or French).
fn is_key(en: &str, key: &str) -> bool {
    verb_named("play")
        .and_then(|verb| verb.arg_named(key))
        .is_some_and(|arg| arg.en == en)
}
