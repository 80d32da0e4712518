//! Turning outcomes into localized messages and boards. All words come from the Fluent files.

use crate::kernel::class_seats::ClassSeats;
use lalao_core::{AnyGame, CoreError, GameKind, IllegalReason, Side, Winner};
use lalao_renderer::{render, Locale, View};

use crate::command::grammar::{self, vocabulary};
use crate::command::ParseError;
use crate::i18n::t;
use crate::ids::Platform;
use crate::kernel::channels::ChannelSettings;
use crate::kernel::{App, Audience, Context, Kind, Message, Outcome, PictureOrder, Prefs, Reply};
use crate::record::{Ending, MatchRecord, Stage};
use crate::shown;

/// How many legal moves a refusal lists before "…".
const LISTED_MOVES: usize = 24;

pub(crate) fn message(ctx: &Context, key: &'static str, text: String) -> Message {
    Message {
        audience: Audience::Channel(ctx.channel.clone()),
        kind: Kind::Said,
        key,
        text,
        board: None,
        picture: None,
        mentions: Vec::new(),
        match_ref: None,
        actions: Vec::new(),
        live: None,
        tapped: None,
    }
}

pub(crate) fn single(ctx: &Context, key: &'static str, text: String) -> Reply {
    Reply {
        messages: vec![message(ctx, key, text)],
        ..Reply::default()
    }
}

/// A refusal whose text is composed: nothing changed.
pub(crate) fn refused(ctx: &Context, key: &'static str, text: String) -> Reply {
    Reply {
        outcome: Outcome::Refused { reason: key },
        messages: vec![message(ctx, key, text)],
    }
}

pub(crate) fn internal(ctx: &Context, prefs: Prefs) -> Reply {
    refused(ctx, "internal-error", t(prefs.locale, "internal-error", &[]))
}

pub(crate) fn parse_error(ctx: &Context, prefs: Prefs, error: &ParseError) -> Reply {
    let locale = prefs.locale;
    // The user's own words, echoed: safe to show where they are read.
    let echo = |text: &str| shown::on(ctx.platform, text);
    let args: Vec<(&str, String)> = match error {
        ParseError::UnknownCommand { word } => vec![("word", echo(word))],
        ParseError::Missing { command, what } => {
            vec![
                ("command", (*command).to_owned()),
                ("what", t(locale, &format!("what-{what}"), &[])),
            ]
        }
        ParseError::UnknownGame { word } => vec![("word", echo(word)), ("games", game_list())],
        ParseError::BadValue { what, value } => vec![
            ("what", t(locale, &format!("what-{what}"), &[])),
            ("value", echo(value)),
            (
                "allowed",
                vocabulary::by_what(what)
                    .map(|closed| closed.names(locale, ", "))
                    .or_else(|| subverb_names(locale, what))
                    .unwrap_or_else(|| t(locale, &format!("allowed-{what}"), &[])),
            ),
        ],
        ParseError::Unexpected { word } => vec![("word", echo(word))],
        ParseError::TooLong => Vec::new(),
    };
    let key = error.message_id();
    let mut text = t(locale, key, &args);
    if let ParseError::UnknownCommand { word } = error {
        text.push_str(&did_you_mean(locale, ctx.platform, word));
    }
    text.push('\n');
    let help = grammar::typed(locale, grammar::Surface::of(ctx.platform), "help", "");
    text.push_str(&t(locale, "hint-help", &[("help", help)]));
    refused(ctx, key, text)
}

/// " Did you mean `accept`?" when a mistyped command is close to one, else "".
/// The subverbs of the verb a refusal names (`class`), in the reader's language.
fn subverb_names(locale: Locale, verb: &str) -> Option<String> {
    let verb = grammar::verb_named(verb).filter(|verb| !verb.subverbs.is_empty())?;
    let names: Vec<&str> = verb.subverbs.iter().map(|sub| sub.written(locale)).collect();
    Some(names.join(", "))
}

fn did_you_mean(locale: Locale, platform: crate::ids::Platform, word: &str) -> String {
    match grammar::nearest_verb(word) {
        Some(verb) => {
            let command = grammar::typed(locale, grammar::Surface::of(platform), verb.en, "");
            format!(" {}", t(locale, "did-you-mean", &[("command", command)]))
        }
        None => String::new(),
    }
}

