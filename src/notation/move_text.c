/*
 * move_text.c — coordinate notation: writing moves as XBoard and UCI expect
 * them, and finding the legal move a string names.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/move_text.h"
#include "notation/move_why.h"
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

/* Not a move written in coordinate notation: one phrase for whatever it
 * is (SAN such as e4 or Nf3 too), saying what is expected. */
static bool not_coordinates(char *why, size_t whysize)
{
    snprintf(why, whysize, "not coordinate notation; give the from and to squares, as g1f3");
    return false;
}

/* Is a square named at s ("e9", "k1") that is not on v's board?  Then
 * true, and say so. */
static bool off_board(const Variant *v, const char *s, char *why, size_t whysize)
{
    if (!islower((unsigned char)s[0]))
        return false;
    size_t digits = strspn(s + 1, "0123456789");
    if (digits == 0 || digits > 2)
        return false;
    snprintf(why, whysize, "%.*s is off the %dx%d board", (int)digits + 1, s, v->files,
             v->ranks);
    return true;
}

/* Read `text` into *w; false and a reason if it is no move at all. */
static bool read_written(const Variant *v, const char *text, bool cecp_ranks, WrittenMove *w,
                         char *why, size_t whysize)
{
    memset(w, 0, sizeof *w);
    w->from = w->to = -1;
    w->drop_type = NO_TYPE;
    w->cecp_ranks = cecp_ranks;
    if (strcmp(text, "O-O") == 0 || strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0") == 0
        || strcmp(text, "0-0-0") == 0) {
        w->castle_text = true;
        w->castle_long = strlen(text) == 5;
        return true;
    }
    if (strcmp(text, "@@@@") == 0) {
        w->pass = true;
        return true;
    }
    if (parse_drop(v, text, cecp_ranks, &w->drop_type, &w->to))
        return true;
    if (isalpha((unsigned char)text[0]) && text[1] == '@') {
        if (variant_type_by_letter(v, text[0], false) == NO_TYPE) {
            snprintf(why, whysize, "no piece '%c' in %s", text[0], v->name);
            return false;
        }
        return not_coordinates(why, whysize);
    }
    const char *s = text;
    w->from = square_parse(v, &s, cecp_ranks);
    w->to = w->from >= 0 ? square_parse(v, &s, cecp_ranks) : -1;
    if (w->from < 0 || w->to < 0) {
        if (!off_board(v, s, why, whysize))
            not_coordinates(why, whysize);
        return false;
    }
    if (*s == '=')
        s++;
    if (*s == '+')
        w->promo_plus = true, s++;
    else if (isalpha((unsigned char)*s))
        w->letter = *s++;
    if (*s) {
        snprintf(why, whysize, "unexpected '%s' after the move", s);
        return false;
    }
    return true;
}

bool move_parse(Position *pos, const char *text, bool cecp_ranks, Move *out,
                char *why, size_t whysize)
{
    WrittenMove w;
    if (!read_written(pos->v, text, cecp_ranks, &w, why, whysize))
        return false;

    MoveList *ml = malloc(sizeof *ml);
    if (!ml) {
        snprintf(why, whysize, "out of memory");
        return false;
    }
    rules_playable_moves(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        Move m = ml->m[i];
        if (w.pass) {
            found = m.kind == MOVE_PASS;
        } else if (w.castle_text) {
            char c[8];
            if (m.kind != MOVE_CASTLE)
                continue;
            castle_notation(pos, m, c);
            found = strcmp(c, text) == 0 || (text[0] == '0' && strlen(c) == strlen(text));
        } else {
            found = matches(pos, m, w.from, w.to, w.drop_type, w.letter, w.promo_plus);
        }
        if (found)
            *out = m;
    }
    free(ml);
    if (!found)
        move_why_illegal(pos, &w, why, whysize);   /* only now: legal moves pay nothing */
    return found;
}
