/*
 * test_rules.c — every rule that ends a game, asked of both callers of the
 * rules module: the referee (game_end, what the protocols announce) and
 * the search (its score for the move that reaches the position).  For
 * each case a game is played from a FEN; the last move is the one under
 * test.  The referee judges the position after it; the search, given the
 * position before it and only that move, must score it as the same
 * outcome: a mate score for a win or loss, exactly 0 for a draw, and
 * neither while the game goes on.
 *
 * Every rule setting of the variant format appears: checkmated and
 * stalemated (each result, and material), repetition with its count and
 * result, perpetual check, the move rule with and without checks, bare
 * king with and without the grace move, extinction (any type, together),
 * flag, check limit, explosions, facing royals, insufficient material.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "search/eval.h"
#include "board/chase.h"
#include "board/rules.h"
#include "search/search.h"
#include "catalog/variant_load.h"
#include "board/zobrist.h"

#define MATE_BOUND (SCORE_MATE - MAX_PV)

static VariantSet set;

/* Variants that set what no shipped variant does. */
static const char *custom_variants =
    "---\n"
    "name: koth-reply\n"          /* every arrival on the hill (K or Q) gets a reply */
    "extends: kingofthehill\n"
    "rules:\n"
    "  flag: {pieces: [K, Q], region: hill, reply-move: both}\n"
    "---\n"
    "name: extinction-count\n"    /* extinction chess, losing at two pawns left */
    "extends: extinction\n"
    "rules:\n"
    "  extinction: {pieces: [P], count: 2}\n"
    "---\n"
    "name: chess-repetition-loses\n"
    "extends: chess\n"
    "rules:\n"
    "  repetition: {count: 3, result: loss}\n"
    "---\n"
    "name: chess-stalemate-wins\n"
    "extends: chess\n"
    "rules:\n"
    "  stalemated: win\n"
    "---\n"
    "name: chess-mate-draws\n"
    "extends: chess\n"
    "rules:\n"
    "  checkmated: draw\n"
    "---\n"
    "name: chu-turns-reset\n"     /* XBoard's reading: a turn ends the stretch */
    "extends: chu\n"
    "rules:\n"
    "  repetition: {across-turns: false}\n"
    "---\n"
    "name: xiangqi-chase-plain\n"   /* no piece is special to the chase rules */
    "extends: xiangqi\n"
    "pieces:\n"
    "  H: {chase: {always: ~}}\n"
    "  C: {chase: {always: ~}}\n"
    "  P: {chase: {chases: true, chased-in: ~}}\n";

typedef struct {
    const char *variant;
    const char *fen;
    const char *moves;     /* played in order; the last one is under test */
    Outcome     want;      /* for the side to move after it; NONE: the game goes on */
    const char *reason;    /* the referee's reason, or NULL */
} RuleCase;

