//! The one table of the command grammar: every verb with its English and French names, its
//! other words, and its arguments. The text parser finds verbs here and reads values from the
//! same word lists (`vocabulary.rs`); `help` writes its usage lines from it, in the reader's
//! language and in the form that works where they read it; the Discord adapter derives its slash
//! command from it and reads named options with `command_of` (`parse/named.rs`), held to the
//! typed line they stand for ([`line_of`]), so the three cannot disagree (a test feeds every
//! value the table offers both ways).

pub mod instructions;
pub mod vocabulary;

use lalao_renderer::Locale;

use lalao_model::ids::Platform;

use vocabulary::{
    name_in, Vocabulary, ANSWERS, GAMES, LANGUAGES, LEADERBOARDS, LEVELS, ORDERS, PARITIES, SCOPES, SIDES,
    STYLES, SWITCHES,
};

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

pub static SLASH_COMMANDS: &[SlashCommand] = &[
    SLASH_LALAO,
    SLASH_CLOCK,
    SLASH_CLASS,
    SLASH_LEARN,
    SLASH_REMATCH,
    SLASH_PUZZLE,
    SLASH_REVIEW,
    SLASH_FORGET,
];

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
}

const fn arg(en: &'static str, fr: &'static str, value: Value, form: Form) -> Arg {
    Arg {
        en,
        fr,
        value,
        form,
        required: false,
    }
}

const fn required(mut arg: Arg) -> Arg {
    arg.required = true;
    arg
}

const MATCH: Arg = arg("match", "partie", Value::Match, Form::Bare);

const fn verb(
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
    }
}

/// A verb that is typed after `class` (`class add Ana Bob`; `/class add` on Discord).
const fn class(mut verb: Verb) -> Verb {
    verb.parent = Some("class");
    verb.group = "class";
    verb.slash = SLASH_CLASS;
    verb
}

const fn private(mut verb: Verb) -> Verb {
    verb.privacy = Privacy::Private;
    verb
}

/// A verb of the correspondence clock: `/clock <verb>` on Discord.
const fn clock(mut verb: Verb) -> Verb {
    verb.slash = SLASH_CLOCK;
    verb
}

