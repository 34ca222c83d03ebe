"""Engine processes and their protocols (CECP and UCI), seen by the runner.

Every engine runs as a child process with pipes; its output is read with
select() on the raw descriptor by the one thread that plays its game, so a
move's time is measured from the write of the command that starts the
search to the read of the answer, and a silent engine never blocks longer
than the time it has.

Moves are passed around in CECP notation (XBoard numbers the ranks of
10-rank boards from 0); the UCI adapter converts (UCI ranks start at 1).
"""
import os
import re
import select
import shlex
import signal
import subprocess
import time


class EngineGone(Exception):
    """The engine closed its output or died."""


class ProtocolError(Exception):
    """The engine did not do what the protocol asks (at start-up)."""


class Unsupported(Exception):
    """The engine cannot play what was asked (fatal for the match)."""


class Deadline(Exception):
    """No answer in time."""


class LineProcess:
    """A child process read line by line with deadlines."""

    def __init__(self, argv, name, log=None, cwd=None):
        self.name = name
        self.log = log
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, cwd=cwd, bufsize=0,
                                         start_new_session=True)
        except OSError as err:
            raise EngineGone("cannot start %s: %s" % (" ".join(argv), err.strerror))
        self.fd = self.proc.stdout.fileno()
        self.buf = b""
        self.eof = False

    def send(self, line):
        if self.log:
            self.log(self.name, "<", line)
        try:
            self.proc.stdin.write(line.encode() + b"\n")
        except (BrokenPipeError, OSError):
            raise EngineGone("%s: cannot write (the engine has gone)" % self.name)

    def readline(self, deadline):
        """The next line; Deadline when none comes by time.monotonic() deadline."""
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                text = line.decode("utf-8", "replace").rstrip("\r")
                if self.log:
                    self.log(self.name, ">", text)
                return text
            if self.eof:
                raise EngineGone("%s: end of output (the engine has gone)" % self.name)
            # past the deadline: one look at what is already there
            wait = max(deadline - time.monotonic(), 0)
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                raise Deadline()
            chunk = os.read(self.fd, 65536)
            if chunk:
                self.buf += chunk
            else:
                self.eof = True

    def drain(self):
        """The lines already waiting, without blocking."""
        lines = []
        try:
            while True:
                lines.append(self.readline(0))
        except Deadline:
            return lines

    def alive(self):
        return self.proc.poll() is None

    def close(self, grace=1.0):
        """Ask nicely (caller sent quit), then end the process group."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        self.proc.stdout.close()


def board_ranks(fen):
    """Number of ranks in a FEN's board field (holdings in [] not counted)."""
    board = fen.split()[0]
    board = re.sub(r"\[.*?\]", "", board)
    return board.count("/") + 1


_SQUARE = re.compile(r"([a-z])(\d+)")


def shift_ranks(move, delta):
    """Add delta to every rank number in a coordinate move."""
    return _SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) + delta), move)


# How long a move may follow a result claim before the claim stands.
CLAIM_GRACE = 1.0

# Mate scores: CECP 100000+n (XBoard) and the 32000-ish of older engines
# both count as "winning", the sign tells who.
MATE_CP = 100000


class SearchAnswer:
    """What an engine said for one move."""

    def __init__(self):
        self.move = None        # CECP notation
        self.score = None       # centipawns, the mover's view
        self.depth = None
        self.resigned = False
        self.claim = None       # a result the engine announced instead of moving
        self.rejected = None    # a legal move the engine called illegal
        self.elapsed = 0.0


class Limits:
    """How long engines may think: clocks, a fixed time per move (st), or depth / nodes per
    move."""

    def __init__(self, base=None, inc=0.0, moves=0, depth=0, nodes=0, st=0.0):
        self.base, self.inc, self.moves = base, inc, moves
        self.depth, self.nodes = depth, nodes
        self.st = st            # fixed seconds per move (no game clock)

    @property
    def timed(self):
        """A clock for the whole game (or MOVES moves) runs."""
        return self.base is not None


