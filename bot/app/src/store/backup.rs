//! Backups: every entry of a store, copied at one instant, in a portable
//! text file that `lalao restore` checks whole before anything is written.
//!
//! The file is JSON Lines (docs/storage.md, "Backups"):
//! - a header, `{"lalao_backup": 1, "lalao": "<version>", "created_at": <unix seconds>}`;
//! - one line per entry in key order, `{"k": <key>, "v": <value>}`, each as a JSON string when
//!   it is UTF-8 (every key and record lalao writes is), else as hex under `"kx"` / `"vx"`, so
//!   a damaged record is carried as it is, to be reported by `lalao check`;
//! - a trailer, `{"end": {"entries": <n>, "xxh3": "<32 hex digits>"}}`: the count and an XXH3-128
//!   of every key and value (each preceded by its length as 8 little-endian bytes), so a cut or
//!   edited file is refused.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;
use xxhash_rust::xxh3::Xxh3;

use super::{Store, StoreError, Txn};

/// The version of the backup file format.
pub const BACKUP_FORMAT: u32 = 1;

/// Entries written per commit on restore.
const RESTORE_BATCH: usize = 512;

#[derive(Debug, Error)]
pub enum BackupError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the backup: {0}")]
    Write(std::io::Error),
    #[error("cannot read the backup: {0}")]
    Read(std::io::Error),
    #[error("line {line} of the backup: {why}")]
    Damaged { line: usize, why: String },
    #[error("the backup has format {0}, newer than this lalao reads ({BACKUP_FORMAT}): upgrade lalao")]
    TooNew(u64),
    #[error("the target store is not empty: restore only into an empty data directory")]
    NotEmpty,
}

/// What a backup holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub entries: u64,
    pub checksum: u128,
}

#[derive(Serialize, Deserialize)]
struct Header {
    lalao_backup: u64,
    lalao: String,
    created_at: u64,
}

#[derive(Serialize, Deserialize)]
struct End {
    entries: u64,
    xxh3: String,
}

/// The running checksum of a backup's entries.
struct Checksum(Xxh3);

impl Checksum {
    fn new() -> Checksum {
        Checksum(Xxh3::new())
    }

    fn add(&mut self, key: &[u8], value: &[u8]) {
        for part in [key, value] {
            self.0.update(&(part.len() as u64).to_le_bytes());
            self.0.update(part);
        }
    }

    fn value(&self) -> u128 {
        self.0.digest128()
    }
}

/// One side of an entry as it is written: a string when UTF-8, else hex.
fn field(name: &str, bytes: &[u8]) -> (String, Value) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (name.to_owned(), Value::String(text.to_owned())),
        Err(_) => (format!("{name}x"), Value::String(hex(bytes))),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// Writes a backup of `store`, taken at one instant ([`Store::snapshot`]), to `out`.
pub fn write_backup(store: &dyn Store, out: &mut dyn Write, now: u64) -> Result<Summary, BackupError> {
    let header = Header {
        lalao_backup: u64::from(BACKUP_FORMAT),
        lalao: env!("CARGO_PKG_VERSION").to_owned(),
        created_at: now,
    };
    line(out, &header).map_err(BackupError::Write)?;
    let mut checksum = Checksum::new();
    let mut entries = 0u64;
    let mut failed: Option<std::io::Error> = None;
    store.snapshot(&mut |key, value| {
        checksum.add(key, value);
        entries += 1;
        let entry: serde_json::Map<String, Value> =
            [field("k", key), field("v", value)].into_iter().collect();
        if let Err(err) = line(out, &Value::Object(entry)) {
            failed = Some(err);
            return false;
        }
        true
    })?;
    if let Some(err) = failed {
        return Err(BackupError::Write(err));
    }
    let summary = Summary {
        entries,
        checksum: checksum.value(),
    };
    let end = serde_json::json!({"end": End { entries, xxh3: format!("{:032x}", summary.checksum) }});
    line(out, &end).map_err(BackupError::Write)?;
    out.flush().map_err(BackupError::Write)?;
    Ok(summary)
}

