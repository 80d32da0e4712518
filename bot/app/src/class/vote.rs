//! The class plays one side by vote (docs/classroom.md): `class vote <game>` starts a match of
//! the class against the computer (the gentle level unless said) or the teacher. While it is
//! the class's turn, every seat page offers the legal moves; a pupil's tap is their vote. The
//! turn closes when its time runs out (a durable timer), when every pupil in class has voted
//! (those whose seat page is open: `kernel/presence.rs`), or when the teacher says
//! `class vote play`; the most voted move is played, a tie going to the later proposal, and
//! more than 60 % of the votes resign. The ballots are in the match record ([`VoteBox`]), so a
//! restart in the middle of a turn keeps them.

use lalao_core::Side;

use super::lifecycle::ClassLife;
use super::reports::ClassReports;
use super::ClassRecord;
use crate::i18n::t;
use crate::ids::{computer_user, MatchId};
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::commit::Commits;
use crate::kernel::queries::Queries;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::play::ballots::{choice_text, Ballots};
use crate::play::vote_turns::VoteTurns;
use crate::record::{seat_user, ClassLink, ComputerSeat, MatchRecord, Stage, VoteBox, DEFAULT_VOTE_SECONDS};
use crate::seats::holds_pupil;
use crate::store::Txn;
use lalao_core::ai::Level;
use lalao_core::GameKind;
use lalao_grammar::GameSpec;

crate::kernel::family::family! {
    /// The class playing one side by vote.
    Votes
}

/// How the class plays: against the computer at `level` (the teacher with none), `seconds` a
/// turn (the default when not said), changing one's vote allowed or not.
pub(super) struct VoteSetup {
    pub level: Option<Level>,
    pub seconds: Option<u32>,
    pub change: bool,
}

