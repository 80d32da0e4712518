//! The console as a person at a keyboard uses it, through pipes: exact output, resuming after
//! a restart, and start-up mistakes explained.

use std::io::Write;
use std::path::Path;
use std::process::Output;

use crate::process::{output_with_input, Lalao, Running};
use crate::support::{instruction, lalao, lalao_console};

fn session(data_dir: &Path, args: &[&str], input: &str) -> Output {
    output_with_input(lalao_console(data_dir).args(args), input.as_bytes())
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "lalao failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

const BOARD_AFTER_AT3: &str = "  1   2   3   4   5
┌───┬───┬───┬───┬───┐
│   │   │ W │   │   │
└───┴───┴───┴───┴───┘
          ^
  1   2   3   4   5
Fano, 5 cells
Placement phase. In hand: White 0, Black 1
Last move: @3
^ where the last move arrived
Black to move
";

#[test]
fn a_hot_seat_session_prints_exactly_what_happens() {
    let dir = tempfile::tempdir().unwrap();
    let output = session(
        dir.path(),
        &["--user", "ana"],
        "!lalao play fano cells=5\n@3\n@3\n/user bob\nfoo bar\n",
    );
    let expected = format!(
        "Welcome to lalao! Type `help` to see the commands, `play fano` to start. Type `/quit` to leave.

Match #1: Fano, practice. ana plays both sides.
Fano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.
Type a move to play it, like `move @1`.
  1   2   3   4   5
┌───┬───┬───┬───┬───┐
│   │   │   │   │   │
└───┴───┴───┴───┴───┘
  1   2   3   4   5
Fano, 5 cells
Placement phase. In hand: White 1, Black 1
White to move

White played @3.
{BOARD_AFTER_AT3}
You cannot play @3: that cell is taken. Put your pawn on an empty cell.
You can play: @1, @2, @4, @5

You are now bob.

I don't know the command “foo”.
Type `help` to see what I understand.

"
    );
    assert_eq!(stdout(&output), expected);
}

#[test]
fn a_match_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "play fano cells=5\n@3\n/quit\nthis line is never read\n",
    ));
    let output = stdout(&session(dir.path(), &["--user", "ana"], "board\n"));
    assert!(
        output.ends_with(&format!(
            "Match #1 (Fano, practice): Black to move.\n{BOARD_AFTER_AT3}\n"
        )),
        "{output}"
    );
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    assert!(check.status.success());
    assert!(String::from_utf8(check.stdout)
        .unwrap()
        .ends_with("records, all readable\n"));
}

#[test]
fn the_language_comes_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let output = stdout(&output_with_input(
        lalao_console(dir.path()).env("LALAO_LOCALE", "fr"),
        b"jouer echecs\n",
    ));
    assert!(
        output.contains(
            "Je ne connais pas le jeu « echecs ». Les jeux sont : samantsy, fano, mangala, engehe, katro.\n\
         Écris `aide` pour voir ce que je comprends.\n"
        ),
        "{output}"
    );
}

#[test]
fn json_output_gives_one_line_per_reply() {
    let dir = tempfile::tempdir().unwrap();
    let output = stdout(&session(dir.path(), &["--output", "json"], "play fano\n@4\n"));
    let lines: Vec<serde_json::Value> = output
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["messages"][0]["key"], "move-played");
    assert_eq!(lines[1]["messages"][0]["match"], 1);
    assert_eq!(lines[1]["messages"][0]["version"], 2);
}

/// `lalao check` on a missing or empty data directory says so and creates nothing.
#[test]
fn check_refuses_a_data_directory_without_a_store() {
    let dir = tempfile::tempdir().unwrap();
    for path in [dir.path().join("missing"), dir.path().to_owned()] {
        let check = lalao_console(&path).arg("check").output().unwrap();
        assert_eq!(check.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&check.stderr),
            format!(
                "lalao: there is no lalao store in {} (nothing to check)\n",
                path.display()
            )
        );
    }
    assert!(!dir.path().join("missing").exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn start_up_mistakes_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    let bad_locale = lalao_console(dir.path())
        .env("LALAO_LOCALE", "mg")
        .output()
        .unwrap();
    assert_eq!(bad_locale.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad_locale.stderr),
        "lalao: locale = \"mg\" is not valid: lalao speaks en (English) and fr (French)\n"
    );
    let bad_filter = lalao_console(dir.path())
        .env("RUST_LOG", "lalao=loud")
        .output()
        .unwrap();
    assert_eq!(bad_filter.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_filter.stderr)
        .starts_with("lalao: the log filter \"lalao=loud\" (RUST_LOG) is not valid"));
    let config = dir.path().join("lalao.toml");
    std::fs::write(&config, "[matrix]\nhomeserver = \"https://m.org\"\n").unwrap();
    let partial = lalao()
        .arg("--config")
        .arg(&config)
        .env_remove("MATRIX_USER")
        .output()
        .unwrap();
    assert_eq!(partial.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&partial.stderr),
        "lalao: Matrix is only partly configured: MATRIX_USER is missing\n"
    );
}

