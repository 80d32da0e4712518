//! Teaching: everything a learner does, in chat and on a class seat — lessons (`learn`), puzzles
//! (`puzzle`, a class's homework and a channel's puzzle of the day), hints and reviews. It sits
//! above the match commands, which reach it only through the [`Teaching`] seam the application
//! is made with: a move in a lesson or a puzzle is handed here to judge, and a live page asks
//! here for a match's review. Classroom mode, above it, gives lessons and puzzles to a class.

pub(crate) mod activity;
pub(crate) mod class_lessons;
pub(crate) mod daily;
pub(crate) mod hints;
pub(crate) mod homework;
pub(crate) mod lesson_views;
pub(crate) mod lessons;
pub(crate) mod on_screen;
pub(crate) mod puzzle_choice;
pub(crate) mod puzzle_rating;
pub(crate) mod puzzle_views;
pub(crate) mod puzzles;
pub(crate) mod records;
pub(crate) mod report;
pub(crate) mod review;
pub(crate) mod review_jobs;
pub(crate) mod seam;
