//! A homeserver answering `503 Service Unavailable` for a long while delays nothing on Discord
//! in a process serving both platforms: one `lalao` process, the fake Discord peer, and a real
//! Synapse behind a reverse proxy that the test switches to 503 and back.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use matrix_sdk::ruma::RoomId;
use serde_json::Value;

use super::bot::Setup;
use super::channels::{dms_to, play_first_move, wait_dms};
use super::fixtures::{self, Opt, Person as Member, ANA, BODO};
use super::gateway::{bot_posts, custom_id_ending, id_of, move_id, person};
use super::peer::{Call, PATIENCE};
use super::{mentioned, move_labels, Table};
use crate::matrix::binary::{from_bot, said, BOT};
use crate::matrix::people::{match_id, Person, Seen};

/// What the proxy answers while the homeserver is down, as a reverse proxy in front of an
/// overloaded homeserver does (in the Matrix error format, which the bot's client reads as a
/// passing server error, worth retrying).
const UNAVAILABLE: &str = r#"{"errcode":"M_UNKNOWN","error":"Service Unavailable"}"#;

/// A reverse proxy between the bot and its homeserver, as nginx is in front of Synapse. It
/// passes every connection through until [`Proxy::fail`]; from then on it answers every
/// request 503 and cuts the requests in flight (the bot's long-polling sync among them), until
/// [`Proxy::recover`].
struct Proxy {
    url: String,
    gate: Arc<Mutex<Gate>>,
}

#[derive(Default)]
struct Gate {
    down: bool,
    /// Both ends of every connection passed through so far, to cut them when the proxy fails.
    passing: Vec<TcpStream>,
    /// The request lines answered 503.
    refused: Vec<String>,
}

fn lock(gate: &Mutex<Gate>) -> MutexGuard<'_, Gate> {
    gate.lock().unwrap_or_else(|poison| poison.into_inner())
}

impl Proxy {
    /// Starts the proxy in front of `homeserver` (`http://127.0.0.1:<port>`). Its threads are
    /// left parked on their sockets when it is dropped; they die with the test process.
    fn start(homeserver: &str) -> Proxy {
        let upstream: SocketAddr = homeserver
            .trim_start_matches("http://")
            .parse()
            .expect("a loopback homeserver");
        let listener = TcpListener::bind("127.0.0.1:0").expect("proxy listener");
        let url = format!("http://{}", listener.local_addr().unwrap());
        let gate = Arc::new(Mutex::new(Gate::default()));
        let shared = gate.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let gate = shared.clone();
                std::thread::spawn(move || serve(client, upstream, &gate));
            }
        });
        Proxy { url, gate }
    }

    /// The homeserver goes down: every request from now on is answered 503, and those in
    /// flight are cut, as a real outage breaks them.
    fn fail(&self) {
        let mut gate = lock(&self.gate);
        gate.down = true;
        for stream in gate.passing.drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    fn recover(&self) {
        lock(&self.gate).down = false;
    }

    fn refused(&self) -> Vec<String> {
        lock(&self.gate).refused.clone()
    }
}

/// One client connection: each request is passed through or answered 503, as the gate says
/// when it arrives. Once passed through, the connection is a tunnel to the homeserver until
/// either side closes it or the proxy fails.
fn serve(client: TcpStream, upstream: SocketAddr, gate: &Mutex<Gate>) {
    let Ok(mut to_client) = client.try_clone() else {
        return;
    };
    let mut from_client = BufReader::new(client);
    loop {
        let Some(head) = read_head(&mut from_client) else {
            return;
        };
        {
            let mut state = lock(gate);
            if !state.down {
                let Ok(server) = TcpStream::connect(upstream) else {
                    return;
                };
                for stream in [&to_client, &server] {
                    if let Ok(clone) = stream.try_clone() {
                        state.passing.push(clone);
                    }
                }
                drop(state);
                pass_through(&head, from_client, to_client, server);
                return;
            }
            state
                .refused
                .push(head.lines().next().unwrap_or_default().to_owned());
        }
        let header = |name: &str| {
            head.lines().find_map(|line| {
                let (field, value) = line.split_once(':')?;
                field
                    .trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_owned())
            })
        };
        let chunked = header("Transfer-Encoding").is_some();
        let length: u64 = header("Content-Length")
            .and_then(|length| length.parse().ok())
            .unwrap_or(0);
        if !chunked && std::io::copy(&mut (&mut from_client).take(length), &mut std::io::sink()).is_err() {
            return;
        }
        // A body whose end is not known in advance: answer, then close.
        let close = if chunked { "Connection: close\r\n" } else { "" };
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{close}\r\n{UNAVAILABLE}",
            UNAVAILABLE.len()
        );
        if to_client.write_all(answer.as_bytes()).is_err() || chunked {
            return;
        }
    }
}

