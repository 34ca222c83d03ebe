/*
 * movebound.c — the most moves any position of a variant could have (see
 * movebound.h), so the loader can refuse a variant whose positions would
 * not fit in a move list.
 */
#include <stdlib.h>
#include <string.h>
#include "board/movebound.h"
#include "board/position.h"
#include "board/multileg.h"

/* ---- the most moves one position can have ------------------------------
 *
 * Every move list has room for MAX_MOVES moves and the generator never
 * checks (it is the hot path), so the loader refuses a variant in which
 * some position could have more.  The bound has to be safe for every
 * position, yet not so loose that large legitimate variants are refused:
 * adding up a queen's moves on an empty 16x16 board from every square
 * gives 12640, where this bound gives 1860.
 *
 * The key is that a straight ray only ever yields a move to `t` for the
 * piece standing on the FIRST occupied square behind `t` along the ray's
 * step (a slider or leaper), or on the second (a hopper: the first is its
 * hurdle).  So for each step vector and kind (slide or hop) and each target
 * square, one piece of the side to move at most makes moves: as many as its
 * rays with that step times the promotion choices there.  Summing over
 * step vectors and targets bounds all ray moves whatever stands where.
 * Rays that are not straight lines (cylinder wraps, 'j' skips) are counted
 * the crude way, from their origin.  Castling, drops and gated copies are
 * added crudely too, and so are multi-leg moves with victims: every path
 * that could exist on some board (multileg_reach).  Multi-leg moves without
 * a victim are one per square they could end on (the generator adds each
 * once); a side with P pieces has at most one such move per piece to each
 * of the other squares not its own (plus a pass), which tames hook movers
 * on large boards. */

/* Moves one step of a ray can yield: add_move's promotion choices plus the
 * plain move, and an e.p. capture besides. */
static int step_moves(const PieceType *pt, int color, int from, int to, uint16_t mode)
{
    int n = 1;
    TypeMask any, lost, targets;
    bool forced;
    if (pt->can_promote && variant_promotion_choices(pt, color, from, to, true, &any, &lost,
                                                     &forced))
        for (targets = any | lost; targets; targets &= targets - 1)
            n++;
    return n + ((mode & XB_MODE_E) != 0);
}

/* A ray the generator walks (castling and multi-leg rays it does not). */
static bool generated_ray(const XbRay *r)
{
    return !(r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG));
}

/* Kinds of straight ray a key tells apart: a slide, a hop, and (range
 * capture) the captures past the first piece of a range capturer of rank
 * r, kind 1 + r: only a range capturer ranked above every piece between
 * makes them, so one of each rank at most takes on a square along a step. */
enum { RAY_KINDS = 2 + MAX_RANK };
enum { STEP_SPAN = 2 * MAX_FILES - 1, STEP_KEYS = STEP_SPAN * STEP_SPAN * RAY_KINDS };
enum { CROOKED = -1, NOT_WALKED = -2 };

/* What the bound is summed from, for one colour. */
typedef struct {
    const Variant *v;
    int color, nsq, nslots;
    uint8_t file[MAX_SQUARES], rank[MAX_SQUARES];
    int *slot;             /* [STEP_KEYS]: row of `most` for a straight key, or -1 */
    uint16_t *most;        /* [slot][target]: most moves one piece makes there */
    uint16_t *dup;         /* [slot]: rays of the piece at hand with that key */
    int *ray_slot;         /* [ray of the piece at hand]: its slot, CROOKED or NOT_WALKED */
    long *from_moves;      /* [square]: most moves of any one piece from there */
    long *crooked;         /* [square]: most moves of one piece along crooked rays */
    long *plain;           /* [square]: most multi-leg moves without victims of one piece */
    LegReach *legs;        /* [square]: what the multi-leg moves of the type at hand could do */
    bool oom;
} MoveBound;

/* The key of a straight ray (step vector, slide or hop), or CROOKED when
 * its squares are not from + k * step for k = 1, 2, ... */
