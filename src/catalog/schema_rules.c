/*
 * schema_rules.c — `rules`: how a game ends (checkmate, stalemate,
 * repetition, the move rule, bare king, extinction, flags, check limits,
 * the makruk/ASEAN count) and the rules that change what is legal
 * (must-capture, facing royals, explosions, en passant squares, how a
 * check may be met).
 *
 * A rule written as a single value is its short form (`repetition: 3`);
 * `false`, `no`, `off` or `none` switches an inherited rule off.
 */
#include <math.h>
#include <string.h>

#include "catalog/regions.h"
#include "catalog/schema.h"

static void read_repetition(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = {
        "count", "result", "perpetual-check", "perpetual-chase", "chase-rules",
        "across-turns", NULL };
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
    if ((x = tree_map_get(n, "across-turns")))
        schema_bool(c, x, "across-turns", &r->repetition_across_turns);
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
    static const char *const keys[] = { "pieces", "result", "together", "count",
                                        "opponent-count", NULL };
    static const char *const reserved[] = { "pseudo-royal", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->extinction = 0;
    r->extinction_count = 0;
    r->extinction_opponent_count = 0;
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
    if ((x = tree_map_get(n, "count")))
        schema_int(c, x, "count", 0, MAX_SQUARES, &r->extinction_count);
    if ((x = tree_map_get(n, "opponent-count")))
        schema_int(c, x, "opponent-count", 0, MAX_SQUARES, &r->extinction_opponent_count);
}

/* shak: a mate wins only if the mater's series of checks had a check by
 * one of `pieces`; otherwise the mated player gets `otherwise` (draw). */
static void read_shak(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "pieces", "otherwise", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->shak_types = 0;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "shak"))
        return;
    schema_check_keys(c, n, keys, NULL, "'shak'");
    r->shak_missing = OUTCOME_DRAW;
    if ((x = tree_map_get(n, "pieces")))
        schema_piece_mask(c, x, "shak piece", &r->shak_types);
    else
        SCHEMA_ERROR(c, n, "'shak' needs 'pieces' (the pieces whose checks are shak)");
    if ((x = tree_map_get(n, "otherwise")))
        schema_outcome(c, x, "otherwise", &r->shak_missing);
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
    /* one move's undo holds what an explosion or a burn removes, not both
       (MAX_BOOM: the pieces are read before the rules) */
    for (int t = 0; t < c->v->ntypes; t++)
        if (c->v->piece[t].burns != BURN_NEVER) {
            SCHEMA_ERROR(c, n, "'explosions' cannot go with a piece that burns ('%s')",
                         c->v->piece[t].id);
            break;
        }
}

/* `flag.reply-move`: false; second-player (or true: racing kings); both
 * (jesonmor). */
static void read_flag_reply(SchemaContext *c, const TreeNode *n)
{
    static const char *const replies[] = { "false", "true", "second-player", "both", NULL };
    static const FlagReply as[] = { FLAG_REPLY_NONE, FLAG_REPLY_SECOND, FLAG_REPLY_SECOND,
                                    FLAG_REPLY_BOTH };
    int k = schema_is_off(n) ? 0 : schema_choice(c, n, "reply-move", replies);
    if (k >= 0)
        c->v->rules.flag_reply = as[k];
}

static void read_flag(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "pieces", "region", "result", "reply-move", NULL };
    static const char *const reserved[] = { "count", "safe", "blocked-win", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->flag_pieces = 0;
    r->flag_reply = FLAG_REPLY_NONE;
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
    if ((x = tree_map_get(n, "reply-move")))
        read_flag_reply(c, x);
}

/* `lion-trading`: {lions, afar-protected, near-protected, cheap-victims, counter-strike},
 * chu shogi's rules for taking lions (off: none). */
