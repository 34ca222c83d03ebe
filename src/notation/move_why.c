/*
 * move_why.c — why a written move is not legal (move_why.h).  The causes
 * are tried from the plainest (the game is over, nothing on the square)
 * to the subtlest (a pinned piece, a mating pawn drop), each with the
 * board's own tests, so the reason given is the first that applies.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "notation/move_text.h"
#include "notation/move_why.h"

static const char *color_name(int color) { return color == WHITE ? "White" : "Black"; }

static const char *type_name(const Variant *v, int type) { return v->piece[type].name; }

/* The game has ended (mate, stalemate, a rule that ends it at once):
 * there is no move to play at all. */
static bool why_game_over(Position *pos, char *why, size_t size)
{
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    rules_playable_moves(pos, ml);
    int n = ml->n;
    free(ml);
    if (n > 0)
        return false;
    GameEnd end;
    if (rules_game_end(pos, &end))
        snprintf(why, size, "the game is over, %s", end.reason);
    else
        snprintf(why, size, "%s has no legal move", color_name(pos->side));
    return true;
}

/* ---- castling ---------------------------------------------------------- */

/* The castling partner the side to move still has on one side of its
 * king, or -1. */
static int castling_partner(const Position *pos, int king, bool long_side)
{
    const Variant *v = pos->v;
    int rank = var_rank(v, king), kf = var_file(v, king);
    for (int f = 0; f < v->files; f++) {
        int sq = var_square(v, f, rank);
        uint8_t pc = pos->board[sq];
        int cf = var_castle_file(v, pos->side, f), ckf = var_castle_file(v, pos->side, kf);
        if ((long_side ? cf < ckf : cf > ckf) && pc && pc != HOLE && code_color(pc) == pos->side
            && (v->castling.partners >> code_type(pc) & 1) && sqset_has(&pos->virgin, sq))
            return sq;
    }
    return -1;
}

/* Why the side to move cannot castle on that side now, with the king to
 * file to_file (-1 or a file it never castles to: the first on that side). */
static void why_no_castling(Position *pos, bool long_side, int to_file, char *why, size_t size)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    if (!cs->enabled) {
        snprintf(why, size, "there is no castling in %s", v->name);
        return;
    }
    int rank = pos->side == WHITE ? cs->rank : v->ranks - 1 - cs->rank, king = -1;
    for (int f = 0; f < v->files && king < 0; f++) {
        int sq = var_square(v, f, rank);
        if (pos->board[sq] == piece_code(cs->king, pos->side) && sqset_has(&pos->virgin, sq))
            king = sq;
    }
    int partner = king >= 0 ? castling_partner(pos, king, long_side) : -1;
    if (king < 0) {
        snprintf(why, size, "the %s has no castling rights left", type_name(v, cs->king));
        return;
    }
    if (partner < 0) {
        snprintf(why, size, "no castling rights left on that side");
        return;
    }
    int kf = var_file(v, king), pf = var_file(v, partner);
    int side = long_side ? CASTLE_LONG : CASTLE_SHORT, di = 0;
    while (di < cs->nto[side] - 1
           && var_castle_file(v, pos->side, cs->king_to[side][di]) != to_file)
        di++;
    int kt = var_castle_file(v, pos->side, cs->king_to[side][di]);
    int rt = var_castle_file(v, pos->side, cs->rook_to[side][di]);
    if (cs->king_steps) {
        int dir = pf > kf ? 1 : -1;
        kt = kf + dir * cs->king_steps;
        rt = kt - dir;
    }
    int lo = kf, hi = kf, ends[3] = { pf, kt, rt };
    for (int i = 0; i < 3; i++) {
        lo = ends[i] < lo ? ends[i] : lo;
        hi = ends[i] > hi ? ends[i] : hi;
    }
    if (!movegen_castling_path_clear(pos, rank, lo, hi, king, partner)) {
        snprintf(why, size, "no castling with pieces in the way");
        return;
    }
    if (!cs->through_check && attack_in_check(pos, pos->side)) {
        snprintf(why, size, "no castling out of check");
        return;
    }
    if (cs->whole_side && movegen_castling_path_safe(pos, rank, kf, kt)) {
        snprintf(why, size, "no castling on that side: the way to each of its castling "
                            "squares must be free and safe (whole-side castling)");
        return;
    }
    snprintf(why, size, "no castling through or into check");
}

