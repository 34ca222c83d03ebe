/*
 * position.c — make/unmake for every kind of move (normal, promotion,
 * e.p., castling, drop, null), piece lists, hands and the incremental
 * Zobrist hash.  Hot path: no allocation, no string work.
 */
#include <ctype.h>
#include <string.h>
#include "board/attack.h"
#include "board/position.h"
#include "board/movegen.h"
#include "board/nnue.h"
#include "board/turn.h"
#include "board/zobrist.h"

/* ---- board primitives (keep lists, counts and hash in step) ------------ */

static inline void add_piece(Position *pos, int sq, uint8_t code, uint8_t mark)
{
    int c = code_color(code);
    pos->board[sq] = code;
    pos->mark[sq] = mark;
    pos->list_index[sq] = (uint8_t)pos->nlist[c];
    pos->list[c][pos->nlist[c]++] = (uint8_t)sq;
    pos->count[c][code_type(code)]++;
    pos->hash ^= zobrist->piece[code][sq];
    if (mark)
        pos->hash ^= zobrist->mark[sq];
    if (pos->nnue)
        nnue_note_piece(pos->nnue, code, sq, 1);
}

/* A piece changes type where it stands (promotion): unlike remove_piece
 * and add_piece, its place in the piece list stays, so a generator walking
 * the list may make and unmake a promotion (promotion.in-place). */
static inline void replace_piece(Position *pos, int sq, uint8_t code, uint8_t mark)
{
    uint8_t old = pos->board[sq];
    int c = code_color(old);
    pos->count[c][code_type(old)]--;
    pos->count[c][code_type(code)]++;
    pos->hash ^= zobrist->piece[old][sq] ^ zobrist->piece[code][sq];
    if (pos->mark[sq])
        pos->hash ^= zobrist->mark[sq];
    if (mark)
        pos->hash ^= zobrist->mark[sq];
    pos->board[sq] = code;
    pos->mark[sq] = mark;
    if (pos->nnue) {
        nnue_note_piece(pos->nnue, old, sq, -1);
        nnue_note_piece(pos->nnue, code, sq, 1);
    }
}

static inline void remove_piece(Position *pos, int sq)
{
    uint8_t code = pos->board[sq];
    int c = code_color(code);
    int idx = pos->list_index[sq];
    int last = pos->list[c][--pos->nlist[c]];
    pos->list[c][idx] = (uint8_t)last;
    pos->list_index[last] = (uint8_t)idx;
    pos->count[c][code_type(code)]--;
    pos->hash ^= zobrist->piece[code][sq];
    if (pos->mark[sq])
        pos->hash ^= zobrist->mark[sq];
    pos->board[sq] = EMPTY;
    pos->mark[sq] = 0;
    if (pos->nnue)
        nnue_note_piece(pos->nnue, code, sq, -1);
}

static inline void move_piece(Position *pos, int from, int to)
{
    uint8_t code = pos->board[from];
    uint8_t mark = pos->mark[from];
    int c = code_color(code);
    int idx = pos->list_index[from];
    pos->list[c][idx] = (uint8_t)to;
    pos->list_index[to] = (uint8_t)idx;
    pos->board[to] = code;
    pos->mark[to] = mark;
    pos->board[from] = EMPTY;
    pos->mark[from] = 0;
    pos->hash ^= zobrist->piece[code][from] ^ zobrist->piece[code][to];
    if (mark)
        pos->hash ^= zobrist->mark[from] ^ zobrist->mark[to];
    if (pos->nnue) {
        nnue_note_piece(pos->nnue, code, from, -1);
        nnue_note_piece(pos->nnue, code, to, 1);
    }
}

static inline void hand_add(Position *pos, int color, int type, int delta)
{
    if (pos->nnue)
        nnue_note_hand(pos->nnue, color, type, pos->hand[color][type], delta);
    pos->hash ^= zobrist_hand(color, type, pos->hand[color][type]);
    pos->hand[color][type] += delta;
    pos->hash ^= zobrist_hand(color, type, pos->hand[color][type]);
}

static inline void clear_virgin(Position *pos, int sq)
{
    if (sqset_has(&pos->virgin, sq)) {
        pos->virgin.w[sq >> 6] &= ~((uint64_t)1 << (sq & 63));
        pos->hash ^= zobrist->virgin[sq];
    }
}

