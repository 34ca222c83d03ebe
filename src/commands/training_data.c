/*
 * training_data.c — reading training data, text and binary, files and
 * directories (training_data.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "board/rules.h"
#include "commands/training_data.h"
#include "util/alloc.h"
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

bool training_data_parse(TrainingReader *r, const char *file, long line, char *text, int *score,
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

void training_data_line(const Position *pos, int score, double result, char *buf, size_t size)
{
    char fen[FEN_MAX];
    position_get_fen(pos, fen, sizeof fen);
    snprintf(buf, size, "%s | %d | %s\n", fen, score,
             result > 0.75 ? "1.0" : result < 0.25 ? "0.0" : "0.5");
}

/* ---- positions seen: an open-addressing set of hashes ------------------------------ */

struct KeySet {
    uint64_t *keys;         /* 0: empty (a hash of 0 is kept as 1) */
    size_t cap, n;
};

/* Add key; false when it was there. */
static bool keyset_add(struct KeySet *s, uint64_t key)
{
    key = key ? key : 1;
    if (2 * (s->n + 1) > s->cap) {
        struct KeySet bigger = { NULL, s->cap ? 2 * s->cap : 1 << 16, 0 };
        bigger.keys = alloc_memory(bigger.cap * sizeof *bigger.keys);
        memset(bigger.keys, 0, bigger.cap * sizeof *bigger.keys);
        for (size_t i = 0; i < s->cap; i++)
            if (s->keys[i])
                keyset_add(&bigger, s->keys[i]);
        free(s->keys);
        *s = bigger;
    }
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 20) & (s->cap - 1);
    while (s->keys[i]) {
        if (s->keys[i] == key)
            return false;
        i = (i + 1) & (s->cap - 1);
    }
    s->keys[i] = key;
    s->n++;
    return true;
}

/* ---- files ------------------------------------------------------------------------- */

typedef struct {
    TrainingReader *r;
    TrainingPositionFn fn;
    void *ctx;
    bool stopped;
} Sink;

/* Every position passes here: duplicates are dropped. */
static bool deliver(void *arg, const Position *pos, int score, double result)
{
    Sink *s = arg;
    if (s->r->unique && !keyset_add(s->r->seen, pos->hash)) {
        s->r->duplicates++;
        return true;
    }
    s->stopped = !s->fn(s->ctx, pos, score, result);
    return !s->stopped;
}

static void read_text(Sink *s, FILE *in, const char *path)
{
    char *text = NULL;
    size_t size = 0;
    long line = 0;
    while (!s->stopped && getline(&text, &size, in) > 0) {
        line++;
        char *t = trim(text);
        if (!*t || *t == '#')
            continue;
        int score;
        double result;
        if (training_data_parse(s->r, path, line, t, &score, &result))
            deliver(s, s->r->pos, score, result);
    }
    free(text);
}

/* The header of a binary file checked against the reader's variant. */
static int check_header(TrainingReader *r, FILE *in, const char *path)
{
    DataHeader h;
    char err[256];
    int rc = data_header_read(in, &h, err, sizeof err);
    if (rc == 1)
        return 1;           /* its writer died before the first game: nothing */
    if (rc < 0 || strcmp(h.variant, r->v->name) != 0) {
        if (r->log && rc < 0)
            fprintf(r->log, "menagerie %s: %s: %s\n", r->command, path, err);
        else if (r->log)
            fprintf(r->log, "menagerie %s: %s: data of variant '%s', not '%s'\n", r->command,
                    path, h.variant, r->v->name);
        return -1;
    }
    if (!r->have_fingerprint) {
        r->fingerprint = data_fingerprint(r->v);
        r->have_fingerprint = true;
    }
    if (h.fingerprint != r->fingerprint) {
        if (r->log)
            fprintf(r->log, "menagerie %s: %s: made for other rules of '%s' than these (the "
                            "variant's file or the engine's move generation changed since): its "
                            "moves cannot be replayed; it was made by: %s\n",
                    r->command, path, h.variant, h.made);
        return -1;
    }
    return 0;
}

static int read_binary(Sink *s, FILE *in, const char *path)
{
    TrainingReader *r = s->r;
    int rc = check_header(r, in, path);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    if (!r->moves)
        r->moves = alloc_realloc(NULL, sizeof *r->moves);
    DataReplayer rp = { r->v, r->pos, r->moves };
    DataBuf buf = { NULL, 0, 0 };
    DataRecordStatus st;
    long game = 0;
    char err[256];
    while (!s->stopped && (st = data_record_read(in, &buf)) == DATA_RECORD_OK) {
        DataGame head;
        game++;
        int replayed = data_replay(&rp, &buf, &head, deliver, s, err, sizeof err);
        if (replayed < 0) {
            complain(r, path, game, "game record %ld: %s; the rest of the file is left out",
                     game, err);
            break;
        }
        r->games++;
    }
    if (!s->stopped && st == DATA_RECORD_DAMAGED)
        complain(r, path, game + 1, "game record %ld is damaged (its length or checksum); the "
                 "rest of the file is left out", game + 1);
    databuf_free(&buf);
    return 0;
}

static int read_file(Sink *s, const char *path)
{
    TrainingReader *r = s->r;
    FILE *in = fopen(path, "rb");
    if (!in) {
        if (r->log)
            fprintf(r->log, "menagerie %s: %s: %s\n", r->command, path, strerror(errno));
        return -1;
    }
    r->files++;
    int rc = 0;
    if (data_is_binary(in))
        rc = read_binary(s, in, path);
    else
        read_text(s, in, path);
    fclose(in);
    return rc;
}

/* ---- directories ------------------------------------------------------------------ */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **training_data_list_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    size_t n = 0, cap = 16;
    char **list = alloc_realloc(NULL, cap * sizeof *list);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = alloc_realloc(NULL, len);
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            continue;
        }
        if (n + 1 >= cap)
            list = alloc_realloc(list, (cap *= 2) * sizeof *list);
        list[n++] = path;
    }
    closedir(d);
    qsort(list, n, sizeof *list, by_name);
    list[n] = NULL;
    return list;
}

void training_data_free_list(char **list)
{
    for (size_t i = 0; list && list[i]; i++)
        free(list[i]);
    free(list);
}

static int read_path(Sink *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return read_file(s, path);
    char **list = training_data_list_dir(path);
    if (!list) {
        if (s->r->log)
            fprintf(s->r->log, "menagerie %s: %s: %s\n", s->r->command, path, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; list[i] && rc == 0 && !s->stopped; i++)
        rc = read_file(s, list[i]);
    training_data_free_list(list);
    return rc;
}

int training_data_read(TrainingReader *r, const char *const *paths, int npaths,
                       TrainingPositionFn fn, void *ctx)
{
    Sink s = { r, fn, ctx, false };
    struct KeySet seen = { NULL, 0, 0 };
    r->seen = &seen;
    int rc = 0;
    for (int i = 0; i < npaths && rc == 0 && !s.stopped; i++)
        rc = read_path(&s, paths[i]);
    free(seen.keys);
    r->seen = NULL;
    free(r->moves);
    r->moves = NULL;
    return rc;
}
