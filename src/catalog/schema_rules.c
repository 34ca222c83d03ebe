/*
 * schema_rules.c — `rules`: how a game ends (checkmate, stalemate,
 * repetition, the move rule, bare king, extinction, flags, check limits)
 * and the rules that change what is legal (must-capture, facing royals,
 * explosions, en passant squares).
 *
 * A rule written as a single value is its short form (`repetition: 3`);
 * `false`, `no`, `off` or `none` switches an inherited rule off.
 */
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"

static void read_repetition(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = {
        "count", "result", "perpetual-check", "perpetual-chase", "chase-rules", NULL };
    static const char *const reserved[] = { "result-for", NULL };
    static const char *const chase_rules[] = { "xboard", "axf", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    if (schema_is_off(n)) {
        r->repetition_count = 0;
        return;
    }
    if (n->kind == TREE_SCALAR) {
        schema_int(c, n, "repetition", 2, 100, &r->repetition_count);
        return;
    }
    if (!schema_want_kind(c, n, TREE_MAP, "repetition"))
        return;
    schema_check_keys(c, n, keys, reserved, "'repetition'");
    if ((x = tree_map_get(n, "count")))
        schema_int(c, x, "count", 2, 100, &r->repetition_count);
    if ((x = tree_map_get(n, "result")))
        schema_outcome(c, x, "result", &r->repetition);
    if ((x = tree_map_get(n, "perpetual-check")))
        schema_outcome(c, x, "perpetual-check", &r->perpetual_check);
    if ((x = tree_map_get(n, "perpetual-chase"))) {
        r->perpetual_chase = OUTCOME_NONE;
        if (!schema_is_off(x))
            schema_outcome(c, x, "perpetual-chase", &r->perpetual_chase);
    }
    if ((x = tree_map_get(n, "chase-rules"))) {
        int k = schema_choice(c, x, "chase-rules", chase_rules);
        if (k >= 0)
            r->chase_rules = (ChaseRules)k;
    }
}

static void read_move_rule(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "moves", "checks-count", NULL };
    static const char *const reserved[] = { "reset-by", NULL };
    const TreeNode *x = n;

    if (schema_is_off(n)) {
        c->v->rules.move_rule = 0;
        return;
    }
    if (n->kind == TREE_MAP) {
        schema_check_keys(c, n, keys, reserved, "'move-rule'");
        const TreeNode *checks = tree_map_get(n, "checks-count");
        if (checks) {
            bool count = true;
            schema_bool(c, checks, "checks-count", &count);
            c->v->rules.move_rule_skips_checks = !count;
        }
        x = tree_map_get(n, "moves");
        if (!x) {
            SCHEMA_ERROR(c, n, "'move-rule' needs 'moves'");
            return;
        }
    }
    schema_int(c, x, "move-rule", 1, 1000, &c->v->rules.move_rule);
}

static void read_bare_king(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "result", "grace-move", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->bare_king = OUTCOME_NONE;
    if (schema_is_off(n))
        return;
    if (n->kind == TREE_SCALAR) {
        schema_outcome(c, n, "bare-king", &r->bare_king);
        return;
    }
    if (!schema_want_kind(c, n, TREE_MAP, "bare-king"))
        return;
    schema_check_keys(c, n, keys, NULL, "'bare-king'");
    if ((x = tree_map_get(n, "result")))
        schema_outcome(c, x, "result", &r->bare_king);
    else
        SCHEMA_ERROR(c, n, "'bare-king' needs 'result'");
    if ((x = tree_map_get(n, "grace-move")))
        schema_bool(c, x, "grace-move", &r->bare_king_grace);
}

static void read_extinction(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "pieces", "result", "together", NULL };
    static const char *const reserved[] = { "count", "opponent-count", "pseudo-royal", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->extinction = 0;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "extinction"))
        return;
    schema_check_keys(c, n, keys, reserved, "'extinction'");
    r->extinction_result = OUTCOME_LOSS;
    if ((x = tree_map_get(n, "pieces")))
        schema_piece_mask(c, x, "extinction piece", &r->extinction);
    else
        SCHEMA_ERROR(c, n, "'extinction' needs 'pieces' (a list of IDs, or all)");
    if ((x = tree_map_get(n, "result")))
        schema_outcome(c, x, "result", &r->extinction_result);
    if ((x = tree_map_get(n, "together")))
        schema_bool(c, x, "together", &r->extinction_together);
}

