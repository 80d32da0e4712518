//! The report a teacher hands on: `class report` gives each pupil's learning (teaching's
//! columns), matches played and won as CSV, and the teacher's print page (`/class/<link>/print`)
//! the same table with the round's pairings, the standings and a card per pupil with their
//! seat's link, to print on A4 and cut.

use super::pairing::Score;
use super::screen_view::{seat_links, Access, ClassPrint, Pairs, Standing};
use super::standings::{done_of, Done, Standings};
use super::{same_name, seat_user, ClassRecord};
use crate::command::grammar;
use crate::i18n::t;
use crate::kernel::wording::{game_name, message};
use crate::kernel::{Audience, Context, Fail, Reply};
use crate::pages::live::{page_read, PageRead};
use crate::record::Stage;
use crate::teach::report::{learning_cells, report_headers, REPORT_COLUMNS};
use lalao_model::ids::Platform;

crate::kernel::family::family! {
    /// The report of a class: its CSV and its print page.
    ClassReport
}

/// A pupil's class matches (activities left out): played to the end, and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    pub played: u32,
    pub won: u32,
}

impl ClassReport<'_> {
    /// `class report`: the report as CSV, for the teacher alone (it names every pupil's
    /// results), with the print page's address where the class has its pages.
    pub(super) fn report(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let locale = class.locale;
        let mut text = format!("{}\n{}", t(locale, "class-report", &[]), self.csv(class)?);
        match (self.web_base(), &class.screen) {
            (Some(base), Some(links)) => {
                let url = format!("{base}/class/{}/print", links.teacher_token());
                text.push('\n');
                text.push_str(&t(locale, "class-report-print", &[("url", url)]));
            }
            (Some(_), None) => {
                let surface = grammar::Surface::of(ctx.platform);
                if let Some(link) = grammar::typed_at(locale, surface, &["class", "link"]) {
                    text.push('\n');
                    text.push_str(&t(locale, "class-report-print-first", &[("link", link)]));
                }
            }
            (None, _) => {}
        }
        let mut said = message(ctx, "class-report", text);
        // The console is the teacher's own machine; elsewhere the class's channel would read
        // every pupil's results (and the print page's address plays for every seat).
        if ctx.platform != Platform::Console {
            said.audience = Audience::Private(ctx.user.clone());
        }
        Ok(Reply {
            messages: vec![said],
            ..Reply::default()
        })
    }

    /// The report as CSV (RFC 4180; the header fixed English, as `class csv`'s): one line per
    /// pupil in the roster's order.
    pub(crate) fn csv(&self, class: &ClassRecord) -> Result<String, Fail> {
        let mut out = String::from("pupil");
        for (column, _) in REPORT_COLUMNS {
            out.push(',');
            out.push_str(column);
        }
        out.push_str(",matches_played,matches_won");
        let cells = learning_cells(self, class)?;
        let played = self.played(class)?;
        for ((pupil, cells), played) in class.pupils.iter().zip(cells).zip(played) {
            out.push('\n');
            out.push_str(&super::reports::csv_field(&pupil.name));
            for cell in cells {
                out.push(',');
                out.push_str(&super::reports::csv_field(&cell));
            }
            out.push_str(&format!(",{},{}", played.played, played.won));
        }
        Ok(out)
    }

    /// Each pupil's finished class matches, in the roster's order; activities and unfinished
    /// or cancelled matches do not count, nor do team matches.
    pub(crate) fn played(&self, class: &ClassRecord) -> Result<Vec<Played>, Fail> {
        let mut played = vec![Played::default(); class.pupils.len()];
        for id in &class.matches {
            let Some((record, _)) = self.load(*id)? else {
                continue;
            };
            if record.is_activity() || !matches!(record.stage, Stage::Finished { .. }) {
                continue;
            }
            let (Some(players), Some(Done::Scored(score))) = (&record.players, done_of(&record)) else {
                continue;
            };
            for (side, player) in players.iter().enumerate() {
                let Some(index) = class
                    .pupils
                    .iter()
                    .position(|pupil| same_name(seat_user(&pupil.name).as_str(), player.as_str()))
                else {
                    continue;
                };
                played[index].played += 1;
                let won = matches!((side, score), (0, Score::WhiteWins) | (1, Score::BlackWins));
                played[index].won += u32::from(won);
            }
        }
        Ok(played)
    }

    /// What the teacher's print page shows; `None` for any other link (a seat or the projector
    /// must not print every pupil's link and results).
    pub fn class_print(&self, token: &str) -> PageRead<ClassPrint> {
        page_read(self.read_class_print(token))
    }

    fn read_class_print(&self, token: &str) -> Result<Option<ClassPrint>, Fail> {
        let Some((class, Access::Teacher)) = super::screen::ClassScreens(self).screen_access(token)? else {
            return Ok(None);
        };
        let locale = class.locale;
        let mut headers = vec![t(locale, "report-col-pupil", &[])];
        headers.extend(report_headers(locale));
        headers.push(t(locale, "report-col-played", &[]));
        headers.push(t(locale, "report-col-won", &[]));
        let cells = learning_cells(self, &class)?;
        let played = self.played(&class)?;
        let rows = class
            .pupils
            .iter()
            .zip(cells)
            .zip(played)
            .map(|((pupil, cells), played)| {
                let mut row = vec![pupil.name.clone()];
                row.extend(cells);
                row.push(played.played.to_string());
                row.push(played.won.to_string());
                row
            })
            .collect();
        let (round, standings) = self.print_round(&class)?;
        let cards = seat_links(&class, self.web_base().unwrap_or_default());
        Ok(Some(ClassPrint {
            locale,
            title: class.name.clone(),
            headers,
            rows,
            round,
            standings,
            cards,
        }))
    }

    /// The tournament's last round (its title and pairings) and the standings, if the class
    /// has a tournament.
    fn print_round(&self, class: &ClassRecord) -> Result<(Option<Pairs>, Vec<Standing>), Fail> {
        let locale = class.locale;
        let Some(tournament) = &class.tournament else {
            return Ok((None, Vec::new()));
        };
        let standings = Standings(self)
            .standings_rows(tournament)?
            .into_iter()
            .map(|row| Standing {
                rank: row.rank,
                name: tournament.entrants[row.entrant].clone(),
                points: row.points.to_string(),
            })
            .collect();
        let Some(last) = tournament.rounds.last() else {
            return Ok((None, standings));
        };
        let title = t(
            locale,
            "web-class-round",
            &[
                ("game", game_name(locale, tournament.game)),
                ("round", tournament.rounds.len().to_string()),
                ("rounds", tournament.planned_rounds().to_string()),
            ],
        );
        let mut games = Vec::new();
        for game in &last.games {
            let result = match Standings(self).done(game.match_id)? {
                Some(Done::Scored(Score::WhiteWins)) => "1-0",
                Some(Done::Scored(Score::BlackWins)) => "0-1",
                Some(Done::Scored(Score::Draw)) => "½-½",
                Some(Done::Unscored) => "-",
                None => "",
            };
            games.push((
                tournament.entrants[game.white].clone(),
                tournament.entrants[game.black].clone(),
                result.to_owned(),
            ));
        }
        let bye = last.bye.map(|entrant| tournament.entrants[entrant].clone());
        Ok((Some(Pairs { title, games, bye }), standings))
    }
}

#[cfg(test)]
mod tests;
