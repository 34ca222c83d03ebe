/*
 * eval_tables.c — the evaluation tables, derived from the variant
 * definition (see eval.h).
 *
 * Piece values: taken from the variant file when given, else derived from
 * the compiled move table as the average number of squares a piece
 * reaches on a board where each square is occupied with probability RHO
 * (so sliders are not overrated against leapers), with forward moves
 * worth a little more than backward ones, moves and captures weighted
 * separately, and colour-bound pieces discounted.  A quadratic in that
 * mobility, fitted so that N, B, R, Q come out near 300, 330, 500, 950 on
 * 8x8, turns it into centipawns; when the file gives values for some
 * pieces, derived values are rescaled to the file's scale.
 *
 * Positional tables come from the same mobility (centralisation), the
 * promotion zones (advancement of pawn-like pieces, worth as much as the
 * promotion gains; promotion pressure), and the royal pieces (their
 * neighbourhood, for king safety and mop-up); the rules say whether
 * material counts for or against its owner.
 *
 * Every weight is a parameter (variant/eval_params.h): the hand-set
 * defaults are derived here from the variant, the variant's `eval:`
 * section is applied over them, and the tables the evaluation reads are
 * built from the result, so a section that restates the defaults builds
 * exactly the same tables.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "search/eval_internal.h"

#define RHO         0.30    /* typical share of occupied squares */
#define VAL_A       52.2    /* value = VAL_A*m + VAL_B*m^2 (m: mobility) */
#define VAL_B       1.111
#define FWD_WEIGHT  1.15
#define BACK_WEIGHT 0.85
#define MOVE_PART   0.45    /* share of a ray's worth in its non-captures */
#define HAND_BONUS  1.10    /* a piece in hand is worth more: it goes anywhere */

/* ---- derivation: mobility on a typical board ---------------------------- */

static double dir_weight(const Variant *v, int color, int from, int to)
{
    int dy = var_rank(v, to) - var_rank(v, from);
    if (color == BLACK)
        dy = -dy;
    return dy > 0 ? FWD_WEIGHT : dy < 0 ? BACK_WEIGHT : 1.0;
}

/* Expected worth of one ray: each reachable square counts with the
 * probability that the path to it is open. */
static double ray_worth(const Variant *v, const PieceType *pt, const XbTable *t,
                        const XbRay *r, int color, int from, bool weighted)
{
    double w = ((r->mode & XB_MODE_M) ? MOVE_PART : 0)
             + ((r->mode & XB_MODE_C) ? 1 - MOVE_PART : 0);
    if (r->flags & (XB_RAY_INITIAL | XB_RAY_INITIAL2))
        w *= 0.1;          /* usable once in a game */
    if (r->flags & XB_RAY_MULTILEG)
        w *= 0.5;          /* the first leg only hints at the move */
    bool hopper = r->mode & (XB_MODE_P | XB_MODE_G);
    bool grass = r->mode & XB_MODE_G;
    double open = 1.0, one_screen = 0.0, sum = 0.0;
    const XbStep *steps = t->steps + r->first;
    for (int k = 0; k < r->len; k++) {
        if (steps[k].test != XB_NO_SQ)
            open *= (r->flags & XB_RAY_JUMP) ? RHO : 1 - RHO;
        if (steps[k].test2 != XB_NO_SQ)
            open *= 1 - RHO;      /* a lame path passes two squares */
        int to = steps[k].sq;
        double p = hopper ? one_screen : open;
        if (sqset_has(&pt->allowed[color], to))
            sum += p * (weighted ? dir_weight(v, color, from, to) : 1.0);
        if (hopper) {
            one_screen = (grass ? 0 : one_screen * (1 - RHO)) + open * RHO;
            open *= 1 - RHO;
        } else {
            open *= 1 - RHO;
        }
    }
    return w * sum;
}

