//! The local console: the embedded default when no chat platform is configured. Same grammar
//! (the `!lalao` prefix is optional), same store, one channel (`console:local`). Hot-seat play at
//! one keyboard — the classroom projector — with `/user <name>` to say who is typing.
//!
//! Output is stable for scripts and tests: `plain` prints each reply's text and board (the
//! renderer's plain form) followed by one empty line; `json` prints one JSON object per reply.
//! On a terminal (`pretty`) there is a prompt as well, and the rite's coins are read without echo.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};

use lalao_app::command::{self, Command};
use lalao_app::i18n::t;
use lalao_app::ids::Platform;
use lalao_app::schedule::notifier::{DeliveryError, Notification, Notifier};
use lalao_app::Service;
use lalao_app::{Audience, Context, Kind, Outcome, Reply};

/// How replies are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A terminal: prompt, then plain text.
    Pretty,
    /// Plain text, no prompt (pipes, logs, tests).
    Plain,
    /// One JSON object per reply (scripts, tests).
    Json,
}

pub struct Options {
    /// Who types, until `/user` changes it.
    pub user: String,
    pub output: Output,
}

/// Reads the secret coin count: without echo on a terminal, the next input line otherwise.
pub type SecretReader<'a> = dyn FnMut(&mut dyn BufRead) -> io::Result<Option<String>> + 'a;

/// The secret reader for the real console.
pub fn read_secret(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        return rpassword::read_password().map(Some);
    }
    let mut line = String::new();
    Ok((input.read_line(&mut line)? > 0).then(|| line.trim().to_owned()))
}

fn valid_user(name: &str) -> bool {
    !name.is_empty() && name.len() <= 32 && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// How often the console looks for what comes later (a timer due, a review made, a move
/// tapped on the class screen) while it waits for a line.
const PUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// The console's screen, shared by the session and the pusher: whoever holds it prints.
struct Shared<'a> {
    out: &'a mut (dyn Write + Send),
    /// The prompt on screen while the session waits for a line (pretty output only): printed
    /// again under whatever is pushed meanwhile.
    prompt: Option<String>,
}

fn hold<'s, 'a>(shared: &'s Mutex<Shared<'a>>) -> std::sync::MutexGuard<'s, Shared<'a>> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs the console until the input ends or `/quit`. What comes later — a review, a notice of
/// a timer, a plan set aside, the daily puzzle — is printed as soon as it comes, also while
/// the console waits for a line: the console is a platform like the others.
pub fn run(
    service: &Service,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
    options: Options,
    secret: &mut SecretReader,
) -> io::Result<()> {
    let output = options.output;
    let shared = Mutex::new(Shared { out, prompt: None });
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let pusher = std::thread::Builder::new()
            .name("lalao-console-push".to_owned())
            .spawn_scoped(scope, || push_while_waiting(service, &shared, output, &stop))?;
        let ended = session(service, input, &shared, options, secret);
        stop.store(true, Ordering::Relaxed);
        pusher.thread().unpark();
        let pushed = pusher
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the console's pusher stopped")));
        ended.and(pushed)
    })
}

/// Prints what comes while the session waits: each pass under the screen, so it never cuts
/// into an answer, and a command's own notices still follow its answer.
fn push_while_waiting(
    service: &Service,
    shared: &Mutex<Shared>,
    output: Output,
    stop: &AtomicBool,
) -> io::Result<()> {
    while !stop.load(Ordering::Relaxed) {
        // The console's timers fire here (and before each prompt): its scheduler, as `/readyz`
        // names it.
        service
            .health()
            .beat("scheduler", PUSH_EVERY + std::time::Duration::from_secs(30));
        std::thread::park_timeout(PUSH_EVERY);
        let mut screen = hold(shared);
        let Some(prompt) = screen.prompt.clone() else {
            // The session is answering a command: it prints the notices after its answer.
            continue;
        };
        // Gathered first: on a terminal, what comes goes on a line of its own under the
        // prompt, and the prompt comes again below it.
        let mut pushed = Vec::new();
        print_notifications(service, &mut pushed, output)?;
        if pushed.is_empty() {
            continue;
        }
        if output == Output::Pretty {
            writeln!(screen.out)?;
        }
        screen.out.write_all(&pushed)?;
        if output == Output::Pretty {
            write!(screen.out, "{prompt}")?;
        }
        screen.out.flush()?;
    }
    Ok(())
}