/// Every verb, in the order `help` and Discord list them.
pub static VERBS: &[Verb] = &[
    verb(
        "play",
        "jouer",
        &["challenge", "new", "défi", "defi", "partie"],
        &[
            required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
            arg("opponent", "adversaire", Value::Player, Form::Bare),
            arg("practice", "entrainement", Value::Flag, Form::Bare),
            arg("computer", "ordinateur", Value::Flag, Form::Bare),
            arg("level", "niveau", Value::Choice(&LEVELS), Form::Keyed),
            arg("side", "camp", Value::Choice(&SIDES), Form::Keyed),
            arg("options", "options", Value::Words, Form::Bare),
            POSITION,
        ],
        "start",
    ),
    verb(
        "move",
        "coup",
        &["m"],
        &[required(arg("move", "coup", Value::Move, Form::Bare)), MATCH],
        "move",
    ),
    verb(
        "board",
        "plateau",
        &["show", "voir"],
        &[
            MATCH,
            arg("style", "style", Value::Choice(&STYLES), Form::Keyed),
            arg("view", "vue", Value::Choice(&SIDES), Form::Keyed),
        ],
        "board",
    ),
    verb("accept", "accepter", &[], &[MATCH], "answer"),
    verb("decline", "refuser", &["refuse"], &[MATCH], "answer"),
    verb("cancel", "annuler", &[], &[MATCH], "answer"),
    private(verb("hint", "indice", &[], &[MATCH], "move")),
    Verb {
        slash: SLASH_LEARN,
        ..private(verb(
            "learn",
            "apprendre",
            &["lesson", "lecon", "leçon", "learning"],
            &[
                arg("game", "jeu", Value::Choice(&GAMES), Form::Bare),
                arg("lesson", "lecon", Value::Number, Form::Bare),
            ],
            "about",
        ))
    },
    Verb {
        slash: SLASH_PUZZLE,
        ..private(verb(
            "puzzle",
            "probleme",
            &["problème", "problem", "puzzles", "problemes", "problèmes"],
            &[
                arg("game", "jeu", Value::Choice(&GAMES), Form::Bare),
                arg("daily", "jour", Value::Flag, Form::Bare),
            ],
            "about",
        ))
    },
    verb("resign", "abandonner", &["abandon"], &[MATCH], "end"),
    Verb {
        slash: SLASH_REMATCH,
        ..verb(
            "rematch",
            "revanche",
            &["again", "encore"],
            &[MATCH, arg("keep", "garder", Value::Flag, Form::Bare)],
            "end",
        )
    },
    verb(
        "link",
        "lien",
        &[],
        &[MATCH, arg("new", "nouveau", Value::Flag, Form::Bare)],
        "board",
    ),
    verb(
        "draw",
        "nulle",
        &[],
        &[
            arg("answer", "reponse", Value::Choice(&ANSWERS), Form::Bare),
            MATCH,
        ],
        "end",
    ),
    verb(
        "undo",
        "reprendre",
        &["takeback"],
        &[
            arg("answer", "reponse", Value::Choice(&ANSWERS), Form::Bare),
            MATCH,
        ],
        "end",
    ),
    verb(
        "list",
        "liste",
        &["matches", "parties"],
        &[arg("scope", "portee", Value::Choice(&SCOPES), Form::Bare)],
        "matches",
    ),
    verb("history", "historique", &["moves"], &[MATCH], "matches"),
    verb(
        "export",
        "exporter",
        &[],
        &[MATCH, arg("animation", "animation", Value::Flag, Form::Bare)],
        "matches",
    ),
    Verb {
        slash: SLASH_REVIEW,
        ..verb(
            "review",
            "analyse",
            &["analyze", "analyser", "analysis"],
            &[MATCH],
            "matches",
        )
    },
    verb(
        "rating",
        "classement",
        &[],
        &[
            arg("player", "joueur", Value::Player, Form::Bare),
            arg("game", "jeu", Value::Choice(&GAMES), Form::Bare),
        ],
        "matches",
    ),
    Verb {
        slash: SLASH_FORGET,
        ..private(verb(
            "forget",
            "oublier",
            &["oublie", "forget-me", "oublie-moi"],
            &[arg("confirm", "confirmer", Value::Flag, Form::Bare)],
            "about",
        ))
    },
    verb(
        "profile",
        "profil",
        &["stats"],
        &[arg("player", "joueur", Value::Player, Form::Bare)],
        "matches",
    ),
    verb(
        "top",
        "top",
        &["leaderboard", "palmares", "palmarès", "podium"],
        &[
            required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
            arg("scope", "portee", Value::Choice(&LEADERBOARDS), Form::Bare),
            arg("page", "page", Value::Number, Form::Bare),
        ],
        "matches",
    ),
    private(verb(
        "rules",
        "regles",
        &["règles"],
        &[
            arg("game", "jeu", Value::Choice(&GAMES), Form::Bare),
            arg("variants", "variantes", Value::Words, Form::Bare),
        ],
        "about",
    )),
    private(verb(
        "help",
        "aide",
        &["?"],
        &[arg("topic", "sujet", Value::Topic, Form::Bare)],
        "about",
    )),
    private(verb(
        "settings",
        "reglages",
        &["setting", "set", "réglages", "options"],
        &[
            arg("language", "langue", Value::Choice(&LANGUAGES), Form::Keyed),
            arg("style", "style", Value::Choice(&STYLES), Form::Keyed),
            arg("leaderboard", "palmares", Value::Choice(&SWITCHES), Form::Keyed),
            arg("auto", "auto", Value::Choice(&SWITCHES), Form::Keyed),
        ],
        "about",
    )),
    Verb {
        privacy: Privacy::Secret,
        ..verb(
            "coins",
            "pieces",
            &["coin", "pièces"],
            &[required(arg("count", "nombre", Value::Coins, Form::Bare)), MATCH],
            "rite",
        )
    },
    verb(
        "call",
        "annonce",
        &["appel"],
        &[
            required(arg("parity", "parite", Value::Choice(&PARITIES), Form::Bare)),
            MATCH,
        ],
        "rite",
    ),
    verb(
        "side",
        "camp",
        &["côté", "cote"],
        &[
            required(arg("side", "camp", Value::Choice(&SIDES), Form::Bare)),
            MATCH,
        ],
        "rite",
    ),
    clock(verb("claim", "reclamer", &["réclamer"], &[MATCH], "clock")),
    clock(verb(
        "grant",
        "accorder",
        &[],
        &[required(arg("time", "temps", Value::Words, Form::Bare)), MATCH],
        "clock",
    )),
    clock(verb("waive", "renoncer", &[], &[MATCH], "clock")),
    clock(private(verb(
        "plan",
        "prevoir",
        &["prévoir", "plans", "if", "si"],
        &[MATCH, arg("moves", "coups", Value::Words, Form::Bare)],
        "clock",
    ))),
    clock(private(verb(
        "vacation",
        "vacances",
        &["pause"],
        &[required(arg("days", "jours", Value::Words, Form::Bare))],
        "clock",
    ))),
    clock(private(verb(
        "notify",
        "notifications",
        &["notif"],
        &[arg("settings", "reglages", Value::Words, Form::Bare)],
        "clock",
    ))),
    private(verb(
        "channel",
        "salon",
        &[],
        &[arg("settings", "reglages", Value::Words, Form::Bare)],
        "clock",
    )),
    Verb {
        subverbs: CLASS_VERBS,
        slash: SLASH_CLASS,
        ..verb("class", "classe", &[], &[], "class")
    },
];

