/*
 * protocol.h — the protocol loop `menagerie` runs without a subcommand.
 * The first command decides: `uci` selects UCI, anything else (`xboard`,
 * or a command typed by hand) CECP / console mode.  A person at a
 * terminal is greeted before the first command (console mode; `uci`
 * typed first still selects UCI).
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include <stdbool.h>
#include "catalog/variant_load.h"

/* How the session starts. */
typedef struct {
    /* A person types at a terminal (standard input is one): console mode,
     * where squares are named as the board diagram shows them, until
     * `xboard` says a GUI is there after all. */
    bool person;
    /* The variant to start in (a name or alias that exists), NULL: chess.
     * CECP only: UCI chooses with UCI_Variant. */
    const char *variant;
    /* The network to evaluate with (EvalFile, menagerie(6)), or NULL:
     * each variant's own, found by name. */
    const char *eval_file;
} ProtocolOptions;

/* Read standard input (io_start) and serve one session. */
int protocol_run(VariantSet *set, const ProtocolOptions *opt);

/* Serve one session on the input io.h already has (the reader thread, or
 * lines queued by io_feed for the fuzz harness).  `opt` may be NULL (a
 * program, not a person, at the other end). */
int protocol_serve(VariantSet *set, const ProtocolOptions *opt);

#endif