/// Writes `value` as one JSON line.
fn line<T: Serialize>(out: &mut dyn Write, value: &T) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// A handle that writes backups of one store ([`write_backup`]), for a running bot's control
/// socket: it carries the store without handing it out.
#[derive(Clone)]
pub struct Backups(pub(crate) std::sync::Arc<dyn Store>);

impl Backups {
    pub fn write(&self, out: &mut dyn Write, now: u64) -> Result<Summary, BackupError> {
        write_backup(self.0.as_ref(), out, now)
    }
}

/// Reads a backup and checks all of it: the header's format, every line, and the trailer's
/// count and checksum. Calls `each` for every entry, in order, as it goes; the caller writes
/// them somewhere it can throw away when this fails.
pub fn read_backup(
    input: &mut dyn BufRead,
    each: &mut dyn FnMut(Vec<u8>, Vec<u8>) -> Result<(), BackupError>,
) -> Result<Summary, BackupError> {
    let mut lines = bounded_lines(input).enumerate().map(|(n, line)| (n + 1, line));
    let damaged = |line: usize, why: &str| BackupError::Damaged {
        line,
        why: why.to_owned(),
    };
    let (n, first) = lines
        .next()
        .ok_or_else(|| damaged(1, "the file is empty, not a lalao backup"))?;
    let header: Header = serde_json::from_str(&first.map_err(BackupError::Read)?)
        .map_err(|_| damaged(n, "not a lalao backup header"))?;
    if header.lalao_backup > u64::from(BACKUP_FORMAT) {
        return Err(BackupError::TooNew(header.lalao_backup));
    }
    if header.lalao_backup == 0 {
        return Err(damaged(n, "not a lalao backup header"));
    }
    let mut checksum = Checksum::new();
    let mut entries = 0u64;
    for (n, line) in lines {
        let line = line.map_err(BackupError::Read)?;
        let value: Value = serde_json::from_str(&line).map_err(|_| damaged(n, "not JSON"))?;
        if let Some(end) = value.get("end") {
            let end: End =
                serde_json::from_value(end.clone()).map_err(|_| damaged(n, "a damaged end line"))?;
            if end.entries != entries || end.xxh3 != format!("{:032x}", checksum.value()) {
                return Err(damaged(
                    n,
                    "the entries do not match the end line's count and checksum",
                ));
            }
            return Ok(Summary {
                entries,
                checksum: checksum.value(),
            });
        }
        let side = |name: &str| -> Option<Vec<u8>> {
            match (value.get(name), value.get(format!("{name}x"))) {
                (Some(Value::String(text)), None) => Some(text.clone().into_bytes()),
                (None, Some(Value::String(text))) => unhex(text),
                _ => None,
            }
        };
        let (Some(key), Some(val)) = (side("k"), side("v")) else {
            return Err(damaged(n, "an entry needs a key and a value"));
        };
        checksum.add(&key, &val);
        entries += 1;
        each(key, val)?;
    }
    Err(damaged(
        entries as usize + 2,
        "the backup is cut short (no end line)",
    ))
}

/// The longest line a backup may hold: far past any record lalao writes (the longest match
/// record is a few hundred kilobytes), and a bound on what a crafted file makes a restore hold.
pub const MAX_BACKUP_LINE: usize = 16 << 20;

/// The lines of `input`, each read no further than [`MAX_BACKUP_LINE`]: a longer one is an
/// error, not an allocation.
fn bounded_lines(input: &mut dyn BufRead) -> impl Iterator<Item = std::io::Result<String>> + '_ {
    std::iter::from_fn(move || {
        let mut line = Vec::new();
        match std::io::Read::take(&mut *input, MAX_BACKUP_LINE as u64 + 1).read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) if line.len() > MAX_BACKUP_LINE => Some(Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a line longer than {MAX_BACKUP_LINE} bytes"),
            ))),
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                Some(
                    String::from_utf8(line)
                        .map_err(|err| std::io::Error::new(std::io::ErrorKind::InvalidData, err)),
                )
            }
            Err(err) => Some(Err(err)),
        }
    })
}

