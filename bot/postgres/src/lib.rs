//! The store on PostgreSQL (docs/storage.md): one table of ordered byte keys and
//! values behind the same [`Store`] contract as sled, so that several lalao processes can share
//! one database.
//!
//! Every commit is one `SERIALIZABLE` transaction: it reads the keys it checks, compares them
//! with what the caller saw, and writes only if all match; a serialization failure (another
//! process touched the same keys) is retried from the start, and the retry sees the other
//! process's write and reports the conflict. A commit returns once PostgreSQL has committed it
//! (`synchronous_commit` on), so [`Store::sync`] has nothing left to do. Only plain SQL that
//! CockroachDB and YugabyteDB also accept: no advisory locks, no LISTEN/NOTIFY. The statements
//! are listed in docs/storage.md.
//!
//! Processes learn of each other's changes to what the web pages show by a sequence,
//! `lalao_changes`: a commit that wrote a match or a class draws its next value once it has
//! committed, and [`Store::changes_by_others`] reads its last value (one cheap read) and
//! counts the values this process did not draw. Every open page of a process then costs nothing
//! while nobody elsewhere changes anything, instead of re-reading what it shows every second.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use postgres::error::SqlState;
use std::collections::HashMap;

use postgres::{Client, IsolationLevel, Statement};

use lalao_app::store::{Committed, EntryIter, KeyValue, Store, StoreError, Txn};

#[cfg(feature = "scratch")]
pub mod scratch;
mod tls;

/// The schema versions this build knows, in order: each is applied once, in a transaction,
/// and recorded in `lalao_schema`.
const MIGRATIONS: &[&str] = &[
    // 1: every record, by key. `bytea` compares as unsigned bytes, the order of sled's keys.
    "CREATE TABLE lalao_kv (key BYTEA PRIMARY KEY, value BYTEA NOT NULL)",
];

/// How many rows a cursor reads at a time.
const PAGE: i64 = 256;
/// How many times a commit is tried again after a serialization failure.
const RETRIES: u32 = 20;
/// Connections a store opens at most unless told otherwise ([`PgStore::open_with`]).
pub const DEFAULT_POOL: usize = 16;
/// How long a caller waits for a free connection before its operation fails (and the command
/// asks to try again).
pub const POOL_WAIT: Duration = Duration::from_secs(5);
/// Opening a connection (TCP, then PostgreSQL's start-up) gives up after this.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The server cancels a statement that runs longer: nothing lalao asks takes a second.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(15);
/// Data the database leaves unacknowledged this long closes the connection (a partitioned
/// network), and an idle connection is probed after `KEEPALIVE_IDLE`.
pub const TCP_USER_TIMEOUT: Duration = Duration::from_secs(10);
const KEEPALIVE_IDLE: Duration = Duration::from_secs(30);

/// The store on one PostgreSQL database (`postgres://user@host:port/db`).
pub struct PgStore {
    config: postgres::Config,
    /// How each connection encrypts and what it checks of the server (`sslmode`).
    tls: tokio_postgres_rustls::MakeRustlsConnect,
    /// Connections open at most.
    max: usize,
    pool: Mutex<Pool>,
    /// Signalled whenever a connection is given back or closed.
    freed: Condvar,
    stats: Counters,
    /// What this store knows of the `lalao_changes` sequence.
    changes: Mutex<Changes>,
}

/// The `lalao_changes` sequence as this store has seen it: the last value read, the values
/// this process drew since (its own commits), and how many values other processes drew.
#[derive(Default)]
struct Changes {
    seen: Option<i64>,
    own: std::collections::BTreeSet<i64>,
    others: u64,
}

impl Changes {
    /// The sequence stands at `last` now.
    fn read(&mut self, last: i64) -> u64 {
        match self.seen {
            // The first look: what came before is no news.
            None => self.seen = Some(last),
            Some(seen) if last > seen => {
                let own = self.own.range(seen + 1..=last).count() as u64;
                self.others += (last - seen) as u64 - own;
                self.seen = Some(last);
                self.own.retain(|drawn| *drawn > last);
            }
            Some(_) => {}
        }
        self.others
    }
}

/// The sequence other processes' changes are counted by. Created at start if missing; not a
/// schema version of its own, so that a build that predates it still opens the database (a
/// rollback), and simply never draws from it.
const CREATE_CHANGES: &str = "CREATE SEQUENCE IF NOT EXISTS lalao_changes CACHE 1";
/// Drawn after a commit that changed what the pages show.
const NEXT_CHANGE: &str = "SELECT nextval('lalao_changes')";
/// The last value drawn by anyone (0 before the first).
const LAST_CHANGE: &str = "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM lalao_changes";

