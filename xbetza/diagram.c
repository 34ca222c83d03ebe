/*
 * diagram.c — show a piece's moves on a board as text (xb_diagram) and
 * write single moves (xb_move_text).  Used by the `xbetza` tool and by the
 * engine's `menagerie show`.
 *
 * Besides the moves possible on the given board, the diagram shows what the
 * piece *could* do on each empty square: it asks the generator again with an
 * enemy placed there, so a pawn's diagonal shows as capture-only even on an
 * empty board.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Per-square facts collected from the generated moves. */
enum {
    S_MOVE = 1 << 0, S_CAPT = 1 << 1, S_DESTROY = 1 << 2, S_EP = 1 << 3,
    S_CASTLE = 1 << 4, S_VICTIM = 1 << 5, S_PATH = 1 << 6, S_HYPO_CAPT = 1 << 7
};

typedef struct {
    uint8_t fact[XB_MAX_SQUARES];
    int     target;                 /* hypothetical probe square, or -1 */
    bool    hit;                    /* the probe found a capture there */
    FILE   *list;                   /* when listing moves */
    const uint8_t *outside;         /* the view's squares the mover may not stand on */
    const XbGeometry *geo;
    int     count, column;
} Marks;

const char *xb_move_text(const XbGeometry *g, const XbMove *m, char *buf, size_t size)
{
    char a[4], b[4], c[4], d[4];
    size_t n = 0;
    buf[0] = 0;
    xb_square_name(g, m->from, a);
    if (m->kind == XB_MOVE_CASTLE) {
        snprintf(buf, size, "%s-%s O %s-%s", a, xb_square_name(g, m->to, b),
                 xb_square_name(g, m->partner, c), xb_square_name(g, m->partner_to, d));
        return buf;
    }
    n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s", a);
    int v = 0;
    for (int i = 0; i < m->npath; i++) {
        bool last = i == m->npath - 1;
        bool victim = !last && v < m->nvictims && m->victim[v] == m->path[i];
        if (victim)
            v++;
        bool capture = last && (m->kind == XB_MOVE_CAPTURE || m->kind == XB_MOVE_CAPTURE_OWN ||
                                m->kind == XB_MOVE_EP);
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "%s%s%s", capture ? "x" : "-",
                                  xb_square_name(g, m->path[i], b), victim ? "x" : "");
    }
    if (n < size && m->kind == XB_MOVE_EP)
        n += (size_t)snprintf(buf + n, size - n, " e.p.");
    if (n < size && m->kind == XB_MOVE_CAPTURE_OWN)
        snprintf(buf + n, size - n, " (own)");
    return buf;
}

static void record(const XbMove *m, void *ctx)
{
    Marks *mk = ctx;
    if (mk->outside[m->to])
        return;             /* outside the mover's region: not a move */
    if (mk->target >= 0) {
        if (m->to == mk->target && m->kind == XB_MOVE_CAPTURE && m->nvictims == 0)
            mk->hit = true;
        return;
    }
    mk->count++;
    switch (m->kind) {
    case XB_MOVE_QUIET:       mk->fact[m->to] |= S_MOVE; break;
    case XB_MOVE_CAPTURE:     mk->fact[m->to] |= S_CAPT; break;
    case XB_MOVE_CAPTURE_OWN: mk->fact[m->to] |= S_DESTROY; break;
    case XB_MOVE_EP:          mk->fact[m->to] |= S_EP; break;
    default:                  mk->fact[m->to] |= S_CASTLE; break;
    }
    for (int i = 0; i < m->nvictims; i++)
        mk->fact[m->victim[i]] |= S_VICTIM;
    if (m->kind != XB_MOVE_CASTLE)
        for (int i = 0; i + 1 < m->npath; i++)
            mk->fact[m->path[i]] |= S_PATH;
    if (mk->list) {
        char buf[96];
        xb_move_text(mk->geo, m, buf, sizeof buf);
        mk->column += (int)strlen(buf) + 1;
        if (mk->count > 1 && mk->column > 76)
            fprintf(mk->list, "\n "), mk->column = (int)strlen(buf) + 2;
        fprintf(mk->list, " %s", buf);
    }
}

/* Mark and colour of one square. */
static char square_mark(const XbBoardView *v, const Marks *mk, int sq, int from, const char **color)
{
    unsigned f = mk->fact[sq];
    *color = NULL;
    if (v->geom->hole[sq])
        return XB_MARK_HOLE;
    if (sq == from) {
        *color = "\033[1;34m";
        return XB_MARK_PIECE;
    }
    if (f & S_CASTLE)
        return *color = "\033[1;35m", XB_MARK_CASTLE;
    if (f & S_VICTIM)
        return *color = "\033[1;31m", XB_MARK_VICTIM;
    if (v->occ[sq] == XB_ENEMY)
        return (f & S_CAPT) ? (*color = "\033[1;31m", XB_MARK_TAKE) : XB_MARK_ENEMY;
    if (v->occ[sq] == XB_FRIEND)
        return (f & S_DESTROY) ? (*color = "\033[1;33m", XB_MARK_DESTROY) : XB_MARK_FRIEND;
    if (f & S_EP)
        return *color = "\033[1;31m", XB_MARK_EP;
    if ((f & S_MOVE) && (f & S_HYPO_CAPT))
        return *color = "\033[1;32m", XB_MARK_BOTH;
    if (f & S_MOVE)
        return *color = "\033[32m", XB_MARK_MOVE;
    if (f & S_HYPO_CAPT)
        return *color = "\033[31m", XB_MARK_CAPT;
    if (f & S_PATH)
        return *color = "\033[36m", XB_MARK_PATH;
    return XB_MARK_EMPTY;
}

