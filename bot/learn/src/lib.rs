//! The lessons of lalao: one course per game, each lesson a few steps, each step a real position,
//! one thing to do, and the moves that do it (`docs/learn.md`).
//!
//! Courses are data (`courses/<game>.toml`), read once and checked by this crate's tests against
//! the rules core: every position legal, every listed move legal, every goal true of exactly the
//! listed moves, every cited rule a rule of RULES.md. The words of a step live in the
//! application's Fluent files under the ids [`Step::text_key`] and [`Step::wrong_key`]; the
//! application checks that both languages have them.

use std::sync::OnceLock;

pub mod puzzles;
pub mod review;

use lalao_core::any::AnyOptions;
use lalao_core::event::LapEnd;
use lalao_core::{AnyGame, Event, GameKind, Side, Winner};
use serde::Deserialize;

/// What a step asks for. The course lists the moves that succeed in every case; the goal says
/// what they have in common, and the tests check that it is true of exactly those moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Any legal move (a first sowing, a first placement): `moves` is empty.
    Any,
    /// One of the listed moves, for what the sentence names (a hole, a direction).
    Moves,
    /// A move that captures (seeds or pieces): `moves` are all the capturing moves.
    Capture,
    /// A move that wins at once: `moves` are all the winning moves.
    Win,
    /// A move that captures the most (seeds or pieces): `moves` are all the moves that do.
    Most,
    /// The best move, which the search finds too: `moves` are the moves accepted as best.
    Best,
    /// A move that does not hand the opponent a win (or, where no move does, a capture) at
    /// once: `moves` are all the moves that do not, and the tests check it.
    Avoid,
}

/// One step: a position, a goal, and the moves that reach it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The position in the game's canonical notation (docs/notation.md), the learner to move.
    pub position: String,
    pub goal: Goal,
    /// The moves that succeed, in canonical notation (empty for [`Goal::Any`]).
    #[serde(default)]
    pub moves: Vec<String>,
    /// The rules of RULES.md the step puts into play (named in what a wrong try is told).
    #[serde(default)]
    pub rules: Vec<String>,
    /// The places the step's sentence points at (holes or cells, as the board labels them),
    /// highlighted on the board.
    #[serde(default)]
    pub targets: Vec<String>,
}

/// One lesson: one idea, a few steps.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// A stable name, part of the Fluent ids and of stored progress (never renamed).
    pub name: String,
    /// The rules the lesson teaches.
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

/// A game's course: its lessons in the order a learner meets them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    #[serde(skip, default = "default_game")]
    pub game: GameKind,
    /// The game's rules a normal game meets that no lesson teaches, each with the reason.
    #[serde(default)]
    pub untaught: Vec<Untaught>,
    #[serde(rename = "lesson")]
    pub lessons: Vec<Lesson>,
}

fn default_game() -> GameKind {
    GameKind::Katro
}

/// A rule the course leaves out, and why.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Untaught {
    pub rule: String,
    pub why: String,
}

/// What a learner's move did in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step is done.
    Done,
    /// A legal move, but not what the step asked for: the position stays as it was.
    Wrong,
}

/// The course files, compiled in.
fn source(game: GameKind) -> &'static str {
    match game {
        GameKind::Samantsy => include_str!("../courses/samantsy.toml"),
        GameKind::Fano => include_str!("../courses/fano.toml"),
        GameKind::Mangala => include_str!("../courses/mangala.toml"),
        GameKind::Engehe => include_str!("../courses/engehe.toml"),
        GameKind::Katro => include_str!("../courses/katro.toml"),
    }
}

/// Reads a course file (the tests check every bundled one).
pub fn parse(game: GameKind, text: &str) -> Result<Course, String> {
    let mut course: Course = toml::from_str(text).map_err(|err| err.to_string())?;
    course.game = game;
    Ok(course)
}

/// The course of `game`, read once.
pub fn course(game: GameKind) -> &'static Course {
    static COURSES: OnceLock<Vec<Course>> = OnceLock::new();
    per_game(&COURSES, game, |game| {
        parse(game, source(game)).unwrap_or_else(|err| panic!("the {} course: {err}", game.id()))
    })
}

