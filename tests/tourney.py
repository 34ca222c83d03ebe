#!/usr/bin/env python3
"""Tests of tools/menagerie-tourney: the rating arithmetic on cases worked
by hand, the schedule, engine specifications, and real tournaments between
./menagerie instances at depth 1 (a 4-engine round robin, misbehaving
engines from tests/match-chaos.py whose faults must be counted against
them, a run stopped by --max-games and resumed from its state file).

Menagerie at depth 1 plays the same game from the same position every
time, so a round robin of copies of it has known results: White wins each
game by resign adjudication (the second game of each opening pair is the
same game with the engines exchanged), and every engine scores 50%."""
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True
SRCDIR = os.path.abspath(os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__),
                                                                     "..")))
BUILDDIR = os.path.abspath(os.environ.get("top_builddir", SRCDIR))
sys.path.insert(0, os.path.join(SRCDIR, "tools"))

from match import ratings                                                # noqa: E402
from match.referee import Referee                                        # noqa: E402
from match.tourney import (plan_games, parse_engine, load_engines_file,  # noqa: E402
                           berger_pairs, ROUND_ROBIN, GAUNTLET)

RUNNER = os.path.join(SRCDIR, "tools", "menagerie-tourney")
ENGINE = os.path.join(BUILDDIR, "menagerie")
CHAOS = os.path.join(SRCDIR, "tests", "match-chaos.py")
K = math.log(10) / 400


def chaos(mode, nth, name):
    cmd = " ".join(shlex.quote(x) for x in (sys.executable, CHAOS, mode, str(nth), ENGINE))
    return "cmd=%s name=%s" % (shlex.quote(cmd), name)


class Run:
    """One run of the runner: exit status, output, PGN games, state.
    kill_after: send SIGTERM once the state file holds that many games."""

    def __init__(self, tmp, args, kill_after=None):
        self.pgn_path = os.path.join(tmp, "games.pgn")
        self.state_path = os.path.join(tmp, "state.json")
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(tmp, "xdg"), MENAGERIE_VARIANTS="",
                   PYTHONDONTWRITEBYTECODE="1")
        # start-up may take seconds in a sanitizer build on a loaded machine:
        # the protocol timeout gets a margin it cannot miss (the protocol
        # timeout test gives its own, later on the line, which wins)
        cmd = [sys.executable, RUNNER, "--referee", ENGINE, "--pgn", self.pgn_path,
               "--state", self.state_path, "--concurrency", "2",
               "--protocol-timeout", "300", "--feature-wait", "300"] + args
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
        if kill_after:
            deadline = time.monotonic() + 600
            while p.poll() is None and time.monotonic() < deadline:
                if self._finished() >= kill_after:
                    p.terminate()
                    break
                time.sleep(0.02)
        self.out, self.err = p.communicate(timeout=900)
        self.status = p.returncode
        self.games = []
        if os.path.exists(self.pgn_path):
            with open(self.pgn_path, encoding="utf-8") as f:
                self.games = [g for g in re.split(r"\n\n(?=\[Event )", f.read()) if g.strip()]
        self.state = None
        if os.path.exists(self.state_path):
            with open(self.state_path, encoding="utf-8") as f:
                self.state = json.load(f)

    def _finished(self):
        try:
            with open(self.state_path, encoding="utf-8") as f:
                return len(json.load(f)["games"])
        except (OSError, ValueError, KeyError):
            return 0

    def table(self):
        """{name: (games, score, [cells])} of the last crosstable printed."""
        rows = {}
        for m in re.finditer(r"^ +\d+  (.+?) +(?:[+-]\d+|-) +(?:\d+|-|anchor) +(\d+) +([\d.]+) "
                             r"+[\d.]+ +[\d.]+  (.*)$", self.out, re.M):
            rows[m.group(1)] = (int(m.group(2)), float(m.group(3)), m.group(4).split())
        return rows

    def faults(self):
        """{name: [illegal, time, crash, claim, protocol]}."""
        block = self.out.split("\nFaults ", 1)[1]
        return {m.group(1): [int(x) for x in m.group(2).split()]
                for m in re.finditer(r"^ {8}(.+?) +((?:\d+ +){4}\d+)$", block, re.M)}

    def __str__(self):
        return "status %d\nstdout:\n%s\nstderr:\n%s" % (self.status, self.out, self.err)


def tags(game):
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.M))


