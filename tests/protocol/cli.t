$ menagerie perft x
menagerie perft: DEPTH 'x' is not a number
[2]
$ menagerie perft -- -1
menagerie perft: DEPTH '-1' is out of range (0 to 20)
[2]
$ menagerie perft 99
menagerie perft: DEPTH '99' is out of range (0 to 20)
[2]
$ menagerie perft 4294967297
menagerie perft: DEPTH '4294967297' is out of range (0 to 20)
[2]
$ menagerie perft ''
menagerie perft: DEPTH '' is missing
[2]
$ menagerie perft 2
Nodes searched: 400
[0]
$ menagerie perft -v lionchess --moves "e2e4 e7e5 d1e2,e2d1" 1
Nodes searched: 32
[0]
$ menagerie show chu | grep -e Rules -e Lions -e 'in check while' -e 'promotes to +P '
   promotes to +P on ranks 9-12 (entering; by a capture also inside or leaving)
Rules: the checkmated player loses, the stalemated player loses, 2-fold repetition loses (also across a piece's turn).
No royal piece is in check while its player has two or more.
Lions N +O: a lion may not take a protected lion from afar unless it took on the way a piece other than I P; after a piece that is no lion took a lion, the reply may not take one.
[0]
$ menagerie perft -D x --suite tests/protocol/bad-suite.perft
menagerie perft: --max-depth 'x' is not a number
[2]
$ menagerie perft -D 99999999999 --suite tests/protocol/bad-suite.perft
menagerie perft: --max-depth '99999999999' is out of range (0 to 1000000)
[2]
$ menagerie perft -N -5 --suite tests/protocol/bad-suite.perft
menagerie perft: --max-nodes '-5' is out of range (0 to 9223372036854775807)
[2]
$ menagerie perft -N 1e5 --suite tests/protocol/bad-suite.perft
menagerie perft: --max-nodes '1e5' is not a number
[2]
$ menagerie perft --suite tests/protocol/bad-suite.perft
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 1: 20 (expected 20) ok
FAIL tests/protocol/bad-suite.perft:5: depth '99999999999' is out of range (1 to 20): 'depth 99999999999 20'
FAIL tests/protocol/bad-suite.perft:6: count '-400' is out of range (0 to 9223372036854775807): 'depth 2 -400'
FAIL tests/protocol/bad-suite.perft:7: depth 'x' is not a number: 'depth x 400'
FAIL tests/protocol/bad-suite.perft:8: unexpected 'junk' after the count: 'depth 2 400 junk'
FAIL tests/protocol/bad-suite.perft:9: count '18446744073709552016' is out of range (0 to 9223372036854775807): 'depth 2 18446744073709552016'
FAIL tests/protocol/bad-suite.perft:10: the count is missing: 'depth 2'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 2: 400 (expected 400) ok
FAIL tests/protocol/bad-suite.perft:12: count '4x0' is not a number: '# strict-legality alternative (a comment the suite reads): depth 2 = 4x0'
FAIL tests/protocol/bad-suite.perft:13: expected 'depth N = COUNT': '# strict-legality alternative (with no count)'
[1]
$ menagerie bench x
menagerie bench: DEPTH 'x' is not a number
[2]
$ menagerie bench 4294967297
menagerie bench: DEPTH '4294967297' is out of range (1 to 64)
[2]
$ menagerie bench 0
menagerie bench: DEPTH '0' is out of range (1 to 64)
[2]
$ menagerie bench -3
menagerie bench: DEPTH '-3' is out of range (1 to 64)
[2]
$ menagerie perft --moves "$(yes 'g1f3 g8f6 f3g1 f6g8' | head -n 300 | tr '\n' ' ')" 1
Nodes searched: 20
[0]
$ menagerie perft --moves "$(yes 'g1f3 g8f6 f3g1 f6g8' | head -n 1000 | tr '\n' ' ')" --divide 1 | tail -n 3
h2h3: 1
h2h4: 1
Nodes searched: 20
[0]
$ menagerie perft --moves 'e2e4 e2e4' 1
menagerie perft: move 'e2e4': no piece on e2
[2]
$ menagerie check tests/protocol/bad/xbetza-unbalanced.yaml tests/protocol/bad/yaml-tab.yaml
tests/protocol/bad/xbetza-unbalanced.yaml:4:16: error: invalid XBetza 'Q(': unexpected character '('
tests/protocol/bad/yaml-tab.yaml:4:1: error: YAML: while scanning for the next token: found character that cannot start any token (tabs cannot indent YAML; use spaces)
[1]
$ menagerie --variants tests/protocol/bad/yaml-deep.yaml perft 1
Nodes searched: 20
tests/protocol/bad/yaml-deep.yaml:3:68: error: YAML nesting deeper than 64 levels
[0]
$ printf 'xboard\nvariant deep\nping 1\n' | menagerie --variants tests/protocol/bad/yaml-deep.yaml

Error (unsupported variant): variant deep
pong 1
tests/protocol/bad/yaml-deep.yaml:3:68: error: YAML nesting deeper than 64 levels
[0]
$ menagerie perft --moves c3c4 e7e6 2
menagerie perft: give one DEPTH (and the moves of --moves as one argument: --moves "e2e4 e7e5")
[2]
$ menagerie perft --moves "c2c4 e7e6" 2
Nodes searched: 654
[0]
$ menagerie show foo
menagerie show: unknown variant 'foo' (did you mean 'zoo'?)
[2]
$ menagerie show chess minishogi | grep ' board, '
chess — Chess (8x8 board, builtin:chess.yaml)
minishogi — Minishogi (5x5 board, builtin:minishogi.yaml)
[0]
$ menagerie show chess foo
menagerie show: unknown variant 'foo' (did you mean 'zoo'?)
[2]
$ menagerie show chess shogi --svg -
Usage: menagerie show VARIANT... [--svg FILE]
Show each variant's start position and its pieces' moves (a blank
line between variants).
  --svg FILE   draw them instead as one SVG 1.1 picture: the start
               position (with the hands), a legend, and a diagram of
               each piece's moves, multi-leg paths, promotion zone
               and drops; FILE '-' is standard output (one variant)
[2]
$ menagerie -v foo
menagerie: unknown variant 'foo' (did you mean 'zoo'?)
[2]
$ menagerie -v xiangqi perft 1
menagerie: -v before a command chooses the variant of the console session; give it after the command: menagerie perft -v xiangqi
[2]
$ printf 'd\nquit\n' | menagerie --variant=xiangqi
  9  r  h  e  a  k  a  e  h  r 
  8  .  .  .  .  .  .  .  .  . 
  7  .  c  .  .  .  .  .  c  . 
  6  p  .  p  .  p  .  p  .  p 
  5  .  .  .  .  .  .  .  .  . 
  4  .  .  .  .  .  .  .  .  . 
  3  P  .  P  .  P  .  P  .  P 
  2  .  C  .  .  .  .  .  C  . 
  1  .  .  .  .  .  .  .  .  . 
  0  R  H  E  A  K  A  E  H  R 
     a  b  c  d  e  f  g  h  i 
White to move
FEN: rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1
[0]
$ [ "$(printf 'variants\nquit\n' | menagerie)" = "$(menagerie list)" ] && echo "variants = list"
variants = list
[0]
$ sh tools/perft-speed --help
Usage: tools/perft-speed [MENAGERIE]

Perft speed of Menagerie (default: the menagerie program of the build
tree) against Fairy-Stockfish and Sjaak II on the start positions of chess,
capablanca, shogi and xiangqi: the best of three runs each, and the ratios.
Needs /usr/games/fairy-stockfish, /usr/games/sjaakii, python3 and bc.
[0]
$ sh tools/perft-speed --frobnicate
perft-speed: unknown option '--frobnicate'
Usage: tools/perft-speed [MENAGERIE]

Perft speed of Menagerie (default: the menagerie program of the build
tree) against Fairy-Stockfish and Sjaak II on the start positions of chess,
capablanca, shogi and xiangqi: the best of three runs each, and the ratios.
Needs /usr/games/fairy-stockfish, /usr/games/sjaakii, python3 and bc.
[2]
$ menagerie show janggi | sed -n '/^Rules:/,$p'
Rules: the checkmated player loses, the stalemated player loses, 3-fold repetition draws but the player giving perpetual check loses, 50-move rule.
Royal pieces made to face each other must be parted at once, or a pass ends the game (bikjang).
A player not in check may pass; two passes in a row end the game.
What would be drawn goes to the player with more points: R 13.0, C 7.0, N 5.0, B 3.0, A 3.0, P 2.0, the second player 1.5 more.
C may not capture C.
C may not jump over C.
[0]
$ menagerie show janggi | sed -n '/^K  general/,/^   also/p'
K  general  W  royal
   confined to d1 e1 f1 d2 e2 f2 d3 e3 f3
   also F on d1 f1 e2 d3 f3 d8 f8 e9 d10 f10, along d1 f1 e2 d3 f3 d8 f8 e9 d10 f10
[0]
$ menagerie show xiangqi | sed -n '/^A  advisor/,/a b c/p'
A  advisor  F  value 200
   confined to d1 e1 f1 d2 e2 f2 d3 e3 f3
 10  . . . . . . . . .
  9  . . . . . . . . .
  8  . . . . . . . . .
  7  . . . . . . . . .
  6  . . . . . . . . .
  5  . . . . . . . . .
  4  . . . . . . . . .
  3  . . . * . * . . .
  2  . . . . @ . . . .
  1  . . . * . * . . .
     a b c d e f g h i
[0]
$ menagerie show xiangqi | sed -n '/^E  elephant/,/a b c/p'
E  elephant  nA  value 200  also written B
   confined to ranks 1-5
 10  . . . . . . . . .
  9  . . . . . . . . .
  8  . . . . . . . . .
  7  . . . . . . . . .
  6  . . . . . . . . .
  5  . . * . . . * . .
  4  . . . . . . . . .
  3  . . . . @ . . . .
  2  . . . . . . . . .
  1  . . * . . . * . .
     a b c d e f g h i
[0]
$ menagerie show shogi | grep '^Rules'
Rules: the checkmated player loses, the stalemated player loses, 4-fold repetition draws but the player giving perpetual check loses.
[0]
$ menagerie list | grep -E '^(chess|menagerie|xiangqi|xiangqi-axf) ' | tr -s ' '
chess 8x8 Chess (also normal, fide, fide_chess) builtin:chess.yaml
xiangqi 9x10 Xiangqi (also chinese) builtin:xiangqi.yaml
menagerie 10x10 Menagerie (10x10 zoo chess) (also zoo) builtin:menagerie.yaml
xiangqi-axf 9x10 Xiangqi (AXF chase rules) builtin:xiangqi-axf.yaml
[0]
$ menagerie tune --help | sed -n '4p'
Fit the evaluation's weights of VARIANT to positions with search scores and game
[0]
$ menagerie tune
menagerie tune: which variant? (-v VARIANT)
usage: menagerie tune -v VARIANT [-o FILE] [--name NAME] [--epochs N] [--rate R]
                      [--lambda L] [--l2 X] [--k K] [--params LIST] [--threads N] DATA...
[2]
$ menagerie tune -v chess
menagerie tune: no data files (lines 'FEN | SCORE | RESULT')
usage: menagerie tune -v VARIANT [-o FILE] [--name NAME] [--epochs N] [--rate R]
                      [--lambda L] [--l2 X] [--k K] [--params LIST] [--threads N] DATA...
[2]
$ menagerie tune -v nosuch tests/data/tune/sample.data
menagerie: unknown variant 'nosuch' (try 'menagerie list')
[2]
$ menagerie tune -v chess --epochs x tests/data/tune/sample.data
menagerie tune: --epochs 'x' is not a number
[2]
$ menagerie tune -v chess --epochs -1 tests/data/tune/sample.data
menagerie tune: --epochs '-1' is out of range (0 to 1000000)
[2]
$ menagerie tune -v chess --lambda 2 tests/data/tune/sample.data
menagerie tune: --lambda must be a number from 0 to 1 (got '2')
[2]
$ menagerie tune -v chess --rate 0 tests/data/tune/sample.data
menagerie tune: --rate must be a number from 1e-06 to 1000 (got '0')
[2]
$ menagerie tune -v chess --l2 nan tests/data/tune/sample.data
menagerie tune: --l2 must be a number from 0 to 1e+06 (got 'nan')
[2]
$ menagerie tune -v chess --k 5 tests/data/tune/sample.data
menagerie tune: --k must be a number from 0.0001 to 0.1 (got '5')
[2]
$ menagerie tune -v chess --threads 0 tests/data/tune/sample.data
menagerie tune: --threads '0' is out of range (1 to 64)
[2]
$ menagerie tune -v chess --params materail tests/data/tune/sample.data
menagerie tune: --params: no weights called 'materail' (did you mean 'material'?)
[2]
$ menagerie tune -v chess --params king-danger-curve tests/data/tune/sample.data
menagerie tune: --params: 'king-danger-curve' is not fitted (see 'tune' in menagerie(6))
[2]
$ menagerie tune -v chess --params bogus tests/data/tune/sample.data
menagerie tune: --params: no weights called 'bogus' (see 'menagerie eval --params')
[2]
$ menagerie tune -v chess --frobnicate tests/data/tune/sample.data
tune: unrecognized option '--frobnicate'
usage: menagerie tune -v VARIANT [-o FILE] [--name NAME] [--epochs N] [--rate R]
                      [--lambda L] [--l2 X] [--k K] [--params LIST] [--threads N] DATA...
[2]
$ menagerie tune -v chess tests/data/tune/no-such-file.data
menagerie tune: tests/data/tune/no-such-file.data: No such file or directory
[1]
$ menagerie --variants tests/data/tune/plain-chess.yaml tune -v plain-chess --epochs 3 --k 0.005 --params tempo tests/data/tune/sample.data
# menagerie tune -v plain-chess: 24 positions, 3 epochs, lambda 0.5, K 0.005000
# error 0.018528 before, 0.018330 after; 2 weights changed.
# The weights that differ from those derived from the pieces:
eval:
  # the side to move: [middlegame, endgame]
  tempo: [15, 8]
tests/data/tune/sample.data:27: expected 'FEN | SCORE | RESULT'
tests/data/tune/sample.data:28: bad FEN: empty-square count '9' in rank 6 is out of range (1 to 8)
tests/data/tune/sample.data:29: SCORE 'twelve' is not a number
tests/data/tune/sample.data:30: RESULT '1-0' must be 1.0, 0.5 or 0.0
Skipped 4 malformed lines.
24 positions, 2 weights, K = 0.005000
epoch     0  error 0.018518  regularised 0.018518
epoch     1  error 0.018447  regularised 0.018447
epoch     2  error 0.018379  regularised 0.018379
epoch     3  error 0.018312  regularised 0.018312
The evaluation's error: 0.018528 before, 0.018330 after; 2 weights changed.
[0]
$ menagerie tune -v chess --epochs 3 --k 0.005 --params tempo -o /nonexistent/dir/out.yaml tests/data/tune/sample.data
menagerie tune: /nonexistent/dir/out.yaml: No such file or directory
[2]
$ menagerie show checkerchess | sed -n '/^M  checker/,/^$/p'
M  checker  mKcafmK  value 250
  8  . . . . . . . .
  7  . . . . . . . .
  6  . . . m m m . .
  5  . . . m @ m . .
  4  . . . m m m . .
  3  . . . . . . . .
  2  . . . . . . . .
  1  . . . . . . . .
     a b c d e f g h
   takes in passing the enemies on x, and goes on to a marked square
  8  . . . . . . . .
  7  . . m . m . m .
  6  . . . x x x . .
  5  . . m x @ x m .
  4  . . . x x x . .
  3  . . m . m . m .
  2  . . . . . . . .
  1  . . . . . . . .
     a b c d e f g h

[0]
$ menagerie show lionchess | sed -n '/^L  lion/,/^$/p' | grep -v '^  [1-8] \|^     a'
L  lion  KNADcaKmcabK  value 1000
   may pass: it steps out and comes back to its square
   takes in passing the enemies on x, and goes on to a marked square
   or takes in passing and comes back to its square (igui)

[0]
$ menagerie data
usage: menagerie data info PATH...
       menagerie data convert [-v VARIANT] IN OUT
[2]
$ menagerie data convert tests/data/tune/sample.data "$XDG_DATA_HOME.mgd"
menagerie data convert: which variant? (-v VARIANT; the input has no datagen header naming it)
[2]
$ menagerie data convert -v chess tests/data/tune/sample.data "$XDG_DATA_HOME.mgd" && menagerie data info "$XDG_DATA_HOME.mgd" | sed 1d
  made by: converted from tests/data/tune/sample.data
  11 games, 24 positions, 1422 bytes (59.2 bytes a position)
tests/data/tune/sample.data:27: expected 'FEN | SCORE | RESULT'
tests/data/tune/sample.data:28: bad FEN: empty-square count '9' in rank 6 is out of range (1 to 8)
tests/data/tune/sample.data:29: SCORE 'twelve' is not a number
tests/data/tune/sample.data:30: RESULT '1-0' must be 1.0, 0.5 or 0.0
4 malformed lines left out
[0]
$ menagerie tune -v chess --epochs 3 --k 0.005 --params tempo tests/data/tune/sample.data 2>&1 | grep '^The evaluation'
The evaluation's error: 0.016879 before, 0.016796 after; 2 weights changed.
[0]
$ menagerie data convert -v chess tests/data/tune/sample.data "$XDG_DATA_HOME.mgd" 2>/dev/null && menagerie tune -v chess --epochs 3 --k 0.005 --params tempo "$XDG_DATA_HOME.mgd" 2>&1 | grep '^The evaluation'
The evaluation's error: 0.016879 before, 0.016796 after; 2 weights changed.
[0]
$ menagerie --variants tests/data/rules/nocheckdrops.yaml perft -v nocheckdrops --fen '4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1' 1
Nodes searched: 47
[0]
$ menagerie --variants tests/data/rules/nocheckdrops.yaml perft -v nocheckdrops --fen '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1' 1
Nodes searched: 53
[0]
$ printf 'xboard\nvariant nocheckdrops\nsetboard 4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1\nforce\nusermove Q@e2\nping 1\n' | menagerie --variants tests/data/rules/nocheckdrops.yaml | grep -e Illegal -e pong
Illegal move (a queen drop may not give check): Q@e2
pong 1
[0]
$ menagerie --variants tests/data/rules/dropzones.yaml perft -v dropzones --fen '4k3/8/8/8/8/8/8/4K3[N] w - - 0 1' 1
Nodes searched: 5
[0]
$ menagerie --variants tests/data/rules/dropzones.yaml perft -v dropzones --fen '4k3/8/8/8/8/8/8/4K3[b] b - - 0 1' 1
Nodes searched: 36
[0]
$ menagerie show shogi | grep 'A drop'
A drop may not give mate: P.
[0]
$ menagerie --variants tests/data/rules/nocheckdrops.yaml show nocheckdrops | grep 'A drop'
A drop may not give check: N B R Q K.
[0]
