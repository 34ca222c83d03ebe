/*
 * alloc.h — memory that never runs out quietly.
 *
 * Where a failed allocation has no sensible recovery (the catalog's trees
 * and strings, the input queue, the engine's lists), these end the program
 * with a message instead of handing a NULL to every caller.
 */
#ifndef UTIL_ALLOC_H
#define UTIL_ALLOC_H

#include <stddef.h>

/* malloc() that exits on failure. */
void *alloc_memory(size_t n);

/* calloc() that exits on failure.  A large block comes as fresh pages that
 * are zero until written, so a big struct costs only what is used of it. */
void *alloc_zeroed(size_t n);

/* realloc() that exits on failure (and never returns NULL for n == 0). */
void *alloc_realloc(void *p, size_t n);

/* strdup() that exits on failure. */
char *alloc_strdup(const char *s);

#endif
