/*
 * fen.c — reading positions in XBoard's FEN dialects (fen_write.c writes them):
 * multi-digit empty runs, '*' holes, '+X' promoted pieces, 'X~' pieces that
 * revert when captured, holdings in brackets, X-FEN / Shredder castling,
 * one or two e.p. squares, an optional n-check counter field, counters.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/move_text.h"
#include "board/attack.h"
#include "board/turn.h"
#include "board/movegen.h"
#include "util/number.h"
#include "notation/fen.h"
#include "notation/fen_internal.h"
#include "board/position.h"
#include "board/zobrist.h"

/* Largest half-move counter and move number a FEN may give: far beyond any
 * game, yet counting on from there cannot overflow. */
#define FEN_COUNTER_MAX 999999

static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *color_name(int color) { return color == WHITE ? "white" : "black"; }

/* Parse one piece token at *s: ['+'] letter [dress] ['~'], the dress a
 * ' or ! that tells apart pieces of one letter.  Returns the board code
 * (0 on error) and the '~' mark.  A bad token is passed over as a whole,
 * so that the caller can quote exactly it. */
static uint8_t parse_piece_token(const Variant *v, const char **s, uint8_t *mark)
{
    bool promoted = false;
    if (**s == '+') {
        promoted = true;
        (*s)++;
    }
    char c = **s;
    if (!c || strchr("/[]", c))
        return 0;            /* a lone '+': the bracket or slash is not part of it */
    (*s)++;
    char dress = 0;
    if (**s == '\'' || **s == '!')
        dress = *(*s)++;
    int type = isalpha((unsigned char)c) ? variant_type_by_token(v, c, dress, promoted) : NO_TYPE;
    *mark = 0;
    if (**s == '~') {
        *mark = 1;
        (*s)++;
    }
    if (type == NO_TYPE)
        return 0;
    return piece_code(type, isupper((unsigned char)c) ? WHITE : BLACK);
}

/* An empty-square run at *s, bounded by the squares left in the rank (a
 * count that wrapped an int would place pieces off the board). */
static int parse_empty_run(const Variant *v, const char **s, int rank, int *file,
                           char *err, size_t n)
{
    int left = v->files - *file;
    if (left <= 0)
        return fail(err, n, "rank %d has more than %d squares", rank + 1, v->files);
    const char *digits = *s;
    long long run;
    NumberStatus st = number_scan_int(s, 1, left, &run);
    if (st != NUMBER_OK) {
        char why[64];
        return fail(err, n, "empty-square count '%.*s' in rank %d %s", (int)(*s - digits),
                    digits, rank + 1, number_problem(st, 1, left, why, sizeof why));
    }
    *file += (int)run;
    return 0;
}

/* The board part; *where follows the text read, for an error's column. */
static int parse_placement(Position *pos, const char **sp, const char **where, char *err,
                           size_t n)
{
    const Variant *v = pos->v;
    const char *s = *sp;
    for (int rank = v->ranks - 1; rank >= 0; rank--) {
        int file = 0;
        while (*s && *s != '/' && *s != ' ' && *s != '[') {
            *where = s;
            if (isdigit((unsigned char)*s)) {
                if (parse_empty_run(v, &s, rank, &file, err, n))
                    return -1;
                continue;
            }
            if (file >= v->files)
                return fail(err, n, "rank %d has more than %d squares", rank + 1, v->files);
            int sq = var_square(v, file, rank);
            if (*s == '*') {
                if (!v->geom.hole[sq])
                    return fail(err, n, "'*' on %c%d, which is not a hole of this board",
                                'a' + file, rank + 1);
                s++;
                file++;
                continue;
            }
            const char *tok = s;
            uint8_t mark = 0;
            uint8_t code = parse_piece_token(v, &s, &mark);
            if (!code)
                return fail(err, n, "unknown piece '%.*s' in rank %d", (int)(s - tok), tok, rank + 1);
            if (v->geom.hole[sq])
                return fail(err, n, "piece on %c%d, which is a hole", 'a' + file, rank + 1);
            pos->board[sq] = code;
            pos->mark[sq] = mark;
            file++;
        }
        *where = s;
        if (file != v->files)
            return fail(err, n, "rank %d has %d squares, the board has %d files",
                        rank + 1, file, v->files);
        if (rank > 0) {
            if (*s != '/')
                return fail(err, n, "the board has %d ranks, the FEN has %d",
                            v->ranks, v->ranks - rank);
            s++;
        }
    }
    *sp = s;
    return 0;
}

