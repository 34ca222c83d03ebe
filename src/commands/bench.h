/*
 * bench.h — the `bench` and `eval` commands.
 *
 * bench searches a fixed set of positions from several variants to a
 * fixed depth, clearing the hash table between them, and prints the
 * total node count: a signature that changes only when the search does.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>
#include <stdio.h>
#include "catalog/variant_load.h"

#define BENCH_DEFAULT_DEPTH 8
#define BENCH_DEPTH_MAX     64     /* the deepest bench a command may ask for */

/* Search every bench position to `depth`; per-position lines and the
 * totals go to `out`.  Returns the total node count. */
uint64_t bench_run(const VariantSet *set, int depth, FILE *out);

/* The same, evaluating with the network in eval_file (NULL: none) the
 * positions of its variant.  Returns 0 after a message on stderr when
 * the file is refused or fits no position. */
uint64_t bench_run_net(const VariantSet *set, int depth, const char *eval_file, FILE *out);

/* `menagerie bench [--eval-file FILE] [DEPTH]` */
int cmd_bench(const VariantSet *set, int argc, char **argv);

/* `menagerie eval [-v VARIANT] [--fen FEN] [--eval-file FILE | --classical | --params]` */
int cmd_eval(const VariantSet *set, int argc, char **argv);

#endif
