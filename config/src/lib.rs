//! lalao-config: typed configuration (file + environment), validated at start.

pub mod matrix;

pub use matrix::{BoardUpdates, MatrixConfig, MatrixConfigError, MatrixLogin};
