/*
 * bench.c — the bench signature and the eval breakdown (see bench.h).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "notation/diagram.h"
#include "commands/bench.h"
#include "catalog/eval_write.h"
#include "search/eval.h"
#include "search/search.h"
#include "util/number.h"

typedef struct {
    const char *variant;
    const char *fen;      /* NULL: the variant's start position */
} BenchPosition;

/* Variants missing from the set are skipped (with a note), so the
 * signature is only comparable between builds with the same variants. */
static const BenchPosition bench_positions[] = {
    { "chess", NULL },
    { "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" },
    { "chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8" },
    { "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" },
    { "chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" },
    { "capablanca", NULL },
    { "capablanca", "r1abqkbcnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNABQKBC1R w KQkq - 2 3" },
    { "shogi", NULL },
    { "xiangqi", NULL },
    { "xiangqi", "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1" },
    { "crazyhouse", NULL },
    { "grand", NULL },
    { "makruk", NULL },
    { "minishogi", NULL },
    { "kingofthehill", NULL },
    { "menagerie", NULL },
    { "nursery", NULL },
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Evaluate with v's tables: built when the variant changes, the old
 * ones freed.  False when out of memory. */
static bool use_tables(Search *s, const Variant *v, const Variant **tables_of, EvalTables **et)
{
    if (*et && *tables_of == v)
        return true;
    EvalTables *fresh = eval_tables_create(v);
    if (!fresh)
        return false;
    search_set_eval(s, fresh);
    eval_tables_destroy(*et);
    *et = fresh;
    *tables_of = v;
    return true;
}

uint64_t bench_run(const VariantSet *set, int depth, FILE *out)
{
    Search *s = search_create(16);
    Position *pos = malloc(sizeof *pos);
    EvalTables *et = NULL;
    const Variant *tables_of = NULL;
    if (!s || !pos) {
        fprintf(stderr, "menagerie bench: out of memory\n");
        search_destroy(s);
        free(pos);
        return 0;
    }
    uint64_t total = 0;
    double t0 = now_seconds();
    int n = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    for (int i = 0; i < n; i++) {
        const BenchPosition *bp = &bench_positions[i];
        const Variant *v = varset_find(set, bp->variant);
        char err[256];
        if (!v) {
            fprintf(stderr, "bench: variant '%s' not available, skipped\n", bp->variant);
            continue;
        }
        if (position_set_fen(pos, v, bp->fen ? bp->fen : v->start_fen, err, sizeof err) != 0) {
            fprintf(stderr, "bench: %s: bad FEN: %s\n", bp->variant, err);
            continue;
        }
        if (!use_tables(s, v, &tables_of, &et)) {
            fprintf(stderr, "bench: %s: out of memory\n", bp->variant);
            continue;
        }
        SearchLimits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = depth;
        lim.time_ms[0] = lim.time_ms[1] = -1;
        lim.multipv = 1;
        search_clear(s);
        Move ponder;
        Move best = search_run(s, pos, &lim, NULL, &ponder);
        uint64_t nodes = search_nodes(s);
        char name[32];
        move_to_string(pos, best, false, name, sizeof name);
        fprintf(out, "%2d %-14s %-8s %12" PRIu64 "\n", i + 1, bp->variant, name, nodes);
        total += nodes;
    }
    double dt = now_seconds() - t0;
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    fprintf(out, "Nodes/second: %.0f\n", dt > 0 ? total / dt : 0.0);
    search_destroy(s);
    eval_tables_destroy(et);
    free(pos);
    return total;
}

int cmd_bench(const VariantSet *set, int argc, char **argv)
{
    int depth = BENCH_DEFAULT_DEPTH;
    if (argc > 2) {
        fprintf(stderr, "usage: menagerie bench [DEPTH]\n");
        return 2;
    }
    if (argc == 2) {
        long long d;
        NumberStatus st = number_parse_int(argv[1], 1, BENCH_DEPTH_MAX, &d);
        if (st != NUMBER_OK) {
            char problem[96];
            fprintf(stderr, "menagerie bench: DEPTH '%s' %s\n", argv[1],
                    number_problem(st, 1, BENCH_DEPTH_MAX, problem, sizeof problem));
            return 2;
        }
        depth = (int)d;
    }
    bench_run(set, depth, stdout);
    return 0;
}

/* `eval --params`: every weight, as an `eval:` section to copy from. */
static int print_params(const Variant *v)
{
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(stderr, "menagerie eval: out of memory\n");
        return 2;
    }
    printf("# The evaluation's weights for %s: the defaults derived from its pieces%s.\n"
           "# Any of them may be given in the variant file (menagerie-variants(5)).\n",
           v->name, eval_overrides_any(&v->eval) ? ", with its own eval: section" : "");
    uint8_t *matters = malloc(EVAL_NSLOTS);
    if (!matters) {
        fprintf(stderr, "menagerie eval: out of memory\n");
        eval_tables_destroy(et);
        return 2;
    }
    eval_weights_that_matter(et, v, matters);
    eval_write_section(stdout, v, eval_tables_params(et), NULL, matters);
    free(matters);
    eval_tables_destroy(et);
    return 0;
}

int cmd_eval(const VariantSet *set, int argc, char **argv)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "fen", required_argument, NULL, 'f' },
        { "params", no_argument, NULL, 'p' },
        { NULL, 0, NULL, 0 }
    };
    const char *variant = "chess", *fen = NULL;
    bool params = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "v:f:p", opts, NULL)) != -1) {
        switch (c) {
        case 'v': variant = optarg; break;
        case 'f': fen = optarg; break;
        case 'p': params = true; break;
        default:
            fprintf(stderr, "usage: menagerie eval [-v VARIANT] [--fen FEN | --params]\n");
            return 2;
        }
    }
    const Variant *v = varset_find(set, variant);
    if (!v) {
        fprintf(stderr, "menagerie: unknown variant '%s' (try 'menagerie list')\n", variant);
        return 2;
    }
    if (params)
        return print_params(v);
    Position *pos = malloc(sizeof *pos);
    char err[256];
    if (!pos || position_set_fen(pos, v, fen ? fen : v->start_fen, err, sizeof err) != 0) {
        fprintf(stderr, "menagerie eval: bad FEN: %s\n", pos ? err : "out of memory");
        free(pos);
        return 2;
    }
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(stderr, "menagerie eval: out of memory\n");
        free(pos);
        return 2;
    }
    position_print(pos, stdout);
    putchar('\n');
    eval_print(et, pos, stdout);
    eval_tables_destroy(et);
    free(pos);
    return 0;
}
