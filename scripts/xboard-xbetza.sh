#!/usr/bin/env bash
# Tests Shuriken's XBetza `piece` descriptions against the installed XBoard: for each case a
# stub engine (python3) gives XBoard the game's piece table, a test position and the piece
# line that `shuriken` sends, then plays one move; XBoard (legality testing on, -noGUI under
# Xvfb) either passes it on to the second stub engine (legal) or forfeits it (illegal). The
# expected verdicts are the rules' (RULES.md section 7), except where a line says "4.9.1:"
# (what XBoard 4.9.1's legality test can not tell apart: it compares only from- and
# to-square, and counts the first leg of a capture-and-continue move as a move).
#
# Usage: scripts/xboard-xbetza.sh [SHURIKEN_BINARY]   (needs xboard, Xvfb, python3)
set -euo pipefail
ENGINE=$(readlink -f "${1:-target/release/shuriken}")
XBOARD=$(command -v xboard || echo /usr/games/xboard)
DIR=$(mktemp -d)
[ -x "$ENGINE" ] || { echo "no engine binary at $ENGINE" >&2; exit 2; }
"$XBOARD" -v 2>&1 | head -1

cat >"$DIR/stub.py" <<'EOF'
import os, sys
role = sys.argv[1]
def say(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
for line in sys.stdin:
    line = line.strip()
    if line.startswith("protover"):
        say('feature variants="xtest" setboard=1 usermove=1 sigint=0 ping=1 done=1')
    elif line == "variant xtest":
        say(os.environ["XB_SETUP"]); say(os.environ["XB_PIECE"])
    elif line.startswith("ping"):
        say("pong" + line[4:])
    elif line == "go" and role == "first":
        say("move " + os.environ["XB_MOVE"])
    elif line.startswith("usermove") and role == "second":
        say("resign")
    elif line == "quit":
        break
EOF

# What shuriken tells XBoard for a game: its setup table and piece lines.
lines() { printf 'xboard\nprotover 2\nvariant %s\nquit\n' "$1" | "$ENGINE" | grep -E '^(setup|piece) '; }
for g in titan hadean; do lines $g >"$DIR/$g.txt"; done

# fen_of "e4=W f5=p": a 12x12 position with the kings on l1 and l12, white to move.
fen_of() {
  python3 - "$@" <<'EOF'
import sys
b = {"l1": "K", "l12": "k"}
for item in sys.argv[1].split():
    sq, p = item.split("="); b[sq] = p
rows = []
for r in range(12, 0, -1):
    s, e = "", 0
    for f in "abcdefghijkl":
        p = b.get(f + str(r))
        if p:
            s += (str(e) if e else "") + p; e = 0
        else:
            e += 1
    rows.append(s + (str(e) if e else ""))
print("/".join(rows) + " w - - 0 1")
EOF
}

Xvfb :97 -screen 0 640x480x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1

fail=0 n=0
# check GAME LETTER "POSITION" MOVE EXPECTED [note]
check() {
  local game=$1 letter=$2 pos=$3 move=$4 want=$5 note=${6:-}
  local d="$DIR/case$n" table desc got
  n=$((n + 1)); mkdir -p "$d"
  table=$(grep '^setup ' "$DIR/$game.txt" | sed 's/^setup (\([^)]*\)).*/\1/')
  desc=$(grep "^piece $letter& " "$DIR/$game.txt")
  XB_SETUP="setup ($table) 12x12+0_fairy $(fen_of "$pos")" XB_PIECE="$desc" XB_MOVE="$move" \
    DISPLAY=:97 setsid timeout -s KILL 20 "$XBOARD" -noGUI -fcp "python3 $DIR/stub.py first" \
    -scp "python3 $DIR/stub.py second" -variant xtest -testLegality true -mg 1 -tc 1 -xponder \
    -debug -nameOfDebugFile "$d/debug.txt" >"$d/out" 2>&1 </dev/null &
  local pid=$!
  for _ in $(seq 80); do
    grep -qE 'Illegal move|Forfeit|<second: resign' "$d/debug.txt" 2>/dev/null && break
    sleep 0.25
  done
  kill -9 -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if grep -q 'Illegal move' "$d/debug.txt" "$d/out"; then got=illegal
  elif grep -q '>second: usermove' "$d/debug.txt"; then got=legal
  else got=none; fi
  local mark=ok
  [ "$got" = "$want" ] || { mark=FAIL; fail=1; }
  printf '%-4s %-7s %-28s %-12s %-22s %-7s %s\n' "$mark" "$game" "${desc#piece }" "$move" "$pos" "$got" "$note"
}

# Warrior (W) and guard (G): step, two-square leap over empty/friend, double capture.
check titan W "e4=W" e4e6 legal
check titan W "e4=W e5=p e6=p" e4e5,e5e6 legal "double capture"
check titan W "e4=W e5=P" e4e6 legal "over a friend"
check titan W "e4=W" e4e5 legal
check titan W "e4=W" e4f6 illegal
check titan W "e4=W e5=p" e4e6 legal "4.9.1: same from/to as the double capture"
check titan G "e4=G f5=p" e4f5,f5g6 legal "double capture"
check titan G "e4=G" e4f7 legal "(3,1) leap"
check titan G "e4=G" e4e6 illegal
# Bomber (F) and raptor (A): slide, fly-over capture at a distance, jump, capture at two.
check titan F "e4=F" e4e9 legal
check titan F "e4=F e7=p" e4e7,e7e8 legal "fly-over capture"
check titan F "e4=F e7=p" e4e9 illegal
check titan F "e4=F e7=P" e4e8 illegal "no fly-over of a friend"
check titan F "e4=F e6=p" e4e6 legal "capture two squares away"
check titan F "e4=F e5=P" e4e6 legal "jump over a friend"
check titan F "e4=F e7=p" e4e7 legal "4.9.1: first leg of the fly-over"
check titan A "e4=A h7=p" e4h7,h7i8 legal "fly-over capture"
check titan A "e4=A h7=p" e4j9 illegal
check titan A "e4=A g6=p" e4g6 legal "capture two squares away"
check titan A "e4=A f5=P" e4g6 legal "jump over a friend"
# Quad bomber (U) and quad raptor (Y): a step onto an empty square, then an outward slide.
check titan U "e4=U" e4f5 illegal "the first step is no destination"
check titan U "e4=U" e4g5 legal
check titan U "e4=U" e4f9 legal
check titan U "e4=U" e4e6 illegal
check titan U "e4=U" e4c3 legal
check titan U "e4=U f5=P" e4g5 legal "4.9.1: passes a friend on the first step"
check titan Y "e4=Y" e4e5 illegal "the first step is no destination"
check titan Y "e4=Y" e4f6 legal
check titan Y "e4=Y" e4h8 legal
check titan Y "e4=Y" e4f5 illegal
# Sorcerers and knights of hadean: exact leapers.
check hadean S "e4=S" e4f5 legal
check hadean S "e4=S" e4g7 legal "(3,2) leap"
check hadean S "e4=S" e4e5 illegal
check hadean Z "e4=Z" e4e5 legal
check hadean Z "e4=Z" e4h6 legal "(3,2) leap"
check hadean Z "e4=Z" e4f5 illegal
check hadean H "e4=H" e4f6 legal
check hadean H "e4=H" e4e5 illegal
check hadean L "e4=L" e4e5 legal
check hadean L "e4=L" e4f5 illegal

echo "cases: $n  logs: $DIR"
[ "$fail" -eq 0 ] && echo "xboard xbetza: OK" || { echo "xboard xbetza: FAILED"; exit 1; }
