/*
 * movebound.h — the most moves any position of a variant could have.
 */
#ifndef MOVEBOUND_H
#define MOVEBOUND_H

#include "variant/variant.h"

/* An upper bound on the pseudo-legal moves of any position of the variant
 * (any placement, any pieces in hand); -1 when out of memory.  Move lists
 * hold MAX_MOVES, so the catalog (catalog/prepare.c) refuses a variant above that. */
long movebound_of(const Variant *v);

#endif
