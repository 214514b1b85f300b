#!/bin/bash
# One machine, no scheduler: the N shards of a tournament with xargs -P
# (P at a time), then the merge.
#
# Usage: deploy/local/run-shards.sh TOURNAMENT.toml N P OUT_DIR [TAULER]
set -euo pipefail
tournament=$1
shards=$2
parallel=$3
out=$4
tauler=${5:-target/release/tauler}
mkdir -p "$out"
seq 0 $((shards - 1)) | xargs -P "$parallel" -I{} sh -c '
    dir="$4/shard-$1"
    if [ -d "$dir" ]; then resume=--resume; else resume=; fi
    exec "$2" tournament "$3" --quiet --shard "$1/$5" --out "$dir" $resume
' sh {} "$tauler" "$tournament" "$out" "$shards"
"$tauler" tournament merge "$out"/shard-* | tee "$out/report.txt"
