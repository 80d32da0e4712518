//! What the operator reads: the real `lalao` binary on a real Synapse at `RUST_LOG=info` (the
//! Docker image's setting) writes a start line, one line per handled command and per message
//! delivered, a stop line, and nothing while it is idle.

use std::time::{Duration, Instant};

use super::binary::{from_bot, spawn_with, stop_cleanly, BOT};
use super::people::Person;
use crate::synapse::Synapse;

/// How many syncs stand for ten idle minutes. The bot long-polls for 30 s, so a homeserver
/// with nothing new answers twice a minute: 20 syncs in ten minutes. It answers sooner when
/// something the bot may see happens (presence, receipts, typing in its rooms): the issue
/// saw 451 KB in 11 minutes, and each sync wrote 1.6 to 2 KB (an INFO line of 1.5 to 1.9 KB
/// and a WARN; 1.6 KB here before the fix), so 205 to 256 syncs in ten minutes. The test lets
/// 300 syncs go by, with a 100 ms long poll (`LALAO_MATRIX_SYNC_TIMEOUT_MS`): about 35
/// seconds. Nothing else in lalao logs with the passing of time alone (the scheduler writes
/// only when a timer fires or a notification goes out), so syncs are what an idle bot's log
/// grows with.
const IDLE_SYNCS: usize = 300;
/// The most log lines ten idle minutes may write.
const MAX_IDLE_INFO_LINES: usize = 20;

/// The complete lines of `log` from byte `from` on.
fn lines_from(log: &str, from: usize) -> Vec<&str> {
    let text = &log[from..];
    let complete = text.rfind('\n').map_or("", |end| &text[..end]);
    complete.lines().collect()
}

fn level(line: &str) -> Option<&str> {
    line.split_whitespace().nth(1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_an_idle_bot_logs_nothing_and_a_command_one_line() {
    let synapse = tokio::task::block_in_place(Synapse::start);
    tokio::task::block_in_place(|| {
        synapse.register("lalao", "bot-secret");
        synapse.register("ana", "pw-ana");
    });
    let data = tempfile::tempdir().unwrap();
    let env = [
        ("LALAO_MATRIX_SYNC_TIMEOUT_MS", "100"),
        // The operator's `info`, plus the adapter's DEBUG line per sync, which the test counts.
        ("RUST_LOG", "info,lalao_matrix::adapter=debug"),
    ];
    let mut bot = spawn_with(&synapse, data.path(), &env);
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;

    // Two joins: a plain room (where matrix-sdk learns from a 404 that the room is not
    // encrypted) and an encrypted one; each gets its welcome.
    let plain = ana.create_room(&[BOT], false).await;
    let encrypted = ana.create_room(&[BOT], true).await;
    for room in [&plain, &encrypted] {
        ana.wait_for(room, 0, "the welcome", from_bot).await;
    }
    let mark = ana.mark(&plain);
    let help = ana.send(&plain, "!lalao help").await;
    ana.wait_for(&plain, mark, "the help", |seen| {
        from_bot(seen) && seen.in_reply_to() == Some(help.as_str())
    })
    .await;

    // Idle: nothing happens for IDLE_SYNCS syncs.
    let idle_from = bot.log().len();
    let started = Instant::now();
    let idle = loop {
        let log = bot.log();
        let lines: Vec<String> = lines_from(&log, idle_from)
            .into_iter()
            .map(str::to_owned)
            .collect();
        let syncs = lines.iter().filter(|line| line.contains("sync handled")).count();
        if syncs >= IDLE_SYNCS {
            break lines;
        }
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "only {syncs} syncs in 180 s"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let idle_info: Vec<&String> = idle.iter().filter(|line| level(line) == Some("INFO")).collect();
    let idle_loud: Vec<&String> = idle
        .iter()
        .filter(|line| matches!(level(line), Some("WARN" | "ERROR")))
        .collect();
    eprintln!(
        "{} idle syncs in {:?}: {} INFO lines, {} WARN or ERROR lines, {} bytes without the DEBUG lines",
        idle.iter().filter(|line| line.contains("sync handled")).count(),
        started.elapsed(),
        idle_info.len(),
        idle_loud.len(),
        idle.iter()
            .filter(|line| level(line) != Some("DEBUG"))
            .map(|line| line.len() + 1)
            .sum::<usize>()
    );
    assert!(idle_info.len() < MAX_IDLE_INFO_LINES, "{idle_info:#?}");
    assert_eq!(
        idle_info,
        Vec::<&String>::new(),
        "an idle bot writes no INFO line"
    );
    assert_eq!(idle_loud, Vec::<&String>::new(), "nor any warning");

    // SIGTERM: a clean stop, within 5 s, that says so.
    stop_cleanly(&mut bot);

    let log = bot.log();
    let lines = lines_from(&log, 0);
    let errors: Vec<&&str> = lines.iter().filter(|line| level(line) == Some("ERROR")).collect();
    assert_eq!(errors, Vec::<&&str>::new(), "no ERROR line, joins included");
    // The adapter's INFO lines, whole: each names what it is about, never what was written.
    let adapter: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|line| level(line) == Some("INFO") && line.contains(" lalao_matrix"))
        .collect();
    let count = |what: &str| adapter.iter().filter(|line| line.contains(what)).count();
    let start = format!("lalao serving Matrix as {BOT} on {url}");
    let stop = format!("lalao stopped serving Matrix as {BOT} on {url}");
    let expected = [
        (start.as_str(), 1),
        ("first Matrix sync done; history skipped", 1),
        ("joining on invite", 2),
        // The two welcomes and the help.
        (r#"message delivered room="#, 3),
        ("command handled", 1),
        (stop.as_str(), 1),
    ];
    for (what, times) in expected {
        assert_eq!(count(what), times, "{what:?} in {adapter:#?}");
    }
    assert_eq!(
        adapter.len(),
        expected.iter().map(|(_, times)| times).sum::<usize>(),
        "{adapter:#?}"
    );
    let handled = adapter
        .iter()
        .find(|line| line.contains("command handled"))
        .unwrap();
    assert!(
        handled.ends_with(&format!(
            r#"command handled platform="matrix" room={plain} user={} command="help" outcome="shown""#,
            ana.id()
        )),
        "{handled}"
    );
    for line in adapter.iter().filter(|line| line.contains("message delivered")) {
        assert!(line.ends_with(r#" outcome="ok" attempts=1"#), "{line}");
    }
    assert!(
        adapter.last().unwrap().ends_with(&stop),
        "the stop line is the adapter's last: {adapter:#?}"
    );
}
