//! The control socket of a running lalao, and `lalao backup` / `lalao restore`
//! (docs/storage.md, "Backups").
//!
//! sled locks its directory, so while the bot runs no other process can open the store. A
//! running lalao therefore listens on `control.sock` in its data directory (a Unix socket,
//! readable and writable by its owner only) and answers `backup` with a backup of its own
//! store, taken at one instant. `lalao backup` asks it there, or opens the store itself when
//! no lalao runs.

use std::fs;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use lalao_app::store::backup::{read_backup, restore_backup, write_backup, Backups, Summary};
use lalao_app::store::{SledStore, Store};

/// The socket's file name in the data directory.
pub const SOCKET: &str = "control.sock";

/// How long a client has to send its request line.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// A backup's client must take each write within this.
const SEND_TIMEOUT: Duration = Duration::from_secs(30);

/// Unix seconds now.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Listens on `<data_dir>/control.sock` on a thread of its own until the process ends.
/// A socket file left by a lalao that died is replaced; one that answers belongs to a running
/// lalao, which cannot be (sled's lock already refused this one), so it is left alone.
pub fn serve(data_dir: &Path, backups: Backups) -> io::Result<()> {
    let path = data_dir.join(SOCKET);
    if UnixStream::connect(&path).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AddrInUse,
            format!(
                "{} answers: another lalao serves this data directory",
                path.display()
            ),
        ));
    }
    match fs::remove_file(&path) {
        Ok(()) => {}
        Err(err) if err.kind() == io::ErrorKind::NotFound => {}
        Err(err) => return Err(err),
    }
    // Whoever can connect can copy every record: the owner only, from the moment the socket
    // exists (it is created under a umask that lets nobody else in, then the umask is put back).
    // SAFETY: umask only sets the process's file-creation mask and returns the old one.
    let umask = unsafe { libc::umask(0o077) };
    let bound = UnixListener::bind(&path);
    // SAFETY: as above.
    unsafe { libc::umask(umask) };
    let listener = bound?;
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600))?;
    // Backups are read into a file here first: see `answer`.
    let spool = data_dir.to_owned();
    std::thread::Builder::new()
        .name("lalao-control".to_owned())
        .spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                let backups = backups.clone();
                let spool = spool.clone();
                // One thread per request: a client that stops reading holds only its own.
                let spawned = std::thread::Builder::new()
                    .name("lalao-control-request".to_owned())
                    .spawn(move || {
                        if let Err(err) = answer(stream, &backups, &spool) {
                            tracing::warn!(error = %err, "a control request failed");
                        }
                    });
                if let Err(err) = spawned {
                    tracing::warn!(error = %err, "cannot answer a control request");
                }
            }
        })?;
    tracing::info!(socket = %path.display(), "control socket open");
    Ok(())
}

fn answer(stream: UnixStream, backups: &Backups, spool: &Path) -> io::Result<()> {
    stream.set_read_timeout(Some(REQUEST_TIMEOUT))?;
    // A client that stops reading is dropped rather than waited for.
    stream.set_write_timeout(Some(SEND_TIMEOUT))?;
    let mut request = String::new();
    BufReader::new(stream.try_clone()?)
        .take(64)
        .read_line(&mut request)?;
    let mut out = BufWriter::new(stream);
    match request.trim_end() {
        "backup" => {
            // The store is read at one instant (commits wait meanwhile) into a file of this
            // machine's, never straight into the socket: a client that reads slowly, or not at
            // all, holds up no commit. The file is gone once sent (or not).
            let mut file = tempfile::tempfile_in(spool)?;
            let summary = {
                let mut spooled = BufWriter::new(&mut file);
                let summary = backups.write(&mut spooled, now()).map_err(io::Error::other)?;
                spooled.flush()?;
                summary
            };
            io::Seek::rewind(&mut file)?;
            io::copy(&mut file, &mut out)?;
            out.flush()?;
            tracing::info!(entries = summary.entries, "backup sent over the control socket");
            Ok(())
        }
        other => {
            writeln!(
                out,
                "error: unknown request {other:?} (this lalao answers `backup`)"
            )?;
            out.flush()
        }
    }
}

