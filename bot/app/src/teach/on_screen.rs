//! What a class screen shows of a lesson or a puzzle on a seat or the class's board: asked by
//! the class screen, which draws every board alike and leaves the activity's words to teaching.

use lalao_core::{AnyGame, Event};
use lalao_renderer::Locale;

use crate::ids::{MatchId, UserId};
use crate::kernel::{App, Fail};
use crate::record::{ClassRecord, MatchRecord};
use crate::teach::class_lessons::ClassLessons;
use crate::teach::homework::ClassHomework;
use crate::teach::{lesson_views, puzzle_views};

/// An activity's board as a class screen shows it (all empty for a match that is none).
#[derive(Default)]
pub(crate) struct ActivityBoard {
    /// "Lesson 2 · Katro", "Puzzle K-12".
    pub title: Option<String>,
    /// Where its learner is, in a few words, for a pupil's card on the teacher's screen.
    pub progress: Option<String>,
    /// The step's sentence, the puzzle's question, or how it ended: the page's largest words.
    pub text: Option<String>,
    /// The places its sentence points at, as tap targets name them.
    pub targets: Vec<String>,
    /// The one move its sentence names, in notation, if it names one.
    pub named_answer: Option<String>,
    /// How that move is written, as small print under its words.
    pub small: Option<String>,
    /// Once over, the board after its winning move (shown instead of the match's current one).
    pub finished: Option<AnyGame>,
    /// Whether its last right move can be seen as an animated replay.
    pub replay: bool,
}

/// What a class screen shows of `record`'s activity, in `locale`.
pub(crate) fn activity_board(locale: Locale, record: &MatchRecord) -> ActivityBoard {
    if !record.is_activity() {
        return ActivityBoard::default();
    }
    ActivityBoard {
        title: puzzle_views::screen_title(locale, record)
            .or_else(|| lesson_views::screen_title(locale, record)),
        progress: puzzle_views::screen_progress(locale, record)
            .or_else(|| lesson_views::screen_progress(locale, record)),
        text: puzzle_views::screen_text(locale, record).or_else(|| lesson_views::screen_text(locale, record)),
        targets: lesson_views::targets(record),
        named_answer: lesson_views::named_answer(locale, record),
        small: lesson_views::named_small(locale, record),
        finished: lesson_views::finished_board(record),
        replay: lesson_views::replayed(record).is_some(),
    }
}

/// What `seat` may go on with, among the class's shown `records`: its latest lesson, once
/// finished, and the title of the course's lesson after it. `None` while it goes on, when the
/// pupil went on from it already (a later lesson of theirs), and at the end of the course.
pub(crate) fn go_on(locale: Locale, records: &[MatchRecord], seat: &UserId) -> Option<(MatchId, String)> {
    let latest = records
        .iter()
        .filter(|record| record.lesson.is_some())
        .filter(|record| record.players.as_ref().is_some_and(|players| players[0] == *seat))
        .max_by_key(|record| record.id)?;
    let link = latest
        .lesson
        .filter(|_| matches!(latest.stage, crate::record::Stage::Finished { .. }))?;
    let course = lalao_learn::course(latest.game);
    let next = link.lesson as usize + 1;
    course.lesson(next)?;
    Some((latest.id, crate::i18n::t(locale, &course.title_key(next), &[])))
}

/// The position before the last right move of `record`'s activity and the events of that move:
/// what its animated replay shows.
pub(crate) fn replay_of(record: &MatchRecord) -> Option<(AnyGame, &[Event])> {
    lesson_views::replayed(record)
}

/// An activity already done that a seat shows before the one it is on: the board, its words,
/// the move that answered it (in notation), and the name the page remembers it by.
pub(crate) struct DoneBefore {
    pub seen: puzzle_views::LookBack,
    /// How many of the series were done when it was.
    pub done: usize,
}

/// On `name`'s seat, the homework puzzle done just before the one `record` is on (or the last
/// one, once the homework is over), to be looked at before the next.
pub(crate) fn done_before(class: &ClassRecord, record: &MatchRecord, name: &str) -> Option<DoneBefore> {
    let (left, count) = record.puzzle.as_ref()?.homework?;
    let (left, count) = (left as usize, count as usize);
    let done = count.checked_sub(left + usize::from(record.stage.is_active()))?;
    let pupil = class.pupil(name)?;
    // The class keeps this homework's results in order: the last one is the puzzle before.
    if done == 0 || pupil.homework.len() != done {
        return None;
    }
    let (id, solved) = pupil.homework.last()?;
    let seen = puzzle_views::look_back(class.locale, record.game, id, *solved, (done, count))?;
    Some(DoneBefore { seen, done })
}

/// The teacher's lines of who learned what: each pupil's stars once the class takes lessons
/// (`shown`: the class's matches on the screen), and who solved what of the homework.
pub(crate) fn progress_lines(
    app: &App,
    locale: Locale,
    class: &ClassRecord,
    shown: &[MatchRecord],
) -> Result<Vec<String>, Fail> {
    // A class that plays only matches is not told that nobody has stars.
    let learning = shown.iter().any(|record| record.lesson.is_some())
        || class.pupils.iter().any(|pupil| !pupil.learned.is_empty());
    let mut lines = if learning {
        ClassLessons(app).progress_lines(locale, class)?
    } else {
        Vec::new()
    };
    lines.extend(ClassHomework(app).progress_lines(locale, class));
    Ok(lines)
}
