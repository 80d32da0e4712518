//! What a class sees: the roster, the standings, the CSV export and the teacher's dashboard.

use super::pairing::{self, Score};
use super::ClassRecord;
use crate::class::standings::Standings;
use crate::i18n::t;
use crate::ids::MatchId;
use crate::kernel::wording::{ending_text, game_name, message, player_label};
use crate::kernel::{Audience, Context, Fail, Kind, Message, Prefs};
use crate::record::Stage;
use crate::store::keys;

use super::standings::Done;

crate::kernel::family::family! {
    /// Roster, standings, CSV and the dashboard.
    ClassReports
}

impl ClassReports<'_> {
    pub(super) fn roster_text(&self, class: &ClassRecord) -> String {
        let locale = class.locale;
        let mut text = t(
            locale,
            "class-roster",
            &[
                ("name", class.name.clone()),
                ("teacher", self.name_of(&class.teacher)),
                ("count", class.pupils.len().to_string()),
            ],
        );
        if class.pupils.is_empty() {
            text.push('\n');
            text.push_str(&t(locale, "class-roster-empty", &[]));
        }
        for pupil in &class.pupils {
            text.push('\n');
            match &pupil.account {
                Some(account) => text.push_str(&t(
                    locale,
                    "class-roster-bound",
                    &[("name", pupil.name.clone()), ("account", self.name_of(account))],
                )),
                None => text.push_str(&t(locale, "class-roster-pupil", &[("name", pupil.name.clone())])),
            }
        }
        for team in &class.teams {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-roster-team",
                &[("team", team.name.clone()), ("members", team.members.join(", "))],
            ));
        }
        text
    }

    /// The standings table, monospace (the console prints it as is; chat adapters put text in
    /// a code block already for boards).
    pub(super) fn standings_text(&self, class: &ClassRecord) -> Result<String, Fail> {
        let locale = class.locale;
        let Some(tournament) = &class.tournament else {
            return Err(Fail::user("class-no-tournament", Vec::new()));
        };
        let rows = Standings(self).standings_rows(tournament)?;
        let mut text = t(
            locale,
            "class-standings",
            &[
                ("game", game_name(locale, tournament.game)),
                ("round", tournament.rounds.len().to_string()),
                ("rounds", tournament.planned_rounds().to_string()),
            ],
        );
        let width = tournament
            .entrants
            .iter()
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(t(locale, "class-col-name", &[]).chars().count());
        let header = [
            t(locale, "class-col-rank", &[]),
            t(locale, "class-col-name", &[]),
            t(locale, "class-col-played", &[]),
            t(locale, "class-col-won", &[]),
            t(locale, "class-col-drawn", &[]),
            t(locale, "class-col-lost", &[]),
            t(locale, "class-col-points", &[]),
            t(locale, "class-col-tiebreak", &[]),
        ];
        text.push('\n');
        text.push_str(&table_line(&header, width));
        for row in rows {
            let cells = [
                row.rank.to_string(),
                tournament.entrants[row.entrant].clone(),
                row.played.to_string(),
                row.wins.to_string(),
                row.draws.to_string(),
                row.losses.to_string(),
                row.points.to_string(),
                row.tiebreak.to_string(),
            ];
            text.push('\n');
            text.push_str(&table_line(&cells, width));
        }
        Ok(text)
    }

    /// Every tournament game as CSV (RFC 4180; the header is fixed English for spreadsheets and
    /// scripts): round, match, white, black, result (`1-0`, `0-1`, `½-½`, `*` unfinished,
    /// `-` no result), points of each, moves.
    pub(super) fn csv(&self, class: &ClassRecord) -> Result<String, Fail> {
        let Some(tournament) = &class.tournament else {
            return Err(Fail::user("class-no-tournament", Vec::new()));
        };
        let mut out = String::from("round,match,first,second,result,first_points,second_points,moves");
        for (index, round) in tournament.rounds.iter().enumerate() {
            for game in &round.games {
                let moves = self
                    .load(game.match_id)?
                    .map_or(0, |(record, _)| record.moves.len());
                let (result, a, b) = match Standings(self).done(game.match_id)? {
                    None => ("*", String::new(), String::new()),
                    Some(Done::Unscored) => ("-", String::new(), String::new()),
                    Some(Done::Scored(Score::WhiteWins)) => ("1-0", pairing::WIN.to_string(), "0".to_owned()),
                    Some(Done::Scored(Score::BlackWins)) => ("0-1", "0".to_owned(), pairing::WIN.to_string()),
                    Some(Done::Scored(Score::Draw)) => {
                        ("1/2-1/2", pairing::DRAW.to_string(), pairing::DRAW.to_string())
                    }
                };
                out.push_str(&format!(
                    "\n{},{},{},{},{result},{a},{b},{moves}",
                    index + 1,
                    game.match_id.0,
                    csv_field(&tournament.entrants[game.white]),
                    csv_field(&tournament.entrants[game.black]),
                ));
            }
            if let Some(bye) = round.bye {
                out.push_str(&format!(
                    "\n{},,{},,bye,{},,0",
                    index + 1,
                    csv_field(&tournament.entrants[bye]),
                    pairing::BYE
                ));
            }
        }
        Ok(out)
    }

    /// The teacher's dashboard: one line per class match, asked for, or (`refresh`) sent again
    /// after a change so that adapters edit it in place.
    pub(super) fn dashboard(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: &ClassRecord,
        refresh: bool,
    ) -> Result<Message, Fail> {
        let key = if refresh {
            "class-dashboard-update"
        } else {
            "class-dashboard"
        };
        let locale = prefs.locale;
        let mut text = t(
            locale,
            "class-dashboard",
            &[
                ("name", class.name.clone()),
                ("count", (class.earlier + class.matches.len() as u64).to_string()),
            ],
        );
        // The active matches (the channel's index, without reading every match ever played) and
        // the latest finished ones: the dashboard stays short however long the class runs.
        let mut active = std::collections::BTreeSet::new();
        for entry in self.reads().iter_prefix(&keys::channel_prefix(&class.channel)) {
            active.extend(keys::match_id_of_index(&entry?.0));
        }
        let recent: Vec<MatchId> = class
            .matches
            .iter()
            .rev()
            .filter(|id| !active.contains(id))
            .take(super::DASHBOARD_FINISHED)
            .copied()
            .collect();
        let earlier = class.earlier as usize + class.matches.len()
            - class.matches.iter().filter(|id| active.contains(id)).count()
            - recent.len();
        for id in class
            .matches
            .iter()
            .filter(|id| active.contains(id) || recent.contains(id))
        {
            let Some((record, _)) = self.load(*id)? else {
                continue;
            };
            let game = record.current_game()?;
            let paused = record.class.as_ref().is_some_and(|link| link.paused);
            let state = match &record.stage {
                Stage::Playing if paused => t(locale, "class-state-paused", &[]),
                Stage::Playing if record.clock.turn.as_ref().is_some_and(|turn| turn.flagged) => t(
                    locale,
                    "class-state-flagged",
                    &[
                        ("player", player_label(self, locale, &record, game.to_move())),
                        ("id", record.id.to_string()),
                    ],
                ),
                Stage::Playing => t(
                    locale,
                    "class-state-turn",
                    &[("player", player_label(self, locale, &record, game.to_move()))],
                ),
                Stage::Finished { .. } => ending_text(self, locale, &record).unwrap_or_default(),
                Stage::Cancelled { .. } | Stage::Declined | Stage::Expired | Stage::Aborted => {
                    t(locale, "class-state-cancelled", &[])
                }
                Stage::Challenge | Stage::Rite { .. } => String::new(),
            };
            let players = record
                .players
                .as_ref()
                .map(|players| [players[0].local().to_owned(), players[1].local().to_owned()])
                .unwrap_or_default();
            // An activity has one seat on both sides: "Ana – Ana · moves: 0" would say
            // nothing. It is said by whose it is (the class's own board is the teacher's) and
            // what it is.
            let shown = crate::teach::on_screen::activity_board(locale, &record);
            if let Some(activity) = shown.title {
                let seat = record
                    .players
                    .as_ref()
                    .filter(|players| super::is_seat(&players[0]));
                let name = match seat {
                    Some(_) => players[0].clone(),
                    None => t(locale, "class-dashboard-class-board", &[]),
                };
                let state = match &record.stage {
                    Stage::Playing if paused => Some(t(locale, "class-state-paused", &[])),
                    // Where the pupil is, or how it ended.
                    Stage::Playing | Stage::Finished { .. } => shown.progress,
                    _ => Some(state),
                };
                let mut args = vec![
                    ("id", record.id.to_string()),
                    ("name", name),
                    ("activity", activity),
                ];
                let key = match state {
                    Some(state) => {
                        args.push(("state", state));
                        "class-dashboard-activity"
                    }
                    None => "class-dashboard-activity-plain",
                };
                text.push('\n');
                text.push_str(&t(locale, key, &args));
                continue;
            }
            let round = record
                .class
                .as_ref()
                .and_then(|link| link.round)
                .map_or_else(String::new, |round| {
                    t(locale, "class-round-short", &[("round", round.to_string())])
                });
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-dashboard-line",
                &[
                    ("id", record.id.to_string()),
                    ("round", round),
                    ("first", players[0].clone()),
                    ("second", players[1].clone()),
                    ("moves", record.moves.len().to_string()),
                    ("state", state),
                ],
            ));
        }
        if earlier > 0 {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-dashboard-earlier",
                &[("count", earlier.to_string())],
            ));
        }
        let mut message = message(ctx, key, text);
        message.kind = Kind::Dashboard { refresh };
        message.audience = Audience::Channel(class.channel.clone());
        Ok(message)
    }
}

pub(super) fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// One row of a monospace table: the rank column 4 wide, the name column `width` wide, then
/// numbers right-aligned in 4 columns.
pub(super) fn table_line(cells: &[String; 8], width: usize) -> String {
    let pad = |text: &str, width: usize| -> String {
        let len = text.chars().count();
        format!("{text}{}", " ".repeat(width.saturating_sub(len)))
    };
    let mut line = format!("{} {}", pad(&cells[0], 4), pad(&cells[1], width));
    for cell in &cells[2..] {
        let len = cell.chars().count();
        line.push_str(&" ".repeat(5usize.saturating_sub(len)));
        line.push_str(cell);
    }
    line.trim_end().to_owned()
}