const PUPIL: Arg = required(arg("pupil", "eleve", Value::Name, Form::Bare));
const CLASS_MATCH: Arg = required(MATCH);
const CLASS_LANGUAGE: Arg = arg("language", "langue", Value::Choice(&LANGUAGES), Form::Keyed);
const CLASS_STYLE: Arg = arg("style", "style", Value::Choice(&STYLES), Form::Keyed);
const SEATS_AND_GAME: &[Arg] = &[
    required(arg("first", "premier", Value::Name, Form::Bare)),
    required(arg("second", "second", Value::Name, Form::Bare)),
    required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
    arg("options", "options", Value::Words, Form::Bare),
];

/// Where a match may start: last, since a position holds spaces and takes the rest of the line.
const POSITION: Arg = arg("position", "position", Value::Words, Form::Keyed);

const SEATS_GAME_AND_POSITION: &[Arg] = &[
    required(arg("first", "premier", Value::Name, Form::Bare)),
    required(arg("second", "second", Value::Name, Form::Bare)),
    required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
    arg("options", "options", Value::Words, Form::Bare),
    POSITION,
];

/// The verbs of classroom mode, typed after `class` (docs/classroom.md), in the order
/// `help class` and Discord list them. The first is what `class` alone does.
pub static CLASS_VERBS: &[Verb] = &[
    class(verb("show", "voir", &["roster", "liste"], &[], "class")),
    class(verb(
        "new",
        "nouvelle",
        &["create", "créer", "creer"],
        &[
            arg("name", "nom", Value::Name, Form::Bare),
            CLASS_LANGUAGE,
            CLASS_STYLE,
        ],
        "class",
    )),
    class(verb(
        "add",
        "ajouter",
        &[],
        &[required(arg("pupils", "eleves", Value::Words, Form::Bare))],
        "class",
    )),
    class(verb("remove", "retirer", &[], &[PUPIL], "class")),
    class(verb(
        "erase",
        "effacer",
        &["forget", "oublier"],
        &[PUPIL],
        "class",
    )),
    class(verb(
        "bind",
        "lier",
        &[],
        &[
            PUPIL,
            required(arg("player", "joueur", Value::Player, Form::Bare)),
        ],
        "class",
    )),
    class(verb(
        "team",
        "equipe",
        &["équipe"],
        &[
            required(arg("team", "equipe", Value::Name, Form::Bare)),
            required(arg("pupils", "eleves", Value::Words, Form::Bare)),
            arg("order", "ordre", Value::Choice(&ORDERS), Form::Keyed),
        ],
        "class",
    )),
    class(verb("match", "partie", &[], SEATS_GAME_AND_POSITION, "class")),
    class(verb(
        "activity",
        "activite",
        &["activité"],
        SEATS_AND_GAME,
        "class",
    )),
    class(verb(
        "tournament",
        "tournoi",
        &[],
        &[
            required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
            arg("options", "options", Value::Words, Form::Bare),
            arg("swiss", "suisse", Value::Flag, Form::Bare),
            arg("rounds", "rondes", Value::Number, Form::Keyed),
            arg("teams", "equipes", Value::Flag, Form::Bare),
            POSITION,
        ],
        "class",
    )),
    class(verb(
        "learn",
        "apprendre",
        &["lesson", "lecon", "leçon"],
        &[
            required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
            arg("lesson", "lecon", Value::Number, Form::Bare),
        ],
        "class",
    )),
    class(verb(
        "standings",
        "classement",
        &["table", "scores"],
        &[],
        "class",
    )),
    class(verb(
        "puzzle",
        "probleme",
        &["problème", "problem"],
        &[required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare))],
        "class",
    )),
    class(verb(
        "homework",
        "devoirs",
        &["devoir", "puzzles", "problemes", "problèmes"],
        &[
            required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
            arg("count", "nombre", Value::Number, Form::Bare),
        ],
        "class",
    )),
    class(verb(
        "progress",
        "progres",
        &["progrès", "stars", "etoiles", "étoiles"],
        &[],
        "class",
    )),
    class(verb("csv", "csv", &["export", "exporter"], &[], "class")),
    class(verb("dashboard", "tableau", &["board"], &[], "class")),
    class(verb(
        "link",
        "lien",
        &["screen", "écran", "ecran"],
        &[arg("new", "nouveau", Value::Flag, Form::Bare)],
        "class",
    )),
    class(verb(
        "settings",
        "reglages",
        &["réglages"],
        &[
            arg("name", "nom", Value::Name, Form::Keyed),
            CLASS_LANGUAGE,
            CLASS_STYLE,
        ],
        "class",
    )),
    class(verb("delete", "supprimer", &[], &[], "class")),
    class(verb("pause", "pause", &[], &[CLASS_MATCH], "class")),
    class(verb(
        "resume",
        "continuer",
        &["continue"],
        &[CLASS_MATCH],
        "class",
    )),
    // `reprendre` takes a move back, as in the rest of the French grammar.
    class(verb("undo", "reprendre", &["takeback"], &[CLASS_MATCH], "class")),
    class(verb("restart", "recommencer", &[], &[CLASS_MATCH], "class")),
    class(verb(
        "result",
        "resultat",
        &["résultat"],
        &[
            CLASS_MATCH,
            required(arg("winner", "gagnant", Value::Name, Form::Bare)),
        ],
        "class",
    )),
];

