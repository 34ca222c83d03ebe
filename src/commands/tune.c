/*
 * tune.c — fitting the evaluation's weights to games (see tune.h).
 *
 * Every position becomes one row of a linear model of the evaluation:
 * a constant plus a sparse vector of coefficients over the weights being
 * tuned, exact at the starting weights (the trace records what the
 * evaluation really added, so the constant absorbs integer rounding, and
 * piece-square entries are expanded into the formula coefficients and
 * offsets they are made from).  Minimising over that model needs no
 * evaluation at all; at the end the real evaluation, rebuilt from the
 * tuned weights, is scored on the same data to check the fit.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog/eval_write.h"
#include "commands/training_data.h"
#include "commands/tune.h"
#include "notation/fen.h"
#include "util/alloc.h"
#include "util/diag.h"
#include "util/number.h"

#define MAX_THREADS   64
#define K_MIN         1e-4       /* the sigmoid scale is looked for in here */
#define K_MAX         0.1
#define K_DEFAULT     0.005756   /* ln(10)/400: 400 cp are odds of 10 to 1 */

/* ---- the weights being tuned ---------------------------------------------- */

typedef struct {
    int n;
    int *slot;              /* [n]: the EvalParams slot of each */
    int *index;             /* [EVAL_NSLOTS]: its index, or -1 when not tuned */
    double *start, *value;  /* [n] */
    bool *whole;            /* [n]: the evaluation adds it as an integer */
} Weights;

static void weights_init(Weights *w, const EvalTables *et, const Variant *v, const TuneOptions *o)
{
    uint8_t *matters = alloc_realloc(NULL, EVAL_NSLOTS);
    const double *start = eval_params_cslots(eval_tables_params(et));
    eval_weights_that_matter(et, v, matters);
    memset(w, 0, sizeof *w);
    w->index = alloc_realloc(NULL, EVAL_NSLOTS * sizeof *w->index);
    w->slot = alloc_realloc(NULL, EVAL_NSLOTS * sizeof *w->slot);
    for (int s = 0; s < EVAL_NSLOTS; s++)
        w->index[s] = -1;
    for (int i = 0; i < eval_param_ngroups; i++) {
        const EvalParamGroup *g = &eval_param_groups[i];
        if (!g->tuned || !o->group[i])
            continue;
        int ntypes = g->per_piece ? v->ntypes : 1;
        for (int t = 0; t < ntypes; t++)
            for (int k = 0; k < g->width; k++) {
                int s = eval_param_slot(g, t, k);
                if (matters[s]) {
                    w->index[s] = w->n;
                    w->slot[w->n++] = s;
                }
            }
    }
    w->start = alloc_realloc(NULL, (w->n + 1) * sizeof *w->start);
    w->value = alloc_realloc(NULL, (w->n + 1) * sizeof *w->value);
    w->whole = alloc_realloc(NULL, (w->n + 1) * sizeof *w->whole);
    for (int j = 0; j < w->n; j++) {
        int t, k;
        w->start[j] = w->value[j] = start[w->slot[j]];
        w->whole[j] = eval_param_group_of(w->slot[j], &t, &k)->integer;
    }
    free(matters);
}

static void weights_free(Weights *w)
{
    free(w->slot);
    free(w->index);
    free(w->start);
    free(w->value);
    free(w->whole);
}

/* ---- the linear model ----------------------------------------------------- */

typedef struct {
    size_t n, cap;
    size_t nnz, cap_nnz;
    size_t *start;          /* [n + 1]: the row's coefficients are start[i] .. start[i+1]-1 */
    uint32_t *col;          /* weight index */
    float *coef;
    double *base;           /* the evaluation when every tuned weight is 0 */
    float *score, *result;
    float *target;
} Rows;

/* What building the rows needs: the tables, the weights, scratch. */
typedef struct {
    const Variant *v;
    const EvalTables *et;
    Weights *w;
    Rows *rows;
    EvalTrace *trace;
    EvalPstFeatures *pst[2][MAX_PIECE_TYPES];   /* computed when first needed */
    double *dense[2];       /* [w->n]: this position's coefficients per phase */
    int *touched;           /* indices with a coefficient */
    int ntouched;
    uint8_t *seen;          /* [w->n] */
    double constant[2];
    long unusable;
} Builder;

