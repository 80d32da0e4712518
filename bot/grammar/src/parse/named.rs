//! A command from arguments given by name (Discord's options), each value checked by the text
//! parser's function for that argument's word, free words (`options`, `settings`, `moves`) by
//! their own small language: the [`Command`] (or [`ParseError`]) its typed line gives.

use super::class::{
    class_language, class_name, class_style, game_then_number, keep_days, missing, one_id, read_spec_words,
    read_team_words, tournament_word, unexpected,
};
use super::play::{computer_level_of, read_play_words, settle_level, AskedLevel};
use super::words::class_switch;
use super::words::{look_from_word, lower, move_text, side_word};
use super::{
    answer_of, channel::channel_change, coins_of, grant_seconds, known_game, lesson_number,
    notify::notify_change, parity_of, plan_change, scope_of, vacation_days, ParseError,
};
use crate::grammar::vocabulary::{LEADERBOARDS, SWITCHES};
use crate::grammar::{verb_at, Given, Verb};
use crate::{ClassCommand, Command, Opponent, PlaySpec, SettingsChange, TimeoutAction};
use lalao_model::ids::MatchId;

mod class_args;
use class_args::{bare_class_name, class_id, game_spec, spec_of, team};

/// The command the verb at `path` (`["class", "add"]`) with these named values stands for, or why
/// none (unknown names, empty texts, false flags ignored); `None`: no verb of the table.
pub fn command_of(path: &[&str], given: &[(String, Given)]) -> Option<Result<Command, ParseError>> {
    let verb = verb_at(path)?;
    // Only the verb's own arguments count, as a typed line has no word for any other.
    let own: Vec<(String, Given)> = given
        .iter()
        .filter(|(name, _)| verb.args.iter().any(|arg| arg.en == name))
        .cloned()
        .collect();
    let named = Named(&own);
    Some(match verb.parent {
        Some(_) => class_command(verb, &named).map(Command::Class),
        // A Discord client that still has the definitions from before the subverbs sends them
        // as free words (`/lalao class words:add Ana`): they are the class's own language.
        None if !verb.subverbs.is_empty() => {
            let words: Vec<&str> = given
                .iter()
                .filter_map(|(_, value)| match value {
                    Given::Text(text) => Some(text.as_str()),
                    _ => None,
                })
                .flat_map(str::split_whitespace)
                .collect();
            super::class::parse_class(&words).map(Command::Class)
        }
        None => command(verb, &named),
    })
}

/// The values given, by name.
struct Named<'a>(&'a [(String, Given)]);

impl Named<'_> {
    fn value(&self, name: &str) -> Option<&Given> {
        self.0
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value)
    }

    /// A value as its words: a text trimmed (`None` if empty), a number in digits, a user as
    /// their mention.
    fn text(&self, name: &str) -> Option<String> {
        let text = match self.value(name)? {
            Given::Text(text) => text.trim().to_owned(),
            Given::Number(number) => number.to_string(),
            Given::Player(mention) => mention.clone(),
            Given::Flag(flag) => flag.to_string(),
        };
        (!text.is_empty()).then_some(text)
    }

    /// A value that is one word: a second word is refused, as in a typed line.
    fn word(&self, name: &str) -> Result<Option<String>, ParseError> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let mut words = text.split_whitespace();
        let first = words.next().map(str::to_owned);
        match words.next() {
            Some(extra) => Err(unexpected(extra)),
            None => Ok(first),
        }
    }

    /// A required one-word value.
    fn required(&self, name: &str, command: &'static str, what: &'static str) -> Result<String, ParseError> {
        self.word(name)?.ok_or(ParseError::Missing { command, what })
    }

    fn flag(&self, name: &str) -> bool {
        matches!(self.value(name), Some(Given::Flag(true)))
    }

    /// The match named (`match`): a number, refused as the typed `#n` would be if it is none.
    fn id(&self) -> Result<Option<MatchId>, ParseError> {
        let Some(text) = self.text("match") else {
            return Ok(None);
        };
        let word = if text.starts_with('#') {
            text
        } else {
            format!("#{text}")
        };
        MatchId::parse(&word).map(Some).ok_or_else(|| unexpected(&word))
    }

    /// A game named by `name`, if any.
    fn game(&self, name: &str) -> Result<Option<lalao_core::GameKind>, ParseError> {
        self.word(name)?.map(|word| known_game(&word)).transpose()
    }

    /// A required game (`play`, `top`, the class's games).
    fn required_game(&self, command: &'static str) -> Result<lalao_core::GameKind, ParseError> {
        known_game(&self.required("game", command, "game")?)
    }
}

