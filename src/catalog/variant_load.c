/*
 * variant_load.c — variant files (YAML) → Variant.
 *
 * Stages, one section each:
 *   1. YAML events → a tree of YNodes that remember file, line and column
 *      (libyaml's document loader forgets marks and silently accepts
 *      duplicate keys, so the tree is built here from parser events);
 *   2. a registry of parsed documents from every source, with priorities;
 *   3. `extends`: the parent's merged tree is merged with the child's;
 *   4. the schema walk: merged tree → Variant, every value checked;
 *   5. prepare_tables() and prepare_start(), then into the VariantSet.
 * Every problem is reported through diag.c as FILE:LINE:COLUMN.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#include "notation/fen.h"
#include "util/diag.h"
#include "util/number.h"
#include "board/position.h"
#include "catalog/prepare.h"
#include "catalog/variant_load.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/menagerie"
#endif

#define MAX_DEPTH 64

/* Aliases share nodes, so a small file can stand for a huge tree (a
 * "billion laughs": each anchor a list of ten aliases of the previous one)
 * that every later walk would expand.  Nodes reached through aliases are
 * counted per document and capped far above what a variant needs. */
#define MAX_ALIAS_NODES 10000

/* =====================================================================
 * 1. YAML tree
 * ================================================================== */

typedef enum { YN_SCALAR, YN_MAP, YN_SEQ } YKind;

typedef struct YNode YNode;
struct YNode {
    YKind       kind;
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
    YNode     **keys;        /* mapping keys (scalars) */
    YNode     **vals;        /* mapping values, sequence items */
    YNode      *next;        /* arena chain */
};

typedef struct {
    char  *name;
    YNode *node;
} Anchor;

/* What building one file's documents needs. */
typedef struct {
    yaml_parser_t parser;
    const char   *file;
    YNode       **arena;
    Diag         *d;
    Anchor       *anchors;
    int           nanchors, capanchors;
    long          alias_nodes;/* nodes reached through aliases in this document */
    bool          failed;     /* a libyaml error: the file is unusable */
} TreeBuilder;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("menagerie: out of memory\n", stderr);
        exit(1);
    }
    return q;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

static YNode *node_new(YNode **arena, YKind kind, const char *file, int line, int col)
{
    YNode *n = xrealloc(NULL, sizeof *n);
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

static void arena_free(YNode *n)
{
    while (n) {
        YNode *next = n->next;
        free(n->text);
        free(n->keys);
        free(n->vals);
        free(n);
        n = next;
    }
}

static void node_append(YNode *parent, YNode *key, YNode *val)
{
    for (int i = 0; i < 2; i++) {
        const YNode *child = i ? val : key;
        if (!child)
            continue;
        parent->weight += child->weight;
        if (parent->height < child->height + 1)
            parent->height = child->height + 1;
    }
    if (parent->n == parent->cap) {
        parent->cap = parent->cap ? 2 * parent->cap : 8;
        parent->vals = xrealloc(parent->vals, parent->cap * sizeof *parent->vals);
        if (parent->kind == YN_MAP)
            parent->keys = xrealloc(parent->keys, parent->cap * sizeof *parent->keys);
    }
    if (parent->kind == YN_MAP)
        parent->keys[parent->n] = key;
    parent->vals[parent->n++] = val;
}

static YNode *map_get(const YNode *map, const char *key)
{
    if (!map || map->kind != YN_MAP)
        return NULL;
    for (int i = 0; i < map->n; i++)
        if (!strcmp(map->keys[i]->text, key))
            return map->vals[i]->null ? NULL : map->vals[i];
    return NULL;
}

static YNode *map_key(const YNode *map, const char *key)
{
    if (!map || map->kind != YN_MAP)
        return NULL;
    for (int i = 0; i < map->n; i++)
        if (!strcmp(map->keys[i]->text, key))
            return map->keys[i];
    return NULL;
}

static const char *kind_name(const YNode *n)
{
    if (n->kind == YN_MAP)
        return "a mapping";
    if (n->kind == YN_SEQ)
        return "a list";
    return n->null ? "nothing" : "a scalar";
}

/* Why libyaml stopped, in words a variant author can act on. */
static void tree_yaml_error(TreeBuilder *tb)
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
    diag_error(tb->d, tb->file, (int)m.line + 1, (int)m.column + 1, "YAML: %s%s%s%s",
               p->context ? p->context : "", p->context ? ": " : "",
               p->problem ? p->problem : "syntax error", hint);
    tb->failed = true;
}

static bool tree_next(TreeBuilder *tb, yaml_event_t *ev)
{
    if (!yaml_parser_parse(&tb->parser, ev)) {
        tree_yaml_error(tb);
        return false;
    }
    return true;
}

static void tree_anchor(TreeBuilder *tb, const yaml_char_t *anchor, YNode *node)
{
    if (!anchor)
        return;
    if (tb->nanchors == tb->capanchors) {
        tb->capanchors = tb->capanchors ? 2 * tb->capanchors : 8;
        tb->anchors = xrealloc(tb->anchors, tb->capanchors * sizeof *tb->anchors);
    }
    tb->anchors[tb->nanchors].name = xstrdup((const char *)anchor);
    tb->anchors[tb->nanchors++].node = node;
}

static YNode *tree_build(TreeBuilder *tb, yaml_event_t *ev, int depth);

static YNode *tree_scalar(TreeBuilder *tb, yaml_event_t *ev)
{
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    YNode *n = node_new(tb->arena, YN_SCALAR, tb->file, line, col);
    yaml_scalar_style_t style = ev->data.scalar.style;

    n->text = xstrdup((const char *)ev->data.scalar.value);
    n->skip = (style == YAML_SINGLE_QUOTED_SCALAR_STYLE
               || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) ? 1 : 0;
    n->multiline = style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE;
    n->null = style == YAML_PLAIN_SCALAR_STYLE
              && (!*n->text || !strcmp(n->text, "~") || !strcasecmp(n->text, "null"));
    tree_anchor(tb, ev->data.scalar.anchor, n);
    return n;
}

static YNode *null_node(TreeBuilder *tb, int line, int col)
{
    YNode *n = node_new(tb->arena, YN_SCALAR, tb->file, line, col);
    n->text = xstrdup("");
    n->null = true;
    return n;
}

/* An alias stands for its anchor's whole tree, as deep and as large as
 * that tree is once its own aliases are expanded: refuse one that refers to
 * the collection it sits in, or that makes the document too deep or too
 * large, so no later walk can recurse forever or blow up. */
static YNode *tree_alias(TreeBuilder *tb, yaml_event_t *ev, int depth)
{
    const char *name = (const char *)ev->data.alias.anchor;
    int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
    YNode *target = NULL;

    for (int i = tb->nanchors - 1; i >= 0 && !target; i--)
        if (!strcmp(tb->anchors[i].name, name))
            target = tb->anchors[i].node;
    if (!target) {
        diag_error(tb->d, tb->file, line, col, "alias '*%s' refers to no anchor '&%s' before it",
                   name, name);
        return null_node(tb, line, col);
    }
    if (target->open) {
        diag_error(tb->d, tb->file, line, col,
                   "alias '*%s' is inside its own anchor '&%s' (a self-referring alias "
                   "would never end)", name, name);
        return null_node(tb, line, col);
    }
    if (depth + target->height > MAX_DEPTH) {
        diag_error(tb->d, tb->file, line, col,
                   "alias '*%s' nests the document deeper than %d levels", name, MAX_DEPTH);
        tb->failed = true;
        return NULL;
    }
    tb->alias_nodes += target->weight;
    if (tb->alias_nodes > MAX_ALIAS_NODES) {
        diag_error(tb->d, tb->file, line, col,
                   "alias '*%s' expands the document by more than %d nodes (aliases of "
                   "aliases multiply)", name, MAX_ALIAS_NODES);
        tb->failed = true;
        return NULL;
    }
    return target;
}

/* Read a mapping's events.  Duplicate keys and merge keys are reported
 * here: libyaml accepts both silently. */
static YNode *tree_mapping(TreeBuilder *tb, yaml_event_t *start, int depth)
{
    YNode *map = node_new(tb->arena, YN_MAP, tb->file, (int)start->start_mark.line + 1,
                          (int)start->start_mark.column + 1);
    tree_anchor(tb, start->data.mapping_start.anchor, map);
    map->open = true;
    for (;;) {
        yaml_event_t ev;
        if (!tree_next(tb, &ev))
            return NULL;
        if (ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            map->open = false;
            return map;
        }
        YNode *key = tree_build(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!key || !tree_next(tb, &ev))
            return NULL;
        YNode *val = tree_build(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!val)
            return NULL;
        if (key->kind != YN_SCALAR) {
            diag_error(tb->d, key->file, key->line, key->col,
                       "a mapping key must be a plain name, found %s", kind_name(key));
            continue;
        }
        if (!strcmp(key->text, "<<") && !key->skip) {
            diag_error(tb->d, key->file, key->line, key->col,
                       "merge keys ('<<') are not supported; use 'extends'");
            continue;
        }
        YNode *first = map_key(map, key->text);
        if (first) {
            diag_error(tb->d, key->file, key->line, key->col, "'%s' is defined twice", key->text);
            diag_note(tb->d, first->file, first->line, first->col, "first definition is here");
            continue;
        }
        node_append(map, key, val);
    }
}

static YNode *tree_sequence(TreeBuilder *tb, yaml_event_t *start, int depth)
{
    YNode *seq = node_new(tb->arena, YN_SEQ, tb->file, (int)start->start_mark.line + 1,
                          (int)start->start_mark.column + 1);
    tree_anchor(tb, start->data.sequence_start.anchor, seq);
    seq->open = true;
    for (;;) {
        yaml_event_t ev;
        if (!tree_next(tb, &ev))
            return NULL;
        if (ev.type == YAML_SEQUENCE_END_EVENT) {
            yaml_event_delete(&ev);
            seq->open = false;
            return seq;
        }
        YNode *item = tree_build(tb, &ev, depth + 1);
        yaml_event_delete(&ev);
        if (!item)
            return NULL;
        node_append(seq, NULL, item);
    }
}

static YNode *tree_build(TreeBuilder *tb, yaml_event_t *ev, int depth)
{
    if (depth > MAX_DEPTH) {
        diag_error(tb->d, tb->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                   "YAML nesting deeper than %d levels", MAX_DEPTH);
        tb->failed = true;
        return NULL;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT:         return tree_scalar(tb, ev);
    case YAML_ALIAS_EVENT:          return tree_alias(tb, ev, depth);
    case YAML_MAPPING_START_EVENT:  return tree_mapping(tb, ev, depth);
    case YAML_SEQUENCE_START_EVENT: return tree_sequence(tb, ev, depth);
    default:
        diag_error(tb->d, tb->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                   "YAML: unexpected event");
        tb->failed = true;
        return NULL;
    }
}

static void tree_clear_anchors(TreeBuilder *tb)
{
    for (int i = 0; i < tb->nanchors; i++)
        free(tb->anchors[i].name);
    tb->nanchors = 0;
    tb->alias_nodes = 0;
}

/* Parse all documents of `text`.  Returns the number of documents put in
 * roots[] (at most max), or -1 when the file has a YAML error. */
static int tree_parse(const char *file, const char *text, YNode **arena, Diag *d,
                      YNode **roots, int max)
{
    TreeBuilder tb;
    int n = 0;
    bool done = false;

    memset(&tb, 0, sizeof tb);
    tb.file = file;
    tb.arena = arena;
    tb.d = d;
    yaml_parser_initialize(&tb.parser);
    yaml_parser_set_input_string(&tb.parser, (const unsigned char *)text, strlen(text));
    while (!done && !tb.failed) {
        yaml_event_t ev;
        if (!tree_next(&tb, &ev))
            break;
        if (ev.type == YAML_STREAM_END_EVENT)
            done = true;
        else if (ev.type == YAML_DOCUMENT_START_EVENT || ev.type == YAML_DOCUMENT_END_EVENT
                 || ev.type == YAML_STREAM_START_EVENT)
            tree_clear_anchors(&tb);
        else {
            YNode *root = tree_build(&tb, &ev, 0);
            if (root && n < max)
                roots[n++] = root;
            else if (root)
                diag_error(d, file, root->line, root->col, "more than %d variants in one file", max);
        }
        yaml_event_delete(&ev);
    }
    tree_clear_anchors(&tb);
    free(tb.anchors);
    yaml_parser_delete(&tb.parser);
    return tb.failed ? -1 : n;
}

/* Child over parent: maps merge key by key, anything else replaces, and a
 * null child value deletes the key.  New maps live in `arena`. */
