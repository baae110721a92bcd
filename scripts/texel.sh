#!/usr/bin/env bash
# The evaluation's tuning run, reproducible: positions from the engine's own games, each judged
# by Tiltak's search, and the evaluation's weights fitted to those judgements (Texel's
# logistic regression with a stronger engine's expected score as the target), written to
# assets/engine/weights.txt (compiled into the engine).
#   scripts/texel.sh DIR [GAMES5] [GAMES6] [NODES] [EARLIER.txt ...]
# 1. Self-play of this build at 10,000 nodes a move with noise at the root (so games differ),
#    from the balanced books of ../shared/peers/openings, komi 2: every quiet position (no road
#    in one for either side), DIR/pos5.txt and DIR/pos6.txt. GAMES5 and GAMES6 default to 900
#    and 700 (about 42,000 and 30,000 positions; some 15 minutes on 2 cores).
# 2. Each position searched by Tiltak (built into DIR by ../shared/peers/build.sh) to NODES
#    nodes (default 3,000), two engines side by side: DIR/labelled.txt (about 20 ms a position
#    and engine; some 40 minutes on 2 cores for the lot).
#    With TEXEL_EVERY=N only every Nth self-play position is judged (neighbouring positions
#    of a game say much the same); TEXEL_PTN='a.ptn b.ptn' adds every quiet position of
#    those games (say, matches against Tiltak: the positions the engine must judge better).
#    TEXEL_ROUND=R seeds the games with R1 and R2 (a new round plays new games; round 1 is
#    the default).
# 3. The fit, from the weights before, on these positions and those of EARLIER labelled files
#    (an earlier round's DIR/labelled.txt), those first: held out, the last tenth of the lot
#    (this round's last 5x5 positions, which no fit has seen).
# Files already made are kept and not made again: delete one to redo its step. Then rebuild,
# and accept the weights only if
#   scripts/versus.sh --opponent '/path/tak-before tei --level 6' --tei '--level 6' --clock 60+1 --sprt 0,30
# says they help.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/texel.sh DIR [GAMES5] [GAMES6] [NODES] [EARLIER.txt ...]}
games5=${2:-900}
games6=${3:-700}
nodes=${4:-3000}
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$dir"
[ -x "$dir/tiltak-tei" ] || ../shared/peers/build.sh "$dir"
cargo build --release --quiet --example texel --example label
texel="$target/release/examples/texel"
label="$target/release/examples/label"
selfplay() { # SIZE GAMES SEED
  local out="$dir/pos$1.txt"
  [ -s "$out" ] && return
  "$texel" play --games "$2" --size "$1" --komi 4 --nodes 10000 --noise 30 --seed "$3" \
    --openings "../shared/peers/openings/$1s_4ply_balanced_openings.txt" > "$out.part"
  mv "$out.part" "$out"
}
every=${TEXEL_EVERY:-1}
round=${TEXEL_ROUND:-1}
selfplay 5 "$games5" "${round}1" &
selfplay 6 "$games6" "${round}2" &
wait
if [ ! -s "$dir/labelled.txt" ]; then
  # The match games' positions and the 6x6 ones first: the fit holds out the last tenth of
  # what it is given (the 5x5 self-play's last positions) to check.
  { # shellcheck disable=SC2086 # a list of files
    [ -z "${TEXEL_PTN:-}" ] || "$texel" ptn $TEXEL_PTN
    awk -v n="$every" 'NR % n == 0' "$dir/pos6.txt" "$dir/pos5.txt"; } > "$dir/positions.txt"
  for part in 0 1; do
    "$label" "$dir/positions.txt" --engine "$dir/tiltak-tei" --nodes "$nodes" --blend 0 \
      --skip "$part" --every 2 > "$dir/labelled.$part" &
  done
  wait
  # Back in the file's order: the two halves alternate.
  paste -d '\n' "$dir/labelled.0" "$dir/labelled.1" | grep -v '^$' > "$dir/labelled.txt"
fi
cat "${@:5}" "$dir/labelled.txt" > "$dir/fit.txt"
wc -l "$dir/fit.txt"
# From the weights before, unregularised: with some 100,000 positions for 273 weights the held-out
# loss was lowest without the l2 term (0.02852, against 0.03088 with l2 0.001 and 0.03367 with 0.01).
"$texel" fit "$dir/fit.txt" --iterations 1000 --l2 0 --start assets/engine/weights.txt \
  --out assets/engine/weights.txt
