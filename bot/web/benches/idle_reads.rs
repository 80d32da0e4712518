//! What open class screens cost the store: a class of 30 pupils in 15 running matches, its
//! projector link and the 30 seat links each holding the screen's event stream open, counted
//! in store reads per second while nothing changes, then per move. `cargo bench -p lalao-web
//! --bench idle_reads` (the figure is a count, not a time: any profile gives it, `--profile dev`
//! too); `LALAO_BENCH_SHARED=1` for a store shared with other processes that tells, in one
//! read, whether they changed anything (as PostgreSQL does), `LALAO_BENCH_SHARED=poll` for one
//! that cannot tell. Figures in docs/benchmarks.md.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use lalao_app::store::{Committed, EntryIter, KeyValue, MemoryStore, Store, StoreError, Txn};
use lalao_app::{Context, Defaults, Service};

mod support;

use support::{pages_runtime, serve};

/// A store that counts the reads made of it; `shared` says other processes write to it too
/// (as PostgreSQL does), so that the pages also look for their changes; `tells` that it counts
/// them (here: none) in one read, as PostgreSQL does.
struct Counting {
    inner: MemoryStore,
    reads: AtomicU64,
    shared: bool,
    tells: bool,
}

impl Counting {
    fn read(&self) {
        self.reads.fetch_add(1, Ordering::Relaxed);
    }
}

impl Store for Counting {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.read();
        self.inner.get(key)
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.read();
        self.inner.iter_prefix(prefix)
    }

    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.read();
        self.inner.last_with_prefix(prefix)
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        self.inner.commit(txn)
    }

    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.inner.snapshot(each)
    }

    fn sync(&self) -> Result<(), StoreError> {
        self.inner.sync()
    }

    fn shared(&self) -> bool {
        self.shared
    }

    fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        if !self.tells {
            return Ok(None);
        }
        self.read();
        Ok(Some(0))
    }
}

/// Opens `path`'s event stream and reads it until the process ends; passes `ready` once the
/// first event (the screen as it is) is in.
fn follow(port: u16, path: String, ready: Arc<Barrier>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut first = true;
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { return };
        if first && line.starts_with("event: screen") {
            first = false;
            ready.wait();
        }
    }
}

fn main() {
    let mode = std::env::var("LALAO_BENCH_SHARED").unwrap_or_default();
    let (shared, tells) = (mode == "1" || mode == "poll", mode == "1");
    let store = Arc::new(Counting {
        inner: MemoryStore::default(),
        reads: AtomicU64::new(0),
        shared,
        tells,
    });
    let defaults = Defaults {
        locale: lalao_renderer::Locale::Fr,
        style: lalao_renderer::Style::Text,
    };
    let service = Arc::new(Service::new(store.clone(), defaults).with_live_pages("http://127.0.0.1"));
    service.open().unwrap();
    let teacher = Context::console("mme");
    let pupils: Vec<String> = (1..=30).map(|n| format!("Eleve{n}")).collect();
    service.handle_text(&teacher, "class new CE1", false).unwrap();
    service
        .handle_text(&teacher, &format!("class add {}", pupils.join(" ")), false)
        .unwrap();
    for pair in pupils.chunks(2) {
        service
            .handle_text(
                &teacher,
                &format!("class match {} {} fano cells=5", pair[0], pair[1]),
                false,
            )
            .unwrap();
    }
    let said = service.handle_text(&teacher, "class link", false).unwrap();
    let text = &said.messages[0].text;
    let start = text.find("/class/").unwrap() + "/class/".len();
    let teacher_token = text[start..start + 64].to_owned();
    let screen = service.class_screen(&teacher_token).unwrap().unwrap();
    let mut tokens = vec![teacher_token];
    tokens.extend(screen.seats.iter().map(|(_, url)| {
        let start = url.find("/class/").unwrap() + "/class/".len();
        url[start..start + 64].to_owned()
    }));
    assert_eq!(tokens.len(), 31);

    let (runtime, listener, port) = pages_runtime();
    serve(&runtime, listener, &service);
    let ready = Arc::new(Barrier::new(tokens.len() + 1));
    for token in &tokens {
        let (path, ready) = (format!("/class/{token}/events"), ready.clone());
        std::thread::spawn(move || follow(port, path, ready));
    }
    ready.wait();
    // Let the watchers settle, then count.
    std::thread::sleep(Duration::from_secs(1));
    let idle = Duration::from_secs(10);
    let before = store.reads.load(Ordering::Relaxed);
    let started = Instant::now();
    std::thread::sleep(idle);
    let idle_reads = store.reads.load(Ordering::Relaxed) - before;
    let per_second = idle_reads as f64 / started.elapsed().as_secs_f64();

    let before = store.reads.load(Ordering::Relaxed);
    let played = service.handle_text(&teacher, "move #1 @3", false).unwrap();
    assert!(format!("{played:?}").contains("@3"), "{played:?}");
    std::thread::sleep(Duration::from_secs(2));
    let move_reads = store.reads.load(Ordering::Relaxed) - before;
    println!(
        "31 open class screens (1 projector, 30 seats), 15 matches, store {}: {per_second:.0} store \
         reads/s idle ({idle_reads} in {idle:?}); {move_reads} reads for one move and the screens it \
         updated",
        if tells {
            "shared with other processes, telling their changes"
        } else if shared {
            "shared with other processes, not telling their changes"
        } else {
            "of its own"
        }
    );
}
