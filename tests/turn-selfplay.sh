#!/bin/sh
# Self-play over UCI in the variants whose turns have several moves
# (tools/turn_selfplay.py): one short game each at depth 2, every move the
# engine plays checked against the legal moves of its position.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tools/turn_selfplay.py" --engine "${top_builddir:-.}/menagerie" \
    --games 1 --depth 2 --max-plies 100 marseillais progressive scottish-progressive monster
