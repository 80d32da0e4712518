//! What the match commands ask of a class's match: who manages it, which sides the caller may
//! move, the names its boards show, when a placement activity ends. Read from the class record
//! through the one seat policy ([`crate::seats`]); classroom mode itself sits above (`crate::class`).

use lalao_core::event::Phase;
use lalao_core::{AnyGame, Event, Side};
use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::Platform;
use crate::kernel::{Context, Fail, Message, Prefs, Reply};
use crate::record::{ClassLink, ClassRecord, Ending, MatchRecord, Stage, TeamOrder};
use crate::seats::{self, expected_member, SeatRefusal};

crate::kernel::family::family! {
    /// What the match commands ask of a class's match.
    ClassSeats
}

impl ClassSeats<'_> {
    /// The teacher, or a moderator of a chat channel. The console marks every typist a
    /// moderator (it is one person's machine), but on the classroom screen pupils type too, so
    /// there only the teacher's name manages the class.
    pub(crate) fn manages(ctx: &Context, class: &ClassRecord) -> bool {
        ctx.user == class.teacher
            || (ctx.moderator && ctx.platform != Platform::Console && ctx.channel == class.channel)
    }

    /// Whether the caller manages the class of a class match.
    pub(crate) fn is_class_manager(&self, ctx: &Context, record: &MatchRecord) -> Result<bool, Fail> {
        if record.class.is_none() || record.channel != ctx.channel {
            return Ok(false);
        }
        Ok(self
            .class_of(&record.channel)?
            .is_some_and(|(class, _)| Self::manages(ctx, &class)))
    }

    /// The sides the caller may move in a running class match: both for the teacher, else the
    /// seats bound to the caller's account (for a team in rotation, only when it is that
    /// member's turn).
    pub(crate) fn class_sides(
        &self,
        ctx: &Context,
        record: &MatchRecord,
        link: &ClassLink,
    ) -> Result<Vec<Side>, Fail> {
        let Some((class, _)) = self.class_of(&record.channel)? else {
            return Err(Fail::user("not-a-player", vec![("id", record.id.to_string())]));
        };
        match seats::sides_held(link, &class, record, &ctx.user, Self::manages(ctx, &class)) {
            Ok(sides) => Ok(sides),
            Err(SeatRefusal::Paused) => Err(Fail::user("class-paused", vec![("id", record.id.to_string())])),
            Err(SeatRefusal::NotYours) => Err(Fail::user(
                "class-not-your-seat",
                vec![
                    ("id", record.id.to_string()),
                    ("teacher", self.name_of(&class.teacher)),
                ],
            )),
        }
    }

    /// Board names for a class match: a team's name says which member is expected to move.
    pub(crate) fn class_board_names(
        &self,
        record: &MatchRecord,
        game: &AnyGame,
        locale: Locale,
    ) -> Option<[String; 2]> {
        record.class.as_ref()?;
        let players = record.players.as_ref()?;
        let class = self
            .class_of(&record.channel)
            .ok()
            .flatten()
            .map(|(class, _)| class);
        Some(Side::BOTH.map(|side| {
            let user = &players[side.index()];
            // A simul's teacher is a person, named as everywhere; a seat by its pupil's name.
            if !crate::record::is_seat(user) {
                return self.name_of(user);
            }
            let name = user.local().to_owned();
            let team = class.as_ref().and_then(|class| class.team(&name));
            match team {
                Some(team) if game.outcome().is_none() && game.to_move() == side => {
                    let member = match team.order {
                        TeamOrder::Rotation => {
                            expected_member(record, team, side).unwrap_or_default().to_owned()
                        }
                        TeamOrder::Any => t(locale, "class-team-anyone", &[]),
                    };
                    t(
                        locale,
                        "class-team-expected",
                        &[("team", name), ("member", member)],
                    )
                }
                _ => name,
            }
        }))
    }

    /// Ends a placement-only activity once every pawn is placed.
    pub(crate) fn class_after_move(record: &mut MatchRecord, events: &[Event]) {
        let activity = record.class.as_ref().is_some_and(|link| link.activity);
        let placed_all = events.iter().any(|event| {
            matches!(
                event,
                Event::PhaseChanged {
                    phase: Phase::Movement
                }
            )
        });
        // Whatever the position means for the game (a blocked side), the activity is over.
        if activity && placed_all {
            record.stage = Stage::Finished {
                ending: Ending::ActivityDone,
            };
        }
    }

    /// After a class match changed: the sowing replay for mancala moves, what the change
    /// completed in the tournament (`announced`, committed with it) and the refreshed
    /// dashboard. Failures there are logged, not shown: the change itself is already durable.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn class_followup(
        &self,
        ctx: &Context,
        prefs: Prefs,
        record: &MatchRecord,
        moved: bool,
        announced: Option<Vec<Message>>,
        reply: &mut Reply,
    ) {
        if record.class.is_none() {
            return;
        }
        self.classroom().followup(
            self,
            ctx,
            prefs,
            record,
            moved,
            announced.unwrap_or_default(),
            reply,
        );
    }
}
