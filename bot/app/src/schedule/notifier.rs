//! Notices: what the scheduler and the commands put in the outbox (the stored types are the
//! model's), and the seam through which adapters deliver them.

pub use lalao_model::notify::{
    find_zone, DeadLetter, Lease, LocalTime, Mode, Notification, NotifySettings, Quiet, Recipient, Reminder,
};

/// Why a notification did not go out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeliveryError {
    /// Worth trying again later: network trouble, the platform unavailable (5xx), rate limited
    /// (429). The notification stays in the outbox, and its destination's later notifications
    /// wait behind it so that their order is kept.
    Transient(String),
    /// Will never succeed as it stands: no permission to post (403), no such room, channel or
    /// user (404), too large (413), a recipient of another platform. The notification is moved
    /// to the dead letters with one log line, and the destination's next notifications go on.
    Permanent(String),
}

impl std::fmt::Display for DeliveryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeliveryError::Transient(why) => write!(f, "{why} (will retry)"),
            DeliveryError::Permanent(why) => write!(f, "{why} (will not retry)"),
        }
    }
}

/// The longest one delivery may take: adapters give up then and report a passing failure (it is
/// tried again later). Well under an outbox lease (a minute), so that no other process takes a
/// notification over while it is being sent.
pub const DELIVERY_DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

/// Why a delivery cut short at [`DELIVERY_DEADLINE`] failed, for the log.
pub fn too_slow() -> String {
    format!(
        "the platform did not answer within {} s",
        DELIVERY_DEADLINE.as_secs()
    )
}

/// What an adapter implements to deliver notifications, each within [`DELIVERY_DEADLINE`].
pub trait Notifier {
    fn deliver(&self, notification: &Notification) -> Result<(), DeliveryError>;

    /// Whether this process can deliver to `platform` at all. On a store shared with other
    /// processes a notification for a platform not served here is left in the outbox for a
    /// process that serves it (a Discord-only and a Matrix-only process on one database);
    /// on a store of its own it is handed to [`Notifier::deliver`], which dead-letters it.
    fn serves(&self, _platform: lalao_model::ids::Platform) -> bool {
        true
    }
}
