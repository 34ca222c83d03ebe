/*
 * cecp_variant.c — variants as XBoard sees them: names, the piece-to-char
 * table, and the `setup` / `piece` commands (docs/xbetza.md §10,
 * menagerie-variants(5) "GUI presentation").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/cecp.h"
#include "board/position.h"
#include "util/number.h"

/* Variant names XBoard 4.9.1 knows (VariantNames in common.h). */
static const char *const xboard_names[] = {
    "normal", "wildcastle", "nocastle", "fischerandom", "bughouse", "crazyhouse",
    "losers", "suicide", "giveaway", "twokings", "kriegspiel", "atomic", "3check",
    "shatranj", "xiangqi", "shogi", "capablanca", "gothic", "falcon", "courier",
    "knightmate", "berolina", "janus", "caparandom", "cylinder", "super", "great",
    "twilight", "makruk", "sittuyin", "seirawan", "spartan", "lion", "elven", "chu",
    "chuchess", "asean", "grand", "mighty", "fairy", NULL
};

static bool xboard_knows_name(const char *name)
{
    for (int i = 0; xboard_names[i]; i++)
        if (strcmp(xboard_names[i], name) == 0)
            return true;
    return false;
}

const char *cecp_variant_name(const Variant *v)
{
    if (v->xboard.known) {
        if (xboard_knows_name(v->name))
            return v->name;
        for (int i = 0; i < v->naliases; i++)
            if (xboard_knows_name(v->aliases[i]))
                return v->aliases[i];
    }
    return v->name;
}

void cecp_variant_list(const VariantSet *set, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < set->count; i++) {
        const Variant *v = set->items[i];
        if (v->abstract)
            continue;
        const char *name = cecp_variant_name(v);
        /* a later file may have replaced this name: list it once */
        if (varset_named(set, name) != v)
            continue;
        int n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", name);
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
        /* engine-defined variants also answer to their aliases, the names
           other engines use for them (so XBoard can pair us with them) */
        for (int a = 0; !v->xboard.known && a < v->naliases; a++) {
            if (varset_named(set, v->aliases[a]) != v)
                continue;
            n = snprintf(buf + len, size - len, ",%s", v->aliases[a]);
            if (n < 0 || (size_t)n >= size - len)
                return;
            len += (size_t)n;
        }
    }
}

static int holdings_size(const Variant *v)
{
    if (v->xboard.holdings > 0)
        return v->xboard.holdings;
    if (!v->has_drops)
        return 0;
    int n = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].id[0] != '+' && !v->piece[t].royal)
            n++;
    return n;
}

bool cecp_xboard_tests_win_claims(const Variant *v)
{
    static const char *const pocketed_but_tested[] = { "super", "great", "grand" };
    if (holdings_size(v) == 0)
        return true;
    const char *parent = cecp_needs_setup(v) ? v->xboard.parent : cecp_variant_name(v);
    for (size_t i = 0; i < sizeof pocketed_but_tested / sizeof *pocketed_but_tested; i++)
        if (strcmp(parent, pocketed_but_tested[i]) == 0)
            return true;
    return false;
}

/* One number of a "WxH+S_PARENT" name, digits only, in [lo, hi], followed
 * by `sep`; *s moves past the separator. */
static bool size_field(const char **s, long long lo, long long hi, char sep, long long *out)
{
    const char *p = *s;
    if (!isdigit((unsigned char)*p) || number_scan_int(&p, lo, hi, out) != NUMBER_OK
        || *p != sep)
        return false;
    *s = p + 1;
    return true;
}

/* XBoard's names for a board size and holdings on a parent variant,
 * "10x8+0_fairy": sizes beyond any board are no name of ours. */
static bool parse_sized_name(const char *name, int *w, int *h, int *holdings,
                             const char **base)
{
    long long fw, fh, fs;
    const char *p = name;
    if (!size_field(&p, 1, MAX_FILES, 'x', &fw) || !size_field(&p, 1, MAX_RANKS, '+', &fh)
        || !size_field(&p, 0, MAX_SQUARES, '_', &fs))
        return false;
    *w = (int)fw;
    *h = (int)fh;
    *holdings = (int)fs;
    *base = p;
    return true;
}

