#![no_main]
//! Any bytes as a command line: the parser (chat and console modes) and the service must not panic.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lalao_app::fuzz::parse_command(data));
