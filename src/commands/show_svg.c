/*
 * show_svg.c — the picture of a variant (see show_svg.h).
 *
 * The page is drawn top to bottom: the title and description, the start
 * position with the hands beside it, a legend, then the piece diagrams
 * flowing left to right in rows.  Heights are only known once a part is
 * drawn, so the body goes to a memory stream first and the document's
 * size is written around it at the end.
 *
 * What a diagram marks comes from the XBetza library's own diagram
 * (xb_diagram_marks) and the probes text `show` uses (piece_probe.h): the
 * picture and the text can never disagree about a piece's moves.  Every
 * mark is one element whose class starts with "mark " ("mark both",
 * "mark move", ...), so tests can count them.
 */
#include <stdlib.h>
#include <string.h>

#include "board/position.h"
#include "commands/piece_probe.h"
#include "commands/show_svg.h"
#include "commands/variant_cmds.h"
#include "util/svg.h"

#define MARGIN     20
#define LABEL_W    22      /* room for the rank numbers left of a board */
#define PANEL_GAP  26      /* between piece panels, and between rows */
#define BOARD_GAP  14      /* between the boards of one panel */
#define NOTE_SIZE  11
#define NOTE_LINE  14
#define CHAR_W     0.56    /* a character's width in font sizes (for wrapping) */

/* Colours: a light wooden start board, grey diagrams, marks in the text
 * diagram's ANSI colours. */
#define C_LIGHT    "#f0d9b5"
#define C_DARK     "#b58863"
#define C_DLIGHT   "#f7f7f7"
#define C_DDARK    "#dedede"
#define C_ZONE     "#f5c26b"
#define C_ZONE_D   "#e8ae4c"
#define C_OUTSIDE  "#9a9a9a"
#define C_DROP     "#9cc3f0"
#define C_DROP_D   "#86b2e6"
#define C_GREEN    "#2e7d32"
#define C_RED      "#c62828"
#define C_BLUE     "#1f5fbf"
#define C_PURPLE   "#8e24aa"
#define C_YELLOW   "#e0a800"
#define C_INK      "#222222"

/* How a board square is filled. */
enum { SHADE_PLAIN, SHADE_ZONE, SHADE_OUTSIDE, SHADE_DROP };

typedef struct {
    const Variant *v;
    FILE   *out;           /* the body, drawn before the size is known */
    int     width;
    double  y;             /* top of the next part */
    double  cell, dcell;   /* square size of the start board and the diagrams */
} Canvas;

/* Where a board is drawn: its top left corner and square size. */
typedef struct {
    double x, y, cell;
    bool   start;          /* the start board's colours, else a diagram's */
} BoardAt;

static double clampd(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static double square_x(const Variant *v, const BoardAt *b, int sq)
{
    return b->x + (var_file(v, sq) + 0.5) * b->cell;
}

static double square_y(const Variant *v, const BoardAt *b, int sq)
{
    return b->y + (v->ranks - 1 - var_rank(v, sq) + 0.5) * b->cell;
}

/* ---- text ---------------------------------------------------------------- */

/* Draw `text` wrapped at `chars` characters a line from (x, y) down;
 * returns the height used. */
static double wrapped_text(FILE *out, const char *cls, double x, double y, double size,
                           int chars, const char *text)
{
    char line[1200];
    double h = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\n')
            p++;
        if (!*p)
            break;
        int len = (int)strlen(p), cut = len;
        if (len > chars) {
            cut = chars;
            while (cut > chars / 2 && p[cut] != ' ')
                cut--;
            if (p[cut] != ' ')
                cut = chars;
        }
        const char *nl = memchr(p, '\n', (size_t)cut);
        if (nl)
            cut = (int)(nl - p);
        if (cut >= (int)sizeof line)
            cut = (int)sizeof line - 1;
        memcpy(line, p, (size_t)cut);
        line[cut] = 0;
        h += size * 1.3;
        svg_text(out, cls, x, y + h - size * 0.3, size, "start", C_INK, 0, line);
        p += cut;
    }
    return h;
}

/* The text a printer function writes, as a string (NULL when out of
 * memory): lets the diagrams reuse the sentences of text `show`. */
static char *squares_text(const Variant *v, const SquareSet *set)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    variant_print_squares(v, set, m);
    fclose(m);
    return buf;
}

/* ---- boards and pieces --------------------------------------------------- */