/* The variant `name` stands for, perhaps not yet ready for play. */
static const Variant *named_or_sized(const VariantSet *set, const char *name)
{
    const Variant *v = varset_named(set, name);
    if (v && !v->abstract)
        return v;
    int w, h, s;
    const char *base;
    if (!parse_sized_name(name, &w, &h, &s, &base))
        return NULL;
    v = varset_named(set, base);
    bool base_fits = v && !v->abstract && v->files == w && v->ranks == h;
    if (base_fits && holdings_size(v) == s)
        return v;
    /* an engine-defined variant announced with this size and parent: XBoard
       names sho shogi '9x9+0_shogi', shogi without holdings, as HaChu does */
    for (int i = 0; i < set->count; i++) {
        const Variant *c = set->items[i];
        if (!c->abstract && c->files == w && c->ranks == h && holdings_size(c) == s
            && strcmp(c->xboard.parent, base) == 0)
            return c;
    }
    return base_fits ? v : NULL;
}

const Variant *cecp_find_variant(const VariantSet *set, const char *name)
{
    return varset_ready(set, named_or_sized(set, name));
}

/* XBoard's piece types in pieceToChar order; promoted forms of the first
 * eleven sit eleven places later; the King is last. */
static const char xboard_slots[] = "PNBRQFEACWMOHIJGDVLSUK";
#define NSLOTS  22
#define KSLOT   21
#define LANCE_SLOT 18
#define PROMO_OFFSET 11

static int base_type_of(const Variant *v, int t)
{
    for (int b = 0; b < v->ntypes; b++)
        if (b != t && v->piece[b].promoted == t)
            return b;
    return NO_TYPE;
}

static bool has_promoted_form(const Variant *v, int t)
{
    int p = v->piece[t].promoted;
    return p != NO_TYPE && p != t && v->piece[p].id[0] == '+';
}

/* XBoard 4.9.1 promotes whatever stands in the lance's slot on reaching
 * the last rank, as it does a pawn (moves.c, MovesFromString): a piece
 * that never promotes there would arrive as a promotion to XBoard's
 * default piece, and XBoard's board would part from ours (caissa
 * britannia's L, tori shogi's quail). */
static bool slot_fits(const Variant *v, int t, int s)
{
    return s != LANCE_SLOT || v->piece[t].can_promote;
}

/* The slot of the piece's glyph or letter, if that one is free (a piece
 * that promotes needs one whose promoted partner slot exists). */
static int own_slot(const Variant *v, int t, const int *slot_type)
{
    const PieceType *pt = &v->piece[t];
    if (pt->royal && slot_type[KSLOT] == NO_TYPE)
        return KSLOT;
    char glyph = pt->xboard_glyph ? pt->xboard_glyph : pt->letter;
    const char *p = strchr(xboard_slots, toupper((unsigned char)glyph));
    int s = p ? (int)(p - xboard_slots) : -1;
    if (s < 0 || s == KSLOT || slot_type[s] != NO_TYPE
        || (has_promoted_form(v, t) && s >= PROMO_OFFSET) || !slot_fits(v, t, s))
        return -1;
    return s;
}

/* XBoard ties rules of its own to the pawn's, knight's and queen's slots
 * whatever the piece there moves like: no pawn drops on the first and last
 * ranks, and in shogi-like parents no knight drops on the last two ranks and
 * no lance (the queen's slot) drops on the last rank.  The lance's own slot
 * promotes on the last rank (slot_fits). */
static bool slot_has_rules(int s)
{
    return s == 0 || s == 1 || s == 4 || s == LANCE_SLOT;
}

/* A free slot for a piece without one of its own letter: those without
 * rules of their own first, so that a silver in minishogi does not inherit
 * the knight's drop ban; a piece that promotes also needs its partner slot. */
static int free_slot(const Variant *v, int t, const int *slot_type)
{
    bool promotes = has_promoted_form(v, t);
    int hi = promotes ? PROMO_OFFSET : KSLOT;
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s < hi; s++)
            if (slot_type[s] == NO_TYPE && slot_has_rules(s) == (pass == 1)
                && slot_fits(v, t, s)
                && (!promotes || slot_type[s + PROMO_OFFSET] == NO_TYPE))
                return s;
    return -1;
}

/* Choose an XBoard slot for each unpromoted type: first every piece that
 * can have the slot of its own letter, then the others. */