/// Restores a backup into `store`, which must be empty. Entries are committed in batches as
/// they are read, so a damaged file can leave some written: restore into a fresh directory and
/// move it into place only on success (`lalao restore` does).
pub fn restore_backup(input: &mut dyn BufRead, store: &dyn Store) -> Result<Summary, BackupError> {
    if store.iter_prefix(b"").next().is_some() {
        return Err(BackupError::NotEmpty);
    }
    let mut txn = Txn::default();
    let summary = read_backup(input, &mut |key, value| {
        txn.put(key, value);
        if txn.writes.len() >= RESTORE_BATCH {
            store.commit(&std::mem::take(&mut txn))?;
        }
        Ok(())
    })?;
    store.commit(&txn)?;
    store.sync()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    fn filled() -> MemoryStore {
        let store = MemoryStore::default();
        let mut txn = Txn::default();
        txn.put(b"match/\x00001".to_vec(), br#"{"v":4}"#.to_vec())
            .put(b"seq/match".to_vec(), b"1".to_vec())
            .put(b"zz".to_vec(), vec![0xff, 0x00, 0xfe]);
        store.commit(&txn).unwrap();
        store
    }

    fn backup_of(store: &MemoryStore) -> String {
        let mut out = Vec::new();
        write_backup(store, &mut out, 1_700_000_000).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_backup_restores_every_entry_byte_for_byte() {
        let store = filled();
        let text = backup_of(&store);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(
            lines[0],
            format!(
                r#"{{"lalao_backup":1,"lalao":"{}","created_at":1700000000}}"#,
                env!("CARGO_PKG_VERSION")
            )
        );
        assert_eq!(lines[1], r#"{"k":"match/\u0000001","v":"{\"v\":4}"}"#);
        assert_eq!(lines[3], r#"{"k":"zz","vx":"ff00fe"}"#);
        let copy = MemoryStore::default();
        let summary = restore_backup(&mut text.as_bytes(), &copy).unwrap();
        assert_eq!(summary.entries, 3);
        assert_eq!(copy.scan_all().unwrap(), store.scan_all().unwrap());
    }

    #[test]
    fn a_cut_edited_or_newer_backup_is_refused_before_it_counts() {
        let text = backup_of(&filled());
        let lines: Vec<&str> = text.lines().collect();
        let refused = |text: String| {
            let copy = MemoryStore::default();
            restore_backup(&mut text.as_bytes(), &copy)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(lines[..4].join("\n")),
            "line 5 of the backup: the backup is cut short (no end line)"
        );
        let edited = text.replace(r#""v":"1""#, r#""v":"2""#);
        assert_eq!(
            refused(edited),
            "line 5 of the backup: the entries do not match the end line's count and checksum"
        );
        let dropped = [lines[0], lines[1], lines[3], lines[4]].join("\n");
        assert_eq!(
            refused(dropped),
            "line 4 of the backup: the entries do not match the end line's count and checksum"
        );
        assert_eq!(
            refused(text.replace(r#""lalao_backup":1"#, r#""lalao_backup":2"#)),
            "the backup has format 2, newer than this lalao reads (1): upgrade lalao"
        );
        assert_eq!(
            refused("{}".to_owned()),
            "line 1 of the backup: not a lalao backup header"
        );
        assert_eq!(
            refused(text.replace(r#""vx":"ff00fe""#, r#""vx":"ff00f""#)),
            "line 4 of the backup: an entry needs a key and a value"
        );
    }

    #[test]
    fn a_backup_is_restored_only_into_an_empty_store() {
        let store = filled();
        let text = backup_of(&store);
        assert!(matches!(
            restore_backup(&mut text.as_bytes(), &store),
            Err(BackupError::NotEmpty)
        ));
    }

    /// A crafted file with one endless line is refused once the line passes the bound, not
    /// read whole into memory.
    #[test]
    fn a_line_past_the_bound_is_refused() {
        let mut text =
            String::from("{\"lalao_backup\":1,\"lalao\":\"0.1.0\",\"created_at\":0}\n{\"k\":\"a\",\"v\":\"");
        text.push_str(&"x".repeat(MAX_BACKUP_LINE + 10));
        text.push_str("\"}\n");
        let refused = restore_backup(&mut text.as_bytes(), &MemoryStore::default()).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains(&format!("a line longer than {MAX_BACKUP_LINE} bytes")),
            "{refused}"
        );
    }
}
