//! Discord's top-level slash commands the verbs are registered under.

use lalao_renderer::Locale;

use super::vocabulary::name_in;

/// A Discord top-level command. Discord allows 25 subcommands (or groups of 25) per command,
/// within 8,000 characters of names, descriptions and choices: the verbs of the
/// correspondence clock are `/clock <verb>`, those of classroom mode `/class <verb>`, every
/// other verb `/lalao <verb>`, which leaves room under each for the verbs to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlashCommand {
    pub en: &'static str,
    pub fr: &'static str,
}

impl SlashCommand {
    pub fn name(&self, locale: Locale) -> &'static str {
        name_in(locale, self.en, self.fr)
    }
}

pub const SLASH_LALAO: SlashCommand = SlashCommand {
    en: "lalao",
    fr: "lalao",
};
pub const SLASH_CLOCK: SlashCommand = SlashCommand {
    en: "clock",
    fr: "pendule",
};
/// Classroom mode's verbs, `/class <verb>`: a command of their own, since Discord counts
/// every name, description and choice of a command against one 8,000-character budget, and
/// `/lalao` keeps its budget for the verbs to come.
pub const SLASH_CLASS: SlashCommand = SlashCommand {
    en: "class",
    fr: "classe",
};
/// Every Discord top-level command, in the order they are registered.
/// `/learn game:katro lesson:2`: the lessons, a Discord command of their own (a verb with no
/// subverbs that is its own command takes its arguments as the command's options).
pub const SLASH_LEARN: SlashCommand = SlashCommand {
    en: "learn",
    fr: "apprendre",
};

/// `/rematch match:3`: the same game again, a command of its own like `/learn`.
pub const SLASH_REMATCH: SlashCommand = SlashCommand {
    en: "rematch",
    fr: "revanche",
};

/// `/puzzle game:katro`: a puzzle, a command of its own like `/learn`.
pub const SLASH_PUZZLE: SlashCommand = SlashCommand {
    en: "puzzle",
    fr: "probleme",
};

/// `/review match:12`: the engine's review of a finished match, a command of its own like
/// `/rematch` (`/lalao` has no room left for it within Discord's 8,000 characters).
pub const SLASH_REVIEW: SlashCommand = SlashCommand {
    en: "review",
    fr: "analyse",
};

/// `/forget`: a person asks lalao to forget them, a command of its own (`/lalao` keeps its last
/// free place for a group of verbs to come).
pub const SLASH_FORGET: SlashCommand = SlashCommand {
    en: "forget",
    fr: "oublier",
};

/// `/school report`: what a teacher hands on to the school, the class verbs typed `class
/// report` elsewhere (`/class` has Discord's 25 subcommands already).
pub const SLASH_SCHOOL: SlashCommand = SlashCommand {
    en: "school",
    fr: "ecole",
};

/// `/my-data`: a person asks for what lalao keeps of them, a command of its own like `/forget`.
pub const SLASH_MY_DATA: SlashCommand = SlashCommand {
    en: "my-data",
    fr: "mes-donnees",
};

/// `/simul game:fano`: the teacher against every pupil at once, the class verb typed `class
/// simul` elsewhere, a command of its own (`/class` has Discord's 25 subcommands already).
pub const SLASH_SIMUL: SlashCommand = SlashCommand {
    en: "simul",
    fr: "simultanee",
};

/// `/vote game:katro`: the class plays one side by vote, the class verb typed `class vote`
/// elsewhere, a command of its own like `/simul`.
pub const SLASH_VOTE: SlashCommand = SlashCommand {
    en: "vote",
    fr: "voter",
};

pub static SLASH_COMMANDS: &[SlashCommand] = &[
    SLASH_LALAO,
    SLASH_CLOCK,
    SLASH_CLASS,
    SLASH_LEARN,
    SLASH_REMATCH,
    SLASH_PUZZLE,
    SLASH_REVIEW,
    SLASH_FORGET,
    SLASH_SCHOOL,
    SLASH_MY_DATA,
    SLASH_SIMUL,
    SLASH_VOTE,
];