#[test]
fn the_computer_answers_on_the_console_and_wins_fano_5() {
    // Fano 5 has one pawn each: after @1 the only sensible answer, @2, leaves White no move.
    let dir = tempfile::tempdir().unwrap();
    let output = stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "play fano bot level=hard cells=5\n@1\n",
    ));
    assert!(
        output.contains("Match #1: ana plays Fano against lalao (hard). ana plays White."),
        "{output}"
    );
    assert!(
        output.contains("ana (White) played @1.\nlalao played @2.\n"),
        "{output}"
    );
    assert!(
        output.contains("lalao (Black) wins: ana (White) has no move left."),
        "{output}"
    );
}

/// A running lalao's store is backed up through the running lalao (sled locks
/// the directory), restored into a new directory, checked, and play goes on there. A damaged
/// backup and a non-empty target are refused and change nothing.
#[test]
fn a_running_lalao_is_backed_up_then_restored_elsewhere_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let (data, copy, file) = (
        dir.path().join("data"),
        dir.path().join("copy"),
        dir.path().join("backup.jsonl"),
    );
    let mut command = lalao_console(&data);
    command.args(["--user", "ana"]);
    let mut running = Lalao::new(command).piped().start();
    running.send("play fano cells=5");
    running.send("@3");
    while !running.line().unwrap().starts_with("White played @3.") {}

    let backup = lalao_console(&data).arg("backup").arg(&file).output().unwrap();
    let said = stdout(&backup);
    let records: usize = said
        .strip_prefix(&format!("{}: ", data.display()))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert_eq!(
        said,
        format!(
            "{}: {records} records backed up to {}\n",
            data.display(),
            file.display()
        )
    );
    assert!(records > 5, "{said}");

    let restore = lalao_console(&copy).arg("restore").arg(&file).output().unwrap();
    assert_eq!(
        stdout(&restore),
        format!(
            "{copy}: {records} records restored from {file}\n{copy}: {records} records, all readable\n",
            copy = copy.display(),
            file = file.display()
        )
    );
    running.close_stdin();
    assert!(running.wait().success());

    let output = stdout(&session(&copy, &["--user", "ana"], "board\n"));
    assert!(
        output.ends_with(&format!(
            "Match #1 (Fano, practice): Black to move.\n{BOARD_AFTER_AT3}\n"
        )),
        "{output}"
    );

    // Into a directory that holds a store: refused.
    let again = lalao_console(&copy).arg("restore").arg(&file).output().unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&again.stderr),
        format!(
            "lalao: {} is not empty: restore only into an empty data directory\n",
            copy.display()
        )
    );
    // A backup cut short: refused, and the target is not created.
    let text = std::fs::read_to_string(&file).unwrap();
    let cut = dir.path().join("cut.jsonl");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let elsewhere = dir.path().join("elsewhere");
    let damaged = lalao_console(&elsewhere)
        .arg("restore")
        .arg(&cut)
        .output()
        .unwrap();
    assert_eq!(damaged.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&damaged.stderr).starts_with("lalao: line "),
        "{}",
        String::from_utf8_lossy(&damaged.stderr)
    );
    assert!(!elsewhere.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        4,
        "data, copy, the backup and the cut copy: nothing left behind"
    );

    // With no lalao running, the store itself is read.
    let offline = lalao_console(&data).arg("backup").arg(&file).output().unwrap();
    assert!(stdout(&offline).contains("records backed up to"));
}

