/*
 * show_svg.h — `menagerie show VARIANT --svg FILE`: a variant drawn as one
 * SVG 1.1 picture: its start position (holes, labels, hands) and one
 * diagram per piece type with the marks of the text diagrams of `show`,
 * multi-leg paths as arrows, promotion zones and drop squares.
 */
#ifndef SHOW_SVG_H
#define SHOW_SVG_H

#include <stdio.h>
#include "variant/variant.h"

/* Write the picture of `v` to `out`.  Returns 0, or -1 when out of memory
 * (nothing written); write errors are the caller's to find (ferror). */
int show_svg_write(const Variant *v, FILE *out);

#endif
