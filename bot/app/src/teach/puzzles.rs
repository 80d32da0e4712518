//! `puzzle`: a game's bundled puzzles (`lalao-learn`, docs/puzzles.md), one at a time, at the
//! solver's level. A puzzle is a practice match of its solver from the puzzle's position; a
//! legal move in it is judged against the puzzle's line: the right move is played with the
//! bot's reply, the last right move solves it, any other move fails it and the solution is
//! shown. Solving or failing rates the solver against the puzzle, and the puzzle against the
//! solver (Glicko-2, as Lichess rates puzzles), in the same commit as the match's end.
//!
//! Mangala IV's puzzles ask which side wins the forced game from the position (M-4): the answer
//! is `side south` or `side north`, the words and buttons of the coin rite's side choice.

use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_learn::puzzles::{Answer, Puzzle, NORTH, SOUTH};
use lalao_learn::Effect;
use lalao_renderer::Locale;

use super::daily::DailyPuzzles;
use crate::i18n::t;
use crate::ids::{Platform, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::new_matches::NewMatches;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Action, Context, Fail, Outcome, Prefs, Reply};
use crate::record::{
    self, Ending, Glicko, MatchRecord, PuzzleLink, PuzzleRating, PuzzleStats, RatingChange, Stage,
};
use crate::seats::Seating;
use crate::store::{keys, Txn};
use crate::teach::activity::{activity_message, own_activity, private, put_away, typed};
use crate::teach::homework::ClassHomework;
use crate::teach::lesson_views::effect_sentence;
use crate::teach::puzzle_choice::{next_class_puzzle, next_puzzle, one_try};
use crate::teach::puzzle_rating::{puzzle_rating_shown, rating_after};
use crate::teach::puzzle_views::{played_out, shown_answer, side_word, tap_verdict};
use crate::teach::records::puzzle_record;

crate::kernel::family::family! {
    /// Puzzles: a puzzle at the solver's level, its answers, and the ratings they move.
    Puzzles
}

