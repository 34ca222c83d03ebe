/*
 * movegen.c — the table-driven mailbox move generator.
 *
 * Each piece type carries an XbTable compiled from its XBetza for this
 * board: per colour and square, rays of pre-clipped target squares.  The
 * generator walks them and looks at the board; all geometry was done when
 * the variant was loaded.  Legality is decided by making the move and
 * asking whether the mover's royal pieces are attacked; the attack test
 * uses a per-piece "could ever capture there" prefilter so only the few
 * pieces that line up with the square are walked.  Castling is in
 * movegen_castle.c, drops, gating and pickups in movegen_hand.c.
 */
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/turn.h"
#include "board/multileg.h"
#include "board/pass.h"
#include "board/movegen_internal.h"

/* ---- promotion --------------------------------------------------------- */

/* May `color` promote to type t now (count limits, grand's "captured only")? */
static bool promotion_target_available(const Position *pos, const PieceType *target,
                                       int t, int color)
{
    const Variant *v = pos->v;
    (void)target;
    if (v->piece[t].max_count && pos->count[color][t] >= v->piece[t].max_count)
        return false;
    return true;
}

/* Add the move from->to of type `type`, expanded into its promotion
 * choices; the plain move is kept unless promotion is mandatory.  A
 * capture is generated with GEN_NOISY, the rest with GEN_QUIET.  `taken`
 * is the piece the move takes on `to` (EMPTY if none): when the capture
 * rules make it contagious to this mover, the move is a promotion to its
 * type and nothing else (capture-rules contagion). */
static inline void add_move_as(const Position *pos, MoveList *ml, int type, int from, int to,
                               int flags, unsigned gen, bool capture, uint8_t taken)
{
    const PieceType *pt = &pos->v->piece[type];
    int color = pos->side;
    if (taken != EMPTY && pos->v->contagion[type]) {
        int becomes = variant_contagion(pos->v, type, code_type(taken));
        if (becomes != NO_TYPE) {
            if (gen & GEN_NOISY)
                push(ml, from, to, MOVE_NORMAL, becomes + 1, flags);
            return;
        }
    }
    if (!pt->can_promote) {
        /* a '+' form that flips back (promotion.every-move) must do so */
        int back = pt->flips && (capture || !pt->flip_capture_only) ? pt->demotes_to + 1 : 0;
        if (gen & (capture ? GEN_NOISY : GEN_QUIET))
            push(ml, from, to, MOVE_NORMAL, back, flags);
        return;
    }
    TypeMask any, lost;
    bool forced;
    if (!variant_promotion_choices(pt, color, from, to, capture, &any, &lost, &forced)) {
        if (gen & (capture ? GEN_NOISY : GEN_QUIET))
            push(ml, from, to, MOVE_NORMAL, 0, flags);
        return;
    }
    TypeMask targets = any | lost;
    for (int t = 0; targets; t++, targets >>= 1) {
        if (!(targets & 1))
            continue;
        bool lost_one = pos->count[color][t] < pos->v->start_count[color][t];
        bool offered = ((lost >> t & 1) && lost_one)
            || ((any >> t & 1) && promotion_target_available(pos, &pos->v->piece[t], t, color));
        /* a piece that flips on every move promotes quietly */
        if (offered && (gen & (pt->quiet_flips && !capture ? GEN_QUIET : GEN_NOISY)))
            push(ml, from, to, MOVE_NORMAL, t + 1, flags);
    }
    if (!forced && (gen & (capture ? GEN_NOISY : GEN_QUIET)))
        push(ml, from, to, MOVE_NORMAL, 0, flags);
}

static inline void add_move(const Position *pos, MoveList *ml, int type, int from, int to,
                            int flags, unsigned gen)
{
    add_move_as(pos, ml, type, from, to, flags, gen, pos->board[to] != EMPTY, pos->board[to]);
}

/* ---- one piece --------------------------------------------------------- */

