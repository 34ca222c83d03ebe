#!/bin/sh
# Tests of tools/xboard-tourney without XBoard: schedule, tournament file,
# resume bookkeeping and the crosstable/fault report (tests/xboard-tourney.py).
# The XBoard tournament itself is `make check-xboard-tourney`.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tests/xboard-tourney.py"
