#!/usr/bin/env python3
"""Make opening positions for engine matches (../shared/tools/arena/match -p FILE).

Each opening is a short line from the start position: at every ply one of
the moves Menagerie's MultiPV search finds within MARGIN centipawns of the
best is chosen at random, so the lines are plausible but varied.  A line is
kept if a deeper search scores it within BALANCE centipawns of equality.
Matches play every position twice with colours reversed, so what remains of
an imbalance cancels out; the point is variety.

    tools/make-openings.py -v shatranj -n 20 > tools/openings/shatranj.fen
    tools/make-openings.py --variants mine -v falcon -n 100 > falcon.fen
"""
import argparse
import random
import subprocess
import sys


class Engine:
    def __init__(self, command, variant):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Variant value " + variant)
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
        sys.exit("make-openings: the engine stopped")

    def candidates(self, moves, depth, multipv):
        """[(score, move)] of the last completed depth, best first."""
        self.send("setoption name MultiPV value %d" % multipv)
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("go depth %d" % depth)
        best = {}
        for line in self.wait_for("bestmove"):
            f = line.split()
            if f[:1] != ["info"] or "multipv" not in f or "pv" not in f or "cp" not in f:
                continue
            rank = int(f[f.index("multipv") + 1])
            best[rank] = (int(f[f.index("cp") + 1]), f[f.index("pv") + 1])
        return [best[k] for k in sorted(best)]

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        for line in self.wait_for("FEN: "):
            if line.startswith("FEN: "):
                return line[5:]

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--variant", default="chess")
    ap.add_argument("-n", "--count", type=int, default=20, help="openings to make")
    ap.add_argument("--plies", type=int, default=4, help="length of each line")
    ap.add_argument("--margin", type=int, default=30, help="cp below the best move still chosen")
    ap.add_argument("--balance", type=int, default=50, help="largest |score| of a kept line")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="./menagerie")
    ap.add_argument("--variants", metavar="DIR", help="the engine's --variants (a variant of your own)")
    a = ap.parse_args()

    random.seed(a.seed)
    eng = Engine([a.engine] + (["--variants", a.variants] if a.variants else []), a.variant)
    fens, tries = [], 0
    while len(fens) < a.count and tries < 50 * a.count:
        tries += 1
        moves = []
        for _ in range(a.plies):
            cands = eng.candidates(moves, 6, 5)
            if not cands:
                break
            top = cands[0][0]
            moves.append(random.choice([m for s, m in cands if s >= top - a.margin]))
        if len(moves) < a.plies:
            continue
        score = eng.candidates(moves, 10, 1)
        if not score or abs(score[0][0]) > a.balance:
            continue
        fen = eng.fen(moves)
        if fen not in fens:
            fens.append(fen)
            print(fen, flush=True)
            print("  %s (%+d)" % (" ".join(moves), score[0][0]), file=sys.stderr)
    eng.quit()
    if len(fens) < a.count:
        sys.exit("make-openings: only %d distinct balanced lines found" % len(fens))


if __name__ == "__main__":
    main()
