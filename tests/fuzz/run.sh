#!/bin/sh
# run.sh BINDIR SRCDIR OUTDIR SECONDS TARGET... — run libFuzzer targets.
#
# Each target runs for SECONDS on OUTDIR/corpus/TARGET (kept between runs;
# new inputs go there) and on seeds made afresh from the sources in
# OUTDIR/seeds/TARGET, with the dictionary tests/fuzz/TARGET.dict if any.  Crash artifacts are written to OUTDIR/artifacts/.
# Every target runs even when one fails; the exit status is 1 if any did.
set -u
bindir=$1 srcdir=$2 outdir=$3 seconds=$4
shift 4

# Seeds for one target, one file per input.
seed_fen() {
    # "fen <FEN>" lines of the perft files, prefixed with the byte that
    # selects their variant in fen_variants.h; and each variant's start.
    names=$(sed -n 's/^ *"\([a-z0-9-]*\)",$/\1/p' "$srcdir/tests/fuzz/fen_variants.h")
    count=$(echo "$names" | wc -l)
    # byte % count = i, and a printable byte (the shell cannot hold a NUL)
    shift=$(( (33 + count - 1) / count * count ))
    i=0
    for name in $names; do
        byte=$(printf "\\$(printf %03o $((i + shift)))")
        n=0
        { sed -n 's/^fen //p' "$srcdir/tests/data/perft/$name.perft" 2>/dev/null
          sed -n 's/^start: *//p' "$srcdir/variants/$name.yaml" 2>/dev/null; } |
        while IFS= read -r fen; do
            n=$((n + 1))
            printf '%s%s' "$byte" "$fen" > "$1/$name-$n"
        done
        i=$((i + 1))
    done
}

seed_xbetza() {
    n=0
    sed -n 's/^betza: //p' "$srcdir/tests/data/xbetza-vectors.txt" |
    while IFS= read -r betza; do
        n=$((n + 1))
        printf '%s' "$betza" > "$1/vector-$n"
    done
}

seed_variant() {
    for f in "$srcdir"/variants/*.yaml "$srcdir"/tests/bad/*.yaml; do
        cp "$f" "$1/$(basename "$(dirname "$f")")-$(basename "$f")"
    done
}

seed_protocol() {
    cp "$srcdir"/tests/protocol/*.in "$1/"
}

status=0
for target in "$@"; do
    seeds=$outdir/seeds/$target corpus=$outdir/corpus/$target
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$outdir/artifacts"
    seed_${target#fuzz_} "$seeds"
    dict=
    test -f "$srcdir/tests/fuzz/$target.dict" && dict=-dict=$srcdir/tests/fuzz/$target.dict
    echo "== $target: $seconds s, $(ls "$seeds" | wc -l) seeds, corpus $corpus"
    if ! "$bindir/$target" $dict -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$outdir/artifacts/$target-" \
            "$corpus" "$seeds" > "$outdir/$target.log" 2>&1; then
        status=1
        echo "== $target FAILED: see $outdir/$target.log; the input is in $outdir/artifacts/"
        grep -E "ERROR|fuzz property failed|SUMMARY|Test unit written" "$outdir/$target.log" | head -20
    else
        grep -E "stat::number_of_executed_units|cov: .*corp" "$outdir/$target.log" | tail -2
    fi
done
exit $status
