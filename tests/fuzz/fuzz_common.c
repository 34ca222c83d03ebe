/*
 * fuzz_common.c — helpers shared by the libFuzzer targets (fuzz_common.h).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "board/movegen.h"
#include "board/rules.h"
#include "notation/fen.h"

FILE *fuzz_null(void)
{
    static FILE *null;          /* opened once for the whole fuzzing run */
    if (!null)
        null = fopen("/dev/null", "w");
    if (!null)
        fuzz_fail("cannot open /dev/null");
    return null;
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz property failed: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* The FEN of `pos` must read back as a position that writes the same FEN. */
static void check_fen_round_trip(const Position *pos, Position *scratch, const char *context)
{
    char fen[1024], again[1024], err[256];
    position_get_fen(pos, fen, sizeof fen);
    if (position_set_fen(scratch, pos->v, fen, err, sizeof err) != 0)
        fuzz_fail("%s: FEN '%s' written by the engine does not read: %s", context, fen, err);
    position_get_fen(scratch, again, sizeof again);
    if (strcmp(fen, again))
        fuzz_fail("%s: FEN '%s' reads back as '%s'", context, fen, again);
}

void fuzz_exercise_position(Position *pos)
{
    MoveList *ml = malloc(sizeof *ml);
    Position *scratch = malloc(sizeof *scratch);
    char before[1024], after[1024], context[1200];
    if (!ml || !scratch)
        abort();
    position_get_fen(pos, before, sizeof before);
    if (pos->hash != position_compute_hash(pos))
        fuzz_fail("hash of '%s' is not the hash of its board", before);
    check_fen_round_trip(pos, scratch, "set-up");
    rules_legal_moves(pos, ml);
    for (int i = 0; i < ml->n; i++) {
        snprintf(context, sizeof context, "after move %d of '%s'", i, before);
        position_make(pos, ml->m[i]);
        if (pos->hash != position_compute_hash(pos))
            fuzz_fail("%s: the hash does not follow the board", context);
        check_fen_round_trip(pos, scratch, context);
        position_unmake(pos);
        position_get_fen(pos, after, sizeof after);
        if (strcmp(before, after))
            fuzz_fail("%s: taking it back gives '%s'", context, after);
    }
    free(ml);
    free(scratch);
}
