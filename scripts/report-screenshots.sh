#!/usr/bin/env bash
# Plays three short real matches (titan, octopus, raptor; two shuriken engines at different node
# counts), writes their HTML reports, opens them in headless Chromium, takes screenshots of the
# summary and of a game at ply 20 in titan and octopus (docs/img/report-*.png), and checks the DOM:
# the board's number of squares (titan 144, octopus 100, raptor 104) and that the step buttons
# change the position. Installs Debian's chromium if it is missing. About two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
cargo build --release -p shuriken
S=$root/target/release/shuriken

browser() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d -p "$work")" --virtual-time-budget=3000 "$@" 2>/dev/null
}

for v in titan octopus raptor; do
  "$S" match --engine cmd="$S" name=strong nodes=6000 --engine cmd="$S" name=weak nodes=1500 \
    --variant "$v" --rounds 2 --maxmoves 40 --openings plies=4 count=2 out="$work/$v.epd" \
    --results "$work/$v.jsonl" >/dev/null
  "$S" match report "$work/$v.jsonl" -o "$work/$v.html"
done

# dom FILE HASH: prints "squares ply position" of the viewer's board after the page's script ran.
dom() {
  browser --dump-dom "file://$work/$1.html#$2" | python3 -c '
import re, sys
html = sys.stdin.read()
m = re.search(r"<div id=\"board-holder\"([^>]*)>(.*?)</svg>", html, re.S)
if not m:
    sys.exit("no board in the viewer")
attrs, body = m.group(1), m.group(2)
ply = re.search(r"data-ply=\"(\d+)\"", attrs).group(1)
pos = re.search(r"data-position=\"([^\"]*)\"", attrs).group(1)
print(len(re.findall(r"<rect class=\"sq ", body)), ply, pos)
'
}

fail=0
for spec in titan:144 octopus:100 raptor:104; do
  v=${spec%%:*}; want=${spec##*:}
  read -r squares ply pos < <(dom "$v" "game=1&ply=20")
  read -r _ ply_next pos_next < <(dom "$v" "game=1&ply=20&click=next")
  read -r _ ply_prev pos_prev < <(dom "$v" "game=1&ply=20&click=prev")
  echo "$v: squares $squares (want $want); ply $ply; next -> $ply_next; prev -> $ply_prev"
  [ "$squares" = "$want" ] || { echo "FAIL: $v has $squares squares"; fail=1; }
  [ "$ply" = 20 ] && [ "$ply_next" = 21 ] && [ "$ply_prev" = 19 ] || { echo "FAIL: $v plies"; fail=1; }
  [ "$pos" != "$pos_next" ] && [ "$pos" != "$pos_prev" ] || { echo "FAIL: $v buttons left the position"; fail=1; }
done

mkdir -p docs/img
browser --window-size=1500,1300 --screenshot="$root/docs/img/report-summary.png" "file://$work/titan.html"
for v in titan octopus; do
  browser --window-size=1100,760 --screenshot="$root/docs/img/report-$v-ply20.png" \
    "file://$work/$v.html#game=1&ply=20&view=game"
done
ls -l docs/img/report-*.png
if [ "$fail" = 0 ]; then echo "3 passed, 0 failed"; else echo "some checks failed"; exit 1; fi
