/*
 * moveutil.h — what the search asks of a move: is it the same as another
 * (one 64-bit comparison), no move at all, tactical, a flag move; which
 * type moves; what its capture is worth.  For src/search, and for datagen
 * (commands/), whose positions must be quiet by the search's own test.
 */
#ifndef SEARCH_MOVEUTIL_H
#define SEARCH_MOVEUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "board/position.h"
#include "search/eval.h"

/* move_equal as one 64-bit comparison (the flags byte is not part of a
 * move's identity). */
static inline uint64_t move_bits(Move m)
{
    uint64_t b;
    _Static_assert(sizeof(Move) == sizeof b, "Move is 8 bytes");
    memcpy(&b, &m, sizeof b);
    return b & ~((uint64_t)0xFF << (8 * offsetof(Move, flags)));
}

static inline bool same_move(Move a, Move b) { return move_bits(a) == move_bits(b); }

/* No move (an empty slot of the hash table or the killers): a normal
 * move that goes nowhere, takes nothing and promotes to nothing (a
 * multi-leg capture may come back to its square, and a promotion in place
 * stays on it); no_move() is all zero. */
static inline bool move_none(Move m)
{
    return m.kind == MOVE_NORMAL && m.from == m.to && m.nvictims == 0 && m.piece == 0;
}
static inline Move no_move(void) { Move m; memset(&m, 0, sizeof m); return m; }

/* A capture (en passant and locust victims included) or a promotion. */
static inline bool is_tactical(const Position *pos, Move m)
{
    return m.kind == MOVE_EP || m.nvictims
        || (m.kind == MOVE_NORMAL && (pos->board[m.to] != EMPTY || m.piece));
}

static inline int moving_type(const Position *pos, Move m)
{
    return m.kind == MOVE_DROP ? m.piece : code_type(pos->board[m.from]);
}

/* Does m bring a flag piece into its goal region (e.g. king of the hill)? */
static inline bool flag_move(const Position *pos, Move m)
{
    const Rules *r = &pos->v->rules;
    return (r->flag_pieces >> moving_type(pos, m) & 1) && sqset_has(&r->flag_region[pos->side], m.to);
}

/* What capturing with m gains (0 for a move that captures nothing); the
 * locust victims of a multi-leg move count too. */
static inline int victim_value(const Position *pos, const EvalTables *et, Move m)
{
    if (m.kind == MOVE_EP)
        return eval_capture_value(et, code_type(pos->board[m.victim[0]]));
    if (m.kind != MOVE_NORMAL)
        return 0;
    int value = 0;
    for (int i = 0; i < m.nvictims; i++)
        if (m.victim[i] != m.to)
            value += eval_capture_value(et, code_type(pos->board[m.victim[i]]));
    if (pos->board[m.to] != EMPTY && m.to != m.from)
        value += eval_capture_value(et, code_type(pos->board[m.to]));
    return value;
}

static inline bool move_in_list(const MoveList *ml, Move m)
{
    for (int i = 0; i < ml->n; i++)
        if (same_move(ml->m[i], m))
            return true;
    return false;
}

#endif