static void touch(Builder *b, int j, int ph, double x)
{
    if (!b->seen[j]) {
        b->seen[j] = 1;
        b->touched[b->ntouched++] = j;
    }
    b->dense[ph][j] += x;
}

/* Weight `slot` times x in phase ph: a coefficient when tuned, else a
 * constant. */
static void add_weight(Builder *b, int slot, int ph, double x)
{
    const double *start = eval_params_cslots(eval_tables_params(b->et));
    int j = slot >= 0 ? b->w->index[slot] : -1;
    if (j < 0)
        return;          /* its part stays in the constant */
    touch(b, j, ph, x);
    b->constant[ph] -= x * start[slot];
}

/* A piece-square entry read with `sign`: it is made from the formula
 * weights and the offset, which take over from the constant. */
static void add_pst_entry(Builder *b, int entry, int ph, double sign)
{
    int c = entry / (MAX_PIECE_TYPES * MAX_SQUARES);
    int t = entry / MAX_SQUARES % MAX_PIECE_TYPES, sq = entry % MAX_SQUARES;
    if (!b->pst[c][t]) {
        b->pst[c][t] = alloc_realloc(NULL, MAX_SQUARES * sizeof *b->pst[c][t]);
        eval_pst_features(b->et, b->v, c, t, b->pst[c][t]);
    }
    const EvalPstFeatures *f = &b->pst[c][t][sq];
    if (!f->used)
        return;
    if (!f->clamped[ph])
        for (int k = 0; k < f->n; k++)
            add_weight(b, f->feature[k].slot[ph], ph, sign * f->feature[k].x);
    add_weight(b, f->offset_slot[ph], ph, sign);
}

static void rows_push(Rows *r, double base, int score, double result)
{
    if (r->n + 1 >= r->cap) {
        r->cap = r->cap ? 2 * r->cap : 1024;
        r->start = alloc_realloc(r->start, (r->cap + 1) * sizeof *r->start);
        r->base = alloc_realloc(r->base, r->cap * sizeof *r->base);
        r->score = alloc_realloc(r->score, r->cap * sizeof *r->score);
        r->result = alloc_realloc(r->result, r->cap * sizeof *r->result);
    }
    if (r->n == 0)
        r->start[0] = 0;
    r->base[r->n] = base;
    r->score[r->n] = (float)score;
    r->result[r->n] = (float)result;
    r->n++;
    r->start[r->n] = r->nnz;
}

static void rows_coef(Rows *r, int j, double x)
{
    if (r->nnz >= r->cap_nnz) {
        r->cap_nnz = r->cap_nnz ? 2 * r->cap_nnz : 16384;
        r->col = alloc_realloc(r->col, r->cap_nnz * sizeof *r->col);
        r->coef = alloc_realloc(r->coef, r->cap_nnz * sizeof *r->coef);
    }
    r->col[r->nnz] = (uint32_t)j;
    r->coef[r->nnz] = (float)x;
    r->nnz++;
}

/* One position: its trace, blended by its phase, becomes a row. */
static bool add_position(void *ctx, const Position *pos, int score, double result)
{
    Builder *b = ctx;
    EvalTrace *tr = b->trace;
    eval_trace(b->et, pos, tr);
    if (tr->overflow || tr->clamped) {
        b->unusable++;
        return true;
    }
    b->constant[0] = b->constant[1] = 0;
    for (int i = 0; i < tr->n; i++) {
        const EvalTraceTerm *x = &tr->term[i];
        for (int ph = 0; ph < 2; ph++) {
            b->constant[ph] += x->value[ph];
            if (x->slot[ph] >= EVAL_NSLOTS)
                add_pst_entry(b, x->slot[ph] - EVAL_NSLOTS, ph, x->coef[ph]);
            else
                add_weight(b, x->slot[ph], ph, x->coef[ph]);
        }
    }
    double mg = tr->phase / 256.0 / tr->divisor, eg = (256 - tr->phase) / 256.0 / tr->divisor;
    for (int i = 0; i < b->ntouched; i++) {
        int j = b->touched[i];
        double x = mg * b->dense[0][j] + eg * b->dense[1][j];
        if (x != 0)
            rows_coef(b->rows, j, x);
        b->dense[0][j] = b->dense[1][j] = 0;
        b->seen[j] = 0;
    }
    b->ntouched = 0;
    rows_push(b->rows, mg * b->constant[0] + eg * b->constant[1], score, result);
    return true;
}