impl Votes<'_> {
    /// `class vote <game>`: the class's match, in one commit, refused while a vote runs.
    pub(super) fn start(
        &self,
        ctx: &Context,
        prefs: Prefs,
        (class, bytes): (ClassRecord, Vec<u8>),
        spec: GameSpec,
        VoteSetup {
            level,
            seconds,
            change,
        }: VoteSetup,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        // Pupils vote by taps on their seat pages: without the pages nobody could.
        if self.web_base().is_none() {
            return Err(Fail::user("class-vote-needs-pages", Vec::new()));
        }
        if class.pupils.is_empty() {
            return Err(Fail::user("class-vote-no-pupils", Vec::new()));
        }
        // Mangala IV plays itself (RULES.md M-4): there is nothing to vote on.
        if spec.game == GameKind::Mangala {
            return Err(Fail::user("class-vote-mangala", Vec::new()));
        }
        if self.running(&class)?.is_some() {
            return Err(Fail::user("class-vote-running", Vec::new()));
        }
        let names = [class.name.as_str(), class.name.as_str()];
        let (mut record, _) =
            ClassLife(self).seated_match(ctx, locale, names, &spec, ClassLink::default())?;
        let opponent = match level {
            Some(level) => {
                record.computer = Some(ComputerSeat {
                    level: level.id().to_owned(),
                    seed: self.seed(),
                });
                computer_user()
            }
            None => ctx.user.clone(),
        };
        // The class moves first; its side is its own seat, which only a closed turn moves.
        record.players = Some([class_seat(&class), opponent]);
        record.unrated = true;
        let seconds = seconds.unwrap_or(DEFAULT_VOTE_SECONDS);
        record.vote = Some(VoteBox::new(Side::First, seconds, change));
        let mut boards = [record];
        let class = ClassMatchStore(self).commit_class_matches(
            ctx,
            &bytes,
            &class,
            &mut boards,
            &|class, ids| class.vote_match = ids.first().copied(),
            "class-vote",
        )?;
        let against = match level {
            Some(level) => t(
                locale,
                "class-vote-computer",
                &[("level", t(locale, &format!("discord-level-{}", level.id()), &[]))],
            ),
            None => self.name_of(&ctx.user),
        };
        let text = t(
            locale,
            "class-vote-started",
            &[
                ("game", game_name(locale, spec.game)),
                ("id", boards[0].id.to_string()),
                ("against", against),
                ("seconds", seconds.to_string()),
            ],
        );
        let mut reply = Reply {
            messages: vec![message(ctx, "class-vote-started", text)],
            ..Reply::default()
        };
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }

    /// A pupil's vote, tapped on their seat: `text` is a legal move of the class's turn, or
    /// `resign`. One vote per pupil and turn; a second one changes the first where the
    /// teacher allowed it. When every pupil in class (their seat page open) has voted, the turn
    /// closes at once.
    pub(super) fn ballot(
        &self,
        ctx: &Context,
        class: &ClassRecord,
        id: MatchId,
        text: &str,
    ) -> Result<Reply, Fail> {
        let locale = class.locale;
        let voter = class
            .pupils
            .iter()
            .find(|pupil| holds_pupil(&ctx.user, pupil))
            .map(|pupil| seat_user(&pupil.name))
            .ok_or_else(|| Fail::user("class-vote-not-a-voter", Vec::new()))?;
        // Pupils in class: those whose seat page is open, where this process can tell (not when
        // other processes sharing the store serve some of the pages).
        let known = !Queries(self).store_is_shared();
        let in_class = |name: &str| {
            let token = class.screen.as_ref().and_then(|links| links.seat_token(name));
            let open = token
                .filter(|_| known)
                .and_then(|token| self.open_screens().open(&token));
            open.unwrap_or(true)
        };
        let pupils: Vec<_> = class
            .pupils
            .iter()
            .filter(|pupil| in_class(&pupil.name))
            .map(|pupil| seat_user(&pupil.name))
            .collect();
        let (reply, everyone) =
            Ballots(self).ballot(ctx, (id, &class.channel), voter, text, locale, &|vote| {
                pupils.iter().all(|pupil| vote.ballot_of(pupil).is_some())
            })?;
        // Every pupil in class has voted: no need to wait for the time.
        if everyone {
            if let Err(err) = VoteTurns(self).close(id, None) {
                tracing::warn!(
                    match_id = id.0,
                    error = err.what(),
                    "a full vote could not close its turn now; its timer will"
                );
            }
        }
        Ok(reply)
    }

    /// `class vote play`: the teacher closes the open turn now.
    pub(super) fn play_now(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let Some((record, _)) = self.running(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        let empty = record.vote.as_ref().is_none_or(|vote| vote.ballots.is_empty());
        if empty || !VoteTurns(self).close(record.id, None)? {
            return Err(Fail::user("class-vote-nothing", Vec::new()));
        }
        Ok(Reply {
            messages: vec![message(
                ctx,
                "class-vote-played",
                t(
                    class.locale,
                    "class-vote-played",
                    &[("id", record.id.to_string())],
                ),
            )],
            ..Reply::default()
        })
    }

    /// `class vote stop`: the running vote's match is cancelled.
    pub(super) fn stop(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let Some((old, bytes)) = self.running(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        let mut new = old.clone();
        new.stage = Stage::Cancelled { by: ctx.user.clone() };
        new.version += 1;
        new.updated_at = self.now();
        Commits(self).commit_match(ctx, Some((&old, &bytes)), &new, Txn::default(), "class-vote-stop")?;
        Ok(Reply {
            messages: vec![message(
                ctx,
                "class-vote-stopped",
                t(class.locale, "class-vote-stopped", &[("id", old.id.to_string())]),
            )],
            ..Reply::default()
        })
    }

    /// `class vote reveal`: once the last vote's game is over, who voted what at each turn.
    pub(super) fn reveal(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let locale = class.locale;
        let Some((record, _)) = self.last(class)? else {
            return Err(Fail::user("class-vote-none", Vec::new()));
        };
        if record.stage.is_active() {
            return Err(Fail::user("class-vote-reveal-later", Vec::new()));
        }
        let vote = record.vote.as_ref().expect("the last vote's match");
        let mut lines = vec![t(locale, "class-vote-reveal", &[("id", record.id.to_string())])];
        for turn in &vote.turns {
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for ballot in &turn.ballots {
                let said = choice_text(locale, &ballot.choice);
                let name = ballot.voter.local().to_owned();
                match groups.iter_mut().find(|(choice, _)| *choice == said) {
                    Some((_, names)) => names.push(name),
                    None => groups.push((said, vec![name])),
                }
            }
            let groups: Vec<String> = groups
                .into_iter()
                .map(|(choice, names)| format!("{choice} ({}): {}", names.len(), names.join(", ")))
                .collect();
            lines.push(format!(
                "{}. {} ← {}",
                turn.ply / 2 + 1,
                turn.played,
                groups.join(" · ")
            ));
        }
        Ok(Reply {
            messages: vec![message(ctx, "class-vote-reveal", lines.join("\n"))],
            ..Reply::default()
        })
    }

    /// The class's last vote's match, with its stored bytes.
    pub(crate) fn last(&self, class: &ClassRecord) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        let Some(id) = class.vote_match else {
            return Ok(None);
        };
        Ok(self.load(id)?.filter(|(record, _)| record.vote.is_some()))
    }

    /// The class's vote being played.
    fn running(&self, class: &ClassRecord) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        Ok(self.last(class)?.filter(|(record, _)| record.stage.is_active()))
    }
}

/// The seat the class plays by vote: the class's own name on the board.
pub(crate) fn class_seat(class: &ClassRecord) -> crate::ids::UserId {
    seat_user(&class.name)
}

#[cfg(test)]
mod tests;
