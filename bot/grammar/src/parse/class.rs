//! The text form of `class …` (docs/classroom.md). Same rules as the rest of the grammar: pure,
//! total, English and French words.

use lalao_renderer::{Locale, Style};

use super::spec::parse_spec;
pub(super) use super::spec::read_spec_words;
use super::words::{class_switch, game_from_word, locale_from_word, style_from_word};
use super::ParseError;
use crate::grammar::verb_named;
use crate::grammar::vocabulary::ORDERS;
use crate::ClassCommand;
use lalao_model::ids::MatchId;
use lalao_model::record::{TeamOrder, MAX_CLASS_NAME};

fn lower(word: &str) -> String {
    word.to_lowercase()
}

pub(super) fn unexpected(word: &str) -> ParseError {
    ParseError::Unexpected {
        word: word.to_owned(),
    }
}

pub(super) fn missing(what: &'static str) -> ParseError {
    ParseError::Missing {
        command: "class",
        what,
    }
}

/// Parses the words after `class`: a subverb of the table's `class` (`CLASS_VERBS`), then
/// its arguments.
pub fn parse_class(words: &[&str]) -> Result<ClassCommand, ParseError> {
    let Some((first, rest)) = words.split_first() else {
        return Ok(ClassCommand::Show);
    };
    let Some(sub) = verb_named("class").and_then(|class| class.subverb_of(first)) else {
        return Err(ParseError::BadValue {
            what: "class",
            value: (*first).to_owned(),
        });
    };
    let command = match sub.en {
        "show" => {
            no_more(rest)?;
            ClassCommand::Show
        }
        "new" => {
            let ((name, locale, style), _) = parse_class_settings(rest, true)?;
            ClassCommand::New { name, locale, style }
        }
        "settings" => {
            let ((name, locale, style), (go_on, keep)) = parse_class_settings(rest, false)?;
            ClassCommand::Settings {
                name,
                locale,
                style,
                go_on,
                keep,
            }
        }
        "delete" => {
            no_more(rest)?;
            ClassCommand::Delete
        }
        "add" => {
            if rest.is_empty() {
                return Err(missing("pupil"));
            }
            ClassCommand::Add {
                names: rest.iter().map(|word| (*word).to_owned()).collect(),
            }
        }
        "remove" => match rest {
            [name] => ClassCommand::Remove {
                name: (*name).to_owned(),
            },
            [] => return Err(missing("pupil")),
            [_, extra, ..] => return Err(unexpected(extra)),
        },
        "erase" => match rest {
            [name] => ClassCommand::Erase {
                name: (*name).to_owned(),
            },
            [] => return Err(missing("pupil")),
            [_, extra, ..] => return Err(unexpected(extra)),
        },
        "bind" => match rest {
            [name, mention] => ClassCommand::Bind {
                name: (*name).to_owned(),
                mention: (*mention).to_owned(),
            },
            [] | [_] => return Err(missing("pupil")),
            [_, _, extra, ..] => return Err(unexpected(extra)),
        },
        "team" => parse_team(rest)?,
        "match" | "activity" => parse_match(sub.en, rest)?,
        "tournament" => parse_tournament(rest)?,
        "standings" => no_more(rest).map(|()| ClassCommand::Standings)?,
        "csv" => no_more(rest).map(|()| ClassCommand::Csv)?,
        "report" => no_more(rest).map(|()| ClassCommand::Report)?,
        "simul" => super::simul::parse_simul(rest)?,
        "vote" => super::vote::parse_vote(rest)?,
        "export" => no_more(rest).map(|()| ClassCommand::Export)?,
        "dashboard" => no_more(rest).map(|()| ClassCommand::Dashboard)?,
        "link" => match rest {
            [] => ClassCommand::Link { new: false },
            [word] if matches!(lower(word).as_str(), "new" | "nouveau") => ClassCommand::Link { new: true },
            [word, ..] => return Err(unexpected(word)),
        },
        "learn" => {
            let (game, lesson) = game_then_number(rest)?;
            ClassCommand::Learn { game, lesson }
        }
        "puzzle" => match game_then_number(rest)? {
            (game, None) => ClassCommand::Puzzle { game },
            (_, Some(_)) => return Err(unexpected(rest[1])),
        },
        "homework" => {
            let (game, count) = game_then_number(rest)?;
            ClassCommand::Homework { game, count }
        }
        "progress" => {
            no_more(rest)?;
            ClassCommand::Progress
        }
        "pause" => ClassCommand::Pause { id: one_id(rest)? },
        "resume" => ClassCommand::Resume { id: one_id(rest)? },
        "undo" => ClassCommand::Undo { id: one_id(rest)? },
        "restart" => ClassCommand::Restart { id: one_id(rest)? },
        "result" => {
            let mut id = None;
            let mut winner = None;
            for word in rest {
                match MatchId::parse(word).filter(|_| word.starts_with('#')) {
                    Some(found) if id.is_none() => id = Some(found),
                    _ if winner.is_none() && !word.starts_with('#') => winner = Some((*word).to_owned()),
                    _ => return Err(unexpected(word)),
                }
            }
            ClassCommand::Result {
                id: id.ok_or(missing("match"))?,
                winner: winner.ok_or(missing("winner"))?,
            }
        }
        // Every verb of the table has its arm (a test parses each): total all the same.
        _ => {
            return Err(ParseError::BadValue {
                what: "class",
                value: (*first).to_owned(),
            })
        }
    };
    Ok(command)
}

