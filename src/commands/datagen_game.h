/*
 * datagen_game.h — one self-play game of `menagerie datagen`: its random
 * opening, its searched moves, its adjudication, and which of its
 * positions are worth recording, written as a game record
 * (data_format.h) that either of datagen's formats is made from.
 */
#ifndef DATAGEN_GAME_H
#define DATAGEN_GAME_H

#include <stdint.h>
#include "commands/data_format.h"
#include "commands/datagen.h"
#include "search/search.h"

/* A worker's tools for playing games; the game itself depends only on
 * the settings and its number. */
typedef struct {
    const Variant        *v;
    const DatagenOptions *opt;
    const SearchLimits   *limits;   /* of every move */
    Position             *pos;
    Search               *search;
    MoveList             *moves;
    uint64_t              rng;
    uint64_t              nodes;    /* searched in the last game */
    int                   opening[DATAGEN_RANDOM_PLIES_MAX];   /* its random moves' indices */
} GamePlayer;

/* The limits of a search to `nodes` nodes or `depth` plies. */
SearchLimits datagen_limits(long long nodes, long long depth);

/* Play game number `game` into `out` (reset first). */
void datagen_play(GamePlayer *p, long long game, DataGame *out);

#endif