/// One corrupt match record costs that match only. In a channel with three
/// matches, the second's record is damaged while the bot is stopped: the other two go on, the
/// damaged one gets a polite answer that changes nothing, and `lalao check` names it.
#[test]
fn a_corrupt_match_in_a_busy_channel_costs_only_itself() {
    use lalao_app::ids::MatchId;
    use lalao_app::store::{keys, SledStore, Store, Txn};
    let dir = tempfile::tempdir().unwrap();
    stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "play fano cells=5\nplay fano cells=5\nplay fano cells=5\n",
    ));
    {
        let store = SledStore::open(dir.path()).unwrap();
        let mut txn = Txn::default();
        txn.put(keys::match_key(MatchId(2)), b"{\"v\":4,\"id\":".to_vec());
        store.commit(&txn).unwrap();
        store.sync().unwrap();
    }
    let output = stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "@3 #1\nboard #2\n@3 #2\n@3 #3\n",
    ));
    let replies: Vec<&str> = output.split("\n\n").collect();
    assert!(replies[1].starts_with("White played @3.\n"), "{output}");
    assert_eq!(
        replies[2],
        "Oops, something went wrong on my side. Nothing was changed; please try again."
    );
    assert_eq!(replies[3], replies[2]);
    assert!(replies[4].starts_with("White played @3.\n"), "{output}");
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    let report = String::from_utf8(check.stdout).unwrap();
    assert!(
        report.contains("unreadable: match/") && report.ends_with(", 1 unreadable\n"),
        "{report}"
    );
}

/// A record a newer lalao wrote (a rollback) is sound, not corrupt: `lalao check` lists it as
/// newer and passes, and commands on its match change nothing.
#[test]
fn check_lists_a_record_of_a_newer_lalao_as_newer_not_unreadable() {
    use lalao_app::ids::MatchId;
    use lalao_app::record::RECORD_VERSION;
    use lalao_app::store::{keys, SledStore, Store, Txn};
    let dir = tempfile::tempdir().unwrap();
    stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "play fano cells=5
",
    ));
    let newer = {
        let store = SledStore::open(dir.path()).unwrap();
        let key = keys::match_key(MatchId(1));
        let mut record: serde_json::Value =
            serde_json::from_slice(&store.get(&key).unwrap().unwrap()).unwrap();
        record["v"] = serde_json::Value::from(RECORD_VERSION + 1);
        let bytes = serde_json::to_vec(&record).unwrap();
        let mut txn = Txn::default();
        txn.put(key, bytes.clone());
        store.commit(&txn).unwrap();
        store.sync().unwrap();
        bytes
    };
    stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "@3 #1
",
    ));
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    let report = String::from_utf8(check.stdout).unwrap();
    assert_eq!(check.status.code(), Some(0), "{report}");
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "newer: match/00000000000000000001: a match record has version {}, newer than this build reads ({RECORD_VERSION}): upgrade lalao",
            RECORD_VERSION + 1
        )
    );
    assert!(
        lines[1].ends_with("records, all readable, 1 written by a newer lalao and kept"),
        "{report}"
    );
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.get(&keys::match_key(MatchId(1))).unwrap(), Some(newer));
}

/// A console kept open, asked one line at a time: each answer ends with an empty line.
pub(crate) struct Console(Running);

impl Console {
    fn open(data_dir: &Path, user: &str) -> Console {
        Console::open_with(data_dir, user, &[])
    }

    /// The same, with more environment.
    pub(crate) fn open_with(data_dir: &Path, user: &str, env: &[(&str, &str)]) -> Console {
        let mut command = lalao_console(data_dir);
        command.envs(env.iter().copied()).args(["--user", user]);
        let mut console = Console(Lalao::new(command).piped().start());
        console.answer(); // the welcome
        console
    }

    /// The same, working in `folder` (where it writes the files it hands over).
    pub(crate) fn open_in(data_dir: &Path, folder: &Path, user: &str, env: &[(&str, &str)]) -> Console {
        let mut command = lalao_console(data_dir);
        command
            .current_dir(folder)
            .envs(env.iter().copied())
            .args(["--user", user]);
        let mut console = Console(Lalao::new(command).piped().start());
        console.answer(); // the welcome
        console
    }

    /// The next block the console prints (an answer or a notice), up to its blank line.
    pub(crate) fn answer(&mut self) -> String {
        let mut text = Vec::new();
        while let Some(line) = self.0.line() {
            if line.is_empty() {
                break;
            }
            text.push(line);
        }
        text.join("\n")
    }

    pub(crate) fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// Types `line` without reading anything back.
    pub(crate) fn send(&mut self, line: &str) {
        self.0.send(line);
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = writeln!(self.0.stdin(), "/quit");
        let _ = self.0.wait();
    }
}