static void assign_slots(const Variant *v, int *slot_type)
{
    for (int s = 0; s < NSLOTS; s++)
        slot_type[s] = NO_TYPE;
    bool placed[MAX_PIECE_TYPES] = { false };
    for (int t = 0; t < v->ntypes; t++) {
        if (v->piece[t].id[0] == '+')
            continue;
        int s = own_slot(v, t, slot_type);
        if (s >= 0) {
            slot_type[s] = t;
            placed[t] = true;
        }
    }
    for (int t = 0; t < v->ntypes; t++) {
        if (v->piece[t].id[0] == '+' || placed[t])
            continue;
        int s = free_slot(v, t, slot_type);
        if (s >= 0)
            slot_type[s] = t;
    }
    for (int s = 0; s < PROMO_OFFSET; s++) {
        int t = slot_type[s];
        if (t != NO_TYPE && has_promoted_form(v, t) && slot_type[s + PROMO_OFFSET] == NO_TYPE)
            slot_type[s + PROMO_OFFSET] = v->piece[t].promoted;
    }
}

/*
 * XBoard 4.9.1 has 65 piece types before its King (common.h, ChessSquare);
 * the classic table above uses the first 21.  A variant with more kinds of
 * piece than those hold (tenjiku, cannon shogi) gets the wide table, which
 * SetCharTableEsc (backend.c) reads too: every slot up to the King's, and
 * "^X" for the promoted form of X wherever that stands.  Slots with XBoard
 * rules of their own are taken last: those of slot_has_rules, the lion's
 * (chu's lion-trading rules) and the crown prince's, which XBoard counts
 * as a second royal in chu (WhiteMonarch) and shogi (WhiteFlag, eleven
 * before it): a second royal goes there, so that XBoard tests check as we
 * do.
 */
#define WIDE_SLOTS 65
#define LION_SLOT 21
#define CHU_PRINCE_SLOT 50
#define SHOGI_PRINCE_SLOT 39

typedef struct {
    int  type[WIDE_SLOTS];      /* the type in each slot, or NO_TYPE           */
    bool named[WIDE_SLOTS];     /* a promoted form written ^X, X its base      */
    int  king;                  /* the type in the King's slot, or NO_TYPE     */
    int  count;                 /* slots written before the King's             */
} SlotTable;

static int prince_slot(const Variant *v)
{
    if (strcmp(v->xboard.parent, "chu") == 0)
        return CHU_PRINCE_SLOT;
    if (strcmp(v->xboard.parent, "shogi") == 0)
        return SHOGI_PRINCE_SLOT;
    return -1;
}

/* The slots whose pieces XBoard 4.9.1 lets promote with '+' (moves.c,
 * LegalityTest): in shogi those before the wazir's, in chu any, elsewhere
 * those up to the man's. */
static int promotable_slots(const Variant *v)
{
    if (strcmp(v->xboard.parent, "chu") == 0)
        return WIDE_SLOTS;
    return strcmp(v->xboard.parent, "shogi") == 0 ? 9 : PROMO_OFFSET;
}

/* How unwelcome slot s is to type t: 0 a slot without XBoard rules (for
 * a piece that does not promote, one whose pieces XBoard does not let
 * promote), 1 another without rules, 2 a rule of XBoard's that the piece
 * may break, -1 a slot it cannot have. */
static int wide_slot_cost(const Variant *v, int t, int s, const SlotTable *st)
{
    bool promotes = has_promoted_form(v, t);
    if (st->type[s] != NO_TYPE || !slot_fits(v, t, s)
        || (promotes && s >= promotable_slots(v)))
        return -1;
    if (s == LION_SLOT || s == CHU_PRINCE_SLOT || s == SHOGI_PRINCE_SLOT || slot_has_rules(s))
        return 2;
    return !promotes && s < promotable_slots(v);
}

static int wide_free_slot(const Variant *v, int t, const SlotTable *st)
{
    int prince = prince_slot(v);
    if (v->piece[t].royal && prince >= 0 && st->type[prince] == NO_TYPE)
        return prince;
    for (int cost = 0; cost <= 2; cost++)
        for (int s = 0; s < WIDE_SLOTS; s++)
            if (wide_slot_cost(v, t, s, st) == cost)
                return s;
    return -1;                  /* none: more pieces promote than XBoard lets */
}

static int slot_of(const SlotTable *st, int t)
{
    for (int s = 0; s < WIDE_SLOTS; s++)
        if (st->type[s] == t)
            return s;
    return -1;
}

