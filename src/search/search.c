/*
 * search.c — iterative deepening alpha-beta for every variant.
 *
 * Principal variation search with aspiration windows at the root, a
 * transposition table, null-move pruning (only where zugzwang and the
 * rules allow passing to be informative), late move reductions, reverse
 * futility and late move pruning, check extension, mate-distance
 * pruning, and a quiescence search over captures, promotions and what
 * the variant makes tactical (flag moves, checks in n-check games).
 * Moves are generated in stages: the hash move (checked against the
 * piece's own moves, before anything else is generated), then captures
 * and promotions by MVV/LVA (SEE only where the victim is worth less
 * than the capturer; losing ones wait), then quiet moves by killer,
 * countermove and history, then the losing captures.  Quiescence
 * generates captures only.  Legality and "gives check" need no full
 * attack test for most moves: per node, the squares through which each
 * royal could be exposed are computed once (royal_exposure), and only
 * moves touching them are tested in full.  Static evaluations are
 * cached by hash.
 *
 * Game ends come from the rules module, the same functions the referee
 * uses: immediate results at every node, no-move outcomes, repetition
 * (with perpetual check judged from the check flags the search keeps in
 * the undo stack), the move rule and insufficient material.
 *
 * The search runs on the caller's thread (the protocol's worker) on its
 * own copy of the position; stop and ponderhit arrive through atomics.
 * With more threads (Lazy SMP) helper searches run the same root on
 * their own threads and copies, sharing only the hash table, and are
 * stopped when the main search ends; the evaluation fades as the
 * move-count rule nears, so won endings are pressed.
 */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "board/attack.h"
#include "search/eval.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "search/search.h"
#include "search/see.h"
#include "search/timeman.h"
#include "search/tt.h"

#define MAX_PLY     (MAX_PV - 1)
#define MATE_BOUND  (SCORE_MATE - MAX_PV)
#define HIST_MAX    16384

/* Move-ordering buckets (a move's sort key). */
#define ORDER_TACTICAL (1 << 24)
#define ORDER_KILLER   (1 << 22)
#define ORDER_BAD      (-(1 << 24))

enum { PICK_TT, PICK_NOISY_GEN, PICK_NOISY, PICK_QUIET_GEN, PICK_QUIET, PICK_BAD, PICK_DONE };

typedef struct {
    MoveList ml;             /* captures first, then the quiet moves appended */
    int      key[MAX_MOVES];
    int      next, stage, noisy_end, bad_next, last_key;
    int      delta_below;    /* quiescence: skip captures of less than this */
    Move     tt_move, counter;
    bool     tt_tried;       /* the hash move was returned before generation */
    bool     all_at_once;    /* ml holds every move from the start */
    bool     quiescence;     /* tactical moves only; losing captures dropped */
    bool     with_quiets;    /* quiescence, but keep quiet moves (check hunting) */
    bool     exposure_ready; /* own/their sets computed */
    int      own_king, their_king;
    SquareSet own_set, their_set;
} Picker;

/* Static evaluations by position hash: transpositions and re-searches
 * meet the same leaves again and again. */
#define EVAL_CACHE (1 << 16)
typedef struct {
    uint64_t key;
    int32_t  eval;
} EvalCacheEntry;

typedef struct {
    Move move;
    int  score, prev_score;
    int  pvlen;
    Move pv[MAX_PV];
} RootMove;

#define FIXED_SCORES 64

struct Search {
    TT *tt;                               /* &tt_own; a helper's is its main search's */
    TT tt_own;
    size_t hash_mb;
    int threads;

    /* Lazy SMP: threads - 1 helpers search the same root on their own
       threads, sharing only the hash table; the main search decides. */
    Search **helpers;
    pthread_t *helper_ids;
    int nhelpers, nrunning;               /* helpers, and how many have a thread now */
    int depth_offset;                     /* a helper searches this much deeper */

    /* shared with the input thread */
    atomic_bool stop, pondering, armed;
    atomic_uint_fast64_t nodes_pub;
    atomic_int_fast64_t start_ms;
    atomic_int prog_depth, prog_score, prog_left, prog_total;

    /* the search thread's own */
    Position *pos;
    const EvalTables *et;                 /* the variant's, shared read-only by all threads */
    SearchLimits limits;
    TimePlan tp;
    uint64_t nodes;
    bool stopped;
    int seldepth;
    bool must_capture, needs_legality, null_ok_variant, has_immediate, check_tactics, flag_tactics;
    bool material_draws;                  /* only royals left can be a draw */
    int  royals_max;                      /* the most royals both sides can have */

    Picker *pick;                         /* [MAX_PV + 1] */
    MoveList *scratch;
    Move killers[MAX_PV + 1][2];
    Move counter[2 * MAX_PIECE_TYPES + 2][MAX_SQUARES];   /* [code][to] of the last move */
    int16_t history[2][2][MAX_PIECE_TYPES][MAX_SQUARES];
    Move pv[MAX_PV + 1][MAX_PV + 1];
    int pvlen[MAX_PV + 1];
    int evals[MAX_PV + 2];
    bool incheck[MAX_PV + 2];

    uint64_t noise_seed;                  /* 0: no random evaluation term */

    /* scores the user fixed for positions (CECP setscore): hash -> score */
    uint64_t fixed_hash[FIXED_SCORES];
    int fixed_score[FIXED_SCORES];
    int nfixed;

    RootMove *root;                       /* [MAX_MOVES] */
    EvalCacheEntry *ecache;               /* [EVAL_CACHE] */
    int nroot, pv_index, multipv;
    int lmr[64][64];
};

/* ---- small helpers ------------------------------------------------------- */

