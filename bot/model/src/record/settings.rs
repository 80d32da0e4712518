//! What users and moderators chose: a player's settings and a channel's. Every field a later
//! version added has a default, so an older record reads as "not chosen".

use lalao_renderer::{Locale, Style};
use serde::{Deserialize, Serialize};

use super::BoardMode;
use crate::notify::NotifySettings;
use crate::timing::Pause;

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
    /// (v4, later) `settings leaderboard=off`: left out of global leaderboards (a server's
    /// still lists them to those who played them there).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leaderboard_hidden: bool,
    /// Whether boards come with their picture where the platform shows
    /// pictures (`style=picture` or `large`: yes; `text`, `emoji`, `reader`: no). `None`: not
    /// chosen, so yes with the text grid and `large`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pictures: Option<bool>,
    /// (v6) Stars of the lessons finished (`learn`), best kept: by game id, then by lesson name.
    #[serde(default, skip_serializing_if = "Learned::is_empty")]
    pub learned: Learned,
    /// (v7) Puzzle ratings and streaks, by game id.
    #[serde(default, skip_serializing_if = "super::Puzzles::is_empty")]
    pub puzzles: super::Puzzles,
    /// (v8) `settings auto=on|off`: whether a move with no alternative plays itself. `None`: not
    /// chosen, so on in Mangala IV (whose moves after the coin rite are all forced) and off
    /// elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto: Option<bool>,
    /// (v8, later) How strongly the `kind` level plays against this player, by game id,
    /// updated by each game against it (issue 51). Absent for a game never played against it,
    /// which plays at the start strength; a build that does not know it ignores it.
    #[serde(default, skip_serializing_if = "KindStrengths::is_empty")]
    pub kind: KindStrengths,
}

/// The `kind` level's strength against a player, by game id.
pub type KindStrengths = std::collections::BTreeMap<String, lalao_core::ai::kind::Strength>;

impl PlayerRecord {
    /// How strongly `kind` plays `game` against this player.
    pub fn kind_strength(&self, game: lalao_core::GameKind) -> lalao_core::ai::kind::Strength {
        self.kind.get(game.id()).copied().unwrap_or_default()
    }
}

/// Stars per finished lesson (1–3, the best try kept), by game id then lesson name: names, not
/// numbers, so a course may grow without moving anyone's stars.
pub type Learned = std::collections::BTreeMap<String, std::collections::BTreeMap<String, u8>>;

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
    /// (v4, later) The channel's name as the platform last showed it (a Matrix room's display
    /// name): digests name the room by it rather than by its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// (v4, later) The community the channel belongs to, where the platform has them (a
    /// Discord server, `discord:guild:<id>`): its rated games count towards that server's
    /// leaderboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// `channel pictures=off` (or `boards=text`): no board pictures in
    /// this channel, whatever players chose; `None` or `true`: as each player chose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pictures: Option<bool>,
    /// (v7) `channel puzzle=daily`: a puzzle posted every day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily_puzzle: Option<super::DailyPuzzle>,
}

impl ChannelRecord {
    /// The channel's daily timers it lists (due time and which), each of which must be stored.
    pub fn daily_timers(&self) -> Vec<(u64, super::DailyTimer)> {
        self.daily_puzzle.iter().fold(Vec::new(), |mut timers, daily| {
            timers.push((daily.next_post, super::DailyTimer::Post));
            timers.extend(daily.listing.map(|due| (due, super::DailyTimer::Listing)));
            timers
        })
    }
}