/// A verb that is no class verb.
fn command(verb: &Verb, args: &Named) -> Result<Command, ParseError> {
    let command = match verb.en {
        "play" => play(args)?,
        "move" => Command::Move {
            text: move_text(&args.required("move", "move", "move")?),
            id: args.id()?,
            explicit: true,
        },
        "board" => Command::Board {
            id: args.id()?,
            style: args
                .word("style")?
                .map(|style| {
                    let style = lower(&style);
                    look_from_word(&style).ok_or(ParseError::BadValue {
                        what: "style",
                        value: style,
                    })
                })
                .transpose()?,
            viewpoint: args.word("view")?.map(|view| side_word(&view)),
        },
        "accept" => Command::Accept { id: args.id()? },
        "decline" => Command::Decline { id: args.id()? },
        "cancel" => Command::Cancel { id: args.id()? },
        "resign" => Command::Resign { id: args.id()? },
        "hint" => Command::Hint { id: args.id()? },
        "history" => Command::History { id: args.id()? },
        "review" => Command::Review { id: args.id()? },
        "learn" => Command::Learn {
            game: args.game("game")?,
            lesson: args
                .word("lesson")?
                .map(|word| lesson_number(&word))
                .transpose()?,
        },
        "puzzle" => {
            let (game, daily) = (args.game("game")?, args.flag("daily"));
            // A puzzle of the day is the channel's: it names no game.
            if daily && game.is_some() {
                return Err(unexpected("daily"));
            }
            Command::Puzzle { game, daily }
        }
        "rematch" => Command::Rematch {
            id: args.id()?,
            keep_sides: args.flag("keep"),
        },
        "link" => Command::Link {
            id: args.id()?,
            new: args.flag("new"),
        },
        "draw" => Command::Draw {
            answer: args.word("answer")?.map(|word| answer_of(&word)).transpose()?,
            id: args.id()?,
        },
        "undo" => Command::Undo {
            answer: args.word("answer")?.map(|word| answer_of(&word)).transpose()?,
            id: args.id()?,
        },
        "list" => Command::List {
            scope: args
                .word("scope")?
                .map(|word| scope_of(&word))
                .transpose()?
                .unwrap_or(crate::ListScope::Channel),
        },
        "export" => Command::Export {
            id: args.id()?,
            animation: args.flag("animation"),
        },
        "rating" => Command::Rating {
            player: args.word("player")?,
            game: args.game("game")?,
        },
        "forget" => Command::Forget {
            confirmed: args.flag("confirm"),
        },
        "my-data" => Command::MyData,
        "profile" => Command::Profile {
            player: args.word("player")?,
        },
        "top" => top(args)?,
        "rules" => rules(args)?,
        "help" => Command::Help {
            topic: args.word("topic")?.map(|word| lower(&word)),
        },
        "settings" => settings(args)?,
        "coins" => Command::Coins {
            count: args.word("count")?.map(|word| coins_of(&word)).transpose()?,
            id: args.id()?,
        },
        "call" => Command::Call {
            parity: parity_of(&args.required("parity", "call", "parity")?)?,
            id: args.id()?,
        },
        "side" => Command::Side {
            side: side_word(&args.required("side", "side", "side")?),
            id: args.id()?,
        },
        "claim" => Command::Timeout {
            id: args.id()?,
            action: TimeoutAction::Claim,
        },
        "waive" => Command::Timeout {
            id: args.id()?,
            action: TimeoutAction::Waive,
        },
        "grant" => {
            let time = args.text("time").ok_or(ParseError::Missing {
                command: "grant",
                what: "time",
            })?;
            let (first, rest) = first_word(&time);
            let seconds = grant_seconds(first)?;
            no_more(rest)?;
            Command::Timeout {
                id: args.id()?,
                action: TimeoutAction::Grant(seconds),
            }
        }
        "plan" => Command::Plan {
            id: args.id()?,
            change: plan_change(&words(&args.text("moves")))?,
        },
        "vacation" => {
            let days = args.text("days").ok_or(ParseError::Missing {
                command: "vacation",
                what: "days",
            })?;
            let (first, rest) = first_word(&days);
            let days = vacation_days(first)?;
            no_more(rest)?;
            Command::Vacation { days }
        }
        "notify" => Command::Notify(notify_change(&words(&args.text("settings")))?),
        "channel" => Command::Channel(channel_change(&words(&args.text("settings")))?),
        // Every verb of the table has its arm (a test reads each): total all the same.
        other => {
            return Err(ParseError::UnknownCommand {
                word: other.to_owned(),
            })
        }
    };
    Ok(command)
}

/// The words of a free-words value (none if it was not given).
fn words(text: &Option<String>) -> Vec<&str> {
    text.as_deref()
        .map(|text| text.split_whitespace().collect())
        .unwrap_or_default()
}

/// The first word of a non-empty text, and the words after it.
fn first_word(text: &str) -> (&str, Vec<&str>) {
    let mut words = text.split_whitespace();
    (words.next().unwrap_or_default(), words.collect())
}