/// `lalao backup <file>`: from the running lalao when one answers, else from the store itself.
/// The file is written beside its final name and moved there once it has been read back and
/// checked whole, so a failed backup never replaces a good one.
pub fn backup(data_dir: &Path, file: &Path) -> Result<Summary, String> {
    let partial = sibling(file, "partial");
    let written = match UnixStream::connect(data_dir.join(SOCKET)) {
        Ok(mut stream) => {
            stream
                .write_all(b"backup\n")
                .map_err(|err| format!("the running lalao did not take the request: {err}"))?;
            let mut out = create(&partial)?;
            io::copy(&mut stream, &mut out)
                .and_then(|_| out.flush())
                .map_err(|err| format!("cannot write {}: {err}", partial.display()))?;
            Ok(())
        }
        Err(_) => {
            if !holds_a_store(data_dir) {
                return Err(format!("there is no lalao store in {}", data_dir.display()));
            }
            let store = SledStore::open(data_dir)
                .map_err(|err| format!("{err} (a lalao seems to run on it, but {SOCKET} does not answer)"))?;
            let mut out = create(&partial)?;
            write_backup(&store, &mut out, now())
                .map(drop)
                .map_err(|err| err.to_string())
        }
    };
    keep_if_whole(&partial, file, written)
}

/// `lalao backup <file>` of a store that many processes share (PostgreSQL): read at one instant
/// through the store itself, whether or not a lalao runs on it.
pub fn backup_store(store: &dyn Store, file: &Path) -> Result<Summary, String> {
    let partial = sibling(file, "partial");
    let written = create(&partial).and_then(|mut out| {
        write_backup(store, &mut out, now())
            .map(drop)
            .map_err(|err| err.to_string())
    });
    keep_if_whole(&partial, file, written)
}

/// Moves the backup written to `partial` to `file` once it has been read back and checked
/// whole; otherwise removes it.
fn keep_if_whole(partial: &Path, file: &Path, written: Result<(), String>) -> Result<Summary, String> {
    let checked = written.and_then(|()| {
        let mut input = BufReader::new(
            fs::File::open(partial).map_err(|err| format!("cannot read {}: {err}", partial.display()))?,
        );
        read_backup(&mut input, &mut |_, _| Ok(())).map_err(|err| err.to_string())
    });
    match checked {
        Ok(summary) => {
            // On disk before it takes the good name, and the name on disk after.
            fs::File::open(partial)
                .and_then(|written| written.sync_all())
                .and_then(|()| fs::rename(partial, file))
                .and_then(
                    |()| match file.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                        Some(dir) => fs::File::open(dir)?.sync_all(),
                        None => fs::File::open(".")?.sync_all(),
                    },
                )
                .map_err(|err| format!("cannot write {}: {err}", file.display()))?;
            Ok(summary)
        }
        Err(err) => {
            let _ = fs::remove_file(partial);
            Err(err)
        }
    }
}

/// `lalao restore <file>`: into an empty (or missing) data directory. The store is built in a
/// directory beside it and moved into place only once the whole backup has gone in, so a
/// damaged file leaves the target as it was.
pub fn restore(data_dir: &Path, file: &Path) -> Result<Summary, String> {
    let empty = match fs::read_dir(data_dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(err) if err.kind() == io::ErrorKind::NotFound => true,
        Err(err) => return Err(format!("cannot read {}: {err}", data_dir.display())),
    };
    if !empty {
        return Err(format!(
            "{} is not empty: restore only into an empty data directory",
            data_dir.display()
        ));
    }
    let input = fs::File::open(file).map_err(|err| format!("cannot read {}: {err}", file.display()))?;
    let building = sibling(data_dir, &format!("restoring-{}", std::process::id()));
    let result = (|| {
        let store = SledStore::open(&building).map_err(|err| err.to_string())?;
        restore_backup(&mut BufReader::new(input), &store).map_err(|err| err.to_string())
    })();
    // sled lets go of its lock from a background thread after the store is dropped: the store
    // is released before it is moved into place, so the check that follows can open it.
    wait_for_release(&building.join("db"), std::time::Duration::from_secs(10));
    match result {
        Ok(summary) => {
            if data_dir.exists() {
                fs::remove_dir(data_dir)
                    .map_err(|err| format!("cannot replace {}: {err}", data_dir.display()))?;
            }
            fs::rename(&building, data_dir)
                .map_err(|err| format!("cannot move the restored store to {}: {err}", data_dir.display()))?;
            Ok(summary)
        }
        Err(err) => {
            let _ = fs::remove_dir_all(&building);
            Err(err)
        }
    }
}

