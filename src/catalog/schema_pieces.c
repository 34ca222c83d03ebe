/*
 * schema_pieces.c — `pieces`: each piece's ID and letter, its XBetza
 * moves, value, royalty, drops, where it may stand (its promotion:
 * schema_promotion.c).
 *
 * IDs are declared first, all of them, so a piece may name pieces
 * defined after it (promotion targets, `demotes-to`); then definitions are
 * read in the order they are written, so messages come in file order.
 */
#include <ctype.h>
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"

/* A capital letter, optionally with '+' before it (a promoted piece) or
 * ' or ! after it (N, +P, L!). */
static bool is_valid_piece_id(const char *id)
{
    const char *p = id;
    if (*p == '+')
        p++;
    if (!isupper((unsigned char)*p))
        return false;
    p++;
    if (*p == '\'' || *p == '!')
        p++;
    return *p == '\0';
}

/* A new type with ID `id`, defined by `val` at `key`, with the defaults of
 * a piece; NO_TYPE after an error. */
static int declare_type(SchemaContext *c, const char *id, TreeNode *key, TreeNode *val)
{
    Variant *v = c->v;
    int t = schema_type_by_id(v, id);

    if (t != NO_TYPE) {
        SCHEMA_ERROR(c, key, "piece '%s' is defined twice", id);
        diag_note(c->diag, c->piece_key[t]->file, c->piece_key[t]->line, c->piece_key[t]->col,
                  "first definition is here");
        return NO_TYPE;
    }
    if (v->ntypes == MAX_PIECE_TYPES) {
        SCHEMA_ERROR(c, key, "more than %d piece types", MAX_PIECE_TYPES);
        return NO_TYPE;
    }
    t = v->ntypes++;
    PieceType *pt = &v->piece[t];
    snprintf(pt->id, sizeof pt->id, "%s", id);
    pt->letter = id[0] == '+' ? id[1] : id[0];
    snprintf(pt->name, sizeof pt->name, "%s", id);
    pt->promoted = pt->demotes_to = NO_TYPE;
    pt->capturable = true;
    pt->allowed[WHITE] = pt->allowed[BLACK] = c->board;
    pt->chases = true;
    pt->chased_in[WHITE] = pt->chased_in[BLACK] = c->board;
    c->piece_key[t] = key;
    c->piece_def[t] = val;
    return t;
}

/* Pass 1: every ID gets its type number, so pieces may refer to pieces
 * defined after them. */
static void declare_pieces(SchemaContext *c, TreeNode *pieces)
{
    for (int i = 0; i < pieces->n; i++) {
        TreeNode *key = pieces->keys[i], *val = pieces->vals[i];
        char id[8];
        if (!is_valid_piece_id(key->text)) {
            SCHEMA_ERROR(c, key,
                         "piece ID '%s' must be a capital letter, optionally with '+' before it "
                         "or ' or ! after it (like N, +P, L!)", key->text);
            continue;
        }
        if (val->null)
            continue;
        declare_type(c, key->text, key, val);
        TreeNode *promoted = tree_map_get(val, "promoted");
        if (promoted && key->text[0] == '+')
            SCHEMA_ERROR(c, tree_map_key(val, "promoted"),
                         "promoted piece '%s' cannot itself have 'promoted'", key->text);
        else if (promoted) {
            snprintf(id, sizeof id, "+%s", key->text);
            declare_type(c, id, tree_map_key(val, "promoted"), promoted);
        }
    }
}

/* Index of `letter` among the prefixes of the last leg of the group that
 * starts at text[start] (the letters between its last 'a' and its atom),
 * or `start` when it is not there. */
static int last_leg_letter(const char *text, int start, char letter)
{
    int atom = start, leg = start;
    while (text[atom] && !isupper((unsigned char)text[atom])) {
        if (text[atom] == 'a')
            leg = atom + 1;
        atom++;
    }
    for (int i = leg; i < atom; i++)
        if (text[i] == letter)
            return i;
    return start;
}

