/*
 * fuzz_fen.c — libFuzzer target: FEN reading in every dialect.
 *
 * Input: one byte choosing the variant (fen_variants.h, byte % count), then
 * the FEN.  Properties: a rejected FEN comes with a message and leaves the
 * position as it was; an accepted one writes back as a FEN that reads to
 * the same FEN, and its legal moves can be made and taken back
 * (fuzz_exercise_position).
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "fen_variants.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"

enum { NVARIANTS = sizeof fen_variants / sizeof fen_variants[0], MAX_FEN = 2048 };

/* Loaded once for the whole run (libFuzzer calls the target many times). */
static VariantSet variants;
static const Variant *chosen[NVARIANTS];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    varset_init(&variants);
    if (varset_load_builtin(&variants, stderr, "") != 0)
        fuzz_fail("the built-in variants do not load");
    for (int i = 0; i < NVARIANTS; i++)
        if (!(chosen[i] = varset_find(&variants, fen_variants[i])))
            fuzz_fail("fen_variants.h names '%s', which is not shipped", fen_variants[i]);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_FEN)
        return 0;
    const Variant *v = chosen[data[0] % NVARIANTS];
    char *fen = fuzz_text(data + 1, size - 1);
    Position *pos = malloc(sizeof *pos);
    if (!pos)
        abort();
    position_start(pos, v);
    char start[1024], now[1024], err[256] = "";
    position_get_fen(pos, start, sizeof start);
    if (position_set_fen(pos, v, fen, err, sizeof err) == 0) {
        fuzz_exercise_position(pos);
    } else {
        if (!err[0])
            fuzz_fail("%s: FEN '%s' rejected without a message", v->name, fen);
        position_get_fen(pos, now, sizeof now);
        if (strcmp(start, now))
            fuzz_fail("%s: rejecting '%s' changed the position to '%s'", v->name, fen, now);
    }
    free(pos);
    free(fen);
    return 0;
}
