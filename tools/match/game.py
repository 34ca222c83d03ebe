"""One game between two engines, refereed move by move, with clocks and
adjudication."""
import datetime
import time

from .engines import EngineGone, ProtocolError

WHITE, BLACK = 0, 1
COLOUR = ("White", "Black")

# Kinds of game end, as the summary counts them.
RULE = "rule"               # the referee: mate, stalemate, repetition, ...
RESIGN = "resign"           # the engine resigned
ADJ_WIN = "adjudicated win"
ADJ_DRAW = "adjudicated draw"
ILLEGAL = "illegal move"    # also: a legal move refused, a false claim
TIME = "time forfeit"       # also: no answer within the move timeout
CRASH = "crash"             # the engine died or closed its pipes
FAULTS = (ILLEGAL, TIME, CRASH)

# What exactly went wrong in a game lost by a fault (GameRecord.fault): the
# kinds above, or one of these two, which end the game as ILLEGAL and CRASH.
CLAIM = "false claim"               # a result claimed instead of a move
PROTOCOL = "protocol timeout"       # no pong / readyok when asked
FAULT_DETAILS = (ILLEGAL, TIME, CRASH, CLAIM, PROTOCOL)

PGN_TERMINATION = {RULE: "normal", RESIGN: "normal", ADJ_WIN: "adjudication",
                   ADJ_DRAW: "adjudication", ILLEGAL: "rules infraction",
                   TIME: "time forfeit", CRASH: "abandoned"}


class Adjudication:
    """Resign and draw adjudication settings (0 turns a rule off)."""

    def __init__(self, resign_moves=3, resign_score=400, draw_start=34, draw_moves=8,
                 draw_score=20, max_moves=0):
        self.resign_moves, self.resign_score = resign_moves, resign_score
        self.draw_start, self.draw_moves, self.draw_score = draw_start, draw_moves, draw_score
        # a game still going after this many full moves is drawn: games with no
        # move rule (shogi) can otherwise shuffle for ever
        self.max_moves = max_moves


class GameSpec:
    """Which game: its number, pair, opening and colours."""

    def __init__(self, number, pair, opening_index, fen, setup, a_is_white):
        self.number, self.pair = number, pair
        self.opening_index, self.fen, self.setup = opening_index, fen, setup
        self.a_is_white = a_is_white


class GameRecord:
    """A finished game."""

    def __init__(self, spec, white, black):
        self.spec = spec
        self.white, self.black = white, black
        self.moves = []
        self.result = "*"
        self.kind = None
        self.reason = ""
        self.loser = None          # WHITE / BLACK for a decisive game
        self.fault = None          # one of FAULT_DETAILS for a game lost by a fault
        self.date = datetime.date.today()
        self.duration = 0.0

    def finish(self, result, kind, reason, loser=None, fault=None):
        self.result, self.kind, self.reason, self.loser = result, kind, reason, loser
        self.fault = fault or (kind if kind in FAULTS else None)

    def points_for_a(self):
        """A's points: 1, 0.5 or 0."""
        white_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[self.result]
        return white_points if self.spec.a_is_white else 1 - white_points

    def faulty_side(self):
        """'A' or 'B' when the game was lost by a fault, else None."""
        if self.kind not in FAULTS or self.loser is None:
            return None
        return "A" if (self.loser == WHITE) == self.spec.a_is_white else "B"


def lost_by(side, kind, reason, fault=None):
    return ("0-1" if side == WHITE else "1-0"), kind, reason, side, fault


class Clocks:
    """What the engine on move is told about the clocks."""

    def __init__(self, remaining, side, inc, movestogo):
        self.own, self.other = remaining[side], remaining[1 - side]
        self.white, self.black = remaining[WHITE], remaining[BLACK]
        self.inc, self.movestogo = inc, movestogo


class ScoreWatch:
    """The engines' recent scores, for resign and draw adjudication."""

    def __init__(self, adj):
        self.adj = adj
        self.scores = ([], [])      # per side, its own view, newest last

    def add(self, side, score):
        keep = max(self.adj.resign_moves, self.adj.draw_moves, 1)
        s = self.scores[side]
        s.append(score)
        del s[:-keep]

    def _last(self, side, n):
        s = self.scores[side]
        if n <= 0 or len(s) < n or any(x is None for x in s[-n:]):
            return None
        return s[-n:]

    def resigning_side(self):
        """The side both engines agree is lost, if any."""
        a = self.adj
        if a.resign_moves <= 0 or a.resign_score <= 0:
            return None
        for side in (WHITE, BLACK):
            mine, theirs = self._last(side, a.resign_moves), self._last(1 - side, a.resign_moves)
            if mine and theirs and all(x <= -a.resign_score for x in mine) \
                    and all(x >= a.resign_score for x in theirs):
                return side
        return None

    def is_dead_draw(self, moves_played):
        a = self.adj
        if a.draw_moves <= 0 or moves_played < a.draw_start:
            return False
        both = [self._last(side, a.draw_moves) for side in (WHITE, BLACK)]
        return all(both) and all(abs(x) <= a.draw_score for s in both for x in s)