/// The connections open now: `idle` ones wait for a caller; the others are in use.
#[derive(Default)]
struct Pool {
    idle: Vec<Conn>,
    open: usize,
}

/// A pooled connection and the statements prepared on it. Each statement is parsed and
/// planned once per connection: a query by text would cost a round trip to prepare it every
/// time, on every read and in every commit.
struct Conn {
    client: Client,
    prepared: HashMap<String, Statement>,
}

impl Conn {
    fn statement(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

/// The statements of a commit.
const SELECT_CHECKED: &str = "SELECT key, value FROM lalao_kv WHERE key = ANY($1)";
const DELETE_KEYS: &str = "DELETE FROM lalao_kv WHERE key = ANY($1)";
const UPSERT: &str = "INSERT INTO lalao_kv (key, value) SELECT * FROM UNNEST($1::BYTEA[], $2::BYTEA[]) \
                      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value";

/// What this store has asked of the database since it opened (the bench reports it per move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgStats {
    /// Commit transactions that ended (applied, or found a conflict and rolled back).
    pub commits: u64,
    /// Commit transactions that ended in a serialization failure and were tried again.
    pub retries: u64,
    /// Reads outside commits: one key, one page of a cursor, or a snapshot.
    pub reads: u64,
}

#[derive(Default)]
struct Counters {
    commits: AtomicU64,
    retries: AtomicU64,
    reads: AtomicU64,
}

fn storage_error(err: postgres::Error) -> StoreError {
    // The client's own text of a server error is only "db error": the server's message and
    // code say what went wrong.
    match err.as_db_error() {
        Some(db) => StoreError(format!("PostgreSQL: {} ({})", db.message(), db.code().code())),
        // Its text of a failed TLS handshake or connection does not say why either: the cause
        // (an untrusted certificate, a refused connection) is its source.
        None => match std::error::Error::source(&err) {
            Some(cause) => StoreError(format!("PostgreSQL: {err}: {cause}")),
            None => StoreError(format!("PostgreSQL: {err}")),
        },
    }
}

/// Runs database work from wherever the service is called. The synchronous client blocks on
/// a runtime of its own, which tokio forbids on a runtime's worker thread (it panics): the
/// adapters call the service from async tasks, mostly through `spawn_blocking` but not
/// always (a cached lookup such as a player's language). On a multi-threaded runtime's worker
/// the work runs under `block_in_place`, which hands the worker's other tasks to another
/// thread meanwhile. (lalao's runtimes are all multi-threaded; on a current-thread runtime
/// the client would refuse, as it does without lalao.)
fn blocking<T>(work: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

/// A pseudo-random pause of up to `micros`, from the clock's nanoseconds: enough to spread
/// retries apart, with no generator to share.
fn jitter(micros: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| u64::from(since.subsec_nanos()));
    let mixed = nanos.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
    mixed % (micros + 1)
}

/// Whether an operation failed because its connection is gone (not because of what it asked):
/// nothing of it was done, and a new connection may do it.
fn broken_connection(err: &postgres::Error) -> bool {
    // No answer from the server at all, or its own word that the session is over: a
    // connection exception (class 08) or the server shutting down (57P01–57P03).
    let code = err.code().map(SqlState::code);
    err.is_closed()
        || (err.as_db_error().is_none() && code.is_none())
        || code.is_some_and(|code| code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03"))
}

/// Whether a failed transaction may simply be tried again.
fn retryable(err: &postgres::Error) -> bool {
    matches!(
        err.code(),
        Some(&SqlState::T_R_SERIALIZATION_FAILURE) | Some(&SqlState::T_R_DEADLOCK_DETECTED)
    )
}

impl PgStore {
    /// Connects, applies the migrations this build knows that the database lacks, and refuses
    /// a database whose schema is newer than this build.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::open_with(url, DEFAULT_POOL)
    }

    /// The same, with at most `max` connections open at once.
    pub fn open_with(url: &str, max: usize) -> Result<PgStore, StoreError> {
        let tls::Settings {
            mut config,
            connector,
        } = tls::settings(url).map_err(StoreError)?;
        config
            .connect_timeout(CONNECT_TIMEOUT)
            .tcp_user_timeout(TCP_USER_TIMEOUT)
            .keepalives(true)
            .keepalives_idle(KEEPALIVE_IDLE);
        // The server's own limit on each statement, given at connection start; options the
        // address sets come first and still apply.
        let timeout = format!("-c statement_timeout={}", STATEMENT_TIMEOUT.as_millis());
        let options = match config.get_options() {
            Some(given) => format!("{given} {timeout}"),
            None => timeout,
        };
        config.options(&options);
        let store = PgStore {
            config,
            tls: connector,
            max: max.max(1),
            pool: Mutex::default(),
            freed: Condvar::new(),
            stats: Counters::default(),
            changes: Mutex::default(),
        };
        blocking(|| store.migrate())?;
        Ok(store)
    }

    fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client()?;
        for attempt in 0.. {
            match migrate_once(&mut client.client) {
                Ok(()) => break,
                // Several processes starting at once: one migrates, the others see it done.
                Err(Failure::Db(err)) if attempt < RETRIES && is_concurrent_create(&err) => {
                    std::thread::sleep(Duration::from_millis(20 * u64::from(attempt + 1)));
                }
                Err(Failure::Db(err)) => return Err(storage_error(err)),
                Err(Failure::Newer(found)) => {
                    return Err(StoreError(format!(
                        "the database's schema is version {found}, newer than this lalao knows ({}): run a newer lalao",
                        MIGRATIONS.len()
                    )))
                }
            }
        }
        self.give_back(client);
        Ok(())
    }

