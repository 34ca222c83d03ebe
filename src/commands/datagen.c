/*
 * datagen.c — self-play training data (see datagen.h): the run, its
 * worker threads and its progress.
 *
 * Workers claim games in order and play each (datagen_game.h) into the
 * bytes it takes in the file (datagen_file.h).  Finished games are written
 * strictly in order (one that finishes early waits in a small window of
 * slots), each with one write(): the file is always a header followed by
 * whole games, the same bytes whatever the thread count, and an
 * interrupted run is continued from its last whole game.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "commands/datagen.h"
#include "commands/datagen_file.h"
#include "commands/datagen_game.h"
#include "search/eval.h"
#include "util/alloc.h"

#define PROGRESS_SECONDS    0.25  /* the bar is redrawn at most this often */

/* ---- the run and its workers --------------------------------------------- */

typedef struct {
    DataBuf  bytes;
    long     positions;
    uint64_t nodes;
    bool     ready;
} GameSlot;

typedef struct {
    const DatagenOptions *opt;
    const Variant        *v;
    SearchLimits          limits;   /* of every move of the games */
    DatagenFile           file;
    long long             end;      /* games 0 .. end-1 of the run make the file */

    pthread_mutex_t lock;           /* guards everything below */
    pthread_cond_t  changed;        /* a game written, a worker gone */
    long long       next_claim, next_write;
    GameSlot       *slots;          /* game i waits in slots[i % window] */
    long long       window;
    int             running;
    bool            failed;         /* a write failed: no more games */
    long long       games_written, positions_written;
    uint64_t        nodes;
} Datagen;

typedef struct {
    Datagen    *dg;
    GamePlayer  player;
    DataGame    game;
    pthread_t   thread;
} Worker;

/* Write the finished games that are next in order (dg->lock held). */
static void write_ready_games(Datagen *dg)
{
    for (;;) {
        GameSlot *slot = &dg->slots[dg->next_write % dg->window];
        if (!slot->ready)
            return;
        if (!dg->failed && datagen_file_write(&dg->file, &slot->bytes)) {
            dg->games_written++;
            dg->positions_written += slot->positions;
            dg->nodes += slot->nodes;
        } else if (!dg->failed) {
            fprintf(stderr, "menagerie datagen: %s: %s\n", dg->file.path, strerror(errno));
            dg->failed = true;
        }
        databuf_free(&slot->bytes);
        slot->ready = false;
        dg->next_write++;
        pthread_cond_broadcast(&dg->changed);
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Datagen *dg = w->dg;
    DataReplayer rp = { dg->v, w->player.pos, w->player.moves };
    pthread_mutex_lock(&dg->lock);
    for (;;) {
        /* no more than `window` games ahead of the writer */
        while (!dg->failed && dg->next_claim < dg->end
               && dg->next_claim >= dg->next_write + dg->window)
            pthread_cond_wait(&dg->changed, &dg->lock);
        if (dg->failed || dg->next_claim >= dg->end)
            break;
        long long i = dg->next_claim++;
        pthread_mutex_unlock(&dg->lock);
        DataBuf bytes = { NULL, 0, 0 };
        long positions;
        datagen_play(&w->player, datagen_game_number(dg->opt, i), &w->game);
        datagen_file_format(&dg->file, &rp, &w->game, &bytes, &positions);
        pthread_mutex_lock(&dg->lock);
        GameSlot *slot = &dg->slots[i % dg->window];
        slot->bytes = bytes;
        slot->positions = positions;
        slot->nodes = w->player.nodes;
        slot->ready = true;
        write_ready_games(dg);
    }
    dg->running--;
    pthread_cond_broadcast(&dg->changed);
    pthread_mutex_unlock(&dg->lock);
    return NULL;
}

static void worker_free(Worker *w)
{
    search_destroy(w->player.search);
    free(w->player.pos);
    free(w->player.moves);
    data_game_free(&w->game);
}

/* A worker's own position, search and move list.  False when out of memory. */
static bool worker_init(Worker *w, Datagen *dg, const EvalTables *et)
{
    memset(w, 0, sizeof *w);
    w->dg = dg;
    GamePlayer *p = &w->player;
    p->v = dg->v;
    p->opt = dg->opt;
    p->limits = &dg->limits;
    p->pos = malloc(sizeof *p->pos);
    p->moves = malloc(sizeof *p->moves);
    p->search = search_create((size_t)dg->opt->hash_mb);
    if (!p->pos || !p->moves || !p->search) {
        worker_free(w);
        return false;
    }
    search_set_eval(p->search, et);
    return true;
}

/* ---- progress ------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct {
    long long games, first, end, positions;
    uint64_t  nodes;
    double    seconds;
} Progress;

static void draw_progress(const Progress *p, FILE *log)
{
    enum { WIDTH = 24 };
    char bar[WIDTH + 1];
    long long total = p->end, done = p->first + p->games;
    int filled = total > 0 ? (int)(done * WIDTH / total) : WIDTH;
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '-';
    bar[WIDTH] = '\0';
    double rate = p->seconds > 0 ? p->positions / p->seconds : 0;
    fprintf(log, "\r[%s] %lld/%lld games, %lld positions, %.0f positions/s", bar, done, total,
            p->positions, rate);
    if (p->games > 0) {
        long long eta = (long long)(p->seconds * (double)(total - done) / (double)p->games);
        fprintf(log, ", ETA %lld:%02lld:%02lld", eta / 3600, eta / 60 % 60, eta % 60);
    }
    fputs("\033[K", log);
    fflush(log);
}

static Progress progress_of(const Datagen *dg, long long first, double t0)
{
    Progress p = { dg->games_written, first, dg->end, dg->positions_written, dg->nodes,
                   now_seconds() - t0 };
    return p;
}

/* Wait for the workers, redrawing the progress bar (at a terminal). */
static Progress watch_workers(Datagen *dg, long long first, double t0, FILE *log)
{
    bool bar = log && isatty(fileno(log));
    double drawn = 0;
    pthread_mutex_lock(&dg->lock);
    while (dg->running > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)(PROGRESS_SECONDS * 1e9);
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&dg->changed, &dg->lock, &until);
        if (bar && now_seconds() - drawn >= PROGRESS_SECONDS) {
            Progress p = progress_of(dg, first, t0);
            pthread_mutex_unlock(&dg->lock);
            draw_progress(&p, log);
            drawn = now_seconds();
            pthread_mutex_lock(&dg->lock);
        }
    }
    Progress p = progress_of(dg, first, t0);
    pthread_mutex_unlock(&dg->lock);
    if (bar) {
        draw_progress(&p, log);
        fputc('\n', log);
    }
    return p;
}

