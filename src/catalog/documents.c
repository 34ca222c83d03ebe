/*
 * documents.c — reading variant sources into the document store (see
 * documents.h): texts, files, directories, and the files a path `extends`
 * names; finding documents by name.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "util/alloc.h"
#include "catalog/documents.h"
#include "catalog/load.h"

#define MAX_DOCS_PER_FILE 64
/* A definition sent over a protocol is a file: its variants fit in a
 * VariantDefinition. */
_Static_assert(MAX_DOCS_PER_FILE <= VARIANT_SENT_MAX, "VariantDefinition too small");

/* Keep `s` (allocated) until the store is freed. */
static const char *store_string(struct DocumentStore *store, char *s)
{
    if (store->nstrings == store->capstrings) {
        store->capstrings = store->capstrings ? 2 * store->capstrings : 32;
        store->strings = alloc_realloc(store->strings,
                                         store->capstrings * sizeof *store->strings);
    }
    store->strings[store->nstrings++] = s;
    return s;
}

struct DocumentStore *documents_of(VariantSet *set)
{
    if (!set->documents) {
        set->documents = alloc_realloc(NULL, sizeof *set->documents);
        memset(set->documents, 0, sizeof *set->documents);
    }
    return set->documents;
}

/* A document with the variant built from it, if it still holds one. */
static void free_document(VariantDoc *doc)
{
    if (doc->variant) {
        variant_release(doc->variant);
        free(doc->variant);
    }
    free(doc);
}

void documents_free(struct DocumentStore *store)
{
    if (!store)
        return;
    for (int i = 0; i < store->n; i++)
        free_document(store->docs[i]);
    free(store->docs);
    for (int i = 0; i < store->nstrings; i++)
        free(store->strings[i]);
    free(store->strings);
    tree_free(store->arena);
    free(store);
}

DocumentMark documents_mark(const struct DocumentStore *store)
{
    return (DocumentMark){ store->n, store->nstrings, store->arena };
}

void documents_rollback(struct DocumentStore *store, DocumentMark mark)
{
    for (int i = mark.n; i < store->n; i++)
        free_document(store->docs[i]);
    store->n = mark.n;
    for (int i = mark.nstrings; i < store->nstrings; i++)
        free(store->strings[i]);
    store->nstrings = mark.nstrings;
    tree_free_since(&store->arena, mark.arena);
}

static VariantDoc *store_new_doc(struct DocumentStore *store)
{
    if (store->n == store->cap) {
        store->cap = store->cap ? 2 * store->cap : 64;
        store->docs = alloc_realloc(store->docs, store->cap * sizeof *store->docs);
    }
    VariantDoc *doc = alloc_realloc(NULL, sizeof *doc);
    memset(doc, 0, sizeof *doc);
    store->docs[store->n++] = doc;
    return doc;
}

void documents_file_stem(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, size, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = '\0';
}

int documents_add_text(LoadSession *session, const char *file, const char *origin,
                       const char *dir, const char *text, int priority, VariantDoc **first)
{
    struct DocumentStore *store = documents_of(session->set);
    TreeNode *roots[MAX_DOCS_PER_FILE];
    Diag d;
    int n;

    diag_init(&d, session->out, session->prefix);
    file = store_string(store, alloc_strdup(file));
    origin = store_string(store, alloc_strdup(origin));
    if (dir)
        dir = store_string(store, alloc_strdup(dir));
    n = tree_parse(file, text, &store->arena, &d, roots, MAX_DOCS_PER_FILE);
    if (n == 0 && d.errors == 0)
        diag_error(&d, file, 0, 0, "the file holds no variant");
    session->errors += d.errors;
    if (n <= 0)
        return -1;
    for (int i = 0; i < n; i++) {
        VariantDoc *doc = store_new_doc(store);
        doc->file = file;
        doc->origin = origin;
        doc->dir = dir;
        doc->priority = priority;
        doc->root = roots[i];
        /* Duplicate or merge keys were dropped: check the rest, then refuse it. */
        doc->tree_errors = d.errors > 0;
        TreeNode *name = tree_map_get(roots[i], "name");
        if (name && name->kind == TREE_SCALAR)
            snprintf(doc->name, sizeof doc->name, "%s", name->text);
        else
            documents_file_stem(file, doc->name, sizeof doc->name);
        if (first && i == 0)
            *first = doc;
    }
    return n;
}

/* The whole file as a string, or NULL with the reason in err. */
static char *read_whole_file(const char *path, char *err, size_t errsize)
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
            buf = alloc_realloc(buf, cap + 1);
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

