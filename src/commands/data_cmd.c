/*
 * data_cmd.c — `menagerie data convert` and `menagerie data info`
 * (data_cmd.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "commands/data_cmd.h"
#include "commands/data_text.h"
#include "commands/training_data.h"
#include "util/alloc.h"

#define DATAGEN_HEADER "# menagerie datagen "

static const char USAGE[] =
    "usage: menagerie data info PATH...\n"
    "       menagerie data convert [-v VARIANT] IN OUT\n";

static const char HELP[] =
    "  info PATH...     what data files and directories (a store) hold: the variant,\n"
    "                   how the data was made, games, positions, bytes a position\n"
    "  convert IN OUT   text to binary or back: OUT is binary (.mgd) when its name\n"
    "                   ends in .mgd, else text; -v VARIANT where a text IN does not\n"
    "                   name its variant in a datagen header\n"
    "See menagerie(6), SELF-PLAY DATA.\n";

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static bool write_bytes(FILE *out, const DataBuf *b)
{
    return fwrite(b->b, 1, b->len, out) == b->len;
}

/* ---- text to binary --------------------------------------------------------------- */

/* The variant a datagen header names ("# menagerie datagen NAME ..."). */
static void header_variant(const char *line, char *name, size_t size)
{
    name[0] = '\0';
    if (strncmp(line, DATAGEN_HEADER, strlen(DATAGEN_HEADER)) == 0) {
        const char *p = line + strlen(DATAGEN_HEADER);
        snprintf(name, size, "%.*s", (int)strcspn(p, " \r\n"), p);
    }
}

/* The lines of `in` as game records into `out` (after the header). */
static void encode_lines(TrainingReader *r, FILE *in, const char *path, DataBuf *out)
{
    DataTextEncoder e;
    data_text_encoder_init(&e, r->v);
    char *text = NULL;
    size_t size = 0;
    long line = 0;
    while (getline(&text, &size, in) > 0) {
        line++;
        char *t = text + strspn(text, " \t");
        if (*t == '#') {
            data_text_end_line(&e, t, out);
            continue;
        }
        size_t n = strlen(t);
        while (n && strchr(" \t\r\n", t[n - 1]))
            t[--n] = '\0';
        int score;
        double result;
        if (*t && training_data_parse(r, path, line, t, &score, &result))
            data_text_add(&e, r->pos, score, result, out);
    }
    data_text_flush(&e, out);
    free(text);
    data_text_encoder_free(&e);
}

static int text_to_binary(const Variant *v, FILE *in, const char *path, const char *first,
                          FILE *out, FILE *log)
{
    DataHeader h;
    memset(&h, 0, sizeof h);
    snprintf(h.variant, sizeof h.variant, "%s", v->name);
    h.fingerprint = data_fingerprint(v);
    if (strncmp(first, DATAGEN_HEADER, strlen(DATAGEN_HEADER)) == 0)
        snprintf(h.made, sizeof h.made, "%.*s", (int)strcspn(first + 2, "\r\n"), first + 2);
    else
        snprintf(h.made, sizeof h.made, "converted from %.900s", path);
    DataBuf buf = { NULL, 0, 0 };
    data_header_encode(&h, &buf);
    TrainingReader r = { .v = v, .log = log, .command = "data convert",
                         .pos = alloc_memory(sizeof(Position)) };
    encode_lines(&r, in, path, &buf);
    free(r.pos);
    if (r.malformed)
        fprintf(log, "%ld malformed lines left out\n", r.malformed);
    bool ok = write_bytes(out, &buf);
    databuf_free(&buf);
    return ok ? 0 : 1;
}

/* ---- binary to text --------------------------------------------------------------- */

