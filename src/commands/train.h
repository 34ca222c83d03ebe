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
 * seed, so the files' union is learnt as one set, at a step size the
 * schedule gives.  A share of the positions (5% by default), chosen by
 * a hash of each position alone so that the split stays put as the
 * data grows, is held out to measure the fit, and the weights of the
 * epoch that predicted them best are kept (the classical evaluation's
 * error on them is shown to compare).  The weights are then rounded to
 * the file's integers, and the rounding is measured on the held-out
 * positions against the float net.
 *
 * A run may start from a network file (--init) instead of random
 * weights: the net's shape must be the run's, and the start counts as
 * an epoch 0 the run may keep, so a resumed run never ends worse on the
 * held-out positions than the net it started from.
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
#define TRAIN_DROPS_MAX   16      /* --lr-drop epochs */

/* How the step size goes over the epochs (train.c's rate_at). */
typedef enum {
    TRAIN_LR_STEPS,       /* a tenth at each drop (by default: at 2/3 and 9/10 of the run) */
    TRAIN_LR_COSINE,      /* half a cosine from the rate down to a hundredth of it */
    TRAIN_LR_CONSTANT
} TrainSchedule;

typedef struct {
    const char *const *files;   /* the data: files and directories */
    int nfiles;
    const char *init;           /* a network file to start from, or NULL */
    /* the shape; 0 (-1 for hand_slots and activation): --init's, or the default */
    int hidden;                 /* accumulator size per side (256) */
    int buckets;                /* output buckets (1: one output layer) */
    int hand_slots;             /* the variant's default */
    int activation;             /* NnueActivation (CReLU) */
    int epochs;
    int batch;
    double rate;                /* Adam's step at the start */
    TrainSchedule schedule;
    int drops[TRAIN_DROPS_MAX]; /* TRAIN_LR_STEPS: epochs (from 1) a tenth from; none: */
    int ndrops;                 /* ... at 2/3 and 9/10 of the run */
    double validation;          /* the share of positions held out (0.05) */
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
    int best_epoch;                         /* the epoch kept (0: the start, --init's) */
    double classical;                       /* ... of the classical evaluation */
    double quant_mean, quant_max;           /* |float - integer| in cp, held out */
} TrainReport;

void train_default_options(TrainOptions *o);

/* Train a net for v on the data; progress goes to `log`.  Returns the
 * net (quantised, checked) or NULL after saying why (no file, no
 * position, an --init file refused or of another shape, out of memory). */
NnueNet *train_run(const Variant *v, const TrainOptions *o, FILE *log, TrainReport *report);

/* `menagerie train -v VARIANT -o FILE [options] DATA...` */
int cmd_train(const VariantSet *set, int argc, char **argv);

#endif
