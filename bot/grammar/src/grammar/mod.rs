//! The one table of the command grammar: every verb with its English and French names, its
//! other words, and its arguments. The text parser finds verbs here and reads values from the
//! same word lists (`vocabulary.rs`); `help` writes its usage lines from it, in the reader's
//! language and in the form that works where they read it; the Discord adapter derives its slash
//! command from it and reads named options with `command_of` (`parse/named.rs`), held to the
//! typed line they stand for ([`line_of`]), so the three cannot disagree (a test feeds every
//! value the table offers both ways).

pub mod instructions;
pub mod vocabulary;

mod class_verbs;
mod lines;
mod lookup;
mod shape;
mod slash;
mod usage;
mod verbs;

pub use class_verbs::CLASS_VERBS;
pub use lines::*;
pub use lookup::*;
pub use shape::*;
pub use slash::*;
pub use verbs::VERBS;

#[cfg(test)]
mod tests;
