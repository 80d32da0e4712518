//! Where a platform shows a match ([`Post`]): the adapter tells the service once it knows the
//! message id of a challenge (or the thread it started for the match), and reads it back when it
//! must change that message later (an expired challenge loses its Accept button).

use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::Fail;
use crate::record::Post;
use crate::store::Committed;

/// Attempts when a command changes the match at the same moment.
const ATTEMPTS: usize = 4;

crate::kernel::family::family! {
    /// Where a match's messages were posted.
    Posts
}

impl Posts<'_> {
    /// Merges `post` into the match's stored [`Post`] (fields already set are kept). Delivery
    /// bookkeeping: the match's `version` is not bumped, so the buttons just posted stay valid,
    /// and the compare-and-swap still makes a concurrent change of the match win or retry.
    /// Returns whether the match exists; an error says why the post could not be stored.
    pub fn note_post(&self, id: MatchId, post: &Post) -> Result<bool, String> {
        self.try_note_post(id, post).map_err(|fail| match fail {
            Fail::Store(err) => err.to_string(),
            Fail::Record(err) => err.to_string(),
            _ => "the match kept changing meanwhile".to_owned(),
        })
    }

    fn try_note_post(&self, id: MatchId, post: &Post) -> Result<bool, Fail> {
        for _ in 0..ATTEMPTS {
            let Some((old, bytes)) = self.load(id)? else {
                return Ok(false);
            };
            let mut new = old.clone();
            if new.post.message.is_none() {
                new.post.message.clone_from(&post.message);
            }
            if new.post.thread.is_none() {
                new.post.thread.clone_from(&post.thread);
            }
            if new == old {
                return Ok(true);
            }
            let mut txn = crate::store::Txn::default();
            let new = Commits(self).match_txn(Some((&old, &bytes)), new, &mut txn)?;
            if self.commit_txn(&txn)? == Committed::Applied {
                self.sync()?;
                tracing::debug!(match_id = id.0, post = ?new.post, "the match's post is known");
                return Ok(true);
            }
        }
        Err(Fail::user("try-again", Vec::new()))
    }

    /// Where the platform shows match `id` (empty if it never said, or the match is gone).
    pub fn post_of(&self, id: MatchId) -> Post {
        self.load(id)
            .ok()
            .flatten()
            .map(|(record, _)| record.post)
            .unwrap_or_default()
    }
}
