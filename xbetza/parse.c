/*
 * parse.c — read an XBetza string into an XbPiece.
 *
 * The scanner is a transcription of XBoard 4.9.1's reading loop
 * (moves.c, MovesFromString; docs/xbetza.md §2.1): direction letters by
 * atom class, mode letters in the fixed order m c d e t p g o y n j, 'a'
 * chains, ranges of one or two digits.  Wherever XBoard silently skips,
 * truncates or misreads, the scanner records a diagnostic.  In XB_COMPAT the
 * first diagnostic is only a warning and the result is what XBoard would
 * use; in XB_STRICT it is an error (§2.2), so a strict string always means
 * the same thing to Menagerie and to XBoard.
 */
#include "internal.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * Tables shared with the rest of the library
 * ------------------------------------------------------------------ */

static const XbAtomInfo atoms[] = {
    { 'W', 0, 1, XB_CLASS_ORTHO,    1 }, { 'F', 1, 1, XB_CLASS_DIAG,    1 },
    { 'D', 0, 2, XB_CLASS_ORTHO,    1 }, { 'A', 2, 2, XB_CLASS_DIAG,    1 },
    { 'H', 0, 3, XB_CLASS_ORTHO,    1 }, { 'G', 3, 3, XB_CLASS_DIAG,    1 },
    { 'N', 1, 2, XB_CLASS_OBLIQUE,  1 }, { 'C', 1, 3, XB_CLASS_OBLIQUE, 1 },
    { 'Z', 2, 3, XB_CLASS_OBLIQUE,  1 }, { 'J', 1, 3, XB_CLASS_OBLIQUE, 1 },
    { 'L', 2, 3, XB_CLASS_OBLIQUE,  1 }, { 'K', 0, 1, XB_CLASS_EIGHT,   1 },
    { 'Q', 0, 1, XB_CLASS_EIGHT,    0 }, { 'R', 0, 1, XB_CLASS_ORTHO,   0 },
    { 'B', 1, 1, XB_CLASS_DIAG,     0 }, { 'O', 0, 0, XB_CLASS_ORTHO,   1 },
};

const XbAtomInfo *xb_atom_info(char letter)
{
    for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
        if (atoms[i].letter == letter)
            return &atoms[i];
    return NULL;
}

const int xb_rot[8][4] = {
    { 1, 0, 0, 1 }, { 0, 1, 1, 0 }, { 0, 1, -1, 0 }, { 1, 0, 0, -1 },
    { -1, 0, 0, -1 }, { 0, -1, -1, 0 }, { 0, -1, 1, 0 }, { -1, 0, 0, 1 }
};

/* XBoard's letter tables, indexed by letter - 'a'.  dirType: 1 = f b,
 * 2 = l r, 4 = h, 5 = v, 6 = s, 0 = not a direction letter. */
static const char dir_type[] = "01000104000200000260050000";
static const unsigned dirs1[26] = { ['b'-'a'] = 0x3C, ['f'-'a'] = 0xC3,
    ['l'-'a'] = 0xF0, ['r'-'a'] = 0x0F };
static const unsigned dirs2[26] = { ['b'-'a'] = 0x18, ['f'-'a'] = 0x81,
    ['h'-'a'] = 0xFF, ['l'-'a'] = 0x60, ['r'-'a'] = 0x06, ['s'-'a'] = 0x66,
    ['v'-'a'] = 0x99 };
static const unsigned dirs3[26] = { ['b'-'a'] = 0x38, ['f'-'a'] = 0x83,
    ['h'-'a'] = 0xFF, ['l'-'a'] = 0xE0, ['r'-'a'] = 0x0E, ['s'-'a'] = 0xEE,
    ['v'-'a'] = 0xBB };
static const unsigned dirs4[26] = { ['b'-'a'] = 0x10, ['f'-'a'] = 0x01,
    ['h'-'a'] = 0xFF, ['l'-'a'] = 0x40, ['r'-'a'] = 0x04, ['s'-'a'] = 0x44,
    ['v'-'a'] = 0x11 };

static int dtype(int c)
{
    return xb_is_lower(c) ? dir_type[c - 'a'] - '0' : 0;
}

/* Two letters pair up when one is of the f/b axis and the other of l/r
 * (XBoard: ((i | dirType[next]) & 3) == 3). */
