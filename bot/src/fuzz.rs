//! Fuzz bodies (filled below).