    /// What this store has asked of the database so far.
    pub fn stats(&self) -> PgStats {
        PgStats {
            commits: self.stats.commits.load(Ordering::Relaxed),
            retries: self.stats.retries.load(Ordering::Relaxed),
            reads: self.stats.reads.load(Ordering::Relaxed),
        }
    }

    fn pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An idle connection, or a new one while fewer than `max` are open; otherwise waits for
    /// one to be given back, for at most [`POOL_WAIT`].
    fn client(&self) -> Result<Conn, StoreError> {
        let deadline = Instant::now() + POOL_WAIT;
        let mut pool = self.pool();
        loop {
            while let Some(conn) = pool.idle.pop() {
                if !conn.client.is_closed() {
                    return Ok(conn);
                }
                pool.open -= 1;
            }
            if pool.open < self.max {
                pool.open += 1;
                drop(pool);
                return match self.config.connect(self.tls.clone()) {
                    Ok(client) => Ok(Conn {
                        client,
                        prepared: HashMap::new(),
                    }),
                    Err(err) => {
                        self.closed();
                        Err(storage_error(err))
                    }
                };
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(StoreError(format!(
                    "all {} connections to the database stayed busy for {} s",
                    self.max,
                    POOL_WAIT.as_secs()
                )));
            }
            pool = self
                .freed
                .wait_timeout(pool, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Gives a connection back after use; a broken one is closed instead, and so is every
    /// idle one (after a database restart they are all broken, and each would otherwise fail
    /// a caller's operation once).
    fn give_back(&self, conn: Conn) {
        let mut pool = self.pool();
        if conn.client.is_closed() {
            pool.open -= 1;
            let stale = std::mem::take(&mut pool.idle);
            pool.open -= stale.len();
        } else {
            pool.idle.push(conn);
        }
        drop(pool);
        self.freed.notify_all();
    }

    /// A connection that could not be opened frees its place.
    fn closed(&self) {
        self.pool().open -= 1;
        self.freed.notify_one();
    }

    /// How many connections are open now (in use or idle).
    pub fn open_connections(&self) -> usize {
        self.pool().open
    }

    /// Runs one read on a pooled connection; a read that failed because its connection was
    /// broken (the database restarted, the network dropped it) runs once more on a new one.
    fn read<T>(
        &self,
        mut query: impl FnMut(&mut Conn) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        blocking(|| {
            let mut client = self.client()?;
            self.stats.reads.fetch_add(1, Ordering::Relaxed);
            let mut result = query(&mut client);
            if result.as_ref().is_err_and(broken_connection) {
                self.give_back(client);
                client = self.client()?;
                result = query(&mut client);
            }
            self.give_back(client);
            result.map_err(storage_error)
        })
    }

    fn try_commit(conn: &mut Conn, txn: &Txn) -> Result<Committed, postgres::Error> {
        let (select, delete, upsert) = (
            conn.statement(SELECT_CHECKED)?,
            conn.statement(DELETE_KEYS)?,
            conn.statement(UPSERT)?,
        );
        let mut tx = conn
            .client
            .build_transaction()
            .isolation_level(IsolationLevel::Serializable)
            .start()?;
        if !txn.checks.is_empty() {
            let keys: Vec<&[u8]> = txn.checks.iter().map(|check| check.key.as_slice()).collect();
            let rows = tx.query(&select, &[&keys])?;
            for check in &txn.checks {
                let found = rows
                    .iter()
                    .find(|row| row.get::<_, &[u8]>(0) == check.key.as_slice())
                    .map(|row| row.get::<_, &[u8]>(1));
                if found != check.expected.as_deref() {
                    tx.rollback()?;
                    return Ok(Committed::Conflict {
                        key: check.key.clone(),
                    });
                }
            }
        }
        // The last write to a key wins, as in sled's batches; one statement may touch a row once.
        let mut last: Vec<(&[u8], Option<&[u8]>)> = Vec::new();
        for write in &txn.writes {
            last.retain(|(key, _)| *key != write.key.as_slice());
            last.push((write.key.as_slice(), write.value.as_deref()));
        }
        let deleted: Vec<&[u8]> = last
            .iter()
            .filter(|(_, value)| value.is_none())
            .map(|(key, _)| *key)
            .collect();
        let (keys, values): (Vec<&[u8]>, Vec<&[u8]>) = last
            .iter()
            .filter_map(|(key, value)| value.map(|value| (*key, value)))
            .unzip();
        if !deleted.is_empty() {
            tx.execute(&delete, &[&deleted])?;
        }
        if !keys.is_empty() {
            tx.execute(&upsert, &[&keys, &values])?;
        }
        tx.commit()?;
        Ok(Committed::Applied)
    }
}

enum Failure {
    Db(postgres::Error),
    Newer(i64),
}

fn is_concurrent_create(err: &postgres::Error) -> bool {
    retryable(err)
        || matches!(
            err.code(),
            Some(&SqlState::UNIQUE_VIOLATION) | Some(&SqlState::DUPLICATE_TABLE)
        )
}

fn migrate_once(client: &mut Client) -> Result<(), Failure> {
    client
        .batch_execute("CREATE TABLE IF NOT EXISTS lalao_schema (version BIGINT PRIMARY KEY)")
        .map_err(Failure::Db)?;
    client.batch_execute(CREATE_CHANGES).map_err(Failure::Db)?;
    let mut tx = client
        .build_transaction()
        .isolation_level(IsolationLevel::Serializable)
        .start()
        .map_err(Failure::Db)?;
    let current: i64 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM lalao_schema", &[])
        .map_err(Failure::Db)?
        .get(0);
    if current > MIGRATIONS.len() as i64 {
        return Err(Failure::Newer(current));
    }
    for (at, statement) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        tx.batch_execute(statement).map_err(Failure::Db)?;
        tx.execute(
            "INSERT INTO lalao_schema (version) VALUES ($1)",
            &[&(at as i64 + 1)],
        )
        .map_err(Failure::Db)?;
        tracing::info!(version = at + 1, "PostgreSQL schema migrated");
    }
    tx.commit().map_err(Failure::Db)
}

/// The rows of `key > after AND key < end` (each bound only when given), in key order, at most
/// `limit`.
fn page(
    conn: &mut Conn,
    start: &[u8],
    inclusive: bool,
    end: Option<&[u8]>,
    descending: bool,
    limit: i64,
) -> Result<Vec<KeyValue>, postgres::Error> {
    let lower = if inclusive { ">=" } else { ">" };
    let order = if descending { "DESC" } else { "ASC" };
    let rows = match end {
        Some(end) => {
            let statement = conn.statement(&format!(
                "SELECT key, value FROM lalao_kv WHERE key {lower} $1 AND key < $2 ORDER BY key {order} LIMIT $3"
            ))?;
            conn.client.query(&statement, &[&start, &end, &limit])?
        }
        None => {
            let statement = conn.statement(&format!(
                "SELECT key, value FROM lalao_kv WHERE key {lower} $1 ORDER BY key {order} LIMIT $2"
            ))?;
            conn.client.query(&statement, &[&start, &limit])?
        }
    };
    Ok(rows.into_iter().map(|row| (row.get(0), row.get(1))).collect())
}

impl Store for PgStore {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|conn| {
            let statement = conn.statement("SELECT value FROM lalao_kv WHERE key = $1")?;
            Ok(conn.client.query_opt(&statement, &[&key])?.map(|row| row.get(0)))
        })
    }

