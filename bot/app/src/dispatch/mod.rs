//! On top of the features: each command handed to the feature that owns it.

pub(crate) mod commands;
pub(crate) mod handle;
#[cfg(test)]
pub(crate) mod tests;