/* Squares a piece may stand on: the board without its holes. */
static int playable_squares(const Variant *v)
{
    int n = 0;
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        n += !v->geom.hole[sq];
    return n;
}

static int empty_squares(const Position *pos)
{
    int n = 0;
    for (int sq = 0; sq < pos->v->files * pos->v->ranks; sq++)
        n += pos->board[sq] == EMPTY;
    return n;
}

/* Holdings: "[...]" right after the board; '-' or nothing for empty.  A
 * piece may carry a count ("[2Q]").  In a game with a hand they may also
 * stand, bracketed or not, as an extra rank after a '/' ("RNSKMSNR/Pp"):
 * PyChess sends its UCI positions so (BFEN, as FICS has it).  The board and
 * the hands together may hold at most one piece per square -- more than
 * any game can reach -- so that no count overflows, indexes the hash keys
 * out of range, or makes a FEN too long to write back. */
static int parse_holdings(Position *pos, const char **sp, const char **where, char *err,
                          size_t n)
{
    const char *s = *sp;
    bool has_hand = pos->v->has_drops || pos->v->hand.gating;
    if (*s == '/' && s[1] != ' ')
        s++;                 /* some tools write the hand as an extra rank */
    bool bracketed = *s == '[';
    bool bare_rank = s > *sp && has_hand && *s && *s != '[' && *s != '/';
    if (!bracketed && !bare_rank) {
        *sp = s;
        return 0;
    }
    char end = bracketed ? ']' : '\0';
    s += bracketed;
    int room = empty_squares(pos);     /* pieces the hands may still hold */
    while (*s && *s != end) {
        if (*s == '-') {
            s++;
            continue;
        }
        const char *tok = s;
        long long count = 1;
        NumberStatus st = NUMBER_OK;
        *where = tok;
        if (isdigit((unsigned char)*s))
            st = number_scan_int(&s, 0, room, &count);
        const char *piece = s;
        if (piece != tok && (*piece == ']' || *piece == '\0'))
            return fail(err, n, "holdings: count '%.*s' is not followed by a piece",
                        (int)(piece - tok), tok);
        uint8_t mark;
        uint8_t code = parse_piece_token(pos->v, &s, &mark);
        if (!code)
            return fail(err, n, "unknown piece '%.*s' in the holdings", (int)(s - piece), piece);
        if (st == NUMBER_OK && count == 0)
            return fail(err, n, "holdings: count 0 in '%.*s'", (int)(s - tok), tok);
        /* a royal is never captured, so it never reaches a hand; dropped or
           gated in, it would be a second royal.  A setup phase
           (hand.must-drop) drops the only one. */
        if (pos->v->piece[code_type(code)].royal && !pos->v->hand.must_drop)
            return fail(err, n, "holdings: '%.*s' is a royal piece, which cannot be in hand",
                        (int)(s - piece), piece);
        if (st != NUMBER_OK || count > room)
            return fail(err, n, "holdings: '%.*s' is too many: board and hands together hold "
                        "at most %d pieces, one per square", (int)(s - tok), tok,
                        playable_squares(pos->v));
        room -= (int)count;
        pos->hand[code_color(code)][code_type(code)] += (int)count;
    }
    *where = s;
    if (*s != end)
        return fail(err, n, "holdings: missing ']'");
    *sp = end ? s + 1 : s;
    return 0;
}

/* Gating variants: a file letter keeps the gating right of the piece on that
 * file of the back rank (XBoard's S-chess FEN: KQBCDFGkqbcdfg). */
static int parse_gating_letter(Position *pos, int color, char up, char *err, size_t n)
{
    const Variant *v = pos->v;
    int sq = var_square(v, up - 'A', fen_back_rank(v, color));
    uint8_t code = pos->board[sq];
    if (!code || code == HOLE || code_color(code) != color)
        return fail(err, n, "gating right '%c' but no piece of that side on its square",
                    color == WHITE ? up : (char)tolower((unsigned char)up));
    sqset_add(&pos->virgin, sq);
    return 0;
}

