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
#   #keep-variants NAME ...   in the masked variant lists, still show these
#                   names where they are listed (variants a test defines)
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

# The variant lists (`feature variants`, the UCI_Variant combo) become
# "...", followed by those of the names in $1 (blank-separated) they list.
mask_variant_lists() {
    awk -v keep="$1" '
    BEGIN { n = split(keep, k, " "); for (i = 1; i <= n; i++) wanted[k[i]] = 1 }
    function kept(items, count, sep,    i, out) {
        out = ""
        for (i = 1; i <= count; i++)
            if (items[i] in wanted)
                out = out sep items[i]
        return out
    }
    /^feature variants=".*"$/ {
        list = substr($0, 19, length($0) - 19)
        count = split(list, items, ",")
        print "feature variants=\"..." kept(items, count, ",") "\""
        next
    }
    /^option name UCI_Variant type combo default [^ ]+ var / {
        match($0, /^option name UCI_Variant type combo default [^ ]+/)
        head = substr($0, 1, RLENGTH)
        count = split(substr($0, RLENGTH + 6), items, / var /)
        print head " var ..." kept(items, count, " var ")
        next
    }
    { print }'
}

normalise() {
    sed -E \
        -e 's/^([0-9]+ -?[0-9]+) [0-9]+ [0-9]+ [0-9]+ [0-9]+ ([0-9]+)	/\1 TIME NODES SELDEPTH NPS \2	/' \
        -e 's/^stat01: [0-9]+ [0-9]+ [0-9]+ [0-9]+ /stat01: TIME NODES DEPTH LEFT /' \
        -e '/^info depth /s/ (seldepth|nodes|nps|hashfull|time) [0-9]+/ \1 N/g' \
        -e '/^(# |info string )perft time/d' \
        -e "s|$srcdir/|SRCDIR/|g" |
    mask_variant_lists "$1"
}

# Wait until file $1 has at least $2 lines matching $3.  The bound (30000
# polls, five minutes or more) only tells an engine that never answers from
# a slow one: answers take milliseconds, and a sanitizer build on a loaded
# machine must never reach it.
wait_for() {
    n=0
    while [ "$(grep -c -E -e "$3" "$1")" -lt "$2" ]; do
        n=$((n + 1))
        [ $n -gt 30000 ] && return 1
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
        '#nothink'|'#mask-moves'|'#mask-bestmove'|'#keep-variants '*|'##'|'## '*) ;;
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
    # (the timeout ends an engine that hangs; a passing transcript takes
    # seconds, and a loaded sanitizer build stays far below ten minutes)
    # shellcheck disable=SC2086
    timeout 600 "$engine" $args < "$tmp/fifo" > "$out" 2> "$tmp/$name.err" &
    pid=$!
    exec 3> "$tmp/fifo"
    grep -v '^#!' "$input" | sed "s|SRCDIR|$srcdir|g" | feed
    exec 3>&-
    wait $pid
    status=$?
    # a transcript with a line "#nothink" ignores thinking output (its
    # amount depends on timing: analysis, go infinite)
    # "#mask-moves": the engine's moves depend on how long it searched
    keep=$(sed -n 's/^#keep-variants //p' "$input" | tr '\n' ' ')
    if grep -q '^#nothink' "$input"; then
        normalise "$keep" < "$out" | grep -v -E '^([0-9]+ -?[0-9]+ .*	|info depth )' \
            > "$tmp/$name.got"
    else
        normalise "$keep" < "$out" > "$tmp/$name.got"
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
