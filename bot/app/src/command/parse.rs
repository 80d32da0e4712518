//! The text form of the grammar (docs/commands.md). Pure and total: any input gives a command,
//! "not for me" or a [`ParseError`] the service explains in the user's language. It never panics
//! (a proptest and a fuzz target check that).

use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use super::{
    Answer, ChannelChange, Command, ListScope, NotifyChange, Opponent, Parity, PlaySpec, SettingsChange,
    TimeoutAction,
};
use crate::ids::MatchId;
use crate::schedule::notify::{Mode, Reminder};
use crate::schedule::timing::parse_duration;

/// The text prefix that addresses the bot in chat.
pub const PREFIX: &str = "!lalao";

/// Longest line the parser reads; longer lines are refused before any work (chat messages are
/// at most a few kilobytes; the console has no reason to send more).
pub const MAX_LINE: usize = 4096;

/// Why a line addressed to the bot is not a command. Each variant has a Fluent message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    UnknownCommand {
        word: String,
    },
    /// A required argument is missing: `what` is `game`, `move`, `parity` or `side`.
    Missing {
        command: &'static str,
        what: &'static str,
    },
    UnknownGame {
        word: String,
    },
    /// A value that is not one of the allowed words: `what` is `style`, `language`, `coins`,
    /// `parity`, `answer`, `scope` or `setting`.
    BadValue {
        what: &'static str,
        value: String,
    },
    /// An argument the command does not take.
    Unexpected {
        word: String,
    },
    TooLong,
}

impl ParseError {
    /// The Fluent message id.
    pub fn message_id(&self) -> &'static str {
        match self {
            ParseError::UnknownCommand { .. } => "parse-unknown-command",
            ParseError::Missing { .. } => "parse-missing",
            ParseError::UnknownGame { .. } => "parse-unknown-game",
            ParseError::BadValue { .. } => "parse-bad-value",
            ParseError::Unexpected { .. } => "parse-unexpected",
            ParseError::TooLong => "parse-too-long",
        }
    }
}

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

fn strip_prefix(line: &str) -> Option<&str> {
    let head = line.get(..PREFIX.len())?;
    if !head.eq_ignore_ascii_case(PREFIX) {
        return None;
    }
    let rest = &line[PREFIX.len()..];
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(rest)
}

/// The arguments of one command, consumed as they are recognised.
struct Args<'a> {
    id: Option<MatchId>,
    words: Vec<&'a str>,
}

impl<'a> Args<'a> {
    fn new(raw: &[&'a str]) -> Result<Args<'a>, ParseError> {
        let mut id = None;
        let mut words = Vec::new();
        for word in raw {
            match word.strip_prefix('#').and(MatchId::parse(word)) {
                Some(found) if id.is_none() => id = Some(found),
                Some(_) => {
                    return Err(ParseError::Unexpected {
                        word: (*word).to_owned(),
                    })
                }
                None => words.push(*word),
            }
        }
        Ok(Args { id, words })
    }

    /// Fails on any word left over.
    fn finish(&self) -> Result<(), ParseError> {
        match self.words.first() {
            Some(word) => Err(ParseError::Unexpected {
                word: (*word).to_owned(),
            }),
            None => Ok(()),
        }
    }

    fn only_id(self) -> Result<Option<MatchId>, ParseError> {
        self.finish()?;
        Ok(self.id)
    }

    fn take_first(&mut self) -> Option<&'a str> {
        (!self.words.is_empty()).then(|| self.words.remove(0))
    }
}

fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// The command a word names, in English or French (`play`, `jouer`, `défi` → `play`).
pub fn command_name(word: &str) -> Option<&'static str> {
    let name = match lower(word).as_str() {
        "play" | "challenge" | "new" | "jouer" | "défi" | "defi" | "partie" => "play",
        "accept" | "accepter" => "accept",
        "decline" | "refuse" | "refuser" => "decline",
        "cancel" | "annuler" => "cancel",
        "move" | "m" | "coup" => "move",
        "board" | "show" | "plateau" | "voir" => "board",
        "resign" | "abandon" | "abandonner" => "resign",
        "draw" | "nulle" => "draw",
        "undo" | "takeback" | "reprendre" => "undo",
        "list" | "matches" | "liste" | "parties" => "list",
        "history" | "moves" | "historique" => "history",
        "export" | "exporter" => "export",
        "rules" | "règles" | "regles" => "rules",
        "help" | "aide" | "?" => "help",
        "settings" | "setting" | "set" | "réglages" | "reglages" | "options" => "settings",
        "coins" | "coin" | "pièces" | "pieces" => "coins",
        "call" | "appel" => "call",
        "tek" | "çift" | "cift" | "tek!" | "çift!" | "cift!" => "call-direct",
        "side" | "camp" | "côté" | "cote" => "side",
        "class" | "classe" => "class",
        "claim" | "réclamer" | "reclamer" => "claim",
        "grant" | "accorder" => "grant",
        "waive" | "renoncer" => "waive",
        "vacation" | "pause" | "vacances" => "vacation",
        "notify" | "notifications" | "notif" => "notify",
        "channel" | "salon" => "channel",
        _ => return None,
    };
    Some(name)
}