static const RuleCase cases[] = {
    /* checkmated, stalemated */
    { "chess", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g7", OUTCOME_LOSS, "White mates" },
    { "chess", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g6", OUTCOME_DRAW, "stalemate" },
    { "chess-mate-draws", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g7", OUTCOME_DRAW, "White mates" },
    { "chess-stalemate-wins", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g6", OUTCOME_WIN, "stalemate" },
    { "shatranj", "k7/p1K5/P7/8/8/8/8/1R6 w - - 0 1", "b1b2", OUTCOME_LOSS, "stalemate" },
    { "xiangqi", "4k4/9/9/9/9/9/9/9/5R3/3K1R3 w - - 0 1", "f1e1", OUTCOME_LOSS, "White mates" },
    /* suicide: the stalemated side with fewer pieces wins (the search
       knew it, the referee announced a draw) */
    { "suicide", "8/8/8/p7/8/P7/8/7N w - - 0 1", "a3a4", OUTCOME_WIN,
      "stalemate: Black has fewer pieces" },
    { "suicide", "8/8/8/p7/8/P7/8/8 w - - 0 1", "a3a4", OUTCOME_DRAW, "stalemate" },
    { "giveaway", "8/8/8/p7/8/P7/8/7N w - - 0 1", "a3a4", OUTCOME_WIN, NULL },
    /* repetition, its count and result, perpetual check */
    { "chess", "4k3/8/8/8/8/8/3P4/4K2R w - - 0 1",
      "h1h2 e8d8 h2h1 d8e8 h1h2 e8d8 h2h1 d8e8", OUTCOME_DRAW, "3-fold repetition" },
    { "chess", "4k3/8/8/8/8/8/3P4/4K2R w - - 0 1",
      "h1h2 e8d8 h2h1 d8e8 h1h2 e8d8", OUTCOME_NONE, NULL },
    { "chess-repetition-loses", "4k3/8/8/8/8/8/3P4/4K2R w - - 0 1",
      "h1h2 e8d8 h2h1 d8e8 h1h2 e8d8 h2h1 d8e8", OUTCOME_WIN, "3-fold repetition" },
    /* chu (HaChu): repeating a position loses, also when the lions only
       turned (stepped out and back) in between: the lion that turns back
       right after the other repeats the position of two plies before */
    { "chu", "k11/12/12/12/6n5/12/12/4N7/12/12/12/K11 b - - 0 1",
      "g8g9,g9g8 e5e6,e6e5", OUTCOME_WIN, "2-fold repetition" },
    { "chu-turns-reset", "k11/12/12/12/6n5/12/12/4N7/12/12/12/K11 b - - 0 1",
      "g8g9,g9g8 e5e6,e6e5", OUTCOME_NONE, NULL },
    { "chu", "k11/12/12/12/6n5/12/12/4N7/12/12/12/K11 b - - 0 1",
      "g8g9 e5e6 g9g8 e6e5", OUTCOME_WIN, "2-fold repetition" },
    { "shogi", "4k4/9/9/9/9/9/9/9/4K3R[] w - - 0 1",
      "i1i2 e9d9 i2i1 d9e9 i1i2 e9d9 i2i1 d9e9 i1i2 e9d9 i2i1 d9e9", OUTCOME_DRAW,
      "4-fold repetition" },
    { "xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
      "e2d2 d10e10 d2e2 e10d10 e2d2 d10e10 d2e2 e10d10 e2d2", OUTCOME_WIN, "perpetual check" },
    /* xiangqi: perpetual chase, as XBoard 4.9.1 judges it: each game was
       played through XBoard (-repeatsToDraw 3, legality testing on) and
       ended as given.  (XBoard does not count a position set up from a FEN
       toward a xiangqi repetition, so none of these repeats the first.) */
#define XQ_ROOK_CHASES_HORSE "f7f8 c8e7 f8f7 e7c8 f7f8 c8e7 f8f7 e7c8"
    /* a chariot chasing an unprotected horse that flees back and forth:
       the chaser loses when it repeats the position itself (the
       repetition one move earlier is further below) */
    { "xiangqi", "9/3k5/2h6/5R3/9/9/9/9/9/5K3 b - - 0 1",
      "d9d10 " XQ_ROOK_CHASES_HORSE " f7f8", OUTCOME_WIN, "perpetual chase" },
    /* the horse protected by the chariot on c7: no chase */
    { "xiangqi", "3k5/9/2h6/2r2R3/9/9/9/9/9/5K3 w - - 0 1", XQ_ROOK_CHASES_HORSE " f7f8",
      OUTCOME_DRAW, "3-fold repetition" },
    /* both chase: the black horse and cannon attack the chariot on e9
       with each move (a horse or cannon attacking a chariot always
       chases): a draw */
    { "xiangqi", "3k5/4R4/2h6/5R3/9/4c4/9/9/9/5K3 w - - 0 1", XQ_ROOK_CHASES_HORSE " f7f8",
      OUTCOME_DRAW, "3-fold repetition" },
    /* a horse chasing a chariot protected on both squares it flees to
       still chases... */
#define XQ_HORSE_CHASES_ROOK "c3d5 b4a4 d5c3 a4b4 c3d5 b4a4 d5c3 a4b4 c3d5"
    { "xiangqi", "5k3/9/9/9/9/9/1R7/2hH5/9/R3K4 b - - 0 1", XQ_HORSE_CHASES_ROOK,
      OUTCOME_WIN, "perpetual chase" },
    /* ...which is the horse's `chase: {always: [R]}`: without it, no chase */
    { "xiangqi-chase-plain", "5k3/9/9/9/9/9/1R7/2hH5/9/R3K4 b - - 0 1", XQ_HORSE_CHASES_ROOK,
      OUTCOME_DRAW, "3-fold repetition" },
    /* an attack that existed before the move is not a chase: the chariot
       goes up and down its file, the horse on c8 attacked all along */
    { "xiangqi", "3k5/9/2h6/9/9/9/9/2R6/9/4K4 w - - 0 1",
      "c3c4 d10d9 c4c3 d9d10 c3c4 d10d9 c4c3 d9d10 c3c4", OUTCOME_DRAW, "3-fold repetition" },
    /* a soldier before the river may be attacked freely: the horse on
       c6 attacks it, the cannon on e3 with the horse on e5 as its screen */
#define XQ_HORSE_AND_CANNON_ON_E7 "c6e5 d10d9 e5c6 d9d10 c6e5 d10d9 e5c6 d9d10 c6e5"
    { "xiangqi", "3k5/9/9/4p4/2H6/9/9/4C4/9/5K3 w - - 0 1", XQ_HORSE_AND_CANNON_ON_E7,
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-chase-plain", "3k5/9/9/4p4/2H6/9/9/4C4/9/5K3 w - - 0 1",
      XQ_HORSE_AND_CANNON_ON_E7, OUTCOME_WIN, "perpetual chase" },
    /* ...once across, it can be chased (the same, mirrored) */
    { "xiangqi", "3k5/9/4C4/9/9/2H6/4p4/9/9/5K3 w - - 0 1",
      "c5e6 d10d9 e6c5 d9d10 c5e6 d10d9 e6c5 d9d10 c5e6", OUTCOME_WIN, "perpetual chase" },
    /* a soldier may chase: across the river it steps sideways after a
       chariot */
#define XQ_SOLDIER_CHASES_ROOK "d6e6 e7d7 e6d6 d7e7 d6e6 e7d7 e6d6 d7e7 d6e6"
    { "xiangqi", "3k5/9/9/4r4/3P5/9/9/9/9/5K3 w - - 0 1", XQ_SOLDIER_CHASES_ROOK,
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-chase-plain", "3k5/9/9/4r4/3P5/9/9/9/9/5K3 w - - 0 1", XQ_SOLDIER_CHASES_ROOK,
      OUTCOME_WIN, "perpetual chase" },
    /* so may the general (a royal piece, whatever the variant says) */
    { "xiangqi-chase-plain", "3k5/9/9/p7p/9/9/9/9/4K4/5c3 w - - 0 1",
      "e2f2 f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2", OUTCOME_DRAW, "3-fold repetition" },
    /* a chariot attacking a chariot that could take it back offers an
       exchange; it does not chase */
    { "xiangqi", "3k5/9/9/9/9/9/9/1r7/9/R4K3 w - - 0 1",
      "a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1 a3b3 a1b1", OUTCOME_DRAW, "3-fold repetition" },
    /* xiangqi-axf: the Asian Xiangqi Federation's rules (its rulebook's
       rule and diagram numbers; the positions are made up to show each
       rule, the rulebook's diagrams being pictures).  Where they agree
       with XBoard's: a chariot chasing an unprotected horse loses (rule
       23), a protected one it may chase (rule 17, for a cannon), a horse
       chases a chariot even when it is protected (general rule 6), and an
       offered exchange is no chase (rule 40) */
    { "xiangqi-axf", "9/3k5/2h6/5R3/9/9/9/9/9/5K3 b - - 0 1",
      "d9d10 " XQ_ROOK_CHASES_HORSE " f7f8", OUTCOME_WIN, "perpetual chase" },
    { "xiangqi-axf", "3k5/9/2h6/2r2R3/9/9/9/9/9/5K3 w - - 0 1", XQ_ROOK_CHASES_HORSE " f7f8",
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-axf", "5k3/9/9/9/9/9/1R7/2hH5/9/R3K4 b - - 0 1", XQ_HORSE_CHASES_ROOK,
      OUTCOME_WIN, "perpetual chase" },
    { "xiangqi-axf", "3k5/9/9/9/9/9/9/1r7/9/R4K3 w - - 0 1",
      "a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1 a3b3 a1b1", OUTCOME_DRAW, "3-fold repetition" },
    /* Where they differ (the xiangqi cases are XBoard's rule as chase.c
       reads it; these games were not played through XBoard).  An
       elephant (or advisor) chases a chariot, cannon or horse even when
       it is protected: the horse on d2 steps aside to uncover the
       elephant's attack on the chariot, and comes back to attack it
       itself where it fled, protected by the chariot on e8 throughout.
       XBoard: only the horse's attacks chase, a draw */
#define XQ_ELEPHANT_UNCOVERED "d2b3 e3e4 b3d2 e4e3 d2b3 e3e4 b3d2 e4e3"
    { "xiangqi", "3k5/9/4r4/9/9/9/9/4r4/3H5/2E2K3 w - - 0 1", XQ_ELEPHANT_UNCOVERED " d2b3",
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-axf", "3k5/9/4r4/9/9/9/9/4r4/3H5/2E2K3 w - - 0 1", XQ_ELEPHANT_UNCOVERED " d2b3",
      OUTCOME_WIN, "perpetual chase" },
    /* A move that takes a piece's protection away chases it, with the
       pieces that attacked it all along (the rulebook's appendix: "Red
       keeps moving its pawn to keep the black knight unprotected"): the
       soldier steps into the file of the chariot that protects the
       cannon, which flees to the other file, and so on; the chariot on
       a5 attacks it throughout.  XBoard: no new attack, no chase */
#define XQ_SOLDIER_BLOCKS "e7f7 f5e5 f7e7 e5f5 e7f7 f5e5 f7e7 e5f5 e7f7"
    { "xiangqi", "5k3/4rr3/9/4P4/9/R4c3/9/9/9/3K5 w - - 0 1", XQ_SOLDIER_BLOCKS,
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-axf", "5k3/4rr3/9/4P4/9/R4c3/9/9/9/3K5 w - - 0 1", XQ_SOLDIER_BLOCKS,
      OUTCOME_WIN, "perpetual chase" },
    /* ...and so does a move that pins the protector (a pinned piece
       protects nothing, diagrams 83-85): the horse leaves the e-file,
       where the advisor then may not leave its general's file, so the
       cannon on f8 is unprotected; the cannon flees to f7, protected by
       the chariot on c7 until the horse returns to block it */
#define XQ_HORSE_PINS "e7d5 f8f7 d5e7 f7f8 e7d5 f8f7 d5e7 f7f8 e7d5"
    { "xiangqi", "4k4/4a4/5c3/2r1H4/9/9/9/9/9/4KR3 w - - 0 1", XQ_HORSE_PINS,
      OUTCOME_DRAW, "3-fold repetition" },
    { "xiangqi-axf", "4k4/4a4/5c3/2r1H4/9/9/9/9/9/4KR3 w - - 0 1", XQ_HORSE_PINS,
      OUTCOME_WIN, "perpetual chase" },
    /* "One check one chase" is a draw (rule 12, diagram 13): every move
       of the chariot attacks the unprotected cannon anew, but every other
       one uncovers the cannon's check as well.  XBoard: a chase */
#define XQ_CHECK_AND_CHASE "e5a5 a7e7 a5e5 e7a7 e5a5 a7e7 a5e5 e7a7 e5a5"
    { "xiangqi", "4k4/4a4/9/c8/9/4R4/9/4C4/9/3K5 w - - 0 1", XQ_CHECK_AND_CHASE,
      OUTCOME_WIN, "perpetual chase" },
    { "xiangqi-axf", "4k4/4a4/9/c8/9/4R4/9/4C4/9/3K5 w - - 0 1", XQ_CHECK_AND_CHASE,
      OUTCOME_DRAW, "3-fold repetition" },
    /* A piece that stays under attack is not chased by more attacks (the
       appendix's "non-perpetual chase": the victim does not flee): the
       soldier across the river is attacked by the horse on c5 or, through
       it on e6, by the cannon.  XBoard: each attack is new, a chase */
#define XQ_SOLDIER_ATTACKED "c5e6 d10d9 e6c5 d9d10 c5e6 d10d9 e6c5 d9d10 c5e6"
    { "xiangqi", "3k5/9/4C4/9/9/2H6/4p4/9/9/5K3 w - - 0 1", XQ_SOLDIER_ATTACKED,
      OUTCOME_WIN, "perpetual chase" },
    { "xiangqi-axf", "3k5/9/4C4/9/9/2H6/4p4/9/9/5K3 w - - 0 1", XQ_SOLDIER_ATTACKED,
      OUTCOME_DRAW, "3-fold repetition" },
    /* the move rule; xiangqi leaves checking moves out of the count (the
       search drew at 120 plies whatever the checks) */
    { "chess", "4k3/8/8/8/8/8/3P4/4K2R w - - 99 80", "h1h2", OUTCOME_DRAW, "50-move rule" },
    { "chess", "4k3/8/8/8/8/8/3P4/4K2R w - - 97 80", "h1h2", OUTCOME_NONE, NULL },
    { "chess", "7k/8/5K2/8/8/8/8/6Q1 w - - 99 80", "g1g7", OUTCOME_LOSS, "White mates" },
    { "xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 116 80",
      "e2d2 d10e10 d2a2 e10d10", OUTCOME_NONE, NULL },
    { "xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 116 80",
      "e2d2 d10e10 d2a2 e10d10 a2b2 d10e10", OUTCOME_DRAW, "60-move rule" },
    /* ... and the answers to checks, as XBoard counts: 122 plies, 2 checks
       and 2 answers leave 118 (claimed as a draw before, and refused by
       XBoard as a false claim) */
    { "xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 114 80",
      "e2d2 d10e10 d2d3 e10e9 d3e3 e9d9 e3a3 d9d10", OUTCOME_NONE, NULL },
    { "xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 116 80",
      "e2d2 d10e10 d2d3 e10e9 d3e3 e9d9 e3a3 d9d10", OUTCOME_DRAW, "60-move rule" },
    /* insufficient material; with the bare-king rule two bare kings draw */
    { "chess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1e2", OUTCOME_DRAW, "insufficient material" },
    { "chess", "4k3/8/8/8/8/8/4r3/3K4 w - - 0 1", "d1c1", OUTCOME_NONE, NULL },
    { "shatranj", "3k4/3Q4/8/8/8/8/8/4K3 b - - 0 1", "d8d7", OUTCOME_DRAW, "insufficient material" },
    /* bare king: the bared side's grace move is played before the end */
    { "shatranj", "7k/8/8/8/8/8/3q4/R3K3 w - - 0 1", "e1d2 h8g8", OUTCOME_WIN,
      "White wins: bare king" },
    { "losers", "7k/8/8/8/8/8/3q4/R3K3 w - - 0 1", "e1d2", OUTCOME_WIN, NULL },
    /* extinction, any listed type or all together */
    { "extinction", "rnb1kbnr/pppppppp/8/8/8/3q4/PPPPPPPP/RNBQKBNR w - - 0 1", "e2d3",
      OUTCOME_LOSS, NULL },
    { "horde", "4k3/8/8/8/8/8/4r3/4P3 b - - 0 1", "e2e1", OUTCOME_LOSS, NULL },
    /* flag, check limit, explosions */
    { "kingofthehill", "7k/8/8/8/8/2K5/8/8 w - - 0 1", "c3d4", OUTCOME_LOSS, NULL },
    /* extinction by count: the third king of three, the third-last pawn */
    { "threekings", "k6k/8/8/8/8/3k4/4K3/K6K w - - 0 1", "e2d3", OUTCOME_LOSS,
      "White wins: Black is down to 2 (king)" },
    /* koedem: no king left counts once the other player has two */
    { "koedem", "4k3/p7/8/8/8/8/8/4RK2[] w - - 0 1", "e1e8", OUTCOME_NONE, NULL },
    { "koedem", "4k3/p7/8/8/8/8/8/K3RK2[] w - - 0 1", "e1e8", OUTCOME_LOSS,
      "White wins: Black has no king left" },
    { "extinction", "rnb1kbnr/pppppppp/8/8/8/3q4/PPPPPPPP/RNBQKBNR w - - 0 1", "e2d3",
      OUTCOME_LOSS, "White wins: Black has no queen left" },
    { "threekings", "k6k/8/8/8/8/3k4/8/K3K2K w - - 0 1", "e1f1", OUTCOME_NONE, NULL },
    { "extinction-count", "rnbqkbnr/1ppp4/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", "b7b6",
      OUTCOME_NONE, NULL },
    { "extinction-count", "rnbqkbnr/ppp5/8/8/8/8/1PPPPPPP/RNBQKBNR w - - 0 1", "a1a7",
      OUTCOME_LOSS, NULL },
    /* a flag with a reply for every arrival (jesonmor): the reply may take
       the piece there, and the taker then stands there in its turn (that
       the arrival itself ends nothing is in test_position: the search
       sees these lines to their end) */
    { "jesonmor", "9/9/5n3/9/9/9/3N5/9/N8 w - - 0 1", "d3e5 f7d8", OUTCOME_WIN,
      "White reaches the flag" },
    { "jesonmor", "9/9/5n3/9/9/9/3N5/9/N8 w - - 0 1", "d3e5 f7e5 a1b3", OUTCOME_WIN,
      "Black reaches the flag" },
    { "koth-reply", "8/8/8/7q/8/2K5/8/7k w - - 0 1", "c3d4 h5e5", OUTCOME_DRAW,
      "both players reached the flag" },
    { "koth-reply", "8/8/8/7q/8/2K5/8/7k w - - 0 1", "c3d4 h5h6", OUTCOME_WIN,
      "White reaches the flag" },
    /* the try: a royal lion can only arrive unattacked, and wins at once */
    { "dobutsu", "2l/L2/3/3[] w - - 0 1", "a3a4", OUTCOME_LOSS, "White reaches the flag" },
    /* racing kings: Black may answer White's arrival by arriving too */
    { "racingkings", "8/1k2K3/8/8/8/8/8/8 w - - 0 1", "e7e8 b7b8", OUTCOME_DRAW,
      "both players reached the flag" },
    { "racingkings", "8/1k2K3/8/8/8/8/8/8 w - - 0 1", "e7e8 b7a7", OUTCOME_WIN,
      "White reaches the flag" },
    { "racingkings", "8/4K3/8/8/1k6/8/8/8 w - - 0 1", "e7e8", OUTCOME_LOSS, NULL },
    { "3check", "7k/8/8/8/8/8/8/K5R1 w - - 1+3 0 1", "g1h1", OUTCOME_LOSS,
      "White gives check 3 times" },
    { "atomic", "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e7", OUTCOME_LOSS, NULL },
    /* shatar: a mate wins only after a shak (a check by a knight, rook or
       berse) in the unbroken series of checks that ends in it.  The
       series here starts with the rook's check the FEN stands in. */
    { "shatar", "1b6/pk2R3/8/2p4B/8/8/8/7K b - - 0 1", "b7a8 h5f3", OUTCOME_LOSS,
      "White mates" },
    { "shatar", "1b6/pk2R3/8/2p4B/8/8/8/7K b - - 0 1", "b7a8 h1g1 c5c4 h5f3", OUTCOME_DRAW,
      "mate without shak" },
    { "shatar", "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1", "a1a8", OUTCOME_LOSS, "White mates" },
};

/* A side that checked or chased throughout is to move at the repetition:
 * it has not repeated the position itself, and XBoard lets the game go on
 * (it must deviate, or lose by repeating); the referee must not end the
 * game (its claim would be false), while the search counts the line as
 * lost for that side (`want`).  XBoard, given these games, did not
 * adjudicate. */
static const RuleCase culprit_to_move_cases[] = {
    { "xiangqi", "9/3k5/9/9/9/9/9/9/4R4/5K3 b - - 0 1",
      "d9d10 e2d2 d10e10 d2e2 e10d10 e2d2 d10e10 d2e2 e10d10", OUTCOME_LOSS, NULL },
    { "xiangqi", "9/3k5/2h6/5R3/9/9/9/9/9/5K3 b - - 0 1", "d9d10 " XQ_ROOK_CHASES_HORSE,
      OUTCOME_LOSS, NULL },
    { "xiangqi-axf", "3k5/9/4r4/9/9/9/4r4/9/3H5/2E2K3 b - - 0 1", "e4e3 " XQ_ELEPHANT_UNCOVERED,
      OUTCOME_LOSS, NULL },
};

/* What the referee says after the moves; fills `reason`. */
static Outcome referee(Position *pos, char *reason, size_t n)
{
    GameEnd end;
    bool over = rules_game_end(pos, &end);
    snprintf(reason, n, "%s", end.reason);
    return over ? end.outcome : OUTCOME_NONE;
}

static int searched_score;
static void grab_score(const Position *root, const SearchInfo *info, void *ctx)
{
    (void)root; (void)ctx;
    searched_score = info->score;
}

/* The search's score for `last` from `before` (searching that move only),
 * from the view of the side to move after it.  Depth 2 sees a position
 * without moves; depth 1 only the rules at the position itself (and then
 * its static evaluation), since deeper the game may well end by a rule
 * one move later. */
static int search_score(const Position *before, Move last, int depth)
{
    Search *s = search_create(1);
    EvalTables *et = eval_tables_create(before->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    search_set_eval(s, et);
    MoveList *only = calloc(1, sizeof *only);
    CU_ASSERT_PTR_NOT_NULL_FATAL(only);
    only->m[only->n++] = last;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.multipv = 1;
    lim.include = only;
    SearchCallbacks cb = { grab_score, NULL, NULL };
    searched_score = -SCORE_INF;
    search_run(s, before, &lim, &cb, NULL);
    search_destroy(s);
    eval_tables_destroy(et);
    free(only);
    return -searched_score;
}

static bool search_agrees(Outcome want, int score)
{
    switch (want) {
    case OUTCOME_WIN:  return score >= MATE_BOUND;
    case OUTCOME_LOSS: return score <= -MATE_BOUND;
    case OUTCOME_DRAW: return score == 0;
    default:           return score != 0 && score > -MATE_BOUND && score < MATE_BOUND;
    }
}

static const char *outcome_name(Outcome o)
{
    return o == OUTCOME_WIN ? "win" : o == OUTCOME_LOSS ? "loss"
         : o == OUTCOME_DRAW ? "draw" : "none";
}

/* Play the case's moves; returns the last one, with `pos` before it in
 * `before` and after it in `pos`. */
static Move play_case(const RuleCase *c, Position *pos, Position *before)
{
    const Variant *v = varset_find(&set, c->variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    char err[200], buf[512], why[100];
    if (position_set_fen(pos, v, c->fen, err, sizeof err) != 0) {
        fprintf(stderr, "\n    %s %s: %s\n", c->variant, c->fen, err);
        CU_FAIL_FATAL("bad FEN");
    }
    snprintf(buf, sizeof buf, "%s", c->moves);
    Move m = { 0 };
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (!move_parse(pos, t, false, &m, why, sizeof why)) {
            fprintf(stderr, "\n    %s: move %s: %s\n", c->variant, t, why);
            CU_FAIL_FATAL("bad move");
        }
        memcpy(before, pos, sizeof *pos);
        position_make(pos, m);
    }
    return m;
}

/* Play the case; the referee must say `referee_want` (and the case's
 * reason), the search must score the case's `want`. */
static void check_case(const RuleCase *c, Outcome referee_want, Position *pos, Position *before)
{
    Move last = play_case(c, pos, before);
    char reason[80];
    Outcome said = referee(pos, reason, sizeof reason);
    int score = search_score(before, last, c->want == OUTCOME_NONE ? 1 : 2);
    bool ref_ok = said == referee_want && (!c->reason || strcmp(reason, c->reason) == 0);
    bool search_ok = search_agrees(c->want, score);
    if (!ref_ok || !search_ok)
        fprintf(stderr, "\n    %s %s [%s]: want %s '%s', referee %s; referee %s '%s', search %d\n",
                c->variant, c->fen, c->moves, outcome_name(c->want),
                c->reason ? c->reason : "", outcome_name(referee_want), outcome_name(said),
                reason, score);
    CU_ASSERT(ref_ok);
    CU_ASSERT(search_ok);
}

static void test_referee_and_search_agree(void)
{
    Position *pos = malloc(sizeof *pos), *before = malloc(sizeof *before);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(before);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_case(&cases[i], cases[i].want, pos, before);
    free(pos);
    free(before);
}

static void test_culprit_to_move_plays_on(void)
{
    Position *pos = malloc(sizeof *pos), *before = malloc(sizeof *before);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(before);
    size_t n = sizeof culprit_to_move_cases / sizeof *culprit_to_move_cases;
    for (size_t i = 0; i < n; i++)
        check_case(&culprit_to_move_cases[i], OUTCOME_NONE, pos, before);
    free(pos);
    free(before);
}

/* The check flags the rules read from the history are the same whether
 * the search filled them as it went or the rules replayed the moves. */
static void test_check_flags(void)
{
    const Variant *v = varset_find(&set, "xiangqi");
    Position *pos = malloc(sizeof *pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    char err[200], why[100];
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
                                           err, sizeof err), 0);
    const char *moves[] = { "e2d2", "d10e10", "d2a2", "e10d10", "a2a10" };
    const int gave[] = { 1, 0, 0, 0, 1 };
    for (int i = 0; i < 5; i++) {
        Move m;
        CU_ASSERT_TRUE_FATAL(move_parse(pos, moves[i], false, &m, why, sizeof why));
        position_make(pos, m);
        CU_ASSERT_EQUAL(pos->undo[pos->ply - 1].gave_check, GAVE_CHECK_UNKNOWN);
    }
    uint64_t hash = pos->hash;
    rules_note_checks(pos, 100);
    CU_ASSERT_EQUAL(pos->hash, hash);
    CU_ASSERT_EQUAL(pos->ply, 5);
    for (int i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(pos->undo[i].gave_check, gave[i]);
    free(pos);
}

/* shatar: a knight may not mate (`mates: forbidden`), so Nf7, a smothered
 * mate, is not a legal move; a knight check that does not mate is. */
static void test_knight_may_not_mate(void)
{
    const Variant *v = varset_find(&set, "shatar");
    Position *pos = malloc(sizeof *pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    char err[200], why[100];
    Move m;
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "6rk/6pp/8/4N3/8/8/8/1K6 w - - 0 1",
                                           err, sizeof err), 0);
    CU_ASSERT_FALSE(move_parse(pos, "e5f7", false, &m, why, sizeof why));
    CU_ASSERT_TRUE(move_parse(pos, "e5g6", false, &m, why, sizeof why));
    free(pos);
}

/* Past an immediate end (the flag reached) the referee gives no move,
 * until the players go on past it (a GUI that did not take the result):
 * then every legal move, the end still reported, and a FEN clears it. */
static void test_play_past_end(void)
{
    const Variant *v = varset_find(&set, "kingofthehill");
    Position *pos = malloc(sizeof *pos);
    MoveList *ml = malloc(sizeof *ml);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ml);
    char err[200], why[100];
    Move m;
    GameEnd end;
    const char *fen = "8/8/8/8/3K4/8/8/k7 b - - 0 1";
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fen, err, sizeof err), 0);
    rules_playable_moves(pos, ml);
    CU_ASSERT_EQUAL(ml->n, 0);
    CU_ASSERT_FALSE(move_parse(pos, "a1b1", false, &m, why, sizeof why));
    pos->play_past_end = true;
    rules_playable_moves(pos, ml);
    CU_ASSERT_EQUAL(ml->n, 3);
    CU_ASSERT_TRUE(move_parse(pos, "a1b1", false, &m, why, sizeof why));
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.cause, END_IMMEDIATE);
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fen, err, sizeof err), 0);
    CU_ASSERT_FALSE(pos->play_past_end);
    free(ml);
    free(pos);
}