/* A score the user fixed for this position (setscore), side to move's view. */
static bool fixed_score(const Search *s, int *score)
{
    for (int i = 0; i < s->nfixed; i++)
        if (s->fixed_hash[i] == s->pos->hash) {
            *score = s->fixed_score[i];
            return true;
        }
    return false;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* move_equal as one 64-bit comparison (the flags byte is not part of a
 * move's identity). */
static inline uint64_t move_bits(Move m)
{
    uint64_t b;
    _Static_assert(sizeof(Move) == sizeof b, "Move is 8 bytes");
    memcpy(&b, &m, sizeof b);
    return b & ~((uint64_t)0xFF << (8 * offsetof(Move, flags)));
}

static inline bool same_move(Move a, Move b) { return move_bits(a) == move_bits(b); }

static inline bool move_none(Move m) { return m.kind == MOVE_NORMAL && m.from == m.to; }
static inline Move no_move(void) { Move m; memset(&m, 0, sizeof m); return m; }

static inline bool is_tactical(const Position *pos, Move m)
{
    return m.kind == MOVE_EP || m.nvictims
        || (m.kind == MOVE_NORMAL && (pos->board[m.to] != EMPTY || m.piece));
}

static inline int moving_type(const Position *pos, Move m)
{
    return m.kind == MOVE_DROP ? m.piece : code_type(pos->board[m.from]);
}

static inline int16_t *history_slot(Search *s, Move m)
{
    const Position *pos = s->pos;
    return &s->history[pos->side][m.kind == MOVE_DROP][moving_type(pos, m)][m.to];
}

/* The reply that refuted the opponent's last move before. */
static Move counter_move(const Search *s)
{
    const Position *pos = s->pos;
    if (pos->ply == 0 || pos->undo[pos->ply - 1].move.kind == MOVE_NULL)
        return no_move();
    Move prev = pos->undo[pos->ply - 1].move;
    return s->counter[pos->board[prev.to]][prev.to];
}

static int outcome_score(Outcome o, int ply)
{
    return o == OUTCOME_WIN ? SCORE_MATE - ply : o == OUTCOME_LOSS ? -SCORE_MATE + ply : 0;
}

/* Mate scores in the table are relative to the node that stores them. */
static int score_to_tt(int score, int ply)
{
    return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply)
{
    return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

static int64_t search_elapsed(const Search *s)
{
    if (s->tp.node_clock_nps)
        return (int64_t)(s->nodes * 1000 / s->tp.node_clock_nps);
    return now_ms() - atomic_load(&s->start_ms);
}

/* Every 1024 nodes: the clock, the node limit and the stop flag. */
static void check_limits(Search *s)
{
    atomic_store_explicit(&s->nodes_pub, s->nodes, memory_order_relaxed);
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) {
        s->stopped = true;
        return;
    }
    if (s->limits.nodes && s->nodes >= s->limits.nodes) {
        s->stopped = true;
        return;
    }
    if (atomic_load_explicit(&s->pondering, memory_order_relaxed) || !s->tp.timed)
        return;
    if (search_elapsed(s) >= s->tp.hard_ms)
        s->stopped = true;
}

static inline void count_node(Search *s)
{
    if ((++s->nodes & 1023) == 0 || (s->limits.nodes && s->nodes >= s->limits.nodes))
        check_limits(s);
}

/* An advantage that makes no progress toward the move-count rule is worth
 * less: fading the evaluation with the counter (to half at the limit)
 * steers the search to lines that capture or move a pawn, instead of
 * shuffling a won ending into a draw. */
static int fade_with_move_rule(const Position *pos, int eval)
{
    int limit = 2 * pos->v->rules.move_rule;
    if (!limit || pos->halfmove <= 0)
        return eval;
    int hm = pos->halfmove < limit ? pos->halfmove : limit;
    return eval * (2 * limit - hm) / (2 * limit);
}

static int static_eval(Search *s)
{
    const Position *pos = s->pos;
    EvalCacheEntry *e = &s->ecache[pos->hash & (EVAL_CACHE - 1)];
    if (e->key != pos->hash) {
        int eval = eval_position(s->et, pos);
        if (s->noise_seed)   /* CECP random: a small, per-game pseudo-random term */
            eval += (int)(((pos->hash ^ s->noise_seed) * 0x9E3779B97F4A7C15ull) >> 59) - 16;
        e->key = pos->hash;
        e->eval = eval;
    }
    return fade_with_move_rule(pos, e->eval);
}

/* ---- game ends at a node ------------------------------------------------- */

/* A position repeated since the last irreversible move: inside the tree
 * the first recurrence already counts (the line can be repeated), with
 * the history before the root the variant's count must be reached.  What
 * the repetition is worth (perpetual check included) the rules say. */
static bool repetition_score(Search *s, int ply, int *score)
{
    Position *pos = s->pos;
    const Rules *r = &pos->v->rules;
    int count = 0;
    for (int d = 4; d <= pos->rep_plies && d <= pos->ply; d += 2) {
        const Undo *u1 = &pos->undo[pos->ply - d + 1], *u2 = &pos->undo[pos->ply - d];
        if (u1->move.kind == MOVE_NULL || u2->move.kind == MOVE_NULL)
            break;
        if (u2->hash != pos->hash)
            continue;
        if (d > ply && ++count + 1 < r->repetition_count)
            continue;
        *score = outcome_score(rules_repetition(pos, d, NULL), ply);
        return true;
    }
    return false;
}

/* The move-count rule draws unless the side to move has no legal move;
 * that needs looking at only where having none is not a draw anyway. */
static bool move_rule_draws(Search *s, int ply)
{
    Position *pos = s->pos;
    const Rules *r = &pos->v->rules;
    if (!rules_move_rule_reached(pos))
        return false;
    bool stalemate_draws = r->stalemated == OUTCOME_DRAW && !r->stalemate_material;
    if (!s->incheck[ply] && stalemate_draws)
        return true;
    movegen_legal(pos, s->scratch);
    return s->scratch->n > 0;
}

/* Rules that end the game whatever moves exist: immediate results,
 * repetition, the move rule, bare royals.  Fills *score when over. */
static bool game_over(Search *s, int ply, int *score)
{
    Position *pos = s->pos;
    const Rules *r = &pos->v->rules;
    if (s->has_immediate) {
        Outcome o = rules_immediate(pos);
        if (o != OUTCOME_NONE) {
            *score = outcome_score(o, ply);
            return true;
        }
    }
    if (r->repetition_count && pos->rep_plies >= 4 && repetition_score(s, ply, score))
        return true;
    if (r->move_rule && pos->halfmove >= 2 * r->move_rule && move_rule_draws(s, ply)) {
        *score = 0;
        return true;
    }
    if (s->material_draws && pos->nlist[0] + pos->nlist[1] <= s->royals_max
        && rules_insufficient_material(pos)) {
        *score = 0;
        return true;
    }
    return false;
}

/* No legal move: the rules say what that is, for the side to move. */
static int no_moves_score(Search *s, int ply)
{
    return outcome_score(rules_no_moves(s->pos, s->incheck[ply]), ply);
}

/* ---- legality and checks without a full attack test ---------------------- */

/* Squares that could expose a royal, computed once per node when the
 * first move is tried: `own` for the legality of our moves, `their` for
 * whether a move gives check. */
static void exposure_init(Search *s, Picker *p, int ply)
{
    const Position *pos = s->pos;
    p->own_king = s->incheck[ply] ? -1 : attack_royal_exposure(pos, pos->side, &p->own_set);
    p->their_king = attack_royal_exposure(pos, !pos->side, &p->their_set);
    p->exposure_ready = true;
}

/* Does m touch a square of `set` (or move the royal on `king`)? */
static inline bool touches(const SquareSet *set, int king, Move m)
{
    if (m.kind == MOVE_CASTLE || m.kind == MOVE_NULL || m.from == king)
        return true;
    if (m.kind == MOVE_EP && sqset_has(set, m.victim[0]))
        return true;
    return sqset_has(set, m.to) || (m.kind != MOVE_DROP && sqset_has(set, m.from));
}

/* Make m if it is legal (the mover's royals safe, a no-mate drop not
 * mating) and set incheck[ply + 1]; false (and nothing made) otherwise. */
static bool make_legal(Search *s, Picker *p, int ply, Move m)
{
    Position *pos = s->pos;
    if (!p->exposure_ready)
        exposure_init(s, p, ply);
    bool test_own = s->needs_legality && (p->own_king < 0 || touches(&p->own_set, p->own_king, m));
    bool full_check = p->their_king < 0 || touches(&p->their_set, p->their_king, m);
    position_make(pos, m);
    if (test_own && attack_left_illegal(pos)) {
        position_unmake(pos);
        return false;
    }
    bool check = full_check ? attack_in_check(pos, pos->side) : attack_from(pos, m.to, p->their_king);
    s->incheck[ply + 1] = check;
    pos->undo[pos->ply - 1].gave_check = check;
    if (check && m.kind == MOVE_DROP && pos->v->piece[m.piece].drop_no_mate) {
        rules_legal_moves(pos, s->scratch);
        if (s->scratch->n == 0) {
            position_unmake(pos);
            return false;
        }
    }
    return true;
}

/* ---- move picker --------------------------------------------------------- */

static bool in_list(const MoveList *ml, Move m)
{
    for (int i = 0; i < ml->n; i++)
        if (same_move(ml->m[i], m))
            return true;
    return false;
}

/* Is the hash move playable here?  Only the moving piece's moves are
 * generated for it; drops and castling need the full list. */
static bool tt_move_ok(Search *s, Picker *p)
{
    Position *pos = s->pos;
    Move m = p->tt_move;
    if (m.kind == MOVE_NORMAL || m.kind == MOVE_EP) {
        uint8_t code = pos->board[m.from];
        if (code == EMPTY || code == HOLE || code_color(code) != pos->side)
            return false;
        p->ml.n = 0;
        movegen_piece(pos, &p->ml, m.from);
        bool ok = in_list(&p->ml, m);
        p->ml.n = 0;
        return ok;
    }
    if (m.kind != MOVE_DROP && m.kind != MOVE_CASTLE)
        return false;
    p->ml.n = 0;
    movegen_staged(pos, &p->ml, GEN_QUIET);
    bool ok = in_list(&p->ml, m);
    p->ml.n = 0;
    return ok;
}

static int victim_value(Search *s, Move m)
{
    const Position *pos = s->pos;
    if (m.kind == MOVE_EP)
        return eval_capture_value(s->et, code_type(pos->board[m.victim[0]]));
    if (m.kind == MOVE_NORMAL && pos->board[m.to] != EMPTY)
        return eval_capture_value(s->et, code_type(pos->board[m.to]));
    return 0;
}

static int tactical_key(Search *s, Move m)
{
    const Position *pos = s->pos;
    const EvalTables *et = s->et;
    int victim = victim_value(s, m);
    if (m.piece && m.kind == MOVE_NORMAL)
        victim += eval_piece_value(et, m.piece - 1);
    return victim * 16 - eval_piece_value(et, moving_type(pos, m)) / 16;
}

/* Can the capture m lose material?  Taking something worth at least the
 * capturer cannot; otherwise static exchange decides. */
static bool losing_capture(Search *s, Move m)
{
    const Position *pos = s->pos;
    if (m.kind == MOVE_DROP)
        return false;
    if (m.kind == MOVE_NORMAL && !m.piece
        && victim_value(s, m) >= eval_capture_value(s->et, code_type(pos->board[m.from])))
        return false;
    return see_exchange(s->pos, s->et, m) < 0;
}

static void picker_init(Picker *p, Move tt_move, Move counter, bool quiescence, bool with_quiets)
{
    p->stage = PICK_TT;
    p->tt_move = tt_move;
    p->counter = counter;
    p->tt_tried = false;
    p->quiescence = quiescence;
    p->with_quiets = with_quiets;
    p->exposure_ready = false;
    p->next = p->noisy_end = p->bad_next = 0;
    p->delta_below = -SCORE_INF;
    p->ml.n = 0;
}

static bool flag_move(const Position *pos, Move m)
{
    const Rules *r = &pos->v->rules;
    return (r->flag_pieces >> moving_type(pos, m) & 1) && sqset_has(&r->flag_region[pos->side], m.to);
}

/* Keys for ml[from..n): tactical moves by MVV/LVA, quiet ones by killer,
 * countermove and history; quiet moves dropped in quiescence. */
static void picker_score(Search *s, Picker *p, int ply, int from)
{
    Position *pos = s->pos;
    int w = from;
    for (int i = from; i < p->ml.n; i++) {
        Move m = p->ml.m[i];
        if (p->tt_tried && same_move(m, p->tt_move))
            continue;
        int key;
        if (is_tactical(pos, m)) {
            key = ORDER_TACTICAL + tactical_key(s, m);
        } else if (p->quiescence && !p->with_quiets
                   && !(s->flag_tactics && flag_move(pos, m))) {
            continue;
        } else if (same_move(m, s->killers[ply][0])) {
            key = ORDER_KILLER + 2;
        } else if (same_move(m, s->killers[ply][1])) {
            key = ORDER_KILLER + 1;
        } else if (same_move(m, p->counter)) {
            key = ORDER_KILLER;
        } else {
            key = *history_slot(s, m);
            if (s->flag_tactics && flag_move(pos, m))
                key = ORDER_TACTICAL;
        }
        if (!p->tt_tried && !move_none(p->tt_move) && same_move(m, p->tt_move))
            key = 1 << 30;   /* must-capture lists: the hash move still goes first */
        p->ml.m[w] = m;
        p->key[w++] = key;
    }
    p->ml.n = w;
}

/* The ordering key of the move picker_next returned last. */
static int picker_last_key(const Picker *p)
{
    return p->last_key;
}

/* Best remaining of ml[next..end) to the front; its index. */
static int pick_best(Picker *p, int end)
{
    int best = p->next;
    for (int i = p->next + 1; i < end; i++)
        if (p->key[i] > p->key[best])
            best = i;
    Move m = p->ml.m[best];
    int key = p->key[best];
    p->ml.m[best] = p->ml.m[p->next];
    p->key[best] = p->key[p->next];
    p->ml.m[p->next] = m;
    p->key[p->next] = key;
    return p->next;
}

/* The next move to try, or false when there are none left.  Stages: the
 * hash move; captures and promotions (losing ones put aside); the quiet
 * moves; the losing captures.  Quiescence stops after the captures unless
 * quiet moves matter (check evasion, check hunting, flag moves). */
static bool picker_next(Search *s, Picker *p, int ply, Move *out)
{
    Position *pos = s->pos;
    switch (p->stage) {
    case PICK_TT:
        p->stage = PICK_NOISY_GEN;
        if (!move_none(p->tt_move) && !s->must_capture && tt_move_ok(s, p)) {
            if (!p->quiescence || p->with_quiets || is_tactical(pos, p->tt_move)
                || (s->flag_tactics && flag_move(pos, p->tt_move))) {
                p->tt_tried = true;
                p->last_key = 1 << 30;
                *out = p->tt_move;
                return true;
            }
        }
        /* fall through */
    case PICK_NOISY_GEN:
        p->ml.n = 0;
        if (s->must_capture) {
            rules_legal_moves(pos, &p->ml);
            p->all_at_once = true;
        } else if (p->with_quiets || (p->quiescence && s->flag_tactics)) {
            movegen_staged(pos, &p->ml, GEN_NOISY | GEN_QUIET);
            p->all_at_once = true;
        } else {
            movegen_staged(pos, &p->ml, GEN_NOISY);
            p->all_at_once = false;
        }
        picker_score(s, p, ply, 0);
        p->noisy_end = p->ml.n;
        p->stage = PICK_NOISY;
        /* fall through */
    case PICK_NOISY:
        while (p->next < p->noisy_end) {
            int i = pick_best(p, p->noisy_end);
            Move m = p->ml.m[i];
            int key = p->key[i];
            p->next++;
            if (p->quiescence && !m.piece && is_tactical(pos, m)
                && victim_value(s, m) < p->delta_below)
                continue;
            /* A capture that loses material waits until after the quiet
               moves (in quiescence it is not tried at all). */
            if (key >= ORDER_TACTICAL && key < (1 << 30) && losing_capture(s, m)) {
                p->key[i] = ORDER_BAD + (key - ORDER_TACTICAL) / 64;
                continue;
            }
            p->last_key = key;
            *out = m;
            return true;
        }
        if (p->all_at_once || p->quiescence) {
            p->stage = p->quiescence ? PICK_DONE : PICK_BAD;
            return picker_next(s, p, ply, out);
        }
        p->stage = PICK_QUIET_GEN;
        /* fall through */
    case PICK_QUIET_GEN:
        movegen_staged(pos, &p->ml, GEN_QUIET);
        picker_score(s, p, ply, p->noisy_end);
        p->stage = PICK_QUIET;
        /* fall through */
    case PICK_QUIET:
        if (p->next < p->ml.n) {
            int i = pick_best(p, p->ml.n);
            p->next++;
            p->last_key = p->key[i];
            *out = p->ml.m[i];
            return true;
        }
        p->stage = PICK_BAD;
        /* fall through */
    case PICK_BAD:
        while (p->bad_next < p->noisy_end) {
            int i = p->bad_next++;
            if (p->key[i] <= ORDER_BAD / 2) {
                p->last_key = p->key[i];
                *out = p->ml.m[i];
                return true;
            }
        }
        p->stage = PICK_DONE;
        /* fall through */
    default:
        return false;
    }
}

/* ---- history ------------------------------------------------------------- */

static void history_update(int16_t *h, int bonus)
{
    int v = *h + bonus - *h * abs(bonus) / HIST_MAX;
    *h = (int16_t)(v > HIST_MAX ? HIST_MAX : v < -HIST_MAX ? -HIST_MAX : v);
}

static void reward_quiet(Search *s, Move best, const Move *tried, int ntried, int depth, int ply)
{
    int bonus = depth * depth * 16;
    if (bonus > 2000)
        bonus = 2000;
    history_update(history_slot(s, best), bonus);
    for (int i = 0; i < ntried; i++)
        if (!move_equal(tried[i], best))
            history_update(history_slot(s, tried[i]), -bonus);
    if (!move_equal(s->killers[ply][0], best)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = best;
    }
    const Position *pos = s->pos;
    if (pos->ply > 0) {
        Move prev = pos->undo[pos->ply - 1].move;
        if (prev.kind != MOVE_NULL)
            s->counter[pos->board[prev.to]][prev.to] = best;
    }
}

/* ---- quiescence ---------------------------------------------------------- */

static void update_pv(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int n = s->pvlen[ply + 1];
    if (n > MAX_PV - 1)
        n = MAX_PV - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(Move));
    s->pvlen[ply] = n + 1;
}

/* The start every node shares: count it, and decide it at once when the
 * search was stopped, the rules end the game, the user fixed its score
 * (setscore) or the ply limit is reached.  Returns true with *score set
 * then. */
static inline bool node_decided(Search *s, int ply, int *score)
{
    count_node(s);
    s->pvlen[ply] = 0;
    *score = 0;
    if (s->stopped)
        return true;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (game_over(s, ply, score))
        return true;
    if (s->nfixed && ply > 0 && fixed_score(s, score))
        return true;
    if (ply >= MAX_PLY) {
        *score = s->incheck[ply] ? 0 : static_eval(s);
        return true;
    }
    return false;
}

static int qsearch(Search *s, int alpha, int beta, int ply, int qdepth)
{
    Position *pos = s->pos;

    /* Step 1. Node bookkeeping, limits, game ends */
    int decided;
    if (node_decided(s, ply, &decided))
        return decided;
    bool incheck = s->incheck[ply];

    /* Step 2. Transposition table */
    TTEntry tte;
    Move tt_move = no_move();
    bool hit = tt_probe(s->tt, pos->hash, &tte);
    if (hit) {
        int ts = score_from_tt(tte.score, ply);
        int b = tte.genbound & 3;
        if ((b == TT_BOUND_EXACT) || (b == TT_BOUND_LOWER && ts >= beta) || (b == TT_BOUND_UPPER && ts <= alpha))
            return ts;
        tt_move = tte.move;
    }

    /* Step 3. Stand pat: the side to move may decline every capture */
    int best = -SCORE_INF, stand = -SCORE_INF;
    if (!incheck) {
        stand = hit ? tte.eval : static_eval(s);
        if (stand >= beta)
            return stand;
        if (stand > alpha)
            alpha = stand;
        best = stand;
    }

    /* Step 4. Captures, promotions, what the variant makes tactical;
       every move when in check */
    Picker *p = &s->pick[ply];
    bool hunt_checks = s->check_tactics && qdepth == 0 && !incheck;
    picker_init(p, tt_move, no_move(), !incheck, hunt_checks);
    Move m, best_move = no_move();
    int legal = 0, old_alpha = alpha;
    for (;;) {
        /* Delta pruning (in the picker, before any SEE): a capture whose
           victim cannot lift the score to alpha is not tried. */
        p->delta_below = incheck ? -SCORE_INF : alpha - stand - 200;
        if (!picker_next(s, p, ply, &m))
            break;
        bool tactical = is_tactical(pos, m);
        if (!incheck && tactical && !m.piece && stand + victim_value(s, m) + 200 < alpha)
            continue;   /* the hash move, which skips the picker's test */
        if (!make_legal(s, p, ply, m))
            continue;
        if (hunt_checks && !tactical && !s->incheck[ply + 1]
            && !(s->flag_tactics && flag_move(pos, m))) {
            position_unmake(pos);
            continue;
        }
        legal++;
        int score = -qsearch(s, -beta, -alpha, ply + 1, qdepth + 1);
        position_unmake(pos);
        if (s->stopped)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                update_pv(s, ply, m);
                if (score >= beta)
                    break;
            }
        }
    }

    /* Step 5. Mated (only in check are all moves looked at) */
    if (incheck && legal == 0)
        return no_moves_score(s, ply);

    int bound = best >= beta ? TT_BOUND_LOWER : alpha > old_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
    tt_store(s->tt, pos->hash, best_move, score_to_tt(best, ply),
             incheck ? 0 : stand, 0, bound);
    return best;
}

