/*
 * attack.c — attack detection (see attack.h).  A piece attacks a square
 * when one of its capturing rays reaches it with the ray's conditions met
 * (hurdles, lame legs); Variant.reach says per piece, colour and square
 * where its rays could ever reach, so the test walks only the pieces that
 * line up with the square.
 */
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/multileg.h"

/* Can the piece of `type`/`color` on `from` capture on `target` via table t? */
static bool table_attacks(const Position *pos, const XbTable *t, int type, int color, int from,
                          int target)
{
    TypeMask no_hop = pos->v->no_hop[type];
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if ((r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG)) || (r->mode & XB_MODE_T))
            continue;
        if ((r->flags & XB_RAY_INITIAL) && !sqset_has(&pos->virgin, from))
            continue;
        bool hopper = r->mode & (XB_MODE_P | XB_MODE_G);
        if (!(r->mode & XB_MODE_C))
            continue;
        const XbStep *steps = t->steps + r->first;
        bool hopped = false;
        for (int k = 0; k < r->len; k++) {
            const XbStep *s = &steps[k];
            if (position_step_blocked(pos, r, s))
                break;
            if (s->sq == target)
                return !hopper || hopped;
            if (pos->board[s->sq] != EMPTY) {
                if (!hopper || hopped || (no_hop >> code_type(pos->board[s->sq]) & 1))
                    break;
                hopped = true;
            } else if (hopped && (r->mode & XB_MODE_G)) {
                break;
            }
        }
    }
    return false;
}

/* range-capture: does a capturing slide of the range capturer on `from`
 * reach the piece on `target` past a first piece ranked below it, over
 * pieces all ranked below it (movegen's gen_range_captures)?  An empty
 * target is not attacked that way: no move lands there. */
static bool range_attacks(const Position *pos, const XbTable *t, int type, int color, int from,
                          int target)
{
    const Variant *v = pos->v;
    int rank = v->piece[type].rank;
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if (!position_range_capture_ray(r) || (r->mode & XB_MODE_T))    /* tame: no check */
            continue;
        const XbStep *steps = t->steps + r->first;
        int passed = 0;
        for (int k = 0; k < r->len; k++) {
            uint8_t code = pos->board[steps[k].sq];
            if (steps[k].sq == target)
                return passed > 0 && code != EMPTY;
            if (code == EMPTY)
                continue;
            if (v->piece[code_type(code)].rank >= rank)
                break;
            passed++;
        }
    }
    return false;
}

/* Is `sq` next to `target` (not on it)? */
static bool next_to(const Variant *v, int sq, int target)
{
    int df = var_file(v, sq) - var_file(v, target), dr = var_rank(v, sq) - var_rank(v, target);
    return sq != target && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

/* Would a piece of `color` landing on sq be burned there by an enemy piece
 * that burns always (so that it burns nothing itself)? */
static bool passively_burned(const Position *pos, int color, int sq)
{
    const Variant *v = pos->v;
    if (!v->passive_burners)
        return false;
    int f0 = var_file(v, sq), r0 = var_rank(v, sq);
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int f = f0 + df, r = r0 + dr;
            if ((!df && !dr) || f < 0 || f >= v->files || r < 0 || r >= v->ranks)
                continue;
            uint8_t code = pos->board[var_square(v, f, r)];
            if (code != EMPTY && code != HOLE && code_color(code) != color
                && (v->passive_burners >> code_type(code) & 1))
                return true;
        }
    return false;
}

/* burns: can the burning piece on `from` end a one-leg move next to
 * `target` (and survive there to burn it)?  Its moves are walked as the
 * generator walks them: lame and jump tests, a slide's end at the first
 * piece (taken if an enemy), hoppers after their hurdle. */
