/*
 * rules.c — game termination by the variant's rules (see rules.h).  Each
 * rule is written once here; rules_game_end() puts them together for the
 * referee, and the search calls the same functions at its nodes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/chase.h"
#include "board/pass.h"
#include "board/rules.h"
#include "board/turn.h"

Outcome outcome_invert(Outcome o)
{
    return o == OUTCOME_WIN ? OUTCOME_LOSS : o == OUTCOME_LOSS ? OUTCOME_WIN : o;
}

const char *rules_result_string(Outcome o, int side)
{
    if (o == OUTCOME_DRAW)
        return "1/2-1/2";
    bool white_wins = (o == OUTCOME_WIN) == (side == WHITE);
    return white_wins ? "1-0" : "0-1";
}

static const char *color_name(int c) { return c == WHITE ? "White" : "Black"; }

/* ---- draws the material count decides ----------------------------------- */

int rules_points(const Position *pos, int color)
{
    const Rules *r = &pos->v->rules;
    int points = r->count_bonus[color];
    for (int i = 0; i < pos->nlist[color]; i++)
        points += r->count_points[code_type(pos->board[pos->list[color][i]])];
    return points;
}

Outcome rules_drawn(const Position *pos)
{
    if (!pos->v->rules.material_count)
        return OUTCOME_DRAW;
    int us = rules_points(pos, pos->side), them = rules_points(pos, !pos->side);
    return us > them ? OUTCOME_WIN : us < them ? OUTCOME_LOSS : OUTCOME_DRAW;
}

/* ---- immediate results --------------------------------------------------- */

bool rules_only_royals(const Position *pos, int color)
{
    return pos->nlist[color] == position_royals(pos, color);
}

static bool on_flag(const Position *pos, int color)
{
    const Variant *v = pos->v;
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i];
        if ((v->rules.flag_pieces >> code_type(pos->board[sq]) & 1)
            && sqset_has(&v->rules.flag_region[color], sq))
            return true;
    }
    return false;
}

/* Can the side to move bring a flag piece into its flag region with a
 * legal move? */
static bool can_reach_flag(Position *pos)
{
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    movegen_legal(pos, ml);       /* (not rules_legal_moves: it asks rules_immediate) */
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        position_make(pos, ml->m[i]);
        found = on_flag(pos, !pos->side);
        position_unmake(pos);
    }
    free(ml);
    return found;
}

/* The flag rule where the second player may answer (racing kings, as
 * lichess and Fairy-Stockfish have it): the second player may answer the
 * first player's arrival with its own, which draws; otherwise whoever
 * stands on the flag has won. */
static Outcome flag_second_replies(Position *pos)
{
    const Rules *r = &pos->v->rules;
    int us = pos->side, them = !us;
    if (on_flag(pos, us))        /* arrived before the last move: the reply is over */
        return us == WHITE && on_flag(pos, them) ? rules_drawn(pos) : r->flag_result;
    if (!on_flag(pos, them))
        return OUTCOME_NONE;
    if (us == BLACK && can_reach_flag(pos))
        return OUTCOME_NONE;     /* the second player's reply move */
    return outcome_invert(r->flag_result);
}

/* The flag rule where every arrival gets a reply (jesonmor, as
 * Fairy-Stockfish has it): a flag piece that still stands on the flag when
 * its player is to move again has won, unless the reply brought one of
 * the opponent's there too (a draw).  An arrival the reply may still undo
 * decides nothing yet. */
static Outcome flag_both_reply(const Position *pos)
{
    const Rules *r = &pos->v->rules;
    if (!on_flag(pos, pos->side))
        return OUTCOME_NONE;
    return on_flag(pos, !pos->side) ? rules_drawn(pos) : r->flag_result;
}

bool rules_flag_pending(const Position *pos)
{
    return pos->v->rules.flag_reply == FLAG_REPLY_BOTH && on_flag(pos, !pos->side);
}

/* Has `color` lost the piece types the extinction rule lists: all but
 * extinction_count of any one of them it started with more of, or
 * (extinction_together) all but that many of them together, while the
 * opponent has at least extinction_opponent_count of them?  The type it
 * lost (ntypes for all of them together), or -1.  A piece in hand is
 * still the player's: it may come back by a drop (as Fairy-Stockfish
 * counts them, antihouse and koedem). */