/* ---- the run ------------------------------------------------------------------ */

void datagen_defaults(DatagenOptions *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->games = DATAGEN_DEFAULT_GAMES;
    opt->nodes = DATAGEN_DEFAULT_NODES;
    opt->random_plies = DATAGEN_DEFAULT_RANDOM_PLIES;
    opt->seed = DATAGEN_DEFAULT_SEED;
    opt->hash_mb = DATAGEN_DEFAULT_HASH_MB;
    opt->max_plies = DATAGEN_DEFAULT_MAX_PLIES;
    opt->shard = opt->shards = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    opt->threads = cores < 1 ? 1 : cores > DATAGEN_THREADS_MAX ? DATAGEN_THREADS_MAX : cores;
}

/* Settings the command line cannot refuse one at a time. */
static bool settings_consistent(const DatagenOptions *opt)
{
    if ((opt->nodes > 0) == (opt->depth > 0)) {
        fprintf(stderr, "menagerie datagen: give either a node limit (--nodes) or a depth "
                        "(--depth), not both\n");
        return false;
    }
    if (opt->max_plies <= opt->random_plies) {
        fprintf(stderr, "menagerie datagen: --max-plies (%lld) must be more than "
                        "--random-plies (%lld): it counts them too\n",
                opt->max_plies, opt->random_plies);
        return false;
    }
    return true;
}

/* Play games first .. dg->end-1 on `threads` workers. */
static int run_workers(Datagen *dg, long long first, int threads, const EvalTables *et, FILE *log)
{
    Worker *workers = alloc_memory((size_t)threads * sizeof *workers);
    dg->window = 4LL * threads;
    dg->slots = calloc((size_t)dg->window, sizeof *dg->slots);
    dg->next_claim = dg->next_write = first;
    int started = 0, status = 0;
    double t0 = now_seconds();
    for (; dg->slots && started < threads; started++) {
        if (!worker_init(&workers[started], dg, et))
            break;
        pthread_mutex_lock(&dg->lock);
        dg->running++;
        pthread_mutex_unlock(&dg->lock);
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0) {
            worker_free(&workers[started]);
            pthread_mutex_lock(&dg->lock);
            dg->running--;
            pthread_mutex_unlock(&dg->lock);
            break;
        }
    }
    if (started == 0) {
        fprintf(stderr, "menagerie datagen: out of memory or threads\n");
        status = 1;
    } else {
        Progress p = watch_workers(dg, first, t0, log);
        if (log)
            fprintf(log, "datagen: %lld games, %lld positions, %" PRIu64 " nodes in %.1f s "
                         "(%.0f positions/s, %.0f nodes/s); %s holds %lld games\n",
                    p.games, p.positions, p.nodes, p.seconds,
                    p.seconds > 0 ? p.positions / p.seconds : 0.0,
                    p.seconds > 0 ? p.nodes / p.seconds : 0.0, dg->file.path, first + p.games);
        status = dg->failed ? 1 : 0;
    }
    for (int i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        worker_free(&workers[i]);
    }
    for (long long i = 0; dg->slots && i < dg->window; i++)
        databuf_free(&dg->slots[i].bytes);
    free(dg->slots);
    free(workers);
    return status;
}

