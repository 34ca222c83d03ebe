/*
 * tt.h — the transposition table: a fixed-size hash of search results,
 * sized in megabytes, buckets of three entries that share one cache line.
 *
 * The search threads share it (Lazy SMP); each bucket has a one-byte
 * spin lock, taken for the few instructions of a probe or a store, so
 * no thread ever reads a half-written entry.  Mate scores
 * are stored relative to the node (tt_score_to/from adjust by ply) so an
 * entry is valid wherever the position recurs in the tree.
 */
#ifndef TT_H
#define TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board/move.h"

enum { TT_BOUND_NONE = 0, TT_BOUND_UPPER = 1, TT_BOUND_LOWER = 2, TT_BOUND_EXACT = 3 };

typedef struct {
    uint32_t key;        /* upper half of the Zobrist hash */
    int16_t  score;
    int16_t  eval;
    uint8_t  depth;
    uint8_t  genbound;   /* generation << 2 | bound */
    Move     move;
} TTEntry;

#define TT_BUCKET 3
typedef struct {
    TTEntry e[TT_BUCKET];
    atomic_uchar lock;   /* 0: free (calloc'ed tables start unlocked) */
    uint8_t pad[64 - TT_BUCKET * sizeof(TTEntry) - sizeof(atomic_uchar)];
} TTBucket;

typedef struct {
    TTBucket *buckets;
    size_t    nbuckets;
    uint8_t   generation;
} TT;

int  tt_init(TT *tt, size_t mb);       /* 0, or -1 when out of memory */
void tt_free(TT *tt);
void tt_clear(TT *tt);
void tt_new_search(TT *tt);            /* ages entries of earlier searches */
int  tt_hashfull(const TT *tt);        /* per mille used by this search */

/* Look up `hash`; returns true and copies the entry on a hit. */
bool tt_probe(const TT *tt, uint64_t hash, TTEntry *out);
void tt_store(TT *tt, uint64_t hash, Move move, int score, int eval, int depth, int bound);

static inline void tt_prefetch(const TT *tt, uint64_t hash)
{
    __builtin_prefetch(&tt->buckets[(hash & 0xFFFFFFFFu) % tt->nbuckets]);
}

#endif
