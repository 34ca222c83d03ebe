/*
 * perft.h — move-generator verification: leaf counts of the legal move
 * tree (per root move and whole suites: commands/perft_suite.h).
 */
#ifndef PERFT_H
#define PERFT_H

#include <stdint.h>
#include <stdio.h>
#include "board/position.h"

/* The deepest perft a command may ask for: far beyond what finishes, but
 * a bound on the per-ply move lists perft allocates. */
#define PERFT_DEPTH_MAX 20

uint64_t perft_count(Position *pos, int depth);

/* Drops refused at the last ply only because they would mate with a
 * piece that may not drop-mate (reference counts from engines that
 * generate them include them). */
uint64_t perft_refused_drop_mates(Position *pos, int depth);

#endif
