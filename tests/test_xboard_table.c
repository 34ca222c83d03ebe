/*
 * test_xboard_table.c — CUnit tests of the piece-to-char table Menagerie
 * sends XBoard in `setup`: read back the way XBoard 4.9.1 reads it
 * (backend.c, SetCharTableEsc: 66 piece types a side, the King last,
 * suffixes ' and !, "^X" for the promoted form of X, '+' for the default
 * partner eleven slots on), every type of every shipped variant that is
 * sent with `setup` must have an entry of its own, each promoted form
 * paired with its base.  A type without one is a piece XBoard cannot draw
 * or read in a FEN (tenjiku, cannon shogi and four others had some).
 * A piece that can be in hand must have a row in XBoard's holdings.  And
 * every `piece` line must have moves for XBoard to read it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "catalog/variant_load.h"
#include "protocol/cecp.h"
#include "cunit_run.h"

#define XB_TYPES   66           /* XBoard 4.9.1's piece types a side        */
#define XB_KING    65           /* WhiteKing                                */
#define XB_PBISHOP 46           /* where '/' jumps to (WhitePBishop)        */
#define XB_SUFFIXES "'!"

/* One side's half of a table as XBoard reads it: a letter (+64 for each
 * suffix's rank) per slot, '+' for a promoted form, '.' for none. */
typedef struct {
    int code[XB_TYPES];
    int partner_code[XB_TYPES]; /* the base named by ^X, or 0              */
    int promo[XB_TYPES];        /* the slot each slot promotes or demotes to */
} XbSide;

static int entries(const char *map)
{
    int n = 0;
    for (const char *s = map; *s; s++)
        n += (*s != '/' && *s != '-' && *s != '^' && *s != '*' && !strchr(XB_SUFFIXES, *s))
             - 2 * (*s == '=');
    return n;
}

/* Read one entry at map[*j] into slot i of side. */
static void read_entry(const char *map, int *j, int i, XbSide *side)
{
    char esc = 0;
    if (map[*j] == '^' || map[*j] == '-' || map[*j] == '*')
        esc = map[(*j)++];
    int code = (unsigned char)map[(*j)++];
    const char *p = map[*j] ? strchr(XB_SUFFIXES, map[*j]) : NULL;
    if (p) {
        code += 64 * (int)(p - XB_SUFFIXES + 1);
        (*j)++;
    }
    if (esc == '^') {
        side->partner_code[i] = code;
        code = '+';
    }
    side->code[i] = code;
    if (map[*j] == '=')
        *j += 2;
}

/* One half: slots in order ('/' jumps to the promoted pieces), then the King. */
static void read_half(const char *map, int *j, int pieces, XbSide *side)
{
    for (int i = 0; i < XB_TYPES; i++) {
        side->code[i] = '.';
        side->partner_code[i] = 0;
        side->promo[i] = i < 11 ? i + 11 : i < 22 ? i - 11 : i;
    }
    for (int i = 0, offs = 0; i < pieces; i++) {
        if (map[*j] == '/') {
            offs = XB_PBISHOP - i;
            (*j)++;
        }
        read_entry(map, j, i + offs, side);
    }
    side->code[XB_KING] = (unsigned char)map[(*j)++];
    for (int i = 0; i < XB_TYPES; i++) {
        if (!side->partner_code[i])
            continue;
        for (int p = 0; p < XB_TYPES; p++)
            if (side->code[p] == side->partner_code[i]) {
                if (side->promo[side->promo[p]] == p)
                    side->promo[side->promo[p]] = side->promo[p];
                if (side->promo[side->promo[i]] == i)
                    side->promo[side->promo[i]] = side->promo[i];
                side->promo[p] = i;
                side->promo[i] = p;
                break;
            }
    }
}

static int letter_code(const PieceType *pt, bool black)
{
    int code = black ? tolower((unsigned char)pt->letter) : pt->letter;
    const char *suffix = pt->id + (pt->id[0] == '+' ? 2 : 1);
    const char *p = *suffix ? strchr(XB_SUFFIXES, *suffix) : NULL;
    return p ? code + 64 * (int)(p - XB_SUFFIXES + 1) : code;
}

static int base_of(const Variant *v, int t)
{
    for (int b = 0; b < v->ntypes; b++)
        if (b != t && v->piece[b].promoted == t)
            return b;
    return NO_TYPE;
}

static int slot_with(const XbSide *side, int code)
{
    int found = -1;
    for (int s = 0; s < XB_TYPES; s++)
        if (side->code[s] == code) {
            if (found >= 0)
                return -2;      /* two slots: XBoard takes the first */
            found = s;
        }
    return found;
}

