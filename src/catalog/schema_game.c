/*
 * schema_game.c — the board and the set-up of the game: `board` (size,
 * holes), the board part of `start`, `hand` (captures kept, drops),
 * `castling` and `gating`.
 *
 * The start position is checked here with columns (widths of ranks,
 * letters of undefined pieces); the FEN reader checks the rest later, in
 * prepare_start(), when every piece is known.
 */
#include <ctype.h>
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"

/* One side of "WxH": the count read from [start, end) with status st. */
static bool check_board_count(SchemaContext *c, const TreeNode *n, NumberStatus st,
                              const char *start, const char *end, const char *what, int max)
{
    char why[64];
    if (st == NUMBER_OK)
        return true;
    diag_error(c->diag, n->file, n->line, tree_scalar_column(n, (int)(start - n->text)),
               "the number of %s '%.*s' %s", what, (int)(end - start), start,
               number_problem(st, 1, max, why, sizeof why));
    return false;
}

/* `board: 10x8`: files x ranks. */
static bool read_board_size(SchemaContext *c, const TreeNode *n, const char *text)
{
    const char *end = text + strlen(text), *p = text, *files_at, *files_end, *ranks_at;
    long long files = 0, ranks = 0;
    NumberStatus fs, rs = NUMBER_MISSING;

    files_at = p;
    fs = schema_word_number(&p, end, 1, MAX_FILES, &files);
    files_end = p;
    ranks_at = p + 1;
    if (fs != NUMBER_MISSING && *p == 'x') {
        p++;
        rs = schema_word_number(&p, end, 1, MAX_RANKS, &ranks);
    }
    if (fs == NUMBER_MISSING || rs == NUMBER_MISSING || p != end) {
        SCHEMA_ERROR(c, n, "'board' must look like 8x8 (files x ranks), got '%s'", text);
        return false;
    }
    /* Both sides are checked, so both mistakes are reported. */
    bool files_ok = check_board_count(c, n, fs, files_at, files_end, "files", MAX_FILES);
    bool ranks_ok = check_board_count(c, n, rs, ranks_at, p, "ranks", MAX_RANKS);
    if (!files_ok || !ranks_ok)
        return false;
    c->v->files = (int)files;
    c->v->ranks = (int)ranks;
    return true;
}

/* `board`: "WxH", or a mapping with files, ranks and holes. */
void schema_read_board(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "files", "ranks", "holes", NULL };
    static const char *const reserved[] = { "shape", NULL };
    Variant *v = c->v;
    const TreeNode *holes = NULL;

    if (n->kind == TREE_SCALAR) {
        c->board_ok = schema_string(c, n, "board") && read_board_size(c, n, n->text);
    } else if (schema_want_kind(c, n, TREE_MAP, "board")) {
        const TreeNode *f = tree_map_get(n, "files"), *r = tree_map_get(n, "ranks");
        schema_check_keys(c, n, keys, reserved, "'board'");
        if (!f || !r)
            SCHEMA_ERROR(c, n, "'board' needs 'files' and 'ranks'");
        else {
            /* Both are checked, so both mistakes are reported. */
            bool files_ok = schema_int(c, f, "files", 1, MAX_FILES, &v->files);
            bool ranks_ok = schema_int(c, r, "ranks", 1, MAX_RANKS, &v->ranks);
            c->board_ok = files_ok && ranks_ok;
        }
        holes = tree_map_get(n, "holes");
    }
    if (!c->board_ok)
        return;
    xb_geometry_init(&v->geom, v->files, v->ranks);
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        sqset_add(&c->board, sq);
    if (holes) {
        /* Holes are absolute squares: the same for both sides. */
        SquareSet h = { { 0 } };
        if (regions_read_absolute(c, holes, &h))
            for (int sq = 0; sq < v->files * v->ranks; sq++)
                if (sqset_has(&h, sq))
                    v->geom.hole[sq] = 1;
    }
}

