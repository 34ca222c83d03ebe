/*
 * movegen.c — the table-driven mailbox move generator.
 *
 * Each piece type carries an XbTable compiled from its XBetza for this
 * board: per colour and square, rays of pre-clipped target squares.  The
 * generator walks them and looks at the board; all geometry was done when
 * the variant was loaded.  Legality is decided by making the move and
 * asking whether the mover's royal pieces are attacked; the attack test
 * uses a per-piece "could ever capture there" prefilter so only the few
 * pieces that line up with the square are walked.
 */
#include <stdlib.h>
#include <string.h>
#include "board/movegen.h"

static inline void push(MoveList *ml, int from, int to, int kind, int piece, int flags)
{
    Move *m = &ml->m[ml->n++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->kind = (uint8_t)kind;
    m->piece = (uint8_t)piece;
    m->victim[0] = m->victim[1] = 0;
    m->nvictims = 0;
    m->flags = (uint8_t)flags;
}

/* ---- promotion --------------------------------------------------------- */

static inline bool promotion_applies(const PieceType *pt, int color, int from, int to)
{
    bool in_from = sqset_has(&pt->promo_zone[color], from);
    bool in_to = sqset_has(&pt->promo_zone[color], to);
    return (in_to && !in_from && pt->promo_on_enter)
        || (in_to && in_from && pt->promo_on_within)
        || (!in_to && in_from && pt->promo_on_leave);
}

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
 * choices; the plain move is kept unless promotion is mandatory. */
static void add_move(const Position *pos, MoveList *ml, int type, int from, int to, int flags,
                     unsigned gen)
{
    const PieceType *pt = &pos->v->piece[type];
    int color = pos->side;
    bool capture = pos->board[to] != EMPTY;
    if (!pt->can_promote) {
        if (gen & (capture ? GEN_NOISY : GEN_QUIET))
            push(ml, from, to, MOVE_NORMAL, 0, flags);
        return;
    }
    if (!promotion_applies(pt, color, from, to)) {
        if (gen & (capture ? GEN_NOISY : GEN_QUIET))
            push(ml, from, to, MOVE_NORMAL, 0, flags);
        return;
    }
    bool forced = pt->promo_mandatory == PROMO_ALWAYS
        || (pt->promo_mandatory == PROMO_WHEN_IMMOBILE && sqset_has(&pt->immobile[color], to));
    uint32_t targets = pt->promo_to;
    if (pt->promoted != NO_TYPE)
        targets |= 1u << pt->promoted;
    for (int t = 0; targets; t++, targets >>= 1) {
        if (!(targets & 1))
            continue;
        if (pt->promo_to_captured
            ? pos->count[color][t] >= pos->v->start_count[color][t]
            : !promotion_target_available(pos, &pos->v->piece[t], t, color))
            continue;
        if (gen & GEN_NOISY)
            push(ml, from, to, MOVE_NORMAL, t + 1, flags);
    }
    if (!forced && (gen & (capture ? GEN_NOISY : GEN_QUIET)))
        push(ml, from, to, MOVE_NORMAL, 0, flags);
}

/* ---- one piece --------------------------------------------------------- */

static inline bool can_take(const Position *pos, uint8_t victim, uint16_t mode)
{
    const PieceType *vt = &pos->v->piece[code_type(victim)];
    if (!vt->capturable)
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
 * slide after it, 'g' lands on the square right behind it. */
static void gen_hopper_ray(const Position *pos, MoveList *ml, int type, int from,
                           const XbRay *r, const XbStep *steps, unsigned gen)
{
    bool grasshopper = r->mode & XB_MODE_G;
    bool hopped = false;
    for (int k = 0; k < r->len; k++) {
        int to = steps[k].sq;
        uint8_t code = pos->board[to];
        if (!hopped) {
            if (code != EMPTY)
                hopped = true;
            continue;
        }
        if (code == EMPTY) {
            if (r->mode & XB_MODE_M)
                add_move(pos, ml, type, from, to, 0, gen);
        } else if (can_take(pos, code, r->mode)) {
            add_move(pos, ml, type, from, to, 0, gen);
        }
        if (code != EMPTY || grasshopper)
            return;
    }
}

static void gen_ray(const Position *pos, MoveList *ml, int type, int from, const XbRay *r,
                    const XbStep *steps, unsigned gen)
{
    uint16_t mode = r->mode;
    /* an initial or lame multi-square non-capture leaves e.p. rights */
    bool ep_maker = (r->flags & (XB_RAY_INITIAL | XB_RAY_LAME)) && !(mode & (XB_MODE_C | XB_MODE_D));
    /* captures only: a move to an empty square matters if it promotes */
    if (!(gen & GEN_QUIET) && !pos->v->piece[type].can_promote)
        mode &= (uint16_t)~XB_MODE_M;
    for (int k = 0; k < r->len; k++) {
        const XbStep *s = &steps[k];
        if (s->test != XB_NO_SQ) {
            bool occupied = pos->board[s->test] != EMPTY;
            if ((r->flags & XB_RAY_LAME) ? occupied : !occupied)
                return;
        }
        int to = s->sq;
        uint8_t code = pos->board[to];
        if (code == EMPTY) {
            if (mode & XB_MODE_M)
                add_move(pos, ml, type, from, to,
                         ep_maker && (k > 0 || s->test != XB_NO_SQ) ? MOVEF_EP_MAKER : 0, gen);
            if ((mode & XB_MODE_E) && (gen & GEN_NOISY) && is_ep_square(pos, to)) {
                push(ml, from, to, MOVE_EP, 0, 0);
                ml->m[ml->n - 1].victim[0] = pos->ep_victim;
            }
            continue;
        }
        if (can_take(pos, code, mode))
            add_move(pos, ml, type, from, to, 0, gen);
        return;
    }
}

static void gen_table(const Position *pos, MoveList *ml, int type, int from, const XbTable *t,
                      unsigned gen)
{
    int color = pos->side;
    const XbRay *r = xb_rays_begin(t, color, from), *end = xb_rays_end(t, color, from);
    for (; r < end; r++) {
        if (r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG | XB_RAY_INITIAL | XB_RAY_INITIAL2)) {
            if (r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG))
                continue;
            if ((r->flags & XB_RAY_INITIAL) && !sqset_has(&pos->virgin, from))
                continue;
            if ((r->flags & XB_RAY_INITIAL2) && !virgin2_ok(pos, type, from))
                continue;
        }
        const XbStep *steps = t->steps + r->first;
        if (r->mode & (XB_MODE_P | XB_MODE_G))
            gen_hopper_ray(pos, ml, type, from, r, steps, gen);
        else
            gen_ray(pos, ml, type, from, r, steps, gen);
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

static void gen_piece(const Position *pos, MoveList *ml, int from, unsigned gen)
{
    int type = code_type(pos->board[from]);
    const PieceType *pt = &pos->v->piece[type];
    int first = ml->n;
    gen_table(pos, ml, type, from, &pt->table, gen);
    if (pt->has_extra && sqset_has(&pt->extra_region[pos->side], from))
        gen_table(pos, ml, type, from, &pt->extra_table, gen);
    if (pt->confined)
        confine(pos, ml, first, type);
}

void gen_piece_moves(const Position *pos, MoveList *ml, int from)
{
    gen_piece(pos, ml, from, GEN_NOISY | GEN_QUIET);
}

/* ---- castling ---------------------------------------------------------- */

static bool path_clear(const Position *pos, int rank, int lo, int hi, int king, int partner)
{
    const Variant *v = pos->v;
    for (int f = lo; f <= hi; f++) {
        int sq = var_square(v, f, rank);
        if (sq != king && sq != partner && pos->board[sq] != EMPTY)
            return false;
    }
    return true;
}

static void gen_castling_with(const Position *pos, MoveList *ml, int king, int partner)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    int rank = var_rank(v, king), kf = var_file(v, king), pf = var_file(v, partner);
    bool short_side = pf > kf;
    int kt = short_side ? cs->king_to_short : cs->king_to_long;
    int rt = short_side ? cs->rook_to_short : cs->rook_to_long;
    int lo = kf, hi = kf;
    int ends[3] = { pf, kt, rt };
    for (int i = 0; i < 3; i++) {
        if (ends[i] < lo) lo = ends[i];
        if (ends[i] > hi) hi = ends[i];
    }
    if (!path_clear(pos, rank, lo, hi, king, partner))
        return;
    if (!cs->through_check) {
        int a = kf < kt ? kf : kt, b = kf < kt ? kt : kf;
        for (int f = a; f <= b; f++)
            if (royal_square_attacked(pos, var_square(v, f, rank), !pos->side))
                return;
    }
    push(ml, king, var_square(v, kt, rank), MOVE_CASTLE, 0, 0);
    ml->m[ml->n - 1].victim[0] = (uint8_t)partner;
    ml->m[ml->n - 1].victim[1] = (uint8_t)var_square(v, rt, rank);
}

static void gen_castling(const Position *pos, MoveList *ml)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    int color = pos->side;
    int rank = color == WHITE ? cs->rank : v->ranks - 1 - cs->rank;
    uint8_t king_code = piece_code(cs->king, color);
    for (int f = 0; f < v->files; f++) {
        int king = var_square(v, f, rank);
        if (pos->board[king] != king_code || !sqset_has(&pos->virgin, king))
            continue;
        for (int pf = 0; pf < v->files; pf++) {
            int partner = var_square(v, pf, rank);
            uint8_t pc = pos->board[partner];
            if (pf == f || !pc || code_color(pc) != color || !(cs->partners >> code_type(pc) & 1)
                || !sqset_has(&pos->virgin, partner))
                continue;
            gen_castling_with(pos, ml, king, partner);
        }
    }
}

