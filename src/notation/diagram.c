/*
 * diagram.c — a position drawn for a person: the board with piece letters
 * (upper case White), the hands of drop variants, the side to move and the
 * FEN (see diagram.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
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

void diagram_print(const Position *pos, const DiagramStyle *style, FILE *out)
{
    const Variant *v = pos->v;
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
                cell[2] = pos->mark[sq] ? '~' : ' ';
            }
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
    char fen[FEN_MAX];
    position_get_fen(pos, fen, sizeof fen);
    fprintf(out, "%s to move\nFEN: %s\n", pos->side == WHITE ? "White" : "Black", fen);
}
