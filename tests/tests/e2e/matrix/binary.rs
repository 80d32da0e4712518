//! The real `lalao` binary on Matrix: the bot core's grammar and sled store behind the
//! adapter, in an encrypted room, through a SIGKILL and a Synapse restart.

use std::path::Path;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_matrix::REACTION_ACCEPT;
use matrix_sdk::ruma::{OwnedRoomId, RoomId};

use super::people::{match_id, Person, Seen};
use crate::process::{Lalao, Running};
use crate::support::lalao;
use crate::synapse::Synapse;

pub(crate) const BOT: &str = "@lalao:localhost";

/// `who` says `text` in `room`; the bot's first message after it that contains `expected`
/// (a board is a message of its own, not a reply).
pub(crate) async fn said(who: &Person, room: &RoomId, text: &str, expected: &str) -> Seen {
    let mark = who.mark(room);
    who.send(room, text).await;
    who.wait_for(room, mark, text, |seen| {
        from_bot(seen) && seen.body().contains(expected)
    })
    .await
}

/// The bot running on a fresh Synapse, and Cara and Erin in a plain room of Cara's with it,
/// its welcome seen. The bot is stopped by [`stop_cleanly`].
pub(crate) struct TwoInARoom {
    pub bot: Running,
    pub cara: Person,
    pub erin: Person,
    pub room: OwnedRoomId,
    // Kept for the bot's life: its data and its homeserver.
    _data: tempfile::TempDir,
    _synapse: Synapse,
}

impl TwoInARoom {
    pub(crate) async fn start() -> TwoInARoom {
        let synapse = synapse_with(&["cara", "erin"]);
        let data = tempfile::tempdir().unwrap();
        let bot = spawn(&synapse, data.path());
        let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
        let erin = Person::login(&synapse.url(), "erin", "pw-erin").await;
        let room = cara.create_room(&[BOT, "@erin:localhost"], false).await;
        erin.join(&room).await;
        cara.wait_for(&room, 0, "the welcome", from_bot).await;
        // Erin's client too: a test marks what each of them has seen, and a welcome that
        // reaches her later would count as the bot speaking in the room.
        erin.wait_for(&room, 0, "the welcome", from_bot).await;
        TwoInARoom {
            bot,
            cara,
            erin,
            room,
            _data: data,
            _synapse: synapse,
        }
    }
}

/// A fresh Synapse with the bot's account and one for each of `people` (password
/// `pw-<name>`). Blocking work, moved off the test's runtime threads.
pub(crate) fn synapse_with(people: &[&str]) -> Synapse {
    tokio::task::block_in_place(|| {
        let synapse = Synapse::start();
        synapse.register("lalao", "bot-secret");
        for name in people {
            synapse.register(name, &format!("pw-{name}"));
        }
        synapse
    })
}

pub(crate) fn spawn(synapse: &Synapse, data: &Path) -> Running {
    spawn_with(synapse, data, &[])
}

/// [`spawn`] with more environment (a clock offset). Its standard error goes to
/// `data/lalao.log`, which every run on `data` writes on.
pub(crate) fn spawn_with(synapse: &Synapse, data: &Path, env: &[(&str, &str)]) -> Running {
    let mut command = lalao();
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("MATRIX_HOMESERVER", synapse.url())
        .env("MATRIX_USER", BOT)
        .env("MATRIX_PASSWORD", "bot-secret")
        .env("MATRIX_STORE_PASSPHRASE", "passphrase")
        .env("LALAO_DATA_DIR", data)
        .env("RUST_LOG", "info")
        .envs(env.iter().copied());
    Lalao::new(command)
        .log_to(data.join("lalao.log"))
        .stdout_discarded()
        .start()
}

pub(crate) fn from_bot(seen: &Seen) -> bool {
    seen.sender == BOT && seen.kind() == "m.room.message"
}

struct Game<'a> {
    id: String,
    board: String,
    game: AnyGame,
    players: [&'a Person; 2],
}

