//! What teaching adds to a class's report (`class report`, the print page): each pupil's
//! lessons and stars, their last homework and their puzzle ratings, as cells that classroom
//! mode puts in its table next to the matches.

use lalao_core::GameKind;
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::kernel::{App, Fail};
use crate::record::ClassRecord;
use crate::teach::class_lessons::ClassLessons;
use crate::teach::puzzle_rating::puzzle_rating_shown;

/// Teaching's columns of the report: their fixed English CSV header, for spreadsheets and
/// scripts, and the Fluent id of the printed one.
pub(crate) const REPORT_COLUMNS: [(&str, &str); 5] = [
    ("lessons_finished", "report-col-lessons"),
    ("stars", "report-col-stars"),
    ("homework_solved", "report-col-homework-solved"),
    ("homework_given", "report-col-homework-given"),
    ("puzzle_ratings", "report-col-puzzle-ratings"),
];

/// The printed headers of [`REPORT_COLUMNS`], in `locale`.
pub(crate) fn report_headers(locale: Locale) -> Vec<String> {
    REPORT_COLUMNS
        .iter()
        .map(|(_, key)| t(locale, key, &[]))
        .collect()
}

crate::kernel::family::family! {
    /// What a class's pupils learned, for its report.
    ClassLearning
}

/// Teaching's cells of a class's report, one row per pupil: see [`ClassLearning::report_cells`].
pub(crate) fn learning_cells(app: &App, class: &ClassRecord) -> Result<Vec<[String; 5]>, Fail> {
    ClassLearning(app).report_cells(class)
}

impl ClassLearning<'_> {
    /// One row of cells per pupil, in the roster's order, under [`REPORT_COLUMNS`]: lessons
    /// finished (on the seat or with the pupil's own account, at least one star), their stars
    /// out of three each, the last homework's puzzles solved and given, and the puzzle rating
    /// in each game tried (`katro 1620?`: `?` while it is provisional).
    pub(crate) fn report_cells(&self, class: &ClassRecord) -> Result<Vec<[String; 5]>, Fail> {
        let mut rows = Vec::with_capacity(class.pupils.len());
        for pupil in &class.pupils {
            let learned = ClassLessons(self).pupil_learned(pupil)?;
            let finished: Vec<u8> = learned
                .values()
                .flat_map(|lessons| lessons.values().copied())
                .filter(|stars| *stars > 0)
                .collect();
            let stars: u32 = finished.iter().map(|stars| u32::from(*stars)).sum();
            let solved = pupil.homework.iter().filter(|(_, solved)| *solved).count();
            let ratings: Vec<String> = GameKind::ALL
                .iter()
                .filter_map(|game| {
                    let stats = pupil.puzzles.get(game.id())?;
                    Some(format!("{} {}", game.id(), puzzle_rating_shown(stats)))
                })
                .collect();
            rows.push([
                finished.len().to_string(),
                stars.to_string(),
                solved.to_string(),
                pupil.homework.len().to_string(),
                ratings.join("; "),
            ]);
        }
        Ok(rows)
    }
}