static int ray_key(const MoveBound *b, const XbTable *t, const XbRay *r, int from)
{
    const XbStep *steps = t->steps + r->first;
    int x = b->file[from], y = b->rank[from];
    int dx = b->file[steps[0].sq] - x, dy = b->rank[steps[0].sq] - y;
    for (int k = 1; k < r->len; k++)
        if (b->file[steps[k].sq] != x + (k + 1) * dx || b->rank[steps[k].sq] != y + (k + 1) * dy)
            return CROOKED;
    bool hop = r->mode & (XB_MODE_P | XB_MODE_G);
    return ((dy + MAX_FILES - 1) * STEP_SPAN + dx + MAX_FILES - 1) * RAY_KINDS + hop;
}

/* Is r a ray whose captures range-capture carries past the first piece? */
static bool ranged_ray(const PieceType *pt, const XbRay *r)
{
    return pt->range_capture && position_range_capture_ray(r);
}

/* The key of the range captures of a straight slide key. */
static int ranged_key(const PieceType *pt, int key)
{
    return key - key % RAY_KINDS + 1 + pt->rank;
}

/* The compiled tables of a piece type: 1 or 2 (region-dependent extras). */
static int piece_tables(const PieceType *pt, const XbTable *tables[2])
{
    tables[0] = &pt->table;
    tables[1] = &pt->extra_table;
    return pt->has_extra ? 2 : 1;
}

/* Rays of the piece on `from` in both its tables, one after the other. */
static int rays_on(const PieceType *pt, int color, int from, const XbTable *tables[2],
                   const XbRay *begin[2], const XbRay *end[2])
{
    int n = piece_tables(pt, tables);
    for (int i = 0; i < n; i++) {
        begin[i] = xb_rays_begin(tables[i], color, from);
        end[i] = xb_rays_end(tables[i], color, from);
    }
    return n;
}

/* Find the slot of each ray of the piece on `from` (b->ray_slot), and how
 * many of its rays share each slot (b->dup): rays with one key (written
 * twice, or once in each table) may each make the same move. */
static void slot_rays(MoveBound *b, const PieceType *pt, int from)
{
    const XbTable *tables[2];
    const XbRay *begin[2], *end[2];
    int j = 0;
    for (int i = 0, n = rays_on(pt, b->color, from, tables, begin, end); i < n; i++)
        for (const XbRay *r = begin[i]; r < end[i]; r++, j++) {
            int key = generated_ray(r) ? ray_key(b, tables[i], r, from) : NOT_WALKED;
            b->ray_slot[j] = key < 0 ? key : b->slot[key];
            if (key >= 0)
                b->dup[b->ray_slot[j]]++;
        }
}

/* The most promotion choices (plus the plain move) any move of pt has. */
static int most_choices(const PieceType *pt)
{
    int n = 1;
    if (pt->can_promote) {
        TypeMask targets = pt->promo_to;
        if (pt->promoted != NO_TYPE)
            targets |= type_bit(pt->promoted);
        for (; targets; targets &= targets - 1)
            n++;
    }
    return n;
}

/* The multi-leg moves with victims of the piece of type pt on `from`
 * (b->legs holds what they could do); *plain gets those without. */
static long multileg_moves(const MoveBound *b, const PieceType *pt, int from, long *plain)
{
    const LegReach *r = &b->legs[from];
    *plain = 0;
    for (int sq = 0; sq < b->nsq; sq++)
        if (r->marks[sq] & (LEG_REACH_QUIET | LEG_REACH_CAPTURE))
            *plain += step_moves(pt, b->color, from, sq, 0);
    return r->victims * most_choices(pt);
}

/* What the multi-leg moves of type pt could do from every square, into
 * b->legs; false when out of memory. */
static bool reach_of_type(MoveBound *b, const PieceType *pt)
{
    memset(b->legs, 0, (size_t)b->nsq * sizeof *b->legs);
    return multileg_reach(b->v, &pt->moves, &pt->table, b->color, b->legs) == 0
        && (!pt->has_extra
            || multileg_reach(b->v, &pt->extra_moves, &pt->extra_table, b->color, b->legs) == 0);
}