static bool burn_attacks(const Position *pos, const XbTable *t, int color, int from, int target)
{
    const Variant *v = pos->v;
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if (r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG))
            continue;
        if ((r->flags & XB_RAY_INITIAL) && !sqset_has(&pos->virgin, from))
            continue;
        bool hopper = r->mode & (XB_MODE_P | XB_MODE_G), hopped = false;
        const XbStep *steps = t->steps + r->first;
        for (int k = 0; k < r->len; k++) {
            const XbStep *s = &steps[k];
            if (position_step_blocked(pos, r, s))
                break;
            uint8_t code = pos->board[s->sq];
            bool lands = hopper && !hopped ? false
                       : code == EMPTY ? (r->mode & XB_MODE_M) != 0
                       : code_color(code) != color && (r->mode & XB_MODE_C)
                         && v->piece[code_type(code)].capturable;
            if (lands && next_to(v, s->sq, target) && !passively_burned(pos, color, s->sq))
                return true;
            if (code != EMPTY) {
                if (!hopper || hopped)
                    break;
                hopped = true;
            } else if (hopped && (r->mode & XB_MODE_G)) {
                break;
            }
        }
    }
    return false;
}

/* What attack_from asks beyond one-leg rays (PieceType.odd_attacks):
 * range captures, burns, multi-leg moves.  Kept out of line: inlined, it
 * made attack_from, the hot path of every variant, slower for all. */
__attribute__((noinline))
static bool odd_attacks(const Position *pos, const PieceType *pt, int type, int by, int from,
                        int target)
{
    uint8_t victim = pos->board[target];
    if ((pt->odd_attacks & ATTACKS_RANGE) && (!pt->confined || sqset_has(&pt->allowed[by], target))
        && (range_attacks(pos, &pt->table, type, by, from, target)
            || (pt->has_extra && range_attacks(pos, &pt->extra_table, type, by, from, target))))
        return true;
    if ((pt->odd_attacks & ATTACKS_BURN) && victim != EMPTY && victim != HOLE
        && (burn_attacks(pos, &pt->table, by, from, target)
            || (pt->has_extra && burn_attacks(pos, &pt->extra_table, by, from, target))))
        return true;
    return (pt->odd_attacks & ATTACKS_MULTILEG) && multileg_takes(pos, from, target);
}

bool attack_from(const Position *pos, int from, int target)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[from];
    int type = code_type(code), by = code_color(code);
    if (!sqset_has(&v->reach[(type * 2 + by) * (v->files * v->ranks) + from], target))
        return false;
    const PieceType *pt = &v->piece[type];
    uint8_t victim = pos->board[target];
    if (victim != EMPTY && victim != HOLE && (v->no_capture[type] >> code_type(victim) & 1))
        return false;   /* the capture rules spare what stands there */
    /* (a confined piece may never go there, so it cannot capture there with
       one leg; a multi-leg move may take it on the way and end elsewhere) */
    if ((!pt->confined || sqset_has(&pt->allowed[by], target))
        && (table_attacks(pos, &pt->table, type, by, from, target)
            || (pt->has_extra && table_attacks(pos, &pt->extra_table, type, by, from, target))))
        return true;
    return pt->odd_attacks && odd_attacks(pos, pt, type, by, from, target);
}

bool attack_square(const Position *pos, int sq, int by)
{
    for (int i = 0; i < pos->nlist[by]; i++)
        if (attack_from(pos, pos->list[by][i], sq))
            return true;
    return false;
}

/* With explosions, capturing a royal standing next to the capturer's own
 * royal would blow that one up too: such a royal square is not attacked. */
static bool shielded_by_explosion(const Position *pos, int sq, int by)
{
    const Variant *v = pos->v;
    int f = var_file(v, sq), r = var_rank(v, sq);
    for (int i = 0; i < pos->nlist[by]; i++) {
        int s = pos->list[by][i];
        int df = var_file(v, s) - f, dr = var_rank(v, s) - r;
        if ((v->royal_types >> code_type(pos->board[s]) & 1)
            && df >= -1 && df <= 1 && dr >= -1 && dr <= 1)
            return true;
    }
    return false;
}

bool attack_royal_square(const Position *pos, int sq, int by)
{
    if (pos->v->rules.explosions && shielded_by_explosion(pos, sq, by))
        return false;
    return attack_square(pos, sq, by);
}

