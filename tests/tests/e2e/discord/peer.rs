//! A fake Discord on loopback: a REST recorder that answers what serenity calls with realistic
//! Discord JSON, and a gateway websocket that speaks the real handshake (Hello, Identify, READY,
//! heartbeats) and lets a test push `INTERACTION_CREATE` dispatches.
//!
//! Every REST call is recorded (method, path, JSON body, Authorization header, answer) so tests can
//! assert on exactly what the bot sent. Messages the bot creates through any route (interaction
//! responses, webhook edits and followups, channel messages) are kept as full Discord Message
//! objects, so component interactions can be built from the real board message a user clicked.

use std::collections::HashMap;
use std::io::ErrorKind;
use std::net::TcpListener;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::{Message as WsMessage, WebSocket};

/// The bot's application (and bot user) id in every test.
pub const APPLICATION_ID: u64 = 1_300_000_000_000_000_001;
/// The token the bot is configured with; every REST call must carry it.
pub const BOT_TOKEN: &str = "MTMwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.lalao-test-token";
/// The guild every fixture lives in.
pub const GUILD_ID: u64 = 1_300_000_000_000_000_100;
/// The heartbeat interval the fake gateway asks for: short, so tests see heartbeats flow (Discord
/// asks for 41,250 ms).
const HEARTBEAT_MS: u64 = 1000;
/// How long a test waits for something the bot must do before failing with a diagnostic. Not a
/// performance bound: it only stops a broken bot from hanging the test run.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// Path without the query, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    pub body: Value,
    pub authorization: Option<String>,
    /// What the peer answered (JSON body), if anything.
    pub response: Value,
    /// Whether the peer knew the route (unknown routes get a 404 and fail [`FakeDiscord::assert_no_unknown_routes`]).
    pub known: bool,
    /// The HTTP status the peer answered.
    pub status: u16,
    /// When the peer received it (wall-clock time, as the bot's own clock reads it).
    pub at: std::time::SystemTime,
}

/// A failure the peer answers instead of the route's usual answer (see [`FakeDiscord::fail_next`]).
#[derive(Clone, Debug)]
pub struct Failure {
    pub status: u16,
    pub body: Value,
    /// Apply the call as usual before failing (Discord created the message but the answer was
    /// lost: a 500 or a gateway timeout after the fact).
    pub applied: bool,
}

impl Failure {
    /// An internal server error after the message was created anyway.
    pub fn server_error_after_creating() -> Failure {
        Failure {
            status: 500,
            body: json!({"message": "500: Internal Server Error", "code": 0}),
            applied: true,
        }
    }

    /// A rate limit, as Discord answers it (with a `Retry-After` header, in seconds).
    pub fn rate_limited(retry_after: f64) -> Failure {
        Failure {
            status: 429,
            body: json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
            applied: false,
        }
    }

    /// The channel was deleted.
    pub fn unknown_channel() -> Failure {
        Failure {
            status: 404,
            body: json!({"message": "Unknown Channel", "code": 10003}),
            applied: false,
        }
    }

    /// The bot lost access to the channel.
    pub fn missing_access() -> Failure {
        Failure {
            status: 403,
            body: json!({"message": "Missing Access", "code": 50001}),
            applied: false,
        }
    }
}

/// What the peer remembers about an interaction it dispatched.
#[derive(Clone, Debug)]
struct InteractionInfo {
    channel_id: u64,
    /// For component interactions: the message the component sits on.
    message_id: Option<u64>,
}

#[derive(Default)]
struct State {
    calls: Vec<Call>,
    messages: HashMap<u64, Value>,
    /// Interaction token → (id, info).
    interactions: HashMap<String, (u64, InteractionInfo)>,
    /// Interaction token → the id of its original response message.
    originals: HashMap<String, u64>,
    global_commands: Value,
    guild_commands: Value,
    next_id: u64,
    /// Identify payloads received, in order (one per gateway session).
    identifies: Vec<Value>,
    heartbeats: usize,
    gateway_out: Option<Sender<String>>,
    sequence: u64,
    /// User id → the id of the bot's direct message channel with them.
    dm_channels: HashMap<u64, u64>,
    /// Failures to answer, in order, to the next calls of (method, path).
    failures: Vec<(String, String, Failure)>,
    /// Thread id → its parent channel.
    threads: HashMap<u64, u64>,
}

struct Inner {
    state: Mutex<State>,
    changed: Condvar,
    rest_url: String,
    gateway_url: String,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poison| poison.into_inner())
    }
}

/// The fake Discord. Dropping it leaves the server threads parked on their sockets; they die with
/// the test process.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
}

