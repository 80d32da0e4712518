use crate::dispatch::handle::Handle;
use crate::kernel::queries::Queries;

use lalao_renderer::Locale;

use super::*;
use crate::kernel::Context;

/// A practice fano match after `moves`, as the store holds it.
fn fano_after(moves: &[&str]) -> MatchRecord {
    let service = crate::testing::memory_service(Locale::En);
    let ctx = Context::console("ana");
    service.handle_text(&ctx, "play fano", false).unwrap();
    for text in moves {
        service.handle_text(&ctx, text, false).unwrap();
    }
    Queries(&service).match_record(MatchId(1)).expect("the match")
}

#[test]
fn a_board_stays_clickable_until_its_stage_or_moves_change() {
    let before = fano_after(&["@3"]);
    let shown = MatchRef::of(&before);
    // Buttons posted by earlier builds carry this very number: it must never change.
    assert_eq!(shown.board, 0x4b04_c5be, "the fingerprint's algorithm changed");
    let clicked = |offer: &Offer, version: u64, board: Option<u32>| offer.still_shows(version, board);
    assert!(clicked(&Offer::of(&before), shown.version, Some(shown.board)));
    // A change that leaves stage and moves alone (a draw offer, a paused clock).
    let offered = MatchRecord {
        version: before.version + 1,
        ..before.clone()
    };
    assert!(clicked(&Offer::of(&offered), shown.version, Some(shown.board)));
    // An id from before fingerprints: only its exact version counts.
    assert!(clicked(&Offer::of(&before), shown.version, None));
    assert!(!clicked(&Offer::of(&offered), shown.version, None));
    // A move changes what the board offers.
    let after = fano_after(&["@3", "@4"]);
    assert_ne!(MatchRef::of(&after).board, shown.board);
    assert!(!clicked(&Offer::of(&after), after.version - 1, Some(shown.board)));
    // Taking a move back and playing it again gives the same board: its buttons mean the same.
    let again = MatchRecord {
        version: before.version + 5,
        ..fano_after(&["@3"])
    };
    assert_eq!(MatchRef::of(&again).board, shown.board);
    // The stage counts: the same moves in a finished match offer nothing.
    let declined = MatchRecord {
        stage: Stage::Declined,
        version: before.version + 1,
        ..before.clone()
    };
    assert!(!clicked(&Offer::of(&declined), shown.version, Some(shown.board)));
    assert!(Offer::of(&declined).actions.is_empty());
}

#[test]
fn a_board_offers_the_legal_moves_and_a_time_out_its_decisions() {
    let mut record = fano_after(&["@3"]);
    let moves: Vec<Action> = record
        .current_game()
        .unwrap()
        .legal_moves()
        .into_iter()
        .map(Action::Move)
        .collect();
    assert!(!moves.is_empty());
    assert_eq!(Action::available(&record), moves);
    record.clock.turn = Some(lalao_model::timing::Turn {
        ply: 1,
        side: lalao_core::Side::BOTH[1],
        started: 0,
        extra: 0,
        flagged: true,
        plan: Default::default(),
        reminded: 0,
    });
    let mut expected = moves;
    expected.extend([Action::Claim, Action::Waive]);
    assert_eq!(Action::available(&record), expected);
    assert_eq!(Action::Move("@4".into()).command_line(MatchId(7)), "move @4 #7");
    assert_eq!(Action::Call(Parity::Odd).command_line(MatchId(2)), "call odd #2");
    assert_eq!(Action::Side("north").command_line(MatchId(2)), "side north #2");
}