/// `class team <name> <pupils…> [order]`.
fn parse_team(rest: &[&str]) -> Result<ClassCommand, ParseError> {
    let (name, rest) = rest.split_first().ok_or(missing("team"))?;
    let mut order = TeamOrder::Rotation;
    let mut members = Vec::new();
    read_team_words(rest, &mut order, &mut members)?;
    if members.is_empty() {
        return Err(missing("pupil"));
    }
    Ok(ClassCommand::Team {
        name: (*name).to_owned(),
        members,
        order,
    })
}

/// `class match|activity <seat> <seat> <game> [options…]`.
fn parse_match(verb: &str, rest: &[&str]) -> Result<ClassCommand, ParseError> {
    let [a, b, rest @ ..] = rest else {
        return Err(missing("seats"));
    };
    let spec = parse_spec(rest)?;
    let seats = [(*a).to_owned(), (*b).to_owned()];
    // The activity is the placement from an empty board: it has no other start.
    if verb == "activity" && spec.position.is_some() {
        let word = rest
            .iter()
            .find(|word| lower(word).starts_with("position="))
            .copied();
        return Err(unexpected(word.unwrap_or("position")));
    }
    if verb == "match" {
        Ok(ClassCommand::Match { seats, spec })
    } else {
        Ok(ClassCommand::Activity { seats, spec })
    }
}

/// `class tournament <game> [options…] [swiss] [rounds=n] [teams]`.
fn parse_tournament(rest: &[&str]) -> Result<ClassCommand, ParseError> {
    let mut swiss = None;
    let mut teams = false;
    let mut spec_words = Vec::new();
    for word in rest {
        if !tournament_word(word, &mut swiss, &mut teams)? {
            spec_words.push(*word);
        }
    }
    Ok(ClassCommand::Tournament {
        spec: parse_spec(&spec_words)?,
        swiss,
        teams,
    })
}

/// The words of `class team` after the team's name: its members, and its order as
/// `order=any` (`ordre=libre`) or the order's word alone.
pub(super) fn read_team_words(
    words: &[&str],
    order: &mut TeamOrder,
    members: &mut Vec<String>,
) -> Result<(), ParseError> {
    for word in words {
        let value = match word.split_once('=') {
            Some((key, value)) if matches!(lower(key).as_str(), "order" | "ordre") => {
                Some(ORDERS.find(value).ok_or_else(|| unexpected(word))?)
            }
            Some(_) => return Err(unexpected(word)),
            None => ORDERS.find(word),
        };
        match value {
            Some("any") => *order = TeamOrder::Any,
            Some(_) => *order = TeamOrder::Rotation,
            None => members.push((*word).to_owned()),
        }
    }
    Ok(())
}

