#!/bin/sh
# Protocol transcript tests: feed each tests/protocol/NAME.in to the engine
# and compare what it answers, normalised (timings, node counts and the
# variant lists, which change as files are added), with NAME.out.
#   top_srcdir, top_builddir: as set by `make check` (default: .)
#   PROTOCOL_REGEN=1: write the .out files instead of comparing.
# Directives in a transcript (not sent to the engine):
#   #nothink        drop thinking output (its amount depends on timing)
#   #mask-moves     'move X', 'ponder X', 'Hint: X' -> MOVE
#   #mask-bestmove  'bestmove ...' -> 'bestmove MOVE'
#   #wait N REGEX   wait until N output lines match REGEX
#   #gen SHELL      send what the shell command SHELL prints (for lines too
#                   long to keep in a transcript)
#   #! ARGS         extra program arguments (first lines)
#   ## TEXT         a comment
srcdir=$(cd "${top_srcdir:-.}" && pwd)   # absolute: it is also a sed pattern
builddir=${top_builddir:-.}
engine=$builddir/menagerie
passed=0
failed=0
tmp=${TMPDIR:-/tmp}/menagerie-protocol.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# Keep the run hermetic: only the built-in variants and test files.
XDG_DATA_HOME=$tmp/xdg
MENAGERIE_VARIANTS=
export XDG_DATA_HOME MENAGERIE_VARIANTS

normalise() {
    sed -E \
        -e 's/^([0-9]+ -?[0-9]+) [0-9]+ [0-9]+ [0-9]+ [0-9]+ ([0-9]+)	/\1 TIME NODES SELDEPTH NPS \2	/' \
        -e 's/^stat01: [0-9]+ [0-9]+ [0-9]+ [0-9]+ /stat01: TIME NODES DEPTH LEFT /' \
        -e '/^info depth /s/ (seldepth|nodes|nps|hashfull|time) [0-9]+/ \1 N/g' \
        -e 's/^feature variants=".*"$/feature variants="..."/' \
        -e 's/^(option name UCI_Variant type combo default [^ ]+) var .*/\1 var .../' \
        -e '/^(# |info string )perft time/d' \
        -e "s|$srcdir/|SRCDIR/|g"
}

# Wait (at most 30 s) until file $1 has at least $2 lines matching $3.
wait_for() {
    n=0
    while [ "$(grep -c -E -e "$3" "$1")" -lt "$2" ]; do
        n=$((n + 1))
        [ $n -gt 3000 ] && return 1
        sleep 0.01
    done
    return 0
}

# Feed a transcript line by line, as a GUI does: after `ping N` wait for
# `pong N`; a line `#wait N REGEX` (not sent) waits until N output lines
# match REGEX (for instance bestmove lines).
feed() {
    while IFS= read -r line; do
        case $line in
        '#nothink'|'#mask-moves'|'#mask-bestmove'|'##'|'## '*) ;;
        '#wait '*)
            set -- $line
            count=$2
            shift 2
            wait_for "$out" "$count" "$*" || echo "# timeout waiting for $*" >> "$out.log"
            ;;
        '#gen '*)
            sh -c "${line#\#gen }" >&3
            ;;
        *)
            printf '%s\n' "$line" >&3
            case $line in
            'ping '*) wait_for "$out" 1 "^pong ${line#ping }\$" ;;
            esac
            ;;
        esac
    done
}

for input in "$srcdir"/tests/protocol/*.in; do
    name=$(basename "$input" .in)
    expected=$srcdir/tests/protocol/$name.out
    out=$tmp/$name.raw
    : > "$out"
    # lines "#! ARGS" at the top of a transcript are extra program arguments
    args=$(sed -n 's/^#! //p' "$input" | sed "s|SRCDIR|$srcdir|g")
    rm -f "$tmp/fifo"
    mkfifo "$tmp/fifo" || exit 99
    # shellcheck disable=SC2086
    timeout 60 "$engine" $args < "$tmp/fifo" > "$out" 2> "$tmp/$name.err" &
    pid=$!
    exec 3> "$tmp/fifo"
    grep -v '^#!' "$input" | sed "s|SRCDIR|$srcdir|g" | feed
    exec 3>&-
    wait $pid
    status=$?
    # a transcript with a line "#nothink" ignores thinking output (its
    # amount depends on timing: analysis, go infinite)
    # "#mask-moves": the engine's moves depend on how long it searched
    if grep -q '^#nothink' "$input"; then
        normalise < "$out" | grep -v -E '^([0-9]+ -?[0-9]+ .*	|info depth )' > "$tmp/$name.got"
    else
        normalise < "$out" > "$tmp/$name.got"
    fi
    if grep -q '^#mask-bestmove' "$input"; then
        sed -i -E 's/^bestmove .*/bestmove MOVE/' "$tmp/$name.got"
    fi
    if grep -q '^#mask-moves' "$input"; then
        sed -i -E -e 's/^move .*/move MOVE/' -e 's/ ponder [^ ]+$/ ponder MOVE/' \
            -e 's/^Hint: .*/Hint: MOVE/' \
            -e '/^[0-9]+ -?[0-9]+ .*	/d' "$tmp/$name.got"
    fi
    if [ -n "$PROTOCOL_REGEN" ]; then
        cp "$tmp/$name.got" "$expected"
        echo "REGEN: $name"
        continue
    fi
    if [ $status -eq 0 ] && diff -u "$expected" "$tmp/$name.got" > "$tmp/$name.diff"; then
        echo "PASS: $name"
        passed=$((passed + 1))
    else
        echo "FAIL: $name (exit status $status)"
        cat "$tmp/$name.diff" "$tmp/$name.err"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
