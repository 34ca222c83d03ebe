"""The match: game scheduling over parallel workers, results, SPRT, output."""
import hashlib
import math
import os
import queue
import random
import socket
import sys
import threading
import time
import traceback

from . import stats, units
from .engines import EngineGone, ProtocolError, Unsupported
from .game import (FAULTS, GameSpec, play_game, ADJ_WIN, ADJ_DRAW, RULE, RESIGN,
                   PROTOCOL)
from .pgn import game_pgn
from .referee import Referee, RefereeError


class MatchError(Exception):
    """A set-up problem that stops the match (message for the user)."""


def load_openings(referee_argv, variant, path, log=None):
    """Openings as (fen, setup); every FEN checked by a referee first.
    Without a file: the variant's start position alone."""
    referee = Referee(referee_argv, log)
    try:
        start = referee.start_fen(variant)
        if not path:
            return [(start, False)]
        openings = []
        for number, fen in _read_fens(path):
            why = referee.check_position(variant, fen)
            if why:
                raise MatchError("%s:%d: %s" % (path, number, why))
            openings.append((fen, True))
        if not openings:
            raise MatchError("%s: no positions in the file" % path)
        return openings
    finally:
        referee.close()


def start_engine(spec, variant, timeout, log=None, feature_wait=2.0):
    """A started engine that plays `variant`; spec.name becomes what the
    engine calls itself unless a name was given."""
    engine = spec.create(log)
    engine.start(timeout, feature_wait)
    spec.name = engine.name
    if engine.option_problems:
        engine.quit()
        raise MatchError("engine %s (%s) refuses the options given: %s"
                         % (spec.label, spec.command, "; ".join(engine.option_problems)))
    if not engine.supports(variant):
        engine.quit()
        raise MatchError("engine %s (%s) does not play the variant %s"
                         % (spec.label, spec.command, variant))
    return engine


def settle_engine(engine, timeout):
    """(ready, fault) after a game: ready is True when the engine can play
    another; else it has been ended, and fault says why when it did not
    answer (a protocol timeout) rather than died."""
    fault = None
    try:
        if engine.proc and engine.proc.alive():
            engine.settle(timeout)
            return True, None
    except ProtocolError:
        fault = PROTOCOL
    except EngineGone:
        pass
    engine.kill()
    return False, fault


class Schedule:
    """Hands out games: pair p (from 0) plays one opening twice, games 2p+1
    with A White and 2p+2; the opening depends on p alone.  Given `pairs`,
    only the games of those pairs (the units of --unit)."""

    def __init__(self, openings, max_games, order, seed, pairs=None):
        self.openings = openings          # [(fen, setup)]
        self.max_games = max_games        # 0: no limit
        self.order = list(range(len(openings)))
        if order == "random":
            random.Random(seed).shuffle(self.order)
        self.next_number = 1
        self.numbers = None if pairs is None else [2 * p + g for p in pairs for g in (1, 2)]
        self.lock = threading.Lock()

    def opening_of(self, pair):
        return self.order[pair % len(self.order)]

    def take(self):
        with self.lock:
            if self.numbers is not None:
                if not self.numbers:
                    return None
                n = self.numbers.pop(0)
            else:
                n = self.next_number
                if self.max_games and n > self.max_games:
                    return None
                self.next_number += 1
        pair = (n - 1) // 2
        index = self.opening_of(pair)
        fen, setup = self.openings[index]
        return GameSpec(n, pair, index, fen, setup, a_is_white=(n % 2 == 1))


class Tally:
    """Counts: W/D/L for A, pentanomial pairs, how games ended."""

    def __init__(self):
        self.wins = self.draws = self.losses = 0
        self.penta = [0] * 5
        self.half_pairs = {}              # pair -> A's points in its first game
        self.faults = {"A": dict.fromkeys(FAULTS, 0), "B": dict.fromkeys(FAULTS, 0)}
        self.kinds = {}
        self.games = 0

    def add(self, record):
        points = record.points_for_a()
        self.games += 1
        if points == 1:
            self.wins += 1
        elif points == 0:
            self.losses += 1
        else:
            self.draws += 1
        who = record.faulty_side()
        if who:
            self.faults[who][record.kind] += 1
        self.kinds[record.kind] = self.kinds.get(record.kind, 0) + 1
        pair = record.spec.pair
        if pair in self.half_pairs:
            self.penta[stats.pair_index(self.half_pairs.pop(pair) + points)] += 1
            return True
        self.half_pairs[pair] = points
        return False

    def estimate(self):
        """Elo from the pairs; from single games while there is no pair."""
        if sum(self.penta):
            return stats.EloEstimate(self.penta)
        return stats.EloEstimate([self.losses, self.draws, self.wins])


