//! The records of a new lesson and a new puzzle (practice matches of their learner, judged by
//! teaching rather than played on), and the stars a lesson leaves in what its learner learned.

use lalao_core::{AnyGame, GameKind};
use lalao_learn::puzzles::Puzzle;

use crate::ids::{ChannelId, UserId};
use crate::record::{Learned, LessonLink, MatchRecord, PuzzleLink};

/// A new lesson (id still 0) of `learners` (a player both sides, or a class seat), started by
/// `challenger`, at step 1 of lesson `number` of `first`'s game, whose position it is. A class's
/// lesson gets its class link from the caller.
pub(crate) fn lesson_record(
    channel: &ChannelId,
    challenger: &UserId,
    learners: [UserId; 2],
    first: &AnyGame,
    number: u32,
    now: u64,
) -> MatchRecord {
    let practice = learners[0] == *challenger;
    MatchRecord {
        practice,
        players: Some(learners),
        unrated: true,
        start: Some(first.position()),
        lesson: Some(LessonLink {
            lesson: number,
            step: 1,
            wrong: 0,
        }),
        ..MatchRecord::new(channel.clone(), challenger.clone(), first, now)
    }
}

/// A new puzzle match (id still 0) of `solvers` (a player both sides, a class seat, or the
/// teacher for the class's own board), started by `challenger` at `start`, the position of
/// `puzzle`; the channel's puzzle of day `daily`, or a homework's with its (left, total).
pub(crate) fn puzzle_record(
    channel: &ChannelId,
    challenger: &UserId,
    solvers: [UserId; 2],
    (start, puzzle): (&AnyGame, &Puzzle),
    (daily, homework): (Option<u64>, Option<(u32, u32)>),
    now: u64,
) -> MatchRecord {
    MatchRecord {
        lesson: None,
        puzzle: Some(PuzzleLink {
            id: puzzle.id.clone(),
            ply: 0,
            failed_with: None,
            daily,
            homework,
        }),
        ..lesson_record(channel, challenger, solvers, start, 0, now)
    }
}

/// Records `stars` for a lesson in `learned`, unless it already holds more.
pub(crate) fn keep_best(learned: &mut Learned, game: GameKind, lesson: &str, stars: u8) {
    let best = learned
        .entry(game.id().to_owned())
        .or_default()
        .entry(lesson.to_owned())
        .or_insert(0);
    *best = (*best).max(stars);
}