static int extinct_type(const Position *pos, int color)
{
    const Variant *v = pos->v;
    bool together = v->rules.extinction_together;
    int left = v->rules.extinction_count, need = v->rules.extinction_opponent_count;
    int total = 0, theirs = 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (!(v->rules.extinction >> t & 1))
            continue;
        int have = pos->count[color][t] + pos->hand[color][t];
        int opp = pos->count[!color][t] + pos->hand[!color][t];
        total += have;
        theirs += opp;
        if (!together && v->start_count[color][t] > left && have <= left && opp >= need)
            return t;
    }
    return together && total <= left && theirs >= need ? v->ntypes : -1;
}

static bool extinct(const Position *pos, int color)
{
    return extinct_type(pos, color) >= 0;
}

/* The player the extinction rule has ended, `first` looked at first, and
 * in *type what it lost (as extinct_type); -1 when neither. */
static int extinct_player(const Position *pos, int first, int *type)
{
    for (int i = 0; i < 2; i++) {
        int color = i ? !first : first;
        if ((*type = extinct_type(pos, color)) >= 0)
            return color;
    }
    return -1;
}

/* The side to move has only royals left: can it capture the opponent's
 * last other piece at once, baring both (shatranj's grace move)? */
static bool can_bare_in_reply(Position *pos)
{
    const Variant *v = pos->v;
    int them = !pos->side, target = -1;
    for (int i = 0; i < pos->nlist[them]; i++) {
        int sq = pos->list[them][i];
        if (v->piece[code_type(pos->board[sq])].royal)
            continue;
        if (target >= 0)
            return false;        /* two or more: one capture cannot bare */
        target = sq;
    }
    if (target < 0)
        return false;
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    movegen_pseudo(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        Move m = ml->m[i];
        bool takes = (m.kind == MOVE_NORMAL && m.to == target)
                  || (m.kind == MOVE_EP && m.victim[0] == target);
        if (!takes)
            continue;
        position_make(pos, m);
        found = !attack_left_illegal(pos);
        position_unmake(pos);
    }
    free(ml);
    return found;
}

bool rules_only_promotions(Position *pos, MoveList *scratch)
{
    if (!pos->v->rules.promotion_stalemate || pos->nlist[pos->side] != 2
        || attack_in_check(pos, pos->side))
        return false;
    movegen_legal(pos, scratch);
    for (int i = 0; i < scratch->n; i++) {
        Move m = scratch->m[i];
        if (m.kind != MOVE_NORMAL || !m.piece
            || !pos->v->piece[code_type(pos->board[m.from])].promotes_in_place)
            return false;
    }
    return scratch->n > 0;
}

Outcome rules_immediate(Position *pos)
{
    const Variant *v = pos->v;
    const Rules *r = &v->rules;
    int us = pos->side, them = !us;
    if ((r->pass != PASS_NEVER && pass_twice(pos))
        || (r->facing_royals_bikjang && pass_accepted_bikjang(pos)))
        return rules_drawn(pos);
    if ((r->explosions || v->burners) && v->royal_types && position_royals_at_start(v, us)
        && !position_royals(pos, us))
        return OUTCOME_LOSS;      /* our royal was blown up (burned) */
    if (r->check_limit && pos->checks[them] >= r->check_limit)
        return OUTCOME_LOSS;
    if (r->check_limit && pos->checks[us] >= r->check_limit)
        return OUTCOME_WIN;       /* a position set up after our last check */
    if (r->flag_pieces && r->flag_reply != FLAG_REPLY_NONE) {
        Outcome o = r->flag_reply == FLAG_REPLY_SECOND ? flag_second_replies(pos)
                                                        : flag_both_reply(pos);
        if (o != OUTCOME_NONE)
            return o;
    } else if (r->flag_pieces) {
        if (on_flag(pos, them))
            return outcome_invert(r->flag_result);
        if (on_flag(pos, us))
            return r->flag_result;
    }
    if (r->extinction) {
        /* a move that leaves both players extinct (an explosion, or a
           promotion of the last of a type that also takes one) is judged
           for the player who made it, as Fairy-Stockfish judges it */
        if (extinct(pos, them))
            return outcome_invert(r->extinction_result);
        if (extinct(pos, us))
            return r->extinction_result;
    }
    if (r->bare_king != OUTCOME_NONE) {
        bool us_bare = rules_only_royals(pos, us), them_bare = rules_only_royals(pos, them);
        if (them_bare && !us_bare)
            return outcome_invert(r->bare_king);
        if (us_bare && !them_bare && !(r->bare_king_grace && can_bare_in_reply(pos)))
            return r->bare_king;
    }
    return OUTCOME_NONE;
}

