/*
 * eval_write.h — writing the evaluation's weights as the `eval:` section
 * of a variant file (the format schema_eval.c reads, documented in
 * menagerie-variants(5)).
 */
#ifndef CATALOG_EVAL_WRITE_H
#define CATALOG_EVAL_WRITE_H

#include <stdint.h>
#include <stdio.h>
#include "variant/variant.h"

/* Write `eval:` and, indented below it, the weights of p that differ from
 * base -- or all of them when base is NULL (the piece-square offsets then
 * only where they are not zero).  `matters` (a byte per slot, or NULL:
 * all) leaves out entries none of whose weights matters.  Every number is
 * written so that it reads back exactly.  A per-piece list, or a phase of
 * a board, is written whole when any of its numbers differs.  Returns how
 * many entries were written (0: `eval: {}`). */
int eval_write_section(FILE *out, const Variant *v, const EvalParams *p, const EvalParams *base,
                       const uint8_t *matters);

#endif
