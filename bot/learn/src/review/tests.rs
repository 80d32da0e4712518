use std::sync::atomic::AtomicBool;

use lalao_core::ai::search::WIN_BOUND;
use lalao_core::ai::{Budget, Level};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

use super::*;

/// The checking search's nodes, in multiples of the review's.
const DEEPER: u64 = 8;

/// A game engine against engine from `seed`, South at `levels[0]` and North at `levels[1]`:
/// the fixed games the review is checked on.
fn self_played(kind: GameKind, seed: u64, levels: [Level; 2], max_plies: usize) -> (AnyGame, Vec<String>) {
    let mut options = AnyOptions::standard(kind).expect("standard");
    if let AnyOptions::Fano(fano) = &mut options {
        fano.cells = 9;
    }
    let start = AnyGame::new(options).expect("a start");
    let never = AtomicBool::new(false);
    let mut game = start.clone();
    let mut moves = Vec::new();
    while game.outcome().is_none() && moves.len() < max_plies {
        let level = levels[game.to_move().index()];
        // The levels' shared search, hard included as it was when these games were fixed: the
        // hard level's own search (`ai::strong`) would play other games.
        let mv = lalao_core::ai::choose_move_shared(&game, level, seed ^ moves.len() as u64, &never)
            .expect("a move");
        game.play(&mv).expect("legal");
        moves.push(mv);
    }
    (start, moves)
}

/// Every move the review marks is judged so by a search with [`DEEPER`] times its nodes too:
/// the better move is legal; for a move the review names (a mistake or worse) it is better than
/// the one played by at least the game's first threshold, for an inaccuracy better at all; a
/// proved result the review names is proved there too.
fn check_against_deeper_search(kind: GameKind, seed: u64, levels: [Level; 2]) -> usize {
    let (start, moves) = self_played(kind, seed, levels, 120);
    let review = review(&start, &moves).expect("a review");
    // The whole review stays within its budgets (give or take the one ply that crosses them).
    assert!(
        review.nodes <= TOTAL_NODES + CONFIRM_NODES + (1 + CONFIRM) * review.ply_nodes,
        "{kind:?}: {} nodes",
        review.nodes
    );
    let mut game = start.clone();
    let mut marked = 0;
    for (ply, played) in review.plies.iter().zip(&moves) {
        if ply.verdict.is_marked() {
            marked += 1;
            let better = ply.better.as_deref().expect("a marked move names a better one");
            assert!(
                game.legal_moves().iter().any(|mv| mv == better),
                "{kind:?} ply {}: {better} is not legal",
                ply.ply
            );
            let budget = Budget {
                max_nodes: review.ply_nodes * DEEPER,
                ..find_budget(&game)
            };
            let deeper = root_search(&game, budget, 0xdee9).moves;
            let score = |mv: &str| {
                deeper
                    .iter()
                    .find(|(m, _)| m == mv)
                    .map(|(_, s)| *s)
                    .expect("scored")
            };
            let (better_score, played_score) = (score(better), score(played));
            match ply.proved {
                Some(Proved::WinLetGo) => assert!(
                    better_score >= WIN_BOUND && played_score < WIN_BOUND,
                    "{kind:?} ply {}: the win by {better} is not proved deeper ({better_score} vs {played_score})",
                    ply.ply
                ),
                Some(Proved::LossWalkedInto) => assert!(
                    played_score <= -WIN_BOUND && better_score > -WIN_BOUND,
                    "{kind:?} ply {}: {played} does not lose by force deeper ({better_score} vs {played_score})",
                    ply.ply
                ),
                // A named move (a mistake or worse) is clearly worse deeper too; an inaccuracy,
                // only counted, is at least worse.
                None if ply.verdict.is_named() => assert!(
                    better_score - played_score >= thresholds(kind)[0],
                    "{kind:?} seed {seed} ply {}: deeper, {better} ({better_score}) is not clearly better than {played} ({played_score}); the review said {}",
                    ply.ply,
                    ply.loss
                ),
                None => assert!(
                    better_score > played_score,
                    "{kind:?} seed {seed} ply {}: deeper, {better} ({better_score}) is not better than {played} ({played_score})",
                    ply.ply
                ),
            }
        }
        game.play(played).expect("legal");
    }
    marked
}

