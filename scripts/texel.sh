#!/usr/bin/env bash
# The evaluation's tuning run, reproducible: games of Tiltak against itself on 5x5 and 6x6
# (komi 2, from the balanced books of ../shared/peers/openings, both colours an opening), any
# more PTN files of games given, every quiet position of a game finished on the board labelled
# with its result, then the logistic-regression fit written to assets/engine/weights.txt
# (compiled into the engine).
#   scripts/texel.sh DIR [GAMES5] [GAMES6] [MORE.ptn ...]
# DIR keeps Tiltak's build (DIR/tiltak-tei), the games (DIR/tiltak-5x5.ptn, DIR/tiltak-6x6.ptn:
# kept and taken up where they stopped, so a run can be stopped and started again) and the
# positions (DIR/data.txt). GAMES5 and GAMES6 default to 600 and 300 (about 70 and 90 minutes
# on 2 cores). Then rebuild, and accept the weights only if
#   scripts/versus.sh --opponent '/path/tak-before tei --level 6' --tei '--level 6' --clock 60+1 --sprt 0,30
# says they help.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/texel.sh DIR [GAMES5] [GAMES6] [MORE.ptn ...]}
games5=${2:-600}
games6=${3:-300}
shift $(( $# < 3 ? $# : 3 ))
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$dir"
[ -x "$dir/tiltak-tei" ] || ../shared/peers/build.sh "$dir"
cargo build --release --quiet --bin tak --example texel
tak="$target/release/tak"
texel="$target/release/examples/texel"
selfplay() { # SIZE CLOCK(minutes+seconds) GAMES
  local out="$dir/tiltak-$1x$1.ptn" more=()
  [ -f "$out" ] && more=(--continue)
  "$tak" match --quiet --white "engine:cmd:$dir/tiltak-tei" --black "engine:cmd:$dir/tiltak-tei" \
    --size "$1" --komi 2 --clock "$2" --games "$3" \
    --openings "../shared/peers/openings/$1s_4ply_balanced_openings.txt" --out "$out" "${more[@]}"
}
selfplay 5 0.05+0.03 "$games5"
selfplay 6 0.1+0.05 "$games6"
# The 6x6 games first: the fit holds out the file's last tenth (whole games, 5x5) to check.
"$texel" ptn "$dir/tiltak-6x6.ptn" "$@" "$dir/tiltak-5x5.ptn" > "$dir/data.txt"
wc -l "$dir/data.txt"
# From the weights before (the l2 term pulls towards them): each fit refines the last.
"$texel" fit "$dir/data.txt" --iterations 4000 --l2 0.01 --start assets/engine/weights.txt \
  --out assets/engine/weights.txt
