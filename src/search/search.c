/*
 * search.c — iterative deepening alpha-beta for every variant.
 *
 * Principal variation search with aspiration windows at the root, a
 * transposition table, null-move pruning (only where zugzwang and the
 * rules allow passing to be informative), late move reductions, reverse
 * futility and late move pruning, check and singular extensions (with
 * multi-cut), mate-distance pruning, and a quiescence search over
 * captures, promotions and what the variant makes tactical (flag moves,
 * checks in n-check games).
 * The moves come from the staged picker (movepick.c).  Static
 * evaluations are cached by hash, and fade as the move-count rule nears,
 * so won endings are pressed.
 *
 * Game ends come from the rules module, the same functions the referee
 * uses: immediate results at every node (two passes, bikjang among them),
 * no-move outcomes, repetition (with perpetual check judged from the check
 * flags the search keeps in the undo stack), the move rule and
 * insufficient material, each a draw or what the material count makes of
 * it.
 */
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "board/turn.h"
#include "search/search_internal.h"

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

/* The static evaluation `raw` corrected by what earlier searches found of
 * positions that share its parts (corrhist.h); fills k with their slots. */
static int corrected_eval(Search *s, int raw, CorrKeys *k)
{
    corr_keys(s->pos, s->pawn_types, k);
    int e = raw + corr_value(s->corr, s->pos->side, k);
    return e >= MATE_BOUND ? MATE_BOUND - 1 : e <= -MATE_BOUND ? -MATE_BOUND + 1 : e;
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
    /* two plies back: only after two passes or turns in a row; with turns
       of several moves, every ply back where a turn started */
    bool multi = pos->v->turn.multi;
    if (multi && turn_mid(pos))
        return false;
    int step = multi ? 1 : 2;
    for (int d = step; d <= pos->rep_plies && d <= pos->ply; d += step) {
        const Undo *u1 = &pos->undo[pos->ply - d + 1], *u2 = &pos->undo[pos->ply - d];
        if ((d > 1 && u1->move.kind == MOVE_NULL) || u2->move.kind == MOVE_NULL) {
            if (d <= 2)
                continue;   /* a null move just made: look further back all the same */
            break;
        }
        if (u2->hash != pos->hash || (multi && !turn_started_at(pos, pos->ply - d)))
            continue;
        if (d > ply && ++count + 1 < r->repetition_count)
            continue;
        *score = outcome_score(rules_repetition(pos, d, NULL), ply);
        return true;
    }
    return false;
}

/* The move-count rule and the count draw unless the side to move has no
 * legal move; that needs looking at only where having none is not a draw
 * anyway. */
static bool drawn_unless_no_moves(Search *s, int ply)
{
    Position *pos = s->pos;
    const Rules *r = &pos->v->rules;
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
    if (r->repetition_count && pos->rep_plies >= 2 && repetition_score(s, ply, score))
        return true;
    if (r->move_rule && pos->halfmove >= 2 * r->move_rule && rules_move_rule_reached(pos)
        && drawn_unless_no_moves(s, ply)) {
        *score = outcome_score(rules_drawn(pos), ply);   /* 0, or the material count's */
        return true;
    }
    if (r->promotion_stalemate && pos->nlist[pos->side] == 2 && !s->incheck[ply]
        && rules_only_promotions(pos, s->scratch)) {
        *score = outcome_score(rules_no_moves(pos, false), ply);
        return true;
    }
    if (rules_count_expired(pos) && drawn_unless_no_moves(s, ply)) {
        *score = outcome_score(rules_drawn(pos), ply);   /* 0, or the material count's */
        return true;
    }
    if (s->material_draws && pos->nlist[0] + pos->nlist[1] <= s->royals_max
        && rules_insufficient_material(pos)) {
        *score = outcome_score(rules_drawn(pos), ply);
        return true;
    }
    return false;
}

/* No legal move: the rules say what that is, for the side to move. */
static int no_moves_score(Search *s, int ply)
{
    bool check = s->pos->v->turn.multi ? turn_in_check(s->pos) : s->incheck[ply];
    return outcome_score(rules_no_moves(s->pos, check), ply);
}

