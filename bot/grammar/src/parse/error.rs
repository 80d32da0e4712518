//! What the service hears when a line is addressed to the bot but is not a command: a variant
//! per Fluent message, with the offending word, so the refusal is explained in the user's
//! language rather than in the parser's.

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
