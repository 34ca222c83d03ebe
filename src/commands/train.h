/*
 * train.h — `menagerie train`: a neural evaluation (board/nnue.h) fitted
 * to self-play data.
 *
 * The positions of the data files and directories (text or binary, see
 * training_data.h), their union with the positions repeated in it dropped
 * (by hash), become lists of active features, from the engine's
 * own code (nnue_active_features), so any variant the engine reads can be
 * trained, a user's too.  The net is trained in floating point: the
 * output, times the net's scale, is an evaluation in centipawns, and
 * sigmoid(K x eval) is fitted to lambda x result + (1 - lambda) x
 * sigmoid(K x score) by mini-batch Adam (mean squared error, as `tune`
 * does), K fitted to the results first unless given; each epoch takes
 * the training positions of all the files in one order shuffled by the
 * seed, so the files' union is learnt as one set.  The last twentieth
 * of the positions (the last games) is held out to measure the fit, and
 * the weights of the epoch that predicted them best are kept (the
 * classical evaluation's error on them is shown to compare).  The
 * weights are then rounded to the file's integers, and the rounding is
 * measured on the held-out positions against the float net.
 */
#ifndef TRAIN_H
#define TRAIN_H

#include <stdint.h>
#include <stdio.h>
#include "board/nnue.h"
#include "catalog/variant_load.h"

#define TRAIN_QA     255      /* the accumulators' 1.0 */
#define TRAIN_QB     1024     /* the output weights' 1.0 */
#define TRAIN_SCALE  400      /* centipawns per unit of output */
#define TRAIN_K_MIN  1e-4     /* the sigmoid scale's range */
#define TRAIN_K_MAX  0.1
#define TRAIN_THREADS_MAX 64

typedef struct {
    const char *const *files;   /* the data: files and directories */
    int nfiles;
    int hidden;                 /* accumulator size per side */
    int buckets;                /* output buckets (1: one output layer) */
    int hand_slots;             /* -1: the variant's default */
    int epochs;
    int batch;
    double rate;                /* Adam's step at the start */
    double decay;               /* decoupled weight decay per unit of step (AdamW) */
    double lambda;              /* share of the game result in the target */
    double k;                   /* sigmoid scale; 0: fit it */
    int threads;
    uint64_t seed;
    bool mirror;                /* each position mirrored left to right as well */
} TrainOptions;

typedef struct {
    long positions, held_out;   /* trained on, held out */
    long malformed;             /* lines skipped */
    long duplicates;            /* positions seen before in the data, dropped */
    double k;
    double loss_start, loss_end;            /* held-out error, before and after */
    double classical;                       /* ... of the classical evaluation */
    double quant_mean, quant_max;           /* |float - integer| in cp, held out */
} TrainReport;

void train_default_options(TrainOptions *o);

/* Train a net for v on the data; progress goes to `log`.  Returns the
 * net (quantised, checked) or NULL after saying why (no file, no
 * position, out of memory). */
NnueNet *train_run(const Variant *v, const TrainOptions *o, FILE *log, TrainReport *report);

/* `menagerie train -v VARIANT -o FILE [options] DATA...` */
int cmd_train(const VariantSet *set, int argc, char **argv);

#endif
