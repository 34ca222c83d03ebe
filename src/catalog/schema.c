/*
 * schema.c — the top level of a variant file: the sections it may have,
 * the order they are read in (each may need what an earlier one set up:
 * pieces need the board and regions, castling needs the pieces), names
 * and aliases, `xboard`, and the checks of the whole variant.
 */
#include <ctype.h>
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"
#include "util/alloc.h"

/* `xboard`: how to present the variant to XBoard-protocol GUIs. */
static void read_xboard(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "parent", "pieces", "holdings", "known", "teach",
                                        "parent-moves", NULL };
    XboardInfo *xb = &c->v->xboard;
    const TreeNode *x;

    if (!schema_want_kind(c, n, TREE_MAP, "xboard"))
        return;
    schema_check_keys(c, n, keys, NULL, "'xboard'");
    if ((x = tree_map_get(n, "parent")) && schema_string(c, x, "parent")) {
        for (const char *p = x->text; *p; p++)
            if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p)) {
                SCHEMA_ERROR(c, x,
                             "xboard.parent must be an XBoard variant name (like fairy or shogi), "
                             "got '%s'", x->text);
                break;
            }
        snprintf(xb->parent, sizeof xb->parent, "%s", x->text);
    }
    if ((x = tree_map_get(n, "pieces")) && schema_string(c, x, "pieces")) {
        size_t len = strlen(x->text);
        if (len % 2 || len >= sizeof xb->piece_to_char)
            SCHEMA_ERROR(c, x,
                         "xboard.pieces has %zu characters; expected an even number below %zu "
                         "(white pieces, then black)", len, sizeof xb->piece_to_char);
        else
            snprintf(xb->piece_to_char, sizeof xb->piece_to_char, "%s", x->text);
    }
    if ((x = tree_map_get(n, "holdings")))
        schema_int(c, x, "holdings", 0, MAX_PIECE_TYPES, &xb->holdings);
    if ((x = tree_map_get(n, "known")))
        schema_bool(c, x, "known", &xb->known);
    if ((x = tree_map_get(n, "teach")))
        schema_piece_mask(c, x, "piece to teach XBoard", &xb->teach);
    if ((x = tree_map_get(n, "parent-moves")))
        schema_piece_mask(c, x, "piece that moves as in the parent", &xb->parent_moves);
}

/* Variant and alias names: lower-case ids; '_' as in Sjaak II's names
 * (corner_chess, mini_xiangqi), which XBoard passes through as they are. */
static bool check_name(SchemaContext *c, const TreeNode *n, const char *what)
{
    const char *s = schema_string(c, n, what);
    bool ok = s && *s && strlen(s) <= 32;

    for (const char *p = s; ok && *p; p++)
        ok = islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '-' || *p == '_';
    if (s && !ok) {
        char fix[64];
        size_t k = 0;
        for (const char *p = s; *p && k < 32; p++)
            if (isalnum((unsigned char)*p))
                fix[k++] = (char)tolower((unsigned char)*p);
            else if (k && fix[k - 1] != '-')
                fix[k++] = '-';
        fix[k] = '\0';
        SCHEMA_ERROR(c, n,
                     "%s '%s' may only use a-z, 0-9, '-' and '_', at most 32 characters (try '%s')",
                     what, s, fix);
    }
    return ok;
}

/* A text field (title, description, url) into dst, refused when longer
 * than dst holds rather than cut short without a word. */
static bool read_text(SchemaContext *c, const TreeNode *x, const char *what, char *dst,
                      size_t size)
{
    if (!schema_string(c, x, what))
        return false;
    if (strlen(x->text) >= size) {
        SCHEMA_ERROR(c, x, "'%s' is longer than %zu characters", what, size - 1);
        return false;
    }
    snprintf(dst, size, "%s", x->text);
    return true;
}

/* name, title, description, url, abstract, aliases. */
static void read_names(SchemaContext *c, const TreeNode *root, const char *stem)
{
    Variant *v = c->v;
    const TreeNode *x;

    if ((x = tree_map_get(root, "name"))) {
        if (check_name(c, x, "variant name"))
            snprintf(v->name, sizeof v->name, "%s", x->text);
    } else {
        snprintf(v->name, sizeof v->name, "%s", stem);
    }
    if (!(x = tree_map_get(root, "title")) || !read_text(c, x, "title", v->title, sizeof v->title))
        snprintf(v->title, sizeof v->title, "%s", v->name);
    if ((x = tree_map_get(root, "description")))
        read_text(c, x, "description", v->description, sizeof v->description);
    if ((x = tree_map_get(root, "url")))
        read_text(c, x, "url", v->url, sizeof v->url);
    if ((x = tree_map_get(root, "abstract")))
        schema_bool(c, x, "abstract", &v->abstract);
    if ((x = tree_map_get(root, "aliases"))) {
        const TreeNode *items[MAX_ALIASES + 1];
        int k = schema_list_items(x, items, MAX_ALIASES + 1);
        if (k > MAX_ALIASES)
            SCHEMA_ERROR(c, items[MAX_ALIASES], "at most %d aliases", MAX_ALIASES);
        for (int i = 0; i < k && i < MAX_ALIASES; i++)
            if (check_name(c, items[i], "alias"))
                snprintf(v->aliases[v->naliases++], MAX_NAME, "%s", items[i]->text);
    }
}

