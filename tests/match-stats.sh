#!/bin/sh
# Unit tests of tools/menagerie-match's arithmetic (tests/match-stats.py).
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tests/match-stats.py"
