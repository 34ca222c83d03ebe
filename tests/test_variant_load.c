/*
 * test_variant_load.c — CUnit tests of the variant loader: the shipped
 * variants, `extends`, square sets, and the diagnostics of every file in
 * tests/bad/ (golden *.expected files).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <CUnit/Basic.h>

#include "catalog/variant_load.h"
#include "catalog/yaml_tree.h"

static VariantSet builtin;

static int sq(const Variant *v, const char *name)
{
    return var_square(v, name[0] - 'a', atoi(name + 1) - 1);
}

static int type_of(const Variant *v, const char *id)
{
    for (int t = 0; t < v->ntypes; t++)
        if (!strcmp(v->piece[t].id, id))
            return t;
    return NO_TYPE;
}

/* Load YAML text over the built-ins; diagnostics into *msgs (caller frees). */
static int load_text(VariantSet *set, const char *text, char **msgs)
{
    size_t len;
    FILE *out = open_memstream(msgs, &len);
    varset_init(set);
    varset_load_builtin(set, NULL, "");
    int errors = varset_load_text(set, "t.yaml", text, out, "");
    fclose(out);
    return errors;
}

/* Load `text` as t.yaml: it must give `want` errors, with each of the
 * NULL-terminated `needles` among the messages (printed when not). */
static void expect_errors(const char *text, int want, const char *const *needles)
{
    VariantSet set;
    char *msgs = NULL;
    int errors = load_text(&set, text, &msgs);
    bool ok = errors == want;
    CU_ASSERT_EQUAL(errors, want);
    for (int i = 0; needles[i]; i++) {
        bool found = strstr(msgs, needles[i]) != NULL;
        CU_ASSERT(found);
        ok = ok && found;
    }
    if (!ok)
        fprintf(stderr, "\n%s\n%s", text, msgs);
    varset_free(&set);
    free(msgs);
}

static void test_builtins_load(void)
{
    CU_ASSERT_EQUAL(varset_load_builtin(&builtin, stderr, ""), 0);
    CU_ASSERT_EQUAL(builtin.count, variants_builtin_count);
    CU_ASSERT_PTR_NOT_NULL(varset_find(&builtin, "chess"));
    CU_ASSERT_PTR_EQUAL(varset_find(&builtin, "NORMAL"), varset_find(&builtin, "chess"));
    CU_ASSERT_PTR_NULL(varset_find(&builtin, "no-such-variant"));
    CU_ASSERT_STRING_EQUAL(varset_suggest(&builtin, "capablanka"), "capablanca");
    /* every shipped variant is ready for play once asked for */
    CU_ASSERT_EQUAL(varset_prepare_all(&builtin, stderr, ""), 0);
    for (int i = 0; i < builtin.count; i++)
        CU_ASSERT(builtin.items[i]->move_bound > 0);
}

/* A start compiles no built-in variant's tables: each is prepared when it
 * is first asked for, and once. */
static void test_builtins_prepared_when_asked_for(void)
{
    VariantSet set;
    varset_init(&set);
    CU_ASSERT_EQUAL_FATAL(varset_load_builtin(&set, stderr, ""), 0);
    const Variant *named = varset_named(&set, "shogi");
    CU_ASSERT_FATAL(named != NULL);
    CU_ASSERT_EQUAL(named->move_bound, 0);
    CU_ASSERT_EQUAL(named->piece[0].table.nrays, 0);
    CU_ASSERT(named->has_drops && named->has_promotion);   /* derived at load */
    CU_ASSERT_PTR_EQUAL(varset_find(&set, "SHOGI"), named);
    CU_ASSERT(named->move_bound > 0);
    CU_ASSERT(named->piece[0].table.nrays > 0);
    CU_ASSERT(named->start_count[WHITE][0] + named->start_count[BLACK][0] > 0);
    const XbRay *rays = named->piece[0].table.rays;
    CU_ASSERT_PTR_EQUAL(varset_ready(&set, named), named);
    CU_ASSERT_PTR_EQUAL(named->piece[0].table.rays, rays);   /* not compiled again */
    CU_ASSERT_EQUAL(varset_named(&set, "chess")->move_bound, 0);
    CU_ASSERT_PTR_NULL(varset_ready(&set, NULL));
    varset_free(&set);
}

static void test_chess(void)
{
    const Variant *v = varset_find(&builtin, "chess");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->files, 8);
    CU_ASSERT_EQUAL(v->ntypes, 6);
    CU_ASSERT_TRUE(v->xboard.known);
    CU_ASSERT_STRING_EQUAL(v->origin, "builtin:chess.yaml");
    int p = type_of(v, "P"), k = type_of(v, "K");
    CU_ASSERT_TRUE(v->piece[k].royal);
    CU_ASSERT_TRUE(v->piece[p].can_promote);
    CU_ASSERT_TRUE(v->piece[p].resets_move_rule);
    CU_ASSERT_FALSE(v->piece[type_of(v, "R")].resets_move_rule);
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].promo_zone[WHITE], sq(v, "e8")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].promo_zone[WHITE], sq(v, "e1")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].promo_zone[BLACK], sq(v, "e1")));
    CU_ASSERT_EQUAL(v->castling.king_to[CASTLE_SHORT][0], 6);
    CU_ASSERT_EQUAL(v->castling.rook_to[CASTLE_SHORT][0], 5);
    CU_ASSERT_EQUAL(v->castling.rook_to[CASTLE_LONG][0], 3);
    CU_ASSERT_EQUAL(v->rules.move_rule, 50);
    CU_ASSERT_EQUAL(v->rules.repetition_count, 3);
}

static void test_extends(void)
{
    const Variant *v = varset_find(&builtin, "capablanca");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->files, 10);
    CU_ASSERT_EQUAL(v->ntypes, 8);
    int p = type_of(v, "P");
    CU_ASSERT_TRUE(v->piece[p].promo_to & type_bit(type_of(v, "A")));
    CU_ASSERT_STRING_EQUAL(v->piece[p].betza, "fmWfceFifmnD");   /* inherited */
    CU_ASSERT_EQUAL(v->castling.king_to[CASTLE_SHORT][0], 8);
    CU_ASSERT_EQUAL(v->castling.rook_to[CASTLE_SHORT][0], 7);
    CU_ASSERT_EQUAL(v->naliases, 0);                              /* not inherited */
    /* grandchild, and `~` deletes */
    v = varset_find(&builtin, "embassy");
    CU_ASSERT_STRING_EQUAL(v->piece[type_of(v, "C")].name, "marshall");
    CU_ASSERT_FALSE(v->xboard.known);                             /* not inherited */
    v = varset_find(&builtin, "makruk");
    CU_ASSERT_EQUAL(type_of(v, "Q"), NO_TYPE);
    CU_ASSERT_EQUAL(v->piece[type_of(v, "P")].promo[0].mandatory, PROMO_ALWAYS);
    v = varset_find(&builtin, "grand");
    CU_ASSERT_TRUE(v->piece[type_of(v, "P")].promo[0].to_captured[WHITE]);
    CU_ASSERT_TRUE(v->piece[type_of(v, "P")].promo[0].to_captured[BLACK]);
    CU_ASSERT_FALSE(v->piece[type_of(v, "P")].promo_to & type_bit(type_of(v, "K")));
    CU_ASSERT_FALSE(v->castling.enabled);
    CU_ASSERT_TRUE(sqset_has(&v->piece[type_of(v, "P")].promo_zone[WHITE], sq(v, "a8")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[type_of(v, "P")].promo_zone[WHITE], sq(v, "a7")));
}