/* Does a multi-leg move of pt end by destroying a friend ('d')? */
static bool destroys_friends(const PieceType *pt)
{
    const XbPiece *pieces[2] = { &pt->moves, &pt->extra_moves };
    for (int i = 0; i < (pt->has_extra ? 2 : 1); i++)
        for (int g = 0; g < pieces[i]->ngroups; g++) {
            const XbGroup *grp = &pieces[i]->group[g];
            if (grp->nlegs > 1 && (grp->leg[grp->nlegs - 1].mode & XB_MODE_D))
                return true;
        }
    return false;
}

static int cmp_desc(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x < y) - (x > y);
}

/* The most multi-leg moves without victims one side can have: b->plain[sq]
 * is the most one piece on sq has; with P pieces, each has at most one per
 * square the side does not occupy, and its own, times the choices. */
static long plain_multileg_bound(MoveBound *b)
{
    const Variant *v = b->v;
    int squares = 0, choices = 1;
    bool own_too = false;
    for (int sq = 0; sq < b->nsq; sq++)
        squares += !v->geom.hole[sq];
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].has_multileg) {
            if (most_choices(&v->piece[t]) > choices)
                choices = most_choices(&v->piece[t]);
            own_too |= destroys_friends(&v->piece[t]);
        }
    qsort(b->plain, (size_t)b->nsq, sizeof *b->plain, cmp_desc);
    long best = 0, sum = 0;
    for (int p = 1; p <= b->nsq && b->plain[p - 1] > 0; p++) {
        long cap = (long)(own_too ? squares : squares - p + 1) * choices;
        sum = 0;
        for (int i = 0; i < p; i++)
            sum += b->plain[i] < cap ? b->plain[i] : cap;
        if (sum > best)
            best = sum;
    }
    return best;
}

/* range-capture: the captures past the first piece of the range capturer
 * pt on `from`, into the rows of its rank (every square but a slide's
 * first may be one; a crooked slide's go to *crooked); returns how many.
 * Two of its rays with one step (written twice) each count. */
static long bound_range_captures(MoveBound *b, const PieceType *pt, int from, long *crooked)
{
    const XbTable *tables[2];
    const XbRay *begin[2], *end[2];
    long all = 0;
    int n = rays_on(pt, b->color, from, tables, begin, end);
    for (int i = 0; i < n; i++)
        for (const XbRay *r = begin[i]; r < end[i]; r++) {
            int key = ranged_ray(pt, r) ? ray_key(b, tables[i], r, from) : CROOKED;
            const XbStep *steps = tables[i]->steps + r->first;
            if (key < 0) {
                if (ranged_ray(pt, r))       /* a crooked slide: counted from its origin */
                    for (int k = 1; k < r->len; k++)
                        *crooked += step_moves(pt, b->color, from, steps[k].sq, r->mode);
                continue;
            }
            int dup = 0;
            for (int i2 = 0; i2 < n; i2++)
                for (const XbRay *q = begin[i2]; q < end[i2]; q++)
                    dup += ranged_ray(pt, q) && ray_key(b, tables[i2], q, from) == key;
            int slot = b->slot[ranged_key(pt, key)];
            for (int k = 1; k < r->len; k++) {
                int moves = step_moves(pt, b->color, from, steps[k].sq, r->mode);
                uint16_t *cell = &b->most[slot * b->nsq + steps[k].sq];
                all += moves;
                if (*cell < dup * moves)
                    *cell = (uint16_t)(dup * moves);
            }
        }
    return all;
}

