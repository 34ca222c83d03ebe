/*
 * schema_promotion.c — promotion: the top-level `promotion` defaults and
 * zone, and each piece's own rules over them (zones, choices, what a piece
 * becomes, in place, flipped), read for schema_pieces.c.
 */
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"

/* A promotion zone must have squares on the board: one that lies wholly
 * outside it (on holes, or off a board a child variant made smaller than
 * the squares named) would let no piece promote.  With squares for one
 * side only, the other side's pieces never promote: a warning. */
static void check_zone_on_board(SchemaContext *c, const TreeNode *at, const SquareSet zone[2])
{
    bool white = !sqset_empty(&zone[WHITE]), black = !sqset_empty(&zone[BLACK]), holes = false;
    for (int sq = 0; sq < c->v->files * c->v->ranks; sq++)
        holes |= !sqset_has(&c->board, sq);
    if (!white && !black)
        SCHEMA_ERROR(c, at, "the promotion zone has no square on the %dx%d board%s",
                     c->v->files, c->v->ranks, holes ? " with its holes" : "");
    else if (!white || !black)
        diag_warning(c->diag, at->file, at->line, at->col,
                     "the promotion zone has no square for %s: %s pieces never promote",
                     white ? "Black" : "White", white ? "Black's" : "White's");
}

void schema_read_promotion_defaults(SchemaContext *c, TreeNode *n)
{
    const TreeNode *zone = tree_map_get(n, "zone");
    c->promotion_defaults = n;
    if (zone && regions_read_set(c, zone, c->promotion_zone))
        check_zone_on_board(c, zone, c->promotion_zone);
}

/* One `to` list: piece IDs, and `captured` for "only types already lost"
 * (alone, every lost type other than royals and the piece itself). */
static void read_promotion_targets(SchemaContext *c, int t, const TreeNode *x,
                                   TypeMask *to, bool *captured)
{
    const TreeNode *items[MAX_PIECE_TYPES * 2];
    int k = schema_list_items(x, items, MAX_PIECE_TYPES * 2);
    const char *id = c->v->piece[t].id;

    if (k == 0)
        SCHEMA_ERROR(c, x, "'to' lists no piece");
    for (int i = 0; i < k; i++) {
        if (items[i]->kind == TREE_SCALAR && !strcmp(items[i]->text, "captured")) {
            *captured = true;
            continue;
        }
        int target = schema_piece_ref(c, items[i], "promotion target");
        if (target == t)
            SCHEMA_ERROR(c, items[i], "'%s' cannot promote to itself", id);
        else if (target != NO_TYPE)
            *to |= type_bit(target);
    }
    if (*captured && !*to)
        for (int u = 0; u < c->v->ntypes; u++)
            if (u != t && c->v->piece[u].id[0] != '+')
                *to |= type_bit(u);
}

/* `to`: one list for both players, or {white: LIST, black: LIST}. */
static void read_promotion_to(SchemaContext *c, int t, const TreeNode *x, PromotionRule *r)
{
    static const char *const keys[] = { "white", "black", NULL };
    if (x->kind != TREE_MAP) {
        read_promotion_targets(c, t, x, &r->to[WHITE], &r->to_captured[WHITE]);
        r->to[BLACK] = r->to[WHITE];
        r->to_captured[BLACK] = r->to_captured[WHITE];
        return;
    }
    schema_check_keys(c, x, keys, NULL, "'to'");
    for (int color = WHITE; color <= BLACK; color++) {
        const TreeNode *list = tree_map_get(x, keys[color]);
        if (list)
            read_promotion_targets(c, t, list, &r->to[color], &r->to_captured[color]);
        else
            SCHEMA_ERROR(c, x, "'to' as a mapping needs both 'white' and 'black'");
    }
}

/* `every-move`, `by-capture-only` and `by-drop` (Kyoto and micro shogi):
 * every move flips the piece between its two forms, the flips happen only
 * on captures, a piece in hand may enter as either form.  The first and
 * the last need the piece's '+' form; every-move takes the place of
 * `zone`, `on` and `mandatory` (the whole board, forced). */
