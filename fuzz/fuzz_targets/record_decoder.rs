#![no_main]
//! Any bytes as a stored record under any key family: decoding must fail cleanly, never panic.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lalao_app::fuzz::decode_record(data));