class GameSettings:
    def __init__(self, variant, limits, adjudication, margin, move_timeout, protocol_timeout,
                 feature_wait=2.0):
        self.variant, self.limits, self.adj = variant, limits, adjudication
        self.margin, self.move_timeout = margin, move_timeout
        self.protocol_timeout = protocol_timeout
        self.feature_wait = feature_wait


def play_game(spec, settings, referee, engine_a, engine_b, stop):
    """Play one game; None when `stop` was set before it ended."""
    started = time.monotonic()
    white, black = (engine_a, engine_b) if spec.a_is_white else (engine_b, engine_a)
    engines = (white, black)
    record = GameRecord(spec, white.name, black.name)
    limits = settings.limits
    for side, engine in enumerate(engines):
        try:
            engine.new_game(settings.variant, spec.fen, spec.setup, limits,
                            settings.protocol_timeout)
        except (EngineGone, ProtocolError) as err:
            fault = PROTOCOL if isinstance(err, ProtocolError) else CRASH
            record.finish(*lost_by(side, CRASH, "%s's engine failed at the start (%s)"
                                   % (COLOUR[side], err), fault))
            return _done(record, started)
    referee.new_game(settings.variant, spec.fen, spec.setup)

    side = BLACK if spec.fen.split()[1] == "b" else WHITE
    remaining = [limits.base or 0.0, limits.base or 0.0]
    moves_made = [0, 0]
    watch = ScoreWatch(settings.adj)
    last_move = None
    while True:
        if stop.is_set():
            return None
        outcome = _one_move(engines, side, last_move, record.moves, remaining, moves_made,
                            settings, referee)
        if outcome:
            record.finish(*outcome)
            break
        last_move = record.moves[-1][0]
        watch.add(side, record.moves[-1][1])
        outcome = _adjudicate(watch, len(record.moves) // 2)
        if outcome:
            record.finish(*outcome)
            break
        side = 1 - side
    for engine in engines:
        engine.game_over(record.result, record.reason)
    return _done(record, started)


def _done(record, started):
    record.duration = time.monotonic() - started
    return record


def _deadline(settings, remaining, side):
    now = time.monotonic()
    if settings.limits.timed:
        return now + max(remaining[side], 0) + settings.margin
    if settings.limits.st:
        return now + settings.limits.st + settings.margin
    return now + settings.move_timeout


def _one_move(engines, side, last_move, moves, remaining, moves_made, settings, referee):
    """Let `side` move; the game's end as for GameRecord.finish, or None."""
    limits = settings.limits
    engine = engines[side]
    clocks = None
    if limits.timed:
        togo = limits.moves - moves_made[side] % limits.moves if limits.moves else 0
        clocks = Clocks(remaining, side, limits.inc, togo)
    colour = COLOUR[side]
    try:
        answer = engine.think(last_move, [m[0] for m in moves], clocks,
                              _deadline(settings, remaining, side))
    except EngineGone as err:
        return lost_by(side, CRASH, "%s's engine has gone (%s)" % (colour, err))
    if answer.claim:      # before the clock: it may have waited for a move after it
        return lost_by(side, ILLEGAL, "%s made a false claim: %s" % (colour, answer.claim),
                       CLAIM)
    if limits.timed:
        remaining[side] -= answer.elapsed
        if remaining[side] < -settings.margin:
            return lost_by(side, TIME, "%s loses on time" % colour)
    if limits.st and answer.elapsed > limits.st + settings.margin:
        return lost_by(side, TIME, "%s loses on time (%.2f s for a move, %g s allowed)"
                       % (colour, answer.elapsed, limits.st))
    if answer.resigned:
        return lost_by(side, RESIGN, "%s resigns" % colour)
    if answer.rejected:
        return lost_by(side, ILLEGAL, "%s's engine refused a legal move: %s"
                       % (colour, answer.rejected))
    if answer.move is None:
        if limits.timed or limits.st:
            return lost_by(side, TIME, "%s loses on time" % colour)
        return lost_by(side, TIME, "%s did not move within %g s"
                       % (colour, settings.move_timeout))
    if answer.move == "":
        return lost_by(side, ILLEGAL, "%s's engine had no move to play" % colour)
    illegal, result, reason = referee.play(answer.move)
    if illegal:
        return lost_by(side, ILLEGAL, "%s played an illegal move %s (%s)"
                       % (colour, answer.move, illegal))
    moves.append((referee.move, answer.score, answer.depth, answer.elapsed))
    if limits.timed:
        moves_made[side] += 1
        remaining[side] += limits.inc
        if limits.moves and moves_made[side] % limits.moves == 0:
            remaining[side] += limits.base
    if result:
        loser = None if result == "1/2-1/2" else (BLACK if result == "1-0" else WHITE)
        return result, RULE, reason, loser
    return None


def _adjudicate(watch, moves_played):
    side = watch.resigning_side()
    if side is not None:
        return lost_by(side, ADJ_WIN, "%s wins by adjudication (resign scores)"
                       % COLOUR[1 - side])
    if watch.is_dead_draw(moves_played):
        return "1/2-1/2", ADJ_DRAW, "Draw by adjudication (scores near 0)", None
    if watch.adj.max_moves and moves_played >= watch.adj.max_moves:
        return ("1/2-1/2", ADJ_DRAW,
                "Draw by adjudication (%d moves played)" % watch.adj.max_moves, None)
    return None