impl FakeDiscord {
    pub fn start() -> FakeDiscord {
        let rest = tiny_http::Server::http("127.0.0.1:0").expect("REST listener");
        let rest_port = rest.server_addr().to_ip().expect("ip listener").port();
        let gateway = TcpListener::bind("127.0.0.1:0").expect("gateway listener");
        let gateway_port = gateway.local_addr().unwrap().port();
        let inner = Arc::new(Inner {
            state: Mutex::new(State {
                next_id: 1_310_000_000_000_000_000,
                global_commands: json!([]),
                guild_commands: json!([]),
                ..State::default()
            }),
            changed: Condvar::new(),
            rest_url: format!("http://127.0.0.1:{rest_port}"),
            gateway_url: format!("ws://127.0.0.1:{gateway_port}"),
        });
        let peer = FakeDiscord { inner };
        let rest_peer = peer.clone();
        thread::spawn(move || {
            for request in rest.incoming_requests() {
                rest_peer.serve(request);
            }
        });
        let gateway_peer = peer.clone();
        thread::spawn(move || {
            for stream in gateway.incoming() {
                let Ok(stream) = stream else { continue };
                let session_peer = gateway_peer.clone();
                thread::spawn(move || session_peer.gateway_session(stream));
            }
        });
        peer
    }

    /// The base URL to give the bot as its Discord API (serenity's proxy setting).
    pub fn rest_url(&self) -> &str {
        &self.inner.rest_url
    }