static void read_lion_trading(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "lions", "xboard-lions", "afar-protected",
                                        "near-protected", "cheap-victims", "counter-strike", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->lions = r->lion_xboard = r->lion_cheap_victims = 0;
    r->lion_afar_protected = r->lion_near_protected = r->lion_counter_strike = false;
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "lion-trading"))
        return;
    schema_check_keys(c, n, keys, NULL, "'lion-trading'");
    if ((x = tree_map_get(n, "lions")))
        schema_piece_mask(c, x, "lion", &r->lions);
    if (!r->lions)
        SCHEMA_ERROR(c, n, "'lion-trading' needs 'lions' (a list of IDs)");
    if ((x = tree_map_get(n, "xboard-lions")))
        schema_piece_mask(c, x, "XBoard's lion", &r->lion_xboard);
    if ((x = tree_map_get(n, "afar-protected")))
        schema_bool(c, x, "afar-protected", &r->lion_afar_protected);
    if ((x = tree_map_get(n, "near-protected")))
        schema_bool(c, x, "near-protected", &r->lion_near_protected);
    if ((x = tree_map_get(n, "cheap-victims")))
        schema_piece_mask(c, x, "cheap victim", &r->lion_cheap_victims);
    if ((x = tree_map_get(n, "counter-strike")))
        schema_bool(c, x, "counter-strike", &r->lion_counter_strike);
}

/* `pass`: never, always; passing only when no other move is legal
 * (when-stalemated) is reserved. */
static void read_pass(SchemaContext *c, const TreeNode *n)
{
    static const char *const when[] = { "never", "always", "when-stalemated", NULL };
    int k = schema_is_off(n) ? 0 : schema_choice(c, n, "pass", when);
    if (k == 2)
        SCHEMA_ERROR(c, n, "'pass: when-stalemated' is reserved but not supported yet");
    else if (k >= 0)
        c->v->rules.pass = k == 1 ? PASS_ALWAYS : PASS_NEVER;
}

/* A number of points from 0 to 1000 in tenths (13, 1.5) into *tenths. */
static bool read_points(SchemaContext *c, const TreeNode *n, const char *what, int *tenths)
{
    double value;
    if (!schema_want_kind(c, n, TREE_SCALAR, what))
        return false;
    if (number_parse_real(n->text, 0, 1000, &value) != NUMBER_OK
        || fabs(value * 10 - round(value * 10)) > 1e-6) {
        SCHEMA_ERROR(c, n, "'%s' must be a number of points from 0 to 1000, in tenths at most "
                     "(got '%s')", what, n->text);
        return false;
    }
    *tenths = (int)lround(value * 10);
    return true;
}

/* `material-count`: {points: {ID: number}, bonus: {first, second}}; a game
 * the rules would draw goes to the side with more points. */
static void read_material_count(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "points", "bonus", NULL };
    static const char *const players[] = { "first", "second", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    r->material_count = false;
    memset(r->count_points, 0, sizeof r->count_points);
    memset(r->count_bonus, 0, sizeof r->count_bonus);
    if (schema_is_off(n))
        return;
    if (n->kind != TREE_MAP) {
        SCHEMA_ERROR(c, n, "'material-count' must be a mapping such as {points: {R: 13, P: 2}, "
                     "bonus: {second: 1.5}}, found %s", tree_kind_name(n));
        return;
    }
    schema_check_keys(c, n, keys, NULL, "'material-count'");
    if (!(x = tree_map_get(n, "points"))) {
        SCHEMA_ERROR(c, n, "'material-count' needs 'points' (piece ID: points)");
        return;
    }
    if (!schema_want_kind(c, x, TREE_MAP, "points"))
        return;
    for (int i = 0; i < x->n; i++) {
        int t = schema_piece_ref(c, x->keys[i], "piece with points");
        if (t != NO_TYPE)
            read_points(c, x->vals[i], "points", &r->count_points[t]);
    }
    if ((x = tree_map_get(n, "bonus")) && schema_want_kind(c, x, TREE_MAP, "bonus")) {
        schema_check_keys(c, x, players, NULL, "'bonus'");
        for (int p = 0; p < 2; p++) {
            const TreeNode *b = tree_map_get(x, players[p]);
            if (b)
                read_points(c, b, "bonus", &r->count_bonus[p]);
        }
    }
    r->material_count = true;
}

/* One row of `capture-rules`: which attackers may (not) take which
 * victims, or hop over them, and which turn into what they take
 * (contagion).  Later rows override earlier ones. */
