/*
 * datagen.c — self-play training data (see datagen.h).
 *
 * Worker threads claim game numbers in order.  Each game draws its random
 * opening from a stream seeded by the run's seed and the game's number,
 * and is searched with a cleared hash table and history, so what a game
 * holds depends only on the settings, never on which thread played it or
 * when.  Finished games are written strictly in game-number order (one that
 * finishes early waits in a small window of slots), each with one write():
 * the file is always a header followed by whole games, the same bytes
 * whatever the thread count, and an interrupted run is continued by
 * counting the "# game N" lines that end the games.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include "board/attack.h"
#include "board/rules.h"
#include "commands/datagen.h"
#include "notation/fen.h"
#include "search/eval.h"
#include "search/moveutil.h"
#include "search/search.h"
#include "util/alloc.h"
#include "util/number.h"

/* How games are opened, adjudicated and sampled.  Changing one changes the
 * data a seed gives, as the header does not record them. */
#define OPENING_TRIES       100   /* random openings drawn before the start position is used */
#define OPENING_CHECK_NODES 1000  /* the quick search that judges an opening */
#define OPENING_MAX_CP      400   /* an opening scored beyond this is lopsided: drawn again */
#define RESIGN_CP           1500  /* a score beyond this ...                                  */
#define RESIGN_PLIES        6     /* ... for this many plies in a row (both sides' searches
                                     agree) wins the game */
#define DRAW_CP             10    /* a score within this ...                                  */
#define DRAW_PLIES          16    /* ... for this many plies in a row ...                     */
#define DRAW_FROM_PLY       80    /* ... from this ply of the game on draws it                */
#define RECORD_MAX_CP       2000  /* positions scored beyond this (mates too) are left out    */

#define GAME_END_PREFIX     "# game "
#define PROGRESS_SECONDS    0.25  /* the bar is redrawn at most this often */

_Static_assert(DATAGEN_MAX_PLIES_MAX < MAX_PLY_HISTORY, "a whole game fits the undo stack");
_Static_assert(RECORD_MAX_CP < SCORE_MATE - MAX_PV, "mate scores are never recorded");

/* ---- random numbers ------------------------------------------------------ */

/* splitmix64: small, fast, and the same on every platform. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The state of game `game`'s own stream. */
static uint64_t game_stream(long long seed, long long game)
{
    uint64_t s = (uint64_t)seed;
    uint64_t mixed = splitmix64(&s) ^ (uint64_t)game;
    return splitmix64(&mixed);
}

/* Uniform in [0, n) for the n < 2^32 of a move list. */
static int random_below(uint64_t *state, int n)
{
    return (int)(((splitmix64(state) >> 32) * (uint64_t)n) >> 32);
}

/* ---- one game's text ------------------------------------------------------ */

/* The lines of one game.  Its result is known only at the end, so each
 * position line is written with "???" where it goes and patched then (the
 * three results are all three characters long). */
typedef struct {
    char   *text;
    size_t  len, cap;
    size_t *result_at;
    int     positions, cap_positions;
} GameText;

static const char *const result_text[3] = { "0.0", "0.5", "1.0" };   /* by White's half points */

static void text_append(GameText *t, const char *s, size_t n)
{
    if (t->len + n > t->cap) {
        t->cap = (t->len + n) * 2 + 4096;
        t->text = alloc_realloc(t->text, t->cap);
    }
    memcpy(t->text + t->len, s, n);
    t->len += n;
}

static void text_free(GameText *t)
{
    free(t->text);
    free(t->result_at);
    memset(t, 0, sizeof *t);
}

static void text_add_position(GameText *t, const Position *pos, int white_score)
{
    char fen[FEN_MAX], line[FEN_MAX + 32];
    position_get_fen(pos, fen, sizeof fen);
    int n = snprintf(line, sizeof line, "%s | %d | ???\n", fen, white_score);
    if (t->positions == t->cap_positions) {
        t->cap_positions = t->cap_positions * 2 + 64;
        t->result_at = alloc_realloc(t->result_at, (size_t)t->cap_positions * sizeof *t->result_at);
    }
    t->result_at[t->positions++] = t->len + (size_t)n - 4;
    text_append(t, line, (size_t)n);
}