static YNode *tree_merge(YNode **arena, YNode *parent, YNode *child, const char *const *skip)
{
    if (!parent || parent->kind != YN_MAP || child->kind != YN_MAP)
        return child;
    YNode *out = node_new(arena, YN_MAP, child->file, child->line, child->col);
    for (int i = 0; i < parent->n; i++) {
        const char *key = parent->keys[i]->text;
        bool skipped = false;
        for (int k = 0; skip && skip[k]; k++)
            skipped |= !strcmp(skip[k], key);
        if (skipped)
            continue;
        YNode *ck = map_key(child, key);
        if (!ck) {
            node_append(out, parent->keys[i], parent->vals[i]);
            continue;
        }
        YNode *cv = NULL;
        for (int j = 0; j < child->n; j++)
            if (child->keys[j] == ck)
                cv = child->vals[j];
        if (!cv->null)
            node_append(out, ck, tree_merge(arena, parent->vals[i], cv, NULL));
    }
    for (int j = 0; j < child->n; j++)
        if (!map_key(out, child->keys[j]->text) && !child->vals[j]->null)
            node_append(out, child->keys[j], child->vals[j]);
    return out;
}

/* =====================================================================
 * 2. Registry of documents
 * ================================================================== */

enum { DOC_NEW, DOC_BUSY, DOC_OK, DOC_BAD };

#define MAX_DOCS_PER_FILE 64

typedef struct {
    const char *file;       /* as shown in diagnostics (owned by the registry) */
    const char *origin;     /* Variant.origin */
    const char *dir;        /* directory for relative `extends`; NULL: none */
    const char *canon;      /* the file's real path (no ./, .. or links); NULL: none */
    int         priority;   /* higher wins */
    bool        parent_only;/* loaded through a path `extends`: never in the set */
    YNode      *root;
    YNode      *merged;     /* after `extends` */
    char        name[MAX_NAME];
    int         state;
    Variant    *variant;    /* built, until it moves into the set */
    bool        tree_errors;/* the file had YAML-level errors (duplicate keys...) */
} Doc;

struct VarRegistry {
    Doc    **docs;
    int      n, cap;
    YNode   *arena;
    char   **strings;       /* file names, texts: freed with the registry */
    int      nstrings, capstrings;
    int      top_priority;
};

/* One load call: where messages go and how many errors so far. */
typedef struct {
    VariantSet *set;
    FILE       *out;
    const char *prefix;
    int         errors;
    Doc        *stack[MAX_DEPTH];   /* docs being built (cycle reports) */
    int         depth;
} Loader;

static const char *reg_keep(struct VarRegistry *reg, char *s)
{
    if (reg->nstrings == reg->capstrings) {
        reg->capstrings = reg->capstrings ? 2 * reg->capstrings : 32;
        reg->strings = xrealloc(reg->strings, reg->capstrings * sizeof *reg->strings);
    }
    reg->strings[reg->nstrings++] = s;
    return s;
}

static struct VarRegistry *reg_get(VariantSet *set)
{
    if (!set->reg) {
        set->reg = xrealloc(NULL, sizeof *set->reg);
        memset(set->reg, 0, sizeof *set->reg);
    }
    return set->reg;
}

static void reg_free(struct VarRegistry *reg)
{
    if (!reg)
        return;
    for (int i = 0; i < reg->n; i++) {
        if (reg->docs[i]->variant) {
            variant_release(reg->docs[i]->variant);
            free(reg->docs[i]->variant);
        }
        free(reg->docs[i]);
    }
    free(reg->docs);
    for (int i = 0; i < reg->nstrings; i++)
        free(reg->strings[i]);
    free(reg->strings);
    arena_free(reg->arena);
    free(reg);
}

static Doc *reg_add(struct VarRegistry *reg)
{
    if (reg->n == reg->cap) {
        reg->cap = reg->cap ? 2 * reg->cap : 64;
        reg->docs = xrealloc(reg->docs, reg->cap * sizeof *reg->docs);
    }
    Doc *doc = xrealloc(NULL, sizeof *doc);
    memset(doc, 0, sizeof *doc);
    reg->docs[reg->n++] = doc;
    return doc;
}

/* The file name without directory and extension. */
static void file_stem(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, size, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = '\0';
}

/* Parse `text` and register its documents.  Returns the documents added
 * (first one in *first), or -1 after a YAML error. */
static int reg_add_text(Loader *ld, const char *file, const char *origin, const char *dir,
                        const char *text, int priority, Doc **first)
{
    struct VarRegistry *reg = reg_get(ld->set);
    YNode *roots[MAX_DOCS_PER_FILE];
    Diag d;
    int n;

    diag_init(&d, ld->out, ld->prefix);
    file = reg_keep(reg, xstrdup(file));
    origin = reg_keep(reg, xstrdup(origin));
    if (dir)
        dir = reg_keep(reg, xstrdup(dir));
    n = tree_parse(file, text, &reg->arena, &d, roots, MAX_DOCS_PER_FILE);
    if (n == 0 && d.errors == 0)
        diag_error(&d, file, 0, 0, "the file holds no variant");
    ld->errors += d.errors;
    if (n <= 0)
        return -1;
    for (int i = 0; i < n; i++) {
        Doc *doc = reg_add(reg);
        doc->file = file;
        doc->origin = origin;
        doc->dir = dir;
        doc->priority = priority;
        doc->root = roots[i];
        /* Duplicate or merge keys were dropped: check the rest, then refuse it. */
        doc->tree_errors = d.errors > 0;
        YNode *name = map_get(roots[i], "name");
        if (name && name->kind == YN_SCALAR)
            snprintf(doc->name, sizeof doc->name, "%s", name->text);
        else
            file_stem(file, doc->name, sizeof doc->name);
        if (first && i == 0)
            *first = doc;
    }
    return n;
}

static char *read_file(const char *path, char *err, size_t errsize)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;

    if (!f) {
        snprintf(err, errsize, "cannot open: %s", strerror(errno));
        return NULL;
    }
    for (;;) {
        if (cap - len < 4096) {
            cap = cap ? 2 * cap : 8192;
            buf = xrealloc(buf, cap + 1);
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, errsize, "cannot read: %s", strerror(errno));
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    if (strlen(buf) != len) {
        snprintf(err, errsize, "the file contains NUL bytes (not a text file?)");
        free(buf);
        return NULL;
    }
    return buf;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    size_t n = (size_t)(slash - path);
    char *dir = xrealloc(NULL, n + 2);
    memcpy(dir, path, n ? n : 1);
    dir[n ? n : 1] = '\0';
    return dir;
}

static int reg_add_file(Loader *ld, const char *path, int priority, Doc **first)
{
    struct VarRegistry *reg = reg_get(ld->set);
    char err[256];
    char *text = read_file(path, err, sizeof err);

    if (!text) {
        Diag d;
        diag_init(&d, ld->out, ld->prefix);
        diag_error(&d, path, 0, 0, "%s", err);
        ld->errors++;
        return -1;
    }
    char *dir = dir_of(path);
    int n = reg_add_text(ld, path, path, dir, text, priority, first);
    free(dir);
    free(text);
    /* One name per file, however it was reached, so a path `extends` finds
     * a file already loaded and a cycle of paths is seen as a cycle. */
    char *canon = n > 0 ? realpath(path, NULL) : NULL;
    if (canon) {
        reg_keep(reg, canon);
        for (int i = reg->n - n; i < reg->n; i++)
            reg->docs[i]->canon = canon;
    }
    return n;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.yaml of a directory, in name order so results do not depend on
 * the file system. */
static void reg_add_dir(Loader *ld, const char *path, int priority)
{
    DIR *dir = opendir(path);
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;

    if (!dir)
        return;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.' || !has_suffix(e->d_name, ".yaml"))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            names = xrealloc(names, cap * sizeof *names);
        }
        names[n++] = xstrdup(e->d_name);
    }
    closedir(dir);
    qsort(names, n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(path) + strlen(names[i]) + 2;
        char *full = xrealloc(NULL, len);
        snprintf(full, len, "%s%s%s", path, has_suffix(path, "/") ? "" : "/", names[i]);
        reg_add_file(ld, full, priority, NULL);
        free(full);
        free(names[i]);
    }
    free(names);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A file or directory named by the user: missing is an error. */
static void reg_add_path(Loader *ld, const char *path, int priority)
{
    if (is_dir(path))
        reg_add_dir(ld, path, priority);
    else
        reg_add_file(ld, path, priority, NULL);
}

/* =====================================================================
 * 4. Schema walk: helpers
 * ================================================================== */

enum { REGION_NEW, REGION_BUSY, REGION_DONE, REGION_BAD };

typedef struct {
    Diag      *d;
    Variant   *v;
    bool       rotate;          /* symmetry: rotate instead of mirror */
    bool       board_ok;
    SquareSet  board;           /* squares that are not holes */
    YNode     *regions;         /* the `regions` mapping */
    int        region_state[64];
    SquareSet  region_set[64][2];
    YNode     *piece_key[MAX_PIECE_TYPES];   /* where each type was defined */
    YNode     *piece_val[MAX_PIECE_TYPES];
    YNode     *promo_default;   /* top-level `promotion` */
    YNode    **arena;
    bool       drop_checks_forbidden, drop_mates_forbidden;
} Ctx;

#define ERR(c, node, ...) diag_error((c)->d, (node)->file, (node)->line, (node)->col, __VA_ARGS__)

/* Report keys of `map` that are not in `known`; keys in `reserved` are
 * recognised but not implemented yet. */
static void check_keys(Ctx *c, const YNode *map, const char *const *known,
                       const char *const *reserved, const char *where)
{
    for (int i = 0; i < map->n; i++) {
        const YNode *key = map->keys[i];
        bool ok = false;
        for (int k = 0; known[k] && !ok; k++)
            ok = !strcmp(known[k], key->text);
        for (int k = 0; reserved && reserved[k] && !ok; k++)
            if (!strcmp(reserved[k], key->text)) {
                ERR(c, key, "'%s' is reserved but not supported yet", key->text);
                ok = true;
            }
        if (ok)
            continue;
        const char *hint = diag_suggest(key->text, known);
        if (hint)
            ERR(c, key, "unknown key '%s' in %s (did you mean '%s'?)", key->text, where, hint);
        else
            ERR(c, key, "unknown key '%s' in %s", key->text, where);
    }
}

static bool want_kind(Ctx *c, const YNode *n, YKind kind, const char *what)
{
    static const char *const names[] = { "a single value", "a mapping", "a list" };
    if (n->kind == kind && !(kind == YN_SCALAR && n->null))
        return true;
    ERR(c, n, "'%s' must be %s, found %s", what, names[kind], kind_name(n));
    return false;
}

static const char *get_str(Ctx *c, const YNode *n, const char *what)
{
    return want_kind(c, n, YN_SCALAR, what) ? n->text : NULL;
}

static bool get_int(Ctx *c, const YNode *n, const char *what, int lo, int hi, int *out)
{
    long long val;

    if (!want_kind(c, n, YN_SCALAR, what))
        return false;
    if (number_parse_int(n->text, lo, hi, &val) != NUMBER_OK) {
        ERR(c, n, "'%s' must be a whole number from %d to %d (got '%s')", what, lo, hi, n->text);
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

static bool get_bool(Ctx *c, const YNode *n, const char *what, bool *out)
{
    if (!want_kind(c, n, YN_SCALAR, what))
        return false;
    if (word_in(n->text, TRUE_WORDS))
        *out = true;
    else if (word_in(n->text, FALSE_WORDS))
        *out = false;
    else {
        ERR(c, n, "'%s' must be true or false (got '%s')", what, n->text);
        return false;
    }
    return true;
}

static bool is_off(const YNode *n)
{
    return n->kind == YN_SCALAR && word_in(n->text, FALSE_WORDS);
}

/* Index of n's text in names[], or -1 after reporting the choices. */
static int get_enum(Ctx *c, const YNode *n, const char *what, const char *const *names)
{
    char list[256] = "";

    if (!want_kind(c, n, YN_SCALAR, what))
        return -1;
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], n->text))
            return i;
    for (int i = 0; names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? ", " : "", names[i]);
    const char *hint = diag_suggest(n->text, names);
    if (hint)
        ERR(c, n, "'%s' must be one of %s (got '%s'; did you mean '%s'?)", what, list, n->text, hint);
    else
        ERR(c, n, "'%s' must be one of %s (got '%s')", what, list, n->text);
    return -1;
}

static const char *const OUTCOME_NAMES[] = { "loss", "draw", "win", NULL };

static bool get_outcome(Ctx *c, const YNode *n, const char *what, Outcome *out)
{
    int i = get_enum(c, n, what, OUTCOME_NAMES);
    if (i < 0)
        return false;
    *out = i == 0 ? OUTCOME_LOSS : i == 1 ? OUTCOME_DRAW : OUTCOME_WIN;
    return true;
}

/* Items of a scalar-or-list value, so `[Q, R]` and `Q` both work. */
static int list_items(const YNode *n, const YNode **items, int max)
{
    int k = 0;
    if (n->kind == YN_SEQ) {
        for (int i = 0; i < n->n && k < max; i++)
            items[k++] = n->vals[i];
    } else if (k < max) {
        items[k++] = n;
    }
    return k;
}

static int type_by_id(const Variant *v, const char *id)
{
    for (int t = 0; t < v->ntypes; t++)
        if (!strcmp(v->piece[t].id, id))
            return t;
    return NO_TYPE;
}

