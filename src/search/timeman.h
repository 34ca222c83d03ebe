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

/* With a fixed time per move the search runs to the limit every move, so
 * any late wake-up of the process flags it: a loaded machine delayed a
 * 970 ms move of `st 1` past XBoard's second (makruk, #31).  Such a move
 * keeps this much, or a fifth of a very short time. */
#define TIMEMAN_FIXED_SAFETY_MS 100

typedef struct {
    bool    timed;      /* false: only depth / nodes / stop end the search */
    bool    fixed;      /* fixed time per move: use all of it */
    int64_t soft_ms;    /* don't start another iteration after this */
    int64_t hard_ms;    /* stop the search at once after this */
    uint64_t node_clock_nps;  /* > 0: time is counted in nodes at this rate */
} TimePlan;

/* The longest clock, increment or move time taken from a GUI (some 31
 * years): the front ends clamp longer ones to it, and so does
 * timeman_plan, which keeps every sum and product here far from overflow. */
#define TIME_MAX_MS 1000000000000LL

/* Make `lim` a search that plays at once: one ply, without clock, node or
 * mate limit.  For a clock that has run out and for limits below their
 * minimum (a negative move time or depth): there "no time" must not read
 * as "no clock", which would think without end. */
void timeman_move_now(SearchLimits *lim);

/* `side` is the side to move, `nroot` the number of legal moves. */
void timeman_plan(const SearchLimits *lim, int side, int nroot, TimePlan *tp);

/* What the last iteration says of how settled the search is. */
typedef struct {
    int stability;     /* iterations in a row the best move did not change */
    int score_drop;    /* how much the score fell since the last iteration (cp, >= 0) */
    int best_share;    /* the best move's share of the nodes searched, per mille
                          (-1: unknown) */
} TimeSignals;

/* The soft limit for these signals: a stable best move that took most
 * of the effort needs less time, a changing one or a falling score more;
 * never above the hard limit. */
int64_t timeman_soft_limit(const TimePlan *tp, const TimeSignals *sig);

/* After an iteration: may the search start another? */
bool timeman_continue(const TimePlan *tp, int64_t elapsed_ms, const TimeSignals *sig);

#endif
