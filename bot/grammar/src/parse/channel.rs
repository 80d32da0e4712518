//! `channel …`: the settings moderators choose for their channel.

use super::args::Args;
use super::words::{lower, on_off};
use super::ParseError;
use crate::{ChannelChange, Command};
use lalao_model::timing::parse_duration;

/// `channel [forfeit=auto|claim] [expiry=3d] [boards=edit|new|default|picture|text]
/// [thread=on|off] [pictures=on|off|default] [puzzle=daily|<game>|off]`.
pub(super) fn parse_channel(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    channel_change(&args.words).map(Command::Channel)
}

/// The change the words of `channel` ask for (its `settings`).
pub(super) fn channel_change(words: &[&str]) -> Result<ChannelChange, ParseError> {
    let mut change = ChannelChange::default();
    for word in words {
        let word = lower(word);
        let bad = || ParseError::BadValue {
            what: "channel",
            value: word.clone(),
        };
        match word.split_once('=') {
            Some(("forfeit" | "forfait", "auto")) => change.auto_forfeit = Some(true),
            Some(("forfeit" | "forfait", "claim" | "réclamer" | "reclamer")) => {
                change.auto_forfeit = Some(false)
            }
            Some(("expiry" | "expiration", value)) => {
                change.challenge_expiry = Some(parse_duration(value).ok_or_else(bad)?);
            }
            // The board's form: with its picture or as text only.
            Some(("boards" | "plateaux" | "plateaus", "picture" | "image" | "pictures" | "images")) => {
                change.pictures = Some(Some(true));
            }
            Some(("boards" | "plateaux" | "plateaus", "text" | "texte")) => {
                change.pictures = Some(Some(false))
            }
            Some(("pictures" | "picture" | "images" | "image", value)) => {
                change.pictures = Some(match value {
                    "default" | "défaut" | "defaut" => None,
                    _ => Some(on_off(value).ok_or_else(bad)?),
                });
            }
            Some(("boards" | "plateaux" | "plateaus", value)) => {
                change.boards = Some(match value {
                    "edit" | "modifier" => Some(lalao_model::record::BoardMode::Edit),
                    "new" | "nouveau" => Some(lalao_model::record::BoardMode::New),
                    "default" | "défaut" | "defaut" => None,
                    _ => return Err(bad()),
                });
            }
            Some(("puzzle" | "puzzles" | "probleme" | "problème" | "problemes" | "problèmes", value)) => {
                change.daily_puzzle = Some(match value {
                    "daily" | "quotidien" | "on" | "oui" => crate::DailyPuzzleChange::Rotate,
                    "off" | "non" => crate::DailyPuzzleChange::Off,
                    game => {
                        crate::DailyPuzzleChange::Game(super::words::game_from_word(game).ok_or_else(bad)?)
                    }
                });
            }
            Some(("thread" | "threads" | "fil" | "fils", value)) => {
                change.threads = Some(on_off(value).ok_or_else(bad)?);
            }
            _ => return Err(bad()),
        }
    }
    Ok(change)
}
