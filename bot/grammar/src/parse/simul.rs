//! `class simul <game> [options…] [position=…]`, the teacher against every pupil at once, and
//! `class simul stop`.

use super::ParseError;
use crate::ClassCommand;

/// The words that end a simul: `class simul stop` (the table's `SIMUL_GAMES`).
const STOP: [&str; 4] = ["stop", "arreter", "arrêter", "fin"];

pub(crate) fn parse_simul(rest: &[&str]) -> Result<ClassCommand, ParseError> {
    stop_alone(rest).unwrap_or_else(|| {
        // `restart=off` (`recommencer=non`): a finished board stays finished.
        let mut restart = true;
        let mut spec_words = Vec::with_capacity(rest.len());
        for (at, word) in rest.iter().enumerate() {
            match word.split_once('=') {
                Some((key, value)) if RESTART.contains(&key.to_lowercase().as_str()) => {
                    restart = super::words::class_switch(value)?
                }
                // A position takes the rest of the line.
                Some((key, _)) if key.eq_ignore_ascii_case("position") => {
                    spec_words.extend_from_slice(&rest[at..]);
                    break;
                }
                _ => spec_words.push(*word),
            }
        }
        Ok(ClassCommand::Simul {
            spec: super::spec::parse_spec(&spec_words)?,
            restart,
        })
    })
}

/// The keys of the restart setting.
const RESTART: [&str; 2] = ["restart", "recommencer"];

/// `stop` said: the end of the simul, if it is said alone; the first other word is refused
/// (`class simul fano stop`). `None`: no `stop`.
fn stop_alone(words: &[&str]) -> Option<Result<ClassCommand, ParseError>> {
    words.iter().find(|word| is_stop(word))?;
    Some(match words.iter().find(|word| !is_stop(word)) {
        Some(word) => Err(ParseError::Unexpected {
            word: (*word).to_owned(),
        }),
        None => Ok(ClassCommand::SimulStop),
    })
}

fn is_stop(word: &str) -> bool {
    STOP.contains(&word.to_lowercase().as_str())
}