/// Waits (at most `patience`) until no one holds the lock sled takes on `db`.
fn wait_for_release(db: &Path, patience: std::time::Duration) {
    let started = std::time::Instant::now();
    while started.elapsed() < patience {
        match fs::File::open(db).map(|file| file.try_lock()) {
            // Released: the probe's own lock goes with the file.
            Ok(Ok(())) | Err(_) => return,
            Ok(Err(_)) => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
}

/// Whether `dir` is a directory holding a sled store (its `db` file).
pub(crate) fn holds_a_store(dir: &std::path::Path) -> bool {
    dir.join("db").is_file()
}

/// `path` with `.<suffix>` added to its file name.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|name| name.to_os_string())
        .unwrap_or_default();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

fn create(path: &Path) -> Result<BufWriter<fs::File>, String> {
    // A file left there (by a failed run, or by someone else) is replaced, never reused: the new
    // one is this user's own, with this mode.
    match fs::remove_file(path) {
        Err(err) if err.kind() != io::ErrorKind::NotFound => {
            return Err(format!("cannot replace {}: {err}", path.display()))
        }
        _ => {}
    }
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode_owner_only()
        .open(path)
        .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    Ok(BufWriter::new(file))
}

/// A backup holds every record: created readable by its owner only.
trait OwnerOnly {
    fn mode_owner_only(&mut self) -> &mut Self;
}

impl OwnerOnly for fs::OpenOptions {
    fn mode_owner_only(&mut self) -> &mut Self {
        std::os::unix::fs::OpenOptionsExt::mode(self, 0o600)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use lalao_app::store::{Committed, SledStore, Store, Txn};
    use lalao_app::{Defaults, Service};

    /// A backup whose client stops reading holds up no commit: the store is read into a file
    /// first, and only the sending waits for the client.
    #[test]
    fn a_backup_client_that_stops_reading_holds_up_no_commit() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SledStore::open(dir.path()).unwrap());
        // Far more than a socket's buffer: the sending must wait for the client.
        let mut txn = Txn::default();
        for n in 0..64u32 {
            txn.put(format!("player/{n:04}").into_bytes(), vec![b'x'; 64 * 1024]);
        }
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
        let defaults = Defaults {
            locale: lalao_renderer::Locale::En,
            style: lalao_renderer::Style::Text,
        };
        let service = Service::new(store.clone(), defaults);
        let backups = service.backups();
        let (ours, theirs) = std::os::unix::net::UnixStream::pair().unwrap();
        // The client asks, then reads nothing.
        std::io::Write::write_all(&mut &theirs, b"backup\n").unwrap();
        let spool = dir.path().to_owned();
        let answering = std::thread::spawn(move || super::answer(ours, &backups, &spool));
        std::thread::sleep(Duration::from_millis(500));
        let started = Instant::now();
        let mut txn = Txn::default();
        txn.put(b"match/1".to_vec(), b"a move".to_vec());
        assert_eq!(store.commit(&txn).unwrap(), Committed::Applied);
        store.sync().unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "a commit waited {:?} for the backup's client",
            started.elapsed()
        );
        drop(theirs);
        // The client went away: the answer ends (with the broken pipe), the spool file with it.
        assert!(answering.join().unwrap().is_err());
    }
}
