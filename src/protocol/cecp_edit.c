/*
 * cecp_edit.c — the board as the user handles it in the GUI: the obsolete
 * edit mode (`edit`, then piece placements, `c`, `#` and `.`), and the
 * squares a lifted piece may go to (`lift`, `put`: XBoard's highlight
 * command).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/fen.h"
#include "notation/move_text.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"

/* ------------------------------------------------------------------ */
/* Edit mode (obsolete `edit`)                                         */

static void edit_load(Cecp *c)
{
    const Variant *v = c->e->variant;
    memset(c->edit_board, 0, sizeof c->edit_board);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t code = c->e->pos->board[sq];
        if (code == EMPTY || code == HOLE)
            continue;
        const PieceType *pt = &v->piece[code_type(code)];
        char *cell = c->edit_board[var_rank(v, sq)][var_file(v, sq)];
        snprintf(cell, 4, "%s", pt->id);
        if (code_color(code) == BLACK)
            for (char *p = cell; *p; p++)
                *p = (char)tolower((unsigned char)*p);
    }
}

static size_t edit_board_fen(Cecp *c, char *buf, size_t size)
{
    const Variant *v = c->e->variant;
    size_t n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            const char *cell = c->edit_board[r][f];
            if (!*cell) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(buf + n, size - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(buf + n, size - n, "%s", cell);
        }
        if (empty)
            n += (size_t)snprintf(buf + n, size - n, "%d", empty);
        if (r)
            n += (size_t)snprintf(buf + n, size - n, "/");
    }
    if (v->has_drops)
        n += (size_t)snprintf(buf + n, size - n, "[]");
    return n;
}

/* Leave edit mode: castling rights for every right of the start position
 * whose pieces still stand (each tried on its own). */
static void edit_finish(Cecp *c)
{
    char board[1024], fen[1200], rights[32] = "", err[256];
    edit_board_fen(c, board, sizeof board);
    const char *start = c->e->variant->start_fen;
    const char *sp = strchr(start, ' ');
    char field[32] = "-";
    if (sp)
        sscanf(sp, " %*s %31s", field);
    const char side = c->e->pos->side == WHITE ? 'w' : 'b';
    Position *probe = malloc(sizeof *probe);
    for (const char *p = field; probe && *p && *p != '-'; p++) {
        snprintf(fen, sizeof fen, "%s %c %c - 0 1", board, side, *p);
        size_t n = strlen(rights);
        if (position_set_fen(probe, c->e->variant, fen, err, sizeof err) == 0
            && n + 1 < sizeof rights) {
            rights[n] = *p;
            rights[n + 1] = '\0';
        }
    }
    free(probe);
    snprintf(fen, sizeof fen, "%s %c %s - 0 1", board, side, rights[0] ? rights : "-");
    c->edit_mode = false;
    cecp_cmd_setboard(c, fen);
}

void cecp_edit_line(Cecp *c, const char *line)
{
    const Variant *v = c->e->variant;
    if (strcmp(line, ".") == 0) {
        edit_finish(c);
    } else if (strcmp(line, "#") == 0) {
        memset(c->edit_board, 0, sizeof c->edit_board);
    } else if (strcmp(line, "c") == 0) {
        c->edit_color = !c->edit_color;
    } else {
        const char *s = line;
        char id[4] = "";
        size_t n = 0;
        if (*s == '+')
            id[n++] = *s++;
        char letter = *s;
        if (!isalpha((unsigned char)letter)) {   /* "+" alone: nothing to step past */
            io_printf("Error (bad edit command): %s", line);
            return;
        }
        s++;
        if (*s == '!' || *s == '\'')
            id[n + 1] = *s++;
        id[n] = letter;
        int sq = square_parse(v, &s, cecp_wire_ranks(c));
        if (sq < 0 || *s) {
            io_printf("Error (bad edit command): %s", line);
            return;
        }
        char *cell = c->edit_board[var_rank(v, sq)][var_file(v, sq)];
        if (toupper((unsigned char)letter) == 'X' && variant_type_by_letter(v, 'X', false) == NO_TYPE) {
            cell[0] = '\0';
            return;
        }
        if (variant_type_by_token(v, letter, id[n + 1], id[0] == '+') == NO_TYPE) {
            io_printf("Error (unknown piece): %s", line);
            return;
        }
        for (char *p = id; *p; p++)
            *p = (char)(c->edit_color == WHITE ? toupper((unsigned char)*p)
                                               : tolower((unsigned char)*p));
        snprintf(cell, 4, "%s", id);
    }
}

void cecp_cmd_edit(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->edit_mode = true;
    c->edit_color = WHITE;
    edit_load(c);
}

/* ------------------------------------------------------------------ */
/* Highlights (lift / put)                                            */

/* The COLORFEN of the moves of the piece on `from`; with `via` >= 0 only
 * the continuations of multi-leg moves through `via`. */
static void highlight(Cecp *c, int from, int via)
{
    const Variant *v = c->e->variant;
    char color[MAX_SQUARES];
    memset(color, 0, sizeof color);
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return;
    engine_legal_moves(c->e, ml);
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.kind == MOVE_DROP || m.from != from)
            continue;
        bool leg = m.nvictims > 0 && m.kind == MOVE_NORMAL;
        if (via >= 0) {
            if (leg && m.victim[0] == via)
                color[m.to] = m.piece ? 'M' : 'Y';
            continue;
        }
        if (leg && !color[m.victim[0]])
            color[m.victim[0]] = 'C';
        if (!leg)
            color[m.to] = m.piece || color[m.to] == 'M' ? 'M' : 'Y';
    }
    free(ml);
    char fen[MAX_SQUARES * 2 + 32];
    size_t n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            char ch = color[var_square(v, f, r)];
            if (!ch) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)sprintf(fen + n, "%d", empty);
            empty = 0;
            fen[n++] = ch;
        }
        if (empty)
            n += (size_t)sprintf(fen + n, "%d", empty);
        if (r)
            fen[n++] = '/';
    }
    fen[n] = '\0';
    io_printf("highlight %s", fen);
}

static int parse_square_arg(Cecp *c, const char *args)
{
    const char *s = args;
    int sq = square_parse(c->e->variant, &s, cecp_wire_ranks(c));
    return *s ? -1 : sq;
}

void cecp_cmd_lift(Cecp *c, char *args)
{
    int sq = parse_square_arg(c, args);
    if (sq < 0) {
        io_printf("Error (bad square): lift %s", args);
        return;
    }
    c->lift_sq = sq;
    highlight(c, sq, -1);
}

void cecp_cmd_put(Cecp *c, char *args)
{
    int sq = parse_square_arg(c, args);
    if (sq < 0) {
        io_printf("Error (bad square): put %s", args);
        return;
    }
    /* a put on an intermediate square: show where the move may go on */
    if (c->lift_sq >= 0 && sq != c->lift_sq) {
        MoveList *ml = malloc(sizeof *ml);
        bool multi = false;
        if (ml) {
            engine_legal_moves(c->e, ml);
            for (int i = 0; i < ml->n; i++)
                if (ml->m[i].from == c->lift_sq && ml->m[i].nvictims > 0
                    && ml->m[i].victim[0] == sq && ml->m[i].kind == MOVE_NORMAL)
                    multi = true;
            free(ml);
        }
        if (multi) {
            highlight(c, c->lift_sq, sq);
            return;
        }
    }
    c->lift_sq = -1;
}

