/*
 * multileg.c — multi-leg moves on the board (see multileg.h).
 *
 * The walk follows the reference generator of the xbetza library
 * (xbetza/generate.c, itself a transcription of XBoard 4.9.1's
 * MovesFromString) step for step, on the engine's board instead of a
 * board view: the start square counts as empty for later legs (as the
 * mover after a cylinder wrap), victims stay on the board, 'i' on a later
 * leg copies the length of the last slider leg.  tests/test_multileg.c
 * holds the two against each other.
 */
#include <stdlib.h>
#include <string.h>
#include "board/multileg.h"

enum { OCC_EMPTY, OCC_FRIEND, OCC_ENEMY };

typedef struct {
    const Position *pos;
    const Variant *v;
    const XbPiece *piece;
    const XbGroup *g;
    int from, color, type, enemy_royal;
    bool mover_royal;
    LegVisit visit;
    void *ctx;
    bool stop;
    bool memo;                    /* skip continuations already walked */
    int nvictims;
    uint8_t victim[2];
    int turn;                     /* where the first leg ended */
    int steps[XB_MAX_LEGS];       /* length of each leg walked so far */
    /* bit d of walked[k][sq]: leg k was started on sq after a leg in
       direction d, with no victim so far (walking it again could only
       find the same moves; riders of three legs meet the same squares
       over and over) */
    uint8_t walked[XB_MAX_LEGS][MAX_SQUARES];
} Walk;

static inline unsigned rotate_dirs(unsigned set, int by)
{
    by &= 7;
    return ((set << by) | (set >> ((8 - by) & 7))) & 0xFF;
}

/* ---- the board as a leg sees it --------------------------------------- */

static inline int occupancy(const Walk *w, int sq, bool wrapped)
{
    if (sq == w->from)
        return wrapped ? OCC_FRIEND : OCC_EMPTY;
    if (sq == w->enemy_royal)
        return OCC_ENEMY;
    uint8_t code = w->pos->board[sq];
    if (code == EMPTY)
        return OCC_EMPTY;
    return code_color(code) == w->color ? OCC_FRIEND : OCC_ENEMY;
}

/* Lameness tests look at the raw board: the mover still stands on its
 * square, holes are not empty. */
static inline bool raw_occupied(const Walk *w, int sq)
{
    return sq == w->from || sq == w->enemy_royal || w->pos->board[sq] != EMPTY;
}

static inline bool raw_royal(const Walk *w, int sq)
{
    if (sq == w->from)
        return w->mover_royal;
    if (sq == w->enemy_royal)
        return true;
    uint8_t code = w->pos->board[sq];
    return code != EMPTY && w->v->piece[code_type(code)].royal;
}

/* May the mover take what stands on sq (capture-rules included)?  The
 * enemy royal an attack test places on an empty square always. */
static inline bool capturable(const Walk *w, int sq)
{
    uint8_t code = w->pos->board[sq];
    if (sq == w->enemy_royal && code == EMPTY)
        return true;
    int t = code_type(code);
    return (sq == w->enemy_royal || w->v->piece[t].capturable)
        && !(w->v->no_capture[w->type] >> t & 1);
}

/* May the mover hop over what stands on sq (capture-rules: janggi
 * cannons)?  The mover itself stands on its square after a wrap. */
static inline bool hop_allowed(const Walk *w, int sq)
{
    uint8_t code = w->pos->board[sq];
    return code == EMPTY || !(w->v->no_hop[w->type] >> code_type(code) & 1);
}

/* ---- legs ---------------------------------------------------------------- */

static void walk_leg(Walk *w, int k, int sq, int angle);

static void emit(Walk *w, int to)
{
    LegMove m;
    m.to = (uint8_t)to;
    m.nvictims = (uint8_t)w->nvictims;
    m.victim[0] = w->victim[0];
    m.victim[1] = w->victim[1];
    m.turn = (uint8_t)w->turn;
    if (w->visit(w->ctx, &m))
        w->stop = true;
}

