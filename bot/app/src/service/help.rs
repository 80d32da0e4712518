//! `help`, written from the grammar's table: each usage line in the reader's language and in
//! the form that works where they read it (bare on the console, `!lalao …` on Matrix,
//! `/lalao …` on Discord), so help cannot disagree with what the parser accepts.

use lalao_renderer::Locale;

use super::present::single;
use super::{Context, Prefs, Reply};
use crate::command::command_name;
use crate::command::grammar::{verb_named, Surface, VERBS};
use crate::i18n::t;
use crate::ids::Platform;

/// How commands are typed where `ctx`'s command came from.
pub(crate) fn surface(ctx: &Context) -> Surface {
    match ctx.platform {
        Platform::Console => Surface::Bare,
        Platform::Matrix => Surface::Prefixed,
        Platform::Discord => Surface::Slash,
    }
}

/// `verb` with `words` as typed on `surface`, as inline code (`` `!lalao help play` ``).
pub(crate) fn typed(locale: Locale, surface: Surface, verb: &str, words: &str) -> String {
    let name = verb_named(verb).map_or(verb, |verb| verb.name(locale));
    let mut line = match surface {
        Surface::Bare => name.to_owned(),
        Surface::Prefixed => format!("{} {name}", crate::command::PREFIX),
        Surface::Slash => format!("/lalao {name}"),
    };
    if !words.is_empty() {
        line.push(' ');
        line.push_str(words);
    }
    format!("`{line}`")
}

pub(super) fn help(ctx: &Context, prefs: Prefs, topic: Option<&str>) -> Reply {
    let locale = prefs.locale;
    let surface = surface(ctx);
    if let Some(topic) = topic {
        let verb = command_name(topic)
            .map(|name| if name == "call-direct" { "call" } else { name })
            .and_then(verb_named);
        if let Some(verb) = verb {
            let text = format!(
                "`{}`: {}",
                verb.usage(locale, surface, false),
                t(locale, &format!("help-{}", verb.en), &[])
            );
            return single(ctx, "help-topic", text);
        }
        let mut text = t(locale, "help-unknown", &[("topic", topic.to_owned())]);
        text.push('\n');
        text.push_str(&summary(locale, surface));
        return single(ctx, "help", text);
    }
    single(ctx, "help", summary(locale, surface))
}

/// The list of every command, one line per group of the table.
fn summary(locale: Locale, surface: Surface) -> String {
    let play = verb_named("play").map_or("play", |verb| verb.name(locale));
    let example = match surface {
        Surface::Slash => typed(locale, surface, "help", &format!("topic:{play}")),
        _ => typed(locale, surface, "help", play),
    };
    let mut text = t(locale, "help", &[("example", example)]);
    let mut groups: Vec<&str> = Vec::new();
    for verb in VERBS {
        if !groups.contains(&verb.group) {
            groups.push(verb.group);
        }
    }
    for group in groups {
        let usages: Vec<String> = VERBS
            .iter()
            .filter(|verb| verb.group == group)
            .map(|verb| format!("`{}`", verb.usage(locale, surface, true)))
            .collect();
        text.push_str(&format!(
            "\n• {}: {}",
            usages.join(", "),
            t(locale, &format!("help-group-{group}"), &[])
        ));
    }
    let example = match surface {
        Surface::Slash => "`match:3`".to_owned(),
        _ => "`#3`".to_owned(),
    };
    text.push('\n');
    text.push_str(&t(locale, "help-footer", &[("example", example)]));
    text
}
