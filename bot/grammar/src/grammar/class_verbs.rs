//! The verbs of classroom mode, typed after `class`.

use super::shape::*;
use super::slash::{SLASH_SIMUL, SLASH_VOTE};
use super::vocabulary::*;

pub(crate) const PUPIL: Arg = required(arg("pupil", "eleve", Value::Name, Form::Bare));
pub(crate) const CLASS_MATCH: Arg = required(MATCH);
pub(crate) const CLASS_LANGUAGE: Arg = arg("language", "langue", Value::Choice(&LANGUAGES), Form::Keyed);
pub(crate) const CLASS_STYLE: Arg = arg("style", "style", Value::Choice(&STYLES), Form::Keyed);
pub(crate) const SEATS_AND_GAME: &[Arg] = &[
    required(arg("first", "premier", Value::Name, Form::Bare)),
    required(arg("second", "second", Value::Name, Form::Bare)),
    required(arg("game", "jeu", Value::Choice(&GAMES), Form::Bare)),
    arg("options", "options", Value::Words, Form::Bare),
];

/// Where a match may start: last, since a position holds spaces and takes the rest of the line.
pub(crate) const POSITION: Arg = arg("position", "position", Value::Words, Form::Keyed);

pub(crate) const SEATS_GAME_AND_POSITION: &[Arg] = &[
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
    class(verb("csv", "csv", &[], &[], "class")),
    // Each pupil's lessons, homework, puzzles and matches, for the school's records.
    school(class(verb("report", "bilan", &["rapport"], &[], "class"))),
    // The teacher against every pupil at once, each on their seat; `stop` ends it.
    own_command(
        class(verb(
            "simul",
            "simultanee",
            &["simultanée"],
            &[
                required(arg("game", "jeu", Value::Choice(&SIMUL_GAMES), Form::Bare)),
                arg("options", "options", Value::Words, Form::Bare),
                arg("restart", "recommencer", Value::Choice(&SWITCHES), Form::Keyed),
                POSITION,
            ],
            "class",
        )),
        SLASH_SIMUL,
    ),
    // The class plays one side by vote; `play` closes the turn, `stop` ends it, `reveal`
    // shows who voted what once it is over.
    own_command(
        class(verb(
            "vote",
            "voter",
            &["vote"],
            &[
                required(arg("game", "jeu", Value::Choice(&VOTE_GAMES), Form::Bare)),
                arg("options", "options", Value::Words, Form::Bare),
                arg("against", "contre", Value::Choice(&VOTE_AGAINST), Form::Keyed),
                arg("level", "niveau", Value::Choice(&LEVELS), Form::Keyed),
                arg("seconds", "secondes", Value::Number, Form::Keyed),
                arg("change", "changer", Value::Choice(&SWITCHES), Form::Keyed),
                POSITION,
            ],
            "class",
        )),
        SLASH_VOTE,
    ),
    // The whole class as a file (and, as the word always gave, the tournament's CSV).
    school(class(verb("export", "exporter", &[], &[], "class"))),
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
            arg("next", "suite", Value::Choice(&SWITCHES), Form::Keyed),
            arg("keep", "garder", Value::Number, Form::Keyed),
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
