#!/usr/bin/env python3
"""Cross-check Menagerie's perft against Fairy-Stockfish for one variant.

Positions: the start position plus middle-game positions reached by random
legal play (Fairy-Stockfish lists the legal moves, so the positions are
legal by its rules).  For each position the two engines count depth 1, 2,
... until a count exceeds --max-nodes.  A difference made only of drops that
mate at the last ply (or, with --refused-mates, any mating moves) (Fairy-Stockfish generates them and scores them as a
loss, Menagerie does not generate them where they are illegal) is checked by
following every differing subtree, and printed as a "strict-legality
alternative" comment; any other difference is reported (MISMATCH) with the
moves whose subtrees differ and the first position whose move lists differ.
The cases are printed in the format of tests/data/perft/*.perft (see its
README.md).  A variant Fairy-Stockfish does not have built in needs its
variants.ini section (--fs-ini): it silently plays chess otherwise.

    tools/perft_crosscheck.py -v almost [--fs-variant almost]
        [--fs /usr/games/fairy-stockfish] [--fs-ini FILE] [--games 3]
        [--plies 10-30] [--seed 1] [--max-nodes 2000000] [--max-depth 6]
        [--fen FEN ...] [--menagerie ./menagerie] [--sjaak VARIANT]

With --sjaak, Sjaak II (its name for the variant) counts the same positions
too; its counts are reported beside the others, and a difference is listed
but does not fail the run (Sjaak II's rules differ from Fairy-Stockfish's in
documented places).

Standard library only.
"""
import argparse
import random
import re
import subprocess
import sys


class Fairy:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, binary, variant, ini=None):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        if ini:
            self.send(f"setoption name VariantPath value {ini}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.wait_for("readyok")

    def position(self, fen, moves=()):
        cmd = "position startpos" if fen is None else f"position fen {fen}"
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def fen(self):
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[5:].strip()
        raise RuntimeError("no Fen line")

    def divide(self, depth):
        """Per-move counts and the total."""
        self.send(f"go perft {depth}")
        moves = {}
        for line in self.wait_for("Nodes searched"):
            m = re.match(r"^(\S+): (\d+)$", line)
            if m:
                moves[m.group(1)] = int(m.group(2))
            elif line.startswith("Nodes searched"):
                return moves, int(line.split(":")[1])
        raise RuntimeError("no perft result")

    def quit(self):
        self.send("quit")
        self.p.wait()


def ours(binary, variant, fen, depth, divide=False, moves=()):
    cmd = [binary, "perft", "-v", variant, "--fen", fen]
    if moves:
        cmd += ["--moves", " ".join(moves)]
    if divide:
        cmd.append("--divide")
    out = subprocess.run(cmd + [str(depth)], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"menagerie perft failed: {out.stdout}{out.stderr}")
    moves, total = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"^(\S+): (\d+)", line)
        if m:
            moves[m.group(1)] = int(m.group(2))
        m = re.match(r"^Nodes searched: (\d+)", line)
        if m:
            total = int(m.group(1))
    if divide and total is None:
        total = sum(moves.values())
    return moves, total


def sjaak_counts(binary, variant, fen, depth):
    """Sjaak II's counts for depths 1..depth (console mode `perft`)."""
    script = f"variant {variant}\nsetboard {fen}\nperft {depth}\nquit\n"
    out = subprocess.run([binary], input=script, capture_output=True, text=True,
                         timeout=600).stdout
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    counts = {}
    for m in re.finditer(r"(?:^|>)\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps", out, re.M):
        counts[int(m.group(1))] = int(m.group(2))
    return counts


def random_position(fs, rng, plies):
    """A position after `plies` random legal moves, or None if the game ended."""
    moves = []
    for _ in range(plies):
        fs.position(None, moves)
        legal, _ = fs.divide(1)
        if not legal:
            return None
        moves.append(rng.choice(sorted(legal)))
    fs.position(None, moves)
    legal, _ = fs.divide(1)
    return fs.fen() if legal else None


def drill(args, fs, fen, depth):
    """Follow the first differing subtree down to the position whose move
    lists differ; returns a description of the path and the difference."""
    path = []
    while depth >= 1:
        fs.position(fen, path)
        fs_moves, _ = fs.divide(depth)
        our_moves, _ = ours(args.menagerie, args.variant, fen, depth, True, path)
        differing = [mv for mv in sorted(set(fs_moves) | set(our_moves))
                     if fs_moves.get(mv) != our_moves.get(mv)]
        if not differing:
            break
        only_fs = [mv for mv in differing if mv not in our_moves]
        only_ours = [mv for mv in differing if mv not in fs_moves]
        if only_fs or only_ours or depth == 1:
            fs.position(fen, path)
            return (f"  after moves: {' '.join(path) or '(none)'}\n  position: {fs.fen()}\n"
                    f"  only fairy-stockfish: {' '.join(only_fs) or '-'}\n"
                    f"  only menagerie: {' '.join(only_ours) or '-'}")
        path.append(differing[0])
        depth -= 1
    return "  (no single differing line found)"