static bool read_betza(SchemaContext *c, const TreeNode *n, char *text_out, XbPiece *out,
                       const char *id)
{
    XbError err;
    const char *text = schema_string(c, n, "moves");

    if (!text)
        return false;
    if (strlen(text) >= MAX_BETZA) {
        SCHEMA_ERROR(c, n, "XBetza of '%s' is longer than %d characters", id, MAX_BETZA - 1);
        return false;
    }
    snprintf(text_out, MAX_BETZA, "%s", text);
    memset(&err, 0, sizeof err);
    if (xb_parse(text, XB_STRICT, out, &err) != 0) {
        int at = err.column > 0 ? err.column - 1 : 0;
        diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                   "invalid XBetza '%s': %s", text, err.message);
        return false;
    }
    for (int g = 0; g < out->ngroups; g++) {
        const XbGroup *grp = &out->group[g];
        int start = grp->column > 0 ? grp->column - 1 : 0;
        /* lame paths compile to lame leaps (xb_group_is_lame_path), whose
           last leg may be anything a leap may be */
        if (grp->nlegs > 1 && (grp->leg[grp->nlegs - 1].written & XB_MODE_E)
            && !xb_group_is_lame_path(out, g)) {
            int at = last_leg_letter(text, start, 'e');
            diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                       "en passant ('e') on the last leg of a multi-leg move is not supported");
            return false;
        }
        if (grp->atom == 'O') {
            const char *o = strchr(text + start, 'O');
            int at = o ? (int)(o - text) : start;
            diag_error(c->diag, n->file, n->line, tree_scalar_column(n, at),
                       "castling ('O') is set up in 'castling', not in 'moves'");
            return false;
        }
    }
    return true;
}

/* Moving it is irreversible unless it can step back or sideways without
 * capturing (pawns, lances, shogi knights reset the n-move counter). */
static bool moves_are_irreversible(const XbPiece *p)
{
    for (int g = 0; g < p->ngroups; g++) {
        const XbGroup *grp = &p->group[g];
        if (!(grp->leg[0].mode & XB_MODE_M) || grp->initial)
            continue;
        /* forward directions: F FR FL in the K system; rf fr fl lf obliquely */
        uint8_t forward = grp->cls == XB_CLASS_OBLIQUE ? 0xC3 : 0x83;
        if (grp->leg[0].dirs & ~forward)
            return false;
    }
    return true;
}

static void read_synonyms(SchemaContext *c, PieceType *pt, const TreeNode *n)
{
    const TreeNode *items[16];
    int k = schema_list_items(n, items, 16), out = 0;

    for (int i = 0; i < k; i++) {
        const char *s = schema_string(c, items[i], "synonyms");
        for (; s && *s; s++) {
            if (*s == ' ' || *s == ',')
                continue;
            if (!isupper((unsigned char)*s)) {
                SCHEMA_ERROR(c, items[i],
                             "synonym '%c' of '%s' must be a capital letter", *s, pt->id);
                break;
            }
            if (out < (int)sizeof pt->synonyms - 1)
                pt->synonyms[out++] = *s;
        }
    }
    pt->synonyms[out] = '\0';
}