/// On the console: the instructions of a challenge work typed exactly as
/// written; the first board says how moves are written; a move-shaped word that is no legal
/// move gets the legal moves, and with two matches a move legal in one is played there.
#[test]
fn console_instructions_work_as_written_and_moves_explain_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::open(dir.path(), "ana");
    let challenge = console.ask("play fano @bob cells=5");
    assert_eq!(
        challenge,
        "Match #1: ana challenges bob to Fano! bob, type `accept #1` or `decline #1`."
    );
    assert_eq!(console.ask("/user bob"), "You are now bob.");
    let accepted = console.ask(&instruction(&challenge, "accept"));
    assert!(
        accepted.starts_with(
            "Match #1: bob accepts! ana (White) starts.\nFano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.\n"
        ),
        "{accepted}"
    );
    assert_eq!(console.ask("/user ana"), "You are now ana.");
    assert_eq!(
        console.ask("@9"),
        "I don't understand the move “@9”.\nYou can play: @1, @2, @3, @4, @5"
    );
    console.ask("play katro practice");
    let played = console.ask("@3");
    assert!(
        played.starts_with("ana (White) played @3 in match #1."),
        "{played}"
    );
    let katro = console.ask("rules katro");
    assert!(
        katro.contains("\nKatro moves are a hole and a direction, like `a1A`")
            && katro.ends_with("like `play katro lone-stone`."),
        "{katro}"
    );
}

