//! Every verb of the table, in the order `help` and Discord list them.

use super::class_verbs::{CLASS_VERBS, POSITION};
use super::shape::*;
use super::slash::*;
use super::vocabulary::*;

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
        fillers: &["me", "moi"],
        ..private(verb(
            "forget",
            "oublier",
            &["oublie", "forget-me", "oublie-moi"],
            &[arg("confirm", "confirmer", Value::Flag, Form::Bare)],
            "about",
        ))
    },
    Verb {
        slash: SLASH_MY_DATA,
        fillers: &["data", "donnees", "données"],
        ..private(verb(
            "my-data",
            "mes-donnees",
            &["my", "mes", "mydata", "mes-données"],
            &[],
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