/// The player to move plays the first legal move; the match's board is edited and mentions
/// the next player.
async fn play_one(game: &mut Game<'_>, room: &RoomId, watcher: &Person) {
    let mv = game.game.legal_moves()[0].clone();
    let player = game.players[game.game.to_move().index()];
    let mark = watcher.mark(room);
    player.send(room, &format!("!lalao move {} {mv}", game.id)).await;
    game.game.play(&mv).unwrap();
    let board = game.board.clone();
    let edit = watcher
        .wait_for(room, mark, &format!("the board after {mv}"), |seen| {
            from_bot(seen)
                && seen.replaces() == Some(board.as_str())
                && seen.body().contains(&format!("played {mv}"))
        })
        .await;
    assert_eq!(edit.msgtype(), "m.text");
    assert!(edit.encrypted);
    assert!(edit.html().contains("<"), "an HTML board");
    match game.game.outcome() {
        None => {
            let next = game.players[game.game.to_move().index()];
            assert_eq!(edit.mentions(), [next.id()], "the next player is mentioned");
            assert!(edit
                .html()
                .contains(&format!(r#"<a href="https://matrix.to/#/{}">"#, next.id())));
        }
        Some(_) => assert!(edit.mentions().is_empty()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_real_bot_plays_through_a_kill_and_a_synapse_restart() {
    let mut synapse = tokio::task::block_in_place(Synapse::start);
    tokio::task::block_in_place(|| {
        synapse.register("lalao", "bot-secret");
        for name in ["ana", "bako", "cara"] {
            synapse.register(name, &format!("pw-{name}"));
        }
    });
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;
    let bako = Person::login(&url, "bako", "pw-bako").await;
    let cara = Person::login(&url, "cara", "pw-cara").await;
    let room = ana.create_room(&[BOT, bako.id(), cara.id()], true).await;
    bako.join(&room).await;
    cara.join(&room).await;
    for person in [&ana, &bako, &cara] {
        person.wait_for(&room, 0, "the welcome", from_bot).await;
    }

    // Ana challenges Bako with a pill; Bako accepts with a reaction.
    let mark = bako.mark(&room);
    ana.send_with_pills(
        &room,
        "!lalao play fano bako",
        &format!(
            r#"!lalao play fano <a href="https://matrix.to/#/{}">bako</a>"#,
            bako.id()
        ),
        &[bako.id()],
    )
    .await;
    let challenge = bako
        .wait_for(&room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.mentions().contains(&bako.id().to_owned())
        })
        .await;
    let id = match_id(challenge.body());
    let mark = ana.mark(&room);
    bako.react(&room, &challenge.event_id, REACTION_ACCEPT).await;
    let board = ana
        .wait_for(&room, mark, "the first board", |seen| {
            from_bot(seen)
                && seen.replaces().is_none()
                && seen.html().contains("<")
                && seen.mentions() == [ana.id()]
        })
        .await;
    let mut game = Game {
        id,
        board: board.event_id.clone(),
        game: AnyGame::new(AnyOptions::standard(GameKind::Fano).unwrap()).unwrap(),
        players: [&ana, &bako],
    };

    // A stranger cannot move for a player; nonsense gets a friendly word; nothing changes.
    let mv = game.game.legal_moves()[0].clone();
    for (person, line) in [
        (&cara, format!("!lalao move {} {mv}", game.id)),
        (&ana, "!lalao dance".to_owned()),
    ] {
        let mark = person.mark(&room);
        let command = person.send(&room, &line).await;
        let answer = person
            .wait_for(&room, mark, &format!("an answer to {line:?}"), |seen| {
                from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
            })
            .await;
        assert_eq!(answer.msgtype(), "m.notice");
        assert!(!answer.body().is_empty());
    }
    play_one(&mut game, &room, &cara).await;

    // SIGKILL; a move sent while the bot is down is applied once when it is back.
    bot.kill();
    let mv = game.game.legal_moves()[0].clone();
    let player = game.players[game.game.to_move().index()];
    let mark = cara.mark(&room);
    player.send(&room, &format!("!lalao move {} {mv}", game.id)).await;
    game.game.play(&mv).unwrap();
    bot.restart();
    let board_id = game.board.clone();
    cara.wait_for(&room, mark, "the board after the restart", |seen| {
        from_bot(seen) && seen.replaces() == Some(board_id.as_str())
    })
    .await;

    // Synapse goes away and comes back: the bot reconnects by itself.
    tokio::task::block_in_place(|| synapse.restart());
    while game.game.outcome().is_none() {
        play_one(&mut game, &room, &cara).await;
    }
    bot.assert_running();

    // Every acknowledged move is in the store, once: the final board says the game is over,
    // and no old command was answered twice.
    // (The end of the game is a message of its own, once: "… is over. … Well played!"; it
    // may come after the board's last edit.)
    cara.wait_for(&room, 0, "the end-of-game message", |seen| {
        from_bot(seen) && seen.body().contains("is over")
    })
    .await;
    let seen = cara.seen(&room);
    let over = |seen: &&Seen| from_bot(seen) && seen.body().contains("is over");
    let answers_to_moves = seen
        .iter()
        .filter(|seen| from_bot(seen) && seen.body().contains("played") && !over(seen))
        .count();
    assert_eq!(
        answers_to_moves,
        game.game.ply() as usize,
        "one board edit per move"
    );
    assert_eq!(seen.iter().filter(over).count(), 1, "one end-of-game message");
    bot.kill();
}

/// Sends SIGTERM to the bot and waits for a clean exit, within 5 s.
pub(crate) fn stop_cleanly(bot: &mut Running) {
    let exit = tokio::task::block_in_place(|| bot.terminate(std::time::Duration::from_secs(5)))
        .expect("the bot ignored SIGTERM for 5 s");
    assert!(exit.success(), "a clean stop: {exit:?}");
}