/// A request's line and headers, up to the blank line; `None` once the client closed.
fn read_head(reader: &mut BufReader<TcpStream>) -> Option<String> {
    let mut head = String::new();
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        head.push_str(&line);
        if line == "\r\n" || line == "\n" {
            return Some(head);
        }
    }
}

fn pass_through(
    head: &str,
    mut from_client: BufReader<TcpStream>,
    mut to_client: TcpStream,
    server: TcpStream,
) {
    let (Ok(mut to_server), Ok(mut from_server)) = (server.try_clone(), server.try_clone()) else {
        return;
    };
    if to_server.write_all(head.as_bytes()).is_err() {
        return;
    }
    let answers = std::thread::spawn(move || {
        let _ = std::io::copy(&mut from_server, &mut to_client);
        let _ = to_client.shutdown(Shutdown::Both);
    });
    let _ = std::io::copy(&mut from_client, &mut to_server);
    let _ = to_server.shutdown(Shutdown::Write);
    let _ = answers.join();
}

/// How long the homeserver answers 503 (`LALAO_E2E_OUTAGE_SECS`, 90 by default; see the test's
/// comment for why 90 seconds stand for 10 minutes).
fn outage() -> Duration {
    let seconds = std::env::var("LALAO_E2E_OUTAGE_SECS").map_or(90, |seconds| {
        seconds
            .parse()
            .expect("LALAO_E2E_OUTAGE_SECS is a number of seconds")
    });
    Duration::from_secs(seconds)
}

/// The longest a Discord interaction may take to be answered during the outage: what it takes
/// when all is well is a few tens of milliseconds; the bot defers only past 2.5 s, and Discord
/// gives up at 3 s.
const ANSWER_BOUND: Duration = Duration::from_secs(1);
/// The longest from a move to the next player's turn notice by direct message, and from a
/// reminder's due second to its delivery: the scheduler's wake-up, one commit and one REST call
/// (the scheduler counts in whole seconds, hence the second on top for the reminder).
const NOTICE_BOUND: Duration = Duration::from_secs(2);
/// Time between two rounds of Discord play during the outage.
const PACE: Duration = Duration::from_secs(3);
/// A reminder falls due when three quarters of a turn's budget are used (the default cadence):
/// 45 minutes into a one-hour turn, with 15 minutes left.
const REMINDER_AFTER: u64 = 45 * 60;
/// How long the test waits, once the homeserver is back, for the bot's Matrix side to catch up:
/// its client retries a sync at most a minute apart, and the scheduler a failing destination
/// too, whose next attempt may take its whole delivery deadline (20 s).
const CATCHING_UP: Duration = Duration::from_secs(150);

fn unix(at: SystemTime) -> f64 {
    at.duration_since(UNIX_EPOCH).unwrap().as_secs_f64()
}

/// Discord interactions during the outage, with how long each took to be answered.
#[derive(Default)]
struct Answers(Vec<(String, Duration)>);

impl Answers {
    /// Sends `interaction` and records how long the answer took; it must be a direct answer,
    /// not a deferral.
    fn send(&mut self, table: &mut Table, what: String, interaction: &Value) -> Call {
        let sent = SystemTime::now();
        let call = table.send(interaction);
        assert_ne!(call.body["type"], 5, "{what} was deferred: {}", call.body);
        let took = call.at.duration_since(sent).unwrap_or_default();
        self.0.push((what, took));
        call
    }

    fn click(&mut self, table: &mut Table, who: Member, message: &Value, custom_id: &str) -> Call {
        let interaction = fixtures::click(&table.peer, who, message, custom_id);
        self.send(
            table,
            format!("{}'s click on {custom_id}", who.global_name),
            &interaction,
        )
    }

    fn slash(&mut self, table: &mut Table, who: Member, sub: &str, options: &[Opt]) -> (Value, Call) {
        let interaction = fixtures::slash(&table.peer, who, sub, options);
        let call = self.send(table, format!("{}'s /lalao {sub}", who.global_name), &interaction);
        (interaction, call)
    }

    fn slowest(&self) -> Duration {
        self.0.iter().map(|(_, took)| *took).max().unwrap_or_default()
    }
}

