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

/* ---- the sigmoid scale ------------------------------------------------------------------ */

static double result_error(const Samples *s, const uint32_t *idx, size_t n, double k)
{
    double e = 0;
    for (size_t x = 0; x < n; x++) {
        size_t i = idx[x];
        double d = sigmoid(k * s->score[i]) - s->result[i];
        e += d * d;
    }
    return e / (double)n;
}

/* The K at which the search's scores best predict the results (golden
 * section over log K), or K_DEFAULT when the results say nothing. */
static double fit_k(const Samples *s, const uint32_t *idx, size_t n, FILE *out)
{
    const double phi = (sqrt(5) - 1) / 2;
    double a = log(TRAIN_K_MIN), b = log(TRAIN_K_MAX);
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = result_error(s, idx, n, exp(c)), fd = result_error(s, idx, n, exp(d));
    for (int i = 0; i < 40; i++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = result_error(s, idx, n, exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = result_error(s, idx, n, exp(d));
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

/* The classical evaluation's error on the samples idx[0, n), for comparison. */
static double classical_error(const Samples *s, const uint32_t *idx, size_t n, double k)
{
    double e = 0;
    for (size_t x = 0; x < n; x++) {
        double d = sigmoid(k * s->classical[idx[x]]) - s->target[idx[x]];
        e += d * d;
    }
    return n ? e / (double)n : 0;
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
    o->hand_slots = -1;
    o->activation = -1;
    o->epochs = 10;
    o->batch = 1024;
    o->rate = 0.003;
    o->schedule = TRAIN_LR_STEPS;
    o->validation = 0.05;
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

/* The step size for epoch e (from 0).  Steps: a tenth of the rate from
 * each drop on; without drops given, from 2/3 of the run on, and a
 * hundredth for the last tenth.  Cosine: from the rate down towards a
 * hundredth of it along half a cosine. */
static double rate_at(const TrainOptions *o, int e)
{
    if (o->schedule == TRAIN_LR_CONSTANT)
        return o->rate;
    if (o->schedule == TRAIN_LR_COSINE) {
        double low = o->rate / 100;
        return low + (o->rate - low) * (1 + cos(M_PI * e / o->epochs)) / 2;
    }
    if (o->ndrops) {
        double r = o->rate;
        for (int i = 0; i < o->ndrops; i++)
            if (e + 1 >= o->drops[i])
                r /= 10;
        return r;
    }
    if (e >= o->epochs - o->epochs / 10)
        return o->rate / 100;
    if (e >= o->epochs - o->epochs / 3)
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
    uint32_t *order;        /* the training samples, then the held-out ones */
    size_t ntrain, nheld;
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

/* The error over the held-out samples, no gradient. */
static double held_out_error(Trainer *t, double k)
{
    size_t lo = t->ntrain, hi = t->ntrain + t->nheld;
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

/* One pass over the training samples at `rate`; their mean error. */
static double train_epoch(Trainer *t, double k, double rate, const TrainOptions *o)
{
    double error = 0;
    for (size_t lo = 0; lo < t->ntrain; lo += (size_t)o->batch) {
        size_t hi = lo + (size_t)o->batch < t->ntrain ? lo + (size_t)o->batch : t->ntrain;
        for (int i = 0; i < t->threads; i++)
            t->jobs[i].k = k;
        error += train_run_jobs(t->jobs, t->threads, lo, hi);
        train_adam_step(&t->m, &t->adam, t->jobs[0].grad, 1.0 / (double)(hi - lo), rate,
                        o->decay);
    }
    return error / (double)t->ntrain;
}

static void train_epochs(Trainer *t, double k, bool from_file, const TrainOptions *o, FILE *log,
                         TrainReport *rep)
{
    uint64_t rng = o->seed ^ 0x5DEECE66DULL;
    rep->loss_start = held_out_error(t, k);
    /* a run from a file may keep the file's weights: it never ends worse */
    double best = from_file ? rep->loss_start : INFINITY;
    int best_epoch = 0;
    if (from_file)
        memcpy(t->best, t->m.p, t->m.size * sizeof *t->best);
    if (t->nheld)
        fprintf(log, "epoch %3d/%d  held out %.6f\n", 0, o->epochs, rep->loss_start);
    for (int e = 0; e < o->epochs; e++) {
        double t0 = now_seconds(), rate = rate_at(o, e);
        shuffle(t->order, t->ntrain, &rng);     /* the held-out ones stay in place */
        double error = train_epoch(t, k, rate, o);
        double held = held_out_error(t, k);
        if (t->nheld && held < best) {
            best = held;
            best_epoch = e + 1;
            memcpy(t->best, t->m.p, t->m.size * sizeof *t->best);
        }
        fprintf(log, "epoch %3d/%d  rate %.2g  error %.6f", e + 1, o->epochs, rate, error);
        if (t->nheld)
            fprintf(log, "  held out %.6f", held);
        fprintf(log, "  %.1f s\n", now_seconds() - t0);
        fflush(log);
    }
    /* the net that predicts unseen positions best, not the one that learnt
       the training positions by heart */
    if (t->nheld) {
        memcpy(t->m.p, t->best, t->m.size * sizeof *t->best);
        if (best_epoch)
            fprintf(log, "Keeping epoch %d's weights (held-out error %.6f)\n", best_epoch, best);
        else
            fprintf(log, "Keeping the --init network's weights (held-out error %.6f): no epoch "
                    "did better\n", best);
    }
    rep->best_epoch = t->nheld ? best_epoch : o->epochs;
    rep->loss_end = t->nheld ? best : 0;
}

/* The float net for `shape`, from `init` or random by the seed; the
 * trainer takes `order` (ntrain training samples, then nheld held out). */
static bool trainer_init(Trainer *t, const NnueNet *shape, const NnueNet *init, const Samples *s,
                         uint32_t *order, size_t ntrain, const TrainOptions *o)
{
    memset(t, 0, sizeof *t);
    t->order = order;
    t->ntrain = ntrain;
    t->nheld = s->n - ntrain;
    t->threads = o->threads < 1 ? 1
               : o->threads > TRAIN_THREADS_MAX ? TRAIN_THREADS_MAX : o->threads;
    t->m.nf = shape->nfeatures;
    t->m.h = shape->hidden;
    t->m.nb = shape->buckets;
    t->m.act = shape->activation;
    t->m.wq = train_out_scale(shape->activation, shape->qa, shape->qb);
    t->m.size = (size_t)t->m.nf * t->m.h + (size_t)t->m.h
                + (size_t)t->m.nb * (2 * (size_t)t->m.h + 1);
    t->m.p = malloc(t->m.size * sizeof *t->m.p);
    t->adam.mom = calloc(t->m.size, sizeof *t->adam.mom);
    t->adam.vel = calloc(t->m.size, sizeof *t->adam.vel);
    t->best = malloc(t->m.size * sizeof *t->best);
    bool ok = t->m.p && t->adam.mom && t->adam.vel && t->best;
    for (int i = 0; i < t->threads && ok; i++) {
        t->jobs[i].m = &t->m;
        t->jobs[i].s = s;
        t->jobs[i].order = t->order;
        t->jobs[i].grad = malloc(t->m.size * sizeof(float));
        ok = t->jobs[i].grad != NULL;
    }
    if (ok && init)
        train_model_from_net(&t->m, init);
    else if (ok)
        train_model_init(&t->m, o->seed);
    return ok;
}

/* The samples' indices, the training ones first (in the data's order),
 * then the held-out ones; NULL when every sample is held out. */
static uint32_t *split(const Samples *s, size_t *ntrain)
{
    uint32_t *order = alloc_realloc(NULL, (s->n + 1) * sizeof *order);
    size_t k = 0;
    for (int held = 0; held < 2; held++)
        for (size_t i = 0; i < s->n; i++)
            if (s->held[i] == held)
                order[k++] = (uint32_t)i;
    *ntrain = 0;
    while (*ntrain < s->n && !s->held[order[*ntrain]])
        ++*ntrain;
    return order;
}

typedef struct {
    int hidden, buckets, hand_slots, activation;
} Shape;

static void shape_text(const Shape *sh, char *buf, size_t size)
{
    snprintf(buf, size, "2x%d, %d output bucket%s, %d hand slots, %s", sh->hidden, sh->buckets,
             sh->buckets == 1 ? "" : "s", sh->hand_slots, nnue_activation_name(sh->activation));
}

/* The run's shape: what the options give, the rest the --init net's or
 * the defaults.  False, after saying why, when the --init net's differs:
 * weights cannot go on training in another shape. */
static bool run_shape(const Variant *v, const TrainOptions *o, const NnueNet *init, Shape *sh,
                      FILE *log)
{
    sh->hidden = o->hidden ? o->hidden : init ? init->hidden : 256;
    sh->buckets = o->buckets ? o->buckets : init ? init->buckets : 1;
    sh->hand_slots = o->hand_slots >= 0 ? o->hand_slots
                   : init ? init->hand_slots : nnue_default_hand_slots(v);
    sh->activation = o->activation >= 0 ? o->activation : init ? (int)init->activation
                                                              : NNUE_CRELU;
    if (!init)
        return true;
    Shape file = { init->hidden, init->buckets, init->hand_slots, init->activation };
    if (memcmp(&file, sh, sizeof file) == 0)
        return true;
    char a[128], b[128];
    shape_text(&file, a, sizeof a);
    shape_text(sh, b, sizeof b);
    fprintf(log, "menagerie train: --init %s is a network of %s, but this run asks for %s; "
            "a network cannot go on training in another shape (leave out the options that "
            "differ to take the file's)\n", o->init, a, b);
    return false;
}

/* The empty net the run fills, its shape checked against --init's; NULL
 * after saying why. */
static NnueNet *run_net(const Variant *v, const TrainOptions *o, NnueNet **init, FILE *log)
{
    char err[512];
    *init = NULL;
    if (o->init) {
        *init = nnue_load(o->init, v, NULL, err, sizeof err);
        if (!*init) {
            fprintf(log, "menagerie train: --init %s\n", err);
            return NULL;
        }
    }
    Shape sh;
    if (!run_shape(v, o, *init, &sh, log))
        return NULL;
    NnueNet *net = nnue_net_create(v, sh.hidden, sh.hand_slots, sh.buckets, TRAIN_QA, TRAIN_QB,
                                   TRAIN_SCALE);
    if (!net) {
        fprintf(log, "menagerie train: out of memory (or an impossible shape)\n");
        return NULL;
    }
    net->activation = (NnueActivation)sh.activation;
    if (*init && init[0]->flip != net->flip) {
        fprintf(log, "menagerie train: --init %s turns Black's view another way than this "
                "program does for %s\n", o->init, v->name);
        nnue_net_free(net);
        return NULL;
    }
    return net;
}

/* The data's positions as samples for net's features; false after
 * saying why (a file unread, no position at all). */
static bool read_samples(const Variant *v, const TrainOptions *o, const NnueNet *net, Samples *s,
                         FILE *log, TrainReport *rep)
{
    memset(s, 0, sizeof *s);
    if (o->mirror && !train_mirrorable(v)) {
        fprintf(log, "menagerie train: --mirror: %s's board is not the same mirrored\n",
                v->name);
        return false;
    }
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(log, "menagerie train: out of memory\n");
        return false;
    }
    Collector col = { .s = s, .shape = net, .et = et, .mirror = o->mirror,
                      .validation = o->validation };
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
    if (rc == 0 && s->n == 0)
        fprintf(log, "menagerie train: no positions in the data\n");
    return rc == 0 && s->n > 0;
}

static void say_plan(const NnueNet *net, const TrainOptions *o, FILE *log,
                     const TrainReport *rep)
{
    fprintf(log, "%ld positions, %ld held out, %d features -> 2x%d -> 1", rep->positions,
            rep->held_out, net->nfeatures, net->hidden);
    if (net->buckets > 1)
        fprintf(log, " (%d output buckets)", net->buckets);
    if (net->activation != NNUE_CRELU)
        fprintf(log, " %s", nnue_activation_name(net->activation));
    fprintf(log, ", K = %.6f, %d thread%s", rep->k, o->threads, o->threads == 1 ? "" : "s");
    if (o->init)
        fprintf(log, ", from %s", o->init);
    fputc('\n', log);
    if (rep->held_out)
        fprintf(log, "The classical evaluation's error on the held-out positions: %.6f\n",
                rep->classical);
}

NnueNet *train_run(const Variant *v, const TrainOptions *o, FILE *log, TrainReport *rep)
{
    memset(rep, 0, sizeof *rep);
    NnueNet *init, *net = run_net(v, o, &init, log);
    Samples s;
    if (!net || !read_samples(v, o, net, &s, log, rep)) {
        if (net)
            train_samples_free(&s);
        nnue_net_free(net);
        nnue_net_free(init);
        return NULL;
    }
    size_t ntrain;
    uint32_t *order = split(&s, &ntrain);
    rep->positions = (long)ntrain;
    rep->held_out = (long)(s.n - ntrain);
    rep->k = o->k > 0 ? o->k : ntrain ? fit_k(&s, order, ntrain, log) : 0;
    Trainer t;
    bool ok = ntrain > 0 && trainer_init(&t, net, init, &s, order, ntrain, o);
    if (!ok) {
        if (ntrain == 0)
            fprintf(log, "menagerie train: all %zu positions are held out (--validation)\n", s.n);
        else
            fprintf(log, "menagerie train: out of memory\n");
        if (ntrain == 0)
            free(order);
        else
            trainer_free(&t);
        train_samples_free(&s);
        nnue_net_free(net);
        nnue_net_free(init);
        return NULL;
    }
    set_targets(&s, rep->k, o->lambda);
    rep->classical = classical_error(&s, order + ntrain, s.n - ntrain, rep->k);
    say_plan(net, o, log, rep);
    train_epochs(&t, rep->k, init != NULL, o, log, rep);
    train_quantise(&t.m, net);
    size_t lo = rep->held_out ? ntrain : 0, n = rep->held_out ? s.n - ntrain : ntrain;
    train_measure_rounding(&t.m, net, &s, order + lo, n, rep);
    fprintf(log, "Rounded to integers: %.2f cp from the float net on average, %.0f at most\n",
            rep->quant_mean, rep->quant_max);
    trainer_free(&t);
    train_samples_free(&s);
    nnue_net_free(init);
    return net;
}
