/*
 * limits.h — what may end a search: depth, nodes, the clock, a mate
 * found, the user.  Filled by the protocol front ends, read by the
 * search and by time management (timeman.h), which is why it has a
 * header of its own.
 */
#ifndef SEARCH_LIMITS_H
#define SEARCH_LIMITS_H

#include <stdbool.h>
#include <stdint.h>
#include "board/move.h"

typedef struct {
    int      depth;            /* 0: no depth limit */
    uint64_t nodes;            /* 0: no node limit */
    int64_t  movetime_ms;      /* fixed time for this move (st / movetime); 0: none */
    int64_t  time_ms[2];       /* remaining clock per colour; < 0: no clock */
    int64_t  inc_ms[2];        /* increment per move */
    int      movestogo;        /* moves to the next time control; 0: sudden death */
    int      nps;              /* node-rate time control (CECP 'nps'); 0: off */
    bool     infinite;         /* analysis / go infinite: only stop ends it */
    bool     ponder;           /* pondering: the clock starts at ponderhit */
    int      multipv;          /* 1 = normal */
    int      mate;             /* search for a mate in this many moves; 0: off */
    MoveList *include;         /* restrict root moves (searchmoves); NULL: all */
    MoveList *exclude;         /* root moves to leave out (CECP exclude); NULL: none */
} SearchLimits;

#endif
