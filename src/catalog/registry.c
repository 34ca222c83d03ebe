/*
 * registry.c — the public face of the catalog (variant_load.h): a
 * VariantSet, filled from the built-in files and the search path, or from
 * one path or text at a time, and looked up by name or alias.
 *
 * Every source adds documents to the set's store at a priority; building
 * then puts, for each name, the variant of highest priority in the set,
 * replacing one loaded before.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/alloc.h"
#include "catalog/documents.h"
#include "catalog/load.h"
#include "catalog/variant_load.h"
#include "catalog/install_dirs.h"   /* PKGDATADIR, written by the build */

/* Where the variant named `name` (not an alias) is in the set, or -1. */
static int set_position(const VariantSet *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (!strcasecmp(set->items[i]->name, name))
            return i;
    return -1;
}

static void free_variant(Variant *v)
{
    variant_release(v);
    free(v);
}

/* Put v in the set, replacing a variant of the same name. */
static void set_install(LoadSession *session, VariantDoc *doc, Variant *v, Diag *d)
{
    VariantSet *set = session->set;
    int at = set_position(set, v->name);

    for (int a = 0; a < v->naliases; a++)
        for (int i = 0; i < set->count; i++) {
            const Variant *o = set->items[i];
            if (i == at)
                continue;
            bool clash = !strcasecmp(o->name, v->aliases[a]);
            for (int b = 0; b < o->naliases; b++)
                clash |= !strcasecmp(o->aliases[b], v->aliases[a]);
            if (clash) {
                const TreeNode *x = tree_map_get(doc->root, "aliases");
                diag_warning(d, doc->file, x ? x->line : 0, x ? x->col : 0,
                             "alias '%s' is already used by variant '%s' (%s); '%s' keeps it",
                             v->aliases[a], o->name, o->origin, o->name);
            }
        }
    if (at >= 0) {
        free_variant(set->items[at]);
        set->items[at] = v;
        return;
    }
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 64;
        set->items = alloc_realloc(set->items, set->cap * sizeof *set->items);
    }
    set->items[set->count++] = v;
}

/* Build every document with priority >= min_priority and put the
 * winners (highest priority for their name) in the set. */
static void build_documents(LoadSession *session, int min_priority)
{
    struct DocumentStore *store = documents_of(session->set);

    for (int i = 0; i < store->n; i++) {
        VariantDoc *doc = store->docs[i];
        if (doc->priority < min_priority || doc->parent_only)
            continue;
        Diag d;
        diag_init(&d, session->out, session->prefix);
        /* Same name twice at one priority: the first one stays. */
        VariantDoc *winner = documents_find(store, doc->name, NULL);
        if (winner != doc && winner->priority == doc->priority && doc->state == DOC_NEW) {
            const TreeNode *x = tree_map_get(doc->root, "name");
            diag_error(&d, doc->file, x ? x->line : 0, x ? x->col : 0,
                       "variant '%s' is also defined in %s", doc->name, winner->file);
            doc->state = DOC_BAD;
        } else {
            load_document(session, doc, &d);
        }
        session->errors += d.errors;
    }
    for (int i = 0; i < store->n; i++) {
        VariantDoc *doc = store->docs[i];
        if (doc->variant && doc->priority >= min_priority && !doc->parent_only
            && documents_find(store, doc->name, NULL) == doc) {
            Diag d;
            diag_init(&d, session->out, session->prefix);
            set_install(session, doc, doc->variant, &d);
            doc->variant = NULL;
        }
    }
}

void varset_init(VariantSet *set)
{
    memset(set, 0, sizeof *set);
}

void varset_free(VariantSet *set)
{
    for (int i = 0; i < set->count; i++)
        free_variant(set->items[i]);
    free(set->items);
    documents_free(set->documents);
    memset(set, 0, sizeof *set);
}

static void add_builtin_files(LoadSession *session)
{
    for (int i = 0; i < variants_builtin_count; i++) {
        char label[300];
        snprintf(label, sizeof label, "builtin:%s", variants_builtin[i].name);
        documents_add_text(session, label, label, NULL, variants_builtin[i].text, 0, NULL);
    }
}

int varset_load_builtin(VariantSet *set, FILE *diag, const char *prefix)
{
    LoadSession session;
    load_session_init(&session, set, diag, prefix);
    add_builtin_files(&session);
    build_documents(&session, 0);
    return session.errors;
}

/* Entries of a ':'-list, in order, with `priority` counting down. */
static void add_search_list(LoadSession *session, const char *list, int *priority, bool must_exist)
{
    char *copy = alloc_strdup(list), *save = NULL;
    for (char *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
        if (!*p)
            continue;
        if (!must_exist && !documents_is_directory(p))
            continue;
        documents_add_path(session, p, (*priority)--);
    }
    free(copy);
}

int varset_load_all(VariantSet *set, const char *extra_path, FILE *diag, const char *prefix)
{
    LoadSession session;
    struct DocumentStore *store = documents_of(set);
    const char *env = getenv("MENAGERIE_VARIANTS");
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char path[1024];
    int base = store->top_priority + 1, priority = base + 1000;

    load_session_init(&session, set, diag, prefix);
    add_builtin_files(&session);
    /* Highest priority first: --variants, $MENAGERIE_VARIANTS, XDG, pkgdatadir. */
    if (extra_path)
        add_search_list(&session, extra_path, &priority, true);
    if (env)
        add_search_list(&session, env, &priority, true);
    if (xdg && *xdg)
        snprintf(path, sizeof path, "%s/menagerie/variants", xdg);
    else
        snprintf(path, sizeof path, "%s/.local/share/menagerie/variants", home ? home : ".");
    add_search_list(&session, path, &priority, false);
    add_search_list(&session, PKGDATADIR "/variants", &priority, false);
    store->top_priority = base + 1000;
    build_documents(&session, 0);
    return session.errors;
}

int varset_load_path(VariantSet *set, const char *path, FILE *diag, const char *prefix)
{
    LoadSession session;
    struct DocumentStore *store = documents_of(set);
    int priority = ++store->top_priority;

    load_session_init(&session, set, diag, prefix);
    documents_add_path(&session, path, priority);
    build_documents(&session, priority);
    return session.errors;
}

int varset_load_text(VariantSet *set, const char *label, const char *text,
                     FILE *diag, const char *prefix)
{
    LoadSession session;
    struct DocumentStore *store = documents_of(set);
    int priority = ++store->top_priority;

    load_session_init(&session, set, diag, prefix);
    documents_add_text(&session, label, label, NULL, text, priority, NULL);
    build_documents(&session, priority);
    return session.errors;
}

const Variant *varset_find(const VariantSet *set, const char *name)
{
    int at = set_position(set, name);
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
