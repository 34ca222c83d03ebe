/*
 * variant_cmds.h — the `check`, `list` and `show` subcommands.
 *
 * argv[0] is the subcommand's name.  Each returns the program's exit
 * status: 0 success, 1 errors found, 2 usage error.
 */
#ifndef VARIANT_CMDS_H
#define VARIANT_CMDS_H

#include <stdio.h>
#include "catalog/variant_load.h"

/* menagerie check FILE...: validate variant files against the built-in
 * variants (which they may extend); messages on stderr. */
int cmd_check(int argc, char **argv);

/* menagerie list: one line per variant (name, board, origin). */
int cmd_list(const VariantSet *set, int argc, char **argv);

/* menagerie show VARIANT: start position and every piece's moves. */
int cmd_show(const VariantSet *set, int argc, char **argv);

/* The same without argument parsing (also for the protocol front ends). */
void variant_print_list(const VariantSet *set, FILE *out);
void variant_print_show(const Variant *v, FILE *out);

/* The squares of a set for White, after a blank: " ranks 7-9", " d1 e1 f1",
 * " 40 squares" or " no square". */
void variant_print_squares(const Variant *v, const SquareSet *set, FILE *out);

#endif