static int piece_ref(Ctx *c, const YNode *n, const char *what)
{
    const char *id = get_str(c, n, what);
    if (!id)
        return NO_TYPE;
    int t = type_by_id(c->v, id);
    if (t == NO_TYPE) {
        const char *ids[MAX_PIECE_TYPES + 1];
        for (int i = 0; i < c->v->ntypes; i++)
            ids[i] = c->v->piece[i].id;
        ids[c->v->ntypes] = NULL;
        const char *hint = strlen(id) > 1 ? diag_suggest(id, ids) : NULL;
        if (hint)
            ERR(c, n, "%s '%s' is not a defined piece (did you mean '%s'?)", what, id, hint);
        else
            ERR(c, n, "%s '%s' is not a defined piece", what, id);
    }
    return t;
}

/* A list of piece IDs (or `all`) → bitmask of types. */
static bool piece_mask(Ctx *c, const YNode *n, const char *what, uint32_t *out)
{
    const YNode *items[MAX_PIECE_TYPES * 2];
    int k = list_items(n, items, MAX_PIECE_TYPES * 2);
    bool ok = true;

    *out = 0;
    if (n->kind == YN_SCALAR && !strcmp(n->text, "all")) {
        *out = c->v->ntypes >= 32 ? 0xFFFFFFFFu : (1u << c->v->ntypes) - 1;
        return true;
    }
    for (int i = 0; i < k; i++) {
        int t = piece_ref(c, items[i], what);
        if (t == NO_TYPE)
            ok = false;
        else
            *out |= 1u << t;
    }
    return ok;
}

/* =====================================================================
 * 4a. Square sets
 * ================================================================== */

static int sq_mirror(const Ctx *c, int sq)
{
    const Variant *v = c->v;
    int f = var_file(v, sq), r = var_rank(v, sq);
    if (c->rotate)
        f = v->files - 1 - f;
    return var_square(v, f, v->ranks - 1 - r);
}

static void set_or(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] |= b->w[i];
}

static void set_and(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] &= b->w[i];
}

static void set_minus(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] &= ~b->w[i];
}

static void set_rect(const Ctx *c, SquareSet *s, int f0, int r0, int f1, int r1)
{
    if (f0 > f1) { int t = f0; f0 = f1; f1 = t; }
    if (r0 > r1) { int t = r0; r0 = r1; r1 = t; }
    for (int r = r0; r <= r1; r++)
        for (int f = f0; f <= f1; f++)
            sqset_add(s, var_square(c->v, f, r));
    set_and(s, &c->board);
}

/* An integer written at *p, inside a word that ends at `end`; *p moves
 * past its digits.  Unlike number_scan_int alone, it never skips blanks
 * into the next word. */
static NumberStatus word_number(const char **p, const char *end, long long lo, long long hi,
                                long long *out)
{
    const char *s = *p;
    if (s < end && (*s == '+' || *s == '-'))
        s++;
    if (s >= end || !isdigit((unsigned char)*s))
        return NUMBER_MISSING;
    return number_scan_int(p, lo, hi, out);
}

/* "d4" → file 3, rank 3.  Returns false if `w` is not square-shaped (a
 * letter, then only digits); *inside tells whether it is on the board. */
static bool parse_square(const Variant *v, const char *w, size_t len, int *file, int *rank,
                         bool *inside)
{
    const char *p = w + 1, *end = w + len;
    long long r;

    if (len < 2 || w[0] < 'a' || w[0] > 'z')
        return false;
    for (const char *q = p; q < end; q++)
        if (!isdigit((unsigned char)*q))
            return false;
    NumberStatus st = word_number(&p, end, 1, v->ranks, &r);
    *file = w[0] - 'a';
    *rank = st == NUMBER_OK ? (int)r - 1 : -1;
    *inside = *file < v->files && st == NUMBER_OK;
    return true;
}

typedef struct {
    const char *s;      /* word start */
    int         len;
    int         col;    /* column in the file (0: unknown) */
} Word;

static int split_words(const YNode *n, Word *w, int max)
{
    int k = 0;
    const char *s = n->text;
    for (int i = 0; s[i] && k < max;) {
        if (s[i] == ' ' || s[i] == ',' || s[i] == '\t' || s[i] == '\n') {
            i++;
            continue;
        }
        int j = i;
        while (s[j] && s[j] != ' ' && s[j] != ',' && s[j] != '\t' && s[j] != '\n')
            j++;
        w[k].s = s + i;
        w[k].len = j - i;
        w[k].col = n->multiline ? n->col : n->col + n->skip + i;
        k++;
        i = j;
    }
    return k;
}

static bool word_is(const Word *w, const char *s)
{
    return (int)strlen(s) == w->len && !strncmp(w->s, s, w->len);
}

static void werr(Ctx *c, const YNode *n, const Word *w, const char *fmt, const char *arg)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    diag_error(c->d, n->file, n->line, w->col, "%s", msg);
}

/* The part of word w from `start` to `end`, with its own column. */
static Word sub_word(const YNode *n, const Word *w, const char *start, const char *end)
{
    Word sub = { start, (int)(end - start), w->col };
    if (!n->multiline)
        sub.col += (int)(start - w->s);
    return sub;
}

static bool region_get(Ctx *c, const YNode *n, const Word *w, int color, SquareSet *out);

/* One rank number of a range, at *p; reported at its own column. */
static bool rank_number(Ctx *c, const YNode *n, const Word *w, const char **p, long long *rank)
{
    const char *start = *p, *end = w->s + w->len;
    NumberStatus st = word_number(p, end, 1, c->v->ranks, rank);
    Word num = sub_word(n, w, start, *p);

    if (st == NUMBER_MISSING || st == NUMBER_MALFORMED) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", w->len < 39 ? w->len : 39, w->s);
        werr(c, n, w, "'%s' is not a rank number or range (like '6' or '6-10')", buf);
        return false;
    }
    if (st != NUMBER_OK) {
        char msg[120];
        snprintf(msg, sizeof msg, "rank %.*s does not exist on a %dx%d board (ranks 1 to %d)",
                 num.len < 40 ? num.len : 40, num.s, c->v->files, c->v->ranks, c->v->ranks);
        werr(c, n, &num, "%s", msg);
        return false;
    }
    return true;
}

/* "6-10" or "6" → inclusive range of 0-based ranks. */
static bool rank_range(Ctx *c, const YNode *n, const Word *w, int *lo, int *hi)
{
    const char *p = w->s, *end = w->s + w->len;
    long long a, b;

    if (!rank_number(c, n, w, &p, &a))
        return false;
    b = a;
    if (p < end && *p == '-') {
        p++;
        if (!rank_number(c, n, w, &p, &b))
            return false;
    }
    if (p != end) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", w->len < 39 ? w->len : 39, w->s);
        werr(c, n, w, "'%s' is not a rank number or range (like '6' or '6-10')", buf);
        return false;
    }
    *lo = (int)(a < b ? a : b) - 1;
    *hi = (int)(a < b ? b : a) - 1;
    return true;
}

static bool file_range(Ctx *c, const YNode *n, const Word *w, int *lo, int *hi)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.*s", w->len, w->s);
    bool shape = (w->len == 1 && islower((unsigned char)buf[0]))
              || (w->len == 3 && islower((unsigned char)buf[0]) && buf[1] == '-'
                  && islower((unsigned char)buf[2]));
    if (!shape) {
        werr(c, n, w, "'%s' is not a file letter or range (like 'd' or 'a-c')", buf);
        return false;
    }
    int a = buf[0] - 'a', b = w->len == 3 ? buf[2] - 'a' : a;
    if (a >= c->v->files || b >= c->v->files) {
        char msg[80];
        snprintf(msg, sizeof msg, "file %s does not exist on a %dx%d board", buf,
                 c->v->files, c->v->ranks);
        werr(c, n, w, "%s", msg);
        return false;
    }
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
    return true;
}

/* `first 2 ranks`, `last rank` for `color`; consumes words from *i. */
static bool relative_ranks(Ctx *c, const YNode *n, const Word *w, int nw, int *i, int color,
                           SquareSet *out)
{
    bool last = word_is(&w[*i], "last");
    int count = 1;

    if (*i + 1 >= nw) {
        werr(c, n, &w[*i], "'%s' must be followed by 'rank' or 'N ranks'", last ? "last" : "first");
        return false;
    }
    (*i)++;
    if (!word_is(&w[*i], "rank")) {
        const Word *x = &w[*i];
        const char *p = x->s, *end = x->s + x->len;
        char buf[40], why[64];
        long long k;
        snprintf(buf, sizeof buf, "%.*s", x->len < 39 ? x->len : 39, x->s);
        NumberStatus st = word_number(&p, end, 1, c->v->ranks, &k);
        if (st == NUMBER_OK && p != end)
            st = NUMBER_MALFORMED;
        if (st == NUMBER_TOO_SMALL || st == NUMBER_TOO_LARGE) {
            char msg[160];
            snprintf(msg, sizeof msg, "the count of ranks '%s' %s on a %dx%d board", buf,
                     number_problem(st, 1, c->v->ranks, why, sizeof why), c->v->files,
                     c->v->ranks);
            werr(c, n, x, "%s", msg);
            if (*i + 1 < nw && (word_is(&w[*i + 1], "ranks") || word_is(&w[*i + 1], "rank")))
                (*i)++;     /* one error for the whole item */
            return false;
        }
        if (st != NUMBER_OK || *i + 1 >= nw
            || !(word_is(&w[*i + 1], "ranks") || word_is(&w[*i + 1], "rank"))) {
            werr(c, n, x, "expected 'rank' or a count of ranks from 1 to the board "
                 "height followed by 'ranks' (got '%s')", buf);
            return false;
        }
        count = (int)k;
        (*i)++;
    }
    /* White's last ranks are the top ones; Black's are the bottom ones. */
    bool top = last == (color == WHITE);
    int lo = top ? c->v->ranks - count : 0, hi = top ? c->v->ranks - 1 : count - 1;
    set_rect(c, out, 0, lo, c->v->files - 1, hi);
    return true;
}

/* One item that stands for absolute squares, evaluated from White's side
 * (and mirrored for Black when `mirror`). */
static bool abs_item(Ctx *c, const YNode *n, const Word *w, int nw, int *i, int color,
                     bool mirror, SquareSet *out)
{
    SquareSet s = { { 0 } };
    const Word *x = &w[*i];
    int lo, hi, f0, r0, f1, r1;
    bool in0, in1;

    if (word_is(x, "rank") || word_is(x, "ranks") || word_is(x, "file") || word_is(x, "files")) {
        bool rank = x->s[0] == 'r';
        if (*i + 1 >= nw) {
            werr(c, n, x, "'%s' must be followed by a number or range", rank ? "rank" : "file");
            return false;
        }
        (*i)++;
        if (rank ? !rank_range(c, n, &w[*i], &lo, &hi) : !file_range(c, n, &w[*i], &lo, &hi))
            return false;
        if (rank)
            set_rect(c, &s, 0, lo, c->v->files - 1, hi);
        else
            set_rect(c, &s, lo, 0, hi, c->v->ranks - 1);
    } else if (word_is(x, "all")) {
        s = c->board;
    } else if (word_is(x, "none")) {
        ;
    } else if (word_is(x, "dark") || word_is(x, "light")) {
        for (int sq = 0; sq < c->v->files * c->v->ranks; sq++)
            if (((var_file(c->v, sq) + var_rank(c->v, sq)) % 2 == 0) == (x->s[0] == 'd'))
                sqset_add(&s, sq);
        set_and(&s, &c->board);
    } else {
        const char *dash = memchr(x->s, '-', x->len);
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", x->len < 39 ? x->len : 39, x->s);
        if (dash && parse_square(c->v, x->s, dash - x->s, &f0, &r0, &in0)
            && parse_square(c->v, dash + 1, x->len - (dash - x->s) - 1, &f1, &r1, &in1)) {
            if (!in0 || !in1) {
                char msg[120];
                snprintf(msg, sizeof msg, "rectangle '%s' reaches outside the %dx%d board",
                         buf, c->v->files, c->v->ranks);
                werr(c, n, x, "%s", msg);
                return false;
            }
            set_rect(c, &s, f0, r0, f1, r1);
        } else if (parse_square(c->v, x->s, x->len, &f0, &r0, &in0)) {
            if (!in0) {
                char msg[120];
                snprintf(msg, sizeof msg, "square '%s' is outside the %dx%d board",
                         buf, c->v->files, c->v->ranks);
                werr(c, n, x, "%s", msg);
                return false;
            }
            set_rect(c, &s, f0, r0, f0, r0);
        } else {
            /* A region already knows both colours' squares. */
            if (!region_get(c, n, x, color, &s))
                return false;
            set_or(out, &s);
            return true;
        }
    }
    if (mirror && color == BLACK) {
        SquareSet m = { { 0 } };
        for (int sq = 0; sq < MAX_SQUARES; sq++)
            if (sqset_has(&s, sq))
                sqset_add(&m, sq_mirror(c, sq));
        s = m;
    }
    set_or(out, &s);
    return true;
}

