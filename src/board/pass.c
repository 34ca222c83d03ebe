/*
 * pass.c — passing (see pass.h).
 */
#include "board/pass.h"

int pass_square(const Position *pos)
{
    const Variant *v = pos->v;
    int us = pos->side, best = -1, best_royal = -1;
    for (int i = 0; i < pos->nlist[us]; i++) {
        int sq = pos->list[us][i];
        if (best < 0 || sq < best)
            best = sq;
        if ((v->royal_types >> code_type(pos->board[sq]) & 1) && (best_royal < 0 || sq < best_royal))
            best_royal = sq;
    }
    return best_royal >= 0 ? best_royal : best;
}

void pass_generate(const Position *pos, MoveList *ml)
{
    if (pos->v->rules.pass != PASS_ALWAYS)
        return;
    int sq = pass_square(pos);
    if (sq < 0)
        return;
    Move *m = &ml->m[ml->n++];
    m->from = m->to = (uint8_t)sq;
    m->kind = MOVE_PASS;
    m->piece = 0;
    m->victim[0] = m->victim[1] = 0;
    m->nvictims = 0;
    m->flags = 0;
}

bool pass_accepted_bikjang(const Position *pos)
{
    return pos->ply >= 1 && pos->undo[pos->ply - 1].move.kind == MOVE_PASS
        && pos->undo[pos->ply - 1].royals_faced;
}

bool pass_twice(const Position *pos)
{
    return pos->ply >= 2 && pos->undo[pos->ply - 1].move.kind == MOVE_PASS
        && pos->undo[pos->ply - 2].move.kind == MOVE_PASS;
}
