/*
 * cover.c — each move once (xb_drop_covered).  XBoard keeps one of two
 * equal moves (docs/xbetza.md §10.3); a compiled table repeats them where
 * a piece's atoms overlap: the flying stag's vRK (the king's step up is
 * the rook's first), the wildebeest pawn's fmWifmW3 (the single step is
 * the triple step's first), QNAD (the alfil's leap is the queen's second
 * diagonal square).  Rays that other rays make redundant are dropped or
 * cut here, once, and a slide's squares that a leap also reaches are
 * marked as left to it, so that the generator walking the tables makes
 * each move once and tests nothing for it but one mask.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

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

/* A ray of one colour-square, filed under a square it steps to. */
typedef struct {
    uint8_t  t;        /* which table */
    uint32_t ray;
} RayAt;

/* The tables walked together, per ray whether it goes, and the rays of the
 * colour-square at hand by square.  Only rays that step to a common square
 * can cover one another or leave a move to one another, so a ray is
 * compared with the few rays filed under its squares, not with every ray
 * there (a 13x13 board's lions and hook movers have hundreds per square).
 * Which of those comes first decides nothing below: each test asks whether
 * some ray does something, or unites what all of them do. */
typedef struct {
    XbTable  *t[2];
    bool     *drop[2];
    int       n;
    RayAt    *at;      /* the rays filed under square s: at[start[s]] on, count[s] of them */
    uint32_t *start, *count;   /* [nsquares]; count is 0 but for the squares in `used` */
    uint16_t *used;    /* the squares rays are filed under, nused of them */
    uint32_t  nused;
} Tables;

/* The squares ray r is filed under: its first, or (all) every square it
 * steps to.  Multi-leg and castling rays only by their first square:
 * nothing is left to them (left_to). */
static int filed_len(const XbRay *r, bool all)
{
    return all && !(r->flags & GENERATED_APART) ? r->len : 1;
}

static void count_filing(Tables *ts, uint16_t sq, int t, uint32_t ray)
{
    (void)t, (void)ray;
    if (ts->count[sq]++ == 0)
        ts->used[ts->nused++] = sq;
}

static void place_filing(Tables *ts, uint16_t sq, int t, uint32_t ray)
{
    ts->at[ts->start[sq] + ts->count[sq]++] = (RayAt){ (uint8_t)t, ray };
}

typedef void FilingFn(Tables *ts, uint16_t sq, int t, uint32_t ray);

/* Calls fn for each square each ray of colour-square cs is filed under. */
static void each_filing(Tables *ts, int cs, bool all, FilingFn *fn)
{
    for (int ti = 0; ti < ts->n; ti++) {
        const XbTable *t = ts->t[ti];
        for (uint32_t i = t->index[cs]; i < t->index[cs + 1]; i++)
            for (int k = 0; k < filed_len(&t->rays[i], all); k++)
                fn(ts, t->steps[t->rays[i].first + (uint32_t)k].sq, ti, i);
    }
}

/* Files the rays of colour-square cs by square, each square's rays
 * together, touching only the squares they reach (most boards' squares
 * are far from most rays). */
static void file_rays(Tables *ts, int cs, bool all)
{
    for (uint32_t u = 0; u < ts->nused; u++)
        ts->count[ts->used[u]] = 0;
    ts->nused = 0;
    each_filing(ts, cs, all, count_filing);
    uint32_t next = 0;
    for (uint32_t u = 0; u < ts->nused; u++) {
        uint16_t sq = ts->used[u];
        ts->start[sq] = next;
        next += ts->count[sq];
        ts->count[sq] = 0;
    }
    each_filing(ts, cs, all, place_filing);
}

/* The rays filed under square sq: [*begin, return).  A ray that steps
 * to sq twice is there twice; the tests below do not mind. */
static const RayAt *filed_under(const Tables *ts, uint16_t sq, const RayAt **begin)
{
    *begin = ts->at + ts->start[sq];
    return *begin + ts->count[sq];
}

static uint16_t first_square(const XbTable *t, const XbRay *r)
{
    return t->steps[r->first].sq;
}