static void read_drop(SchemaContext *c, PieceType *pt, const TreeNode *n)
{
    static const char *const keys[] = { "zone", "no-doubled", "checks", "mates", "colour",
                                        "color", NULL };
    static const char *const allow[] = { "allowed", "forbidden", NULL };
    static const char *const colours[] = { "any", "opposite", NULL };
    const TreeNode *x;

    if (!schema_want_kind(c, n, TREE_MAP, "drop"))
        return;
    schema_check_keys(c, n, keys, NULL, "'drop'");
    if ((x = tree_map_get(n, "zone")))
        regions_read_set(c, x, pt->drop_zone);
    if ((x = tree_map_get(n, "no-doubled"))) {
        if (x->kind == TREE_SCALAR && !strcmp(x->text, "file"))
            pt->drop_no_doubled = 1;
        else if (schema_is_off(x))
            pt->drop_no_doubled = 0;
        else
            schema_int(c, x, "no-doubled", 1, MAX_RANKS, &pt->drop_no_doubled);
    }
    if ((x = tree_map_get(n, "checks")))
        pt->drop_no_check = schema_choice(c, x, "checks", allow) == 1;
    if ((x = tree_map_get(n, "mates")))
        pt->drop_no_mate = schema_choice(c, x, "mates", allow) == 1;
    if ((x = tree_map_get(n, "colour")) || (x = tree_map_get(n, "color")))
        pt->drop_opposite_colours = schema_choice(c, x, "colour", colours) == 1;
}

/* Append entry e's moves (already parsed into `moves`, written `text`)
 * to the piece's extra moves; false after an error at `at`. */
static bool add_extra_groups(SchemaContext *c, PieceType *pt, ExtraMoves *e,
                             const XbPiece *moves, const char *text, const TreeNode *at)
{
    size_t used = pt->nextra ? pt->extra[pt->nextra - 1].text_at
                               + pt->extra[pt->nextra - 1].text_len : 0;
    size_t len = strlen(text);
    if (pt->extra_moves.ngroups + moves->ngroups > XB_MAX_GROUPS) {
        SCHEMA_ERROR(c, at, "the extra moves of '%s' have more than %d move groups",
                     pt->id, XB_MAX_GROUPS);
        return false;
    }
    if (used + len >= MAX_BETZA) {
        SCHEMA_ERROR(c, at, "the extra moves of '%s' are longer than %d characters together",
                     pt->id, MAX_BETZA - 1);
        return false;
    }
    e->first_group = (uint8_t)pt->extra_moves.ngroups;
    e->ngroups = (uint8_t)moves->ngroups;
    if (pt->nextra == 0)
        pt->extra_moves = *moves;
    else {
        for (int g = 0; g < moves->ngroups; g++)
            pt->extra_moves.group[pt->extra_moves.ngroups++] = moves->group[g];
        pt->extra_moves.xboard_safe &= moves->xboard_safe;
    }
    e->text_at = (uint8_t)used;
    e->text_len = (uint8_t)len;
    memcpy(pt->extra_text + used, text, len + 1);
    return true;
}

/* `within` cuts the compiled rays, which hold only the first leg of a
 * multi-leg move (lame paths excepted: they compile to whole rays); the
 * later legs are walked on the board and would leave the set unseen. */
static bool within_without_multileg(SchemaContext *c, const XbPiece *moves, const TreeNode *n,
                                    const char *text)
{
    for (int g = 0; g < moves->ngroups; g++) {
        const XbGroup *grp = &moves->group[g];
        if (grp->nlegs > 1 && !xb_group_is_lame_path(moves, g)) {
            int start = grp->column > 0 ? grp->column - 1 : 0;
            diag_error(c->diag, n->file, n->line, tree_scalar_column(n, start),
                       "multi-leg moves ('a') are not supported in an 'extra-moves' entry "
                       "with 'within': '%s'", text);
            return false;
        }
    }
    return true;
}

/* One `extra-moves` entry: a square set (the key) and its moves, XBetza or
 * {moves: XBetza, within: square set}. */