/* Play `moves` from `fen` in `variant` into *pos. */
static void play_moves(Position *pos, const char *variant, const char *fen, const char *moves)
{
    RuleCase c = { variant, fen, moves, OUTCOME_NONE, NULL };
    Position *before = malloc(sizeof *before);
    CU_ASSERT_PTR_NOT_NULL_FATAL(before);
    play_case(&c, pos, before);
    free(before);
}

/* Perpetual check is judged first: a side that checked with every move
 * loses by it even if it chased as well, and when both checked it is a
 * draw without looking at chases (XBoard).  The check flags of a real
 * chase are set by hand, as if every move had checked. */
static void test_check_outranks_chase(void)
{
    Position *pos = malloc(sizeof *pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    play_moves(pos, "xiangqi", "9/3k5/2h6/5R3/9/9/9/9/9/5K3 b - - 0 1",
               "d9d10 " XQ_ROOK_CHASES_HORSE " f7f8");
    Perpetual p;
    CU_ASSERT_EQUAL(rules_repetition(pos, 8, &p), OUTCOME_WIN);
    CU_ASSERT_EQUAL(p.kind, PERPETUAL_CHASE);
    CU_ASSERT_EQUAL(p.side, WHITE);
    /* (the judgement above replayed the cycle, so every flag is known
       now and is not worked out again) */
    for (int k = 0; k < 8; k += 2)          /* White's moves: the last one and back */
        pos->undo[pos->ply - 1 - k].gave_check = 1;
    CU_ASSERT_EQUAL(rules_repetition(pos, 8, &p), OUTCOME_WIN);
    CU_ASSERT_EQUAL(p.kind, PERPETUAL_CHECK);
    CU_ASSERT_EQUAL(p.side, WHITE);
    for (int k = 1; k < 8; k += 2)          /* and Black's */
        pos->undo[pos->ply - 1 - k].gave_check = 1;
    CU_ASSERT_EQUAL(rules_repetition(pos, 8, &p), OUTCOME_DRAW);
    CU_ASSERT_EQUAL(p.kind, PERPETUAL_NONE);
    free(pos);
}

/* Whether a victim is protected is tested as if the checks the chasing
 * move gave had been answered: the chariot's move to a5 uncovers the
 * cannon's check and attacks the horse, which the black chariot could
 * take back only with its king left in that check; XBoard counts it as
 * protected, so the move does not chase it.  Without the protector it
 * does.  The position comes back exactly. */
static void test_protection_ignores_checks_given(void)
{
    Position *pos = malloc(sizeof *pos);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    bool chasing[2];
    play_moves(pos, "xiangqi", "r3k4/9/h3p4/9/9/4R4/9/4C4/9/3K5 w - - 0 1", "e5a5 e10f10");
    uint64_t hash = pos->hash;
    int ply = pos->ply;
    chase_judge(pos, 2, chasing);
    CU_ASSERT_FALSE(chasing[WHITE]);
    CU_ASSERT_FALSE(chasing[BLACK]);
    CU_ASSERT_EQUAL(pos->hash, hash);
    CU_ASSERT_EQUAL(pos->ply, ply);
    CU_ASSERT_EQUAL(pos->undo[ply - 2].gave_check, GAVE_CHECK_UNKNOWN);
    play_moves(pos, "xiangqi", "4k4/9/h3p4/9/9/4R4/9/4C4/9/3K5 w - - 0 1", "e5a5 e10f10");
    chase_judge(pos, 2, chasing);
    CU_ASSERT_TRUE(chasing[WHITE]);
    CU_ASSERT_FALSE(chasing[BLACK]);
    free(pos);
}

int main(void)
{
    zobrist_init();
    varset_init(&set);
    if (varset_load_builtin(&set, stderr, "") != 0
        || varset_load_text(&set, "test_rules", custom_variants, stderr, "") != 0)
        return 1;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    CU_pSuite s = CU_add_suite("rules", NULL, NULL);
    CU_add_test(s, "referee and search agree on every rule", test_referee_and_search_agree);
    CU_add_test(s, "a perpetual's culprit to move plays on", test_culprit_to_move_plays_on);
    CU_add_test(s, "perpetual check outranks perpetual chase", test_check_outranks_chase);
    CU_add_test(s, "protection ignores the checks the chasing move gave",
                test_protection_ignores_checks_given);
    CU_add_test(s, "check flags from the search and from replay", test_check_flags);
    CU_add_test(s, "a knight may not mate (shatar)", test_knight_may_not_mate);
    CU_add_test(s, "moves past an immediate end once the players go on", test_play_past_end);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures();
    CU_cleanup_registry();
    varset_free(&set);
    return failures ? 1 : 0;
}
