/*
 * generate.c — the reference move generator (xb_generate).
 *
 * Complete and deliberately plain: it walks each leg of each group the way
 * XBoard 4.9.1's MovesFromString does (docs/xbetza.md §6–§9), recursing into
 * continuation legs, and reports every distinct move once.  The engine uses
 * it for multi-leg groups and castling; the test suite uses it as the oracle
 * for the compiled tables.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const XbPiece     *piece;
    const XbGroup     *g;
    const XbBoardView *v;
    int       from, files, ranks;
    XbMoveFn  fn;
    void     *ctx;
    XbMove   *seen;              /* moves with victims or a partner reported so
                                    far (deduplication) */
    int       nseen, cap;
    uint8_t   plain[XB_MAX_SQUARES];  /* kinds of the other moves reported, per
                                         target square: bit = XbMoveKind */
    /* Continuations already walked without victims: bit d of
       walked[k][sq] = leg k started on sq after a leg in direction d.
       Walking one again could only report duplicates (moves are the same
       whatever path reached them), and multi-leg riders reach the same
       start many times (amamamQ: 120^3 paths, 2048 starts). */
    uint8_t   walked[XB_MAX_LEGS][XB_MAX_SQUARES];
    bool      memo;              /* no later leg depends on leg lengths ('i') */
    uint16_t  path[XB_MAX_LEGS]; /* end squares of the legs walked so far */
    uint16_t  victim[XB_MAX_LEGS];
    int       nvictims;
    int       steps[XB_MAX_LEGS];/* length of each leg walked so far */
    XbGenWork work;
} Gen;

/* ---------------------------------------------------------------------
 * Small helpers
 * ------------------------------------------------------------------ */

void xb_view_init(XbBoardView *view, const XbGeometry *g, int color)
{
    memset(view, 0, sizeof *view);
    view->geom = g;
    view->color = color;
    view->virgin = true;
}

const char *xb_square_name(const XbGeometry *g, int sq, char *buf)
{
    char *p = buf;
    if (sq < 0 || sq >= g->files * g->ranks) {
        *p++ = '?';
        *p++ = '?';
    } else {
        int rank = sq / g->files + 1;
        *p++ = (char)('a' + sq % g->files);
        if (rank >= 10)
            *p++ = (char)('0' + rank / 10);
        *p++ = (char)('0' + rank % 10);
    }
    *p = 0;
    return buf;
}

int xb_parse_square(const XbGeometry *g, const char *name)
{
    if (!name || name[0] < 'a' || name[0] >= 'a' + g->files)
        return -1;
    int rank = 0;
    const char *p = name + 1;
    if (!xb_is_digit(*p))
        return -1;
    while (xb_is_digit(*p) && rank < 100)
        rank = rank * 10 + (*p++ - '0');
    if (*p || rank < 1 || rank > g->ranks)
        return -1;
    return (rank - 1) * g->files + (name[0] - 'a');
}

static bool is_hole(const Gen *G, int sq)
{
    return G->v->geom->hole[sq] != 0;
}

/* Occupancy as a leg sees it: the start square is empty, except when a
 * cylinder ray comes back to it (then it holds the mover). */
static int occupancy(const Gen *G, int sq, int loop)
{
    if (sq == G->from)
        return loop ? XB_FRIEND : XB_EMPTY;
    return G->v->occ[sq];
}

/* Occupancy of XBoard's raw board (lameness tests, tame test): the mover is
 * still on its square and holes are not empty. */
static bool raw_occupied(const Gen *G, int sq)
{
    return sq == G->from || is_hole(G, sq) || G->v->occ[sq] != XB_EMPTY;
}

static bool raw_royal(const Gen *G, int sq)
{
    if (sq == G->from)
        return G->v->royal_mover;
    return G->v->occ[sq] != XB_EMPTY && G->v->royal[sq];
}

/* ---------------------------------------------------------------------
 * Reporting
 * ------------------------------------------------------------------ */

static bool same_move(const XbMove *a, const XbMove *b)
{
    if (a->to != b->to || a->kind != b->kind || a->nvictims != b->nvictims ||
        a->partner != b->partner)
        return false;
    for (int i = 0; i < a->nvictims; i++)
        if (a->victim[i] != b->victim[i])
            return false;
    return true;
}