/* ---- drops ------------------------------------------------------------- */

static bool file_full(const Position *pos, const PieceType *pt, int type, int file)
{
    const Variant *v = pos->v;
    int n = 0;
    uint8_t code = piece_code(type, pos->side);
    for (int r = 0; r < v->ranks; r++)
        if (pos->board[var_square(v, file, r)] == code)
            n++;
    return n >= pt->drop_no_doubled;
}

static void gen_drops(const Position *pos, MoveList *ml)
{
    const Variant *v = pos->v;
    int color = pos->side;
    int nsq = v->files * v->ranks;
    for (int t = 0; t < v->ntypes; t++) {
        if (!pos->hand[color][t])
            continue;
        const PieceType *pt = &v->piece[t];
        bool full[MAX_FILES] = { false };
        if (pt->drop_no_doubled)
            for (int f = 0; f < v->files; f++)
                full[f] = file_full(pos, pt, t, f);
        for (int sq = 0; sq < nsq; sq++) {
            if (pos->board[sq] != EMPTY || !sqset_has(&pt->drop_zone[color], sq))
                continue;
            if (full[var_file(v, sq)])
                continue;
            if (v->hand.only_where_mobile && sqset_has(&pt->immobile[color], sq))
                continue;
            push(ml, sq, sq, MOVE_DROP, t, 0);
        }
    }
}

