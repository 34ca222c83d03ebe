#!/usr/bin/env python3
"""Tests of tools/xboard-tourney (and tools/match/xboard_report.py, whose
functions it imports) that need no XBoard: its copy of XBoard's
Pairing() schedule, the tournament file it writes (XBoard rewrites the
-results line in place, so the layout matters), the hand-back of games a
stopped XBoard left marked '*', the time-control forms, and the report built
from a fixed PGN and debug-log excerpts: crosstable, scores and the fault
counts (illegal move, time loss, crash, false claim, each charged to the
engine that lost by it).

The tool imports arenalib from ../shared/tools/arena (or ARENA_DIR); without
it this test is skipped."""
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
from script_module import load_script  # noqa: E402 (tests/, the script's own folder)
SRCDIR = os.path.abspath(os.environ.get("top_srcdir",
                                         os.path.join(os.path.dirname(__file__), "..")))
TOOL = os.path.join(SRCDIR, "tools", "xboard-tourney")


X = load_script("xboard_tourney", TOOL)
ARENA = os.environ.get("ARENA_DIR") or X.ARENA
if not os.path.isfile(os.path.join(ARENA, "arenalib.py")):
    print("SKIP: %s/arenalib.py not found (the arena tools are not next to this checkout)" % ARENA)
    sys.exit(77)
X.load_arenalib(ARENA)

NAMES = ["menagerie", "fairymax", "sjaakii", "fs"]


def read(path):
    with open(path) as f:
        return f.read()


def pgn_game(num, white, black, result, details, moves="1. e4 e5 2. Nf3"):
    return ('[Event "t"]\n[Site "x"]\n[Date "2026.01.01"]\n[Round "1"]\n[White "%s"]\n'
            '[Black "%s"]\n[Result "%s"]\n[Number "%d"]\n\n%s {%s} %s\n\n'
            % (white, black, result, num, moves, details, result))


