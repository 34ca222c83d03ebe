/*
 * test_nnue_simd.c — every version of the network's loops this build and
 * CPU run (board/nnue.h: portable, sse2, avx2) gives the portable one's
 * bits: over random games with small trees below them, two copies of the
 * position move in step, one evaluated by the portable loops and one by
 * the version under test, each with its own accumulator stack, and at
 * each position the evaluation, the output of every bucket, the
 * accumulators brought up to date lazily and the ones added up afresh
 * must be equal.  The nets: the ones compiled in (chess, shogi, xiangqi,
 * capablanca), random ones with 8 output buckets and 512 hidden values
 * (crazyhouse's hand features among them), and one whose weights make the
 * int16 accumulators wrap round and the output sum come near 32 bits.
 * SCReLU nets (the clipped values squared) the same way, from 16 hidden
 * values (the AVX2 loop's tail alone) to 1024, and with output weights
 * as large as nnue_net_check lets them be; there the portable output
 * must also equal the sum worked out here.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/nnue.h"
#include "board/rules.h"
#include "board/zobrist.h"
#include "catalog/nets.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"
#include "cunit_run.h"
#include "test_rng.h"

#define TREE_DEPTH 2
#define STACK_PLIES 24     /* games go deeper: past it, evaluation from scratch */

static VariantSet set;
static Position *ref, *alt;      /* the portable loops' copy, the tested version's */
static NnueStack *ref_stack, *alt_stack;
static MoveList *lists;          /* one per depth */
static uint64_t rng;
static const char *tested;       /* the version alt is evaluated with */
static int compared, mismatches;

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_builtin(&set, stderr, "");
    ref = malloc(sizeof *ref);
    alt = malloc(sizeof *alt);
    lists = malloc((TREE_DEPTH + 1) * sizeof *lists);
    return ref && alt && lists ? 0 : -1;
}

static int suite_clean(void)
{
    varset_free(&set);
    free(ref);
    free(alt);
    free(lists);
    return 0;
}