/* ---- gating (seirawan) --------------------------------------------------- */

static void add_gated(MoveList *ml, Move m, int type, bool on_partner)
{
    m.flags = (uint8_t)((m.flags & ~(MOVEF_GATE_MASK | MOVEF_GATE_ON_PARTNER))
                        | ((type + 1) << 1) | (on_partner ? MOVEF_GATE_ON_PARTNER : 0));
    ml->m[ml->n++] = m;
}

/* Is `sq` empty once castling move m is made?  The king or the partner
 * may land back on the other's square (a rook next to the king, or the
 * king on the partner's destination). */
static bool empty_after_castling(Move m, int sq)
{
    return sq != m.to && sq != m.victim[1];
}

/* Every move of a virgin back-rank piece may also bring a piece from hand
 * onto the square it leaves; castling onto the king's or the partner's
 * square, when that is left empty. */
static void gen_gating(const Position *pos, MoveList *ml, int first)
{
    const Variant *v = pos->v;
    int color = pos->side, end = ml->n;
    int rank = color == WHITE ? v->castling.rank : v->ranks - 1 - v->castling.rank;
    for (int i = first; i < end; i++) {
        Move m = ml->m[i];
        if (!sqset_has(&pos->virgin, m.from) || var_rank(v, m.from) != rank)
            continue;
        bool castle = m.kind == MOVE_CASTLE;
        bool on_king = !castle || empty_after_castling(m, m.from);
        bool on_partner = castle && empty_after_castling(m, m.victim[0]);
        for (int t = 0; t < v->ntypes; t++) {
            if (!pos->hand[color][t])
                continue;
            if (on_king)
                add_gated(ml, m, t, false);
            if (on_partner)
                add_gated(ml, m, t, true);
        }
    }
}

