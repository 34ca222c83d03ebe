"""Command line of menagerie-tourney."""
import argparse
import os
import sys

from . import units
from .cli import (TrafficLog, _bounded, _ranges, add_game_options, add_limit_options,
                  TIME_CONTROL_HELP, add_log_option, add_referee_option, add_unit_options,
                  check_limits, check_referee, check_units, game_settings)
from .referee import RefereeError
from .runner import MatchError
from .tourney import (GAUNTLET, ROUND_ROBIN, STATE_FORMAT, Table, Tournament,
                      load_engines_file, parse_engine, unit_plan)

DESCRIPTION = """\
Play a tournament of two or more engines (CECP or UCI) in any variant: a
round robin (every engine against every other) or a gauntlet (the first
engine against each of the others).  Every game is refereed move by move by
a Menagerie instance, as in menagerie-match: an illegal move loses, and the
game ends when Menagerie's rules end it.  Each pair of engines plays each
of its openings twice, colours reversed.  At the end (and every --progress
games, and when the runner gets SIGUSR1) it prints the crosstable with
ratings; at the end also how the games ended and each engine's faults."""

EPILOG = """\
engines: -e takes words KEY=VALUE, split as by the shell:
    cmd=CMD          the command line (quote it when it has spaces)
    proto=cecp|uci   the protocol (default: cecp)
    name=NAME        its name in the tables and PGN (default: what it calls
                     itself; a repeated name gets " (2)")
    option.NAME=V    an engine option, repeatable (CECP `option NAME=V`, UCI
                     `setoption name NAME value V`)
    dir=DIR          the directory it runs in
  e.g. -e "cmd='/usr/games/fairy-stockfish' proto=uci name=FSF 'option.Skill Level=5'"
  --engines FILE reads a JSON list; each item is such a string or an object
  {"cmd": ..., "proto": ..., "name": ..., "dir": ..., "options": {NAME: V}}.
  Engines from --engines come first, then those of -e, in order.

""" + TIME_CONTROL_HELP + """
schedule: each round, each pair of engines plays --games-per-pair games
  (default 2): opening pairs, each opening once with each colour.  Round r's
  k-th opening pair uses the next opening of the file for every pair alike
  (the file is cycled); in odd rounds the other engine of a pair starts with
  White.  Pairs are ordered as in a round-robin table (circle method), so a
  partly played tournament has spread its games over the engines.  The
  games are numbered in that order (the PGN's Round tag).

ratings: maximum-likelihood logistic Elo over all games, a draw counting
  as half a win and half a loss (the model of Ordo); the average rating is 0,
  or --anchor NAME is fixed at --anchor-elo.  +/- is 95% (1.96 standard
  deviations) from the inverse Hessian of the log-likelihood.  With an
  engine at 0% or 100% (or a group that won or lost every game against
  the rest) no finite ratings exist and none are printed; --prior D adds D
  virtual draws to every pair that met (as BayesElo's prior) so that they do.

resuming: with --state FILE the finished games are written to FILE (JSON)
  after every game.  The same command with the same FILE plays only the
  games not in it, and refuses when the engines, variant, openings,
  format, rounds, games per pair, opening order or limits differ.  A game
  goes to the PGN just before it goes to the state, so a run killed in
  between may repeat one game in the PGN.  --max-games N stops after N games.

faults counted per engine: illegal moves (also a legal move refused with
  `Illegal move`, or `bestmove 0000` with moves left), time losses (also no
  move within --move-timeout), crashes (the engine exited; it is restarted
  for its next game), false claims (a result claimed instead of a move) and
  protocol timeouts (no pong/readyok within --protocol-timeout before a game,
  which loses it, or after it, which restarts the engine).

units (for work spread over machines): --units N splits the plan's opening
  pairs (numbered in the order of the games) into N units of consecutive
  pairs; --unit LIST (K, K-L, a comma list, or all) plays those and keeps
  each unit's games in DIR/unit-K-of-N.json, a state file of its own (the
  same command resumes the unit), and DIR/unit-K-of-N.pgn, DIR being
  --result-dir.  Then
    menagerie-tourney merge [--pgn FILE] [--json FILE] [--partial]
        [--anchor NAME] [--anchor-elo ELO] [--prior D] DIR|FILE...
  checks that every unit holds exactly its planned games and prints the
  crosstable, ratings and faults of all of them (tools/spread/ runs units
  under GNU parallel or as a Slurm job array; see README).

example, four engines, 2+0.02, four games a pair:
  tools/menagerie-tourney -e cmd=./menagerie -e cmd=/usr/games/fairymax \\
      -e cmd=/usr/games/sjaakii -e 'cmd=/usr/games/fairy-stockfish proto=uci' \\
      --tc 2+0.02 -o tools/openings/normal.fen -g 4 -c 1 --pgn rr.pgn \\
      --state rr.json

exit status: 0 when the tournament (or --max-games) ran to its end, 1 on
  an error or an interruption (the summary says which), 2 on bad options."""