/// Two typists play two rated fano games and one friendly one, with
/// `--output json`. Only the rated games change the ratings, their end messages say by how
/// much, `top fano` orders the two, and `lalao check` finds every rating derivable.
#[test]
fn console_rated_games_change_ratings_and_unrated_ones_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let as_user = |user: &str, input: &str| -> Vec<serde_json::Value> {
        stdout(&session(dir.path(), &["--user", user, "--output", "json"], input))
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let text = |reply: &serde_json::Value| reply["messages"][0]["text"].as_str().unwrap().to_owned();
    // Game 1: bob resigns. Game 2 (friendly): bob resigns. Game 3: ana resigns.
    for (id, words, loser) in [(1, "", "bob"), (2, " rated=no", "bob"), (3, "", "ana")] {
        as_user("ana", &format!("play fano @bob side=white{words}\n"));
        as_user("bob", &format!("accept #{id}\n"));
        // Both sides move: a game given up before that is not rated.
        as_user("ana", &format!("@1 #{id}\n"));
        as_user("bob", &format!("@2 #{id}\n"));
        let resigned = &as_user(loser, &format!("resign #{id}\n"))[0];
        assert_eq!(resigned["outcome"], "applied");
        let ending = text(resigned);
        match id {
            1 => assert!(
                ending.ends_with("Ratings: ana 1662? (+162), bob 1338? (−162). (A ? marks a provisional rating: it still settles.)"),
                "{ending}"
            ),
            2 => assert!(!ending.contains("Ratings"), "{ending}"),
            _ => assert!(
                ending.ends_with("Ratings: ana 1433? (−229), bob 1567? (+229). (A ? marks a provisional rating: it still settles.)"),
                "{ending}"
            ),
        }
    }
    let shown = as_user("ana", "rating\nrating @bob fano\ntop fano\n");
    assert_eq!(
        text(&shown[0]),
        "ana's ratings (a ? marks a provisional rating):\n• Fano: 1433?, played 2: won 1, lost 1, drawn 0"
    );
    assert_eq!(
        text(&shown[1]),
        "bob's ratings (a ? marks a provisional rating):\n• Fano: 1567?, played 2: won 1, lost 1, drawn 0"
    );
    assert_eq!(shown[2]["messages"][0]["key"], "top");
    assert_eq!(
        text(&shown[2]),
        "Fano leaderboard, here (page 1 of 1):\n\
         Not ranked yet (a place needs 5 rated games and a rating that is no longer provisional, marked ?):\n\
         • bob 1567? (2 games)\n\
         • ana 1433? (2 games)"
    );
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

/// `lalao check` recomputes every rating after a scripted run of 200
/// rated games among 20 typists (wins, losses and agreed draws), finds no drift, and reports
/// the drift a test then injects into one stored rating.
#[test]
fn check_recomputes_two_hundred_rated_games_and_reports_an_injected_drift() {
    use lalao_app::ratings::RatingRecord;
    use lalao_app::store::{keys, SledStore, Store, Txn};
    let dir = tempfile::tempdir().unwrap();
    let player = |n: usize| format!("p{:02}", n % 20);
    // Four days of 50 games: everyone plays five a day, within the day's limits (the same two
    // players three times, a provisional player against provisional ones six times).
    let mut endings = 0;
    for day in 0..4 {
        let mut script = String::new();
        for game in day * 50..(day + 1) * 50 {
            // Everyone meets ten others; no two meet more than three times (the daily limit).
            let (white, black) = (player(game), player(game + 1 + game / 20));
            let id = game + 1;
            script.push_str(&format!(
                "/user {white}\nplay fano @{black} side=white\n/user {black}\naccept #{id}\n\
                 /user {white}\n@1 #{id}\n/user {black}\n@2 #{id}\n"
            ));
            match game % 3 {
                0 => script.push_str(&format!("resign #{id}\n")),
                1 => script.push_str(&format!("/user {white}\nresign #{id}\n")),
                _ => script.push_str(&format!("draw #{id}\n/user {white}\ndraw accept #{id}\n")),
            }
        }
        let offset = (day * 24 * 3600).to_string();
        let output = stdout(&output_with_input(
            lalao_console(dir.path())
                .args(["--output", "json"])
                .env("LALAO_CLOCK_OFFSET", &offset),
            script.as_bytes(),
        ));
        endings += output.lines().filter(|line| line.contains("Ratings: ")).count();
    }
    assert_eq!(endings, 200, "every game ends rated");
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    let report = String::from_utf8_lossy(&check.stdout).into_owned();
    assert_eq!(check.status.code(), Some(0), "{report}");
    {
        let store = SledStore::open(dir.path()).unwrap();
        let user = lalao_app::ids::UserId("console:p07".to_owned());
        let key = keys::rating_key(lalao_core::GameKind::Fano, &user);
        let bytes = store.get(&key).unwrap().expect("p07 is rated");
        let mut rating: RatingRecord = lalao_app::record::decode(&bytes, "a rating").unwrap();
        assert_eq!(rating.games, 20);
        rating.rating += 25.0;
        let mut txn = Txn::default();
        txn.put(key, lalao_app::record::encode(&rating));
        store.commit(&txn).unwrap();
        store.sync().unwrap();
    }
    let check = lalao_console(dir.path()).arg("check").output().unwrap();
    let report = String::from_utf8_lossy(&check.stdout).into_owned();
    assert_eq!(check.status.code(), Some(1), "{report}");
    let drifted: Vec<&str> = report.lines().filter(|line| line.contains("drifted")).collect();
    assert_eq!(drifted.len(), 1, "{report}");
    assert!(
        drifted[0].contains("rating/fano/console:p07/: the rating drifted"),
        "{report}"
    );
}

/// A practice match from a set position on the console: the engine's hint followed as written,
/// and the export replayed by `lalao rules` to the same position.
#[test]
fn a_match_from_a_set_position_takes_a_hint_and_exports_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let output = stdout(&session(
        dir.path(),
        &["--user", "ana"],
        "play fano practice position=W...... b 1 2\nhint\nmove @2 #1\nexport\n",
    ));
    let expected =
        "Welcome to lalao! Type `help` to see the commands, `play fano` to start. Type `/quit` to leave.

Match #1: Fano, practice. ana plays both sides.
Fano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.
Type a move to play it, like `move @2`.
  1   2   3   4   5   6   7
┌───┬───┬───┬───┬───┬───┬───┐
│ W │   │   │   │   │   │   │
└───┴───┴───┴───┴───┴───┴───┘
  1   2   3   4   5   6   7
Fano, 7 cells
Placement phase. In hand: White 1, Black 2
Black to move

Hint for match #1: `move @2 #1` — the computer likes this move best here.

Black played @2.
  1   2   3   4   5   6   7
┌───┬───┬───┬───┬───┬───┬───┐
│ W │ B │   │   │   │   │   │
└───┴───┴───┴───┴───┴───┴───┘
      ^
  1   2   3   4   5   6   7
Fano, 7 cells
Placement phase. In hand: White 1, Black 1
Last move: @2
^ where the last move arrived
White to move

Match #1 (Fano, practice): White to move.
Moves: 1. @2
To replay it with `lalao rules`:
{\"game\":\"fano\",\"moves\":[\"@2\"],\"options\":{},\"position\":\"W...... b 1 2\",\"variants\":[]}

";
    assert_eq!(output, expected);
    let export = output.lines().rev().find(|line| line.starts_with('{')).unwrap();
    let replayed = output_with_input(lalao().arg("rules"), format!("{export}\n").as_bytes());
    let answer: serde_json::Value = serde_json::from_slice(&replayed.stdout).unwrap();
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["position"], "WB..... w 1 1");
}

