#!/bin/sh
# Soak test of the tournament runner: plays a long tournament of fast engines
# and samples, every INTERVAL seconds, the games recorded, the throughput over
# the last interval and the process's resident memory (VmRSS of
# /proc/PID/status). Throughput and memory must stay flat as the run grows.
#
# Usage: scripts/tournament-soak.sh [GAME] [GAMES] [INTERVAL]
#   GAME      muzicando (rule-based teams, the default) or cescacs
#             (the full-strength alpha-beta profile, 64 MiB table, limited to
#             300 nodes a move, against the greedy capturer)
#   GAMES     games (Muzicando: hands) to play, default 20000
#   INTERVAL  seconds between samples, default 5
# Environment: TAULER (the binary, default target/release/tauler).
set -eu
game=${1:-muzicando}
games=${2:-20000}
interval=${3:-5}
tauler=${TAULER:-target/release/tauler}
dir=$(mktemp -d "${TMPDIR:-/tmp}/tauler-soak.XXXXXX")
case $game in
muzicando)
	cat >"$dir/soak.toml" <<TOML
game = "muzicando"
engines = ["muzicando-rules", "muzicando-random"]
games = $games
hands_per_match = 4
seed = 1
concurrency = 2
TOML
	;;
cescacs)
	cat >"$dir/soak.toml" <<TOML
game = "cescacs"
engines = ["cescacs-default", "cescacs-greedy"]
games = $games
seed = 1
concurrency = 2

[openings]
random_plies = 4

[limits.cescacs-default]
nodes = 300

[adjudication]
max_plies = 200
TOML
	;;
*)
	echo "error: GAME is muzicando or cescacs" >&2
	exit 1
	;;
esac
"$tauler" tournament "$dir/soak.toml" --quiet --out "$dir/results" >"$dir/report.txt" &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
records="$dir/results/games.jsonl"
before=0
start=$(date +%s)
printf '%8s %8s %10s %10s\n' seconds games "games/s" "rss MiB"
while kill -0 "$pid" 2>/dev/null; do
	sleep "$interval"
	rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
	[ -n "$rss" ] || break
	now=$(wc -l <"$records" 2>/dev/null || echo 0)
	printf '%8d %8d %10.1f %10.1f\n' "$(($(date +%s) - start))" "$now" \
		"$(echo "($now - $before) / $interval" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
	before=$now
done
wait "$pid"
tail -n 3 "$dir/report.txt"
