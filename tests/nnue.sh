#!/bin/sh
# The neural evaluation from the outside: `menagerie train` writes a
# network from data and refuses bad arguments; `eval` and `bench` use a
# network given with --eval-file, and one found by name next to a user's
# variant file; bad files are refused with the reason (exit status 2 for
# eval); EvalFile and UseNNUE in UCI and CECP load, refuse and report.
# (Inference and the file format are checked by tests/test_nnue.)
: "${top_srcdir:=.}" "${top_builddir:=.}"
. "$top_srcdir/tests/expect.sh"
sandbox nnue.sh
net=$tmp/chess.nnue
data=$tmp/chess.data

# some data: a short self-play run
"$menagerie" datagen -v chess -o "$data" --nodes 200 --games 6 --max-plies 60 --threads 1 \
    > /dev/null 2>&1 || fail "datagen for the data"

tr() {
    "$menagerie" train "$@"
}
expect_exit "train: unknown variant" 2 "unknown variant 'nosuch'" tr -v nosuch -o "$net" "$data"
expect_exit "train: no -o" 2 "give -v VARIANT, -o FILE and data files" tr -v chess "$data"
expect_exit "train: no data" 2 "give -v VARIANT, -o FILE and data files" tr -v chess -o "$net"
expect_exit "train: --hidden 24" 2 "--hidden 24 is not a multiple of 16" \
    tr -v chess -o "$net" --hidden 24 "$data"
expect_exit "train: --hidden 0" 2 "--hidden '0' is out of range (16 to 1024)" \
    tr -v chess -o "$net" --hidden 0 "$data"
expect_exit "train: --output-buckets 17" 2 "--output-buckets '17' is out of range (1 to 16)" \
    tr -v chess -o "$net" --output-buckets 17 "$data"
expect_exit "train: --lambda 2" 2 "--lambda must be a number from 0 to 1 (got '2')" \
    tr -v chess -o "$net" --lambda 2 "$data"
expect_exit "train: unwritable output" 2 "$tmp/no/such/dir/x.nnue" \
    tr -v chess -o "$tmp/no/such/dir/x.nnue" "$data"
expect_exit "train: missing data" 1 "menagerie train: $tmp/nothing: No such file or directory" \
    tr -v chess -o "$net" "$tmp/nothing"
[ -e "$net" ] && fail "a refused run created $net"
expect_exit "train: a short run" 0 "Wrote $net" \
    tr -v chess -o "$net" --hidden 16 --epochs 2 --mirror "$data"

ev() {
    "$menagerie" eval "$@"
}
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_exit "eval --eval-file" 0 "NNUE evaluation: " ev --eval-file "$net" --fen "$start"
expect_exit "train: output buckets" 0 "(4 output buckets)" \
    tr -v chess -o "$tmp/bucketed.nnue" --hidden 16 --epochs 1 --output-buckets 4 "$data"
expect_exit "eval: a bucketed network" 0 "2x16 -> 1, 4 output buckets)" \
    ev --eval-file "$tmp/bucketed.nnue" --fen "$start"
# growing data: SCReLU, a schedule, a run from a network, shapes refused
expect_exit "train: --activation screlu" 0 "Wrote $tmp/screlu.nnue" \
    tr -v chess -o "$tmp/screlu.nnue" --hidden 16 --epochs 2 --activation screlu \
    --lr-schedule cosine "$data"
expect_exit "eval: an SCReLU network, portable" 0 "NNUE evaluation: " \
    env MENAGERIE_NNUE=portable "$menagerie" eval --eval-file "$tmp/screlu.nnue" --fen "$start"
portable=$(grep "^NNUE evaluation:" "$tmp/out")
expect_exit "eval: an SCReLU network, the best loops" 0 "$portable" \
    ev --eval-file "$tmp/screlu.nnue" --fen "$start"
expect_exit "eval: the network says its activation" 0 "2x16 -> 1, screlu)" \
    ev --eval-file "$tmp/screlu.nnue" --fen "$start"
expect_exit "train --init" 0 "from $tmp/screlu.nnue" \
    tr -v chess -o "$tmp/more.nnue" --init "$tmp/screlu.nnue" --epochs 1 --lr-drop 1 "$data"
