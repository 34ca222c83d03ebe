/*
 * eval_params.h — the evaluation's weights as data.
 *
 * Every weight of the evaluation is a named parameter here, so a variant
 * file can set it (the `eval:` section, read by src/catalog/), the tuner
 * can fit it (src/commands/tune.c) and both can print it.  One table,
 * eval_param_groups[], names each group of numbers and says where it lies
 * in EvalParams, its shape in YAML, its range and whether the tuner fits
 * it; the loader, the printer and the tuner all walk that table.
 *
 * The defaults are not here: they are derived from the variant (piece
 * values from the moves, centralisation from mobility...) when the
 * evaluation tables are built (src/search/eval_tables.c), and a variant
 * carries only the values its file gives (EvalOverrides), applied on top.
 */
#ifndef EVAL_PARAMS_H
#define EVAL_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The board limits (variant.h defines the same values). */
#define EVAL_MAX_TYPES    64
#define EVAL_MAX_SQUARES  256

/* Passed pawn-like pieces are scored by their progress toward promotion,
 * 0 (farthest) to 16 (one step away). */
#define EVAL_PASSED_STEPS 17
#define EVAL_MOP_UP_TERMS 5   /* edge, royal-distance, flights, pieces, corner */

/* Every number is a double here; the evaluation reads them as the
 * integers (or, for the piece-square formulas, reals) its tables hold.
 * [2] is [middlegame, endgame] unless the group's table entry says
 * otherwise. */
typedef struct {
    /* per piece type */
    double material[EVAL_MAX_TYPES][2];   /* on the board */
    double hand[EVAL_MAX_TYPES][2];       /* in hand */
    double mobility[EVAL_MAX_TYPES][2];   /* per square a slider reaches over the usual */
    double pair[EVAL_MAX_TYPES][2];       /* colour-bound pieces on both colours */
    double threat[EVAL_MAX_TYPES][2];     /* this piece attacked by a pawn-like piece */
    double king_attack[EVAL_MAX_TYPES][1];/* king-danger units when it attacks the zone */
    /* the formulas of the piece-square tables, per piece type */
    double centre[EVAL_MAX_TYPES][2];     /* x (mobility here - average) / average */
    double rank[EVAL_MAX_TYPES][2];       /* x relative rank (0: own first rank) */
    double wing[EVAL_MAX_TYPES][2];       /* x file centrality (1 centre, 0 edge) */
    double pawn_push[EVAL_MAX_TYPES][2];  /* mg per rank pushed from home: [centre, edge] */
    double progress[EVAL_MAX_TYPES][2];   /* x progress^2 (pawn-like) */
    double pressure[EVAL_MAX_TYPES][2];   /* one rank or less from the promotion zone */
    /* whole-board terms */
    double tempo[2];
    double isolated[2];
    double doubled[2];
    double passed[2][EVAL_PASSED_STEPS];  /* [mg/eg][progress] */
    double open_file[2];
    double half_open_file[2];
    double shield[2];                     /* mg per shield pawn: [one rank, two ranks ahead] */
    double king_danger[2];                /* percent of the danger applied [mg, eg] */
    double king_danger_curve[2];          /* danger = min(cap, scale x units^2): [scale, cap] */
    double mop_up[EVAL_MOP_UP_TERMS];     /* [edge, royal-distance, flights, pieces, corner] */
    double bare_king[3];                  /* opponent has 1, 2, 3 pieces left */
    double drawish[2];                    /* pawnless: npm at most [lone-piece, small-lead] */
    double drawish_divisor[2];            /* divide the score by these then */
    /* per piece type, per square from white's view: offsets added to the
       formula tables; [type][mg/eg][square] */
    double psqt[EVAL_MAX_TYPES][2][EVAL_MAX_SQUARES];
} EvalParams;

/* The numbers of EvalParams as one array: slot k is ((double *)p)[k]. */
#define EVAL_NSLOTS   ((int)(sizeof(EvalParams) / sizeof(double)))
#define EVAL_SLOT(field) ((int)(offsetof(EvalParams, field) / sizeof(double)))
/* The slots before the piece-square offsets. */
#define EVAL_NSCALARS EVAL_SLOT(psqt)

static inline double *eval_params_slots(EvalParams *p) { return (double *)p; }
static inline const double *eval_params_cslots(const EvalParams *p) { return (const double *)p; }

/* How a group is written in YAML. */
typedef enum {
    EVAL_SHAPE_NUMBER,   /* 3 */
    EVAL_SHAPE_LIST,     /* [a, b], names of the items in `items` */
    EVAL_SHAPE_FIELDS,   /* { name: a, ... }, the names in `items` */
    EVAL_SHAPE_PHASES,   /* { mg: [list of width/2], eg: [...] } */
    EVAL_SHAPE_BOARD     /* { mg: [[rank], ...], eg: [...] }, top rank first */
} EvalShape;

typedef struct {
    const char *name;        /* the key in `eval:` */
    int first;               /* its first slot */
    bool per_piece;          /* a mapping of piece IDs to values of this shape */
    EvalShape shape;
    int width;               /* numbers per entry (for a board: 2 x EVAL_MAX_SQUARES) */
    const char *const *items;/* names of the numbers (LIST, FIELDS) */
    bool integer;            /* whole numbers (the evaluation adds them as they are) */
    bool tuned;              /* `tune` fits it: the evaluation is linear in it */
    double lo, hi;           /* allowed values */
    const char *what;        /* one line for messages and the printed file */
} EvalParamGroup;

extern const EvalParamGroup eval_param_groups[];
extern const int eval_param_ngroups;

/* The group called `name`, or NULL. */
const EvalParamGroup *eval_param_group_find(const char *name);

/* The group a slot belongs to, and the piece type (per-piece groups) and
 * index within the entry. */
const EvalParamGroup *eval_param_group_of(int slot, int *type, int *index);

/* A slot of a group: piece type t (0 for whole-board groups), number k. */
static inline int eval_param_slot(const EvalParamGroup *g, int t, int k)
{
    return g->first + (g->per_piece ? t * g->width : 0) + k;
}

/* The values a variant file gives, to apply over the derived defaults.
 * Plain data inside the Variant: a bit per slot saying it was given, the
 * values of the scalar slots, and the piece-square offsets as integers
 * (the evaluation's tables hold them so). */
typedef struct {
    uint64_t given[(EVAL_NSLOTS + 63) / 64];
    double   scalar[EVAL_NSCALARS];
    int16_t  psqt[EVAL_NSLOTS - EVAL_NSCALARS];
} EvalOverrides;

void eval_overrides_set(EvalOverrides *o, int slot, double value);
bool eval_overrides_given(const EvalOverrides *o, int slot);
bool eval_overrides_any(const EvalOverrides *o);

/* Copy every given value into p. */
void eval_overrides_apply(const EvalOverrides *o, EvalParams *p);

#endif
