//! The class screen's routes in process: what a move request needs to be taken (a current
//! link, this server's origin, JSON, the rate limit) and the answers it gets.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use lalao_app::ids::MatchId;
use lalao_app::store::{MemoryStore, Store};
use lalao_app::{Context, Defaults, Service};
use lalao_renderer::{Locale, Style};
use serde_json::Value;
use tower::ServiceExt;

const BASE: &str = "https://lalao.example.org";

/// A French class with one fano-5 match, Ana against Bob, and the teacher's link.
fn class() -> (Arc<Service>, String) {
    class_on(Arc::new(MemoryStore::default()))
}

/// The same class on `store`.
fn class_on(store: Arc<dyn lalao_app::store::Store>) -> (Arc<Service>, String) {
    let service = Service::new(
        store,
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    )
    .with_live_pages(BASE);
    service.open().unwrap();
    let teacher = Context::console("mme");
    for line in [
        "class new CE1",
        "class add Ana Bob",
        "class match Ana Bob fano cells=5",
    ] {
        service.handle_text(&teacher, line, false).unwrap();
    }
    let said = service.handle_text(&teacher, "class link", false).unwrap();
    let text = &said.messages[0].text;
    let start = text.find("/class/").unwrap() + "/class/".len();
    let token = text[start..start + 64].to_owned();
    (Arc::new(service), token)
}

fn board(service: &Service, token: &str) -> u32 {
    service.class_screen(token).unwrap().unwrap().boards[0].board
}

fn post(token: &str, origin: Option<&str>, kind: &str, body: String) -> Request<Body> {
    let mut request = Request::post(format!("/class/{token}/play"))
        .header("host", "127.0.0.1:8080")
        .header("content-type", kind);
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    request.body(Body::from(body)).unwrap()
}

fn a_move(board: u32, text: &str, nonce: &str) -> String {
    serde_json::json!({ "match": 1, "board": board, "move": text, "nonce": nonce }).to_string()
}

