/*
 * eval.c — static evaluation: terms read from the variant's tables
 * (eval_tables.c), each with a middlegame and an endgame value, blended
 * by the material left on the board.
 *
 * Material and piece-square tables; the structure of pawn-like pieces
 * (isolated, doubled, passed, threats to pieces); slider mobility and
 * rook-like pieces on open files; king safety from pieces whose reach
 * touches the royal's neighbourhood, and pawn shields.  In endings the
 * stronger side is pulled toward mating a royal left without pawns
 * (mop-up), and pawnless endings whose extra material cannot mate are
 * scaled toward a draw.
 */
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "search/eval_internal.h"
#include "search/search.h"

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

/* ---- evaluation ---------------------------------------------------------- */

/* The evaluation is compiled twice: as it plays (trace NULL, every trace
 * statement folded away) and for the tuner (eval_trace).  Every function
 * that takes the trace is inlined into both so that the constant NULL
 * reaches every test of it. */
#define EVAL_INLINE static inline __attribute__((always_inline))

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
    bool negate_material;       /* material counts against its owner (traces) */
} EvalState;

/* Record one term in a trace (out of line: only the tuner gets here). */
static void trace_push(EvalTrace *tr, int sign, int mg, int eg, const int slot[2],
                       const double coef[2])
{
    if (tr->n >= EVAL_TRACE_MAX) {
        tr->overflow = true;
        return;
    }
    EvalTraceTerm *x = &tr->term[tr->n++];
    for (int ph = 0; ph < 2; ph++) {
        x->slot[ph] = slot[ph];
        x->coef[ph] = sign * coef[ph];
    }
    x->value[0] = sign * mg;
    x->value[1] = sign * eg;
}

/* Add mg/eg to `color`'s side of a term; in a trace, mg is recorded as
 * coef_mg x the weight in slot_mg (and eg likewise). */
EVAL_INLINE void add(EvalState *st, EvalTrace *tr, int term, int color, int mg, int eg,
                     int slot_mg, int slot_eg, double coef_mg, double coef_eg)
{
    int s = color == WHITE ? 1 : -1;
    st->acc[term][0] += s * mg;
    st->acc[term][1] += s * eg;
    if (tr) {
        int slot[2] = { slot_mg, slot_eg };
        double coef[2] = { coef_mg, coef_eg };
        trace_push(tr, term == T_MATERIAL && st->negate_material ? -s : s, mg, eg, slot, coef);
    }
}

