/*
 * strset.h — small sets of strings for the tests that compare move lists
 * as text (an engine's moves against the xbetza library's, a vector's).
 */
#ifndef TESTS_STRSET_H
#define TESTS_STRSET_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char **item;
    int n, cap;
} StrSet;

static inline void strset_add(StrSet *s, const char *text)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 32;
        s->item = realloc(s->item, (size_t)s->cap * sizeof *s->item);
    }
    s->item[s->n++] = strdup(text);
}

static inline bool strset_has(const StrSet *s, const char *text)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->item[i], text))
            return true;
    return false;
}

static inline void strset_free(StrSet *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->item[i]);
    free(s->item);
    memset(s, 0, sizeof *s);
}

static inline int strset_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort and drop repeats. */
static inline void strset_norm(StrSet *s)
{
    if (s->n > 1)
        qsort(s->item, (size_t)s->n, sizeof *s->item, strset_cmp);
    int w = 0;
    for (int i = 0; i < s->n; i++) {
        if (w > 0 && !strcmp(s->item[w - 1], s->item[i])) {
            free(s->item[i]);
            continue;
        }
        s->item[w++] = s->item[i];
    }
    s->n = w;
}

#endif
