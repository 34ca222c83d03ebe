/*
 * piece_probe.c — the boards `menagerie show` draws a piece's moves on
 * (see piece_probe.h).
 */
#include <stdlib.h>

#include "commands/piece_probe.h"

/* Where a piece confined to `allowed` is drawn: the square of its region
 * nearest the region's middle (a palace's centre). */
static int region_centre(const Variant *v, const SquareSet *allowed)
{
    int total = v->files * v->ranks, n = 0, files = 0, ranks = 0, best = -1, best_d = 0;
    for (int sq = 0; sq < total; sq++)
        if (sqset_has(allowed, sq) && !v->geom.hole[sq]) {
            n++;
            files += var_file(v, sq);
            ranks += var_rank(v, sq);
        }
    for (int sq = 0; sq < total && n; sq++) {
        if (!sqset_has(allowed, sq) || v->geom.hole[sq])
            continue;
        int df = var_file(v, sq) * n - files, dr = var_rank(v, sq) * n - ranks;
        int d = df * df + dr * dr;
        if (best < 0 || d < best_d)
            best = sq, best_d = d;
    }
    return best;
}

int probe_piece_square(const Variant *v, const PieceType *pt)
{
    int from = var_square(v, v->files / 2, v->ranks / 2);
    if (pt->confined && region_centre(v, &pt->allowed[WHITE]) >= 0)
        from = region_centre(v, &pt->allowed[WHITE]);
    while (v->geom.hole[from] && from > 0)
        from--;
    return from;
}

void probe_piece_view(const Variant *v, const PieceType *pt, XbBoardView *view)
{
    xb_view_init(view, &v->geom, WHITE);
    if (pt->confined)
        for (int sq = 0; sq < v->files * v->ranks; sq++)
            view->outside[sq] = !sqset_has(&pt->allowed[WHITE], sq);
}

/* What a probe of the moves found: a move taking `victim` on its way; a
 * move ending on the piece's own square, with or without victims. */
typedef struct {
    int from, victim;
    bool takes, pass, igui;
} LegProbe;

static void probe_move(const XbMove *m, void *ctx)
{
    LegProbe *p = ctx;
    for (int i = 0; i < m->nvictims; i++)
        p->takes |= m->victim[i] == p->victim;
    if (m->to == p->from) {
        p->pass |= m->nvictims == 0;
        p->igui |= m->nvictims > 0;
    }
}

static LegProbe probe_moves(const PieceType *pt, const XbBoardView *view, int from, int victim)
{
    LegProbe p = { from, victim, false, false, false };
    xb_generate(&pt->moves, &pt->table, view, from, probe_move, &p);
    return p;
}

bool probe_piece_passes(const PieceType *pt, const XbBoardView *view, int from)
{
    return probe_moves(pt, view, from, -1).pass;
}

bool probe_piece_igui(const PieceType *pt, const XbBoardView *view, int from)
{
    return probe_moves(pt, view, from, -1).igui;
}

static int gcd(int a, int b)
{
    a = abs(a), b = abs(b);
    while (b) {
        int r = a % b;
        a = b, b = r;
    }
    return a;
}

bool probe_place_victims(const Variant *v, const PieceType *pt, const XbBoardView *empty,
                         int from, XbBoardView *view)
{
    int nearest[MAX_SQUARES];   /* by square: the victim square of its direction, -1 */
    bool any = false;
    *view = *empty;
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        nearest[sq] = -1;
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        if (sq == from || v->geom.hole[sq] || empty->outside[sq])
            continue;
        view->occ[sq] = XB_ENEMY;
        bool takes = probe_moves(pt, view, from, sq).takes;
        view->occ[sq] = XB_EMPTY;
        if (!takes)
            continue;
        int df = var_file(v, sq) - var_file(v, from), dr = var_rank(v, sq) - var_rank(v, from);
        int g = gcd(df, dr);
        int key = var_square(v, var_file(v, from) + df / g, var_rank(v, from) + dr / g);
        if (nearest[key] < 0 || g < gcd(var_file(v, nearest[key]) - var_file(v, from),
                                       var_rank(v, nearest[key]) - var_rank(v, from)))
            nearest[key] = sq;
        any = true;
    }
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (nearest[sq] >= 0)
            view->occ[nearest[sq]] = XB_ENEMY;
    return any;
}

bool probe_victim_spared(const Variant *v, const PieceType *pt, const XbBoardView *view,
                         int from)
{
    bool spared = false;
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        spared |= view->occ[sq] == XB_ENEMY && !probe_moves(pt, view, from, sq).takes;
    return spared;
}
