//! `class vote <game> [options…] [against=teacher|computer] [level] [seconds=N] [change=on|off]
//! [position=…]`, the class playing one side by vote, and `class vote play`, `stop` and
//! `reveal`.

use super::ParseError;
use crate::grammar::vocabulary::{VOTE_AGAINST, VOTE_GAMES};
use crate::ClassCommand;
use lalao_model::record::VOTE_SECONDS;

pub(crate) fn parse_vote(rest: &[&str]) -> Result<ClassCommand, ParseError> {
    if let Some(command) = control_word(rest) {
        return command;
    }
    let mut level = None;
    let mut against = None;
    let mut seconds = None;
    let mut change = false;
    let mut spec_words = Vec::with_capacity(rest.len());
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        let (key, value) = match word.split_once('=') {
            Some((key, value)) => (key.to_lowercase(), value),
            None => {
                match super::play::computer_level(word) {
                    // A level said bare, after the game: the computer at that level.
                    Some(said) if !spec_words.is_empty() => level = Some(said),
                    _ => spec_words.push(*word),
                }
                continue;
            }
        };
        match key.as_str() {
            "against" | "contre" => against = Some(opponent(value)?),
            "level" | "niveau" => {
                level = Some(
                    super::play::computer_level(value).ok_or_else(|| ParseError::BadValue {
                        what: "level",
                        value: value.to_lowercase(),
                    })?,
                )
            }
            "seconds" | "secondes" | "time" | "temps" => seconds = Some(turn_seconds(value)?),
            "change" | "changer" => change = super::words::class_switch(value)?,
            // A position holds spaces and takes the rest of the line.
            "position" => {
                spec_words.push(*word);
                spec_words.extend(words.by_ref().copied());
            }
            _ => spec_words.push(*word),
        }
    }
    let level = match against {
        // Against the teacher: a level says nothing.
        Some(false) => {
            if let Some(level) = level {
                return Err(ParseError::Unexpected {
                    word: level.id().to_owned(),
                });
            }
            None
        }
        // The gentle computer unless a level is said: a class of young children wins
        // about two games in three against it.
        _ => Some(level.unwrap_or(lalao_core::ai::Level::Kind)),
    };
    Ok(ClassCommand::Vote {
        spec: super::spec::parse_spec(&spec_words)?,
        level,
        seconds,
        change,
    })
}

/// `play`, `stop` or `reveal`, said alone; `None` when the first word is none of them.
fn control_word(words: &[&str]) -> Option<Result<ClassCommand, ParseError>> {
    let first = words.first()?.to_lowercase();
    let command = match VOTE_GAMES.find(&first)? {
        "play" => ClassCommand::VotePlay,
        "stop" => ClassCommand::VoteStop,
        "reveal" => ClassCommand::VoteReveal,
        _ => return None,
    };
    Some(match words.get(1) {
        Some(word) => Err(ParseError::Unexpected {
            word: (*word).to_owned(),
        }),
        None => Ok(command),
    })
}

/// `true` for the computer, `false` for the teacher.
fn opponent(value: &str) -> Result<bool, ParseError> {
    match VOTE_AGAINST.find(value) {
        Some("computer") => Ok(true),
        Some("teacher") => Ok(false),
        _ => Err(ParseError::BadValue {
            what: VOTE_AGAINST.what,
            value: value.to_lowercase(),
        }),
    }
}

fn turn_seconds(value: &str) -> Result<u32, ParseError> {
    let digits = value.strip_suffix('s').unwrap_or(value);
    digits
        .parse::<u32>()
        .ok()
        .filter(|seconds| VOTE_SECONDS.contains(seconds))
        .ok_or_else(|| ParseError::BadValue {
            what: "seconds",
            value: value.to_owned(),
        })
}

#[cfg(test)]
mod tests;
