/*
 * see.h — static exchange evaluation for any piece set.
 */
#ifndef SEE_H
#define SEE_H

#include "search/eval.h"
#include "board/position.h"

/* Material the side to move expects to gain from `m` if both sides keep
 * capturing on its target square with their least valuable piece (each
 * may stop).  Works for quiet moves and drops too (0 when the piece is
 * safe there).  The board is changed during the call and restored. */
int see_exchange(Position *pos, const EvalTables *et, Move m);

#endif
