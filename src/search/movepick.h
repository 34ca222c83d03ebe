/*
 * movepick.h — the staged move picker, one per ply, and making a move
 * legal with the exposure shortcut the picker's node state allows (see
 * movepick.c).  Private to src/search.
 */
#ifndef SEARCH_MOVEPICK_H
#define SEARCH_MOVEPICK_H

#include <stdbool.h>
#include "board/position.h"
#include "search/moveutil.h"
#include "search/search.h"

/* Move-ordering buckets (a move's sort key). */
#define ORDER_TACTICAL (1 << 24)
#define ORDER_KILLER   (1 << 22)
#define ORDER_BAD      (-(1 << 24))

enum { PICK_TT, PICK_NOISY_GEN, PICK_NOISY, PICK_QUIET_GEN, PICK_QUIET, PICK_BAD, PICK_DONE };

typedef struct {
    MoveList ml;             /* captures first, then the quiet moves appended */
    int      key[MAX_MOVES];
    int      next, stage, noisy_end, bad_next, last_key;
    int      delta_below;    /* quiescence: skip captures of less than this */
    Move     tt_move, counter;
    bool     tt_tried;       /* the hash move was returned before generation */
    bool     all_at_once;    /* ml holds every move from the start */
    bool     quiescence;     /* tactical moves only; losing captures dropped */
    bool     with_quiets;    /* quiescence, but keep quiet moves (check hunting) */
    bool     exposure_ready; /* own/their sets computed */
    int      own_king, their_king;
    SquareSet own_set, their_set;
} Picker;

/* A node's picker: `tt_move` first, `counter` ranked with the killers;
 * in quiescence tactical moves only, unless `with_quiets`. */
static inline void picker_init(Picker *p, Move tt_move, Move counter, bool quiescence,
                               bool with_quiets)
{
    p->stage = PICK_TT;
    p->tt_move = tt_move;
    p->counter = counter;
    p->tt_tried = false;
    p->quiescence = quiescence;
    p->with_quiets = with_quiets;
    p->exposure_ready = false;
    p->next = p->noisy_end = p->bad_next = 0;
    p->delta_below = -SCORE_INF;
    p->ml.n = 0;
}

/* The ordering key of the move picker_next returned last. */
static inline int picker_last_key(const Picker *p)
{
    return p->last_key;
}

/* The next move to try at `ply`, or false when there are none left. */
bool picker_next(Search *s, Picker *p, int ply, Move *out);

/* Make m if it is legal and set s->incheck[ply + 1]; false (and nothing
 * made) otherwise. */
bool picker_make_legal(Search *s, Picker *p, int ply, Move m);

#endif