/* ---- all moves --------------------------------------------------------- */

void gen_pseudo(const Position *pos, MoveList *ml)
{
    ml->n = 0;
    gen_staged(pos, ml, GEN_NOISY | GEN_QUIET);
}

void gen_staged(const Position *pos, MoveList *ml, unsigned gen)
{
    int color = pos->side, first = ml->n;
    for (int i = 0; i < pos->nlist[color]; i++)
        gen_piece(pos, ml, pos->list[color][i], gen);
    if ((gen & GEN_QUIET) && pos->v->castling.enabled)
        gen_castling(pos, ml);
    if (pos->v->hand.gating)
        gen_gating(pos, ml, first);
    if ((gen & GEN_QUIET) && pos->v->has_drops)
        gen_drops(pos, ml);
}

/* ---- attacks ----------------------------------------------------------- */

/* Can the piece of `type`/`color` on `from` capture on `target` via table t? */
static bool table_attacks(const Position *pos, const XbTable *t, int color, int from, int target)
{
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
            if (s->test != XB_NO_SQ) {
                bool occupied = pos->board[s->test] != EMPTY;
                if ((r->flags & XB_RAY_LAME) ? occupied : !occupied)
                    break;
            }
            if (s->sq == target)
                return !hopper || hopped;
            if (pos->board[s->sq] != EMPTY) {
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

bool piece_attacks(const Position *pos, int from, int target)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[from];
    int type = code_type(code), by = code_color(code);
    if (!sqset_has(&v->reach[(type * 2 + by) * (v->files * v->ranks) + from], target))
        return false;
    const PieceType *pt = &v->piece[type];
    if (pt->confined && !sqset_has(&pt->allowed[by], target))
        return false;   /* it may never go there, so it cannot capture there */
    return table_attacks(pos, &pt->table, by, from, target)
        || (pt->has_extra && sqset_has(&pt->extra_region[by], from)
            && table_attacks(pos, &pt->extra_table, by, from, target));
}

bool square_attacked(const Position *pos, int sq, int by)
{
    for (int i = 0; i < pos->nlist[by]; i++)
        if (piece_attacks(pos, pos->list[by][i], sq))
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

bool royal_square_attacked(const Position *pos, int sq, int by)
{
    if (pos->v->rules.explosions && shielded_by_explosion(pos, sq, by))
        return false;
    return square_attacked(pos, sq, by);
}

bool in_check(const Position *pos, int color)
{
    const Variant *v = pos->v;
    if (!v->royal_types)
        return false;
    int attacked = 0, royals = 0;
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i];
        uint8_t code = pos->board[sq];
        /* (empty only while position_illegal hides a gated piece) */
        if (code == EMPTY || !(v->royal_types >> code_type(code) & 1))
            continue;
        royals++;
        if (royal_square_attacked(pos, sq, !color)) {
            if (!v->rules.royal_spare)
                return true;
            attacked++;
        }
    }
    return royals && attacked == royals;
}

/* Two royal pieces on one file with nothing between (xiangqi's flying general). */
static bool royals_face(const Position *pos)
{
    const Variant *v = pos->v;
    int sq[2] = { -1, -1 };
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->nlist[c]; i++)
            if (v->royal_types >> code_type(pos->board[pos->list[c][i]]) & 1)
                sq[c] = pos->list[c][i];
    if (sq[0] < 0 || sq[1] < 0 || var_file(v, sq[0]) != var_file(v, sq[1]))
        return false;
    int lo = sq[0] < sq[1] ? sq[0] : sq[1], hi = sq[0] ^ sq[1] ^ lo;
    for (int s = lo + v->files; s < hi; s += v->files)
        if (pos->board[s] != EMPTY)
            return false;
    return true;
}

