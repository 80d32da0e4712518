//! The class screen: a web page for the classroom's projector or a tablet, reached
//! by a secret link. The teacher's link shows the class's matches as big boards and plays for
//! any seat; a pupil's seat link shows that pupil's matches and plays only their seat. Moves go
//! through the same command as a typed move ([`Command::Tap`]), with its validation, refusals
//! and durable acknowledgement.
//!
//! A link is 64 letters and digits: the class screen's id (`screen/<id>` points at the class's
//! channel) followed by a secret of the teacher or of one pupil, kept in the class record and
//! compared in constant time. `class link new` makes a new id and new secrets: every old link
//! stops working at once.

use crate::class::simul::Simuls;
use crate::class::standings::Standings;
use crate::class::vote_view;
use crate::play::read_commands::ReadCommands;
use lalao_core::{Event, Side};
use lalao_renderer::{Animation, Locale, PictureSize, Style};

use super::{is_seat, ClassRecord, ScreenLinks};
use crate::class::screen_view::{
    activity_seat, fingerprint, how_key, one_at_a_time, seat_links, simul_pupil,
};
pub use crate::class::screen_view::{
    tap_moves, Access, ClassPrint, ClassScreen, Pairs, ScreenAnswer, ScreenBoard, ScreenPlay, Standing,
    TallyRow, TapMove, VoteView,
};
use crate::i18n::t;
use crate::ids::{ChannelId, MatchId, Platform};
use crate::kernel::public_ids::{is_public_id, new_public_id};
use crate::kernel::wording::{board_names, game_name, message, player_label};
use crate::kernel::{Audience, Context, Fail, MatchRef, Reply};
use crate::pages::live::{page_read, page_view, PageRead};
use crate::record::{self, MatchRecord, Stage};
use crate::seats::seats_of;
use crate::store::{keys, Txn};

/// A finished match stays on the screen this long (seconds), so the class sees how it ended.
const ENDED_SHOWN: u64 = 15 * 60;
/// The class's most recent matches looked at for the screen.
const RECENT: usize = 60;

/// Equal strings, compared in time that does not depend on where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

use crate::kernel::commit::Commits;
use crate::teach::on_screen;

crate::kernel::family::family! {
    /// The class screen: its pages and the moves tapped on them.
    ClassScreens
}

