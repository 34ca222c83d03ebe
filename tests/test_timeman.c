/*
 * test_timeman.c — time allocation (search/timeman.h): the plan for each
 * kind of clock, the hard limits and margins that keep the flag up, the soft
 * limit's response to what the last iteration says.  Pure arithmetic: no
 * search runs and nothing is timed.
 */
#include <CUnit/Basic.h>
#include <string.h>
#include "search/timeman.h"
#include "cunit_run.h"

static SearchLimits clock_limits(int64_t left, int64_t inc, int movestogo)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_ms[0] = lim.time_ms[1] = left;
    lim.inc_ms[0] = lim.inc_ms[1] = inc;
    lim.movestogo = movestogo;
    return lim;
}

static const TimeSignals neutral = { 1, 0, -1 };

/* Whatever the clock, the hard limit leaves the time left minus the
 * safety margin, and the soft limit is at most the hard one. */
static void test_never_beyond_the_clock(void)
{
    static const int64_t lefts[] = { 1, 10, 31, 100, 1000, 10000, 60000, 3600000 };
    static const int64_t incs[] = { 0, 10, 100, 2000 };
    static const int mtgs[] = { 0, 1, 2, 10, 40, 200 };
    for (size_t a = 0; a < sizeof lefts / sizeof *lefts; a++)
        for (size_t b = 0; b < sizeof incs / sizeof *incs; b++)
            for (size_t c = 0; c < sizeof mtgs / sizeof *mtgs; c++) {
                SearchLimits lim = clock_limits(lefts[a], incs[b], mtgs[c]);
                TimePlan tp;
                timeman_plan(&lim, 0, 20, &tp);
                CU_ASSERT(tp.timed);
                CU_ASSERT(tp.soft_ms >= 1 && tp.soft_ms <= tp.hard_ms);
                if (lefts[a] > 100)
                    CU_ASSERT(tp.hard_ms <= lefts[a] - TIMEMAN_SAFETY_MS);
                TimeSignals wild = { 0, 500, 0 };
                CU_ASSERT(timeman_soft_limit(&tp, &wild) <= tp.hard_ms);
            }
}

/* Sudden death spreads the clock over about 30 moves, an increment adds
 * most of itself, moves to go divide the clock among them, and the last
 * move before the control may use most of what is left. */
static void test_plan_by_clock_kind(void)
{
    TimePlan sd, inc, mtg, last;
    SearchLimits lim = clock_limits(60000, 0, 0);
    timeman_plan(&lim, 0, 20, &sd);
    CU_ASSERT(sd.soft_ms > 60000 / 40 && sd.soft_ms < 60000 / 20);
    lim = clock_limits(60000, 1000, 0);
    timeman_plan(&lim, 0, 20, &inc);
    CU_ASSERT(inc.soft_ms >= sd.soft_ms + 500);
    lim = clock_limits(60000, 0, 10);
    timeman_plan(&lim, 0, 20, &mtg);
    CU_ASSERT(mtg.soft_ms > sd.soft_ms && mtg.soft_ms <= 60000 / 10);
    lim = clock_limits(6000, 0, 1);
    timeman_plan(&lim, 0, 20, &last);
    CU_ASSERT(last.hard_ms > 3000 && last.hard_ms <= 6000 - TIMEMAN_SAFETY_MS);
}

/* Fixed time per move uses all of it but its margin, and the search stops
 * at the hard limit, not before; no clock means no time limit. */
static void test_fixed_and_untimed(void)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.movetime_ms = 1000;
    TimePlan tp;
    timeman_plan(&lim, 0, 20, &tp);
    CU_ASSERT(tp.fixed && tp.hard_ms == 1000 - TIMEMAN_FIXED_SAFETY_MS);
    CU_ASSERT(timeman_continue(&tp, 899, &neutral));
    CU_ASSERT(!timeman_continue(&tp, 900, &neutral));

    memset(&lim, 0, sizeof lim);
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.depth = 5;
    timeman_plan(&lim, 0, 20, &tp);
    CU_ASSERT(!tp.timed);
    CU_ASSERT(timeman_continue(&tp, 1000000, &neutral));
}

static TimePlan fixed_plan(int64_t movetime_ms, int64_t nps)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.time_ms[0] = lim.time_ms[1] = -1;
    lim.movetime_ms = movetime_ms;
    lim.nps = nps;
    TimePlan tp;
    timeman_plan(&lim, 0, 20, &tp);
    return tp;
}

