#!/bin/sh
# The layering of src/, checked: a file includes headers only from its own
# component folder and the folders below it, and no header includes a
# header that includes it back.  Top to bottom:
#   main.c, protocol, commands, search, catalog, notation, board, variant,
#   util (xbetza/ is a library below them all).
src="${top_srcdir:-.}/src"
layers="util variant board notation catalog search commands protocol"

rank() {
    i=0
    for l in $layers; do
        [ "$l" = "$1" ] && { echo $i; return; }
        i=$((i + 1))
    done
    echo 99    # main.c and anything unknown: the top
}

bad=0
for f in "$src"/*.c "$src"/*/*.[ch]; do
    case "$f" in */variants_builtin.c | */nets_builtin.c) continue ;; esac
    rel=${f#"$src"/}
    case "$rel" in */*) own=${rel%%/*} ;; *) own=main ;; esac
    own_rank=$(rank "$own")
    for inc in $(sed -n 's/^#include "\([a-z_]*\)\/[a-z_]*\.h".*/\1/p' "$f" | sort -u); do
        if [ "$(rank "$inc")" -gt "$own_rank" ]; then
            echo "FAIL: $rel ($own) includes from $inc, a layer above it"
            bad=1
        fi
    done
    if sed -n 's/^#include "\([a-z_]*\.h\)".*/\1/p' "$f" | grep -v '^xbetza\.h$' | grep -q .; then
        echo "FAIL: $rel includes a header without its folder"
        bad=1
    fi
done

# Include cycles among headers (within a folder, since between folders
# the ranks above already forbid them): follow each header's includes.
includes() { sed -n 's/^#include "\([a-z_]*\/[a-z_]*\.h\)".*/\1/p' "$src/$1"; }
for h in "$src"/*/*.h; do
    start=${h#"$src"/}
    seen="" todo=$(includes "$start")
    while [ -n "$todo" ]; do
        next=""
        for t in $todo; do
            case " $seen " in *" $t "*) continue ;; esac
            seen="$seen $t"
            [ "$t" = "$start" ] && { echo "FAIL: $start includes itself through others"; bad=1; }
            next="$next $(includes "$t")"
        done
        todo=$next
    done
done

[ $bad -eq 0 ] && echo "PASS: every include points down the layering, no include cycles"
exit $bad
