#!/bin/sh
# `menagerie datagen` on the command line: every bad argument is refused
# with a message and exit status 2 before any file is made or touched; a
# short run writes a file that another run continues.  (The data itself is
# checked by tests/test_datagen.)
: "${top_srcdir:=.}" "${top_builddir:=.}"
. "$top_srcdir/tests/expect.sh"
sandbox datagen.sh
out=$tmp/data.txt
tiny="--nodes 200 --games 1 --max-plies 40"

dg() {
    "$menagerie" datagen "$@"
}

expect_exit "unknown variant" 2 "unknown variant 'nosuch'" dg -v nosuch -o "$out"
expect_exit "no -o" 2 "give the variant (-v VARIANT) and the output file (-o FILE)" dg -v chess
expect_exit "no -v" 2 "give the variant (-v VARIANT) and the output file (-o FILE)" dg -o "$out"
expect_exit "--nodes 0" 2 "--nodes '0' is out of range (1 to 1000000000)" \
    dg -v chess -o "$out" --nodes 0
expect_exit "--nodes huge" 2 "--nodes '99999999999999999999' is out of range" \
    dg -v chess -o "$out" --nodes 99999999999999999999
expect_exit "--games not a number" 2 "--games '3x' is not a number" dg -v chess -o "$out" --games 3x
expect_exit "--threads 0" 2 "--threads '0' is out of range (1 to 256)" \
    dg -v chess -o "$out" --threads 0
expect_exit "--depth 65" 2 "--depth '65' is out of range (1 to 64)" dg -v chess -o "$out" --depth 65
expect_exit "--seed -1" 2 "--seed '-1' is out of range" dg -v chess -o "$out" --seed -1
expect_exit "--nodes with --depth" 2 "give either --nodes or --depth, not both" \
    dg -v chess -o "$out" --nodes 100 --depth 3
expect_exit "--max-plies within the random plies" 2 "must be more than --random-plies" \
    dg -v chess -o "$out" --max-plies 4 --random-plies 8
expect_exit "unknown option" 2 "usage: menagerie datagen" dg -v chess -o "$out" --bogus
expect_exit "stray argument" 2 "unexpected argument 'more'" dg -v chess -o "$out" more
expect_exit "no such network" 2 "--eval-file $tmp/none.nnue: $tmp/none.nnue: cannot open" \
    dg -v chess -o "$out" --eval-file "$tmp/none.nnue"
expect_exit "no network to choose" 2 "--eval-file auto: no network for makruk (makruk.nnue)" \
    dg -v makruk -o "$out" --eval-file auto
expect_exit "another variant's network" 2 "a network for variant 'xiangqi', not 'chess'" \
    dg -v chess -o "$out" --eval-file "$top_srcdir/variants/xiangqi.nnue"
[ -e "$out" ] && fail "a refused run created $out"

# the compiled-in network plays the games: its searches score differently
net=$tmp/net.txt classical=$tmp/classical.txt
expect_exit "a network's games" 0 "NNUE evaluation from builtin:xiangqi.nnue" \
    dg -v xiangqi -o "$net" $tiny --eval-file auto
head -n 1 "$net" | grep -q ' eval=auto$' || fail "header: $(head -n 1 "$net")"
expect_exit "classical games" 0 "holds 1 games" dg -v xiangqi -o "$classical" $tiny
cmp -s "$net" "$classical" && fail "--eval-file auto wrote what the classical evaluation did"

expect_exit "a short run" 0 "holds 1 games" dg -v chess -o "$out" $tiny
head -n 1 "$out" | grep -qx '# menagerie datagen chess seed=1 nodes=200 depth=0 random-plies=8 max-plies=40 hash=4' \
    || fail "header: $(head -n 1 "$out")"
expect_exit "continued" 0 "holds 2 games" dg -v chess -o "$out" --nodes 200 --games 2 --max-plies 40
[ "$(grep -c '^# game ' "$out")" -eq 2 ] || fail "continued: not 2 games in $out"
cp "$out" "$tmp/before"
expect_exit "other settings" 2 "was made with other settings" \
    dg -v chess -o "$out" $tiny --seed 9
cmp -s "$out" "$tmp/before" || fail "a refused run changed the file"
expect_exit "help" 0 "datagen -v VARIANT -o FILE" "$menagerie" --help

exit $status
