//! The closed word lists of the grammar: each value with its English and French names and any
//! other spelling users write (with or without accents). The text parser reads them, `help` and
//! refusals list them, Discord offers them as choices: one list, so they cannot disagree.

use lalao_renderer::Locale;

/// One value: its id (the English name, also Discord's choice value), its French name, and
/// other words that mean it.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    pub id: &'static str,
    pub fr: &'static str,
    pub also: &'static [&'static str],
}

/// A closed list of values.
#[derive(Debug)]
pub struct Vocabulary {
    /// What the values are, as refusals name it (`what-{what}` in the Fluent files).
    pub what: &'static str,
    /// The Fluent id prefix of a value's label on Discord (`{label}{id}`).
    pub label: &'static str,
    pub words: &'static [Word],
}

impl Vocabulary {
    /// The id of the value `word` names, in any case.
    pub fn find(&self, word: &str) -> Option<&'static str> {
        let word = word.to_lowercase();
        self.words
            .iter()
            .find(|value| value.id == word || value.fr == word || value.also.contains(&word.as_str()))
            .map(|value| value.id)
    }

    /// The values' names in `locale`, as usage lines and refusals list them (`a|b|c`).
    pub fn names(&self, locale: Locale, separator: &str) -> String {
        self.words
            .iter()
            .map(|value| name_in(locale, value.id, value.fr))
            .collect::<Vec<_>>()
            .join(separator)
    }
}

/// The name of a thing in `locale`, given its English and French names.
pub(crate) fn name_in(locale: Locale, en: &'static str, fr: &'static str) -> &'static str {
    match locale {
        Locale::Fr => fr,
        _ => en,
    }
}

const fn word(id: &'static str, fr: &'static str, also: &'static [&'static str]) -> Word {
    Word { id, fr, also }
}

pub static ANSWERS: Vocabulary = Vocabulary {
    what: "answer",
    label: "discord-answer-",
    words: &[
        word("offer", "proposer", &["ask", "request", "demander"]),
        word("accept", "accepter", &["yes", "ok", "oui"]),
        word("decline", "refuser", &["no", "refuse", "non"]),
    ],
};

pub static SCOPES: Vocabulary = Vocabulary {
    what: "scope",
    label: "discord-scope-",
    words: &[
        word("channel", "salon", &["here", "ici"]),
        word("mine", "mes", &["me", "moi"]),
    ],
};

/// Which players `top` lists: those of this server (Discord) or room, or everyone's.
pub static LEADERBOARDS: Vocabulary = Vocabulary {
    what: "leaderboard",
    label: "discord-leaderboard-",
    words: &[
        word(
            "here",
            "ici",
            &["server", "serveur", "room", "salon", "channel", "local"],
        ),
        word(
            "global",
            "mondial",
            &["world", "monde", "all", "tous", "everyone"],
        ),
    ],
};

/// A setting that is on or off.
pub static SWITCHES: Vocabulary = Vocabulary {
    what: "switch",
    label: "discord-switch-",
    words: &[
        word("on", "oui", &["yes", "true", "visible"]),
        word("off", "non", &["no", "false", "hidden", "cache", "caché"]),
    ],
};

pub static PARITIES: Vocabulary = Vocabulary {
    what: "parity",
    label: "discord-parity-",
    words: &[
        word("odd", "impair", &["tek"]),
        word("even", "pair", &["çift", "cift"]),
    ],
};

pub static SIDES: Vocabulary = Vocabulary {
    what: "side",
    label: "side-",
    words: &[
        word("white", "blanc", &["blancs", "w"]),
        word("black", "noir", &["noirs", "b"]),
        word("south", "sud", &["s"]),
        word("north", "nord", &["n"]),
    ],
};

pub static STYLES: Vocabulary = Vocabulary {
    what: "style",
    label: "discord-style-",
    words: &[
        word("picture", "image", &["pictures", "png", "images"]),
        word("text", "texte", &[]),
        word("emoji", "émoji", &[]),
        word("large", "grand", &["big"]),
        word("reader", "lecteur", &["screen-reader", "lecteur-d-écran"]),
    ],
};

pub static LANGUAGES: Vocabulary = Vocabulary {
    what: "language",
    label: "discord-language-",
    words: &[
        word("en", "en", &["english", "anglais"]),
        word("fr", "fr", &["french", "français", "francais"]),
    ],
};

