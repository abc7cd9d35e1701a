#!/usr/bin/env python3
"""Chess search speed of engine builds or networks, measured side by side.

Each configuration is `BINARY` or `BINARY@NETWORK` (a network file for `NnueFile`); prefix
`NAME=VALUE,` pairs to set environment variables, as in `SHURIKEN_NO_AVX2=1,target/release/shuriken`.
The configurations take turns, round after round, over the chess positions of the bench
(`engine/src/bench_positions.txt`) at a fixed depth, so a busy machine slows all of them alike.
Prints each run and then each configuration's total nodes and nodes per second.

Usage: scripts/chess-nps.py [--depth 12] [--rounds 3] CONFIG [CONFIG ...]
"""
import argparse
import os
import pathlib
import subprocess
import time

POSITIONS = pathlib.Path(__file__).resolve().parent.parent / "engine/src/bench_positions.txt"


def parse(config):
    env = dict(os.environ)
    *pairs, rest = config.split(",")
    for pair in pairs:
        name, _, value = pair.partition("=")
        env[name] = value
    binary, _, net = rest.partition("@")
    return binary, net, env


def wait_for(proc, prefix):
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"engine exited while waiting for {prefix!r}")
        if line.startswith(prefix):
            return line


def run(config, fens, depth):
    binary, net, env = parse(config)
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def send(cmd):
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()

    send("uci")
    send("setoption name UCI_Variant value chess")
    send("setoption name Hash value 16")
    if net:
        send(f"setoption name NnueFile value {net}")
    nodes, seconds = 0, 0.0
    for fen in fens:
        send("ucinewgame")
        send(f"position fen {fen}")
        send("isready")
        wait_for(proc, "readyok")
        start = time.monotonic()
        send(f"go depth {depth}")
        last = 0
        while True:
            line = wait_for(proc, "")
            if " nodes " in line:
                last = int(line.split(" nodes ")[1].split()[0])
            if line.startswith("bestmove"):
                break
        seconds += time.monotonic() - start
        nodes += last
    send("quit")
    proc.wait()
    return nodes, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("configs", nargs="+")
    args = ap.parse_args()
    fens = [line.split(";", 1)[1].strip() for line in POSITIONS.read_text().splitlines() if line.startswith("chess;")]
    totals = {c: [0, 0.0] for c in args.configs}
    for r in range(args.rounds):
        for c in args.configs:
            nodes, seconds = run(c, fens, args.depth)
            totals[c][0] += nodes
            totals[c][1] += seconds
            print(f"round {r + 1}  {c}  {nodes} nodes  {nodes / seconds:,.0f} nodes/s", flush=True)
    for c, (nodes, seconds) in totals.items():
        print(f"total  {c}  {nodes} nodes  {nodes / seconds:,.0f} nodes/s")


if __name__ == "__main__":
    main()
