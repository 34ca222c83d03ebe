/*
 * xbetza.h — XBetza piece-move notation: parse, print, compile, generate.
 *
 * This header is the documentation of the library's API.  The library is
 * self-contained (C11 + libc), keeps no global mutable state and knows
 * nothing of the engine in ../src.  The notation itself is specified in
 * docs/xbetza.md (H.G. Muller's XBetza as XBoard 4.9.1 implements it).
 *
 * Pipeline:
 *
 *     "fmWfceFifmnD" --xb_parse--> XbPiece --xb_compile(geometry)--> XbTable
 *                      <--xb_print--
 *
 * An XbPiece is the structured, board-independent meaning of a string.
 * An XbTable holds, for one board geometry, every square and both colours,
 * the pre-walked rays of the piece's first legs: target squares already
 * clipped at the board edge, at holes and at the range, cylinder wrap and
 * 'j' skips already applied, lame/jump test squares precomputed.  A move
 * generator enumerates a piece's moves by walking these arrays and looking
 * at the occupancy of each square: no geometry arithmetic, no string work.
 *
 * xb_generate() is the library's reference generator: complete (multi-leg
 * moves, hoppers, castling, initial moves, e.p.), simple, not fast.  The
 * test vectors, the `xbetza` diagram tool and the engine's not-yet-
 * specialised moves use it.
 *
 * Squares are dense indices  sq = rank * files + file  (a1 = 0), so a
 * 16x16 board has squares 0..255.
 */
#ifndef XBETZA_H
#define XBETZA_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#define XB_MAX_FILES   16
#define XB_MAX_RANKS   16
#define XB_MAX_SQUARES (XB_MAX_FILES * XB_MAX_RANKS)
#define XB_MAX_GROUPS  32   /* move groups (atom + prefixes + range) per piece */
#define XB_MAX_LEGS    4    /* legs per group ('a' chains) */
#define XB_MAX_JUMPS   15   /* 'j' per leg: a ray of a 16x16 board has at most 15
                               squares to skip, a castling partner stands at
                               most 15 files in from the edge */
#define XB_MAX_RANGE   99   /* range digits: two at most (no ray is that long) */
#define XB_NO_SQ       0xFFFF

/* ---------------------------------------------------------------------
 * Parsed representation
 * ------------------------------------------------------------------ */

/* Mode letters of one leg, in XBoard's fixed reading order m c d e t p g o y n j. */
enum {
    XB_MODE_M   = 1 << 0,  /* may end (or, non-final: continue) on an empty square */
    XB_MODE_C   = 1 << 1,  /* may capture an enemy piece                          */
    XB_MODE_D   = 1 << 2,  /* may capture ("destroy") a friendly piece            */
    XB_MODE_E   = 1 << 3,  /* may capture en passant                              */
    XB_MODE_T   = 1 << 4,  /* tame: may not capture a royal piece                 */
    XB_MODE_P   = 1 << 5,  /* hopper (cannon)                                     */
    XB_MODE_G   = 1 << 6,  /* grasshopper                                         */
    XB_MODE_O   = 1 << 7,  /* cylinder: files wrap around                         */
    XB_MODE_Y   = 1 << 8,  /* non-final: continue from empty, range toggled       */
    XB_MODE_N   = 1 << 9,  /* lame: half-way square must be empty                 */
    XB_MODE_ISO = 1 << 10  /* 'i' on legs 2..n: same length as the last slider leg */
};

/* Symmetry class of an atom: decides how direction letters are read. */
typedef enum {
    XB_CLASS_ORTHO,    /* W D H R O     : 4 directions F R B L               */
    XB_CLASS_DIAG,     /* F A G B       : 4 directions FR BR BL FL           */
    XB_CLASS_OBLIQUE,  /* N C Z (J L)   : 8 directions rf fr br rb lb bl fl lf */
    XB_CLASS_EIGHT     /* K Q           : 8 directions F FR R BR B BL L FL   */
} XbClass;

/* K-system direction indices, clockwise from forward (docs/xbetza.md §1). */
enum { XB_DIR_F, XB_DIR_FR, XB_DIR_R, XB_DIR_BR,
       XB_DIR_B, XB_DIR_BL, XB_DIR_L, XB_DIR_FL };

