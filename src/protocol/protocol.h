/*
 * protocol.h — the protocol loop `menagerie` runs without a subcommand.
 * The first command decides: `uci` selects UCI, anything else (`xboard`,
 * or a command typed by hand) CECP / console mode.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include "catalog/variant_load.h"

/* Read standard input (io_start) and serve one session. */
int protocol_run(VariantSet *set);

/* Serve one session on the input io.h already has (the reader thread, or
 * lines queued by io_feed for the fuzz harness). */
int protocol_serve(VariantSet *set);

#endif
