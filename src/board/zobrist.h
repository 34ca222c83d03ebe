/*
 * zobrist.h — Zobrist hash keys.  The table is filled once, before any
 * position exists (zobrist_init), from a fixed seed so hashes and thus
 * search signatures are reproducible; after that it is read-only.
 */
#ifndef ZOBRIST_H
#define ZOBRIST_H

#include <stdint.h>
#include "variant/variant.h"

#define ZOBRIST_CODES  (2 * MAX_PIECE_TYPES + 1)
#define ZOBRIST_TURN   64   /* moves left in a turn, modulo this */
#define ZOBRIST_HAND   64   /* hand counts above this share the last key */

typedef struct {
    uint64_t piece[ZOBRIST_CODES][MAX_SQUARES];
    uint64_t mark[MAX_SQUARES];
    uint64_t hand[2][MAX_PIECE_TYPES][ZOBRIST_HAND];
    uint64_t virgin[MAX_SQUARES];
    uint64_t ep[MAX_SQUARES];
    uint64_t checks[2][16];
    uint64_t side;
    uint64_t turn[ZOBRIST_TURN]; /* moves left in the turn (multi-move turns only) */
    uint64_t shak[4];            /* Position.shak, for the search's table key only */
} ZobristKeys;

extern const ZobristKeys *zobrist;

void zobrist_init(void);

static inline uint64_t zobrist_hand(int color, int type, int count)
{
    return zobrist->hand[color][type][count < ZOBRIST_HAND ? count : ZOBRIST_HAND - 1];
}

/* The key of `left` moves left in the turn. */
static inline uint64_t zobrist_turn(int left)
{
    return zobrist->turn[left & (ZOBRIST_TURN - 1)];
}

#endif
