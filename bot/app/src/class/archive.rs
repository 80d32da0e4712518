//! A class as one file: `class export` hands the teacher the class's whole data as JSON — its
//! record (roster, teams, what each pupil learned, the tournament, the settings) and every
//! match it lists, each as stored — for the school's records or a move to another server;
//! `lalao class import FILE` puts it back into a store, in one commit, as the class it was.
//!
//! The file names no secret: the class's page links are left out (`class link` makes new ones
//! where it is imported), as are the chat messages a platform showed its matches in. Matches
//! take the next free numbers of the store they go into (the same numbers on a fresh one).

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::reports::ClassReports;
use super::ClassRecord;
use crate::i18n::t;
use crate::ids::{ChannelId, MatchId, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::events::Events;
use crate::kernel::new_matches::NewMatches;
use crate::kernel::reply::MAX_DOCUMENT_BYTES;
use crate::kernel::wording::message;
use crate::kernel::{Audience, Context, Document, Fail, Kind, Reply};
use crate::record::{self, MatchRecord, Post};
use crate::store::{keys, Committed, Txn};
use lalao_model::ids::Platform;

/// What the file says it is, so that an import refuses any other JSON.
const ARCHIVE_KIND: &str = "lalao class";
/// The file's layout; a newer one is refused rather than half read.
const ARCHIVE_FORMAT: u64 = 1;

crate::kernel::family::family! {
    /// A class's data as one file, and back.
    ClassArchive
}

/// What an import made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub channel: ChannelId,
    pub name: String,
    pub pupils: usize,
    /// Each match's number in the file and in the store it went into.
    pub matches: Vec<(MatchId, MatchId)>,
}

