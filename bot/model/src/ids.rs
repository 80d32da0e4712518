//! Platform-neutral identities. Every id carries its platform as a prefix (`discord:123`,
//! `matrix:@ana:example.org`, `console:ana`) so one store can hold users of every platform
//! without any platform type reaching the service.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Where a command came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Console,
    Discord,
    Matrix,
}

impl Platform {
    /// Every platform.
    pub const ALL: [Platform; 3] = [Platform::Console, Platform::Discord, Platform::Matrix];

    pub fn id(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Discord => "discord",
            Platform::Matrix => "matrix",
        }
    }

    /// Whether boards can go out as pictures here: Discord and Matrix show images;
    /// the console is a terminal.
    pub fn shows_pictures(self) -> bool {
        matches!(self, Platform::Discord | Platform::Matrix)
    }

    /// Whether a command sent in a shared channel can be answered so that only its sender
    /// sees it: Discord's ephemeral replies, the console's hidden prompt. Matrix rooms cannot,
    /// so a secret (Mangala's coins) is asked for in a direct room the bot opens itself.
    pub fn answers_privately_in_channels(self) -> bool {
        match self {
            Platform::Console | Platform::Discord => true,
            Platform::Matrix => false,
        }
    }

    /// How a command names `user` on this platform (the syntax [`Platform::user_from_mention`]
    /// reads): `@ana` on the console, `<@123>` on Discord, the user id on Matrix.
    pub fn mention(self, user: &UserId) -> String {
        match self {
            Platform::Console => format!("@{}", user.local()),
            Platform::Discord => format!("<@{}>", user.local()),
            Platform::Matrix => user.local().to_owned(),
        }
    }

    /// The user a mention written in a command refers to, in this platform's mention syntax:
    /// `@ana` on the console, `<@123>` / `<@!123>` on Discord, `@ana:example.org` on Matrix.
    pub fn user_from_mention(self, raw: &str) -> Option<UserId> {
        let name = match self {
            Platform::Console => {
                let name = raw.strip_prefix('@')?;
                let valid = !name.is_empty()
                    && name.len() <= 32
                    && name
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.');
                valid.then_some(name)?
            }
            Platform::Discord => {
                let inner = raw.strip_prefix("<@")?.strip_suffix('>')?;
                let digits = inner.strip_prefix('!').unwrap_or(inner);
                let valid =
                    !digits.is_empty() && digits.len() <= 20 && digits.bytes().all(|b| b.is_ascii_digit());
                valid.then_some(digits)?
            }
            Platform::Matrix => {
                // Matrix user ids: @localpart:server (the spec caps them at 255 bytes).
                let (local, server) = raw.strip_prefix('@')?.split_once(':')?;
                let valid = !local.is_empty() && !server.is_empty() && raw.len() <= 255;
                valid.then_some(raw)?
            }
        };
        Some(UserId::new(self, name))
    }
}

