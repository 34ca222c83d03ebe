/*
 * eval.c — static evaluation derived from the variant definition.
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
 * Positional terms are tables computed per variant from the same
 * mobility (centralisation), the promotion zones (advancement of
 * pawn-like pieces, worth as much as the promotion gains; promotion
 * pressure), and the royal pieces (king safety from pieces whose reach
 * touches the royal's neighbourhood).  In endings the stronger side is
 * pulled toward mating a royal left without pawns (mop-up), and pawnless
 * endings whose extra material cannot mate are scaled toward a draw.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "search/eval.h"
#include "board/movegen.h"
#include "search/search.h"

#define RHO         0.30    /* typical share of occupied squares */
#define VAL_A       52.2    /* value = VAL_A*m + VAL_B*m^2 (m: mobility) */
#define VAL_B       1.111
#define FWD_WEIGHT  1.15
#define BACK_WEIGHT 0.85
#define MOVE_PART   0.45    /* share of a ray's worth in its non-captures */
#define HAND_BONUS  1.10    /* a piece in hand is worth more: it goes anywhere */
#define TEMPO       12
/* Material counts up to this much for either side's lead: more than any game
 * reaches (a whole shogi army in one hand is worth about 13600), so only
 * absurd positions -- a FEN with a hand of sixty queens -- are cut, and
 * their score stays far from the mate scores. */
#define MATERIAL_MAX 16000

_Static_assert(MATERIAL_MAX < EVAL_MAX && EVAL_MAX < SCORE_MATE - MAX_PV && EVAL_MAX <= INT16_MAX,
               "evaluations must stay below the mate scores and fit a hash entry");

enum {
    T_MATERIAL, T_PSQT, T_PAWNS, T_MOBILITY, T_KING, T_ENDGAME, T_TEMPO, NTERMS
};
static const char *const term_name[NTERMS] = {
    "Material", "Piece-square", "Pawn-like", "Mobility", "King safety", "Endgame", "Tempo"
};

struct EvalTables {
    int nsq;
    int value[MAX_PIECE_TYPES];
    int capture_value[MAX_PIECE_TYPES];
    int hand_value[MAX_PIECE_TYPES];
    bool pawnlike[MAX_PIECE_TYPES];
    bool slider[MAX_PIECE_TYPES];
    bool file_slider[MAX_PIECE_TYPES];    /* slides straight ahead: wants open files */
    int pair_bonus[MAX_PIECE_TYPES];      /* bound to one square colour: a pair on both */
    int advance_scale[MAX_PIECE_TYPES];   /* x256: what advancing a pawn-like is worth */
    bool royal[MAX_PIECE_TYPES];
    int mob_expect[MAX_PIECE_TYPES];      /* slider squares expected, x4 */
    int attack_weight[MAX_PIECE_TYPES];   /* king-attack units */
    int phase_total;                      /* piece material of the start position */
    bool checkmate_wins;                  /* mate is how a pawnless ending is won */
    bool material_hurts;                  /* losing everything wins (giveaway,
                                             suicide): material counts against */
    int16_t pst[2][2][MAX_PIECE_TYPES][MAX_SQUARES];   /* [mg/eg][colour][type][sq] */
    int8_t progress[2][MAX_PIECE_TYPES][MAX_SQUARES];   /* 0..16 toward promotion */
    SquareSet zone[MAX_SQUARES];          /* the royal's neighbourhood */
    int8_t center_dist[MAX_SQUARES];
};

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

/* ---- evaluation ---------------------------------------------------------- */

typedef struct {
    int acc[NTERMS][2];         /* white minus black, [mg, eg] */
    int royal_sq[2];            /* one royal per side, or -1 */
    int npm[2];                 /* piece material (not royals, not pawn-like) */
    int npawns[2], nonroyal[2], hand_count[2];
    int attack_units[2];        /* units of attack against colour c's royal */
    int attackers[2];
    int nfile_sliders[2];
    uint8_t colours[2][MAX_PIECE_TYPES];  /* square colours of colour-bound pieces */
    uint8_t pawn_sq[2][MAX_SQUARES];
    uint8_t file_slider_sq[2][MAX_SQUARES];
} EvalState;

