/*
 * skill.h — playing weaker on purpose: the strength levels.
 *
 * Level SKILL_MAX is full strength.  Below it a level caps the search
 * of every move (depth and nodes) and then chooses among the
 * SKILL_LINES best root moves at random, a worse one the likelier the
 * lower the level (Stockfish's Skill Level idea).  The pick's randomness
 * is also what varies the games of a weakened engine from the same
 * position.  Each level has an Elo, measured in matches against Fairy-Max
 * and Sjaak II (skill.c has the table and how it was measured), so that
 * a requested Elo (UCI_Elo) maps to a level.
 *
 * Everything about how a level plays is in skill.c: the search applies
 * it (search_set_skill) and the front ends only name levels.
 */
#ifndef SKILL_H
#define SKILL_H

#include <stdbool.h>
#include <stdint.h>
#include "search/limits.h"

#define SKILL_MIN   0
#define SKILL_MAX   20          /* full strength */
#define SKILL_LINES 4           /* root moves a weakened search chooses among */

/* Does `level` play weaker than full strength? */
static inline bool skill_weakened(int level)
{
    return level < SKILL_MAX;
}

/* Cap `lim` (a search for a move to play) to what `level` may search:
 * the level's depth cap and a hard node cap (or the limits' own, when
 * smaller), and at least SKILL_LINES lines, so that the pick has moves to
 * choose among.  Returns the level's node budget: the search starts no
 * iteration after it (the hard cap, a few times more, only stops an
 * iteration that runs away). */
uint64_t skill_limit(int level, SearchLimits *lim);

/* The root move a weakened search plays: an index into `score`, the
 * scores of the n best root moves in any order (side to move's view,
 * centipawns or mate scores; n >= 1).  `rng` is the pick's random state,
 * advanced here. */
int skill_pick(int level, const int *score, int n, uint64_t *rng);

/* The Elo of `level` on the scale of skill.c (SKILL_MAX: full strength),
 * and the level of an Elo: the strongest whose Elo does not exceed it
 * (the weakest for an Elo below them all). */
int skill_elo(int level);
int skill_level_of_elo(int elo);

/* The Elo range a strength limit (UCI_Elo) accepts: the weakest and the
 * strongest weakened level. */
#define SKILL_ELO_MIN (skill_elo(SKILL_MIN))
#define SKILL_ELO_MAX (skill_elo(SKILL_MAX - 1))

#endif
