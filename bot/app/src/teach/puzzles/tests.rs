//! Puzzles answered through the text grammar, against the bundled sets.

use crate::dispatch::handle::Handle;
use lalao_renderer::Locale;

use crate::ids::MatchId;
use crate::kernel::queries::Queries;
use crate::kernel::{Action, Context, Kind, Outcome, Reply};
use crate::record::{self, Ending, PuzzleRating, Stage};
use crate::store::keys;
use crate::testing::memory_service;

fn said(reply: &Reply) -> (&'static str, String) {
    (reply.messages[0].key, reply.messages[0].text.clone())
}

#[test]
fn a_puzzle_is_solved_move_by_move_and_rates_the_solver_and_the_puzzle() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    // Before any puzzle: every game, no rating yet.
    let overview = run("puzzle");
    assert_eq!(overview.outcome, Outcome::Shown);
    assert!(
        overview.messages[0]
            .text
            .contains("\nKatro: —, 0 solved of 0, best streak 0 — `puzzle katro`"),
        "{}",
        overview.messages[0].text
    );
    // A new solver (1500) gets the puzzle rated nearest 1500: katro-0069, three moves.
    let started = run("puzzle katro");
    assert_eq!(started.outcome, Outcome::Applied);
    let first = &started.messages[0];
    assert_eq!(first.kind, Kind::Activity);
    assert_eq!(
        first.text,
        "Puzzle katro-0069 (Katro, rated 1500): find the move that sows on and ends in a capture. \
         South to play. You play 3 moves; lalao answers in between.\n\
         Find the move and type it as the board names it. Stuck? `hint #1` shows the solution (it counts as a \
         miss)."
    );
    assert!(first.actions.contains(&Action::Move("c1A".to_owned())));
    // Asked again, the same puzzle where it stands.
    assert_eq!(said(&run("puzzle")).1, first.text);
    let right = run("c1A");
    assert_eq!(right.messages[0].key, "puzzle-right");
    assert!(
        right.messages[0].text.starts_with("Right: `c1A` captures "),
        "{}",
        right.messages[0].text
    );
    assert!(
        right.messages[0]
            .text
            .ends_with("lalao answers `a6A`. Your move: 2 more to find."),
        "{}",
        right.messages[0].text
    );
    let record = Queries(&service).match_record(MatchId(1)).unwrap();
    assert_eq!(record.moves, ["c1A", "a6A"]);
    assert_eq!(record.puzzle.as_ref().unwrap().ply, 2);
    assert!(run("a1B").messages[0]
        .text
        .ends_with("lalao answers `f6B`. Your move: one more to find."));
    let solved = run("d1B");
    let (key, text) = said(&solved);
    assert_eq!(key, "puzzle-solved");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Solved! `d1B` "), "{text}");
    let player = service.player(&ana.user).ok().unwrap().unwrap().0;
    let stats = &player.puzzles["katro"];
    assert_eq!(
        (stats.solved, stats.failed, stats.streak, stats.best_streak),
        (1, 0, 1, 1)
    );
    assert_eq!(stats.tried, [69]);
    assert!(stats.rating.rating > 1500.0 && stats.rating.deviation < 350.0);
    // Still provisional after one puzzle, and marked so, as `puzzle` and `profile` show it.
    assert!(stats.rating.deviation > crate::ratings::PROVISIONAL_DEVIATION);
    assert_eq!(
        lines[1],
        format!(
            "Your Katro puzzle rating: {}? (+{}). Streak: 1. Another one: `puzzle katro` (A ? marks a provisional rating: it still settles.)",
            stats.rating.rating.round(),
            stats.rating.rating.round() - 1500.0
        )
    );
    let rating_after_one = stats.rating.rating.round();
    // The puzzle lost to her: its own record, from its bundled 1500.
    let bytes = service
        .store()
        .get(&keys::puzzle_key("katro", "katro-0069"))
        .unwrap()
        .unwrap();
    let rated: PuzzleRating = record::decode(&bytes, "a puzzle's rating").unwrap();
    assert_eq!((rated.solved, rated.failed), (1, 0));
    assert!(rated.rating.rating < 1500.0);
    let record = Queries(&service).match_record(MatchId(1)).unwrap();
    assert_eq!(
        record.stage,
        Stage::Finished {
            ending: Ending::ActivityDone
        }
    );
    assert_eq!(record.moves, ["c1A", "a6A", "a1B", "f6B", "d1B"]);
    // The next puzzle is another one, nearer her new rating; a wrong answer fails it and shows
    // the solution, and the streak starts again.
    let next = run("puzzle katro");
    let link = Queries(&service)
        .match_record(MatchId(2))
        .unwrap()
        .puzzle
        .unwrap();
    assert_ne!(link.id, "katro-0069");
    assert!(next.messages[0]
        .text
        .starts_with(&format!("Puzzle {} (Katro, rated ", link.id)));
    let puzzle = lalao_learn::puzzles::bundled(lalao_core::GameKind::Katro)
        .find(&link.id)
        .unwrap();
    let game = puzzle.game(lalao_core::GameKind::Katro).unwrap();
    let wrong = game
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .unwrap();
    let failed = run(&wrong);
    let (key, text) = said(&failed);
    assert_eq!(key, "puzzle-solution");
    let solution = puzzle
        .line
        .iter()
        .map(|mv| format!("`{mv}`"))
        .collect::<Vec<_>>()
        .join(", ");
    assert!(text.starts_with(&format!("Not this one: `{wrong}` ")), "{text}");
    assert!(text.contains(&format!("\nThe solution: {solution}.\n")), "{text}");
    // The wrong move is not played: the board stays where the puzzle was missed.
    let record = Queries(&service).match_record(MatchId(2)).unwrap();
    assert!(record.moves.is_empty());
    assert_eq!(
        record.puzzle.unwrap().failed_with.as_deref(),
        Some(wrong.as_str())
    );
    let stats = service.player(&ana.user).ok().unwrap().unwrap().0.puzzles["katro"].clone();
    // A loss is written with a minus sign, as a game's rating change is.
    assert!(
        text.ends_with(&format!(
            "\nYour Katro puzzle rating: {}? (−{}). Streak: 0. Another one: `puzzle katro` (A ? marks a provisional rating: it still settles.)",
            stats.rating.rating.round(),
            rating_after_one - stats.rating.rating.round()
        )),
        "{text}"
    );
    assert_eq!(
        (stats.solved, stats.failed, stats.streak, stats.best_streak),
        (1, 1, 0, 1)
    );
    // Her profile shows it.
    let profile = run("profile");
    assert!(
        profile.messages[0].text.contains(&format!(
            "\nKatro puzzles: {}?, 1 solved of 2, streak 0 (best 1)",
            stats.rating.rating.round()
        )),
        "{}",
        profile.messages[0].text
    );
}

