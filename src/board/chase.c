/*
 * chase.c — perpetual chase (see chase.h), by one of two rule sets
 * (rules.chase_rules).
 *
 * XBoard 4.9.1's (PerpetualChase() in its moves.c, read for the rule, not
 * copied).  A move chases an enemy piece when, in the position after it,
 * the mover could legally capture that piece and could not before the
 * move (the piece that moved counts as the same attacker from its new
 * square, so an attack it merely carries along is not new); when the
 * attacker is allowed to chase (not royal, `chases`), the victim may be
 * chased where it stands (not royal, capturable, inside `chased-in`); and
 * when the victim is either one the attacker always chases (`always`), or
 * else neither of the same type and able to take the attacker back, nor
 * truly protected: after the capture no piece of its side could legally
 * take the attacker, with the checks the move gave ignored as if
 * answered.  Before the move, too, checks the mover faced are ignored.
 *
 * The Asian Xiangqi Federation's (`axf`), as far as its rulebook can be
 * written down (Fairy-Stockfish's `chasingRule = axf` and Pikafish apply
 * the same ideas; neither was copied).  Two things differ:
 *  - what is new is the threat, not the attack: a piece is under threat
 *    when some enemy piece allowed to chase could legally capture it and
 *    the capture would be a chase (as above, with no checks to ignore);
 *    a move chases the pieces under threat after it that were under none
 *    before it.  So a move that takes a piece's protection away (blocks
 *    the protector's line, pins the protector, sets up a discovered
 *    check) chases it, by the pieces that attacked it all along (the
 *    rulebook's appendix: "moving its pawn to keep the knight
 *    unprotected" is a chase); and a piece left under threat is not
 *    chased again by further attacks (the appendix's "non-perpetual
 *    chase": the victim does not flee);
 *  - a move that gives check chases nothing (rule 12: "one check one
 *    chase" is a draw), so only a player who chases with every move and
 *    checks with none chases perpetually.
 * Which victims are chased even when protected is the pieces' `always`
 * either way (AXF: the horse and the cannon chase the chariot, the
 * elephant and the advisor the chariot, cannon and horse, as the shipped
 * xiangqi-axf says).
 *
 * A side chases perpetually when one and the same victim is chased by
 * each of its moves in the cycle, the victim followed as it moves (so the
 * piece, not the square, is chased: Pikafish's identity rule).
 *
 * All of this runs only at a repetition, by stepping back over the cycle
 * and replaying it; the position comes back exactly as it was.
 */
#include <string.h>
#include "board/attack.h"
#include "board/chase.h"

static void sqset_remove(SquareSet *s, int sq)
{
    s->w[sq >> 6] &= ~((uint64_t)1 << (sq & 63));
}

static void sqset_and(SquareSet *a, const SquareSet *b)
{
    for (int i = 0; i < 4; i++)
        a->w[i] &= b->w[i];
}

static bool is_royal(const Variant *v, int type)
{
    return v->royal_types >> type & 1;
}

/* May the piece on `sq` chase (its new attacks count)? */
static bool may_chase(const Position *pos, int sq)
{
    const Variant *v = pos->v;
    int type = code_type(pos->board[sq]);
    return !is_royal(v, type) && v->piece[type].chases;
}

/* May the piece on `sq` be chased where it stands? */
static bool may_be_chased(const Position *pos, int sq)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[sq];
    const PieceType *pt = &v->piece[code_type(code)];
    return !is_royal(v, code_type(code)) && pt->capturable
        && sqset_has(&pt->chased_in[code_color(code)], sq);
}

static void make_any(Position *pos, Move m)
{
    if (m.kind == MOVE_NULL)
        position_make_null(pos);
    else
        position_make(pos, m);
}

static void unmake_any(Position *pos)
{
    if (pos->undo[pos->ply - 1].move.kind == MOVE_NULL)
        position_unmake_null(pos);
    else
        position_unmake(pos);
}

/* Could the piece on `from` take the piece on `to` by a legal move, were
 * it its turn (a pass is made first when it is not)?  Attacks by pieces
 * on `ignored` (NULL: none) do not make the capture illegal. */