typedef struct {
    uint8_t  dirs;    /* direction set: bit i = direction i.  Leg 0: indices of the
                         atom's class (K-system for ORTHO/DIAG/EIGHT, the oblique
                         table of §1 for OBLIQUE); legs 1..: K-system, relative to
                         the previous leg's direction. */
    uint16_t mode;    /* XB_MODE_* after defaults were applied (final leg: mc when
                         none of m c d e given; non-final: m when none of m c d e p g) */
    uint16_t written; /* XB_MODE_* exactly as written (for printing) */
    uint8_t  jumps;   /* number of 'j' */
    uint8_t  dirs_written; /* 0 when the leg had no direction letters */
    uint8_t  range;   /* this leg's range (1 leaper, 0 unlimited, n): equal to the
                         group's range unless an earlier leg toggled it with
                         'g' or 'y' (docs/xbetza.md §7.3) */
} XbLeg;

/* Non-final legs: `mode` holds XB_MODE_M (continue from an empty square),
 * C (locust capture), D (destroy a friend), E, T, O, P (hop over an occupied
 * square without capturing) and Y (the next leg's range is toggled; set for
 * both 'g' and 'y').  XB_MODE_G is never set on a non-final leg: it is
 * folded into P + Y as XBoard does.  XB_MODE_N records a written 'n'; how
 * 'n' and 'j' act depends on the atom (§6.2) and is decided by the
 * generator and the compiler, not stored here. */

typedef struct {
    char    atom;     /* W F D A H G N C Z J L K Q R B O */
    int8_t  p, q;     /* short and long step components (knight: 1, 2) */
    uint8_t cls;      /* XbClass */
    uint8_t range;    /* 1 = leaper, 0 = unlimited, n = at most n steps;
                         for O: the castling distance (0 = bare O, null move) */
    uint8_t initial;  /* 0, 1 ('i': virgin piece only) or 2 ('ii') */
    uint8_t nlegs;    /* 1 + number of 'a' */
    XbLeg   leg[XB_MAX_LEGS];
    uint16_t column;  /* 1-based column of the group's first character */
} XbGroup;

typedef struct {
    int     ngroups;
    XbGroup group[XB_MAX_GROUPS];
    bool    xboard_safe;  /* false when XBoard 4.9.1 would read the printed
                             string differently (oblique multi-leg, J/L, ...) */
    bool    xboard_quirks; /* set by xb_parse in XB_COMPAT: oblique atoms on
                             continuation legs step as XBoard 4.9.1 does ((0,s)
                             and (s,s) steps, §7.2).  When false such legs
                             repeat the oblique leap turned by the relative
                             direction (the documented intent). */
} XbPiece;

/* How strictly to read.  XB_COMPAT reproduces XBoard 4.9.1 exactly, quirks
 * included (truncation at the first unreadable character, ignored letters,
 * J = camel).  XB_STRICT rejects everything XBoard would silently truncate
 * or misread (docs/xbetza.md §2.2), with the column of the offending
 * character. */
typedef enum { XB_STRICT, XB_COMPAT } XbDialect;

typedef struct {
    int  column;        /* 1-based column of the offending character (0: none) */
    char message[160];  /* e.g. "'q' cannot follow 'fm'" (no "column N:" prefix) */
} XbError;

/* Parse `text`.  Returns 0 on success, -1 on error with *err filled.  In
 * XB_COMPAT mode parsing never fails; err may then carry a warning
 * (column > 0) describing what XBoard ignores.  Counts are bounded in both
 * dialects: ranges by XB_MAX_RANGE, 'j' by XB_MAX_JUMPS, leading 'i' by
 * "more than two" (read as one, as XBoard does), legs by XB_MAX_LEGS and
 * groups by XB_MAX_GROUPS; a larger count is an error at the column of the
 * first character too many (XB_COMPAT: a warning, the bound is used). */
int xb_parse(const char *text, XbDialect dialect, XbPiece *out, XbError *err);

/* Print the canonical XBetza string of `piece` into buf (always
 * NUL-terminated).  The result is parsed by XBoard 4.9.1 as the same move
 * set; read back by xb_parse it gives the same moves, and XB_STRICT accepts
 * it whenever it accepted the string `piece` was read from (no more groups
 * than were read, no atom right after the same atom).  Returns the length
 * of the full string (as snprintf). */