class Engine:
    """Common part of the two protocol adapters."""

    def __init__(self, spec, log=None):
        self.spec = spec
        self.log = log
        self.proc = None
        self.name = spec.name
        self.ranks = 8

    def start(self, timeout, feature_wait=2.0):
        argv = shlex.split(self.spec.command)
        self.proc = LineProcess(argv, self.spec.label, self.log, cwd=self.spec.cwd)
        self.handshake(time.monotonic() + timeout, feature_wait)

    def send(self, line):
        self.proc.send(line)

    def quit(self):
        if not self.proc:
            return
        try:
            self.proc.send("quit")
        except EngineGone:
            pass
        self.proc.close()
        self.proc = None

    def kill(self):
        if self.proc:
            self.proc.close(grace=0)
            self.proc = None


class CecpEngine(Engine):
    """An XBoard / CECP v2 engine."""

    protocol = "cecp"

    def handshake(self, deadline, feature_wait=2.0):
        self.features = {}
        self.announced = {}     # option name -> its kind (check, spin, string, ...)
        self.variants = None
        self.ping_id = 0
        self.send("xboard")
        self.send("protover 2")
        # An engine that says done=0 may take its time; otherwise
        # `feature_wait` seconds of silence (2, as XBoard waits) mean a
        # protocol-1 engine with no features.  A protocol-2 engine that
        # starts slower than that (a sanitizer build on a loaded machine)
        # would be taken for one and sent moves without `usermove`.
        quiet_deadline = min(deadline, time.monotonic() + feature_wait)
        waiting_for_done = False
        while True:
            try:
                line = self.proc.readline(deadline if waiting_for_done else quiet_deadline)
            except Deadline:
                if waiting_for_done:
                    raise ProtocolError("%s: no 'feature done=1' in time" % self.spec.label)
                break
            if line.startswith("feature "):
                done = self._features(line[8:])
                if done == 0:
                    waiting_for_done = True
                elif done == 1:
                    break
        if "myname" in self.features and not self.spec.name_given:
            self.name = self.features["myname"]
        self.option_problems = []
        for name, value in self.spec.options:
            why = self._option_problem(name, value)
            if why:
                self.option_problems.append(why)
            else:
                self.send("option %s=%s" % (name, value))
        # an engine refuses a value with an error line: wait for the pong
        # after the options, and take any error said before it as refusal
        if self.spec.options and self.features.get("ping") == "1":
            for line in self._lines_until_pong(deadline):
                if line.startswith(("Error", "tellusererror")):
                    self.option_problems.append("it answered the options with: %s"
                                                % line.strip())

    def _option_problem(self, name, value):
        """Why `option name=value` cannot be sent (None: it can), judged
        by the options the engine announced (`feature option=`); an engine
        that announced none is not judged (protocol 1 has no way to)."""
        if not self.announced:
            return None
        if name not in self.announced:
            return "it has no option '%s' (it announced: %s)" % (
                name, ", ".join(sorted(self.announced)))
        kind = self.announced[name]
        if kind == "check" and value not in ("0", "1"):
            return "its option '%s' is a check box: give 0 or 1, not '%s'" % (name, value)
        if kind == "spin" and not re.match(r"-?\d+$", value):
            return "its option '%s' takes a whole number, not '%s'" % (name, value)
        if kind in ("button", "save") and value:
            return "its option '%s' is a %s: give it no value" % (name, kind)
        return None

    def _lines_until_pong(self, deadline):
        self.ping_id += 1
        self.send("ping %d" % self.ping_id)
        want = "pong %d" % self.ping_id
        lines = []
        while True:
            try:
                line = self.proc.readline(deadline)
            except Deadline:
                raise ProtocolError("%s: no '%s' in time" % (self.spec.label, want))
            if line.strip() == want:
                return lines
            lines.append(line)

    def _features(self, text):
        """Accept the features of one line; returns the done value if any."""
        done = None
        for m in re.finditer(r'(\w+)=("([^"]*)"|\S+)', text):
            key = m.group(1)
            value = m.group(3) if m.group(3) is not None else m.group(2)
            if key == "option":
                m2 = re.match(r"(.*?) -(\w+)", value)
                if m2:
                    self.announced[m2.group(1)] = m2.group(2)
                continue
            self.features[key] = value
            if key == "done":
                done = int(value) if value.isdigit() else 1
            elif key == "variants":
                self.variants = value.split(",")
            self.send(("rejected " if key == "san" and value == "1" else "accepted ") + key)
        return done

    def supports(self, variant):
        if variant == "chess":
            return True
        return self.variants is None or variant in self.variants

    def sync(self, timeout):
        """Wait until the engine has read everything sent (ping/pong)."""
        if self.features.get("ping") != "1":
            return
        self.ping_id += 1
        self.send("ping %d" % self.ping_id)
        deadline = time.monotonic() + timeout
        want = "pong %d" % self.ping_id
        while True:
            try:
                if self.proc.readline(deadline).strip() == want:
                    return
            except Deadline:
                raise ProtocolError("%s: no '%s' within %g s" % (self.spec.label, want, timeout))

    def new_game(self, variant, fen, setup, limits, timeout):
        """Set up a game from `fen` (sent only when `setup`: not the start)."""
        self.ranks = board_ranks(fen)
        self.send("new")
        if variant != "chess":
            self.send("variant %s" % variant)
        self.send("force")
        self.send("post")
        self.send("easy")
        if limits.timed:
            self.send("level %d %s %s" % (limits.moves, _minsec(limits.base), _num(limits.inc)))
        if limits.st:
            self.send("st %s" % _num(limits.st))
        if limits.depth:
            self.send("sd %d" % limits.depth)
        if limits.nodes:
            self.send("nps %d" % limits.nodes)
            self.send("st 1")     # one second of the node clock: N nodes
        if setup:
            self._set_position(fen)
        self.playing = False
        self.sync(timeout)

    def _set_position(self, fen):
        """setboard, or for engines without it the obsolete `edit`."""
        if self.features.get("setboard") == "1":
            self.send("setboard %s" % fen)
            return
        if fen.split()[1] != "w":
            raise Unsupported("engine %s has no setboard, and `edit` cannot give Black the move "
                                "(%s)" % (self.spec.label, fen))
        self.send("edit")
        self.send("#")
        pieces = _fen_pieces(fen, self.ranks)
        for colour in (True, False):
            if not colour:
                self.send("c")
            for letter, square in pieces:
                if letter.isupper() == colour:
                    self.send(letter.upper() + square)
        self.send(".")

    def _usermove(self, move):
        self.send(("usermove " if self.features.get("usermove") == "1" else "") + move)

    def _clock(self, clocks):
        if clocks:
            self.send("time %d" % max(0, round(clocks.own * 100)))
            self.send("otim %d" % max(0, round(clocks.other * 100)))

    def think(self, last_move, moves, clocks, deadline):
        """Ask for a move: send the opponent's move (or `go`) and wait."""
        self.proc.drain()          # a claim after its last move, thinking, ...
        self._clock(clocks)
        if self.playing and last_move is not None:
            start = time.monotonic()
            self._usermove(last_move)
        else:
            if last_move is not None:
                self._usermove(last_move)
            start = time.monotonic()
            self.send("go")
            self.playing = True
        answer = SearchAnswer()
        legs = []
        while True:
            try:
                line = self.proc.readline(deadline)
            except Deadline:
                answer.elapsed = time.monotonic() - start
                return answer
            answer.elapsed = time.monotonic() - start
            if line.startswith("move "):
                answer.claim = None
                text = line[5:].strip()
                if text.endswith(","):       # first leg of a multi-leg move
                    legs.append(text[:-1])
                    continue
                answer.move = _join_legs(legs + [text])
                return answer
            if line == "resign" or line.startswith("resign"):
                answer.resigned = True
                return answer
            if _CLAIM.match(line):
                # A claim that belongs to its previous move may come late,
                # during this search: only a claim with no move after it
                # (within a second) ends the game.
                answer.claim = line
                deadline = min(deadline, time.monotonic() + CLAIM_GRACE)
                continue
            if line.startswith("Illegal move") and last_move is not None and last_move in line:
                answer.rejected = line
                return answer
            self._thinking(line, answer)

    def _thinking(self, line, answer):
        m = re.match(r"\s*(\d+)\s+(-?\d+)\s+\d+\s+\d+", line)
        if m:
            answer.depth = int(m.group(1))
            answer.score = int(m.group(2))

    def game_over(self, result, reason):
        try:
            self.send("result %s {%s}" % (result, reason))
            self.send("force")
        except EngineGone:
            pass
        self.playing = False

    def settle(self, timeout):
        """After a game: make sure the engine is idle (drop late output)."""
        self.sync(timeout)


