/*
 * test_tune.c — the evaluation's weights as data, its linear trace, and
 * the tuner.
 *
 * Positions come from random games (a fixed seed) in several variants.
 * The trace must account for every centipawn of the evaluation and give
 * each term as coefficient x weight; weights given in a variant file
 * must reach the evaluation, through `extends` too; and the tuner, on
 * positions scored by an evaluation with a dearer knight, must lower its
 * error and raise the knight.
 */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/rules.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "commands/tune.h"
#include "notation/fen.h"
#include "search/eval.h"
#include "cunit_run.h"
#include "test_rng.h"

static VariantSet set;
static Position *pos;
static EvalTrace *trace;
static uint64_t rng;

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_builtin(&set, stderr, "");
    pos = malloc(sizeof *pos);
    trace = malloc(sizeof *trace);
    return pos && trace ? 0 : 1;
}

static int suite_clean(void)
{
    varset_free(&set);
    free(pos);
    free(trace);
    return 0;
}

static const Variant *variant(const char *name)
{
    const Variant *v = varset_find(&set, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* Call fn on every position of `games` random games of v from ply 4 on
 * (every one, or one in four when sparse). */
static void random_positions(const Variant *v, int games, bool sparse,
                             void (*fn)(const Variant *, void *), void *ctx)
{
    char err[256];
    rng = 0x9E3779B97F4A7C15ull;
    for (int g = 0; g < games; g++) {
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, v->start_fen, err, sizeof err), 0);
        for (int ply = 0; ply < 100 && pos->ply < MAX_PLY_HISTORY - 2; ply++) {
            MoveList ml;
            rules_legal_moves(pos, &ml);
            if (ml.n == 0)
                break;
            position_make(pos, ml.m[test_rng_next(&rng) % ml.n]);
            if (ply >= 4 && (!sparse || test_rng_next(&rng) % 4 == 0))
                fn(v, ctx);
        }
    }
}

/* ---- the trace ----------------------------------------------------------- */

typedef struct {
    const EvalTables *et;
    EvalPstFeatures *pst[2][MAX_PIECE_TYPES];
    long positions, terms, rounded, pst_entries;
} TraceCheck;

static long round_half_away(double x)
{
    return lround(x);
}

/* The piece-square entry the features describe, rebuilt from the weights. */
static int pst_entry(TraceCheck *tc, const Variant *v, int entry, int ph)
{
    const double *w = eval_params_cslots(eval_tables_params(tc->et));
    int c = entry / (MAX_PIECE_TYPES * MAX_SQUARES);
    int t = entry / MAX_SQUARES % MAX_PIECE_TYPES, sq = entry % MAX_SQUARES;
    if (!tc->pst[c][t]) {
        tc->pst[c][t] = malloc(MAX_SQUARES * sizeof *tc->pst[c][t]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(tc->pst[c][t]);
        eval_pst_features(tc->et, v, c, t, tc->pst[c][t]);
    }
    const EvalPstFeatures *f = &tc->pst[c][t][sq];
    CU_ASSERT_TRUE(f->used);
    double sum = 0, limit = ph ? EVAL_PST_LIMIT_EG : EVAL_PST_LIMIT_MG;
    for (int k = 0; k < f->n; k++)
        if (f->feature[k].slot[ph] >= 0)
            sum += w[f->feature[k].slot[ph]] * f->feature[k].x;
    CU_ASSERT_EQUAL(f->clamped[ph], fabs(sum) > limit);
    sum = sum > limit ? limit : sum < -limit ? -limit : sum;
    return (int)(round_half_away(sum) + round_half_away(w[f->offset_slot[ph]]));
}

static void check_trace(const Variant *v, void *ctx)
{
    TraceCheck *tc = ctx;
    const double *w = eval_params_cslots(eval_tables_params(tc->et));
    int e = eval_trace(tc->et, pos, trace);
    CU_ASSERT_EQUAL(e, eval_position(tc->et, pos));
    CU_ASSERT_FALSE(trace->overflow);
    if (trace->clamped)
        return;
    long sum[2] = { 0, 0 };
    for (int i = 0; i < trace->n; i++) {
        const EvalTraceTerm *x = &trace->term[i];
        for (int ph = 0; ph < 2; ph++) {
            int slot = x->slot[ph];
            sum[ph] += x->value[ph];
            tc->terms++;
            if (slot == EVAL_TRACE_NONE) {
                CU_ASSERT_EQUAL(x->value[ph], 0);
            } else if (slot >= EVAL_NSLOTS) {
                /* a piece-square entry: +1 or -1 times the table */
                CU_ASSERT_EQUAL(fabs(x->coef[ph]), 1.0);
                int entry = pst_entry(tc, v, slot - EVAL_NSLOTS, ph);
                CU_ASSERT_EQUAL(x->value[ph], (int)x->coef[ph] * entry);
                tc->pst_entries++;
            } else {
                /* coefficient x weight, but for integer rounding */
                double linear = x->coef[ph] * w[slot];
                CU_ASSERT(fabs(linear - x->value[ph]) < 1);
                tc->rounded += linear != x->value[ph];
            }
        }
    }
    /* Blended by the phase and scaled as the evaluation does. */
    long score = (sum[0] * trace->phase + sum[1] * (256 - trace->phase)) / 256;
    score /= trace->divisor;
    CU_ASSERT_EQUAL(score, trace->eval);
    CU_ASSERT_EQUAL(trace->eval, pos->side == WHITE ? e : -e);
    tc->positions++;
}

static void test_trace(void)
{
    static const char *const names[] = {
        "chess", "capablanca", "crazyhouse", "shogi", "xiangqi", "makruk", "giveaway",
        "atomic", "horde", "grand", "seirawan", "shatranj", "extinction", "minishogi", NULL };
    for (int i = 0; names[i]; i++) {
        const Variant *v = variant(names[i]);
        TraceCheck tc;
        memset(&tc, 0, sizeof tc);
        tc.et = eval_tables_create(v);
        CU_ASSERT_PTR_NOT_NULL_FATAL(tc.et);
        random_positions(v, 6, false, check_trace, &tc);
        CU_ASSERT(tc.positions > 100);
        CU_ASSERT(tc.pst_entries > 1000);
        /* integer rounding is the exception, not the rule */
        CU_ASSERT(tc.rounded * 10 < tc.terms);
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < MAX_PIECE_TYPES; t++)
                free(tc.pst[c][t]);
        eval_tables_destroy((EvalTables *)tc.et);
    }
}

