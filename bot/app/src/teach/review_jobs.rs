//! The review worker's side of `review`: it takes the queued jobs in turn (each under a lease,
//! a few attempts at most), makes the review, and in one commit removes the job, stores the
//! review and puts its text in the outbox.

use lalao_learn::review as analysis;

use crate::i18n::t;
use crate::kernel::notices::Notices;
use crate::kernel::Fail;
use crate::record::{self, ReviewJob};
use crate::store::{keys, Committed, StoreError, Txn};
use crate::teach::review::{stored_review, Reviews, MAX_ATTEMPTS, REVIEW_LEASE};
use lalao_model::notify::{Notification, Recipient};

/// What taking a review job found.
enum Take {
    /// Ours now: the job as stored with our attempt and lease.
    Ours(ReviewJob, Vec<u8>),
    /// Another process is on it, it is gone, or it was written by a newer lalao (left for it).
    Leave,
    /// Started too often: given up, and who asked was told.
    GivenUp,
}

crate::kernel::family::family! {
    /// The review worker: the queued reviews, made one at a time.
    ReviewJobs
}

impl ReviewJobs<'_> {
    /// Does every waiting review, one at a time, oldest match first: the review worker's pass
    /// (and the console's, between two commands). Returns how many were stored.
    ///
    /// Each job is taken before it is done: its attempt counted and, on a shared store, a lease
    /// written, so one process does it and a job that panics or dies with its process is tried
    /// [`MAX_ATTEMPTS`] times at most. A panic costs its own job only: the pass goes on with the
    /// next one. A job written by a newer lalao is left for it.
    pub(crate) fn run_pending(&self) -> Result<usize, StoreError> {
        let mut done = 0;
        // Each job is started once a pass at most: one that panicked waits for the next pass.
        let mut seen = std::collections::HashSet::new();
        loop {
            // The queue is bounded (`MAX_JOBS`, `MAX_JOBS_PER_USER`): read it whole, then take
            // each in turn; jobs queued meanwhile are read in the next round.
            let mut queued = Vec::new();
            for entry in self.reads().iter_prefix(keys::REVIEW_JOB_PREFIX) {
                let (key, value) = entry?;
                if seen.insert(key.clone()) {
                    queued.push((key, value));
                }
            }
            let mut taken = 0;
            for (key, value) in queued {
                let (job, claimed) = match self.take(&key, value)? {
                    Take::Ours(job, claimed) => (job, claimed),
                    Take::GivenUp => {
                        taken += 1;
                        continue;
                    }
                    Take::Leave => continue,
                };
                taken += 1;
                let run = std::panic::AssertUnwindSafe(|| self.run_one(&key, &job, &claimed));
                match std::panic::catch_unwind(run) {
                    Ok(Ok(stored)) => done += usize::from(stored),
                    Ok(Err(Fail::Store(err))) => return Err(err),
                    Ok(Err(_)) => {
                        // The match is gone or cannot be replayed: drop the job rather than try
                        // it again, and tell who asked that no review comes.
                        tracing::error!(key = %String::from_utf8_lossy(&key), "a review job that cannot be done is dropped");
                        self.give_up(&key, &job, &claimed)?;
                    }
                    Err(_) => {
                        // A bug in the analysis. The attempt is counted: the job is tried again
                        // at the next pass, and given up after `MAX_ATTEMPTS`.
                        tracing::error!(
                            match_id = job.match_id.0,
                            attempts = job.attempts,
                            "a review panicked; the other reviews go on"
                        );
                    }
                }
            }
            if taken == 0 {
                break;
            }
        }
        if done > 0 {
            self.sync()?;
        }
        Ok(done)
    }

    /// Takes the job stored under `key` as `value`: counts the attempt and leases it to this
    /// process, in one checked commit.
    fn take(&self, key: &[u8], value: Vec<u8>) -> Result<Take, StoreError> {
        let mut job = match record::decode_review_job(&value) {
            Ok(job) => job,
            Err(err) if err.is_newer() => return Ok(Take::Leave),
            Err(err) => {
                // Corrupt: nobody can do it; it is dropped so that it blocks no one.
                tracing::error!(key = %String::from_utf8_lossy(key), error = %err, "an unreadable review job is dropped");
                let mut txn = Txn::default();
                txn.check(key.to_vec(), Some(value)).delete(key.to_vec());
                self.commit_txn(&txn)?;
                return Ok(Take::GivenUp);
            }
        };
        let now = self.now();
        if job
            .lease
            .as_ref()
            .is_some_and(|lease| lease.owner != self.instance() && lease.until > now)
        {
            return Ok(Take::Leave);
        }
        if job.attempts >= MAX_ATTEMPTS {
            tracing::error!(
                match_id = job.match_id.0,
                attempts = job.attempts,
                "a review tried too often is given up"
            );
            self.give_up(key, &job, &value)?;
            return Ok(Take::GivenUp);
        }
        job.attempts += 1;
        job.lease = Some(lalao_model::notify::Lease {
            owner: self.instance().to_owned(),
            until: now + REVIEW_LEASE,
        });
        let claimed = record::encode(&job);
        let mut txn = Txn::default();
        txn.check(key.to_vec(), Some(value))
            .put(key.to_vec(), claimed.clone());
        // Synced before the work: an attempt that ends the process is counted too.
        if self.commit_txn(&txn)? != Committed::Applied {
            // Another process took it, or it was done meanwhile.
            return Ok(Take::Leave);
        }
        self.sync()?;
        Ok(Take::Ours(job, claimed))
    }

    /// Removes `job` (stored as `value`) for good and tells who asked that no review comes.
    fn give_up(&self, key: &[u8], job: &ReviewJob, value: &[u8]) -> Result<(), StoreError> {
        let locale = Notices(self).locale_of(&job.requester);
        let text = t(locale, "review-failed", &[("id", job.match_id.to_string())]);
        let (outbox, notification) = self.notification(job, "review-failed", text);
        let mut txn = Txn::default();
        txn.check(key.to_vec(), Some(value.to_vec()))
            .delete(key.to_vec())
            .put(outbox, record::encode(&notification));
        self.commit_txn(&txn)?;
        self.sync()
    }

    /// Does one review job, taken by this process (stored as `claimed`): the analysis, then
    /// one commit with the review, its notification and the job's removal. `false` when the
    /// job changed meanwhile (its lease ran out and another process took it).
    fn run_one(&self, key: &[u8], job: &ReviewJob, claimed: &[u8]) -> Result<bool, Fail> {
        #[cfg(test)]
        if self.hooks().review_panics.lock().unwrap().contains(&job.match_id) {
            panic!("a fault injected into the review of match {}", job.match_id);
        }
        let Some((match_record, _)) = self.load(job.match_id)? else {
            return Err(Fail::user("no-such-match", Vec::new()));
        };
        let start = match_record
            .initial_game()
            .map_err(|err| record::RecordError::Game {
                id: match_record.id,
                message: err.to_string(),
            })?;
        let started = std::time::Instant::now();
        let review =
            analysis::review(&start, &match_record.moves).map_err(|err| record::RecordError::Game {
                id: match_record.id,
                message: err.to_string(),
            })?;
        self.metrics()
            .review_seconds
            .observe(started.elapsed().as_secs_f64());
        let now = self.now();
        let stored = stored_review(&match_record, &review, now);
        tracing::info!(
            match_id = match_record.id.0,
            nodes = review.nodes,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "match reviewed"
        );
        let locale = Notices(self).locale_of(&job.requester);
        let text = Reviews(self).review_text(locale, &match_record, &stored);
        let (outbox, notification) = self.notification(job, "review", text);
        let mut txn = Txn::default();
        txn.check(key.to_vec(), Some(claimed.to_vec()))
            .delete(key.to_vec())
            .put(keys::review_key(match_record.id), record::encode(&stored))
            .put(outbox, record::encode(&notification));
        Ok(self.commit_txn(&txn)? == Committed::Applied)
    }

    /// The outbox entry that tells `job`'s channel `text` (`key` names it), mentioning who asked.
    fn notification(&self, job: &ReviewJob, key: &str, text: String) -> (Vec<u8>, Notification) {
        let now = self.now();
        let notification = Notification {
            v: record::RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Channel {
                channel: job.channel.clone(),
            },
            key: key.to_owned(),
            text,
            mentions: vec![job.requester.clone()],
            match_id: Some(job.match_id),
            due: now,
            fired: now,
            lease: None,
        };
        // Keyed like a timer that fired now, so it is delivered in order with the others.
        let outbox = keys::outbox_key(&keys::match_timer_key(now, job.match_id, key), 0);
        (outbox, notification)
    }
}
