//! `learn`: a game's course, lesson by lesson (`docs/learn.md`). A lesson is a practice match
//! of its learner whose position is the current step's; a move in it is judged by the course
//! (`lalao-learn`) instead of played on: the right move brings the next step, a legal but wrong
//! one is explained and the step stays as it was. Stars (fewer for wrong tries and hints) are
//! kept on the learner's player record, written in the same commit as the lesson's last step.

use lalao_core::{AnyGame, Event, GameKind};
use lalao_learn::{Course, Effect, Verdict};
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{Platform, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::new_matches::NewMatches;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Context, Fail, Outcome, Prefs, Reply};
use crate::record::{self, Ending, LessonLink, MatchRecord, Stage};
use crate::seats::Seating;
use crate::store::{keys, Txn};
use crate::teach::activity::{activity_message, own_activity, private, put_away, typed};
use crate::teach::class_lessons::ClassLessons;
use crate::teach::lesson_views::{effect_sentence, tap_verdict, tap_wanted, wrong_verdict};
use crate::teach::lesson_views::{star_row, targets};
use crate::teach::records::{keep_best, lesson_record};

crate::kernel::family::family! {
    /// Lessons: the courses, a lesson's steps and the learner's stars.
    Lessons
}

impl Lessons<'_> {
    /// `learn [game] [lesson]`.
    pub(super) fn learn(
        &self,
        ctx: &Context,
        prefs: Prefs,
        game: Option<GameKind>,
        lesson: Option<u32>,
    ) -> Result<Reply, Fail> {
        let current = self.current_lesson(&ctx.user)?;
        let game = match (game, lesson, &current) {
            (Some(game), _, _) => game,
            (None, None, _) => return self.overview(ctx, prefs),
            // `learn 2`: lesson 2 of the course the learner is in.
            (None, Some(_), Some((record, _))) => record.game,
            (None, Some(number), None) => {
                return Err(Fail::user(
                    "learn-which-game",
                    vec![("number", number.to_string())],
                ))
            }
        };
        let course = lalao_learn::course(game);
        let total = course.lessons.len() as u32;
        if let Some(number) = lesson {
            if number == 0 || number > total {
                return Err(Fail::user(
                    "learn-no-such-lesson",
                    vec![
                        ("game", game_name(prefs.locale, game)),
                        ("total", total.to_string()),
                        ("id", game.id().to_owned()),
                    ],
                ));
            }
        }
        if let Some((record, _)) = &current {
            let link = record.lesson.expect("a lesson");
            if record.game == game && lesson.is_none_or(|number| number == link.lesson) {
                // Where the learner left it.
                let game_now = record.current_game()?;
                let text = self.step_text(ctx.platform, prefs.locale, record, &game_now, true);
                return Ok(self.step_reply(
                    ctx,
                    prefs,
                    "learn-step",
                    text,
                    record,
                    &game_now,
                    Outcome::Shown,
                ));
            }
        }
        let stars = self.learned(&ctx.user)?;
        let number = lesson.unwrap_or_else(|| next_lesson(course, stars.get(game.id())));
        if let Some((old, bytes)) = &current {
            // One lesson at a time: the one left behind is put away.
            put_away(self, ctx, (old, bytes), "learn")?;
        }
        NewMatches(self).check_limits(&ctx.user, None)?;
        let first = course
            .game_at(number as usize, 1)
            .ok_or_else(|| step_gone(game))?;
        let now = self.now();
        let record = lesson_record(
            &ctx.channel,
            &ctx.user,
            [ctx.user.clone(), ctx.user.clone()],
            &first,
            number,
            now,
        );
        let record = NewMatches(self).commit_new_match(ctx, record, "learn")?;
        self.metrics().activity_started("lesson");
        let text = self.step_text(ctx.platform, prefs.locale, &record, &first, true);
        Ok(self.step_reply(ctx, prefs, "learn-step", text, &record, &first, Outcome::Applied))
    }

    /// A legal move in a lesson, judged by its step.
    pub(super) fn step_move(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
        canonical: &str,
        events: &[Event],
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let link = old.lesson.expect("a lesson");
        let before = old.current_game()?;
        let effect = Effect::of(events, before.to_move());
        let trace = laps(&before, events, prefs);
        let with_trace = |verdict: String| -> String {
            std::iter::once(verdict)
                .chain(trace.iter().cloned())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let course = lalao_learn::course(old.game);
        let step = course
            .lesson(link.lesson as usize)
            .and_then(|lesson| lesson.step(link.step as usize))
            .ok_or_else(|| step_gone(old.game))?;
        let mut new = old.clone();
        new.version += 1;
        new.updated_at = self.now();
        let said = effect_sentence(locale, old.game, &effect);
        match step.judge(canonical) {
            Verdict::Wrong => {
                new.lesson = Some(LessonLink {
                    wrong: link.wrong + 1,
                    ..link
                });
                let new = Commits(self).commit_match(
                    ctx,
                    Some((old, bytes)),
                    &new,
                    Txn::default(),
                    "learn-move",
                )?;
                let game = new.current_game()?;
                let wanted = t(
                    locale,
                    &course.wrong_key(link.lesson as usize, link.step as usize),
                    &[],
                );
                let tapped = tap_verdict(
                    locale,
                    Some((
                        step.goal,
                        tap_wanted(locale, course, link.lesson as usize, link.step as usize),
                    )),
                    canonical,
                    said.clone(),
                    true,
                );
                let mut text = with_trace(wrong_verdict(locale, step.goal, canonical, said, wanted));
                text.push('\n');
                text.push_str(&self.step_text(ctx.platform, locale, &new, &game, false));
                let mut reply =
                    self.step_reply(ctx, prefs, "learn-wrong", text, &new, &game, Outcome::Applied);
                reply.messages[0].tapped = Some(tapped);
                Ok(reply)
            }
            Verdict::Done => {
                let lesson = course.lesson(link.lesson as usize).expect("the lesson");
                // What the move did, when it did something worth saying.
                let tapped = tap_verdict(locale, None, canonical, said.clone(), effect != Effect::default());
                let mut praise = t(locale, "learn-right", &[]);
                if effect != Effect::default() {
                    praise = format!("{praise} `{canonical}` {said}");
                }
                let praise = with_trace(praise);
                if (link.step as usize) < lesson.steps.len() {
                    let next = course
                        .game_at(link.lesson as usize, link.step as usize + 1)
                        .ok_or_else(|| step_gone(old.game))?;
                    new.lesson = Some(LessonLink {
                        step: link.step + 1,
                        ..link
                    });
                    new.start = Some(next.position());
                    new.moves.clear();
                    new.state = next.save();
                    // What the move did, kept for the pages' replay of it (boards of a lesson
                    // draw no marks from it: it was played on the step before).
                    new.last_events = events.to_vec();
                    let new = Commits(self).commit_match(
                        ctx,
                        Some((old, bytes)),
                        &new,
                        Txn::default(),
                        "learn-move",
                    )?;
                    // A step that does not go on from the board the answer left is said to
                    // be a new board: boards change size, scores appear, pieces move.
                    let mut text = praise;
                    if !continues(&before, canonical, &next) {
                        text.push('\n');
                        text.push_str(&t(locale, "learn-new-board", &[]));
                    }
                    text.push('\n');
                    text.push_str(&self.step_text(ctx.platform, locale, &new, &next, true));
                    let mut reply =
                        self.step_reply(ctx, prefs, "learn-right", text, &new, &next, Outcome::Applied);
                    reply.messages[0].tapped = Some(tapped);
                    return Ok(reply);
                }
                // The lesson's last step: its stars, in the same commit as its end.
                let stars = lalao_learn::stars(link.wrong);
                let mut txn = Txn::default();
                self.keep_stars(ctx, old, &lesson.name, stars, &mut txn)?;
                new.stage = Stage::Finished {
                    ending: Ending::ActivityDone,
                };
                new.last_events = events.to_vec();
                let new = Commits(self).commit_match(ctx, Some((old, bytes)), &new, txn, "learn-move")?;
                let mut text = format!(
                    "{praise}\n{}",
                    t(
                        locale,
                        "learn-lesson-done",
                        &[
                            ("number", link.lesson.to_string()),
                            ("title", t(locale, &course.title_key(link.lesson as usize), &[])),
                            ("stars", star_row(stars)),
                        ],
                    )
                );
                // A pupil's seat goes on with the lesson the teacher gives next.
                if !Seating::of(old).is_class() {
                    text.push('\n');
                    text.push_str(&self.next_line(locale, course, link.lesson + 1));
                }
                tracing::debug!(match_id = new.id.0, stars, "lesson done");
                let mut done = private(ctx, message(ctx, "learn-lesson-done", text));
                done.tapped = Some(tapped);
                Ok(Reply {
                    outcome: Outcome::Applied,
                    messages: vec![done],
                })
            }
        }
    }

    /// Adds to `txn` the stars of a lesson finished on `old`: kept by the class for a pupil's
    /// seat, on the learner's player record otherwise (best result first).
    fn keep_stars(
        &self,
        ctx: &Context,
        old: &MatchRecord,
        lesson: &str,
        stars: u8,
        txn: &mut Txn,
    ) -> Result<(), Fail> {
        match Seating::of(old) {
            // A pupil's seat: the class keeps the stars.
            Seating::Class(_) => ClassLessons(self).keep_stars(old, lesson, stars, txn),
            Seating::Accounts => {
                let (mut player, player_bytes) = self.player_or_new(&ctx.user)?;
                keep_best(&mut player.learned, old.game, lesson, stars);
                let key = keys::player_key(&ctx.user);
                txn.check(key.clone(), player_bytes);
                txn.put(key, record::encode(&player));
                Ok(())
            }
        }
    }

    /// `hint` in a lesson: a move that does what the step asks, for one star.
    pub(super) fn hint(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (old, bytes): (&MatchRecord, &[u8]),
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let link = old.lesson.expect("a lesson");
        let game = old.current_game()?;
        let course = lalao_learn::course(old.game);
        let step = course
            .lesson(link.lesson as usize)
            .and_then(|lesson| lesson.step(link.step as usize));
        let wanted = step
            .and_then(|step| step.moves.first().cloned())
            .or_else(|| game.legal_moves().into_iter().next())
            .ok_or_else(|| Fail::user("hint-not-playing", vec![("id", old.id.to_string())]))?;
        let mut new = old.clone();
        new.version += 1;
        new.updated_at = self.now();
        new.lesson = Some(LessonLink {
            wrong: link.wrong + 1,
            ..link
        });
        let new = Commits(self).commit_match(ctx, Some((old, bytes)), &new, Txn::default(), "hint")?;
        let text = t(
            locale,
            "learn-hint",
            &[("move", wanted), ("id", new.id.to_string())],
        );
        Ok(self.step_reply(ctx, prefs, "learn-hint", text, &new, &game, Outcome::Applied))
    }

    /// Every course, the learner's stars in each, and the lesson they are in.
    fn overview(&self, ctx: &Context, prefs: Prefs) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let learned = self.learned(&ctx.user)?;
        let mut lines = vec![t(locale, "learn-courses", &[])];
        for game in GameKind::ALL {
            let course = lalao_learn::course(game);
            let mine = learned.get(game.id());
            let row: Vec<String> = course
                .lessons
                .iter()
                .map(|lesson| {
                    star_row(
                        mine.and_then(|stars| stars.get(&lesson.name))
                            .copied()
                            .unwrap_or(0),
                    )
                })
                .collect();
            let done = course
                .lessons
                .iter()
                .filter(|lesson| mine.is_some_and(|stars| stars.contains_key(&lesson.name)))
                .count();
            lines.push(t(
                locale,
                "learn-course-line",
                &[
                    ("game", game_name(locale, game)),
                    ("done", done.to_string()),
                    ("total", course.lessons.len().to_string()),
                    ("stars", row.join(" ")),
                    ("command", typed(locale, "learn", game.id())),
                ],
            ));
        }
        if let Some((record, _)) = self.current_lesson(&ctx.user)? {
            let link = record.lesson.expect("a lesson");
            lines.push(t(
                locale,
                "learn-current",
                &[
                    ("game", game_name(locale, record.game)),
                    ("number", link.lesson.to_string()),
                    ("command", typed(locale, "learn", record.game.id())),
                ],
            ));
        }
        Ok(Reply {
            outcome: Outcome::Shown,
            messages: vec![private(ctx, message(ctx, "learn-courses", lines.join("\n")))],
        })
    }

    /// The learner's lesson in progress, if any (one at a time).
    fn current_lesson(&self, user: &UserId) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        own_activity(self, user, |record| record.lesson.is_some())
    }

    fn learned(&self, user: &UserId) -> Result<record::Learned, Fail> {
        Ok(self
            .player(user)?
            .map(|(player, _)| player.learned)
            .unwrap_or_default())
    }

    /// "Katro, lesson 2 of 6: Sowing. Step 1 of 4: …", and how to play (`full`), or just the
    /// step's sentence again after a wrong try.
    fn step_text(
        &self,
        platform: Platform,
        locale: Locale,
        record: &MatchRecord,
        game: &AnyGame,
        full: bool,
    ) -> String {
        let link = record.lesson.expect("a lesson");
        let course = lalao_learn::course(record.game);
        let (lesson, step) = (link.lesson as usize, link.step as usize);
        let steps = course.lesson(lesson).map_or(0, |found| found.steps.len());
        let sentence = t(locale, &course.text_key(lesson, step), &[]);
        let mut text = String::new();
        if full {
            if step == 1 {
                text.push_str(&t(
                    locale,
                    "learn-lesson",
                    &[
                        ("game", game_name(locale, record.game)),
                        ("number", lesson.to_string()),
                        ("total", course.lessons.len().to_string()),
                        ("title", t(locale, &course.title_key(lesson), &[])),
                    ],
                ));
                text.push('\n');
            }
            text.push_str(&t(
                locale,
                "learn-step",
                &[
                    ("step", step.to_string()),
                    ("steps", steps.to_string()),
                    ("text", sentence.clone()),
                ],
            ));
            let example = course
                .lesson(lesson)
                .and_then(|found| found.step(step))
                .and_then(|wanted| Self::example_move(wanted, &sentence, game));
            let buttons = platform == Platform::Discord;
            let hint = ("hint", typed(locale, "hint", &record.id.to_string()));
            text.push('\n');
            text.push_str(&match example {
                Some(example) => t(
                    locale,
                    if buttons { "learn-how-buttons" } else { "learn-how" },
                    &[
                        (
                            "command",
                            typed(locale, "move", &format!("{example} {}", record.id)),
                        ),
                        hint,
                    ],
                ),
                None => t(
                    locale,
                    if buttons {
                        "learn-how-find-buttons"
                    } else {
                        "learn-how-find"
                    },
                    &[hint],
                ),
            });
        } else {
            text.push_str(&t(locale, "learn-again", &[("text", sentence)]));
        }
        text
    }

    /// The move a step's instructions show as the example of how to type one: never a move the
    /// step would count as wrong, so that copying it as written is right. The move the sentence
    /// names, when it names one of the step's answers; any move, when any is right; none when the
    /// step is to find the move (the example would give it away, or be a wrong try).
    fn example_move(step: &lalao_learn::Step, sentence: &str, game: &AnyGame) -> Option<String> {
        if step.goal == lalao_learn::Goal::Any {
            return game.legal_moves().into_iter().next();
        }
        step.moves
            .iter()
            .find(|wanted| sentence.contains(&format!("`{wanted}`")))
            .cloned()
    }

    /// What to do after lesson `next - 1`: the next lesson, or the course is done; and, what a
    /// lesson taught being best tried at once in a whole game, one against the computer that
    /// plays gently and lets a beginner win.
    fn next_line(&self, locale: Locale, course: &Course, next: u32) -> String {
        let game = course.game;
        let what_next = if course.lesson(next as usize).is_some() {
            t(
                locale,
                "learn-next",
                &[
                    ("title", t(locale, &course.title_key(next as usize), &[])),
                    (
                        "command",
                        typed(locale, "learn", &format!("{} {next}", game.id())),
                    ),
                ],
            )
        } else {
            t(
                locale,
                "learn-course-done",
                &[
                    ("game", game_name(locale, game)),
                    ("command", typed(locale, "learn", "")),
                ],
            )
        };
        let level = t(locale, "learn-computer-level", &[]);
        let play = typed(locale, "play", &format!("{} {level}", game.id()));
        format!(
            "{what_next}\n{}",
            t(locale, "learn-computer", &[("command", play)])
        )
    }

    /// One private message with the step's board, drawn from the learner's side, and its moves
    /// as the message's actions (buttons where the platform has them).
    #[allow(clippy::too_many_arguments)]
    fn step_reply(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
        outcome: Outcome,
    ) -> Reply {
        let mut message = activity_message(self, ctx, prefs, (key, text), (record, game), game.to_move());
        if let Some(picture) = message.picture.as_mut() {
            picture.highlights = targets(record);
        }
        Reply {
            outcome,
            messages: vec![message],
        }
    }
}

