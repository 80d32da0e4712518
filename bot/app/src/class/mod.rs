//! Classroom mode (docs/classroom.md): a teacher's class in a channel, pupils seated
//! by first name without accounts, seat matches the teacher (or a bound pupil account) plays,
//! one-command tournaments with standings and CSV, a dashboard adapters edit in place, teams,
//! and the fano placement-only activity.
//!
//! A pupil's seat is a pseudo-user `seat:<name>` in the match's `players`: the match service
//! keeps working on users, the board shows the name, and no platform account is needed. The
//! teacher is the match's challenger, so every class match is in the teacher's active list.

pub(crate) mod archive;
pub(crate) mod classroom;
pub(crate) mod commands;
pub(crate) mod erase;
pub(crate) mod lifecycle;
pub(crate) mod match_controls;
pub(crate) mod match_hooks;
pub mod pairing;
pub(crate) mod report;
pub(crate) mod reports;
pub(crate) mod roster;
pub mod screen;
pub mod screen_view;
pub(crate) mod simul;
pub(crate) mod standings;
pub(crate) mod taps;
pub(crate) mod tournament;
pub(crate) mod vote;
pub(crate) mod vote_view;

pub use lalao_model::record::{
    is_seat, mentionable, same_name, seat_user, valid_name, ClassLink, ClassRecord, Format, Pairing, Pupil,
    Round, ScreenLinks, Team, TeamOrder, Tournament, DASHBOARD_FINISHED, MAX_CLASS_NAME, MAX_NAME,
    MAX_PUPILS, MAX_TEAMS,
};

#[cfg(test)]
mod tests;
