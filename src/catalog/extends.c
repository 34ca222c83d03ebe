/*
 * extends.c — resolving `extends` (see extends.h): finding the parent by
 * name or path, reporting cycles as the chain of names that forms them,
 * and merging the parent's tree under the child's.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/extends.h"
#include "catalog/load.h"

/* Keys that describe one file, never inherited. */
static const char *const NOT_INHERITED[] = {
    "name", "title", "aliases", "description", "url", "abstract", "extends", NULL };

/* A path when it has a '/' or ends in .yaml; otherwise a variant name. */
static bool names_a_file(const char *ref)
{
    size_t len = strlen(ref);
    return strchr(ref, '/') || (len >= 5 && !strcmp(ref + len - 5, ".yaml"));
}

/* Is `name` the document's own name or one of its aliases? */
static bool names_itself(const VariantDoc *doc, const char *name)
{
    if (!strcasecmp(name, doc->name))
        return true;
    const TreeNode *aliases = tree_map_get(doc->root, "aliases");
    for (int i = 0; aliases && aliases->kind == TREE_SEQ && i < aliases->n; i++) {
        const TreeNode *a = aliases->vals[i];
        if (a->kind == TREE_SCALAR && a->text && !strcasecmp(a->text, name))
            return true;
    }
    return false;
}

/* The document `ext` names, or NULL after reporting why there is none. */
static VariantDoc *find_parent(LoadSession *session, VariantDoc *doc, const TreeNode *ext,
                               Diag *d)
{
    struct DocumentStore *store = documents_of(session->set);
    VariantDoc *parent = NULL;

    if (names_a_file(ext->text)) {
        if (!doc->dir) {
            /* A GUI's definition reads no files: the engine's files are no
               business of a remote GUI or server. */
            diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                       "extends '%s': %s can only extend by name", ext->text,
                       doc->sent ? "a variant sent over the protocol" : "built-in variants");
            return NULL;
        }
        parent = documents_parent_file(session, doc, ext->text);
        if (!parent)
            diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                       "extends '%s': the file could not be loaded", ext->text);
        return parent;
    }
    parent = documents_find(store, ext->text, doc);
    if (!parent && names_itself(doc, ext->text)) {
        /* Extending its own name means the definition it overrides. */
        diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                   "inheritance cycle: %s extends itself (no definition of '%s' from a "
                   "lower source to extend)", doc->name, ext->text);
    } else if (!parent) {
        const char *hint = documents_suggest(store, ext->text);
        if (hint)
            diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                       "extends '%s': no such variant (did you mean '%s'?)", ext->text, hint);
        else
            diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                       "extends '%s': no such variant", ext->text);
    }
    return parent;
}

/* "alpha → beta → alpha", each with its file when the cycle spans files. */
static void report_cycle(LoadSession *session, VariantDoc *parent, const TreeNode *ext, Diag *d)
{
    char chain[1024] = "";
    int from = 0;
    bool files = false;
    for (int i = 0; i < session->depth; i++)
        if (session->stack[i] == parent)
            from = i;
    if (from == session->depth - 1) {
        diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                   "inheritance cycle: %s extends itself", parent->name);
        return;
    }
    for (int i = from; i < session->depth; i++)
        files |= session->stack[i]->file != parent->file;
    for (int i = from; i <= session->depth; i++) {
        const VariantDoc *doc = i < session->depth ? session->stack[i] : parent;
        size_t used = strlen(chain);
        if (files)
            snprintf(chain + used, sizeof chain - used, "%s%s (%s)", i > from ? " → " : "",
                     doc->name, doc->file);
        else
            snprintf(chain + used, sizeof chain - used, "%s%s", i > from ? " → " : "",
                     doc->name);
    }
    diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0), "inheritance cycle: %s", chain);
}

/* The merged tree of `doc` (its parents' trees under its own). */
bool extends_resolve(LoadSession *session, VariantDoc *doc, Diag *d)
{
    struct DocumentStore *store = documents_of(session->set);
    const TreeNode *ext = tree_map_get(doc->root, "extends");

    doc->merged = doc->root;
    if (!ext)
        return true;
    if (ext->kind != TREE_SCALAR) {
        diag_error(d, ext->file, ext->line, ext->col,
                   "'extends' must name one variant, found %s", tree_kind_name(ext));
        return false;
    }
    VariantDoc *parent = find_parent(session, doc, ext, d);
    if (!parent)
        return false;
    if (parent->state == DOC_BUSY) {
        report_cycle(session, parent, ext, d);
        return false;
    }
    if (session->depth >= EXTENDS_MAX_CHAIN) {
        diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                   "extends '%s': more than %d variants in one chain of 'extends'",
                   ext->text, EXTENDS_MAX_CHAIN);
        return false;
    }
    if (parent->state == DOC_NEW) {
        Diag pd;
        diag_init(&pd, session->out, session->prefix);
        load_document(session, parent, &pd);
        session->errors += pd.errors;
    }
    if (parent->state != DOC_OK) {
        diag_error(d, ext->file, ext->line, tree_scalar_column(ext, 0),
                   "extends '%s': that variant has errors (%s)", ext->text, parent->file);
        return false;
    }
    doc->merged = tree_merge(&store->arena, parent->merged, doc->root, NOT_INHERITED);
    return true;
}

