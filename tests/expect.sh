# Shared by the shell tests that check refusals (sourced; needs $tmp and
# $status set by the caller).

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
