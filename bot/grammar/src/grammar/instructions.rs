//! Commands the bot writes inside its own messages (``type `accept #1` ``), rewritten into the
//! form that works when the reader types it where they read it: bare on the
//! console, `!lalao accept #1` in a Matrix room, `/lalao accept match:1` on Discord, where the
//! bot reads no message text. The messages keep one wording in `locales/`, with each command
//! as inline code in its bare form; this is the one place that knows the other forms, and it
//! reads them from the grammar table, so a new verb or argument needs nothing here.

use lalao_renderer::Locale;

use super::{verb_of, Arg, Form, Surface, Value, Verb};
use crate::PREFIX;

/// `text` with every inline code span that is a command line written for `surface`. A span
/// is a command line when its first word is a verb of the table, in English or French; other
/// spans (`level=`, `lalao rules`, a move) and code blocks stay as they are. Idempotent: a
/// span already written for a surface does not start with a verb.
pub fn for_surface(text: &str, surface: Surface) -> String {
    if surface == Surface::Bare || !text.contains('`') {
        return text.to_owned();
    }
    // Code blocks (boards, exports) first: only the prose between them is read.
    let mut out = String::with_capacity(text.len() + 32);
    for (n, part) in text.split("```").enumerate() {
        if n > 0 {
            out.push_str("```");
        }
        if n % 2 == 1 {
            out.push_str(part);
        } else {
            out.push_str(&spans_for_surface(part, surface));
        }
    }
    out
}

fn spans_for_surface(text: &str, surface: Surface) -> String {
    let pieces: Vec<&str> = text.split('`').collect();
    if pieces.len().is_multiple_of(2) {
        // An odd number of backticks: no reliable spans, leave the text alone.
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 32);
    for (n, piece) in pieces.iter().enumerate() {
        if n > 0 {
            out.push('`');
        }
        match (n % 2 == 1).then(|| command_line(piece, surface)).flatten() {
            Some(line) => out.push_str(&line),
            None => out.push_str(piece),
        }
    }
    out
}

/// The command line `line` (bare, as the messages write it) as typed on `surface`, or `None`
/// when it is not a command line.
pub fn command_line(line: &str, surface: Surface) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let verb = verb_of(words.first()?)?;
    match surface {
        Surface::Bare => Some(line.to_owned()),
        Surface::Prefixed => Some(format!("{PREFIX} {line}")),
        Surface::Slash if verb.subverbs.is_empty() => slash_line(verb, words[0], &words[1..]),
        // `class` alone is its first subverb (`class show`).
        Surface::Slash => match words.get(1) {
            None => slash_line(verb.subverbs.first()?, words[0], &[]),
            Some(word) => slash_line(verb.subverb_of(word)?, words[0], &words[2..]),
        },
    }
}

