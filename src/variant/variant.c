/*
 * variant.c — derive what follows from a loaded Variant's data: compiled
 * XBetza move tables for the board, royal masks, immobility squares (for
 * forced promotion and drop bans).  Nothing here knows positions or moves.
 */
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>
#include "variant/variant.h"

/* A square from which the piece has no move at all on an empty board:
 * promotion is forced on arrival there and drops there are barred. */
static void compute_immobile(PieceType *pt, const Variant *v)
{
    for (int c = 0; c < 2; c++) {
        memset(&pt->immobile[c], 0, sizeof pt->immobile[c]);
        for (int sq = 0; sq < v->files * v->ranks; sq++) {
            if (v->geom.hole[sq])
                continue;
            bool mobile = false;
            for (const XbRay *r = xb_rays_begin(&pt->table, c, sq);
                 r < xb_rays_end(&pt->table, c, sq) && !mobile; r++)
                if (!(r->flags & (XB_RAY_CASTLE | XB_RAY_INITIAL | XB_RAY_INITIAL2)))
                    mobile = true;
            if (!mobile)
                sqset_add(&pt->immobile[c], sq);
        }
    }
}

/* Unset square sets mean "everywhere" (confinement) or "the hand's zone" (drops). */
static void default_square_sets(PieceType *pt, const Variant *v)
{
    SquareSet board = { { 0 } };
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (!v->geom.hole[sq])
            sqset_add(&board, sq);
    pt->confined = false;
    for (int c = 0; c < 2; c++) {
        if (sqset_empty(&pt->allowed[c]))
            pt->allowed[c] = board;
        if (memcmp(&pt->allowed[c], &board, sizeof board) != 0)
            pt->confined = true;
        if (!pt->drop_zone_given && sqset_empty(&pt->drop_zone[c]))
            pt->drop_zone[c] = sqset_empty(&v->hand.zone[c]) ? board : v->hand.zone[c];
        /* a piece confined to a region is dropped only inside it */
        for (int w = 0; w < 4; w++)
            pt->drop_zone[c].w[w] &= pt->allowed[c].w[w];
    }
}

/* Does `moves` have a group that leaves e.p. rights behind: an initial or
 * lame multi-square non-capture (variant-format §6.1)? */
static bool makes_ep_rights(const XbPiece *moves)
{
    for (int g = 0; g < moves->ngroups; g++) {
        const XbGroup *grp = &moves->group[g];
        const XbLeg *leg = &grp->leg[0];
        bool multi = grp->range != 1 || grp->p > 1 || grp->q > 1;
        if ((grp->initial || (leg->mode & XB_MODE_N)) && multi && grp->atom != 'O' && grp->nlegs == 1
            && (leg->mode & XB_MODE_M) && !(leg->mode & (XB_MODE_C | XB_MODE_D)))
            return true;
    }
    return false;
}

static void derive_piece_flags(PieceType *pt, Variant *v)
{
    pt->has_initial = false;
    pt->has_multileg = false;
    for (int g = 0; g < pt->moves.ngroups; g++) {
        const XbGroup *grp = &pt->moves.group[g];
        if (grp->initial)
            pt->has_initial = true;
        if (grp->nlegs > 1 && !xb_group_is_lame_path(&pt->moves, g))
            pt->has_multileg = true;    /* lame paths compile to lame leaps */
        if (grp->leg[0].mode & XB_MODE_E)
            v->has_ep = true;
    }
    for (int g = 0; pt->has_extra && g < pt->extra_moves.ngroups; g++)
        if (pt->extra_moves.group[g].nlegs > 1 && !xb_group_is_lame_path(&pt->extra_moves, g))
            pt->has_multileg = true;
    if (pt->has_multileg)
        v->has_multileg = true;
    pt->odd_attacks = (uint8_t)((pt->has_multileg ? ATTACKS_MULTILEG : 0)
                                | (pt->range_capture ? ATTACKS_RANGE : 0)
                                | (pt->burns != BURN_NEVER ? ATTACKS_BURN : 0));
    pt->makes_ep = makes_ep_rights(&pt->moves) || (pt->has_extra && makes_ep_rights(&pt->extra_moves));
}

