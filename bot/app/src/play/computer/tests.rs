use crate::dispatch::handle::Handle;
use crate::kernel::App;
use crate::ops::invariants::Invariants;
use crate::schedule::runner::Outbox;
use std::sync::Arc;

use lalao_core::ai::{self, Level};
use lalao_renderer::{Locale, Style};

use super::*;
use crate::clock::FixedClock;
use crate::ids::{Platform, UserId};
use crate::kernel::{Defaults, FixedSeeds, Reply};
use crate::store::MemoryStore;

const SEED: u64 = 42;

fn service() -> App {
    let service = App::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)))
    .with_seeds(Arc::new(FixedSeeds(SEED)));
    service.open().unwrap();
    service
}

fn ana() -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, "1"),
        display_name: Some("Ana".to_owned()),
        channel: crate::ids::ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: None,
    }
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service
        .handle_text(ctx, line, true)
        .expect("addressed to the bot")
}

fn record(service: &App, id: u64) -> MatchRecord {
    service.load(MatchId(id)).ok().flatten().expect("match exists").0
}

/// What the computer must have answered after the first `ply` moves of `record`.
fn expected_answer(record: &MatchRecord, ply: usize, level: Level) -> String {
    let game = record.replay(ply).unwrap();
    ai::choose_move(&game, level, SEED + ply as u64, &AtomicBool::new(false)).unwrap()
}

#[test]
fn every_move_is_answered_by_the_computer_at_its_level_until_the_game_ends() {
    let service = service();
    let ana = ana();
    let started = send(&service, &ana, "!lalao play fano bot level=hard cells=7");
    assert_eq!(started.messages[0].key, "computer-started");
    assert_eq!(
        started.messages[0].text,
        "Match #1: Ana plays Fano against lalao (hard). Ana plays White.\nFano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3."
    );
    let seat = record(&service, 1).computer.unwrap();
    assert_eq!(
        seat,
        ComputerSeat {
            level: "hard".to_owned(),
            seed: SEED
        }
    );
    let mut turns = 0;
    while record(&service, 1).stage == Stage::Playing {
        let before = record(&service, 1);
        let game = before.current_game().unwrap();
        let mine = game.legal_moves()[0].clone();
        let reply = send(&service, &ana, &format!("!lalao move {mine}"));
        let after = record(&service, 1);
        // The game's end comes as a message of its own, mentioning the player.
        let over = after.stage != Stage::Playing;
        assert_eq!(reply.messages.len(), if over { 2 } else { 1 });
        assert_eq!(reply.messages[0].key, "move-played");
        if over {
            assert_eq!(reply.messages[1].key, "game-over");
            assert_eq!(reply.messages[1].mentions, std::slice::from_ref(&ana.user));
            assert!(
                reply.messages[1].text.starts_with("Ana: match #1 is over. "),
                "{}",
                reply.messages[1].text
            );
        }
        // The computer is never mentioned; the player is when it is their turn again.
        assert!(!reply.messages[0].mentions.iter().any(is_computer));
        let ply = before.moves.len();
        assert_eq!(after.moves[ply], mine);
        if after.stage == Stage::Playing || after.moves.len() > ply + 1 {
            assert_eq!(after.moves.len(), ply + 2, "one answer per move");
            let answer = expected_answer(&after, ply + 1, Level::Hard);
            assert_eq!(after.moves[ply + 1], answer);
            assert!(
                reply.messages[0]
                    .text
                    .contains(&format!("lalao played {answer}.")),
                "{}",
                reply.messages[0].text
            );
        }
        turns += 1;
        assert!(turns < 200, "a fano-7 game ends");
    }
    // The hard computer beats a player who always takes the first legal move.
    let end = record(&service, 1);
    let game = end.current_game().unwrap();
    assert_eq!(
        game.outcome().map(|outcome| outcome.winner),
        Some(lalao_core::outcome::Winner::Side(lalao_core::Side::Second)),
        "{:?}",
        end.moves
    );
}

#[test]
fn mentioning_the_bot_itself_challenges_the_computer() {
    let service = service();
    let ana = ana();
    service.add_self_user(UserId::new(Platform::Discord, "999"));
    let started = send(&service, &ana, "!lalao play fano <@999> level=hard");
    assert_eq!(started.messages[0].key, "computer-started", "{}", started.plain());
    assert_eq!(record(&service, 1).computer.unwrap().level, "hard");
    // A level is for the computer only.
    let refused = send(&service, &ana, "!lalao play fano <@2> level=hard");
    assert_eq!(refused.messages[0].key, "level-needs-computer");
    // Anyone else mentioned is challenged as before.
    let challenged = send(&service, &ana, "!lalao play fano <@2>");
    assert_eq!(challenged.messages[0].key, "challenge-named");
}