/* Fill in the result and close the game with its "# game N: ..." line. */
static void text_end_game(GameText *t, long long game, int white_halves, int plies,
                          const char *reason)
{
    const char *result = result_text[white_halves];
    for (int i = 0; i < t->positions; i++)
        memcpy(t->text + t->result_at[i], result, 3);
    char line[160];
    int n = snprintf(line, sizeof line, GAME_END_PREFIX "%lld: %s in %d plies, %s\n",
                     game, result, plies, reason);
    text_append(t, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* ---- the run and its workers --------------------------------------------- */

typedef struct {
    GameText game;
    uint64_t nodes;
    bool     ready;
} GameSlot;

typedef struct {
    const DatagenOptions *opt;
    const Variant        *v;
    SearchLimits          limits;   /* of every move of the games */
    int                   fd;
    long long             end;      /* games 0 .. end-1 make the file */

    pthread_mutex_t lock;           /* guards everything below */
    pthread_cond_t  changed;        /* a game written, a worker gone */
    long long       next_claim, next_write;
    GameSlot       *slots;          /* game g waits in slots[g % window] */
    long long       window;
    int             running;
    bool            failed;         /* a write failed: no more games */
    long long       games_written, positions_written;
    uint64_t        nodes;
} Datagen;

typedef struct {
    Datagen  *dg;
    Position *pos;
    Search   *search;
    MoveList *moves;
    uint64_t  rng;
    uint64_t  nodes;        /* searched in the current game */
    GameText  game;
    pthread_t thread;
} Worker;

typedef struct {
    int  score;
    bool scored;
} Verdict;

/* The score of the last complete iteration (side to move's view). */
static void note_score(const Position *root, const SearchInfo *info, void *ctx)
{
    (void)root;
    Verdict *verdict = ctx;
    if (info->multipv == 1 && !info->lowerbound && !info->upperbound) {
        verdict->score = info->score;
        verdict->scored = true;
    }
}

/* Search the worker's position.  False when the search gave no score (a
 * decided position whose rules still want a move). */
static bool think(Worker *w, const SearchLimits *lim, Move *best, int *score)
{
    Verdict verdict = { 0, false };
    SearchCallbacks cb = { note_score, NULL, &verdict };
    *best = search_run(w->search, w->pos, lim, &cb, NULL);
    w->nodes += search_nodes(w->search);
    *score = verdict.score;
    return verdict.scored;
}

static SearchLimits limits_of(long long nodes, long long depth)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = (uint64_t)nodes;
    lim.depth = (int)depth;
    lim.time_ms[WHITE] = lim.time_ms[BLACK] = -1;
    lim.multipv = 1;
    return lim;
}

/* Play `plies` uniformly random moves from the start position; false if
 * the game ends on the way. */
static bool random_opening(Worker *w, int plies)
{
    GameEnd end;
    position_start(w->pos, w->dg->v);
    for (int i = 0; i < plies; i++) {
        if (rules_game_end(w->pos, &end))
            return false;
        rules_playable_moves(w->pos, w->moves);
        if (w->moves->n == 0)
            return false;
        position_make(w->pos, w->moves->m[random_below(&w->rng, w->moves->n)]);
    }
    return !rules_game_end(w->pos, &end);
}

/* Does a quick search find the opening playable for both sides? */
static bool opening_balanced(Worker *w)
{
    SearchLimits lim = limits_of(OPENING_CHECK_NODES, 0);
    Move best;
    int score;
    search_clear(w->search);
    return think(w, &lim, &best, &score) && abs(score) <= OPENING_MAX_CP;
}

/* Set up the game's opening; returns the plies it took.  A variant where
 * random play keeps ending or unbalancing the game starts from the start
 * position. */
static int open_game(Worker *w)
{
    int plies = (int)w->dg->opt->random_plies;
    for (int i = 0; i < OPENING_TRIES; i++)
        if (random_opening(w, plies) && (plies == 0 || opening_balanced(w)))
            return plies;
    position_start(w->pos, w->dg->v);
    return 0;
}

/* White's half points from an outcome for the side to move. */
static int white_halves(Outcome for_mover, int mover)
{
    int halves = for_mover == OUTCOME_WIN ? 2 : for_mover == OUTCOME_LOSS ? 0 : 1;
    return mover == WHITE ? halves : 2 - halves;
}

typedef struct {
    int white_ahead, black_ahead, quiet;   /* plies in a row */
} Adjudicator;

/* The search at ply `ply` scored `white` (White's view): is the game
 * decided?  Then *halves and *reason say how. */
static bool adjudicate(Adjudicator *a, int white, int ply, int *halves, const char **reason)
{
    a->white_ahead = white >= RESIGN_CP ? a->white_ahead + 1 : 0;
    a->black_ahead = white <= -RESIGN_CP ? a->black_ahead + 1 : 0;
    a->quiet = ply >= DRAW_FROM_PLY && abs(white) <= DRAW_CP ? a->quiet + 1 : 0;
    if (a->white_ahead >= RESIGN_PLIES || a->black_ahead >= RESIGN_PLIES) {
        *halves = a->white_ahead ? 2 : 0;
        *reason = a->white_ahead ? "adjudicated: White is winning" : "adjudicated: Black is winning";
        return true;
    }
    if (a->quiet >= DRAW_PLIES) {
        *halves = 1;
        *reason = "adjudicated: a long stretch scored even";
        return true;
    }
    return false;
}

/* The usual filters for tuning data: the side to move is not in check, the
 * best move is quiet (no capture or promotion), the score is not decided. */
static bool worth_recording(const Position *pos, Move best, int score)
{
    return abs(score) <= RECORD_MAX_CP
        && !attack_in_check(pos, pos->side)
        && !is_tactical(pos, best)
        && !rules_grace_move_pending(pos);
}

/* Play game number `game` into w->game. */
static void play_game(Worker *w, long long game)
{
    const DatagenOptions *opt = w->dg->opt;
    Position *pos = w->pos;
    Adjudicator adj = { 0, 0, 0 };
    GameEnd end;
    int halves = 1;
    const char *reason = "drawn at the ply limit";
    w->rng = game_stream(opt->seed, game);
    w->nodes = 0;
    int ply = open_game(w);
    search_clear(w->search);
    for (; ply < opt->max_plies; ply++) {
        if (rules_game_end(pos, &end)) {
            halves = white_halves(end.outcome, pos->side);
            reason = end.reason;
            break;
        }
        Move best;
        int score;
        bool scored = think(w, &w->dg->limits, &best, &score);
        if (best.kind == MOVE_NULL) {      /* cannot happen: the game would have ended */
            reason = "the search found no move";
            break;
        }
        if (scored) {
            int white = pos->side == WHITE ? score : -score;
            if (worth_recording(pos, best, score))
                text_add_position(&w->game, pos, white);
            if (adjudicate(&adj, white, ply, &halves, &reason))
                break;
        }
        position_make(pos, best);
    }
    text_end_game(&w->game, game, halves, ply, reason);
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

/* Write the finished games that are next in order (dg->lock held). */
static void write_ready_games(Datagen *dg)
{
    for (;;) {
        GameSlot *slot = &dg->slots[dg->next_write % dg->window];
        if (!slot->ready)
            return;
        if (!dg->failed && write_all(dg->fd, slot->game.text, slot->game.len)) {
            dg->games_written++;
            dg->positions_written += slot->game.positions;
            dg->nodes += slot->nodes;
        } else if (!dg->failed) {
            fprintf(stderr, "menagerie datagen: %s: %s\n", dg->opt->path, strerror(errno));
            dg->failed = true;
        }
        text_free(&slot->game);
        slot->ready = false;
        dg->next_write++;
        pthread_cond_broadcast(&dg->changed);
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Datagen *dg = w->dg;
    pthread_mutex_lock(&dg->lock);
    for (;;) {
        /* no more than `window` games ahead of the writer */
        while (!dg->failed && dg->next_claim < dg->end
               && dg->next_claim >= dg->next_write + dg->window)
            pthread_cond_wait(&dg->changed, &dg->lock);
        if (dg->failed || dg->next_claim >= dg->end)
            break;
        long long game = dg->next_claim++;
        pthread_mutex_unlock(&dg->lock);
        play_game(w, game);
        pthread_mutex_lock(&dg->lock);
        GameSlot *slot = &dg->slots[game % dg->window];
        slot->game = w->game;
        slot->nodes = w->nodes;
        slot->ready = true;
        memset(&w->game, 0, sizeof w->game);
        write_ready_games(dg);
    }
    dg->running--;
    pthread_cond_broadcast(&dg->changed);
    pthread_mutex_unlock(&dg->lock);
    return NULL;
}

static void worker_free(Worker *w)
{
    search_destroy(w->search);
    free(w->pos);
    free(w->moves);
    text_free(&w->game);
}

/* A worker's own position, search and move list.  False when out of memory. */
static bool worker_init(Worker *w, Datagen *dg, const EvalTables *et)
{
    memset(w, 0, sizeof *w);
    w->dg = dg;
    w->pos = malloc(sizeof *w->pos);
    w->moves = malloc(sizeof *w->moves);
    w->search = search_create((size_t)dg->opt->hash_mb);
    if (!w->pos || !w->moves || !w->search) {
        worker_free(w);
        return false;
    }
    search_set_eval(w->search, et);
    return true;
}

/* ---- the file ---------------------------------------------------------------- */

static void make_header(const DatagenOptions *opt, const Variant *v, char *buf, size_t n)
{
    /* eval= only when given: files made before the option keep their header */
    snprintf(buf, n, "# menagerie datagen %s seed=%lld nodes=%lld depth=%lld random-plies=%lld "
             "max-plies=%lld hash=%lld%s%s\n", v->name, opt->seed, opt->nodes, opt->depth,
             opt->random_plies, opt->max_plies, opt->hash_mb, opt->eval_file ? " eval=" : "",
             opt->eval_file ? opt->eval_file : "");
}

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

/* Read what an earlier run left in the file open as fd: check its header
 * against `header`, count its complete games into *games and set *keep to
 * the bytes they take (header included; 0 for an empty file).  Returns 0,
 * or the exit status of a refusal. */
static int scan_file(int fd, const char *path, const char *header, long long *games,
                     off_t *keep, off_t *size)
{
    int copy = dup(fd);
    FILE *f = copy >= 0 ? fdopen(copy, "r") : NULL;
    if (!f) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", path, strerror(errno));
        if (copy >= 0)
            close(copy);
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int status = 0;
    *games = 0;
    *keep = *size = 0;
    while (status == 0 && (n = getline(&line, &cap, f)) > 0) {
        bool whole = line[n - 1] == '\n';
        lineno++;
        *size += n;
        if (lineno == 1 && !(whole && strcmp(line, header) == 0)) {
            /* a header cut short is a file that never got a game */
            if (!(!whole && strncmp(header, line, (size_t)n) == 0))
                status = refuse_header(path, line, header);
        } else if (lineno == 1) {
            *keep = *size;
        } else if (whole && strncmp(line, GAME_END_PREFIX, strlen(GAME_END_PREFIX)) == 0) {
            const char *p = line + strlen(GAME_END_PREFIX);
            long long number;
            if (number_scan_int(&p, 0, DATAGEN_GAMES_MAX, &number) != NUMBER_OK || *p != ':'
                || number != *games) {
                fprintf(stderr, "%s:%ld: expected the end of game %lld; the file was not "
                                "written by this command\n", path, lineno, *games);
                status = 2;
            }
            (*games)++;
            *keep = *size;
        }
    }
    if (status == 0 && ferror(f)) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", path, strerror(errno));
        status = 1;
    }
    free(line);
    fclose(f);
    return status;
}

/* Open the data file for appending whole games after the complete ones
 * that it holds (*games); an unfinished game at its end is cut off.
 * Returns the descriptor, or -1 with *status the exit status. */
static int open_data_file(const char *path, const char *header, long long *games, int *status,
                          FILE *log)
{
    int fd = open(path, O_RDWR | O_CREAT | O_APPEND, 0666);
    if (fd < 0) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", path, strerror(errno));
        *status = 1;
        return -1;
    }
    off_t keep, size;
    *status = scan_file(fd, path, header, games, &keep, &size);
    if (*status == 0 && keep < size) {
        if (ftruncate(fd, keep) != 0) {
            fprintf(stderr, "menagerie datagen: %s: %s\n", path, strerror(errno));
            *status = 1;
        } else if (log && keep > 0) {
            fprintf(log, "datagen: %s: dropped an unfinished game at the end\n", path);
        }
    }
    if (*status == 0 && keep == 0 && !write_all(fd, header, strlen(header))) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", path, strerror(errno));
        *status = 1;
    }
    if (*status != 0) {
        close(fd);
        return -1;
    }
    return fd;
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
                    p.seconds > 0 ? p.nodes / p.seconds : 0.0, dg->opt->path, first + p.games);
        status = dg->failed ? 1 : 0;
    }
    for (int i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        worker_free(&workers[i]);
    }
    for (long long i = 0; dg->slots && i < dg->window; i++)
        text_free(&dg->slots[i].game);
    free(dg->slots);
    free(workers);
    return status;
}

