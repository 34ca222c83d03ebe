/*
 * test_variant_define.c — CUnit tests of variants sent over a protocol
 * (varset_define): errors at line:col of the sent text, all or nothing,
 * `extends` of built-in and sent variants, the names a definition may
 * take, and the limits on its size and on the variants sent.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "catalog/variant_load.h"
#include "cunit_run.h"

/* A queen that also leaps like a knight, on Gardner's 5x5 board. */
#define TINY "{name: tiny, extends: gardner, pieces: {Q: {moves: QN}}}"

static VariantSet set;
static VariantDefinition def;
static char *msgs;

/* Send `text` to the set of the built-in variants loaded by setup();
 * diagnostics in msgs. */
static int define(const char *text)
{
    size_t len;
    free(msgs);
    msgs = NULL;
    FILE *out = open_memstream(&msgs, &len);
    int errors = varset_define(&set, text, &def, out, "");
    fclose(out);
    return errors;
}

static void setup(void)
{
    varset_init(&set);
    CU_ASSERT_EQUAL_FATAL(varset_load_builtin(&set, stderr, ""), 0);
}

static void teardown(void)
{
    varset_free(&set);
    free(msgs);
    msgs = NULL;
}

/* The XBetza of piece `id` in variant `name`, or "" (a static buffer). */
static const char *moves_of(const char *name, const char *id)
{
    static char buf[256];
    const Variant *v = varset_find(&set, name);
    buf[0] = '\0';
    for (int t = 0; v && t < v->ntypes; t++)
        if (!strcmp(v->piece[t].id, id))
            xb_print(&v->piece[t].moves, buf, sizeof buf);
    return buf;
}

/* Does msgs hold `text`?  Shows them when not. */
static int said(const char *text)
{
    if (msgs && strstr(msgs, text))
        return 1;
    fprintf(stderr, "\nexpected '%s' in:\n%s", text, msgs ? msgs : "(nothing)");
    return 0;
}

