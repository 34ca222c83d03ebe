/*
 * test_position.c — positions, FEN, moves and the rules that end games:
 *   - FEN read -> write is exact for every position of the perft data
 *   - make/unmake restore the position and its hash, and the incremental
 *     hash equals the one computed from scratch
 *   - every legal move's text parses back to the same move (both rank
 *     numberings), drops, promotions, castling spellings
 *   - immediate game ends (bare king with grace move, flag, n-check,
 *     extinction), checkmate, stalemate, repetition, move rule
 *   - bad FENs are refused with a specific message and leave the position
 *     as it was
 */
#include <CUnit/Basic.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "board/attack.h"
#include "search/eval.h"
#include "board/movegen.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules.h"
#include "search/search.h"
#include "catalog/variant_load.h"
#include "board/zobrist.h"

static VariantSet set;
static Position *pos;
static char srcdir[512] = ".";

static const Variant *variant(const char *name)
{
    const Variant *v = varset_find(&set, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static void set_fen(const char *vname, const char *fen)
{
    char err[200];
    int rc = position_set_fen(pos, variant(vname), fen, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "\n    %s: %s: %s\n", vname, fen, err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

/* ---- FEN round trips over the perft data ------------------------------ */

typedef void (*FenFn)(const char *vname, const char *fen);

static int for_each_perft_fen(FenFn fn)
{
    char dir[700];
    snprintf(dir, sizeof dir, "%s/tests/data/perft", srcdir);
    DIR *d = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char stem[64];
        size_t len = strlen(e->d_name);
        if (len < 7 || strcmp(e->d_name + len - 6, ".perft") != 0 || len - 6 >= sizeof stem)
            continue;
        memcpy(stem, e->d_name, len - 6);
        stem[len - 6] = 0;
        const char *vname = stem;   /* each file is named after its variant */
        if (!varset_find(&set, vname))
            continue;
        char path[1000], line[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "fen ", 4) == 0) {
                line[strcspn(line, "\r\n")] = 0;
                fn(vname, line + 4);
                n++;
            }
        fclose(f);
    }
    closedir(d);
    return n;
}

static void check_round_trip(const char *vname, const char *fen)
{
    char out[1024];
    set_fen(vname, fen);
    position_get_fen(pos, out, sizeof out);
    if (strcmp(out, fen) != 0)
        fprintf(stderr, "\n    %s: read  %s\n    %*s  wrote %s\n", vname, fen,
                (int)strlen(vname), "", out);
    CU_ASSERT_STRING_EQUAL(out, fen);
}

static void test_fen_round_trip(void)
{
    CU_ASSERT(for_each_perft_fen(check_round_trip) > 100);
    /* XBoard leaves out castling and e.p. fields where a variant has
       neither (setboard in courier, shatranj, makruk) */
    char out[1024];
    set_fen("courier", "5k6/12/12/12/12/12/p11/R4K6 w 0 1");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "5k6/12/12/12/12/12/p11/R4K6 w - - 0 1");
    set_fen("shatranj", "3k4/8/8/8/8/8/8/3K4 b 7 40");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "3k4/8/8/8/8/8/8/3K4 b - - 7 40");
}

/* ---- make/unmake ----------------------------------------------------- */

static void check_make_unmake(const char *vname, const char *fen)
{
    char before[1024], after[1024];
    MoveList *ml = malloc(sizeof *ml), *ml2 = malloc(sizeof *ml2);
    set_fen(vname, fen);
    position_get_fen(pos, before, sizeof before);
    uint64_t hash = pos->hash;
    CU_ASSERT_EQUAL(hash, position_compute_hash(pos));
    rules_legal_moves(pos, ml);
    for (int i = 0; i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
        rules_legal_moves(pos, ml2);
        for (int j = 0; j < ml2->n; j++) {
            position_make(pos, ml2->m[j]);
            CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
            position_unmake(pos);
        }
        position_unmake(pos);
        position_get_fen(pos, after, sizeof after);
        CU_ASSERT_STRING_EQUAL(after, before);
        CU_ASSERT_EQUAL(pos->hash, hash);
    }
    free(ml);
    free(ml2);
}

static void test_make_unmake(void)
{
    CU_ASSERT(for_each_perft_fen(check_make_unmake) > 100);
}

/* ---- move notation --------------------------------------------------- */

static void check_notation(const char *vname, const char *fen)
{
    MoveList *ml = malloc(sizeof *ml);
    set_fen(vname, fen);
    rules_legal_moves(pos, ml);
    for (int i = 0; i < ml->n; i++)
        for (int cecp = 0; cecp < 2; cecp++) {
            char text[32], why[100];
            Move m;
            move_to_string(pos, ml->m[i], cecp, text, sizeof text);
            bool ok = move_parse(pos, text, cecp, &m, why, sizeof why);
            if (!ok || !move_equal(m, ml->m[i]))
                fprintf(stderr, "\n    %s %s: '%s' does not parse back (%s)\n",
                        vname, fen, text, ok ? "other move" : why);
            CU_ASSERT(ok && move_equal(m, ml->m[i]));
        }
    free(ml);
}

static void test_notation_round_trip(void)
{
    CU_ASSERT(for_each_perft_fen(check_notation) > 100);
}

static bool parses(const char *text, bool cecp, char *why)
{
    Move m;
    return move_parse(pos, text, cecp, &m, why, 100);
}

static void test_notation_cases(void)
{
    char why[100], text[32];
    Move m;
    /* 10-rank boards: CECP counts ranks from 0, UCI from 1 */
    set_fen("xiangqi", variant("xiangqi")->start_fen);
    CU_ASSERT_TRUE(parses("h3e3", false, why));      /* the cannon on the third rank */
    CU_ASSERT_TRUE(parses("h2e2", true, why));
    CU_ASSERT_FALSE(parses("h2e2", false, why));
    CU_ASSERT_TRUE(move_parse(pos, "h0g2", true, &m, why, sizeof why));
    move_to_string(pos, m, false, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "h1g3");
    /* drops and promotions */
    set_fen("crazyhouse", "4k3/1P6/8/8/8/8/8/4K3[N] w - - 0 1");
    CU_ASSERT_TRUE(parses("N@d5", true, why));
    CU_ASSERT_FALSE(parses("Q@d5", true, why));
    CU_ASSERT_STRING_EQUAL(why, "no queen in hand");
    CU_ASSERT_FALSE(parses("b7b8", true, why));
    CU_ASSERT_STRING_EQUAL(why, "promotion piece missing, as in e7e8q");
    CU_ASSERT_TRUE(parses("b7b8q", true, why));
    CU_ASSERT_TRUE(parses("b7b8=n", true, why));
    CU_ASSERT_FALSE(parses("b7b8k", true, why));
    CU_ASSERT_STRING_EQUAL(why, "no promotion to 'k' here");
    set_fen("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[p] w - - 0 1");
    CU_ASSERT_TRUE(parses("e3e4", true, why));
    set_fen("shogi", "k8/4P4/9/9/9/9/9/9/4K4[] w - - 0 1");
    CU_ASSERT_FALSE(parses("e8e9", true, why));     /* a pawn on the last rank must promote */
    CU_ASSERT_TRUE(parses("e8e9+", true, why));
    /* castling as the king's move, as king-takes-rook, and as O-O */
    set_fen("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CU_ASSERT_TRUE(parses("e1g1", true, why));
    CU_ASSERT_TRUE(parses("e1h1", true, why));
    CU_ASSERT_TRUE(parses("O-O-O", true, why));
    CU_ASSERT_FALSE(parses("e1e3", true, why));
    CU_ASSERT_FALSE(parses("e9e1", true, why));
    CU_ASSERT_FALSE(parses("", true, why));
    CU_ASSERT_FALSE(parses("@@@@", true, why));
    CU_ASSERT_STRING_EQUAL(why, "there is no passing in chess");
    /* flexible castling: the king's move names the destination; O-O and
       king-takes-rook the first listed (i1); one file over is written
       with the rook's leg, the king's move alone being its step */
    set_fen("schoolbook", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "f1h1", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_CASTLE);
    CU_ASSERT_EQUAL(m.victim[1], var_square(pos->v, 6, 0));          /* rook to g1 */
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "O-O", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.to, var_square(pos->v, 8, 0));
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "f1j1", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.to, var_square(pos->v, 8, 0));
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "O-O-O", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.to, var_square(pos->v, 2, 0));
    CU_ASSERT_TRUE(parses("f1b1", false, why));
    CU_ASSERT_FALSE(parses("f1e1,a1f1", false, why));     /* not a destination here */
    set_fen("wildebeest", "r4k4r/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/R4K4R w KQkq - 0 1");
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "f1g1", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_NORMAL);
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "f0g0,k0f0", true, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_CASTLE);
    move_to_string(pos, m, false, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "f1g1,k1f1");
    CU_ASSERT_FALSE(parses("f1g1,k1h1", false, why));
}

/* ---- bad FENs -------------------------------------------------------- */

/* position_set_fen must refuse fen with an error containing `message` and
 * leave the position as it was. */
static void expect_refused(const char *vname, const char *fen, const char *message)
{
    char before[1024], after[1024], err[200] = "";
    position_get_fen(pos, before, sizeof before);
    CU_ASSERT_EQUAL(position_set_fen(pos, variant(vname), fen, err, sizeof err), -1);
    if (!strstr(err, message))
        fprintf(stderr, "\n    %s '%s': got '%s', want '%s'\n", vname, fen, err, message);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, message));
    position_get_fen(pos, after, sizeof after);
    CU_ASSERT_STRING_EQUAL(after, before);   /* untouched on error */
}

static void test_bad_fen(void)
{
    static const struct { const char *fen, *message; } cases[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "the board has 8 ranks, the FEN has 7" },
        { "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares" },
        { "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7 squares" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece 'X'" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "e.p." },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "e.p." },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "half-move" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1", "royal" },
        { "", "empty FEN" },
    };
    set_fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_refused("chess", cases[i].fen, cases[i].message);
}

/* Empty-square runs are read with bounds: a count that wrapped an int used
 * to move the write before the board (4294967295) or silently stand for 1
 * (4294967297). */