static double square_mobility(const Variant *v, int type, int color, int from,
                              bool weighted, bool slides_only)
{
    const PieceType *pt = &v->piece[type];
    double m = 0;
    for (int pass = 0; pass < 2; pass++) {
        const XbTable *t = pass ? &pt->extra_table : &pt->table;
        if (pass && !pt->has_extra)
            break;
        for (const XbRay *r = xb_rays_begin(t, color, from); r < xb_rays_end(t, color, from); r++) {
            if (r->flags & XB_RAY_CASTLE)
                continue;
            if (slides_only && (!(r->flags & XB_RAY_SLIDE) || (r->mode & (XB_MODE_P | XB_MODE_G))
                                || (r->flags & XB_RAY_MULTILEG)))
                continue;
            m += ray_worth(v, pt, t, r, color, from, weighted);
        }
    }
    return m;
}

static bool standable(const Variant *v, int type, int color, int sq)
{
    return !v->geom.hole[sq] && sqset_has(&v->piece[type].allowed[color], sq)
        && !sqset_has(&v->piece[type].immobile[color], sq);
}

/* Share of the board the piece can ever reach from its first standable
 * square (1/2 for a bishop): colour binding and worse. */
static double reach_fraction(const Variant *v, int type)
{
    const PieceType *pt = &v->piece[type];
    int nsq = v->files * v->ranks, total = 0, start = -1;
    for (int sq = 0; sq < nsq; sq++)
        if (standable(v, type, WHITE, sq)) {
            total++;
            if (start < 0 || (var_rank(v, sq) > 0 && var_file(v, sq) > 0 && start == 0))
                start = sq;
        }
    if (total == 0)
        return 1.0;
    uint8_t seen[MAX_SQUARES] = { 0 };
    int queue[MAX_SQUARES], head = 0, tail = 0, reached = 0;
    seen[start] = 1;
    queue[tail++] = start;
    while (head < tail) {
        int from = queue[head++];
        reached++;
        for (const XbRay *r = xb_rays_begin(&pt->table, WHITE, from);
             r < xb_rays_end(&pt->table, WHITE, from); r++) {
            if (r->flags & XB_RAY_CASTLE)
                continue;
            for (int k = 0; k < r->len; k++) {
                int to = pt->table.steps[r->first + k].sq;
                if (!seen[to] && standable(v, type, WHITE, to)) {
                    seen[to] = 1;
                    queue[tail++] = to;
                }
            }
        }
    }
    return (double)reached / total;
}

/* Forward-only single steppers that promote: pawns, soldiers, shogi pawns. */
static bool derive_pawnlike(const Variant *v, int type)
{
    const PieceType *pt = &v->piece[type];
    if (!pt->can_promote && pt->promoted == NO_TYPE)
        return false;
    int nsq = v->files * v->ranks;
    for (int from = 0; from < nsq; from++)
        for (const XbRay *r = xb_rays_begin(&pt->table, WHITE, from);
             r < xb_rays_end(&pt->table, WHITE, from); r++) {
            if (r->flags & (XB_RAY_CASTLE | XB_RAY_INITIAL | XB_RAY_INITIAL2))
                continue;
            int dy = var_rank(v, pt->table.steps[r->first].sq) - var_rank(v, from);
            if (dy != 1 || (r->flags & XB_RAY_SLIDE))
                return false;
        }
    return true;
}

static double average_mobility(const Variant *v, int type, bool slides_only)
{
    int nsq = v->files * v->ranks, n = 0;
    double sum = 0;
    for (int sq = 0; sq < nsq; sq++)
        if (standable(v, type, WHITE, sq)) {
            sum += square_mobility(v, type, WHITE, sq, !slides_only, slides_only);
            n++;
        }
    return n ? sum / n : 0;
}

