//! `board [style] [viewpoint]`: both may be given bare (`board large noir`) or as `key=value`.

use super::args::Args;
use super::words::{is_side_word, look_from_word, lower, side_word};
use super::ParseError;
use crate::grammar::verb_named;
use crate::Command;

pub(super) fn parse_board(args: Args) -> Result<Command, ParseError> {
    let mut style = None;
    let mut viewpoint = None;
    for word in &args.words {
        let (key, value) = match word.split_once('=') {
            Some((key, value)) => (Some(lower(key)), lower(value)),
            None => (None, lower(word)),
        };
        // `as` is an older spelling of `view`.
        let arg = key
            .as_deref()
            .map(|key| if key == "as" { "view" } else { key })
            .map(|key| {
                verb_named("board")
                    .and_then(|verb| verb.arg_named(key))
                    .map(|arg| arg.en)
            });
        match arg {
            Some(Some("style")) => {
                style = Some(look_from_word(&value).ok_or(ParseError::BadValue { what: "style", value })?);
            }
            Some(Some("view")) => viewpoint = Some(side_word(&value)),
            Some(_) => {
                return Err(ParseError::Unexpected {
                    word: (*word).to_owned(),
                })
            }
            None => match look_from_word(&value) {
                Some(found) => style = Some(found),
                None if is_side_word(&value) => viewpoint = Some(side_word(&value)),
                None => {
                    return Err(ParseError::Unexpected {
                        word: (*word).to_owned(),
                    })
                }
            },
        }
    }
    Ok(Command::Board {
        id: args.id,
        style,
        viewpoint,
    })
}
