#!/bin/sh
# Hostile FENs are refused with a message, never a crash, by every way a
# FEN comes in: `perft --fen`, `eval --fen`, a variant file's `start:`,
# UCI `position fen` and CECP `setboard` (the engine then keeps answering).
: "${top_srcdir:=.}" "${top_builddir:=.}"
menagerie="$(cd "$top_builddir" && pwd)/menagerie"
[ -x "$menagerie" ] || { echo "hostile-fen.sh: $menagerie not built"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

wrap='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4294967295RNBQKBNR1 w - - 0 1'

. "$top_srcdir/tests/expect.sh"

expect_exit "perft --fen, wrapping empty-square count" 2 "empty-square count '4294967295'" \
    "$menagerie" perft --fen "$wrap" 1
expect_exit "perft --fen, holdings counts past an int" 2 "is too many" \
    "$menagerie" perft -v crazyhouse --fen '4k3/8/8/8/8/8/8/4K3[2147483647Q2Q] w - - 0 1' 1
expect_exit "eval --fen, a thousand queens in hand" 2 "'1000Q' is too many" \
    "$menagerie" eval -v crazyhouse --fen '4k3/8/8/8/8/8/8/4K3[1000Q] w - - 0 1'
expect_exit "perft --fen, the king can be taken" 2 "black is in check with white to move" \
    "$menagerie" perft --fen '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1' 1

printf 'name: wrap\nextends: chess\nstart: %s\n' "$wrap" > "$tmp/wrap.yaml"
expect_exit "variant file start:" 1 "'4294967295' in rank 1" \
    "$menagerie" check "$tmp/wrap.yaml"

printf 'uci\nposition fen %s\nisready\nquit\n' "$wrap" > "$tmp/uci.in"
expect_exit "UCI position fen" 0 "empty-square count '4294967295'" \
    sh -c '"$1" < "$2"' sh "$menagerie" "$tmp/uci.in"
grep -qx readyok "$tmp/out" || fail "UCI: no readyok after the bad FEN"

printf 'xboard\nprotover 2\nsetboard %s\nping 7\nquit\n' "$wrap" > "$tmp/cecp.in"
expect_exit "CECP setboard" 0 "empty-square count '4294967295'" \
    sh -c '"$1" < "$2"' sh "$menagerie" "$tmp/cecp.in"
grep -qx "pong 7" "$tmp/out" || fail "CECP: no pong after the bad FEN"

exit $status