static void test_flow_definition(void)
{
    setup();
    int before = set.count;
    CU_ASSERT_EQUAL(define(TINY), 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    CU_ASSERT_EQUAL(def.count, 1);
    CU_ASSERT_STRING_EQUAL(def.names[0], "tiny");
    CU_ASSERT_FALSE(def.replaced[0]);
    CU_ASSERT_EQUAL(set.count, before + 1);
    const Variant *v = varset_find(&set, "TINY");
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(v->files, 5);
    CU_ASSERT_STRING_EQUAL(v->origin, VARIANT_SENT_ORIGIN);
    CU_ASSERT_STRING_EQUAL(moves_of("tiny", "Q"), "QN");
    CU_ASSERT_STRING_EQUAL(moves_of("gardner", "Q"), "Q");
    teardown();
}

/* A block of YAML lines (CECP `variantdef` ... `end`), and `extends` of
 * a variant sent before. */
static void test_block_and_extends_sent(void)
{
    setup();
    CU_ASSERT_EQUAL(define(TINY), 0);
    CU_ASSERT_EQUAL(define("name: tiny2\n"
                           "extends: tiny\n"
                           "title: Tiny with a rook that leaps too\n"
                           "pieces:\n"
                           "  R: {moves: RN}\n"), 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    CU_ASSERT_STRING_EQUAL(moves_of("tiny2", "Q"), "QN");
    CU_ASSERT_STRING_EQUAL(moves_of("tiny2", "R"), "RN");
    CU_ASSERT_STRING_EQUAL(varset_find(&set, "tiny2")->title, "Tiny with a rook that leaps too");
    teardown();
}

/* Lines and columns count in the sent text, as in a file. */
static void test_error_positions(void)
{
    setup();
    int before = set.count;
    CU_ASSERT_EQUAL(define("name: bad\nextends: chess\nbord: 8x8\n"), 1);
    CU_ASSERT_TRUE(said("definition:3:1: error: unknown key 'bord'"));
    CU_ASSERT_EQUAL(define("{name: bad, extends: chess, pieces: {Q: fmWq}}"), 1);
    CU_ASSERT_TRUE(said("definition:1:45: error: invalid XBetza 'fmWq'"));
    CU_ASSERT_EQUAL(define("{name: bad, extends: chess, board: [8x8}"), 1);
    CU_ASSERT_TRUE(said("definition:1:40: error:"));
    CU_ASSERT_EQUAL(define("{name: bad, extends: no-such-game}"), 1);
    CU_ASSERT_TRUE(said("definition:1:22: error: extends 'no-such-game': no such variant"));
    CU_ASSERT_EQUAL(def.count, 0);
    CU_ASSERT_EQUAL(set.count, before);
    CU_ASSERT_PTR_NULL(varset_find(&set, "bad"));
    teardown();
}

/* A definition is taken whole or not at all, and one refused leaves no
 * trace: a later `extends` still finds the variant it failed to replace. */
static void test_all_or_nothing(void)
{
    setup();
    int before = set.count;
    CU_ASSERT_EQUAL(define("name: good\nextends: chess\n---\nname: broken\nextends: chess\n"
                           "board: 0x8\n"), 1);
    CU_ASSERT_TRUE(said("definition:6:8: error:"));
    CU_ASSERT_PTR_NULL(varset_find(&set, "good"));
    CU_ASSERT_EQUAL(set.count, before);

    CU_ASSERT_EQUAL(define(TINY), 0);
    const Variant *tiny = varset_find(&set, "tiny");
    CU_ASSERT_EQUAL(define("{name: tiny, extends: gardner, pieces: {Q: {moves: Qx}}}"), 1);
    CU_ASSERT_PTR_EQUAL(varset_find(&set, "tiny"), tiny);
    CU_ASSERT_EQUAL(define("{name: child, extends: tiny}"), 0);
    CU_ASSERT_STRING_EQUAL(msgs, "");
    CU_ASSERT_STRING_EQUAL(moves_of("child", "Q"), "QN");

    /* Duplicate keys are dropped from a file, but refuse a definition. */
    CU_ASSERT_EQUAL(define("{name: dup, extends: chess, board: 8x8, board: 8x8}"), 1);
    CU_ASSERT_PTR_NULL(varset_find(&set, "dup"));
    teardown();
}

/* The built-in variants (and those of files) keep their names and
 * aliases; a variant sent before may be sent again. */
static void test_names(void)
{
    setup();
    const Variant *chess = varset_find(&set, "chess");
    CU_ASSERT_EQUAL(define("{name: chess, extends: chess, rules: {move-rule: 75}}"), 1);
    CU_ASSERT_TRUE(said("definition:1:8: error: variant 'chess' comes from builtin:chess.yaml, "
                        "and a definition may replace only a variant sent before: choose "
                        "another name ('extends: chess' builds on it)"));
    CU_ASSERT_EQUAL(define("{name: normal, extends: chess}"), 1);
    CU_ASSERT_TRUE(said("definition:1:8: error: 'normal' is another name of variant 'chess' "
                        "(builtin:chess.yaml): choose a name of its own"));
    CU_ASSERT_PTR_EQUAL(varset_find(&set, "chess"), chess);
    CU_ASSERT_EQUAL(chess->rules.move_rule, 50);

    CU_ASSERT_EQUAL(define("{extends: chess, board: 8x8}"), 1);
    CU_ASSERT_TRUE(said("definition:1:1: error: a variant sent over the protocol needs a "
                        "'name'"));
    CU_ASSERT_EQUAL(define("extends: chess\nname:\n"), 1);
    CU_ASSERT_TRUE(said("definition:2:1: error: a variant sent over the protocol needs a "
                        "'name'"));
    CU_ASSERT_EQUAL(define("{name: twice, extends: chess}\n---\n{name: twice, extends: chess}"),
                    1);
    CU_ASSERT_TRUE(said("definition:3:8: error: variant 'twice' is defined twice in the "
                        "definition (first on line 1)"));
    CU_ASSERT_EQUAL(define("{name: f, extends: variants/chess.yaml}"), 1);
    CU_ASSERT_TRUE(said("definition:1:20: error: extends 'variants/chess.yaml': a variant sent "
                        "over the protocol can only extend by name"));

    /* Sent again: the new definition replaces the old one. */
    int before = set.count;
    CU_ASSERT_EQUAL(define(TINY), 0);
    CU_ASSERT_EQUAL(define("{name: tiny, extends: gardner, pieces: {Q: {moves: QC}}}"), 0);
    CU_ASSERT_EQUAL(def.count, 1);
    CU_ASSERT_TRUE(def.replaced[0]);
    CU_ASSERT_EQUAL(set.count, before + 1);
    CU_ASSERT_STRING_EQUAL(moves_of("tiny", "Q"), "QC");
    /* ... and may build on the definition it replaces. */
    CU_ASSERT_EQUAL(define("{name: tiny, extends: tiny, pieces: {R: {moves: RC}}}"), 0);
    CU_ASSERT_STRING_EQUAL(moves_of("tiny", "Q"), "QC");
    CU_ASSERT_STRING_EQUAL(moves_of("tiny", "R"), "RC");
    /* Two variants in one definition, the second built on the first. */
    CU_ASSERT_EQUAL(define("name: one\nextends: chess\n---\nname: two\nextends: one\n"), 0);
    CU_ASSERT_EQUAL(def.count, 2);
    CU_ASSERT_STRING_EQUAL(def.names[1], "two");
    teardown();
}

/* A variant from a file (here one read as a file from memory): sent
 * variants may extend it, not replace it. */
static void test_file_variants(void)
{
    setup();
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&set, "mine.yaml", "name: mine\nextends: gardner\n"
                                           "pieces: {R: {moves: RC}}\n", stderr, ""), 0);
    CU_ASSERT_EQUAL(define("{name: mine, extends: chess}"), 1);
    CU_ASSERT_TRUE(said("definition:1:8: error: variant 'mine' comes from mine.yaml"));
    CU_ASSERT_STRING_EQUAL(varset_find(&set, "mine")->origin, "mine.yaml");
    CU_ASSERT_EQUAL(define("{name: mine2, extends: mine, pieces: {Q: {moves: QN}}}"), 0);
    CU_ASSERT_STRING_EQUAL(moves_of("mine2", "R"), "RC");
    CU_ASSERT_STRING_EQUAL(moves_of("mine2", "Q"), "QN");
    teardown();
}