static int binary_to_text(const Variant *v, FILE *in, const char *path, FILE *out, FILE *log)
{
    DataHeader h;
    char err[512];
    if (data_header_read(in, &h, err, sizeof err) != 0) {
        fprintf(log, "menagerie data: %s: %s\n", path, err);
        return 1;
    }
    if (strcmp(h.variant, v->name) != 0 || h.fingerprint != data_fingerprint(v)) {
        fprintf(log, "menagerie data: %s: made for %s rules of '%s' than this program's; its "
                     "moves cannot be replayed (made by: %s)\n", path,
                strcmp(h.variant, v->name) ? "the" : "other", h.variant, h.made);
        return 2;
    }
    DataReplayer rp = { v, alloc_memory(sizeof(Position)), alloc_memory(sizeof(MoveList)) };
    DataBuf record = { NULL, 0, 0 }, text = { NULL, 0, 0 };
    databuf_put(&text, "# ", 2);
    databuf_put(&text, h.made, strlen(h.made));
    databuf_byte(&text, '\n');
    DataRecordStatus st;
    long games = 0;
    int status = 0;
    while ((st = data_record_read(in, &record)) == DATA_RECORD_OK) {
        games++;
        if (data_text_of_game(&rp, &record, &text, err, sizeof err) < 0) {
            fprintf(log, "menagerie data: %s: game record %ld: %s\n", path, games, err);
            status = 1;
            break;
        }
    }
    if (st == DATA_RECORD_TORN)
        fprintf(log, "menagerie data: %s: an unfinished game at the end is left out\n", path);
    else if (st == DATA_RECORD_DAMAGED) {
        fprintf(log, "menagerie data: %s: game record %ld is damaged\n", path, games + 1);
        status = 1;
    }
    if (!write_bytes(out, &text))
        status = 1;
    databuf_free(&record);
    databuf_free(&text);
    free(rp.pos);
    free(rp.moves);
    return status;
}

/* ---- convert ---------------------------------------------------------------------- */

/* The variant of the input: given, or named by its header. */
static const Variant *input_variant(const VariantSet *set, const char *given, FILE *in,
                                    bool binary, char *first, size_t size, FILE *log)
{
    char name[DATA_NAME_MAX] = "";
    first[0] = '\0';
    if (binary) {
        DataHeader h;
        char err[256];
        if (data_header_read(in, &h, err, sizeof err) == 0)
            snprintf(name, sizeof name, "%s", h.variant);
        rewind(in);
    } else {
        if (!fgets(first, (int)size, in))
            first[0] = '\0';
        header_variant(first, name, sizeof name);
        rewind(in);
    }
    const char *want = given ? given : name;
    if (!*want) {
        fprintf(log, "menagerie data convert: which variant? (-v VARIANT; the input has no "
                     "datagen header naming it)\n");
        return NULL;
    }
    const Variant *v = varset_find(set, want);
    if (!v || v->abstract)
        fprintf(log, "menagerie: unknown variant '%s' (try 'menagerie list')\n", want);
    return v && !v->abstract ? v : NULL;
}

int data_convert(const VariantSet *set, const char *variant, const char *in_path,
                 const char *out_path, FILE *log)
{
    FILE *in = fopen(in_path, "rb");
    if (!in) {
        fprintf(log, "menagerie data: %s: %s\n", in_path, strerror(errno));
        return 1;
    }
    bool from_binary = data_is_binary(in), to_binary = ends_with(out_path, DATA_EXTENSION);
    char first[DATA_MADE_MAX];
    const Variant *v = input_variant(set, variant, in, from_binary, first, sizeof first, log);
    if (!v || from_binary == to_binary) {
        if (v)
            fprintf(log, "menagerie data convert: %s and %s are both %s: nothing to convert "
                         "(an output ending in .mgd is binary)\n", in_path, out_path,
                    to_binary ? "binary" : "text");
        fclose(in);
        return 2;
    }
    FILE *out = fopen(out_path, "wb");
    if (!out) {
        fprintf(log, "menagerie data: %s: %s\n", out_path, strerror(errno));
        fclose(in);
        return 1;
    }
    int status = from_binary ? binary_to_text(v, in, in_path, out, log)
                             : text_to_binary(v, in, in_path, first, out, log);
    fclose(in);
    if (fclose(out) != 0 && status == 0) {
        fprintf(log, "menagerie data: %s: %s\n", out_path, strerror(errno));
        status = 1;
    }
    return status;
}

