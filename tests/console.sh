#!/bin/sh
# Console sessions through a pseudo-terminal (tests/console.py): a person
# playing at a terminal.  CONSOLE_REGEN=1 rewrites the .out files.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "${top_srcdir:-.}/tests/console.py" "${top_builddir:-.}/menagerie" \
    "${top_srcdir:-.}/tests/console" "$@"