static void test_shogi_family(void)
{
    const Variant *v = varset_find(&builtin, "shogi");
    CU_ASSERT_FATAL(v != NULL);
    int p = type_of(v, "P"), pp = type_of(v, "+P"), g = type_of(v, "G");
    CU_ASSERT_NOT_EQUAL(pp, NO_TYPE);
    CU_ASSERT_EQUAL(v->piece[p].promoted, pp);
    CU_ASSERT_EQUAL(v->piece[pp].demotes_to, p);
    CU_ASSERT_TRUE(v->piece[p].promo[0].on_leave);
    CU_ASSERT_TRUE(v->piece[p].drop_no_mate);
    CU_ASSERT_EQUAL(v->piece[p].drop_no_doubled, 1);
    CU_ASSERT_FALSE(v->piece[g].drop_no_mate);
    CU_ASSERT_FALSE(v->piece[g].can_promote);
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].promo_zone[WHITE], sq(v, "a7")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].promo_zone[BLACK], sq(v, "a3")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].promo_zone[BLACK], sq(v, "a4")));
    CU_ASSERT_TRUE(v->hand.enabled);
    CU_ASSERT_EQUAL(v->rules.move_rule, 0);
    CU_ASSERT_EQUAL(v->rules.perpetual_check, OUTCOME_LOSS);
    v = varset_find(&builtin, "minishogi");
    CU_ASSERT_EQUAL(v->files, 5);
    CU_ASSERT_EQUAL(type_of(v, "L"), NO_TYPE);
    CU_ASSERT_EQUAL(type_of(v, "+L"), NO_TYPE);
    p = type_of(v, "P");
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].promo_zone[WHITE], sq(v, "a5")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].promo_zone[WHITE], sq(v, "a4")));
    CU_ASSERT_TRUE(v->piece[p].drop_no_mate);
}

static void test_regions(void)
{
    const Variant *v = varset_find(&builtin, "xiangqi");
    CU_ASSERT_FATAL(v != NULL);
    int k = type_of(v, "K"), e = type_of(v, "E"), p = type_of(v, "P");
    CU_ASSERT_TRUE(sqset_has(&v->piece[k].allowed[WHITE], sq(v, "e2")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[k].allowed[WHITE], sq(v, "c2")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[k].allowed[BLACK], sq(v, "d10")));   /* mirrored */
    CU_ASSERT_FALSE(sqset_has(&v->piece[k].allowed[BLACK], sq(v, "e2")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[e].allowed[BLACK], sq(v, "c6")));
    CU_ASSERT_TRUE(v->piece[p].has_extra);
    CU_ASSERT_EQUAL(v->piece[p].nextra, 1);
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].extra[0].from[WHITE], sq(v, "a6")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].extra[0].from[BLACK], sq(v, "a5")));
    CU_ASSERT_NOT_EQUAL(strchr(v->piece[type_of(v, "H")].synonyms, 'N'), NULL);
    CU_ASSERT_TRUE(v->rules.facing_royals_illegal);
    CU_ASSERT_EQUAL(v->rules.facing_lines, FACING_FILES);     /* the word alone */
    v = varset_find(&builtin, "empire");
    CU_ASSERT_TRUE(v->rules.facing_royals_illegal);
    CU_ASSERT_EQUAL(v->rules.facing_lines, FACING_FILES | FACING_RANKS);
    v = varset_find(&builtin, "kingofthehill");
    CU_ASSERT_TRUE(sqset_has(&v->rules.flag_region[BLACK], sq(v, "e5")));
    CU_ASSERT_FALSE(sqset_has(&v->rules.flag_region[WHITE], sq(v, "c4")));
    v = varset_find(&builtin, "crazyhouse");
    p = type_of(v, "P");
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].drop_zone[WHITE], sq(v, "a1")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].drop_zone[BLACK], sq(v, "a8")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[type_of(v, "N")].drop_zone[WHITE], sq(v, "a8")));
}

static void test_rules(void)
{
    const Variant *v = varset_find(&builtin, "giveaway");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_FALSE(v->piece[type_of(v, "K")].royal);
    CU_ASSERT_TRUE(v->rules.must_capture);
    CU_ASSERT_TRUE(v->rules.extinction_together);
    CU_ASSERT_TRUE(v->castling.enabled);
    CU_ASSERT_EQUAL(v->castling.king, type_of(v, "K"));
    v = varset_find(&builtin, "suicide");
    CU_ASSERT_TRUE(v->rules.stalemate_material);
    CU_ASSERT_FALSE(v->castling.enabled);
    v = varset_find(&builtin, "shatranj");
    CU_ASSERT_EQUAL(v->rules.bare_king, OUTCOME_LOSS);
    CU_ASSERT_TRUE(v->rules.bare_king_grace);
    v = varset_find(&builtin, "3check");
    CU_ASSERT_EQUAL(v->rules.check_limit, 3);
    v = varset_find(&builtin, "extinction");
    CU_ASSERT_EQUAL(__builtin_popcount(v->rules.extinction), 6);
    CU_ASSERT_EQUAL(v->rules.extinction_count, 0);
    v = varset_find(&builtin, "threekings");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->rules.extinction, type_bit(type_of(v, "K")));
    CU_ASSERT_EQUAL(v->rules.extinction_count, 2);
    CU_ASSERT_FALSE(v->piece[type_of(v, "K")].royal);
    /* flag.reply-move: none, second player (racing kings), both (jesonmor) */
    CU_ASSERT_EQUAL(varset_find(&builtin, "kingofthehill")->rules.flag_reply, FLAG_REPLY_NONE);
    CU_ASSERT_EQUAL(varset_find(&builtin, "racingkings")->rules.flag_reply, FLAG_REPLY_SECOND);
    CU_ASSERT_EQUAL(varset_find(&builtin, "jesonmor")->rules.flag_reply, FLAG_REPLY_BOTH);
    v = varset_find(&builtin, "dobutsu");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->rules.flag_pieces, type_bit(type_of(v, "L")));
    CU_ASSERT_TRUE(sqset_has(&v->rules.flag_region[WHITE], sq(v, "b4")));
    CU_ASSERT_TRUE(sqset_has(&v->rules.flag_region[BLACK], sq(v, "b1")));
}

