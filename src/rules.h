/*
 * rules.h — how a game ends, as the variant's rules say: checkmate,
 * stalemate, the immediate rules (n-th check, flag, extinction, bare king),
 * repetition (with perpetual-check losses), the move-count rule and
 * insufficient material.
 */
#ifndef RULES_H
#define RULES_H

#include "position.h"

typedef struct {
    Outcome outcome;     /* for the side to move: OUTCOME_NONE while the game goes on */
    char    reason[80];  /* "White mates", "stalemate", "3-fold repetition", ... */
} GameEnd;

/* Is the game over in `pos`?  Considers the whole history kept in pos
 * (repetitions since the last irreversible move). */
bool game_end(Position *pos, GameEnd *end);

/* How many times the current position occurred before (same side to move,
 * same hash) since the last irreversible move. */
int repetitions(const Position *pos);

/* The result string for CECP/PGN from an outcome for `side`:
 * "1-0", "0-1", "1/2-1/2". */
const char *result_string(Outcome outcome_for_side, int side);

#endif
