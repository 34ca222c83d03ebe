/*
 * test_xbetza.c — CUnit tests of libxbetza.
 *
 *  - the 230 XBoard 4.9.1 vectors (tests/data/xbetza-vectors.txt) in both
 *    dialects;
 *  - diagnostics of malformed strings (column and message);
 *  - print/parse round trips of the vector strings and of real pieces;
 *  - move counts on boards from 5x5 to 16x16 against independent formulas;
 *  - the compiled rays, walked by the rule documented on XbRay, against
 *    xb_generate on random boards (the engine's fast path).
 *
 * Data is found through argv[1] or $top_srcdir (set by `make check`).
 */
#include "xbetza.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cunit_run.h"
#include "strset.h"

/* ---------------------------------------------------------------------
 * Small string sets
 * ------------------------------------------------------------------ */

/* A set keeps each move once. */
static void set_add(StrSet *s, const char *text)
{
    if (!strset_has(s, text))
        strset_add(s, text);
}

/* Space-separated words ("-" = empty) into a set. */
static void set_from_words(StrSet *s, const char *words)
{
    char *copy = strdup(words ? words : "-"), *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
        if (strcmp(w, "-"))
            set_add(s, w);
    free(copy);
}

static bool set_equal(StrSet *a, StrSet *b)
{
    if (a->n != b->n)
        return false;
    if (a->n == 0)
        return true;
    qsort(a->item, (size_t)a->n, sizeof *a->item, strset_cmp);
    qsort(b->item, (size_t)b->n, sizeof *b->item, strset_cmp);
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->item[i], b->item[i]))
            return false;
    return true;
}

static void set_print(FILE *f, const char *label, StrSet *s)
{
    if (s->n)
        qsort(s->item, (size_t)s->n, sizeof *s->item, strset_cmp);
    fprintf(f, "      %s:", label);
    for (int i = 0; i < s->n; i++)
        fprintf(f, " %s", s->item[i]);
    fprintf(f, "\n");
}

/* ---------------------------------------------------------------------
 * Vector file
 * ------------------------------------------------------------------ */

enum { F_CASE, F_BETZA, F_BOARD, F_SIDE, F_PIECE, F_TYPE, F_VIRGIN, F_FEN, F_FRIENDS,
       F_ENEMIES, F_FROYAL, F_EROYAL, F_HOLES, F_NOTINIT, F_TOUCHED, F_EXTRA, F_EP,
       F_STATUS, F_QUIET, F_CAPTURE, F_CAPOWN, F_EPS, F_CASTLE, F_LOCUST, F_NFIELDS };

static const char *const field_names[F_NFIELDS] = {
    "case", "betza", "board", "side", "piece", "piece-type", "virgin", "fen", "friends",
    "enemies", "friendly-royal", "enemy-royal", "holes", "not-in-initial-position",
    "touched", "initial-extra", "ep-square", "status", "quiet", "capture", "capture-own",
    "ep", "castle", "locust"
};

typedef struct {
    char *f[F_NFIELDS];
} Vector;

static Vector *vectors;
static int     nvectors;
static char    data_path[1024];

static void load_vectors(void)
{
    FILE *fp = fopen(data_path, "r");
    if (!fp) {
        fprintf(stderr, "cannot open %s\n", data_path);
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    Vector cur;
    memset(&cur, 0, sizeof cur);
    while (getline(&line, &cap, fp) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strcmp(line, "end")) {
            vectors = realloc(vectors, (size_t)(nvectors + 1) * sizeof *vectors);
            vectors[nvectors++] = cur;
            memset(&cur, 0, sizeof cur);
            continue;
        }
        char *colon = strstr(line, ": ");
        if (!colon || line[0] == '#')
            continue;
        *colon = 0;
        for (int i = 0; i < F_NFIELDS; i++)
            if (!strcmp(line, field_names[i])) {
                free(cur.f[i]);
                cur.f[i] = strdup(colon + 2);
            }
    }
    free(line);
    fclose(fp);
}

static void free_vectors(void)
{
    for (int i = 0; i < nvectors; i++)
        for (int j = 0; j < F_NFIELDS; j++)
            free(vectors[i].f[j]);
    free(vectors);
    vectors = NULL;
    nvectors = 0;
}

/* ---------------------------------------------------------------------
 * Board set-up from a vector
 * ------------------------------------------------------------------ */

typedef struct {
    XbGeometry  geo;
    XbBoardView view;
    char        letter[XB_MAX_SQUARES];  /* FEN letters, 0 = empty */
    int         from;
} Setup;

static void for_squares(const XbGeometry *g, const char *list, void (*fn)(int sq, void *), void *ctx)
{
    StrSet s = { 0 };
    set_from_words(&s, list);
    for (int i = 0; i < s.n; i++) {
        int sq = xb_parse_square(g, s.item[i]);
        if (sq >= 0)
            fn(sq, ctx);
    }
    strset_free(&s);
}

static void mark_hole(int sq, void *ctx) { ((XbGeometry *)ctx)->hole[sq] = 1; }
static void mark_friend(int sq, void *ctx) { ((XbBoardView *)ctx)->occ[sq] = XB_FRIEND; }
static void mark_enemy(int sq, void *ctx) { ((XbBoardView *)ctx)->occ[sq] = XB_ENEMY; }
static void mark_royal(int sq, void *ctx) { ((XbBoardView *)ctx)->royal[sq] = 1; }
static void mark_ep(int sq, void *ctx) { ((XbBoardView *)ctx)->ep[sq] = 1; }
static void clear_partner(int sq, void *ctx) { ((XbBoardView *)ctx)->castle_partner[sq] = 0; }

static void parse_fen(Setup *s, const char *fen)
{
    int rank = s->geo.ranks - 1, file = 0;
    for (const char *p = fen; *p && rank >= 0; p++) {
        if (*p == '/') {
            rank--, file = 0;
        } else if (*p >= '0' && *p <= '9') {
            int n = 0;
            while (p[0] >= '0' && p[0] <= '9')
                n = n * 10 + (*p++ - '0');
            p--;
            file += n;
        } else {
            if (file < s->geo.files && *p != '*')
                s->letter[rank * s->geo.files + file] = *p;
            file++;
        }
    }
}

/* The piece that stood on `sq` in the initial position (0 = none, '?' =
 * unknown but different from the current one). */
static char initial_letter(const Setup *s, const Vector *v, int sq)
{
    char name[4];
    xb_square_name(&s->geo, sq, name);
    StrSet extra = { 0 }, notinit = { 0 };
    set_from_words(&extra, v->f[F_EXTRA]);
    set_from_words(&notinit, v->f[F_NOTINIT]);
    char result = s->letter[sq];
    for (int i = 0; i < extra.n; i++)
        if (!strncmp(extra.item[i], name, strlen(name)) && extra.item[i][strlen(name)] == '=')
            result = extra.item[i][strlen(name) + 1];
    for (int i = 0; i < notinit.n; i++)
        if (!strcmp(notinit.item[i], name) && result == s->letter[sq])
            result = '?';
    strset_free(&extra);
    strset_free(&notinit);
    return result;
}

static void setup_vector(Setup *s, const Vector *v)
{
    memset(s, 0, sizeof *s);
    int files = 8, ranks = 8;
    sscanf(v->f[F_BOARD], "%dx%d", &files, &ranks);
    xb_geometry_init(&s->geo, files, ranks);
    for_squares(&s->geo, v->f[F_HOLES], mark_hole, &s->geo);
    int color = !strcmp(v->f[F_SIDE], "black");
    xb_view_init(&s->view, &s->geo, color);
    parse_fen(s, v->f[F_FEN]);
    s->from = xb_parse_square(&s->geo, v->f[F_PIECE]);
    for_squares(&s->geo, v->f[F_FRIENDS], mark_friend, &s->view);
    for_squares(&s->geo, v->f[F_ENEMIES], mark_enemy, &s->view);
    for_squares(&s->geo, v->f[F_FROYAL], mark_royal, &s->view);
    for_squares(&s->geo, v->f[F_EROYAL], mark_royal, &s->view);
    for (int sq = 0; sq < files * ranks; sq++)
        s->view.castle_partner[sq] = s->view.occ[sq] != XB_EMPTY;
    for_squares(&s->geo, v->f[F_NOTINIT], clear_partner, &s->view);
    s->view.virgin = !strcmp(v->f[F_VIRGIN], "yes");
    s->view.royal_mover = !strcmp(v->f[F_TYPE], "king");
    int back = s->from + (color ? files : -files);
    s->view.virgin2 = back >= 0 && back < files * ranks &&
                      initial_letter(s, v, back) == s->letter[s->from];
    if (strcmp(v->f[F_EP], "-")) {
        char sqname[8] = "";
        sscanf(v->f[F_EP], "%7s", sqname);
        int ep = xb_parse_square(&s->geo, sqname);
        if (ep >= 0) {
            mark_ep(ep, &s->view);
            int further = ep + (color ? -files : files);
            if (strstr(v->f[F_EP], "triple") && further >= 0 && further < files * ranks)
                mark_ep(further, &s->view);
        }
    }
}

