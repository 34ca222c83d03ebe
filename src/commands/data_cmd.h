/*
 * data_cmd.h — `menagerie data`: what training-data files and stores
 * hold, and converting between the text and binary formats.
 */
#ifndef DATA_CMD_H
#define DATA_CMD_H

#include <stdio.h>
#include "catalog/variant_load.h"

/* Convert `in` (text or binary, by its content) to `out` (binary when its
 * name ends in .mgd, else text).  `variant` may be NULL when the input
 * names it (a binary file, or a datagen text header).  Messages go to
 * `log`; returns the exit status (0, 1 I/O or damage, 2 refused). */
int data_convert(const VariantSet *set, const char *variant, const char *in, const char *out,
                 FILE *log);

/* `menagerie data info PATH...` and `menagerie data convert [-v VARIANT] IN OUT` */
int cmd_data(const VariantSet *set, int argc, char **argv);

#endif
