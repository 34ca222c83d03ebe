#!/usr/bin/env python3
"""Cross-check Menagerie's perft against Sjaak II for one variant.

For variants Fairy-Stockfish does not have (tools/perft_crosscheck.py needs
it): Sjaak II is the second implementation.  Positions: the start position,
middle-game positions reached by random legal play (Menagerie lists the legal
moves, `perft --divide 1`, and prints the position reached, UCI `d`), and
any given with --fen.  For each position both engines count depth 1, 2, ...
until a count exceeds --max-nodes.  A difference is followed move by move
(Menagerie's `--divide`, Sjaak's `perft N 1`) down to the first position
whose move lists differ, which is printed with the moves only one engine has;
with --every-difference, every differing subtree is followed, and the run
says whether those move lists account for the whole difference.
Sjaak writes moves as `Le4xe5-d4`, `b7-b8Q`, `P@c3` (a pawn's drop `@c3`), `O-O`, a pickup
`N^b1` (ours `@@b1`); they are matched
to Menagerie's coordinate moves by their squares (castling is left
unmatched); a move Sjaak lists twice is reported.  The cases are printed
in the format of tests/data/perft/*.perft.

    tools/perft_sjaak_crosscheck.py -v corner_chess [--sjaak corner_chess]
        [--games 3] [--plies 10-30] [--seed 1] [--max-nodes 2000000]
        [--max-depth 6] [--fen FEN ...] [--menagerie ./menagerie]
        [--variants FILE] [--sjaak-bin /usr/games/sjaakii] [--sjaak-moves]
        [--every-difference]

--sjaak-moves gives Sjaak the random games' moves from the start instead of
their FEN: its setboard takes every piece as unmoved, which matters where
pawns have first-move steps off their first rank (wildebeest).

Standard library only.
"""
import argparse
import random
import re
import subprocess
import sys

SQUARE = re.compile(r"[a-p](?:1[0-6]|[1-9])")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def menagerie_cmd(args):
    return [args.menagerie] + (["--variants", args.variants] if args.variants else [])


def menagerie_divide(args, fen, depth, moves=()):
    """Menagerie's per-move counts and total."""
    cmd = menagerie_cmd(args) + ["perft", "-v", args.variant, "--divide"]
    if fen:
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves", " ".join(moves)]
    out = subprocess.run(cmd + [str(depth)], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"menagerie perft failed: {out.stdout}{out.stderr}")
    counts = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^(\S+): (\d+)$", line)
        if m:
            counts[m.group(1)] = int(m.group(2))
    return counts, sum(counts.values())


def menagerie_fen(args, fen, moves=()):
    """The position after `moves`, as Menagerie's console prints it."""
    # UCI, whose coordinates are perft's (XBoard numbers the ranks of a
    # 10-rank board from 0)
    position = f"position fen {fen}" if fen else "position startpos"
    if moves:
        position += " moves " + " ".join(moves)
    script = ["uci", f"setoption name UCI_Variant value {args.variant}", position, "d", "quit"]
    out = subprocess.run(menagerie_cmd(args), input="\n".join(script) + "\n",
                         capture_output=True, text=True).stdout
    found = re.findall(r"^FEN: (.*)$", out, re.M)
    if not found or "illegal move" in out:
        raise RuntimeError(f"no FEN from menagerie:\n{out}")
    return found[-1].strip()


def sjaak_run(args, fen, command, moves=None):
    """Sjaak's console output for `command` in the position `fen`, or, with
    `moves` (a list), after those moves from the start position: Sjaak
    takes every piece in a FEN as unmoved, so a pawn off its first rank
    would still have its first move's steps (--sjaak-moves)."""
    if moves is not None:
        script = f"variant {args.sjaak}\nforce\n" + "".join(f"{m}\n" for m in moves)
        script += f"{command}\nquit\n"
    else:
        script = f"variant {args.sjaak}\nsetboard {fen}\n{command}\nquit\n"
    out = subprocess.run([args.sjaak_bin], input=script, capture_output=True, text=True,
                         timeout=1800).stdout
    return ANSI.sub("", out)