static void rows_free(Rows *r)
{
    free(r->start);
    free(r->col);
    free(r->coef);
    free(r->base);
    free(r->score);
    free(r->result);
    free(r->target);
}

/* Read the data into rows; returns -1 when a file cannot be read. */
static int build_rows(const Variant *v, const EvalTables *et, Weights *w, const TuneOptions *o,
                      FILE *log, Rows *rows, TuneReport *rep)
{
    Builder b;
    TrainingReader r = { .v = v, .log = log, .command = "tune",
                         .pos = alloc_realloc(NULL, sizeof(Position)) };
    memset(&b, 0, sizeof b);
    b.v = v;
    b.et = et;
    b.w = w;
    b.rows = rows;
    b.trace = alloc_realloc(NULL, sizeof *b.trace);
    for (int ph = 0; ph < 2; ph++)
        b.dense[ph] = calloc((size_t)w->n + 1, sizeof(double));
    b.touched = alloc_realloc(NULL, ((size_t)w->n + 1) * sizeof *b.touched);
    b.seen = calloc((size_t)w->n + 1, 1);
    if (!b.dense[0] || !b.dense[1] || !b.seen) {
        fprintf(stderr, "menagerie tune: out of memory\n");
        exit(EXIT_FAILURE);
    }
    int rc = training_data_read(&r, o->files, o->nfiles, add_position, &b);
    rep->malformed = r.malformed;
    rep->unusable = b.unusable;
    rep->positions = (long)rows->n;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < MAX_PIECE_TYPES; t++)
            free(b.pst[c][t]);
    free(b.dense[0]);
    free(b.dense[1]);
    free(b.touched);
    free(b.seen);
    free(b.trace);
    free(r.pos);
    return rc;
}

/* ---- the error and its gradient ------------------------------------------- */

static double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

static double row_eval(const Rows *r, size_t i, const double *value)
{
    double e = r->base[i];
    for (size_t z = r->start[i]; z < r->start[i + 1]; z++)
        e += r->coef[z] * value[r->col[z]];
    return e;
}

typedef struct {
    const Rows *rows;
    const double *value;
    double k;
    size_t from, to;
    double *grad;           /* NULL: the error only */
    double error;
} Job;

static void *run_job(void *arg)
{
    Job *job = arg;
    const Rows *r = job->rows;
    double error = 0;
    for (size_t i = job->from; i < job->to; i++) {
        double s = sigmoid(job->k * row_eval(r, i, job->value));
        double d = s - r->target[i];
        error += d * d;
        if (!job->grad)
            continue;
        double g = 2 * d * s * (1 - s) * job->k;
        for (size_t z = r->start[i]; z < r->start[i + 1]; z++)
            job->grad[r->col[z]] += g * r->coef[z];
    }
    job->error = error;
    return NULL;
}

/* Mean squared error over the rows (and its gradient into grad, which
 * must hold n weights, when not NULL), on `threads` threads. */
static double model_error(const Rows *r, const double *value, int n, double k, double *grad,
                          int threads)
{
    Job job[MAX_THREADS];
    pthread_t id[MAX_THREADS];
    bool started[MAX_THREADS] = { false };
    size_t per = (r->n + threads - 1) / threads;
    for (int t = 0; t < threads; t++) {
        job[t] = (Job){ r, value, k, t * per, (t + 1) * per < r->n ? (t + 1) * per : r->n,
                        NULL, 0 };
        if (job[t].from > job[t].to)
            job[t].from = job[t].to;
        if (grad) {
            job[t].grad = t == 0 ? grad : alloc_realloc(NULL, ((size_t)n + 1) * sizeof *grad);
            memset(job[t].grad, 0, (size_t)n * sizeof *grad);
        }
        if (t > 0)
            started[t] = pthread_create(&id[t], NULL, run_job, &job[t]) == 0;
        if (t > 0 && !started[t])
            run_job(&job[t]);    /* no thread: do its share here */
    }
    run_job(&job[0]);
    double error = job[0].error;
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(id[t], NULL);
        error += job[t].error;
        if (grad) {
            for (int j = 0; j < n; j++)
                grad[j] += job[t].grad[j];
            free(job[t].grad);
        }
    }
    double scale = r->n ? 1.0 / r->n : 0;
    if (grad)
        for (int j = 0; j < n; j++)
            grad[j] *= scale;
    return error * scale;
}