static void test_bad_fen_empty_runs(void)
{
    set_fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_refused("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4294967295RNBQKBNR1 w - - 0 1",
                   "empty-square count '4294967295' in rank 1 is out of range (1 to 8)");
    expect_refused("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/4294967297NBQKBNR w - - 0 1",
                   "empty-square count '4294967297' in rank 1 is out of range (1 to 8)");
    expect_refused("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R99999999999999999999999 w - - 0 1",
                   "empty-square count '99999999999999999999999' in rank 1 is out of range (1 to 7)");
    expect_refused("chess", "rnbqkbnr/p8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                   "empty-square count '8' in rank 7 is out of range (1 to 7)");
    expect_refused("chess", "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                   "empty-square count '0' in rank 6 is out of range (1 to 8)");
}

/* Holdings: a count is bounded by what the board could hold (board and
 * hands together at most one piece per square), summed over repeated
 * tokens, so no count reaches the hash keys negative or overflows. */
static void test_bad_fen_holdings(void)
{
    set_fen("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    const char *too_many = "board and hands together hold at most 64 pieces";
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[2147483648Q] w - - 0 1", too_many);
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[2147483647Q2Q] w - - 0 1", too_many);
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[4294967297Q] w - - 0 1", too_many);
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[1000Q] w - - 0 1", too_many);
    /* the whole hand counts: 2 kings + 31 + 31 + 1 = 65 pieces */
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[31Q31qP] w - - 0 1", "'P' is too many");
    expect_refused("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[33Q] w - - 0 1",
                   "'33Q' is too many");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[0Q] w - - 0 1", "holdings: count 0 in '0Q'");
    /* a king in hand would be gated or dropped in as a second king */
    expect_refused("seirawan", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kh] w KQkq - 0 1",
                   "holdings: 'K' is a royal piece, which cannot be in hand");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[k] w - - 0 1",
                   "holdings: 'k' is a royal piece, which cannot be in hand");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Q2] w - - 0 1",
                   "holdings: count '2' is not followed by a piece");
    /* exactly full is fine, and reads back as written */
    char out[1024];
    set_fen("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[16Q16q] w - - 0 1");
    CU_ASSERT_EQUAL(pos->hand[WHITE][variant_type_by_letter(pos->v, 'Q', false)], 16);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "[QQQQQQQQQQQQQQQQqqqqqqqqqqqqqqqq]"));
}

/* The counters go through the checked number reader: values that used to
 * wrap to a plausible int, or to be read with trailing junk, are refused. */
static void test_bad_fen_counters(void)
{
    set_fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1",
                   "half-move counter '4294967296' is out of range (0 to 999999)");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967297",
                   "move number '4294967297' is out of range (1 to 999999)");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number '0' is out of range");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "move number '1x' is not a number");
    set_fen("3check", "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1");
    expect_refused("3check", "4k3/8/8/8/8/8/8/4K3 w - - 3+3x 0 1", "check counter '3+3x'");
    expect_refused("3check", "4k3/8/8/8/8/8/8/4K3 w - - 4294967297+3 0 1",
                   "check counter '4294967297+3' is out of range (0 to 3)");
    expect_refused("3check", "4k3/8/8/8/8/8/8/4K3 w - - 3+4 0 1",
                   "check counter '3+4' is out of range (0 to 3)");
}

/* An error quotes exactly the token it refuses. */
static void test_bad_fen_quotes_token(void)
{
    set_fen("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    expect_refused("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBln[] w - - 0 1",
                   "unknown piece 'l' in rank 1");
    expect_refused("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB+Qn[] w - - 0 1",
                   "unknown piece '+Q' in rank 1");
    /* a dress belongs to its letter (dai shogi's C', L!) */
    expect_refused("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB!N[] w - - 0 1",
                   "unknown piece 'B!' in rank 1");
    expect_refused("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1!N[] w - - 0 1",
                   "unknown piece '!' in rank 1");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Qln] w - - 0 1",
                   "unknown piece 'l' in the holdings");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[+Qn] w - - 0 1",
                   "unknown piece '+Q' in the holdings");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Q+] w - - 0 1",
                   "unknown piece '+' in the holdings");
    expect_refused("crazyhouse", "4k3/8/8/8/8/8/4K2+/8 w - - 0 1", "unknown piece '+' in rank 2");
}

/* Royal pieces: the side not to move may not be in check (the side to move
 * could take the royal), and a side that starts with royals must have one,
 * in the variants whose rules have royals at all. */