static void read_extra_entry(SchemaContext *c, PieceType *pt, const TreeNode *key,
                             const TreeNode *val)
{
    static const char *const keys[] = { "moves", "within", NULL };
    ExtraMoves e;
    const TreeNode *moves = val, *x;
    char text[MAX_BETZA], where[48];
    XbPiece parsed;

    memset(&e, 0, sizeof e);
    if (pt->nextra == MAX_EXTRA_MOVES) {
        SCHEMA_ERROR(c, key, "piece '%s' has more than %d 'extra-moves' entries", pt->id,
                     MAX_EXTRA_MOVES);
        return;
    }
    bool ok = regions_read_set(c, key, e.from);
    if (val->kind == TREE_MAP) {
        snprintf(where, sizeof where, "'extra-moves' of '%s'", pt->id);
        schema_check_keys(c, val, keys, NULL, where);
        moves = tree_map_get(val, "moves");
        if (!moves) {
            SCHEMA_ERROR(c, val, "'extra-moves' entry '%s' of '%s' needs 'moves'", key->text,
                         pt->id);
            return;
        }
        if ((x = tree_map_get(val, "within"))) {
            e.within_given = regions_read_set(c, x, e.within);
            ok = ok && e.within_given;
        }
    }
    if (!read_betza(c, moves, text, &parsed, pt->id) || !ok
        || (e.within_given && !within_without_multileg(c, &parsed, moves, text))
        || !add_extra_groups(c, pt, &e, &parsed, text, moves))
        return;
    pt->extra[pt->nextra++] = e;
    pt->has_extra = true;
}

/* `extra-moves`: square set -> moves, one entry per set. */
static void read_extra_moves(SchemaContext *c, PieceType *pt, const TreeNode *n)
{
    if (!schema_want_kind(c, n, TREE_MAP, "extra-moves"))
        return;
    for (int i = 0; i < n->n; i++)
        read_extra_entry(c, pt, n->keys[i], n->vals[i]);
}


/* `chase`: what the perpetual-chase rule makes of this piece's attacks and
 * of attacks on it. */
static void read_chase(SchemaContext *c, PieceType *pt, const TreeNode *n)
{
    static const char *const keys[] = { "chases", "chased-in", "always", NULL };
    const TreeNode *x;
    SquareSet set[2];
    char where[32];

    if (!schema_want_kind(c, n, TREE_MAP, "chase"))
        return;
    snprintf(where, sizeof where, "'chase' of '%s'", pt->id);
    schema_check_keys(c, n, keys, NULL, where);
    if ((x = tree_map_get(n, "chases")))
        schema_bool(c, x, "chases", &pt->chases);
    if ((x = tree_map_get(n, "chased-in")) && regions_read_set(c, x, set)) {
        pt->chased_in[WHITE] = set[WHITE];
        pt->chased_in[BLACK] = set[BLACK];
    }
    if ((x = tree_map_get(n, "always")))
        schema_piece_mask(c, x, "chased piece", &pt->always_chases);
}

/* Does the piece have a capturing slide of one leg, no hopper (the moves
 * range-capture extends)? */
static bool has_capturing_slide(const XbPiece *moves)
{
    for (int g = 0; g < moves->ngroups; g++) {
        const XbGroup *grp = &moves->group[g];
        uint16_t mode = grp->leg[0].mode;
        if (grp->nlegs == 1 && grp->range != 1 && grp->atom != 'O' && (mode & XB_MODE_C)
            && !(mode & (XB_MODE_P | XB_MODE_G)))
            return true;
    }
    return false;
}

/* range-capture: true needs something to jump (a rank above 0) and a
 * capturing slide to jump with. */
static void read_range_capture(SchemaContext *c, PieceType *pt, const TreeNode *x)
{
    if (!schema_bool(c, x, "range-capture", &pt->range_capture) || !pt->range_capture)
        return;
    if (pt->rank == 0)
        SCHEMA_ERROR(c, x, "'range-capture' of '%s' needs a 'rank' above 0 (it jumps only "
                     "pieces ranked below it)", pt->id);
    else if (!has_capturing_slide(&pt->moves))
        SCHEMA_ERROR(c, x, "'range-capture' of '%s' needs a capturing slide in its moves '%s'",
                     pt->id, pt->betza);
}

/* Pass 2: everything a piece's definition says.  A definition that is a
 * single value is its moves alone. */
