#!/bin/sh
# Command-line tests: tests/protocol/cli.t lists commands ("$ menagerie
# ARGS", run from the source directory) each followed by what it prints
# (standard output and error, in that order) and "[STATUS]".  Timings are
# dropped; a command that runs longer than CLI_TIMEOUT seconds (default 600:
# it only ends one that hangs, and a loaded sanitizer build must never reach
# it) is stopped (status 124).  CLI_REGEN=1 rewrites the file instead of
# comparing.
srcdir=$(cd "${top_srcdir:-.}" && pwd)
builddir=$(cd "${top_builddir:-.}" && pwd)
expected=$srcdir/tests/protocol/cli.t
tmp=${TMPDIR:-/tmp}/menagerie-cli.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
XDG_DATA_HOME=$tmp/xdg
MENAGERIE_VARIANTS=
export XDG_DATA_HOME MENAGERIE_VARIANTS

menagerie() {
    timeout "${CLI_TIMEOUT:-600}" "$builddir/menagerie" "$@"
}

grep '^\$ ' "$expected" | while IFS= read -r line; do
    printf '%s\n' "$line"
    (cd "$srcdir" && eval "${line#\$ }") > "$tmp/out" 2> "$tmp/err"
    status=$?
    cat "$tmp/out" "$tmp/err" | grep -v -E '^(time [0-9.]+ s, [0-9]+ nodes/s|Nodes/second: [0-9]+)$'
    printf '[%d]\n' "$status"
done > "$tmp/got"

if [ -n "$CLI_REGEN" ]; then
    cp "$tmp/got" "$expected"
    exit 0
fi
if diff -u "$expected" "$tmp/got"; then
    echo "PASS: cli"
else
    echo "FAIL: cli"
    exit 1
fi
