//! Moves played for players who are away: forced moves (`settings auto`) and plans (`plan`).

use crate::dispatch::tests::{discord, key, record, send, service};
use crate::kernel::*;
use crate::play::on_behalf::MAX_MOVES_ON_BEHALF;
use crate::schedule::runner::Outbox;
use crate::schedule::Recipient;
#[allow(unused_imports)]
use crate::{
    command::{ClassCommand, Command},
    dispatch::handle::Handle,
    ids::{ChannelId, EventId, MatchId, Platform, UserId},
    kernel::public_ids::is_public_id,
    record::{self, ClassRecord, Ending, MatchRecord, PlayerRecord, RecordError, Stage, RECORD_VERSION},
    store::{keys, Committed, Store, StoreError, Txn, UnitOfWork},
    testing::memory_service,
};
#[allow(unused_imports)]
use lalao_core::{AnyGame, Side};
#[allow(unused_imports)]
use lalao_renderer::{Locale, Style};
#[allow(unused_imports)]
use std::sync::Arc;

/// Ana (`<@1>`) and Bob (`<@2>`) in a fano-7 match (three pawns each: placing them leaves choices); returns them with the one to move first.
fn fano_between_people(service: &App) -> (Context, Context) {
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(service, &ana, "!lalao play fano <@2> cells=7");
    send(service, &bob, "!lalao accept");
    (ana, bob)
}

/// The same user, writing to the bot privately (an ephemeral command or a direct message).
fn privately(ctx: &Context) -> Context {
    Context {
        private: true,
        ..ctx.clone()
    }
}

fn mover(service: &App, id: u64) -> Context {
    let record = record(service, id);
    let side = record.current_game().unwrap().to_move();
    let user = record.players.unwrap()[side.index()].clone();
    if user == discord("Ana", 1).user {
        discord("Ana", 1)
    } else {
        discord("Bob", 2)
    }
}

/// A fano-7 match between Ana and Bob after its first move: the one who made it, the one to
/// move now, and the move.
fn opened(service: &App) -> (Context, Context, String) {
    fano_between_people(service);
    let first = mover(service, 1);
    let opening = legal(service, 1)[0].clone();
    send(service, &first, &format!("!lalao {opening}"));
    (first, mover(service, 1), opening)
}

fn legal(service: &App, id: u64) -> Vec<String> {
    record(service, id).current_game().unwrap().legal_moves()
}

#[test]
fn a_planned_answer_is_played_at_once_when_the_opponent_s_move_matches() {
    let service = service();
    let (first, second, opening) = opened(&service);
    // The first player plans while the second thinks: an answer to each of two moves.
    let theirs = legal(&service, 1)[0].clone();
    let mut after = record(&service, 1).current_game().unwrap();
    after.play(&theirs).unwrap();
    let mine = after.legal_moves()[0].clone();
    let line = format!("!lalao plan #1 {theirs} {mine}");
    // Said in the channel, it would tell the opponent: refused, and nothing kept.
    assert_eq!(key(&send(&service, &first, &line)), "plan-private");
    assert!(record(&service, 1).plans.is_empty());
    let saved = send(&service, &privately(&first), &line);
    assert_eq!(
        saved.messages[0].text,
        format!(
            "Planned in match #1: if they play {theirs}, I play {mine}. I play your answer as soon as their move matches; if they play something else, I drop the plan and tell you. Only you see this."
        )
    );
    assert_eq!(
        send(&service, &privately(&first), "!lalao plan #1").messages[0].text,
        format!("Your plan in match #1: if they play {theirs}, I play {mine}. Drop it with `/clock plan match:1 moves:off`.")
    );
    // Asked for in the channel, where the opponent reads: refused, and nothing of it said.
    let shown_here = send(&service, &first, "!lalao plan #1");
    assert_eq!(key(&shown_here), "plan-private");
    assert!(!shown_here.messages[0].text.contains(&mine), "{shown_here:?}");
    let version = record(&service, 1).version;
    let played = send(&service, &second, &format!("!lalao {theirs}"));
    let first_name = if first.user == discord("Ana", 1).user {
        "Ana"
    } else {
        "Bob"
    };
    let lines: Vec<&str> = played.messages[0].text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with(first_name) && lines[1].ends_with(&format!("answered with {mine}, as planned.")),
        "{lines:?}"
    );
    let after = record(&service, 1);
    assert_eq!(after.moves, [opening, theirs, mine]);
    assert_eq!(after.version, version + 2);
    assert!(after.plans.is_empty());
    assert_eq!(mover(&service, 1).user, second.user);
}

