/*
 * test_skill.c — the strength levels (search/skill.h): the random pick,
 * the Elo scale, and searches at a weakened level against full
 * strength.  Every random choice comes from a fixed seed, so each run
 * sees the same moves.
 */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/search.h"
#include "search/skill.h"
#include "cunit_run.h"

#define SEED 20240611u

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

static Position *load(const char *fen)
{
    const Variant *v = varset_find(&set, "chess");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    Position *pos = malloc(sizeof *pos);
    char err[256];
    CU_ASSERT_PTR_NOT_NULL_FATAL(pos);
    CU_ASSERT_FATAL(position_set_fen(pos, v, fen ? fen : v->start_fen, err, sizeof err) == 0);
    return pos;
}

/* A search of pos's variant at `level`; search_free frees it. */
static Search *search_at(const Position *pos, int level, EvalTables **et)
{
    *et = eval_tables_create(pos->v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*et);
    Search *s = search_create(8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    search_set_eval(s, *et);
    search_set_skill(s, level, SEED);
    return s;
}

static void search_free(Search *s, EvalTables *et)
{
    search_destroy(s);
    eval_tables_destroy(et);
}

/* A game's clock: a weakened level must end its search by its own caps
 * (at most 15000 nodes at the levels tested, a few milliseconds) long
 * before the clock would.  An hour each, so that the clock (which plans
 * two minutes a move from it) can never be what stops the search, even
 * in a sanitizer build on a loaded machine: what these tests see must not
 * depend on the machine's speed. */
static SearchLimits limits_clock(void)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_ms[0] = lim.time_ms[1] = 3600000;
    lim.multipv = 1;
    return lim;
}

static bool is_move(const Position *pos, Move m, const char *text)
{
    char name[32];
    move_to_string(pos, m, false, name, sizeof name);
    return strcmp(name, text) == 0;
}

/* ---- the pick -------------------------------------------------------------- */

/* Lines of a position where the best move wins a rook and the fourth
 * loses a queen. */
static const int lines[SKILL_LINES] = { 300, 0, -50, -600 };

/* How often each line is picked at `level` in 1000 picks. */
static void count_picks(int level, uint64_t seed, int count[SKILL_LINES])
{
    memset(count, 0, SKILL_LINES * sizeof count[0]);
    for (int i = 0; i < 1000; i++) {
        int k = skill_pick(level, lines, SKILL_LINES, &seed);
        CU_ASSERT_FATAL(k >= 0 && k < SKILL_LINES);
        count[k]++;
    }
}

static void test_pick_full_strength(void)
{
    int count[SKILL_LINES];
    count_picks(SKILL_MAX, SEED, count);
    CU_ASSERT_EQUAL(count[0], 1000);
}

/* The weakest level plays every line now and then, even the one that
 * loses a queen, but the best one most often. */
static void test_pick_weakest(void)
{
    int count[SKILL_LINES];
    count_picks(SKILL_MIN, SEED, count);
    for (int k = 1; k < SKILL_LINES; k++) {
        CU_ASSERT(count[k] > 0);
        CU_ASSERT(count[0] > count[k]);
    }
}

/* The strongest weakened level does not give up a rook. */
static void test_pick_strongest_weakened(void)
{
    int count[SKILL_LINES];
    count_picks(SKILL_MAX - 1, SEED, count);
    CU_ASSERT_EQUAL(count[0], 1000);
}

/* The same seed, the same choices; another seed, other choices. */
static void test_pick_seeded(void)
{
    uint64_t a = SEED, b = SEED, c = SEED + 1;
    int differ = 0;
    for (int i = 0; i < 100; i++) {
        int x = skill_pick(SKILL_MIN, lines, SKILL_LINES, &a);
        CU_ASSERT_EQUAL(x, skill_pick(SKILL_MIN, lines, SKILL_LINES, &b));
        differ += x != skill_pick(SKILL_MIN, lines, SKILL_LINES, &c);
    }
    CU_ASSERT(differ > 0);
}