/* ---- the sigmoid scale ---------------------------------------------------- */

static void set_targets(Rows *r, double k, double lambda)
{
    r->target = alloc_realloc(r->target, (r->n + 1) * sizeof *r->target);
    for (size_t i = 0; i < r->n; i++)
        r->target[i] = (float)(lambda * r->result[i] + (1 - lambda) * sigmoid(k * r->score[i]));
}

/* The K that best predicts the results from the starting evaluation
 * (golden-section search over log K); K_DEFAULT when the results say
 * nothing (all the same, or the best K at the edge of the range). */
static double fit_k(Rows *r, const Weights *w, int threads, FILE *out)
{
    const double phi = (sqrt(5) - 1) / 2;
    double a = log(K_MIN), b = log(K_MAX);
    double c = b - phi * (b - a), d = a + phi * (b - a);
    set_targets(r, 0, 1.0);     /* the results alone */
    double fc = model_error(r, w->value, w->n, exp(c), NULL, threads);
    double fd = model_error(r, w->value, w->n, exp(d), NULL, threads);
    for (int i = 0; i < 40; i++) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = model_error(r, w->value, w->n, exp(c), NULL, threads);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = model_error(r, w->value, w->n, exp(d), NULL, threads);
        }
    }
    double k = exp((a + b) / 2);
    if (k < K_MIN * 1.01 || k > K_MAX * 0.99) {
        fprintf(out, "The results do not fix the sigmoid scale; using K = %g "
                     "(give one with --k).\n", K_DEFAULT);
        return K_DEFAULT;
    }
    return k;
}

/* ---- Adam ----------------------------------------------------------------- */

#define ADAM_B1  0.9
#define ADAM_B2  0.999
#define ADAM_EPS 1e-8
#define L2_UNIT  100.0       /* the regularisation counts deviations in pawns */

static double regularised(const Weights *w, double l2, double *grad)
{
    double sum = 0;
    for (int j = 0; j < w->n; j++) {
        double d = (w->value[j] - w->start[j]) / L2_UNIT;
        sum += d * d;
        if (grad)
            grad[j] += 2 * l2 * d / L2_UNIT;
    }
    return l2 * sum;
}

static void adam(Weights *w, const Rows *r, const TuneOptions *o, double k, FILE *log,
                 TuneReport *rep)
{
    double *grad = calloc((size_t)w->n + 1, sizeof *grad);
    double *m = calloc((size_t)w->n + 1, sizeof *m), *s = calloc((size_t)w->n + 1, sizeof *s);
    if (!grad || !m || !s) {
        fprintf(stderr, "menagerie tune: out of memory\n");
        exit(EXIT_FAILURE);
    }
    int every = o->epochs >= 10 ? o->epochs / 10 : 1;
    double b1 = 1, b2 = 1;
    for (int epoch = 0; epoch <= o->epochs; epoch++) {
        double error = model_error(r, w->value, w->n, k, epoch < o->epochs ? grad : NULL,
                                   o->threads);
        double total = error + regularised(w, o->l2, epoch < o->epochs ? grad : NULL);
        if (epoch == 0)
            rep->error_start = error;
        rep->error_end = error;
        if (epoch % every == 0 || epoch == o->epochs)
            fprintf(log, "epoch %5d  error %.6f  regularised %.6f\n", epoch, error, total);
        if (epoch == o->epochs)
            break;
        b1 *= ADAM_B1;
        b2 *= ADAM_B2;
        for (int j = 0; j < w->n; j++) {
            m[j] = ADAM_B1 * m[j] + (1 - ADAM_B1) * grad[j];
            s[j] = ADAM_B2 * s[j] + (1 - ADAM_B2) * grad[j] * grad[j];
            double mh = m[j] / (1 - b1), sh = s[j] / (1 - b2);
            w->value[j] -= o->rate * mh / (sqrt(sh) + ADAM_EPS);
        }
    }
    free(grad);
    free(m);
    free(s);
}

/* ---- the result ----------------------------------------------------------- */

/* Whole weights to integers, the others to hundredths; a weight that
 * moved less than that keeps its starting value exactly. */
