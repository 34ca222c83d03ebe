/*
 * schema_eval.c — `eval`: the evaluation's weights a variant file sets
 * over the defaults derived from its pieces (the parameters and their
 * shapes are listed in src/variant/eval_params.c).
 *
 *   eval:
 *     material: {N: [320, 300]}          per piece: [middlegame, endgame]
 *     king-attack: {Q: 5}                per piece: one number
 *     tempo: [12, 6]                     whole board: [middlegame, endgame]
 *     mop-up: {edge: 25}                 named numbers, any subset
 *     passed: {mg: [...17], eg: [...17]} by progress, either phase
 *     psqt: {N: {mg: [[8 numbers] x 8]}} per piece, rows from the top rank
 *
 * Only what is written is given; everything else keeps its default, so a
 * child variant (`extends`) can change one number of its parent's section.
 * What a child inherits but cannot use -- weights of a piece it does not
 * have, a board of another size -- is left out without a word: the parent
 * was checked on its own, and the child may well be another game.
 */
#include <stdio.h>
#include <string.h>

#include "catalog/schema.h"

/* Paths like "eval.psqt.+N.mg rank 10" name a number in messages. */
#define PATH_MAX_LEN 160
#define PATH_PART "%.100s"   /* how much of a path the next level repeats */

static bool in_tree(const TreeNode *tree, const TreeNode *n)
{
    if (tree == n)
        return true;
    if (tree->kind == TREE_SCALAR)
        return false;
    for (int i = 0; i < tree->n; i++)
        if ((tree->keys && tree->keys[i] == n) || in_tree(tree->vals[i], n))
            return true;
    return false;
}

/* Was n written in the variant's own document (not inherited)? */
static bool own(const SchemaContext *c, const TreeNode *n)
{
    return !c->own_root || in_tree(c->own_root, n);
}

/* One number of group g into slot `slot`; `path` and `item` name it in
 * messages ("'eval.material.N' middlegame"). */
static void read_number(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                        const char *path, const char *item, int slot)
{
    char what[PATH_MAX_LEN + 48];
    if (item)
        snprintf(what, sizeof what, "'" PATH_PART "' %.40s", path, item);
    else
        snprintf(what, sizeof what, "'" PATH_PART "'", path);
    if (n->kind != TREE_SCALAR || n->null) {
        SCHEMA_ERROR(c, n, "%s must be a number, found %s", what, tree_kind_name(n));
        return;
    }
    double value;
    if (g->integer) {
        long long whole;
        if (number_parse_int(n->text, (long long)g->lo, (long long)g->hi, &whole) != NUMBER_OK) {
            SCHEMA_ERROR(c, n, "%s must be a whole number from %.0f to %.0f (got '%s')",
                         what, g->lo, g->hi, n->text);
            return;
        }
        value = (double)whole;
    } else if (number_parse_real(n->text, g->lo, g->hi, &value) != NUMBER_OK) {
        SCHEMA_ERROR(c, n, "%s must be a number from %g to %g (got '%s')",
                     what, g->lo, g->hi, n->text);
        return;
    }
    eval_overrides_set(&c->v->eval, slot, value);
}

/* "[middlegame, endgame]" for messages. */
static void items_text(const char *const *items, char *buf, size_t size)
{
    snprintf(buf, size, "[");
    for (int i = 0; items[i]; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? ", " : "", items[i]);
    snprintf(buf + strlen(buf), size - strlen(buf), "]");
}

/* A list of exactly `count` numbers into slots first.. (item names for
 * messages, or NULL: numbered). */
static void read_list(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                      const char *path, const char *const *items, int count, int first)
{
    char shape[160] = "";
    if (items)
        items_text(items, shape, sizeof shape);
    if (n->kind != TREE_SEQ) {
        SCHEMA_ERROR(c, n, "'%s' must be a list of %d numbers%s%s, found %s", path, count,
                     *shape ? " " : "", shape, tree_kind_name(n));
        return;
    }
    if (n->n != count) {
        SCHEMA_ERROR(c, n, "'%s' has %d numbers; expected %d%s%s", path, n->n, count,
                     *shape ? " " : "", shape);
        return;
    }
    for (int i = 0; i < count; i++) {
        char item[40];
        if (items)
            snprintf(item, sizeof item, "%s", items[i]);
        else
            snprintf(item, sizeof item, "item %d", i + 1);
        read_number(c, g, n->vals[i], path, item, first + i);
    }
}

static const char *const PHASE_KEYS[] = { "mg", "eg", NULL };

/* { name: number, ... }: any of the group's named numbers. */
static void read_fields(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                        const char *path, int first)
{
    char where[PATH_MAX_LEN + 4];
    if (!schema_want_kind(c, n, TREE_MAP, path))
        return;
    snprintf(where, sizeof where, "'%s'", path);
    schema_check_keys(c, n, g->items, NULL, where);
    for (int i = 0; g->items[i]; i++) {
        const TreeNode *x = tree_map_get(n, g->items[i]);
        if (x)
            read_number(c, g, x, path, g->items[i], first + i);
    }
}

/* Does a board (a list of rows) have the variant's size? */
static bool fits_board(const Variant *v, const TreeNode *x)
{
    if (x->n != v->ranks)
        return false;
    for (int row = 0; row < x->n; row++)
        if (x->vals[row]->kind == TREE_SEQ && x->vals[row]->n != v->files)
            return false;
    return true;
}

