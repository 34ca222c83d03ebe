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
#include "board/nnue.h"
#include "board/position.h"
#include "variant/eval_params.h"

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

/* The tables with every weight taken from p instead (the tuner's trial
 * values); NULL only when out of memory. */
EvalTables *eval_tables_create_with(const Variant *v, const EvalParams *p);

/* Evaluate with a neural network (board/nnue.h, made for the tables'
 * variant) from now on instead of the classical terms, or with NULL go
 * back to them.  The tables own the net: it goes with them, or with the
 * next call.  Piece values (exchanges, pruning) stay classical.  Call
 * only while no search uses the tables. */
void eval_tables_set_net(EvalTables *et, NnueNet *net);
const NnueNet *eval_tables_net(const EvalTables *et);   /* NULL: classical */

/* What choosing a network for the tables came to; eval_net.c. */
typedef enum {
    EVAL_NET_CLASSICAL,       /* no network for the variant: the classical evaluation */
    EVAL_NET_LOADED,
    EVAL_NET_REFUSED,         /* a bad file (missing, damaged, truncated): classical */
    EVAL_NET_OTHER_VARIANT    /* a file made for another variant: classical */
} EvalNetOutcome;

/* Give et (made for v) the network in `path`; msg says what came of it
 * (a sentence without a final stop).  Otherwise the tables evaluate
 * classically. */
EvalNetOutcome eval_load_net(EvalTables *et, const Variant *v, const char *path, char *msg,
                             size_t size);

/* The network `path` when given and made for v; otherwise v's own,
 * found by name (catalog/nets.h); otherwise none (classical: the outcome
 * is EVAL_NET_OTHER_VARIANT when `path` was passed over). */
EvalNetOutcome eval_choose_net(EvalTables *et, const Variant *v, const char *path, char *msg,
                               size_t size);

/* Cut from a message of the two above what follows when no network
 * serves (the classical evaluation plays on), for a caller that refuses
 * instead: the reason stays. */
void eval_net_reason_only(char *msg);

/* The weights the tables were made from: the derived defaults with the
 * variant's `eval:` section applied (or what eval_tables_create_with got). */
const EvalParams *eval_tables_params(const EvalTables *et);

/* The weights derived from v's pieces alone, without its `eval:` section;
 * -1 when out of memory. */
int eval_default_params(const Variant *v, EvalParams *out);

/* Evaluation from the side to move's view, in centipawns (et built from
 * pos->v): the network's when the tables have one. */
int eval_position(const EvalTables *et, const Position *pos);

/* Print the evaluation term by term (the `eval` command), and the
 * network's when there is one. */
void eval_print(const EvalTables *et, const Position *pos, FILE *out);

/* What the search and SEE need to know about piece types. */
int  eval_piece_value(const EvalTables *et, int type);    /* on the board; 0 for royals */
int  eval_capture_value(const EvalTables *et, int type);  /* gain of capturing it (hand too) */
bool eval_is_pawnlike(const EvalTables *et, int type);    /* forward-only promoter */
/* Has `color` material besides royals and pawn-like pieces (board or
 * hand)?  Null-move pruning needs it: without, zugzwang is likely. */
bool eval_has_pieces(const EvalTables *et, const Position *pos, int color);

/* Which weights can change an evaluation of this variant: matters[slot]
 * (EVAL_NSLOTS entries) is 1 for them, 0 for the others (the mobility of
 * a piece that does not slide, the hand where nothing is dropped...). */
void eval_weights_that_matter(const EvalTables *et, const Variant *v, uint8_t *matters);

/* ---- the linear trace, for tuning ------------------------------------

   In a trace every term the evaluation adds is recorded with the weights
   (EvalParams slots) it comes from and their coefficients, so that the
   middlegame sum is sum(coef[0] x weight[slot[0]]) and the endgame sum
   likewise, up to the rounding of integer arithmetic (`value` holds what
   was really added).  Piece-square terms name the table entry they read
   (EVAL_TRACE_PST) instead: its value comes from formulas, see
   eval_pst_features.  Not linear, and so recorded as they are: the king
   danger curve (linear in `king-danger` only), the pawnless scaling
   (`divisor`), and the bounds on material and on the score (`clamped`). */

#define EVAL_TRACE_MAX  4096
#define EVAL_TRACE_NONE (-1)
/* A piece-square table entry rather than a weight. */
#define EVAL_TRACE_PST(color, type, sq) \
    (EVAL_NSLOTS + ((color) * MAX_PIECE_TYPES + (type)) * MAX_SQUARES + (sq))

typedef struct {
    int slot[2];          /* [mg, eg]: a weight's slot, an EVAL_TRACE_PST entry, or NONE */
    double coef[2];       /* white's view: the term is coef x weight */
    int value[2];         /* what the evaluation added, white's view */
} EvalTraceTerm;

typedef struct {
    int n;
    bool overflow;        /* more terms than fit: the trace is incomplete */
    bool clamped;         /* material or the score hit its bound */
    int phase;            /* 0..256, 256: all the material of the start position */
    int divisor;          /* pawnless scaling divided the blended score by this */
    int eval;             /* the evaluation, white's view */
    EvalTraceTerm term[EVAL_TRACE_MAX];
} EvalTrace;

/* Evaluate like eval_position, recording the trace; returns the same.
 * The evaluation without a trace is compiled separately and pays nothing
 * for this. */
int eval_trace(const EvalTables *et, const Position *pos, EvalTrace *tr);

/* How the piece-square table entries of one type and colour depend on the weights: the entry is
 * clamp(round(sum of x x weight[slot])) + the offset, where the sums run
 * over `n` features, for the middlegame with slot[0] and the endgame with
 * slot[1] (NONE: no weight in that phase).  `clamped[ph]`: the bound
 * holds the formula, so its weights do not move the entry. */
#define EVAL_PST_FEATURES 8
#define EVAL_PST_LIMIT_MG 120     /* the formulas' entries stay within these */
#define EVAL_PST_LIMIT_EG 150
typedef struct {
    bool used;            /* a piece of that type can stand there */
    int n;
    struct { int slot[2]; double x; } feature[EVAL_PST_FEATURES];
    int offset_slot[2];   /* the psqt offset, white's view */
    bool clamped[2];
} EvalPstFeatures;

void eval_pst_features(const EvalTables *et, const Variant *v, int color, int type,
                       EvalPstFeatures out[MAX_SQUARES]);

#endif
