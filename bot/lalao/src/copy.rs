//! `lalao store copy --from <store> --to <store>`: moves every record of one store
//! into another, empty, one (sled to PostgreSQL, or back), as the source stood at one instant,
//! then checks the copy as `lalao check` would. A store is `sled:<data directory>` or a
//! `postgres://` address.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use lalao_app::store::{SledStore, Store, StoreError, Txn};
use lalao_app::{Defaults, Service};

/// Records written per commit.
const BATCH: usize = 500;

/// Where records are, as `--from` and `--to` name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    Sled(PathBuf),
    Postgres(String),
}

impl Location {
    pub fn parse(text: &str) -> Result<Location, String> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(Location::Postgres(text.to_owned()))
        } else if let Some(path) = text.strip_prefix("sled:").filter(|path| !path.is_empty()) {
            Ok(Location::Sled(PathBuf::from(path)))
        } else {
            Err("a store is sled:<data directory> or postgres://user@host/database".to_owned())
        }
    }

    /// How reports name it: never a password.
    fn shown(&self) -> String {
        match self {
            Location::Sled(path) => format!("sled:{}", path.display()),
            Location::Postgres(_) => "PostgreSQL".to_owned(),
        }
    }

    fn open(&self, must_exist: bool) -> Result<Arc<dyn Store>, String> {
        match self {
            Location::Sled(path) => {
                if must_exist && !crate::control::holds_a_store(path) {
                    return Err(format!("there is no lalao store in {}", path.display()));
                }
                SledStore::open(path)
                    .map(|store| Arc::new(store) as Arc<dyn Store>)
                    .map_err(|err| format!("{}: {err} (is a lalao running on it?)", self.shown()))
            }
            Location::Postgres(url) => lalao_postgres::PgStore::open(url)
                .map(|store| Arc::new(store) as Arc<dyn Store>)
                .map_err(|err| err.to_string()),
        }
    }
}

/// Copies, then checks the target. Exit 2 for a refusal (bad address, a target that is not
/// empty), 1 when the copy or its check fails.
pub fn run(from: &str, to: &str) -> ExitCode {
    let (source, target) = match (Location::parse(from), Location::parse(to)) {
        (Ok(source), Ok(target)) => (source, target),
        (Err(why), _) | (_, Err(why)) => {
            eprintln!("lalao: {why}");
            return ExitCode::from(2);
        }
    };
    if source == target {
        eprintln!("lalao: the source and the target are the same store");
        return ExitCode::from(2);
    }
    let (from_store, to_store) = match (source.open(true), target.open(false)) {
        (Ok(from_store), Ok(to_store)) => (from_store, to_store),
        (Err(why), _) | (_, Err(why)) => {
            eprintln!("lalao: {why}");
            return ExitCode::from(2);
        }
    };
    match to_store.first_with_prefix(b"") {
        Ok(None) => {}
        Ok(Some(_)) => {
            eprintln!(
                "lalao: {} already holds records: copy into an empty store only",
                target.shown()
            );
            return ExitCode::from(2);
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    }
    let copied = match copy(from_store.as_ref(), to_store.as_ref()) {
        Ok(copied) => copied,
        Err(err) => {
            eprintln!("lalao: the copy failed: {err}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{copied} records copied from {} to {}",
        source.shown(),
        target.shown()
    );
    let defaults = Defaults {
        locale: lalao_renderer::Locale::En,
        style: lalao_renderer::Style::Text,
    };
    let service = Service::new(to_store, defaults);
    crate::check::report_check(&target.shown(), &service)
}

/// Every record of `from`, as it stood at one instant, into `to`, in batches.
fn copy(from: &dyn Store, to: &dyn Store) -> Result<usize, StoreError> {
    let mut batch = Txn::default();
    let mut copied = 0;
    let mut failed: Option<StoreError> = None;
    from.snapshot(&mut |key, value| {
        // A key is new to an empty target: checking its absence keeps a concurrent writer out.
        batch.check(key.to_vec(), None).put(key.to_vec(), value.to_vec());
        copied += 1;
        if batch.writes.len() >= BATCH {
            if let Err(err) = commit(to, std::mem::take(&mut batch)) {
                failed = Some(err);
                return false;
            }
        }
        true
    })?;
    if let Some(err) = failed {
        return Err(err);
    }
    commit(to, batch)?;
    to.sync()?;
    Ok(copied)
}

fn commit(to: &dyn Store, batch: Txn) -> Result<(), StoreError> {
    if batch.writes.is_empty() {
        return Ok(());
    }
    match to.commit(&batch)? {
        lalao_app::store::Committed::Applied => Ok(()),
        lalao_app::store::Committed::Conflict { key } => Err(StoreError(format!(
            "{} was written in the target during the copy",
            String::from_utf8_lossy(&key)
        ))),
    }
}