int xb_print(const XbPiece *piece, char *buf, size_t size);

/* True when `a` and `b` describe the same moves (groups compared as sets). */
bool xb_equal(const XbPiece *a, const XbPiece *b);

/* ---------------------------------------------------------------------
 * Board geometry
 * ------------------------------------------------------------------ */

typedef struct {
    int     files, ranks;             /* 1..16 each */
    uint8_t hole[XB_MAX_SQUARES];     /* nonzero: not part of the board */
} XbGeometry;

void xb_geometry_init(XbGeometry *g, int files, int ranks);   /* no holes */

static inline int xb_square(const XbGeometry *g, int file, int rank)
{
    return rank * g->files + file;
}

/* ---------------------------------------------------------------------
 * Compiled move tables (the move generator's hot path)
 * ------------------------------------------------------------------ */

/* One square along a ray. */
typedef struct {
    uint16_t sq;      /* target square                                         */
    uint16_t test;    /* XB_NO_SQ, or the square that must be empty ('n') or
                         occupied ('j' on long leapers) before `sq` is reached */
    uint16_t test2;   /* XB_NO_SQ, or a second square that must be EMPTY: only
                         on LAME rays, only where `test` is set (lame paths) */
    uint16_t left;    /* XB_MODE_M C D E this step does not make: another ray's
                         first square is the same and makes them whenever
                         this step is reached (only on LEAVES rays; 0 else) */
} XbStep;

/* Ray flags. */
enum {
    XB_RAY_LAME     = 1 << 0,  /* steps carry a test square that must be EMPTY    */
    XB_RAY_JUMP     = 1 << 1,  /* steps carry a test square that must be OCCUPIED */
    XB_RAY_INITIAL  = 1 << 2,  /* group had 'i': only for a virgin piece          */
    XB_RAY_INITIAL2 = 1 << 3,  /* group had 'ii'                                  */
    XB_RAY_MULTILEG = 1 << 4,  /* first leg of an 'a' group: use xb_generate      */
    XB_RAY_CASTLE   = 1 << 5,  /* O atom: castling (or null move when range 0)    */
    XB_RAY_SLIDE    = 1 << 6,  /* range != 1 (a slider or rider)                  */
    XB_RAY_LEAVES   = 1 << 7   /* some steps leave moves to other rays (`left`)   */
};

/* A ray: up to `len` squares walked from the origin in one direction.
 * Generation rule for a single-leg ray (mode from the group's only leg):
 *   for each step k in order:
 *     if (flags & LAME) and test square occupied: stop
 *     if (flags & JUMP) and test square empty:    stop
 *     hopper modes (P/G): see docs/xbetza.md §6.3
 *     empty  -> move if mode & M (e.p. capture if mode & E and sq is an e.p. square)
 *     enemy  -> capture if mode & C (not of a royal if mode & T); stop
 *     friend -> capture if mode & D; stop
 *   where, on LEAVES rays, mode is first cut by the step's `left` (the
 *   move is made by another ray; the walk goes on as before).
 */
typedef struct {
    uint32_t first;   /* index of the first step in XbTable.steps */
    uint8_t  len;     /* number of steps (0 never stored) */
    uint8_t  flags;   /* XB_RAY_* */
    uint16_t mode;    /* mode of the group's (only or first) leg */
    uint8_t  group;   /* index of the source group in the XbPiece */
    uint8_t  dir;     /* direction index within the group's class (leg 0) */
} XbRay;

typedef struct {
    int       files, ranks, nsquares;
    uint32_t *index;   /* [2 * nsquares + 1]: rays of colour c (0 white, 1 black)
                          on square s are rays[index[c*nsquares+s] ..
                          index[c*nsquares+s+1]-1] */
    XbRay    *rays;
    XbStep   *steps;
    uint32_t  nrays, nsteps;
} XbTable;