/* ---- weights given by a variant file -------------------------------------- */

static const char *const FAMILY =
    "name: plain-chess\n"          /* chess with the weights derived from its pieces */
    "extends: chess\n"
    "eval: ~\n"
    "---\n"
    "name: heavy-knight\n"
    "extends: plain-chess\n"
    "pieces: {A: {name: archbishop, moves: BN}}\n"
    "eval:\n"
    "  material: {N: [400, 350], A: [800, 850]}\n"
    "  mop-up: {edge: 25}\n"
    "  psqt: {N: {mg: [[0,0,0,0,0,0,0,0], [0,0,0,0,0,0,0,0], [0,0,0,0,0,0,0,0],\n"
    "                  [0,0,0,0,0,0,0,0], [0,0,0,9,0,0,0,0], [0,0,0,0,0,0,0,0],\n"
    "                  [0,0,0,0,0,0,0,0], [0,0,0,0,0,0,0,0]]}}\n"
    "---\n"
    "name: no-archbishop\n"
    "extends: heavy-knight\n"
    "pieces: {A: ~}\n"
    "eval:\n"
    "  mop-up: {flights: -20}\n"
    "---\n"
    "name: small\n"
    "extends: heavy-knight\n"
    "board: 6x6\n"
    "start: rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\n"
    "castling: none\n"
    "---\n"
    "name: own-weights\n"
    "extends: heavy-knight\n"
    "eval: ~\n";

