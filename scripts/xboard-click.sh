#!/usr/bin/env bash
# The human path: XBoard with its board shown (under Xvfb, no -noGUI) against Shuriken.
# 1. Screenshots of the start position of each game: docs/img/xboard-<game>.png.
# 2. Octopus, moves made with the mouse (xdotool): the pawn e2-e4 (XBoard's e1-e3), then
#    a ninja pawn picked from the holdings and put on e3 (XBoard's e2), which is the
#    drop-and-push J@e2e3. The script checks in XBoard's -debug file that the engine received
#    exactly these moves and answered each one, and takes docs/img/xboard-click-octopus.png.
#
# Usage: scripts/xboard-click.sh [SHURIKEN_BINARY]   (needs xboard, Xvfb, xdotool, imagemagick)
set -euo pipefail
ENGINE=$(readlink -f "${1:-target/release/shuriken}")
XBOARD=$(command -v xboard || echo /usr/games/xboard)
IMG=docs/img
DIR=$(mktemp -d)
export DISPLAY=:57
[ -x "$ENGINE" ] || { echo "no engine binary at $ENGINE" >&2; exit 2; }
Xvfb "$DISPLAY" -screen 0 1400x1000x24 >/dev/null 2>&1 &
XVFB=$!
XB=
trap 'kill -9 -- "-$XB" 2>/dev/null || true; kill $XVFB 2>/dev/null || true' EXIT
sleep 1
mkdir -p "$IMG"

start() { # game: starts XBoard (pointer parked away from its widgets, so no help pops up)
  xdotool mousemove 1390 990
  setsid "$XBOARD" -fcp "$ENGINE" -variant "$1" -testLegality false -boardSize Medium \
    -tc 5 -inc 2 -debug -nameOfDebugFile "$DIR/$1-debug.txt" >"$DIR/$1.out" 2>&1 </dev/null &
  XB=$!
  WIN=
  for _ in $(seq 40); do
    WIN=$(xdotool search --onlyvisible --class xboard 2>/dev/null | head -1 || true)
    [ -n "$WIN" ] && break
    sleep 0.25
  done
  [ -n "$WIN" ] || { echo "no XBoard window for $1" >&2; exit 1; }
  sleep 3
  read -r WIDTH HEIGHT < <(xwininfo -id "$WIN" | awk '/Width:/ {w=$2} /Height:/ {h=$2} END {print w, h}')
}
stop() { kill -9 -- "-$XB" 2>/dev/null || true; wait "$XB" 2>/dev/null || true; }
shot() { xdotool mousemove 1390 990; sleep 0.5; import -window "$WIN" "$1"; echo "wrote $1"; }

for g in titan hadean raptor octopus; do
  start $g
  # XBoard shows a help note over the board until the board is clicked: click an empty
  # middle square (no move starts there).
  xdotool mousemove --window "$WIN" $((WIDTH / 2)) $((HEIGHT * 3 / 5)) click 1
  sleep 1
  shot "$IMG/xboard-$g.png"
  stop
done

# Octopus geometry: 10 files, a holdings column and a gap column on each side; 10 ranks that
# XBoard numbers from 0. The board fills the bottom of the window.
start octopus
SQ=$(echo "$WIDTH / 14" | bc -l)
x_of() { echo "($1 + 2.5) * $SQ" | bc -l | cut -d. -f1; }      # file index 0..9 (-2: black holdings, 11: white holdings)
y_of() { echo "$HEIGHT - ($1 + 0.5) * $SQ" | bc -l | cut -d. -f1; } # XBoard rank 0..9
drag() { # file rank file rank
  xdotool mousemove --window "$WIN" "$(x_of "$1")" "$(y_of "$2")" mousedown 1
  sleep 0.4
  xdotool mousemove --window "$WIN" "$(x_of "$3")" "$(y_of "$4")"
  sleep 0.3
  xdotool mouseup 1
}
answered() { # waits until the engine has answered N moves
  for _ in $(seq 60); do
    [ "$(grep -c '<first : move ' "$DIR/octopus-debug.txt" || true)" -ge "$1" ] && return 0
    sleep 0.5
  done
  return 1
}
drag 4 1 4 3          # the pawn e1-e3 in XBoard's numbering: the rules' e2-e4
answered 1
drag 11 0 4 2         # holdings pawn onto XBoard's e2: the rules' drop-and-push J@e2e3
answered 2
sleep 1
shot "$IMG/xboard-click-octopus.png"
stop

grep -E '>first : (usermove|lift|put)|<first : (move|Illegal|Error|highlight)' "$DIR/octopus-debug.txt" | sed 's/^[0-9]* //'
ok=1
grep -q '>first : usermove .*e1e3$' "$DIR/octopus-debug.txt" || ok=0
grep -q '>first : usermove .*J@e2$' "$DIR/octopus-debug.txt" || ok=0
[ "$(grep -c '<first : move ' "$DIR/octopus-debug.txt")" -ge 2 ] || ok=0
! grep -qE '<first : (Illegal|Error)' "$DIR/octopus-debug.txt" || ok=0
echo "logs: $DIR"
[ "$ok" -eq 1 ] && echo "xboard click: OK" || { echo "xboard click: FAILED"; exit 1; }
