#!/bin/sh
# Smoke and fault tests of tools/menagerie-match with real games between
# ./menagerie instances (tests/match-games.py).
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tests/match-games.py"