/* Janggi's rules as settings: passing, bikjang, the material count, the
 * cannon rows, palace diagonals as extra moves kept within the palace. */
static void test_janggi_settings(void)
{
    const Variant *v = varset_find(&builtin, "janggi");
    CU_ASSERT_FATAL(v != NULL);
    const Rules *r = &v->rules;
    CU_ASSERT_EQUAL(r->pass, PASS_ALWAYS);
    CU_ASSERT_TRUE(r->facing_royals_bikjang);
    CU_ASSERT_FALSE(r->facing_royals_illegal);
    CU_ASSERT_TRUE(r->material_count);
    CU_ASSERT_EQUAL(r->count_points[type_of(v, "R")], 130);
    CU_ASSERT_EQUAL(r->count_points[type_of(v, "P")], 20);
    CU_ASSERT_EQUAL(r->count_points[type_of(v, "K")], 0);
    CU_ASSERT_EQUAL(r->count_bonus[WHITE], 0);
    CU_ASSERT_EQUAL(r->count_bonus[BLACK], 15);
    int c = type_of(v, "C");
    CU_ASSERT_EQUAL(v->no_capture[c], type_bit(c));
    CU_ASSERT_EQUAL(v->no_hop[c], type_bit(c));
    CU_ASSERT_EQUAL(v->no_capture[type_of(v, "R")], 0);
    const PieceType *rook = &v->piece[type_of(v, "R")];
    CU_ASSERT_EQUAL(rook->nextra, 1);
    CU_ASSERT_TRUE(rook->extra[0].within_given);
    CU_ASSERT_TRUE(sqset_has(&rook->extra[0].from[WHITE], sq(v, "e9")));
    CU_ASSERT_FALSE(sqset_has(&rook->extra[0].from[WHITE], sq(v, "e1")));
    CU_ASSERT_FALSE(v->has_multileg);     /* the elephant's mafsmafW is a lame path */
    /* chess: none of it */
    v = varset_find(&builtin, "chess");
    CU_ASSERT_EQUAL(v->rules.pass, PASS_NEVER);
    CU_ASSERT_FALSE(v->rules.material_count);
    CU_ASSERT_FALSE(v->rules.facing_royals_bikjang);
}

/* The perpetual-chase rule and the pieces' chase settings: xiangqi's and
 * xiangqi-axf's as shipped, minixiangqi's soldier (no river) chased
 * anywhere, and the mistakes one can make, each at its place. */
static void test_chase_settings(void)
{
    const Variant *v = varset_find(&builtin, "xiangqi");
    CU_ASSERT_FATAL(v != NULL);
    int r = type_of(v, "R"), h = type_of(v, "H"), c = type_of(v, "C"), p = type_of(v, "P");
    CU_ASSERT_EQUAL(v->rules.perpetual_chase, OUTCOME_LOSS);
    CU_ASSERT_EQUAL(v->rules.chase_rules, CHASE_RULES_XBOARD);
    CU_ASSERT_EQUAL(v->piece[h].always_chases, type_bit(r));
    CU_ASSERT_EQUAL(v->piece[c].always_chases, type_bit(r));
    CU_ASSERT_EQUAL(v->piece[r].always_chases, 0u);
    CU_ASSERT_TRUE(v->piece[r].chases);
    CU_ASSERT_FALSE(v->piece[p].chases);
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].chased_in[WHITE], sq(v, "e6")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].chased_in[WHITE], sq(v, "e5")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].chased_in[BLACK], sq(v, "e5")));
    CU_ASSERT_FALSE(sqset_has(&v->piece[p].chased_in[BLACK], sq(v, "e6")));
    CU_ASSERT_TRUE(sqset_has(&v->piece[r].chased_in[WHITE], sq(v, "e1")));
    int e = type_of(v, "E"), a = type_of(v, "A");
    CU_ASSERT_EQUAL(v->piece[e].always_chases, 0u);
    CU_ASSERT_EQUAL(v->piece[a].always_chases, 0u);
    /* xiangqi-axf: the AXF rule set, and the elephant and advisor chase
       a chariot, cannon or horse even when it is protected */
    v = varset_find(&builtin, "xiangqi-axf");
    CU_ASSERT_FATAL(v != NULL);
    uint32_t strong = 1u << r | 1u << c | 1u << h;
    CU_ASSERT_EQUAL(v->rules.chase_rules, CHASE_RULES_AXF);
    CU_ASSERT_EQUAL(v->rules.perpetual_chase, OUTCOME_LOSS);
    CU_ASSERT_EQUAL(v->piece[e].always_chases, strong);
    CU_ASSERT_EQUAL(v->piece[a].always_chases, strong);
    CU_ASSERT_EQUAL(v->piece[h].always_chases, type_bit(r));
    CU_ASSERT_EQUAL(v->piece[c].always_chases, type_bit(r));
    CU_ASSERT_FALSE(v->piece[p].chases);
    v = varset_find(&builtin, "minixiangqi");
    CU_ASSERT_FATAL(v != NULL);
    p = type_of(v, "P");
    CU_ASSERT_EQUAL(v->rules.perpetual_chase, OUTCOME_LOSS);
    CU_ASSERT_FALSE(v->piece[p].chases);
    CU_ASSERT_TRUE(sqset_has(&v->piece[p].chased_in[WHITE], sq(v, "a1")));
    v = varset_find(&builtin, "chess");
    CU_ASSERT_EQUAL(v->rules.perpetual_chase, OUTCOME_NONE);

    VariantSet set;
    char *msgs = NULL;
    int errors = load_text(&set, "name: q\nextends: xiangqi\n"
                           "rules: {repetition: {perpetual-chase: off}}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT_EQUAL(varset_find(&set, "q")->rules.perpetual_chase, OUTCOME_NONE);
    varset_free(&set);
    free(msgs);

    errors = load_text(&set, "name: q\nextends: xiangqi\n"
                       "rules: {repetition: {perpetual-chase: lose, chase-rules: afx}}\n"
                       "pieces:\n"
                       "  R: {chase: {always: [Z], chased-in: river, chases: maybe, by: [H]}}\n"
                       "  H: {chase: yes}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 7);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:3:39: error:"));   /* lose */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:3:58: error:"));   /* afx */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "xboard, axf"));           /* the choices */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:5:"));             /* R's chase */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "'by'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:6:"));             /* H's chase */
    if (errors != 7)
        fprintf(stderr, "\n%s", msgs);
    varset_free(&set);
    free(msgs);
}