static void read_capture_row(SchemaContext *c, const TreeNode *row)
{
    static const char *const keys[] = { "attacker", "victim", "capture", "hop-over",
                                        "contagion", NULL };
    static const char *const capture[] = { "always", "never", "unprotected-only", NULL };
    static const char *const hop[] = { "always", "never", NULL };
    Variant *v = c->v;
    TypeMask all = type_mask_all(v->ntypes);
    TypeMask attackers = all, victims = all;
    const TreeNode *x, *cap, *hop_over, *contagion;

    if (row->kind != TREE_MAP) {
        SCHEMA_ERROR(c, row, "a 'capture-rules' row must be a mapping such as "
                     "{attacker: C, victim: C, capture: never}, found %s", tree_kind_name(row));
        return;
    }
    schema_check_keys(c, row, keys, NULL, "a 'capture-rules' row");
    if ((x = tree_map_get(row, "attacker")) && !schema_piece_mask(c, x, "attacker", &attackers))
        return;
    if ((x = tree_map_get(row, "victim")) && !schema_piece_mask(c, x, "victim", &victims))
        return;
    cap = tree_map_get(row, "capture");
    hop_over = tree_map_get(row, "hop-over");
    contagion = tree_map_get(row, "contagion");
    if (!cap && !hop_over && !contagion) {
        SCHEMA_ERROR(c, row, "a 'capture-rules' row needs 'capture', 'hop-over' or 'contagion'");
        return;
    }
    /* -1: not said; else whether the attackers turn into what they take */
    int g = -1;
    if (contagion) {
        bool on;
        if (!schema_bool(c, contagion, "contagion", &on))
            return;
        g = on;
    }
    int k = cap ? schema_choice(c, cap, "capture", capture) : -1;
    if (k == 2) {
        SCHEMA_ERROR(c, cap, "'capture: unprotected-only' is reserved but not supported yet");
        return;
    }
    int h = hop_over ? schema_choice(c, hop_over, "hop-over", hop) : -1;
    for (int t = 0; t < v->ntypes; t++) {
        if (!(attackers >> t & 1))
            continue;
        if (k == 0)
            v->no_capture[t] &= ~victims;
        else if (k == 1)
            v->no_capture[t] |= victims;
        if (h == 0)
            v->no_hop[t] &= ~victims;
        else if (h == 1)
            v->no_hop[t] |= victims;
        if (g == 0)
            v->contagion[t] &= ~victims;
        else if (g == 1)    /* taking its own kind changes nothing */
            v->contagion[t] |= victims & ~type_bit(t);
    }
}

/* `capture-rules`: a list of rows (n may be NULL: none). */
void schema_read_capture_rules(SchemaContext *c, const TreeNode *n)
{
    if (!n || schema_is_off(n) || !schema_want_kind(c, n, TREE_SEQ, "capture-rules"))
        return;
    for (int i = 0; i < n->n; i++)
        read_capture_row(c, n->vals[i]);
}

/* `facing-royals`: allowed, illegal or bikjang, on files (a word), or
 * {rule, lines} where lines is a list of files and ranks. */
static void read_facing_royals(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "rule", "lines", NULL };
    static const char *const facing[] = { "allowed", "illegal", "bikjang", NULL };
    static const char *const lines[] = { "files", "ranks", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *rule = n, *x;

    r->facing_lines = FACING_FILES;
    if (n->kind == TREE_MAP) {
        schema_check_keys(c, n, keys, NULL, "'facing-royals'");
        rule = tree_map_get(n, "rule");
        if (!rule) {
            SCHEMA_ERROR(c, n, "'facing-royals' needs 'rule' (allowed, illegal or bikjang)");
            return;
        }
        if ((x = tree_map_get(n, "lines"))) {
            const TreeNode *items[4];
            int k = schema_list_items(x, items, 4);
            if (x->kind == TREE_SEQ && x->n > 2)
                SCHEMA_ERROR(c, x, "'lines' takes files, ranks or both");
            else if (k == 0)
                SCHEMA_ERROR(c, x, "'lines' needs files, ranks or both");
            unsigned mask = 0;
            for (int i = 0; i < k && i < 2; i++) {
                int l = schema_choice(c, items[i], "lines", lines);
                if (l < 0)
                    continue;
                if (mask >> l & 1)
                    SCHEMA_ERROR(c, items[i], "'lines' names %s twice", lines[l]);
                mask |= 1u << l;
            }
            if (mask)
                r->facing_lines = (uint8_t)mask;
        }
    }
    int k = schema_choice(c, rule, "facing-royals", facing);
    r->facing_royals_illegal = k == 1;
    r->facing_royals_bikjang = k == 2;
}

