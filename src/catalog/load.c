/*
 * load.c — one document → one Variant (see load.h): `extends`, the
 * schema, the checks that need the whole variant, variant_derive(), then
 * (now, or for a built-in variant when it is first played) prepare_tables()
 * and prepare_start(), each failure reported at the key it belongs to.
 */
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "catalog/extends.h"
#include "catalog/load.h"
#include "catalog/prepare.h"
#include "catalog/schema.h"

void load_session_init(LoadSession *session, VariantSet *set, FILE *diag, const char *prefix)
{
    memset(session, 0, sizeof *session);
    session->set = set;
    session->out = diag;
    session->prefix = prefix ? prefix : "";
}

bool load_prepare(const VariantDoc *doc, Variant *v, Diag *d)
{
    char err[256];
    if (prepare_tables(v, err, sizeof err) != 0) {
        const TreeNode *at = tree_map_key(doc->merged, "pieces");
        diag_error(d, at->file, at->line, at->col, "%s", err);
        return false;
    }
    int fen_at;
    if (prepare_start(v, err, sizeof err, &fen_at) != 0) {
        const TreeNode *at = tree_map_get(doc->merged, "start");
        diag_error(d, at->file, at->line, tree_scalar_column(at, fen_at > 0 ? fen_at : 0),
                   "start position: %s", err);
        return false;
    }
    return true;
}

bool load_document(LoadSession *session, VariantDoc *doc, Diag *d)
{
    struct DocumentStore *store = documents_of(session->set);
    char stem[MAX_NAME];
    Variant *out;
    SchemaContext c;
    bool ok;

    if (doc->state != DOC_NEW)
        return doc->state == DOC_OK;
    out = schema_new_variant();
    doc->state = DOC_BUSY;
    session->stack[session->depth++] = doc;
    ok = extends_resolve(session, doc, d);
    session->depth--;
    memset(&c, 0, sizeof c);
    c.diag = d;
    c.v = out;
    c.arena = &store->arena;
    c.own_root = doc->root;
    documents_file_stem(doc->file, stem, sizeof stem);
    if (ok) {
        ok = schema_read_variant(&c, doc->merged, stem) && !doc->tree_errors;
        snprintf(out->origin, sizeof out->origin, "%s", doc->origin);
        if (strcmp(out->name, doc->name))
            snprintf(doc->name, sizeof doc->name, "%s", out->name);
    }
    if (ok) {
        /* "XBoard knows this name" is true of one file, never of its children. */
        const TreeNode *known = tree_map_get(tree_map_get(doc->root, "xboard"), "known");
        if (!known)
            out->xboard.known = false;
        schema_check_endings(&c, doc->merged);
        ok = d->errors == 0 && !doc->tree_errors;
    }
    if (ok) {
        variant_derive(out);
        /* A built-in variant is checked by `make check`; its tables wait
           until it is played (varset_ready), so a start costs little. */
        if (doc->builtin)
            doc->deferred = true;
        else
            ok = load_prepare(doc, out, d);
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