static bool perpendicular(int a, int b)
{
    return xb_is_lower(b) && (((dtype(a) | dtype(b)) & 3) == 3);
}

unsigned xb_dirs_ortho(const char *t, size_t *pos)
{
    unsigned set = 0;
    while (xb_is_lower(t[*pos]) && (dtype(t[*pos]) & ~4) != 0)
        set |= dirs2[t[(*pos)++] - 'a'];
    return set & 0x55;
}

unsigned xb_dirs_diag(const char *t, size_t *pos, bool *useless)
{
    unsigned set = 0;
    while (xb_is_lower(t[*pos]) && dtype(t[*pos]) != 0) {
        int c = t[*pos];
        unsigned b = dirs1[c - 'a'];
        if (perpendicular(c, t[*pos + 1])) {
            b &= dirs1[t[*pos + 1] - 'a'];
            *pos += 2;
        } else {
            *pos += 1;
        }
        if (useless && (b & 0xAA) == 0)
            *useless = true;
        set |= b;
    }
    return set & 0xAA;
}

unsigned xb_dirs_oblique(const char *t, size_t *pos, bool *useless)
{
    unsigned set = 0;
    if (t[*pos] == 'h') {            /* chiral sets: hr, and h + anything = hl */
        if (useless && t[*pos + 1] != 'r' && t[*pos + 1] != 'l')
            *useless = true;
        set = t[*pos + 1] == 'r' ? 0x55 : 0xAA;
        *pos += t[*pos + 1] ? 2 : 1;
        return set;
    }
    while (xb_is_lower(t[*pos]) && dtype(t[*pos]) != 0) {
        int c = t[*pos], n = t[*pos + 1];
        unsigned b = dirs2[c - 'a'];
        if (n == 'h') {
            b = dirs1[c - 'a'];
            *pos += 2;
        } else if (c == n || (dtype(c) < 4 && perpendicular(c, n))) {
            b = dirs1[c - 'a'] & dirs2[n - 'a'];
            *pos += 2;
        } else {
            *pos += 1;
        }
        if (useless && b == 0)
            *useless = true;
        set |= b;
    }
    return set;
}

unsigned xb_dirs_king(const char *t, size_t *pos)
{
    unsigned set = 0;
    while (xb_is_lower(t[*pos]) && dtype(t[*pos]) != 0) {
        int c = t[*pos], n = t[*pos + 1];
        unsigned b = dirs4[c - 'a'];
        if (n == c) {
            *pos += 1;               /* doubling forces the letter alone */
        } else if (dtype(c) < 4 && perpendicular(c, n)) {
            b = dirs3[c - 'a'] & dirs3[n - 'a'];
            *pos += 2;
        } else {
            *pos += 1;
        }
        set |= b;
    }
    return set;
}

void xb_step_vector(const XbGroup *g, int dir, bool cont, bool quirks, int *dx, int *dy)
{
    int x = g->p, y = g->q;
    if (cont && !(g->cls == XB_CLASS_OBLIQUE && !quirks))
        x = (dir & 1) ? g->q : 0;          /* (0,s) or (s,s) */
    else if (!cont && g->cls == XB_CLASS_EIGHT)
        x = (dir & 1) ? 1 : 0, y = 1;
    *dx = x * xb_rot[dir][0] + y * xb_rot[dir][1];
    *dy = x * xb_rot[dir][2] + y * xb_rot[dir][3];
}

/* ---------------------------------------------------------------------
 * The scanner
 * ------------------------------------------------------------------ */

typedef struct {
    const char *s;
    size_t      len;
    XbDialect   dialect;
    XbError    *err;
    bool        diag;       /* a diagnostic was recorded */
} Scanner;

/* 1-based column of s[pos] (INT_MAX for absurdly long strings). */
static int column_of(size_t pos)
{
    return pos < (size_t)INT_MAX ? (int)pos + 1 : INT_MAX;
}

/* Record the first diagnostic (later ones would only be consequences). */
static void diagnose(Scanner *sc, size_t pos, const char *fmt, ...)
{
    if (sc->diag)
        return;
    sc->diag = true;
    sc->err->column = column_of(pos);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->err->message, sizeof sc->err->message, fmt, ap);
    va_end(ap);
}

