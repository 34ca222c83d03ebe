/*
 * cunit_run.h — the end every CUnit test program shares: run the
 * registered suites and turn the outcome into an exit status for
 * `make check` (0 passed, 1 a test failed or none ran, 2 CUnit failed).
 */
#ifndef CUNIT_RUN_H
#define CUNIT_RUN_H

#include <CUnit/Basic.h>

static inline int cunit_run_registry(void)
{
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (CU_get_error() != CUE_SUCCESS)
        return 2;
    return failures || ran == 0 ? 1 : 0;
}

#endif