static bool can_take(Position *pos, int from, int to, const SquareSet *ignored)
{
    uint8_t code = pos->board[from];
    if (code == EMPTY || code == HOLE || !attack_from(pos, from, to))
        return false;
    bool pass = code_color(code) != pos->side;
    if (pass)
        position_make_null(pos);
    Move m = { .from = (uint8_t)from, .to = (uint8_t)to, .kind = MOVE_NORMAL };
    position_make(pos, m);
    bool legal = ignored ? !attack_left_illegal_ignoring(pos, ignored) : !attack_left_illegal(pos);
    position_unmake(pos);
    if (pass)
        position_unmake_null(pos);
    return legal;
}

/* After the capture attacker x victim, could the victim's side take back
 * on its square, the checks from `ignored` (NULL: none) ignored?  The
 * attacker's side need not be to move (a pass is made first). */
static bool truly_protected(Position *pos, int attacker, int victim, const SquareSet *ignored)
{
    int defender = code_color(pos->board[victim]);
    bool pass = pos->side == defender;
    if (pass)
        position_make_null(pos);
    Move m = { .from = (uint8_t)attacker, .to = (uint8_t)victim, .kind = MOVE_NORMAL };
    position_make(pos, m);
    bool protected = false;
    for (int i = 0; i < pos->nlist[defender] && !protected; i++)
        protected = can_take(pos, pos->list[defender][i], victim, ignored);
    position_unmake(pos);
    if (pass)
        position_unmake_null(pos);
    return protected;
}

/* Would the capture attacker x victim (which the attacker can make) be a
 * chase?  `checks_given`: the checks to ignore when testing protection. */
static bool attack_chases(Position *pos, int attacker, int victim, const SquareSet *checks_given)
{
    const Variant *v = pos->v;
    int at = code_type(pos->board[attacker]), vt = code_type(pos->board[victim]);
    if (v->piece[at].always_chases >> vt & 1)
        return true;
    if (at == vt && can_take(pos, victim, attacker, NULL))
        return false;        /* an exchange offered, not a chase */
    return !truly_protected(pos, attacker, victim, checks_given);
}

/* ---- XBoard: a new attack ------------------------------------------------ */

/* Could the attacker on `from` take `victim` already before the last move
 * (made by the attacker's side), from where it stood then, with the
 * checks that side faced then ignored?  Then the attack is not new. */
static bool could_take_before(Position *pos, int from, int victim)
{
    const Undo *u = &pos->undo[pos->ply - 1];
    Move m = u->move;
    uint8_t gave_check = u->gave_check;
    bool moved = m.kind == MOVE_NORMAL || m.kind == MOVE_EP;
    if (moved && from == m.to)
        from = m.from;               /* the moved piece, from its old square */
    else if (!moved && m.kind != MOVE_NULL && from == m.to)
        return false;                /* dropped or castled there: a new attacker */
    unmake_any(pos);
    SquareSet checkers;
    attack_checkers(pos, !pos->side, &checkers);
    bool could = can_take(pos, from, victim, &checkers);
    make_any(pos, m);
    pos->undo[pos->ply - 1].gave_check = gave_check;
    return could;
}

/* The enemy pieces the last move chases by XBoard's rules (squares). */
static void xboard_chased(Position *pos, SquareSet *chased)
{
    int us = !pos->side, them = pos->side;
    uint8_t attackers[MAX_SQUARES], victims[MAX_SQUARES];
    int na = 0, nv = 0;
    memset(chased, 0, sizeof *chased);
    for (int i = 0; i < pos->nlist[us]; i++)
        if (may_chase(pos, pos->list[us][i]))
            attackers[na++] = pos->list[us][i];
    for (int i = 0; i < pos->nlist[them]; i++)
        if (may_be_chased(pos, pos->list[them][i]))
            victims[nv++] = pos->list[them][i];
    if (!na || !nv)
        return;
    SquareSet checks_given;
    attack_checkers(pos, us, &checks_given);
    for (int j = 0; j < nv; j++)
        for (int i = 0; i < na && !sqset_has(chased, victims[j]); i++)
            if (can_take(pos, attackers[i], victims[j], NULL)
                && !could_take_before(pos, attackers[i], victims[j])
                && attack_chases(pos, attackers[i], victims[j], &checks_given))
                sqset_add(chased, victims[j]);
}

/* ---- AXF: a new threat ---------------------------------------------------- */

/* Could some piece of the other side that may chase take `victim` by a
 * legal move (the checks from `ignored` not making it illegal), the
 * capture being a chase?  Whose turn it is does not matter. */
