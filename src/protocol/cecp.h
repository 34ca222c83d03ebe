/*
 * cecp.h — the XBoard / CECP v2 front end (and console mode).
 *
 * cecp_run() is the protocol loop: it reads commands through io.h until
 * `quit` or end of input.  `first` is the command already read by the
 * caller (it decided which protocol to speak), or NULL; `opt` (may be
 * NULL) says whether a person types at a terminal (protocol.h).
 *
 * The cecp_*variant* functions (cecp_variant.c) translate variants to what
 * XBoard understands: the names in `feature variants`, and the `setup` and
 * `piece` commands that teach XBoard an engine-defined variant.
 */
#ifndef CECP_H
#define CECP_H

#include <stdbool.h>
#include <stddef.h>
#include "catalog/variant_load.h"
#include "protocol/protocol.h"

int cecp_run(VariantSet *set, const char *first, const ProtocolOptions *opt);
/* What cecp_run returns when a person typed `uci` at the console. */
#define CECP_SWITCH_TO_UCI (-1)

/* Answer a line refused for its length (io.h IO_LINE_TOO_LONG); `start`
 * is its beginning. */
void cecp_line_too_long(const char *start);

/* The name XBoard knows the variant by (an alias such as "normal"), or its
 * own name for an engine-defined variant. */
const char *cecp_variant_name(const Variant *v);

/* The comma-separated list for `feature variants`. */
void cecp_variant_list(const VariantSet *set, char *buf, size_t size);

/* Find the variant XBoard means by `name`: a name or alias, or a
 * board-size-prefixed name like "10x8+0_fairy" or "5x5+5_shogi". */
const Variant *cecp_find_variant(const VariantSet *set, const char *name);

/* XBoard's piece-to-char table for v (explicit or generated): at most
 * 66 entries a side, an entry at most 4 characters ("^W!" and a spare). */
#define CECP_PIECE_TO_CHAR_MAX (2 * 66 * 4 + 1)
void cecp_piece_to_char(const Variant *v, char *buf, size_t size);

/* Does XBoard need `setup`/`piece` lines for v? */
bool cecp_needs_setup(const Variant *v);

/* Does XBoard 4.9.1 test an engine's claim of its own win in v?  Under
 * its default -testClaims it grants one only where its own test finds the
 * game won, and it tests only games without holdings (and its super,
 * great and grand): backend.c GameEnds. */
bool cecp_xboard_tests_win_claims(const Variant *v);

/* Does XBoard see color's king?  Not where the piece table leaves it out
 * (a side that never has one: horde's White, maharaja's): XBoard then
 * never finds that side in check, so it cannot judge its mate or
 * stalemate. */
bool cecp_xboard_sees_king(const Variant *v, int color);

/* What XBoard must be told on `variant`: for variants it does not know the
 * `setup` line, then one `piece` line per type; for those it knows, a
 * `piece` line for each type in xboard.teach.  Each line goes through
 * `emit` (without newline). */
void cecp_setup_lines(const Variant *v, void (*emit)(const char *line, void *ctx), void *ctx);

#endif