bool position_illegal(Position *pos)
{
    const Variant *v = pos->v;
    if (pos->ply > 0 && move_gate(pos->undo[pos->ply - 1].move) >= 0) {
        Move last = pos->undo[pos->ply - 1].move;
        /* a piece gated in does not shield the king: the move must be legal
           without it (as Fairy-Stockfish and Sjaak II play S-chess) */
        int sq = move_gate_square(last);
        uint8_t code = pos->board[sq];
        pos->board[sq] = EMPTY;
        bool illegal = in_check(pos, !pos->side);
        pos->board[sq] = code;
        if (illegal)
            return true;
    }
    if (v->rules.explosions && v->royal_types) {
        int mover = !pos->side;
        if (position_royals_at_start(v, mover) && !position_royals(pos, mover))
            return true;    /* it blew up its own royal */
        if (position_royals_at_start(v, pos->side) && !position_royals(pos, pos->side))
            return false;   /* it blew up the other's: that wins at once */
    }
    if (v->rules.facing_royals_illegal && royals_face(pos))
        return true;
    return in_check(pos, !pos->side);
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
    if (!in_check(pos, pos->side))
        return false;
    MoveList *replies = malloc(sizeof *replies);
    if (!replies)
        return false;
    movegen_legal(pos, replies);
    bool mate = replies->n == 0;
    free(replies);
    return mate;
}

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
    /* royals facing each other: the file between them */
    if (v->rules.facing_royals_illegal)
        for (int i = 0; i < pos->nlist[them]; i++) {
            int sq = pos->list[them][i];
            if (!(v->royal_types >> code_type(pos->board[sq]) & 1)
                || var_file(v, sq) != var_file(v, king))
                continue;
            int lo = sq < king ? sq : king, hi = sq ^ king ^ lo;
            for (int s = lo + v->files; s < hi; s += v->files)
                sqset_add(set, s);
        }
}

/* The single royal of the side to move, or -1 when legality needs the full
 * test (several royals, none, or in check). */
static int lone_royal_not_in_check(const Position *pos)
{
    const Variant *v = pos->v;
    int royal = -1;
    for (int t = 0; t < v->ntypes; t++)
        if ((v->royal_types >> t & 1) && pos->count[pos->side][t]) {
            if (royal >= 0 || pos->count[pos->side][t] > 1)
                return -1;
            royal = t;
        }
    if (royal < 0)
        return -1;
    uint8_t code = piece_code(royal, pos->side);
    for (int i = 0; i < pos->nlist[pos->side]; i++) {
        int sq = pos->list[pos->side][i];
        if (pos->board[sq] == code)
            return square_attacked(pos, sq, !pos->side) ? -1 : sq;
    }
    return -1;
}

