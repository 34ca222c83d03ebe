/*
 * internal.h — helpers shared by the files of libxbetza (not installed, not
 * part of the API): the atom table, XBoard's direction tables and the leg
 * step arithmetic used by both the compiler and the reference generator.
 */
#ifndef XBETZA_INTERNAL_H
#define XBETZA_INTERNAL_H

#include "xbetza.h"

/* Static description of an atom letter. */
typedef struct {
    char    letter;
    int8_t  p, q;        /* short, long component (XBoard's xStep, yStep) */
    uint8_t cls;         /* XbClass */
    uint8_t range;       /* default range: 1, or 0 for R B Q */
} XbAtomInfo;

/* NULL when `letter` is not an atom XBoard 4.9.1 knows. */
const XbAtomInfo *xb_atom_info(char letter);

/* XBoard's rotation matrices, one per direction index (moves.c `rot`). */
extern const int xb_rot[8][4];

/* ASCII-only classification (never pass a plain char to <ctype.h>). */
static inline bool xb_is_lower(int c) { return c >= 'a' && c <= 'z'; }
static inline bool xb_is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static inline bool xb_is_digit(int c) { return c >= '0' && c <= '9'; }

/* Direction-letter readers, exactly XBoard's loops.  Each reads from
 * text[*pos] and advances *pos past what it consumed; the result is the raw
 * set before the empty-set fallback.  `useless` (may be NULL) is set when a
 * letter was consumed that selects nothing (v s h on diagonal atoms, 'h'
 * pairs on oblique atoms that give an empty half). */
unsigned xb_dirs_ortho(const char *text, size_t *pos);
unsigned xb_dirs_diag(const char *text, size_t *pos, bool *useless);
unsigned xb_dirs_oblique(const char *text, size_t *pos, bool *useless);
unsigned xb_dirs_king(const char *text, size_t *pos);

/* A direction set turned clockwise by `by` steps of 45 degrees. */
static inline unsigned xb_rotate_dirs(unsigned set, int by)
{
    by &= 7;
    return ((set << by) | (set >> (8 - by))) & 0xFF;
}

/* Default relative directions of a continuation leg without letters. */
static inline unsigned xb_default_cont_dirs(const XbGroup *g)
{
    return (g->cls == XB_CLASS_EIGHT || g->cls == XB_CLASS_OBLIQUE) ? 0xEF : 0x45;
}

/* A one-step atom: 'j' skips squares, 'n' kills the leg (§6.2). */
static inline bool xb_one_step(const XbGroup *g)
{
    return g->q == 1 && g->atom != 'O';
}

/* Effective 'n'/'j' of a leg, as XBoard computes them.  For one-step atoms:
 * the number of squares skipped at the start of each ray, or -1 when the leg
 * can produce nothing ('n').  For longer atoms: 0 = lame ('n'), 1 = plain,
 * 2+ = must jump. */
static inline int xb_leg_jump(const XbLeg *l)
{
    return ((l->written & XB_MODE_N) ? 0 : 1) + l->jumps;
}
static inline int xb_leg_skip(const XbLeg *l)
{
    return xb_leg_jump(l) - 1;
}

/* Step vector of direction `dir` for a leg.  Leg 0: `dir` indexes the atom's
 * class.  Continuation legs (`cont`): `dir` is an absolute K-direction; the
 * step is (0,q) or (q,q) as in XBoard, or, for oblique atoms without the
 * XBoard quirk, the oblique leap with index `dir`. */
void xb_step_vector(const XbGroup *g, int dir, bool cont, bool quirks, int *dx, int *dy);

/* Castling distance of an 'O' group (0 = null move). */
static inline bool xb_is_castle(const XbGroup *g) { return g->atom == 'O'; }

#endif