/* The squares of a board, holes left out (a dashed outline), and its file
 * letters and rank numbers. */
static void draw_squares(const Canvas *c, const BoardAt *b, const uint8_t *shade)
{
    const Variant *v = c->v;
    static const char *const fill[2][4] = {
        { C_DLIGHT, C_ZONE, C_OUTSIDE, C_DROP }, { C_DDARK, C_ZONE_D, C_OUTSIDE, C_DROP_D } };
    static const char *const cls[4] = { "square", "square zone", "square outside", "square drop" };
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        double x = square_x(v, b, sq) - b->cell / 2, y = square_y(v, b, sq) - b->cell / 2;
        if (v->geom.hole[sq]) {
            svg_rect(c->out, "hole", x + 1, y + 1, b->cell - 2, b->cell - 2, "none", "#cccccc", 0.8);
            continue;
        }
        int dark = (var_file(v, sq) + var_rank(v, sq)) % 2 == 0;
        const char *colour = b->start ? (dark ? C_DARK : C_LIGHT) : fill[dark][shade[sq]];
        svg_rect(c->out, cls[b->start ? SHADE_PLAIN : shade[sq]], x, y, b->cell, b->cell,
                 colour, "none", 0);
    }
    double size = clampd(b->cell * 0.4, 8, 13);
    for (int r = 0; r < v->ranks; r++) {
        char label[12];
        snprintf(label, sizeof label, "%d", r + 1);
        svg_text(c->out, "label", b->x - 4, b->y + (v->ranks - 1 - r + 0.5) * b->cell + size * 0.35,
                 size, "end", C_INK, 0, label);
    }
    for (int f = 0; f < v->files; f++) {
        char label[2] = { (char)('a' + f), 0 };
        svg_text(c->out, "label", b->x + (f + 0.5) * b->cell, b->y + v->ranks * b->cell + size + 2,
                 size, "middle", C_INK, 0, label);
    }
}

/* A piece: a disc, white or black, with its FEN token ("N", "+P", "L!")
 * in upper case for both players: the disc's colour tells them apart. */
static void draw_piece(const Canvas *c, const PieceType *pt, int color, double cx, double cy,
                       double cell, const char *cls)
{
    bool black = color == BLACK;
    svg_circle(c->out, cls, cx, cy, cell * 0.42, black ? "#333333" : "#ffffff", C_INK,
               clampd(cell / 28, 0.8, 1.6));
    size_t len = strlen(pt->id);
    double size = cell * (len > 2 ? 0.32 : len > 1 ? 0.4 : 0.55);
    svg_text(c->out, "letter", cx, cy + size * 0.35, size, "middle",
             black ? "#ffffff" : pt->id[0] == '+' ? C_RED : C_INK,
             0, pt->id);
}

/* The mark of a diagram square (XB_MARK_*) at (cx, cy). */
static void draw_mark(const Canvas *c, const PieceType *pt, char mark, double cx, double cy,
                      double cell)
{
    FILE *out = c->out;
    double r = cell * 0.3, w = clampd(cell / 10, 1.2, 3);
    switch (mark) {
    case XB_MARK_PIECE:   draw_piece(c, pt, WHITE, cx, cy, cell, "piece white"); break;
    case XB_MARK_BOTH:    svg_circle(out, "mark both", cx, cy, r, C_GREEN, "none", 0); break;
    case XB_MARK_MOVE:    svg_circle(out, "mark move", cx, cy, r - w / 2, "none", C_GREEN, w); break;
    case XB_MARK_CAPT:    svg_cross(out, "mark capture", cx, cy, r * 0.8, C_RED, w); break;
    case XB_MARK_EP:      svg_cross(out, "mark ep", cx, cy, r * 0.5, C_RED, w); break;
    case XB_MARK_PATH:    svg_circle(out, "mark path", cx, cy, r * 0.35, C_BLUE, "none", 0); break;
    case XB_MARK_CASTLE:  svg_rect(out, "mark castle", cx - r * 0.7, cy - r * 0.7, r * 1.4,
                                   r * 1.4, "none", C_PURPLE, w); break;
    case XB_MARK_ENEMY:   svg_circle(out, "enemy", cx, cy, cell * 0.36, "#333333", C_INK, 1); break;
    case XB_MARK_FRIEND:  svg_circle(out, "friend", cx, cy, cell * 0.36, "#ffffff", C_INK, 1); break;
    case XB_MARK_TAKE:
        svg_circle(out, "enemy", cx, cy, cell * 0.36, "#333333", C_INK, 1);
        svg_circle(out, "mark take", cx, cy, cell * 0.44, "none", C_RED, w);
        break;
    case XB_MARK_VICTIM:
        svg_circle(out, "enemy", cx, cy, cell * 0.36, "#333333", C_INK, 1);
        svg_cross(out, "mark victim", cx, cy, r * 0.8, C_RED, w * 1.3);
        break;
    case XB_MARK_DESTROY:
        svg_circle(out, "friend", cx, cy, cell * 0.36, "#ffffff", C_INK, 1);
        svg_circle(out, "mark destroy", cx, cy, cell * 0.44, "none", C_YELLOW, w);
        break;
    default:
        break;
    }
}