/// The console's whole answer to a scripted session, against a golden transcript
/// (`tests/goldens/console/<name>.input` typed, `<name>.txt` expected; `LALAO_BLESS=1` writes
/// the transcript anew, to be read before it is committed).
fn transcript(name: &str) -> String {
    transcript_with(name, &[])
}

/// [`transcript`] with environment variables set, like `LALAO_SEED` for a session whose random
/// draws must come out the same every time.
fn transcript_with(name: &str, env: &[(&str, &str)]) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("goldens/console");
    let input = std::fs::read_to_string(dir.join(format!("{name}.input"))).unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut command = lalao_console(data.path());
    command.args(["--user", "ana"]).envs(env.iter().copied());
    let output = stdout(&output_with_input(&mut command, input.as_bytes()));
    let path = dir.join(format!("{name}.txt"));
    if std::env::var_os("LALAO_BLESS").is_some() {
        std::fs::write(&path, &output).unwrap();
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with LALAO_BLESS=1", path.display()));
    assert_eq!(output, golden, "{name}: the console's answers changed");
    output
}

/// The whole Katro course, in French, by a pupil who misses one step, asks one hint and meets
/// the never-ending move: every step's sentence, board and answer as the transcript has them.
#[test]
fn the_whole_katro_course_on_the_console_in_french() {
    let output = transcript("learn-katro-fr");
    // A wrong move is explained in French, with what its seeds did, and the same step is
    // offered again.
    assert!(output.contains(
        "Pas tout à fait : `c1B` n'est pas le coup que demande cette étape. Le chemin A va vers la droite sur ta rangée du bas. Joue `c1A`.\n\
         Tour 1 : 3 graines depuis c1 dans b1–a1, a2, la dernière en a2 : le trou était vide, le coup s'arrête\n\
         Essaie encore : Prends toutes les graines de c1 et pose-en une dans chaque trou suivant, vers la droite. Joue `c1A`.\n"
    ));
    // The instructions are in French and work as written on the console.
    assert!(
        output.contains("Écris ton coup comme `coup a1A #1`. Bloqué ? `indice #1` (ça coûte une étoile).\n")
    );
    assert!(output.contains("Indice : joue `b1B`. Un indice coûte une étoile.\n"));
    // Six lessons done: one wrong try and one hint cost a star each.
    assert_eq!(output.matches("Leçon suivante : ").count(), 5);
    assert!(
        output.contains("Tu as fini toutes les leçons de Katro ! `apprendre` montre toutes tes étoiles.\n")
    );
    assert!(output.ends_with("Katro : 6/6 leçons ★★★ ★★☆ ★★☆ ★★★ ★★★ ★★★ — `apprendre katro`\n\n"));
}

/// Mangala IV against the computer as between people: the coin game first (lalao calls at once,
/// its call drawn from the match's seed, here `LALAO_SEED`), the winner of the call chooses the
/// side, then the game plays itself to its end; the last board and the result agree (the seeds
/// left went round forever, so each side kept its own row's). Twice: ana wins the call and
/// takes South; then lalao wins it and takes South, and ana's choice was the coins.
#[test]
fn mangala_against_the_computer_opens_with_the_coin_game() {
    let output = transcript_with("mangala-computer-en", &[("LALAO_SEED", "7")]);
    assert!(output.contains(
        "Match #1: ana plays Mangala against lalao (medium). First the coin game, Tek mi, Çift mi? \
         ana, hide one or two coins in your hand: type `coins 1 #1` or `coins 2 #1`. \
         lalao calls odd or even, and whoever is right chooses the side.\n"
    ));
    assert!(output.contains(
        "lalao calls odd (tek). There were 2 coins: lalao is wrong! ana, you choose the side: \
         `side south #1` or `side north #1`. South starts.\n"
    ));
    assert!(output.contains("ana takes South. ana (South) starts. Good game!\n"));
    assert!(output.contains(
        "ana (South) wins: the seeds left would go round forever, so each side kept the seeds of its own row: 64–34. Well played!\n"
    ));
    assert!(output.contains(
        "lalao calls odd (tek). There was 1 coin: lalao is right, and takes South, the side that wins from the usual start.\n\
         lalao takes South. lalao (South) starts. Good game!\n"
    ));
    assert!(output.contains("lalao (South) wins: the seeds left would go round forever, so each side kept the seeds of its own row: 64–34. Well played!\n"));
    assert!(!output.contains("the game would go round forever"));
}

