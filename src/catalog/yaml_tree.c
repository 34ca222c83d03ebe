/*
 * yaml_tree.c — libyaml's parser events → a tree of TreeNodes with file,
 * line and column (see yaml_tree.h).
 *
 * Besides marks, building the tree ourselves lets us refuse what libyaml
 * accepts silently (duplicate keys, merge keys) and bound what aliases
 * can do: an alias inside its own anchor, or a few lines of aliases of
 * aliases standing for millions of nodes, would make every later walk of
 * the tree run forever.  This is the only file that includes <yaml.h>.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "util/alloc.h"
#include "catalog/yaml_tree.h"

/* Aliases share nodes, so a small file can stand for a huge tree (a
 * "billion laughs": each anchor a list of ten aliases of the previous one)
 * that every later walk would expand.  Nodes reached through aliases are
 * counted per document and capped far above what a variant needs. */
#define MAX_ALIAS_NODES 10000

typedef struct {
    char     *name;
    TreeNode *node;
} Anchor;

/* What building one file's documents needs. */
typedef struct {
    yaml_parser_t parser;
    const char   *file;
    TreeNode    **arena;
    Diag         *diag;
    Anchor       *anchors;
    int           nanchors, capanchors;
    long          alias_nodes;/* nodes reached through aliases in this document */
    bool          failed;     /* a libyaml error: the file is unusable */
} TreeBuilder;

static TreeNode *node_new(TreeNode **arena, TreeKind kind, const char *file, int line, int col)
{
    TreeNode *n = alloc_realloc(NULL, sizeof *n);
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->file = file;
    n->line = line;
    n->col = col;
    n->weight = 1;
    n->next = *arena;
    *arena = n;
    return n;
}

void tree_free(TreeNode *n)
{
    while (n) {
        TreeNode *next = n->next;
        free(n->text);
        free(n->keys);
        free(n->vals);
        free(n);
        n = next;
    }
}

void tree_free_since(TreeNode **arena, TreeNode *mark)
{
    TreeNode *n = *arena;
    while (n && n != mark) {
        TreeNode *next = n->next;
        n->next = NULL;
        tree_free(n);
        n = next;
    }
    *arena = n;
}

static void node_append(TreeNode *parent, TreeNode *key, TreeNode *val)
{
    for (int i = 0; i < 2; i++) {
        const TreeNode *child = i ? val : key;
        if (!child)
            continue;
        parent->weight += child->weight;
        if (parent->height < child->height + 1)
            parent->height = child->height + 1;
    }
    if (parent->n == parent->cap) {
        parent->cap = parent->cap ? 2 * parent->cap : 8;
        parent->vals = alloc_realloc(parent->vals, parent->cap * sizeof *parent->vals);
        if (parent->kind == TREE_MAP)
            parent->keys = alloc_realloc(parent->keys, parent->cap * sizeof *parent->keys);
    }
    if (parent->kind == TREE_MAP)
        parent->keys[parent->n] = key;
    parent->vals[parent->n++] = val;
}

TreeNode *tree_map_get(const TreeNode *map, const char *key)
{
    if (!map || map->kind != TREE_MAP)
        return NULL;
    for (int i = 0; i < map->n; i++)
        if (!strcmp(map->keys[i]->text, key))
            return map->vals[i]->null ? NULL : map->vals[i];
    return NULL;
}

TreeNode *tree_map_key(const TreeNode *map, const char *key)
{
    if (!map || map->kind != TREE_MAP)
        return NULL;
    for (int i = 0; i < map->n; i++)
        if (!strcmp(map->keys[i]->text, key))
            return map->keys[i];
    return NULL;
}

const char *tree_kind_name(const TreeNode *n)
{
    if (n->kind == TREE_MAP)
        return "a mapping";
    if (n->kind == TREE_SEQ)
        return "a list";
    return n->null ? "nothing" : "a scalar";
}

/* Why libyaml stopped, in words a variant author can act on. */
static void report_libyaml_error(TreeBuilder *tb)
{
    yaml_parser_t *p = &tb->parser;
    yaml_mark_t m = p->problem_mark;
    const char *hint = "";

    if (p->problem && strstr(p->problem, "cannot start any token")
        && p->buffer.start && m.index < (size_t)(p->buffer.last - p->buffer.start)
        && p->buffer.start[m.index] == '\t')
        hint = " (tabs cannot indent YAML; use spaces)";
    else if (p->problem && strstr(p->problem, "mapping values are not allowed"))
        hint = " (a value containing ': ' must be quoted, or a nested mapping must go on its own line)";
    else if (p->context && strstr(p->context, "flow"))
        hint = " (is a '{' or '[' left unclosed?)";
    else if (p->problem && strstr(p->problem, "did not find expected key"))
        hint = " (check the indentation of this line)";
    diag_error(tb->diag, tb->file, (int)m.line + 1, (int)m.column + 1, "YAML: %s%s%s%s",
               p->context ? p->context : "", p->context ? ": " : "",
               p->problem ? p->problem : "syntax error", hint);
    tb->failed = true;
}