/// "I don't know the command …", with the nearest command and how to get help.
pub(crate) fn unknown_command(ctx: &Context, locale: Locale, word: &str) -> String {
    let mut text = t(
        locale,
        "parse-unknown-command",
        &[("word", shown::on(ctx.platform, word))],
    );
    text.push_str(&did_you_mean(locale, ctx.platform, word));
    text.push('\n');
    let help = grammar::typed(locale, grammar::Surface::of(ctx.platform), "help", "");
    text.push_str(&t(locale, "hint-help", &[("help", help)]));
    text
}

pub(crate) fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|kind| kind.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A refusal, with the board when it helps ("the board changed, here it is").
pub(crate) fn refusal(
    service: &App,
    ctx: &Context,
    prefs: Prefs,
    key: &'static str,
    args: &[(&'static str, String)],
    board: Option<&MatchRecord>,
) -> Reply {
    let mut message = message(ctx, key, t(prefs.locale, key, args));
    if let Some(record) = board {
        if let Ok(game) = record.current_game() {
            show_board(&mut message, service, record, &game, prefs, &ctx.user, None);
            message.on_game(record, &game);
        }
    }
    Reply {
        outcome: Outcome::Refused { reason: key },
        messages: vec![message],
    }
}

/// The command as the caller gave it, in their language and without a match number: the
/// example that a refusal asking which match they mean completes with one (`undo #23`,
/// `move @3 #23`), so that it is the command they wanted, typable as written.
pub(crate) fn typed_again(locale: Locale, command: &crate::command::Command) -> String {
    use crate::command::Command;
    let verb =
        |en: &'static str| crate::command::grammar::verb_named(en).map_or(en, |known| known.written(locale));
    match command {
        Command::Move { text, .. } => format!("{} {text}", verb("move")),
        Command::Export { animation: true, .. } => format!("{} animation", verb("export")),
        other => verb(other.name()).to_owned(),
    }
}

/// The localized name of a side in a game: "White", "Sud".
pub(crate) fn side_name(locale: Locale, kind: GameKind, side: Side) -> String {
    t(locale, &format!("side-{}", kind.side_name(side)), &[])
}

/// The localized name of a game.
pub(crate) fn game_name(locale: Locale, kind: GameKind) -> String {
    t(locale, &format!("game-{}", kind.id()), &[])
}

/// The names a board shows: a class match's seats and teams, else the side holders'.
pub(crate) fn board_names(
    service: &App,
    record: &MatchRecord,
    game: &AnyGame,
    locale: Locale,
) -> [String; 2] {
    ClassSeats(service)
        .class_board_names(record, game, locale)
        .unwrap_or_else(|| names(service, record))
}

/// The names of the side holders, for the renderer (empty in practice: one person plays both).
pub(crate) fn names(service: &App, record: &MatchRecord) -> [String; 2] {
    match (&record.players, record.practice) {
        (Some(players), false) => [service.name_of(&players[0]), service.name_of(&players[1])],
        _ => [String::new(), String::new()],
    }
}

/// Gives `message` the board of a match for `viewer`, drawn from `viewpoint` if given, in
/// `prefs`' style, and the order for its picture when `prefs` want one.
pub(crate) fn show_board(
    message: &mut Message,
    service: &App,
    record: &MatchRecord,
    game: &AnyGame,
    prefs: Prefs,
    viewer: &crate::ids::UserId,
    viewpoint: Option<Side>,
) {
    let names = board_names(service, record, game, prefs.locale);
    let events = record.events_to_mark();
    let view = View {
        style: prefs.style,
        locale: prefs.locale,
        names: [names[0].as_str(), names[1].as_str()],
        viewer: viewpoint.or_else(|| App::viewer_side(record, viewer)),
        last_move: record.moves.last().map(String::as_str),
        events,
        ended: !record.stage.is_active(),
        result: None,
    };
    message.board = Some(render(game, &view));
    let picture = prefs.picture && ChannelSettings(service).pictures_allowed(&message.audience);
    message.picture = picture.then(|| {
        Box::new(PictureOrder {
            game: game.clone(),
            names: names.clone(),
            viewer: view.viewer,
            last_move: record.moves.last().cloned(),
            events: events.to_vec(),
            ended: view.ended,
            style: prefs.style,
            locale: prefs.locale,
            highlights: Vec::new(),
        })
    });
}

/// "Ana (White)" in a two-player match, "White" in practice.
pub(crate) fn player_label(service: &App, locale: Locale, record: &MatchRecord, side: Side) -> String {
    let colour = side_name(locale, record.game, side);
    match (&record.players, record.practice) {
        (Some(players), false) => t(
            locale,
            "player-with-side",
            &[
                ("name", service.name_of(&players[side.index()])),
                ("side", colour),
            ],
        ),
        _ => colour,
    }
}

/// The sentence that announces the end of a match.
/// "Ratings: Ana 1512 (+12), Bodo 1488 (−12)." under the result of a rated game.
pub(crate) fn rating_line(service: &App, locale: Locale, record: &MatchRecord) -> Option<String> {
    let (changes, players) = (record.rating_change?, record.players.as_ref()?);
    let changes: Vec<String> = players
        .iter()
        .zip(changes)
        .map(|(user, change)| format!("{} {}", service.name_of(user), change.shown()))
        .collect();
    let mut line = t(locale, "ratings-changed", &[("changes", changes.join(", "))]);
    // A provisional rating's ? is said once, where it is shown.
    if changes.iter().any(|change| change.contains('?')) {
        line.push(' ');
        line.push_str(&t(locale, "rating-provisional-note", &[]));
    }
    Some(line)
}

pub(crate) fn ending_text(service: &App, locale: Locale, record: &MatchRecord) -> Option<String> {
    let mut text = ending_only(service, locale, record)?;
    if let Some(series) = series_text(service, locale, record) {
        text.push('\n');
        text.push_str(&series);
    }
    Some(text)
}

/// The side that won a finished match; `None` for a draw or a match not won.
fn winner_side(record: &MatchRecord) -> Option<Side> {
    match &record.stage {
        Stage::Finished { ending } => match ending {
            Ending::Game { outcome } => match outcome.winner {
                Winner::Side(side) => Some(side),
                Winner::Draw => None,
            },
            Ending::Resigned { side } | Ending::Timeout { side } => Some(side.opponent()),
            Ending::Adjudicated { winner, .. } => *winner,
            Ending::DrawAgreed | Ending::ActivityDone => None,
        },
        _ => None,
    }
}

/// The longest series told: past it the oldest games are left out of the score.
const SERIES_MAX: usize = 100;

/// "Series: Ana 3 – 2 Bako", for a finished match that ends a series of rematches (draws
/// count for nobody); `None` for a lone match.
fn series_text(service: &App, locale: Locale, record: &MatchRecord) -> Option<String> {
    record.rematch_of?;
    let players = record.players.clone()?;
    let mut wins = [0u32; 2];
    let mut current = Some(record.clone());
    let mut games = 0;
    while let Some(game) = current.take() {
        if let Some(side) = winner_side(&game) {
            let winner = game.players.as_ref().map(|players| players[side.index()].clone());
            for (index, player) in players.iter().enumerate() {
                if winner.as_ref() == Some(player) {
                    wins[index] += 1;
                }
            }
        }
        games += 1;
        if games >= SERIES_MAX {
            break;
        }
        current = game
            .rematch_of
            .and_then(|id| service.load(id).ok().flatten())
            .map(|(previous, _)| previous);
    }
    let name = |index: usize| service.name_of(&players[index]);
    Some(t(
        locale,
        "match-series",
        &[
            ("first", name(0)),
            ("first-wins", wins[0].to_string()),
            ("second", name(1)),
            ("second-wins", wins[1].to_string()),
        ],
    ))
}

/// What ended the match, in one sentence.
fn ending_only(service: &App, locale: Locale, record: &MatchRecord) -> Option<String> {
    let Stage::Finished { ending } = &record.stage else {
        return None;
    };
    Some(match ending {
        Ending::Game { outcome } => {
            // Who was to move when it ended: the one left without a move, where that is why.
            let game = record.current_game().ok();
            let stuck = game
                .as_ref()
                .map(|game| player_label(service, locale, record, game.to_move()))
                .unwrap_or_default();
            // The seeds each side ends with, the winner's first: what a sowing game is won by.
            let score = game
                .and_then(|game| game.captured())
                .map(|seeds| match outcome.winner {
                    Winner::Side(side) => {
                        format!("{}–{}", seeds[side.index()], seeds[side.opponent().index()])
                    }
                    Winner::Draw => format!("{}–{}", seeds[0], seeds[1]),
                })
                .unwrap_or_default();
            let reason = t(
                locale,
                &format!("reason-{}", outcome.reason.code().replace('_', "-")),
                &[("player", stuck), ("score", score)],
            );
            match outcome.winner {
                Winner::Side(side) => t(
                    locale,
                    "game-won",
                    &[
                        ("winner", player_label(service, locale, record, side)),
                        ("reason", reason),
                    ],
                ),
                Winner::Draw => t(locale, "game-drawn", &[("reason", reason)]),
            }
        }
        Ending::Resigned { side } => t(
            locale,
            "game-resigned",
            &[
                ("loser", player_label(service, locale, record, *side)),
                ("winner", player_label(service, locale, record, side.opponent())),
            ],
        ),
        Ending::DrawAgreed => t(locale, "game-draw-agreed", &[]),
        Ending::Adjudicated {
            winner: Some(side), ..
        } => t(
            locale,
            "class-adjudicated-win",
            &[("winner", player_label(service, locale, record, *side))],
        ),
        Ending::Adjudicated { winner: None, .. } => t(locale, "class-adjudicated-draw", &[]),
        // A finished activity is told in its own words.
        Ending::ActivityDone => service.teaching().ending(locale, record),
        Ending::Timeout { side } => t(
            locale,
            "game-timeout",
            &[
                ("loser", player_label(service, locale, record, *side)),
                ("winner", player_label(service, locale, record, side.opponent())),
            ],
        ),
    })
}

/// "You can play: @1, @2, …" (or that there is no move).
pub(crate) fn legal_moves_text(locale: Locale, game: &AnyGame) -> String {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return t(locale, "no-legal-moves", &[]);
    }
    let mut listed = moves
        .iter()
        .take(LISTED_MOVES)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if moves.len() > LISTED_MOVES {
        listed.push_str(", …");
    }
    t(
        locale,
        "legal-moves",
        &[("moves", listed), ("count", moves.len().to_string())],
    )
}

/// A friendly explanation of a refused move, with what the player can do instead.
/// The move as the player wrote it is echoed as text safe on `platform`.
pub(crate) fn move_refusal(
    locale: Locale,
    platform: Platform,
    game: &AnyGame,
    error: &CoreError,
) -> (&'static str, String) {
    let echo = |text: &str| shown::on(platform, text);
    let (key, mut text) = match error {
        CoreError::IllegalMove { text, reason } => {
            let key = illegal_key(*reason);
            (key, t(locale, key, &[("move", echo(text))]))
        }
        CoreError::BadMove { text, .. } => ("bad-move", t(locale, "bad-move", &[("move", echo(text))])),
        other => (
            "bad-move",
            t(locale, "bad-move", &[("move", echo(&other.to_string()))]),
        ),
    };
    text.push('\n');
    text.push_str(&legal_moves_text(locale, game));
    (key, text)
}

fn illegal_key(reason: IllegalReason) -> &'static str {
    match reason {
        IllegalReason::GameOver => "illegal-game-over",
        IllegalReason::CellOccupied => "illegal-cell-occupied",
        IllegalReason::WrongPhase => "illegal-wrong-phase",
        IllegalReason::NotYourPiece => "illegal-not-your-piece",
        IllegalReason::DestinationOccupied => "illegal-destination-occupied",
        IllegalReason::NotReachable => "illegal-not-reachable",
        IllegalReason::CaptureRequired => "illegal-capture-required",
        IllegalReason::RepeatsSituation => "illegal-repeats-situation",
        IllegalReason::LeavesHovaAttacked => "illegal-leaves-hova-attacked",
        IllegalReason::NotYourHole => "illegal-not-your-hole",
        IllegalReason::EmptyHole => "illegal-empty-hole",
        IllegalReason::NotOutermostRow => "illegal-not-outermost-row",
        IllegalReason::NotForcedHole => "illegal-not-forced-hole",
        IllegalReason::MustPass => "illegal-must-pass",
        IllegalReason::CannotPass => "illegal-cannot-pass",
        IllegalReason::NeverEndingSowing => "illegal-never-ending-sowing",
        IllegalReason::StepNotAllowed => "illegal-step-not-allowed",
        IllegalReason::WrongStepPath => "illegal-wrong-step-path",
    }
}

/// An answer for its asker alone (an activity, a hint, `forget me`): where it was asked for in
/// a room that cannot be answered privately (Matrix), it goes to a direct room, and a short
/// line in the room says so: the room would otherwise show nothing at all.
pub(crate) fn said_where(app: &App, ctx: &Context, prefs: Prefs, mut reply: Reply) -> Reply {
    let all_private = !reply.messages.is_empty()
        && reply
            .messages
            .iter()
            .all(|said| matches!(said.audience, Audience::Private(_)));
    if all_private && !ctx.private && !ctx.platform.answers_privately_in_channels() {
        let text = t(
            prefs.locale,
            "sent-privately",
            &[("player", app.name_of(&ctx.user))],
        );
        reply.messages.push(message(ctx, "sent-privately", text));
    }
    reply
}

#[cfg(test)]
mod tests;
