/*
 * train_samples.h — the positions `menagerie train` learns from, as the
 * lists of active features the net sees (board/nnue.h), with their scores,
 * results and the classical evaluation to compare with.
 */
#ifndef TRAIN_SAMPLES_H
#define TRAIN_SAMPLES_H

#include <stdbool.h>
#include <stdint.h>
#include "board/nnue.h"
#include "search/eval.h"

typedef struct {
    size_t n, cap;
    size_t nfeat, featcap;
    size_t *first;          /* [n]: where its features start in feat */
    uint16_t *count;        /* [n]: active features per view */
    uint16_t *feat;         /* per position: white's view, then black's */
    uint8_t *stm;
    uint8_t *bucket;        /* [n]: the output bucket */
    uint8_t *held;          /* [n]: held out to measure the fit (train_held_out) */
    float *score, *result;  /* white's view */
    float *classical;       /* the classical evaluation, side to move's view */
    float *target;          /* side to move's view, after K */
} Samples;

typedef struct {
    Samples *s;
    const NnueNet *shape;   /* the features' layout */
    const EvalTables *et;   /* the classical evaluation, to compare with */
    bool mirror;            /* each position again, left and right swapped */
    double validation;      /* the share of positions held out */
    int buf[NNUE_MAX_ACTIVE];
} Collector;

void train_samples_free(Samples *s);

/* A TrainingPositionFn: the position (and its mirror image) as samples
 * into the Collector ctx. */
bool train_collect(void *ctx, const Position *pos, int score, double result);

/* Is a position of this hash held out, when `share` of all are?  A
 * position's side of the split depends on nothing else (not the seed,
 * not the other positions), so it stays where it is as the data grows
 * and held-out errors of runs on a store's generations compare. */
bool train_held_out(uint64_t hash, double share);

/* Is the board the same mirrored left to right (its holes)? */
bool train_mirrorable(const Variant *v);

/* The features of sample i as `view` sees it. */
static inline const uint16_t *features_of(const Samples *s, size_t i, int view)
{
    return s->feat + s->first[i] + (view == WHITE ? 0 : s->count[i]);
}

#endif