/* Holes written as '*' in the start position. */
void schema_read_start_holes(SchemaContext *c, const TreeNode *n)
{
    Variant *v = c->v;
    bool listed = false;
    int rank = v->ranks - 1, file = 0;

    for (int sq = 0; sq < v->files * v->ranks; sq++)
        listed |= v->geom.hole[sq] != 0;
    for (const char *p = n->text; *p && *p != ' ' && *p != '['; p++) {
        if (*p == '/') {
            rank--;
            file = 0;
        } else if (isdigit((unsigned char)*p)) {
            /* A bad run is schema_check_start's to report; past the last file
             * nothing more can be a hole. */
            long long k;
            if (number_scan_int(&p, 1, v->files, &k) != NUMBER_OK)
                k = v->files;
            file = file + k < v->files ? file + (int)k : v->files;
            p--;
        } else if (*p == '*') {
            if (rank >= 0 && file < v->files) {
                int sq = var_square(v, file, rank);
                if (listed && !v->geom.hole[sq])
                    diag_error(c->diag, n->file, n->line, tree_scalar_column(n, (int)(p - n->text)),
                               "the start position has a hole on %c%d but 'board.holes' does "
                               "not list it", 'a' + file, rank + 1);
                v->geom.hole[sq] = 1;
            }
            file++;
        } else if (isalpha((unsigned char)*p)) {
            file++;
        }
    }
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (v->geom.hole[sq])
            c->board.w[sq >> 6] &= ~((uint64_t)1 << (sq & 63));
}

/* Is there a piece (promoted: a '+' piece) with this letter or synonym? */
static bool letter_is_defined(const Variant *v, char ch, bool promoted)
{
    char up = (char)toupper((unsigned char)ch);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        if ((pt->id[0] == '+') != promoted)
            continue;
        if (pt->letter == up || (!promoted && strchr(pt->synonyms, up)))
            return true;
    }
    return false;
}

/* Pieces in hand at the start need a hand to go to: drops, gating, or
 * captures kept.  Without one they would sit unseen and unused, so the
 * holdings (from `at`, the '[') are refused at their first piece;
 * "[]" and "[-]" are fine. */
static void check_start_holdings(SchemaContext *c, const TreeNode *n, int at)
{
    const Hand *h = &c->v->hand;
    const char *s = n->text;
    if (h->enabled || h->gating || h->captures != CAPTURES_DISCARD)
        return;
    int first = at + 1;
    while (s[first] == '-')
        first++;
    if (s[first] == ']' || s[first] == '\0')
        return;
    int end = first;
    while (s[end] && s[end] != ']')
        end++;
    diag_error(c->diag, n->file, n->line, tree_scalar_column(n, first),
               "the start position has pieces in hand ('%.*s') but variant '%s' has no hand "
               "(give it a 'hand' or 'gating')",
               end - first, s + first, c->v->name);
}

/* The board part of the start position, checked with columns; the rest
 * is fen_validate()'s job. */
void schema_check_start(SchemaContext *c, const TreeNode *n)
{
    const Variant *v = c->v;
    const char *s = n->text, *p = s;
    int rank = 0, width = 0;
    bool reported = false;      /* this rank already has an error about its width */

    for (;; p++) {
        int at = (int)(p - s);
        if (*p == '/' || *p == ' ' || *p == '[' || *p == '\0') {
            if (width != v->files && rank < v->ranks && !reported)
                diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                           "rank %d of the start position has %d squares, the board has %d files",
                           v->ranks - rank, width, v->files);
            rank++;
            width = 0;
            reported = false;
            if (*p != '/')
                break;
        } else if (isdigit((unsigned char)*p)) {
            long long run;
            char why[64];
            NumberStatus st = number_scan_int(&p, 1, v->files, &run);
            if (st != NUMBER_OK && !reported) {
                diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                           "the run of empty squares '%.*s' in rank %d of the start position %s",
                           (int)(p - s - at), s + at, v->ranks - rank,
                           number_problem(st, 1, v->files, why, sizeof why));
                reported = true;
            }
            /* Saturated: a wider rank is an error anyway, and width never overflows. */
            width = width + run <= v->files ? width + (int)run : v->files + 1;
            p--;
        } else if (*p == '*') {
            width++;
        } else if (*p == '+' && isalpha((unsigned char)p[1])) {
            if (!letter_is_defined(v, p[1], true))
                diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                           "start position uses '+%c' but no piece '+%c' is defined",
                           p[1], toupper((unsigned char)p[1]));
            p++;
            width++;
        } else if (isalpha((unsigned char)*p)) {
            if (!letter_is_defined(v, *p, false))
                diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                           "start position uses '%c' but no piece '%c' is defined",
                           *p, toupper((unsigned char)*p));
            width++;
        } else if (*p != '~' && *p != '!' && *p != '\'') {
            diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                       "unexpected '%c' in the start position", *p);
        }
    }
    if (rank != v->ranks)
        SCHEMA_ERROR(c, n, "the start position has %d ranks, the board has %d", rank, v->ranks);
    if (*p == '[')
        check_start_holdings(c, n, (int)(p - s));
}

