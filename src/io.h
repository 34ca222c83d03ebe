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

#define IO_LINE_MAX 8192

typedef enum {
    IO_LINE,          /* a command line (without the newline) */
    IO_EOF,           /* standard input is closed */
    IO_SEARCH_DONE    /* the search worker finished */
} IoEvent;

/* Start the reader thread on `in` (once per process). */
void io_start(FILE *in);

/* Without the reader thread (the fuzz harness, tests): queue the lines of
 * the `len` bytes at `text`, then end of input, as the reader thread would
 * for a file holding them. */
void io_feed(const char *text, size_t len);

/* Drop every queued event, the final end of input included, so that
 * another session can be fed.  Only when nothing else uses the queue. */
void io_reset(void);

/* Wait for the next event; for IO_LINE copy the line into buf, for
 * IO_SEARCH_DONE the search's id (decimal). */
IoEvent io_next(char *buf, size_t size);

/* Is an event waiting? */
bool io_pending(void);

/* Queue IO_SEARCH_DONE for search number `id` (called by the search
 * worker thread). */
void io_post_search_done(unsigned id);

/* Write one line (a '\n' is added) to standard output, atomically. */
void io_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Debug output: "# text" in CECP, "info string text" in UCI; the prefix is
 * set by the front end. */
void io_set_debug_prefix(const char *prefix);
void io_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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
