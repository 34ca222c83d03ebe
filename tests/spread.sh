#!/bin/sh
# Work split into units and merged (tests/spread.py); the schedulers are
# tested by make check-spread.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tests/spread.py"