/* ---- main search --------------------------------------------------------- */

static bool null_move_allowed(Search *s, int ply)
{
    const Position *pos = s->pos;
    if (!s->null_ok_variant || s->incheck[ply] || pos->ply == 0)
        return false;
    if (pos->undo[pos->ply - 1].move.kind == MOVE_NULL)
        return false;
    return eval_has_pieces(s->et, pos, pos->side);
}

static int search(Search *s, int alpha, int beta, int depth, int ply, bool cutnode)
{
    Position *pos = s->pos;
    bool pv_node = beta - alpha > 1;

    /* Step 1. Quiescence at the horizon */
    if (depth <= 0)
        return qsearch(s, alpha, beta, ply, 0);

    /* Step 2. Node bookkeeping, limits, game ends */
    int decided;
    if (node_decided(s, ply, &decided))
        return decided;
    bool incheck = s->incheck[ply];

    /* Step 3. Mate distance pruning: no line can beat a shorter mate */
    int mated = -SCORE_MATE + ply, mating = SCORE_MATE - ply - 1;
    if (alpha < mated) alpha = mated;
    if (beta > mating) beta = mating;
    if (alpha >= beta)
        return alpha;

    /* Step 4. Transposition table */
    TTEntry tte;
    Move tt_move = no_move();
    bool hit = tt_probe(s->tt, pos->hash, &tte);
    int tt_score = 0;
    if (hit) {
        tt_move = tte.move;
        tt_score = score_from_tt(tte.score, ply);
        int b = tte.genbound & 3;
        if (!pv_node && tte.depth >= depth
            && ((b == TT_BOUND_EXACT) || (b == TT_BOUND_LOWER && tt_score >= beta)
                || (b == TT_BOUND_UPPER && tt_score <= alpha)))
            return tt_score;
    }

    /* Step 5. Static evaluation, and whether it is improving */
    int eval = incheck ? -SCORE_INF : hit ? tte.eval : static_eval(s);
    s->evals[ply] = eval;
    bool improving = !incheck && ply >= 2 && eval > s->evals[ply - 2];
    s->killers[ply + 1][0] = s->killers[ply + 1][1] = no_move();

    if (!pv_node && !incheck && abs(beta) < MATE_BOUND) {
        /* Step 6. Reverse futility: far above beta at low depth */
        if (depth <= 6 && eval - 90 * depth + 40 * improving >= beta)
            return eval;

        /* Step 6b. Razoring: far below alpha near the horizon, only
           captures can save it */
        if (depth <= 2 && eval + 250 * depth <= alpha) {
            int v = qsearch(s, alpha, alpha + 1, ply, 0);
            if (s->stopped)
                return 0;
            if (v <= alpha)
                return v;
        }

        /* Step 7. Null move: passing still fails high, so the position is
           good enough; never where zugzwang is likely */
        if (depth >= 3 && eval >= beta && null_move_allowed(s, ply)) {
            int r = 3 + depth / 4 + ((eval - beta) / 200 < 2 ? (eval - beta) / 200 : 2);
            position_make_null(pos);
            s->incheck[ply + 1] = false;
            int score = -search(s, -beta, -beta + 1, depth - r, ply + 1, !cutnode);
            position_unmake_null(pos);
            if (s->stopped)
                return 0;
            if (score >= beta)
                return score >= MATE_BOUND ? beta : score;
        }
    }

    /* Step 8. Without a hash move, a shallower search orders this node */
    if (move_none(tt_move) && depth >= 6 && (pv_node || cutnode))
        depth--;

    /* Step 9. The moves */
    Picker *p = &s->pick[ply];
    picker_init(p, tt_move, counter_move(s), false, false);
    Move m, best_move = no_move();
    Move quiets[64];
    int nquiets = 0, legal = 0, best = -SCORE_INF, old_alpha = alpha;
    while (picker_next(s, p, ply, &m)) {
        bool tactical = is_tactical(pos, m);

        /* Step 9a. Pruning of late quiet moves and losing captures at low depth */
        int key = picker_last_key(p);
        if (!pv_node && !incheck && legal > 0 && best > -MATE_BOUND) {
            if (!tactical) {
                if (depth <= 5 && legal >= 3 + depth * depth / (improving ? 1 : 2))
                    continue;
                if (depth <= 4 && eval + 100 + 80 * depth <= alpha)
                    continue;
                if (depth <= 2 && key < -HIST_MAX / 2)
                    continue;
            } else if (depth <= 3 && key <= ORDER_BAD / 2) {
                continue;
            }
        }

        if (!make_legal(s, p, ply, m))
            continue;
        legal++;
        bool gives_check = s->incheck[ply + 1];
        tt_prefetch(s->tt, pos->hash);

        /* Step 9b. Check extension */
        int new_depth = depth - 1 + (gives_check && ply < 2 * depth + 8);

        /* Step 9c. Late move reductions, then PVS */
        int score;
        if (depth >= 3 && legal > 1 + pv_node && !gives_check && (!tactical || key < 0)) {
            int r = s->lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
            r += !pv_node + !improving + cutnode;
            r -= key >= ORDER_KILLER;
            if (!tactical && key < ORDER_KILLER)
                r -= key / (HIST_MAX / 2);   /* history: -2 .. +2 */
            if (r < 0) r = 0;
            int rd = new_depth - r < 1 ? 1 : new_depth - r;
            if (rd > new_depth) rd = new_depth;
            score = -search(s, -alpha - 1, -alpha, rd, ply + 1, true);
            if (score > alpha && rd < new_depth)
                score = -search(s, -alpha - 1, -alpha, new_depth, ply + 1, !cutnode);
        } else if (!pv_node || legal > 1) {
            score = -search(s, -alpha - 1, -alpha, new_depth, ply + 1, !cutnode);
        } else {
            score = alpha + 1;   /* the first move of a PV node: full window below */
        }
        if (pv_node && (legal == 1 || (score > alpha && score < beta)))
            score = -search(s, -beta, -alpha, new_depth, ply + 1, false);
        position_unmake(pos);
        if (s->stopped)
            return 0;

        if (!tactical && nquiets < 64)
            quiets[nquiets++] = m;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                if (pv_node)
                    update_pv(s, ply, m);
                if (score >= beta) {
                    if (!tactical)
                        reward_quiet(s, m, quiets, nquiets, depth, ply);
                    break;
                }
            }
        }
    }

    /* Step 10. No legal move: mate or stalemate as the variant says */
    if (legal == 0)
        return no_moves_score(s, ply);

    /* Step 11. Remember */
    int bound = best >= beta ? TT_BOUND_LOWER : alpha > old_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
    tt_store(s->tt, pos->hash, best_move, score_to_tt(best, ply),
             incheck ? 0 : eval, depth, bound);
    return best;
}