class Schedule(unittest.TestCase):
    def test_four_engines_as_xboard_played_them(self):
        # The order XBoard 4.9.1 played a 4-engine round robin (first engine, second engine).
        seen = [X.pairing(i, 4, 0, 1)[:2] for i in range(X.total_games(4, 0, 1, 1))]
        self.assertEqual(seen, [(2, 1), (0, 3), (0, 2), (1, 3), (1, 0), (2, 3)])

    def test_every_pair_once_per_game_and_cycle(self):
        for n in range(2, 9):
            for games, cycles in ((1, 1), (2, 1), (1, 2)):
                pairs = {}
                for i in range(X.total_games(n, 0, games, cycles)):
                    w, b, mg, _ = X.pairing(i, n, 0, games)
                    self.assertNotEqual(w, b)
                    self.assertTrue(0 <= w < n and 0 <= b < n, (n, i, w, b))
                    self.assertTrue(1 <= mg <= games * cycles)
                    key = frozenset((w, b))
                    pairs[key] = pairs.get(key, 0) + 1
                self.assertEqual(len(pairs), n * (n - 1) // 2, n)
                self.assertEqual(set(pairs.values()), {games * cycles}, n)

    def test_colours_as_xboard_gave_them(self):
        # Games 1, 2, 9, 10, 17, 18, 33 and 34 of a real XBoard 4.9.1 round robin
        # (xiangqi: menagerie, fs, sjaakii, maxqi; 8 games a pairing), White and
        # Black as its PGN says: the first engine is White in a pairing's odd
        # games, and the other way round in an odd round.
        played = {1: (2, 1), 2: (1, 2), 9: (0, 3), 10: (3, 0), 17: (2, 0), 18: (0, 2),
                  33: (1, 0), 34: (0, 1)}
        for number, white_black in played.items():
            self.assertEqual(X.colours(number - 1, 4, 0, 8), white_black, number)

    def test_gauntlet(self):
        # -tourneyType 1: participant 0 plays everyone else
        pairs = [X.pairing(i, 5, 1, 2)[:2] for i in range(X.total_games(5, 1, 2, 1))]
        self.assertEqual(len(pairs), 8)
        self.assertTrue(all(w == 0 for w, _ in pairs))
        self.assertEqual(sorted({b for _, b in pairs}), [1, 2, 3, 4])


class TourneyFile(unittest.TestCase):
    def cfg(self, tmp, tc="0:05+0.05"):
        tc_args, label, _ = X.parse_tc(tc)
        return dict(names=NAMES, gauntlet=0, cycles=1, games=1, pgn=os.path.join(tmp, "g.pgn"),
                    positions="", openings_once=False, n_positions=0, hash=32, tc_args=tc_args)

    def test_layout_and_in_place_result_update(self):
        with tempfile.TemporaryDirectory() as tmp:
            trn = os.path.join(tmp, "t.trn")
            X.write_tourney_file(trn, self.cfg(tmp))
            text = read(trn)
            self.assertIn("-participants {menagerie\nfairymax\nsjaakii\nfs\n}\n", text)
            self.assertTrue(text.endswith('-results ""\n'))
            self.assertIn("-tc 0:05\n-inc 0.05\n", text)
            # ReserveGame() in backend.c: seek back strlen+4, and +2 when that is no quote
            for old, new in (("", "*"), ("*", "+*"), ("+*", "+=")):
                with open(trn, "r+") as f:
                    f.seek(0, 2)
                    end = f.tell()
                    f.seek(end - (len(old) + 4))
                    back = len(old) + (3 if f.read(1) == '"' else 2)
                    f.seek(end - back)
                    f.write(new + '"\n')
                self.assertEqual(X.read_results(trn), new)

    def test_time_controls(self):
        self.assertEqual(X.parse_tc("40/0:10")[0], ["-mps", "40", "-tc", "0:10", "-inc", "-1"])
        self.assertEqual(X.parse_tc("0:05+0.05")[0], ["-tc", "0:05", "-inc", "0.05"])
        self.assertEqual(X.parse_tc("0:10")[0], ["-mps", "40", "-tc", "0:10", "-inc", "0"])
        self.assertEqual(X.parse_tc("90")[0], ["-mps", "40", "-tc", "1:30", "-inc", "0"])
        self.assertEqual(X.parse_tc("st=1")[0], ["-searchTime", "0:01"])
        with tempfile.TemporaryDirectory() as tmp:
            trn = os.path.join(tmp, "t.trn")
            X.write_tourney_file(trn, self.cfg(tmp, "st=1"))
            self.assertIn('-searchTime "0:01"\n', read(trn))

    def test_engine_line_names_the_participant(self):
        line = X.engine_line("fs", "fairy-stockfish", "/w/fs", 3, ["/g", "--tag", "fs"])
        self.assertTrue(line.startswith('"fs" -fcp "/g --tag fs -- fairy-stockfish"'))
        self.assertIn(' -fn "fs"', line)
        self.assertTrue(line.endswith(" -firstTimeOdds 3"))
        self.assertNotIn("TimeOdds", X.engine_line("a", "a", "/w", 1, None))

    def test_stale_game_marks_are_handed_back(self):
        with tempfile.TemporaryDirectory() as tmp:
            t = X.Tourney.__new__(X.Tourney)
            t.a = type("A", (), {"quiet": True})()
            t.p = {"trn": os.path.join(tmp, "t.trn"), "pgn": os.path.join(tmp, "g.pgn")}
            t.cfg = self.cfg(tmp)
            X.write_tourney_file(t.p["trn"], t.cfg, "+*=*")
            with open(t.p["pgn"], "w") as f:          # game 4 reached the PGN, game 2 did not
                f.write(pgn_game(1, "sjaakii", "fairymax", "1-0", "White mates"))
                f.write(pgn_game(4, "fairymax", "fs", "0-1", "Black mates"))
            t.resume_fixups()
            self.assertEqual(X.read_results(t.p["trn"]), "+ =-")


class Report(unittest.TestCase):
    """Six games of a 4-engine round robin, one of each fault kind."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        d = self.tmp.name
        self.cfg = dict(names=NAMES, commands={n: n for n in NAMES}, variant="normal", games=1,
                        cycles=1, gauntlet=0, tc_label="5+0.05s", depth=0, odds={"fs": 2},
                        odds_normalize=False, openings=None)
        # schedule: 1 sjaakii-fairymax, 2 menagerie-fs, 3 menagerie-sjaakii,
        #           4 fairymax-fs, 5 fairymax-menagerie, 6 sjaakii-fs (first engine first)
        games = [
            pgn_game(1, "sjaakii", "fairymax", "1-0", "Xboard adjudication: Checkmate"),
            pgn_game(2, "menagerie", "fs", "1-0", "White wins on time"),
            pgn_game(3, "sjaakii", "menagerie", "1-0", "Xboard: Forfeit due to illegal move: e8e6"),
            pgn_game(4, "fs", "fairymax", "1-0", "False win claim: 'Black mates'"),
            pgn_game(5, "fairymax", "menagerie", "1-0", "Black resigns"),
            pgn_game(6, "sjaakii", "fs", "1/2-1/2", "50-move rule"),
        ]
        self.pgn = os.path.join(d, "games.pgn")
        with open(self.pgn, "w") as f:
            f.write("".join(games))
        os.makedirs(os.path.join(d, "debug"))
        logs = {
            5: ["New game (1): Fairy-Max-Menagerie (w)",
                "1000 <first : 1 20 0 23 1 0 0\te2e4",
                "1200 <second: # arena-guard: menagerie crash rc=-11",
                "1200 <second: resign",
                "GameEnds(26, Black resigns, 1)",
                "1300 >first : result 1-0 {Black resigns}"],
            6: ["New game (1): Sjaak II-Fairy-Stockfish (w)",
                "1000 <first : move e2e4",
                "1100 <second: Illegal move: e2e4",
                "GameEnds(30, 50-move rule, 4)",
                "1300 >first : result 1/2-1/2"],
        }
        for k, lines in logs.items():
            with open(os.path.join(d, "debug", "game-%03d.log" % k), "w") as f:
                f.write("\n".join(lines) + "\n")
        t = X.Tourney.__new__(X.Tourney)
        t.p = {"pgn": self.pgn}
        self.rep = X.build_report(self.cfg, "+++++=", t.pgn_games(),
                                  lambda k: os.path.join(d, "debug", "game-%03d.log" % k), X.L)

    def tearDown(self):
        self.tmp.cleanup()

    def test_faults_are_charged_to_the_offender(self):
        st = self.rep["standings"]
        self.assertEqual(st["fs"]["time"], 1)                 # lost game 2 on time
        self.assertEqual(st["menagerie"]["illegal"], 1)       # game 3
        self.assertEqual(st["fairymax"]["false_claim"], 1)    # game 4: claimed a win and lost
        self.assertEqual(st["menagerie"]["crash"], 1)         # game 5: guard event, second engine
        self.assertEqual(self.rep["faults_total"],
                         dict(illegal=1, time=1, crash=1, false_claim=1))
        terms = [g["termination"] for g in self.rep["games"]]
        self.assertEqual(terms, ["adjudication", "time", "illegal", "false-claim", "crash",
                                 "normal"])
        self.assertIn("fs rejected a move: Illegal move: e2e4", self.rep["games"][5]["incidents"])

    def test_crosstable_and_scores(self):
        st, cross = self.rep["standings"], self.rep["crosstable"]
        self.assertEqual(self.rep["games_played"], 6)
        self.assertEqual(sum(s["points"] for s in st.values()), 6)
        self.assertEqual((st["menagerie"]["w"], st["menagerie"]["l"], st["menagerie"]["d"]),
                         (1, 2, 0))
        self.assertEqual(cross["sjaakii"]["fs"], dict(w=0, l=0, d=1))
        self.assertEqual(cross["fairymax"]["menagerie"], dict(w=1, l=0, d=0))
        for e in NAMES:
            self.assertEqual(sum(sum(c.values()) for c in cross[e].values()), 3)
        self.assertEqual(self.rep["problems"], [])
        text = X.format_report(self.rep)
        self.assertIn("time odds fs 1/2", text)
        self.assertIn("summary: 6/6 games, illegal moves 1, time losses 1, crashes 1, "
                      "false claims 1", text)

    def test_disagreement_with_the_tournament_file_is_reported(self):
        t = X.Tourney.__new__(X.Tourney)
        t.p = {"pgn": self.pgn}
        rep = X.build_report(self.cfg, "+-+++= ", t.pgn_games(), lambda k: "/nonexistent",
                             X.L)
        self.assertEqual(rep["problems"], ["game 2: PGN 1-0 but tournament file '-'"])


if __name__ == "__main__":
    unittest.main(verbosity=1)