bool rules_grace_move_pending(const Position *pos)
{
    const Rules *r = &pos->v->rules;
    return r->bare_king != OUTCOME_NONE && r->bare_king_grace
        && rules_only_royals(pos, pos->side) && !rules_only_royals(pos, !pos->side);
}

/* ---- no legal move -------------------------------------------------------- */

Outcome rules_no_moves(const Position *pos, bool in_check)
{
    const Rules *r = &pos->v->rules;
    if (in_check && r->shak_types && !(pos->shak >> pos->side & 1))
        return r->shak_missing == OUTCOME_DRAW ? rules_drawn(pos) : r->shak_missing;
    if (in_check)
        return r->checkmated;
    if (r->stalemate_material) {
        int us = pos->nlist[pos->side], them = pos->nlist[!pos->side];
        return us < them ? OUTCOME_WIN : us > them ? OUTCOME_LOSS : OUTCOME_DRAW;
    }
    return r->stalemated == OUTCOME_DRAW ? rules_drawn(pos) : r->stalemated;
}

/* ---- checks in the history ------------------------------------------------ */

/* How many of the last `plies` moves are in the recorded history. */
static int plies_in_history(const Position *pos, int plies)
{
    int have = pos->ply - pos->root_ply;
    return plies < have ? plies : have;
}

void rules_note_checks(Position *pos, int plies)
{
    int n = plies_in_history(pos, plies), unknown_from = -1;
    for (int k = 0; k < n; k++)
        if (pos->undo[pos->ply - 1 - k].gave_check == GAVE_CHECK_UNKNOWN)
            unknown_from = k;
    if (unknown_from < 0)
        return;
    /* Take the moves back to the oldest unknown one and replay them,
       asking after each whether it checked. */
    Move stack[MAX_PLY_HISTORY];
    int taken = 0;
    for (int k = 0; k <= unknown_from; k++) {
        stack[taken++] = pos->undo[pos->ply - 1].move;
        position_unmake(pos);
    }
    while (taken > 0) {
        Move m = stack[--taken];
        if (m.kind == MOVE_NULL) {
            position_make_null(pos);
            continue;
        }
        position_make(pos, m);
        pos->undo[pos->ply - 1].gave_check = attack_in_check(pos, pos->side);
    }
}

/* Did every move of `color` among the last `plies` give check (and did
 * it make at least one)?  The flags must be known (rules_note_checks). */
static bool checked_throughout(const Position *pos, int plies, int color)
{
    int moves = 0;
    for (int k = 0; k < plies; k++) {
        const Undo *u = &pos->undo[pos->ply - 1 - k];
        if (u->mover != color)
            continue;
        moves++;
        if (u->gave_check != 1)
            return false;
    }
    return moves > 0;
}

/* ---- repetition, the move rule, material ---------------------------------- */

/* The outcome for the side to move when `culprit` did something
 * perpetually for which the rules give it `for_culprit`. */
static Outcome culprit_outcome(const Position *pos, int culprit, Outcome for_culprit,
                               PerpetualKind kind, Perpetual *perpetual)
{
    if (perpetual) {
        perpetual->kind = kind;
        perpetual->side = culprit;
    }
    return culprit == pos->side ? for_culprit : outcome_invert(for_culprit);
}