static inline void set_virgin(Position *pos, int sq)
{
    if (!sqset_has(&pos->virgin, sq)) {
        sqset_add(&pos->virgin, sq);
        pos->hash ^= zobrist->virgin[sq];
    }
}

/* castling.dropped-pieces: a castling king dropped on one of its files of
 * the castling rank may castle with the partners standing on theirs, and a
 * partner dropped on one of its files with the king standing on his (as
 * Fairy-Stockfish 11.1 gives the rights, whatever those pieces did before). */
static void give_dropped_rights(Position *pos, int sq, int t)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    int color = code_color(pos->board[sq]);
    int rank = color == WHITE ? cs->rank : v->ranks - 1 - cs->rank;
    bool king = t == cs->king, partner = cs->partners >> t & 1;
    uint32_t own = (king ? cs->dropped_king_files : 0)
                 | (partner ? cs->dropped_partner_files : 0);
    if (var_rank(v, sq) != rank || !(own >> var_file(v, sq) & 1))
        return;
    set_virgin(pos, sq);
    for (int f = 0; f < v->files; f++) {
        int other = var_square(v, f, rank);
        uint8_t c = pos->board[other];
        if (other == sq || !c || c == HOLE || code_color(c) != color)
            continue;
        int ot = code_type(c);
        if ((king && (cs->partners >> ot & 1) && (cs->dropped_partner_files >> f & 1))
            || (partner && ot == cs->king && (cs->dropped_king_files >> f & 1)))
            set_virgin(pos, other);
    }
}

/* A piece dropped where the same piece stood at the start may use its
 * initial moves, as XBoard judges virginity (a pawn dropped on its own
 * second rank may double-step).  Castling rights are never given back,
 * but castling.dropped-pieces gives them to pieces dropped on its files
 * (placement chess). */
static void mark_dropped_virgin(Position *pos, int sq)
{
    const Variant *v = pos->v;
    int t = code_type(pos->board[sq]);
    if (v->castling.enabled && (t == v->castling.king || (v->castling.partners >> t & 1))) {
        if (v->castling.dropped_king_files)
            give_dropped_rights(pos, sq, t);
        return;
    }
    if (v->start_board[sq] == pos->board[sq] && v->piece[t].has_initial)
        set_virgin(pos, sq);
}

/* The type a captured piece goes to hand as. */
static int hand_type_of(const Variant *v, uint8_t code, uint8_t mark)
{
    int t = code_type(code);
    if (!v->hand.revert_promoted)
        return t;
    if (mark)
        return v->piece[t].demotes_to != NO_TYPE ? v->piece[t].demotes_to : v->mark_demotes_to;
    if (v->piece[t].demotes_to != NO_TYPE)
        return v->piece[t].demotes_to;
    return t;
}

/* Take the piece on sq off the board, to hand per the variant; what was
 * taken and the hand slot it went to (-1: none) are recorded for unmake. */
static void take_piece(Position *pos, int sq, uint8_t *code_out, uint8_t *mark_out,
                       int8_t *hand_type, uint8_t *hand_color)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[sq];
    uint8_t mark = pos->mark[sq];
    *code_out = code;
    *mark_out = mark;
    *hand_type = -1;
    remove_piece(pos, sq);
    if (v->hand.captures == CAPTURES_DISCARD)
        return;
    int owner = v->hand.captures == CAPTURES_TO_CAPTOR ? pos->side : code_color(code);
    int t = hand_type_of(v, code, mark);
    if (t == NO_TYPE)
        return;
    *hand_type = (int8_t)t;
    *hand_color = (uint8_t)owner;
    hand_add(pos, owner, t, 1);
}

/* Capture the piece on sq (on the move's target or e.p.). */
static void capture_piece(Position *pos, Undo *u, int sq)
{
    take_piece(pos, sq, &u->captured, &u->captured_mark, &u->hand_type, &u->hand_color);
}

/* A multi-leg move with locust victims (the rest of a normal move: the
 * mover's code and mark are in the undo, a promotion is in m.piece).  The
 * victims go first, for a later leg may end where one stood; igui and
 * rifle captures end where they started. */
