/*
 * schema_values.c — reading single values of a variant file: numbers,
 * booleans, choices, outcomes, piece IDs and lists of them (see schema.h).
 *
 * Each reader checks the value's kind and range and reports a mistake in
 * the same words wherever the value appears, naming the key it belongs to
 * and, where it can, the nearest valid spelling.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "catalog/schema.h"

/* Report keys of `map` that are not in `known`; keys in `reserved` are
 * recognised but not implemented yet. */
void schema_check_keys(SchemaContext *c, const TreeNode *map, const char *const *known,
                       const char *const *reserved, const char *where)
{
    for (int i = 0; i < map->n; i++) {
        const TreeNode *key = map->keys[i];
        bool ok = false;
        for (int k = 0; known[k] && !ok; k++)
            ok = !strcmp(known[k], key->text);
        for (int k = 0; reserved && reserved[k] && !ok; k++)
            if (!strcmp(reserved[k], key->text)) {
                SCHEMA_ERROR(c, key, "'%s' is reserved but not supported yet", key->text);
                ok = true;
            }
        if (ok)
            continue;
        const char *hint = diag_suggest(key->text, known);
        if (hint)
            SCHEMA_ERROR(c, key,
                         "unknown key '%s' in %s (did you mean '%s'?)", key->text, where, hint);
        else
            SCHEMA_ERROR(c, key, "unknown key '%s' in %s", key->text, where);
    }
}

bool schema_want_kind(SchemaContext *c, const TreeNode *n, TreeKind kind, const char *what)
{
    static const char *const names[] = { "a single value", "a mapping", "a list" };
    if (n->kind == kind && !(kind == TREE_SCALAR && n->null))
        return true;
    SCHEMA_ERROR(c, n, "'%s' must be %s, found %s", what, names[kind], tree_kind_name(n));
    return false;
}

const char *schema_string(SchemaContext *c, const TreeNode *n, const char *what)
{
    return schema_want_kind(c, n, TREE_SCALAR, what) ? n->text : NULL;
}

bool schema_int(SchemaContext *c, const TreeNode *n, const char *what, int lo, int hi, int *out)
{
    long long val;

    if (!schema_want_kind(c, n, TREE_SCALAR, what))
        return false;
    if (number_parse_int(n->text, lo, hi, &val) != NUMBER_OK) {
        SCHEMA_ERROR(c, n,
                     "'%s' must be a whole number from %d to %d (got '%s')", what, lo, hi, n->text);
        return false;
    }
    *out = (int)val;
    return true;
}

static bool word_in(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (!strcasecmp(w, *list))
            return true;
    return false;
}

static const char *const TRUE_WORDS[] = { "true", "yes", "on", NULL };
static const char *const FALSE_WORDS[] = { "false", "no", "off", "none", NULL };

bool schema_bool(SchemaContext *c, const TreeNode *n, const char *what, bool *out)
{
    if (!schema_want_kind(c, n, TREE_SCALAR, what))
        return false;
    if (word_in(n->text, TRUE_WORDS))
        *out = true;
    else if (word_in(n->text, FALSE_WORDS))
        *out = false;
    else {
        SCHEMA_ERROR(c, n, "'%s' must be true or false (got '%s')", what, n->text);
        return false;
    }
    return true;
}

bool schema_is_off(const TreeNode *n)
{
    return n->kind == TREE_SCALAR && word_in(n->text, FALSE_WORDS);
}

/* Index of n's text in names[], or -1 after reporting the choices. */
int schema_choice(SchemaContext *c, const TreeNode *n, const char *what, const char *const *names)
{
    char list[256] = "";

    if (!schema_want_kind(c, n, TREE_SCALAR, what))
        return -1;
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], n->text))
            return i;
    for (int i = 0; names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? ", " : "", names[i]);
    const char *hint = diag_suggest(n->text, names);
    if (hint)
        SCHEMA_ERROR(c, n, "'%s' must be one of %s (got '%s'; did you mean '%s'?)",
                     what, list, n->text, hint);
    else
        SCHEMA_ERROR(c, n, "'%s' must be one of %s (got '%s')", what, list, n->text);
    return -1;
}

static const char *const OUTCOME_NAMES[] = { "loss", "draw", "win", NULL };

bool schema_outcome(SchemaContext *c, const TreeNode *n, const char *what, Outcome *out)
{
    int i = schema_choice(c, n, what, OUTCOME_NAMES);
    if (i < 0)
        return false;
    *out = i == 0 ? OUTCOME_LOSS : i == 1 ? OUTCOME_DRAW : OUTCOME_WIN;
    return true;
}

/* Items of a scalar-or-list value, so `[Q, R]` and `Q` both work. */
int schema_list_items(const TreeNode *n, const TreeNode **items, int max)
{
    int k = 0;
    if (n->kind == TREE_SEQ) {
        for (int i = 0; i < n->n && k < max; i++)
            items[k++] = n->vals[i];
    } else if (k < max) {
        items[k++] = n;
    }
    return k;
}

int schema_type_by_id(const Variant *v, const char *id)
{
    for (int t = 0; t < v->ntypes; t++)
        if (!strcmp(v->piece[t].id, id))
            return t;
    return NO_TYPE;
}

int schema_piece_ref(SchemaContext *c, const TreeNode *n, const char *what)
{
    const char *id = schema_string(c, n, what);
    if (!id)
        return NO_TYPE;
    int t = schema_type_by_id(c->v, id);
    if (t == NO_TYPE) {
        const char *ids[MAX_PIECE_TYPES + 1];
        for (int i = 0; i < c->v->ntypes; i++)
            ids[i] = c->v->piece[i].id;
        ids[c->v->ntypes] = NULL;
        const char *hint = strlen(id) > 1 ? diag_suggest(id, ids) : NULL;
        if (hint)
            SCHEMA_ERROR(c, n,
                         "%s '%s' is not a defined piece (did you mean '%s'?)", what, id, hint);
        else
            SCHEMA_ERROR(c, n, "%s '%s' is not a defined piece", what, id);
    }
    return t;
}

/* A list of piece IDs (or `all`) → bitmask of types. */
bool schema_piece_mask(SchemaContext *c, const TreeNode *n, const char *what, TypeMask *out)
{
    const TreeNode *items[MAX_PIECE_TYPES * 2];
    int k = schema_list_items(n, items, MAX_PIECE_TYPES * 2);
    bool ok = true;

    *out = 0;
    if (n->kind == TREE_SCALAR && !strcmp(n->text, "all")) {
        *out = type_mask_all(c->v->ntypes);
        return true;
    }
    for (int i = 0; i < k; i++) {
        int t = schema_piece_ref(c, items[i], what);
        if (t == NO_TYPE)
            ok = false;
        else
            *out |= type_bit(t);
    }
    return ok;
}

/* An integer written at *p, inside a word that ends at `end`; *p moves
 * past its digits.  Unlike number_scan_int alone, it never skips blanks
 * into the next word. */
NumberStatus schema_word_number(const char **p, const char *end, long long lo, long long hi,
                                long long *out)
{
    const char *s = *p;
    if (s < end && (*s == '+' || *s == '-'))
        s++;
    if (s >= end || !isdigit((unsigned char)*s))
        return NUMBER_MISSING;
    return number_scan_int(p, lo, hi, out);
}
