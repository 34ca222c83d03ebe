/*
 * registry.c — the public face of the catalog (variant_load.h): a
 * VariantSet, filled from the built-in files and the search path, or from
 * one path or text at a time, and looked up by name or alias.
 *
 * Every source adds documents to the set's store at a priority; building
 * then puts, for each name, the variant of highest priority in the set,
 * replacing one loaded before.  A definition sent over a protocol
 * (varset_define) is one more source, with rules of its own: all or
 * nothing, and new names only.
 */
#include <ctype.h>
#include <limits.h>
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

/* A variant about to leave the set is no document's to prepare. */
static void forget_installed(struct DocumentStore *store, const Variant *v)
{
    for (int i = 0; i < store->n; i++)
        if (store->docs[i]->installed == v) {
            store->docs[i]->installed = NULL;
            store->docs[i]->deferred = false;
        }
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
        forget_installed(documents_of(set), set->items[at]);
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
            if (doc->deferred)
                doc->installed = doc->variant;
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

/* The built-in files, whose variants are prepared when first played: a
 * failure then (a shipped file that `make check` would have caught) is
 * reported where this load call reports. */
static void add_builtin_files(LoadSession *session)
{
    struct DocumentStore *store = documents_of(session->set);
    store->late_out = session->out;
    snprintf(store->late_prefix, sizeof store->late_prefix, "%s", session->prefix);
    for (int i = 0; i < variants_builtin_count; i++) {
        char label[300];
        int first = store->n;
        snprintf(label, sizeof label, "builtin:%s", variants_builtin[i].name);
        documents_add_text(session, label, label, NULL, variants_builtin[i].text, 0, NULL);
        for (int k = first; k < store->n; k++)
            store->docs[k]->builtin = true;
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

/* ------------------------------------------------------------------ */
/* Definitions sent over a protocol (varset_define)                   */

/* Nothing but blanks and comments? */
static bool text_is_blank(const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '#')
            while (p[1] && p[1] != '\n')
                p++;
        else if (!isspace((unsigned char)*p))
            return false;
    }
    return true;
}

/* The refusals that need no parsing: a text too long, an empty one, a
 * set that has taken all the definitions it takes. */
static bool definition_acceptable(const struct DocumentStore *store, const char *text, Diag *d)
{
    if (strlen(text) > VARIANT_DEFINITION_BYTES)
        diag_error(d, VARIANT_DEFINITION_LABEL, 0, 0,
                   "the definition is longer than %d bytes, the most taken",
                   VARIANT_DEFINITION_BYTES);
    else if (text_is_blank(text))
        diag_error(d, VARIANT_DEFINITION_LABEL, 0, 0, "the definition is empty");
    else if (store->definitions >= VARIANT_DEFINITIONS_MAX)
        diag_error(d, VARIANT_DEFINITION_LABEL, 0, 0,
                   "%d definitions taken already, the most one run of the engine takes "
                   "(start it again to send more)", VARIANT_DEFINITIONS_MAX);
    return d->errors == 0;
}

/* The document that put the variant named `name` in the set, looking
 * only at documents below priority `below` (those before a definition
 * being checked): the winner for its name. */
static const VariantDoc *installed_document(const struct DocumentStore *store, const char *name,
                                            int below)
{
    const VariantDoc *best = NULL;
    for (int i = 0; i < store->n; i++) {
        const VariantDoc *doc = store->docs[i];
        if (doc->priority < below && !doc->parent_only && !strcasecmp(doc->name, name)
            && (!best || doc->priority > best->priority))
            best = doc;
    }
    return best;
}

/* How many variants of the set were sent over a protocol. */
static int sent_variants(VariantSet *set)
{
    const struct DocumentStore *store = documents_of(set);
    int n = 0;
    for (int i = 0; i < set->count; i++) {
        const VariantDoc *doc = installed_document(store, set->items[i]->name, INT_MAX);
        n += doc && doc->sent;
    }
    return n;
}

/* May docs[i], sent, have its name?  It must have one, not twice in a
 * definition, and not that of a built-in variant or one from a file (nor
 * an alias of any): a GUI may add variants, never change those the engine
 * came with.  *replaces: it takes the place of a variant sent before. */
static bool check_sent_name(VariantSet *set, VariantDoc *const *docs, int i, bool *replaces,
                            Diag *d)
{
    const VariantDoc *doc = docs[i];
    const TreeNode *name = tree_map_get(doc->root, "name");
    *replaces = false;
    if (doc->root->kind != TREE_MAP)
        return true;            /* the schema says what is wrong with it */
    if (!name || name->kind != TREE_SCALAR) {
        const TreeNode *key = tree_map_key(doc->root, "name");
        const TreeNode *at = name ? name : key ? key : doc->root;
        diag_error(d, doc->file, at->line, at->col,
                   "a variant sent over the protocol needs a 'name'");
        return false;
    }
    for (int j = 0; j < i; j++)
        if (!strcasecmp(docs[j]->name, doc->name)) {
            const TreeNode *first = tree_map_get(docs[j]->root, "name");
            diag_error(d, doc->file, name->line, name->col,
                       "variant '%s' is defined twice in the definition (first on line %d)",
                       doc->name, first->line);
            return false;
        }
    const Variant *old = varset_named(set, doc->name);
    if (!old)
        return true;
    const VariantDoc *from = installed_document(documents_of(set), old->name, doc->priority);
    bool same_name = !strcasecmp(old->name, doc->name);
    if (same_name && from && from->sent) {
        *replaces = true;
        return true;
    }
    if (same_name)
        diag_error(d, doc->file, name->line, name->col,
                   "variant '%s' comes from %s, and a definition may replace only a variant "
                   "sent before: choose another name ('extends: %s' builds on it)",
                   old->name, old->origin, old->name);
    else
        diag_error(d, doc->file, name->line, name->col,
                   "'%s' is another name of variant '%s' (%s): choose a name of its own",
                   doc->name, old->name, old->origin);
    return false;
}

/* The names of the n documents just added, and the limit on sent
 * variants (`before` of them in the set); replaces[i]: docs[i] takes the
 * place of one sent before. */
static void check_sent_documents(VariantSet *set, VariantDoc *const *docs, int n,
                                 int before, bool *replaces, Diag *d)
{
    int added = 0;
    for (int i = 0; i < n; i++) {
        if (check_sent_name(set, docs, i, &replaces[i], d) && !replaces[i])
            added++;
    }
    if (d->errors == 0 && before + added > VARIANT_SENT_MAX)
        diag_error(d, docs[0]->file, docs[0]->root->line, docs[0]->root->col,
                   "%d more variant(s) would make more than %d sent over the protocol "
                   "(%d are)", added, VARIANT_SENT_MAX, before);
}

/* Build the n documents of a definition, from store->docs[first], all of
 * them so that every error is told. */
static void build_sent_documents(LoadSession *session, int first, int n)
{
    struct DocumentStore *store = documents_of(session->set);
    for (int i = first; i < first + n; i++) {
        Diag d;
        diag_init(&d, session->out, session->prefix);
        load_document(session, store->docs[i], &d);
        session->errors += d.errors;
    }
}

int varset_define(VariantSet *set, const char *text, VariantDefinition *out,
                  FILE *diag, const char *prefix)
{
    struct DocumentStore *store = documents_of(set);
    LoadSession session;
    Diag d;
    bool replaces[VARIANT_SENT_MAX] = { false };

    memset(out, 0, sizeof *out);
    load_session_init(&session, set, diag, prefix);
    diag_init(&d, diag, prefix);
    if (!definition_acceptable(store, text, &d))
        return d.errors;
    int sent_before = sent_variants(set);
    DocumentMark mark = documents_mark(store);
    int n = documents_add_text(&session, VARIANT_DEFINITION_LABEL, VARIANT_SENT_ORIGIN, NULL,
                               text, ++store->top_priority, NULL);
    for (int i = 0; i < n; i++)
        store->docs[mark.n + i]->sent = true;
    if (n > 0) {
        check_sent_documents(set, store->docs + mark.n, n, sent_before, replaces, &d);
        session.errors += d.errors;
        build_sent_documents(&session, mark.n, n);
    }
    if (n <= 0 || session.errors) {
        documents_rollback(store, mark);
        return session.errors ? session.errors : 1;
    }
    for (int i = 0; i < n; i++) {
        VariantDoc *doc = store->docs[mark.n + i];
        Diag id;
        diag_init(&id, session.out, session.prefix);
        set_install(&session, doc, doc->variant, &id);
        doc->variant = NULL;
        snprintf(out->names[out->count], MAX_NAME, "%s", doc->name);
        out->replaced[out->count++] = replaces[i];
    }
    store->definitions++;
    return 0;
}

const Variant *varset_named(const VariantSet *set, const char *name)
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

/* Prepare the variant doc put off; false (and the document bad from
 * then on) if that fails. */
static bool prepare_deferred(VariantDoc *doc, Diag *d)
{
    doc->deferred = false;
    if (load_prepare(doc, doc->installed, d))
        return true;
    doc->state = DOC_BAD;
    return false;
}

const Variant *varset_ready(const VariantSet *set, const Variant *v)
{
    struct DocumentStore *store = set->documents;
    for (int i = 0; v && store && i < store->n; i++) {
        VariantDoc *doc = store->docs[i];
        if (doc->installed != v)
            continue;
        if (doc->deferred) {
            Diag d;
            diag_init(&d, store->late_out, store->late_prefix);
            prepare_deferred(doc, &d);
        }
        return doc->state == DOC_OK ? v : NULL;
    }
    return v;
}

const Variant *varset_find(const VariantSet *set, const char *name)
{
    return varset_ready(set, varset_named(set, name));
}

int varset_prepare_all(VariantSet *set, FILE *diag, const char *prefix)
{
    struct DocumentStore *store = documents_of(set);
    Diag d;
    diag_init(&d, diag, prefix);
    for (int i = 0; i < store->n; i++)
        if (store->docs[i]->deferred && store->docs[i]->installed)
            prepare_deferred(store->docs[i], &d);
    return d.errors;
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