static void make_locust(Position *pos, Undo *u, Move m)
{
    for (int i = 0; i < m.nvictims; i++) {
        u->locust_code[i] = 0;
        if (pos->board[m.victim[i]] != EMPTY)
            take_piece(pos, m.victim[i], &u->locust_code[i], &u->locust_mark[i],
                       &u->locust_hand[i], &u->locust_hand_color[i]);
        clear_virgin(pos, m.victim[i]);
    }
    pos->halfmove = 0;
    if (m.to != m.from) {
        if (pos->board[m.to])
            capture_piece(pos, u, m.to);
        move_piece(pos, m.from, m.to);
    }
    if (m.piece) {
        uint8_t mark = pos->v->hand.enabled && pos->v->piece[m.piece - 1].demotes_to == NO_TYPE
                       && pos->v->piece[code_type(u->moved_code)].demotes_to != m.piece - 1;
        remove_piece(pos, m.to);
        add_piece(pos, m.to, piece_code(m.piece - 1, pos->side), mark);
    }
    clear_virgin(pos, m.from);
    clear_virgin(pos, m.to);
}

/* Undo make_locust (a promotion was already taken back). */
static void unmake_locust(Position *pos, const Undo *u, Move m)
{
    if (m.to != m.from)
        move_piece(pos, m.to, m.from);
    pos->mark[m.from] = u->moved_mark;
    if (u->captured) {
        if (u->hand_type >= 0)
            hand_add(pos, u->hand_color, u->hand_type, -1);
        add_piece(pos, m.to, u->captured, u->captured_mark);
    }
    for (int i = m.nvictims - 1; i >= 0; i--) {
        if (!u->locust_code[i])
            continue;
        if (u->locust_hand[i] >= 0)
            hand_add(pos, u->locust_hand_color[i], u->locust_hand[i], -1);
        add_piece(pos, m.victim[i], u->locust_code[i], u->locust_mark[i]);
    }
}

/* An initial multi-square non-capture leaves e.p. rights on the squares
 * it passed (straight-line interpolation covers D, A, W2, W3, nA ...). */
static void set_ep_rights(Position *pos, int from, int to)
{
    const Variant *v = pos->v;
    int fx = var_file(v, from), fy = var_rank(v, from);
    int dx = var_file(v, to) - fx, dy = var_rank(v, to) - fy;
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int g = ax > ay ? ax : ay;
    if ((ax && ay && ax != ay) || g < 2)
        return;
    int sx = dx / g, sy = dy / g;
    pos->ep_count = 0;
    for (int i = 1; i < g && pos->ep_count < 2; i++) {
        int sq = var_square(v, fx + i * sx, fy + i * sy);
        if (!sqset_has(&v->rules.ep_region[pos->side], sq))
            continue;
        pos->ep[pos->ep_count++] = (uint8_t)sq;
        pos->hash ^= zobrist->ep[sq];
    }
    pos->ep_victim = (uint8_t)to;
    pos->ep_passed_first = false;
}

/* Take the piece on sq off the board as an explosion or a burn does,
 * noting it in u's boom list for unmake.  Where captures go to hand, it
 * goes to its owner's opponent's hand (with to-owner back to its owner),
 * as a captured piece would. */
static void blow_off(Position *pos, Undo *u, int sq)
{
    const Variant *v = pos->v;
    uint8_t code = pos->board[sq];
    int k = u->nboom++;
    u->boom_sq[k] = (uint8_t)sq;
    u->boom_code[k] = code;
    u->boom_mark[k] = pos->mark[sq];
    u->boom_hand[k] = -1;
    remove_piece(pos, sq);
    clear_virgin(pos, sq);
    if (v->hand.captures == CAPTURES_DISCARD)
        return;
    int owner = v->hand.captures == CAPTURES_TO_CAPTOR ? !code_color(code) : code_color(code);
    int t = hand_type_of(v, code, u->boom_mark[k]);
    if (t == NO_TYPE)
        return;
    u->boom_hand[k] = (int8_t)t;
    u->boom_hand_color[k] = (uint8_t)owner;
    hand_add(pos, owner, t, 1);
}

/* Atomic captures: the capturing piece and every piece around the capture
 * square go, except the types the explosion spares: Fairy-Stockfish's
 * atomic and atomiczh (the mover's own pieces, the capturer too, go to the
 * other player's hand). */