/* rules.initial-moves fen: castling-field: a file letter keeps the 'i'
 * rights of the piece on that file of the back rank (Fairy-Stockfish's
 * cambodian: DEde).  The letter of a piece without 'i' moves is read and
 * dropped, so that a position's hash does not depend on it. */
static int parse_initial_letter(Position *pos, int color, char up, char *err, size_t n)
{
    const Variant *v = pos->v;
    int sq = var_square(v, up - 'A', fen_back_rank(v, color));
    uint8_t code = pos->board[sq];
    if (!code || code == HOLE || code_color(code) != color)
        return fail(err, n, "initial-move right '%c' but no piece of that side on its square",
                    color == WHITE ? up : (char)tolower((unsigned char)up));
    if (v->piece[code_type(code)].has_initial)
        sqset_add(&pos->virgin, sq);
    return 0;
}

/* One castling-field character: K/Q (outermost partner on that side),
 * a file letter (Shredder / X-FEN inner partner). */
static int parse_castling_char(Position *pos, char ch, char *err, size_t n)
{
    const Variant *v = pos->v;
    int color = isupper((unsigned char)ch) ? WHITE : BLACK;
    char up = (char)toupper((unsigned char)ch);
    if (v->hand.gating && up >= 'A' && up < 'A' + v->files && up != 'K' && up != 'Q')
        return parse_gating_letter(pos, color, up, err, n);
    if (v->rules.initial_rights_in_fen && up >= 'A' && up < 'A' + v->files)
        return parse_initial_letter(pos, color, up, err, n);
    int king = fen_castling_king(pos, color);
    if (king < 0)
        return fail(err, n, "castling right '%c' but no castling king on its rank", ch);
    int rank = var_rank(v, king), kf = var_file(v, king);
    int partner = -1;
    if (up == 'K' || up == 'Q') {
        int step = up == 'K' ? 1 : -1;
        for (int f = up == 'K' ? v->files - 1 : 0; f != kf; f -= step)
            if (fen_castling_partner(pos, var_square(v, f, rank), color)) {
                partner = var_square(v, f, rank);
                break;
            }
    } else if (up >= 'A' && up < 'A' + v->files) {
        int sq = var_square(v, up - 'A', rank);
        if (fen_castling_partner(pos, sq, color))
            partner = sq;
    } else {
        return 1;   /* not a castling letter: gating letters and the like are ignored */
    }
    if (partner < 0)
        return fail(err, n, "castling right '%c' has no partner piece on its square", ch);
    sqset_add(&pos->virgin, king);
    sqset_add(&pos->virgin, partner);
    return 0;
}

/* Squares whose piece may still use 'i' moves: the same piece as in the
 * start position, as XBoard judges it (castling pieces instead follow the
 * castling field).  Pieces without initial moves are left out so that a
 * position's hash does not depend on how it was reached. */
static void init_virginity(Position *pos)
{
    const Variant *v = pos->v;
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t c = pos->board[sq];
        if (!c || c == HOLE || c != v->start_board[sq])
            continue;               /* (a hole is no piece, though it is where it was) */
        int t = code_type(c);
        bool castling_piece = v->castling.enabled
            && (t == v->castling.king || (v->castling.partners >> t & 1));
        bool gating_piece = (v->hand.gating || v->rules.initial_rights_in_fen)
                            && var_rank(v, sq) == fen_back_rank(v, code_color(c));
        if (!castling_piece && !gating_piece && v->piece[t].has_initial)
            sqset_add(&pos->virgin, sq);
    }
}

