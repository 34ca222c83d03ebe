/*
 * train.c — training a neural evaluation (see train.h).
 *
 * The float net mirrors the integer one of board/nnue.c: per side an
 * accumulator b1 + sum of w1 rows, clamp to [0, 1], then b2 + w2 . (us,
 * them); the output times TRAIN_SCALE is centipawns.  Each mini-batch is
 * split between the threads, each summing its gradient in its own
 * buffer; the buffers are added in a fixed order, so a seed and a thread
 * count give the same net every time.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands/train.h"
#include "commands/training_data.h"
#include "search/eval.h"
#include "util/alloc.h"
#include "util/number.h"

#define K_MIN      1e-4
#define K_MAX      0.1
#define K_DEFAULT  0.005756         /* ln(10)/400 */
#define MAX_THREADS 64
#define HELD_OUT_SHARE 20           /* one position in this many, the last ones */
#define W1_LIMIT   1.27f            /* |w1|, |b1|: ~100 features keep int16 sums */
#define B2_LIMIT   5.0f              /* 2000 cp */

#define ADAM_B1  0.9
#define ADAM_B2  0.999
#define ADAM_EPS 1e-8

/* ---- the positions ------------------------------------------------------------ */

typedef struct {
    size_t n, cap;
    size_t nfeat, featcap;
    size_t *first;          /* [n]: where its features start in feat */
    uint16_t *count;        /* [n]: active features per view */
    uint16_t *feat;         /* per position: white's view, then black's */
    uint8_t *stm;
    uint8_t *bucket;        /* [n]: the output bucket */
    float *score, *result;  /* white's view */
    float *classical;       /* the classical evaluation, side to move's view */
    float *target;          /* side to move's view, after K */
} Samples;

typedef struct {
    Samples *s;
    const NnueNet *shape;   /* the features' layout */
    const EvalTables *et;   /* the classical evaluation, to compare with */
    bool mirror;            /* each position again, left and right swapped */
    int buf[NNUE_MAX_ACTIVE];
} Collector;

static void samples_free(Samples *s)
{
    free(s->first);
    free(s->count);
    free(s->feat);
    free(s->stm);
    free(s->bucket);
    free(s->score);
    free(s->result);
    free(s->classical);
    free(s->target);
}

/* The active features of pos as `view` sees it, with every square's file
 * mirrored when `mirror` (nnue_active_features otherwise). */
static int features(const NnueNet *net, const Position *pos, int view, bool mirror, int *out)
{
    if (!mirror)
        return nnue_active_features(net, pos, view, out);
    int n = 0, files = net->files;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->nlist[c]; i++) {
            int sq = pos->list[c][i], f = sq % files;
            out[n++] = nnue_piece_feature(net, view, pos->board[sq], sq - f + files - 1 - f);
        }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < net->ntypes; t++)
            for (int k = 0; k < pos->hand[c][t] && k < net->hand_slots; k++)
                out[n++] = nnue_hand_feature(net, view, c, t, k);
    return n;
}

static void add_sample(Collector *c, const Position *pos, int score, double result,
                       int classical, bool mirror)
{
    Samples *s = c->s;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        s->first = alloc_realloc(s->first, s->cap * sizeof *s->first);
        s->count = alloc_realloc(s->count, s->cap * sizeof *s->count);
        s->stm = alloc_realloc(s->stm, s->cap * sizeof *s->stm);
        s->bucket = alloc_realloc(s->bucket, s->cap * sizeof *s->bucket);
        s->score = alloc_realloc(s->score, s->cap * sizeof *s->score);
        s->result = alloc_realloc(s->result, s->cap * sizeof *s->result);
        s->classical = alloc_realloc(s->classical, s->cap * sizeof *s->classical);
    }
    if (s->nfeat + 2 * NNUE_MAX_ACTIVE > s->featcap) {
        s->featcap = s->featcap ? 2 * s->featcap : 1 << 20;
        s->feat = alloc_realloc(s->feat, s->featcap * sizeof *s->feat);
    }
    size_t i = s->n++;
    s->first[i] = s->nfeat;
    for (int view = 0; view < 2; view++) {
        int n = features(c->shape, pos, view, mirror, c->buf);
        for (int k = 0; k < n; k++)
            s->feat[s->nfeat++] = (uint16_t)c->buf[k];
        s->count[i] = (uint16_t)n;
    }
    s->stm[i] = (uint8_t)pos->side;
    s->bucket[i] = (uint8_t)nnue_bucket(c->shape, pos);
    s->score[i] = (float)score;
    s->result[i] = (float)result;
    s->classical[i] = (float)classical;
}