/// `game`'s value of `all`, which `read` makes for every game the first time it is asked:
/// the courses, the puzzle sets (compiled-in files, read once).
fn per_game<T>(all: &'static OnceLock<Vec<T>>, game: GameKind, read: impl Fn(GameKind) -> T) -> &'static T {
    let all = all.get_or_init(|| GameKind::ALL.iter().map(|&game| read(game)).collect());
    &all[GameKind::ALL.iter().position(|&kind| kind == game).unwrap_or(0)]
}

impl Course {
    /// Lesson `number` (from 1).
    pub fn lesson(&self, number: usize) -> Option<&Lesson> {
        number.checked_sub(1).and_then(|index| self.lessons.get(index))
    }

    /// The Fluent id of lesson `number`'s title.
    pub fn title_key(&self, number: usize) -> String {
        match self.lesson(number) {
            Some(lesson) => format!("learn-{}-{}", self.game.id(), lesson.name),
            None => String::new(),
        }
    }

    /// The position of step `step` of lesson `lesson` (both from 1), set up by the rules core.
    pub fn game_at(&self, lesson: usize, step: usize) -> Option<AnyGame> {
        let step = self.lesson(lesson)?.step(step)?;
        step.game(self.game).ok()
    }

    /// The Fluent id of a step's sentence.
    pub fn text_key(&self, lesson: usize, step: usize) -> String {
        self.key(lesson, step, "")
    }

    /// The Fluent id of what a wrong try is told (what was wanted, by the rule's name).
    pub fn wrong_key(&self, lesson: usize, step: usize) -> String {
        self.key(lesson, step, "-wrong")
    }

    /// The Fluent id of a step's sentence as a page played by taps says it, where the sentence
    /// names moves or places in notation: told in taps instead (the places are lit on the
    /// board), for a child who cannot read notation. Optional: a sentence without notation is
    /// said as it is.
    pub fn tap_text_key(&self, lesson: usize, step: usize) -> String {
        self.key(lesson, step, "-tap")
    }

    /// The Fluent id of what a wrong try tapped on a page is told, where [`Course::wrong_key`]'s
    /// words name moves or places in notation. Optional, as [`Course::tap_text_key`].
    pub fn tap_wrong_key(&self, lesson: usize, step: usize) -> String {
        self.key(lesson, step, "-wrong-tap")
    }

    fn key(&self, lesson: usize, step: usize, suffix: &str) -> String {
        match self.lesson(lesson) {
            Some(found) => format!("learn-{}-{}-{step}{suffix}", self.game.id(), found.name),
            None => String::new(),
        }
    }
}

impl Lesson {
    /// Step `number` (from 1).
    pub fn step(&self, number: usize) -> Option<&Step> {
        number.checked_sub(1).and_then(|index| self.steps.get(index))
    }
}

impl Step {
    /// The step's position, set up with the game's standard options.
    pub fn game(&self, kind: GameKind) -> Result<AnyGame, lalao_core::CoreError> {
        AnyGame::from_position(AnyOptions::standard(kind)?, &self.position)
    }

    /// Whether `canonical`, a legal move of this step's position, does what the step asks.
    pub fn judge(&self, canonical: &str) -> Verdict {
        if self.goal == Goal::Any || self.moves.iter().any(|wanted| wanted == canonical) {
            Verdict::Done
        } else {
            Verdict::Wrong
        }
    }
}

/// Stars for a lesson finished after `wrong` wrong tries (a hint counts as one): three for none,
/// two for one or two, one for more.
pub fn stars(wrong: u32) -> u8 {
    match wrong {
        0 => 3,
        1 | 2 => 2,
        _ => 1,
    }
}

/// What a move does at once, as the goals see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Seeds the mover captured (sowing games).
    pub seeds: u32,
    /// Enemy pieces taken off the board (fano, Samantsy).
    pub pieces: usize,
    pub promotes: bool,
    pub wins: bool,
}

impl Effect {
    /// What `events`, the events of a move by `side`, did.
    pub fn of(events: &[Event], side: Side) -> Effect {
        let mut effect = Effect::default();
        for (index, event) in events.iter().enumerate() {
            // A capture follows the lap (or lone-stone step) that made it; the end-of-game
            // sweeps into the stores follow the last lap's end and are not captures.
            let after_capture = index
                .checked_sub(1)
                .map(|before| &events[before])
                .is_some_and(|before| {
                    matches!(
                        before,
                        Event::Lap {
                            end: LapEnd::Capture,
                            ..
                        } | Event::Moved { .. }
                    )
                });
            match event {
                Event::SeedsCaptured { by, holes } if *by == side && after_capture => {
                    effect.seeds += holes.iter().map(|(_, seeds)| seeds).sum::<u32>();
                }
                Event::Removed { owner, at } if *owner != side => effect.pieces += at.len(),
                Event::Promoted { .. } => effect.promotes = true,
                Event::GameOver { outcome } => effect.wins = outcome.winner == Winner::Side(side),
                _ => {}
            }
        }
        effect
    }

    pub fn captures(&self) -> bool {
        self.seeds > 0 || self.pieces > 0
    }
}

/// What `text` does from `game`, or `None` when it is not legal there.
pub fn effect_of(game: &AnyGame, text: &str) -> Option<Effect> {
    let side = game.to_move();
    let mut after = game.clone();
    after.play(text).ok().map(|events| Effect::of(&events, side))
}

#[cfg(test)]
mod tests;
