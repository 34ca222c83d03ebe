/*
 * print.c — write an XbPiece back as canonical XBetza (xb_print) and compare
 * pieces by meaning (xb_equal).
 *
 * The printer only emits what XBoard 4.9.1 reads as intended: mode letters
 * in the order m c d e t p g o y n j, C/Z instead of J/L, direction letters
 * arranged so that XBoard's greedy pairing (§4) yields exactly the wanted
 * set.  Every direction string is checked by running XBoard's own reader on
 * it; a set that one string cannot express (e.g. F+R on a K-system leg) is
 * split over several groups, which XBoard unites.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ALT 8            /* direction strings per leg */
#define DIRLEN  24

typedef struct {
    int  n;
    char s[MAX_ALT][DIRLEN];
} DirAlts;

typedef struct { const char *text; unsigned set; } Token;

/* ---------------------------------------------------------------------
 * Direction strings
 * ------------------------------------------------------------------ */

static int popcount8(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Greedy cover of `set` by tokens that lie inside it. */
static int cover(unsigned set, const Token *tok, int ntok, int *chosen)
{
    unsigned rem = set;
    int n = 0;
    while (rem && n < 16) {
        int best = -1, gain = 0;
        for (int i = 0; i < ntok; i++) {
            if ((tok[i].set & ~set) != 0)
                continue;
            int gn = popcount8(tok[i].set & rem);
            if (gn > gain || (gn == gain && gn > 0 && strlen(tok[i].text) < strlen(tok[best].text)))
                best = i, gain = gn;
        }
        if (best < 0)
            break;
        chosen[n++] = best;
        rem &= ~tok[best].set;
    }
    return rem ? -1 : n;
}

static void add_alt(DirAlts *a, const char *s)
{
    if (a->n < MAX_ALT)
        snprintf(a->s[a->n++], DIRLEN, "%s", s);
}

/* Arrange chosen tokens: two-letter ones first, then v s h, then letters of
 * one axis; letters of the other axis go to a second string. */
static void arrange(const Token *tok, const int *chosen, int n, DirAlts *out)
{
    char a[DIRLEN] = "", b[DIRLEN] = "";
    for (int i = 0; i < n; i++)
        if (strlen(tok[chosen[i]].text) == 2)
            strcat(a, tok[chosen[i]].text);
    for (int i = 0; i < n; i++)
        if (strchr("vsh", tok[chosen[i]].text[0]) && !tok[chosen[i]].text[1])
            strcat(a, tok[chosen[i]].text);
    bool fb = false;
    for (int i = 0; i < n; i++)
        if (strchr("fb", tok[chosen[i]].text[0]) && !tok[chosen[i]].text[1])
            strcat(a, tok[chosen[i]].text), fb = true;
    for (int i = 0; i < n; i++)
        if (strchr("lr", tok[chosen[i]].text[0]) && !tok[chosen[i]].text[1])
            strcat(fb ? b : a, tok[chosen[i]].text);
    add_alt(out, a);
    if (b[0])
        add_alt(out, b);
}

static const Token king_tokens[] = {
    { "fr", 0x02 }, { "br", 0x08 }, { "bl", 0x20 }, { "fl", 0x80 },
    { "fs", 0x82 }, { "bs", 0x28 }, { "lv", 0xA0 }, { "rv", 0x0A },
    { "f", 0x01 }, { "b", 0x10 }, { "l", 0x40 }, { "r", 0x04 },
    { "v", 0x11 }, { "s", 0x44 }, { "h", 0xFF },
};
static const Token oblique_tokens[] = {
    { "fh", 0xC3 }, { "bh", 0x3C }, { "lh", 0xF0 }, { "rh", 0x0F },
    { "v", 0x99 }, { "s", 0x66 }, { "f", 0x81 }, { "b", 0x18 }, { "l", 0x60 }, { "r", 0x06 },
    { "rf", 0x01 }, { "fr", 0x02 }, { "br", 0x04 }, { "rb", 0x08 },
    { "lb", 0x10 }, { "bl", 0x20 }, { "fl", 0x40 }, { "lf", 0x80 },
};
static const Token diag_tokens[] = {
    { "f", 0x82 }, { "b", 0x28 }, { "fr", 0x02 }, { "fl", 0x80 }, { "br", 0x08 }, { "bl", 0x20 },
};
static const char *const king_single[8] = { "f", "fr", "r", "br", "b", "bl", "l", "fl" };
static const char *const oblique_single[8] = { "rf", "fr", "br", "rb", "lb", "bl", "fl", "lf" };

/* Which set does XBoard read from `s` for this kind of leg? */
static unsigned read_back(int kind, const char *s)
{
    size_t pos = 0;
    switch (kind) {
    case XB_CLASS_ORTHO:   return xb_dirs_ortho(s, &pos);
    case XB_CLASS_DIAG:    return xb_dirs_diag(s, &pos, NULL);
    case XB_CLASS_OBLIQUE: return xb_dirs_oblique(s, &pos, NULL);
    default:               return xb_dirs_king(s, &pos);
    }
}

/* Fill `out` with strings whose union is `set` (kind: XbClass, EIGHT for the
 * K-system of continuation legs).  `none` is the set an empty string means. */
static void dir_strings(int kind, unsigned set, unsigned none, DirAlts *out)
{
    out->n = 0;
    if (set == none) {
        add_alt(out, "");
        return;
    }
    if (kind == XB_CLASS_ORTHO) {
        char s[8] = "";
        strcat(s, (set & 0x11) == 0x11 ? "v" : (set & 1) ? "f" : (set & 0x10) ? "b" : "");
        strcat(s, (set & 0x44) == 0x44 ? "s" : (set & 0x40) ? "l" : (set & 4) ? "r" : "");
        add_alt(out, s);
        return;
    }
    if (kind == XB_CLASS_DIAG && (set == 0xA0 || set == 0x0A)) {
        add_alt(out, set == 0xA0 ? "l" : "r");
        return;
    }
    if (kind == XB_CLASS_OBLIQUE && (set == 0x55 || set == 0xAA)) {
        add_alt(out, set == 0x55 ? "hr" : "hl");
        return;
    }
    const Token *tok = kind == XB_CLASS_DIAG ? diag_tokens
                     : kind == XB_CLASS_OBLIQUE ? oblique_tokens : king_tokens;
    int ntok = kind == XB_CLASS_DIAG ? 6 : kind == XB_CLASS_OBLIQUE ? 18 : 15;
    int chosen[16];
    int n = cover(set, tok, ntok, chosen);
    for (int i = 1; i < n; i++)          /* table order: a canonical spelling */
        for (int j = i; j > 0 && chosen[j - 1] > chosen[j]; j--) {
            int t = chosen[j];
            chosen[j] = chosen[j - 1];
            chosen[j - 1] = t;
        }
    if (n > 0)
        arrange(tok, chosen, n, out);
    unsigned got = 0;
    bool ok = n > 0;
    for (int i = 0; ok && i < out->n; i++) {
        unsigned r = read_back(kind, out->s[i]);
        ok = r != 0 && (r & ~set) == 0;
        got |= r;
    }
    if (ok && got == set)
        return;
    /* fall back to one self-contained token per direction */
    out->n = 0;
    char s[DIRLEN] = "";
    for (int d = 0; d < 8; d++)
        if (set & (1u << d)) {
            const char *t = kind == XB_CLASS_OBLIQUE ? oblique_single[d] : king_single[d];
            if (kind == XB_CLASS_OBLIQUE || kind == XB_CLASS_DIAG)
                strcat(s, t);         /* two-letter tokens are self-contained */
            else
                add_alt(out, t);
        }
    if (s[0])
        add_alt(out, s);
}

/* ---------------------------------------------------------------------
 * Modes, atom, range
 * ------------------------------------------------------------------ */

static void mode_string(const XbLeg *l, bool final, char *out)
{
    unsigned m = l->mode;
    char *p = out;
    bool hop = !final && (m & XB_MODE_P), tog = !final && (m & XB_MODE_Y);
    bool print_m = (m & XB_MODE_M) != 0;
    unsigned mcde = m & (XB_MODE_M | XB_MODE_C | XB_MODE_D | XB_MODE_E);
    if (final && mcde == (XB_MODE_M | XB_MODE_C))
        print_m = false;
    if (!final && !hop && mcde == XB_MODE_M)
        print_m = false;             /* the default of a non-final leg */
    if (!final && tog && !hop)
        print_m = !(m & XB_MODE_M);  /* 'y' toggles m */
    if (print_m) *p++ = 'm';
    if ((m & XB_MODE_C) && !(final && mcde == (XB_MODE_M | XB_MODE_C))) *p++ = 'c';
    if (m & XB_MODE_D) *p++ = 'd';
    if (m & XB_MODE_E) *p++ = 'e';
    if (m & XB_MODE_T) *p++ = 't';
    if (final) {
        if (m & XB_MODE_P) *p++ = 'p';
        if (m & XB_MODE_G) *p++ = 'g';
    } else if (hop) {
        *p++ = tog ? 'g' : 'p';
    }
    if (m & XB_MODE_O) *p++ = 'o';
    if (tog && !hop) *p++ = 'y';
    if (l->written & XB_MODE_N) *p++ = 'n';
    for (int j = 0; j < l->jumps && p < out + 12; j++)
        *p++ = 'j';
    *p = 0;
}

/* Ranges of the legs when `letter` with `range` is written (g/y toggles). */
static bool letter_fits(const XbGroup *g, char letter, int range)
{
    static const char upgrade[] = "AFCD.BGH.JQL.NO.KW....R..Z";
    int r = range;
    for (int k = 0; k < g->nlegs; k++) {
        if (g->leg[k].range != r)
            return false;
        if (k + 1 < g->nlegs && (g->leg[k].mode & XB_MODE_Y)) {
            char old = letter;
            letter = upgrade[old - 'A'];
            r = strchr("RBQ", old) ? 1 : strchr("WFK", old) ? 0 : (r == 1 ? 0 : 1);
        }
    }
    return true;
}

static void atom_string(const XbGroup *g, char *out, size_t size)
{
    char base = g->atom == 'J' ? 'C' : g->atom == 'L' ? 'Z' : g->atom;
    const char *one = strchr("WFK", base), *slide = strchr("RBQ", base);
    if (one || slide) {
        static const char pair[] = "WRFBKQ";
        int i = (int)(strchr(pair, base) - pair) & ~1;
        char step = pair[i], rider = pair[i + 1];
        char first = g->range == 0 ? rider : step, second = g->range == 0 ? step : rider;
        base = letter_fits(g, first, g->range) ? first
             : letter_fits(g, second, g->range) ? second : first;
    }
    bool digits;
    if (base == 'O')
        digits = g->range != 0;
    else if (strchr("RBQ", base))
        digits = g->range != 0;
    else
        digits = g->range != 1;
    if (digits)
        snprintf(out, size, "%c%d", base, g->range);
    else
        snprintf(out, size, "%c", base);
}

/* ---------------------------------------------------------------------
 * Groups and pieces
 * ------------------------------------------------------------------ */

typedef struct {
    char (*s)[128];
    int  n, cap;
} StrList;

static void list_add(StrList *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->s[i], s))
            return;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 32;
        char (*p)[128] = realloc(l->s, (size_t)cap * sizeof *p);
        if (!p)
            return;
        l->s = p;
        l->cap = cap;
    }
    snprintf(l->s[l->n++], 128, "%s", s);
}

