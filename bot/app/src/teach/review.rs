//! `review [#id]`: the engine goes over a finished match and names the mistakes.
//!
//! The analysis is `lalao_learn::review` (pure, a fixed node budget); this module decides when
//! it runs and where its words go. A review takes seconds, so it never runs on the command path:
//! `review` answers at once ("Looking over match #12…") and queues a durable job
//! (`reviewjob/<match id>`, one per match, a few per person). The review worker, a thread next
//! to the scheduler's (`schedule/router.rs`), takes the jobs in turn, and in one commit removes
//! the job, stores the review (`review/<match id>`: a second `review` answers from it at once,
//! and the live page shows it) and puts the review's text in the outbox for the match's channel
//! (its thread on Discord). A job survives a restart: it stays in the store until that commit.

use lalao_core::{GameKind, Side};
use lalao_learn::review::{self as analysis, Chance, Proved};
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::kernel::lookups::{Lookups, Pick};
use crate::kernel::wording::{game_name, message, side_name};
use crate::kernel::{Context, Fail, LiveReview, Prefs, Reply};
use crate::record::{self, MatchRecord, ReviewJob, ReviewRecord, ReviewedMove, REVIEW_VERSION};
use crate::store::{keys, Committed, Txn};

/// Reviews one person may have waiting at once: enough for a class's teacher going over two
/// matches, too few for a stranger to make the bot hold unbounded work.
pub const MAX_JOBS_PER_USER: usize = 2;

/// Reviews waiting at most, everyone's together.
pub const MAX_JOBS: usize = 32;

/// How many times a review is started before it is given up (and who asked is told): a job
/// that panicked or whose process died mid-way is tried again, but never for ever.
pub const MAX_ATTEMPTS: u32 = 3;

/// How long (seconds) a process has to finish a review it took before another may take it: a
/// review's budget is in nodes, a few seconds on one core.
pub const REVIEW_LEASE: u64 = 120;

/// The moves a review's text names at most (mistakes and blunders), the worst first.
pub const MAX_LINES: usize = 5;

crate::kernel::family::family! {
    /// Match reviews: asked for, queued, made by the review worker, shown.
    Reviews
}