/* rules.counting and rules.check-evasion: the shipped makruk family, and
 * bad values refused where they are written. */
static void test_counting_settings(void)
{
    const Variant *v = varset_find(&builtin, "makruk");
    CU_ASSERT_FATAL(v != NULL);
    const Counting *k = &v->rules.counting;
    CU_ASSERT_TRUE(k->on);
    CU_ASSERT_EQUAL(k->style, COUNTING_MAKRUK);
    CU_ASSERT_EQUAL(k->not_while, type_bit(type_of(v, "P")));
    CU_ASSERT_EQUAL(k->board, 64);
    CU_ASSERT_EQUAL(k->nrows, 6);
    CU_ASSERT_EQUAL(k->rows[0].need[type_of(v, "R")], 2);
    CU_ASSERT_EQUAL(k->rows[0].moves, 8);
    CU_ASSERT_EQUAL(k->rows[5].types, 0u);
    CU_ASSERT_EQUAL(k->rows[5].moves, 64);
    CU_ASSERT_EQUAL(v->rules.move_rule, 0);
    CU_ASSERT_EQUAL(v->rules.check_evasion, EVASION_ANY);
    v = varset_find(&builtin, "makpong");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->rules.check_evasion, EVASION_ROYAL_CAPTURES_ONLY);
    CU_ASSERT_TRUE(v->rules.counting.on);
    v = varset_find(&builtin, "ai-wok");     /* inherits makruk's count */
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->rules.counting.nrows, 6);
    v = varset_find(&builtin, "asean");
    CU_ASSERT_FATAL(v != NULL);
    k = &v->rules.counting;
    CU_ASSERT_EQUAL(k->style, COUNTING_ASEAN);
    CU_ASSERT_EQUAL(k->board, 0);
    CU_ASSERT_EQUAL(k->not_while, 0u);
    CU_ASSERT_EQUAL(k->rows[1].need[type_of(v, "B")], 1);
    CU_ASSERT_EQUAL(k->rows[1].need[type_of(v, "Q")], 1);
    CU_ASSERT_EQUAL(k->rows[1].moves, 44);
    CU_ASSERT_EQUAL(v->rules.move_rule, 50);
    v = varset_find(&builtin, "chess");
    CU_ASSERT_FALSE(v->rules.counting.on);

    VariantSet set;
    char *msgs = NULL;
    int errors = load_text(&set, "name: q\nextends: makruk\n"
                           "rules: {counting: off}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT_FALSE(varset_find(&set, "q")->rules.counting.on);
    varset_free(&set);
    free(msgs);

    errors = load_text(&set, "name: q\nextends: makruk\n"
                       "rules:\n"
                       "  check-evasion: king-only\n"
                       "  counting:\n"
                       "    style: thai\n"
                       "    not-while: [Z]\n"
                       "    pieces:\n"
                       "      - {R: 0, moves: 8}\n"
                       "      - {X: 1, moves: 16}\n"
                       "      - {N: 2}\n"
                       "    board: -1\n", &msgs);
    CU_ASSERT_EQUAL(errors, 7);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:4:18: error:"));   /* king-only */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "any, royal-captures-only"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:6:12: error:"));   /* thai */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "makruk, asean"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:7:"));             /* Z */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:9:"));             /* R: 0 */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:10:"));            /* X */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:11:9: error: a counting row needs 'moves'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:12:12: error:"));  /* board: -1 */
    if (errors != 7)
        fprintf(stderr, "\n%s", msgs);
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: q\nextends: chess\n"    /* (makruk's would merge) */
                       "rules: {counting: {style: makruk}}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "'counting' needs a limit"));
    varset_free(&set);
    free(msgs);
}

/* rules.initial-moves: cambodian and karouk, and bad values refused where
 * they are written. */
static void test_initial_moves_settings(void)
{
    const Variant *v = varset_find(&builtin, "cambodian");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_TRUE(v->rules.initial_rights_in_fen);
    CU_ASSERT_EQUAL(v->rules.initial_not_in_check, type_bit(type_of(v, "K")));
    CU_ASSERT_TRUE(v->rules.counting.on);            /* makruk's, inherited */
    v = varset_find(&builtin, "karouk");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_TRUE(v->rules.initial_rights_in_fen);
    CU_ASSERT_EQUAL(v->rules.check_limit, 1);
    v = varset_find(&builtin, "makruk");
    CU_ASSERT_FALSE(v->rules.initial_rights_in_fen);
    CU_ASSERT_EQUAL(v->rules.initial_not_in_check, 0u);
    CU_ASSERT_EQUAL(v->rules.initial_replace, 0u);
    v = varset_find(&builtin, "supercapablanca");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->rules.initial_replace, type_bit(type_of(v, "K")));

    VariantSet set;
    char *msgs = NULL;
    int errors = load_text(&set, "name: q\nextends: makruk\n"
                           "rules:\n"
                           "  initial-moves:\n"
                           "    fen: xfen\n"
                           "    not-out-of-check: [K]\n"
                           "    lost: rook\n", &msgs);
    CU_ASSERT_EQUAL(errors, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:5:10: error:"));   /* xfen */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "implied, castling-field"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:6:23: error: 'not-out-of-check': piece 'K' "
                                        "has no initial ('i') moves"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:7:5: error:"));    /* lost */
    if (errors != 3)
        fprintf(stderr, "\n%s", msgs);
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: q\nextends: chess\n"
                       "rules: {initial-moves: {fen: castling-field}}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "needs 'castling: none'"));
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: q\nextends: chess\n"
                       "rules: {initial-moves: {replace: [P, N]}}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "'replace': piece 'N' has no initial ('i') moves"));
    varset_free(&set);
    free(msgs);
}

/* A setup phase (hand.must-drop), drop.colour and castling.dropped-pieces:
 * the shipped placement chess, and bad values refused where written. */
