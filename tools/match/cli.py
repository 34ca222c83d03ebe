"""Command line of menagerie-match."""
import argparse
import math
import os
import re
import shlex
import shutil
import sys
import threading
import time

from .engines import EngineSpec, Limits
from .game import Adjudication, GameSettings
from .referee import RefereeError
from .runner import Match, MatchError
from . import stats, units
from .runner import Tally, result_lines

DESCRIPTION = """\
Play two engines (CECP or UCI) against each other in any variant, games in
parallel, each game refereed move by move by a Menagerie instance (CECP force
mode): an illegal move loses, and the game ends when Menagerie's rules end it.
Each opening is played twice, colours reversed; the pair's result goes into
the pentanomial statistics (Elo, SPRT)."""

TIME_CONTROL_HELP = """\
time control (--tc): [MOVES/]BASE[+INC], BASE in seconds or M:SS, e.g. 1+0.01,
  10+0.1, 40/60, 2:00+1.  CECP engines get `level MOVES M:SS INC` (whole
  seconds) and `time`/`otim` in centiseconds before every move; UCI engines
  `go wtime btime winc binc [movestogo]`.  --st: a fixed time per move, CECP
  `st SEC`, UCI `go movetime MS`; a move that takes longer than SEC plus
  --timemargin loses on time.  --depth: CECP `sd`, UCI `go depth`.
  --nodes: CECP `nps N` with `st 1` (the node clock: N nodes a move), UCI
  `go nodes`.  --depth may be combined with --tc or --st; --nodes with
  neither.
"""

EPILOG = TIME_CONTROL_HELP + """
adjudication: a game is won for a side when, for --resign-moves consecutive
  moves of each engine, the loser's engine scored it at or below
  -(--resign-score) centipawns and the winner's at or above +(--resign-score).
  It is drawn when, from full move --draw-start on (counted from the opening
  position), both engines' scores stayed within +-(--draw-score) for
  --draw-moves consecutive moves each, and when it is still going after
  --max-moves full moves (games without a move rule, such as shogi, could
  otherwise go on for ever).  0 turns a rule off.

statistics: Elo is logistic (expected score 1/(1+10^(-Elo/400))); its 95%
  interval comes from the variance of the game-pair scores (pentanomial;
  W/D/L before the first pair is complete).  The SPRT is fishtest's
  generalised SPRT on the pentanomial counts: with --elo-model logistic
  (default) H0/H1 fix the expected score at elo0/elo1, with normalized the
  t-value (normalised Elo, as fishtest now uses).  Bounds: ln(beta/(1-alpha))
  and ln((1-beta)/alpha).  The match stops at the first bound crossed.

set-up: CECP engines get `new`, `variant`, `force`, `post`, `easy`, the limits
  and `setboard FEN` (`edit` for engines without setboard, White to move
  only); UCI engines `ucinewgame` and `position fen FEN moves ...`.  Ranks of
  10-rank boards are numbered from 0 for CECP and from 1 for UCI.

faults counted per engine: illegal moves (also a legal move refused with
  `Illegal move`, a result claimed instead of a move, `bestmove 0000` with
  moves left), time losses (clock below -margin, or no move within
  --move-timeout without a clock) and crashes (the engine exited or closed
  its pipes; it is restarted for the next game).

units (for work spread over machines): --units N splits the --games G
  games into N units of consecutive game pairs (unit K: pairs
  floor((K-1)P/N) to floor(KP/N)-1 of P = G/2; pair p is games 2p+1 and
  2p+2 and plays opening p of the file, cycled, or of its --seed shuffle).
  --unit LIST plays those units whole (an SPRT does not stop them) and
  writes, per unit, DIR/unit-K-of-N.json (W/D/L, pentanomial counts,
  faults, game ends, every game's result, host, the plan) and
  DIR/unit-K-of-N.pgn, DIR being --result-dir, each unit's as soon as its
  last game ends.  A unit whose result file says it is complete is
  skipped, so a failed or stopped job is simply run again.
  Every unit runs the same command but for --unit; with fixed --nodes or
  --depth and single-threaded engines, a unit's games are the same wherever
  it runs.  Then
    menagerie-match merge [--pgn FILE] [--json FILE] [--partial] DIR|FILE...
  adds the counts exactly, joins the PGN in game order and gives Elo and
  the SPRT verdict over the sums (tools/spread/ runs units under GNU
  parallel or as a Slurm job array; see README).

example, an SPRT of a new build against the old one at 10+0.1:
  tools/menagerie-match -a ./menagerie -b ./menagerie-old --tc 10+0.1 \\
      --openings tools/openings/normal.fen --sprt --elo0 0 --elo1 5 \\
      --pgn sprt.pgn

exit status: 0 when the match ran to its end (games played or SPRT decided),
  1 on an error (the summary says which), 2 on bad options."""


