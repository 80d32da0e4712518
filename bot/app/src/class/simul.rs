//! The teacher plays the class (docs/classroom.md): `class simul <game>` starts one match per
//! pupil against whoever started it (the teacher), unrated, the pupils moving first on their
//! seats; the teacher moves on each board from the teacher's page or in chat, and only on
//! their own side. `class simul stop` ends it: the boards still played are cancelled. The
//! score — the class against the teacher — and each pupil's result are in `class progress`.

use lalao_core::Side;
use lalao_renderer::Locale;

use super::lifecycle::ClassLife;
use super::pairing::Score;
use super::reports::ClassReports;
use super::standings::{done_of, Done};
use super::ClassRecord;
use crate::i18n::t;
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::commit::Commits;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::play::challenge::game_options;
use crate::record::{ClassLink, MatchRecord, Stage};
use crate::store::{Committed, Txn};
use lalao_grammar::GameSpec;

crate::kernel::family::family! {
    /// The teacher against every pupil at once.
    Simuls
}

impl Simuls<'_> {
    /// `class simul <game>`: a board per pupil, in one commit, refused while a simul runs.
    pub(super) fn start(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (class, bytes): (ClassRecord, Vec<u8>),
        spec: GameSpec,
        restart: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        if class.pupils.is_empty() {
            return Err(Fail::user("class-simul-no-pupils", Vec::new()));
        }
        if !self
            .boards(&class)?
            .iter()
            .all(|(record, _)| !record.stage.is_active())
        {
            return Err(Fail::user("class-simul-running", Vec::new()));
        }
        let mut boards = Vec::with_capacity(class.pupils.len());
        for pupil in &class.pupils {
            let link = ClassLink {
                simul: true,
                ..ClassLink::default()
            };
            let names = [pupil.name.as_str(), pupil.name.as_str()];
            let (mut record, _) = ClassLife(self).seated_match(ctx, locale, names, &spec, link)?;
            // The pupil moves first; the other side is the teacher's own.
            if let Some(players) = record.players.as_mut() {
                players[Side::Second.index()] = ctx.user.clone();
            }
            boards.push(record);
        }
        let class = ClassMatchStore(self).commit_class_matches(
            ctx,
            &bytes,
            &class,
            &mut boards,
            &|class, ids| {
                class.simul_from = ids.first().copied();
                class.simul_keep = !restart;
            },
            "class-simul",
        )?;
        let mut text = t(
            locale,
            "class-simul-started",
            &[
                ("game", game_name(locale, spec.game)),
                ("count", boards.len().to_string()),
                ("teacher", self.name_of(&ctx.user)),
            ],
        );
        for (record, pupil) in boards.iter().zip(&class.pupils) {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-simul-board",
                &[("id", record.id.to_string()), ("name", pupil.name.clone())],
            ));
        }
        let mut reply = Reply {
            messages: vec![message(ctx, "class-simul-started", text)],
            ..Reply::default()
        };
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }

    /// `class simul stop`: the boards still played are cancelled, in one commit; the score
    /// stands.
    pub(super) fn stop(&self, ctx: &Context, prefs: Prefs, class: ClassRecord) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let running: Vec<(MatchRecord, Vec<u8>)> = self
            .boards(&class)?
            .into_iter()
            .filter(|(record, _)| record.stage.is_active())
            .collect();
        if running.is_empty() {
            return Err(Fail::user("class-simul-none", Vec::new()));
        }
        let now = self.now();
        let ((), committed) = self.in_one_commit(|unit| {
            for (old, bytes) in &running {
                let mut new = old.clone();
                new.stage = Stage::Cancelled { by: ctx.user.clone() };
                new.draw_offer = None;
                new.undo_request = None;
                new.version += 1;
                new.updated_at = now;
                Commits(unit).commit_match(
                    ctx,
                    Some((old, bytes)),
                    &new,
                    Txn::default(),
                    "class-simul-stop",
                )?;
            }
            Ok(())
        })?;
        if let Committed::Conflict { .. } = committed {
            return Err(Fail::user("try-again", Vec::new()));
        }
        let mut text = t(
            locale,
            "class-simul-stopped",
            &[("count", running.len().to_string())],
        );
        if let Some(score) = self.progress_lines(locale, &class)?.into_iter().next() {
            text.push('\n');
            text.push_str(&score);
        }
        Ok(Reply {
            messages: vec![message(ctx, "class-simul-stopped", text)],
            ..Reply::default()
        })
    }

    /// In the commit that ended board `ended` of the running simul, the same board again for
    /// its pupil (the same game, options and start, the pupil first): a child who finished
    /// plays on until the teacher stops the simul. `None` for any other match, or a board the
    /// simul's stop cancelled.
    pub(crate) fn next_board(&self, ctx: &Context, ended: &MatchRecord) -> Result<Option<MatchRecord>, Fail> {
        let simul = ended.class.as_ref().is_some_and(|link| link.simul);
        if !simul || !matches!(ended.stage, Stage::Finished { .. }) {
            return Ok(None);
        }
        let Some((class, bytes)) = self.class_of(&ended.channel)? else {
            return Ok(None);
        };
        if class.simul_keep || class.simul_from.is_none_or(|from| ended.id < from) {
            return Ok(None);
        }
        let Some(players) = ended.players.clone() else {
            return Ok(None);
        };
        let spec = GameSpec {
            game: ended.game,
            options: game_options(ended),
            variants: ended.variants.clone(),
            position: ended.start.clone(),
        };
        let pupil = players[Side::First.index()].local().to_owned();
        let link = ClassLink {
            simul: true,
            ..ClassLink::default()
        };
        let (mut record, _) =
            ClassLife(self).seated_match(ctx, class.locale, [&pupil, &pupil], &spec, link)?;
        record.players = Some(players);
        // The teacher started it: every class match is in the teacher's active list.
        record.challenger = ended.challenger.clone();
        let mut boards = [record];
        ClassMatchStore(self).commit_class_matches(
            ctx,
            &bytes,
            &class,
            &mut boards,
            &|_, _| {},
            "class-simul-again",
        )?;
        let [record] = boards;
        Ok(Some(record))
    }

    /// The last simul's boards (its first and those after it), with their stored bytes.
    fn boards(&self, class: &ClassRecord) -> Result<Vec<(MatchRecord, Vec<u8>)>, Fail> {
        let Some(from) = class.simul_from else {
            return Ok(Vec::new());
        };
        let mut boards = Vec::new();
        for id in class.matches.iter().filter(|id| **id >= from) {
            if let Some((record, bytes)) = self.load(*id)? {
                if record.class.as_ref().is_some_and(|link| link.simul) {
                    boards.push((record, bytes));
                }
            }
        }
        Ok(boards)
    }

    /// What the class's pages say of a simul being played: its score so far.
    pub(crate) fn screen_line(&self, locale: Locale, class: &ClassRecord) -> Result<Option<String>, Fail> {
        let boards = self.boards(class)?;
        if !boards.iter().any(|(record, _)| record.stage.is_active()) {
            return Ok(None);
        }
        Ok(self.progress_lines(locale, class)?.into_iter().next())
    }

    /// `class progress`'s lines of the last simul: the score, the class against the teacher
    /// (a win 1, a draw ½), then each pupil's result; none before a first simul.
    pub(crate) fn progress_lines(&self, locale: Locale, class: &ClassRecord) -> Result<Vec<String>, Fail> {
        let boards = self.boards(class)?;
        let Some((first, _)) = boards.first() else {
            return Ok(Vec::new());
        };
        let (mut pupils, mut teacher) = (0u32, 0u32); // in halves
        let mut results = Vec::with_capacity(boards.len());
        for (record, _) in &boards {
            let name = record
                .players
                .as_ref()
                .map(|players| players[Side::First.index()].local().to_owned())
                .unwrap_or_default();
            let key = match done_of(record) {
                Some(Done::Scored(Score::WhiteWins)) => {
                    pupils += 2;
                    "class-simul-won"
                }
                Some(Done::Scored(Score::BlackWins)) => {
                    teacher += 2;
                    "class-simul-lost"
                }
                Some(Done::Scored(Score::Draw)) => {
                    pupils += 1;
                    teacher += 1;
                    "class-simul-drew"
                }
                Some(Done::Unscored) => "class-simul-cancelled",
                None => "class-simul-playing",
            };
            results.push(t(locale, key, &[("name", name)]));
        }
        let score = t(
            locale,
            "class-simul-score",
            &[
                ("game", game_name(locale, first.game)),
                ("class", halves(pupils)),
                ("teacher", halves(teacher)),
            ],
        );
        Ok(vec![score, results.join(" · ")])
    }
}

/// Points counted in halves, as a score shows them: `3`, `2½`.
fn halves(points: u32) -> String {
    match (points / 2, points % 2) {
        (whole, 0) => whole.to_string(),
        (0, _) => "½".to_owned(),
        (whole, _) => format!("{whole}½"),
    }
}

#[cfg(test)]
mod tests;