static void test_bad_fen_royals(void)
{
    set_fen("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
                   "black is in check with white to move");
    expect_refused("chess", "4k3/8/8/8/8/8/8/4r1K1 b - - 0 1",
                   "white is in check with black to move");
    expect_refused("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no king");
    expect_refused("chess", "4k3/8/8/8/8/8/8/8 b - - 0 1", "white has no king");
    expect_refused("knightmate", "4k3/8/8/8/8/8/8/8 w - - 0 1", "white has no royal knight");
    expect_refused("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "face each other");
    expect_refused("atomic", "k7/8/8/8/8/8/8/R3K3 w - - 0 1", "black is in check");
    /* horde's White has no king to lose, Black has */
    expect_refused("horde", "8/8/8/8/8/8/PPPPPPPP/8 w - - 0 1", "black has no king");
    set_fen("horde", "4k3/8/8/8/8/8/PPPPPPPP/8 w - - 0 1");
    /* no royals at all where the king is an ordinary piece */
    set_fen("giveaway", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    set_fen("giveaway", "8/8/8/3p4/4P3/8/8/8 w - - 0 1");
    set_fen("extinction", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    /* atomic: the position after a king was blown up is a finished game and
       reads back (its side to move has no king); the other side may not
       lack one */
    set_fen("atomic", "rnb4r/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    /* ... even when the winner's king stands attacked, as it may after the
       explosion took the piece between */
    set_fen("atomic", "1nbb4/r2pp3/2p4p/5p2/1pP3PP/1P1P2NQ/3pP3/R1B1KB1R b - - 0 1");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    expect_refused("atomic", "rnb4r/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b - - 0 1",
                   "white has no king");
    /* atomic: a king next to the enemy king cannot be taken, so is not in check */
    set_fen("atomic", "8/8/8/8/8/3kK3/8/3R4 w - - 0 1");
}

/* ---- evaluation bounds ----------------------------------------------- */

static void expect_eval_in_bounds(const char *vname, const char *fen)
{
    set_fen(vname, fen);
    EvalTables *et = eval_tables_create(pos->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    int score = eval_position(et, pos);
    eval_tables_destroy(et);
    if (score <= -EVAL_MAX || score >= EVAL_MAX)
        fprintf(stderr, "\n    %s %s: eval %d\n", vname, fen, score);
    CU_ASSERT(score > -EVAL_MAX && score < EVAL_MAX);
}

/* Absurd material (the largest hands a FEN may give, a board full of
 * queens) stays far from the mate scores and inside a TT entry. */
static void test_eval_bounds(void)
{
    CU_ASSERT(EVAL_MAX < SCORE_MATE - MAX_PV && EVAL_MAX <= INT16_MAX);
    expect_eval_in_bounds("crazyhouse", "k7/8/8/8/8/8/8/7K[62Q] w - - 0 1");
    expect_eval_in_bounds("crazyhouse", "k7/8/8/8/8/8/8/7K[62Q] b - - 0 1");
    expect_eval_in_bounds("crazyhouse", "k7/8/8/8/8/8/8/7K[62q] w - - 0 1");
    expect_eval_in_bounds("shogi", "k8/9/9/9/9/9/9/9/8K[79R] w - - 0 1");
    expect_eval_in_bounds("chess", "k7/pppppppp/8/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/K7 w - - 0 1");
    expect_eval_in_bounds("chess", "k7/pppppppp/8/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/K7 b - - 0 1");
    expect_eval_in_bounds("giveaway", "k7/8/8/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/K7 w - - 0 1");
}

/* ---- rules ----------------------------------------------------------- */

static int legal_count(void)
{
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    int n = ml->n;
    free(ml);
    return n;
}

static Outcome end_of(const char *vname, const char *fen, char *reason)
{
    GameEnd end;
    set_fen(vname, fen);
    bool over = rules_game_end(pos, &end);
    if (reason)
        strcpy(reason, end.reason);
    return over ? end.outcome : OUTCOME_NONE;
}

static void play(const char *moves)
{
    char buf[512], why[100];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m;
        bool ok = move_parse(pos, t, false, &m, why, sizeof why);
        if (!ok)
            fprintf(stderr, "\n    move %s: %s\n", t, why);
        CU_ASSERT_TRUE_FATAL(ok);
        position_make(pos, m);
    }
}

static void test_game_ends(void)
{
    char reason[80];
    /* checkmate and stalemate, with each variant's outcome */
    CU_ASSERT_EQUAL(end_of("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", reason), OUTCOME_LOSS);
    CU_ASSERT_STRING_EQUAL(reason, "White mates");
    CU_ASSERT_EQUAL(end_of("chess", "7k/8/6QK/8/8/8/8/8 b - - 0 1", reason), OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(reason, "stalemate");
    CU_ASSERT_EQUAL(end_of("xiangqi", "4k4/9/4R4/9/9/9/9/9/9/3K1R3 b - - 0 1", NULL), OUTCOME_LOSS);
    CU_ASSERT_EQUAL(end_of("suicide", "8/8/8/8/8/8/8/k6K w - - 0 1", NULL), OUTCOME_NONE);
    /* shatranj bare king: the bared side may only survive by baring back */
    set_fen("shatranj", "3k4/3Q4/8/8/8/8/8/4K3 b - - 0 1");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_NONE);
    CU_ASSERT_EQUAL(legal_count(), 3);
    set_fen("shatranj", "3k4/3Q4/8/8/8/8/8/Q3K3 b - - 0 1");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    set_fen("shatranj", "3k4/3Q4/8/8/8/8/8/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_WIN);
    set_fen("shatranj", "3k4/3Q4/8/8/8/8/8/4K3 b - - 0 1");
    play("d8d7");                        /* the grace move bares both: a draw */
    CU_ASSERT_EQUAL(end_of("shatranj", "8/3k4/8/8/8/8/8/4K3 w - - 0 2", reason), OUTCOME_DRAW);
    /* the game ends (and may be claimed) only after the grace move, as
       XBoard adjudicates it; the search already knows it is lost */
    CU_ASSERT_EQUAL(end_of("shatranj", "3k4/3Q4/8/8/8/8/8/Q3K3 b - - 0 1", NULL), OUTCOME_NONE);
    CU_ASSERT_EQUAL(end_of("shatranj", "3k4/3Q4/8/8/8/8/8/Q3K3 w - - 0 1", reason), OUTCOME_WIN);
    CU_ASSERT_STRING_EQUAL(reason, "White wins: bare king");
    /* king of the hill, three-check, extinction */
    CU_ASSERT_EQUAL(end_of("kingofthehill", "7k/8/8/4K3/8/8/8/8 b - - 0 1", NULL), OUTCOME_LOSS);
    /* jesonmor (flag.reply-move: both): an arrival waits for the reply;
       the knight still there at its player's turn has won */
    CU_ASSERT_EQUAL(end_of("jesonmor", "9/9/5n3/9/4N4/9/9/9/N8 b - - 0 1", NULL), OUTCOME_NONE);
    CU_ASSERT_EQUAL(legal_count(), 8);      /* the reply: Nxe5 among them */
    CU_ASSERT_EQUAL(end_of("jesonmor", "9/9/9/9/4n4/9/9/9/N8 w - - 0 1", NULL), OUTCOME_NONE);
    CU_ASSERT_EQUAL(end_of("jesonmor", "9/9/5n3/9/4N4/9/9/9/N8 w - - 0 1", reason), OUTCOME_WIN);
    CU_ASSERT_STRING_EQUAL(reason, "White reaches the flag");
    CU_ASSERT_EQUAL(legal_count(), 0);
    /* three kings (extinction.count: 2): two kings left is a loss */
    CU_ASSERT_EQUAL(end_of("threekings", "k6k/8/8/8/8/8/8/K3K2K b - - 0 1", NULL), OUTCOME_LOSS);
    CU_ASSERT_EQUAL(end_of("threekings", "k3k2k/8/8/8/8/8/8/K3K2K b - - 0 1", NULL), OUTCOME_NONE);
    /* White gave its third check: over, whoever is to move (a position set
       up with White to move must not let it give a fourth, which the FEN
       could not even write) */
    CU_ASSERT_EQUAL(end_of("3check", "7k/8/8/8/8/8/8/K7 w - - 0+3 0 1", NULL), OUTCOME_WIN);
    CU_ASSERT_EQUAL(legal_count(), 0);
    CU_ASSERT_EQUAL(end_of("3check", "7k/8/8/8/8/8/8/K7 b - - 0+3 0 1", NULL), OUTCOME_LOSS);
    set_fen("3check", "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1");
    play("h1h8");
    CU_ASSERT_EQUAL(pos->checks[WHITE], 3);
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    CU_ASSERT_EQUAL(legal_count(), 0);
    CU_ASSERT_EQUAL(end_of("extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w - - 0 1", NULL),
                    OUTCOME_LOSS);
    /* atomic: blowing up the king next to the capture wins at once; a king
       next to the enemy king cannot be checked */
    set_fen("atomic", "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1");
    play("e2e7");
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    CU_ASSERT_EQUAL(legal_count(), 0);
    set_fen("atomic", "8/8/8/8/8/3kK3/8/3r4 w - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, WHITE));
    /* repetition and the move-count rule */
    set_fen("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    play("h1h2 e8d8 h2h1 d8e8 h1h2 e8d8 h2h1 d8e8");
    GameEnd end;
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(end.reason, "3-fold repetition");
    CU_ASSERT_EQUAL(end.cause, END_REPETITION);
    CU_ASSERT_EQUAL(end_of("chess", "4k3/8/8/8/8/8/8/4K2R w - - 100 80", reason), OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(reason, "50-move rule");
    CU_ASSERT_EQUAL(end_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 80", reason), OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(reason, "insufficient material");
    /* xiangqi: perpetual check loses for the checker once it repeats the
       position itself; while the checker is to move the game goes on, as
       XBoard lets it */
    set_fen("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    play("e2d2 d10e10 d2e2 e10d10 e2d2 d10e10 d2e2 e10d10");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));     /* White, to move, checked perpetually */
    play("e2d2");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_WIN);
    CU_ASSERT_STRING_EQUAL(end.reason, "perpetual check");
    /* xiangqi: a soldier checking sideways and back repeats the position
       (the step resets the move count, but can be undone) */
    set_fen("xiangqi", "4k4/2PP5/4P4/9/9/9/9/9/9/5K3 w - - 0 1");
    play("d9e9 e10d10 e9d9 d10e10 d9e9 e10d10 e9d9 d10e10");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    play("d9e9");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_WIN);
    CU_ASSERT_STRING_EQUAL(end.reason, "perpetual check");
    /* xiangqi: checking moves do not count toward the 60-move rule */
    set_fen("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 116 80");
    play("e2d2 d10e10 d2a2 e10d10");    /* 120 plies, one of them a check */
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    play("a2b2 d10e10");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(end.reason, "60-move rule");
    CU_ASSERT_EQUAL(end.cause, END_MOVE_RULE);
}

/* rules.counting: the count starts, starts again and ends the game where
 * Fairy-Stockfish 11.1 does (its FENs after the same moves are the
 * expected ones), and make/unmake restores it. */
static void check_fen(const char *want)
{
    char out[256];
    position_get_fen(pos, out, sizeof out);
    if (strcmp(out, want) != 0)
        fprintf(stderr, "\n    wrote %s\n    want  %s\n", out, want);
    CU_ASSERT_STRING_EQUAL(out, want);
}

static void test_counting(void)
{
    GameEnd end;
    /* makruk: rook against a bare king, 16 moves counted from the pieces
       on the board (4: 2 x 4 plies) */
    set_fen("makruk", "8/3k4/8/8/8/8/2S5/R2K1N2 w - - 0 1");
    play("a1a2");
    check_fen("8/3k4/8/8/8/8/R1S5/3K1N2 b - 32 10 1");
    position_unmake(pos);
    check_fen("8/3k4/8/8/8/8/2S5/R2K1N2 w - - 0 1");
    /* board's honour (K+S to move: 64 moves, from zero), then the capture
       that bares Black starts the pieces' honour count */
    set_fen("makruk", "3k4/8/8/8/8/R1s5/8/3K1N2 w - - 0 1");
    play("d1e2");
    check_fen("3k4/8/8/8/8/R1s5/4K3/5N2 b - 128 0 1");
    play("d8e8 a3c3");
    check_fen("4k3/8/8/8/8/2R5/4K3/5N2 b - 32 8 2");
    /* no count while a pawn is on the board */
    set_fen("makruk", "8/3k4/8/8/8/3P4/2S5/R2K1N2 w - - 0 1");
    play("a1a2");
    check_fen("8/3k4/8/8/8/3P4/R1S5/3K1N2 b - - 1 1");
    /* ASEAN: only a bare king counts, from zero; by the rook: 16 moves */
    set_fen("asean", "8/3k4/8/8/8/8/2B5/R2K1N2 w - - 0 1");
    play("a1a2");
    check_fen("8/3k4/8/8/8/8/R1B5/3K1N2 b - 32 0 1");
    /* the ply that takes the count past its limit draws, not the one before */
    set_fen("makruk", "8/3k4/8/8/8/8/R1S5/3K1N2 b - 32 31 1");
    play("d7e7");
    check_fen("8/4k3/8/8/8/8/R1S5/3K1N2 w - 32 32 2");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    play("a2a3");
    check_fen("8/4k3/8/8/8/R7/2S5/3K1N2 b - 32 33 2");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(end.reason, "counting rule");
    CU_ASSERT_EQUAL(end.cause, END_COUNTING);     /* not claimed to XBoard, which has no count */
    /* ...unless it mates */
    set_fen("makruk", "3k4/8/2SK4/8/8/8/8/7R w - 32 32 60");
    play("h1h8");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_LOSS);
    CU_ASSERT_STRING_EQUAL(end.reason, "White mates");
    CU_ASSERT_EQUAL(end.cause, END_NO_MOVES);
}

/* rules.initial-moves (cambodian, karouk, as Fairy-Stockfish 11.1 plays
 * them): the rights in the FEN's castling field, the king's leap never out
 * of check, the met's jump that takes, and the first check winning. */
static void test_initial_rights(void)
{
    char why[100];
    GameEnd end;
    set_fen("cambodian", variant("cambodian")->start_fen);
    play("d1b2");
    check_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1");
    position_unmake(pos);
    check_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
    /* a back-rank piece whose letter is missing has no right */
    set_fen("cambodian", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ede - 0 1");
    CU_ASSERT_FALSE(parses("d1b2", false, why));
    CU_ASSERT_TRUE(parses("d1c2", false, why));
    /* in check by the knight: no leap, but the met's jump takes it */
    set_fen("cambodian", "4k3/8/8/8/8/4n3/8/3KM3 w DE - 0 1");
    CU_ASSERT_FALSE(parses("d1b2", false, why));
    CU_ASSERT_TRUE(parses("e1e3", false, why));
    set_fen("cambodian", "4k3/8/8/8/8/8/8/R2KM3 w ADE - 0 1");
    check_fen("4k3/8/8/8/8/8/8/R2KM3 w DE - 0 1");    /* A: a rook has no 'i' moves */
    expect_refused("cambodian", "4k3/8/8/8/8/8/8/4M3 w DE - 0 1",
                   "initial-move right 'D' but no piece of that side on its square");
    /* karouk: the first check wins */
    set_fen("karouk", variant("karouk")->start_fen);
    play("b1d2 a6a5 d2c4 a5a4 c4d6");
    check_fen("rnsmksnr/8/1ppNpppp/8/p7/PPPPPPPP/8/R1SKMSNR b DEde - 0+1 0 3");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_LOSS);
}

static void test_rule_moves(void)
{
    /* xiangqi: generals may not face each other; palace and river */
    set_fen("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    char why[100];
    CU_ASSERT_FALSE(parses("d1e1", false, why));     /* would face the other general */
    CU_ASSERT_FALSE(parses("d1c1", false, why));     /* out of the palace */
    CU_ASSERT_TRUE(parses("d1d2", false, why));
    /* shogi drops: no second pawn on a file, nothing where it could never move */
    set_fen("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[PNL] w - - 0 1");
    CU_ASSERT_FALSE(parses("P@e5", false, why));
    CU_ASSERT_TRUE(parses("P@d5", false, why));
    CU_ASSERT_FALSE(parses("P@d9", false, why));
    CU_ASSERT_FALSE(parses("L@d9", false, why));
    CU_ASSERT_FALSE(parses("N@d8", false, why));
    CU_ASSERT_TRUE(parses("N@d7", false, why));
    /* shogi: a pawn drop may not mate, a pawn push may */
    set_fen("shogi", "k8/2G6/1G7/9/9/9/9/9/8K[P] w - - 0 1");
    CU_ASSERT_FALSE(parses("P@a8", false, why));
    /* giveaway: captures are compulsory */
    set_fen("giveaway", "8/8/8/3p4/4P3/8/8/8 w - - 0 1");
    CU_ASSERT_EQUAL(legal_count(), 1);
    /* grand: promotion only to a piece type the side has lost */
    set_fen("grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
    CU_ASSERT_EQUAL(legal_count(), 65);
    set_fen("grand", "10/5P4/k9/10/10/10/10/10/10/K9 w - - 0 1");
    CU_ASSERT_TRUE(parses("f9f10q", false, why));    /* the queen was lost */
    set_fen("grand", "9Q/5P4/k9/10/10/10/10/10/10/K9 w - - 0 1");
    CU_ASSERT_FALSE(parses("f9f10q", false, why));   /* the one queen is still there */
    CU_ASSERT_TRUE(parses("f9f10r", false, why));
}

static void test_ep_and_castling_rights(void)
{
    set_fen("chess", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play("d7d5");
    char fen[200];
    position_get_fen(pos, fen, sizeof fen);
    CU_ASSERT_STRING_EQUAL(fen, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    char why[100];
    CU_ASSERT_TRUE(parses("e5d6", false, why));
    set_fen("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play("h1h2 h8h7 h2h1 h7h8");
    position_get_fen(pos, fen, sizeof fen);
    CU_ASSERT_STRING_EQUAL(fen, "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
    CU_ASSERT_FALSE(parses("e1g1", false, why));
    CU_ASSERT_TRUE(parses("e1c1", false, why));
    /* through check */
    set_fen("chess", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    CU_ASSERT_FALSE(parses("e1g1", false, why));
    CU_ASSERT_TRUE(parses("e1c1", false, why));
}

/* ---- seirawan: gating while castling ----------------------------------- */

static int pieces_on_board(void)
{
    int n = 0;
    for (int sq = 0; sq < pos->v->files * pos->v->ranks; sq++)
        n += pos->board[sq] != EMPTY && pos->board[sq] != HOLE;
    return n;
}

/* Make and unmake every legal move: the board keeps its pieces (one more
 * when a piece entered from hand, one fewer after a capture), the piece
 * lists agree with it, and FEN and hash come back. */
static void check_gating_moves(const char *fen)
{
    char before[1024], after[1024];
    set_fen("seirawan", fen);
    position_get_fen(pos, before, sizeof before);
    uint64_t hash = pos->hash;
    int pieces = pieces_on_board();
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        position_make(pos, m);
        int want = pieces + (move_gate(m) >= 0) - (pos->undo[pos->ply - 1].captured != 0);
        CU_ASSERT_EQUAL(pieces_on_board(), want);
        CU_ASSERT_EQUAL(pos->nlist[WHITE] + pos->nlist[BLACK], want);
        CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
        position_unmake(pos);
        position_get_fen(pos, after, sizeof after);
        CU_ASSERT_STRING_EQUAL(after, before);
        CU_ASSERT_EQUAL(pos->hash, hash);
    }
    free(ml);
}

/* Seirawan: a castling right with an inner rook is written as its file
 * letter, which reads back as a gating letter; the king's own letter must
 * then follow, or reading the FEN back lost the king's right (a fuzzer
 * finding: "GF" read back as "FG"). */
static void test_gating_castling_letters(void)
{
    const char *fen = "rnbekb1r/pp1ppp2/7n/2p3pp/4P3/Nq1P1N2/PPP5/PHRQKBRR[Eh] b GEF - 10 1";
    char out[FEN_MAX];
    set_fen("seirawan", fen);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, fen);
}

/* A promoted rook ('~', it reverts to a pawn when captured) that castles
 * stays promoted, and the hash follows: castling dropped the mark, and
 * even the legality test of a castle (make, unmake) lost it. */
static void test_castling_keeps_marks(void)
{
    set_fen("crazyhouse", "r1bqk2r~/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1");
    int h8 = var_square(pos->v, 7, 7), f8 = var_square(pos->v, 5, 7);
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    CU_ASSERT_EQUAL(pos->mark[h8], 1);
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    char why[100];
    Move castle;
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "e8g8", false, &castle, why, sizeof why));
    position_make(pos, castle);
    CU_ASSERT_EQUAL(pos->mark[f8], 1);
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    position_unmake(pos);
    CU_ASSERT_EQUAL(pos->mark[h8], 1);
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    free(ml);
}

static void test_castling_with_gating(void)
{
    char why[100];
    /* The piece from hand enters on the king's or the rook's square, and
       only if that square is empty after castling.  With the rook next to
       the king, O-O puts the rook back on f1: only e1 is free.  By hand:
       king 4, rook 9 and O-O 1 move, each also with the elephant on e1. */
    const char *rook_next_to_king = "4k3/8/8/8/8/8/8/4KR2[E] w K - 0 1";
    check_gating_moves(rook_next_to_king);
    set_fen("seirawan", rook_next_to_king);
    CU_ASSERT_EQUAL(legal_count(), 28);
    CU_ASSERT_TRUE(parses("e1g1e", false, why));
    CU_ASSERT_FALSE(parses("f1e1e", false, why));
    /* Fairy-Stockfish 11.1 counts 29 / 87 / 2095 because it plays f1e1e
       too (and drops the rook); its other 28 subtrees sum to these */
    CU_ASSERT_EQUAL(perft_count(pos, 2), 87 - 3);
    CU_ASSERT_EQUAL(perft_count(pos, 3), 2095 - 96);
    /* O-O-O with the king on d1 puts the rook on d1: only a1 is free
       (king 5, rook 9, O-O-O 1; all but O-O-O gate on their own square) */
    const char *rook_lands_on_king = "4k3/8/8/8/8/8/8/R2K4[E] w Q - 0 1";
    check_gating_moves(rook_lands_on_king);
    set_fen("seirawan", rook_lands_on_king);
    CU_ASSERT_EQUAL(legal_count(), 30);
    CU_ASSERT_TRUE(parses("a1d1e", false, why));
    /* both squares free: either may take the elephant (Fairy-Stockfish
       11.1 and Sjaak II 1.4.1 agree on 31 / 130 / 3328) */
    const char *both_free = "4k3/8/8/8/8/8/8/4K2R[E] w K - 0 1";
    check_gating_moves(both_free);
    set_fen("seirawan", both_free);
    CU_ASSERT_EQUAL(perft_count(pos, 1), 31);
    CU_ASSERT_EQUAL(perft_count(pos, 2), 130);
    CU_ASSERT_EQUAL(perft_count(pos, 3), 3328);
    CU_ASSERT_TRUE(parses("e1g1e", false, why));
    CU_ASSERT_TRUE(parses("h1e1e", false, why));
}

/* S-house: a piece from hand is gated in only where it could be dropped
 * (Fairy-Stockfish): a pawn never enters on the first rank, a knight may. */
static void test_gating_obeys_drop_zones(void)
{
    set_fen("shouse", "4k3/8/8/8/8/8/8/1N2K3[NP] w B - 0 1");
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    int gated[MAX_PIECE_TYPES] = { 0 };
    for (int i = 0; i < ml->n; i++)
        if (move_gate(ml->m[i]) >= 0)
            gated[move_gate(ml->m[i])]++;
    for (int t = 0; t < pos->v->ntypes; t++) {
        char letter = pos->v->piece[t].letter;
        if (letter == 'P')
            CU_ASSERT_EQUAL(gated[t], 0);
        if (letter == 'N')
            CU_ASSERT_EQUAL(gated[t], 3);    /* b1a3, b1c3, b1d2 */
    }
    free(ml);
}

/* ---- variants with more moves than a move list once held --------------- */

static void count_one(const XbMove *m, void *ctx)
{
    (void)m;
    (*(int *)ctx)++;
}

/* The side to move's pseudo-legal moves counted without the engine's
 * generator: xbetza's reference generator for each piece, and one drop per
 * type in hand and empty square.  Only for variants without promotion,
 * castling, gating, confinement or drop restrictions (the test variants). */
static int reference_move_count(void)
{
    const Variant *v = pos->v;
    int n = 0, nsq = v->files * v->ranks;
    XbBoardView view;
    xb_view_init(&view, &v->geom, pos->side);
    for (int sq = 0; sq < nsq; sq++) {
        uint8_t code = pos->board[sq];
        if (code != EMPTY && code != HOLE) {
            view.occ[sq] = code_color(code) == pos->side ? XB_FRIEND : XB_ENEMY;
            view.royal[sq] = v->piece[code_type(code)].royal;
        }
    }
    for (int sq = 0; sq < nsq; sq++) {
        uint8_t code = pos->board[sq];
        if (code != EMPTY && code != HOLE && code_color(code) == pos->side)
            xb_generate(&v->piece[code_type(code)].moves, NULL, &view, sq, count_one, &n);
    }
    for (int t = 0; t < v->ntypes; t++)
        for (int sq = 0; sq < nsq && pos->hand[pos->side][t]; sq++)
            n += pos->board[sq] == EMPTY;
    return n;
}

static int pseudo_count(void)
{
    MoveList *ml = malloc(sizeof *ml);
    movegen_pseudo(pos, ml);
    int n = ml->n;
    free(ml);
    return n;
}

static uint32_t rnd_state = 12345;

static uint32_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 17;
    rnd_state ^= rnd_state << 5;
    return rnd_state;
}

static bool has_royal(const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].royal)
            return true;
    return false;
}

/* A random position of a 16x16 test variant: one king each (if it has
 * royals, written K), other pieces from `letters` at the given density (in 1/16),
 * hands with `in_hand` random kinds each. */
static bool set_random_position(const char *vname, const char *letters, int density,
                                int in_hand)
{
    char board[16][17], fen[1024];
    int len = 0, nletters = (int)strlen(letters);
    for (int r = 0; r < 16; r++)
        for (int f = 0; f < 16; f++) {
            char c = (int)(rnd() % 16) < density ? letters[rnd() % nletters] : '.';
            board[r][f] = rnd() & 1 ? c : (char)tolower((unsigned char)c);
        }
    if (has_royal(variant(vname))) {
        board[rnd() % 8][rnd() % 16] = 'k';
        board[8 + rnd() % 8][rnd() % 16] = 'K';
    }
    for (int r = 0; r < 16; r++) {
        for (int f = 0, empty = 0; f < 16; f++) {
            if (board[r][f] == '.')
                empty++;
            if (empty && (board[r][f] != '.' || f == 15)) {
                len += sprintf(fen + len, "%d", empty);
                empty = 0;
            }
            if (board[r][f] != '.')
                fen[len++] = board[r][f];
        }
        fen[len++] = r < 15 ? '/' : '[';
    }
    for (int k = 0; k < in_hand; k++) {
        char c = letters[rnd() % nletters];
        fen[len++] = rnd() & 1 ? c : (char)tolower((unsigned char)c);
    }
    len += sprintf(fen + len, "] %c - - 0 1", rnd() & 1 ? 'w' : 'b');
    char err[200];
    return position_set_fen(pos, variant(vname), fen, err, sizeof err) == 0;
}

static void check_counts(void)
{
    int n = pseudo_count();
    CU_ASSERT_EQUAL(n, reference_move_count());
    CU_ASSERT(n <= pos->v->move_bound);
    CU_ASSERT(pos->v->move_bound <= MAX_MOVES);
    CU_ASSERT(legal_count() <= n);
}

/* For variants the reference count cannot follow (promotions). */
static void check_bound_only(void)
{
    int n = pseudo_count();
    CU_ASSERT(n <= pos->v->move_bound);
    CU_ASSERT(legal_count() <= n);
}

static void load_test_variant(const char *file)
{
    char path[700];
    snprintf(path, sizeof path, "%s/tests/data/many-moves/%s", srcdir, file);
    CU_ASSERT_EQUAL_FATAL(varset_load_path(&set, path, stderr, ""), 0);
}

static void test_many_moves(void)
{
    load_test_variant("drops16.yaml");
    load_test_variant("queens16.yaml");
    /* by hand: 15 kinds in hand x 254 empty squares, and 3 king moves */
    set_fen("drops16", variant("drops16")->start_fen);
    CU_ASSERT_EQUAL(legal_count(), 15 * 254 + 3);
    check_counts();
    /* no royal piece: every pseudo-legal move is legal */
    set_fen("queens16", variant("queens16")->start_fen);
    CU_ASSERT_EQUAL(legal_count(), 1557);
    check_counts();
    int positions = 0;
    for (int i = 0; i < 40; i++) {
        if (set_random_position("drops16", "QRBNGSZLACWFDHM", 1 + i % 8, i % 20)) {
            check_counts();
            positions++;
        }
        if (set_random_position("queens16", "QN", 1 + i % 12, 0)) {
            check_counts();
            positions++;
        }
    }
    CU_ASSERT(positions > 40);

    /* above the 32768 moves a list once held: it loads, and plays */
    load_test_variant("many.yaml");
    CU_ASSERT(variant("many")->move_bound > 32768);
    set_fen("many", variant("many")->start_fen);
    check_bound_only();
    CU_ASSERT_EQUAL(legal_count(), 8 * 254 + 3);   /* 8 kinds in hand, 3 king moves */
    positions = 0;
    for (int i = 0; i < 60; i++)   /* (riders check often: many are refused) */
        if (set_random_position("many", "QNCZADHG", 1 + i % 3, i % 16)) {
            check_bound_only();
            positions++;
        }
    CU_ASSERT(positions > 10);
}

/* A variant some position of which could overflow a move list is refused
 * while it loads, with the bound in the message. */
static void test_too_many_moves(void)
{
    VariantSet other;
    varset_init(&other);
    char path[700], *text = NULL, want[100];
    size_t size = 0;
    snprintf(path, sizeof path, "%s/tests/data/many-moves/too-many.yaml", srcdir);
    FILE *diag = open_memstream(&text, &size);
    CU_ASSERT_EQUAL(varset_load_path(&other, path, diag, ""), 1);
    fclose(diag);
    CU_ASSERT_PTR_NULL(varset_find(&other, "too-many"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "too-many.yaml:12:1: error: a position could have up to "));
    snprintf(want, sizeof want, "moves, more than the %d the engine can hold", MAX_MOVES);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
    free(text);
    varset_free(&other);
}

/* ---- extra moves tied to squares ---------------------------------------- */

/* A 5x5 board with palace-like diagonals: the rook steps like a wazir,
 * slides diagonally from the corners only along the diagonals, and steps
 * diagonally from the centre. */
static const char extra_test_yaml[] =
    "name: extra-test\n"
    "board: 5x5\n"
    "regions:\n"
    "  corners: a1 e1 a5 e5\n"
    "  lines: a1 b2 c3 d4 e5 e1 d2 b4 a5\n"
    "pieces:\n"
    "  K: {moves: W, royal: true}\n"
    "  R: {moves: W, extra-moves: {corners: {moves: B, within: lines}, c3: F}}\n"
    "start: k4/5/5/5/R3K w - - 0 1\n";

static int moves_from(const char *square)
{
    MoveList *ml = malloc(sizeof *ml);
    ml->n = 0;
    movegen_piece(pos, ml, var_square(pos->v, square[0] - 'a', square[1] - '1'));
    int n = ml->n;
    free(ml);
    return n;
}

static void test_extra_moves_regions(void)
{
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "extra-test.yaml", extra_test_yaml, stderr, ""),
                          0);
    set_fen("extra-test", "k4/5/5/5/R3K w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("a1"), 2 + 4);       /* a2 b1, then b2 c3 d4 e5 */
    set_fen("extra-test", "k4/3r1/5/5/R3K w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("a1"), 2 + 3);       /* ... d4 is a capture */
    set_fen("extra-test", "k4/5/2R2/5/4K w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("c3"), 4 + 4);       /* from the centre: one diagonal step */
    set_fen("extra-test", "k4/5/5/1R3/4K w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("b2"), 4);           /* on a line, but neither corner nor centre */
    set_fen("extra-test", "4k/5/5/K4/4R w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("e1"), 2 + 4);       /* the other diagonal */
    /* the diagonal attacks as it moves: the rook on e1 checks the king on a5 */
    set_fen("extra-test", "k4/5/5/5/K3R b - - 0 1");
    CU_ASSERT_TRUE(attack_in_check(pos, BLACK));
    set_fen("extra-test", "k4/5/5/4R/K4 b - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));   /* e2 is no corner */
    /* black's regions are mirrored (the same squares here) */
    set_fen("extra-test", "K4/5/5/5/r3k b - - 0 1");
    CU_ASSERT_EQUAL(moves_from("a1"), 2 + 4);
}

/* Atoms whose moves overlap make each move once: chu's flying stag vRK
 * (the king's step up is the rook's first), a doubled atom, a slide that
 * a longer one covers. */
static void test_overlapping_atoms(void)
{
    static const char text[] =
        "name: overlap-test\nextends: chess\neval: ~\n"
        "pieces:\n  Q: {name: stag, moves: vRK, value: 700}\n"
        "  A: {name: twice, moves: R2WfW, value: 500}\n"
        "  E: {name: wazir, moves: W, value: 300, extra-moves: {first 2 ranks: fR}}\n"
        "  G: {name: guard, moves: W, value: 300, extra-moves: {first 2 ranks: fWbW}}\n";
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "overlap-test.yaml", text, stderr, ""), 0);
    set_fen("overlap-test", "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d4"), 7 + 8 - 2);   /* d1-d8, and six king steps more */
    set_fen("overlap-test", "4k3/8/8/3p4/3Q4/8/8/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d4"), 4 + 8 - 2);   /* d5 taken once */
    set_fen("overlap-test", "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d4"), 8);           /* two squares each way */
    CU_ASSERT_EQUAL(legal_count(), 8 + 5);
    /* extra moves that repeat the main ones: a longer extra ray covers the
       wazir's step forward, the main steps cover equal extra ones */
    set_fen("overlap-test", "4k3/8/8/8/8/8/3E4/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d2"), 4 + 5);       /* d3-d8 once, d1 c2 e2 */
    set_fen("overlap-test", "4k3/8/8/8/8/8/3G4/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d2"), 4);
    set_fen("overlap-test", "4k3/8/8/8/3E4/8/8/4K3 w - - 0 1");
    CU_ASSERT_EQUAL(moves_from("d4"), 4);           /* no extra moves there */
}

/* A pawn whose first-move slide repeats its single step, as Sjaak II and
 * the wildebeest or omega pawn write it: fmWfceFifmW2 is chess's pawn
 * (the step once, the double step leaving e.p. rights), so chess's counts;
 * fmWfceFifmW3 pushes one, two or three squares from the second rank. */
static void test_initial_slide_repeats_step(void)
{
    static const char w2[] = "name: pawn-w2\nextends: chess\npieces:\n  P: {moves: fmWfceFifmW2}\n",
                      w3[] = "name: pawn-w3\nextends: chess\npieces:\n  P: {moves: fmWfceFifmW3}\n";
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "pawn-w2.yaml", w2, stderr, ""), 0);
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "pawn-w3.yaml", w3, stderr, ""), 0);
    set_fen("pawn-w2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CU_ASSERT_EQUAL(perft_count(pos, 1), 20);
    CU_ASSERT_EQUAL(perft_count(pos, 2), 400);
    CU_ASSERT_EQUAL(perft_count(pos, 3), 8902);
    /* the third position of the usual chess suite: e.p. captures from depth 4 */
    set_fen("pawn-w2", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    CU_ASSERT_EQUAL(perft_count(pos, 4), 43238);
    set_fen("pawn-w3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CU_ASSERT_EQUAL(perft_count(pos, 1), 8 * 3 + 4);
    CU_ASSERT_EQUAL(moves_from("e2"), 3);
    set_fen("pawn-w3", "rnbqkbnr/pppppppp/8/4n3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CU_ASSERT_EQUAL(moves_from("e2"), 2);           /* e3, e4: not over the knight */
}

/* capture-rules: xiangqi cannons that may neither take nor jump a cannon. */
static void test_capture_rules(void)
{
    static const char text[] =
        "name: cannon-test\nextends: xiangqi\n"
        "capture-rules: [{attacker: C, victim: C, capture: never, hop-over: never}]\n";
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "cannon-test.yaml", text, stderr, ""), 0);
    const char *jump = "4k4/9/9/9/4c4/9/9/4C4/9/3K5 b - - 0 1";
    set_fen("xiangqi", jump);
    CU_ASSERT_TRUE(attack_in_check(pos, BLACK));     /* the cannon on e3 jumps e6 */
    set_fen("cannon-test", jump);
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));    /* not over a cannon */
    /* e3: e2 e1 down, a3-d3 f3-i3 sideways, e4 up; then the pawn on e5 as
       the screen, and the cannon on e7 behind it */
    const char *take = "3k5/9/9/4c4/9/4P4/9/4C4/9/5K3 w - - 0 1";
    set_fen("xiangqi", take);
    CU_ASSERT_EQUAL(moves_from("e3"), 2 + 8 + 1 + 1);
    set_fen("cannon-test", take);
    CU_ASSERT_EQUAL(moves_from("e3"), 2 + 8 + 1);
    char why[100];
    Move m;
    CU_ASSERT_FALSE(move_parse(pos, "e3e7", false, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "a cannon may not capture a cannon");
}

/* capture-rules contagion (werewolf): a knight that takes a werewolf
 * becomes one, a king that takes one stays a king; the capture is a
 * promotion to W, written with or without the letter, and the only way
 * to make that capture.  Without the rule the knight stays a knight. */
static void test_contagion(void)
{
    static const char text[] =
        "name: no-contagion\nextends: werewolf\ncapture-rules: [{victim: W, contagion: false}]\n";
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "no-contagion.yaml", text, stderr, ""), 0);
    const char *fen = "4k3/8/8/6w1/8/5N2/8/4K3 w - - 0 1";
    char out[100], why[100];
    Move m;
    set_fen("werewolf", fen);
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "f3g5", true, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.piece, variant_type_by_letter(pos->v, 'W', false) + 1);
    move_to_string(pos, m, true, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "f3g5w");
    CU_ASSERT_EQUAL(moves_from("f3"), 7);        /* one move to g5, not two */
    play("f3g5w");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "4k3/8/8/6W1/8/8/8/4K3 b - - 0 1");
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    position_unmake(pos);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, fen);
    /* the king takes the werewolf on e2 (not a promotion; 'e1e2w' is none) */
    set_fen("werewolf", "4k3/8/8/8/8/8/4w3/4K3 w - - 0 1");
    CU_ASSERT_FALSE(move_parse(pos, "e1e2w", true, &m, why, sizeof why));
    play("e1e2");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "4k3/8/8/8/8/8/4K3/8 b - - 0 1");
    /* without the rule */
    set_fen("no-contagion", fen);
    CU_ASSERT_FALSE(move_parse(pos, "f3g5w", true, &m, why, sizeof why));
    play("f3g5");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "4k3/8/8/6N1/8/8/8/4K3 b - - 0 1");
    /* a pawn that takes a werewolf on the last rank becomes one, not a rook */
    set_fen("werewolf", "4k2w/6P1/8/8/8/8/8/4K3 w - - 0 1");
    CU_ASSERT_FALSE(move_parse(pos, "g7h8r", true, &m, why, sizeof why));
    play("g7h8w");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "4k2W/8/8/8/8/8/8/4K3 b - - 0 1");
}