fn session(
    service: &Service,
    input: &mut dyn BufRead,
    shared: &Mutex<Shared>,
    options: Options,
    secret: &mut SecretReader,
) -> io::Result<()> {
    let mut user = options.user;
    let output = options.output;
    let locale_of = |user: &str| service.locale_for(&Context::console(user));
    let mut screen = hold(shared);
    if output != Output::Json {
        writeln!(screen.out, "{}\n", t(locale_of(&user), "console-welcome", &[]))?;
    }
    // A computer's answer lost to a crash is played now; its notice prints below.
    if let Err(err) = service.resume_computer_turns() {
        tracing::error!(error = %err, "resuming the computer's turns failed");
    }
    loop {
        // Due timers fire and their notifications print before each prompt, and while the
        // console waits for a line (the pusher).
        print_notifications(service, &mut *screen.out, output)?;
        let prompt = format!("{user}> ");
        if output == Output::Pretty {
            write!(screen.out, "{prompt}")?;
        }
        screen.out.flush()?;
        screen.prompt = Some(prompt);
        drop(screen);
        let mut line = String::new();
        let read = input.read_line(&mut line);
        screen = hold(shared);
        screen.prompt = None;
        if read? == 0 {
            return Ok(());
        }
        let out = &mut *screen.out;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(meta) = line.strip_prefix('/') {
            let mut words = meta.split_whitespace();
            let (key, args) = match (words.next(), words.next(), words.next()) {
                (Some("quit" | "exit" | "q"), None, _) => return Ok(()),
                (Some("user"), Some(name), None) if valid_user(name) => {
                    user = name.to_owned();
                    ("console-user", vec![("user", user.clone())])
                }
                (Some("user"), _, _) => ("console-user-bad", Vec::new()),
                _ => ("console-unknown", Vec::new()),
            };
            print_note(out, output, key, &t(locale_of(&user), key, &args))?;
            continue;
        }
        let mut ctx = Context::console(&user);
        let reply = match command::parse(line, false) {
            Ok(None) => continue,
            Ok(Some(Command::Coins { id, count: None })) => {
                // The secret is typed without echo, so it never shows on the shared screen.
                print_note(
                    out,
                    output,
                    "console-coins-prompt",
                    &t(locale_of(&user), "console-coins-prompt", &[]),
                )?;
                out.flush()?;
                let Some(answer) = secret(input)? else {
                    return Ok(());
                };
                let count = match answer.trim() {
                    "1" => Some(1),
                    "2" => Some(2),
                    _ => None,
                };
                ctx.private = count.is_some();
                service.handle(&ctx, Command::Coins { id, count })
            }
            Ok(Some(command)) => service.handle(&ctx, command),
            Err(_) => match service.handle_text(&ctx, line, false) {
                Some(reply) => reply,
                None => continue,
            },
        };
        print_reply(out, output, &reply)?;
        for (key, text) in write_animations(&reply, locale_of(&user)) {
            print_note(out, output, key, &text)?;
        }
        for (key, text) in write_documents(&reply, locale_of(&user)) {
            print_note(out, output, key, &text)?;
        }
    }
}

/// Draws the whole-game animations a reply orders and writes each into the current folder as
/// `match-<id>.png` (APNG) and `match-<id>.gif`: the console shows no pictures, so it says
/// where they are.
fn write_animations(reply: &Reply, locale: lalao_renderer::Locale) -> Vec<(&'static str, String)> {
    let mut notes = Vec::new();
    for message in &reply.messages {
        let Kind::Animation(order) = &message.kind else {
            continue;
        };
        let written = order.draw().map_err(|err| err.to_string()).and_then(|animation| {
            std::fs::write(order.apng_name(), &animation.apng)
                .and_then(|()| std::fs::write(order.gif_name(), &animation.gif))
                .map_err(|err| err.to_string())
        });
        let folder = std::env::current_dir()
            .map(|dir| dir.display().to_string())
            .unwrap_or_else(|_| ".".to_owned());
        notes.push(match written {
            Ok(()) => (
                "console-animation-written",
                t(
                    locale,
                    "console-animation-written",
                    &[
                        ("apng", order.apng_name()),
                        ("gif", order.gif_name()),
                        ("folder", folder),
                    ],
                ),
            ),
            Err(error) => (
                "console-animation-failed",
                t(locale, "console-animation-failed", &[("error", error)]),
            ),
        });
    }
    notes
}

/// Writes each file a reply hands over into the current folder, under its own name (the
/// application gives plain names), and says where it is.
fn write_documents(reply: &Reply, locale: lalao_renderer::Locale) -> Vec<(&'static str, String)> {
    let folder = std::env::current_dir()
        .map(|dir| dir.display().to_string())
        .unwrap_or_else(|_| ".".to_owned());
    reply
        .messages
        .iter()
        .filter_map(|message| match &message.kind {
            Kind::Document(document) => Some(document),
            _ => None,
        })
        .map(|document| {
            let file = document.file_name.clone();
            match std::fs::write(&file, &document.bytes) {
                Ok(()) => (
                    "console-document-written",
                    t(
                        locale,
                        "console-document-written",
                        &[("file", file), ("folder", folder.clone())],
                    ),
                ),
                Err(error) => (
                    "console-document-failed",
                    t(
                        locale,
                        "console-document-failed",
                        &[("file", file), ("error", error.to_string())],
                    ),
                ),
            }
        })
        .collect()
}

