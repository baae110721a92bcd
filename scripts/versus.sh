#!/usr/bin/env bash
# An engine match: this build's `tak tei` against another TEI engine, from the balanced openings
# in ../shared/peers/openings with both colours, on a clock; Elo with its 95% margin, and with
# --sprt ELO0,ELO1 a sequential test that stops when it is settled. Arguments go to
# examples/versus.rs. For example, against Tiltak (built by ../shared/peers/build.sh OUT):
#   scripts/versus.sh --opponent OUT/tiltak-tei --size 5 --komi 2 --clock 10+0.1 --games 100
#   scripts/versus.sh --opponent OUT/tiltak-tei --size 6 --komi 2 --clock 15+0.15 --games 100
# and a change against the build before it (a copy of the old binary kept aside):
#   scripts/versus.sh --opponent '/tmp/tak-old tei' --clock 5+0.05 --games 400 --sprt 0,30
# Run matches one at a time on a quiet machine: both sides think on the clock.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --bin tak --example versus
exec "$target/release/examples/versus" --tak "$target/release/tak" "$@"