/* Castling rays (XB_RAY_CASTLE) are different: the steps run from the
 * castling piece to the edge (or a hole); the partner must be the FIRST
 * occupied square, it must stand on the step whose `test` is not XB_NO_SQ
 * (that is the edge square, or 'j' squares in from it) and be a castling
 * partner; the castling piece then lands on `test`, the partner on the square
 * before `test` along the ray (the origin when the distance is 1).  A group
 * 'O' without distance compiles to one CASTLE ray of one step whose square
 * is the origin itself: the null move.
 * Cylinder rays ('o') stop before they come back to the origin, except for
 * hoppers ('p', 'g'), which may use the mover itself as the hurdle: their
 * rays contain the origin once (the engine sees the mover there) and stop
 * before the second arrival.
 * `test` squares are never holes and may be the origin (which holds the
 * mover, so it counts as occupied).  Steps skipped by 'j' are not stored.
 * Rays of multi-leg groups (XB_RAY_MULTILEG) hold the first leg only (its
 * squares, whatever the leg's mode); a generator walks the later legs with
 * the leg geometry below, or hands the group to xb_generate().
 * Lame paths are the exception: a multi-leg group whose earlier legs are
 * single steps onto empty squares (xb_group_is_lame_path: the janggi
 * elephant `mafsmafW`, `mafsW` = xiangqi horse) is compiled like a lame
 * leaper instead, one LAME ray of one step per path, the squares passed as
 * `test` and `test2`, the mode that of its last leg; such rays are not
 * MULTILEG and move exactly as xb_generate() moves the group. */

/* Is group `gi` of `piece` a lame path: two or three legs, every leg one
 * leap or step (range 1, no 'j', 'n', 'o', 'i' on later legs), every leg
 * but the last only moving onto an empty square ('m'), the last no hopper,
 * and no two of its paths ending on the same square or passing its
 * origin?  Such a group compiles to plain lame rays (see above). */
bool xb_group_is_lame_path(const XbPiece *piece, int gi);

/* ---------------------------------------------------------------------
 * Leg geometry, for a generator that walks continuation legs itself
 * (docs/xbetza.md §6.2, §7.2): the same arithmetic xb_generate uses.
 * ------------------------------------------------------------------ */

/* Step vector of direction `dir` on leg `k` of group g of `piece`.  Leg 0:
 * `dir` indexes the atom's class (XbRay.dir).  Later legs: `dir` is the
 * absolute K-direction, (relative direction + the previous leg's dir) % 8,
 * and the step is XBoard's (0,s) / (s,s), or for oblique atoms without
 * piece->xboard_quirks the oblique leap with that index.  (0,0): none. */
void xb_leg_step(const XbPiece *piece, const XbGroup *g, int k, int dir, int *dx, int *dy);

/* Squares 'j' skips at the start of every ray of leg k of a one-step atom
 * (W F R B K Q), or -1 when the leg yields nothing ('n' on such an atom).
 * 0 for the other atoms. */
int xb_leg_skip_squares(const XbGroup *g, int k);

/* The half-way square test of leg k of a longer leaper (§6.2): 0 (none),
 * XB_RAY_LAME (must be empty) or XB_RAY_JUMP (must be occupied).  The
 * square is the one reached by half the step, rounded toward zero, from
 * the square the step starts on; holes count as occupied.  0 for one-step
 * atoms. */
unsigned xb_leg_halfway(const XbGroup *g, int k);

/* May group g be used by a piece that is (not) virgin?  'i'/'ii' groups
 * need `virgin` / `virgin2`, and so does a later leg's 'i' when no earlier
 * leg is a slider (§7.5: it then has the "initial" meaning). */
bool xb_group_available(const XbGroup *g, bool virgin, bool virgin2);

/* Compile `piece` for geometry `g` into *out (allocates; free with
 * xb_table_free).  Returns 0, or -1 with *err filled. */
int  xb_compile(const XbPiece *piece, const XbGeometry *g, XbTable *out, XbError *err);
void xb_table_free(XbTable *t);

