/*
 * fuzz_variant.c — libFuzzer target: the YAML variant loader, from memory.
 *
 * Input: the text of a variant file, sent first as a definition over a
 * protocol (varset_define: one refused must leave the set as it was), then
 * read by varset_load_text as a file.  The built-in variants the text
 * names (the parents shipped files extend) are loaded first, so `extends`
 * is exercised.  Every variant the text defines must set up its start
 * position, play and take back its legal moves (fuzz_exercise_position)
 * and describe itself to XBoard.
 */
#include <stdlib.h>
#include <string.h>
#include "protocol/cecp.h"
#include "fuzz_common.h"
#include "catalog/variant_load.h"

enum { MAX_YAML = 64 * 1024 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The shipped variants others extend; chess first, as most extend it. */
static const char *const parents[] = {
    "chess", "capablanca", "courier", "crazyhouse", "giveaway", "shogi", "xiangqi",
};

static void load_builtin(VariantSet *set, const char *name)
{
    char file[64];
    snprintf(file, sizeof file, "%s.yaml", name);
    for (int i = 0; i < variants_builtin_count; i++)
        if (!strcmp(variants_builtin[i].name, file)) {
            char label[80];
            snprintf(label, sizeof label, "builtin:%s", file);
            varset_load_text(set, label, variants_builtin[i].text, fuzz_null(), "");
            return;
        }
    fuzz_fail("no built-in %s", file);
}

static void load_parents(VariantSet *set, const char *text)
{
    if (!strstr(text, "extends"))
        return;
    for (size_t i = 0; i < sizeof parents / sizeof parents[0]; i++)
        if (i == 0 || strstr(text, parents[i]))
            load_builtin(set, parents[i]);
}

static void ignore_line(const char *line, void *ctx)
{
    (void)line;
    (void)ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_YAML)
        return 0;
    static const char label[] = "fuzz.yaml";
    char *text = fuzz_text(data, size);
    VariantSet set;
    varset_init(&set);
    load_parents(&set, text);
    int before = set.count;
    VariantDefinition def;
    if (varset_define(&set, text, &def, fuzz_null(), "") != 0 && set.count != before)
        fuzz_fail("a refused definition changed the variants");
    varset_load_text(&set, label, text, fuzz_null(), "");
    Position *pos = malloc(sizeof *pos);
    if (!pos)
        abort();
    for (int i = 0; i < set.count; i++) {
        const Variant *v = varset_ready(&set, set.items[i]);
        if (!v)
            fuzz_fail("a loaded variant cannot be prepared for play");
        if (v->abstract || (strcmp(v->origin, label) && strcmp(v->origin, VARIANT_SENT_ORIGIN)))
            continue;
        position_start(pos, v);
        fuzz_exercise_position(pos);
        cecp_setup_lines(v, ignore_line, NULL);
    }
    free(pos);
    varset_free(&set);
    free(text);
    return 0;
}