fn parse_command(first: &str, raw: &[&str]) -> Result<Command, ParseError> {
    // Class commands name matches and seats in their own positions (`class result #4 Ana`).
    if command_name(first) == Some("class") {
        return crate::class::parse_class(raw).map(Command::Class);
    }
    let mut args = Args::new(raw)?;
    let command = match command_name(first).unwrap_or("") {
        "play" => parse_play(args)?,
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
                text: text.to_owned(),
                explicit: true,
            }
        }
        "board" => parse_board(args)?,
        "resign" => Command::Resign { id: args.only_id()? },
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
            let scope = match args.take_first().map(lower).as_deref() {
                None | Some("channel" | "here" | "ici" | "salon") => ListScope::Channel,
                Some("mine" | "me" | "mes" | "moi") => ListScope::Mine,
                Some(other) => {
                    return Err(ParseError::BadValue {
                        what: "scope",
                        value: other.to_owned(),
                    })
                }
            };
            args.finish()?;
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            Command::List { scope }
        }
        "history" => Command::History { id: args.only_id()? },
        "export" => Command::Export { id: args.only_id()? },
        "rules" => {
            let game = match args.take_first() {
                None => None,
                Some(word) => Some(game_from_word(word).ok_or_else(|| ParseError::UnknownGame {
                    word: word.to_owned(),
                })?),
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
        "settings" => parse_settings(args)?,
        "coins" => {
            let count = match args.take_first() {
                None => None,
                Some("1") => Some(1),
                Some("2") => Some(2),
                Some(other) => {
                    return Err(ParseError::BadValue {
                        what: "coins",
                        value: other.to_owned(),
                    })
                }
            };
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
            let parity = parity_from_word(word).ok_or_else(|| ParseError::BadValue {
                what: "parity",
                value: word.to_owned(),
            })?;
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
            let seconds = parse_duration(word).ok_or_else(|| ParseError::BadValue {
                what: "time",
                value: word.to_owned(),
            })?;
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
            let days = match lower(word).as_str() {
                "off" | "end" | "stop" | "fin" => None,
                other => Some(
                    other
                        .trim_end_matches(['d', 'j'])
                        .parse::<u32>()
                        .ok()
                        .filter(|days| (1..=31).contains(days))
                        .ok_or_else(|| ParseError::BadValue {
                            what: "days",
                            value: word.to_owned(),
                        })?,
                ),
            };
            if let Some(id) = args.id {
                return Err(ParseError::Unexpected { word: id.to_string() });
            }
            args.finish()?;
            Command::Vacation { days }
        }
        "notify" => parse_notify(args)?,
        "channel" => parse_channel(args)?,
        _ => {
            // A bare word is a move (`e2-e4`, `@3`); the service says "unknown command" if it is
            // not a move of the caller's match either.
            args.finish().map_err(|_| ParseError::UnknownCommand {
                word: first.to_owned(),
            })?;
            Command::Move {
                id: args.id,
                text: first.to_owned(),
                explicit: false,
            }
        }
    };
    Ok(command)
}

