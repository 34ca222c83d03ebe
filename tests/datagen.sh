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
expect_exit "no -v" 2 "give the variant (-v VARIANT)" dg -o "$out"
expect_exit "-o with --data-dir" 2 "give either -o FILE or --data-dir DIR, not both" \
    dg -v chess -o "$out" --data-dir "$tmp/store"
for bad in 0/2 3/2 1 1/0 x/2 1/2x; do
    expect_exit "--shard $bad" 2 "--shard '$bad' is not K/N with 1 <= K <= N" \
        dg -v chess -o "$out" --shard "$bad"
done
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
expect_exit "help" 0 "datagen -v VARIANT [-o FILE | --data-dir DIR]" "$menagerie" --help

# the store: binary files under $XDG_DATA_HOME/menagerie/data/VARIANT, named
# after the settings, continued by the same command
store=$XDG_DATA_HOME/menagerie/data/chess
expect_exit "into the store" 0 "holds 1 games" dg -v chess $tiny --threads 1
[ "$(ls "$store" | grep -c '^nodes200-seed1-[0-9a-f]*\.mgd$')" -eq 1 ] || fail "store: $(ls "$store")"
expect_exit "the store continued" 0 "holds 2 games" dg -v chess --nodes 200 --games 2 --max-plies 40
[ "$(ls "$store" | wc -l)" -eq 1 ] || fail "continued in another file: $(ls "$store")"
expect_exit "data info: the store" 0 "2 games, " "$menagerie" data info "$store"
grep -q "made by: menagerie datagen chess seed=1 nodes=200 .* engine=" "$tmp/out" \
    || fail "data info: $(cat "$tmp/out")"

# the same games in binary and in text: converted, the one is the other
expect_exit "binary with -o" 0 "holds 2 games" dg -v chess -o "$tmp/b.mgd" --nodes 200 --games 2 --max-plies 40
convert() {
    "$menagerie" data convert "$@" > "$tmp/out" 2>&1 || fail "data convert $*: $(cat "$tmp/out")"
}
convert "$tmp/b.mgd" "$tmp/b.txt"
tail -n +2 "$out" > "$tmp/text.body"
tail -n +2 "$tmp/b.txt" | cmp -s - "$tmp/text.body" || fail "binary and text games differ"
convert "$out" "$tmp/t.mgd"
convert "$tmp/t.mgd" "$tmp/t.txt"
cmp -s "$out" "$tmp/t.txt" || fail "text -> binary -> text is not the same file"
expect_exit "convert: same formats" 2 "are both text: nothing to convert" \
    "$menagerie" data convert "$out" "$tmp/x.txt"
expect_exit "convert: no variant" 2 "which variant?" \
    "$menagerie" data convert "$top_srcdir/tests/data/tune/sample.data" "$tmp/x.mgd"
expect_exit "convert: another variant's" 2 "made for the rules of 'chess'" \
    "$menagerie" data convert -v xiangqi "$tmp/t.mgd" "$tmp/x.txt"
expect_exit "data: usage" 2 "usage: menagerie data info PATH..." "$menagerie" data

# shards: two machines' halves hold the games of one run between them
for k in 1 2; do
    expect_exit "shard $k/2" 0 "holds 1 games" \
        dg -v chess -o "$tmp/s$k.txt" --nodes 200 --games 2 --max-plies 40 --shard $k/2
done
grep -q '^# game 1: ' "$tmp/s2.txt" || fail "shard 2/2 does not hold game 1"
cat "$tmp/s1.txt" "$tmp/s2.txt" | grep -v '^# menagerie' > "$tmp/shards"
grep -v '^# menagerie' "$out" | cmp -s - "$tmp/shards" || fail "the shards are not the run's games"

exit $status
