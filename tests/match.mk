# The match runner (tools/menagerie-match, Python 3): its statistics, and
# short games between ./menagerie instances, some of them misbehaving.
TESTS += tests/match-stats.sh tests/match-games.sh
EXTRA_DIST += tests/match-stats.sh tests/match-games.sh tests/match-stats.py \
	tests/match-games.py tests/match-chaos.py \
	tools/menagerie-match tools/match/__init__.py tools/match/cli.py \
	tools/match/engines.py tools/match/game.py tools/match/pgn.py \
	tools/match/referee.py tools/match/runner.py tools/match/stats.py

# Self-play in variants whose turns have several moves, which no match
# runner or GUI referees (tools/turn_selfplay.py).
TESTS += tests/turn-selfplay.sh
EXTRA_DIST += tests/turn-selfplay.sh tools/turn_selfplay.py
