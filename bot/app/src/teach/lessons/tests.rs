use crate::dispatch::handle::Handle;
use lalao_renderer::Locale;

use crate::command::Command;
use crate::ids::MatchId;
use crate::kernel::queries::Queries;
use crate::kernel::{Action, Context, Kind, Outcome, Reply};
use crate::testing::memory_service;

fn said(reply: &Reply) -> (&'static str, String) {
    (reply.messages[0].key, reply.messages[0].text.clone())
}

#[test]
fn a_lesson_is_judged_step_by_step_and_its_best_stars_are_kept() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    let started = run("learn katro 3");
    assert_eq!(started.outcome, Outcome::Applied);
    let step = &started.messages[0];
    assert_eq!(step.kind, Kind::Activity);
    assert!(
        step.text
            .starts_with("Katro, lesson 3 of 6: Left or right\nStep 1 of 3: "),
        "{}",
        step.text
    );
    // The step's moves are its board's buttons.
    assert_eq!(
        step.actions,
        ["c1A", "c1B"].map(|text| Action::Move(text.to_owned())).to_vec()
    );
    // A legal move that is not what the step wants: told why, the position as it was.
    let wrong = run("c1A");
    assert_eq!(wrong.messages[0].key, "learn-wrong");
    assert!(
        wrong.messages[0].text.starts_with(
            "Not quite: `c1A` is not the move this step asks for. On your bottom row, path B goes to the left. Play `c1B`.\n\
             Lap 1: 2 seeds from c1 into d1–e1, the last one in e1: the hole was empty, the move ends\n\
             Try again: "
        ),
        "{}",
        wrong.messages[0].text
    );
    let record = Queries(&service).match_record(MatchId(1)).unwrap();
    assert_eq!((record.moves.len(), record.lesson.unwrap().wrong), (0, 1));
    // An illegal move is refused as in any match and costs nothing.
    assert!(run("a1A").refused());
    assert_eq!(
        Queries(&service)
            .match_record(MatchId(1))
            .unwrap()
            .lesson
            .unwrap()
            .wrong,
        1
    );
    // A button of the step before is stale once the step moved on.
    let first_board = crate::kernel::MatchRef::of(&record).board;
    assert_eq!(said(&run("c1B")).0, "learn-right");
    let now = Queries(&service).match_record(MatchId(1)).unwrap();
    assert_eq!(now.lesson.unwrap().step, 2);
    // The right move's events are kept for the pages' replay of it, on the step it was
    // played on; the next step's board draws no marks from them.
    assert!(!now.last_events.is_empty());
    let (before, _) = crate::teach::lesson_views::replayed(&now).expect("a replay");
    assert_eq!(
        before.position(),
        lalao_learn::course(lalao_core::GameKind::Katro)
            .lesson(3)
            .unwrap()
            .steps[0]
            .position
    );
    let names = [String::new(), String::new()];
    let view = crate::pages::live::page_view(&now, &names, lalao_renderer::Style::Text, Locale::En);
    assert!(view.events.is_empty());
    assert_ne!(crate::kernel::MatchRef::of(&now).board, first_board);
    assert_eq!(
        said(&run("hint")).1.lines().next().unwrap(),
        "Hint: play `b1B`. Hints cost a star."
    );
    run("b1B");
    let done = run("b3B");
    assert_eq!(
        said(&done),
        (
            "learn-lesson-done",
            "Well done! `b3B` captures 2 seeds.\n\
             Lap 1: 1 seed from b3 into a3, the last one in a3: capture!\n\
             South captures 2 seeds: a4 (2)\n\
             Lap 2: 4 seeds from a3 into f1–c1, the last one in c1: the hole was empty, the move ends\n\
             Lesson 3 done: Left or right ★★☆\nNext lesson: Sowing on — `learn katro 4`\n\
             Now try it in a whole game against the computer, which plays gently: `play katro level=kind`"
                .to_owned()
        )
    );
    let stars = || service.player(&ana.user).ok().flatten().unwrap().0.learned["katro"]["direction"];
    assert_eq!(stars(), 2);
    // The finished lesson's board says what ended it: the lesson, not a class activity.
    let board = run("board #1");
    assert!(
        board.messages[0]
            .text
            .starts_with("Match #1 (Katro) is over. Lesson 3 is done."),
        "{}",
        board.messages[0].text
    );
    // Done again with more mistakes: the best stars stay.
    run("learn katro 3");
    for line in ["c1A", "c1A", "c1A", "c1B", "b1B", "b3B"] {
        run(line);
    }
    assert_eq!(stars(), 2);
    run("learn katro 3");
    for line in ["c1B", "b1B", "b3B"] {
        run(line);
    }
    assert_eq!(stars(), 3);
    let overview = run("learn");
    assert_eq!(overview.outcome, Outcome::Shown);
    assert!(
        overview.messages[0]
            .text
            .contains("Katro: 1/6 lessons ☆☆☆ ☆☆☆ ★★★ ☆☆☆ ☆☆☆ ☆☆☆ — `learn katro`"),
        "{}",
        overview.messages[0].text
    );
}

