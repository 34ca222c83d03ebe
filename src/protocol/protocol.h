/*
 * protocol.h — the protocol loop `menagerie` runs without a subcommand.
 * The first command decides: `uci` selects UCI, anything else (`xboard`,
 * or a command typed by hand) CECP / console mode.
 */
#ifndef PROTOCOL_H
#define PROTOCOL_H

#include "catalog/variant_load.h"

int protocol_run(VariantSet *set);

#endif
