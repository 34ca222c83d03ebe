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

void history_reward_quiet(History *h, const Position *pos, Move best,
                          const Move *tried, int ntried, int depth, int ply)
{
    int bonus = depth * depth * 24 + depth * 200 - 200;
    if (bonus > 4000)
        bonus = 4000;
    history_update(history_slot(h, pos, best), bonus);
    for (int i = 0; i < ntried; i++)
        if (!move_equal(tried[i], best))
            history_update(history_slot(h, pos, tried[i]), -bonus);
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
    memset(h, 0, sizeof *h);
}

void history_clear_killers(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
}
