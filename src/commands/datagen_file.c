/*
 * datagen_file.c — datagen's file, text or binary (datagen_file.h).
 *
 * Games are appended whole, each with one write(), so the file is always a
 * header followed by whole games and perhaps the beginning of one more: a
 * run killed while writing.  Opening it again counts the whole games (the
 * "# game N" lines that end them in text, the records in binary), checks
 * that they are the run's games in order, and cuts the rest off.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "commands/datagen_file.h"
#include "util/number.h"

#define GAME_END_PREFIX "# game "

/* ---- names and headers ---------------------------------------------------------- */

void datagen_default_data_dir(char *dir, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg)
        snprintf(dir, size, "%s/menagerie/data", xdg);
    else
        snprintf(dir, size, "%s/.local/share/menagerie/data", home ? home : ".");
}

/* mkdir -p */
static bool make_dirs(char *path)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        bool ok = mkdir(path, 0777) == 0 || errno == EEXIST;
        *p = c;
        if (!ok || !c)
            return ok;
    }
}

bool datagen_store_path(const DatagenOptions *opt, const Variant *v, const char *made,
                        char *path, size_t size)
{
    char dir[1024], shard[64] = "";
    if (opt->data_dir)
        snprintf(dir, sizeof dir, "%s/%s", opt->data_dir, v->name);
    else {
        char root[900];
        datagen_default_data_dir(root, sizeof root);
        snprintf(dir, sizeof dir, "%s/%s", root, v->name);
    }
    if (!make_dirs(dir)) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", dir, strerror(errno));
        return false;
    }
    if (opt->shards > 1)
        snprintf(shard, sizeof shard, "-shard%lldof%lld", opt->shard, opt->shards);
    /* the tag tells apart runs that differ in what the name leaves out */
    snprintf(path, size, "%s/%s%lld-seed%lld%s-%08x" DATA_EXTENSION, dir,
             opt->depth ? "depth" : "nodes", opt->depth ? opt->depth : opt->nodes, opt->seed,
             shard, (unsigned)data_fnv32(made, strlen(made)));
    return true;
}

void datagen_made(const DatagenOptions *opt, const Variant *v, const char *net, bool binary,
                  char *out, size_t size)
{
    char shard[64] = "", engine[DATA_MADE_MAX / 2] = "";
    if (opt->shards > 1)
        snprintf(shard, sizeof shard, " shard=%lld/%lld", opt->shard, opt->shards);
    /* eval= only when given: files made before the option keep their header */
    if (binary)
        snprintf(engine, sizeof engine, " engine=%s%s%.300s", PACKAGE_VERSION,
                 net ? " net=" : "", net ? net : "");
    snprintf(out, size, "%smenagerie datagen %s seed=%lld nodes=%lld depth=%lld random-plies=%lld "
             "max-plies=%lld hash=%lld%s%.300s%s%s%s", binary ? "" : "# ", v->name, opt->seed,
             opt->nodes, opt->depth, opt->random_plies, opt->max_plies, opt->hash_mb,
             opt->eval_file ? " eval=" : "", opt->eval_file ? opt->eval_file : "", shard, engine,
             binary ? "" : "\n");
}

/* Write all of buf (one write() unless the system cuts it short). */
static bool write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, buf, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return false;
        buf += k;
        n -= (size_t)k;
    }
    return true;
}

/* ---- text ------------------------------------------------------------------------ */

static int refuse_header(const char *path, const char *found, const char *header)
{
    size_t n = strcspn(found, "\n");
    if (strncmp(found, "# menagerie datagen ", 20) != 0) {
        fprintf(stderr, "menagerie datagen: %s is not a datagen file (its first line is not "
                        "'# menagerie datagen ...'); it is left alone\n", path);
    } else {
        fprintf(stderr, "menagerie datagen: %s was made with other settings, so it cannot be "
                        "continued with these\n  its header: %.*s\n  these:      %s"
                        "  (give the settings of its header, or another file)\n",
                path, (int)(n < 300 ? n : 300), found, header);
    }
    return 2;
}

/* Read what an earlier text run left in f: check its header, count its
 * complete games into df->games and set *keep to the bytes they take
 * (header included; 0 for an empty file).  Returns 0, or the exit status
 * of a refusal. */
static int scan_text(FILE *f, DatagenFile *df, off_t *keep)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    off_t size = 0;
    int status = 0;
    while (status == 0 && (n = getline(&line, &cap, f)) > 0) {
        bool whole = line[n - 1] == '\n';
        lineno++;
        size += n;
        if (lineno == 1 && !(whole && strcmp(line, df->header) == 0)) {
            /* a header cut short is a file that never got a game */
            if (!(!whole && strncmp(df->header, line, (size_t)n) == 0))
                status = refuse_header(df->path, line, df->header);
        } else if (lineno == 1) {
            *keep = size;
        } else if (whole && strncmp(line, GAME_END_PREFIX, strlen(GAME_END_PREFIX)) == 0) {
            const char *p = line + strlen(GAME_END_PREFIX);
            long long number, want = datagen_game_number(df->opt, df->games);
            if (number_scan_int(&p, 0, DATAGEN_GAMES_MAX, &number) != NUMBER_OK || *p != ':'
                || number != want) {
                fprintf(stderr, "%s:%ld: expected the end of game %lld; the file was not "
                                "written by this command\n", df->path, lineno, want);
                status = 2;
            }
            df->games++;
            *keep = size;
        }
    }
    free(line);
    return status;
}