/* The `extra-moves` entry group g of pt->extra_moves came from. */
static const ExtraMoves *extra_entry_of(const PieceType *pt, int g)
{
    for (int i = 0; i < pt->nextra; i++)
        if (g >= pt->extra[i].first_group && g < pt->extra[i].first_group + pt->extra[i].ngroups)
            return &pt->extra[i];
    return NULL;
}

/* How many of the ray's steps stay within `within`: a step is left out,
 * and the ray ends, where it passes, tests or lands outside. */
static uint8_t steps_within(const XbTable *t, const XbRay *r, const SquareSet *within)
{
    for (int k = 0; k < r->len; k++) {
        const XbStep *s = &t->steps[r->first + (uint32_t)k];
        if (!sqset_has(within, s->sq) || (s->test != XB_NO_SQ && !sqset_has(within, s->test))
            || (s->test2 != XB_NO_SQ && !sqset_has(within, s->test2)))
            return (uint8_t)k;
    }
    return r->len;
}

/* Rewrite t's rays in place, square by square: keep(ctx, cs, i, &ray)
 * sees ray i of colour-square cs (colour * nsquares + square), may shorten
 * it, and drops it by returning false.  Rays only go or shrink, so the
 * writes never overtake the reads. */
typedef bool (*RayKeep)(void *ctx, int cs, uint32_t i, XbRay *r);

static void compact_rays(XbTable *t, RayKeep keep, void *ctx)
{
    int nsq = t->nsquares;
    uint32_t w = 0;
    for (int cs = 0; cs < 2 * nsq; cs++) {
        uint32_t begin = t->index[cs], end = t->index[cs + 1];
        t->index[cs] = w;
        for (uint32_t i = begin; i < end; i++) {
            XbRay r = t->rays[i];
            if (keep(ctx, cs, i, &r))
                t->rays[w++] = r;
        }
    }
    t->index[2 * nsq] = w;
    t->nrays = w;
}

/* An extra-moves ray stays where its entry allows it: from the squares of
 * the entry's `from` set, cut where it leaves `within`. */
static bool keep_allowed_extra(void *ctx, int cs, uint32_t i, XbRay *r)
{
    (void)i;
    const PieceType *pt = ctx;
    int nsq = pt->extra_table.nsquares, c = cs / nsq;
    const ExtraMoves *e = extra_entry_of(pt, r->group);
    if (!e || !sqset_has(&e->from[c], cs % nsq))
        return false;
    if (e->within_given)
        r->len = steps_within(&pt->extra_table, r, &e->within[c]);
    return r->len > 0;
}

void variant_derive(Variant *v)
{
    v->royal_types = 0;
    v->has_drops = v->hand.enabled;
    v->has_promotion = false;
    v->has_ep = false;
    v->has_multileg = false;
    v->has_range_capture = false;
    v->burners = v->passive_burners = 0;
    v->no_mate_types = 0;
    v->no_mate_lines = false;
    v->drop_colour_types = 0;
    v->geom.files = v->files;
    v->geom.ranks = v->ranks;

    for (int t = 0; t < v->ntypes; t++) {
        PieceType *pt = &v->piece[t];
        if (pt->royal)
            v->royal_types |= type_bit(t);
        v->has_range_capture |= pt->range_capture;
        if (pt->burns != BURN_NEVER)
            v->burners |= type_bit(t);
        if (pt->burns == BURN_ALWAYS)
            v->passive_burners |= type_bit(t);
        if (pt->drop_opposite_colours)
            v->drop_colour_types |= type_bit(t);
        if (pt->no_mate) {
            v->no_mate_types |= type_bit(t);
            for (int g = 0; g < pt->moves.ngroups; g++) {
                const XbGroup *gr = &pt->moves.group[g];
                v->no_mate_lines |= gr->range != 1 || gr->nlegs > 1;
            }
            v->no_mate_lines |= pt->has_extra;
        }
        if (pt->can_promote || pt->promoted != NO_TYPE)
            v->has_promotion = true;
        derive_piece_flags(pt, v);
        default_square_sets(pt, v);
    }

    for (int c = 0; c < 2; c++)
        if (sqset_empty(&v->rules.ep_region[c]))
            for (int sq = 0; sq < v->files * v->ranks; sq++)
                sqset_add(&v->rules.ep_region[c], sq);
    v->mark_demotes_to = NO_TYPE;
    for (int t = 0; t < v->ntypes && v->mark_demotes_to == NO_TYPE; t++)
        if (v->piece[t].can_promote && v->piece[t].promo_to)
            v->mark_demotes_to = t;
}

