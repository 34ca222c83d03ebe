/*
 * number.c — checked reading of numbers from outside text.  Integers are
 * accumulated digit by digit with an overflow guard rather than with strtoll,
 * so a value too large for any type is still recognised as "too large" and
 * its digits are consumed.
 */
#include "util/number.h"

#include <ctype.h>
#include <stdbool.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

NumberStatus number_scan_int(const char **sp, long long lo, long long hi, long long *out)
{
    const char *s = skip_blanks(*sp);
    bool negative = false;
    if (*s == '+' || *s == '-') {
        negative = *s == '-';
        s++;
    }
    if (!isdigit((unsigned char)*s))
        return NUMBER_MISSING;
    /* Accumulate the magnitude, saturating: past LLONG_MAX the exact value
     * does not matter, only that it is out of every range we accept. */
    unsigned long long mag = 0;
    bool overflow = false;
    for (; isdigit((unsigned char)*s); s++) {
        unsigned d = (unsigned)(*s - '0');
        if (mag > (ULLONG_MAX - d) / 10)
            overflow = true;
        else
            mag = mag * 10 + d;
    }
    *sp = s;
    if (overflow || mag > (unsigned long long)LLONG_MAX) {
        *out = negative ? lo : hi;
        return negative ? NUMBER_TOO_SMALL : NUMBER_TOO_LARGE;
    }
    long long v = negative ? -(long long)mag : (long long)mag;
    *out = v;
    if (v < lo)
        return NUMBER_TOO_SMALL;
    if (v > hi)
        return NUMBER_TOO_LARGE;
    return NUMBER_OK;
}

NumberStatus number_parse_int(const char *text, long long lo, long long hi, long long *out)
{
    if (!text)
        return NUMBER_MISSING;
    const char *s = text;
    NumberStatus st = number_scan_int(&s, lo, hi, out);
    if (st == NUMBER_MISSING)
        return *skip_blanks(text) ? NUMBER_MALFORMED : NUMBER_MISSING;
    if (*skip_blanks(s) != '\0')
        return NUMBER_MALFORMED;
    return st;
}

NumberStatus number_parse_real(const char *text, double lo, double hi, double *out)
{
    if (!text)
        return NUMBER_MISSING;
    const char *s = skip_blanks(text);
    if (*s == '\0')
        return NUMBER_MISSING;
    /* strtod also reads "nan", "inf" and hex floats: accept only the plain
     * decimal forms a clock or a count is written in. */
    for (const char *c = s; *c && *c != ' ' && *c != '\t'; c++)
        if (!isdigit((unsigned char)*c) && !strchr("+-.eE", *c))
            return NUMBER_MALFORMED;
    char *end;
    double v = strtod(s, &end);
    if (end == s || *skip_blanks(end) != '\0' || isnan(v))
        return NUMBER_MALFORMED;
    *out = v;
    if (v < lo)
        return NUMBER_TOO_SMALL;
    if (v > hi)
        return NUMBER_TOO_LARGE;
    return NUMBER_OK;
}

NumberStatus number_parse_int_clamped(const char *text, long long lo, long long hi,
                                      long long *out, int *clamped)
{
    NumberStatus st = number_parse_int(text, lo, hi, out);
    *clamped = st == NUMBER_TOO_SMALL || st == NUMBER_TOO_LARGE;
    if (st == NUMBER_TOO_SMALL)
        *out = lo;
    else if (st == NUMBER_TOO_LARGE)
        *out = hi;
    else
        return st;
    return NUMBER_OK;
}

NumberStatus number_parse_real_clamped(const char *text, double lo, double hi,
                                       double *out, int *clamped)
{
    NumberStatus st = number_parse_real(text, lo, hi, out);
    *clamped = st == NUMBER_TOO_SMALL || st == NUMBER_TOO_LARGE;
    if (st == NUMBER_TOO_SMALL)
        *out = lo;
    else if (st == NUMBER_TOO_LARGE)
        *out = hi;
    else
        return st;
    return NUMBER_OK;
}

const char *number_problem(NumberStatus st, long long lo, long long hi, char *buf, size_t n)
{
    switch (st) {
    case NUMBER_OK:        snprintf(buf, n, "is a valid number"); break;
    case NUMBER_MISSING:   snprintf(buf, n, "is missing"); break;
    case NUMBER_MALFORMED: snprintf(buf, n, "is not a number"); break;
    case NUMBER_TOO_SMALL:
    case NUMBER_TOO_LARGE: snprintf(buf, n, "is out of range (%lld to %lld)", lo, hi); break;
    }
    return buf;
}
