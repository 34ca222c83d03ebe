/*
 * perft_suite.c — perft as a command: counts per root move (divide) and
 * whole files of reference counts checked against the generator.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "commands/perft_suite.h"
#include "board/perft.h"
#include "board/rules.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "util/number.h"

uint64_t perft_divide(Position *pos, int depth, bool cecp_ranks, FILE *out)
{
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return 0;
    rules_legal_moves(pos, ml);
    uint64_t total = 0;
    for (int i = 0; i < ml->n; i++) {
        char name[32];
        move_to_string(pos, ml->m[i], cecp_ranks, name, sizeof name);
        position_make(pos, ml->m[i]);
        uint64_t n = perft_count(pos, depth - 1);
        position_unmake(pos);
        fprintf(out, "%s: %" PRIu64 "\n", name, n);
        total += n;
    }
    free(ml);
    return total;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
    return s;
}

/* Does the variant forbid mating by a drop or by some piece (so the files' "strict-legality
 * alternative" counts apply, see tests/data/perft/README.md)? */
static bool forbids_drop_mates(const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].drop_no_mate || v->piece[t].no_mate)
            return true;
    return false;
}

#define MAX_ALT 8

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* One number of a suite line at *s, in [lo, hi]; on failure the reason,
 * quoting the text, goes to why. */
static bool suite_number(const char **s, const char *what, long long lo, long long hi,
                         long long *out, char *why, size_t whysize)
{
    const char *start = skip_blanks(*s);
    const char *p = start;
    NumberStatus st = number_scan_int(&p, lo, hi, out);
    bool whole = *p == '\0' || *p == ' ' || *p == '\t';
    if (st == NUMBER_OK && whole) {
        *s = p;
        return true;
    }
    if (st == NUMBER_MISSING ? *start != '\0' : !whole)
        st = NUMBER_MALFORMED;
    const char *end = start + strcspn(start, " \t");
    char problem[96];
    number_problem(st, lo, hi, problem, sizeof problem);
    if (st == NUMBER_MISSING)
        snprintf(why, whysize, "the %s is missing", what);
    else
        snprintf(why, whysize, "%s '%.*s' %s", what, (int)(end - start), start, problem);
    return false;
}

/* "depth N COUNT" (`sep` "") or "depth N = COUNT" (`sep` "="). */
static bool parse_depth_count(const char *s, const char *sep, int *depth, uint64_t *count,
                              char *why, size_t whysize)
{
    long long d, n;
    if (strncmp(s, "depth", 5) != 0) {
        snprintf(why, whysize, "expected 'depth N COUNT'");
        return false;
    }
    s += 5;
    if (!suite_number(&s, "depth", 1, PERFT_DEPTH_MAX, &d, why, whysize))
        return false;
    s = skip_blanks(s);
    if (*sep && strncmp(s, sep, strlen(sep)) != 0) {
        snprintf(why, whysize, "expected '%s' after the depth", sep);
        return false;
    }
    s += strlen(sep);
    if (!suite_number(&s, "count", 0, LLONG_MAX, &n, why, whysize))
        return false;
    if (*skip_blanks(s)) {
        snprintf(why, whysize, "unexpected '%s' after the count", skip_blanks(s));
        return false;
    }
    *depth = (int)d;
    *count = (uint64_t)n;
    return true;
}

int perft_suite(const Variant *v, const char *path, int max_depth, uint64_t max_nodes, FILE *out)
{
    /* "# strict-legality alternative (...): depth N = COUNT" comments come
       before their case's fen line. */
    int alt_depth[MAX_ALT], pending_depth[MAX_ALT], nalt = 0, npending = 0;
    uint64_t alt_count[MAX_ALT], pending_count[MAX_ALT];
    bool use_alt = forbids_drop_mates(v);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "cannot open %s\n", path);
        return -1;
    }
    Position *pos = malloc(sizeof *pos);
    char *line = NULL, *fen = NULL, why[256];
    size_t cap = 0;
    bool fen_ok = false;
    int failures = 0, lineno = 0;
    while (pos && getline(&line, &cap, f) >= 0) {
        lineno++;
        char *s = trim(line);
        /* only a comment that starts so: prose elsewhere may name one */
        const char *alt = *s == '#' ? s + 1 + strspn(s + 1, " \t") : "";
        if (!strncmp(alt, "strict-legality alternative", 27) && npending < MAX_ALT) {
            const char *d = strstr(alt, "depth ");
            if (!d)
                snprintf(why, sizeof why, "expected 'depth N = COUNT'");
            if (d && parse_depth_count(d, "=", &pending_depth[npending],
                                       &pending_count[npending], why, sizeof why)) {
                npending++;
            } else {
                fprintf(out, "FAIL %s:%d: %s: '%s'\n", path, lineno, why, s);
                failures++;
            }
            continue;
        }
        if (!*s || *s == '#')
            continue;
        if (strncmp(s, "fen ", 4) == 0) {
            nalt = npending;
            memcpy(alt_depth, pending_depth, sizeof alt_depth);
            memcpy(alt_count, pending_count, sizeof alt_count);
            npending = 0;
            char err[200];
            free(fen);
            fen = strdup(s + 4);
            fen_ok = fen && position_set_fen(pos, v, fen, err, sizeof err) == 0;
            if (!fen_ok) {
                fprintf(out, "FAIL %s:%d: bad FEN: %s\n", path, lineno, fen ? err : "no memory");
                failures++;
            }
            continue;
        }
        int depth;
        uint64_t expected;
        if (!parse_depth_count(s, "", &depth, &expected, why, sizeof why)) {
            fprintf(out, "FAIL %s:%d: %s: '%s'\n", path, lineno, why, s);
            failures++;
            continue;
        }
        if (!fen_ok || depth > max_depth || (max_nodes && expected > max_nodes))
            continue;
        for (int i = 0; use_alt && i < nalt; i++)
            if (alt_depth[i] == depth)
                expected = alt_count[i];
        uint64_t got = perft_count(pos, depth);
        bool ok = got == expected;
        if (!ok && use_alt) {
            /* The reference engines generate (drop) mates we refuse; a mated
               position has no moves, so the trees differ only at the last
               ply: our count plus the refused leaf drops must match. */
            uint64_t refused = perft_refused_drop_mates(pos, depth);
            ok = got + refused == expected;
            if (ok)
                fprintf(out, "%s depth %d: %" PRIu64 " + %" PRIu64 " refused mates"
                        " (expected %" PRIu64 ") ok\n", fen, depth, got, refused, expected);
        }
        failures += !ok;
        if (got == expected || !ok)
            fprintf(out, "%s depth %d: %" PRIu64 " (expected %" PRIu64 ") %s\n",
                    fen, depth, got, expected, ok ? "ok" : "FAIL");
    }
    fclose(f);
    free(line);
    free(fen);
    free(pos);
    return failures;
}