static int round_weights(const Weights *w, EvalParams *out)
{
    double *slots = eval_params_slots(out);
    int changed = 0;
    for (int j = 0; j < w->n; j++) {
        double x = w->whole[j] ? round(w->value[j]) : round(w->value[j] * 100) / 100;
        if (fabs(x - w->start[j]) < (w->whole[j] ? 0.5 : 0.005))
            continue;
        slots[w->slot[j]] = x;
        changed++;
    }
    return changed;
}

/* Scoring the real evaluation (the data read again). */
typedef struct {
    const EvalTables *et[2];
    double k, lambda;
    double error[2];
    long n;
} Check;

static bool check_position(void *ctx, const Position *pos, int score, double result)
{
    Check *c = ctx;
    double target = c->lambda * result + (1 - c->lambda) * sigmoid(c->k * score);
    for (int i = 0; i < 2; i++) {
        int e = eval_position(c->et[i], pos);
        double d = sigmoid(c->k * (pos->side == WHITE ? e : -e)) - target;
        c->error[i] += d * d;
    }
    c->n++;
    return true;
}

static void check_fit(const Variant *v, const EvalTables *start, const EvalParams *tuned,
                      const TuneOptions *o, double k, TuneReport *rep)
{
    Check c = { { start, eval_tables_create_with(v, tuned) }, k, o->lambda, { 0, 0 }, 0 };
    TrainingReader r = { .v = v, .command = "tune",      /* said already */
                         .pos = alloc_realloc(NULL, sizeof(Position)) };
    if (c.et[1])
        training_data_read(&r, o->files, o->nfiles, check_position, &c);
    rep->check_start = c.n ? c.error[0] / c.n : 0;
    rep->check_end = c.n ? c.error[1] / c.n : 0;
    eval_tables_destroy((EvalTables *)c.et[1]);
    free(r.pos);
}

/* ---- the run -------------------------------------------------------------- */

void tune_default_options(TuneOptions *o)
{
    memset(o, 0, sizeof *o);
    o->epochs = 200;
    o->rate = 1.0;
    o->lambda = 0.5;
    o->l2 = 1e-4;
    o->threads = 1;
    for (int i = 0; i < eval_param_ngroups; i++)
        o->group[i] = eval_param_groups[i].tuned;
}

int tune_run(const Variant *v, const TuneOptions *o, FILE *log, EvalParams *out,
             EvalParams *start, TuneReport *rep)
{
    EvalTables *et = eval_tables_create(v);
    Weights w;
    Rows rows;
    if (!et) {
        fprintf(log, "menagerie tune: out of memory\n");
        return -1;
    }
    memset(rep, 0, sizeof *rep);
    memset(&rows, 0, sizeof rows);
    *start = *out = *eval_tables_params(et);
    weights_init(&w, et, v, o);
    int rc = build_rows(v, et, &w, o, log, &rows, rep);
    if (rep->malformed)
        fprintf(log, "Skipped %ld malformed line%s.\n", rep->malformed,
                rep->malformed == 1 ? "" : "s");
    if (rep->unusable)
        fprintf(log, "Skipped %ld position%s whose evaluation hit a bound.\n", rep->unusable,
                rep->unusable == 1 ? "" : "s");
    if (rc == 0 && rows.n == 0) {
        fprintf(log, "menagerie tune: no positions to tune on\n");
        rc = -1;
    }
    if (rc == 0) {
        rep->k = o->k > 0 ? o->k : fit_k(&rows, &w, o->threads, log);
        fprintf(log, "%ld positions, %d weights, K = %.6f\n", rep->positions, w.n, rep->k);
        set_targets(&rows, rep->k, o->lambda);
        adam(&w, &rows, o, rep->k, log, rep);
        rep->changed = round_weights(&w, out);
        check_fit(v, et, out, o, rep->k, rep);
        fprintf(log, "The evaluation's error: %.6f before, %.6f after; %d weight%s changed.\n",
                rep->check_start, rep->check_end, rep->changed, rep->changed == 1 ? "" : "s");
    }
    rows_free(&rows);
    weights_free(&w);
    eval_tables_destroy(et);
    return rc;
}

/* ---- the command ---------------------------------------------------------- */

static const char USAGE[] =
    "usage: menagerie tune -v VARIANT [-o FILE] [--name NAME] [--epochs N] [--rate R]\n"
    "                      [--lambda L] [--l2 X] [--k K] [--params LIST] [--threads N] DATA...\n";

