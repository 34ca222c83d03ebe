/*
 * fen_write.c — writing a position as FEN, in the dialect fen.c reads:
 * multi-digit empty runs, '*' holes, '+X' promoted pieces, 'X~' pieces that
 * revert when captured, holdings in brackets, X-FEN / Shredder castling,
 * one or two e.p. squares, the n-check counter, counters.
 */
#include <ctype.h>
#include <stdio.h>
#include "board/turn.h"
#include "notation/fen.h"
#include "notation/fen_internal.h"
#include "notation/move_text.h"

static void put_piece(char **p, const Variant *v, uint8_t code, uint8_t mark)
{
    const PieceType *pt = &v->piece[code_type(code)];
    char ch = pt->letter;
    if (pt->id[0] == '+')
        *(*p)++ = '+';
    *(*p)++ = code_color(code) == WHITE ? ch : (char)tolower((unsigned char)ch);
    char dress = variant_piece_dress(pt);
    if (dress)
        *(*p)++ = dress;
    if (mark)
        *(*p)++ = '~';
}

/* K/Q for the outermost castling partner on each side (X-FEN), a file
 * letter for an inner one (Shredder/X-FEN) and, in gating variants, for
 * every other back-rank piece that may still gate. */
static char *write_castling(const Position *pos, char *p)
{
    const Variant *v = pos->v;
    char *start = p;
    for (int color = 0; color < 2; color++) {
        bool written[MAX_FILES] = { false };
        int king = fen_castling_king(pos, color);
        if (king >= 0 && sqset_has(&pos->virgin, king)) {
            int rank = var_rank(v, king), kf = var_file(v, king);
            /* short side first (K), then long (Q), as X-FEN orders them */
            for (int side = 0; side < 2; side++) {
                int step = side == 0 ? -1 : 1;
                bool outermost = true;
                for (int f = side == 0 ? v->files - 1 : 0; f != kf; f += step) {
                    int sq = var_square(v, f, rank);
                    if (!fen_castling_partner(pos, sq, color))
                        continue;
                    if (sqset_has(&pos->virgin, sq)) {
                        char ch = outermost ? (side == 0 ? 'K' : 'Q') : (char)('A' + f);
                        *p++ = color == WHITE ? ch : (char)tolower((unsigned char)ch);
                        written[f] = true;
                        /* K/Q keep the king's right too; an inner file letter
                           reads as a gating letter in gating variants, so the
                           king's letter must follow it there */
                        written[kf] |= outermost;
                    }
                    outermost = false;
                }
            }
        }
        bool letters = v->hand.gating || v->rules.initial_rights_in_fen;
        for (int f = 0; letters && f < v->files; f++) {
            int sq = var_square(v, f, fen_back_rank(v, color));
            if (!written[f] && pos->board[sq] && pos->board[sq] != HOLE
                && code_color(pos->board[sq]) == color && sqset_has(&pos->virgin, sq))
                *p++ = (char)((color == WHITE ? 'A' : 'a') + f);
        }
    }
    if (p == start)
        *p++ = '-';
    return p;
}

void position_get_fen(const Position *pos, char *buf, size_t size)
{
    const Variant *v = pos->v;
    char tmp[FEN_MAX], *p = tmp;
    for (int rank = v->ranks - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < v->files; file++) {
            int sq = var_square(v, file, rank);
            uint8_t c = pos->board[sq];
            if (c == EMPTY) {
                run++;
                continue;
            }
            if (run)
                p += sprintf(p, "%d", run);
            run = 0;
            if (c == HOLE)
                *p++ = '*';
            else
                put_piece(&p, v, c, pos->mark[sq]);
        }
        if (run)
            p += sprintf(p, "%d", run);
        if (rank)
            *p++ = '/';
    }
    if (v->has_drops || v->hand.gating) {
        *p++ = '[';
        /* strongest first (types are listed pawn first), as XBoard and
           Fairy-Stockfish write them */
        for (int color = 0; color < 2; color++)
            for (int t = v->ntypes - 1; t >= 0; t--)
                for (int k = 0; k < pos->hand[color][t]; k++)
                    put_piece(&p, v, piece_code(t, color), 0);
        *p++ = ']';
    }
    p += sprintf(p, " %c", pos->side == WHITE ? 'w' : 'b');
    if (v->turn.multi && turn_mid(pos))
        p += sprintf(p, "%d", pos->turn_left);
    *p++ = ' ';
    p = write_castling(pos, p);
    *p++ = ' ';
    if (pos->ep_count) {
        char passed[8], victim[8];
        square_name(v, pos->ep[0], false, passed);
        square_name(v, pos->ep_victim, false, victim);
        int fwd = pos->side == WHITE ? -v->files : v->files;   /* the mover's forward */
        if (pos->ep_victim == pos->ep[0] + fwd)
            p += sprintf(p, "%s", passed);
        else if (pos->ep_passed_first)
            p += sprintf(p, "%s%s", passed, victim);
        else   /* Fairy-Stockfish's order: the pawn that may be taken, then the square it passed */
            p += sprintf(p, "%s%s", victim, passed);
    } else if (pos->count_limit) {      /* rules.counting: as parse_fields reads it */
        p += sprintf(p, "%d", pos->count_limit);
    } else {
        *p++ = '-';
    }
    if (v->rules.check_limit)
        p += sprintf(p, " %d+%d", v->rules.check_limit - pos->checks[WHITE],
                     v->rules.check_limit - pos->checks[BLACK]);
    sprintf(p, " %d %d", pos->count_limit ? pos->count_ply : pos->halfmove, pos->fullmove);
    snprintf(buf, size, "%s", tmp);
}
