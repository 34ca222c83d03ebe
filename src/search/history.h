/*
 * history.h — what the search learns about quiet moves while it runs:
 * killers (per ply, the last quiet moves that cut off), counter moves
 * (the reply that refuted a move) and history scores (per side, piece
 * type and target square, raised for moves that cut off and lowered for
 * those tried before them).  Each search thread has its own.  Private
 * to src/search.
 */
#ifndef SEARCH_HISTORY_H
#define SEARCH_HISTORY_H

#include <stdint.h>
#include "board/position.h"
#include "search/moveutil.h"
#include "search/search.h"

#define HISTORY_MAX 16384    /* history scores stay within +-HISTORY_MAX */

typedef struct {
    Move killers[MAX_PV + 1][2];
    Move counter[2 * MAX_PIECE_TYPES + 2][MAX_SQUARES];   /* [code][to] of the last move */
    int16_t quiet[2][2][MAX_PIECE_TYPES][MAX_SQUARES];    /* [side][drop][type][to] */
} History;

static inline int16_t *history_slot(History *h, const Position *pos, Move m)
{
    return &h->quiet[pos->side][m.kind == MOVE_DROP][moving_type(pos, m)][m.to];
}

/* The reply that refuted the opponent's last move before. */
static inline Move history_counter_move(const History *h, const Position *pos)
{
    if (pos->ply == 0 || pos->undo[pos->ply - 1].move.kind == MOVE_NULL)
        return no_move();
    Move prev = pos->undo[pos->ply - 1].move;
    return h->counter[pos->board[prev.to]][prev.to];
}

/* A node's children start without killers of their own. */
static inline void history_reset_killers(History *h, int ply)
{
    h->killers[ply][0] = h->killers[ply][1] = no_move();
}

void history_clear(History *h);           /* a new game: forget everything */
void history_clear_killers(History *h);   /* a new search: killers belong to one tree */

/* `best` (quiet) cut off at `ply`, after the quiet moves `tried`: a bonus
 * for it, a malus for them, and it becomes a killer and the counter to
 * the previous move. */
void history_reward_quiet(History *h, const Position *pos, Move best,
                          const Move *tried, int ntried, int depth, int ply);

#endif