    /// A fresh snowflake, larger than every one before.
    pub fn snowflake(&self) -> u64 {
        let mut state = self.inner.lock();
        state.next_id += 1;
        state.next_id
    }

    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().calls.clone()
    }

    /// Number of REST calls so far: remember it before an action, then look at what came after.
    pub fn mark(&self) -> usize {
        self.inner.lock().calls.len()
    }

    pub fn calls_since(&self, mark: usize) -> Vec<Call> {
        self.inner.lock().calls[mark..].to_vec()
    }

    pub fn message(&self, id: u64) -> Value {
        self.inner.lock().messages[&id].clone()
    }

    /// The original response of an interaction, as Discord stores it.
    pub fn original(&self, token: &str) -> Option<Value> {
        let state = self.inner.lock();
        let id = state.originals.get(token)?;
        state.messages.get(id).cloned()
    }

    pub fn global_commands(&self) -> Value {
        self.inner.lock().global_commands.clone()
    }

    pub fn guild_commands(&self) -> Value {
        self.inner.lock().guild_commands.clone()
    }

    pub fn identifies(&self) -> Vec<Value> {
        self.inner.lock().identifies.clone()
    }

    /// Waits until `until` holds of the recorded state, or panics with `what` and the calls so far.
    fn wait<T>(&self, what: &str, mut until: impl FnMut(&State) -> Option<T>) -> T {
        let deadline = Instant::now() + PATIENCE;
        let mut state = self.inner.lock();
        loop {
            if let Some(found) = until(&state) {
                return found;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let calls: Vec<String> = state
                    .calls
                    .iter()
                    .map(|call| format!("{} {} {}", call.method, call.path, call.body))
                    .collect();
                panic!("the bot never {what}; REST calls so far:\n{}", calls.join("\n"));
            }
            state = self
                .inner
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(|poison| poison.into_inner())
                .0;
        }
    }

    /// Waits for the n-th gateway session (1-based) to be identified and READY.
    pub fn wait_ready(&self, sessions: usize) {
        self.wait(
            &format!("identified on the gateway ({sessions} sessions)"),
            |state| (state.identifies.len() >= sessions && state.gateway_out.is_some()).then_some(()),
        );
    }

    /// Waits for the first REST call after `mark` that satisfies `matches`.
    pub fn wait_call(&self, mark: usize, what: &str, matches: impl Fn(&Call) -> bool) -> Call {
        self.wait(what, |state| {
            state.calls[mark..].iter().find(|call| matches(call)).cloned()
        })
    }

    /// Waits until at least `count` REST calls satisfy `matches`.
    pub fn wait_count(&self, count: usize, what: &str, matches: impl Fn(&Call) -> bool) {
        self.wait(what, |state| {
            (state.calls.iter().filter(|call| matches(call)).count() >= count).then_some(())
        });
    }

    /// Waits for the interaction response (`POST …/callback`) to interaction `id`.
    pub fn wait_callback(&self, id: u64) -> Call {
        let prefix = format!("/api/v10/interactions/{id}/");
        self.wait_call(0, &format!("answered interaction {id}"), |call| {
            call.method == "POST" && call.path.starts_with(&prefix) && call.path.ends_with("/callback")
        })
    }

    /// Waits until the peer has seen `heartbeats` heartbeats (proof the gateway session is alive).
    pub fn wait_heartbeats(&self, heartbeats: usize) {
        self.wait("sent heartbeats", |state| {
            (state.heartbeats >= heartbeats).then_some(())
        });
    }

    /// Pushes a gateway dispatch to the bot over the current session.
    pub fn dispatch(&self, event: &str, data: Value) {
        let mut state = self.inner.lock();
        state.sequence += 1;
        let frame = json!({"op": 0, "t": event, "s": state.sequence, "d": data}).to_string();
        let out = state.gateway_out.clone().expect("a gateway session is open");
        drop(state);
        out.send(frame).expect("gateway session alive");
    }

    /// Remembers an interaction before it is delivered (by the gateway or over HTTP), so that the
    /// REST calls answering it can be tied to its channel and message.
    pub fn register_interaction(&self, interaction: &Value) {
        let id: u64 = interaction["id"].as_str().unwrap().parse().unwrap();
        let token = interaction["token"].as_str().unwrap().to_owned();
        // A PING has no channel.
        let channel_id = interaction["channel_id"]
            .as_str()
            .map_or(0, |id| id.parse().unwrap());
        let message_id = interaction["message"]["id"]
            .as_str()
            .map(|id| id.parse().unwrap());
        self.inner.lock().interactions.insert(
            token,
            (
                id,
                InteractionInfo {
                    channel_id,
                    message_id,
                },
            ),
        );
    }

    /// Delivers an interaction through the gateway.
    pub fn send_interaction(&self, interaction: &Value) {
        self.register_interaction(interaction);
        self.dispatch("INTERACTION_CREATE", interaction.clone());
    }

    /// In endpoint mode the initial response travels in the HTTP answer rather than through the
    /// callback route: apply it the same way so later webhook calls find their original.
    pub fn apply_http_response(&self, interaction: &Value, response: &Value) {
        let token = interaction["token"].as_str().unwrap();
        let mut state = self.inner.lock();
        let (_, info) = state.interactions[token].clone();
        interaction_callback(&mut state, token, &info, response);
        self.inner.changed.notify_all();
    }

    /// Answers the next call of `method path` with each of `failures` in turn, instead of (or,
    /// for an applied failure, after) what the route does.
    pub fn fail_next(&self, method: &str, path: &str, failures: Vec<Failure>) {
        let mut state = self.inner.lock();
        for failure in failures {
            state.failures.push((method.to_owned(), path.to_owned(), failure));
        }
    }

    /// The messages the peer holds with this nonce (Discord keeps one per nonce with
    /// `enforce_nonce`).
    pub fn messages_with_nonce(&self, nonce: &Value) -> Vec<Value> {
        self.inner
            .lock()
            .messages
            .values()
            .filter(|message| message["nonce"] == *nonce)
            .cloned()
            .collect()
    }

    /// The parent channel of a thread the bot started, if it is one.
    pub fn thread_parent(&self, thread: u64) -> Option<u64> {
        self.inner.lock().threads.get(&thread).copied()
    }

    /// The direct message channel the bot opened with `user`, if any.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.inner.lock().dm_channels.get(&user).copied()
    }

    /// Panics if the bot called a route this peer does not know (so a test notices a call it
    /// would otherwise silently 404).
    pub fn assert_no_unknown_routes(&self) {
        let unknown: Vec<String> = self
            .calls()
            .iter()
            .filter(|call| !call.known)
            .map(|call| format!("{} {}", call.method, call.path))
            .collect();
        assert!(unknown.is_empty(), "the bot called unknown routes: {unknown:?}");
    }

    // ---- REST ----

    fn serve(&self, mut request: tiny_http::Request) {
        let at = std::time::SystemTime::now();
        let method = request.method().to_string().to_uppercase();
        let url = request.url().to_owned();
        let path = url.split_once('?').map_or(url.as_str(), |(path, _)| path);
        let header = |name: &str| {
            request
                .headers()
                .iter()
                .find(|header| header.field.as_str().as_str().eq_ignore_ascii_case(name))
                .map(|header| header.value.as_str().to_owned())
        };
        let authorization = header("Authorization");
        let content_type = header("Content-Type").unwrap_or_default();
        let mut raw = Vec::new();
        let _ = request.as_reader().read_to_end(&mut raw);
        let body = decode_body(&content_type, &raw);
        let (status, answer) = {
            let mut state = self.inner.lock();
            let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
            // Discord holds an endpoint's HTTP answer before the bot can edit it. Here the test
            // applies that answer once it has read it, so on a loaded machine the bot's edit of
            // a deferred answer may come first: it waits for the answer, as Discord's order is.
            if let ("PATCH", ["api", "v10", "webhooks", _, token, "messages", "@original"]) =
                (method.as_str(), &segments[..])
            {
                let deadline = Instant::now() + Duration::from_secs(2);
                while state.interactions.contains_key(*token) && !state.originals.contains_key(*token) {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        break;
                    }
                    state = self
                        .inner
                        .changed
                        .wait_timeout(state, left)
                        .unwrap_or_else(|poison| poison.into_inner())
                        .0;
                }
            }
            let scripted = state
                .failures
                .iter()
                .position(|(m, p, _)| *m == method && p == path)
                .map(|index| state.failures.remove(index).2);
            let answer = match scripted {
                Some(failure) => {
                    if failure.applied {
                        self.route(&mut state, &method, &segments, &body);
                    }
                    Some((failure.status, Some(failure.body)))
                }
                None => self.route(&mut state, &method, &segments, &body),
            };
            let (status, response) = answer
                .clone()
                .unwrap_or((404, Some(json!({"message": "404: Not Found", "code": 0}))));
            state.calls.push(Call {
                method: method.clone(),
                path: path.to_owned(),
                body,
                authorization,
                response: response.unwrap_or(Value::Null),
                known: answer.is_some(),
                status,
                at,
            });
            self.inner.changed.notify_all();
            answer.unwrap_or((404, Some(json!({"message": "404: Not Found", "code": 0}))))
        };
        let response = match answer {
            None => tiny_http::Response::from_data(Vec::new()).with_status_code(status),
            Some(json) => {
                let retry_after = json["retry_after"].as_f64().filter(|_| status == 429);
                let mut response = tiny_http::Response::from_data(json.to_string().into_bytes())
                    .with_status_code(status)
                    .with_header(
                        tiny_http::Header::from_bytes(&b"Content-Type"[..], &b"application/json"[..])
                            .unwrap(),
                    );
                if let Some(seconds) = retry_after {
                    response.add_header(
                        tiny_http::Header::from_bytes(&b"Retry-After"[..], seconds.to_string().as_bytes())
                            .unwrap(),
                    );
                }
                response
            }
        };
        let _ = request.respond(response);
    }

    /// The answer to a known route (status, JSON body or none), or `None` for an unknown route.
    fn route(
        &self,
        state: &mut State,
        method: &str,
        segments: &[&str],
        body: &Value,
    ) -> Option<(u16, Option<Value>)> {
        let app = APPLICATION_ID.to_string();
        let app = app.as_str();
        let ok = |value: Value| Some((200, Some(value)));
        match (method, segments) {
            ("GET", ["api", "v10", "gateway"]) => ok(json!({"url": self.inner.gateway_url})),
            ("GET", ["api", "v10", "gateway", "bot"]) => ok(json!({
                "url": self.inner.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
            })),
            ("GET", ["api", "v10", "oauth2", "applications", "@me"]) => ok(application()),
            ("GET", ["api", "v10", "users", "@me"]) => ok(bot_user()),
            ("PUT", ["api", "v10", "applications", a, "commands"]) if *a == app => {
                state.global_commands = registered_commands(state, body, None);
                ok(state.global_commands.clone())
            }
            ("GET", ["api", "v10", "applications", a, "commands"]) if *a == app => {
                ok(state.global_commands.clone())
            }
            ("PUT", ["api", "v10", "applications", a, "guilds", guild, "commands"]) if *a == app => {
                state.guild_commands = registered_commands(state, body, Some(guild));
                ok(state.guild_commands.clone())
            }
            ("POST", ["api", "v10", "interactions", id, token, "callback"]) => {
                let (known_id, info) = state.interactions.get(*token)?.clone();
                if known_id.to_string() != *id {
                    return Some((
                        404,
                        Some(json!({"message": "Unknown interaction", "code": 10062})),
                    ));
                }
                if state.originals.contains_key(*token) {
                    return Some((
                        400,
                        Some(json!({
                            "message": "Interaction has already been acknowledged.", "code": 40060
                        })),
                    ));
                }
                interaction_callback(state, token, &info, body);
                Some((204, None))
            }
            ("GET", ["api", "v10", "webhooks", a, token, "messages", "@original"]) if *a == app => {
                state.interactions.get(*token)?;
                match state.originals.get(*token) {
                    Some(id) => ok(state.messages.get(id)?.clone()),
                    // Answered over HTTP (endpoint mode), the response is not a message here
                    // yet: Discord says "Unknown Message" until it has created it.
                    None => Some((404, Some(json!({"message": "Unknown Message", "code": 10008})))),
                }
            }
            ("PATCH", ["api", "v10", "webhooks", a, token, "messages", "@original"]) if *a == app => {
                let id = *state.originals.get(*token)?;
                ok(edit_message(state, id, body))
            }
            ("DELETE", ["api", "v10", "webhooks", a, token, "messages", "@original"]) if *a == app => {
                let id = state.originals.remove(*token)?;
                state.messages.remove(&id);
                Some((204, None))
            }
            ("POST", ["api", "v10", "webhooks", a, token]) if *a == app => {
                let (_, info) = state.interactions.get(*token)?.clone();
                ok(create_message(state, info.channel_id, body))
            }
            ("PATCH", ["api", "v10", "webhooks", a, _token, "messages", id]) if *a == app => {
                let id = id.parse().ok()?;
                state
                    .messages
                    .contains_key(&id)
                    .then(|| (200, Some(edit_message(state, id, body))))
            }
            ("POST", ["api", "v10", "channels", channel, "messages", message, "threads"]) => {
                let parent: u64 = channel.parse().ok()?;
                let message: u64 = message.parse().ok()?;
                if !state.messages.contains_key(&message) {
                    return Some((404, Some(json!({"message": "Unknown Message", "code": 10008}))));
                }
                // A thread started from a message has the message's id.
                let thread = thread_channel(message, parent, body);
                state.messages.get_mut(&message)?["thread"] = thread.clone();
                state.threads.insert(message, parent);
                Some((201, Some(thread)))
            }
            ("POST", ["api", "v10", "channels", channel, "messages"]) => {
                let channel = channel.parse().ok()?;
                ok(post_message(state, channel, body))
            }
            ("POST", ["api", "v10", "users", "@me", "channels"]) => {
                let user: u64 = body["recipient_id"].as_str()?.parse().ok()?;
                let next = state.next_id + 1;
                let channel = *state.dm_channels.entry(user).or_insert(next);
                state.next_id = state.next_id.max(channel);
                ok(dm_channel(channel, user))
            }
            ("PATCH", ["api", "v10", "channels", _, "messages", id]) => {
                let id = id.parse().ok()?;
                state
                    .messages
                    .contains_key(&id)
                    .then(|| (200, Some(edit_message(state, id, body))))
            }
            ("DELETE", ["api", "v10", "channels", _, "messages", id]) => {
                let id = id.parse().ok()?;
                state.messages.remove(&id).map(|_| (204, None))
            }
            _ => None,
        }
    }

    // ---- gateway ----

    fn gateway_session(&self, stream: std::net::TcpStream) {
        let Ok(mut socket) = tungstenite::accept(stream) else {
            return;
        };
        let send = |socket: &mut WebSocket<std::net::TcpStream>, value: Value| {
            socket.send(WsMessage::text(value.to_string())).is_ok()
        };
        if !send(
            &mut socket,
            json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": null, "t": null}),
        ) {
            return;
        }
        // Identify first: the real gateway closes a session that sends anything else.
        let identify = loop {
            match socket.read() {
                Ok(WsMessage::Text(text)) => {
                    let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                    match frame["op"].as_u64() {
                        Some(2) => break frame["d"].clone(),
                        Some(1) => {
                            self.count_heartbeat();
                            send(&mut socket, json!({"op": 11}));
                        }
                        _ => {}
                    }
                }
                Ok(_) => {}
                Err(_) => return,
            }
        };
        let (out, outgoing): (Sender<String>, Receiver<String>) = mpsc::channel();
        let ready = {
            let mut state = self.inner.lock();
            let shard = identify.get("shard").cloned().unwrap_or(json!([0, 1]));
            state.identifies.push(identify);
            state.sequence += 1;
            let session = format!("session-{}", state.identifies.len());
            json!({
                "op": 0, "t": "READY", "s": state.sequence,
                "d": {
                    "v": 10,
                    "user": bot_user(),
                    "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                    "session_id": session,
                    "resume_gateway_url": self.inner.gateway_url,
                    // The shard the bot identified as (Discord echoes it).
                    "shard": shard,
                    "application": {"id": APPLICATION_ID.to_string(), "flags": 8_953_856},
                    "private_channels": [],
                    "relationships": [],
                    "presences": [],
                    "user_settings": {},
                    "geo_ordered_rtc_regions": ["rotterdam", "madrid"],
                    "guild_join_requests": [],
                    "auth_session_id_hash": "fake",
                    "_trace": ["[\"lalao-fake-gateway\",{\"micros\":1}]"]
                }
            })
        };
        if !send(&mut socket, ready) {
            return;
        }
        // Only now may tests push dispatches on this session.
        {
            let mut state = self.inner.lock();
            state.gateway_out = Some(out);
            self.inner.changed.notify_all();
        }
        // Poll the socket with a short read timeout so queued dispatches go out promptly.
        let _ = socket.get_mut().set_read_timeout(Some(Duration::from_millis(20)));
        loop {
            while let Ok(frame) = outgoing.try_recv() {
                if socket.send(WsMessage::text(frame)).is_err() {
                    return;
                }
            }
            match socket.read() {
                Ok(WsMessage::Text(text)) => {
                    let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                    if frame["op"].as_u64() == Some(1) {
                        self.count_heartbeat();
                        if !send(&mut socket, json!({"op": 11})) {
                            return;
                        }
                    }
                }
                Ok(WsMessage::Close(_)) => return,
                Ok(_) => {}
                Err(tungstenite::Error::Io(err))
                    if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(_) => return,
            }
        }
    }

    fn count_heartbeat(&self) {
        let mut state = self.inner.lock();
        state.heartbeats += 1;
        self.inner.changed.notify_all();
    }
}

