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

void history_reward_quiet(History *h, const Position *pos, Move best,
                          const Move *tried, int ntried, int depth, int ply,
                          int prev1, int prev2)
{
    int bonus = depth * depth * 24 + depth * 200 - 200;
    if (bonus > 4000)
        bonus = 4000;
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

void history_clear(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
    memset(h->counter, 0, sizeof h->counter);
    memset(h->quiet, 0, sizeof h->quiet);
    if (h->cont)
        memset(h->cont, 0, h->cont_slots * sizeof *h->cont);
}

void history_free(History *h)
{
    free(h->cont);
    h->cont = NULL;
    h->cont_slots = 0;
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
    h->cont = calloc(slots, sizeof *h->cont);
    if (!h->cont)
        return;
    h->cont_slots = slots;
    h->cont_keys = keys;
    h->cont_ntypes = v->ntypes;
    h->cont_squares = squares;
}

size_t history_cont_used(const History *h)
{
    size_t n = 0;
    for (size_t i = 0; h->cont && i < h->cont_slots; i++)
        n += h->cont[i] != 0;
    return n;
}

void history_clear_killers(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
}