/// `/lalao <verb> name:value …` (`/class <verb> …` for a subverb) for the words after
/// the verb: Discord takes a command's arguments by name. The names are in the language the
/// message is written in (the first word tells), as Discord shows them to a reader whose
/// client speaks it.
fn slash_line(verb: &'static Verb, word: &str, words: &[&str]) -> Option<String> {
    let first = verb.parent_verb().unwrap_or(verb);
    let locale = if word.eq_ignore_ascii_case(first.en) {
        Locale::En
    } else {
        Locale::Fr
    };
    let mut given: Vec<(&'static Arg, String)> = Vec::new();
    let mut free: Vec<&str> = Vec::new();
    let taken =
        |given: &Vec<(&'static Arg, String)>, arg: &Arg| given.iter().any(|(a, _)| std::ptr::eq(*a, arg));
    let mut rest = words.iter().copied().peekable();
    while let Some(word) = rest.next() {
        if verb
            .fillers
            .iter()
            .any(|filler| word.eq_ignore_ascii_case(filler))
        {
            continue;
        }
        if let Some(arg) = verb.args.iter().find(|arg| matches!(arg.value, Value::Match)) {
            if let Some(number) = word.strip_prefix('#').filter(|n| n.parse::<u64>().is_ok()) {
                given.push((arg, number.to_owned()));
                continue;
            }
        }
        // `side=north`, and `language fr` (a keyed argument's name, then its value).
        let keyed = match word.split_once('=') {
            Some((key, value)) => verb.arg_named(key).map(|arg| (arg, Some(value))),
            None => verb.arg_named(word).map(|arg| (arg, None)),
        };
        if let Some((arg, value)) = keyed.filter(|(arg, _)| arg.form == Form::Keyed && !taken(&given, arg)) {
            if let Some(value) = value.or_else(|| rest.next()) {
                let value = match arg.value {
                    // Free words by name (`position=..WB... w 1 1`): the rest of the line.
                    Value::Words => std::iter::once(value)
                        .chain(rest.by_ref())
                        .collect::<Vec<_>>()
                        .join(" "),
                    _ => value.to_owned(),
                };
                given.push((arg, value));
                continue;
            }
        }
        let fits = |arg: &&'static Arg| {
            arg.form == Form::Bare
                && !taken(&given, arg)
                && match arg.value {
                    Value::Choice(vocabulary) => vocabulary.find(word).is_some(),
                    // A flag by its name, or by a word for the opponent it stands for
                    // (`bot` is the `computer` flag, `solo` the `practice` one).
                    Value::Flag => {
                        word.eq_ignore_ascii_case(arg.en)
                            || word.eq_ignore_ascii_case(arg.fr)
                            || super::vocabulary::OPPONENTS.find(word) == Some(arg.en)
                    }
                    Value::Player => word.starts_with('@') || word.starts_with("<@"),
                    Value::Coins => matches!(word, "1" | "2"),
                    Value::Number => word.parse::<u32>().is_ok_and(|n| n >= 1),
                    Value::Move | Value::Topic => true,
                    Value::Name => !word.contains('=') && !word.starts_with('#'),
                    Value::Words | Value::Match => false,
                }
        };
        match verb.args.iter().find(fits) {
            Some(arg) if matches!(arg.value, Value::Flag) => given.push((arg, "True".to_owned())),
            Some(arg) => given.push((arg, word.to_owned())),
            // Free words (`options`, `settings`, `time`, a class's words) gather in one.
            None => free.push(word),
        }
    }
    if !free.is_empty() {
        let arg = verb
            .args
            .iter()
            .find(|arg| matches!(arg.value, Value::Words) && !taken(&given, arg))?;
        given.push((arg, free.join(" ")));
    }
    let mut line = verb.typed_name(locale, Surface::Slash);
    // In the table's order, which is the order Discord lists the options in.
    for arg in verb.args {
        if let Some((_, value)) = given.iter().find(|(a, _)| std::ptr::eq(*a, arg)) {
            line.push_str(&format!(" {}:{value}", arg.name(locale)));
        }
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instruction_is_written_for_where_it_is_read() {
        let text = "Bodo, type `accept #1` or `decline #1`.";
        assert_eq!(for_surface(text, Surface::Bare), text);
        assert_eq!(
            for_surface(text, Surface::Prefixed),
            "Bodo, type `!lalao accept #1` or `!lalao decline #1`."
        );
        assert_eq!(
            for_surface(text, Surface::Slash),
            "Bodo, type `/lalao accept match:1` or `/lalao decline match:1`."
        );
        assert_eq!(
            for_surface("Bodo, tape `accepter #1`.", Surface::Slash),
            "Bodo, tape `/lalao accepter partie:1`."
        );
        for (line, slash) in [
            ("play fano misere", "/lalao play game:fano options:misere"),
            (
                "play fano practice cells=7 position=..WB... w 1 1",
                "/lalao play game:fano practice:True options:cells=7 position:..WB... w 1 1",
            ),
            (
                "play katro bot level=easy side=north",
                "/lalao play game:katro computer:True level:easy side:north",
            ),
            ("settings language fr", "/lalao settings language:fr"),
            ("coins 1 #3", "/lalao coins count:1 match:3"),
            ("draw accept", "/lalao draw answer:accept"),
            ("side south #2", "/lalao side side:south match:2"),
            ("grant 1d", "/clock grant time:1d"),
            ("rules katro", "/lalao rules game:katro"),
            ("help move", "/lalao help topic:move"),
            ("class add Ana Bob", "/class add pupils:Ana Bob"),
            ("class", "/class show"),
            ("forget me", "/forget"),
            ("oublier moi confirmer", "/oublier confirmer:True"),
            ("classe ajouter Ana", "/classe ajouter eleves:Ana"),
            ("class bind Ana @ana", "/class bind pupil:Ana player:@ana"),
            (
                "class team Lions Ana Bob order=any",
                "/class team team:Lions pupils:Ana Bob order:any",
            ),
            (
                "class match Ana Bob fano cells=7",
                "/class match first:Ana second:Bob game:fano options:cells=7",
            ),
            (
                "class tournament fano cells=7 swiss rounds=3",
                "/class tournament game:fano options:cells=7 swiss:True rounds:3",
            ),
            ("class result #4 draw", "/class result match:4 winner:draw"),
            ("class link new", "/class link new:True"),
            ("class new CE1 language=fr", "/class new name:CE1 language:fr"),
        ] {
            assert_eq!(
                command_line(line, Surface::Slash).as_deref(),
                Some(slash),
                "{line}"
            );
        }
    }

    #[test]
    fn what_is_not_a_command_line_stays_as_it_is() {
        for text in [
            "`level=` is for matches against lalao",
            "To replay it with `lalao rules`:",
            "You can play: `@1`, `@2`",
            "Already `!lalao accept #1` and `/lalao accept match:1`.",
            "An odd ` backtick `accept #1",
            "A board:\n```\naccept #1\n```\nthen `help`",
        ] {
            let once = for_surface(text, Surface::Slash);
            assert_eq!(for_surface(&once, Surface::Slash), once, "idempotent");
            if !text.contains("then") {
                assert_eq!(once, text);
            }
        }
        assert_eq!(
            for_surface("A board:\n```\naccept #1\n```\nthen `help`", Surface::Prefixed),
            "A board:\n```\naccept #1\n```\nthen `!lalao help`"
        );
    }
}