static void derive_values(EvalTables *et, const Variant *v)
{
    double raw[MAX_PIECE_TYPES], given = 0, derived = 0;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        double m = average_mobility(v, t, false);
        raw[t] = VAL_A * m + VAL_B * m * m;
        if (!et->pawnlike[t] && !pt->can_promote)
            raw[t] *= 0.9 + 0.1 * reach_fraction(v, t);
        if (pt->value > 0 && !pt->royal) {
            given += pt->value;
            derived += raw[t];
        }
    }
    /* Derived values join the scale of the values the file gives. */
    double scale = given > 0 && derived > 0 ? given / derived : 1.0;
    if (scale < 0.5) scale = 0.5;
    if (scale > 2.5) scale = 2.5;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        int val = pt->value > 0 ? pt->value : (int)lround(raw[t] * scale);
        /* A royal piece is worth nothing as material, unless a side may
           lose one of several (royals: last) and the file gives a value */
        bool valued = !pt->royal || (v->rules.royal_last && pt->value > 0);
        et->value[t] = !valued ? 0 : val < 10 ? 10 : val;
        et->hand_value[t] = (int)lround(et->value[t] * HAND_BONUS);
    }
    for (int t = 0; t < v->ntypes; t++) {
        int gain = et->value[t];
        if (v->hand.enabled && v->hand.captures == CAPTURES_TO_CAPTOR && !et->royal[t]) {
            int h = v->piece[t].demotes_to != NO_TYPE ? v->piece[t].demotes_to : t;
            gain += et->hand_value[h];
        }
        et->capture_value[t] = et->royal[t] ? 20000 : gain;
    }
}

/* ---- derivation: positional tables -------------------------------------- */

/* Ranks still to go (for `color`) before the piece reaches its promotion
 * zone; -1 when it has none. */