#[test]
fn a_plan_the_opponent_does_not_follow_is_dropped_and_its_author_told_privately() {
    let service = service();
    let (first, second, opening) = opened(&service);
    let moves = legal(&service, 1);
    let (expected, other) = (moves[0].clone(), moves[1].clone());
    let mut after = record(&service, 1).current_game().unwrap();
    after.play(&expected).unwrap();
    let mine = after.legal_moves()[0].clone();
    send(
        &service,
        &privately(&first),
        &format!("!lalao plan #1 {expected} {mine}"),
    );
    let before = Outbox(&service).pending_notifications().unwrap().len();
    let played = send(&service, &second, &format!("!lalao {other}"));
    assert_eq!(played.messages[0].text.lines().count(), 1);
    let record = record(&service, 1);
    assert_eq!(record.moves, [opening, other.clone()]);
    assert!(record.plans.is_empty());
    let pending = Outbox(&service).pending_notifications().unwrap();
    assert_eq!(pending.len(), before + 1);
    let told = pending.iter().find(|note| note.key == "plan-dropped").unwrap();
    assert_eq!(
        told.recipient,
        Recipient::Direct {
            user: first.user.clone()
        }
    );
    assert_eq!(
        told.text,
        format!("Match #1: your opponent played {other}, not {expected}, so I dropped your plan. It is your turn.")
    );
}

#[test]
fn a_plan_is_checked_move_by_move_and_refused_with_the_reason() {
    let service = service();
    fano_between_people(&service);
    let first = mover(&service, 1);
    // On one's own turn, the move comes first.
    assert_eq!(
        send(&service, &privately(&first), "!lalao plan #1 @1 @2").messages[0].text,
        "It is your turn in match #1: play your move first, then plan your answers to theirs."
    );
    let opening = legal(&service, 1)[0].clone();
    send(&service, &first, &format!("!lalao {opening}"));
    // The opening's cell is taken: the opponent cannot place there.
    let refused = send(
        &service,
        &privately(&first),
        &format!("!lalao plan #1 {opening} @2"),
    );
    assert_eq!(key(&refused), "plan-illegal");
    assert!(
        refused.messages[0]
            .text
            .starts_with(&format!("Pair 1: {opening} cannot be played there. ")),
        "{}",
        refused.messages[0].text
    );
    assert_eq!(
        send(&service, &privately(&first), "!lalao plan #1 @2").messages[0].text,
        "`/clock plan` needs your answer to each of their moves, in pairs, like `/clock plan match:3 moves:c2 d5` (if they play c2, I play d5).\nType `/lalao help` to see what I understand."
    );
    // The example is a pair of this match (a fano placement), not another game's moves.
    let mut game = record(&service, 1).current_game().unwrap();
    let theirs = game.legal_moves()[0].clone();
    game.play(&theirs).unwrap();
    let answer = game.legal_moves()[0].clone();
    assert!(theirs.starts_with('@') && answer.starts_with('@'));
    assert_eq!(
        send(&service, &privately(&first), "!lalao plan #1 off").messages[0].text,
        format!("You have no plan in match #1. Make one while it is your opponent's turn: `/clock plan match:1 moves:{theirs} {answer}` means \"if they play {theirs}, I play {answer}\" (up to 4 pairs).")
    );
    // Nothing was kept by any of these.
    assert!(record(&service, 1).plans.is_empty());
    // Not in a practice match: nobody to wait for.
    let ana = discord("Ana", 1);
    send(&service, &ana, "!lalao play fano practice");
    assert_eq!(
        send(&service, &privately(&ana), "!lalao plan #2 @1 @2").messages[0].text,
        "Plans are for matches between two people; match #2 waits for no one."
    );
}