/* ---- the score of a child node, for the side that moved into it ----------
 * Negamax: negated when the move passed the turn to the opponent (always,
 * unless turns have several moves); when the same side moves again, its
 * score as it is, with the same window. */

static int qsearch(Search *s, int alpha, int beta, int ply, int qdepth);
static int search(Search *s, int alpha, int beta, int depth, int ply, bool cutnode);

static inline int child_qsearch(Search *s, bool flip, int alpha, int beta, int ply, int qdepth)
{
    return flip ? -qsearch(s, -beta, -alpha, ply, qdepth) : qsearch(s, alpha, beta, ply, qdepth);
}

static inline int child_search(Search *s, bool flip, int alpha, int beta, int depth, int ply,
                               bool cutnode)
{
    return flip ? -search(s, -beta, -alpha, depth, ply, cutnode)
                : search(s, alpha, beta, depth, ply, cutnode);
}

/* Did the move just made pass the turn (the side to move changed)? */
static inline bool turn_passed(const Position *pos)
{
    return pos->undo[pos->ply - 1].turn_ended;
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
    /* the opponent waits on its flag: only a capture there (or our own
       arrival) saves us, so there is no standing pat */
    bool pending = !incheck && s->flag_pending_rule && rules_flag_pending(pos);

    /* Step 2. Transposition table */
    TTEntry tte;
    Move tt_move = no_move();
    bool hit = tt_probe(s->tt, position_table_key(pos), &tte);
    if (hit) {
        int ts = score_from_tt(tte.score, ply);
        int b = tte.genbound & 3;
        if ((b == TT_BOUND_EXACT) || (b == TT_BOUND_LOWER && ts >= beta) || (b == TT_BOUND_UPPER && ts <= alpha))
            return ts;
        tt_move = tte.move;
    }

    /* Step 3. Stand pat: the side to move may decline every capture */
    int best = -SCORE_INF, stand = -SCORE_INF, raw = 0;
    if (!incheck) {
        CorrKeys ck;
        raw = hit ? tte.eval : static_eval(s);
        stand = pending ? -SCORE_MATE + ply + 1 : corrected_eval(s, raw, &ck);
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
        p->delta_below = incheck || pending ? -SCORE_INF : alpha - stand - 200;
        if (!picker_next(s, p, ply, &m))
            break;
        bool tactical = is_tactical(pos, m);
        if (!incheck && !pending && tactical && !m.piece
            && stand + victim_value(pos, s->et, m) + 200 < alpha)
            continue;   /* the hash move, which skips the picker's test */
        if (!picker_make_legal(s, p, ply, m))
            continue;
        if (hunt_checks && !tactical && !s->incheck[ply + 1]
            && !(s->flag_tactics && flag_move(pos, m))) {
            position_unmake(pos);
            continue;
        }
        legal++;
        int score = child_qsearch(s, turn_passed(pos), alpha, beta, ply + 1, qdepth + 1);
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
    tt_store(s->tt, position_table_key(pos), best_move, score_to_tt(best, ply), raw, 0, bound);
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
    /* in the middle of a turn there is no passing: only a whole turn is */
    if (pos->v->turn.multi && turn_mid(pos))
        return false;
    /* generals facing under bikjang must be parted, like a check answered:
       passing there is a real move that ends the game */
    if (pos->v->rules.facing_royals_bikjang && attack_royals_face(pos))
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
    /* in check, or the opponent waits on its flag (flag.reply-move: both):
       the static evaluation says nothing, nothing is pruned by it */
    bool pressed = incheck || (s->flag_pending_rule && rules_flag_pending(pos));
    Move excluded = s->excluded[ply];
    bool singular_search = !move_none(excluded);   /* this node without that move */

    /* Step 3. Mate distance pruning: no line can beat a shorter mate */
    int mated = -SCORE_MATE + ply, mating = SCORE_MATE - ply - 1;
    if (alpha < mated) alpha = mated;
    if (beta > mating) beta = mating;
    if (alpha >= beta)
        return alpha;

    /* Step 4. Transposition table */
    TTEntry tte;
    Move tt_move = no_move();
    bool hit = tt_probe(s->tt, position_table_key(pos), &tte);
    int tt_score = 0;
    if (hit) {
        tt_move = tte.move;
        tt_score = score_from_tt(tte.score, ply);
        int b = tte.genbound & 3;
        if (!pv_node && !singular_search && tte.depth >= depth
            && ((b == TT_BOUND_EXACT) || (b == TT_BOUND_LOWER && tt_score >= beta)
                || (b == TT_BOUND_UPPER && tt_score <= alpha)))
            return tt_score;
    }

    /* Step 5. Static evaluation, and whether it is improving */
    CorrKeys ck;
    int raw = incheck ? 0 : hit ? tte.eval : static_eval(s);
    int eval = pressed ? -SCORE_INF : corrected_eval(s, raw, &ck);
    s->evals[ply] = eval;
    bool improving = !pressed && ply >= 2 && eval > s->evals[ply - 2];
    history_reset_killers(&s->hist, ply + 1);

    if (!pv_node && !pressed && !singular_search && abs(beta) < MATE_BOUND) {
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
            s->cont_key[ply] = CONT_NONE;
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

    /* Step 8b. Singular extension: when every other move falls well short
       of the hash move's score, the hash move is searched a ply deeper;
       when even without it the node fails high, it is cut (multi-cut) */
    bool singular = false;
    if (!singular_search && ply > 0 && depth >= 6 && hit && !move_none(tt_move)
        && (tte.genbound & 3) != TT_BOUND_UPPER && tte.depth >= depth - 3
        && abs(tt_score) < MATE_BOUND) {
        int sbeta = tt_score - 2 * depth;
        s->excluded[ply] = tt_move;
        int v = search(s, sbeta - 1, sbeta, (depth - 1) / 2, ply, cutnode);
        s->excluded[ply] = no_move();
        if (s->stopped)
            return 0;
        if (v < sbeta)
            singular = true;
        else if (sbeta >= beta)
            return sbeta;
    }

    /* Step 9. The moves */
    Picker *p = &s->pick[ply];
    picker_init(p, tt_move, history_counter_move(&s->hist, pos), false, false);
    Move m, best_move = no_move();
    Move quiets[64], captures[32];
    int nquiets = 0, ncaptures = 0, legal = 0, best = -SCORE_INF, old_alpha = alpha;
    while (picker_next(s, p, ply, &m)) {
        if (singular_search && same_move(m, excluded))
            continue;
        bool tactical = is_tactical(pos, m);

        /* Step 9a. Pruning of late quiet moves and losing captures at low depth */
        int key = picker_last_key(p);
        if (!pv_node && !pressed && legal > 0 && best > -MATE_BOUND) {
            if (!tactical) {
                if (depth <= 5 && legal >= 3 + depth * depth / (improving ? 1 : 2))
                    continue;
                if (depth <= 4 && eval + 100 + 80 * depth <= alpha)
                    continue;
                if (depth <= 2 && key < -HISTORY_SUM_MAX / 2)
                    continue;
            } else if (depth <= 3 && key <= ORDER_BAD / 2) {
                continue;
            }
        }

        if (!picker_make_legal(s, p, ply, m))
            continue;
        legal++;
        bool gives_check = s->incheck[ply + 1];
        /* an arrival the opponent must answer presses it like a check */
        bool presses = gives_check || (s->flag_pending_rule && rules_flag_pending(pos));
        bool flip = turn_passed(pos);
        tt_prefetch(s->tt, position_table_key(pos));

        /* Step 9b. Check and singular extensions */
        bool extend = presses || (singular && same_move(m, tt_move));
        int new_depth = depth - 1 + (extend && ply < 2 * depth + 8);

        /* Step 9c. Late move reductions, then PVS */
        int score;
        if (depth >= 3 && legal > 1 + pv_node && !presses && (!tactical || key < 0)) {
            int r = s->lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
            r += !pv_node + !improving + cutnode;
            r -= key >= ORDER_KILLER;
            if (!tactical && key < ORDER_KILLER)
                r -= key / (HISTORY_SUM_MAX / 2);   /* history: -2 .. +2 */
            if (r < 0) r = 0;
            int rd = new_depth - r < 1 ? 1 : new_depth - r;
            if (rd > new_depth) rd = new_depth;
            score = child_search(s, flip, alpha, alpha + 1, rd, ply + 1, true);
            if (score > alpha && rd < new_depth)
                score = child_search(s, flip, alpha, alpha + 1, new_depth, ply + 1, !cutnode);
        } else if (!pv_node || legal > 1) {
            score = child_search(s, flip, alpha, alpha + 1, new_depth, ply + 1, !cutnode);
        } else {
            score = alpha + 1;   /* the first move of a PV node: full window below */
        }
        if (pv_node && (legal == 1 || (score > alpha && score < beta)))
            score = child_search(s, flip, alpha, beta, new_depth, ply + 1, false);
        position_unmake(pos);
        if (s->stopped)
            return 0;

        if (!tactical && nquiets < 64)
            quiets[nquiets++] = m;
        else if (tactical && ncaptures < 32)
            captures[ncaptures++] = m;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                if (pv_node)
                    update_pv(s, ply, m);
                if (score >= beta) {
                    if (!tactical)
                        history_reward_quiet(&s->hist, pos, m, quiets, nquiets, depth, ply,
                                             cont_prev(s, ply, 1), cont_prev(s, ply, 2));
                    history_reward_captures(&s->hist, pos, m, tactical, captures, ncaptures,
                                            depth);
                    break;
                }
            }
        }
    }

    /* Step 10. No legal move: mate or stalemate as the variant says (or,
       without the excluded move, nothing to say) */
    if (legal == 0)
        return singular_search ? alpha : no_moves_score(s, ply);

    /* Step 11. Remember (a search without a move is not this node's) */
    if (singular_search)
        return best;
    int bound = best >= beta ? TT_BOUND_LOWER : alpha > old_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
    /* Step 12. What the evaluation missed, where the score says it: a
       quiet best move (a capture's gain is no error of the evaluation)
       and a bound on the right side of it */
    if (!pressed && abs(best) < MATE_BOUND
        && (move_none(best_move) || !is_tactical(pos, best_move))
        && !(bound == TT_BOUND_LOWER && best <= eval)
        && !(bound == TT_BOUND_UPPER && best >= eval))
        corr_update(s->corr, pos->side, &ck, depth, best, raw);
    tt_store(s->tt, position_table_key(pos), best_move, score_to_tt(best, ply), raw, depth, bound);
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
        s->cont_key[0] = history_cont_key(&s->hist, pos, m);
        uint64_t nodes_before = s->nodes;
        position_make(pos, m);
        s->incheck[1] = attack_in_check(pos, pos->side);
        pos->undo[pos->ply - 1].gave_check = s->incheck[1];
        int new_depth = depth - 1 + s->incheck[1];
        bool flip = turn_passed(pos);
        int score;
        if (i == s->pv_index) {
            score = child_search(s, flip, alpha, beta, new_depth, 1, false);
        } else {
            int r = depth >= 3 && i >= s->pv_index + 3 && !s->incheck[1]
                    && !is_tactical(pos, m) ? 1 : 0;
            score = child_search(s, flip, alpha, alpha + 1, new_depth - r, 1, true);
            if (score > alpha && r)
                score = child_search(s, flip, alpha, alpha + 1, new_depth, 1, true);
            if (score > alpha && score < beta)
                score = child_search(s, flip, alpha, beta, new_depth, 1, false);
        }
        position_unmake(pos);
        rm->nodes += s->nodes - nodes_before;
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
    info.time_ms = search_now_ms() - atomic_load(&s->start_ms);
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

/* The best move's share of this thread's nodes, per mille (-1 before
 * any are counted). */
static int best_share(const Search *s)
{
    return s->nodes ? (int)(s->root[0].nodes * 1000 / s->nodes) : -1;
}

void search_iterate(Search *s, const SearchCallbacks *cb)
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
        for (int i = 0; i < lines && i < s->shown_lines; i++)
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
        TimeSignals sig = { stability, drop, best_share(s) };
        if (!timeman_continue(&s->tp, search_elapsed(s), &sig)) {
            if (!atomic_load(&s->pondering))
                break;
            /* pondering on: a ponderhit now ends the search at once */
            atomic_store(&s->stop_on_ponderhit, true);
        }
        if (s->soft_nodes && s->nodes >= s->soft_nodes)
            break;   /* a strength level's budget (skill.h) is spent */
    }
}