/* ---- root ---------------------------------------------------------------- */

static void notify_currmove(Search *s, const SearchCallbacks *cb, Move m, int number, int depth)
{
    if (cb && cb->on_currmove && search_elapsed(s) > 2000)
        cb->on_currmove(s->pos, m, number, depth, cb->ctx);
}

static int search_root(Search *s, int alpha, int beta, int depth, const SearchCallbacks *cb)
{
    Position *pos = s->pos;
    int best = -SCORE_INF;
    s->pvlen[0] = 0;
    for (int i = s->pv_index; i < s->nroot; i++) {
        RootMove *rm = &s->root[i];
        Move m = rm->move;
        atomic_store(&s->prog_left, s->nroot - i - 1);
        notify_currmove(s, cb, m, i + 1, depth);
        position_make(pos, m);
        s->incheck[1] = attack_in_check(pos, pos->side);
        pos->undo[pos->ply - 1].gave_check = s->incheck[1];
        int new_depth = depth - 1 + s->incheck[1];
        int score;
        if (i == s->pv_index) {
            score = -search(s, -beta, -alpha, new_depth, 1, false);
        } else {
            int r = depth >= 3 && i >= s->pv_index + 3 && !s->incheck[1]
                    && !is_tactical(pos, m) ? 1 : 0;
            score = -search(s, -alpha - 1, -alpha, new_depth - r, 1, true);
            if (score > alpha && r)
                score = -search(s, -alpha - 1, -alpha, new_depth, 1, true);
            if (score > alpha && score < beta)
                score = -search(s, -beta, -alpha, new_depth, 1, false);
        }
        position_unmake(pos);
        if (s->stopped)
            break;
        if (i == s->pv_index || score > alpha) {
            rm->score = score;
            rm->pv[0] = m;
            int n = s->pvlen[1] < MAX_PV - 1 ? s->pvlen[1] : MAX_PV - 1;
            memcpy(&rm->pv[1], s->pv[1], (size_t)n * sizeof(Move));
            rm->pvlen = n + 1;
        } else {
            rm->score = -SCORE_INF;
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Best first; moves not searched to the end keep their last order. */
static void sort_root(Search *s, int from)
{
    for (int i = from + 1; i < s->nroot; i++) {
        RootMove tmp = s->root[i];
        int j = i;
        while (j > from && (s->root[j - 1].score < tmp.score
                            || (s->root[j - 1].score == tmp.score
                                && s->root[j - 1].prev_score < tmp.prev_score))) {
            s->root[j] = s->root[j - 1];
            j--;
        }
        s->root[j] = tmp;
    }
}

static void report(Search *s, const SearchCallbacks *cb, int depth, int line, int lb_ub)
{
    if (!cb || !cb->on_info)
        return;
    const RootMove *rm = &s->root[line];
    SearchInfo info;
    memset(&info, 0, sizeof info);
    info.depth = depth;
    info.seldepth = s->seldepth;
    info.multipv = line + 1;
    info.score = rm->score > -SCORE_INF ? rm->score : rm->prev_score;
    info.lowerbound = lb_ub > 0;
    info.upperbound = lb_ub < 0;
    atomic_store_explicit(&s->nodes_pub, s->nodes, memory_order_relaxed);
    info.nodes = search_nodes(s);
    info.time_ms = now_ms() - atomic_load(&s->start_ms);
    info.nps = info.time_ms > 0 ? info.nodes * 1000 / (uint64_t)info.time_ms : 0;
    info.hashfull = tt_hashfull(s->tt);
    info.pvlen = rm->pvlen;
    memcpy(info.pv, rm->pv, (size_t)rm->pvlen * sizeof(Move));
    cb->on_info(s->pos, &info, cb->ctx);
}

/* One line (MultiPV index s->pv_index) at one depth, with an aspiration
 * window around the previous score. */
static int aspiration(Search *s, int depth, const SearchCallbacks *cb)
{
    int prev = s->root[s->pv_index].prev_score;
    int delta = 20, alpha = -SCORE_INF, beta = SCORE_INF;
    if (depth >= 5 && abs(prev) < MATE_BOUND) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        for (int i = s->pv_index; i < s->nroot; i++)
            s->root[i].score = -SCORE_INF;
        int score = search_root(s, alpha, beta, depth, cb);
        sort_root(s, s->pv_index);
        if (s->stopped)
            return score;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = score - delta < -SCORE_INF ? -SCORE_INF : score - delta;
        } else if (score >= beta) {
            beta = score + delta > SCORE_INF ? SCORE_INF : score + delta;
        } else {
            return score;
        }
        if (search_elapsed(s) > 3000)
            report(s, cb, depth, s->pv_index, score >= beta ? 1 : -1);
        delta += delta / 2 + 5;
        if (delta > 1000) {
            alpha = -SCORE_INF;
            beta = SCORE_INF;
        }
    }
}

static void iterate(Search *s, const SearchCallbacks *cb)
{
    int max_depth = s->limits.depth > 0 && s->limits.depth < MAX_PLY ? s->limits.depth : MAX_PLY;
    Move last_best = no_move();
    int stability = 0, last_score = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        s->seldepth = 0;
        int lines = s->multipv < s->nroot ? s->multipv : s->nroot;
        for (s->pv_index = 0; s->pv_index < lines; s->pv_index++) {
            aspiration(s, depth + s->depth_offset, cb);
            if (s->stopped)
                break;
        }
        if (s->stopped && depth > 1)
            break;   /* the last complete iteration stands */
        for (int i = 0; i < s->nroot; i++)
            s->root[i].prev_score = s->root[i].score;
        for (int i = 0; i < lines; i++)
            report(s, cb, depth, i, 0);
        int score = s->root[0].score;
        atomic_store(&s->prog_depth, depth);
        atomic_store(&s->prog_score, score);
        if (s->stopped)
            break;

        stability = move_equal(s->root[0].move, last_best) ? stability + 1 : 0;
        last_best = s->root[0].move;
        int drop = depth > 1 && last_score > score ? last_score - score : 0;
        last_score = score;
        if (s->limits.mate && score >= SCORE_MATE - 2 * s->limits.mate)
            break;
        if (abs(score) >= MATE_BOUND && depth >= SCORE_MATE - abs(score) + 2
            && s->tp.timed && !s->limits.infinite)
            break;   /* a mate found with depth to spare will not change */
        if (!atomic_load(&s->pondering)
            && !timeman_continue(&s->tp, search_elapsed(s), stability, drop))
            break;
    }
}

