/*
 * datagen_file.h — the file `menagerie datagen` writes: text (one
 * position a line) or binary (data_format.h, a name ending in .mgd, and
 * always in the store), created, or checked and continued after its last
 * whole game.  Its header says how it was made; a file made otherwise is
 * refused and left alone.
 */
#ifndef DATAGEN_FILE_H
#define DATAGEN_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include "commands/data_text.h"
#include "commands/datagen.h"

typedef struct {
    const DatagenOptions *opt;
    const char *path;
    bool binary;
    int fd;
    char header[DATA_MADE_MAX + 8];   /* text: its first line; binary: the header's `made` */
    uint64_t fingerprint;             /* binary: of the variant's rules */
    long long games;                  /* whole games in it when opened */
} DatagenFile;

/* The file's path when -o is not given: in the store,
 * DATA_DIR/VARIANT/NAME.mgd, the directory made, NAME from the settings
 * (the same settings continue the same file).  False after a message. */
bool datagen_store_path(const DatagenOptions *opt, const Variant *v, const char *made,
                        char *path, size_t size);

/* The default store: $XDG_DATA_HOME/menagerie/data (~/.local/share/...). */
void datagen_default_data_dir(char *dir, size_t size);

/* What the header says about how the data is made. `net` names the
 * network the games are played with (NULL: the classical evaluation). */
void datagen_made(const DatagenOptions *opt, const Variant *v, const char *net, bool binary,
                  char *out, size_t size);

/* Open f->path (binary when `binary`) with `made`, counting the whole
 * games it holds into f->games and cutting off an unfinished one.
 * Returns 0, or the exit status (1 I/O, 2 refused) after a message. */
int datagen_file_open(DatagenFile *f, const Variant *v, const char *made, FILE *log);

/* The bytes game `g` takes in the file (appended to out); positions
 * recorded into *positions.  `rp` is the caller's scratch for the text's
 * replay. */
void datagen_file_format(const DatagenFile *f, DataReplayer *rp, const DataGame *g,
                         DataBuf *out, long *positions);

/* Append bytes datagen_file_format made; false on an I/O error. */
bool datagen_file_write(const DatagenFile *f, const DataBuf *bytes);

/* The game number of the i-th game of a (sharded) run. */
static inline long long datagen_game_number(const DatagenOptions *opt, long long i)
{
    return opt->shard - 1 + opt->shards * i;
}

#endif
