/*
 * schema_turn.c — the `turn` section: how many moves a player makes in a
 * turn (a number, one per side, or `progressive`), how many in the
 * game's first turn, what a check does to a turn, and whether a royal's
 * safety is judged after every move or only at the end of a turn.  What
 * the board does with it is board/turn.h.
 */
#include <string.h>
#include "catalog/schema.h"

#define TURN_MOVES_MAX 64

/* `moves`: 2, progressive, or {white: 2, black: 1}. */
static void read_moves(SchemaContext *c, const TreeNode *n, Turn *t)
{
    static const char *const sides[] = { "white", "black", NULL };
    if (n->kind == TREE_SCALAR && n->text && strcmp(n->text, "progressive") == 0) {
        t->progressive = true;
        return;
    }
    if (n->kind == TREE_MAP) {
        schema_check_keys(c, n, sides, NULL, "'turn.moves'");
        for (int s = 0; s < 2; s++) {
            const TreeNode *x = tree_map_get(n, sides[s]);
            if (x)
                schema_int(c, x, sides[s], 1, TURN_MOVES_MAX, &t->moves[s]);
        }
        return;
    }
    if (n->kind != TREE_SCALAR || !n->text || !*n->text
        || strspn(n->text, "0123456789") != strlen(n->text)) {
        SCHEMA_ERROR(c, n, "'moves' must be a number, 'progressive' or {white: N, black: N} "
                     "(got '%s')", n->kind == TREE_SCALAR && n->text ? n->text : "...");
        return;
    }
    int k;
    if (schema_int(c, n, "moves", 1, TURN_MOVES_MAX, &k))
        t->moves[0] = t->moves[1] = k;
}

/* king-safety: turn looks one opponent turn ahead, which it can only do
 * for short turns, and only makes sense when a check does not end or
 * forbid anything. */
static void check_consistent(SchemaContext *c, const TreeNode *n, const Turn *t)
{
    if (t->first && t->progressive)
        SCHEMA_ERROR(c, n, "'turn.first' does not go with 'moves: progressive' "
                     "(its first turn has one move)");
    if (t->safety_by_turn && (t->progressive || t->moves[0] > 2 || t->moves[1] > 2
                              || t->first > 2))
        SCHEMA_ERROR(c, n, "'king-safety: turn' needs turns of at most 2 moves");
    if (t->safety_by_turn && t->check != TURN_CHECK_ANY)
        SCHEMA_ERROR(c, n, "'king-safety: turn' goes only with 'check: any'");
}

void schema_read_turn(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "moves", "first", "check", "king-safety", NULL };
    static const char *const checks[] = { "any", "ends-turn", "last-move", NULL };
    static const char *const safety[] = { "move", "turn", NULL };
    Turn *t = &c->v->turn;
    const TreeNode *x;

    memset(t, 0, sizeof *t);
    t->moves[0] = t->moves[1] = 1;
    if (!n || !schema_want_kind(c, n, TREE_MAP, "turn"))
        return;
    schema_check_keys(c, n, keys, NULL, "'turn'");
    if ((x = tree_map_get(n, "moves")))
        read_moves(c, x, t);
    if ((x = tree_map_get(n, "first")))
        schema_int(c, x, "first", 1, TURN_MOVES_MAX, &t->first);
    if ((x = tree_map_get(n, "check"))) {
        int k = schema_choice(c, x, "check", checks);
        if (k >= 0)
            t->check = (TurnCheck)k;
    }
    if ((x = tree_map_get(n, "king-safety")))
        t->safety_by_turn = schema_choice(c, x, "king-safety", safety) == 1;
    t->multi = t->progressive || t->moves[0] > 1 || t->moves[1] > 1 || t->first > 1;
    check_consistent(c, n, t);
}
