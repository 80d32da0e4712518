//! What the class pages show of the class's vote (`class vote`): on a seat, the legal moves to
//! vote for while the class's turn is open; everywhere, the tally growing, each proposed move
//! lit with its votes, names hidden; on the teacher's page, "Play it".

use lalao_core::AnyGame;
use lalao_renderer::Locale;

use super::screen_view::{tap_moves, Access, TallyRow, VoteView};
use super::ClassRecord;
use crate::i18n::t;
use crate::play::ballots::choice_text;
use crate::record::{seat_user, Choice, MatchRecord, Stage, VoteBox};
use crate::seats::seats_of;

/// The vote's open turn in `record`, if the class is to move in it.
fn open_turn<'a>(record: &'a MatchRecord, game: &AnyGame) -> Option<&'a VoteBox> {
    let vote = record.vote.as_ref()?;
    let open = record.stage == Stage::Playing
        && game.outcome().is_none()
        && game.to_move() == vote.side
        && vote.ply as usize == record.moves.len();
    open.then_some(vote)
}

/// Whether `access` may play a move on `record` now, in a match being played: the teacher any
/// side (in a simul or a vote only their own), a seat its own (on the class's vote, the class's
/// moves while the pupil may still vote).
pub(crate) fn may_move(class: &ClassRecord, access: &Access, record: &MatchRecord, game: &AnyGame) -> bool {
    let to_move = game.to_move();
    let player = record.players.as_ref().map(|players| &players[to_move.index()]);
    match access {
        Access::Teacher if record.vote.is_some() => player == Some(&class.teacher),
        // In a simul, the teacher's own side only: the pupil's is the pupil's.
        Access::Teacher if record.class.as_ref().is_some_and(|link| link.simul) => {
            player.is_some_and(|user| !crate::record::is_seat(user))
        }
        Access::Teacher => true,
        Access::Projector => false,
        Access::Seat(name) if record.vote.is_some() => {
            let in_class = class.pupil(name).is_some();
            open_turn(record, game)
                .is_some_and(|vote| in_class && (vote.change || vote.ballot_of(&seat_user(name)).is_none()))
        }
        Access::Seat(name) => seats_of(class, name, record).any(|(side, allowed)| side == to_move && allowed),
    }
}

/// The open turn as `access`'s page shows it; `None` for any other match or moment.
pub(crate) fn vote_view(
    locale: Locale,
    class: &ClassRecord,
    record: &MatchRecord,
    game: &AnyGame,
    access: &Access,
) -> Option<VoteView> {
    let vote = open_turn(record, game)?;
    let taps = tap_moves(game);
    let tally = vote.tally();
    let rows = tally
        .iter()
        .enumerate()
        .map(|(at, proposal)| {
            let tap = match &proposal.choice {
                Choice::Move { text } => taps.iter().find(|tap| tap.text == *text),
                _ => None,
            };
            TallyRow {
                text: choice_text(locale, &proposal.choice),
                from: tap.and_then(|tap| tap.from.clone()),
                to: tap.and_then(|tap| tap.to.clone()),
                votes: proposal.votes,
                leading: at == 0,
            }
        })
        .collect();
    let mine = match access {
        Access::Seat(name) => vote
            .ballot_of(&seat_user(name))
            .map(|ballot| choice_text(locale, &ballot.choice)),
        _ => None,
    };
    Some(VoteView {
        line: t(
            locale,
            "web-class-vote-line",
            &[
                ("count", vote.ballots.len().to_string()),
                ("voters", class.pupils.len().to_string()),
            ],
        ),
        closes_at: vote.closes_at,
        rows,
        mine,
        play_now: matches!(access, Access::Teacher) && !vote.ballots.is_empty(),
    })
}

/// The places the proposals light on the board.
pub(crate) fn lit(view: &VoteView) -> Vec<String> {
    let mut places: Vec<String> = Vec::new();
    for row in &view.rows {
        for place in row.from.iter().chain(&row.to) {
            if !places.contains(place) {
                places.push(place.clone());
            }
        }
    }
    places
}

/// The way the move that would be played now goes, drawn as an arrow on the board.
pub(crate) fn leading_way(view: &VoteView) -> Option<(String, String)> {
    let row = view.rows.first()?;
    row.from.clone().zip(row.to.clone())
}
