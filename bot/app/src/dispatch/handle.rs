//! One command from arrival to reply: the caller remembered, the command run (again, a few
//! times, when a change left its match's board as it was), a refusal or a failure told, and
//! every command the reply names written for where it is read.

use std::time::Instant;

use tracing::field::Empty;

use crate::class::screen::{ScreenAnswer, ScreenPlay};
use crate::class::taps::{screen_answer, ScreenTaps};
use crate::command::Command;
use crate::dispatch::commands::dispatch;
use crate::kernel::app::App;
use crate::kernel::board_reply::BoardReplies;
use crate::kernel::context::{Context, Fail, Prefs};
use crate::kernel::reply::Message;
use crate::kernel::reply::{Outcome, Reply};
use crate::kernel::wording;
use crate::pages::live::PageRead;
use crate::play::challenge::Challenges;
use crate::play::read_commands::ReadCommands;
use crate::record::{self, EventRecord, Stage};
use crate::social::preferences::Preferences;
use crate::store::keys;

/// How many times a command runs again after a change that left its match's board as it was.
const AGAIN: usize = 3;

/// Parses a text line (see [`crate::command::parse`]) and handles it. `None`: the line was
/// not addressed to the bot.
pub(crate) fn handle_text(app: &App, ctx: &Context, line: &str, prefix_required: bool) -> Option<Reply> {
    match crate::command::parse(line, prefix_required) {
        Ok(None) => None,
        Ok(Some(command)) => Some(handle(app, ctx, command)),
        Err(error) => Some(handle_parsed(app, ctx, Err(error))),
    }
}

/// Handles a command a platform read from its own arguments (Discord's options), or says why
/// they make none in the words a typed line with the same mistake gets.
pub(crate) fn handle_parsed(
    app: &App,
    ctx: &Context,
    parsed: Result<Command, crate::command::ParseError>,
) -> Reply {
    match parsed {
        Ok(command) => handle(app, ctx, command),
        Err(error) => {
            let began = Instant::now();
            let prefs = app.prefs(ctx);
            let reply = wording::parse_error(ctx, prefs, &error);
            counted(app, ctx, &reply, false, began);
            for_reader(ctx, reply)
        }
    }
}

/// Handles one command. Never panics on user input; storage failures become a polite
/// "try again" and an error log.
pub(crate) fn handle(app: &App, ctx: &Context, command: Command) -> Reply {
    let began = Instant::now();
    let is_move = matches!(command, Command::Move { .. });
    let reply = handle_command(app, ctx, command);
    counted(app, ctx, &reply, is_move, began);
    for_reader(ctx, reply)
}

/// Counts a command handled since `began` (`/metrics`): by platform and outcome, a storage
/// failure as `failed`.
fn counted(app: &App, ctx: &Context, reply: &Reply, is_move: bool, began: Instant) {
    let result = match reply.outcome {
        Outcome::Refused {
            reason: "internal-error",
        } => "failed",
        outcome => outcome.id(),
    };
    app.metrics()
        .command(ctx.platform.id(), result, is_move, began.elapsed());
}