/* Is the move from `from` to `to` (no move generated) the castling
 * king's attempt to castle: along its rank by two files or more, or onto
 * its own partner? */
static bool castling_attempt(const Position *pos, int from, int to, bool *long_side)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    if (!cs->enabled || pos->board[from] != piece_code(cs->king, pos->side)
        || var_rank(v, from) != var_rank(v, to))
        return false;
    uint8_t target = pos->board[to];
    bool onto_partner = target && target != HOLE && code_color(target) == pos->side
                     && (cs->partners >> code_type(target) & 1);
    int distance = abs(var_file(v, to) - var_file(v, from));
    *long_side = var_castle_file(v, pos->side, var_file(v, to))
               < var_castle_file(v, pos->side, var_file(v, from));
    return onto_partner || distance >= 2;
}

/* ---- a move the rules forbid ----------------------------------------- */

static bool is_capture(const Position *pos, Move m)
{
    return m.kind == MOVE_EP || m.nvictims || (m.kind == MOVE_NORMAL && pos->board[m.to]);
}

/* Is a capture possible (and so compulsory where the rules say so)? */
static bool capture_available(Position *pos)
{
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return false;
    movegen_legal(pos, ml);
    bool any = false;
    for (int i = 0; i < ml->n && !any; i++)
        any = is_capture(pos, ml->m[i]);
    free(ml);
    return any;
}

/* Why the side to move may not pass. */
static void why_no_pass(const Position *pos, char *why, size_t size)
{
    if (pos->v->rules.pass == PASS_NEVER && pos->v->has_multileg)
        snprintf(why, size, "no piece can step out and back to pass");
    else if (pos->v->rules.pass == PASS_NEVER)
        snprintf(why, size, "there is no passing in %s", pos->v->name);
    else
        snprintf(why, size, "passing is not allowed in check");
}

/* m is pseudo-legal as written: why do the rules forbid it? */
static void why_forbidden(Position *pos, Move m, bool cecp_ranks, char *why, size_t size)
{
    const Variant *v = pos->v;
    int us = pos->side;
    bool was_in_check = attack_in_check(pos, us);
    int mover = m.kind == MOVE_DROP ? m.piece : code_type(pos->board[m.from]);
    char from[8];
    square_name(v, m.from, cecp_ranks, from);

    if (m.kind == MOVE_PASS) {
        why_no_pass(pos, why, size);
        return;
    }
    position_make(pos, m);
    LionTrade lion = attack_lion_trade(pos);
    bool exposed = attack_left_illegal(pos);
    bool attacked = attack_in_check(pos, us);
    bool drop_mate = !exposed && m.kind == MOVE_DROP && v->piece[m.piece].drop_no_mate
                  && movegen_drop_mates(pos);
    bool check_drop = m.kind == MOVE_DROP && v->piece[m.piece].drop_no_check;
    bool gives_check = (v->rules.checks_forbidden || check_drop)
                    && attack_in_check(pos, pos->side);
    position_unmake(pos);

    if (lion == LION_TRADE_COUNTER_STRIKE)
        snprintf(why, size, "no lion may be taken right after a lion was taken by another piece");
    else if (lion == LION_TRADE_AFAR_PROTECTED)
        snprintf(why, size, v->rules.lion_near_protected
                 ? "a lion may not take a protected lion"
                 : "a lion may not take a protected lion from afar");
    else if (exposed && !attacked)
        snprintf(why, size, "royal pieces may not face each other");
    else if (exposed && v->piece[mover].royal && m.kind != MOVE_DROP)
        snprintf(why, size, "the %s would be in check", type_name(v, mover));
    else if (exposed && was_in_check)
        snprintf(why, size, "it leaves the king in check");
    else if (exposed && m.kind == MOVE_NORMAL)
        snprintf(why, size, "the %s on %s is pinned to the king", type_name(v, mover), from);
    else if (exposed)
        snprintf(why, size, "it exposes the king to check");
    else if (drop_mate)
        snprintf(why, size, "a %s drop may not give mate", type_name(v, mover));
    else if (gives_check && !v->rules.checks_forbidden)
        snprintf(why, size, "a %s drop may not give check", type_name(v, mover));
    else if (gives_check)
        snprintf(why, size, "no move may give check in this variant");
    else if (v->rules.must_capture && !is_capture(pos, m) && capture_available(pos))
        snprintf(why, size, "capturing is compulsory");
    else
        snprintf(why, size, "illegal move");
}

