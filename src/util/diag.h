/*
 * diag.h — compiler-style diagnostics: "FILE:LINE:COLUMN: error: text".
 *
 * Lines and columns are 1-based.  Every message line starts with a caller
 * chosen prefix so the same messages can go to a terminal, to a CECP GUI
 * ("# ") or to a UCI GUI ("info string ").  After `limit` errors further
 * errors are counted but not printed.
 */
#ifndef DIAG_H
#define DIAG_H

#include <stdio.h>
#include <stdbool.h>

#define DIAG_DEFAULT_LIMIT 50

typedef struct {
    FILE       *out;       /* NULL: count only */
    const char *prefix;    /* printed before every line ("" if NULL) */
    int         errors, warnings;
    int         limit;     /* most errors printed */
    bool        quiet;     /* the last error was over the limit: hide its notes */
} Diag;

void diag_init(Diag *d, FILE *out, const char *prefix);

/* file may be NULL (no location); line/col 0 omit those parts. */
void diag_error(Diag *d, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void diag_warning(Diag *d, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* A note belongs to the previous error or warning; suppressed with it. */
void diag_note(Diag *d, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Levenshtein distance, case-insensitive. */
int diag_edit_distance(const char *a, const char *b);

/* The candidate closest to `word` within edit distance 2 (ties: the first),
 * or NULL.  `cands` is NULL-terminated. */
const char *diag_suggest(const char *word, const char *const *cands);

#endif
