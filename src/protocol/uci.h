/*
 * uci.h — the UCI front end, with variants (UCI_Variant, VariantPath).
 * uci_run() answers `first` (the `uci` command already read) and then
 * reads commands through io.h until `quit` or end of input.
 */
#ifndef UCI_H
#define UCI_H

#include "catalog/variant_load.h"
#include "protocol/protocol.h"

/* opt may be NULL; its eval_file is the first EvalFile. */
int uci_run(VariantSet *set, const char *first, const ProtocolOptions *opt);

#endif