static inline bool can_take(const Position *pos, int type, uint8_t victim, uint16_t mode)
{
    const PieceType *vt = &pos->v->piece[code_type(victim)];
    if (!vt->capturable || (pos->v->no_capture[type] >> code_type(victim) & 1))
        return false;
    if ((mode & XB_MODE_T) && vt->royal)
        return false;
    if (code_color(victim) == pos->side)
        return mode & XB_MODE_D;
    return mode & XB_MODE_C;
}

static bool is_ep_square(const Position *pos, int sq)
{
    for (int i = 0; i < pos->ep_count; i++)
        if (pos->ep[i] == sq)
            return true;
    return false;
}

/* The 'ii' condition: one step backward held a piece of this type at the start. */
static bool virgin2_ok(const Position *pos, int type, int sq)
{
    const Variant *v = pos->v;
    int back = pos->side == WHITE ? sq - v->files : sq + v->files;
    return back >= 0 && back < v->files * v->ranks
        && v->start_board[back] == piece_code(type, pos->side);
}

/* Hoppers: the first occupied square is the hurdle; 'p' continues as a
 * slide after it, 'g' lands on the square right behind it.  A hurdle the
 * capture rules forbid hopping over ends the ray. */
static void gen_hopper_ray(const Position *pos, MoveList *ml, int type, int from,
                           const XbRay *r, const XbStep *steps, unsigned gen)
{
    bool grasshopper = r->mode & XB_MODE_G;
    bool hopped = false;
    for (int k = 0; k < r->len; k++) {
        int to = steps[k].sq;
        uint8_t code = pos->board[to];
        if (!hopped) {
            if (code != EMPTY && (pos->v->no_hop[type] >> code_type(code) & 1))
                return;
            if (code != EMPTY)
                hopped = true;
            continue;
        }
        /* a move another ray makes here is left to it (XbStep.left) */
        uint16_t mode = r->mode & (uint16_t)~steps[k].left;
        if (code == EMPTY) {
            if (mode & XB_MODE_M)
                add_move(pos, ml, type, from, to, 0, gen);
        } else if (can_take(pos, type, code, mode)) {
            add_move(pos, ml, type, from, to, 0, gen);
        }
        if (code != EMPTY || grasshopper)
            return;
    }
}

/* rules.en-passant-check: does this ray of the royal on `from` slide one
 * square a step along a rank, file or diagonal (the only rays the rule
 * stops at an attacked square)? */
