//! `learn`: a game's course, lesson by lesson (`docs/learn.md`). A lesson is a practice match
//! of its learner whose position is the current step's; a move in it is judged by the course
//! (`lalao-learn`) instead of played on: the right move brings the next step, a legal but wrong
//! one is explained and the step stays as it was. Stars (fewer for wrong tries and hints) are
//! kept on the learner's player record, written in the same commit as the lesson's last step.

use lalao_core::{AnyGame, Event, GameKind};
use lalao_learn::{Course, Effect, Goal, Verdict};
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{Platform, UserId};
use crate::record::{self, Ending, LessonLink, MatchRecord, Stage, RECORD_VERSION};
use crate::seats::Seating;
use crate::service::new_matches::NewMatches;
use crate::service::wording::{game_name, message, show_board};
use crate::service::{App, Audience, Context, Fail, Kind, Message, Outcome, Prefs, Reply};
use crate::store::{keys, Txn};

crate::service::family! {
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
        // What the move did, lap by lap, in a sowing game: the learner follows the seeds.
        let trace = match old.game {
            GameKind::Mangala | GameKind::Engehe | GameKind::Katro => {
                lalao_renderer::sowing_trace(&before, events, &lalao_renderer::View::new(prefs.style, locale))
            }
            GameKind::Samantsy | GameKind::Fano => Vec::new(),
        };
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
                let new = self.commit_match(ctx, Some((old, bytes)), &new, Txn::default(), "learn-move")?;
                let game = new.current_game()?;
                let wanted = t(
                    locale,
                    &course.wrong_key(link.lesson as usize, link.step as usize),
                    &[],
                );
                // What the move captured is said only where the step is about capturing: on a
                // step about a hole, a path or a direction, "captures nothing" would blame the
                // wrong thing, and "captures 1 seed" would read as a success.
                let verdict = match step.goal {
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
                };
                let mut text = with_trace(verdict);
                text.push('\n');
                text.push_str(&self.step_text(ctx.platform, locale, &new, &game, false));
                Ok(self.step_reply(ctx, prefs, "learn-wrong", text, &new, &game, Outcome::Applied))
            }
            Verdict::Done => {
                let lesson = course.lesson(link.lesson as usize).expect("the lesson");
                // What the move did, when it did something worth saying.
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
                    let new =
                        self.commit_match(ctx, Some((old, bytes)), &new, Txn::default(), "learn-move")?;
                    // A step that does not go on from the board the answer left is said to
                    // be a new board: boards change size, scores appear, pieces move.
                    let mut text = praise;
                    if !continues(&before, canonical, &next) {
                        text.push('\n');
                        text.push_str(&t(locale, "learn-new-board", &[]));
                    }
                    text.push('\n');
                    text.push_str(&self.step_text(ctx.platform, locale, &new, &next, true));
                    return Ok(self.step_reply(
                        ctx,
                        prefs,
                        "learn-right",
                        text,
                        &new,
                        &next,
                        Outcome::Applied,
                    ));
                }
                // The lesson's last step: its stars, in the same commit as its end.
                let stars = lalao_learn::stars(link.wrong);
                let mut txn = Txn::default();
                match Seating::of(old) {
                    // A pupil's seat: the class keeps the stars.
                    Seating::Class(_) => {
                        self.classroom()
                            .keep_stars(self, old, &lesson.name, stars, &mut txn)?
                    }
                    Seating::Accounts => {
                        let (mut player, player_bytes) = self.player_or_new(&ctx.user)?;
                        keep_best(&mut player.learned, old.game, &lesson.name, stars);
                        let key = keys::player_key(&ctx.user);
                        txn.check(key.clone(), player_bytes);
                        txn.put(key, record::encode(&player));
                    }
                }
                new.stage = Stage::Finished {
                    ending: Ending::ActivityDone,
                };
                new.last_events = events.to_vec();
                let new = self.commit_match(ctx, Some((old, bytes)), &new, txn, "learn-move")?;
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
                Ok(Reply {
                    outcome: Outcome::Applied,
                    messages: vec![private(ctx, message(ctx, "learn-lesson-done", text))],
                })
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
        let new = self.commit_match(ctx, Some((old, bytes)), &new, Txn::default(), "hint")?;
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

    /// What to do after lesson `next - 1`: the next lesson, or the course is done.
    fn next_line(&self, locale: Locale, course: &Course, next: u32) -> String {
        let game = course.game;
        if course.lesson(next as usize).is_some() {
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
        }
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
        let mut message = private(ctx, message(ctx, key, text));
        show_board(
            &mut message,
            self,
            record,
            game,
            prefs,
            &ctx.user,
            Some(game.to_move()),
        );
        if let Some(picture) = message.picture.as_mut() {
            picture.highlights = targets(record);
        }
        message.on_game(record, game);
        message.kind = Kind::Lesson;
        Reply {
            outcome,
            messages: vec![message],
        }
    }
}

