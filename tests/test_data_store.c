/*
 * test_data_store.c — binary training data (commands/data_format.h and
 * what reads and writes it): records read back as written, datagen's
 * binary and text files holding the same positions, text -> binary ->
 * text giving the same file, a file cut mid-record read to its last whole
 * game (and continued by datagen to the same bytes), a store of several
 * files read as one with the repeated positions dropped, shards that make
 * one run's games between them, and data refused for another variant or
 * other rules.  Tiny node counts keep it to a few seconds.
 */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "commands/data_cmd.h"
#include "commands/data_text.h"
#include "commands/datagen.h"
#include "commands/training_data.h"
#include "notation/fen.h"
#include "cunit_run.h"

static VariantSet set;
static char dir[] = "/tmp/menagerie-datastore-XXXXXX";
static FILE *quiet;

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_all(&set, NULL, stderr, "");
    quiet = fopen("/dev/null", "w");
    return mkdtemp(dir) && quiet ? 0 : -1;
}

static int suite_clean(void)
{
    char cmd[sizeof dir + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    varset_free(&set);
    fclose(quiet);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *path_of(const char *name)
{
    static char paths[4][sizeof dir + 64];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, sizeof paths[0], "%s/%s", dir, name);
    return p;
}

static int generate(const char *name, long long games, long long shard, long long shards)
{
    DatagenOptions opt;
    datagen_defaults(&opt);
    opt.variant = "chess";
    opt.path = path_of(name);
    opt.games = games;
    opt.threads = 2;
    opt.nodes = 300;
    opt.max_plies = 120;
    opt.hash_mb = 1;
    opt.shard = shard;
    opt.shards = shards;
    return datagen_run(&set, &opt, NULL);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static void spill(const char *path, const char *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT(fwrite(bytes, 1, len, f) == len);
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

/* ---- what a reader sees: the positions as text lines ----------------------------- */

typedef struct {
    char *text;
    size_t len, cap;
    long n;
} Seen;

static bool see(void *ctx, const Position *pos, int score, double result)
{
    Seen *s = ctx;
    char line[FEN_MAX + 32];
    training_data_line(pos, score, result, line, sizeof line);
    size_t n = strlen(line);
    if (s->len + n + 1 > s->cap) {
        s->cap = 2 * (s->len + n + 1);
        s->text = realloc(s->text, s->cap);
    }
    memcpy(s->text + s->len, line, n + 1);
    s->len += n;
    s->n++;
    return true;
}

/* Read paths as `variant` into *seen; the reader's status. */
static int read_as(const char *variant, const char *const *paths, int n, bool unique, Seen *seen,
                   TrainingReader *out)
{
    const Variant *v = varset_find(&set, variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    TrainingReader r = { .v = v, .log = quiet, .command = "test", .unique = unique,
                         .pos = malloc(sizeof(Position)) };
    memset(seen, 0, sizeof *seen);
    int rc = training_data_read(&r, paths, n, see, seen);
    free(r.pos);
    if (out)
        *out = r;
    return rc;
}

static long count_positions(const char *path)
{
    Seen s;
    const char *paths[] = { path };
    CU_ASSERT_EQUAL(read_as("chess", paths, 1, false, &s, NULL), 0);
    free(s.text);
    return s.n;
}

/* ---- the tests ------------------------------------------------------------------------ */

/* A record built by hand, with scores a text file may hold, framed and
 * read back: the same positions, scores and results. */
static void test_record_round_trip(void)
{
    const Variant *v = varset_find(&set, "chess");
    DataTextEncoder e;
    data_text_encoder_init(&e, v);
    Position *pos = malloc(sizeof *pos);
    char err[256];
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",   /* one ply on */
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",   /* two on */
        "8/8/4k3/8/8/4K3/8/8 w - - 0 60",                                   /* elsewhere */
    };
    static const int scores[] = { 0, -1000000, 1000000, 77 };
    DataBuf bytes = { NULL, 0, 0 };
    Seen want;
    memset(&want, 0, sizeof want);
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fens[i], err, sizeof err), 0);
        data_text_add(&e, pos, scores[i], 0.5, &bytes);
        see(&want, pos, scores[i], 0.5);
    }
    CU_ASSERT(data_text_end_line(&e, "# game 41: 0.5 in 119 plies, 50-move rule\n", &bytes));
    data_text_encoder_free(&e);

    DataHeader h = { "chess", data_fingerprint(v), "a test" };
    DataBuf file = { NULL, 0, 0 };
    data_header_encode(&h, &file);
    databuf_put(&file, bytes.b, bytes.len);
    spill(path_of("hand.mgd"), (const char *)file.b, file.len);

    Seen got;
    const char *paths[] = { path_of("hand.mgd") };
    CU_ASSERT_EQUAL(read_as("chess", paths, 1, false, &got, NULL), 0);
    CU_ASSERT_EQUAL(got.n, 4);
    CU_ASSERT(got.text && strcmp(got.text, want.text) == 0);
    /* two segments: the first three positions linked by moves, the last by FEN */
    CU_ASSERT(file.len < 200);
    free(got.text);
    free(want.text);
    free(pos);
    databuf_free(&bytes);
    databuf_free(&file);
}