static void read_piece(SchemaContext *c, int t)
{
    static const char *const keys[] = {
        "name", "moves", "value", "royal", "synonyms", "promotion", "promoted", "demotes-to",
        "extra-moves", "confined-to", "barred-from", "drop", "max", "capturable",
        "resets-move-rule", "glyph", "chase", "mates", "rank", "range-capture", "burns", NULL };
    static const char *const reserved[] = { "as", "letters", "san", NULL };
    PieceType *pt = &c->v->piece[t];
    const TreeNode *n = c->piece_def[t], *x, *moves = n;
    SquareSet set[2];

    pt->drop_zone[WHITE] = c->v->hand.zone[WHITE];
    pt->drop_zone[BLACK] = c->v->hand.zone[BLACK];
    pt->drop_zone_given = true;   /* an empty zone (`none`) is kept: never dropped */
    pt->drop_no_check = c->drop_checks_forbidden;
    pt->drop_no_mate = c->drop_mates_forbidden;
    if (n->kind == TREE_MAP) {
        char where[32];
        snprintf(where, sizeof where, "piece '%s'", pt->id);
        schema_check_keys(c, n, keys, reserved, where);
        moves = tree_map_get(n, "moves");
        if ((x = tree_map_get(n, "name")) && schema_string(c, x, "name"))
            snprintf(pt->name, sizeof pt->name, "%s", x->text);
        if ((x = tree_map_get(n, "value")))
            schema_int(c, x, "value", 0, 100000, &pt->value);
        if ((x = tree_map_get(n, "royal")))
            schema_bool(c, x, "royal", &pt->royal);
        if ((x = tree_map_get(n, "synonyms")))
            read_synonyms(c, pt, x);
        if ((x = tree_map_get(n, "capturable")))
            schema_bool(c, x, "capturable", &pt->capturable);
        if ((x = tree_map_get(n, "max")))
            schema_int(c, x, "max", 0, MAX_SQUARES, &pt->max_count);
        if ((x = tree_map_get(n, "confined-to")) && regions_read_set(c, x, set)) {
            regions_intersect(&pt->allowed[WHITE], &set[WHITE]);
            regions_intersect(&pt->allowed[BLACK], &set[BLACK]);
        }
        if ((x = tree_map_get(n, "barred-from")) && regions_read_set(c, x, set)) {
            regions_subtract(&pt->allowed[WHITE], &set[WHITE]);
            regions_subtract(&pt->allowed[BLACK], &set[BLACK]);
        }
        if ((x = tree_map_get(n, "extra-moves")))
            read_extra_moves(c, pt, x);
        if ((x = tree_map_get(n, "drop")))
            read_drop(c, pt, x);
        if ((x = tree_map_get(n, "mates"))) {
            static const char *const allow[] = { "allowed", "forbidden", NULL };
            pt->no_mate = schema_choice(c, x, "mates", allow) == 1;
        }
        if ((x = tree_map_get(n, "chase")))
            read_chase(c, pt, x);
        if ((x = tree_map_get(n, "rank")))
            schema_int(c, x, "rank", 0, MAX_RANK, &pt->rank);
        if ((x = tree_map_get(n, "burns"))) {
            static const char *const burn[] = { "never", "moving", "always", NULL };
            int b = schema_choice(c, x, "burns", burn);
            pt->burns = (uint8_t)(b < 0 ? BURN_NEVER : b);
        }
        if ((x = tree_map_get(n, "demotes-to")))
            pt->demotes_to = schema_piece_ref(c, x, "demotes-to");
        if ((x = tree_map_get(n, "glyph")) && schema_string(c, x, "glyph")) {
            if (strlen(x->text) != 1 || !isalpha((unsigned char)x->text[0]))
                SCHEMA_ERROR(c, x, "'glyph' must be one letter (an XBoard piece image), got '%s'",
                             x->text);
            else
                pt->xboard_glyph = (char)toupper((unsigned char)x->text[0]);
        }
    }
    if (!moves) {
        SCHEMA_ERROR(c, c->piece_key[t], "piece '%s' has no 'moves'", pt->id);
        return;
    }
    if (read_betza(c, moves, pt->betza, &pt->moves, pt->id)) {
        pt->betza_line = moves->line;
        pt->betza_col = tree_scalar_column(moves, 0);
    }
    pt->resets_move_rule = moves_are_irreversible(&pt->moves);
    if (n->kind == TREE_MAP && (x = tree_map_get(n, "range-capture")))
        read_range_capture(c, pt, x);
    if (n->kind == TREE_MAP && (x = tree_map_get(n, "resets-move-rule")))
        schema_bool(c, x, "resets-move-rule", &pt->resets_move_rule);
    schema_read_promotion(c, t, n);
}

