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
        if (pass && !(pt->has_extra && sqset_has(&pt->extra_region[color], from)))
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
        et->value[t] = pt->royal ? 0 : val < 10 ? 10 : val;
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

static void derive_pst_piece(EvalTables *et, const Variant *v, int t, int c)
{
    int home = home_rank(v, t, c);
    int nsq = v->files * v->ranks;
    double avg = average_mobility(v, t, false), maxd = 1;
    for (int sq = 0; sq < nsq; sq++) {
        int d = zone_distance(v, t, c, sq);
        if (d > maxd && standable(v, t, c, sq))
            maxd = d;
    }
    int promo_gain = promotion_gain(et, v, t);
    for (int sq = 0; sq < nsq; sq++) {
        if (!standable(v, t, c, sq) && !et->pawnlike[t])
            continue;
        double m = square_mobility(v, t, c, sq, false, false);
        double centre = avg > 0 ? (m - avg) / avg : 0;
        double mg, eg;
        if (et->royal[t]) {
            /* Stay home while the board is full, walk to the centre later. */
            int rel = c == WHITE ? var_rank(v, sq) : v->ranks - 1 - var_rank(v, sq);
            mg = -12.0 * rel;
            eg = 30.0 * centre;
            /* Where castling exists, the king belongs on a wing. */
            if (v->castling.enabled && v->castling.king == t)
                mg -= 24.0 * file_centrality(v, sq);
        } else {
            /* Heavy pieces gain little from a central post early on
               (and should not be brought out first). */
            double k = et->pawnlike[t] ? 0.05 : 0.12;
            mg = k * (et->value[t] < 400 ? et->value[t] : 400) * centre;
            eg = 0.6 * mg;
        }
        if (et->pawnlike[t] && home >= 0) {
            /* Centre pawns take space, wing pawns guard the king. */
            int rel = c == WHITE ? var_rank(v, sq) : v->ranks - 1 - var_rank(v, sq);
            int adv = rel - home;
            if (adv > 2) adv = 2;
            if (adv > 0) {
                double cf = file_centrality(v, sq);
                mg += adv * (20.0 * cf * cf - 5.0);
            }
        }
        int d = zone_distance(v, t, c, sq);
        et->progress[c][t][sq] = 0;
        if (d >= 0 && et->pawnlike[t]) {
            double p = (maxd - d) / maxd;
            if (p < 0) p = 0;
            et->progress[c][t][sq] = (int8_t)lround(16 * p);
            mg += 25 * p * p * et->advance_scale[t] / 256;
            eg += 70 * p * p * et->advance_scale[t] / 256;
        } else if (d >= 0 && d <= 1 && promo_gain > 0) {
            mg += 0.06 * promo_gain;   /* promotion pressure */
            eg += 0.06 * promo_gain;
        }
        if (mg > 120) mg = 120;
        if (mg < -120) mg = -120;
        if (eg > 150) eg = 150;
        if (eg < -150) eg = -150;
        et->pst[0][c][t][sq] = (int16_t)lround(mg);
        et->pst[1][c][t][sq] = (int16_t)lround(eg);
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
    }
}

static void derive_tables(EvalTables *et, const Variant *v)
{
    et->nsq = v->files * v->ranks;
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
        et->pair_bonus[t] = reach > 0.4 && reach < 0.6 ? et->value[t] / 8 : 0;
        et->mob_expect[t] = (int)lround(4 * slide);
        int gain = promotion_gain(et, v, t);
        et->advance_scale[t] = gain >= FULL_ADVANCE_GAIN ? 256 : gain * 256 / FULL_ADVANCE_GAIN;
        int w = et->value[t] / 150;
        et->attack_weight[t] = et->royal[t] || et->pawnlike[t] ? 0 : w < 1 ? 1 : w > 6 ? 6 : w;
        for (int c = 0; c < 2; c++)
            derive_pst_piece(et, v, t, c);
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

/* ---- the tables' life ---------------------------------------------------- */

EvalTables *eval_tables_create(const Variant *v)
{
    EvalTables *et = calloc(1, sizeof *et);
    if (et)
        derive_tables(et, v);
    return et;
}

void eval_tables_destroy(EvalTables *et)
{
    free(et);
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

