//! The computer opponent: a match against `lalao` itself. The search is the core's
//! (`lalao_core::ai`); this module decides when it runs, bounds it, and commits its move like a
//! player's — one checked, durable commit, so a human command that changes the match first
//! (resign, undo, cancel) wins and the computer's move is dropped.
//!
//! Where it runs: inside the command that gave the computer the turn. Every adapter already
//! calls the service off its async runtime (a blocking-pool thread, or the console's own
//! thread), so thinking never stalls the bot. A hard deadline cancels the search, and any other
//! commit to the match cancels it too. A move lost to a crash between the player's commit and
//! the computer's is replayed at start by [`ComputerTurns::resume_computer_turns`].

use crate::kernel::board_reply::BoardReplies;
use crate::kernel::notices::Notices;
use crate::play::on_behalf::{OnBehalf, PlayedForThem};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use lalao_core::ai;
use lalao_core::ai::kind::Strength;
use lalao_core::AnyGame;

use crate::i18n::t;
use crate::ids::MatchId;
use crate::ids::UserId;
pub use crate::ids::{computer_user, is_computer, COMPUTER_USER};
use crate::kernel::commit::Commits;
use crate::kernel::kind_level::KindLevel;
use crate::kernel::wording::{self, ending_text};
use crate::kernel::{Context, Fail, Prefs, Reply};
pub use crate::record::ComputerSeat;
use crate::record::{MatchRecord, Stage};
use crate::store::{keys, StoreError, Txn};
use lalao_model::notify::{Notification, Recipient};
use lalao_renderer::Locale;

/// The longest the computer may think about one move, whatever its level's budget says
/// (at most 1 s on a 2-core machine).
pub const THINKING_DEADLINE: Duration = Duration::from_secs(1);

/// How long the hard level thinks about a move in play. Its search has no node budget there
/// (a hint's has), so it uses this time whole, and the longer it thinks the stronger it plays
/// (docs/benchmarks.md measures it at 100 ms).
pub const HARD_THINKING: Duration = Duration::from_millis(300);

/// Lines that tell the computer's answers and the player's forced moves after a move; past
/// it, one line tells them all.
const TOLD_LINES_MAX: usize = 8;

/// One move the computer played, and the forced answers played for the player after it
/// (`settings auto`); `record` and `game` are as they stand after both.
pub(crate) struct ComputerMove {
    pub record: MatchRecord,
    pub game: AnyGame,
    pub text: String,
    pub then: Vec<PlayedForThem>,
}

crate::kernel::family::family! {
    /// The computer's turns, played off the command path.
    ComputerTurns
}

