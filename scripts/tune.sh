#!/usr/bin/env bash
# Measures evaluation weights: the given weights against the defaults (assets/engine/weights.txt),
# same level, from balanced openings with both colours, over `tak tei`. For example:
#   scripts/tune.sh 'threat=120 half_flat_late=80' --level 6 --openings 100
# Keep a change when it scores clearly above 50% (with 200 games, about 55% or more).
set -euo pipefail
cd "$(dirname "$0")/.."
weights=${1:?usage: scripts/tune.sh 'name=value ...' [--level N] [--openings N] [--size N]}
shift
level=6
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --level) level=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
target=${CARGO_TARGET_DIR:-target}
cargo build --release --bin tak --example ladder
exec "$target/release/examples/ladder" --tak "$target/release/tak" --levels "$level-$level" \
  --weights "$weights" "${args[@]}"
