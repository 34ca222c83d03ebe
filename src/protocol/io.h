/*
 * io.h — the protocol front ends' input and output.
 *
 * A reader thread reads standard input line by line and queues the lines;
 * the search worker queues a "search done" event into the same queue.  The
 * front end's main loop takes one event at a time with io_next(), so every
 * change of the game state happens on one thread, while commands such as
 * `?`, `stop`, `ping` or `isready` are still seen at once during a search.
 *
 * Output goes through io_printf(): one whole line per call, under a mutex,
 * flushed at once, so lines from the search thread and the main thread
 * never interleave.
 */
#ifndef IO_H
#define IO_H

#include <stdbool.h>
#include <stdio.h>

/* The longest command line accepted, in bytes without the line end: room
 * for a `position startpos moves ...` of some 200000 moves.  A longer line
 * is read to its end and refused as a whole (IO_LINE_TOO_LONG), never cut
 * into a fragment that could be taken for a command. */
#define IO_LINE_MAX (1 << 20)
/* How much of a refused line IO_LINE_TOO_LONG keeps, to quote it. */
#define IO_QUOTE_MAX 40

typedef enum {
    IO_LINE,          /* a command line (without the newline) */
    IO_LINE_TOO_LONG, /* a line over IO_LINE_MAX bytes, refused */
    IO_EOF,           /* standard input is closed */
    IO_SEARCH_DONE    /* the search worker finished */
} IoEvent;

typedef struct {
    IoEvent  kind;
    char    *text;       /* IO_LINE: the line, without line end and trailing
                            blanks (the caller may change it in place);
                            IO_LINE_TOO_LONG: its first IO_QUOTE_MAX bytes;
                            otherwise "" */
    unsigned search_id;  /* IO_SEARCH_DONE: which search */
} IoMessage;

/* Start the reader thread on `in` (once per process). */
void io_start(FILE *in);

/* Without the reader thread (the fuzz harness, tests): queue the lines of
 * the `len` bytes at `text`, then end of input, as the reader thread would
 * for a file holding them. */
void io_feed(const char *text, size_t len);

/* Drop every queued event, the final end of input included, so that
 * another session can be fed.  Only when nothing else uses the queue. */
void io_reset(void);

/* Wait for the next event.  m->text belongs to the caller until
 * io_release(m). */
void io_next(IoMessage *m);
void io_release(IoMessage *m);

/* Is an event waiting? */
bool io_pending(void);

/* Queue IO_SEARCH_DONE for search number `id` (called by the search
 * worker thread). */
void io_post_search_done(unsigned id);

/* Write one line (a '\n' is added) to standard output, atomically. */
void io_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A prompt for a person at the console: the text without a line end,
 * flushed at once. */
void io_prompt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Debug output: "# text" in CECP, "info string text" in UCI; the prefix is
 * set by the front end.  The text is not cut, however long. */
void io_set_debug_prefix(const char *prefix);
void io_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Numbers from the GUI, read through number.h.  `what` names the number
 * in messages ("sd", "go: depth", "level base").
 *
 * io_int_clamped / io_real_clamped: a well-formed value outside [lo, hi]
 * is clamped into it and the debug output says so ("WHAT TEXT is out of
 * range (LO to HI), using X").  io_int_in_range refuses it instead.  For
 * text that is no number (or out of range for io_int_in_range) they
 * return false and write a phrase for the caller's error message to
 * `why`: "WHAT 'TEXT' is not a number", "WHAT needs a number", "WHAT TEXT
 * is out of range (LO to HI)". */
bool io_int_clamped(const char *what, const char *text, long long lo, long long hi,
                    long long *out, char *why, size_t whysize);
bool io_real_clamped(const char *what, const char *text, double lo, double hi,
                     double *out, char *why, size_t whysize);
bool io_int_in_range(const char *what, const char *text, long long lo, long long hi,
                     long long *out, char *why, size_t whysize);

/* Write a block of complete lines (loader diagnostics) atomically. */
void io_print_block(const char *text);

/* Output collected from code that writes to a FILE (board diagrams,
 * divide, bench, loader diagnostics), then printed at once:
 *     IoBlock b; FILE *f = io_block_open(&b); ...write to f...; io_block_print(&b);
 * io_block_open never fails: without memory it hands out stdout. */
typedef struct {
    FILE  *f;
    char  *text;
    size_t len;
} IoBlock;

FILE *io_block_open(IoBlock *b);
void  io_block_print(IoBlock *b);

/* The prefix set by io_set_debug_prefix ("# " or "info string "). */
const char *io_debug_prefix(void);

#endif