static bool royal_slide_guarded(const Position *pos, int from, const XbRay *r,
                                const XbStep *steps)
{
    const Variant *v = pos->v;
    if (r->len < 2)
        return false;
    int df = var_file(v, steps[0].sq) - var_file(v, from);
    int dr = var_rank(v, steps[0].sq) - var_rank(v, from);
    return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

/* `guarded`: the ray ends after an empty square the opponent attacks (a
 * royal may not slide through it; the attack is judged with the royal
 * still on its square, as Sjaak II judges it). */
static void gen_ray(const Position *pos, MoveList *ml, int type, int from, const XbRay *r,
                    const XbStep *steps, unsigned gen, bool guarded)
{
    uint16_t mode = r->mode;
    /* an initial ('i' or 'ii') or lame multi-square non-capture leaves e.p. rights */
    bool ep_maker = (r->flags & (XB_RAY_INITIAL | XB_RAY_INITIAL2 | XB_RAY_LAME))
                    && !(mode & (XB_MODE_C | XB_MODE_D));
    /* captures only: a move to an empty square matters if it promotes */
    if (!(gen & GEN_QUIET)
        && (!pos->v->piece[type].can_promote || pos->v->piece[type].quiet_flips))
        mode &= (uint16_t)~XB_MODE_M;
    for (int k = 0; k < r->len; k++) {
        const XbStep *s = &steps[k];
        /* position_step_blocked, written out: through the helper this
           loop took 1.2% more instructions in chess perft (callgrind) */
        if (s->test != XB_NO_SQ) {
            bool occupied = pos->board[s->test] != EMPTY;
            if ((r->flags & XB_RAY_LAME) ? occupied : !occupied)
                return;
            if (s->test2 != XB_NO_SQ && pos->board[s->test2] != EMPTY)
                return;     /* a lame path's second square */
        }
        int to = s->sq;
        uint8_t code = pos->board[to];
        /* a move another ray makes here is left to it (XbStep.left) */
        uint16_t here = (r->flags & XB_RAY_LEAVES) ? mode & (uint16_t)~s->left : mode;
        if (code == EMPTY) {
            if (here & XB_MODE_M)
                add_move(pos, ml, type, from, to,
                         ep_maker && (k > 0 || s->test != XB_NO_SQ) ? MOVEF_EP_MAKER : 0, gen);
            if ((here & XB_MODE_E) && (gen & GEN_NOISY) && is_ep_square(pos, to)) {
                push(ml, from, to, MOVE_EP, 0, 0);
                ml->m[ml->n - 1].victim[0] = pos->ep_victim;
            }
            if (guarded && attack_square(pos, to, !pos->side))
                return;
            continue;
        }
        if (can_take(pos, type, code, here))
            add_move(pos, ml, type, from, to, 0, gen);
        return;
    }
}

/* range-capture (tenjiku's generals): the captures a capturing slide makes
 * past the first piece it meets, when that piece ranks below the mover.
 * The slide goes on over pieces of either side ranked below it and may
 * take any enemy piece on the way; the first piece of its rank or higher
 * ends it (after it is taken, if it can be).  The first piece itself is
 * gen_ray's to take.  Only for pieces that have the rule. */
static void gen_range_captures(const Position *pos, MoveList *ml, int type, int from,
                               const XbTable *t, unsigned gen)
{
    const Variant *v = pos->v;
    int rank = v->piece[type].rank;
    if (!(gen & GEN_NOISY))
        return;
    const XbRay *r = xb_rays_begin(t, pos->side, from), *end = xb_rays_end(t, pos->side, from);
    for (; r < end; r++) {
        if (!position_range_capture_ray(r))
            continue;
        const XbStep *steps = t->steps + r->first;
        int k = 0;
        while (k < r->len && pos->board[steps[k].sq] == EMPTY)
            k++;
        if (k >= r->len || v->piece[code_type(pos->board[steps[k].sq])].rank >= rank)
            continue;
        for (k++; k < r->len; k++) {
            uint8_t code = pos->board[steps[k].sq];
            if (code == EMPTY)
                continue;
            uint16_t here = (r->flags & XB_RAY_LEAVES) ? r->mode & (uint16_t)~steps[k].left : r->mode;
            if (can_take(pos, type, code, here))
                add_move(pos, ml, type, from, steps[k].sq, 0, GEN_NOISY);
            if (v->piece[code_type(code)].rank >= rank)
                break;
        }
    }
}

/* rules.initial-moves replace: does the unmoved piece on `from` make its
 * 'i' moves instead of its other non-capturing ones (a royal in check
 * keeps its usual moves)? */
static bool initial_moves_replace(const Position *pos, int type, int from)
{
    const Variant *v = pos->v;
    return (v->rules.initial_replace >> type & 1) && sqset_has(&pos->virgin, from)
        && !(v->piece[type].royal && attack_in_check(pos, pos->side));
}

static void gen_table(const Position *pos, MoveList *ml, int type, int from, const XbTable *t,
                      unsigned gen)
{
    int color = pos->side;
    bool guard = pos->v->rules.royal_no_slide_through_attack && pos->v->piece[type].royal;
    /* rules.initial-moves not-out-of-check: -1 until first needed */
    int in_check = pos->v->rules.initial_not_in_check >> type & 1 ? -1 : 0;
    bool replaced = pos->v->rules.initial_replace && initial_moves_replace(pos, type, from);
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        const XbRay *ray = r;
        XbRay only_captures;
        if (replaced && !(r->flags & (XB_RAY_INITIAL | XB_RAY_INITIAL2 | XB_RAY_CASTLE))) {
            only_captures = *r;      /* its captures stay */
            only_captures.mode &= (uint16_t)~XB_MODE_M;
            if (!(only_captures.mode & (XB_MODE_C | XB_MODE_D | XB_MODE_E)))
                continue;
            ray = &only_captures;
        }
        if (ray->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG | XB_RAY_INITIAL | XB_RAY_INITIAL2)) {
            if (ray->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG))
                continue;
            if ((ray->flags & XB_RAY_INITIAL) && !sqset_has(&pos->virgin, from))
                continue;
            if ((ray->flags & XB_RAY_INITIAL2) && !virgin2_ok(pos, type, from))
                continue;
            if (in_check < 0)
                in_check = attack_in_check(pos, color);
            if (in_check)
                continue;
        }
        const XbStep *steps = t->steps + ray->first;
        if (ray->mode & (XB_MODE_P | XB_MODE_G))
            gen_hopper_ray(pos, ml, type, from, ray, steps, gen);
        else
            gen_ray(pos, ml, type, from, ray, steps, gen,
                    guard && royal_slide_guarded(pos, from, ray, steps));
    }
}