/* The first thing wrong with a board's size. */
static void report_board_shape(SchemaContext *c, const TreeNode *x, const char *path)
{
    const Variant *v = c->v;
    if (x->n != v->ranks) {
        SCHEMA_ERROR(c, x, "'%s' has %d rank%s; the board has %d (the top rank first)",
                     path, x->n, x->n == 1 ? "" : "s", v->ranks);
        return;
    }
    for (int row = 0; row < x->n; row++) {
        const TreeNode *r = x->vals[row];
        if (r->kind == TREE_SEQ && r->n != v->files) {
            SCHEMA_ERROR(c, r, "'%s' rank %d has %d number%s; the board has %d files",
                         path, v->ranks - row, r->n, r->n == 1 ? "" : "s", v->files);
            return;
        }
    }
}

/* { mg: ..., eg: ... }, either or both: each phase read by `read`. */
static void read_phases(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                        const char *path, int first, int per_phase, bool board)
{
    const Variant *v = c->v;
    char where[PATH_MAX_LEN + 4];
    if (!schema_want_kind(c, n, TREE_MAP, path))
        return;
    snprintf(where, sizeof where, "'%s'", path);
    schema_check_keys(c, n, PHASE_KEYS, NULL, where);
    for (int ph = 0; ph < 2; ph++) {
        const TreeNode *x = tree_map_get(n, PHASE_KEYS[ph]);
        char sub[PATH_MAX_LEN];
        if (!x)
            continue;
        snprintf(sub, sizeof sub, PATH_PART ".%s", path, PHASE_KEYS[ph]);
        if (!board) {
            read_list(c, g, x, sub, NULL, per_phase, first + ph * per_phase);
            continue;
        }
        /* a board: one row per rank, the top rank first, as in a diagram */
        if (x->kind != TREE_SEQ) {
            SCHEMA_ERROR(c, x, "'%s' must be a list of %d ranks (the top rank first), found %s",
                         sub, v->ranks, tree_kind_name(x));
            continue;
        }
        if (!fits_board(v, x)) {
            if (own(c, x))
                report_board_shape(c, x, sub);
            continue;
        }
        for (int row = 0; row < v->ranks; row++) {
            const TreeNode *r = x->vals[row];
            int rank = v->ranks - 1 - row;
            if (r->kind != TREE_SEQ) {
                SCHEMA_ERROR(c, r, "'%s' rank %d must be a list of %d numbers, found %s",
                             sub, rank + 1, v->files, tree_kind_name(r));
                continue;
            }
            for (int f = 0; f < v->files; f++) {
                char square[24];
                snprintf(square, sizeof square, "square %c%d", 'a' + f, rank + 1);
                read_number(c, g, r->vals[f], sub, square,
                            first + ph * per_phase + var_square(v, f, rank));
            }
        }
    }
}

/* One entry of group g (for piece type t of a per-piece group). */
static void read_entry(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                       const char *path, int t)
{
    int first = eval_param_slot(g, t, 0);
    switch (g->shape) {
    case EVAL_SHAPE_NUMBER:
        read_number(c, g, n, path, NULL, first);
        break;
    case EVAL_SHAPE_LIST:
        read_list(c, g, n, path, g->items, g->width, first);
        break;
    case EVAL_SHAPE_FIELDS:
        read_fields(c, g, n, path, first);
        break;
    case EVAL_SHAPE_PHASES:
        read_phases(c, g, n, path, first, g->width / 2, false);
        break;
    case EVAL_SHAPE_BOARD:
        read_phases(c, g, n, path, first, g->width / 2, true);
        break;
    }
}

/* A per-piece group: { ID: entry, ... }. */
static void read_piece_group(SchemaContext *c, const EvalParamGroup *g, const TreeNode *n,
                             const char *path)
{
    char what[PATH_MAX_LEN + 16];
    if (!schema_want_kind(c, n, TREE_MAP, path))
        return;
    snprintf(what, sizeof what, "'%s': piece", path);
    for (int i = 0; i < n->n; i++) {
        const TreeNode *val = n->vals[i];
        int t = schema_type_by_id(c->v, n->keys[i]->text);
        if (t == NO_TYPE && own(c, n->keys[i]))
            schema_piece_ref(c, n->keys[i], what);    /* reports it */
        if (t == NO_TYPE || val->null)
            continue;
        char sub[PATH_MAX_LEN];
        snprintf(sub, sizeof sub, PATH_PART ".%s", path, c->v->piece[t].id);
        read_entry(c, g, val, sub, t);
    }
}

void schema_read_eval(SchemaContext *c, const TreeNode *n)
{
    const char *names[64];
    int k = 0;
    if (!schema_want_kind(c, n, TREE_MAP, "eval"))
        return;
    for (int i = 0; i < eval_param_ngroups && k < 63; i++)
        names[k++] = eval_param_groups[i].name;
    names[k] = NULL;
    schema_check_keys(c, n, names, NULL, "'eval'");
    for (int i = 0; i < n->n; i++) {
        const EvalParamGroup *g = eval_param_group_find(n->keys[i]->text);
        const TreeNode *val = n->vals[i];
        char path[PATH_MAX_LEN];
        if (!g || val->null)     /* unknown: reported; null: the default */
            continue;
        snprintf(path, sizeof path, "eval.%s", g->name);
        if (g->per_piece)
            read_piece_group(c, g, val, path);
        else
            read_entry(c, g, val, path, 0);
    }
}