fn no_more(rest: Vec<&str>) -> Result<(), ParseError> {
    match rest.first() {
        Some(word) => Err(unexpected(word)),
        None => Ok(()),
    }
}

/// `play`: the opponent from whichever argument names one (two are refused, as two typed
/// opponents are), the level and side, then the `options` words and the `position` as typed.
fn play(args: &Named) -> Result<Command, ParseError> {
    let game = args.required_game("play")?;
    let mut spec = PlaySpec {
        game,
        opponent: None,
        options: Vec::new(),
        variants: Vec::new(),
        side: None,
        position: None,
    };
    let opponents = [
        // A word of the list (`vote`), else a mention.
        args.word("opponent")?
            .map(|word| match super::play::opponent_of(&word) {
                Some(Opponent::Vote(level)) => (word, Opponent::Vote(level)),
                _ => (word.clone(), Opponent::Named(word)),
            }),
        args.flag("practice")
            .then(|| ("practice".to_owned(), Opponent::Practice)),
        args.flag("computer").then(|| {
            let computer = Opponent::Computer(lalao_core::ai::Level::Medium);
            ("computer".to_owned(), computer)
        }),
    ];
    for (word, opponent) in opponents.into_iter().flatten() {
        if spec.opponent.is_some() {
            return Err(ParseError::Unexpected { word });
        }
        spec.opponent = Some(opponent);
    }
    let mut level: AskedLevel = None;
    if let Some(word) = args.word("level")? {
        level = Some((computer_level_of(&word)?, format!("level={word}").into()));
    }
    spec.side = args.word("side")?.map(|side| side_word(&side));
    let options = args.text("options");
    read_play_words(&mut spec, &mut level, words(&options).into_iter())?;
    if let Some(position) = args.text("position") {
        spec.position = Some(words(&Some(position)).join(" "));
    }
    settle_level(&mut spec, level)?;
    Ok(Command::Play(spec))
}

/// `top`: a game, here or global, a page from 1.
fn top(args: &Named) -> Result<Command, ParseError> {
    let game = args.required_game("top")?;
    let global = match args.word("scope")? {
        None => false,
        Some(word) => LEADERBOARDS.find(&word).ok_or_else(|| unexpected(&word))? == "global",
    };
    let page = match args.word("page")? {
        None => None,
        Some(word) => Some(
            word.parse::<u32>()
                .ok()
                .filter(|page| *page >= 1)
                .ok_or_else(|| unexpected(&word))?,
        ),
    };
    Ok(Command::Top { game, global, page })
}

/// `rules`: a game and its variants.
fn rules(args: &Named) -> Result<Command, ParseError> {
    let variants = args.text("variants");
    let mut variants = words(&variants);
    let game = match args.game("game")? {
        // Variants are of a game: without one, the first word is the game, as typed.
        None if !variants.is_empty() => Some(known_game(variants.remove(0))?),
        game => game,
    };
    let variants = variants.into_iter().map(lower).collect();
    Ok(Command::Rules { game, variants })
}

/// `settings`: each one named, each value checked as its typed `key=value` is.
fn settings(args: &Named) -> Result<Command, ParseError> {
    let switch = |name: &str| -> Result<Option<bool>, ParseError> {
        args.word(name)?
            .map(|value| {
                let value = lower(&value);
                match SWITCHES.find(&value) {
                    Some(switch) => Ok(switch == "on"),
                    None => Err(ParseError::BadValue {
                        what: SWITCHES.what,
                        value,
                    }),
                }
            })
            .transpose()
    };
    let locale = args
        .word("language")?
        .map(|value| {
            let value = lower(&value);
            super::words::locale_from_word(&value).ok_or(ParseError::BadValue {
                what: "language",
                value,
            })
        })
        .transpose()?;
    let style = args
        .word("style")?
        .map(|value| {
            let value = lower(&value);
            look_from_word(&value).ok_or(ParseError::BadValue { what: "style", value })
        })
        .transpose()?;
    Ok(Command::Settings(SettingsChange {
        locale,
        style,
        leaderboard: switch("leaderboard")?,
        auto: switch("auto")?,
    }))
}