bool attack_in_check(const Position *pos, int color)
{
    const Variant *v = pos->v;
    if (!v->royal_types)
        return false;
    if (v->rules.royal_last && position_royals(pos, color) > 1)
        return false;
    int attacked = 0, royals = 0;
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i];
        uint8_t code = pos->board[sq];
        /* (empty only while attack_left_illegal hides a gated piece) */
        if (code == EMPTY || !(v->royal_types >> code_type(code) & 1))
            continue;
        royals++;
        if (attack_royal_square(pos, sq, !color)) {
            if (!v->rules.royal_spare)
                return true;
            attacked++;
        }
    }
    return royals && attacked == royals;
}

/* The step from royal square a to royal square b along a line where
 * royals face each other under the rules (a file, or a rank when the rules
 * say so): 0 when they share no such line. */
static int facing_step(const Variant *v, int a, int b)
{
    if ((v->rules.facing_lines & FACING_FILES) && var_file(v, a) == var_file(v, b))
        return v->files;
    if ((v->rules.facing_lines & FACING_RANKS) && var_rank(v, a) == var_rank(v, b))
        return 1;
    return 0;
}

bool attack_faced_square(const Position *pos, int sq, int by)
{
    const Variant *v = pos->v;
    if (!v->rules.facing_royals_illegal)
        return false;
    for (int i = 0; i < pos->nlist[by]; i++) {
        int r = pos->list[by][i];
        if (!(v->royal_types >> code_type(pos->board[r]) & 1))
            continue;
        int step = facing_step(v, r, sq);
        if (!step)
            continue;
        int lo = r < sq ? r : sq, hi = r ^ sq ^ lo, s = lo + step;
        while (s < hi && pos->board[s] == EMPTY)
            s += step;
        if (s >= hi)
            return true;
    }
    return false;
}

/* Two royal pieces on one file (or rank) with nothing between (xiangqi's
 * flying general). */
bool attack_royals_face(const Position *pos)
{
    const Variant *v = pos->v;
    int sq[2] = { -1, -1 };
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->nlist[c]; i++)
            if (v->royal_types >> code_type(pos->board[pos->list[c][i]]) & 1)
                sq[c] = pos->list[c][i];
    if (sq[0] < 0 || sq[1] < 0)
        return false;
    int step = facing_step(v, sq[0], sq[1]);
    if (!step)
        return false;
    int lo = sq[0] < sq[1] ? sq[0] : sq[1], hi = sq[0] ^ sq[1] ^ lo;
    for (int s = lo + step; s < hi; s += step)
        if (pos->board[s] != EMPTY)
            return false;
    return true;
}

/* Chebyshev distance: 1 for neighbours. */
static int square_distance(const Variant *v, int a, int b)
{
    int df = abs(var_file(v, a) - var_file(v, b)), dr = abs(var_rank(v, a) - var_rank(v, b));
    return df > dr ? df : dr;
}

static bool in_types(TypeMask types, uint8_t code)
{
    return code != EMPTY && code != HOLE && (types >> code_type(code) & 1);
}

/* The lion a move took on its way (its first locust victim), if any. */
static uint8_t first_victim(const Undo *u)
{
    return u->move.kind == MOVE_NORMAL && u->move.nvictims ? u->locust_code[0] : EMPTY;
}

/* Did the move take one of `lions`, on its square or (on_the_way) on its
 * way, with a piece that is none of them? */
static bool took_lion(const Undo *u, TypeMask lions, bool on_the_way)
{
    return u->move.kind == MOVE_NORMAL && !in_types(lions, u->moved_code)
        && (in_types(lions, u->captured) || (on_the_way && in_types(lions, first_victim(u))));
}

/* Counter-strike, as both referees read it (what either forbids is
 * forbidden, so every move is legal to both): XBoard 4.9.1 (EP_IRON_LION)
 * forbids ending on one of its lions right after a piece that is none took
 * one on the square where it ended (igui does not count); HaChu forbids a
 * piece that is no lion to take a lion, anywhere, right after a piece that
 * is no lion took one, anywhere. */
static bool counter_strike(const Rules *r, const Undo *prev, const Undo *u)
{
    TypeMask xboard = r->lion_xboard ? r->lion_xboard : r->lions;
    if (took_lion(prev, xboard, false) && prev->move.from != prev->move.to
        && in_types(xboard, u->captured))
        return true;
    return took_lion(prev, r->lions, true) && took_lion(u, r->lions, true);
}