static void group_strings(const XbGroup *g, StrList *out)
{
    DirAlts alts[XB_MAX_LEGS];
    char modes[XB_MAX_LEGS][16], atom[8];
    for (int k = 0; k < g->nlegs; k++) {
        bool final = k == g->nlegs - 1;
        if (k == 0 && g->cls != XB_CLASS_EIGHT)
            dir_strings(g->cls, g->leg[0].dirs,
                        g->cls == XB_CLASS_ORTHO ? 0x55 : g->cls == XB_CLASS_DIAG ? 0xAA : 0xFF,
                        &alts[k]);
        else
            dir_strings(XB_CLASS_EIGHT, g->leg[k].dirs, k ? xb_default_cont_dirs(g) : 0xFF,
                        &alts[k]);
        mode_string(&g->leg[k], final, modes[k]);
    }
    atom_string(g, atom, sizeof atom);
    int idx[XB_MAX_LEGS] = { 0 };
    for (;;) {
        char buf[128] = "";
        strcat(buf, g->initial == 2 ? "ii" : g->initial ? "i" : "");
        for (int k = 0; k < g->nlegs; k++) {
            if (k > 0)
                strcat(buf, (g->leg[k].mode & XB_MODE_ISO) ? "ai" : "a");
            strcat(buf, alts[k].s[idx[k]]);
            strcat(buf, modes[k]);
        }
        strcat(buf, atom);
        list_add(out, buf);
        int k = 0;
        while (k < g->nlegs && ++idx[k] == alts[k].n)
            idx[k++] = 0;
        if (k == g->nlegs)
            break;
    }
}

