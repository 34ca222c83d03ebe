/*
 * number.h — the one checked reader for numbers that come from outside
 * (FEN counters and holdings, clocks, depths, node counts, hash sizes, board
 * sizes, YAML integers).  Every reader takes explicit bounds and says why a
 * text was refused, so no call site converts with atoi/strtol and no
 * out-of-range value reaches an int or an array index.
 */
#ifndef NUMBER_H
#define NUMBER_H

#include <stddef.h>

typedef enum {
    NUMBER_OK,
    NUMBER_MISSING,     /* no digits where a number was expected */
    NUMBER_MALFORMED,   /* digits followed by other characters, or NaN/inf */
    NUMBER_TOO_SMALL,   /* below the lower bound */
    NUMBER_TOO_LARGE    /* above the upper bound (overflow included) */
} NumberStatus;

/* Reads an optionally signed decimal integer at *s and advances *s past its
 * digits (also when it is out of range, so a caller can quote it).  Leading
 * blanks are skipped; nothing after the digits is looked at. */
NumberStatus number_scan_int(const char **s, long long lo, long long hi, long long *out);

/* The whole text, blanks around it allowed, must be one integer in [lo, hi]. */
NumberStatus number_parse_int(const char *text, long long lo, long long hi, long long *out);

/* The whole text must be one finite real number in [lo, hi] (strtod syntax,
 * but "nan", "inf" and hexadecimal are refused). */
NumberStatus number_parse_real(const char *text, double lo, double hi, double *out);

/* Like number_parse_int/real, but a well-formed value outside [lo, hi] is
 * clamped into it and reported as NUMBER_OK with *clamped set: for clocks and
 * limits where "absurd" means "as much as possible" or "none left". */
NumberStatus number_parse_int_clamped(const char *text, long long lo, long long hi,
                                      long long *out, int *clamped);
NumberStatus number_parse_real_clamped(const char *text, double lo, double hi,
                                       double *out, int *clamped);

/* A phrase for an error message: "is not a number", "is out of range (0 to
 * 99)", ... written to buf (always terminated).  Returns buf. */
const char *number_problem(NumberStatus st, long long lo, long long hi, char *buf, size_t n);

#endif
