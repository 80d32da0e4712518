//! What a class seat page shows of a lesson: the step's sentence or its stars, the progress line,
//! the title, the board to show (the last one after the winning move), and the answer named.

use lalao_core::GameKind;
use lalao_core::{AnyGame, Event};
use lalao_learn::{Course, Effect, Goal};
use lalao_renderer::Locale;

use crate::i18n::{t, try_t};
use crate::kernel::wording::game_name;
use crate::record::{MatchRecord, Stage};

/// What a screen shows of a lesson above its board: the step's sentence, or once it is done,
/// its stars; `None` for a match that is no lesson.
pub(crate) fn screen_text(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.lesson?;
    let course = lalao_learn::course(record.game);
    if !record.stage.is_active() {
        let stars = match record.stage {
            Stage::Finished { .. } => star_row(lalao_learn::stars(link.wrong)),
            _ => String::new(),
        };
        return Some(t(locale, "learn-screen-done", &[("stars", stars)]));
    }
    let (lesson, step) = (link.lesson as usize, link.step as usize);
    let steps = course.lesson(lesson).map_or(0, |found| found.steps.len());
    // A screen is played by taps: the step is told in taps, its notation left to small print.
    Some(t(
        locale,
        "learn-step",
        &[
            ("step", step.to_string()),
            ("steps", steps.to_string()),
            ("text", tap_sentence(locale, course, lesson, step)),
        ],
    ))
}

/// Step `step` of lesson `lesson`'s sentence as a page played by taps says it: its words in
/// taps where the typed one names moves or places in notation, else the typed one.
pub(crate) fn tap_sentence(locale: Locale, course: &Course, lesson: usize, step: usize) -> String {
    try_t(locale, &course.tap_text_key(lesson, step))
        .unwrap_or_else(|| t(locale, &course.text_key(lesson, step), &[]))
}

/// What a wrong try tapped on step `step` of lesson `lesson` is told the step wanted, in taps
/// (as [`tap_sentence`]).
pub(crate) fn tap_wanted(locale: Locale, course: &Course, lesson: usize, step: usize) -> String {
    try_t(locale, &course.tap_wrong_key(lesson, step))
        .unwrap_or_else(|| t(locale, &course.wrong_key(lesson, step), &[]))
}

/// The small print under a step that names its move: how that move is written, for whoever
/// reads notation (the teacher, an older pupil); `None` where the step names none.
pub(crate) fn named_small(locale: Locale, record: &MatchRecord) -> Option<String> {
    let answer = named_answer(locale, record)?;
    Some(t(locale, "learn-tap-written", &[("move", answer)]))
}

/// Where a lesson is, for the teacher's dashboard: "step 2 of 3", or once over its stars.
pub(crate) fn screen_progress(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.lesson?;
    if !record.stage.is_active() {
        return screen_text(locale, record);
    }
    let steps = lalao_learn::course(record.game)
        .lesson(link.lesson as usize)
        .map_or(0, |found| found.steps.len());
    Some(t(
        locale,
        "learn-screen-progress",
        &[("step", link.step.to_string()), ("steps", steps.to_string())],
    ))
}

/// A lesson's title on a screen ("Katro · lesson 3: Left or right"); `None` for a match that
/// is no lesson.
pub(crate) fn screen_title(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.lesson?;
    let course = lalao_learn::course(record.game);
    Some(t(
        locale,
        "learn-screen-title",
        &[
            ("game", game_name(locale, record.game)),
            ("number", link.lesson.to_string()),
            ("title", t(locale, &course.title_key(link.lesson as usize), &[])),
        ],
    ))
}

/// The position a lesson's last right move was played on, and that move's events: what a page
/// replays. `None` before the first right move, and for a match that is no lesson.
pub(crate) fn replayed(record: &MatchRecord) -> Option<(AnyGame, &[Event])> {
    let link = record.lesson?;
    let laps = record
        .last_events
        .iter()
        .any(|event| matches!(event, Event::Lap { .. }));
    // A finished lesson stays on its last step; one going on has moved to the next.
    let step = if record.stage.is_active() {
        link.step.checked_sub(1)?
    } else {
        link.step
    };
    if !laps || step == 0 {
        return None;
    }
    let before = lalao_learn::course(record.game).game_at(link.lesson as usize, step as usize)?;
    Some((before, &record.last_events))
}