/* range-capture (tenjiku's generals): the rook general (rank 1) on a1
 * jumps its own pawn on a2 and takes the black pawn on a3 or the bishop
 * general on a5, which ranks as high as it and stops it: the gold on a6
 * is out of reach.  The great general (+R!, rank 3) jumps the bishop
 * general too.  Moves without capture stay slides; a range capture is
 * made, written and unmade as any capture. */
static const char range_test_yaml[] =
    "name: range-test\nboard: 16x16\n"
    "pieces:\n"
    "  K: {name: king, moves: K, royal: true, rank: 4}\n"
    "  P: {name: pawn, moves: fW}\n"
    "  G: {name: gold general, moves: WfF}\n"
    "  R: {name: rook, moves: R}\n"
    "  \"R!\": {name: rook general, moves: R, rank: 1, range-capture: true,\n"
    "         promoted: {name: great general, moves: Q, rank: 3, range-capture: true}}\n"
    "  \"B!\": {name: bishop general, moves: B, rank: 1, range-capture: true}\n"
    "start: 7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 w - - 0 1\n";

static void load_range_test(void)
{
    if (!varset_find(&set, "range-test"))
        CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "range-test.yaml", range_test_yaml, stderr,
                                               ""), 0);
}

static void test_range_capture(void)
{
    load_range_test();
    const char *rook_general =
        "13k2/16/16/16/16/16/16/2K13/16/16/g15/b!15/16/p15/P15/R!15 w - - 0 1";
    const char *great_general =
        "13k2/16/16/16/16/16/16/2K13/16/16/g15/b!15/16/p15/P15/+R!15 w - - 0 1";
    char out[200], why[100];
    Move m;
    set_fen("range-test", rook_general);
    CU_ASSERT_EQUAL(moves_from("a1"), 15 + 2);      /* b1-p1, takes a3 and a5 */
    CU_ASSERT_TRUE(move_parse(pos, "a1a3", false, &m, why, sizeof why));
    CU_ASSERT_TRUE(move_parse(pos, "a1a5", false, &m, why, sizeof why));
    CU_ASSERT_FALSE(move_parse(pos, "a1a6", false, &m, why, sizeof why));
    CU_ASSERT_FALSE(move_parse(pos, "a1a4", false, &m, why, sizeof why));
    play("a1a5");
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out,
        "13k2/16/16/16/16/16/16/2K13/16/16/g15/R!15/16/p15/P15/16 b - - 0 1");
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    position_unmake(pos);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, rook_general);
    set_fen("range-test", great_general);
    /* b1-p1, b2-p16 (the diagonal), takes a3, a5 and a6 */
    CU_ASSERT_EQUAL(moves_from("a1"), 15 + 15 + 3);
    CU_ASSERT_TRUE(move_parse(pos, "a1a6", false, &m, why, sizeof why));
}