/* Nearly equal moves are varied even at a strong level (opening
 * variety), where a difference of a pawn is not. */
static void test_pick_varies_equal_moves(void)
{
    const int equal[SKILL_LINES] = { 20, 18, 15, 12 };
    uint64_t seed = SEED;
    int other = 0;
    for (int i = 0; i < 1000; i++)
        other += skill_pick(SKILL_MAX - 2, equal, SKILL_LINES, &seed) != 0;
    CU_ASSERT(other > 0);
}

/* ---- the Elo scale ------------------------------------------------------------ */

static void test_elo_scale(void)
{
    for (int level = SKILL_MIN; level < SKILL_MAX; level++) {
        CU_ASSERT(skill_elo(level) < skill_elo(level + 1));
        CU_ASSERT_EQUAL(skill_level_of_elo(skill_elo(level)), level);
        if (level > SKILL_MIN)
            CU_ASSERT_EQUAL(skill_level_of_elo(skill_elo(level) - 1), level - 1);
    }
    CU_ASSERT_EQUAL(skill_level_of_elo(SKILL_ELO_MIN - 500), SKILL_MIN);
    CU_ASSERT_EQUAL(skill_level_of_elo(SKILL_ELO_MAX + 500), SKILL_MAX - 1);
}

/* ---- searches ------------------------------------------------------------------ */

/* White's rook takes a knight that defends nothing and attacks nothing,
 * or White plays a quiet move: full strength always takes; the weakest
 * level sometimes plays another move. */
#define HANGING_KNIGHT "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1"

/* Limits by depth, for full strength, whose clocked searches would
 * depend on the machine. */
static SearchLimits limits_depth(int depth)
{
    SearchLimits lim = limits_clock();
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.depth = depth;
    return lim;
}

/* How many of `searches` searches at `level` within `lim` (one Search,
 * its random state running on) play the move `best`. */
static int times_played(int level, const SearchLimits *lim, const char *best, int searches)
{
    Position *pos = load(HANGING_KNIGHT);
    EvalTables *et;
    Search *s = search_at(pos, level, &et);
    int n = 0;
    for (int i = 0; i < searches; i++)
        n += is_move(pos, search_run(s, pos, lim, NULL, NULL), best);
    search_free(s, et);
    free(pos);
    return n;
}

static void test_full_strength_takes(void)
{
    SearchLimits lim = limits_depth(4);
    CU_ASSERT_EQUAL(times_played(SKILL_MAX, &lim, "d1d5", 5), 5);
}

static void test_weakest_misses(void)
{
    SearchLimits lim = limits_clock();
    int n = times_played(SKILL_MIN, &lim, "d1d5", 40);
    CU_ASSERT(n < 40);
    CU_ASSERT(n > 0);
}

/* The moves of the searches at `level` from the start position, one
 * Search. */
static void played_moves(int level, int searches, Move *out)
{
    Position *pos = load(NULL);
    EvalTables *et;
    Search *s = search_at(pos, level, &et);
    SearchLimits lim = limits_clock();
    for (int i = 0; i < searches; i++)
        out[i] = search_run(s, pos, &lim, NULL, NULL);
    search_free(s, et);
    free(pos);
}

/* A weakened search is repeatable with the same seed: the test's (and
 * a user's) games can be replayed. */
static void test_weakened_repeatable(void)
{
    Move a[20], b[20];
    played_moves(SKILL_MIN + 3, 20, a);
    played_moves(SKILL_MIN + 3, 20, b);
    for (int i = 0; i < 20; i++)
        CU_ASSERT(move_equal(a[i], b[i]));
}

/* The start position has several good moves: a middle level varies
 * them, so the games of a weakened engine differ. */
static void test_opening_variety(void)
{
    Move weak[20];
    played_moves(SKILL_MAX / 2, 20, weak);
    bool varied = false;
    for (int i = 1; i < 20; i++)
        varied |= !move_equal(weak[i], weak[0]);
    CU_ASSERT(varied);
}