/// Whether `next` is the board `before` leaves after `answer`: the next step goes on from it.
fn continues(before: &AnyGame, answer: &str, next: &AnyGame) -> bool {
    let mut after = before.clone();
    after.play(answer).is_ok() && after.position() == next.position()
}

/// Puts the learner's lesson or puzzle in progress away (cancelled by them) before the next
/// one starts. Its commit records no inbound event: the start of the next one completes the
/// command and records it.
pub(super) fn put_away(
    app: &App,
    ctx: &Context,
    (old, bytes): (&MatchRecord, &[u8]),
    command: &str,
) -> Result<(), Fail> {
    let mut put_away = old.clone();
    put_away.stage = Stage::Cancelled { by: ctx.user.clone() };
    put_away.version += 1;
    put_away.updated_at = app.now();
    app.commit_match(
        &ctx.earlier_step(),
        Some((old, bytes)),
        &put_away,
        Txn::default(),
        command,
    )?;
    Ok(())
}

/// A new lesson (id still 0) of `learners` (a player both sides, or a class seat), started by
/// `challenger`, at step 1 of lesson `number` of `first`'s game, whose position it is. A class's
/// lesson gets its class link from the caller.
pub(crate) fn lesson_record(
    channel: &crate::ids::ChannelId,
    challenger: &UserId,
    learners: [UserId; 2],
    first: &AnyGame,
    number: u32,
    now: u64,
) -> MatchRecord {
    let practice = learners[0] == *challenger;
    MatchRecord {
        v: RECORD_VERSION,
        id: crate::ids::MatchId(0),
        version: 1,
        channel: channel.clone(),
        game: first.kind(),
        options: serde_json::Map::new(),
        variants: Vec::new(),
        challenger: challenger.clone(),
        opponent: None,
        practice,
        challenger_side: None,
        players: Some(learners),
        stage: Stage::Playing,
        moves: Vec::new(),
        state: first.save(),
        last_events: Vec::new(),
        draw_offer: None,
        undo_request: None,
        created_at: now,
        updated_at: now,
        class: None,
        clock: Default::default(),
        computer: None,
        post: Default::default(),
        rating_change: None,
        unrated: true,
        community: None,
        public: None,
        start: Some(first.position()),
        lesson: Some(LessonLink {
            lesson: number,
            step: 1,
            wrong: 0,
        }),
        rematch_of: None,
        puzzle: None,
        plans: Vec::new(),
    }
}

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
    let text = t(
        locale,
        "learn-step",
        &[
            ("step", step.to_string()),
            ("steps", steps.to_string()),
            ("text", t(locale, &course.text_key(lesson, step), &[])),
        ],
    );
    // A page shows the move to play as it is tapped, not as code to type.
    Some(text.replace('`', ""))
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

/// A lesson whose step its course no longer has (a course changed under it).
fn step_gone(game: GameKind) -> Fail {
    // The refusal's words name the command in English and French alike.
    Fail::user("learn-step-gone", vec![("game", game.id().to_owned())])
}