/* A range capturer gives check through pieces ranked below it, not
 * through one ranked as high; a rook gives none through a pawn. */
static void test_range_capture_check(void)
{
    load_range_test();
    set_fen("range-test", "16/16/16/16/16/16/16/k15/16/16/16/16/P15/16/15K/R!15 b - - 0 1");
    CU_ASSERT_TRUE(attack_in_check(pos, BLACK));
    set_fen("range-test", "16/16/16/16/16/16/16/k15/16/16/16/16/b!15/16/15K/R!15 b - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));
    set_fen("range-test", "16/16/16/16/16/16/16/k15/16/16/16/16/P15/16/15K/R15 b - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));
    /* the king must answer: every legal move leaves it unattacked */
    set_fen("range-test", "16/16/16/16/16/16/16/k15/16/16/16/16/P15/16/15K/R!15 b - - 0 1");
    MoveList *ml = malloc(sizeof *ml);
    movegen_legal(pos, ml);
    CU_ASSERT_TRUE(ml->n > 0);
    for (int i = 0; i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        CU_ASSERT_FALSE(attack_in_check(pos, BLACK));
        position_unmake(pos);
    }
    free(ml);
}

/* burns (tenjiku's fire demon F, BvR): after it moves it burns the enemy
 * pieces next to where it lands; a piece that lands next to an enemy one
 * is burned (its capture stands), a fire demon too, which then burns
 * nothing.  Unmake puts everything back, and the hash follows. */
static const char burn_test_yaml[] =
    "name: burn-test\nboard: 8x8\n"
    "pieces:\n"
    "  K: {name: king, moves: K, royal: true}\n"
    "  P: {name: pawn, moves: fW}\n"
    "  G: {name: gold general, moves: WfF}\n"
    "  F: {name: fire demon, moves: BvR, burns: always}\n"
    "start: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";

static void load_burn_test(void)
{
    if (!varset_find(&set, "burn-test"))
        CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "burn-test.yaml", burn_test_yaml, stderr,
                                               ""), 0);
}

