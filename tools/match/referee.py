"""The referee: a Menagerie instance in CECP force mode that checks moves.

Every move of a game is sent to it as `usermove`, followed by `ping`; what
it answers before the `pong` says whether the move was legal (`Illegal
move (REASON): MOVE`) and whether the game has ended by rule (`1-0 {White
mates}` and the like).  It never searches: it is Menagerie's own rules,
nothing more.
"""
import re
import time

from .engines import Deadline, EngineGone, LineProcess, board_ranks, _fen_pieces

_RESULT = re.compile(r"^(1-0|0-1|1/2-1/2) \{(.*)\}\s*$")
# What a move may look like before it goes to the referee: coordinate
# notation, drops, castling, promotion suffixes; never a command.
_MOVE_TOKEN = re.compile(r"^[A-Za-z0-9@+=,'!\-]{2,16}$")
# Castling as some CECP engines write it (Sjaak II, Menagerie in shuffle
# variants): the referee knows it, a UCI opponent does not.
_CASTLING = re.compile(r"^([O0])-\1(-\1)?$")


def king_move(before, after):
    """The king's move, in CECP coordinates, between two FENs of one
    castling (the side to move in `before` castled)."""
    letter = "K" if before.split()[1] == "w" else "k"
    ranks = board_ranks(before)
    was = [sq for p, sq in _fen_pieces(before, ranks) if p == letter]
    now = [sq for p, sq in _fen_pieces(after, ranks) if p == letter]
    moved_from = [sq for sq in was if sq not in now]
    moved_to = [sq for sq in now if sq not in was]
    if len(moved_from) == 1 and len(moved_to) == 1:
        return moved_from[0] + moved_to[0]
    return None


class RefereeError(Exception):
    """The referee failed or refused the set-up (fatal for the match)."""


class Referee:
    def __init__(self, argv, log=None, timeout=30.0):
        self.timeout = timeout
        self.ping_id = 0
        try:
            self.proc = LineProcess(argv, "referee", log)
        except EngineGone as err:
            raise RefereeError(str(err))
        self.proc.send("xboard")
        self.proc.send("protover 2")
        self.proc.send("memory 1")        # it never searches: a small hash
        self._exchange()

    def _exchange(self):
        """Ping, and return the lines that came before the pong."""
        self.ping_id += 1
        want = "pong %d" % self.ping_id
        self.proc.send("ping %d" % self.ping_id)
        deadline = time.monotonic() + self.timeout
        lines = []
        try:
            while True:
                line = self.proc.readline(deadline)
                if line == want:
                    return lines
                lines.append(line)
        except Deadline:
            raise RefereeError("the referee did not answer 'ping' in %g s" % self.timeout)
        except EngineGone:
            raise RefereeError("the referee has gone (crashed?)")

    def _reset(self, variant):
        self.proc.send("new")
        self.proc.send("force")
        self.proc.send("variant %s" % variant)

    def start_fen(self, variant):
        """The start position of a variant, from the referee's `d`."""
        self._reset(variant)
        self.proc.send("d")
        lines = self._exchange()
        self._check_variant(variant, lines)
        for line in lines:
            if line.startswith("FEN: "):
                return line[5:].strip()
        raise RefereeError("the referee printed no FEN for variant %s" % variant)

    @staticmethod
    def _check_variant(variant, lines):
        for line in lines:
            if line.startswith("Error") and "variant" in line:
                raise RefereeError("the referee does not know the variant %r: %s"
                                   % (variant, line))

    def check_position(self, variant, fen):
        """None when the referee accepts fen as a game start, else why not."""
        self._reset(variant)
        self.proc.send("setboard %s" % fen)
        lines = self._exchange()
        self._check_variant(variant, lines)
        for line in lines:
            if line.startswith("tellusererror"):
                return line.split(" ", 1)[1]
            m = _RESULT.match(line)
            if m:
                return "the game is already over (%s)" % m.group(2)
        return None

    def new_game(self, variant, fen, setup):
        self._reset(variant)
        if setup:
            self.proc.send("setboard %s" % fen)
        lines = self._exchange()
        self._check_variant(variant, lines)
        for line in lines:
            if line.startswith("tellusererror"):
                raise RefereeError("the referee refused the position %s: %s" % (fen, line))

    def fen(self):
        """The current position's FEN (from `d`)."""
        self.proc.send("d")
        for line in self._exchange():
            if line.startswith("FEN: "):
                return line[5:].strip()
        raise RefereeError("the referee printed no FEN")

    def play(self, move):
        """(illegal_reason, result, reason): the referee's verdict on a move.
        self.move is the move as coordinates: O-O and O-O-O become the
        king's move (e1g1), which every engine reads."""
        self.move = move
        if not _MOVE_TOKEN.match(move):
            return "not a move", None, None
        castling = _CASTLING.match(move)
        before = self.fen() if castling else None
        self.proc.send("usermove %s" % move)
        verdict = self._verdict()
        if castling and verdict[0] is None:
            self.move = king_move(before, self.fen()) or move
        return verdict

    def _verdict(self):
        for line in self._exchange():
            if line.startswith("Illegal move") or line.startswith("Error"):
                m = re.match(r"Illegal move \((.*)\)", line)
                return (m.group(1) if m else line), None, None
            m = _RESULT.match(line)
            if m:
                return None, m.group(1), m.group(2)
        return None, None, None

    def close(self):
        try:
            self.proc.send("quit")
        except EngineGone:
            pass
        self.proc.close()
