/*
 * movegen_internal.h — what the parts of the move generator share
 * (movegen.c: pieces, promotion, all and legal moves; movegen_castle.c:
 * castling; movegen_hand.c: drops, gating, pickups).  Not for other layers.
 */
#ifndef MOVEGEN_INTERNAL_H
#define MOVEGEN_INTERNAL_H

#include "board/movegen.h"

static inline void push(MoveList *ml, int from, int to, int kind, int piece, int flags)
{
    Move *m = &ml->m[ml->n++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->kind = (uint8_t)kind;
    m->piece = (uint8_t)piece;
    m->victim[0] = m->victim[1] = 0;
    m->nvictims = 0;
    m->flags = (uint8_t)flags;
}

/* Castling moves of the side to move (movegen_castle.c). */
void movegen_castling_moves(const Position *pos, MoveList *ml);

/* Drops from the hand of the side to move (movegen_hand.c). */
void movegen_drop_moves(const Position *pos, MoveList *ml);

/* seirawan: copies of the moves ml[first..n) that bring a piece in from
 * hand (movegen_hand.c). */
void movegen_gated_moves(const Position *pos, MoveList *ml, int first);

/* hand.pickup: the side's pieces into its hand (movegen_hand.c). */
void movegen_pickup_moves(const Position *pos, MoveList *ml);

#endif
