//! The one way the end-to-end tests run `lalao` as a long-lived process: started from a
//! [`Command`], its output in a log file, waited on for a log line, stopped with SIGKILL or
//! SIGTERM, started again the same way, and killed when dropped (its log printed if the test
//! is failing). A console the test types into keeps its stdin and stdout as pipes.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// How often a wait reads the log again.
const POLL: Duration = Duration::from_millis(20);

/// Where the process's standard output goes (its standard error always goes to the log).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stdout {
    Log,
    Discarded,
    /// Read by the test, line by line; its stdin is a pipe too.
    Piped,
}

/// A `lalao` process not started yet: the command and where its output goes.
pub struct Lalao {
    command: Command,
    log: Option<PathBuf>,
    stdout: Stdout,
}

impl Lalao {
    /// `command` (see `support::lalao` and `support::lalao_console`), its stdin closed and its
    /// stdout and stderr written to a temporary log file.
    pub fn new(command: Command) -> Lalao {
        Lalao {
            command,
            log: None,
            stdout: Stdout::Log,
        }
    }

    /// Appends the output to `path` (created if need be) instead: the log outlives the process,
    /// and a restart writes on after the run before.
    pub fn log_to(mut self, path: impl Into<PathBuf>) -> Lalao {
        self.log = Some(path.into());
        self
    }

    /// Only standard error goes to the log; standard output is thrown away.
    pub fn stdout_discarded(mut self) -> Lalao {
        self.stdout = Stdout::Discarded;
        self
    }

    /// A console: the test writes its stdin ([`Running::send`]) and reads its stdout
    /// ([`Running::line`]); standard error goes to the log.
    pub fn piped(mut self) -> Lalao {
        self.stdout = Stdout::Piped;
        self
    }

    pub fn start(self) -> Running {
        let Lalao { command, log, stdout } = self;
        let (log, temporary) = match log {
            Some(path) => (path, None),
            None => {
                let temporary = tempfile::Builder::new()
                    .prefix("lalao-")
                    .suffix(".log")
                    .tempfile()
                    .expect("a temporary log file")
                    .into_temp_path();
                (temporary.to_path_buf(), Some(temporary))
            }
        };
        let mut running = Running {
            command,
            stdout_mode: stdout,
            log,
            _temporary: temporary,
            child: None,
            stdin: None,
            stdout: None,
        };
        running.spawn();
        running
    }
}

/// A running `lalao`, killed (SIGKILL) and waited for when dropped.
pub struct Running {
    command: Command,
    stdout_mode: Stdout,
    log: PathBuf,
    // Deletes the log file with the process when no path was given.
    _temporary: Option<tempfile::TempPath>,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    stdout: Option<BufReader<ChildStdout>>,
}

impl Running {
    fn spawn(&mut self) {
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap_or_else(|err| panic!("cannot open {}: {err}", self.log.display()));
        let (stdin, stdout) = match self.stdout_mode {
            Stdout::Log => (Stdio::null(), Stdio::from(log.try_clone().unwrap())),
            Stdout::Discarded => (Stdio::null(), Stdio::null()),
            Stdout::Piped => (Stdio::piped(), Stdio::piped()),
        };
        let mut child = self
            .command
            .stdin(stdin)
            .stdout(stdout)
            .stderr(log)
            .spawn()
            .expect("lalao starts");
        self.stdin = child.stdin.take();
        self.stdout = child.stdout.take().map(BufReader::new);
        self.child = Some(child);
    }

    fn child(&mut self) -> &mut Child {
        self.child.as_mut().expect("lalao was started")
    }

    /// The process's log so far (empty if nothing was written yet).
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until the log holds `needle`; panics with the log after `patience`.
    pub fn wait_for_log(&self, needle: &str, patience: Duration) {
        self.wait_for(&format!("{needle:?} in the log"), patience, |log| {
            log.contains(needle)
        });
    }

    /// Waits until `done` holds of the whole log; panics naming `what`, with the log, after
    /// `patience`.
    pub fn wait_for(&self, what: &str, patience: Duration, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + patience;
        loop {
            let log = self.log();
            if done(&log) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited {patience:?} for {what}; lalao's log ({}):\n{log}",
                self.log.display()
            );
            std::thread::sleep(POLL);
        }
    }

    /// A piped console's input.
    pub fn stdin(&mut self) -> &mut ChildStdin {
        self.stdin.as_mut().expect("a piped lalao with its input open")
    }

    /// Types `line` into a piped console.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line a piped console prints, without its line end; `None` once its output
    /// is closed.
    pub fn line(&mut self) -> Option<String> {
        let stdout = self.stdout.as_mut().expect("a piped lalao");
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            return None;
        }
        if line.ends_with('\n') {
            line.pop();
            if line.ends_with('\r') {
                line.pop();
            }
        }
        Some(line)
    }

    /// Closes a piped console's input, as the end of a typed session does.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit by itself.
    pub fn wait(&mut self) -> ExitStatus {
        self.child().wait().expect("lalao is waited for")
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child().try_wait(), Ok(None))
    }

    /// Panics with the log if the process has exited.
    pub fn assert_running(&mut self) {
        if let Ok(Some(status)) = self.child().try_wait() {
            panic!("lalao exited ({status}); its log:\n{}", self.log());
        }
    }

    /// Kills the process abruptly (SIGKILL): nothing gets a chance to shut down cleanly.
    pub fn kill(&mut self) {
        let child = self.child();
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Asks the process to stop (SIGTERM, as `docker stop` does) and returns its exit status,
    /// or `None` if it is still running after `patience`.
    pub fn terminate(&mut self, patience: Duration) -> Option<ExitStatus> {
        let id = self.child().id();
        let status = Command::new("kill")
            .args(["-TERM", &id.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -TERM failed");
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child().try_wait() {
                return Some(status);
            }
            std::thread::sleep(POLL);
        }
        None
    }

    /// Kills the process (if it still runs) and starts the same command again: same
    /// arguments, environment and data directory, its output appended to the same log.
    pub fn restart(&mut self) {
        self.kill();
        self.stdin = None;
        self.stdout = None;
        self.spawn();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
        if std::thread::panicking() {
            eprintln!("---- lalao log ({}) ----\n{}", self.log.display(), self.log());
        }
    }
}

/// Runs `command` to its end on `input` (written from another thread, so that a large input
/// cannot block on a full output pipe) and returns what it printed. For one-shot runs that
/// read their stdin; `Command::output` serves those that do not.
pub fn output_with_input(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lalao starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The program may stop reading early (on `/quit`): what it did not read is not an error.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("lalao runs");
    writer.join().unwrap();
    output
}