/// JSON bodies, and the `payload_json` part of multipart bodies (messages with attachments),
/// with the files under `_files`: each file's form field, name, text (lossy) and bytes in hex
/// (pictures are decoded by the tests).
fn decode_body(content_type: &str, raw: &[u8]) -> Value {
    if raw.is_empty() {
        return Value::Null;
    }
    if let Some(boundary) = content_type.split("boundary=").nth(1) {
        let boundary = format!("--{}", boundary.trim_matches('"'));
        let mut files = Vec::new();
        let mut payload = Value::Null;
        for part in split_bytes(raw, boundary.as_bytes()) {
            let Some(at) = find_bytes(part, b"\r\n\r\n") else {
                continue;
            };
            let headers = String::from_utf8_lossy(&part[..at]);
            let content = &part[at + 4..];
            let content = content.strip_suffix(b"\r\n").unwrap_or(content);
            if headers.contains("name=\"payload_json\"") {
                payload = serde_json::from_slice(content).unwrap_or(Value::Null);
            } else if let Some(name) = headers.split("filename=\"").nth(1) {
                let name = name.split('"').next().unwrap_or_default();
                let field = headers
                    .split("name=\"")
                    .nth(1)
                    .and_then(|field| field.split('"').next())
                    .unwrap_or_default();
                let hex: String = content.iter().map(|byte| format!("{byte:02x}")).collect();
                files.push(json!({
                    "field": field,
                    "filename": name,
                    "content": String::from_utf8_lossy(content),
                    "hex": hex,
                }));
            }
        }
        if let Value::Object(map) = &mut payload {
            map.insert("_files".to_owned(), Value::Array(files));
        }
        return payload;
    }
    serde_json::from_slice(raw).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(raw).into_owned()))
}

fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

/// The pieces of `raw` between occurrences of `separator`.
fn split_bytes<'a>(mut raw: &'a [u8], separator: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find_bytes(raw, separator) {
        parts.push(&raw[..at]);
        raw = &raw[at + separator.len()..];
    }
    parts.push(raw);
    parts
}

/// The bytes of a file the bot sent (`_files[n]` of a recorded body).
pub fn file_bytes(file: &Value) -> Vec<u8> {
    let hex = file["hex"].as_str().unwrap_or_default();
    (0..hex.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex"))
        .collect()
}

/// The bot's user object.
pub fn bot_user() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "username": "lalao",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 524_288,
        "banner": null,
        "accent_color": null
    })
}

fn application() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "lalao",
        "icon": null,
        "description": "Traditional board games",
        "summary": "",
        "type": null,
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "flags": 8_953_856,
        "hook": true,
        "is_monetized": false,
        "owner": {"id": "1300000000000000999", "username": "owner", "discriminator": "0", "avatar": null, "public_flags": 0, "flags": 0, "global_name": "Owner"},
        "team": null,
        "bot": bot_user(),
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "tags": []
    })
}

/// What Discord answers to a bulk overwrite: the commands as sent, with ids and versions.
fn registered_commands(state: &mut State, body: &Value, guild: Option<&str>) -> Value {
    let commands = body.as_array().cloned().unwrap_or_default();
    let registered = commands
        .into_iter()
        .map(|mut command| {
            state.next_id += 1;
            let object = command.as_object_mut().expect("command object");
            object.insert("id".into(), json!(state.next_id.to_string()));
            object.insert("application_id".into(), json!(APPLICATION_ID.to_string()));
            object.insert("version".into(), json!(state.next_id.to_string()));
            object.entry("type").or_insert(json!(1));
            object.entry("default_member_permissions").or_insert(Value::Null);
            object.entry("nsfw").or_insert(json!(false));
            if let Some(guild) = guild {
                object.insert("guild_id".into(), json!(guild));
            }
            command
        })
        .collect();
    Value::Array(registered)
}

