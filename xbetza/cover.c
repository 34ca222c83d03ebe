/*
 * cover.c — each move once (xb_drop_covered).  XBoard keeps one of two
 * equal moves (docs/xbetza.md §10.3); a compiled table repeats them where
 * a piece's atoms overlap: the flying stag's vRK (the king's step up is
 * the rook's first), the wildebeest pawn's fmWifmW3 (the single step is
 * the triple step's first).  Rays that other rays make redundant are
 * dropped or cut here, once, so that the generator walking the tables
 * makes each move once and tests nothing for it.
 */
#include "internal.h"

#include <stdlib.h>

/* What a ray may do on the squares it reaches: more of these, more moves.
 * 't' takes some away.  The rest of a mode (hopper 'p' 'g', and what was
 * compiled into the steps: 'o', 'n', 'j') must be equal. */
#define ABILITIES  (XB_MODE_M | XB_MODE_C | XB_MODE_D | XB_MODE_E)
#define CONDITIONS (XB_RAY_INITIAL | XB_RAY_INITIAL2)
#define GENERATED_APART (XB_RAY_MULTILEG | XB_RAY_CASTLE)

/* Is every test square of step sb (which must be empty, or occupied, as
 * the ray's flags say) one of step sa's, of the same kind? */
static bool tests_within(const XbStep *sb, unsigned fb, const XbStep *sa, unsigned fa)
{
    if (sb->test == XB_NO_SQ)
        return true;
    if ((fa ^ fb) & (XB_RAY_LAME | XB_RAY_JUMP))
        return false;
    return (sb->test == sa->test || sb->test == sa->test2)
        && (sb->test2 == XB_NO_SQ || sb->test2 == sa->test || sb->test2 == sa->test2);
}

/* Does ray b (of table tb) make the moves that ray a (of table ta) makes
 * on its first n steps with the abilities in `abilities`?  So when b is
 * available whenever a is, walks the same squares at least n far, on
 * conditions no stronger (its test squares are a's), and may do there
 * what a does.  A step and a slide may cover each other: the slide flag
 * only says how far a ray may go. */
static bool covers(const XbTable *tb, const XbRay *b, const XbTable *ta, const XbRay *a, int n,
                   unsigned abilities)
{
    unsigned cb = b->flags & CONDITIONS;
    if (((a->flags | b->flags) & GENERATED_APART) || n > b->len || (cb && cb != (a->flags & CONDITIONS)))
        return false;
    if ((abilities & ~b->mode) || ((a->mode ^ b->mode) & (XB_MODE_P | XB_MODE_G))
        || ((b->mode & ~a->mode & XB_MODE_T) && (abilities & (XB_MODE_C | XB_MODE_D))))
        return false;
    for (int k = 0; k < n; k++) {
        const XbStep *sa = &ta->steps[a->first + (uint32_t)k], *sb = &tb->steps[b->first + (uint32_t)k];
        if (sa->sq != sb->sq || !tests_within(sb, b->flags, sa, a->flags))
            return false;
    }
    return true;
}

static bool covers_all(const XbTable *tb, const XbRay *b, const XbTable *ta, const XbRay *a)
{
    return covers(tb, b, ta, a, a->len, a->mode & ABILITIES);
}

/* The tables walked together, and per ray whether it goes. */
typedef struct {
    XbTable *t[2];
    bool    *drop[2];
    int      n;
} Tables;

/* Is ray i of table ti, on colour-square cs, made redundant by another ray
 * there?  By one that does more; of equal rays the first stays (the first
 * table's before the second's). */
static bool redundant(const Tables *ts, int ti, uint32_t i, int cs)
{
    const XbTable *ta = ts->t[ti];
    const XbRay *a = &ta->rays[i];
    for (int tj = 0; tj < ts->n; tj++) {
        const XbTable *tb = ts->t[tj];
        for (uint32_t j = tb->index[cs]; j < tb->index[cs + 1]; j++) {
            const XbRay *b = &tb->rays[j];
            if ((tj == ti && j == i) || !covers_all(tb, b, ta, a))
                continue;
            if (!covers_all(ta, a, tb, b) || tj < ti || (tj == ti && j < i))
                return true;
        }
    }
    return false;
}

/* What ray a may leave to the rays that stay: the abilities another ray
 * has on every square of a (a wazir's quiet step forward, when a forward
 * slider moves there too: fWfmR leaves the wazir only its capture).  Each
 * pair is settled once, as the rays are visited, so of two rays that
 * repeat each other's moves the first visited gives them up.  A ray that
 * may leave e.p. rights (initial or lame) keeps its captures: without
 * them it would become a non-capture, which leaves them. */