/// The verb with this English name.
pub fn verb_named(en: &str) -> Option<&'static Verb> {
    VERBS.iter().find(|verb| verb.en == en)
}

/// The verb at this path of English names (`["play"]`, `["class", "add"]`).
pub fn verb_at(path: &[&str]) -> Option<&'static Verb> {
    match path {
        [verb] => verb_named(verb),
        [parent, sub] => verb_named(parent)?.subverb_named(sub),
        _ => None,
    }
}

/// The verb closest to a mistyped word (`acept` → `accept`), in the reader's language: at most
/// two edits away (one for a word of four letters or fewer: `foo` is not a typo of `top`), and
/// closer than to any other verb.
pub fn nearest_verb(word: &str) -> Option<&'static Verb> {
    let word = word.to_lowercase();
    let mut best: Option<(usize, &'static Verb)> = None;
    for verb in VERBS {
        let distance = std::iter::once(verb.en)
            .chain(std::iter::once(verb.fr))
            .chain(verb.also.iter().copied())
            .map(|name| strsim::levenshtein(&word, name))
            .min()
            .unwrap_or(usize::MAX);
        let allowed = if word.chars().count() <= 4 { 1 } else { 2 };
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, verb));
        }
    }
    best.map(|(_, verb)| verb)
}

/// The verb a word names, in English or French, in any case (`play`, `Jouer`, `défi`).
pub fn verb_of(word: &str) -> Option<&'static Verb> {
    let word = word.to_lowercase();
    VERBS
        .iter()
        .find(|verb| verb.en == word || verb.fr == word || verb.also.contains(&word.as_str()))
}

