#!/bin/bash
# Submits a tournament as a Slurm job array of N shards and its merge as a
# job that waits for the whole array.
#
# Usage: deploy/slurm/submit.sh TOURNAMENT.toml N OUT_DIR [TAULER]
# OUT_DIR must be on a file system every node sees. Prints the two job ids.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tournament=$(realpath "$1")
shards=$2
out=$(realpath -m "$3")
tauler=$(realpath "${4:-target/release/tauler}")
mkdir -p "$out"
env=ALL,TAULER=$tauler,TOURNAMENT=$tournament,SHARDS=$shards,OUT=$out
array=$(sbatch --parsable --chdir="$out" --array="0-$((shards - 1))" \
    --export="$env" "$here/shard.sbatch")
merge=$(sbatch --parsable --chdir="$out" --dependency="afterok:$array" \
    --export="$env" "$here/merge.sbatch")
echo "array $array, merge $merge; report: $out/report.txt"