static void explode(Position *pos, Undo *u, int center)
{
    const Variant *v = pos->v;
    int cf = var_file(v, center), cr = var_rank(v, center);
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int f = cf + df, r = cr + dr;
            if (f < 0 || f >= v->files || r < 0 || r >= v->ranks)
                continue;
            int sq = var_square(v, f, r);
            uint8_t code = pos->board[sq];
            if (code == EMPTY || code == HOLE
                || (sq != center && (v->rules.explosion_spares >> code_type(code) & 1)))
                continue;
            blow_off(pos, u, sq);
        }
}

/* The squares next to sq on the board (holes included), into out[8]. */
static int neighbours(const Variant *v, int sq, int out[8])
{
    int cf = var_file(v, sq), cr = var_rank(v, sq), n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int f = cf + df, r = cr + dr;
            if ((df || dr) && f >= 0 && f < v->files && r >= 0 && r < v->ranks)
                out[n++] = var_square(v, f, r);
        }
    return n;
}

/* Burning (tenjiku's fire demon), as HaChu does it: a piece that ends its
 * move next to an enemy piece that burns always is burned itself, after
 * its move (what it took stays taken), and burns nothing; else a piece
 * that burns burns every enemy piece next to where it ends.  What the
 * mover is, is judged before a promotion (a water buffalo promoting to a
 * fire demon burns nothing with that move).  Burning resets the move
 * rule. */
static void burn(Position *pos, Undo *u, Move m)
{
    const Variant *v = pos->v;
    int us = u->mover, to = m.to, around[8], n = neighbours(v, to, around);
    uint8_t before = m.kind == MOVE_NORMAL && m.piece ? u->moved_code : pos->board[to];
    int burned = u->nboom;
    for (int i = 0; i < n && v->passive_burners; i++) {
        uint8_t code = pos->board[around[i]];
        if (code != EMPTY && code != HOLE && code_color(code) != us
            && (v->passive_burners >> code_type(code) & 1)) {
            blow_off(pos, u, to);
            pos->halfmove = 0;
            return;
        }
    }
    if (before == EMPTY || !(v->burners >> code_type(before) & 1))
        return;
    for (int i = 0; i < n; i++) {
        uint8_t code = pos->board[around[i]];
        if (code != EMPTY && code != HOLE && code_color(code) != us
            && v->piece[code_type(code)].capturable)
            blow_off(pos, u, around[i]);
    }
    if (u->nboom > burned)
        pos->halfmove = 0;
}

static void make_castle(Position *pos, Move m)
{
    int king = m.from, partner = m.victim[0];
    uint8_t kc = pos->board[king], pc = pos->board[partner];
    uint8_t km = pos->mark[king], pm = pos->mark[partner];   /* '~' stays on */
    remove_piece(pos, king);
    remove_piece(pos, partner);
    add_piece(pos, m.to, kc, km);
    add_piece(pos, m.victim[1], pc, pm);
    clear_virgin(pos, king);
    clear_virgin(pos, partner);
}

/* Turns of several moves: the moves left in the turn, counted down, or
 * the next turn's when this one ended (pos->side not changed yet).  E.p.
 * rights outlive only a double step that ended its turn. */
static void next_in_turn(Position *pos, bool ended)
{
    pos->hash ^= zobrist_turn(pos->turn_left);
    pos->turn_left = ended ? turn_length(pos->v, !pos->side, pos->fullmove) : pos->turn_left - 1;
    pos->hash ^= zobrist_turn(pos->turn_left);
    if (ended)
        return;
    for (int i = 0; i < pos->ep_count; i++)
        pos->hash ^= zobrist->ep[pos->ep[i]];
    pos->ep_count = 0;
}

/* rules.counting: the limit (in moves) of a count for `color`, the side
 * to count, in this position; 0 when none may run. */
static int counting_limit(const Position *pos, int color)
{
    const Counting *k = &pos->v->rules.counting;
    for (TypeMask t = k->not_while; t; t &= t - 1) {
        int ty = __builtin_ctzll(t);
        if (pos->count[0][ty] + pos->count[1][ty])
            return 0;
    }
    if (pos->nlist[!color] <= 1)
        return 0;                     /* nothing to count against a bare royal */
    if (pos->nlist[color] > 1)
        return k->board;              /* board's honour */
    for (int i = 0; i < k->nrows; i++) {   /* pieces' honour */
        const CountRow *row = &k->rows[i];
        bool has = true;
        for (TypeMask t = row->types; t && has; t &= t - 1) {
            int ty = __builtin_ctzll(t);
            has = pos->count[!color][ty] >= row->need[ty];
        }
        if (has)
            return row->moves;
    }
    return 0;
}