int royal_exposure(const Position *pos, int color, SquareSet *set)
{
    const Variant *v = pos->v;
    if (!v->royal_types)
        return -1;
    int royal = -1;
    for (int t = 0; t < v->ntypes; t++)
        if ((v->royal_types >> t & 1) && pos->count[color][t]) {
            if (royal >= 0 || pos->count[color][t] > 1)
                return -1;
            royal = t;
        }
    if (royal < 0)
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

/* Can move m be accepted without making it? */
static inline bool surely_legal(const SquareSet *sensitive, int king, Move m)
{
    if (m.kind == MOVE_CASTLE || m.from == king)
        return false;
    if (m.kind == MOVE_EP && sqset_has(sensitive, m.victim[0]))
        return false;
    return !sqset_has(sensitive, m.to) && (m.kind == MOVE_DROP || !sqset_has(sensitive, m.from));
}

void movegen_legal(Position *pos, MoveList *ml)
{
    const Variant *v = pos->v;
    gen_pseudo(pos, ml);
    /* A side without royals (giveaway, horde's White) has no self-check to test. */
    bool has_royal = false;
    for (int t = 0; t < v->ntypes && !has_royal; t++)
        has_royal = (v->royal_types >> t & 1) && pos->count[pos->side][t];
    bool needs_test = has_royal || v->rules.facing_royals_illegal;
    /* explosions reach beyond the lines the shortcut looks at */
    int king = needs_test && !v->rules.explosions ? lone_royal_not_in_check(pos) : -1;
    SquareSet sensitive;
    if (king >= 0)
        sensitive_squares(pos, king, !pos->side, &sensitive);
    int w = 0;
    bool any_capture = false;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        bool capture = v->rules.must_capture && is_capture(pos, m);
        bool drop_check = m.kind == MOVE_DROP && v->piece[m.piece].drop_no_mate;
        bool ok = true;
        if (drop_check || (needs_test && !(king >= 0 && surely_legal(&sensitive, king, m)))) {
            position_make(pos, m);
            ok = !position_illegal(pos);
            if (ok && drop_check)
                ok = !movegen_drop_mates(pos);
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

int movegen_init_variant(Variant *v)
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
    }
    return 0;
}

/* ---- the most moves one position can have ------------------------------
 *
 * Every move list has room for MAX_MOVES moves and the generator never
 * checks (it is the hot path), so the loader refuses a variant in which
 * some position could have more.  The bound has to be safe for every
 * position, yet not so loose that large legitimate variants are refused:
 * adding up a queen's moves on an empty 16x16 board from every square
 * gives 12640, where this bound gives 1860.
 *
 * The key is that a straight ray only ever yields a move to `t` for the
 * piece standing on the FIRST occupied square behind `t` along the ray's
 * step (a slider or leaper), or on the second (a hopper: the first is its
 * hurdle).  So for each step vector and kind (slide or hop) and each target
 * square, one piece of the side to move at most makes moves: as many as its
 * rays with that step times the promotion choices there.  Summing over
 * step vectors and targets bounds all ray moves whatever stands where.
 * Rays that are not straight lines (cylinder wraps, 'j' skips) are counted
 * the crude way, from their origin.  Castling, drops and gated copies are
 * added crudely too.  Multi-leg moves are not generated yet (the loader
 * refuses them); when they are, they must be counted here. */

/* Moves one step of a ray can yield: add_move's promotion choices plus the
 * plain move, and an e.p. capture besides. */
static int step_moves(const PieceType *pt, int color, int from, int to, uint16_t mode)
{
    int n = 1;
    if (pt->can_promote && promotion_applies(pt, color, from, to)) {
        uint32_t targets = pt->promo_to;
        if (pt->promoted != NO_TYPE)
            targets |= 1u << pt->promoted;
        for (; targets; targets &= targets - 1)
            n++;
    }
    return n + ((mode & XB_MODE_E) != 0);
}

/* A ray the generator walks (castling and multi-leg rays it does not). */
static bool generated_ray(const XbRay *r)
{
    return !(r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG));
}

enum { STEP_SPAN = 2 * MAX_FILES - 1, STEP_KEYS = STEP_SPAN * STEP_SPAN * 2 };
enum { CROOKED = -1, NOT_WALKED = -2 };

/* What the bound is summed from, for one colour. */
typedef struct {
    const Variant *v;
    int color, nsq, nslots;
    uint8_t file[MAX_SQUARES], rank[MAX_SQUARES];
    int *slot;             /* [STEP_KEYS]: row of `most` for a straight key, or -1 */
    uint16_t *most;        /* [slot][target]: most moves one piece makes there */
    uint16_t *dup;         /* [slot]: rays of the piece at hand with that key */
    int *ray_slot;         /* [ray of the piece at hand]: its slot, CROOKED or NOT_WALKED */
    long *from_moves;      /* [square]: most moves of any one piece from there */
    long *crooked;         /* [square]: most moves of one piece along crooked rays */
} MoveBound;

/* The key of a straight ray (step vector, slide or hop), or CROOKED when
 * its squares are not from + k * step for k = 1, 2, ... */