impl Puzzles<'_> {
    /// `puzzle [game]`.
    pub(super) fn puzzle(&self, ctx: &Context, prefs: Prefs, game: Option<GameKind>) -> Result<Reply, Fail> {
        let current = self.current_puzzle(&ctx.user)?;
        if let Some((record, _)) = &current {
            if game.is_none_or(|game| game == record.game) {
                // Where the solver left it.
                let game_now = record.current_game()?;
                let puzzle = self.puzzle_of(record)?;
                let text = self.start_text(ctx.platform, prefs.locale, record, puzzle, &game_now);
                return Ok(self.puzzle_reply(
                    ctx,
                    prefs,
                    "puzzle-start",
                    text,
                    record,
                    &game_now,
                    Outcome::Shown,
                ));
            }
        }
        let Some(game) = game else {
            return self.overview(ctx, prefs);
        };
        let stats = self.stats(&ctx.user, game)?;
        let (_, puzzle) = next_puzzle(game, &stats);
        self.start(ctx, prefs, game, puzzle, None)
    }

    /// `puzzle daily`: the channel's puzzle of the day, once per member.
    pub(super) fn daily(&self, ctx: &Context, prefs: Prefs) -> Result<Reply, Fail> {
        let Some((day, puzzle)) = DailyPuzzles(self).today(&ctx.channel)? else {
            return Err(Fail::user("puzzle-daily-none", Vec::new()));
        };
        let game = puzzle
            .id
            .split('-')
            .next()
            .and_then(GameKind::from_id)
            .ok_or_else(|| puzzle_gone(GameKind::Katro))?;
        if let Some((tried, _)) = DailyPuzzles(self).day_record(&ctx.channel, day)? {
            if tried.solved.contains(&ctx.user) || tried.missed.contains(&ctx.user) {
                return Err(Fail::user(
                    if tried.solved.contains(&ctx.user) {
                        "puzzle-daily-solved"
                    } else {
                        "puzzle-daily-missed"
                    },
                    Vec::new(),
                ));
            }
        }
        if let Some((record, _)) = self.current_puzzle(&ctx.user)? {
            if record.puzzle.as_ref().is_some_and(|link| link.daily == Some(day))
                && record.channel == ctx.channel
            {
                // Where the solver left it.
                let game_now = record.current_game()?;
                let text = self.start_text(ctx.platform, prefs.locale, &record, puzzle, &game_now);
                return Ok(self.puzzle_reply(
                    ctx,
                    prefs,
                    "puzzle-start",
                    text,
                    &record,
                    &game_now,
                    Outcome::Shown,
                ));
            }
        }
        self.start(ctx, prefs, game, puzzle, Some(day))
    }

    /// Starts `puzzle` for the caller (the channel's puzzle of day `daily`, if it is one), the
    /// puzzle in progress put away.
    fn start(
        &self,
        ctx: &Context,
        prefs: Prefs,
        game: GameKind,
        puzzle: &'static Puzzle,
        daily: Option<u64>,
    ) -> Result<Reply, Fail> {
        if let Some((old, bytes)) = &self.current_puzzle(&ctx.user)? {
            // One puzzle at a time: the one left behind is put away, unrated.
            put_away(self, ctx, (old, bytes), "puzzle")?;
        }
        NewMatches(self).check_limits(&ctx.user, None)?;
        let first = puzzle.game(game).map_err(|_| puzzle_gone(game))?;
        let record = puzzle_record(
            &ctx.channel,
            &ctx.user,
            [ctx.user.clone(), ctx.user.clone()],
            (&first, puzzle),
            (daily, None),
            self.now(),
        );
        let record = NewMatches(self).commit_new_match(ctx, record, "puzzle")?;
        self.metrics().activity_started("puzzle");
        tracing::debug!(match_id = record.id.0, puzzle = %puzzle.id, "puzzle given");
        let text = self.start_text(ctx.platform, prefs.locale, &record, puzzle, &first);
        Ok(self.puzzle_reply(
            ctx,
            prefs,
            "puzzle-start",
            text,
            &record,
            &first,
            Outcome::Applied,
        ))
    }

    /// A legal move (or, in Mangala IV, a side) answered in a puzzle. `events` are the move's,
    /// played on the match's game; none for a side.
    pub(super) fn answer(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
        answer: &str,
        events: Vec<Event>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let link = old.puzzle.clone().expect("a puzzle");
        let puzzle = self.puzzle_of(old)?;
        let before = old.current_game()?;
        let said = if old.game == GameKind::Mangala && matches!(answer, SOUTH | NORTH) {
            played_out(locale, &before)
        } else if events.is_empty() {
            String::new()
        } else {
            format!(
                " {}",
                effect_sentence(locale, before.kind(), &Effect::of(&events, before.to_move()))
            )
        };
        let shown = shown_answer(locale, old.game, answer);
        let tapped = tap_verdict(locale, puzzle, link.ply as usize, answer, &said);
        let mut reply = match puzzle.judge(link.ply as usize, answer) {
            Answer::Right { reply } => {
                let mut game = before.clone();
                let mut new = old.clone();
                if !events.is_empty() {
                    game.play(answer).map_err(|_| puzzle_gone(old.game))?;
                    new = self.after_move(&new, answer, &game, events);
                }
                let reply_events = game.play(&reply).map_err(|_| puzzle_gone(old.game))?;
                new = self.after_move(&new, &reply, &game, reply_events);
                new.puzzle = Some(PuzzleLink {
                    ply: link.ply + 2,
                    ..link
                });
                let new = Commits(self).commit_match(
                    ctx,
                    Some((old, bytes)),
                    &new,
                    Txn::default(),
                    "puzzle-move",
                )?;
                let text = t(
                    locale,
                    "puzzle-right",
                    &[
                        ("move", shown),
                        ("what", said),
                        ("reply", reply),
                        (
                            "left",
                            puzzle
                                .line
                                .len()
                                .saturating_sub(link.ply as usize + 2)
                                .div_ceil(2)
                                .to_string(),
                        ),
                    ],
                );
                Ok(self.puzzle_reply(ctx, prefs, "puzzle-right", text, &new, &game, Outcome::Applied))
            }
            Answer::Solved => {
                let mut game = before.clone();
                let mut new = old.clone();
                if !events.is_empty() {
                    game.play(answer).map_err(|_| puzzle_gone(old.game))?;
                    new = self.after_move(&new, answer, &game, events);
                }
                new.puzzle = Some(PuzzleLink {
                    ply: link.ply + 1,
                    ..link
                });
                self.finish(ctx, prefs, (old, bytes), new, &game, puzzle, true, &shown, &said)
            }
            Answer::Wrong => {
                // The wrong move is not played: the board stays where the puzzle was missed.
                let mut new = old.clone();
                new.puzzle = Some(PuzzleLink {
                    failed_with: Some(answer.to_owned()),
                    ..link
                });
                new.version += 1;
                new.updated_at = self.now();
                self.finish(
                    ctx,
                    prefs,
                    (old, bytes),
                    new,
                    &before,
                    puzzle,
                    false,
                    &shown,
                    &said,
                )
            }
        }?;
        if let Some(first) = reply.messages.first_mut() {
            first.tapped = tapped;
        }
        Ok(reply)
    }

    /// `hint` in a puzzle: the solution, and the puzzle counts as missed.
    pub(super) fn give_up(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
    ) -> Result<Reply, Fail> {
        let link = old.puzzle.clone().expect("a puzzle");
        let puzzle = self.puzzle_of(old)?;
        let game = old.current_game()?;
        let mut new = old.clone();
        new.puzzle = Some(PuzzleLink {
            failed_with: Some("hint".to_owned()),
            ..link
        });
        new.version += 1;
        new.updated_at = self.now();
        let shown = String::new();
        self.finish(ctx, prefs, (old, bytes), new, &game, puzzle, false, &shown, "")
    }

    /// Ends a puzzle's match, solved or not, rating the solver and the puzzle in the same commit.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
        mut new: MatchRecord,
        game: &AnyGame,
        puzzle: &Puzzle,
        solved: bool,
        shown: &str,
        said: &str,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let kind = old.game;
        let mut txn = Txn::default();
        // The puzzle's rating, read and checked in this commit with the solver's.
        let puzzle_key = keys::puzzle_key(kind.id(), &puzzle.id);
        let (puzzle_rating, puzzle_bytes) = match self.reads().get(&puzzle_key)? {
            Some(bytes) => (
                record::decode::<PuzzleRating>(&bytes, "a puzzle's rating")?,
                Some(bytes),
            ),
            None => (PuzzleRating::new(puzzle.rating), None),
        };
        let mut puzzle_after = puzzle_rating.clone();
        let mut before = Glicko::START.rating;
        let mut update = |stats: &mut PuzzleStats| {
            before = stats.rating.rating;
            puzzle_after = one_try(stats, &puzzle_rating, &puzzle.id, solved);
        };
        let homework = new.puzzle.as_ref().and_then(|link| link.homework);
        // Whose try it is: a pupil's on their seat (the class keeps their rating and their
        // homework's results), a player's, or nobody's on the class's own board, which the
        // class solves together and nobody is rated for.
        let stats = if Seating::of(old).is_class() {
            ClassHomework(self).keep_puzzle(old, (&puzzle.id, solved), &mut update, &mut txn)?
        } else {
            let (mut player, player_bytes) = self.player_or_new(&ctx.user)?;
            let stats = player.puzzles.entry(kind.id().to_owned()).or_default();
            update(stats);
            let stats = stats.clone();
            let player_key = keys::player_key(&ctx.user);
            txn.check(player_key.clone(), player_bytes);
            txn.put(player_key, record::encode(&player));
            Some(stats)
        };
        // Shown as a game's rating change is (`1662? (+162)`): provisional marked, and the same
        // rating as `puzzle` and `profile` show right after.
        let rated = stats.as_ref().map(|stats| {
            (
                RatingChange {
                    before,
                    after: stats.rating.rating,
                    deviation: stats.rating.deviation,
                },
                stats.streak,
            )
        });
        if rated.is_some() {
            txn.check(puzzle_key.clone(), puzzle_bytes);
            txn.put(puzzle_key, record::encode(&puzzle_after));
        }
        if let Some(day) = new.puzzle.as_ref().and_then(|link| link.daily) {
            DailyPuzzles(self).record_try(&old.channel, day, &puzzle.id, &ctx.user, solved, &mut txn)?;
        }
        let stats = stats.unwrap_or_default();
        // Homework goes on with the next puzzle at the pupil's new level, on the same seat.
        let next = match homework {
            Some((left, total)) if left > 0 => {
                let (_, next) = next_class_puzzle(kind, &stats);
                let start = next.game(kind).map_err(|_| puzzle_gone(kind))?;
                new.puzzle = Some(PuzzleLink {
                    id: next.id.clone(),
                    ply: 0,
                    failed_with: None,
                    daily: None,
                    homework: Some((left - 1, total)),
                });
                new.start = Some(start.position());
                new.moves.clear();
                new.state = start.save();
                new.last_events.clear();
                new.version = old.version + 1;
                new.updated_at = self.now();
                Some((next, start))
            }
            _ => {
                new.stage = Stage::Finished {
                    ending: Ending::ActivityDone,
                };
                None
            }
        };
        let new = Commits(self).commit_match(ctx, Some((old, bytes)), &new, txn, "puzzle-move")?;

        let mut text = if solved {
            t(
                locale,
                "puzzle-solved",
                &[("move", shown.to_owned()), ("what", said.to_owned())],
            )
        } else {
            let line = puzzle
                .line
                .iter()
                .map(|answer| format!("`{}`", shown_answer(locale, kind, answer)))
                .collect::<Vec<_>>()
                .join(", ");
            let mut missed = if shown.is_empty() {
                String::new()
            } else {
                t(
                    locale,
                    "puzzle-wrong",
                    &[("move", shown.to_owned()), ("what", said.to_owned())],
                ) + "\n"
            };
            missed.push_str(&t(locale, "puzzle-solution", &[("line", line)]));
            missed
        };
        if let Some((change, streak)) = &rated {
            text.push('\n');
            text.push_str(&rating_after(locale, kind, change, *streak));
        }
        tracing::debug!(match_id = new.id.0, puzzle = %puzzle.id, solved, "puzzle done");
        let key = if solved {
            "puzzle-solved"
        } else {
            "puzzle-solution"
        };
        if let Some((next, start)) = next {
            text.push('\n');
            text.push_str(&self.start_text(ctx.platform, locale, &new, next, &start));
            return Ok(self.puzzle_reply(ctx, prefs, key, text, &new, &start, Outcome::Applied));
        }
        Ok(self.puzzle_reply(ctx, prefs, key, text, &new, game, Outcome::Applied))
    }

    /// Every game's puzzle rating and streak, and how to begin.
    fn overview(&self, ctx: &Context, prefs: Prefs) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let puzzles = self
            .player(&ctx.user)?
            .map(|(player, _)| player.puzzles)
            .unwrap_or_default();
        let mut lines = vec![t(locale, "puzzle-overview", &[])];
        for game in GameKind::ALL {
            let stats = puzzles.get(game.id()).cloned().unwrap_or_default();
            lines.push(t(
                locale,
                "puzzle-overview-line",
                &[
                    ("game", game_name(locale, game)),
                    ("rating", puzzle_rating_shown(&stats)),
                    ("solved", stats.solved.to_string()),
                    ("tried", (stats.solved + stats.failed).to_string()),
                    ("best", stats.best_streak.to_string()),
                    ("command", typed(locale, "puzzle", game.id())),
                ],
            ));
        }
        Ok(Reply {
            outcome: Outcome::Shown,
            messages: vec![private(ctx, message(ctx, "puzzle-overview", lines.join("\n")))],
        })
    }

    /// The solver's puzzle in progress, if any (one at a time).
    fn current_puzzle(&self, user: &UserId) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        own_activity(self, user, |record| record.puzzle.is_some())
    }

    fn stats(&self, user: &UserId, game: GameKind) -> Result<PuzzleStats, Fail> {
        Ok(self
            .player(user)?
            .and_then(|(player, _)| player.puzzles.get(game.id()).cloned())
            .unwrap_or_default())
    }

    /// The bundled puzzle a puzzle match plays.
    fn puzzle_of(&self, record: &MatchRecord) -> Result<&'static Puzzle, Fail> {
        let link = record.puzzle.as_ref().expect("a puzzle");
        lalao_learn::puzzles::bundled(record.game)
            .find(&link.id)
            .ok_or_else(|| puzzle_gone(record.game))
    }

    /// "Puzzle katro-0042 (Katro, rated 1350): find the move that captures the most seeds.
    /// South to play." and how to answer.
    fn start_text(
        &self,
        platform: Platform,
        locale: Locale,
        record: &MatchRecord,
        puzzle: &Puzzle,
        game: &AnyGame,
    ) -> String {
        let link = record.puzzle.as_ref().expect("a puzzle");
        let solver_moves = puzzle.solver_moves();
        let mut text = t(
            locale,
            "puzzle-start",
            &[
                ("id", puzzle.id.clone()),
                ("game", game_name(locale, record.game)),
                ("rating", puzzle.rating.to_string()),
                (
                    "theme",
                    t(
                        locale,
                        &format!("puzzle-theme-{}", puzzle.theme.id()),
                        &[("moves", solver_moves.to_string())],
                    ),
                ),
                ("side", side_word(locale, record.game, game.to_move())),
            ],
        );
        if solver_moves > 1 && link.ply == 0 {
            text.push(' ');
            text.push_str(&t(locale, "puzzle-moves", &[("moves", solver_moves.to_string())]));
        }
        text.push('\n');
        // No example move: every move but the solution is a wrong answer, so copying one
        // would fail the puzzle. A Mangala IV answer is one of two sides: both are shown.
        let buttons = platform == Platform::Discord;
        let hint = ("hint", typed(locale, "hint", &record.id.to_string()));
        let how = if record.game == GameKind::Mangala {
            let side = |side: Side| {
                let word = side_word(locale, record.game, side).to_lowercase();
                typed(locale, "side", &format!("{word} {}", record.id))
            };
            t(
                locale,
                if buttons {
                    "puzzle-how-sides-buttons"
                } else {
                    "puzzle-how-sides"
                },
                &[("south", side(Side::First)), ("north", side(Side::Second)), hint],
            )
        } else {
            t(
                locale,
                if buttons {
                    "puzzle-how-find-buttons"
                } else {
                    "puzzle-how-find"
                },
                &[hint],
            )
        };
        text.push_str(&how);
        text
    }

    /// One private message with the puzzle's board, drawn from the solver's side, and its
    /// answers as the message's actions.
    #[allow(clippy::too_many_arguments)]
    fn puzzle_reply(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
        outcome: Outcome,
    ) -> Reply {
        let solver = self
            .puzzle_of(record)
            .ok()
            .and_then(|puzzle| puzzle.learner(record.game))
            .unwrap_or(game.to_move());
        let mut message = activity_message(self, ctx, prefs, (key, text), (record, game), solver);
        if record.game == GameKind::Mangala && record.stage.is_active() {
            message.actions = Side::BOTH
                .iter()
                .map(|side| Action::Side(record.game.side_name(*side)))
                .collect();
        }
        Reply {
            outcome,
            messages: vec![message],
        }
    }
}

/// A puzzle the bundled set no longer has (a set regenerated under it).
fn puzzle_gone(game: GameKind) -> Fail {
    Fail::user("puzzle-gone", vec![("game", game.id().to_owned())])
}

#[cfg(test)]
mod tests;
