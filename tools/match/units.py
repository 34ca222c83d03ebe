"""Work split into independent units, and their result files merged.

A match of G games is P = G/2 game pairs: pair p (from 0) is games 2p+1
and 2p+2, one opening played with both colours; which opening is fixed by
p, the opening file and --opening-order/--seed alone.  A tournament's plan
numbers its opening pairs the same way (tourney.plan_games).  Unit K of N
holds the pairs floor((K-1)P/N) to floor(KP/N)-1, so what a unit plays,
and with engines that play the same move in the same position (fixed
nodes or depth, one thread) how its games go, does not depend on where or
when it runs.  Each unit writes a JSON result file unit-K-of-N.json (and
its games to unit-K-of-N.pgn) in a result directory; `merge` adds them up.
"""
import argparse
import glob
import json
import os
import re
import socket

MATCH_FORMAT = "menagerie-match unit 1"


class UnitError(Exception):
    """A unit list or a set of result files that cannot be used (message
    for the user)."""


def unit_pairs(total_pairs, units, k):
    """The pairs of unit k (1..units) of a plan of total_pairs pairs."""
    return range((k - 1) * total_pairs // units, k * total_pairs // units)


def unit_of_pair(total_pairs, units, pair):
    """The unit (1..units) that holds `pair`."""
    for k in range(1, units + 1):
        if pair in unit_pairs(total_pairs, units, k):
            return k
    raise ValueError("pair %d is outside the plan" % pair)


def parse_unit_list(text, units):
    """Units of --unit: 'K', 'K-L', a comma list of those, or 'all'."""
    if text.strip() == "all":
        return list(range(1, units + 1))
    chosen = set()
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if not m:
            raise UnitError("--unit '%s' is not K, K-L, a comma list of those, or all" % text)
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if not 1 <= lo <= hi <= units:
            raise UnitError("--unit '%s': units are numbered 1 to %d (--units)" % (text, units))
        chosen.update(range(lo, hi + 1))
    return sorted(chosen)


def unit_name(k, units):
    return "unit-%d-of-%d" % (k, units)


def write_json(path, data):
    """Write data to path whole or not at all (a new file renamed over)."""
    tmp = "%s.tmp.%s.%d" % (path, socket.gethostname(), os.getpid())
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as err:
        raise UnitError("%s: %s" % (path, err.strerror))
    except ValueError as err:
        raise UnitError("%s: not JSON (%s)" % (path, err))


def result_paths(args):
    """Result files named on a merge command line: a directory stands for
    its unit-*-of-*.json files."""
    paths = []
    for arg in args:
        if os.path.isdir(arg):
            found = sorted(glob.glob(os.path.join(arg, "unit-*-of-*.json")))
            if not found:
                raise UnitError("%s: no unit-K-of-N.json files in the directory" % arg)
            paths += found
        else:
            paths.append(arg)
    if not paths:
        raise UnitError("name the result files or their directory")
    return paths


def collect(paths, fmt, plan_key, get_unit, get_units):
    """{unit: (path, data)} of result files of one plan; UnitError when a
    file is of another format or plan, or a unit comes twice.  Returns
    (units, by_unit, missing)."""
    by_unit, plan, first = {}, None, None
    for path in paths:
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != fmt:
            raise UnitError("%s: not a result file of %s" % (path, fmt.rsplit(" ", 2)[0]))
        if plan is None:
            plan, first = data.get(plan_key), path
        elif data.get(plan_key) != plan:
            other = data.get(plan_key) or {}
            differ = [k for k in sorted(set(plan) | set(other)) if plan.get(k) != other.get(k)]
            raise UnitError("%s and %s are units of different runs (they differ in: %s)"
                            % (first, path, ", ".join(differ)))
        k = get_unit(data)
        if k in by_unit:
            raise UnitError("unit %d twice: %s and %s" % (k, by_unit[k][0], path))
        by_unit[k] = (path, data)
    units = get_units(plan)
    missing = [k for k in range(1, units + 1) if k not in by_unit]
    return units, by_unit, missing


def pgn_games(path):
    """The games of a PGN file as texts, each ending in a blank line."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as err:
        raise UnitError("%s: %s" % (path, err.strerror))
    return [g.strip("\n") + "\n\n" for g in re.split(r"\n\n(?=\[Event )", text) if g.strip()]


def pgn_round(game):
    m = re.search(r'^\[Round "(\d+)"\]', game, re.M)
    return int(m.group(1)) if m else 0


def join_pgn(paths, out_path):
    """Write the games of all `paths` to out_path ordered by their Round tag
    (the game number of the whole plan); returns the number of games."""
    games = []
    for path in paths:
        games += pgn_games(path)
    games.sort(key=pgn_round)
    with open(out_path, "w", encoding="utf-8") as f:
        f.writelines(games)
    return len(games)


def beside(result_path, name):
    """A file named in a result file: relative to the result file's
    directory (the directory may be mounted elsewhere on another host)."""
    return name if os.path.isabs(name) else os.path.join(os.path.dirname(result_path), name)


def merge_parser(prog, description, unit_help, json_help, partial_help):
    """The argument parser both `merge` commands share: the unit files, and
    where the joined PGN and the merged JSON go."""
    p = argparse.ArgumentParser(prog=prog, description=description,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("results", nargs="+", metavar="FILE|DIR",
                   help=unit_help + ", or directories of unit-K-of-N.json files")
    p.add_argument("--pgn", metavar="FILE",
                   help="write the units' games to FILE, ordered by game number (Round)")
    p.add_argument("--json", metavar="FILE", help=json_help)
    p.add_argument("--partial", action="store_true", help=partial_help)
    return p