/* The classic layout; false if some type has no slot in it. */
static bool classic_table(const Variant *v, SlotTable *st)
{
    int slot_type[NSLOTS];
    assign_slots(v, slot_type);
    *st = (SlotTable){ .king = slot_type[KSLOT], .count = 0 };
    for (int s = 0; s < WIDE_SLOTS; s++)
        st->type[s] = s < KSLOT ? slot_type[s] : NO_TYPE;
    for (int t = 0; t < v->ntypes; t++) {
        int s = slot_of(st, t);
        if (t != st->king && (s < 0 || (has_promoted_form(v, t) && s >= promotable_slots(v))))
            return false;
    }
    for (int s = 0; s < KSLOT; s++)
        if (st->type[s] != NO_TYPE)
            st->count = s + 1;
    if (st->count < 5)
        st->count = 5;          /* XBoard wants at least 12 characters */
    return true;
}

/* A piece the classic table put where XBoard would not let it promote
 * leaves that slot, and its promoted form the partner slot. */
static void unplace_unpromotable(const Variant *v, SlotTable *st)
{
    for (int s = promotable_slots(v); s < KSLOT; s++) {
        int t = st->type[s];
        if (t == NO_TYPE || !has_promoted_form(v, t))
            continue;
        st->type[s] = NO_TYPE;
        if (s < PROMO_OFFSET && st->type[s + PROMO_OFFSET] == v->piece[t].promoted)
            st->type[s + PROMO_OFFSET] = NO_TYPE;
    }
}

/* Which pass of wide_table places type t: the pieces that promote first
 * (XBoard lets few slots promote), then the others, then promoted forms. */
static int wide_pass(const Variant *v, int t)
{
    if (v->piece[t].id[0] == '+' && base_type_of(v, t) != NO_TYPE)
        return 2;
    return has_promoted_form(v, t) ? 0 : 1;
}

/* The wide layout: the classic slots kept where XBoard lets their pieces
 * promote, every other type in a free slot, a promoted form written ^X. */
static void wide_table(const Variant *v, SlotTable *st)
{
    unplace_unpromotable(v, st);
    for (int pass = 0; pass < 3; pass++)
        for (int t = 0; t < v->ntypes; t++) {
            if (wide_pass(v, t) != pass || t == st->king || slot_of(st, t) >= 0)
                continue;
            int s = wide_free_slot(v, t, st);
            if (s < 0)
                continue;
            st->type[s] = t;
            st->named[s] = pass == 2;
        }
    st->count = 0;
    for (int s = 0; s < WIDE_SLOTS; s++)
        if (st->type[s] != NO_TYPE)
            st->count = s + 1;
}

static void slot_table(const Variant *v, SlotTable *st)
{
    if (!classic_table(v, st))
        wide_table(v, st);
}

/* A type's letter with its suffix, lower case for Black. */
static size_t letter_text(const PieceType *pt, bool black, char *out)
{
    size_t n = 0;
    out[n++] = black ? (char)tolower((unsigned char)pt->letter) : pt->letter;
    const char *suffix = pt->id + (pt->id[0] == '+' ? 2 : 1);
    if (*suffix == '!' || *suffix == '\'')
        out[n++] = *suffix;
    return n;
}

/* The table entry of slot s: the type's letter; for a promoted form '+'
 * in its base's classic partner slot, else ^ and the base's letter. */
static size_t slot_text(const Variant *v, const SlotTable *st, int s, bool black, char *out)
{
    int t = s < 0 ? st->king : st->type[s];
    if (t == NO_TYPE) {
        out[0] = '.';
        return 1;
    }
    int base = base_type_of(v, t);
    if (v->piece[t].id[0] != '+' || base == NO_TYPE)
        return letter_text(&v->piece[t], black, out);
    if (!st->named[s]) {
        out[0] = '+';
        return 1;
    }
    out[0] = '^';
    return 1 + letter_text(&v->piece[base], black, out + 1);
}

/* Can `color` ever have a piece of type t: at the start, by a promotion,
 * by a contagious capture, or from a hand (any drop rule counts)? */
static bool type_ever_held(const Variant *v, int t, int color)
{
    if (v->start_count[color][t] > 0 || v->has_drops)
        return true;
    for (int u = 0; u < v->ntypes; u++) {
        const PieceType *pt = &v->piece[u];
        if (pt->promoted == t || (pt->promo_to >> t & 1) || (v->contagion[u] >> t & 1))
            return true;
    }
    return false;
}

