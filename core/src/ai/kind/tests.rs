use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use super::*;
use crate::ai::{analyse_with, Level};
use crate::fano::{self, Fano};
use crate::game::Game;
use crate::samantsy::{self, Samantsy};

fn fano7(position: &str) -> Fano {
    Fano::from_position(fano::Options::default(), position).expect("a fano-7 position")
}

fn samantsy(position: &str) -> Samantsy {
    Samantsy::from_position(samantsy::Options::default(), position).expect("a Samantsy position")
}

/// How often each move is chosen over seeds `0..seeds`, in notation.
fn choices<G: Heuristics>(game: &G, strength: Strength, seeds: u64) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for seed in 0..seeds {
        let mv = choose_kind(game, strength, seed).expect("a move");
        *counts.entry(game.format_move(mv)).or_insert(0) += 1;
    }
    counts
}

fn appraisal(mv: u8, now: i32, answered: i32, loses_in_one: bool) -> Appraisal<u8> {
    Appraisal {
        mv,
        now,
        answered,
        loses_in_one,
        wins: now >= WIN_BOUND,
    }
}

#[test]
fn strength_settles_where_the_player_wins_two_games_in_three() {
    let s = Strength::START;
    assert_eq!(s.after(PlayerResult::Won).thousandths(), 350);
    assert_eq!(s.after(PlayerResult::Drew).thousandths(), 200);
    assert_eq!(s.after(PlayerResult::Lost).thousandths(), 200);
    // Two wins and a loss leave it where it was.
    let cycle = s
        .after(PlayerResult::Won)
        .after(PlayerResult::Won)
        .after(PlayerResult::Lost);
    assert_eq!(cycle, s);
    assert_eq!(Strength::MIN.after(PlayerResult::Lost), Strength::MIN);
    assert_eq!(Strength::MAX.after(PlayerResult::Won), Strength::MAX);
    assert_eq!(Strength::from_thousandths(4000), Strength::MAX);
    assert_eq!(Strength::default(), Strength::START);
    assert_eq!(
        PlayerResult::of(Winner::Side(Side::Second), Side::Second),
        PlayerResult::Won
    );
    assert_eq!(
        PlayerResult::of(Winner::Side(Side::First), Side::Second),
        PlayerResult::Lost
    );
    assert_eq!(PlayerResult::of(Winner::Draw, Side::First), PlayerResult::Drew);
}

#[test]
fn a_loss_in_one_is_dropped_unless_the_player_has_set_up_a_finish() {
    // One move in four loses at once: a blunder, never played.
    let blunder = [
        appraisal(0, 0, 0, false),
        appraisal(1, 0, -WIN, true),
        appraisal(2, 0, 0, false),
        appraisal(3, 0, 0, false),
    ];
    let kept: Vec<u8> = candidates(&blunder).iter().map(|a| a.mv).collect();
    assert_eq!(kept, [0, 2, 3]);
    // Two in three leave the player a win: the player made a threat, and it is left alone,
    // even by a move that would win first.
    let threat = [
        appraisal(0, 0, 0, false),
        appraisal(1, 0, -WIN, true),
        appraisal(2, WIN, WIN, true),
    ];
    let kept: Vec<u8> = candidates(&threat).iter().map(|a| a.mv).collect();
    assert_eq!(kept, [1]);
    // Every move loses: it still plays one.
    let lost = [appraisal(0, 0, -WIN, true), appraisal(1, 0, -WIN, true)];
    assert_eq!(candidates(&lost).len(), 2);
}

#[test]
fn strength_decides_how_often_the_answer_is_seen() {
    // Move 0 takes two and a half units at once and gives them back after the answer; move 1
    // keeps a little more; move 2 gives seven away. The weakest kind falls for the bait half
    // the time, the strongest one time in fifty, and neither gives everything away.
    let bait = [
        appraisal(0, 250, 10, false),
        appraisal(1, 60, 60, false),
        appraisal(2, -700, -700, false),
    ];
    let count = |strength: Strength| {
        let mut counts = [0u32; 3];
        let mut rng = Rng::new(11);
        for _ in 0..1000 {
            counts[pick(&bait, 100, 0, strength, &mut rng).expect("a move") as usize] += 1;
        }
        counts
    };
    assert_eq!(
        [count(Strength::MIN), count(Strength::START), count(Strength::MAX)],
        [[527, 473, 0], [571, 429, 0], [21, 979, 0]]
    );
}