/* After a move (the side to move switched): a count starts where none
 * runs, and starts again when a capture has bared the counted side. */
static void counting_after_move(Position *pos, bool captured)
{
    int color = pos->side;
    if (pos->count_limit && !(captured && pos->nlist[color] == 1))
        return;
    int limit = counting_limit(pos, color);
    if (!limit)
        return;
    pos->count_limit = 2 * limit;
    pos->count_ply = pos->v->rules.counting.style == COUNTING_MAKRUK && pos->nlist[color] == 1
                   ? 2 * (pos->nlist[0] + pos->nlist[1]) : 0;
}

void position_make(Position *pos, Move m)
{
    const Variant *v = pos->v;
    Undo *u = &pos->undo[pos->ply++];
    int us = pos->side;

    u->move = m;
    u->captured = 0;
    u->captured_mark = 0;
    u->hand_type = -1;
    u->ep_count = (uint8_t)pos->ep_count;
    u->ep[0] = pos->ep[0];
    u->ep[1] = pos->ep[1];
    u->ep_victim = pos->ep_victim;
    u->ep_passed_first = pos->ep_passed_first;
    u->checks[0] = (uint8_t)pos->checks[0];
    u->checks[1] = (uint8_t)pos->checks[1];
    u->shak = pos->shak;
    u->halfmove = pos->halfmove;
    u->rep_plies = pos->rep_plies;
    u->count_limit = pos->count_limit;
    u->count_ply = pos->count_ply;
    bool sideways = false;
    u->hash = pos->hash;
    u->virgin = pos->virgin;
    u->nboom = 0;
    u->mover = (uint8_t)us;
    u->turn_left = pos->turn_left;
    if (pos->nnue)      /* the network's accumulators: the primitives note what changes */
        nnue_begin_move(pos->nnue, pos->ply, pos->hash);
    u->royals_faced = v->rules.facing_royals_bikjang && attack_royals_face(pos);

    for (int i = 0; i < pos->ep_count; i++)
        pos->hash ^= zobrist->ep[pos->ep[i]];
    pos->ep_count = 0;
    pos->halfmove++;

    switch (m.kind) {
    case MOVE_DROP:
        hand_add(pos, us, m.piece, -1);
        add_piece(pos, m.to, piece_code(move_drop_promoted(m) ? v->piece[m.piece].promoted
                                                              : m.piece, us), 0);
        mark_dropped_virgin(pos, m.to);
        break;
    case MOVE_CASTLE:
        make_castle(pos, m);
        break;
    case MOVE_PICKUP: {
        uint8_t code = pos->board[m.from];
        u->moved_code = code;
        u->moved_mark = pos->mark[m.from];
        u->hand_type = (int8_t)hand_type_of(v, code, u->moved_mark);
        u->hand_color = (uint8_t)us;
        remove_piece(pos, m.from);
        clear_virgin(pos, m.from);
        hand_add(pos, us, u->hand_type, 1);
        break;
    }
    case MOVE_NULL:
    case MOVE_PASS:
        break;
    case MOVE_TURN:
        /* XBoard applies it with a kill square, which counts as a capture:
           its move rule and repetitions start again, and so do ours */
        pos->halfmove = 0;
        break;
    case MOVE_EP:
        capture_piece(pos, u, m.victim[0]);
        u->moved_mark = pos->mark[m.from];
        move_piece(pos, m.from, m.to);
        pos->halfmove = 0;
        break;
    default: {
        int type = code_type(pos->board[m.from]);
        u->moved_code = pos->board[m.from];
        u->moved_mark = pos->mark[m.from];
        if (m.nvictims) {
            make_locust(pos, u, m);
            break;
        }
        if (m.from == m.to) {     /* promotion in place: the piece turns where it stands */
            replace_piece(pos, m.from, piece_code(m.piece - 1, us), 0);
            pos->halfmove = 0;
            clear_virgin(pos, m.from);
            break;
        }
        if (pos->board[m.to]) {
            capture_piece(pos, u, m.to);
            pos->halfmove = 0;
        } else if (v->piece[type].resets_move_rule) {
            pos->halfmove = 0;
            sideways = var_rank(v, m.from) == var_rank(v, m.to) && !m.piece;
        }
        move_piece(pos, m.from, m.to);
        if (m.piece) {
            int promo = m.piece - 1;
            /* a promoted piece with no '+' form of its own keeps a '~' mark
               so that it reverts when captured into a hand (crazyhouse;
               not where captures leave the game: placement, sittuyin) */
            uint8_t mark = v->hand.enabled && v->hand.captures != CAPTURES_DISCARD
                           && v->piece[promo].demotes_to == NO_TYPE
                           && v->piece[type].demotes_to != promo;   /* not a flip back */
            if (v->piece[type].promotes_in_place) {
                replace_piece(pos, m.to, piece_code(promo, us), mark);
            } else {
                remove_piece(pos, m.to);
                add_piece(pos, m.to, piece_code(promo, us), mark);
            }
        }
        if (m.flags & MOVEF_EP_MAKER)
            set_ep_rights(pos, m.from, m.to);
        clear_virgin(pos, m.from);
        clear_virgin(pos, m.to);
        break;
    }
    }
    if (u->captured && v->rules.explosions)
        explode(pos, u, m.to);
    if (v->burners && (m.kind == MOVE_NORMAL || m.kind == MOVE_EP || m.kind == MOVE_TURN))
        burn(pos, u, m);
    if (move_gate(m) >= 0) {      /* seirawan: a piece from hand enters behind */
        hand_add(pos, us, move_gate(m), -1);
        add_piece(pos, move_gate_square(m), piece_code(move_gate(m), us), 0);
    }
    u->turn_ended = !v->turn.multi || turn_ends_after(pos, us, m);
    if (u->turn_ended && us == BLACK)
        pos->fullmove++;
    /* a turn starts the move rule again; repetitions too, unless the rules
       look across turns */
    bool irreversible = pos->halfmove == 0 && !sideways
        && !(m.kind == MOVE_TURN && v->rules.repetition_across_turns);
    pos->rep_plies = irreversible ? 0 : u->rep_plies + 1;
    if (v->turn.multi)
        next_in_turn(pos, u->turn_ended);
    if (u->turn_ended) {
        pos->side ^= 1;
        pos->hash ^= zobrist->side;
    }
    /* Whether the move checked is worked out only where a rule needs it:
       n-check counts every check, so it knows at once. */
    bool passed = m.kind == MOVE_NULL || m.kind == MOVE_PASS;   /* the board is as it was */
    u->gave_check = passed ? 0 : GAVE_CHECK_UNKNOWN;
    if (v->rules.check_limit && !passed) {
        u->gave_check = attack_in_check(pos, pos->side);
        if (u->gave_check) {
            pos->hash ^= zobrist->checks[us][pos->checks[us] & 15];
            pos->checks[us]++;
            pos->hash ^= zobrist->checks[us][pos->checks[us] & 15];
        }
    }
    if (v->rules.counting.on) {
        if (pos->count_limit)
            pos->count_ply++;
        if (!passed)
            counting_after_move(pos, u->captured || m.nvictims);
    }
    /* shak: the series of checks against the side to move goes on while
       every move of the opponent checks it.  The flags stay out of the
       hash: XBoard and the reference engines judge a repetition by the
       board alone (the search adds them to its table key). */
    if (v->rules.shak_types && u->turn_ended) {
        int them = pos->side;
        if (u->gave_check == GAVE_CHECK_UNKNOWN)
            u->gave_check = attack_in_check(pos, them);
        if (!u->gave_check)
            pos->shak &= (uint8_t)~(1u << them);
        else if (attack_checker_types(pos, !them) & v->rules.shak_types)
            pos->shak |= (uint8_t)(1u << them);
    }
    if (pos->nnue)
        nnue_end_move(pos->nnue, pos->hash);
}