#[test]
fn the_computer_opens_when_the_player_takes_the_second_side() {
    let service = service();
    let started = send(&service, &ana(), "!lalao play katro bot level=easy side=north");
    let opened = record(&service, 1);
    assert_eq!(opened.moves.len(), 1);
    let answer = expected_answer(&opened, 0, Level::Easy);
    assert_eq!(opened.moves[0], answer);
    assert_eq!(
        started.messages[0].text,
        format!(
            "Match #1: Ana plays Katro against lalao (easy). Ana plays North.\nKatro moves are a hole and a direction, like `a1A`: the hole’s column letter and row (1 to 6), then path `A` or `B`.\nlalao played {answer}."
        )
    );
    assert!(started.messages[0].board.is_some());
    assert_eq!(started.messages[0].mentions, vec![ana().user]);
}

#[test]
fn undo_takes_back_the_computers_answer_and_the_players_move() {
    let service = service();
    let ana = ana();
    send(&service, &ana, "!lalao play fano bot");
    send(&service, &ana, "!lalao move @1");
    let played = record(&service, 1).moves;
    assert_eq!(played.len(), 2);
    let undone = send(&service, &ana, "!lalao undo");
    assert_eq!(undone.messages[0].key, "undo-done-several");
    assert_eq!(
        undone.messages[0].text,
        format!("Moves {} are taken back in match #1.", played.join(", "))
    );
    assert!(record(&service, 1).moves.is_empty());
    let nothing = send(&service, &ana, "!lalao undo");
    assert_eq!(nothing.messages[0].key, "undo-nothing");
}

#[test]
fn a_game_lost_to_the_computer_can_be_taken_back() {
    // Fano 5: one pawn each; after @1 the computer's @2 leaves White no move (F-9).
    let service = service();
    let ana = ana();
    send(&service, &ana, "!lalao play fano bot cells=5");
    let lost = send(&service, &ana, "!lalao move @1");
    assert!(lost.plain().contains("lalao (Black) wins"), "{}", lost.plain());
    let undone = send(&service, &ana, "!lalao undo #1");
    assert_eq!(undone.messages[0].key, "undo-done-several", "{}", undone.plain());
    let again = record(&service, 1);
    assert_eq!(again.stage, Stage::Playing);
    assert!(again.moves.is_empty());
}

#[test]
fn draws_and_clocks_are_refused_against_the_computer() {
    let service = service();
    let ana = ana();
    let timed = send(&service, &ana, "!lalao play fano bot time=1d");
    assert_eq!(timed.messages[0].key, "time-computer");
    send(&service, &ana, "!lalao play fano bot");
    let draw = send(&service, &ana, "!lalao draw");
    assert_eq!(draw.messages[0].key, "draw-computer");
    let version = record(&service, 1).version;
    assert_eq!(record(&service, 1).version, version, "refusals change nothing");
    // Resigning works as against anyone.
    let resigned = send(&service, &ana, "!lalao resign");
    assert!(
        matches!(record(&service, 1).stage, Stage::Finished { .. }),
        "{}",
        resigned.plain()
    );
}

#[test]
fn any_other_commit_to_the_match_cancels_the_computers_search() {
    let service = service();
    let ana = ana();
    send(&service, &ana, "!lalao play fano bot");
    let flag = service.thinking().start(MatchId(1));
    send(&service, &ana, "!lalao resign");
    assert!(flag.load(Ordering::Relaxed), "the resignation stopped the search");
    // A search on another match is left alone.
    send(&service, &ana, "!lalao play fano bot");
    let other = service.thinking().start(MatchId(2));
    send(&service, &ana, "!lalao play katro bot");
    assert!(!other.load(Ordering::Relaxed));
}