static bool collect(void *ctx, const Position *pos, int score, double result)
{
    Collector *c = ctx;
    int classical = eval_position(c->et, pos);
    add_sample(c, pos, score, result, classical, false);
    if (c->mirror)
        add_sample(c, pos, score, result, classical, true);
    return true;
}

/* Is the board the same mirrored left to right (its holes)? */
static bool mirrorable(const Variant *v)
{
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        int f = sq % v->files;
        if (!v->geom.hole[sq] != !v->geom.hole[sq - f + v->files - 1 - f])
            return false;
    }
    return true;
}

/* The features of sample i as `view` sees it. */
static inline const uint16_t *features_of(const Samples *s, size_t i, int view)
{
    return s->feat + s->first[i] + (view == WHITE ? 0 : s->count[i]);
}

/* ---- the float net ---------------------------------------------------------------- */

typedef struct {
    int nf, h, nb;
    size_t size;            /* all the parameters */
    float *p;               /* w1 [nf][h], b1 [h], w2 [nb][2h], b2 [nb] */
} Model;

static inline float *w1(const Model *m) { return m->p; }
static inline float *b1(const Model *m) { return m->p + (size_t)m->nf * m->h; }
static inline float *w2(const Model *m) { return b1(m) + m->h; }
static inline float *b2(const Model *m) { return w2(m) + (size_t)m->nb * 2 * m->h; }

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static float uniform(uint64_t *rng, float r)
{
    return (float)((splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0) * 2 - 1) * r;
}

/* Accumulators start inside the clamp's slope (around 0.5), the output
 * near zero; every output bucket starts as the same layer (with one
 * bucket, the same start as before buckets). */
static void model_init(Model *m, uint64_t seed)
{
    uint64_t rng = seed;
    for (size_t i = 0; i < (size_t)m->nf * m->h; i++)
        w1(m)[i] = uniform(&rng, 0.1f);
    for (int i = 0; i < m->h; i++)
        b1(m)[i] = 0.5f;
    float r = 1.0f / sqrtf(2.0f * m->h);
    for (int i = 0; i < 2 * m->h; i++)
        w2(m)[i] = uniform(&rng, r);
    for (int b = 1; b < m->nb; b++)
        memcpy(w2(m) + (size_t)b * 2 * m->h, w2(m), 2 * (size_t)m->h * sizeof(float));
    for (int b = 0; b < m->nb; b++)
        b2(m)[b] = 0;
}

static float w2_limit(int hidden)
{
    /* the integer output sum must fit int32 with room to spare */
    double q = (double)INT32_MAX / 2 / (2.0 * hidden * TRAIN_QA);
    if (q > INT16_MAX)
        q = INT16_MAX;
    return (float)(q / TRAIN_QB);
}

/* ---- forward and backward ----------------------------------------------------------- */

