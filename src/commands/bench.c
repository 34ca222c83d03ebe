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

/* The network bench evaluates with (--eval-file) where it fits, and
 * what came of it. */
typedef struct {
    const char *file;         /* NULL: the classical evaluation everywhere */
    int loaded;               /* positions it evaluated */
    bool refused;
    char note[1600];
} BenchNet;

/* Evaluate with v's tables: built when the variant changes, the old
 * ones freed.  False when out of memory. */
static bool use_tables(Search *s, const Variant *v, const Variant **tables_of, EvalTables **et,
                       BenchNet *bn)
{
    if (*et && *tables_of == v)
        return true;
    EvalTables *fresh = eval_tables_create(v);
    if (!fresh)
        return false;
    if (bn->file) {
        char note[sizeof bn->note];
        EvalNetOutcome o = eval_load_net(fresh, v, bn->file, note, sizeof note);
        if (o == EVAL_NET_LOADED || o == EVAL_NET_REFUSED)
            snprintf(bn->note, sizeof bn->note, "%s", note);
        bn->refused |= o == EVAL_NET_REFUSED;
    }
    search_set_eval(s, fresh);
    eval_tables_destroy(*et);
    *et = fresh;
    *tables_of = v;
    return true;
}

uint64_t bench_run(const VariantSet *set, int depth, FILE *out)
{
    return bench_run_net(set, depth, NULL, out);
}

uint64_t bench_run_net(const VariantSet *set, int depth, const char *eval_file, FILE *out)
{
    BenchNet bn = { eval_file, 0, false, "" };
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
        if (!use_tables(s, v, &tables_of, &et, &bn)) {
            fprintf(stderr, "bench: %s: out of memory\n", bp->variant);
            continue;
        }
        if (bn.refused)
            break;
        bn.loaded += eval_tables_net(et) != NULL;
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
    search_destroy(s);
    eval_tables_destroy(et);
    free(pos);
    if (bn.file && (bn.refused || !bn.loaded)) {
        fprintf(stderr, "menagerie bench: %s\n",
                bn.note[0] ? bn.note : "the network fits no bench position's variant");
        return 0;
    }
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    fprintf(out, "Nodes/second: %.0f\n", dt > 0 ? total / dt : 0.0);
    if (bn.file)
        fprintf(out, "%s: %d positions\n", bn.note, bn.loaded);
    return total;
}

int cmd_bench(const VariantSet *set, int argc, char **argv)
{
    static const char usage[] = "usage: menagerie bench [--eval-file FILE] [DEPTH]\n";
    int depth = BENCH_DEFAULT_DEPTH;
    const char *eval_file = NULL, *depth_text = NULL;
    /* by hand, not getopt: "-3" is a DEPTH out of range, not an option */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--eval-file") == 0 && i + 1 < argc)
            eval_file = argv[++i];
        else if (strncmp(argv[i], "--eval-file=", 12) == 0)
            eval_file = argv[i] + 12;
        else if (!depth_text && strncmp(argv[i], "--", 2) != 0)
            depth_text = argv[i];
        else {
            fputs(usage, stderr);
            return 2;
        }
    }
    if (depth_text) {
        long long d;
        NumberStatus st = number_parse_int(depth_text, 1, BENCH_DEPTH_MAX, &d);
        if (st != NUMBER_OK) {
            char problem[96];
            fprintf(stderr, "menagerie bench: DEPTH '%s' %s\n", depth_text,
                    number_problem(st, 1, BENCH_DEPTH_MAX, problem, sizeof problem));
            return 2;
        }
        depth = (int)d;
    }
    return bench_run_net(set, depth, eval_file, stdout) || !eval_file ? 0 : 1;
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
        { "eval-file", required_argument, NULL, 'e' },
        { "classical", no_argument, NULL, 'c' },
        { NULL, 0, NULL, 0 }
    };
    const char *variant = "chess", *fen = NULL, *eval_file = NULL;
    bool params = false, classical = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "v:f:p", opts, NULL)) != -1) {
        switch (c) {
        case 'v': variant = optarg; break;
        case 'f': fen = optarg; break;
        case 'p': params = true; break;
        case 'e': eval_file = optarg; break;
        case 'c': classical = true; break;
        default:
            fprintf(stderr, "usage: menagerie eval [-v VARIANT] [--fen FEN] "
                            "[--eval-file FILE | --classical | --params]\n");
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
    char note[1600] = "";
    if (!classical) {
        EvalNetOutcome o = eval_file ? eval_load_net(et, v, eval_file, note, sizeof note)
                                     : eval_choose_net(et, v, NULL, note, sizeof note);
        if (o != EVAL_NET_LOADED && eval_file) {
            fprintf(stderr, "menagerie eval: %s\n", note);
            eval_tables_destroy(et);
            free(pos);
            return 2;
        }
        if (o == EVAL_NET_REFUSED)     /* a damaged VARIANT.nnue found by name */
            fprintf(stderr, "menagerie eval: %s\n", note);
    }
    position_print(pos, stdout);
    putchar('\n');
    eval_print(et, pos, stdout);
    if (note[0] && eval_tables_net(et))
        printf("%s\n", note);
    eval_tables_destroy(et);
    free(pos);
    return 0;
}
