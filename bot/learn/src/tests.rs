//! Every course checked against the rules core and RULES.md.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use lalao_core::ai::{self, Level};
use lalao_core::GameKind;

use super::*;

/// The search's seed when a test asks for its best move (any seed must agree with the course).
const SEARCH_SEED: u64 = 7;

/// The rule numbers of RULES.md, kept here so the check runs where `../shared` is not checked
/// out; `the_rule_list_is_the_one_of_rules_md` keeps it true where it is.
const RULE_IDS: &str = include_str!("../rule-ids.txt");

fn rule_ids() -> BTreeSet<String> {
    RULE_IDS.split_whitespace().map(str::to_owned).collect()
}

/// The letter of a game's own rule numbers (G- rules are everyone's).
fn prefix(game: GameKind) -> &'static str {
    match game {
        GameKind::Samantsy => "S-",
        GameKind::Fano => "F-",
        GameKind::Mangala => "M-",
        GameKind::Engehe => "E-",
        GameKind::Katro => "K-",
    }
}

#[test]
fn the_rule_list_is_the_one_of_rules_md() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/RULES.md");
    let Ok(rules) = std::fs::read_to_string(path) else {
        return; // RULES.md is not checked out here: the list stands as committed.
    };
    let mut found = BTreeSet::new();
    for line in rules.lines() {
        let line = line.trim_start_matches("- ").trim_start_matches("**");
        let head: String = line
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let mut parts = head.splitn(2, '-');
        if let (Some(letter), Some(number)) = (parts.next(), parts.next()) {
            if letter.len() == 1 && "GSFMEK".contains(letter) && number.parse::<u32>().is_ok() {
                found.insert(head.clone());
            }
        }
    }
    assert_eq!(
        found,
        rule_ids(),
        "rule-ids.txt differs from RULES.md's numbered rules"
    );
}

#[test]
fn every_course_reads_and_has_four_to_eight_lessons_of_three_to_eight_steps() {
    for game in GameKind::ALL {
        let course = parse(game, source(game)).unwrap_or_else(|err| panic!("{}: {err}", game.id()));
        assert!(
            (4..=8).contains(&course.lessons.len()),
            "{}: {} lessons",
            game.id(),
            course.lessons.len()
        );
        let mut names = BTreeSet::new();
        for lesson in &course.lessons {
            assert!(
                names.insert(&lesson.name),
                "{}: lesson {} twice",
                game.id(),
                lesson.name
            );
            assert!(
                !lesson.name.is_empty() && lesson.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{}: lesson name {:?} must be lowercase words joined by '-'",
                game.id(),
                lesson.name
            );
            assert!(
                (3..=8).contains(&lesson.steps.len()),
                "{} {}: {} steps",
                game.id(),
                lesson.name,
                lesson.steps.len()
            );
        }
    }
}

