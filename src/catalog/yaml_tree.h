/*
 * yaml_tree.h — YAML text as a tree of nodes that remember where they
 * were written.
 *
 * libyaml's own document loader forgets line and column marks and
 * silently accepts duplicate keys, so yaml_tree.c builds this tree from
 * libyaml's parser events instead; it is the only file of the program
 * that includes <yaml.h>.  Every node records its file, line and column,
 * so each later check can point at the text it is about.  Nodes live in
 * an arena (a chain through `next`) and are freed all at once.
 */
#ifndef CATALOG_YAML_TREE_H
#define CATALOG_YAML_TREE_H

#include <stdbool.h>
#include "util/diag.h"

/* The deepest nesting a document may have, aliases expanded. */
#define TREE_MAX_DEPTH 64

/* In this order: schema_want_kind() names the kinds by their value. */
typedef enum { TREE_SCALAR, TREE_MAP, TREE_SEQ } TreeKind;

typedef struct TreeNode TreeNode;
struct TreeNode {
    TreeKind    kind;
    const char *file;
    int         line, col;   /* 1-based */
    int         skip;        /* columns before the scalar's text (1 for quotes) */
    bool        null;        /* plain ~, null or nothing */
    bool        multiline;   /* block scalar: no columns inside */
    char       *text;        /* scalar text */
    long        weight;      /* nodes in the tree below, aliases expanded */
    int         height;      /* levels below, aliases expanded (0: scalar) */
    bool        open;        /* a collection whose events are still being read */
    int         n, cap;
    TreeNode  **keys;        /* mapping keys (scalars) */
    TreeNode  **vals;        /* mapping values, sequence items */
    TreeNode   *next;        /* arena chain */
};

/* Parse all documents of `text` (named `file` in diagnostics, which must
 * outlive the tree) into nodes chained on *arena.  Returns the number of
 * documents put in roots[] (at most max), or -1 when the file has a YAML
 * error.  Duplicate keys, merge keys and bad aliases are reported to `d`
 * and dropped without failing the file. */
int tree_parse(const char *file, const char *text, TreeNode **arena, Diag *d,
               TreeNode **roots, int max);

/* Free every node of an arena. */
void tree_free(TreeNode *arena);

/* Free the nodes made since the arena's head was `mark` (a failed load
 * taken back), leaving *arena == mark. */
void tree_free_since(TreeNode **arena, TreeNode *mark);

/* Child over parent: maps merge key by key, anything else replaces, and a
 * null child value deletes the key.  Parent keys listed in `skip` (NULL
 * terminated, or NULL) are left out.  New maps live in `arena`. */
TreeNode *tree_merge(TreeNode **arena, TreeNode *parent, TreeNode *child,
                     const char *const *skip);

/* The value of `key` in a mapping; NULL if `map` is not a mapping, has no
 * such key, or its value is null. */
TreeNode *tree_map_get(const TreeNode *map, const char *key);

/* The key node itself (for its position), even when its value is null. */
TreeNode *tree_map_key(const TreeNode *map, const char *key);

/* "a mapping", "a list", "a scalar" or "nothing", for messages. */
const char *tree_kind_name(const TreeNode *n);

/* The column of character `index` (0-based) of a scalar's text: past the
 * opening quote of a quoted scalar; the scalar's own column inside a block
 * scalar, whose lines have no columns of their own. */
int tree_scalar_column(const TreeNode *n, int index);

#endif
