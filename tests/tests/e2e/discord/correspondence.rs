//! Correspondence aids on Discord: forced moves that play themselves (Mangala IV after the coin
//! rite) and a conditional move (`/clock plan`) played while its author is away.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

use super::bot::Setup;
use super::fixtures::{Opt, ANA, BODO};
use super::gateway::{assert_ephemeral, call_pings, challenge_accepted, custom_id_ending, id_of};
use super::peer::APPLICATION_ID;
use super::{mentioned, Table};

/// The game after `moves` from the standard start of `kind`.
fn replay(kind: GameKind, moves: &[String]) -> AnyGame {
    let mut game = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    for text in moves {
        game.play(text).unwrap();
    }
    game
}

#[test]
fn a_mangala_correspondence_match_plays_its_forced_moves_by_itself_after_the_rite() {
    let mut table = Table::gateway(Setup::default());
    let rite = challenge_accepted(&mut table, "mangala");
    // The rite, with its buttons: Ana hides two coins, Bodo calls odd (wrong), Ana takes South.
    let interaction = super::fixtures::click(&table.peer, ANA, &rite, &custom_id_ending(&rite, ":c:2"));
    table.send(&interaction);
    let token = interaction["token"].as_str().unwrap().to_owned();
    let announce = table.peer.wait_call(0, "announced the call", |call| {
        call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
    });
    let message = announce.response.clone();
    table.click(BODO, &message, &custom_id_ending(&message, ":k:odd"));
    let message = table.peer.message(id_of(&message));
    let call = table.click(ANA, &message, &custom_id_ending(&message, ":s:south"));
    assert_eq!(call.body["type"], 7);
    // Every move after the rite is forced (M-4), and neither player turned `auto` off: the
    // whole game played itself in the commit of Ana's choice.
    let mut moves: Vec<String> = Vec::new();
    let mut game = replay(GameKind::Mangala, &[]);
    while game.outcome().is_none() {
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 1);
        game.play(&legal[0]).unwrap();
        moves.push(legal[0].clone());
    }
    let count = moves.len();
    let content = call.body["data"]["content"].as_str().unwrap();
    let lines: Vec<&str> = content.lines().collect();
    // Ana's client speaks French.
    assert_eq!(
        lines[0],
        "Ana prend le camp Sud. Ana (Sud) commence. Bonne partie !"
    );
    assert_eq!(
        lines[1],
        format!(
            "{count} coups sans alternative, joués tout de suite : {} … {}. Tous les coups : `/lalao historique partie:1`.",
            moves[..6].join(", "),
            moves[count - 2..].join(", ")
        )
    );
    // The board is the final one: it pings nobody and offers a rematch.
    let board = table.peer.message(id_of(&message));
    assert!(mentioned(&board).is_empty(), "{board}");
    let history = table.slash(BODO, "history", &[Opt::Int("match", 1)]).1;
    let told = history.body["data"]["content"].as_str().unwrap().to_owned();
    for (index, text) in moves.iter().enumerate() {
        assert!(told.contains(&format!("{}. {text}", index + 1)), "{told}");
    }
    table.peer.assert_no_unknown_routes();
}

#[test]
fn a_planned_answer_is_played_while_its_author_is_away() {
    let mut table = Table::gateway(Setup::default());
    let (play, _) = table.slash(
        ANA,
        "play",
        &[
            Opt::str("game", "fano"),
            Opt::User("opponent", BODO),
            Opt::str("options", "cells=7 time=3d"),
        ],
    );
    let challenge = table.original(&play);
    table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    let board_id = id_of(&challenge);
    let mut moves: Vec<String> = Vec::new();
    // Ana opens (the challenger has the first move), and Bodo is pinged.
    assert_eq!(mentioned(&table.peer.message(board_id)), vec![ANA.id]);
    let (first, second) = (ANA, BODO);
    let opening = replay_fano(&moves).legal_moves()[0].clone();
    let (_, call) = table.slash(first, "move", &[Opt::str("move", opening.clone())]);
    assert_eq!(call_pings(&call), vec![second.id]);
    moves.push(opening);
    // While the second thinks, the first plans an answer to their likeliest move, privately.
    let theirs = replay_fano(&moves).legal_moves()[0].clone();
    let mine = {
        let mut after = replay_fano(&moves);
        after.play(&theirs).unwrap();
        after.legal_moves()[0].clone()
    };
    let mark = table.peer.mark();
    let (_, call) = table.slash(
        first,
        "plan",
        &[
            Opt::Int("match", 1),
            Opt::str("moves", format!("{theirs} {mine}")),
        ],
    );
    let said = assert_ephemeral(&call);
    assert_eq!(
        said,
        format!(
            "C'est prévu dans la partie #1 : s'il joue {theirs}, je joue {mine}. Je joue ta réponse dès que son coup correspond ; s'il joue autre chose, j'oublie ce plan et je te préviens. Toi seul le vois."
        )
    );
    // Nothing about the plan reached the channel.
    assert!(
        table
            .peer
            .calls_since(mark)
            .iter()
            .all(|call| call.body["flags"] == 64 || call.body["data"]["flags"] == 64),
        "only ephemeral answers"
    );
    // The first player is away; the second plays the planned-for move, and the answer comes at once.
    let (_, call) = table.slash(second, "move", &[Opt::str("move", theirs.clone())]);
    let content = call.body["data"]["content"].as_str().unwrap().to_owned();
    moves.push(theirs.clone());
    moves.push(mine.clone());
    assert!(
        content
            .lines()
            .any(|line| line == format!("Ana (White) answered with {mine}, as planned.")),
        "{content}"
    );
    // It is Bodo's turn again, on the board the answer left.
    assert_eq!(call_pings(&call), vec![second.id]);
    let (_, call) = table.slash(second, "history", &[Opt::Int("match", 1)]);
    let told = call.body["data"]["content"].as_str().unwrap().to_owned();
    assert!(
        told.contains(&format!("1. {} 2. {theirs} 3. {mine}", moves[0])),
        "{told}"
    );
    table.peer.assert_no_unknown_routes();
}

fn replay_fano(moves: &[String]) -> AnyGame {
    let mut seven = serde_json::Map::new();
    seven.insert("cells".to_owned(), 7.into());
    let options = AnyOptions::from_json(GameKind::Fano, &seven, &[]).unwrap();
    let mut game = AnyGame::new(options).unwrap();
    for text in moves {
        game.play(text).unwrap();
    }
    game
}