def sjaak_counts(args, fen, depth, moves=None):
    """Sjaak II's counts for depths 1..depth."""
    counts = {}
    out = sjaak_run(args, fen, f"perft {depth}", moves)
    for m in re.finditer(r"(?:^|>)\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+nps", out, re.M):
        counts[int(m.group(1))] = int(m.group(2))
    return counts


def sjaak_divide(args, fen, depth, moves=None):
    """Sjaak's per-move counts (a move it lists twice is summed) and the
    moves it lists more than once.  Sjaak prints a list for every depth up
    to `depth`, each closed by its total line; the last one is wanted."""
    out = sjaak_run(args, fen, f"perft {depth} 1", moves)
    counts, twice, done = {}, set(), ({}, set())
    for line in out.splitlines():
        if re.search(r"(?:^|>)\s*\d+\s+\d+\s+[\d.]+\s+[\d.]+nps", line):
            done, counts, twice = (counts, twice), {}, set()
            continue
        m = re.search(r"(?:^|>)\s*(\S+)\s+(\d+)\s+(\d+)\s*$", line)
        if m and not m.group(1).isdigit():
            if m.group(1) in counts:
                twice.add(m.group(1))
            counts[m.group(1)] = counts.get(m.group(1), 0) + int(m.group(2))
    return done


def move_key(move):
    """A notation-free key: the squares a move visits, and its promotion."""
    pickup = re.fullmatch(r"(?:@@|[A-Z]?\^)([a-p](?:1[0-6]|[1-9]))", move)
    if pickup:          # into the hand: ours @@b1, Sjaak's N^b1 (pawns: ^b2)
        return ("pickup", pickup.group(1))
    if "@" in move:
        piece, square = move.split("@")
        # Sjaak's pawns have the symbol " ", so it writes their drops @c3
        return ("drop", piece.lstrip("+").upper()[-1:] or "P", square)
    squares = []
    for sq in SQUARE.findall(move):
        if not squares or squares[-1] != sq:
            squares.append(sq)
    tail = re.search(r"([A-Za-z+]+)$", move)
    last = SQUARE.findall(move)
    promo = ""
    if tail and last and move.endswith(tail.group(1)) and not move.endswith(last[-1]):
        promo = tail.group(1).upper()
    return (tuple(squares), promo)


def matched_divides(args, fen, depth, moves, path):
    """Both engines' per-move counts after `path`, keyed by move_key, and
    the moves Sjaak lists twice."""
    here = menagerie_fen(args, fen, path)
    ours, _ = menagerie_divide(args, fen, depth, path)
    # Sjaak lists an illegal king move with the count 0 at depth 1
    theirs, twice = sjaak_divide(args, here, depth, None if moves is None else moves + path)
    theirs = {m: c for m, c in theirs.items() if c}
    ours = {m: c for m, c in ours.items() if c}
    theirs_k = {move_key(m): (m, c) for m, c in theirs.items()}
    ours_k = {}
    for m, c in ours.items():
        key = move_key(m)
        if key[0] == "drop":
            ours_k[key] = (m, c)
            continue
        squares, promo = key
        if len(squares) == 3 and squares[0] == squares[2] \
                and (squares[:1], promo) in theirs_k and (squares, promo) not in theirs_k:
            squares = squares[:1]       # a turn (out and back): Sjaak writes Lb1-b1
        ours_k[(squares, promo)] = (m, c)
    return here, ours_k, theirs_k, twice


def drill(args, fen, depth, moves=None, path=None, every=False):
    """Follow a differing subtree down to the position whose move lists
    differ; with `every`, follow every differing subtree.  Returns the
    reports and how many nodes the differing move lists account for
    (Menagerie's count minus Sjaak's)."""
    path = path or []
    here, ours_k, theirs_k, twice = matched_divides(args, fen, depth, moves, path)
    only_ours = sorted(ours_k[k][0] for k in set(ours_k) - set(theirs_k))
    only_sjaak = sorted(theirs_k[k][0] for k in set(theirs_k) - set(ours_k))
    differ = sorted((k for k in set(ours_k) & set(theirs_k) if ours_k[k][1] != theirs_k[k][1]),
                    key=str)
    if only_ours or only_sjaak or twice or depth == 1 or not differ:
        explained = (sum(ours_k[k][1] for k in set(ours_k) - set(theirs_k))
                     - sum(theirs_k[k][1] for k in set(theirs_k) - set(ours_k)))
        report = (f"  after moves: {' '.join(path) or '(none)'}\n  position: {here}\n"
                  f"  only sjaak: {' '.join(only_sjaak) or '-'}\n"
                  f"  only menagerie: {' '.join(only_ours) or '-'}\n"
                  f"  listed more than once by sjaak: {' '.join(sorted(twice)) or '-'}")
        return [report], explained
    reports, explained = [], 0
    for k in differ if every else differ[:1]:
        r, e = drill(args, fen, depth - 1, moves, path + [ours_k[k][0]], every)
        reports += r
        explained += e
    return reports, explained