/* The piece of type pt standing on `from`: its moves, into the bound. */
static void bound_piece_on(MoveBound *b, const PieceType *pt, int from)
{
    slot_rays(b, pt, from);
    long all = 0, crooked = 0;
    const XbTable *tables[2];
    const XbRay *begin[2], *end[2];
    int j = 0;
    for (int i = 0, n = rays_on(pt, b->color, from, tables, begin, end); i < n; i++)
        for (const XbRay *r = begin[i]; r < end[i]; r++, j++) {
            int slot = b->ray_slot[j];
            if (slot == NOT_WALKED)
                continue;
            const XbStep *steps = tables[i]->steps + r->first;
            for (int k = 0; k < r->len; k++) {
                int moves = step_moves(pt, b->color, from, steps[k].sq, r->mode);
                all += moves;
                if (slot == CROOKED) {
                    crooked += moves;
                    continue;
                }
                uint16_t *cell = &b->most[slot * b->nsq + steps[k].sq];
                if (*cell < b->dup[slot] * moves)
                    *cell = (uint16_t)(b->dup[slot] * moves);
            }
        }
    while (j-- > 0)
        if (b->ray_slot[j] >= 0)
            b->dup[b->ray_slot[j]] = 0;
    if (pt->range_capture)
        all += bound_range_captures(b, pt, from, &crooked);
    if (pt->has_multileg) {
        long plain = 0, moves = multileg_moves(b, pt, from, &plain);
        all += moves + plain;
        crooked += moves;
        if (b->plain[from] < plain)
            b->plain[from] = plain;
    }
    if (b->from_moves[from] < all)
        b->from_moves[from] = all;
    if (b->crooked[from] < crooked)
        b->crooked[from] = crooked;
}

/* promotion.in-place: one promoting piece per square at most, each target
 * on its square and (step) on every square of the target's rays there. */
static long in_place_bound(const MoveBound *b)
{
    const Variant *v = b->v;
    long moves = 0;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        for (int i = 0; pt->promotes_in_place && i < pt->npromo; i++) {
            const PromotionRule *r = &pt->promo[i];
            if (!r->in_place)
                continue;
            for (TypeMask targets = r->to[b->color]; targets; targets &= targets - 1) {
                const XbTable *table = &v->piece[__builtin_ctzll(targets)].table;
                for (int sq = 0; sq < b->nsq; sq++) {
                    moves += 1;
                    for (const XbRay *ray = xb_rays_begin(table, b->color, sq);
                         r->in_place_step && ray < xb_rays_end(table, b->color, sq); ray++)
                        moves += ray->len;
                }
            }
        }
    }
    return moves;
}

/* The most pseudo-legal moves the side `b->color` can have. */
static long bound_for_color(MoveBound *b)
{
    const Variant *v = b->v;
    memset(b->most, 0, (size_t)b->nslots * b->nsq * sizeof *b->most);
    memset(b->from_moves, 0, (size_t)b->nsq * sizeof *b->from_moves);
    memset(b->crooked, 0, (size_t)b->nsq * sizeof *b->crooked);
    memset(b->plain, 0, (size_t)b->nsq * sizeof *b->plain);
    for (int t = 0; t < v->ntypes; t++) {
        if (v->piece[t].has_multileg && !reach_of_type(b, &v->piece[t])) {
            b->oom = true;
            continue;
        }
        for (int from = 0; from < b->nsq; from++)
            if (!v->geom.hole[from])
                bound_piece_on(b, &v->piece[t], from);
    }
    long moves = v->rules.pass != PASS_NEVER;    /* the pass */
    for (long i = 0; i < (long)b->nslots * b->nsq; i++)
        moves += b->most[i];
    for (int sq = 0; sq < b->nsq; sq++)
        moves += b->crooked[sq];
    if (v->has_multileg)
        moves += plain_multileg_bound(b);
    /* castling: per king and partner on the castling rank, one move per
       king destination on the partner's side */
    const Castling *cs = &v->castling;
    int most_to = cs->nto[CASTLE_SHORT] > cs->nto[CASTLE_LONG] ? cs->nto[CASTLE_SHORT]
                                                                 : cs->nto[CASTLE_LONG];
    long castles = cs->enabled ? (long)v->files * (v->files - 1) * most_to : 0;
    moves += castles;
    /* drops: any type may be in hand (a FEN can put it there) */
    if (v->has_drops)
        for (int t = 0; t < v->ntypes; t++)
            for (int sq = 0; sq < b->nsq; sq++)
                moves += sqset_has(&v->piece[t].drop_zone[b->color], sq) && !v->geom.hole[sq];
    moves += in_place_bound(b);
    if (v->hand.pickup)           /* one per square */
        moves += b->nsq;
    /* gating: a copy of every move from the gating rank per type in hand,
       two per castling move (the king's or the partner's square) */
    if (v->hand.gating) {
        int rank = b->color == WHITE ? v->castling.rank : v->ranks - 1 - v->castling.rank;
        long from_rank = 2 * castles;
        for (int f = 0; f < v->files; f++)
            from_rank += b->from_moves[var_square(v, f, rank)];
        moves += from_rank * v->ntypes;
    }
    return moves;
}