macro_rules! prefixed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            pub fn new(platform: Platform, local: &str) -> $name {
                $name(format!("{}:{local}", platform.id()))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The part after the platform prefix.
            pub fn local(&self) -> &str {
                self.0.split_once(':').map_or(self.0.as_str(), |(_, local)| local)
            }

            /// The platform the id is on (the console for an id without a known prefix).
            pub fn platform(&self) -> Platform {
                match self.0.split_once(':').map(|(platform, _)| platform) {
                    Some("discord") => Platform::Discord,
                    Some("matrix") => Platform::Matrix,
                    _ => Platform::Console,
                }
            }

            /// The platform's own id (`123`, `@ana:example.org`, `!room:example.org`) when
            /// this id is on `platform`: the one way adapters read ids back.
            pub fn local_on(&self, platform: Platform) -> Option<&str> {
                self.0.strip_prefix(platform.id())?.strip_prefix(':')
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

prefixed_id!(
    /// A person on some platform.
    UserId
);
prefixed_id!(
    /// A channel, room or console where matches are played.
    ChannelId
);

prefixed_id!(
    /// An inbound platform event (Discord interaction id, Matrix event id) for at-most-once processing.
    EventId
);

/// A match's short id: a global counter, written `#12` in commands and replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub u64);

impl MatchId {
    /// Reads `#12` (or `12`).
    pub fn parse(text: &str) -> Option<MatchId> {
        let digits = text.strip_prefix('#').unwrap_or(text);
        if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().filter(|id| *id > 0).map(MatchId)
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The computer's identity in match records. No platform is called `lalao`, so no user of any
/// platform can have this id.
pub const COMPUTER_USER: &str = "lalao:computer";

pub fn computer_user() -> UserId {
    UserId(COMPUTER_USER.to_owned())
}

pub fn is_computer(user: &UserId) -> bool {
    user.as_str() == COMPUTER_USER
}

/// The side a channel plays by vote against the computer (`play katro vote`): everyone there,
/// no account to mention or to write to.
pub const VOTERS_USER: &str = "lalao:voters";

pub fn voters_user() -> UserId {
    UserId(VOTERS_USER.to_owned())
}

pub fn is_voters(user: &UserId) -> bool {
    user.as_str() == VOTERS_USER
}

/// The prefix of the ids that stand for people lalao was asked to forget: their past matches
/// keep a player, who names nobody.
const FORMER: &str = "former:";

/// The id a forgotten person's records keep instead of theirs, from a random `number`.
pub fn former_user(number: u64) -> UserId {
    UserId(format!("{FORMER}{number:016x}"))
}

/// Whether `user` stands for a person lalao forgot.
pub fn is_former(user: &UserId) -> bool {
    user.as_str().starts_with(FORMER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_per_platform() {
        assert_eq!(
            Platform::Console.user_from_mention("@ana"),
            Some(UserId("console:ana".into()))
        );
        assert_eq!(Platform::Console.user_from_mention("ana"), None);
        assert_eq!(Platform::Console.user_from_mention("@"), None);
        assert_eq!(
            Platform::Discord.user_from_mention("<@!1234>"),
            Some(UserId("discord:1234".into()))
        );
        assert_eq!(Platform::Discord.user_from_mention("<@12a>"), None);
        assert_eq!(
            Platform::Matrix.user_from_mention("@ana:example.org"),
            Some(UserId("matrix:@ana:example.org".into()))
        );
        assert_eq!(Platform::Matrix.user_from_mention("@ana"), None);
    }

    #[test]
    fn ids_are_read_back_only_on_their_own_platform() {
        let bako = UserId::new(Platform::Matrix, "@bako:example.org");
        assert_eq!(bako.platform(), Platform::Matrix);
        assert_eq!(bako.local_on(Platform::Matrix), Some("@bako:example.org"));
        assert_eq!(bako.local_on(Platform::Discord), None);
        let channel = ChannelId::new(Platform::Discord, "1310");
        assert_eq!(channel.platform(), Platform::Discord);
        assert_eq!(channel.local_on(Platform::Discord), Some("1310"));
        assert_eq!(channel.local_on(Platform::Matrix), None);
        // A prefix is a whole word: `discordx:1` is on no platform lalao knows.
        let odd = ChannelId("discordx:1".into());
        assert_eq!(
            (odd.platform(), odd.local_on(Platform::Discord)),
            (Platform::Console, None)
        );
        assert_eq!(
            ChannelId::new(Platform::Console, "local").local_on(Platform::Console),
            Some("local")
        );
    }

    #[test]
    fn match_ids() {
        assert_eq!(MatchId::parse("#12"), Some(MatchId(12)));
        assert_eq!(MatchId::parse("7"), Some(MatchId(7)));
        assert_eq!(MatchId::parse("#0"), None);
        assert_eq!(MatchId::parse("#"), None);
        assert_eq!(MatchId::parse("#1x"), None);
        assert_eq!(MatchId(42).to_string(), "#42");
        assert_eq!(UserId::new(Platform::Console, "ana").local(), "ana");
    }
}
