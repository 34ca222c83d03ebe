/*
 * see.c — static exchange evaluation.
 *
 * There are no bitboards to peel x-rays from, and pieces may be hoppers
 * whose screens appear and vanish as pieces leave, so each step simply
 * asks movegen which pieces attack the square on the board as it now
 * stands (piece_attacks, with its reach prefilter), after lifting the
 * pieces that already captured.  The piece lists are left alone; lifted
 * squares read as empty and are skipped.
 */
#include "board/attack.h"
#include "board/movegen.h"
#include "search/see.h"

#define SEE_MAX 32

/* The least valuable piece of `side` attacking `target`, or -1. */
static int least_attacker(const Position *pos, const EvalTables *et, int side, int target)
{
    const Variant *v = pos->v;
    int best = -1, best_value = 1 << 30;
    for (int i = 0; i < pos->nlist[side]; i++) {
        int sq = pos->list[side][i];
        uint8_t code = pos->board[sq];
        if (code == EMPTY || code_color(code) != side || sq == target)
            continue;
        int t = code_type(code);
        int val = eval_capture_value(et, t);
        if (val >= best_value || !sqset_has(&v->piece[t].allowed[side], target))
            continue;
        if (attack_from(pos, sq, target)) {
            best = sq;
            best_value = val;
        }
    }
    return best;
}

int see_exchange(Position *pos, const EvalTables *et, Move m)
{
    if (m.kind == MOVE_PICKUP)
        return 0;           /* nothing stays on the board to be taken */
    const Variant *v = pos->v;
    int us = pos->side, target = m.to;
    int gain[SEE_MAX];
    uint8_t lifted_sq[SEE_MAX + 2], lifted_code[SEE_MAX + 2];
    int nlifted = 0;
    uint8_t target_code = pos->board[target];

    /* the move itself */
    int mover_type = m.kind == MOVE_DROP ? m.piece : code_type(pos->board[m.from]);
    gain[0] = 0;
    if (m.kind == MOVE_EP) {
        gain[0] = eval_capture_value(et, code_type(pos->board[m.victim[0]]));
        lifted_sq[nlifted] = m.victim[0];
        lifted_code[nlifted++] = pos->board[m.victim[0]];
        pos->board[m.victim[0]] = EMPTY;
    } else if (m.kind == MOVE_NORMAL) {
        /* locust victims first: a later leg may end where one stood */
        for (int i = 0; i < m.nvictims; i++) {
            uint8_t code = pos->board[m.victim[i]];
            if (code == EMPTY)
                continue;
            gain[0] += eval_capture_value(et, code_type(code));
            lifted_sq[nlifted] = m.victim[i];
            lifted_code[nlifted++] = code;
            pos->board[m.victim[i]] = EMPTY;
        }
        if (m.to != m.from && pos->board[target] != EMPTY)   /* (igui: back home) */
            gain[0] += eval_capture_value(et, code_type(pos->board[target]));
        target_code = pos->board[target];
    }
    if (m.kind == MOVE_NORMAL && m.piece) {
        gain[0] += eval_piece_value(et, m.piece - 1) - eval_piece_value(et, mover_type);
        mover_type = m.piece - 1;
    }
    if (m.kind != MOVE_DROP) {
        lifted_sq[nlifted] = m.from;
        lifted_code[nlifted++] = pos->board[m.from];
        pos->board[m.from] = EMPTY;
    }
    pos->board[target] = piece_code(mover_type, us);

    /* the exchange */
    int on_target = eval_capture_value(et, mover_type);
    bool royal_on_target = v->piece[mover_type].royal;
    int d = 0, side = !us;
    while (d + 1 < SEE_MAX) {
        int sq = least_attacker(pos, et, side, target);
        if (sq < 0)
            break;
        d++;
        gain[d] = on_target - gain[d - 1];
        /* Taking a royal ends it: the side that put it there will rather
           have stopped one step earlier, which the minimax below finds. */
        if (royal_on_target)
            break;
        int t = code_type(pos->board[sq]);
        on_target = eval_capture_value(et, t);
        royal_on_target = v->piece[t].royal;
        lifted_sq[nlifted] = (uint8_t)sq;
        lifted_code[nlifted++] = pos->board[sq];
        pos->board[sq] = EMPTY;
        pos->board[target] = piece_code(t, side);
        side = !side;
    }
    while (d > 0) {
        if (-gain[d] < gain[d - 1])
            gain[d - 1] = -gain[d];
        d--;
    }

    pos->board[target] = target_code;
    while (nlifted > 0) {
        nlifted--;
        pos->board[lifted_sq[nlifted]] = lifted_code[nlifted];
    }
    return gain[0];
}