/* datagen's binary and text files of the same settings hold the same
 * positions, scores and results; the binary one is several times smaller. */
static void test_binary_equals_text(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("run.mgd", 4, 1, 1), 0);
    CU_ASSERT_EQUAL_FATAL(generate("run.txt", 4, 1, 1), 0);
    Seen b, t;
    const char *pb[] = { path_of("run.mgd") }, *pt[] = { path_of("run.txt") };
    CU_ASSERT_EQUAL(read_as("chess", pb, 1, false, &b, NULL), 0);
    CU_ASSERT_EQUAL(read_as("chess", pt, 1, false, &t, NULL), 0);
    CU_ASSERT(b.n > 50);
    CU_ASSERT_EQUAL(b.n, t.n);
    CU_ASSERT(b.text && t.text && strcmp(b.text, t.text) == 0);
    size_t nb, nt;
    free(slurp(path_of("run.mgd"), &nb));
    free(slurp(path_of("run.txt"), &nt));
    CU_ASSERT(nb * 8 < nt);
    free(b.text);
    free(t.text);
}

/* Text -> binary -> text gives back datagen's text byte for byte, and
 * binary -> text -> binary the same positions. */
static void test_conversion(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("conv.txt", 3, 1, 1), 0);
    CU_ASSERT_EQUAL(data_convert(&set, NULL, path_of("conv.txt"), path_of("conv.mgd"), quiet), 0);
    CU_ASSERT_EQUAL(data_convert(&set, NULL, path_of("conv.mgd"), path_of("back.txt"), quiet), 0);
    CU_ASSERT(same_files(path_of("conv.txt"), path_of("back.txt")));
    CU_ASSERT_EQUAL(count_positions(path_of("conv.mgd")), count_positions(path_of("conv.txt")));

    /* text that is not datagen's: no game lines, a result that changes,
       comments, a malformed line (left out) */
    static const char text[] =
        "# my notes\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 1.0\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 | 30 | 1.0\n"
        "not a position\n"
        "\n"
        "8/8/4k3/8/8/4K3/8/8 w - - 0 60 | -5 | 0.0\n";
    spill(path_of("mine.txt"), text, strlen(text));
    CU_ASSERT_EQUAL(data_convert(&set, "chess", path_of("mine.txt"), path_of("mine.mgd"), quiet), 0);
    CU_ASSERT_EQUAL(data_convert(&set, NULL, path_of("mine.mgd"), path_of("mine2.txt"), quiet), 0);
    Seen a, b;
    const char *pa[] = { path_of("mine.txt") }, *pb[] = { path_of("mine2.txt") };
    read_as("chess", pa, 1, false, &a, NULL);
    read_as("chess", pb, 1, false, &b, NULL);
    CU_ASSERT_EQUAL(a.n, 3);
    CU_ASSERT(a.text && b.text && strcmp(a.text, b.text) == 0);
    free(a.text);
    free(b.text);
    /* text to text, or a text file naming no variant with none given */
    CU_ASSERT_EQUAL(data_convert(&set, NULL, path_of("mine.txt"), path_of("x.txt"), quiet), 2);
    CU_ASSERT_EQUAL(data_convert(&set, NULL, path_of("mine.txt"), path_of("x.mgd"), quiet), 2);
}

/* A file cut anywhere inside a record reads to its last whole game, and
 * datagen continues it to the bytes of a run never cut. */
static void test_torn_file(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("whole.mgd", 4, 1, 1), 0);
    CU_ASSERT_EQUAL_FATAL(generate("three.mgd", 3, 1, 1), 0);
    size_t nwhole, nthree;
    char *whole = slurp(path_of("whole.mgd"), &nwhole);
    free(slurp(path_of("three.mgd"), &nthree));
    CU_ASSERT_FATAL(whole && nthree < nwhole);
    long three = count_positions(path_of("three.mgd"));
    CU_ASSERT(three < count_positions(path_of("whole.mgd")));
    size_t cuts[] = { nthree + 1, nthree + 4, nthree + 5, (nthree + nwhole) / 2, nwhole - 1 };
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        spill(path_of("cut.mgd"), whole, cuts[i]);
        CU_ASSERT_EQUAL(count_positions(path_of("cut.mgd")), three);
    }
    CU_ASSERT_EQUAL(generate("cut.mgd", 4, 1, 1), 0);
    CU_ASSERT(same_files(path_of("whole.mgd"), path_of("cut.mgd")));
    /* cut inside the header: a file that never got a game */
    spill(path_of("cut.mgd"), whole, 12);
    CU_ASSERT_EQUAL(count_positions(path_of("cut.mgd")), 0);
    CU_ASSERT_EQUAL(generate("cut.mgd", 4, 1, 1), 0);
    CU_ASSERT(same_files(path_of("whole.mgd"), path_of("cut.mgd")));
    /* a damaged byte mid-file: the games before it are read, the rest refused */
    whole[nthree - 10] ^= 0x55;
    spill(path_of("bad.mgd"), whole, nwhole);
    CU_ASSERT(count_positions(path_of("bad.mgd")) < three);
    free(whole);
}