static const char HELP[] =
    "Fit the evaluation's weights of VARIANT to positions with search scores and game\n"
    "results (lines 'FEN | SCORE | RESULT', as menagerie datagen writes them).\n"
    "  -v, --variant VARIANT  the variant whose weights are fitted\n"
    "  -o, --output FILE      write the tuned eval: section there (default: stdout)\n"
    "  --name NAME            write a whole variant NAME that extends VARIANT\n"
    "  --epochs N             steps of descent (default 200)\n"
    "  --rate R               Adam's step size in centipawns (default 1)\n"
    "  --lambda L             share of the game result in the target, 0..1 (default 0.5)\n"
    "  --l2 X                 pull toward the derived weights\n"
    "  --k K                  sigmoid scale instead of fitting it\n"
    "  --params LIST          fit only these groups of weights (comma-separated)\n"
    "  --threads N            threads for the error (default 1)\n"
    "See menagerie(6), 'tune', and menagerie-variants(5), EVALUATION.\n";

static bool real_option(const char *name, const char *text, double lo, double hi, double *out)
{
    if (number_parse_real(text, lo, hi, out) == NUMBER_OK)
        return true;
    fprintf(stderr, "menagerie tune: %s must be a number from %g to %g (got '%s')\n",
            name, lo, hi, text);
    return false;
}

static bool int_option(const char *name, const char *text, long long lo, long long hi, int *out)
{
    long long x;
    NumberStatus st = number_parse_int(text, lo, hi, &x);
    if (st == NUMBER_OK) {
        *out = (int)x;
        return true;
    }
    char problem[96];
    fprintf(stderr, "menagerie tune: %s '%s' %s\n", name, text,
            number_problem(st, lo, hi, problem, sizeof problem));
    return false;
}

/* --params material,mobility,...: only these groups (all: every one). */
static bool params_option(const char *text, TuneOptions *o)
{
    char *list = alloc_strdup(text), *save = NULL;
    bool ok = true;
    const char *names[65];
    int k = 0;
    for (int i = 0; i < eval_param_ngroups && k < 64; i++)
        if (eval_param_groups[i].tuned)
            names[k++] = eval_param_groups[i].name;
    names[k] = NULL;
    memset(o->group, 0, sizeof o->group);
    for (char *tok = strtok_r(list, ", ", &save); tok && ok; tok = strtok_r(NULL, ", ", &save)) {
        const EvalParamGroup *g = eval_param_group_find(tok);
        if (!strcmp(tok, "all")) {
            for (int i = 0; i < eval_param_ngroups; i++)
                o->group[i] = eval_param_groups[i].tuned;
        } else if (g && g->tuned) {
            o->group[g - eval_param_groups] = true;
        } else {
            const char *hint = diag_suggest(tok, names);
            if (g)
                fprintf(stderr, "menagerie tune: --params: '%s' is not fitted (see 'tune' in "
                                "menagerie(6))\n", tok);
            else if (hint)
                fprintf(stderr, "menagerie tune: --params: no weights called '%s' (did you mean "
                                "'%s'?)\n", tok, hint);
            else
                fprintf(stderr, "menagerie tune: --params: no weights called '%s' (see "
                                "'menagerie eval --params')\n", tok);
            ok = false;
        }
    }
    free(list);
    return ok;
}

typedef struct {
    const char *variant, *output, *name;
} TuneCli;

