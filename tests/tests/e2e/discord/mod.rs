//! Discord end to end: the real `lalao` binary against a fake Discord on loopback (REST recorder
//! and gateway websocket, or signed HTTP interactions), asserting on the exact REST calls.

mod bot;
mod both;
mod channels;
mod correspondence;
mod daily;
mod endpoint;
mod fixtures;
mod forget;
mod gateway;
mod homeserver_down;
mod hostile;
mod lessons;
mod my_data;
mod peer;
mod pictures;
mod puzzles;
mod ratings;
mod review;
mod screen_taps;
mod ux;
mod vote;

use lalao_core::AnyGame;
use serde_json::Value;

use bot::{Bot, Setup};
use fixtures::{Opt, Person};
use peer::{Call, FakeDiscord};

/// A test table: a fake Discord, a data directory and the bot.
pub struct Table {
    // Fields drop in order: the bot first, so that a failing test still prints its log from
    // the data directory before that is deleted.
    pub bot: Option<Bot>,
    pub peer: FakeDiscord,
    pub data: tempfile::TempDir,
    pub setup: Setup,
    sessions: usize,
}

impl Table {
    /// A bot in gateway mode, identified and with its commands registered.
    pub fn gateway(setup: Setup) -> Table {
        let peer = FakeDiscord::start();
        let data = tempfile::tempdir().unwrap();
        let bot = bot::start(&peer, data.path(), &setup);
        let mut table = Table {
            peer,
            data,
            bot: Some(bot),
            setup,
            sessions: 0,
        };
        table.await_session();
        table
    }

    fn await_session(&mut self) {
        self.sessions += 1;
        self.peer.wait_ready(self.sessions);
        // Commands are registered on every READY.
        self.peer
            .wait_count(self.sessions, "registered its commands", |call| {
                call.method == "PUT" && call.path.ends_with("/commands")
            });
    }

    /// Kills the bot (SIGKILL) and starts it again on the same data directory.
    pub fn restart(&mut self) {
        self.bot.take().expect("bot running").kill();
        self.bot = Some(bot::start(&self.peer, self.data.path(), &self.setup));
        self.await_session();
    }

    /// Sends a gateway interaction and returns the bot's response callback.
    pub fn send(&mut self, interaction: &Value) -> Call {
        if let Some(bot) = &mut self.bot {
            bot.assert_running();
        }
        self.peer.send_interaction(interaction);
        let id: u64 = interaction["id"].as_str().unwrap().parse().unwrap();
        let call = self.peer.wait_callback(id);
        self.wait_handled(id);
        call
    }

    /// Waits until the bot logs that it has made every REST call interaction `id` causes
    /// (follow-ups, board edits, looking up a new match's message), so that a test's next
    /// `mark` sees none of them.
    pub fn wait_handled(&self, id: u64) {
        let Some(bot) = &self.bot else { return };
        let done = format!("interaction handled interaction={id}");
        bot.wait_for(
            &format!("interaction {id} to be handled"),
            peer::PATIENCE,
            |log| log.lines().any(|line| line.ends_with(&done)),
        );
    }

    pub fn slash(&mut self, person: Person, sub: &str, options: &[Opt]) -> (Value, Call) {
        let interaction = fixtures::slash(&self.peer, person, sub, options);
        let call = self.send(&interaction);
        (interaction, call)
    }

    pub fn click(&mut self, person: Person, message: &Value, custom_id: &str) -> Call {
        let interaction = fixtures::click(&self.peer, person, message, custom_id);
        self.send(&interaction)
    }

    /// The message a response created or updated: for slash commands the original response, for
    /// component updates the clicked message.
    pub fn original(&self, interaction: &Value) -> Value {
        self.peer
            .original(interaction["token"].as_str().unwrap())
            .expect("the interaction has a response message")
    }
}

/// The person a message pings (the player to move), from Discord's resolved `mentions`.
pub fn mentioned(message: &Value) -> Vec<u64> {
    message["mentions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|user| user["id"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// The move buttons and menu options of a board, as (label, custom_id or value).
/// Whether a message's only component is the button that plays its finished match again.
pub fn offers_only_a_rematch(message: &Value) -> bool {
    let components = fixtures::components(message);
    components.len() == 1
        && components[0]["type"] == 2
        && components[0]["custom_id"]
            .as_str()
            .is_some_and(|id| id.ends_with(":r"))
}

pub fn move_labels(message: &Value) -> Vec<String> {
    let mut labels = Vec::new();
    for component in fixtures::components(message) {
        match component["type"].as_u64() {
            Some(2) => {
                let id = component["custom_id"].as_str().unwrap_or_default();
                if id.contains(":m:") {
                    labels.push(id.rsplit(":m:").next().unwrap().to_owned());
                }
            }
            Some(3) => {
                for option in component["options"].as_array().into_iter().flatten() {
                    labels.push(option["value"].as_str().unwrap().to_owned());
                }
            }
            _ => {}
        }
    }
    labels
}

/// Replays `moves` on a fresh standard game of `kind` with the core, to cross-check what the bot
/// offers against the engine.
pub fn replay(kind: lalao_core::GameKind, moves: &[String]) -> AnyGame {
    let mut game = AnyGame::new(lalao_core::any::AnyOptions::standard(kind).unwrap()).unwrap();
    for text in moves {
        game.play(text).unwrap();
    }
    game
}
