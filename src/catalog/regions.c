/*
 * regions.c — square sets and `regions` (see regions.h): splitting a
 * square set's text into words with their columns, reading each item,
 * mirroring it for Black, and reading regions on first use so they may
 * refer to each other in any order.
 */
#include <ctype.h>
#include <string.h>

#include "catalog/regions.h"

/* Black's square for White's `sq`: mirrored across the middle rank, or
 * with `symmetry: rotate` turned half round. */
static int mirror_square(const SchemaContext *c, int sq)
{
    const Variant *v = c->v;
    int f = var_file(v, sq), r = var_rank(v, sq);
    if (c->rotate)
        f = v->files - 1 - f;
    return var_square(v, f, v->ranks - 1 - r);
}

static void set_union(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] |= b->w[i];
}

void regions_intersect(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] &= b->w[i];
}

void regions_subtract(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] &= ~b->w[i];
}

void regions_add_rectangle(const SchemaContext *c, SquareSet *s, int f0, int r0, int f1, int r1)
{
    if (f0 > f1) { int t = f0; f0 = f1; f1 = t; }
    if (r0 > r1) { int t = r0; r0 = r1; r1 = t; }
    for (int r = r0; r <= r1; r++)
        for (int f = f0; f <= f1; f++)
            sqset_add(s, var_square(c->v, f, r));
    regions_intersect(s, &c->board);
}

/* "d4" → file 3, rank 3.  Returns false if `w` is not square-shaped (a
 * letter, then only digits); *inside tells whether it is on the board. */
static bool parse_square_name(const Variant *v, const char *w, size_t len, int *file, int *rank,
                              bool *inside)
{
    const char *p = w + 1, *end = w + len;
    long long r;

    if (len < 2 || w[0] < 'a' || w[0] > 'z')
        return false;
    for (const char *q = p; q < end; q++)
        if (!isdigit((unsigned char)*q))
            return false;
    NumberStatus st = schema_word_number(&p, end, 1, v->ranks, &r);
    *file = w[0] - 'a';
    *rank = st == NUMBER_OK ? (int)r - 1 : -1;
    *inside = *file < v->files && st == NUMBER_OK;
    return true;
}

/* A word of a square set's text, and where it is written. */
typedef struct {
    const char *s;      /* word start */
    int         len;
    int         col;    /* column in the file (0: unknown) */
} Word;

/* The words of a scalar, separated by blanks or commas. */
static int split_words(const TreeNode *n, Word *w, int max)
{
    int k = 0;
    const char *s = n->text;
    for (int i = 0; s[i] && k < max;) {
        if (s[i] == ' ' || s[i] == ',' || s[i] == '\t' || s[i] == '\n') {
            i++;
            continue;
        }
        int j = i;
        while (s[j] && s[j] != ' ' && s[j] != ',' && s[j] != '\t' && s[j] != '\n')
            j++;
        w[k].s = s + i;
        w[k].len = j - i;
        w[k].col = n->multiline ? n->col : n->col + n->skip + i;
        k++;
        i = j;
    }
    return k;
}

static bool word_is(const Word *w, const char *s)
{
    return (int)strlen(s) == w->len && !strncmp(w->s, s, w->len);
}

/* An error at the column of word w; fmt has one %s, for arg. */
static void report_at_word(SchemaContext *c, const TreeNode *n, const Word *w, const char *fmt,
                           const char *arg)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    diag_error(c->diag, n->file, n->line, w->col, "%s", msg);
}

/* The part of word w from `start` to `end`, with its own column. */
static Word word_part(const TreeNode *n, const Word *w, const char *start, const char *end)
{
    Word sub = { start, (int)(end - start), w->col };
    if (!n->multiline)
        sub.col += (int)(start - w->s);
    return sub;
}

static bool region_lookup(SchemaContext *c, const TreeNode *n, const Word *w, int color,
                          SquareSet *out);

/* One rank number of a range, at *p; reported at its own column. */
static bool rank_number(SchemaContext *c, const TreeNode *n, const Word *w, const char **p,
                        long long *rank)
{
    const char *start = *p, *end = w->s + w->len;
    NumberStatus st = schema_word_number(p, end, 1, c->v->ranks, rank);
    Word num = word_part(n, w, start, *p);

    if (st == NUMBER_MISSING || st == NUMBER_MALFORMED) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", w->len < 39 ? w->len : 39, w->s);
        report_at_word(c, n, w, "'%s' is not a rank number or range (like '6' or '6-10')", buf);
        return false;
    }
    if (st != NUMBER_OK) {
        char msg[120];
        snprintf(msg, sizeof msg, "rank %.*s does not exist on a %dx%d board (ranks 1 to %d)",
                 num.len < 40 ? num.len : 40, num.s, c->v->files, c->v->ranks, c->v->ranks);
        report_at_word(c, n, &num, "%s", msg);
        return false;
    }
    return true;
}

