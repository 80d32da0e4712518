#!/usr/bin/env python3
"""README's promise: after `cargo build --bin lalao`, `cargo test --workspace` rebuilds no
registry crate. Compares the two commands' unit graphs: every registry unit of the first must
be in the second with the same features and profile settings (a crate shared by a proc macro
and normal code is built once, with the normal settings, so a dev-dependency can change a
proc macro's inputs and rebuild everything above it). Unit graphs are unstable Cargo output:
if they cannot be had, this says so and passes; if they differ, it fails."""
import json
import os
import subprocess
import sys

env = dict(os.environ, __CARGO_TEST_CHANNEL_OVERRIDE_DO_NOT_USE_THIS="nightly")


def units(*command):
    result = subprocess.run(
        ["cargo", *command, "--unit-graph", "-Z", "unstable-options"],
        env=env, capture_output=True, text=True,
    )
    if result.returncode != 0:
        print("same-units: unit graphs unavailable, not checked:", result.stderr.strip()[:300])
        sys.exit(0)
    graph = json.loads(result.stdout)
    found = set()
    for unit in graph["units"]:
        if "registry" not in unit["pkg_id"]:
            continue
        profile = dict(unit["profile"])
        profile.pop("name", None)
        found.add((unit["pkg_id"], tuple(unit["target"]["kind"]), unit["mode"],
                   tuple(unit["features"]), json.dumps(profile, sort_keys=True)))
    return found


built = units("build", "--bin", "lalao")
tested = units("test", "--workspace", "--no-run")
rebuilt = sorted(built - tested)
if rebuilt:
    print("`cargo test --workspace` would rebuild registry crates `cargo build --bin lalao` built:")
    for unit in rebuilt:
        print("  ", unit[0].split("#")[-1], unit[1], unit[3], unit[4])
    sys.exit(1)
print(f"same-units: the {len(built)} registry units of `cargo build --bin lalao` are reused by the tests")
