/*
 * fuzz_common.h — helpers shared by the libFuzzer targets in tests/fuzz/.
 *
 * A target checks properties of what it reads and calls fuzz_fail() when
 * one does not hold: libFuzzer then saves the input as a crash artifact,
 * just as for a sanitizer report.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "board/position.h"

/* A write-only stream that discards everything (diagnostics, diagrams). */
FILE *fuzz_null(void);

/* The input as a NUL-terminated string (malloc'd; a NUL byte inside simply
 * ends it early). */
char *fuzz_text(const uint8_t *data, size_t size);

/* A property failed: say which on stderr and abort. */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Play each legal move of `pos` and take it back: the hash must follow
 * the board, and taking back must restore the FEN exactly. */
void fuzz_exercise_position(Position *pos);

#endif