/* The evaluation the games are played with: the classical one, or the
 * network opt->eval_file names.  NULL (with the reason on stderr) when
 * that network cannot serve this variant. */
static EvalTables *evaluation_for(const Variant *v, const DatagenOptions *opt, char *net,
                                  size_t netsize, FILE *log)
{
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(stderr, "menagerie datagen: out of memory\n");
        return NULL;
    }
    if (!opt->eval_file)
        return et;
    char msg[1600];
    bool automatic = strcmp(opt->eval_file, "auto") == 0;
    EvalNetOutcome o = automatic ? eval_choose_net(et, v, NULL, msg, sizeof msg)
                                 : eval_load_net(et, v, opt->eval_file, msg, sizeof msg);
    if (o != EVAL_NET_LOADED) {
        eval_net_reason_only(msg);   /* datagen refuses: nothing plays on */
        fprintf(stderr, "menagerie datagen: --eval-file %s: %s\n", opt->eval_file, msg);
        eval_tables_destroy(et);
        return NULL;
    }
    if (log)
        fprintf(log, "datagen: %s\n", msg);
    /* "NNUE evaluation from SOURCE (shape)": the source names the net */
    const char *from = strstr(msg, " from ");
    from = from ? from + 6 : msg;
    snprintf(net, netsize, "%.*s", (int)strcspn(from, " \n"), from);
    return et;
}

/* The games of the whole run that this shard's file holds. */
static long long games_of_shard(const DatagenOptions *opt)
{
    long long before = opt->shard - 1;
    return opt->games > before ? (opt->games - before + opt->shards - 1) / opt->shards : 0;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Play the games the file still lacks. */
static int play_games(Datagen *dg, const EvalTables *et, FILE *log)
{
    const DatagenOptions *opt = dg->opt;
    long long done = dg->file.games;
    if (done >= dg->end) {
        if (log)
            fprintf(log, "datagen: %s already holds %lld games\n", dg->file.path, done);
        return 0;
    }
    pthread_mutex_init(&dg->lock, NULL);
    pthread_cond_init(&dg->changed, NULL);
    long long todo = dg->end - done;
    int threads = (int)(opt->threads < todo ? opt->threads : todo);
    int status = run_workers(dg, done, threads, et, log);
    pthread_cond_destroy(&dg->changed);
    pthread_mutex_destroy(&dg->lock);
    return status;
}

int datagen_run(const VariantSet *set, const DatagenOptions *opt, FILE *log)
{
    const Variant *v = varset_find(set, opt->variant);
    if (!v) {
        const char *hint = varset_suggest(set, opt->variant);
        fprintf(stderr, "menagerie: unknown variant '%s' (%s%s%s)\n", opt->variant,
                hint ? "did you mean '" : "try 'menagerie list'", hint ? hint : "", hint ? "'?" : "");
        return 2;
    }
    if (!settings_consistent(opt))
        return 2;
    /* read-only: the workers share them; made before the file is touched,
       so that a network that cannot serve leaves no file behind */
    char net[512] = "", made[DATA_MADE_MAX], path[1400];
    EvalTables *et = evaluation_for(v, opt, net, sizeof net, log);
    if (!et)
        return opt->eval_file ? 2 : 1;
    Datagen dg;
    memset(&dg, 0, sizeof dg);
    dg.file.opt = dg.opt = opt;
    dg.v = v;
    dg.limits = datagen_limits(opt->nodes, opt->depth);
    dg.end = games_of_shard(opt);
    dg.file.binary = !opt->path || ends_with(opt->path, DATA_EXTENSION);
    datagen_made(opt, v, net[0] ? net : NULL, dg.file.binary, made, sizeof made);
    dg.file.path = opt->path;
    if (!opt->path) {
        if (!datagen_store_path(opt, v, made, path, sizeof path)) {
            eval_tables_destroy(et);
            return 1;
        }
        dg.file.path = path;
    }
    int status = datagen_file_open(&dg.file, v, made, log);
    if (status == 0)
        status = play_games(&dg, et, log);
    eval_tables_destroy(et);
    if (dg.file.fd >= 0 && close(dg.file.fd) != 0 && status == 0) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", dg.file.path, strerror(errno));
        status = 1;
    }
    return status;
}
