/*
 * data_text.h — binary training data as text and back: the lines a game
 * record stands for (what datagen writes in text, and `data convert`),
 * and the record a text file's games make.
 *
 * Text to binary links each position to the next of its game by the one
 * or two moves between them, found with the move generator (datagen
 * leaves out positions in check or before a capture, so most are one or
 * two plies apart); a position that no such move reaches starts a new
 * segment from its FEN.  Converting back prints the same lines: a file
 * datagen wrote comes back byte for byte.
 */
#ifndef DATA_TEXT_H
#define DATA_TEXT_H

#include "commands/data_replay.h"
#include "commands/training_data.h"

/* The text of one record's payload, appended to out: its position lines
 * and, for a datagen game, its "# game N: ..." line.  Returns the
 * positions, or -1 with *err (the record does not replay). */
long data_text_of_game(DataReplayer *r, const DataBuf *payload, DataBuf *out, char *err,
                       size_t errsize);

/* Builds game records from text positions, as they come. */
typedef struct {
    DataReplayer rp;            /* its pos follows the segment being written */
    DataGame game;
    bool open;                  /* a game has positions */
    bool pending;               /* rp.pos is a recorded position, its move not yet known */
    int pending_score, plies;   /* ... its score; plies in the segment */
    MoveList *replies;          /* scratch: the second ply's moves */
} DataTextEncoder;

void data_text_encoder_init(DataTextEncoder *e, const Variant *v);
void data_text_encoder_free(DataTextEncoder *e);

/* Add a position (a parsed line) to the game being built; a game whose
 * result differs is closed first (into out, framed) and a new one begun. */
void data_text_add(DataTextEncoder *e, const Position *pos, int score, double result,
                   DataBuf *out);

/* A "# game N: R in P plies, REASON" line: close the game with it.
 * False when the line is not one. */
bool data_text_end_line(DataTextEncoder *e, const char *line, DataBuf *out);

/* Close the game being built (no end line), into out. */
void data_text_flush(DataTextEncoder *e, DataBuf *out);

#endif