def random_position(args, rng, plies, played=None):
    moves = []
    for _ in range(plies):
        legal, _ = menagerie_divide(args, None, 1, moves)
        if not legal:
            return None
        moves.append(rng.choice(sorted(legal)))
    legal, _ = menagerie_divide(args, None, 1, moves)
    if played is not None:
        played[:] = moves
    return menagerie_fen(args, None, moves) if legal else None


def compare(args, fen, moves=None):
    """Menagerie counts depth by depth up to --max-nodes; one Sjaak run then
    gives every depth up to the last."""
    ours = []
    for depth in range(1, args.max_depth + 1):
        _, count = menagerie_divide(args, fen, depth)
        ours.append((depth, count))
        if count > args.max_nodes or count == 0:
            break
    theirs = sjaak_counts(args, fen, ours[-1][0], moves)
    lines = []
    for depth, count in ours:
        if theirs.get(depth) != count:
            reports, explained = drill(args, fen, depth, moves, every=args.every_difference)
            tail = ""
            if args.every_difference:
                tail = (f"\n  the {len(reports)} differing move lists account for "
                        f"{explained} of the {count - (theirs.get(depth) or 0)} nodes")
            return lines, (f"MISMATCH depth {depth}: sjaak {theirs.get(depth)} "
                           f"menagerie {count}\n" + "\n".join(reports) + tail)
        lines.append((depth, count))
    return lines, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--variant", required=True, help="Menagerie's variant name")
    ap.add_argument("--sjaak", help="Sjaak II's name (default: the same)")
    ap.add_argument("--sjaak-bin", default="/usr/games/sjaakii")
    ap.add_argument("--menagerie", default="./menagerie")
    ap.add_argument("--variants", help="variant files to load first (menagerie --variants)")
    ap.add_argument("--games", type=int, default=3, help="random middle-game positions")
    ap.add_argument("--plies", default="10-30")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, default=2000000)
    ap.add_argument("--max-depth", type=int, default=6)
    ap.add_argument("--fen", action="append", default=[], help="further positions")
    ap.add_argument("--sjaak-moves", action="store_true",
                    help="give Sjaak the random games' moves, not their FEN")
    ap.add_argument("--every-difference", action="store_true",
                    help="follow every differing subtree, not only the first, and say "
                         "whether the differing move lists account for the whole difference")
    args = ap.parse_args()
    args.sjaak = args.sjaak or args.variant
    lo, hi = (int(x) for x in args.plies.split("-"))
    rng = random.Random(args.seed)
    cases = [("start position", menagerie_fen(args, None), [])]
    tries = 0
    while len(cases) < 1 + args.games and tries < 20 * (args.games + 1):
        tries += 1
        plies = rng.randint(lo, hi)
        played = []
        fen = random_position(args, rng, plies, played)
        if fen and fen not in (c[1] for c in cases):
            cases.append((f"middle-game position (random play, {plies} plies)", fen, played))
    cases += [("given position", f, None) for f in args.fen]
    status = 0
    for what, fen, played in cases:
        lines, problem = compare(args, fen, played if args.sjaak_moves else None)
        print(f"# case: {what}")
        print("# agreed: SjaakII, Menagerie (all depths)")
        if args.sjaak_moves and played:
            # without them, nobody can give Sjaak the same unmoved pieces again
            print(f"# Sjaak II was given the moves from the start: {' '.join(played)}")
        print(f"fen {fen}")
        for depth, count in lines:
            print(f"depth {depth} {count}")
        if problem:
            print(problem)
            status = 1
        print()
        sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
