//! The text form of the grammar (docs/commands.md). Pure and total: any input gives a command,
//! "not for me" or a [`ParseError`] the service explains in the user's language. It never panics
//! (a proptest and a fuzz target check that).
//!
//! This file finds the command word and reads the small commands; the larger ones have a file
//! each (`play.rs`, `board.rs`, `settings.rs`, `notify.rs`, `channel.rs`), and the English and
//! French words every command accepts are in `words.rs`.

mod args;
mod board;
mod channel;
mod class;
mod error;
mod named;
mod notify;
mod play;
mod settings;
pub(super) mod simul;
mod spec;
pub(super) mod vote;
mod words;

pub use error::ParseError;
pub use named::command_of;
pub use play::LEVEL_OPTION;
pub use words::{command_name, game_from_word, locale_from_word, look_from_word, style_from_word};

use super::{Answer, Command, ListScope, PlanChange, TimeoutAction, MAX_PLANNED_REPLIES};
use crate::grammar::vocabulary::{ANSWERS, LEADERBOARDS, SCOPES};
use crate::grammar::PREFIX;
use args::Args;
use lalao_model::ids::MatchId;
use lalao_model::timing::parse_duration;
use words::{lower, parity_from_word, side_word};

/// The words that ask `export` for the whole game animated, in English and French (the
/// table's name of the flag, `animation`, first).
const ANIMATION_WORDS: &[&str] = &["animation", "animated", "animée", "animee", "gif"];

/// Longest line the parser reads; longer lines are refused before any work (chat messages are
/// at most a few kilobytes; the console has no reason to send more).
pub const MAX_LINE: usize = 4096;

/// Parses one line. `prefix_required`: chat platforms only answer lines starting with
/// [`PREFIX`] (`Ok(None)` otherwise); on the console the prefix is optional. An empty line is
/// `Ok(None)`; the prefix alone is `help`.
pub fn parse(line: &str, prefix_required: bool) -> Result<Option<Command>, ParseError> {
    if line.len() > MAX_LINE {
        return Err(ParseError::TooLong);
    }
    let trimmed = line.trim();
    let rest = match strip_prefix(trimmed) {
        Some(rest) => {
            if rest.trim().is_empty() {
                return Ok(Some(Command::Help { topic: None }));
            }
            rest
        }
        None if prefix_required => return Ok(None),
        None => trimmed,
    };
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    // The command word is the first word that is not a match id (`#3 2-3` is a move in #3).
    let Some(position) = words
        .iter()
        .position(|word| !(word.starts_with('#') && MatchId::parse(word).is_some()))
    else {
        return match words.first() {
            Some(word) => Err(ParseError::UnknownCommand {
                word: (*word).to_owned(),
            }),
            None => Ok(None),
        };
    };
    let first = words.remove(position);
    parse_command(first, &words).map(Some)
}

/// A lesson's number as typed (`learn katro 2`, `class learn katro 2`): 1 to 99.
pub(super) fn lesson_number(word: &str) -> Result<u32, ParseError> {
    word.parse::<u32>()
        .ok()
        .filter(|number| (1..=99).contains(number))
        .ok_or_else(|| ParseError::BadValue {
            what: "lesson",
            value: lower(word),
        })
}

fn strip_prefix(line: &str) -> Option<&str> {
    let head = line.get(..PREFIX.len())?;
    if !head.eq_ignore_ascii_case(PREFIX) {
        return None;
    }
    let rest = &line[PREFIX.len()..];
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(rest)
}

