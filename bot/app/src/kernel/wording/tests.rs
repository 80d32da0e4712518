use super::*;
use crate::i18n::has;

#[test]
fn every_illegal_reason_has_a_friendly_sentence_in_both_languages() {
    let all = [
        IllegalReason::GameOver,
        IllegalReason::CellOccupied,
        IllegalReason::WrongPhase,
        IllegalReason::NotYourPiece,
        IllegalReason::DestinationOccupied,
        IllegalReason::NotReachable,
        IllegalReason::CaptureRequired,
        IllegalReason::RepeatsSituation,
        IllegalReason::LeavesHovaAttacked,
        IllegalReason::NotYourHole,
        IllegalReason::EmptyHole,
        IllegalReason::NotOutermostRow,
        IllegalReason::NotForcedHole,
        IllegalReason::MustPass,
        IllegalReason::CannotPass,
        IllegalReason::NeverEndingSowing,
        IllegalReason::StepNotAllowed,
        IllegalReason::WrongStepPath,
    ];
    for reason in all {
        let key = illegal_key(reason);
        assert_eq!(key, format!("illegal-{}", reason.code().replace('_', "-")));
        for locale in Locale::ALL {
            assert!(has(locale, key), "{key} missing in {locale:?}");
        }
    }
}

#[test]
fn every_game_side_and_reason_has_a_name() {
    for locale in Locale::ALL {
        for kind in GameKind::ALL {
            assert!(has(locale, &format!("game-{}", kind.id())));
            assert!(has(locale, &format!("rules-{}", kind.id())));
            for side in Side::BOTH {
                assert!(has(locale, &format!("side-{}", kind.side_name(side))));
            }
        }
        for reason in [
            "blocked-hova",
            "no-legal-move",
            "no-pawns",
            "repetition",
            "cycle",
            "board-empty",
            "no-progress",
            "ply-cap",
        ] {
            assert!(
                has(locale, &format!("reason-{reason}")),
                "reason-{reason} in {locale:?}"
            );
        }
    }
}

#[test]
fn every_parse_error_word_is_named() {
    for locale in Locale::ALL {
        for what in ["game", "move", "parity", "side"] {
            assert!(has(locale, &format!("what-{what}")));
        }
        for what in [
            "style", "language", "coins", "parity", "answer", "scope", "setting", "level",
        ] {
            assert!(has(locale, &format!("what-{what}")), "what-{what}");
            // A closed list of the grammar names its own values.
            assert!(
                vocabulary::by_what(what).is_some() || has(locale, &format!("allowed-{what}")),
                "allowed-{what}"
            );
        }
    }
}
