/*
 * fen_internal.h — what reading (fen.c) and writing (fen_write.c) a FEN
 * both need: where castling and gating happen.  Inside notation/ only.
 */
#ifndef FEN_INTERNAL_H
#define FEN_INTERNAL_H

#include "board/position.h"

/* The rank castling and gating happen on, for `color`. */
static inline int fen_back_rank(const Variant *v, int color)
{
    return color == WHITE ? v->castling.rank : v->ranks - 1 - v->castling.rank;
}

/* The castling piece of `color` for castling rights, or -1. */
static inline int fen_castling_king(const Position *pos, int color)
{
    const Variant *v = pos->v;
    if (!v->castling.enabled)
        return -1;
    int rank = fen_back_rank(v, color);
    for (int f = 0; f < v->files; f++) {
        int sq = var_square(v, f, rank);
        if (pos->board[sq] == piece_code(v->castling.king, color))
            return sq;
    }
    return -1;
}

/* Is the piece on sq a castling partner of `color`? */
static inline bool fen_castling_partner(const Position *pos, int sq, int color)
{
    uint8_t c = pos->board[sq];
    return c && c != HOLE && code_color(c) == color
        && (pos->v->castling.partners >> code_type(c) & 1);
}

#endif
