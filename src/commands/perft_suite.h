/*
 * perft_suite.h — perft as a command: divide and reference suites.
 */
#ifndef PERFT_SUITE_H
#define PERFT_SUITE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "board/position.h"

/* One "MOVE: COUNT" line per root move on `out` (moves in CECP rank
 * numbering when cecp_ranks is set, see move.h); returns the total. */
uint64_t perft_divide(Position *pos, int depth, bool cecp_ranks, FILE *out);

/* Run a reference file ("fen ..." / "depth N count" lines, '#' comments)
 * for variant v, every case up to max_depth and skipping depths whose
 * count exceeds max_nodes (0: no limit).  Reports each check on `out`;
 * returns the number of mismatches (or -1 if the file cannot be read). */
int perft_suite(const Variant *v, const char *path, int max_depth, uint64_t max_nodes,
                FILE *out);

#endif
