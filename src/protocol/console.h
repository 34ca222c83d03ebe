/*
 * console.h — the developer's commands both front ends accept, whichever
 * protocol they speak: `d` (the board), `moves` (the legal moves),
 * `perft N` and `divide N` (move-tree counts), `eval` (static
 * evaluation), `bench [DEPTH]` (the node signature), `skill [N]` and
 * `elo [N|off]` (the strength), with their lines for `help`.
 *
 * A front end looks a command word up with console_find().  Commands for
 * which console_needs_idle() is true (perft, divide, bench, skill, elo)
 * take the engine for themselves: the front end ends any search first, in its own
 * way (CECP abandons analysis and pondering and waits for its own move;
 * UCI answers the running `go`).  The others only read the game and may
 * run during a search.  console_run() then runs the command for a
 * ConsoleHost: the engine, and how the protocol writes moves and refuses
 * a command.  All on the front end's main thread.
 */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include "protocol/engine.h"

typedef struct {
    Engine *engine;
    /* Rank numbers as XBoard writes them (move_to_string's cecp_ranks),
     * for `divide` and the diagram of `d`. */
    bool    cecp_ranks;
    /* Write m (a move of pos) in the protocol's notation, for `moves`. */
    void  (*write_move)(const void *ctx, const Position *pos, Move m, char *buf,
                        size_t size);
    /* Refuse a command with bad arguments: `why` is the phrase from io.h's
     * number readers ("perft 'x' is not a number"). */
    void  (*refuse)(const char *why, const char *cmd, const char *args);
    const void *ctx;        /* for write_move */
} ConsoleHost;

typedef struct ConsoleCommand ConsoleCommand;

/* The console command called `name`, or NULL. */
const ConsoleCommand *console_find(const char *name);

/* Must no search run while `k` runs? */
bool console_needs_idle(const ConsoleCommand *k);

/* Run `k` with the arguments `args` (the rest of the line, blanks
 * skipped; maybe ""). */
void console_run(const ConsoleCommand *k, const ConsoleHost *host, char *args);

/* The console commands' lines for `help`, each "  COMMAND   what it does". */
void console_help(void);

#endif
