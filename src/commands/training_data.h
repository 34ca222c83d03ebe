/*
 * training_data.h — reading training data: the files `menagerie datagen`
 * writes and `menagerie tune` and `menagerie train` read.  Text files hold
 * one position a line as FEN | SCORE | RESULT (white's view; see
 * menagerie(6)); binary files (data_format.h) hold whole games, replayed
 * here with the variant's move generator.  A directory stands for the
 * files in it, in the order of their names.
 */
#ifndef TRAINING_DATA_H
#define TRAINING_DATA_H

#include <stdbool.h>
#include <stdio.h>
#include "board/position.h"
#include "commands/data_replay.h"

#define TRAINING_SCORE_LIMIT 1000000   /* |SCORE| in a data file */

struct KeySet;

typedef struct {
    const Variant *v;
    FILE *log;              /* malformed lines, unreadable files; NULL: quiet */
    const char *command;    /* "tune": named in messages */
    long malformed;         /* lines (or binary games) skipped */
    Position *pos;          /* the caller's, set to each position in turn */
    bool unique;            /* a position seen before (by its hash) is dropped */
    long duplicates;        /* ... how many were */
    long files, games;      /* read (games: of binary files) */
    /* the reader's own */
    struct KeySet *seen;
    MoveList *moves;
    bool have_fingerprint;
    uint64_t fingerprint;
} TrainingReader;

/* Called for every good position; false stops the reading. */
typedef DataPositionFn TrainingPositionFn;

/* Read every file and directory, calling fn for each good position; in
 * text, blank lines and lines starting with '#' are skipped, malformed
 * ones counted and the first few reported as FILE:LINE: message; a binary
 * file cut short is read to its last whole game.  Returns -1 when a file
 * cannot be read or was made for another variant, 0 otherwise. */
int training_data_read(TrainingReader *r, const char *const *paths, int npaths,
                       TrainingPositionFn fn, void *ctx);

/* The text line of a position: "FEN | SCORE | RESULT\n" into buf. */
void training_data_line(const Position *pos, int score, double result, char *buf, size_t size);

/* Parse one text line (trimmed, not a comment) into r->pos; false (after
 * a complaint naming file:line) when it is malformed. */
bool training_data_parse(TrainingReader *r, const char *file, long line, char *text, int *score,
                         double *result);

/* The paths of the regular files in dir (names not starting with '.'),
 * sorted, NULL-terminated; NULL when it cannot be read.  Free with
 * training_data_free_list. */
char **training_data_list_dir(const char *dir);
void training_data_free_list(char **list);

#endif
