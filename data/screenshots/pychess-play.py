#!/usr/bin/python3
"""Start PyChess with an engine-against-engine game already running.

    PYC_VARIANT=crazyhouse PYC_WHITE='Menagerie' PYC_BLACK='PyChess.py' \
        /usr/bin/python3 pychess-play.py --log-debug --no-version-check

PYC_VARIANT is PyChess's CECP name of the variant (normal, crazyhouse,
makruk, 3check, ...), PYC_WHITE and PYC_BLACK are engine names as they
stand in PyChess's engines.json, PYC_SECS and PYC_INCR the clock (60 + 1).
The other arguments go to PyChess.  This runs PyChess's own launcher
(/usr/games/pychess, or $PYCHESS) with a hook added that starts the game
once PyChess has found its engines, as its New Game dialog would.
Written for PyChess 1.0.3 (Debian 12).
"""
import os
import sys

HOOK = '''
import os as _os
from pychess.Players.engineNest import discoverer as _disc

def _menagerie_autostart(_d):
    from pychess.compat import create_task
    from pychess.perspectives import perspective_manager
    from pychess.Utils.TimeModel import TimeModel
    from pychess.Utils.GameModel import GameModel
    from pychess.Variants import variants
    from pychess.Utils.const import ARTIFICIAL, WHITE, BLACK, NORMALCHESS
    name = _os.environ.get("PYC_VARIANT", "normal")
    if name == "normal":
        variant = variants[NORMALCHESS]
    else:
        variant = [v for v in variants.values()
                   if v.cecp_name == name and not v.standard_rules][0]
    secs = int(_os.environ.get("PYC_SECS", "60"))
    incr = int(_os.environ.get("PYC_INCR", "1"))
    players = []
    for key, color in (("PYC_WHITE", WHITE), ("PYC_BLACK", BLACK)):
        ename = _os.environ[key]
        engine = _d.getEngineByName(ename)
        if engine is None:
            print("pychess-play: no engine %r" % ename, flush=True)
            return
        players.append((ARTIFICIAL, _d.initPlayerEngine,
                        [engine, color, 20, variant, secs, incr, 0, True], ename))
    model = GameModel(TimeModel(secs, incr), variant)
    model.connect("game_ended", lambda m, reason: print(
        "pychess-play: game over, status %s reason %s after %d plies"
        % (m.status, reason, len(m.moves)), flush=True))
    print("pychess-play: %s, %s against %s" % (variant.name, players[0][3], players[1][3]),
          flush=True)
    create_task(perspective_manager.get_perspective("games").generalStart(
        model, players[0], players[1]))

_disc.connect_after("all_engines_discovered",
                    lambda d: asyncio.get_event_loop().call_later(2, _menagerie_autostart, d))
'''

launcher = os.environ.get("PYCHESS", "/usr/games/pychess")
with open(launcher) as f:
    source = f.read()
anchor = "try:\n    main_context = GLib"
if anchor not in source:
    sys.exit("pychess-play: %s is not the PyChess 1.0 launcher" % launcher)
sys.argv[0] = launcher
exec(compile(source.replace(anchor, HOOK + anchor), launcher, "exec"))