/* ---------------------------------------------------------------------
 * Generated moves as the vectors' sets
 * ------------------------------------------------------------------ */

typedef struct {
    const XbGeometry *geo;
    StrSet quiet, capture, capown, ep, castle, locust;
    int    count;
} Result;

static void collect(const XbMove *m, void *ctx)
{
    Result *r = ctx;
    char a[4], b[4], buf[96];
    r->count++;
    xb_square_name(r->geo, m->to, a);
    if (m->kind == XB_MOVE_CASTLE) {
        char c[4];
        snprintf(buf, sizeof buf, "%s/%s-%s", a, xb_square_name(r->geo, m->partner, b),
                 xb_square_name(r->geo, m->partner_to, c));
        set_add(&r->castle, buf);
    } else if (m->kind == XB_MOVE_EP) {
        set_add(&r->ep, a);
    } else if (m->nvictims) {
        buf[0] = 0;
        int v = 0;
        for (int i = 0; i < m->npath; i++) {
            bool last = i == m->npath - 1;
            bool x = last ? (m->kind == XB_MOVE_CAPTURE || m->kind == XB_MOVE_CAPTURE_OWN)
                          : (v < m->nvictims && m->victim[v] == m->path[i]);
            if (!last && x)
                v++;
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s%s", i ? "-" : "",
                     xb_square_name(r->geo, m->path[i], b), x ? "x" : "");
        }
        set_add(&r->locust, buf);
    } else if (m->kind == XB_MOVE_QUIET) {
        set_add(&r->quiet, a);
    } else if (m->kind == XB_MOVE_CAPTURE) {
        set_add(&r->capture, a);
    } else {
        set_add(&r->capown, a);
    }
}

static void result_free(Result *r)
{
    strset_free(&r->quiet);
    strset_free(&r->capture);
    strset_free(&r->capown);
    strset_free(&r->ep);
    strset_free(&r->castle);
    strset_free(&r->locust);
}

typedef enum { V_MATCH, V_MISMATCH, V_REJECTED } Outcome;

static bool compare_field(const Vector *v, int field, StrSet *got, const char *label, bool verbose)
{
    StrSet want = { 0 };
    set_from_words(&want, v->f[field]);
    bool ok = set_equal(&want, got);
    if (!ok && verbose) {
        fprintf(stderr, "    %s (%s) %s differs\n", v->f[F_CASE], v->f[F_BETZA], label);
        set_print(stderr, "want", &want);
        set_print(stderr, "got ", got);
    }
    strset_free(&want);
    return ok;
}

static Outcome run_vector(const Vector *v, XbDialect d, bool verbose, XbError *err)
{
    XbPiece piece;
    if (xb_parse(v->f[F_BETZA], d, &piece, err) != 0)
        return V_REJECTED;
    Setup s;
    setup_vector(&s, v);
    XbTable table;
    if (xb_compile(&piece, &s.geo, &table, NULL) != 0)
        return V_MISMATCH;
    Result r;
    memset(&r, 0, sizeof r);
    r.geo = &s.geo;
    xb_generate(&piece, &table, &s.view, s.from, collect, &r);
    bool ok = compare_field(v, F_QUIET, &r.quiet, "quiet", verbose);
    ok &= compare_field(v, F_CAPTURE, &r.capture, "capture", verbose);
    ok &= compare_field(v, F_CAPOWN, &r.capown, "capture-own", verbose);
    ok &= compare_field(v, F_EPS, &r.ep, "ep", verbose);
    ok &= compare_field(v, F_CASTLE, &r.castle, "castle", verbose);
    ok &= compare_field(v, F_LOCUST, &r.locust, "locust", verbose);
    result_free(&r);
    xb_table_free(&table);
    return ok ? V_MATCH : V_MISMATCH;
}

static void test_vectors_loaded(void)
{
    CU_ASSERT_EQUAL(nvectors, 230);
}

static void test_vectors_compat(void)
{
    int match = 0;
    for (int i = 0; i < nvectors; i++) {
        XbError err;
        Outcome o = run_vector(&vectors[i], XB_COMPAT, true, &err);
        CU_ASSERT_EQUAL(o, V_MATCH);
        match += o == V_MATCH;
    }
    printf("\n    XB_COMPAT: %d/%d vectors match XBoard 4.9.1\n", match, nvectors);
}

static void test_vectors_strict(void)
{
    int match = 0, rejected = 0, bad = 0, normative = 0, normative_ok = 0;
    for (int i = 0; i < nvectors; i++) {
        const Vector *v = &vectors[i];
        bool norm = !strcmp(v->f[F_STATUS], "normative")
                 || !strcmp(v->f[F_STATUS], "ambiguous");
        XbError err;
        Outcome o = run_vector(v, XB_STRICT, true, &err);
        normative += norm;
        if (o == V_MATCH) {
            match++;
            normative_ok += norm;
        } else if (o == V_REJECTED) {
            rejected++;
            CU_ASSERT(err.column > 0 && err.message[0]);
            if (norm)
                fprintf(stderr, "    %s (%s) rejected: column %d: %s\n", v->f[F_CASE],
                        v->f[F_BETZA], err.column, err.message);
        } else {
            bad++;
        }
        /* normative and ambiguous cases must match (J and L are read as
           XBoard reads them, with a warning); every other case may be refused */
        CU_ASSERT(o == V_MATCH || (!norm && o == V_REJECTED));
    }
    printf("    XB_STRICT: %d match, %d rejected with a diagnostic, %d other; "
           "normative %d/%d\n", match, rejected, bad, normative_ok, normative);
}

/* ---------------------------------------------------------------------
 * Diagnostics
 * ------------------------------------------------------------------ */

/* J and L: accepted in both dialects with XBoard's meaning, with a warning;
 * the printer writes C and Z instead. */
static void test_ambiguous_atoms(void)
{
    XbPiece p;
    XbError err;
    char buf[64];
    CU_ASSERT_EQUAL(xb_parse("fJ", XB_STRICT, &p, &err), 0);
    CU_ASSERT_EQUAL(err.column, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "'J' is ambiguous"));
    CU_ASSERT_EQUAL(p.group[0].p, 1);
    CU_ASSERT_EQUAL(p.group[0].q, 3);
    xb_print(&p, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "fC");
    CU_ASSERT_EQUAL(xb_parse("L", XB_STRICT, &p, &err), 0);
    CU_ASSERT_EQUAL(p.group[0].p, 2);
    CU_ASSERT_EQUAL(p.group[0].q, 3);
    xb_print(&p, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "Z");
    /* a real error after the warning still wins */
    CU_ASSERT_EQUAL(xb_parse("Jq", XB_STRICT, &p, &err), -1);
}