/* Go on with leg k+1 from sq, where leg k ended after n steps going `dir`. */
static void next_leg(Walk *w, int k, int sq, int n, int dir, bool victim)
{
    if (w->memo && !victim && w->nvictims == 0) {
        uint8_t bit = (uint8_t)(1u << dir);
        if (w->walked[k + 1][sq] & bit)
            return;
        w->walked[k + 1][sq] |= bit;
    }
    bool added = false;
    if (victim && !(w->nvictims > 0 && w->victim[0] == sq)) {
        if (w->nvictims == 2)
            return;                 /* a third victim: refused at load, never met */
        w->victim[w->nvictims++] = (uint8_t)sq;
        added = true;
    }
    if (k == 0)
        w->turn = sq;
    w->steps[k] = n;
    walk_leg(w, k + 1, sq, dir);
    if (added)
        w->nvictims--;
}

/* What a non-final leg does on the square it reached (§7.3). */
static void intermediate(Walk *w, int k, int sq, int occ, int n, int dir)
{
    uint16_t mode = w->g->leg[k].mode;
    if (occ == OCC_EMPTY) {
        if (mode & XB_MODE_M)
            next_leg(w, k, sq, n, dir, false);
        return;
    }
    if ((mode & XB_MODE_P) && !(occ == OCC_ENEMY && (mode & XB_MODE_T)) && hop_allowed(w, sq))
        next_leg(w, k, sq, n, dir, false);          /* hop */
    if (((occ == OCC_ENEMY && (mode & XB_MODE_C)) || (occ == OCC_FRIEND && (mode & XB_MODE_D)
                                                       && sq != w->from))
        && capturable(w, sq))
        next_leg(w, k, sq, n, dir, true);           /* locust capture */
}

/* What the final leg does on a square; false when the ray stops there. */
static bool final_square(Walk *w, int k, int sq, int occ)
{
    uint16_t mode = w->g->leg[k].mode;
    if ((mode & XB_MODE_T) && raw_royal(w, sq))
        return false;
    if (occ == OCC_EMPTY) {
        if (mode & XB_MODE_M)
            emit(w, sq);
        return true;
    }
    if (((occ == OCC_ENEMY && (mode & XB_MODE_C)) || (occ == OCC_FRIEND && (mode & XB_MODE_D)
                                                       && sq != w->from))
        && capturable(w, sq))
        emit(w, sq);
    return false;
}

/* Length a leg with 'i' must have: that of the latest earlier leg whose
 * range is not 1 (0: none, the leg walks as usual). */
static int iso_length(const Walk *w, int k)
{
    for (int j = k - 1; j >= 0; j--)
        if (w->g->leg[j].range != 1)
            return w->steps[j];
    return 0;
}

/* One ray of a later leg k from `start` with step (vx, vy) (§6.1). */
static void walk_ray(Walk *w, int k, int start, int vx, int vy, int dir, int iso, int skip,
                     unsigned halfway)
{
    const Variant *v = w->v;
    const XbGroup *g = w->g;
    uint16_t mode = g->leg[k].mode;
    bool final = k == g->nlegs - 1;
    bool hopper = final && (mode & (XB_MODE_P | XB_MODE_G));
    int x = var_file(v, start), y = var_rank(v, start);
    int left = g->leg[k].range;
    bool wrapped = false;
    for (int n = 1; n <= 4 * MAX_SQUARES; n++) {
        x += vx;
        y += vy;
        if (y < 0 || y >= v->ranks)
            return;
        if (x < 0 || x >= v->files) {
            if (!(mode & XB_MODE_O))
                return;
            x = ((x % v->files) + v->files) % v->files;
            wrapped = true;
        }
        int sq = var_square(v, x, y);
        if (v->geom.hole[sq])
            return;
        if (skip > 0) {
            skip--;
            goto next;
        }
        if (halfway) {
            int hx = x - vx + vx / 2, hy = y - vy + vy / 2;
            hx = ((hx % v->files) + v->files) % v->files;
            bool occupied = raw_occupied(w, var_square(v, hx, hy));
            if ((halfway & XB_RAY_LAME) ? occupied : !occupied)
                return;
        }
        int occ = occupancy(w, sq, wrapped);
        if (iso && n < iso) {
            if (occ != OCC_EMPTY)
                return;
            goto next;
        }
        if (!final) {
            intermediate(w, k, sq, occ, n, dir);
            if (occ != OCC_EMPTY)
                return;
            goto next;
        }
        if (hopper) {
            if (occ != OCC_EMPTY) {
                if (!hop_allowed(w, sq))
                    return;
                if ((mode & XB_MODE_G) && left != 1)
                    left = 2;       /* the grasshopper lands right behind */
                hopper = false;
            }
            goto next;
        }
        if (!final_square(w, k, sq, occ))
            return;
    next:
        if (w->stop)
            return;
        if (iso) {
            if (n >= iso)
                return;
            continue;
        }
        if (--left == 0)
            return;
    }
}