expect_exit "train --init: epoch 0, the start" 0 "epoch   0/1  held out 0." \
    tr -v chess -o "$tmp/more.nnue" --init "$tmp/screlu.nnue" --epochs 1 "$data"
grep -Eq '^epoch   1/1  rate 0.003  error 0\.[0-9]+  held out 0\.[0-9]+  [0-9.]+ s$' "$tmp/out" ||
    fail "train: an epoch's line without its errors and time: $(cat "$tmp/out")"
expect_exit "train --init: another shape" 1 \
    "is a network of 2x16, 1 output bucket, 0 hand slots, screlu, but this run asks for 2x32" \
    tr -v chess -o "$tmp/more.nnue" --init "$tmp/screlu.nnue" --hidden 32 "$data"
expect_exit "train --init: another variant's" 1 "a network for variant 'chess', not 'shatranj'" \
    tr -v shatranj -o "$tmp/more.nnue" --init "$net" "$data"
expect_exit "train: --activation relu" 2 "--activation 'relu': crelu or screlu" \
    tr -v chess -o "$net" --activation relu "$data"
expect_exit "train: --lr-schedule" 2 "--lr-schedule 'linear': steps, cosine or constant" \
    tr -v chess -o "$net" --lr-schedule linear "$data"
expect_exit "train: --lr-drop with cosine" 2 "--lr-drop goes with --lr-schedule steps" \
    tr -v chess -o "$net" --lr-drop 3 --lr-schedule cosine "$data"
expect_exit "train: --lr-drop falling" 2 "--lr-drop '5,3': the epochs must rise" \
    tr -v chess -o "$net" --lr-drop 5,3 "$data"
expect_exit "train: --validation 0.9" 2 "--validation must be a number from 0 to 0.5" \
    tr -v chess -o "$net" --validation 0.9 "$data"
expect_exit "eval without a network" 0 "Evaluation: " ev -v makruk
grep -q "NNUE" "$tmp/out" && fail "eval without a network shows one"
expect_exit "eval: a missing file" 2 "$tmp/none.nnue: cannot open" ev --eval-file "$tmp/none.nnue"
expect_exit "eval: another variant's" 2 "a network for variant 'chess', not 'xiangqi'" \
    ev -v xiangqi --eval-file "$net"
head -c 100 "$net" > "$tmp/cut.nnue"
expect_exit "eval: truncated" 2 "truncated" ev --eval-file "$tmp/cut.nnue"
printf 'not a network at all' > "$tmp/text.nnue"
expect_exit "eval: not a network" 2 "not a Menagerie network" ev --eval-file "$tmp/text.nnue"

# found by name next to a user's variant file
mkdir -p "$tmp/mine"
cat > "$tmp/mine/mychess.yaml" <<'YAML'
name: mychess
extends: chess
YAML
"$menagerie" --variants "$tmp/mine" train -v mychess -o "$tmp/mine/mychess.nnue" --hidden 16 \
    --epochs 1 "$data" > /dev/null 2>&1 || fail "train mychess"
expect_exit "eval: found by name" 0 "NNUE evaluation from $tmp/mine/mychess.nnue" \
    "$menagerie" --variants "$tmp/mine" eval -v mychess
expect_exit "eval --classical" 0 "Evaluation: " "$menagerie" --variants "$tmp/mine" eval -v mychess --classical
grep -q "NNUE" "$tmp/out" && fail "eval --classical shows the network"
cp "$tmp/cut.nnue" "$tmp/mine/mychess.nnue"
expect_exit "eval: a damaged file found by name" 0 "truncated" \
    "$menagerie" --variants "$tmp/mine" eval -v mychess

# the shipped networks are compiled into the program; a user's own file of
# the same name comes first
expect_exit "eval: the compiled-in network" 0 "NNUE evaluation from builtin:xiangqi.nnue" \
    ev -v xiangqi
expect_exit "eval: chess's compiled-in network" 0 "NNUE evaluation from builtin:chess.nnue" \
    ev --fen "$start"