impl Reviews<'_> {
    /// `review [#id]`: the stored review at once, or a job queued and a word that it comes.
    pub(super) fn review(&self, ctx: &Context, prefs: Prefs, id: Option<MatchId>) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let record = self.reviewed_match(ctx, id)?;
        let args = vec![("id", record.id.to_string())];
        if record.stage.is_active() {
            return Err(Fail::user("review-running", args));
        }
        // A lesson's moves are tries at its steps, each from the step's own position, and a
        // puzzle has its solution: neither is a game to go over.
        if record.lesson.is_some() || record.puzzle.is_some() {
            return Err(Fail::user("review-not-here", args));
        }
        if record.moves.is_empty() {
            return Err(Fail::user("review-no-moves", args));
        }
        if let Some(review) = self.stored(record.id)? {
            let mut message = message(ctx, "review", self.review_text(locale, &record, &review));
            message.on_match(&record);
            return Ok(Reply {
                messages: vec![message],
                ..Reply::default()
            });
        }
        let moves = ("moves", record.moves.len().to_string());
        let job_key = keys::review_job_key(record.id);
        if self.reads().get(&job_key)?.is_some() {
            return Ok(crate::kernel::wording::single(
                ctx,
                "review-queued",
                t(locale, "review-queued", &[args[0].clone(), moves]),
            ));
        }
        let (mine, all) = self.waiting(&ctx.user)?;
        if mine >= MAX_JOBS_PER_USER {
            return Err(Fail::user(
                "review-busy",
                vec![("count", MAX_JOBS_PER_USER.to_string())],
            ));
        }
        if all >= MAX_JOBS {
            return Err(Fail::user("review-queue-full", Vec::new()));
        }
        let job = ReviewJob {
            v: REVIEW_VERSION,
            match_id: record.id,
            requester: ctx.user.clone(),
            channel: answer_channel(ctx, &record),
            queued_at: self.now(),
            attempts: 0,
            lease: None,
        };
        let mut txn = Txn::default();
        txn.check(job_key.clone(), None)
            .put(job_key, record::encode(&job));
        if self.commit_txn(&txn)? != Committed::Applied {
            // Someone asked for the same review at the same moment: theirs comes.
            tracing::debug!(
                match_id = record.id.0,
                "a review of this match was queued meanwhile"
            );
        }
        self.sync()?;
        self.hooks().reviews.note(0);
        tracing::info!(match_id = record.id.0, "review queued");
        Ok(crate::kernel::wording::single(
            ctx,
            "review-queued",
            t(locale, "review-queued", &[args[0].clone(), moves]),
        ))
    }

    /// The match `review` is about: the one named, else the channel's last finished match,
    /// else the one `board` would show (which is refused if it still runs).
    fn reviewed_match(&self, ctx: &Context, id: Option<MatchId>) -> Result<MatchRecord, Fail> {
        if id.is_none() {
            let last = self
                .reads()
                .get(&keys::last_finished_key(&ctx.channel))?
                .and_then(|digits| String::from_utf8(digits).ok())
                .and_then(|digits| digits.parse().ok())
                .map(MatchId);
            if let Some(last) = last {
                if let Ok((record, _)) = Lookups(self).load_reachable(ctx, last) {
                    return Ok(record);
                }
            }
        }
        Ok(Lookups(self).resolve(ctx, id, Pick::Viewable)?.0)
    }

    /// How many reviews wait: `user`'s, and everyone's (counted up to the limit).
    fn waiting(&self, user: &UserId) -> Result<(usize, usize), Fail> {
        let (mut mine, mut all) = (0, 0);
        for entry in self.reads().iter_prefix(keys::REVIEW_JOB_PREFIX) {
            let (_, value) = entry?;
            all += 1;
            if record::decode_review_job(&value).is_ok_and(|job| job.requester == *user) {
                mine += 1;
            }
            if all >= MAX_JOBS {
                break;
            }
        }
        Ok((mine, all))
    }

    /// Match `id`'s stored review, if it has one.
    pub(crate) fn stored(&self, id: MatchId) -> Result<Option<ReviewRecord>, Fail> {
        match self.reads().get(&keys::review_key(id))? {
            None => Ok(None),
            Some(bytes) => Ok(Some(record::decode_review(&bytes)?)),
        }
    }

    /// The review's words in `locale`: a title, the worst moves first, and each player's count.
    pub(crate) fn review_text(&self, locale: Locale, record: &MatchRecord, review: &ReviewRecord) -> String {
        let mut lines = vec![t(
            locale,
            "review-title",
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
            ],
        )];
        if record.game == GameKind::Mangala {
            // Every move is forced (M-4): the side chosen in the rite was the only choice.
            lines.push(t(locale, "review-forced", &[]));
            return lines.join("\n");
        }
        let marked = worst_first(review);
        if marked.is_empty() {
            lines.push(t(locale, "review-clean", &[]));
        }
        for reviewed in marked.iter().take(MAX_LINES) {
            lines.push(self.move_line(locale, record, reviewed));
        }
        if marked.len() > MAX_LINES {
            lines.push(t(
                locale,
                "review-more",
                &[("count", (marked.len() - MAX_LINES).to_string())],
            ));
        }
        for side in [Side::First, Side::Second] {
            lines.push(self.summary_line(locale, record, review, side));
        }
        if let Some(stop) = review
            .moves
            .iter()
            .find(|reviewed| reviewed.verdict == "unjudged")
        {
            lines.push(t(locale, "review-partial", &[("move", stop.ply.to_string())]));
        }
        lines.join("\n")
    }

    /// "move 12: Ana played b3A and lost 7 seeds; a2B would have captured 4."
    fn move_line(&self, locale: Locale, record: &MatchRecord, reviewed: &ReviewedMove) -> String {
        let (cost, gain) = self.cost_and_gain(locale, record, reviewed);
        t(
            locale,
            "review-line",
            &[
                ("number", (reviewed.ply + 1).to_string()),
                ("player", self.mover(locale, record, reviewed.side)),
                ("played", reviewed.played.clone()),
                ("cost", cost),
                ("gain", gain),
            ],
        )
    }

    /// What a marked move cost ("lost 7 seeds") and what the better one would have done
    /// ("a2B would have captured 4 seeds").
    fn cost_and_gain(
        &self,
        locale: Locale,
        record: &MatchRecord,
        reviewed: &ReviewedMove,
    ) -> (String, String) {
        let game = ("game", record.game.id().to_owned());
        let cost = match reviewed.proved.as_deref() {
            Some("win_let_go") => t(locale, "review-cost-win", &[]),
            Some(_) => t(locale, "review-cost-loss", &[]),
            None => t(
                locale,
                "review-cost-units",
                &[
                    (
                        "count",
                        analysis::units_lost(record.game, reviewed.loss).to_string(),
                    ),
                    game.clone(),
                ],
            ),
        };
        let better = reviewed.better.clone().unwrap_or_default();
        let gain = if reviewed.missed_win {
            t(locale, "review-gain-win", &[("move", better)])
        } else if let Some(count) = reviewed.missed_capture {
            t(
                locale,
                "review-gain-capture",
                &[("move", better), ("count", count.to_string()), game],
            )
        } else {
            t(locale, "review-gain-better", &[("move", better)])
        };
        (cost, gain)
    }

    /// "Ana: 12 good moves, 2 mistakes, 1 missed capture."
    fn summary_line(
        &self,
        locale: Locale,
        record: &MatchRecord,
        review: &ReviewRecord,
        side: Side,
    ) -> String {
        let mine = review.moves.iter().filter(|reviewed| reviewed.side == side);
        // A missed chance is counted where the review names the move (a mistake or worse).
        let named = mine.clone().filter(|reviewed| {
            analysis::Verdict::from_id(&reviewed.verdict).is_some_and(analysis::Verdict::is_named)
        });
        let count = |verdicts: &[&str]| {
            mine.clone()
                .filter(|reviewed| verdicts.contains(&reviewed.verdict.as_str()))
                .count()
        };
        let mut parts = vec![t(
            locale,
            "review-count-good",
            &[("count", count(&["best", "good"]).to_string())],
        )];
        for (key, found) in [
            ("review-count-inaccuracies", count(&["inaccuracy"])),
            ("review-count-mistakes", count(&["mistake"])),
            ("review-count-blunders", count(&["blunder"])),
            (
                "review-count-missed-captures",
                named
                    .clone()
                    .filter(|reviewed| reviewed.missed_capture.is_some())
                    .count(),
            ),
            (
                "review-count-missed-wins",
                named.clone().filter(|reviewed| reviewed.missed_win).count(),
            ),
        ] {
            if found > 0 {
                parts.push(t(locale, key, &[("count", found.to_string())]));
            }
        }
        t(
            locale,
            "review-summary",
            &[
                ("player", self.mover(locale, record, side)),
                ("counts", parts.join(", ")),
            ],
        )
    }

    /// What a live page shows of `review`, in `locale`.
    pub(crate) fn live_review(
        &self,
        locale: Locale,
        record: &MatchRecord,
        review: &ReviewRecord,
    ) -> LiveReview {
        LiveReview {
            title: t(
                locale,
                "review-title",
                &[
                    ("id", record.id.to_string()),
                    ("game", game_name(locale, record.game)),
                ],
            ),
            moves: review
                .moves
                .iter()
                .map(|reviewed| {
                    let named = analysis::Verdict::from_id(&reviewed.verdict)
                        .is_some_and(analysis::Verdict::is_named);
                    let note = named.then(|| {
                        let (cost, gain) = self.cost_and_gain(locale, record, reviewed);
                        t(
                            locale,
                            "review-note",
                            &[
                                ("verdict", reviewed.verdict.clone()),
                                ("cost", cost),
                                ("gain", gain),
                            ],
                        )
                    });
                    (reviewed.verdict.clone(), note)
                })
                .collect(),
            summary: [Side::First, Side::Second]
                .into_iter()
                .map(|side| self.summary_line(locale, record, review, side))
                .collect(),
        }
    }

    /// Who played `side`: the player's name, or the side's where no one sits (practice).
    fn mover(&self, locale: Locale, record: &MatchRecord, side: Side) -> String {
        match (&record.players, record.practice) {
            (Some(players), false) => self.name_of(&players[side.index()]),
            _ => side_name(locale, record.game, side),
        }
    }
}