impl ClassArchive<'_> {
    /// `class export`: the class's file, for the teacher alone (it holds every pupil's
    /// results), with the tournament's results as CSV first, as the verb always gave them.
    pub(super) fn export(&self, ctx: &Context, class: &ClassRecord) -> Result<Reply, Fail> {
        let locale = class.locale;
        let bytes = self.archive(class)?;
        if bytes.len() > MAX_DOCUMENT_BYTES {
            return Err(Fail::user("class-export-too-large", Vec::new()));
        }
        let file_name = format!("lalao-class-{}.json", file_word(&class.name));
        let mut text = String::new();
        if class.tournament.is_some() {
            let csv = ClassReports(self).csv(class)?;
            text = format!("{}\n{csv}\n", t(locale, "class-csv", &[]));
        }
        text.push_str(&t(
            locale,
            "class-export",
            &[
                ("file", file_name.clone()),
                ("count", class.matches.len().to_string()),
            ],
        ));
        let mut said = message(ctx, "class-export", text);
        said.kind = Kind::Document(Box::new(Document {
            file_name,
            media_type: "application/json",
            bytes,
        }));
        // The console is the teacher's own machine; elsewhere the channel would get every
        // pupil's results.
        if ctx.platform != Platform::Console {
            said.audience = Audience::Private(ctx.user.clone());
        }
        Ok(Reply {
            messages: vec![said],
            ..Reply::default()
        })
    }

    /// The class's file: `{"lalao": "lalao class", "format": 1, "written_at": …, "class": …,
    /// "matches": […]}`, the class and its listed matches as stored (at this version), without
    /// the page links and the platforms' message ids.
    pub(crate) fn archive(&self, class: &ClassRecord) -> Result<Vec<u8>, Fail> {
        let mut class = class.clone();
        class.screen = None;
        let mut matches = Vec::with_capacity(class.matches.len());
        for id in &class.matches {
            let Some((mut record, _)) = self.load(*id)? else {
                continue;
            };
            record.post = Post::default();
            record.public = None;
            matches.push(stored_json(&record));
        }
        let file = json!({
            "lalao": ARCHIVE_KIND,
            "format": ARCHIVE_FORMAT,
            "written_at": self.now(),
            "class": stored_json(&class),
            "matches": matches,
        });
        let mut bytes = serde_json::to_vec_pretty(&file).expect("JSON values encode");
        bytes.push(b'\n');
        Ok(bytes)
    }

    /// Puts the class of `file` into this store, in `channel` (the file's if `None`) with
    /// `teacher` (the file's if `None`), in one commit: refused if that channel has a class.
    pub(crate) fn import(
        &self,
        file: &[u8],
        channel: Option<ChannelId>,
        teacher: Option<UserId>,
    ) -> Result<Imported, Fail> {
        let file: Value = serde_json::from_slice(file).map_err(|err| schema(err.to_string()))?;
        if file["lalao"] != ARCHIVE_KIND {
            return Err(schema("not a class file of lalao".to_owned()));
        }
        if file["format"].as_u64() != Some(ARCHIVE_FORMAT) {
            return Err(schema(format!("a class file of format {}", file["format"])));
        }
        let mut class: ClassRecord = decode_value(&file["class"], "a class record")?;
        let records = file["matches"].as_array().cloned().unwrap_or_default();
        let mut matches: Vec<MatchRecord> = records
            .iter()
            .map(|value| decode_value(value, "a match record"))
            .collect::<Result<_, _>>()?;
        let (old_channel, old_teacher) = (class.channel.clone(), class.teacher.clone());
        let channel = channel.unwrap_or(old_channel);
        let teacher = teacher.unwrap_or(old_teacher.clone());
        let class_key = keys::class_key(&channel);
        let mut txn = Txn::default();
        txn.check(class_key.clone(), None);
        // The next free numbers, in the file's order.
        let last = NewMatches(self).reserve_ids(matches.len() as u64, &mut txn)?;
        let numbers: BTreeMap<MatchId, MatchId> = matches
            .iter()
            .enumerate()
            .map(|(n, record)| (record.id, MatchId(last + 1 + n as u64)))
            .collect();
        for record in &mut matches {
            record.id = numbers[&record.id];
            record.channel = channel.clone();
            record.rematch_of = record.rematch_of.and_then(|id| numbers.get(&id).copied());
            for user in record.players.iter_mut().flatten() {
                if *user == old_teacher {
                    *user = teacher.clone();
                }
            }
            if record.challenger == old_teacher {
                record.challenger = teacher.clone();
            }
            if record.opponent.as_ref() == Some(&old_teacher) {
                record.opponent = Some(teacher.clone());
            }
            Commits(self).match_txn(None, record.clone(), &mut txn)?;
        }
        class.channel = channel.clone();
        class.teacher = teacher;
        class.screen = None;
        class.matches = class
            .matches
            .iter()
            .filter_map(|id| numbers.get(id).copied())
            .collect();
        if let Some(tournament) = class.tournament.as_mut() {
            for game in tournament
                .rounds
                .iter_mut()
                .flat_map(|round| round.games.iter_mut())
            {
                if let Some(new) = numbers.get(&game.match_id) {
                    game.match_id = *new;
                }
            }
        }
        class.version += 1;
        txn.put(class_key, record::encode(&class));
        let operator = Context::console("operator");
        Events(self).add_event(&operator, &mut txn, "class-import", None);
        match self.commit_txn(&txn)? {
            Committed::Applied => self.sync()?,
            Committed::Conflict { .. } => return Err(Fail::user("class-import-taken", Vec::new())),
        }
        Ok(Imported {
            channel,
            name: class.name,
            pupils: class.pupils.len(),
            matches: numbers.into_iter().collect(),
        })
    }
}

/// A record as the store keeps it, as a JSON value.
fn stored_json<T: serde::Serialize>(record: &T) -> Value {
    serde_json::from_slice(&record::encode(record)).expect("records encode as JSON")
}

/// A stored record of the file, read as the store reads it (older versions migrated).
fn decode_value<T: serde::de::DeserializeOwned>(value: &Value, what: &'static str) -> Result<T, Fail> {
    let bytes = serde_json::to_vec(value).expect("JSON values encode");
    Ok(record::decode(&bytes, what)?)
}

fn schema(message: String) -> Fail {
    Fail::Record(record::RecordError::Schema {
        what: "a class file",
        message,
    })
}

/// The class's name as a file name's word: letters and digits kept (accents dropped), the rest
/// a `-`.
fn file_word(name: &str) -> String {
    let word: String = name
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' => c.to_ascii_lowercase(),
            'à' | 'â' | 'ä' | 'À' | 'Â' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            _ => '-',
        })
        .collect();
    let word = word.trim_matches('-').to_owned();
    if word.is_empty() {
        "class".to_owned()
    } else {
        word
    }
}

#[cfg(test)]
mod tests;