static void read_promotion_flips(SchemaContext *c, int t, TreeNode *p, PromotionRule *r)
{
    PieceType *pt = &c->v->piece[t];
    const TreeNode *x;
    bool every = false, capture_only = false, by_drop = false;
    if ((x = tree_map_get(p, "by-capture-only")))
        schema_bool(c, x, "by-capture-only", &capture_only);
    if ((x = tree_map_get(p, "by-drop")) && schema_bool(c, x, "by-drop", &by_drop) && by_drop
        && pt->promoted == NO_TYPE)
        SCHEMA_ERROR(c, x, "'by-drop' needs a '+' form of '%s' to drop", pt->id);
    if ((x = tree_map_get(p, "every-move")) && schema_bool(c, x, "every-move", &every) && every) {
        /* only keys written in the same file clash: those inherited from
           the variant extended (chess's pawn zone) are overridden */
        static const char *const clash[] = { "zone", "on", "mandatory", "to", NULL };
        for (int i = 0; clash[i]; i++) {
            const TreeNode *y = tree_map_get(p, clash[i]);
            if (y && y->file && x->file && strcmp(y->file, x->file) == 0) {
                SCHEMA_ERROR(c, y, "'%s' cannot go with 'every-move' (every move flips the "
                             "piece, anywhere)", clash[i]);
                return;
            }
        }
        if (pt->promoted == NO_TYPE) {
            SCHEMA_ERROR(c, x, "'every-move' needs a '+' form of '%s' to flip to", pt->id);
            return;
        }
    }
    r->capture_only = capture_only;
    pt->drop_promoted |= by_drop;
    if (!every)
        return;
    r->every_move = true;
    r->to[WHITE] = r->to[BLACK] = type_bit(pt->promoted);
    for (int color = WHITE; color <= BLACK; color++) {
        memset(&r->zone[color], 0, sizeof r->zone[color]);
        for (int sq = 0; sq < c->v->files * c->v->ranks; sq++)
            sqset_add(&r->zone[color], sq);
    }
    r->on_enter = r->on_within = r->on_leave = true;
    r->mandatory = PROMO_ALWAYS;
    pt->quiet_flips = true;
    PieceType *plus = &c->v->piece[pt->promoted];
    plus->flips = true;
    plus->flip_capture_only = capture_only;
}

/* `in-place` (Sittuyin): `true`, or a mapping of `step`,
 * `anywhere-when-alone` and `peaceful`.  The piece promotes by a move of
 * its own while it stands in the zone, so `on`, `mandatory`, `every-move`
 * and `by-capture-only` (all about the moves that promote) cannot go
 * with it; no ordinary move promotes by this rule. */
static void read_promotion_in_place(SchemaContext *c, int t, TreeNode *p, PromotionRule *r)
{
    static const char *const keys[] = { "step", "anywhere-when-alone", "peaceful", NULL };
    static const char *const clash[] = { "on", "mandatory", "every-move", "by-capture-only",
                                         NULL };
    const TreeNode *x = tree_map_get(p, "in-place"), *y;
    bool on = true;
    if (!x || (x->kind != TREE_MAP && (!schema_bool(c, x, "in-place", &on) || !on)))
        return;
    for (int i = 0; clash[i]; i++)
        if ((y = tree_map_get(p, clash[i])) && y->file && x->file && !strcmp(y->file, x->file)) {
            SCHEMA_ERROR(c, y, "'%s' cannot go with 'in-place' (the piece promotes by a move "
                         "of its own, where it stands)", clash[i]);
            return;
        }
    r->in_place = true;
    r->in_place_peaceful = true;
    if (x->kind == TREE_MAP) {
        schema_check_keys(c, x, keys, NULL, "'in-place'");
        if ((y = tree_map_get(x, "step")))
            schema_bool(c, y, "step", &r->in_place_step);
        if ((y = tree_map_get(x, "anywhere-when-alone")))
            schema_bool(c, y, "anywhere-when-alone", &r->in_place_alone);
        if ((y = tree_map_get(x, "peaceful")))
            schema_bool(c, y, "peaceful", &r->in_place_peaceful);
    }
    r->on_enter = r->on_within = r->on_leave = false;
    r->on_capture_within = r->on_capture_leave = false;
    r->mandatory = PROMO_NEVER;
    c->v->piece[t].promotes_in_place = true;
}

/* One promotion rule of type t from `own` (a `promotion` mapping or one
 * entry of a list; NULL: only the top-level defaults), merged over the
 * top-level `promotion` key by key.  `alone`: the piece's only rule, whose
 * zone must have squares for both players (else a warning); an entry of a
 * list only needs some square. */