/* `hand`: where captures go, whether and where they may be dropped. */
void schema_read_hand(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "captures", "drops", "zone", "only-where-mobile",
                                        "checks", "mates", "revert-promoted", "must-drop",
                                        "pickup", NULL };
    static const char *const reserved[] = { "drop-first", "partner-board", NULL };
    static const char *const fates[] = { "discard", "to-captor", "to-owner", NULL };
    static const char *const allow[] = { "allowed", "forbidden", NULL };
    Hand *h = &c->v->hand;
    const TreeNode *x;

    h->zone[WHITE] = h->zone[BLACK] = c->board;
    h->revert_promoted = true;
    if (!n || schema_is_off(n))
        return;
    if (!schema_want_kind(c, n, TREE_MAP, "hand"))
        return;
    schema_check_keys(c, n, keys, reserved, "'hand'");
    if ((x = tree_map_get(n, "captures"))) {
        int f = schema_choice(c, x, "captures", fates);
        h->captures = f == 1 ? CAPTURES_TO_CAPTOR : f == 2 ? CAPTURES_TO_OWNER : CAPTURES_DISCARD;
    }
    h->enabled = h->captures != CAPTURES_DISCARD;
    if ((x = tree_map_get(n, "drops")))
        schema_bool(c, x, "drops", &h->enabled);
    if (h->captures != CAPTURES_DISCARD && !h->enabled)
        diag_warning(c->diag, x->file, x->line, x->col,
                     "hand keeps captures but 'drops: false' — captured pieces can never return");
    if ((x = tree_map_get(n, "zone")))
        regions_read_set(c, x, h->zone);
    if ((x = tree_map_get(n, "only-where-mobile")))
        schema_bool(c, x, "only-where-mobile", &h->only_where_mobile);
    if ((x = tree_map_get(n, "revert-promoted")))
        schema_bool(c, x, "revert-promoted", &h->revert_promoted);
    if ((x = tree_map_get(n, "checks")))
        c->drop_checks_forbidden = schema_choice(c, x, "checks", allow) == 1;
    if ((x = tree_map_get(n, "mates")))
        c->drop_mates_forbidden = schema_choice(c, x, "mates", allow) == 1;
    const TreeNode *y = tree_map_get(n, "pickup");
    if (y && schema_bool(c, y, "pickup", &h->pickup) && h->pickup && !h->enabled)
        SCHEMA_ERROR(c, y, "'pickup' needs drops ('drops: true')");
}

/* hand.must-drop, read once the pieces are known: true (holding any
 * piece) or the piece types whose being in hand obliges a drop (koedem:
 * [K]). */
void schema_read_must_drop(SchemaContext *c, const TreeNode *hand)
{
    Hand *h = &c->v->hand;
    const TreeNode *x = hand && hand->kind == TREE_MAP ? tree_map_get(hand, "must-drop") : NULL;
    if (!x)
        return;
    bool all = false;
    if (x->kind != TREE_SCALAR)
        schema_piece_mask(c, x, "must-drop piece", &h->must_drop);
    else if (schema_bool(c, x, "must-drop", &all))
        h->must_drop = all ? type_mask_all(c->v->ntypes) : 0;
    if (h->must_drop && !h->enabled)
        SCHEMA_ERROR(c, x, "'must-drop' needs drops ('drops: true')");
}

/* A file letter on this board, as a 0-based file; -1 after an error. */
static int read_file_letter(SchemaContext *c, const TreeNode *n, const char *what)
{
    const char *s = schema_string(c, n, what);
    if (!s)
        return -1;
    if (strlen(s) != 1 || *s < 'a' || *s >= 'a' + c->v->files) {
        if (n->kind == TREE_SCALAR && (n->text[0] == '[' || strchr(n->text, ',')))
            SCHEMA_ERROR(c, n, "'%s' takes a file letter or a YAML list of them, as [i, h]",
                         what);
        else
            SCHEMA_ERROR(c, n, "'%s' must be a file letter from a to %c (got '%s')", what,
                         'a' + c->v->files - 1, s);
        return -1;
    }
    return *s - 'a';
}

/* One side of `king-to` or `rook-to`: a file, or a list of files (flexible
 * castling: the king may land on any of them).  The count, or -1. */