static bool sqset_scalar(Ctx *c, const YNode *n, int color, bool mirror, SquareSet *out)
{
    Word w[64];
    int nw = split_words(n, w, 64);
    bool ok = true;

    for (int i = 0; i < nw; i++) {
        if (word_is(&w[i], "first") || word_is(&w[i], "last"))
            ok &= relative_ranks(c, n, w, nw, &i, color, out);
        else
            ok &= abs_item(c, n, w, nw, &i, color, mirror, out);
    }
    return ok;
}

static bool sqset_eval(Ctx *c, const YNode *n, int color, bool mirror, SquareSet *out);

static bool sqset_map(Ctx *c, const YNode *n, int color, bool mirror, SquareSet *out)
{
    static const char *const keys[] = { "in", "except", "white", "black", NULL };
    const YNode *in = map_get(n, "in"), *except = map_get(n, "except");
    const YNode *white = map_get(n, "white"), *black = map_get(n, "black");
    SquareSet s = { { 0 } }, minus = { { 0 } };
    bool ok = true;

    check_keys(c, n, keys, NULL, "a square set");
    if (white || black) {
        if (in || except)
            ERR(c, n, "a square set has either 'white'/'black' or 'in'/'except', not both");
        /* Each colour's part is written as seen from that colour. */
        const YNode *part = color == WHITE ? white : black;
        return part ? sqset_eval(c, part, color, false, out) : true;
    }
    if (!in) {
        ERR(c, n, "a square set mapping needs 'in' (and usually 'except')");
        return false;
    }
    ok &= sqset_eval(c, in, color, mirror, &s);
    if (except)
        ok &= sqset_eval(c, except, color, mirror, &minus);
    set_minus(&s, &minus);
    set_or(out, &s);
    return ok;
}

static bool sqset_eval(Ctx *c, const YNode *n, int color, bool mirror, SquareSet *out)
{
    bool ok = true;
    if (n->kind == YN_SCALAR)
        return sqset_scalar(c, n, color, mirror, out);
    if (n->kind == YN_MAP)
        return sqset_map(c, n, color, mirror, out);
    for (int i = 0; i < n->n; i++)
        ok &= sqset_eval(c, n->vals[i], color, mirror, out);
    return ok;
}

/* A square set for both colours: written from White's side, Black's
 * derived by the board's symmetry. */
static bool sqset_both(Ctx *c, const YNode *n, SquareSet out[2])
{
    memset(out, 0, 2 * sizeof *out);
    if (!c->board_ok)
        return false;
    bool ok = sqset_eval(c, n, WHITE, true, &out[WHITE]);
    /* Errors are reported once, for White. */
    Diag *d = c->d, quiet = *d;
    quiet.out = NULL;
    c->d = &quiet;
    ok &= sqset_eval(c, n, BLACK, true, &out[BLACK]);
    c->d = d;
    return ok;
}

static bool region_get(Ctx *c, const YNode *n, const Word *w, int color, SquareSet *out)
{
    char name[64];
    snprintf(name, sizeof name, "%.*s", w->len < 63 ? w->len : 63, w->s);
    int idx = -1;
    for (int i = 0; c->regions && i < c->regions->n && i < 64; i++)
        if (!strcmp(c->regions->keys[i]->text, name))
            idx = i;
    if (idx < 0) {
        const char *cands[65];
        int k = 0;
        for (int i = 0; c->regions && i < c->regions->n && i < 64; i++)
            cands[k++] = c->regions->keys[i]->text;
        cands[k] = NULL;
        const char *hint = diag_suggest(name, cands);
        char msg[200];
        if (hint)
            snprintf(msg, sizeof msg, "region '%s' is not defined (did you mean '%s'?)", name, hint);
        else
            snprintf(msg, sizeof msg, "'%s' is neither a square, a range nor a defined region", name);
        werr(c, n, w, "%s", msg);
        return false;
    }
    if (c->region_state[idx] == REGION_BUSY) {
        werr(c, n, w, "region '%s' is defined in terms of itself", name);
        return false;
    }
    if (c->region_state[idx] == REGION_NEW) {
        c->region_state[idx] = REGION_BUSY;
        bool ok = sqset_both(c, c->regions->vals[idx], c->region_set[idx]);
        c->region_state[idx] = ok ? REGION_DONE : REGION_BAD;
    }
    if (c->region_state[idx] == REGION_BAD)
        return false;
    set_or(out, &c->region_set[idx][color]);
    return true;
}

/* =====================================================================
 * 4b. Pieces
 * ================================================================== */

static bool valid_id(const char *id)
{
    const char *p = id;
    if (*p == '+')
        p++;
    if (!isupper((unsigned char)*p))
        return false;
    p++;
    if (*p == '\'' || *p == '!')
        p++;
    return *p == '\0';
}

static int add_type(Ctx *c, const char *id, YNode *key, YNode *val)
{
    Variant *v = c->v;
    int t = type_by_id(v, id);

    if (t != NO_TYPE) {
        ERR(c, key, "piece '%s' is defined twice", id);
        diag_note(c->d, c->piece_key[t]->file, c->piece_key[t]->line, c->piece_key[t]->col,
                  "first definition is here");
        return NO_TYPE;
    }
    if (v->ntypes == MAX_PIECE_TYPES) {
        ERR(c, key, "more than %d piece types", MAX_PIECE_TYPES);
        return NO_TYPE;
    }
    t = v->ntypes++;
    PieceType *pt = &v->piece[t];
    snprintf(pt->id, sizeof pt->id, "%s", id);
    pt->letter = id[0] == '+' ? id[1] : id[0];
    snprintf(pt->name, sizeof pt->name, "%s", id);
    pt->promoted = pt->demotes_to = NO_TYPE;
    pt->capturable = true;
    pt->allowed[WHITE] = pt->allowed[BLACK] = c->board;
    c->piece_key[t] = key;
    c->piece_val[t] = val;
    return t;
}

/* Pass 1: every ID gets its type number, so pieces may refer to pieces
 * defined after them. */
static void pieces_declare(Ctx *c, YNode *pieces)
{
    for (int i = 0; i < pieces->n; i++) {
        YNode *key = pieces->keys[i], *val = pieces->vals[i];
        char id[8];
        if (!valid_id(key->text)) {
            ERR(c, key, "piece ID '%s' must be a capital letter, optionally with '+' before it "
                "or ' or ! after it (like N, +P, L!)", key->text);
            continue;
        }
        if (val->null)
            continue;
        add_type(c, key->text, key, val);
        YNode *promoted = map_get(val, "promoted");
        if (promoted && key->text[0] == '+')
            ERR(c, map_key(val, "promoted"), "promoted piece '%s' cannot itself have 'promoted'",
                key->text);
        else if (promoted) {
            snprintf(id, sizeof id, "+%s", key->text);
            add_type(c, id, map_key(val, "promoted"), promoted);
        }
    }
}

/* The column of character `index` (0-based) of a scalar. */
static int scalar_col(const YNode *n, int index)
{
    return n->multiline ? n->col : n->col + n->skip + index;
}

static bool parse_betza(Ctx *c, const YNode *n, char *text_out, XbPiece *out, const char *id)
{
    XbError err;
    const char *text = get_str(c, n, "moves");

    if (!text)
        return false;
    if (strlen(text) >= MAX_BETZA) {
        ERR(c, n, "XBetza of '%s' is longer than %d characters", id, MAX_BETZA - 1);
        return false;
    }
    snprintf(text_out, MAX_BETZA, "%s", text);
    memset(&err, 0, sizeof err);
    if (xb_parse(text, XB_STRICT, out, &err) != 0) {
        diag_error(c->d, n->file, n->line, scalar_col(n, err.column > 0 ? err.column - 1 : 0),
                   "invalid XBetza '%s': %s", text, err.message);
        return false;
    }
    for (int g = 0; g < out->ngroups; g++) {
        const XbGroup *grp = &out->group[g];
        int start = grp->column > 0 ? grp->column - 1 : 0;
        if (grp->nlegs > 1) {
            const char *a = strchr(text + start, 'a');
            int at = a ? (int)(a - text) : start;
            diag_error(c->d, n->file, n->line, scalar_col(n, at),
                       "XBetza multi-leg moves ('a') are not supported yet");
            return false;
        }
        if (grp->atom == 'O') {
            const char *o = strchr(text + start, 'O');
            diag_error(c->d, n->file, n->line, scalar_col(n, o ? (int)(o - text) : start),
                       "castling ('O') is set up in 'castling', not in 'moves'");
            return false;
        }
    }
    return true;
}

/* Moving it is irreversible unless it can step back or sideways without
 * capturing (pawns, lances, shogi knights reset the n-move counter). */
static bool betza_irreversible(const XbPiece *p)
{
    for (int g = 0; g < p->ngroups; g++) {
        const XbGroup *grp = &p->group[g];
        if (!(grp->leg[0].mode & XB_MODE_M) || grp->initial)
            continue;
        /* forward directions: F FR FL in the K system; rf fr fl lf obliquely */
        uint8_t forward = grp->cls == XB_CLASS_OBLIQUE ? 0xC3 : 0x83;
        if (grp->leg[0].dirs & ~forward)
            return false;
    }
    return true;
}

static void piece_synonyms(Ctx *c, PieceType *pt, const YNode *n)
{
    const YNode *items[16];
    int k = list_items(n, items, 16), out = 0;

    for (int i = 0; i < k; i++) {
        const char *s = get_str(c, items[i], "synonyms");
        for (; s && *s; s++) {
            if (*s == ' ' || *s == ',')
                continue;
            if (!isupper((unsigned char)*s)) {
                ERR(c, items[i], "synonym '%c' of '%s' must be a capital letter", *s, pt->id);
                break;
            }
            if (out < (int)sizeof pt->synonyms - 1)
                pt->synonyms[out++] = *s;
        }
    }
    pt->synonyms[out] = '\0';
}

static void piece_drop(Ctx *c, PieceType *pt, const YNode *n)
{
    static const char *const keys[] = { "zone", "no-doubled", "checks", "mates", NULL };
    static const char *const reserved[] = { "colour", "color", NULL };
    static const char *const allow[] = { "allowed", "forbidden", NULL };
    const YNode *x;

    if (!want_kind(c, n, YN_MAP, "drop"))
        return;
    check_keys(c, n, keys, reserved, "'drop'");
    if ((x = map_get(n, "zone")))
        sqset_both(c, x, pt->drop_zone);
    if ((x = map_get(n, "no-doubled"))) {
        if (x->kind == YN_SCALAR && !strcmp(x->text, "file"))
            pt->drop_no_doubled = 1;
        else if (is_off(x))
            pt->drop_no_doubled = 0;
        else
            get_int(c, x, "no-doubled", 1, MAX_RANKS, &pt->drop_no_doubled);
    }
    if ((x = map_get(n, "checks")))
        pt->drop_no_check = get_enum(c, x, "checks", allow) == 1;
    if ((x = map_get(n, "mates")))
        pt->drop_no_mate = get_enum(c, x, "mates", allow) == 1;
}

static void piece_extra(Ctx *c, PieceType *pt, const YNode *n)
{
    if (!want_kind(c, n, YN_MAP, "extra-moves") || n->n == 0)
        return;
    if (n->n > 1)
        ERR(c, n->keys[1], "only one 'extra-moves' region per piece is supported");
    /* The key is a square set (usually a region name). */
    if (!sqset_both(c, n->keys[0], pt->extra_region))
        return;
    pt->has_extra = parse_betza(c, n->vals[0], pt->extra_betza, &pt->extra_moves, pt->id);
}

static void piece_promotion(Ctx *c, int t, const YNode *n);