fn parse_play(mut args: Args) -> Result<Command, ParseError> {
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
    };
    let mut level: Option<(lalao_core::ai::Level, &str)> = None;
    for word in args.words {
        let computer = matches!(
            lower(word).as_str(),
            "bot" | "computer" | "cpu" | "robot" | "ordi" | "ordinateur" | "lalao" | "@lalao"
        );
        let opponent = if computer {
            Some(Opponent::Computer(lalao_core::ai::Level::Medium))
        } else if word.starts_with('@') || word.starts_with("<@") {
            Some(Opponent::Named(word.to_owned()))
        } else {
            match lower(word).as_str() {
                "open" | "anyone" | "ouvert" | "ouverte" | "tous" => Some(Opponent::Open),
                "practice" | "solo" | "hotseat" | "hot-seat" | "entrainement" | "entraînement" => {
                    Some(Opponent::Practice)
                }
                _ => None,
            }
        };
        if let Some(opponent) = opponent {
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
            if key == "side" || key == "camp" {
                spec.side = Some(side_word(value));
            } else if key == "level" || key == "niveau" {
                let found = computer_level(&lower(value)).ok_or_else(|| ParseError::BadValue {
                    what: "level",
                    value: value.to_owned(),
                })?;
                level = Some((found, word));
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
    match (level, &mut spec.opponent) {
        (Some((level, _)), Some(Opponent::Computer(chosen))) => *chosen = level,
        // A mention may be of the bot itself (only the service knows its ids): the level
        // travels as an option, and the service refuses it for anyone else.
        (Some((level, _)), Some(Opponent::Named(_))) => spec
            .options
            .push((LEVEL_OPTION.to_owned(), level.id().to_owned())),
        (Some((_, word)), _) => {
            return Err(ParseError::Unexpected {
                word: word.to_owned(),
            })
        }
        (None, _) => {}
    }
    Ok(Command::Play(spec))
}

/// The option that carries `level=` next to a mention (see [`parse_play`]).
pub const LEVEL_OPTION: &str = "level";

/// The computer's level by any of its names (`hard`, `difficile`, …).
fn computer_level(word: &str) -> Option<lalao_core::ai::Level> {
    use lalao_core::ai::Level;
    match word {
        "random" | "hasard" | "aleatoire" | "aléatoire" => Some(Level::Random),
        "easy" | "facile" => Some(Level::Easy),
        "medium" | "normal" | "moyen" => Some(Level::Medium),
        "hard" | "difficile" | "fort" => Some(Level::Hard),
        _ => None,
    }
}

fn parse_board(args: Args) -> Result<Command, ParseError> {
    let mut style = None;
    let mut viewpoint = None;
    for word in &args.words {
        let (key, value) = match word.split_once('=') {
            Some((key, value)) => (Some(lower(key)), lower(value)),
            None => (None, lower(word)),
        };
        match key.as_deref() {
            Some("style") => {
                style = Some(style_from_word(&value).ok_or(ParseError::BadValue { what: "style", value })?);
            }
            Some("view" | "as" | "vue") => viewpoint = Some(side_word(&value)),
            Some(_) => {
                return Err(ParseError::Unexpected {
                    word: (*word).to_owned(),
                })
            }
            None => match style_from_word(&value) {
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

fn parse_answer(args: &mut Args) -> Result<Option<Answer>, ParseError> {
    let Some(word) = args.take_first() else {
        return Ok(None);
    };
    let answer = match lower(word).as_str() {
        "offer" | "ask" | "request" | "proposer" | "demander" => Answer::Offer,
        "accept" | "yes" | "ok" | "accepter" | "oui" => Answer::Accept,
        "decline" | "no" | "refuse" | "refuser" | "non" => Answer::Decline,
        other => {
            return Err(ParseError::BadValue {
                what: "answer",
                value: other.to_owned(),
            })
        }
    };
    Ok(Some(answer))
}

/// `notify [every|digest] [dm=on|off] [digest=9,18] [quiet=22-7|off] [tz=Europe/Paris|+3|-04:30]
/// [remind=75%,24h|off]`.
fn parse_notify(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let mut change = NotifyChange::default();
    for word in &args.words {
        let bad = |value: &str| ParseError::BadValue {
            what: "notify",
            value: value.to_owned(),
        };
        let word = lower(word);
        match word.split_once('=') {
            None => match word.as_str() {
                "every" | "each" | "chaque" | "tous" => change.mode = Some(Mode::Every),
                "digest" | "résumé" | "resume" => change.mode = Some(Mode::Digest),
                _ => return Err(bad(&word)),
            },
            Some((key, value)) => match key {
                "dm" | "mp" => change.dm = Some(on_off(value).ok_or_else(|| bad(&word))?),
                "digest" | "résumé" | "resume" => {
                    let hours: Option<Vec<u8>> = value
                        .split(',')
                        .map(|hour| hour.trim_end_matches('h').parse::<u8>().ok().filter(|h| *h < 24))
                        .collect();
                    match hours {
                        Some(hours) if (1..=2).contains(&hours.len()) => change.digest_hours = Some(hours),
                        _ => return Err(bad(&word)),
                    }
                }
                "quiet" | "calme" => {
                    change.quiet = Some(if on_off(value) == Some(false) {
                        None
                    } else {
                        let (start, end) = value.split_once('-').ok_or_else(|| bad(&word))?;
                        Some((
                            local_minutes(start).ok_or_else(|| bad(&word))?,
                            local_minutes(end).ok_or_else(|| bad(&word))?,
                        ))
                    });
                }
                "tz" | "utc" | "fuseau" => match utc_offset(value) {
                    Some(offset) => {
                        change.offset_minutes = Some(offset);
                        change.zone = Some(None);
                    }
                    None => {
                        change.zone = Some(Some(
                            crate::schedule::notify::find_zone(value).ok_or_else(|| bad(&word))?,
                        ))
                    }
                },
                "remind" | "reminders" | "rappel" | "rappels" => {
                    change.reminders = Some(if on_off(value) == Some(false) {
                        Vec::new()
                    } else {
                        value
                            .split(',')
                            .map(|part| match part.strip_suffix('%') {
                                Some(percent) => percent
                                    .parse::<u8>()
                                    .ok()
                                    .filter(|p| (1..100).contains(p))
                                    .map(Reminder::Percent),
                                None => parse_duration(part).map(Reminder::Left),
                            })
                            .collect::<Option<Vec<_>>>()
                            .filter(|list| list.len() <= 4)
                            .ok_or_else(|| bad(&word))?
                    });
                }
                _ => return Err(bad(&word)),
            },
        }
    }
    Ok(Command::Notify(change))
}

/// `channel [forfeit=auto|claim] [expiry=3d] [boards=edit|new|default] [thread=on|off]`.
fn parse_channel(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let mut change = ChannelChange::default();
    for word in &args.words {
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
            Some(("boards" | "plateaux" | "plateaus", value)) => {
                change.boards = Some(match value {
                    "edit" | "modifier" => Some(crate::record::BoardMode::Edit),
                    "new" | "nouveau" => Some(crate::record::BoardMode::New),
                    "default" | "défaut" | "defaut" => None,
                    _ => return Err(bad()),
                });
            }
            Some(("thread" | "threads" | "fil" | "fils", value)) => {
                change.threads = Some(on_off(value).ok_or_else(bad)?);
            }
            _ => return Err(bad()),
        }
    }
    Ok(Command::Channel(change))
}

fn on_off(word: &str) -> Option<bool> {
    match word {
        "on" | "yes" | "oui" | "true" => Some(true),
        "off" | "no" | "non" | "false" | "none" | "aucun" => Some(false),
        _ => None,
    }
}

/// `22`, `22h`, `22:30`, `7h30` → minutes after midnight.
fn local_minutes(text: &str) -> Option<u16> {
    let (hours, minutes) = match text.split_once([':', 'h']) {
        Some((hours, "")) => (hours, "0"),
        Some((hours, minutes)) => (hours, minutes),
        None => (text, "0"),
    };
    let hours: u16 = hours.parse().ok().filter(|h| *h < 24)?;
    let minutes: u16 = minutes.parse().ok().filter(|m| *m < 60)?;
    Some(hours * 60 + minutes)
}

/// `+3`, `-04:30`, `utc+2`, `0` → minutes east of UTC.
fn utc_offset(text: &str) -> Option<i32> {
    let text = text.trim_start_matches("utc").trim_start_matches("gmt");
    if text.is_empty() || text == "0" || text == "z" {
        return Some(0);
    }
    let (sign, rest) = match text.split_at(1) {
        ("+", rest) => (1, rest),
        ("-", rest) => (-1, rest),
        _ => (1, text),
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let hours: i32 = hours.parse().ok().filter(|h| *h <= 14)?;
    let minutes: i32 = minutes.parse().ok().filter(|m| *m < 60)?;
    Some(sign * (hours * 60 + minutes))
}

fn parse_settings(args: Args) -> Result<Command, ParseError> {
    if let Some(id) = args.id {
        return Err(ParseError::Unexpected { word: id.to_string() });
    }
    let mut change = SettingsChange::default();
    // Accept `language=fr`, `language fr`, and bare values (`fr`, `large`).
    let mut pending_key: Option<String> = None;
    for word in &args.words {
        let (key, value) = match (word.split_once('='), pending_key.take()) {
            (Some((key, value)), None) => (Some(lower(key)), lower(value)),
            (Some(_), Some(key)) => {
                return Err(ParseError::BadValue {
                    what: "setting",
                    value: key,
                })
            }
            (None, key) => (key, lower(word)),
        };
        match key.as_deref() {
            None if is_setting_key(&value) => pending_key = Some(value),
            None => {
                if let Some(locale) = locale_from_word(&value) {
                    change.locale = Some(locale);
                } else if let Some(style) = style_from_word(&value) {
                    change.style = Some(style);
                } else {
                    return Err(ParseError::BadValue {
                        what: "setting",
                        value,
                    });
                }
            }
            Some("language" | "lang" | "locale" | "langue") => {
                change.locale = Some(locale_from_word(&value).ok_or(ParseError::BadValue {
                    what: "language",
                    value,
                })?);
            }
            Some("style") => {
                change.style =
                    Some(style_from_word(&value).ok_or(ParseError::BadValue { what: "style", value })?);
            }
            Some(other) => {
                return Err(ParseError::BadValue {
                    what: "setting",
                    value: other.to_owned(),
                })
            }
        }
    }
    if let Some(key) = pending_key {
        let what = if key == "style" { "style" } else { "language" };
        return Err(ParseError::BadValue {
            what,
            value: String::new(),
        });
    }
    Ok(Command::Settings(change))
}

fn is_setting_key(word: &str) -> bool {
    matches!(word, "language" | "lang" | "locale" | "langue" | "style")
}

/// A game from its id or a common spelling.
pub fn game_from_word(word: &str) -> Option<GameKind> {
    let word = lower(word);
    let kind = match word.as_str() {
        "samantsy" => GameKind::Samantsy,
        "fano" | "fanoronandalana" => GameKind::Fano,
        "mangala" | "mangala-iv" | "mangala4" => GameKind::Mangala,
        "engehe" | "en-gehe" | "engehé" | "en-gehé" | "gehe" => GameKind::Engehe,
        "katro" => GameKind::Katro,
        _ => return None,
    };
    Some(kind)
}

fn style_from_word(word: &str) -> Option<Style> {
    match word {
        "text" | "texte" => Some(Style::Text),
        "emoji" | "émoji" => Some(Style::Emoji),
        "large" | "big" | "grand" => Some(Style::Large),
        "reader" | "screen-reader" | "lecteur" | "lecteur-d-écran" => Some(Style::Reader),
        _ => None,
    }
}

fn locale_from_word(word: &str) -> Option<Locale> {
    match word {
        "english" | "anglais" => Some(Locale::En),
        "french" | "français" | "francais" => Some(Locale::Fr),
        other => Locale::from_tag(other).filter(|_| other.len() <= 5),
    }
}

fn parity_from_word(word: &str) -> Option<Parity> {
    match lower(word).trim_end_matches(['!', '?']) {
        "odd" | "tek" | "impair" => Some(Parity::Odd),
        "even" | "çift" | "cift" | "pair" => Some(Parity::Even),
        _ => None,
    }
}

/// Side names in English and French, normalised to the core's names (`white`, `south`, …).
fn side_word(word: &str) -> String {
    let word = lower(word);
    match word.as_str() {
        "blanc" | "blancs" | "w" => "white".to_owned(),
        "noir" | "noirs" | "b" => "black".to_owned(),
        "sud" | "s" => "south".to_owned(),
        "nord" | "n" => "north".to_owned(),
        _ => word,
    }
}

fn is_side_word(word: &str) -> bool {
    matches!(side_word(word).as_str(), "white" | "black" | "south" | "north")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line, false).unwrap().unwrap()
    }

    #[test]
    fn prefix_is_required_in_chat_and_optional_on_the_console() {
        assert_eq!(parse("hello everyone", true), Ok(None));
        assert_eq!(parse("!lalaoplay fano", true), Ok(None));
        assert_eq!(parse("!lalao", true), Ok(Some(Command::Help { topic: None })));
        assert_eq!(
            parse("  !LALAO accept  ", true),
            Ok(Some(Command::Accept { id: None }))
        );
        assert_eq!(
            parse("accept #4", false),
            Ok(Some(Command::Accept { id: Some(MatchId(4)) }))
        );
        assert_eq!(parse("   ", false), Ok(None));
    }

    #[test]
    fn play_with_opponent_options_variants_and_side() {
        assert_eq!(
            ok("!lalao play fano @ana cells=5 misere side=noir"),
            Command::Play(PlaySpec {
                game: GameKind::Fano,
                opponent: Some(Opponent::Named("@ana".into())),
                options: vec![("cells".into(), "5".into())],
                variants: vec!["misere".into()],
                side: Some("black".into()),
            })
        );
        assert_eq!(
            ok("défi katro ouvert"),
            Command::Play(PlaySpec {
                game: GameKind::Katro,
                opponent: Some(Opponent::Open),
                options: vec![],
                variants: vec![],
                side: None,
            })
        );
        assert_eq!(
            ok("play katro bot niveau=difficile"),
            Command::Play(PlaySpec {
                game: GameKind::Katro,
                opponent: Some(Opponent::Computer(lalao_core::ai::Level::Hard)),
                options: vec![],
                variants: vec![],
                side: None,
            })
        );
        let Command::Play(spec) = ok("play fano level=easy @lalao side=black") else {
            panic!()
        };
        assert_eq!(
            spec.opponent,
            Some(Opponent::Computer(lalao_core::ai::Level::Easy))
        );
        assert_eq!(spec.side, Some("black".into()));
        let Command::Play(spec) = ok("défi samantsy ordi") else {
            panic!()
        };
        assert_eq!(
            spec.opponent,
            Some(Opponent::Computer(lalao_core::ai::Level::Medium))
        );
        let Command::Play(spec) = ok("play fano niveau=facile <@99>") else {
            panic!()
        };
        assert_eq!(spec.opponent, Some(Opponent::Named("<@99>".into())));
        assert_eq!(spec.options, vec![("level".into(), "easy".into())]);
        assert_eq!(
            parse("play fano level=easy open", false),
            Err(ParseError::Unexpected {
                word: "level=easy".into()
            })
        );
        assert_eq!(
            parse("play fano bot level=genius", false),
            Err(ParseError::BadValue {
                what: "level",
                value: "genius".into()
            })
        );
        let Command::Play(spec) = ok("play mangala practice variant:random-start") else {
            panic!()
        };
        assert_eq!(spec.opponent, Some(Opponent::Practice));
        assert_eq!(spec.variants, vec!["variant:random-start".to_owned()]);
        assert_eq!(
            parse("play chess", false),
            Err(ParseError::UnknownGame { word: "chess".into() })
        );
        assert_eq!(
            parse("play", false),
            Err(ParseError::Missing {
                command: "play",
                what: "game"
            })
        );
        assert_eq!(
            parse("play fano @a @b", false),
            Err(ParseError::Unexpected { word: "@b".into() })
        );
        assert_eq!(
            parse("play fano cells=5 cells=7", false),
            Err(ParseError::Unexpected {
                word: "cells=7".into()
            })
        );
    }

    #[test]
    fn moves_explicit_and_bare() {
        assert_eq!(
            ok("move e2-e4"),
            Command::Move {
                id: None,
                text: "e2-e4".into(),
                explicit: true
            }
        );
        assert_eq!(
            ok("!lalao m @3 #12"),
            Command::Move {
                id: Some(MatchId(12)),
                text: "@3".into(),
                explicit: true
            }
        );
        assert_eq!(
            ok("2-3"),
            Command::Move {
                id: None,
                text: "2-3".into(),
                explicit: false
            }
        );
        assert_eq!(
            ok("#3 2-3"),
            Command::Move {
                id: Some(MatchId(3)),
                text: "2-3".into(),
                explicit: false
            }
        );
        assert_eq!(
            parse("move", false),
            Err(ParseError::Missing {
                command: "move",
                what: "move"
            })
        );
        assert_eq!(
            parse("frobnicate the board", false),
            Err(ParseError::UnknownCommand {
                word: "frobnicate".into()
            })
        );
        assert_eq!(
            parse("accept #1 #2", false),
            Err(ParseError::Unexpected { word: "#2".into() })
        );
    }

    #[test]
    fn board_style_and_viewpoint() {
        assert_eq!(
            ok("board"),
            Command::Board {
                id: None,
                style: None,
                viewpoint: None
            }
        );
        assert_eq!(
            ok("show #2 large noir"),
            Command::Board {
                id: Some(MatchId(2)),
                style: Some(Style::Large),
                viewpoint: Some("black".into())
            }
        );
        assert_eq!(
            ok("board style=emoji view=south"),
            Command::Board {
                id: None,
                style: Some(Style::Emoji),
                viewpoint: Some("south".into())
            }
        );
        assert_eq!(
            parse("board style=huge", false),
            Err(ParseError::BadValue {
                what: "style",
                value: "huge".into()
            })
        );
    }

    #[test]
    fn offers_and_answers() {
        assert_eq!(
            ok("draw"),
            Command::Draw {
                id: None,
                answer: None
            }
        );
        assert_eq!(
            ok("draw accept #5"),
            Command::Draw {
                id: Some(MatchId(5)),
                answer: Some(Answer::Accept)
            }
        );
        assert_eq!(
            ok("undo non"),
            Command::Undo {
                id: None,
                answer: Some(Answer::Decline)
            }
        );
        assert_eq!(
            parse("draw maybe", false),
            Err(ParseError::BadValue {
                what: "answer",
                value: "maybe".into()
            })
        );
    }

    #[test]
    fn lists_history_export_rules_help() {
        assert_eq!(
            ok("list"),
            Command::List {
                scope: ListScope::Channel
            }
        );
        assert_eq!(
            ok("list mine"),
            Command::List {
                scope: ListScope::Mine
            }
        );
        assert_eq!(ok("history #7"), Command::History { id: Some(MatchId(7)) });
        assert_eq!(ok("export"), Command::Export { id: None });
        assert_eq!(
            ok("rules fano misere"),
            Command::Rules {
                game: Some(GameKind::Fano),
                variants: vec!["misere".into()]
            }
        );
        assert_eq!(
            ok("règles"),
            Command::Rules {
                game: None,
                variants: vec![]
            }
        );
        assert_eq!(
            ok("help play"),
            Command::Help {
                topic: Some("play".into())
            }
        );
    }

    #[test]
    fn settings_in_every_spelling() {
        let fr = SettingsChange {
            locale: Some(Locale::Fr),
            style: None,
        };
        assert_eq!(ok("settings language=fr"), Command::Settings(fr));
        assert_eq!(ok("settings language fr"), Command::Settings(fr));
        assert_eq!(ok("réglages français"), Command::Settings(fr));
        assert_eq!(
            ok("settings en style=large"),
            Command::Settings(SettingsChange {
                locale: Some(Locale::En),
                style: Some(Style::Large)
            })
        );
        assert_eq!(ok("settings"), Command::Settings(SettingsChange::default()));
        assert_eq!(
            parse("settings language mg", false),
            Err(ParseError::BadValue {
                what: "language",
                value: "mg".into()
            })
        );
        assert_eq!(
            parse("settings colour=red", false),
            Err(ParseError::BadValue {
                what: "setting",
                value: "colour".into()
            })
        );
    }

    #[test]
    fn mangala_rite_commands() {
        assert_eq!(
            ok("coins 2 #9"),
            Command::Coins {
                id: Some(MatchId(9)),
                count: Some(2)
            }
        );
        assert_eq!(
            ok("coins"),
            Command::Coins {
                id: None,
                count: None
            }
        );
        assert_eq!(
            parse("coins 3", false),
            Err(ParseError::BadValue {
                what: "coins",
                value: "3".into()
            })
        );
        assert_eq!(
            ok("call tek"),
            Command::Call {
                id: None,
                parity: Parity::Odd
            }
        );
        assert_eq!(
            ok("Çift!"),
            Command::Call {
                id: None,
                parity: Parity::Even
            }
        );
        assert_eq!(
            ok("call pair"),
            Command::Call {
                id: None,
                parity: Parity::Even
            }
        );
        assert_eq!(
            ok("side nord"),
            Command::Side {
                id: None,
                side: "north".into()
            }
        );
    }

    #[test]
    fn channel_board_messages_in_both_languages() {
        use crate::record::BoardMode;
        let boards = |line: &str| match ok(line) {
            Command::Channel(change) => change.boards,
            other => panic!("{other:?}"),
        };
        assert_eq!(boards("channel boards=new"), Some(Some(BoardMode::New)));
        assert_eq!(boards("salon plateaux=modifier"), Some(Some(BoardMode::Edit)));
        assert_eq!(boards("channel boards=default"), Some(None));
        assert_eq!(boards("channel forfeit=auto"), None);
        assert_eq!(
            ok("salon fil=oui"),
            Command::Channel(ChannelChange {
                threads: Some(true),
                ..ChannelChange::default()
            })
        );
        assert_eq!(
            ok("channel thread=off boards=new"),
            Command::Channel(ChannelChange {
                threads: Some(false),
                boards: Some(Some(BoardMode::New)),
                ..ChannelChange::default()
            })
        );
        assert!(parse("channel thread=maybe", false).is_err());
        assert_eq!(
            parse("channel boards=sideways", false),
            Err(ParseError::BadValue {
                what: "channel",
                value: "boards=sideways".into()
            })
        );
    }

    #[test]
    fn overlong_lines_are_refused_before_any_work() {
        assert_eq!(parse(&"a".repeat(MAX_LINE + 1), false), Err(ParseError::TooLong));
    }
}