/* ---- the start position -------------------------------------------------- */

/* One side's pieces in hand, in rows of `per_row` from (x, y); returns
 * the height used. */
static double draw_hand(const Canvas *c, const Position *pos, int color, double x, double y)
{
    const Variant *v = c->v;
    double e = c->cell * 0.8, h = 16;
    char title[32];
    snprintf(title, sizeof title, "%s in hand", color == WHITE ? "White" : "Black");
    svg_group_begin(c->out, color == WHITE ? "hand white" : "hand black", title);
    svg_text(c->out, "label", x, y + 12, 12, "start", C_INK, 0, title);
    int n = 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (!pos->hand[color][t])
            continue;
        double cx = x + (n % 3) * e * 2 + e / 2, cy = y + h + (n / 3) * e * 1.1 + e / 2;
        draw_piece(c, &v->piece[t], color, cx, cy, e, color == WHITE ? "piece white" : "piece black");
        char count[16];
        snprintf(count, sizeof count, "\xc3\x97%d", pos->hand[color][t]);   /* "×n" */
        svg_text(c->out, "count", cx + e * 0.55, cy + 4, 11, "start", C_INK, 0, count);
        n++;
    }
    if (n == 0)
        svg_text(c->out, "label", x, y + h + 12, 11, "start", "#666666", 0, "(none)");
    svg_group_end(c->out);
    return h + (n ? ((n + 2) / 3) * e * 1.1 : 16);
}

/* Width of the hands beside the start board (0 without a hand). */
static double hands_width(const Canvas *c)
{
    return c->v->has_drops ? 3 * c->cell * 0.8 * 2 + 20 : 0;
}

static void draw_start(Canvas *c, const Position *pos)
{
    const Variant *v = c->v;
    BoardAt b = { MARGIN + LABEL_W, c->y + 20, c->cell, true };
    svg_group_begin(c->out, "start", "start position");
    svg_text(c->out, "heading", MARGIN, c->y + 12, 14, "start", C_INK, 0, "Start position");
    svg_group_begin(c->out, "board start", NULL);
    draw_squares(c, &b, NULL);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t code = pos->board[sq];
        if (code == EMPTY || code == HOLE)
            continue;
        int color = code_color(code);
        draw_piece(c, &v->piece[code_type(code)], color, square_x(v, &b, sq), square_y(v, &b, sq),
                   b.cell, color == WHITE ? "piece white" : "piece black");
    }
    svg_group_end(c->out);
    if (v->has_drops) {
        double hx = b.x + v->files * b.cell + 20;
        draw_hand(c, pos, BLACK, hx, b.y);
        draw_hand(c, pos, WHITE, hx, b.y + v->ranks * b.cell / 2 + 10);
    }
    svg_group_end(c->out);
    c->y = b.y + v->ranks * b.cell + 36;
}

/* ---- the legend ---------------------------------------------------------- */