static int parse_ep(Position *pos, const char *field, char *err, size_t n)
{
    const Variant *v = pos->v;
    if (strcmp(field, "-") == 0)
        return 0;
    const char *s = field;
    int sqs[2] = { 0, 0 }, k = 0;
    while (*s && k < 2) {
        int sq = square_parse(v, &s, false);
        if (sq < 0)
            return fail(err, n, "bad e.p. field '%s'", field);
        sqs[k++] = sq;
    }
    if (*s)
        return fail(err, n, "bad e.p. field '%s'", field);
    int them = !pos->side;
    int fwd = them == WHITE ? v->files : -v->files;
    if (k == 2) {
        /* Fairy-Stockfish (berolina) writes the passed square and the square
           of the pawn that may be taken, in either order: the occupied one
           is the victim. */
        bool first_is_victim = pos->board[sqs[0]] != EMPTY;
        pos->ep_victim = (uint8_t)sqs[first_is_victim ? 0 : 1];
        pos->ep[0] = (uint8_t)sqs[first_is_victim ? 1 : 0];
        pos->ep_passed_first = !first_is_victim;
    } else {
        int victim = sqs[0] + fwd;
        if (victim < 0 || victim >= v->files * v->ranks)
            return fail(err, n, "e.p. square %s has no pawn in front of it", field);
        pos->ep_victim = (uint8_t)victim;
        pos->ep[0] = (uint8_t)sqs[0];
    }
    uint8_t vc = pos->board[pos->ep_victim];
    if (!vc || code_color(vc) != them || pos->board[pos->ep[0]])
        return fail(err, n, "e.p. field '%s' does not match the position", field);
    pos->ep_count = 1;
    return 0;
}

static void build_piece_lists(Position *pos)
{
    const Variant *v = pos->v;
    pos->nlist[0] = pos->nlist[1] = 0;
    memset(pos->count, 0, sizeof pos->count);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t c = pos->board[sq];
        if (!c || c == HOLE)
            continue;
        int col = code_color(c);
        pos->list_index[sq] = (uint8_t)pos->nlist[col];
        pos->list[col][pos->nlist[col]++] = (uint8_t)sq;
        pos->count[col][code_type(c)]++;
    }
}

/* The n-check field "W+B": the checks each side may still receive. */
static int parse_check_counter(Position *pos, const char *field, char *err, size_t n)
{
    int limit = pos->v->rules.check_limit;
    const char *s = field;
    long long left[2];
    NumberStatus st = number_scan_int(&s, 0, limit, &left[WHITE]);
    if (st == NUMBER_OK) {
        if (*s != '+')
            return fail(err, n, "check counter '%s' must be W+B", field);
        s++;
        st = number_scan_int(&s, 0, limit, &left[BLACK]);
    }
    if (st != NUMBER_OK) {
        char why[64];
        return fail(err, n, "check counter '%s' %s", field,
                    number_problem(st, 0, limit, why, sizeof why));
    }
    if (*s)
        return fail(err, n, "check counter '%s' must be W+B", field);
    pos->checks[WHITE] = limit - (int)left[WHITE];
    pos->checks[BLACK] = limit - (int)left[BLACK];
    return 0;
}

/* A half-move counter or move number, within [lo, FEN_COUNTER_MAX]. */
static int parse_counter(const char *field, const char *what, long long lo, int *out,
                         char *err, size_t n)
{
    long long value;
    NumberStatus st = number_parse_int(field, lo, FEN_COUNTER_MAX, &value);
    if (st != NUMBER_OK) {
        char why[64];
        return fail(err, n, "%s '%s' %s", what, field,
                    number_problem(st, lo, FEN_COUNTER_MAX, why, sizeof why));
    }
    *out = (int)value;
    return 0;
}

/* The royal pieces the variant's rules rely on: a side that starts with
 * royals must have one, and the side not to move may not be in check (the
 * side to move could take its royal) nor stand illegally otherwise.
 * Variants without royals (giveaway, extinction) and horde's White pass,
 * and so does atomic's side to move when its royal was just blown up. */