Outcome rules_repetition(Position *pos, int cycle_plies, Perpetual *perpetual)
{
    const Rules *r = &pos->v->rules;
    Outcome for_us = outcome_invert(r->repetition);   /* the opponent completed it */
    if (for_us == OUTCOME_DRAW)
        for_us = rules_drawn(pos);
    if (perpetual)
        perpetual->kind = PERPETUAL_NONE;
    int plies = plies_in_history(pos, cycle_plies);
    if (r->perpetual_check != OUTCOME_NONE) {
        rules_note_checks(pos, plies);
        bool they_checked = checked_throughout(pos, plies, !pos->side);
        bool we_checked = checked_throughout(pos, plies, pos->side);
        if (they_checked != we_checked)
            return culprit_outcome(pos, we_checked ? pos->side : !pos->side,
                                   r->perpetual_check, PERPETUAL_CHECK, perpetual);
        if (we_checked)
            return for_us;        /* both checked: chasing is not looked at */
    }
    if (r->perpetual_chase != OUTCOME_NONE) {
        bool chasing[2];
        chase_judge(pos, plies, chasing);
        if (chasing[WHITE] != chasing[BLACK])
            return culprit_outcome(pos, chasing[WHITE] ? WHITE : BLACK,
                                   r->perpetual_chase, PERPETUAL_CHASE, perpetual);
    }
    return for_us;
}

/* Plies since the last irreversible move that XBoard counts toward
 * xiangqi's move rule: neither a check nor the answer to one, and (as
 * XBoard counts) one less when the irreversible move itself checked.
 * Counting only the checks, a claim after a long R v R ending with many
 * checks was refused as false and lost. */
static int plies_without_checks(Position *pos, int plies)
{
    int n = plies_in_history(pos, plies + 1);   /* the irreversible move too */
    rules_note_checks(pos, n);
    int counted = plies;
    for (int k = 0; k < n; k++) {
        bool checked = pos->undo[pos->ply - 1 - k].gave_check == 1;
        bool answered_check = k + 1 < n && pos->undo[pos->ply - 2 - k].gave_check == 1;
        counted -= k < plies ? (checked || answered_check) : checked;
    }
    return counted;
}

bool rules_move_rule_reached(Position *pos)
{
    const Rules *r = &pos->v->rules;
    int plies = pos->halfmove;
    if (!r->move_rule || plies < 2 * r->move_rule)
        return false;
    if (r->move_rule_skips_checks)
        plies = plies_without_checks(pos, plies);
    return plies >= 2 * r->move_rule;
}

/* With the bare-king rule, two bare kings are a draw as well. */
bool rules_insufficient_material(const Position *pos)
{
    const Variant *v = pos->v;
    if (v->has_drops
        || (!v->rules.insufficient_material_draw && v->rules.bare_king == OUTCOME_NONE))
        return false;
    return rules_only_royals(pos, WHITE) && rules_only_royals(pos, BLACK);
}

/* Over the repetition window (since the last irreversible move): how
 * often the current position occurred before, and in *cycle the plies
 * back to the occurrence the repetition rule judges from: the one that
 * completes the count (going back, the count-1st), or the earliest when
 * there are fewer.  XBoard judges the cycle from there. */
static int repetition_walk(const Position *pos, int *cycle)
{
    int n = 0, limit = pos->ply - pos->rep_plies, wanted = pos->v->rules.repetition_count - 1;
    if (limit < 0)
        limit = 0;
    *cycle = 0;
    if (pos->v->turn.multi)
        return turn_repetition_walk(pos, limit, wanted, cycle);
    for (int i = pos->ply - 2; i >= limit; i -= 2)
        if (pos->undo[i].hash == pos->hash && ++n <= wanted)
            *cycle = pos->ply - i;
    return n;
}

int rules_repetitions(const Position *pos)
{
    int cycle;
    return repetition_walk(pos, &cycle);
}

/* ---- moves ---------------------------------------------------------------- */

void rules_legal_moves(Position *pos, MoveList *ml)
{
    if (rules_immediate(pos) != OUTCOME_NONE) {
        ml->n = 0;
        return;
    }
    movegen_legal(pos, ml);
}

void rules_playable_moves(Position *pos, MoveList *ml)
{
    if (pos->play_past_end || rules_grace_move_pending(pos))
        movegen_legal(pos, ml);
    else
        rules_legal_moves(pos, ml);
}