static void read_promotion_rule(SchemaContext *c, int t, TreeNode *own, PromotionRule *r,
                                bool alone)
{
    static const char *const keys[] = { "zone", "to", "mandatory", "on", "every-move",
                                        "by-capture-only", "by-drop", "in-place", NULL };
    static const char *const mandatory[] = { "when-immobile", "always", "never", NULL };
    static const char *const on[] = { "enter", "within", "leave", "capture-within",
                                      "capture-leave", NULL };
    PieceType *pt = &c->v->piece[t];
    TreeNode *p = own ? tree_merge(c->arena, c->promotion_defaults, own, NULL)
                   : c->promotion_defaults;
    const TreeNode *x = p ? tree_map_get(p, "zone") : NULL;
    const TreeNode *at = own ? own : c->piece_key[t];

    r->on_enter = r->on_within = true;
    if (p)
        schema_check_keys(c, p, keys, NULL, "'promotion'");
    if (x && x == tree_map_get(c->promotion_defaults, "zone")) {
        memcpy(r->zone, c->promotion_zone, sizeof r->zone);   /* checked once */
    } else if (x) {
        if (regions_read_set(c, x, r->zone)
            && (alone || (sqset_empty(&r->zone[WHITE]) && sqset_empty(&r->zone[BLACK]))))
            check_zone_on_board(c, x, r->zone);
    } else if (c->board_ok) {
        int top = c->v->ranks - 1;
        regions_add_rectangle(c, &r->zone[WHITE], 0, top, c->v->files - 1, top);
        regions_add_rectangle(c, &r->zone[BLACK], 0, 0, c->v->files - 1, 0);
        check_zone_on_board(c, at, r->zone);
    }
    if (p && (x = tree_map_get(p, "mandatory"))) {
        int m = schema_choice(c, x, "mandatory", mandatory);
        r->mandatory = m == 1 ? PROMO_ALWAYS : m == 2 ? PROMO_NEVER : PROMO_WHEN_IMMOBILE;
    }
    if (p && (x = tree_map_get(p, "on"))) {
        const TreeNode *items[8];
        int k = schema_list_items(x, items, 8);
        r->on_enter = r->on_within = r->on_leave = false;
        r->on_capture_within = r->on_capture_leave = false;
        for (int i = 0; i < k; i++) {
            int w = schema_choice(c, items[i], "on", on);
            r->on_enter |= w == 0;
            r->on_within |= w == 1;
            r->on_leave |= w == 2;
            r->on_capture_within |= w == 3;
            r->on_capture_leave |= w == 4;
        }
    }
    x = p ? tree_map_get(p, "to") : NULL;
    if (x)
        read_promotion_to(c, t, x, r);
    else if (pt->promoted != NO_TYPE)
        r->to[WHITE] = r->to[BLACK] = type_bit(pt->promoted);
    else
        SCHEMA_ERROR(c, alone ? c->piece_key[t] : own,
                     "promotion of '%s' needs 'to' (a list of pieces, or 'captured')", pt->id);
    if (p) {
        read_promotion_flips(c, t, p, r);
        read_promotion_in_place(c, t, p, r);
    }
}

/* How type t promotes: its own `promotion` (a mapping, or a list of them
 * for choices that depend on the square) over the top-level one, key by
 * key; a piece with a `+` form and nothing else promotes to it. */
void schema_read_promotion(SchemaContext *c, int t, const TreeNode *n)
{
    PieceType *pt = &c->v->piece[t];
    TreeNode *own = n->kind == TREE_MAP ? tree_map_get(n, "promotion") : NULL;
    bool inline_promoted = n->kind == TREE_MAP && tree_map_get(n, "promoted");
    char plus[8];

    snprintf(plus, sizeof plus, "+%s", pt->id);
    if (pt->id[0] != '+' && schema_type_by_id(c->v, plus) != NO_TYPE) {
        pt->promoted = schema_type_by_id(c->v, plus);
        if (c->v->piece[pt->promoted].demotes_to == NO_TYPE)
            c->v->piece[pt->promoted].demotes_to = t;
    }
    if (own && own->kind == TREE_SEQ) {
        if (own->n == 0 || own->n > MAX_PROMOTION_RULES) {
            SCHEMA_ERROR(c, own, "'promotion' as a list needs 1 to %d entries, not %d",
                         MAX_PROMOTION_RULES, own->n);
            return;
        }
        for (int i = 0; i < own->n; i++)
            if (!schema_want_kind(c, own->vals[i], TREE_MAP, "promotion"))
                return;
    } else if (own && !schema_want_kind(c, own, TREE_MAP, "promotion")) {
        return;
    }
    if (!own && !inline_promoted)
        return;
    pt->can_promote = true;
    if (own && own->kind == TREE_SEQ) {
        pt->npromo = own->n;
        for (int i = 0; i < own->n; i++)
            read_promotion_rule(c, t, own->vals[i], &pt->promo[i], false);
    } else {
        pt->npromo = 1;
        read_promotion_rule(c, t, own, &pt->promo[0], true);
    }
    for (int i = 0; i < pt->npromo; i++)
        for (int color = WHITE; color <= BLACK; color++) {
            for (int w = 0; w < 4; w++)
                pt->promo_zone[color].w[w] |= pt->promo[i].zone[color].w[w];
            pt->promo_to |= pt->promo[i].to[color];
        }
    if (pt->npromo > 1)
        check_zone_on_board(c, own, pt->promo_zone);
}