/* "6-10" or "6" → inclusive range of 0-based ranks. */
static bool rank_range(SchemaContext *c, const TreeNode *n, const Word *w, int *lo, int *hi)
{
    const char *p = w->s, *end = w->s + w->len;
    long long a, b;

    if (!rank_number(c, n, w, &p, &a))
        return false;
    b = a;
    if (p < end && *p == '-') {
        p++;
        if (!rank_number(c, n, w, &p, &b))
            return false;
    }
    if (p != end) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", w->len < 39 ? w->len : 39, w->s);
        report_at_word(c, n, w, "'%s' is not a rank number or range (like '6' or '6-10')", buf);
        return false;
    }
    *lo = (int)(a < b ? a : b) - 1;
    *hi = (int)(a < b ? b : a) - 1;
    return true;
}

/* "d" or "a-c" → inclusive range of 0-based files. */
static bool file_range(SchemaContext *c, const TreeNode *n, const Word *w, int *lo, int *hi)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.*s", w->len, w->s);
    bool shape = (w->len == 1 && islower((unsigned char)buf[0]))
              || (w->len == 3 && islower((unsigned char)buf[0]) && buf[1] == '-'
                  && islower((unsigned char)buf[2]));
    if (!shape) {
        report_at_word(c, n, w, "'%s' is not a file letter or range (like 'd' or 'a-c')", buf);
        return false;
    }
    int a = buf[0] - 'a', b = w->len == 3 ? buf[2] - 'a' : a;
    if (a >= c->v->files || b >= c->v->files) {
        char msg[80];
        snprintf(msg, sizeof msg, "file %s does not exist on a %dx%d board", buf,
                 c->v->files, c->v->ranks);
        report_at_word(c, n, w, "%s", msg);
        return false;
    }
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
    return true;
}

/* `first 2 ranks`, `last rank` for `color`; consumes words from *i. */
static bool relative_ranks(SchemaContext *c, const TreeNode *n, const Word *w, int nw, int *i,
                           int color, SquareSet *out)
{
    bool last = word_is(&w[*i], "last");
    int count = 1;

    if (*i + 1 >= nw) {
        report_at_word(c, n, &w[*i],
                       "'%s' must be followed by 'rank' or 'N ranks'", last ? "last" : "first");
        return false;
    }
    (*i)++;
    if (!word_is(&w[*i], "rank")) {
        const Word *x = &w[*i];
        const char *p = x->s, *end = x->s + x->len;
        char buf[40], why[64];
        long long k;
        snprintf(buf, sizeof buf, "%.*s", x->len < 39 ? x->len : 39, x->s);
        NumberStatus st = schema_word_number(&p, end, 1, c->v->ranks, &k);
        if (st == NUMBER_OK && p != end)
            st = NUMBER_MALFORMED;
        if (st == NUMBER_TOO_SMALL || st == NUMBER_TOO_LARGE) {
            char msg[160];
            snprintf(msg, sizeof msg, "the count of ranks '%s' %s on a %dx%d board", buf,
                     number_problem(st, 1, c->v->ranks, why, sizeof why), c->v->files,
                     c->v->ranks);
            report_at_word(c, n, x, "%s", msg);
            if (*i + 1 < nw && (word_is(&w[*i + 1], "ranks") || word_is(&w[*i + 1], "rank")))
                (*i)++;     /* one error for the whole item */
            return false;
        }
        if (st != NUMBER_OK || *i + 1 >= nw
            || !(word_is(&w[*i + 1], "ranks") || word_is(&w[*i + 1], "rank"))) {
            report_at_word(c, n, x, "expected 'rank' or a count of ranks from 1 to the board "
                           "height followed by 'ranks' (got '%s')", buf);
            return false;
        }
        count = (int)k;
        (*i)++;
    }
    /* White's last ranks are the top ones; Black's are the bottom ones. */
    bool top = last == (color == WHITE);
    int lo = top ? c->v->ranks - count : 0, hi = top ? c->v->ranks - 1 : count - 1;
    regions_add_rectangle(c, out, 0, lo, c->v->files - 1, hi);
    return true;
}

/* One item that stands for absolute squares, evaluated from White's side
 * (and mirrored for Black when `mirror`). */