static void draw_legend(Canvas *c)
{
    static const struct { char mark; const char *text; } items[] = {
        { XB_MARK_PIECE, "the piece" }, { XB_MARK_BOTH, "move or capture" },
        { XB_MARK_MOVE, "move only" }, { XB_MARK_CAPT, "capture only" },
        { XB_MARK_TAKE, "enemy it takes" }, { XB_MARK_VICTIM, "taken in passing" },
        { XB_MARK_PATH, "passed on the way" }, { XB_MARK_ENEMY, "enemy it cannot take" },
        { XB_MARK_DESTROY, "friend it takes" }, { XB_MARK_EP, "en passant" },
        { XB_MARK_CASTLE, "castling" },
    };
    static const struct { int shade; const char *text; } shades[] = {
        { SHADE_ZONE, "promotion zone" }, { SHADE_DROP, "may be dropped" },
        { SHADE_OUTSIDE, "outside its region" },
    };
    const double cell = 18, step = 150;
    int per_row = (int)((c->width - 2 * MARGIN) / step), n = 0;
    int count = (int)(sizeof items / sizeof items[0] + sizeof shades / sizeof shades[0]);
    svg_group_begin(c->out, "legend", "legend");
    for (int i = 0; i < count; i++, n++) {
        double x = MARGIN + (n % per_row) * step, y = c->y + (n / per_row) * (cell + 6);
        bool is_shade = i >= (int)(sizeof items / sizeof items[0]);
        int shade = is_shade ? shades[i - (int)(sizeof items / sizeof items[0])].shade : SHADE_PLAIN;
        static const char *const fill[4] = { C_DLIGHT, C_ZONE, C_OUTSIDE, C_DROP };
        svg_rect(c->out, "square", x, y, cell, cell, fill[shade], "#999999", 0.5);
        if (!is_shade)
            draw_mark(c, &c->v->piece[0], items[i].mark, x + cell / 2, y + cell / 2, cell);
        svg_text(c->out, "label", x + cell + 6, y + cell * 0.7, 11, "start", C_INK, 0,
                 is_shade ? shades[i - (int)(sizeof items / sizeof items[0])].text : items[i].text);
    }
    svg_rect(c->out, "hole", MARGIN + (n % per_row) * step + 1, c->y + (n / per_row) * (cell + 6) + 1,
             cell - 2, cell - 2, "none", "#cccccc", 0.8);
    svg_text(c->out, "label", MARGIN + (n % per_row) * step + cell + 6,
             c->y + (n / per_row) * (cell + 6) + cell * 0.7, 11, "start", C_INK, 0, "hole");
    n++;
    svg_group_end(c->out);
    c->y += ((n + per_row - 1) / per_row) * (cell + 6) + 20;
}

/* ---- piece panels -------------------------------------------------------- */

/* A panel's notes: the lines under its boards. */
#define MAX_NOTES 10
typedef struct {
    char line[MAX_NOTES][320];
    int  n;
} Notes;

static void note(Notes *nt, const char *a, const char *b)
{
    if (nt->n < MAX_NOTES)
        snprintf(nt->line[nt->n++], sizeof nt->line[0], "%s%s", a, b ? b : "");
}

/* The types of a mask by their IDs: " Q R B N". */
static void type_list(const Variant *v, TypeMask mask, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int t = 0; t < v->ntypes && n < size; t++)
        if (mask & type_bit(t))
            n += (size_t)snprintf(buf + n, size - n, " %s", v->piece[t].id);
}

/* May pieces of this type be in hand, to be dropped? */
static bool droppable(const Variant *v, const PieceType *pt)
{
    return v->has_drops && !v->hand.gating && !pt->royal
        && !(v->hand.revert_promoted && pt->id[0] == '+');
}

/* One player's promotion choices under a rule ('+' form last). */
static void promotion_targets(const Variant *v, const PieceType *pt, const PromotionRule *r,
                              int color, char *buf, size_t size)
{
    type_list(v, r->to[color], buf, size);
    if (pt->promoted != NO_TYPE && !(r->to[color] >> pt->promoted & 1))
        snprintf(buf + strlen(buf), size - strlen(buf), " %s", v->piece[pt->promoted].id);
    if (r->to_captured[color])
        snprintf(buf + strlen(buf), size - strlen(buf), " (only types already lost)");
}

static void promotion_notes(const Variant *v, const PieceType *pt, Notes *nt)
{
    for (int i = 0; i < pt->npromo; i++) {
        const PromotionRule *r = &pt->promo[i];
        bool white_zone = !sqset_empty(&r->zone[WHITE]);
        char white[128], black[128], line[320];
        promotion_targets(v, pt, r, WHITE, white, sizeof white);
        promotion_targets(v, pt, r, BLACK, black, sizeof black);
        char *zone = squares_text(v, &r->zone[white_zone ? WHITE : BLACK]);
        if (strcmp(white, black))
            snprintf(line, sizeof line, "promotes to%s for White,%s for Black on%s%s (shaded)",
                     white, black, zone ? zone : "", white_zone ? "" : " (Black only)");
        else
            snprintf(line, sizeof line, "promotes to%s on%s%s (shaded)", white,
                     zone ? zone : "", white_zone ? "" : " (Black only)");
        free(zone);
        note(nt, line, NULL);
    }
}

