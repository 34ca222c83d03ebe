/*
 * eval.h — static evaluation for any variant.
 *
 * Nothing here knows a variant by name: piece values come from the
 * variant file or are derived from the piece's compiled moves (mobility
 * on a board with a typical density of blockers), and every positional
 * table is computed from the moves and regions of the variant.  The
 * tables are built once per variant (eval_tables_create) and then only
 * read, so any number of threads may evaluate at once.
 */
#ifndef EVAL_H
#define EVAL_H

#include <stdbool.h>
#include <stdio.h>
#include "board/position.h"

typedef struct EvalTables EvalTables;

/* Every evaluation lies strictly between -EVAL_MAX and EVAL_MAX, however
 * absurd the material (sixty queens in hand, a board full of them): far
 * below the mate scores of search.h and inside the 16 bits a hash entry
 * keeps. */
#define EVAL_MAX 20000

/* The tables for v, built from its pieces, regions and rules; NULL only
 * when out of memory.  Whoever selects the variant owns them (the
 * engine, bench, a test) and frees them with eval_tables_destroy once no
 * search uses them; they never change, so any number of threads may
 * read them.  They keep no pointer to v, and fit only positions of v. */
EvalTables *eval_tables_create(const Variant *v);
void eval_tables_destroy(EvalTables *et);

/* Evaluation from the side to move's view, in centipawns (et built from
 * pos->v). */
int eval_position(const EvalTables *et, const Position *pos);

/* Print the evaluation term by term (the `eval` command). */
void eval_print(const EvalTables *et, const Position *pos, FILE *out);

/* What the search and SEE need to know about piece types. */
int  eval_piece_value(const EvalTables *et, int type);    /* on the board; 0 for royals */
int  eval_capture_value(const EvalTables *et, int type);  /* gain of capturing it (hand too) */
bool eval_is_pawnlike(const EvalTables *et, int type);    /* forward-only promoter */
/* Has `color` material besides royals and pawn-like pieces (board or
 * hand)?  Null-move pruning needs it: without, zugzwang is likely. */
bool eval_has_pieces(const EvalTables *et, const Position *pos, int color);

#endif