/* ---- drops ------------------------------------------------------------- */

/* Does the side to move already have as many of `type` on the file of sq
 * as the drop rule allows (nifu)? */
static bool file_full(const Position *pos, int type, int sq)
{
    const Variant *v = pos->v;
    int file = var_file(v, sq), n = 0;
    for (int r = 0; r < v->ranks; r++)
        n += pos->board[var_square(v, file, r)] == piece_code(type, pos->side);
    return v->piece[type].drop_no_doubled && n >= v->piece[type].drop_no_doubled;
}

static void why_drop(Position *pos, const WrittenMove *w, char *why, size_t size)
{
    const Variant *v = pos->v;
    int t = w->drop_type, to = w->to;
    char sq[8];
    square_name(v, to, w->cecp_ranks, sq);
    if (!v->has_drops) {
        snprintf(why, size, "there are no drops in %s", v->name);
    } else if (!pos->hand[pos->side][t]) {
        snprintf(why, size, "no %s in hand", type_name(v, t));
    } else if (pos->board[to] != EMPTY) {
        snprintf(why, size, "%s is not empty", sq);
    } else if (!sqset_has(&v->piece[t].drop_zone[pos->side], to)) {
        snprintf(why, size, "a %s may not be dropped on %s", type_name(v, t), sq);
    } else if (file_full(pos, t, to)) {
        snprintf(why, size, "nifu, a second %s on the %c file", type_name(v, t),
                 'a' + var_file(v, to));
    } else if (v->hand.only_where_mobile && sqset_has(&v->piece[t].immobile[pos->side], to)) {
        snprintf(why, size, "a %s dropped on %s could never move", type_name(v, t), sq);
    } else {
        Move m = { .from = (uint8_t)to, .to = (uint8_t)to, .kind = MOVE_DROP,
                   .piece = (uint8_t)t };
        why_forbidden(pos, m, w->cecp_ranks, why, size);
    }
}

/* ---- moves on the board ------------------------------------------------ */

/* The letter a move's promotion or gating is written with, or 0. */
static int written_letter(const Variant *v, Move m)
{
    if (move_gate(m) >= 0)
        return v->piece[move_gate(m)].letter;
    return m.piece ? v->piece[m.piece - 1].letter : 0;
}

/* The generated moves from w->from to w->to (castling written as the
 * king's move or king-takes-partner) into `found`: those that take on
 * their way what w's legs say when `as_written`, all of them otherwise. */
static void moves_between(const Position *pos, const WrittenMove *w, bool as_written,
                          MoveList *found)
{
    MoveList *ml = malloc(sizeof *ml);
    found->n = 0;
    if (!ml)
        return;
    movegen_pseudo(pos, ml);
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.kind != MOVE_DROP && m.kind != MOVE_PICKUP && m.from == w->from
            && (m.to == w->to || (m.kind == MOVE_CASTLE && m.victim[0] == w->to))
            && (!as_written || move_victims_written(pos, w, m)))
            found->m[found->n++] = m;
    }
    free(ml);
}

/* The piece goes from w->from to w->to only taking something on its way,
 * not as written (no legs, or legs through other squares): say how it
 * goes.  False when it does not go there at all. */