static void piece_notes(const Variant *v, const PieceType *pt, bool passes, bool victims,
                        bool igui, Notes *nt)
{
    if (pt->royal)
        note(nt, "royal", NULL);
    if (!pt->capturable)
        note(nt, "cannot be captured", NULL);
    if (pt->can_promote)
        promotion_notes(v, pt, nt);
    if (pt->confined)
        note(nt, "confined: grey squares are outside its region", NULL);
    for (int i = 0; i < pt->nextra; i++) {
        char what[MAX_BETZA + 8];
        snprintf(what, sizeof what, "also %.*s on", pt->extra[i].text_len,
                 pt->extra_text + pt->extra[i].text_at);
        char *on = squares_text(v, &pt->extra[i].from[WHITE]);
        note(nt, what, on);
        free(on);
    }
    if (pt->id[0] == '+' && pt->demotes_to != NO_TYPE) {
        char line[64];
        snprintf(line, sizeof line, "becomes %s when captured", v->piece[pt->demotes_to].id);
        note(nt, line, NULL);
    }
    if (passes)
        note(nt, "may pass: steps out and comes back", NULL);
    if (victims)
        note(nt, igui ? "takes in passing (x), then goes on or comes back"
                      : "takes in passing (x), then goes on to a marked square", NULL);
    if (droppable(v, pt)) {
        if (pt->drop_no_doubled)
            note(nt, "dropped not on a file full of its own unpromoted kind", NULL);
        if (pt->drop_no_mate)
            note(nt, "a drop may not give mate", NULL);
        if (pt->drop_no_check)
            note(nt, "a drop may not give check", NULL);
    }
}

/* The multi-leg moves as arrows: one example path for each direction the
 * first leg goes in (a lion's eight, a hook mover's four), so the legs
 * read without hiding the marks. */
typedef struct {
    const Variant *v;
    bool   takers;         /* only moves that take in passing */
    int    from, nexamples;
    int    dir_seen[MAX_SQUARES];
    XbMove example[32];
} LegExamples;

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

static void collect_example(const XbMove *m, void *ctx)
{
    LegExamples *le = ctx;
    const Variant *v = le->v;
    if (m->npath < 2 || m->kind == XB_MOVE_CASTLE || le->nexamples >= 32
        || (le->takers && m->nvictims == 0))
        return;
    int df = var_file(v, m->path[0]) - var_file(v, le->from);
    int dr = var_rank(v, m->path[0]) - var_rank(v, le->from);
    /* a direction by its first step's signs and whether it is oblique */
    int key = (sign(df) + 1) * 3 + sign(dr) + 1 + 9 * (df && dr && abs(df) != abs(dr));
    if (le->dir_seen[key])
        return;
    le->dir_seen[key] = 1;
    le->example[le->nexamples++] = *m;
}

static void draw_leg_arrows(const Canvas *c, const PieceType *pt, const XbBoardView *view,
                            int from, const BoardAt *b, bool takers)
{
    const Variant *v = c->v;
    LegExamples *le = calloc(1, sizeof *le);
    if (!le)
        return;
    le->v = v;
    le->takers = takers;
    le->from = from;
    xb_generate(&pt->moves, &pt->table, view, from, collect_example, le);
    for (int i = 0; i < le->nexamples; i++) {
        const XbMove *m = &le->example[i];
        double x[XB_MAX_LEGS + 1], y[XB_MAX_LEGS + 1];
        x[0] = square_x(v, b, from), y[0] = square_y(v, b, from);
        for (int k = 0; k < m->npath; k++)
            x[k + 1] = square_x(v, b, m->path[k]), y[k + 1] = square_y(v, b, m->path[k]);
        svg_arrow(c->out, "leg", x, y, m->npath + 1, C_BLUE, clampd(b->cell / 12, 1, 2.2));
    }
    free(le);
}

/* One diagram board: squares shaded, the marks of `view`, a multi-leg
 * piece's example paths (on a board with victims: those that take them),
 * and a caption below it. */
