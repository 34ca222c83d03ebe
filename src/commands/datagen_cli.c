/*
 * datagen_cli.c — `menagerie datagen`'s command line (datagen.h).
 */
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "commands/datagen.h"
#include "util/number.h"

static void datagen_usage(FILE *out)
{
    fprintf(out, "usage: menagerie datagen -v VARIANT [-o FILE | --data-dir DIR] [--games N]\n"
                 "                         [--nodes N | --depth D] [--random-plies K] [--threads T]\n"
                 "                         [--seed S] [--hash MB] [--max-plies P]\n"
                 "                         [--eval-file FILE|auto] [--shard K/N]\n");
}

typedef struct {
    int         id;
    const char *name;
    long long   lo, hi;
} NumberOption;

enum { OPT_GAMES = 256, OPT_NODES, OPT_DEPTH, OPT_RANDOM_PLIES, OPT_THREADS, OPT_SEED, OPT_HASH,
       OPT_MAX_PLIES, OPT_EVAL_FILE, OPT_DATA_DIR, OPT_SHARD, OPT_HELP };

static const NumberOption number_options[] = {
    { OPT_GAMES, "--games", 1, DATAGEN_GAMES_MAX },
    { OPT_NODES, "--nodes", 1, DATAGEN_NODES_MAX },
    { OPT_DEPTH, "--depth", 1, DATAGEN_DEPTH_MAX },
    { OPT_RANDOM_PLIES, "--random-plies", 0, DATAGEN_RANDOM_PLIES_MAX },
    { OPT_THREADS, "--threads", 1, DATAGEN_THREADS_MAX },
    { OPT_SEED, "--seed", 0, INT64_MAX },
    { OPT_HASH, "--hash", 1, DATAGEN_HASH_MAX },
    { OPT_MAX_PLIES, "--max-plies", 1, DATAGEN_MAX_PLIES_MAX },
};

static long long *number_field(DatagenOptions *opt, int id)
{
    switch (id) {
    case OPT_GAMES: return &opt->games;
    case OPT_NODES: return &opt->nodes;
    case OPT_DEPTH: return &opt->depth;
    case OPT_RANDOM_PLIES: return &opt->random_plies;
    case OPT_THREADS: return &opt->threads;
    case OPT_SEED: return &opt->seed;
    case OPT_HASH: return &opt->hash_mb;
    default: return &opt->max_plies;
    }
}

/* Read the value of number option `id`; false (with a message) when it
 * is not a number in the option's range or the option is unknown. */
static bool read_number_option(DatagenOptions *opt, int id, const char *text)
{
    for (size_t i = 0; i < sizeof number_options / sizeof number_options[0]; i++) {
        const NumberOption *o = &number_options[i];
        if (o->id != id)
            continue;
        NumberStatus st = number_parse_int(text, o->lo, o->hi, number_field(opt, id));
        if (st == NUMBER_OK)
            return true;
        char problem[96];
        fprintf(stderr, "menagerie datagen: %s '%s' %s\n", o->name, text,
                number_problem(st, o->lo, o->hi, problem, sizeof problem));
        return false;
    }
    datagen_usage(stderr);
    return false;
}

/* --shard K/N: 1 <= K <= N; false after a message. */
static bool read_shard(DatagenOptions *opt, const char *text)
{
    const char *p = text;
    if (number_scan_int(&p, 1, DATAGEN_SHARDS_MAX, &opt->shard) == NUMBER_OK && *p++ == '/'
        && number_parse_int(p, 1, DATAGEN_SHARDS_MAX, &opt->shards) == NUMBER_OK
        && opt->shard <= opt->shards)
        return true;
    fprintf(stderr, "menagerie datagen: --shard '%s' is not K/N with 1 <= K <= N\n", text);
    return false;
}

int cmd_datagen(const VariantSet *set, int argc, char **argv)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "output", required_argument, NULL, 'o' },
        { "games", required_argument, NULL, OPT_GAMES },
        { "nodes", required_argument, NULL, OPT_NODES },
        { "depth", required_argument, NULL, OPT_DEPTH },
        { "random-plies", required_argument, NULL, OPT_RANDOM_PLIES },
        { "threads", required_argument, NULL, OPT_THREADS },
        { "seed", required_argument, NULL, OPT_SEED },
        { "hash", required_argument, NULL, OPT_HASH },
        { "max-plies", required_argument, NULL, OPT_MAX_PLIES },
        { "eval-file", required_argument, NULL, OPT_EVAL_FILE },
        { "data-dir", required_argument, NULL, OPT_DATA_DIR },
        { "shard", required_argument, NULL, OPT_SHARD },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 }
    };
    DatagenOptions opt;
    datagen_defaults(&opt);
    bool nodes_given = false, depth_given = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "v:o:", opts, NULL)) != -1) {
        if (c == 'v') {
            opt.variant = optarg;
        } else if (c == 'o') {
            opt.path = optarg;
        } else if (c == OPT_HELP) {
            datagen_usage(stdout);
            return 0;
        } else if (c == OPT_EVAL_FILE) {
            opt.eval_file = optarg;
        } else if (c == OPT_DATA_DIR) {
            opt.data_dir = optarg;
        } else if (c == OPT_SHARD) {
            if (!read_shard(&opt, optarg))
                return 2;
        } else if (!read_number_option(&opt, c, optarg)) {
            return 2;
        }
        nodes_given |= c == OPT_NODES;
        depth_given |= c == OPT_DEPTH;
    }
    if (optind < argc) {
        fprintf(stderr, "menagerie datagen: unexpected argument '%s'\n", argv[optind]);
        datagen_usage(stderr);
        return 2;
    }
    if (!opt.variant) {
        fprintf(stderr, "menagerie datagen: give the variant (-v VARIANT)\n");
        datagen_usage(stderr);
        return 2;
    }
    if (opt.path && opt.data_dir) {
        fprintf(stderr, "menagerie datagen: give either -o FILE or --data-dir DIR, not both\n");
        return 2;
    }
    if (nodes_given && depth_given) {
        fprintf(stderr, "menagerie datagen: give either --nodes or --depth, not both\n");
        return 2;
    }
    if (depth_given)
        opt.nodes = 0;
    return datagen_run(set, &opt, stderr);
}
