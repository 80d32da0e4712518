//! Tournaments of a class: pairing rounds (round robin, Swiss) and advancing when a round is
//! done; results are read from the match records, never copied.

use crate::class::lifecycle::ClassLife;
use crate::class::reports::ClassReports;
use crate::class::standings::Standings;
use crate::kernel::class_matches::ClassMatchStore;
use lalao_core::Side;
use serde_json::Map;

use super::pairing::{self};
use super::{ClassLink, ClassRecord, Format, Pairing, Round, Tournament};
use crate::command::GameSpec;
use crate::i18n::t;
use crate::ids::{ChannelId, MatchId};
use crate::kernel::lookups::option_value;
use crate::kernel::wording::{game_name, message, player_label};
use crate::kernel::{Context, Fail, Message, Prefs, Reply};

crate::kernel::family::family! {
    /// A class's tournament: rounds, pairings, the end.
    Tournaments
}

impl Tournaments<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn class_tournament(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        spec: GameSpec,
        swiss: Option<u32>,
        teams: bool,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        // Roster (or team) order is the seeding.
        let entrants: Vec<String> = if teams {
            class.teams.iter().map(|team| team.name.clone()).collect()
        } else {
            class.pupils.iter().map(|pupil| pupil.name.clone()).collect()
        };
        if entrants.len() < 2 {
            let key = if teams {
                "class-too-few-teams"
            } else {
                "class-too-few"
            };
            return Err(Fail::user(key, Vec::new()));
        }
        if let Some(tournament) = &class.tournament {
            if !self.tournament_over(tournament)? {
                return Err(Fail::user("class-tournament-running", Vec::new()));
            }
        }
        // Check the game, options and position once, before pairing anyone.
        let (checked, _) =
            ClassLife(self).seated_match(ctx, locale, ["a", "b"], &spec, ClassLink::default())?;
        let format = match swiss {
            None => Format::RoundRobin,
            // Without a count, as many rounds as it takes to find a sole winner in most classes.
            Some(0) => Format::Swiss {
                rounds: usize::BITS - (entrants.len() - 1).leading_zeros(),
            },
            Some(rounds) => Format::Swiss { rounds },
        };
        let mut start = class.clone();
        start.tournament = Some(Tournament {
            game: spec.game,
            options: Map::new(),
            variants: spec.variants.clone(),
            format,
            entrants,
            rounds: Vec::new(),
            started_at: self.now(),
            announced_over: false,
            start: checked.start,
        });
        let (class, messages) = self.pair_round(ctx, prefs, &start, &bytes, &spec, "class-tournament")?;
        let mut reply = Reply {
            messages,
            ..Reply::default()
        };
        reply
            .messages
            .push(ClassReports(self).dashboard(ctx, prefs, &class, true)?);
        Ok(reply)
    }

    /// Pairs and starts the next round of the class tournament (`class` is the base to update;
    /// `old_bytes` the stored class the commit checks against).
    pub(super) fn pair_round(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: &ClassRecord,
        old_bytes: &[u8],
        spec: &GameSpec,
        command: &str,
    ) -> Result<(ClassRecord, Vec<Message>), Fail> {
        let locale = prefs.locale;
        let tournament = class.tournament.as_ref().expect("a tournament to pair");
        let round = tournament.rounds.len();
        let plan = match tournament.format {
            Format::RoundRobin => pairing::round_robin(tournament.entrants.len(), round),
            Format::Swiss { .. } => pairing::swiss(&self.swiss_history(tournament)?),
        };
        let link = ClassLink {
            round: Some(round as u32 + 1),
            ..ClassLink::default()
        };
        let mut matches = Vec::new();
        for pair in &plan.pairs {
            let seats = [
                tournament.entrants[pair.white].as_str(),
                tournament.entrants[pair.black].as_str(),
            ];
            matches.push(
                ClassLife(self)
                    .seated_match(ctx, locale, seats, spec, link.clone())?
                    .0,
            );
        }
        let attach = |class: &mut ClassRecord, ids: &[MatchId]| {
            let tournament = class.tournament.as_mut().expect("a tournament");
            if tournament.options.is_empty() {
                let mut options = Map::new();
                for (key, value) in &spec.options {
                    options.insert(key.clone(), option_value(value));
                }
                tournament.options = options;
            }
            tournament.rounds.push(Round {
                games: plan
                    .pairs
                    .iter()
                    .zip(ids)
                    .map(|(pair, id)| Pairing {
                        white: pair.white,
                        black: pair.black,
                        match_id: *id,
                    })
                    .collect(),
                bye: plan.bye,
            });
        };
        let class = ClassMatchStore(self).commit_class_matches(
            ctx,
            old_bytes,
            class,
            &mut matches,
            &attach,
            command,
        )?;
        let tournament = class.tournament.as_ref().expect("a tournament");
        let mut text = t(
            locale,
            "class-round",
            &[
                ("round", (round + 1).to_string()),
                ("rounds", tournament.planned_rounds().to_string()),
                ("game", game_name(locale, tournament.game)),
            ],
        );
        for record in &matches {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-pairing",
                &[
                    ("id", record.id.to_string()),
                    ("first", player_label(self, locale, record, Side::First)),
                    ("second", player_label(self, locale, record, Side::Second)),
                ],
            ));
        }
        if let Some(bye) = plan.bye {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-bye",
                &[("name", tournament.entrants[bye].clone())],
            ));
        }
        Ok((class.clone(), vec![message(ctx, "class-round", text)]))
    }

    pub(super) fn round_done(&self, round: &Round) -> Result<bool, Fail> {
        for game in &round.games {
            if Standings(self).done(game.match_id)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    pub(super) fn tournament_over(&self, tournament: &Tournament) -> Result<bool, Fail> {
        match tournament.rounds.last() {
            None => Ok(true),
            Some(last) => {
                Ok(tournament.rounds.len() >= tournament.planned_rounds() && self.round_done(last)?)
            }
        }
    }

    pub(super) fn swiss_history(&self, tournament: &Tournament) -> Result<Vec<pairing::History>, Fail> {
        let mut history = vec![pairing::History::default(); tournament.entrants.len()];
        let (_, byes) = Standings(self).tournament_games(tournament)?;
        for round in &tournament.rounds {
            for game in &round.games {
                history[game.white].whites += 1;
                history[game.black].blacks += 1;
                history[game.white].opponents.insert(game.black);
                history[game.black].opponents.insert(game.white);
            }
        }
        for bye in byes {
            history[bye].had_bye = true;
        }
        for row in Standings(self).standings_rows(tournament)? {
            history[row.entrant].points = row.points;
        }
        Ok(history)
    }

    /// Starts the next round when the current one is complete; announces the final standings
    /// when the last one is. Runs with no event id: the triggering change already recorded it.
    /// Pairs the next round of the class of `channel` once the last one is done, or announces
    /// the end of the tournament (once). `channel` is the class's (the match's), whatever the
    /// caller's: a pupil may move from a direct message.
    pub(super) fn advance(
        &self,
        ctx: &Context,
        prefs: Prefs,
        channel: &ChannelId,
    ) -> Result<Vec<Message>, Fail> {
        let Some((mut class, bytes)) = self.class_of(channel)? else {
            return Ok(Vec::new());
        };
        let Some(tournament) = &class.tournament else {
            return Ok(Vec::new());
        };
        let Some(last) = tournament.rounds.last() else {
            return Ok(Vec::new());
        };
        if !self.round_done(last)? {
            return Ok(Vec::new());
        }
        let quiet = Context {
            event: None,
            channel: class.channel.clone(),
            ..ctx.clone()
        };
        if tournament.rounds.len() < tournament.planned_rounds() {
            let spec = GameSpec {
                game: tournament.game,
                options: tournament
                    .options
                    .iter()
                    .map(|(key, value)| {
                        let text = match value {
                            serde_json::Value::String(text) => text.clone(),
                            other => other.to_string(),
                        };
                        (key.clone(), text)
                    })
                    .collect(),
                variants: tournament.variants.clone(),
                position: tournament.start.clone(),
            };
            return match self.pair_round(&quiet, prefs, &class, &bytes, &spec, "class-round") {
                Ok((_, messages)) => Ok(messages),
                // Someone else paired the round first.
                Err(Fail::User { key: "try-again", .. }) => Ok(Vec::new()),
                Err(other) => Err(other),
            };
        }
        if tournament.announced_over {
            return Ok(Vec::new());
        }
        let mut text = t(prefs.locale, "class-tournament-over", &[]);
        text.push('\n');
        text.push_str(&ClassReports(self).standings_text(&class)?);
        // Said once: later class changes (a friendly match after the tournament) stay quiet.
        if let Some(tournament) = class.tournament.as_mut() {
            tournament.announced_over = true;
        }
        class.version += 1;
        match ClassLife(self).save_class(&quiet, Some(bytes), &class, "class-tournament-over") {
            Ok(()) => Ok(vec![message(&quiet, "class-tournament-over", text)]),
            // Someone else announced it (or changed the class) first.
            Err(Fail::User { key: "try-again", .. }) => Ok(Vec::new()),
            Err(other) => Err(other),
        }
    }
}