LionTrade attack_lion_trade(const Position *pos)
{
    const Variant *v = pos->v;
    const Rules *r = &v->rules;
    if (!r->lions || pos->ply == 0)
        return LION_TRADE_OK;
    const Undo *u = &pos->undo[pos->ply - 1];
    if (u->move.kind != MOVE_NORMAL
        || !(in_types(r->lions, u->captured) || in_types(r->lions, first_victim(u))))
        return LION_TRADE_OK;
    if (r->lion_counter_strike && pos->ply >= 2 && counter_strike(r, &pos->undo[pos->ply - 2], u))
        return LION_TRADE_COUNTER_STRIKE;
    if (!in_types(r->lions, u->moved_code))
        return LION_TRADE_OK;
    /* the lion taken: where the move ended (from afar, or from the next
       square), or on its way (igui, or a step on after the capture) */
    bool landed = in_types(r->lions, u->captured);
    if (!landed && !in_types(r->lions, first_victim(u)))
        return LION_TRADE_OK;
    int victim_sq = landed ? u->move.to : u->move.victim[0];
    if (landed && square_distance(v, u->move.from, u->move.to) >= 2 ? !r->lion_afar_protected
                                                                      : !r->lion_near_protected)
        return LION_TRADE_OK;
    uint8_t bridge = first_victim(u);
    if (landed && bridge != EMPTY && !(r->lion_cheap_victims >> code_type(bridge) & 1))
        return LION_TRADE_OK;
    return attack_square(pos, victim_sq, pos->side) ? LION_TRADE_AFAR_PROTECTED : LION_TRADE_OK;
}

bool attack_left_illegal(Position *pos)
{
    const Variant *v = pos->v;
    if (v->rules.lions && attack_lion_trade(pos) != LION_TRADE_OK)
        return true;
    if (pos->ply > 0 && move_gate(pos->undo[pos->ply - 1].move) >= 0) {
        Move last = pos->undo[pos->ply - 1].move;
        /* a piece gated in does not shield the king: the move must be legal
           without it (as Fairy-Stockfish and Sjaak II play S-chess) */
        int sq = move_gate_square(last);
        uint8_t code = pos->board[sq];
        pos->board[sq] = EMPTY;
        bool illegal = attack_in_check(pos, position_last_mover(pos));
        pos->board[sq] = code;
        if (illegal)
            return true;
    }
    if ((v->rules.explosions || v->burners) && v->royal_types) {
        int mover = position_last_mover(pos);
        if (position_royals_at_start(v, mover) && !position_royals(pos, mover))
            return true;    /* it blew up (or burned) its own royal */
        if (position_royals_at_start(v, pos->side) && !position_royals(pos, pos->side))
            return false;   /* it blew up the other's: that wins at once */
    }
    if (v->rules.facing_royals_illegal && attack_royals_face(pos))
        return true;
    if (v->rules.facing_royals_bikjang && pos->ply > 0 && pos->undo[pos->ply - 1].royals_faced) {
        /* bikjang: the royals faced each other; passing accepts it (legal
           even in check, as Fairy-Stockfish has it), any other move must
           part them */
        if (pos->undo[pos->ply - 1].move.kind == MOVE_PASS)
            return false;
        if (attack_royals_face(pos))
            return true;
    }
    return attack_in_check(pos, position_last_mover(pos));
}

/* Is the royal on `sq` attacked by a piece of `by` not standing on `ignored`? */
static bool attacked_ignoring(const Position *pos, int sq, int by, const SquareSet *ignored)
{
    for (int i = 0; i < pos->nlist[by]; i++) {
        int from = pos->list[by][i];
        if (!sqset_has(ignored, from) && attack_from(pos, from, sq))
            return true;
    }
    return false;
}

bool attack_left_illegal_ignoring(Position *pos, const SquareSet *ignored)
{
    const Variant *v = pos->v;
    int mover = !pos->side, attacked = 0, royals = 0;
    if (v->rules.facing_royals_illegal && attack_royals_face(pos))
        return true;
    if (v->rules.royal_last && position_royals(pos, mover) > 1)
        return false;
    for (int i = 0; i < pos->nlist[mover]; i++) {
        int sq = pos->list[mover][i];
        if (!(v->royal_types >> code_type(pos->board[sq]) & 1))
            continue;
        royals++;
        if (attacked_ignoring(pos, sq, pos->side, ignored)) {
            if (!v->rules.royal_spare)
                return true;
            attacked++;
        }
    }
    return royals && attacked == royals;
}

