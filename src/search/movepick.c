/*
 * movepick.c — the order in which a node tries its moves, and their
 * legality.
 *
 * Moves are generated in stages: the hash move (checked against the
 * piece's own moves, before anything else is generated), then captures
 * and promotions by MVV, capture history and LVA (SEE only where the
 * victim is worth less than the capturer; losing ones wait), then quiet moves by killer,
 * countermove and history, then the losing captures.  Quiescence
 * generates captures only.  Legality and "gives check" need no full
 * attack test for most moves: per node, the squares through which each
 * royal could be exposed are computed once (royal_exposure), and only
 * moves touching them are tested in full.
 */
#include "board/attack.h"
#include "board/turn.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "search/search_internal.h"
#include "search/see.h"

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
    if (m.kind == MOVE_CASTLE || m.kind == MOVE_NULL || m.kind == MOVE_PASS || m.nvictims
        || m.from == king)
        return true;        /* (locust victims leave squares too) */
    if (m.kind == MOVE_EP && sqset_has(set, m.victim[0]))
        return true;
    return sqset_has(set, m.to) || (m.kind != MOVE_DROP && sqset_has(set, m.from));
}

/* Make m if it is legal (the mover's royals safe, a no-mate drop not
 * mating) and set incheck[ply + 1]; false (and nothing made) otherwise. */
bool picker_make_legal(Search *s, Picker *p, int ply, Move m)
{
    Position *pos = s->pos;
    if (!p->exposure_ready)
        exposure_init(s, p, ply);
    bool multi = pos->v->turn.multi;   /* turns of several moves: their own rules */
    bool test_own = s->needs_legality && (p->own_king < 0 || touches(&p->own_set, p->own_king, m));
    bool full_check = multi || p->their_king < 0 || touches(&p->their_set, p->their_king, m);
    s->cont_key[ply] = history_cont_key(&s->hist, pos, m);   /* before the board changes */
    position_make(pos, m);
    if (multi ? turn_move_illegal(pos) : test_own && attack_left_illegal(pos)) {
        position_unmake(pos);
        return false;
    }
    /* a pickup leaves nothing on m.to: it checks only by uncovering a line */
    bool check = full_check ? attack_in_check(pos, pos->side)
               : m.kind != MOVE_PICKUP && attack_from(pos, m.to, p->their_king);
    if (check && (pos->v->rules.checks_forbidden
                  || (m.kind == MOVE_DROP && pos->v->piece[m.piece].drop_no_check))) {
        position_unmake(pos);
        return false;
    }
    s->incheck[ply + 1] = check;
    pos->undo[pos->ply - 1].gave_check = check;
    if (check && pos->v->no_mate_types && movegen_forbidden_mate(pos, s->scratch)) {
        position_unmake(pos);
        return false;
    }
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

/* Is the hash move playable here?  Only the moving piece's moves are
 * generated for it; drops, castling, passes and pickups need the quiet
 * list. */
static bool tt_move_ok(Search *s, Picker *p)
{
    Position *pos = s->pos;
    Move m = p->tt_move;
    if (m.kind == MOVE_NORMAL || m.kind == MOVE_EP || m.kind == MOVE_TURN) {
        uint8_t code = pos->board[m.from];
        if (code == EMPTY || code == HOLE || code_color(code) != pos->side)
            return false;
        p->ml.n = 0;
        movegen_piece(pos, &p->ml, m.from);
        bool ok = move_in_list(&p->ml, m);
        p->ml.n = 0;
        return ok;
    }
    if (m.kind != MOVE_DROP && m.kind != MOVE_CASTLE && m.kind != MOVE_PASS
        && m.kind != MOVE_PICKUP)
        return false;
    p->ml.n = 0;
    movegen_staged(pos, &p->ml, GEN_QUIET);
    bool ok = move_in_list(&p->ml, m);
    p->ml.n = 0;
    return ok;
}

/* Captures and promotions: by the value gained (16 per centipawn), then
 * by what the capture history says (up to about 1.3 pawns either way),
 * then by the capturer's value (the least valuable first). */
static int tactical_key(Search *s, Move m)
{
    const Position *pos = s->pos;
    const EvalTables *et = s->et;
    int victim = victim_value(pos, et, m);
    if (m.piece && m.kind == MOVE_NORMAL)
        victim += eval_piece_value(et, m.piece - 1);
    return victim * 16 + history_capture_score(&s->hist, pos, m) / 8
         - eval_piece_value(et, moving_type(pos, m)) / 16;
}

/* Can the capture m lose material?  Taking something worth at least the
 * capturer cannot; otherwise static exchange decides. */
static bool losing_capture(Search *s, Move m)
{
    const Position *pos = s->pos;
    if (m.kind == MOVE_DROP)
        return false;
    if (m.kind == MOVE_NORMAL && !m.piece
        && victim_value(pos, s->et, m) >= eval_capture_value(s->et, code_type(pos->board[m.from])))
        return false;
    return see_exchange(s->pos, s->et, m) < 0;
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
        } else if (same_move(m, s->hist.killers[ply][0])) {
            key = ORDER_KILLER + 2;
        } else if (same_move(m, s->hist.killers[ply][1])) {
            key = ORDER_KILLER + 1;
        } else if (same_move(m, p->counter)) {
            key = ORDER_KILLER;
        } else {
            key = history_quiet_score(&s->hist, pos, m, history_cont_key(&s->hist, pos, m),
                                      cont_prev(s, ply, 1), cont_prev(s, ply, 2));
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
bool picker_next(Search *s, Picker *p, int ply, Move *out)
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
                && victim_value(pos, s->et, m) < p->delta_below)
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