static bool under_threat(Position *pos, int victim, const SquareSet *ignored)
{
    int by = !code_color(pos->board[victim]);
    for (int i = 0; i < pos->nlist[by]; i++) {
        int attacker = pos->list[by][i];
        if (may_chase(pos, attacker) && can_take(pos, attacker, victim, ignored)
            && attack_chases(pos, attacker, victim, NULL))
            return true;
    }
    return false;
}

/* Was `victim` under threat already before the last move (with the checks
 * the mover faced then ignored)?  Then the move did not chase it. */
static bool under_threat_before(Position *pos, int victim)
{
    const Undo *u = &pos->undo[pos->ply - 1];
    Move m = u->move;
    uint8_t gave_check = u->gave_check;
    unmake_any(pos);
    SquareSet checkers;
    attack_checkers(pos, !pos->side, &checkers);
    bool before = under_threat(pos, victim, &checkers);
    make_any(pos, m);
    pos->undo[pos->ply - 1].gave_check = gave_check;
    return before;
}

/* The enemy pieces the last move (which gave no check) chases by the AXF
 * rules (squares): those under threat now and not before it.  Only those
 * in `candidates` (NULL: all) are looked at. */
static void axf_chased(Position *pos, const SquareSet *candidates, SquareSet *chased)
{
    int them = pos->side;
    uint8_t victims[MAX_SQUARES];
    int nv = 0;
    memset(chased, 0, sizeof *chased);
    for (int i = 0; i < pos->nlist[them]; i++) {
        int sq = pos->list[them][i];
        if ((!candidates || sqset_has(candidates, sq)) && may_be_chased(pos, sq))
            victims[nv++] = (uint8_t)sq;
    }
    for (int j = 0; j < nv; j++)
        if (under_threat(pos, victims[j], NULL) && !under_threat_before(pos, victims[j]))
            sqset_add(chased, victims[j]);
}

/* ---- the cycle ------------------------------------------------------------ */

/* A chased piece that moves is still the same piece. */
static void follow_victim(SquareSet *prey, Move m)
{
    if ((m.kind == MOVE_NORMAL || m.kind == MOVE_EP) && sqset_has(prey, m.from)) {
        sqset_remove(prey, m.from);
        sqset_add(prey, m.to);
    }
}

/* Did the last move give check?  `flag` is its recorded gave_check. */
static bool move_checked(const Position *pos, uint8_t flag)
{
    return flag == GAVE_CHECK_UNKNOWN ? attack_in_check(pos, pos->side) : flag == 1;
}

void chase_judge(Position *pos, int plies, bool chasing[2])
{
    ChaseRules rules = pos->v->rules.chase_rules;
    chasing[WHITE] = chasing[BLACK] = false;
    int have = pos->ply - pos->root_ply;
    if (plies > have)
        plies = have;
    /* room on the undo stack for the tests (a pass, a capture, a reply) */
    if (plies < 2 || pos->ply + 4 > MAX_PLY_HISTORY)
        return;
    Move moves[MAX_PLY_HISTORY];
    uint8_t gave_check[MAX_PLY_HISTORY];
    for (int k = plies - 1; k >= 0; k--) {
        moves[k] = pos->undo[pos->ply - 1].move;
        gave_check[k] = pos->undo[pos->ply - 1].gave_check;
        unmake_any(pos);
    }
    SquareSet prey[2];
    bool started[2] = { false, false };
    for (int k = 0; k < plies; k++) {
        int mover = pos->side;
        make_any(pos, moves[k]);
        pos->undo[pos->ply - 1].gave_check = gave_check[k];
        bool judged = started[mover] && sqset_empty(&prey[mover]);
        if (!judged) {
            SquareSet chased;
            if (rules == CHASE_RULES_XBOARD)
                xboard_chased(pos, &chased);
            else if (move_checked(pos, gave_check[k]))
                memset(&chased, 0, sizeof chased);    /* a check, not a chase */
            else      /* only what it chased so far can still be chased throughout */
                axf_chased(pos, started[mover] ? &prey[mover] : NULL, &chased);
            if (started[mover])
                sqset_and(&prey[mover], &chased);
            else
                prey[mover] = chased;
            started[mover] = true;
        }
        if (started[!mover])
            follow_victim(&prey[!mover], moves[k]);
    }
    for (int c = 0; c < 2; c++)
        chasing[c] = started[c] && !sqset_empty(&prey[c]);
}
