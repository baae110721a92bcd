#!/usr/bin/env bash
# The strength measure of issue 31: this build's `tak tei` (level 10) against Tiltak, 100 games
# each on 5x5 (komi 2, 10 s + 0.1 s) and 6x6 (komi 2, 15 s + 0.15 s), from the balanced books
# of ../shared/peers/openings, both colours per opening. Run it on a quiet machine:
#   scripts/tiltak-match.sh [OUT]      # OUT: where Tiltak is built and the games go (target/peers)
# Summaries on stdout, a line a game on stderr, the games in OUT/tiltak-{5,6}x*.ptn.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-${CARGO_TARGET_DIR:-target}/peers}
mkdir -p "$out"
[ -x "$out/tiltak-tei" ] || ../shared/peers/build.sh "$out"
stamp=$(date +%Y%m%d-%H%M%S)
scripts/versus.sh --opponent "$out/tiltak-tei" --size 5 --komi 2 --clock 10+0.1 --games 100 \
  --out "$out/tiltak-5x5-$stamp.ptn"
scripts/versus.sh --opponent "$out/tiltak-tei" --size 6 --komi 2 --clock 15+0.15 --games 100 \
  --out "$out/tiltak-6x6-$stamp.ptn"