static const EvalParams *params_of(const VariantSet *s, const char *name, EvalTables **et)
{
    const Variant *v = varset_find(s, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    *et = eval_tables_create(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(*et);
    return eval_tables_params(*et);
}

/* A child inherits its parent's weights and changes single numbers; what
 * it cannot use (a piece it lacks, a board of another size) is left out
 * without an error; `eval: ~` starts from its own defaults. */
static void test_inherited_weights(void)
{
    VariantSet s;
    varset_init(&s);
    varset_load_builtin(&s, NULL, "");
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&s, "family.yaml", FAMILY, stderr, ""), 0);
    EvalTables *chess, *heavy, *noarch, *small, *own;
    const EvalParams *pc = params_of(&s, "plain-chess", &chess);
    const EvalParams *ph = params_of(&s, "heavy-knight", &heavy);
    const EvalParams *pq = params_of(&s, "no-archbishop", &noarch);
    const EvalParams *ps = params_of(&s, "small", &small);
    const EvalParams *po = params_of(&s, "own-weights", &own);
    int n = variant_type_by_letter(varset_find(&s, "no-archbishop"), 'N', false);
    int nh = variant_type_by_letter(varset_find(&s, "heavy-knight"), 'N', false);
    CU_ASSERT_EQUAL(ph->material[nh][0], 400);
    CU_ASSERT_EQUAL(ph->material[nh][1], 350);
    CU_ASSERT_EQUAL(ph->mop_up[0], 25);
    CU_ASSERT_EQUAL(ph->mop_up[2], pc->mop_up[2]);
    CU_ASSERT_EQUAL(ph->psqt[nh][0][var_square(varset_find(&s, "chess"), 3, 3)], 9);
    /* the archbishop's weights are dropped with it; the rest stays */
    CU_ASSERT_EQUAL(pq->material[n][0], 400);
    CU_ASSERT_EQUAL(pq->mop_up[0], 25);
    CU_ASSERT_EQUAL(pq->mop_up[2], -20);
    /* an 8x8 board does not fit 6x6: the offsets stay 0 */
    int ns = variant_type_by_letter(varset_find(&s, "small"), 'N', false);
    CU_ASSERT_EQUAL(ps->material[ns][0], 400);
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        CU_ASSERT_EQUAL(ps->psqt[ns][0][sq], 0);
    CU_ASSERT_EQUAL(po->material[nh][0], pc->material[nh][0]);
    CU_ASSERT_EQUAL(po->mop_up[0], pc->mop_up[0]);
    eval_tables_destroy(chess);
    eval_tables_destroy(heavy);
    eval_tables_destroy(noarch);
    eval_tables_destroy(small);
    eval_tables_destroy(own);
    varset_free(&s);
}

/* A given weight moves the evaluation by exactly what it says. */
static void test_given_weight_moves_eval(void)
{
    VariantSet s;
    char err[256];
    varset_init(&s);
    varset_load_builtin(&s, NULL, "");
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&s, "family.yaml", FAMILY, stderr, ""), 0);
    EvalTables *chess = eval_tables_create(varset_find(&s, "plain-chess"));
    EvalTables *heavy = eval_tables_create(varset_find(&s, "heavy-knight"));
    /* white has three knights, one on d4 (the offset's square), black one */
    const char *fen = "rnbqkb1r/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, varset_find(&s, "plain-chess"), fen, err,
                                           sizeof err), 0);
    int before = eval_position(chess, pos);
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, varset_find(&s, "heavy-knight"), fen, err,
                                           sizeof err), 0);
    int after = eval_position(heavy, pos);
    /* the opening phase: two knights more, each 75 dearer in the
       middlegame, and 9 more on d4 */
    eval_trace(heavy, pos, trace);
    CU_ASSERT_EQUAL(trace->phase, 256);
    CU_ASSERT_EQUAL(after - before, 2 * 75 + 9);
    eval_tables_destroy(chess);
    eval_tables_destroy(heavy);
    varset_free(&s);
}

/* ---- the tuner ------------------------------------------------------------ */

typedef struct {
    FILE *out;
    const EvalTables *et;
} DataWriter;

/* Scored by the `truth` tables; the result follows the score. */
static void write_position(const Variant *v, void *ctx)
{
    DataWriter *d = ctx;
    char fen[1024];
    (void)v;
    position_get_fen(pos, fen, sizeof fen);
    int e = eval_position(d->et, pos);
    if (pos->side == BLACK)
        e = -e;
    fprintf(d->out, "%s | %d | %s\n", fen, e, e > 150 ? "1.0" : e < -150 ? "0.0" : "0.5");
}

/* A data file of chess positions scored with a knight worth 425. */
static void write_data(const char *path, int knight)
{
    const Variant *v = variant("chess");
    EvalTables *et = eval_tables_create(v);
    EvalParams p = *eval_tables_params(et);
    int n = variant_type_by_letter(v, 'N', false);
    p.material[n][0] = p.material[n][1] = knight;
    DataWriter d = { fopen(path, "w"), eval_tables_create_with(v, &p) };
    CU_ASSERT_PTR_NOT_NULL_FATAL(d.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d.et);
    fprintf(d.out, "# menagerie test data: chess, the knight worth %d\n", knight);
    random_positions(v, 60, true, write_position, &d);
    fclose(d.out);
    eval_tables_destroy((EvalTables *)d.et);
    eval_tables_destroy(et);
}

static char data_path[64];

static void make_data(void)
{
    if (data_path[0])
        return;
    snprintf(data_path, sizeof data_path, "/tmp/menagerie-tune-%ld.data", (long)getpid());
    write_data(data_path, 425);
}

