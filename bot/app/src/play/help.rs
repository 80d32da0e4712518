//! `help`, written from the grammar's table: each usage line in the reader's language and in
//! the form that works where they read it (bare on the console, `!lalao …` on Matrix,
//! `/lalao …` on Discord), so help cannot disagree with what the parser accepts.

use lalao_renderer::Locale;

use crate::command::command_name;
use crate::command::grammar::{typed, verb_named, Surface, VERBS};
use crate::i18n::t;
use crate::kernel::wording::single;
use crate::kernel::{Context, Prefs, Reply};

pub(crate) fn help(ctx: &Context, prefs: Prefs, topic: Option<&str>) -> Reply {
    let locale = prefs.locale;
    let surface = Surface::of(ctx.platform);
    if let Some(topic) = topic {
        let verb = command_name(topic)
            .map(|name| if name == "call-direct" { "call" } else { name })
            .and_then(verb_named);
        if let Some(verb) = verb {
            let mut text = format!(
                "`{}`: {}",
                verb.usage(locale, surface, false),
                t(locale, &format!("help-{}", verb.en), &[])
            );
            // A verb with subverbs (`class`): one line each.
            for sub in verb.subverbs {
                text.push_str(&format!(
                    "\n• `{}`: {}",
                    sub.usage(locale, surface, false),
                    t(locale, &format!("help-{}", sub.id()), &[])
                ));
            }
            if verb.en == "move" {
                // How each game writes its moves.
                for kind in lalao_core::GameKind::ALL {
                    text.push_str("\n• ");
                    text.push_str(&notation(locale, kind));
                }
            }
            return single(ctx, "help-topic", text);
        }
        let mut text = t(
            locale,
            "help-unknown",
            &[("topic", crate::shown::on(ctx.platform, topic))],
        );
        text.push('\n');
        text.push_str(&summary(locale, surface));
        return single(ctx, "help", text);
    }
    single(ctx, "help", summary(locale, surface))
}

/// The list of every command, one line per group of the table.
fn summary(locale: Locale, surface: Surface) -> String {
    let play = verb_named("play").map_or("play", |verb| verb.written(locale));
    let example = match surface {
        Surface::Slash => typed(locale, surface, "help", &format!("topic:{play}")),
        _ => typed(locale, surface, "help", play),
    };
    // What the five games are, first: almost nobody who asks knows them yet.
    let mut text = t(locale, "help-games", &[]);
    for kind in lalao_core::GameKind::ALL {
        text.push('\n');
        text.push_str(&t(
            locale,
            "rules-all-line",
            &[
                ("game", crate::kernel::wording::game_name(locale, kind)),
                ("id", kind.id().to_owned()),
                ("summary", t(locale, &format!("tagline-{}", kind.id()), &[])),
            ],
        ));
    }
    text.push('\n');
    text.push_str(&t(locale, "help", &[("example", example)]));
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

/// How `kind` writes its moves, with an example (`help move`, `rules`, a match's first board).
pub(crate) fn notation(locale: Locale, kind: lalao_core::GameKind) -> String {
    t(locale, &format!("notation-{}", kind.id()), &[])
}

#[cfg(test)]
mod tests {

    use crate::dispatch::handle::Handle;
    use lalao_renderer::Locale;

    use crate::ids::{ChannelId, Platform, UserId};
    use crate::kernel::{Context, Outcome};

    fn ask(platform: Platform, locale: Locale, line: &str) -> (String, Outcome) {
        let service = crate::testing::memory_service(locale);
        let ctx = Context {
            platform,
            user: UserId::new(platform, "ana"),
            display_name: Some("Ana".to_owned()),
            channel: ChannelId::new(platform, "room"),
            event: None,
            moderator: false,
            locale: None,
            private: false,
            community: None,
        };
        let reply = service.handle_text(&ctx, line, false).expect("a command");
        (reply.plain(), reply.outcome)
    }

    /// Every instruction help gives works when typed literally where it is read.
    #[test]
    fn help_is_written_in_the_form_that_works_where_it_is_read() {
        let (console, outcome) = ask(Platform::Console, Locale::En, "help");
        assert_eq!(outcome, Outcome::Shown);
        assert!(
            console.starts_with("The five games I know:\n• Samantsy (`samantsy`): Tanala chess from Madagascar: block the other hova to win.\n"),
            "{console}"
        );
        assert!(
            console.contains("\nI know these commands (type `help play` to learn more about one):\n• `play <game> …`: start a match: with someone, open to anyone, practice, or against the computer (`play fano bot`)\n"),
            "{console}"
        );
        assert!(console.contains("\n• `coins 1|2 …`, `call odd|even …`, `side white|black|south|north …`: the coin game that starts a Mangala match\n"), "{console}");
        assert!(console.ends_with("Add a match number like `#3` when you have several."));
        let (matrix, _) = ask(Platform::Matrix, Locale::Fr, "!lalao aide");
        assert!(
            matrix.contains("\nJe connais ces commandes (écris `!lalao aide jouer` pour en savoir plus sur l'une d'elles) :\n• `!lalao jouer <jeu> …`: commencer une partie : avec quelqu’un, ouverte à tous, en entraînement, ou contre l’ordinateur (`!lalao jouer fano bot`)\n"),
            "{matrix}"
        );
        let (discord, _) = ask(Platform::Discord, Locale::En, "help move");
        assert_eq!(
            discord,
            "`/lalao move move:… [match:3]`: play a move (or type just the move). Each game writes its moves its own way:\n\
             • Samantsy moves go from square to square, like `e2-e4` (columns a–h, rows 1–8; `e2xe4` for a capture works too).\n\
             • Fano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.\n\
             • Mangala IV moves are forced: the hole to sow from, like `h3` (South’s holes are h0 to h6 from South’s left, North’s h7 to h13 from North’s left), or `pass`.\n\
             • En Gehé moves are the hole to sow from, like `h12`: South’s holes are numbered from 0 from South’s left, then North’s from North’s left (h40 to h79 on 40 holes a row).\n\
             • Katro moves are a hole and a direction, like `a1A`: the hole’s column letter and row (1 to 6), then path `A` or `B`."
        );
        let (refusal, outcome) = ask(Platform::Matrix, Locale::En, "!lalao play chess");
        assert!(
            refusal.ends_with("Type `!lalao help` to see what I understand."),
            "{refusal}"
        );
        assert!(matches!(outcome, Outcome::Refused { .. }));
        // Every verb has its help, in both languages.
        for verb in crate::command::grammar::VERBS {
            for locale in Locale::ALL {
                let (text, _) = ask(Platform::Console, locale, &format!("help {}", verb.en));
                assert!(text.starts_with(&format!("`{}", verb.written(locale))), "{text}");
                assert!(!text.contains("help-"), "{text}");
            }
        }
    }
}
