#!/usr/bin/env python3
"""Smoke and fault tests of tools/menagerie-match with real games: two
./menagerie instances at depth 1 (chess over CECP against UCI, shatranj
from its start position), engines that misbehave (tests/match-chaos.py:
illegal moves, crashes, hangs, false claims), an SPRT that must stop, and
set-up errors that must be reported clearly."""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest

SRCDIR = os.path.abspath(os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__),
                                                                     "..")))
BUILDDIR = os.path.abspath(os.environ.get("top_builddir", SRCDIR))
RUNNER = os.path.join(SRCDIR, "tools", "menagerie-match")
ENGINE = os.path.join(BUILDDIR, "menagerie")
CHAOS = os.path.join(SRCDIR, "tests", "match-chaos.py")
OPENING = "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"


def chaos(mode, nth):
    return " ".join(shlex.quote(x) for x in (sys.executable, CHAOS, mode, str(nth), ENGINE))


class MatchRun:
    """One run of the runner: exit status, output and the PGN's games."""

    def __init__(self, tmp, args):
        self.pgn_path = os.path.join(tmp, "games%d.pgn" % len(os.listdir(tmp)))
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(tmp, "xdg"), MENAGERIE_VARIANTS="",
                   PYTHONDONTWRITEBYTECODE="1")
        # start-up may take seconds in a sanitizer build on a loaded machine:
        # the protocol timeout (default 10 s) gets a margin it cannot miss,
        # and so does the silence after protover that would mark a
        # protocol-1 engine (2 s: the engines here all send done=1)
        cmd = [sys.executable, RUNNER, "--referee", ENGINE, "--pgn", self.pgn_path,
               "--concurrency", "2", "--protocol-timeout", "300",
               "--feature-wait", "300"] + args
        # (the timeout ends a runner that hangs: a run takes seconds)
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
        self.status, self.out, self.err = p.returncode, p.stdout, p.stderr
        self.games = []
        if os.path.exists(self.pgn_path):
            with open(self.pgn_path, encoding="utf-8") as f:
                self.games = [g for g in re.split(r"\n\n(?=\[Event )", f.read()) if g.strip()]

    def __str__(self):
        return "status %d\nstdout:\n%s\nstderr:\n%s" % (self.status, self.out, self.err)


def tags(game):
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.M))


def movetext(game):
    return game.split("\n\n", 1)[1]


class Smoke(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="menagerie-match.")

    def run_match(self, *args):
        return MatchRun(self.tmp, list(args))

    def check_pgn(self, run, count):
        self.assertEqual(len(run.games), count, run)
        rounds = set()
        for game in run.games:
            t = tags(game)
            rounds.add(int(t["Round"]))
            text = movetext(game)
            # the movetext ends with the reason and the result of the Result tag
            self.assertRegex(text, r"\{[^}]+\} %s\s*$" % re.escape(t["Result"]), game)
            moves = re.findall(r"(?<![{\d.])\b([a-l]\d+[a-l]\d+[a-z+]?|[A-Z]@[a-l]\d+)\b",
                               re.sub(r"\{[^}]*\}", "", text))
            self.assertEqual(len(moves), int(t["PlyCount"]), game)
            self.assertIn(t["Termination"], ("normal", "adjudication", "rules infraction",
                                             "time forfeit", "abandoned"))
        self.assertEqual(rounds, set(range(1, count + 1)))

    def test_chess_cecp_against_uci(self):
        openings = os.path.join(self.tmp, "open.fen")
        with open(openings, "w") as f:
            f.write("# a comment line\n\n" + OPENING + "\n")
        run = self.run_match("-a", ENGINE, "-b", ENGINE, "--proto-b", "uci", "--name-a", "Alpha",
                             "--name-b", "Beta", "--depth", "1", "-n", "2", "-o", openings)
        self.assertEqual(run.status, 0, run)
        self.check_pgn(run, 2)
        by_round = {int(tags(g)["Round"]): tags(g) for g in run.games}
        self.assertEqual((by_round[1]["White"], by_round[1]["Black"]), ("Alpha", "Beta"))
        self.assertEqual((by_round[2]["White"], by_round[2]["Black"]), ("Beta", "Alpha"))
        for t in by_round.values():
            self.assertEqual(t["FEN"], OPENING)
            self.assertEqual(t["SetUp"], "1")
            self.assertEqual(t["TimeControl"], "depth 1")
            self.assertNotIn("Variant", t)
        self.assertIn("--- Alpha (A) vs Beta (B), chess, depth 1", run.out)
        self.assertRegex(run.out, r"Games 2: \+\d -\d =\d \(A's view\), score [\d.]+%, "
                                  r"1 game pairs \[\d, \d, \d, \d, \d\]")
        self.assertIn("Faults A (Alpha): illegal moves 0, time losses 0, crashes 0", run.out)
        self.assertIn("Faults B (Beta): illegal moves 0, time losses 0, crashes 0", run.out)

    def test_shatranj_from_the_start_position(self):
        run = self.run_match("-a", ENGINE, "-b", ENGINE, "-v", "shatranj", "--depth", "1",
                             "-n", "2", "--progress", "1")
        self.assertEqual(run.status, 0, run)
        self.check_pgn(run, 2)
        for game in run.games:
            t = tags(game)
            self.assertEqual(t["Variant"], "shatranj")
            self.assertEqual(t["FEN"].split()[0], "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR")
        self.assertEqual(len(re.findall(r"^Games \d+: ", run.out, re.M)), 3, run)


