/*
 * prepare.c — make a loaded variant ready for play (see prepare.h).  This
 * is where the layers meet: the variant model knows nothing of positions,
 * so the catalog, which sits above the board and notation layers, asks
 * them for what they derive from a variant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "notation/fen.h"
#include "catalog/prepare.h"
#include "board/attack.h"
#include "board/movebound.h"
#include "board/position.h"

/* Move lists have a fixed room (MAX_MOVES) that the generator never
 * checks: a variant in which some position could have more moves is
 * refused here, while it loads, rather than overflow in a game. */
static int check_move_bound(Variant *v, char *err, size_t errsize)
{
    v->move_bound = movebound_of(v);
    if (v->move_bound < 0) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (v->move_bound > MAX_MOVES) {
        snprintf(err, errsize, "a position could have up to %ld moves, more than the %d the "
                 "engine can hold (fewer piece types, promotion choices or squares would do)",
                 v->move_bound, MAX_MOVES);
        return -1;
    }
    return 0;
}

int prepare_tables(Variant *v, char *err, size_t errsize)
{
    if (variant_compile(v, err, errsize) != 0)
        return -1;
    if (attack_prepare_variant(v) != 0) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return check_move_bound(v, err, errsize);
}

int prepare_start(Variant *v, char *err, size_t errsize, int *at)
{
    *at = -1;
    Position *pos = malloc(sizeof *pos);
    if (!pos) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    memset(v->start_board, 0, sizeof v->start_board);
    memset(v->start_count, 0, sizeof v->start_count);
    int rc = position_set_fen_at(pos, v, v->start_fen, err, errsize, at);
    if (rc == 0) {
        memcpy(v->start_board, pos->board, sizeof v->start_board);
        memcpy(v->start_count, pos->count, sizeof v->start_count);
    }
    free(pos);
    return rc;
}
