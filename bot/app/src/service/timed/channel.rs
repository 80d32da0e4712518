//! A channel's settings: read by the scheduler (automatic forfeit), the clock (challenge
//! expiry) and the Discord adapter (board messages, threads), and changed by moderators with
//! `channel`.

use super::{duration_text, Args};
use crate::command::ChannelChange;
use crate::i18n::t;
use crate::ids::ChannelId;
use crate::record::{self, ChannelRecord, RECORD_VERSION};
use crate::service::present::single;
use crate::service::{Context, Fail, Prefs, Reply, Service};
use crate::store::{keys, Txn};

impl Service {
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

    /// `channel …`: moderators choose automatic forfeit and the challenge expiry.
    pub(crate) fn channel(&self, ctx: &Context, prefs: Prefs, change: ChannelChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut settings, old_bytes) = self.channel_settings(&ctx.channel)?;
        let changed = change != ChannelChange::default();
        if changed {
            if !ctx.moderator {
                return Err(Fail::user("channel-moderators-only", Vec::new()));
            }
            if let Some(auto) = change.auto_forfeit {
                settings.auto_forfeit = auto;
            }
            if let Some(expiry) = change.challenge_expiry {
                settings.challenge_expiry = Some(expiry);
            }
            if let Some(boards) = change.boards {
                settings.boards = boards;
            }
            if let Some(threads) = change.threads {
                settings.threads = threads;
            }
            let key = keys::channel_settings_key(&ctx.channel);
            let mut txn = Txn::default();
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&settings));
            self.commit_other(ctx, txn, "channel")?;
        }
        let expiry = settings.challenge_expiry.or(self.hooks().policy.challenge_expiry);
        let args: Args = vec![
            (
                "forfeit",
                t(
                    locale,
                    if settings.auto_forfeit {
                        "channel-forfeit-auto"
                    } else {
                        "channel-forfeit-claim"
                    },
                    &[],
                ),
            ),
            (
                "expiry",
                expiry.map_or_else(
                    || t(locale, "channel-expiry-never", &[]),
                    |e| duration_text(locale, e),
                ),
            ),
        ];
        let key = if changed {
            "channel-saved"
        } else {
            "channel-current"
        };
        let mut text = t(locale, key, &args);
        if ctx.platform == crate::ids::Platform::Discord {
            // Choices only Discord's adapter acts on (it can edit its messages).
            let boards = match settings.boards {
                Some(record::BoardMode::Edit) => "channel-boards-edit",
                Some(record::BoardMode::New) => "channel-boards-new",
                None => "channel-boards-default",
            };
            text.push('\n');
            let threads = if settings.threads {
                "channel-threads-on"
            } else {
                "channel-threads-off"
            };
            text.push_str(&t(
                locale,
                "channel-discord",
                &[
                    ("boards", t(locale, boards, &[])),
                    ("threads", t(locale, threads, &[])),
                ],
            ));
        }
        Ok(single(ctx, key, text))
    }
}