static bool why_legs(const Position *pos, const WrittenMove *w, const char *name, char *why,
                     size_t size)
{
    const Variant *v = pos->v;
    MoveList *all = malloc(sizeof *all);
    if (!all)
        return false;
    moves_between(pos, w, false, all);
    char ways[2][40], from[16], to[16];
    int nways = 0;
    for (int i = 0; i < all->n && nways < 2; i++) {
        if (!all->m[i].nvictims)
            continue;
        move_to_string(pos, all->m[i], w->cecp_ranks, ways[nways], sizeof ways[nways]);
        if (nways == 0 || strcmp(ways[0], ways[nways]) != 0)
            nways++;
    }
    free(all);
    square_name(v, w->from, w->cecp_ranks, from);
    square_name(v, w->to, w->cecp_ranks, to);
    if (nways == 0 && w->legs && w->from == w->to && w->nvia > 0) {
        char via[16];
        square_name(v, w->via[0], w->cecp_ranks, via);
        snprintf(why, size, "the %s on %s cannot go to %s and come back", name, from, via);
        return true;
    }
    if (nways == 0)
        return false;
    if (w->legs)
        snprintf(why, size, "the %s on %s does not take that way to %s; it goes %s%s%s", name,
                 from, to, ways[0], nways > 1 ? " or " : "", nways > 1 ? ways[1] : "");
    else if (nways > 1)
        snprintf(why, size, "ambiguous: the %s takes on its way from %s to %s; write the legs, "
                 "as %s or %s", name, from, to, ways[0], ways[1]);
    else
        snprintf(why, size, "the %s takes on its way from %s to %s; write the legs, as %s", name,
                 from, to, ways[0]);
    return true;
}

/* Has the side to move a piece written `letter` in hand? */
static bool in_hand(const Position *pos, int letter)
{
    int type = variant_type_by_letter(pos->v, (char)letter, false);
    return type != NO_TYPE && pos->hand[pos->side][type] > 0;
}

/* The piece can move there, but not with the promotion (or gating)
 * written: say what is wrong with it; false if one fits. */
static bool why_suffix(const Position *pos, const WrittenMove *w, const MoveList *found,
                       Move *fits, char *why, size_t size)
{
    const Variant *v = pos->v;
    bool any_plain = false, any_promotion = false;
    for (int i = 0; i < found->n; i++) {
        Move m = found->m[i];
        int letter = written_letter(v, m);
        any_plain |= letter == 0;
        any_promotion |= m.piece != 0;
        bool plus = m.piece && v->piece[m.piece - 1].id[0] == '+';
        bool minus = m.piece && move_flips_back(pos, m);
        if (minus)
            letter = 0, plus = false;
        bool same = w->promo_minus ? minus
                  : minus ? false
                  : w->promo_plus ? plus
                  : w->letter ? letter && toupper(w->letter) == letter && !plus
                  : letter == 0;
        if (same) {
            *fits = m;
            return false;
        }
    }
    if (!w->letter && !w->promo_plus && !w->promo_minus && any_promotion
        && move_flips_back(pos, found->m[0]))
        snprintf(why, size, "the piece must turn back: write '-' after the squares");
    else if (!w->letter && !w->promo_plus && !w->promo_minus)
        snprintf(why, size, "promotion piece missing, as in e7e8q");
    else if (w->promo_minus)
        snprintf(why, size, "this piece does not turn back here");
    else if (any_promotion)
        snprintf(why, size, "no promotion to '%c' here", w->promo_plus ? '+' : w->letter);
    else if (v->hand.gating && any_plain && !in_hand(pos, w->letter))
        snprintf(why, size, "no '%c' in hand to bring in", w->letter);
    else if (v->hand.gating && any_plain)
        snprintf(why, size, "only a first move from the back rank brings a piece in");
    else
        snprintf(why, size, "this move is no promotion");
    return true;
}

/* hand.must-drop: the side to move must drop before it moves on the
 * board (a setup phase, or koedem's king in hand). */
static void why_must_drop(const Position *pos, char *why, size_t size)
{
    const Variant *v = pos->v;
    if (v->hand.must_drop == type_mask_all(v->ntypes)) {
        snprintf(why, size, "%s must drop its pieces in hand first", color_name(pos->side));
        return;
    }
    int held = 0;
    while (held < v->ntypes && !(pos->hand[pos->side][held] && (v->hand.must_drop >> held & 1)))
        held++;
    snprintf(why, size, "%s holds a %s and must drop a piece first", color_name(pos->side),
             held < v->ntypes ? type_name(v, held) : "piece");
}