static void test_setup_settings(void)
{
    const Variant *v = varset_find(&builtin, "placement");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_TRUE(v->hand.must_drop);
    CU_ASSERT_TRUE(v->piece[type_of(v, "B")].drop_opposite_colours);
    CU_ASSERT_FALSE(v->piece[type_of(v, "N")].drop_opposite_colours);
    CU_ASSERT_EQUAL(v->drop_colour_types, type_bit(type_of(v, "B")));
    CU_ASSERT_EQUAL(v->castling.dropped_king_files, 1u << 4);
    CU_ASSERT_EQUAL(v->castling.dropped_partner_files, 1u | 1u << 7);
    CU_ASSERT_EQUAL(v->hand.must_drop, type_mask_all(v->ntypes));
    v = varset_find(&builtin, "crazyhouse");
    CU_ASSERT_FALSE(v->hand.must_drop);
    CU_ASSERT_EQUAL(v->drop_colour_types, 0u);
    CU_ASSERT_EQUAL(v->castling.dropped_king_files, 0u);
    /* koedem: only a king in hand obliges a drop; no king counts once the
       other player has two */
    v = varset_find(&builtin, "koedem");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->hand.must_drop, type_bit(type_of(v, "K")));
    CU_ASSERT_EQUAL(v->rules.extinction, type_bit(type_of(v, "K")));
    CU_ASSERT_EQUAL(v->rules.extinction_count, 0);
    CU_ASSERT_EQUAL(v->rules.extinction_opponent_count, 2);
    CU_ASSERT_FALSE(v->piece[type_of(v, "K")].royal);
    CU_ASSERT_EQUAL(v->hand.captures, CAPTURES_DISCARD);
    CU_ASSERT_TRUE(v->hand.enabled);

    expect_errors("name: q\nextends: placement\n"
                  "hand: {must-drop: sometimes}\n"
                  "pieces:\n"
                  "  B: {drop: {colour: same}}\n"
                  "castling:\n"
                  "  dropped-pieces: {with: [a, z]}\n", 3,
                  (const char *[]){ "t.yaml:3:19: error:",                 /* sometimes */
                                    "t.yaml:5:22: error:", "any, opposite",  /* same */
                                    "t.yaml:7:", "file letter from a to h (got 'z')", NULL });
    expect_errors("name: q\nextends: koedem\n"
                  "hand: {must-drop: [K, Z]}\n"
                  "rules: {extinction: {pieces: [K], opponent-count: -1}}\n", 2,
                  (const char *[]){ "t.yaml:3:23: error: must-drop piece 'Z'",
                                    "t.yaml:4:", NULL });                    /* -1 */
    /* wild castling: steps from any file, so one destination a side */
    v = varset_find(&builtin, "wildcastle");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->castling.king_steps, 2);
    expect_errors("name: q\nextends: chess\n"
                  "castling: {shuffle: true, king-steps: 2}\n", 1,
                  (const char *[]){ "t.yaml:3:39: error: 'king-steps' goes with", NULL });
    expect_errors("name: q\nextends: chess\n"
                  "hand: {must-drop: true}\n"
                  "castling: {dropped-pieces: {king: e}}\n", 2,
                  (const char *[]){ "t.yaml:3:", "'must-drop' needs drops",   /* no drops */
                                    "t.yaml:4:28: error: 'dropped-pieces' needs 'king' and 'with'",
                                    NULL });
}

static void test_override_and_columns(void)
{
    VariantSet set;
    char *msgs = NULL;
    /* A later definition of `chess` replaces the built-in one and may extend it. */
    int errors = load_text(&set, "name: chess\nextends: chess\nboard: 8x8\n"
                           "rules: {move-rule: 75}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    const Variant *v = varset_find(&set, "chess");
    CU_ASSERT_EQUAL(v->rules.move_rule, 75);
    CU_ASSERT_STRING_EQUAL(v->origin, "t.yaml");
    CU_ASSERT_EQUAL(v->ntypes, 6);
    varset_free(&set);
    free(msgs);

    /* XBetza columns inside plain, single- and double-quoted scalars (the
       library points just past 'q', where an atom was expected). */
    errors = load_text(&set, "name: q\nextends: chess\npieces:\n  Q: fmWq\n"
                       "  R: 'fmWq'\n  B: {moves: \"fmWq\"}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:4:10: error: invalid XBetza 'fmWq'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:5:11: error: invalid XBetza 'fmWq'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:6:19: error: invalid XBetza 'fmWq'"));
    CU_ASSERT_PTR_NULL(varset_find(&set, "q"));
    CU_ASSERT_PTR_NOT_NULL(varset_find(&set, "chess"));        /* others unharmed */
    varset_free(&set);
    free(msgs);
}

/* Multi-leg moves through empty squares (lame paths) load as lame leaps,
 * not as multi-leg moves; other multi-leg moves load as such, but not in
 * an `extra-moves` entry with `within` (its set cuts only the first leg). */
static void test_lame_path_moves(void)
{
    VariantSet set;
    char *msgs = NULL;
    int errors = load_text(&set, "name: e\nextends: chess\npieces:\n  N: mafsmafW\n", &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    const Variant *v = varset_find(&set, "e");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_FALSE(v->has_multileg);
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: e\nextends: chess\npieces:\n  N: mafsmafcaW\n", &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    v = varset_find(&set, "e");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_TRUE(v->has_multileg);
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: e\nextends: chess\nregions: {r: [a1, b2, c3]}\n"
                       "pieces:\n  N: {moves: N, extra-moves: {r: {moves: mafsW, within: r}}}\n"
                       "  B: {moves: B, extra-moves: {r: {moves: WcafW, within: r}}}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:6:43: error: multi-leg moves ('a') are not "
                                        "supported in an 'extra-moves' entry with 'within'"));
    varset_free(&set);
    free(msgs);
}

/* A "billion laughs" in `levels` levels: region lol<i> lists ten aliases of
 * lol<i-1>, so the last one stands for 10^levels squares. */
static char *alias_bomb(int levels)
{
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    fputs("name: bomb\nextends: chess\nregions:\n  r0: &a0 [a1, a2, a3, a4, a5, a6, a7, a8, b1, b2]\n", f);
    for (int i = 1; i < levels; i++) {
        fprintf(f, "  lol%d: &a%d [", i, i);
        for (int k = 0; k < 10; k++)
            fprintf(f, "%s*a%d", k ? ", " : "", i - 1);
        fputs("]\n", f);
    }
    fprintf(f, "pieces:\n  K: {moves: K, confined-to: lol%d}\n", levels - 1);
    fclose(f);
    return text;
}

static long arena_nodes(const TreeNode *arena)
{
    long n = 0;
    for (; arena; arena = arena->next)
        n++;
    return n;
}

/* What keeps a bomb cheap: an alias shares its anchor's nodes instead of
 * copying them, and the refusal comes at the first alias that crosses the
 * limit, before later levels are read.  So the refused document's tree has
 * 25 nodes: 19 up to r0's list, then a key and a list for each of lol1 to
 * lol3 (its aliases add none).  Read to its end it would have 45; copied,
 * millions.  Counted, not timed, so a loaded or instrumented build cannot
 * fail it. */
