//! Several lalao processes on one PostgreSQL, each configured for the same Matrix
//! account. One syncs; the other stands by without syncing (so no command is answered twice)
//! and takes over when the first dies.

use std::time::{Duration, Instant};

use lalao_postgres::scratch::Postgres;

use super::binary::{from_bot, spawn_with, synapse_with, BOT};
use super::people::Person;
use crate::process::Running;

/// Waits until `process` has logged `line`, off the runtime's worker threads.
fn wait_for_log(process: &Running, line: &str, patience: Duration) {
    tokio::task::block_in_place(|| process.wait_for_log(line, patience));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_second_process_stands_by_for_the_matrix_sync_and_takes_over_when_the_first_dies() {
    let synapse = synapse_with(&["ana"]);
    let postgres = tokio::task::block_in_place(Postgres::start);
    let database = tokio::task::block_in_place(|| postgres.database("standby"));
    let env = [
        ("LALAO_DATABASE_URL", database.as_str()),
        ("LALAO_MATRIX_SYNC_TIMEOUT_MS", "1000"),
    ];
    let (first_dir, second_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut first = spawn_with(&synapse, first_dir.path(), &env);
    let ana = Person::login(&synapse.url(), "ana", "pw-ana").await;
    let room = ana.create_room(&[BOT], false).await;
    ana.wait_for(&room, 0, "the welcome", from_bot).await;
    let mut second = spawn_with(&synapse, second_dir.path(), &env);
    wait_for_log(&second, "this one stands by", Duration::from_secs(60));

    // Answered once, by the syncing process: one new board.
    let boards_since = |mark: usize| {
        ana.seen(&room)[mark..]
            .iter()
            // The boards' text, not their pictures.
            .filter(|seen| from_bot(seen) && seen.replaces().is_none() && seen.msgtype() != "m.image")
            .count()
    };
    let mark = ana.mark(&room);
    ana.send(&room, "!lalao play fano practice").await;
    ana.wait_for(&room, mark, "the first practice board", from_bot)
        .await;

    // The first dies: within the lease (20 s) and one renewal period, the second syncs.
    first.kill();
    let died = Instant::now();
    assert_eq!(boards_since(mark), 1, "the first command was answered once");
    wait_for_log(&second, "this process now syncs Matrix", Duration::from_secs(40));
    let took_over = died.elapsed();
    assert!(
        took_over <= Duration::from_secs(30),
        "taken over in {took_over:?}"
    );
    // Its session is new: its first sync takes the room as it is, then it answers.
    wait_for_log(&second, "first Matrix sync done", Duration::from_secs(20));
    let later = ana.mark(&room);
    ana.send(&room, "!lalao play fano practice").await;
    ana.wait_for(&room, later, "the board after the take-over", from_bot)
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(boards_since(later), 1, "the later command was answered once");

    // The first, started again with its data directory, is a device the role does not belong
    // to now: it stands by in turn.
    first.restart();
    wait_for_log(&first, "this one stands by", Duration::from_secs(60));
    let last = ana.mark(&room);
    ana.send(&room, "!lalao play fano practice").await;
    ana.wait_for(&room, last, "the board with both running", from_bot)
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(boards_since(last), 1, "answered once with both running");
    first.kill();
    second.kill();
}
