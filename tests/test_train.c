/*
 * test_train.c — `menagerie train` for data that grows (commands/train.h):
 *   - a run is reproducible: the same seed and threads write the same
 *     network file, byte for byte (CReLU and SCReLU), another seed not;
 *   - --init resumes: two epochs, then two more from the file, end no
 *     worse on the held-out positions; a run from a file that every epoch
 *     makes worse keeps the file's weights, byte for byte; a file of
 *     another shape (hidden size, activation, buckets) or variant, or no
 *     file, is refused with a message that says so;
 *   - the held-out split depends on each position alone: the positions of
 *     one file fall on the same side when another file comes before them,
 *     and the share held out is about the one asked for;
 *   - SCReLU training lowers the error and rounds to integers closely, and
 *     its file reads back as SCReLU;
 *   - the learning-rate schedules give the rates they promise.
 * The data: random chess games scored by the classical evaluation; the
 * nets are 16 wide, so the whole suite takes a few seconds.
 */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/nnue.h"
#include "board/rules.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "commands/train.h"
#include "commands/train_samples.h"
#include "commands/training_data.h"
#include "notation/fen.h"
#include "search/eval.h"
#include "cunit_run.h"
#include "test_rng.h"

static VariantSet set;
static Position *pos;
static MoveList *moves;
static uint64_t rng;
static char dir[] = "/tmp/menagerie-train-XXXXXX";
static char data_a[600], data_b[600], net_a[600], net_b[600];

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_builtin(&set, stderr, "");
    pos = malloc(sizeof *pos);
    moves = malloc(sizeof *moves);
    if (!pos || !moves || !mkdtemp(dir))
        return -1;
    snprintf(data_a, sizeof data_a, "%s/a.data", dir);
    snprintf(data_b, sizeof data_b, "%s/b.data", dir);
    snprintf(net_a, sizeof net_a, "%s/a.nnue", dir);
    snprintf(net_b, sizeof net_b, "%s/b.nnue", dir);
    return 0;
}

static int suite_clean(void)
{
    varset_free(&set);
    free(pos);
    free(moves);
    remove(data_a);
    remove(data_b);
    remove(net_a);
    remove(net_b);
    rmdir(dir);
    return 0;
}

static const Variant *chess(void)
{
    const Variant *v = varset_find(&set, "chess");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* Positions of random games scored by the classical evaluation (white's
 * view), with a result that follows the score. */
static void write_data(const char *path, int games, uint64_t seed)
{
    const Variant *v = chess();
    rng = seed;
    FILE *out = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    EvalTables *et = eval_tables_create(v);
    char err[256], fen[1024];
    for (int g = 0; g < games; g++) {
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, v->start_fen, err, sizeof err), 0);
        for (int ply = 0; ply < 80; ply++) {
            rules_legal_moves(pos, moves);
            if (!moves->n)
                break;
            position_make(pos, moves->m[test_rng_next(&rng) % moves->n]);
            if (ply < 6 || test_rng_next(&rng) % 8)     /* a few from each game */
                continue;
            int e = eval_position(et, pos), white = pos->side == WHITE ? e : -e;
            if (white > 1500 || white < -1500)
                continue;
            position_get_fen(pos, fen, sizeof fen);
            fprintf(out, "%s | %d | %s\n", fen, white,
                    white > 150 ? "1.0" : white < -150 ? "0.0" : "0.5");
        }
    }
    eval_tables_destroy(et);
    fclose(out);
}

static const char *files_a[] = { data_a };

/* data_a, written by the first test that needs it. */
static void need_data(void)
{
    static bool written;
    if (!written)
        write_data(data_a, 150, 17);
    written = true;
}

/* A 16-wide net on data_a, learning scores alone. */
static void small_training(TrainOptions *o)
{
    need_data();
    train_default_options(o);
    o->files = files_a;
    o->nfiles = 1;
    o->hidden = 16;
    o->batch = 64;
    o->lambda = 0;
    o->epochs = 2;
}

/* train_run with its log kept in `log` (NULL: thrown away). */
static NnueNet *train_logged(const TrainOptions *o, TrainReport *rep, char **log)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    NnueNet *net = train_run(chess(), o, f, rep);
    fclose(f);
    if (log)
        *log = text;
    else
        free(text);
    return net;
}