static void test_alias_bomb_nodes_built(void)
{
    char *bomb = alias_bomb(10);
    TreeNode *arena = NULL, *roots[4];
    Diag d;
    diag_init(&d, NULL, "");
    CU_ASSERT_EQUAL(tree_parse("t.yaml", bomb, &arena, &d, roots, 4), -1);
    CU_ASSERT_EQUAL(d.errors, 1);
    long built = arena_nodes(arena);
    CU_ASSERT(built > 0);
    CU_ASSERT_EQUAL(built, 25);
    tree_free(arena);
    free(bomb);

    /* Under the limit, the whole document is read and still shares: 31
     * nodes written (the pieces: key at the end add 8), over 1000 meant. */
    bomb = alias_bomb(3);
    arena = NULL;
    diag_init(&d, NULL, "");
    CU_ASSERT_EQUAL(tree_parse("t.yaml", bomb, &arena, &d, roots, 4), 1);
    CU_ASSERT_EQUAL(d.errors, 0);
    CU_ASSERT_EQUAL(arena_nodes(arena), 31);
    CU_ASSERT(roots[0]->weight > 1000);
    tree_free(arena);
    free(bomb);
}

static void test_alias_limits(void)
{
    VariantSet set;
    char *msgs = NULL;

    /* Refused at the first alias past the limit (the third level: *a2 in
     * lol3 stands for 1000 nodes), so nothing is expanded; the set is
     * unharmed. */
    char *bomb = alias_bomb(10);
    int errors = load_text(&set, bomb, &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:7:49: error: alias '*a2' expands the document "
                                        "by more than 10000 nodes"));
    CU_ASSERT_PTR_NULL(varset_find(&set, "bomb"));
    CU_ASSERT_PTR_NOT_NULL(varset_find(&set, "chess"));
    varset_free(&set);
    free(msgs);
    free(bomb);

    /* A few levels stay well under the limit and load. */
    bomb = alias_bomb(3);
    errors = load_text(&set, bomb, &msgs);
    CU_ASSERT_EQUAL(errors, 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    const Variant *v = varset_find(&set, "bomb");
    CU_ASSERT_PTR_NOT_NULL(v);
    if (v) {
        const PieceType *k = &v->piece[type_of(v, "K")];
        CU_ASSERT_TRUE(sqset_has(&k->allowed[WHITE], sq(v, "b2")));
        CU_ASSERT_FALSE(sqset_has(&k->allowed[WHITE], sq(v, "c1")));
    }
    varset_free(&set);
    free(msgs);
    free(bomb);

    /* Self-references, in a list and in a mapping, are errors, not a crash. */
    errors = load_text(&set, "name: selfref\nextends: chess\nregions: {r: &r [a1, *r]}\n",
                       &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:3:22: error: alias '*r' is inside its own "
                                        "anchor '&r'"));
    CU_ASSERT_PTR_NULL(varset_find(&set, "selfref"));
    varset_free(&set);
    free(msgs);
    errors = load_text(&set, "name: selfmap\nextends: chess\nrules: &m {flag: *m}\n", &msgs);
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, "t.yaml:3:18: error: alias '*m' is inside its own"));
    varset_free(&set);
    free(msgs);
}

/* `board: WxH` is read with its real bounds (1 to 16 each way), never
 * wrapped around in an int. */
static void test_board_sizes(void)
{
    static const struct { const char *board, *message; } cases[] = {
        { "4294967304x8", "t.yaml:3:8: error: the number of files '4294967304' is out of range (1 to 16)\n" },
        { "8x4294967304", "t.yaml:3:10: error: the number of ranks '4294967304' is out of range (1 to 16)\n" },
        { "99999999999999999999x8", "t.yaml:3:8: error: the number of files '99999999999999999999' is out of range (1 to 16)\n" },
        { "17x0", "t.yaml:3:8: error: the number of files '17' is out of range (1 to 16)\n"
                  "t.yaml:3:11: error: the number of ranks '0' is out of range (1 to 16)\n" },
        { "'-8x8'", "t.yaml:3:9: error: the number of files '-8' is out of range (1 to 16)\n" },
        { "8x8x", "t.yaml:3:8: error: 'board' must look like 8x8 (files x ranks), got '8x8x'\n" },
        { "8x", "t.yaml:3:8: error: 'board' must look like 8x8 (files x ranks), got '8x'\n" },
        { "8x8", "" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        VariantSet set;
        char text[200], *msgs = NULL;
        snprintf(text, sizeof text, "name: sized\nextends: chess\nboard: %s\n", cases[i].board);
        int errors = load_text(&set, text, &msgs);
        CU_ASSERT_STRING_EQUAL(msgs, cases[i].message);
        CU_ASSERT_EQUAL(errors > 0, *cases[i].message != '\0');
        CU_ASSERT_EQUAL(varset_find(&set, "sized") == NULL, *cases[i].message != '\0');
        varset_free(&set);
        free(msgs);
    }
}

/* A pawn's `promotion` in a variant extending chess, and the loader's
 * messages for it ("" if none; an error fails the load). */
typedef struct { const char *promotion, *message; } PromotionCase;

static void check_pawn_promotions(const PromotionCase *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        VariantSet set;
        char text[300], *msgs = NULL;
        snprintf(text, sizeof text, "name: t\nextends: chess\npieces:\n  P: {promotion: %s}\n",
                 cases[i].promotion);
        int errors = load_text(&set, text, &msgs);
        if (strcmp(msgs, cases[i].message) != 0)
            fprintf(stderr, "\n    %s: got '%s'\n", cases[i].promotion, msgs);
        CU_ASSERT_STRING_EQUAL(msgs, cases[i].message);
        CU_ASSERT_EQUAL(errors > 0, strstr(cases[i].message, "error") != NULL);
        varset_free(&set);
        free(msgs);
    }
}

/* Promotion choices per player (`to: {white, black}`) and per square (a
 * list of entries), and the mistakes refused in them. */
