/*
 * test_timeman.c — time allocation (search/timeman.h): the margins that
 * keep the flag up.  Pure arithmetic: no search runs and nothing is timed.
 */
#include <CUnit/Basic.h>
#include <string.h>
#include "search/timeman.h"
#include "cunit_run.h"

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

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("timeman", NULL, NULL);
    CU_add_test(t, "fixed time keeps a margin", test_fixed_time_margin);
    CU_add_test(t, "a node clock keeps none", test_node_clock_keeps_nothing);
    return cunit_run_registry();
}