static void walk_leg(Walk *w, int k, int sq, int angle)
{
    const XbGroup *g = w->g;
    int skip = xb_leg_skip_squares(g, k);
    if (skip < 0)
        return;                     /* 'n' on a one-step atom: nothing */
    unsigned halfway = xb_leg_halfway(g, k);
    unsigned dirs = rotate_dirs(g->leg[k].dirs, angle);
    int iso = (g->leg[k].mode & XB_MODE_ISO) ? iso_length(w, k) : 0;
    for (int dir = 0; dir < 8 && !w->stop; dir++) {
        if (!(dirs & (1u << dir)))
            continue;
        int vx, vy;
        xb_leg_step(w->piece, g, k, dir, &vx, &vy);
        if (vx || vy)
            walk_ray(w, k, sq, vx, vy, dir, iso, skip, halfway);
    }
}

/* The first leg along a compiled ray: its squares are pre-walked (edges,
 * holes, range, wrap and 'j' skips done), only occupancy is looked at. */
static void walk_first_leg(Walk *w, const XbRay *r, const XbStep *steps)
{
    int skipped = xb_leg_skip_squares(w->g, 0);
    for (int k = 0; k < r->len && !w->stop; k++) {
        const XbStep *s = &steps[k];
        if (s->test != XB_NO_SQ) {
            bool occupied = raw_occupied(w, s->test);
            if ((r->flags & XB_RAY_LAME) ? occupied : !occupied)
                return;
        }
        /* the start square is on a first leg only after a cylinder wrap */
        int occ = occupancy(w, s->sq, s->sq == w->from);
        intermediate(w, 0, s->sq, occ, k + 1 + skipped, r->dir);
        if (occ != OCC_EMPTY)
            return;
    }
}

static bool later_leg_iso(const XbGroup *g)
{
    for (int k = 1; k < g->nlegs; k++)
        if (g->leg[k].mode & XB_MODE_ISO)
            return true;
    return false;
}

/* The 'ii' condition: one step backward held a piece of this type at the start. */
static bool virgin2(const Position *pos, int from)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[from];
    int back = code_color(code) == WHITE ? from - v->files : from + v->files;
    return back >= 0 && back < v->files * v->ranks && v->start_board[back] == code;
}

bool multileg_walk(const Position *pos, int from, const XbPiece *piece, const XbTable *table,
                   int enemy_royal, LegVisit visit, void *ctx)
{
    Walk w;
    uint8_t code = pos->board[from];
    w.pos = pos;
    w.v = pos->v;
    w.piece = piece;
    w.g = NULL;
    w.from = from;
    w.color = code_color(code);
    w.type = code_type(code);
    w.enemy_royal = enemy_royal;
    w.mover_royal = pos->v->piece[code_type(code)].royal;
    w.visit = visit;
    w.ctx = ctx;
    w.stop = false;
    w.nvictims = 0;
    w.victim[0] = w.victim[1] = 0;
    w.turn = from;
    bool virgin = sqset_has(&pos->virgin, from);
    bool available = false;
    int group = -1;
    const XbRay *r = xb_rays_begin(table, w.color, from), *end = xb_rays_end(table, w.color, from);
    for (; r < end && !w.stop; r++) {
        if (!(r->flags & XB_RAY_MULTILEG))
            continue;
        if (r->group != group) {     /* the rays of a group come together */
            group = r->group;
            w.g = &piece->group[group];
            available = xb_group_available(w.g, virgin, w.g->initial == 2 && virgin2(pos, from));
            w.memo = w.g->nlegs >= 3 && !later_leg_iso(w.g);
            if (w.memo && available)
                memset(w.walked, 0, sizeof w.walked);
        }
        if (available)
            walk_first_leg(&w, r, table->steps + r->first);
    }
    return w.stop;
}

