//! A channel's settings: read by the scheduler (automatic forfeit), the clock (challenge
//! expiry) and the Discord adapter (board messages, threads), and changed by moderators with
//! `channel`.

use crate::i18n::t;
use crate::ids::ChannelId;
use crate::kernel::{Audience, Fail};
use crate::record::{self, ChannelRecord, DailyTimer, TimerRecord, RECORD_VERSION};
use crate::store::{keys, StoreError, Txn};

crate::kernel::family::family! {
    /// A channel's settings and names.
    ChannelSettings
}

impl ChannelSettings<'_> {
    /// Whether a board shown to `audience` may go with its picture: not in a channel that
    /// turned them off (an unreadable channel record is left to `lalao check` and turns nothing
    /// off). Read only for a board whose reader wants a picture, not for every command.
    pub(crate) fn pictures_allowed(&self, audience: &Audience) -> bool {
        match audience {
            Audience::Channel(channel) => self
                .channel_settings(channel)
                .map_or(true, |(settings, _)| settings.pictures != Some(false)),
            Audience::Private(_) => true,
        }
    }

    pub(crate) fn channel_settings(
        &self,
        channel: &ChannelId,
    ) -> Result<(ChannelRecord, Option<Vec<u8>>), Fail> {
        match self.store().get(&keys::channel_settings_key(channel))? {
            None => Ok((
                ChannelRecord {
                    v: RECORD_VERSION,
                    ..ChannelRecord::default()
                },
                None,
            )),
            Some(bytes) => Ok((record::decode(&bytes, "a channel record")?, Some(bytes))),
        }
    }

    /// Remembers the name the platform shows for `channel` when it changed.
    pub fn remember_channel_name(&self, channel: &ChannelId, name: &str) -> Result<(), StoreError> {
        let Some(name) = crate::shown::clean_name(name) else {
            return Ok(());
        };
        self.remember_of_channel(channel, |settings| settings.name = Some(name))
    }

    /// Remembers the community `channel` belongs to (its Discord server), which its rated
    /// games count towards: the scope of `top here`.
    pub(crate) fn remember_channel_community(
        &self,
        channel: &ChannelId,
        community: &str,
    ) -> Result<(), StoreError> {
        self.remember_of_channel(channel, |settings| {
            settings.community = Some(community.to_owned())
        })
    }

    /// The community of `channel`'s rated games and leaderboards: its server where the
    /// platform told us, else the channel itself.
    pub(crate) fn community_of(&self, channel: &ChannelId) -> Result<String, Fail> {
        let (settings, _) = self.channel_settings(channel)?;
        Ok(settings.community.unwrap_or_else(|| channel.to_string()))
    }

    /// Changes what the platform told us about `channel` when it differs from what we have,
    /// without waiting for a flush: what a crash loses is learnt again with the next command.
    fn remember_of_channel(
        &self,
        channel: &ChannelId,
        change: impl FnOnce(&mut ChannelRecord),
    ) -> Result<(), StoreError> {
        let (mut settings, old) = match self.channel_settings(channel) {
            Ok(found) => found,
            Err(Fail::Store(err)) => return Err(err),
            // A corrupt record is left for `lalao check` to report, not overwritten.
            Err(_) => return Ok(()),
        };
        let before = settings.clone();
        change(&mut settings);
        if settings == before {
            return Ok(());
        }
        let key = keys::channel_settings_key(channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), old).put(key, record::encode(&settings));
        // A concurrent change wins; the same facts come again with the next command.
        self.commit_txn(&txn)?;
        Ok(())
    }

    /// How a message names `channel` to someone reading it elsewhere (a digest): a Discord
    /// channel mention (Discord shows its name, as a link), a Matrix room's remembered name,
    /// "the console"; never a storage id.
    pub(crate) fn channel_label(&self, locale: lalao_renderer::Locale, channel: &ChannelId) -> String {
        use crate::ids::Platform;
        match channel.platform() {
            Platform::Discord => match channel.local_on(Platform::Discord) {
                Some(id) if id.chars().all(|c| c.is_ascii_digit()) => format!("<#{id}>"),
                _ => t(locale, "channel-unnamed", &[]),
            },
            Platform::Matrix => self
                .channel_settings(channel)
                .ok()
                .and_then(|(settings, _)| settings.name)
                .map(|name| format!("“{name}”"))
                .unwrap_or_else(|| t(locale, "channel-unnamed", &[])),
            Platform::Console => t(locale, "channel-console", &[]),
        }
    }
}

/// Puts a channel's daily timer (its post or its listing) due at `due`.
pub(crate) fn put_daily_timer(txn: &mut Txn, channel: &ChannelId, due: u64, timer: DailyTimer) {
    let record = TimerRecord {
        v: RECORD_VERSION,
        match_id: None,
        kind: None,
        user: None,
        daily: Some((channel.clone(), timer)),
    };
    txn.put(
        keys::channel_timer_key(due, channel, timer.tag()),
        record::encode(&record),
    );
}
