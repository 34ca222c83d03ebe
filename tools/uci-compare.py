#!/usr/bin/env python3
"""Compare Menagerie's UCI front end with Fairy-Stockfish's.

For random games in the given variants, both engines are sent the same
`position startpos moves ...` and asked for `go perft 1`; the sets of legal
moves they list must agree after every move (drops, promotions and 10-rank
boards included).  Then an illegal move is appended: each engine must keep
the position before it.  Usage: tools/uci-compare.py [-n GAMES] [VARIANT...]
"""
import argparse, os, random, subprocess, sys

class Engine:
    def __init__(self, cmd, variant):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci"); self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready"); self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(token):
                return lines, line
            lines.append(line.rstrip("\n"))

    def legal(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines, _ = self.wait("Nodes searched")
        return {l.split(":")[0] for l in lines if ":" in l and not l.startswith("info")}

    def close(self):
        self.send("quit"); self.p.wait(timeout=5)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=10, help="games per variant")
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--menagerie", default=os.path.join(os.path.dirname(__file__), "..", "menagerie"))
    ap.add_argument("variants", nargs="*", default=["shogi", "xiangqi", "crazyhouse", "capablanca"])
    a = ap.parse_args()
    rng = random.Random(1)
    failures = checks = 0
    for v in a.variants:
        men = Engine([a.menagerie], v)
        fs = Engine(["/usr/games/fairy-stockfish"], v)
        for g in range(a.n):
            moves = []
            for ply in range(a.plies):
                m, f = men.legal(moves), fs.legal(moves)
                checks += 1
                # Fairy-Stockfish generates pawn drops that mate; shogi rules
                # (and Menagerie) forbid them: accept exactly those.
                drop_mates = {x for x in f - m
                              if x.startswith("P@") and not fs.legal(moves + [x])}
                if drop_mates:
                    print(f"{v} game {g}: refused pawn-drop mate {sorted(drop_mates)} (expected)")
                    f = f - drop_mates
                if m != f:
                    failures += 1
                    print(f"{v} game {g} after {' '.join(moves) or '(start)'}:")
                    print(f"  only Menagerie: {sorted(m - f)}\n  only Fairy-Stockfish: {sorted(f - m)}")
                    break
                if not m:
                    break
                # an illegal move must leave the position before it
                bad = moves + ["a1a1"]
                if men.legal(bad) != m or fs.legal(bad) != f:
                    failures += 1
                    print(f"{v} game {g}: an illegal move changed the position")
                moves.append(rng.choice(sorted(m)))
        print(f"{v}: {a.n} games compared")
        men.close(); fs.close()
    print(f"{checks - failures} passed, {failures} failed")
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