/* The king's entry: '.' for a side that never has the king (horde's
 * White, maharaja's White with its royal maharaja elsewhere).  XBoard
 * 4.9.1's CheckTest (moves.c) counts a side whose king it cannot find as
 * in check a thousand times, so with legality testing every move of that
 * side would be illegal; a king that "does not participate" ('.') is
 * never in check. */
static bool king_left_out(const Variant *v, const SlotTable *st, int color)
{
    return st->king != NO_TYPE && !type_ever_held(v, st->king, color);
}

static size_t king_text(const Variant *v, const SlotTable *st, bool black, char *out)
{
    if (king_left_out(v, st, black)) {
        out[0] = '.';
        return 1;
    }
    return slot_text(v, st, -1, black, out);
}

void cecp_piece_to_char(const Variant *v, char *buf, size_t size)
{
    if (v->xboard.piece_to_char[0]) {
        snprintf(buf, size, "%s", v->xboard.piece_to_char);
        return;
    }
    SlotTable st;
    slot_table(v, &st);
    char tmp[CECP_PIECE_TO_CHAR_MAX];
    size_t n = 0;
    for (int black = 0; black < 2; black++) {
        for (int s = 0; s < st.count; s++)
            n += slot_text(v, &st, s, black, tmp + n);
        n += king_text(v, &st, black, tmp + n);
    }
    tmp[n] = '\0';
    snprintf(buf, size, "%s", tmp);
}

bool cecp_xboard_sees_king(const Variant *v, int color)
{
    if (!cecp_needs_setup(v) || v->xboard.piece_to_char[0])
        return true;
    SlotTable st;
    slot_table(v, &st);
    return !king_left_out(v, &st, color);
}

bool cecp_needs_setup(const Variant *v)
{
    return !v->xboard.known;
}

/* The king's file on its castling rank in the start position, or -1. */
static int castling_king_file(const Variant *v)
{
    const Castling *c = &v->castling;
    for (int f = 0; f < v->files; f++)
        if (v->start_board[var_square(v, f, c->rank)] == piece_code(c->king, WHITE))
            return f;
    return -1;
}

/* How far from the board's edge the castling partner nearest to the king
 * starts on one side (dir +1: towards the h side), 0 if none.  XBoard's O
 * castles with the first piece on that side only if it stands so many
 * squares in from the edge as the O has j prefixes (shako: rooks on b2, i2). */
static int partner_skip(const Variant *v, int kf, int dir)
{
    const Castling *c = &v->castling;
    for (int f = kf + dir; f >= 0 && f < v->files; f += dir) {
        uint8_t code = v->start_board[var_square(v, f, c->rank)];
        if (code && code != HOLE && code_color(code) == WHITE
            && (c->partners >> code_type(code) & 1))
            return dir > 0 ? v->files - 1 - f : f;
    }
    return 0;
}

/* One side's castling, e.g. "irjO2": the distance the king moves, with a
 * j for each square the partner starts in from the edge. */
static void castling_side(char *out, size_t size, const char *dirs, int skip, int distance)
{
    char js[MAX_FILES + 1];
    int n = 0;
    while (n < skip && n < MAX_FILES)
        js[n++] = 'j';
    js[n] = '\0';
    snprintf(out, size, "i%s%sO%d", dirs, js, distance);
}

/* Castling as XBetza: `isO2` for FIDE, one side each when they differ,
 * an O for every destination with flexible castling (schoolbook:
 * isO2isO3ilO4). */
static void castling_betza(const Variant *v, char *out, size_t size)
{
    out[0] = '\0';
    int kf = castling_king_file(v);
    if (kf < 0)
        return;
    const Castling *c = &v->castling;
    bool dist[2][MAX_FILES + 1] = { { false } };    /* [0] right, [1] left */
    for (int s = CASTLE_SHORT; s <= CASTLE_LONG; s++)
        for (int i = 0; i < c->nto[s]; i++) {
            int d = c->king_to[s][i] - kf;
            if (d != 0)
                dist[d < 0][abs(d)] = true;
        }
    int skip_r = partner_skip(v, kf, 1), skip_l = partner_skip(v, kf, -1);
    /* the distances both sides have first (s), then the right's, the left's */
    bool both = skip_r == skip_l;
    size_t len = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int d = 1; d <= MAX_FILES && len < size; d++) {
            bool s_term = both && dist[0][d] && dist[1][d];
            if (pass == 0 ? !s_term : s_term || !dist[pass - 1][d])
                continue;
            char term[32];
            castling_side(term, sizeof term, pass == 0 ? "s" : pass == 1 ? "r" : "l",
                          pass == 2 ? skip_l : skip_r, d);
            len += (size_t)snprintf(out + len, size - len, "%s", term);
        }
}

