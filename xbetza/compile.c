/*
 * compile.c — pre-walk the first leg of every group for one board geometry
 * (xb_compile), giving the engine flat arrays of target squares per colour
 * and square: edges, holes, range, cylinder wrap and 'j' skips are resolved
 * here once, so move generation is a loop over XbStep with occupancy tests
 * only (see the comment on XbRay in xbetza.h for the walking rule).
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Growable output; shrunk to size at the end (one allocation per array). */
typedef struct {
    XbRay    *rays;
    XbStep   *steps;
    uint32_t  nrays, nsteps, cap_rays, cap_steps;
    bool      oom;
} Builder;

typedef struct {
    const XbGeometry *geo;
    const XbPiece    *piece;
    int               gi;      /* group index */
    int               from;
    bool              lame_path;   /* the group is a lame path (xb_group_is_lame_path) */
} Site;

void xb_geometry_init(XbGeometry *g, int files, int ranks)
{
    memset(g, 0, sizeof *g);
    g->files = files;
    g->ranks = ranks;
}

static bool grow(void **p, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

static void add_lame_step(Builder *b, int sq, int test, int test2)
{
    if (b->oom || !grow((void **)&b->steps, &b->cap_steps, b->nsteps + 1, sizeof *b->steps)) {
        b->oom = true;
        return;
    }
    b->steps[b->nsteps].sq = (uint16_t)sq;
    b->steps[b->nsteps].test = (uint16_t)test;
    b->steps[b->nsteps].test2 = (uint16_t)test2;
    b->steps[b->nsteps].left = 0;
    b->nsteps++;
}

static void add_step(Builder *b, int sq, int test)
{
    add_lame_step(b, sq, test, XB_NO_SQ);
}

/* Close the ray whose steps start at `first`; drop it when empty.  The
 * ray added, or NULL. */
static XbRay *add_ray(Builder *b, const Site *s, uint32_t first, int dir, unsigned flags)
{
    if (b->oom || b->nsteps == first)
        return NULL;
    if (!grow((void **)&b->rays, &b->cap_rays, b->nrays + 1, sizeof *b->rays)) {
        b->oom = true;
        return NULL;
    }
    const XbGroup *g = &s->piece->group[s->gi];
    XbRay *r = &b->rays[b->nrays++];
    r->first = first;
    r->len = (uint8_t)(b->nsteps - first);
    r->flags = (uint8_t)flags;
    r->mode = g->leg[0].mode;
    r->group = (uint8_t)s->gi;
    r->dir = (uint8_t)dir;
    return r;
}

static bool usable(const XbGeometry *geo, int x, int y)
{
    return x >= 0 && x < geo->files && y >= 0 && y < geo->ranks &&
           !geo->hole[y * geo->files + x];
}

static unsigned group_flags(const XbGroup *g)
{
    unsigned f = 0;
    if (g->initial == 2)
        f |= XB_RAY_INITIAL2;
    else if (g->initial)
        f |= XB_RAY_INITIAL;
    if (g->nlegs > 1)
        f |= XB_RAY_MULTILEG;
    if (g->range != 1)
        f |= XB_RAY_SLIDE;
    if (!xb_one_step(g) && !xb_is_castle(g)) {
        int jump = xb_leg_jump(&g->leg[0]);
        if (jump == 0)
            f |= XB_RAY_LAME;
        else if (jump >= 2)
            f |= XB_RAY_JUMP;
    }
    return f;
}

/* One ray of an ordinary first leg (§6.1, §6.2, §6.4). */
static void compile_ray(Builder *b, const Site *s, int dir, int vx, int vy)
{
    const XbGeometry *geo = s->geo;
    const XbGroup *g = &s->piece->group[s->gi];
    const XbLeg *leg = &g->leg[0];
    unsigned flags = group_flags(g);
    bool hopper = (leg->mode & (XB_MODE_P | XB_MODE_G)) != 0;
    bool one = xb_one_step(g);
    int skip = one ? xb_leg_skip(leg) : 0;
    int x = s->from % geo->files, y = s->from / geo->files;
    int i = leg->range, origin_seen = 0;
    uint32_t first = b->nsteps;
    for (int n = 1; n <= 4 * XB_MAX_SQUARES; n++) {
        x += vx;
        y += vy;
        if (y < 0 || y >= geo->ranks)
            break;
        if (x < 0 || x >= geo->files) {
            if (!(leg->mode & XB_MODE_O))
                break;
            x = ((x % geo->files) + geo->files) % geo->files;
        }
        int sq = y * geo->files + x;
        if (geo->hole[sq])
            break;
        if (skip > 0) {
            skip--;
            goto next;
        }
        if (sq == s->from && (!hopper || origin_seen++))
            break;
        int test = XB_NO_SQ;
        if (flags & (XB_RAY_LAME | XB_RAY_JUMP)) {
            int hx = x - vx + vx / 2, hy = y - vy + vy / 2;
            hx = ((hx % geo->files) + geo->files) % geo->files;
            int hsq = hy * geo->files + hx;
            if (geo->hole[hsq]) {
                if (flags & XB_RAY_LAME)
                    break;           /* a hole blocks like a piece */
            } else {
                test = hsq;
            }
        }
        add_step(b, sq, test);
    next:
        if (--i == 0)
            break;
    }
    add_ray(b, s, first, dir, flags);
}

/* Castling ray: squares to the edge, the partner square marked (see the
 * comment above xb_compile in xbetza.h). */
static void compile_castle(Builder *b, const Site *s, int dir, int vx, int vy)
{
    const XbGeometry *geo = s->geo;
    const XbGroup *g = &s->piece->group[s->gi];
    int fx = s->from % geo->files, fy = s->from / geo->files;
    int kx = fx + g->range * vx, ky = fy + g->range * vy;
    if (!usable(geo, kx, ky))
        return;
    uint32_t first = b->nsteps;
    int x = fx + vx, y = fy + vy;
    while (usable(geo, x, y)) {
        add_step(b, y * geo->files + x, XB_NO_SQ);
        x += vx, y += vy;
    }
    int partner = (int)(b->nsteps - first) - 1 - g->leg[0].jumps;
    if (b->oom || partner < 0) {
        b->nsteps = first;
        return;
    }
    b->steps[first + (uint32_t)partner].test = (uint16_t)(ky * geo->files + kx);
    add_ray(b, s, first, dir, group_flags(g) | XB_RAY_CASTLE);
}

/* ---- lame paths --------------------------------------------------------- */

/* The paths of a multi-leg group of single steps, as the reference
 * generator walks them: where each leg ends, relative to the origin. */
#define MAX_PATHS (8 * 8 * 8)
typedef struct {
    int8_t at[XB_MAX_LEGS][2];   /* (dx, dy) after each leg */
    uint8_t dir;                 /* direction of the first leg */
} Path;

typedef struct {
    const XbPiece *piece;
    const XbGroup *g;
    Path  path[MAX_PATHS];
    int   n;
} PathList;

static void walk_paths(PathList *pl, Path *cur, int k, int angle, int color)
{
    const XbGroup *g = pl->g;
    unsigned dirs = g->leg[k].dirs;
    if (k == 0 && color)
        dirs = xb_rotate_dirs(dirs, 4);
    else if (k > 0)
        dirs = xb_rotate_dirs(dirs, angle);
    for (int dir = 0; dir < 8; dir++) {
        if (!(dirs & (1u << dir)))
            continue;
        int vx, vy;
        xb_step_vector(g, dir, k > 0, pl->piece->xboard_quirks, &vx, &vy);
        if (vx == 0 && vy == 0)
            continue;
        int x = k ? cur->at[k - 1][0] : 0, y = k ? cur->at[k - 1][1] : 0;
        cur->at[k][0] = (int8_t)(x + vx);
        cur->at[k][1] = (int8_t)(y + vy);
        if (k == 0)
            cur->dir = (uint8_t)dir;
        if (k + 1 < g->nlegs)
            walk_paths(pl, cur, k + 1, dir, color);
        else if (pl->n < MAX_PATHS)
            pl->path[pl->n++] = *cur;
    }
}

static void list_paths(PathList *pl, const XbPiece *piece, const XbGroup *g, int color)
{
    Path cur;
    memset(&cur, 0, sizeof cur);
    pl->piece = piece;
    pl->g = g;
    pl->n = 0;
    walk_paths(pl, &cur, 0, 0, color);
}

/* Single steps only: range 1, no skipping, no lameness or cylinder of
 * their own, no hopping; every leg but the last moves on only from an
 * empty square. */
static bool legs_are_plain_steps(const XbGroup *g)
{
    const uint16_t forbidden = XB_MODE_P | XB_MODE_G | XB_MODE_O | XB_MODE_Y | XB_MODE_ISO;
    if (g->atom == 'O' || g->range != 1 || g->nlegs < 2 || g->nlegs > 3)
        return false;
    for (int k = 0; k < g->nlegs; k++) {
        const XbLeg *l = &g->leg[k];
        if (l->range != 1 || l->jumps || (l->written & XB_MODE_N) || (l->mode & forbidden))
            return false;
        if (k + 1 < g->nlegs && l->mode != XB_MODE_M)
            return false;
    }
    return true;
}

bool xb_group_is_lame_path(const XbPiece *piece, int gi)
{
    if (!piece || gi < 0 || gi >= piece->ngroups)
        return false;
    const XbGroup *g = &piece->group[gi];
    if (!legs_are_plain_steps(g))
        return false;
    PathList *pl = malloc(sizeof *pl);
    if (!pl)
        return false;
    list_paths(pl, piece, g, 0);
    int last = g->nlegs - 1;
    bool ok = true;
    for (int i = 0; i < pl->n && ok; i++) {
        for (int k = 0; k <= last && ok; k++)
            ok = pl->path[i].at[k][0] || pl->path[i].at[k][1];   /* never back on the origin */
        for (int j = 0; j < i && ok; j++)
            ok = pl->path[i].at[last][0] != pl->path[j].at[last][0]
              || pl->path[i].at[last][1] != pl->path[j].at[last][1];
    }
    free(pl);
    return ok;
}

/* One LAME ray of one step per path: the squares passed must be empty. */
static void compile_lame_paths(Builder *b, const Site *s, int color)
{
    const XbGeometry *geo = s->geo;
    const XbGroup *g = &s->piece->group[s->gi];
    unsigned flags = XB_RAY_LAME | (group_flags(g) & (XB_RAY_INITIAL | XB_RAY_INITIAL2));
    int fx = s->from % geo->files, fy = s->from / geo->files, last = g->nlegs - 1;
    PathList *pl = malloc(sizeof *pl);
    if (!pl) {
        b->oom = true;
        return;
    }
    list_paths(pl, s->piece, g, color);
    for (int i = 0; i < pl->n; i++) {
        const Path *p = &pl->path[i];
        int sq[XB_MAX_LEGS];
        bool on_board = true;
        for (int k = 0; k <= last && on_board; k++) {
            int x = fx + p->at[k][0], y = fy + p->at[k][1];
            on_board = usable(geo, x, y);
            sq[k] = y * geo->files + x;
        }
        if (!on_board)
            continue;
        uint32_t first = b->nsteps;
        add_lame_step(b, sq[last], sq[0], last > 1 ? sq[1] : XB_NO_SQ);
        XbRay *r = add_ray(b, s, first, p->dir, flags);
        if (r)
            r->mode = g->leg[last].mode;
    }
    free(pl);
}

static void compile_group(Builder *b, const Site *s, int color)
{
    const XbGroup *g = &s->piece->group[s->gi];
    const XbLeg *leg = &g->leg[0];
    if (s->lame_path) {
        compile_lame_paths(b, s, color);
        return;
    }
    if (g->nlegs < 1 || (xb_one_step(g) && xb_leg_skip(leg) < 0))
        return;
    unsigned dirs = leg->dirs;
    if (color)
        dirs = ((dirs << 4) | (dirs >> 4)) & 0xFF;
    if (xb_is_castle(g) && g->range == 0) {          /* null move */
        uint32_t first = b->nsteps;
        add_step(b, s->from, XB_NO_SQ);
        add_ray(b, s, first, 0, group_flags(g) | XB_RAY_CASTLE);
        return;
    }
    for (int dir = 0; dir < 8; dir++) {
        if (!(dirs & (1u << dir)))
            continue;
        if (xb_is_castle(g)) {
            if (!(dir & 1))
                compile_castle(b, s, dir, xb_rot[dir][1], xb_rot[dir][3]);
            continue;
        }
        int vx, vy;
        xb_step_vector(g, dir, false, s->piece->xboard_quirks, &vx, &vy);
        if (vx || vy)
            compile_ray(b, s, dir, vx, vy);
    }
}

static int fail(XbError *err, const char *msg)
{
    if (err) {
        err->column = 0;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return -1;
}

int xb_compile(const XbPiece *piece, const XbGeometry *g, XbTable *out, XbError *err)
{
    memset(out, 0, sizeof *out);
    if (!piece || !g)
        return fail(err, "no piece or no geometry");
    if (g->files < 1 || g->files > XB_MAX_FILES || g->ranks < 1 || g->ranks > XB_MAX_RANKS)
        return fail(err, "board size must be 1x1 to 16x16");
    int nsq = g->files * g->ranks;
    out->files = g->files;
    out->ranks = g->ranks;
    out->nsquares = nsq;
    out->index = malloc((size_t)(2 * nsq + 1) * sizeof *out->index);
    if (!out->index)
        return fail(err, "out of memory");
    Builder b;
    memset(&b, 0, sizeof b);
    bool lame_path[XB_MAX_GROUPS];
    for (int gi = 0; gi < piece->ngroups && gi < XB_MAX_GROUPS; gi++)
        lame_path[gi] = xb_group_is_lame_path(piece, gi);
    for (int color = 0; color < 2; color++)
        for (int sq = 0; sq < nsq; sq++) {
            out->index[color * nsq + sq] = b.nrays;
            if (g->hole[sq])
                continue;
            for (int gi = 0; gi < piece->ngroups; gi++) {
                Site s = { g, piece, gi, sq, lame_path[gi] };
                compile_group(&b, &s, color);
            }
        }
    out->index[2 * nsq] = b.nrays;
    if (b.oom) {
        free(b.rays);
        free(b.steps);
        xb_table_free(out);
        return fail(err, "out of memory");
    }
    /* shrink to size; keep valid pointers even for an empty table */
    XbRay *rays = realloc(b.rays, (b.nrays ? b.nrays : 1) * sizeof *b.rays);
    XbStep *steps = realloc(b.steps, (b.nsteps ? b.nsteps : 1) * sizeof *b.steps);
    out->rays = rays ? rays : b.rays;
    out->steps = steps ? steps : b.steps;
    if (!out->rays || !out->steps) {
        free(out->rays);
        free(out->steps);
        out->rays = NULL;
        out->steps = NULL;
        xb_table_free(out);
        return fail(err, "out of memory");
    }
    out->nrays = b.nrays;
    out->nsteps = b.nsteps;
    return 0;
}

void xb_table_free(XbTable *t)
{
    if (!t)
        return;
    free(t->index);
    free(t->rays);
    free(t->steps);
    memset(t, 0, sizeof *t);
}
