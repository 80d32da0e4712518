//! `channel …`: a channel's moderators choose automatic forfeit, the challenge expiry, board
//! messages, threads and pictures, and what teaching offers the channel (through its seam).

use crate::command::ChannelChange;
use crate::i18n::t;
use crate::kernel::durations::{duration_text, Args};
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record;
use crate::store::{keys, Txn};

use crate::kernel::channels::ChannelSettings;
use crate::kernel::commit::Commits;

crate::kernel::family::family! {
    /// The `channel` command.
    ChannelCommands
}

impl ChannelCommands<'_> {
    /// `channel …`: moderators choose automatic forfeit and the challenge expiry.
    pub(crate) fn channel(&self, ctx: &Context, prefs: Prefs, change: ChannelChange) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (mut settings, old_bytes) = ChannelSettings(self).channel_settings(&ctx.channel)?;
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
            if let Some(pictures) = change.pictures {
                settings.pictures = pictures;
            }
            if let Some(threads) = change.threads {
                settings.threads = threads;
            }
            let mut txn = Txn::default();
            self.teaching()
                .change_channel(self, &ctx.channel, &change, &mut settings, &mut txn);
            let key = keys::channel_settings_key(&ctx.channel);
            txn.check(key.clone(), old_bytes)
                .put(key, record::encode(&settings));
            Commits(self).commit_other(ctx, txn, "channel")?;
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
        for line in self.teaching().channel_lines(locale, &settings) {
            text.push('\n');
            text.push_str(&line);
        }
        if ctx.platform.shows_pictures() {
            let pictures = if settings.pictures == Some(false) {
                "channel-pictures-off"
            } else {
                "channel-pictures-on"
            };
            text.push('\n');
            text.push_str(&t(
                locale,
                "channel-pictures",
                &[("pictures", t(locale, pictures, &[]))],
            ));
        }
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