/* The options; returns 0, 2 after a message, or -1 after --help. */
static int parse_options(int argc, char **argv, TuneOptions *o, TuneCli *cli)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "output", required_argument, NULL, 'o' },
        { "name", required_argument, NULL, 'n' },
        { "epochs", required_argument, NULL, 'e' },
        { "rate", required_argument, NULL, 'r' },
        { "lambda", required_argument, NULL, 'l' },
        { "l2", required_argument, NULL, '2' },
        { "k", required_argument, NULL, 'k' },
        { "params", required_argument, NULL, 'p' },
        { "threads", required_argument, NULL, 't' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    int c;
    bool ok = true;
    optind = 1;
    while (ok && (c = getopt_long(argc, argv, "v:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'v': cli->variant = optarg; break;
        case 'o': cli->output = optarg; break;
        case 'n': cli->name = optarg; break;
        case 'e': ok = int_option("--epochs", optarg, 0, 1000000, &o->epochs); break;
        case 'r': ok = real_option("--rate", optarg, 1e-6, 1000, &o->rate); break;
        case 'l': ok = real_option("--lambda", optarg, 0, 1, &o->lambda); break;
        case '2': ok = real_option("--l2", optarg, 0, 1e6, &o->l2); break;
        case 'k': ok = real_option("--k", optarg, K_MIN, K_MAX, &o->k); break;
        case 'p': ok = params_option(optarg, o); break;
        case 't': ok = int_option("--threads", optarg, 1, MAX_THREADS, &o->threads); break;
        case 'h': printf("%s\n%s", USAGE, HELP); return -1;
        default: ok = false; fputs(USAGE, stderr); break;
        }
    }
    if (!ok)
        return 2;
    if (!cli->variant) {
        fprintf(stderr, "menagerie tune: which variant? (-v VARIANT)\n%s", USAGE);
        return 2;
    }
    if (optind >= argc) {
        fprintf(stderr, "menagerie tune: no data files (lines 'FEN | SCORE | RESULT')\n%s", USAGE);
        return 2;
    }
    o->files = (const char *const *)argv + optind;
    o->nfiles = argc - optind;
    return 0;
}

/* The weights that differ from the derived defaults: those this run
 * changed and those the variant's file gave already, so the section is
 * right wherever it goes (into the file in place of its section, or a
 * child of the variant, even one that replaces the file it came from). */
static int write_result(FILE *out, const Variant *v, const TuneCli *cli, const TuneOptions *o,
                        const EvalParams *tuned, const TuneReport *rep)
{
    EvalParams *defaults = alloc_realloc(NULL, sizeof *defaults);
    if (eval_default_params(v, defaults) != 0) {
        fprintf(stderr, "menagerie tune: out of memory\n");
        free(defaults);
        return 1;
    }
    fprintf(out, "# menagerie tune -v %s: %ld positions, %d epochs, lambda %g, K %.6f\n"
                 "# error %.6f before, %.6f after; %d weight%s changed.\n"
                 "# The weights that differ from those derived from the pieces:\n",
            v->name, rep->positions, o->epochs, o->lambda, rep->k, rep->check_start,
            rep->check_end, rep->changed, rep->changed == 1 ? "" : "s");
    if (cli->name)
        fprintf(out, "name: %s\nextends: %s\n", cli->name, v->name);
    eval_write_section(out, v, tuned, defaults, NULL);
    free(defaults);
    return 0;
}

int cmd_tune(const VariantSet *set, int argc, char **argv)
{
    TuneOptions o;
    TuneCli cli = { NULL, NULL, NULL };
    tune_default_options(&o);
    int rc = parse_options(argc, argv, &o, &cli);
    if (rc)
        return rc < 0 ? 0 : rc;
    const Variant *v = varset_find(set, cli.variant);
    if (!v) {
        fprintf(stderr, "menagerie: unknown variant '%s' (try 'menagerie list')\n", cli.variant);
        return 2;
    }
    /* A file that cannot be written is said before the work (and one
       that can is left as it was until there is a result). */
    if (cli.output) {
        bool existed = access(cli.output, F_OK) == 0;
        FILE *probe = fopen(cli.output, "a");
        if (!probe) {
            fprintf(stderr, "menagerie tune: %s: %s\n", cli.output, strerror(errno));
            return 2;
        }
        fclose(probe);
        if (!existed)
            remove(cli.output);
    }
    EvalParams *tuned = alloc_realloc(NULL, sizeof *tuned);
    EvalParams *start = alloc_realloc(NULL, sizeof *start);
    TuneReport rep;
    rc = tune_run(v, &o, stderr, tuned, start, &rep) == 0 ? 0 : 1;
    FILE *out = rc || !cli.output ? stdout : fopen(cli.output, "w");
    if (!out) {
        fprintf(stderr, "menagerie tune: %s: %s\n", cli.output, strerror(errno));
        rc = 1;
    } else if (rc == 0) {
        rc = write_result(out, v, &cli, &o, tuned, &rep);
        if (out != stdout && fclose(out) != 0) {
            fprintf(stderr, "menagerie tune: %s: %s\n", cli.output, strerror(errno));
            rc = 1;
        }
    }
    free(tuned);
    free(start);
    return rc;
}