/* Make `move` in `fen`: the FEN after it must be `after`, the hash the one
 * computed afresh; unmake must give back `fen` and its hash. */
static void check_burn_move(const char *fen, const char *move, const char *after)
{
    char out[200];
    set_fen("burn-test", fen);
    uint64_t hash = pos->hash;
    play(move);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, after);
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    position_unmake(pos);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, fen);
    CU_ASSERT_EQUAL(pos->hash, hash);
}

static void test_burning(void)
{
    load_burn_test();
    /* d1-d3 burns the pawn on c4 and the gold on e4, not its own pawn */
    check_burn_move("4k3/8/3p4/8/2p1g3/8/4P3/3F3K w - - 5 9", "d1d3",
                      "4k3/8/3p4/8/8/3F4/4P3/7K b - - 0 9");
    /* a capture burns too */
    check_burn_move("4k3/8/8/8/2p1g3/3p4/8/3F3K w - - 0 1", "d1d3",
                      "4k3/8/8/8/8/3F4/8/7K b - - 0 1");
    /* the gold lands next to the black fire demon: it is burned, its
       capture stands */
    check_burn_move("4k3/8/8/7K/3f4/4p3/5G2/8 w - - 0 1", "f2e3",
                      "4k3/8/8/7K/3f4/8/8/8 b - - 0 1");
    /* a fire demon landing next to an enemy one burns, and burns nothing */
    check_burn_move("k7/8/8/7K/3f1p2/8/8/4F3 w - - 0 1", "e1e3",
                      "k7/8/8/7K/3f1p2/8/8/8 b - - 0 1");
}