/* Make each move once (XBoard keeps one of equal moves, docs/xbetza.md
 * §10.3).  Where a piece's atoms overlap, its compiled rays repeat moves:
 * vRK (the king's step up is the rook's first), fmWifmW3 (the single step
 * is the triple step's first).  On each square and colour: a ray whose
 * moves another ray makes too (the same squares at least as far, on
 * conditions no stronger, with as much allowed on them) goes, of two
 * equal rays the first; a ray gives up what another makes on all its
 * squares (fWfmR: the wazir keeps its capture); an initial ray ('i',
 * 'ii') loses its first one or two squares when a ray available at least
 * as often makes their moves, which become test squares that must be
 * empty (ifmW3 next to fmW walks as a lame ray from the second square,
 * as chess's ifmnD does).  A leap onto a square a slide passes (QNAD's
 * alfil and the queen through (1,1)) cannot go, as the slide may be
 * blocked, nor cut the slide: the slide's step there leaves the moves
 * the leap makes whenever the slide gets there (XbStep.left, the ray
 * flagged LEAVES) and the walk goes on.  Other partial repeats (an
 * initial ray whose first three squares are repeated, or its captures,
 * a slide and a leap each there when the other is not, as fmR3ifmD, or
 * one leaving e.p. rights where the other does not, as ifmR3fmD) are
 * left as they are; multi-leg and castling rays are generated their own
 * way.
 * `extra` (or NULL) is a second table of the same geometry walked with t
 * (the engine's square-bound extra moves, already cut to their squares);
 * of equal rays in both, t's stays.  Call after xb_compile, once.
 * Returns 0, or -1 when out of memory (the tables unchanged). */
int xb_drop_covered(XbTable *t, XbTable *extra);

/* Rays of a piece of colour `color` on square `sq`. */
static inline const XbRay *xb_rays_begin(const XbTable *t, int color, int sq)
{
    return t->rays + t->index[color * t->nsquares + sq];
}
static inline const XbRay *xb_rays_end(const XbTable *t, int color, int sq)
{
    return t->rays + t->index[color * t->nsquares + sq + 1];
}

/* ---------------------------------------------------------------------
 * Reference generator (complete, slow): one piece on a described board
 * ------------------------------------------------------------------ */

enum { XB_EMPTY = 0, XB_FRIEND = 1, XB_ENEMY = 2 };

typedef struct {
    const XbGeometry *geom;
    int      color;                   /* colour of the mover: 0 white, 1 black */
    uint8_t  occ[XB_MAX_SQUARES];     /* XB_EMPTY / XB_FRIEND / XB_ENEMY */
    uint8_t  royal[XB_MAX_SQUARES];   /* nonzero: the piece there is royal */
    uint8_t  ep[XB_MAX_SQUARES];      /* nonzero: an e.p. square */
    bool     virgin;                  /* may 'i' moves be used (mover unmoved)   */
    bool     virgin2;                 /* may 'ii' moves be used                  */
    bool     royal_mover;             /* mover is a king (castling semantics)    */
    /* castling partner test: nonzero where the occupant is the piece that stood
       there in the initial position and has not been touched */
    uint8_t  castle_partner[XB_MAX_SQUARES];
    /* nonzero where the mover may not stand (outside a region it is
       confined to, as a palace): xb_diagram shows no move ending there.
       The generator does not look at it. */
    uint8_t  outside[XB_MAX_SQUARES];
} XbBoardView;

typedef enum {
    XB_MOVE_QUIET,        /* to empty square (also merged multi-leg, null move) */
    XB_MOVE_CAPTURE,      /* captures an enemy on `to`                          */
    XB_MOVE_CAPTURE_OWN,  /* destroys a friend on `to`                          */
    XB_MOVE_EP,           /* e.p. capture onto `to`                             */
    XB_MOVE_CASTLE        /* `to` = king destination, partner moves too         */
} XbMoveKind;

typedef struct {
    uint16_t from, to;
    uint8_t  kind;                 /* XbMoveKind of what happens on `to`        */
    uint8_t  nvictims;             /* locust victims not on `to` (0..3)         */
    uint16_t victim[3];
    uint16_t partner, partner_to;  /* castling                                  */
    uint8_t  npath;                /* squares visited after `from`, `to` last   */
    uint16_t path[XB_MAX_LEGS];
} XbMove;

/* Notes on XbMove:
 *  - victim[] lists the squares emptied by non-final legs ('c'/'d'), in path
 *    order.  A later leg may come back to a victim's square and capture it
 *    again (it is still on the board, §7.4), so a victim can equal `to`.
 *    A move is a locust capture when nvictims > 0.
 *  - Castling (kind XB_MOVE_CASTLE): partner is the square of the partner
 *    piece, partner_to where it lands.  Royal castling with distance >= 2 has
 *    path {to}; O1 and non-royal castling, which XBoard sends as two legs,
 *    have path {partner, to}.
 *  - A null move ('O' without a distance, or a multi-leg move that returns
 *    to its start) has to == from and kind XB_MOVE_QUIET. */