static int ray_key(const MoveBound *b, const XbTable *t, const XbRay *r, int from)
{
    const XbStep *steps = t->steps + r->first;
    int x = b->file[from], y = b->rank[from];
    int dx = b->file[steps[0].sq] - x, dy = b->rank[steps[0].sq] - y;
    for (int k = 1; k < r->len; k++)
        if (b->file[steps[k].sq] != x + (k + 1) * dx || b->rank[steps[k].sq] != y + (k + 1) * dy)
            return CROOKED;
    bool hop = r->mode & (XB_MODE_P | XB_MODE_G);
    return ((dy + MAX_FILES - 1) * STEP_SPAN + dx + MAX_FILES - 1) * 2 + hop;
}

/* The compiled tables of a piece type: 1 or 2 (region-dependent extras). */
static int piece_tables(const PieceType *pt, const XbTable *tables[2])
{
    tables[0] = &pt->table;
    tables[1] = &pt->extra_table;
    return pt->has_extra ? 2 : 1;
}

/* Rays of the piece on `from` in both its tables, one after the other. */
static int rays_on(const PieceType *pt, int color, int from, const XbTable *tables[2],
                   const XbRay *begin[2], const XbRay *end[2])
{
    int n = piece_tables(pt, tables);
    for (int i = 0; i < n; i++) {
        begin[i] = xb_rays_begin(tables[i], color, from);
        end[i] = xb_rays_end(tables[i], color, from);
    }
    return n;
}

/* Find the slot of each ray of the piece on `from` (b->ray_slot), and how
 * many of its rays share each slot (b->dup): rays with one key (written
 * twice, or once in each table) may each make the same move. */
static void slot_rays(MoveBound *b, const PieceType *pt, int from)
{
    const XbTable *tables[2];
    const XbRay *begin[2], *end[2];
    int j = 0;
    for (int i = 0, n = rays_on(pt, b->color, from, tables, begin, end); i < n; i++)
        for (const XbRay *r = begin[i]; r < end[i]; r++, j++) {
            int key = generated_ray(r) ? ray_key(b, tables[i], r, from) : NOT_WALKED;
            b->ray_slot[j] = key < 0 ? key : b->slot[key];
            if (key >= 0)
                b->dup[b->ray_slot[j]]++;
        }
}

/* The piece of type pt standing on `from`: its moves, into the bound. */
static void bound_piece_on(MoveBound *b, const PieceType *pt, int from)
{
    slot_rays(b, pt, from);
    long all = 0, crooked = 0;
    const XbTable *tables[2];
    const XbRay *begin[2], *end[2];
    int j = 0;
    for (int i = 0, n = rays_on(pt, b->color, from, tables, begin, end); i < n; i++)
        for (const XbRay *r = begin[i]; r < end[i]; r++, j++) {
            int slot = b->ray_slot[j];
            if (slot == NOT_WALKED)
                continue;
            const XbStep *steps = tables[i]->steps + r->first;
            for (int k = 0; k < r->len; k++) {
                int moves = step_moves(pt, b->color, from, steps[k].sq, r->mode);
                all += moves;
                if (slot == CROOKED) {
                    crooked += moves;
                    continue;
                }
                uint16_t *cell = &b->most[slot * b->nsq + steps[k].sq];
                if (*cell < b->dup[slot] * moves)
                    *cell = (uint16_t)(b->dup[slot] * moves);
            }
        }
    while (j-- > 0)
        if (b->ray_slot[j] >= 0)
            b->dup[b->ray_slot[j]] = 0;
    if (b->from_moves[from] < all)
        b->from_moves[from] = all;
    if (b->crooked[from] < crooked)
        b->crooked[from] = crooked;
}

