//! The record version and the steps that bring an older record up to it. Each step is a pure
//! rewrite of the JSON object, so a record of any older version takes every step in turn.

use serde_json::{Map, Value};

/// Current version of every record kind. Bump it together with a migration in [`MIGRATIONS`].
pub const RECORD_VERSION: u32 = 8;

/// A migration rewrites a record of version `n` into version `n + 1` in place.
pub type Migration = fn(&mut Map<String, Value>) -> Result<(), String>;

/// `MIGRATIONS[i]` turns version `i + 1` into `i + 2`.
pub const MIGRATIONS: &[Migration] = &[
    v1_to_v2, v2_to_v3, v3_to_v4, v4_to_v5, v5_to_v6, v6_to_v7, v7_to_v8,
];

/// Version 2 adds the scheduler's fields: `clock` on matches, `notify`, `vacation`
/// and `digest_due` on players. A version 1 record had no clock and default notification
/// settings, which is what the missing fields decode to; the version is bumped anyway so that a
/// version 1 build refuses these records instead of rewriting them without their timers.
pub(super) fn v1_to_v2(object: &mut Map<String, Value>) -> Result<(), String> {
    if object.contains_key("moves") && !object.contains_key("clock") {
        object.insert("clock".to_owned(), Value::Object(Map::new()));
    }
    Ok(())
}

/// Version 3 adds classroom mode: the `class/…` records, the `class` link on class
/// matches and the endings `adjudicated` and `activity_done`. Nothing is missing from an older
/// record (it has no class link: not a class match), so the step only bumps the version: a
/// version 2 build then refuses class records instead of rewriting a class match without its
/// link. The classroom branch wrote its records as version 1 before time controls existed:
/// those take both steps (they get an empty clock, then keep their class link).
fn v2_to_v3(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 4 (Discord) adds where a platform shows a match: `post` on matches (the
/// challenge message, the match's thread), per-channel delivery choices (`boards` and `threads`
/// on channel records) and the language of the user's chat client (`client_locale` on players). A version 3 record has none, which is what the missing fields decode to, so
/// the step only bumps the version: a version 3 build then refuses these records instead of
/// rewriting them without their message, thread or choices.
fn v3_to_v4(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 5 adds matches that start from a set position: `start` on matches (the position,
/// in the game's canonical notation). A version 4 record started from the standard position,
/// which is what the missing field decodes to, so the step only bumps the version: a version 4
/// build then refuses these records instead of replaying a set-position match from the
/// standard start.
fn v4_to_v5(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 6 adds lessons: `lesson` on matches (where a lesson stands) and `learned` on players
/// (their stars). A version 5 record has neither, which is what the missing fields decode to, so
/// the step only bumps the version: a version 5 build then refuses these records instead of
/// playing a lesson on as a practice match or rewriting a player without their stars.
fn v5_to_v6(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 7 adds puzzles: `puzzle` on matches (where a puzzle stands), `puzzles` on players
/// (their puzzle rating and streak per game) and the `puzzle/…` records (each puzzle's rating).
/// A version 6 record has none of them, which is what the missing fields decode to, so the step
/// only bumps the version: a version 6 build then refuses these records instead of playing a
/// puzzle on as a practice match or rewriting a player without their puzzle rating.
fn v6_to_v7(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 8 adds correspondence aids: `plans` on matches (a player's conditional moves,
/// `plan`) and `auto` on players (`settings auto=on|off`: moves with no alternative play
/// themselves). A version 7 record has neither, which is what the missing fields decode to, so
/// the step only bumps the version: a version 7 build then refuses these records instead of
/// rewriting a match without its plans.
fn v7_to_v8(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}