/// Fires due timers, makes the reviews asked for, and prints (then removes) the notifications
/// waiting in the outbox.
fn print_notifications(service: &Service, out: &mut dyn Write, output: Output) -> io::Result<()> {
    if let Err(err) = service.fire_due() {
        tracing::error!(error = %err, "firing timers failed");
    }
    // The console has no review worker: a review asked for is made here, before the next
    // prompt, and prints with the other notifications.
    if let Err(err) = service.run_reviews() {
        tracing::error!(error = %err, "the queued reviews could not be done");
    }
    // Through the scheduler's delivery: on a store shared with other processes, each notice
    // is printed by whichever process leases it, and a chat platform's notices are left to
    // the processes that serve it.
    let screen = Screen {
        out: std::cell::RefCell::new(out),
        output,
        shared: service.store_is_shared(),
        failed: std::cell::RefCell::new(None),
    };
    if let Err(err) = service.deliver_pending(&screen) {
        tracing::error!(error = %err, "delivering the outbox failed");
    }
    match screen.failed.into_inner() {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

/// The console's notifier: the screen. On a store of its own the console is the only screen,
/// so it prints every platform's notices, as before chat platforms were configured.
struct Screen<'a> {
    out: std::cell::RefCell<&'a mut dyn Write>,
    output: Output,
    shared: bool,
    /// The screen's own write error (a closed pipe), returned after the delivery pass.
    failed: std::cell::RefCell<Option<io::Error>>,
}

impl Notifier for Screen<'_> {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        let mut out = self.out.borrow_mut();
        let written = match self.output {
            Output::Json => writeln!(
                out,
                "{}",
                json!({
                    "notification": notification.key,
                    "text": notification.text,
                    "match": notification.match_id.map(|id| id.0),
                    "mentions": notification.mentions.iter().map(|user| user.as_str()).collect::<Vec<_>>(),
                })
            ),
            Output::Pretty | Output::Plain => writeln!(out, "{}\n", notification.text),
        }
        .and_then(|()| out.flush());
        written.map_err(|err| {
            let why = format!("the console cannot print: {err}");
            *self.failed.borrow_mut() = Some(err);
            DeliveryError::Transient(why)
        })
    }

    fn serves(&self, platform: Platform) -> bool {
        !self.shared || platform == Platform::Console
    }
}

fn print_note(out: &mut dyn Write, output: Output, key: &str, text: &str) -> io::Result<()> {
    match output {
        Output::Json => writeln!(out, "{}", json!({ "console": key, "text": text })),
        Output::Pretty | Output::Plain => writeln!(out, "{text}\n"),
    }
}

/// Prints one reply. Private messages are not shown on the shared screen (they are for one
/// person: the coin pick), except a lesson's, which is the console user's own; JSON output keeps
/// them, marked private.
fn print_reply(out: &mut dyn Write, output: Output, reply: &Reply) -> io::Result<()> {
    match output {
        Output::Json => {
            let messages: Vec<Value> = reply
                .messages
                .iter()
                .map(|message| {
                    json!({
                        "audience": match message.audience { Audience::Channel(_) => "channel", Audience::Private(_) => "private" },
                        "key": message.key,
                        "text": message.text,
                        "board": message.board.as_ref().map(|board| board.plain.clone()),
                        "match": message.match_ref.map(|r| r.id.0),
                        "version": message.match_ref.map(|r| r.version),
                        "mentions": message.mentions.iter().map(|user| user.as_str()).collect::<Vec<_>>(),
                        "actions": message.match_ref.map(|r| message.actions.iter().map(|action| action.command_line(r.id)).collect::<Vec<_>>()).unwrap_or_default(),
                        "live": message.live.as_ref().map(|live| live.url.clone()),
                    })
                })
                .collect();
            let mut line = json!({
                "messages": messages,
                "duplicate": reply.outcome == Outcome::Duplicate,
                "outcome": reply.outcome.id(),
            });
            if let Outcome::Refused { reason } = reply.outcome {
                line["reason"] = json!(reason);
            }
            writeln!(out, "{line}")?;
        }
        Output::Pretty | Output::Plain => {
            for message in &reply.messages {
                // A refresh of an edit-in-place message (the class dashboard) would only scroll
                // the screen: the console cannot edit, so it shows the dashboard when asked.
                // The console is its user's own screen: an activity and a file handed over (their
                // data) are shown there although private.
                let shown_privately = matches!(message.kind, Kind::Activity | Kind::Document(_));
                if (matches!(message.audience, Audience::Private(_)) && !shown_privately)
                    || message.kind == (Kind::Dashboard { refresh: true })
                {
                    continue;
                }
                writeln!(out, "{}", message.text)?;
                if let Some(live) = &message.live {
                    writeln!(out, "{}", live.line)?;
                }
                if let Some(board) = &message.board {
                    writeln!(out, "{}", board.plain)?;
                    if let Some(status) = &board.banner {
                        // A terminal cannot make letters bigger: the `large` style (a class's
                        // default) repeats whose turn it is in capitals, the letters young
                        // pupils read first, and in bold on a terminal.
                        let banner = format!("▶ {} ◀", status.to_uppercase());
                        match output {
                            Output::Pretty => writeln!(out, "\x1b[1m{banner}\x1b[0m")?,
                            _ => writeln!(out, "{banner}")?,
                        }
                    }
                }
                writeln!(out)?;
            }
        }
    }
    out.flush()
}

/// The console's platform (for completeness of the adapter list).
pub const PLATFORM: Platform = Platform::Console;
