/*
 * train_cli.c — `menagerie train`'s command line (train.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands/train.h"
#include "util/number.h"

static const char USAGE[] =
    "usage: menagerie train -v VARIANT -o FILE [--init NET] [--hidden N]\n"
    "                       [--output-buckets N] [--activation crelu|screlu] [--epochs N]\n"
    "                       [--batch N] [--rate R] [--lr-schedule steps|cosine|constant]\n"
    "                       [--lr-drop E[,E...]] [--lambda L] [--k K] [--hand-slots N]\n"
    "                       [--validation F] [--threads N] [--seed S] [--mirror]\n"
    "                       [--weight-decay W] DATA...\n";

static const char HELP[] =
    "Train a neural evaluation (NNUE) of VARIANT on positions with search scores and game\n"
    "results, as menagerie datagen writes them: DATA is any number of files (text lines\n"
    "'FEN | SCORE | RESULT', or binary) and directories (the files in them, such as the\n"
    "store ~/.local/share/menagerie/data/VARIANT); a position repeated in their union is\n"
    "kept once, and the union is shuffled together by --seed.  Each epoch prints the\n"
    "training and held-out error and the time it took.\n"
    "  -v, --variant VARIANT  the variant the network evaluates\n"
    "  -o, --output FILE      the network file to write (VARIANT.nnue to be found by name)\n"
    "  --init NET             start from the network NET, not random weights; its shape is\n"
    "                         the run's (options that differ are refused), and the run\n"
    "                         keeps NET's weights if no epoch predicts better\n"
    "  --hidden N             accumulator size per side, a multiple of 16 (default 256)\n"
    "  --output-buckets N     output layers chosen by the pieces on the board, 1 to 16\n"
    "                         (default 1)\n"
    "  --activation A         crelu (clipped, the default) or screlu (clipped and squared)\n"
    "  --epochs N             passes over the data (default 10)\n"
    "  --batch N              positions per step (default 1024)\n"
    "  --rate R, --lr R       Adam's step size at the start (default 0.003)\n"
    "  --lr-schedule S        steps (a tenth at each --lr-drop; by default at 2/3 of the\n"
    "                         epochs, a hundredth at 9/10), cosine (down to a hundredth\n"
    "                         along half a cosine) or constant\n"
    "  --lr-drop E[,E...]     the epochs (from 1) at which the step size drops to a tenth\n"
    "  --lambda L             share of the game result in the target, 0..1 (default 0.5)\n"
    "  --k K                  sigmoid scale instead of fitting it\n"
    "  --hand-slots N         hand features per piece type and side (default 16 where\n"
    "                         pieces go to hand, else 0)\n"
    "  --validation F         the share of positions held out to measure the fit, chosen\n"
    "                         by each position's hash, so stable as the data grows (default\n"
    "                         0.05; 0: none, and the last epoch is kept)\n"
    "  --threads N            threads (default 1)\n"
    "  --seed S               the random start and order (default 1)\n"
    "  --mirror               train on each position mirrored left to right as well\n"
    "  --weight-decay W       shrink the weights by W times the step each step (AdamW;\n"
    "                         default 0)\n"
    "With --init, the shape options left out are the file's.  See menagerie(6), NEURAL\n"
    "EVALUATION.\n";

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

static bool schedule_option(const char *text, TrainOptions *o)
{
    static const char *const names[] = { "steps", "cosine", "constant" };
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            o->schedule = (TrainSchedule)i;
            return true;
        }
    fprintf(stderr, "menagerie train: --lr-schedule '%s': steps, cosine or constant\n", text);
    return false;
}

/* "E[,E...]": epochs from 1, rising. */
static bool drops_option(const char *text, TrainOptions *o)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    o->ndrops = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        long long e;
        if (o->ndrops == TRAIN_DROPS_MAX) {
            fprintf(stderr, "menagerie train: --lr-drop: at most %d epochs\n", TRAIN_DROPS_MAX);
            return false;
        }
        if (!int_option("--lr-drop", tok, 1, 100000, &e))
            return false;
        if (o->ndrops && e <= o->drops[o->ndrops - 1]) {
            fprintf(stderr, "menagerie train: --lr-drop '%s': the epochs must rise\n", text);
            return false;
        }
        o->drops[o->ndrops++] = (int)e;
    }
    if (!o->ndrops) {
        fprintf(stderr, "menagerie train: --lr-drop '%s': no epoch\n", text);
        return false;
    }
    return true;
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
        { "init", required_argument, NULL, 'i' },
        { "activation", required_argument, NULL, 'a' },
        { "lr", required_argument, NULL, 'r' },
        { "lr-schedule", required_argument, NULL, 'L' },
        { "lr-drop", required_argument, NULL, 'D' },
        { "validation", required_argument, NULL, 'V' },
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
        case 'k': ok = real_option("--k", optarg, TRAIN_K_MIN, TRAIN_K_MAX, &o->k); break;
        case 's':
            ok = int_option("--hand-slots", optarg, 0, NNUE_HAND_SLOTS_MAX, &x);
            o->hand_slots = (int)x;
            break;
        case 't':
            ok = int_option("--threads", optarg, 1, TRAIN_THREADS_MAX, &x);
            o->threads = (int)x;
            break;
        case 'S':
            ok = int_option("--seed", optarg, 0, INT64_MAX, &x);
            o->seed = (uint64_t)x;
            break;
        case 'm': o->mirror = true; break;
        case 'w': ok = real_option("--weight-decay", optarg, 0, 100, &o->decay); break;
        case 'i': o->init = optarg; break;
        case 'a':
            o->activation = nnue_activation_parse(optarg);
            if (o->activation < 0) {
                fprintf(stderr, "menagerie train: --activation '%s': crelu or screlu\n", optarg);
                ok = false;
            }
            break;
        case 'L': ok = schedule_option(optarg, o); break;
        case 'D': ok = drops_option(optarg, o); break;
        case 'V': ok = real_option("--validation", optarg, 0, 0.5, &o->validation); break;
        case 'h': fputs(USAGE, stdout); fputs(HELP, stdout); return -1;
        default:
            fprintf(stderr, "menagerie train: unknown option '%s'\n%s", argv[optind - 1], USAGE);
            return 2;
        }
    }
    if (ok && o->ndrops && o->schedule != TRAIN_LR_STEPS) {
        fprintf(stderr, "menagerie train: --lr-drop goes with --lr-schedule steps\n");
        ok = false;
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