/* Where a relative `extends` in `path` starts: its directory, "." for a
 * bare name, "/" for a file at the root. */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return alloc_strdup(".");
    size_t n = (size_t)(slash - path);
    char *dir = alloc_realloc(NULL, n + 2);
    memcpy(dir, path, n ? n : 1);
    dir[n ? n : 1] = '\0';
    return dir;
}

int documents_add_file(LoadSession *session, const char *path, int priority, VariantDoc **first)
{
    struct DocumentStore *store = documents_of(session->set);
    char err[256];
    char *text = read_whole_file(path, err, sizeof err);

    if (!text) {
        Diag d;
        diag_init(&d, session->out, session->prefix);
        diag_error(&d, path, 0, 0, "%s", err);
        session->errors++;
        return -1;
    }
    char *dir = directory_of(path);
    int n = documents_add_text(session, path, path, dir, text, priority, first);
    free(dir);
    free(text);
    /* One name per file, however it was reached, so a path `extends` finds
     * a file already loaded and a cycle of paths is seen as a cycle. */
    char *canon = n > 0 ? realpath(path, NULL) : NULL;
    if (canon) {
        store_string(store, canon);
        for (int i = store->n - n; i < store->n; i++)
            store->docs[i]->canon = canon;
    }
    return n;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.yaml of a directory, in name order so results do not depend on
 * the file system. */
static void add_directory(LoadSession *session, const char *path, int priority)
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
            names = alloc_realloc(names, cap * sizeof *names);
        }
        names[n++] = alloc_strdup(e->d_name);
    }
    closedir(dir);
    if (n > 1)   /* (qsort wants a real array, even of nothing) */
        qsort(names, (size_t)n, sizeof *names, compare_names);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(path) + strlen(names[i]) + 2;
        char *full = alloc_realloc(NULL, len);
        snprintf(full, len, "%s%s%s", path, has_suffix(path, "/") ? "" : "/", names[i]);
        documents_add_file(session, full, priority, NULL);
        free(full);
        free(names[i]);
    }
    free(names);
}

bool documents_is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void documents_add_path(LoadSession *session, const char *path, int priority)
{
    if (documents_is_directory(path))
        add_directory(session, path, priority);
    else
        documents_add_file(session, path, priority, NULL);
}

VariantDoc *documents_find(struct DocumentStore *store, const char *name,
                           const VariantDoc *from)
{
    VariantDoc *best = NULL;
    for (int i = 0; i < store->n; i++) {
        VariantDoc *doc = store->docs[i];
        if (doc == from || doc->parent_only || strcasecmp(doc->name, name))
            continue;
        /* A variant extending its own name means the one it overrides. */
        if (from && !strcasecmp(from->name, name) && doc->priority >= from->priority)
            continue;
        if (!best || doc->priority > best->priority)
            best = doc;
    }
    return best;
}

const char *documents_suggest(struct DocumentStore *store, const char *name)
{
    const char *cands[512];
    int k = 0;
    for (int i = 0; i < store->n && k < 511; i++)
        cands[k++] = store->docs[i]->name;
    cands[k] = NULL;
    return diag_suggest(name, cands);
}

/* `rel` seen from directory `dir`, without "./" steps (which would
 * otherwise pile up in file names along a chain of relative `extends`). */
static char *join_path(const char *dir, const char *rel)
{
    while (rel[0] == '.' && rel[1] == '/')
        for (rel += 2; *rel == '/'; rel++)
            ;
    if (rel[0] == '/' || !strcmp(dir, "."))
        return alloc_strdup(rel);
    size_t len = strlen(dir) + strlen(rel) + 2;
    char *path = alloc_realloc(NULL, len);
    snprintf(path, len, "%s%s%s", dir, has_suffix(dir, "/") ? "" : "/", rel);
    return path;
}

VariantDoc *documents_parent_file(LoadSession *session, const VariantDoc *child,
                                  const char *rel)
{
    struct DocumentStore *store = documents_of(session->set);
    VariantDoc *parent = NULL;
    char *path = join_path(child->dir, rel);
    char *canon = realpath(path, NULL);

    for (int i = 0; i < store->n && !parent && canon; i++)
        if (store->docs[i]->canon && !strcmp(store->docs[i]->canon, canon))
            parent = store->docs[i];
    if (!parent && documents_add_file(session, path, child->priority, &parent) > 0)
        parent->parent_only = true;
    free(canon);
    free(path);
    return parent;
}