/* The same for a binary file. */
static int scan_binary(FILE *f, DatagenFile *df, const Variant *v, off_t *keep)
{
    DataHeader h;
    char err[256];
    int rc = data_header_read(f, &h, err, sizeof err);
    if (rc == 1)
        return 0;           /* empty, or a header cut short: a file that never got a game */
    if (rc < 0) {
        fprintf(stderr, "menagerie datagen: %s: %s; it is left alone\n", df->path, err);
        return 2;
    }
    if (strcmp(h.variant, v->name) != 0 || h.fingerprint != df->fingerprint
        || strcmp(h.made, df->header) != 0) {
        fprintf(stderr, "menagerie datagen: %s was made with other settings%s, so it cannot be "
                        "continued with these\n  it was made by: %s\n  these:          %s\n"
                        "  (give the settings it was made with, or another file)\n", df->path,
                h.fingerprint != df->fingerprint ? " or rules" : "", h.made, df->header);
        return 2;
    }
    *keep = ftello(f);
    DataBuf buf = { NULL, 0, 0 };
    DataGame head;
    int status = 0;
    while (status == 0 && data_record_read(f, &buf) == DATA_RECORD_OK) {
        long long want = datagen_game_number(df->opt, df->games);
        if (data_count_positions(&buf, &head) < 0 || !head.has_end || head.number != want) {
            fprintf(stderr, "menagerie datagen: %s: game record %lld is not game %lld; the file "
                            "was not written by this command\n", df->path, df->games + 1, want);
            status = 2;
        }
        df->games++;
        *keep = ftello(f);
    }
    databuf_free(&buf);
    return status;
}

/* Check and count what the file open as fd holds; *keep: the bytes of its
 * header and whole games. */
static int scan_file(int fd, DatagenFile *df, const Variant *v, off_t *keep)
{
    int copy = dup(fd);
    FILE *f = copy >= 0 ? fdopen(copy, "r") : NULL;
    if (!f) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", df->path, strerror(errno));
        if (copy >= 0)
            close(copy);
        return 1;
    }
    *keep = 0;
    df->games = 0;
    int status = df->binary ? scan_binary(f, df, v, keep) : scan_text(f, df, keep);
    if (status == 0 && ferror(f)) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", df->path, strerror(errno));
        status = 1;
    }
    fclose(f);
    return status;
}

static bool write_header(const DatagenFile *df, const Variant *v)
{
    if (!df->binary)
        return write_all(df->fd, df->header, strlen(df->header));
    DataHeader h;
    memset(&h, 0, sizeof h);
    snprintf(h.variant, sizeof h.variant, "%s", v->name);
    h.fingerprint = df->fingerprint;
    snprintf(h.made, sizeof h.made, "%.*s", (int)sizeof h.made - 1, df->header);
    DataBuf buf = { NULL, 0, 0 };
    data_header_encode(&h, &buf);
    bool ok = write_all(df->fd, (const char *)buf.b, buf.len);
    databuf_free(&buf);
    return ok;
}

int datagen_file_open(DatagenFile *df, const Variant *v, const char *made, FILE *log)
{
    snprintf(df->header, sizeof df->header, "%s", made);
    if (df->binary)
        df->fingerprint = data_fingerprint(v);
    df->fd = open(df->path, O_RDWR | O_CREAT | O_APPEND, 0666);
    if (df->fd < 0) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", df->path, strerror(errno));
        return 1;
    }
    off_t keep;
    struct stat st;
    int status = scan_file(df->fd, df, v, &keep);
    if (status == 0 && fstat(df->fd, &st) == 0 && keep < st.st_size) {
        if (ftruncate(df->fd, keep) != 0) {
            fprintf(stderr, "menagerie datagen: %s: %s\n", df->path, strerror(errno));
            status = 1;
        } else if (log && keep > 0) {
            fprintf(log, "datagen: %s: dropped an unfinished game at the end\n", df->path);
        }
    }
    if (status == 0 && keep == 0 && !write_header(df, v)) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", df->path, strerror(errno));
        status = 1;
    }
    if (status != 0) {
        close(df->fd);
        df->fd = -1;
    }
    return status;
}

void datagen_file_format(const DatagenFile *df, DataReplayer *rp, const DataGame *g,
                         DataBuf *out, long *positions)
{
    DataBuf payload = { NULL, 0, 0 };
    data_game_payload(g, &payload);
    DataGame head;
    *positions = data_count_positions(&payload, &head);
    if (df->binary) {
        data_game_frame(g, out);
    } else {
        char err[256];
        if (data_text_of_game(rp, &payload, out, err, sizeof err) < 0)   /* cannot happen */
            fprintf(stderr, "menagerie datagen: game %lld does not replay: %s\n", g->number, err);
    }
    databuf_free(&payload);
}

bool datagen_file_write(const DatagenFile *df, const DataBuf *bytes)
{
    return write_all(df->fd, (const char *)bytes->b, bytes->len);
}
