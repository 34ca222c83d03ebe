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

/* A multi-leg move as XBoard reads it from an engine: its legs as
 * coordinate moves joined by commas, from the start through the squares
 * in `via` (path order) to the end, the suffix on the last leg. */
static void legs_to_string(const Variant *v, int from, const uint8_t *via, int nvia, int to,
                           bool cecp_ranks, const char *suffix, char *buf, size_t size)
{
    char a[16], b[16];
    size_t n = 0;
    int at = from;
    buf[0] = '\0';
    for (int i = 0; i <= nvia && n < size; i++) {
        int next = i < nvia ? via[i] : to;
        square_name(v, at, cecp_ranks, a);
        square_name(v, next, cecp_ranks, b);
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", i ? "," : "", a, b,
                              i == nvia ? suffix : "");
        at = next;
    }
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
    case MOVE_DROP:     /* +P@c3: it enters promoted, as Fairy-Stockfish writes it */
        snprintf(buf, size, "%s%c@%s", move_drop_promoted(m) ? "+" : "", v->piece[m.piece].letter,
                 to);
        return;
    case MOVE_PICKUP:           /* into the hand: @@e2, as Sjaak II writes it */
        snprintf(buf, size, "@@%s", to);
        return;
    case MOVE_TURN:             /* out and back: e4f5,f5e4 */
        legs_to_string(v, m.from, m.victim, 1, m.from, cecp_ranks, "", buf, size);
        return;
    default:
        break;
    }
    square_name(v, m.from, cecp_ranks, from);
    if (move_flips_back(pos, m)) {
        strcpy(suffix, "-");    /* a '+' form turning back, as Fairy-Stockfish writes it */
    } else if (m.piece) {
        uint8_t code = pos->board[m.from];
        promotion_suffix(v, code ? code_type(code) : NO_TYPE, m.piece - 1, suffix);
    }
    if (m.kind == MOVE_NORMAL && m.nvictims) {
        legs_to_string(v, m.from, m.victim, m.nvictims, m.to, cecp_ranks, suffix, buf, size);
        return;
    }
    if (m.kind == MOVE_CASTLE && move_gate(m) < 0
        && abs(var_file(v, m.to) - var_file(v, m.from)) == 1) {
        /* the king one file over is also its plain step: the partner's
           move follows as a second leg (f1g1,k1f1), as Sjaak II writes it */
        char pf[8], pt[8];
        square_name(v, m.victim[0], cecp_ranks, pf);
        square_name(v, m.victim[1], cecp_ranks, pt);
        snprintf(buf, size, "%s%s,%s%s", from, to, pf, pt);
        return;
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

static bool parse_drop(const Variant *v, const char *text, bool cecp_ranks, int *type, int *to,
                       bool *plus)
{
    *plus = text[0] == '+' && isalpha((unsigned char)text[1]) && text[2] == '@';
    if (*plus)
        text++;
    if (!isalpha((unsigned char)text[0]) || text[1] != '@')
        return false;
    *type = variant_type_by_letter(v, text[0], false);
    const char *s = text + 2;
    *to = square_parse(v, &s, cecp_ranks);
    return *type != NO_TYPE && *to >= 0 && *s == '\0';
}

/* Is castling move m the first of its side's king destinations, the one
 * O-O / O-O-O and king-takes-partner mean when there are several? */
static bool castle_first(const Variant *v, int color, Move m)
{
    if (v->castling.king_steps)
        return true;          /* one destination a side, wherever the king stands */
    int side = var_castle_file(v, color, var_file(v, m.victim[0]))
             > var_castle_file(v, color, var_file(v, m.from)) ? CASTLE_SHORT : CASTLE_LONG;
    return var_file(v, m.to) == var_castle_file(v, color, v->castling.king_to[side][0]);
}

/* Is m a capture that turns the mover into what it takes (capture-rules
 * contagion)?  Such a move may be written with or without the new piece's
 * letter: it is the only way to make that capture, and XBoard, which
 * knows nothing of contagion, sends it bare when it checks legality. */
static bool contagion_move(const Position *pos, Move m)
{
    if (m.kind != MOVE_NORMAL || !m.piece)
        return false;
    uint8_t mover = pos->board[m.from];
    uint8_t taken = movegen_taken_on_landing(pos, m.from, m.to, m.victim, m.nvictims);
    return mover != EMPTY && taken != EMPTY
        && variant_contagion(pos->v, code_type(mover), code_type(taken)) == m.piece - 1;
}

/* Does the legal move m match the written one?  A letter after the squares
 * names the promotion piece or, in gating variants, the piece entering
 * from hand; a gating castling move onto the partner's square is written
 * partner-square, king-square, letter (h1e1h), as XBoard does. */
static bool matches(const Position *pos, const WrittenMove *w, Move m, int from, int to,
                    int drop_type, int letter, bool promo_plus)
{
    const Variant *v = pos->v;
    if (drop_type != NO_TYPE)
        return m.kind == MOVE_DROP && m.piece == drop_type && m.to == to
            && move_drop_promoted(m) == w->drop_plus;
    if (w->pickup || m.kind == MOVE_PICKUP)
        return w->pickup && m.kind == MOVE_PICKUP && m.from == from;
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
    if (w->castle_legs)
        return m.kind == MOVE_CASTLE && m.to == to && m.victim[0] == w->partner_from
            && m.victim[1] == w->partner_to && !letter;
    if (m.to != to && !(m.kind == MOVE_CASTLE && m.victim[0] == to && castle_first(v, pos->side, m)))
        return false;    /* castling may also be written king-takes-rook */
    if (!move_victims_written(pos, w, m))
        return false;
    if (!m.piece)
        return !letter && !promo_plus && !w->promo_minus;
    if (move_flips_back(pos, m))
        return w->promo_minus && !letter;
    if (!letter && !promo_plus && !w->promo_minus && contagion_move(pos, m))
        return true;
    if (w->promo_minus)
        return false;
    const PieceType *pt = &v->piece[m.piece - 1];
    if (promo_plus)
        return pt->id[0] == '+';
    return letter && toupper(letter) == pt->letter
        && (pt->id[0] != '+' || letter == '+');
}

static void castle_notation(const Position *pos, Move m, char *out)
{
    const Variant *v = pos->v;
    int c = pos->side;
    bool short_side = var_castle_file(v, c, var_file(v, m.victim[0]))
                    > var_castle_file(v, c, var_file(v, m.from));
    strcpy(out, !castle_first(v, c, m) ? "" : short_side ? "O-O" : "O-O-O");
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

bool move_victims_written(const Position *pos, const WrittenMove *w, Move m)
{
    if (m.kind == MOVE_TURN)     /* written e4f5,f5e4, or e4e4 */
        return w->legs ? w->nvia == 1 && pos->board[w->via[0]] == EMPTY : true;
    int victims[2], n = 0;
    for (int i = 0; i < w->nvia; i++) {
        uint8_t code = pos->board[w->via[i]];
        if (code != EMPTY && code != HOLE)
            victims[n++] = w->via[i];
    }
    if (m.kind != MOVE_NORMAL)
        return n == 0;
    if (m.nvictims != n)
        return false;
    for (int i = 0; i < n; i++)
        if (m.victim[i] != victims[i])
            return false;
    return true;
}

/* The legs of a multi-leg move as XBoard 4.9.1 sends them to an engine,
 * "e4f5,f5g6" (three at most), into *w: the start of the first, the end of
 * the last, the squares where they meet; the last may carry a suffix,
 * returned in *rest.  False and a reason when they do not fit together. */
static bool read_legs(const Variant *v, const char *text, bool cecp_ranks, WrittenMove *w,
                      const char **rest, char *why, size_t whysize)
{
    const char *s = text;
    int nlegs = 0, end = -1;
    while (true) {
        int a = square_parse(v, &s, cecp_ranks);
        int b = a >= 0 ? square_parse(v, &s, cecp_ranks) : -1;
        if (a < 0 || b < 0) {
            snprintf(why, whysize, "leg %d is not two squares, as e4f5", nlegs + 1);
            return false;
        }
        if (nlegs == 0) {
            w->from = a;
        } else if (a != end) {
            char e[16], f[16];
            square_name(v, end, cecp_ranks, e);
            square_name(v, a, cecp_ranks, f);
            snprintf(why, whysize, "the legs do not join: leg %d ends on %s, leg %d starts on %s",
                     nlegs, e, nlegs + 1, f);
            return false;
        } else {
            w->via[w->nvia++] = a;
        }
        end = b;
        nlegs++;
        if (*s != ',')
            break;
        if (nlegs == 3) {
            snprintf(why, whysize, "more than three legs");
            return false;
        }
        s++;
    }
    w->to = end;
    w->legs = true;
    *rest = s;
    return true;
}

/* XBoard's own record of a multi-leg move, "e4g6;f5": the move, then its
 * kill squares, the last one chosen first ("d2d5;d4d3": d3, then d4). */
static bool read_kill_squares(const Variant *v, const char *text, bool cecp_ranks,
                              WrittenMove *w, const char **rest, char *why, size_t whysize)
{
    const char *s = text;
    w->from = square_parse(v, &s, cecp_ranks);
    w->to = w->from >= 0 ? square_parse(v, &s, cecp_ranks) : -1;
    if (w->to < 0 || *s != ';') {
        snprintf(why, whysize, "not coordinate notation; give the from and to squares, as g1f3");
        return false;
    }
    s++;
    int kill[2], n = 0;
    while (n < 2 && islower((unsigned char)*s) && isdigit((unsigned char)s[1])) {
        kill[n] = square_parse(v, &s, cecp_ranks);
        if (kill[n] < 0) {
            snprintf(why, whysize, "a kill square after ';' is off the board");
            return false;
        }
        n++;
    }
    if (n == 0) {
        snprintf(why, whysize, "no kill square after ';', as e4g6;f5");
        return false;
    }
    for (int i = 0; i < n; i++)
        w->via[i] = kill[n - 1 - i];
    w->nvia = n;
    w->legs = true;
    *rest = s;
    return true;
}

/* Castling written as two legs that do not join, the king's and then the
 * partner's ("f1g1,k1f1", Sjaak II's way when the king steps one file):
 * true and *w filled in, else false and *w untouched. */
static bool read_castle_legs(const Variant *v, const char *text, bool cecp_ranks,
                             WrittenMove *w)
{
    const char *s = text;
    int sq[4];
    for (int i = 0; i < 4; i++) {
        if (i == 2 && *s++ != ',')
            return false;
        if ((sq[i] = square_parse(v, &s, cecp_ranks)) < 0)
            return false;
    }
    if (*s || sq[2] == sq[1] || !v->castling.enabled)
        return false;
    w->from = sq[0];
    w->to = sq[1];
    w->partner_from = sq[2];
    w->partner_to = sq[3];
    w->castle_legs = true;
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
    if (text[0] == '@' && text[1] == '@') {     /* @@e2: a pickup */
        const char *s = text + 2;
        w->from = w->to = square_parse(v, &s, cecp_ranks);
        w->pickup = true;
        if (w->from >= 0 && *s == '\0')
            return true;
        if (w->from < 0 && off_board(v, text + 2, why, whysize))
            return false;
        snprintf(why, whysize, "a pickup is written @@ and a square, as @@e2");
        return false;
    }
    if (parse_drop(v, text, cecp_ranks, &w->drop_type, &w->to, &w->drop_plus))
        return true;
    if (isalpha((unsigned char)text[0]) && text[1] == '@') {
        if (variant_type_by_letter(v, text[0], false) == NO_TYPE) {
            snprintf(why, whysize, "no piece '%c' in %s", text[0], v->name);
            return false;
        }
        return not_coordinates(why, whysize);
    }
    const char *s = text;
    if (read_castle_legs(v, text, cecp_ranks, w)) {
        s = text + strlen(text);
    } else if (strchr(text, ',')) {
        if (!read_legs(v, text, cecp_ranks, w, &s, why, whysize))
            return false;
    } else if (strchr(text, ';')) {
        if (!read_kill_squares(v, text, cecp_ranks, w, &s, why, whysize))
            return false;
    } else {
        w->from = square_parse(v, &s, cecp_ranks);
        w->to = w->from >= 0 ? square_parse(v, &s, cecp_ranks) : -1;
        if (w->from < 0 || w->to < 0) {
            if (!off_board(v, s, why, whysize))
                not_coordinates(why, whysize);
            return false;
        }
    }
    if (*s == '=')
        s++;
    if (*s == '+')
        w->promo_plus = true, s++;
    else if (*s == '-')
        w->promo_minus = true, s++;
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
    int turn = -1;    /* @@@@ without rules.pass: a piece's turn (XBoard's chu, lion) */
    for (int i = 0; i < ml->n && !found; i++) {
        Move m = ml->m[i];
        if (w.pass) {
            found = m.kind == MOVE_PASS;
            if (m.kind == MOVE_TURN && turn < 0)
                turn = i;
        } else if (w.castle_text) {
            char c[8];
            if (m.kind != MOVE_CASTLE)
                continue;
            castle_notation(pos, m, c);
            found = strcmp(c, text) == 0 || (text[0] == '0' && strlen(c) == strlen(text));
        } else {
            found = matches(pos, &w, m, w.from, w.to, w.drop_type, w.letter, w.promo_plus);
        }
        if (found)
            *out = m;
    }
    if (!found && turn >= 0) {
        found = true;
        *out = ml->m[turn];
    }
    free(ml);
    if (!found)
        move_why_illegal(pos, &w, why, whysize);   /* only now: legal moves pay nothing */
    return found;
}