pub static LEVELS: Vocabulary = Vocabulary {
    what: "level",
    label: "discord-level-",
    words: &[
        // The gentle level first: it is the one offered to a newcomer and a child.
        word("kind", "gentil", &["gentille"]),
        word("easy", "facile", &[]),
        word("medium", "moyen", &["normal"]),
        word("hard", "difficile", &["fort"]),
        word("random", "hasard", &["aleatoire", "aléatoire"]),
    ],
};

/// Who a match is against, besides a named player.
pub static OPPONENTS: Vocabulary = Vocabulary {
    what: "opponent",
    label: "discord-opponent-",
    words: &[
        word("open", "ouvert", &["anyone", "ouverte", "tous"]),
        word(
            "practice",
            "entrainement",
            &["solo", "hotseat", "hot-seat", "entraînement"],
        ),
        word(
            "computer",
            "ordinateur",
            &["bot", "cpu", "robot", "ordi", "lalao", "@lalao"],
        ),
        // Everyone here against the computer, each move chosen by vote.
        word("vote", "vote", &["voter", "together", "ensemble"]),
    ],
};

/// The games, by id and common spellings.
pub static GAMES: Vocabulary = Vocabulary {
    what: "game",
    label: "game-",
    words: &GAME_WORDS,
};

const GAME_WORDS: [Word; 5] = [
    word("samantsy", "samantsy", &[]),
    word("fano", "fano", &["fanoronandalana"]),
    word("mangala", "mangala", &["mangala-iv", "mangala4"]),
    word("engehe", "engehe", &["en-gehe", "engehé", "en-gehé", "gehe"]),
    word("katro", "katro", &[]),
];

/// What a simul is played in, or `stop`, which ends it (`class simul fano`, `class simul
/// stop`; `/simul game:stop` on Discord).
pub static SIMUL_GAMES: Vocabulary = Vocabulary {
    what: "game",
    label: "game-",
    words: &{
        let [a, b, c, d, e] = GAME_WORDS;
        [a, b, c, d, e, word("stop", "arreter", &["arrêter", "fin"])]
    },
};

/// What a class vote is played in, or what the teacher does with the running one (`class vote
/// katro`, `class vote play`, `stop`, `reveal`).
pub static VOTE_GAMES: Vocabulary = Vocabulary {
    what: "game",
    label: "vote-game-",
    words: &[
        word("samantsy", "samantsy", &[]),
        word("fano", "fano", &["fanoronandalana"]),
        word("engehe", "engehe", &["en-gehe", "engehé", "en-gehé", "gehe"]),
        word("katro", "katro", &[]),
        word("play", "jouer", &["now", "maintenant"]),
        word("stop", "arreter", &["arrêter", "fin"]),
        word("reveal", "montrer", &["reveler", "révéler", "who", "qui"]),
    ],
};

/// Whom the class plays by vote.
pub static VOTE_AGAINST: Vocabulary = Vocabulary {
    what: "against",
    label: "vote-against-",
    words: &[
        word("computer", "ordinateur", &["bot", "ordi", "lalao"]),
        word(
            "teacher",
            "maitre",
            &["maître", "maitresse", "maîtresse", "prof", "enseignant"],
        ),
    ],
};

/// In which order a class team's members play.
pub static ORDERS: Vocabulary = Vocabulary {
    what: "order",
    label: "discord-order-",
    words: &[word("rotation", "tour", &["turns"]), word("any", "libre", &[])],
};

/// Every closed list, for refusals that name one by `what`.
pub static ALL: [&Vocabulary; 13] = [
    &ANSWERS,
    &SCOPES,
    &LEADERBOARDS,
    &SWITCHES,
    &PARITIES,
    &SIDES,
    &STYLES,
    &LANGUAGES,
    &LEVELS,
    &OPPONENTS,
    &GAMES,
    &ORDERS,
    &VOTE_AGAINST,
];

/// The list whose refusals say `what`, if it is closed.
pub fn by_what(what: &str) -> Option<&'static Vocabulary> {
    ALL.iter().copied().find(|vocabulary| vocabulary.what == what)
}

/// `on`/`off` and their synonyms, for settings.
pub fn on_off(word: &str) -> Option<bool> {
    match word {
        "on" | "yes" | "oui" | "true" => Some(true),
        "off" | "no" | "non" | "false" | "none" | "aucun" => Some(false),
        _ => None,
    }
}
