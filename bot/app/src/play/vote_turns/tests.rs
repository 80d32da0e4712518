//! A channel plays the computer by vote (`play katro vote`): every member's move is their vote,
//! counted once a turn; the turn's timer plays the most voted move and the computer answers; a
//! stranger elsewhere changes nothing.

use std::sync::Arc;

use lalao_renderer::Locale;

use crate::clock::ManualClock;
use crate::dispatch::handle::Handle;
use crate::ids::{computer_user, voters_user, ChannelId, MatchId, Platform, UserId};
use crate::kernel::queries::Queries;
use crate::kernel::{App, Context, Reply};
use crate::record::{MatchRecord, Stage};
use crate::schedule::fire::Timers;
use crate::schedule::runner::Outbox;
use crate::store::MemoryStore;
use crate::testing::app_on;

const START: u64 = 1_700_000_000;

fn member(id: &str, channel: &str) -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, id),
        display_name: None,
        channel: ChannelId::new(Platform::Discord, channel),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: None,
    }
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service.handle_text(ctx, &format!("!lalao {line}"), true).unwrap()
}

fn keys(reply: &Reply) -> Vec<&'static str> {
    reply.messages.iter().map(|said| said.key).collect()
}

fn record(service: &App) -> MatchRecord {
    Queries(service).match_record(MatchId(1)).unwrap()
}

fn legal(service: &App) -> Vec<String> {
    record(service).current_game().unwrap().legal_moves()
}

#[test]
fn a_channel_votes_against_the_computer_for_three_turns() {
    let clock = Arc::new(ManualClock::new(START));
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En).with_clock(clock.clone());
    service.open().unwrap();
    let (ana, bob, chloe) = (member("5", "200"), member("6", "200"), member("7", "200"));
    let started = send(&service, &ana, "play katro vote level=easy");
    assert_eq!(keys(&started)[0], "vote-started", "{}", started.plain());
    assert!(
        started.messages[0]
            .text
            .starts_with("Everyone here plays Katro against lalao (easy) by vote (#1)"),
        "{}",
        started.plain()
    );
    let started = record(&service);
    assert_eq!(started.players, Some([voters_user(), computer_user()]));
    for turn in 0..3 {
        let moves = legal(&service);
        let (x, y) = (moves[0].clone(), moves[moves.len() - 1].clone());
        assert_eq!(
            keys(&send(&service, &ana, &format!("move {x}"))),
            ["vote-counted"]
        );
        // Ana votes twice: she counts once (her second vote replaces her first).
        assert_eq!(
            keys(&send(&service, &ana, &format!("move {y} #1"))),
            ["vote-counted"]
        );
        send(&service, &bob, &format!("move {x}"));
        send(&service, &chloe, &format!("move {y}"));
        let vote = record(&service).vote.unwrap();
        assert_eq!(vote.ballots.len(), 3, "turn {turn}");
        // A stranger in another channel, naming this match, changes nothing.
        let stranger = member("9", "300");
        assert!(send(&service, &stranger, &format!("move {x} #1")).refused());
        assert_eq!(record(&service).vote.unwrap().ballots.len(), 3);
        // The time runs out: y has two votes (Ana's and Chloé's), x one.
        clock.advance(60);
        assert_eq!(Timers(&service).fire_due().unwrap(), 1);
        let after = record(&service);
        assert_eq!(after.moves[2 * turn], y, "turn {turn}");
        assert_eq!(after.moves.len(), 2 * turn + 2, "the computer answered");
        assert_eq!(after.stage, Stage::Playing);
        // The channel is told: the move the votes chose, lalao's answer, the board, the next
        // turn.
        let told: Vec<_> = Outbox(&service)
            .pending_notifications()
            .unwrap()
            .into_iter()
            .filter(|note| note.key == "vote-played")
            .collect();
        assert_eq!(told.len(), turn + 1);
        let text = &told[turn].text;
        assert!(text.starts_with(&format!("Votes: {y} 2 · {x} 1\n")), "{text}");
        assert!(text.ends_with("Vote for the next move: 60 seconds."), "{text}");
    }
    // Nobody moves the voters' side but a closed turn; the computer's side is the computer's.
    let vote = record(&service).vote.unwrap();
    assert_eq!(vote.turns.len(), 3);
    assert!(vote.turns.iter().all(|turn| turn.ballots.len() == 3));
}

#[test]
fn mangala_is_not_voted() {
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En);
    service.open().unwrap();
    let ana = member("5", "200");
    assert_eq!(keys(&send(&service, &ana, "play mangala vote")), ["vote-mangala"]);
}
