"""Tournaments of N engines: plan, workers, state file, crosstable."""
import json
import os
import queue
import random
import shlex
import signal
import socket
import sys
import threading
import time
import traceback

from . import ratings, units
from .engines import EngineGone, EngineSpec, ProtocolError, Unsupported
from .game import (FAULT_DETAILS, GameRecord, GameSpec, play_game, lost_by, WHITE, BLACK,
                   CRASH, PROTOCOL, RULE, RESIGN, ADJ_WIN, ADJ_DRAW, FAULTS)
from .pgn import game_pgn
from .referee import Referee, RefereeError
from .runner import MatchError, load_openings, start_engine, settle_engine

STATE_FORMAT = "menagerie-tourney state 1"
ROUND_ROBIN, GAUNTLET = "roundrobin", "gauntlet"


# --- engines ---------------------------------------------------------------

ENGINE_KEYS = ("cmd", "proto", "name", "dir")


def parse_engine(text, number):
    """An EngineSpec from 'cmd=CMD proto=uci name=X option.NAME=VALUE dir=D'
    (words split as by the shell)."""
    try:
        words = shlex.split(text)
    except ValueError as err:
        raise ValueError("engine %d: %s" % (number, err))
    fields, options = {}, []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            raise ValueError("engine %d: '%s' is not KEY=VALUE" % (number, word))
        if key.startswith("option."):
            options.append((key[7:], value))
        elif key in ENGINE_KEYS:
            fields[key] = value
        else:
            raise ValueError("engine %d: unknown key '%s' (cmd, proto, name, dir, "
                             "option.NAME)" % (number, key))
    return make_spec(fields, options, number)


def make_spec(fields, options, number):
    if not fields.get("cmd"):
        raise ValueError("engine %d: no cmd=" % number)
    proto = fields.get("proto", "cecp")
    if proto not in ("cecp", "uci"):
        raise ValueError("engine %d: proto must be cecp or uci, not '%s'" % (number, proto))
    name = fields.get("name") or None
    spec = EngineSpec(name or "engine %d" % number, fields["cmd"], proto, name, options,
                      fields.get("dir") or None)
    return spec


def load_engines_file(path):
    """EngineSpecs of a JSON file: a list whose items are objects {"cmd",
    "proto", "name", "dir", "options": {NAME: VALUE}} or strings as -e takes."""
    try:
        with open(path, encoding="utf-8") as f:
            items = json.load(f)
    except OSError as err:
        raise ValueError("%s: %s" % (path, err.strerror))
    except json.JSONDecodeError as err:
        raise ValueError("%s:%d: %s" % (path, err.lineno, err.msg))
    if not isinstance(items, list):
        raise ValueError("%s: not a JSON list of engines" % path)
    specs = []
    for k, item in enumerate(items, 1):
        if isinstance(item, str):
            specs.append(parse_engine(item, k))
        elif isinstance(item, dict):
            unknown = set(item) - set(ENGINE_KEYS) - {"options"}
            if unknown:
                raise ValueError("%s: engine %d: unknown key '%s'" % (path, k, sorted(unknown)[0]))
            opts = item.get("options", {})
            if not isinstance(opts, dict):
                raise ValueError("%s: engine %d: options must be an object" % (path, k))
            fields = {key: str(item[key]) for key in ENGINE_KEYS if item.get(key) is not None}
            specs.append(make_spec(fields, [(n, _text(v)) for n, v in opts.items()], k))
        else:
            raise ValueError("%s: engine %d: neither an object nor a string" % (path, k))
    return specs


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def spec_identity(spec):
    """What makes an engine the same engine for a resumed tournament."""
    return {"cmd": spec.command, "proto": spec.protocol,
            "name": spec.name if spec.name_given else None,
            "options": [list(o) for o in spec.options], "dir": spec.cwd}


# --- the plan --------------------------------------------------------------

