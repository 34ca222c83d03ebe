/*
 * alloc.c — allocation that ends the program when memory runs out
 * (see alloc.h for why).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

void *alloc_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("menagerie: out of memory\n", stderr);
        exit(1);
    }
    return q;
}

void *alloc_memory(size_t n)
{
    return alloc_realloc(NULL, n);
}

void *alloc_zeroed(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fputs("menagerie: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

char *alloc_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(alloc_realloc(NULL, n), s, n);
}