/* A fixed time per move runs to its limit every move: it keeps 100 ms
 * (`st 1` thinks 900 ms, not the 970 ms that lost a makruk game on time),
 * or a fifth of a very short time, and never gives up more. */
static void test_fixed_time_margin(void)
{
    static const int64_t times[] = { 1, 2, 10, 100, 300, 499, 500, 501, 1000, 5000, 60000 };
    for (size_t i = 0; i < sizeof times / sizeof *times; i++) {
        int64_t t = times[i];
        TimePlan tp = fixed_plan(t, 0);
        CU_ASSERT(tp.timed && tp.fixed);
        CU_ASSERT(tp.soft_ms == tp.hard_ms);
        CU_ASSERT(tp.hard_ms >= 1 && tp.hard_ms <= t);
        int64_t kept = t - tp.hard_ms;
        int64_t want = t / 5 < TIMEMAN_FIXED_SAFETY_MS ? t / 5 : TIMEMAN_FIXED_SAFETY_MS;
        CU_ASSERT_EQUAL(kept, want);
    }
    CU_ASSERT_EQUAL(fixed_plan(1000, 0).hard_ms, 900);
    CU_ASSERT_EQUAL(fixed_plan(60000, 0).hard_ms, 59900);
    CU_ASSERT_EQUAL(fixed_plan(200, 0).hard_ms, 160);
}

/* On a node clock (CECP nps) no wall time passes between the moves, so
 * nothing is kept. */
static void test_node_clock_keeps_nothing(void)
{
    TimePlan tp = fixed_plan(1000, 50000);
    CU_ASSERT(tp.fixed);
    CU_ASSERT_EQUAL(tp.hard_ms, 1000);
}

/* A single legal move is answered at once. */
static void test_forced_move(void)
{
    SearchLimits lim = clock_limits(60000, 1000, 0);
    TimePlan tp;
    timeman_plan(&lim, 0, 1, &tp);
    CU_ASSERT(tp.hard_ms <= 50);
}

/* The soft limit: a stable best move that took nearly all the nodes
 * needs less time than the plan, an unstable one whose rivals took half
 * the effort more, and a falling score more still. */
static void test_soft_limit_signals(void)
{
    SearchLimits lim = clock_limits(60000, 0, 0);
    TimePlan tp;
    timeman_plan(&lim, 0, 20, &tp);
    TimeSignals settled = { 6, 0, 950 }, open = { 0, 0, 500 }, falling = { 0, 80, 500 };
    int64_t s_settled = timeman_soft_limit(&tp, &settled);
    int64_t s_neutral = timeman_soft_limit(&tp, &neutral);
    int64_t s_open = timeman_soft_limit(&tp, &open);
    int64_t s_falling = timeman_soft_limit(&tp, &falling);
    CU_ASSERT(s_settled < tp.soft_ms);
    CU_ASSERT_EQUAL(s_neutral, tp.soft_ms);
    CU_ASSERT(s_open > tp.soft_ms);
    CU_ASSERT(s_falling > s_open);
    /* the share alone orders the limits */
    TimeSignals hi = { 1, 0, 900 }, lo = { 1, 0, 300 };
    CU_ASSERT(timeman_soft_limit(&tp, &hi) < timeman_soft_limit(&tp, &lo));
    /* an iteration ends within the soft limit: none starts after it */
    CU_ASSERT(timeman_continue(&tp, s_settled / 2, &settled));
    CU_ASSERT(!timeman_continue(&tp, s_settled, &settled));
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("timeman", NULL, NULL);
    CU_add_test(t, "never beyond the clock", test_never_beyond_the_clock);
    CU_add_test(t, "plan by kind of clock", test_plan_by_clock_kind);
    CU_add_test(t, "fixed time and no clock", test_fixed_and_untimed);
    CU_add_test(t, "fixed time keeps a margin", test_fixed_time_margin);
    CU_add_test(t, "a node clock keeps none", test_node_clock_keeps_nothing);
    CU_add_test(t, "a forced move at once", test_forced_move);
    CU_add_test(t, "soft limit follows the signals", test_soft_limit_signals);
    return cunit_run_registry();
}
