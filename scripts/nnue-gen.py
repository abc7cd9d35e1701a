#!/usr/bin/env python3
"""Training positions for the chess network (`shuriken tune nnue train`).

A UCI engine (Debian's Stockfish 15.1 by default: `apt-get install stockfish`) plays itself at a
fixed depth from random openings (6 to 10 uniformly random plies). Every position before a move
is kept unless the side to move is in check, the engine's move captures or promotes, or the
score is a mate; its label is the engine's score at that depth and the game's result.

Output, appended, one position a line: `FEN|score|result`, the score in centipawns from White's
point of view, the result 1.0, 0.5 or 0.0 for White. Needs python-chess (`pip install chess`).

Adjudication keeps games short: four plies in a row at |score| >= 2000 win, and after ply 120,
twelve plies in a row at |score| <= 8 draw; games end at 400 plies.

Usage: scripts/nnue-gen.py --out data.txt --games 20000 --workers 2 --depth 6 --seed 1
(`--games` is per worker; each worker runs its own engine process.)"""
import argparse, random, subprocess, sys, multiprocessing as mp, chess

def engine(path):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n")
    while p.stdout.readline().strip() != "readyok":
        pass
    return p

def search(p, fen, depth):
    p.stdin.write(f"position fen {fen}\ngo depth {depth}\n")
    score = None; mate = False
    while True:
        line = p.stdout.readline()
        if line.startswith("info") and " score " in line and "lowerbound" not in line and "upperbound" not in line:
            t = line.split()
            i = t.index("score")
            if t[i + 1] == "cp":
                score = int(t[i + 2]); mate = False
            else:
                mate = True; score = 30000 if int(t[i + 2]) > 0 else -30000
        elif line.startswith("bestmove"):
            return line.split()[1], score, mate

def worker(args, wid, q):
    rng = random.Random(args.seed * 1000 + wid)
    p = engine(args.engine)
    games = 0
    while games < args.games:
        b = chess.Board()
        for _ in range(rng.randint(args.min_random, args.max_random)):
            moves = list(b.legal_moves)
            if not moves: break
            b.push(rng.choice(moves))
        if b.is_game_over():
            continue
        p.stdin.write("ucinewgame\n")
        recs = []; result = None; big = 0; quiet = 0
        while result is None:
            if b.is_game_over(claim_draw=True):
                r = b.result(claim_draw=True)
                result = {"1-0": 1.0, "0-1": 0.0}.get(r, 0.5); break
            if b.ply() > 400:
                result = 0.5; break
            fen = b.fen()
            best, score, mate = search(p, fen, args.depth)
            if best is None or best == "(none)" or score is None:
                result = 0.5; break
            mv = chess.Move.from_uci(best)
            white = score if b.turn == chess.WHITE else -score
            if not mate and not b.is_check() and not b.is_capture(mv) and mv.promotion is None and abs(score) < 3000:
                recs.append(f"{fen}|{white}")
            big = big + 1 if abs(score) >= 2000 else 0
            if big >= 4:
                result = 1.0 if white > 0 else 0.0; break
            quiet = quiet + 1 if abs(score) <= 8 and b.ply() > 120 else 0
            if quiet >= 12:
                result = 0.5; break
            b.push(mv)
        q.put("".join(f"{r}|{result}\n" for r in recs))
        games += 1
    q.put(None)

if __name__ == "__main__":
    a = argparse.ArgumentParser()
    a.add_argument("--out", required=True); a.add_argument("--games", type=int, default=1000)
    a.add_argument("--workers", type=int, default=2); a.add_argument("--depth", type=int, default=6)
    a.add_argument("--seed", type=int, default=1); a.add_argument("--engine", default="/usr/games/stockfish")
    a.add_argument("--min-random", type=int, default=6); a.add_argument("--max-random", type=int, default=10)
    args = a.parse_args()
    q = mp.Queue()
    ps = [mp.Process(target=worker, args=(args, w, q)) for w in range(args.workers)]
    for x in ps: x.start()
    done = 0; n = 0; g = 0
    with open(args.out, "a") as f:
        while done < len(ps):
            s = q.get()
            if s is None: done += 1; continue
            f.write(s); f.flush(); g += 1; n += s.count("\n")
            if g % 200 == 0: print(f"{g} games {n} positions", flush=True)