# eval names the version of the loops in use; MENAGERIE_NNUE chooses the
# portable one, which every build has, and passes over one it does not know
expect_exit "eval: the loops' version" 0 "NNUE: " ev --fen "$start"
expect_exit "eval: MENAGERIE_NNUE=portable" 0 "NNUE: portable" \
    env MENAGERIE_NNUE=portable "$menagerie" eval --fen "$start"
expect_exit "eval: MENAGERIE_NNUE=nonsense" 0 "NNUE: " \
    env MENAGERIE_NNUE=nonsense "$menagerie" eval --fen "$start"
mkdir -p "$XDG_DATA_HOME/menagerie/variants"
cp "$top_srcdir/variants/xiangqi.nnue" "$XDG_DATA_HOME/menagerie/variants/"
expect_exit "eval: the user's network before the compiled-in one" 0 \
    "NNUE evaluation from $XDG_DATA_HOME/menagerie/variants/xiangqi.nnue" ev -v xiangqi
rm -r "$XDG_DATA_HOME/menagerie"

# bench: the signature stays classical without --eval-file
expect_exit "bench --eval-file" 0 "NNUE evaluation from $net (chess, 768 features -> 2x16 -> 1): 5 positions" \
    "$menagerie" bench --eval-file "$net" 2
expect_exit "bench: a bad file" 1 "truncated" "$menagerie" bench --eval-file "$tmp/cut.nnue" 2
expect_exit "--eval-file before a command" 2 "give it after the command" \
    "$menagerie" --eval-file "$net" bench

# the protocols
uci() {
    { printf 'uci\n'; cat; printf 'isready\n'; sleep 1; printf 'quit\n'; } | "$menagerie"
}
expect_exit "UCI: the options" 0 "option name EvalFile type string default <empty>" \
    uci < /dev/null
expect_exit "UCI: EvalFile" 0 "info string NNUE evaluation from $net (chess" \
    uci <<EOF2
setoption name EvalFile value $net
EOF2
expect_exit "UCI: a bad EvalFile" 0 "info string $tmp/cut.nnue: truncated" \
    uci <<EOF2
setoption name EvalFile value $tmp/cut.nnue
EOF2
long=$(printf '%01100d' 0)
expect_exit "UCI: an EvalFile path too long" 0 "info string EvalFile: a path of over 1023 bytes; the option is unchanged" \
    uci <<EOF2
setoption name EvalFile value /$long
EOF2
expect_exit "UCI: UseNNUE false" 0 "info string UseNNUE is off: the classical evaluation plays" \
    uci <<EOF2
setoption name EvalFile value $net
setoption name UseNNUE value false
EOF2
expect_exit "UCI: --eval-file" 0 "info string NNUE evaluation from $net" \
    sh -c "printf 'uci\nquit\n' | '$menagerie' --eval-file '$net'"
expect_exit "UCI: a search with the network, two threads" 0 "bestmove" \
    sh -c "{ printf 'uci\nsetoption name Threads value 2\nsetoption name EvalFile value $net\nposition startpos moves e2e4 e7e5\ngo depth 6\n'; sleep 2; printf 'quit\n'; } | '$menagerie'"

cecp() {
    { printf 'xboard\nprotover 2\n'; cat; printf 'quit\n'; } | "$menagerie"
}
expect_exit "CECP: the options" 0 'feature option="EvalFile -file ' cecp < /dev/null
expect_exit "CECP: EvalFile" 0 "# NNUE evaluation from $net (chess" \
    cecp <<EOF2
option EvalFile=$net
EOF2
expect_exit "CECP: a bad EvalFile" 0 "tellusererror $tmp/cut.nnue: truncated" \
    cecp <<EOF2
option EvalFile=$tmp/cut.nnue
EOF2
expect_exit "CECP: another variant's network" 0 "tellusererror $net: a network for variant 'chess', not 'makruk'" \
    cecp <<EOF2
variant makruk
option EvalFile=$net
EOF2
expect_exit "CECP: another variant's network, the variant's own compiled in" 0 \
    "# NNUE evaluation from builtin:xiangqi.nnue (xiangqi, " \
    cecp <<EOF2
variant xiangqi
option EvalFile=$net
EOF2
expect_exit "CECP: UseNNUE off" 0 "# UseNNUE is off" \
    cecp <<EOF2
option UseNNUE=0
EOF2
exit $status