static int zone_distance(const Variant *v, int type, int color, int sq)
{
    const PieceType *pt = &v->piece[type];
    if (!pt->can_promote && pt->promoted == NO_TYPE)
        return -1;
    int nsq = v->files * v->ranks, best = -1;
    for (int z = 0; z < nsq; z++) {
        if (!sqset_has(&pt->promo_zone[color], z))
            continue;
        int d = abs(var_rank(v, z) - var_rank(v, sq));
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}

/* The lowest relative rank where `color` has this type in the start
 * position, or -1. */
static int home_rank(const Variant *v, int t, int color)
{
    int nsq = v->files * v->ranks, best = -1;
    for (int sq = 0; sq < nsq; sq++) {
        if (v->start_board[sq] != piece_code(t, color))
            continue;
        int rel = color == WHITE ? var_rank(v, sq) : v->ranks - 1 - var_rank(v, sq);
        if (best < 0 || rel < best)
            best = rel;
    }
    return best;
}

/* 1 on the centre file(s), 0 on the edge files. */
static double file_centrality(const Variant *v, int sq)
{
    if (v->files < 2)
        return 0;
    return 1.0 - fabs(2.0 * var_file(v, sq) - (v->files - 1)) / (v->files - 1);
}

/* What the best promotion of type t gains.  A pawn that promotes to a
 * ferz gains little, so its advance must not be worth more than that:
 * scored like a chess pawn, a courier pawn on the seventh rank was worth
 * twice the ferz it would become and was never promoted. */
static int promotion_gain(const EvalTables *et, const Variant *v, int t)
{
    const PieceType *pt = &v->piece[t];
    int best = pt->promoted != NO_TYPE ? et->value[pt->promoted] : 0;
    for (int u = 0; u < v->ntypes; u++)
        if ((pt->promo_to >> u & 1) && et->value[u] > best)
            best = et->value[u];
    return best > et->value[t] ? best - et->value[t] : 0;
}

#define FULL_ADVANCE_GAIN 300   /* gains from here on (a knight or more) get the full bonus */
#define PST_MG_LIMIT EVAL_PST_LIMIT_MG
#define PST_EG_LIMIT EVAL_PST_LIMIT_EG

/* What the piece-square formulas of one type and colour need to know
 * about the board, computed once for all its squares. */
typedef struct {
    int home;                 /* home rank (relative), -1 when not in the start position */
    double avg;               /* average mobility */
    double maxd;              /* farthest standable distance from the promotion zone */
} PstBoard;

/* What the formulas need to know about one square: the features each
 * weight multiplies. */
typedef struct {
    bool used;                /* the piece can stand there (pawn-likes: anywhere) */
    int rel;                  /* rank counted from its own side */
    double centre;            /* (mobility - average) / average */
    double fc;                /* file centrality */
    int adv;                  /* pawn-like: ranks pushed from home, at most 2 (0: none) */
    bool progressing;         /* pawn-like with a promotion zone */
    double p;                 /* its progress, 0..1 */
    bool pressing;            /* another promoter one rank or less from its zone */
} PstSquare;

static void pst_board(const Variant *v, int t, int c, PstBoard *b)
{
    int nsq = v->files * v->ranks;
    b->home = home_rank(v, t, c);
    b->avg = average_mobility(v, t, false);
    b->maxd = 1;
    for (int sq = 0; sq < nsq; sq++) {
        int d = zone_distance(v, t, c, sq);
        if (d > b->maxd && standable(v, t, c, sq))
            b->maxd = d;
    }
}

static void pst_square(const EvalTables *et, const Variant *v, int t, int c, int sq,
                       const PstBoard *b, PstSquare *s)
{
    memset(s, 0, sizeof *s);
    s->used = standable(v, t, c, sq) || et->pawnlike[t];
    if (!s->used)
        return;
    double m = square_mobility(v, t, c, sq, false, false);
    s->centre = b->avg > 0 ? (m - b->avg) / b->avg : 0;
    s->rel = c == WHITE ? var_rank(v, sq) : v->ranks - 1 - var_rank(v, sq);
    s->fc = file_centrality(v, sq);
    if (et->pawnlike[t] && b->home >= 0) {
        /* Centre pawns take space, wing pawns guard the king. */
        int adv = s->rel - b->home;
        s->adv = adv > 2 ? 2 : adv > 0 ? adv : 0;
    }
    int d = zone_distance(v, t, c, sq);
    if (d >= 0 && et->pawnlike[t]) {
        double p = (b->maxd - d) / b->maxd;
        s->progressing = true;
        s->p = p < 0 ? 0 : p;
    } else if (d >= 0 && d <= 1) {
        s->pressing = true;   /* promotion pressure */
    }
}

/* The formulas' value of a square, before the bounds, in the order of
 * operations the tables have always been computed in (so that the
 * default weights give exactly the tables they always gave). */
static void pst_formula(const EvalParams *p, const EvalTables *et, int t, const PstSquare *s,
                        double *mg_out, double *eg_out)
{
    double mg = p->rank[t][0] * s->rel, eg = p->rank[t][1] * s->rel;
    mg += p->centre[t][0] * s->centre;
    eg += p->centre[t][1] * s->centre;
    mg += p->wing[t][0] * s->fc;
    eg += p->wing[t][1] * s->fc;
    if (s->adv > 0) {
        double centre = p->pawn_push[t][0], edge = p->pawn_push[t][1];
        mg += s->adv * ((centre - edge) * s->fc * s->fc + edge);
    }
    if (s->progressing) {
        mg += p->progress[t][0] * s->p * s->p * et->advance_scale[t] / 256;
        eg += p->progress[t][1] * s->p * s->p * et->advance_scale[t] / 256;
    } else if (s->pressing) {
        mg += p->pressure[t][0];
        eg += p->pressure[t][1];
    }
    *mg_out = mg;
    *eg_out = eg;
}

static double clamp_real(double x, double limit)
{
    return x > limit ? limit : x < -limit ? -limit : x;
}

/* The square of `color`'s piece on sq seen from white's side (the psqt
 * offsets are written for white): mirrored, or turned round. */
static int white_view(const EvalTables *et, const Variant *v, int color, int sq)
{
    if (color == WHITE)
        return sq;
    if (et->rotated)
        return v->files * v->ranks - 1 - sq;
    return var_square(v, var_file(v, sq), v->ranks - 1 - var_rank(v, sq));
}

static void build_pst_piece(EvalTables *et, const Variant *v, int t, int c)
{
    const EvalParams *p = &et->params;
    int nsq = v->files * v->ranks;
    PstBoard b;
    pst_board(v, t, c, &b);
    for (int sq = 0; sq < nsq; sq++) {
        PstSquare s;
        pst_square(et, v, t, c, sq, &b, &s);
        et->progress[c][t][sq] = s.progressing ? (int8_t)lround(16 * s.p) : 0;
        if (!s.used)
            continue;
        double mg, eg;
        pst_formula(p, et, t, &s, &mg, &eg);
        int view = white_view(et, v, c, sq);
        et->pst[0][c][t][sq] = (int16_t)(lround(clamp_real(mg, PST_MG_LIMIT))
                                         + lround(p->psqt[t][0][view]));
        et->pst[1][c][t][sq] = (int16_t)(lround(clamp_real(eg, PST_EG_LIMIT))
                                         + lround(p->psqt[t][1][view]));
    }
}

void eval_pst_features(const EvalTables *et, const Variant *v, int color, int type,
                       EvalPstFeatures out[MAX_SQUARES])
{
    const EvalParams *p = &et->params;
    int t = type, nsq = v->files * v->ranks;
    PstBoard b;
    pst_board(v, t, color, &b);
    for (int sq = 0; sq < nsq; sq++) {
        EvalPstFeatures *f = &out[sq];
        PstSquare s;
        pst_square(et, v, t, color, sq, &b, &s);
        memset(f, 0, sizeof *f);
        f->used = s.used;
        if (!s.used)
            continue;
        double mg, eg, push = s.fc * s.fc;
        pst_formula(p, et, t, &s, &mg, &eg);
        f->clamped[0] = fabs(mg) > PST_MG_LIMIT;
        f->clamped[1] = fabs(eg) > PST_EG_LIMIT;
        int view = white_view(et, v, color, sq);
        f->offset_slot[0] = EVAL_SLOT(psqt[t][0][view]);
        f->offset_slot[1] = EVAL_SLOT(psqt[t][1][view]);
#define FEATURE(smg, seg, value) do { \
            f->feature[f->n].slot[0] = (smg); \
            f->feature[f->n].slot[1] = (seg); \
            f->feature[f->n].x = (value); \
            f->n++; \
        } while (0)
        FEATURE(EVAL_SLOT(rank[t][0]), EVAL_SLOT(rank[t][1]), s.rel);
        FEATURE(EVAL_SLOT(centre[t][0]), EVAL_SLOT(centre[t][1]), s.centre);
        FEATURE(EVAL_SLOT(wing[t][0]), EVAL_SLOT(wing[t][1]), s.fc);
        if (s.adv > 0) {
            FEATURE(EVAL_SLOT(pawn_push[t][0]), EVAL_TRACE_NONE, s.adv * push);
            FEATURE(EVAL_SLOT(pawn_push[t][1]), EVAL_TRACE_NONE, s.adv * (1 - push));
        }
        if (s.progressing)
            FEATURE(EVAL_SLOT(progress[t][0]), EVAL_SLOT(progress[t][1]),
                    s.p * s.p * et->advance_scale[t] / 256);
        else if (s.pressing)
            FEATURE(EVAL_SLOT(pressure[t][0]), EVAL_SLOT(pressure[t][1]), 1.0);
#undef FEATURE
    }
}