fn now() -> String {
    "2026-11-29T12:00:00.000000+00:00".to_owned()
}

/// A full Message object, as Discord returns from create and edit routes.
fn message_object(id: u64, channel_id: u64, body: &Value, from_interaction: bool) -> Value {
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": bot_user(),
        "content": "",
        "timestamp": now(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": if from_interaction { 20 } else { 0 },
        "flags": 0,
        "components": [],
        "position": 0
    });
    if from_interaction {
        message["webhook_id"] = json!(APPLICATION_ID.to_string());
        message["application_id"] = json!(APPLICATION_ID.to_string());
    }
    apply_edit(&mut message, body);
    message
}

/// Applies a create/edit body to a stored message, the way Discord does for the fields we use.
fn apply_edit(message: &mut Value, body: &Value) {
    for field in ["content", "components", "embeds", "flags"] {
        if let Some(value) = body.get(field) {
            if !value.is_null() {
                message[field] = value.clone();
            }
        }
    }
    // Discord resolves `<@id>` in the content into `mentions` when allowed_mentions permits it.
    let content = message["content"].as_str().unwrap_or_default().to_owned();
    let allowed_users: Option<Vec<String>> = body["allowed_mentions"]["users"].as_array().map(|users| {
        users
            .iter()
            .filter_map(|u| u.as_str().map(str::to_owned))
            .collect()
    });
    let parse_users = body["allowed_mentions"]["parse"]
        .as_array()
        .is_none_or(|parse| parse.iter().any(|p| p == "users"));
    let mut mentions = Vec::new();
    for piece in content.split("<@").skip(1) {
        let id: String = piece
            .trim_start_matches('!')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let allowed = allowed_users
            .as_ref()
            .map_or(parse_users, |users| users.contains(&id));
        if !id.is_empty() && allowed && !mentions.iter().any(|m: &Value| m["id"] == id.as_str()) {
            mentions.push(json!({
                "id": id, "username": format!("user{}", &id[id.len().saturating_sub(3)..]),
                "discriminator": "0", "global_name": null, "avatar": null, "public_flags": 0, "flags": 0
            }));
        }
    }
    message["mentions"] = Value::Array(mentions);
    apply_attachments(message, body);
}