static void test_promotion_rules(void)
{
    const Variant *v = varset_find(&builtin, "chigorin");
    CU_ASSERT_FATAL(v != NULL);
    const PieceType *p = &v->piece[type_of(v, "P")];
    CU_ASSERT_EQUAL(p->npromo, 1);
    CU_ASSERT_EQUAL(p->promo[0].to[WHITE], type_bit(type_of(v, "C")) | type_bit(type_of(v, "R"))
                                           | type_bit(type_of(v, "N")));
    CU_ASSERT_EQUAL(p->promo[0].to[BLACK], type_bit(type_of(v, "Q")) | type_bit(type_of(v, "R"))
                                           | type_bit(type_of(v, "B")));
    CU_ASSERT_EQUAL(p->promo_to, p->promo[0].to[WHITE] | p->promo[0].to[BLACK]);
    v = varset_find(&builtin, "viceroy");
    CU_ASSERT_FATAL(v != NULL);
    p = &v->piece[type_of(v, "P")];
    CU_ASSERT_EQUAL(p->npromo, 5);
    CU_ASSERT_TRUE(sqset_has(&p->promo[4].zone[WHITE], sq(v, "e8")));
    CU_ASSERT_TRUE(sqset_has(&p->promo[4].zone[BLACK], sq(v, "e1")));
    CU_ASSERT_FALSE(sqset_has(&p->promo[4].zone[WHITE], sq(v, "d8")));
    CU_ASSERT_EQUAL(p->promo[4].to[BLACK], type_bit(type_of(v, "V")));
    CU_ASSERT_TRUE(sqset_has(&p->promo_zone[WHITE], sq(v, "a8")));   /* all zones together */

    static const PromotionCase cases[] = {
        { "{to: {white: [Q]}}",
          "t.yaml:4:23: error: 'to' as a mapping needs both 'white' and 'black'\n" },
        { "{to: {white: [Q], black: [R], red: [B]}}",
          "t.yaml:4:48: error: unknown key 'red' in 'to'\n" },
        { "{to: {white: [], black: [R]}}", "t.yaml:4:31: error: 'to' lists no piece\n" },
        { "[]", "t.yaml:4:18: error: 'promotion' as a list needs 1 to 8 entries, not 0\n" },
        { "[{to: [Q]}, [R]]", "t.yaml:4:30: error: 'promotion' must be a mapping, found a list\n" },
        { "[{to: [Q]}, {zone: none, to: [N]}]",
          "t.yaml:4:37: error: the promotion zone has no square on the 8x8 board\n" },
        { "[{to: [Q]}, {zone: rank 7}]",
          "t.yaml:4:30: error: promotion of 'P' needs 'to' (a list of pieces, or 'captured')\n" },
        { "[{zone: {white: rank 8, black: none}, to: [Q]}, {zone: {white: rank 7, black: none}, to: [N]}]",
          "t.yaml:4:18: warning: the promotion zone has no square for Black: Black's pieces never promote\n" },
        { "[{zone: {white: rank 8, black: none}, to: [Q]}, {zone: {white: none, black: rank 1}, to: [R]}]",
          "" },
        { "{to: {white: [Q, P], black: captured}}",
          "t.yaml:4:35: error: 'P' cannot promote to itself\n" },
    };
    check_pawn_promotions(cases, sizeof cases / sizeof cases[0]);
}

/* Pieces that turn over (promotion.every-move, by-capture-only, by-drop:
 * Kyoto and micro shogi), and the mistakes refused in them. */
static void test_turning_pieces(void)
{
    const Variant *v = varset_find(&builtin, "kyotoshogi");
    CU_ASSERT_FATAL(v != NULL);
    const PieceType *p = &v->piece[type_of(v, "P")];
    const PieceType *rook = &v->piece[p->promoted];
    CU_ASSERT_TRUE(p->quiet_flips);
    CU_ASSERT_TRUE(p->drop_promoted);
    CU_ASSERT_TRUE(p->promo[0].every_move);
    CU_ASSERT_TRUE(sqset_has(&p->promo[0].zone[WHITE], sq(v, "a1")));  /* the whole board */
    CU_ASSERT_TRUE(rook->flips);
    CU_ASSERT_FALSE(rook->flip_capture_only);
    CU_ASSERT_EQUAL(rook->demotes_to, type_of(v, "P"));
    CU_ASSERT_FALSE(v->piece[type_of(v, "K")].flips);
    v = varset_find(&builtin, "micro");
    CU_ASSERT_FATAL(v != NULL);
    p = &v->piece[type_of(v, "P")];
    CU_ASSERT_TRUE(p->promo[0].capture_only);
    CU_ASSERT_TRUE(v->piece[p->promoted].flip_capture_only);

    static const PromotionCase cases[] = {
        { "{every-move: true}",
          "t.yaml:4:31: error: 'every-move' needs a '+' form of 'P' to flip to\n" },
        { "{every-move: true, zone: rank 8}",
          "t.yaml:4:43: error: 'zone' cannot go with 'every-move' (every move flips the piece, "
          "anywhere)\n" },
        { "{every-move: true, on: [enter]}",
          "t.yaml:4:41: error: 'on' cannot go with 'every-move' (every move flips the piece, "
          "anywhere)\n" },
        { "{by-drop: true, to: [Q]}",
          "t.yaml:4:28: error: 'by-drop' needs a '+' form of 'P' to drop\n" },
        { "{by-capture-only: maybe, to: [Q]}",
          "t.yaml:4:36: error: 'by-capture-only' must be true or false (got 'maybe')\n" },
    };
    check_pawn_promotions(cases, sizeof cases / sizeof cases[0]);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    fputs(text, f);
    fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    remove(path);
}

/* Load one file over the built-ins; diagnostics into *msgs (caller frees). */
static int load_file(VariantSet *set, const char *path, char **msgs)
{
    size_t len;
    FILE *out = open_memstream(msgs, &len);
    varset_init(set);
    varset_load_builtin(set, NULL, "");
    int errors = varset_load_path(set, path, out, "");
    fclose(out);
    return errors;
}

/* A cycle of `extends` through paths spelt differently in each file is
 * found at the first repetition and named file by file; a long chain
 * without a cycle is not called one. */
