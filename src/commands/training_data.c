/*
 * training_data.c — reading FEN | SCORE | RESULT files (training_data.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "commands/training_data.h"
#include "notation/fen.h"
#include "util/number.h"

#define MAX_COMPLAINTS 10        /* malformed lines shown per run */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static void complain(TrainingReader *r, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A malformed line: FILE:LINE: message (the first few of them). */
static void complain(TrainingReader *r, const char *file, long line, const char *fmt, ...)
{
    if (++r->malformed > MAX_COMPLAINTS || !r->log)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(r->log, "%s:%ld: ", file, line);
    vfprintf(r->log, fmt, ap);
    fputc('\n', r->log);
    va_end(ap);
}

/* One line "FEN | SCORE | RESULT" into the position; false after saying
 * why not. */
static bool parse_line(TrainingReader *r, const char *file, long line, char *text, int *score,
                       double *result)
{
    char *bar1 = strchr(text, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
    if (!bar2 || strchr(bar2 + 1, '|')) {
        complain(r, file, line, "expected 'FEN | SCORE | RESULT'");
        return false;
    }
    *bar1 = *bar2 = '\0';
    char *fen = trim(text), *score_text = trim(bar1 + 1), *result_text = trim(bar2 + 1);
    long long s;
    char problem[96], err[256];
    NumberStatus st = number_parse_int(score_text, -TRAINING_SCORE_LIMIT, TRAINING_SCORE_LIMIT, &s);
    if (st != NUMBER_OK) {
        complain(r, file, line, "SCORE '%s' %s", score_text,
                 number_problem(st, -TRAINING_SCORE_LIMIT, TRAINING_SCORE_LIMIT, problem, sizeof problem));
        return false;
    }
    double res;
    if (number_parse_real(result_text, 0, 1, &res) != NUMBER_OK
        || (res != 0 && res != 0.5 && res != 1)) {
        complain(r, file, line, "RESULT '%s' must be 1.0, 0.5 or 0.0", result_text);
        return false;
    }
    if (position_set_fen(r->pos, r->v, fen, err, sizeof err) != 0) {
        complain(r, file, line, "bad FEN: %s", err);
        return false;
    }
    *score = (int)s;
    *result = res;
    return true;
}

int training_data_read(TrainingReader *r, const char *const *files, int nfiles, TrainingPositionFn fn,
                     void *ctx)
{
    char *text = NULL;
    size_t size = 0;
    int rc = 0;
    for (int f = 0; f < nfiles && rc == 0; f++) {
        FILE *in = fopen(files[f], "r");
        if (!in) {
            if (r->log)
                fprintf(r->log, "menagerie %s: %s: %s\n", r->command, files[f], strerror(errno));
            rc = -1;
            break;
        }
        long line = 0;
        while (getline(&text, &size, in) > 0) {
            line++;
            char *s = trim(text);
            if (!*s || *s == '#')
                continue;
            int score;
            double result;
            if (parse_line(r, files[f], line, s, &score, &result) && !fn(ctx, r->pos, score, result))
                break;
        }
        fclose(in);
    }
    free(text);
    return rc;
}