/// Each move of `record` was the only one its player had.
fn assert_every_move_was_forced(record: &MatchRecord) {
    let mut game = record.replay(0).unwrap();
    for played in &record.moves {
        assert_eq!(game.legal_moves(), std::slice::from_ref(played));
        game.play(played).unwrap();
    }
}

/// A Mangala IV match between Ana and Bob, through the coin rite to the side choice.
fn mangala_after_the_rite(service: &App) -> Reply {
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(service, &ana, "!lalao play mangala <@2>");
    send(service, &bob, "!lalao accept #1");
    send(service, &privately(&ana), "!lalao coins 2 #1");
    send(service, &bob, "!lalao call odd #1");
    // Two coins: "odd" was wrong, Ana chooses.
    send(service, &ana, "!lalao side south #1")
}

#[test]
fn in_mangala_iv_every_forced_move_plays_itself_by_default() {
    let service = service();
    let seated = mangala_after_the_rite(&service);
    let record = record(&service, 1);
    assert!(
        matches!(record.stage, Stage::Finished { .. }),
        "{:?}",
        record.stage
    );
    // Each move was the only one its player had, and each is told in the reply.
    assert_every_move_was_forced(&record);
    // A whole game of forced moves is told in one line, so the board still fits in a message.
    let moves = &record.moves;
    let count = moves.len();
    assert!(count > 8, "{moves:?}");
    assert_eq!(
        seated.messages[0].text.lines().take(2).collect::<Vec<_>>(),
        [
            "Ana takes South. Ana (South) starts. Good game!".to_owned(),
            format!(
                "{count} moves with no alternative, played at once: {} … {}. Every move: `/lalao history match:1`.",
                moves[..6].join(", "),
                moves[count - 2..].join(", ")
            )
        ]
    );
    assert!(record.moves.len() < MAX_MOVES_ON_BEHALF);
    assert_eq!(seated.messages.last().unwrap().key, "game-over");
}

#[test]
fn with_auto_off_a_player_plays_their_own_forced_moves() {
    let service = service();
    let bob = discord("Bob", 2);
    assert_eq!(
        key(&send(&service, &bob, "!lalao settings auto=off")),
        "settings-saved"
    );
    let seated = mangala_after_the_rite(&service);
    // Ana starts, and her first move plays itself; then Bob plays his own.
    let lines: Vec<&str> = seated.messages[0].text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("Ana (South) had only one move: "),
        "{lines:?}"
    );
    assert_eq!(record(&service, 1).moves.len(), 1);
    let only = legal(&service, 1);
    assert_eq!(only.len(), 1);
    let played = send(&service, &bob, &format!("!lalao {}", only[0]));
    // Ana's answer plays itself; then it is Bob's turn again.
    let lines: Vec<&str> = played.messages[0].text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("Ana (South) had only one move: "),
        "{lines:?}"
    );
    assert_eq!(record(&service, 1).moves.len(), 3);
    assert_eq!(mover(&service, 1).user, bob.user);
}

