/*
 * eval_write.c — the `eval:` section as text (see eval_write.h), one
 * group of the parameter table after another, each with its description
 * as a comment so the file explains itself.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/eval_write.h"

/* The shortest text of x that reads back as exactly x. */
static void put_number(FILE *out, double x)
{
    char buf[40];
    if (x == (double)(long long)x && x > -1e15 && x < 1e15) {
        fprintf(out, "%lld", (long long)x);
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, out);
}

static void put_list(FILE *out, const double *x, int n, int step)
{
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", out);
        put_number(out, x[i * step]);
    }
    fputc(']', out);
}

/* Do the numbers differ from base (always, without one)? */
static bool differs(const double *x, const double *base, int n, int step)
{
    if (!base)
        return true;
    for (int i = 0; i < n; i++)
        if (x[i * step] != base[i * step])
            return true;
    return false;
}

static bool all_zero(const double *x, int n)
{
    for (int i = 0; i < n; i++)
        if (x[i] != 0)
            return false;
    return true;
}

/* A piece ID or a name as a YAML key: quoted unless a letter and then
 * letters, digits and '-' ("+P" is quoted). */
static void put_id(FILE *out, const char *id)
{
    bool plain = isalpha((unsigned char)id[0]);
    for (const char *s = id; *s; s++)
        plain &= isalnum((unsigned char)*s) || *s == '-';
    fprintf(out, plain ? "%s" : "\"%s\"", id);
}

static const char *const PHASE_KEYS[2] = { "mg", "eg" };

/* The phases of a board ({mg: rows, eg: rows}) that differ, at `indent`. */
static int put_board(FILE *out, const Variant *v, const double *x, const double *base,
                     int indent, bool skip_zero)
{
    int written = 0;
    for (int ph = 0; ph < 2; ph++) {
        const double *phase = x + ph * EVAL_MAX_SQUARES;
        const double *bphase = base ? base + ph * EVAL_MAX_SQUARES : NULL;
        if (!differs(phase, bphase, EVAL_MAX_SQUARES, 1)
            || (skip_zero && all_zero(phase, EVAL_MAX_SQUARES)))
            continue;
        fprintf(out, "%*s%s:\n", indent, "", PHASE_KEYS[ph]);
        for (int rank = v->ranks - 1; rank >= 0; rank--) {
            fprintf(out, "%*s- ", indent + 2, "");
            put_list(out, phase + var_square(v, 0, rank), v->files, 1);
            fprintf(out, "   # rank %d\n", rank + 1);
        }
        written++;
    }
    return written;
}

/* One entry of a group (a piece's, or the whole board's) after its key;
 * `indent` is the key's.  Returns 1 when written, 0 when nothing differs. */
static int put_entry(FILE *out, const Variant *v, const EvalParamGroup *g, const char *id,
                     const double *x, const double *base, int indent)
{
    int n = g->width;
    switch (g->shape) {
    case EVAL_SHAPE_NUMBER:
    case EVAL_SHAPE_LIST:
        if (!differs(x, base, n, 1))
            return 0;
        fprintf(out, "%*s", indent, "");
        put_id(out, id);
        fputs(": ", out);
        if (g->shape == EVAL_SHAPE_NUMBER)
            put_number(out, x[0]);
        else
            put_list(out, x, n, 1);
        fputc('\n', out);
        return 1;
    case EVAL_SHAPE_FIELDS: {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!differs(x + i, base ? base + i : NULL, 1, 1))
                continue;
            if (k++ == 0) {
                fprintf(out, "%*s", indent, "");
                put_id(out, id);
                fputs(": {", out);
            } else {
                fputs(", ", out);
            }
            fprintf(out, "%s: ", g->items[i]);
            put_number(out, x[i]);
        }
        if (k)
            fputs("}\n", out);
        return k > 0;
    }
    case EVAL_SHAPE_PHASES: {
        int k = 0, half = n / 2;
        for (int ph = 0; ph < 2; ph++) {
            if (!differs(x + ph * half, base ? base + ph * half : NULL, half, 1))
                continue;
            if (k++ == 0) {
                fprintf(out, "%*s", indent, "");
                put_id(out, id);
                fputs(":\n", out);
            }
            fprintf(out, "%*s%s: ", indent + 2, "", PHASE_KEYS[ph]);
            put_list(out, x + ph * half, half, 1);
            fputc('\n', out);
        }
        return k > 0;
    }
    case EVAL_SHAPE_BOARD: {
        bool skip_zero = !base;
        if (!differs(x, base, n, 1) || (skip_zero && all_zero(x, n)))
            return 0;
        fprintf(out, "%*s", indent, "");
        put_id(out, id);
        fputs(":\n", out);
        put_board(out, v, x, base, indent + 2, skip_zero);
        return 1;
    }
    }
    return 0;
}

/* "[middlegame, endgame]" after the description, so a list explains itself. */
static void put_comment(FILE *out, const EvalParamGroup *g)
{
    fprintf(out, "  # %s", g->what);
    if (g->shape == EVAL_SHAPE_LIST) {
        fputs(": [", out);
        for (int i = 0; g->items[i]; i++)
            fprintf(out, "%s%s", i ? ", " : "", g->items[i]);
        fputc(']', out);
    }
    fputc('\n', out);
}

/* Is anything of this entry (from `slot` on) written? */
static bool entry_shown(const EvalParamGroup *g, const double *x, const double *base,
                        const uint8_t *matters, int slot)
{
    bool any = !matters;
    for (int k = 0; k < g->width && !any; k++)
        any = matters[slot + k];
    if (!any || (g->shape == EVAL_SHAPE_BOARD && !base && all_zero(x, g->width)))
        return false;
    return differs(x, base, g->width, 1);
}

int eval_write_section(FILE *out, const Variant *v, const EvalParams *p, const EvalParams *base,
                       const uint8_t *matters)
{
    const double *x = eval_params_cslots(p);
    const double *b = base ? eval_params_cslots(base) : NULL;
    int total = 0;

    fputs("eval:", out);
    for (int i = 0; i < eval_param_ngroups; i++) {
        const EvalParamGroup *g = &eval_param_groups[i];
        int ntypes = g->per_piece ? v->ntypes : 1, shown = 0;
        for (int t = 0; t < ntypes; t++) {
            int slot = eval_param_slot(g, t, 0);
            if (!entry_shown(g, x + slot, b ? b + slot : NULL, matters, slot))
                continue;
            if (shown++ == 0) {
                fputs(total ? "" : "\n", out);
                put_comment(out, g);
                if (g->per_piece)
                    fprintf(out, "  %s:\n", g->name);
            }
            if (g->per_piece)
                put_entry(out, v, g, v->piece[t].id, x + slot, b ? b + slot : NULL, 4);
            else
                put_entry(out, v, g, g->name, x + slot, b ? b + slot : NULL, 2);
        }
        total += shown;
    }
    if (!total)
        fputs(" {}\n", out);
    return total;
}