fn step_gone(game: GameKind) -> Fail {
    // The refusal's words name the command in English and French alike.
    Fail::user("learn-step-gone", vec![("game", game.id().to_owned())])
}

/// What a move played on `before` did, lap by lap, in a sowing game: the learner follows the
/// seeds. Nothing in the other games.
fn laps(before: &AnyGame, events: &[Event], prefs: Prefs) -> Vec<String> {
    match before.kind() {
        GameKind::Mangala | GameKind::Engehe | GameKind::Katro => lalao_renderer::sowing_trace(
            before,
            events,
            &lalao_renderer::View::new(prefs.style, prefs.locale),
        ),
        GameKind::Samantsy | GameKind::Fano => Vec::new(),
    }
}

/// Whether `next` is the board `before` leaves after `answer`: the next step goes on from it.
fn continues(before: &AnyGame, answer: &str, next: &AnyGame) -> bool {
    let mut after = before.clone();
    after.play(answer).is_ok() && after.position() == next.position()
}

/// The lesson `learn <game>` goes on with: the first without stars, else the first without
/// three, else the first.
fn next_lesson(course: &Course, stars: Option<&std::collections::BTreeMap<String, u8>>) -> u32 {
    let got = |lesson: &lalao_learn::Lesson| {
        stars
            .and_then(|stars| stars.get(&lesson.name))
            .copied()
            .unwrap_or(0)
    };
    let position = course
        .lessons
        .iter()
        .position(|lesson| got(lesson) == 0)
        .or_else(|| course.lessons.iter().position(|lesson| got(lesson) < 3))
        .unwrap_or(0);
    position as u32 + 1
}

#[cfg(test)]
mod tests;
