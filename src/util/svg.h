/*
 * svg.h — a small writer of SVG 1.1 documents: the elements Menagerie's
 * pictures need, with every text and attribute escaped.
 *
 * Each element takes a class (what it is: "mark move", "piece black"),
 * which tests and style sheets can select, and its look as presentation
 * attributes, so that a renderer without CSS still draws it.  Coordinates
 * are user units (one pixel at 100%).  Knows nothing of chess.
 */
#ifndef SVG_H
#define SVG_H

#include <stdio.h>

/* Start a standalone document of width x height with its title and
 * description (either may be NULL), and the arrowhead marker "arrow" that
 * svg_arrow uses. */
void svg_begin(FILE *out, int width, int height, const char *title, const char *desc);

/* Close the document. */
void svg_end(FILE *out);

/* `text` as XML character data or attribute value: & < > " ' escaped,
 * control characters XML 1.0 forbids left out. */
void svg_escape(FILE *out, const char *text);

/* A group of class `cls`; `title` (or NULL) names it for a reader and a
 * tooltip. */
void svg_group_begin(FILE *out, const char *cls, const char *title);
void svg_group_end(FILE *out);

/* Shapes.  `fill` and `stroke` are colours or "none"; width 0 draws no
 * outline. */
void svg_rect(FILE *out, const char *cls, double x, double y, double w, double h,
              const char *fill, const char *stroke, double width);
void svg_circle(FILE *out, const char *cls, double cx, double cy, double r,
                const char *fill, const char *stroke, double width);

/* An X across the box of half-size r around (cx, cy), as one path. */
void svg_cross(FILE *out, const char *cls, double cx, double cy, double r,
               const char *stroke, double width);

/* A line through n points (n >= 2) ending in the arrowhead. */
void svg_arrow(FILE *out, const char *cls, const double *x, const double *y, int n,
               const char *stroke, double width);

/* Text at (x, y) (the baseline's start, middle or end: `anchor` "start",
 * "middle" or "end"), turned by `rotate` degrees about the middle of its
 * line, (x, y - 0.35 size): a letter turned 180 stays in its square. */
void svg_text(FILE *out, const char *cls, double x, double y, double size, const char *anchor,
              const char *fill, int rotate, const char *text);

#endif