/* With no epochs the model is the evaluation: the same error. */
static void test_model_is_the_evaluation(void)
{
    TuneOptions o;
    TuneReport rep;
    EvalParams *out = malloc(sizeof *out), *start = malloc(sizeof *start);
    const char *files[] = { data_path };
    make_data();
    tune_default_options(&o);
    o.files = files;
    o.nfiles = 1;
    o.epochs = 0;
    FILE *log = fopen("/dev/null", "w");
    CU_ASSERT_EQUAL(tune_run(variant("chess"), &o, log, out, start, &rep), 0);
    CU_ASSERT(rep.positions > 500);
    CU_ASSERT_EQUAL(rep.changed, 0);
    CU_ASSERT(fabs(rep.error_start - rep.check_start) < 0.02 * rep.check_start);
    CU_ASSERT_EQUAL(memcmp(out, start, sizeof *out), 0);
    fclose(log);
    free(out);
    free(start);
}

/* Fitting the material to scores made with a dearer knight lowers the
 * error and raises the knight. */
static void test_tuning_finds_the_knight(void)
{
    TuneOptions o;
    TuneReport rep;
    EvalParams *out = malloc(sizeof *out), *start = malloc(sizeof *start);
    const char *files[] = { data_path };
    const Variant *v = variant("chess");
    int n = variant_type_by_letter(v, 'N', false);
    make_data();
    tune_default_options(&o);
    o.files = files;
    o.nfiles = 1;
    o.epochs = 150;
    o.rate = 2;
    o.lambda = 0;
    o.threads = 2;
    memset(o.group, 0, sizeof o.group);
    o.group[eval_param_group_find("material") - eval_param_groups] = true;
    FILE *log = fopen("/dev/null", "w");
    CU_ASSERT_EQUAL_FATAL(tune_run(v, &o, log, out, start, &rep), 0);
    CU_ASSERT(rep.error_end < rep.error_start / 4);
    CU_ASSERT(rep.check_end < rep.check_start / 4);
    CU_ASSERT(out->material[n][0] > start->material[n][0] + 50);
    CU_ASSERT(out->material[n][1] > start->material[n][1]);
    /* only material was tuned */
    CU_ASSERT_EQUAL(memcmp(out->centre, start->centre, sizeof out->centre), 0);
    CU_ASSERT_EQUAL(out->tempo[0], start->tempo[0]);
    fclose(log);
    free(out);
    free(start);
}

/* Malformed lines are reported as FILE:LINE and skipped; a file of
 * nothing else gives no positions to tune on. */
static void test_malformed_data(void)
{
    char path[64], *msgs = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "/tmp/menagerie-tune-bad-%ld.data", (long)getpid());
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("# a header\n"
          "\n"
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 25 | 0.5\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12\n"
          "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 1.0\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1e3 | 1.0\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.7\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 1.0 | 3\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 1\n", f);
    fclose(f);
    TuneOptions o;
    TuneReport rep;
    EvalParams *out = malloc(sizeof *out), *start = malloc(sizeof *start);
    const char *files[] = { path };
    tune_default_options(&o);
    o.files = files;
    o.nfiles = 1;
    o.epochs = 1;
    FILE *log = open_memstream(&msgs, &len);
    CU_ASSERT_EQUAL(tune_run(variant("chess"), &o, log, out, start, &rep), 0);
    fclose(log);
    CU_ASSERT_EQUAL(rep.positions, 2);
    CU_ASSERT_EQUAL(rep.malformed, 5);
    for (int line = 4; line <= 8; line++) {
        char where[80];
        snprintf(where, sizeof where, "%s:%d: ", path, line);
        CU_ASSERT_PTR_NOT_NULL(strstr(msgs, where));
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "bad FEN"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "Skipped 5 malformed lines"));
    free(msgs);

    /* nothing usable */
    f = fopen(path, "w");
    fputs("junk\n", f);
    fclose(f);
    log = fopen("/dev/null", "w");
    CU_ASSERT_EQUAL(tune_run(variant("chess"), &o, log, out, start, &rep), -1);
    fclose(log);
    remove(path);
    free(out);
    free(start);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("tune", suite_init, suite_clean);
    CU_add_test(s, "the trace adds up to the evaluation", test_trace);
    CU_add_test(s, "weights inherited and overridden", test_inherited_weights);
    CU_add_test(s, "a given weight moves the evaluation", test_given_weight_moves_eval);
    CU_add_test(s, "the model at the start is the evaluation", test_model_is_the_evaluation);
    CU_add_test(s, "tuning finds the dearer knight", test_tuning_finds_the_knight);
    CU_add_test(s, "malformed data lines", test_malformed_data);
    int status = cunit_run_registry();
    if (data_path[0])
        remove(data_path);
    return status;
}
