//! What each commit changed, for those who show it live (the web pages): the matches and the
//! classes it wrote. Subscribers are called on the committing thread, right after the commit,
//! so they only hand the news on; the news names what changed, and readers read it afresh.

use std::sync::{Arc, Mutex};

use crate::ids::{ChannelId, MatchId};
use crate::store::{keys, Txn};

/// The matches and classes one commit wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    pub matches: Vec<MatchId>,
    /// Classes, by their channel.
    pub classes: Vec<ChannelId>,
}

impl Changed {
    /// What `txn` writes.
    pub fn of(txn: &Txn) -> Changed {
        let mut changed = Changed::default();
        for write in &txn.writes {
            // A match's review changes what its page shows, not the match.
            if write.key.starts_with(keys::MATCH_PREFIX) || write.key.starts_with(keys::REVIEW_PREFIX) {
                if let Some(id) = keys::match_id_of_index(&write.key) {
                    changed.matches.push(id);
                }
            } else if let Some(channel) = write
                .key
                .strip_prefix(keys::CLASS_PREFIX)
                .and_then(|rest| rest.strip_suffix(&[0]))
                .and_then(|rest| std::str::from_utf8(rest).ok())
            {
                changed.classes.push(ChannelId(channel.to_owned()));
            }
        }
        changed
    }

    pub fn is_empty(&self) -> bool {
        self.matches.is_empty() && self.classes.is_empty()
    }
}

type Subscriber = Arc<dyn Fn(&Changed) + Send + Sync>;

/// The subscribers to a service's changes.
#[derive(Clone, Default)]
pub struct Changes(Arc<Mutex<Vec<Subscriber>>>);

impl Changes {
    /// Calls `each` after every commit of this process that changes a match or a class.
    pub fn subscribe(&self, each: impl Fn(&Changed) + Send + Sync + 'static) {
        self.lock().push(Arc::new(each));
    }

    /// Tells every subscriber what `txn`, just committed, changed.
    pub(crate) fn publish(&self, txn: &Txn) {
        let subscribers = self.lock().clone();
        if subscribers.is_empty() {
            return;
        }
        let changed = Changed::of(txn);
        if changed.is_empty() {
            return;
        }
        for each in subscribers {
            each(&changed);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Subscriber>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_names_the_matches_and_classes_it_wrote() {
        let mut txn = Txn::default();
        let class = ChannelId("discord:1".to_owned());
        txn.put(keys::match_key(MatchId(7)), b"{}".to_vec())
            .put(keys::class_key(&class), b"{}".to_vec())
            .put(keys::channel_key(&class, MatchId(7)), Vec::new())
            .delete(keys::match_key(MatchId(8)));
        assert_eq!(
            Changed::of(&txn),
            Changed {
                matches: vec![MatchId(7), MatchId(8)],
                classes: vec![class],
            }
        );
        let changes = Changes::default();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        changes.subscribe(move |changed| log.lock().unwrap().push(changed.clone()));
        changes.publish(&txn);
        changes.publish(&Txn::default());
        assert_eq!(
            seen.lock().unwrap().len(),
            1,
            "a commit that changes nothing shown is not told"
        );
    }
}