static void legend(FILE *out, const char *used)
{
    static const struct { char mark; const char *text; } items[] = {
        { XB_MARK_PIECE, "the piece" },
        { XB_MARK_BOTH, "move, or capture an enemy standing there" },
        { XB_MARK_MOVE, "move only" },
        { XB_MARK_CAPT, "capture only (empty now)" },
        { XB_MARK_TAKE, "enemy that can be captured" },
        { XB_MARK_DESTROY, "friend that can be destroyed" },
        { XB_MARK_EP, "en-passant capture" },
        { XB_MARK_CASTLE, "castling destination" },
        { XB_MARK_VICTIM, "locust victim" },
        { XB_MARK_PATH, "passed by a multi-leg move" },
        { XB_MARK_FRIEND, "friendly piece" },
        { XB_MARK_ENEMY, "enemy piece" },
        { XB_MARK_EMPTY, "empty, unreachable" },
    };
    fprintf(out, "\n");
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
        if (strchr(used, items[i].mark))
            fprintf(out, "  %c  %s\n", items[i].mark, items[i].text);
}

/* Would a capture reach `sq` if an enemy stood there? */
static bool capture_possible(const XbPiece *piece, const XbTable *table, const XbBoardView *v,
                             int from, int sq, XbBoardView *scratch)
{
    Marks probe;
    memset(&probe, 0, sizeof probe);
    probe.target = sq;
    probe.outside = v->outside;
    *scratch = *v;
    scratch->occ[sq] = XB_ENEMY;
    scratch->royal[sq] = 0;
    xb_generate(piece, table, scratch, from, record, &probe);
    return probe.hit;
}

/* The facts of every square: the moves generated on `view`, then on each
 * empty square a probe with an enemy there.  Returns the marks (calloc'd,
 * the caller frees), or NULL when out of memory. */
static Marks *collect_marks(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                            int from)
{
    const XbGeometry *g = view->geom;
    Marks *mk = calloc(1, sizeof *mk);
    XbBoardView *scratch = malloc(sizeof *scratch);
    if (!mk || !scratch) {
        free(mk);
        free(scratch);
        return NULL;
    }
    mk->target = -1;
    mk->geo = g;
    mk->outside = view->outside;
    xb_generate(piece, table, view, from, record, mk);
    for (int sq = 0; sq < g->files * g->ranks; sq++)
        if (sq != from && !g->hole[sq] && view->occ[sq] == XB_EMPTY &&
            capture_possible(piece, table, view, from, sq, scratch))
            mk->fact[sq] |= S_HYPO_CAPT;
    free(scratch);
    return mk;
}

int xb_diagram_marks(const XbPiece *piece, const XbTable *table, const XbBoardView *view,
                     int from, char *marks)
{
    Marks *mk = collect_marks(piece, table, view, from);
    if (!mk)
        return -1;
    const char *color;
    for (int sq = 0; sq < view->geom->files * view->geom->ranks; sq++)
        marks[sq] = square_mark(view, mk, sq, from, &color);
    int count = mk->count;
    free(mk);
    return count;
}

void xb_diagram(FILE *out, const XbPiece *piece, const XbTable *table,
                const XbBoardView *view, int from, unsigned flags)
{
    const XbGeometry *g = view->geom;
    Marks *mk = collect_marks(piece, table, view, from);
    if (!mk)
        return;
    char used[32] = "";
    bool color = flags & XB_DIAGRAM_COLOR;
    for (int rank = g->ranks - 1; rank >= 0; rank--) {
        fprintf(out, "%3d ", rank + 1);
        for (int file = 0; file < g->files; file++) {
            const char *c;
            char m = square_mark(view, mk, rank * g->files + file, from, &c);
            if (!strchr(used, m) && strlen(used) < sizeof used - 1)
                used[strlen(used)] = m;
            if (color && c)
                fprintf(out, " %s%c\033[0m", c, m);
            else
                fprintf(out, " %c", m);
        }
        fprintf(out, "\n");
    }
    fprintf(out, "    ");
    for (int file = 0; file < g->files; file++)
        fprintf(out, " %c", 'a' + file);
    fprintf(out, "\n");
    if (flags & XB_DIAGRAM_LEGEND)
        legend(out, used);
    if (flags & XB_DIAGRAM_LIST) {
        fprintf(out, "\nMoves (%d):\n", mk->count);
        memset(mk->fact, 0, sizeof mk->fact);
        mk->count = 0;
        mk->column = 1;
        mk->list = out;
        xb_generate(piece, table, view, from, record, mk);
        fprintf(out, "%s\n", mk->count ? "" : "  none");
    }
    free(mk);
}
