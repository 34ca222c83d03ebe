/*
 * timeman.h — how long to think: from the clock, increment, moves to go,
 * fixed time per move or a node-rate clock.  Pure arithmetic on the
 * limits; the search measures time and asks.
 */
#ifndef TIMEMAN_H
#define TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>
#include "search/limits.h"

/* Time kept in reserve on every move for the protocol round trip and
 * the operating system: we never think so long that the flag falls. */
#define TIMEMAN_SAFETY_MS 30

typedef struct {
    bool    timed;      /* false: only depth / nodes / stop end the search */
    bool    fixed;      /* fixed time per move: use all of it */
    int64_t soft_ms;    /* don't start another iteration after this */
    int64_t hard_ms;    /* stop the search at once after this */
    uint64_t node_clock_nps;  /* > 0: time is counted in nodes at this rate */
} TimePlan;

/* `side` is the side to move, `nroot` the number of legal moves. */
void timeman_plan(const SearchLimits *lim, int side, int nroot, TimePlan *tp);

/* After an iteration: may the search go on?  `stability` counts the
 * iterations the best move did not change, `score_drop` how much the
 * score fell since the last iteration (centipawns, >= 0). */
bool timeman_continue(const TimePlan *tp, int64_t elapsed_ms, int stability, int score_drop);

#endif