#[test]
fn one_lesson_at_a_time_resumed_where_it_was_left() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    assert_eq!(
        said(&run("learn 2")).1,
        "Which game? Type `learn katro 2`, or `learn` to see every course."
    );
    run("learn katro");
    run("a1A");
    // Where it was left: lesson 1, step 2.
    let again = run("learn katro");
    assert_eq!(again.outcome, Outcome::Applied);
    assert!(
        again.messages[0].text.starts_with("Step 2 of 3: "),
        "{}",
        again.messages[0].text
    );
    assert_eq!(
        Queries(&service)
            .match_record(MatchId(1))
            .unwrap()
            .lesson
            .unwrap()
            .step,
        2
    );
    // `learn 2`: lesson 2 of the course she is in; the first lesson is put away.
    let second = run("learn 2");
    assert!(second.messages[0]
        .text
        .starts_with("Katro, lesson 2 of 6: Sowing"));
    assert!(!Queries(&service)
        .match_record(MatchId(1))
        .unwrap()
        .stage
        .is_active());
    assert_eq!(
        Queries(&service)
            .match_record(MatchId(2))
            .unwrap()
            .lesson
            .unwrap()
            .lesson,
        2
    );
    // Another game's course puts this one away too.
    run("learn fano");
    assert!(!Queries(&service)
        .match_record(MatchId(2))
        .unwrap()
        .stage
        .is_active());
    assert!(run("learn katro 7").refused());
    assert_eq!(
        service
            .handle(
                &ana,
                Command::Learn {
                    game: None,
                    lesson: None
                }
            )
            .messages[0]
            .key,
        "learn-courses"
    );
}

/// On platforms whose events have ids, switching lessons or puzzles is one command that
/// puts the old one away and starts the new one: its event is recorded once, and both
/// happen (it once was taken for a duplicate of itself between its two commits).
#[test]
fn switching_lessons_and_puzzles_with_event_ids_starts_the_new_one() {
    use crate::ids::{EventId, Platform};
    let service = memory_service(Locale::En);
    let run = |event: u32, line: &str| {
        let ana = Context {
            event: Some(EventId::new(Platform::Discord, &format!("interaction-{event}"))),
            ..Context::console("ana")
        };
        service.handle_text(&ana, line, false).unwrap()
    };
    run(1, "learn katro 3");
    let switched = run(2, "learn fano");
    assert_eq!(switched.outcome, Outcome::Applied);
    assert!(
        switched.messages[0].text.starts_with("Fano, lesson 1 of "),
        "{}",
        switched.messages[0].text
    );
    let katro = Queries(&service).match_record(MatchId(1)).unwrap();
    assert!(!katro.stage.is_active());
    let fano = Queries(&service).match_record(MatchId(2)).unwrap();
    assert!(fano.stage.is_active() && fano.lesson.is_some());
    run(3, "puzzle fano");
    let switched = run(4, "puzzle katro");
    assert_eq!(switched.outcome, Outcome::Applied, "{switched:?}");
    assert!(!Queries(&service)
        .match_record(MatchId(3))
        .unwrap()
        .stage
        .is_active());
    let katro = Queries(&service).match_record(MatchId(4)).unwrap();
    assert!(katro.stage.is_active() && katro.puzzle.is_some());
    // The same interaction delivered again changes nothing.
    let again = run(4, "puzzle fano");
    assert_eq!(again.outcome, Outcome::Duplicate, "{again:?}");
    assert!(Queries(&service)
        .match_record(MatchId(4))
        .unwrap()
        .stage
        .is_active());
}