static void piece_fill(Ctx *c, int t)
{
    static const char *const keys[] = {
        "name", "moves", "value", "royal", "synonyms", "promotion", "promoted", "demotes-to",
        "extra-moves", "confined-to", "barred-from", "drop", "max", "capturable",
        "resets-move-rule", "glyph", NULL };
    static const char *const reserved[] = { "as", "letters", "san", NULL };
    PieceType *pt = &c->v->piece[t];
    const YNode *n = c->piece_val[t], *x, *moves = n;
    SquareSet set[2];

    pt->drop_zone[WHITE] = c->v->hand.zone[WHITE];
    pt->drop_zone[BLACK] = c->v->hand.zone[BLACK];
    pt->drop_no_check = c->drop_checks_forbidden;
    pt->drop_no_mate = c->drop_mates_forbidden;
    if (n->kind == YN_MAP) {
        char where[32];
        snprintf(where, sizeof where, "piece '%s'", pt->id);
        check_keys(c, n, keys, reserved, where);
        moves = map_get(n, "moves");
        if ((x = map_get(n, "name")) && get_str(c, x, "name"))
            snprintf(pt->name, sizeof pt->name, "%s", x->text);
        if ((x = map_get(n, "value")))
            get_int(c, x, "value", 0, 100000, &pt->value);
        if ((x = map_get(n, "royal")))
            get_bool(c, x, "royal", &pt->royal);
        if ((x = map_get(n, "synonyms")))
            piece_synonyms(c, pt, x);
        if ((x = map_get(n, "capturable")))
            get_bool(c, x, "capturable", &pt->capturable);
        if ((x = map_get(n, "max")))
            get_int(c, x, "max", 0, MAX_SQUARES, &pt->max_count);
        if ((x = map_get(n, "confined-to")) && sqset_both(c, x, set)) {
            set_and(&pt->allowed[WHITE], &set[WHITE]);
            set_and(&pt->allowed[BLACK], &set[BLACK]);
        }
        if ((x = map_get(n, "barred-from")) && sqset_both(c, x, set)) {
            set_minus(&pt->allowed[WHITE], &set[WHITE]);
            set_minus(&pt->allowed[BLACK], &set[BLACK]);
        }
        if ((x = map_get(n, "extra-moves")))
            piece_extra(c, pt, x);
        if ((x = map_get(n, "drop")))
            piece_drop(c, pt, x);
        if ((x = map_get(n, "demotes-to")))
            pt->demotes_to = piece_ref(c, x, "demotes-to");
        if ((x = map_get(n, "glyph")) && get_str(c, x, "glyph")) {
            if (strlen(x->text) != 1 || !isalpha((unsigned char)x->text[0]))
                ERR(c, x, "'glyph' must be one letter (an XBoard piece image), got '%s'", x->text);
            else
                pt->xboard_glyph = (char)toupper((unsigned char)x->text[0]);
        }
    }
    if (!moves) {
        ERR(c, c->piece_key[t], "piece '%s' has no 'moves'", pt->id);
        return;
    }
    if (parse_betza(c, moves, pt->betza, &pt->moves, pt->id)) {
        pt->betza_line = moves->line;
        pt->betza_col = scalar_col(moves, 0);
    }
    pt->resets_move_rule = betza_irreversible(&pt->moves);
    if (n->kind == YN_MAP && (x = map_get(n, "resets-move-rule")))
        get_bool(c, x, "resets-move-rule", &pt->resets_move_rule);
    piece_promotion(c, t, n);
}

static void piece_promotion(Ctx *c, int t, const YNode *n)
{
    static const char *const keys[] = { "zone", "to", "mandatory", "on", NULL };
    static const char *const reserved[] = { "in-place", "by-capture-only", "by-drop",
                                            "every-move", NULL };
    static const char *const mandatory[] = { "when-immobile", "always", "never", NULL };
    static const char *const on[] = { "enter", "within", "leave", NULL };
    PieceType *pt = &c->v->piece[t];
    YNode *own = n->kind == YN_MAP ? map_get(n, "promotion") : NULL;
    bool inline_promoted = n->kind == YN_MAP && map_get(n, "promoted");
    char plus[8];
    const YNode *x;

    snprintf(plus, sizeof plus, "+%s", pt->id);
    if (pt->id[0] != '+' && type_by_id(c->v, plus) != NO_TYPE) {
        pt->promoted = type_by_id(c->v, plus);
        if (c->v->piece[pt->promoted].demotes_to == NO_TYPE)
            c->v->piece[pt->promoted].demotes_to = t;
    }
    if (own && !want_kind(c, own, YN_MAP, "promotion"))
        return;
    if (!own && !inline_promoted)
        return;
    /* Top-level `promotion` supplies defaults, key by key. */
    YNode *p = own ? tree_merge(c->arena, c->promo_default, own, NULL)
                   : c->promo_default;
    pt->can_promote = true;
    pt->promo_on_enter = pt->promo_on_within = true;
    x = p ? map_get(p, "zone") : NULL;
    if (p)
        check_keys(c, p, keys, reserved, "'promotion'");
    if (x)
        sqset_both(c, x, pt->promo_zone);
    else if (c->board_ok) {
        set_rect(c, &pt->promo_zone[WHITE], 0, c->v->ranks - 1, c->v->files - 1, c->v->ranks - 1);
        set_rect(c, &pt->promo_zone[BLACK], 0, 0, c->v->files - 1, 0);
    }
    if (p && (x = map_get(p, "mandatory"))) {
        int m = get_enum(c, x, "mandatory", mandatory);
        pt->promo_mandatory = m == 1 ? PROMO_ALWAYS : m == 2 ? PROMO_NEVER : PROMO_WHEN_IMMOBILE;
    }
    if (p && (x = map_get(p, "on"))) {
        const YNode *items[8];
        int k = list_items(x, items, 8);
        pt->promo_on_enter = pt->promo_on_within = pt->promo_on_leave = false;
        for (int i = 0; i < k; i++) {
            int w = get_enum(c, items[i], "on", on);
            pt->promo_on_enter |= w == 0;
            pt->promo_on_within |= w == 1;
            pt->promo_on_leave |= w == 2;
        }
    }
    x = p ? map_get(p, "to") : NULL;
    if (!x) {
        if (pt->promoted != NO_TYPE)
            pt->promo_to = 1u << pt->promoted;
        else
            ERR(c, c->piece_key[t], "promotion of '%s' needs 'to' (a list of pieces, or 'captured')",
                pt->id);
        return;
    }
    const YNode *items[MAX_PIECE_TYPES * 2];
    int k = list_items(x, items, MAX_PIECE_TYPES * 2);
    if (k == 0)
        ERR(c, x, "'to' lists no piece");
    for (int i = 0; i < k; i++) {
        if (items[i]->kind == YN_SCALAR && !strcmp(items[i]->text, "captured")) {
            pt->promo_to_captured = true;
            continue;
        }
        int target = piece_ref(c, items[i], "promotion target");
        if (target == t)
            ERR(c, items[i], "'%s' cannot promote to itself", pt->id);
        else if (target != NO_TYPE)
            pt->promo_to |= 1u << target;
    }
    /* Alone, `captured` means any lost type other than royals and itself. */
    if (pt->promo_to_captured && !pt->promo_to)
        for (int u = 0; u < c->v->ntypes; u++)
            if (u != t && c->v->piece[u].id[0] != '+')
                pt->promo_to |= 1u << u;
}

/* Pieces in the order they are written (this file first, then parents),
 * so messages come in file order; type numbers keep the parent's order. */
static void pieces_order(const Ctx *c, const YNode *root, int *order)
{
    for (int t = 0; t < c->v->ntypes; t++)
        order[t] = t;
    for (int i = 1; i < c->v->ntypes; i++)
        for (int j = i; j > 0; j--) {
            const YNode *a = c->piece_key[order[j - 1]], *b = c->piece_key[order[j]];
            int fa = a->file != root->file, fb = b->file != root->file;
            if (fa < fb || (fa == fb && (a->line < b->line
                                         || (a->line == b->line && a->col <= b->col))))
                break;
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
}

/* Fix what needs every piece known: royal types out of captured-promotion
 * lists, letters used twice. */
static void pieces_check(Ctx *c)
{
    Variant *v = c->v;
    for (int t = 0; t < v->ntypes; t++) {
        PieceType *pt = &v->piece[t];
        if (pt->promo_to_captured)
            for (int u = 0; u < v->ntypes; u++)
                if (v->piece[u].royal)
                    pt->promo_to &= ~(1u << u);
        for (int u = 0; u < t; u++) {
            const PieceType *pu = &v->piece[u];
            if ((pt->id[0] == '+') != (pu->id[0] == '+'))
                continue;
            char mine[16], theirs[16];
            snprintf(mine, sizeof mine, "%c%s", pt->letter, pt->synonyms);
            snprintf(theirs, sizeof theirs, "%c%s", pu->letter, pu->synonyms);
            for (const char *m = mine; *m; m++)
                if (strchr(theirs, *m)) {
                    ERR(c, c->piece_key[t], "letter '%c' is used by both '%s' and '%s'",
                        *m, pu->id, pt->id);
                    break;
                }
        }
    }
}

/* =====================================================================
 * 4c. Board, start position, hand, castling, rules, xboard
 * ================================================================== */

/* One side of "WxH": the count read from [start, end) with status st. */
static bool board_count_ok(Ctx *c, const YNode *n, NumberStatus st, const char *start,
                           const char *end, const char *what, int max)
{
    char why[64];
    if (st == NUMBER_OK)
        return true;
    diag_error(c->d, n->file, n->line, scalar_col(n, (int)(start - n->text)),
               "the number of %s '%.*s' %s", what, (int)(end - start), start,
               number_problem(st, 1, max, why, sizeof why));
    return false;
}

static bool board_size(Ctx *c, const YNode *n, const char *text)
{
    const char *end = text + strlen(text), *p = text, *files_at, *files_end, *ranks_at;
    long long files = 0, ranks = 0;
    NumberStatus fs, rs = NUMBER_MISSING;

    files_at = p;
    fs = word_number(&p, end, 1, MAX_FILES, &files);
    files_end = p;
    ranks_at = p + 1;
    if (fs != NUMBER_MISSING && *p == 'x') {
        p++;
        rs = word_number(&p, end, 1, MAX_RANKS, &ranks);
    }
    if (fs == NUMBER_MISSING || rs == NUMBER_MISSING || p != end) {
        ERR(c, n, "'board' must look like 8x8 (files x ranks), got '%s'", text);
        return false;
    }
    /* Both sides are checked, so both mistakes are reported. */
    bool files_ok = board_count_ok(c, n, fs, files_at, files_end, "files", MAX_FILES);
    bool ranks_ok = board_count_ok(c, n, rs, ranks_at, p, "ranks", MAX_RANKS);
    if (!files_ok || !ranks_ok)
        return false;
    c->v->files = (int)files;
    c->v->ranks = (int)ranks;
    return true;
}

static void board_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "files", "ranks", "holes", NULL };
    static const char *const reserved[] = { "shape", NULL };
    Variant *v = c->v;
    const YNode *holes = NULL;

    if (n->kind == YN_SCALAR) {
        c->board_ok = get_str(c, n, "board") && board_size(c, n, n->text);
    } else if (want_kind(c, n, YN_MAP, "board")) {
        const YNode *f = map_get(n, "files"), *r = map_get(n, "ranks");
        check_keys(c, n, keys, reserved, "'board'");
        if (!f || !r)
            ERR(c, n, "'board' needs 'files' and 'ranks'");
        else {
            /* Both are checked, so both mistakes are reported. */
            bool files_ok = get_int(c, f, "files", 1, MAX_FILES, &v->files);
            bool ranks_ok = get_int(c, r, "ranks", 1, MAX_RANKS, &v->ranks);
            c->board_ok = files_ok && ranks_ok;
        }
        holes = map_get(n, "holes");
    }
    if (!c->board_ok)
        return;
    xb_geometry_init(&v->geom, v->files, v->ranks);
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        sqset_add(&c->board, sq);
    if (holes) {
        SquareSet h[2];
        /* Holes are absolute squares: evaluate without mirroring. */
        memset(h, 0, sizeof h);
        if (sqset_eval(c, holes, WHITE, false, &h[WHITE]))
            for (int sq = 0; sq < v->files * v->ranks; sq++)
                if (sqset_has(&h[WHITE], sq))
                    v->geom.hole[sq] = 1;
    }
}

/* Holes written as '*' in the start position. */
static void start_holes(Ctx *c, const YNode *n)
{
    Variant *v = c->v;
    bool listed = false;
    int rank = v->ranks - 1, file = 0;

    for (int sq = 0; sq < v->files * v->ranks; sq++)
        listed |= v->geom.hole[sq] != 0;
    for (const char *p = n->text; *p && *p != ' ' && *p != '['; p++) {
        if (*p == '/') {
            rank--;
            file = 0;
        } else if (isdigit((unsigned char)*p)) {
            /* A bad run is start_check's to report; past the last file
             * nothing more can be a hole. */
            long long k;
            if (number_scan_int(&p, 1, v->files, &k) != NUMBER_OK)
                k = v->files;
            file = file + k < v->files ? file + (int)k : v->files;
            p--;
        } else if (*p == '*') {
            if (rank >= 0 && file < v->files) {
                int sq = var_square(v, file, rank);
                if (listed && !v->geom.hole[sq])
                    diag_error(c->d, n->file, n->line, scalar_col(n, (int)(p - n->text)),
                               "the start position has a hole on %c%d but 'board.holes' does "
                               "not list it", 'a' + file, rank + 1);
                v->geom.hole[sq] = 1;
            }
            file++;
        } else if (isalpha((unsigned char)*p)) {
            file++;
        }
    }
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (v->geom.hole[sq])
            c->board.w[sq >> 6] &= ~((uint64_t)1 << (sq & 63));
}

static bool letter_known(const Variant *v, char ch, bool promoted)
{
    char up = (char)toupper((unsigned char)ch);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        if ((pt->id[0] == '+') != promoted)
            continue;
        if (pt->letter == up || (!promoted && strchr(pt->synonyms, up)))
            return true;
    }
    return false;
}

/* The board part of the start position, checked with columns; the rest
 * is fen_validate()'s job. */