#[test]
fn katro_marks_are_confirmed_by_a_deeper_search() {
    let mut marked = 0;
    for (seed, levels) in [
        (1, [Level::Easy, Level::Hard]),
        (2, [Level::Medium, Level::Random]),
        (3, [Level::Easy, Level::Medium]),
        (4, [Level::Random, Level::Hard]),
    ] {
        marked += check_against_deeper_search(GameKind::Katro, seed, levels);
    }
    assert!(marked > 0, "the fixed games have mistakes to find");
}

#[test]
fn fano_marks_are_confirmed_by_a_deeper_search() {
    for seed in [3, 8] {
        check_against_deeper_search(GameKind::Fano, seed, [Level::Random, Level::Medium]);
    }
}

#[test]
fn samantsy_marks_are_confirmed_by_a_deeper_search() {
    check_against_deeper_search(GameKind::Samantsy, 4, [Level::Random, Level::Medium]);
    check_against_deeper_search(GameKind::Samantsy, 7, [Level::Easy, Level::Hard]);
}

#[test]
fn engehe_marks_are_confirmed_by_a_deeper_search() {
    let marked = check_against_deeper_search(GameKind::Engehe, 5, [Level::Easy, Level::Medium]);
    assert!(marked > 0, "the fixed game has mistakes to find");
}

#[test]
fn mangala_moves_are_all_forced_and_never_marked() {
    let (start, moves) = self_played(GameKind::Mangala, 6, [Level::Hard, Level::Hard], 400);
    let review = review(&start, &moves).expect("a review");
    assert!(!review.plies.is_empty());
    assert!(review.plies.iter().all(|ply| ply.verdict == Verdict::Forced));
    assert_eq!(review.nodes, 0);
}

#[test]
fn a_long_match_gets_fewer_nodes_a_ply_and_stays_within_the_budget() {
    assert_eq!(ply_nodes(20_000, 40), 20_000);
    assert_eq!(ply_nodes(20_000, 200), 10_000);
    assert_eq!(ply_nodes(20_000, 10_000), MIN_PLY_NODES);
    assert_eq!(ply_nodes(1_000, 10_000), 1_000);
}

#[test]
#[ignore = "a measurement: cargo test -p lalao-learn --release review::tests::measure -- --ignored --nocapture"]
fn measure() {
    for kind in [
        GameKind::Katro,
        GameKind::Fano,
        GameKind::Samantsy,
        GameKind::Engehe,
    ] {
        for seed in 1..=3 {
            let (start, moves) = self_played(kind, seed, [Level::Easy, Level::Medium], 300);
            let started = std::time::Instant::now();
            let review = review(&start, &moves).expect("a review");
            let marked: Vec<String> = review
                .worst_first()
                .iter()
                .map(|ply| {
                    format!(
                        "{}:{}>{}:{}",
                        ply.ply,
                        ply.played,
                        ply.better.clone().unwrap_or_default(),
                        ply.loss
                    )
                })
                .collect();
            println!(
                "{kind:?} seed {seed}: {} plies, {} nodes ({} a ply), {:?}; marked {marked:?}",
                moves.len(),
                review.nodes,
                review.ply_nodes,
                started.elapsed()
            );
        }
    }
}

/// The marks of one fixed Katro game (Easy against Medium), in the order played: ply, the move
/// played, the verdict, the better move, the loss in hundredths of a seed and the chance missed;
/// and the one move the review names.
#[test]
fn a_fixed_katro_game_has_these_marks() {
    let (start, moves) = self_played(GameKind::Katro, 3, [Level::Easy, Level::Medium], 300);
    let review = review(&start, &moves).expect("a review");
    let marks: Vec<String> = review
        .plies
        .iter()
        .filter(|ply| ply.verdict.is_marked())
        .map(|ply| {
            format!(
                "{} {} {} {:?} {} {:?}",
                ply.ply,
                ply.played,
                ply.verdict.id(),
                ply.better,
                ply.loss,
                ply.missed
            )
        })
        .collect();
    assert_eq!(
        marks,
        [
            "0 d1A inaccuracy Some(\"e1B\") 600 Some(Capture(4))",
            "4 d1A mistake Some(\"d1B\") 1800 Some(Capture(4))",
            "12 d1A inaccuracy Some(\"a1A\") 600 None",
            "14 a1B inaccuracy Some(\"a1A\") 800 None",
        ]
    );
    let named: Vec<usize> = review.worst_first().iter().map(|ply| ply.ply).collect();
    assert_eq!(named, [4]);
    assert!(review.complete());
}