fn handle_command(app: &App, ctx: &Context, command: Command) -> Reply {
    let span = tracing::info_span!(
        "command",
        platform = ctx.platform.id(),
        command = command.name(),
        user = %ctx.user,
        channel = %ctx.channel,
        match_id = Empty,
    );
    let _entered = span.enter();
    if let Some(id) = command.match_id() {
        span.record("match_id", id.0);
    }
    if let Err(err) = Preferences(app).remember_caller(ctx) {
        tracing::warn!(error = %err, "could not remember the caller's name and language");
    }
    let prefs = app.prefs(ctx);
    let shows_only = command.shows_only();
    let mut result = dispatch(app, ctx, prefs, command.clone());
    for _ in 0..AGAIN {
        if !matches!(result, Err(Fail::Again)) {
            break;
        }
        result = dispatch(app, ctx, prefs, command.clone());
    }
    match result {
        Ok(mut reply) => {
            reply.outcome = if shows_only {
                Outcome::Shown
            } else {
                Outcome::Applied
            };
            reply
        }
        Err(Fail::Duplicate) => {
            tracing::info!("event already applied; answered with where its match stands");
            let messages = replay(app, ctx, prefs).unwrap_or_else(|_| {
                tracing::warn!("the answer to an event applied before could not be composed");
                Vec::new()
            });
            Reply {
                outcome: Outcome::Duplicate,
                messages,
            }
        }
        Err(Fail::User { key, mut args, board }) => {
            tracing::debug!(refusal = key);
            if key == "which-match" {
                args.push(("command", wording::typed_again(prefs.locale, &command)));
            }
            wording::refusal(app, ctx, prefs, key, &args, board.as_deref())
        }
        Err(Fail::Again) => wording::refusal(app, ctx, prefs, "try-again", &[], None),
        Err(Fail::Said { key, text }) => {
            tracing::debug!(refusal = key);
            wording::refused(ctx, key, text)
        }
        Err(Fail::Store(err)) => {
            tracing::error!(error = %err, "storage failed");
            wording::internal(ctx, prefs)
        }
        Err(Fail::Record(err)) => {
            tracing::error!(error = %err, "a stored record is unusable");
            wording::internal(ctx, prefs)
        }
    }
}

/// The answer to an event applied before, delivered again (a platform that redelivers
/// after a crash): where its match stands now — the challenge still waiting, or the live
/// board. An adapter that may have lost the first answer sends this one under the same
/// idempotency key, so the people in the channel see one answer whichever got through.
fn replay(app: &App, ctx: &Context, prefs: Prefs) -> Result<Vec<Message>, Fail> {
    let Some(event) = &ctx.event else {
        return Ok(Vec::new());
    };
    let Some(bytes) = app.reads().get(&keys::event_key(event))? else {
        return Ok(Vec::new());
    };
    let applied: EventRecord = record::decode(&bytes, "an event record")?;
    let Some((record, _)) = applied.match_id.map(|id| app.load(id)).transpose()?.flatten() else {
        return Ok(Vec::new());
    };
    if record.stage == Stage::Challenge {
        return Ok(vec![Challenges(app).challenge_message(
            ctx,
            prefs.locale,
            &record,
        )]);
    }
    let game = record.current_game()?;
    let text = ReadCommands(app).status_text(prefs.locale, &record, &game);
    Ok(BoardReplies(app)
        .with_board(ctx, prefs, "board", text, &record, &game, Vec::new())
        .messages)
}

/// A reply with every command it tells the reader to type written in the form that works where
/// they read it (`grammar::instructions`).
fn for_reader(ctx: &Context, mut reply: Reply) -> Reply {
    let surface = crate::command::grammar::Surface::of(ctx.platform);
    for message in &mut reply.messages {
        message.text = crate::command::grammar::instructions::for_surface(&message.text, surface);
    }
    reply
}

/// The application's front door, as its tests and the facade call it: `app.handle(…)`.
pub(crate) trait Handle {
    /// Parses a text line (see [`crate::command::parse`]) and handles it. `None`: the line was
    /// not addressed to the bot.
    fn handle_text(&self, ctx: &Context, line: &str, prefix_required: bool) -> Option<Reply>;

    /// Handles one command. Never panics on user input; storage failures become a polite
    /// "try again" and an error log.
    fn handle(&self, ctx: &Context, command: Command) -> Reply;
}

impl Handle for App {
    fn handle_text(&self, ctx: &Context, line: &str, prefix_required: bool) -> Option<Reply> {
        handle_text(self, ctx, line, prefix_required)
    }

    fn handle(&self, ctx: &Context, command: Command) -> Reply {
        handle(self, ctx, command)
    }
}

/// Plays a move tapped on a class screen (`token`), as its teacher or pupil: the command it
/// makes runs like any other. `None` if the link is no current one.
pub(crate) fn screen_play(app: &App, token: &str, play: ScreenPlay) -> PageRead<ScreenAnswer> {
    Ok(match ScreenTaps(app).screen_command(token, play)? {
        None => None,
        Some(Err(refused)) => Some(refused),
        Some(Ok((ctx, command))) => Some(screen_answer(handle(app, &ctx, command))),
    })
}
