//! Delivery that never blocks, with the real `lalao` binary on a real Synapse: a room where
//! the bot may not post, a reply larger than a Matrix event may be, and a stop in the middle
//! of sending.

use std::time::{Duration, Instant};

use super::binary::{from_bot, spawn, spawn_with, stop_cleanly, synapse_with, BOT};
use super::people::{match_id, Person};
use crate::synapse::Synapse;

/// A name that weighs on the wire: `"` is `\"` in JSON and `&quot;` in HTML. Each player's
/// starts with their own name: names that several members share are ambiguous in a room.
fn heavy_name(name: &str) -> String {
    format!("{name}{}", "\"".repeat(250))
}

/// Players who fill Ana's room with open challenges, next to her: one person may have at most
/// 50 matches going (docs/security.md), and names are cut to 32 characters, so a list of more
/// than 64 KiB takes several players: six make about 107 KiB, well past it.
const CROWD: &[&str] = &["cara", "dan", "fay", "gus", "hal"];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_room_that_refuses_the_bot_or_a_huge_reply_holds_up_no_one() {
    let synapse = tokio::task::block_in_place(Synapse::start);
    tokio::task::block_in_place(|| {
        synapse.register("lalao", "bot-secret");
        for name in ["ana", "eve"].iter().chain(CROWD) {
            synapse.register(name, &format!("pw-{name}"));
        }
    });
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;
    let eve = Person::login(&url, "eve", "pw-eve").await;

    // Ana's room works as usual.
    let room = ana.create_room(&[BOT], false).await;
    ana.wait_for(&room, 0, "the welcome", from_bot).await;

    // Eve invites the bot into a room where only moderators may post: its welcome and
    // every answer there are refused (403).
    let closed = eve.create_read_only_room(&[BOT]).await;
    let joined = Instant::now();
    while !eve.seen(&closed).iter().any(|seen| {
        seen.sender == BOT && seen.kind() == "m.room.member" && seen.content()["membership"] == "join"
    }) {
        assert!(
            joined.elapsed() < Duration::from_secs(60),
            "the bot never joined Eve's room"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eve.send(&closed, "!lalao help").await;

    // Meanwhile Ana is answered within 2 s, three times in a row.
    for _ in 0..3 {
        let mark = ana.mark(&room);
        let sent = Instant::now();
        let command = ana.send(&room, "!lalao help").await;
        ana.wait_for(&room, mark, "the help", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
        let waited = sent.elapsed();
        assert!(waited < Duration::from_secs(2), "Ana waited {waited:?}");
    }
    assert!(
        eve.seen(&closed).iter().all(|seen| !from_bot(seen)),
        "nothing reached the read-only room"
    );

    // A list too large for one Matrix event (64 KiB) arrives whole, in several messages
    // that all answer the command, and the next command is answered as usual.
    let mut crowd = Vec::new();
    for name in CROWD {
        let person = Person::login(&url, name, &format!("pw-{name}")).await;
        ana.invite(&room, &format!("@{name}:localhost")).await;
        person.join(&room).await;
        crowd.push(person);
    }
    let players: Vec<&Person> = std::iter::once(&ana).chain(&crowd).collect();
    const EACH: usize = 50;
    let challenges = EACH * players.len();
    let mut last = None;
    for player in &players {
        // Synapse changes the name in each room after answering the profile change: challenges
        // sent before the room shows it would carry the short name.
        let mark = player.mark(&room);
        let heavy = heavy_name(&player.name);
        player.set_display_name(&heavy).await;
        player
            .wait_for(&room, mark, "the new name in the room", |seen| {
                seen.sender == player.user_id.as_str()
                    && seen.kind() == "m.room.member"
                    && seen.content()["displayname"] == heavy.as_str()
            })
            .await;
        for _ in 0..EACH {
            last = Some(player.send(&room, "!lalao play katro").await);
        }
    }
    let last = last.unwrap();
    ana.wait_for(&room, 0, "the last challenge", |seen| {
        from_bot(seen) && seen.in_reply_to() == Some(last.as_str())
    })
    .await;
    let mark = ana.mark(&room);
    let list = ana.send(&room, "!lalao list").await;
    let next = ana.send(&room, "!lalao help").await;
    ana.wait_for(&room, mark, "the answer after the list", |seen| {
        from_bot(seen) && seen.in_reply_to() == Some(next.as_str())
    })
    .await;
    let pieces: Vec<_> = ana
        .seen(&room)
        .into_iter()
        .skip(mark)
        .filter(|seen| from_bot(seen) && seen.in_reply_to() == Some(list.as_str()))
        .collect();
    let whole: String = pieces
        .iter()
        .map(|seen| seen.body())
        .collect::<Vec<_>>()
        .join("\n");
    let wire: usize = pieces.iter().map(|seen| seen.json.to_string().len()).sum();
    assert!(
        wire > 65_536,
        "the list weighs {wire} bytes in {} pieces: too little for the test; it starts {:?}",
        pieces.len(),
        whole.chars().take(600).collect::<String>()
    );
    assert!(pieces.len() >= 2, "the list is split: {} pieces", pieces.len());
    assert!(pieces.iter().all(|seen| seen.json.to_string().len() < 65_536));
    for id in 1..=challenges {
        assert_eq!(
            whole.matches(&format!("#{id} ")).count(),
            1,
            "match #{id} is listed once"
        );
    }

    // Each refusal was logged once, never retried.
    let log = bot.log();
    let refusals: Vec<&str> = log
        .lines()
        .filter(|line| line.contains(closed.as_str()) && line.contains("refused the message"))
        .collect();
    assert_eq!(
        refusals.len(),
        2,
        "the welcome and the help, once each: {refusals:#?}"
    );
    assert!(
        refusals.iter().all(|line| line.contains("M_FORBIDDEN")),
        "{refusals:#?}"
    );
    assert!(!log.contains("retrying"), "no send was retried:\n{log}");

    // SIGTERM while a long answer is going out: the bot stops within 5 s.
    let mark = ana.mark(&room);
    let list = ana.send(&room, "!lalao list").await;
    ana.wait_for(&room, mark, "the start of the list", |seen| {
        from_bot(seen) && seen.in_reply_to() == Some(list.as_str())
    })
    .await;
    stop_cleanly(&mut bot);
}

/// A tiny deterministic generator: the kill times of a failing run can be replayed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_killed_at_random_points_answers_every_command_exactly_once() {
    let synapse = synapse_with(&["ana", "bako", "cara"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let url = synapse.url();
    let mut people = Vec::new();
    for name in ["ana", "bako", "cara"] {
        let person = Person::login(&url, name, &format!("pw-{name}")).await;
        let room = person.create_room(&[BOT], false).await;
        person.wait_for(&room, 0, "the welcome", from_bot).await;
        people.push((person, room));
    }

    // Commands stream into the three rooms (challenges, which change the store, and
    // questions and nonsense, which do not) while the bot is SIGKILLed at random points and
    // restarted after a random pause.
    let mut random = Lcg(20_261_201);
    let mut sent = Vec::new();
    let mut next_kill = Instant::now() + Duration::from_millis(300 + random.below(1_500));
    for n in 0..45 {
        let (person, room) = &people[n % 3];
        let line = ["!lalao play fano", "!lalao help", "!lalao dance"][random.below(3) as usize];
        let event = person.send(room, line).await;
        sent.push((n % 3, line, event));
        tokio::time::sleep(Duration::from_millis(random.below(200))).await;
        if Instant::now() >= next_kill {
            bot.kill();
            tokio::time::sleep(Duration::from_millis(random.below(1_500))).await;
            bot.restart();
            next_kill = Instant::now() + Duration::from_millis(300 + random.below(1_500));
        }
    }

    // Every command gets its answer, once.
    let answers = |(who, _, event): &(usize, &str, matrix_sdk::ruma::OwnedEventId)| {
        let (person, room) = &people[*who];
        person
            .seen(room)
            .into_iter()
            .filter(|seen| from_bot(seen) && seen.in_reply_to() == Some(event.as_str()))
            .collect::<Vec<_>>()
    };
    let started = Instant::now();
    while sent.iter().any(|command| answers(command).is_empty()) {
        if started.elapsed() > Duration::from_secs(90) {
            let log = bot.log();
            let notable: Vec<&str> = log
                .lines()
                .filter(|line| line.contains("lalao") || line.contains("WARN") || line.contains("ERROR"))
                .collect();
            panic!(
                "unanswered: {:?}\nthe bot is running: {}\nthe bot's log, notable lines:\n{}",
                sent.iter()
                    .filter(|command| answers(command).is_empty())
                    .collect::<Vec<_>>(),
                bot.is_running(),
                notable[notable.len().saturating_sub(200)..].join("\n")
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Time for any second answer to show up.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut matches = std::collections::BTreeSet::new();
    for command in &sent {
        let answers = answers(command);
        assert_eq!(answers.len(), 1, "{command:?} answered {} times", answers.len());
        if command.1 == "!lalao play fano" {
            matches.insert(match_id(answers[0].body()));
        }
    }
    // Each challenge made one match: none lost, none doubled.
    let challenges = sent
        .iter()
        .filter(|command| command.1 == "!lalao play fano")
        .count();
    assert_eq!(matches.len(), challenges);
    bot.kill();
}

/// Challenges `bako` to a one-hour fano match in `room`, has him accept and Ana move: his
/// clock runs. Returns the match id.
async fn timed_match_under_way(ana: &Person, bako: &Person, room: &matrix_sdk::ruma::RoomId) -> String {
    let mark = bako.mark(room);
    let command = ana
        .send(room, &format!("!lalao play fano {} time=1h", bako.id()))
        .await;
    let challenge = bako
        .wait_for(room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    let id = match_id(challenge.body());
    let mark = ana.mark(room);
    bako.send(room, &format!("!lalao accept {id}")).await;
    ana.wait_for(room, mark, "the first board", |seen| {
        from_bot(seen) && seen.mentions() == [ana.id()]
    })
    .await;
    let mark = bako.mark(room);
    ana.send(room, &format!("!lalao move {id} @1")).await;
    bako.wait_for(room, mark, "the board after the first move", |seen| {
        from_bot(seen) && seen.mentions() == [bako.id()]
    })
    .await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_notice_the_room_refuses_is_a_dead_letter_and_the_next_rooms_get_theirs() {
    let synapse = synapse_with(&["ana", "bako"]);
    let data = tempfile::tempdir().unwrap();
    let mut bot = spawn(&synapse, data.path());
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;
    let bako = Person::login(&url, "bako", "pw-bako").await;
    // Two rooms, a timed match in each; the first room's match is the older one, so its
    // time-out comes first in the outbox.
    let mut rooms = Vec::new();
    for _ in 0..2 {
        let room = ana.create_room(&[BOT, bako.id()], false).await;
        bako.join(&room).await;
        bako.wait_for(&room, 0, "the welcome", from_bot).await;
        let id = timed_match_under_way(&ana, &bako, &room).await;
        rooms.push((room, id));
    }
    // Ana, the first room's admin, lets only moderators post there from now on.
    let (closed, _) = &rooms[0];
    ana.set_state(
        closed,
        "m.room.power_levels",
        // Room version 12: the creator's power is implied and may not be listed.
        serde_json::json!({ "events_default": 50 }),
    )
    .await;

    // Two hours later (the bot restarted with its clock ahead), both of Bako's clocks have run
    // out: the first room refuses its notice (403), which becomes a dead letter; the second
    // room gets its own.
    bot.kill();
    let mark = ana.mark(&rooms[1].0);
    let restarted = Instant::now();
    // A two-minute long poll: were overdue notices to wait for the first sync, they would
    // come two minutes late, far from any start-up time, however loaded the machine.
    bot = spawn_with(
        &synapse,
        data.path(),
        &[
            ("LALAO_CLOCK_OFFSET", "7200"),
            ("LALAO_MATRIX_SYNC_TIMEOUT_MS", "120000"),
        ],
    );
    let (open, open_id) = &rooms[1];
    let flag = ana
        .wait_for(open, mark, "the time-out in the second room", |seen| {
            from_bot(seen) && seen.body().contains("has run out of time")
        })
        .await;
    assert!(flag.body().contains(open_id.as_str()), "{}", flag.body());
    // Overdue notices go out once the bot is logged in, not after its first
    // sync, which in these quiet rooms is the whole long poll.
    assert!(
        restarted.elapsed() < Duration::from_secs(60),
        "the overdue time-out came {:?} after the restart",
        restarted.elapsed()
    );
    assert!(ana
        .seen(closed)
        .iter()
        .all(|seen| !from_bot(seen) || !seen.body().contains("run out of time")));
    let dropped = "a notification cannot be delivered and is dropped from the outbox into the dead letters";
    tokio::task::block_in_place(|| bot.wait_for_log(dropped, Duration::from_secs(60)));
    let log = bot.log();
    let dead: Vec<&str> = log.lines().filter(|line| line.contains(dropped)).collect();
    // The time-out, for the room that refuses, tried once (the reminder that came due during
    // the two hours is dropped: its turn had run out).
    assert!(
        dead.iter().any(|line| line.contains("key=timeout-flag")),
        "{dead:#?}"
    );
    for line in &dead {
        assert!(
            line.contains("M_FORBIDDEN") && line.contains(closed.as_str()),
            "{line}"
        );
    }
    bot.kill();
    // `lalao check` counts them for the operator.
    let check = crate::support::lalao()
        .args(["check", "--data-dir"])
        .arg(data.path())
        .env_remove("MATRIX_HOMESERVER")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    let counted = format!(
        "{} notifications could not be delivered (dead letters)",
        dead.len()
    );
    assert!(said.contains(&counted), "{said}");
}
