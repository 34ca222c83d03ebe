/*
 * train.c — training a neural evaluation (see train.h): the data read
 * into samples, the sigmoid scale, the epochs, the net kept.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands/train.h"
#include "commands/train_model.h"
#include "commands/training_data.h"
#include "util/alloc.h"

#define K_DEFAULT  0.005756         /* ln(10)/400 */
#define HELD_OUT_SHARE 20           /* one position in this many, the last ones */

/* ---- the sigmoid scale ------------------------------------------------------------------ */

static double result_error(const Samples *s, size_t n, double k)
{
    double e = 0;
    for (size_t i = 0; i < n; i++) {
        double d = sigmoid(k * s->score[i]) - s->result[i];
        e += d * d;
    }
    return e / (double)n;
}

/* The K at which the search's scores best predict the results (golden
 * section over log K), or K_DEFAULT when the results say nothing. */
static double fit_k(const Samples *s, size_t n, FILE *out)
{
    const double phi = (sqrt(5) - 1) / 2;
    double a = log(TRAIN_K_MIN), b = log(TRAIN_K_MAX);
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = result_error(s, n, exp(c)), fd = result_error(s, n, exp(d));
    for (int i = 0; i < 40; i++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = result_error(s, n, exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = result_error(s, n, exp(d));
        }
    }
    double k = exp((a + b) / 2);
    if (k < TRAIN_K_MIN * 1.01 || k > TRAIN_K_MAX * 0.99) {
        fprintf(out, "The results do not fix the sigmoid scale; using K = %g (give one with --k).\n",
                K_DEFAULT);
        return K_DEFAULT;
    }
    return k;
}

/* The classical evaluation's error on samples [lo, hi), for comparison. */
static double classical_error(const Samples *s, size_t lo, size_t hi, double k)
{
    double e = 0;
    for (size_t i = lo; i < hi; i++) {
        double d = sigmoid(k * s->classical[i]) - s->target[i];
        e += d * d;
    }
    return hi > lo ? e / (double)(hi - lo) : 0;
}

static void set_targets(Samples *s, double k, double lambda)
{
    s->target = alloc_realloc(s->target, (s->n + 1) * sizeof *s->target);
    for (size_t i = 0; i < s->n; i++) {
        double r = s->result[i], sc = s->score[i];
        if (s->stm[i] == BLACK)
            r = 1 - r, sc = -sc;
        s->target[i] = (float)(lambda * r + (1 - lambda) * sigmoid(k * sc));
    }
}

/* ---- the run ---------------------------------------------------------------------------- */