/// A finished fano says who had no move (against the computer) or no pawn (in practice), in
/// the reply and under the board.
#[test]
fn a_finished_fano_says_who_had_no_move() {
    let output = transcript_with("fano-no-move-en", &[("LALAO_SEED", "7")]);
    assert!(output.contains("ana (White) wins: lalao (Black) has no move left. Well played!\n"));
    assert!(output.contains("\nWhite (ana) wins: Black (lalao) has no move left\n"));
    assert!(output
        .contains("ana: match #1 is over. ana (White) wins: lalao (Black) has no move left. Well played!\n"));
    assert!(output.contains("\nWhite wins: Black has no pawn left\n"));
    assert!(!output.contains("no legal move is left"));
}

/// With two matches open, a command that needs one is told to add the number to the very
/// command that was typed: `undo #1`, `resign #1`, `rematch #1`, `export animation #1`.
#[test]
fn undo_with_two_matches_open_points_to_undo_with_its_number() {
    let output = transcript_with("undo-two-matches-en", &[("LALAO_SEED", "7")]);
    for typed in ["undo", "resign", "rematch", "export animation"] {
        assert!(
            output.contains(&format!(
                "\nYou have several matches here: #1, #2. Add the number, like `{typed} #1`.\n"
            )),
            "{typed}: {output}"
        );
    }
    assert!(!output.contains("like `board #"));
}

/// Puzzles on the console: one solved in three moves, one failed (the solution shown), a
/// Mangala IV side, a hint, the ratings overview and the profile, against a golden transcript.
#[test]
fn puzzles_solved_and_failed_on_the_console() {
    let output = transcript("puzzles-en");
    assert!(output.contains(
        "Puzzle katro-0069 (Katro, rated 1500): find the move that sows on and ends in a capture. \
         South to play. You play 3 moves; lalao answers in between.\n\
         Find the move and type it as the board names it. Stuck? `hint #1` shows the solution (it counts as a miss).\n"
    ));
    assert!(output
        .contains("Solved! `d1B` captures 2 seeds.\nYour Katro puzzle rating: 1662? (+162). Streak: 1."));
    assert!(output.contains(
        "Not this one: `a1A` captures nothing.\nThe solution: `f1A`, `a6B`, `a1B`.\nYour Katro puzzle rating: 1538? (−124). Streak: 0. Another one: `puzzle katro` (A ? marks a provisional rating: it still settles.)\n"
    ));
    // A Mangala IV side is explained: the forced game played to its end.
    assert!(output.contains(
        "Solved! `South`. Every move from here is forced: played to the end, South wins 8–2.\n\
         Your Mangala puzzle rating: 1662? (+162)."
    ));
    assert!(output.contains("\nKatro: 1538?, 1 solved of 2, best streak 1 — `puzzle katro`\n"));
    assert!(output.contains("\nFano puzzles: 1338?, 0 solved of 1, streak 0 (best 0)\n"));
}

/// `export #1 animation` after a short game: the console says where it wrote the whole game,
/// and the two files in its working folder decode to one frame for the start and one per ply
/// (APNG and GIF, the same size). A match with no moves is refused, and writes nothing.
#[test]
fn console_export_animation_writes_the_whole_game_as_apng_and_gif() {
    let data = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let output = output_with_input(
        lalao_console(data.path())
            .args(["--user", "ana"])
            .current_dir(work.path()),
        b"play fano cells=5\nexport #1 animation\n@3\n@1\nexport #1 animation\n",
    );
    let text = stdout(&output);
    assert!(
        text.contains("Match #1 has no move yet: there is nothing to animate."),
        "{text}"
    );
    let written = format!(
        "The whole game, animated: match-1.png (APNG) and match-1.gif (GIF), written in {}.",
        work.path().display()
    );
    assert_eq!(text.matches(&written).count(), 1, "{text}");
    assert!(text.contains("2 moves, animated"), "{text}");
    let apng = std::fs::read(work.path().join("match-1.png")).expect("the APNG");
    let gif = std::fs::read(work.path().join("match-1.gif")).expect("the GIF");
    let (width, height, frames) = crate::support::decode_png(&apng);
    assert_eq!(frames, 3, "the start and 2 plies");
    assert_eq!(crate::support::decode_gif(&gif), (width, height, 3));
    assert!(width >= 300 && height >= 100, "{width}×{height}");
}