/* Full strength searches the same tree whatever the seed: the pick and
 * the caps are not applied at all. */
static void test_full_strength_deterministic(void)
{
    Position *pos = load(NULL);
    SearchLimits lim = limits_depth(7);
    Move best[3];
    uint64_t nodes[3];
    for (int i = 0; i < 3; i++) {
        EvalTables *et;
        Search *s = search_at(pos, SKILL_MAX, &et);
        if (i > 0)
            search_set_skill(s, SKILL_MAX, SEED + (uint64_t)i);
        best[i] = search_run(s, pos, &lim, NULL, NULL);
        nodes[i] = search_nodes(s);
        search_free(s, et);
    }
    for (int i = 1; i < 3; i++) {
        CU_ASSERT(move_equal(best[i], best[0]));
        CU_ASSERT_EQUAL(nodes[i], nodes[0]);
    }
    free(pos);
}

/* Lower levels search less: they answer at once, by their node caps,
 * whatever the clock allows. */
static uint64_t nodes_at(int level)
{
    Position *pos = load(NULL);
    EvalTables *et;
    Search *s = search_at(pos, level, &et);
    SearchLimits lim = limits_clock();
    search_run(s, pos, &lim, NULL, NULL);
    uint64_t n = search_nodes(s);
    search_free(s, et);
    free(pos);
    return n;
}

static void test_levels_search_less(void)
{
    uint64_t weakest = nodes_at(SKILL_MIN), middle = nodes_at(SKILL_MAX / 2);
    CU_ASSERT(weakest > 0);
    CU_ASSERT(weakest < middle);
    CU_ASSERT(middle < 200000);
}

/* Analysis (an infinite search) is not weakened: it searches on past
 * any level's caps and finds the capture. */
typedef struct {
    Search *s;
    Position *pos;
    Move best;
} Worker;

static void *run_infinite(void *arg)
{
    Worker *w = arg;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.infinite = true;
    lim.multipv = 1;
    w->best = search_run(w->s, w->pos, &lim, NULL, NULL);
    return NULL;
}

static void test_analysis_full_strength(void)
{
    EvalTables *et;
    Worker w;
    w.pos = load(HANGING_KNIGHT);
    w.s = search_at(w.pos, SKILL_MIN, &et);
    search_arm(w.s, false);
    pthread_t th;
    CU_ASSERT_FATAL(pthread_create(&th, NULL, run_infinite, &w) == 0);
    struct timespec ts = { 0, 1000000 };
    while (search_nodes(w.s) < 50000)    /* by nodes, however slow the machine */
        nanosleep(&ts, NULL);
    search_stop(w.s);
    pthread_join(th, NULL);
    CU_ASSERT(is_move(w.pos, w.best, "d1d5"));
    search_free(w.s, et);
    free(w.pos);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("skill", suite_init, suite_clean);
    CU_add_test(t, "pick at full strength", test_pick_full_strength);
    CU_add_test(t, "pick at the weakest level", test_pick_weakest);
    CU_add_test(t, "pick at the strongest weakened level", test_pick_strongest_weakened);
    CU_add_test(t, "pick from a seed", test_pick_seeded);
    CU_add_test(t, "pick varies equal moves", test_pick_varies_equal_moves);
    CU_add_test(t, "Elo scale", test_elo_scale);
    CU_add_test(t, "full strength takes the queen", test_full_strength_takes);
    CU_add_test(t, "the weakest level misses it", test_weakest_misses);
    CU_add_test(t, "weakened searches repeat from a seed", test_weakened_repeatable);
    CU_add_test(t, "opening variety", test_opening_variety);
    CU_add_test(t, "full strength deterministic", test_full_strength_deterministic);
    CU_add_test(t, "lower levels search less", test_levels_search_less);
    CU_add_test(t, "analysis at full strength", test_analysis_full_strength);
    return cunit_run_registry();
}