static inline float clamp01(float x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The two accumulators of sample i (the side to move's first). */
static void accumulate(const Model *m, const Samples *s, size_t i, float *acc)
{
    int h = m->h, stm = s->stm[i];
    for (int half = 0; half < 2; half++) {
        float *a = acc + half * h;
        const uint16_t *f = features_of(s, i, half == 0 ? stm : !stm);
        memcpy(a, b1(m), (size_t)h * sizeof *a);
        for (int k = 0; k < s->count[i]; k++) {
            const float *row = w1(m) + (size_t)f[k] * h;
            for (int c = 0; c < h; c += NNUE_CHUNK)
                for (int j = c; j < c + NNUE_CHUNK; j++)
                    a[j] += row[j];
        }
    }
}

static float output(const Model *m, const float *acc, int bucket)
{
    float y = b2(m)[bucket];
    const float *w = w2(m) + (size_t)bucket * 2 * m->h;
    for (int j = 0; j < 2 * m->h; j++)
        y += clamp01(acc[j]) * w[j];
    return y;
}

static inline double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

/* The evaluation of sample i in centipawns (side to move). */
static double float_eval(const Model *m, const Samples *s, size_t i, float *acc)
{
    accumulate(m, s, i, acc);
    return (double)output(m, acc, s->bucket[i]) * TRAIN_SCALE;
}

/* The squared error of sample i; with grad, its gradient is added. */
static double sample_step(const Model *m, const Samples *s, size_t i, double k, float *grad,
                          float *acc)
{
    double e = float_eval(m, s, i, acc);
    double p = sigmoid(k * e), t = s->target[i];
    if (!grad)
        return (p - t) * (p - t);
    int h = m->h, stm = s->stm[i], bucket = s->bucket[i];
    float dy = (float)(2 * (p - t) * p * (1 - p) * k * TRAIN_SCALE);
    float *gw1 = grad, *gb1 = grad + (size_t)m->nf * h, *gw2 = gb1 + h;
    float *gb2 = gw2 + (size_t)m->nb * 2 * h;
    gw2 += (size_t)bucket * 2 * h;
    const float *w = w2(m) + (size_t)bucket * 2 * h;
    gb2[bucket] += dy;
    for (int half = 0; half < 2; half++) {
        float *a = acc + half * h;
        for (int j = 0; j < h; j++) {
            float x = a[j];
            gw2[half * h + j] += dy * clamp01(x);
            a[j] = x > 0 && x < 1 ? dy * w[half * h + j] : 0;   /* now the gradient */
            gb1[j] += a[j];
        }
        const uint16_t *f = features_of(s, i, half == 0 ? stm : !stm);
        for (int k2 = 0; k2 < s->count[i]; k2++) {
            float *row = gw1 + (size_t)f[k2] * h;
            for (int c = 0; c < h; c += NNUE_CHUNK)
                for (int j = c; j < c + NNUE_CHUNK; j++)
                    row[j] += a[j];
        }
    }
    return (p - t) * (p - t);
}

/* ---- threads ------------------------------------------------------------------------ */

typedef struct {
    const Model *m;
    const Samples *s;
    const uint32_t *order;
    size_t lo, hi;
    double k;
    float *grad;            /* NULL: the error only */
    double error;
} Job;

static void *run_job(void *arg)
{
    Job *j = arg;
    float *acc = alloc_realloc(NULL, 2 * (size_t)j->m->h * sizeof *acc);
    if (j->grad)
        memset(j->grad, 0, j->m->size * sizeof *j->grad);
    j->error = 0;
    for (size_t x = j->lo; x < j->hi; x++)
        j->error += sample_step(j->m, j->s, j->order[x], j->k, j->grad, acc);
    free(acc);
    return NULL;
}

/* Run order[lo, hi) split between the jobs; returns the summed error,
 * the gradients summed into jobs[0].grad. */
static double run_jobs(Job *jobs, int threads, size_t lo, size_t hi)
{
    pthread_t id[MAX_THREADS];
    bool started[MAX_THREADS] = { false };
    size_t n = hi - lo;
    for (int t = 0; t < threads; t++) {
        jobs[t].lo = lo + n * (size_t)t / (size_t)threads;
        jobs[t].hi = lo + n * (size_t)(t + 1) / (size_t)threads;
        if (t > 0)
            started[t] = pthread_create(&id[t], NULL, run_job, &jobs[t]) == 0;
    }
    run_job(&jobs[0]);
    double error = jobs[0].error;
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(id[t], NULL);
        else
            run_job(&jobs[t]);
        error += jobs[t].error;
        if (jobs[0].grad)
            for (size_t i = 0; i < jobs[0].m->size; i++)
                jobs[0].grad[i] += jobs[t].grad[i];
    }
    return error;
}

/* ---- Adam ---------------------------------------------------------------------------- */

typedef struct {
    double *mom, *vel;
    long step;
} Adam;

/* One step of Adam.  Weight decay is decoupled from the gradient (AdamW):
 * weights, not biases, shrink by rate * decay, so that features seen in few
 * games do not keep the large weights that fit those games alone. */
static void adam_step(Model *m, Adam *a, const float *grad, double scale, double rate,
                      double decay)
{
    a->step++;
    double c1 = 1 - pow(ADAM_B1, (double)a->step), c2 = 1 - pow(ADAM_B2, (double)a->step);
    size_t nw1 = (size_t)m->nf * m->h, nb1 = nw1 + m->h, nw2 = nb1 + (size_t)m->nb * 2 * m->h;
    float lim2 = w2_limit(m->h);
    float keep = rate * decay < 1 ? (float)(1 - rate * decay) : 0;   /* never flips a sign */
    for (size_t i = 0; i < m->size; i++) {
        double g = grad[i] * scale;
        a->mom[i] = ADAM_B1 * a->mom[i] + (1 - ADAM_B1) * g;
        a->vel[i] = ADAM_B2 * a->vel[i] + (1 - ADAM_B2) * g * g;
        bool is_weight = i < nw1 || (i >= nb1 && i < nw2);
        float x = (is_weight ? m->p[i] * keep : m->p[i])
                  - (float)(rate * (a->mom[i] / c1) / (sqrt(a->vel[i] / c2) + ADAM_EPS));
        float lim = i < nb1 ? W1_LIMIT : i < nw2 ? lim2 : B2_LIMIT;
        m->p[i] = x > lim ? lim : x < -lim ? -lim : x;
    }
}

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
    double a = log(K_MIN), b = log(K_MAX);
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
    if (k < K_MIN * 1.01 || k > K_MAX * 0.99) {
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

/* ---- quantising --------------------------------------------------------------------------- */

static int16_t round16(double x)
{
    double r = nearbyint(x);
    return (int16_t)(r > INT16_MAX ? INT16_MAX : r < INT16_MIN ? INT16_MIN : r);
}

static void quantise(const Model *m, NnueNet *net)
{
    for (size_t i = 0; i < (size_t)m->nf * m->h; i++)
        net->ft_weight[i] = round16(w1(m)[i] * TRAIN_QA);
    for (int i = 0; i < m->h; i++)
        net->ft_bias[i] = round16(b1(m)[i] * TRAIN_QA);
    for (size_t i = 0; i < (size_t)m->nb * 2 * m->h; i++)
        net->out_weight[i] = round16(w2(m)[i] * TRAIN_QB);
    for (int b = 0; b < m->nb; b++)
        net->out_bias[b] = (int32_t)nearbyint((double)b2(m)[b] * TRAIN_QA * TRAIN_QB);
}

/* How far the integer net is from the float one on samples [lo, hi). */
static void measure_rounding(const Model *m, const NnueNet *net, const Samples *s, size_t lo,
                             size_t hi, TrainReport *rep)
{
    int h = m->h, features[NNUE_MAX_ACTIVE];
    float *acc = alloc_realloc(NULL, 2 * (size_t)h * sizeof *acc);
    int16_t *iacc = alloc_realloc(NULL, 2 * (size_t)h * sizeof *iacc);
    double sum = 0, worst = 0;
    for (size_t i = lo; i < hi; i++) {
        double fe = float_eval(m, s, i, acc);
        for (int half = 0; half < 2; half++) {
            const uint16_t *f = features_of(s, i, half == 0 ? s->stm[i] : !s->stm[i]);
            for (int k = 0; k < s->count[i]; k++)
                features[k] = f[k];
            nnue_accumulate(net, features, s->count[i], iacc + half * h);
        }
        double d = fabs(nnue_output(net, iacc, iacc + h, s->bucket[i]) - fe);
        sum += d;
        worst = d > worst ? d : worst;
    }
    rep->quant_mean = hi > lo ? sum / (double)(hi - lo) : 0;
    rep->quant_max = worst;
    free(acc);
    free(iacc);
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
        size_t j = (size_t)(splitmix64(rng) % i);
        uint32_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

typedef struct {
    Model m;
    Adam adam;
    Job jobs[MAX_THREADS];
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
    float *grads[MAX_THREADS];
    for (int i = 0; i < t->threads; i++) {
        grads[i] = t->jobs[i].grad;
        t->jobs[i].grad = NULL;
        t->jobs[i].k = k;
    }
    double e = run_jobs(t->jobs, t->threads, lo, hi) / (double)(hi - lo);
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
            train_error += run_jobs(t->jobs, t->threads, lo, hi);
            adam_step(&t->m, &t->adam, t->jobs[0].grad, 1.0 / (double)(hi - lo), rate,
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
    t->threads = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
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
        model_init(&t->m, o->seed);
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
    if (o->mirror && !mirrorable(v)) {
        fprintf(log, "menagerie train: --mirror: %s's board is not the same mirrored\n",
                v->name);
        eval_tables_destroy(et);
        nnue_net_free(net);
        return NULL;
    }
    Collector col = { &s, net, et, o->mirror, { 0 } };
    TrainingReader r = { .v = v, .log = log, .command = "train", .unique = true,
                         .pos = alloc_realloc(NULL, sizeof(Position)) };
    int rc = training_data_read(&r, o->files, o->nfiles, collect, &col);
    free(r.pos);
    eval_tables_destroy(et);
    rep->malformed = r.malformed;
    if (r.malformed)
        fprintf(log, "%ld malformed lines skipped\n", r.malformed);
    if (rc != 0 || s.n == 0) {
        if (rc == 0)
            fprintf(log, "menagerie train: no positions in the data\n");
        samples_free(&s);
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
        samples_free(&s);
        nnue_net_free(net);
        return NULL;
    }
    train_epochs(&t, &s, ntrain, nheld, rep->k, o, log, rep);
    quantise(&t.m, net);
    size_t lo = nheld ? ntrain : 0, hi = nheld ? s.n : ntrain;
    measure_rounding(&t.m, net, &s, lo, hi, rep);
    fprintf(log, "Rounded to integers: %.2f cp from the float net on average, %.0f at most\n",
            rep->quant_mean, rep->quant_max);
    trainer_free(&t);
    samples_free(&s);
    return net;
}

/* ---- the command -------------------------------------------------------------------------- */

static const char USAGE[] =
    "usage: menagerie train -v VARIANT -o FILE [--hidden N] [--output-buckets N]\n"
    "                       [--epochs N] [--batch N] [--rate R] [--lambda L] [--k K]\n"
    "                       [--hand-slots N] [--threads N] [--seed S] [--mirror]\n"
    "                       [--weight-decay W] DATA...\n";

static const char HELP[] =
    "Train a neural evaluation (NNUE) of VARIANT on positions with search scores and game\n"
    "results (lines 'FEN | SCORE | RESULT', as menagerie datagen writes them).\n"
    "  -v, --variant VARIANT  the variant the network evaluates\n"
    "  -o, --output FILE      the network file to write (VARIANT.nnue to be found by name)\n"
    "  --hidden N             accumulator size per side, a multiple of 16 (default 256)\n"
    "  --output-buckets N     output layers chosen by the pieces on the board, 1 to 16\n"
    "                         (default 1)\n"
    "  --epochs N             passes over the data (default 10)\n"
    "  --batch N              positions per step (default 1024)\n"
    "  --rate R               Adam's step size at the start (default 0.003)\n"
    "  --lambda L             share of the game result in the target, 0..1 (default 0.5)\n"
    "  --k K                  sigmoid scale instead of fitting it\n"
    "  --hand-slots N         hand features per piece type and side (default 16 where\n"
    "                         pieces go to hand, else 0)\n"
    "  --threads N            threads (default 1)\n"
    "  --seed S               the random start (default 1)\n"
    "  --mirror               train on each position mirrored left to right as well\n"
    "  --weight-decay W       shrink the weights by W times the step each step (AdamW;\n"
    "                         default 0)\n"
    "See menagerie(6), NEURAL EVALUATION.\n";

static bool real_option(const char *name, const char *text, double lo, double hi, double *out)
{
    if (number_parse_real(text, lo, hi, out) == NUMBER_OK)
        return true;
    fprintf(stderr, "menagerie train: %s must be a number from %g to %g (got '%s')\n",
            name, lo, hi, text);
    return false;
}

static bool int_option(const char *name, const char *text, long long lo, long long hi,
                       long long *out)
{
    NumberStatus st = number_parse_int(text, lo, hi, out);
    if (st == NUMBER_OK)
        return true;
    char problem[96];
    fprintf(stderr, "menagerie train: %s '%s' %s\n", name, text,
            number_problem(st, lo, hi, problem, sizeof problem));
    return false;
}

typedef struct {
    const char *variant, *output;
} TrainCli;

/* The options; returns 0, 2 after a message, or -1 after --help. */
static int parse_options(int argc, char **argv, TrainOptions *o, TrainCli *cli)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "output", required_argument, NULL, 'o' },
        { "hidden", required_argument, NULL, 'H' },
        { "output-buckets", required_argument, NULL, 'B' },
        { "epochs", required_argument, NULL, 'e' },
        { "batch", required_argument, NULL, 'b' },
        { "rate", required_argument, NULL, 'r' },
        { "lambda", required_argument, NULL, 'l' },
        { "k", required_argument, NULL, 'k' },
        { "hand-slots", required_argument, NULL, 's' },
        { "threads", required_argument, NULL, 't' },
        { "seed", required_argument, NULL, 'S' },
        { "mirror", no_argument, NULL, 'm' },
        { "weight-decay", required_argument, NULL, 'w' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    int c;
    long long x = 0;
    bool ok = true;
    optind = 1;
    opterr = 0;
    while (ok && (c = getopt_long(argc, argv, "v:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'v': cli->variant = optarg; break;
        case 'o': cli->output = optarg; break;
        case 'H':
            ok = int_option("--hidden", optarg, NNUE_CHUNK, NNUE_HIDDEN_MAX, &x);
            if (ok && x % NNUE_CHUNK) {
                fprintf(stderr, "menagerie train: --hidden %lld is not a multiple of %d\n", x,
                        NNUE_CHUNK);
                ok = false;
            }
            o->hidden = (int)x;
            break;
        case 'B':
            ok = int_option("--output-buckets", optarg, 1, NNUE_BUCKETS_MAX, &x);
            o->buckets = (int)x;
            break;
        case 'e': ok = int_option("--epochs", optarg, 1, 100000, &x); o->epochs = (int)x; break;
        case 'b': ok = int_option("--batch", optarg, 1, 1 << 24, &x); o->batch = (int)x; break;
        case 'r': ok = real_option("--rate", optarg, 1e-7, 1, &o->rate); break;
        case 'l': ok = real_option("--lambda", optarg, 0, 1, &o->lambda); break;
        case 'k': ok = real_option("--k", optarg, K_MIN, K_MAX, &o->k); break;
        case 's':
            ok = int_option("--hand-slots", optarg, 0, NNUE_HAND_SLOTS_MAX, &x);
            o->hand_slots = (int)x;
            break;
        case 't':
            ok = int_option("--threads", optarg, 1, MAX_THREADS, &x);
            o->threads = (int)x;
            break;
        case 'S':
            ok = int_option("--seed", optarg, 0, INT64_MAX, &x);
            o->seed = (uint64_t)x;
            break;
        case 'm': o->mirror = true; break;
        case 'w': ok = real_option("--weight-decay", optarg, 0, 100, &o->decay); break;
        case 'h': fputs(USAGE, stdout); fputs(HELP, stdout); return -1;
        default:
            fprintf(stderr, "menagerie train: unknown option '%s'\n%s", argv[optind - 1], USAGE);
            return 2;
        }
    }
    if (!ok)
        return 2;
    if (!cli->variant || !cli->output || optind >= argc) {
        fprintf(stderr, "menagerie train: give -v VARIANT, -o FILE and data files\n%s", USAGE);
        return 2;
    }
    o->files = (const char *const *)argv + optind;
    o->nfiles = argc - optind;
    return 0;
}

int cmd_train(const VariantSet *set, int argc, char **argv)
{
    TrainOptions o;
    TrainCli cli = { NULL, NULL };
    train_default_options(&o);
    int rc = parse_options(argc, argv, &o, &cli);
    if (rc)
        return rc < 0 ? 0 : rc;
    const Variant *v = varset_find(set, cli.variant);
    if (!v || v->abstract) {
        fprintf(stderr, "menagerie: unknown variant '%s' (try 'menagerie list')\n", cli.variant);
        return 2;
    }
    /* A file that cannot be written is said before the work. */
    bool existed = access(cli.output, F_OK) == 0;
    FILE *probe = fopen(cli.output, "ab");
    if (!probe) {
        fprintf(stderr, "menagerie train: %s: %s\n", cli.output, strerror(errno));
        return 2;
    }
    fclose(probe);
    if (!existed)
        remove(cli.output);
    TrainReport rep;
    NnueNet *net = train_run(v, &o, stderr, &rep);
    if (!net)
        return 1;
    char err[512];
    rc = nnue_save(net, cli.output, err, sizeof err);
    if (rc)
        fprintf(stderr, "menagerie train: %s\n", err);
    else
        fprintf(stderr, "Wrote %s (held-out error %.6f -> %.6f)\n", cli.output, rep.loss_start,
                rep.loss_end);
    nnue_net_free(net);
    return rc ? 1 : 0;
}
