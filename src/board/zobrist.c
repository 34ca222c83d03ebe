/*
 * zobrist.c — fills the Zobrist key table once, from a fixed seed.
 */
#include <pthread.h>
#include <stdint.h>
#include "board/zobrist.h"

static ZobristKeys keys;
const ZobristKeys *zobrist = &keys;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* splitmix64: small, fast, good enough for hash keys. */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void fill(uint64_t *k, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        k[i] = next_key(state);
}

static void init_once(void)
{
    uint64_t state = 0x4D454E4147455249ull;   /* "MENAGERI" */
    fill(&keys.piece[0][0], sizeof keys.piece / sizeof(uint64_t), &state);
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        keys.piece[0][sq] = 0;                 /* empty squares hash to nothing */
    fill(keys.mark, MAX_SQUARES, &state);
    fill(&keys.hand[0][0][0], sizeof keys.hand / sizeof(uint64_t), &state);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < MAX_PIECE_TYPES; t++)
            keys.hand[c][t][0] = 0;            /* an empty hand hashes to nothing */
    fill(keys.virgin, MAX_SQUARES, &state);
    fill(keys.ep, MAX_SQUARES, &state);
    fill(&keys.checks[0][0], sizeof keys.checks / sizeof(uint64_t), &state);
    keys.side = next_key(&state);
}

void zobrist_init(void)
{
    pthread_once(&once, init_once);
}
