//! Sending, off the sync loop: one queue per destination (a room, or a user's direct room),
//! each drained in order by its own task.
//!
//! The sync loop only applies commands and queues what they answer, so a room where the bot
//! may not post, a reply the homeserver refuses, or a homeserver slow for one room never
//! holds up the commands of another room.
//!
//! The sync position is saved only once every reply of every batch up to it has been sent
//! (or given up): a crash in between makes the homeserver deliver those events again, as it
//! did when replies were sent inline.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use matrix_sdk::ruma::OwnedTransactionId;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::{debug, warn};

use super::session_records::Store;

/// What a queue runs: the sends of one reply, in order.
type Work = Pin<Box<dyn Future<Output = ()> + Send>>;

/// One queued piece of work, and the batch of events it answers.
struct Job {
    work: Work,
    _batch: Arc<()>,
}

/// Where a reply goes: its queue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A room, by id.
    Room(String),
    /// The direct room with a user (found or created when the reply is sent).
    Direct(String),
}

struct Queue {
    sender: mpsc::UnboundedSender<Job>,
    task: JoinHandle<()>,
}

pub struct Delivery {
    queues: Mutex<HashMap<Destination, Queue>>,
    /// The batch whose events the sync loop is handling now.
    current: Mutex<Arc<()>>,
    /// Sync positions whose batches still have replies in some queue, oldest first.
    ledger: tokio::sync::Mutex<VecDeque<(String, Weak<()>)>>,
    store: Store,
    /// Work was abandoned at shutdown: no position may be saved past it any more.
    abandoned: AtomicBool,
}

impl Delivery {
    pub fn new(store: Store) -> Arc<Delivery> {
        Arc::new(Delivery {
            queues: Mutex::new(HashMap::new()),
            current: Mutex::new(Arc::new(())),
            ledger: tokio::sync::Mutex::new(VecDeque::new()),
            store,
            abandoned: AtomicBool::new(false),
        })
    }

    /// Queues `work` behind what `destination` already has. Never waits.
    pub fn enqueue(
        self: &Arc<Self>,
        destination: Destination,
        work: impl Future<Output = ()> + Send + 'static,
    ) {
        let job = Job {
            work: Box::pin(work),
            _batch: lock(&self.current).clone(),
        };
        let mut queues = lock(&self.queues);
        let queue = queues
            .entry(destination.clone())
            .or_insert_with(|| self.start_queue(&destination));
        if let Err(mpsc::error::SendError(job)) = queue.sender.send(job) {
            // The queue's task ended (it panicked): start a fresh one for this job.
            warn!(?destination, "a send queue had stopped; restarted");
            let fresh = self.start_queue(&destination);
            let _ = fresh.sender.send(job);
            *queue = fresh;
        }
    }

    fn start_queue(self: &Arc<Self>, destination: &Destination) -> Queue {
        let (sender, mut jobs) = mpsc::unbounded_channel::<Job>();
        let delivery = Arc::downgrade(self);
        let destination = destination.clone();
        let task = tokio::spawn(async move {
            while let Some(job) = jobs.recv().await {
                let Job { work, _batch } = job;
                work.await;
                drop(_batch);
                match delivery.upgrade() {
                    Some(delivery) => delivery.settle().await,
                    None => break,
                }
            }
            debug!(?destination, "send queue closed");
        });
        Queue { sender, task }
    }

    /// The sync loop has handled every event of the batch ending at `token`: its position is
    /// saved as soon as this batch's replies (and every earlier batch's) are out.
    pub async fn batch_handled(&self, token: &str) {
        let finished = std::mem::replace(&mut *lock(&self.current), Arc::new(()));
        self.ledger
            .lock()
            .await
            .push_back((token.to_owned(), Arc::downgrade(&finished)));
        drop(finished);
        self.settle().await;
    }

    /// Saves the newest sync position all of whose replies are out.
    async fn settle(&self) {
        let mut ledger = self.ledger.lock().await;
        if self.abandoned.load(Ordering::SeqCst) {
            return;
        }
        let mut done = None;
        while ledger.front().is_some_and(|(_, batch)| batch.strong_count() == 0) {
            done = ledger.pop_front().map(|(token, _)| token);
        }
        if let Some(token) = done {
            // Saved under the ledger's lock: positions are saved in order.
            self.store.set_sync_token(&token).await;
        }
    }

    /// Stops taking work and lets the queues finish for at most `patience`; what is still
    /// unsent then is abandoned (its events come again on the next start, as the sync
    /// position was not saved past them).
    pub async fn close(&self, patience: Duration) {
        let queues: Vec<Queue> = lock(&self.queues).drain().map(|(_, queue)| queue).collect();
        let mut tasks = Vec::new();
        for queue in queues {
            drop(queue.sender);
            tasks.push(queue.task);
        }
        let deadline = tokio::time::Instant::now() + patience;
        let mut unfinished = Vec::new();
        for mut task in tasks {
            if tokio::time::timeout_at(deadline, &mut task).await.is_err() {
                unfinished.push(task);
            }
        }
        if unfinished.is_empty() {
            self.settle().await;
            return;
        }
        // Aborting drops the queued jobs, which would look like finished batches.
        self.abandoned.store(true, Ordering::SeqCst);
        warn!(
            queues = unfinished.len(),
            "sends were still in progress at shutdown; abandoned"
        );
        for task in unfinished {
            task.abort();
        }
    }
}

/// The transaction ids of one reply's messages. For the answer to a command they derive from
/// the command's event id: when the homeserver delivers the command again after a crash, its
/// answer is sent again with the same ids, and the homeserver keeps the message it already
/// has (the spec's idempotent sends) instead of showing it twice.
pub struct Txns {
    base: String,
    next: usize,
}

impl Txns {
    /// The ids of reply number `reply` to the event `event_id`.
    pub fn answering(event_id: &str, reply: usize) -> Txns {
        let hex: String = event_id.bytes().map(|b| format!("{b:02x}")).collect();
        Txns {
            base: format!("lalao-r-{hex}-{reply}"),
            next: 0,
        }
    }

    /// The id of the next message.
    pub fn next(&mut self) -> OwnedTransactionId {
        let id = OwnedTransactionId::from(format!("{}-{}", self.base, self.next));
        self.next += 1;
        id
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poison| poison.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_gets_the_same_transaction_ids_every_time() {
        let ids = |reply| {
            let mut txns = Txns::answering("$a_B-9:x", reply);
            [txns.next(), txns.next()].map(|id| id.to_string())
        };
        assert_eq!(
            ids(0),
            ["lalao-r-24615f422d393a78-0-0", "lalao-r-24615f422d393a78-0-1"]
        );
        assert_eq!(ids(1), ids(1));
        assert_ne!(ids(0), ids(1));
    }
}
