#!/usr/bin/env bash
# Checks that scripts/xboard-selfplay.sh leaves nothing behind when it is stopped: starts it, waits
# until XBoard, Xvfb and both engines run, sends the signal (INT, as Ctrl-C does, or TERM) to the
# script alone, and checks that every process it had started is gone within 10 seconds.
#
# Usage: scripts/xboard-selfplay-stop.sh [SHURIKEN_BINARY [SIGNAL...]]   (default: INT TERM)
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE=${1:-target/release/shuriken}
shift || true
signals=("$@")
[ ${#signals[@]} -gt 0 ] || signals=(INT TERM)

descendants() { # PID: the pids of its descendants, one a line
  local children c
  children=$(ps -o pid= --ppid "$1" 2>/dev/null || true)
  for c in $children; do
    echo "$c"
    descendants "$c"
  done
}

fail=0
for sig in "${signals[@]}"; do
  out=$(mktemp -d)
  # With job control on, the background script does not ignore SIGINT (as Ctrl-C sends it).
  set -m
  OUT=$out GAMES=2 TC=0:30 scripts/xboard-selfplay.sh "$ENGINE" >"$out/run.log" 2>&1 &
  script=$!
  set +m
  # Wait for XBoard with its two engines and Xvfb.
  seen=()
  for _ in $(seq 150); do
    mapfile -t seen < <(descendants "$script")
    names=$(for p in "${seen[@]}"; do ps -o comm= -p "$p" 2>/dev/null || true; done | sort | uniq -c | tr -s ' ' | tr '\n' ',')
    if [[ $names == *xboard* && $names == *Xvfb* && $names =~ ([2-9]|[0-9][0-9])\ shuriken ]]; then
      break
    fi
    sleep 0.2
  done
  [[ ${names:-} == *xboard* ]] || { echo "SIG$sig: XBoard did not start: $names"; cat "$out/run.log"; exit 1; }
  kill "-$sig" "$script"
  wait "$script" || true
  left=()
  for _ in $(seq 50); do
    left=()
    for p in "${seen[@]}"; do
      if kill -0 "$p" 2>/dev/null; then left+=("$p"); fi
    done
    [ ${#left[@]} -eq 0 ] && break
    sleep 0.2
  done
  if [ ${#left[@]} -eq 0 ]; then
    echo "SIG$sig: all ${#seen[@]} processes ended ($names)"
    rm -rf "$out"
  else
    echo "SIG$sig: ${#left[@]} of ${#seen[@]} processes left:"
    ps -o pid,pgid,args -p "$(IFS=,; echo "${left[*]}")" || true
    kill -KILL "${left[@]}" 2>/dev/null || true
    fail=1
  fi
done
[ "$fail" -eq 0 ] && echo "xboard selfplay stop: OK" || { echo "xboard selfplay stop: FAILED"; exit 1; }