void position_unmake(Position *pos)
{
    Undo *u = &pos->undo[--pos->ply];
    Move m = u->move;
    if (move_gate(m) >= 0) {
        remove_piece(pos, move_gate_square(m));
        hand_add(pos, !pos->side, move_gate(m), 1);
    }
    for (int i = u->nboom - 1; i >= 0; i--) {
        if (u->boom_hand[i] >= 0)
            hand_add(pos, u->boom_hand_color[i], u->boom_hand[i], -1);
        add_piece(pos, u->boom_sq[i], u->boom_code[i], u->boom_mark[i]);
    }
    if (u->turn_ended)
        pos->side ^= 1;
    int us = pos->side;
    if (u->turn_ended && us == BLACK)
        pos->fullmove--;
    pos->turn_left = u->turn_left;

    switch (m.kind) {
    case MOVE_DROP:
        remove_piece(pos, m.to);
        hand_add(pos, us, m.piece, 1);
        break;
    case MOVE_PICKUP:
        hand_add(pos, us, u->hand_type, -1);
        add_piece(pos, m.from, u->moved_code, u->moved_mark);
        break;
    case MOVE_CASTLE: {
        uint8_t kc = pos->board[m.to], pc = pos->board[m.victim[1]];
        uint8_t km = pos->mark[m.to], pm = pos->mark[m.victim[1]];
        remove_piece(pos, m.to);
        remove_piece(pos, m.victim[1]);
        add_piece(pos, m.from, kc, km);
        add_piece(pos, m.victim[0], pc, pm);
        break;
    }
    case MOVE_NULL:
    case MOVE_PASS:
    case MOVE_TURN:
        break;
    default: {
        /* the generator makes and unmakes in-place promotions while it
           walks the piece list, so their pieces keep their places in it */
        if (m.piece && pos->v->piece[code_type(u->moved_code)].promotes_in_place) {
            replace_piece(pos, m.to, u->moved_code, 0);
        } else if (m.piece) {
            remove_piece(pos, m.to);
            add_piece(pos, m.to, u->moved_code, 0);
        }
        if (m.nvictims) {
            unmake_locust(pos, u, m);
            break;
        }
        if (m.from == m.to) {     /* promotion in place: put back as above */
            pos->mark[m.from] = u->moved_mark;
            break;
        }
        move_piece(pos, m.to, m.from);
        pos->mark[m.from] = u->moved_mark;
        if (u->captured) {
            if (u->hand_type >= 0)
                hand_add(pos, u->hand_color, u->hand_type, -1);
            int sq = m.kind == MOVE_EP ? m.victim[0] : m.to;
            add_piece(pos, sq, u->captured, u->captured_mark);
        }
        break;
    }
    }
    pos->ep_count = u->ep_count;
    pos->ep[0] = u->ep[0];
    pos->ep[1] = u->ep[1];
    pos->ep_victim = u->ep_victim;
    pos->ep_passed_first = u->ep_passed_first;
    pos->checks[0] = u->checks[0];
    pos->checks[1] = u->checks[1];
    pos->shak = u->shak;
    pos->halfmove = u->halfmove;
    pos->rep_plies = u->rep_plies;
    pos->count_limit = u->count_limit;
    pos->count_ply = u->count_ply;
    pos->virgin = u->virgin;
    pos->hash = u->hash;
}

