//! The stored records (docs/storage.md): JSON objects with a record version `v`, decoded with
//! a clear error (never a panic) and migrated forward when an older version is read.

use lalao_core::any::AnyOptions;
use lalao_core::any::SavedGame;
use lalao_core::{AnyGame, CoreError, Event, GameKind, Outcome, Side};
use lalao_renderer::{Locale, Style};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

pub use lalao_config::BoardMode;

use crate::ids::{ChannelId, MatchId, UserId};
use crate::rite::{Rite, Role};
use crate::schedule::notify::NotifySettings;
use crate::schedule::timing::{MatchClock, Pause, TimerKind};
use crate::store::keys;

/// Current version of every record kind. Bump it together with a migration in [`MIGRATIONS`].
pub const RECORD_VERSION: u32 = 4;

/// Version of the store as a whole (`meta/schema`): bumped when the key layout changes.
pub const SCHEMA_VERSION: u32 = 1;

/// A migration rewrites a record of version `n` into version `n + 1` in place.
pub type Migration = fn(&mut Map<String, Value>) -> Result<(), String>;

/// `MIGRATIONS[i]` turns version `i + 1` into `i + 2`.
pub const MIGRATIONS: &[Migration] = &[v1_to_v2, v2_to_v3, v3_to_v4];

/// Version 2 (issue 9) adds the scheduler's fields: `clock` on matches, `notify`, `vacation`
/// and `digest_due` on players. A version 1 record had no clock and default notification
/// settings, which is what the missing fields decode to; the version is bumped anyway so that a
/// version 1 build refuses these records instead of rewriting them without their timers.
fn v1_to_v2(object: &mut Map<String, Value>) -> Result<(), String> {
    if object.contains_key("moves") && !object.contains_key("clock") {
        object.insert("clock".to_owned(), Value::Object(Map::new()));
    }
    Ok(())
}

/// Version 3 (issue 10) adds classroom mode: the `class/…` records, the `class` link on class
/// matches and the endings `adjudicated` and `activity_done`. Nothing is missing from an older
/// record (it has no class link: not a class match), so the step only bumps the version: a
/// version 2 build then refuses class records instead of rewriting a class match without its
/// link. The classroom branch wrote its records as version 1 before time controls existed:
/// those take both steps (they get an empty clock, then keep their class link).
fn v2_to_v3(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

/// Version 4 (issue 7, Discord) adds where a platform shows a match: `post` on matches (the
/// challenge message, the match's thread), per-channel delivery choices (`boards` and `threads`
/// on channel records) and the language of the user's chat client (`client_locale` on players). A version 3 record has none, which is what the missing fields decode to, so
/// the step only bumps the version: a version 3 build then refuses these records instead of
/// rewriting them without their message, thread or choices.
fn v3_to_v4(_object: &mut Map<String, Value>) -> Result<(), String> {
    Ok(())
}

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

/// How a finished match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// The rules ended it.
    Game {
        outcome: Outcome,
    },
    Resigned {
        side: Side,
    },
    DrawAgreed,
    /// A class teacher decided the result (`class result`): `winner: None` is a draw.
    Adjudicated {
        winner: Option<Side>,
        /// Who decided (not `by`: that is the tag of this enum).
        judge: UserId,
    },
    /// A placement-only activity (RULES.md §2.3) ended when every pawn was placed.
    ActivityDone,
    /// `side` ran out of time (claimed by the opponent, or the channel's automatic forfeit).
    Timeout {
        side: Side,
    },
}

/// The life of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Waiting for the named opponent (or, for an open challenge, anyone) to accept.
    Challenge,
    /// Mangala IV's opening rite (M-3).
    Rite {
        rite: Rite,
    },
    Playing,
    Finished {
        ending: Ending,
    },
    Declined,
    Cancelled {
        by: UserId,
    },
    /// The challenge was not accepted in time.
    Expired,
    /// Nobody moved within the first-move window: not counted.
    Aborted,
}

