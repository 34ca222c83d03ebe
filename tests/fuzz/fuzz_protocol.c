/*
 * fuzz_protocol.c — libFuzzer target: the CECP and UCI command interpreters.
 *
 * Input: a session, one command per line, as a GUI would send it; the first
 * line chooses the protocol as on standard input (`uci`, or anything else
 * for CECP).  The lines are queued with io_feed (no reader thread), then the
 * session runs to the end of input, which also stops any search it started
 * (searches stay short: they last as long as the rest of the input takes to
 * read).  Commands that only cost time or memory, or read files, are left
 * out (see withheld[]).  Output goes to /dev/null unless
 * MENAGERIE_FUZZ_VERBOSE is set.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "fuzz_common.h"
#include "protocol/io.h"
#include "protocol/protocol.h"
#include "catalog/variant_load.h"

enum { MAX_SESSION = 16 * 1024 };

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Lines containing these words (any case) are dropped: perft, divide and
 * bench run for as long as their depth says, Hash/memory and Threads/cores
 * allocate what they are told, VariantPath and "Variant files" read files
 * (and would change the variants for later inputs), `variantdef` and the
 * "Variant definition" option would change them too (fuzz_variant sends
 * its texts as definitions). */
static const char *const withheld[] = {
    "perft", "divide", "bench", "hash", "memory", "threads", "cores", "variantpath",
    "variant files", "variantdef", "variant definition",
};

/* Loaded once for the whole run; sessions never change it (see withheld). */
static VariantSet variants;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    varset_init(&variants);
    if (varset_load_builtin(&variants, stderr, "") != 0)
        fuzz_fail("the built-in variants do not load");
    if (!getenv("MENAGERIE_FUZZ_VERBOSE") && !freopen("/dev/null", "w", stdout))
        fuzz_fail("cannot send standard output to /dev/null");
    return 0;
}

static bool is_withheld(const char *line, size_t len)
{
    for (size_t w = 0; w < sizeof withheld / sizeof withheld[0]; w++) {
        size_t n = strlen(withheld[w]);
        for (size_t i = 0; i + n <= len; i++)
            if (!strncasecmp(line + i, withheld[w], n))
                return true;
    }
    return false;
}

/* The line of `data` at `start` ends before *end, the next one starts at
 * *next. */
static void line_at(const uint8_t *data, size_t size, size_t start, size_t *end, size_t *next)
{
    const uint8_t *nl = memchr(data + start, '\n', size - start);
    *end = nl ? (size_t)(nl - data) : size;
    *next = nl ? *end + 1 : size;
}

/* The line as io.h and protocol_serve() see it: cut at a NUL, without
 * leading spaces and tabs and trailing blanks. */
static void trim(const char **line, size_t *len)
{
    const char *nul = memchr(*line, '\0', *len);
    if (nul)
        *len = (size_t)(nul - *line);
    while (*len > 0 && (**line == ' ' || **line == '\t'))
        (*line)++, (*len)--;
    while (*len > 0 && strchr(" \t\r", (*line)[*len - 1]))
        (*len)--;
}

/* The session without the withheld lines, and with the smallest hash table
 * right after the line that chooses the protocol (a new game clears the
 * table: 16 MB would be most of the time spent). */
static size_t prepare_session(const uint8_t *data, size_t size, char *out)
{
    size_t n = 0, start = 0, end, next;
    bool chosen = false;
    while (start < size) {
        line_at(data, size, start, &end, &next);
        const char *line = (const char *)data + start;
        size_t len = end - start;
        start = next;
        if (is_withheld(line, len))
            continue;
        memcpy(out + n, line, len);
        n += len;
        out[n++] = '\n';
        const char *word = line;
        size_t wlen = len;
        trim(&word, &wlen);
        if (!chosen && wlen > 0) {
            chosen = true;
            bool uci = wlen == 3 && !memcmp(word, "uci", 3);
            const char *small = uci ? "setoption name Hash value 1\n" : "memory 1\n";
            memcpy(out + n, small, strlen(small));
            n += strlen(small);
        }
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_SESSION)
        return 0;
    char *session = malloc(2 * size + 64);
    if (!session)
        abort();
    size_t len = prepare_session(data, size, session);
    io_reset();
    io_feed(session, len);
    protocol_serve(&variants, NULL);
    io_reset();
    free(session);
    return 0;
}