#[test]
fn every_step_is_a_legal_position_whose_goal_is_true_of_exactly_its_moves() {
    for game in GameKind::ALL {
        let course = course(game);
        for (l, lesson) in course.lessons.iter().enumerate() {
            for (s, step) in lesson.steps.iter().enumerate() {
                let at = format!("{} lesson {} ({}) step {}", game.id(), l + 1, lesson.name, s + 1);
                let position = step
                    .game(game)
                    .unwrap_or_else(|err| panic!("{at}: position refused: {err}"));
                assert_eq!(
                    position.position(),
                    step.position,
                    "{at}: not the canonical spelling"
                );
                assert!(position.outcome().is_none(), "{at}: the game is over");
                let legal = position.legal_moves();
                assert!(!legal.is_empty(), "{at}: no legal move");
                for wanted in &step.moves {
                    assert!(
                        legal.contains(wanted),
                        "{at}: {wanted} is not legal (legal: {legal:?})"
                    );
                }
                let doing = |test: &dyn Fn(&Effect) -> bool| -> BTreeSet<String> {
                    legal
                        .iter()
                        .filter(|text| test(&effect_of(&position, text).expect("legal")))
                        .cloned()
                        .collect()
                };
                let listed: BTreeSet<String> = step.moves.iter().cloned().collect();
                assert_eq!(listed.len(), step.moves.len(), "{at}: a move listed twice");
                match step.goal {
                    Goal::Any => assert!(step.moves.is_empty(), "{at}: `any` lists no moves"),
                    Goal::Avoid => {
                        let replies = |text: &String, test: &dyn Fn(&Effect) -> bool| {
                            let mut after = position.clone();
                            after.play(text).expect("legal");
                            after.outcome().is_none()
                                && after
                                    .legal_moves()
                                    .iter()
                                    .any(|reply| test(&effect_of(&after, reply).expect("legal")))
                        };
                        let hands_a_win = |text: &String| replies(text, &|effect| effect.wins);
                        let hands_a_capture = |text: &String| replies(text, &|effect| effect.captures());
                        let danger: &dyn Fn(&String) -> bool = if legal.iter().any(hands_a_win) {
                            &hands_a_win
                        } else {
                            &hands_a_capture
                        };
                        let safe: BTreeSet<String> =
                            legal.iter().filter(|text| !danger(text)).cloned().collect();
                        assert_eq!(listed, safe, "{at}: the moves that hand the opponent nothing");
                        assert!(
                            !listed.is_empty() && listed.len() < legal.len(),
                            "{at}: nothing to avoid"
                        );
                    }
                    Goal::Moves => {
                        assert!(!listed.is_empty(), "{at}: no move succeeds");
                        assert!(
                            listed.len() < legal.len(),
                            "{at}: every legal move succeeds: use `any`"
                        );
                    }
                    Goal::Capture => {
                        assert_eq!(
                            listed,
                            doing(&|effect| effect.captures()),
                            "{at}: the capturing moves"
                        );
                        assert!(listed.len() < legal.len(), "{at}: every move captures");
                    }
                    Goal::Most => {
                        let most = legal
                            .iter()
                            .map(|text| {
                                let effect = effect_of(&position, text).expect("legal");
                                effect.seeds as usize + effect.pieces
                            })
                            .max()
                            .unwrap_or(0);
                        assert!(most > 0, "{at}: no move captures");
                        let takes_most = doing(&|effect| effect.seeds as usize + effect.pieces == most);
                        assert_eq!(listed, takes_most, "{at}: the moves that capture the most");
                        assert!(listed.len() < legal.len(), "{at}: every move captures the most");
                    }
                    Goal::Win => {
                        assert_eq!(listed, doing(&|effect| effect.wins), "{at}: the winning moves");
                        assert!(listed.len() < legal.len(), "{at}: every move wins");
                    }
                    Goal::Best => {
                        assert!(
                            !listed.is_empty() && listed.len() < legal.len(),
                            "{at}: the best moves"
                        );
                        let chosen =
                            ai::choose_move(&position, Level::Hard, SEARCH_SEED, &AtomicBool::new(false))
                                .expect("a move");
                        assert!(listed.contains(&chosen), "{at}: the search prefers {chosen}");
                    }
                }
                for target in &step.targets {
                    assert!(
                        is_place(game, &step.position, target),
                        "{at}: no place {target:?} on this board"
                    );
                }
                for rule in &step.rules {
                    assert!(rule_ids().contains(rule), "{at}: no rule {rule} in RULES.md");
                }
            }
        }
    }
}

/// Whether `target` names a place of the board of `position` as the boards label them (and the
/// class screen's tap targets are named): Katro holes `c1`, fano cells `3`, Samantsy squares
/// `e4`, Mangala and En Gehé holes `h5`.
fn is_place(game: GameKind, position: &str, target: &str) -> bool {
    let board = position.split(' ').next().unwrap_or_default();
    let number = |text: &str| text.parse::<usize>().ok();
    match game {
        GameKind::Katro => {
            let columns = board.split('/').next().map_or(0, |row| row.split(',').count());
            let mut chars = target.chars();
            let column = chars
                .next()
                .map_or(usize::MAX, |c| (c as usize).wrapping_sub('a' as usize));
            column < columns && number(chars.as_str()).is_some_and(|row| (1..=6).contains(&row))
        }
        GameKind::Fano => number(target).is_some_and(|cell| (1..=board.len()).contains(&cell)),
        GameKind::Samantsy => {
            let bytes = target.as_bytes();
            bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && (b'1'..=b'8').contains(&bytes[1])
        }
        GameKind::Mangala | GameKind::Engehe => {
            let holes = board.split(['/', ',']).count();
            target
                .strip_prefix('h')
                .and_then(number)
                .is_some_and(|hole| hole < holes)
        }
    }
}

