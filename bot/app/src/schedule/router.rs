//! One notifier for a whole process, and the one scheduler that drains the outbox through it
//! (its timers' loop, and a delivery thread per platform: `runner.rs`).
//!
//! A process serves one chat platform or several: each adapter attaches its platform's
//! notifier to the [`Router`] once it can deliver (Discord when its HTTP client is built,
//! Matrix after its first sync, when the bot knows its rooms), and the router hands every
//! notification to its recipient's platform. A platform this process does not serve can
//! never be delivered here: dead letter. A served platform whose adapter is not connected
//! yet is a passing failure: only that destination waits.

use crate::schedule::runner::Outbox;
use crate::teach::review_jobs::ReviewJobs;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use super::notifier::{DeliveryError, Notification, Notifier};
use super::Wake;
use crate::ids::Platform;
use crate::kernel::App;

/// A platform's notifier, shared with the scheduler's thread.
pub type PlatformNotifier = Box<dyn Notifier + Send + Sync>;

/// Routes each notification to the notifier of its recipient's platform.
pub struct Router {
    routes: Vec<(Platform, OnceLock<PlatformNotifier>)>,
    wake: Arc<Wake>,
}

impl Router {
    /// A router for the platforms this process serves; `wake` is the scheduler's (a newly
    /// attached platform gets its waiting notifications at once).
    pub fn new(platforms: &[Platform], wake: Arc<Wake>) -> Router {
        Router {
            routes: platforms
                .iter()
                .map(|&platform| (platform, OnceLock::new()))
                .collect(),
            wake,
        }
    }

    /// The platform's adapter can deliver from now on. Returns `false` if the platform is not
    /// served here or already has its notifier.
    pub fn attach(&self, platform: Platform, notifier: PlatformNotifier) -> bool {
        let Some((_, slot)) = self.routes.iter().find(|(served, _)| *served == platform) else {
            return false;
        };
        let attached = slot.set(notifier).is_ok();
        if attached {
            tracing::info!(
                platform = platform.id(),
                "notifications are delivered on this platform"
            );
            self.wake.note(0);
        }
        attached
    }
}

impl Notifier for Router {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
        let platform = notification.recipient.platform();
        match self.routes.iter().find(|(served, _)| *served == platform) {
            None => Err(DeliveryError::Permanent(format!(
                "no {} adapter runs in this process",
                platform.id()
            ))),
            Some((_, slot)) => match slot.get() {
                Some(notifier) => notifier.deliver(notification),
                None => Err(DeliveryError::Transient(format!(
                    "the {} adapter is not connected yet",
                    platform.id()
                ))),
            },
        }
    }

    fn serves(&self, platform: Platform) -> bool {
        self.routes.iter().any(|(served, _)| *served == platform)
    }
}

/// The scheduler's loop ([`super::run`]) on its own thread: one per process, whatever the
/// adapters; and next to it the review worker (`service/review.rs`), on a thread of its own so
/// that a review's seconds of search never delay a timer or a delivery.
/// Dropping it (an adapter's future dropped mid-way) stops both loops without waiting.
pub struct SchedulerThread {
    stop: Arc<AtomicBool>,
    service: Arc<App>,
    thread: Option<JoinHandle<()>>,
    reviews: Option<JoinHandle<()>>,
}

/// How often the review worker looks for jobs when nothing wakes it: jobs queued by another
/// process on a shared store wake only that process's worker.
const REVIEW_POLL: Duration = Duration::from_secs(30);

/// The review worker's loop: every queued review, then sleep until one is queued.
fn review_worker(service: &App, stop: &AtomicBool) {
    tracing::info!("review worker running");
    while !stop.load(Ordering::SeqCst) {
        // A panic in one review (a bug) must not end the reviews of everyone after it.
        let run = std::panic::AssertUnwindSafe(|| ReviewJobs(service).run_pending());
        match std::panic::catch_unwind(run) {
            Ok(Ok(_)) => {}
            Ok(Err(err)) => tracing::error!(error = %err, "the queued reviews could not be done"),
            Err(_) => tracing::error!("the review worker panicked; it goes on"),
        }
        if stop.load(Ordering::SeqCst) {
            break;
        }
        service
            .hooks()
            .reviews
            .sleep_until(None, || service.now(), REVIEW_POLL);
    }
}