/* Record a warning: the string is accepted, but err tells what to prefer.
 * A later error replaces it. */
static void warn(Scanner *sc, size_t pos, const char *fmt, ...)
{
    if (sc->diag || sc->err->column)
        return;
    sc->err->column = column_of(pos);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->err->message, sizeof sc->err->message, fmt, ap);
    va_end(ap);
}

/* XBoard's mode bits, as moves.c uses them (white's view: his = 2). */
enum { BM_D = 1, BM_C = 2, BM_M = 4, BM_E = 8, BM_T = 16, BM_P = 32,
       BM_G = 64, BM_O = 128, BM_HOP = 256, BM_Y = 512 };

static const char mode_order[] = "mcdetpgoy";

/* Read the mode letters of a leg (fixed order, each once, then j*).  The
 * j's are counted up to XB_MAX_JUMPS: more skip nothing more on a 16x16
 * board (only a cylinder ray could pass its own square and go on). */
static void read_modes(Scanner *sc, size_t *pos, XbLeg *leg, unsigned *bits)
{
    const char *s = sc->s;
    static const unsigned bm[] = { BM_M, BM_C, BM_D, BM_E, BM_T, BM_P, BM_G, BM_O, BM_Y };
    static const unsigned xm[] = { XB_MODE_M, XB_MODE_C, XB_MODE_D, XB_MODE_E, XB_MODE_T,
                                   XB_MODE_P, XB_MODE_G, XB_MODE_O, XB_MODE_Y };
    for (int i = 0; mode_order[i]; i++)
        if (s[*pos] == mode_order[i]) {
            *bits |= bm[i];
            leg->written |= xm[i];
            (*pos)++;
        }
    if (s[*pos] == 'n') {
        leg->written |= XB_MODE_N;
        (*pos)++;
    }
    while (s[*pos] == 'j') {
        if (leg->jumps == XB_MAX_JUMPS)
            diagnose(sc, *pos, "more than %d 'j' in one leg (a ray has at most %d squares "
                     "to skip)", XB_MAX_JUMPS, XB_MAX_JUMPS);
        else
            leg->jumps++;
        (*pos)++;
    }
}

/* Range toggle of 'g'/'y' (XBoard rewrites the atom: BRQ <-> FWK, other
 * leapers become riders and riders leapers).  Returns the new range and
 * updates the atom letter. */
static uint8_t toggle_range(char *letter, uint8_t range)
{
    static const char upgrade[] = "AFCD.BGH.JQL.NO.KW....R..Z";
    char old = *letter;
    *letter = upgrade[old - 'A'];
    if (old == 'R' || old == 'B' || old == 'Q')
        return 1;
    if (old == 'W' || old == 'F' || old == 'K')
        return 0;
    return range == 1 ? 0 : 1;
}

/* Turn XBoard's mode bits of one leg into XB_MODE_* (docs/xbetza.md §5, §7). */
static void apply_modes(XbLeg *leg, unsigned bits, bool final, bool *toggle)
{
    *toggle = false;
    if (final) {
        if (!(bits & (BM_M | BM_C | BM_D | BM_E)))
            bits |= BM_M | BM_C;
    } else {
        if (bits & BM_P)
            bits ^= BM_HOP | BM_P;
        if (bits & (BM_G | BM_Y)) {
            bits |= BM_HOP;
            if (bits & BM_Y)
                bits ^= BM_Y | BM_HOP | BM_M;
            *toggle = true;
        }
        if (!(bits & (BM_M | BM_C | BM_D | BM_E | BM_HOP | BM_Y)))
            bits |= BM_M;
    }
    uint16_t m = 0;
    if (bits & BM_M) m |= XB_MODE_M;
    if (bits & BM_C) m |= XB_MODE_C;
    if (bits & BM_D) m |= XB_MODE_D;
    if (bits & BM_E) m |= XB_MODE_E;
    if (bits & BM_T) m |= XB_MODE_T;
    if (bits & BM_O) m |= XB_MODE_O;
    if (final) {
        if (bits & BM_P) m |= XB_MODE_P;
        if (bits & BM_G) m |= XB_MODE_G;
    } else {
        if (bits & BM_HOP) m |= XB_MODE_P;
        if (*toggle) m |= XB_MODE_Y;
    }
    if (leg->written & XB_MODE_N) m |= XB_MODE_N;
    if (leg->written & XB_MODE_ISO) m |= XB_MODE_ISO;
    leg->mode = m;
}

