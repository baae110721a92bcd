#!/usr/bin/env bash
# The level ladder over `tak tei`: each level against the level two below it, from balanced
# openings with both colours. Arguments go to examples/ladder.rs, e.g.
#   scripts/ladder.sh --size 5 --openings 50 --levels 3-7
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
cargo build --release --bin tak --example ladder
exec "$target/release/examples/ladder" --tak "$target/release/tak" "$@"