/* ---- setup --------------------------------------------------------------- */

static void init_lmr(Search *s)
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            s->lmr[d][m] = d && m ? (int)(0.75 + log(d) * log(m) / 2.25) : 0;
}

/* The per-thread parts of a search; `tt` is the table it will use. */
static Search *search_alloc(TT *tt)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = tt ? tt : &s->tt_own;
    s->pick = malloc((MAX_PV + 1) * sizeof *s->pick);
    s->scratch = malloc(sizeof *s->scratch);
    s->root = malloc(MAX_MOVES * sizeof *s->root);
    s->ecache = calloc(EVAL_CACHE, sizeof *s->ecache);
    s->pos = malloc(sizeof *s->pos);
    if (!s->pick || !s->scratch || !s->root || !s->ecache || !s->pos) {
        search_destroy(s);
        return NULL;
    }
    s->threads = 1;
    atomic_init(&s->stop, false);
    atomic_init(&s->pondering, false);
    atomic_init(&s->armed, false);
    atomic_init(&s->nodes_pub, 0);
    atomic_init(&s->start_ms, now_ms());
    atomic_init(&s->prog_depth, 0);
    atomic_init(&s->prog_score, 0);
    atomic_init(&s->prog_left, 0);
    atomic_init(&s->prog_total, 0);
    init_lmr(s);
    return s;
}