#[test]
fn a_turn_lost_to_a_crash_is_played_at_start_and_announced_in_the_channel() {
    let service = service();
    let ana = ana();
    send(&service, &ana, "!lalao play fano bot level=medium cells=5");
    // The player's move was committed, then the process died before the computer answered.
    let (old, bytes) = service.load(MatchId(1)).ok().flatten().unwrap();
    let mut game = old.current_game().unwrap();
    let events = game.play("@3").unwrap();
    let mut crashed = old.clone();
    crashed.moves.push("@3".to_owned());
    crashed.state = game.save();
    crashed.last_events = events;
    crashed.version += 1;
    let mut txn = Txn::default();
    txn.check(keys::match_key(MatchId(1)), Some(bytes))
        .put(keys::match_key(MatchId(1)), crate::record::encode(&crashed));
    service.store().commit(&txn).unwrap();

    assert_eq!(ComputerTurns(&service).resume_computer_turns().unwrap(), 1);
    let resumed = record(&service, 1);
    let answer = expected_answer(&resumed, 1, Level::Medium);
    assert_eq!(resumed.moves, vec!["@3".to_owned(), answer.clone()]);
    let pending = Outbox(&service).pending_notifications().unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].key, "computer-played");
    assert_eq!(pending[0].text, format!("lalao played {answer}."));
    assert_eq!(pending[0].mentions, vec![ana.user.clone()]);
    assert_eq!(
        pending[0].recipient,
        Recipient::Channel {
            channel: ana.channel.clone()
        }
    );
    // Nothing more to do on a second start.
    assert_eq!(ComputerTurns(&service).resume_computer_turns().unwrap(), 0);
    let entries = service.store().scan_all().unwrap();
    assert_eq!(Invariants(&service).link_errors(&entries), Vec::<String>::new());
}

/// The kind level's strength against `user` in `game`, as stored.
fn kind_strength(service: &App, user: &UserId, game: lalao_core::GameKind) -> u16 {
    let player = service
        .player(user)
        .ok()
        .flatten()
        .map(|(player, _)| player)
        .unwrap_or_default();
    player.kind_strength(game).thousandths()
}

/// Plays match `id` to its end, Ana taking her first legal move or, when she is `helped`, the
/// hard level's, and checks that each of the computer's moves (on `computer`'s side) is the
/// kind level's at `strength`. Returns the winner.
fn play_out_against_kind(
    service: &App,
    id: u64,
    (computer, strength): (lalao_core::Side, u16),
    helped: bool,
) -> Option<lalao_core::outcome::Winner> {
    while record(service, id).stage == Stage::Playing {
        let game = record(service, id).current_game().unwrap();
        let mine = if helped {
            ai::choose_move(&game, Level::Hard, 1, &AtomicBool::new(false)).unwrap()
        } else {
            game.legal_moves()[0].clone()
        };
        send(service, &ana(), &format!("!lalao move {mine}"));
    }
    let end = record(service, id);
    let strength = lalao_core::ai::kind::Strength::from_thousandths(strength);
    for ply in (computer.index()..end.moves.len()).step_by(2) {
        let before = end.replay(ply).unwrap();
        let answer = ai::choose_kind_move(&before, strength, SEED + ply as u64).unwrap();
        assert_eq!(end.moves[ply], answer, "{:?}", end.moves);
    }
    end.current_game()
        .unwrap()
        .outcome()
        .map(|outcome| outcome.winner)
}

#[test]
fn the_kind_level_plays_at_the_players_strength_and_each_result_moves_it() {
    use lalao_core::outcome::Winner;
    use lalao_core::{GameKind, Side};
    let service = service();
    let ana = ana();
    let started = send(&service, &ana, "!lalao play fano bot level=kind cells=7");
    assert_eq!(started.messages[0].key, "computer-started");
    assert!(
        started.messages[0].text.contains("against lalao (kind)"),
        "{}",
        started.plain()
    );
    assert_eq!(record(&service, 1).computer.unwrap().level, "kind");
    // A first game at the start strength, lost: kind plays Ana a little weaker at fano, and
    // nothing changed elsewhere.
    assert_eq!(
        play_out_against_kind(&service, 1, (Side::Second, 300), false),
        Some(Winner::Side(Side::Second))
    );
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Fano), 200);
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Katro), 300);
    // The next fano game is played at that strength; Ana takes the second side, which wins
    // fano-7 with the best play, and plays it: stronger again.
    send(
        &service,
        &ana,
        "!lalao play fano bot level=gentil cells=7 side=black",
    );
    assert_eq!(
        play_out_against_kind(&service, 2, (Side::First, 200), true),
        Some(Winner::Side(Side::Second))
    );
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Fano), 250);
    // A resignation is a loss.
    send(&service, &ana, "!lalao play katro bot level=kind");
    send(&service, &ana, "!lalao resign");
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Katro), 200);
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Fano), 250);
    // Other levels leave it alone.
    send(&service, &ana, "!lalao play katro bot level=easy");
    send(&service, &ana, "!lalao resign");
    assert_eq!(kind_strength(&service, &ana.user, GameKind::Katro), 200);
}
