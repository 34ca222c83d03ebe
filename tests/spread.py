#!/usr/bin/env python3
"""Tests of work split into units (tools/match/units.py, --units/--unit and
merge of tools/menagerie-match, tools/spread/datagen-join): units partition
the pairs, a unit's openings are those of one whole run, merge adds exactly
and refuses what does not belong together, and a short match run as units
one by one merges to the counts of the same units played in one process
(Menagerie at fixed nodes plays the same games wherever they run).  The
schedulers themselves are tested by make check-spread (tests/spread-e2e.sh)."""
import json
import os
import signal
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

from match import units                       # noqa: E402
from match.cli import merge_match             # noqa: E402
from match.runner import Schedule             # noqa: E402

MATCH = os.path.join(SRCDIR, "tools", "menagerie-match")
JOIN = os.path.join(SRCDIR, "tools", "spread", "datagen-join")
ENGINE = os.path.join(BUILDDIR, "menagerie")


class Split(unittest.TestCase):
    def test_units_partition_the_pairs(self):
        for total in range(1, 40):
            for n in range(1, total + 1):
                seen = []
                for k in range(1, n + 1):
                    r = units.unit_pairs(total, n, k)
                    self.assertGreaterEqual(len(r), total // n)
                    self.assertLessEqual(len(r), total // n + 1)
                    for p in r:
                        self.assertEqual(units.unit_of_pair(total, n, p), k)
                    seen += list(r)
                self.assertEqual(seen, list(range(total)))

    def test_unit_lists(self):
        self.assertEqual(units.parse_unit_list("all", 4), [1, 2, 3, 4])
        self.assertEqual(units.parse_unit_list("3", 4), [3])
        self.assertEqual(units.parse_unit_list("4,1-2", 5), [1, 2, 4])
        self.assertEqual(units.parse_unit_list("2-3,3", 5), [2, 3])
        for bad in ("0", "5", "2-1", "x", "1-", "", "1,,2"):
            with self.assertRaises(units.UnitError, msg=bad):
                units.parse_unit_list(bad, 4)

    def test_a_units_games_are_those_of_the_whole_run(self):
        openings = [("fen%d" % i, True) for i in range(7)]
        for order in ("sequential", "random"):
            whole = Schedule(openings, 40, order, 5)
            games = {}
            while True:
                g = whole.take()
                if g is None:
                    break
                games[g.number] = (g.pair, g.opening_index, g.a_is_white)
            self.assertEqual(len(games), 40)
            for n in (1, 3, 20):
                got = {}
                for k in range(1, n + 1):
                    part = Schedule(openings, 40, order, 5, units.unit_pairs(20, n, k))
                    while True:
                        g = part.take()
                        if g is None:
                            break
                        got[g.number] = (g.pair, g.opening_index, g.a_is_white)
                self.assertEqual(got, games, "%s, %d units" % (order, n))


def fake_unit(directory, k, n, penta, plan=None, complete=True, pgn_rounds=()):
    """A result file as menagerie-match writes it, with made-up counts."""
    plan = plan or {"units": n, "variant": "chess", "limits": "nodes 1", "games": 4 * n,
                    "sprt": {"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05,
                             "model": "logistic"}}
    name = units.unit_name(k, n)
    with open(os.path.join(directory, name + ".pgn"), "w", encoding="utf-8") as f:
        for r in pgn_rounds:
            f.write('[Event "x"]\n[Round "%d"]\n\n1. e2e4 1-0\n\n' % r)
    wins = penta[4] * 2 + penta[3]
    losses = penta[0] * 2 + penta[1]
    games = 2 * sum(penta)
    units.write_json(os.path.join(directory, name + ".json"), {
        "format": units.MATCH_FORMAT, "plan": plan, "unit": k, "complete": complete,
        "names": ["a", "b"], "games": games, "wdl": [wins, games - wins - losses, losses],
        "penta": penta,
        "faults": {"A": {"illegal move": k, "time forfeit": 0, "crash": 0},
                   "B": {"illegal move": 0, "time forfeit": 1, "crash": 0}},
        "ends": {"rule": games}, "results": [], "pgn": name + ".pgn", "host": "h%d" % k,
        "seconds": 1.0})


class Merge(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def paths(self):
        return units.result_paths([self.dir])

    def test_counts_add_exactly(self):
        fake_unit(self.dir, 1, 3, [1, 0, 2, 1, 0], pgn_rounds=(3, 1, 2))
        fake_unit(self.dir, 2, 3, [0, 1, 0, 0, 3], pgn_rounds=(6, 5))
        fake_unit(self.dir, 3, 3, [2, 2, 2, 2, 2], pgn_rounds=(4,))
        t, by_unit, used, left = merge_match(self.paths(), False)
        self.assertEqual(t.penta, [3, 3, 4, 3, 5])
        self.assertEqual(t.games, 2 * 18)
        self.assertEqual(t.faults["A"]["illegal move"], 1 + 2 + 3)
        self.assertEqual(t.faults["B"]["time forfeit"], 3)
        self.assertEqual((used, left), ([1, 2, 3], []))
        out = os.path.join(self.dir, "all.pgn")
        self.assertEqual(units.join_pgn([units.beside(p, d["pgn"]) for p, d in by_unit.values()],
                                        out), 6)
        self.assertEqual([units.pgn_round(g) for g in units.pgn_games(out)], [1, 2, 3, 4, 5, 6])

    def test_missing_twice_unfinished_and_foreign_units(self):
        fake_unit(self.dir, 1, 3, [1, 0, 0, 0, 0])
        fake_unit(self.dir, 3, 3, [0, 0, 0, 0, 1], complete=False)
        with self.assertRaisesRegex(units.UnitError, "no result for unit 2.*unit 3 did not "
                                                     "finish"):
            merge_match(self.paths(), False)
        t, _, used, left = merge_match(self.paths(), True)
        self.assertEqual((t.penta, used, left), ([1, 0, 0, 0, 0], [1], [2, 3]))
        other = os.path.join(self.dir, "other")
        os.mkdir(other)
        fake_unit(other, 1, 3, [1, 0, 0, 0, 0])
        with self.assertRaisesRegex(units.UnitError, "unit 1 twice"):
            merge_match(self.paths() + units.result_paths([other]), True)
        fake_unit(other, 2, 3, [1, 0, 0, 0, 0], plan={"units": 3, "variant": "shogi"})
        with self.assertRaisesRegex(units.UnitError, "different runs .*variant"):
            merge_match(self.paths() + [os.path.join(other, "unit-2-of-3.json")], True)


def run(args, **kw):
    env = dict(os.environ, XDG_DATA_HOME="/nonexistent", MENAGERIE_VARIANTS="",
               PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable] + args, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env, timeout=600, **kw)


class Play(unittest.TestCase):
    """A short match as units: the same counts however the units are run."""

    ARGS = [MATCH, "-a", ENGINE, "-b", ENGINE, "--option-a", "UseNNUE=0", "--referee", ENGINE,
            "--nodes", "300", "-n", "8", "-o", os.path.join(SRCDIR, "tools", "openings",
                                                           "normal.fen"),
            "--progress", "0", "--sprt", "--elo0", "0", "--elo1", "100",
            "--protocol-timeout", "300", "--feature-wait", "300", "--units", "2"]

    def test_units_one_by_one_merge_to_one_process(self):
        with tempfile.TemporaryDirectory() as tmp:
            merged = {}
            for how, runs in (("one", [["all", "2"]]), ("apart", [["2", "1"], ["1", "1"]])):
                d = os.path.join(tmp, how)
                os.mkdir(d)
                for unit, concurrency in runs:
                    began = time.monotonic()
                    p = run(self.ARGS + ["--unit", unit, "--result-dir", d, "-c", concurrency])
                    wall = time.monotonic() - began
                    self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
                if how == "one":    # each unit's seconds are its own: they add up to the run
                    played = sum(units.read_json(os.path.join(d, "unit-%d-of-2.json" % k))
                                 ["seconds"] for k in (1, 2))
                    self.assertLessEqual(played, 1.2 * wall)
                p = run([MATCH, "merge", "--json", os.path.join(d, "m.json"), "--pgn",
                         os.path.join(d, "m.pgn"), d])
                self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
                with open(os.path.join(d, "m.json"), encoding="utf-8") as f:
                    merged[how] = json.load(f)
            a, b = merged["one"], merged["apart"]
            for key in ("games", "wdl", "penta", "results", "llr", "verdict"):
                self.assertEqual(a[key], b[key], key)
            self.assertEqual(a["games"], 8)
            self.assertEqual([r[0] for r in a["results"]], list(range(1, 9)))
            # a finished unit is not played again
            p = run(self.ARGS + ["--unit", "1", "--result-dir", os.path.join(tmp, "apart")])
            self.assertIn("Unit 1 of 2: complete in", p.stdout)

    def test_a_stopped_run_keeps_the_units_it_finished(self):
        """Each unit's result is written when its last game ends, not when
        the run does: a run killed in unit 2 keeps unit 1, and the same
        command then plays unit 2 only."""
        with tempfile.TemporaryDirectory() as tmp:
            first = os.path.join(tmp, "unit-1-of-2.json")
            env = dict(os.environ, XDG_DATA_HOME="/nonexistent", MENAGERIE_VARIANTS="",
                       PYTHONDONTWRITEBYTECODE="1")
            proc = subprocess.Popen([sys.executable] + self.ARGS + [
                "--unit", "all", "--result-dir", tmp, "-c", "1"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=env, start_new_session=True)
            try:
                while not os.path.exists(first) and proc.poll() is None:
                    time.sleep(0.05)
            finally:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            self.assertEqual(proc.returncode, -signal.SIGKILL, "the run ended before unit 1 had "
                                                               "a result")
            with open(first, encoding="utf-8") as f:
                unit1 = json.load(f)
            self.assertTrue(unit1["complete"])
            self.assertEqual(unit1["games"], 4)
            p = run(self.ARGS + ["--unit", "all", "--result-dir", tmp, "-c", "1"])
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertIn("Unit 1 of 2: complete in", p.stdout)
            self.assertIn("\n4 games in", p.stdout)
            p = run([MATCH, "merge", "--json", os.path.join(tmp, "m.json"), tmp])
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            with open(os.path.join(tmp, "m.json"), encoding="utf-8") as f:
                self.assertEqual(json.load(f)["games"], 8)

    def test_bad_options(self):
        for args, message in (
                (["--units", "2", "--unit", "1"], "--units needs --unit LIST and --result-dir"),
                (["--unit", "1"], "--unit and --result-dir need --units N"),
                (["--units", "2", "--unit", "3", "--result-dir", "."], "numbered 1 to 2"),
                (["--units", "5", "--unit", "1", "--result-dir", "."], "more units than the 4"),
                (["--units", "2", "--unit", "1", "--result-dir", "/nonexistent"],
                 "not a directory")):
            p = run(self.ARGS[:-2] + args)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn(message, p.stderr)
        p = run([MATCH, "merge", "/nonexistent.json"])
        self.assertEqual(p.returncode, 1)
        self.assertIn("/nonexistent.json", p.stderr)


class DatagenJoin(unittest.TestCase):
    def test_shards_join_to_one_run(self):
        head = "# menagerie datagen chess seed=1 nodes=9"
        shard = {1: ["a0 | 1 | 0.5\n", "# game 0: x\n", "a2 | 1 | 0.5\n", "# game 2: x\n"],
                 2: ["a1 | 1 | 0.5\n", "# game 1: x\n"]}
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for k in (2, 1):
                paths.append(os.path.join(tmp, "s%d.txt" % k))
                with open(paths[-1], "w", encoding="utf-8") as f:
                    f.write("%s shard=%d/2\n" % (head, k))
                    f.writelines(shard[k])
            out = os.path.join(tmp, "all.txt")
            p = run([JOIN, out] + paths)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(out, encoding="utf-8") as f:
                self.assertEqual(f.read(), head + "\na0 | 1 | 0.5\n# game 0: x\na1 | 1 | 0.5\n"
                                 "# game 1: x\na2 | 1 | 0.5\n# game 2: x\n")
            p = run([JOIN, out, paths[1]])
            self.assertEqual(p.returncode, 1)
            self.assertIn("shard 2 of 2 missing", p.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
