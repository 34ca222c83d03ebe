/*
 * eval_internal.h — the layout of EvalTables, shared by the file that
 * builds them (eval_tables.c) and the one that reads them (eval.c).
 * Nothing outside src/search/eval*.c includes it: everyone else sees
 * the tables through eval.h.
 */
#ifndef EVAL_INTERNAL_H
#define EVAL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "search/eval.h"

struct EvalTables {
    int nsq;
    int value[MAX_PIECE_TYPES];
    int capture_value[MAX_PIECE_TYPES];
    int hand_value[MAX_PIECE_TYPES];
    bool pawnlike[MAX_PIECE_TYPES];
    bool slider[MAX_PIECE_TYPES];
    bool file_slider[MAX_PIECE_TYPES];    /* slides straight ahead: wants open files */
    int pair_bonus[MAX_PIECE_TYPES];      /* bound to one square colour: a pair on both */
    int advance_scale[MAX_PIECE_TYPES];   /* x256: what advancing a pawn-like is worth */
    bool royal[MAX_PIECE_TYPES];
    int mob_expect[MAX_PIECE_TYPES];      /* slider squares expected, x4 */
    int attack_weight[MAX_PIECE_TYPES];   /* king-attack units */
    int phase_total;                      /* piece material of the start position */
    bool checkmate_wins;                  /* mate is how a pawnless ending is won */
    bool material_hurts;                  /* losing everything wins (giveaway,
                                             suicide): material counts against */
    int16_t pst[2][2][MAX_PIECE_TYPES][MAX_SQUARES];   /* [mg/eg][colour][type][sq] */
    int8_t progress[2][MAX_PIECE_TYPES][MAX_SQUARES];   /* 0..16 toward promotion */
    SquareSet zone[MAX_SQUARES];          /* the royal's neighbourhood */
    int8_t center_dist[MAX_SQUARES];
};

#endif