/* The evaluation the games are played with: the classical one, or the
 * network opt->eval_file names.  NULL (with the reason on stderr) when
 * that network cannot serve this variant. */
static EvalTables *evaluation_for(const Variant *v, const DatagenOptions *opt, FILE *log)
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
    return et;
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
    char header[1400];
    make_header(opt, v, header, sizeof header);
    /* read-only: the workers share them; made before the file is touched,
       so that a network that cannot serve leaves no file behind */
    EvalTables *et = evaluation_for(v, opt, log);
    if (!et)
        return opt->eval_file ? 2 : 1;
    long long done;
    int status;
    int fd = open_data_file(opt->path, header, &done, &status, log);
    if (fd < 0) {
        eval_tables_destroy(et);
        return status;
    }
    if (done >= opt->games) {
        if (log)
            fprintf(log, "datagen: %s already holds %lld games\n", opt->path, done);
        eval_tables_destroy(et);
        close(fd);
        return 0;
    }
    Datagen dg;
    memset(&dg, 0, sizeof dg);
    dg.opt = opt;
    dg.v = v;
    dg.limits = limits_of(opt->nodes, opt->depth);
    dg.fd = fd;
    dg.end = opt->games;
    pthread_mutex_init(&dg.lock, NULL);
    pthread_cond_init(&dg.changed, NULL);
    long long todo = opt->games - done;
    int threads = (int)(opt->threads < todo ? opt->threads : todo);
    status = run_workers(&dg, done, threads, et, log);
    pthread_cond_destroy(&dg.changed);
    pthread_mutex_destroy(&dg.lock);
    eval_tables_destroy(et);
    if (close(fd) != 0 && status == 0) {
        fprintf(stderr, "menagerie datagen: %s: %s\n", opt->path, strerror(errno));
        status = 1;
    }
    return status;
}