/* A term whose weights are a [mg, eg] pair starting at `slot`. */
EVAL_INLINE void add_pair(EvalState *st, EvalTrace *tr, int term, int color, int mg, int eg,
                          int slot, double coef)
{
    add(st, tr, term, color, mg, eg, slot, slot + 1, coef, coef);
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

EVAL_INLINE void eval_hand(const EvalTables *et, const Position *pos, EvalState *st,
                           EvalTrace *tr, int c)
{
    for (int t = 0; t < pos->v->ntypes; t++) {
        int n = pos->hand[c][t];
        if (!n)
            continue;
        add_pair(st, tr, T_MATERIAL, c, n * et->hand[0][t], n * et->hand[1][t],
                 EVAL_SLOT(hand[t]), n);
        st->hand_count[c] += n;
        if (!et->pawnlike[t])
            st->npm[c] += n * et->value[t];
        /* a piece in hand can be dropped next to the king */
        st->attack_units[!c] += n * (et->attack_weight[t] + 1) / 2;
        st->attackers[!c] += n;
    }
}

EVAL_INLINE void eval_pieces(const EvalTables *et, const Position *pos, EvalState *st,
                             EvalTrace *tr, int c)
{
    int enemy_royal = st->royal_sq[!c];
    for (int i = 0; i < pos->nlist[c]; i++) {
        int sq = pos->list[c][i];
        int t = code_type(pos->board[sq]);
        add_pair(st, tr, T_MATERIAL, c, et->material[0][t], et->material[1][t],
                 EVAL_SLOT(material[t]), 1);
        add(st, tr, T_PSQT, c, et->pst[0][c][t][sq], et->pst[1][c][t][sq],
            EVAL_TRACE_PST(c, t, sq), EVAL_TRACE_PST(c, t, sq), 1, 1);
        if (et->royal[t])
            continue;
        st->nonroyal[c]++;
        if (et->pawnlike[t]) {
            st->pawn_sq[c][st->npawns[c]++] = (uint8_t)sq;
            continue;
        }
        st->npm[c] += et->value[t];
        if (et->colour_bound[t])
            st->colours[c][t] |= (uint8_t)(1 << ((var_file(pos->v, sq) + var_rank(pos->v, sq)) & 1));
        if (et->file_slider[t])
            st->file_slider_sq[c][st->nfile_sliders[c]++] = (uint8_t)sq;
        if (et->slider[t]) {
            int m = 4 * slider_mobility(pos, t, c, sq) - et->mob_expect[t];
            add_pair(st, tr, T_MOBILITY, c, et->mobility[0][t] * m / 4, et->mobility[1][t] * m / 4,
                     EVAL_SLOT(mobility[t]), m / 4.0);
        }
        if (enemy_royal >= 0 && attacks_zone(pos, sq, &pos->v->reach[(t * 2 + c) * et->nsq + sq],
                                             &et->zone[enemy_royal])) {
            st->attack_units[!c] += et->attack_weight[t];
            st->attackers[!c]++;
        }
    }
    eval_hand(et, pos, st, tr, c);
}

/* An enemy piece (not pawn-like, not royal) that the pawn-like piece on
 * sq attacks must move: a threat worth part of its value. */
EVAL_INLINE void pawn_threats(const EvalTables *et, const Position *pos, EvalState *st,
                              EvalTrace *tr, int c, int sq)
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
        add_pair(st, tr, T_PAWNS, c, et->threat[0][vt], et->threat[1][vt],
                 EVAL_SLOT(threat[vt]), 1);
    }
}

/* A passed pawn-like piece, by its progress toward promotion. */
EVAL_INLINE void passed_pawn(const EvalTables *et, const Position *pos, EvalState *st,
                             EvalTrace *tr, int c, int sq)
{
    int t = code_type(pos->board[sq]);
    int p = et->progress[c][t][sq];   /* 0..16 */
    int scale = et->advance_scale[t];
    int mg = et->passed[0][p] * scale / 256;
    int eg = et->passed[1][p] * scale / 256;
    double coef = scale / 256.0;
    /* Where pieces drop back in, no pawn is free for long. */
    if (pos->v->has_drops) {
        mg /= 2;
        eg /= 2;
        coef /= 2;
    }
    add(st, tr, T_PAWNS, c, mg, eg, EVAL_SLOT(passed[0][p]), EVAL_SLOT(passed[1][p]), coef, coef);
}

EVAL_INLINE void eval_pawns(const EvalTables *et, const Position *pos, EvalState *st,
                            EvalTrace *tr)
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
            bool left = f > 0 && count[c][f - 1], right = f + 1 < v->files && count[c][f + 1];
            if (!left && !right)
                add_pair(st, tr, T_PAWNS, c, et->isolated[0], et->isolated[1],
                         EVAL_SLOT(isolated), 1);
            if (count[c][f] > 1)
                add_pair(st, tr, T_PAWNS, c, et->doubled[0], et->doubled[1],
                         EVAL_SLOT(doubled), 1);
            bool passed = true;
            for (int df = -1; df <= 1 && passed; df++) {
                int nf = f + df;
                if (nf < 0 || nf >= v->files)
                    continue;
                if (c == WHITE ? front[BLACK][nf] > r : front[WHITE][nf] < r)
                    passed = false;
            }
            if (passed)
                passed_pawn(et, pos, st, tr, c, sq);
        }
    /* Colour-bound pieces in pairs cover the whole board. */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (st->colours[c][t] == 3)
                add_pair(st, tr, T_MATERIAL, c, et->pair[0][t], et->pair[1][t],
                         EVAL_SLOT(pair[t]), 1);
    /* Pieces attacked by pawn-likes. */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->npawns[c]; i++)
            pawn_threats(et, pos, st, tr, c, st->pawn_sq[c][i]);
    /* Rook-like pieces on files without own (and enemy) pawn-likes. */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < st->nfile_sliders[c]; i++) {
            int f = var_file(v, st->file_slider_sq[c][i]);
            if (count[c][f])
                continue;
            if (count[!c][f])
                add_pair(st, tr, T_MOBILITY, c, et->half_open_file[0], et->half_open_file[1],
                         EVAL_SLOT(half_open_file), 1);
            else
                add_pair(st, tr, T_MOBILITY, c, et->open_file[0], et->open_file[1],
                         EVAL_SLOT(open_file), 1);
        }
}