/* One row of counting `pieces`: {R: 2, moves: 8} — the opponent has at
 * least two R — or {moves: 64}, which any material matches. */
static void read_count_row(SchemaContext *c, const TreeNode *row, CountRow *out)
{
    memset(out, 0, sizeof *out);
    if (!schema_want_kind(c, row, TREE_MAP, "counting row"))
        return;
    const TreeNode *moves = NULL;
    for (int i = 0; i < row->n; i++) {
        const TreeNode *k = row->keys[i];
        if (k->text && strcmp(k->text, "moves") == 0) {
            moves = row->vals[i];
            continue;
        }
        int t = schema_piece_ref(c, k, "piece the opponent has");
        int need = 0;
        if (t != NO_TYPE && schema_int(c, row->vals[i], "count", 1, 64, &need)) {
            out->need[t] = (uint8_t)need;
            out->types |= (TypeMask)1 << t;
        }
    }
    if (!moves)
        SCHEMA_ERROR(c, row, "a counting row needs 'moves' (the limit), e.g. {R: 1, moves: 16}");
    else
        schema_int(c, moves, "moves", 1, 999, &out->moves);
}

/* rules.counting: the makruk / ASEAN count (variant.h, Counting). */
static void read_counting(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "style", "not-while", "board", "pieces", NULL };
    static const char *const styles[] = { "makruk", "asean", NULL };
    Counting *k = &c->v->rules.counting;
    const TreeNode *x;

    memset(k, 0, sizeof *k);
    if (schema_is_off(n) || !schema_want_kind(c, n, TREE_MAP, "counting"))
        return;
    schema_check_keys(c, n, keys, NULL, "'counting'");
    if ((x = tree_map_get(n, "style"))) {
        int s = schema_choice(c, x, "style", styles);
        if (s >= 0)
            k->style = (CountingStyle)s;
    }
    if ((x = tree_map_get(n, "not-while")))
        schema_piece_mask(c, x, "not-while", &k->not_while);
    if ((x = tree_map_get(n, "board")) && !schema_is_off(x))
        schema_int(c, x, "board", 1, 999, &k->board);
    if ((x = tree_map_get(n, "pieces")) && !schema_is_off(x)
        && schema_want_kind(c, x, TREE_SEQ, "pieces")) {
        if (x->n > MAX_COUNT_ROWS)
            SCHEMA_ERROR(c, x, "'pieces' has %d rows; at most %d", x->n, MAX_COUNT_ROWS);
        for (int i = 0; i < x->n && i < MAX_COUNT_ROWS; i++)
            read_count_row(c, x->vals[i], &k->rows[k->nrows++]);
    }
    if (!k->board && !k->nrows)
        SCHEMA_ERROR(c, n, "'counting' needs a limit: 'board' (moves) or 'pieces' (rows)");
    k->on = true;
}

/* 1: the piece has initial ('i') moves, all of one leg; -1: one of them
 * has several legs; 0: none. */
static int piece_initial_moves(const PieceType *pt)
{
    int has = 0;
    for (int g = 0; g < pt->moves.ngroups; g++)
        if (pt->moves.group[g].initial) {
            if (pt->moves.group[g].nlegs > 1)
                return -1;
            has = 1;
        }
    return has;
}

/* rules.initial-moves: where the 'i' rights are written, and which types
 * may not make their 'i' moves out of check. */
/* Each type of `types` must have one-leg initial ('i') moves. */
static void check_initial_movers(SchemaContext *c, const TreeNode *x, const char *what,
                                 TypeMask types)
{
    for (int t = 0; t < c->v->ntypes; t++) {
        int k = (types >> t & 1) ? piece_initial_moves(&c->v->piece[t]) : 1;
        if (k == 0)
            SCHEMA_ERROR(c, x, "'%s': piece '%s' has no initial ('i') moves", what,
                         c->v->piece[t].id);
        else if (k < 0)
            SCHEMA_ERROR(c, x, "'%s': piece '%s' has a multi-leg ('a') initial move; only "
                         "one-leg ones are supported", what, c->v->piece[t].id);
    }
}