/* Explain why the scanner stopped at s[pos] inside a leg prefix that
 * started at `start`. */
static void diagnose_leftover(Scanner *sc, size_t start, size_t pos, const XbGroup *g, int legno)
{
    int c = sc->s[pos];
    const char *why;
    if (c == 'i')
        why = legno == 0 ? "'i' must come first in a move" : "'i' must come right after 'a'";
    else if (strchr("kquwxz", c))
        why = "not a modifier XBoard 4.9.1 understands";
    else if (c == 'h' && legno == 0 && g->cls == XB_CLASS_ORTHO)
        why = "'h' is not a direction of an orthogonal atom";
    else if (strchr("fblrvsh", c))
        why = "direction letters must come before mode letters";
    else if (strchr("mcdetpgoynj", c))
        why = "mode letters go in the order m c d e t p g o y n j, each once";
    else
        why = "unexpected letter";
    if (pos > start)
        diagnose(sc, pos, "'%c' cannot follow '%.*s': %s", c, (int)(pos - start), sc->s + start, why);
    else
        diagnose(sc, pos, "'%c' is not allowed here: %s", c, why);
}

/* Read the prefix of one leg starting at *pos; atom_pos bounds it.  Returns
 * true when an 'a' follows (another leg). */
static bool read_leg(Scanner *sc, XbGroup *g, int legno, size_t *pos, size_t atom_pos,
                     unsigned *bits)
{
    const char *s = sc->s;
    XbLeg *leg = &g->leg[legno];
    size_t start = *pos, p = *pos;
    bool useless = false;
    if (legno > 0) {
        int iso = 0;
        for (; s[p] == 'i'; p++)
            iso += iso < 2;
        if (iso)
            leg->written |= XB_MODE_ISO;
        if (iso > 1)
            diagnose(sc, start + 1, "'ii' is not allowed on a later leg");
    }
    size_t dstart = p;
    unsigned set;
    if (legno > 0 || g->cls == XB_CLASS_EIGHT) {
        set = xb_dirs_king(s, &p);
    } else if (g->cls == XB_CLASS_ORTHO) {
        set = xb_dirs_ortho(s, &p);
    } else if (g->cls == XB_CLASS_DIAG) {
        set = xb_dirs_diag(s, &p, &useless);
    } else {
        set = xb_dirs_oblique(s, &p, &useless);
    }
    if (p > atom_pos) {                  /* oblique 'h' pair ran over the atom */
        diagnose(sc, dstart, "'h' must be followed by 'r' or 'l' here");
        p = atom_pos;
    }
    leg->dirs_written = p > dstart;
    if (useless && legno == 0 && g->cls == XB_CLASS_OBLIQUE && s[dstart] == 'h')
        diagnose(sc, dstart, "'h' must be followed by 'r' or 'l' here");
    if (useless)
        diagnose(sc, dstart, "'%.*s' selects no direction of '%c'", (int)(p - dstart), s + dstart,
                 g->atom);
    if (leg->dirs_written && set == 0 && !useless)
        diagnose(sc, dstart, "'%.*s' selects no direction of '%c'", (int)(p - dstart), s + dstart,
                 g->atom);
    if (set == 0)
        set = legno > 0 ? xb_default_cont_dirs(g)
            : g->cls == XB_CLASS_ORTHO ? 0x55 : g->cls == XB_CLASS_DIAG ? 0xAA : 0xFF;
    leg->dirs = (uint8_t)set;
    read_modes(sc, &p, leg, bits);
    if (p < atom_pos && s[p] == 'a') {
        *pos = p + 1;
        return true;
    }
    if (p < atom_pos)
        diagnose_leftover(sc, legno == 0 ? start : start, p, g, legno);
    *pos = p;
    return false;
}

/* Read the range digits after the atom at s[*pos]; advances like XBoard
 * (one digit, a second one when the value exceeds 9). */
