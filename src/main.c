/*
 * main.c — the `menagerie` program: global options, then either a
 * subcommand (perft, check, list, show) or the protocol loop on standard
 * input.
 */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "commands/bench.h"
#include "commands/data_cmd.h"
#include "commands/datagen.h"
#include "board/movegen.h"
#include "board/perft.h"
#include "commands/perft_suite.h"
#include "board/position.h"
#include "protocol/protocol.h"
#include "commands/variant_cmds.h"
#include "commands/train.h"
#include "commands/tune.h"
#include "catalog/variant_load.h"
#include "board/zobrist.h"
#include "util/number.h"

static void usage(FILE *out)
{
    fprintf(out,
        "Usage: menagerie [--variants PATH] [COMMAND [ARGS...]]\n"
        "\n"
        "A multi-variant fairy-chess engine.  Without a command it reads protocol\n"
        "commands on standard input (XBoard/CECP v2, or UCI after 'uci').  A GUI may\n"
        "send it a variant of its own as YAML: CECP 'variantdef', or the option\n"
        "'Variant definition' in either protocol.\n"
        "\n"
        "Commands:\n"
        "  perft [-v VARIANT] [--fen FEN] [--moves \"MOVE ...\"] [--divide] DEPTH\n"
        "                       count the leaves of the legal move tree\n"
        "  perft -v VARIANT --suite FILE [--max-depth N] [--max-nodes N]\n"
        "                       check a file of reference perft counts\n"
        "  check FILE...        validate variant files (exit 1 on error)\n"
        "  list                 list the known variants\n"
        "  show VARIANT... [--svg FILE]\n"
        "                       show variants' boards and pieces (one as an SVG picture)\n"
        "  bench [--eval-file FILE] [DEPTH]\n"
        "                       search fixed positions; prints a node-count signature\n"
        "  eval [-v VARIANT] [--fen FEN] [--eval-file FILE | --classical]\n"
        "                       show the static evaluation term by term\n"
        "  datagen -v VARIANT [-o FILE | --data-dir DIR] [--games N] [--nodes N | --depth D]\n"
        "          [--random-plies K] [--threads T] [--seed S] [--hash MB] [--max-plies P]\n"
        "          [--eval-file FILE|auto] [--shard K/N]\n"
        "                       self-play games written as training data: to the store\n"
        "                       ($XDG_DATA_HOME/menagerie/data/VARIANT), or to FILE (binary\n"
        "                       when it ends in .mgd, else lines FEN | score | result)\n"
        "  data info PATH...    what training-data files and directories hold\n"
        "  data convert [-v VARIANT] IN OUT\n"
        "                       training data from text to binary (OUT ending in .mgd) or back\n"
        "  eval [-v VARIANT] --params\n"
        "                       print the evaluation's weights as an eval: section\n"
        "  tune -v VARIANT [-o FILE] [--name NAME] [--epochs N] [--lambda L] [--l2 X]\n"
        "       [--params LIST] [--threads N] ... DATA...\n"
        "                       fit the evaluation's weights to positions with scores\n"
        "                       and results (data files or directories, text or binary)\n"
        "  train -v VARIANT -o FILE [--hidden N] [--epochs N] [--threads N] ... DATA...\n"
        "                       train a neural evaluation (NNUE) on the same data (their\n"
        "                       union, shuffled, positions repeated across it dropped)\n"
        "\n"
        "Options:\n"
        "  -v, --variant VARIANT  the variant to start in (console, XBoard)\n"
        "  --eval-file FILE     the neural network to evaluate with (EvalFile); without,\n"
        "                       each variant's own VARIANT.nnue where there is one\n"
        "  --variants PATH      extra variant files or directories (':'-separated),\n"
        "                       searched before $MENAGERIE_VARIANTS, the user's\n"
        "                       $XDG_DATA_HOME/menagerie/variants and the installed ones\n"
        "  -h, --help           show this help\n"
        "  -V, --version        show the version\n"
        "\n"
        "See menagerie(6) and menagerie-variants(5).\n");
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The session's first variant (-v): one that exists, or a message with
 * the nearest name. */
static bool session_variant_ok(const VariantSet *set, const char *cmd, const char *name)
{
    if (cmd) {
        fprintf(stderr, "menagerie: -v before a command chooses the variant of the console "
                        "session; give it after the command: menagerie %s -v %s\n", cmd, name);
        return false;
    }
    if (varset_named(set, name))
        return true;
    const char *hint = varset_suggest(set, name);
    if (hint)
        fprintf(stderr, "menagerie: unknown variant '%s' (did you mean '%s'?)\n", name, hint);
    else
        fprintf(stderr, "menagerie: unknown variant '%s' (see 'menagerie list')\n", name);
    return false;
}

static const Variant *find_variant(const VariantSet *set, const char *name)
{
    const Variant *v = varset_find(set, name);
    if (!v)
        fprintf(stderr, "menagerie: unknown variant '%s' (try 'menagerie list')\n", name);
    return v;
}

/* A number from the command line, in [lo, hi]; otherwise a message
 * ("menagerie perft: DEPTH 'x' is not a number") and false. */
static bool cli_number(const char *cmd, const char *what, const char *text, long long lo,
                       long long hi, long long *out)
{
    NumberStatus st = number_parse_int(text, lo, hi, out);
    if (st == NUMBER_OK)
        return true;
    char problem[96];
    fprintf(stderr, "menagerie %s: %s '%s' %s\n", cmd, what, text,
            number_problem(st, lo, hi, problem, sizeof problem));
    return false;
}

/* Play m; a full history is first dropped (the position is set up again
 * from its FEN), so a list of any length fits. */
static void play_move(Position *pos, Move m)
{
    if (pos->ply >= MAX_PLY_HISTORY - 1) {
        char fen[1024], err[128];
        position_get_fen(pos, fen, sizeof fen);
        position_set_fen(pos, pos->v, fen, err, sizeof err);
    }
    position_make(pos, m);
}

/* Play the space-separated moves of `list` (coordinate notation; the legs
 * of a multi-leg move are joined by commas, so commas do not separate). */
static int apply_moves(Position *pos, const char *list)
{
    char *buf = strdup(list), why[100];
    if (!buf) {
        fprintf(stderr, "menagerie perft: out of memory\n");
        return -1;
    }
    int rc = 0;
    for (char *save = NULL, *tok = strtok_r(buf, " \t", &save); tok && rc == 0;
         tok = strtok_r(NULL, " \t", &save)) {
        Move m;
        if (move_parse(pos, tok, false, &m, why, sizeof why)) {
            play_move(pos, m);
        } else {
            fprintf(stderr, "menagerie perft: move '%s': %s\n", tok, why);
            rc = -1;
        }
    }
    free(buf);
    return rc;
}

static int cmd_perft(const VariantSet *set, int argc, char **argv)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "fen", required_argument, NULL, 'f' },
        { "divide", no_argument, NULL, 'd' },
        { "moves", required_argument, NULL, 'm' },
        { "suite", required_argument, NULL, 's' },
        { "max-depth", required_argument, NULL, 'D' },
        { "max-nodes", required_argument, NULL, 'N' },
        { NULL, 0, NULL, 0 }
    };
    const char *variant = "chess", *fen = NULL, *suite = NULL, *moves = NULL;
    bool divide = false;
    long long max_depth = PERFT_DEPTH_MAX, max_nodes = 0, depth;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "v:f:dm:s:D:N:", opts, NULL)) != -1) {
        switch (c) {
        case 'v': variant = optarg; break;
        case 'f': fen = optarg; break;
        case 'd': divide = true; break;
        case 'm': moves = optarg; break;
        case 's': suite = optarg; break;
        case 'D':
            if (!cli_number("perft", "--max-depth", optarg, 0, 1000000, &max_depth))
                return 2;
            break;
        case 'N':
            if (!cli_number("perft", "--max-nodes", optarg, 0, LLONG_MAX, &max_nodes))
                return 2;
            break;
        default:
            fprintf(stderr, "usage: menagerie perft [-v VARIANT] [--fen FEN] [--divide] DEPTH\n");
            return 2;
        }
    }
    const Variant *v = find_variant(set, variant);
    if (!v)
        return 2;
    if (suite) {
        int failures = perft_suite(v, suite, (int)max_depth, (uint64_t)max_nodes, stdout);
        return failures == 0 ? 0 : 1;
    }
    if (optind != argc - 1) {
        fprintf(stderr, "menagerie perft: give one DEPTH (and the moves of --moves as one "
                        "argument: --moves \"e2e4 e7e5\")\n");
        return 2;
    }
    if (!cli_number("perft", "DEPTH", argv[optind], 0, PERFT_DEPTH_MAX, &depth))
        return 2;
    Position *pos = malloc(sizeof *pos);
    char err[256];
    if (!pos || position_set_fen(pos, v, fen ? fen : v->start_fen, err, sizeof err) != 0) {
        fprintf(stderr, "menagerie perft: bad FEN: %s\n", pos ? err : "out of memory");
        free(pos);
        return 2;
    }
    if (moves && apply_moves(pos, moves) != 0) {
        free(pos);
        return 2;
    }
    double t0 = now_seconds();
    uint64_t nodes = divide ? perft_divide(pos, (int)depth, false, stdout) : perft_count(pos, (int)depth);
    double dt = now_seconds() - t0;
    printf("Nodes searched: %" PRIu64 "\n", nodes);
    fprintf(stderr, "time %.3f s, %.0f nodes/s\n", dt, dt > 0 ? nodes / dt : 0.0);
    free(pos);
    return 0;
}