static inline void add(EvalState *st, int term, int color, int mg, int eg)
{
    int s = color == WHITE ? 1 : -1;
    st->acc[term][0] += s * mg;
    st->acc[term][1] += s * eg;
}

static inline bool sqset_intersects(const SquareSet *a, const SquareSet *b)
{
    return (a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3]);
}

/* Squares a slider really reaches now (its leaps are in the tables). */
static int slider_mobility(const Position *pos, int type, int color, int from)
{
    const XbTable *t = &pos->v->piece[type].table;
    int n = 0;
    for (const XbRay *r = xb_rays_begin(t, color, from); r < xb_rays_end(t, color, from); r++) {
        if (!(r->flags & XB_RAY_SLIDE)
            || (r->flags & (XB_RAY_MULTILEG | XB_RAY_CASTLE | XB_RAY_LAME | XB_RAY_JUMP))
            || (r->mode & (XB_MODE_P | XB_MODE_G)))
            continue;
        const XbStep *s = t->steps + r->first;
        for (int k = 0; k < r->len; k++) {
            uint8_t code = pos->board[s[k].sq];
            if (code == EMPTY) {
                n += (r->mode & XB_MODE_M) != 0;
                continue;
            }
            n += code_color(code) != color && (r->mode & XB_MODE_C);
            break;
        }
    }
    return n;
}

/* Does the piece on `from` attack a square of the royal's zone now
 * (blockers counted)?  `reach` is where it could ever capture. */
static bool attacks_zone(const Position *pos, int from, const SquareSet *reach,
                         const SquareSet *zone)
{
    for (int w = 0; w < 4; w++) {
        uint64_t bits = reach->w[w] & zone->w[w];
        while (bits) {
            int z = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            if (attack_from(pos, from, z))
                return true;
        }
    }
    return false;
}

static void find_royals(const EvalTables *et, const Position *pos, EvalState *st)
{
    for (int c = 0; c < 2; c++) {
        st->royal_sq[c] = -1;
        int n = 0;
        for (int i = 0; i < pos->nlist[c]; i++) {
            int sq = pos->list[c][i];
            if (et->royal[code_type(pos->board[sq])]) {
                st->royal_sq[c] = sq;
                n++;
            }
        }
        if (n > 1)
            st->royal_sq[c] = -1;    /* spare royals: no single king to attack */
    }
}

static void eval_pieces(const EvalTables *et, const Position *pos, EvalState *st, int c)
{
    int enemy_royal = st->royal_sq[!c];
    for (int i = 0; i < pos->nlist[c]; i++) {
        int sq = pos->list[c][i];
        int t = code_type(pos->board[sq]);
        add(st, T_MATERIAL, c, et->value[t], et->value[t]);
        add(st, T_PSQT, c, et->pst[0][c][t][sq], et->pst[1][c][t][sq]);
        if (et->royal[t])
            continue;
        st->nonroyal[c]++;
        if (et->pawnlike[t]) {
            st->pawn_sq[c][st->npawns[c]++] = (uint8_t)sq;
            continue;
        }
        st->npm[c] += et->value[t];
        if (et->pair_bonus[t])
            st->colours[c][t] |= (uint8_t)(1 << ((var_file(pos->v, sq) + var_rank(pos->v, sq)) & 1));
        if (et->file_slider[t])
            st->file_slider_sq[c][st->nfile_sliders[c]++] = (uint8_t)sq;
        if (et->slider[t]) {
            int m = 4 * slider_mobility(pos, t, c, sq) - et->mob_expect[t];
            add(st, T_MOBILITY, c, m, m * 5 / 4);
        }
        if (enemy_royal >= 0 && attacks_zone(pos, sq, &pos->v->reach[(t * 2 + c) * et->nsq + sq],
                                             &et->zone[enemy_royal])) {
            st->attack_units[!c] += et->attack_weight[t];
            st->attackers[!c]++;
        }
    }
    for (int t = 0; t < pos->v->ntypes; t++) {
        int n = pos->hand[c][t];
        if (!n)
            continue;
        add(st, T_MATERIAL, c, n * et->hand_value[t], n * et->hand_value[t]);
        st->hand_count[c] += n;
        if (!et->pawnlike[t])
            st->npm[c] += n * et->value[t];
        /* a piece in hand can be dropped next to the king */
        st->attack_units[!c] += n * (et->attack_weight[t] + 1) / 2;
        st->attackers[!c] += n;
    }
}