fn parse_command(first: &str, raw: &[&str]) -> Result<Command, ParseError> {
    // Class commands name matches and seats in their own positions (`class result #4 Ana`).
    if command_name(first) == Some("class") {
        return class::parse_class(raw).map(Command::Class);
    }
    let mut args = Args::new(raw)?;
    let command = match command_name(first).unwrap_or("") {
        "play" => play::parse_play(args)?,
        "accept" => Command::Accept { id: args.only_id()? },
        "decline" => Command::Decline { id: args.only_id()? },
        "cancel" => Command::Cancel { id: args.only_id()? },
        "move" => {
            let text = args.take_first().ok_or(ParseError::Missing {
                command: "move",
                what: "move",
            })?;
            args.finish()?;
            Command::Move {
                id: args.id,
                text: words::move_text(text),
                explicit: true,
            }
        }
        "board" => board::parse_board(args)?,
        "resign" => Command::Resign { id: args.only_id()? },
        "hint" => Command::Hint { id: args.only_id()? },
        "rematch" => {
            // `rematch #3 keep`: Mangala IV's sides as they were, without a new coin game.
            let keep_sides = match args.take_first() {
                None => false,
                Some(word) if KEEP_WORDS.contains(&lower(word).as_str()) => true,
                Some(word) => {
                    return Err(ParseError::Unexpected {
                        word: word.to_owned(),
                    })
                }
            };
            Command::Rematch {
                id: args.only_id()?,
                keep_sides,
            }
        }
        "plan" => parse_plan(args)?,
        "learn" => {
            // `learn 2`: lesson 2 of the course the learner is in.
            let numbered = args
                .words
                .first()
                .is_some_and(|word| word.bytes().all(|b| b.is_ascii_digit()));
            let game = match if numbered { None } else { args.take_first() } {
                None => None,
                Some(word) => Some(known_game(word)?),
            };
            let lesson = args.take_first().map(lesson_number).transpose()?;
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Learn { game, lesson }
        }
        "puzzle" => {
            let daily = args.words.first().is_some_and(|word| {
                matches!(
                    word.to_lowercase().as_str(),
                    "daily" | "jour" | "quotidien" | "today" | "aujourd'hui"
                )
            });
            if daily {
                args.take_first();
                args.finish()?;
                return Ok(Command::Puzzle { game: None, daily });
            }
            let game = match args.take_first() {
                None => None,
                Some(word) => Some(known_game(word)?),
            };
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Puzzle { game, daily }
        }
        "link" => {
            let new = match args.take_first() {
                None => false,
                Some(word) if matches!(word.to_lowercase().as_str(), "new" | "nouveau") => true,
                Some(word) => {
                    return Err(ParseError::Unexpected {
                        word: word.to_owned(),
                    })
                }
            };
            Command::Link {
                id: args.only_id()?,
                new,
            }
        }
        "draw" => {
            let answer = parse_answer(&mut args)?;
            Command::Draw {
                id: args.only_id()?,
                answer,
            }
        }
        "undo" => {
            let answer = parse_answer(&mut args)?;
            Command::Undo {
                id: args.only_id()?,
                answer,
            }
        }
        "list" => {
            let scope = args
                .take_first()
                .map(scope_of)
                .transpose()?
                .unwrap_or(ListScope::Channel);
            args.finish()?;
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            Command::List { scope }
        }
        "history" => Command::History { id: args.only_id()? },
        "export" => {
            // `export #3 animation`: the whole game animated; the record alone otherwise.
            let animation = match args.take_first() {
                None => false,
                Some(word) if ANIMATION_WORDS.contains(&lower(word).as_str()) => true,
                Some(word) => {
                    return Err(ParseError::Unexpected {
                        word: word.to_owned(),
                    })
                }
            };
            Command::Export {
                id: args.only_id()?,
                animation,
            }
        }
        "review" => Command::Review { id: args.only_id()? },
        // Players, rules, help, settings, the rite and the clock, or a move.
        name => return parse_other(name, first, args),
    };
    Ok(command)
}