int main(int argc, char **argv)
{
    const char *extra_path = NULL, *variant = NULL, *eval_file = NULL;
    int i = 1;
    zobrist_init();
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-V") == 0 || strcmp(argv[i], "--version") == 0) {
            printf("menagerie %s\n", PACKAGE_VERSION);
            return 0;
        } else if (strcmp(argv[i], "--variants") == 0 && i + 1 < argc) {
            extra_path = argv[++i];
        } else if (strncmp(argv[i], "--variants=", 11) == 0) {
            extra_path = argv[i] + 11;
        } else if ((strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--variant") == 0)
                   && i + 1 < argc) {
            variant = argv[++i];
        } else if (strncmp(argv[i], "--variant=", 10) == 0) {
            variant = argv[i] + 10;
        } else if (strcmp(argv[i], "--eval-file") == 0 && i + 1 < argc) {
            eval_file = argv[++i];
        } else if (strncmp(argv[i], "--eval-file=", 12) == 0) {
            eval_file = argv[i] + 12;
        } else {
            fprintf(stderr, "menagerie: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    const char *cmd = i < argc ? argv[i] : NULL;
    if (cmd && strcmp(cmd, "check") == 0)
        return cmd_check(argc - i, argv + i);

    VariantSet set;
    varset_init(&set);
    varset_load_all(&set, extra_path, stderr, "");
    int rc = 0;
    if (variant && !session_variant_ok(&set, cmd, variant)) {
        rc = 2;
    } else if (eval_file && cmd) {
        fprintf(stderr, "menagerie: --eval-file before a command sets the network of the "
                        "protocol session; give it after the command: menagerie %s --eval-file %s\n",
                cmd, eval_file);
        rc = 2;
    } else if (!cmd) {
        ProtocolOptions opt = { .person = isatty(STDIN_FILENO), .variant = variant,
                                .eval_file = eval_file };
        rc = protocol_run(&set, &opt);
    } else if (strcmp(cmd, "perft") == 0) {
        rc = cmd_perft(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "list") == 0) {
        rc = cmd_list(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "show") == 0) {
        rc = cmd_show(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "bench") == 0) {
        rc = cmd_bench(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "eval") == 0) {
        rc = cmd_eval(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "datagen") == 0) {
        rc = cmd_datagen(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "data") == 0) {
        rc = cmd_data(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "tune") == 0) {
        rc = cmd_tune(&set, argc - i, argv + i);
    } else if (strcmp(cmd, "train") == 0) {
        rc = cmd_train(&set, argc - i, argv + i);
    } else {
        fprintf(stderr, "menagerie: unknown command '%s'\n", cmd);
        usage(stderr);
        rc = 2;
    }
    varset_free(&set);
    return rc;
}
