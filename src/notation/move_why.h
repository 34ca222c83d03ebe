/*
 * move_why.h — why a written move is not legal: an empty from-square, the
 * other side's piece, one's own piece on the target, a piece that cannot
 * move so, castling without the right, a pinned piece or a king left in
 * check, a drop of a piece not in hand, a second pawn on a file (nifu), a
 * pawn drop that mates, a move after the game ended...
 *
 * Only move_parse (move_text.h) calls it, once it has found no legal move
 * matching the text: a legal move costs nothing.
 */
#ifndef MOVE_WHY_H
#define MOVE_WHY_H

#include <stdbool.h>
#include <stddef.h>
#include "board/position.h"

/* A move as written, its parts found by move_parse. */
typedef struct {
    int  from, to;          /* squares, -1 when not written (drops, O-O) */
    int  drop_type;         /* the type dropped, or NO_TYPE */
    int  letter;            /* promotion or gating letter after the squares, or 0 */
    bool promo_plus;        /* '+' after the squares (shogi promotion) */
    bool castle_text;       /* O-O or O-O-O */
    bool castle_long;       /* O-O-O */
    bool pass;              /* @@@@, XBoard's null move */
    bool cecp_ranks;        /* squares numbered as XBoard does (move_text.h) */
} WrittenMove;

/* The reason, as a phrase for "Illegal move (WHY): MOVE". */
void move_why_illegal(Position *pos, const WrittenMove *w, char *why, size_t size);

#endif
