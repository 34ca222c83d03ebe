#!/bin/sh
# The pictures of `menagerie show --svg` (tests/svg_check.py): well-formed
# SVG 1.1, and the pieces, holes, hands and marked squares drawn right.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
XDG_DATA_HOME=${TMPDIR:-/tmp}/menagerie-svg-none.$$
MENAGERIE_VARIANTS=
export XDG_DATA_HOME MENAGERIE_VARIANTS
exec python3 "${top_srcdir:-.}/tests/svg_check.py" "${top_builddir:-.}/menagerie" \
    "${top_srcdir:-.}"