static void test_malformed(void)
{
    static const struct { const char *text; int column; const char *message; } cases[] = {
        { "fmqW", 3, "'q' cannot follow 'fm'" },
        { "cmW", 2, "'m' cannot follow 'c'" },
        { "mfW", 2, "'f' cannot follow 'm'" },
        { "NUW", 2, "unknown atom 'U'" },
        { "N,F", 2, "unexpected character ','" },
        { "fmWfceF@7", 8, "unexpected character '@'" },
        { "f", 2, "'f' has no atom" },
        { "ca", 3, "'ca' has no atom" },
        { "W03F", 2, "leading zero" },
        { "W123", 2, "more than two digits" },
        { "zB", 1, "'z' is not allowed here" },
        { "caxfW", 3, "'x' is not allowed here" },
        { "fmiD", 3, "'i' cannot follow 'fm'" },
        { "nW", 2, "'n' on the one-step atom 'W'" },
        { "jW", 2, "'j' skips every square" },
        { "O", 1, "castling distance" },
        { "afN", 3, "oblique" },
        { "NN", 2, "'NN' is N twice" },
        { "pN", 2, "'p' on the leaper 'N'" },
        { "fhW", 2, "'h' cannot follow 'f'" },
        { "vF", 1, "'v' selects no direction" },
        { "hfN", 1, "'h' must be followed by 'r' or 'l'" },
        { "iiiW", 3, "more than two 'i'" },
        { "cacacafW", 8, "more than two locust" },
        { "yafyW", 5, "'y' has no meaning on the last leg" },
        { "caibW", 5, "needs an earlier sliding leg" },
        { "aaaaW", 5, "too many legs" },
        { "njR", 3, "'n' and 'j'" },
        { "1W", 1, "range digit '1' without an atom" },
        { "WF ", 3, "unexpected character ' '" },
        { "Q(1,4)", 2, "unexpected character '('" },
        { "fcmW", 3, "'m' cannot follow 'fc'" },
        { "jjjjjjjjjjjjjjjjR", 16, "more than 15 'j' in one leg" },
        { "cajjjjjjjjjjjjjjjjjjjjjjfR", 18, "more than 15 'j' in one leg" },
        { "W99999999999999999999999999999", 2, "range '999999999999...' has more than two" },
        { "W000000000000000000000000000007", 2, "leading zero" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        XbPiece p;
        XbError err;
        int rc = xb_parse(cases[i].text, XB_STRICT, &p, &err);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_EQUAL(err.column, cases[i].column);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, cases[i].message));
        if (rc != -1 || err.column != cases[i].column || !strstr(err.message, cases[i].message))
            fprintf(stderr, "    '%s': rc %d column %d: %s\n", cases[i].text, rc, err.column,
                    err.message);
        /* XBoard's dialect reads everything, and says what it dropped */
        CU_ASSERT_EQUAL(xb_parse(cases[i].text, XB_COMPAT, &p, &err), 0);
    }
    /* too many groups: the 33rd group is refused */
    char many[200] = "";
    for (int i = 0; i < XB_MAX_GROUPS + 1; i++)
        strcat(many, i % 2 ? "F" : "W");
    XbPiece p;
    XbError err;
    CU_ASSERT_EQUAL(xb_parse(many, XB_STRICT, &p, &err), -1);
    CU_ASSERT_EQUAL(err.column, XB_MAX_GROUPS + 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "too many move groups"));
    /* the empty string is a piece without moves; NULL too */
    CU_ASSERT_EQUAL(xb_parse("", XB_STRICT, &p, &err), 0);
    CU_ASSERT_EQUAL(p.ngroups, 0);
    CU_ASSERT_EQUAL(xb_parse(NULL, XB_STRICT, &p, &err), 0);
    /* a long piece of garbage never crashes */
    char junk[4096];
    for (size_t i = 0; i < sizeof junk - 1; i++)
        junk[i] = (char)(1 + (i * 7919) % 255);
    junk[sizeof junk - 1] = 0;
    xb_parse(junk, XB_STRICT, &p, &err);
    CU_ASSERT_EQUAL(xb_parse(junk, XB_COMPAT, &p, &err), 0);
}

/* Counts too large for the fields that hold them are bounded, not wrapped
 * (256 'j' used to read as none, 256 'i' as no 'i'); XBoard's dialect
 * reads on with a warning naming the column. */
static void test_bounds(void)
{
    char text[1024];
    XbPiece p, q;
    XbError err;
    memset(text, 'j', 256);
    strcpy(text + 256, "R");
    CU_ASSERT_EQUAL(xb_parse(text, XB_STRICT, &p, &err), -1);
    CU_ASSERT_EQUAL(err.column, XB_MAX_JUMPS + 1);
    CU_ASSERT_EQUAL(xb_parse(text, XB_COMPAT, &p, &err), 0);
    CU_ASSERT_EQUAL(err.column, XB_MAX_JUMPS + 1);
    CU_ASSERT_EQUAL(p.group[0].leg[0].jumps, XB_MAX_JUMPS);
    CU_ASSERT_EQUAL(p.group[0].range, 0);
    memset(text, 'i', 256);
    strcpy(text + 256, "fmW2");
    CU_ASSERT_EQUAL(xb_parse(text, XB_STRICT, &p, &err), -1);
    CU_ASSERT_EQUAL(err.column, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "more than two 'i'"));
    CU_ASSERT_EQUAL(xb_parse(text, XB_COMPAT, &p, &err), 0);
    xb_parse("ifmW2", XB_STRICT, &q, NULL);
    CU_ASSERT(xb_equal(&p, &q));       /* XBoard: more than two 'i' = one */
    /* 'i' after 'a', many times */
    strcpy(text, "ca");
    memset(text + 2, 'i', 300);
    strcpy(text + 302, "bR");
    CU_ASSERT_EQUAL(xb_parse(text, XB_STRICT, &p, &err), -1);
    CU_ASSERT_EQUAL(err.column, 4);
    CU_ASSERT_EQUAL(xb_parse(text, XB_COMPAT, &p, &err), 0);
    CU_ASSERT(p.group[0].leg[1].mode & XB_MODE_ISO);
    /* a range of many digits: bounded, no overflow */
    memset(text, '9', 600);
    text[0] = 'N';
    text[600] = 0;
    CU_ASSERT_EQUAL(xb_parse(text, XB_STRICT, &p, &err), -1);
    CU_ASSERT_EQUAL(err.column, 2);
    CU_ASSERT_EQUAL(xb_parse(text, XB_COMPAT, &p, &err), 0);
    CU_ASSERT_EQUAL(p.group[0].range, XB_MAX_RANGE);
}

/* ---------------------------------------------------------------------
 * Move sets on a board, for comparisons
 * ------------------------------------------------------------------ */