/// The verbs about players, rules and help, settings, the rite and the clock; any other word
/// is a move.
fn parse_other(name: &str, first: &str, mut args: Args) -> Result<Command, ParseError> {
    let command = match name {
        "rating" => {
            // A game and a player, in either order.
            let (mut player, mut game) = (None, None);
            while let Some(word) = args.take_first() {
                match game_from_word(word) {
                    Some(kind) if game.is_none() => game = Some(kind),
                    _ if player.is_none() && game_from_word(word).is_none() => player = Some(word.to_owned()),
                    _ => {
                        return Err(ParseError::Unexpected {
                            word: word.to_owned(),
                        })
                    }
                }
            }
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            Command::Rating { player, game }
        }
        "profile" => {
            let player = args.take_first().map(str::to_owned);
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Profile { player }
        }
        "forget" => parse_forget(args)?,
        "my-data" => {
            only_fillers("my-data", args)?;
            Command::MyData
        }
        "top" => parse_top(args)?,
        "rules" => {
            let game = match args.take_first() {
                None => None,
                Some(word) => Some(known_game(word)?),
            };
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            let variants = args.words.iter().map(|word| lower(word)).collect();
            Command::Rules { game, variants }
        }
        "help" => {
            let topic = args.take_first().map(lower);
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Help { topic }
        }
        "settings" => settings::parse_settings(args)?,
        "coins" => {
            let count = args.take_first().map(coins_of).transpose()?;
            Command::Coins {
                id: args.only_id()?,
                count,
            }
        }
        "call" => {
            let word = args.take_first().ok_or(ParseError::Missing {
                command: "call",
                what: "parity",
            })?;
            let parity = parity_of(word)?;
            Command::Call {
                id: args.only_id()?,
                parity,
            }
        }
        // The call may be said directly, as in the rite itself: "Tek!" / "Çift!".
        "call-direct" => {
            let parity = parity_from_word(first).ok_or_else(|| ParseError::UnknownCommand {
                word: first.to_owned(),
            })?;
            Command::Call {
                id: args.only_id()?,
                parity,
            }
        }
        "side" => {
            let side = args.take_first().ok_or(ParseError::Missing {
                command: "side",
                what: "side",
            })?;
            Command::Side {
                id: args.only_id()?,
                side: side_word(side),
            }
        }
        "claim" => Command::Timeout {
            id: args.only_id()?,
            action: TimeoutAction::Claim,
        },
        "waive" => Command::Timeout {
            id: args.only_id()?,
            action: TimeoutAction::Waive,
        },
        "grant" => {
            let word = args.take_first().ok_or(ParseError::Missing {
                command: "grant",
                what: "time",
            })?;
            let seconds = grant_seconds(word)?;
            Command::Timeout {
                id: args.only_id()?,
                action: TimeoutAction::Grant(seconds),
            }
        }
        "vacation" => {
            let word = args.take_first().ok_or(ParseError::Missing {
                command: "vacation",
                what: "days",
            })?;
            let days = vacation_days(word)?;
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Vacation { days }
        }
        "notify" => notify::parse_notify(args)?,
        "channel" => channel::parse_channel(args)?,
        _ => {
            // A bare word is a move (`e2-e4`, `@3`); the service says "unknown command" if it is
            // not a move of the caller's match either.
            args.finish().map_err(|_| ParseError::UnknownCommand {
                word: first.to_owned(),
            })?;
            Command::Move {
                id: args.id,
                text: words::move_text(first),
                explicit: false,
            }
        }
    };
    Ok(command)
}

/// `plan [#id] [<their move> <my move>]… | off`.
fn parse_plan(args: Args) -> Result<Command, ParseError> {
    Ok(Command::Plan {
        id: args.id,
        change: plan_change(&args.words)?,
    })
}

/// What the words after `plan` (its `moves`) ask: show, drop, or these pairs.
pub(super) fn plan_change(words: &[&str]) -> Result<PlanChange, ParseError> {
    let change = match words {
        [] => PlanChange::Show,
        [word] if CANCEL_WORDS.contains(&lower(word).as_str()) => PlanChange::Cancel,
        words if words.len() % 2 == 1 => {
            return Err(ParseError::Missing {
                command: "plan",
                what: "reply",
            })
        }
        words if words.len() > 2 * MAX_PLANNED_REPLIES => {
            return Err(ParseError::Unexpected {
                word: words[2 * MAX_PLANNED_REPLIES].to_owned(),
            })
        }
        words => PlanChange::Set(
            words
                .chunks(2)
                .map(|pair| (pair[0].to_owned(), pair[1].to_owned()))
                .collect(),
        ),
    };
    Ok(change)
}

/// Which matches `list` shows, by its word (`mine`, `ici`, …).
pub(super) fn scope_of(word: &str) -> Result<ListScope, ParseError> {
    match SCOPES.find(word) {
        Some("mine") => Ok(ListScope::Mine),
        Some(_) => Ok(ListScope::Channel),
        None => Err(ParseError::BadValue {
            what: SCOPES.what,
            value: lower(word),
        }),
    }
}

/// A game named by an argument: refused with the games' names if it is none.
pub(super) fn known_game(word: &str) -> Result<lalao_core::GameKind, ParseError> {
    game_from_word(word).ok_or_else(|| ParseError::UnknownGame {
        word: word.to_owned(),
    })
}

/// The time `grant` gives (`2d`, `12h`), in seconds.
pub(super) fn grant_seconds(word: &str) -> Result<u64, ParseError> {
    parse_duration(word).ok_or_else(|| ParseError::BadValue {
        what: "time",
        value: word.to_owned(),
    })
}