#[test]
fn it_never_walks_into_a_loss_in_one() {
    // Fano-7, White to move with one pawn in hand: one of its five placements lets Black
    // capture its last pawn at once.
    let game = fano7("..B...W w 1 1");
    let appraisals = appraise(&game);
    let losing: Vec<String> = appraisals
        .iter()
        .filter(|a| a.loses_in_one)
        .map(|a| game.format_move(a.mv))
        .collect();
    assert_eq!(losing, ["@6"]);
    let weakest = choices(&game, Strength::MIN, 64);
    assert_eq!(
        weakest,
        BTreeMap::from([
            ("@1".into(), 15),
            ("@2".into(), 19),
            ("@4".into(), 18),
            ("@5".into(), 12)
        ])
    );
}

#[test]
fn it_lets_the_child_play_the_finish_it_set_up() {
    // Samantsy, Black to move: White threatens to block Black's hova, and 18 of Black's 21
    // moves leave the threat on the board. Hard blocks it; kind, at full strength, does not.
    let game = samantsy("v1bahb1v/z1z1zzzz/f3Z1Zf/1z1z4/3Z4/2Z4F/ZZ3Z1Z/VFBAHB1V b");
    let appraisals = appraise(&game);
    let leaving = |mv: &str| {
        appraisals
            .iter()
            .any(|a| a.loses_in_one && game.format_move(a.mv) == mv)
    };
    let chosen = choices(&game, Strength::MAX, 16);
    assert!(chosen.keys().all(|mv| leaving(mv)), "{chosen:?}");
    let hard = crate::ai::choose(&game, Level::Hard, 1, &AtomicBool::new(false)).expect("a move");
    assert!(!leaving(&game.format_move(hard)));
    assert_eq!(chosen.values().sum::<u32>(), 16);
    assert_eq!(chosen.len(), 11);
}

#[test]
fn it_always_takes_a_large_capture_that_nothing_answers() {
    // Samantsy, White to move: one move wins a vorona that no answer takes back.
    let game = samantsy("v1bahb1v/z1z1z1zz/f3Z1Zf/1z1z4/3Z4/2Z2z1F/ZZ3Z1Z/VFBAHB1V w");
    let before = game.evaluate();
    let gains: Vec<String> = appraise(&game)
        .iter()
        .filter(|a| a.now - before >= 100 && a.answered - before >= 100)
        .map(|a| game.format_move(a.mv))
        .collect();
    assert_eq!(gains, ["c3-c6"]);
    let taken = |strength| choices(&game, strength, 100).get(&gains[0]).copied().unwrap_or(0);
    assert_eq!(
        [taken(Strength::MIN), taken(Strength::START), taken(Strength::MAX)],
        [100, 100, 100]
    );
}

/// The beginner model of `core/examples/kind.rs`: easy's search at 3/2 of its temperature.
fn child_move(game: &Fano, seed: u64) -> crate::fano::Move {
    let mut budget = game.budget(Level::Easy);
    budget.temperature = budget.temperature * 3 / 2;
    analyse_with(game, &budget, seed, &AtomicBool::new(false))
        .best
        .expect("a move")
}

#[test]
fn a_series_of_fano_games_moves_the_strength_after_each_result() {
    let start = Fano::new(fano::Options::default()).expect("fano-7");
    let mut strength = Strength::START;
    let mut trace = Vec::new();
    for i in 0..12u64 {
        let child = if i % 2 == 0 { Side::First } else { Side::Second };
        let mut game = start.clone();
        while game.outcome().is_none() {
            let seed = i * 1000 + u64::from(game.ply());
            let mv = if game.to_move() == child {
                child_move(&game, seed)
            } else {
                choose_kind(&game, strength, seed).expect("a move")
            };
            game.play(mv).expect("a legal move");
        }
        let result = PlayerResult::of(game.outcome().expect("over").winner, child);
        strength = strength.after(result);
        trace.push(strength.thousandths());
    }
    assert_eq!(
        trace,
        [350, 400, 450, 500, 550, 450, 500, 550, 450, 500, 400, 450]
    );
}
