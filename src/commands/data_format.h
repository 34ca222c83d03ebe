/*
 * data_format.h — the binary training-data format (".mgd"), byte by byte
 * in menagerie(6), DATA FILES.
 *
 * A file is a header (the variant's name, a fingerprint of its rules, and
 * a line saying how the data was made) followed by game records.  A game
 * is kept as its start position and the index of each move in the
 * variant's own list of playable moves (rules_playable_moves, generation
 * order), with the search's score on the positions that were recorded:
 * about 3 bytes a position instead of a FEN line's 60 to 100.  Each record
 * carries its length and a checksum, so a write cut short (a run killed,
 * a full disk) spoils only the last game: readers stop before it, and
 * datagen cuts it off and plays it again.
 *
 * This module only turns records into bytes and back; replaying them is
 * data_replay.h's work.
 */
#ifndef DATA_FORMAT_H
#define DATA_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DATA_MAGIC        "MNGRDATA"   /* the first 8 bytes */
#define DATA_MAGIC_LEN    8
#define DATA_VERSION      1
#define DATA_NAME_MAX     64           /* variant name, bytes with the NUL */
#define DATA_MADE_MAX     1024         /* "how it was made", bytes with the NUL */
#define DATA_REASON_MAX   255          /* a game's end reason, bytes */
#define DATA_RECORD_MAX   (16u << 20)  /* a record longer than this is damage, not a game */
#define DATA_EXTENSION    ".mgd"

/* A growing byte buffer. */
typedef struct {
    uint8_t *b;
    size_t   len, cap;
} DataBuf;

void databuf_put(DataBuf *d, const void *bytes, size_t n);
void databuf_byte(DataBuf *d, unsigned byte);
void databuf_varint(DataBuf *d, uint64_t x);          /* LEB128, 7 bits a byte */
void databuf_free(DataBuf *d);

/* Reading bytes out of a record; `bad` is set past the end or on a
 * malformed number, after which every read gives 0. */
typedef struct {
    const uint8_t *p, *end;
    bool bad;
} DataCursor;

unsigned datacur_byte(DataCursor *c);
uint64_t datacur_varint(DataCursor *c);
const uint8_t *datacur_bytes(DataCursor *c, size_t n);

static inline uint64_t zigzag(int64_t x) { return ((uint64_t)x << 1) ^ (uint64_t)(x >> 63); }
static inline int64_t unzigzag(uint64_t u) { return (int64_t)(u >> 1) ^ -(int64_t)(u & 1); }

/* FNV-1a: the records' checksum and the file names' tags. */
uint32_t data_fnv32(const void *bytes, size_t n);
uint64_t data_fnv64(uint64_t h, const void *bytes, size_t n);
#define DATA_FNV64_START 0xcbf29ce484222325ULL

/* ---- the header ---------------------------------------------------------- */

typedef struct {
    char     variant[DATA_NAME_MAX];
    uint64_t fingerprint;              /* data_fingerprint.h */
    char     made[DATA_MADE_MAX];      /* e.g. "menagerie datagen chess seed=1 ... engine=0.9" */
} DataHeader;

/* The header's bytes. */
void data_header_encode(const DataHeader *h, DataBuf *out);

/* Does the file start with the magic? (Then it is binary, else text.) */
bool data_is_binary(FILE *f);

/* Read the header from the start of f.  Returns 0; -1 with *err when it is
 * not a data file or a newer version; 1 when it is cut short (a file whose
 * writer died before its first game). */
int data_header_read(FILE *f, DataHeader *h, char *err, size_t errsize);

/* ---- game records ---------------------------------------------------------- */

/* A game as the writer builds it: the body holds the segments (see
 * data_format.c), the head fields are written before it when framed. */
typedef struct {
    int       white_halves;      /* the result: White's half points, 0..2 */
    bool      has_end;           /* the three below are known (a datagen game) */
    long long number;            /* the game's number in its run */
    int       plies;
    char      reason[DATA_REASON_MAX + 1];
    int       segments;
    DataBuf   body;
} DataGame;

void data_game_reset(DataGame *g);
void data_game_free(DataGame *g);

/* Start a segment from `fen` (NULL: the variant's start position). */
void data_game_segment(DataGame *g, const char *fen);
/* A ply: the move's index in the playable moves; the position before it
 * recorded with `white_score` when `recorded`. */
void data_game_ply(DataGame *g, int move_index, bool recorded, int white_score);
/* The end of the segment: its last position recorded or not, and the
 * check of that position (data_position_check). */
void data_game_segment_end(DataGame *g, bool recorded, int white_score, uint32_t check);

/* The record's payload (no framing), appended to out. */
void data_game_payload(const DataGame *g, DataBuf *out);
/* The whole record, framed (length, payload, checksum), into out. */
void data_game_frame(const DataGame *g, DataBuf *out);

typedef enum {
    DATA_RECORD_OK,
    DATA_RECORD_END,       /* no more bytes */
    DATA_RECORD_TORN,      /* the file ends inside a record */
    DATA_RECORD_DAMAGED    /* a length or checksum that cannot be */
} DataRecordStatus;

/* The next record's payload into buf (replacing what it held). */
DataRecordStatus data_record_read(FILE *f, DataBuf *buf);

/* The head of a record's payload; the cursor is left at its first
 * segment and *segments says how many follow. */
bool data_game_head(DataCursor *c, DataGame *head, long long *segments);

#endif
