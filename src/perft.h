/*
 * perft.h — move-generator verification: leaf counts of the legal move
 * tree, per root move (divide), and whole suites of reference counts.
 */
#ifndef PERFT_H
#define PERFT_H

#include <stdint.h>
#include <stdio.h>
#include "position.h"

/* The deepest perft a command may ask for: far beyond what finishes, but
 * a bound on the per-ply move lists perft allocates. */
#define PERFT_DEPTH_MAX 20

uint64_t perft(Position *pos, int depth);

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