def build_parser():
    p = argparse.ArgumentParser(
        prog="menagerie-tourney", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_argument_group("engines")
    g.add_argument("-e", "--engine", metavar="SPEC", action="append", default=[],
                   help="an engine: 'cmd=CMD [proto=uci] [name=N] [option.X=V]... [dir=D]', "
                        "repeatable (see below)")
    g.add_argument("--engines", metavar="FILE", help="engines from a JSON file (see below)")
    add_referee_option(g)

    g = p.add_argument_group("tournament")
    g.add_argument("-t", "--format", choices=(ROUND_ROBIN, GAUNTLET), default=ROUND_ROBIN,
                   help="round robin, or gauntlet: the first engine against the others "
                        "(default: %(default)s)")
    g.add_argument("-r", "--rounds", type=_bounded(int, 1, 10**6), default=1,
                   help="rounds (default: 1)")
    g.add_argument("-g", "--games-per-pair", metavar="G", type=_bounded(int, 2, 10**6),
                   default=2, help="games of each pair of engines in a round, even "
                                   "(default: 2)")
    add_game_options(g)
    g.add_argument("--max-games", metavar="N", type=_bounded(int, 1), default=0,
                   help="play at most N games in this run (then stop; --state resumes)")

    add_limit_options(p)
    add_unit_options(p, "opening pairs")

    g = p.add_argument_group("ratings")
    g.add_argument("--anchor", metavar="NAME",
                   help="the engine whose rating is fixed (default: the average is fixed)")
    g.add_argument("--anchor-elo", metavar="ELO", type=_bounded(float, -10000, 10000),
                   default=0.0, help="the anchor's rating (default: 0)")
    g.add_argument("--prior", metavar="D", type=_bounded(float, 0, 1000), default=0.0,
                   help="virtual draws added to every pair that met (default: 0)")

    g = p.add_argument_group("output")
    g.add_argument("--state", metavar="FILE",
                   help="the state file: written after every game, read to resume")
    g.add_argument("--pgn", metavar="FILE", help="append the games to this PGN file")
    g.add_argument("--event", default="menagerie-tourney",
                   help="PGN Event tag (default: %(default)s)")
    g.add_argument("--progress", metavar="N", type=_bounded(int, 0), default=0,
                   help="print the crosstable every N games (default: 0, at the end only; "
                        "SIGUSR1 prints it at once)")
    g.add_argument("--verbose", action="store_true", help="a line for every game")
    add_log_option(g)
    return p


def check_options(p, o):
    check_limits(p, o)
    if o.games_per_pair % 2:
        p.error("--games-per-pair must be even (each opening is played with both colours)")
    specs = []
    try:
        if o.engines:
            specs += load_engines_file(o.engines)
        specs += [parse_engine(text, len(specs) + k) for k, text in enumerate(o.engine, 1)]
    except ValueError as err:
        p.error(str(err))
    if len(specs) < 2:
        p.error("give two engines or more (-e SPEC or --engines FILE)")
    check_referee(p, o)
    check_units(p, o, 10**9)            # against the plan's pairs when it is made
    if o.units and o.state:
        p.error("--state with --units: each unit keeps its state in --result-dir")
    return specs


MERGE_DESCRIPTION = """\
Add up the units of one tournament (menagerie-tourney --units N --unit K
--result-dir DIR): their games together make the crosstable, the ratings,
the faults and the game ends, as if one process had played every unit.  A
unit that is missing, unfinished or of another tournament is an error."""


def build_merge_parser():
    p = units.merge_parser(
        "menagerie-tourney merge", MERGE_DESCRIPTION, "unit files",
        "write the merged games to FILE (a state file of the whole tournament: "
        "--state FILE shows it without playing)",
        "merge the finished units there are")
    p.add_argument("--anchor", metavar="NAME", help="as for a tournament")
    p.add_argument("--anchor-elo", metavar="ELO", type=_bounded(float, -10000, 10000),
                   default=0.0, help="as for a tournament")
    p.add_argument("--prior", metavar="D", type=_bounded(float, 0, 1000), default=0.0,
                   help="as for a tournament")
    return p


def merge_main(argv):
    p = build_merge_parser()
    o = p.parse_args(argv)
    try:
        paths = units.result_paths(o.results)
        datas = [(path, units.read_json(path)) for path in paths]
        for path, d in datas:
            if not isinstance(d, dict) or d.get("format") != STATE_FORMAT or "unit" not in d:
                raise units.UnitError("%s: not a unit of menagerie-tourney" % path)
        n = datas[0][1]["units"]
        _, by_unit, missing = units.collect(paths, STATE_FORMAT, "config",
                                            lambda d: d["unit"], lambda config: n)
        config = datas[0][1]["config"]
        plan = unit_plan(config)
        total = plan[-1].pair + 1
        left = list(missing)
        for k in sorted(by_unit):
            d = by_unit[k][1]
            if d.get("units") != n:
                raise units.UnitError("%s: a unit of %s units, not %d" % (
                    by_unit[k][0], d.get("units"), n))
            want = {g.number for g in plan if units.unit_of_pair(total, n, g.pair) == k}
            if {int(x) for x in d["games"]} != want:
                left.append(k)
        left.sort()
        if left and not o.partial:
            raise units.UnitError("unit%s %s of %d missing or unfinished (--partial merges "
                                  "the rest)" % ("s" if len(left) > 1 else "", _ranges(left), n))
        used = [k for k in sorted(by_unit) if k not in left]
        if not used:
            raise units.UnitError("no finished unit to merge")
    except units.UnitError as err:
        print("menagerie-tourney merge: %s" % err, file=sys.stderr)
        return 1
    names = by_unit[used[0]][1]["names"]
    games = {}
    for k in used:
        games.update({int(x): g for x, g in by_unit[k][1]["games"].items()})
    table = Table(names, games)
    if o.anchor and o.anchor not in names:
        print("menagerie-tourney merge: --anchor %s: no engine has that name (%s)"
              % (o.anchor, ", ".join(names)), file=sys.stderr)
        return 2
    anchor = names.index(o.anchor) if o.anchor else None
    rated = table.ratings(anchor, o.anchor_elo, o.prior)
    kind = "round robin" if config["format"] == ROUND_ROBIN else "gauntlet"
    print("--- %s, %d engines, %s, %s, %d of %d games" % (
        kind, len(names), config["variant"], config["limits"], table.games, len(plan)))
    for line in table.lines(rated, o.anchor, o.anchor_elo, o.prior) + [table.ends_line()] \
            + table.fault_lines():
        print(line)
    hosts = sorted({by_unit[k][1].get("host", "?") for k in used})
    print("Units merged: %d of %d (%s), from %d host%s" % (
        len(used), n, _ranges(used), len(hosts), "" if len(hosts) == 1 else "s"))
    try:
        if o.pgn:
            count = units.join_pgn([os.path.splitext(by_unit[k][0])[0] + ".pgn" for k in used
                                    if os.path.exists(os.path.splitext(by_unit[k][0])[0]
                                                      + ".pgn")], o.pgn)
            print("PGN: %d games in %s" % (count, o.pgn))
        if o.json:
            units.write_json(o.json, {"format": STATE_FORMAT, "config": config,
                                      "names": names, "units": used,
                                      "games": {str(x): games[x] for x in sorted(games)}})
    except (OSError, units.UnitError) as err:
        print("menagerie-tourney merge: %s" % err, file=sys.stderr)
        return 1
    return 0


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "merge":
        return merge_main(argv[1:])
    p = build_parser()
    o = p.parse_args(argv)
    specs = check_options(p, o)
    settings = game_settings(o)
    log = TrafficLog(o.log) if o.log else None
    try:
        return Tournament(o, specs, settings, log).run()
    except (MatchError, RefereeError) as err:
        print("menagerie-tourney: %s" % err, file=sys.stderr)
        return 1
    finally:
        if log:
            log.close()
