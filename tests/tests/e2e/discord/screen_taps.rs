//! A Discord class's tournament finished by taps on the class screen, which runs in the bot's
//! own process: the class's channel is told once that the tournament is over.

use super::bot::Setup;
use super::channels::slash_as_moderator;
use super::fixtures::{Opt, ANA, CHANNEL_ID};
use super::gateway::assert_ephemeral;
use super::Table;
use crate::screen_taps::{finish_by_taps, url_in};
use crate::support::free_port;

/// What the bot posted in the class's channel since `mark`.
fn channel_posts(table: &Table, mark: usize) -> Vec<String> {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| call.method == "POST" && call.path == path)
        .filter_map(|call| call.body["content"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn a_tournament_finished_by_taps_on_the_class_screen_is_announced_once_in_the_channel() {
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let mut table = Table::gateway(Setup {
        env: vec![("LALAO_WEB".to_owned(), listen.clone())],
        ..Setup::default()
    });
    slash_as_moderator(
        &mut table,
        ANA,
        "class new",
        &[Opt::str("name", "CE1"), Opt::str("language", "fr")],
    );
    table.slash(ANA, "class add", &[Opt::str("pupils", "Lina Noa")]);
    let (_, call) = table.slash(
        ANA,
        "class tournament",
        &[Opt::str("game", "fano"), Opt::str("options", "cells=5")],
    );
    let started = call.body["data"]["content"].as_str().unwrap_or_default();
    assert!(started.contains("Ronde 1 sur 1"), "{}", call.body);
    // The screen's address is the teacher's alone.
    let (_, call) = table.slash(ANA, "class link", &[]);
    let link = url_in(&assert_ephemeral(&call));
    let path = link
        .strip_prefix(&format!("http://{listen}"))
        .expect("the screen's address on LALAO_WEB")
        .to_owned();
    let mark = table.peer.mark();
    finish_by_taps(port, &path);
    table
        .peer
        .wait_call(mark, "told the channel the tournament is over", |call| {
            call.method == "POST"
                && call.body["content"]
                    .as_str()
                    .is_some_and(|content| content.starts_with("Le tournoi est fini"))
        });
    // Unlike the console, the channel is not in the room with the screen: it hears the moves.
    let posts = channel_posts(&table, mark);
    let taps = posts
        .iter()
        .filter(|post| post.contains("sur l'écran de la classe"))
        .count();
    assert_eq!(taps, 6, "{posts:#?}");
    // Another command later, and still one announcement.
    let (_, call) = table.slash(ANA, "class standings", &[]);
    let standings = call.body["data"]["content"].as_str().unwrap_or_default();
    assert!(!standings.contains("Le tournoi est fini"), "{standings}");
    let over = channel_posts(&table, mark)
        .iter()
        .filter(|post| post.starts_with("Le tournoi est fini"))
        .count();
    assert_eq!(over, 1, "{:#?}", channel_posts(&table, mark));
    table.peer.assert_no_unknown_routes();
}
