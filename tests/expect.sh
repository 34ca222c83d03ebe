# Shared by the shell tests that check refusals (sourced; `sandbox` sets
# $menagerie, $tmp and $status, or the caller sets $tmp and $status).

# sandbox NAME: the built program in $menagerie (skip the test when it is
# not built), a temporary directory in $tmp removed at exit, and no user's
# variants or networks in the way.
sandbox() {
    menagerie="$(cd "$top_builddir" && pwd)/menagerie"
    [ -x "$menagerie" ] || { echo "$1: $menagerie not built"; exit 77; }
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    XDG_DATA_HOME=$tmp/xdg
    MENAGERIE_VARIANTS=
    export XDG_DATA_HOME MENAGERIE_VARIANTS
    status=0
}

fail() {
    echo "FAIL: $1"
    status=1
}

# expect_exit WHAT STATUS TEXT COMMAND...: the command exits with STATUS
# and its output (standard output and error) contains TEXT.
expect_exit() {
    what=$1 want=$2 text=$3
    shift 3
    "$@" > "$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$what: exit status $rc, want $want: $(cat "$tmp/out")"
    elif ! grep -qF -- "$text" "$tmp/out"; then
        fail "$what: no '$text' in: $(cat "$tmp/out")"
    else
        echo "PASS: $what"
    fi
}