static int check_royals(Position *pos, char *err, size_t n)
{
    const Variant *v = pos->v;
    for (int c = 0; c < 2; c++) {
        int needed = NO_TYPE, have = 0;
        for (int t = 0; t < v->ntypes; t++) {
            if (!(v->royal_types >> t & 1))
                continue;
            have += pos->count[c][t];
            if (needed == NO_TYPE && v->start_count[c][t])
                needed = t;
        }
        /* with explosions a royal is blown up when the game ends: the
           position after that move has the side to move without one */
        bool blown_up = v->rules.explosions && c == pos->side;
        if (needed != NO_TYPE && !have && blown_up)
            return 0;     /* a finished game: nothing else to check */
        if (needed != NO_TYPE && !have)
            return fail(err, n, "%s has no %s (%s), which this variant needs", color_name(c),
                        v->piece[needed].name, v->piece[needed].id);
    }
    int them = !pos->side;
    if (attack_in_check(pos, them))
        return fail(err, n, "%s is in check with %s to move", color_name(them),
                    color_name(pos->side));
    /* with the royals present and no move made, what else makes the
       position illegal is royals facing each other (xiangqi) */
    if (attack_left_illegal(pos))
        return fail(err, n, "the royal pieces face each other with %s to move",
                    color_name(pos->side));
    return 0;
}

static bool is_counter(const char *field)
{
    return *field && strspn(field, "0123456789") == strlen(field);
}

/* Split the FEN into whitespace-separated fields (at most 8). */
static int split_fields(char *buf, char **field, int max)
{
    int nf = 0;
    for (char *tok = strtok(buf, " \t\r\n"); tok && nf < max; tok = strtok(NULL, " \t\r\n"))
        field[nf++] = tok;
    return nf;
}

/* The side to move, "w" or "b", and with turns of several moves a count
 * after it: "w2" is White with two moves left in its turn (*turn_left
 * 0: none written, the turn starts). */
static int parse_side(Position *pos, const char *field, int *turn_left, char *err, size_t n)
{
    if (field[0] != 'w' && field[0] != 'b')
        return fail(err, n, "side to move must be 'w' or 'b', not '%s'", field);
    pos->side = field[0] == 'w' ? WHITE : BLACK;
    if (!field[1])
        return 0;
    if (!pos->v->turn.multi)
        return fail(err, n, "side to move must be 'w' or 'b', not '%s' (moves left in a turn "
                    "only where turns have several moves)", field);
    if (!is_counter(field + 1) || strlen(field + 1) > 3 || atoi(field + 1) < 1)
        return fail(err, n, "moves left in the turn after '%c' must be a number from 1, "
                    "not '%s'", field[0], field + 1);
    *turn_left = atoi(field + 1);
    return 0;
}

/* The moves left in the turn: as written (no more than the turn has), or
 * a whole turn. */
static int set_turn_left(Position *pos, int written, char *err, size_t n)
{
    int whole = turn_length(pos->v, pos->side, pos->fullmove);
    if (written > whole)
        return fail(err, n, "%s has %d moves left in a turn of %d", color_name(pos->side),
                    written, whole);
    pos->turn_left = written ? written : whole;
    return 0;
}