/* Own pawn-like pieces in front of a royal that is still at home: how
 * many one rank ahead (near) and two ranks ahead (far). */
static void pawn_shield(const EvalTables *et, const Position *pos, int c, int king,
                        int *near, int *far)
{
    const Variant *v = pos->v;
    int f = var_file(v, king), r = var_rank(v, king);
    int rel = c == WHITE ? r : v->ranks - 1 - r, dir = c == WHITE ? 1 : -1;
    *near = *far = 0;
    if (rel > 1)
        return;
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
                ++*(step == 1 ? near : far);
                break;
            }
        }
    }
}

EVAL_INLINE void eval_king(const EvalTables *et, const Position *pos, EvalState *st,
                           EvalTrace *tr)
{
    for (int c = 0; c < 2; c++) {
        if (st->royal_sq[c] >= 0 && !pos->v->has_drops) {
            int near, far;
            pawn_shield(et, pos, c, st->royal_sq[c], &near, &far);
            add(st, tr, T_KING, c, near * et->shield[0], 0, EVAL_SLOT(shield[0]),
                EVAL_TRACE_NONE, near, 0);
            add(st, tr, T_KING, c, far * et->shield[1], 0, EVAL_SLOT(shield[1]),
                EVAL_TRACE_NONE, far, 0);
        }
        if (st->royal_sq[c] < 0 || st->attackers[c] < 2)
            continue;
        /* The curve is not linear: a trace records only how the danger
           is taken off in each phase. */
        long long u = st->attack_units[c];
        long long danger = u * u * et->danger_scale;
        if (danger > et->danger_cap)
            danger = et->danger_cap;
        add_pair(st, tr, T_KING, c, -(int)(danger * et->king_danger[0] / 100),
                 -(int)(danger * et->king_danger[1] / 100), EVAL_SLOT(king_danger),
                 -(double)danger / 100);
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
EVAL_INLINE void mop_up(const EvalTables *et, const Position *pos, EvalState *st, EvalTrace *tr,
                        int c)
{
    const Variant *v = pos->v;
    int ws = st->royal_sq[!c];
    int part[EVAL_MOP_UP_TERMS];
    part[0] = et->center_dist[ws];
    part[1] = MAX_FILES - chebyshev(v, st->royal_sq[c], ws);
    part[2] = royal_flights(et, pos, ws, c);
    part[3] = 0;
    int bound_colours = 0;   /* square colours our colour-bound pieces stand on */
    bool free_piece = false; /* and a piece that reaches both */
    for (int i = 0; i < pos->nlist[c]; i++) {
        int sq = pos->list[c][i], t = code_type(pos->board[sq]);
        if (et->royal[t] || et->pawnlike[t])
            continue;
        part[3] += MAX_FILES - chebyshev(v, sq, ws);
        bound_colours |= st->colours[c][t];   /* 0 unless colour-bound */
        free_piece |= !et->colour_bound[t];
    }
    /* Against a bare royal, bishop and knight (pieces bound to one square
       colour, and others) mate only in a corner of the bishop's colour. */
    bool bare = st->nonroyal[!c] == 0 && st->npawns[c] == 0;
    part[4] = bare && free_piece && (bound_colours == 1 || bound_colours == 2)
            ? et->corner_lead[bound_colours - 1][ws] : 0;
    for (int k = 0; k < EVAL_MOP_UP_TERMS; k++)
        add(st, tr, T_ENDGAME, c, 0, et->mop_up[k] * part[k], EVAL_TRACE_NONE,
            EVAL_SLOT(mop_up[k]), 0, part[k]);
}

/* Mop-up where one side has no pawns left and far less material; where a
 * bare king loses, a bonus for stripping the last pieces. */
EVAL_INLINE void eval_endgame(const EvalTables *et, const Position *pos, EvalState *st,
                              EvalTrace *tr)
{
    const Variant *v = pos->v;
    for (int c = 0; c < 2; c++) {
        int weak = !c;
        int ours = st->npm[c] + 100 * st->npawns[c];
        if (!st->npawns[weak] && !st->hand_count[weak] && st->royal_sq[weak] >= 0
            && st->royal_sq[c] >= 0 && ours >= 300 && ours >= st->npm[weak] + 300)
            mop_up(et, pos, st, tr, c);
    }
    if (v->rules.bare_king != OUTCOME_NONE) {
        for (int c = 0; c < 2; c++) {
            int left = st->nonroyal[!c];
            if (left >= 4)
                continue;
            int slot = left ? EVAL_SLOT(bare_king[left - 1]) : EVAL_TRACE_NONE;
            add(st, tr, T_ENDGAME, c, et->bare_king[left], et->bare_king[left], slot, slot,
                1, 1);
        }
    }
}

/* Pawnless endings where the stronger side's extra material cannot mate:
 * what the score is divided by (1: not such an ending).  Where a bare
 * king loses, material wins by capturing, not by mating. */
static int drawish_divisor(const EvalTables *et, const Position *pos, const EvalState *st,
                           int score)
{
    if (!et->checkmate_wins || score == 0 || pos->v->rules.bare_king == OUTCOME_LOSS)
        return 1;
    int strong = score > 0 ? WHITE : BLACK;
    if (st->npawns[strong])
        return 1;
    if (st->npm[strong] <= et->drawish[0])
        return et->drawish_divisor[0];
    if (st->npm[strong] - st->npm[!strong] <= et->drawish[1])
        return et->drawish_divisor[1];
    return 1;
}

static inline int clamp_abs(int x, int limit)
{
    return x > limit ? limit : x < -limit ? -limit : x;
}

EVAL_INLINE int eval_run(const EvalTables *et, const Position *pos, EvalState *st,
                         int *phase_out, EvalTrace *tr)
{
    memset(st->acc, 0, sizeof st->acc);
    st->npm[0] = st->npm[1] = st->npawns[0] = st->npawns[1] = 0;
    st->nonroyal[0] = st->nonroyal[1] = st->hand_count[0] = st->hand_count[1] = 0;
    st->attack_units[0] = st->attack_units[1] = st->attackers[0] = st->attackers[1] = 0;
    st->nfile_sliders[0] = st->nfile_sliders[1] = 0;
    memset(st->colours, 0, sizeof st->colours);
    if (tr) {
        tr->n = 0;
        tr->overflow = tr->clamped = false;
        st->negate_material = et->material_hurts;
    }
    find_royals(et, pos, st);
    eval_pieces(et, pos, st, tr, WHITE);
    eval_pieces(et, pos, st, tr, BLACK);
    eval_pawns(et, pos, st, tr);
    eval_king(et, pos, st, tr);
    eval_endgame(et, pos, st, tr);
    add_pair(st, tr, T_TEMPO, pos->side, et->tempo[0], et->tempo[1], EVAL_SLOT(tempo), 1);

    int total = et->phase_total, npm = st->npm[0] + st->npm[1];
    int phase = total > 0 ? (npm >= total ? 256 : npm * 256 / total) : 0;
    if (et->material_hurts) {
        st->acc[T_MATERIAL][0] = -st->acc[T_MATERIAL][0];
        st->acc[T_MATERIAL][1] = -st->acc[T_MATERIAL][1];
    }
    if (tr && (abs(st->acc[T_MATERIAL][0]) > MATERIAL_MAX
               || abs(st->acc[T_MATERIAL][1]) > MATERIAL_MAX))
        tr->clamped = true;
    st->acc[T_MATERIAL][0] = clamp_abs(st->acc[T_MATERIAL][0], MATERIAL_MAX);
    st->acc[T_MATERIAL][1] = clamp_abs(st->acc[T_MATERIAL][1], MATERIAL_MAX);
    int mg = 0, eg = 0;
    for (int i = 0; i < NTERMS; i++) {
        mg += st->acc[i][0];
        eg += st->acc[i][1];
    }
    int score = (mg * phase + eg * (256 - phase)) / 256;
    int divisor = drawish_divisor(et, pos, st, score);
    score /= divisor;
    /* the other terms too grow with the number of pieces (mobility of a
       board full of sliders): the bound holds whatever the position */
    if (tr) {
        tr->clamped |= abs(score) > EVAL_MAX - 1;
        tr->phase = phase;
        tr->divisor = divisor;
    }
    score = clamp_abs(score, EVAL_MAX - 1);
    if (tr)
        tr->eval = score;
    if (phase_out)
        *phase_out = phase;
    return pos->side == WHITE ? score : -score;
}

int eval_position(const EvalTables *et, const Position *pos)
{
    if (et->net)
        return clamp_abs(nnue_evaluate(et->net, pos), EVAL_MAX - 1);
    EvalState st;
    return eval_run(et, pos, &st, NULL, NULL);
}

int eval_trace(const EvalTables *et, const Position *pos, EvalTrace *tr)
{
    EvalState st;
    return eval_run(et, pos, &st, NULL, tr);
}

void eval_print(const EvalTables *et, const Position *pos, FILE *out)
{
    const Variant *v = pos->v;
    EvalState st;
    int phase;
    int score = eval_run(et, pos, &st, &phase, NULL);
    fprintf(out, "Piece values (board / hand):\n");
    for (int t = 0; t < v->ntypes; t++) {
        fprintf(out, "  %-3s %-14s %5d / %5d", v->piece[t].id, v->piece[t].name,
                et->material[0][t], et->hand[0][t]);
        if (et->material[1][t] != et->material[0][t] || et->hand[1][t] != et->hand[0][t])
            fprintf(out, "  (endgame %d / %d)", et->material[1][t], et->hand[1][t]);
        fprintf(out, "%s%s\n", et->royal[t] ? "  royal" : "", et->pawnlike[t] ? "  pawn-like" : "");
    }
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
    int blended = (mg * phase + eg * (256 - phase)) / 256;
    if (blended != white)   /* drawish scaling or the bound on scores */
        fprintf(out, "Blended %+d, scaled to %+d (pawnless material that may not mate, "
                "or the score bound)\n", blended, white);
    fprintf(out, "Evaluation: %+d (white's view), %+d (side to move)\n", white, score);
    if (et->net) {
        const NnueNet *net = et->net;
        int nn = clamp_abs(nnue_evaluate(net, pos), EVAL_MAX - 1);
        fprintf(out, "\nNeural network (%s, %d features -> 2x%d -> 1, %s), which the search "
                "uses:\n", net->variant, net->nfeatures, net->hidden,
                nnue_activation_name(net->activation));
        fprintf(out, "NNUE: %s\n", nnue_impl_name());
        fprintf(out, "NNUE evaluation: %+d (white's view), %+d (side to move)\n",
                pos->side == WHITE ? nn : -nn, nn);
    }
}
