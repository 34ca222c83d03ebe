/*
 * diagram.c — a position drawn for a person: the board with piece letters
 * (upper case White), the hands of drop variants, the side to move and the
 * FEN (see diagram.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/turn.h"
#include "notation/diagram.h"
#include "notation/fen.h"
#include "notation/move_text.h"

static void print_hand(const Position *pos, int color, FILE *out)
{
    const Variant *v = pos->v;
    fprintf(out, "%s hand:", color == WHITE ? "White" : "Black");
    bool any = false;
    for (int t = 0; t < v->ntypes; t++)
        if (pos->hand[color][t]) {
            fprintf(out, " %s%c", pos->hand[color][t] > 1 ? "" : "",
                    color == WHITE ? v->piece[t].letter
                                   : (char)tolower((unsigned char)v->piece[t].letter));
            if (pos->hand[color][t] > 1)
                fprintf(out, "x%d", pos->hand[color][t]);
            any = true;
        }
    fprintf(out, "%s\n", any ? "" : " -");
}

/* The number on rank `rank`'s label, as square names have it. */
static const char *rank_label(const Variant *v, int rank, bool cecp_ranks, char *buf)
{
    char name[8];
    square_name(v, var_square(v, 0, rank), cecp_ranks, name);
    strcpy(buf, name + 1);
    return buf;
}

void position_print(const Position *pos, FILE *out)
{
    DiagramStyle plain = { .cecp_ranks = false };
    diagram_print(pos, &plain, out);
}

/* The last move, if the history has it (not after a set-up position or
 * a pass). */
static bool last_move(const Position *pos, Move *m)
{
    if (pos->ply == 0)
        return false;
    *m = pos->undo[pos->ply - 1].move;
    return m->kind != MOVE_NULL;
}

/* Squares to mark: 1 for the last move's, 2 for a royal piece in check. */
static void find_marks(const Position *pos, uint8_t *mark)
{
    const Variant *v = pos->v;
    Move m;
    memset(mark, 0, MAX_SQUARES);
    if (last_move(pos, &m)) {
        if (m.kind != MOVE_DROP)
            mark[m.from] = 1;
        mark[m.to] = 1;
    }
    if (!attack_in_check(pos, pos->side))
        return;
    for (int i = 0; i < pos->nlist[pos->side]; i++) {
        int sq = pos->list[pos->side][i];
        if (v->piece[code_type(pos->board[sq])].royal)
            mark[sq] = 2;
    }
}

/* The last move as text ("e2e4"), written in the position before it. */
static bool last_move_text(const Position *pos, bool cecp_ranks, char *buf, size_t size)
{
    Move m;
    if (!last_move(pos, &m))
        return false;
    Position *before = malloc(sizeof *before);
    if (!before)
        return false;
    memcpy(before, pos, sizeof *before);
    position_unmake(before);
    move_to_string(before, m, cecp_ranks, buf, size);
    free(before);
    return true;
}

/* ANSI: the last move's squares in reverse video, a royal in check on red. */
static const char *const mark_colour[3] = { "", "\033[7m", "\033[1;41m" };

/* "White", or with turns of several moves "White (2 of 3 moves left)". */
static void turn_side_text(const Position *pos, char *buf, size_t size)
{
    const char *side = pos->side == WHITE ? "White" : "Black";
    int whole = turn_length(pos->v, pos->side, pos->fullmove);
    if (pos->v->turn.multi && whole > 1)
        snprintf(buf, size, "%s (%d of %d moves left)", side, pos->turn_left, whole);
    else
        snprintf(buf, size, "%s", side);
}

void diagram_print(const Position *pos, const DiagramStyle *style, FILE *out)
{
    const Variant *v = pos->v;
    uint8_t mark[MAX_SQUARES];
    if (style->marks)
        find_marks(pos, mark);
    else
        memset(mark, 0, sizeof mark);
    if (v->has_drops)
        print_hand(pos, BLACK, out);
    for (int rank = v->ranks - 1; rank >= 0; rank--) {
        char label[8];
        fprintf(out, "%3s ", rank_label(v, rank, style->cecp_ranks, label));
        for (int file = 0; file < v->files; file++) {
            int sq = var_square(v, file, rank);
            uint8_t c = pos->board[sq];
            char cell[4] = " . ";
            if (c == HOLE) {
                strcpy(cell, "   ");
            } else if (c) {
                const PieceType *pt = &v->piece[code_type(c)];
                char letter = code_color(c) == WHITE ? pt->letter
                                                     : (char)tolower((unsigned char)pt->letter);
                cell[0] = pt->id[0] == '+' ? '+' : ' ';
                cell[1] = letter;
                char dress = variant_piece_dress(pt);
                cell[2] = pos->mark[sq] ? '~' : dress ? dress : ' ';
            }
            if (style->colour && mark[sq])
                fprintf(out, "%s%s\033[0m", mark_colour[mark[sq]], cell);
            else
                fputs(cell, out);
        }
        fputc('\n', out);
    }
    fputs("    ", out);
    for (int file = 0; file < v->files; file++)
        fprintf(out, " %c ", 'a' + file);
    fputc('\n', out);
    if (v->has_drops)
        print_hand(pos, WHITE, out);
    char side[64];
    turn_side_text(pos, side, sizeof side);
    if (!style->marks) {
        char fen[FEN_MAX];
        position_get_fen(pos, fen, sizeof fen);
        fprintf(out, "%s to move\nFEN: %s\n", side, fen);
        return;
    }
    char move[32];
    if (last_move_text(pos, style->cecp_ranks, move, sizeof move))
        fprintf(out, "Last move: %s\n", move);
    fprintf(out, "%s to move%s\n", side, attack_in_check(pos, pos->side) ? ", in check" : "");
}
