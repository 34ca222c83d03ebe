/*
 * schema_pieces.c — `pieces`: each piece's ID and letter, its XBetza
 * moves, value, royalty, drops, promotion, where it may stand.
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

static void read_promotion(SchemaContext *c, int t, const TreeNode *n);

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
    read_promotion(c, t, n);
}

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
static void read_promotion(SchemaContext *c, int t, const TreeNode *n)
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
