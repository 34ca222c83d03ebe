"""PGN of the finished games.

Moves are written in the coordinate notation the engines used (XBoard's
for 10-rank boards: ranks from 0), which XBoard reads back; Menagerie has
no SAN writer to ask.  Each move carries its score and search depth from
the mover's view, as cutechess-cli writes them: {+0.31/12 0.25s}.
"""
from .engines import MATE_CP
from .game import PGN_TERMINATION


def _tag(name, value):
    value = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return '[%s "%s"]\n' % (name, value)


def _comment(score, depth, elapsed):
    parts = []
    if score is not None:
        if abs(score) >= MATE_CP:          # CECP's 100000 + moves to mate
            text = "%sM%d" % ("+" if score > 0 else "-", abs(score) - MATE_CP)
        else:
            text = "%+.2f" % (score / 100)
        parts.append(text + ("/%d" % depth if depth is not None else ""))
    parts.append("%.3fs" % elapsed)
    return "{%s}" % " ".join(parts)


def _movetext(record):
    fen = record.spec.fen.split()
    black_first = len(fen) > 1 and fen[1] == "b"
    number = int(fen[5]) if len(fen) > 5 and fen[5].isdigit() else 1
    words = []
    white_to_move = not black_first
    for i, (move, score, depth, elapsed) in enumerate(record.moves):
        if white_to_move:
            words.append("%d." % number)
        elif i == 0:
            words.append("%d..." % number)
        words.append(move)
        words.append(_comment(score, depth, elapsed))
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    words.append("{%s}" % record.reason)
    words.append(record.result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = line + " " + w if line else w
    lines.append(line)
    return "\n".join(lines) + "\n"


def game_pgn(record, event, variant, time_control):
    out = [_tag("Event", event), _tag("Site", "?"),
           _tag("Date", record.date.strftime("%Y.%m.%d")),
           _tag("Round", record.spec.number), _tag("White", record.white),
           _tag("Black", record.black), _tag("Result", record.result)]
    if variant != "chess":
        out.append(_tag("Variant", variant))
    if record.spec.setup or variant != "chess":
        out.append(_tag("FEN", record.spec.fen))
        out.append(_tag("SetUp", "1"))
    out.append(_tag("TimeControl", time_control))
    out.append(_tag("PlyCount", len(record.moves)))
    out.append(_tag("Termination", PGN_TERMINATION[record.kind]))
    out.append("\n")
    out.append(_movetext(record))
    out.append("\n")
    return "".join(out)