static int read_range(Scanner *sc, size_t *pos, bool *given)
{
    const char *s = sc->s;
    size_t p = *pos, e = p;
    *given = false;
    if (!xb_is_digit(s[p]))
        return -1;
    while (xb_is_digit(s[e]))
        e++;
    long v = 0;
    for (size_t i = p; i < e && v <= XB_MAX_RANGE; i++)
        v = v * 10 + (s[i] - '0');
    if (v > XB_MAX_RANGE)
        v = XB_MAX_RANGE;  /* no ray on a 16x16 board is longer: same moves, printable */
    int shown = e - p > 12 ? 12 : (int)(e - p);     /* digits quoted in a message */
    if (e - p > 1 && s[p] == '0')
        diagnose(sc, p, "range '%.*s' has a leading zero (XBoard reads %ld and stops)",
                 shown, s + p, v);
    else if (e - p > 2)
        diagnose(sc, p, "range '%.*s%s' has more than two digits", shown, s + p,
                 e - p > 12 ? "..." : "");
    *pos = p + (v > 9 ? 2 : 1);
    *given = true;
    return (int)v;
}

/* Semantic checks of strict mode on a complete group (docs/xbetza.md §2.2,
 * §6.2, §7.2, §8.1, §10.2).  `col` is the 0-based position of the atom. */
static void check_group(Scanner *sc, const XbGroup *g, size_t start, size_t atom_pos,
                        bool range_given, const XbGroup *prev, bool prev_range, size_t prev_end)
{
    char a = g->atom;
    /* The sources disagree on J and L; both dialects read them as XBoard
       does (the GUI referees our games), and the printer never sends them. */
    if (a == 'J' || a == 'L')
        warn(sc, atom_pos, "'%c' is ambiguous (read as XBoard's %s, other sources: %s): write %s",
                 a, a == 'J' ? "camel (1,3)" : "zebra (2,3)",
                 a == 'J' ? "zebra (2,3)" : "camel (1,3)", a == 'J' ? "C or Z" : "Z or C");
    if (a == 'O' && g->range == 0)
        diagnose(sc, atom_pos, "'O' needs a castling distance (bare 'O' is a null move)");
    if (a == 'O' && g->nlegs > 1)
        diagnose(sc, atom_pos, "'O' cannot be used in a multi-leg move");
    if (g->cls == XB_CLASS_OBLIQUE && g->nlegs > 1)
        diagnose(sc, atom_pos, "XBoard 4.9.1 misreads oblique atoms in multi-leg moves");
    if (g->initial > 2)
        diagnose(sc, start + 2, "more than two 'i' in front of a move");
    if (prev && prev->atom == a && start == atom_pos && !prev_range && prev_end == start)
        diagnose(sc, atom_pos, "'%c%c' is %c twice, not a rider: write %c0", a, a, a, a);
    int victims = 0;
    bool slider_before = false;
    for (int k = 0; k < g->nlegs; k++) {
        const XbLeg *l = &g->leg[k];
        bool final = k == g->nlegs - 1;
        if ((l->written & XB_MODE_N) && l->jumps)
            diagnose(sc, atom_pos, "'n' and 'j' cancel each other");
        else if ((l->written & XB_MODE_N) && xb_one_step(g))
            diagnose(sc, atom_pos, "'n' on the one-step atom '%c' leaves no moves", a);
        else if (l->jumps && xb_one_step(g) && l->range != 0 && l->range <= l->jumps)
            diagnose(sc, atom_pos, "'j' skips every square of '%c'%s", a, range_given ? "" : " (range 1)");
        if (final && (l->written & (XB_MODE_P | XB_MODE_G)) && l->range == 1 && a != 'O')
            diagnose(sc, atom_pos, "'%c' on the leaper '%c' leaves no moves",
                     (l->written & XB_MODE_P) ? 'p' : 'g', a);
        if (final && (l->written & XB_MODE_Y))
            diagnose(sc, atom_pos, "'y' has no meaning on the last leg");
        if ((l->written & XB_MODE_ISO) && !slider_before)
            diagnose(sc, atom_pos, "'i' on a later leg needs an earlier sliding leg");
        if (!final && (l->mode & (XB_MODE_C | XB_MODE_D)))
            victims++;
        if (l->range != 1)
            slider_before = true;
    }
    if (victims > 2)
        diagnose(sc, atom_pos, "more than two locust captures (XBoard records two)");
}