class UciEngine(Engine):
    """A UCI engine."""

    protocol = "uci"

    def handshake(self, deadline, feature_wait=2.0):
        self.options = {}
        self.option_kinds = {}
        self.variants = None
        self.send("uci")
        while True:
            try:
                line = self.proc.readline(deadline)
            except Deadline:
                raise ProtocolError("%s: no 'uciok' in time" % self.spec.label)
            if line.strip() == "uciok":
                break
            if line.startswith("id name ") and not self.spec.name_given:
                self.name = line[8:].strip()
            m = re.match(r"option name (.*?) type (\S+)(.*)", line)
            if m:
                self.options[m.group(1).lower()] = m.group(3)
                self.option_kinds[m.group(1).lower()] = m.group(2)
                if m.group(1) == "UCI_Variant":
                    self.variants = re.findall(r"\bvar (\S+)", m.group(3))
        self.option_problems = []
        for name, value in self.spec.options:
            kind = self.option_kinds.get(name.lower())
            if kind is None:
                self.option_problems.append("it has no option '%s'" % name)
            elif kind == "check" and value not in ("true", "false"):
                self.option_problems.append("its option '%s' is a check: true or false, not '%s'"
                                            % (name, value))
            elif kind == "spin" and not re.match(r"-?\d+$", value):
                self.option_problems.append("its option '%s' takes a whole number, not '%s'"
                                            % (name, value))
            else:
                self.send("setoption name %s value %s" % (name, value))
        self.variant = None

    def supports(self, variant):
        if self.variants is None:
            return variant == "chess"
        return variant in self.variants

    def sync(self, timeout):
        self.send("isready")
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.proc.readline(deadline).strip() == "readyok":
                    return
            except Deadline:
                raise ProtocolError("%s: no 'readyok' within %g s" % (self.spec.label, timeout))

    def new_game(self, variant, fen, setup, limits, timeout):
        self.ranks = board_ranks(fen)
        if self.variants is not None and variant != self.variant:
            self.send("setoption name UCI_Variant value %s" % variant)
            self.variant = variant
        self.send("ucinewgame")
        self.fen = fen if setup else None
        self.limits = limits
        self.searching = False
        self.sync(timeout)

    def _to_uci(self, move):
        return shift_ranks(move, 1) if self.ranks == 10 else move

    def _from_uci(self, move):
        return shift_ranks(move, -1) if self.ranks == 10 else move

    def think(self, last_move, moves, clocks, deadline):
        pos = "position fen %s" % self.fen if self.fen else "position startpos"
        if moves:
            pos += " moves " + " ".join(self._to_uci(m) for m in moves)
        self.send(pos)
        go = ["go"]
        if clocks:
            go += ["wtime", str(max(0, round(clocks.white * 1000))),
                   "btime", str(max(0, round(clocks.black * 1000))),
                   "winc", str(round(clocks.inc * 1000)), "binc", str(round(clocks.inc * 1000))]
            if clocks.movestogo:
                go += ["movestogo", str(clocks.movestogo)]
        if self.limits.st:
            go += ["movetime", str(max(1, round(self.limits.st * 1000)))]
        if self.limits.depth:
            go += ["depth", str(self.limits.depth)]
        if self.limits.nodes:
            go += ["nodes", str(self.limits.nodes)]
        start = time.monotonic()
        self.send(" ".join(go))
        self.searching = True
        answer = SearchAnswer()
        while True:
            try:
                line = self.proc.readline(deadline)
            except Deadline:
                answer.elapsed = time.monotonic() - start
                return answer
            answer.elapsed = time.monotonic() - start
            if line.startswith("bestmove"):
                self.searching = False
                parts = line.split()
                best = parts[1] if len(parts) > 1 else "(none)"
                if best not in ("0000", "(none)", "none"):
                    answer.move = self._from_uci(best)
                else:
                    answer.move = ""
                return answer
            if line.startswith("info ") and " score " in line and not line.startswith("info string"):
                self._info(line, answer)

    def _info(self, line, answer):
        words = line.split()
        if "lowerbound" in words or "upperbound" in words:
            return
        try:
            at = words.index("score")
            kind, value = words[at + 1], int(words[at + 2])
        except (ValueError, IndexError):
            return
        if kind == "cp":
            answer.score = value
        elif kind == "mate":    # as CECP: 100000 + moves to mate, signed
            answer.score = MATE_CP + value if value > 0 else -MATE_CP + value
        if "depth" in words:
            d = words[words.index("depth") + 1]
            if d.isdigit():
                answer.depth = int(d)

    def game_over(self, result, reason):
        if self.searching:
            try:
                self.send("stop")
            except EngineGone:
                pass

    def settle(self, timeout):
        """Wait for a pending bestmove, then isready/readyok."""
        self.sync(timeout)
        self.searching = False