def drop_mates(args, fs, fen, path, depth, budget):
    """The difference between the two counts below `path`, if all of it is
    drops that mate at the last ply (Fairy-Stockfish generates them and scores
    them as a loss; Menagerie does not generate them where they are illegal),
    else None.  Follows every differing subtree; gives up after `budget`
    positions."""
    fs.position(fen, path)
    fs_moves, _ = fs.divide(depth)
    our_moves, _ = ours(args.menagerie, args.variant, fen, depth, True, path)
    budget[0] -= 1
    total = 0
    for mv in sorted(set(fs_moves) | set(our_moves)):
        a, b = fs_moves.get(mv), our_moves.get(mv)
        if a == b:
            continue
        if budget[0] <= 0 or a is None:
            return None
        if b is None:
            # only Fairy-Stockfish has it: a drop after which nothing moves
            if depth != 1 or ("@" not in mv and not args.refused_mates):
                return None
            fs.position(fen, path + [mv])
            if fs.divide(1)[0]:
                return None
            total += a
            continue
        sub = drop_mates(args, fs, fen, path + [mv], depth - 1, budget)
        if sub is None or sub != a - b:
            return None
        total += sub
    return total


def compare(args, fs, fen):
    """Depth lines agreed by both engines (and strict-legality alternatives:
    depth -> Menagerie's count where only drop mates differ), or a mismatch
    report."""
    lines, alternatives = [], {}
    for depth in range(1, args.max_depth + 1):
        fs.position(fen)
        fs_moves, fs_total = fs.divide(depth)
        _, our_total = ours(args.menagerie, args.variant, fen, depth)
        if fs_total != our_total and our_total < fs_total:
            explained = drop_mates(args, fs, fen, [], depth, [args.budget])
            if explained == fs_total - our_total:
                alternatives[depth] = our_total
                our_total = fs_total
        if fs_total != our_total:
            our_moves, _ = ours(args.menagerie, args.variant, fen, depth, divide=True)
            diff = []
            for mv in sorted(set(fs_moves) | set(our_moves)):
                a, b = fs_moves.get(mv), our_moves.get(mv)
                if a != b:
                    diff.append(f"  {mv}: fairy-stockfish {a} menagerie {b}")
            return lines, alternatives, (f"MISMATCH depth {depth}: fairy-stockfish {fs_total} "
                                         f"menagerie {our_total}\n" + "\n".join(diff) + "\n"
                                         + drill(args, fs, fen, depth))
        lines.append((depth, fs_total))
        if fs_total > args.max_nodes or fs_total == 0:
            break
    return lines, alternatives, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--variant", required=True, help="Menagerie's variant name")
    ap.add_argument("--fs-variant", help="Fairy-Stockfish's name (default: the same)")
    ap.add_argument("--fs", default="/usr/games/fairy-stockfish")
    ap.add_argument("--fs-ini", help="variants.ini to load into Fairy-Stockfish")
    ap.add_argument("--fs-label", default="FS-11.1", help="its name in the agreed: lines")
    ap.add_argument("--menagerie", default="./menagerie")
    ap.add_argument("--games", type=int, default=3, help="random middle-game positions")
    ap.add_argument("--plies", default="10-30")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, default=2000000)
    ap.add_argument("--max-depth", type=int, default=6)
    ap.add_argument("--fen", action="append", default=[], help="further positions")
    ap.add_argument("--sjaak", help="Sjaak II's name for the variant: count with it too")
    ap.add_argument("--sjaak-bin", default="/usr/games/sjaakii")
    ap.add_argument("--refused-mates", action="store_true",
                    help="the variant forbids some pieces to mate (shatar's knight): "
                         "accept mating moves of any kind at the last ply, not only drops")
    ap.add_argument("--budget", type=int, default=2000,
                    help="positions to visit when explaining a difference")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.plies.split("-"))
    rng = random.Random(args.seed)
    fs = Fairy(args.fs, args.fs_variant or args.variant, args.fs_ini)
    fs.position(None)
    cases = [("start position", fs.fen())]
    tries = 0
    while len(cases) < 1 + args.games and tries < 20 * (args.games + 1):
        tries += 1
        plies = rng.randint(lo, hi)
        fen = random_position(fs, rng, plies)
        if fen and fen not in (c[1] for c in cases):
            cases.append((f"middle-game position (random play, {plies} plies)", fen))
    cases += [("given position", f) for f in args.fen]
    status = 0
    for what, fen in cases:
        lines, alternatives, problem = compare(args, fs, fen)
        print(f"# case: {what}")
        agreed = [f"{args.fs_label}, Menagerie (all depths)"]
        if args.sjaak and lines:
            sj = sjaak_counts(args.sjaak_bin, args.sjaak, fen, lines[-1][0])
            same = [d for d, c in lines if sj.get(d) == c]
            if len(same) == len(lines):
                agreed.append("SjaakII (all depths)")
            elif same:
                agreed.append(f"SjaakII (depths {','.join(map(str, same))})")
            for d, c in lines:
                if sj.get(d) != c:
                    print(f"# differs: SjaakII depth {d} = {sj.get(d)}")
        print(f"# agreed: {'; '.join(agreed)}")
        for d, c in sorted(alternatives.items()):
            what = "knight mates" if args.refused_mates else "pawn-drop mates"
            print(f"# strict-legality alternative ({what} not generated): "
                  f"depth {d} = {c}")
        print(f"fen {fen}")
        for depth, count in lines:
            print(f"depth {depth} {count}")
        if problem:
            print(problem)
            status = 1
        print()
        sys.stdout.flush()
    fs.quit()
    return status


if __name__ == "__main__":
    sys.exit(main())
