# The match and tournament runners (tools/menagerie-match and
# tools/menagerie-tourney, Python 3): their statistics and ratings, and
# short games between ./menagerie instances, some of them misbehaving.
TESTS += tests/match-stats.sh tests/match-games.sh tests/tourney.sh tests/spread.sh
EXTRA_DIST += tests/match-stats.sh tests/match-games.sh tests/match-stats.py \
	tests/match-games.py tests/match-chaos.py tests/tourney.sh tests/tourney.py \
	tools/menagerie-match tools/menagerie-tourney tools/match/__init__.py \
	tools/match/cli.py tools/match/engines.py tools/match/game.py tools/match/pgn.py \
	tools/match/ratings.py tools/match/referee.py tools/match/runner.py \
	tools/match/stats.py tools/match/tourney.py tools/match/tourney_cli.py \
	tools/match/units.py tests/spread.sh tests/spread.py \
	tools/openings/capablanca.fen tools/openings/courier.fen \
	tools/openings/knightmate.fen tools/openings/makruk.fen tools/openings/normal.fen \
	tools/openings/shatranj.fen tools/openings/shogi.fen tools/openings/xiangqi.fen \
	tools/openings/sprt/capablanca.fen tools/openings/sprt/chess.fen \
	tools/openings/sprt/shogi.fen tools/openings/sprt/xiangqi.fen

# Self-play in variants whose turns have several moves, which no match
# runner or GUI referees (tools/turn_selfplay.py).
TESTS += tests/turn-selfplay.sh
EXTRA_DIST += tests/turn-selfplay.sh tools/turn_selfplay.py

# Work split into units (tools/spread/): an SPRT, a tournament and datagen
# run under GNU parallel on two local "hosts" and as a Slurm job array on a
# one-node cluster it starts and stops; the merged results must equal one
# process's.  Needs the Debian packages parallel and slurm-wlm; not part of
# `make check` (it starts daemons).
check-spread: menagerie$(EXEEXT)
	top_srcdir=$(top_srcdir) top_builddir=$(top_builddir) $(SHELL) $(top_srcdir)/tests/spread-e2e.sh
.PHONY: check-spread
EXTRA_DIST += tests/spread-e2e.sh tools/spread/unit tools/spread/parallel.sh \
	tools/spread/slurm.sbatch tools/spread/local-ssh tools/spread/datagen-join

# XBoard 4.9.1's own tournament mode (tools/xboard-tourney): the report
# without XBoard in `make check`; a real 4-engine round robin, interrupted
# and resumed, in `make check-xboard-tourney` (needs xboard, xvfb, fairymax,
# sjaakii, fairy-stockfish and ../shared/tools/arena; about 80 s).
TESTS += tests/xboard-tourney.sh
EXTRA_DIST += tests/xboard-tourney.sh tests/xboard-tourney.py tests/xboard-tourney-e2e.sh \
	tools/xboard-tourney tools/match/xboard_report.py
check-xboard-tourney: menagerie$(EXEEXT)
	top_srcdir=$(top_srcdir) top_builddir=$(top_builddir) $(SHELL) $(top_srcdir)/tests/xboard-tourney-e2e.sh
.PHONY: check-xboard-tourney