typedef void (*XbMoveFn)(const XbMove *move, void *ctx);

/* Enumerate the pseudo-legal moves of `piece` standing on `from` (compiled
 * as `table` for view->geom).  Duplicate moves are reported once.
 * view->occ[from] is ignored: the mover's own square counts as empty for
 * later legs and as the mover after a cylinder wrap, as in XBoard.  `table`
 * may be NULL (the generator works from the piece and the geometry). */
void xb_generate(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                 int from, XbMoveFn fn, void *ctx);

/* The work one xb_generate call did, counted so that tests can bound it
 * (a generator that walked every path of a multi-leg rider would take
 * minutes; counts, unlike times, do not depend on the machine). */
typedef struct {
    long legs;      /* legs started: the first from `from`, the others from
                       the end of the leg before */
    long steps;     /* steps taken along rays, over all legs (the last of a
                       ray may leave the board) */
} XbGenWork;

/* xb_generate, adding its work to *work. */
void xb_generate_counted(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                         int from, XbMoveFn fn, void *ctx, XbGenWork *work);

/* Start a board view: empty board of geometry g, mover of colour `color`,
 * virgin, not royal. */
void xb_view_init(XbBoardView *view, const XbGeometry *g, int color);

/* Square name ("a1", "p16") of sq into buf (at least 4 bytes); returns buf. */
const char *xb_square_name(const XbGeometry *g, int sq, char *buf);

/* Parse a square name; returns the square or -1. */
int xb_parse_square(const XbGeometry *g, const char *name);

/* ---------------------------------------------------------------------
 * Diagram (used by the `xbetza` tool and by `menagerie show`)
 * ------------------------------------------------------------------ */

enum {
    XB_DIAGRAM_COLOR  = 1 << 0,  /* ANSI colours                         */
    XB_DIAGRAM_LEGEND = 1 << 1,  /* print the legend of the marks used   */
    XB_DIAGRAM_LIST   = 1 << 2   /* list the moves below the board       */
};

/* Marks used on the diagram (also listed by the legend). */
#define XB_MARK_PIECE    '@'   /* the piece                                 */
#define XB_MARK_FRIEND   'F'   /* friendly piece, not capturable            */
#define XB_MARK_ENEMY    'E'   /* enemy piece, not capturable               */
#define XB_MARK_HOLE     ' '   /* not part of the board                     */
#define XB_MARK_EMPTY    '.'   /* unreachable empty square                  */
#define XB_MARK_BOTH     '*'   /* may move here, and capture if an enemy stood here */
#define XB_MARK_MOVE     'm'   /* may only move here (no capture)           */
#define XB_MARK_CAPT     'c'   /* empty, but an enemy here could be captured */
#define XB_MARK_TAKE     'X'   /* enemy piece that can be captured          */
#define XB_MARK_DESTROY  'D'   /* friendly piece that can be destroyed      */
#define XB_MARK_EP       'e'   /* en-passant capture destination            */
#define XB_MARK_CASTLE   'O'   /* castling destination                      */
#define XB_MARK_VICTIM   'x'   /* locust victim of a multi-leg move          */
#define XB_MARK_PATH     '+'   /* square passed by a multi-leg move          */

/* Print the board of `view` with `piece` on `from` and its moves marked.
 * Ranks run top to bottom with their numbers, files are lettered below. */
void xb_diagram(FILE *out, const XbPiece *piece, const XbTable *table,
                const XbBoardView *view, int from, unsigned flags);

/* The same diagram as data, for drawings other than text: the mark
 * (XB_MARK_*) of every square in marks[0 .. files*ranks-1], exactly what
 * xb_diagram prints there.  Returns the number of moves on the board of
 * `view`, or -1 when out of memory (marks untouched). */
int xb_diagram_marks(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                     int from, char *marks);

/* Write a move as text ("d4-d5", "d4xe5", "d4-e5x-f6", "e1-g1 O h1-f1",
 * "e5xd6 e.p.") into buf; returns buf. */
const char *xb_move_text(const XbGeometry *g, const XbMove *m, char *buf, size_t size);

#endif