/* Remove moves whose destination the piece may not stand on (palace, river). */
static void confine(const Position *pos, MoveList *ml, int first, int type)
{
    const SquareSet *allowed = &pos->v->piece[type].allowed[pos->side];
    int w = first;
    for (int i = first; i < ml->n; i++)
        if (sqset_has(allowed, ml->m[i].to))
            ml->m[w++] = ml->m[i];
    ml->n = w;
}

/* ---- multi-leg moves (board/multileg.h) ---------------------------------- */

/* The piece's moves are gathered from ml->m[first] on; a multi-leg move
 * found again by another path, or equal to a one-leg move, is added once. */
typedef struct {
    const Position *pos;
    MoveList *ml;
    int type, from, first;
    unsigned gen;
    SquareSet plain;        /* targets of moves without victims added so far */
    bool turned;            /* a turn (MOVE_TURN) was added */
} LegSink;

static bool victim_move_known(const LegSink *s, const LegMove *lm)
{
    for (int i = s->first; i < s->ml->n; i++) {
        const Move *m = &s->ml->m[i];
        if (m->nvictims == lm->nvictims && m->to == lm->to && m->victim[0] == lm->victim[0]
            && (lm->nvictims < 2 || m->victim[1] == lm->victim[1]) && m->from == s->from)
            return true;
    }
    return false;
}

static bool add_leg_move(void *ctx, const LegMove *lm)
{
    LegSink *s = ctx;
    MoveList *ml = s->ml;
    if (lm->nvictims == 0) {
        if (lm->to == s->from) {
            if (!s->turned && (s->gen & GEN_QUIET)) {
                push(ml, s->from, s->from, MOVE_TURN, 0, 0);
                ml->m[ml->n - 1].victim[0] = lm->turn;
            }
            s->turned = true;
        } else if (!sqset_has(&s->plain, lm->to)) {
            sqset_add(&s->plain, lm->to);
            add_move(s->pos, ml, s->type, s->from, lm->to, 0, s->gen);
        }
        return false;
    }
    if (victim_move_known(s, lm))
        return false;
    int added = ml->n;
    uint8_t taken = movegen_taken_on_landing(s->pos, s->from, lm->to, lm->victim, lm->nvictims);
    add_move_as(s->pos, ml, s->type, s->from, lm->to, 0, s->gen, true, taken);
    for (; added < ml->n; added++) {
        Move *m = &ml->m[added];
        m->nvictims = lm->nvictims;
        m->victim[0] = lm->victim[0];
        m->victim[1] = lm->nvictims > 1 ? lm->victim[1] : 0;
    }
    return false;
}

/* The multi-leg moves of the piece on `from`, which must not repeat its
 * one-leg moves among ml->m[first..]. */