/// The length of a vacation (`5`, `5d`, `5j`, 1 to 31 days); `None`: `off`, end it now.
pub(super) fn vacation_days(word: &str) -> Result<Option<u32>, ParseError> {
    match lower(word).as_str() {
        "off" | "end" | "stop" | "fin" => Ok(None),
        other => other
            .trim_end_matches(['d', 'j'])
            .parse::<u32>()
            .ok()
            .filter(|days| (1..=31).contains(days))
            .map(Some)
            .ok_or_else(|| ParseError::BadValue {
                what: "days",
                value: word.to_owned(),
            }),
    }
}

/// The hidden coins of the rite: 1 or 2.
pub(super) fn coins_of(word: &str) -> Result<u8, ParseError> {
    match word {
        "1" => Ok(1),
        "2" => Ok(2),
        other => Err(ParseError::BadValue {
            what: "coins",
            value: other.to_owned(),
        }),
    }
}

/// The call of the rite (`odd`, `Tek!`, `pair`, …).
pub(super) fn parity_of(word: &str) -> Result<crate::Parity, ParseError> {
    parity_from_word(word).ok_or_else(|| ParseError::BadValue {
        what: "parity",
        value: word.to_owned(),
    })
}

/// Words that keep a Mangala IV rematch's sides.
const KEEP_WORDS: &[&str] = &["keep", "garder", "same", "memes", "mêmes"];

/// Words that drop a plan.
const CANCEL_WORDS: &[&str] = &["off", "cancel", "none", "annuler", "aucun", "rien"];

fn parse_answer(args: &mut Args) -> Result<Option<Answer>, ParseError> {
    args.take_first().map(answer_of).transpose()
}

/// An answer to an offer (`accept`, `non`, …).
pub(super) fn answer_of(word: &str) -> Result<Answer, ParseError> {
    let answer = match ANSWERS.find(word) {
        Some("offer") => Answer::Offer,
        Some("accept") => Answer::Accept,
        Some(_) => Answer::Decline,
        None => {
            return Err(ParseError::BadValue {
                what: ANSWERS.what,
                value: lower(word),
            })
        }
    };
    Ok(answer)
}

/// A verb that takes no argument, only the words that make it read well (`my data`).
fn only_fillers(verb: &str, mut args: Args) -> Result<(), ParseError> {
    let fillers = crate::grammar::verb_named(verb).map_or(&[][..], |verb| verb.fillers);
    while let Some(word) = args.take_first() {
        if !fillers.contains(&lower(word).as_str()) {
            return Err(ParseError::Unexpected {
                word: word.to_owned(),
            });
        }
    }
    match args.id {
        Some(id) => Err(ParseError::Unexpected { word: id.to_string() }),
        None => Ok(()),
    }
}

/// `forget me [confirm]`: "me" only reads well (a filler of the verb), "confirm" erases.
fn parse_forget(mut args: Args) -> Result<Command, ParseError> {
    let fillers = crate::grammar::verb_of("forget").map_or(&[][..], |verb| verb.fillers);
    let mut confirmed = false;
    while let Some(word) = args.take_first() {
        match lower(word).as_str() {
            filler if fillers.contains(&filler) => {}
            "confirm" | "confirmer" => confirmed = true,
            _ => {
                return Err(ParseError::Unexpected {
                    word: word.to_owned(),
                })
            }
        }
    }
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    Ok(Command::Forget { confirmed })
}

#[cfg(test)]
mod tests;

/// `top <game> [here|global] [page]`, the three in any order.
fn parse_top(mut args: Args) -> Result<Command, ParseError> {
    let (mut game, mut global, mut page) = (None, None, None);
    while let Some(word) = args.take_first() {
        if let (None, Some(kind)) = (game, game_from_word(word)) {
            game = Some(kind);
        } else if let (None, Some(scope)) = (global, LEADERBOARDS.find(word)) {
            global = Some(scope == "global");
        } else if let (None, Ok(number @ 1..)) = (page, word.parse::<u32>()) {
            page = Some(number);
        } else if game.is_none() && global.is_none() && page.is_none() {
            return Err(ParseError::UnknownGame {
                word: word.to_owned(),
            });
        } else {
            return Err(ParseError::Unexpected {
                word: word.to_owned(),
            });
        }
    }
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let game = game.ok_or(ParseError::Missing {
        command: "top",
        what: "game",
    })?;
    Ok(Command::Top {
        game,
        global: global.unwrap_or(false),
        page,
    })
}