class PlannedGame:
    def __init__(self, number, round_, white, black, opening, pair):
        self.number, self.round = number, round_
        self.white, self.black = white, black
        self.opening, self.pair = opening, pair


def berger_pairs(n):
    """All pairs of n engines in round-robin order (circle method), so that
    a partly played tournament has spread its games over the engines."""
    ids = list(range(n)) + ([None] if n % 2 else [])
    m = len(ids)
    out = []
    for _ in range(m - 1):
        for k in range(m // 2):
            a, b = ids[k], ids[m - 1 - k]
            if a is not None and b is not None:
                out.append((min(a, b), max(a, b)))
        ids = [ids[0], ids[-1]] + ids[1:-1]
    return out


def plan_games(n, fmt, rounds, games_per_pair, n_openings, order, seed):
    """Every game of the tournament, numbered from 1.  Per round each pair
    plays games_per_pair games: opening pairs, each opening with both
    colours; round r's k-th opening pair of every encounter uses opening
    number r * games_per_pair / 2 + k of the (cycled) file."""
    pairs = berger_pairs(n) if fmt == ROUND_ROBIN else [(0, j) for j in range(1, n)]
    openings = list(range(n_openings))
    if order == "random":
        random.Random(seed).shuffle(openings)
    per_round = games_per_pair // 2
    games, number, pair_id = [], 1, 0
    for r in range(rounds):
        for a, b in pairs:
            if r % 2:                       # the other engine starts with White
                a, b = b, a
            for k in range(per_round):
                opening = openings[(r * per_round + k) % n_openings]
                for white, black in ((a, b), (b, a)):
                    games.append(PlannedGame(number, r + 1, white, black, opening, pair_id))
                    number += 1
                pair_id += 1
    return games


# --- the state file ----------------------------------------------------------

class StateFile:
    """The tournament's configuration and its finished games, as JSON,
    written again (to a new file renamed over the old) after every game."""

    def __init__(self, path, config):
        self.path = path
        self.config = config
        self.games = {}                 # number -> dict
        self.extra = {}                 # more keys to write (a unit's number, names)

    def load(self):
        """Finished games of an earlier run; MatchError when the
        configuration differs."""
        if not self.path or not os.path.exists(self.path):
            return
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as err:
            raise MatchError("%s: not a state file (%s)" % (self.path, err))
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise MatchError("%s: not a state file of menagerie-tourney" % self.path)
        old = data.get("config", {})
        differ = [k for k in sorted(set(old) | set(self.config)) if old.get(k) != self.config.get(k)]
        if differ:
            raise MatchError("%s belongs to another tournament (it differs in: %s); a new "
                             "--state FILE starts afresh" % (self.path, ", ".join(differ)))
        self.games = {int(k): v for k, v in data.get("games", {}).items()}

    def add(self, number, entry):
        self.games[number] = entry
        if not self.path:
            return
        data = dict(self.extra, format=STATE_FORMAT, config=self.config,
                    games={str(k): self.games[k] for k in sorted(self.games)})
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)


def game_entry(planned, record, after_faults):
    """A finished game as the state file keeps it."""
    return {"white": planned.white, "black": planned.black, "round": planned.round,
            "opening": planned.opening + 1, "result": record.result, "kind": record.kind,
            "fault": record.fault, "reason": record.reason, "plies": len(record.moves),
            "after": after_faults}