static void start_check(Ctx *c, const YNode *n)
{
    const Variant *v = c->v;
    const char *s = n->text, *p = s;
    int rank = 0, width = 0;
    bool reported = false;      /* this rank already has an error about its width */

    for (;; p++) {
        int at = (int)(p - s);
        if (*p == '/' || *p == ' ' || *p == '[' || *p == '\0') {
            if (width != v->files && rank < v->ranks && !reported)
                diag_error(c->d, n->file, n->line, scalar_col(n, at),
                           "rank %d of the start position has %d squares, the board has %d files",
                           v->ranks - rank, width, v->files);
            rank++;
            width = 0;
            reported = false;
            if (*p != '/')
                break;
        } else if (isdigit((unsigned char)*p)) {
            long long run;
            char why[64];
            NumberStatus st = number_scan_int(&p, 1, v->files, &run);
            if (st != NUMBER_OK && !reported) {
                diag_error(c->d, n->file, n->line, scalar_col(n, at),
                           "the run of empty squares '%.*s' in rank %d of the start position %s",
                           (int)(p - s - at), s + at, v->ranks - rank,
                           number_problem(st, 1, v->files, why, sizeof why));
                reported = true;
            }
            /* Saturated: a wider rank is an error anyway, and width never overflows. */
            width = width + run <= v->files ? width + (int)run : v->files + 1;
            p--;
        } else if (*p == '*') {
            width++;
        } else if (*p == '+' && isalpha((unsigned char)p[1])) {
            if (!letter_known(v, p[1], true))
                diag_error(c->d, n->file, n->line, scalar_col(n, at),
                           "start position uses '+%c' but no piece '+%c' is defined",
                           p[1], toupper((unsigned char)p[1]));
            p++;
            width++;
        } else if (isalpha((unsigned char)*p)) {
            if (!letter_known(v, *p, false))
                diag_error(c->d, n->file, n->line, scalar_col(n, at),
                           "start position uses '%c' but no piece '%c' is defined",
                           *p, toupper((unsigned char)*p));
            width++;
        } else if (*p != '~' && *p != '!' && *p != '\'') {
            diag_error(c->d, n->file, n->line, scalar_col(n, at),
                       "unexpected '%c' in the start position", *p);
        }
    }
    if (rank != v->ranks)
        ERR(c, n, "the start position has %d ranks, the board has %d", rank, v->ranks);
}

static void hand_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "captures", "drops", "zone", "only-where-mobile",
                                        "checks", "mates", "revert-promoted", NULL };
    static const char *const reserved[] = { "must-drop", "drop-first", "pickup",
                                            "partner-board", NULL };
    static const char *const fates[] = { "discard", "to-captor", "to-owner", NULL };
    static const char *const allow[] = { "allowed", "forbidden", NULL };
    Hand *h = &c->v->hand;
    const YNode *x;

    h->zone[WHITE] = h->zone[BLACK] = c->board;
    h->revert_promoted = true;
    if (!n || is_off(n))
        return;
    if (!want_kind(c, n, YN_MAP, "hand"))
        return;
    check_keys(c, n, keys, reserved, "'hand'");
    if ((x = map_get(n, "captures"))) {
        int f = get_enum(c, x, "captures", fates);
        h->captures = f == 1 ? CAPTURES_TO_CAPTOR : f == 2 ? CAPTURES_TO_OWNER : CAPTURES_DISCARD;
    }
    h->enabled = h->captures != CAPTURES_DISCARD;
    if ((x = map_get(n, "drops")))
        get_bool(c, x, "drops", &h->enabled);
    if (h->captures != CAPTURES_DISCARD && !h->enabled)
        diag_warning(c->d, x->file, x->line, x->col,
                     "hand keeps captures but 'drops: false' — captured pieces can never return");
    if ((x = map_get(n, "zone")))
        sqset_both(c, x, h->zone);
    if ((x = map_get(n, "only-where-mobile")))
        get_bool(c, x, "only-where-mobile", &h->only_where_mobile);
    if ((x = map_get(n, "revert-promoted")))
        get_bool(c, x, "revert-promoted", &h->revert_promoted);
    if ((x = map_get(n, "checks")))
        c->drop_checks_forbidden = get_enum(c, x, "checks", allow) == 1;
    if ((x = map_get(n, "mates")))
        c->drop_mates_forbidden = get_enum(c, x, "mates", allow) == 1;
}

static int file_letter(Ctx *c, const YNode *n, const char *what)
{
    const char *s = get_str(c, n, what);
    if (!s)
        return -1;
    if (strlen(s) != 1 || *s < 'a' || *s >= 'a' + c->v->files) {
        if (n->kind == YN_SCALAR && (n->text[0] == '[' || strchr(n->text, ',')))
            ERR(c, n, "flexible castling (several '%s' files) is reserved but not supported yet", what);
        else
            ERR(c, n, "'%s' must be a file letter from a to %c (got '%s')", what,
                'a' + c->v->files - 1, s);
        return -1;
    }
    return *s - 'a';
}

static void castling_sides(Ctx *c, const YNode *n, const char *what, int *short_f, int *long_f)
{
    static const char *const keys[] = { "short", "long", NULL };
    const YNode *x;
    if (!want_kind(c, n, YN_MAP, what))
        return;
    check_keys(c, n, keys, NULL, what);
    if ((x = map_get(n, "short"))) {
        if (x->kind == YN_SEQ)
            ERR(c, x, "flexible castling (a list of files) is reserved but not supported yet");
        else
            *short_f = file_letter(c, x, "short");
    }
    if ((x = map_get(n, "long"))) {
        if (x->kind == YN_SEQ)
            ERR(c, x, "flexible castling (a list of files) is reserved but not supported yet");
        else
            *long_f = file_letter(c, x, "long");
    }
}

/* gating: {style: seirawan} -- a piece from hand may enter the board on the
 * square a back-rank piece leaves on its first move (with castling, the
 * king's or the rook's square). */
static void gating_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "style", NULL };
    static const char *const styles[] = { "seirawan", "musketeer", NULL };
    const YNode *x;

    c->v->hand.gating = false;
    if (!n || is_off(n) || !want_kind(c, n, YN_MAP, "gating"))
        return;
    check_keys(c, n, keys, NULL, "'gating'");
    if (!(x = map_get(n, "style"))) {
        ERR(c, n, "'gating' needs a 'style' (seirawan)");
        return;
    }
    int style = get_enum(c, x, "style", styles);
    if (style == 1)
        ERR(c, x, "'gating.style: musketeer' is reserved but not supported yet");
    c->v->hand.gating = style == 0;
}

static void castling_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "king", "with", "rank", "king-to", "rook-to",
                                        "through-check", "shuffle", NULL };
    static const char *const reserved[] = { "opposite-only", "dropped-pieces", "wins", NULL };
    Castling *cs = &c->v->castling;
    const YNode *x;

    if (!n || is_off(n) || !want_kind(c, n, YN_MAP, "castling"))
        return;
    check_keys(c, n, keys, reserved, "'castling'");
    cs->enabled = true;
    cs->king = NO_TYPE;
    cs->king_to_short = cs->king_to_long = cs->rook_to_short = cs->rook_to_long = -1;
    if ((x = map_get(n, "king")))
        cs->king = piece_ref(c, x, "castling king");
    else
        for (int t = 0; t < c->v->ntypes && cs->king == NO_TYPE; t++)
            if (c->v->piece[t].royal)
                cs->king = t;
    if (cs->king == NO_TYPE && !map_get(n, "king"))
        ERR(c, n, "'castling' needs 'king': no piece is royal");
    if ((x = map_get(n, "with")))
        piece_mask(c, x, "castling partner", &cs->partners);
    else if (type_by_id(c->v, "R") != NO_TYPE)
        cs->partners = 1u << type_by_id(c->v, "R");
    else
        ERR(c, n, "'castling' needs 'with' (the partner pieces)");
    cs->rank = 0;
    if ((x = map_get(n, "rank")) && get_int(c, x, "rank", 1, c->v->ranks, &cs->rank))
        cs->rank--;
    if ((x = map_get(n, "king-to")))
        castling_sides(c, x, "king-to", &cs->king_to_short, &cs->king_to_long);
    if (!x || (!map_get(x, "short") || !map_get(x, "long")))
        ERR(c, x ? x : n, "'castling' needs 'king-to' with a 'short' and a 'long' file");
    if ((x = map_get(n, "rook-to")))
        castling_sides(c, x, "rook-to", &cs->rook_to_short, &cs->rook_to_long);
    /* By default the partner lands next to the king, on the inner side. */
    if (cs->rook_to_short < 0)
        cs->rook_to_short = cs->king_to_short - 1;
    if (cs->rook_to_long < 0)
        cs->rook_to_long = cs->king_to_long + 1;
    if ((x = map_get(n, "through-check")))
        get_bool(c, x, "through-check", &cs->through_check);
    if ((x = map_get(n, "shuffle")))
        get_bool(c, x, "shuffle", &cs->shuffle);
}

static void rule_repetition(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "count", "result", "perpetual-check", NULL };
    static const char *const reserved[] = { "result-for", "perpetual-chase", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    if (is_off(n)) {
        r->repetition_count = 0;
        return;
    }
    if (n->kind == YN_SCALAR) {
        get_int(c, n, "repetition", 2, 100, &r->repetition_count);
        return;
    }
    if (!want_kind(c, n, YN_MAP, "repetition"))
        return;
    check_keys(c, n, keys, reserved, "'repetition'");
    if ((x = map_get(n, "count")))
        get_int(c, x, "count", 2, 100, &r->repetition_count);
    if ((x = map_get(n, "result")))
        get_outcome(c, x, "result", &r->repetition);
    if ((x = map_get(n, "perpetual-check")))
        get_outcome(c, x, "perpetual-check", &r->perpetual_check);
}

static void rule_move_rule(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "moves", "checks-count", NULL };
    static const char *const reserved[] = { "reset-by", NULL };
    const YNode *x = n;

    if (is_off(n)) {
        c->v->rules.move_rule = 0;
        return;
    }
    if (n->kind == YN_MAP) {
        check_keys(c, n, keys, reserved, "'move-rule'");
        const YNode *checks = map_get(n, "checks-count");
        if (checks) {
            bool count = true;
            get_bool(c, checks, "checks-count", &count);
            c->v->rules.move_rule_skips_checks = !count;
        }
        x = map_get(n, "moves");
        if (!x) {
            ERR(c, n, "'move-rule' needs 'moves'");
            return;
        }
    }
    get_int(c, x, "move-rule", 1, 1000, &c->v->rules.move_rule);
}

static void rule_bare_king(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "result", "grace-move", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    r->bare_king = OUTCOME_NONE;
    if (is_off(n))
        return;
    if (n->kind == YN_SCALAR) {
        get_outcome(c, n, "bare-king", &r->bare_king);
        return;
    }
    if (!want_kind(c, n, YN_MAP, "bare-king"))
        return;
    check_keys(c, n, keys, NULL, "'bare-king'");
    if ((x = map_get(n, "result")))
        get_outcome(c, x, "result", &r->bare_king);
    else
        ERR(c, n, "'bare-king' needs 'result'");
    if ((x = map_get(n, "grace-move")))
        get_bool(c, x, "grace-move", &r->bare_king_grace);
}

static void rule_extinction(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "pieces", "result", "together", NULL };
    static const char *const reserved[] = { "count", "opponent-count", "pseudo-royal", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    r->extinction = 0;
    if (is_off(n) || !want_kind(c, n, YN_MAP, "extinction"))
        return;
    check_keys(c, n, keys, reserved, "'extinction'");
    r->extinction_result = OUTCOME_LOSS;
    if ((x = map_get(n, "pieces")))
        piece_mask(c, x, "extinction piece", &r->extinction);
    else
        ERR(c, n, "'extinction' needs 'pieces' (a list of IDs, or all)");
    if ((x = map_get(n, "result")))
        get_outcome(c, x, "result", &r->extinction_result);
    if ((x = map_get(n, "together")))
        get_bool(c, x, "together", &r->extinction_together);
}

static void rule_explosions(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "spare", NULL };
    static const char *const reserved[] = { "radius", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    r->explosions = false;
    r->explosion_spares = 0;
    if (is_off(n) || !want_kind(c, n, YN_MAP, "explosions"))
        return;
    check_keys(c, n, keys, reserved, "'explosions'");
    r->explosions = true;
    if ((x = map_get(n, "spare")))
        piece_mask(c, x, "spared piece", &r->explosion_spares);
}

static void rule_flag(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "pieces", "region", "result", NULL };
    static const char *const reserved[] = { "count", "safe", "reply-move", "blocked-win", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    r->flag_pieces = 0;
    if (is_off(n) || !want_kind(c, n, YN_MAP, "flag"))
        return;
    check_keys(c, n, keys, reserved, "'flag'");
    r->flag_result = OUTCOME_WIN;
    if ((x = map_get(n, "pieces")))
        piece_mask(c, x, "flag piece", &r->flag_pieces);
    else
        ERR(c, n, "'flag' needs 'pieces'");
    if ((x = map_get(n, "region")))
        sqset_both(c, x, r->flag_region);
    else
        ERR(c, n, "'flag' needs 'region'");
    if ((x = map_get(n, "result")))
        get_outcome(c, x, "result", &r->flag_result);
}

