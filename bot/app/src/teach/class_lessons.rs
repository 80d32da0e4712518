//! Lessons in a class (`docs/learn.md`): `class learn katro 2` gives every pupil the lesson on
//! their seat, where they play it by taps (or in chat, with a bound account); the stars they
//! earn are kept with the class, and `class progress` shows them to the teacher.

use lalao_core::GameKind;
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{MatchId, UserId};
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::wording::{game_name, message, single};
use crate::kernel::{Context, Fail, Prefs, Reply, Tapped};
use crate::record::{self, MatchRecord, Stage};
use crate::record::{seat_user, ClassLink, ClassRecord};
use crate::store::{keys, Txn};
use crate::teach::activity::{commit_for_seats, number_at};
use crate::teach::lesson_views::star_row;
use crate::teach::records::keep_best;
use crate::teach::records::lesson_record;

crate::kernel::family::family! {
    /// A class's lessons and its pupils' stars.
    ClassLessons
}

impl ClassLessons<'_> {
    /// `class learn <game> [lesson]`: the lesson on the class screen, played by the teacher
    /// for everyone to see, and for every pupil on their seat. The class's lessons still going
    /// are put away first: the class learns one lesson at a time.
    pub(crate) fn learn(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        game: GameKind,
        lesson: Option<u32>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let course = lalao_learn::course(game);
        let total = course.lessons.len() as u32;
        let number = lesson.unwrap_or(1);
        let first = course
            .game_at(number as usize, 1)
            .filter(|_| number >= 1 && number <= total)
            .ok_or_else(|| {
                Fail::user(
                    "class-learn-no-such-lesson",
                    vec![("game", game_name(locale, game)), ("total", total.to_string())],
                )
            })?;
        if class.pupils.is_empty() {
            return Err(Fail::user("class-learn-no-pupils", Vec::new()));
        }
        // One lesson at a time: the class's lessons still going make way.
        let (class, bytes) =
            ClassMatchStore(self).put_away(ctx, &class, |record| record.lesson.is_some(), "class-learn")?;
        let now = self.now();
        // The class's own board first, for the projector (played by the teacher), then one
        // lesson per pupil, on their seat.
        let learners =
            std::iter::once(ctx.user.clone()).chain(class.pupils.iter().map(|pupil| seat_user(&pupil.name)));
        let mut lessons: Vec<MatchRecord> = learners
            .map(|learner| MatchRecord {
                // A class's match, never practice: the seat policy says who plays it.
                practice: false,
                class: Some(ClassLink::default()),
                ..lesson_record(
                    &class.channel,
                    &ctx.user,
                    [learner.clone(), learner],
                    &first,
                    number,
                    now,
                )
            })
            .collect();
        commit_for_seats(self, ctx, (&class, &bytes), &mut lessons, "class-learn", "lesson")?;
        let id = |index: usize| number_at(&lessons, index);
        let (shown, first_id, last_id) = (id(0), id(1), id(lessons.len() - 1));
        let text = t(
            locale,
            "class-learn",
            &[
                ("game", game_name(locale, game)),
                ("number", number.to_string()),
                ("title", t(locale, &course.title_key(number as usize), &[])),
                ("count", (lessons.len() - 1).to_string()),
                ("shown", shown),
                ("first", first_id),
                ("last", last_id),
            ],
        );
        Ok(single(ctx, "class-learn", text))
    }

    /// A pupil's seat goes on with the course's next lesson after their finished lesson `id`
    /// (the button under its last board), where the class allows it (`class settings
    /// next=on`). Once: a second tap finds that lesson (or any later one of the pupil's)
    /// already there and changes nothing, as a tap sent twice does. Whose seat may ask is the
    /// class's to check before.
    pub(crate) fn next_lesson(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        id: MatchId,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let done = self
            .load(id)?
            .map(|(record, _)| record)
            .filter(|_| class.matches.contains(&id));
        let (done, link, seat) = match done {
            Some(record) => match (record.lesson, activity_seat_user(&record)) {
                (Some(link), Some(seat)) if matches!(record.stage, Stage::Finished { .. }) => {
                    (record, link, seat)
                }
                _ => return Err(Fail::user("class-next-lesson-not-done", Vec::new())),
            },
            None => return Err(Fail::user("class-next-lesson-not-done", Vec::new())),
        };
        if !class.go_on {
            return Err(Fail::user("class-next-lesson-off", Vec::new()));
        }
        let course = lalao_learn::course(done.game);
        let number = link.lesson + 1;
        let first = course.game_at(number as usize, 1).ok_or_else(|| {
            Fail::user(
                "class-next-lesson-none",
                vec![("game", game_name(locale, done.game))],
            )
        })?;
        if self.later_lesson(&class, &done, &seat)? {
            return Err(Fail::Duplicate);
        }
        let mut lessons = [MatchRecord {
            // A class's match, never practice: the seat policy says who plays it.
            practice: false,
            class: Some(ClassLink::default()),
            ..lesson_record(
                &class.channel,
                &class.teacher,
                [seat.clone(), seat.clone()],
                &first,
                number,
                self.now(),
            )
        }];
        commit_for_seats(
            self,
            ctx,
            (&class, &bytes),
            &mut lessons,
            "class-next-lesson",
            "lesson",
        )?;
        let [started] = lessons;
        let title = t(locale, &course.title_key(number as usize), &[]);
        let args = [
            ("name", seat.local().to_owned()),
            ("game", game_name(locale, done.game)),
            ("number", number.to_string()),
            ("title", title),
            ("id", started.id.to_string()),
        ];
        let mut said = message(ctx, "class-next-lesson", t(locale, "class-next-lesson", &args));
        said.tapped = Some(Tapped {
            text: t(locale, "class-next-lesson-tapped", &args),
            small: None,
        });
        Ok(Reply {
            messages: vec![said],
            ..Reply::default()
        })
    }

    /// Whether `seat` has a lesson in the class started after `done`.
    fn later_lesson(&self, class: &ClassRecord, done: &MatchRecord, seat: &UserId) -> Result<bool, Fail> {
        for id in class.matches.iter().filter(|id| **id > done.id) {
            if let Some((record, _)) = self.load(*id)? {
                if record.lesson.is_some() && activity_seat_user(&record).as_ref() == Some(seat) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// `class progress`: every pupil's stars, game by game.
    pub(crate) fn progress(&self, ctx: &Context, prefs: Prefs, class: &ClassRecord) -> Result<Reply, Fail> {
        let mut lines = vec![t(
            prefs.locale,
            "class-progress",
            &[("class", class.name.clone())],
        )];
        lines.extend(self.progress_lines(prefs.locale, class)?);
        let homework = super::homework::ClassHomework(self).progress_lines(prefs.locale, class);
        if !homework.is_empty() {
            lines.push(t(prefs.locale, "class-progress-puzzles", &[]));
            lines.extend(homework);
        }
        Ok(single(ctx, "class-progress", lines.join("\n")))
    }

    /// One line per pupil: their stars in each game they took lessons of, those earned on
    /// their seat and with their own account together (the best of each lesson).
    pub(crate) fn progress_lines(&self, locale: Locale, class: &ClassRecord) -> Result<Vec<String>, Fail> {
        let mut lines = Vec::new();
        for pupil in &class.pupils {
            let learned = self.pupil_learned(pupil)?;
            let games: Vec<String> = GameKind::ALL
                .into_iter()
                .filter_map(|game| {
                    let mine = learned.get(game.id())?;
                    let course = lalao_learn::course(game);
                    let row: Vec<String> = course
                        .lessons
                        .iter()
                        .map(|lesson| star_row(mine.get(&lesson.name).copied().unwrap_or(0)))
                        .collect();
                    Some(format!("{} {}", game_name(locale, game), row.join(" ")))
                })
                .collect();
            lines.push(if games.is_empty() {
                t(locale, "class-progress-none", &[("name", pupil.name.clone())])
            } else {
                t(
                    locale,
                    "class-progress-pupil",
                    &[("name", pupil.name.clone()), ("games", games.join(" · "))],
                )
            });
        }
        Ok(lines)
    }

    /// A pupil's stars, those earned on their seat and with their own account together (the
    /// best of each lesson).
    pub(crate) fn pupil_learned(&self, pupil: &record::Pupil) -> Result<record::Learned, Fail> {
        let mut learned = pupil.learned.clone();
        if let Some(account) = &pupil.account {
            if let Some((player, _)) = self.player(account)? {
                for (game, lessons) in player.learned {
                    for (lesson, stars) in lessons {
                        if let Some(game) = GameKind::from_id(&game) {
                            keep_best(&mut learned, game, &lesson, stars);
                        }
                    }
                }
            }
        }
        Ok(learned)
    }

    /// Adds to `txn` the stars of a lesson finished on a pupil's seat (`record`'s learner).
    pub(crate) fn keep_stars(
        &self,
        record: &MatchRecord,
        lesson: &str,
        stars: u8,
        txn: &mut Txn,
    ) -> Result<(), Fail> {
        let Some((mut class, bytes)) = self.class_of(&record.channel)? else {
            return Ok(()); // The class was deleted meanwhile: nobody to keep them for.
        };
        // The class's own board (the teacher's, on the projector) earns nobody stars.
        let Some(seat) = record
            .players
            .as_ref()
            .filter(|players| record::is_seat(&players[0]))
            .map(|players| players[0].local().to_owned())
        else {
            return Ok(());
        };
        let Some(pupil) = class
            .pupils
            .iter_mut()
            .find(|pupil| record::same_name(&pupil.name, &seat))
        else {
            return Ok(()); // The pupil left the class meanwhile.
        };
        keep_best(&mut pupil.learned, record.game, lesson, stars);
        class.version += 1;
        let key = keys::class_key(&class.channel);
        txn.check(key.clone(), Some(bytes))
            .put(key, record::encode(&class));
        Ok(())
    }
}

/// The seat whose activity `record` is (`seat:Ana`); `None` for the class's own board.
fn activity_seat_user(record: &MatchRecord) -> Option<UserId> {
    record
        .players
        .as_ref()
        .map(|players| players[0].clone())
        .filter(record::is_seat)
}
