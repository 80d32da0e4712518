//! The crash test: the real `lalao` console on a real data directory, SIGKILLed at random
//! moments while moves are being written. After each restart every acknowledged move must be
//! there (at most the one in flight may be added), and `lalao check` must read every record.
//! This is how we know sled (whose upstream has open reports about unclean shutdowns) holds for
//! our access pattern: commit, then flush, then acknowledge.

use std::collections::BTreeMap;
use std::time::Duration;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use serde_json::{Map, Value};

use crate::process::{Lalao, Running};
use crate::support::lalao_console;

const KILLS: usize = 24;

/// A small deterministic generator (xorshift64*), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// A console typed into one line at a time (`--output json`).
struct Console(Running);

impl Console {
    fn start(dir: &std::path::Path) -> Console {
        let mut command = lalao_console(dir);
        command.args(["--output", "json", "--user", "ana"]);
        Console(Lalao::new(command).piped().start())
    }

    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    /// The first message of the next reply.
    fn reply(&mut self) -> Value {
        let line = self.0.line().expect("lalao closed its output");
        let reply: Value = serde_json::from_str(&line).unwrap();
        reply["messages"][0].clone()
    }

    fn ask(&mut self, line: &str) -> Value {
        self.send(line);
        self.reply()
    }

    fn kill(mut self) {
        self.0.kill(); // SIGKILL on Unix
    }

    /// The stored move list of a match, from its export.
    fn stored_moves(&mut self, id: u64) -> Vec<String> {
        let export = self.ask(&format!("export #{id}"));
        assert_eq!(export["key"], "export", "{export}");
        let json = export["text"]
            .as_str()
            .unwrap()
            .lines()
            .last()
            .unwrap()
            .to_owned();
        let record: Value = serde_json::from_str(&json).unwrap();
        record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| mv.as_str().unwrap().to_owned())
            .collect()
    }
}

fn fresh_game() -> AnyGame {
    let mut options = Map::new();
    options.insert("cells".into(), 33.into());
    AnyGame::new(AnyOptions::from_json(GameKind::Fano, &options, &[]).unwrap()).unwrap()
}

#[test]
fn every_acknowledged_move_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x1a1a_0c0d_e5ee_d5ed);
    // Every match: the moves acknowledged to the player, and the engine state after them.
    let mut acked: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    let mut current: Option<(u64, AnyGame)> = None;
    let mut in_flight_applied = 0;

    for kill in 0..KILLS {
        let mut console = Console::start(dir.path());
        // After a restart: every acknowledged move is there, at most one more (the one in
        // flight when the process died), and the game goes on from what is stored.
        for (id, moves) in &mut acked {
            let stored = console.stored_moves(*id);
            assert!(
                stored.starts_with(moves),
                "kill {kill}, match #{id}: lost moves\nacked:  {moves:?}\nstored: {stored:?}"
            );
            assert!(
                stored.len() <= moves.len() + 1,
                "kill {kill}, match #{id}: {stored:?} vs {moves:?}"
            );
            in_flight_applied += stored.len() - moves.len();
            *moves = stored;
        }
        if let Some((id, game)) = &mut current {
            let mut replayed = fresh_game();
            for mv in &acked[id] {
                replayed.play(mv).unwrap();
            }
            *game = replayed;
        }

        // Play a random number of acknowledged moves, then send one more and kill the process
        // at a random moment while it is being handled.
        let moves_this_run = 1 + rng.below(12);
        for step in 0..=moves_this_run {
            if current.as_ref().is_none_or(|(_, game)| game.outcome().is_some()) {
                let started = console.ask("play fano practice cells=33");
                assert_eq!(started["key"], "practice-started", "{started}");
                let id = started["match"].as_u64().unwrap();
                acked.insert(id, Vec::new());
                current = Some((id, fresh_game()));
            }
            let (id, game) = current.as_mut().unwrap();
            let legal = game.legal_moves();
            let mv = legal[rng.below(legal.len() as u64) as usize].clone();
            if step == moves_this_run {
                console.send(&format!("move {mv} #{id}"));
                std::thread::sleep(Duration::from_micros(rng.below(3000)));
                break;
            }
            let reply = console.ask(&format!("move {mv} #{id}"));
            assert_eq!(reply["key"], "move-played", "{reply}");
            game.play(&mv).unwrap();
            acked.get_mut(id).unwrap().push(mv);
        }
        console.kill();

        let check = lalao_console(dir.path()).arg("check").output().unwrap();
        assert!(
            check.status.success(),
            "kill {kill}: lalao check failed:\n{}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
    }

    // A last look after the final kill.
    let mut console = Console::start(dir.path());
    for (id, moves) in &acked {
        assert!(console.stored_moves(*id).starts_with(moves), "match #{id}");
    }
    let total: usize = acked.values().map(Vec::len).sum();
    eprintln!(
        "crash test: {KILLS} kills, {} matches, {total} acknowledged moves all present, {in_flight_applied} in-flight moves had landed",
        acked.len()
    );
    console.kill();
}
