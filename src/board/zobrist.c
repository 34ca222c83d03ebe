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

/* The keys of the first 32 types come first, in the order they had while
 * MAX_PIECE_TYPES was 32, and those of the types beyond after all others:
 * the hash of a position of a variant with up to 32 types, and so what the
 * search finds through the table, stayed as it was. */
#define FIRST_TYPES 32
#define FIRST_CODES (2 * FIRST_TYPES + 1)

static void fill_hands(int first, int end, uint64_t *state)
{
    for (int c = 0; c < 2; c++)
        for (int t = first; t < end; t++)
            fill(keys.hand[c][t], ZOBRIST_HAND, state);
}

static void init_once(void)
{
    uint64_t state = 0x4D454E4147455249ull;   /* "MENAGERI" */
    fill(&keys.piece[0][0], (size_t)FIRST_CODES * MAX_SQUARES, &state);
    fill(keys.mark, MAX_SQUARES, &state);
    fill_hands(0, FIRST_TYPES, &state);
    fill(keys.virgin, MAX_SQUARES, &state);
    fill(keys.ep, MAX_SQUARES, &state);
    fill(&keys.checks[0][0], sizeof keys.checks / sizeof(uint64_t), &state);
    keys.side = next_key(&state);
    fill(&keys.piece[FIRST_CODES][0], (size_t)(ZOBRIST_CODES - FIRST_CODES) * MAX_SQUARES, &state);
    fill_hands(FIRST_TYPES, MAX_PIECE_TYPES, &state);
    fill(keys.turn, ZOBRIST_TURN, &state);       /* after the rest: the older keys keep their values */
    fill(keys.shak, 4, &state);
    keys.shak[0] = 0;                          /* no shak pending: the key is the hash */
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        keys.piece[0][sq] = 0;                 /* empty squares hash to nothing */
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < MAX_PIECE_TYPES; t++)
            keys.hand[c][t][0] = 0;            /* an empty hand hashes to nothing */
}

void zobrist_init(void)
{
    pthread_once(&once, init_once);
}