/// Whether a word of `class tournament` is one of its own (`teams`, `swiss`, `rounds=3`),
/// read into `swiss` and `teams`; any other word is the game's.
pub(super) fn tournament_word(
    word: &str,
    swiss: &mut Option<u32>,
    teams: &mut bool,
) -> Result<bool, ParseError> {
    let lowered = lower(word);
    if matches!(lowered.as_str(), "teams" | "équipes" | "equipes") {
        *teams = true;
    } else if lowered == "swiss" || lowered == "suisse" {
        *swiss = Some(swiss.unwrap_or(0));
    } else if let Some(count) = lowered
        .strip_prefix("rounds=")
        .or_else(|| lowered.strip_prefix("rondes="))
    {
        let count: u32 = count
            .parse()
            .ok()
            .filter(|count| (1..=50).contains(count))
            .ok_or_else(|| unexpected(word))?;
        *swiss = Some(count);
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// `katro` or `katro 3`: a game, then maybe a number from 1 to 99 (a lesson, a count).
pub(super) fn game_then_number(rest: &[&str]) -> Result<(lalao_core::GameKind, Option<u32>), ParseError> {
    let (game, number) = match rest {
        [] => return Err(missing("game")),
        [game] => (game, None),
        [game, number] => (game, Some(number)),
        [_, _, extra, ..] => return Err(unexpected(extra)),
    };
    let game = game_from_word(game).ok_or_else(|| ParseError::UnknownGame {
        word: (*game).to_owned(),
    })?;
    let number = number.map(|word| super::lesson_number(word)).transpose()?;
    Ok((game, number))
}

fn no_more(rest: &[&str]) -> Result<(), ParseError> {
    match rest.first() {
        Some(word) => Err(unexpected(word)),
        None => Ok(()),
    }
}

pub(super) fn one_id(rest: &[&str]) -> Result<MatchId, ParseError> {
    match rest {
        [word] => MatchId::parse(word).ok_or_else(|| unexpected(word)),
        [] => Err(missing("match")),
        [_, extra, ..] => Err(unexpected(extra)),
    }
}

/// A class's name as given: like pupils' names, letters, digits, `-`, `_`, `'` (no Markdown,
/// links or mentions in a name shown on every class message).
pub(super) fn class_name(value: &str) -> Result<String, ParseError> {
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '\'' | '.');
    if value.is_empty() || value.chars().count() > MAX_CLASS_NAME || !value.chars().all(allowed) {
        return Err(ParseError::BadValue {
            what: "class-name",
            value: value.to_owned(),
        });
    }
    Ok(value.to_owned())
}

/// A class's language as given.
pub(super) fn class_language(value: &str) -> Result<Locale, ParseError> {
    locale_from_word(value).ok_or(ParseError::BadValue {
        what: "language",
        value: value.to_owned(),
    })
}

/// A class's board style as given.
pub(super) fn class_style(value: &str) -> Result<Style, ParseError> {
    style_from_word(value).ok_or(ParseError::BadValue {
        what: "style",
        value: value.to_owned(),
    })
}

/// A class's name, language and board style, each if given.
type NameLanguageStyle = (Option<String>, Option<Locale>, Option<Style>);
/// `next=` and `keep=` of `class settings`.
type GoOnKeep = (Option<bool>, Option<u32>);

/// `[name] [lang=fr|en] [style=…]` of `class new`, or `[name=…] [lang=…] [style=…]
/// [next=on|off] [keep=<days>]` of `class settings` (`bare_name`: whether a bare word is the
/// name, as it is in `class new`, which has no `next` nor `keep`).
fn parse_class_settings(rest: &[&str], bare_name: bool) -> Result<(NameLanguageStyle, GoOnKeep), ParseError> {
    let mut name = None;
    let mut locale = None;
    let mut style = None;
    let mut go_on = None;
    let mut keep = None;
    let valid = |value: &str| class_name(value).map(Some);
    for word in rest {
        match word.split_once('=') {
            Some((key, value)) => match lower(key).as_str() {
                "language" | "lang" | "langue" => {
                    locale = Some(class_language(value)?);
                }
                "style" => {
                    style = Some(class_style(value)?);
                }
                "name" | "nom" => name = valid(value)?,
                "next" | "suite" if !bare_name => go_on = Some(class_switch(value)?),
                "keep" | "garder" if !bare_name => keep = Some(keep_days(value)?),
                _ => return Err(unexpected(word)),
            },
            None if bare_name && name.is_none() => name = valid(word)?,
            None => return Err(unexpected(word)),
        }
    }
    Ok(((name, locale, style), (go_on, keep)))
}

/// The longest a class may keep its finished matches: ten years.
pub const MAX_KEEP_DAYS: u32 = 3650;

/// A class's `keep=` value: whole days, 1 to [`MAX_KEEP_DAYS`].
pub(super) fn keep_days(value: &str) -> Result<u32, ParseError> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|days| (1..=MAX_KEEP_DAYS).contains(days))
        .ok_or_else(|| ParseError::BadValue {
            what: "keep",
            value: value.to_owned(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameSpec;
    use lalao_core::GameKind;

    fn ok(words: &str) -> ClassCommand {
        parse_class(&words.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn class_commands_in_english_and_french() {
        assert_eq!(ok(""), ClassCommand::Show);
        assert_eq!(
            ok("new CE1 lang=en"),
            ClassCommand::New {
                name: Some("CE1".into()),
                locale: Some(Locale::En),
                style: None
            }
        );
        assert_eq!(
            ok("ajouter Ana Bob"),
            ClassCommand::Add {
                names: vec!["Ana".into(), "Bob".into()]
            }
        );
        assert_eq!(
            ok("tournoi fano cells=7"),
            ClassCommand::Tournament {
                spec: GameSpec {
                    game: GameKind::Fano,
                    options: vec![("cells".into(), "7".into())],
                    variants: vec![],
                    position: None
                },
                swiss: None,
                teams: false
            }
        );
        // A set start, for a match or every match of a tournament; never for the activity.
        assert_eq!(
            ok("partie Ana Bob fano position=..WB... w 1 1"),
            ClassCommand::Match {
                seats: ["Ana".into(), "Bob".into()],
                spec: GameSpec {
                    game: GameKind::Fano,
                    options: vec![],
                    variants: vec![],
                    position: Some("..WB... w 1 1".into())
                }
            }
        );
        assert!(matches!(
            ok("tournament katro swiss position=2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"),
            ClassCommand::Tournament {
                swiss: Some(0),
                spec: GameSpec { position: Some(_), .. },
                ..
            }
        ));
        assert!(parse_class(&[
            "activity",
            "Ana",
            "Bob",
            "fano",
            "position=W......",
            "w",
            "1",
            "2"
        ])
        .is_err());
        assert!(matches!(
            ok("tournament fano swiss rounds=3"),
            ClassCommand::Tournament {
                swiss: Some(3),
                teams: false,
                ..
            }
        ));
        assert!(matches!(
            ok("tournoi équipes engehe holes=8"),
            ClassCommand::Tournament {
                swiss: None,
                teams: true,
                ..
            }
        ));
        assert_eq!(
            ok("result #4 draw"),
            ClassCommand::Result {
                id: MatchId(4),
                winner: "draw".into()
            }
        );
        assert_eq!(ok("pause #2"), ClassCommand::Pause { id: MatchId(2) });
        assert_eq!(
            ok("team Lions Ana Bob order=any"),
            ClassCommand::Team {
                name: "Lions".into(),
                members: vec!["Ana".into(), "Bob".into()],
                order: TeamOrder::Any
            }
        );
        assert!(matches!(
            ok("activité Ana Bob fano cells=5"),
            ClassCommand::Activity { .. }
        ));
    }

    #[test]
    fn class_lines_go_through_the_one_grammar() {
        use crate::{parse, Command};
        assert_eq!(
            parse("!lalao classe résultat #4 Ana", true),
            Ok(Some(Command::Class(ClassCommand::Result {
                id: MatchId(4),
                winner: "Ana".into()
            })))
        );
        assert_eq!(
            parse("class", false),
            Ok(Some(Command::Class(ClassCommand::Show)))
        );
        assert_eq!(
            parse("!lalao class pause #2", true).map(|command| command.and_then(|c| c.match_id())),
            Ok(Some(MatchId(2)))
        );
    }

    #[test]
    fn class_mistakes_are_explained() {
        let parse = |words: &str| parse_class(&words.split_whitespace().collect::<Vec<_>>());
        assert!(matches!(
            parse("fly"),
            Err(ParseError::BadValue { what: "class", .. })
        ));
        assert!(matches!(
            parse("add"),
            Err(ParseError::Missing { what: "pupil", .. })
        ));
        assert!(matches!(
            parse("match Ana"),
            Err(ParseError::Missing { what: "seats", .. })
        ));
        assert!(matches!(
            parse("match Ana Bob chess"),
            Err(ParseError::UnknownGame { .. })
        ));
        assert!(matches!(
            parse("pause"),
            Err(ParseError::Missing { what: "match", .. })
        ));
        assert!(matches!(
            parse("result #3"),
            Err(ParseError::Missing { what: "winner", .. })
        ));
        assert!(matches!(
            parse("tournament fano rounds=0"),
            Err(ParseError::Unexpected { .. })
        ));
    }
}