/* A fire demon attacks every square next to one it can land on: check,
 * unless its lines are blocked or it would land next to an enemy fire
 * demon; burning the last royal wins; a king may not walk next to an
 * enemy fire demon (here one that cannot move). */
static void test_burning_check(void)
{
    load_burn_test();
    set_fen("burn-test", "8/8/8/4k3/8/8/8/K6F b - - 0 1");
    CU_ASSERT_TRUE(attack_in_check(pos, BLACK));      /* h1-e4 burns e5 */
    set_fen("burn-test", "8/8/8/4k3/8/8/6P1/K6F b - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));
    set_fen("burn-test", "7K/8/8/4k3/3f4/8/8/7F b - - 0 1");
    CU_ASSERT_FALSE(attack_in_check(pos, BLACK));     /* e4 and d5 are next to d4 */
    /* with two royals none is in check (royals: last): burning one is a
       move like any other; a side left without royals has lost */
    if (!varset_find(&set, "burn-two"))
        CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "burn-two.yaml",
                                               "name: burn-two\nextends: burn-test\n"
                                               "rules: {royals: last}\n", stderr, ""), 0);
    set_fen("burn-two", "1k6/8/8/4k3/8/8/8/K6F w - - 0 1");
    play("h1e4");
    CU_ASSERT_EQUAL(position_royals(pos, BLACK), 1);
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_NONE);
    set_fen("burn-two", "8/8/8/3k1k2/8/8/8/K6F w - - 0 1");
    play("h1e4");                                     /* burns both */
    CU_ASSERT_EQUAL(position_royals(pos, BLACK), 0);
    CU_ASSERT_EQUAL(rules_immediate(pos), OUTCOME_LOSS);
    set_fen("burn-test", "7k/8/8/2ppp3/2pf1K2/2ppp3/8/8 w - - 0 1");
    MoveList *ml = malloc(sizeof *ml);
    movegen_legal(pos, ml);
    for (int i = 0; i < ml->n; i++) {
        int to = ml->m[i].to, df = var_file(pos->v, to) - 3, dr = var_rank(pos->v, to) - 3;
        CU_ASSERT_FALSE(df >= -1 && df <= 1 && dr >= -1 && dr <= 1);
    }
    CU_ASSERT_EQUAL(ml->n, 5);      /* f3 f5 g3 g4 g5; not e3, e4, e5 */
    free(ml);
}

/* rules.pass: a pass is the royal's move to its own square, not in check;
 * two passes in a row end the game. */
