#!/usr/bin/env bash
# XBoard itself (under xvfb-run, -noGUI) plays Shuriken against Shuriken: 2 games in each of
# the five games, then checks that no game ended in a forfeit or protocol error and replays
# every coordinate move of XBoard's -debug file through Shuriken's own move generator (a CECP
# session in force mode: every move must be accepted, none answered "Illegal move").
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
}

# Two at a time (CI has two cores); chess with XBoard's own legality testing on.
play titan false & play hadean false & wait
play raptor false & play octopus false & wait
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
  (echo xboard; echo "protover 2"; cat "$dir/replay.in") | "$ENGINE" >"$dir/replay.out"
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