static void rules_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = {
        "checkmated", "stalemated", "repetition", "move-rule", "bare-king", "extinction",
        "flag", "check-limit", "must-capture", "facing-royals", "royals",
        "insufficient-material", "en-passant-squares", "explosions", NULL };
    static const char *const reserved[] = {
        "counting", "material-count", "connect", "checks", "check-evasion", "pass",
        "chasing", "self-capture", "impasse", NULL };
    static const char *const stalemate[] = { "loss", "draw", "win", "material", NULL };
    static const char *const facing[] = { "allowed", "illegal", NULL };
    static const char *const royals[] = { "each", "spare", NULL };
    Rules *r = &c->v->rules;
    const YNode *x;

    if (!want_kind(c, n, YN_MAP, "rules"))
        return;
    check_keys(c, n, keys, reserved, "'rules'");
    if ((x = map_get(n, "checkmated")))
        get_outcome(c, x, "checkmated", &r->checkmated);
    if ((x = map_get(n, "stalemated"))) {
        int s = get_enum(c, x, "stalemated", stalemate);
        if (s >= 0 && s < 3)
            r->stalemated = s == 0 ? OUTCOME_LOSS : s == 1 ? OUTCOME_DRAW : OUTCOME_WIN;
        r->stalemate_material = s == 3;
    }
    if ((x = map_get(n, "repetition")))
        rule_repetition(c, x);
    if ((x = map_get(n, "move-rule")))
        rule_move_rule(c, x);
    if ((x = map_get(n, "bare-king")))
        rule_bare_king(c, x);
    if ((x = map_get(n, "extinction")))
        rule_extinction(c, x);
    if ((x = map_get(n, "flag")))
        rule_flag(c, x);
    if ((x = map_get(n, "check-limit"))) {
        if (is_off(x))
            r->check_limit = 0;
        else
            get_int(c, x, "check-limit", 1, 99, &r->check_limit);
    }
    if ((x = map_get(n, "must-capture")))
        get_bool(c, x, "must-capture", &r->must_capture);
    if ((x = map_get(n, "facing-royals")))
        r->facing_royals_illegal = get_enum(c, x, "facing-royals", facing) == 1;
    if ((x = map_get(n, "royals")))
        r->royal_spare = get_enum(c, x, "royals", royals) == 1;
    if ((x = map_get(n, "insufficient-material")))
        get_bool(c, x, "insufficient-material", &r->insufficient_material_draw);
    if ((x = map_get(n, "en-passant-squares")))
        sqset_both(c, x, r->ep_region);
    if ((x = map_get(n, "explosions")))
        rule_explosions(c, x);
}

static void xboard_parse(Ctx *c, const YNode *n)
{
    static const char *const keys[] = { "parent", "pieces", "holdings", "known", "teach", NULL };
    XboardInfo *xb = &c->v->xboard;
    const YNode *x;

    if (!want_kind(c, n, YN_MAP, "xboard"))
        return;
    check_keys(c, n, keys, NULL, "'xboard'");
    if ((x = map_get(n, "parent")) && get_str(c, x, "parent")) {
        for (const char *p = x->text; *p; p++)
            if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p)) {
                ERR(c, x, "xboard.parent must be an XBoard variant name (like fairy or shogi), "
                    "got '%s'", x->text);
                break;
            }
        snprintf(xb->parent, sizeof xb->parent, "%s", x->text);
    }
    if ((x = map_get(n, "pieces")) && get_str(c, x, "pieces")) {
        size_t len = strlen(x->text);
        if (len % 2 || len >= sizeof xb->piece_to_char)
            ERR(c, x, "xboard.pieces has %zu characters; expected an even number below %zu "
                "(white pieces, then black)", len, sizeof xb->piece_to_char);
        else
            snprintf(xb->piece_to_char, sizeof xb->piece_to_char, "%s", x->text);
    }
    if ((x = map_get(n, "holdings")))
        get_int(c, x, "holdings", 0, MAX_PIECE_TYPES, &xb->holdings);
    if ((x = map_get(n, "known")))
        get_bool(c, x, "known", &xb->known);
    if ((x = map_get(n, "teach")))
        piece_mask(c, x, "piece to teach XBoard", &xb->teach);
}

/* Variant and alias names: lower-case ids. */
static bool name_check(Ctx *c, const YNode *n, const char *what)
{
    const char *s = get_str(c, n, what);
    bool ok = s && *s && strlen(s) <= 32;

    for (const char *p = s; ok && *p; p++)
        ok = islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-';
    if (s && !ok) {
        char fix[64];
        size_t k = 0;
        for (const char *p = s; *p && k < 32; p++)
            if (isalnum((unsigned char)*p))
                fix[k++] = (char)tolower((unsigned char)*p);
            else if (k && fix[k - 1] != '-')
                fix[k++] = '-';
        fix[k] = '\0';
        ERR(c, n, "%s '%s' may only use a-z, 0-9 and '-', at most 32 characters (try '%s')",
            what, s, fix);
    }
    return ok;
}

static void names_parse(Ctx *c, const YNode *root, const char *stem)
{
    Variant *v = c->v;
    const YNode *x;

    if ((x = map_get(root, "name"))) {
        if (name_check(c, x, "variant name"))
            snprintf(v->name, sizeof v->name, "%s", x->text);
    } else {
        snprintf(v->name, sizeof v->name, "%s", stem);
    }
    if ((x = map_get(root, "title")) && get_str(c, x, "title"))
        snprintf(v->title, sizeof v->title, "%s", x->text);
    else
        snprintf(v->title, sizeof v->title, "%s", v->name);
    if ((x = map_get(root, "description")) && get_str(c, x, "description"))
        snprintf(v->description, sizeof v->description, "%s", x->text);
    if ((x = map_get(root, "url")) && get_str(c, x, "url"))
        snprintf(v->url, sizeof v->url, "%s", x->text);
    if ((x = map_get(root, "abstract")))
        get_bool(c, x, "abstract", &v->abstract);
    if ((x = map_get(root, "aliases"))) {
        const YNode *items[MAX_ALIASES + 1];
        int k = list_items(x, items, MAX_ALIASES + 1);
        if (k > MAX_ALIASES)
            ERR(c, items[MAX_ALIASES], "at most %d aliases", MAX_ALIASES);
        for (int i = 0; i < k && i < MAX_ALIASES; i++)
            if (name_check(c, items[i], "alias"))
                snprintf(v->aliases[v->naliases++], MAX_NAME, "%s", items[i]->text);
    }
}

static void variant_defaults(Variant *v)
{
    memset(v, 0, sizeof *v);
    v->rules.checkmated = OUTCOME_LOSS;
    v->rules.stalemated = OUTCOME_DRAW;
    v->rules.repetition_count = 3;
    v->rules.repetition = OUTCOME_DRAW;
    v->rules.move_rule = 50;
    v->castling.king = NO_TYPE;
    v->hand.revert_promoted = true;
    snprintf(v->xboard.parent, sizeof v->xboard.parent, "fairy");
}

static const char *const TOP_KEYS[] = {
    "name", "title", "aliases", "url", "description", "extends", "abstract", "board",
    "symmetry", "regions", "pieces", "start", "promotion", "castling", "hand", "rules",
    "xboard", "gating", NULL };
static const char *const TOP_RESERVED[] = {
    "capture-rules", "walls", "setup", "turn", NULL };

/* The whole schema walk.  Returns false when the variant has errors. */
static bool variant_from_tree(Ctx *c, const YNode *root, const char *stem)
{
    static const char *const symmetries[] = { "mirror", "rotate", NULL };
    Variant *v = c->v;
    const YNode *x, *start;
    YNode *pieces;
    int errors = c->d->errors;

    variant_defaults(v);
    if (!want_kind(c, root, YN_MAP, "a variant"))
        return false;
    check_keys(c, root, TOP_KEYS, TOP_RESERVED, "a variant");
    names_parse(c, root, stem);
    if ((x = map_get(root, "symmetry")))
        c->rotate = get_enum(c, x, "symmetry", symmetries) == 1;
    if ((x = map_get(root, "board")))
        board_parse(c, x);
    else
        ERR(c, root, "variant '%s' has no 'board'", v->name);
    start = map_get(root, "start");
    if (start && !want_kind(c, start, YN_SCALAR, "start"))
        start = NULL;
    if (!start)
        ERR(c, root, "variant '%s' has no 'start' position", v->name);
    if (!c->board_ok)
        return false;
    if (start)
        start_holes(c, start);
    if ((x = map_get(root, "regions"))) {
        if (want_kind(c, x, YN_MAP, "regions"))
            c->regions = (YNode *)x;
        for (int i = 0; c->regions && i < c->regions->n; i++) {
            Word w = { c->regions->keys[i]->text, (int)strlen(c->regions->keys[i]->text),
                       c->regions->keys[i]->col };
            SquareSet tmp = { { 0 } };
            if (i >= 64)
                ERR(c, c->regions->keys[i], "more than 64 regions");
            else
                region_get(c, c->regions->keys[i], &w, WHITE, &tmp);
        }
    }
    if ((x = map_get(root, "promotion")) && want_kind(c, x, YN_MAP, "promotion"))
        c->promo_default = (YNode *)x;
    hand_parse(c, map_get(root, "hand"));
    pieces = map_get(root, "pieces");
    if (!pieces)
        ERR(c, root, "variant '%s' has no 'pieces'", v->name);
    else if (want_kind(c, pieces, YN_MAP, "pieces")) {
        int order[MAX_PIECE_TYPES];
        pieces_declare(c, pieces);
        pieces_order(c, root, order);
        for (int t = 0; t < v->ntypes; t++)
            piece_fill(c, order[t]);
        pieces_check(c);
    }
    castling_parse(c, map_get(root, "castling"));
    gating_parse(c, map_get(root, "gating"));
    if ((x = map_get(root, "rules")))
        rules_parse(c, x);
    if ((x = map_get(root, "xboard")))
        xboard_parse(c, x);
    if (start) {
        snprintf(v->start_fen, sizeof v->start_fen, "%s", start->text);
        if (strlen(start->text) >= sizeof v->start_fen)
            ERR(c, start, "the start position is longer than %zu characters",
                sizeof v->start_fen - 1);
        start_check(c, start);
    }
    return c->d->errors == errors;
}

/* An ending must exist, or the game could never be decided. */
static void endings_check(Ctx *c, const YNode *root)
{
    const Variant *v = c->v;
    bool royal = false;
    for (int t = 0; t < v->ntypes; t++)
        royal |= v->piece[t].royal;
    if (!royal && !v->rules.extinction && !v->rules.flag_pieces && !v->rules.check_limit
        && v->rules.bare_king == OUTCOME_NONE)
        ERR(c, map_key(root, "pieces") ? map_key(root, "pieces") : root,
            "no piece is royal and no 'extinction', 'flag', 'check-limit' or 'bare-king' rule is "
            "set — the game cannot end");
}

/* =====================================================================
 * 3 and 5. `extends`, finalize, the set
 * ================================================================== */

/* Keys that describe one file, never inherited. */
static const char *const NOT_INHERITED[] = {
    "name", "title", "aliases", "description", "url", "abstract", "extends", NULL };

static Doc *doc_find(struct VarRegistry *reg, const char *name, const Doc *from)
{
    Doc *best = NULL;
    for (int i = 0; i < reg->n; i++) {
        Doc *d = reg->docs[i];
        if (d == from || d->parent_only || strcasecmp(d->name, name))
            continue;
        /* A variant extending its own name means the one it overrides. */
        if (from && !strcasecmp(from->name, name) && d->priority >= from->priority)
            continue;
        if (!best || d->priority > best->priority)
            best = d;
    }
    return best;
}

static bool doc_build(Loader *ld, Doc *doc, Diag *d);

static const char *doc_suggest(struct VarRegistry *reg, const char *name)
{
    const char *cands[512];
    int k = 0;
    for (int i = 0; i < reg->n && k < 511; i++)
        cands[k++] = reg->docs[i]->name;
    cands[k] = NULL;
    return diag_suggest(name, cands);
}

/* `rel` seen from directory `dir`, without "./" steps (which would
 * otherwise pile up in file names along a chain of relative `extends`). */
static char *path_join(const char *dir, const char *rel)
{
    while (rel[0] == '.' && rel[1] == '/')
        for (rel += 2; *rel == '/'; rel++)
            ;
    if (rel[0] == '/' || !strcmp(dir, "."))
        return xstrdup(rel);
    size_t len = strlen(dir) + strlen(rel) + 2;
    char *path = xrealloc(NULL, len);
    snprintf(path, len, "%s%s%s", dir, has_suffix(dir, "/") ? "" : "/", rel);
    return path;
}

