/*
 * load.h — one load call, and one document built into a Variant.
 *
 * Building a document is a pipeline: its YAML tree, merged under its
 * parent's by `extends` (extends.c), read key by key into a Variant by the
 * schema (schema*.c, regions.c), then prepared for play (catalog/prepare.h).
 * A session carries what one public call of variant_load.h needs along
 * that way: where messages go, how many errors so far, and the chain of
 * documents being built, for reporting `extends` cycles.
 */
#ifndef CATALOG_LOAD_H
#define CATALOG_LOAD_H

#include <stdbool.h>
#include <stdio.h>
#include "catalog/documents.h"
#include "catalog/variant_load.h"
#include "util/diag.h"

/* The longest chain of `extends`. */
#define EXTENDS_MAX_CHAIN 64

struct LoadSession {
    VariantSet *set;
    FILE       *out;
    const char *prefix;
    int         errors;
    VariantDoc *stack[EXTENDS_MAX_CHAIN];  /* docs being built (cycle reports) */
    int         depth;
};

void load_session_init(LoadSession *session, VariantSet *set, FILE *diag, const char *prefix);

/* Build `doc` (and, first, the parents it extends) into doc->variant, ready
 * for play, or for a built-in document ready but for load_prepare(), put
 * off (doc->deferred).  Its errors go to d; a parent's are counted in the
 * session.  Returns false when it has errors; a document is built once,
 * later calls only return the result. */
bool load_document(LoadSession *session, VariantDoc *doc, Diag *d);

/* The costly part of building: v's tables and start position
 * (catalog/prepare.h), each error reported at the key of `doc` (the
 * document v was built from) it belongs to.  False after an error. */
bool load_prepare(const VariantDoc *doc, Variant *v, Diag *d);

#endif