static unsigned shared_abilities(const Tables *ts, int ti, uint32_t i, int cs)
{
    const XbTable *ta = ts->t[ti];
    const XbRay *a = &ta->rays[i];
    unsigned shared = 0, may_go = (a->flags & (CONDITIONS | XB_RAY_LAME)) ? XB_MODE_M | XB_MODE_E : ABILITIES;
    for (int tj = 0; tj < ts->n; tj++) {
        const XbTable *tb = ts->t[tj];
        for (uint32_t j = tb->index[cs]; j < tb->index[cs + 1]; j++) {
            const XbRay *b = &tb->rays[j];
            if ((tj == ti && j == i) || ts->drop[tj][j])
                continue;
            unsigned both = a->mode & b->mode & may_go & ~shared;
            for (unsigned bit = both; bit; bit &= bit - 1)
                if (covers(tb, b, ta, a, a->len, bit & -bit))
                    shared |= bit & -bit;
        }
    }
    return shared;
}

/* A ray that only a virgin piece may use, walked past squares where a ray
 * that is always there (or on the same condition) makes the same moves:
 * the wildebeest pawn's fmW and ifmW3.  The first one or two of its
 * squares go, and they become test squares that must be empty (the
 * walk would have stopped on them): a lame ray, as chess's ifmnD, which
 * leaves e.p. rights as the initial slide did.  Tests of the ray's own,
 * hoppers and longer overlaps are left as they are. */
static void cut_repeated_start(Tables *ts, int ti, uint32_t i, int cs)
{
    XbTable *tb = ts->t[ti];
    XbRay *b = &tb->rays[i];
    if (!(b->flags & CONDITIONS) || (b->flags & (GENERATED_APART | XB_RAY_LAME | XB_RAY_JUMP))
        || (b->mode & (XB_MODE_P | XB_MODE_G)))
        return;
    int cut = 0;
    for (int tj = 0; tj < ts->n; tj++) {
        const XbTable *ta = ts->t[tj];
        for (uint32_t j = ta->index[cs]; j < ta->index[cs + 1]; j++) {
            const XbRay *a = &ta->rays[j];
            if ((tj == ti && j == i) || ts->drop[tj][j] || a->len >= b->len || a->len > 2 || a->len <= cut)
                continue;
            if (covers(ta, a, tb, b, a->len, b->mode & ABILITIES))
                cut = a->len;
        }
    }
    if (!cut)
        return;
    XbStep *s = &tb->steps[b->first + (uint32_t)cut];
    s->test = s[-cut].sq;
    s->test2 = cut == 2 ? s[-1].sq : XB_NO_SQ;
    b->first += (uint32_t)cut;
    b->len = (uint8_t)(b->len - cut);
    b->flags |= XB_RAY_LAME;
}

static void compact(XbTable *t, const bool *drop)
{
    uint32_t w = 0;
    for (int cs = 0; cs < 2 * t->nsquares; cs++) {
        uint32_t begin = t->index[cs], end = t->index[cs + 1];
        t->index[cs] = w;
        for (uint32_t i = begin; i < end; i++)
            if (!drop[i])
                t->rays[w++] = t->rays[i];
    }
    t->index[2 * t->nsquares] = w;
    t->nrays = w;
}

int xb_drop_covered(XbTable *t, XbTable *extra)
{
    Tables ts = { { t, extra }, { NULL, NULL }, extra ? 2 : 1 };
    for (int ti = 0; ti < ts.n; ti++)
        if (!(ts.drop[ti] = calloc(ts.t[ti]->nrays + 1, sizeof *ts.drop[ti]))) {
            free(ts.drop[0]);
            return -1;
        }
    /* whole rays first, decided on the tables as compiled; then what is
       left to share, ray by ray */
    for (int cs = 0; cs < 2 * t->nsquares; cs++)
        for (int ti = 0; ti < ts.n; ti++)
            for (uint32_t i = ts.t[ti]->index[cs]; i < ts.t[ti]->index[cs + 1]; i++)
                ts.drop[ti][i] = redundant(&ts, ti, i, cs);
    for (int cs = 0; cs < 2 * t->nsquares; cs++)
        for (int ti = 0; ti < ts.n; ti++)
            for (uint32_t i = ts.t[ti]->index[cs]; i < ts.t[ti]->index[cs + 1]; i++) {
                if (ts.drop[ti][i])
                    continue;
                XbRay *r = &ts.t[ti]->rays[i];
                unsigned shared = shared_abilities(&ts, ti, i, cs);
                r->mode &= (uint16_t)~shared;
                if (shared && !(r->mode & ABILITIES))
                    ts.drop[ti][i] = true;      /* all shared, over several rays */
                else
                    cut_repeated_start(&ts, ti, i, cs);
            }
    for (int ti = 0; ti < ts.n; ti++) {
        compact(ts.t[ti], ts.drop[ti]);
        free(ts.drop[ti]);
    }
    return 0;
}