#[test]
fn every_rule_a_normal_game_meets_is_taught_or_its_absence_explained() {
    let ids = rule_ids();
    for game in GameKind::ALL {
        let course = course(game);
        let mut taught = BTreeSet::new();
        for lesson in &course.lessons {
            for rule in lesson
                .rules
                .iter()
                .chain(lesson.steps.iter().flat_map(|step| &step.rules))
            {
                assert!(ids.contains(rule), "{}: no rule {rule} in RULES.md", game.id());
                taught.insert(rule.clone());
            }
        }
        let mut explained = BTreeSet::new();
        for untaught in &course.untaught {
            assert!(
                ids.contains(&untaught.rule),
                "{}: no rule {}",
                game.id(),
                untaught.rule
            );
            assert!(
                !untaught.why.trim().is_empty(),
                "{}: {} left out without a reason",
                game.id(),
                untaught.rule
            );
            assert!(
                !taught.contains(&untaught.rule),
                "{}: {} is taught",
                game.id(),
                untaught.rule
            );
            explained.insert(untaught.rule.clone());
        }
        let missing: Vec<&String> = ids
            .iter()
            .filter(|id| id.starts_with(prefix(game)))
            .filter(|id| !taught.contains(*id) && !explained.contains(*id))
            .collect();
        assert!(
            missing.is_empty(),
            "{}: rules neither taught nor explained: {missing:?}",
            game.id()
        );
    }
}

#[test]
fn a_step_judges_by_its_moves_and_stars_fall_with_wrong_tries() {
    let step = Step {
        position: String::new(),
        goal: Goal::Moves,
        moves: vec!["a1A".to_owned()],
        rules: Vec::new(),
        targets: Vec::new(),
    };
    assert_eq!(step.judge("a1A"), Verdict::Done);
    assert_eq!(step.judge("a1B"), Verdict::Wrong);
    let any = Step {
        goal: Goal::Any,
        moves: Vec::new(),
        ..step
    };
    assert_eq!(any.judge("f1B"), Verdict::Done);
    assert_eq!([0, 1, 2, 3, 9].map(stars), [3, 2, 2, 1, 1]);
}

#[test]
fn a_capture_is_what_a_lap_takes_not_what_the_end_sweeps_into_a_store() {
    // K-E7: a3A captures North's last 3 seeds and wins.
    let katro = AnyGame::from_position(
        AnyOptions::standard(GameKind::Katro).unwrap(),
        "0,0,0,0,0,0/0,3,0,0,0,0/0,0,0,0,0,0/1,1,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 s",
    )
    .unwrap();
    let effect = effect_of(&katro, "a3A").unwrap();
    assert_eq!((effect.seeds, effect.wins), (3, true));
    assert_eq!(effect_of(&katro, "a3B").unwrap().seeds, 0);
}

/// The ids a Fluent file defines (`id = …` at the start of a line).
fn fluent_ids(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|line| line.split_once(" ="))
        .map(|(id, _)| id.trim().to_owned())
        .collect()
}

#[test]
fn every_lesson_and_step_has_its_words_in_english_and_french() {
    for game in GameKind::ALL {
        let course = course(game);
        for lang in ["en", "fr"] {
            let path = format!(
                "{}/../app/locales/{lang}/learn-{}.ftl",
                env!("CARGO_MANIFEST_DIR"),
                game.id()
            );
            let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
            let ids = fluent_ids(&text);
            let mut wanted = BTreeSet::new();
            // A sentence told in taps is written only where its words need notation.
            let mut optional = BTreeSet::new();
            for (l, lesson) in course.lessons.iter().enumerate() {
                wanted.insert(course.title_key(l + 1));
                for (s, step) in lesson.steps.iter().enumerate() {
                    wanted.insert(course.text_key(l + 1, s + 1));
                    optional.insert(course.tap_text_key(l + 1, s + 1));
                    if step.goal != Goal::Any {
                        wanted.insert(course.wrong_key(l + 1, s + 1));
                        optional.insert(course.tap_wrong_key(l + 1, s + 1));
                    }
                }
            }
            let missing: Vec<&String> = wanted.difference(&ids).collect();
            assert!(missing.is_empty(), "{path}: missing {missing:?}");
            let known: BTreeSet<String> = wanted.union(&optional).cloned().collect();
            let unused: Vec<&String> = ids.difference(&known).collect();
            assert!(unused.is_empty(), "{path}: no step uses {unused:?}");
        }
    }
}