/* xorshift32: deterministic, and each test can keep its own sequence */
static uint32_t rnd_next(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

static uint32_t rng_state = 12345;

static uint32_t rnd(void)
{
    return rnd_next(&rng_state);
}

static void random_view(XbBoardView *v, const XbGeometry *g, int from, uint32_t *rs)
{
    int nsq = g->files * g->ranks;
    xb_view_init(v, g, (int)(rnd_next(rs) & 1));
    v->virgin = rnd_next(rs) & 1;
    v->virgin2 = rnd_next(rs) & 1;
    v->royal_mover = rnd_next(rs) & 1;
    int density = (int)(rnd_next(rs) % 60);
    for (int sq = 0; sq < nsq; sq++) {
        if (g->hole[sq] || sq == from)
            continue;
        if ((int)(rnd_next(rs) % 100) < density) {
            v->occ[sq] = (rnd_next(rs) & 1) ? XB_FRIEND : XB_ENEMY;
            v->royal[sq] = rnd_next(rs) % 8 == 0;
            v->castle_partner[sq] = rnd_next(rs) & 1;
        } else if (rnd_next(rs) % 16 == 0) {
            v->ep[sq] = 1;
        }
    }
}

static void collect_text(const XbMove *m, void *ctx)
{
    Result *r = ctx;
    char buf[128];
    r->count++;
    set_add(&r->quiet, xb_move_text(r->geo, m, buf, sizeof buf));
}

/* As collect_text, without the squares a move passes on its way: a lame
 * path's compiled ray knows only where it ends. */
static void collect_ends(const XbMove *m, void *ctx)
{
    XbMove end = *m;
    if (end.nvictims == 0 && end.kind != XB_MOVE_CASTLE) {
        end.npath = 1;
        end.path[0] = end.to;
    }
    collect_text(&end, ctx);
}

static void move_texts(const XbPiece *p, const XbGeometry *g, const XbBoardView *v, int from,
                       StrSet *out)
{
    XbTable t;
    if (xb_compile(p, g, &t, NULL) != 0)
        return;
    Result r;
    memset(&r, 0, sizeof r);
    r.geo = g;
    xb_generate(p, &t, v, from, collect_text, &r);
    *out = r.quiet;
    xb_table_free(&t);
}

/* ---------------------------------------------------------------------
 * Round trips
 * ------------------------------------------------------------------ */

static const char *const real_pieces[] = {
    "fmWfceFifmnD", "N", "B", "R", "Q", "F", "A", "BN", "RN", "W", "K", "mRcpR", "N0", "BW",
    "RF", "gQ", "QN", "KisO2", "KisO3", "fmWfceFifmW2", "fmWfcF", "FfW", "WfF", "fR", "ffN",
    "nN", "nA", "fW", "fRbW2", "fWbF", "vWfF", "sWfF", "sbWfF", "sRvW", "FfRbW", "BfW",
    "FvWAvD", "vRfF3bFsW", "vN", "FfsW", "BvRsW", "K3cpafK", "fFvWsW2", "fFsWvW2", "WA",
    "FD", "fRbW", "KNADcaKmabK", "FvlW", "RmasR", "WBmasB", "F2", "vRsW2flBfrF", "fFvW2",
    "lfrbBfRbW", "rflbBfRbW", "FvrW", "WfF2", "sRvW2frBflF", "sWfDbA", "W2fF", "FvW",
    "fF2sW", "KADcavKmcpafmcpavK", "K3NADcaKmabK", "F3vRsW2", "F3sRvW2", "fRfBbF2bsW2",
    "FfsW", "blfFrW", "BmasB", "FbsW", "F3sW", "W3fF", "rbfFlW", "QNADcaKmabK", "vRfB",
    "QADcavKmcpafmcpavK", "BbsR", "RfB", "BfR", "F3vRsW", "F3sRvW", "KisjO2", "fmWfceFifmW3",
    "CF", "WDA", "KisO1isO2isO3isO4", "fmWfceFiifmW2ifmW3", "NC", "KisO3irO4ilO2",
    "KisO2isO3ilO4", "KimN", "KisfmWfmFflfrmN", "FiffmD", "mcpaKmcabK", "WFDllrrN",
    "DffbbNF3", "DAHG", "NF2", "NDF2", "BN0", "D0A0", "mQcpQ", "BmW", "fRbB", "rfmFfrcW",
    "lfmFflcW", "fRrbBlbF", "fRlbBrbF", "bFfD", "KbRfBbF2", "KNADcaKmcabK", "yafsF",
    "yafsW", "gafR", "caibR", "mcaifR", "cacafW", "mafmafW", "tpafcR", "dafW", "pafW",
    "afsK", "fcafmF", "frlN", "sfK", "fhK", "hrN", "hlN", "fsN", "ffrrN", "ogQ", "opR", "tQ",
    "dN", "cdN", "jR", "jjR", "jD", "jN", "nN0", "ifmnH", "iifmW2", "W10", "B10", "oN",
    "fbN", "lvQ", "bsQ", "flbrF", "lrbR", "sflN", "vlN", "rbN", "lhN", "bhN", "mpR", "cpR",
    "mgafR", "cyafsR", "yafmcsW", "gafcsF", "mcafcafK", "caimbR", "fmaiflR", "W3yafsW",
};

static void check_round_trip(const char *text, int *count)
{
    XbPiece a, b;
    XbError err;
    char out[512];
    if (xb_parse(text, XB_STRICT, &a, &err) != 0) {
        if (xb_parse(text, XB_COMPAT, &a, &err) != 0)
            return;
    }
    int len = xb_print(&a, out, sizeof out);
    CU_ASSERT(len > 0 || a.ngroups == 0);
    /* the printed string is well formed (so XBoard reads it as written) */
    int rc = xb_parse(out, XB_STRICT, &b, &err);
    bool obl_multi = false;
    for (int i = 0; i < a.ngroups; i++)
        obl_multi |= a.group[i].cls == XB_CLASS_OBLIQUE && a.group[i].nlegs > 1;
    if (obl_multi)
        rc = xb_parse(out, XB_COMPAT, &b, &err);
    CU_ASSERT_EQUAL(rc, 0);
    if (rc) {
        fprintf(stderr, "    '%s' printed as '%s': column %d: %s\n", text, out, err.column,
                err.message);
        return;
    }
    CU_ASSERT_PTR_NULL(strpbrk(out, "JLkquwxz"));
    bool eq = xb_equal(&a, &b);
    CU_ASSERT(eq);
    if (!eq)
        fprintf(stderr, "    '%s' printed as '%s' reads differently\n", text, out);
    /* same moves on boards */
    XbGeometry g;
    xb_geometry_init(&g, 9, 10);
    g.hole[0] = 1;
    for (int n = 0; n < 6; n++) {
        int from = 1 + (int)(rnd() % 89);
        XbBoardView v;
        random_view(&v, &g, from, &rng_state);
        StrSet ma = { 0 }, mb = { 0 };
        move_texts(&a, &g, &v, from, &ma);
        move_texts(&b, &g, &v, from, &mb);
        bool same = set_equal(&ma, &mb);
        CU_ASSERT(same);
        if (!same)
            fprintf(stderr, "    '%s' / '%s': different moves\n", text, out);
        strset_free(&ma);
        strset_free(&mb);
    }
    /* printing is stable */
    char again[512];
    xb_print(&b, again, sizeof again);
    CU_ASSERT_STRING_EQUAL(out, again);
    (*count)++;
}

static void test_round_trip(void)
{
    int count = 0;
    for (int i = 0; i < nvectors; i++) {
        XbPiece p;
        if (xb_parse(vectors[i].f[F_BETZA], XB_STRICT, &p, NULL) == 0)
            check_round_trip(vectors[i].f[F_BETZA], &count);
    }
    for (size_t i = 0; i < sizeof real_pieces / sizeof real_pieces[0]; i++)
        check_round_trip(real_pieces[i], &count);
    printf("    round trips: %d strings\n", count);
}

static void test_print_examples(void)
{
    static const struct { const char *in, *out; } cases[] = {
        { "W0", "R" }, { "J", "C" }, { "L", "Z" }, { "mcN", "N" }, { "NN", "N" },
        { "rfK", "frK" }, { "ffN", "fN" }, { "hrN", "hrN" }, { "vW", "vW" },
        { "flbrF", "flbrF" }, { "cmW", "cW" }, { "fhW", "fW" }, { "KisO2", "KisO2" },
        { "fsK", "fsK" }, { "R3", "W3" }, { "R", "R" },
        /* "iWW" and "cRR" would read as doubled atoms */
        { "iR1W", "WiW" }, { "cRmcR", "RcR" }, { "WR3", "W3W" }, { "NGALZ5", "Z5NGAZ" },
        /* every 'j', however many mode letters come before */
        { "mcdtojjjjjjjjjjjR", "mcdtojjjjjjjjjjjR" },
        { "mcdetojjjjjjjjjjjjjjjR", "mcdetojjjjjjjjjjjjjjjR" },
        /* K-system sets the greedy spelling splits: one string, not "frfKrK" */
        { "rrffK", "ffrrK" }, { "fbsrK", "fbsrK" }, { "marrffK", "affrrK" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        XbPiece p;
        char out[128];
        xb_parse(cases[i].in, XB_COMPAT, &p, NULL);
        xb_print(&p, out, sizeof out);
        CU_ASSERT_STRING_EQUAL(out, cases[i].out);
        if (strcmp(out, cases[i].out))
            fprintf(stderr, "    print '%s' = '%s', expected '%s'\n", cases[i].in, out,
                    cases[i].out);
    }
    /* a piece of 32 such groups (modes c d e t o in every combination)
       still prints as 32 groups, which the strict reader accepts */
    char many[512] = "", printed[1024];
    for (unsigned combo = 0; combo < 32; combo++) {
        snprintf(many + strlen(many), sizeof many - strlen(many), "rrff");
        for (int bit = 0; bit < 5; bit++)
            if (combo & (1u << bit))
                snprintf(many + strlen(many), sizeof many - strlen(many), "%c", "cdeto"[bit]);
        snprintf(many + strlen(many), sizeof many - strlen(many), "K");
    }
    XbPiece m1, m2;
    CU_ASSERT_EQUAL_FATAL(xb_parse(many, XB_STRICT, &m1, NULL), 0);
    CU_ASSERT_EQUAL(m1.ngroups, XB_MAX_GROUPS);
    xb_print(&m1, printed, sizeof printed);
    CU_ASSERT_EQUAL(xb_parse(printed, XB_STRICT, &m2, NULL), 0);
    CU_ASSERT(xb_equal(&m1, &m2));
    /* truncation behaves like snprintf */
    XbPiece p;
    char small[4];
    xb_parse("fmWfceFifmnD", XB_STRICT, &p, NULL);
    int n = xb_print(&p, small, sizeof small);
    CU_ASSERT_EQUAL(n, 12);
    CU_ASSERT_EQUAL(strlen(small), 3);
    /* equality is by meaning */
    XbPiece a, b;
    xb_parse("K", XB_STRICT, &a, NULL);
    xb_parse("WF", XB_STRICT, &b, NULL);
    CU_ASSERT(xb_equal(&a, &b));
    xb_parse("Q", XB_STRICT, &a, NULL);
    xb_parse("RB", XB_STRICT, &b, NULL);
    CU_ASSERT(xb_equal(&a, &b));
    xb_parse("fsW", XB_STRICT, &b, NULL);
    xb_parse("fW", XB_STRICT, &a, NULL);
    CU_ASSERT(!xb_equal(&a, &b));
}

/* ---------------------------------------------------------------------
 * Property: print, read back, same moves, for any string
 * ------------------------------------------------------------------ */

/* A description from the grammar of docs/xbetza.md §2.1 (so most are
 * readable and reach the printer with multi-leg moves, j's and ranges). */
static void grammar_description(uint32_t *rs, char *s, size_t cap)
{
    static const char dirs[] = "fblrvsh", modes[] = "mcdetpgoyn", atoms[] = "WFDAHGNCZJLKQRBO";
    size_t n = 0;
    int ngroups = 1 + (int)(rnd_next(rs) % 3);
    for (int g = 0; g < ngroups && n + 80 < cap; g++) {
        for (int i = rnd_next(rs) % 6 ? 0 : 1 + (int)(rnd_next(rs) % 2); i > 0; i--)
            s[n++] = 'i';
        int nlegs = rnd_next(rs) % 3 ? 1 : 2 + (int)(rnd_next(rs) % 2);
        for (int l = 0; l < nlegs; l++) {
            if (l) {
                s[n++] = 'a';
                if (rnd_next(rs) % 5 == 0)
                    s[n++] = 'i';
            }
            for (int d = (int)(rnd_next(rs) % 4); d > 0; d--)
                s[n++] = dirs[rnd_next(rs) % (sizeof dirs - 1)];
            for (const char *m = modes; *m; m++)
                if (rnd_next(rs) % 5 == 0)
                    s[n++] = *m;
            for (int j = rnd_next(rs) % 6 ? 0 : 1 + (int)(rnd_next(rs) % 12); j > 0; j--)
                s[n++] = 'j';
        }
        s[n++] = atoms[rnd_next(rs) % (sizeof atoms - 1)];
        if (rnd_next(rs) % 3 == 0)
            n += (size_t)snprintf(s + n, cap - n, "%u", rnd_next(rs) % 13);
    }
    s[n] = 0;
}

static const char noise_letters[] = "iiifblrvshmcdetpgoynjjaaWFDAHGNCZJLKQRBO0123456789xq,";

/* One random edit (insert, delete, replace) of `from`. */
static void mutate(uint32_t *rs, const char *from, char *s, size_t cap)
{
    snprintf(s, cap, "%s", from);
    size_t len = strlen(s);
    char c = noise_letters[rnd_next(rs) % (sizeof noise_letters - 1)];
    uint32_t kind = rnd_next(rs) % 3;
    if (kind == 0 && len + 1 < cap) {
        size_t at = rnd_next(rs) % (len + 1);
        memmove(s + at + 1, s + at, len - at + 1);
        s[at] = c;
    } else if (kind == 1 && len > 1) {
        size_t at = rnd_next(rs) % len;
        memmove(s + at, s + at + 1, len - at);
    } else if (len > 0) {
        s[rnd_next(rs) % len] = c;
    }
}

static void noise(uint32_t *rs, char *s, size_t cap)
{
    size_t len = 1 + rnd_next(rs) % (cap < 16 ? cap - 1 : 15);
    for (size_t i = 0; i < len; i++)
        s[i] = noise_letters[rnd_next(rs) % (sizeof noise_letters - 1)];
    s[len] = 0;
}

/* What a move does, not the path it took: the generator reports each
 * effect once, found by whichever group comes first. */
static void collect_effect(const XbMove *m, void *ctx)
{
    char buf[96];
    snprintf(buf, sizeof buf, "%u-%u kind %u victims %u:%u,%u,%u partner %u-%u", m->from, m->to,
             m->kind, m->nvictims, m->victim[0], m->victim[1], m->victim[2], m->partner,
             m->partner_to);
    set_add(ctx, buf);
}

/* Same moves on a few boards (holes, odd sizes, both colours, random
 * occupancy)? */
static bool same_effects(const XbPiece *a, const XbPiece *b, uint32_t *rs)
{
    static const int sizes[][2] = { { 8, 8 }, { 9, 10 }, { 16, 16 }, { 5, 5 }, { 12, 3 } };
    for (size_t gi = 0; gi < sizeof sizes / sizeof sizes[0]; gi++) {
        XbGeometry g;
        xb_geometry_init(&g, sizes[gi][0], sizes[gi][1]);
        int nsq = g.files * g.ranks;
        if (gi == 1)
            g.hole[0] = g.hole[nsq - 1] = 1;
        for (int n = 0; n < 3; n++) {
            int from = 1 + (int)(rnd_next(rs) % (uint32_t)(nsq - 2));
            XbBoardView v;
            random_view(&v, &g, from, rs);
            StrSet ma = { 0 }, mb = { 0 };
            xb_generate(a, NULL, &v, from, collect_effect, &ma);
            xb_generate(b, NULL, &v, from, collect_effect, &mb);
            bool same = set_equal(&ma, &mb);
            strset_free(&ma);
            strset_free(&mb);
            if (!same)
                return false;
        }
    }
    return true;
}

/* Read `text` in dialect d; when it is accepted, print it and read the
 * printed string back in the same dialect.  NULL when the property holds,
 * else what went wrong. */
static const char *round_trip_problem(const char *text, XbDialect d, uint32_t *rs,
                                      char *out, size_t size)
{
    XbPiece a, b;
    out[0] = 0;
    if (xb_parse(text, d, &a, NULL) != 0)
        return NULL;
    if ((size_t)xb_print(&a, out, size) >= size)
        return "printed string too long";
    if (xb_parse(out, d, &b, NULL) != 0)
        return "printed string rejected";
    if (!same_effects(&a, &b, rs))
        return "different moves";
    char again[4096];
    xb_print(&b, again, sizeof again);
    if (strcmp(out, again))
        return "printing not stable";
    return NULL;
}

static int check_property(const char *text, uint32_t *rs, int *checked)
{
    int failures = 0;
    for (int d = 0; d < 2; d++) {
        char out[4096];
        XbDialect dialect = d ? XB_COMPAT : XB_STRICT;
        const char *why = round_trip_problem(text, dialect, rs, out, sizeof out);
        (*checked)++;
        if (why) {
            failures++;
            fprintf(stderr, "    %s '%s' printed as '%s': %s\n", d ? "compat" : "strict", text,
                    out, why);
        }
    }
    return failures;
}

static void test_round_trip_property(void)
{
    uint32_t rs = 20240611;
    int checked = 0, failures = 0;
    char s[256];
    for (int i = 0; i < nvectors && failures < 20; i++)
        failures += check_property(vectors[i].f[F_BETZA], &rs, &checked);
    for (size_t i = 0; i < sizeof real_pieces / sizeof real_pieces[0] && failures < 20; i++)
        failures += check_property(real_pieces[i], &rs, &checked);
    for (int i = 0; i < 1500 && failures < 20; i++) {
        grammar_description(&rs, s, sizeof s);
        failures += check_property(s, &rs, &checked);
        if (nvectors) {
            mutate(&rs, vectors[rnd_next(&rs) % (uint32_t)nvectors].f[F_BETZA], s, sizeof s);
            failures += check_property(s, &rs, &checked);
        }
        noise(&rs, s, sizeof s);
        failures += check_property(s, &rs, &checked);
    }
    CU_ASSERT_EQUAL(failures, 0);
    printf("    print/read property: %d readings\n", checked);
}

/* ---------------------------------------------------------------------
 * Boards 5x5 .. 16x16 against independent counts
 * ------------------------------------------------------------------ */

static int count_rides(const XbGeometry *g, int from, int dx, int dy, int max)
{
    int n = 0, x = from % g->files, y = from / g->files;
    for (int k = 1; max == 0 || k <= max; k++) {
        x += dx, y += dy;
        if (x < 0 || y < 0 || x >= g->files || y >= g->ranks)
            break;
        n++;
    }
    return n;
}

static int count_moves(const char *betza, const XbGeometry *g, const XbBoardView *v, int from,
                       int *captures)
{
    XbPiece p;
    XbTable t;
    xb_parse(betza, XB_STRICT, &p, NULL);
    if (xb_compile(&p, g, &t, NULL))
        return -1;
    Result r;
    memset(&r, 0, sizeof r);
    r.geo = g;
    xb_generate(&p, &t, v, from, collect, &r);
    int n = r.quiet.n;
    if (captures)
        *captures = r.capture.n;
    result_free(&r);
    xb_table_free(&t);
    return n;
}

static void test_board_sizes(void)
{
    static const int knight[8][2] = { {1,2},{2,1},{2,-1},{1,-2},{-1,-2},{-2,-1},{-2,1},{-1,2} };
    int checked = 0;
    for (int files = 5; files <= 16; files++)
        for (int ranks = 5; ranks <= 16; ranks++) {
            XbGeometry g;
            xb_geometry_init(&g, files, ranks);
            int xs[3] = { 0, files / 2, files - 1 }, ys[3] = { 0, ranks / 2, ranks - 1 };
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    int from = xb_square(&g, xs[a], ys[b]);
                    XbBoardView v;
                    xb_view_init(&v, &g, 0);
                    CU_ASSERT_EQUAL(count_moves("R", &g, &v, from, NULL), files + ranks - 2);
                    int kn = 0, nr = 0;
                    for (int d = 0; d < 8; d++) {
                        kn += count_rides(&g, from, knight[d][0], knight[d][1], 1);
                        nr += count_rides(&g, from, knight[d][0], knight[d][1], 0);
                    }
                    CU_ASSERT_EQUAL(count_moves("N", &g, &v, from, NULL), kn);
                    CU_ASSERT_EQUAL(count_moves("N0", &g, &v, from, NULL), nr);
                    /* cannon with a screen two squares up (or down) the file
                       and a target on the far edge: moves before the screen
                       plus the rank; one capture */
                    int dir = ys[b] < ranks / 2 ? 1 : -1;
                    if (ys[b] == ranks / 2)
                        dir = 1;
                    int screen = from + 2 * dir * files;
                    int target = xb_square(&g, xs[a], dir > 0 ? ranks - 1 : 0);
                    v.occ[screen] = XB_FRIEND;
                    v.occ[target] = XB_ENEMY;
                    int caps = 0;
                    int quiet = count_moves("mRcpR", &g, &v, from, &caps);
                    int behind = count_rides(&g, from, 0, -dir, 0);
                    CU_ASSERT_EQUAL(quiet, 1 + behind + files - 1);
                    CU_ASSERT_EQUAL(caps, target != screen ? 1 : 0);
                    checked += 4;
                }
        }
    printf("    board sizes: %d counts checked\n", checked);
}

/* ---------------------------------------------------------------------
 * Compiled rays against the reference generator
 * ------------------------------------------------------------------ */

static bool engine_occupied(const XbBoardView *v, int from, int sq)
{
    return sq == from || v->occ[sq] != XB_EMPTY;
}

static int engine_occ(const XbBoardView *v, int from, int sq)
{
    return sq == from ? XB_FRIEND : v->occ[sq];
}

static void add_walked(Result *r, int from, int to, XbMoveKind kind)
{
    XbMove m;
    memset(&m, 0, sizeof m);
    m.from = (uint16_t)from;
    m.to = (uint16_t)to;
    m.kind = (uint8_t)kind;
    m.partner = m.partner_to = XB_NO_SQ;
    m.npath = 1;
    m.path[0] = m.to;
    collect_text(&m, r);
}

/* The walking rule documented on XbRay in xbetza.h, for one ray. */
static void walk_documented(const XbTable *t, const XbRay *ray, const XbBoardView *v, int from,
                            Result *r)
{
    unsigned mode = ray->mode;
    bool hop = (mode & (XB_MODE_P | XB_MODE_G)) != 0, landing = false;
    for (int k = 0; k < ray->len; k++) {
        const XbStep *st = &t->steps[ray->first + (uint32_t)k];
        if ((ray->flags & XB_RAY_LAME) && st->test != XB_NO_SQ && engine_occupied(v, from, st->test))
            return;
        if ((ray->flags & XB_RAY_LAME) && st->test2 != XB_NO_SQ
            && engine_occupied(v, from, st->test2))
            return;
        if ((ray->flags & XB_RAY_JUMP) && st->test != XB_NO_SQ && !engine_occupied(v, from, st->test))
            return;
        int occ = engine_occ(v, from, st->sq);
        mode = ray->mode & ~(unsigned)st->left;   /* what another ray makes here */
        if (hop) {                        /* §6.3: find the hurdle first */
            if (occ != XB_EMPTY) {
                hop = false;
                landing = (mode & XB_MODE_G) != 0;
            }
            continue;
        }
        if (occ == XB_EMPTY) {
            if ((mode & XB_MODE_E) && v->ep[st->sq])
                add_walked(r, from, st->sq, XB_MOVE_EP);
            if (mode & XB_MODE_M)
                add_walked(r, from, st->sq, XB_MOVE_QUIET);
        } else if ((mode & XB_MODE_T) && v->royal[st->sq]) {
            return;
        } else if (occ == XB_ENEMY && (mode & XB_MODE_C)) {
            add_walked(r, from, st->sq, XB_MOVE_CAPTURE);
        } else if (occ == XB_FRIEND && (mode & XB_MODE_D) && st->sq != from) {
            add_walked(r, from, st->sq, XB_MOVE_CAPTURE_OWN);
        }
        if (occ != XB_EMPTY || landing)
            return;
    }
}

static const char *const ray_pieces[] = {
    "W", "F", "D", "A", "H", "G", "N", "C", "Z", "K", "Q", "R", "B", "fmWfceFifmnD", "mRcpR",
    "gQ", "gR3", "pB", "oR", "oN", "opR", "ogQ", "nN", "nA", "nD", "nH", "nZ", "nG", "nC", "jN",
    "jD", "jA", "jR", "jjB", "jjR3", "nN0", "tQ", "dN", "cdN", "mcdK", "oK2", "onD", "ojN",
    "ifmW2", "iiK", "N0", "D0", "A0", "W10", "B10", "vRfF3bFsW", "ifmnH", "nH0", "oW", "oD0",
    "omcpR", "fmWfceF", "ofceQ", "tmcpR", "jjjQ", "ojR", "ocpB", "fsN", "hrN", "lfrbBfRbW",
    "tgR", "odR", "mcdeQ", "ojjK2", "nZ0", "jC0", "gN0", "pN0", "W3", "K3", "tcpafcR", "ffN",
    /* lame paths: multi-leg groups compiled as lame leaps */
    "mafsmafW", "afsafW", "mafsW", "mafW", "mafmafF", "ifmafsmafW", "mafsmafcW", "mafsN",
    "mafsmaflF", "fmafsmafW", "mafsmaftW",
    /* atoms that repeat each other's moves: each move is made once */
    "fmWfceFifmW2", "fmWfceFifmW3", "fmWfceFiifmW2ifmW3", "fmW2ifmW4", "ifmW2fmR", "vRK", "R2WfW",
    "WmR", "fWfmR", "KQ", "NN", "WW", "RW3", "NmafsW", "mcWmeW", "tRcR", "RtR", "pRmpR", "nDD",
    "jDnD", "ifmnDfmD", "iifmW2fmW", "ifmcW2fcW", "oRR",
    /* leaps onto a slide's later squares: the slide leaves them the move */
    "QNAD", "QnAnD", "QjAjD", "mQcA", "tQA", "AtQ", "pRD", "RpD", "ifmR3ifmD", "ifmR3fmD",
    "ifmR3ifmnD", "fmR3ifmD", "BA0", "oRD", "RmcD", "BnA", "iQiA", "iiQA", "KQNAD", "ifmnDfmR",
};

/* Where rays still make a move twice (xb_drop_covered says which repeats
 * it leaves): cylinder rays, where two paths around the board meet on the
 * same square, each on its own condition; an initial ray whose first
 * square another ray repeats only in part (the capture, not the step);
 * 'i' and 'ii' rays on a square that is both virgin and one step from
 * the piece's start (a piece that starts on two ranks in a row); a slide
 * and a leap to one square that are each there when the other is not
 * (fmR3ifmD: the leap only for a virgin piece, the slide only over an
 * empty square); and ifmR3ifmD, ifmR3fmD, ifmnDfmR, where one of the two
 * leaves e.p. rights and the other does not, two moves to the engine.  Their
 * moves are compared as sets only. */
static bool known_to_repeat(const char *betza, const XbBoardView *v)
{
    return strchr(betza, 'o') || strcmp(betza, "ifmcW2fcW") == 0
        || (strstr(betza, "ii") && v->virgin && v->virgin2)
        || strcmp(betza, "ifmR3ifmD") == 0 || strcmp(betza, "ifmR3fmD") == 0
        || strcmp(betza, "ifmnDfmR") == 0 || strcmp(betza, "fmR3ifmD") == 0;
}

static void test_rays_match_generator(void)
{
    static const int sizes[][2] = { { 8, 8 }, { 10, 8 }, { 5, 5 }, { 16, 16 }, { 9, 10 }, { 3, 7 },
                                    { 1, 1 }, { 16, 3 } };
    int boards = 0, moves = 0;
    for (size_t gi = 0; gi < sizeof sizes / sizeof sizes[0]; gi++) {
        XbGeometry g;
        xb_geometry_init(&g, sizes[gi][0], sizes[gi][1]);
        int nsq = g.files * g.ranks;
        if (gi % 2 && nsq > 4)          /* some geometries get holes */
            for (int i = 0; i < nsq / 9; i++)
                g.hole[rnd() % (uint32_t)nsq] = 1;
        for (size_t pi = 0; pi < sizeof ray_pieces / sizeof ray_pieces[0]; pi++) {
            XbPiece full, single;
            CU_ASSERT_EQUAL_FATAL(xb_parse(ray_pieces[pi], XB_COMPAT, &full, NULL), 0);
            single = full;
            single.ngroups = 0;
            for (int i = 0; i < full.ngroups; i++)
                if ((full.group[i].nlegs == 1 && full.group[i].atom != 'O')
                    || xb_group_is_lame_path(&full, i))
                    single.group[single.ngroups++] = full.group[i];
            XbTable t;
            CU_ASSERT_EQUAL_FATAL(xb_compile(&single, &g, &t, NULL), 0);
            CU_ASSERT_EQUAL_FATAL(xb_drop_covered(&t, NULL), 0);
            for (int n = 0; n < 8; n++) {
                int from = (int)(rnd() % (uint32_t)nsq);
                if (g.hole[from])
                    continue;
                XbBoardView v;
                random_view(&v, &g, from, &rng_state);
                Result want, got;
                memset(&want, 0, sizeof want);
                memset(&got, 0, sizeof got);
                want.geo = got.geo = &g;
                xb_generate(&single, &t, &v, from, collect_ends, &want);
                for (const XbRay *r = xb_rays_begin(&t, v.color, from);
                     r < xb_rays_end(&t, v.color, from); r++) {
                    const XbGroup *grp = &single.group[r->group];
                    if ((r->flags & XB_RAY_INITIAL) && !v.virgin)
                        continue;
                    if ((r->flags & XB_RAY_INITIAL2) && !v.virgin2)
                        continue;
                    (void)grp;
                    walk_documented(&t, r, &v, from, &got);
                }
                /* the same moves, each made once (the generator reports
                   a move once, the rays as often as they walk it) */
                bool same = set_equal(&want.quiet, &got.quiet)
                            && (want.count == got.count || known_to_repeat(ray_pieces[pi], &v));
                CU_ASSERT(same);
                if (!same) {
                    char sq[4];
                    fprintf(stderr, "    rays of '%s' on %dx%d from %s (%s) differ: %d moves, %d walked\n",
                            ray_pieces[pi], g.files, g.ranks, xb_square_name(&g, from, sq),
                            v.color ? "black" : "white", want.count, got.count);
                    set_print(stderr, "generator", &want.quiet);
                    set_print(stderr, "rays     ", &got.quiet);
                }
                moves += want.quiet.n;
                boards++;
                result_free(&want);
                result_free(&got);
            }
            xb_table_free(&t);
        }
    }
    printf("    rays vs generator: %d boards, %d moves\n", boards, moves);
}

/* The rays of `betza` from `from`, walked as documented on XbRay. */
static void walk_piece(const char *betza, const XbGeometry *g, const XbBoardView *v, int from,
                       Result *r)
{
    XbPiece p;
    XbTable t;
    memset(r, 0, sizeof *r);
    r->geo = g;
    CU_ASSERT_EQUAL_FATAL(xb_parse(betza, XB_COMPAT, &p, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(xb_compile(&p, g, &t, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(xb_drop_covered(&t, NULL), 0);
    for (const XbRay *ray = xb_rays_begin(&t, v->color, from); ray < xb_rays_end(&t, v->color, from);
         ray++)
        walk_documented(&t, ray, v, from, r);
    xb_table_free(&t);
}

static bool walked_has(StrSet *s, const char *move)
{
    return strset_has(s, move);
}

/* A leap onto a square a slide of the same piece passes is one move: the
 * slide leaves it to the leap and goes on, and the leap still goes where
 * the slide is blocked. */
static void test_leaps_on_slides(void)
{
    XbGeometry g;
    xb_geometry_init(&g, 8, 8);
    XbBoardView v;
    xb_view_init(&v, &g, 0);
    int d4 = xb_parse_square(&g, "d4");
    Result r;
    /* empty board: queen 27 + knight 8; the alfil's 4 and the dabbaba's 4
       are the queen's second squares */
    walk_piece("QNAD", &g, &v, d4, &r);
    CU_ASSERT_EQUAL(r.count, 35);
    CU_ASSERT_EQUAL(r.quiet.n, 35);
    result_free(&r);
    /* a friend on e5 and an enemy on d3: the queen stops, the leaps jump */
    v.occ[xb_parse_square(&g, "e5")] = XB_FRIEND;
    v.occ[xb_parse_square(&g, "d3")] = XB_ENEMY;
    walk_piece("QNAD", &g, &v, d4, &r);
    CU_ASSERT(walked_has(&r.quiet, "d4-f6") && walked_has(&r.quiet, "d4-d2"));
    CU_ASSERT(!walked_has(&r.quiet, "d4-g7") && !walked_has(&r.quiet, "d4-d1"));
    CU_ASSERT(walked_has(&r.quiet, "d4xd3"));
    CU_ASSERT_EQUAL(r.count, 35 - 4 - 3 + 1 + 2);   /* e5 f6 g7 h8, d3 d2 d1; xd3, f6 d2 */
    result_free(&r);
    /* the same with a lame alfil and dabbaba: blocked with the queen */
    walk_piece("QnAnD", &g, &v, d4, &r);
    CU_ASSERT(!walked_has(&r.quiet, "d4-f6") && !walked_has(&r.quiet, "d4-d2"));
    CU_ASSERT_EQUAL(r.count, 27 - 4 - 3 + 1);      /* no knight here */
    CU_ASSERT_EQUAL(r.quiet.n, r.count);
    result_free(&r);
    /* a leap that only moves: the slide keeps its capture there */
    memset(v.occ, 0, sizeof v.occ);
    v.occ[xb_parse_square(&g, "f6")] = XB_ENEMY;
    walk_piece("QmA", &g, &v, d4, &r);
    CU_ASSERT(walked_has(&r.quiet, "d4xf6"));
    CU_ASSERT_EQUAL(r.count, 27 - 2 + 0);          /* g7 h8 gone; f6 taken once */
    result_free(&r);
}

/* Which multi-leg groups compile as lame leaps: single steps through empty
 * squares, each path to its own square, never back on the origin. */
static void test_lame_paths(void)
{
    static const struct { const char *betza; bool lame; } cases[] = {
        { "mafsmafW", true },   /* janggi elephant */
        { "mafsW", true },      /* xiangqi horse, as two legs */
        { "mafW", true },       /* a blockable double step */
        { "mafsmafcW", true },  /* captures only at the end */
        { "W", false },         /* one leg: nothing to flatten */
        { "cafW", false },      /* a locust capture on the way */
        { "mabW", false },      /* steps back onto its origin */
        { "mafsmafR", false },  /* slides */
        { "afsafafW", false },  /* four legs */
        { "mapafW", false },    /* a hop on the way */
        { "mavW", false },      /* forward or back: the origin again */
        { "masW", false },      /* two paths to one square (W then sideways) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        XbPiece p;
        CU_ASSERT_EQUAL_FATAL(xb_parse(cases[i].betza, XB_STRICT, &p, NULL), 0);
        bool got = xb_group_is_lame_path(&p, 0);
        CU_ASSERT_EQUAL(got, cases[i].lame);
        if (got != cases[i].lame)
            fprintf(stderr, "    '%s': lame path %d, expected %d\n", cases[i].betza, got,
                    cases[i].lame);
    }
    /* compiled: the janggi elephant on e5 of 9x10, eight rays, two squares tested */
    XbPiece p;
    XbGeometry g;
    XbTable t;
    xb_geometry_init(&g, 9, 10);
    CU_ASSERT_EQUAL_FATAL(xb_parse("mafsmafW", XB_STRICT, &p, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(xb_compile(&p, &g, &t, NULL), 0);
    int e5 = xb_square(&g, 4, 4), n = 0;
    for (const XbRay *r = xb_rays_begin(&t, 0, e5); r < xb_rays_end(&t, 0, e5); r++, n++) {
        CU_ASSERT(!(r->flags & XB_RAY_MULTILEG) && (r->flags & XB_RAY_LAME));
        CU_ASSERT_EQUAL(r->len, 1);
        CU_ASSERT(t.steps[r->first].test != XB_NO_SQ && t.steps[r->first].test2 != XB_NO_SQ);
    }
    CU_ASSERT_EQUAL(n, 8);
    xb_table_free(&t);
}

/* Multi-leg riders reach the same continuation square many times (a
 * four-leg queen on 16x16: 120^3 paths to 2048 starts of its last leg);
 * the generator walks each continuation once, so a piece like this does not
 * stall the engine (walking every path took 0.7 s per generation, and
 * seconds under the sanitizers).  What that guarantees is counted, not
 * timed: a leg after the first starts at most once per square and incoming
 * direction (256 x 8), and walks at most 8 rays of at most 16 steps. */
static void test_multileg_riders_fast(void)
{
    static const int squares[][2] = { { 0, 0 }, { 15, 0 }, { 0, 15 }, { 15, 15 },
                                      { 7, 7 }, { 8, 7 }, { 7, 8 }, { 8, 8 } };
    const long max_legs = 1 + 3 * 256 * 8, max_steps = max_legs * 8 * 16;
    XbPiece p;
    XbGeometry g;
    XbBoardView v;
    CU_ASSERT_EQUAL_FATAL(xb_parse("amamamQ", XB_STRICT, &p, NULL), 0);
    CU_ASSERT_EQUAL(p.group[0].nlegs, 4);
    xb_geometry_init(&g, 16, 16);
    xb_view_init(&v, &g, 0);
    for (size_t i = 0; i < sizeof squares / sizeof squares[0]; i++) {
        Result r;
        XbGenWork work = { 0, 0 };
        memset(&r, 0, sizeof r);
        r.geo = &g;
        xb_generate_counted(&p, NULL, &v, xb_square(&g, squares[i][0], squares[i][1]), collect,
                            &r, &work);
        CU_ASSERT_EQUAL(r.quiet.n, 256);   /* every square, its own by a null move */
        CU_ASSERT(work.legs <= max_legs);
        CU_ASSERT(work.steps <= max_steps);
        if (work.legs > max_legs || work.steps > max_steps)
            fprintf(stderr, "    amamamQ: %ld legs, %ld steps\n", work.legs, work.steps);
        result_free(&r);
    }
}

/* The table layout: index monotone, rays inside, steps inside, no empty ray. */
static void test_table_layout(void)
{
    XbPiece p;
    XbGeometry g;
    xb_geometry_init(&g, 12, 12);
    g.hole[0] = g.hole[143] = 1;
    xb_parse("KNADcaKmabKisO2fmWfceFifmnDmRcpR", XB_STRICT, &p, NULL);
    XbTable t;
    CU_ASSERT_EQUAL_FATAL(xb_compile(&p, &g, &t, NULL), 0);
    CU_ASSERT_EQUAL(t.nsquares, 144);
    CU_ASSERT_EQUAL(t.index[0], 0);
    CU_ASSERT_EQUAL(t.index[2 * 144], t.nrays);
    for (int i = 0; i < 2 * 144; i++)
        CU_ASSERT(t.index[i] <= t.index[i + 1]);
    CU_ASSERT_EQUAL(t.index[1], 0);    /* hole: no rays */
    for (uint32_t i = 0; i < t.nrays; i++) {
        CU_ASSERT(t.rays[i].len > 0);
        CU_ASSERT(t.rays[i].first + t.rays[i].len <= t.nsteps);
    }
    for (uint32_t i = 0; i < t.nsteps; i++) {
        CU_ASSERT(t.steps[i].sq < 144 && !g.hole[t.steps[i].sq]);
        CU_ASSERT(t.steps[i].test == XB_NO_SQ || !g.hole[t.steps[i].test]);
        CU_ASSERT(t.steps[i].test2 == XB_NO_SQ || !g.hole[t.steps[i].test2]);
    }
    xb_table_free(&t);
    /* bad geometry */
    XbError err;
    xb_geometry_init(&g, 17, 8);
    CU_ASSERT_EQUAL(xb_compile(&p, &g, &t, &err), -1);
    CU_ASSERT(err.message[0] != 0);
    /* 1x1 and an empty piece */
    xb_geometry_init(&g, 1, 1);
    CU_ASSERT_EQUAL(xb_compile(&p, &g, &t, NULL), 0);
    xb_table_free(&t);
    xb_parse("", XB_STRICT, &p, NULL);
    CU_ASSERT_EQUAL(xb_compile(&p, &g, &t, NULL), 0);
    CU_ASSERT_EQUAL(t.nrays, 0);
    xb_table_free(&t);
}

/* ---------------------------------------------------------------------
 * Main
 * ------------------------------------------------------------------ */

static int suite_init(void)
{
    load_vectors();
    return 0;
}

static int suite_clean(void)
{
    free_vectors();
    return 0;
}

int main(int argc, char **argv)
{
    const char *top = getenv("top_srcdir");
    if (argc > 1)
        snprintf(data_path, sizeof data_path, "%s", argv[1]);
    else
        snprintf(data_path, sizeof data_path, "%s/tests/data/xbetza-vectors.txt", top ? top : ".");
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("xbetza", suite_init, suite_clean);
    CU_add_test(s, "vectors loaded", test_vectors_loaded);
    CU_add_test(s, "vectors, XBoard dialect", test_vectors_compat);
    CU_add_test(s, "vectors, strict dialect", test_vectors_strict);
    CU_add_test(s, "malformed strings", test_malformed);
    CU_add_test(s, "ambiguous atoms J and L", test_ambiguous_atoms);
    CU_add_test(s, "counts are bounded", test_bounds);
    CU_add_test(s, "printing", test_print_examples);
    CU_add_test(s, "round trips", test_round_trip);
    CU_add_test(s, "print/read property", test_round_trip_property);
    CU_add_test(s, "board sizes", test_board_sizes);
    CU_add_test(s, "table layout", test_table_layout);
    CU_add_test(s, "multi-leg riders are fast", test_multileg_riders_fast);
    CU_add_test(s, "lame paths", test_lame_paths);
    CU_add_test(s, "rays agree with generator", test_rays_match_generator);
    CU_add_test(s, "leaps on a slide's squares", test_leaps_on_slides);
    return cunit_run_registry();
}