/* ---- attacks ------------------------------------------------------------ */

typedef struct {
    const PieceType *pt;
    int by, target;
} LegTarget;

static bool takes_target(void *ctx, const LegMove *m)
{
    const LegTarget *t = ctx;
    bool takes = m->to == t->target || (m->nvictims > 0 && m->victim[0] == t->target)
              || (m->nvictims > 1 && m->victim[1] == t->target);
    return takes && (!t->pt->confined || sqset_has(&t->pt->allowed[t->by], m->to));
}

bool multileg_takes(const Position *pos, int from, int target)
{
    uint8_t code = pos->board[from];
    const PieceType *pt = &pos->v->piece[code_type(code)];
    LegTarget t = { pt, code_color(code), target };
    /* (the extra table holds rays only from the squares of its entries) */
    return multileg_walk(pos, from, &pt->moves, &pt->table, target, takes_target, &t)
        || (pt->has_extra
            && multileg_walk(pos, from, &pt->extra_moves, &pt->extra_table, target, takes_target,
                             &t));
}

/* ---- what could ever happen (load time) -------------------------------- */

typedef struct {
    const Variant *v;
    const XbPiece *piece;
    const XbGroup *g;
    uint8_t *marks;
    uint8_t seen[XB_MAX_LEGS][MAX_SQUARES];        /* dir bits, as Walk.walked */
    long bound[XB_MAX_LEGS][MAX_SQUARES][8][2];    /* victim moves + 1; 0: unknown */
} Reach;

static void reach_leg(Reach *re, int k, int sq, int angle);
static long bound_leg(Reach *re, int k, int sq, int angle, bool victim);

/* The squares of one ray of leg k from `start`, geometry only: as
 * walk_ray, every square that could be reached on some board.  Returns how
 * many were stored in out[]. */
static int ray_squares(const Reach *re, int k, int start, int dir, int out[4 * MAX_SQUARES])
{
    const Variant *v = re->v;
    const XbGroup *g = re->g;
    uint16_t mode = g->leg[k].mode;
    int skip = xb_leg_skip_squares(g, k);
    int vx, vy;
    xb_leg_step(re->piece, g, k, dir, &vx, &vy);
    if (skip < 0 || (vx == 0 && vy == 0))
        return 0;
    /* 'i' copies an earlier length: any length the board allows */
    int left = (k > 0 && (mode & XB_MODE_ISO)) ? 0 : g->leg[k].range;
    int x = var_file(v, start), y = var_rank(v, start), n = 0;
    for (int steps = 1; steps <= 4 * MAX_SQUARES; steps++) {
        x += vx;
        y += vy;
        if (y < 0 || y >= v->ranks)
            break;
        if (x < 0 || x >= v->files) {
            if (!(mode & XB_MODE_O))
                break;
            x = ((x % v->files) + v->files) % v->files;
        }
        int sq = var_square(v, x, y);
        if (v->geom.hole[sq])
            break;
        if (skip > 0)
            skip--;
        else if (n > 0 && sq == out[0] && (mode & XB_MODE_O))
            break;                  /* around the cylinder and back */
        else
            out[n++] = sq;
        if (--left == 0)
            break;
    }
    return n;
}

/* Leg k on the squares sq[0..n) of one ray, going `dir`. */
static void reach_ray(Reach *re, int k, const int *sq, int n, int dir)
{
    const XbGroup *g = re->g;
    uint16_t mode = g->leg[k].mode;
    bool final = k == g->nlegs - 1;
    bool hopper = final && (mode & (XB_MODE_P | XB_MODE_G));
    for (int i = 0; i < n; i++) {
        if (!final) {
            if (mode & (XB_MODE_C | XB_MODE_D))
                re->marks[sq[i]] |= LEG_REACH_VICTIM;
            if (mode & (XB_MODE_M | XB_MODE_P | XB_MODE_C | XB_MODE_D))
                reach_leg(re, k + 1, sq[i], dir);
            continue;
        }
        if (hopper && i == 0)
            continue;               /* the first square could only be the hurdle */
        if (mode & XB_MODE_M)
            re->marks[sq[i]] |= LEG_REACH_QUIET;
        if (mode & (XB_MODE_C | XB_MODE_D))
            re->marks[sq[i]] |= LEG_REACH_CAPTURE;
    }
}

