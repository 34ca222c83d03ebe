/*
 * train_model.c — the float net, its gradient and its rounding
 * (train_model.h).
 *
 * Each mini-batch is split between the threads, each summing its
 * gradient in its own buffer; the buffers are added in a fixed order, so
 * a seed and a thread count give the same net every time.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "commands/train_model.h"
#include "util/alloc.h"

#define W1_LIMIT   1.27f            /* |w1|, |b1|: ~100 features keep int16 sums */
#define B2_LIMIT   5.0f              /* 2000 cp */

#define ADAM_B1  0.9
#define ADAM_B2  0.999
#define ADAM_EPS 1e-8

/* ---- the float net ---------------------------------------------------------------- */

static float uniform(uint64_t *rng, float r)
{
    return (float)((train_splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0) * 2 - 1) * r;
}

/* Accumulators start inside the clamp's slope (around 0.5), the output
 * near zero; every output bucket starts as the same layer (with one
 * bucket, the same start as before buckets). */
void train_model_init(Model *m, uint64_t seed)
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

double train_out_scale(NnueActivation act, int qa, int qb)
{
    return act == NNUE_SCRELU ? qb * 256.0 / qa : qb;
}

void train_model_from_net(Model *m, const NnueNet *net)
{
    double qa = net->qa, qb = net->qb;
    double wq = train_out_scale(net->activation, net->qa, net->qb);
    for (size_t i = 0; i < (size_t)m->nf * m->h; i++)
        w1(m)[i] = (float)(net->ft_weight[i] / qa);
    for (int i = 0; i < m->h; i++)
        b1(m)[i] = (float)(net->ft_bias[i] / qa);
    for (size_t i = 0; i < (size_t)m->nb * 2 * m->h; i++)
        w2(m)[i] = (float)(net->out_weight[i] / wq);
    for (int b = 0; b < m->nb; b++)
        b2(m)[b] = (float)(net->out_bias[b] / (qa * qb));
}

static float w2_limit(const Model *m)
{
    /* the integer output sum must fit int32 with room to spare */
    double q = (double)INT32_MAX / 2 / (2.0 * m->h * TRAIN_QA);
    if (q > INT16_MAX)
        q = INT16_MAX;
    return (float)(q / m->wq);
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
    if (m->act == NNUE_SCRELU)
        for (int j = 0; j < 2 * m->h; j++) {
            float x = clamp01(acc[j]);
            y += x * x * w[j];
        }
    else
        for (int j = 0; j < 2 * m->h; j++)
            y += clamp01(acc[j]) * w[j];
    return y;
}

/* The evaluation of sample i in centipawns (side to move). */
double train_float_eval(const Model *m, const Samples *s, size_t i, float *acc)
{
    accumulate(m, s, i, acc);
    return (double)output(m, acc, s->bucket[i]) * TRAIN_SCALE;
}

/* The squared error of sample i; with grad, its gradient is added. */
static double sample_step(const Model *m, const Samples *s, size_t i, double k, float *grad,
                          float *acc)
{
    double e = train_float_eval(m, s, i, acc);
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
    bool sq = m->act == NNUE_SCRELU;
    for (int half = 0; half < 2; half++) {
        float *a = acc + half * h;
        for (int j = 0; j < h; j++) {
            float x = a[j], c = clamp01(x);
            gw2[half * h + j] += dy * (sq ? c * c : c);
            float slope = x > 0 && x < 1 ? (sq ? 2 * c : 1) : 0;
            a[j] = slope * dy * w[half * h + j];        /* now the gradient */
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

double train_run_jobs(Job *jobs, int threads, size_t lo, size_t hi)
{
    pthread_t id[TRAIN_THREADS_MAX];
    bool started[TRAIN_THREADS_MAX] = { false };
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

/* One step of Adam.  Weight decay is decoupled from the gradient (AdamW):
 * weights, not biases, shrink by rate * decay, so that features seen in few
 * games do not keep the large weights that fit those games alone. */
void train_adam_step(Model *m, Adam *a, const float *grad, double scale, double rate,
                      double decay)
{
    a->step++;
    double c1 = 1 - pow(ADAM_B1, (double)a->step), c2 = 1 - pow(ADAM_B2, (double)a->step);
    size_t nw1 = (size_t)m->nf * m->h, nb1 = nw1 + m->h, nw2 = nb1 + (size_t)m->nb * 2 * m->h;
    float lim2 = w2_limit(m);
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

/* ---- quantising --------------------------------------------------------------------------- */

static int16_t round16(double x)
{
    double r = nearbyint(x);
    return (int16_t)(r > INT16_MAX ? INT16_MAX : r < INT16_MIN ? INT16_MIN : r);
}

void train_quantise(const Model *m, NnueNet *net)
{
    for (size_t i = 0; i < (size_t)m->nf * m->h; i++)
        net->ft_weight[i] = round16(w1(m)[i] * TRAIN_QA);
    for (int i = 0; i < m->h; i++)
        net->ft_bias[i] = round16(b1(m)[i] * TRAIN_QA);
    for (size_t i = 0; i < (size_t)m->nb * 2 * m->h; i++)
        net->out_weight[i] = round16(w2(m)[i] * m->wq);
    for (int b = 0; b < m->nb; b++)
        net->out_bias[b] = (int32_t)nearbyint((double)b2(m)[b] * TRAIN_QA * TRAIN_QB);
}

void train_measure_rounding(const Model *m, const NnueNet *net, const Samples *s,
                            const uint32_t *idx, size_t n, TrainReport *rep)
{
    int h = m->h, features[NNUE_MAX_ACTIVE];
    float *acc = alloc_realloc(NULL, 2 * (size_t)h * sizeof *acc);
    int16_t *iacc = alloc_realloc(NULL, 2 * (size_t)h * sizeof *iacc);
    double sum = 0, worst = 0;
    for (size_t x = 0; x < n; x++) {
        size_t i = idx[x];
        double fe = train_float_eval(m, s, i, acc);
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
    rep->quant_mean = n ? sum / (double)n : 0;
    rep->quant_max = worst;
    free(acc);
    free(iacc);
}