impl ClassScreens<'_> {
    /// `class link` (`new`: `class link new`): the teacher's link to the class screen, told to the
    /// teacher alone; made once, and made again (every old link then dead) with `new`.
    pub(super) fn class_link(
        &self,
        ctx: &Context,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        new: bool,
    ) -> Result<Reply, Fail> {
        let locale = class.locale;
        let Some(base) = self.web_base().map(str::to_owned) else {
            return Err(Fail::user("class-link-off", Vec::new()));
        };
        let old = class.screen.clone();
        let mut links = match (&old, new) {
            (Some(links), false) => links.clone(),
            _ => ScreenLinks::new(&class.pupils, new_public_id),
        };
        links.fill(&class.pupils, new_public_id);
        let mut txn = Txn::default();
        if old.as_ref() != Some(&links) {
            if let Some(old) = old.as_ref().filter(|old| old.id != links.id) {
                txn.delete(keys::screen_key(&old.id));
            }
            let key = keys::screen_key(&links.id);
            txn.put(key, class.channel.as_str().as_bytes().to_vec());
            class.screen = Some(links.clone());
            class.version += 1;
            let key = keys::class_key(&class.channel);
            txn.check(key.clone(), Some(bytes))
                .put(key, record::encode(&class));
            Commits(self).commit_other(ctx, txn, if new { "class-link-new" } else { "class-link" })?;
        }
        let key = if new { "class-link-new" } else { "class-link" };
        let url = format!("{base}/class/{}", links.teacher_token());
        let mut text = t(locale, key, &[("url", url)]);
        if let Some(token) = links.projector_token() {
            text.push('\n');
            text.push_str(&t(
                locale,
                "class-link-projector",
                &[("url", format!("{base}/class/{token}"))],
            ));
        }
        let mut said = message(ctx, key, text);
        // The link plays for every seat: it is the teacher's alone. The console is the
        // teacher's own machine, where nothing is private: there it is shown.
        if ctx.platform != Platform::Console {
            said.audience = Audience::Private(ctx.user.clone());
        }
        Ok(Reply {
            messages: vec![said],
            ..Reply::default()
        })
    }

    /// Fills in the seat links of pupils added after the screen's links were made.
    pub(super) fn fill_seat_links(class: &mut ClassRecord) {
        if let Some(links) = class.screen.as_mut() {
            links.fill(&class.pupils, new_public_id);
        }
    }

    /// The class and whom `token` speaks for, if it is a current link.
    pub(crate) fn screen_access(&self, token: &str) -> Result<Option<(ClassRecord, Access)>, Fail> {
        if token.len() != 64 || !token.is_char_boundary(32) {
            return Ok(None);
        }
        let (id, secret) = token.split_at(32);
        if !is_public_id(id) || !is_public_id(secret) {
            return Ok(None);
        }
        let Some(channel) = self.reads().get(&keys::screen_key(id))? else {
            return Ok(None);
        };
        let Ok(channel) = String::from_utf8(channel) else {
            return Ok(None);
        };
        let Some((class, _)) = self.class_of(&ChannelId(channel))? else {
            return Ok(None);
        };
        Ok(Self::access_of(class, id, secret))
    }

    /// Whom `secret` speaks for on the screen `id` of `class`, if anyone.
    fn access_of(class: ClassRecord, id: &str, secret: &str) -> Option<(ClassRecord, Access)> {
        let links = class.screen.as_ref().filter(|links| links.id == id)?;
        let access = if same_secret(secret, &links.teacher) {
            Access::Teacher
        } else if links
            .projector
            .as_ref()
            .is_some_and(|projector| same_secret(secret, projector))
        {
            Access::Projector
        } else {
            let (name, _) = links.seats.iter().find(|(_, seat)| same_secret(secret, seat))?;
            class.pupil(name)?;
            Access::Seat(name.clone())
        };
        Some((class, access))
    }

    /// The class's matches the screen shows: running ones, and those that ended a short while
    /// ago; on a seat link only the pupil's (their own seat or their team's).
    fn screen_matches(&self, class: &ClassRecord, access: &Access) -> Result<Vec<MatchRecord>, Fail> {
        let now = self.now();
        let start = class.matches.len().saturating_sub(RECENT);
        let mut records = Vec::new();
        for id in &class.matches[start..] {
            match self.load(*id) {
                Ok(Some((record, _))) => records.push(record),
                Ok(None) => {}
                // One unreadable match must not take the class's screen down with it: it is
                // left out, and `lalao check` reports it.
                Err(Fail::Record(err)) => {
                    tracing::error!(match_id = id.0, error = %err, "an unreadable match is left off a class screen");
                }
                // A store that does not answer now is not an empty class.
                Err(err) => return Err(err),
            }
        }
        Ok(records
            .into_iter()
            .filter(|record| match &record.stage {
                Stage::Playing => true,
                stage if stage.is_active() => false,
                // An ended match is last written when it ends.
                _ => now.saturating_sub(record.updated_at) < ENDED_SHOWN,
            })
            .filter(|record| match access {
                Access::Teacher => true,
                // The projector shows the class's own activity board, not every pupil's.
                Access::Projector => {
                    !record.is_activity()
                        || !record
                            .players
                            .as_ref()
                            .is_some_and(|players| is_seat(&players[0]))
                }
                // Every pupil votes in the class's vote.
                Access::Seat(name) => record.vote.is_some() || seats_of(class, name, record).next().is_some(),
            })
            .collect())
    }

    /// What `token`'s screen shows now; `None` if it is no current link.
    pub fn class_screen(&self, token: &str) -> PageRead<ClassScreen> {
        page_read(self.read_class_screen(token))
    }

    fn read_class_screen(&self, token: &str) -> Result<Option<ClassScreen>, Fail> {
        let Some((class, access)) = self.screen_access(token)? else {
            return Ok(None);
        };
        let locale = class.locale;
        let records = self.screen_matches(&class, &access)?;
        let version = fingerprint(&class, &records);
        let mut boards = Vec::new();
        // Each pupil's activity the teacher's screen shows: the one they are on.
        let mut shown_pupils = std::collections::BTreeMap::new();
        for record in &records {
            if let Access::Seat(name) = &access {
                boards.extend(self.done_before_board(&class, record, name));
            }
            let Some(board) = self.screen_board(&class, &access, record, token) else {
                continue;
            };
            if board.pupil {
                if let Some(Some(name)) = activity_seat(record) {
                    let at = *shown_pupils.entry(name).or_insert(boards.len());
                    if at != boards.len() {
                        // Its pupil has another: the one going on, else the latest.
                        if !boards[at].playing {
                            boards[at] = board;
                        }
                        continue;
                    }
                }
            }
            boards.push(board);
        }
        if let Access::Seat(name) = &access {
            // Where the class allows it, the pupil's last activity, once done, offers the next.
            let offer = on_screen::go_on(locale, &records, &record::seat_user(name)).filter(|_| class.go_on);
            if let Some((id, title)) = offer {
                for board in boards.iter_mut().filter(|board| board.id == id && !board.past) {
                    board.go_on = Some(title.clone());
                }
            }
            one_at_a_time(&mut boards);
        }
        // The pupils' cards in the roster's order (the page draws them small, before the
        // class's own boards, which keep the class's order).
        if access == Access::Teacher {
            let roster = |board: &ScreenBoard| {
                class
                    .pupils
                    .iter()
                    .position(|pupil| board.owner.as_deref() == Some(pupil.name.as_str()))
            };
            boards.sort_by_key(|board| (board.pupil, roster(board)));
        }
        let (round, standings) = match &class.tournament {
            Some(tournament) => {
                let rows = match Standings(self).standings_rows(tournament) {
                    Ok(rows) => rows,
                    // An unreadable match (`lalao check` reports it) leaves out the standings,
                    // not the screen.
                    Err(Fail::Record(err)) => {
                        tracing::error!(error = %err, "a class screen's standings cannot be read");
                        Vec::new()
                    }
                    Err(err) => return Err(err),
                };
                let round = t(
                    locale,
                    "web-class-round",
                    &[
                        ("game", game_name(locale, tournament.game)),
                        ("round", tournament.rounds.len().to_string()),
                        ("rounds", tournament.planned_rounds().to_string()),
                    ],
                );
                let standings = rows
                    .into_iter()
                    .map(|row| Standing {
                        rank: row.rank,
                        name: tournament.entrants[row.entrant].clone(),
                        points: row.points.to_string(),
                    })
                    .collect();
                (Some(round), standings)
            }
            None => (Simuls(self).screen_line(locale, &class)?, Vec::new()),
        };
        let seats = match access {
            Access::Teacher => seat_links(&class, self.web_base().unwrap_or_default()),
            _ => Vec::new(),
        };
        let title = match &access {
            Access::Teacher | Access::Projector => class.name.clone(),
            Access::Seat(name) => t(
                locale,
                "web-class-seat-title",
                &[("name", name.clone()), ("class", class.name.clone())],
            ),
        };
        let progress = match &access {
            Access::Teacher => on_screen::progress_lines(self, locale, &class, &records)?,
            _ => Vec::new(),
        };
        Ok(Some(ClassScreen {
            locale,
            title,
            access,
            round,
            standings,
            boards,
            seats,
            progress,
            version,
        }))
    }

    /// The class's language, if `token` is a current link.
    pub fn class_screen_locale(&self, token: &str) -> PageRead<Locale> {
        page_read(
            self.screen_access(token)
                .map(|found| found.map(|(class, _)| class.locale)),
        )
    }

    /// What the screen of `token` shows changes with: its class (by channel) and the class's
    /// matches.
    pub fn class_screen_scope(&self, token: &str) -> PageRead<(ChannelId, Vec<MatchId>)> {
        page_read(
            self.screen_access(token)
                .map(|found| found.map(|(class, _)| (class.channel, class.matches))),
        )
    }

    /// A number that changes whenever `token`'s screen would show something else; `None` if
    /// it is no current link.
    pub fn class_screen_version(&self, token: &str) -> PageRead<u64> {
        page_read(self.screen_access(token).and_then(|found| {
            let Some((class, access)) = found else {
                return Ok(None);
            };
            let records = self.screen_matches(&class, &access)?;
            Ok(Some(fingerprint(&class, &records)))
        }))
    }

    fn screen_board(
        &self,
        class: &ClassRecord,
        access: &Access,
        record: &MatchRecord,
        token: &str,
    ) -> Option<ScreenBoard> {
        let locale = class.locale;
        let activity = on_screen::activity_board(locale, record);
        // A finished activity shows its last right move made, with its marks.
        let finished = activity.finished.clone();
        let game = match &finished {
            Some(after) => after.clone(),
            None => record.current_game().ok()?,
        };
        let names = board_names(self, record, &game, locale);
        let mut view = page_view(record, &names, Style::Large, locale);
        if finished.is_some() {
            view.events = &record.last_events;
        }
        let paused = record.class.as_ref().is_some_and(|link| link.paused);
        let playing = record.stage == Stage::Playing && game.outcome().is_none() && !paused;
        let to_move = game.to_move();
        let may_move = playing && vote_view::may_move(class, access, record, &game);
        let vote = vote_view::vote_view(locale, class, record, &game, access);
        let simul = simul_pupil(record);
        let pupil = matches!(access, Access::Teacher) && matches!(activity_seat(record), Some(Some(_)));
        let turn = if pupil {
            // A pupil's card on the teacher's screen: where the pupil is, in a few words.
            activity.progress.clone().unwrap_or_default()
        } else if playing {
            t(
                locale,
                "web-class-turn",
                &[("name", names[to_move.index()].to_uppercase())],
            )
        } else {
            ReadCommands(self).status_text(locale, record, &game)
        };
        let mut targets = vote.as_ref().map_or(activity.targets.clone(), vote_view::lit);
        let mut how = match access {
            Access::Seat(_) if may_move && vote.is_some() => Some(format!(
                "{} {}",
                t(locale, how_key(record.game), &[]),
                t(locale, "web-class-vote-how", &[])
            )),
            Access::Seat(_) if may_move => Some(t(locale, how_key(record.game), &[])),
            _ => None,
        };
        // A step that names its move in notation is told in taps on every class page, as its
        // words are: the places of the move lit (where it starts, and where it goes or its
        // first seed falls) with an arrow between them, which shows the way; on a seat, what
        // to touch said in words.
        let named = activity
            .named_answer
            .as_ref()
            .and_then(|answer| tap_moves(&game).into_iter().find(|tap| tap.text == *answer));
        let mut arrow = vote.as_ref().and_then(vote_view::leading_way);
        if let Some(tap) = named {
            if how.is_some() {
                let key = match (&tap.to, record.game) {
                    (Some(_), lalao_core::GameKind::Katro) => "web-class-how-named-katro",
                    (Some(_), lalao_core::GameKind::Samantsy) => "web-class-how-named-piece",
                    (Some(_), _) => "web-class-how-named-slide",
                    (None, _) => "web-class-how-named-twice",
                };
                how = Some(t(locale, key, &[]));
            }
            arrow = tap.from.clone().zip(tap.to.clone());
            targets = tap.from.into_iter().chain(tap.to).collect();
        }
        Some(ScreenBoard {
            id: record.id,
            title: match activity.title {
                Some(title) => title,
                None => t(
                    locale,
                    "web-title",
                    &[
                        ("id", record.id.to_string()),
                        ("game", game_name(locale, record.game)),
                    ],
                ),
            },
            board: MatchRef::of(record).board,
            // The board alone, as wide as its column: the page says whose turn it is.
            svg: self
                .board_svgs()
                .get_or_draw(&game, &view, PictureSize::Large)
                .to_string(),
            players: Side::BOTH
                .iter()
                .map(|side| player_label(self, locale, record, *side))
                .collect(),
            turn,
            playing,
            moves: if may_move { tap_moves(&game) } else { Vec::new() },
            description: lalao_renderer::render(&game, &view).description,
            captured: record
                .last_events
                .iter()
                .any(|event| matches!(event, Event::Removed { .. } | Event::SeedsCaptured { .. })),
            activity: activity.text,
            targets,
            replay: activity
                .replay
                .then(|| format!("/class/{token}/replay/{}/{}", record.id.0, record.version)),
            again: matches!(access, Access::Teacher)
                && crate::kernel::reply::PlayAgain::of(record) == crate::kernel::reply::PlayAgain::ByTheClass,
            owner: match (access, activity_seat(record)) {
                (Access::Seat(_), _) => None,
                (_, None) if simul.is_some() => simul.clone(),
                (_, Some(Some(name))) => Some(name),
                (_, Some(None)) => Some(t(locale, "web-class-class-board", &[])),
                (_, None) => None,
            },
            pupil,
            how,
            // A pupil's card on the teacher's screen says where the pupil is, in few words.
            small: activity.small.filter(|_| !pupil),
            arrow,
            look: (matches!(access, Access::Seat(_))
                && activity_seat(record).is_some()
                && !record.stage.is_active())
            .then(|| format!("m{}v{}", record.id.0, record.version)),
            later: false,
            next: false,
            past: false,
            go_on: None,
            vote,
            mosaic: simul.is_some() && !matches!(access, Access::Seat(_)),
        })
    }

    /// On a seat, the activity done just before the one `record` is on, to be looked at
    /// before the next.
    fn done_before_board(
        &self,
        class: &ClassRecord,
        record: &MatchRecord,
        name: &str,
    ) -> Option<ScreenBoard> {
        let on_screen::DoneBefore { seen, done } = on_screen::done_before(class, record, name)?;
        let locale = class.locale;
        let names = board_names(self, record, &seen.game, locale);
        let view = lalao_renderer::View {
            names: [names[0].as_str(), names[1].as_str()],
            ended: true,
            ..lalao_renderer::View::new(Style::Large, locale)
        };
        let answer = seen
            .answer
            .as_ref()
            .and_then(|answer| tap_moves(&seen.game).into_iter().find(|tap| tap.text == *answer));
        let arrow = answer
            .as_ref()
            .and_then(|tap| tap.from.clone().zip(tap.to.clone()));
        let targets = answer
            .map(|tap| tap.from.into_iter().chain(tap.to).collect())
            .unwrap_or_default();
        Some(ScreenBoard {
            id: record.id,
            title: seen.title,
            board: 0,
            svg: self
                .board_svgs()
                .get_or_draw(&seen.game, &view, PictureSize::Large)
                .to_string(),
            players: Vec::new(),
            turn: String::new(),
            playing: false,
            moves: Vec::new(),
            description: lalao_renderer::render(&seen.game, &view).description,
            captured: false,
            activity: Some(seen.text),
            targets,
            replay: None,
            again: false,
            owner: None,
            pupil: false,
            how: None,
            small: seen.line,
            arrow,
            look: Some(format!("m{}p{done}", record.id.0)),
            later: false,
            next: false,
            past: true,
            go_on: None,
            vote: None,
            mosaic: false,
        })
    }

    /// The animated replay (APNG) of the last right move of activity `id`, seen through
    /// `token`'s screen, while it is at `version`; `None` if the link, the activity or the
    /// version is not (or no longer) there.
    pub fn activity_replay(&self, token: &str, id: MatchId, version: u64) -> PageRead<Animation> {
        page_read(self.read_activity_replay(token, id, version))
    }

    fn read_activity_replay(
        &self,
        token: &str,
        id: MatchId,
        version: u64,
    ) -> Result<Option<Animation>, Fail> {
        let Some((class, access)) = self.screen_access(token)? else {
            return Ok(None);
        };
        if !class.matches.contains(&id) {
            return Ok(None);
        }
        let shown = self.screen_matches(&class, &access)?;
        let Some(record) = shown
            .iter()
            .find(|record| record.id == id && record.version == version)
        else {
            return Ok(None);
        };
        let Some((before, events)) = on_screen::replay_of(record) else {
            return Ok(None);
        };
        let locale = class.locale;
        let names = board_names(self, record, &before, locale);
        let view = lalao_renderer::View {
            names: [names[0].as_str(), names[1].as_str()],
            ..lalao_renderer::View::new(Style::Text, locale)
        };
        Ok(lalao_renderer::sowing_animation(
            &before,
            events,
            &view,
            PictureSize::Large,
        ))
    }
}

// Named tests.rs as every test module is, kept apart from the screen's other tests: every
// step of every course as a seat says it.
#[cfg(test)]
#[path = "screen/seat_words/tests.rs"]
mod seat_words_tests;
#[cfg(test)]
mod tests;