void attack_checkers(const Position *pos, int by, SquareSet *checkers)
{
    const Variant *v = pos->v;
    memset(checkers, 0, sizeof *checkers);
    for (int i = 0; i < pos->nlist[!by]; i++) {
        int royal = pos->list[!by][i];
        if (!(v->royal_types >> code_type(pos->board[royal]) & 1))
            continue;
        for (int k = 0; k < pos->nlist[by]; k++)
            if (attack_from(pos, pos->list[by][k], royal))
                sqset_add(checkers, pos->list[by][k]);
    }
}

TypeMask attack_checker_types(const Position *pos, int by)
{
    SquareSet checkers;
    TypeMask types = 0;
    attack_checkers(pos, by, &checkers);
    for (int k = 0; k < pos->nlist[by]; k++)
        if (sqset_has(&checkers, pos->list[by][k]))
            types |= type_bit(code_type(pos->board[pos->list[by][k]]));
    return types;
}

/* ---- royal exposure ------------------------------------------------- */

/* Squares whose change (vacated, occupied, or a victim removed) could
 * expose the royal on `king` to an attack: every square on an enemy ray
 * that reaches the royal, before it, with the ray's lame/jump test squares.
 * A move touching none of them cannot leave the royal attacked, unless the
 * royal itself moves. */
static void add_ray_squares_before(SquareSet *set, const XbTable *t, int color, int from, int king)
{
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if (!(r->mode & XB_MODE_C) || (r->mode & XB_MODE_T)
            || (r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG)))
            continue;
        const XbStep *steps = t->steps + r->first;
        int k = 0;
        while (k < r->len && steps[k].sq != king)
            k++;
        if (k == r->len)
            continue;
        for (int j = 0; j <= k; j++) {
            if (j < k)
                sqset_add(set, steps[j].sq);
            if (steps[j].test != XB_NO_SQ)
                sqset_add(set, steps[j].test);
            if (steps[j].test2 != XB_NO_SQ)
                sqset_add(set, steps[j].test2);
        }
    }
}

static void sensitive_squares(const Position *pos, int king, int them, SquareSet *set)
{
    const Variant *v = pos->v;
    int nsq = v->files * v->ranks;
    memset(set, 0, sizeof *set);
    for (int i = 0; i < pos->nlist[them]; i++) {
        int from = pos->list[them][i];
        int type = code_type(pos->board[from]);
        if (!sqset_has(&v->reach[(type * 2 + them) * nsq + from], king))
            continue;
        const PieceType *pt = &v->piece[type];
        add_ray_squares_before(set, &pt->table, them, from, king);
        if (pt->has_extra)
            add_ray_squares_before(set, &pt->extra_table, them, from, king);
    }
    /* royals facing each other: the file (or rank) between them */
    if (v->rules.facing_royals_illegal)
        for (int i = 0; i < pos->nlist[them]; i++) {
            int sq = pos->list[them][i];
            int step = v->royal_types >> code_type(pos->board[sq]) & 1
                     ? facing_step(v, sq, king) : 0;
            if (!step)
                continue;
            int lo = sq < king ? sq : king, hi = sq ^ king ^ lo;
            for (int s = lo + step; s < hi; s += step)
                sqset_add(set, s);
        }
}