static void report(Gen *G, XbMove *m)
{
    if (m->nvictims == 0 && m->partner == XB_NO_SQ) {
        uint8_t bit = (uint8_t)(1u << m->kind);
        if (G->plain[m->to] & bit)
            return;
        G->plain[m->to] |= bit;
        G->fn(m, G->ctx);
        return;
    }
    for (int i = 0; i < G->nseen; i++)
        if (same_move(&G->seen[i], m))
            return;
    if (G->nseen == G->cap) {
        int cap = G->cap ? 2 * G->cap : 64;
        XbMove *p = realloc(G->seen, (size_t)cap * sizeof *p);
        if (!p)
            return;                  /* out of memory: report duplicates rather than nothing */
        G->seen = p;
        G->cap = cap;
    }
    if (G->nseen < G->cap)
        G->seen[G->nseen++] = *m;
    G->fn(m, G->ctx);
}

/* A move ending on `to` after the legs walked so far (leg `k` final). */
static void emit(Gen *G, int k, int to, XbMoveKind kind)
{
    XbMove m;
    memset(&m, 0, sizeof m);
    m.from = (uint16_t)G->from;
    m.to = (uint16_t)to;
    m.kind = (uint8_t)kind;
    m.nvictims = (uint8_t)(G->nvictims > 3 ? 3 : G->nvictims);
    for (int i = 0; i < m.nvictims; i++)
        m.victim[i] = G->victim[i];
    m.partner = m.partner_to = XB_NO_SQ;
    for (int i = 0; i < k; i++)
        m.path[i] = G->path[i];
    m.path[k] = (uint16_t)to;
    m.npath = (uint8_t)(k + 1);
    report(G, &m);
}

/* ---------------------------------------------------------------------
 * Legs
 * ------------------------------------------------------------------ */

static void walk_leg(Gen *G, int k, int sx, int sy, int angle);

/* Continue with leg k+1 from `sq` (end of leg k after `n` steps). */
static void next_leg(Gen *G, int k, int sq, int n, int dir, bool victim)
{
    if (G->memo && !victim && G->nvictims == 0) {
        uint8_t bit = (uint8_t)(1u << dir);
        if (G->walked[k + 1][sq] & bit)
            return;
        G->walked[k + 1][sq] |= bit;
    }
    G->path[k] = (uint16_t)sq;
    G->steps[k] = n;
    if (victim)
        G->victim[G->nvictims++] = (uint16_t)sq;
    walk_leg(G, k + 1, sq % G->files, sq / G->files, dir);
    if (victim)
        G->nvictims--;
}

/* Length a leg with 'i' must have: that of the latest earlier leg whose
 * range is not 1 (0: there is none). */
static int iso_length(const Gen *G, int k)
{
    for (int j = k - 1; j >= 0; j--)
        if (G->g->leg[j].range != 1)
            return G->steps[j];
    return 0;
}

/* What a non-final leg does on a square (§7.3). */
static void intermediate(Gen *G, int k, int sq, int occ, int n, int dir)
{
    const XbLeg *leg = &G->g->leg[k];
    bool hop = (leg->mode & XB_MODE_P) && !(occ == XB_ENEMY && (leg->mode & XB_MODE_T));
    if (occ == XB_EMPTY) {
        if (leg->mode & XB_MODE_M)
            next_leg(G, k, sq, n, dir, false);
        return;
    }
    if (hop)
        next_leg(G, k, sq, n, dir, false);
    if ((occ == XB_ENEMY && (leg->mode & XB_MODE_C)) ||
        (occ == XB_FRIEND && (leg->mode & XB_MODE_D) && sq != G->from))
        next_leg(G, k, sq, n, dir, true);
}

/* What a final leg does on a square; returns false when the ray stops. */
static bool final_square(Gen *G, int k, int sq, int occ)
{
    const XbLeg *leg = &G->g->leg[k];
    if ((leg->mode & XB_MODE_E) && occ == XB_EMPTY && G->v->ep[sq])
        emit(G, k, sq, XB_MOVE_EP);
    if ((leg->mode & XB_MODE_T) && raw_royal(G, sq))
        return false;
    if (occ == XB_EMPTY && (leg->mode & XB_MODE_M))
        emit(G, k, sq, XB_MOVE_QUIET);
    else if (occ == XB_ENEMY && (leg->mode & XB_MODE_C))
        emit(G, k, sq, XB_MOVE_CAPTURE);
    else if (occ == XB_FRIEND && (leg->mode & XB_MODE_D) && sq != G->from)
        emit(G, k, sq, XB_MOVE_CAPTURE_OWN);
    return occ == XB_EMPTY;
}