/* The defaults menagerie-variants(5) documents for keys left out. */
Variant *schema_new_variant(void)
{
    Variant *v = alloc_zeroed(sizeof *v);
    v->rules.checkmated = OUTCOME_LOSS;
    v->rules.stalemated = OUTCOME_DRAW;
    v->rules.facing_lines = FACING_FILES;
    v->rules.repetition_count = 3;
    v->rules.repetition = OUTCOME_DRAW;
    v->rules.move_rule = 50;
    v->castling.king = NO_TYPE;
    v->hand.revert_promoted = true;
    v->turn.moves[WHITE] = v->turn.moves[BLACK] = 1;
    snprintf(v->xboard.parent, sizeof v->xboard.parent, "fairy");
    return v;
}

static const char *const TOP_KEYS[] = {
    "name", "title", "aliases", "url", "description", "extends", "abstract", "board",
    "symmetry", "regions", "pieces", "start", "promotion", "castling", "hand", "rules",
    "xboard", "gating", "eval", "capture-rules", "turn", NULL };
static const char *const TOP_RESERVED[] = {
    "walls", "setup", NULL };

/* The sections in the order their readers need: the board before
 * anything made of squares, regions and `hand` before pieces (drop and
 * promotion zones), pieces before castling and rules that name them. */
bool schema_read_variant(SchemaContext *c, const TreeNode *root, const char *stem)
{
    static const char *const symmetries[] = { "mirror", "rotate", NULL };
    Variant *v = c->v;
    const TreeNode *x, *start;
    TreeNode *pieces;
    int errors = c->diag->errors;

    if (!schema_want_kind(c, root, TREE_MAP, "a variant"))
        return false;
    schema_check_keys(c, root, TOP_KEYS, TOP_RESERVED, "a variant");
    read_names(c, root, stem);
    if ((x = tree_map_get(root, "symmetry")))
        v->rotated = c->rotate = schema_choice(c, x, "symmetry", symmetries) == 1;
    if ((x = tree_map_get(root, "board")))
        schema_read_board(c, x);
    else
        SCHEMA_ERROR(c, root, "variant '%s' has no 'board'", v->name);
    start = tree_map_get(root, "start");
    if (start && !schema_want_kind(c, start, TREE_SCALAR, "start"))
        start = NULL;
    if (!start)
        SCHEMA_ERROR(c, root, "variant '%s' has no 'start' position", v->name);
    if (!c->board_ok)
        return false;
    if (start)
        schema_read_start_holes(c, start);
    if ((x = tree_map_get(root, "regions")))
        regions_read_table(c, x);
    if ((x = tree_map_get(root, "promotion")) && schema_want_kind(c, x, TREE_MAP, "promotion"))
        schema_read_promotion_defaults(c, (TreeNode *)x);
    schema_read_hand(c, tree_map_get(root, "hand"));
    pieces = tree_map_get(root, "pieces");
    if (!pieces)
        SCHEMA_ERROR(c, root, "variant '%s' has no 'pieces'", v->name);
    else if (schema_want_kind(c, pieces, TREE_MAP, "pieces"))
        schema_read_pieces(c, root, pieces);
    schema_read_must_drop(c, tree_map_get(root, "hand"));
    schema_read_castling(c, tree_map_get(root, "castling"));
    schema_read_gating(c, tree_map_get(root, "gating"));
    if ((x = tree_map_get(root, "rules")))
        schema_read_rules(c, x);
    schema_read_capture_rules(c, tree_map_get(root, "capture-rules"));
    schema_read_turn(c, tree_map_get(root, "turn"));
    if ((x = tree_map_get(root, "xboard")))
        read_xboard(c, x);
    if ((x = tree_map_get(root, "eval")))
        schema_read_eval(c, x);
    if (start) {
        snprintf(v->start_fen, sizeof v->start_fen, "%s", start->text);
        if (strlen(start->text) >= sizeof v->start_fen)
            SCHEMA_ERROR(c, start, "the start position is longer than %zu characters",
                         sizeof v->start_fen - 1);
        schema_check_start(c, start);
    }
    return c->diag->errors == errors;
}

/* An ending must exist, or the game could never be decided. */
void schema_check_endings(SchemaContext *c, const TreeNode *root)
{
    const Variant *v = c->v;
    bool royal = false;
    for (int t = 0; t < v->ntypes; t++)
        royal |= v->piece[t].royal;
    if (!royal && !v->rules.extinction && !v->rules.flag_pieces && !v->rules.check_limit
        && v->rules.bare_king == OUTCOME_NONE)
        SCHEMA_ERROR(c, tree_map_key(root, "pieces") ? tree_map_key(root, "pieces") : root,
                     "no piece is royal and no 'extinction', 'flag', 'check-limit' or "
                     "'bare-king' rule is set — the game cannot end");
}