impl ComputerTurns<'_> {
    /// The reply to a command after which the computer may be to move: it plays (see
    /// service/computer.rs), and the one board shown is the position after its answer.
    pub(crate) fn computer_answers(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        mut text: String,
        record: MatchRecord,
        game: AnyGame,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut record, mut game) = (record, game);
        if Self::computer_to_move(&record, &game) {
            let turns = self.computer_turns(ctx, record.clone(), game.clone())?;
            let mut lines = Vec::new();
            let mut moves = Vec::new();
            for done in &turns {
                lines.push(t(
                    locale,
                    "computer-played",
                    &[("move", done.text.clone()), ("id", done.record.id.to_string())],
                ));
                lines.extend(OnBehalf(self).told(locale, &done.record, &done.then));
                moves.push(done.text.clone());
                moves.extend(done.then.iter().map(|forced| forced.text.clone()));
            }
            if let Some(done) = turns.into_iter().last() {
                record = done.record;
                game = done.game;
            }
            // A whole forced game against the computer is told in one line, so the board
            // still fits in a message.
            if lines.len() > TOLD_LINES_MAX {
                lines = vec![t(
                    locale,
                    "computer-and-forced-many",
                    &[
                        ("count", moves.len().to_string()),
                        (
                            "moves",
                            crate::play::on_behalf::named_run(
                                &moves.iter().map(String::as_str).collect::<Vec<_>>(),
                            ),
                        ),
                        ("id", record.id.to_string()),
                    ],
                )];
            }
            for line in lines {
                text.push('\n');
                text.push_str(&line);
            }
            if let Some(ending) = ending_text(self, locale, &record) {
                text.push('\n');
                text.push_str(&ending);
            }
        }
        let mut reply = BoardReplies(self).with_board(ctx, prefs, key, text, &record, &game, Vec::new());
        if let Some(over) = self.game_over(ctx, locale, &record) {
            reply.messages.push(over);
        }
        Ok(reply)
    }

    /// When a move ends the game, a message of its own at the bottom of the
    /// channel that mentions both players (the board's last edit is far up and mentions no one).
    pub(crate) fn game_over(
        &self,
        ctx: &Context,
        locale: Locale,
        record: &MatchRecord,
    ) -> Option<crate::kernel::Message> {
        if !matches!(record.stage, Stage::Finished { .. }) {
            return None;
        }
        ending_text(self, locale, record)?;
        let people: Vec<UserId> = record
            .participants()
            .into_iter()
            .filter(|user| !is_computer(user))
            .collect();
        let names: Vec<String> = people.iter().map(|user| self.name_of(user)).collect();
        // About both players, for the whole room: in each one's language.
        let text = Notices(self).room_text(record, "game-over", |locale| {
            let mut ending = ending_text(self, locale, record).unwrap_or_default();
            if let Some(ratings) = crate::kernel::wording::rating_line(self, locale, record) {
                ending.push(' ');
                ending.push_str(&ratings);
            }
            vec![
                ("id", record.id.to_string()),
                ("players", names.join(&t(locale, "and", &[]))),
                ("ending", ending),
            ]
        });
        let mut message = wording::message(ctx, "game-over", text);
        message.mentions = people;
        message.on_match(record);
        Some(message)
    }

    /// Whether the computer is to move in `record` (at `game`).
    pub(crate) fn computer_to_move(record: &MatchRecord, game: &AnyGame) -> bool {
        record.computer.is_some()
            && record.stage == Stage::Playing
            && game.outcome().is_none()
            && record
                .players
                .as_ref()
                .is_some_and(|players| is_computer(&players[game.to_move().index()]))
    }

    /// Plays the computer's moves while it is its turn (Mangala IV can give it several in a
    /// row). Each is its own durable commit. Stops quietly when a human changed the match
    /// meanwhile: their command has already said what happened.
    pub(crate) fn computer_turns(
        &self,
        ctx: &Context,
        mut record: MatchRecord,
        mut game: AnyGame,
    ) -> Result<Vec<ComputerMove>, Fail> {
        let mut played = Vec::new();
        // The computer's own commits carry no platform event id (the human's command used it).
        let ctx = Context {
            event: None,
            ..ctx.clone()
        };
        while Self::computer_to_move(&record, &game) {
            let Some(seat) = record.computer.clone() else {
                break;
            };
            let strength = KindLevel(self).strength_in(&record);
            let Some(text) = self.think(record.id, &game, (&seat, strength), record.moves.len() as u64)
            else {
                break;
            };
            let Some((bytes, current)) = self.load(record.id)?.map(|(current, bytes)| (bytes, current))
            else {
                break;
            };
            if current.version != record.version {
                break;
            }
            let mut next_game = game.clone();
            let events = next_game
                .play(&text)
                .map_err(|err| crate::record::RecordError::Game {
                    id: record.id,
                    message: format!("the computer chose an illegal move {text}: {err}"),
                })?;
            let new = self.after_move(&current, &text, &next_game, events);
            match Commits(self).commit_match(
                &ctx,
                Some((&current, &bytes)),
                &new,
                Txn::default(),
                "computer-move",
            ) {
                Ok(committed) => {
                    record = committed;
                    game = next_game;
                    let then = self.forced_answers(&ctx, &mut record, &mut game)?;
                    played.push(ComputerMove {
                        record: record.clone(),
                        game: game.clone(),
                        text,
                        then,
                    });
                }
                // A human command won the race: the match is theirs to describe.
                Err(Fail::User {
                    key: "board-changed", ..
                }) => break,
                Err(err) => return Err(err),
            }
        }
        Ok(played)
    }

    /// After the computer's move (committed as `record`): the player's moves with no
    /// alternative, where they chose so, in a commit of their own. A human command that changed
    /// the match first wins, and they are not played.
    fn forced_answers(
        &self,
        ctx: &Context,
        record: &mut MatchRecord,
        game: &mut AnyGame,
    ) -> Result<Vec<PlayedForThem>, Fail> {
        let (mut after, mut after_game, mut txn) = (record.clone(), game.clone(), Txn::default());
        let then = OnBehalf(self).follow(&mut after, &mut after_game, &mut txn);
        if then.is_empty() {
            return Ok(then);
        }
        let stored = crate::record::encode(&*record);
        match Commits(self).commit_match(ctx, Some((record, &stored)), &after, txn, "move") {
            Ok(committed) => {
                *record = committed;
                *game = after_game;
                Ok(then)
            }
            Err(Fail::User {
                key: "board-changed", ..
            }) => Ok(Vec::new()),
            Err(err) => Err(err),
        }
    }

    /// The computer's move, within the deadline; `None` if the search was cancelled by a
    /// change to the match (or the game is over). `strength` is the `kind` level's against
    /// this player (its moves are bounded: no search to cut).
    fn think(
        &self,
        id: MatchId,
        game: &AnyGame,
        (seat, strength): (&ComputerSeat, Strength),
        ply: u64,
    ) -> Option<String> {
        let cancel = self.thinking().start(id);
        let started = Instant::now();
        let seed = seat.seed.wrapping_add(ply);
        let chosen = match seat.level() {
            ai::Level::Kind => ai::choose_kind_move(game, strength, seed),
            level => play_within(game, level, seed, &cancel),
        };
        let cancelled_by_change =
            cancel.load(Ordering::Relaxed) && started.elapsed() < thinking_time(seat.level());
        self.thinking().finish(id, &cancel);
        tracing::info!(
            match_id = id.0,
            level = seat.level().id(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "computer move"
        );
        if cancelled_by_change {
            return None;
        }
        // At the deadline the search returns its best move so far; a search cancelled before
        // its first iteration still returns the first legal move.
        chosen
    }

    /// Plays the computer's pending turns after a restart (a crash can fall between a player's
    /// move and the computer's answer) and queues what it played as notifications for the
    /// match's channel. Returns how many moves were played.
    pub fn resume_computer_turns(&self) -> Result<usize, StoreError> {
        let mut played = 0;
        // The computer's active matches, from its index (not every match ever played).
        for entry in self.reads().iter_prefix(&keys::active_prefix(&computer_user())) {
            let (key, _) = entry?;
            let Some(id) = keys::match_id_of_index(&key) else {
                continue;
            };
            let Ok(Some((record, _))) = self.load(id) else {
                continue;
            };
            let Ok(game) = record.current_game() else { continue };
            if !Self::computer_to_move(&record, &game) {
                continue;
            }
            let ctx = Context {
                platform: record.channel.platform(),
                user: computer_user(),
                display_name: None,
                channel: record.channel.clone(),
                event: None,
                moderator: false,
                locale: None,
                private: false,
                community: None,
            };
            let moves = match self.computer_turns(&ctx, record, game) {
                Ok(moves) => moves,
                Err(Fail::Store(err)) => return Err(err),
                Err(_) => {
                    tracing::error!(key = %String::from_utf8_lossy(&key), "a computer turn failed at start");
                    continue;
                }
            };
            played += moves.len();
            for (n, done) in moves.iter().enumerate() {
                self.queue_computer_notice(done, n)?;
            }
        }
        Ok(played)
    }

    /// Queues "lalao played …" for the match's channel, mentioning the player now to move.
    fn queue_computer_notice(&self, done: &ComputerMove, n: usize) -> Result<(), StoreError> {
        let human = done
            .record
            .players
            .as_ref()
            .and_then(|players| players.iter().find(|user| !is_computer(user)).cloned());
        let Some(human) = human else { return Ok(()) };
        let locale = Notices(self).locale_of(&human);
        let mut text = crate::i18n::t(
            locale,
            "computer-played",
            &[("move", done.text.clone()), ("id", done.record.id.to_string())],
        );
        if let Some(ending) = crate::kernel::wording::ending_text(self, locale, &done.record) {
            text.push('\n');
            text.push_str(&ending);
        }
        let now = self.now();
        let notification = Notification {
            v: crate::record::RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Channel {
                channel: done.record.channel.clone(),
            },
            key: "computer-played".to_owned(),
            text,
            mentions: vec![human],
            match_id: Some(done.record.id),
            due: now,
            fired: now,
            lease: None,
        };
        // Keyed like a timer that fired now, so it is delivered in order with the others.
        let tag = format!("computer{}", done.record.version);
        let key = keys::outbox_key(&keys::match_timer_key(now, done.record.id, &tag), n);
        let mut txn = Txn::default();
        txn.put(key, crate::record::encode(&notification));
        self.commit_txn(&txn)?;
        self.sync()
    }
}