#[test]
fn a_mangala_rematch_may_keep_its_sides_and_then_skips_the_coin_game() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    mangala_after_the_rite(&service);
    let first = record(&service, 1);
    assert_eq!(first.players, Some([ana.user.clone(), bob.user.clone()]));
    // Only Mangala IV between people has sides to keep.
    send(&service, &ana, "!lalao play fano practice cells=3");
    send(&service, &ana, "!lalao resign #2");
    assert_eq!(
        send(&service, &ana, "!lalao rematch #2 keep").messages[0].text,
        "Only a Mangala IV rematch between two people can keep its sides: every other rematch swaps them (type `/rematch match:2`)."
    );
    let offered = send(&service, &bob, "!lalao rematch #1 keep");
    assert_eq!(key(&offered), "challenge-named");
    assert_eq!(
        offered.messages[0].text,
        "Match #3: Bob challenges Ana to Mangala! Ana, type `/lalao accept match:3` or `/lalao decline match:3`.\n\
         The same sides as last game, without a coin game: Bob plays North."
    );
    let challenge = record(&service, 3);
    assert_eq!(challenge.rematch_of, Some(MatchId(1)));
    assert_eq!(challenge.challenger_side, Some(lalao_core::Side::Second));
    // Accepting agrees to the same sides: no coin game, and the forced game plays itself.
    let accepted = send(&service, &ana, "!lalao accept #3");
    assert_eq!(key(&accepted), "challenge-accepted");
    let again = record(&service, 3);
    assert_eq!(again.players, first.players);
    assert!(matches!(again.stage, Stage::Finished { .. }), "{:?}", again.stage);
    assert_eq!(again.moves, first.moves);
    assert_eq!(accepted.messages.last().unwrap().key, "game-over");
    // Without `keep`, a Mangala rematch between people has its coin game.
    send(&service, &ana, "!lalao rematch #3");
    send(&service, &bob, "!lalao accept #4");
    assert!(matches!(record(&service, 4).stage, Stage::Rite { .. }));
}

#[test]
fn against_the_computer_a_player_s_forced_moves_play_themselves_between_its_own() {
    let service = service();
    let ana = discord("Ana", 1);
    // South moves first: Ana's one move plays itself as the match starts, and the rest
    // follows, the computer's and hers in turn, in the same reply.
    let reply = send(&service, &ana, "!lalao play mangala computer side=south");
    let record = record(&service, 1);
    assert!(
        matches!(record.stage, Stage::Finished { .. }),
        "{:?}",
        record.stage
    );
    assert_every_move_was_forced(&record);
    let text = &reply.messages[0].text;
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("Match #1: Ana plays Mangala against lalao"),
        "{text}"
    );
    let first = &record.moves[0];
    assert_eq!(
        lines[2],
        format!("Ana (South) had only one move: {first}, played at once.")
    );
    let rest = &record.moves[1..];
    assert_eq!(
        lines[3],
        format!(
            "Then {} moves at once, lalao's and yours (each of yours the only one): {} … {}. Every move: `/lalao history match:1`.",
            rest.len(),
            rest[..6].join(", "),
            rest[rest.len() - 2..].join(", ")
        )
    );
    assert_eq!(reply.messages.last().unwrap().key, "game-over");
}

#[test]
fn a_run_of_forced_moves_is_told_whatever_its_length() {
    use crate::play::on_behalf::{OnBehalf, PlayedForThem};
    let service = service();
    fano_between_people(&service);
    let record = record(&service, 1);
    let told = |count: usize| {
        let played: Vec<PlayedForThem> = (1..=count)
            .map(|n| PlayedForThem {
                side: Side::BOTH[n % 2],
                text: format!("@{n}"),
                planned: false,
            })
            .collect();
        OnBehalf(&service).told(Locale::En, &record, &played)
    };
    assert_eq!(told(4).len(), 4);
    // Five to eight in a row are named whole in one line (five once panicked here).
    assert_eq!(
        told(5),
        ["5 moves with no alternative, played at once: @1, @2, @3, @4, @5. Every move: `history #1`."]
    );
    assert_eq!(
        told(8),
        ["8 moves with no alternative, played at once: @1, @2, @3, @4, @5, @6, @7, @8. Every move: `history #1`."]
    );
    assert_eq!(
        told(9),
        ["9 moves with no alternative, played at once: @1, @2, @3, @4, @5, @6 … @8, @9. Every move: `history #1`."]
    );
}
