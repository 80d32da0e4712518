//! A match's live page on the web: the view, its replays and the link to it.

pub(crate) mod live;
