//! On Discord: `profile` and `top` answer as slash commands, and a leaderboard longer
//! than a page turns its pages with buttons that update the message in place.

use serde_json::Value;

use super::bot::Setup;
use super::fixtures::{components, Opt, Person, ANA};
use super::gateway::assert_ephemeral;
use super::Table;

/// Twelve members of the server, each playing one rated game.
const PLAYERS: [Person; 12] = {
    const NAMES: [&str; 12] = [
        "P01", "P02", "P03", "P04", "P05", "P06", "P07", "P08", "P09", "P10", "P11", "P12",
    ];
    let mut players = [Person {
        id: 0,
        username: "",
        global_name: "",
        locale: "en-US",
    }; 12];
    let mut n = 0;
    while n < 12 {
        players[n] = Person {
            id: 1_300_000_000_000_000_601 + n as u64,
            username: NAMES[n],
            global_name: NAMES[n],
            locale: "en-US",
        };
        n += 1;
    }
    players
};

fn content(call_body: &Value) -> String {
    call_body["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn discord_leaderboards_page_with_buttons_and_profiles_answer() {
    let mut table = Table::gateway(Setup::default());
    // Six rated games: the first of each pair wins when the second resigns (after each has
    // moved: a game given up before is not rated).
    for (game, pair) in PLAYERS.chunks(2).enumerate() {
        let id = game as i64 + 1;
        let (winner, loser) = (pair[0], pair[1]);
        let (_, call) = table.slash(
            winner,
            "play",
            &[
                Opt::str("game", "fano"),
                Opt::User("opponent", loser),
                Opt::str("side", "white"),
            ],
        );
        assert!(content(&call.body).contains("challenges"), "{}", call.body);
        table.slash(loser, "accept", &[Opt::Int("match", id)]);
        table.slash(winner, "move", &[Opt::str("move", "@1"), Opt::Int("match", id)]);
        table.slash(loser, "move", &[Opt::str("move", "@2"), Opt::Int("match", id)]);
        if id == 1 {
            // In a rated game between people the engine gives no hint: told privately, and
            // nothing changes.
            let (_, call) = table.slash(winner, "hint", &[Opt::Int("match", id)]);
            assert_eq!(
                assert_ephemeral(&call),
                "Hints are for practice and for games against the computer. In match #1, the moves are yours to find!"
            );
        }
        let (_, call) = table.slash(loser, "resign", &[Opt::Int("match", id)]);
        assert!(content(&call.body).contains("Ratings: "), "{}", call.body);
    }
    // Page 1 of the server's leaderboard: ten of the twelve, and the way to the next page.
    let (top, call) = table.slash(PLAYERS[0], "top", &[Opt::str("game", "fano")]);
    assert_eq!(call.body["type"], 4, "{}", call.body);
    let first = content(&call.body);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines[0], "Fano leaderboard, this server (page 1 of 2):");
    assert_eq!(lines.len(), 12, "{first}");
    assert_eq!(lines[2], "• P01 1662? (1 game)");
    let message = table.original(&top);
    let buttons = components(&message);
    let labels: Vec<(&str, bool)> = buttons
        .iter()
        .map(|button| {
            (
                button["label"].as_str().unwrap(),
                button["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(labels, [("◀ Previous", true), ("Next ▶", false)]);
    // Anyone may turn the page (Ana, whose client reads French): the message itself changes.
    let next = buttons[1]["custom_id"].as_str().unwrap().to_owned();
    let call = table.click(ANA, &message, &next);
    assert_eq!(
        call.body["type"], 7,
        "an update of the clicked message: {}",
        call.body
    );
    let second = content(&call.body);
    assert!(
        second.starts_with("Palmarès Fano, ce serveur (page 2 sur 2) :\n"),
        "{second}"
    );
    assert_eq!(second.lines().count(), 3, "{second}");
    let buttons = call.body["data"]["components"][0]["components"].clone();
    assert_eq!(buttons[0]["disabled"], false);
    assert_eq!(buttons[1]["disabled"], true);
    // Everyone's leaderboard, and a profile.
    let (_, call) = table.slash(
        PLAYERS[3],
        "top",
        &[
            Opt::str("game", "fano"),
            Opt::str("scope", "global"),
            Opt::Int("page", 2),
        ],
    );
    assert!(
        content(&call.body).starts_with("Fano leaderboard, everyone (page 2 of 2):"),
        "{}",
        call.body
    );
    let (_, call) = table.slash(PLAYERS[2], "profile", &[Opt::User("player", PLAYERS[3])]);
    assert_eq!(
        content(&call.body),
        "P04's profile (a ? marks a provisional rating):\n\
         • Fano: 1338?, played 1: won 0, lost 1, drawn 0, lost the last game\n\
         No active matches."
    );
    table.peer.assert_no_unknown_routes();
}