/* An enemy piece (not pawn-like, not royal) that the pawn-like piece on
 * sq attacks must move: a threat worth part of its value. */
static void pawn_threats(const EvalTables *et, const Position *pos, EvalState *st, int c, int sq)
{
    const XbTable *t = &pos->v->piece[code_type(pos->board[sq])].table;
    for (const XbRay *r = xb_rays_begin(t, c, sq); r < xb_rays_end(t, c, sq); r++) {
        if (!(r->mode & XB_MODE_C) || (r->mode & (XB_MODE_P | XB_MODE_G))
            || (r->flags & (XB_RAY_MULTILEG | XB_RAY_CASTLE | XB_RAY_LAME | XB_RAY_JUMP)))
            continue;
        uint8_t code = pos->board[t->steps[r->first].sq];
        if (code == EMPTY || code == HOLE || code_color(code) == c)
            continue;
        int vt = code_type(code);
        if (et->royal[vt] || et->pawnlike[vt])
            continue;
        int bonus = et->value[vt] / 6;
        if (bonus > 90)
            bonus = 90;
        add(st, T_PAWNS, c, bonus, bonus * 2 / 3);
    }
}

static void eval_pawns(const EvalTables *et, const Position *pos, EvalState *st)
{
    const Variant *v = pos->v;
    int count[2][MAX_FILES] = { { 0 } }, front[2][MAX_FILES];
    for (int f = 0; f < v->files; f++) {
        front[WHITE][f] = v->ranks;   /* lowest white pawn-like rank */
        front[BLACK][f] = -1;         /* highest black pawn-like rank */
    }
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->npawns[c]; i++) {
            int sq = st->pawn_sq[c][i], f = var_file(v, sq), r = var_rank(v, sq);
            count[c][f]++;
            if (c == WHITE ? r < front[WHITE][f] : r > front[BLACK][f])
                front[c][f] = r;
        }
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->npawns[c]; i++) {
            int sq = st->pawn_sq[c][i], f = var_file(v, sq), r = var_rank(v, sq);
            int t = code_type(pos->board[sq]);
            bool left = f > 0 && count[c][f - 1], right = f + 1 < v->files && count[c][f + 1];
            if (!left && !right)
                add(st, T_PAWNS, c, -8, -12);
            if (count[c][f] > 1)
                add(st, T_PAWNS, c, -6, -14);
            bool passed = true;
            for (int df = -1; df <= 1 && passed; df++) {
                int nf = f + df;
                if (nf < 0 || nf >= v->files)
                    continue;
                if (c == WHITE ? front[BLACK][nf] > r : front[WHITE][nf] < r)
                    passed = false;
            }
            if (passed) {
                /* Where pieces drop back in, no pawn is free for long. */
                int p = et->progress[c][t][sq];   /* 0..16 */
                int mg = (5 + p * p / 8) * et->advance_scale[t] / 256;
                int eg = (10 + p * p * 5 / 8) * et->advance_scale[t] / 256;
                if (v->has_drops) {
                    mg /= 2;
                    eg /= 2;
                }
                add(st, T_PAWNS, c, mg, eg);
            }
        }
    /* Colour-bound pieces in pairs cover the whole board. */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (st->colours[c][t] == 3)
                add(st, T_MATERIAL, c, et->pair_bonus[t], et->pair_bonus[t] * 3 / 2);
    /* Pieces attacked by pawn-likes. */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->npawns[c]; i++)
            pawn_threats(et, pos, st, c, st->pawn_sq[c][i]);
    /* Rook-like pieces on files without own (and enemy) pawn-likes. */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->nfile_sliders[c]; i++) {
            int f = var_file(v, st->file_slider_sq[c][i]);
            if (count[c][f])
                continue;
            if (count[!c][f])
                add(st, T_MOBILITY, c, 10, 5);
            else
                add(st, T_MOBILITY, c, 22, 10);
        }
}

