/*
 * movegen_hand.c — moves with the hand: drops (their zones, nifu, the
 * colours of placement's bishops), seirawan gating, and pickups.
 */
#include "board/attack.h"
#include "board/movegen_internal.h"

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

/* drop.colour: opposite.  A side's pieces of such a type go on squares of
 * both colours (placement's bishops), as Fairy-Stockfish 11.1 judges it:
 * one of them is never dropped on a colour another already stands on, and
 * no other drop may take the last free square of a colour that the ones
 * in hand still need.  What the board says, per type, for one generation. */
typedef struct {
    TypeMask types;                  /* the types with the rule the side must mind */
    uint8_t  taken[MAX_PIECE_TYPES]; /* bit c: one stands on a square of colour c */
    int      free[MAX_PIECE_TYPES][2]; /* empty squares of its drop zone, per colour */
} DropColours;

static inline int square_colour(const Variant *v, int sq)
{
    return (var_file(v, sq) + var_rank(v, sq)) & 1;
}

static void drop_colours_init(const Position *pos, DropColours *dc)
{
    const Variant *v = pos->v;
    int color = pos->side, nsq = v->files * v->ranks;
    dc->types = v->drop_colour_types;
    for (TypeMask m = dc->types; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        dc->taken[t] = 0;
        dc->free[t][0] = dc->free[t][1] = 0;
        for (int sq = 0; sq < nsq; sq++)
            if (pos->board[sq] == EMPTY && sqset_has(&v->piece[t].drop_zone[color], sq))
                dc->free[t][square_colour(v, sq)]++;
    }
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i], t = code_type(pos->board[sq]);
        if (dc->types >> t & 1)
            dc->taken[t] |= (uint8_t)(1 << square_colour(v, sq));
    }
}

/* May a piece of type t go on `sq` by the rule? */
static bool drop_colours_allow(const Position *pos, const DropColours *dc, int t, int sq)
{
    const Variant *v = pos->v;
    int colour = square_colour(v, sq);
    if (dc->types >> t & 1)
        return !(dc->taken[t] >> colour & 1);
    for (TypeMask m = dc->types; m; m &= m - 1) {
        int u = __builtin_ctzll(m), held = pos->hand[pos->side][u];
        if (!held)
            continue;
        int colours = 0;
        for (int c = 0; c < 2; c++) {
            int left = dc->free[u][c]
                - (c == colour && sqset_has(&v->piece[u].drop_zone[pos->side], sq));
            colours += !(dc->taken[u] >> c & 1) && left > 0;
        }
        if (colours < held)
            return false;
    }
    return true;
}

void movegen_drop_moves(const Position *pos, MoveList *ml)
{
    const Variant *v = pos->v;
    int color = pos->side;
    int nsq = v->files * v->ranks;
    DropColours dc = { .types = 0 };
    if (v->drop_colour_types)
        drop_colours_init(pos, &dc);
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
            if (v->drop_colour_types && !drop_colours_allow(pos, &dc, t, sq))
                continue;
            if (pt->drop_promoted) {    /* promotion.by-drop: the '+' form too */
                const PieceType *plus = &v->piece[pt->promoted];
                if (!v->hand.only_where_mobile || !sqset_has(&plus->immobile[color], sq)) {
                    push(ml, sq, sq, MOVE_DROP, t, 0);
                    ml->m[ml->n - 1].victim[0] = 1;
                }
            }
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
 * square, when that is left empty.  A piece enters only where it could be
 * dropped (in S-house a pawn from hand never enters on the first rank), as
 * Fairy-Stockfish gates. */
void movegen_gated_moves(const Position *pos, MoveList *ml, int first)
{
    const Variant *v = pos->v;
    int color = pos->side, end = ml->n;
    int rank = color == WHITE ? v->castling.rank : v->ranks - 1 - v->castling.rank;
    for (int i = first; i < end; i++) {
        Move m = ml->m[i];
        if (!sqset_has(&pos->virgin, m.from) || var_rank(v, m.from) != rank
            || m.to == m.from)      /* a turn or igui leaves no square to enter */
            continue;
        bool castle = m.kind == MOVE_CASTLE;
        bool on_king = !castle || empty_after_castling(m, m.from);
        bool on_partner = castle && empty_after_castling(m, m.victim[0]);
        for (int t = 0; t < v->ntypes; t++) {
            if (!pos->hand[color][t])
                continue;
            const SquareSet *zone = &v->piece[t].drop_zone[color];
            if (on_king && sqset_has(zone, m.from))
                add_gated(ml, m, t, false);
            if (on_partner && sqset_has(zone, m.victim[0]))
                add_gated(ml, m, t, true);
        }
    }
}

/* hand.pickup: each non-royal piece of the side to move may go into its
 * hand, unless the side is in check (as Sjaak II has it). */
void movegen_pickup_moves(const Position *pos, MoveList *ml)
{
    int color = pos->side;
    if (attack_in_check(pos, color))
        return;
    for (int i = 0; i < pos->nlist[color]; i++) {
        int sq = pos->list[color][i];
        if (!pos->v->piece[code_type(pos->board[sq])].royal)
            push(ml, sq, sq, MOVE_PICKUP, 0, 0);
    }
}