#[test]
fn a_hint_shows_the_solution_and_counts_as_a_miss() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    run("puzzle katro");
    let (key, text) = said(&run("hint"));
    assert_eq!(key, "puzzle-solution");
    assert!(
        text.starts_with("The solution: `c1A`, `a6A`, `a1B`, `f6B`, `d1B`.\nYour Katro puzzle rating: "),
        "{text}"
    );
    let stats = service.player(&ana.user).ok().unwrap().unwrap().0.puzzles["katro"].clone();
    assert_eq!((stats.solved, stats.failed), (0, 1));
    assert!(stats.rating.rating < 1500.0);
    // Over: a move now is refused, and changes nothing.
    assert!(run("c1A").refused());
    // A puzzle is not played again with `rematch`: nothing offers it, the command says how,
    // and the board it ended on is told as a missed puzzle.
    let record = Queries(&service).match_record(MatchId(1)).unwrap();
    assert_eq!(Action::available(&record), []);
    assert_eq!(said(&run("rematch #1")).0, "rematch-not-here");
    let (_, board) = said(&run("board #1"));
    assert!(board.contains("Puzzle katro-0069 was missed."), "{board}");
    assert!(!board.contains("pawn"), "{board}");
}

#[test]
fn a_mangala_puzzle_is_answered_with_a_side_in_the_readers_language() {
    let service = memory_service(Locale::Fr);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    let started = run("probleme mangala");
    let text = &started.messages[0].text;
    assert!(
        text.starts_with(
            "Problème mangala-0010 (Mangala, classé 1500) : tous les coups sont forcés à partir d'ici. \
             Quel camp gagne : Sud ou Nord ? Sud joue.\n"
        ),
        "{text}"
    );
    // The answers are the two sides, as the coin rite's buttons.
    assert_eq!(
        started.messages[0].actions,
        [Action::Side("south"), Action::Side("north")]
    );
    // Both answers as they are typed: no example that would be a wrong answer.
    assert!(
        text.contains("Réponds `camp sud #1` ou `camp nord #1`."),
        "{text}"
    );
    let (key, text) = said(&run("camp sud"));
    assert_eq!(key, "puzzle-solved");
    assert!(
        text.starts_with(
            "Résolu ! `Sud`. Tous les coups sont forcés à partir d'ici : en jouant jusqu'au bout, Sud gagne 8–2.\n\
             Ton classement aux problèmes de Mangala : "
        ),
        "{text}"
    );
}

#[test]
fn one_puzzle_at_a_time_and_the_one_left_is_put_away_unrated() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    run("puzzle katro");
    run("puzzle mangala");
    let first = Queries(&service).match_record(MatchId(1)).unwrap();
    assert!(matches!(first.stage, Stage::Cancelled { .. }));
    assert!(service
        .player(&ana.user)
        .ok()
        .unwrap()
        .is_none_or(|(player, _)| player.puzzles.is_empty()));
    // `side` with no number finds the puzzle, as it finds a coin rite.
    assert_eq!(said(&run("side south")).0, "puzzle-solved");
    // A game's name the grammar does not know is refused with the games it knows.
    assert!(run("puzzle chess").refused());
}

/// A class's puzzles are fit for young pupils: on fano, no board of more than 7 cells, however
/// many the pupil has tried; once every one of them was tried, they come round again.
#[test]
fn a_class_is_given_fano_puzzles_of_at_most_seven_cells() {
    use crate::teach::puzzle_choice::{next_class_puzzle, next_puzzle};
    use lalao_core::GameKind;
    let cells =
        |puzzle: &lalao_learn::puzzles::Puzzle| puzzle.position.split(' ').next().unwrap().chars().count();
    let small = lalao_learn::puzzles::bundled(GameKind::Fano)
        .puzzles
        .iter()
        .filter(|puzzle| cells(puzzle) <= 7)
        .count();
    assert_eq!(small, 57);
    let mut stats = record::PuzzleStats::default();
    let mut given = std::collections::BTreeSet::new();
    for _ in 0..small {
        let (number, puzzle) = next_class_puzzle(GameKind::Fano, &stats);
        assert_eq!(cells(puzzle), 7, "{}", puzzle.id);
        assert!(given.insert(number), "{} given twice", puzzle.id);
        stats.tried.push(number);
    }
    let (again, _) = next_class_puzzle(GameKind::Fano, &stats);
    assert!(given.contains(&again));
    // A player on their own gets any size.
    let (_, larger) = next_puzzle(GameKind::Fano, &stats);
    assert!(cells(larger) > 7, "{}", larger.id);
}
