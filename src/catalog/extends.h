/*
 * extends.h — `extends`: a variant written as changes to another.
 *
 * The parent is named by variant name, or by a file path relative to the
 * child's file.  Its merged tree goes under the child's, key by key, apart
 * from the keys that describe one file (name, title, aliases...).
 */
#ifndef CATALOG_EXTENDS_H
#define CATALOG_EXTENDS_H

#include <stdbool.h>
#include "catalog/documents.h"
#include "util/diag.h"

/* Set doc->merged: doc->root, or, when it has `extends`, the parent's
 * merged tree under it (building the parent first if need be).  Errors
 * (no such parent, a parent with errors, a cycle) go to d; returns false
 * after one. */
bool extends_resolve(LoadSession *session, VariantDoc *doc, Diag *d);

#endif
