# The match and tournament runners (tools/menagerie-match and
# tools/menagerie-tourney, Python 3): their statistics and ratings, and
# short games between ./menagerie instances, some of them misbehaving.
TESTS += tests/match-stats.sh tests/match-games.sh tests/tourney.sh
EXTRA_DIST += tests/match-stats.sh tests/match-games.sh tests/match-stats.py \
	tests/match-games.py tests/match-chaos.py tests/tourney.sh tests/tourney.py \
	tools/menagerie-match tools/menagerie-tourney tools/match/__init__.py \
	tools/match/cli.py tools/match/engines.py tools/match/game.py tools/match/pgn.py \
	tools/match/ratings.py tools/match/referee.py tools/match/runner.py \
	tools/match/stats.py tools/match/tourney.py tools/match/tourney_cli.py \
	tools/match/units.py

# Self-play in variants whose turns have several moves, which no match
# runner or GUI referees (tools/turn_selfplay.py).
TESTS += tests/turn-selfplay.sh
EXTRA_DIST += tests/turn-selfplay.sh tools/turn_selfplay.py