static void draw_diagram(const Canvas *c, const PieceType *pt, const XbBoardView *view, int from,
                         const BoardAt *b, const uint8_t *shade, const char *cls, bool victims,
                         const char *caption)
{
    const Variant *v = c->v;
    char *marks = malloc(MAX_SQUARES);
    if (!marks)
        return;
    svg_group_begin(c->out, cls, caption);
    draw_squares(c, b, shade);
    if (xb_diagram_marks(&pt->moves, &pt->table, view, from, marks) >= 0)
        for (int sq = 0; sq < v->files * v->ranks; sq++)
            draw_mark(c, pt, marks[sq], square_x(v, b, sq), square_y(v, b, sq), b->cell);
    if (pt->has_multileg)
        draw_leg_arrows(c, pt, view, from, b, victims);
    svg_group_end(c->out);
    svg_text(c->out, "caption", b->x + v->files * b->cell / 2,
             b->y + v->ranks * b->cell + 28, 11, "middle", "#555555", 0, caption);
    free(marks);
}

/* The drop board: the squares a piece from hand may be dropped on. */
static void draw_drops(const Canvas *c, const PieceType *pt, const BoardAt *b)
{
    const Variant *v = c->v;
    uint8_t shade[MAX_SQUARES] = { 0 };
    svg_group_begin(c->out, "board drops", "may be dropped on");
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        bool drop = sqset_has(&pt->drop_zone[WHITE], sq) && !v->geom.hole[sq]
                 && !(v->hand.only_where_mobile && sqset_has(&pt->immobile[WHITE], sq));
        shade[sq] = drop ? SHADE_DROP : SHADE_PLAIN;
    }
    draw_squares(c, b, shade);
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (shade[sq] == SHADE_DROP)
            svg_circle(c->out, "mark drop", square_x(v, b, sq), square_y(v, b, sq),
                       b->cell * 0.12, C_BLUE, "none", 0);
    svg_group_end(c->out);
    svg_text(c->out, "caption", b->x + v->files * b->cell / 2, b->y + v->ranks * b->cell + 28,
             11, "middle", "#555555", 0, "drops");
}

/* Everything a panel shows of one piece type. */
typedef struct {
    int from;
    XbBoardView empty, victims;
    bool passes, has_victims, igui, drops;
    uint8_t shade[MAX_SQUARES];
    Notes notes;
} PanelFacts;

static void panel_facts(const Variant *v, const PieceType *pt, PanelFacts *pf)
{
    pf->from = probe_piece_square(v, pt);
    probe_piece_view(v, pt, &pf->empty);
    pf->passes = probe_piece_passes(pt, &pf->empty, pf->from);
    pf->has_victims = probe_place_victims(v, pt, &pf->empty, pf->from, &pf->victims);
    pf->igui = pf->has_victims && probe_piece_igui(pt, &pf->victims, pf->from);
    pf->drops = droppable(v, pt);
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        pf->shade[sq] = pt->confined && pf->empty.outside[sq] ? SHADE_OUTSIDE
                      : pt->can_promote && sqset_has(&pt->promo_zone[WHITE], sq) ? SHADE_ZONE
                      : SHADE_PLAIN;
    pf->notes.n = 0;
    piece_notes(v, pt, pf->passes, pf->has_victims, pf->igui, &pf->notes);
}

static double board_box_width(const Canvas *c)
{
    return LABEL_W + c->v->files * c->dcell;
}

static int panel_boards(const PanelFacts *pf)
{
    return 1 + pf->has_victims + pf->drops;
}

static double panel_width(const Canvas *c, const PanelFacts *pf)
{
    double w = panel_boards(pf) * (board_box_width(c) + BOARD_GAP) - BOARD_GAP;
    return w < 200 ? 200 : w;
}

