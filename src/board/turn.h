/*
 * turn.h — turns of several moves (the variant's `turn` section):
 * Marseillais chess (two moves a turn, a check ends the turn), progressive
 * chess (the k-th turn has k moves; check only with the last one),
 * Monster chess (White moves twice, Black once).
 *
 * Every move is one ply.  position_make() keeps Position.turn_left (the
 * moves the side to move has left, this one included) and passes the move
 * to the other side only when a turn ends: after its last move, after a
 * check where `check: ends-turn`, after a null move or a pass.  E.p.
 * rights made by a double step last only when that step ended its turn
 * (they are then good for the first move of the opponent's turn).
 */
#ifndef TURN_H
#define TURN_H

#include "board/position.h"

/* How many moves the turn of `side` has when it starts at move number
 * `fullmove` (the move number counts pairs of turns, White's first). */
int turn_length(const Variant *v, int side, int fullmove);

/* Is the side to move in the middle of its turn? */
static inline bool turn_mid(const Position *pos)
{
    return pos->turn_left != turn_length(pos->v, pos->side, pos->fullmove);
}

/* Does move m, just made by `us`, end its turn (the side not yet changed)? */
bool turn_ends_after(Position *pos, int us, Move m);

/* Called with a move made (in a variant with turns of several moves): do
 * the rules refuse it?  The mover's royal must be safe after it (with
 * `king-safety: move`), or with `king-safety: turn` the turn must be
 * completable and may not end with the royal capturable during the
 * opponent's next turn; with `check: last-move` only the last move of a
 * turn may give check. */
bool turn_move_illegal(Position *pos);

/* Is the side to move in check, as its game-ending rules see it: its
 * royal attacked, or with `king-safety: turn` at the start of its turn,
 * capturable during the opponent's next turn (Monster chess's "check by
 * two moves")?  `pos` is changed only temporarily. */
bool turn_in_check(Position *pos);

/* Did a turn start at ply i of the history (the move before it ended
 * one)?  Unknown, so no, for the first position of the history. */
static inline bool turn_started_at(const Position *pos, int i)
{
    return i > 0 && pos->undo[i - 1].turn_ended;
}

/* Repetitions with turns of several moves: positions are compared only
 * where a turn starts (the same side to move, the same board, a whole
 * turn ahead).  The earlier occurrences back to ply `limit`, as
 * rules_repetitions counts them; *cycle is the distance to the
 * `wanted`-th (or nearer).  None in the middle of a turn. */
int turn_repetition_walk(const Position *pos, int limit, int wanted, int *cycle);

#endif
