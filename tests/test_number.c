/*
 * test_number.c — the checked number reader: bounds, overflow far past any
 * integer type, signs, trailing text, NaN and infinities, clamping.
 */
#include <CUnit/Basic.h>
#include <float.h>
#include <limits.h>
#include "util/number.h"

static void test_int_bounds(void)
{
    long long v;
    CU_ASSERT_EQUAL(number_parse_int("42", 0, 100, &v), NUMBER_OK);
    CU_ASSERT_EQUAL(v, 42);
    CU_ASSERT_EQUAL(number_parse_int(" -7 ", -10, 10, &v), NUMBER_OK);
    CU_ASSERT_EQUAL(v, -7);
    CU_ASSERT_EQUAL(number_parse_int("101", 0, 100, &v), NUMBER_TOO_LARGE);
    CU_ASSERT_EQUAL(number_parse_int("-1", 0, 100, &v), NUMBER_TOO_SMALL);
    CU_ASSERT_EQUAL(number_parse_int("", 0, 100, &v), NUMBER_MISSING);
    CU_ASSERT_EQUAL(number_parse_int(NULL, 0, 100, &v), NUMBER_MISSING);
    CU_ASSERT_EQUAL(number_parse_int("12x", 0, 100, &v), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_int("x12", 0, 100, &v), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_int("- 3", -10, 10, &v), NUMBER_MALFORMED);
}

static void test_int_overflow(void)
{
    long long v;
    /* 2^32 + 8 would wrap to 8 in a 32-bit int. */
    CU_ASSERT_EQUAL(number_parse_int("4294967304", 1, 16, &v), NUMBER_TOO_LARGE);
    CU_ASSERT_EQUAL(number_parse_int("9223372036854775807", 0, LLONG_MAX, &v), NUMBER_OK);
    CU_ASSERT_EQUAL(v, LLONG_MAX);
    CU_ASSERT_EQUAL(number_parse_int("9223372036854775808", 0, LLONG_MAX, &v),
                    NUMBER_TOO_LARGE);
    CU_ASSERT_EQUAL(number_parse_int("-99999999999999999999999999", -5, 5, &v),
                    NUMBER_TOO_SMALL);
    const char *s = "123456789012345678901234567890RNB";
    CU_ASSERT_EQUAL(number_scan_int(&s, 1, 16, &v), NUMBER_TOO_LARGE);
    CU_ASSERT_STRING_EQUAL(s, "RNB");   /* every digit consumed */
}

static void test_real(void)
{
    double d;
    CU_ASSERT_EQUAL(number_parse_real("1.5", 0, 10, &d), NUMBER_OK);
    CU_ASSERT_DOUBLE_EQUAL(d, 1.5, 1e-12);
    CU_ASSERT_EQUAL(number_parse_real("1e300", 0, 1e9, &d), NUMBER_TOO_LARGE);
    CU_ASSERT_EQUAL(number_parse_real("nan", 0, 10, &d), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_real("inf", 0, 10, &d), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_real("-inf", 0, 10, &d), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_real("0x10", 0, 100, &d), NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_real("1e999", 0, 10, &d), NUMBER_TOO_LARGE);
    CU_ASSERT_EQUAL(number_parse_real("", 0, 10, &d), NUMBER_MISSING);
}

static void test_clamped(void)
{
    long long v;
    double d;
    int clamped;
    CU_ASSERT_EQUAL(number_parse_int_clamped("-5", 0, 1000, &v, &clamped), NUMBER_OK);
    CU_ASSERT_EQUAL(v, 0);
    CU_ASSERT_TRUE(clamped);
    CU_ASSERT_EQUAL(number_parse_int_clamped("99999999999999999999", 0, 1000, &v, &clamped),
                    NUMBER_OK);
    CU_ASSERT_EQUAL(v, 1000);
    CU_ASSERT_EQUAL(number_parse_int_clamped("7", 0, 1000, &v, &clamped), NUMBER_OK);
    CU_ASSERT_FALSE(clamped);
    CU_ASSERT_EQUAL(number_parse_int_clamped("seven", 0, 1000, &v, &clamped),
                    NUMBER_MALFORMED);
    CU_ASSERT_EQUAL(number_parse_real_clamped("1e300", 0, 1e6, &d, &clamped), NUMBER_OK);
    CU_ASSERT_DOUBLE_EQUAL(d, 1e6, 1e-9);
    CU_ASSERT_EQUAL(number_parse_real_clamped("nan", 0, 1e6, &d, &clamped), NUMBER_MALFORMED);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    CU_pSuite s = CU_add_suite("number", NULL, NULL);
    CU_add_test(s, "integers within bounds", test_int_bounds);
    CU_add_test(s, "integers far past any type", test_int_overflow);
    CU_add_test(s, "reals, NaN and infinities", test_real);
    CU_add_test(s, "clamped clocks and limits", test_clamped);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures();
    CU_cleanup_registry();
    return failures ? 1 : 0;
}