/* Does the piece slide straight forward (a rook line) from mid-board? */
static bool slides_ahead(const Variant *v, int type)
{
    const XbTable *t = &v->piece[type].table;
    int from = var_square(v, v->files / 2, v->ranks / 2);
    for (const XbRay *r = xb_rays_begin(t, WHITE, from); r < xb_rays_end(t, WHITE, from); r++) {
        if (!(r->flags & XB_RAY_SLIDE) || r->len < 2 || (r->mode & (XB_MODE_P | XB_MODE_G))
            || (r->flags & (XB_RAY_MULTILEG | XB_RAY_CASTLE)))
            continue;
        int to = t->steps[r->first].sq;
        if (to == from + v->files)
            return true;
    }
    return false;
}

/* Bishop and knight mate only in a corner of the bishop's square colour:
 * how much nearer a square is to such a corner than to one of the other
 * colour (in king steps; 0 where no corner has that colour, as on odd
 * boards).  The lone royal is driven toward the edge, then along it. */
static int corner_lead(const Variant *v, int f, int r, int colour)
{
    int near_same = 2 * MAX_FILES, near_other = 2 * MAX_FILES;
    for (int corner = 0; corner < 4; corner++) {
        int cf = corner & 1 ? v->files - 1 : 0, cr = corner & 2 ? v->ranks - 1 : 0;
        int a = abs(f - cf), b = abs(r - cr), dist = a > b ? a : b;
        int *near = ((cf + cr) & 1) == colour ? &near_same : &near_other;
        if (dist < *near)
            *near = dist;
    }
    return near_same > MAX_FILES || near_other > MAX_FILES ? 0 : near_other - near_same;
}

