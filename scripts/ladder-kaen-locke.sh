#!/usr/bin/env bash
# The ladders of Kaen's and Locke's computer players: each level against the level two below
# it, over `tak match --game locke|kaen` (100 games, or series, a pair unless given), a table
# of the stronger level's score (a draw counts half) and whether it reaches 65%.
#   scripts/ladder-kaen-locke.sh [locke|kaen|both] [games] [series games] [stronger levels]
# e.g. `scripts/ladder-kaen-locke.sh kaen 100 15 "7 8"` runs only 7 against 5 and 8 against 6.
# Run it under `nice -n 10`: a ladder takes a while. TAK=path/to/tak uses that binary as it is
# (no build). The games are saved under $LADDER_GAMES (a new temporary folder if unset).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-both}"
games="${2:-100}"
series_games="${3:-15}"
levels="${4:-3 4 5 6 7 8 9 10}"
if [ -n "${TAK:-}" ]; then
    tak=$TAK
else
    cargo build --release --bin tak
    tak=${CARGO_TARGET_DIR:-target}/release/tak
fi
case "$which" in
    both) kinds="locke kaen" ;;
    locke|kaen) kinds="$which" ;;
    *) echo "give locke, kaen or both, not $which" >&2; exit 2 ;;
esac
# Every game is saved: in a folder a pairing under this one.
games_dir=${LADDER_GAMES:-$(mktemp -d -t ladder-kaen-locke.XXXXXX)}
echo "The games are saved in $games_dir." >&2
for kind in $kinds; do
    extra=()
    [ "$kind" = kaen ] && extra=(--series-games "$series_games")
    echo "| $kind: level | against | won | drawn | lost | score | 65% |"
    echo "|---|---|---|---|---|---|---|"
    for strong in $levels; do
        weak=$((strong - 2))
        line=$("$tak" match --game "$kind" --white "computer:$strong" --black "computer:$weak" \
            --games "$games" --quiet --out "$games_dir/$kind-$strong-$weak" "${extra[@]}" 2>/dev/null | grep -o '+[0-9]* =[0-9]* -[0-9]* ([0-9.]*%)' | head -1)
        read -r won drawn lost score <<<"$(echo "$line" | tr -d '+=()%-')"
        pass=$(awk -v s="$score" 'BEGIN { print (s >= 65 ? "yes" : "NO") }')
        echo "| $strong | $weak | $won | $drawn | $lost | $score% | $pass |"
    done
    echo
done
