#!/bin/sh
# The evaluation's weights as data: an `eval:` section that restates every
# variant's weights (as `menagerie eval --params` prints them) must leave
# every evaluation and the bench signature exactly as they were, and a
# changed weight must change the evaluation.
srcdir=$(cd "${top_srcdir:-.}" && pwd)
builddir=$(cd "${top_builddir:-.}" && pwd)
tmp=${TMPDIR:-/tmp}/menagerie-eval-params.$$
mkdir -p "$tmp/restated" "$tmp/changed" || exit 99
trap 'rm -rf "$tmp"' EXIT
XDG_DATA_HOME=$tmp/xdg
MENAGERIE_VARIANTS=
export XDG_DATA_HOME MENAGERIE_VARIANTS
menagerie=$builddir/menagerie
fail=0

# Every variant restated by a child of the same name (which extends the
# built-in definition it overrides).
for v in $("$menagerie" list | awk '{print $1}'); do
    { printf 'name: %s\nextends: %s\n' "$v" "$v"; "$menagerie" eval -v "$v" --params; } \
        > "$tmp/restated/$v.yaml" || fail=1
done
"$menagerie" check "$tmp/restated" > /dev/null || { echo "FAIL: restated files do not load"; fail=1; }

bench() {
    "$menagerie" "$@" bench 2>&1 | grep '^Nodes searched'
}
plain=$(bench)
restated=$(bench --variants "$tmp/restated")
if [ -z "$plain" ] || [ "$plain" != "$restated" ]; then
    echo "FAIL: bench '$plain' became '$restated' with the weights restated"
    fail=1
fi

# Term by term, in positions of several variants.
while read -r v fen; do
    a=$("$menagerie" eval -v "$v" --fen "$fen" 2>&1)
    b=$("$menagerie" --variants "$tmp/restated" eval -v "$v" --fen "$fen" 2>&1)
    if [ "$a" != "$b" ]; then
        echo "FAIL: $v $fen evaluates differently with its weights restated"
        fail=1
    fi
done <<'EOF'
chess r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8
chess 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
capablanca r1bqckabnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNBQCKAB1R w KQkq - 2 3
crazyhouse r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3
shogi lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 1 1
xiangqi rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1
makruk rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
EOF

# A knight worth more in the middlegame raises the evaluation of a
# position a knight up by exactly that much there.
knight=$("$menagerie" eval -v chess --params \
         | awk '/^  material:/ {m = 1; next} m && /^    N:/ {gsub(/[][,]/, " "); print $2, $3; exit}')
set -- $knight
printf 'name: chess\nextends: chess\neval: {material: {N: [%d, %d]}}\n' $(($1 + 100)) "$2" \
    > "$tmp/changed/chess.yaml"
fen='rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
term() {
    "$menagerie" "$@" eval --fen "$fen" | awk '$1 == "Material" {print $2, $3}'
}
before=$(term)
after=$(term --variants "$tmp/changed")
set -- $before $after
if [ "$(($3 - $1))" != 100 ] || [ "$4" != "$2" ]; then
    echo "FAIL: material '$before' became '$after'; expected +100 in the middlegame only"
    fail=1
fi

[ "$fail" = 0 ] && echo "PASS: eval-params"
exit "$fail"
