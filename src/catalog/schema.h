/*
 * schema.h — reading a variant's merged YAML tree into a Variant, every
 * value checked and every mistake reported at its line and column.
 *
 * The schema is split by the part of a variant file it reads:
 *   schema.c         the top level: names, the order of the sections,
 *                    `xboard`, and whether the game can end at all;
 *   schema_values.c  the readers of single values every part uses
 *                    (numbers, booleans, choices, piece references);
 *   schema_pieces.c  `pieces`: moves, promotion, drops, limits;
 *   schema_game.c    `board`, `start`, `hand`, `castling`, `gating`;
 *   schema_rules.c   `rules`: how games end;
 *   schema_turn.c    `turn`: turns of several moves;
 *   schema_eval.c    `eval`: weights of the evaluation;
 *   regions.c        square sets and `regions` (regions.h).
 * They share one SchemaContext per variant being read.
 */
#ifndef CATALOG_SCHEMA_H
#define CATALOG_SCHEMA_H

#include <stdbool.h>
#include <stdint.h>
#include "catalog/yaml_tree.h"
#include "util/diag.h"
#include "util/number.h"
#include "variant/variant.h"

/* The most entries `regions` may have. */
#define SCHEMA_MAX_REGIONS 64

/* A region is read when first used, so regions may use each other in any
 * order; REGION_BUSY while it is being read catches one defined in terms
 * of itself. */
typedef enum { REGION_NEW, REGION_BUSY, REGION_DONE, REGION_BAD } RegionState;

/* Reading one variant: what has been read so far that later parts need. */
typedef struct {
    Diag        *diag;
    Variant     *v;
    bool         rotate;          /* symmetry: rotate instead of mirror */
    bool         board_ok;
    SquareSet    board;           /* squares that are not holes */
    TreeNode    *regions;         /* the `regions` mapping */
    RegionState  region_state[SCHEMA_MAX_REGIONS];
    SquareSet    region_set[SCHEMA_MAX_REGIONS][2];
    TreeNode    *piece_key[MAX_PIECE_TYPES];   /* where each type was defined */
    TreeNode    *piece_def[MAX_PIECE_TYPES];   /* and its definition */
    TreeNode    *promotion_defaults;           /* top-level `promotion` */
    SquareSet    promotion_zone[2];            /* its zone, read once (when given) */
    TreeNode   **arena;           /* for trees made while reading */
    bool         drop_checks_forbidden, drop_mates_forbidden;  /* from `hand` */
    const TreeNode *own_root;     /* the variant's own document, without what it
                                     inherits (NULL: all of it is its own) */
} SchemaContext;

/* An error at a node's own position. */
#define SCHEMA_ERROR(c, node, ...) \
    diag_error((c)->diag, (node)->file, (node)->line, (node)->col, __VA_ARGS__)

/* --- schema.c: the whole variant ------------------------------------- */

/* A new Variant with nothing read yet: the defaults the format documents
 * (free() it).  Zeroed by calloc, not memset: most of a Variant is room
 * for the largest boards and piece sets, left untouched by small games. */
Variant *schema_new_variant(void);

/* Read the merged tree `root` into c->v, which holds the defaults
 * (schema_new_variant); `stem` (the file name) is the
 * name when the file gives none.  Returns false when it has errors. */
bool schema_read_variant(SchemaContext *c, const TreeNode *root, const char *stem);

/* An ending must exist, or the game could never be decided. */
void schema_check_endings(SchemaContext *c, const TreeNode *root);

/* --- schema_values.c: single values ---------------------------------- */

/* Report keys of `map` that are not in `known`; keys in `reserved` are
 * recognised but not implemented yet.  `where` names the map in messages. */
void schema_check_keys(SchemaContext *c, const TreeNode *map, const char *const *known,
                       const char *const *reserved, const char *where);

/* Is `n` of this kind (a scalar: not null)?  Reports it when not. */
bool schema_want_kind(SchemaContext *c, const TreeNode *n, TreeKind kind, const char *what);