/* ---- info ------------------------------------------------------------------------- */

typedef struct {
    long files, games, positions;
    long long bytes;
} Tally;

static void print_counts(const char *what, const Tally *t)
{
    printf("  %ld games, %ld positions, %lld bytes", t->games, t->positions, t->bytes);
    if (t->positions)
        printf(" (%.1f bytes a position)", (double)t->bytes / (double)t->positions);
    printf("%s\n", what);
}

static void info_binary(FILE *in, const char *path, Tally *t)
{
    DataHeader h;
    char err[256];
    if (data_header_read(in, &h, err, sizeof err) != 0) {
        printf("%s: binary, %s\n", path, err[0] ? err : "a header cut short");
        return;
    }
    printf("%s: binary, variant %s (rules %016llx)\n  made by: %s\n", path, h.variant,
           (unsigned long long)h.fingerprint, h.made);
    DataBuf record = { NULL, 0, 0 };
    DataRecordStatus st;
    while ((st = data_record_read(in, &record)) == DATA_RECORD_OK) {
        DataGame head;
        long n = data_count_positions(&record, &head);
        if (n < 0) {
            st = DATA_RECORD_DAMAGED;
            break;
        }
        t->games++;
        t->positions += n;
    }
    databuf_free(&record);
    print_counts(st == DATA_RECORD_TORN ? ", and an unfinished game at the end"
                 : st == DATA_RECORD_DAMAGED ? ", then a damaged record" : "", t);
}

static void info_text(FILE *in, const char *path, Tally *t)
{
    char *line = NULL;
    size_t size = 0;
    long lineno = 0;
    printf("%s: text", path);
    while (getline(&line, &size, in) > 0) {
        const char *s = line + strspn(line, " \t");
        if (++lineno == 1 && *s == '#')
            printf(", %.*s", (int)strcspn(s + 2, "\r\n"), s + 2);
        if (strncmp(s, "# game ", 7) == 0)
            t->games++;
        else if (*s != '#' && *s != '\n' && *s != '\r' && *s)
            t->positions++;
    }
    printf("\n");
    free(line);
    print_counts("", t);
}

static int info_file(const char *path, Tally *total)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "menagerie data: %s: %s\n", path, strerror(errno));
        return 1;
    }
    Tally t = { 1, 0, 0, 0 };
    struct stat st;
    t.bytes = fstat(fileno(in), &st) == 0 ? (long long)st.st_size : 0;
    if (data_is_binary(in))
        info_binary(in, path, &t);
    else
        info_text(in, path, &t);
    fclose(in);
    total->files++;
    total->games += t.games;
    total->positions += t.positions;
    total->bytes += t.bytes;
    return 0;
}

static int data_info(int npaths, char **paths)
{
    Tally total = { 0, 0, 0, 0 };
    int status = 0;
    for (int i = 0; i < npaths; i++) {
        struct stat st;
        if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            char **list = training_data_list_dir(paths[i]);
            for (size_t k = 0; list && list[k]; k++)
                status |= info_file(list[k], &total);
            training_data_free_list(list);
        } else {
            status |= info_file(paths[i], &total);
        }
    }
    if (total.files > 1) {
        printf("In all, %ld files:\n", total.files);
        print_counts("", &total);
    }
    return status;
}

int cmd_data(const VariantSet *set, int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(USAGE, stdout);
        fputs(HELP, stdout);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "info") == 0)
        return data_info(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "convert") == 0) {
        const char *variant = NULL;
        int i = 2;
        if (i + 1 < argc && (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--variant") == 0)) {
            variant = argv[i + 1];
            i += 2;
        }
        if (argc - i == 2)
            return data_convert(set, variant, argv[i], argv[i + 1], stderr);
    }
    fputs(USAGE, stderr);
    return 2;
}
