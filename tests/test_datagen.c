/*
 * test_datagen.c — self-play training data (commands/datagen.h): the
 * format read back with the engine's own FEN reader, determinism for a
 * seed whatever the thread count, resuming an interrupted file, and the
 * files it must refuse to touch.  Tiny node counts and short games keep
 * it to a few seconds.
 */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "board/attack.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "commands/datagen.h"
#include "notation/fen.h"
#include "util/number.h"
#include "cunit_run.h"

#define RANDOM_PLIES 8

static VariantSet set;
static char dir[] = "/tmp/menagerie-datagen-XXXXXX";

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_all(&set, NULL, stderr, "");
    return mkdtemp(dir) ? 0 : -1;
}

static int suite_clean(void)
{
    char cmd[sizeof dir + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    varset_free(&set);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *path_of(const char *name)
{
    static char path[sizeof dir + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static DatagenOptions options(const char *variant, const char *name, long long games,
                              long long seed, long long threads)
{
    DatagenOptions opt;
    datagen_defaults(&opt);
    opt.variant = variant;
    opt.path = path_of(name);
    opt.games = games;
    opt.seed = seed;
    opt.threads = threads;
    opt.nodes = 300;
    opt.random_plies = RANDOM_PLIES;
    opt.max_plies = 160;
    opt.hash_mb = 1;
    return opt;
}

/* Run datagen; the exit status. */
static int generate(const char *variant, const char *name, long long games, long long seed,
                    long long threads)
{
    DatagenOptions opt = options(variant, name, games, seed, threads);
    return datagen_run(&set, &opt, NULL);
}

/* The whole file (NUL-terminated, *len bytes), or NULL. */
static char *slurp(const char *name, size_t *len)
{
    FILE *f = fopen(path_of(name), "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, k;
    char *buf = malloc(cap + 1);
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static void spill(const char *name, const char *text, size_t len)
{
    FILE *f = fopen(path_of(name), "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT(fwrite(text, 1, len, f) == len);
    fclose(f);
}

static bool same_files(const char *a, const char *b)
{
    size_t na, nb;
    char *ta = slurp(a, &na), *tb = slurp(b, &nb);
    bool same = ta && tb && na == nb && memcmp(ta, tb, na) == 0;
    free(ta);
    free(tb);
    return same;
}

/* One "FEN | SCORE | RESULT" line: the FEN must be what the FEN writer
 * prints for the position the reader makes of it, the side to move not in
 * check and past the random opening, the score an integer within the
 * recording bound.  *result gets the result. */
static void check_position_line(const Variant *v, Position *pos, char *line, const char **result)
{
    char *bar2 = strrchr(line, '|');
    CU_ASSERT_PTR_NOT_NULL_FATAL(bar2);
    *bar2 = '\0';
    char *bar1 = strrchr(line, '|');
    CU_ASSERT_PTR_NOT_NULL_FATAL(bar1);
    *bar1 = '\0';
    CU_ASSERT_FATAL(bar1 > line + 1 && bar1[-1] == ' ' && bar2[-1] == ' ' && bar2[1] == ' ');
    bar1[-1] = bar2[-1] = '\0';
    const char *fen = line, *score = bar1 + 1;
    *result = bar2 + 2;
    long long cp;
    CU_ASSERT(number_parse_int(score, -2000, 2000, &cp) == NUMBER_OK);
    CU_ASSERT(strcmp(*result, "1.0") == 0 || strcmp(*result, "0.5") == 0
              || strcmp(*result, "0.0") == 0);
    char err[256], again[FEN_MAX];
    if (position_set_fen(pos, v, fen, err, sizeof err) != 0) {
        fprintf(stderr, "\n%s: %s: %s\n", v->name, fen, err);
        CU_FAIL_FATAL("the FEN reader refuses a FEN datagen wrote");
    }
    position_get_fen(pos, again, sizeof again);
    CU_ASSERT_STRING_EQUAL(again, fen);
    CU_ASSERT(!attack_in_check(pos, pos->side));
    CU_ASSERT(pos->fullmove >= 1 + RANDOM_PLIES / 2);
}

/* Every line of the file is the header, a position line, or the end of a
 * game whose result its position lines carry.  Returns the positions. */
static int check_format(const char *variant, const char *name, int games)
{
    const Variant *v = varset_find(&set, variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    Position *pos = malloc(sizeof *pos);
    char *text = slurp(name, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char header[MAX_NAME + 32];
    snprintf(header, sizeof header, "# menagerie datagen %s ", v->name);
    CU_ASSERT(strncmp(text, header, strlen(header)) == 0);
    int positions = 0, game = 0, in_game = 0;
    const char *game_result = NULL;
    char *save = NULL;
    for (char *line = strtok_r(strchr(text, '\n') + 1, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#') {
            char expect[32];
            snprintf(expect, sizeof expect, "# game %d: ", game++);
            CU_ASSERT(strncmp(line, expect, strlen(expect)) == 0);
            if (in_game)
                CU_ASSERT(strncmp(line + strlen(expect), game_result, 3) == 0);
            in_game = 0;
            continue;
        }
        const char *result;
        check_position_line(v, pos, line, &result);
        if (in_game)
            CU_ASSERT_STRING_EQUAL(result, game_result);
        game_result = result;
        in_game = 1;
        positions++;
    }
    CU_ASSERT_EQUAL(game, games);
    CU_ASSERT(!in_game);
    free(text);
    free(pos);
    return positions;
}

static void test_format(void)
{
    static const char *const variants[] = { "chess", "xiangqi", "shogi" };
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL_FATAL(generate(variants[i], variants[i], 2, 1, 2), 0);
        CU_ASSERT(check_format(variants[i], variants[i], 2) > 10);
    }
}

static void test_determinism(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("chess", "seed1-t1", 3, 1, 1), 0);
    CU_ASSERT_EQUAL_FATAL(generate("chess", "seed1-t1-again", 3, 1, 1), 0);
    CU_ASSERT_EQUAL_FATAL(generate("chess", "seed1-t2", 3, 1, 2), 0);
    CU_ASSERT_EQUAL_FATAL(generate("chess", "seed2-t1", 3, 2, 1), 0);
    CU_ASSERT(same_files("seed1-t1", "seed1-t1-again"));
    /* written in game order: the same bytes, not only the same lines */
    CU_ASSERT(same_files("seed1-t1", "seed1-t2"));
    CU_ASSERT(!same_files("seed1-t1", "seed2-t1"));
}

static void test_resume(void)
{
    size_t whole_len, half_len;
    CU_ASSERT_EQUAL_FATAL(generate("chess", "whole", 4, 7, 2), 0);
    CU_ASSERT_EQUAL_FATAL(generate("chess", "resumed", 2, 7, 1), 0);
    char *whole = slurp("whole", &whole_len), *half = slurp("resumed", &half_len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(whole);
    CU_ASSERT_PTR_NOT_NULL_FATAL(half);
    CU_ASSERT_FATAL(half_len < whole_len && memcmp(whole, half, half_len) == 0);
    CU_ASSERT_EQUAL_FATAL(generate("chess", "resumed", 4, 7, 2), 0);
    CU_ASSERT(same_files("whole", "resumed"));

    /* killed while writing game 2: cut mid-line, then at a line's end */
    const char *game2_end = strstr(whole + half_len, "\n# game 2: ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(game2_end);
    size_t game2_len = (size_t)(game2_end - whole) - half_len;
    CU_ASSERT_FATAL(game2_len > 40);
    spill("cut", whole, half_len + game2_len / 2);
    CU_ASSERT_EQUAL(generate("chess", "cut", 4, 7, 2), 0);
    CU_ASSERT(same_files("whole", "cut"));
    spill("cut", whole, (size_t)(game2_end - whole) + 1);
    CU_ASSERT_EQUAL(generate("chess", "cut", 4, 7, 1), 0);
    CU_ASSERT(same_files("whole", "cut"));
    /* killed while writing the header */
    spill("cut", whole, 10);
    CU_ASSERT_EQUAL(generate("chess", "cut", 4, 7, 1), 0);
    CU_ASSERT(same_files("whole", "cut"));

    /* asking for fewer games than the file holds changes nothing */
    CU_ASSERT_EQUAL(generate("chess", "cut", 3, 7, 1), 0);
    CU_ASSERT(same_files("whole", "cut"));
    free(whole);
    free(half);
}

/* A refused run leaves the file as it was. */
static void check_refused(const DatagenOptions *opt, const char *name)
{
    size_t before_len, after_len;
    char *before = slurp(name, &before_len);
    CU_ASSERT_EQUAL(datagen_run(&set, opt, NULL), 2);
    char *after = slurp(name, &after_len);
    CU_ASSERT_FATAL(before && after);
    CU_ASSERT(before_len == after_len && memcmp(before, after, before_len) == 0);
    free(before);
    free(after);
}

static void test_refusals(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("chess", "mine", 1, 3, 1), 0);
    DatagenOptions opt = options("chess", "mine", 2, 4, 1);         /* another seed */
    check_refused(&opt, "mine");
    opt = options("chess", "mine", 2, 3, 1);
    opt.nodes = 301;                                                 /* another node count */
    check_refused(&opt, "mine");
    opt = options("xiangqi", "mine", 2, 3, 1);                       /* another variant */
    check_refused(&opt, "mine");

    const char *notes = "my notes\n# game 0: not really\n";
    spill("notes", notes, strlen(notes));
    opt = options("chess", "notes", 2, 3, 1);
    check_refused(&opt, "notes");

    /* a header that matches, but games that are not numbered in order */
    size_t len;
    char *text = slurp("mine", &len), *game = strstr(text, "# game 0:");
    CU_ASSERT_PTR_NOT_NULL_FATAL(game);
    game[7] = '5';
    spill("renumbered", text, len);
    opt = options("chess", "renumbered", 2, 3, 1);
    check_refused(&opt, "renumbered");
    free(text);

    opt = options("nosuchvariant", "none", 2, 3, 1);
    CU_ASSERT_EQUAL(datagen_run(&set, &opt, NULL), 2);
    opt = options("chess", "none", 2, 3, 1);
    opt.max_plies = RANDOM_PLIES;
    CU_ASSERT_EQUAL(datagen_run(&set, &opt, NULL), 2);
    CU_ASSERT(access(path_of("none"), F_OK) != 0);                   /* nothing created */
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("datagen", suite_init, suite_clean);
    CU_add_test(t, "format read back by the engine", test_format);
    CU_add_test(t, "deterministic for a seed", test_determinism);
    CU_add_test(t, "resumed after an interruption", test_resume);
    CU_add_test(t, "refused settings and files", test_refusals);
    return cunit_run_registry();
}