/* Where XBoard has type t of v, or -1 (with a message) if nowhere. */
static int slot_of_type(const Variant *v, int t, const XbSide *side, bool black)
{
    const PieceType *pt = &v->piece[t];
    int base = base_of(v, t);
    if (pt->id[0] != '+' || base == NO_TYPE) {
        int s = slot_with(side, letter_code(pt, black));
        if (s < 0)
            printf("\n  %s: %s %s in %s slots\n", v->name, black ? "black" : "white", pt->id,
                   s == -1 ? "no" : "two");
        return s;
    }
    int b = slot_with(side, letter_code(&v->piece[base], black));
    int s = b >= 0 ? side->promo[b] : -1;
    if (s < 0 || s == b || side->code[s] != '+' || side->promo[s] != b) {
        printf("\n  %s: %s %s is not the partner of %s\n", v->name, black ? "black" : "white",
               pt->id, v->piece[base].id);
        return -1;
    }
    return s;
}

/* The slots whose pieces XBoard lets promote with '+' (moves.c,
 * LegalityTest): shogi those before WhiteWazir, chu every one whose
 * partner is a '+' (the King's too), the others those up to WhiteMan. */
static int promotable_below(const Variant *v)
{
    if (strcmp(v->xboard.parent, "shogi") == 0)
        return 9;
    return strcmp(v->xboard.parent, "chu") == 0 ? XB_TYPES : 11;
}

/* The holdings size of the `setup` line XBoard gets for v (0: none). */
static void read_holdings(const char *line, void *ctx)
{
    int w, h;
    const char *p = strstr(line, ") ");
    if (strncmp(line, "setup (", 7) == 0 && p)
        sscanf(p + 2, "%dx%d+%d", &w, &h, (int *)ctx);
}

static int holdings_of(const Variant *v)
{
    int holdings = 0;
    cecp_setup_lines(v, read_holdings, &holdings);
    return holdings;
}

/* XBoard's number of the piece in slot s, its row in the holdings: the
 * pieces before it, promoted forms not counted (moves.c, PieceToNumber);
 * a piece numbered past the holdings goes into them as a pawn. */
static int holdings_number(const XbSide *side, int s)
{
    int n = 0;
    for (int i = 0; i < s; i++)
        n += side->code[i] != '.' && side->code[i] != '+';
    return n;
}

/* Every type of v has a slot of its own on both sides, the first royal
 * the King's, each piece that promotes one XBoard lets promote, as XBoard
 * reads the table. */
static bool table_holds_every_type(const Variant *v)
{
    char map[CECP_PIECE_TO_CHAR_MAX];
    cecp_piece_to_char(v, map, sizeof map);
    int n = entries(map);
    if (n < 12 || n > 2 * XB_TYPES || n % 2) {
        printf("\n  %s: XBoard refuses a table of %d entries: %s\n", v->name, n, map);
        return false;
    }
    XbSide side[2];
    int j = 0;
    read_half(map, &j, n / 2 - 1, &side[0]);
    read_half(map, &j, n / 2 - 1, &side[1]);
    bool ok = map[j] == '\0';
    int holdings = holdings_of(v);
    for (int black = 0; black < 2; black++) {
        bool used[XB_TYPES] = { false };
        bool king_seen = false;
        for (int t = 0; t < v->ntypes; t++) {
            if (v->piece[t].royal && !king_seen && side[black].code[XB_KING] == '.') {
                /* left out for a side that never has it (horde's White):
                   XBoard would find that side in check without one */
                king_seen = true;
                ok = ok && v->start_count[black][t] == 0 && !v->has_drops;
                continue;
            }
            int s = slot_of_type(v, t, &side[black], black);
            if (s < 0 || used[s]) {
                ok = false;
                continue;
            }
            used[s] = true;
            const PieceType *pt = &v->piece[t];
            if (pt->promoted != NO_TYPE && pt->promoted != t && s >= promotable_below(v)) {
                printf("\n  %s: XBoard's %s does not let %s promote from slot %d\n", v->name,
                       v->xboard.parent, pt->id, s);
                ok = false;
            }
            if (holdings > 0 && pt->id[0] != '+' && !pt->royal
                && holdings_number(&side[black], s) >= holdings) {
                printf("\n  %s: %s would go into XBoard's holdings as a pawn\n", v->name, pt->id);
                ok = false;
            }
            if (v->piece[t].royal && !king_seen) {
                king_seen = true;
                ok = ok && s == XB_KING;
            }
        }
    }
    if (!ok)
        printf("  table: %s\n", map);
    return ok;
}

