/*
 * test_turn.c — turns of several moves (board/turn.h), against a slow
 * reference written here from the games' rules, not from the engine's:
 *   - perft by the engine equals perft by pseudo-legal generation, the
 *     reference's own legality test and its own bookkeeping of whose turn
 *     it is and how many moves are left (checked at every node), for
 *     Marseillais, Italian and Scottish progressive and Monster chess,
 *     from the start and from positions of random games (mid-turn ones
 *     among them);
 *   - the counts of their files in tests/data/perft (up to 200000) agree
 *     with the reference;
 *   - e.p. captures come only as the first move of a turn;
 *   - over random games, make/unmake restore the FEN and the hash, the
 *     incremental hash equals the computed one, and every FEN (with its
 *     moves-left suffix) reads back to the same position and hash;
 *   - the FEN suffix is read, written and refused where it must be;
 *   - checkmate and stalemate at the start of and during a turn, and
 *     Monster chess's mate by a two-move threat.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/perft.h"
#include "board/position.h"
#include "board/rules.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"
#include "test_rng.h"

static VariantSet set;
static Position *pos, *other;
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

/* ---- the reference: the three games' turn rules, written out ----------- */

typedef enum { MARSEILLAIS, PROGRESSIVE, SCOTTISH, MONSTER } Game;

typedef struct {
    Game game;
    int  side, left, fullmove;     /* whose turn, moves left in it, move number */
    long errors;                   /* engine state or e.p. not as the rules say */
} Ref;

/* Marseillais: two moves, White's first turn one.  Progressive (Italian
 * and Scottish): the k-th turn k moves.  Monster: White two, Black one. */
static int ref_length(Game g, int side, int fullmove)
{
    switch (g) {
    case MARSEILLAIS: return fullmove == 1 && side == WHITE ? 1 : 2;
    case PROGRESSIVE:
    case SCOTTISH:    return 2 * (fullmove - 1) + side + 1;
    default:          return side == WHITE ? 2 : 1;
    }
}

/* Can the side to move take a royal of `color` in at most `moves` moves
 * of its own, whatever they do to its own king? */
static bool ref_capturable(int color, int moves)
{
    if (attack_in_check(pos, color))
        return true;
    if (moves < 2)
        return false;
    MoveList *ml = malloc(sizeof *ml);
    movegen_pseudo(pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++) {
        position_make(pos, ml->m[i]);
        found = attack_in_check(pos, color);
        position_unmake(pos);
    }
    free(ml);
    return found;
}

static bool ref_legal(const Ref *r, int us);

/* Monster chess, White's first move made: can White end its turn with its
 * king safe from Black's one move? */
static bool ref_monster_completable(void)
{
    MoveList *ml = malloc(sizeof *ml);
    movegen_pseudo(pos, ml);
    bool found = false;
    Ref second = { MONSTER, WHITE, 1, 0, 0 };
    for (int i = 0; i < ml->n && !found; i++) {
        position_make(pos, ml->m[i]);
        found = ref_legal(&second, WHITE);
        position_unmake(pos);
    }
    free(ml);
    return found;
}

/* With a move of `us` made at the node `r` (the state before it): does
 * the game allow it? */
static bool ref_legal(const Ref *r, int us)
{
    if (r->game == MONSTER) {
        if (us == WHITE && r->left == 2)
            return ref_monster_completable();
        /* the turn ends: the royal may not be capturable during the
           opponent's next turn (one Black move, two White ones) */
        int side = pos->side;
        pos->side = !us;
        bool bad = ref_capturable(us, us == WHITE ? 1 : 2);
        pos->side = side;
        return !bad;
    }
    if (attack_in_check(pos, us))
        return false;
    /* Italian progressive: check only with the last move of a turn */
    return !(r->game == PROGRESSIVE && r->left > 1 && attack_in_check(pos, !us));
}

/* The state after a legal move of r->side: a Marseillais or Scottish
 * check ends the turn. */
static Ref ref_next(const Ref *r)
{
    Ref n = *r;
    bool check_ends = r->game == MARSEILLAIS || r->game == SCOTTISH;
    bool ends = r->left == 1 || (check_ends && attack_in_check(pos, !r->side));
    if (!ends) {
        n.left--;
        return n;
    }
    n.side = !r->side;
    n.fullmove += r->side == BLACK;
    n.left = ref_length(r->game, n.side, n.fullmove);
    return n;
}

static uint64_t ref_perft(Ref *r, int depth)
{
    if (pos->side != r->side || pos->turn_left != r->left || pos->fullmove != r->fullmove)
        r->errors++;
    if (depth == 0)
        return 1;
    bool turn_start = r->left == ref_length(r->game, r->side, r->fullmove);
    MoveList *ml = malloc(sizeof *ml);
    movegen_pseudo(pos, ml);
    uint64_t n = 0;
    for (int i = 0; i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        if (ref_legal(r, r->side)) {
            if (ml->m[i].kind == MOVE_EP && !turn_start)
                r->errors++;
            Ref next = ref_next(r);
            next.errors = 0;
            n += ref_perft(&next, depth - 1);
            r->errors += next.errors;
        }
        position_unmake(pos);
    }
    free(ml);
    return n;
}