/// Attachment ids: snowflakes of their own, unique across the fake's messages.
static NEXT_ATTACHMENT: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(1_600_000_000_000_000_000);

/// Discord's attachment rules for create and edit: a body's `attachments` lists what the
/// message keeps — existing attachments by their id, new uploads by the index `n` of their
/// `files[n]` part, with filename and description — and any attachment it leaves out is
/// removed. Without `attachments`, uploads are added to what the message had. Each attachment
/// keeps its bytes (hex, `_hex`) for the tests to decode.
fn apply_attachments(message: &mut Value, body: &Value) {
    let files = body["_files"].as_array().cloned().unwrap_or_default();
    let old = message["attachments"].as_array().cloned().unwrap_or_default();
    let upload = |index: u64, entry: &Value| -> Option<Value> {
        let file = files
            .iter()
            .find(|file| file["field"] == format!("files[{index}]"))?;
        let id = NEXT_ATTACHMENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let filename = entry["filename"]
            .as_str()
            .or(file["filename"].as_str())
            .unwrap_or_default()
            .to_owned();
        let hex = file["hex"].as_str().unwrap_or_default();
        Some(json!({
            "id": id.to_string(),
            "filename": filename,
            "description": entry.get("description").cloned().unwrap_or(Value::Null),
            "size": hex.len() / 2,
            "url": format!("https://cdn.discordapp.com/attachments/{}/{id}/{filename}", message["channel_id"].as_str().unwrap_or_default()),
            "proxy_url": format!("https://media.discordapp.net/attachments/{}/{id}/{filename}", message["channel_id"].as_str().unwrap_or_default()),
            "content_type": if filename.ends_with(".png") {
                "image/png"
            } else if filename.ends_with(".gif") {
                "image/gif"
            } else {
                "application/octet-stream"
            },
            "_hex": hex,
        }))
    };
    let now: Vec<Value> = match body.get("attachments").and_then(Value::as_array) {
        Some(listed) => listed
            .iter()
            .filter_map(|entry| {
                let id = match &entry["id"] {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                old.iter()
                    .find(|kept| kept["id"].as_str() == Some(id.as_str()))
                    .cloned()
                    .or_else(|| upload(id.parse().ok()?, entry))
            })
            .collect(),
        None => old
            .into_iter()
            .chain((0..files.len() as u64).filter_map(|index| upload(index, &Value::Null)))
            .collect(),
    };
    message["attachments"] = Value::Array(now);
}

/// A public thread (type 11), as `POST /channels/{id}/messages/{id}/threads` returns it.
pub fn thread_channel(id: u64, parent: u64, body: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APPLICATION_ID.to_string(),
        "name": body["name"],
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": false,
            "archive_timestamp": now(),
            "auto_archive_duration": body["auto_archive_duration"].as_u64().unwrap_or(4320),
            "locked": false,
            "create_timestamp": now()
        }
    })
}