/* A store: the files of a directory read as one, a position repeated
 * across them kept once; shards hold one run's games between them. */
static void test_store(void)
{
    char store[sizeof dir + 16];
    snprintf(store, sizeof store, "%s/store", dir);
    CU_ASSERT_EQUAL_FATAL(mkdir(store, 0777), 0);
    CU_ASSERT_EQUAL_FATAL(generate("all.mgd", 6, 1, 1), 0);
    for (int k = 1; k <= 3; k++) {
        char name[32];
        snprintf(name, sizeof name, "store/s%d.mgd", k);
        CU_ASSERT_EQUAL_FATAL(generate(name, 6, k, 3), 0);
    }
    Seen all, shards;
    TrainingReader r;
    const char *pall[] = { path_of("all.mgd") }, *pstore[] = { store };
    CU_ASSERT_EQUAL(read_as("chess", pall, 1, true, &all, &r), 0);
    long unique_all = all.n;
    CU_ASSERT_EQUAL(read_as("chess", pstore, 1, true, &shards, &r), 0);
    CU_ASSERT_EQUAL(r.files, 3);
    CU_ASSERT_EQUAL(r.games, 6);
    CU_ASSERT_EQUAL(shards.n, unique_all);
    free(shards.text);

    /* the whole run and its shards together: every position twice */
    const char *both[] = { path_of("all.mgd"), store };
    CU_ASSERT_EQUAL(read_as("chess", both, 2, true, &shards, &r), 0);
    CU_ASSERT_EQUAL(shards.n, unique_all);
    CU_ASSERT(r.duplicates >= unique_all);
    CU_ASSERT(shards.text && all.text && strcmp(shards.text, all.text) == 0);
    free(shards.text);
    /* without dropping: all of them */
    CU_ASSERT_EQUAL(read_as("chess", both, 2, false, &shards, &r), 0);
    CU_ASSERT_EQUAL(shards.n, 2 * count_positions(path_of("all.mgd")));
    CU_ASSERT_EQUAL(r.duplicates, 0);
    free(shards.text);
    free(all.text);
}

/* Data is refused for another variant, and for the same name with other
 * rules; the same rules under a new evaluation are accepted. */
static void test_variant_check(void)
{
    CU_ASSERT_EQUAL_FATAL(generate("v.mgd", 1, 1, 1), 0);
    Seen s;
    /* a copy: path_of's buffers are reused four calls later, and the
       calls below (arguments evaluated in either order) would overwrite it */
    char mgd[sizeof dir + 64];
    snprintf(mgd, sizeof mgd, "%s", path_of("v.mgd"));
    const char *p[] = { mgd };
    CU_ASSERT_EQUAL(read_as("xiangqi", p, 1, false, &s, NULL), -1);
    free(s.text);
    CU_ASSERT_EQUAL(data_convert(&set, "xiangqi", path_of("v.mgd"), path_of("v.txt"), quiet), 2);

    VariantSet other;
    varset_init(&other);
    varset_load_all(&other, NULL, stderr, "");
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&other, "evaluated.yaml",
                                           "name: chess\nextends: chess\neval: ~\n", stderr, ""), 0);
    const Variant *same = varset_find(&other, "chess");
    CU_ASSERT_EQUAL(data_fingerprint(same), data_fingerprint(varset_find(&set, "chess")));
    CU_ASSERT_EQUAL(data_convert(&other, NULL, path_of("v.mgd"), path_of("v.txt"), quiet), 0);
    CU_ASSERT_EQUAL_FATAL(varset_load_text(&other, "changed.yaml",
                                           "name: chess\nextends: chess\npieces:\n"
                                           "  N: {name: knight, moves: NW, value: 400}\n",
                                           stderr, ""), 0);
    const Variant *changed = varset_find(&other, "chess");
    CU_ASSERT_NOT_EQUAL(data_fingerprint(changed), data_fingerprint(varset_find(&set, "chess")));
    CU_ASSERT_EQUAL(data_convert(&other, NULL, path_of("v.mgd"), path_of("v.txt"), quiet), 2);
    TrainingReader r = { .v = changed, .log = quiet, .command = "test",
                         .pos = malloc(sizeof(Position)) };
    memset(&s, 0, sizeof s);
    CU_ASSERT_EQUAL(training_data_read(&r, p, 1, see, &s), -1);
    CU_ASSERT_EQUAL(s.n, 0);
    free(r.pos);
    free(s.text);
    varset_free(&other);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite t = CU_add_suite("data store", suite_init, suite_clean);
    CU_add_test(t, "a record read back as written", test_record_round_trip);
    CU_add_test(t, "binary and text hold the same positions", test_binary_equals_text);
    CU_add_test(t, "text to binary to text", test_conversion);
    CU_add_test(t, "a torn file reads its whole games", test_torn_file);
    CU_add_test(t, "a store with shards and duplicates", test_store);
    CU_add_test(t, "data of other rules refused", test_variant_check);
    return cunit_run_registry();
}