Search *search_create(size_t hash_mb)
{
    Search *s = search_alloc(NULL);
    if (!s)
        return NULL;
    if (tt_init(s->tt, hash_mb) != 0) {
        search_destroy(s);
        return NULL;
    }
    s->hash_mb = hash_mb;
    return s;
}

static void destroy_helpers(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++)
        search_destroy(s->helpers[i]);
    free(s->helpers);
    free(s->helper_ids);
    s->helpers = NULL;
    s->helper_ids = NULL;
    s->nhelpers = 0;
}

void search_destroy(Search *s)
{
    if (!s)
        return;
    destroy_helpers(s);
    if (s->tt == &s->tt_own)
        tt_free(s->tt);
    free(s->pick);
    free(s->scratch);
    free(s->root);
    free(s->ecache);
    free(s->pos);
    free(s);
}

void search_set_hash(Search *s, size_t hash_mb)
{
    TT fresh;
    if (tt_init(&fresh, hash_mb) != 0) {
        tt_clear(s->tt);
        return;
    }
    tt_free(s->tt);
    *s->tt = fresh;          /* the helpers point at it too */
    s->hash_mb = hash_mb;
}

void search_set_score(Search *s, const Position *pos, int score)
{
    for (int i = 0; i < s->nfixed; i++)
        if (s->fixed_hash[i] == pos->hash) {
            s->fixed_score[i] = score;
            return;
        }
    int i = s->nfixed < FIXED_SCORES ? s->nfixed++ : FIXED_SCORES - 1;  /* full: replace the last */
    s->fixed_hash[i] = pos->hash;
    s->fixed_score[i] = score;
    tt_clear(s->tt);     /* stored results may depend on the old score */
}