/// A class verb (`class add`, `/class add`).
fn class_command(verb: &Verb, args: &Named) -> Result<ClassCommand, ParseError> {
    let command = match verb.en {
        "show" => ClassCommand::Show,
        "standings" => ClassCommand::Standings,
        "csv" => ClassCommand::Csv,
        "report" => ClassCommand::Report,
        "simul" => class_args::simul(args)?,
        "vote" => class_args::vote(args)?,
        "export" => ClassCommand::Export,
        "dashboard" => ClassCommand::Dashboard,
        "progress" => ClassCommand::Progress,
        "delete" => ClassCommand::Delete,
        "new" => ClassCommand::New {
            name: args
                .word("name")?
                .map(|name| bare_class_name(&name))
                .transpose()?,
            locale: args
                .word("language")?
                .map(|value| class_language(&value))
                .transpose()?,
            style: args.word("style")?.map(|value| class_style(&value)).transpose()?,
        },
        "settings" => ClassCommand::Settings {
            name: args.word("name")?.map(|name| class_name(&name)).transpose()?,
            locale: args
                .word("language")?
                .map(|value| class_language(&value))
                .transpose()?,
            style: args.word("style")?.map(|value| class_style(&value)).transpose()?,
            go_on: args.word("next")?.map(|value| class_switch(&value)).transpose()?,
            keep: args.word("keep")?.map(|value| keep_days(&value)).transpose()?,
        },
        "add" => {
            let pupils = args.text("pupils");
            let names = words(&pupils);
            if names.is_empty() {
                return Err(missing("pupil"));
            }
            ClassCommand::Add {
                names: names.into_iter().map(str::to_owned).collect(),
            }
        }
        "remove" => ClassCommand::Remove {
            name: args.word("pupil")?.ok_or(missing("pupil"))?,
        },
        "erase" => ClassCommand::Erase {
            name: args.word("pupil")?.ok_or(missing("pupil"))?,
        },
        "bind" => {
            let (name, mention) = (args.word("pupil")?, args.word("player")?);
            let (Some(name), Some(mention)) = (name, mention) else {
                return Err(missing("pupil"));
            };
            ClassCommand::Bind { name, mention }
        }
        "team" => team(args)?,
        "match" | "activity" => {
            let (first, second) = (args.word("first")?, args.word("second")?);
            let (Some(first), Some(second)) = (first, second) else {
                return Err(missing("seats"));
            };
            let seats = [first, second];
            let spec = game_spec(args)?;
            if verb.en == "match" {
                ClassCommand::Match { seats, spec }
            } else if spec.position.is_some() {
                // The activity is the placement from an empty board: it has no other start
                // (the first word that gives one is refused, as typed).
                let (options, position) = (args.text("options"), args.text("position"));
                let word = words(&options)
                    .into_iter()
                    .find(|word| lower(word).starts_with("position="))
                    .map(str::to_owned)
                    .or_else(|| words(&position).first().map(|word| format!("position={word}")));
                return Err(unexpected(word.as_deref().unwrap_or("position")));
            } else {
                ClassCommand::Activity { seats, spec }
            }
        }
        "tournament" => {
            let (mut swiss, mut teams) = (None, false);
            let options = args.text("options");
            let mut spec_words = Vec::new();
            for word in words(&options) {
                if !tournament_word(word, &mut swiss, &mut teams)? {
                    spec_words.push(word);
                }
            }
            if args.flag("swiss") {
                swiss = Some(swiss.unwrap_or(0));
            }
            if let Some(rounds) = args.word("rounds")? {
                tournament_word(&format!("rounds={rounds}"), &mut swiss, &mut teams)?;
            }
            teams |= args.flag("teams");
            let spec = spec_of(args.required_game("class")?, &spec_words, args.text("position"))?;
            ClassCommand::Tournament { spec, swiss, teams }
        }
        "learn" | "puzzle" | "homework" => {
            let game = args.word("game")?.ok_or(missing("game"))?;
            let number = args.word(if verb.en == "homework" { "count" } else { "lesson" })?;
            let given: Vec<&str> = [Some(game.as_str()), number.as_deref()]
                .into_iter()
                .flatten()
                .collect();
            let (game, number) = game_then_number(&given)?;
            match verb.en {
                "learn" => ClassCommand::Learn { game, lesson: number },
                "homework" => ClassCommand::Homework { game, count: number },
                _ => ClassCommand::Puzzle { game },
            }
        }
        "link" => ClassCommand::Link {
            new: args.flag("new"),
        },
        "pause" => ClassCommand::Pause { id: class_id(args)? },
        "resume" => ClassCommand::Resume { id: class_id(args)? },
        "undo" => ClassCommand::Undo { id: class_id(args)? },
        "restart" => ClassCommand::Restart { id: class_id(args)? },
        "result" => {
            let id = class_id(args)?;
            let winner = args.word("winner")?.ok_or(missing("winner"))?;
            // A word that looks like a match number is not a seat's name.
            if winner.starts_with('#') {
                return Err(unexpected(&winner));
            }
            ClassCommand::Result { id, winner }
        }
        // Every verb of the table has its arm (a test reads each): total all the same.
        other => {
            return Err(ParseError::BadValue {
                what: "class",
                value: other.to_owned(),
            })
        }
    };
    Ok(command)
}
