//! The real `lalao` binary configured for Discord, pointed at the fake peer.

use std::path::Path;

use super::peer::{FakeDiscord, APPLICATION_ID, BOT_TOKEN};
use crate::process::{Lalao, Running};
use crate::support::lalao;

/// The fixed Ed25519 key pair of the endpoint tests (seed bytes 1..=32). Only for tests.
pub const TEST_SIGNING_SEED: [u8; 32] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
    29, 30, 31, 32,
];

/// How the bot receives interactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Gateway,
    /// Listening on this port.
    Endpoint(u16),
}

/// Options of one bot run.
#[derive(Clone, Debug)]
pub struct Setup {
    pub mode: Mode,
    /// 0 defers every interaction; the default answers directly (the service is fast here).
    pub defer_after_ms: u64,
    pub board_messages: &'static str,
    pub guild: Option<u64>,
    /// Seconds the bot's clock runs ahead (`LALAO_CLOCK_OFFSET`): a restart with an offset past
    /// a deadline is how the tests see a time control run out without waiting for it.
    pub clock_offset: i64,
    /// More environment for the process (another platform's settings).
    pub env: Vec<(String, String)>,
}

impl Default for Setup {
    fn default() -> Setup {
        // 2500 ms is the longest the config allows: on a loaded test machine the direct answer is
        // still the one taken, which keeps the recorded calls deterministic.
        Setup {
            mode: Mode::Gateway,
            defer_after_ms: 2500,
            board_messages: "edit",
            guild: None,
            clock_offset: 0,
            env: Vec::new(),
        }
    }
}

impl Setup {
    /// The default set-up, also serving Matrix: the bot's account on the homeserver at `url`
    /// (a real Synapse, or a proxy in front of it).
    pub fn with_matrix(url: &str) -> Setup {
        let env = [
            ("MATRIX_HOMESERVER", url),
            ("MATRIX_USER", crate::matrix::binary::BOT),
            ("MATRIX_PASSWORD", "bot-secret"),
            ("MATRIX_STORE_PASSPHRASE", "passphrase"),
        ];
        Setup {
            env: env
                .iter()
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect(),
            ..Setup::default()
        }
    }
}

pub fn public_key_hex() -> String {
    let key = ed25519_dalek::SigningKey::from_bytes(&TEST_SIGNING_SEED).verifying_key();
    key.as_bytes().iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A running `lalao`; killed when dropped, its log printed if the test fails.
pub type Bot = Running;

/// Starts `lalao` for Discord on `data`, pointed at `peer`, logging to a new file in `data`.
pub fn start(peer: &FakeDiscord, data: &Path, setup: &Setup) -> Bot {
    let log = data.join(format!(
        "lalao-{}.log",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    let mut command = lalao();
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "info,lalao_app=debug,lalao_discord=debug")
        .env("LALAO_DATA_DIR", data.join("data"))
        .env("DISCORD_TOKEN", BOT_TOKEN)
        .env("DISCORD_API_URL", peer.rest_url())
        .env("DISCORD_DEFER_AFTER_MS", setup.defer_after_ms.to_string())
        .env("DISCORD_BOARD_MESSAGES", setup.board_messages);
    if setup.clock_offset != 0 {
        command.env("LALAO_CLOCK_OFFSET", setup.clock_offset.to_string());
    }
    command.envs(setup.env.iter().map(|(name, value)| (name, value)));
    if let Some(guild) = setup.guild {
        command.env("DISCORD_GUILD_ID", guild.to_string());
    }
    if let Mode::Endpoint(port) = setup.mode {
        command
            .env("DISCORD_MODE", "endpoint")
            .env("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string())
            .env("DISCORD_PUBLIC_KEY", public_key_hex())
            .env("DISCORD_LISTEN", format!("127.0.0.1:{port}"));
    }
    Lalao::new(command).log_to(log).start()
}
