/*
 * tune.h — `menagerie tune`: fitting the evaluation's weights to games
 * (Texel tuning).
 *
 * Each position of the data files (FEN | SCORE | RESULT, white's view;
 * see menagerie(6)) is evaluated once with a linear trace (eval_trace):
 * the evaluation as a sum of weights times coefficients.  The sigmoid
 * scale K is fitted to the results first; then the weights minimise the
 * mean squared error between sigmoid(K x eval) and the target
 * lambda x result + (1 - lambda) x sigmoid(K x score), by full-batch Adam
 * with L2 regularisation toward the starting weights.  The terms that are
 * not linear in their weights are held where the starting weights put
 * them: the king-danger curve (only the share of it taken off in each
 * phase is fitted), the scaling of drawish endings, the bounds of the
 * piece-square formulas.  The result is written as an `eval:` section of
 * every weight that differs from the derived defaults.
 */
#ifndef TUNE_H
#define TUNE_H

#include <stdbool.h>
#include <stdio.h>
#include "catalog/variant_load.h"
#include "search/eval.h"

typedef struct {
    const char *const *files;   /* the data */
    int nfiles;
    int epochs;
    double rate;                /* Adam step, in weight units */
    double lambda;              /* share of the game result in the target */
    double l2;                  /* x sum of (weight - start)^2 / 100^2 */
    double k;                   /* sigmoid scale; 0: fit it */
    int threads;
    bool group[64];             /* tune eval_param_groups[i] */
} TuneOptions;

typedef struct {
    long positions;             /* used */
    long malformed;             /* lines skipped: not FEN | SCORE | RESULT, or a bad FEN */
    long unusable;              /* positions whose evaluation hit a bound */
    double k;
    double error_start, error_end;          /* of the linear model, per epoch */
    double check_start, check_end;          /* of the real evaluation, before and after */
    int changed;                /* weights that changed */
} TuneReport;

/* The options' defaults: every group `tune` can fit. */
void tune_default_options(TuneOptions *o);

/* Fit v's weights to the data; progress and malformed lines go to `log`.
 * *out gets the tuned weights (whole where the evaluation needs whole
 * numbers), *start the weights it began from.  Returns 0, or -1 after
 * saying why (no file, no position). */
int tune_run(const Variant *v, const TuneOptions *o, FILE *log, EvalParams *out,
             EvalParams *start, TuneReport *report);

/* `menagerie tune -v VARIANT [options] DATA...` */
int cmd_tune(const VariantSet *set, int argc, char **argv);

#endif
