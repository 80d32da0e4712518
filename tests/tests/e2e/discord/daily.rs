//! A channel's puzzle of the day on Discord (`/lalao channel settings:puzzle=daily`): posted in
//! the channel, solved privately by its members with `/puzzle daily:True`, and its solvers
//! listed in the channel twelve hours later, across a restart of the bot.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::json;

use super::bot::Setup;
use super::channels::slash_as_moderator;
use super::fixtures::{self, Opt, ANA, BODO, CLARA};
use super::gateway::{assert_ephemeral, bot_posts, move_id};
use super::lessons::assert_replaced;
use super::{move_labels, Table};

/// fano-0012 (bot/learn/puzzles/fano.toml), the first day's puzzle of the test channel: day 1
/// is Fano's in the five games' turn, and the channel's id picks the puzzle in Fano's set. Its
/// one right move is `5-4`, which takes both black pawns; `6-7` takes nothing.
const POSITION: &str = ".BB.WW. w 0 0";

/// The puzzle's board as its messages show it before a move.
const BOARD: &str = "```\n  \
    1   2   3   4   5   6   7\n\
    ┌───┬───┬───┬───┬───┬───┬───┐\n\
    │   │ B │ B │   │ W │ W │   │\n\
    └───┴───┴───┴───┴───┴───┴───┘\n  \
    1   2   3   4   5   6   7\n```\nFano, 7 cells";

/// What `/puzzle daily:True` answers solver `match_id` before any move: the puzzle and how to
/// answer it.
fn puzzle_given(match_id: u64) -> String {
    format!(
        "Puzzle fano-0012 (Fano, rated 770): win in one move. White to play.\n\
         Find the move and play it with the buttons. \
         Stuck? `/lalao hint match:{match_id}` shows the solution (it counts as a miss).\n\
         {BOARD}\nWhite to move"
    )
}

fn channel_messages() -> String {
    format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID)
}