static bool next_event(TreeBuilder *tb, yaml_event_t *ev)
{
    if (!yaml_parser_parse(&tb->parser, ev)) {
        report_libyaml_error(tb);
        return false;
    }
    return true;
}

static void remember_anchor(TreeBuilder *tb, const yaml_char_t *anchor, TreeNode *node)
{
    if (!anchor)
        return;
    if (tb->nanchors == tb->capanchors) {
        tb->capanchors = tb->capanchors ? 2 * tb->capanchors : 8;
        tb->anchors = alloc_realloc(tb->anchors, tb->capanchors * sizeof *tb->anchors);
    }
    tb->anchors[tb->nanchors].name = alloc_strdup((const char *)anchor);
    tb->anchors[tb->nanchors++].node = node;
}

static TreeNode *build_node(TreeBuilder *tb, yaml_event_t *ev, int depth);

static TreeNode *build_scalar(TreeBuilder *tb, yaml_event_t *ev)
{
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    TreeNode *n = node_new(tb->arena, TREE_SCALAR, tb->file, line, col);
    yaml_scalar_style_t style = ev->data.scalar.style;

    n->text = alloc_strdup((const char *)ev->data.scalar.value);
    n->skip = (style == YAML_SINGLE_QUOTED_SCALAR_STYLE
               || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) ? 1 : 0;
    n->multiline = style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE;
    n->null = style == YAML_PLAIN_SCALAR_STYLE
              && (!*n->text || !strcmp(n->text, "~") || !strcasecmp(n->text, "null"));
    remember_anchor(tb, ev->data.scalar.anchor, n);
    return n;
}

static TreeNode *null_node(TreeBuilder *tb, int line, int col)
{
    TreeNode *n = node_new(tb->arena, TREE_SCALAR, tb->file, line, col);
    n->text = alloc_strdup("");
    n->null = true;
    return n;
}

/* An alias stands for its anchor's whole tree, as deep and as large as
 * that tree is once its own aliases are expanded: refuse one that refers to
 * the collection it sits in, or that makes the document too deep or too
 * large, so no later walk can recurse forever or blow up. */
static TreeNode *build_alias(TreeBuilder *tb, yaml_event_t *ev, int depth)
{
    const char *name = (const char *)ev->data.alias.anchor;
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    TreeNode *target = NULL;

    for (int i = tb->nanchors - 1; i >= 0 && !target; i--)
        if (!strcmp(tb->anchors[i].name, name))
            target = tb->anchors[i].node;
    if (!target) {
        diag_error(tb->diag, tb->file, line, col, "alias '*%s' refers to no anchor '&%s' before it",
                   name, name);
        return null_node(tb, line, col);
    }
    if (target->open) {
        diag_error(tb->diag, tb->file, line, col,
                   "alias '*%s' is inside its own anchor '&%s' (a self-referring alias "
                   "would never end)", name, name);
        return null_node(tb, line, col);
    }
    if (depth + target->height > TREE_MAX_DEPTH) {
        diag_error(tb->diag, tb->file, line, col,
                   "alias '*%s' nests the document deeper than %d levels", name, TREE_MAX_DEPTH);
        tb->failed = true;
        return NULL;
    }
    tb->alias_nodes += target->weight;
    if (tb->alias_nodes > MAX_ALIAS_NODES) {
        diag_error(tb->diag, tb->file, line, col,
                   "alias '*%s' expands the document by more than %d nodes (aliases of "
                   "aliases multiply)", name, MAX_ALIAS_NODES);
        tb->failed = true;
        return NULL;
    }
    return target;
}

/* Read a mapping's events.  Duplicate keys and merge keys are reported
 * here: libyaml accepts both silently. */
static TreeNode *build_mapping(TreeBuilder *tb, yaml_event_t *start, int depth)
{
    TreeNode *map = node_new(tb->arena, TREE_MAP, tb->file, (int)start->start_mark.line + 1,
                             (int)start->start_mark.column + 1);
    remember_anchor(tb, start->data.mapping_start.anchor, map);
    map->open = true;
    for (;;) {
        yaml_event_t ev;
        if (!next_event(tb, &ev))
            return NULL;
        if (ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            map->open = false;
            return map;
        }
        TreeNode *key = build_node(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!key || !next_event(tb, &ev))
            return NULL;
        TreeNode *val = build_node(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!val)
            return NULL;
        if (key->kind != TREE_SCALAR) {
            diag_error(tb->diag, key->file, key->line, key->col,
                       "a mapping key must be a plain name, found %s", tree_kind_name(key));
            continue;
        }
        if (!strcmp(key->text, "<<") && !key->skip) {
            diag_error(tb->diag, key->file, key->line, key->col,
                       "merge keys ('<<') are not supported; use 'extends'");
            continue;
        }
        TreeNode *first = tree_map_key(map, key->text);
        if (first) {
            diag_error(tb->diag, key->file, key->line, key->col,
                       "'%s' is defined twice", key->text);
            diag_note(tb->diag, first->file, first->line, first->col, "first definition is here");
            continue;
        }
        node_append(map, key, val);
    }
}

