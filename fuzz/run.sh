#!/usr/bin/env bash
# Runs each fuzz target for a fixed time (default 60 s each). Needs a nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz`); not run in CI (the machine has stable only). The same
# bodies run on stable as proptests in `cargo test -p lalao-app`.
#   fuzz/run.sh [seconds-per-target]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
for target in command_parser record_decoder; do
    echo "== $target for ${seconds}s"
    mkdir -p "corpus/$target"
    cargo +nightly fuzz run "$target" "corpus/$target" -- -max_total_time="$seconds" -max_len=4096
done
