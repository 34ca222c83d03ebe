/*
 * move_text.c — coordinate notation: writing moves as XBoard and UCI expect
 * them, and finding the legal move a string names.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/move_text.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "board/position.h"

/* XBoard numbers the ranks of 10-rank boards from 0 (CECP). */
static int rank_base(const Variant *v, bool cecp_ranks)
{
    return cecp_ranks && v->ranks == 10 ? 0 : 1;
}

void square_name(const Variant *v, int sq, bool cecp_ranks, char *buf)
{
    sprintf(buf, "%c%d", 'a' + var_file(v, sq), var_rank(v, sq) + rank_base(v, cecp_ranks));
}

int square_parse(const Variant *v, const char **s, bool cecp_ranks)
{
    const char *p = *s;
    if (*p < 'a' || *p >= 'a' + v->files)
        return -1;
    int file = *p++ - 'a';
    if (!isdigit((unsigned char)*p))
        return -1;
    int rank = 0;
    while (isdigit((unsigned char)*p) && rank < 100)
        rank = rank * 10 + (*p++ - '0');
    rank -= rank_base(v, cecp_ranks);
    if (rank < 0 || rank >= v->ranks)
        return -1;
    *s = p;
    return var_square(v, file, rank);
}

/* Promotion suffix: the letter of the new piece, lower case; '+' for a
 * shogi-style promotion to the piece's own '+' form. */
static void promotion_suffix(const Variant *v, int from_type, int promo, char *out)
{
    if (v->piece[from_type].promoted == promo && v->piece[promo].id[0] == '+')
        strcpy(out, "+");
    else
        sprintf(out, "%c", tolower((unsigned char)v->piece[promo].letter));
}

void move_to_string(const Position *pos, Move m, bool cecp_ranks, char *buf, size_t size)
{
    const Variant *v = pos->v;
    char from[8], to[8], suffix[4] = "";
    square_name(v, m.to, cecp_ranks, to);
    switch (m.kind) {
    case MOVE_NULL:
        snprintf(buf, size, "@@@@");
        return;
    case MOVE_DROP:
        snprintf(buf, size, "%c@%s", v->piece[m.piece].letter, to);
        return;
    default:
        break;
    }
    square_name(v, m.from, cecp_ranks, from);
    if (m.piece) {
        uint8_t code = pos->board[m.from];
        promotion_suffix(v, code ? code_type(code) : NO_TYPE, m.piece - 1, suffix);
    }
    if (move_gate(m) >= 0) {
        sprintf(suffix, "%c", tolower((unsigned char)v->piece[move_gate(m)].letter));
        if (m.flags & MOVEF_GATE_ON_PARTNER) {   /* h1e1h: enters on the rook's square */
            strcpy(to, from);
            square_name(v, m.victim[0], cecp_ranks, from);
        }
    }
    snprintf(buf, size, "%s%s%s", from, to, suffix);
}

static bool parse_drop(const Variant *v, const char *text, bool cecp_ranks, int *type, int *to)
{
    if (!isalpha((unsigned char)text[0]) || text[1] != '@')
        return false;
    *type = variant_type_by_letter(v, text[0], false);
    const char *s = text + 2;
    *to = square_parse(v, &s, cecp_ranks);
    return *type != NO_TYPE && *to >= 0 && *s == '\0';
}

/* Does the legal move m match the written one?  A letter after the squares
 * names the promotion piece or, in gating variants, the piece entering
 * from hand; a gating castling move onto the partner's square is written
 * partner-square, king-square, letter (h1e1h), as XBoard does. */
static bool matches(const Position *pos, Move m, int from, int to, int drop_type,
                    int letter, bool promo_plus)
{
    const Variant *v = pos->v;
    if (drop_type != NO_TYPE)
        return m.kind == MOVE_DROP && m.piece == drop_type && m.to == to;
    if (m.kind == MOVE_DROP)
        return false;
    int gate = move_gate(m);
    if (gate >= 0) {
        if (!letter || toupper(letter) != v->piece[gate].letter)
            return false;
        if (m.flags & MOVEF_GATE_ON_PARTNER)
            return from == m.victim[0] && to == m.from;
        letter = 0;     /* used up: what follows is as for the move without gating */
    }
    if (m.from != from)
        return false;
    if (m.to != to && !(m.kind == MOVE_CASTLE && m.victim[0] == to))
        return false;    /* castling may also be written king-takes-rook */
    if (!m.piece)
        return !letter && !promo_plus;
    const PieceType *pt = &v->piece[m.piece - 1];
    if (promo_plus)
        return pt->id[0] == '+';
    return letter && toupper(letter) == pt->letter
        && (pt->id[0] != '+' || letter == '+');
}

static void castle_notation(const Position *pos, Move m, char *out)
{
    const Variant *v = pos->v;
    bool short_side = var_file(v, m.victim[0]) > var_file(v, m.from);
    strcpy(out, short_side ? "O-O" : "O-O-O");
}

bool move_parse(Position *pos, const char *text, bool cecp_ranks, Move *out,
                char *why, size_t whysize)
{
    const Variant *v = pos->v;
    int from = -1, to = -1, drop_type = NO_TYPE;
    int promo_letter = 0;
    bool promo_plus = false, castle_text = false;

    if (strcmp(text, "O-O") == 0 || strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0") == 0
        || strcmp(text, "0-0-0") == 0) {
        castle_text = true;
    } else if (strcmp(text, "@@@@") == 0) {
        snprintf(why, whysize, "passing is not allowed");
        return false;
    } else if (!parse_drop(v, text, cecp_ranks, &drop_type, &to)) {
        const char *s = text;
        from = square_parse(v, &s, cecp_ranks);
        to = from >= 0 ? square_parse(v, &s, cecp_ranks) : -1;
        if (from < 0 || to < 0) {
            snprintf(why, whysize, "not a move in coordinate notation");
            return false;
        }
        if (*s == '=')
            s++;
        if (*s == '+')
            promo_plus = true, s++;
        else if (isalpha((unsigned char)*s))
            promo_letter = *s++;
        if (*s) {
            snprintf(why, whysize, "unexpected '%s' after the move", s);
            return false;
        }
    }

    MoveList *ml = malloc(sizeof *ml);
    if (!ml) {
        snprintf(why, whysize, "out of memory");
        return false;
    }
    rules_playable_moves(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        Move m = ml->m[i];
        if (castle_text) {
            char c[8];
            if (m.kind != MOVE_CASTLE)
                continue;
            castle_notation(pos, m, c);
            found = strcmp(c, text) == 0 || (text[0] == '0' && strlen(c) == strlen(text));
        } else {
            found = matches(pos, m, from, to, drop_type, promo_letter, promo_plus);
        }
        if (found)
            *out = m;
    }
    if (!found) {
        /* say why: a promotion that needs its piece, or simply illegal */
        bool needs_promo = false;
        for (int i = 0; i < ml->n; i++)
            if (ml->m[i].from == from && ml->m[i].to == to && ml->m[i].piece
                && ml->m[i].kind == MOVE_NORMAL)
                needs_promo = true;
        snprintf(why, whysize, "%s", needs_promo && !promo_letter && !promo_plus
                 ? "promotion piece missing" : "illegal move");
    }
    free(ml);
    return found;
}