static Game game_of(const char *vname)
{
    return strcmp(vname, "marseillais") == 0 ? MARSEILLAIS
         : strcmp(vname, "progressive") == 0 ? PROGRESSIVE
         : strcmp(vname, "scottish-progressive") == 0 ? SCOTTISH : MONSTER;
}

/* The engine's perft and the reference's agree at every depth to `depth`. */
static void check_perft(const char *vname, int depth)
{
    Ref r = { game_of(vname), pos->side, pos->turn_left, pos->fullmove, 0 };
    for (int d = 1; d <= depth; d++) {
        uint64_t engine = perft_count(pos, d);
        Ref rr = r;
        uint64_t ref = ref_perft(&rr, d);
        if (engine != ref || rr.errors) {
            char fen[512];
            position_get_fen(pos, fen, sizeof fen);
            fprintf(stderr, "\n    %s %s depth %d: engine %llu, reference %llu, %ld errors\n",
                    vname, fen, d, (unsigned long long)engine, (unsigned long long)ref,
                    rr.errors);
        }
        CU_ASSERT_EQUAL(engine, ref);
        CU_ASSERT_EQUAL(rr.errors, 0);
    }
}

static void test_perft_start(void)
{
    set_fen("marseillais", variant("marseillais")->start_fen);
    check_perft("marseillais", 4);
    set_fen("progressive", variant("progressive")->start_fen);
    check_perft("progressive", 4);
    set_fen("scottish-progressive", variant("scottish-progressive")->start_fen);
    check_perft("scottish-progressive", 4);
    set_fen("monster", variant("monster")->start_fen);
    check_perft("monster", 3);
}

/* Every count of the variant's perft file up to `most` agrees with the
 * reference (the engine's side is tests/perft.sh). */
static int check_perft_file(const char *vname, uint64_t most)
{
    char path[700], line[600];
    snprintf(path, sizeof path, "%s/tests/data/perft/%s.perft", srcdir, vname);
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    int checked = 0;
    unsigned depth;
    unsigned long long count;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (strncmp(line, "fen ", 4) == 0) {
            set_fen(vname, line + 4);
        } else if (sscanf(line, "depth %u %llu", &depth, &count) == 2 && count <= most) {
            Ref r = { game_of(vname), pos->side, pos->turn_left, pos->fullmove, 0 };
            uint64_t ref = ref_perft(&r, (int)depth);
            if (ref != count || r.errors)
                fprintf(stderr, "\n    %s: depth %u: file %llu, reference %llu, %ld errors\n",
                        vname, depth, count, (unsigned long long)ref, r.errors);
            CU_ASSERT_EQUAL(ref, count);
            CU_ASSERT_EQUAL(r.errors, 0);
            checked++;
        }
    }
    fclose(f);
    return checked;
}

static void test_perft_files(void)
{
    CU_ASSERT(check_perft_file("marseillais", 200000) >= 12);
    CU_ASSERT(check_perft_file("progressive", 200000) >= 12);
    CU_ASSERT(check_perft_file("scottish-progressive", 200000) >= 12);
    CU_ASSERT(check_perft_file("monster", 200000) >= 12);
}

/* ---- random games ------------------------------------------------------ */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