static void derive_geometry(EvalTables *et, const Variant *v)
{
    int nsq = v->files * v->ranks;
    for (int sq = 0; sq < nsq; sq++) {
        int f = var_file(v, sq), r = var_rank(v, sq);
        memset(&et->zone[sq], 0, sizeof et->zone[sq]);
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++) {
                int nf = f + df, nr = r + dr;
                if (nf >= 0 && nf < v->files && nr >= 0 && nr < v->ranks)
                    sqset_add(&et->zone[sq], var_square(v, nf, nr));
            }
        int cf = abs(2 * f - (v->files - 1)) / 2, cr = abs(2 * r - (v->ranks - 1)) / 2;
        et->center_dist[sq] = (int8_t)(cf > cr ? cf : cr);
        for (int colour = 0; colour < 2; colour++)
            et->corner_lead[colour][sq] = (int8_t)corner_lead(v, f, r, colour);
    }
}

/* What every weight is derived from: the pieces' kinds and values, the
 * rules, the geometry. */
static void derive_base(EvalTables *et, const Variant *v)
{
    et->nsq = v->files * v->ranks;
    et->rotated = v->rotated;
    for (int t = 0; t < v->ntypes; t++) {
        et->royal[t] = v->piece[t].royal;
        et->pawnlike[t] = derive_pawnlike(v, t);
    }
    derive_values(et, v);
    for (int t = 0; t < v->ntypes; t++) {
        double slide = average_mobility(v, t, true);
        et->slider[t] = slide > 0.5;
        et->file_slider[t] = !et->royal[t] && slides_ahead(v, t);
        double reach = et->royal[t] || et->pawnlike[t] ? 1.0 : reach_fraction(v, t);
        et->colour_bound[t] = reach > 0.4 && reach < 0.6;
        et->mob_expect[t] = (int)lround(4 * slide);
        int gain = promotion_gain(et, v, t);
        et->advance_scale[t] = gain >= FULL_ADVANCE_GAIN ? 256 : gain * 256 / FULL_ADVANCE_GAIN;
    }
    et->phase_total = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (!et->royal[t] && !et->pawnlike[t])
                et->phase_total += v->start_count[c][t] * et->value[t];
    et->checkmate_wins = v->royal_types && v->rules.checkmated == OUTCOME_LOSS && !v->has_drops;
    /* whoever loses everything (or is left with a bare king) wins */
    et->material_hurts = (v->rules.extinction && v->rules.extinction_together
                          && v->rules.extinction_result == OUTCOME_WIN)
                      || v->rules.bare_king == OUTCOME_WIN;
    derive_geometry(et, v);
}

static void set_pair(double *w, double mg, double eg)
{
    w[0] = mg;
    w[1] = eg;
}

/* The hand-set weights of each piece type, from its value and kind. */
static void default_piece_params(const EvalTables *et, const Variant *v, int t, EvalParams *p)
{
    int value = et->value[t];
    set_pair(p->material[t], value, value);
    set_pair(p->hand[t], et->hand_value[t], et->hand_value[t]);
    set_pair(p->mobility[t], 4, 5);
    int pair = et->colour_bound[t] ? value / 8 : 0;
    set_pair(p->pair[t], pair, pair * 3 / 2);
    int threat = value / 6 > 90 ? 90 : value / 6;
    set_pair(p->threat[t], threat, threat * 2 / 3);
    int w = value / 150;
    p->king_attack[t][0] = et->royal[t] || et->pawnlike[t] ? 0 : w < 1 ? 1 : w > 6 ? 6 : w;
    if (et->royal[t]) {
        /* Stay home while the board is full, walk to the centre later;
           where castling exists, the king belongs on a wing. */
        set_pair(p->rank[t], -12.0, 0);
        set_pair(p->centre[t], 0, 30.0);
        if (v->castling.enabled && v->castling.king == t)
            set_pair(p->wing[t], -24.0, 0);
    } else {
        /* Heavy pieces gain little from a central post early on (and
           should not be brought out first). */
        double k = et->pawnlike[t] ? 0.05 : 0.12;
        double centre = k * (value < 400 ? value : 400);
        set_pair(p->centre[t], centre, 0.6 * centre);
    }
    if (et->pawnlike[t]) {
        set_pair(p->pawn_push[t], 15.0, -5.0);
        set_pair(p->progress[t], 25, 70);
    }
    double pressure = 0.06 * promotion_gain(et, v, t);
    set_pair(p->pressure[t], pressure, pressure);
}