impl Stage {
    pub fn is_active(&self) -> bool {
        matches!(self, Stage::Challenge | Stage::Rite { .. } | Stage::Playing)
    }
}

/// One match: who, what game, the canonical move list (the source of truth) and the current
/// state (a cache of replaying the moves, so a move costs no replay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub v: u32,
    pub id: MatchId,
    /// Bumped by every change; commits compare-and-swap on the whole record.
    pub version: u64,
    pub channel: ChannelId,
    pub game: GameKind,
    /// Game options as given to `lalao rules` (a random start's seed included).
    pub options: Map<String, Value>,
    pub variants: Vec<String>,
    pub challenger: UserId,
    /// `None` for an open challenge not yet accepted, and for practice.
    pub opponent: Option<UserId>,
    pub practice: bool,
    /// The side the challenger asked for (games without the rite).
    pub challenger_side: Option<Side>,
    /// Who plays each side, indexed by [`Side::index`], once play has started.
    pub players: Option<[UserId; 2]>,
    pub stage: Stage,
    pub moves: Vec<String>,
    pub state: SavedGame,
    /// What the last move did (for the board's last-move marks).
    pub last_events: Vec<Event>,
    pub draw_offer: Option<UserId>,
    pub undo_request: Option<UserId>,
    /// Unix seconds.
    pub created_at: u64,
    pub updated_at: u64,
    /// Set on class matches (seats, tournaments, activities); absent on every other match, so
    /// records written before classes existed decode unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<crate::class::ClassLink>,
    /// Time control, turn and timers (version 2; see docs/time-controls.md).
    #[serde(default)]
    pub clock: MatchClock,
    /// Set when one side is the computer (`players` names it `lalao:computer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
    /// Where the platform shows the match (version 4); empty when it never said.
    #[serde(default, skip_serializing_if = "Post::is_empty")]
    pub post: Post,
}

/// Where a platform shows a match: delivery bookkeeping, not match state, so writing it does
/// not bump the match's `version` (the buttons of the message just posted carry the version).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Post {
    /// The platform's id of the message that announced the match (the challenge with its Accept
    /// button), in the match's channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The thread the match is played in, when its channel starts one per match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<ChannelId>,
}

impl Post {
    pub fn is_empty(&self) -> bool {
        *self == Post::default()
    }
}

impl MatchRecord {
    /// The fresh game for this match's options.
    pub fn initial_game(&self) -> Result<AnyGame, CoreError> {
        AnyGame::new(AnyOptions::from_json(self.game, &self.options, &self.variants)?)
    }

    /// The current game: the stored state, or, if its format is one this build cannot read,
    /// a replay of the move list (the state-format migration path).
    pub fn current_game(&self) -> Result<AnyGame, RecordError> {
        match self.state.clone().restore() {
            Ok(game) => Ok(game),
            Err(_) => self.replay(self.moves.len()),
        }
    }

    /// The game after the first `count` moves.
    pub fn replay(&self, count: usize) -> Result<AnyGame, RecordError> {
        let error = |err: CoreError| RecordError::Game {
            id: self.id,
            message: err.to_string(),
        };
        let mut game = self.initial_game().map_err(error)?;
        for text in &self.moves[..count.min(self.moves.len())] {
            game.play(text).map_err(error)?;
        }
        Ok(game)
    }

    /// The role of `user` in the challenge, if any.
    pub fn role_of(&self, user: &UserId) -> Option<Role> {
        if *user == self.challenger {
            Some(Role::Challenger)
        } else if self.opponent.as_ref() == Some(user) {
            Some(Role::Opponent)
        } else {
            None
        }
    }

    pub fn user_of(&self, role: Role) -> Option<&UserId> {
        match role {
            Role::Challenger => Some(&self.challenger),
            Role::Opponent => self.opponent.as_ref(),
        }
    }