/// A DM channel object, as `POST /users/@me/channels` returns it.
fn dm_channel(id: u64, user: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [{
            "id": user.to_string(), "username": format!("user{}", user % 1000), "discriminator": "0",
            "global_name": null, "avatar": null, "public_flags": 0, "flags": 0
        }]
    })
}

/// `POST /channels/{id}/messages`: a message from the bot user itself (not an interaction
/// webhook). With `enforce_nonce`, a nonce already used in the channel returns the message it
/// created instead of a second one, as Discord does.
fn post_message(state: &mut State, channel_id: u64, body: &Value) -> Value {
    if body["enforce_nonce"] == true {
        let nonce = &body["nonce"];
        let channel = channel_id.to_string();
        let existing = state.messages.values().find(|message| {
            message["channel_id"].as_str() == Some(channel.as_str()) && message["nonce"] == *nonce
        });
        if let Some(existing) = existing {
            return existing.clone();
        }
    }
    state.next_id += 1;
    let id = state.next_id;
    let mut message = message_object(id, channel_id, body, false);
    if !body["nonce"].is_null() {
        message["nonce"] = body["nonce"].clone();
    }
    state.messages.insert(id, message.clone());
    message
}

fn create_message(state: &mut State, channel_id: u64, body: &Value) -> Value {
    state.next_id += 1;
    let id = state.next_id;
    let message = message_object(id, channel_id, body, true);
    state.messages.insert(id, message.clone());
    message
}

fn edit_message(state: &mut State, id: u64, body: &Value) -> Value {
    let message = state.messages.get_mut(&id).expect("message exists");
    apply_edit(message, body);
    message["edited_timestamp"] = json!(now());
    message.clone()
}

/// Applies an interaction response (`type` 4 message, 5 deferred message, 6 deferred update,
/// 7 update message, 8 autocomplete result, 1 pong) to the stored messages.
fn interaction_callback(state: &mut State, token: &str, info: &InteractionInfo, body: &Value) {
    let mut data = body.get("data").cloned().unwrap_or(Value::Null);
    // A multipart callback's files belong to the message its `data` describes.
    if let (Some(files), Value::Object(data)) = (body.get("_files"), &mut data) {
        data.insert("_files".to_owned(), files.clone());
    }
    match body["type"].as_u64() {
        Some(4) => {
            let message = create_message(state, info.channel_id, &data);
            let id: u64 = message["id"].as_str().unwrap().parse().unwrap();
            state.originals.insert(token.to_owned(), id);
        }
        Some(5) => {
            // A deferred response shows "lalao is thinking…" until the original is edited.
            let mut placeholder = json!({"content": "", "flags": 128});
            if let Some(flags) = data.get("flags").and_then(Value::as_u64) {
                placeholder["flags"] = json!(flags | 128);
            }
            let message = create_message(state, info.channel_id, &placeholder);
            let id: u64 = message["id"].as_str().unwrap().parse().unwrap();
            state.originals.insert(token.to_owned(), id);
        }
        Some(6) | Some(7) => {
            let id = info
                .message_id
                .expect("component interactions carry their message");
            if body["type"] == 7 {
                edit_message(state, id, &data);
            }
            state.originals.insert(token.to_owned(), id);
        }
        _ => {
            // Autocomplete results and PONGs create no message, but they do use up the token.
            state.originals.insert(token.to_owned(), 0);
        }
    }
}