/* Give every straight key of some ray a row of `most`; returns how many,
 * and the most rays one piece has on one square in *max_rays. */
static int assign_slots(MoveBound *b, int *max_rays)
{
    const Variant *v = b->v;
    int n = 0;
    *max_rays = 0;
    for (int key = 0; key < STEP_KEYS; key++)
        b->slot[key] = -1;
    for (int type = 0; type < v->ntypes; type++)
        for (int c = 0; c < 2; c++)
            for (int from = 0; from < b->nsq; from++) {
                const XbTable *tables[2];
                const XbRay *begin[2], *end[2];
                int rays = 0;
                for (int i = 0, nt = rays_on(&v->piece[type], c, from, tables, begin, end); i < nt; i++)
                    for (const XbRay *r = begin[i]; r < end[i]; r++, rays++) {
                        int key = generated_ray(r) ? ray_key(b, tables[i], r, from) : NOT_WALKED;
                        if (key >= 0 && b->slot[key] < 0)
                            b->slot[key] = n++;
                        if (key >= 0 && ranged_ray(&v->piece[type], r)
                            && b->slot[ranged_key(&v->piece[type], key)] < 0)
                            b->slot[ranged_key(&v->piece[type], key)] = n++;
                    }
                if (rays > *max_rays)
                    *max_rays = rays;
            }
    return n;
}

long movebound_of(const Variant *v)
{
    MoveBound *b = calloc(1, sizeof *b);
    if (!b)
        return -1;
    b->v = v;
    b->nsq = v->files * v->ranks;
    for (int sq = 0; sq < b->nsq; sq++) {
        b->file[sq] = (uint8_t)var_file(v, sq);
        b->rank[sq] = (uint8_t)var_rank(v, sq);
    }
    int max_rays = 0;
    b->slot = malloc(STEP_KEYS * sizeof *b->slot);
    if (b->slot)
        b->nslots = assign_slots(b, &max_rays);
    b->most = malloc(((size_t)b->nslots * b->nsq + 1) * sizeof *b->most);
    b->dup = calloc((size_t)b->nslots + 1, sizeof *b->dup);
    b->ray_slot = malloc(((size_t)max_rays + 1) * sizeof *b->ray_slot);
    b->from_moves = malloc((size_t)b->nsq * sizeof *b->from_moves);
    b->crooked = malloc((size_t)b->nsq * sizeof *b->crooked);
    b->plain = malloc((size_t)b->nsq * sizeof *b->plain);
    b->legs = v->has_multileg ? malloc((size_t)b->nsq * sizeof *b->legs) : NULL;
    long bound = -1;
    if (b->slot && b->most && b->dup && b->ray_slot && b->from_moves && b->crooked && b->plain
        && (b->legs || !v->has_multileg))
        for (b->color = 0; b->color < 2; b->color++) {
            long n = bound_for_color(b);
            if (n > bound)
                bound = n;
        }
    if (b->oom)
        bound = -1;
    free(b->slot);
    free(b->most);
    free(b->dup);
    free(b->ray_slot);
    free(b->from_moves);
    free(b->crooked);
    free(b->plain);
    free(b->legs);
    free(b);
    return bound;
}