    /// The sides `user` plays (both in practice).
    pub fn sides_of(&self, user: &UserId) -> Vec<Side> {
        match &self.players {
            Some(players) => Side::BOTH
                .into_iter()
                .filter(|side| players[side.index()] == *user)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Everyone taking part.
    pub fn participants(&self) -> Vec<UserId> {
        let mut all = vec![self.challenger.clone()];
        if let Some(opponent) = &self.opponent {
            if *opponent != self.challenger {
                all.push(opponent.clone());
            }
        }
        all
    }

    pub fn is_participant(&self, user: &UserId) -> bool {
        self.role_of(user).is_some()
    }
}

/// Per-user settings and the name to show on boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub v: u32,
    pub display_name: Option<String>,
    pub locale: Option<Locale>,
    pub style: Option<Style>,
    #[serde(default)]
    pub notify: NotifySettings,
    /// The current or latest vacation.
    #[serde(default)]
    pub vacation: Option<Pause>,
    /// Vacation days used, by month (`YYYYMM`, UTC): only the current month is kept.
    #[serde(default)]
    pub vacation_used: Option<(u32, u32)>,
    /// The pending digest timer, so a user never has two.
    #[serde(default)]
    pub digest_due: Option<u64>,
    /// (v4) The language of the user's chat client as the platform last reported it (Discord's
    /// interaction `locale`): notifications use it when the user chose no `locale`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_locale: Option<Locale>,
}

/// Per-channel settings (`chanset/…`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelRecord {
    pub v: u32,
    /// Time-outs end the match at once instead of waiting for the opponent's claim.
    #[serde(default)]
    pub auto_forfeit: bool,
    /// Overrides the configured challenge expiry (seconds).
    #[serde(default)]
    pub challenge_expiry: Option<u64>,
    /// (v4) Whether a move edits its board message or posts a new one, on platforms that can
    /// edit (Discord); `None`: the bot's setting (`DISCORD_BOARD_MESSAGES`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<BoardMode>,
    /// (v4) Each new match starts its own thread (Discord), where its boards and notices go.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub threads: bool,
}

/// The computer's seat in a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    /// `random`, `easy`, `medium` or `hard` ([`lalao_core::ai::Level::id`]).
    pub level: String,
    /// The match's seed: move `n` is searched with `seed + n`, so a match replays exactly.
    pub seed: u64,
}

impl ComputerSeat {
    pub fn level(&self) -> lalao_core::ai::Level {
        lalao_core::ai::Level::from_id(&self.level).unwrap_or(lalao_core::ai::Level::Medium)
    }
}

/// An entry of the scheduler's index (`timer/…`): a match's timer or a user's digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimerRecord {
    pub v: u32,
    #[serde(default)]
    pub match_id: Option<MatchId>,
    #[serde(default)]
    pub kind: Option<TimerKind>,
    #[serde(default)]
    pub user: Option<UserId>,
}

/// An inbound platform event that changed something: redeliveries are recognised by its key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    pub v: u32,
    /// Unix seconds (old records can be pruned).
    pub at: u64,
    pub command: String,
    pub match_id: Option<MatchId>,
}

/// `meta/schema`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemaRecord {
    pub v: u32,
    pub schema: u32,
}

/// What `decode_entry` found.
#[derive(Debug)]
pub enum Entry {
    Schema(SchemaRecord),
    Sequence(u64),
    Match(Box<MatchRecord>),
    Player(PlayerRecord),
    Event(EventRecord),
    Channel(ChannelRecord),
    Timer(TimerRecord),
    Notification(Box<crate::schedule::notify::Notification>),
    DeadLetter(Box<crate::schedule::notify::DeadLetter>),
    /// A channel or user index entry pointing at a match.
    Index(MatchId),
    Class(Box<crate::class::ClassRecord>),
}

