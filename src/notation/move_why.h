/*
 * move_why.h — why a written move is not legal: an empty from-square, the
 * other side's piece, one's own piece on the target, a piece that cannot
 * move so, castling without the right, a pinned piece or a king left in
 * check, a drop of a piece not in hand, a second pawn on a file (nifu), a
 * pawn drop that mates, a multi-leg move written without its legs or
 * through squares it does not take, a move after the game ended...
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
    bool promo_minus;       /* '-' after the squares (a flip back, promotion.every-move) */
    bool drop_plus;         /* '+' before a drop (+P@c3: it enters promoted) */
    bool castle_text;       /* O-O or O-O-O */
    bool castle_long;       /* O-O-O */
    bool pass;              /* @@@@, XBoard's null move */
    bool pickup;            /* @@e2: into the hand (hand.pickup) */
    bool cecp_ranks;        /* squares numbered as XBoard does (move_text.h) */
    bool legs;              /* a multi-leg move written leg by leg (e4f5,f5g6) or with
                               XBoard's kill squares (e4g6;f5) */
    int  nvia;              /* the squares where its legs meet, in path order */
    int  via[2];
    bool castle_legs;       /* castling as the king's leg, then the partner's (f1g1,k1f1) */
    int  partner_from, partner_to;
} WrittenMove;

/* Does the generated move m take, on its way, exactly the pieces standing
 * where w's legs meet (empty meeting squares are passed, as XBoard merges
 * such legs)?  A move written without legs takes nothing on its way. */
bool move_victims_written(const Position *pos, const WrittenMove *w, Move m);

/* The reason, as a phrase for "Illegal move (WHY): MOVE". */
void move_why_illegal(Position *pos, const WrittenMove *w, char *why, size_t size);

#endif