/* Every FEN reads back to itself and to the same hash. */
static void check_fen_reads_back(const char *vname)
{
    char fen[512], again[512], err[200];
    position_get_fen(pos, fen, sizeof fen);
    int rc = position_set_fen(other, variant(vname), fen, err, sizeof err);
    if (rc)
        fprintf(stderr, "\n    %s %s: %s\n", vname, fen, err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    position_get_fen(other, again, sizeof again);
    CU_ASSERT_STRING_EQUAL(again, fen);
    /* (a FEN keeps no virginity beyond the castling rights: a rook whose
       king has moved reads back as moved, in any variant) */
    if (memcmp(&other->virgin, &pos->virgin, sizeof pos->virgin) == 0)
        CU_ASSERT_EQUAL(other->hash, pos->hash);
    CU_ASSERT_EQUAL(other->turn_left, pos->turn_left);
}

/* A random game of up to `plies` moves; every `every` plies the engine's
 * perft is held against the reference at `depth` from a copy of the
 * position (set from its FEN, so mid-turn FENs are tested too). */
static void random_game(const char *vname, int plies, int every, int depth)
{
    static char fens[400][512];
    static uint64_t hashes[400];
    MoveList *ml = malloc(sizeof *ml);
    set_fen(vname, variant(vname)->start_fen);
    int made = 0;
    for (; made < plies && made < 400; made++) {
        CU_ASSERT_EQUAL(pos->hash, position_compute_hash(pos));
        check_fen_reads_back(vname);
        position_get_fen(pos, fens[made], sizeof fens[made]);
        hashes[made] = pos->hash;
        if (every && made % every == every - 1) {
            Position *keep = pos;
            pos = other;     /* perft from the FEN alone */
            check_perft(vname, depth);
            pos = keep;
        }
        rules_legal_moves(pos, ml);
        if (ml->n == 0)
            break;
        position_make(pos, ml->m[test_rng_next(&rng) % (unsigned)ml->n]);
    }
    for (int i = made - 1; i >= 0; i--) {
        if (i < made - 1 || pos->ply > i)
            position_unmake(pos);
        char fen[512];
        position_get_fen(pos, fen, sizeof fen);
        CU_ASSERT_STRING_EQUAL(fen, fens[i]);
        CU_ASSERT_EQUAL(pos->hash, hashes[i]);
    }
    free(ml);
}

static void test_random_games(void)
{
    for (int g = 0; g < 6; g++) {
        random_game("marseillais", 120, 7, 3);
        random_game("progressive", 120, 9, 3);
        random_game("scottish-progressive", 120, 8, 3);
        random_game("monster", 120, 11, 2);
    }
}

/* ---- FEN --------------------------------------------------------------- */

static void test_fen_suffix(void)
{
    char out[512], err[200];
    const char *mid = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b2 KQkq - 0 1";
    set_fen("marseillais", mid);
    CU_ASSERT_EQUAL(pos->turn_left, 2);
    position_get_fen(pos, out, sizeof out);   /* a whole turn: no suffix */
    CU_ASSERT_STRING_EQUAL(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    set_fen("marseillais", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b1 KQkq - 0 1");
    CU_ASSERT_EQUAL(pos->turn_left, 1);
    position_get_fen(pos, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b1 KQkq - 0 1");
    /* more moves left than the turn has, a suffix where turns are one move */
    CU_ASSERT_NOT_EQUAL(position_set_fen(pos, variant("marseillais"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w2 KQkq - 0 1", err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(err, "white has 2 moves left in a turn of 1");
    CU_ASSERT_NOT_EQUAL(position_set_fen(pos, variant("chess"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w1 KQkq - 0 1", err, sizeof err), 0);
    CU_ASSERT_NOT_EQUAL(position_set_fen(pos, variant("progressive"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR bx KQkq - 0 1", err, sizeof err), 0);
    /* progressive: the move number says how long the turn is */
    set_fen("progressive", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3");
    CU_ASSERT_EQUAL(pos->turn_left, 5);
    set_fen("progressive", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b4 KQkq - 0 3");
    CU_ASSERT_EQUAL(pos->turn_left, 4);
}

/* ---- game ends ----------------------------------------------------------- */

static void expect_end(const char *vname, const char *fen, Outcome o, const char *reason)
{
    GameEnd end;
    set_fen(vname, fen);
    bool over = rules_game_end(pos, &end);
    if (!over || end.outcome != o || strcmp(end.reason, reason) != 0)
        fprintf(stderr, "\n    %s %s: %s '%s'\n", vname, fen, over ? "ends" : "goes on",
                end.reason);
    CU_ASSERT_TRUE(over);
    CU_ASSERT_EQUAL(end.outcome, o);
    CU_ASSERT_STRING_EQUAL(end.reason, reason);
}

static void test_game_ends(void)
{
    GameEnd end;
    /* Marseillais: mated at the start of a turn (back-rank mate) */
    expect_end("marseillais", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 5", OUTCOME_LOSS, "White mates");
    /* progressive: the only parry of the check, Ba5, gives check itself,
       which only the last move of a series may do: mated */
    expect_end("progressive", "k7/2K5/8/8/8/8/8/R3b3 b - - 0 3", OUTCOME_LOSS, "White mates");
    /* ...where in Marseillais and Scottish progressive chess the check
       merely ends the turn */
    set_fen("marseillais", "k7/2K5/8/8/8/8/8/R3b3 b - - 0 3");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    set_fen("scottish-progressive", "k7/2K5/8/8/8/8/8/R3b3 b - - 0 3");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
    /* progressive: stalemate in the middle of a series (a draw) */
    expect_end("progressive", "k7/2Q5/1K6/8/8/8/8/8 b2 - - 0 3", OUTCOME_DRAW, "stalemate");
    /* Monster chess: Wikipedia's mate: after d4-d5, d5-d6 every Black
       move leaves the king capturable by two White moves (d7, dxe8) */
    expect_end("monster", "4k3/8/3PP3/8/8/8/2q5/7K b - - 0 2", OUTCOME_LOSS, "White mates");
    set_fen("monster", "4k3/8/4P3/8/3P4/8/2q5/7K w - - 0 2");
    CU_ASSERT_FALSE(rules_game_end(pos, &end));
}

/* ---- main ------------------------------------------------------------------ */

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
    other = malloc(sizeof *other);
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    CU_pSuite s = CU_add_suite("turn", NULL, NULL);
    CU_add_test(s, "perft against the reference from the start", test_perft_start);
    CU_add_test(s, "the perft files against the reference", test_perft_files);
    CU_add_test(s, "random games: reference perft, make/unmake, FEN", test_random_games);
    CU_add_test(s, "FEN: moves left in the turn", test_fen_suffix);
    CU_add_test(s, "game ends", test_game_ends);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures();
    CU_cleanup_registry();
    free(pos);
    free(other);
    varset_free(&set);
    return failures ? 1 : 0;
}
