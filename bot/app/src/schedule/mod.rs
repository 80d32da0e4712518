//! The durable scheduler: every timer is a key of the store's time-ordered index
//! `timer/<due>/<target>`, written in the same atomic commit as the change that makes it
//! necessary (or moot). Firing a timer is one commit too: it removes the timer (checked to be
//! still there), applies its effect to the match and puts the notifications in the outbox. So
//! after a crash every overdue timer fires exactly once, in due order, and nothing is lost: a
//! timer is either still in the index or its effects are committed.
//!
//! Nothing polls the matches: the run loop reads only the first key of the index, sleeps until
//! it is due, and is woken early by [`Wake`] when a commit adds an earlier timer.
//! Delivery is separate: adapters drain the outbox through a [`notifier::Notifier`].

pub(crate) mod fire;
pub mod notifier;
pub(crate) mod roles;
mod router;
pub(crate) mod runner;

#[cfg(test)]
mod tests;

pub use crate::kernel::scheduling::{Hooks, Policy, Wake};
pub use lalao_model::{quiet, timing, units};
pub use notifier::{DeadLetter, DeliveryError, Notification, Notifier, Recipient};
pub use router::{PlatformNotifier, Router, SchedulerThread};
pub(crate) use runner::run;
