#!/usr/bin/env bash
# Chess perft of Shuriken against Fairy-Stockfish, alternately in one run: both engines count the
# same tree through UCI (`go perft DEPTH` from the start position, one thread), the counts must
# agree, and each engine's rate is printed with the ratio. A rate is leaves per second of the
# `go perft DEPTH` exchange less the same exchange at depth 1, timed just before it, which is
# the engine's start (Fairy-Stockfish loads its networks: about half a second). Machines are
# noisy: compare only ratios of one run. The order of the engines alternates from round to round.
#
# Usage, from anywhere, after `cargo build --release`:
#   scripts/perft-vs-fsf.sh PATH_TO_FAIRY_STOCKFISH [DEPTH [ROUNDS]]   (default depth 6, 3 rounds)
# Environment: SHURIKEN=path of the shuriken binary (default target/release/shuriken).
# Exit status: 0 when the counts agree, 1 when they differ or an engine gives no count, 2 for a
# usage error.
set -euo pipefail

usage() {
  echo "usage: $0 PATH_TO_FAIRY_STOCKFISH [DEPTH [ROUNDS]]" >&2
  exit 2
}
[ $# -ge 1 ] && [ $# -le 3 ] || usage
fsf=$1
depth=${2:-6}
rounds=${3:-3}
[[ $depth =~ ^[1-9][0-9]?$ ]] || { echo "DEPTH must be 1 to 99, got '$depth'" >&2; usage; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a positive number, got '$rounds'" >&2; usage; }
[ -f "$fsf" ] && [ -x "$fsf" ] || { echo "$fsf is not an executable file" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
ours=${SHURIKEN:-$root/target/release/shuriken}
[ -f "$ours" ] && [ -x "$ours" ] || { echo "no $ours: run cargo build --release first" >&2; exit 2; }

# timed ENGINE DEPTH: prints "LEAVES NANOSECONDS" for a whole `go perft DEPTH` exchange from the
# chess start position (start of the process included).
timed() {
  local start end leaves
  start=$(date +%s%N)
  leaves=$(printf 'uci\nsetoption name UCI_Variant value chess\nsetoption name Threads value 1\nisready\nposition startpos\ngo perft %s\nquit\n' "$2" \
    | "$1" 2>/dev/null | awk -F': *' '/^Nodes searched/ { print $2 }')
  end=$(date +%s%N)
  if [ -z "$leaves" ]; then
    echo "no 'Nodes searched' answer from $1" >&2
    exit 1
  fi
  echo "$leaves $((end - start))"
}

# perft ENGINE: prints "LEAVES NANOSECONDS" for `go perft $depth`, less the start (depth 1);
# 0 when that is under a millisecond (too small to time).
perft() {
  local leaves ns base_leaves base_ns
  read -r base_leaves base_ns < <(timed "$1" 1)
  read -r leaves ns < <(timed "$1" "$depth")
  # timed's own exit does not stop this shell from a process substitution.
  [ -n "${base_ns:-}" ] && [ -n "${leaves:-}" ] || exit 1
  ns=$((ns - base_ns))
  [ "$ns" -ge 1000000 ] || ns=0
  echo "$leaves $ns"
}

declare -A nodes=([shuriken]=0 [fsf]=0) nanos=([shuriken]=0 [fsf]=0) count=()
for round in $(seq "$rounds"); do
  order=(shuriken fsf)
  [ $((round % 2)) = 0 ] && order=(fsf shuriken)
  line="round $round:"
  for who in "${order[@]}"; do
    exe=$ours
    [ "$who" = fsf ] && exe=$fsf
    read -r leaves ns < <(perft "$exe") || true
    [ -n "${leaves:-}" ] || exit 1
    count[$who]=$leaves
    nodes[$who]=$((nodes[$who] + leaves))
    nanos[$who]=$((nanos[$who] + ns))
    line+=$(awk -v w="$who" -v n="$leaves" -v t="$ns" \
      'BEGIN { if (t > 0) printf "  %s %d leaves %.3f s %.1f M/s", w, n, t / 1e9, n / t * 1e3;
               else printf "  %s %d leaves (too fast to time)", w, n }')
  done
  echo "$line"
  if [ "${count[shuriken]}" != "${count[fsf]}" ]; then
    echo "chess perft $depth differs: shuriken ${count[shuriken]}, fairy-stockfish ${count[fsf]}" >&2
    exit 1
  fi
done
awk -v d="$depth" -v r="$rounds" -v sn="${nodes[shuriken]}" -v st="${nanos[shuriken]}" \
  -v fn="${nodes[fsf]}" -v ft="${nanos[fsf]}" 'BEGIN {
    if (st <= 0 || ft <= 0) {
      printf "chess perft %d, %d rounds: the counts agree; too fast to time, use a larger DEPTH\n", d, r
      exit
    }
    s = sn / st * 1e3; f = fn / ft * 1e3
    printf "chess perft %d, %d rounds: shuriken %.1f M/s, fairy-stockfish %.1f M/s, ratio shuriken/fairy-stockfish %.2fx\n", d, r, s, f, s / f
  }'
