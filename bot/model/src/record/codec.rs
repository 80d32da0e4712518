//! Records to bytes and back. Decoding never panics: a record this build cannot use gives a
//! [`RecordError`] that says which record and why, and an older record is migrated first.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

use super::migrations::{Migration, MIGRATIONS, RECORD_VERSION};
use crate::ids::MatchId;

/// A record that cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    #[error("{what} is not valid JSON: {message}")]
    NotJson { what: &'static str, message: String },
    #[error("{what} has no record version")]
    NoVersion { what: &'static str },
    #[error("{what} has version {found}, newer than this build reads ({RECORD_VERSION}): upgrade lalao")]
    TooNew { what: &'static str, found: u64 },
    #[error("{what} could not be migrated from version {from}: {message}")]
    Migration {
        what: &'static str,
        from: u64,
        message: String,
    },
    #[error("{what} does not match its schema: {message}")]
    Schema { what: &'static str, message: String },
    #[error("the game state of match {id} cannot be rebuilt: {message}")]
    Game { id: MatchId, message: String },
    #[error("unknown key {key:?}")]
    UnknownKey { key: String },
}

impl RecordError {
    /// The record was written by a newer lalao (a rollback, or processes of two versions on one
    /// store): it is not corrupt, and a build that cannot read it must leave it as it is —
    /// neither prune it, nor rewrite it, nor take over what it holds.
    pub fn is_newer(&self) -> bool {
        matches!(self, RecordError::TooNew { .. })
    }
}

/// Encodes a record (always at the current version).
pub fn encode<T: Serialize>(record: &T) -> Vec<u8> {
    serde_json::to_vec(record).expect("records contain only JSON-representable data")
}

/// Decodes a record of kind `what`, migrating older versions with `migrations`.
pub fn decode_with<T: DeserializeOwned>(
    bytes: &[u8],
    what: &'static str,
    migrations: &[Migration],
    current: u32,
) -> Result<T, RecordError> {
    // Fast path for the common case, a record already at the current version: decode it in
    // one pass, without building the intermediate JSON tree migrations need (every move
    // loads its match record). Anything else, errors included, takes the general path below,
    // which also gives the precise error.
    #[derive(serde::Deserialize)]
    struct VersionOnly {
        v: u64,
    }
    if matches!(serde_json::from_slice::<VersionOnly>(bytes), Ok(VersionOnly { v }) if v == u64::from(current))
    {
        if let Ok(record) = serde_json::from_slice(bytes) {
            return Ok(record);
        }
    }
    let value: Value = serde_json::from_slice(bytes).map_err(|err| RecordError::NotJson {
        what,
        message: err.to_string(),
    })?;
    let Value::Object(mut object) = value else {
        return Err(RecordError::Schema {
            what,
            message: "not a JSON object".to_owned(),
        });
    };
    let version = object
        .get("v")
        .and_then(Value::as_u64)
        .ok_or(RecordError::NoVersion { what })?;
    if version == 0 {
        return Err(RecordError::NoVersion { what });
    }
    if version > u64::from(current) {
        return Err(RecordError::TooNew { what, found: version });
    }
    for from in version..u64::from(current) {
        let step = migrations
            .get((from - 1) as usize)
            .ok_or_else(|| RecordError::Migration {
                what,
                from,
                message: "no migration".to_owned(),
            })?;
        step(&mut object).map_err(|message| RecordError::Migration { what, from, message })?;
        object.insert("v".to_owned(), Value::from(from + 1));
    }
    serde_json::from_value(Value::Object(object)).map_err(|err| RecordError::Schema {
        what,
        message: err.to_string(),
    })
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8], what: &'static str) -> Result<T, RecordError> {
    decode_with(bytes, what, MIGRATIONS, RECORD_VERSION)
}
