//! What a channel and its matches look like over time: expiring challenges, per-channel
//! settings (board messages, threads), notices in the user's language, delivery retries and
//! long exports. Gateway mode; assertions on the exact REST calls.

use serde_json::{json, Value};

use super::bot::Setup;
use super::fixtures::{self, Opt, ANA, BODO};
use super::gateway::{assert_ephemeral, assert_public, bot_posts, custom_id_ending, id_of};
use super::peer::APPLICATION_ID;
use super::Table;

const DAY: i64 = 86_400;

fn channel_messages() -> String {
    format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID)
}

/// Ana opens a fano challenge to the channel: the interaction and the challenge message.
fn open_challenge(table: &mut Table) -> (Value, Value) {
    let (play, call) = table.slash(ANA, "play", &[Opt::str("game", "fano")]);
    assert_public(&call, 4, &[]);
    let challenge = table.original(&play);
    // The bot asks Discord which message its answer became, to find it again later.
    let token = play["token"].as_str().unwrap().to_owned();
    table
        .peer
        .wait_call(0, "looked up its challenge message", |call| {
            call.method == "GET"
                && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}/messages/@original")
        });
    (play, challenge)
}

/// The channel posts (notices) since `mark` whose content contains `needle`.
fn notices_containing(table: &Table, mark: usize, needle: &str) -> Vec<Value> {
    bot_posts(table, mark)
        .into_iter()
        .filter(|(channel, _)| *channel == fixtures::CHANNEL_ID)
        .map(|(_, body)| body)
        .filter(|body| body["content"].as_str().is_some_and(|text| text.contains(needle)))
        .collect()
}

#[test]
fn an_expired_challenge_loses_its_buttons_and_a_late_click_is_told_why() {
    let mut table = Table::gateway(Setup::default());
    let (_, challenge) = open_challenge(&mut table);
    let challenge_id = id_of(&challenge);
    assert!(custom_id_ending(&challenge, ":a").contains(":a"));

    // Eight days later (challenges expire after seven) the scheduler expires it at start.
    table.setup.clock_offset = 8 * DAY;
    let mark = table.peer.mark();
    table.restart();
    let path = format!("{}/{challenge_id}", channel_messages());
    let edit = table
        .peer
        .wait_call(mark, "edited the expired challenge", |call| {
            call.method == "PATCH" && call.path == path
        });
    assert_eq!(edit.body["components"], json!([]), "{}", edit.body);
    assert_eq!(edit.body["allowed_mentions"], json!({"parse": []}));
    // The channel is told too, pinging the challenger; the edited message says the same, unpinged.
    table.peer.wait_count(1, "announced the expiry", |call| {
        call.method == "POST" && call.path == channel_messages()
    });
    let notices = bot_posts(&table, mark);
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = notices[0].1["content"].as_str().unwrap();
    let said = edit.body["content"].as_str().unwrap();
    assert_eq!(notice, format!("<@{}> {said}", ANA.id));
    assert!(said.contains("#1"), "{said}");
    let stored = table.peer.message(challenge_id);
    assert!(fixtures::components(&stored).is_empty());
    assert_eq!(stored["content"], said);

    // Bodo's client still shows the old buttons: a click is answered privately, in his language,
    // and changes nothing.
    let mark = table.peer.mark();
    let call = table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    let text = assert_ephemeral(&call);
    assert_eq!(
        text,
        "Challenge #1 has expired: nobody accepted it in time. Start a new one with /lalao play."
    );
    assert_eq!(
        table.peer.calls_since(mark).len(),
        1,
        "one ephemeral answer and nothing else"
    );
    let (_, call) = table.slash(BODO, "accept", &[Opt::Int("match", 1)]);
    assert_eq!(call.body["data"]["flags"], 64, "{}", call.body);
    table.peer.assert_no_unknown_routes();
}