/* Whether the piece can go two or more squares along a rank. */
static bool moves_along_rank(const PieceType *pt)
{
    const XbTable *tb = &pt->table;
    for (int sq = 0; sq < tb->nsquares; sq++)
        for (const XbRay *r = xb_rays_begin(tb, 0, sq); r < xb_rays_end(tb, 0, sq); r++)
            for (int k = 0; k < r->len; k++) {
                int to = tb->steps[r->first + k].sq;
                if (to / tb->files == sq / tb->files && abs(to % tb->files - sq % tb->files) >= 2)
                    return true;
            }
    return false;
}

/* The piece XBoard keeps in its king's slot: the first royal (own_slot). */
static bool in_king_slot(const Variant *v, int t)
{
    for (int r = 0; r < v->ntypes; r++)
        if (v->piece[r].royal)
            return r == t;
    return false;
}

/* XBoard 4.9.1 takes a move of the piece in its king's slot two or more
 * squares along a rank for castling, and carries the nearest piece on that
 * side over it (backend.c, ApplyMove), unless that piece's XBetza has an
 * 'i' and no 'O'.  A royal that moves so and does not castle (caissa
 * britannia's queen) is taught its moves once more as initial moves, which
 * adds none: "QiQ". */
static void keep_xboard_from_castling(const Variant *v, int t, char *betza, size_t size)
{
    size_t len = strlen(betza);
    if (!in_king_slot(v, t) || strchr(betza, 'O') || strchr(betza, 'i')
        || !moves_along_rank(&v->piece[t]) || 2 * len + 2 > size)
        return;
    betza[len] = 'i';
    memcpy(betza + len + 1, betza, len);
    betza[2 * len + 1] = '\0';
}

/* A piece without moves (chak's temple): XBoard 4.9.1 ignores a `piece`
 * line with nothing after the piece (backend.c reads two words) and would
 * leave the piece its slot's own moves (the cannon's, for the temple),
 * so such a piece is taught a hopping leaper, which never moves there
 * (docs/xbetza.md 6.3). */
#define NO_MOVES_BETZA "pN"

/* XBoard knows no moves tied to squares: a piece with extra moves is
 * taught all of them everywhere (the xiangqi-like parents keep the palace
 * and river), which lets XBoard accept every move the piece can make. */
static void piece_line(const Variant *v, int t, char *line, size_t size)
{
    const PieceType *pt = &v->piece[t];
    char betza[512], extra[512] = "", castle[128] = "";
    xb_print(&pt->moves, betza, sizeof betza);
    if (pt->has_extra)
        xb_print(&pt->extra_moves, extra, sizeof extra);
    if (strlen(betza) + strlen(extra) < sizeof betza)
        strcat(betza, extra);
    if (v->castling.enabled && !v->castling.shuffle && t == v->castling.king
        && !strchr(betza, 'O'))
        castling_betza(v, castle, sizeof castle);
    else
        keep_xboard_from_castling(v, t, betza, sizeof betza);
    if (!betza[0] && !castle[0])
        snprintf(betza, sizeof betza, "%s", NO_MOVES_BETZA);
    snprintf(line, size, "piece %s& %s%s", pt->id, betza, castle);
}

void cecp_setup_lines(const Variant *v, void (*emit)(const char *line, void *ctx), void *ctx)
{
    char ptc[CECP_PIECE_TO_CHAR_MAX], line[2048];
    if (!cecp_needs_setup(v)) {
        /* a variant XBoard knows: only the pieces it has its own idea of */
        for (int t = 0; t < v->ntypes; t++)
            if (v->xboard.teach >> t & 1) {
                piece_line(v, t, line, sizeof line);
                emit(line, ctx);
            }
        return;
    }
    cecp_piece_to_char(v, ptc, sizeof ptc);
    snprintf(line, sizeof line, "setup (%s) %dx%d+%d_%s %s", ptc, v->files, v->ranks,
             holdings_size(v), v->xboard.parent[0] ? v->xboard.parent : "fairy", v->start_fen);
    emit(line, ctx);
    for (int t = 0; t < v->ntypes; t++) {
        if (v->xboard.parent_moves >> t & 1)
            continue;
        piece_line(v, t, line, sizeof line);
        emit(line, ctx);
    }
}