/* The fields of a FEN split in place (parse_fen); *where follows them. */
static int parse_fields(Position *pos, const char *s, char **field, int nf, const char **where,
                        char *err, size_t n)
{
    const Variant *v = pos->v;
    if (parse_placement(pos, &s, where, err, n) || parse_holdings(pos, &s, where, err, n))
        return -1;
    *where = s;
    if (*s)
        return fail(err, n, "unexpected '%s' after the board", s);

    int fi = 1, turn_left = 0;
    pos->side = WHITE;
    if (fi < nf) {
        *where = field[fi];
        if (parse_side(pos, field[fi], &turn_left, err, n))
            return -1;
        fi++;
    }
    build_piece_lists(pos);
    init_virginity(pos);
    /* XBoard leaves out the castling and e.p. fields in variants without
       castling or double steps ("... w 0 1"): a counter comes next */
    if (fi < nf && !is_counter(field[fi])) {
        if (strcmp(field[fi], "-") != 0)
            for (const char *c = field[fi]; *c; c++) {
                *where = c;
                if (parse_castling_char(pos, *c, err, n) < 0)
                    return -1;
            }
        fi++;
    }
    if (fi < nf)
        *where = field[fi];
    if (fi < nf && !is_counter(field[fi])) {
        if (parse_ep(pos, field[fi], err, n))
            return -1;
        fi++;
    }
    /* rules.counting: a running count's limit (in plies) where the e.p.
       field would be, and its plies counted in the half-move field
       ("... w - 32 7 60"), as Fairy-Stockfish writes them */
    int count_limit = 0;
    int after = fi + 1 < nf && v->rules.check_limit && strchr(field[fi + 1], '+') ? fi + 2 : fi + 1;
    if (v->rules.counting.on && after + 1 < nf && is_counter(field[fi])
        && is_counter(field[after]) && is_counter(field[after + 1])) {
        *where = field[fi];
        if (parse_counter(field[fi], "counting limit", 0, &count_limit, err, n))
            return -1;
        fi++;
    }
    if (fi < nf)
        *where = field[fi];
    if (fi < nf && strchr(field[fi], '+') && v->rules.check_limit) {
        if (parse_check_counter(pos, field[fi], err, n))
            return -1;
        fi++;
    }
    pos->fullmove = 1;
    if (fi < nf) {
        *where = field[fi];
        if (parse_counter(field[fi], "half-move counter", 0, &pos->halfmove, err, n))
            return -1;
        pos->rep_plies = pos->halfmove;
        fi++;
    }
    if (count_limit) {
        pos->count_limit = count_limit;
        pos->count_ply = pos->halfmove;
        pos->halfmove = pos->rep_plies = 0;
    }
    if (fi < nf) {
        *where = field[fi];
        if (parse_counter(field[fi], "move number", 1, &pos->fullmove, err, n))
            return -1;
        fi++;
    }
    if (fi < nf) {
        *where = field[fi];
        return fail(err, n, "unexpected '%s' at the end of the FEN", field[fi]);
    }
    *where = NULL;      /* what follows is about the position as a whole */
    if (set_turn_left(pos, turn_left, err, n))
        return -1;
    /* several royals of one type where the rules say which of them matter */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (v->piece[t].royal && pos->count[c][t] > 1
                && !v->rules.royal_spare && !v->rules.royal_last)
                return fail(err, n, "%s has %d royal pieces '%s'",
                            color_name(c), pos->count[c][t], v->piece[t].id);
    if (check_royals(pos, err, n))
        return -1;
    position_init_shak(pos);
    pos->hash = position_compute_hash(pos);
    return 0;
}

/* On an error *at is the offset in fen of the mistake, or -1 when it is
 * the position as a whole (a king in check, a missing king). */
static int parse_fen(Position *pos, const Variant *v, const char *fen, char *err, size_t n,
                     int *at)
{
    const char *where = NULL;
    *at = -1;
    memset(pos, 0, offsetof(Position, undo));
    pos->v = v;
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        pos->board[sq] = (sq < v->files * v->ranks && !v->geom.hole[sq]) ? EMPTY : HOLE;

    char buf[FEN_MAX];
    if (strlen(fen) >= sizeof buf)
        return fail(err, n, "FEN too long");
    strcpy(buf, fen);
    char *field[8];
    int nf = split_fields(buf, field, 8);
    if (nf == 0)
        return fail(err, n, "empty FEN");

    const char *s = field[0];
    int rc = parse_fields(pos, s, field, nf, &where, err, n);
    if (rc && where)
        *at = (int)(where - buf);
    return rc;
}

int position_set_fen(Position *pos, const Variant *v, const char *fen, char *err, size_t errsize)
{
    int at;
    return position_set_fen_at(pos, v, fen, err, errsize, &at);
}

int position_set_fen_at(Position *pos, const Variant *v, const char *fen, char *err,
                        size_t errsize, int *at)
{
    *at = -1;
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp)
        return fail(err, errsize, "out of memory");
    int rc = parse_fen(tmp, v, fen, err, errsize, at);
    if (rc == 0) {
        memcpy(pos, tmp, offsetof(Position, undo));
        pos->ply = 0;
        pos->root_ply = 0;
    }
    free(tmp);
    return rc;
}

int fen_validate(const Variant *v, const char *fen, char *err, size_t errsize)
{
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp)
        return fail(err, errsize, "out of memory");
    int at;
    int rc = parse_fen(tmp, v, fen, err, errsize, &at);
    free(tmp);
    return rc;
}

void position_start(Position *pos, const Variant *v)
{
    char err[200];
    position_set_fen(pos, v, v->start_fen, err, sizeof err);
}