static void test_passing(void)
{
    static const char text[] = "name: pass-test\nextends: chess\nrules: {pass: always}\n";
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "pass-test.yaml", text, stderr, ""), 0);
    char why[100], out[16];
    Move m;
    set_fen("pass-test", variant("pass-test")->start_fen);
    CU_ASSERT_EQUAL(legal_count(), 20 + 1);
    CU_ASSERT_TRUE(move_parse(pos, "@@@@", true, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_PASS);
    move_to_string(pos, m, false, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "e1e1");
    CU_ASSERT_TRUE(move_parse(pos, "e1e1", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_PASS);
    uint64_t hash = pos->hash;
    play("e1e1");
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    CU_ASSERT_NOT_EQUAL(pos->hash, hash);          /* the other side is to move */
    GameEnd end;
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    play("e7e5 e1e1");                             /* passes not in a row */
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    play("e8e8");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(end.reason, "both players passed");
    CU_ASSERT_EQUAL(legal_count(), 0);
    position_unmake(pos);
    CU_ASSERT_EQUAL(legal_count(), 30 + 1);        /* after 1...e5, as after 1.e4 e5 */
    /* not in check */
    set_fen("pass-test", "4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    CU_ASSERT_FALSE(move_parse(pos, "@@@@", true, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "passing is not allowed in check");
    CU_ASSERT_FALSE(move_parse(pos, "e1e1", false, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "passing is not allowed in check");
}

/* Janggi: bikjang, two passes and repetition end the game, and the
 * material count (with the second player's 1.5 points) decides it. */
static void test_janggi_game_ends(void)
{
    GameEnd end;
    char why[100];
    Move m;
    /* White's soldier leaves the file: the generals face each other, which
       is legal (in xiangqi it is not) */
    const char *open_file = "9/4k4/9/p8/4P4/9/9/9/4K4/R8 w - - 0 1";
    set_fen("xiangqi", open_file);
    CU_ASSERT_FALSE(move_parse(pos, "e6d6", false, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "royal pieces may not face each other");
    /* empire: kings may not face each other on a rank either */
    set_fen("empire", "8/3p4/8/k2S3K/8/8/4T3/8 w - - 0 1");
    CU_ASSERT_FALSE(move_parse(pos, "d5d6", false, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "royal pieces may not face each other");
    CU_ASSERT_TRUE(move_parse(pos, "d5c5", false, &m, why, sizeof why));
    set_fen("janggi", open_file);
    play("e6d6");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    /* Black must part them or pass: the general steps off the file (d9 f9,
       and along the palace diagonals d10 f10 d8 f8), but not to e10 or e8;
       the soldier's moves leave them facing */
    CU_ASSERT_EQUAL(legal_count(), 6 + 1);
    CU_ASSERT_FALSE(move_parse(pos, "a7a6", false, &m, why, sizeof why));
    CU_ASSERT_STRING_EQUAL(why, "royal pieces may not face each other");
    play("e9e9");                       /* the pass accepts bikjang */
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_WIN);      /* for White, to move */
    CU_ASSERT_STRING_EQUAL(end.reason, "bikjang; White wins on points, 15.0 to 3.5");
    CU_ASSERT_EQUAL(legal_count(), 0);
    /* two passes in a row: equal material, so the 1.5 points decide */
    set_fen("janggi", variant("janggi")->start_fen);
    play("e2e2 e9e9");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_LOSS);
    CU_ASSERT_STRING_EQUAL(end.reason, "both players passed; Black wins on points, 73.5 to 72.0");
    /* a repetition is counted the same way */
    set_fen("janggi", variant("janggi")->start_fen);
    play("b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_LOSS);
    CU_ASSERT_STRING_EQUAL(end.reason, "3-fold repetition; Black wins on points, 73.5 to 72.0");
    /* janggimodern: no bikjang (the generals may stay facing, and nothing
       ends), but the material count still decides two passes */
    set_fen("janggimodern", open_file);
    play("e6d6");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    CU_ASSERT_TRUE(move_parse(pos, "a7a6", false, &m, why, sizeof why));
    play("e9e9 e2e2");
    CU_ASSERT_TRUE(rules_game_end(pos, &end));
    CU_ASSERT_EQUAL(end.outcome, OUTCOME_LOSS);     /* for Black, to move */
    CU_ASSERT_STRING_EQUAL(end.reason, "both players passed; White wins on points, 15.0 to 3.5");
}

/* `move` (written as the engine writes it) leads to `fen_after`, with the
 * hash kept in step, and unmade gives the position back exactly. */
static void check_made_and_unmade(const char *move, const char *fen_after)
{
    char fen[256], text[32], why[100];
    Move m;
    uint64_t hash = pos->hash;
    CU_ASSERT_TRUE_FATAL(move_parse(pos, move, false, &m, why, sizeof why));
    move_to_string(pos, m, false, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, move);
    position_make(pos, m);
    position_get_fen(pos, fen, sizeof fen);
    CU_ASSERT_STRING_EQUAL(fen, fen_after);
    CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
    position_unmake(pos);
    CU_ASSERT_EQUAL(pos->hash, hash);
}

/* The legal moves of the side to move, as text, sorted, space-separated. */
static void legal_moves_text(char *out, size_t size)
{
    MoveList *ml = malloc(sizeof *ml);
    char texts[64][16];
    rules_legal_moves(pos, ml);
    int n = ml->n < 64 ? ml->n : 64;
    for (int i = 0; i < n; i++)
        move_to_string(pos, ml->m[i], false, texts[i], sizeof texts[i]);
    qsort(texts, (size_t)n, sizeof texts[0], (int (*)(const void *, const void *))strcmp);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", texts[i]);
    free(ml);
}

/* The promotions among the legal moves (moves with a piece letter). */
static void promotions_text(char *out, size_t size)
{
    char all[1024], *w = out;
    legal_moves_text(all, sizeof all);
    *w = '\0';
    for (char *t = strtok(all, " "); t; t = strtok(NULL, " "))
        if (strlen(t) == 5 && w + 6 < out + size)
            w += sprintf(w, "%s%s", w == out ? "" : " ", t);
}

/* Sittuyin: promotion in place.  A pawn on the long diagonals of the
 * opponent's half (anywhere when it is the last) may turn into the general
 * where it stands or one diagonal step away, while its side has none; the
 * general may not attack an enemy piece, nor the move give check. */
static void test_promotion_in_place(void)
{
    static const struct { const char *fen, *promotions, *why; } cases[] = {
        { "k7/8/8/3P4/8/8/8/K7[] w - - 0 50", "d5c4f d5c6f d5d5f d5e4f d5e6f",
          "the last pawn: in place and on every empty diagonal neighbour" },
        { "k7/8/8/3P4/1P6/8/8/K7[] w - - 0 50", "d5c4f d5c6f d5d5f d5e4f d5e6f",
          "two pawns: only the one on the long diagonal (d5), not b4" },
        { "k7/8/8/2P5/1P6/8/8/K7[] w - - 0 50", "", "two pawns, neither on a long diagonal" },
        { "8/2k5/1r6/3P1n2/1P2P3/8/8/K6R[] w - - 0 50", "d5c4f d5c6f d5d5f",
          "on e4 or e6 the general would attack the knight on f5" },
        { "3k4/8/8/3P4/4P3/8/8/K2R4[] w - - 0 50", "d5d5f",
          "every step off d5 opens the rook's file to d8: a discovered check" },
        { "4k3/8/8/3P4/4P3/8/8/K1F5[] w - - 0 50", "", "a general on the board already" },
        { "8/1k6/8/8/4p3/3p4/8/3K4[] b - - 0 50", "e4d5f e4e4f e4f3f e4f5f",
          "Black's zone is the mirror: e4, not d3" },
    };
    char moves[1024], fen[256], why[100];
    Move m;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set_fen("sittuyin", cases[i].fen);
        promotions_text(moves, sizeof moves);
        if (strcmp(moves, cases[i].promotions) != 0)
            fprintf(stderr, "\n    %s (%s): %s\n", cases[i].fen, cases[i].why, moves);
        CU_ASSERT_STRING_EQUAL(moves, cases[i].promotions);
    }
    /* made and unmade: the general stands where the move says, and the
       position comes back exactly */
    set_fen("sittuyin", "k7/8/8/3P4/1P6/8/8/K7[] w - - 0 50");
    check_made_and_unmade("d5d5f", "k7/8/8/3F4/1P6/8/8/K7[] b - - 0 50");
    play("d5e6f");
    position_get_fen(pos, fen, sizeof fen);
    CU_ASSERT_STRING_EQUAL(fen, "k7/8/4F3/8/1P6/8/8/K7[] b - - 0 50");
    /* a pawn does not promote by moving: d5d6 is a plain move */
    set_fen("sittuyin", "k7/8/8/3P4/8/8/8/K7[] w - - 0 50");
    CU_ASSERT_FALSE(move_parse(pos, "d5d6f", false, &m, why, sizeof why));
    CU_ASSERT_TRUE(move_parse(pos, "d5d6", false, &m, why, sizeof why));
}

/* Sittuyin's rule 3.9 c.7: a king and one pawn, not in check, with only
 * promotions left, are stalemated (drawn). */
static void test_promotion_stalemate(void)
{
    char reason[100];
    /* the king on h1 is boxed in by the rooks, the pawn blocked by the knight */
    CU_ASSERT_EQUAL(end_of("sittuyin", "7n/7P/2k5/6r1/8/8/r7/7K[] w - - 0 60", reason),
                    OUTCOME_DRAW);
    CU_ASSERT_STRING_EQUAL(reason, "stalemate: only promotions left");
    /* one more piece: not this rule, the game goes on */
    CU_ASSERT_EQUAL(end_of("sittuyin", "7n/7P/2k5/6r1/8/8/r7/N6K[] w - - 0 60", reason),
                    OUTCOME_NONE);
}

/* Twilight chess: a pickup puts an own piece into the hand (@@e2), and it
 * may be dropped back later; never the king, never while in check, never
 * one that shields the king. */
static void test_pickup(void)
{
    char fen[256], why[100];
    Move m;
    set_fen("twilight_chess", variant("twilight_chess")->start_fen);
    CU_ASSERT_TRUE_FATAL(move_parse(pos, "@@g1", false, &m, why, sizeof why));
    CU_ASSERT_EQUAL(m.kind, MOVE_PICKUP);
    check_made_and_unmade("@@g1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] b KQkq - 1 1");
    /* the knight comes back elsewhere; the king's rook, picked up, loses
       its castling for good */
    play("@@g1 e7e5 N@e3 d8h4 @@h1 h4e7 R@h1");
    position_get_fen(pos, fen, sizeof fen);
    CU_ASSERT_STRING_EQUAL(fen, "rnb1kbnr/ppppqppp/8/4p3/8/4N3/PPPPPPPP/RNBQKB1R[] b Qkq - 5 4");
    static const struct { const char *fen, *move, *why; } refused[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "@@e1",
          "a royal king may not be picked up" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "@@e4",
          "no piece of the side to move on e4" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "@@e7",
          "no piece of the side to move on e7" },
        { "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR[] w KQkq - 1 3", "@@f2",
          "picking up the pawn on f2 would leave the royal in check" },
        { "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPP1PP/RNBQKBNR[] w KQkq - 0 3", "@@a2",
          "no pickup while in check" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "@@g1", NULL },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "@@e",
          "a pickup is written @@ and a square, as @@e2" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "@@z9",
          "z9 is off the 8x8 board" },
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        set_fen(refused[i].why ? "twilight_chess" : "chess", refused[i].fen);
        CU_ASSERT_FALSE(move_parse(pos, refused[i].move, false, &m, why, sizeof why));
        CU_ASSERT_STRING_EQUAL(why, refused[i].why ? refused[i].why
                                                   : "pieces may not be picked up in chess");
    }
}

/* The moves of the piece on `sq`, as text, sorted, space-separated. */
static void moves_from_text(const char *sq, char *out, size_t size)
{
    char all[2048], *w = out;
    legal_moves_text(all, sizeof all);
    *w = '\0';
    for (char *t = strtok(all, " "); t; t = strtok(NULL, " "))
        if (strncmp(t, sq, strlen(sq)) == 0 && w + strlen(t) + 2 < out + size)
            w += sprintf(w, "%s%s", w == out ? "" : " ", t);
}

/* rules.initial-moves replace (supercapablanca as Sjaak II plays it): the
 * unmoved king's knight leap replaces its steps, but not its captures, and
 * a king in check steps as usual and does not leap. */
static void test_initial_moves_replace(void)
{
    char moves[512];
    set_fen("supercapablanca", "rnbacqkgabnr/pppppppppppp/12/12/12/12/PPPPP1PPPPPP/RNBACQKGABNR"
                               " w KQkq - 0 1");
    moves_from_text("g1", moves, sizeof moves);
    CU_ASSERT_STRING_EQUAL(moves, "g1f3 g1h3");          /* not g1f2 */
    /* it takes the knight on h2 as a king; the knight guards f3, f1 and
       j1, so no castling at all (castling.whole-side: i1 needs j1 and k1
       safe too; the long side passes f1) */
    set_fen("supercapablanca", "4k7/12/12/12/12/12/7n4/R5K4R w KQ - 0 1");
    moves_from_text("g1", moves, sizeof moves);
    CU_ASSERT_STRING_EQUAL(moves, "g1e2 g1h2 g1h3 g1i2");
    set_fen("supercapablanca", "4k7/12/12/12/12/12/12/R5K4R w KQ - 0 1");
    moves_from_text("g1", moves, sizeof moves);
    CU_ASSERT_STRING_EQUAL(moves, "g1c1 g1d1 g1e1 g1e2 g1f3 g1h3 g1i1 g1i2 g1j1 g1k1");
    /* in check from c1: steps, no leap, no castling */
    set_fen("supercapablanca", "4k7/12/12/12/12/12/12/R1r3K4R w KQ - 0 1");
    moves_from_text("g1", moves, sizeof moves);
    CU_ASSERT_STRING_EQUAL(moves, "g1f2 g1g2 g1h2");
}

/* The bound holds for every position of the perft data. */
static void check_bound(const char *vname, const char *fen)
{
    set_fen(vname, fen);
    CU_ASSERT(pseudo_count() <= pos->v->move_bound);
}

static void test_move_bound(void)
{
    CU_ASSERT(for_each_perft_fen(check_bound) > 100);
}

int main(int argc, char **argv)
{
    const char *env = getenv("top_srcdir");
    if (argc > 1)
        snprintf(srcdir, sizeof srcdir, "%s", argv[1]);
    else if (env)
        snprintf(srcdir, sizeof srcdir, "%s", env);
    zobrist_init();
    varset_init(&set);
    if (varset_load_builtin(&set, stderr, "") != 0)
        return 1;
    pos = malloc(sizeof *pos);

    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    CU_pSuite s = CU_add_suite("position", NULL, NULL);
    CU_add_test(s, "FEN round trips", test_fen_round_trip);
    CU_add_test(s, "make/unmake and hashes", test_make_unmake);
    CU_add_test(s, "move text round trips", test_notation_round_trip);
    CU_add_test(s, "move notation cases", test_notation_cases);
    CU_add_test(s, "bad FENs", test_bad_fen);
    CU_add_test(s, "bad FENs: empty-square runs", test_bad_fen_empty_runs);
    CU_add_test(s, "bad FENs: holdings", test_bad_fen_holdings);
    CU_add_test(s, "bad FENs: counters", test_bad_fen_counters);
    CU_add_test(s, "bad FENs: the bad token is quoted", test_bad_fen_quotes_token);
    CU_add_test(s, "bad FENs: royals", test_bad_fen_royals);
    CU_add_test(s, "castling keeps the promoted mark", test_castling_keeps_marks);
    CU_add_test(s, "gating and castling letters read back", test_gating_castling_letters);
    CU_add_test(s, "evaluation bounds", test_eval_bounds);
    CU_add_test(s, "game ends", test_game_ends);
    CU_add_test(s, "counting", test_counting);
    CU_add_test(s, "initial-move rights", test_initial_rights);
    CU_add_test(s, "rule-restricted moves", test_rule_moves);
    CU_add_test(s, "extra moves by region", test_extra_moves_regions);
    CU_add_test(s, "overlapping atoms", test_overlapping_atoms);
    CU_add_test(s, "initial slide repeating a step", test_initial_slide_repeats_step);
    CU_add_test(s, "capture rules", test_capture_rules);
    CU_add_test(s, "capture rules: contagion (werewolf)", test_contagion);
    CU_add_test(s, "passing", test_passing);
    CU_add_test(s, "janggi game ends", test_janggi_game_ends);
    CU_add_test(s, "e.p. and castling rights", test_ep_and_castling_rights);
    CU_add_test(s, "castling with gating", test_castling_with_gating);
    CU_add_test(s, "gating obeys drop zones", test_gating_obeys_drop_zones);
    CU_add_test(s, "more moves than 1024", test_many_moves);
    CU_add_test(s, "variants with too many moves", test_too_many_moves);
    CU_add_test(s, "move bound", test_move_bound);
    CU_add_test(s, "promotion in place (sittuyin)", test_promotion_in_place);
    CU_add_test(s, "promotion stalemate (sittuyin)", test_promotion_stalemate);
    CU_add_test(s, "pickup (twilight chess)", test_pickup);
    CU_add_test(s, "initial moves replace (supercapablanca)", test_initial_moves_replace);
    CU_add_test(s, "range capture (tenjiku's generals)", test_range_capture);
    CU_add_test(s, "check by a range capturer", test_range_capture_check);
    CU_add_test(s, "burning (tenjiku's fire demon)", test_burning);
    CU_add_test(s, "check by burning", test_burning_check);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures();
    CU_cleanup_registry();
    free(pos);
    varset_free(&set);
    return failures ? 1 : 0;
}