/* Own pawn-like pieces in front of a royal that is still at home. */
static int pawn_shield(const EvalTables *et, const Position *pos, int c, int king)
{
    const Variant *v = pos->v;
    int f = var_file(v, king), r = var_rank(v, king);
    int rel = c == WHITE ? r : v->ranks - 1 - r, dir = c == WHITE ? 1 : -1;
    if (rel > 1)
        return 0;
    int bonus = 0;
    for (int df = -1; df <= 1; df++) {
        int nf = f + df;
        if (nf < 0 || nf >= v->files)
            continue;
        for (int step = 1; step <= 2; step++) {
            int nr = r + step * dir;
            if (nr < 0 || nr >= v->ranks)
                break;
            uint8_t code = pos->board[var_square(v, nf, nr)];
            if (code != EMPTY && code != HOLE && code_color(code) == c
                && et->pawnlike[code_type(code)]) {
                bonus += step == 1 ? 14 : 7;
                break;
            }
        }
    }
    return bonus;
}

static void eval_king(const EvalTables *et, const Position *pos, EvalState *st)
{
    for (int c = 0; c < 2; c++) {
        if (st->royal_sq[c] >= 0 && !pos->v->has_drops)
            add(st, T_KING, c, pawn_shield(et, pos, c, st->royal_sq[c]), 0);
        if (st->royal_sq[c] < 0 || st->attackers[c] < 2)
            continue;
        int u = st->attack_units[c];
        int penalty = u * u * 3;
        if (penalty > 600)
            penalty = 600;
        add(st, T_KING, c, -penalty, -penalty / 4);
    }
}

/* Squares next to the royal on ws that it could step to unattacked:
 * taking them away one by one is how weak pieces mate. */
static int royal_flights(const EvalTables *et, const Position *pos, int ws, int strong)
{
    int n = 0;
    for (int w = 0; w < 4; w++) {
        uint64_t bits = et->zone[ws].w[w];
        while (bits) {
            int s = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            uint8_t code = pos->board[s];
            if (s != ws && code != HOLE && (code == EMPTY || code_color(code) == strong)
                && !attack_square(pos, s, strong))
                n++;
        }
    }
    return n;
}

static int chebyshev(const Variant *v, int a, int b)
{
    int df = abs(var_file(v, a) - var_file(v, b)), dr = abs(var_rank(v, a) - var_rank(v, b));
    return df > dr ? df : dr;
}

/* Mating a royal whose side has no pawns left against much more material:
 * drive it to the edge, take its flight squares, and bring our royal and
 * pieces close.  Short-range pieces (ferz, wazir) mate only from next to
 * it; without that pull they never arrive. */
static void mop_up(const EvalTables *et, const Position *pos, EvalState *st, int c)
{
    const Variant *v = pos->v;
    int ws = st->royal_sq[!c];
    int bonus = 20 * et->center_dist[ws] + 8 * (MAX_FILES - chebyshev(v, st->royal_sq[c], ws))
              - 15 * royal_flights(et, pos, ws, c);
    for (int i = 0; i < pos->nlist[c]; i++) {
        int sq = pos->list[c][i], t = code_type(pos->board[sq]);
        if (!et->royal[t] && !et->pawnlike[t])
            bonus += 3 * (MAX_FILES - chebyshev(v, sq, ws));
    }
    add(st, T_ENDGAME, c, 0, bonus);
}

/* Mop-up where one side has no pawns left and far less material; where a
 * bare king loses, a bonus for stripping the last pieces. */
static void eval_endgame(const EvalTables *et, const Position *pos, EvalState *st)
{
    const Variant *v = pos->v;
    for (int c = 0; c < 2; c++) {
        int weak = !c;
        int ours = st->npm[c] + 100 * st->npawns[c];
        if (!st->npawns[weak] && !st->hand_count[weak] && st->royal_sq[weak] >= 0
            && st->royal_sq[c] >= 0 && ours >= 300 && ours >= st->npm[weak] + 300)
            mop_up(et, pos, st, c);
    }
    if (v->rules.bare_king != OUTCOME_NONE) {
        static const int bare_bonus[4] = { 0, 120, 50, 20 };
        for (int c = 0; c < 2; c++)
            if (st->nonroyal[!c] < 4)
                add(st, T_ENDGAME, c, bare_bonus[st->nonroyal[!c]], bare_bonus[st->nonroyal[!c]]);
    }
}

/* Pawnless endings where the stronger side's extra material cannot mate.
 * Where a bare king loses, material wins by capturing, not by mating. */
