//! lalao-bot: the chat bot's library — the platform adapters (Matrix so far) that the `lalao`
//! binary wires to the bot core.

pub mod matrix;