/// The match in progress that `user` started for themselves and `is` picks (their lesson,
/// their puzzle: one of each at a time).
pub(super) fn own_activity(
    app: &crate::service::App,
    user: &UserId,
    is: impl Fn(&MatchRecord) -> bool,
) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
    Ok(app
        .active_under(&keys::active_prefix(user))?
        .into_iter()
        .find(|(record, _)| is(record) && record.challenger == *user))
}

/// Lessons and puzzles are the learner's own: answered to them only where the platform can.
pub(super) fn private(ctx: &Context, mut message: Message) -> Message {
    message.audience = Audience::Private(ctx.user.clone());
    message.kind = Kind::Lesson;
    message
}

/// A command as the text grammar spells it in the reader's language: replies rewrite it for
/// where it is read (`grammar::instructions`).
pub(super) fn typed(locale: Locale, verb: &str, words: &str) -> String {
    let name = crate::command::grammar::verb_named(verb).map_or(verb, |known| known.written(locale));
    format!("{name} {words}").trim_end().to_owned()
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

/// Records `stars` for a lesson in `learned`, unless it already holds more.
pub(crate) fn keep_best(learned: &mut record::Learned, game: GameKind, lesson: &str, stars: u8) {
    let best = learned
        .entry(game.id().to_owned())
        .or_default()
        .entry(lesson.to_owned())
        .or_insert(0);
    *best = (*best).max(stars);
}

/// "★★☆" for two stars of three.
pub(crate) fn star_row(stars: u8) -> String {
    (0..3)
        .map(|index| if index < stars { '★' } else { '☆' })
        .collect()
}

/// What a move did at once, in one sentence.
pub(super) fn effect_sentence(locale: Locale, game: GameKind, effect: &Effect) -> String {
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

#[cfg(test)]
mod tests {
    use lalao_renderer::Locale;

    use crate::command::Command;
    use crate::ids::MatchId;
    use crate::service::queries::Queries;
    use crate::service::{memory_service, Action, Context, Kind, Outcome, Reply};

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
        assert_eq!(step.kind, Kind::Lesson);
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
        let first_board = crate::service::MatchRef::of(&record).board;
        assert_eq!(said(&run("c1B")).0, "learn-right");
        let now = Queries(&service).match_record(MatchId(1)).unwrap();
        assert_eq!(now.lesson.unwrap().step, 2);
        // The right move's events are kept for the pages' replay of it, on the step it was
        // played on; the next step's board draws no marks from them.
        assert!(!now.last_events.is_empty());
        let (before, _) = super::replayed(&now).expect("a replay");
        assert_eq!(
            before.position(),
            lalao_learn::course(lalao_core::GameKind::Katro)
                .lesson(3)
                .unwrap()
                .steps[0]
                .position
        );
        let names = [String::new(), String::new()];
        let view = crate::service::live::page_view(&now, &names, lalao_renderer::Style::Text, Locale::En);
        assert!(view.events.is_empty());
        assert_ne!(crate::service::MatchRef::of(&now).board, first_board);
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
                 Lesson 3 done: Left or right ★★☆\nNext lesson: Sowing on — `learn katro 4`"
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
        use super::{lesson_record, typed, Lessons};
        use crate::ids::{ChannelId, Platform, UserId};
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
                        let text =
                            Lessons(&service).step_text(Platform::Console, locale, &record, &game, true);
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
                        let effect = super::effect_sentence(
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
                                            wrong
                                                .push(format!("{here}: zazas go up the drawn board: {text}"));
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
                                                let rest =
                                                    &rest[..rest.find(path_word).unwrap_or(rest.len())];
                                                let right = ["right", "droite"]
                                                    .iter()
                                                    .filter_map(|w| rest.find(w))
                                                    .min();
                                                let left = ["left", "gauche"]
                                                    .iter()
                                                    .filter_map(|w| rest.find(w))
                                                    .min();
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
}