/* The hand-set weights: what the evaluation has always used. */
static void default_params(const EvalTables *et, const Variant *v, EvalParams *p)
{
    memset(p, 0, sizeof *p);
    for (int t = 0; t < v->ntypes; t++)
        default_piece_params(et, v, t, p);
    set_pair(p->tempo, 12, 6);
    set_pair(p->isolated, -8, -12);
    set_pair(p->doubled, -6, -14);
    for (int k = 0; k < EVAL_PASSED_STEPS; k++) {
        p->passed[0][k] = 5 + k * k / 8;
        p->passed[1][k] = 10 + k * k * 5 / 8;
    }
    set_pair(p->open_file, 22, 10);
    set_pair(p->half_open_file, 10, 5);
    set_pair(p->shield, 14, 7);
    set_pair(p->king_danger, 100, 25);
    set_pair(p->king_danger_curve, 3, 600);
    p->mop_up[0] = 20;
    p->mop_up[1] = 8;
    p->mop_up[2] = -15;
    p->mop_up[3] = 3;
    p->mop_up[4] = 100;
    p->bare_king[0] = 120;
    p->bare_king[1] = 50;
    p->bare_king[2] = 20;
    set_pair(p->drawish, 400, 350);
    set_pair(p->drawish_divisor, 16, 3);
}

static int whole(double x)
{
    return (int)lround(x);
}

static void copy_pair(int out[2][MAX_PIECE_TYPES], int t, const double *w)
{
    out[0][t] = whole(w[0]);
    out[1][t] = whole(w[1]);
}

/* The integer weights the evaluation reads, from et->params. */
static void build_weights(EvalTables *et, const Variant *v)
{
    const EvalParams *p = &et->params;
    for (int t = 0; t < v->ntypes; t++) {
        copy_pair(et->material, t, p->material[t]);
        copy_pair(et->hand, t, p->hand[t]);
        copy_pair(et->mobility, t, p->mobility[t]);
        copy_pair(et->pair, t, p->pair[t]);
        copy_pair(et->threat, t, p->threat[t]);
        et->attack_weight[t] = whole(p->king_attack[t][0]);
    }
    for (int ph = 0; ph < 2; ph++) {
        et->tempo[ph] = whole(p->tempo[ph]);
        et->isolated[ph] = whole(p->isolated[ph]);
        et->doubled[ph] = whole(p->doubled[ph]);
        for (int k = 0; k < EVAL_PASSED_STEPS; k++)
            et->passed[ph][k] = whole(p->passed[ph][k]);
        et->open_file[ph] = whole(p->open_file[ph]);
        et->half_open_file[ph] = whole(p->half_open_file[ph]);
        et->shield[ph] = whole(p->shield[ph]);
        et->king_danger[ph] = whole(p->king_danger[ph]);
        et->drawish[ph] = whole(p->drawish[ph]);
        /* the loader keeps divisors at 1 or more; trial values too */
        et->drawish_divisor[ph] = whole(p->drawish_divisor[ph]) < 1 ? 1
                                : whole(p->drawish_divisor[ph]);
    }
    et->danger_scale = whole(p->king_danger_curve[0]);
    et->danger_cap = whole(p->king_danger_curve[1]);
    for (int k = 0; k < EVAL_MOP_UP_TERMS; k++)
        et->mop_up[k] = whole(p->mop_up[k]);
    et->bare_king[0] = 0;
    for (int k = 0; k < 3; k++)
        et->bare_king[k + 1] = whole(p->bare_king[k]);
    for (int t = 0; t < v->ntypes; t++)
        for (int c = 0; c < 2; c++)
            build_pst_piece(et, v, t, c);
}

/* ---- the tables' life ---------------------------------------------------- */

EvalTables *eval_tables_create(const Variant *v)
{
    EvalTables *et = calloc(1, sizeof *et);
    if (!et)
        return NULL;
    derive_base(et, v);
    default_params(et, v, &et->params);
    eval_overrides_apply(&v->eval, &et->params);
    build_weights(et, v);
    return et;
}

