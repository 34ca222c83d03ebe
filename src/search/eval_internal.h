/*
 * eval_internal.h — the layout of EvalTables, shared by the file that
 * builds them (eval_tables.c) and the one that reads them (eval.c).
 * Nothing outside src/search/eval*.c includes it: everyone else sees
 * the tables through eval.h.
 *
 * Every weight comes from `params` (defaults derived from the variant,
 * then the variant's `eval:` section): the tables hold them as the
 * integers the evaluation adds, so evaluating reads no parameter by name.
 */
#ifndef EVAL_INTERNAL_H
#define EVAL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "search/eval.h"

struct EvalTables {
    int nsq;
    int value[MAX_PIECE_TYPES];           /* base values: phase, exchanges, defaults */
    int capture_value[MAX_PIECE_TYPES];
    int hand_value[MAX_PIECE_TYPES];      /* base value in hand */
    bool pawnlike[MAX_PIECE_TYPES];
    bool slider[MAX_PIECE_TYPES];
    bool file_slider[MAX_PIECE_TYPES];    /* slides straight ahead: wants open files */
    bool colour_bound[MAX_PIECE_TYPES];   /* bound to one square colour: a pair on both */
    int advance_scale[MAX_PIECE_TYPES];   /* x256: what advancing a pawn-like is worth */
    bool royal[MAX_PIECE_TYPES];
    int mob_expect[MAX_PIECE_TYPES];      /* slider squares expected, x4 */
    int phase_total;                      /* piece material of the start position */
    bool checkmate_wins;                  /* mate is how a pawnless ending is won */
    bool material_hurts;                  /* losing everything wins (giveaway,
                                             suicide): material counts against */
    bool rotated;                         /* black's squares are white's turned round */

    /* the weights, [0] middlegame and [1] endgame */
    int material[2][MAX_PIECE_TYPES];
    int hand[2][MAX_PIECE_TYPES];
    int mobility[2][MAX_PIECE_TYPES];     /* x (4 x squares - mob_expect) / 4 */
    int pair[2][MAX_PIECE_TYPES];
    int threat[2][MAX_PIECE_TYPES];
    int attack_weight[MAX_PIECE_TYPES];   /* king-attack units */
    int tempo[2], isolated[2], doubled[2];
    int passed[2][EVAL_PASSED_STEPS];
    int open_file[2], half_open_file[2];
    int shield[2];                        /* [one rank ahead, two ranks ahead], mg */
    int king_danger[2];                   /* percent */
    int danger_scale, danger_cap;
    int mop_up[EVAL_MOP_UP_TERMS];
    int bare_king[4];                     /* by pieces left: 0 (none: no bonus), 1, 2, 3 */
    int drawish[2], drawish_divisor[2];

    int16_t pst[2][2][MAX_PIECE_TYPES][MAX_SQUARES];   /* [mg/eg][colour][type][sq] */
    int8_t progress[2][MAX_PIECE_TYPES][MAX_SQUARES];   /* 0..16 toward promotion */
    SquareSet zone[MAX_SQUARES];          /* the royal's neighbourhood */
    int8_t center_dist[MAX_SQUARES];
    int8_t corner_lead[2][MAX_SQUARES];   /* nearer a corner of that square colour (eval_tables.c) */

    EvalParams params;                    /* what the weights were made from */
    NnueNet *net;                         /* evaluates instead of the terms when set */
};

#endif