int variant_compile(Variant *v, char *err, size_t errsize)
{
    XbError xe;
    for (int t = 0; t < v->ntypes; t++) {
        PieceType *pt = &v->piece[t];
        if (xb_compile(&pt->moves, &v->geom, &pt->table, &xe) != 0) {
            snprintf(err, errsize, "piece '%s': cannot compile moves '%s': %s",
                     pt->id, pt->betza, xe.message);
            return -1;
        }
        if (pt->has_extra) {
            if (xb_compile(&pt->extra_moves, &v->geom, &pt->extra_table, &xe) != 0) {
                snprintf(err, errsize, "piece '%s': cannot compile extra moves '%s': %s",
                         pt->id, pt->extra_text, xe.message);
                return -1;
            }
            compact_rays(&pt->extra_table, keep_allowed_extra, pt);
        }
        if (xb_drop_covered(&pt->table, pt->has_extra ? &pt->extra_table : NULL) != 0) {
            snprintf(err, errsize, "piece '%s': out of memory", pt->id);
            return -1;
        }
        compute_immobile(pt, v);
    }
    return 0;
}

int variant_finalize(Variant *v, char *err, size_t errsize)
{
    variant_derive(v);
    return variant_compile(v, err, errsize);
}

void variant_clear_derived(Variant *v)
{
    for (int t = 0; t < MAX_PIECE_TYPES; t++) {
        memset(&v->piece[t].table, 0, sizeof v->piece[t].table);
        memset(&v->piece[t].extra_table, 0, sizeof v->piece[t].extra_table);
    }
    v->reach = NULL;
}

void variant_release(Variant *v)
{
    for (int t = 0; t < v->ntypes; t++) {
        xb_table_free(&v->piece[t].table);
        xb_table_free(&v->piece[t].extra_table);
    }
    free(v->reach);
    v->reach = NULL;
}

char variant_piece_dress(const PieceType *pt)
{
    const char *suffix = pt->id + (pt->id[0] == '+' ? 2 : 1);
    return *suffix == '\'' || *suffix == '!' ? *suffix : 0;
}

int variant_type_by_token(const Variant *v, char letter, char dress, bool promoted)
{
    char up = (char)toupper((unsigned char)letter);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        if ((pt->id[0] == '+') == promoted && pt->letter == up && variant_piece_dress(pt) == dress)
            return t;
    }
    if (dress)
        return NO_TYPE;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        if ((pt->id[0] == '+') == promoted && strchr(pt->synonyms, up) && up)
            return t;
    }
    return NO_TYPE;
}

int variant_type_by_letter(const Variant *v, char letter, bool promoted)
{
    int t = variant_type_by_token(v, letter, 0, promoted);
    if (t != NO_TYPE)
        return t;
    char up = (char)toupper((unsigned char)letter);
    for (t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->piece[t];
        if ((pt->id[0] == '+') == promoted && pt->letter == up)
            return t;
    }
    return NO_TYPE;
}
