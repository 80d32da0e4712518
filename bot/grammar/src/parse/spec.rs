//! A game as a class verb names it (`fano cells=7 misere position=…`): the game, its
//! `key=value` options, its variants and the position it starts from.

use super::words::game_from_word;
use super::ParseError;
use crate::GameSpec;

pub(super) fn parse_spec(words: &[&str]) -> Result<GameSpec, ParseError> {
    let (first, rest) = words.split_first().ok_or(ParseError::Missing {
        command: "class",
        what: "game",
    })?;
    let game = game_from_word(first).ok_or_else(|| ParseError::UnknownGame {
        word: (*first).to_owned(),
    })?;
    let mut spec = GameSpec {
        game,
        options: Vec::new(),
        variants: Vec::new(),
        position: None,
    };
    read_spec_words(&mut spec, rest)?;
    Ok(spec)
}

/// The words after a class match's game: `key=value` options, variants, and `position=`,
/// which takes the rest.
pub(super) fn read_spec_words(spec: &mut GameSpec, words: &[&str]) -> Result<(), ParseError> {
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match word.split_once('=') {
            Some((key, value)) if !key.is_empty() && !value.is_empty() => {
                let key = key.to_lowercase();
                if key == "position" {
                    // A position holds spaces (`..WB... w 1 1`): it is the rest of the line.
                    let rest: Vec<&str> = std::iter::once(value).chain(words.by_ref().copied()).collect();
                    spec.position = Some(rest.join(" "));
                    break;
                }
                if spec.options.iter().any(|(existing, _)| *existing == key) {
                    return Err(ParseError::Unexpected {
                        word: (*word).to_owned(),
                    });
                }
                spec.options.push((key, value.to_owned()));
            }
            Some(_) => {
                return Err(ParseError::Unexpected {
                    word: (*word).to_owned(),
                })
            }
            None => spec.variants.push(word.to_lowercase()),
        }
    }
    Ok(())
}
