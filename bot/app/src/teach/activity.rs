//! What lessons and puzzles share: a learner has one of each at a time, put away when the next
//! starts; their answers go to the learner alone; commands are named as the grammar spells them.

use lalao_core::{AnyGame, Side};
use lalao_renderer::Locale;

use crate::ids::UserId;
use crate::kernel::commit::Commits;
use crate::kernel::wording::{self, show_board};
use crate::kernel::{App, Audience, Context, Fail, Kind, Message, Prefs};
use crate::record::{MatchRecord, Stage};
use crate::store::{keys, Txn};

/// Puts the learner's lesson or puzzle in progress away (cancelled by them) before the next
/// one starts. Its commit records no inbound event: the start of the next one completes the
/// command and records it.
pub(crate) fn put_away(
    app: &App,
    ctx: &Context,
    (old, bytes): (&MatchRecord, &[u8]),
    command: &str,
) -> Result<(), Fail> {
    let mut put_away = old.clone();
    put_away.stage = Stage::Cancelled { by: ctx.user.clone() };
    put_away.version += 1;
    put_away.updated_at = app.now();
    Commits(app).commit_match(
        &ctx.earlier_step(),
        Some((old, bytes)),
        &put_away,
        Txn::default(),
        command,
    )?;
    Ok(())
}

/// The match in progress that `user` started for themselves and `is` picks (their lesson,
/// their puzzle: one of each at a time).
pub(crate) fn own_activity(
    app: &crate::kernel::App,
    user: &UserId,
    is: impl Fn(&MatchRecord) -> bool,
) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
    Ok(app
        .active_under(&keys::active_prefix(user))?
        .into_iter()
        .find(|(record, _)| is(record) && record.challenger == *user))
}

/// Lessons and puzzles are the learner's own: answered to them only where the platform can.
pub(crate) fn private(ctx: &Context, mut message: Message) -> Message {
    message.audience = Audience::Private(ctx.user.clone());
    message.kind = Kind::Activity;
    message
}

/// A command as the text grammar spells it in the reader's language: replies rewrite it for
/// where it is read (`grammar::instructions`).
pub(crate) fn typed(locale: Locale, verb: &str, words: &str) -> String {
    let name = crate::command::grammar::verb_named(verb).map_or(verb, |known| known.written(locale));
    format!("{name} {words}").trim_end().to_owned()
}

/// An activity's answer to its learner alone: its words (`said`: the message's key and text),
/// its board as `learner` sees it, tied to the match with the actions it offers.
pub(crate) fn activity_message(
    app: &App,
    ctx: &Context,
    prefs: Prefs,
    said: (&'static str, String),
    (record, game): (&MatchRecord, &AnyGame),
    learner: Side,
) -> Message {
    let mut message = private(ctx, wording::message(ctx, said.0, said.1));
    show_board(&mut message, app, record, game, prefs, &ctx.user, Some(learner));
    message.on_game(record, game);
    message.kind = Kind::Activity;
    message
}

/// Commits a class's new activities (`records`, one a seat, started by `command`) with the
/// class record in one step, and counts each one started as `kind` (`/metrics`).
pub(crate) fn commit_for_seats(
    app: &App,
    ctx: &Context,
    (class, bytes): (&crate::record::ClassRecord, &[u8]),
    records: &mut [MatchRecord],
    command: &str,
    kind: &'static str,
) -> Result<(), Fail> {
    crate::kernel::class_matches::ClassMatchStore(app).commit_class_matches(
        ctx,
        bytes,
        class,
        records,
        &|_, _| {},
        command,
    )?;
    for _ in records.iter() {
        app.metrics().activity_started(kind);
    }
    Ok(())
}

/// The number of the activity at `index` of `records` ("#3"), or nothing.
pub(crate) fn number_at(records: &[MatchRecord], index: usize) -> String {
    records
        .get(index)
        .map(|record| record.id.to_string())
        .unwrap_or_default()
}