#[test]
fn a_daily_puzzle_is_posted_solved_privately_and_its_solvers_listed_after_a_restart() {
    let mut table = Table::gateway(Setup::default());
    let start = table.peer.mark();

    // Before a moderator turns it on there is none, and a member cannot turn it on.
    let (_, call) = table.slash(BODO, "puzzle", &[Opt::Bool("daily", true)]);
    assert_eq!(
        assert_ephemeral(&call),
        "This channel has no puzzle of the day yet. A moderator turns it on with \
         `/lalao channel settings:puzzle=daily`."
    );
    let (_, call) = table.slash(BODO, "channel", &[Opt::str("settings", "puzzle=daily")]);
    assert_eq!(
        assert_ephemeral(&call),
        "Only moderators of this channel can change its settings."
    );

    // Ana, a moderator (Manage Messages in the interaction's permissions), turns it on: she is
    // answered in her client's French, and the first puzzle is due at once.
    let call = slash_as_moderator(
        &mut table,
        ANA,
        "channel",
        &[Opt::str("settings", "puzzle=daily")],
    );
    assert_eq!(
        assert_ephemeral(&call),
        "C’est noté. Ce salon : l’adversaire décide (réclamer, accorder ou renoncer). \
         Les défis expirent après 7 j.\n\
         Problème du jour : oui, les cinq jeux à tour de rôle.\n\
         Images des plateaux : au choix de chaque joueur dans ses réglages.\n\
         Plateaux : comme le bot est réglé. Fils : les parties se jouent dans le salon."
    );

    // The scheduler posts it in the channel, in the bot's language (a channel has none of its
    // own), naming the slash command that gives it, and pinging nobody.
    let post = table.peer.wait_call(start, "posted the day's puzzle", |call| {
        call.method == "POST" && call.path == channel_messages()
    });
    assert_eq!(
        post.body["content"],
        "Today's puzzle (Fano, fano-0012, rated 770): win in one move. \
         Solve it on your own: `/puzzle daily:True`. Who solved it comes in 12 hours."
    );
    assert_eq!(post.body["allowed_mentions"], json!({"parse": [], "users": []}));
    let posted = table.peer.mark();

    // Bodo takes it privately, with the position's moves as buttons, and solves it.
    let (given, call) = table.slash(BODO, "puzzle", &[Opt::Bool("daily", true)]);
    assert_eq!(assert_ephemeral(&call), puzzle_given(1));
    let options = AnyOptions::standard(GameKind::Fano).unwrap();
    let legal = AnyGame::from_position(options, POSITION).unwrap().legal_moves();
    assert_eq!(move_labels(&call.body["data"]), legal);
    let message = table.original(&given);
    let call = table.click(BODO, &message, &move_id(&message, "5-4"));
    let solved = assert_replaced(&table, &call, &message);
    assert_eq!(
        solved["content"],
        "Solved! `5-4` wins the game.\n\
         Your Fano puzzle rating: 1524? (+24). Streak: 1. Another one: `/puzzle game:fano` (A ? marks a provisional rating: it still settles.)\n\
         ```\n  \
         1   2   3   4   5   6   7\n\
         ┌───┬───┬───┬───┬───┬───┬───┐\n\
         │   │   │   │ W │   │ W │   │\n\
         └───┴───┴───┴───┴───┴───┴───┘\n      \
         x   x   ^\n  \
         1   2   3   4   5   6   7\n```\nFano, 7 cells\n\
         Last move: 5-4, captured the pawns on cells 3, 2\n\
         ^ where the last move arrived, x captured\n\
         White wins: Black has no pawn left"
    );
    assert_eq!(move_labels(&solved), Vec::<String>::new());

    // Clara gets the same puzzle and fails it with the other move: the solution is shown.
    let (given, call) = table.slash(CLARA, "puzzle", &[Opt::Bool("daily", true)]);
    assert_eq!(assert_ephemeral(&call), puzzle_given(2));
    let message = table.original(&given);
    let call = table.click(CLARA, &message, &move_id(&message, "6-7"));
    let missed = assert_replaced(&table, &call, &message);
    assert_eq!(
        missed["content"],
        format!(
            "Not this one: `6-7` captures nothing.\n\
             The solution: `5-4`.\n\
             Your Fano puzzle rating: 1077? (−423). Streak: 0. Another one: `/puzzle game:fano` (A ? marks a provisional rating: it still settles.)\n\
             {BOARD}\nMatch over"
        )
    );

    // One try a day each.
    let (_, call) = table.slash(BODO, "puzzle", &[Opt::Bool("daily", true)]);
    assert_eq!(
        assert_ephemeral(&call),
        "You already solved today's puzzle here: a new one comes tomorrow. \
         `/puzzle` gives you others meanwhile."
    );
    let (_, call) = table.slash(CLARA, "puzzle", &[Opt::Bool("daily", true)]);
    assert_eq!(
        assert_ephemeral(&call),
        "You already tried today's puzzle here: a new one comes tomorrow. \
         `/puzzle` gives you others meanwhile."
    );

    // Solving was private: since the post, every call was an interaction's own answer.
    let elsewhere: Vec<String> = table
        .peer
        .calls_since(posted)
        .iter()
        .filter(|call| !(call.method == "POST" && call.path.ends_with("/callback")))
        .map(|call| format!("{} {}", call.method, call.path))
        .collect();
    assert!(elsewhere.is_empty(), "{elsewhere:?}");

    // Twelve hours later for the bot: it is killed and started again on the same data with its
    // clock 12 hours ahead. The listing's timer, stored with the channel, is then overdue and
    // fires at start: the only one (the next post is due in 24 hours), naming the solver by
    // the name Discord gave, with both tries counted.
    let mark = table.peer.mark();
    table.setup.clock_offset = 12 * 3600;
    table.restart();
    let bot = table.bot.as_ref().unwrap();
    bot.wait_for("the listing's timer to fire", super::peer::PATIENCE, |log| {
        log.contains("timers fired fired=")
    });
    table.peer.wait_call(mark, "listed who solved it", |call| {
        call.method == "POST" && call.path == channel_messages() && call.body["nonce"] != post.body["nonce"]
    });
    let fired: Vec<String> = bot
        .log()
        .lines()
        .filter(|line| line.contains("timers fired"))
        .map(|line| line.rsplit(' ').next().unwrap().to_owned())
        .collect();
    assert_eq!(fired, ["fired=1"]);
    // Delivery is at least once: the day's post, had the kill come before its outbox entry was
    // removed, would be sent again with its nonce, which Discord drops (enforce_nonce).
    let posts: Vec<_> = bot_posts(&table, mark)
        .into_iter()
        .filter(|(_, body)| body["nonce"] != post.body["nonce"])
        .collect();
    assert_eq!(posts.len(), 1, "{posts:?}");
    let (channel, listing) = &posts[0];
    assert_eq!(*channel, fixtures::CHANNEL_ID);
    assert_eq!(
        listing["content"],
        "Today's puzzle fano-0012 was solved by Bodo (1 of 2 who tried)."
    );
    assert_eq!(listing["allowed_mentions"], json!({"parse": [], "users": []}));
    table.peer.assert_no_unknown_routes();
}