impl SchedulerThread {
    /// Starts firing timers and delivering through `notifier`.
    pub(crate) fn start(
        service: Arc<App>,
        notifier: Arc<dyn Notifier + Send + Sync>,
    ) -> std::io::Result<SchedulerThread> {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = std::thread::Builder::new()
            .name("lalao-scheduler".to_owned())
            .spawn({
                let (service, stop) = (service.clone(), stop.clone());
                move || {
                    tracing::info!("scheduler running");
                    // A panic (a bug in a notifier or a timer's handling) must not silently stop
                    // every timer while the bot keeps answering: log it and start the loop again,
                    // after a pause that grows if it keeps happening.
                    let mut panics: u32 = 0;
                    loop {
                        let run = std::panic::AssertUnwindSafe(|| {
                            let owed = &service.hooks().injected_panics;
                            if owed
                                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                                .is_ok()
                            {
                                panic!("a fault injected by LALAO_FAULT_SCHEDULER_PANICS");
                            }
                            super::run(&service, notifier.as_ref(), &stop)
                        });
                        match std::panic::catch_unwind(run) {
                            Ok(()) => break,
                            Err(panic) => {
                                panics = panics.saturating_add(1);
                                let what = panic
                                    .downcast_ref::<&str>()
                                    .map(|text| (*text).to_owned())
                                    .or_else(|| panic.downcast_ref::<String>().cloned())
                                    .unwrap_or_default();
                                let pause = Duration::from_secs(1u64 << (panics - 1).min(6));
                                tracing::error!(panic = %what, panics, ?pause, "the scheduler panicked; it starts again");
                                if stop.load(Ordering::SeqCst) {
                                    break;
                                }
                                Outbox(&service).wake().sleep_until(None, || service.now(), pause);
                            }
                        }
                    }
                }
            })?;
        let reviews = std::thread::Builder::new()
            .name("lalao-reviews".to_owned())
            .spawn({
                let (service, stop) = (service.clone(), stop.clone());
                move || review_worker(&service, &stop)
            })?;
        Ok(SchedulerThread {
            stop,
            service,
            thread: Some(thread),
            reviews: Some(reviews),
        })
    }

    /// Asks the loop to stop, waking it if it sleeps until its next timer. A delivery under
    /// way is finished first.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        Outbox(&self.service).wake().note(0);
        self.service.hooks().reviews.note(0);
    }

    /// Stops the loop and waits for its thread (blocking: from async code, call it on a
    /// blocking thread).
    pub fn stop(mut self) {
        self.request_stop();
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                tracing::error!("the scheduler thread failed");
            }
        }
        // A review under way is finished first (seconds at most: its budget is in nodes).
        if let Some(reviews) = self.reviews.take() {
            if reviews.join().is_err() {
                tracing::error!("the review worker failed");
            }
        }
        tracing::info!("scheduler stopped");
    }
}

impl Drop for SchedulerThread {
    fn drop(&mut self) {
        self.request_stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ChannelId, UserId};
    use crate::schedule::Recipient;
    use std::sync::Mutex;

    struct Recording(Arc<Mutex<Vec<String>>>);

    impl Notifier for Recording {
        fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError> {
            self.0.lock().unwrap().push(notification.recipient.destination());
            Ok(())
        }
    }

    fn to(recipient: Recipient) -> Notification {
        Notification {
            v: 1,
            id: "outbox/1".to_owned(),
            recipient,
            key: "turn-notice".to_owned(),
            text: "Ana, it is your turn in #1.".to_owned(),
            mentions: Vec::new(),
            match_id: None,
            due: 0,
            fired: 0,
            lease: None,
        }
    }

    #[test]
    fn each_notification_goes_to_its_platform_and_unserved_ones_are_dead_letters() {
        let router = Router::new(&[Platform::Discord, Platform::Matrix], Arc::new(Wake::default()));
        let discord = to(Recipient::Direct {
            user: UserId::new(Platform::Discord, "42"),
        });
        let matrix = to(Recipient::Channel {
            channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
        });
        let console = to(Recipient::Direct {
            user: UserId::new(Platform::Console, "ana"),
        });
        // Not connected yet: a passing failure.
        assert_eq!(
            router.deliver(&matrix),
            Err(DeliveryError::Transient(
                "the matrix adapter is not connected yet".to_owned()
            ))
        );
        let (on_discord, on_matrix) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(Vec::new())));
        assert!(router.attach(Platform::Discord, Box::new(Recording(on_discord.clone()))));
        assert!(router.attach(Platform::Matrix, Box::new(Recording(on_matrix.clone()))));
        assert!(!router.attach(Platform::Matrix, Box::new(Recording(on_matrix.clone()))));
        assert!(!router.attach(Platform::Console, Box::new(Recording(on_matrix.clone()))));
        assert_eq!(router.deliver(&discord), Ok(()));
        assert_eq!(router.deliver(&matrix), Ok(()));
        assert_eq!(
            router.deliver(&console),
            Err(DeliveryError::Permanent(
                "no console adapter runs in this process".to_owned()
            ))
        );
        assert_eq!(*on_discord.lock().unwrap(), [discord.recipient.destination()]);
        assert_eq!(*on_matrix.lock().unwrap(), [matrix.recipient.destination()]);
    }
}
