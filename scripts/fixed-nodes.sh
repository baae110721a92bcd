#!/usr/bin/env bash
# A TEI engine made to search a fixed number of nodes a move whatever the clock says: every
# `go ...` line it is sent becomes `go nodes N`. With it, a match against another engine (ours
# at a --level, which is a node count too) does not depend on the machine's load, so changes can
# be measured against Tiltak while other work runs:
#   scripts/versus.sh --tei '--level 6' --opponent 'scripts/fixed-nodes.sh 20000 OUT/tiltak-tei' \
#     --size 5 --komi 2 --clock 600+5 --games 200
# (the clock only keeps a hung engine from stalling the match).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: fixed-nodes.sh NODES ENGINE [ARGS...]" >&2; exit 2; }
nodes=$1
shift
sed -u "s/^go\b.*/go nodes $nodes/" | exec "$@"
