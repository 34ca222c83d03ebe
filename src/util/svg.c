/*
 * svg.c — the SVG 1.1 writer (see svg.h).
 *
 * Numbers are written with at most two decimals ("%.2f" trimmed), which
 * keeps files small and the output the same on every machine.
 */
#include <string.h>

#include "util/svg.h"

/* A coordinate: "12", "12.5", "12.25" (never an exponent). */
static void number(FILE *out, double x)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", x);
    char *end = buf + strlen(buf) - 1;
    while (*end == '0')
        *end-- = 0;
    if (*end == '.')
        *end = 0;
    fputs(strcmp(buf, "-0") ? buf : "0", out);
}

/* ` name="value"` with the value escaped. */
static void attr(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    svg_escape(out, value);
    fputc('"', out);
}

static void attr_number(FILE *out, const char *name, double x)
{
    fprintf(out, " %s=\"", name);
    number(out, x);
    fputc('"', out);
}

/* class, fill, stroke and stroke-width of a shape. */
static void paint(FILE *out, const char *cls, const char *fill, const char *stroke, double width)
{
    attr(out, "class", cls);
    attr(out, "fill", fill);
    if (width > 0) {
        attr(out, "stroke", stroke);
        attr_number(out, "stroke-width", width);
    }
}

void svg_escape(FILE *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '&':  fputs("&amp;", out); break;
        case '<':  fputs("&lt;", out); break;
        case '>':  fputs("&gt;", out); break;
        case '"':  fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default:
            /* XML 1.0 allows no control character but tab and line ends */
            if (*p >= 0x20 || *p == '\t' || *p == '\n' || *p == '\r')
                fputc(*p, out);
        }
    }
}

void svg_begin(FILE *out, int width, int height, const char *title, const char *desc)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n", out);
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                 "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
            width, height, width, height);
    if (title) {
        fputs("<title>", out);
        svg_escape(out, title);
        fputs("</title>\n", out);
    }
    if (desc && *desc) {
        fputs("<desc>", out);
        svg_escape(out, desc);
        fputs("</desc>\n", out);
    }
    /* the arrowhead takes the colour of the line it ends (context-stroke is
       SVG 2), so it is drawn in the one colour arrows have */
    fputs("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
          "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">"
          "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1f5fbf\"/></marker></defs>\n", out);
    fprintf(out, "<rect class=\"page\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
                 "fill=\"#ffffff\"/>\n", width, height);
}

void svg_end(FILE *out)
{
    fputs("</svg>\n", out);
}

void svg_group_begin(FILE *out, const char *cls, const char *title)
{
    fputs("<g", out);
    attr(out, "class", cls);
    fputs(">\n", out);
    if (title) {
        fputs("<title>", out);
        svg_escape(out, title);
        fputs("</title>\n", out);
    }
}

void svg_group_end(FILE *out)
{
    fputs("</g>\n", out);
}

void svg_rect(FILE *out, const char *cls, double x, double y, double w, double h,
              const char *fill, const char *stroke, double width)
{
    fputs("<rect", out);
    attr_number(out, "x", x);
    attr_number(out, "y", y);
    attr_number(out, "width", w);
    attr_number(out, "height", h);
    paint(out, cls, fill, stroke, width);
    fputs("/>\n", out);
}

void svg_circle(FILE *out, const char *cls, double cx, double cy, double r,
                const char *fill, const char *stroke, double width)
{
    fputs("<circle", out);
    attr_number(out, "cx", cx);
    attr_number(out, "cy", cy);
    attr_number(out, "r", r);
    paint(out, cls, fill, stroke, width);
    fputs("/>\n", out);
}

void svg_cross(FILE *out, const char *cls, double cx, double cy, double r,
               const char *stroke, double width)
{
    fputs("<path d=\"M", out);
    number(out, cx - r), fputc(',', out), number(out, cy - r);
    fputs(" L", out);
    number(out, cx + r), fputc(',', out), number(out, cy + r);
    fputs(" M", out);
    number(out, cx + r), fputc(',', out), number(out, cy - r);
    fputs(" L", out);
    number(out, cx - r), fputc(',', out), number(out, cy + r);
    fputc('"', out);
    paint(out, cls, "none", stroke, width);
    fputs(" stroke-linecap=\"round\"/>\n", out);
}

void svg_arrow(FILE *out, const char *cls, const double *x, const double *y, int n,
               const char *stroke, double width)
{
    fputs("<polyline points=\"", out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(' ', out);
        number(out, x[i]), fputc(',', out), number(out, y[i]);
    }
    fputc('"', out);
    paint(out, cls, "none", stroke, width);
    fputs(" stroke-opacity=\"0.8\" stroke-linejoin=\"round\" marker-end=\"url(#arrow)\"/>\n",
          out);
}

void svg_text(FILE *out, const char *cls, double x, double y, double size, const char *anchor,
              const char *fill, int rotate, const char *text)
{
    fputs("<text", out);
    attr_number(out, "x", x);
    attr_number(out, "y", y);
    attr_number(out, "font-size", size);
    attr(out, "text-anchor", anchor);
    attr(out, "class", cls);
    attr(out, "fill", fill);
    if (rotate) {
        fprintf(out, " transform=\"rotate(%d ", rotate);
        number(out, x), fputc(' ', out), number(out, y - 0.35 * size);
        fputs(")\"", out);
    }
    fputc('>', out);
    svg_escape(out, text);
    fputs("</text>\n", out);
}
