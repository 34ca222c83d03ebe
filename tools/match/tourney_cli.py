"""Command line of menagerie-tourney."""
import argparse
import sys

from .cli import (TrafficLog, _bounded, add_game_options, add_limit_options, add_log_option,
                  add_referee_option, check_limits, check_referee, game_settings)
from .referee import RefereeError
from .runner import MatchError
from .tourney import (GAUNTLET, ROUND_ROBIN, Tournament, load_engines_file, parse_engine)

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
    return specs


def main(argv=None):
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
