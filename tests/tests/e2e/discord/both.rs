//! One `lalao` process serving Discord (the fake peer) and Matrix (a real Synapse) at once,
//! on one store with one scheduler: a timed match on each platform, each turn notice reaches
//! its own platform, and no match number reaches across.

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

use super::bot::Setup;
use super::channels::{dms_to, play_first_move, wait_dms};
use super::fixtures::{Opt, ANA, BODO};
use super::gateway::{assert_ephemeral, custom_id_ending, id_of};
use super::{mentioned, Table};
use crate::matrix::binary::{from_bot, BOT};
use crate::matrix::people::{match_id, Person};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_process_serves_discord_and_matrix_and_routes_each_notice_to_its_platform() {
    let synapse = crate::matrix::binary::synapse_with(&["ana", "bako"]);
    let setup = Setup::with_matrix(&synapse.url());
    let mut table = tokio::task::block_in_place(|| Table::gateway(setup));

    // On Matrix: Ana challenges Bako to a timed fano match; Bako wants his turn notices by
    // direct message.
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;
    let bako = Person::login(&url, "bako", "pw-bako").await;
    let room = ana.create_room(&[BOT, bako.id()], false).await;
    bako.join(&room).await;
    bako.wait_for(&room, 0, "the welcome", from_bot).await;
    let mark = bako.mark(&room);
    let command = bako.send(&room, "!lalao notify dm=on").await;
    bako.wait_for(&room, mark, "the saved settings", |seen| {
        from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
    })
    .await;
    let mark = bako.mark(&room);
    let command = ana
        .send(&room, &format!("!lalao play fano {} time=1h", bako.id()))
        .await;
    let challenge = bako
        .wait_for(&room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    let id = match_id(challenge.body());

    // On Discord: Bodo challenges Ana to a timed match; she wants her notices by DM too.
    let discord_board = tokio::task::block_in_place(|| {
        let (play, _) = table.slash(
            BODO,
            "play",
            &[
                Opt::str("game", "fano"),
                Opt::User("opponent", ANA),
                Opt::str("options", "time=1h"),
            ],
        );
        let challenge = table.original(&play);
        table.click(ANA, &challenge, &custom_id_ending(&challenge, ":a"));
        let (_, call) = table.slash(ANA, "notify", &[Opt::str("settings", "dm=on")]);
        assert!(assert_ephemeral(&call).contains("Messages privés"));
        let board = table.peer.message(id_of(&challenge));
        assert_eq!(mentioned(&board), vec![BODO.id]);
        board
    });

    // Both matches start: Bako accepts on Matrix, Ana moves there; Bodo moves on Discord.
    let mark = ana.mark(&room);
    bako.send(&room, &format!("!lalao accept {id}")).await;
    ana.wait_for(&room, mark, "the first board", |seen| {
        from_bot(seen) && seen.mentions() == [ana.id()]
    })
    .await;
    let game = AnyGame::new(AnyOptions::standard(GameKind::Fano).unwrap()).unwrap();
    let first = game.legal_moves()[0].clone();
    ana.send(&room, &format!("!lalao move {id} {first}")).await;
    tokio::task::block_in_place(|| play_first_move(&mut table, &discord_board));

    // Each turn notice arrives on its own platform, by direct message.
    let dms = tokio::task::block_in_place(|| wait_dms(&table, ANA, 1));
    assert_eq!(dms.len(), 1, "{dms:?}");
    assert!(dms[0].starts_with("Ana, c’est à toi de jouer dans "), "{dms:?}");
    let dm = bako.accept_invite().await;
    let notice = bako.wait_for(&dm, 0, "the turn notice by DM", from_bot).await;
    assert_eq!(
        notice.body(),
        format!("bako, it is your turn in match {id} (Fano).")
    );
    assert_eq!(notice.mentions(), [bako.id()]);

    // A match number reaches no match of the other platform. Bako, on Matrix,
    // names the Discord match; Ana, on Discord, names the Matrix one. Neither is a player there
    // nor in its channel: "no such match", and nothing is shown or changed.
    assert_eq!(id, "#1", "the Matrix match came first");
    for command in ["!lalao board #2", "!lalao history #2", "!lalao accept #2"] {
        let mark = bako.mark(&room);
        let sent = bako.send(&room, command).await;
        let answer = bako
            .wait_for(&room, mark, "the refusal", |seen| {
                from_bot(seen) && seen.in_reply_to() == Some(sent.as_str())
            })
            .await;
        assert!(
            answer.body().starts_with("There is no match #2."),
            "{command}: {}",
            answer.body()
        );
    }
    tokio::task::block_in_place(|| {
        for verb in ["board", "history", "export"] {
            let (_, call) = table.slash(ANA, verb, &[Opt::Int("match", 1)]);
            let refusal = assert_ephemeral(&call);
            assert!(
                refusal.starts_with("Il n'y a pas de partie #1. "),
                "{verb}: {refusal}"
            );
        }
    });

    // Nothing crossed over, and nothing was given up.
    assert!(dms_to(&table, BODO).is_empty());
    assert_eq!(dms_to(&table, ANA).len(), 1);
    let log = table.bot.as_ref().unwrap().log();
    assert!(!log.contains("dead letters"), "{log}");
    table.peer.assert_no_unknown_routes();
}
