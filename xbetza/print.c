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

/* Longest mode string: m c d e t p g o y n, at most 10 letters, and the j's. */
#define MODE_TEXT (10 + XB_MAX_JUMPS + 1)
/* Longest group string: "ii", per leg "ai", directions and modes, the atom
 * with two digits. */
#define GROUP_TEXT 256
_Static_assert(GROUP_TEXT >= 2 + XB_MAX_LEGS * (2 + DIRLEN + MODE_TEXT) + 4,
               "GROUP_TEXT holds every group string");

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

/* Which set does XBoard read from `s` for this kind of leg?  *clean (may be
 * NULL) tells whether every letter was read and selected something, as the
 * strict reader demands. */
static unsigned read_back(int kind, const char *s, bool *clean)
{
    size_t pos = 0;
    bool useless = false;
    unsigned set;
    switch (kind) {
    case XB_CLASS_ORTHO:   set = xb_dirs_ortho(s, &pos); break;
    case XB_CLASS_DIAG:    set = xb_dirs_diag(s, &pos, &useless); break;
    case XB_CLASS_OBLIQUE: set = xb_dirs_oblique(s, &pos, &useless); break;
    default:               set = xb_dirs_king(s, &pos); break;
    }
    if (clean)
        *clean = s[pos] == 0 && !useless;
    return set;
}

/* The first string (shortest, then in the order of the letters f b l r v s
 * h) that XBoard reads as exactly `set`; false when none of at most
 * SPELL_MAX letters does.  Used when the greedy spelling needs several
 * strings: every set XBoard can read from one string is reached within
 * SPELL_MAX letters (K-system sets need up to six, e.g. "rrffvb"), so a
 * parsed leg never prints as more groups than it was read from. */
enum { SPELL_MAX = 6 };

static bool single_spelling(int kind, unsigned set, char *out)
{
    static const char letters[] = "fblrvsh";
    enum { NLETTERS = sizeof letters - 1 };
    for (int len = 1; len <= SPELL_MAX; len++) {
        long count = 1;
        for (int i = 0; i < len; i++)
            count *= NLETTERS;
        for (long code = 0; code < count; code++) {
            long rest = code;
            for (int i = len - 1; i >= 0; i--, rest /= NLETTERS)
                out[i] = letters[rest % NLETTERS];
            out[len] = 0;
            bool clean;
            if (read_back(kind, out, &clean) == set && clean)
                return true;
        }
    }
    out[0] = 0;
    return false;
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
        unsigned r = read_back(kind, out->s[i], NULL);
        ok = r != 0 && (r & ~set) == 0;
        got |= r;
    }
    char s[DIRLEN] = "";
    if (ok && got == set && out->n == 1)
        return;
    if (single_spelling(kind, set, s)) {
        out->n = 0;
        add_alt(out, s);
        return;
    }
    if (ok && got == set)
        return;
    /* fall back to one self-contained token per direction */
    out->n = 0;
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

/* The mode letters of a leg (out: MODE_TEXT bytes). */
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
    int jumps = l->jumps > XB_MAX_JUMPS ? XB_MAX_JUMPS : l->jumps;  /* as xb_parse reads */
    for (int j = 0; j < jumps; j++)
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
    char (*s)[GROUP_TEXT];
    int  n, cap;
} StrList;

static void list_add(StrList *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->s[i], s))
            return;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 32;
        char (*p)[GROUP_TEXT] = realloc(l->s, (size_t)cap * sizeof *p);
        if (!p)
            return;
        l->s = p;
        l->cap = cap;
    }
    snprintf(l->s[l->n++], GROUP_TEXT, "%s", s);
}

static void group_strings(const XbGroup *g, StrList *out)
{
    DirAlts alts[XB_MAX_LEGS];
    char modes[XB_MAX_LEGS][MODE_TEXT], atom[8];
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
        char buf[GROUP_TEXT] = "";
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

/* "iW" followed by "W", or "W" by "W3", reads as a doubled atom, which the
 * strict reader refuses ("'WW' is W twice"): such neighbours must not meet. */
static bool clashes(const char *prev, const char *next)
{
    size_t n = strlen(prev);
    return n && xb_is_upper(prev[n - 1]) && xb_is_upper(next[0]) && prev[n - 1] == next[0];
}

/* The list order, except that a string that would clash with the one before
 * waits for the next place where it does not.  False when only clashing
 * strings are left. */
static bool greedy_order(const StrList *l, int *order, char *used)
{
    const char *prev = "";
    for (int done = 0; done < l->n; done++) {
        int pick = -1;
        for (int i = 0; i < l->n && pick < 0; i++)
            if (!used[i] && !clashes(prev, l->s[i]))
                pick = i;
        if (pick < 0)
            return false;
        used[pick] = 1;
        order[done] = pick;
        prev = l->s[pick];
    }
    return true;
}

/* An order without clashes, for the lists the greedy order cannot place
 * ("iW" and "W"): first the bare atoms with a range ("W3", ending in a
 * digit), then the bare atoms without one (different letters, since the
 * list has no duplicates), then the strings with a prefix (starting with a
 * lower-case letter). */
static void clash_free_order(const StrList *l, int *order)
{
    int n = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < l->n; i++) {
            const char *s = l->s[i];
            int kind = !xb_is_upper(s[0]) ? 2 : xb_is_digit(s[strlen(s) - 1]) ? 0 : 1;
            if (kind == pass)
                order[n++] = i;
        }
}

int xb_print(const XbPiece *piece, char *buf, size_t size)
{
    StrList l = { NULL, 0, 0 };
    for (int i = 0; i < piece->ngroups; i++)
        if (piece->group[i].nlegs > 0)
            group_strings(&piece->group[i], &l);
    int *order = malloc(((size_t)l.n + 1) * sizeof *order);
    char *used = calloc((size_t)l.n + 1, 1);
    if (order && used && !greedy_order(&l, order, used))
        clash_free_order(&l, order);
    size_t len = 0;
    if (size)
        buf[0] = 0;
    for (int i = 0; order && used && i < l.n; i++) {
        const char *s = l.s[order[i]];
        if (len < size)
            snprintf(buf + len, size - len, "%s", s);
        len += strlen(s);
    }
    free(order);
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