int rules_refused_drop_mates(Position *pos)
{
    const Variant *v = pos->v;
    if ((!v->has_drops && !v->no_mate_types) || rules_immediate(pos) != OUTCOME_NONE)
        return 0;
    MoveList *ml = malloc(sizeof *ml), *replies = malloc(sizeof *replies);
    if (!ml || !replies) {
        free(ml);
        free(replies);
        return 0;
    }
    movegen_pseudo(pos, ml);
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        bool drop = m.kind == MOVE_DROP && v->piece[m.piece].drop_no_mate;
        if (!drop && !v->no_mate_types)
            continue;
        position_make(pos, m);
        if (!attack_left_illegal(pos))
            n += drop ? movegen_drop_mates(pos) : movegen_forbidden_mate(pos, replies);
        position_unmake(pos);
    }
    free(ml);
    free(replies);
    return n;
}

/* ---- the referee ------------------------------------------------------------ */

static bool set_end(GameEnd *end, Outcome o, const char *reason)
{
    end->outcome = o;
    end->perpetual = end->repetition_decisive = false;
    snprintf(end->reason, sizeof end->reason, "%s", reason);
    return true;
}

/* A draw by rule, or what the material count made of it: "both players
 * passed", "both players passed; Black wins on points, 73.5 to 72". */
static bool announce_drawn(Position *pos, Outcome o, const char *rule, GameEnd *end)
{
    char buf[80];
    if (o == OUTCOME_DRAW && !pos->v->rules.material_count)
        return set_end(end, o, rule);
    int p[2] = { rules_points(pos, WHITE), rules_points(pos, BLACK) };
    if (o == OUTCOME_DRAW) {
        snprintf(buf, sizeof buf, "%s; equal points, %d.%d each", rule, p[0] / 10, p[0] % 10);
        return set_end(end, o, buf);
    }
    int winner = o == OUTCOME_WIN ? pos->side : !pos->side;
    snprintf(buf, sizeof buf, "%s; %s wins on points, %d.%d to %d.%d", rule,
             color_name(winner), p[winner] / 10, p[winner] % 10, p[!winner] / 10, p[!winner] % 10);
    return set_end(end, o, buf);
}

static bool announce_immediate(Position *pos, Outcome now, GameEnd *end)
{
    const Rules *r = &pos->v->rules;
    char buf[80];
    int winner = now == OUTCOME_WIN ? pos->side : !pos->side, gone, lost;
    if (r->pass != PASS_NEVER && pass_twice(pos))
        return announce_drawn(pos, now, "both players passed", end);
    if (r->facing_royals_bikjang && pass_accepted_bikjang(pos))
        return announce_drawn(pos, now, "bikjang", end);
    bool flag[2] = { r->flag_pieces && on_flag(pos, WHITE), r->flag_pieces && on_flag(pos, BLACK) };
    if (r->flag_reply != FLAG_REPLY_NONE && flag[WHITE] && flag[BLACK])
        return announce_drawn(pos, now, "both players reached the flag", end);
    if (now == OUTCOME_DRAW)
        return set_end(end, now, "draw by rule");
    bool bared = r->bare_king != OUTCOME_NONE
              && rules_only_royals(pos, pos->side) != rules_only_royals(pos, !pos->side);
    if (r->check_limit && pos->checks[!pos->side] >= r->check_limit)
        snprintf(buf, sizeof buf, "%s gives check %d times", color_name(winner), r->check_limit);
    else if (bared)
        snprintf(buf, sizeof buf, "%s wins: bare king", color_name(winner));
    else if (flag[winner] && r->flag_result == OUTCOME_WIN)
        snprintf(buf, sizeof buf, "%s reaches the flag", color_name(winner));
    else if (r->extinction && (gone = extinct_player(pos, !winner, &lost)) >= 0) {
        const char *what = lost < pos->v->ntypes ? pos->v->piece[lost].name : "pieces";
        if (r->extinction_count)
            snprintf(buf, sizeof buf, "%s wins: %s is down to %d (%s)", color_name(winner),
                     color_name(gone), r->extinction_count, what);
        else
            snprintf(buf, sizeof buf, "%s wins: %s has no %s left", color_name(winner),
                     color_name(gone), what);
    } else
        snprintf(buf, sizeof buf, "%s wins by rule", color_name(winner));
    return set_end(end, now, buf);
}

