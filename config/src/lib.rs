//! lalao-config: typed configuration (file + environment), validated at start.

pub mod discord;

pub use discord::{BoardMessages, DiscordConfig, DiscordConfigError, DiscordMode};
