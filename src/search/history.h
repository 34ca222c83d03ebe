/*
 * history.h — what the search learns about quiet moves while it runs:
 * killers (per ply, the last quiet moves that cut off), counter moves
 * (the reply that refuted a move), history scores (per side, piece
 * type and target square, raised for moves that cut off and lowered for
 * those tried before them) and continuation history (the same, per
 * earlier move: how a quiet move fared as the answer to the opponent's
 * last move, and as the follow-up to our own move before it).  Captures
 * and promotions have a history of their own (per side, moving type,
 * target square and captured type), which orders them within their
 * victim's value.  Each search thread has its own.  Private to src/search.
 *
 * Continuation keys.  A move is keyed by the coloured piece that made it,
 * as it stood before the move (the dropped piece for a drop, the pawn for
 * a promotion, the king for castling), and its destination: key =
 * (side * ntypes + type) * squares + to.  The key is taken when the move
 * is made, before the board changes (position.h), and kept per ply by the
 * search.  A null move and a pass have no key (CONT_NONE): nothing is read
 * or written through them, so no move learns from a move nobody made.
 */
#ifndef SEARCH_HISTORY_H
#define SEARCH_HISTORY_H

#include <stdint.h>
#include "board/position.h"
#include "search/moveutil.h"
#include "search/search.h"

#define HISTORY_MAX 16384    /* history scores stay within +-HISTORY_MAX */

#define CONT_NONE        (-1)     /* the continuation key of a null move or pass */
#define CONT_DIRECT_KEYS 3072     /* up to this many keys (shogi: 2268), one slot per
                                     pair of keys; above, pairs are hashed */
#define CONT_HASHED_BITS 23       /* 8 M slots (16 MB) for the larger variants */

typedef struct {
    Move killers[MAX_PV + 1][2];
    Move counter[2 * MAX_PIECE_TYPES + 2][MAX_SQUARES];   /* [code][to] of the last move */
    int16_t quiet[2][2][MAX_PIECE_TYPES][MAX_SQUARES];    /* [side][drop][type][to] */

    /* continuation history: [earlier key][key], sized for one variant */
    int16_t *cont;            /* NULL: none (not sized yet, or no memory) */
    size_t   cont_slots;
    int      cont_keys;       /* keys of the variant it is sized for */
    int      cont_ntypes, cont_squares;

    /* capture history: [side][moving type][to][captured type + 1] (0: a
       promotion that captures nothing), sized for the same variant */
    int16_t *capture;         /* NULL: none */
    size_t   capture_slots;
} History;

static inline int16_t *history_slot(History *h, const Position *pos, Move m)
{
    return &h->quiet[pos->side][m.kind == MOVE_DROP][moving_type(pos, m)][m.to];
}

/* The continuation key of m, made from pos (call it before the move is
 * made: the piece is read from the board). */
static inline int history_cont_key(const History *h, const Position *pos, Move m)
{
    if (m.kind == MOVE_NULL || m.kind == MOVE_PASS || !h->cont)
        return CONT_NONE;
    return (pos->side * h->cont_ntypes + moving_type(pos, m)) * h->cont_squares + m.to;
}

/* The slot of `key` after the move keyed `earlier` (not CONT_NONE). */
static inline int16_t *history_cont_slot(const History *h, int earlier, int key)
{
    size_t i = (size_t)earlier * (size_t)h->cont_keys + (size_t)key;
    if (h->cont_keys > CONT_DIRECT_KEYS)
        i = (i * 0x9E3779B97F4A7C15ull) >> (64 - CONT_HASHED_BITS);
    return &h->cont[i];
}

/* The bound of history_quiet_score: its three scores at their bound. */
#define HISTORY_SUM_MAX (3 * HISTORY_MAX)

/* What the histories say of the quiet move m (key `key`) after the moves
 * keyed `prev1` (the opponent's last) and `prev2` (ours before it): the
 * sum of up to three scores, each within +-HISTORY_MAX. */
static inline int history_quiet_score(History *h, const Position *pos, Move m, int key,
                                      int prev1, int prev2)
{
    int score = *history_slot(h, pos, m);
    if (key != CONT_NONE) {
        if (prev1 != CONT_NONE)
            score += *history_cont_slot(h, prev1, key);
        if (prev2 != CONT_NONE)
            score += *history_cont_slot(h, prev2, key);
    }
    return score;
}

/* The type m captures, plus one (0: nothing, a plain promotion).  A
 * multi-leg capture is keyed by its first victim. */
static inline int history_captured(const Position *pos, Move m)
{
    if (m.kind == MOVE_EP || (m.nvictims && m.victim[0] != m.to))
        return code_type(pos->board[m.victim[0]]) + 1;
    if (m.kind == MOVE_NORMAL && pos->board[m.to] != EMPTY && m.to != m.from)
        return code_type(pos->board[m.to]) + 1;
    return 0;
}

/* The capture-history slot of the tactical move m (NULL: no table). */
static inline int16_t *history_capture_slot(const History *h, const Position *pos, Move m)
{
    if (!h->capture)
        return NULL;
    size_t i = ((size_t)(pos->side * h->cont_ntypes + moving_type(pos, m)) * (size_t)h->cont_squares
                + m.to) * (size_t)(h->cont_ntypes + 1) + (size_t)history_captured(pos, m);
    return &h->capture[i];
}

/* What the capture history says of the tactical move m. */
static inline int history_capture_score(const History *h, const Position *pos, Move m)
{
    const int16_t *slot = history_capture_slot(h, pos, m);
    return slot ? *slot : 0;
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
void history_free(History *h);            /* the continuation and capture tables' memory */

/* Size the continuation and capture tables for variant v (a no-op when
 * they already are); a new size starts empty.  Without the memory there
 * is none. */
void history_fit_variant(History *h, const Variant *v);

/* Entries of the continuation / capture table that are not zero (for
 * tests). */
size_t history_cont_used(const History *h);
size_t history_capture_used(const History *h);

/* `best` (quiet) cut off at `ply`, after the quiet moves `tried` (all
 * searched: a move pruned unsearched is not among them): a bonus for it, a
 * malus for them, in the main history and after the moves keyed `prev1`
 * and `prev2` (CONT_NONE: none); it becomes a killer and the counter to
 * the previous move. */
void history_reward_quiet(History *h, const Position *pos, Move best,
                          const Move *tried, int ntried, int depth, int ply,
                          int prev1, int prev2);

/* A move cut off at `depth` after the tactical moves `tried` (all
 * searched; `best` among them when it is tactical): a bonus for `best` if
 * it is tactical, a malus for the others, in the capture history. */
void history_reward_captures(History *h, const Position *pos, Move best, bool best_tactical,
                             const Move *tried, int ntried, int depth);

#endif
