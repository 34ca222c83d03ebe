/*
 * movegen_castle.c — castling moves: a king and a partner on the castling
 * rank, to each king-to file of the partner's side (flexible castling).
 */
#include "board/attack.h"
#include "board/movegen_internal.h"

/* ---- castling ---------------------------------------------------------- */

bool movegen_castling_path_clear(const Position *pos, int rank, int lo, int hi, int king,
                                 int partner)
{
    const Variant *v = pos->v;
    for (int f = lo; f <= hi; f++) {
        int sq = var_square(v, f, rank);
        if (sq != king && sq != partner && pos->board[sq] != EMPTY)
            return false;
    }
    return true;
}

bool movegen_castling_path_safe(const Position *pos, int rank, int kf, int kt)
{
    int a = kf < kt ? kf : kt, b = kf < kt ? kt : kf;
    for (int f = a; f <= b; f++)
        if (attack_royal_square(pos, var_square(pos->v, f, rank), !pos->side)
            || attack_faced_square(pos, var_square(pos->v, f, rank), !pos->side))
            return false;
    return true;
}

/* May the king on `king` castle with the partner on `partner`, the king
 * to file kt and the partner to file rt?  The squares between must be
 * empty and, unless through_check, the king's path not attacked (nor faced
 * by the other royal where royals may not face each other:
 * Fairy-Stockfish's flying general counts as an attack). */
static bool castling_path_ok(const Position *pos, int king, int partner, int kt, int rt)
{
    const Variant *v = pos->v;
    int rank = var_rank(v, king), kf = var_file(v, king), pf = var_file(v, partner);
    int lo = kf, hi = kf;
    int ends[3] = { pf, kt, rt };
    for (int i = 0; i < 3; i++) {
        if (ends[i] < lo) lo = ends[i];
        if (ends[i] > hi) hi = ends[i];
    }
    if (!movegen_castling_path_clear(pos, rank, lo, hi, king, partner))
        return false;
    return v->castling.through_check || movegen_castling_path_safe(pos, rank, kf, kt);
}

/* The king to file kt, the partner to file rt: one castling move, when
 * the path allows it (`checked`: castling_path_ok said so already). */
static void gen_castling_to(const Position *pos, MoveList *ml, int king, int partner, int kt,
                            int rt, bool checked)
{
    const Variant *v = pos->v;
    int rank = var_rank(v, king);
    if (!checked && !castling_path_ok(pos, king, partner, kt, rt))
        return;
    push(ml, king, var_square(v, kt, rank), MOVE_CASTLE, 0, 0);
    ml->m[ml->n - 1].victim[0] = (uint8_t)partner;
    ml->m[ml->n - 1].victim[1] = (uint8_t)var_square(v, rt, rank);
}

/* Castling with the partner on one side: to each of that side's king
 * destinations (several with flexible castling). */
static void gen_castling_with(const Position *pos, MoveList *ml, int king, int partner)
{
    const Variant *v = pos->v;
    const Castling *cs = &v->castling;
    int c = pos->side;
    int side = var_castle_file(v, c, var_file(v, partner)) > var_castle_file(v, c, var_file(v, king))
             ? CASTLE_SHORT : CASTLE_LONG;
    if (cs->king_steps) {      /* wild castling: steps from wherever the king is */
        int kf = var_file(v, king), pf = var_file(v, partner), dir = pf > kf ? 1 : -1;
        int kt = kf + dir * cs->king_steps;
        if ((pf - kt) * dir > 0)
            gen_castling_to(pos, ml, king, partner, kt, kt - dir, false);
        return;
    }
    /* whole_side (Sjaak II): every destination's path must allow it */
    for (int i = 0; cs->whole_side && i < cs->nto[side]; i++)
        if (!castling_path_ok(pos, king, partner, var_castle_file(v, c, cs->king_to[side][i]),
                              var_castle_file(v, c, cs->rook_to[side][i])))
            return;
    for (int i = 0; i < cs->nto[side]; i++)
        gen_castling_to(pos, ml, king, partner, var_castle_file(v, c, cs->king_to[side][i]),
                        var_castle_file(v, c, cs->rook_to[side][i]), cs->whole_side);
}

void movegen_castling_moves(const Position *pos, MoveList *ml)
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
            if (pf == f || !pc || pc == HOLE || code_color(pc) != color
                || !(cs->partners >> code_type(pc) & 1)
                || !sqset_has(&pos->virgin, partner))
                continue;
            gen_castling_with(pos, ml, king, partner);
        }
    }
}
