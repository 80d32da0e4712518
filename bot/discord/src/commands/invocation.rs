//! An invocation of `/lalao <subcommand> <options…>` read back into a [`Command`] of the bot
//! core (or a line of its text grammar).

use super::*;

/// What an invocation asks of the bot core.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Command(Command),
    /// A line of the text grammar (`grant 2d #3`).
    Text(String),
}

/// An option value as the adapter reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    User(u64),
}

/// A `/lalao` invocation: the subcommand and its options.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub subcommand: String,
    pub options: Vec<(String, Value)>,
    /// The option being typed (autocomplete) and its partial text.
    pub focused: Option<(String, String)>,
}

impl Invocation {
    pub fn from_options(name: &str, options: &[CommandDataOption]) -> Option<Invocation> {
        if name != ROOT {
            return None;
        }
        let first = options.first()?;
        let CommandDataOptionValue::SubCommand(inner) = &first.value else {
            return None;
        };
        let mut invocation = Invocation {
            subcommand: first.name.clone(),
            options: Vec::new(),
            focused: None,
        };
        for option in inner {
            let value = match &option.value {
                CommandDataOptionValue::String(text) => Value::Str(text.clone()),
                CommandDataOptionValue::Integer(number) => Value::Int(*number),
                CommandDataOptionValue::Boolean(flag) => Value::Bool(*flag),
                CommandDataOptionValue::User(user) => Value::User(user.get()),
                CommandDataOptionValue::Autocomplete { value, .. } => {
                    invocation.focused = Some((option.name.clone(), value.clone()));
                    continue;
                }
                _ => continue,
            };
            invocation.options.push((option.name.clone(), value));
        }
        Some(invocation)
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.options
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
    }

    fn str(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Str(text)) => Some(text.as_str()),
            _ => None,
        }
    }

    pub fn match_id(&self) -> Option<MatchId> {
        match self.get("match") {
            Some(Value::Int(id)) if *id > 0 => Some(MatchId(*id as u64)),
            _ => None,
        }
    }

    /// What to hand the bot core: a command, or for [`TEXT_ARGUMENTS`] subcommands a line of its
    /// text grammar. `Err` carries the Fluent id of what is wrong with the options.
    pub fn request(&self) -> Result<Request, &'static str> {
        if let Some((_, field)) = TEXT_ARGUMENTS.iter().find(|(name, _)| *name == self.subcommand) {
            let mut line = self.subcommand.clone();
            if let Some(words) = self.str(field) {
                line.push(' ');
                line.push_str(words);
            }
            if let Some(id) = self.match_id() {
                line.push_str(&format!(" {id}"));
            }
            return Ok(Request::Text(line));
        }
        self.command().map(Request::Command)
    }

    /// The bot-core command. `Err` carries the Fluent id of what is wrong with the options (Discord
    /// validates types and choices, so this only happens with an outdated command definition).
    pub fn command(&self) -> Result<Command, &'static str> {
        let id = self.match_id();
        let answer = || match self.str("answer") {
            None => Ok(None),
            Some("offer") => Ok(Some(Answer::Offer)),
            Some("accept") => Ok(Some(Answer::Accept)),
            Some("decline") => Ok(Some(Answer::Decline)),
            Some(_) => Err("discord-bad-option"),
        };
        let style = || {
            self.str("style")
                .map(|s| Style::from_id(s).ok_or("discord-bad-option"))
                .transpose()
        };
        Ok(match self.subcommand.as_str() {
            "play" => {
                let game = self
                    .str("game")
                    .and_then(GameKind::from_id)
                    .ok_or("discord-bad-option")?;
                let opponent = match (self.get("opponent"), self.get("practice")) {
                    (Some(Value::User(user)), _) => Some(Opponent::Named(format!("<@{user}>"))),
                    (None, Some(Value::Bool(true))) => Some(Opponent::Practice),
                    _ => Some(Opponent::Open),
                };
                let mut options = Vec::new();
                let mut variants = Vec::new();
                for word in self.str("options").unwrap_or_default().split_whitespace() {
                    match word.split_once('=') {
                        Some((key, value)) => options.push((key.to_owned(), value.to_owned())),
                        None => variants.push(word.to_owned()),
                    }
                }
                Command::Play(PlaySpec {
                    game,
                    opponent,
                    options,
                    variants,
                    side: self.str("side").map(str::to_owned),
                })
            }
            "move" => Command::Move {
                id,
                text: self.str("move").ok_or("discord-bad-option")?.trim().to_owned(),
                explicit: true,
            },
            "board" => Command::Board {
                id,
                style: style()?,
                viewpoint: None,
            },
            "accept" => Command::Accept { id },
            "decline" => Command::Decline { id },
            "cancel" => Command::Cancel { id },
            "resign" => Command::Resign { id },
            "draw" => Command::Draw {
                id,
                answer: answer()?,
            },
            "undo" => Command::Undo {
                id,
                answer: answer()?,
            },
            "list" => Command::List {
                scope: match self.str("scope") {
                    Some("mine") => ListScope::Mine,
                    _ => ListScope::Channel,
                },
            },
            "history" => Command::History { id },
            "export" => Command::Export { id },
            "rules" => Command::Rules {
                game: self
                    .str("game")
                    .map(|g| GameKind::from_id(g).ok_or("discord-bad-option"))
                    .transpose()?,
                variants: self
                    .str("variants")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect(),
            },
            "help" => Command::Help {
                topic: self.str("topic").map(str::to_owned),
            },
            "settings" => Command::Settings(SettingsChange {
                locale: self
                    .str("language")
                    .map(|l| Locale::from_tag(l).ok_or("discord-bad-option"))
                    .transpose()?,
                style: style()?,
            }),
            "coins" => Command::Coins {
                id,
                count: match self.get("count") {
                    Some(Value::Int(count @ 1..=2)) => Some(*count as u8),
                    _ => return Err("discord-bad-option"),
                },
            },
            "call" => Command::Call {
                id,
                parity: match self.str("parity") {
                    Some("odd") => Parity::Odd,
                    Some("even") => Parity::Even,
                    _ => return Err("discord-bad-option"),
                },
            },
            "side" => Command::Side {
                id,
                side: self.str("side").ok_or("discord-bad-option")?.to_owned(),
            },
            "claim" => Command::Timeout {
                id,
                action: TimeoutAction::Claim,
            },
            "waive" => Command::Timeout {
                id,
                action: TimeoutAction::Waive,
            },
            _ => return Err("discord-unknown-command"),
        })
    }
}
