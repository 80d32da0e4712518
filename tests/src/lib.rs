//! End-to-end tests live in `tests/e2e/`; this crate has no library code.
