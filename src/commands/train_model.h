/*
 * train_model.h — the float net `menagerie train` fits: its parameters,
 * the forward and backward passes over samples, split between threads,
 * Adam, and rounding it to the file's integers.
 *
 * The float net mirrors the integer one of board/nnue.c: per side an
 * accumulator b1 + sum of w1 rows, clamp to [0, 1] (and square, for
 * SCReLU), then b2 + w2 . (us, them); the output times TRAIN_SCALE is
 * centipawns.
 */
#ifndef TRAIN_MODEL_H
#define TRAIN_MODEL_H

#include <math.h>
#include "commands/train.h"
#include "commands/train_samples.h"

typedef struct {
    int nf, h, nb;
    NnueActivation act;
    double wq;              /* float output weight to the file's integer (train_model.c) */
    size_t size;            /* all the parameters */
    float *p;               /* w1 [nf][h], b1 [h], w2 [nb][2h], b2 [nb] */
} Model;

static inline float *w1(const Model *m) { return m->p; }
static inline float *b1(const Model *m) { return m->p + (size_t)m->nf * m->h; }
static inline float *w2(const Model *m) { return b1(m) + m->h; }
static inline float *b2(const Model *m) { return w2(m) + (size_t)m->nb * 2 * m->h; }

static inline uint64_t train_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

/* The factor from a float output weight to the file's: qb, and for
 * SCReLU qb x 256 / qa, since the integer net squares x qa into 16 bits
 * as x^2 qa^2 >> 8 (board/nnue.h). */
double train_out_scale(NnueActivation act, int qa, int qb);

/* Random weights from `seed` (train_model.c says how). */
void train_model_init(Model *m, uint64_t seed);

/* The weights of a net of m's shape, as floats (to go on training it). */
void train_model_from_net(Model *m, const NnueNet *net);

/* The evaluation of sample i in centipawns (side to move); acc: 2h floats. */
double train_float_eval(const Model *m, const Samples *s, size_t i, float *acc);

typedef struct {
    const Model *m;
    const Samples *s;
    const uint32_t *order;
    size_t lo, hi;
    double k;
    float *grad;            /* NULL: the error only */
    double error;
} Job;

/* Run order[lo, hi) split between the jobs; returns the summed error,
 * the gradients summed into jobs[0].grad. */
double train_run_jobs(Job *jobs, int threads, size_t lo, size_t hi);

typedef struct {
    double *mom, *vel;
    long step;
} Adam;

/* One step of Adam (AdamW: see train_model.c). */
void train_adam_step(Model *m, Adam *a, const float *grad, double scale, double rate,
                     double decay);

/* The float net rounded into net's integers. */
void train_quantise(const Model *m, NnueNet *net);

/* How far the integer net is from the float one on the samples idx[0, n). */
void train_measure_rounding(const Model *m, const NnueNet *net, const Samples *s,
                            const uint32_t *idx, size_t n, TrainReport *rep);

#endif
