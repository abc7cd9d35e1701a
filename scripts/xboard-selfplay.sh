#!/usr/bin/env bash
# XBoard itself (under xvfb-run, -noGUI) plays Shuriken against Shuriken: 2 games in each of
# the five games, then checks that no game ended in a forfeit or protocol error and replays
# every coordinate move of XBoard's -debug file through Shuriken's own move generator (a CECP
# session in force mode: every move must be accepted, none answered "Illegal move").
#
# One XBoard at a time (two engines on CI's two cores). Stopped (Ctrl-C, SIGTERM, SIGHUP), it
# ends the process group of the XBoard it runs (XBoard, Xvfb, both engines) and the replay
# engine before it exits, so that nothing is left behind.
#
# Usage: scripts/xboard-selfplay.sh [SHURIKEN_BINARY]   (needs xboard, xvfb-run)
# Env: GAMES (2 per game), TC (0:05), INC (0.05), OUT (a temporary directory).
set -euo pipefail
ENGINE=$(readlink -f "${1:-target/release/shuriken}")
GAMES=${GAMES:-2}
TC=${TC:-0:05}
INC=${INC:-0.05}
OUT=${OUT:-$(mktemp -d)}
XBOARD=$(command -v xboard || echo /usr/games/xboard)
[ -x "$ENGINE" ] || { echo "no engine binary at $ENGINE" >&2; exit 2; }
[ -x "$XBOARD" ] || { echo "xboard is not installed" >&2; exit 2; }
"$XBOARD" -v 2>&1 | head -1

# The process group of the XBoard now playing (its leader's pid), and the replay engine's pid.
GROUP=""
REPLAY=""
stop_all() { # ends what runs now; waits up to 5 s for the group, then kills it
  local i
  if [ -n "$GROUP" ]; then
    kill -TERM -- "-$GROUP" 2>/dev/null || true
    for i in $(seq 50); do
      kill -0 -- "-$GROUP" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$GROUP" 2>/dev/null || true
    GROUP=""
  fi
  if [ -n "$REPLAY" ]; then
    kill -KILL "$REPLAY" 2>/dev/null || true
    REPLAY=""
  fi
}
on_signal() { # signal name, exit status
  trap - INT TERM HUP
  echo "xboard selfplay: stopped by SIG$1; ending XBoard, Xvfb and the engines" >&2
  stop_all
  exit "$2"
}
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP
trap stop_all EXIT

play() { # variant legality
  local v=$1 lt=$2 dir="$OUT/$1"
  mkdir -p "$dir"
  # XBoard 4.9.1 -noGUI idles for about two minutes after a match before it quits, so the
  # script ends it (its own process group) once every game has its result in the PGN file.
  setsid timeout 170 xvfb-run -a "$XBOARD" -noGUI -fcp "$ENGINE" -scp "$ENGINE" -fd "$dir" -sd "$dir" \
    -variant "$v" -testLegality "$lt" -tc "$TC" -inc "$INC" -mg "$GAMES" -xponder \
    -debug -nameOfDebugFile "$dir/debug.txt" -saveGameFile "$dir/games.pgn" \
    >"$dir/xboard.out" 2>&1 &
  local pid=$!
  GROUP=$pid
  while kill -0 "$pid" 2>/dev/null; do
    local done_games
    done_games=$(cat "$dir/games.pgn" 2>/dev/null | grep -c '^\[Result ' || true)
    if [ "${done_games:-0}" -ge "$GAMES" ]; then
      sleep 2
      kill -TERM -- "-$pid" 2>/dev/null || true
      break
    fi
    sleep 1
  done
  wait "$pid" 2>/dev/null || true
  # Xvfb or an engine may outlive XBoard's end; nothing of the group may stay.
  stop_all
}

# One at a time: two engines on two cores. Chess with XBoard's own legality testing on.
for v in titan hadean raptor octopus; do
  play "$v" false
done
play normal true

fail=0
for v in titan hadean raptor octopus normal; do
  dir="$OUT/$v"
  results=$(grep -c '^\[Result ' "$dir/games.pgn" 2>/dev/null || true)
  bad=$(grep -E -i 'forfeit|illegal move|Error \(' "$dir/debug.txt" "$dir/xboard.out" | grep -v '^.*>first\|>second' || true)
  # Replay: one CECP session per game, moves in the order the engines sent them.
  awk -v v="$v" '
    / >first : new$/ { if (n) print "ping 1"; n++; print "new"; print "variant " v; print "force" }
    /<(first |second): move / { print "usermove " $NF }
    END { print "ping 1"; print "quit" }' "$dir/debug.txt" >"$dir/replay.in"
  moves=$(grep -c '^usermove ' "$dir/replay.in" || true)
  (echo xboard; echo "protover 2"; cat "$dir/replay.in") | "$ENGINE" >"$dir/replay.out" &
  REPLAY=$!
  wait "$REPLAY"
  REPLAY=""
  illegal=$(grep -c -E '^(Illegal move|Error)' "$dir/replay.out" || true)
  printf '%-8s games %s  moves replayed %s  illegal on replay %s  forfeits/errors %s\n' \
    "$v" "$results" "$moves" "$illegal" "$(printf '%s' "$bad" | grep -c . || true)"
  grep -h '^\[Result \|{Xboard\|{[A-Z][a-z]* wins\|{Draw' "$dir/games.pgn" | sed 's/^/    /' | sort | uniq -c | head -8
  if [ "$results" -lt "$GAMES" ] || [ "$moves" -eq 0 ] || [ "$illegal" -ne 0 ] || [ -n "$bad" ]; then
    fail=1
    [ -n "$bad" ] && printf '%s\n' "$bad" | head -5
    grep -E '^(Illegal move|Error)' "$dir/replay.out" | head -5 || true
  fi
done
echo "logs: $OUT"
[ "$fail" -eq 0 ] && echo "xboard selfplay: OK" || { echo "xboard selfplay: FAILED"; exit 1; }
