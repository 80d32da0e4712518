//! Who sent a command, from where, with which preferences, and why a command did not go
//! through.

use lalao_renderer::{Locale, Style};

use crate::ids::{ChannelId, EventId, Platform, UserId};
use crate::record::{MatchRecord, RecordError};
use crate::store::StoreError;

/// Source of random seeds for random starts; a trait so tests can fix it.
pub trait SeedSource: Send + Sync + 'static {
    fn seed(&self) -> u64;
}

pub struct OsSeeds;

impl SeedSource for OsSeeds {
    fn seed(&self) -> u64 {
        use rand::{Rng, SeedableRng};
        // Below 2^53 so the seed survives any JSON reader (exports are read by other tools).
        rand::rngs::SmallRng::from_entropy().gen_range(0..(1u64 << 53))
    }
}

pub struct FixedSeeds(pub u64);

impl SeedSource for FixedSeeds {
    fn seed(&self) -> u64 {
        self.0
    }
}

/// Defaults for users who have not chosen.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub locale: Locale,
    pub style: Style,
}

/// Who sent a command, from where.
#[derive(Clone, Debug)]
pub struct Context {
    pub platform: Platform,
    pub user: UserId,
    /// The name the platform shows for the user; remembered for boards.
    pub display_name: Option<String>,
    pub channel: ChannelId,
    /// The platform's id of the inbound event, for at-most-once processing.
    pub event: Option<EventId>,
    /// A channel moderator (may cancel any match of the channel).
    pub moderator: bool,
    /// The language the platform reports for the user (Discord's `locale`), if any.
    pub locale: Option<Locale>,
    /// The command arrived privately (a direct message, an ephemeral interaction, hidden
    /// console input): only then may the rite's secret coins be picked.
    pub private: bool,
    /// The community the channel belongs to where the platform groups channels (a Discord
    /// server: `discord:guild:<id>`): the scope of its leaderboards. `None`: the channel is its
    /// own community (a Matrix room, a direct message, the console).
    pub community: Option<String>,
}

impl Context {
    /// The same caller for a step of a command that commits before the commit completing it
    /// (putting an activity away before starting the next): an inbound event is recorded once,
    /// by the commit that completes its command, however many commits that command makes.
    /// Should the process stop between the two, the redelivered event finds nothing to put
    /// away and completes the command.
    pub(crate) fn earlier_step(&self) -> Context {
        Context {
            event: None,
            ..self.clone()
        }
    }

    /// A console user in the console's one channel.
    pub fn console(user: &str) -> Context {
        Context {
            platform: Platform::Console,
            user: UserId::new(Platform::Console, user),
            display_name: Some(user.to_owned()),
            channel: ChannelId::new(Platform::Console, "local"),
            event: None,
            moderator: true,
            locale: None,
            private: false,
            community: None,
        }
    }
}

/// Why a command did not go through.
pub(crate) enum Fail {
    /// A refusal explained to the user: message id, arguments, and maybe the board to show.
    User {
        key: &'static str,
        args: Vec<(&'static str, String)>,
        board: Option<Box<MatchRecord>>,
    },
    /// A refusal whose text is already composed (a refused move with the legal moves).
    Said {
        key: &'static str,
        text: String,
    },
    /// The event was applied before.
    Duplicate,
    /// The match changed under the command, but not its board (a message id or a clock was
    /// recorded): the command is run again on the record as it is now.
    Again,
    Store(StoreError),
    Record(RecordError),
}

impl Fail {
    /// What the failure is, in a word for the logs (a refusal's message id).
    pub(crate) fn what(&self) -> &'static str {
        match self {
            Fail::User { key, .. } | Fail::Said { key, .. } => key,
            Fail::Duplicate => "duplicate",
            Fail::Again => "again",
            Fail::Store(_) => "store",
            Fail::Record(_) => "record",
        }
    }

    pub(crate) fn user(key: &'static str, args: Vec<(&'static str, String)>) -> Fail {
        Fail::User {
            key,
            args,
            board: None,
        }
    }
}

impl From<StoreError> for Fail {
    fn from(err: StoreError) -> Fail {
        Fail::Store(err)
    }
}

impl From<RecordError> for Fail {
    fn from(err: RecordError) -> Fail {
        Fail::Record(err)
    }
}

/// The caller's preferences, resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prefs {
    pub locale: Locale,
    pub style: Style,
    /// Boards go with their picture: the platform shows pictures and the reader did
    /// not turn them off (the channel's own choice is read when a board is shown).
    pub picture: bool,
}