static Doc *doc_parent(Loader *ld, Doc *doc, const YNode *ext, Diag *d)
{
    struct VarRegistry *reg = reg_get(ld->set);
    Doc *parent = NULL;

    if (strchr(ext->text, '/') || has_suffix(ext->text, ".yaml")) {
        if (!doc->dir) {
            diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                       "extends '%s': built-in variants can only extend by name", ext->text);
            return NULL;
        }
        char *path = path_join(doc->dir, ext->text);
        char *canon = realpath(path, NULL);
        for (int i = 0; i < reg->n && !parent && canon; i++)
            if (reg->docs[i]->canon && !strcmp(reg->docs[i]->canon, canon))
                parent = reg->docs[i];
        if (!parent && reg_add_file(ld, path, doc->priority, &parent) > 0)
            parent->parent_only = true;
        free(canon);
        free(path);
        if (!parent)
            diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                       "extends '%s': the file could not be loaded", ext->text);
        return parent;
    }
    parent = doc_find(reg, ext->text, doc);
    if (!parent && !strcasecmp(ext->text, doc->name)) {
        /* Extending its own name means the definition it overrides. */
        diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                   "inheritance cycle: %s extends itself (no definition of '%s' from a "
                   "lower source to extend)", doc->name, ext->text);
    } else if (!parent) {
        const char *hint = doc_suggest(reg, ext->text);
        if (hint)
            diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                       "extends '%s': no such variant (did you mean '%s'?)", ext->text, hint);
        else
            diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                       "extends '%s': no such variant", ext->text);
    }
    return parent;
}

/* "alpha → beta → alpha", each with its file when the cycle spans files. */
static void report_cycle(Loader *ld, Doc *parent, const YNode *ext, Diag *d)
{
    char chain[1024] = "";
    int from = 0;
    bool files = false;
    for (int i = 0; i < ld->depth; i++)
        if (ld->stack[i] == parent)
            from = i;
    if (from == ld->depth - 1) {
        diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                   "inheritance cycle: %s extends itself", parent->name);
        return;
    }
    for (int i = from; i < ld->depth; i++)
        files |= ld->stack[i]->file != parent->file;
    for (int i = from; i <= ld->depth; i++) {
        const Doc *doc = i < ld->depth ? ld->stack[i] : parent;
        size_t used = strlen(chain);
        if (files)
            snprintf(chain + used, sizeof chain - used, "%s%s (%s)", i > from ? " → " : "",
                     doc->name, doc->file);
        else
            snprintf(chain + used, sizeof chain - used, "%s%s", i > from ? " → " : "",
                     doc->name);
    }
    diag_error(d, ext->file, ext->line, scalar_col(ext, 0), "inheritance cycle: %s", chain);
}

/* The merged tree of `doc` (its parents' trees under its own). */
static bool doc_merge(Loader *ld, Doc *doc, Diag *d)
{
    struct VarRegistry *reg = reg_get(ld->set);
    const YNode *ext = map_get(doc->root, "extends");

    doc->merged = doc->root;
    if (!ext)
        return true;
    if (ext->kind != YN_SCALAR) {
        diag_error(d, ext->file, ext->line, ext->col,
                   "'extends' must name one variant, found %s", kind_name(ext));
        return false;
    }
    Doc *parent = doc_parent(ld, doc, ext, d);
    if (!parent)
        return false;
    if (parent->state == DOC_BUSY) {
        report_cycle(ld, parent, ext, d);
        return false;
    }
    if (ld->depth >= MAX_DEPTH) {
        diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                   "extends '%s': more than %d variants in one chain of 'extends'",
                   ext->text, MAX_DEPTH);
        return false;
    }
    if (parent->state == DOC_NEW) {
        Diag pd;
        diag_init(&pd, ld->out, ld->prefix);
        doc_build(ld, parent, &pd);
        ld->errors += pd.errors;
    }
    if (parent->state != DOC_OK) {
        diag_error(d, ext->file, ext->line, scalar_col(ext, 0),
                   "extends '%s': that variant has errors (%s)", ext->text, parent->file);
        return false;
    }
    doc->merged = tree_merge(&reg->arena, parent->merged, doc->root, NOT_INHERITED);
    return true;
}

/* Build `doc` into doc->variant (finalized).  Errors go to d. */
static bool doc_build(Loader *ld, Doc *doc, Diag *d)
{
    struct VarRegistry *reg = reg_get(ld->set);
    char stem[MAX_NAME], err[256];
    Variant *out;
    Ctx c;
    bool ok;

    if (doc->state != DOC_NEW)
        return doc->state == DOC_OK;
    out = xrealloc(NULL, sizeof *out);
    doc->state = DOC_BUSY;
    ld->stack[ld->depth++] = doc;
    ok = doc_merge(ld, doc, d);
    ld->depth--;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.v = out;
    c.arena = &reg->arena;
    file_stem(doc->file, stem, sizeof stem);
    variant_defaults(out);
    if (ok) {
        ok = variant_from_tree(&c, doc->merged, stem) && !doc->tree_errors;
        snprintf(out->origin, sizeof out->origin, "%s", doc->origin);
        if (strcmp(out->name, doc->name))
            snprintf(doc->name, sizeof doc->name, "%s", out->name);
    }
    if (ok) {
        /* "XBoard knows this name" is true of one file, never of its children. */
        const YNode *known = map_get(map_get(doc->root, "xboard"), "known");
        if (!known)
            out->xboard.known = false;
        endings_check(&c, doc->merged);
        ok = d->errors == 0 && !doc->tree_errors;
    }
    if (ok && prepare_tables(out, err, sizeof err) != 0) {
        const YNode *at = map_key(doc->merged, "pieces");
        diag_error(d, at->file, at->line, at->col, "%s", err);
        ok = false;
    }
    if (ok && prepare_start(out, err, sizeof err) != 0) {
        const YNode *at = map_get(doc->merged, "start");
        diag_error(d, at->file, at->line, scalar_col(at, 0), "start position: %s", err);
        ok = false;
    }
    if (ok) {
        doc->variant = out;
    } else {
        /* variant_release() frees only tables finalize made; safe after failures. */
        variant_release(out);
        free(out);
    }
    doc->state = ok ? DOC_OK : DOC_BAD;
    return ok;
}

static int set_index(const VariantSet *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (!strcasecmp(set->items[i]->name, name))
            return i;
    return -1;
}

static void variant_free(Variant *v)
{
    variant_release(v);
    free(v);
}

/* Put v in the set, replacing a variant of the same name. */
static void set_put(Loader *ld, Doc *doc, Variant *v, Diag *d)
{
    VariantSet *set = ld->set;
    int at = set_index(set, v->name);

    for (int a = 0; a < v->naliases; a++)
        for (int i = 0; i < set->count; i++) {
            const Variant *o = set->items[i];
            if (i == at)
                continue;
            bool clash = !strcasecmp(o->name, v->aliases[a]);
            for (int b = 0; b < o->naliases; b++)
                clash |= !strcasecmp(o->aliases[b], v->aliases[a]);
            if (clash) {
                const YNode *x = map_get(doc->root, "aliases");
                diag_warning(d, doc->file, x ? x->line : 0, x ? x->col : 0,
                             "alias '%s' is already used by variant '%s' (%s); '%s' keeps it",
                             v->aliases[a], o->name, o->origin, o->name);
            }
        }
    if (at >= 0) {
        variant_free(set->items[at]);
        set->items[at] = v;
        return;
    }
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 64;
        set->items = xrealloc(set->items, set->cap * sizeof *set->items);
    }
    set->items[set->count++] = v;
}

/* Build every document with priority >= min_priority and put the
 * winners (highest priority for their name) in the set. */
static void build_all(Loader *ld, int min_priority)
{
    struct VarRegistry *reg = reg_get(ld->set);

    for (int i = 0; i < reg->n; i++) {
        Doc *doc = reg->docs[i];
        if (doc->priority < min_priority || doc->parent_only)
            continue;
        Diag d;
        diag_init(&d, ld->out, ld->prefix);
        /* Same name twice at one priority: the first one stays. */
        Doc *winner = doc_find(reg, doc->name, NULL);
        if (winner != doc && winner->priority == doc->priority && doc->state == DOC_NEW) {
            const YNode *x = map_get(doc->root, "name");
            diag_error(&d, doc->file, x ? x->line : 0, x ? x->col : 0,
                       "variant '%s' is also defined in %s", doc->name, winner->file);
            doc->state = DOC_BAD;
        } else {
            doc_build(ld, doc, &d);
        }
        ld->errors += d.errors;
    }
    for (int i = 0; i < reg->n; i++) {
        Doc *doc = reg->docs[i];
        if (doc->variant && doc->priority >= min_priority && !doc->parent_only
            && doc_find(reg, doc->name, NULL) == doc) {
            Diag d;
            diag_init(&d, ld->out, ld->prefix);
            set_put(ld, doc, doc->variant, &d);
            doc->variant = NULL;
        }
    }
}

/* =====================================================================
 * Public API
 * ================================================================== */

void varset_init(VariantSet *set)
{
    memset(set, 0, sizeof *set);
}

void varset_free(VariantSet *set)
{
    for (int i = 0; i < set->count; i++)
        variant_free(set->items[i]);
    free(set->items);
    reg_free(set->reg);
    memset(set, 0, sizeof *set);
}

static void loader_init(Loader *ld, VariantSet *set, FILE *diag, const char *prefix)
{
    memset(ld, 0, sizeof *ld);
    ld->set = set;
    ld->out = diag;
    ld->prefix = prefix ? prefix : "";
}

static void add_builtins(Loader *ld)
{
    for (int i = 0; i < variants_builtin_count; i++) {
        char label[300];
        snprintf(label, sizeof label, "builtin:%s", variants_builtin[i].name);
        reg_add_text(ld, label, label, NULL, variants_builtin[i].text, 0, NULL);
    }
}

int varset_load_builtin(VariantSet *set, FILE *diag, const char *prefix)
{
    Loader ld;
    loader_init(&ld, set, diag, prefix);
    add_builtins(&ld);
    build_all(&ld, 0);
    return ld.errors;
}

/* Entries of a ':'-list, in order, with `priority` counting down. */
static void add_list(Loader *ld, const char *list, int *priority, bool must_exist)
{
    char *copy = xstrdup(list), *save = NULL;
    for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
        if (!*p)
            continue;
        if (!must_exist && !is_dir(p))
            continue;
        reg_add_path(ld, p, (*priority)--);
    }
    free(copy);
}

int varset_load_all(VariantSet *set, const char *extra_path, FILE *diag, const char *prefix)
{
    Loader ld;
    struct VarRegistry *reg = reg_get(set);
    const char *env = getenv("MENAGERIE_VARIANTS");
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char path[1024];
    int base = reg->top_priority + 1, priority = base + 1000;

    loader_init(&ld, set, diag, prefix);
    add_builtins(&ld);
    /* Highest priority first: --variants, $MENAGERIE_VARIANTS, XDG, pkgdatadir. */
    if (extra_path)
        add_list(&ld, extra_path, &priority, true);
    if (env)
        add_list(&ld, env, &priority, true);
    if (xdg && *xdg)
        snprintf(path, sizeof path, "%s/menagerie/variants", xdg);
    else
        snprintf(path, sizeof path, "%s/.local/share/menagerie/variants", home ? home : ".");
    add_list(&ld, path, &priority, false);
    add_list(&ld, PKGDATADIR "/variants", &priority, false);
    reg->top_priority = base + 1000;
    build_all(&ld, 0);
    return ld.errors;
}

int varset_load_path(VariantSet *set, const char *path, FILE *diag, const char *prefix)
{
    Loader ld;
    struct VarRegistry *reg = reg_get(set);
    int priority = ++reg->top_priority;

    loader_init(&ld, set, diag, prefix);
    reg_add_path(&ld, path, priority);
    build_all(&ld, priority);
    return ld.errors;
}

int varset_load_text(VariantSet *set, const char *label, const char *text,
                     FILE *diag, const char *prefix)
{
    Loader ld;
    struct VarRegistry *reg = reg_get(set);
    int priority = ++reg->top_priority;

    loader_init(&ld, set, diag, prefix);
    reg_add_text(&ld, label, label, NULL, text, priority, NULL);
    build_all(&ld, priority);
    return ld.errors;
}

const Variant *varset_find(const VariantSet *set, const char *name)
{
    int at = set_index(set, name);
    if (at >= 0)
        return set->items[at];
    for (int i = 0; i < set->count; i++)
        for (int a = 0; a < set->items[i]->naliases; a++)
            if (!strcasecmp(set->items[i]->aliases[a], name))
                return set->items[i];
    return NULL;
}

const char *varset_suggest(const VariantSet *set, const char *name)
{
    const char *cands[1024];
    int k = 0;
    for (int i = 0; i < set->count && k < 1000; i++) {
        cands[k++] = set->items[i]->name;
        for (int a = 0; a < set->items[i]->naliases && k < 1000; a++)
            cands[k++] = set->items[i]->aliases[a];
    }
    cands[k] = NULL;
    return diag_suggest(name, cands);
}