static VariantSet builtin;

static void test_every_variant_fits(void)
{
    CU_ASSERT_EQUAL_FATAL(varset_load_builtin(&builtin, stderr, ""), 0);
    int checked = 0, failed = 0;
    for (int i = 0; i < builtin.count; i++) {
        const Variant *v = varset_ready(&builtin, builtin.items[i]);
        if (v->abstract || !cecp_needs_setup(v))
            continue;
        checked++;
        if (!table_holds_every_type(v))
            failed++;
    }
    CU_ASSERT(checked >= 150);
    CU_ASSERT_EQUAL(failed, 0);
}

/* Every `piece` line has moves after the piece: XBoard 4.9.1 reads the
 * line as two words and ignores it otherwise, leaving the piece the moves
 * of its slot (chak's temple moved as a cannon). */
static void count_bare_piece_line(const char *line, void *ctx)
{
    char piece[64], moves[512];
    if (strncmp(line, "piece ", 6) == 0 && sscanf(line, "piece %63s %511s", piece, moves) != 2) {
        printf("\n  %s\n", line);
        ++*(int *)ctx;
    }
}

static void test_every_piece_line_has_moves(void)
{
    int bare = 0, variants = 0;
    for (int i = 0; i < builtin.count; i++) {
        const Variant *v = varset_ready(&builtin, builtin.items[i]);
        if (v->abstract)
            continue;
        cecp_setup_lines(v, count_bare_piece_line, &bare);
        variants++;
    }
    CU_ASSERT(variants >= 150);
    CU_ASSERT_EQUAL(bare, 0);
}

/* The wide table's particulars: tenjiku's 61 types, the crown prince in
 * chu's second royal slot; cannon shogi's eleventh promoting piece. */
static void test_wide_tables(void)
{
    char map[CECP_PIECE_TO_CHAR_MAX];
    const Variant *v = varset_find(&builtin, "tenjiku");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    cecp_piece_to_char(v, map, sizeof map);
    XbSide side[2];
    int j = 0;
    read_half(map, &j, entries(map) / 2 - 1, &side[0]);
    CU_ASSERT_EQUAL(side[0].code[50], '+');
    CU_ASSERT_EQUAL(side[0].partner_code[50], 'E');
    CU_ASSERT_EQUAL(side[0].code[21], '.');         /* not chu's lion slot */
    CU_ASSERT(entries(map) > 2 * 22);                /* wider than classic */
    v = varset_find(&builtin, "cannonshogi");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    cecp_piece_to_char(v, map, sizeof map);
    CU_ASSERT_PTR_NOT_NULL(strstr(map, "^I"));
    /* a variant the classic table holds keeps it (HaChu's for sho shogi) */
    cecp_piece_to_char(varset_find(&builtin, "sho"), map, sizeof map);
    CU_ASSERT_STRING_EQUAL(map, "PNBRLSE..G.+++++++Kpnbrlse..g.+++++++k");
}

/* A side that never has the King gets '.' there (XBoard 4.9.1's CheckTest
 * counts a side without its king as in check, every move illegal); the
 * other side keeps its king. */
static void test_king_left_out_where_a_side_never_has_one(void)
{
    char map[CECP_PIECE_TO_CHAR_MAX];
    cecp_piece_to_char(varset_find(&builtin, "horde"), map, sizeof map);
    CU_ASSERT_STRING_EQUAL(map, "PNBRQ.pnbrqk");
    cecp_piece_to_char(varset_find(&builtin, "maharaja"), map, sizeof map);
    CU_ASSERT_STRING_EQUAL(map, "PNBRQ.....M.pnbrq.....mk");
    cecp_piece_to_char(varset_find(&builtin, "maharajah2"), map, sizeof map);
    CU_ASSERT_STRING_EQUAL(map, "PNBRQ.....MKpnbrq.....m.");
    /* a king that only comes from the hand is kept (placement) */
    cecp_piece_to_char(varset_find(&builtin, "placement"), map, sizeof map);
    CU_ASSERT_STRING_EQUAL(map, "PNBRQKpnbrqk");
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    varset_init(&builtin);
    CU_pSuite suite = CU_add_suite("xboard_table", NULL, NULL);
    CU_add_test(suite, "every variant's table holds every type", test_every_variant_fits);
    CU_add_test(suite, "wide tables", test_wide_tables);
    CU_add_test(suite, "every piece line has moves", test_every_piece_line_has_moves);
    CU_add_test(suite, "the king left out where a side never has one",
                test_king_left_out_where_a_side_never_has_one);
    int status = cunit_run_registry();
    varset_free(&builtin);
    return status;
}
