//! Fuzz bodies as plain functions: `fuzz/` (cargo-fuzz, nightly) calls them with libFuzzer's
//! bytes, and the proptests below run the same bodies on stable in every `cargo test`.

use std::sync::{Arc, OnceLock};

use lalao_renderer::{Locale, Style};

use crate::clock::FixedClock;
use crate::command;
use crate::dispatch::handle::Handle;
use crate::kernel::{App, Context, Defaults, FixedSeeds};
use crate::record;
use crate::store::MemoryStore;

/// The command parser must never panic, in chat mode or console mode, and a parsed line must
/// be handled by the service without panicking either (on a throwaway in-memory store).
pub fn parse_command(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let _ = command::parse(line, true);
    if let Ok(Some(parsed)) = command::parse(line, false) {
        static SERVICE: OnceLock<App> = OnceLock::new();
        let service = SERVICE.get_or_init(|| {
            let service = App::new(
                Arc::new(MemoryStore::default()),
                Defaults {
                    locale: Locale::En,
                    style: Style::Text,
                },
                &crate::class::classroom::CLASSROOM,
                &crate::teach::seam::TEACHING,
            )
            .with_clock(Arc::new(FixedClock(0)))
            .with_seeds(Arc::new(FixedSeeds(0)));
            service.open().expect("memory store opens");
            service
        });
        let _ = service.handle(&Context::console("fuzz"), parsed);
    }
}

/// The stored-record decoder must never panic, whatever the key and the bytes.
pub fn decode_record(data: &[u8]) {
    // The first byte picks a key family so the fuzzer reaches every decoder.
    let Some((selector, value)) = data.split_first() else {
        return;
    };
    let key: &[u8] = match selector % 6 {
        0 => b"meta/schema",
        1 => b"seq/match",
        2 => b"match/00000000000000000001",
        3 => b"player/console:fuzz\0",
        4 => b"event/discord:1\0",
        _ => b"chan/console:local\x0000000000000000000001",
    };
    let _ = record::decode_entry(key, value);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Words the grammar knows, so random lines reach deep into the parser and the service.
    const WORDS: &[&str] = &[
        "!lalao",
        "play",
        "fano",
        "mangala",
        "katro",
        "accept",
        "decline",
        "cancel",
        "move",
        "board",
        "resign",
        "draw",
        "undo",
        "list",
        "mine",
        "history",
        "export",
        "rules",
        "help",
        "settings",
        "coins",
        "call",
        "side",
        "tek",
        "çift",
        "@ana",
        "<@12>",
        "open",
        "practice",
        "cells=5",
        "cells=4",
        "misere",
        "side=black",
        "#1",
        "#2",
        "@1",
        "@3",
        "2-3",
        "accept",
        "fr",
        "language",
        "style=large",
        "=",
        "#",
        "",
        "é",
        "\u{0}",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_parser_never_panics_on_any_text(line in "\\PC{0,80}") {
            parse_command(line.as_bytes());
        }

        #[test]
        fn grammar_shaped_lines_never_panic_the_parser_or_the_service(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..8)
        ) {
            parse_command(words.join(" ").as_bytes());
        }

        #[test]
        fn the_record_decoder_never_panics(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            decode_record(&data);
        }

        #[test]
        fn json_shaped_records_never_panic_the_decoder(
            selector in 0u8..6,
            v in 0u64..4,
            fields in proptest::collection::vec(("[a-z_]{1,10}", "[0-9a-z\"\\[\\]{}:,]{0,12}"), 0..6)
        ) {
            let body: Vec<String> = fields.iter().map(|(key, value)| format!("\"{key}\":{value}")).collect();
            let text = format!("{{\"v\":{v},{}}}", body.join(","));
            let mut data = vec![selector];
            data.extend(text.as_bytes());
            decode_record(&data);
        }
    }

    #[test]
    fn a_real_match_record_decodes_and_its_truncations_do_not_panic() {
        let service = crate::testing::memory_service(Locale::En);
        let ctx = Context::console("ana");
        service.handle_text(&ctx, "play fano", false).unwrap();
        service.handle_text(&ctx, "@4", false).unwrap();
        let bytes = service
            .store()
            .get(&crate::store::keys::match_key(crate::ids::MatchId(1)))
            .unwrap()
            .unwrap();
        assert!(record::decode_entry(&crate::store::keys::match_key(crate::ids::MatchId(1)), &bytes).is_ok());
        for end in 0..bytes.len() {
            let mut data = vec![2];
            data.extend(&bytes[..end]);
            decode_record(&data);
        }
    }
}