static void gen_multileg(const Position *pos, MoveList *ml, int from, int first, unsigned gen)
{
    int type = code_type(pos->board[from]);
    const PieceType *pt = &pos->v->piece[type];
    LegSink s = { pos, ml, type, from, first, gen, { { 0 } }, false };
    for (int i = first; i < ml->n; i++)
        if (ml->m[i].kind == MOVE_NORMAL && ml->m[i].from == from)
            sqset_add(&s.plain, ml->m[i].to);
    int added = ml->n;
    multileg_walk(pos, from, &pt->moves, &pt->table, -1, add_leg_move, &s);
    if (pt->has_extra)      /* its table holds rays only from the entries' squares */
        multileg_walk(pos, from, &pt->extra_moves, &pt->extra_table, -1, add_leg_move, &s);
    if (pt->confined)
        confine(pos, ml, added, type);
}

/* The multi-leg moves of the side to move, after all its one-leg moves
 * (from ml->m[first] on).  Out of the loop over the pieces, so that the
 * generator pays nothing for them in variants without such pieces. */
static void gen_all_multileg(const Position *pos, MoveList *ml, int first, unsigned gen)
{
    const Variant *v = pos->v;
    for (int i = 0; i < pos->nlist[pos->side]; i++) {
        int from = pos->list[pos->side][i];
        if (v->piece[code_type(pos->board[from])].has_multileg)
            gen_multileg(pos, ml, from, first, gen);
    }
}

/* rules.check-evasion: royal-captures-only.  A royal on `from` that stands
 * attacked may not move, except to capture the one piece attacking it
 * (makpong): of the moves ml[first..n), keep only that capture. */
static void royal_evasions(const Position *pos, MoveList *ml, int first, int from)
{
    int them = !code_color(pos->board[from]), checker = -1, checkers = 0;
    for (int i = 0; i < pos->nlist[them]; i++)
        if (attack_from(pos, pos->list[them][i], from)) {
            checker = pos->list[them][i];
            checkers++;
        }
    if (!checkers)
        return;
    int w = first;
    for (int i = first; i < ml->n; i++)
        if (checkers == 1 && ml->m[i].to == checker && !ml->m[i].nvictims)
            ml->m[w++] = ml->m[i];
    ml->n = w;
}

/* ---- promotion in place (Sittuyin) ------------------------------------ */

/* Does the piece just put on `sq` attack a piece of the side to move
 * (the position is the one after the promotion)? */
static bool attacks_an_enemy(const Position *pos, int sq)
{
    int them = pos->side;
    for (int i = 0; i < pos->nlist[them]; i++)
        if (attack_from(pos, sq, pos->list[them][i]))
            return true;
    return false;
}

/* Add the promotion of the piece on `from` into type t on `to`, unless the
 * rule is peaceful and the new piece would attack an enemy piece or give
 * check.  That is judged on the position after it, made and unmade here
 * (the position comes back exactly, as in must_drop); only Sittuyin's
 * pawns in their zone get here. */
static void add_in_place(const Position *pos, MoveList *ml, const PromotionRule *r, int from,
                         int to, int t)
{
    push(ml, from, to, MOVE_NORMAL, t + 1, 0);
    if (!r->in_place_peaceful)
        return;
    Position *tried = (Position *)pos;
    position_make(tried, ml->m[ml->n - 1]);
    bool harm = attacks_an_enemy(tried, to) || attack_in_check(tried, tried->side);
    position_unmake(tried);
    if (harm)
        ml->n--;
}

/* The empty squares a piece of type t on `from` could move to with one
 * plain move (its ordinary rays; the piece on `from` counts as gone). */
static int in_place_steps(const Position *pos, int t, int from, int *out, int max)
{
    const XbTable *table = &pos->v->piece[t].table;
    const XbRay *r = xb_rays_begin(table, pos->side, from), *end = xb_rays_end(table, pos->side, from);
    int n = 0;
    for (; r < end; r++) {
        if ((r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG | XB_RAY_INITIAL | XB_RAY_INITIAL2))
            || (r->mode & (XB_MODE_P | XB_MODE_G)) || !(r->mode & XB_MODE_M))
            continue;
        const XbStep *steps = table->steps + r->first;
        for (int k = 0; k < r->len && pos->board[steps[k].sq] == EMPTY; k++) {
            const XbStep *st = &steps[k];
            if (position_step_blocked(pos, r, st))     /* as gen_ray */
                break;
            bool seen = false;
            for (int i = 0; i < n && !seen; i++)
                seen = out[i] == st->sq;
            if (!seen && n < max)
                out[n++] = st->sq;
        }
    }
    return n;
}