/* Parse one group at *pos.  Returns false when reading stops (end of text or
 * something XBoard cannot read). */
static bool parse_group(Scanner *sc, XbPiece *out, size_t *pos, size_t *prev_end, bool *prev_range)
{
    const char *s = sc->s;
    size_t start = *pos, p = start;
    XbGroup g;
    memset(&g, 0, sizeof g);
    g.column = (uint16_t)(start < UINT16_MAX ? start + 1 : UINT16_MAX);
    for (; s[p] == 'i'; p++)
        g.initial += g.initial < 3;      /* 3: "more than two", read as one */
    size_t desc = p, atom_pos = p;
    while (xb_is_lower(s[atom_pos]))
        atom_pos++;
    int c = s[atom_pos];
    if (!xb_is_upper(c)) {
        if (c == 0)
            diagnose(sc, atom_pos, "'%.*s' has no atom", (int)(atom_pos - start), s + start);
        else if (xb_is_digit(c))
            diagnose(sc, atom_pos, "range digit '%c' without an atom", c);
        else
            diagnose(sc, atom_pos, "unexpected character '%c'", c);
        return false;
    }
    const XbAtomInfo *info = xb_atom_info((char)c);
    if (!info) {
        diagnose(sc, atom_pos, "unknown atom '%c'", c);
        return false;
    }
    g.atom = (char)c;
    g.p = info->p;
    g.q = info->q;
    g.cls = info->cls;

    unsigned bits[XB_MAX_LEGS + 1] = { 0 };
    bool more = true, too_many = false;
    int nlegs = 0;
    while (more) {
        if (nlegs == XB_MAX_LEGS) {
            diagnose(sc, desc, "too many legs (at most %d)", XB_MAX_LEGS);
            too_many = true;
            break;
        }
        more = read_leg(sc, &g, nlegs, &desc, atom_pos, &bits[nlegs]);
        nlegs++;
    }
    g.nlegs = (uint8_t)nlegs;

    size_t rp = atom_pos + 1;
    bool given;
    int r = read_range(sc, &rp, &given);
    if (g.atom == 'O')
        g.range = given ? (uint8_t)r : 0;
    else
        g.range = given ? (uint8_t)r : info->range;

    /* modes and per-leg ranges */
    char letter = g.atom == 'J' ? 'C' : g.atom == 'L' ? 'Z' : g.atom;
    uint8_t range = g.range;
    for (int k = 0; k < nlegs; k++) {
        bool toggle;
        apply_modes(&g.leg[k], bits[k], k == nlegs - 1, &toggle);
        g.leg[k].range = range;
        if (toggle && k + 1 < nlegs)
            range = toggle_range(&letter, range);
    }

    const XbGroup *prev = out->ngroups ? &out->group[out->ngroups - 1] : NULL;
    check_group(sc, &g, start, atom_pos, given, prev, *prev_range, *prev_end);
    *pos = rp;
    *prev_end = rp;
    *prev_range = given;
    if (too_many || (g.atom == 'O' && g.nlegs > 1))
        return true;                  /* cannot be represented: dropped (compat) */
    if (out->ngroups == XB_MAX_GROUPS) {
        diagnose(sc, start, "too many move groups (at most %d)", XB_MAX_GROUPS);
        return false;
    }
    if (g.cls == XB_CLASS_OBLIQUE && g.nlegs > 1)
        out->xboard_safe = false;
    out->group[out->ngroups++] = g;
    return true;
}

int xb_parse(const char *text, XbDialect dialect, XbPiece *out, XbError *err)
{
    XbError scratch;
    if (!err)
        err = &scratch;
    memset(out, 0, sizeof *out);
    err->column = 0;
    err->message[0] = 0;
    out->xboard_safe = true;
    out->xboard_quirks = dialect == XB_COMPAT;
    if (!text)
        text = "";
    Scanner sc = { text, strlen(text), dialect, err, false };
    size_t pos = 0, prev_end = (size_t)-1;
    bool prev_range = false;
    while (text[pos] && parse_group(&sc, out, &pos, &prev_end, &prev_range))
        ;
    if (sc.diag && dialect == XB_STRICT) {
        memset(out, 0, sizeof *out);
        out->xboard_safe = true;
        return -1;
    }
    return 0;
}