/* Walk one ray of leg k from (x, y) with step (vx, vy) (§6.1). */
static void walk_ray(Gen *G, int k, int x, int y, int vx, int vy, int dir, int iso)
{
    const XbGroup *g = G->g;
    const XbLeg *leg = &g->leg[k];
    bool final = k == g->nlegs - 1, one = xb_one_step(g);
    int skip = one ? xb_leg_skip(leg) : 0;
    int jump = one ? 1 : xb_leg_jump(leg);
    bool hopper = final && (leg->mode & (XB_MODE_P | XB_MODE_G));
    int i = leg->range, loop = 0;
    for (int n = 1; n <= 4 * XB_MAX_SQUARES; n++) {
        x += vx;
        y += vy;
        G->work.steps++;
        if (y < 0 || y >= G->ranks)
            break;
        if (x < 0 || x >= G->files) {
            if (!(leg->mode & XB_MODE_O))
                break;
            x = ((x % G->files) + G->files) % G->files;
            loop++;
        }
        int sq = y * G->files + x;
        if (is_hole(G, sq))
            break;
        if (skip > 0) {
            skip--;
            goto next;
        }
        if (jump != 1) {
            int hx = x - vx + vx / 2, hy = y - vy + vy / 2;
            hx = ((hx % G->files) + G->files) % G->files;
            bool occupied = raw_occupied(G, hy * G->files + hx);
            if (jump == 0 ? occupied : !occupied)
                break;
        }
        int occ = occupancy(G, sq, loop);
        if (iso && n < iso) {
            if (occ != XB_EMPTY)
                break;
            goto next;
        }
        if (!final) {
            intermediate(G, k, sq, occ, n, dir);
            if (occ != XB_EMPTY)
                break;
            goto next;
        }
        if (hopper) {
            if (occ != XB_EMPTY) {
                if ((leg->mode & XB_MODE_G) && i != 1)
                    i = 2;
                hopper = false;
            }
            goto next;
        }
        if (!final_square(G, k, sq, occ))
            break;
    next:
        if (iso) {
            if (n >= iso)
                break;
            continue;
        }
        if (--i == 0)
            break;
    }
}

static void walk_leg(Gen *G, int k, int sx, int sy, int angle)
{
    const XbGroup *g = G->g;
    const XbLeg *leg = &g->leg[k];
    G->work.legs++;
    if (xb_one_step(g) && xb_leg_skip(leg) < 0)
        return;                       /* 'n' on a one-step atom: nothing (§6.2) */
    unsigned dirs = leg->dirs;
    if (k == 0 && G->v->color == 1)
        dirs = xb_rotate_dirs(dirs, 4);
    else if (k > 0)
        dirs = xb_rotate_dirs(dirs, angle);
    int iso = (k > 0 && (leg->mode & XB_MODE_ISO)) ? iso_length(G, k) : 0;
    for (int dir = 0; dir < 8; dir++) {
        if (!(dirs & (1u << dir)))
            continue;
        int vx, vy;
        xb_step_vector(g, dir, k > 0, G->piece->xboard_quirks, &vx, &vy);
        if (vx == 0 && vy == 0)
            continue;
        walk_ray(G, k, sx, sy, vx, vy, dir, iso);
    }
}

/* ---------------------------------------------------------------------
 * Castling and the null move (§8)
 * ------------------------------------------------------------------ */

static bool on_board(const Gen *G, int x, int y)
{
    return x >= 0 && x < G->files && y >= 0 && y < G->ranks && !is_hole(G, y * G->files + x);
}

static void castle_ray(Gen *G, int vx, int vy)
{
    const XbGroup *g = G->g;
    int fx = G->from % G->files, fy = G->from / G->files;
    int x = fx + vx, y = fy + vy;
    while (on_board(G, x, y) && G->v->occ[y * G->files + x] == XB_EMPTY)
        x += vx, y += vy;
    if (!on_board(G, x, y))
        return;
    int partner = y * G->files + x;
    if (!G->v->castle_partner[partner])
        return;
    int beyond = 0;
    while (on_board(G, x + (beyond + 1) * vx, y + (beyond + 1) * vy))
        beyond++;
    if (beyond != g->leg[0].jumps)
        return;
    int kx = fx + g->range * vx, ky = fy + g->range * vy;
    if (!on_board(G, kx, ky))
        return;
    XbMove m;
    memset(&m, 0, sizeof m);
    m.from = (uint16_t)G->from;
    m.to = (uint16_t)(ky * G->files + kx);
    m.kind = XB_MOVE_CASTLE;
    m.partner = (uint16_t)partner;
    m.partner_to = (uint16_t)((ky - vy) * G->files + (kx - vx));
    if (G->v->royal_mover && g->range >= 2) {
        m.npath = 1;
        m.path[0] = m.to;
    } else {                         /* two legs: "capture" the partner, then go */
        m.npath = 2;
        m.path[0] = m.partner;
        m.path[1] = m.to;
    }
    report(G, &m);
}