/* "W" followed by "W3" would read as a doubled atom: avoid such neighbours. */
static bool clashes(const char *prev, const char *next)
{
    size_t n = strlen(prev);
    return n && xb_is_upper(prev[n - 1]) && xb_is_upper(next[0]) && prev[n - 1] == next[0];
}

int xb_print(const XbPiece *piece, char *buf, size_t size)
{
    StrList l = { NULL, 0, 0 };
    for (int i = 0; i < piece->ngroups; i++)
        if (piece->group[i].nlegs > 0)
            group_strings(&piece->group[i], &l);
    size_t len = 0;
    if (size)
        buf[0] = 0;
    char *used = calloc((size_t)l.n + 1, 1);
    const char *prev = "";
    for (int done = 0; done < l.n; done++) {
        int pick = -1;
        for (int i = 0; i < l.n && pick < 0; i++)
            if (!used[i] && !clashes(prev, l.s[i]))
                pick = i;
        for (int i = 0; i < l.n && pick < 0; i++)
            if (!used[i])
                pick = i;
        if (used)
            used[pick] = 1;
        if (len < size)
            snprintf(buf + len, size - len, "%s", l.s[pick]);
        len += strlen(l.s[pick]);
        prev = l.s[pick];
        if (!used)
            break;
    }
    free(used);
    free(l.s);
    return (int)len;
}