class Ratings(unittest.TestCase):
    def test_two_engines_three_to_one(self):
        # 3 of 4: the difference is 400 log10(3), the average 0; its variance
        # is 1 / (4 * 3/4 * 1/4 * K^2), and each rating's is a quarter of it
        r = ratings.compute(2, [(0, 1, 1)] * 3 + [(0, 1, 0)])
        self.assertAlmostEqual(r.ratings[0], 200 * math.log10(3), places=6)
        self.assertAlmostEqual(r.ratings[1], -200 * math.log10(3), places=6)
        half = ratings.Z95 * math.sqrt(1 / (4 * 0.75 * 0.25 * K * K)) / 2
        self.assertAlmostEqual(r.errors[0], half, places=4)
        self.assertAlmostEqual(r.errors[1], half, places=4)

    def test_draws_count_half(self):
        # 2 wins and 2 draws is 3 of 4 as well
        r = ratings.compute(2, [(0, 1, 1)] * 2 + [(1, 0, 0.5)] * 2)
        self.assertAlmostEqual(r.ratings[0], 200 * math.log10(3), places=6)

    def test_anchor(self):
        r = ratings.compute(2, [(0, 1, 1)] * 3 + [(0, 1, 0)], anchor=1, anchor_elo=1500)
        self.assertAlmostEqual(r.ratings[1], 1500)
        self.assertAlmostEqual(r.ratings[0], 1500 + 400 * math.log10(3), places=6)
        self.assertIsNone(r.errors[1])
        self.assertAlmostEqual(r.errors[0], ratings.Z95 / math.sqrt(0.75 * K * K), places=4)

    def test_symmetric_results_give_equal_ratings(self):
        # a cycle: each beats the next once and loses to it once
        games = [(0, 1, 1), (1, 2, 1), (2, 0, 1), (0, 1, 0), (1, 2, 0), (2, 0, 0)]
        r = ratings.compute(3, games)
        for x in r.ratings:
            self.assertAlmostEqual(x, 0, places=9)
        self.assertAlmostEqual(r.errors[0], r.errors[1], places=9)
        self.assertAlmostEqual(r.errors[1], r.errors[2], places=9)

    def test_order_of_games_does_not_matter(self):
        games = [(0, 1, 1)] * 5 + [(1, 2, 0.5)] * 3 + [(2, 0, 1), (1, 0, 1), (2, 1, 1),
                                                       (3, 0, 0.5), (3, 2, 0), (1, 3, 0.5)]
        a = ratings.compute(4, games)
        b = ratings.compute(4, list(reversed(games)))
        for x, y in zip(a.ratings, b.ratings):
            self.assertAlmostEqual(x, y, places=9)
        self.assertAlmostEqual(sum(a.ratings), 0, places=9)

    def test_no_finite_maximum(self):
        self.assertEqual(ratings.compute(2, [(0, 1, 1)] * 4).why, ([0], "scored 100%"))
        self.assertEqual(ratings.compute(3, [(0, 1, 0.5), (2, 1, 1), (2, 0, 1)]).why,
                         ([2], "scored 100%"))
        # 0 and 1 draw, 2 and 3 draw, 0 beats 2: {0, 1} won every game against {2, 3}
        self.assertEqual(ratings.compute(4, [(0, 1, 0.5), (2, 3, 0.5), (0, 2, 1)]).why,
                         ([0, 1], "won every game against the others"))
        # a prior of one virtual draw: 4.5 of 5
        r = ratings.compute(2, [(0, 1, 1)] * 4, prior=1)
        self.assertAlmostEqual(r.ratings[0] - r.ratings[1], 400 * math.log10(9), places=6)