/// Every step of every course, in both languages: the example of how to type a move is a
/// right answer typed as written (copying it never costs a star), or there is none; a
/// step that names its answer shows that answer.
#[test]
fn every_step_s_example_is_a_right_answer_or_absent() {
    use super::Lessons;
    use crate::ids::{ChannelId, Platform, UserId};
    use crate::teach::activity::typed;
    use crate::teach::records::lesson_record;
    use lalao_core::GameKind;
    let service = memory_service(Locale::En);
    let user = UserId::new(Platform::Console, "ana");
    let channel = ChannelId::new(Platform::Console, "local");
    let (mut examples, mut without) = (0, 0);
    for kind in GameKind::ALL {
        let course = lalao_learn::course(kind);
        for (lesson_index, lesson) in course.lessons.iter().enumerate() {
            for (step_index, step) in lesson.steps.iter().enumerate() {
                let (number, at) = (lesson_index + 1, step_index + 1);
                let game = course.game_at(number, at).expect("a step's position");
                let mut record = lesson_record(
                    &channel,
                    &user,
                    [user.clone(), user.clone()],
                    &game,
                    number as u32,
                    0,
                );
                record.lesson.as_mut().unwrap().step = at as u32;
                for locale in [Locale::En, Locale::Fr] {
                    let text = Lessons(&service).step_text(Platform::Console, locale, &record, &game, true);
                    let sentence = crate::i18n::t(locale, &course.text_key(number, at), &[]);
                    let verb = typed(locale, "move", "");
                    let Some(start) = text.find(&format!("`{verb} ")) else {
                        without += 1;
                        assert!(
                            !step
                                .moves
                                .iter()
                                .any(|wanted| sentence.contains(&format!("`{wanted}`"))),
                            "{kind:?} {number}·{at} names its answer but shows no example: {text}"
                        );
                        continue;
                    };
                    let rest = &text[start + verb.len() + 2..];
                    let example = &rest[..rest.find(" #").expect("the match after the move")];
                    examples += 1;
                    assert!(
                        matches!(step.judge(example), lalao_learn::Verdict::Done)
                            && game.legal_moves().iter().any(|legal| legal == example),
                        "{kind:?} {number}·{at} ({locale:?}): the example `{example}` is not a right answer: {text}"
                    );
                }
            }
        }
    }
    assert!(
        examples > 50 && without > 10,
        "{examples} examples, {without} without"
    );
}

/// Every step of every course played on the console in both languages, with a wrong try
/// where the step has one: what a wrong try is told speaks of captures only on a step
/// about capturing, and every move the step's words put in backquotes is a move that can
/// be typed as written there.
#[test]
fn every_step_is_told_in_its_own_terms_and_its_named_moves_can_be_typed() {
    use lalao_core::GameKind;
    use lalao_learn::Goal;
    let mut untypable = Vec::new();
    let mut wrong_tries = 0;
    for locale in [Locale::En, Locale::Fr] {
        let service = memory_service(locale);
        let ana = Context::console("ana");
        let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
        let captures = crate::i18n::t(locale, "learn-effect-nothing", &[]);
        for kind in GameKind::ALL {
            let course = lalao_learn::course(kind);
            for (lesson_index, lesson) in course.lessons.iter().enumerate() {
                let number = lesson_index + 1;
                run(&format!("learn {} {number}", kind.id()));
                for (step_index, step) in lesson.steps.iter().enumerate() {
                    let at = step_index + 1;
                    let game = course.game_at(number, at).unwrap();
                    let legal = game.legal_moves();
                    let words = [course.text_key(number, at), course.wrong_key(number, at)]
                        .map(|key| crate::i18n::t(locale, &key, &[]));
                    for text in &words {
                        for (named, quoted) in moves_to_play(text) {
                            if !quoted || !typable(&game, &named) {
                                untypable.push(format!("{kind:?} {number}·{at} ({locale:?}): {named}"));
                            }
                        }
                    }
                    if let Some(wrong) = legal
                        .iter()
                        .find(|mv| !matches!(step.judge(mv), lalao_learn::Verdict::Done))
                    {
                        wrong_tries += 1;
                        let told = run(wrong).messages[0].text.clone();
                        let about_capturing = matches!(step.goal, Goal::Capture | Goal::Win | Goal::Most);
                        assert!(
                            about_capturing || !told.lines().next().unwrap().contains(&captures),
                            "{kind:?} {number}·{at} ({locale:?}): {told}"
                        );
                    }
                    let right = match step.goal {
                        Goal::Any => legal[0].clone(),
                        _ => step.moves[0].clone(),
                    };
                    let reply = run(&right);
                    assert_eq!(
                        reply.outcome,
                        Outcome::Applied,
                        "{kind:?} {number}·{at}: {reply:?}"
                    );
                }
            }
        }
    }
    assert!(wrong_tries > 100, "{wrong_tries}");
    assert_eq!(
        untypable,
        Vec::<String>::new(),
        "moves named in backquotes that cannot be typed"
    );
}