static void save(const NnueNet *net, const char *path)
{
    char err[256];
    int rc = nnue_save(net, path, err, sizeof err);
    if (rc)
        fprintf(stderr, "\n    %s\n", err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

/* The bytes of a file, and how many. */
static unsigned char *slurp(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    rewind(f);
    unsigned char *b = malloc((size_t)*size + 1);
    CU_ASSERT_FATAL(b && fread(b, 1, (size_t)*size, f) == (size_t)*size);
    fclose(f);
    return b;
}

static bool same_files(const char *a, const char *b)
{
    long na, nb;
    unsigned char *x = slurp(a, &na), *y = slurp(b, &nb);
    bool same = na == nb && memcmp(x, y, (size_t)na) == 0;
    free(x);
    free(y);
    return same;
}

/* ---- reproducible ------------------------------------------------------------ */

/* Train with o twice, save to net_a and net_b; are the files the same? */
static bool twice_the_same(const TrainOptions *o)
{
    TrainReport rep;
    NnueNet *a = train_logged(o, &rep, NULL), *b = train_logged(o, &rep, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    save(a, net_a);
    save(b, net_b);
    nnue_net_free(a);
    nnue_net_free(b);
    return same_files(net_a, net_b);
}

static void test_same_seed_same_bytes(void)
{
    TrainOptions o;
    small_training(&o);
    o.threads = 2;
    o.mirror = true;
    CU_ASSERT(twice_the_same(&o));
    o.activation = NNUE_SCRELU;
    o.buckets = 4;
    o.schedule = TRAIN_LR_COSINE;
    CU_ASSERT(twice_the_same(&o));
    /* another seed: another net */
    TrainReport rep;
    o.seed = 2;
    NnueNet *other = train_logged(&o, &rep, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(other);
    save(other, net_b);
    nnue_net_free(other);
    CU_ASSERT_FALSE(same_files(net_a, net_b));
}

/* ---- --init ---------------------------------------------------------------- */

static void test_init_resumes(void)
{
    TrainOptions o;
    small_training(&o);
    TrainReport first, second;
    NnueNet *a = train_logged(&o, &first, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    save(a, net_a);
    nnue_net_free(a);
    /* two more epochs from the file, its shape taken from it */
    o.hidden = 0;
    o.init = net_a;
    o.seed = 7;
    char *log;
    NnueNet *b = train_logged(&o, &second, &log);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_EQUAL(b->hidden, 16);
    CU_ASSERT_PTR_NOT_NULL(strstr(log, ", from "));
    /* it starts where the first run ended (but for the rounding) ... */
    CU_ASSERT(fabs(second.loss_start - first.loss_end) < 1e-3);
    /* ... and ends no worse */
    CU_ASSERT(second.loss_end <= second.loss_start);
    CU_ASSERT(second.loss_end <= first.loss_end + 1e-4);
    if (second.loss_end > first.loss_end + 1e-4)
        fprintf(stderr, "\n    held out: %g after 2 epochs, %g after 2 more\n%s",
                first.loss_end, second.loss_end, log);
    free(log);
    nnue_net_free(b);

    /* a step size that ruins every epoch: the file's weights are kept */
    o.rate = 1;
    o.schedule = TRAIN_LR_CONSTANT;
    b = train_logged(&o, &second, &log);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_EQUAL(second.best_epoch, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(log, "Keeping the --init network's weights"));
    save(b, net_b);
    CU_ASSERT(same_files(net_a, net_b));
    free(log);
    nnue_net_free(b);
}

/* A run from net_a (16 wide, CReLU, one bucket) with o changed is refused,
 * and its log says `why`. */
static void expect_refused(const TrainOptions *o, const char *why)
{
    TrainReport rep;
    char *log;
    NnueNet *net = train_logged(o, &rep, &log);
    CU_ASSERT_PTR_NULL(net);
    if (!strstr(log, why))
        fprintf(stderr, "\n    expected '%s' in:\n%s", why, log);
    CU_ASSERT_PTR_NOT_NULL(strstr(log, why));
    free(log);
    nnue_net_free(net);
}

static void test_init_refused(void)
{
    TrainOptions o;
    small_training(&o);
    o.epochs = 1;
    TrainReport rep;
    NnueNet *a = train_logged(&o, &rep, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    save(a, net_a);
    nnue_net_free(a);
    o.init = net_a;
    o.hidden = 32;
    expect_refused(&o, "is a network of 2x16, 1 output bucket, 0 hand slots, crelu, but this "
                       "run asks for 2x32, 1 output bucket, 0 hand slots, crelu");
    o.hidden = 16;
    o.activation = NNUE_SCRELU;
    expect_refused(&o, "but this run asks for 2x16, 1 output bucket, 0 hand slots, screlu");
    o.activation = -1;
    o.buckets = 4;
    expect_refused(&o, "but this run asks for 2x16, 4 output buckets");
    o.buckets = 0;
    o.hand_slots = 4;
    expect_refused(&o, "a network cannot go on training in another shape");
    o.hand_slots = -1;
    o.init = data_a;
    expect_refused(&o, "--init ");
    expect_refused(&o, "not a Menagerie network");
    char missing[700];
    snprintf(missing, sizeof missing, "%s/none.nnue", dir);
    o.init = missing;
    expect_refused(&o, "cannot open");
    /* another variant's network */
    NnueNet *x = nnue_net_create(varset_find(&set, "xiangqi"), 16, 0, 1, 255, 1024, 400);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    save(x, net_b);
    nnue_net_free(x);
    o.init = net_b;
    expect_refused(&o, "a network for variant 'xiangqi', not 'chess'");
}

/* ---- the held-out split ------------------------------------------------------ */

/* The held-out flags of the positions in `files`, in order, every
 * position kept (duplicates too). */
static Samples read_flags(const char *const *files, int n, double share)
{
    const Variant *v = chess();
    Samples s;
    memset(&s, 0, sizeof s);
    NnueNet *shape = nnue_net_create(v, 16, 0, 1, 255, 1024, 400);
    EvalTables *et = eval_tables_create(v);
    CU_ASSERT_FATAL(shape && et);
    Collector col = { .s = &s, .shape = shape, .et = et, .validation = share };
    TrainingReader r = { .v = v, .command = "test", .pos = malloc(sizeof(Position)) };
    CU_ASSERT_EQUAL(training_data_read(&r, files, n, train_collect, &col), 0);
    free(r.pos);
    eval_tables_destroy(et);
    nnue_net_free(shape);
    return s;
}

static void test_split_is_stable(void)
{
    need_data();
    write_data(data_b, 150, 31);
    const char *one[] = { data_a }, *both[] = { data_b, data_a };
    Samples a = read_flags(one, 1, 0.05), ba = read_flags(both, 2, 0.05);
    CU_ASSERT_FATAL(a.n > 500 && ba.n > a.n);
    /* data_a's positions come last in the union, on the same sides */
    CU_ASSERT(memcmp(a.held, ba.held + (ba.n - a.n), a.n) == 0);
    size_t held = 0;
    for (size_t i = 0; i < ba.n; i++)
        held += ba.held[i];
    double share = (double)held / (double)ba.n;
    CU_ASSERT(share > 0.03 && share < 0.07);
    train_samples_free(&a);
    train_samples_free(&ba);
    /* the flag is the hash's alone: a bigger share holds out a superset */
    size_t lo = 0, hi = 0, both_ok = 1;
    for (uint64_t h = 1; h < 20000; h++) {
        uint64_t key = h * 0x9E3779B97F4A7C15ULL;
        bool small = train_held_out(key, 0.05), big = train_held_out(key, 0.2);
        lo += small;
        hi += big;
        both_ok &= !small || big;
    }
    CU_ASSERT(both_ok);
    CU_ASSERT(lo > 800 && lo < 1200);
    CU_ASSERT(hi > 3600 && hi < 4400);
    CU_ASSERT_FALSE(train_held_out(12345, 0));
}

/* ---- SCReLU and the schedules -------------------------------------------------- */

static void test_screlu_training(void)
{
    TrainOptions o;
    small_training(&o);
    o.activation = NNUE_SCRELU;
    o.epochs = 15;
    TrainReport rep;
    NnueNet *net = train_logged(&o, &rep, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    CU_ASSERT_EQUAL(net->activation, NNUE_SCRELU);
    if (rep.loss_end > rep.loss_start / 2 || rep.quant_mean >= 3)
        fprintf(stderr, "\n    SCReLU: held out %g -> %g, rounding %g cp\n", rep.loss_start,
                rep.loss_end, rep.quant_mean);
    CU_ASSERT(rep.loss_end < rep.loss_start / 2);
    CU_ASSERT(rep.quant_mean < 3);
    save(net, net_a);
    char err[256];
    NnueNet *back = nnue_load(net_a, chess(), NULL, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT_EQUAL(back->activation, NNUE_SCRELU);
    CU_ASSERT_FATAL(position_set_fen(pos, chess(), chess()->start_fen, err, sizeof err) == 0);
    CU_ASSERT_EQUAL(nnue_evaluate(back, pos), nnue_evaluate(net, pos));
    nnue_net_free(back);
    nnue_net_free(net);
}

/* The rate the log gives for an epoch ("epoch   2/4  rate 0.0003 ..."). */
static double logged_rate(const char *log, int epoch, int epochs)
{
    char key[64];
    snprintf(key, sizeof key, "epoch %3d/%d  rate ", epoch, epochs);
    const char *at = strstr(log, key);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    return atof(at + strlen(key));
}

static void test_schedules(void)
{
    TrainOptions o;
    small_training(&o);
    o.epochs = 4;
    o.rate = 0.002;
    o.drops[0] = 2;
    o.drops[1] = 4;
    o.ndrops = 2;
    TrainReport rep;
    char *log;
    nnue_net_free(train_logged(&o, &rep, &log));
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 1, 4), 0.002, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 2, 4), 0.0002, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 3, 4), 0.0002, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 4, 4), 0.00002, 1e-10);
    free(log);
    o.ndrops = 0;
    o.schedule = TRAIN_LR_COSINE;
    nnue_net_free(train_logged(&o, &rep, &log));
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 1, 4), 0.002, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(logged_rate(log, 3, 4), 0.00101, 2e-5);   /* halfway */
    CU_ASSERT(logged_rate(log, 4, 4) < 0.0004);
    free(log);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("train", suite_init, suite_clean);
    CU_add_test(s, "the same seed writes the same network file", test_same_seed_same_bytes);
    CU_add_test(s, "--init resumes and never ends worse", test_init_resumes);
    CU_add_test(s, "--init refuses another shape or variant", test_init_refused);
    CU_add_test(s, "the held-out split stays put as data grows", test_split_is_stable);
    CU_add_test(s, "SCReLU trains, rounds and reads back", test_screlu_training);
    CU_add_test(s, "learning-rate schedules", test_schedules);
    return cunit_run_registry();
}