class Schedule(unittest.TestCase):
    def test_round_robin(self):
        games = plan_games(4, ROUND_ROBIN, 2, 4, 3, "sequential", 1)
        self.assertEqual(len(games), 6 * 2 * 4)
        self.assertEqual([g.number for g in games], list(range(1, 49)))
        per_pair = {}
        for g in games:
            per_pair.setdefault(frozenset((g.white, g.black)), []).append(g)
        self.assertEqual(len(per_pair), 6)
        for pair in per_pair.values():
            self.assertEqual(len(pair), 8)
            a = min(g.white for g in pair)
            self.assertEqual(sum(g.white == a for g in pair), 4)        # colours balanced
            # openings 0, 1 in round 1, then 2, 0 (cycled), each with both colours
            self.assertEqual([g.opening for g in pair], [0, 0, 1, 1, 2, 2, 0, 0])

    def test_gauntlet(self):
        games = plan_games(4, GAUNTLET, 1, 2, 1, "sequential", 1)
        self.assertEqual([(g.white, g.black) for g in games],
                         [(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)])

    def test_berger_pairs(self):
        for n in range(2, 9):
            pairs = berger_pairs(n)
            self.assertEqual(sorted(pairs), [(i, j) for i in range(n) for j in range(i + 1, n)])
        self.assertEqual(berger_pairs(4)[:2], [(0, 3), (1, 2)])

    def test_engine_specs(self):
        spec = parse_engine("cmd='./x --a b' proto=uci name=X 'option.Skill Level=3' "
                            "option.Hash=16 dir=/tmp", 1)
        self.assertEqual((spec.command, spec.protocol, spec.name, spec.cwd),
                         ("./x --a b", "uci", "X", "/tmp"))
        self.assertEqual(spec.options, [("Skill Level", "3"), ("Hash", "16")])
        for bad, why in (("proto=uci", "no cmd="), ("cmd=x proto=usi", "proto must be"),
                         ("cmd=x colour=red", "unknown key 'colour'"), ("cmd=x y", "not KEY")):
            with self.assertRaisesRegex(ValueError, why):
                parse_engine(bad, 1)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump([{"cmd": "./x", "options": {"Hash": 16, "Ponder": False}}, "cmd=./y"], f)
        specs = load_engines_file(f.name)
        os.unlink(f.name)
        self.assertEqual(specs[0].options, [("Hash", "16"), ("Ponder", "false")])
        self.assertEqual(specs[1].command, "./y")

    def test_help_describes_the_limits(self):
        """--tc and --st say "(see below)": the epilog describes them."""
        out = subprocess.run([sys.executable, RUNNER, "--help"], capture_output=True, text=True,
                             check=True).stdout
        self.assertIn("time control (--tc): [MOVES/]BASE[+INC]", out)
        self.assertIn("--st: a fixed time per move", out)


class Castling(unittest.TestCase):
    """O-O from a CECP engine (Sjaak II writes castling so) goes on to the
    opponent, the PGN and the state as the king's move, which a UCI engine
    reads."""

    def test_castling_becomes_the_kings_move(self):
        referee = Referee([ENGINE])
        try:
            referee.new_game("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", True)
            self.assertEqual(referee.play("O-O"), (None, None, None))
            self.assertEqual(referee.move, "e1g1")
            self.assertEqual(referee.play("0-0-0"), (None, None, None))
            self.assertEqual(referee.move, "e8c8")
            self.assertIsNotNone(referee.play("O-O-O")[0])          # no rights left
            referee.new_game("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", True)
            self.assertEqual(referee.play("O-O"), (None, None, None))
            self.assertEqual(referee.move, "f1i1")
            self.assertEqual(referee.play("f8f7"), (None, None, None))
            self.assertEqual(referee.move, "f8f7")
        finally:
            referee.close()