static int read_side_files(SchemaContext *c, const TreeNode *n, const char *what, int *files)
{
    if (n->kind != TREE_SEQ) {
        files[0] = read_file_letter(c, n, what);
        return files[0] < 0 ? -1 : 1;
    }
    if (n->n == 0 || n->n > MAX_CASTLE_TO) {
        SCHEMA_ERROR(c, n, "'%s' needs 1 to %d files (got %d)", what, MAX_CASTLE_TO, n->n);
        return -1;
    }
    for (int i = 0; i < n->n; i++) {
        if ((files[i] = read_file_letter(c, n->vals[i], what)) < 0)
            return -1;
        for (int j = 0; j < i; j++)
            if (files[j] == files[i]) {
                SCHEMA_ERROR(c, n->vals[i], "'%s' names file %c twice", what, 'a' + files[i]);
                return -1;
            }
    }
    return n->n;
}

/* {short: g, long: c} or {short: [i, h], long: [c, b, d]}: the files of
 * `king-to` or `rook-to`, with their counts in n[CASTLE_SHORT/LONG]. */
static void read_castling_files(SchemaContext *c, const TreeNode *n, const char *what,
                                int files[2][MAX_CASTLE_TO], int n_files[2])
{
    static const char *const keys[] = { "short", "long", NULL };
    static const char *const sides[2] = { "short", "long" };
    if (!schema_want_kind(c, n, TREE_MAP, what))
        return;
    schema_check_keys(c, n, keys, NULL, what);
    for (int s = CASTLE_SHORT; s <= CASTLE_LONG; s++) {
        const TreeNode *x = tree_map_get(n, sides[s]);
        if (x)
            n_files[s] = read_side_files(c, x, sides[s], files[s]);
    }
}

/* `rook-to` left out: next to the king on the inner side; given: one file
 * for each of the king's. */
static void castling_rook_files(SchemaContext *c, const TreeNode *n, Castling *cs)
{
    int rook[2][MAX_CASTLE_TO], nrook[2] = { 0, 0 };
    static const char *const sides[2] = { "short", "long" };
    if (n)
        read_castling_files(c, n, "rook-to", rook, nrook);
    for (int s = CASTLE_SHORT; s <= CASTLE_LONG; s++) {
        for (int i = 0; i < cs->nto[s]; i++)
            cs->rook_to[s][i] = cs->king_to[s][i] + (s == CASTLE_SHORT ? -1 : 1);
        if (nrook[s] <= 0 || cs->nto[s] <= 0)   /* none given, or king-to was wrong */
            continue;
        if (nrook[s] != cs->nto[s]) {
            SCHEMA_ERROR(c, tree_map_get(n, sides[s]),
                         "'rook-to: %s' needs one file for each of the %d in 'king-to' (got %d)",
                         sides[s], cs->nto[s], nrook[s]);
            continue;
        }
        memcpy(cs->rook_to[s], rook[s], sizeof rook[s]);
    }
}

/* gating: {style: seirawan} -- a piece from hand may enter the board on the
 * square a back-rank piece leaves on its first move (with castling, the
 * king's or the rook's square). */
void schema_read_gating(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "style", NULL };
    static const char *const styles[] = { "seirawan", "musketeer", NULL };
    const TreeNode *x;

    c->v->hand.gating = false;
    if (!n || schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "gating"))
        return;
    schema_check_keys(c, n, keys, NULL, "'gating'");
    if (!(x = tree_map_get(n, "style"))) {
        SCHEMA_ERROR(c, n, "'gating' needs a 'style' (seirawan)");
        return;
    }
    int style = schema_choice(c, x, "style", styles);
    if (style == 1)
        SCHEMA_ERROR(c, x, "'gating.style: musketeer' is reserved but not supported yet");
    c->v->hand.gating = style == 0;
    const Castling *cs = &c->v->castling;
    if (c->v->hand.gating && cs->enabled
        && (cs->nto[CASTLE_SHORT] > 1 || cs->nto[CASTLE_LONG] > 1))
        SCHEMA_ERROR(c, x, "gating with flexible castling (several 'king-to' files) is not "
                     "supported: XBoard's h1e1h would not say where the king goes");
}

/* One file letter or a list of them, as a set of files (bit f: file f);
 * false after an error. */
static bool read_file_set(SchemaContext *c, const TreeNode *n, const char *what, uint32_t *set)
{
    *set = 0;
    if (n->kind != TREE_SEQ) {
        int f = read_file_letter(c, n, what);
        *set = f >= 0 ? (uint32_t)1 << f : 0;
        return f >= 0;
    }
    for (int i = 0; i < n->n; i++) {
        int f = read_file_letter(c, n->vals[i], what);
        if (f < 0)
            return false;
        *set |= (uint32_t)1 << f;
    }
    return true;
}