int attack_royal_exposure(const Position *pos, int color, SquareSet *set)
{
    const Variant *v = pos->v;
    if (!v->royal_types || v->rules.lions)
        return -1;    /* (lion-trading: a capture of a lion may be illegal) */
    if (v->rules.explosions || v->burners)
        return -1;    /* a capture (a burn) empties its square and the squares around it */
    if (v->rules.facing_royals_bikjang && attack_royals_face(pos))
        return -1;    /* bikjang: every move that leaves them facing is illegal */
    int royal = -1;
    for (int t = 0; t < v->ntypes; t++)
        if ((v->royal_types >> t & 1) && pos->count[color][t]) {
            if (royal >= 0 || pos->count[color][t] > 1)
                return -1;
            royal = t;
        }
    if (royal < 0)
        return -1;
    /* multi-leg paths bend and take victims: no shortcut against them */
    if (v->has_multileg)
        for (int i = 0; i < pos->nlist[!color]; i++)
            if (v->piece[code_type(pos->board[pos->list[!color][i]])].has_multileg)
                return -1;
    uint8_t code = piece_code(royal, color);
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i];
        if (pos->board[sq] != code)
            continue;
        sensitive_squares(pos, sq, !color, set);
        return sq;
    }
    return -1;
}

/* ---- per-variant tables ----------------------------------------------- */

static void add_reach(SquareSet *set, const XbTable *t, int color, int from)
{
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if (!(r->mode & XB_MODE_C) || (r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG)))
            continue;
        for (int k = 0; k < r->len; k++)
            sqset_add(set, t->steps[r->first + k].sq);
    }
}

/* Where the multi-leg moves of a piece of type pt and colour `color`
 * could take something, from every square: as a locust victim or where
 * they end. */
static int add_multileg_reach(Variant *v, const PieceType *pt, int t, int color)
{
    int nsq = v->files * v->ranks;
    LegReach *reach = calloc((size_t)nsq, sizeof *reach);
    if (!reach)
        return -1;
    int rc = multileg_reach(v, &pt->moves, &pt->table, color, reach);
    if (rc == 0 && pt->has_extra)
        rc = multileg_reach(v, &pt->extra_moves, &pt->extra_table, color, reach);
    for (int from = 0; from < nsq && rc == 0; from++)
        for (int sq = 0; sq < nsq; sq++)
            if (reach[from].marks[sq] & (LEG_REACH_CAPTURE | LEG_REACH_VICTIM))
                sqset_add(&v->reach[(t * 2 + color) * nsq + from], sq);
    free(reach);
    return rc;
}

/* burns: a burning piece attacks the squares next to every square a ray
 * of its could end on (whatever the ray's mode). */
static void add_burn_reach(Variant *v, const PieceType *pt, int t)
{
    int nsq = v->files * v->ranks;
    for (int c = 0; c < 2; c++)
        for (int from = 0; from < nsq; from++) {
            SquareSet *set = &v->reach[(t * 2 + c) * nsq + from], lands = { { 0 } };
            const XbTable *tables[2] = { &pt->table, &pt->extra_table };
            for (int i = 0; i < (pt->has_extra ? 2 : 1); i++)
                for (const XbRay *r = xb_rays_begin(tables[i], c, from);
                     r < xb_rays_end(tables[i], c, from); r++)
                    for (int k = 0; k < r->len; k++)
                        sqset_add(&lands, tables[i]->steps[r->first + k].sq);
            for (int sq = 0; sq < nsq; sq++) {
                if (!sqset_has(&lands, sq))
                    continue;
                int f0 = var_file(v, sq), r0 = var_rank(v, sq);
                for (int dr = -1; dr <= 1; dr++)
                    for (int df = -1; df <= 1; df++)
                        if ((df || dr) && f0 + df >= 0 && f0 + df < v->files && r0 + dr >= 0
                            && r0 + dr < v->ranks)
                            sqset_add(set, var_square(v, f0 + df, r0 + dr));
            }
        }
}

int attack_prepare_variant(Variant *v)
{
    int nsq = v->files * v->ranks;
    v->reach = calloc((size_t)v->ntypes * 2 * nsq, sizeof(SquareSet));
    if (!v->reach)
        return -1;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        for (int c = 0; c < 2; c++)
            for (int from = 0; from < nsq; from++) {
                SquareSet *set = &v->reach[(t * 2 + c) * nsq + from];
                add_reach(set, &pt->table, c, from);
                if (pt->has_extra)
                    add_reach(set, &pt->extra_table, c, from);
            }
        for (int c = 0; c < 2; c++)
            if (pt->has_multileg && add_multileg_reach(v, pt, t, c) < 0)
                return -1;
        if (v->burners >> t & 1)
            add_burn_reach(v, pt, t);
    }
    return 0;
}