static bool absolute_squares(SchemaContext *c, const TreeNode *n, const Word *w, int nw, int *i,
                             int color, bool mirror, SquareSet *out)
{
    SquareSet s = { { 0 } };
    const Word *x = &w[*i];
    int lo, hi, f0, r0, f1, r1;
    bool in0, in1;

    if (word_is(x, "rank") || word_is(x, "ranks") || word_is(x, "file") || word_is(x, "files")) {
        bool rank = x->s[0] == 'r';
        if (*i + 1 >= nw) {
            report_at_word(c, n, x,
                           "'%s' must be followed by a number or range", rank ? "rank" : "file");
            return false;
        }
        (*i)++;
        if (rank ? !rank_range(c, n, &w[*i], &lo, &hi) : !file_range(c, n, &w[*i], &lo, &hi))
            return false;
        if (rank)
            regions_add_rectangle(c, &s, 0, lo, c->v->files - 1, hi);
        else
            regions_add_rectangle(c, &s, lo, 0, hi, c->v->ranks - 1);
    } else if (word_is(x, "all")) {
        s = c->board;
    } else if (word_is(x, "none")) {
        ;
    } else if (word_is(x, "dark") || word_is(x, "light")) {
        for (int sq = 0; sq < c->v->files * c->v->ranks; sq++)
            if (((var_file(c->v, sq) + var_rank(c->v, sq)) % 2 == 0) == (x->s[0] == 'd'))
                sqset_add(&s, sq);
        regions_intersect(&s, &c->board);
    } else {
        const char *dash = memchr(x->s, '-', x->len);
        char buf[40];
        snprintf(buf, sizeof buf, "%.*s", x->len < 39 ? x->len : 39, x->s);
        if (dash && parse_square_name(c->v, x->s, dash - x->s, &f0, &r0, &in0)
            && parse_square_name(c->v, dash + 1, x->len - (dash - x->s) - 1, &f1, &r1, &in1)) {
            if (!in0 || !in1) {
                char msg[120];
                snprintf(msg, sizeof msg, "rectangle '%s' reaches outside the %dx%d board",
                         buf, c->v->files, c->v->ranks);
                report_at_word(c, n, x, "%s", msg);
                return false;
            }
            regions_add_rectangle(c, &s, f0, r0, f1, r1);
        } else if (parse_square_name(c->v, x->s, x->len, &f0, &r0, &in0)) {
            if (!in0) {
                char msg[120];
                snprintf(msg, sizeof msg, "square '%s' is outside the %dx%d board",
                         buf, c->v->files, c->v->ranks);
                report_at_word(c, n, x, "%s", msg);
                return false;
            }
            regions_add_rectangle(c, &s, f0, r0, f0, r0);
        } else {
            /* A region already knows both colours' squares. */
            if (!region_lookup(c, n, x, color, &s))
                return false;
            set_union(out, &s);
            return true;
        }
    }
    if (mirror && color == BLACK) {
        SquareSet m = { { 0 } };
        for (int sq = 0; sq < MAX_SQUARES; sq++)
            if (sqset_has(&s, sq))
                sqset_add(&m, mirror_square(c, sq));
        s = m;
    }
    set_union(out, &s);
    return true;
}

/* The union of the items of a scalar square set. */
static bool eval_words(SchemaContext *c, const TreeNode *n, int color, bool mirror, SquareSet *out)
{
    Word w[64];
    int nw = split_words(n, w, 64);
    bool ok = true;

    for (int i = 0; i < nw; i++) {
        if (word_is(&w[i], "first") || word_is(&w[i], "last"))
            ok &= relative_ranks(c, n, w, nw, &i, color, out);
        else
            ok &= absolute_squares(c, n, w, nw, &i, color, mirror, out);
    }
    return ok;
}

static bool eval_square_set(SchemaContext *c, const TreeNode *n, int color, bool mirror,
                            SquareSet *out);

/* {in: ..., except: ...}, or {white: ..., black: ...} (each side's squares
 * written as that side sees them). */
static bool eval_mapping(SchemaContext *c, const TreeNode *n, int color, bool mirror,
                         SquareSet *out)
{
    static const char *const keys[] = { "in", "except", "white", "black", NULL };
    const TreeNode *in = tree_map_get(n, "in"), *except = tree_map_get(n, "except");
    const TreeNode *white = tree_map_get(n, "white"), *black = tree_map_get(n, "black");
    SquareSet s = { { 0 } }, minus = { { 0 } };
    bool ok = true;

    schema_check_keys(c, n, keys, NULL, "a square set");
    if (white || black) {
        if (in || except)
            SCHEMA_ERROR(c, n,
                         "a square set has either 'white'/'black' or 'in'/'except', not both");
        /* Each colour's part is written as seen from that colour. */
        const TreeNode *part = color == WHITE ? white : black;
        return part ? eval_square_set(c, part, color, false, out) : true;
    }
    if (!in) {
        SCHEMA_ERROR(c, n, "a square set mapping needs 'in' (and usually 'except')");
        return false;
    }
    ok &= eval_square_set(c, in, color, mirror, &s);
    if (except)
        ok &= eval_square_set(c, except, color, mirror, &minus);
    regions_subtract(&s, &minus);
    set_union(out, &s);
    return ok;
}