/// The moves a stored review names (mistakes and blunders), the worst first (proved results, then by the loss),
/// then in the order played.
pub(crate) fn worst_first(review: &ReviewRecord) -> Vec<&ReviewedMove> {
    let mut marked: Vec<&ReviewedMove> = review
        .moves
        .iter()
        .filter(|reviewed| {
            analysis::Verdict::from_id(&reviewed.verdict).is_some_and(analysis::Verdict::is_named)
        })
        .collect();
    marked.sort_by_key(|reviewed| {
        let severity = if reviewed.proved.is_some() {
            i64::MAX
        } else {
            i64::from(reviewed.loss)
        };
        (std::cmp::Reverse(severity), reviewed.ply)
    });
    marked
}

/// Where a review asked for from `ctx` is posted: the match's channel (its thread on Discord
/// is reached through it), unless it was asked for elsewhere (a player's direct message).
fn answer_channel(ctx: &Context, record: &MatchRecord) -> ChannelId {
    if ctx.channel == record.channel || record.post.thread.as_ref() == Some(&ctx.channel) {
        record.channel.clone()
    } else {
        ctx.channel.clone()
    }
}

/// The analysis as it is stored.
pub(crate) fn stored_review(record: &MatchRecord, review: &analysis::Review, now: u64) -> ReviewRecord {
    ReviewRecord {
        v: REVIEW_VERSION,
        match_id: record.id,
        game: record.game,
        plies: record.moves.len() as u32,
        moves: review
            .plies
            .iter()
            .map(|ply| ReviewedMove {
                ply: ply.ply as u32,
                side: ply.side,
                played: ply.played.clone(),
                verdict: ply.verdict.id().to_owned(),
                better: ply.better.clone(),
                loss: ply.loss,
                proved: ply.proved.map(|proved| {
                    match proved {
                        Proved::WinLetGo => "win_let_go",
                        Proved::LossWalkedInto => "loss_walked_into",
                    }
                    .to_owned()
                }),
                missed_capture: match ply.missed {
                    Some(Chance::Capture(count)) => Some(count),
                    _ => None,
                },
                missed_win: ply.missed == Some(Chance::Win),
            })
            .collect(),
        nodes: review.nodes,
        reviewed_at: now,
    }
}

#[cfg(test)]
mod tests;
