#!/usr/bin/env bash
# A bot's memory over many games: a local PlayTak server, one `tak online --bot` seeking short
# games and another accepting them, and the seeking bot's resident memory (RSS) read as it
# reports game 1 and game N (default 50). Not part of `cargo test`: it takes minutes.
#   scripts/bot-memory.sh [GAMES]
# Needs the server built (bash .ci/run builds it into target/playtak-server) or
# TAKTUI_PLAYTAK_SERVER and TAKTUI_PLAYTAK_SERVE set as .ci/run sets them.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-50}
server=${TAKTUI_PLAYTAK_SERVER:-$PWD/target/playtak-server}
serve=${TAKTUI_PLAYTAK_SERVE:-$(cd ../shared/playtak-server && pwd)/serve.sh}
[ -f "$server/classpath" ] || { echo "no PlayTak server built in $server: run bash .ci/run first" >&2; exit 1; }

cargo build --release --bin tak
work=$(mktemp -d)
# A copy: a build for another checkout sharing the target folder may replace the binary.
cp "${CARGO_TARGET_DIR:-target}/release/tak" "$work/tak"
tak=$work/tak
port=$((21000 + $$ % 3000 * 3))
cp "$server/classpath" "$work/classpath"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
pids+=("$("$serve" "$work" "$port" seeker accepter)")

export TAKTUI_DATA_DIR=$work TAKTUI_CONFIG_DIR=$work TAKTUI_PLAYTAK_PASSWORD=password
# One game more than measured: the bot is still there (not yet ending) when game N is told.
"$tak" online --server "tcp://127.0.0.1:$port" --user accepter --bot computer:1 --accept seeker \
  --games $((games + 1)) >/dev/null 2>"$work/accepter.log" &
pids+=($!)
"$tak" online --server "tcp://127.0.0.1:$port" --user seeker --bot computer:1 --seek 3 --clock 1+0 \
  --games $((games + 1)) --out "$work/games.ptn" >/dev/null 2>"$work/seeker.log" &
seeker=$!
pids+=("$seeker")

rss() { awk '/^VmRSS/ { print $2 " kB" }' "/proc/$seeker/status"; }
for n in 1 "$games"; do
  until grep -q "^game $n of " "$work/seeker.log"; do
    kill -0 "$seeker" 2>/dev/null || { echo "the bot ended early:" >&2; cat "$work/seeker.log" >&2; exit 1; }
    sleep 0.05
  done
  echo "RSS after game $n: $(rss)"
done
wait "$seeker"
tail -n 1 "$work/seeker.log"
