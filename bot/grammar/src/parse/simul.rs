//! `class simul <game> [options…] [position=…]`, the teacher against every pupil at once, and
//! `class simul stop`.

use super::ParseError;
use crate::ClassCommand;

/// The words that end a simul: `class simul stop` (the table's `SIMUL_GAMES`).
const STOP: [&str; 4] = ["stop", "arreter", "arrêter", "fin"];

pub(crate) fn parse_simul(rest: &[&str]) -> Result<ClassCommand, ParseError> {
    stop_alone(rest).unwrap_or_else(|| {
        Ok(ClassCommand::Simul {
            spec: super::spec::parse_spec(rest)?,
        })
    })
}

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