/// Every step of every course in both languages says only what is true of the board as it
/// is drawn for the learner: a Black learner's Samantsy board is turned, so their zazas go
/// up it (never "down"); a Katro path's direction is said with the row it holds on, and is
/// the way that row is sown as drawn; Katro's paths are explained where `A` and `B` are first
/// used; Mangala says left or right only of South's named holes where the drawing has them
/// (North's row is drawn one way in text, turned round in pictures); a relay's hole "had
/// seeds" (it may have had one); fano's captures are pawns.
#[test]
fn every_step_s_directions_are_true_of_the_board_as_drawn() {
    use lalao_core::{AnyGame, GameKind, Side};
    use lalao_renderer::{render, sowing_trace, Style, View};
    let mut wrong = Vec::new();
    let drawn = |game: &AnyGame, locale: Locale| -> String {
        let view = View {
            viewer: Some(game.to_move()),
            ..View::new(Style::Text, locale)
        };
        render(game, &view).markdown
    };
    // The way a Katro path sows South's row `row` as drawn: +1 rightwards, -1 leftwards,
    // found by sowing a lone seed from column c.
    let katro_way = |row: usize, path: char| -> i32 {
        let mut rows = ["0,0,0,0,0,0"; 6];
        rows[0] = "1,0,0,0,0,0";
        rows[6 - row] = "0,0,1,0,0,0";
        let mut game = AnyGame::from_position(
            lalao_core::any::AnyOptions::standard(GameKind::Katro).unwrap(),
            &format!("{} s", rows.join("/")),
        )
        .expect("a Katro position");
        game.play(&format!("c{row}{path}")).expect("a lone seed's move");
        let board = drawn(&game, Locale::En);
        let header: Vec<&str> = board
            .lines()
            .find(|line| line.trim_start().starts_with("a "))
            .unwrap()
            .split_whitespace()
            .collect();
        let line: Vec<&str> = board
            .lines()
            .find(|line| line.split_whitespace().next() == Some(&row.to_string()))
            .unwrap()
            .split_whitespace()
            .collect();
        let landed = line[1..=6].iter().position(|seeds| *seeds == "1").unwrap() as i32;
        let from = header.iter().position(|letter| *letter == "c").unwrap() as i32;
        (landed - from).signum()
    };
    let rows = [
        ("bottom row", 1),
        ("middle row", 2),
        ("top row", 3),
        ("rangée du bas", 1),
        ("rangée du milieu", 2),
        ("rangée du haut", 3),
    ];
    for locale in [Locale::En, Locale::Fr] {
        let mut katro_paths_explained = false;
        for kind in GameKind::ALL {
            let course = lalao_learn::course(kind);
            for (lesson_index, lesson) in course.lessons.iter().enumerate() {
                for (step_index, step) in lesson.steps.iter().enumerate() {
                    let (number, at) = (lesson_index + 1, step_index + 1);
                    let game = course.game_at(number, at).unwrap();
                    let board = drawn(&game, locale);
                    let here = format!("{kind:?} {number}·{at} ({locale:?})");
                    let mut texts = vec![crate::i18n::t(locale, &course.text_key(number, at), &[])];
                    if step.goal != lalao_learn::Goal::Any {
                        texts.push(crate::i18n::t(locale, &course.wrong_key(number, at), &[]));
                    }
                    let answer = step
                        .moves
                        .first()
                        .cloned()
                        .unwrap_or_else(|| game.legal_moves()[0].clone());
                    let mut after = game.clone();
                    let events = after.play(&answer).unwrap();
                    for line in sowing_trace(&game, &events, &View::new(Style::Text, locale)) {
                        if line.contains("was full") || line.contains("était plein") {
                            wrong.push(format!("{here}: {line}"));
                        }
                    }
                    let effect = crate::teach::lesson_views::effect_sentence(
                        locale,
                        kind,
                        &lalao_learn::Effect::of(&events, game.to_move()),
                    );
                    if kind == GameKind::Fano && (effect.contains("piece") || effect.contains("pièce")) {
                        wrong.push(format!("{here}: {effect}"));
                    }
                    for text in &texts {
                        let lower = text.to_lowercase();
                        match kind {
                            GameKind::Samantsy if game.to_move() == Side::BLACK => {
                                let rank = |n: &str| {
                                    board
                                        .lines()
                                        .position(|line| line.split_whitespace().next() == Some(n))
                                        .unwrap()
                                };
                                assert!(rank("1") < rank("8"), "{here}: Black's board is turned");
                                for down in ["down", "descend", "vers le bas", "en bas"] {
                                    if lower.contains(down) {
                                        wrong.push(format!("{here}: zazas go up the drawn board: {text}"));
                                    }
                                }
                            }
                            GameKind::Katro => {
                                let path_word = if locale == Locale::En { "path " } else { "chemin " };
                                let names_path = text
                                    .split('`')
                                    .skip(1)
                                    .step_by(2)
                                    .any(|word| word.ends_with('A') || word.ends_with('B'));
                                if lower.contains(&format!("{path_word}a")) {
                                    katro_paths_explained = true;
                                } else if names_path && !katro_paths_explained && texts[0] == *text {
                                    wrong.push(format!(
                                        "{here}: a path named before paths are explained: {text}"
                                    ));
                                }
                                for sentence in lower.split(['.', '!']) {
                                    let claims: Vec<(char, i32)> = sentence
                                        .match_indices(path_word)
                                        .filter_map(|(at, _)| {
                                            let path = sentence[at + path_word.len()..]
                                                .chars()
                                                .next()?
                                                .to_ascii_uppercase();
                                            let rest = &sentence[at + path_word.len() + 1..];
                                            let rest = &rest[..rest.find(path_word).unwrap_or(rest.len())];
                                            let right =
                                                ["right", "droite"].iter().filter_map(|w| rest.find(w)).min();
                                            let left =
                                                ["left", "gauche"].iter().filter_map(|w| rest.find(w)).min();
                                            match (right, left) {
                                                (Some(r), Some(l)) => {
                                                    Some((path, if r < l { 1 } else { -1 }))
                                                }
                                                (Some(_), None) => Some((path, 1)),
                                                (None, Some(_)) => Some((path, -1)),
                                                (None, None) => None,
                                            }
                                        })
                                        .filter(|(path, _)| matches!(path, 'A' | 'B'))
                                        .collect();
                                    if claims.is_empty() {
                                        continue;
                                    }
                                    let named: Vec<usize> = rows
                                        .iter()
                                        .filter(|(words, _)| sentence.contains(words))
                                        .map(|(_, row)| *row)
                                        .collect();
                                    let [row] = named[..] else {
                                        wrong.push(format!(
                                            "{here}: a path's way said without its one row: {sentence}"
                                        ));
                                        continue;
                                    };
                                    for (path, way) in claims {
                                        if katro_way(row, path) != way {
                                            wrong.push(format!("{here}: path {path} on row {row} does not go that way as drawn: {sentence}"));
                                        }
                                    }
                                }
                            }
                            GameKind::Mangala => {
                                let mut rest = lower.clone();
                                for hole in 0..7 {
                                    for (side_words, way) in [
                                        ("on your left", -1),
                                        ("on your right", 1),
                                        ("à ta gauche", -1),
                                        ("à ta droite", 1),
                                    ] {
                                        let said = format!("`h{hole}` {side_words}");
                                        if !rest.contains(&said) {
                                            continue;
                                        }
                                        rest = rest.replace(&said, "");
                                        let bottom: Vec<&str> = board
                                            .lines()
                                            .rfind(|line| line.trim_start().starts_with("h0"))
                                            .unwrap()
                                            .split_whitespace()
                                            .collect();
                                        let column = bottom
                                            .iter()
                                            .position(|name| *name == format!("h{hole}"))
                                            .unwrap();
                                        let drawn_way = if column == 0 {
                                            -1
                                        } else if column == bottom.len() - 1 {
                                            1
                                        } else {
                                            0
                                        };
                                        if game.to_move() != Side::SOUTH || drawn_way != way {
                                            wrong.push(format!(
                                                "{here}: h{hole} is not there as drawn: {text}"
                                            ));
                                        }
                                    }
                                }
                                if [
                                    "the left",
                                    "the right",
                                    "your left",
                                    "your right",
                                    "gauche",
                                    "droite",
                                ]
                                .iter()
                                .any(|word| rest.contains(word))
                                {
                                    wrong.push(format!(
                                        "{here}: left or right is not the same on every drawing: {text}"
                                    ));
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(katro_paths_explained);
    }
    assert_eq!(wrong, Vec::<String>::new());
    // The table of ways the check relies on, as Katro's path runs (K-2).
    assert_eq!(
        [katro_way(1, 'A'), katro_way(2, 'A'), katro_way(3, 'A')],
        [1, -1, 1]
    );
    assert_eq!([katro_way(1, 'B'), katro_way(2, 'B')], [-1, 1]);
}

/// A step whose board is not the one the answer left says so, in one short line before
/// it; a step that goes on from the answer's board does not. Every step of every course.
#[test]
fn a_new_board_is_said_where_the_position_jumps() {
    use lalao_core::GameKind;
    use lalao_learn::Goal;
    for locale in [Locale::En, Locale::Fr] {
        let service = memory_service(locale);
        let ana = Context::console("ana");
        let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
        let new_board = crate::i18n::t(locale, "learn-new-board", &[]);
        let (mut jumps, mut goes_on) = (0, 0);
        for kind in GameKind::ALL {
            let course = lalao_learn::course(kind);
            for (lesson_index, lesson) in course.lessons.iter().enumerate() {
                let number = lesson_index + 1;
                run(&format!("learn {} {number}", kind.id()));
                for (step_index, step) in lesson.steps.iter().enumerate() {
                    let at = step_index + 1;
                    let game = course.game_at(number, at).unwrap();
                    let right = match step.goal {
                        Goal::Any => game.legal_moves()[0].clone(),
                        _ => step.moves[0].clone(),
                    };
                    let told = run(&right).messages[0].text.clone();
                    let Some(next) = course.game_at(number, at + 1) else {
                        assert!(!told.contains(&new_board), "{told}");
                        continue;
                    };
                    let mut after = game.clone();
                    after.play(&right).unwrap();
                    let jumped = after.position() != next.position();
                    let said = told.lines().any(|line| line == new_board);
                    assert_eq!(said, jumped, "{kind:?} {number}·{at} ({locale:?}): {told}");
                    if jumped {
                        // Said once, before the next step's sentence.
                        let step_line = crate::i18n::t(
                            locale,
                            "learn-step",
                            &[
                                ("step", (at + 1).to_string()),
                                ("steps", lesson.steps.len().to_string()),
                                ("text", String::new()),
                            ],
                        );
                        let line_at = told.find(&new_board).unwrap();
                        assert!(told[line_at..].contains(step_line.trim_end()), "{told}");
                        jumps += 1;
                    } else {
                        goes_on += 1;
                    }
                }
            }
        }
        assert!(
            jumps > 50 && goes_on > 0,
            "{jumps} new boards, {goes_on} going on"
        );
    }
}

/// The moves a text tells the learner to play ("play `c1B`", "joue `d1A` ou `d1B`", "try
/// b1"), each with whether it is in backquotes.
fn moves_to_play(text: &str) -> Vec<(String, bool)> {
    let looks_like_move = |word: &str| {
        let mut chars = word.chars();
        match (chars.next(), chars.next()) {
            (Some('@'), Some(digit)) => digit.is_ascii_digit(),
            (Some(first), Some(second)) if first.is_ascii_lowercase() => second.is_ascii_digit(),
            (Some(first), _) if first.is_ascii_digit() => word.contains('-'),
            _ => word == "pass",
        }
    };
    let mut found = Vec::new();
    let lower = text.to_lowercase();
    for verb in ["play ", "joue ", "try ", "essaie ", "écris ", "type ", "tape "] {
        for (at, _) in lower.match_indices(verb) {
            // "Black plays", "Noir joue", "wants to play": the opponent's move, not one to
            // type.
            let before = lower[..at].split_whitespace().last().unwrap_or("");
            let by_someone = [
                "black", "white", "north", "south", "noir", "blanc", "nord", "sud", "to",
            ];
            if by_someone.contains(&before)
                || !lower[..at].ends_with(|c: char| !c.is_alphanumeric()) && at > 0
            {
                continue;
            }
            let mut rest = &text[at + verb.len()..];
            loop {
                let word: String = rest
                    .chars()
                    .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '.' | ':' | ';' | '!' | ')'))
                    .collect();
                let quoted = word.len() > 2 && word.starts_with('`') && word.ends_with('`');
                let bare = word.trim_matches('`');
                if !looks_like_move(bare) {
                    break;
                }
                found.push((bare.to_owned(), quoted));
                rest = &rest[word.len()..];
                let Some(next) = [", ", " or ", " ou "]
                    .iter()
                    .find_map(|join| rest.strip_prefix(join))
                else {
                    break;
                };
                rest = next;
            }
        }
    }
    found
}

/// Whether `named` is a word the console takes in this position: a move written another
/// way (as the parser accepts it) or a command.
fn typable(game: &lalao_core::AnyGame, named: &str) -> bool {
    match crate::command::parse(named, false) {
        Ok(Some(Command::Move { text, .. })) => {
            game.legal_moves().contains(&text) || game.clone().play(&text).is_ok()
        }
        Ok(Some(_)) => true,
        _ => false,
    }
}

/// A bare `hint` in a lesson is the lesson's, though other matches are open here.
#[test]
fn a_bare_hint_in_a_lesson_is_the_lesson_s_with_other_matches_open() {
    let service = memory_service(Locale::En);
    let ana = Context::console("ana");
    let run = |line: &str| service.handle_text(&ana, line, false).unwrap();
    run("play fano");
    run("play fano cells=5");
    run("learn katro");
    let (key, text) = said(&run("hint"));
    assert_eq!(key, "learn-hint", "{text}");
    assert_eq!(
        Queries(&service)
            .match_record(MatchId(3))
            .unwrap()
            .lesson
            .unwrap()
            .wrong,
        1
    );
}

/// The game a finished lesson offers against the gentle computer is typed as written, in both
/// languages, and starts exactly that.
#[test]
fn the_game_a_lesson_offers_against_the_computer_is_typed_as_written() {
    for locale in [Locale::En, Locale::Fr] {
        for game in lalao_core::GameKind::ALL {
            let command = crate::teach::activity::typed(
                locale,
                "play",
                &format!(
                    "{} {}",
                    game.id(),
                    crate::i18n::t(locale, "learn-computer-level", &[])
                ),
            );
            let parsed = crate::command::parse(&command, false).unwrap().unwrap();
            match parsed {
                crate::command::Command::Play(spec) => {
                    assert_eq!(spec.game, game, "{command}");
                    assert_eq!(
                        spec.opponent,
                        Some(crate::command::Opponent::Computer(lalao_core::ai::Level::Kind)),
                        "{command}"
                    );
                }
                other => panic!("{command} is {other:?}"),
            }
        }
    }
}