static void read_explosions(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "spare", NULL };
    static const char *const reserved[] = { "radius", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->explosions = false;
    r->explosion_spares = 0;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "explosions"))
        return;
    schema_check_keys(c, n, keys, reserved, "'explosions'");
    r->explosions = true;
    if ((x = tree_map_get(n, "spare")))
        schema_piece_mask(c, x, "spared piece", &r->explosion_spares);
}

static void read_flag(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "pieces", "region", "result", NULL };
    static const char *const reserved[] = { "count", "safe", "reply-move", "blocked-win", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->flag_pieces = 0;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "flag"))
        return;
    schema_check_keys(c, n, keys, reserved, "'flag'");
    r->flag_result = OUTCOME_WIN;
    if ((x = tree_map_get(n, "pieces")))
        schema_piece_mask(c, x, "flag piece", &r->flag_pieces);
    else
        SCHEMA_ERROR(c, n, "'flag' needs 'pieces'");
    if ((x = tree_map_get(n, "region")))
        regions_read_set(c, x, r->flag_region);
    else
        SCHEMA_ERROR(c, n, "'flag' needs 'region'");
    if ((x = tree_map_get(n, "result")))
        schema_outcome(c, x, "result", &r->flag_result);
}

void schema_read_rules(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = {
        "checkmated", "stalemated", "repetition", "move-rule", "bare-king", "extinction",
        "flag", "check-limit", "must-capture", "facing-royals", "royals",
        "insufficient-material", "en-passant-squares", "explosions", NULL };
    static const char *const reserved[] = {
        "counting", "material-count", "connect", "checks", "check-evasion", "pass",
        "chasing", "self-capture", "impasse", NULL };
    static const char *const stalemate[] = { "loss", "draw", "win", "material", NULL };
    static const char *const facing[] = { "allowed", "illegal", NULL };
    static const char *const royals[] = { "each", "spare", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    if (!schema_want_kind(c, n, TREE_MAP, "rules"))
        return;
    schema_check_keys(c, n, keys, reserved, "'rules'");
    if ((x = tree_map_get(n, "checkmated")))
        schema_outcome(c, x, "checkmated", &r->checkmated);
    if ((x = tree_map_get(n, "stalemated"))) {
        int s = schema_choice(c, x, "stalemated", stalemate);
        if (s >= 0 && s < 3)
            r->stalemated = s == 0 ? OUTCOME_LOSS : s == 1 ? OUTCOME_DRAW : OUTCOME_WIN;
        r->stalemate_material = s == 3;
    }
    if ((x = tree_map_get(n, "repetition")))
        read_repetition(c, x);
    if ((x = tree_map_get(n, "move-rule")))
        read_move_rule(c, x);
    if ((x = tree_map_get(n, "bare-king")))
        read_bare_king(c, x);
    if ((x = tree_map_get(n, "extinction")))
        read_extinction(c, x);
    if ((x = tree_map_get(n, "flag")))
        read_flag(c, x);
    if ((x = tree_map_get(n, "check-limit"))) {
        if (schema_is_off(x))
            r->check_limit = 0;
        else
            schema_int(c, x, "check-limit", 1, 99, &r->check_limit);
    }
    if ((x = tree_map_get(n, "must-capture")))
        schema_bool(c, x, "must-capture", &r->must_capture);
    if ((x = tree_map_get(n, "facing-royals")))
        r->facing_royals_illegal = schema_choice(c, x, "facing-royals", facing) == 1;
    if ((x = tree_map_get(n, "royals")))
        r->royal_spare = schema_choice(c, x, "royals", royals) == 1;
    if ((x = tree_map_get(n, "insufficient-material")))
        schema_bool(c, x, "insufficient-material", &r->insufficient_material_draw);
    if ((x = tree_map_get(n, "en-passant-squares")))
        regions_read_set(c, x, r->ep_region);
    if ((x = tree_map_get(n, "explosions")))
        read_explosions(c, x);
}