void search_set_random(Search *s, uint64_t seed)
{
    for (int i = -1; i < s->nhelpers; i++) {
        Search *t = i < 0 ? s : s->helpers[i];
        t->noise_seed = seed;
        memset(t->ecache, 0, EVAL_CACHE * sizeof *t->ecache);
    }
    tt_clear(s->tt);      /* shared: cleared once */
}

void search_set_eval(Search *s, const EvalTables *et)
{
    for (int i = -1; i < s->nhelpers; i++) {
        Search *t = i < 0 ? s : s->helpers[i];
        t->et = et;
        memset(t->ecache, 0, EVAL_CACHE * sizeof *t->ecache);   /* another variant's */
    }
}

static void clear_thread_state(Search *s)
{
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
    memset(s->counter, 0, sizeof s->counter);
    memset(s->ecache, 0, EVAL_CACHE * sizeof *s->ecache);
}

void search_clear(Search *s)
{
    s->nfixed = 0;
    tt_clear(s->tt);
    clear_thread_state(s);
    for (int i = 0; i < s->nhelpers; i++)
        clear_thread_state(s->helpers[i]);
}

void search_set_threads(Search *s, int threads)
{
    if (threads < 1)
        threads = 1;
    destroy_helpers(s);
    s->threads = 1;
    int n = threads - 1;
    if (n == 0)
        return;
    s->helpers = calloc((size_t)n, sizeof *s->helpers);
    s->helper_ids = calloc((size_t)n, sizeof *s->helper_ids);
    if (!s->helpers || !s->helper_ids) {
        destroy_helpers(s);
        return;
    }
    for (int i = 0; i < n; i++) {
        Search *h = search_alloc(s->tt);
        if (!h)
            break;          /* out of memory: fewer threads */
        h->depth_offset = (i + 1) & 1;   /* every other helper one ply deeper */
        h->noise_seed = s->noise_seed;
        h->et = s->et;
        s->helpers[s->nhelpers++] = h;
    }
    s->threads = 1 + s->nhelpers;
}

void search_arm(Search *s)
{
    atomic_store(&s->stop, false);
    atomic_store(&s->armed, true);
}

void search_stop(Search *s)
{
    atomic_store(&s->pondering, false);
    atomic_store(&s->stop, true);
}

void search_ponderhit(Search *s)
{
    /* The opponent played the expected move: our clock starts now. */
    atomic_store(&s->start_ms, now_ms());
    atomic_store(&s->pondering, false);
}

uint64_t search_nodes(const Search *s)
{
    uint64_t n = atomic_load_explicit(&((Search *)s)->nodes_pub, memory_order_relaxed);
    for (int i = 0; i < s->nhelpers; i++)
        n += atomic_load_explicit(&s->helpers[i]->nodes_pub, memory_order_relaxed);
    return n;
}

void search_progress(const Search *s, int *depth, int *score, int64_t *elapsed_ms,
                     int *moves_left, int *moves_total)
{
    Search *m = (Search *)s;   /* atomics are read-only here */
    if (depth) *depth = atomic_load(&m->prog_depth);
    if (score) *score = atomic_load(&m->prog_score);
    if (elapsed_ms) *elapsed_ms = now_ms() - atomic_load(&m->start_ms);
    if (moves_left) *moves_left = atomic_load(&m->prog_left);
    if (moves_total) *moves_total = atomic_load(&m->prog_total);
}

static bool in_move_list(const MoveList *ml, Move m)
{
    return ml && in_list(ml, m);
}

/* A search stopped early may leave a one-move PV; the hash table often
 * still knows a reply worth pondering on.  Checked against the legal
 * moves, as an entry can belong to another position. */
static Move ponder_from_tt(Search *s, Move best)
{
    Move reply = no_move();
    reply.kind = MOVE_NULL;
    TTEntry tte;
    position_make(s->pos, best);
    if (tt_probe(s->tt, s->pos->hash, &tte) && !move_none(tte.move)) {
        rules_legal_moves(s->pos, s->scratch);
        if (in_move_list(s->scratch, tte.move))
            reply = tte.move;
    }
    position_unmake(s->pos);
    return reply;
}

/* Legal root moves (a bared king's grace move too), restricted by
 * include / exclude. */