/* ---- the command line ------------------------------------------------------- */

static void datagen_usage(FILE *out)
{
    fprintf(out, "usage: menagerie datagen -v VARIANT -o FILE [--games N] [--nodes N | --depth D]\n"
                 "                         [--random-plies K] [--threads T] [--seed S] [--hash MB]\n"
                 "                         [--max-plies P] [--eval-file FILE|auto]\n");
}

typedef struct {
    int         id;
    const char *name;
    long long   lo, hi;
} NumberOption;

enum { OPT_GAMES = 256, OPT_NODES, OPT_DEPTH, OPT_RANDOM_PLIES, OPT_THREADS, OPT_SEED, OPT_HASH,
       OPT_MAX_PLIES, OPT_EVAL_FILE, OPT_HELP };

static const NumberOption number_options[] = {
    { OPT_GAMES, "--games", 1, DATAGEN_GAMES_MAX },
    { OPT_NODES, "--nodes", 1, DATAGEN_NODES_MAX },
    { OPT_DEPTH, "--depth", 1, DATAGEN_DEPTH_MAX },
    { OPT_RANDOM_PLIES, "--random-plies", 0, DATAGEN_RANDOM_PLIES_MAX },
    { OPT_THREADS, "--threads", 1, DATAGEN_THREADS_MAX },
    { OPT_SEED, "--seed", 0, INT64_MAX },
    { OPT_HASH, "--hash", 1, DATAGEN_HASH_MAX },
    { OPT_MAX_PLIES, "--max-plies", 1, DATAGEN_MAX_PLIES_MAX },
};