class Faults(unittest.TestCase):
    """Engine B misbehaves at its Nth move of every game: A wins both games."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="menagerie-match.")

    def faulty(self, b, *extra, uci=False, limit=("--depth", "1")):
        args = ["-a", ENGINE, "-b", b, "--name-b", "Chaos", "-n", "2"] + list(limit)
        if uci:
            args += ["--proto-b", "uci"]
        run = MatchRun(self.tmp, args + list(extra))
        self.assertEqual(run.status, 0, run)
        self.assertIn("Games 2: +2 -0 =0 (A's view)", run.out, run)
        self.assertIn("Faults A (Menagerie", run.out)
        self.assertRegex(run.out, r"Faults A \(.*\): illegal moves 0, time losses 0, crashes 0")
        return run

    def test_illegal_move(self):
        run = self.faulty(chaos("illegal", 2))
        self.assertIn("Faults B (Chaos): illegal moves 2, time losses 0, crashes 0", run.out)
        for game in run.games:
            self.assertEqual(tags(game)["Termination"], "rules infraction")
            self.assertIn("played an illegal move a1a1 (", game)

    def test_illegal_move_uci(self):
        run = self.faulty(chaos("illegal", 1), uci=True)
        self.assertIn("Faults B (Chaos): illegal moves 2, time losses 0, crashes 0", run.out)

    def test_crash_and_restart(self):
        run = self.faulty(chaos("crash", 2))
        self.assertIn("Faults B (Chaos): illegal moves 0, time losses 0, crashes 2", run.out)
        for game in run.games:
            self.assertEqual(tags(game)["Termination"], "abandoned")

    # The clock and the move timeout are what end the hanging engine's
    # games, but engine A plays under them too: they are long enough (5 s)
    # that A's moves, which take milliseconds, cannot run out of them even
    # in a sanitizer build on a loaded machine.
    def test_hang_on_the_clock(self):
        run = self.faulty(chaos("hang", 1), limit=("--tc", "5+0", "--timemargin", "50"))
        self.assertIn("Faults B (Chaos): illegal moves 0, time losses 2, crashes 0", run.out)
        for game in run.games:
            self.assertIn("loses on time", game)
            self.assertEqual(tags(game)["TimeControl"], "5")

    def test_hang_with_a_time_per_move(self):
        log = os.path.join(self.tmp, "traffic.log")
        run = self.faulty(chaos("hang", 1), "--log", log, uci=True,
                          limit=("--st", "2", "--timemargin", "1000"))
        self.assertIn("Faults B (Chaos): illegal moves 0, time losses 2, crashes 0", run.out)
        for game in run.games:
            self.assertIn("loses on time", game)
            self.assertEqual(tags(game)["TimeControl"], "st 2")
        with open(log, encoding="utf-8") as f:
            traffic = f.read()
        self.assertIn("st 2", traffic)              # A, over CECP
        self.assertIn("go movetime 2000", traffic)  # B, over UCI

    def test_hang_without_a_clock(self):
        run = self.faulty(chaos("hang", 1), "--move-timeout", "5")
        self.assertIn("Faults B (Chaos): illegal moves 0, time losses 2, crashes 0", run.out)
        self.assertIn("did not move within 5 s", run.games[0])

    def test_false_claim(self):
        run = self.faulty(chaos("claim", 2))
        self.assertIn("Faults B (Chaos): illegal moves 2, time losses 0, crashes 0", run.out)
        self.assertIn("made a false claim: 1-0 {chaos claims a win}", run.games[0])

    def test_claim_after_a_move_is_not_a_fault(self):
        # the claim is read before B's next turn: the game goes on as usual
        run = MatchRun(self.tmp, ["-a", ENGINE, "-b", chaos("aftermove", 1), "--depth", "1",
                                  "-n", "2"])
        self.assertEqual(run.status, 0, run)
        self.assertIn("illegal moves 0, time losses 0, crashes 0", run.out.split("Faults B")[1])
        for game in run.games:
            self.assertNotIn("false claim", game)
            self.assertGreater(int(tags(game)["PlyCount"]), 4)

    def test_legal_move_refused(self):
        run = self.faulty(chaos("refuse", 1))
        self.assertIn("Faults B (Chaos): illegal moves 2, time losses 0, crashes 0", run.out)
        self.assertIn("refused a legal move", run.games[0])


class Sprt(unittest.TestCase):
    def test_stops_at_the_upper_bound(self):
        # every game is won by A on B's first move: the wide test (elo1 = 400)
        # passes ln 19 on the fifth won pair (5 * 0.598)
        tmp = tempfile.mkdtemp(prefix="menagerie-match.")
        run = MatchRun(tmp, ["-a", ENGINE, "-b", chaos("illegal", 1), "--depth", "1", "--sprt",
                             "--elo1", "400", "--progress", "0"])
        self.assertEqual(run.status, 0, run)
        self.assertRegex(run.out, r"LLR 2\.99 \[-2\.94, 2\.94\], pairs \[0, 0, 0, 0, 5\]")
        self.assertIn("SPRT (logistic Elo) elo0=0 elo1=400 alpha=0.05 beta=0.05: LLR 2.99 "
                      "[-2.94, 2.94], H1 accepted (elo >= 400)", run.out)
        self.assertIn("5 game pairs [0, 0, 0, 0, 5]", run.out)


class Errors(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="menagerie-match.")

    def fails(self, status, message, *args):
        run = MatchRun(self.tmp, ["-a", ENGINE, "-b", ENGINE] + list(args))
        self.assertEqual(run.status, status, run)
        self.assertIn(message, run.err, run)
        return run

    def test_unknown_variant(self):
        self.fails(1, "the referee does not know the variant 'nosuchchess'", "-v", "nosuchchess",
                   "--depth", "1")

    def test_bad_openings(self):
        path = os.path.join(self.tmp, "bad.fen")
        with open(path, "w") as f:
            f.write(OPENING + "\nnot a fen\n")
        self.fails(1, "%s:2: not a FEN (fewer than 4 fields)" % path, "-o", path, "--depth", "1")
        with open(path, "w") as f:
            f.write("\n" + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\n")
        self.fails(1, "%s:2: Illegal position" % path, "-o", path, "--depth", "1")
        self.fails(1, "%s: No such file" % os.path.join(self.tmp, "none"), "-o",
                   os.path.join(self.tmp, "none"), "--depth", "1")

    def test_bad_options(self):
        self.fails(2, "give a limit: --tc, --st, --depth or --nodes")
        self.fails(2, "--st cannot be combined with --tc", "--tc", "1", "--st", "1")
        self.fails(2, "--nodes cannot be combined with --tc or --st", "--st", "1",
                   "--nodes", "100")
        self.fails(2, "'1+x' is not a time control", "--tc", "1+x")
        self.fails(2, "--nodes cannot be combined with --tc or --st", "--tc", "1",
                   "--nodes", "100")
        self.fails(2, "--elo0 must be below --elo1", "--depth", "1", "--sprt", "--elo0", "5",
                   "--elo1", "0")
        self.fails(2, "0 is out of range [1, 256]", "--depth", "1", "-c", "0")

    def test_options_the_engine_refuses(self):
        # judged by what the engine announced, before any game: a check box
        # takes 0 or 1 over CECP and true or false over UCI, an unknown name
        # is no option; a value the engine answers with an error is refused
        for args, message in (
                (["--option-b", "UseNNUE=false"], "is a check box: give 0 or 1, not 'false'"),
                (["--option-b", "NoSuch=1"], "it has no option 'NoSuch' (it announced: "),
                (["--proto-b", "uci", "--option-b", "UseNNUE=0"],
                 "is a check: true or false, not '0'"),
                (["--option-b", "EvalFile=%s" % os.path.join(self.tmp, "none.nnue")],
                 "it answered the options with: tellusererror")):
            run = MatchRun(self.tmp, ["-a", ENGINE, "-b", ENGINE, "--depth", "1", "-n", "2"]
                           + args)
            self.assertEqual(run.status, 1, run)
            self.assertIn("engine B (%s) refuses the options given: " % ENGINE, run.out)
            self.assertIn(message, run.out, run)
            self.assertIn("Games 0:", run.out)
        run = MatchRun(self.tmp, ["-a", ENGINE, "-b", ENGINE, "--depth", "1", "-n", "2",
                                  "--option-b", "UseNNUE=0"])
        self.assertEqual(run.status, 0, run)

    def test_engine_that_does_not_start(self):
        run = MatchRun(self.tmp, ["-a", ENGINE, "-b", os.path.join(self.tmp, "no-engine"),
                                  "--depth", "1", "-n", "2"])
        self.assertEqual(run.status, 1, run)
        self.assertIn("Stopped: cannot start", run.out)


if __name__ == "__main__":
    unittest.main(verbosity=1)