static void test_extends_cycles(void)
{
    char dir[] = "/tmp/menagerie-test-XXXXXX", one[64], two[64], path[128], want[512];
    VariantSet set;
    char *msgs = NULL;

    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    snprintf(one, sizeof one, "%s/one", dir);
    snprintf(two, sizeof two, "%s/two", dir);
    CU_ASSERT_FATAL(mkdir(one, 0700) == 0 && mkdir(two, 0700) == 0);
    write_file(one, "a.yaml", "name: a\nextends: ./b.yaml\n");
    write_file(one, "b.yaml", "name: b\nextends: ../two/c.yaml\n");
    write_file(two, "c.yaml", "name: c\nextends: ../one/./a.yaml\n");
    snprintf(path, sizeof path, "%s/a.yaml", one);
    int errors = load_file(&set, path, &msgs);
    snprintf(want, sizeof want, "%s/../two/c.yaml:2:10: error: inheritance cycle: "
             "a (%s/a.yaml) → b (%s/b.yaml) → c (%s/../two/c.yaml) → a (%s/a.yaml)\n",
             one, one, one, one, one);
    CU_ASSERT_EQUAL(errors, 3);     /* the cycle, then b and a have a bad parent */
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, want));
    CU_ASSERT_PTR_NULL(strstr(msgs, "./."));
    CU_ASSERT_PTR_NOT_NULL(varset_find(&set, "chess"));
    varset_free(&set);
    free(msgs);
    remove_file(one, "a.yaml");
    remove_file(one, "b.yaml");
    remove_file(two, "c.yaml");

    /* 66 files, each extending the next: too long a chain, but no cycle. */
    for (int i = 0; i < 66; i++) {
        char name[32], text[64];
        snprintf(name, sizeof name, "c%d.yaml", i);
        if (i < 65)
            snprintf(text, sizeof text, "name: c%d\nextends: ./c%d.yaml\n", i, i + 1);
        else
            snprintf(text, sizeof text, "name: c%d\nextends: chess\n", i);
        write_file(one, name, text);
    }
    snprintf(path, sizeof path, "%s/c0.yaml", one);
    errors = load_file(&set, path, &msgs);
    CU_ASSERT(errors > 0);
    snprintf(want, sizeof want, "%s/c63.yaml:2:10: error: extends './c64.yaml': more than 64 "
             "variants in one chain of 'extends'\n", one);
    CU_ASSERT_PTR_NOT_NULL(strstr(msgs, want));
    CU_ASSERT_PTR_NULL(strstr(msgs, "cycle"));
    varset_free(&set);
    free(msgs);
    for (int i = 0; i < 66; i++) {
        char name[32];
        snprintf(name, sizeof name, "c%d.yaml", i);
        remove_file(one, name);
    }
    rmdir(one);
    rmdir(two);
    rmdir(dir);
}

static void test_search_path(void)
{
    char dir[] = "/tmp/menagerie-test-XXXXXX", path[300];
    VariantSet set;
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/tiny.yaml", dir);
    FILE *f = fopen(path, "w");
    fputs("# A tiny test variant.\nextends: chess\nboard: 8x8\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/broken.yaml", dir);
    f = fopen(path, "w");
    fputs("name: broken\nboard: [\n", f);
    fclose(f);
    setenv("MENAGERIE_VARIANTS", dir, 1);
    varset_init(&set);
    FILE *null = fopen("/dev/null", "w");
    int errors = varset_load_all(&set, NULL, null, "# ");
    fclose(null);
    CU_ASSERT_EQUAL(errors, 1);                     /* broken.yaml, skipped */
    const Variant *v = varset_find(&set, "tiny");   /* the name comes from the file */
    CU_ASSERT_PTR_NOT_NULL(v);
    CU_ASSERT_PTR_NOT_NULL(varset_find(&set, "shogi"));
    varset_free(&set);
    unsetenv("MENAGERIE_VARIANTS");
    remove(path);
    snprintf(path, sizeof path, "%s/tiny.yaml", dir);
    remove(path);
    rmdir(dir);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t len;
    FILE *out;
    int ch;
    if (!f)
        return NULL;
    out = open_memstream(&buf, &len);
    while ((ch = getc(f)) != EOF)
        putc(ch, out);
    fclose(out);
    fclose(f);
    return buf;
}

/* Every tests/bad/NAME.yaml must produce exactly NAME.expected. */
static void test_bad_files(void)
{
    const char *srcdir = getenv("top_srcdir");
    char dir[1024], cwd[1024];
    int checked = 0;

    snprintf(dir, sizeof dir, "%s/tests/bad", srcdir ? srcdir : ".");
    CU_ASSERT_FATAL(getcwd(cwd, sizeof cwd) != NULL);
    CU_ASSERT_FATAL(chdir(dir) == 0);
    DIR *d = opendir(".");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".yaml"))
            continue;
        char expected_path[300], *msgs = NULL;
        size_t len;
        snprintf(expected_path, sizeof expected_path, "%.*s.expected", (int)(n - 5), e->d_name);
        VariantSet set;
        varset_init(&set);
        varset_load_builtin(&set, NULL, "");
        FILE *out = open_memstream(&msgs, &len);
        int errors = varset_load_path(&set, e->d_name, out, "");
        fclose(out);
        char *expected = slurp(expected_path);
        CU_ASSERT_PTR_NOT_NULL(expected);
        CU_ASSERT(errors > 0);
        if (expected && strcmp(expected, msgs)) {
            fprintf(stderr, "\n%s: diagnostics differ from %s; got:\n%s", e->d_name,
                    expected_path, msgs);
            CU_FAIL("golden diagnostics differ");
        }
        free(expected);
        free(msgs);
        varset_free(&set);
        checked++;
    }
    if (d)
        closedir(d);
    CU_ASSERT(checked >= 10);
    CU_ASSERT(chdir(cwd) == 0);
}

int main(void)
{
    CU_pSuite suite;
    unsigned failures;

    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    varset_init(&builtin);
    suite = CU_add_suite("variant_load", NULL, NULL);
    CU_add_test(suite, "built-in variants load", test_builtins_load);
    CU_add_test(suite, "built-in variants are prepared when asked for", test_builtins_prepared_when_asked_for);
    CU_add_test(suite, "chess", test_chess);
    CU_add_test(suite, "extends merge", test_extends);
    CU_add_test(suite, "shogi family", test_shogi_family);
    CU_add_test(suite, "regions and zones", test_regions);
    CU_add_test(suite, "rules", test_rules);
    CU_add_test(suite, "chase settings", test_chase_settings);
    CU_add_test(suite, "counting settings", test_counting_settings);
    CU_add_test(suite, "initial-moves settings", test_initial_moves_settings);
    CU_add_test(suite, "janggi settings", test_janggi_settings);
    CU_add_test(suite, "setup phase settings", test_setup_settings);
    CU_add_test(suite, "override and XBetza columns", test_override_and_columns);
    CU_add_test(suite, "alias limits", test_alias_limits);
    CU_add_test(suite, "alias bomb: nodes built", test_alias_bomb_nodes_built);
    CU_add_test(suite, "lame-path moves", test_lame_path_moves);
    CU_add_test(suite, "board sizes", test_board_sizes);
    CU_add_test(suite, "promotion rules", test_promotion_rules);
    CU_add_test(suite, "pieces that turn over", test_turning_pieces);
    CU_add_test(suite, "extends cycles", test_extends_cycles);
    CU_add_test(suite, "search path", test_search_path);
    CU_add_test(suite, "bad files (golden diagnostics)", test_bad_files);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    varset_free(&builtin);
    return failures ? 1 : 0;
}
