/*
 * diag.c — compiler-style diagnostics and did-you-mean suggestions.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/diag.h"

void diag_init(Diag *d, FILE *out, const char *prefix)
{
    d->out = out;
    d->prefix = prefix ? prefix : "";
    d->errors = d->warnings = 0;
    d->limit = DIAG_DEFAULT_LIMIT;
    d->quiet = false;
}

static void diag_emit(Diag *d, const char *file, int line, int col,
                      const char *kind, const char *fmt, va_list ap)
{
    if (!d->out || d->quiet)
        return;
    fputs(d->prefix, d->out);
    if (file) {
        fprintf(d->out, "%s:", file);
        if (line > 0)
            fprintf(d->out, "%d:", line);
        if (line > 0 && col > 0)
            fprintf(d->out, "%d:", col);
        fputc(' ', d->out);
    }
    fprintf(d->out, "%s: ", kind);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
}

void diag_error(Diag *d, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;

    d->errors++;
    d->quiet = d->errors > d->limit;
    if (d->errors == d->limit + 1 && d->out)
        fprintf(d->out, "%s%s: note: too many errors, the rest are not shown\n",
                d->prefix, file ? file : "menagerie");
    va_start(ap, fmt);
    diag_emit(d, file, line, col, "error", fmt, ap);
    va_end(ap);
}

void diag_warning(Diag *d, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;

    d->warnings++;
    d->quiet = d->errors > d->limit;
    va_start(ap, fmt);
    diag_emit(d, file, line, col, "warning", fmt, ap);
    va_end(ap);
}

void diag_note(Diag *d, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    diag_emit(d, file, line, col, "note", fmt, ap);
    va_end(ap);
}

int diag_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int *row = malloc((lb + 1) * sizeof *row);
    int result;

    if (!row)
        return 1 << 20;
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag_prev = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag_prev + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag_prev = up;
        }
    }
    result = row[lb];
    free(row);
    return result;
}

const char *diag_suggest(const char *word, const char *const *cands)
{
    const char *best = NULL;
    int best_dist = 3;

    for (; *cands; cands++) {
        int dist = diag_edit_distance(word, *cands);
        if (dist < best_dist && dist > 0) {
            best = *cands;
            best_dist = dist;
        }
    }
    /* One-letter words are within distance 1 of every other one-letter word. */
    if (best && strlen(word) <= 2 && best_dist >= (int)strlen(word))
        return NULL;
    return best;
}