/// Decodes any stored entry by its key: `lalao check` runs it over the whole store, and the
/// record fuzz target over arbitrary bytes. Never panics.
pub fn decode_entry(key: &[u8], value: &[u8]) -> Result<Entry, RecordError> {
    let index = |key: &[u8]| {
        keys::match_id_of_index(key)
            .map(Entry::Index)
            .ok_or_else(|| RecordError::UnknownKey {
                key: String::from_utf8_lossy(key).into_owned(),
            })
    };
    if key == keys::SCHEMA {
        decode(value, "the schema record").map(Entry::Schema)
    } else if key == keys::MATCH_SEQ {
        std::str::from_utf8(value)
            .ok()
            .and_then(|text| text.parse().ok())
            .map(Entry::Sequence)
            .ok_or(RecordError::Schema {
                what: "the match sequence",
                message: "not a number".to_owned(),
            })
    } else if key.starts_with(keys::MATCH_PREFIX) {
        let record: MatchRecord = decode(value, "a match record")?;
        if keys::match_key(record.id) != key {
            return Err(RecordError::Schema {
                what: "a match record",
                message: format!("stored under another id than its own ({})", record.id),
            });
        }
        // The state must be usable: restorable or rebuildable from the moves.
        record.current_game()?;
        Ok(Entry::Match(Box::new(record)))
    } else if key.starts_with(keys::CLASS_PREFIX) {
        let record: crate::class::ClassRecord = decode(value, "a class record")?;
        if keys::class_key(&record.channel) != key {
            return Err(RecordError::Schema {
                what: "a class record",
                message: "stored under another channel than its own".to_owned(),
            });
        }
        Ok(Entry::Class(Box::new(record)))
    } else if key.starts_with(keys::PLAYER_PREFIX) {
        decode(value, "a player record").map(Entry::Player)
    } else if key.starts_with(keys::EVENT_PREFIX) {
        decode(value, "an event record").map(Entry::Event)
    } else if key.starts_with(keys::CHANNEL_SETTINGS_PREFIX) {
        decode(value, "a channel record").map(Entry::Channel)
    } else if key.starts_with(keys::TIMER_PREFIX) {
        if keys::timer_due(key).is_none() {
            return Err(RecordError::UnknownKey {
                key: String::from_utf8_lossy(key).into_owned(),
            });
        }
        decode(value, "a timer").map(Entry::Timer)
    } else if key.starts_with(keys::OUTBOX_PREFIX) {
        decode(value, "a notification").map(|n| Entry::Notification(Box::new(n)))
    } else if key.starts_with(keys::DEAD_LETTER_PREFIX) {
        decode(value, "a dead letter").map(|d| Entry::DeadLetter(Box::new(d)))
    } else if key.starts_with(keys::CHANNEL_PREFIX) || key.starts_with(keys::ACTIVE_PREFIX) {
        index(key)
    } else {
        Err(RecordError::UnknownKey {
            key: String::from_utf8_lossy(key).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Greeting {
        v: u32,
        text: String,
        loud: bool,
    }

    fn add_loud(object: &mut Map<String, Value>) -> Result<(), String> {
        object.insert("loud".to_owned(), Value::Bool(false));
        Ok(())
    }

    fn rename_msg(object: &mut Map<String, Value>) -> Result<(), String> {
        let text = object.remove("msg").ok_or("no msg")?;
        object.insert("text".to_owned(), text);
        Ok(())
    }

    #[test]
    fn old_records_are_migrated_step_by_step() {
        let table: &[Migration] = &[rename_msg, add_loud];
        let v1 = br#"{"v":1,"msg":"salama"}"#;
        let got: Greeting = decode_with(v1, "a greeting", table, 3).unwrap();
        assert_eq!(
            got,
            Greeting {
                v: 3,
                text: "salama".into(),
                loud: false
            }
        );
        let v2 = br#"{"v":2,"text":"manao ahoana"}"#;
        let got: Greeting = decode_with(v2, "a greeting", table, 3).unwrap();
        assert_eq!(
            got,
            Greeting {
                v: 3,
                text: "manao ahoana".into(),
                loud: false
            }
        );
        let broken = br#"{"v":1,"text":"no msg field"}"#;
        assert_eq!(
            decode_with::<Greeting>(broken, "a greeting", table, 3),
            Err(RecordError::Migration {
                what: "a greeting",
                from: 1,
                message: "no msg".into()
            })
        );
    }

    #[test]
    fn version_1_records_read_as_current_without_clock_or_settings() {
        let player: PlayerRecord = decode(br#"{"v":1,"display_name":"ana"}"#, "a player record").unwrap();
        assert_eq!(player.v, RECORD_VERSION);
        assert_eq!(player.notify, NotifySettings::default());
        assert_eq!(player.vacation, None);
        let mut object = Map::new();
        object.insert("moves".to_owned(), Value::Array(Vec::new()));
        v1_to_v2(&mut object).unwrap();
        assert_eq!(object.get("clock"), Some(&Value::Object(Map::new())));
    }

    /// A finished class match as the classroom branch stored it, at `version` and without the
    /// fields that version did not know.
    fn class_match_json(version: u64, with_clock: bool) -> Vec<u8> {
        let game = AnyGame::new(AnyOptions::from_json(GameKind::Fano, &Map::new(), &[]).unwrap()).unwrap();
        let record = MatchRecord {
            v: RECORD_VERSION,
            id: MatchId(7),
            version: 3,
            channel: ChannelId("console:local".into()),
            game: GameKind::Fano,
            options: Map::new(),
            variants: Vec::new(),
            challenger: UserId("console:teacher".into()),
            opponent: None,
            practice: false,
            challenger_side: None,
            players: Some([UserId("seat:Ana".into()), UserId("seat:Bob".into())]),
            stage: Stage::Finished {
                ending: Ending::Adjudicated {
                    winner: Some(Side::Second),
                    judge: UserId("console:teacher".into()),
                },
            },
            moves: Vec::new(),
            state: game.save(),
            last_events: Vec::new(),
            draw_offer: None,
            undo_request: None,
            created_at: 100,
            updated_at: 200,
            class: Some(crate::class::ClassLink {
                paused: false,
                paused_at: None,
                activity: false,
                round: Some(2),
            }),
            clock: MatchClock::default(),
            computer: None,
            post: Post::default(),
        };
        let mut value = serde_json::to_value(&record).unwrap();
        let object = value.as_object_mut().unwrap();
        object.insert("v".into(), Value::from(version));
        if !with_clock {
            object.remove("clock");
        }
        serde_json::to_vec(&value).unwrap()
    }

    #[test]
    fn records_of_both_branches_load_at_version_3() {
        // The classroom branch (version 1, before clocks): the class link and the teacher's
        // ending survive, the clock comes from the v1 → v2 step.
        let key = keys::match_key(MatchId(7));
        for (version, with_clock) in [(1, false), (2, true), (3, true)] {
            let Entry::Match(record) = decode_entry(&key, &class_match_json(version, with_clock)).unwrap()
            else {
                panic!("a match");
            };
            assert_eq!(record.v, RECORD_VERSION);
            assert_eq!(record.class.as_ref().and_then(|link| link.round), Some(2));
            assert_eq!(
                record.stage,
                Stage::Finished {
                    ending: Ending::Adjudicated {
                        winner: Some(Side::Second),
                        judge: UserId("console:teacher".into()),
                    }
                }
            );
            assert_eq!(record.clock, MatchClock::default());
        }
        // Main before classes (version 2, a clock, no class link): not a class match.
        let mut value: Value = serde_json::from_slice(&class_match_json(2, true)).unwrap();
        value.as_object_mut().unwrap().remove("class");
        value["stage"] =
            serde_json::json!({"stage": "finished", "ending": {"by": "timeout", "side": "first"}});
        value["clock"] = serde_json::json!({"control": {"per_move": 86400, "bank": null}});
        let Entry::Match(record) = decode_entry(&key, &serde_json::to_vec(&value).unwrap()).unwrap() else {
            panic!("a match");
        };
        assert_eq!(record.class, None);
        assert_eq!(record.clock.control.map(|control| control.per_move), Some(86_400));
        // A class record of the classroom branch (version 1).
        let class = br#"{"v":1,"channel":"console:local","version":4,"name":"CP","teacher":"console:teacher","locale":"fr","style":"large","pupils":[{"name":"Ana"},{"name":"Bob","account":"console:bob"}],"teams":[],"matches":[7],"created_at":100}"#;
        let channel = ChannelId("console:local".into());
        let Entry::Class(class) = decode_entry(&keys::class_key(&channel), class).unwrap() else {
            panic!("a class");
        };
        assert_eq!(
            (class.v, class.pupils.len(), class.matches.clone()),
            (RECORD_VERSION, 2, vec![MatchId(7)])
        );
        // A version 2 build must refuse version 3 records, which is what the bump is for.
        let v3 = class_match_json(3, true);
        assert!(matches!(
            decode_with::<MatchRecord>(&v3, "a match record", &MIGRATIONS[..1], 2),
            Err(RecordError::TooNew { found: 3, .. })
        ));
    }

    #[test]
    fn version_3_matches_load_without_a_post_and_version_4_keeps_it() {
        let key = keys::match_key(MatchId(7));
        let Entry::Match(old) = decode_entry(&key, &class_match_json(3, true)).unwrap() else {
            panic!("a match");
        };
        assert_eq!((old.v, old.post.clone()), (4, Post::default()));
        // An empty post is not written at all: the record reads as it did.
        assert!(!String::from_utf8(encode(&*old)).unwrap().contains("\"post\""));
        let mut new = *old;
        new.post = Post {
            message: Some("1310000000000000042".into()),
            thread: Some(ChannelId("discord:1310000000000000043".into())),
        };
        let Entry::Match(again) = decode_entry(&key, &encode(&new)).unwrap() else {
            panic!("a match");
        };
        assert_eq!(again.post, new.post);
        // A version 3 build refuses it rather than rewriting it without its post.
        assert!(matches!(
            decode_with::<MatchRecord>(&encode(&new), "a match record", &MIGRATIONS[..2], 3),
            Err(RecordError::TooNew { found: 4, .. })
        ));
    }

    #[test]
    fn version_3_channel_records_keep_the_bots_board_setting() {
        let old: ChannelRecord = decode(
            br#"{"v":3,"auto_forfeit":true,"challenge_expiry":null}"#,
            "a channel record",
        )
        .unwrap();
        assert_eq!((old.v, old.auto_forfeit, old.boards), (4, true, None));
        let new = ChannelRecord {
            boards: Some(BoardMode::New),
            ..old
        };
        let text = String::from_utf8(encode(&new)).unwrap();
        assert!(text.contains(r#""boards":"new""#), "{text}");
        assert_eq!(
            decode::<ChannelRecord>(text.as_bytes(), "a channel record").unwrap(),
            new
        );
    }

    #[test]
    fn corrupt_records_give_clear_errors() {
        let too_new = br#"{"v":99}"#;
        assert_eq!(
            decode::<PlayerRecord>(too_new, "a player record")
                .unwrap_err()
                .to_string(),
            "a player record has version 99, newer than this build reads (4): upgrade lalao"
        );
        assert!(matches!(
            decode::<PlayerRecord>(b"\xff{", "x"),
            Err(RecordError::NotJson { .. })
        ));
        assert_eq!(
            decode::<PlayerRecord>(b"[1]", "x"),
            Err(RecordError::Schema {
                what: "x",
                message: "not a JSON object".into()
            })
        );
        assert_eq!(
            decode::<PlayerRecord>(br#"{"locale":"fr"}"#, "x"),
            Err(RecordError::NoVersion { what: "x" })
        );
        assert!(matches!(
            decode::<PlayerRecord>(br#"{"v":1,"locale":"klingon"}"#, "x"),
            Err(RecordError::Schema { .. })
        ));
        assert!(matches!(
            decode_entry(b"nonsense", b"{}"),
            Err(RecordError::UnknownKey { .. })
        ));
    }
}