class UnitStates:
    """--units N --unit LIST: one state file per unit, DIR/unit-K-of-N.json
    (the unit's finished games; the same command resumes it), with the
    interface of one StateFile; and each unit's PGN, DIR/unit-K-of-N.pgn."""

    def __init__(self, directory, units_n, chosen, config, plan):
        total = plan[-1].pair + 1 if plan else 0
        self.n = units_n
        self.files = {k: StateFile(os.path.join(directory, units.unit_name(k, units_n)
                                                + ".json"), config) for k in chosen}
        self.pgn_paths = {k: os.path.join(directory, units.unit_name(k, units_n) + ".pgn")
                          for k in chosen}
        self.unit_of_game = {}
        for g in plan:
            k = units.unit_of_pair(total, units_n, g.pair)
            if k in self.files:
                self.unit_of_game[g.number] = k
        self.path = directory
        self.pgn = {}

    @property
    def games(self):
        out = {}
        for f in self.files.values():
            out.update(f.games)
        return out

    def load(self):
        for f in self.files.values():
            f.load()

    def set_names(self, names):
        for k, f in self.files.items():
            f.extra = {"unit": k, "units": self.n, "names": names,
                       "host": socket.gethostname()}

    def add(self, number, entry):
        self.files[self.unit_of_game[number]].add(number, entry)

    def write_pgn(self, number, text):
        k = self.unit_of_game[number]
        if k not in self.pgn:
            self.pgn[k] = open(self.pgn_paths[k], "a", encoding="utf-8")
        self.pgn[k].write(text)
        self.pgn[k].flush()

    def close(self):
        for f in self.pgn.values():
            f.close()


def unit_plan(config):
    """The planned games of a tournament, from the config of its state file."""
    return plan_games(len(config["engines"]), config["format"], config["rounds"],
                      config["games_per_pair"], len(config["openings"]),
                      config["opening_order"], config["seed"])


# --- results -----------------------------------------------------------------

class Table:
    """Crosstable, faults and game ends, from the finished games."""

    def __init__(self, names, games):
        n = len(names)
        self.names = names
        self.points = [[0.0] * n for _ in range(n)]
        self.count = [[0] * n for _ in range(n)]
        self.draws = [0] * n
        self.faults = [dict.fromkeys(FAULT_DETAILS, 0) for _ in range(n)]
        self.kinds = {}
        self.scored = []                    # (white, black, White's points)
        for g in games.values():
            w, b = g["white"], g["black"]
            wp = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[g["result"]]
            self.points[w][b] += wp
            self.points[b][w] += 1 - wp
            self.count[w][b] += 1
            self.count[b][w] += 1
            if wp == 0.5:
                self.draws[w] += 1
                self.draws[b] += 1
            self.scored.append((w, b, wp))
            self.kinds[g["kind"]] = self.kinds.get(g["kind"], 0) + 1
            if g.get("fault") and g["result"] != "1/2-1/2":
                loser = b if g["result"] == "1-0" else w
                self.faults[loser][g["fault"]] += 1
            for who, fault in g.get("after", []):
                self.faults[who][fault] += 1
        self.games = len(games)

    def ratings(self, anchor=None, anchor_elo=0.0, prior=0.0):
        return ratings.compute(len(self.names), self.scored, anchor, anchor_elo, prior)

    def lines(self, rated, anchor_name=None, anchor_elo=0.0, prior=0.0):
        n = len(self.names)
        played = [sum(self.count[i]) for i in range(n)]
        score = [sum(self.points[i]) for i in range(n)]
        if rated.ratings:
            order = sorted(range(n), key=lambda i: (-rated.ratings[i], -score[i], i))
        else:
            order = sorted(range(n), key=lambda i: (-_pct(score[i], played[i]), i))
        width = max([len(x) for x in self.names] + [4])
        cells = []
        for i in order:
            row = []
            for j in order:
                if i == j:
                    row.append("---")
                elif self.count[i][j]:
                    row.append("%s/%d" % (_half(self.points[i][j]), self.count[i][j]))
                else:
                    row.append(".")
            cells.append(row)
        cw = max([len(c) for row in cells for c in row] + [3])
        head = "Rank  %-*s    Elo    +/-  Games  Score      %%  Draw%% " % (width, "Name")
        head += " ".join(("%d" % (k + 1)).rjust(cw) for k in range(n))
        out = [head]
        for rank, i in enumerate(order):
            if rated.ratings:
                elo = "%+6.0f" % rated.ratings[i]
                err = "%6.0f" % rated.errors[i] if rated.errors[i] is not None else "anchor"
            else:
                elo, err = "%6s" % "-", "%6s" % "-"
            out.append("%4d  %-*s %s %s %6d %6s %6s %6s  %s" % (
                rank + 1, width, self.names[i], elo, err, played[i], _half(score[i]),
                _fmt_pct(score[i], played[i]), _fmt_pct(self.draws[i], played[i]),
                " ".join(c.rjust(cw) for c in cells[rank])))
        if rated.ratings:
            base = ("%s fixed at %g" % (anchor_name, anchor_elo) if anchor_name
                    else "average 0")
            note = "Elo: maximum likelihood, logistic, a draw half a win (Ordo's model); %s; " \
                   "+/- 95%% from the Hessian" % base
            if prior:
                note += "; %g virtual draw%s per pair" % (prior, "" if prior == 1 else "s")
            out.append(note)
        else:
            who, why = rated.why
            names = [self.names[i] for i in who]
            if len(names) > 1:
                names[-2:] = ["%s and %s" % (names[-2], names[-1])]
            out.append("Elo: no finite maximum-likelihood ratings: %s %s (--prior 1 adds a "
                       "virtual draw to every pair that met)" % (", ".join(names), why))
        return out

    def fault_lines(self):
        width = max([len(x) for x in self.names] + [6])
        heads = ("illegal", "time", "crash", "claim", "protocol")
        out = ["Faults  %-*s %s" % (width, "", " ".join("%8s" % h for h in heads))]
        for i, name in enumerate(self.names):
            f = self.faults[i]
            out.append("        %-*s %s" % (width, name, " ".join(
                "%8d" % f[k] for k in FAULT_DETAILS)))
        return out

    def ends_line(self):
        return "Ends: " + ", ".join("%s %d" % (k, self.kinds.get(k, 0))
                                    for k in (RULE, RESIGN, ADJ_WIN, ADJ_DRAW) + FAULTS)


