/*
 * run.c — one search, from the game's position to a move (search_run).
 *
 * The search runs on the caller's thread (the protocol's worker) on its
 * own copy of the position, whose history is trimmed to what repetition
 * detection still needs; the rules of the variant set a few flags the
 * tree search reads at every node.  Stop and ponderhit arrive through
 * atomics (control.c).
 */
#include <string.h>
#include <time.h>
#include "board/attack.h"
#include "board/rules.h"
#include "search/search_internal.h"
#include "search/skill.h"

static bool in_move_list(const MoveList *ml, Move m)
{
    return ml && move_in_list(ml, m);
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
    if (tt_probe(s->tt, position_table_key(s->pos), &tte) && !move_none(tte.move)) {
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
        rm->nodes = 0;
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

/* Deep enough for any line the search follows (MAX_PLY), with room for
 * the moves the rules try on top of it. */
#define NNUE_PLIES (MAX_PV + 8)

void search_attach_nnue(Search *s)
{
    const NnueNet *net = s->et ? eval_tables_net(s->et) : NULL;
    s->pos->nnue = NULL;
    if (!net)
        return;
    s->nnue = nnue_stack_for(s->nnue, net, NNUE_PLIES);
    if (s->nnue)      /* out of memory: each evaluation adds up afresh */
        nnue_stack_attach(s->nnue, s->pos);
}

void search_setup_rules(Search *s)
{
    const Variant *v = s->pos->v;
    const Rules *r = &v->rules;
    s->must_capture = r->must_capture;
    s->needs_legality = v->royal_types || r->facing_royals_illegal;
    s->has_immediate = r->check_limit || r->flag_pieces || r->extinction || r->explosions
                    || v->burners
                    || r->bare_king != OUTCOME_NONE || r->pass != PASS_NEVER
                    || r->facing_royals_bikjang;
    s->material_draws = !v->has_drops
                     && (r->insufficient_material_draw || r->bare_king != OUTCOME_NONE);
    int royals_now = position_royals(s->pos, WHITE) + position_royals(s->pos, BLACK);
    s->royals_max = position_royals_at_start(v, WHITE) + position_royals_at_start(v, BLACK);
    if (royals_now > s->royals_max)
        s->royals_max = royals_now;
    s->pawn_types = 0;
    for (int t = 0; s->et && t < v->ntypes; t++)
        if (eval_is_pawnlike(s->et, t))
            s->pawn_types |= type_bit(t);
    s->check_tactics = r->check_limit > 0;
    s->flag_tactics = r->flag_pieces != 0;
    s->flag_pending_rule = r->flag_pieces && r->flag_reply == FLAG_REPLY_BOTH;
    /* Passing is no test of a position where the rules punish having
       moves (must-capture, stalemate wins by material) or where there
       is no king to protect. */
    s->null_ok_variant = !r->must_capture && !r->stalemate_material && v->royal_types
                      && r->stalemated != OUTCOME_WIN;
}

/* The root move a weakened search plays (skill.h): one of the
 * SKILL_LINES best lines whose score the search knows (the lines are
 * searched one after another, and the last may have been cut short). */
static int weakened_pick(Search *s)
{
    int score[SKILL_LINES], n = 0;
    int lines = SKILL_LINES < s->nroot ? SKILL_LINES : s->nroot;
    for (int i = 0; i < lines; i++) {
        const RootMove *rm = &s->root[i];
        int sc = rm->score > -SCORE_INF ? rm->score : rm->prev_score;
        if (sc <= -SCORE_INF)
            break;
        score[n++] = sc;
    }
    return n ? skill_pick(s->skill, score, n, &s->skill_random) : 0;
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
    /* armed: search_arm already set stop and pondering, and a stop or a
       ponderhit may have come since; they must not be lost */
    if (!atomic_exchange(&s->armed, false)) {
        atomic_store(&s->stop, false);
        atomic_store(&s->pondering, limits->ponder);
    }
    atomic_store(&s->stop_on_ponderhit, false);
    atomic_store(&s->start_ms, search_now_ms());
    memcpy(s->pos, pos, sizeof *pos);
    s->pos->turn_lists = s->turn_lists;
    trim_history(s->pos);
    /* the rules read from the history which moves checked: know it now,
       so they never replay moves inside the tree */
    rules_note_checks(s->pos, s->pos->halfmove > s->pos->rep_plies
                              ? s->pos->halfmove : s->pos->rep_plies);
    search_attach_nnue(s);
    s->limits = *limits;
    s->shown_lines = limits->multipv > 0 ? limits->multipv : 1;
    /* a weakened level caps a search for a move; analysis stays whole */
    s->weakened = skill_weakened(s->skill) && !limits->infinite;
    s->soft_nodes = s->weakened ? skill_limit(s->skill, &s->limits) : 0;
    s->multipv = s->limits.multipv > 0 ? s->limits.multipv : 1;
    s->nodes = 0;
    atomic_store(&s->nodes_pub, 0);
    s->stopped = false;
    search_setup_rules(s);
    tt_new_search(s->tt);
    history_fit_variant(&s->hist, s->pos->v);
    history_clear_killers(&s->hist);
    s->incheck[0] = attack_in_check(s->pos, s->pos->side);
    s->evals[0] = s->et ? eval_position(s->et, s->pos) : 0;

    make_root_moves(s);
    atomic_store(&s->prog_total, s->nroot);
    atomic_store(&s->prog_depth, 0);
    timeman_plan(&s->limits, s->pos->side, s->nroot, &s->tp);
    Move best = no_move(), ponder = no_move();
    best.kind = MOVE_NULL;
    ponder.kind = MOVE_NULL;
    if (s->nroot > 0 && s->et && rules_immediate(s->pos) == OUTCOME_NONE) {
        if (!s->weakened)       /* helpers would make a level stronger */
            smp_start_helpers(s);
        search_iterate(s, cb);
        smp_stop_helpers(s);
        const RootMove *rm = &s->root[s->weakened ? weakened_pick(s) : 0];
        best = rm->move;
        ponder = rm->pvlen > 1 ? rm->pv[1] : ponder_from_tt(s, best);
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