static void make_root_moves(Search *s)
{
    rules_playable_moves(s->pos, s->scratch);
    s->nroot = 0;
    for (int i = 0; i < s->scratch->n; i++) {
        Move m = s->scratch->m[i];
        if (s->limits.include && s->limits.include->n && !in_move_list(s->limits.include, m))
            continue;
        if (in_move_list(s->limits.exclude, m))
            continue;
        RootMove *rm = &s->root[s->nroot++];
        rm->move = m;
        rm->score = rm->prev_score = -SCORE_INF;
        rm->pvlen = 1;
        rm->pv[0] = m;
    }
}

/* The undo stack has room for the search only if the game's history is
 * trimmed to what repetition detection can still use. */
static void trim_history(Position *pos)
{
    int room = MAX_PLY_HISTORY - MAX_PV - 8;
    if (pos->ply <= room)
        return;
    int keep = pos->rep_plies < room / 2 ? pos->rep_plies : room / 2;
    memmove(pos->undo, pos->undo + pos->ply - keep, (size_t)keep * sizeof(Undo));
    pos->root_ply -= pos->ply - keep;
    if (pos->root_ply < 0)
        pos->root_ply = 0;
    pos->ply = keep;
}

static void setup_variant_flags(Search *s)
{
    const Variant *v = s->pos->v;
    const Rules *r = &v->rules;
    s->must_capture = r->must_capture;
    s->needs_legality = v->royal_types || r->facing_royals_illegal;
    s->has_immediate = r->check_limit || r->flag_pieces || r->extinction || r->explosions
                    || r->bare_king != OUTCOME_NONE;
    s->material_draws = !v->has_drops
                     && (r->insufficient_material_draw || r->bare_king != OUTCOME_NONE);
    int royals_now = position_royals(s->pos, WHITE) + position_royals(s->pos, BLACK);
    s->royals_max = position_royals_at_start(v, WHITE) + position_royals_at_start(v, BLACK);
    if (royals_now > s->royals_max)
        s->royals_max = royals_now;
    s->check_tactics = r->check_limit > 0;
    s->flag_tactics = r->flag_pieces != 0;
    /* Passing is no test of a position where the rules punish having
       moves (must-capture, stalemate wins by material) or where there
       is no king to protect. */
    s->null_ok_variant = !r->must_capture && !r->stalemate_material && v->royal_types
                      && r->stalemated != OUTCOME_WIN;
}

/* ---- Lazy SMP helpers ---------------------------------------------------- */

static void *helper_main(void *arg)
{
    Search *h = arg;
    iterate(h, NULL);
    atomic_store_explicit(&h->nodes_pub, h->nodes, memory_order_relaxed);
    return NULL;
}

/* Give each helper the main search's root (position, root moves, rules
 * flags, user scores) with no limits of its own, and start its thread;
 * stop_helpers() ends them. */
static void start_helpers(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++) {
        Search *h = s->helpers[i];
        memcpy(h->pos, s->pos, sizeof *s->pos);
        h->limits = s->limits;
        h->limits.nodes = 0;
        h->limits.mate = 0;
        h->multipv = 1;
        memset(&h->tp, 0, sizeof h->tp);          /* untimed: the main search stops it */
        h->nodes = 0;
        atomic_store(&h->nodes_pub, 0);
        h->stopped = false;
        atomic_store(&h->stop, false);
        atomic_store(&h->pondering, false);
        setup_variant_flags(h);
        memcpy(h->fixed_hash, s->fixed_hash, sizeof s->fixed_hash);
        memcpy(h->fixed_score, s->fixed_score, sizeof s->fixed_score);
        h->nfixed = s->nfixed;
        memset(h->killers, 0, sizeof h->killers);
        h->incheck[0] = s->incheck[0];
        h->evals[0] = s->evals[0];
        memcpy(h->root, s->root, (size_t)s->nroot * sizeof *s->root);
        h->nroot = s->nroot;
        if (pthread_create(&s->helper_ids[i], NULL, helper_main, h) != 0)
            break;      /* no thread: the remaining helpers sit this search out */
        s->nrunning = i + 1;
    }
}

static void stop_helpers(Search *s)
{
    for (int i = 0; i < s->nrunning; i++)
        atomic_store(&s->helpers[i]->stop, true);
    for (int i = 0; i < s->nrunning; i++)
        pthread_join(s->helper_ids[i], NULL);
    s->nrunning = 0;
}

/* Wait for stop (infinite) or ponderhit/stop (pondering) before answering. */
static void hold_until_released(Search *s)
{
    struct timespec ts = { 0, 1000000 };
    while (!atomic_load(&s->stop)
           && (atomic_load(&s->pondering) || s->limits.infinite))
        nanosleep(&ts, NULL);
}

Move search_run(Search *s, const Position *pos, const SearchLimits *limits,
                const SearchCallbacks *cb, Move *ponder_out)
{
    if (!atomic_exchange(&s->armed, false))
        atomic_store(&s->stop, false);
    atomic_store(&s->start_ms, now_ms());
    atomic_store(&s->pondering, limits->ponder);
    memcpy(s->pos, pos, sizeof *pos);
    trim_history(s->pos);
    /* the rules read from the history which moves checked: know it now,
       so they never replay moves inside the tree */
    rules_note_checks(s->pos, s->pos->halfmove > s->pos->rep_plies
                              ? s->pos->halfmove : s->pos->rep_plies);
    s->limits = *limits;
    s->multipv = limits->multipv > 0 ? limits->multipv : 1;
    s->nodes = 0;
    atomic_store(&s->nodes_pub, 0);
    s->stopped = false;
    setup_variant_flags(s);
    tt_new_search(s->tt);
    memset(s->killers, 0, sizeof s->killers);
    s->incheck[0] = attack_in_check(s->pos, s->pos->side);
    s->evals[0] = s->et ? eval_position(s->et, s->pos) : 0;

    make_root_moves(s);
    atomic_store(&s->prog_total, s->nroot);
    atomic_store(&s->prog_depth, 0);
    timeman_plan(limits, s->pos->side, s->nroot, &s->tp);
    Move best = no_move(), ponder = no_move();
    best.kind = MOVE_NULL;
    ponder.kind = MOVE_NULL;
    if (s->nroot > 0 && s->et && rules_immediate(s->pos) == OUTCOME_NONE) {
        start_helpers(s);
        iterate(s, cb);
        stop_helpers(s);
        best = s->root[0].move;
        ponder = s->root[0].pvlen > 1 ? s->root[0].pv[1] : ponder_from_tt(s, best);
    } else if (s->nroot > 0) {
        /* decided, but the rules still want a move (a bared king's grace
           move): any legal one will do */
        best = s->root[0].move;
    }
    hold_until_released(s);
    atomic_store(&s->nodes_pub, s->nodes);
    atomic_store(&s->stop, false);
    atomic_store(&s->pondering, false);
    if (ponder_out)
        *ponder_out = ponder;
    return best;
}
