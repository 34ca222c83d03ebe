/*
 * turn.c — turns of several moves: their length, when one ends, and the
 * legality rules that depend on where in its turn a move is made.
 * Only variants with a `turn` section come here.  The lookahead of
 * king-safety: turn generates moves two levels deep: into the lists a
 * search attached (Position.turn_lists), so the search allocates nothing;
 * elsewhere (perft, the referee) into lists allocated for the call.
 */
#include <stdlib.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/turn.h"

int turn_length(const Variant *v, int side, int fullmove)
{
    const Turn *t = &v->turn;
    if (t->progressive)
        return 2 * (fullmove - 1) + side + 1;
    if (t->first && fullmove == 1 && side == WHITE)
        return t->first;
    return t->moves[side];
}

/* Move list `level` (0: completing a turn, 1: the opponent's turn): the
 * attached one, or one allocated (*owned; NULL when out of memory). */
static MoveList *turn_list(Position *pos, int level, bool *owned)
{
    *owned = !pos->turn_lists;
    return *owned ? malloc(sizeof(MoveList)) : &pos->turn_lists[level];
}

static void turn_list_done(MoveList *ml, bool owned)
{
    if (owned)
        free(ml);
}

bool turn_ends_after(Position *pos, int us, Move m)
{
    if (pos->turn_left <= 1 || m.kind == MOVE_NULL || m.kind == MOVE_PASS)
        return true;
    return pos->v->turn.check == TURN_CHECK_ENDS_TURN && attack_in_check(pos, !us);
}

/* Can the side to move capture a royal of `color` within `moves` moves of
 * its own (any moves: it need not mind its own royal on the way)? */
static bool royal_capturable(Position *pos, int color, int moves)
{
    if (attack_in_check(pos, color))
        return true;
    if (moves < 2)
        return false;
    bool owned;
    MoveList *ml = turn_list(pos, 1, &owned);
    if (!ml)
        return false;
    movegen_pseudo(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        position_make(pos, ml->m[i]);
        found = attack_in_check(pos, color);
        position_unmake(pos);
    }
    turn_list_done(ml, owned);
    return found;
}

/* Has the side to move, in the middle of its turn, a move that the turn
 * rules accept (king-safety: turn)? */
static bool turn_completable(Position *pos)
{
    bool owned;
    MoveList *ml = turn_list(pos, 0, &owned);
    if (!ml)
        return false;
    movegen_pseudo(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        position_make(pos, ml->m[i]);
        found = !turn_move_illegal(pos);
        position_unmake(pos);
    }
    turn_list_done(ml, owned);
    return found;
}

bool turn_move_illegal(Position *pos)
{
    const Turn *t = &pos->v->turn;
    int mover = position_last_mover(pos);
    bool continues = pos->side == mover;
    if (t->safety_by_turn)
        return continues ? !turn_completable(pos)
                         : royal_capturable(pos, mover, pos->turn_left);
    if (attack_left_illegal(pos))
        return true;
    return continues && t->check == TURN_CHECK_LAST_MOVE && attack_in_check(pos, !mover);
}

bool turn_in_check(Position *pos)
{
    int us = pos->side;
    if (!pos->v->turn.safety_by_turn || turn_mid(pos))
        return attack_in_check(pos, us);
    /* the opponent's next turn, as if it were to move now */
    int fullmove = pos->fullmove + (us == BLACK);
    int moves = turn_length(pos->v, !us, fullmove);
    pos->side = !us;
    bool threatened = royal_capturable(pos, us, moves);
    pos->side = us;
    return threatened;
}

int turn_repetition_walk(const Position *pos, int limit, int wanted, int *cycle)
{
    int n = 0;
    *cycle = 0;
    if (turn_mid(pos))
        return 0;
    for (int i = pos->ply - 1; i >= limit; i--)
        if (pos->undo[i].hash == pos->hash && turn_started_at(pos, i) && ++n <= wanted)
            *cycle = pos->ply - i;
    return n;
}