/* A definition of exactly VARIANT_DEFINITION_BYTES is taken, one byte
 * more is not; an empty one is refused. */
static void test_size_limit(void)
{
    setup();
    const char *head = "{name: big, extends: chess}\n";
    char *text = malloc(VARIANT_DEFINITION_BYTES + 2);
    size_t n = strlen(head);
    memcpy(text, head, n);
    memset(text + n, '#', VARIANT_DEFINITION_BYTES - n);
    text[VARIANT_DEFINITION_BYTES] = '\0';
    CU_ASSERT_EQUAL(define(text), 0);
    CU_ASSERT_PTR_NOT_NULL(varset_find(&set, "big"));
    text[VARIANT_DEFINITION_BYTES] = '#';
    text[VARIANT_DEFINITION_BYTES + 1] = '\0';
    CU_ASSERT_EQUAL(define(text), 1);
    CU_ASSERT_TRUE(said("definition: error: the definition is longer than 65536 bytes, the "
                        "most taken\n"));
    free(text);
    CU_ASSERT_EQUAL(define(""), 1);
    CU_ASSERT_TRUE(said("definition: error: the definition is empty\n"));
    CU_ASSERT_EQUAL(define("  # only a comment\n\n"), 1);
    CU_ASSERT_TRUE(said("definition: error: the definition is empty\n"));
    teardown();
}

/* At most VARIANT_SENT_MAX sent variants at a time (sending one again
 * does not add one), and VARIANT_DEFINITIONS_MAX definitions in all. */
static void test_count_limits(void)
{
    setup();
    char text[128];
    int taken = 0;
    for (int i = 0; i < VARIANT_SENT_MAX; i++) {
        snprintf(text, sizeof text, "{name: v%d, extends: chess}", i);
        CU_ASSERT_EQUAL(define(text), 0);
        taken++;
    }
    CU_ASSERT_EQUAL(define("{name: one-more, extends: chess}"), 1);
    CU_ASSERT_TRUE(said("definition:1:1: error: 1 more variant(s) would make more than 64 sent "
                        "over the protocol (64 are)"));
    CU_ASSERT_PTR_NULL(varset_find(&set, "one-more"));
    while (taken < VARIANT_DEFINITIONS_MAX) {
        snprintf(text, sizeof text, "{name: v%d, extends: chess}", taken % VARIANT_SENT_MAX);
        CU_ASSERT_EQUAL(define(text), 0);
        CU_ASSERT_TRUE(def.replaced[0]);
        taken++;
    }
    CU_ASSERT_EQUAL(define("{name: v0, extends: chess}"), 1);
    CU_ASSERT_TRUE(said("definition: error: 256 definitions taken already, the most one run "
                        "of the engine takes (start it again to send more)"));
    teardown();
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite suite = CU_add_suite("variant definitions", NULL, NULL);
    CU_add_test(suite, "flow definition", test_flow_definition);
    CU_add_test(suite, "block, extends a sent variant", test_block_and_extends_sent);
    CU_add_test(suite, "error positions", test_error_positions);
    CU_add_test(suite, "all or nothing", test_all_or_nothing);
    CU_add_test(suite, "names", test_names);
    CU_add_test(suite, "variants from files", test_file_variants);
    CU_add_test(suite, "size limit", test_size_limit);
    CU_add_test(suite, "count limits", test_count_limits);
    return cunit_run_registry();
}
