/*
 * regions.h — square sets as variant files write them, and `regions`.
 *
 * A square set is a string of items ("d4", "a1-c3", "rank 1-3", "file a",
 * "first 2 ranks", "last rank", "dark", "all", a region's name), a list of
 * sets, or a mapping ({in: ..., except: ...} or {white: ..., black: ...}).
 * It is written from White's side; Black's squares follow by the
 * variant's symmetry (mirror, or rotate).  Each mistake is reported at the
 * column of the word it is about.
 */
#ifndef CATALOG_REGIONS_H
#define CATALOG_REGIONS_H

#include <stdbool.h>
#include "catalog/schema.h"

/* A square set for both colours (out[WHITE], out[BLACK]).  False after an
 * error (reported once, for White) or when the board is unknown. */
bool regions_read_set(SchemaContext *c, const TreeNode *n, SquareSet out[2]);

/* A square set of absolute squares, not mirrored for Black (board holes). */
bool regions_read_absolute(SchemaContext *c, const TreeNode *n, SquareSet *out);

/* `regions`: a mapping of names to square sets.  Every region is read
 * here, in order, so each mistake is reported once and where it is
 * written, even in a region nothing uses. */
void regions_read_table(SchemaContext *c, const TreeNode *regions);

/* Add the rectangle between two corners (files and ranks from 0, in any
 * order), leaving out holes. */
void regions_add_rectangle(const SchemaContext *c, SquareSet *s, int f0, int r0, int f1, int r1);

/* a &= b, a &= ~b. */
void regions_intersect(SquareSet *a, const SquareSet *b);
void regions_subtract(SquareSet *a, const SquareSet *b);

#endif