/* promotion.in-place: the piece on `from` turns into one of the rule's
 * targets where it stands, or (step) one plain move of the new piece away.
 * Optional, never a capture; generated with the noisy moves, as
 * promotions are. */
static void gen_in_place(const Position *pos, MoveList *ml, int from, int type)
{
    const PieceType *pt = &pos->v->piece[type];
    int color = pos->side;
    for (int i = 0; i < pt->npromo; i++) {
        const PromotionRule *r = &pt->promo[i];
        if (!r->in_place)
            continue;
        if (!sqset_has(&r->zone[color], from) && !(r->in_place_alone && pos->count[color][type] == 1))
            continue;
        for (TypeMask targets = r->to[color]; targets; targets &= targets - 1) {
            int t = __builtin_ctzll(targets);
            if (!promotion_target_available(pos, &pos->v->piece[t], t, color))
                continue;
            add_in_place(pos, ml, r, from, from, t);
            int to[MAX_SQUARES];
            int n = r->in_place_step ? in_place_steps(pos, t, from, to, MAX_SQUARES) : 0;
            for (int k = 0; k < n; k++)
                add_in_place(pos, ml, r, from, to[k], t);
        }
    }
}

static void gen_piece(const Position *pos, MoveList *ml, int from, unsigned gen)
{
    int type = code_type(pos->board[from]);
    const PieceType *pt = &pos->v->piece[type];
    int first = ml->n;
    gen_table(pos, ml, type, from, &pt->table, gen);
    if (pt->has_extra)      /* only rays its region allows there (variant.h) */
        gen_table(pos, ml, type, from, &pt->extra_table, gen);
    if (pt->confined)
        confine(pos, ml, first, type);
    if (pos->v->rules.check_evasion == EVASION_ROYAL_CAPTURES_ONLY && pt->royal && ml->n > first)
        royal_evasions(pos, ml, first, from);
    if (pt->promotes_in_place && (gen & GEN_NOISY))
        gen_in_place(pos, ml, from, type);
}

/* range-capture: the range captures of the piece on `from` (both its
 * tables), after its other moves; confined pieces keep to their squares. */
static void gen_piece_range_captures(const Position *pos, MoveList *ml, int from, unsigned gen)
{
    int type = code_type(pos->board[from]);
    const PieceType *pt = &pos->v->piece[type];
    if (!pt->range_capture)
        return;
    int first = ml->n;
    gen_range_captures(pos, ml, type, from, &pt->table, gen);
    if (pt->has_extra)
        gen_range_captures(pos, ml, type, from, &pt->extra_table, gen);
    if (pt->confined)
        confine(pos, ml, first, type);
}

/* The range captures of the side to move, out of the loop over the pieces
 * (as the multi-leg moves) so that other variants pay nothing for them. */
static void gen_all_range_captures(const Position *pos, MoveList *ml, unsigned gen)
{
    for (int i = 0; i < pos->nlist[pos->side]; i++)
        gen_piece_range_captures(pos, ml, pos->list[pos->side][i], gen);
}

static inline bool drops_only(const Position *pos, MoveList *ml);

void movegen_piece(const Position *pos, MoveList *ml, int from)
{
    int first = ml->n;
    if (drops_only(pos, ml))
        return;
    gen_piece(pos, ml, from, GEN_NOISY | GEN_QUIET);
    if (pos->v->has_range_capture)
        gen_piece_range_captures(pos, ml, from, GEN_NOISY | GEN_QUIET);
    if (pos->v->piece[code_type(pos->board[from])].has_multileg)
        gen_multileg(pos, ml, from, first, GEN_NOISY | GEN_QUIET);
}

