/*
 * corrhist.h — correction history: how far the static evaluation was
 * from what searches found, remembered by parts of the position and
 * added to later evaluations of positions that share the part.
 *
 * The parts work in every variant: the pawn-like pieces (the structure,
 * which the evaluation reads least well), the material on the board and
 * in hand, and each side's other pieces where they stand.  Each part is
 * hashed into a small table per side to move; an entry is a running
 * average of (search score - static evaluation), in 1/CORR_GRAIN
 * centipawns, weighted by the depth of the search that found it.  Each
 * search thread has its own.  Private to src/search.
 */
#ifndef SEARCH_CORRHIST_H
#define SEARCH_CORRHIST_H

#include <stdint.h>
#include "board/position.h"
#include "variant/variant.h"

#define CORR_BITS   14
#define CORR_SIZE   (1 << CORR_BITS)
#define CORR_GRAIN  256                  /* an entry counts 1/256 centipawns */
#define CORR_LIMIT  (CORR_GRAIN * 96)    /* entries stay within +-96 centipawns */

/* The table slots of one position's parts. */
typedef struct {
    uint32_t pawns, material, pieces[2];
} CorrKeys;

typedef struct {
    int16_t pawns[2][CORR_SIZE];          /* [side to move][slot] */
    int16_t material[2][CORR_SIZE];
    int16_t pieces[2][2][CORR_SIZE];      /* [side to move][owner][slot] */
} CorrHist;

/* The slots of pos's parts; `pawn_types` are the variant's pawn-like
 * types (eval_is_pawnlike). */
void corr_keys(const Position *pos, TypeMask pawn_types, CorrKeys *k);

/* What the tables say of a position with keys k, in centipawns, for the
 * side to move. */
int corr_value(const CorrHist *ch, int side, const CorrKeys *k);

/* A search of `depth` found `score` where the static evaluation said
 * `eval` (both for the side to move, neither a mate score). */
void corr_update(CorrHist *ch, int side, const CorrKeys *k, int depth, int score, int eval);

void corr_clear(CorrHist *ch);

#endif