/* ---------------------------------------------------------------------
 * Equality by meaning
 * ------------------------------------------------------------------ */

/* One group with a single direction on every leg: what it does is fully
 * determined by these fields. */
typedef struct {
    int8_t   dx, dy;          /* first step (White's view)            */
    int8_t   p, q;            /* p only kept for oblique atoms        */
    uint8_t  oblique, castle, range, initial, nlegs, quirks;
    uint8_t  dir[XB_MAX_LEGS];
    uint16_t mode[XB_MAX_LEGS];
    int8_t   jump[XB_MAX_LEGS];
    uint8_t  lrange[XB_MAX_LEGS];
} Atomic;

typedef struct {
    Atomic *a;
    int     n, cap;
} AtomicList;

static void atomic_add(AtomicList *l, const Atomic *a)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        Atomic *p = realloc(l->a, (size_t)cap * sizeof *p);
        if (!p)
            return;
        l->a = p;
        l->cap = cap;
    }
    l->a[l->n++] = *a;
}

static void expand(const XbPiece *piece, const XbGroup *g, int k, Atomic *cur, AtomicList *out)
{
    if (k == g->nlegs) {
        atomic_add(out, cur);
        return;
    }
    for (int d = 0; d < 8; d++) {
        if (!(g->leg[k].dirs & (1u << d)))
            continue;
        if (k == 0) {
            int dx, dy;
            if (xb_is_castle(g))
                dx = xb_rot[d][1], dy = xb_rot[d][3];
            else
                xb_step_vector(g, d, false, piece->xboard_quirks, &dx, &dy);
            cur->dx = (int8_t)dx;
            cur->dy = (int8_t)dy;
        } else {
            cur->dir[k] = (uint8_t)d;
        }
        expand(piece, g, k + 1, cur, out);
    }
}

static int atomic_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(Atomic));
}

static void atomics(const XbPiece *piece, AtomicList *out)
{
    for (int i = 0; i < piece->ngroups; i++) {
        const XbGroup *g = &piece->group[i];
        Atomic a;
        memset(&a, 0, sizeof a);
        a.oblique = g->cls == XB_CLASS_OBLIQUE;
        a.p = a.oblique ? g->p : 0;
        a.q = g->q;
        a.castle = xb_is_castle(g);
        a.range = g->range;
        a.initial = g->initial > 2 ? 1 : g->initial;
        a.nlegs = g->nlegs;
        a.quirks = a.oblique && g->nlegs > 1 && piece->xboard_quirks;
        for (int k = 0; k < g->nlegs; k++) {
            a.mode[k] = g->leg[k].mode & (uint16_t)~XB_MODE_N;
            a.jump[k] = (int8_t)xb_leg_jump(&g->leg[k]);
            a.lrange[k] = g->leg[k].range;
        }
        expand(piece, g, 0, &a, out);
    }
    if (out->n)
        qsort(out->a, (size_t)out->n, sizeof *out->a, atomic_cmp);
    int w = 0;
    for (int r = 0; r < out->n; r++)
        if (w == 0 || atomic_cmp(&out->a[w - 1], &out->a[r]))
            out->a[w++] = out->a[r];
    out->n = w;
}

bool xb_equal(const XbPiece *a, const XbPiece *b)
{
    AtomicList la = { NULL, 0, 0 }, lb = { NULL, 0, 0 };
    atomics(a, &la);
    atomics(b, &lb);
    bool eq = la.n == lb.n && (la.n == 0 || !memcmp(la.a, lb.a, (size_t)la.n * sizeof *la.a));
    free(la.a);
    free(lb.a);
    return eq;
}
