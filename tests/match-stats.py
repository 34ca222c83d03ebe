#!/usr/bin/env python3
"""Unit tests of the match runner's arithmetic: LLR, Elo, SPRT bounds, the
pair bookkeeping, time controls, adjudication, PGN text.

The reference LLRs were computed with fishtest's published LLRcalc.py
(LLR_logistic and LLR_normalized, scipy's brentq) on the same vectors; the
Elo references by hand from the pentanomial mean and variance (exact
fractions: e.g. [10,20,40,25,5] has mean 39/80 and variance 419/6400 per
pair, so Elo = -400*log10(80/39 - 1) and the interval is that of
39/80 -+ 1.96*sqrt(419/6400/100)).
"""
import argparse
import math
import os
import sys
import unittest

sys.dont_write_bytecode = True
SRCDIR = os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(SRCDIR, "tools"))

from match import stats                                        # noqa: E402
from match.cli import parse_tc                                 # noqa: E402
from match.engines import board_ranks, shift_ranks, _join_legs, _fen_pieces  # noqa: E402
from match.game import (Adjudication, GameRecord, GameSpec, ScoreWatch,    # noqa: E402
                        WHITE, BLACK, RULE, TIME, ADJ_DRAW, _adjudicate)
from match.pgn import game_pgn                                 # noqa: E402
from match.runner import Tally                                 # noqa: E402

# (pentanomial, elo0, elo1, LLR logistic, LLR normalised) from fishtest's code
LLR_REFERENCE = [
    ([10, 20, 40, 25, 5], 0, 5, -0.178564360416, -0.120462104704),
    ([39, 8843, 26675, 9240, 44], 0.5, 2.5, 0.555517068721, 2.941675207989),
    ([0, 3, 10, 7, 2], 0, 5, 0.312492014612, 0.187117841605),
    ([5, 30, 100, 40, 3], -3, 1, 0.278519671111, 0.140195484961),
    ([200, 1000, 2000, 1100, 150], 0, 5, -2.347153334217, -0.920994689898),
    ([1, 0, 0, 0, 0], 0, 5, -0.014523779646, -0.020568542267),
]

# (counts, score, Elo, low, high, nElo), by hand (see the docstring)
ELO_REFERENCE = [
    ([10, 20, 40, 25, 5], 0.4875, -8.687700, -43.763202, 26.211045, -12.001963),
    ([0, 3, 10, 7, 2], 13 / 22, 63.880337, 3.049016, 128.896505, 107.864925),
    ([30, 40, 30], 0.5, 0.0, -53.157980, 53.157980, 0.0),      # W/D/L: L, D, W
]


class Statistics(unittest.TestCase):
    def test_llr_matches_fishtest(self):
        for counts, e0, e1, logistic, normalized in LLR_REFERENCE:
            with self.subTest(counts=counts):
                self.assertAlmostEqual(stats.llr_logistic(e0, e1, counts), logistic, places=8)
                self.assertAlmostEqual(stats.llr_normalized(e0, e1, counts), normalized,
                                       places=8)

    def test_llr_under_colour_swap(self):
        # the mirrored results (A's and B's points exchanged) with mirrored
        # hypotheses give the same LLR; exchanging H0 and H1 negates it
        c = [3, 17, 40, 22, 6]
        for llr in (stats.llr_logistic, stats.llr_normalized):
            with self.subTest(llr=llr.__name__):
                self.assertAlmostEqual(llr(0, 5, c), llr(0, -5, c[::-1]), places=9)
                self.assertAlmostEqual(llr(0, 5, c), -llr(-5, 0, c[::-1]), places=9)

    def test_bounds(self):
        lo, hi = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lo, -2.944438979166, places=9)    # ln(1/19)
        self.assertAlmostEqual(hi, 2.944438979166, places=9)     # ln(19)
        lo, hi = stats.sprt_bounds(0.05, 0.1)
        self.assertAlmostEqual(lo, math.log(0.1 / 0.95), places=12)
        self.assertAlmostEqual(hi, math.log(0.9 / 0.05), places=12)

    def test_elo(self):
        for counts, score, elo, lo, hi, nelo in ELO_REFERENCE:
            with self.subTest(counts=counts):
                e = stats.EloEstimate(counts)
                self.assertAlmostEqual(e.score, score, places=12)
                self.assertAlmostEqual(e.elo, elo, places=5)
                self.assertAlmostEqual(e.lo, lo, places=5)
                self.assertAlmostEqual(e.hi, hi, places=5)
                self.assertAlmostEqual(e.nelo, nelo, places=5)

    def test_elo_of_score(self):
        self.assertAlmostEqual(stats.elo_of_score(0.75), 400 * math.log10(3), places=10)
        self.assertAlmostEqual(stats.logistic(400 * math.log10(3)), 0.75, places=12)
        self.assertEqual(stats.elo_of_score(1.0), math.inf)
        self.assertEqual(stats.elo_of_score(0.0), -math.inf)
        self.assertTrue(math.isnan(stats.EloEstimate([0, 0, 0]).elo))

    def test_sprt_verdicts(self):
        s = stats.Sprt(0, 5, 0.05, 0.05)
        self.assertEqual(s.verdict(s.llr([200, 1000, 2000, 1100, 150]) - 1), "H0")
        self.assertIsNone(s.verdict(s.llr([10, 20, 40, 25, 5])))
        self.assertEqual(s.verdict(3.0), "H1")
        # a wide test decides on the fifth won pair: 5 * 0.5979 > ln 19
        wide = stats.Sprt(0, 400)
        self.assertIsNone(wide.verdict(wide.llr([0, 0, 0, 0, 4])))
        self.assertEqual(wide.verdict(wide.llr([0, 0, 0, 0, 5])), "H1")
        self.assertTrue(math.isnan(stats.Sprt(0, 400, model="normalized").llr([0, 0, 0, 0, 3])))
        self.assertEqual(s.llr([0, 0, 0, 0, 0]), 0.0)
        for bad in ((5, 0), (0, 5, 0, 0.05), (0, 5, 0.05, 1)):
            with self.assertRaises(ValueError):
                stats.Sprt(*bad)