/// A finished lesson's last board: its last step after the right move that ended it (found
/// among the step's moves by what it did), so that a page shows the move made, not the board
/// before it. `None` while it goes on, and for a match that is no lesson.
pub(crate) fn finished_board(record: &MatchRecord) -> Option<AnyGame> {
    let link = record.lesson?;
    if !matches!(record.stage, Stage::Finished { .. }) || record.last_events.is_empty() {
        return None;
    }
    let before = lalao_learn::course(record.game).game_at(link.lesson as usize, link.step as usize)?;
    before.legal_moves().into_iter().find_map(|text| {
        let mut after = before.clone();
        let events = after.play(&text).ok()?;
        (events == record.last_events).then_some(after)
    })
}

/// The answer a lesson's current step names in its own sentence ("… joue c1B."), if it names
/// one: a page may then light its places and say it in taps. `None` for a step that asks the
/// learner to find the move, once it is over, or for a match that is no lesson.
pub(crate) fn named_answer(locale: Locale, record: &MatchRecord) -> Option<String> {
    let link = record.lesson.filter(|_| record.stage.is_active())?;
    let course = lalao_learn::course(record.game);
    let step = course.lesson(link.lesson as usize)?.step(link.step as usize)?;
    let text = t(
        locale,
        &course.text_key(link.lesson as usize, link.step as usize),
        &[],
    );
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '@' || c == '-'))
        .collect();
    step.moves
        .iter()
        .find(|answer| words.contains(&answer.as_str()))
        .cloned()
}

/// The places a lesson's current step points at; none once it is over, or for a match that is
/// no lesson.
pub(crate) fn targets(record: &MatchRecord) -> Vec<String> {
    let Some(link) = record.lesson.filter(|_| record.stage.is_active()) else {
        return Vec::new();
    };
    lalao_learn::course(record.game)
        .lesson(link.lesson as usize)
        .and_then(|lesson| lesson.step(link.step as usize))
        .map(|step| step.targets.clone())
        .unwrap_or_default()
}

/// "★★☆" for two stars of three.
pub(crate) fn star_row(stars: u8) -> String {
    (0..3)
        .map(|index| if index < stars { '★' } else { '☆' })
        .collect()
}

/// What a move did at once, in one sentence.
pub(crate) fn effect_sentence(locale: Locale, game: GameKind, effect: &Effect) -> String {
    if effect.wins {
        t(locale, "learn-effect-wins", &[])
    } else if effect.seeds > 0 {
        t(
            locale,
            "learn-effect-seeds",
            &[("count", effect.seeds.to_string())],
        )
    } else if effect.pieces > 0 {
        t(
            locale,
            "learn-effect-pieces",
            &[
                ("count", effect.pieces.to_string()),
                ("game", game.id().to_owned()),
            ],
        )
    } else if effect.promotes {
        t(locale, "learn-effect-promotes", &[])
    } else {
        t(locale, "learn-effect-nothing", &[])
    }
}

/// What a wrong try is told: what the move captured only where the step is about capturing
/// (on a step about a hole, a path or a direction, "captures nothing" would blame the wrong
/// thing, and "captures 1 seed" would read as a success), then what the step wanted.
pub(crate) fn wrong_verdict(
    locale: Locale,
    goal: Goal,
    canonical: &str,
    said: String,
    wanted: String,
) -> String {
    match goal {
        Goal::Capture | Goal::Win | Goal::Most => t(
            locale,
            "learn-wrong",
            &[("move", canonical.to_owned()), ("what", said), ("wanted", wanted)],
        ),
        _ => t(
            locale,
            "learn-wrong-step",
            &[("move", canonical.to_owned()), ("wanted", wanted)],
        ),
    }
}

/// A verdict on a move tapped in a lesson, told in taps (`tapped`), its move as small print:
/// as [`wrong_verdict`] for a wrong try (`wanted` from [`tap_wanted`]), else praise and what
/// the right move did (`did`: whether it did anything worth saying).
pub(crate) fn tap_verdict(
    locale: Locale,
    wrong: Option<(Goal, String)>,
    canonical: &str,
    said: String,
    did: bool,
) -> crate::kernel::Tapped {
    let text = match wrong {
        Some((Goal::Capture | Goal::Win | Goal::Most, wanted)) => {
            t(locale, "learn-tap-wrong", &[("what", said), ("wanted", wanted)])
        }
        Some((_, wanted)) => t(locale, "learn-tap-wrong-step", &[("wanted", wanted)]),
        None if did => t(locale, "learn-tap-right", &[("what", said)]),
        None => t(locale, "learn-right", &[]),
    };
    crate::kernel::Tapped {
        text,
        small: Some(t(locale, "learn-tap-move", &[("move", canonical.to_owned())])),
    }
}