/// Bodo challenges Ana to a timed fano match on Discord and she accepts: the board, Bodo to
/// move.
fn discord_match(table: &mut Table, answers: &mut Answers) -> Value {
    let (play, _) = answers.slash(
        table,
        BODO,
        "play",
        &[
            Opt::str("game", "fano"),
            Opt::User("opponent", ANA),
            Opt::str("options", "time=1h"),
        ],
    );
    let challenge = table.original(&play);
    answers.click(table, ANA, &challenge, &custom_id_ending(&challenge, ":a"));
    let board = table.peer.message(id_of(&challenge));
    assert_eq!(mentioned(&board), vec![BODO.id]);
    board
}

/// `from` challenges `to` (in `room`) to a timed fano match, which `to` accepts: its id.
async fn matrix_match(from: &Person, to: &Person, room: &RoomId) -> String {
    let mark = to.mark(room);
    let command = from
        .send(room, &format!("!lalao play fano {} time=1h", to.id()))
        .await;
    let challenge = to
        .wait_for(room, mark, "the challenge", |seen| {
            from_bot(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    let id = match_id(challenge.body());
    let mark = from.mark(room);
    to.send(room, &format!("!lalao accept {id}")).await;
    from.wait_for(room, mark, "the first board", |seen| {
        from_bot(seen) && seen.mentions() == [from.id()]
    })
    .await;
    id
}

/// Waits up to [`CATCHING_UP`] for a message of the bot in `room`, after `mark`, that `matches`.
async fn wait_catching_up(
    who: &Person,
    room: &RoomId,
    mark: usize,
    what: &str,
    matches: impl Fn(&Seen) -> bool,
) -> Seen {
    let started = Instant::now();
    loop {
        if let Some(found) = who
            .seen(room)
            .into_iter()
            .skip(mark)
            .find(|seen| from_bot(seen) && matches(seen))
        {
            return found;
        }
        assert!(
            started.elapsed() < CATCHING_UP,
            "{} waited {CATCHING_UP:?} after the outage for {what}",
            who.name
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The bot's messages in `room` after `mark`, as `who` saw them, once `who` has seen a message
/// of their own sent now (so every earlier message of the room has reached them).
async fn bot_messages_after(who: &Person, room: &RoomId, mark: usize) -> Vec<String> {
    let flag = format!("seen {}", who.name);
    let sent = who.send(room, &flag).await;
    who.wait_for(room, mark, "my own message", |seen| {
        seen.event_id == sent.as_str()
    })
    .await;
    who.seen(room)
        .iter()
        .skip(mark)
        .filter(|seen| from_bot(seen))
        .map(|seen| seen.body().to_owned())
        .collect()
}

/// In a process serving Discord and Matrix, the homeserver starts answering every request 503
/// (and the requests in flight, the bot's long-polling sync among them, are cut) a few seconds
/// before reminders fall due on both platforms at the same moment, and it stays down. On Discord
/// meanwhile every interaction is answered as fast as before, every move is applied and its turn
/// notice reaches the player at once, and the reminder is delivered on time, while the Matrix
/// reminders fail attempt after attempt. Once the homeserver is back, each Matrix reminder is
/// delivered once, and Matrix commands are answered again.
///
/// The outage lasts 90 seconds (`LALAO_E2E_OUTAGE_SECS` sets another length) and stands for ten
/// minutes, because nothing in the bot counts an outage's length past what 90 seconds cover:
/// each Matrix delivery attempt gives up at its deadline (20 s), an outbox lease lasts a minute,
/// and the Matrix client's backoff between syncs reaches its one-minute cap within 64 s. The
/// Matrix deliveries fail for 87 of the 90 seconds, and Discord is checked before the first
/// deadline, between it and a lease's minute, and past it. After that, every further minute
/// of outage repeats the same failed attempts, on Matrix's own delivery thread, which Discord's
/// never waits for.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_homeserver_answering_503_delays_nothing_on_discord() {
    let outage = outage();
    let synapse = crate::matrix::binary::synapse_with(&["ana", "bako"]);
    let proxy = Proxy::start(&synapse.url());
    // Only the bot reaches the homeserver through the proxy: the people's clients talk to
    // Synapse itself, so the test sees what the bot sends once it can.
    let setup = Setup::with_matrix(&proxy.url);
    let mut table = tokio::task::block_in_place(|| Table::gateway(setup));

    // On Matrix, two timed matches in one room: Bako (who wants his notices by direct message)
    // will be reminded in his direct room, Ana in the match's room. Two destinations, so the
    // failing deliveries are more than one at a time.
    let url = synapse.url();
    let ana = Person::login(&url, "ana", "pw-ana").await;
    let bako = Person::login(&url, "bako", "pw-bako").await;
    let room = ana.create_room(&[BOT, bako.id()], false).await;
    bako.join(&room).await;
    bako.wait_for(&room, 0, "the welcome", from_bot).await;
    let one = matrix_match(&ana, &bako, &room).await;
    let two = matrix_match(&bako, &ana, &room).await;
    assert_eq!((one.as_str(), two.as_str()), ("#1", "#2"));
    // Bako wants his notices by direct message from now on: settings are read when a turn
    // begins, so his turn in #2, begun already, is not told there; his next one in #1 will be.
    said(&bako, &room, "!lalao notify dm=on", "Direct messages: yes").await;

    // On Discord, a timed match where Ana (notices by direct message) will be reminded.
    let mut setting_up = Answers::default();
    let board = tokio::task::block_in_place(|| {
        let board = discord_match(&mut table, &mut setting_up);
        let (_, call) = setting_up.slash(&mut table, ANA, "notify", &[Opt::str("settings", "dm=on")]);
        assert!(call.body["data"]["content"]
            .as_str()
            .unwrap()
            .contains("Messages privés"));
        board
    });

    // The clocks start, Matrix's first (the first move has no clock: the second player's runs
    // from it): Bako's in #1, Ana's in #2, then Ana's on Discord in #3. Their reminders fall
    // due in that order, seconds apart.
    let mut game = AnyGame::new(AnyOptions::standard(GameKind::Fano).unwrap()).unwrap();
    let first = game.legal_moves()[0].clone();
    let matrix_clocks = SystemTime::now();
    said(
        &ana,
        &room,
        &format!("!lalao move #1 {first}"),
        &format!("played {first}"),
    )
    .await;
    said(
        &bako,
        &room,
        &format!("!lalao move #2 {first}"),
        &format!("played {first}"),
    )
    .await;
    let discord_clock = SystemTime::now();
    tokio::task::block_in_place(|| play_first_move(&mut table, &board));
    let discord_clock_started = SystemTime::now();
    // Bako's turn in #1 is told to him by direct message.
    let dm = bako.accept_invite().await;
    let notice = bako.wait_for(&dm, 0, "the turn notice by DM", from_bot).await;
    assert_eq!(notice.body(), "bako, it is your turn in match #1 (Fano).");
    let dms = tokio::task::block_in_place(|| wait_dms(&table, ANA, 1));
    assert_eq!(dms, ["Ana, c’est à toi de jouer dans la partie #3 (Fano)."]);
    for (what, took) in &setting_up.0 {
        assert!(took < &ANSWER_BOUND, "{what} took {took:?} before the outage");
    }

    // The bot restarts with its clock ahead, so that Ana's reminder on Discord falls due 20
    // seconds from now, once it has started.
    let reminder_due = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() + 20;
    let clock_started = discord_clock.duration_since(UNIX_EPOCH).unwrap().as_secs();
    let offset = (clock_started + REMINDER_AFTER) as i64 - reminder_due as i64;
    // Its reminder falls due within the second the move was committed in, moved by the offset.
    let reminder_window = (
        reminder_due as f64,
        unix(discord_clock_started).floor() + (REMINDER_AFTER as i64 - offset) as f64 + 1.0,
    );
    let matrix_due = unix(matrix_clocks).floor() + (REMINDER_AFTER as i64 - offset) as f64;
    table.setup.clock_offset = offset;
    tokio::task::block_in_place(|| {
        table.restart();
        // Both platforms take notifications (Matrix's at once on a restart).
        table
            .bot
            .as_ref()
            .unwrap()
            .wait_for("both platforms' notifiers", PATIENCE, |log| {
                log.matches("notifications are delivered on this platform")
                    .count()
                    == 2
            });
    });
    let dm_mark = bako.mark(&dm);
    let room_mark = ana.mark(&room);

    // The homeserver goes down a few seconds before the reminders fall due, so that every
    // Matrix delivery fails for the whole outage but its first seconds.
    let before_due = UNIX_EPOCH + Duration::from_secs_f64(matrix_due - 3.0);
    if let Ok(wait) = before_due.duration_since(SystemTime::now()) {
        tokio::time::sleep(wait).await;
    }
    proxy.fail();
    let down = Instant::now();
    let down_at = unix(SystemTime::now());
    assert!(
        down_at < matrix_due,
        "the restart took so long that the Matrix reminders fell due {:.1} s before the outage",
        down_at - matrix_due
    );
    let mark = table.peer.mark();
    let mut answers = Answers::default();
    // How long each turn notice took from the move's click, and when the move was made.
    let mut notices: Vec<(f64, Duration)> = Vec::new();
    let mut expected_dms = Vec::new();
    let ana_dm = format!("/api/v10/channels/{}/messages", {
        table.peer.dm_channel(ANA.id).expect("Ana's direct messages")
    });
    tokio::task::block_in_place(|| {
        // Discord is used all along: a board looked at, moves played (a new match whenever
        // one ends), each of Ana's turns told to her by direct message.
        let mut current: Option<(u64, Value)> = None;
        let mut next_id = 4;
        while down.elapsed() < outage {
            let round = Instant::now();
            answers.slash(&mut table, BODO, "board", &[Opt::Int("match", 3)]);
            for _ in 0..2 {
                let (id, board) = match current.take() {
                    Some(under_way) => under_way,
                    None => {
                        next_id += 1;
                        (next_id - 1, discord_match(&mut table, &mut answers))
                    }
                };
                let mover = person(mentioned(&board)[0]);
                let played = move_labels(&board)[0].clone();
                let before = table.peer.mark();
                let clicked = SystemTime::now();
                let call = answers.click(&mut table, mover, &board, &move_id(&board, &played));
                assert_eq!(call.body["type"], 7, "{}", call.body);
                let board = table.peer.message(id_of(&board));
                let next = mentioned(&board);
                if mover.id == BODO.id && next == [ANA.id] {
                    let text = format!("Ana, c’est à toi de jouer dans la partie #{id} (Fano).");
                    let notice = table.peer.wait_call(before, "told Ana it is her turn", |call| {
                        call.method == "POST" && call.path == ana_dm && call.body["content"] == text
                    });
                    notices.push((
                        unix(clicked),
                        notice.at.duration_since(clicked).unwrap_or_default(),
                    ));
                    expected_dms.push(text);
                }
                if !next.is_empty() && !move_labels(&board).is_empty() {
                    current = Some((id, board));
                }
            }
            if let Some(rest) = (round + PACE).checked_duration_since(Instant::now()) {
                std::thread::sleep(rest.min(outage.saturating_sub(down.elapsed())));
            }
        }
    });
    proxy.recover();
    let outage_lasted = down.elapsed();

    // Every interaction was answered at the usual speed, every turn notice came at once, also
    // while the Matrix deliveries were failing.
    for (what, took) in &answers.0 {
        assert!(took < &ANSWER_BOUND, "{what} took {took:?} during the outage");
    }
    for (clicked, took) in &notices {
        assert!(
            took < &NOTICE_BOUND,
            "a turn notice came {took:?} after its move, {:.0} s into the outage",
            clicked - down_at
        );
    }
    // Discord was in use all along the Matrix failures: while the first deliveries were being
    // tried, after they gave up at their deadline, and once an outbox lease would have run out.
    let phases = [
        ("the first Matrix attempts", matrix_due, matrix_due + 20.0),
        ("the delivery deadline", matrix_due + 20.0, matrix_due + 60.0),
        ("the outbox lease", matrix_due + 60.0, f64::MAX),
    ];
    let per_phase = phases.map(|(phase, from, to)| {
        let count = notices
            .iter()
            .filter(|(clicked, _)| (from..to).contains(clicked))
            .count();
        assert!(count > 0, "no turn notice on Discord during {phase}");
        count
    });
    // Ana's reminder came on time, once, and nothing else went to her or to Bodo.
    let reminders: Vec<Call> = table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| {
            call.method == "POST"
                && call.path == ana_dm
                && call.body["content"]
                    .as_str()
                    .is_some_and(|text| text.contains("pense à jouer"))
        })
        .collect();
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let reminder = &reminders[0];
    let reminded_at = unix(reminder.at);
    assert!(
        reminded_at >= reminder_window.0 && reminded_at < reminder_window.1 + NOTICE_BOUND.as_secs_f64(),
        "the reminder came {:.1} s after its due second",
        reminded_at - reminder_window.0
    );
    // The figure is the time left when it fires: 15 minutes in its due second, 14 in the next.
    let text = reminder.body["content"].as_str().unwrap().to_owned();
    assert!(
        ["15", "14"]
            .map(|minutes| format!(
                "Ana, pense à jouer dans la partie #3 (Fano) : il te reste {minutes} min."
            ))
            .contains(&text),
        "{text}"
    );
    let mut dms: Vec<String> = dms_to(&table, ANA).split_off(1);
    dms.retain(|dm| *dm != text);
    assert_eq!(dms, expected_dms);
    assert!(dms_to(&table, BODO).is_empty());
    let dm_channel = table.peer.dm_channel(ANA.id).unwrap();
    let posts = bot_posts(&table, mark);
    assert!(
        posts.iter().all(|(channel, _)| *channel == dm_channel),
        "{posts:?}"
    );

    // The homeserver is back: each Matrix reminder that failed is delivered, and commands are
    // answered again (Bako moves in #1).
    let recovering = Instant::now();
    let reminder = |who: &str, id: &str| {
        let prefix = format!("{who}, remember to move in match {id} (Fano): ");
        move |seen: &Seen| seen.body().starts_with(&prefix)
    };
    wait_catching_up(&bako, &dm, dm_mark, "Bako's reminder", reminder("bako", "#1")).await;
    wait_catching_up(&ana, &room, room_mark, "Ana's reminder", reminder("ana", "#2")).await;
    let matrix_caught_up = recovering.elapsed();
    game.play(&first).unwrap();
    let second = game.legal_moves()[0].clone();
    let mark = ana.mark(&room);
    bako.send(&room, &format!("!lalao move #1 {second}")).await;
    let played = format!("played {second}");
    wait_catching_up(&ana, &room, mark, "the board after Bako's move", |seen| {
        seen.body().contains(&played)
    })
    .await;
    let answered_again = recovering.elapsed();

    // Stopped, the bot can send nothing more: each failed notice was delivered exactly once.
    let mut bot = table.bot.take().expect("bot running");
    let log = bot.log();
    let stopped = tokio::task::block_in_place(|| bot.terminate(Duration::from_secs(30)))
        .expect("lalao stops on SIGTERM");
    assert!(stopped.success(), "{stopped}");
    let in_dm = bot_messages_after(&bako, &dm, dm_mark).await;
    assert_eq!(in_dm.len(), 1, "{in_dm:?}");
    assert!(
        ["15", "14"]
            .map(|minutes| format!("bako, remember to move in match #1 (Fano): {minutes} min left."))
            .contains(&in_dm[0]),
        "{in_dm:?}"
    );
    let in_room = bot_messages_after(&ana, &room, room_mark).await;
    let reminded: Vec<&String> = in_room
        .iter()
        .filter(|body| body.contains("remember to move"))
        .collect();
    assert_eq!(reminded.len(), 1, "{in_room:?}");
    assert!(
        ["15", "14"]
            .map(|minutes| format!("ana, remember to move in match #2 (Fano): {minutes} min left."))
            .contains(reminded[0]),
        "{in_room:?}"
    );

    // The Matrix deliveries did fail the whole way: each attempt cut at its deadline, retried,
    // none given up.
    let refused = proxy.refused();
    // The room's reminder was tried against the homeserver, with its transaction id (the
    // direct room's, encrypted, first needs its keys: those requests were refused too).
    let sends = refused
        .iter()
        .filter(|line| line.contains("/send/m.room.message/lalao-n-"))
        .count();
    assert!(sends > 0, "{refused:#?}");
    assert!(log.contains("the platform did not answer within 20 s"), "{log}");
    assert!(
        log.contains("delivery failed; this destination waits and will be retried"),
        "{log}"
    );
    assert!(!log.contains("dead letters"), "{log}");
    table.peer.assert_no_unknown_routes();

    let median = {
        let mut took: Vec<Duration> = answers.0.iter().map(|(_, took)| *took).collect();
        took.sort();
        took[took.len() / 2]
    };
    eprintln!(
        "homeserver down {outage_lasted:?} ({} requests answered 503, {sends} of them the room's reminder): {} Discord interactions answered (median {median:?}, slowest {:?}; before the outage, slowest {:?}); {} turn notices on Discord ({} while the first Matrix attempts hung, {} after their deadline, {} past an outbox lease), slowest {:?} after its move; Ana's reminder {:.2} s after its due second; after the outage, the Matrix reminders came within {matrix_caught_up:?}, a Matrix move was answered within {answered_again:?}",
        refused.len(),
        answers.0.len(),
        answers.slowest(),
        setting_up.slowest(),
        notices.len(),
        per_phase[0],
        per_phase[1],
        per_phase[2],
        notices.iter().map(|(_, took)| *took).max().unwrap_or_default(),
        reminded_at - reminder_window.0,
    );
}