/* The text of a scalar, or NULL after an error.  `what` is the key's name. */
const char *schema_string(SchemaContext *c, const TreeNode *n, const char *what);

/* A whole number from lo to hi into *out; false after an error. */
bool schema_int(SchemaContext *c, const TreeNode *n, const char *what, int lo, int hi,
                int *out);

/* true/yes/on or false/no/off/none into *out; false after an error. */
bool schema_bool(SchemaContext *c, const TreeNode *n, const char *what, bool *out);

/* Is it a scalar saying false, no, off or none (a feature switched off)? */
bool schema_is_off(const TreeNode *n);

/* Index of n's text in names[], or -1 after reporting the choices. */
int schema_choice(SchemaContext *c, const TreeNode *n, const char *what,
                  const char *const *names);

/* loss, draw or win. */
bool schema_outcome(SchemaContext *c, const TreeNode *n, const char *what, Outcome *out);

/* Items of a scalar-or-list value, so `[Q, R]` and `Q` both work. */
int schema_list_items(const TreeNode *n, const TreeNode **items, int max);

/* The type with ID `id`, or NO_TYPE. */
int schema_type_by_id(const Variant *v, const char *id);

/* The type a scalar names, or NO_TYPE after an error. */
int schema_piece_ref(SchemaContext *c, const TreeNode *n, const char *what);

/* A list of piece IDs (or `all`) → bitmask of types. */
bool schema_piece_mask(SchemaContext *c, const TreeNode *n, const char *what, TypeMask *out);

/* An integer written at *p, inside a word that ends at `end`; *p moves
 * past its digits.  Unlike number_scan_int alone, it never skips blanks
 * into the next word. */
NumberStatus schema_word_number(const char **p, const char *end, long long lo, long long hi,
                                long long *out);

/* --- schema_pieces.c ------------------------------------------------- */

/* `pieces`: declare every type, then read each definition. */
void schema_read_pieces(SchemaContext *c, const TreeNode *root, TreeNode *pieces);

/* --- schema_promotion.c ---------------------------------------------- */

/* The top-level `promotion` (a mapping): its zone is read and checked
 * here, once, whether or not a piece uses it. */
void schema_read_promotion_defaults(SchemaContext *c, TreeNode *n);

/* Piece t's promotion, from its definition n: its own `promotion` (a rule
 * or a list of them) over the top-level one; a piece with a `+` form and
 * nothing else promotes to it. */
void schema_read_promotion(SchemaContext *c, int t, const TreeNode *n);

/* --- schema_game.c --------------------------------------------------- */

/* `board`: its size and holes; sets c->board_ok. */
void schema_read_board(SchemaContext *c, const TreeNode *n);

/* Holes written as '*' in the start position. */
void schema_read_start_holes(SchemaContext *c, const TreeNode *n);

/* The board part of the start position, checked with columns. */
void schema_check_start(SchemaContext *c, const TreeNode *n);

/* `hand` (n may be NULL: no hand). */
void schema_read_hand(SchemaContext *c, const TreeNode *n);
void schema_read_must_drop(SchemaContext *c, const TreeNode *hand);

/* `castling` (n may be NULL: none). */
void schema_read_castling(SchemaContext *c, const TreeNode *n);

/* `gating` (n may be NULL: none). */
void schema_read_gating(SchemaContext *c, const TreeNode *n);

/* --- schema_rules.c -------------------------------------------------- */

void schema_read_rules(SchemaContext *c, const TreeNode *n);

/* `capture-rules`: attacker x victim restrictions (n may be NULL: none). */
void schema_read_capture_rules(SchemaContext *c, const TreeNode *n);

/* --- schema_turn.c -------------------------------------------------- */

/* `turn` (n may be NULL: one move a turn). */
void schema_read_turn(SchemaContext *c, const TreeNode *n);

/* --- schema_eval.c --------------------------------------------------- */

/* `eval`: weights over the derived defaults, into c->v->eval (after the
 * board and the pieces). */
void schema_read_eval(SchemaContext *c, const TreeNode *n);

#endif
