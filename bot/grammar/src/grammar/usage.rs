//! A verb's and an argument's names and usage lines, in the reader's language and form.

use lalao_renderer::Locale;

use super::lookup::*;
use super::shape::*;
use super::vocabulary::*;

impl Verb {
    pub fn name(&self, locale: Locale) -> &'static str {
        name_in(locale, self.en, self.fr)
    }

    /// The verb's name as a message writes it for typing: its French name with its accents
    /// where the grammar takes that spelling too (`problème`, `règles`, `classe progrès`).
    /// Discord's names stay [`Verb::name`]: they are contracts, and have no accents.
    pub fn written(&self, locale: Locale) -> &'static str {
        let name = self.name(locale);
        if locale != Locale::Fr {
            return name;
        }
        self.also
            .iter()
            .copied()
            .find(|word| *word != name && without_accents(word) == name)
            .unwrap_or(name)
    }

    /// The verb's id: its English name after its parent's (`play`, `class-add`), as the
    /// Fluent files and the commands' names know it.
    pub fn id(&self) -> String {
        match self.parent {
            Some(parent) => format!("{parent}-{}", self.en),
            None => self.en.to_owned(),
        }
    }

    /// The verb it follows (`class` for `class add`).
    pub fn parent_verb(&self) -> Option<&'static Verb> {
        self.parent.and_then(verb_named)
    }

    /// The subverb with this English name.
    pub fn subverb_named(&self, en: &str) -> Option<&'static Verb> {
        self.subverbs.iter().find(|verb| verb.en == en)
    }

    /// The subverb a word names, in English or French, in any case (`add`, `Ajouter`).
    pub fn subverb_of(&self, word: &str) -> Option<&'static Verb> {
        let word = word.to_lowercase();
        self.subverbs
            .iter()
            .find(|verb| verb.en == word || verb.fr == word || verb.also.contains(&word.as_str()))
    }

    /// The argument a key names, in English or French, in any case (`side`, `camp`).
    pub fn arg_named(&self, key: &str) -> Option<&'static Arg> {
        let key = key.to_lowercase();
        self.args.iter().find(|arg| arg.en == key || arg.fr == key)
    }

    /// Whether the verb is a Discord command of its own (`/class`), whose subverbs are its
    /// subcommands; any other verb with subverbs is a subcommand group.
    pub fn is_slash_command(&self) -> bool {
        self.slash.en == self.en
    }

    /// The verb (after its parent's name) as the reader types it on `surface`, without its
    /// arguments (`!lalao class add`, `/class add`).
    pub(crate) fn typed_name(&self, locale: Locale, surface: Surface) -> String {
        let mut words: Vec<String> = match surface {
            Surface::Bare => Vec::new(),
            Surface::Prefixed => vec![PREFIX.to_owned()],
            Surface::Slash => vec![format!("/{}", self.slash.name(locale))],
        };
        // On Discord, a verb that is a command of its own is not named twice.
        let named = |verb: &Verb| !(surface == Surface::Slash && verb.is_slash_command());
        for verb in self.parent_verb().into_iter().chain([self]) {
            if named(verb) {
                words.push(
                    match surface {
                        Surface::Slash => verb.name(locale),
                        Surface::Bare | Surface::Prefixed => verb.written(locale),
                    }
                    .to_owned(),
                );
            }
        }
        words.join(" ")
    }

    /// The verb and its arguments as a reader types them on `surface` (`!lalao play <game> …`).
    /// `short` leaves the optional arguments out (the help summary). A verb with subverbs
    /// is followed by `…`: `help` lists them.
    pub fn usage(&self, locale: Locale, surface: Surface, short: bool) -> String {
        let mut line = self.typed_name(locale, surface);
        let mut skipped = !self.subverbs.is_empty();
        for arg in self.args {
            if short && !arg.required {
                skipped = true;
                continue;
            }
            line.push(' ');
            line.push_str(&arg.usage(locale, surface));
        }
        if skipped {
            line.push_str(" …");
        }
        line
    }
}

impl Arg {
    pub fn name(&self, locale: Locale) -> &'static str {
        name_in(locale, self.en, self.fr)
    }

    pub(crate) fn usage(&self, locale: Locale, surface: Surface) -> String {
        let name = self.name(locale);
        let placeholder = || format!("<{name}>");
        let text = if surface == Surface::Slash {
            let value = match self.value {
                Value::Match => "3".to_owned(),
                Value::Number => "2".to_owned(),
                Value::Flag => "True".to_owned(),
                Value::Player => "@…".to_owned(),
                _ => "…".to_owned(),
            };
            format!("{name}:{value}")
        } else {
            let value = match self.value {
                Value::Match => "#id".to_owned(),
                Value::Choice(vocabulary) if vocabulary.words.len() <= 4 => vocabulary.names(locale, "|"),
                Value::Coins => "1|2".to_owned(),
                Value::Player => format!("@{name}"),
                Value::Flag => name.to_owned(),
                Value::Name => placeholder(),
                Value::Words if self.required || self.form == Form::Keyed => format!("<{name}…>"),
                Value::Words => format!("{name}…"),
                _ => placeholder(),
            };
            match self.form {
                Form::Keyed => format!("{name}={value}"),
                Form::Bare => value,
            }
        };
        if self.required {
            text
        } else {
            format!("[{text}]")
        }
    }
}
