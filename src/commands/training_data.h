/*
 * training_data.h — reading training data: the files `menagerie datagen`
 * writes and `menagerie tune` and `menagerie train` read, one position a
 * line as FEN | SCORE | RESULT (white's view; see menagerie(6)).
 */
#ifndef TRAINING_DATA_H
#define TRAINING_DATA_H

#include <stdbool.h>
#include <stdio.h>
#include "board/position.h"

#define TRAINING_SCORE_LIMIT 1000000   /* |SCORE| in a data file */

typedef struct {
    const Variant *v;
    FILE *log;              /* malformed lines, unreadable files; NULL: quiet */
    const char *command;    /* "tune": named in messages */
    long malformed;         /* lines skipped */
    Position *pos;          /* the caller's, set to each position in turn */
} TrainingReader;

/* Called for every good position; false stops the reading. */
typedef bool (*TrainingPositionFn)(void *ctx, const Position *pos, int score, double result);

/* Read every file, calling fn for each good position; blank lines and
 * lines starting with '#' are skipped, malformed ones counted and the
 * first few reported as FILE:LINE: message.  Returns -1 when a file
 * cannot be read, 0 otherwise. */
int training_data_read(TrainingReader *r, const char *const *files, int nfiles,
                       TrainingPositionFn fn, void *ctx);

#endif
