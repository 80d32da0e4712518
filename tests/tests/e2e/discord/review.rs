//! `/review` on Discord: a short Katro match between Ana and Bodo, then the review asked for
//! with the slash command: the progress message as the interaction's answer, and the review
//! posted in the match's channel by the review worker, mentioning who asked.

use serde_json::json;

use super::bot::Setup;
use super::fixtures::{self, Opt, ANA, BODO};
use super::gateway::custom_id_ending;
use super::Table;

fn channel_messages() -> String {
    format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID)
}

#[test]
fn a_finished_katro_match_is_reviewed_in_its_channel() {
    let mut table = Table::gateway(Setup::default());
    let (play, _) = table.slash(
        ANA,
        "play",
        &[
            Opt::str("game", "katro"),
            Opt::User("opponent", BODO),
            Opt::str("side", "south"),
        ],
    );
    let challenge = table.original(&play);
    table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    table.slash(ANA, "move", &[Opt::str("move", "c1A")]);
    // Not while it is being played.
    let (_, call) = table.slash(BODO, "review", &[Opt::Int("match", 1)]);
    assert_eq!(
        call.body["data"]["content"],
        "Match #1 is still being played: I can look it over once it is finished."
    );
    table.slash(BODO, "move", &[Opt::str("move", "d6A")]);
    table.slash(ANA, "move", &[Opt::str("move", "b1B")]);
    table.slash(BODO, "resign", &[Opt::Int("match", 1)]);

    let mark = table.peer.mark();
    let (_, call) = table.slash(BODO, "review", &[Opt::Int("match", 1)]);
    assert_eq!(
        call.body["data"]["content"],
        "Looking over match #1 (3 moves)… the review comes here in a moment."
    );
    // The same moves as the console's and Synapse's reviews, the same verdicts, in Bodo's
    // language, pinging only him.
    let post = table.peer.wait_call(mark, "posted the review", |call| {
        call.method == "POST"
            && call.path == channel_messages()
            && call.body["content"]
                .as_str()
                .is_some_and(|text| text.contains("Review of match #1"))
    });
    assert_eq!(
        post.body["content"],
        format!(
            "<@{}> Review of match #1 (Katro):\n\
             move 3: Ana played b1B and lost 10 seeds; c1B would have captured 3 seeds.\n\
             move 2: Bodo played d6A and lost 6 seeds; a6A was better.\n\
             Ana: 0 good moves, 1 small slip, 1 mistake, 1 missed capture.\n\
             Bodo: 0 good moves, 1 mistake.",
            BODO.id
        )
    );
    assert_eq!(
        post.body["allowed_mentions"],
        json!({"parse": [], "users": [BODO.id.to_string()]})
    );
    table.peer.assert_no_unknown_routes();
}