class Tournaments(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="menagerie-tourney.")

    def test_four_engine_round_robin(self):
        run = Run(self.tmp, ["-e", "cmd=%s name=A" % ENGINE,
                             "-e", "cmd=%s name=B proto=uci" % ENGINE,
                             "-e", "cmd=%s name=C" % ENGINE, "-e", "cmd=%s name=D" % ENGINE,
                             "--depth", "1", "--prior", "1", "--verbose"])
        self.assertEqual(run.status, 0, run)
        self.assertIn("--- round robin, 4 engines, chess, depth 1, 12 of 12 games", run.out)
        self.assertEqual(len(run.games), 12, run)
        self.assertEqual(sorted(int(tags(g)["Round"]) for g in run.games), list(range(1, 13)))
        self.assertEqual(len(run.state["games"]), 12)
        table = run.table()
        self.assertEqual(sorted(table), ["A", "B", "C", "D"], run)
        for name, (games, score, cells) in table.items():
            self.assertEqual((games, score), (6, 3.0), run)
            self.assertEqual(cells.count("---"), 1)
            self.assertEqual(sorted(c for c in cells if c != "---"), ["1/2"] * 3, run)
        self.assertEqual(len(re.findall(r"^ +\d+  \w +\+0 ", run.out, re.M)), 4, run)
        for name, counts in run.faults().items():
            self.assertEqual(counts, [0] * 5, run)

    def test_faults_are_counted_against_the_engine(self):
        # each misbehaving engine loses every game against Menagerie, and
        # against another one, the game where its second move comes first
        run = Run(self.tmp, ["-e", "cmd=%s name=M" % ENGINE, "-e", chaos("illegal", 2, "Ill"),
                             "-e", chaos("claim", 2, "Claim"), "-e", chaos("crash", 2, "Crash"),
                             "--depth", "1"])
        self.assertEqual(run.status, 0, run)
        self.assertEqual(len(run.games), 12, run)
        faults = run.faults()
        self.assertEqual(faults["M"], [0, 0, 0, 0, 0], run)
        self.assertEqual(faults["Ill"], [4, 0, 0, 0, 0], run)
        self.assertEqual(faults["Claim"], [0, 0, 0, 4, 0], run)
        self.assertEqual(faults["Crash"], [0, 0, 4, 0, 0], run)
        table = run.table()
        self.assertEqual(table["M"][:2], (6, 6.0), run)
        for name in ("Ill", "Claim", "Crash"):
            self.assertEqual(table[name][:2], (6, 2.0), run)
        self.assertIn("Elo: no finite maximum-likelihood ratings: M scored 100%", run.out)

    # The deaf engine's games end by the protocol timeout, which also bounds
    # every engine's start-up: 20 s is long enough for a sanitizer build to
    # start on a loaded machine, and short enough for make check.
    def test_protocol_timeout(self):
        run = Run(self.tmp, ["-e", "cmd=%s name=M" % ENGINE, "-e", chaos("deaf", 1, "Deaf"),
                             "--depth", "1", "--protocol-timeout", "20"])
        self.assertEqual(run.status, 0, run)
        self.assertEqual(run.faults()["Deaf"], [0, 0, 0, 0, 2], run)
        self.assertEqual(run.faults()["M"], [0, 0, 0, 0, 0], run)

    def test_stop_and_resume(self):
        args = ["-e", "cmd=%s name=A" % ENGINE, "-e", "cmd=%s name=B" % ENGINE,
                "-e", "cmd=%s name=C" % ENGINE, "--depth", "1", "-g", "4"]
        first = Run(self.tmp, args + ["--max-games", "5"])
        self.assertEqual(first.status, 0, first)
        self.assertIn("Stopped after 5 games (--max-games)", first.out)
        self.assertEqual(len(first.state["games"]), 5)
        self.assertEqual(len(first.games), 5)
        other = Run(self.tmp, args[:-2] + ["-g", "2"])
        self.assertEqual(other.status, 1, other)
        self.assertIn("belongs to another tournament (it differs in: games_per_pair)",
                      other.err)
        second = Run(self.tmp, args)
        self.assertEqual(second.status, 0, second)
        self.assertIn("Resuming from %s: 5 of 12 games played" % second.state_path, second.out)
        self.assertIn("7 games played now", second.out)
        self.assertEqual(len(second.state["games"]), 12)
        self.assertEqual(sorted(int(tags(g)["Round"]) for g in second.games),
                         list(range(1, 13)))
        for name, (games, score, cells) in second.table().items():
            self.assertEqual((games, score), (8, 4.0), second)
        third = Run(self.tmp, args)          # nothing left: the table again
        self.assertEqual(third.status, 0, third)
        self.assertIn("0 games played now", third.out)
        self.assertEqual(len(third.games), 12)

    def test_killed_and_resumed(self):
        # SIGTERM after 3 games: the games in progress are dropped, the
        # finished ones kept; the rerun plays exactly the rest
        args = ["-e", "cmd=%s name=A" % ENGINE, "-e", "cmd=%s name=B" % ENGINE,
                "-e", "cmd=%s name=C" % ENGINE, "--depth", "1", "-g", "4"]
        first = Run(self.tmp, args, kill_after=3)
        done = len(first.state["games"])
        if first.status == 0:             # it finished before the signal came
            self.assertEqual(done, 12, first)
            return
        self.assertEqual(first.status, 1, first)
        self.assertIn("Stopped: interrupted (finished games are in the state file)", first.out)
        self.assertGreaterEqual(done, 3)
        self.assertEqual(len(first.games), done)
        second = Run(self.tmp, args)
        self.assertEqual(second.status, 0, second)
        self.assertIn("%d games played now" % (12 - done), second.out)
        self.assertEqual(sorted(int(tags(g)["Round"]) for g in second.games),
                         list(range(1, 13)))


if __name__ == "__main__":
    unittest.main(verbosity=1)