static void castle_group(Gen *G)
{
    unsigned dirs = G->g->leg[0].dirs;
    if (G->v->color == 1)
        dirs = xb_rotate_dirs(dirs, 4);
    for (int dir = 0; dir < 8; dir += 2) {
        if (!(dirs & (1u << dir)))
            continue;
        if (G->g->range == 0) {      /* bare O: the null move */
            if (G->g->leg[0].mode & XB_MODE_M)
                emit(G, 0, G->from, XB_MOVE_QUIET);
            continue;
        }
        castle_ray(G, xb_rot[dir][1], xb_rot[dir][3]);
    }
}

/* ---------------------------------------------------------------------
 * Entry point
 * ------------------------------------------------------------------ */

/* May this group be used at all (virginity, §9.1, §9.2, §7.5)? */
bool xb_group_available(const XbGroup *g, bool virgin, bool virgin2)
{
    if (g->initial == 2 && !virgin2)
        return false;
    if ((g->initial == 1 || g->initial > 2) && !virgin)
        return false;
    bool slider = false;
    for (int k = 0; k < g->nlegs; k++) {
        if ((g->leg[k].mode & XB_MODE_ISO) && k > 0 && !slider && !virgin)
            return false;            /* iso without a slider: 'initial' meaning */
        if (g->leg[k].range != 1)
            slider = true;
    }
    return true;
}

static bool group_available(const Gen *G, const XbGroup *g)
{
    return xb_group_available(g, G->v->virgin, G->v->virgin2);
}

/* ---------------------------------------------------------------------
 * Leg geometry for other generators (xbetza.h)
 * ------------------------------------------------------------------ */

void xb_leg_step(const XbPiece *piece, const XbGroup *g, int k, int dir, int *dx, int *dy)
{
    xb_step_vector(g, dir & 7, k > 0, piece->xboard_quirks, dx, dy);
}

int xb_leg_skip_squares(const XbGroup *g, int k)
{
    return xb_one_step(g) ? xb_leg_jump(&g->leg[k]) - 1 : 0;
}

unsigned xb_leg_halfway(const XbGroup *g, int k)
{
    if (xb_one_step(g) || xb_is_castle(g))
        return 0;
    int jump = xb_leg_jump(&g->leg[k]);
    return jump == 0 ? XB_RAY_LAME : jump >= 2 ? XB_RAY_JUMP : 0;
}

/* Does a later leg take its length from an earlier one ('i', §7.5)? */
static bool later_leg_iso(const XbGroup *g)
{
    for (int k = 1; k < g->nlegs; k++)
        if (g->leg[k].mode & XB_MODE_ISO)
            return true;
    return false;
}

void xb_generate(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                 int from, XbMoveFn fn, void *ctx)
{
    XbGenWork work = { 0, 0 };
    xb_generate_counted(piece, table, view, from, fn, ctx, &work);
}

void xb_generate_counted(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                         int from, XbMoveFn fn, void *ctx, XbGenWork *work)
{
    (void)table;
    const XbGeometry *geo = view->geom;
    if (!piece || !geo || from < 0 || from >= geo->files * geo->ranks || geo->hole[from])
        return;
    Gen G;
    memset(&G, 0, sizeof G);
    G.piece = piece;
    G.v = view;
    G.from = from;
    G.files = geo->files;
    G.ranks = geo->ranks;
    G.fn = fn;
    G.ctx = ctx;
    for (int i = 0; i < piece->ngroups; i++) {
        const XbGroup *g = &piece->group[i];
        if (g->nlegs < 1 || !group_available(&G, g))
            continue;
        G.g = g;
        G.nvictims = 0;
        if (g->nlegs > 1) {
            G.memo = !later_leg_iso(g);
            memset(G.walked, 0, sizeof G.walked);
        }
        if (xb_is_castle(g))
            castle_group(&G);
        else
            walk_leg(&G, 0, from % G.files, from / G.files, 0);
    }
    free(G.seen);
    work->legs += G.work.legs;
    work->steps += G.work.steps;
}
