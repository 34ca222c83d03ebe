/*
 * history.c — updating killers, counter moves and history scores (see
 * history.h).  Bonuses grow with the depth squared and saturate toward
 * HISTORY_MAX, so old successes fade as new ones arrive.
 */
#include <stdlib.h>
#include <string.h>
#include "search/history.h"

static void history_update(int16_t *h, int bonus)
{
    int v = *h + bonus - *h * abs(bonus) / HISTORY_MAX;
    *h = (int16_t)(v > HISTORY_MAX ? HISTORY_MAX : v < -HISTORY_MAX ? -HISTORY_MAX : v);
}

/* m's entries (main and continuation) move by `bonus`. */
static void update_quiet(History *h, const Position *pos, Move m, int bonus, int prev1,
                         int prev2)
{
    history_update(history_slot(h, pos, m), bonus);
    int key = history_cont_key(h, pos, m);
    if (key == CONT_NONE)
        return;
    if (prev1 != CONT_NONE)
        history_update(history_cont_slot(h, prev1, key), bonus);
    if (prev2 != CONT_NONE)
        history_update(history_cont_slot(h, prev2, key), bonus);
}

/* The bonus for a cut-off at `depth`. */
static int depth_bonus(int depth)
{
    int bonus = depth * depth * 24 + depth * 200 - 200;
    return bonus > 4000 ? 4000 : bonus;
}

void history_reward_quiet(History *h, const Position *pos, Move best,
                          const Move *tried, int ntried, int depth, int ply,
                          int prev1, int prev2)
{
    int bonus = depth_bonus(depth);
    update_quiet(h, pos, best, bonus, prev1, prev2);
    for (int i = 0; i < ntried; i++)
        if (!move_equal(tried[i], best))
            update_quiet(h, pos, tried[i], -bonus, prev1, prev2);
    if (!move_equal(h->killers[ply][0], best)) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = best;
    }
    if (pos->ply > 0) {
        Move prev = pos->undo[pos->ply - 1].move;
        if (prev.kind != MOVE_NULL)
            h->counter[pos->board[prev.to]][prev.to] = best;
    }
}

void history_reward_captures(History *h, const Position *pos, Move best, bool best_tactical,
                             const Move *tried, int ntried, int depth)
{
    if (!h->capture)
        return;
    int bonus = depth_bonus(depth);
    if (best_tactical)
        history_update(history_capture_slot(h, pos, best), bonus);
    for (int i = 0; i < ntried; i++)
        if (!best_tactical || !move_equal(tried[i], best))
            history_update(history_capture_slot(h, pos, tried[i]), -bonus);
}

void history_clear(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
    memset(h->counter, 0, sizeof h->counter);
    memset(h->quiet, 0, sizeof h->quiet);
    if (h->cont)
        memset(h->cont, 0, h->cont_slots * sizeof *h->cont);
    if (h->capture)
        memset(h->capture, 0, h->capture_slots * sizeof *h->capture);
}

void history_free(History *h)
{
    free(h->cont);
    free(h->capture);
    h->cont = h->capture = NULL;
    h->cont_slots = h->capture_slots = 0;
    h->cont_keys = 0;
}

void history_fit_variant(History *h, const Variant *v)
{
    int squares = v->files * v->ranks, keys = 2 * v->ntypes * squares;
    if (h->cont && h->cont_keys == keys && h->cont_ntypes == v->ntypes
        && h->cont_squares == squares)
        return;
    history_free(h);
    size_t slots = keys <= CONT_DIRECT_KEYS ? (size_t)keys * (size_t)keys
                                            : (size_t)1 << CONT_HASHED_BITS;
    size_t capture_slots = (size_t)2 * (size_t)v->ntypes * (size_t)squares * (size_t)(v->ntypes + 1);
    h->cont = calloc(slots, sizeof *h->cont);
    h->capture = calloc(capture_slots, sizeof *h->capture);
    if (!h->cont || !h->capture) {
        history_free(h);
        return;
    }
    h->capture_slots = capture_slots;
    h->cont_slots = slots;
    h->cont_keys = keys;
    h->cont_ntypes = v->ntypes;
    h->cont_squares = squares;
}

static size_t count_used(const int16_t *table, size_t slots)
{
    size_t n = 0;
    for (size_t i = 0; table && i < slots; i++)
        n += table[i] != 0;
    return n;
}

size_t history_cont_used(const History *h)
{
    return count_used(h->cont, h->cont_slots);
}

size_t history_capture_used(const History *h)
{
    return count_used(h->capture, h->capture_slots);
}

void history_clear_killers(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
}