/* ---- all moves --------------------------------------------------------- */

void movegen_pseudo(const Position *pos, MoveList *ml)
{
    ml->n = 0;
    movegen_staged(pos, ml, GEN_NOISY | GEN_QUIET);
}

/* hand.must-drop: must the side to move drop?  It must while it holds a
 * piece it can drop legally (as Fairy-Stockfish has it: when no drop is
 * legal, in check or with no square left, it moves on the board).  The
 * drops are appended to ml (the caller takes them away or keeps them). */
static bool must_drop(const Position *pos, MoveList *ml)
{
    int first = ml->n;
    movegen_drop_moves(pos, ml);
    if (ml->n == first || !attack_in_check(pos, pos->side))
        return ml->n > first;
    /* In check, only a drop that answers it counts.  Tried by making it,
       which restores the position exactly; this happens only in check
       during a setup phase, never in the search's usual nodes. */
    Position *tried = (Position *)pos;
    for (int i = first; i < ml->n; i++) {
        position_make(tried, ml->m[i]);
        bool legal = !attack_left_illegal(tried);
        position_unmake(tried);
        if (legal)
            return true;
    }
    return false;
}

/* Does the side to move hold a piece whose presence in hand obliges a
 * drop (hand.must-drop's types)? */
static bool holds_obliging_piece(const Position *pos)
{
    TypeMask oblige = pos->v->hand.must_drop;
    for (int t = 0; t < pos->v->ntypes; t++)
        if (pos->hand[pos->side][t] && (oblige >> t & 1))
            return true;
    return false;
}

/* hand.must-drop: only drops while some drop is legal (the board moves
 * come only after the setup phase). */
static inline bool drops_only(const Position *pos, MoveList *ml)
{
    if (!pos->v->hand.must_drop || !holds_obliging_piece(pos))
        return false;
    int first = ml->n;
    bool only = must_drop(pos, ml);
    ml->n = first;
    return only;
}

bool movegen_must_drop_now(const Position *pos, MoveList *scratch)
{
    return drops_only(pos, scratch);
}

void movegen_staged(const Position *pos, MoveList *ml, unsigned gen)
{
    int color = pos->side, first = ml->n;
    /* a setup phase: must_drop leaves the drops it found in the list */
    if (pos->v->hand.must_drop && holds_obliging_piece(pos)) {
        if (must_drop(pos, ml)) {
            if (!(gen & GEN_QUIET))
                ml->n = first;
            return;
        }
        ml->n = first;
    }
    for (int i = 0; i < pos->nlist[color]; i++)
        gen_piece(pos, ml, pos->list[color][i], gen);
    if (pos->v->has_range_capture)   /* before the multi-leg moves, which skip repeats */
        gen_all_range_captures(pos, ml, gen);
    if (pos->v->has_multileg)
        gen_all_multileg(pos, ml, first, gen);
    if ((gen & GEN_QUIET) && pos->v->castling.enabled)
        movegen_castling_moves(pos, ml);
    if (pos->v->hand.gating)
        movegen_gated_moves(pos, ml, first);
    if ((gen & GEN_QUIET) && pos->v->has_drops)
        movegen_drop_moves(pos, ml);
    if ((gen & GEN_QUIET) && pos->v->hand.pickup)
        movegen_pickup_moves(pos, ml);
    if (gen & GEN_QUIET)
        pass_generate(pos, ml);
}

/* ---- legal moves ------------------------------------------------------- */

static bool is_capture(const Position *pos, Move m)
{
    return m.kind == MOVE_EP || m.nvictims
        || (m.kind == MOVE_NORMAL && pos->board[m.to] != EMPTY);
}

/* A drop that mates is illegal for pieces with drop_no_mate (shogi pawn).
 * Called with the drop made. */
bool movegen_drop_mates(Position *pos)
{
    if (!attack_in_check(pos, pos->side))
        return false;
    MoveList *replies = malloc(sizeof *replies);
    if (!replies)
        return false;
    movegen_legal(pos, replies);
    bool mate = replies->n == 0;
    free(replies);
    return mate;
}