def _fen_pieces(fen, ranks):
    """(letter, CECP square) of every piece of a FEN board ('+X' kept whole)."""
    board = re.sub(r"\[.*?\]", "", fen.split()[0])
    base = 0 if ranks == 10 else 1
    out = []
    for r, row in enumerate(board.split("/")):
        rank = ranks - 1 - r + base
        f = 0
        for m in re.finditer(r"(\d+)|(\+?[A-Za-z])~?", row):
            if m.group(1):
                f += int(m.group(1))
            else:
                out.append((m.group(2), "%s%d" % (chr(ord("a") + f), rank)))
                f += 1
    return out


def _minsec(seconds):
    """CECP level's base time, M:SS (whole seconds, at least 1)."""
    s = max(1, int(round(seconds)))
    return "%d:%02d" % (s // 60, s % 60) if s % 60 else "%d" % (s // 60)


def _num(x):
    return ("%g" % x)


def _join_legs(legs):
    """A multi-leg move as one: the first square and the last leg's end."""
    if len(legs) == 1:
        return legs[0]
    first = _SQUARE.match(legs[0])
    last = legs[-1]
    m = _SQUARE.match(last)
    if not first or not m:
        return ",".join(legs)
    return first.group(0) + last[m.end():]


_CLAIM = re.compile(r"^(1-0|0-1|1/2-1/2)\s*(\{.*\})?\s*$")


class EngineSpec:
    """An engine as given on the command line."""

    def __init__(self, label, command, protocol="cecp", name=None, options=(), cwd=None):
        self.label = label
        self.command = command
        self.protocol = protocol
        self.name_given = name is not None
        self.name = name or (os.path.basename(shlex.split(command)[0]) if command else label)
        self.options = list(options)
        self.cwd = cwd

    def create(self, log=None):
        return (UciEngine if self.protocol == "uci" else CecpEngine)(self, log)
