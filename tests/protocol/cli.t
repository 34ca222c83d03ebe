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
$ menagerie list | grep -E '^(chess|menagerie|xiangqi) '
chess                8x8    Chess (also normal, fide)               builtin:chess.yaml
xiangqi              9x10   Xiangqi (also chinese)                  builtin:xiangqi.yaml
menagerie            10x10  Menagerie (10x10 zoo chess) (also zoo)  builtin:menagerie.yaml
[0]
