//! Homework (`docs/puzzles.md`): `class homework katro 5` gives every pupil puzzles at their
//! level, one after another on their seat, where they answer by taps (or in chat, with a bound
//! account). Each pupil's puzzle rating and the homework's results are kept with the class;
//! `class progress` shows the teacher who solved what.

use lalao_core::GameKind;
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::wording::{game_name, single};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, MatchRecord, PuzzleStats};
use crate::record::{seat_user, ClassLink, ClassRecord};
use crate::store::{keys, Txn};
use crate::teach::activity::{commit_for_seats, number_at};
use crate::teach::puzzle_choice::next_class_puzzle;
use crate::teach::records::puzzle_record;

/// Puzzles in a homework when the teacher gives no count, and at most.
const DEFAULT_COUNT: u32 = 5;
const MAX_COUNT: u32 = 20;

crate::kernel::family::family! {
    /// A class's homework and its pupils' puzzle ratings.
    ClassHomework
}

impl ClassHomework<'_> {
    /// `class homework <game> [count]`: the first puzzle on every pupil's seat, at their level;
    /// the class's puzzles still going are put away first (one homework at a time).
    pub(crate) fn homework(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        game: GameKind,
        count: Option<u32>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let count = count.unwrap_or(DEFAULT_COUNT);
        if game == GameKind::Mangala {
            // Its puzzles are answered with a side, which a seat's board cannot be tapped for.
            return Err(Fail::user("class-homework-mangala", Vec::new()));
        }
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(Fail::user(
                "class-homework-count",
                vec![("max", MAX_COUNT.to_string())],
            ));
        }
        if class.pupils.is_empty() {
            return Err(Fail::user("class-learn-no-pupils", Vec::new()));
        }
        // One homework at a time: the seats' puzzles still going make way.
        let on_a_seat = |record: &MatchRecord| {
            record.puzzle.is_some()
                && record
                    .players
                    .as_ref()
                    .is_some_and(|players| record::is_seat(&players[0]))
        };
        let (mut class, bytes) = ClassMatchStore(self).put_away(ctx, &class, on_a_seat, "class-homework")?;
        let now = self.now();
        let mut seats = Vec::new();
        for pupil in &mut class.pupils {
            // A new homework: the last one's results make way.
            pupil.homework.clear();
            let stats = pupil.puzzles.get(game.id()).cloned().unwrap_or_default();
            let (_, puzzle) = next_class_puzzle(game, &stats);
            let start = puzzle
                .game(game)
                .map_err(|_| Fail::user("puzzle-gone", vec![("game", game.id().to_owned())]))?;
            let seat = seat_user(&pupil.name);
            seats.push(MatchRecord {
                // A class's match, never practice: the seat policy says who plays it.
                practice: false,
                class: Some(ClassLink::default()),
                ..puzzle_record(
                    &class.channel,
                    &ctx.user,
                    [seat.clone(), seat],
                    (&start, puzzle),
                    (None, Some((count - 1, count))),
                    now,
                )
            });
        }
        commit_for_seats(
            self,
            ctx,
            (&class, &bytes),
            &mut seats,
            "class-homework",
            "puzzle",
        )?;
        let id = |index: usize| number_at(&seats, index);
        let text = t(
            locale,
            "class-homework",
            &[
                ("game", game_name(locale, game)),
                ("count", count.to_string()),
                ("pupils", seats.len().to_string()),
                ("first", id(0)),
                ("last", id(seats.len() - 1)),
            ],
        );
        Ok(single(ctx, "class-homework", text))
    }

    /// `class puzzle <game>`: a puzzle on the class's own board, the teacher's, which the
    /// projector shows; the class's puzzle still going is put away first.
    pub(crate) fn class_puzzle(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        game: GameKind,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        // One class puzzle at a time: the class's own board's puzzle still going makes way.
        let on_the_board = |record: &MatchRecord| {
            record.puzzle.is_some()
                && record
                    .players
                    .as_ref()
                    .is_some_and(|players| players[0] == ctx.user)
        };
        let (class, bytes) = ClassMatchStore(self).put_away(ctx, &class, on_the_board, "class-puzzle")?;
        // At the level of a class that has just begun: the rating new solvers start from.
        let (_, puzzle) = next_class_puzzle(game, &PuzzleStats::default());
        let start = puzzle
            .game(game)
            .map_err(|_| Fail::user("puzzle-gone", vec![("game", game.id().to_owned())]))?;
        let mut records = vec![MatchRecord {
            practice: false,
            class: Some(ClassLink::default()),
            ..puzzle_record(
                &class.channel,
                &ctx.user,
                [ctx.user.clone(), ctx.user.clone()],
                (&start, puzzle),
                (None, None),
                self.now(),
            )
        }];
        commit_for_seats(
            self,
            ctx,
            (&class, &bytes),
            &mut records,
            "class-puzzle",
            "puzzle",
        )?;
        let id = records[0].id;
        let text = t(
            locale,
            "class-puzzle",
            &[
                ("game", game_name(locale, game)),
                ("puzzle", puzzle.id.clone()),
                ("id", id.to_string()),
            ],
        );
        Ok(single(ctx, "class-puzzle", text))
    }

    /// The Classroom seam's `keep_puzzle`: the try of the pupil on `record`'s seat.
    pub(crate) fn keep_puzzle(
        &self,
        record: &MatchRecord,
        (id, solved): (&str, bool),
        update: &mut dyn FnMut(&mut PuzzleStats),
        txn: &mut Txn,
    ) -> Result<Option<PuzzleStats>, Fail> {
        let Some((mut class, bytes)) = self.class_of(&record.channel)? else {
            return Ok(None); // The class was deleted meanwhile.
        };
        let Some(seat) = record
            .players
            .as_ref()
            .filter(|players| record::is_seat(&players[0]))
            .map(|players| players[0].local().to_owned())
        else {
            return Ok(None);
        };
        let Some(pupil) = class
            .pupils
            .iter_mut()
            .find(|pupil| record::same_name(&pupil.name, &seat))
        else {
            return Ok(None); // The pupil left the class meanwhile.
        };
        let stats = pupil.puzzles.entry(record.game.id().to_owned()).or_default();
        update(stats);
        let stats = stats.clone();
        if record.puzzle.as_ref().is_some_and(|link| link.homework.is_some()) {
            pupil.homework.push((id.to_owned(), solved));
        }
        class.version += 1;
        let key = keys::class_key(&class.channel);
        txn.check(key.clone(), Some(bytes))
            .put(key, record::encode(&class));
        Ok(Some(stats))
    }

    /// `class progress`'s homework line of each pupil who has one: "Ana: homework 3/5 ✓✓✗✓✓,
    /// Katro puzzles 1620?".
    pub(crate) fn progress_lines(&self, locale: Locale, class: &ClassRecord) -> Vec<String> {
        class
            .pupils
            .iter()
            .filter(|pupil| !pupil.homework.is_empty() || !pupil.puzzles.is_empty())
            .map(|pupil| {
                let marks: String = pupil
                    .homework
                    .iter()
                    .map(|(_, solved)| if *solved { '✓' } else { '✗' })
                    .collect();
                let solved = pupil.homework.iter().filter(|(_, solved)| *solved).count();
                let ratings: Vec<String> = GameKind::ALL
                    .iter()
                    .filter_map(|game| {
                        let stats = pupil.puzzles.get(game.id())?;
                        Some(format!(
                            "{} {}",
                            game_name(locale, *game),
                            crate::teach::puzzle_rating::puzzle_rating_shown(stats)
                        ))
                    })
                    .collect();
                t(
                    locale,
                    "class-progress-homework",
                    &[
                        ("name", pupil.name.clone()),
                        ("solved", solved.to_string()),
                        ("tried", pupil.homework.len().to_string()),
                        ("marks", marks),
                        ("ratings", ratings.join(", ")),
                    ],
                )
            })
            .collect()
    }
}
