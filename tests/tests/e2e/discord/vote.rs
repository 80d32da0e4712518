//! A channel plays the computer by vote on the fake Discord: each member's `/lalao move` is
//! their vote (or a click on the moves of the post that told the last turn), a second vote of
//! the same member replaces the first (one vote each), the turn's timer plays the most voted
//! move and the channel is told with the turn's tally and the board; a click on this vote's
//! board forged from another channel changes nothing.

use serde_json::json;

use super::bot::Setup;
use super::fixtures::{self, Opt, Person, ANA, BODO, CHANNEL_ID, CLARA};
use super::gateway::move_id;
use super::Table;

/// The legal moves `/lalao move`'s autocomplete offers `who` in the vote.
fn offered(table: &mut Table, who: Person) -> Vec<String> {
    let interaction = fixtures::autocomplete(&table.peer, who, "move", &[Opt::str("move", "")], "move");
    let call = table.send(&interaction);
    call.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|choice| choice["value"].as_str().unwrap().to_owned())
        .collect()
}

/// The body of the bot's last post telling a closed turn.
fn last_told(table: &Table) -> serde_json::Value {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    table
        .peer
        .calls_since(0)
        .into_iter()
        .rfind(|call| {
            call.method == "POST"
                && call.path == path
                && call.body["content"]
                    .as_str()
                    .is_some_and(|content| content.starts_with("Votes: "))
        })
        .expect("a turn told")
        .body
}

/// What the bot posted in the channel after each closed turn, in order.
fn turns_told(table: &Table) -> Vec<String> {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    table
        .peer
        .calls_since(0)
        .into_iter()
        .filter(|call| call.method == "POST" && call.path == path)
        .filter_map(|call| call.body["content"].as_str().map(str::to_owned))
        .filter(|content| content.starts_with("Votes: "))
        .collect()
}

#[test]
fn a_channel_votes_against_the_computer_for_three_turns() {
    let mut table = Table::gateway(Setup::default());
    let (play, call) = table.slash(
        BODO,
        "play",
        &[
            Opt::str("game", "katro"),
            Opt::str("level", "easy"),
            Opt::str("options", "vote seconds=10"),
        ],
    );
    assert_eq!(call.body["type"], 4, "{}", call.body);
    let board = table.original(&play);
    let content = board["content"].as_str().unwrap();
    assert!(
        content.starts_with("Everyone here plays Katro against lalao (easy) by vote (#1)"),
        "{content}"
    );
    for turn in 0..3 {
        let moves = offered(&mut table, BODO);
        let (x, y) = (moves[0].clone(), moves[moves.len() - 1].clone());
        // After the first turn, Bodo clicks his vote on the post that told the last turn.
        if turn > 0 {
            let nonce = last_told(&table)["nonce"].clone();
            let post = table.peer.messages_with_nonce(&nonce).remove(0);
            let call = table.click(BODO, &post, &move_id(&post, &x));
            assert_eq!(
                call.body["data"]["content"], "Your vote is counted!",
                "{}",
                call.body
            );
        }
        let voters: &[(Person, &String)] = match turn {
            0 => &[(ANA, &x), (ANA, &y), (BODO, &x), (CLARA, &y)],
            _ => &[(ANA, &x), (ANA, &y), (CLARA, &y)],
        };
        for &(who, choice) in voters {
            let (_, call) = table.slash(who, "move", &[Opt::str("move", choice.as_str())]);
            let said = call.body["data"]["content"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let counted = match who.locale {
                "fr" => "Ton vote est compté !",
                _ => "Your vote is counted!",
            };
            assert_eq!(said, counted, "turn {turn}: {}", call.body);
        }
        if turn == 0 {
            // A click on this vote's board, forged as if from another channel: refused.
            let mut click = fixtures::click(&table.peer, CLARA, &board, &move_id(&board, &x));
            click["channel_id"] = json!("1300000000000000999");
            let call = table.send(&click);
            let said = call.body["data"]["content"].as_str().unwrap_or_default();
            assert!(!said.contains("vote"), "{}", call.body);
        }
        // The turn's time runs out: y (Ana's changed vote and Clara's) against x (Bodo's).
        table.peer.wait_count(turn + 1, "the closed turn told", |call| {
            call.method == "POST"
                && call.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
                && call.body["content"]
                    .as_str()
                    .is_some_and(|content| content.starts_with("Votes: "))
        });
        let told = turns_told(&table);
        assert!(
            told[turn].starts_with(&format!("Votes: {y} 2 · {x} 1\n")),
            "turn {turn}: {}",
            told[turn]
        );
        assert!(
            told[turn].ends_with("Vote for the next move: 10 seconds."),
            "{}",
            told[turn]
        );
    }
    table.peer.assert_no_unknown_routes();
}
