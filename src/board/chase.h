/*
 * chase.h — perpetual chase: which side attacked some enemy piece anew
 * with every one of its moves over a repetition cycle, as the variant's
 * chase rules say (rules.chase_rules; the pieces' `chase` settings).
 * The rules module asks it at a repetition when neither side checked
 * throughout; nothing else needs it.
 */
#ifndef CHASE_H
#define CHASE_H

#include "board/position.h"

/* Over the last `plies` moves of the history (a repetition cycle): did
 * `chasing[color]` chase one and the same enemy piece with each of its
 * moves, following the piece as it moved?  `pos` is restored exactly
 * (the check flags of the history included). */
void chase_judge(Position *pos, int plies, bool chasing[2]);

#endif