/// A short practice Katro match, then `review`: refused while the match runs, then the progress
/// message, the review itself printed before the next prompt (the console makes it between two
/// commands), and the same review at once when asked again.
#[test]
fn a_finished_katro_match_is_reviewed_on_the_console() {
    let output = transcript("review-katro-en");
    assert!(output.contains("Match #1 is still being played: I can look it over once it is finished.\n"));
    assert!(output.contains("Looking over match #1 (3 moves)… the review comes here in a moment.\n"));
    let review = "Review of match #1 (Katro):
move 3: South played b1B and lost 10 seeds; c1B would have captured 3 seeds.
move 2: North played d6A and lost 6 seeds; a6A was better.
South: 0 good moves, 1 small slip, 1 mistake, 1 missed capture.
North: 0 good moves, 1 mistake.
";
    assert_eq!(output.matches(review).count(), 2, "{output}");
}

/// A console whose output is read with a deadline, for what it prints by itself: a block that
/// does not come in time fails the test instead of hanging it.
struct Watched {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Watched {
    fn open(data_dir: &Path, env: &[(&str, &str)]) -> Watched {
        use std::io::BufRead;
        let mut child = lalao_console(data_dir)
            .envs(env.iter().copied())
            .args(["--user", "ana"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut console = Watched { child, stdin, lines };
        console.block("the welcome");
        console
    }

    /// The next block printed (up to its blank line), within 30 s.
    fn block(&mut self, what: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let mut text = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.is_empty() => return text.join("\n"),
                Ok(line) => text.push(line),
                Err(_) => panic!("{what} was not printed within 30 s; so far: {text:?}"),
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The console is a platform like the others: what comes later — a challenge expiring while
/// nobody types, the daily puzzle, a plan set aside, a review — is printed as it comes,
/// without being asked again (the golden transcript `pushed-en.txt`).
#[test]
fn what_comes_later_reaches_the_console_without_being_asked() {
    let data = tempfile::tempdir().unwrap();
    let mut console = Watched::open(data.path(), &[("LALAO_CHALLENGE_EXPIRY", "2s")]);
    let mut transcript = String::new();
    let mut said = |console: &mut Watched, line: Option<&str>, what: &str| {
        if let Some(line) = line {
            console.send(line);
            transcript.push_str(&format!("> {line}\n"));
        } else {
            transcript.push_str("(waiting)\n");
        }
        let block = console.block(what);
        transcript.push_str(&block);
        transcript.push_str("\n\n");
        block
    };
    said(&mut console, Some("play fano @bob cells=5"), "the challenge");
    // Nobody types: the expiry comes by itself.
    let expired = said(&mut console, None, "the challenge's expiry");
    assert!(expired.contains("has expired"), "{expired}");
    said(&mut console, Some("channel puzzle=daily"), "the setting");
    let post = said(&mut console, None, "the daily post");
    assert!(post.starts_with("Today's puzzle ("), "{post}");
    // Bob plans an answer; Ana plays something else: Bob is told his plan was set aside.
    said(
        &mut console,
        Some("play fano @bob cells=7"),
        "the second challenge",
    );
    said(&mut console, Some("/user bob"), "bob");
    said(&mut console, Some("accept #2"), "the acceptance");
    said(&mut console, Some("plan #2 @1 @2"), "the plan");
    said(&mut console, Some("/user ana"), "ana");
    said(&mut console, Some("@3"), "Ana's move");
    let dropped = said(&mut console, None, "the dropped plan's notice");
    assert!(dropped.contains("plan"), "{dropped}");
    said(&mut console, Some("resign #2"), "the resignation");
    said(&mut console, Some("review #2"), "the review's promise");
    let review = said(&mut console, None, "the review");
    assert!(review.starts_with("Review of match #2 (Fano):"), "{review}");
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("goldens/console/pushed-en.txt");
    if std::env::var_os("LALAO_BLESS").is_some() {
        std::fs::write(&path, &transcript).unwrap();
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with LALAO_BLESS=1", path.display()));
    assert_eq!(transcript, golden, "the console's pushed messages changed");
}