def _half(x):
    """Points: 2, 1.5."""
    return "%d" % x if x == int(x) else "%.1f" % x


def _pct(a, b):
    return 100.0 * a / b if b else 0.0


def _fmt_pct(a, b):
    return "%.1f" % _pct(a, b) if b else "-"


# --- the tournament ------------------------------------------------------------

class Tournament:
    def __init__(self, opts, specs, settings, log=None, out=sys.stdout):
        self.opts = opts
        self.specs = specs
        self.settings = settings
        self.log = log
        self.out = out
        self.results = queue.Queue()
        self.stop = threading.Event()
        self.show = threading.Event()       # SIGUSR1: print the crosstable
        self.error = None
        self.lock = threading.Lock()
        self.pgn = None

    # --- set-up -------------------------------------------------------

    def probe_engines(self):
        """Start every engine once: it must start and play the variant;
        names become unique (' (2)' appended to a repeated one)."""
        seen = {}
        for spec in self.specs:
            try:
                engine = start_engine(spec, self.opts.variant, self.settings.protocol_timeout,
                                      self.log, self.settings.feature_wait)
            except (EngineGone, ProtocolError) as err:
                raise MatchError("%s (%s) did not start: %s" % (spec.label, spec.command, err))
            engine.quit()
            name = spec.name
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = "%s (%d)" % (name, seen[name])
            spec.name, spec.name_given = name, True
        return [s.name for s in self.specs]

    def config(self, fens):
        o = self.opts
        return {"engines": self.identities, "variant": o.variant, "openings": fens,
                "format": o.format, "rounds": o.rounds, "games_per_pair": o.games_per_pair,
                "opening_order": o.opening_order, "seed": o.seed, "limits": o.tc_text}

    # --- workers ------------------------------------------------------

    def _take(self):
        with self.lock:
            if self.stop.is_set():
                return None
            if self.opts.max_games and self.handed_out >= self.opts.max_games:
                return None
            while self.todo:
                g = self.todo.pop(0)
                if g.number not in self.state.games:
                    self.handed_out += 1
                    return g
            return None

    def _worker(self):
        engines = {}                    # engine index -> running Engine
        referee = None
        try:
            referee = Referee(self.opts.referee, self.log)
            while not self.stop.is_set():
                planned = self._take()
                if planned is None:
                    break
                for idx in list(engines):
                    if idx not in (planned.white, planned.black) and engines[idx]:
                        engines.pop(idx).quit()
                result = self._play(planned, engines, referee)
                if result is None:
                    break
                self.results.put(result)
        except (MatchError, RefereeError, Unsupported) as err:
            self.results.put(err)
        except Exception as err:  # a bug: report it rather than hang the tournament
            traceback.print_exc()
            self.results.put(MatchError("internal error: %r" % err))
        finally:
            for engine in engines.values():
                if engine:
                    engine.quit()
            if referee:
                referee.close()
            self.results.put(None)

    def _play(self, planned, engines, referee):
        """(planned, record, faults after the game), or None when stopped."""
        fen, setup = self.openings[planned.opening]
        spec = GameSpec(planned.number, planned.pair, planned.opening, fen, setup,
                        a_is_white=True)
        sides = ((WHITE, planned.white), (BLACK, planned.black))
        for side, idx in sides:
            if engines.get(idx) is None:
                try:
                    engines[idx] = start_engine(self.specs[idx], self.opts.variant,
                                                self.settings.protocol_timeout, self.log,
                                                self.settings.feature_wait)
                except (EngineGone, ProtocolError) as err:
                    # the game is lost by the engine that cannot start
                    engines[idx] = None
                    record = GameRecord(spec, self.names[planned.white],
                                        self.names[planned.black])
                    fault = PROTOCOL if isinstance(err, ProtocolError) else CRASH
                    record.finish(*lost_by(side, CRASH, "%s's engine did not start (%s)"
                                           % ("White" if side == WHITE else "Black", err),
                                           fault))
                    return planned, record, []
        record = play_game(spec, self.settings, referee, engines[planned.white],
                           engines[planned.black], self.stop)
        if record is None:
            return None
        after = []
        for _, idx in sides:
            ready, fault = settle_engine(engines[idx], self.settings.protocol_timeout)
            if not ready:
                engines[idx] = None
            if fault:
                after.append([idx, fault])
        return planned, record, after

    # --- the tournament -----------------------------------------------

    def run(self):
        self.identities = [spec_identity(s) for s in self.specs]
        self.openings = load_openings(self.opts.referee, self.opts.variant, self.opts.openings,
                                      self.log)
        fens = [fen for fen, _ in self.openings]
        self.plan = plan_games(len(self.specs), self.opts.format, self.opts.rounds,
                               self.opts.games_per_pair, len(self.openings),
                               self.opts.opening_order, self.opts.seed)
        if getattr(self.opts, "units", 0):
            total = self.plan[-1].pair + 1
            if self.opts.units > total:
                raise MatchError("--units %d: more units than the %d opening pairs of the "
                                 "tournament" % (self.opts.units, total))
            self.state = UnitStates(self.opts.result_dir, self.opts.units, self.opts.unit_list,
                                    self.config(fens), self.plan)
            self.plan = [g for g in self.plan if g.number in self.state.unit_of_game]
        else:
            self.state = StateFile(self.opts.state, self.config(fens))
        self.state.load()
        self.todo = [g for g in self.plan if g.number not in self.state.games]
        self.handed_out = 0
        self.played_now = 0
        self.started = time.monotonic()
        self.names = self.probe_engines()
        if isinstance(self.state, UnitStates):
            self.state.set_names(self.names)
        if self.opts.anchor and self.opts.anchor not in self.names:
            raise MatchError("--anchor %s: no engine has that name (%s)"
                             % (self.opts.anchor, ", ".join(self.names)))
        if self.state.games:
            self._say("Resuming from %s: %d of %d games played" % (
                self.state.path, len(self.state.games), len(self.plan)))
        if self.opts.pgn and self.todo:
            self.pgn = open(self.opts.pgn, "a", encoding="utf-8")
        workers = [threading.Thread(target=self._worker, daemon=True, name="game%d" % (k + 1))
                   for k in range(min(self.opts.concurrency, max(len(self.todo), 1)))]
        old_usr1 = _signal(signal.SIGUSR1, lambda *_: self.show.set())
        # Ctrl-C and SIGTERM only set a flag: a finished game is always
        # written whole, to the PGN and then to the state file
        old_term = _signal(signal.SIGTERM, lambda *_: self._interrupt())
        old_int = _signal(signal.SIGINT, lambda *_: self._interrupt())
        for w in workers:
            w.start()
        running = len(workers)
        try:
            while running:
                if self.show.is_set():
                    self.show.clear()
                    self.summary(final=False)
                try:
                    item = self.results.get(timeout=0.2)
                except queue.Empty:
                    continue
                if item is None:
                    running -= 1
                elif isinstance(item, Exception):
                    if not self.error:
                        self.error = str(item)
                    self.stop.set()
                else:
                    self._record(*item)
        except KeyboardInterrupt:
            self._interrupt()
        finally:
            self.stop.set()
            for w in workers:
                w.join(timeout=5)
            if self.pgn:
                self.pgn.close()
            if isinstance(self.state, UnitStates):
                self.state.close()
            _signal(signal.SIGUSR1, old_usr1)
            _signal(signal.SIGTERM, old_term)
            _signal(signal.SIGINT, old_int)
        self.elapsed = time.monotonic() - self.started
        self.summary(final=True)
        return 1 if self.error else 0

    def _interrupt(self):
        if not self.error:
            self.error = "interrupted (finished games are in the state file)" \
                if self.state.path else "interrupted"
        self.stop.set()

    def _record(self, planned, record, after):
        text = game_pgn(record, self.opts.event, self.opts.variant, self.opts.tc_text)
        if self.pgn:
            self.pgn.write(text)
            self.pgn.flush()
        if isinstance(self.state, UnitStates):
            self.state.write_pgn(planned.number, text)
        self.state.add(planned.number, game_entry(planned, record, after))
        self.played_now += 1
        if self.opts.verbose:
            self._say("Game %d of %d (round %d, opening %d): %s - %s %s {%s}" % (
                planned.number, len(self.plan), planned.round, planned.opening + 1,
                record.white, record.black, record.result, record.reason))
        if self.opts.progress and len(self.state.games) % self.opts.progress == 0 \
                and len(self.state.games) < len(self.plan):
            self.summary(final=False)

    def _say(self, text):
        print(text, file=self.out, flush=True)

    def summary(self, final):
        o = self.opts
        table = Table(self.names, self.state.games)
        anchor = self.names.index(o.anchor) if o.anchor else None
        rated = table.ratings(anchor, o.anchor_elo, o.prior)
        kind = "round robin" if o.format == ROUND_ROBIN else "gauntlet"
        self._say("--- %s, %d engines, %s, %s, %d of %d games" % (
            kind, len(self.names), o.variant, o.tc_text, table.games, len(self.plan)))
        for line in table.lines(rated, o.anchor, o.anchor_elo, o.prior):
            self._say(line)
        if not final:
            return
        self._say(table.ends_line())
        for line in table.fault_lines():
            self._say(line)
        rate = self.played_now / self.elapsed * 3600 if self.elapsed > 0 else 0
        self._say("%d games played now in %.0f s: %.0f games/hour, concurrency %d" % (
            self.played_now, self.elapsed, rate, o.concurrency))
        if self.error:
            self._say("Stopped: %s" % self.error)
        elif table.games < len(self.plan):
            self._say("Stopped after %d games (--max-games): the same command continues"
                      % self.played_now)


def _signal(sig, handler):
    """Install a handler when running in the main thread (tests may not)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    if handler is None:
        return None
    return signal.signal(sig, handler)
