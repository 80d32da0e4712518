//! Endpoint mode: interactions POSTed to the bot's HTTP endpoint, signed with a fixed test key.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ed25519_dalek::{Signer, SigningKey};
use lalao_core::GameKind;
use serde_json::{json, Value};

use super::bot::{Bot, Mode, Setup, TEST_SIGNING_SEED};
use super::fixtures::{self, Opt, ANA, BODO};
use super::peer::{FakeDiscord, PATIENCE};
use super::{mentioned, move_labels, replay};
use crate::support::free_port;

struct Endpoint {
    peer: FakeDiscord,
    /// Each process's endpoint; requests go to `urls[to]`, as a load balancer would choose.
    urls: Vec<String>,
    to: std::cell::Cell<usize>,
    _processes: Vec<(tempfile::TempDir, Bot)>,
}

/// The `custom_id` of `message`'s button whose id ends with `suffix` (`:a` accepts).
fn button(message: &Value, suffix: &str) -> String {
    fixtures::components(message)
        .iter()
        .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no button ending in {suffix}: {message}"))
}

/// A signed request as Discord sends it: the signature covers timestamp then body.
fn sign(key: &SigningKey, timestamp: &str, body: &str) -> String {
    let mut message = timestamp.as_bytes().to_vec();
    message.extend_from_slice(body.as_bytes());
    key.sign(&message)
        .to_bytes()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Unix seconds now, plus `offset`: Discord signs each request with the time it sends it.
fn stamp(offset: i64) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
    (now + offset).to_string()
}

impl Endpoint {
    fn start() -> Endpoint {
        Endpoint::start_many(1, &[])
    }

