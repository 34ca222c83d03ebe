/*
 * tt.c — transposition table (see tt.h).
 */
#include <stdlib.h>
#include <string.h>
#include "search/tt.h"

static inline TTBucket *bucket_of(const TT *tt, uint64_t hash)
{
    /* The low half picks the bucket, the high half is the stored key, so
       the two are independent. */
    return &tt->buckets[(hash & 0xFFFFFFFFu) % tt->nbuckets];
}

static inline void lock_bucket(TTBucket *b)
{
    while (atomic_exchange_explicit(&b->lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&b->lock, memory_order_relaxed))
            ;
}

static inline void unlock_bucket(TTBucket *b)
{
    atomic_store_explicit(&b->lock, 0, memory_order_release);
}

int tt_init(TT *tt, size_t mb)
{
    if (mb < 1)
        mb = 1;
    size_t n = mb * 1024 * 1024 / sizeof(TTBucket);
    TTBucket *b = NULL;
    while (n > 0 && !(b = calloc(n, sizeof *b)))
        n /= 2;    /* take what memory there is rather than fail */
    if (!b)
        return -1;
    tt->buckets = b;
    tt->nbuckets = n;
    tt->generation = 0;
    return 0;
}

void tt_free(TT *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
    tt->nbuckets = 0;
}

void tt_clear(TT *tt)
{
    memset(tt->buckets, 0, tt->nbuckets * sizeof *tt->buckets);
    tt->generation = 0;
}

void tt_new_search(TT *tt)
{
    tt->generation = (uint8_t)((tt->generation + 1) & 63);
}

int tt_hashfull(const TT *tt)
{
    size_t sample = tt->nbuckets < 1000 ? tt->nbuckets : 1000, used = 0;
    for (size_t i = 0; i < sample; i++) {
        TTBucket *b = &tt->buckets[i];
        lock_bucket(b);
        for (int j = 0; j < TT_BUCKET; j++) {
            const TTEntry *e = &b->e[j];
            if ((e->genbound & 3) && (e->genbound >> 2) == tt->generation)
                used++;
        }
        unlock_bucket(b);
    }
    return sample ? (int)(used * 1000 / (sample * TT_BUCKET)) : 0;
}

bool tt_probe(const TT *tt, uint64_t hash, TTEntry *out)
{
    TTBucket *b = bucket_of(tt, hash);
    uint32_t key = (uint32_t)(hash >> 32);
    bool hit = false;
    lock_bucket(b);
    for (int i = 0; i < TT_BUCKET && !hit; i++)
        if (b->e[i].key == key && (b->e[i].genbound & 3)) {
            *out = b->e[i];
            hit = true;
        }
    unlock_bucket(b);
    return hit;
}

/* Replacement: the same position first, else the entry that is oldest
 * and shallowest. */
static void store_locked(TTBucket *b, uint8_t generation, uint64_t hash, Move move, int score,
                         int eval, int depth, int bound)
{
    uint32_t key = (uint32_t)(hash >> 32);
    TTEntry *victim = &b->e[0];
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        TTEntry *e = &b->e[i];
        if (e->key == key || !(e->genbound & 3)) {
            victim = e;
            break;
        }
        int age = (64 + generation - (e->genbound >> 2)) & 63;
        int worth = e->depth - 8 * age;
        if (worth < worst) {
            worst = worth;
            victim = e;
        }
    }
    /* Keep a deeper exact result of this position from being replaced by
       a shallow bound, but always remember a move. */
    if (victim->key == key && (victim->genbound & 3) && bound != TT_BOUND_EXACT
        && depth + 3 < victim->depth && (victim->genbound >> 2) == generation) {
        if (move.kind != 0 || move.from != move.to)
            victim->move = move;
        return;
    }
    if (victim->key != key || move.from != move.to || move.kind != 0)
        victim->move = move;
    victim->key = key;
    victim->score = (int16_t)score;
    victim->eval = (int16_t)eval;
    victim->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    victim->genbound = (uint8_t)(generation << 2 | bound);
}

void tt_store(TT *tt, uint64_t hash, Move move, int score, int eval, int depth, int bound)
{
    TTBucket *b = bucket_of(tt, hash);
    lock_bucket(b);
    store_locked(b, tt->generation, hash, move, score, eval, depth, bound);
    unlock_bucket(b);
}
