/*
 * fuzz_xbetza.c — libFuzzer target: XBetza parse, compile, print, read back.
 *
 * Input: the XBetza string.  In both dialects, for a string that reads:
 * the printed form reads again in the same dialect, prints the same, and
 * gives the same moves (what each move does) on a board whose size, piece
 * square and occupancy are derived from the input; the tables compile and
 * the diagram draws.  A rejected string has a column and a message.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "xbetza.h"

enum { MAX_TEXT = 1024, MAX_PRINTED = 8192 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What a move does (not the path it takes), as one comparable key. */
typedef struct {
    uint16_t from, to, kind, nvictims, victim[3], partner, partner_to;
} Effect;

typedef struct {
    Effect *e;
    int     n, cap;
} Effects;

static void collect(const XbMove *m, void *ctx)
{
    Effects *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->e = realloc(l->e, (size_t)l->cap * sizeof *l->e);
        if (!l->e)
            abort();
    }
    l->e[l->n++] = (Effect){ m->from, m->to, m->kind, m->nvictims,
                             { m->victim[0], m->victim[1], m->victim[2] },
                             m->partner, m->partner_to };
}

static int cmp_effect(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(Effect));
}

/* FNV-1a: the board is a function of the input, so a crash reproduces. */
static uint32_t hash_bytes(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void board_from(uint32_t seed, XbGeometry *g, XbBoardView *v, int *from)
{
    uint32_t s = seed | 1;
    xb_geometry_init(g, 1 + (int)(next(&s) % 16), 1 + (int)(next(&s) % 16));
    int nsq = g->files * g->ranks;
    *from = (int)(next(&s) % (uint32_t)nsq);
    if (next(&s) % 4 == 0)
        for (int i = 0; i < nsq / 8; i++)
            g->hole[next(&s) % (uint32_t)nsq] = 1;
    g->hole[*from] = 0;
    xb_view_init(v, g, (int)(next(&s) & 1));
    v->virgin = next(&s) & 1;
    v->virgin2 = next(&s) & 1;
    v->royal_mover = next(&s) & 1;
    uint32_t density = next(&s) % 70;
    for (int sq = 0; sq < nsq; sq++) {
        if (g->hole[sq] || sq == *from)
            continue;
        if (next(&s) % 100 < density) {
            v->occ[sq] = (next(&s) & 1) ? XB_FRIEND : XB_ENEMY;
            v->royal[sq] = next(&s) % 8 == 0;
            v->castle_partner[sq] = next(&s) & 1;
        } else if (next(&s) % 16 == 0) {
            v->ep[sq] = 1;
        }
    }
}

static Effects generate(const XbPiece *p, const XbTable *t, const XbBoardView *v, int from)
{
    Effects l = { NULL, 0, 0 };
    xb_generate(p, t, v, from, collect, &l);
    if (l.n)
        qsort(l.e, (size_t)l.n, sizeof *l.e, cmp_effect);
    return l;
}

static void check_dialect(const char *text, XbDialect d, uint32_t seed)
{
    const char *name = d == XB_STRICT ? "strict" : "compat";
    XbPiece a, b;
    XbError err;
    if (xb_parse(text, d, &a, &err) != 0) {
        if (err.column < 1 || !err.message[0])
            fuzz_fail("%s: '%s' rejected without column or message", name, text);
        return;
    }
    static char out[MAX_PRINTED], again[MAX_PRINTED];
    if ((size_t)xb_print(&a, out, sizeof out) >= sizeof out)
        fuzz_fail("%s: '%s' prints longer than %d characters", name, text, MAX_PRINTED);
    if (xb_parse(out, d, &b, &err) != 0)
        fuzz_fail("%s: '%s' prints as '%s', which reads as column %d: %s", name, text, out,
                  err.column, err.message);
    xb_print(&b, again, sizeof again);
    if (strcmp(out, again))
        fuzz_fail("%s: '%s' prints as '%s', read back as '%s'", name, text, out, again);

    XbGeometry g;
    XbBoardView v;
    int from;
    board_from(seed, &g, &v, &from);
    XbTable ta, tb;
    if (xb_compile(&a, &g, &ta, &err) != 0 || xb_compile(&b, &g, &tb, &err) != 0)
        fuzz_fail("%s: '%s' does not compile for %dx%d: %s", name, text, g.files, g.ranks,
                  err.message);
    Effects ma = generate(&a, &ta, &v, from), mb = generate(&b, &tb, &v, from);
    if (ma.n != mb.n || (ma.n && memcmp(ma.e, mb.e, (size_t)ma.n * sizeof *ma.e)))
        fuzz_fail("%s: '%s' printed as '%s' moves differently (%d and %d moves) on %dx%d",
                  name, text, out, ma.n, mb.n, g.files, g.ranks);
    xb_diagram(fuzz_null(), &a, &ta, &v, from, XB_DIAGRAM_LEGEND | XB_DIAGRAM_LIST);
    free(ma.e);
    free(mb.e);
    xb_table_free(&ta);
    xb_table_free(&tb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_TEXT)
        return 0;
    char *text = fuzz_text(data, size);
    uint32_t seed = hash_bytes(data, size);
    check_dialect(text, XB_STRICT, seed);
    check_dialect(text, XB_COMPAT, seed);
    free(text);
    return 0;
}