def _fmt(x, width=0, digits=1):
    x += 0.0                          # no "-0.0"
    if math.isnan(x):
        return "-".rjust(width)
    if math.isinf(x):
        return ("+inf" if x > 0 else "-inf").rjust(width)
    return ("%.*f" % (digits, x)).rjust(width)


class Match:
    def __init__(self, opts, spec_a, spec_b, settings, log=None, out=sys.stdout):
        self.opts = opts
        self.spec_a, self.spec_b = spec_a, spec_b
        self.settings = settings
        self.log = log
        self.out = out
        self.sprt = opts.sprt
        self.tally = Tally()
        self.results = queue.Queue()
        self.stop = threading.Event()
        self.verdict = None
        self.llr = 0.0
        self.error = None
        self.pgn = None
        self.units = None

    def plan(self, openings):
        """What the units of one plan share: a result file of another plan
        is refused by merge (and not taken for a finished unit)."""
        o = self.opts
        fens = "\n".join(fen for fen, _ in openings)
        adj = self.settings.adj
        return {
            "engines": [{"cmd": s.command, "proto": s.protocol,
                         "name": s.name if s.name_given else None,
                         "options": [list(x) for x in s.options]}
                        for s in (self.spec_a, self.spec_b)],
            "variant": o.variant, "openings": len(openings),
            "openings_sha256": hashlib.sha256(fens.encode()).hexdigest(),
            "opening_order": o.opening_order, "seed": o.seed, "limits": o.tc_text,
            "adjudication": [adj.resign_moves, adj.resign_score, adj.draw_start,
                             adj.draw_moves, adj.draw_score, adj.max_moves],
            "games": o.games, "units": o.units,
            "sprt": ({"elo0": self.sprt.elo0, "elo1": self.sprt.elo1,
                      "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                      "model": self.sprt.model} if self.sprt else None)}

    # --- set-up -------------------------------------------------------

    def prepare_openings(self):
        return load_openings(self.opts.referee, self.opts.variant, self.opts.openings,
                             self.log)

    # --- workers ------------------------------------------------------

    def _start_engine(self, spec):
        return start_engine(spec, self.opts.variant, self.settings.protocol_timeout, self.log,
                            self.settings.feature_wait)

    def _worker(self, schedule):
        engines = {}
        referee = None
        try:
            referee = Referee(self.opts.referee, self.log)
            while not self.stop.is_set():
                spec = schedule.take()
                if spec is None:
                    break
                for label, es in (("A", self.spec_a), ("B", self.spec_b)):
                    if engines.get(label) is None:
                        engines[label] = self._start_engine(es)
                record = play_game(spec, self.settings, referee, engines["A"], engines["B"],
                                   self.stop)
                if record is None:
                    break
                self.results.put(record)
                for label in ("A", "B"):
                    if not self._settle(engines[label]):
                        engines[label] = None
        except (MatchError, RefereeError, ProtocolError, EngineGone, Unsupported) as err:
            self.results.put(err)
        except Exception as err:  # a bug: report it rather than hang the match
            traceback.print_exc()
            self.results.put(MatchError("internal error: %r" % err))
        finally:
            for engine in engines.values():
                if engine:
                    engine.quit()
            if referee:
                referee.close()
            self.results.put(None)

    def _settle(self, engine):
        return settle_engine(engine, self.settings.protocol_timeout)[0]

    # --- the match ----------------------------------------------------

    def run(self):
        openings = self.prepare_openings()
        if getattr(self.opts, "units", 0):
            self.units = UnitRun(self.opts, self.plan(openings))
            for k in self.units.skipped:
                self._say("Unit %d of %d: complete in %s, not played again"
                          % (k, self.units.n, self.units.path(k, ".json")))
            if not self.units.chosen:
                return 0
        schedule = Schedule(openings, self.opts.games, self.opts.opening_order, self.opts.seed,
                            self.units.pairs() if self.units else None)
        if self.units:
            self.units.start(schedule)
        if self.opts.pgn:
            self.pgn = open(self.opts.pgn, "a", encoding="utf-8")
        self.started = time.monotonic()
        workers = [threading.Thread(target=self._worker, args=(schedule,), daemon=True)
                   for _ in range(self.opts.concurrency)]
        for w in workers:
            w.start()
        running = len(workers)
        try:
            while running:
                item = self.results.get()
                if item is None:
                    running -= 1
                elif isinstance(item, Exception):
                    if not self.error:
                        self.error = str(item)
                    self.stop.set()
                else:
                    self._record(item)
        except KeyboardInterrupt:
            self.error = "interrupted"
            self.stop.set()
        finally:
            self.stop.set()
            for w in workers:
                w.join(timeout=5)
            if self.pgn:
                self.pgn.close()
        self.elapsed = time.monotonic() - self.started
        if self.units:
            self.units.finish((self.spec_a.name, self.spec_b.name), self.error)
        self.summary()
        return 1 if self.error else 0

    def _record(self, record):
        if self.stop.is_set():
            return              # a game that ended after the match was decided
        if self.pgn:
            self.pgn.write(game_pgn(record, self.opts.event, self.opts.variant,
                                    self.opts.tc_text))
            self.pgn.flush()
        pair_done = self.tally.add(record)
        if self.units:
            self.units.add(record, self.opts, (self.spec_a.name, self.spec_b.name))
        if self.opts.verbose:
            self._say("Game %d (%s vs %s, opening %d): %s {%s}" % (
                record.spec.number, record.white, record.black,
                record.spec.opening_index + 1, record.result, record.reason))
        if pair_done and self.sprt:
            self.llr = self.sprt.llr(self.tally.penta)
            self.verdict = self.sprt.verdict(self.llr)
        if self.verdict or (self.opts.progress and self.tally.games % self.opts.progress == 0):
            self._say(self.progress_line())
        if self.verdict and not self.units:
            self.stop.set()         # units play all their pairs: merge decides

    def _say(self, text):
        print(text, file=self.out, flush=True)

    def progress_line(self):
        t = self.tally
        est = t.estimate()
        line = "Games %d: +%d -%d =%d, score %s%%, Elo %s +- %s, nElo %s" % (
            t.games, t.wins, t.losses, t.draws, _fmt(100 * est.score), _fmt(est.elo),
            _fmt(est.half_width), _fmt(est.nelo))
        if self.sprt:
            line += ", LLR %.2f [%.2f, %.2f]" % (self.llr, self.sprt.lower, self.sprt.upper)
        line += ", pairs %s" % t.penta
        return line

    def summary(self):
        t = self.tally
        for line in result_lines(t, self.spec_a.name, self.spec_b.name, self.opts.variant,
                                 self.opts.tc_text, self.sprt, self.llr, self.verdict):
            self._say(line)
        rate = t.games / self.elapsed * 3600 if self.elapsed > 0 else 0
        self._say("%d games in %.0f s: %.0f games/hour, concurrency %d" % (
            t.games, self.elapsed, rate, self.opts.concurrency))
        if self.units:
            self._say(self.units.summary_line())
        if self.error:
            self._say("Stopped: %s" % self.error)


class UnitRun:
    """--units N --unit LIST: the chosen units' pairs; per unit a tally,
    its games, a PGN file, and its result file, written as soon as the
    unit's last game ends (so a run stopped later keeps the units it
    finished), or at the end.  A unit whose result file says it is
    complete (same plan) is not played again."""

    def __init__(self, opts, plan):
        self.n, self.dir, self.plan = opts.units, opts.result_dir, plan
        self.total_pairs = opts.games // 2
        self.skipped = []
        self.chosen = []
        for k in opts.unit_list:
            old = self._old(k)
            if old and old.get("complete") and old.get("plan") == plan:
                self.skipped.append(k)
            else:
                self.chosen.append(k)
        self.tallies = {k: Tally() for k in self.chosen}
        self.games = {k: [] for k in self.chosen}
        self.pgn = {}
        self.written = set()
        self.host = socket.gethostname()
        self.last_end = time.monotonic()    # when the previous unit ended (or the run began)

    def path(self, k, ext):
        return os.path.join(self.dir, units.unit_name(k, self.n) + ext)

    def _old(self, k):
        try:
            return units.read_json(self.path(k, ".json"))
        except units.UnitError:
            return None

    def pairs(self):
        return [p for k in self.chosen for p in units.unit_pairs(self.total_pairs, self.n, k)]

    def start(self, schedule):
        self.schedule = schedule

    def _pgn(self, k):
        """Unit k's PGN file, opened (emptied) when first needed: a long
        list of units holds one file open at a time, not one each."""
        if k not in self.pgn:
            self.pgn[k] = open(self.path(k, ".pgn"), "w", encoding="utf-8")
        return self.pgn[k]

    def add(self, record, opts, names):
        k = units.unit_of_pair(self.total_pairs, self.n, record.spec.pair)
        self.tallies[k].add(record)
        self.games[k].append([record.spec.number, record.spec.opening_index + 1,
                              record.result, record.kind, record.points_for_a()])
        self._pgn(k).write(game_pgn(record, opts.event, opts.variant, opts.tc_text))
        self._pgn(k).flush()
        if self._all_played(k):
            self._write(k, names, None)

    def _all_played(self, k):
        t = self.tallies[k]
        return t.games == 2 * len(units.unit_pairs(self.total_pairs, self.n, k)) and not t.half_pairs

    def _write(self, k, names, error):
        """Unit k's result file; its seconds are those since the previous
        unit ended, so that merge's sum is the time played."""
        now = time.monotonic()
        elapsed, self.last_end = now - self.last_end, now
        self._pgn(k).close()
        t = self.tallies[k]
        pairs = units.unit_pairs(self.total_pairs, self.n, k)
        units.write_json(self.path(k, ".json"), {
            "format": units.MATCH_FORMAT, "plan": self.plan, "unit": k,
            "pairs": [pairs.start, pairs.stop],
            "openings": [self.schedule.opening_of(p) + 1 for p in pairs],
            "complete": self._all_played(k) and not error, "error": error,
            "names": list(names),
            "games": t.games, "wdl": [t.wins, t.draws, t.losses], "penta": t.penta,
            "faults": t.faults, "ends": t.kinds,
            "results": sorted(self.games[k]),
            "pgn": os.path.basename(self.path(k, ".pgn")),
            "host": self.host, "seconds": round(elapsed, 1)})
        self.written.add(k)

    def finish(self, names, error):
        for k in self.chosen:
            if k not in self.written:
                self._write(k, names, error)

    def summary_line(self):
        played = ", ".join(str(k) for k in self.chosen)
        return "Unit%s %s of %d: results in %s" % ("s" if len(self.chosen) > 1 else "", played,
                                                  self.n, os.path.join(self.dir,
                                                                       "unit-K-of-%d.json"
                                                                       % self.n))


def result_lines(t, name_a, name_b, variant, tc_text, sprt, llr, verdict):
    """The result part of the summary (a match's, or merged units')."""
    est = t.estimate()
    out = ["--- %s (A) vs %s (B), %s, %s" % (name_a, name_b, variant, tc_text),
           "Games %d: +%d -%d =%d (A's view), score %s%%, %d game pairs %s" % (
               t.games, t.wins, t.losses, t.draws, _fmt(100 * est.score), sum(t.penta),
               t.penta),
           "Elo %s [%s, %s] (95%%, %s), nElo %s" % (
               _fmt(est.elo), _fmt(est.lo), _fmt(est.hi),
               "pentanomial" if sum(t.penta) else "trinomial", _fmt(est.nelo))]
    if sprt:
        s = sprt
        text = {"H1": "H1 accepted (elo >= %g)" % s.elo1,
                "H0": "H0 accepted (elo <= %g)" % s.elo0}.get(verdict, "no bound crossed")
        out.append("SPRT (%s Elo) elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f [%.2f, %.2f], %s"
                   % (s.model, s.elo0, s.elo1, s.alpha, s.beta, llr, s.lower, s.upper, text))
    kinds = ", ".join("%s %d" % (k, t.kinds.get(k, 0))
                      for k in (RULE, RESIGN, ADJ_WIN, ADJ_DRAW) + FAULTS)
    out.append("Ends: %s" % kinds)
    for label, name in (("A", name_a), ("B", name_b)):
        f = t.faults[label]
        out.append("Faults %s (%s): illegal moves %d, time losses %d, crashes %d" % (
            label, name, f["illegal move"], f["time forfeit"], f["crash"]))
    return out


def _read_fens(path):
    """(line number, FEN) of each non-empty, non-comment line (EPD: 4 fields + counters)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as err:
        raise MatchError("%s: %s" % (path, err.strerror))
    out = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        fields = text.split(";")[0].split()
        if len(fields) < 4:
            raise MatchError("%s:%d: not a FEN (fewer than 4 fields)" % (path, number))
        if len(fields) == 4 or not fields[4].isdigit():
            fields = fields[:4] + ["0", "1"]
        out.append((number, " ".join(fields[:6])))
    return out
