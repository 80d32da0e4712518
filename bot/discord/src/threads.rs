//! A match's own thread: started under its challenge when the channel wants threads, and
//! commands typed in it counted as the parent channel's.

use super::*;

impl Adapter {
    /// Starts a public thread from a new match's message (`POST
    /// /channels/{channel}/messages/{message}/threads`), named after the match. `None` if
    /// Discord refused (no permission to create threads, say): the match is then played in the
    /// channel as usual.
    pub(crate) async fn start_thread(
        &self,
        id: MatchId,
        channel: u64,
        message: u64,
        locale: Locale,
    ) -> Option<u64> {
        let service = self.service.clone();
        let name = tokio::task::spawn_blocking(move || service.thread_name(id, locale))
            .await
            .ok()
            .flatten()?;
        let body = json!({"name": name, "auto_archive_duration": THREAD_ARCHIVE_MINUTES});
        match self
            .http
            .create_thread_from_message(channel.into(), message.into(), &body, None)
            .await
        {
            Ok(thread) => {
                tracing::info!(
                    match_id = id.0,
                    thread = thread.id.get(),
                    "the match has its thread"
                );
                Some(thread.id.get())
            }
            Err(err) => {
                tracing::warn!(match_id = id.0, error = %err, "starting the match's thread failed; it stays in the channel");
                None
            }
        }
    }

    /// The channel an interaction counts as being in: a lalao match's thread counts as its
    /// parent channel (where the match is indexed and its settings are), any other channel or
    /// thread as itself.
    pub(crate) async fn home_channel(&self, channel: u64, partial: Option<&PartialChannel>) -> u64 {
        let parent = partial
            .filter(|partial| is_thread(Some(partial)))
            .and_then(|partial| partial.parent_id);
        let Some(parent) = parent else { return channel };
        let service = self.service.clone();
        let is_match_thread = tokio::task::spawn_blocking(move || {
            service.is_match_thread(
                &ChannelId::new(Platform::Discord, &channel.to_string()),
                &ChannelId::new(Platform::Discord, &parent.get().to_string()),
            )
        })
        .await
        .unwrap_or(false);
        if is_match_thread {
            parent.get()
        } else {
            channel
        }
    }

    /// The thread match `id` is played in, if it has one.
    pub(crate) async fn thread_of(&self, id: MatchId) -> Option<u64> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.post_of(id).thread)
            .await
            .ok()
            .flatten()
            .and_then(|thread| thread.local_on(Platform::Discord)?.parse().ok())
    }

    /// Whether new matches in `channel` start their own thread (`channel thread=on`).
    pub(crate) async fn threads_wanted(&self, channel: &ChannelId) -> bool {
        let service = self.service.clone();
        let channel = channel.clone();
        tokio::task::spawn_blocking(move || service.threads_on(&channel))
            .await
            .unwrap_or(false)
    }
}

/// Whether an interaction's channel is a thread (Discord cannot start a thread in a thread).
pub(crate) fn is_thread(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|channel| {
        matches!(
            channel.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    })
}