    /// Reads `PAGE` rows at a time, each page after the last key seen: a commit during the
    /// iteration never brings back an entry behind the cursor.
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        let end = lalao_app::store::prefix_end(prefix);
        let mut next: Option<(Vec<u8>, bool)> = Some((prefix.to_vec(), true));
        let mut buffered: std::collections::VecDeque<KeyValue> = Default::default();
        Box::new(std::iter::from_fn(move || {
            if buffered.is_empty() {
                let (start, inclusive) = next.take()?;
                match self.read(|client| page(client, &start, inclusive, end.as_deref(), false, PAGE)) {
                    Ok(rows) => {
                        if rows.len() as i64 == PAGE {
                            next = rows.last().map(|(key, _)| (key.clone(), false));
                        }
                        buffered.extend(rows);
                    }
                    Err(err) => return Some(Err(err)),
                }
            }
            buffered.pop_front().map(Ok)
        }))
    }

    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        let end = lalao_app::store::prefix_end(prefix);
        let rows = self.read(|client| page(client, prefix, true, end.as_deref(), true, 1))?;
        Ok(rows.into_iter().next())
    }

    fn first_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        let end = lalao_app::store::prefix_end(prefix);
        let rows = self.read(|client| page(client, prefix, true, end.as_deref(), false, 1))?;
        Ok(rows.into_iter().next())
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        blocking(|| self.commit_now(txn))
    }

    /// One `REPEATABLE READ` transaction: every page is read as the database stood when it
    /// began. Commits go on meanwhile; the snapshot does not see them.
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        blocking(|| self.snapshot_now(each))
    }

    fn shared(&self) -> bool {
        true
    }

    fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        let last: i64 = self.read(|conn| {
            let statement = conn.statement(LAST_CHANGE)?;
            Ok(conn.client.query_one(&statement, &[])?.get(0))
        })?;
        let mut changes = self.changes.lock().unwrap_or_else(|e| e.into_inner());
        Ok(Some(changes.read(last)))
    }

    /// Nothing to wait for: a commit returned only once PostgreSQL made it durable.
    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

