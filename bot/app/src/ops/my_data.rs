//! `my data` (`mes données`; `/my-data` on Discord): a person gets what lalao keeps of them as
//! one JSON file, privately, as the GDPR's right of access asks (docs/privacy.md). The file
//! holds what `forget me` would erase or rewrite: every record whose key or value names them,
//! as stored, found in one pass over the store — but a notice addressed to someone else, which
//! is that person's. A pass reads the whole store, so a process makes one at a time.

use serde_json::{json, Value};

use super::forget::contains;
use crate::i18n::t;
use crate::ids::{is_computer, is_former, UserId};
use crate::kernel::reply::MAX_DOCUMENT_BYTES;
use crate::kernel::wording::{message, said_where, single};
use crate::kernel::{Audience, Context, Document, Fail, Kind, Prefs, Reply};
use crate::record::{self, is_seat};
use crate::store::keys;
use lalao_model::notify::{DeadLetter, Notification, Recipient};

/// The file's name, the same for everyone (it holds their id).
pub(crate) const MY_DATA_FILE: &str = "lalao-my-data.json";

crate::kernel::family::family! {
    /// What lalao keeps of a person, handed to them.
    PersonalData
}

/// A person's data as a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Gathered {
    pub json: Vec<u8>,
    /// Records in the file.
    pub records: usize,
    /// Whether every record naming them is in it.
    pub complete: bool,
}

impl PersonalData<'_> {
    /// `my data`: the caller's records as a file, for them alone.
    pub(crate) fn my_data(&self, ctx: &Context, prefs: Prefs) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let user = &ctx.user;
        if is_computer(user) || is_seat(user) || is_former(user) {
            return Err(Fail::user("my-data-nobody", Vec::new()));
        }
        let gathered = {
            let Some(_turn) = self.whole_store_scan() else {
                return Err(Fail::user("my-data-busy", Vec::new()));
            };
            self.gather(user, MAX_DOCUMENT_BYTES)?
        };
        let mut text = t(
            locale,
            "my-data",
            &[
                ("count", gathered.records.to_string()),
                ("file", MY_DATA_FILE.to_owned()),
            ],
        );
        if !gathered.complete {
            text.push(' ');
            text.push_str(&t(locale, "my-data-cut", &[]));
        }
        let mut said = message(ctx, "my-data", text);
        said.audience = Audience::Private(user.clone());
        said.kind = Kind::Document(Box::new(Document {
            file_name: MY_DATA_FILE.to_owned(),
            media_type: "application/json",
            bytes: gathered.json,
        }));
        let mut reply = single(ctx, "my-data", String::new());
        reply.messages = vec![said];
        Ok(said_where(self, ctx, prefs, reply))
    }

    /// Every record naming `user` (in its key, or as a string of its value), as one JSON
    /// object of at most `max` bytes (a larger one stops at a whole record, `"complete":
    /// false`): `{"lalao": "my data", "format": 1, "user": …,
    /// "written_at": …, "complete": …, "records": [{"key": …, "value": …}]}`, each key with
    /// its separators shown as `/`, each value as stored (JSON).
    pub(crate) fn gather(&self, user: &UserId, max: usize) -> Result<Gathered, Fail> {
        let key_needle = format!("{user}\0").into_bytes();
        let value_needle = format!("\"{user}\"").into_bytes();
        let mut records = Vec::new();
        let mut size = 0;
        let mut complete = true;
        for entry in self.reads().iter_prefix(b"") {
            let (key, value) = entry?;
            if !contains(&key, &key_needle) && !contains(&value, &value_needle) {
                continue;
            }
            if addressed_to_another(&key, &value, user)? {
                continue;
            }
            let value: Value = serde_json::from_slice(&value)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&value).into_owned()));
            let shown_key: String = String::from_utf8_lossy(&key)
                .trim_end_matches('\0')
                .replace('\0', "/");
            let record = json!({ "key": shown_key, "value": value });
            let length = record.to_string().len() + 1;
            if size + length > max.saturating_sub(512) {
                complete = false;
                break;
            }
            size += length;
            records.push(record);
        }
        let count = records.len();
        let file = json!({
            "lalao": "my data",
            "format": 1,
            "user": user.as_str(),
            "written_at": self.now(),
            "complete": complete,
            "records": records,
        });
        let mut json = serde_json::to_vec_pretty(&file).expect("JSON values encode");
        json.push(b'\n');
        Ok(Gathered {
            json,
            records: count,
            complete,
        })
    }
}

/// Whether the record at `key` is a notice for someone else than `user` (which names them, but
/// is that person's).
fn addressed_to_another(key: &[u8], value: &[u8], user: &UserId) -> Result<bool, Fail> {
    let to_another = |notification: &Notification| matches!(&notification.recipient, Recipient::Direct { user: to } if to != user);
    if key.starts_with(keys::OUTBOX_PREFIX) {
        let notification: Notification = record::decode(value, "a notification")?;
        return Ok(to_another(&notification));
    }
    if key.starts_with(keys::DEAD_LETTER_PREFIX) {
        let letter: DeadLetter = record::decode(value, "a refused notification")?;
        return Ok(to_another(&letter.notification));
    }
    Ok(false)
}

#[cfg(test)]
mod tests;