async fn send(service: &Arc<Service>, request: Request<Body>) -> (StatusCode, Value) {
    let response = crate::router(service.clone()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_move_is_taken_only_from_this_server_s_pages_as_json_with_a_current_link() {
    let (service, token) = class();
    let fingerprint = board(&service, &token);
    let body = |nonce: &str| a_move(fingerprint, "@1", nonce);
    let json = "application/json";
    // Another site's page, no origin at all, or a form: refused, in the class's language.
    for (origin, kind) in [
        (Some("https://evil.example"), json),
        (None, json),
        (Some("http://127.0.0.1:8080"), "application/x-www-form-urlencoded"),
    ] {
        let (status, answer) = send(&service, post(&token, origin, kind, body("refused-request-0001"))).await;
        assert!(
            status == StatusCode::FORBIDDEN || status == StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{origin:?} {kind}: {status}"
        );
        assert_eq!(answer["outcome"], "refused");
        if status == StatusCode::FORBIDDEN {
            assert_eq!(
                answer["text"],
                "Cette page ne peut jouer que depuis sa propre adresse."
            );
        }
    }
    assert_eq!(board(&service, &token), fingerprint, "nothing was played");
    // An unknown link: 404.
    let unknown = "a".repeat(64);
    let (status, _) = send(
        &service,
        post(
            &unknown,
            Some("http://127.0.0.1:8080"),
            json,
            body("unknown-link-0001"),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Malformed JSON: 400.
    let (status, answer) = send(
        &service,
        post(&token, Some("http://127.0.0.1:8080"), json, "{".to_owned()),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["text"],
        "Ce coup n'a pas pu être lu. Recharge la page, puis rejoue."
    );
    // This server's own page (by its Host, or by LALAO_WEB_URL behind a proxy): played.
    // The same request again (a retried POST) is the same move: applied once.
    for outcome in ["applied", "duplicate"] {
        let origin = Some("http://127.0.0.1:8080");
        let request = post(&token, origin, json, body("ana-plays-first-0001"));
        let (status, answer) = send(&service, request).await;
        assert_eq!(
            (status, answer["outcome"].as_str()),
            (StatusCode::OK, Some(outcome))
        );
    }
    let next = a_move(board(&service, &token), "@5", "bob-plays-first-0001");
    let (status, answer) = send(&service, post(&token, Some(BASE), json, next)).await;
    assert_eq!(
        (status, answer["outcome"].as_str()),
        (StatusCode::OK, Some("applied"))
    );
    // A refused move: 409, with why.
    let taken = a_move(board(&service, &token), "@1", "ana-plays-taken-0001");
    let (status, answer) = send(&service, post(&token, Some(BASE), json, taken)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["outcome"], "refused");
    assert!(
        answer["text"].as_str().unwrap().contains("Tu peux jouer : 1-2"),
        "{answer}"
    );
    // Without an Origin header, a browser's own Sec-Fetch-Site counts.
    let mut request = post(
        &token,
        None,
        json,
        a_move(board(&service, &token), "1-2", "ana-fetch-site-0001"),
    );
    request
        .headers_mut()
        .insert("sec-fetch-site", "same-origin".parse().unwrap());
    let (status, answer) = send(&service, request).await;
    assert_eq!(
        (status, answer["outcome"].as_str()),
        (StatusCode::OK, Some("applied"))
    );
}

#[tokio::test]
async fn a_link_sends_twenty_moves_at_once_then_one_a_second() {
    let (service, token) = class();
    let web = crate::router(service.clone());
    let mut statuses = Vec::new();
    for n in 0..22 {
        // Requests that are refused by the game still count: the limit is on requests.
        let body = a_move(0, "@9", &format!("hammering-request-{n:04}"));
        let response = web
            .clone()
            .oneshot(post(&token, Some(BASE), "application/json", body))
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
    }
    assert!(statuses[..20].iter().all(|status| *status == 409), "{statuses:?}");
    assert_eq!(statuses[20..], [429, 429]);
    // Another link has its own allowance.
    let screen = service.class_screen(&token).unwrap().unwrap();
    let ana = screen.seats[0].1.rsplit('/').next().unwrap().to_owned();
    let body = a_move(0, "@9", "another-link-0001");
    let response = web
        .oneshot(post(&ana, Some(BASE), "application/json", body))
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 409);
}

#[tokio::test]
async fn the_pages_fonts_are_served_from_the_binary_and_allowed_by_the_policy() {
    let (service, _) = class();
    for (path, size) in [
        ("/assets/DejaVuSans.ttf", crate::responses::SANS.len()),
        ("/assets/DejaVuSans-Bold.ttf", crate::responses::SANS_BOLD.len()),
    ] {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let response = crate::router(service.clone()).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "font/ttf");
        assert!(response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("font-src 'self'"));
        let bytes = axum::body::to_bytes(response.into_body(), 4 << 20).await.unwrap();
        assert_eq!(bytes.len(), size);
        assert!(size > 100_000, "a whole font");
    }
}

/// A move's body is at most 1 KiB: a larger declared length is refused before the body is
/// read (here it never comes), and a body that runs past the limit is refused too.
#[tokio::test]
async fn a_move_s_body_is_refused_past_its_limit_before_it_is_read() {
    let (service, token) = class();
    let json = "application/json";
    let (body_sender, never) = tokio::sync::mpsc::channel::<Result<axum::body::Bytes, std::io::Error>>(1);
    let endless = Body::from_stream(tokio_stream_of(never));
    let request = Request::post(format!("/class/{token}/play"))
        .header("host", "127.0.0.1:8080")
        .header("origin", "http://127.0.0.1:8080")
        .header("content-type", json)
        .header("content-length", "2000000")
        .body(endless)
        .unwrap();
    let answered = tokio::time::timeout(std::time::Duration::from_secs(2), send(&service, request)).await;
    let (status, answer) = answered.expect("answered without waiting for the body");
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["outcome"], "refused");
    drop(body_sender);
    let long = format!("{{\"pad\": \"{}\"}}", "x".repeat(2000));
    let (status, _) = send(&service, post(&token, Some("http://127.0.0.1:8080"), json, long)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        board(&service, &token),
        board(&service, &token),
        "nothing changed"
    );
}

/// The receiving end of `receiver` as a body stream.
fn tokio_stream_of(
    mut receiver: tokio::sync::mpsc::Receiver<Result<axum::body::Bytes, std::io::Error>>,
) -> impl futures_util::Stream<Item = Result<axum::body::Bytes, std::io::Error>> {
    futures_util::stream::poll_fn(move |context| receiver.poll_recv(context))
}

/// A GET of `path` from the client at `peer` (a request through the server's socket carries
/// its connection's peer).
fn get_from(path: &str, peer: [u8; 4]) -> Request<Body> {
    let mut request = Request::get(path).body(Body::empty()).unwrap();
    request
        .extensions_mut()
        .insert(crate::Peer(std::net::IpAddr::from(peer)));
    request
}

/// Past [`crate::MAX_STREAMS`] open event streams, a page is told to come back (503 with
/// `Retry-After`, in the reader's language: it is refused before the screen is read) instead of
/// holding one more; a stream that ends frees its place. One client holds at most its share of
/// class-screen streams.
#[tokio::test]
async fn event_streams_past_their_limit_are_told_to_come_back() {
    let (service, token) = class();
    let router = crate::router(service.clone());
    let open = |router: axum::Router, peer: [u8; 4]| {
        let path = format!("/class/{token}/events");
        async move { router.oneshot(get_from(&path, peer)).await.unwrap() }
    };
    let client = |n: usize| [10, 0, (n / crate::CLASS_STREAMS_PER_CLIENT) as u8, 1];
    let mut held = Vec::new();
    for n in 0..crate::MAX_STREAMS {
        let response = open(router.clone(), client(n)).await;
        assert_eq!(response.status(), StatusCode::OK, "stream {n}");
        assert_eq!(response.headers()["x-accel-buffering"], "no");
        held.push(response);
    }
    let refused = open(router.clone(), [10, 1, 0, 1]).await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(refused.headers()["retry-after"], "10");
    let text = axum::body::to_bytes(refused.into_body(), 1 << 16).await.unwrap();
    assert_eq!(
        std::str::from_utf8(&text).unwrap(),
        "Too many pages are open right now. This one will try again by itself."
    );
    held.truncate(crate::CLASS_STREAMS_PER_CLIENT);
    // The first client holds its whole share: another of its streams is refused, another
    // client's is not.
    assert_eq!(
        open(router.clone(), client(0)).await.status(),
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(open(router.clone(), [10, 1, 0, 1]).await.status(), StatusCode::OK);
    held.pop();
    assert_eq!(open(router.clone(), client(0)).await.status(), StatusCode::OK);
}

/// One client opening every event stream it can of a public live page gets its share and no
/// more; other clients still get theirs, and however many clients fill the live pages'
/// streams, class screens keep room for their own.
#[tokio::test]
async fn a_client_holding_every_live_page_stream_it_can_leaves_class_screens_theirs() {
    let (service, token) = class();
    let public = service.public_id(MatchId(1)).unwrap().unwrap();
    let router = crate::router(service.clone());
    let open = |path: String, peer: [u8; 4]| {
        let router = router.clone();
        async move { router.oneshot(get_from(&path, peer)).await.unwrap() }
    };
    let live = format!("/m/{public}/events");
    let screen = format!("/class/{token}/events");
    let mut held = Vec::new();
    let mut taken = 0;
    for _ in 0..=crate::MAX_STREAMS {
        let response = open(live.clone(), [192, 0, 2, 1]).await;
        if response.status() != StatusCode::OK {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            break;
        }
        taken += 1;
        held.push(response);
    }
    assert_eq!(taken, crate::LIVE_STREAMS_PER_CLIENT, "one client's share");
    assert_eq!(
        open(screen.clone(), [192, 0, 2, 1]).await.status(),
        StatusCode::OK
    );
    assert_eq!(open(live.clone(), [192, 0, 2, 2]).await.status(), StatusCode::OK);

    // Many clients on public pages: they stop short of the class screens' room.
    let live_room = crate::MAX_STREAMS - crate::CLASS_STREAMS_KEPT;
    let mut n = 0usize;
    while held.len() < live_room {
        let response = open(live.clone(), [198, 51, (n / 64) as u8, (n % 64) as u8]).await;
        n += 1;
        if response.status() == StatusCode::OK {
            held.push(response);
        } else {
            break;
        }
    }
    // The class stream and the second client's above were let go at once; these are held.
    let refused = open(live.clone(), [203, 0, 113, 1]).await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    let mut screens = Vec::new();
    for n in 0..crate::CLASS_STREAMS_KEPT {
        let response = open(screen.clone(), [203, 0, 113, (n / 200) as u8]).await;
        assert_eq!(response.status(), StatusCode::OK, "class stream {n}");
        screens.push(response);
    }
    assert_eq!(
        open(screen.clone(), [203, 0, 114, 1]).await.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "every stream taken"
    );
}

/// Over a real socket: a connection that sends nothing, and one that sends half a header, are
/// closed after [`crate::HEADER_TIMEOUT`]; past the connection cap, new connections wait for a
/// free one instead of being served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_connections_are_closed_and_connections_are_capped() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (service, _) = class();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(crate::serve(listener, service, 3));
    let started = std::time::Instant::now();
    let mut silent = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let mut half = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    half.write_all(b"GET /assets/live.css HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let mut third = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    third
        .write_all(b"GET /assets/live.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let mut answer = [0u8; 12];
    third.read_exact(&mut answer).await.unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");
    // Three connections held (the third kept alive): a fourth waits in the listen queue.
    let mut fourth = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    fourth
        .write_all(b"GET /assets/live.css HTTP/1.0\r\n\r\n")
        .await
        .unwrap();
    let mut early = [0u8; 12];
    let waited = tokio::time::timeout(std::time::Duration::from_secs(1), fourth.read_exact(&mut early)).await;
    assert!(waited.is_err(), "served past the cap");
    // The silent and the half-sent connections are closed by the server.
    let mut rest = Vec::new();
    let closed =
        tokio::time::timeout(std::time::Duration::from_secs(10), silent.read_to_end(&mut rest)).await;
    assert!(matches!(closed, Ok(Ok(0))), "{closed:?}");
    let closed = tokio::time::timeout(std::time::Duration::from_secs(10), half.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the half-sent request's connection was closed");
    assert!(started.elapsed() >= crate::HEADER_TIMEOUT);
    // Their places free, the fourth is served.
    tokio::time::timeout(std::time::Duration::from_secs(10), fourth.read_exact(&mut early))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(&early, b"HTTP/1.0 200");
}

/// Replays are kept per key, the oldest forgotten first (not all at once), and every request
/// for a key shares one drawing.
#[test]
fn replays_forget_the_oldest_first_and_share_one_drawing() {
    let mut replays = crate::drawn::Replays::default();
    let key = |n: u64| (format!("m{n}"), n, Locale::En);
    let first = replays.cell(&key(0));
    assert!(Arc::ptr_eq(&first, &replays.cell(&key(0))), "one drawing per key");
    for n in 1..crate::drawn::REPLAYS_KEPT as u64 {
        replays.cell(&key(n));
    }
    assert!(Arc::ptr_eq(&first, &replays.cell(&key(0))), "still kept");
    let second = replays.cell(&key(1));
    replays.cell(&key(1_000));
    assert_eq!(replays.drawn.len(), crate::drawn::REPLAYS_KEPT);
    assert!(!replays.drawn.contains_key(&key(0)), "the oldest was forgotten");
    assert!(
        Arc::ptr_eq(&second, &replays.cell(&key(1))),
        "the others are kept"
    );
    assert!(
        !Arc::ptr_eq(&first, &replays.cell(&key(0))),
        "drawn again when asked again"
    );
}

/// A store that fails while `down` is set, as a database being restarted does; and reads of
/// the one key `slow` (when set) fail alone, as one read whose wait for a pooled connection or
/// whose statement ran out of time does while the others go through. Reads of match records
/// take `delay` milliseconds, counted, with how many run at once.
struct Flaky {
    inner: MemoryStore,
    down: std::sync::atomic::AtomicBool,
    slow: std::sync::Mutex<Option<Vec<u8>>>,
    delay: std::sync::atomic::AtomicU64,
    match_reads: std::sync::atomic::AtomicUsize,
    running: std::sync::atomic::AtomicUsize,
    most_running: std::sync::atomic::AtomicUsize,
}

impl Flaky {
    fn new() -> Flaky {
        Flaky {
            inner: MemoryStore::default(),
            down: std::sync::atomic::AtomicBool::new(false),
            slow: std::sync::Mutex::new(None),
            delay: Default::default(),
            match_reads: Default::default(),
            running: Default::default(),
            most_running: Default::default(),
        }
    }

    /// A read of a match record: counted, and as slow as `delay` says.
    fn read_a_match(&self) {
        use std::sync::atomic::Ordering::SeqCst;
        self.match_reads.fetch_add(1, SeqCst);
        let now = self.running.fetch_add(1, SeqCst) + 1;
        self.most_running.fetch_max(now, SeqCst);
        std::thread::sleep(std::time::Duration::from_millis(self.delay.load(SeqCst)));
        self.running.fetch_sub(1, SeqCst);
    }

    fn check(&self) -> Result<(), lalao_app::store::StoreError> {
        match self.down.load(std::sync::atomic::Ordering::SeqCst) {
            true => Err(lalao_app::store::StoreError("the database restarts".to_owned())),
            false => Ok(()),
        }
    }
}

impl lalao_app::store::Store for Flaky {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, lalao_app::store::StoreError> {
        self.check()?;
        if self.slow.lock().unwrap().as_deref() == Some(key) {
            return Err(lalao_app::store::StoreError(
                "no connection free within 5 s".to_owned(),
            ));
        }
        if key.starts_with(lalao_app::store::keys::MATCH_PREFIX) {
            self.read_a_match();
        }
        self.inner.get(key)
    }
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> lalao_app::store::EntryIter<'a> {
        match self.check() {
            Ok(()) => self.inner.iter_prefix(prefix),
            Err(err) => Box::new(std::iter::once(Err(err))),
        }
    }
    fn last_with_prefix(
        &self,
        prefix: &[u8],
    ) -> Result<Option<lalao_app::store::KeyValue>, lalao_app::store::StoreError> {
        self.check()?;
        self.inner.last_with_prefix(prefix)
    }
    fn commit(
        &self,
        txn: &lalao_app::store::Txn,
    ) -> Result<lalao_app::store::Committed, lalao_app::store::StoreError> {
        self.check()?;
        self.inner.commit(txn)
    }
    fn snapshot(
        &self,
        each: &mut dyn FnMut(&[u8], &[u8]) -> bool,
    ) -> Result<(), lalao_app::store::StoreError> {
        self.inner.snapshot(each)
    }
    fn sync(&self) -> Result<(), lalao_app::store::StoreError> {
        Ok(())
    }
}

/// A store that does not answer is not a page that is gone: while it is down the class screen
/// answers 503 (the page tries again by itself), and once it is back the same link works; an
/// unknown link is still 404.
#[tokio::test]
async fn a_store_that_does_not_answer_is_not_a_page_that_is_gone() {
    let store = Arc::new(Flaky::new());
    let (service, token) = class_on(store.clone());
    let get = |path: String| {
        let service = service.clone();
        async move {
            let request = Request::get(path).body(Body::empty()).unwrap();
            crate::router(service).oneshot(request).await.unwrap()
        }
    };
    assert_eq!(get(format!("/class/{token}")).await.status(), StatusCode::OK);
    store.down.store(true, std::sync::atomic::Ordering::SeqCst);
    for path in [format!("/class/{token}"), format!("/class/{token}/events")] {
        let response = get(path).await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["retry-after"], "10");
    }
    store.down.store(false, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(get(format!("/class/{token}")).await.status(), StatusCode::OK);
    assert_eq!(
        get(format!("/class/{}", "a".repeat(64))).await.status(),
        StatusCode::NOT_FOUND
    );
}

/// One read that fails while the store answers everything else (under load: a pool's wait or a
/// statement that ran out of time) is not a page that is gone either: the live page, its
/// replay and the class screen answer 503, the screen never shows the class without the
/// match, and a tap is refused with "come back" rather than "unknown link".
#[tokio::test]
async fn one_read_that_fails_is_not_a_page_that_is_gone() {
    let store = Arc::new(Flaky::new());
    let (service, token) = class_on(store.clone());
    let public = service.public_id(MatchId(1)).unwrap().unwrap();
    let get = |path: String| {
        let service = service.clone();
        async move {
            let request = Request::get(path).body(Body::empty()).unwrap();
            crate::router(service).oneshot(request).await.unwrap()
        }
    };
    let version = service.live_version(&public).unwrap().unwrap();
    let fingerprint = board(&service, &token);
    let before = store
        .inner
        .get(&lalao_app::store::keys::match_key(MatchId(1)))
        .unwrap();
    assert_eq!(get(format!("/m/{public}")).await.status(), StatusCode::OK);
    assert_eq!(service.class_screen(&token).unwrap().unwrap().boards.len(), 1);

    *store.slow.lock().unwrap() = Some(lalao_app::store::keys::match_key(MatchId(1)));
    for path in [
        format!("/m/{public}"),
        format!("/m/{public}/events"),
        format!("/m/{public}/replay/{version}"),
        format!("/class/{token}"),
        format!("/class/{token}/events"),
    ] {
        let response = get(path.clone()).await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE, "{path}");
        assert_eq!(response.headers()["retry-after"], "10", "{path}");
    }

    // The screen's own pointer does not answer: a tap is "come back", not "unknown link" (in the
    // reader's language: the class's is in the record that could not be read).
    *store.slow.lock().unwrap() = Some(lalao_app::store::keys::screen_key(&token[..32]));
    let move_once = a_move(fingerprint, "@1", "tap-while-slow-0001");
    let (status, answer) = send(
        &service,
        post(
            &token,
            Some("http://127.0.0.1:8080"),
            "application/json",
            move_once,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        answer["text"],
        "lalao cannot reach its records just now: nothing was played. Try again in a moment."
    );
    assert_eq!(
        store
            .inner
            .get(&lalao_app::store::keys::match_key(MatchId(1)))
            .unwrap(),
        before
    );

    *store.slow.lock().unwrap() = None;
    assert_eq!(get(format!("/m/{public}")).await.status(), StatusCode::OK);
    assert_eq!(service.class_screen(&token).unwrap().unwrap().boards.len(), 1);
}

/// `players` practice matches (#1, #2, …) on a slow store, and their live pages' addresses.
fn slow_matches(players: usize) -> (Arc<Service>, Arc<Flaky>, Vec<String>) {
    let store = Arc::new(Flaky::new());
    let service = Service::new(
        store.clone(),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    )
    .with_live_pages(BASE);
    service.open().unwrap();
    let mut pages = Vec::new();
    for n in 1..=players {
        let player = Context::console(&format!("player{n}"));
        service
            .handle_text(&player, "play fano solo cells=5", false)
            .unwrap();
        pages.push(service.public_id(MatchId(n as u64)).unwrap().unwrap());
    }
    (Arc::new(service), store, pages)
}

/// A crowd opening one page at once costs one read of it, and many pages asked for at once
/// are read at most [`crate::MAX_PAGE_READS`] at a time: the store's other connections stay
/// free for moves. (On a slowed PostgreSQL, 400 GETs at once took 12.6 s and held the whole
/// pool of each process before; 1.1 s and at most 3 connections after: docs/benchmarks.md.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_on_one_page_costs_one_read_and_page_reads_leave_the_store_free() {
    use std::sync::atomic::Ordering::SeqCst;
    let (service, store, pages) = slow_matches(12);
    store.delay.store(150, SeqCst);
    store.match_reads.store(0, SeqCst);
    // All at once: one router, as the server has.
    let router = crate::router(service.clone());
    let all_at_once = |paths: Vec<String>| {
        let mut requests = tokio::task::JoinSet::new();
        for path in paths {
            let router = router.clone();
            requests.spawn(async move {
                let request = Request::get(path).body(Body::empty()).unwrap();
                router.oneshot(request).await.unwrap().status()
            });
        }
        requests.join_all()
    };

    let statuses = all_at_once(vec![format!("/m/{}", pages[0]); 50]).await;
    assert_eq!(statuses, vec![StatusCode::OK; 50]);
    assert_eq!(store.match_reads.load(SeqCst), 1, "fifty requests, one read");

    store.match_reads.store(0, SeqCst);
    let statuses = all_at_once(pages.iter().map(|page| format!("/m/{page}")).collect()).await;
    assert_eq!(statuses, vec![StatusCode::OK; 12]);
    assert_eq!(store.match_reads.load(SeqCst), 12);
    assert_eq!(store.most_running.load(SeqCst), crate::MAX_PAGE_READS);
}

#[tokio::test]
async fn the_whole_game_is_served_animated_for_the_page_s_current_version_only() {
    let (service, _) = class();
    let teacher = Context::console("mme");
    for line in ["@1 #1", "@2 #1"] {
        service.handle_text(&teacher, line, false).unwrap();
    }
    let public = service.public_id(MatchId(1)).unwrap().unwrap();
    let version = service.live_version(&public).unwrap().unwrap();
    let get = |path: String| {
        let service = service.clone();
        async move {
            let request = Request::get(path).body(Body::empty()).unwrap();
            crate::router(service).oneshot(request).await.unwrap()
        }
    };
    let page = get(format!("/m/{public}")).await;
    let html = axum::body::to_bytes(page.into_body(), 1 << 22).await.unwrap();
    let html = String::from_utf8_lossy(&html);
    assert!(
        html.contains(&format!("/m/{public}/animation/{version}/animation.gif")),
        "the page links the animation"
    );
    for (file, kind, magic) in [
        ("animation.gif", "image/gif", &b"GIF89a"[..]),
        ("animation.png", "image/png", &b"\x89PNG\r\n\x1a\n"[..]),
    ] {
        let response = get(format!("/m/{public}/animation/{version}/{file}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{file}");
        assert_eq!(response.headers()["content-type"], kind);
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 24).await.unwrap();
        assert!(bytes.starts_with(magic), "{file}");
    }
    // Another version, another file name: nothing.
    for path in [
        format!("/m/{public}/animation/{}/animation.gif", version + 1),
        format!("/m/{public}/animation/{version}/animation.webp"),
    ] {
        assert_eq!(get(path.clone()).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
}

async fn get_page(service: &Arc<Service>, path: &str) -> (StatusCode, String) {
    let request = Request::get(path)
        .header("host", "127.0.0.1:8080")
        .body(Body::empty())
        .unwrap();
    let response = crate::router(service.clone()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// A finished, reviewed match's live page: each move a link to the position after it, marked
/// with its verdict and what the review says, and each player's count under the list.
#[tokio::test]
async fn a_reviewed_match_s_page_shows_the_annotated_moves_and_each_position() {
    let service = Service::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    )
    .with_live_pages(BASE);
    service.open().unwrap();
    let ana = Context::console("ana");
    for line in ["play katro", "c1A", "d6A", "b1B", "resign", "review"] {
        service.handle_text(&ana, line, false).unwrap();
    }
    let said = service.handle_text(&ana, "link", false).unwrap();
    let text = &said.messages[0].text;
    let start = text.find("/m/").unwrap() + "/m/".len();
    let public = text[start..start + 32].to_owned();
    let before = service.live_version(&public).unwrap().unwrap();
    assert_eq!(service.run_reviews().unwrap(), 1);
    // The review changes the page (not the match): open pages are sent it.
    assert_eq!(service.live_version(&public).unwrap().unwrap(), before + 1);

    let service = Arc::new(service);
    let (status, page) = get_page(&service, &format!("/m/{public}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains(&format!(
            "<li id=\"move-1\" class=\"inaccuracy\"><a href=\"/m/{public}/after/1\"><code>c1A</code></a></li>\
             <li id=\"move-2\" class=\"mistake\"><a href=\"/m/{public}/after/2\"><code>d6A</code></a> \
             <span class=\"note\">mistake: lost 6 seeds; a6A was better.</span></li>"
        )),
        "{page}"
    );
    assert!(
        page.contains(
            "<section class=\"review\"><h2>Review of match #1 (Katro):</h2><ul>\
             <li>South: 0 good moves, 1 small slip, 1 mistake, 1 missed capture.</li>\
             <li>North: 0 good moves, 1 mistake.</li></ul></section>"
        ),
        "{page}"
    );

    let (status, after) = get_page(&service, &format!("/m/{public}/after/2")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(after.contains("After move 2: d6A"), "{after}");
    assert!(after.contains(&format!(
        "<a href=\"/m/{public}\">Back to the match as it is now</a>"
    )));
    assert!(after.contains(&format!(
        "<a href=\"/m/{public}/after/2\" aria-current=\"step\"><code>d6A</code></a>"
    )));
    // The position after move 2 is not the final one.
    let now = service.live_view(&public, Locale::En).unwrap().unwrap();
    let then = service.live_view_after(&public, 2, Locale::En).unwrap().unwrap();
    assert_ne!(now.svg, then.svg);
    assert_eq!(
        get_page(&service, &format!("/m/{public}/after/4")).await.0,
        StatusCode::NOT_FOUND
    );
}

/// A reviewed match's page links its animation at the page's version (one past the match's):
/// that link is drawn, on the same server that drew the animation before the review.
#[tokio::test]
async fn a_reviewed_match_s_animation_link_is_drawn() {
    let service = Service::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    )
    .with_live_pages(BASE);
    service.open().unwrap();
    let ana = Context::console("ana");
    for line in ["play katro", "c1A", "d6A", "b1B", "resign", "review"] {
        service.handle_text(&ana, line, false).unwrap();
    }
    let public = service.public_id(MatchId(1)).unwrap().unwrap();
    let service = Arc::new(service);
    let router = crate::router(service.clone());
    let get = |path: String| {
        let router = router.clone();
        async move {
            let request = Request::get(path).body(Body::empty()).unwrap();
            let response = router.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), 1 << 24).await.unwrap();
            (status, bytes)
        }
    };
    let link = |html: &[u8]| {
        let html = String::from_utf8_lossy(html);
        let start = html.find("/animation/").unwrap();
        let end = start + html[start..].find('"').unwrap();
        format!("/m/{public}{}", &html[start..end])
    };
    let (_, page) = get(format!("/m/{public}")).await;
    let before = link(&page);
    let (status, gif) = get(before.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(gif.starts_with(b"GIF89a"));

    assert_eq!(service.run_reviews().unwrap(), 1);
    let (_, page) = get(format!("/m/{public}")).await;
    let after = link(&page);
    let version = service.live_version(&public).unwrap().unwrap();
    assert_eq!(after, format!("/m/{public}/animation/{version}/animation.gif"));
    for _ in 0..2 {
        let (status, drawn) = get(after.clone()).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_eq!(drawn, gif, "the same game, the same drawing");
    }
    assert_eq!(get(before).await.0, StatusCode::NOT_FOUND, "the page moved on");
}

/// A drawing that found nothing to draw, or no store, is not kept for its address: the next
/// request draws again, and only a picture is kept.
#[tokio::test]
async fn a_picture_that_was_not_drawn_is_drawn_when_asked_again() {
    let cell = tokio::sync::OnceCell::new();
    for (read, expected) in [
        (Ok(None), Err(crate::drawn::Undrawn::Gone)),
        (
            Err(lalao_app::Unreachable),
            Err(crate::drawn::Undrawn::Unreachable),
        ),
        (Ok(Some(7u8)), Ok(7u8)),
    ] {
        let drawn =
            crate::drawn::drawn_once(&cell, || async move { crate::drawn::picture(read, |n| n) }).await;
        assert_eq!(drawn, expected);
    }
    let kept = crate::drawn::drawn_once(&cell, || async { Ok(8u8) }).await;
    assert_eq!(kept, Ok(7), "a picture is kept");
}

/// A drawing that holds its turn until `gate` says go, telling `started` when it runs.
fn held_drawing(
    started: std::sync::mpsc::Sender<&'static str>,
    name: &'static str,
) -> (
    impl FnOnce() -> &'static str + Send + 'static,
    std::sync::mpsc::Sender<()>,
) {
    let (go, gate) = std::sync::mpsc::channel::<()>();
    let draw = move || {
        started.send(name).unwrap();
        // A gate dropped unopened ends the drawing too.
        let _ = gate.recv();
        name
    };
    (draw, go)
}

/// Whole-game animations are drawn at most [`crate::MAX_DRAWS`] at a time and
/// [`crate::DRAWS_PER_CLIENT`] per client: a client asking again while its drawing runs is
/// told to come back at once, another waits for a turn and draws when one is free.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn animations_are_drawn_a_few_at_a_time_and_one_per_client() {
    use crate::budget::{Busy, Client, Draws};
    let client = |n: u8| Client::of(std::net::IpAddr::from([10, 0, 0, n]), &Default::default());
    let draws = Arc::new(Draws::default());
    let (started, running) = std::sync::mpsc::channel();
    let mut gates = Vec::new();
    let mut drawings = Vec::new();
    for (n, name) in [(1, "first"), (2, "second")] {
        let (draw, go) = held_drawing(started.clone(), name);
        gates.push(go);
        let draws = draws.clone();
        drawings.push(tokio::spawn(async move { draws.run(client(n), draw).await }));
    }
    let mut both = [running.recv().unwrap(), running.recv().unwrap()];
    both.sort();
    assert_eq!(both, ["first", "second"]);
    assert_eq!(crate::MAX_DRAWS, 2);
    // The first client again: its share is taken.
    assert!(draws.share_taken(client(1)));
    assert!(!draws.share_taken(client(3)));
    assert_eq!(draws.run(client(1), || "again").await, Err(Busy));
    // A third client waits for a turn: nothing of it runs while both turns are held.
    let (draw, go) = held_drawing(started.clone(), "third");
    let third = {
        let draws = draws.clone();
        tokio::spawn(async move { draws.run(client(3), draw).await })
    };
    tokio::task::yield_now().await;
    assert!(running.try_recv().is_err(), "no turn was free");
    gates.remove(0).send(()).unwrap();
    assert_eq!(drawings.remove(0).await.unwrap(), Ok("first"));
    assert_eq!(running.recv().unwrap(), "third");
    // The first client's drawing is done: it may draw again.
    drop(go);
    assert_eq!(third.await.unwrap(), Ok("third"));
    assert_eq!(draws.run(client(1), || "again").await, Ok("again"));
    drop(gates);
    assert_eq!(drawings.remove(0).await.unwrap(), Ok("second"));
}

/// While every drawing turn is held by long animations, the class screen, its stream, a
/// tapped move and a live page answer at once: drawings never take the page reads' turns.
/// A client whose drawing runs is told to come back, in its language, and draws later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn class_screens_and_taps_never_wait_for_animations() {
    let (service, token) = class();
    let public = service.public_id(MatchId(1)).unwrap().unwrap();
    let web = crate::Web::new(service.clone());
    let router = crate::serve::routes(web.clone());
    let (started, running) = std::sync::mpsc::channel();
    let mut gates = Vec::new();
    let mut held = Vec::new();
    let busy = [10, 9, 9, 1];
    for (n, name) in [(1, "first"), (2, "second")] {
        let (draw, go) = held_drawing(started.clone(), name);
        gates.push(go);
        let peer = if n == 1 { busy } else { [10, 9, 9, 2] };
        let client = crate::Client::of(std::net::IpAddr::from(peer), &Default::default());
        let draws = web.draws.clone();
        held.push(tokio::spawn(async move { draws.run(client, draw).await }));
    }
    running.recv().unwrap();
    running.recv().unwrap();
    let send = |request: Request<Body>| {
        let router = router.clone();
        async move { router.oneshot(request).await.unwrap() }
    };
    let page = send(get_from(&format!("/class/{token}"), [10, 0, 0, 1])).await;
    assert_eq!(page.status(), StatusCode::OK);
    let stream = send(get_from(&format!("/class/{token}/events"), [10, 0, 0, 1])).await;
    assert_eq!(stream.status(), StatusCode::OK);
    let fingerprint = board(&service, &token);
    let tap = post(
        &token,
        Some("http://127.0.0.1:8080"),
        "application/json",
        a_move(fingerprint, "@1", "tap-while-drawing-0001"),
    );
    let answer = send(tap).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let live = send(get_from(&format!("/m/{public}"), [10, 0, 0, 1])).await;
    assert_eq!(live.status(), StatusCode::OK);

    let version = service.live_version(&public).unwrap().unwrap();
    let animation = format!("/m/{public}/animation/{version}/animation.gif");
    let mut refused = get_from(&animation, busy);
    refused
        .headers_mut()
        .insert("accept-language", "fr-FR,fr;q=0.9".parse().unwrap());
    let refused = send(refused).await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(refused.headers()["retry-after"], "10");
    let text = axum::body::to_bytes(refused.into_body(), 1 << 16).await.unwrap();
    assert_eq!(
        std::str::from_utf8(&text).unwrap(),
        "Beaucoup d'images sont en train d'être dessinées. Réessaie dans un instant."
    );
    // Another client's request waits for a turn, and is drawn once one is free; the busy
    // answer was not kept.
    let waiting = tokio::spawn(send(get_from(&animation, [10, 9, 9, 3])));
    drop(gates);
    for drawing in held {
        assert!(drawing.await.unwrap().is_ok());
    }
    let drawn = waiting.await.unwrap();
    assert_eq!(drawn.status(), StatusCode::OK);
    assert_eq!(send(get_from(&animation, busy)).await.status(), StatusCode::OK);
}

/// A client is its peer's address (an IPv6 address by its /64, an IPv4 one written as IPv6 as
/// itself); behind a reverse proxy on this machine, the last address of `X-Forwarded-For`,
/// which the proxy appended. From any other peer that header changes nothing.
#[test]
fn a_client_is_its_address_or_behind_a_local_proxy_the_one_the_proxy_saw() {
    use std::net::IpAddr;

    use crate::Client;
    let ip = |text: &str| text.parse::<IpAddr>().unwrap();
    let none = axum::http::HeaderMap::new();
    let mut forwarded = axum::http::HeaderMap::new();
    forwarded.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
    assert_eq!(
        Client::of(ip("2001:db8:1:2:aaaa::1"), &none),
        Client::of(ip("2001:db8:1:2:bbbb::2"), &none)
    );
    assert_ne!(
        Client::of(ip("2001:db8:1:2::1"), &none),
        Client::of(ip("2001:db8:1:3::1"), &none)
    );
    assert_eq!(
        Client::of(ip("::ffff:192.0.2.1"), &none),
        Client::of(ip("192.0.2.1"), &none)
    );
    assert_ne!(
        Client::of(ip("192.0.2.1"), &none),
        Client::of(ip("192.0.2.2"), &none)
    );
    assert_eq!(
        Client::of(ip("127.0.0.1"), &forwarded),
        Client::of(ip("198.51.100.7"), &none)
    );
    assert_eq!(
        Client::of(ip("192.0.2.1"), &forwarded),
        Client::of(ip("192.0.2.1"), &none),
        "only a local proxy is believed"
    );
}