/* Pieces in the order they are written (this file first, then parents),
 * so messages come in file order; type numbers keep the parent's order. */
static void order_as_written(const SchemaContext *c, const TreeNode *root, int *order)
{
    for (int t = 0; t < c->v->ntypes; t++)
        order[t] = t;
    for (int i = 1; i < c->v->ntypes; i++)
        for (int j = i; j > 0; j--) {
            const TreeNode *a = c->piece_key[order[j - 1]], *b = c->piece_key[order[j]];
            int fa = a->file != root->file, fb = b->file != root->file;
            if (fa < fb || (fa == fb && (a->line < b->line
                                         || (a->line == b->line && a->col <= b->col))))
                break;
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
}

/* Fix what needs every piece known: royal types out of captured-promotion
 * lists, letters used twice. */
static void check_pieces_together(SchemaContext *c)
{
    Variant *v = c->v;
    for (int t = 0; t < v->ntypes; t++) {
        PieceType *pt = &v->piece[t];
        for (int i = 0; i < pt->npromo; i++)
            for (int color = WHITE; color <= BLACK; color++)
                if (pt->promo[i].to_captured[color])
                    for (int u = 0; u < v->ntypes; u++)
                        if (v->piece[u].royal)
                            pt->promo[i].to[color] &= ~type_bit(u);
        pt->promo_to = 0;
        for (int i = 0; i < pt->npromo; i++)
            pt->promo_to |= pt->promo[i].to[WHITE] | pt->promo[i].to[BLACK];
        for (int u = 0; u < t; u++) {
            const PieceType *pu = &v->piece[u];
            if ((pt->id[0] == '+') != (pu->id[0] == '+'))
                continue;
            /* one letter may serve several pieces told apart by their
               dress (C, C' and C!); a synonym is an undressed letter */
            char mine[16], theirs[16];
            bool same_dress = variant_piece_dress(pt) == variant_piece_dress(pu);
            snprintf(mine, sizeof mine, "%c%s", pt->letter, pt->synonyms);
            snprintf(theirs, sizeof theirs, "%c%s", pu->letter, pu->synonyms);
            for (const char *m = mine; *m; m++) {
                const char *hit = strchr(theirs, *m);
                bool both_letters = m == mine && hit == theirs;
                bool undressed_clash = (m == mine ? !variant_piece_dress(pt) : true)
                                       && (hit == theirs ? !variant_piece_dress(pu) : true);
                if (hit && (both_letters ? same_dress : undressed_clash)) {
                    SCHEMA_ERROR(c, c->piece_key[t], "letter '%c' is used by both '%s' and '%s'",
                                 *m, pu->id, pt->id);
                    break;
                }
            }
        }
    }
}

void schema_read_pieces(SchemaContext *c, const TreeNode *root, TreeNode *pieces)
{
    int order[MAX_PIECE_TYPES];

    declare_pieces(c, pieces);
    order_as_written(c, root, order);
    for (int t = 0; t < c->v->ntypes; t++)
        read_piece(c, order[t]);
    check_pieces_together(c);
}