static void reach_leg(Reach *re, int k, int sq, int angle)
{
    uint8_t bit = (uint8_t)(1u << angle);
    if (re->seen[k][sq] & bit)
        return;
    re->seen[k][sq] |= bit;
    unsigned dirs = rotate_dirs(re->g->leg[k].dirs, angle);
    int squares[4 * MAX_SQUARES];
    for (int dir = 0; dir < 8; dir++)
        if (dirs & (1u << dir))
            reach_ray(re, k, squares, ray_squares(re, k, sq, dir, squares), dir);
}

/* The most moves with a victim leg k could give along one ray (sq[0..n)):
 * the squares before the first occupied one are empty and may go on, the
 * first occupied one may take a victim, be hopped or be captured, and the
 * walk ends there.  So the most over where that first occupied square is
 * (or none). */
static long bound_ray(Reach *re, int k, const int *sq, int n, int dir, bool victim)
{
    const XbGroup *g = re->g;
    uint16_t mode = g->leg[k].mode;
    if (k == g->nlegs - 1) {
        if (!victim)
            return 0;
        if (mode & (XB_MODE_P | XB_MODE_G | XB_MODE_M))
            return n;               /* one move per square at most */
        return (mode & (XB_MODE_C | XB_MODE_D)) && n > 0 ? 1 : 0;
    }
    long before = 0, most = 0;
    for (int i = 0; i < n; i++) {
        long on = 0;
        if (mode & XB_MODE_P)
            on += bound_leg(re, k + 1, sq[i], dir, victim);
        if (mode & (XB_MODE_C | XB_MODE_D))
            on += bound_leg(re, k + 1, sq[i], dir, true);
        if (before + on > most)
            most = before + on;
        if (mode & XB_MODE_M)
            before += bound_leg(re, k + 1, sq[i], dir, victim);
    }
    return before > most ? before : most;
}

static long bound_leg(Reach *re, int k, int sq, int angle, bool victim)
{
    long *memo = &re->bound[k][sq][angle][victim];
    if (*memo)
        return *memo - 1;
    unsigned dirs = rotate_dirs(re->g->leg[k].dirs, angle);
    int squares[4 * MAX_SQUARES];
    long n = 0;
    for (int dir = 0; dir < 8; dir++)
        if (dirs & (1u << dir))
            n += bound_ray(re, k, squares, ray_squares(re, k, sq, dir, squares), dir, victim);
    *memo = n + 1;
    return n;
}

int multileg_reach(const Variant *v, const XbPiece *piece, const XbTable *table, int color,
                   LegReach *out)
{
    Reach *re = malloc(sizeof *re);
    if (!re)
        return -1;
    re->v = v;
    re->piece = piece;
    int nsq = v->files * v->ranks;
    /* group by group: what a later leg can do from a square does not
       depend on where the piece started, so one memo serves every square */
    for (int g = 0; g < piece->ngroups; g++) {
        if (piece->group[g].nlegs < 2)
            continue;
        re->g = &piece->group[g];
        memset(re->bound, 0, sizeof re->bound);
        for (int from = 0; from < nsq; from++) {
            re->marks = out[from].marks;
            memset(re->seen, 0, sizeof re->seen);
            for (const XbRay *r = xb_rays_begin(table, color, from);
                 r < xb_rays_end(table, color, from); r++) {
                if (!(r->flags & XB_RAY_MULTILEG) || r->group != g)
                    continue;
                int squares[4 * MAX_SQUARES];
                for (int i = 0; i < r->len; i++)
                    squares[i] = table->steps[r->first + i].sq;
                reach_ray(re, 0, squares, r->len, r->dir);
                out[from].victims += bound_ray(re, 0, squares, r->len, r->dir, false);
            }
        }
    }
    free(re);
    return 0;
}