/* Is ray i of table ti, of the colour-square filed, made redundant by
 * another ray there?  By one that does more; of equal rays the first stays (the first
 * table's before the second's). */
static bool redundant(const Tables *ts, int ti, uint32_t i)
{
    const XbTable *ta = ts->t[ti];
    const XbRay *a = &ta->rays[i];
    const RayAt *at, *end = filed_under(ts, first_square(ta, a), &at);
    for (; at < end; at++) {
        int tj = at->t;
        uint32_t j = at->ray;
        const XbTable *tb = ts->t[tj];
        const XbRay *b = &tb->rays[j];
        if ((tj == ti && j == i) || !covers_all(tb, b, ta, a))
            continue;
        if (!covers_all(ta, a, tb, b) || tj < ti || (tj == ti && j < i))
            return true;
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
static unsigned shared_abilities(const Tables *ts, int ti, uint32_t i)
{
    const XbTable *ta = ts->t[ti];
    const XbRay *a = &ta->rays[i];
    unsigned shared = 0, may_go = (a->flags & (CONDITIONS | XB_RAY_LAME)) ? XB_MODE_M | XB_MODE_E : ABILITIES;
    const RayAt *at, *end = filed_under(ts, first_square(ta, a), &at);
    for (; at < end; at++) {
        int tj = at->t;
        uint32_t j = at->ray;
        const XbTable *tb = ts->t[tj];
        const XbRay *b = &tb->rays[j];
        if ((tj == ti && j == i) || ts->drop[tj][j])
            continue;
        unsigned both = a->mode & b->mode & may_go & ~shared;
        for (unsigned bit = both; bit; bit &= bit - 1)
            if (covers(tb, b, ta, a, a->len, bit & -bit))
                shared |= bit & -bit;
    }
    return shared;
}

/* A ray that only a virgin piece may use, walked past squares where a ray
 * that is always there (or on the same condition) makes the same moves:
 * the wildebeest pawn's fmW and ifmW3.  The first one or two of its
 * squares go, and they become test squares that must be empty (the
 * walk would have stopped on them): a lame ray, as chess's ifmnD, which
 * leaves e.p. rights as the initial slide did.  Tests of the ray's own,
 * hoppers and longer overlaps are left as they are.  True when cut: the
 * ray now starts on another square. */
static bool cut_repeated_start(Tables *ts, int ti, uint32_t i)
{
    XbTable *tb = ts->t[ti];
    XbRay *b = &tb->rays[i];
    if (!(b->flags & CONDITIONS) || (b->flags & (GENERATED_APART | XB_RAY_LAME | XB_RAY_JUMP))
        || (b->mode & (XB_MODE_P | XB_MODE_G)))
        return false;
    int cut = 0;
    const RayAt *at, *end = filed_under(ts, first_square(tb, b), &at);
    for (; at < end; at++) {
        int tj = at->t;
        uint32_t j = at->ray;
        const XbTable *ta = ts->t[tj];
        const XbRay *a = &ta->rays[j];
        if ((tj == ti && j == i) || ts->drop[tj][j] || a->len >= b->len || a->len > 2 || a->len <= cut)
            continue;
        if (covers(ta, a, tb, b, a->len, b->mode & ABILITIES))
            cut = a->len;
    }
    if (!cut)
        return false;
    XbStep *s = &tb->steps[b->first + (uint32_t)cut];
    s->test = s[-cut].sq;
    s->test2 = cut == 2 ? s[-1].sq : XB_NO_SQ;
    b->first += (uint32_t)cut;
    b->len = (uint8_t)(b->len - cut);
    b->flags |= XB_RAY_LAME;
    return true;
}

/* ---- a slide passing a leap's square --------------------------------- */

/* Was square sq found empty by ray b on its way to step k (a square it
 * passed, or a test square of its own up to k)?  Not for hoppers: on
 * their way one square is occupied, and which is not known here. */
static bool passed_empty(const XbTable *tb, const XbRay *b, int k, uint16_t sq)
{
    if (b->mode & (XB_MODE_P | XB_MODE_G))
        return false;
    for (int j = 0; j <= k; j++) {
        const XbStep *s = &tb->steps[b->first + (uint32_t)j];
        if ((j < k && s->sq == sq)
            || ((b->flags & XB_RAY_LAME) && (s->test == sq || s->test2 == sq)))
            return true;
    }
    return false;
}

/* Does the move to step k of ray r leave e.p. rights (as the engine's
 * generator says: an initial or lame non-capture past its first square)? */
static bool leaves_ep(const XbTable *t, const XbRay *r, int k)
{
    return (r->flags & (CONDITIONS | XB_RAY_LAME)) && !(r->mode & (XB_MODE_C | XB_MODE_D))
        && (k > 0 || t->steps[r->first].test != XB_NO_SQ);
}

/* Is ray a, when ray b reaches its step k, sure to reach its step m: are
 * the squares a needs empty (those it passes, its lame tests) ones b
 * found empty?  Not when a needs a square occupied ('j') or is a hopper. */
static bool reaches_with(const XbTable *ta, const XbRay *a, int m,
                         const XbTable *tb, const XbRay *b, int k)
{
    if ((a->mode & (XB_MODE_P | XB_MODE_G)) || (a->flags & XB_RAY_JUMP))
        return false;
    for (int j = 0; j <= m; j++) {
        const XbStep *s = &ta->steps[a->first + (uint32_t)j];
        if ((j < m && !passed_empty(tb, b, k, s->sq))
            || (s->test != XB_NO_SQ && !passed_empty(tb, b, k, s->test))
            || (s->test2 != XB_NO_SQ && !passed_empty(tb, b, k, s->test2)))
            return false;
    }
    return true;
}

/* What step k (> 0) of ray b may leave to step m (< k) of ray a on the
 * same square: the abilities both have, when a surely gets there
 * whenever b does.  b gets there over empty squares only, so a plain leap
 * (A D H) always does, a lame leap whose test squares b passed (QnA's
 * (1,1)) too, and so does a rider's later step over squares b passed
 * (BA0: the alfil-rider's (4,4) over (2,2)); for a hopper b, which passed
 * an occupied square, only a leap with no test.  A leap that must jump
 * ('j') never does.  a must be on no condition, or on b's ('i', 'ii').
 * A tame a does not take b's captures (b may take a royal a may not), and
 * quiet moves go only where both leave the same e.p. rights.  m < k: b
 * leaves only to a ray that got there in fewer steps, so no two steps
 * leave a move to each other (a chain of leavings ends), and a first
 * step, which the passes above settle, leaves nothing.  Multi-leg,
 * castling and hopper a are generated their own way and take nothing. */
static unsigned left_to(const XbTable *ta, const XbRay *a, const XbTable *tb, const XbRay *b, int k)
{
    unsigned ca = a->flags & CONDITIONS;
    if ((a->flags & GENERATED_APART) || (ca && ca != (b->flags & CONDITIONS)))
        return 0;
    uint16_t sq = tb->steps[b->first + (uint32_t)k].sq;
    int m = 0;
    while (m < a->len && m < k && ta->steps[a->first + (uint32_t)m].sq != sq)
        m++;
    if (m >= a->len || m >= k || !reaches_with(ta, a, m, tb, b, k))
        return 0;
    unsigned left = a->mode & b->mode & ABILITIES;
    if (a->mode & ~b->mode & XB_MODE_T)
        left &= ~(unsigned)(XB_MODE_C | XB_MODE_D);
    if (leaves_ep(ta, a, m) != leaves_ep(tb, b, k))
        left &= ~(unsigned)XB_MODE_M;
    return left;
}

/* A leap that lands where a slide of the same piece passes: QNAD's alfil
 * and the queen's diagonal through (1,1) both go to (2,2).  The leap
 * cannot go (the slide is not always there: a piece on (1,1) stops it,
 * not the alfil), and the slide cannot be cut (it goes on to (3,3)).
 * So the slide's step there makes no move the leap makes whenever the
 * slide could (XbStep.left), and the walk goes on past it. */
static void leave_to_leaps(Tables *ts, int cs)
{
    file_rays(ts, cs, true);
    for (int tb_i = 0; tb_i < ts->n; tb_i++) {
        XbTable *tb = ts->t[tb_i];
        for (uint32_t i = tb->index[cs]; i < tb->index[cs + 1]; i++) {
            XbRay *b = &tb->rays[i];
            if (ts->drop[tb_i][i] || (b->flags & GENERATED_APART))
                continue;
            for (int k = 1; k < b->len; k++) {
                XbStep *sb = &tb->steps[b->first + (uint32_t)k];
                const RayAt *at, *end = filed_under(ts, sb->sq, &at);
                for (; at < end; at++)
                    if (!ts->drop[at->t][at->ray] && !(at->t == tb_i && at->ray == i))
                        sb->left |= (uint16_t)left_to(ts->t[at->t], &ts->t[at->t]->rays[at->ray], tb, b, k);
                if (sb->left)
                    b->flags |= XB_RAY_LEAVES;
            }
        }
    }
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

/* Room for every (ray, square) of the fullest colour-square. */
static int make_room(Tables *ts, int ncs)
{
    uint32_t most = 0;
    for (int cs = 0; cs < ncs; cs++) {
        uint32_t n = 0;
        for (int ti = 0; ti < ts->n; ti++)
            for (uint32_t i = ts->t[ti]->index[cs]; i < ts->t[ti]->index[cs + 1]; i++)
                n += ts->t[ti]->rays[i].len;
        if (n > most)
            most = n;
    }
    ts->at = malloc(((size_t)most + 1) * sizeof *ts->at);
    size_t nsq = (size_t)ts->t[0]->nsquares;
    ts->start = malloc(nsq * sizeof *ts->start);
    ts->count = calloc(nsq, sizeof *ts->count);
    ts->used = malloc(nsq * sizeof *ts->used);
    return ts->at && ts->start && ts->count && ts->used ? 0 : -1;
}

/* Whole rays first, decided on the tables as compiled; then what is left
 * to share, ray by ray (a cut ray starts elsewhere: file them again). */
static void drop_and_share(Tables *ts, int cs)
{
    file_rays(ts, cs, false);
    for (int ti = 0; ti < ts->n; ti++)
        for (uint32_t i = ts->t[ti]->index[cs]; i < ts->t[ti]->index[cs + 1]; i++)
            ts->drop[ti][i] = redundant(ts, ti, i);
    for (int ti = 0; ti < ts->n; ti++)
        for (uint32_t i = ts->t[ti]->index[cs]; i < ts->t[ti]->index[cs + 1]; i++) {
            if (ts->drop[ti][i])
                continue;
            XbRay *r = &ts->t[ti]->rays[i];
            unsigned shared = shared_abilities(ts, ti, i);
            r->mode &= (uint16_t)~shared;
            if (shared && !(r->mode & ABILITIES))
                ts->drop[ti][i] = true;      /* all shared, over several rays */
            else if (cut_repeated_start(ts, ti, i))
                file_rays(ts, cs, false);
        }
}

int xb_drop_covered(XbTable *t, XbTable *extra)
{
    Tables ts = { { t, extra }, { NULL, NULL }, extra ? 2 : 1, NULL, NULL, NULL, NULL, 0 };
    int ncs = 2 * t->nsquares, rc = -1;
    for (int ti = 0; ti < ts.n; ti++)
        if (!(ts.drop[ti] = calloc(ts.t[ti]->nrays + 1, sizeof *ts.drop[ti])))
            goto out;
    if (make_room(&ts, ncs) != 0)
        goto out;
    for (int cs = 0; cs < ncs; cs++)
        drop_and_share(&ts, cs);
    for (int cs = 0; cs < ncs; cs++)
        leave_to_leaps(&ts, cs);
    for (int ti = 0; ti < ts.n; ti++)
        compact(ts.t[ti], ts.drop[ti]);
    rc = 0;
out:
    for (int ti = 0; ti < ts.n; ti++)
        free(ts.drop[ti]);
    free(ts.at);
    free(ts.start);
    free(ts.count);
    free(ts.used);
    return rc;
}