static void why_board_move(Position *pos, const WrittenMove *w, char *why, size_t size)
{
    const Variant *v = pos->v;
    char from[8], to[8];
    square_name(v, w->from, w->cecp_ranks, from);
    square_name(v, w->to, w->cecp_ranks, to);
    uint8_t piece = pos->board[w->from], target = pos->board[w->to];
    if (piece == EMPTY || piece == HOLE) {
        snprintf(why, size, "no piece on %s", from);
        return;
    }
    int type = code_type(piece);
    if (code_color(piece) != pos->side) {
        snprintf(why, size, "the %s on %s is %s's, and %s is to move", type_name(v, type), from,
                 color_name(code_color(piece)), color_name(pos->side));
        return;
    }
    MoveList *found = malloc(sizeof *found);
    if (!found) {
        snprintf(why, size, "illegal move");
        return;
    }
    moves_between(pos, w, true, found);
    bool long_side;
    Move m;
    if (found->n == 0 && why_legs(pos, w, type_name(v, type), why, size)) {
        free(found);           /* it goes there only taking on its way */
        return;
    }
    if (found->n == 0 && castling_attempt(pos, w->from, w->to, &long_side))
        why_no_castling(pos, long_side, var_file(pos->v, w->to), why, size);
    else if (found->n == 0 && target != EMPTY && target != HOLE
             && code_color(target) == pos->side)
        snprintf(why, size, "your own %s is on %s", type_name(v, code_type(target)), to);
    else if (found->n == 0 && target != EMPTY && target != HOLE
             && (v->no_capture[type] >> code_type(target) & 1))
        snprintf(why, size, "a %s may not capture a %s", type_name(v, type),
                 type_name(v, code_type(target)));
    else if (found->n == 0 && target != EMPTY && target != HOLE
             && !v->piece[code_type(target)].capturable)
        snprintf(why, size, "the %s on %s cannot be captured", type_name(v, code_type(target)),
                 to);
    else if (found->n == 0 && v->rules.check_evasion == EVASION_ROYAL_CAPTURES_ONLY
             && v->piece[type].royal && attack_in_check(pos, pos->side))
        snprintf(why, size, "the %s is in check: it may only capture the one piece giving "
                 "check", type_name(v, type));
    else if (found->n == 0 && movegen_must_drop_now(pos, found))
        why_must_drop(pos, why, size);
    else if (found->n == 0)
        snprintf(why, size, "the %s on %s cannot move to %s", type_name(v, type), from, to);
    else if (!why_suffix(pos, w, found, &m, why, size))
        why_forbidden(pos, m, w->cecp_ranks, why, size);
    free(found);
}

/* @@e2 refused: no pickups here, no piece of the mover there, a royal,
 * in check, or it would leave the royal in check. */
static void why_no_pickup(Position *pos, const WrittenMove *w, char *why, size_t size)
{
    const Variant *v = pos->v;
    char sq[16];
    uint8_t code = pos->board[w->from];
    square_name(v, w->from, w->cecp_ranks, sq);
    if (!v->hand.pickup)
        snprintf(why, size, "pieces may not be picked up in %s", v->name);
    else if (code == EMPTY || code == HOLE || code_color(code) != pos->side)
        snprintf(why, size, "no piece of the side to move on %s", sq);
    else if (v->piece[code_type(code)].royal)
        snprintf(why, size, "a royal %s may not be picked up", type_name(v, code_type(code)));
    else if (attack_in_check(pos, pos->side))
        snprintf(why, size, "no pickup while in check");
    else
        snprintf(why, size, "picking up the %s on %s would leave the royal in check",
                 type_name(v, code_type(code)), sq);
}

void move_why_illegal(Position *pos, const WrittenMove *w, char *why, size_t size)
{
    if (why_game_over(pos, why, size))
        return;
    if (w->pass)
        why_no_pass(pos, why, size);
    else if (w->castle_text)
        why_no_castling(pos, w->castle_long, -1, why, size);
    else if (w->pickup)
        why_no_pickup(pos, w, why, size);
    else if (w->drop_type != NO_TYPE)
        why_drop(pos, w, why, size);
    else
        why_board_move(pos, w, why, size);
}
