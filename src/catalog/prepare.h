/*
 * prepare.h — make a loaded variant ready for play: its move tables
 * compiled (variant_compile; variant_derive has run), the board layer's
 * tables (attack prefilter), the proof that its move lists cannot
 * overflow, and its start position read.  The catalog calls these in that
 * order for every variant it loads, or (a built-in one) when it is first
 * asked for; each reports what went wrong in `err`, so the loader can
 * point at the YAML key the mistake belongs to.
 */
#ifndef PREPARE_H
#define PREPARE_H

#include <stddef.h>
#include "variant/variant.h"

/* Move tables, attack tables and the move bound.  Returns 0, or -1 with
 * a message in err. */
int prepare_tables(Variant *v, char *err, size_t errsize);

/* Read the start position (v->start_fen) and keep its pieces in
 * v->start_board / v->start_count.  Returns 0, or -1 with the FEN
 * reader's message in err and in *at the offset of the mistake in the FEN
 * (-1: the position as a whole). */
int prepare_start(Variant *v, char *err, size_t errsize, int *at);

#endif