void position_make_null(Position *pos)
{
    Move m = {0};
    m.kind = MOVE_NULL;
    position_make(pos, m);
}

void position_unmake_null(Position *pos)
{
    position_unmake(pos);
}

void position_init_shak(Position *pos)
{
    const Variant *v = pos->v;
    pos->shak = 0;
    if (v->rules.shak_types && attack_in_check(pos, pos->side)
        && (attack_checker_types(pos, !pos->side) & v->rules.shak_types))
        pos->shak = (uint8_t)(1u << pos->side);
}

uint64_t position_compute_hash(const Position *pos)
{
    zobrist_init();
    const Variant *v = pos->v;
    uint64_t h = 0;
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t c = pos->board[sq];
        if (c && c != HOLE) {
            h ^= zobrist->piece[c][sq];
            if (pos->mark[sq])
                h ^= zobrist->mark[sq];
        }
        if (sqset_has(&pos->virgin, sq))
            h ^= zobrist->virgin[sq];
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            h ^= zobrist_hand(c, t, pos->hand[c][t]);
    for (int i = 0; i < pos->ep_count; i++)
        h ^= zobrist->ep[pos->ep[i]];
    for (int c = 0; c < 2; c++)
        if (pos->checks[c])
            h ^= zobrist->checks[c][0] ^ zobrist->checks[c][pos->checks[c] & 15];
    if (pos->side == BLACK)
        h ^= zobrist->side;
    if (v->turn.multi)
        h ^= zobrist_turn(pos->turn_left);
    return h;
}

/* ---- printing --------------------------------------------------------- */

