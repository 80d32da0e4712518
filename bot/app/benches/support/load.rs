//! The closed-loop load of the service benches (`bot/app/benches/service.rs` on sled and in
//! memory, `bot/postgres/benches/service.rs` on PostgreSQL, one process or several): client
//! threads each own a share of the matches and play them in turn, one move in flight per
//! client. The latency of a move is the whole `Service::handle` call (load, rules, commit,
//! durable write, localized reply with the rendered board). The clients keep their own engine
//! copy only to choose legal moves; that is not timed.
//!
//! The games are practice fano-33 matches with random legal moves (long histories: the F-8
//! visited set makes the stored state grow through the game, a pessimistic case); a finished
//! match is replaced by a new one. Each match has its own console user and channel: a person
//! may have at most 50 active matches and a channel 500 (docs/security.md).
//!
//! Board pictures, chosen with `LALAO_BENCH_PICTURES`: `off` (the default) plays as
//! console users, whose boards are text; `ordered` as Discord users, whose replies carry the
//! order for each board's picture, as in the bot, where the adapter draws it after the reply;
//! `inline` also draws every reply's pictures on the client thread inside the timed call,
//! through one shared `PictureCache`: what drawing on the commit path would cost.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use lalao_app::command::Command;
use lalao_app::ids::{ChannelId, MatchId, Platform};
use lalao_app::store::Store;
use lalao_app::{Context, Defaults, Service};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};

/// Whether and where the load's boards get pictures (`LALAO_BENCH_PICTURES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pictures {
    Off,
    Ordered,
    Inline,
}

impl Pictures {
    pub fn from_env() -> Pictures {
        match std::env::var("LALAO_BENCH_PICTURES").as_deref() {
            Ok("ordered") => Pictures::Ordered,
            Ok("inline") => Pictures::Inline,
            _ => Pictures::Off,
        }
    }
}

/// The service as the bot opens it on `store`: English, text boards.
pub fn service_on(store: Arc<dyn Store>) -> Arc<Service> {
    let service = Arc::new(Service::new(
        store,
        Defaults {
            locale: lalao_renderer::Locale::En,
            style: lalao_renderer::Style::Text,
        },
    ));
    service.open().unwrap();
    service
}

/// What the clients of one load measured.
pub struct Load {
    /// Every move's latency, unsorted.
    pub latencies: Vec<Duration>,
    /// On-CPU time of the client threads (durable writes included).
    pub cpu: Duration,
    /// From the start line to the last client's end.
    pub seconds: f64,
}

/// This thread's on-CPU time (Linux `schedstat`; zero elsewhere). On a shared machine it shows
/// the work a move costs, without the time spent waiting for a core.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

fn fresh_game() -> AnyGame {
    let mut options = serde_json::Map::new();
    options.insert("cells".into(), 33.into());
    AnyGame::new(AnyOptions::from_json(GameKind::Fano, &options, &[]).unwrap()).unwrap()
}

fn new_match(service: &Service, ctx: &Context) -> MatchId {
    let reply = service
        .handle_text(ctx, "play fano practice cells=33", false)
        .unwrap();
    let message = &reply.messages[0];
    assert_eq!(message.key, "practice-started");
    message.match_ref.unwrap().id
}

/// Plays `matches` concurrent matches with `clients` threads for `duration`. `people` names
/// this load's console users, so that several processes on one store play apart. `started`
/// runs once every client has its matches and before any plays: the clock starts when it
/// returns (the PostgreSQL bench starts its processes together there).
pub fn play(
    service: &Arc<Service>,
    people: &str,
    matches: usize,
    clients: usize,
    duration: Duration,
    started: impl FnOnce(),
) -> Load {
    let pictures = Pictures::from_env();
    let cache = Arc::new(lalao_renderer::PictureCache::new(256));
    let platform = if pictures == Pictures::Off {
        Platform::Console
    } else {
        Platform::Discord
    };
    // A client that panics would leave the others waiting at the barriers for ever: the run
    // ends, failed, instead.
    static EXIT_ON_PANIC: std::sync::Once = std::sync::Once::new();
    EXIT_ON_PANIC.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            report(info);
            std::process::exit(101);
        }));
    });
    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(Barrier::new(clients + 1));
    let start_line = Arc::new(Barrier::new(clients + 1));
    let threads: Vec<_> = (0..clients)
        .map(|client| {
            let (service, stop, ready, start_line, cache) = (
                service.clone(),
                stop.clone(),
                ready.clone(),
                start_line.clone(),
                cache.clone(),
            );
            let share = matches / clients + usize::from(client < matches % clients);
            let people = people.to_owned();
            std::thread::spawn(move || {
                let contexts: Vec<Context> = (0..share)
                    .map(|slot| {
                        let name = format!("{people}c{client}m{slot}");
                        Context {
                            platform,
                            user: lalao_app::ids::UserId::new(platform, &name),
                            channel: ChannelId::new(platform, &name),
                            ..Context::console(&name)
                        }
                    })
                    .collect();
                let mut games: Vec<(MatchId, AnyGame)> = contexts
                    .iter()
                    .map(|ctx| (new_match(&service, ctx), fresh_game()))
                    .collect();
                let mut rng = 0x9e37_79b9_7f4a_7c15u64 ^ client as u64;
                let mut latencies = Vec::with_capacity(1 << 16);
                ready.wait();
                start_line.wait();
                let cpu_before = thread_cpu();
                let mut turn = 0;
                while !stop.load(Ordering::Relaxed) {
                    let slot = turn % games.len();
                    turn += 1;
                    let ctx = &contexts[slot];
                    if games[slot].1.outcome().is_some() {
                        games[slot] = (new_match(&service, ctx), fresh_game());
                    }
                    let (id, game) = &mut games[slot];
                    let legal = game.legal_moves();
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let mv = legal[(rng % legal.len() as u64) as usize].clone();
                    let command = Command::Move {
                        id: Some(*id),
                        text: mv.clone(),
                        explicit: true,
                    };
                    let began = Instant::now();
                    let reply = service.handle(ctx, command);
                    if pictures == Pictures::Inline {
                        for order in reply
                            .messages
                            .iter()
                            .filter_map(|message| message.picture.as_ref())
                        {
                            order.draw(&cache);
                        }
                    }
                    latencies.push(began.elapsed());
                    assert_eq!(
                        reply.messages[0].picture.is_some(),
                        pictures != Pictures::Off,
                        "pictures are ordered as asked"
                    );
                    assert_eq!(reply.messages[0].key, "move-played", "{}", reply.messages[0].text);
                    game.play(&mv).unwrap();
                }
                (latencies, thread_cpu() - cpu_before)
            })
        })
        .collect();
    ready.wait();
    started();
    start_line.wait();
    let began = Instant::now();
    std::thread::sleep(duration);
    stop.store(true, Ordering::Relaxed);
    let mut load = Load {
        latencies: Vec::new(),
        cpu: Duration::ZERO,
        seconds: 0.0,
    };
    for thread in threads {
        let (times, used) = thread.join().unwrap();
        load.latencies.extend(times);
        load.cpu += used;
    }
    load.seconds = began.elapsed().as_secs_f64();
    load
}

/// The `q` quantile of sorted latencies.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)]
}