static void read_initial_moves(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = { "fen", "not-out-of-check", "replace", NULL };
    static const char *const fens[] = { "implied", "castling-field", NULL };
    Rules *r = &c->v->rules;
    const TreeNode *x;

    if (!schema_want_kind(c, n, TREE_MAP, "initial-moves"))
        return;
    schema_check_keys(c, n, keys, NULL, "'initial-moves'");
    if ((x = tree_map_get(n, "fen"))) {
        int k = schema_choice(c, x, "fen", fens);
        if (k >= 0)
            r->initial_rights_in_fen = k == 1;
        if (k == 1 && c->v->castling.enabled)
            SCHEMA_ERROR(c, x, "'fen: castling-field' needs 'castling: none': the field "
                         "would hold both castling and initial rights");
        if (k == 1 && c->v->hand.gating)
            SCHEMA_ERROR(c, x, "'fen: castling-field' is what gating does already");
    }
    if ((x = tree_map_get(n, "not-out-of-check"))
        && schema_piece_mask(c, x, "not-out-of-check", &r->initial_not_in_check))
        check_initial_movers(c, x, "not-out-of-check", r->initial_not_in_check);
    if ((x = tree_map_get(n, "replace"))
        && schema_piece_mask(c, x, "replace", &r->initial_replace))
        check_initial_movers(c, x, "replace", r->initial_replace);
}

void schema_read_rules(SchemaContext *c, const TreeNode *n)
{
    static const char *const keys[] = {
        "checkmated", "stalemated", "repetition", "move-rule", "bare-king", "extinction",
        "flag", "check-limit", "must-capture", "facing-royals", "royals",
        "insufficient-material", "en-passant-squares", "explosions", "pass", "material-count",
        "lion-trading", "checks", "counting", "check-evasion", "en-passant-check", "shak",
        "initial-moves", "promotion-stalemate", NULL };
    static const char *const reserved[] = {
        "connect", "chasing", "self-capture", "impasse", NULL };
    static const char *const evasions[] = { "any", "royal-captures-only", NULL };
    static const char *const checks[] = { "allowed", "forbidden", NULL };
    static const char *const stalemate[] = { "loss", "draw", "win", "material", NULL };
    static const char *const royals[] = { "each", "spare", "last", NULL };
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
    if ((x = tree_map_get(n, "promotion-stalemate")))
        schema_bool(c, x, "promotion-stalemate", &r->promotion_stalemate);
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
        read_facing_royals(c, x);
    if ((x = tree_map_get(n, "royals"))) {
        int k = schema_choice(c, x, "royals", royals);
        r->royal_spare = k == 1;
        r->royal_last = k == 2;
    }
    if ((x = tree_map_get(n, "insufficient-material")))
        schema_bool(c, x, "insufficient-material", &r->insufficient_material_draw);
    if ((x = tree_map_get(n, "en-passant-check")))
        schema_bool(c, x, "en-passant-check", &r->royal_no_slide_through_attack);
    if ((x = tree_map_get(n, "en-passant-squares")))
        regions_read_set(c, x, r->ep_region);
    if ((x = tree_map_get(n, "explosions")))
        read_explosions(c, x);
    if ((x = tree_map_get(n, "pass")))
        read_pass(c, x);
    if ((x = tree_map_get(n, "material-count")))
        read_material_count(c, x);
    if ((x = tree_map_get(n, "lion-trading")))
        read_lion_trading(c, x);
    if ((x = tree_map_get(n, "counting")))
        read_counting(c, x);
    if ((x = tree_map_get(n, "check-evasion"))) {
        int k = schema_choice(c, x, "check-evasion", evasions);
        if (k >= 0)
            r->check_evasion = (CheckEvasion)k;
    }
    if ((x = tree_map_get(n, "shak")))
        read_shak(c, x);
    if ((x = tree_map_get(n, "initial-moves")))
        read_initial_moves(c, x);
    if ((x = tree_map_get(n, "checks"))) {
        int k = schema_choice(c, x, "checks", checks);
        if (k >= 0)
            r->checks_forbidden = k == 1;
        if (r->checks_forbidden && r->check_limit)
            SCHEMA_ERROR(c, x, "'check-limit' needs 'checks: allowed'");
    }
}