EvalTables *eval_tables_create_with(const Variant *v, const EvalParams *p)
{
    EvalTables *et = calloc(1, sizeof *et);
    if (!et)
        return NULL;
    derive_base(et, v);
    et->params = *p;
    build_weights(et, v);
    return et;
}

const EvalParams *eval_tables_params(const EvalTables *et)
{
    return &et->params;
}

int eval_default_params(const Variant *v, EvalParams *out)
{
    EvalTables *et = calloc(1, sizeof *et);
    if (!et)
        return -1;
    derive_base(et, v);
    default_params(et, v, out);
    free(et);
    return 0;
}

static void mark(uint8_t *matters, int first, int n, bool on)
{
    for (int k = 0; k < n; k++)
        matters[first + k] = on;
}

#define MARK(field, on) mark(matters, EVAL_SLOT(field), \
                             (int)(sizeof ((EvalParams *)0)->field / sizeof(double)), on)

void eval_weights_that_matter(const EvalTables *et, const Variant *v, uint8_t *matters)
{
    bool pawns = false, royals = v->royal_types != 0, file_sliders = false;
    memset(matters, 0, EVAL_NSLOTS);
    for (int t = 0; t < v->ntypes; t++) {
        pawns |= et->pawnlike[t];
        file_sliders |= et->file_slider[t];
    }
    for (int t = 0; t < v->ntypes; t++) {
        bool piece = !et->royal[t] && !et->pawnlike[t];
        bool promotes = v->piece[t].can_promote || v->piece[t].promoted != NO_TYPE;
        MARK(material[t], true);
        bool reverts = v->piece[t].id[0] == '+' && v->hand.revert_promoted;
        MARK(hand[t], v->hand.enabled && !et->royal[t] && !reverts);
        MARK(mobility[t], piece && et->slider[t]);
        MARK(pair[t], piece && et->colour_bound[t]);
        MARK(threat[t], piece && pawns);
        MARK(king_attack[t], piece && royals);
        MARK(centre[t], true);
        MARK(rank[t], true);
        MARK(wing[t], true);
        MARK(pawn_push[t], et->pawnlike[t]);
        MARK(progress[t], et->pawnlike[t]);
        MARK(pressure[t], !et->pawnlike[t] && promotes);
        for (int ph = 0; ph < 2; ph++)
            for (int sq = 0; sq < et->nsq; sq++)
                matters[EVAL_SLOT(psqt[t][ph][sq])] = !v->geom.hole[sq];
    }
    MARK(tempo, true);
    MARK(isolated, pawns);
    MARK(doubled, pawns);
    MARK(passed, pawns);
    MARK(open_file, file_sliders);
    MARK(half_open_file, file_sliders);
    MARK(shield, pawns && royals && !v->has_drops);
    MARK(king_danger, royals);
    MARK(king_danger_curve, royals);
    MARK(mop_up, royals);
    MARK(bare_king, v->rules.bare_king != OUTCOME_NONE);
    MARK(drawish, et->checkmate_wins);
    MARK(drawish_divisor, et->checkmate_wins);
}

void eval_tables_destroy(EvalTables *et)
{
    if (et)
        nnue_net_free(et->net);
    free(et);
}

void eval_tables_set_net(EvalTables *et, NnueNet *net)
{
    if (et->net != net)
        nnue_net_free(et->net);
    et->net = net;
}

const NnueNet *eval_tables_net(const EvalTables *et)
{
    return et->net;
}

int eval_piece_value(const EvalTables *et, int type) { return et->value[type]; }
int eval_capture_value(const EvalTables *et, int type) { return et->capture_value[type]; }
bool eval_is_pawnlike(const EvalTables *et, int type) { return et->pawnlike[type]; }

bool eval_has_pieces(const EvalTables *et, const Position *pos, int color)
{
    const Variant *v = pos->v;
    for (int t = 0; t < v->ntypes; t++)
        if ((pos->count[color][t] && !et->royal[t] && !et->pawnlike[t]) || pos->hand[color][t])
            return true;
    return false;
}

