#!/usr/bin/env python3
"""turn_selfplay.py: Menagerie against itself over UCI in variants whose
turns have several moves (Marseillais, progressive, Monster chess), where
no GUI can referee: the engine moves for the side to move of the position
it is given, once per `go`, and this script asks again until the game
ends.  Every move the engine plays is checked against the legal moves the
engine lists for that position (`moves`), which tests/test_turn.c holds
against a reference written from the rules.

    tools/turn_selfplay.py [--engine ./menagerie] [--games 2] [--depth 3]
                           [--max-plies 200] [--seed 1] VARIANT...

Prints one line per game (plies, how it ended, the final FEN) and exits 1
when the engine played a move that was not legal."""
import argparse
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.path = path
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine quit")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self):
        self.send("moves")
        line = self.until(lambda l: "legal move" in l)[-1]
        return line.split(":", 1)[1].split() if ":" in line else []

    def board(self):
        self.send("d")
        lines = self.until(lambda l: l.startswith("FEN: ") or " to move" in l)
        if not lines[-1].startswith("FEN: "):
            lines += self.until(lambda l: l.startswith("FEN: "))
        return lines

    def best(self, depth):
        self.send("go depth %d" % depth)
        return self.until(lambda l: l.startswith("bestmove"))[-1].split()[1]

    def close(self):
        self.send("quit")
        self.p.wait()


def play(engine, variant, depth, max_plies, rng):
    engine.send("setoption name UCI_Variant value " + variant)
    engine.send("ucinewgame")
    moves, illegal = [], 0
    for ply in range(max_plies):
        engine.position(moves)
        legal = engine.legal_moves()
        if not legal:
            break
        # the first two moves at random, so the games differ
        move = rng.choice(legal) if ply < 2 else engine.best(depth)
        if move not in legal:
            print("  ILLEGAL %s after %s" % (move, " ".join(moves)))
            illegal += 1
            break
        moves.append(move)
    engine.position(moves)
    fen = engine.board()[-1][5:]
    if len(moves) >= max_plies:
        how = "stopped at %d plies" % max_plies
    else:
        how = verdict(engine.path, variant, fen)
    return len(moves), how, fen, illegal


def verdict(path, variant, fen):
    """The referee's word on a position without legal moves (CECP)."""
    cmds = "xboard\nprotover 2\nvariant %s\nsetboard %s\ngo\nquit\n" % (variant, fen)
    out = subprocess.run([path], input=cmds, capture_output=True, text=True).stdout
    results = [l for l in out.splitlines() if l[:3] in ("1-0", "0-1", "1/2")]
    return results[-1] if results else "no result announced"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="./menagerie")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("variants", nargs="+")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    engine = Engine(a.engine)
    bad = 0
    for v in a.variants:
        for g in range(a.games):
            n, how, fen, illegal = play(engine, v, a.depth, a.max_plies, rng)
            bad += illegal
            print("%s game %d: %d plies, %s; %s" % (v, g + 1, n, how, fen), flush=True)
    engine.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
