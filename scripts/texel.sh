#!/usr/bin/env bash
# The evaluation's tuning run, reproducible: self-play positions on 5x5 and 6x6 (komi 2), any
# PTN files of games given (e.g. matches against Tiltak from scripts/versus.sh), then the
# logistic-regression fit written to assets/engine/weights.txt (compiled into the engine).
#   scripts/texel.sh DIR [GAMES] [NODES] [MATCH.ptn ...]
# DIR keeps the data (data.txt); GAMES self-play games per board size (default 600) at NODES
# nodes a move (default 5000). Then rebuild, and accept the weights only if
# scripts/versus.sh --opponent '/path/tak-before tei' --sprt 0,30 says they help.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/texel.sh DIR [GAMES] [NODES] [MATCH.ptn ...]}
games=${2:-600}
nodes=${3:-5000}
shift $(( $# < 3 ? $# : 3 ))
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --example texel
texel="$target/release/examples/texel"
mkdir -p "$dir"
: > "$dir/data.txt"
"$texel" play --games "$games" --size 5 --komi 4 --nodes "$nodes" --noise 30 --seed 1 >> "$dir/data.txt"
"$texel" play --games "$games" --size 6 --komi 4 --nodes "$nodes" --noise 30 --seed 2 >> "$dir/data.txt"
if [ $# -gt 0 ]; then
  "$texel" ptn "$@" >> "$dir/data.txt"
fi
wc -l "$dir/data.txt"
"$texel" fit "$dir/data.txt" --iterations 1500 --l2 0.01 --out assets/engine/weights.txt