/// The move the search chooses at `level` within its node budget, cut at
/// [`THINKING_DEADLINE`] (then its best so far) or when `cancel` is set by someone else;
/// `None` when the game is over. Deterministic unless the deadline cuts it (hints).
pub(crate) fn choose_within(
    game: &AnyGame,
    level: ai::Level,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<String> {
    until(THINKING_DEADLINE, cancel, || {
        ai::choose_move(game, level, seed, cancel)
    })
}

/// The computer's move in play: as [`choose_within`], except that the hard level has no node
/// budget and thinks for [`HARD_THINKING`].
fn play_within(game: &AnyGame, level: ai::Level, seed: u64, cancel: &AtomicBool) -> Option<String> {
    if level != ai::Level::Hard {
        return choose_within(game, level, seed, cancel);
    }
    until(HARD_THINKING, cancel, || {
        ai::choose_move_until_cancelled(game, level, seed, cancel)
    })
}

/// The longest `level` thinks in play.
fn thinking_time(level: ai::Level) -> Duration {
    if level == ai::Level::Hard {
        HARD_THINKING
    } else {
        THINKING_DEADLINE
    }
}

/// Runs `search`, setting `cancel` once `deadline` has passed since the start.
fn until(deadline: Duration, cancel: &AtomicBool, search: impl FnOnce() -> Option<String>) -> Option<String> {
    let finished = AtomicBool::new(false);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let watchdog = scope.spawn(|| {
            // Parks until the search ends or the deadline passes, whichever is first.
            while !finished.load(Ordering::Acquire) {
                let elapsed = started.elapsed();
                if elapsed >= deadline {
                    cancel.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::park_timeout(deadline - elapsed);
            }
        });
        let chosen = search();
        finished.store(true, Ordering::Release);
        watchdog.thread().unpark();
        chosen
    })
}

#[cfg(test)]
mod tests;