def _record(number, a_white, result):
    spec = GameSpec(number, (number - 1) // 2, 0, "8/8/8/8/8/8/8/K6k w - - 0 1", True, a_white)
    r = GameRecord(spec, "W", "B")
    loser = {"1-0": BLACK, "0-1": WHITE}.get(result)
    r.finish(result, RULE if result != "0-1" else TIME, "x", loser)
    return r


class Bookkeeping(unittest.TestCase):
    def test_pairs_in_any_order(self):
        t = Tally()
        # pair 0: A wins as White (game 1), draws as Black (game 2) -> 1.5
        # pair 1: A loses both -> 0; pair 2: A wins as White, wins as Black -> 2
        for number, a_white, result in ((2, False, "1/2-1/2"), (3, True, "0-1"),
                                        (5, True, "1-0"), (1, True, "1-0"),
                                        (4, False, "1-0"), (6, False, "0-1")):
            t.add(_record(number, a_white, result))
        self.assertEqual(t.penta, [1, 0, 0, 1, 1])
        self.assertEqual((t.wins, t.losses, t.draws), (3, 2, 1))
        self.assertEqual(t.faults["A"]["time forfeit"], 1)   # game 3: A (White) lost on time
        self.assertEqual(t.faults["B"]["time forfeit"], 1)   # game 6: B (White) lost on time


class TimeControls(unittest.TestCase):
    def test_good(self):
        self.assertEqual(parse_tc("1+0.01"), (0, 1.0, 0.01))
        self.assertEqual(parse_tc("40/60"), (40, 60.0, 0.0))
        self.assertEqual(parse_tc("2:00+1"), (0, 120.0, 1.0))
        self.assertEqual(parse_tc("0:30.5+0.1"), (0, 30.5, 0.1))

    def test_bad(self):
        for text in ("abc", "0+1", "1+-1", "1++1", "x/10", "1+inf", "nan", "1:99999+1/2"):
            with self.subTest(text=text), self.assertRaises(argparse.ArgumentTypeError):
                parse_tc(text)


class Adjudicating(unittest.TestCase):
    def test_resign_needs_both_engines(self):
        w = ScoreWatch(Adjudication(resign_moves=2, resign_score=400))
        for white, black in ((500, -450), (600, -300)):
            w.add(WHITE, white)
            w.add(BLACK, black)
        self.assertIsNone(w.resigning_side())      # Black's engine did not agree twice
        w.add(WHITE, 700)
        w.add(BLACK, -800)
        self.assertIsNone(w.resigning_side())      # one agreeing move of Black's only
        w.add(WHITE, 900)
        w.add(BLACK, -900)
        self.assertEqual(w.resigning_side(), BLACK)

    def test_missing_score_breaks_a_streak(self):
        w = ScoreWatch(Adjudication(resign_moves=2, resign_score=100))
        for score in (-200, None, -200):
            w.add(BLACK, score)
            w.add(WHITE, 200)
        self.assertIsNone(w.resigning_side())

    def test_draw_only_after_the_start_move(self):
        w = ScoreWatch(Adjudication(resign_moves=0, draw_start=10, draw_moves=3, draw_score=5))
        for score in (5, -5, 0):
            w.add(WHITE, score)
            w.add(BLACK, -score)
        self.assertFalse(w.is_dead_draw(9))
        self.assertTrue(w.is_dead_draw(10))
        w.add(WHITE, 6)
        self.assertFalse(w.is_dead_draw(11))

    def test_drawn_after_max_moves(self):
        # scores far from 0 and from a resignation: only the length ends it
        w = ScoreWatch(Adjudication(resign_moves=3, resign_score=400, draw_moves=8,
                                    max_moves=300))
        w.add(WHITE, 150)
        w.add(BLACK, -150)
        self.assertIsNone(_adjudicate(w, 299))
        result, kind, reason, _ = _adjudicate(w, 300)
        self.assertEqual((result, kind), ("1/2-1/2", ADJ_DRAW))
        self.assertIn("300 moves", reason)
        self.assertIsNone(_adjudicate(ScoreWatch(Adjudication(max_moves=0)), 10 ** 6))

    def test_off(self):
        w = ScoreWatch(Adjudication(resign_moves=0, draw_moves=0))
        for _ in range(10):
            w.add(WHITE, 0)
            w.add(BLACK, 0)
        self.assertFalse(w.is_dead_draw(100))
        self.assertIsNone(w.resigning_side())


class Notation(unittest.TestCase):
    def test_ranks(self):
        self.assertEqual(board_ranks("rnbqkbnr/8/8/8/8/8/8/RNBQKBNR[Pp] w - - 0 1"), 8)
        self.assertEqual(board_ranks("9/9/9/9/9/9/9/9/9/9 w - - 0 1"), 10)
        self.assertEqual(shift_ranks("e0e9", 1), "e1e10")
        self.assertEqual(shift_ranks("P@e10", -1), "P@e9")
        self.assertEqual(shift_ranks("b7b10q", -1), "b6b9q")

    def test_multi_leg(self):
        self.assertEqual(_join_legs(["e4e5"]), "e4e5")
        self.assertEqual(_join_legs(["e4e5", "e5e6"]), "e4e6")
        self.assertEqual(_join_legs(["a1b2", "b2c3", "c3d4q"]), "a1d4q")

    def test_edit_pieces(self):
        self.assertEqual(_fen_pieces("4k3/8/8/8/8/8/P7/4K2R w K - 0 1", 8),
                         [("k", "e8"), ("P", "a2"), ("K", "e1"), ("R", "h1")])
        self.assertEqual(_fen_pieces("4k4/9/9/9/9/9/9/9/9/+P3K4 w - - 0 1", 10)[1:],
                         [("+P", "a0"), ("K", "e0")])


class Pgn(unittest.TestCase):
    def test_black_to_move_and_tags(self):
        spec = GameSpec(7, 3, 0, "4k3/8/8/8/8/8/8/4K2R b K - 0 12", True, False)
        r = GameRecord(spec, "Eng \"B\"", "Eng A")
        r.moves = [("e8d7", -500, 9, 0.25), ("h1h7", 510, 10, 0.5), ("d7c6", None, None, 0.1)]
        r.finish("1-0", TIME, "Black loses on time", BLACK)
        text = game_pgn(r, "ev", "chess", "1+0.01")
        self.assertIn('[White "Eng \\"B\\""]\n', text)
        self.assertIn('[Round "7"]\n', text)
        self.assertIn('[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 12"]\n[SetUp "1"]\n', text)
        self.assertIn('[Termination "time forfeit"]\n', text)
        self.assertIn('[PlyCount "3"]\n', text)
        self.assertNotIn("[Variant", text)
        self.assertIn("12... e8d7 {-5.00/9 0.250s} 13. h1h7 {+5.10/10 0.500s} d7c6 {0.100s}\n"
                      "{Black loses on time} 1-0\n", text)


if __name__ == "__main__":
    unittest.main(verbosity=1)