/* The most pseudo-legal moves the side `b->color` can have. */
static long bound_for_color(MoveBound *b)
{
    const Variant *v = b->v;
    memset(b->most, 0, (size_t)b->nslots * b->nsq * sizeof *b->most);
    memset(b->from_moves, 0, (size_t)b->nsq * sizeof *b->from_moves);
    memset(b->crooked, 0, (size_t)b->nsq * sizeof *b->crooked);
    for (int t = 0; t < v->ntypes; t++)
        for (int from = 0; from < b->nsq; from++)
            if (!v->geom.hole[from])
                bound_piece_on(b, &v->piece[t], from);
    long moves = 0;
    for (long i = 0; i < (long)b->nslots * b->nsq; i++)
        moves += b->most[i];
    for (int sq = 0; sq < b->nsq; sq++)
        moves += b->crooked[sq];
    /* castling: one move per king and partner on the castling rank */
    long castles = v->castling.enabled ? (long)v->files * (v->files - 1) : 0;
    moves += castles;
    /* drops: any type may be in hand (a FEN can put it there) */
    if (v->has_drops)
        for (int t = 0; t < v->ntypes; t++)
            for (int sq = 0; sq < b->nsq; sq++)
                moves += sqset_has(&v->piece[t].drop_zone[b->color], sq) && !v->geom.hole[sq];
    /* gating: a copy of every move from the gating rank per type in hand,
       two per castling move (the king's or the partner's square) */
    if (v->hand.gating) {
        int rank = b->color == WHITE ? v->castling.rank : v->ranks - 1 - v->castling.rank;
        long from_rank = 2 * castles;
        for (int f = 0; f < v->files; f++)
            from_rank += b->from_moves[var_square(v, f, rank)];
        moves += from_rank * v->ntypes;
    }
    return moves;
}

/* Give every straight key of some ray a row of `most`; returns how many,
 * and the most rays one piece has on one square in *max_rays. */
static int assign_slots(MoveBound *b, int *max_rays)
{
    const Variant *v = b->v;
    int n = 0;
    *max_rays = 0;
    for (int key = 0; key < STEP_KEYS; key++)
        b->slot[key] = -1;
    for (int type = 0; type < v->ntypes; type++)
        for (int c = 0; c < 2; c++)
            for (int from = 0; from < b->nsq; from++) {
                const XbTable *tables[2];
                const XbRay *begin[2], *end[2];
                int rays = 0;
                for (int i = 0, nt = rays_on(&v->piece[type], c, from, tables, begin, end); i < nt; i++)
                    for (const XbRay *r = begin[i]; r < end[i]; r++, rays++) {
                        int key = generated_ray(r) ? ray_key(b, tables[i], r, from) : NOT_WALKED;
                        if (key >= 0 && b->slot[key] < 0)
                            b->slot[key] = n++;
                    }
                if (rays > *max_rays)
                    *max_rays = rays;
            }
    return n;
}

long movegen_move_bound(const Variant *v)
{
    MoveBound *b = calloc(1, sizeof *b);
    if (!b)
        return -1;
    b->v = v;
    b->nsq = v->files * v->ranks;
    for (int sq = 0; sq < b->nsq; sq++) {
        b->file[sq] = (uint8_t)var_file(v, sq);
        b->rank[sq] = (uint8_t)var_rank(v, sq);
    }
    int max_rays = 0;
    b->slot = malloc(STEP_KEYS * sizeof *b->slot);
    if (b->slot)
        b->nslots = assign_slots(b, &max_rays);
    b->most = malloc(((size_t)b->nslots * b->nsq + 1) * sizeof *b->most);
    b->dup = calloc((size_t)b->nslots + 1, sizeof *b->dup);
    b->ray_slot = malloc(((size_t)max_rays + 1) * sizeof *b->ray_slot);
    b->from_moves = malloc((size_t)b->nsq * sizeof *b->from_moves);
    b->crooked = malloc((size_t)b->nsq * sizeof *b->crooked);
    long bound = -1;
    if (b->slot && b->most && b->dup && b->ray_slot && b->from_moves && b->crooked)
        for (b->color = 0; b->color < 2; b->color++) {
            long n = bound_for_color(b);
            if (n > bound)
                bound = n;
        }
    free(b->slot);
    free(b->most);
    free(b->dup);
    free(b->ray_slot);
    free(b->from_moves);
    free(b->crooked);
    free(b);
    return bound;
}
