/*
 * alloc.h — memory for the catalog, which never runs out quietly.
 *
 * Reading variants builds trees, documents and strings of any size; a
 * failed allocation there has no sensible recovery, so these end the
 * program with a message instead of handing a NULL to every caller.
 */
#ifndef CATALOG_ALLOC_H
#define CATALOG_ALLOC_H

#include <stddef.h>

/* realloc() that exits on failure (and never returns NULL for n == 0). */
void *catalog_realloc(void *p, size_t n);

/* strdup() that exits on failure. */
char *catalog_strdup(const char *s);

#endif
