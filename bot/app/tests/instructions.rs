//! Every command that any message of either language tells its reader to type works when typed
//! as written, on each surface, and means the same there as on the console: the messages are the
//! application's, the grammar that reads them back is `lalao-grammar`'s.

use lalao_app::command::grammar::instructions::command_line;
use lalao_app::command::grammar::{line_of, verb_of, Given, Surface, Value};
use lalao_app::command::{parse, Command};
use lalao_app::i18n::{message_ids, t};
use lalao_renderer::Locale;

/// Reads a `/lalao verb name:value …` (`/class verb …`) line back as Discord would send it, into the text
/// line the one parser reads (what the Discord adapter does with an interaction).
fn from_slash(line: &str) -> Option<String> {
    let line = line.strip_prefix('/')?;
    let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
    // `/simul stop:True`: a class verb that is a command of its own, in either language.
    let class_own = lalao_app::command::grammar::CLASS_VERBS
        .iter()
        .find(|verb| verb.is_slash_command() && (verb.slash.en == command || verb.slash.fr == command));
    let own = verb_of(command)
        .filter(|verb| verb.is_slash_command())
        .or(class_own);
    let (verb, mut options) = match own {
        // `/learn game:katro`: a verb that is a command of its own, its options its arguments.
        Some(verb) if verb.subverbs.is_empty() => (verb, rest),
        // `/class add`: a command of its own, whose subcommands are the verb's subverbs.
        Some(parent) => {
            let (verb_word, options) = rest.split_once(' ').unwrap_or((rest, ""));
            (parent.subverb_of(verb_word)?, options)
        }
        None => {
            let (verb_word, options) = rest.split_once(' ').unwrap_or((rest, ""));
            (verb_of(verb_word)?, options)
        }
    };
    // Discord offers a verb only under its own command, in either language.
    if command != verb.slash.en && command != verb.slash.fr {
        return None;
    }
    let mut given = Vec::new();
    while !options.is_empty() {
        let (name, after) = options.split_once(':')?;
        // A value runs to the next ` name:` of this verb, or to the end.
        let next = verb
            .args
            .iter()
            .filter_map(|arg| {
                [arg.en, arg.fr]
                    .iter()
                    .filter_map(|name| after.find(&format!(" {name}:")))
                    .min()
            })
            .min()
            .unwrap_or(after.len());
        let value = after[..next].trim();
        options = after[next..].trim_start();
        let arg = verb.arg_named(name)?;
        let value = match arg.value {
            Value::Match | Value::Number => Given::Number(value.parse().ok()?),
            Value::Flag => Given::Flag(value == "True"),
            _ => Given::Text(value.to_owned()),
        };
        given.push((arg.en.to_owned(), value));
    }
    let path: Vec<&str> = verb.parent.into_iter().chain([verb.en]).collect();
    line_of(&path, &given)
}

fn parsed(line: &str, prefix_required: bool) -> Option<Command> {
    parse(line, prefix_required).ok().flatten()
}