/* `dropped-pieces: {king: e, with: [a, h]}`: the files of the castling
 * rank on which a dropped king, or a dropped partner, gets castling rights
 * (placement chess). */
static void read_dropped_pieces(SchemaContext *c, const TreeNode *n, Castling *cs)
{
    static const char *const keys[] = { "king", "with", NULL };
    const TreeNode *k, *w;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "dropped-pieces"))
        return;
    schema_check_keys(c, n, keys, NULL, "'dropped-pieces'");
    k = tree_map_get(n, "king");
    w = tree_map_get(n, "with");
    if (!k || !w) {
        SCHEMA_ERROR(c, n, "'dropped-pieces' needs 'king' and 'with' (files of the castling "
                     "rank), as {king: e, with: [a, h]}");
        return;
    }
    read_file_set(c, k, "dropped-pieces king", &cs->dropped_king_files);
    read_file_set(c, w, "dropped-pieces with", &cs->dropped_partner_files);
}

/* `castling`: the king, its partners, and where each lands. */
void schema_read_castling(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "king", "with", "rank", "king-to", "rook-to",
                                        "through-check", "shuffle", "dropped-pieces",
                                        "whole-side", "king-steps", NULL };
    static const char *const reserved[] = { "opposite-only", "wins", NULL };
    Castling *cs = &c->v->castling;
    const TreeNode *x;

    if (!n || schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "castling"))
        return;
    schema_check_keys(c, n, keys, reserved, "'castling'");
    cs->enabled = true;
    cs->king = NO_TYPE;
    cs->nto[CASTLE_SHORT] = cs->nto[CASTLE_LONG] = 0;
    if ((x = tree_map_get(n, "king")))
        cs->king = schema_piece_ref(c, x, "castling king");
    else
        for (int t = 0; t < c->v->ntypes && cs->king == NO_TYPE; t++)
            if (c->v->piece[t].royal)
                cs->king = t;
    if (cs->king == NO_TYPE && !tree_map_get(n, "king"))
        SCHEMA_ERROR(c, n, "'castling' needs 'king': no piece is royal");
    if ((x = tree_map_get(n, "with")))
        schema_piece_mask(c, x, "castling partner", &cs->partners);
    else if (schema_type_by_id(c->v, "R") != NO_TYPE)
        cs->partners = type_bit(schema_type_by_id(c->v, "R"));
    else
        SCHEMA_ERROR(c, n, "'castling' needs 'with' (the partner pieces)");
    cs->rank = 0;
    if ((x = tree_map_get(n, "rank")) && schema_int(c, x, "rank", 1, c->v->ranks, &cs->rank))
        cs->rank--;
    if ((x = tree_map_get(n, "king-to")))
        read_castling_files(c, x, "king-to", cs->king_to, cs->nto);
    if (!x || (!tree_map_get(x, "short") || !tree_map_get(x, "long")))
        SCHEMA_ERROR(c, x ? x : n, "'castling' needs 'king-to' with a 'short' and a 'long' file");
    for (int s = CASTLE_SHORT; s <= CASTLE_LONG; s++)
        if (cs->nto[s] < 0)
            cs->nto[s] = 0;
    castling_rook_files(c, tree_map_get(n, "rook-to"), cs);
    if ((x = tree_map_get(n, "through-check")))
        schema_bool(c, x, "through-check", &cs->through_check);
    if ((x = tree_map_get(n, "whole-side")))
        schema_bool(c, x, "whole-side", &cs->whole_side);
    if ((x = tree_map_get(n, "shuffle")))
        schema_bool(c, x, "shuffle", &cs->shuffle);
    if (cs->shuffle && (cs->nto[CASTLE_SHORT] > 1 || cs->nto[CASTLE_LONG] > 1))
        SCHEMA_ERROR(c, x, "'shuffle' (Chess960 castling) takes one 'king-to' file a side");
    if ((x = tree_map_get(n, "dropped-pieces")))
        read_dropped_pieces(c, x, cs);
    cs->king_steps = 0;
    if ((x = tree_map_get(n, "king-steps"))
        && schema_int(c, x, "king-steps", 1, c->v->files - 1, &cs->king_steps)
        && (cs->shuffle || cs->whole_side || cs->nto[CASTLE_SHORT] > 1
            || cs->nto[CASTLE_LONG] > 1))
        SCHEMA_ERROR(c, x, "'king-steps' goes with one 'king-to' file a side, and not with "
                           "'shuffle' or 'whole-side'");
}
