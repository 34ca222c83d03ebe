/*
 * rules.c — game termination by the variant's rules (see rules.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "movegen.h"
#include "rules.h"

int repetitions(const Position *pos)
{
    int n = 0;
    int limit = pos->ply - pos->rep_plies;
    if (limit < 0)
        limit = 0;
    for (int i = pos->ply - 2; i >= limit; i -= 2)
        if (pos->undo[i].hash == pos->hash)
            n++;
    return n;
}

const char *result_string(Outcome o, int side)
{
    if (o == OUTCOME_DRAW)
        return "1/2-1/2";
    bool white_wins = (o == OUTCOME_WIN) == (side == WHITE);
    return white_wins ? "1-0" : "0-1";
}

static Outcome invert_outcome(Outcome o)
{
    return o == OUTCOME_WIN ? OUTCOME_LOSS : o == OUTCOME_LOSS ? OUTCOME_WIN : o;
}

static const char *color_name(int c) { return c == WHITE ? "White" : "Black"; }

/* Over the last `plies` moves (as far back as the history goes), how many
 * each colour made and how many of those gave check.  The moves are taken
 * back and replayed to look at each position. */
static void count_recent_checks(Position *pos, int plies, int moves[2], int checks[2])
{
    Move stack[MAX_PLY_HISTORY];
    int n = 0;
    moves[WHITE] = moves[BLACK] = checks[WHITE] = checks[BLACK] = 0;
    for (int k = 0; k < plies && pos->ply > pos->root_ply; k++) {
        int mover = !pos->side;
        moves[mover]++;
        checks[mover] += in_check(pos, pos->side);
        stack[n++] = pos->undo[pos->ply - 1].move;
        position_unmake(pos);
    }
    while (n > 0)
        position_make(pos, stack[--n]);
}

/* Which sides gave check with every one of their last moves?  Bit c set:
 * colour c checked perpetually. */
static int perpetual_checkers(Position *pos, int plies)
{
    int moves[2], checks[2];
    count_recent_checks(pos, plies, moves, checks);
    return (moves[WHITE] && checks[WHITE] == moves[WHITE])
         | (moves[BLACK] && checks[BLACK] == moves[BLACK]) << 1;
}

/* The move-count rule, with checking moves left out where the variant
 * says so.  XBoard referees xiangqi that way: a 60-move claim counted
 * with the checks was refused as false and lost the game. */
static bool move_rule_reached(Position *pos)
{
    const Rules *r = &pos->v->rules;
    int plies = pos->halfmove;
    if (!r->move_rule || plies < 2 * r->move_rule)
        return false;
    if (r->move_rule_skips_checks) {
        /* moves from before the history count as quiet, as XBoard counts them */
        int moves[2], checks[2];
        count_recent_checks(pos, plies, moves, checks);
        plies -= checks[WHITE] + checks[BLACK];
    }
    return plies >= 2 * r->move_rule;
}

static bool insufficient_material(const Position *pos)
{
    const Variant *v = pos->v;
    if (!v->rules.insufficient_material_draw && v->rules.bare_king == OUTCOME_NONE)
        return false;      /* (with the bare-king rule, two bare kings are a draw) */
    /* Only royals left on both sides: nobody can ever mate. */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (pos->count[c][t] && !v->piece[t].royal)
                return false;
    return v->has_drops ? false : true;
}

static bool set_end(GameEnd *end, Outcome o, const char *reason)
{
    end->outcome = o;
    snprintf(end->reason, sizeof end->reason, "%s", reason);
    return true;
}

static bool bare_king_decided(const Position *pos)
{
    return pos->v->rules.bare_king != OUTCOME_NONE
        && only_royals(pos, pos->side) != only_royals(pos, !pos->side);
}

bool game_end(Position *pos, GameEnd *end)
{
    const Variant *v = pos->v;
    const Rules *r = &v->rules;
    char buf[80];
    end->outcome = OUTCOME_NONE;
    end->reason[0] = '\0';

    if (grace_move_pending(pos))
        return false;     /* the bared side still has its reply to play */
    Outcome now = immediate_result(pos);
    if (now != OUTCOME_NONE) {
        int winner = now == OUTCOME_WIN ? pos->side : !pos->side;
        if (now == OUTCOME_DRAW)
            return set_end(end, now, "draw by rule");
        if (r->check_limit && pos->checks[!pos->side] >= r->check_limit)
            snprintf(buf, sizeof buf, "%s gives check %d times", color_name(winner), r->check_limit);
        else if (bare_king_decided(pos))
            snprintf(buf, sizeof buf, "%s wins: bare king", color_name(winner));
        else
            snprintf(buf, sizeof buf, "%s wins by rule", color_name(winner));
        return set_end(end, now, buf);
    }

    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    gen_legal(pos, ml);
    int nmoves = ml->n;
    free(ml);
    if (nmoves == 0) {
        if (in_check(pos, pos->side)) {
            snprintf(buf, sizeof buf, "%s mates", color_name(!pos->side));
            return set_end(end, r->checkmated, buf);
        }
        return set_end(end, r->stalemated, "stalemate");
    }

    if (r->repetition_count && repetitions(pos) + 1 >= r->repetition_count) {
        int plies = 0;
        for (int i = pos->ply - 2; i >= 0; i -= 2)
            if (pos->undo[i].hash == pos->hash)
                plies = pos->ply - i;
        int checkers = r->perpetual_check != OUTCOME_NONE ? perpetual_checkers(pos, plies) : 0;
        if (checkers == 1 || checkers == 2) {
            /* one side checked with every move of the cycle */
            bool we_checked = checkers >> pos->side & 1;
            Outcome for_checker = r->perpetual_check;
            Outcome for_us = we_checked ? for_checker : invert_outcome(for_checker);
            return set_end(end, for_us, "perpetual check");
        }
        /* the player who completed it just moved: the opponent of the side to move */
        Outcome for_us = invert_outcome(r->repetition);
        snprintf(buf, sizeof buf, "%d-fold repetition", r->repetition_count);
        return set_end(end, for_us, buf);
    }
    if (move_rule_reached(pos)) {
        snprintf(buf, sizeof buf, "%d-move rule", r->move_rule);
        return set_end(end, OUTCOME_DRAW, buf);
    }
    if (insufficient_material(pos))
        return set_end(end, OUTCOME_DRAW, "insufficient material");
    return false;
}