static long long *number_field(DatagenOptions *opt, int id)
{
    switch (id) {
    case OPT_GAMES: return &opt->games;
    case OPT_NODES: return &opt->nodes;
    case OPT_DEPTH: return &opt->depth;
    case OPT_RANDOM_PLIES: return &opt->random_plies;
    case OPT_THREADS: return &opt->threads;
    case OPT_SEED: return &opt->seed;
    case OPT_HASH: return &opt->hash_mb;
    default: return &opt->max_plies;
    }
}

/* Read the value of number option `id`; false (with a message) when it
 * is not a number in the option's range or the option is unknown. */
static bool read_number_option(DatagenOptions *opt, int id, const char *text)
{
    for (size_t i = 0; i < sizeof number_options / sizeof number_options[0]; i++) {
        const NumberOption *o = &number_options[i];
        if (o->id != id)
            continue;
        NumberStatus st = number_parse_int(text, o->lo, o->hi, number_field(opt, id));
        if (st == NUMBER_OK)
            return true;
        char problem[96];
        fprintf(stderr, "menagerie datagen: %s '%s' %s\n", o->name, text,
                number_problem(st, o->lo, o->hi, problem, sizeof problem));
        return false;
    }
    datagen_usage(stderr);
    return false;
}

int cmd_datagen(const VariantSet *set, int argc, char **argv)
{
    static const struct option opts[] = {
        { "variant", required_argument, NULL, 'v' },
        { "output", required_argument, NULL, 'o' },
        { "games", required_argument, NULL, OPT_GAMES },
        { "nodes", required_argument, NULL, OPT_NODES },
        { "depth", required_argument, NULL, OPT_DEPTH },
        { "random-plies", required_argument, NULL, OPT_RANDOM_PLIES },
        { "threads", required_argument, NULL, OPT_THREADS },
        { "seed", required_argument, NULL, OPT_SEED },
        { "hash", required_argument, NULL, OPT_HASH },
        { "max-plies", required_argument, NULL, OPT_MAX_PLIES },
        { "eval-file", required_argument, NULL, OPT_EVAL_FILE },
        { "help", no_argument, NULL, OPT_HELP },
        { NULL, 0, NULL, 0 }
    };
    DatagenOptions opt;
    datagen_defaults(&opt);
    bool nodes_given = false, depth_given = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "v:o:", opts, NULL)) != -1) {
        if (c == 'v') {
            opt.variant = optarg;
        } else if (c == 'o') {
            opt.path = optarg;
        } else if (c == OPT_HELP) {
            datagen_usage(stdout);
            return 0;
        } else if (c == OPT_EVAL_FILE) {
            opt.eval_file = optarg;
        } else if (!read_number_option(&opt, c, optarg)) {
            return 2;
        }
        nodes_given |= c == OPT_NODES;
        depth_given |= c == OPT_DEPTH;
    }
    if (optind < argc) {
        fprintf(stderr, "menagerie datagen: unexpected argument '%s'\n", argv[optind]);
        datagen_usage(stderr);
        return 2;
    }
    if (!opt.variant || !opt.path) {
        fprintf(stderr, "menagerie datagen: give the variant (-v VARIANT) and the output file "
                        "(-o FILE)\n");
        datagen_usage(stderr);
        return 2;
    }
    if (nodes_given && depth_given) {
        fprintf(stderr, "menagerie datagen: give either --nodes or --depth, not both\n");
        return 2;
    }
    if (depth_given)
        opt.nodes = 0;
    return datagen_run(set, &opt, stderr);
}