/* Draw the panel of type t at (x, y); returns its height. */
static double draw_panel(const Canvas *c, int t, const PanelFacts *pf, double x, double y)
{
    const Variant *v = c->v;
    const PieceType *pt = &v->piece[t];
    char title[MAX_NAME + 16];
    snprintf(title, sizeof title, "%s %s", pt->id, pt->name);
    svg_group_begin(c->out, "piece", title);
    draw_piece(c, pt, WHITE, x + 10, y + 10, 20, "piece white icon");
    svg_text(c->out, "name", x + 26, y + 15, 13, "start", C_INK, 0, pt->name);
    svg_text(c->out, "betza", x, y + 32, 11, "start", "#444444", 0, pt->betza);
    BoardAt b = { x + LABEL_W, y + 42, c->dcell, false };
    double step = board_box_width(c) + BOARD_GAP;
    draw_diagram(c, pt, &pf->empty, pf->from, &b, pf->shade, "board moves", false, "moves");
    if (pf->has_victims) {
        b.x += step;
        draw_diagram(c, pt, &pf->victims, pf->from, &b, pf->shade, "board victims", true,
                     "with enemies to take in passing");
    }
    if (pf->drops) {
        b.x += step;
        draw_drops(c, pt, &b);
    }
    double ny = b.y + v->ranks * b.cell + 34;
    int chars = (int)(panel_width(c, pf) / (NOTE_SIZE * CHAR_W));
    for (int i = 0; i < pf->notes.n; i++)
        ny += wrapped_text(c->out, "note", x, ny, NOTE_SIZE, chars, pf->notes.line[i]);
    svg_group_end(c->out);
    return ny - y;
}

/* The panels of every type, in rows as wide as the page. */
static int draw_panels(Canvas *c)
{
    PanelFacts *pf = malloc(sizeof *pf);
    if (!pf)
        return -1;
    double x = MARGIN, row_h = 0;
    for (int t = 0; t < c->v->ntypes; t++) {
        panel_facts(c->v, &c->v->piece[t], pf);
        double w = panel_width(c, pf);
        if (x > MARGIN && x + w > c->width - MARGIN) {
            c->y += row_h + PANEL_GAP;
            x = MARGIN, row_h = 0;
        }
        double h = draw_panel(c, t, pf, x, c->y);
        row_h = h > row_h ? h : row_h;
        x += w + PANEL_GAP;
    }
    c->y += row_h + MARGIN;
    free(pf);
    return 0;
}

/* ---- the page ------------------------------------------------------------ */

static void draw_heading(Canvas *c)
{
    const Variant *v = c->v;
    char line[MAX_ALIASES * (MAX_NAME + 2) + 200];
    size_t n = (size_t)snprintf(line, sizeof line, "%s", v->title[0] ? v->title : v->name);
    svg_text(c->out, "title", MARGIN, c->y + 20, 20, "start", C_INK, 0, line);
    n = (size_t)snprintf(line, sizeof line, "%s: %dx%d board", v->name, v->files, v->ranks);
    for (int a = 0; a < v->naliases && n < sizeof line; a++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", a ? ", " : "; also ",
                              v->aliases[a]);
    svg_text(c->out, "subtitle", MARGIN, c->y + 38, 12, "start", "#555555", 0, line);
    c->y += 46;
    if (v->description[0]) {
        int chars = (int)((c->width - 2 * MARGIN) / (12 * CHAR_W));
        c->y += wrapped_text(c->out, "description", MARGIN, c->y, 12, chars, v->description);
    }
    c->y += 14;
}

/* The page width: the start board with its hands, or three single-board
 * panels, whichever is wider. */
static int page_width(const Canvas *c)
{
    double start = 2 * MARGIN + LABEL_W + c->v->files * c->cell + hands_width(c);
    double panels = 2 * MARGIN + 3 * (board_box_width(c) + PANEL_GAP);
    double w = start > panels ? start : panels;
    return (int)(w < 640 ? 640 : w);
}

int show_svg_write(const Variant *v, FILE *out)
{
    int longest = v->files > v->ranks ? v->files : v->ranks;
    Canvas c = { .v = v, .y = MARGIN };
    c.cell = clampd(480.0 / longest, 28, 48);
    c.dcell = clampd(200.0 / longest, 12, 24);
    c.width = page_width(&c);

    char *body = NULL;
    size_t len = 0;
    Position *pos = malloc(sizeof *pos);
    c.out = pos ? open_memstream(&body, &len) : NULL;
    if (!c.out) {
        free(pos);
        return -1;
    }
    position_start(pos, v);
    draw_heading(&c);
    draw_start(&c, pos);
    draw_legend(&c);
    int rc = draw_panels(&c);
    fclose(c.out);      /* sets body */
    free(pos);
    if (!body)
        rc = -1;
    if (rc == 0) {
        svg_begin(out, c.width, (int)c.y + MARGIN, v->title[0] ? v->title : v->name,
                  v->description);
        fwrite(body, 1, len, out);
        svg_end(out);
    }
    free(body);
    return rc;
}