void train_default_options(TrainOptions *o)
{
    memset(o, 0, sizeof *o);
    o->hidden = 256;
    o->buckets = 1;
    o->hand_slots = -1;
    o->epochs = 10;
    o->batch = 1024;
    o->rate = 0.003;
    o->lambda = 0.5;
    o->threads = 1;
    o->seed = 1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The step size for an epoch: the full rate, then a tenth of it for the
 * last third, then a hundredth for the last tenth. */
static double rate_at(const TrainOptions *o, int epoch)
{
    if (epoch >= o->epochs - o->epochs / 10)
        return o->rate / 100;
    if (epoch >= o->epochs - o->epochs / 3)
        return o->rate / 10;
    return o->rate;
}

static void shuffle(uint32_t *order, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(train_splitmix64(rng) % i);
        uint32_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

typedef struct {
    Model m;
    Adam adam;
    Job jobs[TRAIN_THREADS_MAX];
    uint32_t *order;
    int threads;
    float *best;            /* the weights of the best held-out error so far */
} Trainer;

static void trainer_free(Trainer *t)
{
    free(t->m.p);
    free(t->adam.mom);
    free(t->adam.vel);
    for (int i = 0; i < t->threads; i++)
        free(t->jobs[i].grad);
    free(t->order);
    free(t->best);
}

/* Error over samples [lo, hi) in order, no gradient. */
static double held_out_error(Trainer *t, const Samples *s, size_t lo, size_t hi, double k)
{
    if (hi <= lo)
        return 0;
    float *grads[TRAIN_THREADS_MAX];
    for (int i = 0; i < t->threads; i++) {
        grads[i] = t->jobs[i].grad;
        t->jobs[i].grad = NULL;
        t->jobs[i].k = k;
    }
    double e = train_run_jobs(t->jobs, t->threads, lo, hi) / (double)(hi - lo);
    for (int i = 0; i < t->threads; i++)
        t->jobs[i].grad = grads[i];
    return e;
}

static void train_epochs(Trainer *t, const Samples *s, size_t ntrain, size_t nheld, double k,
                         const TrainOptions *o, FILE *log, TrainReport *rep)
{
    uint64_t rng = o->seed ^ 0x5DEECE66DULL;
    for (size_t i = 0; i < s->n; i++)
        t->order[i] = (uint32_t)i;
    rep->loss_start = held_out_error(t, s, ntrain, ntrain + nheld, k);
    double best = INFINITY;
    int best_epoch = 0;
    for (int e = 0; e < o->epochs; e++) {
        double t0 = now_seconds(), rate = rate_at(o, e), train_error = 0;
        shuffle(t->order, ntrain, &rng);     /* the held-out ones stay in place */
        for (size_t lo = 0; lo < ntrain; lo += (size_t)o->batch) {
            size_t hi = lo + (size_t)o->batch < ntrain ? lo + (size_t)o->batch : ntrain;
            for (int i = 0; i < t->threads; i++)
                t->jobs[i].k = k;
            train_error += train_run_jobs(t->jobs, t->threads, lo, hi);
            train_adam_step(&t->m, &t->adam, t->jobs[0].grad, 1.0 / (double)(hi - lo), rate,
                      o->decay);
        }
        double held = held_out_error(t, s, ntrain, ntrain + nheld, k);
        if (held < best) {
            best = held;
            best_epoch = e + 1;
            memcpy(t->best, t->m.p, t->m.size * sizeof *t->best);
        }
        fprintf(log, "epoch %3d/%d  rate %.2g  error %.6f  held out %.6f  %.1f s\n", e + 1,
                o->epochs, rate, train_error / (double)ntrain, held, now_seconds() - t0);
        fflush(log);
    }
    /* the net that predicts unseen games best, not the one that learnt
       the training games by heart */
    if (nheld) {
        memcpy(t->m.p, t->best, t->m.size * sizeof *t->best);
        fprintf(log, "Keeping epoch %d's weights (held-out error %.6f)\n", best_epoch, best);
    }
    rep->loss_end = nheld ? best : 0;
}

static bool trainer_init(Trainer *t, const NnueNet *shape, const Samples *s, const TrainOptions *o)
{
    memset(t, 0, sizeof *t);
    t->threads = o->threads < 1 ? 1 : o->threads > TRAIN_THREADS_MAX ? TRAIN_THREADS_MAX : o->threads;
    t->m.nf = shape->nfeatures;
    t->m.h = shape->hidden;
    t->m.nb = shape->buckets;
    t->m.size = (size_t)t->m.nf * t->m.h + (size_t)t->m.h
                + (size_t)t->m.nb * (2 * (size_t)t->m.h + 1);
    t->m.p = malloc(t->m.size * sizeof *t->m.p);
    t->adam.mom = calloc(t->m.size, sizeof *t->adam.mom);
    t->adam.vel = calloc(t->m.size, sizeof *t->adam.vel);
    t->order = malloc((s->n + 1) * sizeof *t->order);
    t->best = malloc(t->m.size * sizeof *t->best);
    bool ok = t->m.p && t->adam.mom && t->adam.vel && t->order && t->best;
    for (int i = 0; i < t->threads && ok; i++) {
        t->jobs[i].m = &t->m;
        t->jobs[i].s = s;
        t->jobs[i].order = t->order;
        t->jobs[i].grad = malloc(t->m.size * sizeof(float));
        ok = t->jobs[i].grad != NULL;
    }
    if (ok)
        train_model_init(&t->m, o->seed);
    return ok;
}

NnueNet *train_run(const Variant *v, const TrainOptions *o, FILE *log, TrainReport *rep)
{
    memset(rep, 0, sizeof *rep);
    int slots = o->hand_slots >= 0 ? o->hand_slots : nnue_default_hand_slots(v);
    NnueNet *net = nnue_net_create(v, o->hidden, slots, o->buckets, TRAIN_QA, TRAIN_QB,
                                   TRAIN_SCALE);
    if (!net) {
        fprintf(log, "menagerie train: out of memory (or an impossible shape)\n");
        return NULL;
    }
    Samples s;
    memset(&s, 0, sizeof s);
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(log, "menagerie train: out of memory\n");
        nnue_net_free(net);
        return NULL;
    }
    if (o->mirror && !train_mirrorable(v)) {
        fprintf(log, "menagerie train: --mirror: %s's board is not the same mirrored\n",
                v->name);
        eval_tables_destroy(et);
        nnue_net_free(net);
        return NULL;
    }
    Collector col = { &s, net, et, o->mirror, { 0 } };
    TrainingReader r = { .v = v, .log = log, .command = "train", .unique = true,
                         .pos = alloc_realloc(NULL, sizeof(Position)) };
    int rc = training_data_read(&r, o->files, o->nfiles, train_collect, &col);
    free(r.pos);
    eval_tables_destroy(et);
    rep->malformed = r.malformed;
    rep->duplicates = r.duplicates;
    if (r.malformed)
        fprintf(log, "%ld malformed lines skipped\n", r.malformed);
    if (r.duplicates)
        fprintf(log, "%ld positions seen before in the data dropped\n", r.duplicates);
    if (rc != 0 || s.n == 0) {
        if (rc == 0)
            fprintf(log, "menagerie train: no positions in the data\n");
        train_samples_free(&s);
        nnue_net_free(net);
        return NULL;
    }
    size_t nheld = s.n >= 2 * HELD_OUT_SHARE ? s.n / HELD_OUT_SHARE : 0, ntrain;
    if (o->mirror)
        nheld &= ~(size_t)1;    /* a position and its mirror image on the same side */
    ntrain = s.n - nheld;
    rep->positions = (long)ntrain;
    rep->held_out = (long)nheld;
    rep->k = o->k > 0 ? o->k : fit_k(&s, ntrain, log);
    set_targets(&s, rep->k, o->lambda);
    rep->classical = nheld ? classical_error(&s, ntrain, s.n, rep->k) : 0;
    fprintf(log, "%ld positions, %ld held out, %d features -> 2x%d -> 1", rep->positions,
            rep->held_out, net->nfeatures, net->hidden);
    if (net->buckets > 1)
        fprintf(log, " (%d output buckets)", net->buckets);
    fprintf(log, ", K = %.6f, %d thread%s\n", rep->k, o->threads, o->threads == 1 ? "" : "s");
    if (nheld)
        fprintf(log, "The classical evaluation's error on the held-out positions: %.6f\n",
                rep->classical);

    Trainer t;
    if (!trainer_init(&t, net, &s, o)) {
        fprintf(log, "menagerie train: out of memory\n");
        trainer_free(&t);
        train_samples_free(&s);
        nnue_net_free(net);
        return NULL;
    }
    train_epochs(&t, &s, ntrain, nheld, rep->k, o, log, rep);
    train_quantise(&t.m, net);
    size_t lo = nheld ? ntrain : 0, hi = nheld ? s.n : ntrain;
    train_measure_rounding(&t.m, net, &s, lo, hi, rep);
    fprintf(log, "Rounded to integers: %.2f cp from the float net on average, %.0f at most\n",
            rep->quant_mean, rep->quant_max);
    trainer_free(&t);
    train_samples_free(&s);
    return net;
}