/// Every command any message of either language tells its reader to type
/// works when typed as written, on each surface, and means the same there as on the
/// console. Usage lines with placeholders (`[name]`, `<…>`, `a|b`) are syntax, not commands
/// to type, and are checked by the help's own tests.
#[test]
fn every_instruction_in_every_message_works_as_written_everywhere() {
    let sample = [
        "id",
        "match",
        "example",
        "ids",
        "game",
        "first",
        "second",
        "player",
        "other",
        "opponent",
        "challenger",
        "chooser",
        "late",
        "winner",
        "teacher",
        "name",
        "help",
        "command",
        "what",
        "word",
        "count",
        "max",
        "coins",
        "call",
        "move",
        "moves",
        "variants",
        "language",
        "style",
        "group",
        "summary",
        "label",
        "left",
        "due",
        "time",
        "days",
    ];
    let value = |name: &str| match name {
        "id" | "match" | "example" | "ids" => "#3".to_owned(),
        "game" => "fano".to_owned(),
        _ => "Ana".to_owned(),
    };
    let mut checked = 0;
    let mut broken = Vec::new();
    for locale in [Locale::En, Locale::Fr] {
        for id in message_ids(locale) {
            let args: Vec<(&str, String)> = sample.iter().map(|name| (*name, value(name))).collect();
            let text = t(locale, &id, &args);
            for (n, span) in text.split('`').enumerate() {
                if n % 2 == 0 || span.contains(['[', '<', '…', '|', '{']) || span.contains("#id") {
                    continue;
                }
                let Some(bare) = command_line(span, Surface::Bare) else {
                    continue;
                };
                checked += 1;
                let Some(command) = parsed(&bare, false) else {
                    broken.push(format!("{id}: `{span}` is not a command"));
                    continue;
                };
                let prefixed = command_line(span, Surface::Prefixed).unwrap();
                if parsed(&prefixed, true).as_ref() != Some(&command) {
                    broken.push(format!("{id}: `{prefixed}` does not work in a Matrix room"));
                }
                match command_line(span, Surface::Slash) {
                    Some(slash)
                        if from_slash(&slash).and_then(|line| parsed(&line, false)).as_ref()
                            == Some(&command) => {}
                    other => broken.push(format!("{id}: `{span}` on Discord is {other:?}")),
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(checked > 100, "{checked} instructions checked");
}

/// French messages write a command's words with their accents where the grammar takes that
/// spelling too (`problème`, `règles`, `classe progrès`), and each accented form is the same
/// command as the plain one; Discord's names keep no accents (they are contracts).
#[test]
fn french_messages_write_command_words_with_their_accents() {
    use lalao_app::command::grammar::VERBS;
    let verbs = || {
        VERBS
            .iter()
            .flat_map(|verb| std::iter::once(verb).chain(verb.subverbs.iter()))
    };
    let written = |en: &str| {
        verbs()
            .find(|verb| verb.id() == en)
            .map(|verb| verb.written(Locale::Fr))
    };
    assert_eq!(written("puzzle"), Some("problème"));
    assert_eq!(written("rules"), Some("règles"));
    assert_eq!(written("class-progress"), Some("progrès"));
    assert_eq!(written("class-puzzle"), Some("problème"));
    for verb in verbs() {
        // Discord's names, the grammar's own: no accents.
        assert!(verb.name(Locale::Fr).is_ascii(), "{}", verb.id());
        let (plain, accented) = (verb.name(Locale::Fr), verb.written(Locale::Fr));
        if plain == accented {
            continue;
        }
        let line = |word: &str| match verb.parent_verb() {
            Some(parent) => format!("{} {word}", parent.written(Locale::Fr)),
            None => word.to_owned(),
        };
        assert_eq!(
            parsed(&line(accented), false).map(|command| command.name()),
            parsed(&line(plain), false).map(|command| command.name()),
            "{}",
            verb.id()
        );
    }
    let mut plain_spelt = Vec::new();
    for id in message_ids(Locale::Fr) {
        let text = t(
            Locale::Fr,
            &id,
            &[("game", "fano".to_owned()), ("id", "#3".to_owned())],
        );
        for (n, span) in text.split('`').enumerate() {
            let words: Vec<&str> = span.split_whitespace().collect();
            let plain = verbs().find(|verb| {
                verb.name(Locale::Fr) != verb.written(Locale::Fr)
                    && words
                        .iter()
                        .any(|word| word.split('=').next() == Some(verb.name(Locale::Fr)))
            });
            if n % 2 == 1 && plain.is_some() {
                plain_spelt.push(format!("{id}: `{span}`"));
            }
        }
    }
    assert_eq!(plain_spelt, Vec::<String>::new());
}

/// One voice in French: the teacher's class messages say `vous`, and every message to a
/// pupil or a player says `tu`. The class messages a pupil reads (at a seat, or waiting for
/// the teacher) are the exceptions, and say `tu`.
#[test]
fn french_speaks_vous_to_the_teacher_and_tu_to_pupils_and_players() {
    let to_pupils = [
        "class-paused",
        "class-not-your-seat",
        "class-activity-done",
        "class-next-lesson-off",
        "class-vote-not-a-voter",
    ];
    let tu_words = [
        "tu", "ton", "ta", "tes", "toi", "te", "écris", "ajoute", "utilise", "termine", "commence",
        "choisis", "attends", "regarde", "annule",
    ];
    let vous_words = ["vous", "votre", "vos", "trouvez", "choisissez", "jouez"];
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric() && c != '·')
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let mut mixed = Vec::new();
    for id in message_ids(Locale::Fr) {
        let teacher =
            (id.starts_with("class-") || id.starts_with("help-class")) && !to_pupils.contains(&id.as_str());
        let text = t(Locale::Fr, &id, &[("count", "2".to_owned())]);
        // Commands in backquotes are words to type, not the message's voice.
        let prose: String = text
            .split('`')
            .enumerate()
            .filter(|(n, _)| n % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let said = words(&prose);
        let wrong: Vec<&String> = if teacher {
            said.iter()
                .filter(|word| tu_words.contains(&word.as_str()))
                .collect()
        } else {
            said.iter()
                .filter(|word| vous_words.contains(&word.as_str()))
                .collect()
        };
        if !wrong.is_empty() {
            mixed.push(format!("{id}: {wrong:?}"));
        }
    }
    assert_eq!(mixed, Vec::<String>::new());
}