    /// `processes` bots serving the endpoint, each on its own port, with `env`.
    fn start_many(processes: usize, env: &[(&str, &str)]) -> Endpoint {
        let peer = FakeDiscord::start();
        let mut urls = Vec::new();
        let mut started = Vec::new();
        for _ in 0..processes {
            let data = tempfile::tempdir().unwrap();
            let port = free_port();
            let mark = peer.calls().len();
            let bot = super::bot::start(
                &peer,
                data.path(),
                &Setup {
                    mode: Mode::Endpoint(port),
                    env: env
                        .iter()
                        .map(|(name, value)| (name.to_string(), value.to_string()))
                        .collect(),
                    ..Setup::default()
                },
            );
            // Commands are registered before the endpoint opens.
            peer.wait_call(mark, "registered its commands", |call| call.method == "PUT");
            let deadline = Instant::now() + PATIENCE;
            while TcpStream::connect(("127.0.0.1", port)).is_err() {
                assert!(
                    Instant::now() < deadline,
                    "the endpoint never opened; log:\n{}",
                    bot.log()
                );
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            urls.push(format!("http://127.0.0.1:{port}/interactions"));
            started.push((data, bot));
        }
        Endpoint {
            peer,
            urls,
            to: std::cell::Cell::new(0),
            _processes: started,
        }
    }

    /// The next requests go to process `n`.
    fn to(&self, n: usize) -> &Endpoint {
        self.to.set(n);
        self
    }

    /// POSTs `body` with optional signature headers; returns the status and the JSON answer.
    fn post_raw(&self, body: &str, headers: &[(&str, &str)]) -> (u16, Value) {
        let mut request = ureq::post(&self.urls[self.to.get()]).set("Content-Type", "application/json");
        for (name, value) in headers {
            request = request.set(name, value);
        }
        let response = match request.send_string(body) {
            Ok(response) => response,
            Err(ureq::Error::Status(_, response)) => response,
            Err(err) => panic!("POST failed: {err}"),
        };
        let status = response.status();
        let text = response.into_string().unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    fn post_signed(&self, interaction: &Value) -> (u16, Value) {
        self.post_signed_at(interaction, &stamp(0))
    }

    /// Posts `interaction` signed with the test key at `timestamp`.
    fn post_signed_at(&self, interaction: &Value, timestamp: &str) -> (u16, Value) {
        self.peer.register_interaction(interaction);
        let body = interaction.to_string();
        let key = SigningKey::from_bytes(&TEST_SIGNING_SEED);
        let signature = sign(&key, timestamp, &body);
        let answer = self.post_raw(
            &body,
            &[
                ("X-Signature-Ed25519", &signature),
                ("X-Signature-Timestamp", timestamp),
            ],
        );
        if answer.0 == 200 {
            self.peer.apply_http_response(interaction, &answer.1);
        }
        answer
    }
}

#[test]
fn endpoint_mode_verifies_every_signature_and_applies_an_interaction_once() {
    let endpoint = Endpoint::start();
    // PING → PONG.
    let (status, answer) = endpoint.post_signed(&fixtures::ping(&endpoint.peer));
    assert_eq!((status, answer), (200, json!({"type": 1})));

    // A challenge, unsigned: 401 and no match.
    let play = fixtures::slash(
        &endpoint.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let body = play.to_string();
    let (status, _) = endpoint.post_raw(&body, &[]);
    assert_eq!(status, 401);
    // Signed with another key: 401.
    let intruder = SigningKey::from_bytes(&[7; 32]);
    let forged = sign(&intruder, "1764417600", &body);
    let (status, _) = endpoint.post_raw(
        &body,
        &[
            ("X-Signature-Ed25519", &forged),
            ("X-Signature-Timestamp", "1764417600"),
        ],
    );
    assert_eq!(status, 401);
    // Correctly signed, but the body changed after signing: 401.
    let key = SigningKey::from_bytes(&TEST_SIGNING_SEED);
    let signature = sign(&key, "1764417600", &body);
    let tampered = body.replace("fano", "katro");
    let (status, _) = endpoint.post_raw(
        &tampered,
        &[
            ("X-Signature-Ed25519", &signature),
            ("X-Signature-Timestamp", "1764417600"),
        ],
    );
    assert_eq!(status, 401);
    // Right signature, wrong timestamp: 401.
    let (status, _) = endpoint.post_raw(
        &body,
        &[
            ("X-Signature-Ed25519", &signature),
            ("X-Signature-Timestamp", "1764417601"),
        ],
    );
    assert_eq!(status, 401);
    // None of them reached the service: the channel has no match.
    let list = fixtures::slash(&endpoint.peer, ANA, "list", &[]);
    let (status, before) = endpoint.post_signed(&list);
    assert_eq!(status, 200);
    assert!(
        !before["data"]["content"].as_str().unwrap().contains("#1"),
        "{before}"
    );

    // Valid: the challenge is answered in the HTTP response.
    let (status, answer) = endpoint.post_signed(&play);
    assert_eq!(status, 200);
    assert_eq!(answer["type"], 4);
    assert_eq!(answer["data"]["flags"], 0);
    assert!(answer["data"]["content"]
        .as_str()
        .unwrap()
        .starts_with(&format!("<@{}>", BODO.id)));
    let challenge = endpoint.peer.original(play["token"].as_str().unwrap()).unwrap();
    // Replayed (same id, same signature): answered, but not applied again.
    let (status, replayed) = endpoint.post_signed(&play);
    assert_eq!(status, 200);
    assert_eq!(replayed["data"]["flags"], 64, "{replayed}");
    let (_, after) = endpoint.post_signed(&fixtures::slash(&endpoint.peer, ANA, "list", &[]));
    let listed = after["data"]["content"].as_str().unwrap();
    assert!(
        listed.contains("#1") && !listed.contains("#2"),
        "exactly one match: {listed}"
    );

    // Accept with the button, then a move, each applied exactly once.
    let accept = button(&challenge, ":a");
    let click = fixtures::click(&endpoint.peer, BODO, &challenge, &accept);
    let (status, answer) = endpoint.post_signed(&click);
    assert_eq!((status, answer["type"].as_u64()), (200, Some(7)));
    let board = answer["data"].clone();
    let legal = replay(GameKind::Fano, &[]).legal_moves();
    assert_eq!(move_labels(&board), legal);
    let mut message = challenge.clone();
    message["content"] = board["content"].clone();
    message["components"] = board["components"].clone();
    let first = endpoint
        .peer
        .message(challenge["id"].as_str().unwrap().parse().unwrap());
    let player = super::gateway::person(mentioned(&first)[0]);
    let id = button(&message, &format!(":m:{}", legal[0]));
    let click = fixtures::click(&endpoint.peer, player, &message, &id);
    let (status, answer) = endpoint.post_signed(&click);
    assert_eq!((status, answer["type"].as_u64()), (200, Some(7)));
    let after_move = move_labels(&answer["data"]);
    let (status, again) = endpoint.post_signed(&click);
    assert_eq!(status, 200);
    assert_eq!(
        again["data"]["flags"], 64,
        "a replayed click is not played twice: {again}"
    );
    let expected = replay(GameKind::Fano, std::slice::from_ref(&legal[0])).legal_moves();
    assert_eq!(after_move, expected);
    // A forged click is refused and the match stays where it is.
    let other = fixtures::click(&endpoint.peer, player, &message, &id);
    let (status, _) = endpoint.post_raw(
        &other.to_string(),
        &[
            ("X-Signature-Ed25519", &forged),
            ("X-Signature-Timestamp", "1764417600"),
        ],
    );
    assert_eq!(status, 401);
    let (_, board) = endpoint.post_signed(&fixtures::slash(&endpoint.peer, ANA, "board", &[]));
    assert_eq!(move_labels(&board["data"]), expected);
    endpoint.peer.assert_no_unknown_routes();
}

#[test]
fn endpoint_refuses_other_methods_and_garbage() {
    let endpoint = Endpoint::start();
    let response = ureq::get(&endpoint.urls[0]).call();
    assert!(matches!(response, Err(ureq::Error::Status(405, _))));
    let key = SigningKey::from_bytes(&TEST_SIGNING_SEED);
    let body = "{not json";
    let now = stamp(0);
    let signature = sign(&key, &now, body);
    let (status, _) = endpoint.post_raw(
        body,
        &[
            ("X-Signature-Ed25519", &signature),
            ("X-Signature-Timestamp", &now),
        ],
    );
    assert_eq!(status, 400);
    let (status, _) = endpoint.post_raw(
        "{}",
        &[("X-Signature-Ed25519", "zz"), ("X-Signature-Timestamp", "1")],
    );
    assert_eq!(status, 401);
}

/// A signature stays valid forever, so the endpoint refuses old and future
/// timestamps, and an interaction received once (even a refused one) is never applied later.
#[test]
fn a_replayed_or_stale_signed_interaction_is_refused() {
    let endpoint = Endpoint::start();
    let list = fixtures::slash(&endpoint.peer, ANA, "list", &[]);
    for offset in [-3600, -301, 86_400] {
        let (status, answer) = endpoint.post_signed_at(&list, &stamp(offset));
        assert_eq!(status, 401, "a timestamp {offset} s from now: {answer}");
    }
    let play = fixtures::slash(
        &endpoint.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    assert_eq!(endpoint.post_signed(&play).0, 200);
    let accept = fixtures::slash(&endpoint.peer, BODO, "accept", &[]);
    let (status, accepted) = endpoint.post_signed(&accept);
    assert_eq!(
        (status, accepted["data"]["flags"].as_u64()),
        (200, Some(0)),
        "{accepted}"
    );
    // Make it Ana's turn: Bodo's first move is played if it was his turn, refused otherwise.
    let first = replay(GameKind::Fano, &[]).legal_moves()[0].clone();
    let probe = fixtures::slash(&endpoint.peer, BODO, "move", &[Opt::str("move", &first)]);
    let (_, probed) = endpoint.post_signed(&probe);
    let mut moves = if probed["data"]["flags"] == 64 {
        Vec::new()
    } else {
        vec![first]
    };
    let (mover, waiter) = (ANA, BODO);
    // The waiter tries a move that will be legal once the mover has played: refused now.
    let mover_move = replay(GameKind::Fano, &moves).legal_moves()[0].clone();
    let mut after = moves.clone();
    after.push(mover_move.clone());
    let waiter_move = replay(GameKind::Fano, &after).legal_moves()[0].clone();
    let early = fixtures::slash(&endpoint.peer, waiter, "move", &[Opt::str("move", &waiter_move)]);
    let timestamp = stamp(0);
    let (status, refused) = endpoint.post_signed_at(&early, &timestamp);
    assert_eq!(
        (status, refused["data"]["flags"].as_u64()),
        (200, Some(64)),
        "{refused}"
    );
    let played = fixtures::slash(&endpoint.peer, mover, "move", &[Opt::str("move", &mover_move)]);
    let (status, answer) = endpoint.post_signed(&played);
    assert_eq!(
        (status, answer["data"]["flags"].as_u64()),
        (200, Some(0)),
        "{answer}"
    );
    moves.push(mover_move);
    // The refused request, posted again byte for byte: it is not played now.
    let (status, replayed) = endpoint.post_signed_at(&early, &timestamp);
    assert_eq!(status, 200);
    assert_eq!(replayed["data"]["flags"], 64, "{replayed}");
    assert_eq!(replayed["data"]["content"], "This was already done.");
    assert_eq!(
        replayed["data"]["allowed_mentions"],
        serde_json::json!({"parse": []})
    );
    let (_, board) = endpoint.post_signed(&fixtures::slash(&endpoint.peer, ANA, "board", &[]));
    assert_eq!(
        move_labels(&board["data"]),
        replay(GameKind::Fano, &moves).legal_moves()
    );
    endpoint.peer.assert_no_unknown_routes();
}

/// Clients that open connections and dribble their headers hold no one up, and
/// are cut off.
#[test]
fn a_slow_client_holds_the_endpoint_for_no_one() {
    let endpoint = Endpoint::start();
    let address = endpoint.urls[0]
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    let mut slow: Vec<TcpStream> = (0..32)
        .map(|_| {
            let mut stream = TcpStream::connect(&address).unwrap();
            stream
                .write_all(b"POST /interactions HTTP/1.1\r\nHost: lalao\r\n")
                .unwrap();
            stream
        })
        .collect();
    let started = Instant::now();
    let (status, answer) = endpoint.post_signed(&fixtures::ping(&endpoint.peer));
    assert_eq!((status, answer), (200, json!({"type": 1})));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // Past the header timeout (5 s) the server has closed every slow connection.
    std::thread::sleep(Duration::from_secs(6));
    for stream in &mut slow {
        stream.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
        let mut buffer = [0u8; 512];
        match stream.read(&mut buffer) {
            Ok(0) => {}
            Ok(read) => {
                let head = String::from_utf8_lossy(&buffer[..read]).to_string();
                assert!(head.starts_with("HTTP/1.1 408"), "{head}");
            }
            Err(err) => assert!(
                !matches!(
                    err.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ),
                "a slow connection is still open: {err}"
            ),
        }
    }
}

/// Two processes serve the interactions endpoint on one PostgreSQL, behind one
/// address as far as Discord knows: each request may reach either. A match challenged on one is
/// accepted and played on the other, and an interaction Discord sends again to the other
/// process is recognised there and not applied twice.
#[test]
fn endpoint_processes_on_one_database_share_matches_and_apply_each_interaction_once() {
    let server = lalao_postgres::scratch::Postgres::start();
    let database = server.database("endpoints");
    let endpoint = Endpoint::start_many(2, &[("LALAO_DATABASE_URL", &database)]);
    let play = fixtures::slash(
        &endpoint.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let (status, answer) = endpoint.to(0).post_signed(&play);
    assert_eq!((status, answer["type"].as_u64()), (200, Some(4)), "{answer}");
    let challenge = endpoint.peer.original(play["token"].as_str().unwrap()).unwrap();
    // Delivered again, to the other process: answered privately, not applied again.
    let (status, replayed) = endpoint.to(1).post_signed(&play);
    assert_eq!(status, 200);
    assert_eq!(replayed["data"]["flags"], 64, "{replayed}");

    let accept = button(&challenge, ":a");
    let click = fixtures::click(&endpoint.peer, BODO, &challenge, &accept);
    let (status, answer) = endpoint.to(1).post_signed(&click);
    assert_eq!((status, answer["type"].as_u64()), (200, Some(7)), "{answer}");
    let mut message = challenge.clone();
    message["content"] = answer["data"]["content"].clone();
    message["components"] = answer["data"]["components"].clone();
    let first = endpoint
        .peer
        .message(challenge["id"].as_str().unwrap().parse().unwrap());
    let player = super::gateway::person(mentioned(&first)[0]);
    let legal = replay(GameKind::Fano, &[]).legal_moves();
    let id = button(&message, &format!(":m:{}", legal[0]));
    let click = fixtures::click(&endpoint.peer, player, &message, &id);
    let (status, answer) = endpoint.to(0).post_signed(&click);
    assert_eq!((status, answer["type"].as_u64()), (200, Some(7)), "{answer}");
    let (status, again) = endpoint.to(1).post_signed(&click);
    assert_eq!(status, 200);
    assert_eq!(again["data"]["flags"], 64, "played once: {again}");
    let expected = replay(GameKind::Fano, std::slice::from_ref(&legal[0])).legal_moves();
    for n in [0, 1] {
        let (_, board) = endpoint
            .to(n)
            .post_signed(&fixtures::slash(&endpoint.peer, ANA, "board", &[]));
        assert_eq!(move_labels(&board["data"]), expected, "process {n}");
        let (_, listed) = endpoint
            .to(n)
            .post_signed(&fixtures::slash(&endpoint.peer, ANA, "list", &[]));
        let listed = listed["data"]["content"].as_str().unwrap().to_owned();
        assert!(
            listed.contains("#1") && !listed.contains("#2"),
            "one match: {listed}"
        );
    }
    endpoint.peer.assert_no_unknown_routes();
}

/// In endpoint mode: the HTTP answer is JSON (the text board at once); the board's
/// picture follows as a multipart edit of the original response, and a later move's edit
/// replaces it.
#[test]
fn endpoint_answers_at_once_and_edits_the_board_s_picture_in() {
    use super::pictures::{first_move, picture_in, shown_picture};
    let endpoint = Endpoint::start();
    let play = fixtures::slash(
        &endpoint.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    endpoint.post_signed(&play);
    let challenge = endpoint.peer.original(play["token"].as_str().unwrap()).unwrap();
    let board_id: u64 = challenge["id"].as_str().unwrap().parse().unwrap();
    let picture_edit = |mark: usize, token: &str| {
        endpoint.peer.wait_call(mark, "the picture edited in", |call| {
            call.method == "PATCH"
                && call.path.contains(token)
                && call.path.ends_with("/messages/@original")
                && call.body["_files"].is_array()
        })
    };

    let mark = endpoint.peer.mark();
    let accept = fixtures::click(&endpoint.peer, BODO, &challenge, &button(&challenge, ":a"));
    let (status, answer) = endpoint.post_signed(&accept);
    assert_eq!((status, answer["type"].clone()), (200, json!(7)), "{answer}");
    assert!(
        answer["data"]["content"].as_str().unwrap().contains("```"),
        "{answer}"
    );
    let edit = picture_edit(mark, accept["token"].as_str().unwrap());
    let (_, first) = picture_in(&edit.body, &edit.body["_files"]);
    let deadline = Instant::now() + PATIENCE;
    let (first_id, shown) = loop {
        let board = endpoint.peer.message(board_id);
        if board["attachments"]
            .as_array()
            .is_some_and(|listed| !listed.is_empty())
        {
            break shown_picture(&board);
        }
        assert!(
            Instant::now() < deadline,
            "the picture never reached the board: {board}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(shown, first);

    let board = endpoint.peer.message(board_id);
    let player = if mentioned(&board).contains(&ANA.id) {
        ANA
    } else {
        BODO
    };
    let mark = endpoint.peer.mark();
    let click = fixtures::click(&endpoint.peer, player, &board, &first_move(&board));
    let (status, answer) = endpoint.post_signed(&click);
    assert_eq!((status, answer["type"].clone()), (200, json!(7)), "{answer}");
    // The update itself drops the old picture; the edit brings the new one.
    assert_eq!(answer["data"]["attachments"], json!([]));
    let edit = picture_edit(mark, click["token"].as_str().unwrap());
    let (_, moved) = picture_in(&edit.body, &edit.body["_files"]);
    assert_ne!(moved, first);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let board = endpoint.peer.message(board_id);
        if board["attachments"]
            .as_array()
            .is_some_and(|listed| !listed.is_empty())
        {
            let (moved_id, shown) = shown_picture(&board);
            assert_eq!(shown, moved);
            assert_ne!(moved_id, first_id);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the new picture never reached the board: {board}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    endpoint.peer.assert_no_unknown_routes();
}