static bool announce_no_moves(Position *pos, GameEnd *end)
{
    bool check = pos->v->turn.multi ? turn_in_check(pos) : attack_in_check(pos, pos->side);
    Outcome o = rules_no_moves(pos, check);
    char buf[80];
    if (check && pos->v->rules.shak_types && !(pos->shak >> pos->side & 1)) {
        if (pos->v->rules.shak_missing == OUTCOME_DRAW)
            return announce_drawn(pos, o, "mate without shak", end);
        snprintf(buf, sizeof buf, "mate without shak");
    } else if (check)
        snprintf(buf, sizeof buf, "%s mates", color_name(!pos->side));
    else if (pos->v->rules.stalemate_material && o != OUTCOME_DRAW)
        snprintf(buf, sizeof buf, "stalemate: %s has fewer pieces",
                 color_name(o == OUTCOME_WIN ? pos->side : !pos->side));
    else if (pos->v->rules.stalemated == OUTCOME_DRAW)
        return announce_drawn(pos, o, "stalemate", end);
    else
        snprintf(buf, sizeof buf, "stalemate");
    return set_end(end, o, buf);
}

/* The repetition count is reached: what it is worth.  False while the
 * player who checked or chased throughout is to move: it has not repeated
 * the position itself, and XBoard lets the game go on (a claim would be
 * false); repeating it once more loses. */
static bool announce_repetition(Position *pos, GameEnd *end)
{
    const Rules *r = &pos->v->rules;
    Perpetual perpetual;
    int cycle;
    repetition_walk(pos, &cycle);
    Outcome o = rules_repetition(pos, cycle, &perpetual);
    if (perpetual.kind != PERPETUAL_NONE && perpetual.side == pos->side)
        return false;
    if (perpetual.kind != PERPETUAL_NONE) {
        set_end(end, o, perpetual.kind == PERPETUAL_CHECK ? "perpetual check" : "perpetual chase");
        end->perpetual = true;
        return true;
    }
    char buf[80];
    snprintf(buf, sizeof buf, "%d-fold repetition", r->repetition_count);
    if (outcome_invert(r->repetition) == OUTCOME_DRAW)
        return announce_drawn(pos, o, buf, end);
    set_end(end, o, buf);
    end->repetition_decisive = true;
    return true;
}

/* `announced` is true when an announcer filled `end`: record the cause. */
static bool ended_by(GameEnd *end, EndCause cause, bool announced)
{
    if (announced)
        end->cause = cause;
    return announced;
}

bool rules_game_end(Position *pos, GameEnd *end)
{
    const Rules *r = &pos->v->rules;
    end->outcome = OUTCOME_NONE;
    end->cause = END_NONE;
    end->perpetual = end->repetition_decisive = false;
    end->reason[0] = '\0';

    if (rules_grace_move_pending(pos))
        return false;     /* the bared side still has its reply to play */
    Outcome now = rules_immediate(pos);
    if (now != OUTCOME_NONE)
        return ended_by(end, END_IMMEDIATE, announce_immediate(pos, now, end));

    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    movegen_legal(pos, ml);
    int nmoves = ml->n;
    bool only_promotions = rules_only_promotions(pos, ml);
    free(ml);
    if (nmoves == 0)
        return ended_by(end, END_NO_MOVES, announce_no_moves(pos, end));
    if (only_promotions)
        return ended_by(end, END_ONLY_PROMOTIONS, pos->v->rules.stalemated == OUTCOME_DRAW
            ? announce_drawn(pos, rules_no_moves(pos, false), "stalemate: only promotions left", end)
            : set_end(end, rules_no_moves(pos, false), "stalemate: only promotions left"));

    if (r->repetition_count && rules_repetitions(pos) + 1 >= r->repetition_count
        && announce_repetition(pos, end))
        return ended_by(end, END_REPETITION, true);
    if (rules_move_rule_reached(pos)) {
        char buf[80];
        snprintf(buf, sizeof buf, "%d-move rule", r->move_rule);
        return ended_by(end, END_MOVE_RULE, announce_drawn(pos, rules_drawn(pos), buf, end));
    }
    if (rules_count_expired(pos))
        return ended_by(end, END_COUNTING,
                        announce_drawn(pos, rules_drawn(pos), "counting rule", end));
    if (rules_insufficient_material(pos))
        return ended_by(end, END_INSUFFICIENT,
                        announce_drawn(pos, rules_drawn(pos), "insufficient material", end));
    return false;
}
