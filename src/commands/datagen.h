/*
 * datagen.h — the `datagen` command: self-play games with the engine's own
 * search, written as training data for `tune` and `train`.
 *
 * By default the games go to a binary file (data_format.h) in the store,
 * DATA_DIR/VARIANT/, named after the settings; with -o FILE to that file,
 * binary when its name ends in .mgd, else text: one position a line,
 * "FEN | SCORE | RESULT": the FEN as the FEN writer prints it for the
 * variant, the search score in centipawns from White's view, the game's
 * result from White's view (1.0, 0.5, 0.0).  Lines starting with '#' are
 * comments: the first is a header naming the variant and every setting
 * that changes the games, and each game ends with a "# game N: ..." line.
 * Games are written whole and in order, so the file depends only on the
 * settings (not on --threads), and a run that was stopped is continued
 * from its last complete game.  --shard K/N plays the games whose numbers
 * are K-1 modulo N: N machines with the same settings make N disjoint
 * files that hold between them the games of one unsharded run.
 */
#ifndef DATAGEN_H
#define DATAGEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "catalog/variant_load.h"

/* Defaults and the bounds the command line is checked against. */
#define DATAGEN_DEFAULT_GAMES        1000
#define DATAGEN_DEFAULT_NODES        5000
#define DATAGEN_DEFAULT_RANDOM_PLIES 8
#define DATAGEN_DEFAULT_HASH_MB      4
#define DATAGEN_DEFAULT_MAX_PLIES    400
#define DATAGEN_DEFAULT_SEED         1
#define DATAGEN_GAMES_MAX            100000000LL
#define DATAGEN_NODES_MAX            1000000000LL
#define DATAGEN_DEPTH_MAX            64
#define DATAGEN_RANDOM_PLIES_MAX     100
#define DATAGEN_THREADS_MAX          256
#define DATAGEN_HASH_MAX             4096
#define DATAGEN_MAX_PLIES_MAX        1000
#define DATAGEN_SHARDS_MAX           1000000

typedef struct {
    const char *variant;      /* name or alias */
    const char *path;         /* the data file, created or continued; NULL: in the store */
    const char *data_dir;     /* the store (NULL: $XDG_DATA_HOME/menagerie/data) */
    long long   games;        /* the file holds this many games when done */
    long long   nodes;        /* node limit per move (0 with a depth limit) */
    long long   depth;        /* depth limit per move (0: the node limit) */
    long long   random_plies; /* random moves that open each game */
    long long   threads;      /* games played at once */
    long long   seed;
    long long   hash_mb;      /* hash table per thread */
    long long   max_plies;    /* a game still going after this many plies is drawn */
    const char *eval_file;    /* a network file the searches evaluate with, "auto"
                                 for the one the engine would choose for the
                                 variant, or NULL: the classical evaluation */
    long long   shard, shards;   /* this run plays games shard-1 modulo shards (1/1: all) */
} DatagenOptions;

/* The defaults above, the thread count from the number of processors, and
 * no variant or file. */
void datagen_defaults(DatagenOptions *opt);

/* Create the file, or continue it after its last complete game, until it
 * holds its share of opt->games games (all of them unsharded).  Progress (a bar when `log` is a terminal) and a
 * summary go to `log` (NULL: silent); errors always go to stderr.  Returns
 * the exit status: 0 done, 1 an I/O error, 2 refused (unknown variant,
 * settings that contradict each other or the file's header). */
int datagen_run(const VariantSet *set, const DatagenOptions *opt, FILE *log);

/* `menagerie datagen -v VARIANT [-o FILE | --data-dir DIR] [--games N]
 *  [--nodes N | --depth D] [--random-plies K] [--threads T] [--seed S]
 *  [--hash MB] [--max-plies P] [--eval-file FILE|auto] [--shard K/N]` */
int cmd_datagen(const VariantSet *set, int argc, char **argv);

#endif