static TreeNode *build_sequence(TreeBuilder *tb, yaml_event_t *start, int depth)
{
    TreeNode *seq = node_new(tb->arena, TREE_SEQ, tb->file, (int)start->start_mark.line + 1,
                             (int)start->start_mark.column + 1);
    remember_anchor(tb, start->data.sequence_start.anchor, seq);
    seq->open = true;
    for (;;) {
        yaml_event_t ev;
        if (!next_event(tb, &ev))
            return NULL;
        if (ev.type == YAML_SEQUENCE_END_EVENT) {
            yaml_event_delete(&ev);
            seq->open = false;
            return seq;
        }
        TreeNode *item = build_node(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!item)
            return NULL;
        node_append(seq, NULL, item);
    }
}

static TreeNode *build_node(TreeBuilder *tb, yaml_event_t *ev, int depth)
{
    if (depth > TREE_MAX_DEPTH) {
        diag_error(tb->diag, tb->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                   "YAML nesting deeper than %d levels", TREE_MAX_DEPTH);
        tb->failed = true;
        return NULL;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT:         return build_scalar(tb, ev);
    case YAML_ALIAS_EVENT:          return build_alias(tb, ev, depth);
    case YAML_MAPPING_START_EVENT:  return build_mapping(tb, ev, depth);
    case YAML_SEQUENCE_START_EVENT: return build_sequence(tb, ev, depth);
    default:
        diag_error(tb->diag, tb->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                   "YAML: unexpected event");
        tb->failed = true;
        return NULL;
    }
}

static void forget_anchors(TreeBuilder *tb)
{
    for (int i = 0; i < tb->nanchors; i++)
        free(tb->anchors[i].name);
    tb->nanchors = 0;
    tb->alias_nodes = 0;
}

/* Parse all documents of `text` (see yaml_tree.h). */
int tree_parse(const char *file, const char *text, TreeNode **arena, Diag *d,
               TreeNode **roots, int max)
{
    TreeBuilder tb;
    int n = 0;
    bool done = false;

    memset(&tb, 0, sizeof tb);
    tb.file = file;
    tb.arena = arena;
    tb.diag = d;
    yaml_parser_initialize(&tb.parser);
    yaml_parser_set_input_string(&tb.parser, (const unsigned char *)text, strlen(text));
    while (!done && !tb.failed) {
        yaml_event_t ev;
        if (!next_event(&tb, &ev))
            break;
        if (ev.type == YAML_STREAM_END_EVENT)
            done = true;
        else if (ev.type == YAML_DOCUMENT_START_EVENT || ev.type == YAML_DOCUMENT_END_EVENT
                 || ev.type == YAML_STREAM_START_EVENT)
            forget_anchors(&tb);
        else {
            TreeNode *root = build_node(&tb, &ev, 0);
            if (root && n < max)
                roots[n++] = root;
            else if (root)
                diag_error(d, file, root->line, root->col,
                           "more than %d variants in one file", max);
        }
        yaml_event_delete(&ev);
    }
    forget_anchors(&tb);
    free(tb.anchors);
    yaml_parser_delete(&tb.parser);
    return tb.failed ? -1 : n;
}

/* Child over parent, key by key (see yaml_tree.h). */
TreeNode *tree_merge(TreeNode **arena, TreeNode *parent, TreeNode *child, const char *const *skip)
{
    if (!parent || parent->kind != TREE_MAP || child->kind != TREE_MAP)
        return child;
    TreeNode *out = node_new(arena, TREE_MAP, child->file, child->line, child->col);
    for (int i = 0; i < parent->n; i++) {
        const char *key = parent->keys[i]->text;
        bool skipped = false;
        for (int k = 0; skip && skip[k]; k++)
            skipped |= !strcmp(skip[k], key);
        if (skipped)
            continue;
        TreeNode *ck = tree_map_key(child, key);
        if (!ck) {
            node_append(out, parent->keys[i], parent->vals[i]);
            continue;
        }
        TreeNode *cv = NULL;
        for (int j = 0; j < child->n; j++)
            if (child->keys[j] == ck)
                cv = child->vals[j];
        if (!cv->null)
            node_append(out, ck, tree_merge(arena, parent->vals[i], cv, NULL));
    }
    for (int j = 0; j < child->n; j++)
        if (!tree_map_key(out, child->keys[j]->text) && !child->vals[j]->null)
            node_append(out, child->keys[j], child->vals[j]);
    return out;
}

int tree_scalar_column(const TreeNode *n, int index)
{
    return n->multiline ? n->col : n->col + n->skip + index;
}
