//! The shape of the table: what an argument holds and how it is written, who hears a verb's
//! answer, and a verb with the constructors the table is written with.

use super::slash::{SlashCommand, SLASH_CLASS, SLASH_CLOCK, SLASH_LALAO, SLASH_SCHOOL};
use super::vocabulary::Vocabulary;

/// The text prefix that addresses the bot in chat.
pub const PREFIX: &str = "!lalao";

/// What an argument holds.
#[derive(Clone, Copy, Debug)]
pub enum Value {
    /// A match number, written `#3`.
    Match,
    /// One value of a closed list.
    Choice(&'static Vocabulary),
    /// A chat user, written as the platform's mention.
    Player,
    /// A word that is there or not (`practice`): its name is the word.
    Flag,
    /// A move in the game's notation.
    Move,
    /// The hidden coins of the Mangala rite: 1 or 2.
    Coins,
    /// A verb of this table (`help play`).
    Topic,
    /// Free words read by the command's own small language (`2d`, `dm=on quiet=22-7`).
    Words,
    /// A whole number from 1 (a page of a list).
    Number,
    /// One word naming a pupil or a team of a class (`Ana`, `Lions`).
    Name,
}

/// How an argument is written in a text line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The value alone (`fano`, `@ana`, `odd`).
    Bare,
    /// `name=value` (`side=north`).
    Keyed,
}

#[derive(Debug)]
pub struct Arg {
    /// The English name: Discord's option name, and the key of a keyed argument.
    pub en: &'static str,
    pub fr: &'static str,
    pub value: Value,
    pub form: Form,
    pub required: bool,
}

/// Who sees the answer to a verb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Privacy {
    /// The channel: it concerns everyone there.
    Public,
    /// Only the caller (help, their settings).
    Private,
    /// Only the caller, and the command itself must not be seen (the rite's hidden coins).
    Secret,
}

#[derive(Debug)]
pub struct Verb {
    /// The English name: the verb's id, Discord's subcommand name, the help topic.
    pub en: &'static str,
    /// The French name (Discord shows it to French clients, so it is a word of the grammar).
    pub fr: &'static str,
    /// Other words that name the verb.
    pub also: &'static [&'static str],
    pub args: &'static [Arg],
    pub privacy: Privacy,
    /// The line of the help summary the verb is listed on (`help-group-{group}`).
    pub group: &'static str,
    /// The Discord command it is a subcommand of.
    pub slash: SlashCommand,
    /// The verbs that follow this one (`class add`, `class match`): on Discord, the
    /// subcommands of a subcommand group named after it. Empty for most verbs.
    pub subverbs: &'static [Verb],
    /// For a subverb, the English name of the verb it follows (`class`).
    pub parent: Option<&'static str>,
    /// Words that only make the line read well (`forget me`): typed, they change nothing, and
    /// on Discord, which takes arguments by name, they are left out.
    pub fillers: &'static [&'static str],
}

pub(crate) const fn arg(en: &'static str, fr: &'static str, value: Value, form: Form) -> Arg {
    Arg {
        en,
        fr,
        value,
        form,
        required: false,
    }
}

pub(crate) const fn required(mut arg: Arg) -> Arg {
    arg.required = true;
    arg
}

pub(crate) const MATCH: Arg = arg("match", "partie", Value::Match, Form::Bare);

pub(crate) const fn verb(
    en: &'static str,
    fr: &'static str,
    also: &'static [&'static str],
    args: &'static [Arg],
    group: &'static str,
) -> Verb {
    Verb {
        en,
        fr,
        also,
        args,
        privacy: Privacy::Public,
        group,
        slash: SLASH_LALAO,
        subverbs: &[],
        parent: None,
        fillers: &[],
    }
}

/// A verb that is typed after `class` (`class add Ana Bob`; `/class add` on Discord).
pub(crate) const fn class(mut verb: Verb) -> Verb {
    verb.parent = Some("class");
    verb.group = "class";
    verb.slash = SLASH_CLASS;
    verb
}

pub(crate) const fn private(mut verb: Verb) -> Verb {
    verb.privacy = Privacy::Private;
    verb
}

/// A class verb registered on Discord under `/school` (`class report`, `/school report`).
pub(crate) const fn school(mut verb: Verb) -> Verb {
    verb.slash = SLASH_SCHOOL;
    verb
}

/// A class verb that is a Discord command of its own (`class simul`, `/simul`).
pub(crate) const fn own_command(mut verb: Verb, slash: SlashCommand) -> Verb {
    verb.slash = slash;
    verb
}

/// A verb of the correspondence clock: `/clock <verb>` on Discord.
pub(crate) const fn clock(mut verb: Verb) -> Verb {
    verb.slash = SLASH_CLOCK;
    verb
}