def _bounded(kind, lo=None, hi=None):
    """An argparse type: int or float within [lo, hi]."""
    def convert(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("'%s' is not %s" % (
                text, "an integer" if kind is int else "a number"))
        if kind is float and not math.isfinite(value):
            raise argparse.ArgumentTypeError("'%s' is not a finite number" % text)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError("%s is out of range [%s, %s]" % (
                text, "-inf" if lo is None else lo, "inf" if hi is None else hi))
        return value
    return convert


def _seconds(text):
    """BASE of a time control: seconds or M:SS."""
    m = re.fullmatch(r"(\d+):(\d{1,2}(?:\.\d+)?)", text)
    if m:
        return int(m.group(1)) * 60 + float(m.group(2))
    return _bounded(float, 0)(text)


def parse_tc(text):
    """(moves, base, inc) of a time control string."""
    m = re.fullmatch(r"(?:([^/+]+)/)?([^+/]+)(?:\+([^+/]+))?", text.strip())
    if not m:
        raise argparse.ArgumentTypeError("'%s' is not a time control ([MOVES/]BASE[+INC])"
                                         % text)
    try:
        moves = _bounded(int, 0, 10000)(m.group(1)) if m.group(1) else 0
        base = _seconds(m.group(2))
        inc = _bounded(float, 0, 3600)(m.group(3)) if m.group(3) else 0.0
    except argparse.ArgumentTypeError as err:
        raise argparse.ArgumentTypeError("'%s' is not a time control: %s" % (text, err))
    if base <= 0 or base > 360000:
        raise argparse.ArgumentTypeError("'%s' is not a time control: the base time must be "
                                         "above 0 s and at most 100 hours" % text)
    return moves, base, inc


def _option(text):
    if "=" not in text:
        raise argparse.ArgumentTypeError("'%s' is not NAME=VALUE" % text)
    name, value = text.split("=", 1)
    return name.strip(), value.strip()


def add_referee_option(g):
    g.add_argument("--referee", metavar="CMD", default="./menagerie",
                   help="command line of the Menagerie that referees (default: ./menagerie); "
                        "for a variant of your own, e.g. './menagerie --variants DIR'")


def add_game_options(g):
    """Variant, concurrency and openings: the same for a match and a tournament."""
    g.add_argument("-v", "--variant", default="chess",
                   help="variant, as Menagerie names it (default: chess); CECP engines "
                        "get `variant NAME` (none for chess), UCI engines "
                        "`setoption name UCI_Variant value NAME`")
    g.add_argument("-c", "--concurrency", type=_bounded(int, 1, 256),
                   default=os.cpu_count() or 1,
                   help="games played at once (default: the number of cores, %(default)s)")
    g.add_argument("-o", "--openings", metavar="FILE",
                   help="opening positions, one FEN (or EPD) a line; each is played twice, "
                        "colours reversed, and the file is cycled (default: the start "
                        "position)")
    g.add_argument("--opening-order", choices=("sequential", "random"),
                   default="sequential", help="order of the openings (default: sequential)")
    g.add_argument("--seed", type=_bounded(int, 0), default=1,
                   help="seed of --opening-order random (default: 1)")


def add_limit_options(p):
    """The limits and adjudication groups."""
    g = p.add_argument_group("limits")
    g.add_argument("--tc", metavar="TC", type=parse_tc,
                   help="time control [MOVES/]BASE[+INC] (see below)")
    g.add_argument("--st", metavar="SEC", type=_bounded(float, 0.01, 3600), default=0,
                   help="fixed time per move in seconds (see below)")
    g.add_argument("--depth", type=_bounded(int, 1, 200), default=0,
                   help="fixed search depth per move")
    g.add_argument("--nodes", type=_bounded(int, 1, 10**9), default=0,
                   help="fixed nodes per move")
    g.add_argument("--timemargin", metavar="MS", type=_bounded(int, 0, 60000), default=100,
                   help="time a clock may overrun before it is a loss (default: 100 ms)")
    g.add_argument("--move-timeout", metavar="SEC", type=_bounded(float, 0.1, 86400),
                   default=60.0,
                   help="without a clock: longest wait for a move before it is a loss "
                        "(default: 60)")
    g.add_argument("--protocol-timeout", metavar="SEC", type=_bounded(float, 0.1, 3600),
                   default=10.0,
                   help="longest wait for start-up and ping/isready answers (default: 10)")
    g.add_argument("--feature-wait", metavar="SEC", type=_bounded(float, 0.1, 3600),
                   default=2.0,
                   help="CECP: silence after protover that marks a protocol-1 engine "
                        "(default: 2, as XBoard; an engine that sends feature done=1 ends "
                        "the wait at once)")

    g = p.add_argument_group("adjudication")
    g.add_argument("--resign-moves", metavar="K", type=_bounded(int, 0, 1000), default=3,
                   help="resign adjudication: consecutive moves (default: 3; 0: off)")
    g.add_argument("--resign-score", metavar="CP", type=_bounded(int, 0, 10**6), default=400,
                   help="resign adjudication: score in centipawns (default: 400)")
    g.add_argument("--draw-start", metavar="N", type=_bounded(int, 0, 10000), default=34,
                   help="draw adjudication: first full move (default: 34)")
    g.add_argument("--draw-moves", metavar="M", type=_bounded(int, 0, 1000), default=8,
                   help="draw adjudication: consecutive moves (default: 8; 0: off)")
    g.add_argument("--draw-score", metavar="CP", type=_bounded(int, 0, 10**6), default=20,
                   help="draw adjudication: largest |score| in centipawns (default: 20)")
    g.add_argument("--max-moves", metavar="N", type=_bounded(int, 0, 100000), default=500,
                   help="draw a game still going after N full moves, counted from the "
                        "opening position (default: 500; 0: off)")


def add_log_option(g):
    g.add_argument("--log", metavar="FILE",
                   help="write all engine and referee traffic to FILE (timestamped)")


def build_parser():
    p = argparse.ArgumentParser(
        prog="menagerie-match", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_argument_group("engines")
    g.add_argument("-a", "--engine-a", metavar="CMD", required=True,
                   help="command line of engine A (split as by the shell), e.g. './menagerie'")
    g.add_argument("-b", "--engine-b", metavar="CMD", required=True,
                   help="command line of engine B")
    for x in "ab":
        X = x.upper()
        g.add_argument("--proto-%s" % x, choices=("cecp", "uci"), default="cecp",
                       help="protocol of engine %s (default: cecp)" % X)
        g.add_argument("--name-%s" % x, metavar="NAME",
                       help="name of engine %s in the PGN and summary (default: what "
                            "it calls itself)" % X)
        g.add_argument("--option-%s" % x, metavar="NAME=VALUE", type=_option,
                       action="append", default=[],
                       help="engine option for %s, repeatable (CECP `option NAME=VALUE`, "
                            "UCI `setoption name NAME value VALUE`); checked against the "
                            "options the engine announces (a check box is 0/1 over CECP, "
                            "true/false over UCI), and an error the engine answers with "
                            "stops the match before its first game" % X)
    add_referee_option(g)

    g = p.add_argument_group("games")
    add_game_options(g)
    g.add_argument("-n", "--games", type=_bounded(int, 0, 10**9), default=None,
                   help="number of games, rounded up to whole pairs (default: 100; "
                        "with --sprt: 0, no limit)")

    add_limit_options(p)

    g = p.add_argument_group("SPRT")
    g.add_argument("--sprt", action="store_true",
                   help="run the sequential probability ratio test and stop at a bound")
    g.add_argument("--elo0", type=_bounded(float, -1000, 1000), default=0.0,
                   help="Elo of H0 (default: 0)")
    g.add_argument("--elo1", type=_bounded(float, -1000, 1000), default=5.0,
                   help="Elo of H1 (default: 5)")
    g.add_argument("--alpha", type=_bounded(float, 1e-9, 0.5), default=0.05,
                   help="false positive rate (default: 0.05)")
    g.add_argument("--beta", type=_bounded(float, 1e-9, 0.5), default=0.05,
                   help="false negative rate (default: 0.05)")
    g.add_argument("--elo-model", choices=("logistic", "normalized"), default="logistic",
                   help="Elo of elo0/elo1 (default: logistic)")

    add_unit_options(p, "game pairs")

    g = p.add_argument_group("output")
    g.add_argument("--pgn", metavar="FILE",
                   help="append the games to this PGN file, in the order they end (Round: the "
                        "game number; moves in the engines' coordinate notation, each with "
                        "{score/depth time})")
    g.add_argument("--event", default="menagerie-match",
                   help="PGN Event tag (default: %(default)s)")
    g.add_argument("--progress", metavar="N", type=_bounded(int, 0), default=20,
                   help="a progress line every N games (default: 20; 0: none)")
    g.add_argument("--verbose", action="store_true", help="a line for every game")
    add_log_option(g)
    return p


def add_unit_options(p, what):
    """--units, --unit, --result-dir: the same for a match and a tournament."""
    g = p.add_argument_group("units (work spread over machines; see below)")
    g.add_argument("--units", metavar="N", type=_bounded(int, 1, 10**6), default=0,
                   help="split the %s into N units of consecutive %s" % (
                       "games" if what == "game pairs" else "tournament", what))
    g.add_argument("--unit", metavar="LIST",
                   help="the units to play: K, K-L, a comma list of those, or all")
    g.add_argument("--result-dir", metavar="DIR",
                   help="where each unit K writes unit-K-of-N.json and unit-K-of-N.pgn "
                        "(a directory all machines share)")


def check_units(p, o, total_pairs):
    """o.unit_list from --unit, or an error for a bad combination."""
    o.unit_list = []
    if not o.units:
        if o.unit or o.result_dir:
            p.error("--unit and --result-dir need --units N")
        return
    if not o.unit or not o.result_dir:
        p.error("--units needs --unit LIST and --result-dir DIR")
    if total_pairs < o.units:
        p.error("--units %d: more units than the %d game pairs to split" % (o.units,
                                                                             total_pairs))
    try:
        o.unit_list = units.parse_unit_list(o.unit, o.units)
    except units.UnitError as err:
        p.error(str(err))
    if not os.path.isdir(o.result_dir):
        p.error("--result-dir %s: not a directory" % o.result_dir)


def check_options(p, o):
    check_limits(p, o)
    if o.sprt and o.elo0 >= o.elo1:
        p.error("--elo0 must be below --elo1")
    if o.games is None:
        o.games = 0 if o.sprt else 100
    o.games += o.games % 2
    if o.units and not o.games:
        p.error("--units needs a number of games (--games N) to split")
    check_units(p, o, o.games // 2)
    o.sprt = stats.Sprt(o.elo0, o.elo1, o.alpha, o.beta, o.elo_model) if o.sprt else None
    check_referee(p, o)


def check_limits(p, o):
    """At least one limit, a sane combination; o.tc_text for PGN and summary."""
    if o.tc is None and not o.st and not o.depth and not o.nodes:
        p.error("give a limit: --tc, --st, --depth or --nodes")
    if o.tc and o.st:
        p.error("--st cannot be combined with --tc (one clock: per move or per game)")
    if (o.tc or o.st) and o.nodes:
        p.error("--nodes cannot be combined with --tc or --st (CECP `nps` turns the clock "
                "into a node count)")
    parts = []
    if o.tc:
        moves, base, inc = o.tc
        parts.append(("%d/" % moves if moves else "") + "%g" % base + ("+%g" % inc if inc else ""))
    if o.st:
        parts.append("st %g" % o.st)
    if o.depth:
        parts.append("depth %d" % o.depth)
    if o.nodes:
        parts.append("nodes %d" % o.nodes)
    o.tc_text = ", ".join(parts)


def check_referee(p, o):
    """o.referee as an argv of an executable program."""
    try:
        o.referee = shlex.split(o.referee)
    except ValueError as err:
        p.error("--referee: %s" % err)
    if not o.referee or not shutil.which(o.referee[0]):
        p.error("the referee %s is not an executable program (--referee CMD)"
                % (o.referee[0] if o.referee else "''"))


def game_settings(o):
    """The GameSettings of the limit and adjudication options."""
    limits = Limits(depth=o.depth, nodes=o.nodes, st=o.st)
    if o.tc:
        limits.moves, limits.base, limits.inc = o.tc
    adj = Adjudication(o.resign_moves, o.resign_score, o.draw_start, o.draw_moves,
                       o.draw_score, o.max_moves)
    return GameSettings(o.variant, limits, adj, o.timemargin / 1000, o.move_timeout,
                        o.protocol_timeout, o.feature_wait)


class TrafficLog:
    """--log: every line to and from every process, with time and thread."""

    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8")
        self.lock = threading.Lock()
        self.t0 = time.monotonic()

    def __call__(self, who, direction, line):
        with self.lock:
            self.f.write("%9.3f %s %s %s %s\n" % (time.monotonic() - self.t0,
                                                   threading.current_thread().name, who,
                                                   direction, line))

    def close(self):
        self.f.close()


MERGE_DESCRIPTION = """\
Add up the result files of the units of one match (menagerie-match --units N
--unit K --result-dir DIR): W/D/L, the pentanomial counts, the faults and the
game ends add exactly; the Elo and, when the units ran with --sprt, the SPRT
verdict are computed over the sums, as if one process had played every unit.
A unit that is missing, stopped early or of another match is an error."""


def build_merge_parser():
    return units.merge_parser(
        "menagerie-match merge", MERGE_DESCRIPTION, "unit result files",
        "write the merged counts and the verdict to FILE (JSON)",
        "merge the complete units there are (the verdict is then over those only)")


def merge_match(paths, partial):
    """(tally, data of the first unit, units used, missing or incomplete units)."""
    n, by_unit, missing = units.collect(paths, units.MATCH_FORMAT, "plan",
                                        lambda d: d.get("unit"),
                                        lambda plan: plan["units"])
    incomplete = [k for k in sorted(by_unit) if not by_unit[k][1].get("complete")]
    if (missing or incomplete) and not partial:
        why = []
        if missing:
            why.append("no result for unit%s %s" % ("s" if len(missing) > 1 else "",
                                                     _ranges(missing)))
        if incomplete:
            why.append("unit%s %s did not finish" % ("s" if len(incomplete) > 1 else "",
                                                     _ranges(incomplete)))
        raise units.UnitError("%s of %d (--partial merges the rest)" % ("; ".join(why), n))
    used = [k for k in sorted(by_unit) if k not in incomplete]
    if not used:
        raise units.UnitError("no complete unit to merge")
    t = Tally()
    for k in used:
        d = by_unit[k][1]
        t.wins, t.draws, t.losses = (a + b for a, b in zip((t.wins, t.draws, t.losses),
                                                           d["wdl"]))
        t.penta = [a + b for a, b in zip(t.penta, d["penta"])]
        t.games += d["games"]
        for side in ("A", "B"):
            for kind, count in d["faults"][side].items():
                t.faults[side][kind] = t.faults[side].get(kind, 0) + count
        for kind, count in d["ends"].items():
            t.kinds[kind] = t.kinds.get(kind, 0) + count
    return t, by_unit, used, sorted(set(missing) | set(incomplete))


def _ranges(ks):
    """1-3, 5 from [1, 2, 3, 5]."""
    out, start = [], None
    for i, k in enumerate(ks):
        if start is None:
            start = k
        if i + 1 == len(ks) or ks[i + 1] != k + 1:
            out.append(str(start) if start == k else "%d-%d" % (start, k))
            start = None
    return ", ".join(out)


def merge_main(argv):
    p = build_merge_parser()
    o = p.parse_args(argv)
    try:
        paths = units.result_paths(o.results)
        t, by_unit, used, left = merge_match(paths, o.partial)
    except units.UnitError as err:
        print("menagerie-match merge: %s" % err, file=sys.stderr)
        return 1
    first = by_unit[used[0]][1]
    plan = first["plan"]
    sprt = stats.Sprt(**plan["sprt"]) if plan.get("sprt") else None
    llr = sprt.llr(t.penta) if sprt else 0.0
    verdict = sprt.verdict(llr) if sprt else None
    names = first["names"]
    for line in result_lines(t, names[0], names[1], plan["variant"], plan["limits"], sprt,
                             llr, verdict):
        print(line)
    hosts = sorted({by_unit[k][1].get("host", "?") for k in used})
    seconds = sum(by_unit[k][1].get("seconds", 0) for k in used)
    print("Units merged: %d of %d (%s), from %d host%s, %.0f s of play in all" % (
        len(used), plan["units"], _ranges(used), len(hosts), "" if len(hosts) == 1 else "s",
        seconds))
    if left:
        print("Left out: unit%s %s (missing or unfinished)" % ("s" if len(left) > 1 else "",
                                                              _ranges(left)))
    try:
        if o.pgn:
            count = units.join_pgn([units.beside(by_unit[k][0], by_unit[k][1]["pgn"])
                                    for k in used], o.pgn)
            print("PGN: %d games in %s" % (count, o.pgn))
        if o.json:
            units.write_json(o.json, {
                "format": "menagerie-match merged 1", "plan": plan, "units": used,
                "names": names, "games": t.games, "wdl": [t.wins, t.draws, t.losses],
                "penta": t.penta, "faults": t.faults, "ends": t.kinds,
                "results": sorted(r for k in used for r in by_unit[k][1]["results"]),
                "llr": round(llr, 6) if sprt else None, "verdict": verdict})
    except (OSError, units.UnitError) as err:
        print("menagerie-match merge: %s" % err, file=sys.stderr)
        return 1
    return 0


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "merge":
        return merge_main(argv[1:])
    p = build_parser()
    o = p.parse_args(argv)
    check_options(p, o)
    spec_a = EngineSpec("A", o.engine_a, o.proto_a, o.name_a, o.option_a)
    spec_b = EngineSpec("B", o.engine_b, o.proto_b, o.name_b, o.option_b)
    settings = game_settings(o)
    log = TrafficLog(o.log) if o.log else None
    try:
        match = Match(o, spec_a, spec_b, settings, log)
        return match.run()
    except (MatchError, RefereeError) as err:
        print("menagerie-match: %s" % err, file=sys.stderr)
        return 1
    finally:
        if log:
            log.close()