/* Add the squares of any form of square set, for `color`, to *out. */
static bool eval_square_set(SchemaContext *c, const TreeNode *n, int color, bool mirror,
                            SquareSet *out)
{
    bool ok = true;
    if (n->kind == TREE_SCALAR)
        return eval_words(c, n, color, mirror, out);
    if (n->kind == TREE_MAP)
        return eval_mapping(c, n, color, mirror, out);
    for (int i = 0; i < n->n; i++)
        ok &= eval_square_set(c, n->vals[i], color, mirror, out);
    return ok;
}

/* A square set for both colours: written from White's side, Black's
 * derived by the board's symmetry. */
bool regions_read_set(SchemaContext *c, const TreeNode *n, SquareSet out[2])
{
    memset(out, 0, 2 * sizeof *out);
    if (!c->board_ok)
        return false;
    bool ok = eval_square_set(c, n, WHITE, true, &out[WHITE]);
    /* Errors are reported once, for White. */
    Diag *d = c->diag, quiet = *d;
    quiet.out = NULL;
    c->diag = &quiet;
    ok &= eval_square_set(c, n, BLACK, true, &out[BLACK]);
    c->diag = d;
    return ok;
}

/* Add the squares of the region word w names, read now if it is used for
 * the first time. */
static bool region_lookup(SchemaContext *c, const TreeNode *n, const Word *w, int color,
                          SquareSet *out)
{
    char name[64];
    snprintf(name, sizeof name, "%.*s", w->len < 63 ? w->len : 63, w->s);
    int idx = -1;
    for (int i = 0; c->regions && i < c->regions->n && i < SCHEMA_MAX_REGIONS; i++)
        if (!strcmp(c->regions->keys[i]->text, name))
            idx = i;
    if (idx < 0) {
        const char *cands[SCHEMA_MAX_REGIONS + 1];
        int k = 0;
        for (int i = 0; c->regions && i < c->regions->n && i < SCHEMA_MAX_REGIONS; i++)
            cands[k++] = c->regions->keys[i]->text;
        cands[k] = NULL;
        const char *hint = diag_suggest(name, cands);
        char msg[200];
        if (hint)
            snprintf(msg, sizeof msg,
                     "region '%s' is not defined (did you mean '%s'?)", name, hint);
        else
            snprintf(msg, sizeof msg,
                     "'%s' is neither a square, a range nor a defined region", name);
        report_at_word(c, n, w, "%s", msg);
        return false;
    }
    if (c->region_state[idx] == REGION_BUSY) {
        report_at_word(c, n, w, "region '%s' is defined in terms of itself", name);
        return false;
    }
    if (c->region_state[idx] == REGION_NEW) {
        c->region_state[idx] = REGION_BUSY;
        bool ok = regions_read_set(c, c->regions->vals[idx], c->region_set[idx]);
        c->region_state[idx] = ok ? REGION_DONE : REGION_BAD;
    }
    if (c->region_state[idx] == REGION_BAD)
        return false;
    set_union(out, &c->region_set[idx][color]);
    return true;
}

bool regions_read_absolute(SchemaContext *c, const TreeNode *n, SquareSet *out)
{
    return eval_square_set(c, n, WHITE, false, out);
}

void regions_read_table(SchemaContext *c, const TreeNode *regions)
{
    if (schema_want_kind(c, regions, TREE_MAP, "regions"))
        c->regions = (TreeNode *)regions;
    for (int i = 0; c->regions && i < c->regions->n; i++) {
        Word w = { c->regions->keys[i]->text, (int)strlen(c->regions->keys[i]->text),
                   c->regions->keys[i]->col };
        SquareSet unused = { { 0 } };
        if (i >= SCHEMA_MAX_REGIONS)
            SCHEMA_ERROR(c, c->regions->keys[i], "more than %d regions", SCHEMA_MAX_REGIONS);
        else
            region_lookup(c, c->regions->keys[i], &w, WHITE, &unused);
    }
}