/* Called with a move made: does it mate with a piece that may not mate
 * (`mates: forbidden`) among the checkers?  `scratch` holds the replies. */
bool movegen_forbidden_mate(Position *pos, MoveList *scratch)
{
    const Variant *v = pos->v;
    if (!attack_in_check(pos, pos->side)
        || !(attack_checker_types(pos, !pos->side) & v->no_mate_types))
        return false;
    movegen_legal(pos, scratch);
    return scratch->n == 0;
}

/* Might move m check with a piece that may not mate?  Such a piece
 * that only leaps checks only by moving (or being promoted to, or dropped). */
static inline bool may_check_with_no_mate(const Position *pos, Move m)
{
    const Variant *v = pos->v;
    if (!v->no_mate_types)
        return false;
    if (v->no_mate_lines)
        return true;
    int t;
    if (m.kind == MOVE_DROP)
        t = m.piece;
    else if (m.kind == MOVE_PASS || m.kind == MOVE_NULL)
        return false;
    else
        t = m.piece ? m.piece - 1 : code_type(pos->board[m.from]);
    return v->no_mate_types >> t & 1;
}

/* Can move m be accepted without making it? */
static inline bool surely_legal(const SquareSet *sensitive, int king, Move m)
{
    if (m.kind == MOVE_CASTLE || m.from == king || m.nvictims)
        return false;
    if (m.kind == MOVE_EP && sqset_has(sensitive, m.victim[0]))
        return false;
    return !sqset_has(sensitive, m.to) && (m.kind == MOVE_DROP || !sqset_has(sensitive, m.from));
}

void movegen_legal(Position *pos, MoveList *ml)
{
    const Variant *v = pos->v;
    movegen_pseudo(pos, ml);
    /* A side without royals (giveaway, horde's White) has no self-check to test. */
    bool has_royal = false;
    for (int t = 0; t < v->ntypes && !has_royal; t++)
        has_royal = (v->royal_types >> t & 1) && pos->count[pos->side][t];
    bool needs_test = has_royal || v->rules.facing_royals_illegal || v->turn.multi;
    /* explosions reach beyond the lines the shortcut looks at */
    SquareSet sensitive;
    int king = needs_test && !v->rules.explosions && !v->turn.multi
             ? attack_royal_exposure(pos, pos->side, &sensitive) : -1;
    if (king >= 0 && attack_square(pos, king, !pos->side))
        king = -1;         /* in check: every move gets the full test */
    int w = 0;
    bool any_capture = false;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        bool capture = v->rules.must_capture && is_capture(pos, m);
        bool drop_check = m.kind == MOVE_DROP && v->piece[m.piece].drop_no_mate;
        bool mate_check = may_check_with_no_mate(pos, m);
        bool ok = true;
        if (drop_check || mate_check
            || (needs_test && !(king >= 0 && surely_legal(&sensitive, king, m)))) {
            position_make(pos, m);
            ok = v->turn.multi ? !turn_move_illegal(pos) : !attack_left_illegal(pos);
            if (ok && drop_check)
                ok = !movegen_drop_mates(pos);
            if (ok && mate_check) {
                MoveList *replies = malloc(sizeof *replies);
                ok = !replies || !movegen_forbidden_mate(pos, replies);
                free(replies);
            }
            position_unmake(pos);
        }
        if (ok && (v->rules.checks_forbidden
                   || (m.kind == MOVE_DROP && v->piece[m.piece].drop_no_check))) {
            position_make(pos, m);
            ok = !attack_in_check(pos, pos->side);
            position_unmake(pos);
        }
        if (!ok)
            continue;
        any_capture |= capture;
        ml->m[w++] = m;
    }
    ml->n = w;
    if (v->rules.must_capture && any_capture) {
        w = 0;
        for (int i = 0; i < ml->n; i++)
            if (is_capture(pos, ml->m[i]))
                ml->m[w++] = ml->m[i];
        ml->n = w;
    }
}

