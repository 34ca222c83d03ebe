/*
 * test_search.c — the search's tactical suite and control tests.
 *
 * Each tactical case is a position, the moves that solve it and what
 * the score must show (a mate in so many moves, or a material gain).  It
 * must be solved within a node budget, never a time budget, so the
 * result does not depend on the machine.  The same holds for the
 * endings the engine must win by playing both sides at a fixed depth.
 */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "board/attack.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "search/search.h"
#include "search/search_internal.h"   /* white box: the history tables */
#include "search/see.h"
#include "search/eval.h"
#include "catalog/variant_load.h"
#include "board/zobrist.h"
#include "protocol/engine.h"
#include "cunit_run.h"

#define NODE_BUDGET 2000000

static VariantSet set;

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_all(&set, NULL, stderr, "");
    return 0;
}

static int suite_clean(void)
{
    varset_free(&set);
    return 0;
}

static Position *load(const char *variant, const char *fen)
{
    const Variant *v = varset_find(&set, variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    Position *pos = malloc(sizeof *pos);
    char err[256];
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    if (position_set_fen(pos, v, fen ? fen : v->start_fen, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s: %s\n", variant, fen, err);
        CU_FAIL_FATAL("bad FEN");
    }
    return pos;
}

/* A search that evaluates with the tables of pos's variant (owned by
 * the caller: search_free frees both). */
static Search *search_for(const Position *pos, size_t hash_mb, EvalTables **et)
{
    *et = eval_tables_create(pos->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*et);
    Search *s = search_create(hash_mb);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    search_set_eval(s, *et);
    return s;
}

static void search_free(Search *s, EvalTables *et)
{
    search_destroy(s);
    eval_tables_destroy(et);
}

static SearchLimits limits_depth(int depth, uint64_t nodes)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.nodes = nodes;
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.multipv = 1;
    return lim;
}

static int last_score;
static void grab_info(const Position *root, const SearchInfo *info, void *ctx)
{
    (void)root; (void)ctx;
    last_score = info->score;
}

/* Search to `depth` within the node budget; the best move must be one of
 * `answers` (space-separated) and the score at least `min_score`. */
static void solve(const char *variant, const char *fen, int depth, const char *answers,
                  int min_score)
{
    Position *pos = load(variant, fen);
    uint64_t hash = pos->hash;
    EvalTables *et;
    Search *s = search_for(pos, 16, &et);
    SearchLimits lim = limits_depth(depth, NODE_BUDGET);
    SearchCallbacks cb = { grab_info, NULL, NULL };
    last_score = -SCORE_INF;
    Move best = search_run(s, pos, &lim, &cb, NULL);
    char name[32];
    move_to_string(pos, best, false, name, sizeof name);
    char list[128];
    snprintf(list, sizeof list, " %s ", answers);
    char key[40];
    snprintf(key, sizeof key, " %s ", name);
    bool ok = strstr(list, key) != NULL && last_score >= min_score;
    if (!ok)
        fprintf(stderr, "\n  %s [%s]: got %s score %d nodes %llu, want {%s} score >= %d\n",
                variant, fen ? fen : "start", name, last_score,
                (unsigned long long)search_nodes(s), answers, min_score);
    CU_ASSERT(ok);
    CU_ASSERT(search_nodes(s) <= NODE_BUDGET + 64);
    CU_ASSERT_EQUAL(pos->hash, hash);   /* the caller's position is untouched */
    search_free(s, et);
    free(pos);
}

#define MATE_IN(n) (SCORE_MATE - (2 * (n) - 1))

/* Brute force, independent of the search: does the side to move mate
 * within n moves (checkmate as a loss for the mated side)? */
static bool forced_mate(Position *pos, int n);

static bool all_replies_mated(Position *pos, int n)
{
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    bool mated = ml->n == 0 && attack_in_check(pos, pos->side);
    bool all = ml->n > 0 && n > 0;
    for (int i = 0; all && i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        all = forced_mate(pos, n);
        position_unmake(pos);
    }
    free(ml);
    return mated || all;
}

static bool forced_mate(Position *pos, int n)
{
    if (n <= 0)
        return false;
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    bool found = false;
    for (int i = 0; !found && i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        found = all_replies_mated(pos, n - 1);
        position_unmake(pos);
    }
    free(ml);
    return found;
}

/* A mate in n: the search must claim it within the node budget, and
 * its move must really force mate in n (checked by brute force). */
static int search_threads = 1;   /* the Lazy SMP test runs the suite with helpers */

static void solve_mate(const char *variant, const char *fen, int depth, int n)
{
    Position *pos = load(variant, fen);
    EvalTables *et;
    Search *s = search_for(pos, 16, &et);
    search_set_threads(s, search_threads);
    SearchLimits lim = limits_depth(depth, NODE_BUDGET);
    SearchCallbacks cb = { grab_info, NULL, NULL };
    last_score = -SCORE_INF;
    Move best = search_run(s, pos, &lim, &cb, NULL);
    CU_ASSERT_FATAL(best.kind != MOVE_NULL);
    /* Helpers share the hash table, so a main search may meet a helper's
     * longer mate first: with them, a mate one move longer passes. */
    int m = search_threads > 1 ? n + 1 : n;
    position_make(pos, best);
    bool forced = all_replies_mated(pos, m - 1);
    position_unmake(pos);
    char name[32];
    move_to_string(pos, best, false, name, sizeof name);
    if (!forced || last_score < MATE_IN(m))
        fprintf(stderr, "\n  %s [%s]: got %s score %d, want mate in %d\n",
                variant, fen, name, last_score, m);
    CU_ASSERT(forced);
    CU_ASSERT(last_score >= MATE_IN(m));
    search_free(s, et);
    free(pos);
}

/* ---- chess ---------------------------------------------------------------- */

static void test_chess_mate1(void)
{
    solve_mate("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4, 1);
}

static void test_chess_mate2(void)
{
    solve_mate("chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 6, 2);
}

static void test_chess_mate3(void)
{
    /* King and rook against a king in the corner: two quiet moves (Rf2,
       Kg3) before the mate on the first rank. */
    solve_mate("chess", "8/8/8/8/8/5K2/R7/7k w - - 0 1", 10, 3);
}

static void test_chess_capture(void)
{
    solve("chess", "4k3/8/8/3q4/8/8/3R4/3RK3 w - - 0 1", 6, "d2d5 d2e2", 400);
}

static void test_chess_fork(void)
{
    /* Knight fork of king and queen wins the queen (and the knight gets
       away, unlike Nc7+ against a queen in the corner: the king traps it). */
    solve("chess", "6k1/3q3p/8/8/4N3/8/7P/6K1 w - - 0 1", 6, "e4f6", 200);
}

/* ---- other variants --------------------------------------------------------- */

static void test_capablanca_capture(void)
{
    solve("capablanca", "4k5/10/10/4q5/10/10/10/4C4K w - - 0 1", 6, "e1e5", 500);
}

static void test_capablanca_mate(void)
{
    /* The archbishop (B+N) mates the cornered king supported by its king. */
    solve_mate("capablanca", "k9/10/1K8/10/3A6/10/10/10 w - - 0 1", 6, 1);
}

static void test_shogi_drop_mate(void)
{
    solve("shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1", 4, "G@e8", MATE_IN(1));
    solve_mate("shogi", "4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1", 4, 1);
}

static void test_shogi_capture(void)
{
    /* The rook takes the undefended bishop. */
    solve("shogi", "3k5/9/9/9/1b2R4/9/9/9/4K4[-] w - - 0 1", 4, "e5b5", 300);
}

static void test_xiangqi_mate(void)
{
    solve_mate("xiangqi", "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1", 4, 1);
}

static void test_xiangqi_cannon_capture(void)
{
    /* The cannon jumps the screen and takes the undefended chariot (a
       cannon against a soldier is then only some way ahead: the tuned
       weights say about two thirds of a soldier). */
    solve("xiangqi", "4k4/9/9/r8/9/p8/9/9/9/C2K5 w - - 0 1", 4, "a1a7", 50);
}

/* Janggi: a chariot mate (no pass out of check); with the generals facing
 * (bikjang), passing ends the game on points: the side ahead passes, the
 * side behind parts them. */
static void test_janggi(void)
{
    solve_mate("janggi", "3k5/R8/9/9/9/9/9/9/4K4/7R1 w - - 0 1", 4, 1);
    solve("janggi", "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", 4, "e2e2", MATE_IN(1));
    solve("janggi", "4k4/9/9/9/9/9/9/9/4K4/r8 w - - 0 1", 4, "e2d2 e2f2 e2d3 e2f3",
          -SCORE_INF + 1);
}

static void test_custom_cannon(void)
{
    solve("menagerie", "5k4/10/10/q9/10/p9/10/10/10/C4K4 w - - 0 1", 4, "a1a7", 250);
}

static void test_nursery_drop_mate(void)
{
    /* Drop chess on 6x6: a rook drop mates on the back rank. */
    solve("nursery", "2k3/1ppp2/6/6/6/2K3[R] w - - 0 1", 4, "R@a6", MATE_IN(1));
}

/* ---- static exchange --------------------------------------------------------- */

static void test_see(void)
{
    Position *pos = load("chess", "4k3/8/3p4/4p3/8/8/4R3/4K3 w - - 0 1");
    EvalTables *et = eval_tables_create(pos->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    Move m;
    char why[80];
    CU_ASSERT_FATAL(move_parse(pos, "e2e5", false, &m, why, sizeof why));
    /* Rook takes a pawn defended by a pawn: loses the exchange. */
    CU_ASSERT(see_exchange(pos, et, m) < 0);
    free(pos);
    pos = load("chess", "4k3/8/8/4p3/8/8/4R3/4K3 w - - 0 1");
    CU_ASSERT_FATAL(move_parse(pos, "e2e5", false, &m, why, sizeof why));
    CU_ASSERT(see_exchange(pos, et, m) == eval_piece_value(et, code_type(pos->board[m.to])));
    eval_tables_destroy(et);
    free(pos);
}

/* ---- staged generation and the exposure shortcut ------------------------------ */

static bool touches_set(const SquareSet *squares, int king, Move m)
{
    if (m.kind == MOVE_CASTLE || m.from == king)
        return true;
    if (m.kind == MOVE_EP && sqset_has(squares, m.victim[0]))
        return true;
    return sqset_has(squares, m.to) || (m.kind != MOVE_DROP && sqset_has(squares, m.from));
}

/* One position: captures + quiet moves are exactly the pseudo-legal
 * moves, and a move that touches no exposure square neither leaves the
 * mover's royal attacked nor checks except by the moved piece itself. */
static void check_staged_and_exposure(Position *pos, MoveList *all, MoveList *part)
{
    movegen_pseudo(pos, all);
    part->n = 0;
    movegen_staged(pos, part, GEN_NOISY);
    int noisy = part->n;
    movegen_staged(pos, part, GEN_QUIET);
    CU_ASSERT_EQUAL(part->n, all->n);
    for (int i = 0; i < part->n; i++) {
        bool found = false;
        for (int j = 0; j < all->n && !found; j++)
            found = move_equal(part->m[i], all->m[j]);
        CU_ASSERT(found);
        Move m = part->m[i];
        bool capture = m.kind == MOVE_EP || (m.kind == MOVE_NORMAL && pos->board[m.to] != EMPTY);
        CU_ASSERT((i < noisy) == (capture || (m.kind == MOVE_NORMAL && m.piece)));
    }
    SquareSet own, their;
    int own_king = attack_in_check(pos, pos->side) ? -1 : attack_royal_exposure(pos, pos->side, &own);
    int their_king = attack_royal_exposure(pos, !pos->side, &their);
    for (int i = 0; i < all->n; i++) {
        Move m = all->m[i];
        position_make(pos, m);
        bool illegal = attack_left_illegal(pos);
        if (own_king >= 0 && !touches_set(&own, own_king, m))
            CU_ASSERT(!illegal);
        if (!illegal && their_king >= 0 && !touches_set(&their, their_king, m))
            CU_ASSERT_EQUAL(attack_in_check(pos, pos->side), attack_from(pos, m.to, their_king));
        position_unmake(pos);
    }
}

static void test_staged_generation(void)
{
    static const char *const variants[] = {
        "chess", "capablanca", "shogi", "xiangqi", "makruk", "knightmate", "grand",
        "crazyhouse", "courier", "shatranj", "menagerie", "janggi"
    };
    MoveList *all = malloc(sizeof *all), *part = malloc(sizeof *part);
    CU_ASSERT_PTR_NOT_NULL_FATAL(all);
    CU_ASSERT_PTR_NOT_NULL_FATAL(part);
    uint64_t seed = 12345;
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        for (int game = 0; game < 4; game++) {
            Position *pos = load(variants[v], NULL);
            for (int ply = 0; ply < 80; ply++) {
                check_staged_and_exposure(pos, all, part);
                rules_legal_moves(pos, all);
                if (all->n == 0)
                    break;
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                position_make(pos, all->m[(seed >> 33) % (uint64_t)all->n]);
            }
            free(pos);
        }
    }
    free(all);
    free(part);
}

/* ---- control --------------------------------------------------------------- */

static void test_node_limit(void)
{
    Position *pos = load("chess", NULL);
    EvalTables *et;
    Search *s = search_for(pos, 8, &et);
    SearchLimits lim = limits_depth(0, 5000);
    Move best = search_run(s, pos, &lim, NULL, NULL);
    CU_ASSERT(search_nodes(s) >= 5000);
    CU_ASSERT(search_nodes(s) <= 5000 + 64);
    CU_ASSERT(best.kind != MOVE_NULL);
    search_free(s, et);
    free(pos);
}

static void test_no_moves(void)
{
    /* Checkmated: no move to return. */
    Position *pos = load("chess", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    EvalTables *et;
    Search *s = search_for(pos, 8, &et);
    SearchLimits lim = limits_depth(3, 0);
    Move best = search_run(s, pos, &lim, NULL, NULL);
    CU_ASSERT(best.kind == MOVE_NULL);
    search_free(s, et);
    free(pos);
}

typedef struct {
    Search *s;
    EvalTables *et;
    Position *pos;
    Move best;
} Worker;

static void *run_infinite(void *arg)
{
    Worker *w = arg;
    SearchLimits lim = limits_depth(0, 0);
    lim.infinite = true;
    w->best = search_run(w->s, w->pos, &lim, NULL, NULL);
    return NULL;
}

static atomic_bool ponder_done;

static void *run_ponder(void *arg)
{
    Worker *w = arg;
    SearchLimits lim = limits_depth(3, 0);
    lim.ponder = true;
    w->best = search_run(w->s, w->pos, &lim, NULL, NULL);
    atomic_store(&ponder_done, true);
    return NULL;
}

/* After a ponderhit: the pondering search on thread th answers by itself
 * with a move.  A small search takes milliseconds; the bound only tells a
 * search that waits for ever from a slow one, so it is ten minutes, which
 * no sanitizer build on a loaded machine comes near.  Frees the worker. */
static void expect_ponder_answer(Worker *w, pthread_t th)
{
    struct timespec ts = { 0, 10000000 };
    for (int i = 0; i < 60000 && !atomic_load(&ponder_done); i++)
        nanosleep(&ts, NULL);
    CU_ASSERT(atomic_load(&ponder_done));
    search_stop(w->s);                    /* releases it if it still waits */
    pthread_join(th, NULL);
    CU_ASSERT(w->best.kind != MOVE_NULL);
    search_free(w->s, w->et);
    free(w->pos);
}

/* A ponderhit that arrives after the search was started but before its
 * thread runs is kept: the search then answers when done, instead of
 * waiting for a stop that never comes (it did). */
static void test_early_ponderhit(void)
{
    Worker w;
    w.pos = load("chess", NULL);
    w.s = search_for(w.pos, 8, &w.et);
    search_arm(w.s, true);
    search_ponderhit(w.s);
    atomic_store(&ponder_done, false);
    pthread_t th;
    CU_ASSERT_FATAL(pthread_create(&th, NULL, run_ponder, &w) == 0);
    expect_ponder_answer(&w, th);
}

static void *run_ponder_clocked(void *arg)
{
    Worker *w = arg;
    SearchLimits lim = limits_depth(0, 0);
    lim.ponder = true;
    lim.time_ms[0] = lim.time_ms[1] = 300;   /* a plan of a few milliseconds */
    w->best = search_run(w->s, w->pos, &lim, NULL, NULL);
    atomic_store(&ponder_done, true);
    return NULL;
}

/* Pondering past the time the clock allows marks the search so that a
 * ponderhit answers at once (the move is ready); the search runs on
 * until then.  Waits are by nodes and by hang-only bounds. */
static void test_ponder_past_the_plan(void)
{
    Worker w;
    w.pos = load("chess", NULL);
    w.s = search_for(w.pos, 8, &w.et);
    search_arm(w.s, true);
    atomic_store(&ponder_done, false);
    pthread_t th;
    CU_ASSERT_FATAL(pthread_create(&th, NULL, run_ponder_clocked, &w) == 0);
    struct timespec ts = { 0, 1000000 };
    while (!atomic_load(&w.s->stop_on_ponderhit) && search_nodes(w.s) < 3000000)
        nanosleep(&ts, NULL);
    CU_ASSERT(atomic_load(&w.s->stop_on_ponderhit));
    CU_ASSERT(!atomic_load(&ponder_done));      /* still pondering */
    search_ponderhit(w.s);
    expect_ponder_answer(&w, th);
}

/* Start an infinite search with `threads` threads on another thread, wait
 * until it has visibly searched (by nodes, not by the clock), stop it: the
 * answer must be a legal move. */
static void stop_infinite_search(const char *variant, int threads, uint64_t min_nodes)
{
    Worker w;
    w.pos = load(variant, NULL);
    w.s = search_for(w.pos, 8, &w.et);
    search_set_threads(w.s, threads);
    search_arm(w.s, false);
    pthread_t th;
    CU_ASSERT_FATAL(pthread_create(&th, NULL, run_infinite, &w) == 0);
    struct timespec ts = { 0, 1000000 };
    while (search_nodes(w.s) < min_nodes)
        nanosleep(&ts, NULL);
    search_stop(w.s);
    pthread_join(th, NULL);
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(w.pos, ml);
    bool legal = false;
    for (int i = 0; i < ml->n; i++)
        legal |= move_equal(ml->m[i], w.best);
    CU_ASSERT(legal);
    free(ml);
    search_set_threads(w.s, 1);          /* helpers can be taken away again */
    search_free(w.s, w.et);
    free(w.pos);
}

static void test_stop_from_thread(void)
{
    stop_infinite_search("chess", 1, 20000);
}

/* Lazy SMP: with helper threads the mates are still found (the helpers
 * share the hash table and are stopped and joined at the end), and an
 * infinite search stops from another thread.  (The rook mate is left out:
 * with helpers its king shuffles sometimes hid the mate at depth 10, see
 * issue #5's notes.) */
static void test_lazy_smp(void)
{
    search_threads = 3;
    test_chess_mate2();
    test_capablanca_mate();
    test_shogi_drop_mate();
    search_threads = 1;
    stop_infinite_search("capablanca", 3, 50000);
}

/* A pawn-like piece is never worth more before its promotion than after:
 * scored like a chess pawn, a courier pawn on the seventh rank was worth
 * twice the ferz it becomes, so the engine never promoted it. */
static int white_eval(const char *variant, const char *fen)
{
    Position *pos = load(variant, fen);
    EvalTables *et = eval_tables_create(pos->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    int e = eval_position(et, pos);
    if (pos->side == BLACK)
        e = -e;
    eval_tables_destroy(et);
    free(pos);
    return e;
}

static void test_promotion_worth(void)
{
    /* (other pawns on the board, so that no drawish scaling applies) */
    CU_ASSERT(white_eval("courier", "12/1P8p1/12/5k6/12/r11/4K5P1/11R w - - 0 1")
              < white_eval("courier", "1F10/10p1/12/5k6/12/r11/4K5P1/11R w - - 0 1"));
    CU_ASSERT(white_eval("makruk", "8/7p/8/1P3k2/8/r7/4K1P1/7R w - - 0 1")
              < white_eval("makruk", "8/7p/1M6/5k2/8/r7/4K1P1/7R w - - 0 1"));
    CU_ASSERT(white_eval("chess", "8/1P5p/8/5k2/8/r7/4K1P1/7R w - - 0 1")
              < white_eval("chess", "1Q6/7p/8/5k2/8/r7/4K1P1/7R w - - 0 1"));
}

/* The evaluation tables follow every rule they are derived from: where a
 * bare king or the loss of everything wins, material counts against its
 * owner.  (A global cache keyed by the variant's address and a
 * fingerprint without these rules once handed back the old tables for a
 * variant replaced at the same address.) */
static int eval_with_rules(const Variant *v, const char *fen)
{
    Position *pos = malloc(sizeof *pos);
    char err[256];
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    CU_ASSERT_FATAL(position_set_fen(pos, v, fen, err, sizeof err) == 0);
    EvalTables *et = eval_tables_create(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    int e = eval_position(et, pos);
    eval_tables_destroy(et);
    free(pos);
    return e;
}

/* royals: last (chu shogi): a side may lose its king while it has a crown
 * prince, so the prince is material when the file gives it a value; a
 * royal that must never be lost is not. */
static void test_spare_royal_counts(void)
{
    const char *prince = "k10r/12/pppp8/12/12/12/12/12/12/PPPP8/12/K9R+E w - - 0 1";
    Variant *v = malloc(sizeof *v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    memcpy(v, varset_find(&set, "chu"), sizeof *v);
    int last = eval_with_rules(v, prince);
    v->rules.royal_last = false;
    int each = eval_with_rules(v, prince);
    CU_ASSERT(last - each > 400);
    free(v);
}

static void test_tables_follow_rules(void)
{
    const char *queen_up = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1";
    Variant *v = malloc(sizeof *v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    memcpy(v, varset_find(&set, "chess"), sizeof *v);   /* one address, changing rules */
    int normal = eval_with_rules(v, queen_up);
    v->rules.bare_king = OUTCOME_WIN;
    int bare_wins = eval_with_rules(v, queen_up);
    v->rules.bare_king = OUTCOME_NONE;
    v->rules.extinction = ~0u;
    v->rules.extinction_together = true;
    v->rules.extinction_result = OUTCOME_WIN;
    int losing_all_wins = eval_with_rules(v, queen_up);
    if (bare_wins >= normal - 500 || losing_all_wins >= normal - 500)
        fprintf(stderr, "\n  queen up: %d normally, %d bare king wins, %d extinction wins\n",
                normal, bare_wins, losing_all_wins);
    CU_ASSERT(bare_wins < normal - 500);
    CU_ASSERT(losing_all_wins < normal - 500);
    free(v);
}

/* ---- turns of several moves ------------------------------------------------ */

/* Can the side to move, in the middle of its turn or at its start, mate
 * with the moves left in the turn (brute force, without the search)? */
static bool mates_within_turn(Position *pos)
{
    int side = pos->side;
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    bool found = false;
    for (int i = 0; !found && i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        if (pos->side == side) {
            found = mates_within_turn(pos);
        } else {
            GameEnd end;
            found = rules_game_end(pos, &end) && end.outcome == OUTCOME_LOSS;
        }
        position_unmake(pos);
    }
    free(ml);
    return found;
}

/* The search must see a mate made by the last of several moves of one
 * turn: its scores are not negated between moves of the same side.  The
 * score is a mate `plies` plies away; the move found must keep the mate. */
static void solve_turn_mate(const char *variant, const char *fen, int depth, int plies)
{
    Position *pos = load(variant, fen);
    EvalTables *et;
    Search *s = search_for(pos, 16, &et);
    SearchLimits lim = limits_depth(depth, NODE_BUDGET);
    SearchCallbacks cb = { grab_info, NULL, NULL };
    last_score = -SCORE_INF;
    Move best = search_run(s, pos, &lim, &cb, NULL);
    CU_ASSERT_FATAL(best.kind != MOVE_NULL);
    position_make(pos, best);
    /* the first move of the turn: the same side moves on and mates */
    bool keeps = pos->side == pos->undo[pos->ply - 1].mover && mates_within_turn(pos);
    position_unmake(pos);
    char name[32];
    move_to_string(pos, best, false, name, sizeof name);
    if (!keeps || last_score != SCORE_MATE - plies)
        fprintf(stderr, "\n  %s [%s]: got %s score %d, want mate in %d plies\n",
                variant, fen, name, last_score, plies);
    CU_ASSERT(keeps);
    CU_ASSERT_EQUAL(last_score, SCORE_MATE - plies);
    search_free(s, et);
    free(pos);
}

static void test_turn_mates(void)
{
    /* Marseillais: the knight steps aside, then Rd8 mates (a check on the
       first move would end the turn) */
    solve_turn_mate("marseillais", "7k/6pp/8/8/3N4/8/8/3R2K1 w - - 0 5", 4, 2);
    /* Italian progressive, White's third turn: Ra8 mates, but only as the
       last of its three moves */
    solve_turn_mate("progressive", "7k/6pp/8/8/8/8/8/R5K1 w - - 0 2", 5, 3);
    /* Monster chess: d5, d6 leaves Black mated (Wikipedia's example) */
    solve_turn_mate("monster", "4k3/8/4P3/8/3P4/8/2q5/7K w - - 0 2", 4, 2);
}

/* Technique: the engine, at a fixed depth, plays both sides of a won
 * ending and must mate before the move-count rule draws.  Short-range
 * pieces mate only when the evaluation pulls them in (with only "king to
 * the edge" three mets shuffled for 100 plies). */
static void convert(const char *variant, const char *fen, int depth)
{
    Position *pos = load(variant, fen);
    EvalTables *et;
    Search *s = search_for(pos, 8, &et);
    int winner = pos->side, moves = 0;
    GameEnd end;
    while (!rules_game_end(pos, &end) && moves < 400) {
        SearchLimits lim = limits_depth(depth, 0);
        Move best = search_run(s, pos, &lim, NULL, NULL);
        CU_ASSERT_FATAL(best.kind != MOVE_NULL);
        position_make(pos, best);
        moves++;
    }
    bool won = end.outcome == OUTCOME_LOSS && pos->side != winner;
    if (!won)
        fprintf(stderr, "\n  %s [%s]: after %d plies: %s\n", variant, fen, moves,
                end.reason[0] ? end.reason : "no result");
    CU_ASSERT(won);
    search_free(s, et);
    free(pos);
}

static void test_convert_endings(void)
{
    /* K+B+N: the lone king is driven to a corner of the bishop's colour
       (from the centre, from the wrong corner, with either bishop); they
       are converted at every depth from 10 to 14 */
    convert("chess", "8/8/4k3/8/8/8/8/2B1KN2 w - - 0 1", 12);
    convert("chess", "7k/8/8/8/8/8/8/K4BN1 w - - 0 1", 12);
    convert("chess", "8/8/8/3k4/8/8/1N6/1B2K3 w - - 0 1", 12);
    convert("makruk", "6K1/4k3/8/8/6m1/m7/5m2/8 b - - 0 1", 16);         /* three mets */
    /* ferzes, courier, wazir and pawns on the seventh rank */
    convert("courier", "2F1F7/6PP1PP1/12/5B6/12/2K3F5/5W6/3k8 w - - 0 1", 14);
}

static void test_multipv_exclude(void)
{
    Position *pos = load("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    EvalTables *et;
    Search *s = search_for(pos, 8, &et);
    SearchLimits lim = limits_depth(4, 0);
    MoveList *ex = malloc(sizeof *ex);
    char why[80];
    ex->n = 1;
    CU_ASSERT_FATAL(move_parse(pos, "d1d8", false, &ex->m[0], why, sizeof why));
    lim.exclude = ex;
    lim.multipv = 3;
    Move best = search_run(s, pos, &lim, NULL, NULL);
    CU_ASSERT(!move_equal(best, ex->m[0]));
    free(ex);
    search_free(s, et);
    free(pos);
}

/* ---- continuation history -------------------------------------------------- */

/* The legal move of pos written `text`. */
static Move find_move(Position *pos, const char *text)
{
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    Move found = no_move();
    for (int i = 0; i < ml->n; i++) {
        char name[32];
        move_to_string(pos, ml->m[i], false, name, sizeof name);
        if (!strcmp(name, text))
            found = ml->m[i];
    }
    free(ml);
    CU_ASSERT_FALSE(move_none(found));
    return found;
}

static History *history_for(const Variant *v)
{
    History *h = calloc(1, sizeof *h);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    history_fit_variant(h, v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h->cont);
    return h;
}

static int key_of(int side, const Variant *v, const char *type, int to)
{
    int t = -1;
    for (int i = 0; i < v->ntypes; i++)
        if (!strcmp(v->piece[i].id, type))
            t = i;
    CU_ASSERT_FATAL(t >= 0);
    return (side * v->ntypes + t) * v->files * v->ranks + to;
}

/* A move is keyed by the coloured piece as it was before the move: the
 * dropped piece for a drop, the pawn for a promotion, the king for
 * castling; the same piece and square of the other side is another key.
 * A null move and a pass have none. */
static void test_cont_keys(void)
{
    Position *pos = load("crazyhouse", "r3k3/1P6/8/8/8/8/8/R3K3[N] w Qq - 0 1");
    const Variant *v = pos->v;
    History *h = history_for(v);
    Move drop = find_move(pos, "N@d4"), promo = find_move(pos, "b7b8q"),
         castle = find_move(pos, "e1c1");
    CU_ASSERT_EQUAL(history_cont_key(h, pos, drop), key_of(WHITE, v, "N", drop.to));
    CU_ASSERT_EQUAL(history_cont_key(h, pos, promo), key_of(WHITE, v, "P", promo.to));
    CU_ASSERT_EQUAL(history_cont_key(h, pos, castle), key_of(WHITE, v, "K", castle.to));
    Move null = no_move();
    null.kind = MOVE_NULL;
    CU_ASSERT_EQUAL(history_cont_key(h, pos, null), CONT_NONE);
    history_free(h);
    free(h);
    free(pos);

    pos = load("crazyhouse", "r3k3/1P6/8/8/8/8/8/R3K3[n] b Qq - 0 1");
    h = history_for(pos->v);
    drop = find_move(pos, "N@d4");
    CU_ASSERT_EQUAL(history_cont_key(h, pos, drop), key_of(BLACK, v, "N", drop.to));
    CU_ASSERT_NOT_EQUAL(key_of(BLACK, v, "N", drop.to), key_of(WHITE, v, "N", drop.to));
    history_free(h);
    free(h);
    free(pos);

    pos = load("janggi", NULL);
    h = history_for(pos->v);
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    int passes = 0;
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].kind == MOVE_PASS) {
            passes++;
            CU_ASSERT_EQUAL(history_cont_key(h, pos, ml->m[i]), CONT_NONE);
        }
    CU_ASSERT_EQUAL(passes, 1);
    free(ml);
    history_free(h);
    free(h);
    free(pos);
}

/* A cut-off writes the main history and, after each earlier move that has
 * a key, its continuation: after a null move or a pass (CONT_NONE) nothing
 * is written there.  Only the moves given as tried get the malus. */
static void test_cont_reward(void)
{
    Position *pos = load("chess", NULL);
    History *h = history_for(pos->v);
    Move best = find_move(pos, "g1f3"), tried[2] = { find_move(pos, "a2a3"), best };
    int prev = key_of(BLACK, pos->v, "P", var_square(pos->v, 4, 4));

    history_reward_quiet(h, pos, best, tried, 2, 8, 3, CONT_NONE, CONT_NONE);
    CU_ASSERT_EQUAL(history_cont_used(h), 0);
    CU_ASSERT(*history_slot(h, pos, best) > 0);
    CU_ASSERT(*history_slot(h, pos, tried[0]) < 0);

    history_reward_quiet(h, pos, best, tried, 2, 8, 3, CONT_NONE, prev);
    CU_ASSERT_EQUAL(history_cont_used(h), 2);
    int kb = history_cont_key(h, pos, best), ka = history_cont_key(h, pos, tried[0]);
    CU_ASSERT(*history_cont_slot(h, prev, kb) > 0);
    CU_ASSERT(*history_cont_slot(h, prev, ka) < 0);
    CU_ASSERT_EQUAL(history_quiet_score(h, pos, best, kb, CONT_NONE, prev),
                    *history_slot(h, pos, best) + *history_cont_slot(h, prev, kb));

    history_reward_quiet(h, pos, best, tried, 1, 8, 3, prev, prev);
    CU_ASSERT_EQUAL(history_cont_used(h), 2);   /* the same slots again */
    history_clear(h);
    CU_ASSERT_EQUAL(history_cont_used(h), 0);
    CU_ASSERT_EQUAL(*history_slot(h, pos, best), 0);
    history_free(h);
    free(h);
    free(pos);
}

/* Capture history: keyed by the capturer, the square and what it takes
 * (the pawn for e.p., nothing for a plain promotion); a cut-off rewards
 * the capture that made it and penalises the captures tried before it,
 * and a quiet cut-off penalises every capture tried. */
static void test_capture_history(void)
{
    Position *pos = load("chess", "4k3/2P5/8/3pP3/8/2n5/1B6/4K3 w - d6 0 1");
    History *h = history_for(pos->v);
    Move ep = find_move(pos, "e5d6"), bxc3 = find_move(pos, "b2c3"),
         promo = find_move(pos, "c7c8q"), quiet = find_move(pos, "e1d2");
    CU_ASSERT_EQUAL(history_captured(pos, promo), 0);
    CU_ASSERT_EQUAL(history_captured(pos, find_move(pos, "e5e6")), 0);
    CU_ASSERT_EQUAL(history_captured(pos, ep),
                    code_type(pos->board[var_square(pos->v, 3, 4)]) + 1);
    CU_ASSERT_EQUAL(history_captured(pos, bxc3),
                    code_type(pos->board[var_square(pos->v, 2, 2)]) + 1);
    Move tried[3] = { promo, ep, bxc3 };
    history_reward_captures(h, pos, bxc3, true, tried, 3, 8);
    CU_ASSERT_EQUAL(history_capture_used(h), 3);
    CU_ASSERT(history_capture_score(h, pos, bxc3) > 0);
    CU_ASSERT(history_capture_score(h, pos, ep) < 0);
    CU_ASSERT(history_capture_score(h, pos, promo) < 0);
    int before = history_capture_score(h, pos, bxc3);
    history_reward_captures(h, pos, quiet, false, tried, 3, 8);
    CU_ASSERT(history_capture_score(h, pos, bxc3) < before);
    CU_ASSERT_EQUAL(history_cont_used(h), 0);   /* captures leave the quiet tables alone */
    history_clear(h);
    CU_ASSERT_EQUAL(history_capture_used(h), 0);
    history_free(h);
    free(h);
    free(pos);
}

static bool corr_empty(const CorrHist *ch)
{
    static const CorrHist zero;
    return memcmp(ch, &zero, sizeof zero) == 0;
}

/* Correction keys: a knight move changes White's piece key only; a pawn
 * move the structure key only; a capture the material key too.  Updates
 * pull the value toward the search's error, for the side to move only,
 * and stay bounded. */
static void test_corr_keys_and_update(void)
{
    Position *pos = load("chess", NULL);
    TypeMask pawns = 0;
    for (int t = 0; t < pos->v->ntypes; t++)
        if (!strcmp(pos->v->piece[t].id, "P"))
            pawns |= type_bit(t);
    CorrKeys start, k;
    corr_keys(pos, pawns, &start);
    position_make(pos, find_move(pos, "g1f3"));
    corr_keys(pos, pawns, &k);
    CU_ASSERT_EQUAL(k.pawns, start.pawns);
    CU_ASSERT_EQUAL(k.material, start.material);
    CU_ASSERT_EQUAL(k.pieces[BLACK], start.pieces[BLACK]);
    CU_ASSERT_NOT_EQUAL(k.pieces[WHITE], start.pieces[WHITE]);
    position_make(pos, find_move(pos, "e7e5"));
    CorrKeys k2;
    corr_keys(pos, pawns, &k2);
    CU_ASSERT_NOT_EQUAL(k2.pawns, k.pawns);
    CU_ASSERT_EQUAL(k2.material, k.material);
    CU_ASSERT_EQUAL(k2.pieces[WHITE], k.pieces[WHITE]);
    position_make(pos, find_move(pos, "f3e5"));
    CorrKeys k3;
    corr_keys(pos, pawns, &k3);
    CU_ASSERT_NOT_EQUAL(k3.material, k2.material);

    CorrHist *ch = calloc(1, sizeof *ch);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    CU_ASSERT_EQUAL(corr_value(ch, WHITE, &k3), 0);
    for (int i = 0; i < 200; i++)
        corr_update(ch, WHITE, &k3, 12, 40, 0);   /* the evaluation was 40 short */
    CU_ASSERT(corr_value(ch, WHITE, &k3) >= 35 && corr_value(ch, WHITE, &k3) <= 40);
    CU_ASSERT_EQUAL(corr_value(ch, BLACK, &k3), 0);
    for (int i = 0; i < 200; i++)
        corr_update(ch, BLACK, &k3, 12, -5000, 0);
    CU_ASSERT(corr_value(ch, BLACK, &k3) >= -CORR_LIMIT / CORR_GRAIN);
    corr_clear(ch);
    CU_ASSERT(corr_empty(ch));
    free(ch);
    free(pos);
}

/* Some thread's tables hold something.  Which thread fills which table
 * depends on how the threads are scheduled (a helper that finishes the
 * last iteration first stops the others early; under load the main thread
 * may not have reached a capture that cuts off), so the threads are
 * counted together: the one that finished searched every iteration. */
typedef enum { TABLE_CONT, TABLE_CAPTURE, TABLE_CORR } TableKind;

static bool some_thread_filled(const Engine *e, TableKind kind)
{
    for (int k = -1; k < e->search->nhelpers; k++) {
        const Search *t = k < 0 ? e->search : e->search->helpers[k];
        if ((kind == TABLE_CONT && history_cont_used(&t->hist) > 0)
            || (kind == TABLE_CAPTURE && history_capture_used(&t->hist) > 0)
            || (kind == TABLE_CORR && !corr_empty(t->corr)))
            return true;
    }
    return false;
}

/* A search fills the continuation tables (a table sized for each variant,
 * hashed for the large ones), the capture and the correction tables, and a
 * new game (CECP new, UCI ucinewgame: engine_new_game) clears them, in
 * every thread. */
static void test_tables_cleared_by_new_game(void)
{
    Engine *e = engine_create(&set);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    static const char *const variants[] = { "chess", "shogi", "xiangqi", "chu" };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        engine_set_variant(e, varset_find(&set, variants[i]));
        engine_set_threads(e, 2);
        SearchLimits lim = limits_depth(6, NODE_BUDGET);
        engine_search_start(e, e->pos, NULL, &lim, ENGINE_THINK, NULL);
        engine_search_finish(e, false);
        CU_ASSERT(some_thread_filled(e, TABLE_CONT));
        CU_ASSERT(some_thread_filled(e, TABLE_CAPTURE));
        CU_ASSERT(some_thread_filled(e, TABLE_CORR));
        engine_new_game(e);
        for (int k = -1; k < e->search->nhelpers; k++) {
            Search *t = k < 0 ? e->search : e->search->helpers[k];
            CU_ASSERT_EQUAL(history_cont_used(&t->hist), 0);
            CU_ASSERT_EQUAL(history_capture_used(&t->hist), 0);
            CU_ASSERT(corr_empty(t->corr));
        }
    }
    engine_destroy(e);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("tactics", suite_init, suite_clean);
    CU_add_test(t, "chess mate in 1", test_chess_mate1);
    CU_add_test(t, "chess mate in 2", test_chess_mate2);
    CU_add_test(t, "chess mate in 3", test_chess_mate3);
    CU_add_test(t, "chess winning capture", test_chess_capture);
    CU_add_test(t, "chess knight fork", test_chess_fork);
    CU_add_test(t, "capablanca winning capture", test_capablanca_capture);
    CU_add_test(t, "capablanca archbishop mate", test_capablanca_mate);
    CU_add_test(t, "shogi drop mate", test_shogi_drop_mate);
    CU_add_test(t, "shogi winning capture", test_shogi_capture);
    CU_add_test(t, "xiangqi mate in 1", test_xiangqi_mate);
    CU_add_test(t, "xiangqi cannon capture", test_xiangqi_cannon_capture);
    CU_add_test(t, "menagerie cannon capture", test_custom_cannon);
    CU_add_test(t, "janggi: mate, bikjang", test_janggi);
    CU_add_test(t, "nursery drop mate", test_nursery_drop_mate);
    CU_add_test(t, "static exchange", test_see);
    CU_add_test(t, "staged generation, exposure squares", test_staged_generation);
    CU_add_test(t, "node limit", test_node_limit);
    CU_add_test(t, "no legal move", test_no_moves);
    CU_add_test(t, "stop from another thread", test_stop_from_thread);
    CU_add_test(t, "a ponderhit before the search thread runs", test_early_ponderhit);
    CU_add_test(t, "pondering past the plan: a ponderhit answers at once", test_ponder_past_the_plan);
    CU_add_test(t, "Lazy SMP helpers", test_lazy_smp);
    CU_add_test(t, "multipv with exclude", test_multipv_exclude);
    CU_add_test(t, "promotion worth more than the pawn", test_promotion_worth);
    CU_add_test(t, "evaluation tables follow the rules", test_tables_follow_rules);
    CU_add_test(t, "a spare royal is material (chu)", test_spare_royal_counts);
    CU_add_test(t, "won endings converted", test_convert_endings);
    CU_add_test(t, "mates at the end of a turn of several moves", test_turn_mates);
    CU_add_test(t, "correction history keys and updates", test_corr_keys_and_update);
    CU_add_test(t, "continuation keys", test_cont_keys);
    CU_add_test(t, "continuation history: rewards, null moves", test_cont_reward);
    CU_add_test(t, "capture history: keys and rewards", test_capture_history);
    CU_add_test(t, "a new game clears continuation, capture and correction history",
                test_tables_cleared_by_new_game);
    return cunit_run_registry();
}