impl PgStore {
    fn commit_now(&self, txn: &Txn) -> Result<Committed, StoreError> {
        let mut client = self.client()?;
        let mut attempt = 0;
        let result = loop {
            match Self::try_commit(&mut client, txn) {
                Err(err) if retryable(&err) && attempt < RETRIES => {
                    attempt += 1;
                    self.stats.retries.fetch_add(1, Ordering::Relaxed);
                    // Back off a little, more each time and by a random part, so that
                    // processes colliding on one key stop colliding in step.
                    let pause = 200 * u64::from(attempt * attempt);
                    std::thread::sleep(Duration::from_micros(pause + jitter(pause)));
                }
                // Still colliding after every retry: many writers on one key (new matches all
                // bump `seq/match`). That is what a conflict is: the caller reads again and
                // asks again, as it does when it loses a race on sled. Never an error.
                Err(err) if retryable(&err) && !txn.checks.is_empty() => {
                    self.stats.commits.fetch_add(1, Ordering::Relaxed);
                    break Ok(Committed::Conflict {
                        key: txn.checks[0].key.clone(),
                    });
                }
                other => {
                    self.stats.commits.fetch_add(1, Ordering::Relaxed);
                    break other.map_err(storage_error);
                }
            }
        };
        if matches!(result, Ok(Committed::Applied)) && !lalao_app::changes::Changed::of(txn).is_empty() {
            // Drawn after the commit, never inside it: a process that sees the new value then
            // reads the committed data. A failure here loses nothing but the news (the pages
            // elsewhere catch up with the next change), so the commit still stands.
            let drawn = client
                .statement(NEXT_CHANGE)
                .and_then(|statement| client.client.query_one(&statement, &[]));
            match drawn {
                Ok(row) => {
                    let mut changes = self.changes.lock().unwrap_or_else(|e| e.into_inner());
                    changes.own.insert(row.get(0));
                }
                Err(err) => {
                    tracing::warn!(error = %storage_error(err), "a change could not be told to the other processes")
                }
            }
        }
        self.give_back(client);
        result
    }

    fn snapshot_now(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        let mut client = self.client()?;
        self.stats.reads.fetch_add(1, Ordering::Relaxed);
        let result = (|| {
            let mut tx = client
                .client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()?;
            let mut after: Option<Vec<u8>> = None;
            loop {
                let rows = match &after {
                    None => tx.query("SELECT key, value FROM lalao_kv ORDER BY key LIMIT $1", &[&PAGE])?,
                    Some(key) => tx.query(
                        "SELECT key, value FROM lalao_kv WHERE key > $1 ORDER BY key LIMIT $2",
                        &[&key.as_slice(), &PAGE],
                    )?,
                };
                let full = rows.len() as i64 == PAGE;
                for row in &rows {
                    let (key, value): (&[u8], &[u8]) = (row.get(0), row.get(1));
                    if !each(key, value) {
                        return tx.commit();
                    }
                }
                match rows.last() {
                    Some(row) if full => after = Some(row.get::<_, Vec<u8>>(0)),
                    _ => return tx.commit(),
                }
            }
        })()
        .map_err(storage_error);
        self.give_back(client);
        result
    }
}
