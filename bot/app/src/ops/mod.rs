//! Keeping the store sound: the invariants `lalao check` proves and the upkeep that repairs.

pub(crate) mod forget;
pub(crate) mod invariants;
pub(crate) mod my_data;
pub(crate) mod retention;
pub(crate) mod upkeep;
