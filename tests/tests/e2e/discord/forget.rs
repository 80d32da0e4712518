//! `/forget` on Discord: asked and confirmed in ephemeral messages to the person alone; once
//! forgotten, lalao knows them as a newcomer.

use super::bot::Setup;
use super::fixtures::{Opt, BODO};
use super::gateway::assert_ephemeral;
use super::Table;

#[test]
fn a_person_is_forgotten_after_an_ephemeral_confirmation() {
    let mut table = Table::gateway(Setup::default());
    // A puzzle going on, and a puzzle rating to lose.
    table.slash(BODO, "puzzle", &[Opt::str("game", "katro")]);

    let (_, asked) = table.slash(BODO, "forget", &[]);
    assert_eq!(
        assert_ephemeral(&asked),
        "lalao will forget you for good: your profile, settings, ratings and leaderboard places, \
         lesson stars and puzzle ratings are erased; your running matches end (resigned against a \
         person, cancelled otherwise); your past matches stay for the other players but name \
         “a former player”. A class you teach stays with its pupils. This cannot be undone. To go \
         ahead, type `/forget confirm:True`."
    );
    let (_, done) = table.slash(BODO, "forget", &[Opt::Bool("confirm", true)]);
    assert_eq!(
        assert_ephemeral(&done),
        "Done: lalao has forgotten you. One running match was cancelled."
    );
    // Nothing of the puzzle is left to go on with: a bare hint finds no activity of theirs.
    let (_, puzzles) = table.slash(BODO, "puzzle", &[]);
    assert!(
        assert_ephemeral(&puzzles).contains("Katro: —, 0 solved of 0"),
        "no puzzle rating is left"
    );
}