/// Where a usage line is read, which decides the form that works when typed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// A line of its own (the console): bare words.
    Bare,
    /// A chat line that must address the bot: `!lalao …`.
    Prefixed,
    /// Discord's slash command: `/lalao verb name:value`.
    Slash,
}

impl Surface {
    /// How commands are typed on `platform`.
    pub fn of(platform: Platform) -> Surface {
        match platform {
            Platform::Console => Surface::Bare,
            Platform::Matrix => Surface::Prefixed,
            Platform::Discord => Surface::Slash,
        }
    }
}

/// `word` with its French accents taken off (`problème` → `probleme`).
fn without_accents(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// `verb` with `words` as typed on `surface`, as inline code (`` `!lalao help play` ``).
pub fn typed(locale: Locale, surface: Surface, verb: &str, words: &str) -> String {
    let mut line = match verb_named(verb) {
        Some(known) => known.typed_name(locale, surface),
        None => match surface {
            Surface::Bare => verb.to_owned(),
            Surface::Prefixed => format!("{PREFIX} {verb}"),
            Surface::Slash => format!("/{} {verb}", SLASH_LALAO.name(locale)),
        },
    };
    if !words.is_empty() {
        line.push(' ');
        line.push_str(words);
    }
    format!("`{line}`")
}

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
    fn typed_name(&self, locale: Locale, surface: Surface) -> String {
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

    fn usage(&self, locale: Locale, surface: Surface) -> String {
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

/// An option value as a platform delivers it (Discord's slash-command options).
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    Text(String),
    Number(i64),
    Flag(bool),
    /// A user, as the platform's mention (`<@123>`).
    Player(String),
}

/// The text line that says what the verb at `path` (`["play"]`, `["class", "add"]`) with these
/// named options says (`play katro <@12> side=north`): what `command_of` must read them as, so
/// that a platform that collects arguments by name (Discord) gets the same commands, refusals
/// and words as a typed line (the tests compare the two). Unknown names are ignored, as are
/// flags that are false. `None`: not a verb of the table.
pub fn line_of(path: &[&str], given: &[(String, Given)]) -> Option<String> {
    let verb = verb_at(path)?;
    let mut line = match verb.parent {
        Some(parent) => format!("{parent} {}", verb.en),
        None => verb.en.to_owned(),
    };
    if !verb.subverbs.is_empty() {
        // A Discord client that still has the definitions from before the subverbs sends
        // them as free words (`/lalao class words:add Ana`).
        for (_, value) in given {
            if let Given::Text(text) = value {
                line.push(' ');
                line.push_str(text.trim());
            }
        }
        return Some(line);
    }
    for arg in verb.args {
        let Some((_, value)) = given.iter().find(|(name, _)| name == arg.en) else {
            continue;
        };
        let text = match (arg.value, value) {
            (Value::Match, Given::Number(id)) => format!("#{id}"),
            (Value::Flag, Given::Flag(true)) => arg.en.to_owned(),
            (Value::Flag, _) => continue,
            (_, Given::Text(text)) => text.trim().to_owned(),
            (_, Given::Number(number)) => number.to_string(),
            (_, Given::Player(mention)) => mention.clone(),
            (_, Given::Flag(flag)) => flag.to_string(),
        };
        if text.is_empty() {
            continue;
        }
        line.push(' ');
        if arg.form == Form::Keyed {
            line.push_str(arg.en);
            line.push('=');
        }
        line.push_str(&text);
    }
    Some(line)
}

#[cfg(test)]
mod tests;