static const Variant *variant(const char *name)
{
    const Variant *v = varset_find(&set, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* The net compiled into the program for v. */
static NnueNet *shipped_net(const Variant *v)
{
    const BuiltinNet *b = nets_find_builtin(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    char err[256];
    NnueNet *net = nnue_load_bytes(b->bytes, (size_t)b->size, b->name, v, NULL, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    return net;
}

/* Random weights in [-ft, ft] and [-out, out]; biases so that some
 * activations clip at 0 and some at qa. */
static NnueNet *random_net(const Variant *v, int hidden, int buckets, int ft, int out)
{
    NnueNet *net = nnue_net_create(v, hidden, nnue_default_hand_slots(v), buckets, 255, 1024,
                                   400);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    for (int i = 0; i < hidden; i++)
        net->ft_bias[i] = (int16_t)test_rng_in(&rng, -120, 380);
    for (long i = 0; i < (long)net->nfeatures * hidden; i++)
        net->ft_weight[i] = (int16_t)test_rng_in(&rng, -ft, ft);
    for (int i = 0; i < buckets * 2 * hidden; i++)
        net->out_weight[i] = (int16_t)test_rng_in(&rng, -out, out);
    for (int b = 0; b < buckets; b++)
        net->out_bias[b] = test_rng_in(&rng, -200000, 200000);
    char err[256];
    CU_ASSERT_FATAL(nnue_net_check(net, err, sizeof err));
    return net;
}

/* ---- the two copies in step --------------------------------------------------- */

static void both_make(Move m)
{
    position_make(ref, m);
    position_make(alt, m);
}

static void both_unmake(void)
{
    position_unmake(ref);
    position_unmake(alt);
}

static bool random_move(MoveList *ml, Move *m)
{
    rules_legal_moves(ref, ml);
    if (!ml->n)
        return false;
    *m = ml->m[test_rng_next(&rng) % ml->n];
    return true;
}

/* What one version makes of pos: the evaluation, every bucket's output,
 * the accumulators (the stack's, brought up to date) and a refresh. */
typedef struct {
    int eval;
    int out[NNUE_BUCKETS_MAX];
    int16_t acc[2 * NNUE_HIDDEN_MAX];
    int16_t fresh[2 * NNUE_HIDDEN_MAX];
} Outputs;

static void outputs(const NnueNet *net, const Position *pos, const char *impl, Outputs *o)
{
    CU_ASSERT_FATAL(nnue_impl_use(impl));
    static int16_t scratch[2 * NNUE_HIDDEN_MAX];
    int h = net->hidden;
    o->eval = nnue_evaluate(net, pos);
    const int16_t *acc = nnue_accumulators(net, pos, scratch);
    memcpy(o->acc, acc, 2 * (size_t)h * sizeof *acc);
    nnue_refresh(net, pos, o->fresh);
    for (int b = 0; b < net->buckets; b++)
        o->out[b] = nnue_output(net, acc + pos->side * h, acc + (1 - pos->side) * h, b);
}

/* A bucket's output worked out plainly: SCReLU, in 64 bits. */
static int screlu_reference(const NnueNet *net, const int16_t *us, const int16_t *them, int b)
{
    int h = net->hidden;
    int64_t sum = net->out_bias[b];
    for (int i = 0; i < 2 * h; i++) {
        int64_t x = i < h ? us[i] : them[i - h];
        x = x < 0 ? 0 : x > net->qa ? net->qa : x;
        sum += (x * x / 256) * net->out_weight[(size_t)b * 2 * h + i];
    }
    return (int)(sum * net->scale / ((int64_t)net->qa * net->qb));
}

static bool reference_differs(const NnueNet *net, const Outputs *a, int side)
{
    if (net->activation != NNUE_SCRELU)
        return false;
    int h = net->hidden;
    for (int b = 0; b < net->buckets; b++)
        if (a->out[b] != screlu_reference(net, a->acc + side * h, a->acc + (1 - side) * h, b))
            return true;
    return false;
}

static void compare(const NnueNet *net)
{
    static Outputs a, b;
    outputs(net, ref, "portable", &a);
    outputs(net, alt, tested, &b);
    size_t bytes = 2 * (size_t)net->hidden * sizeof(int16_t);
    const char *what = a.eval != b.eval                               ? "evaluation"
                     : reference_differs(net, &a, ref->side)          ? "portable vs reference"
                     : memcmp(a.out, b.out, sizeof a.out) != 0        ? "a bucket's output"
                     : memcmp(a.acc, b.acc, bytes) != 0               ? "accumulators"
                     : memcmp(a.fresh, b.fresh, bytes) != 0           ? "refreshed accumulators"
                     : memcmp(a.acc, a.fresh, bytes) != 0             ? "incremental vs refresh"
                     : NULL;
    compared++;
    if (what && mismatches++ < 5)
        fprintf(stderr, "\n    %s, %s: %s differ from portable (eval %d, portable %d) at ply %d\n",
                net->variant, tested, what, b.eval, a.eval, ref->ply);
}

/* A few random lines below the position; sometimes a position passes
 * unevaluated, so the lazy update catches up over several moves. */
static void walk(const NnueNet *net, int depth)
{
    if (test_rng_next(&rng) % 3)
        compare(net);
    if (depth == 0)
        return;
    for (int k = 0; k < 2; k++) {
        Move m;
        if (!random_move(&lists[depth], &m))
            return;
        both_make(m);
        walk(net, depth - 1);
        both_unmake();
    }
}

static void games(const Variant *v, const NnueNet *net, int ngames, int plies, uint64_t seed)
{
    rng = seed;
    char err[256];
    ref_stack = nnue_stack_for(ref_stack, net, STACK_PLIES);
    alt_stack = nnue_stack_for(alt_stack, net, STACK_PLIES);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ref_stack);
    CU_ASSERT_PTR_NOT_NULL_FATAL(alt_stack);
    for (int g = 0; g < ngames; g++) {
        CU_ASSERT_EQUAL_FATAL(position_set_fen(ref, v, v->start_fen, err, sizeof err), 0);
        CU_ASSERT_EQUAL_FATAL(position_set_fen(alt, v, v->start_fen, err, sizeof err), 0);
        nnue_stack_attach(ref_stack, ref);
        nnue_stack_attach(alt_stack, alt);
        for (int ply = 0; ply < plies; ply++) {
            walk(net, test_rng_next(&rng) % 4 == 0 ? TREE_DEPTH : 0);
            Move m;
            if (!random_move(&lists[0], &m))
                break;
            both_make(m);
        }
        compare(net);
    }
}

/* Every version against the portable one on net's games (in a build
 * with only the portable loops, portable against itself). */
static void every_version(const Variant *v, const NnueNet *net, int ngames, int plies)
{
    for (int i = nnue_impl_available(1) ? 1 : 0; nnue_impl_available(i); i++) {
        tested = nnue_impl_available(i);
        games(v, net, ngames, plies, 1000 + (uint64_t)i);
    }
}

/* ---- tests ---------------------------------------------------------------------- */

static void test_versions(void)
{
    const char *start = nnue_impl_name();
    CU_ASSERT_STRING_EQUAL(nnue_impl_available(0), "portable");
    printf("\n    versions: ");
    bool listed = false;
    for (int i = 0; nnue_impl_available(i); i++) {
        printf("%s ", nnue_impl_available(i));
        listed |= strcmp(nnue_impl_available(i), start) == 0;
    }
    printf("(in use: %s)\n", start);
    CU_ASSERT(listed);   /* the start chose one it has */
    CU_ASSERT_FALSE(nnue_impl_use("neon-on-a-pdp11"));
    CU_ASSERT_STRING_EQUAL(nnue_impl_name(), start);
    CU_ASSERT(nnue_impl_use("portable"));
    CU_ASSERT_STRING_EQUAL(nnue_impl_name(), "portable");
    CU_ASSERT(nnue_impl_use(start));
}

static void test_shipped_nets(void)
{
    const char *names[] = { "chess", "shogi", "xiangqi", "capablanca" };
    compared = mismatches = 0;
    for (int i = 0; i < 4; i++) {
        const Variant *v = variant(names[i]);
        NnueNet *net = shipped_net(v);
        every_version(v, net, 3, 60);
        nnue_net_free(net);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(compared > 200);
}

static void test_random_nets(void)
{
    const char *names[] = { "chess", "crazyhouse", "shogi", "xiangqi", "capablanca" };
    compared = mismatches = 0;
    rng = 21;
    for (int i = 0; i < 5; i++) {
        const Variant *v = variant(names[i]);
        NnueNet *net = random_net(v, 512, 8, 60, 1500);
        every_version(v, net, 2, 80);
        nnue_net_free(net);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(compared > 200);
}

/* Feature weights up to 12000: a few pieces take an accumulator round
 * int16, which every version must wrap alike; output weights as large as
 * nnue_net_check lets them be. */
static void test_wrapping_net(void)
{
    const char *names[] = { "crazyhouse", "chess" };
    compared = mismatches = 0;
    rng = 22;
    for (int i = 0; i < 2; i++) {
        const Variant *v = variant(names[i]);
        int hidden = 48;
        int out = (int)((INT32_MAX - 200000) / (2LL * hidden * 255));
        NnueNet *net = random_net(v, hidden, 3, 12000, out);
        every_version(v, net, 2, 60);
        nnue_net_free(net);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
}

/* A random SCReLU net. */
static NnueNet *random_screlu_net(const Variant *v, int hidden, int buckets, int ft, int out)
{
    NnueNet *net = random_net(v, hidden, buckets, ft, out);
    net->activation = NNUE_SCRELU;
    char err[256];
    CU_ASSERT_FATAL(nnue_net_check(net, err, sizeof err));
    return net;
}

static void test_screlu_nets(void)
{
    const char *names[] = { "chess", "crazyhouse", "shogi", "xiangqi", "capablanca" };
    const int hidden[] = { 16, 48, 512, 1024, 32 };
    compared = mismatches = 0;
    rng = 23;
    for (int i = 0; i < 5; i++) {
        const Variant *v = variant(names[i]);
        NnueNet *net = random_screlu_net(v, hidden[i], i == 3 ? 1 : 8, 60, 1500);
        every_version(v, net, 2, 60);
        nnue_net_free(net);
    }
    /* accumulators that wrap round, an output sum near 32 bits */
    int out = (int)((INT32_MAX - 200000) / (2LL * 64 * 255));
    NnueNet *net = random_screlu_net(variant("crazyhouse"), 64, 3, 12000, out);
    every_version(variant("crazyhouse"), net, 2, 60);
    nnue_net_free(net);
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(compared > 200);
}

/* SCReLU squares into 16 bits only for qa up to 255. */
static void test_screlu_check(void)
{
    rng = 24;
    NnueNet *net = random_screlu_net(variant("chess"), 16, 1, 60, 100);
    char err[256];
    net->qa = 256;
    CU_ASSERT_FALSE(nnue_net_check(net, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "SCReLU with qa 256: at most 255"));
    nnue_net_free(net);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("nnue_simd", suite_init, suite_clean);
    CU_add_test(s, "the versions available, and choosing one", test_versions);
    CU_add_test(s, "every version equals portable: the shipped nets", test_shipped_nets);
    CU_add_test(s, "every version equals portable: random nets, 512 hidden, 8 buckets",
                test_random_nets);
    CU_add_test(s, "every version equals portable: accumulators that wrap", test_wrapping_net);
    CU_add_test(s, "every version equals portable: SCReLU nets", test_screlu_nets);
    CU_add_test(s, "SCReLU with qa over 255 is refused", test_screlu_check);
    int rc = cunit_run_registry();
    nnue_stack_free(ref_stack);
    nnue_stack_free(alt_stack);
    return rc;
}