static int scale_drawish(const EvalTables *et, const Position *pos, const EvalState *st, int score)
{
    if (!et->checkmate_wins || score == 0 || pos->v->rules.bare_king == OUTCOME_LOSS)
        return score;
    int strong = score > 0 ? WHITE : BLACK;
    if (st->npawns[strong])
        return score;
    if (st->npm[strong] <= 400)
        return score / 16;
    if (st->npm[strong] - st->npm[!strong] <= 350)
        return score / 3;
    return score;
}

static inline int clamp_abs(int x, int limit)
{
    return x > limit ? limit : x < -limit ? -limit : x;
}

static int eval_run(const EvalTables *et, const Position *pos, EvalState *st, int *phase_out)
{
    memset(st->acc, 0, sizeof st->acc);
    st->npm[0] = st->npm[1] = st->npawns[0] = st->npawns[1] = 0;
    st->nonroyal[0] = st->nonroyal[1] = st->hand_count[0] = st->hand_count[1] = 0;
    st->attack_units[0] = st->attack_units[1] = st->attackers[0] = st->attackers[1] = 0;
    st->nfile_sliders[0] = st->nfile_sliders[1] = 0;
    memset(st->colours, 0, sizeof st->colours);
    find_royals(et, pos, st);
    eval_pieces(et, pos, st, WHITE);
    eval_pieces(et, pos, st, BLACK);
    eval_pawns(et, pos, st);
    eval_king(et, pos, st);
    eval_endgame(et, pos, st);
    add(st, T_TEMPO, pos->side, TEMPO, TEMPO / 2);

    int total = et->phase_total, npm = st->npm[0] + st->npm[1];
    int phase = total > 0 ? (npm >= total ? 256 : npm * 256 / total) : 0;
    if (et->material_hurts) {
        st->acc[T_MATERIAL][0] = -st->acc[T_MATERIAL][0];
        st->acc[T_MATERIAL][1] = -st->acc[T_MATERIAL][1];
    }
    st->acc[T_MATERIAL][0] = clamp_abs(st->acc[T_MATERIAL][0], MATERIAL_MAX);
    st->acc[T_MATERIAL][1] = clamp_abs(st->acc[T_MATERIAL][1], MATERIAL_MAX);
    int mg = 0, eg = 0;
    for (int i = 0; i < NTERMS; i++) {
        mg += st->acc[i][0];
        eg += st->acc[i][1];
    }
    int score = (mg * phase + eg * (256 - phase)) / 256;
    score = scale_drawish(et, pos, st, score);
    /* the other terms too grow with the number of pieces (mobility of a
       board full of sliders): the bound holds whatever the position */
    score = clamp_abs(score, EVAL_MAX - 1);
    if (phase_out)
        *phase_out = phase;
    return pos->side == WHITE ? score : -score;
}

int eval_position(const EvalTables *et, const Position *pos)
{
    EvalState st;
    return eval_run(et, pos, &st, NULL);
}

void eval_print(const EvalTables *et, const Position *pos, FILE *out)
{
    const Variant *v = pos->v;
    EvalState st;
    int phase;
    int score = eval_run(et, pos, &st, &phase);
    fprintf(out, "Piece values (board / hand):\n");
    for (int t = 0; t < v->ntypes; t++)
        fprintf(out, "  %-3s %-14s %5d / %5d%s%s\n", v->piece[t].id, v->piece[t].name,
                et->value[t], et->hand_value[t], et->royal[t] ? "  royal" : "",
                et->pawnlike[t] ? "  pawn-like" : "");
    fprintf(out, "\n%-14s %8s %8s   (white's view)\n", "Term", "MG", "EG");
    int mg = 0, eg = 0;
    for (int i = 0; i < NTERMS; i++) {
        fprintf(out, "%-14s %8d %8d\n", term_name[i], st.acc[i][0], st.acc[i][1]);
        mg += st.acc[i][0];
        eg += st.acc[i][1];
    }
    fprintf(out, "%-14s %8d %8d\n", "Total", mg, eg);
    fprintf(out, "Phase %d/256 (256 = opening)\n", phase);
    int white = pos->side == WHITE ? score : -score;
    fprintf(out, "Evaluation: %+d (white's view), %+d (side to move)\n", white, score);
}
