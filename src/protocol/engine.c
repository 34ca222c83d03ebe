/*
 * engine.c — game controller and search worker (see engine.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "util/alloc.h"
#include "notation/move_text.h"
#include "notation/fen.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "board/movegen.h"
#include "board/rules.h"

int64_t engine_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static const Variant *default_variant(const VariantSet *set)
{
    const Variant *v = varset_find(set, "chess");
    for (int i = 0; !v && i < set->count; i++)
        if (!set->items[i]->abstract)
            v = varset_ready(set, set->items[i]);
    return v;
}

Engine *engine_create(VariantSet *set)
{
    Engine *e = alloc_memory(sizeof *e);
    memset(e, 0, sizeof *e);
    e->set = set;
    e->opt.hash_mb = ENGINE_HASH_MB;
    e->opt.threads = 1;
    e->opt.multipv = 1;
    e->opt.resign_cp = 0;
    e->opt.skill = SKILL_MAX;
    e->opt.limit_strength = false;
    e->opt.elo = SKILL_ELO_MAX;
    e->opt.use_nnue = true;
    e->pos = alloc_memory(sizeof *e->pos);
    e->search_pos = alloc_memory(sizeof *e->search_pos);
    e->include = alloc_memory(sizeof *e->include);
    e->exclude = alloc_memory(sizeof *e->exclude);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->done_cond, NULL);
    e->search = search_create(e->opt.hash_mb);
    if (!e->search) {
        fprintf(stderr, "menagerie: out of memory\n");
        exit(1);
    }
    const Variant *v = default_variant(set);
    if (!v) {
        fprintf(stderr, "menagerie: no variants loaded\n");
        exit(2);
    }
    engine_set_variant(e, v);
    return e;
}

void engine_destroy(Engine *e)
{
    if (!e)
        return;
    engine_search_finish(e, true);
    search_destroy(e->search);
    eval_tables_destroy(e->eval);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->done_cond);
    free(e->pos);
    free(e->search_pos);
    free(e->include);
    free(e->exclude);
    free(e);
}

/* ------------------------------------------------------------------ */
/* Variants                                                           */

const Variant *engine_find_variant(const Engine *e, const char *name)
{
    const Variant *v = varset_find(e->set, name);
    return v && !v->abstract ? v : NULL;
}

/* Play v from now on: its evaluation tables replace the old ones (no
 * search runs). */
static void use_variant(Engine *e, const Variant *v)
{
    EvalTables *et = eval_tables_create(v);
    if (!et) {
        fprintf(stderr, "menagerie: out of memory\n");
        exit(1);
    }
    if (e->opt.use_nnue) {
        e->net = eval_choose_net(et, v, e->opt.eval_file, e->net_note, sizeof e->net_note);
    } else {
        e->net = EVAL_NET_CLASSICAL;
        snprintf(e->net_note, sizeof e->net_note, "UseNNUE is off: the classical evaluation plays");
    }
    search_set_eval(e->search, et);
    eval_tables_destroy(e->eval);
    e->eval = et;
    e->variant = v;
}

void engine_set_variant(Engine *e, const Variant *v)
{
    engine_search_finish(e, true);
    use_variant(e, v);
    snprintf(e->variant_name, sizeof e->variant_name, "%s", v->name);
    position_start(e->pos, v);
}

/* The set changed and the current variant's struct may have been
 * replaced: look it up again by name and set up `fen` (the position
 * before) in it, or its start position when `fen` is not legal there. */
static void reselect_variant(Engine *e, const char *fen)
{
    const Variant *v = engine_find_variant(e, e->variant_name);
    if (!v)
        v = default_variant(e->set);
    use_variant(e, v);
    char err[256];
    if (position_set_fen(e->pos, v, fen, err, sizeof err) != 0)
        position_start(e->pos, v);
}

void engine_set_eval_file(Engine *e, const char *path)
{
    engine_search_finish(e, true);
    if (path && strlen(path) >= sizeof e->opt.eval_file) {
        e->net = EVAL_NET_REFUSED;
        snprintf(e->net_note, sizeof e->net_note, "EvalFile: a path of over %zu bytes; "
                 "the option is unchanged", sizeof e->opt.eval_file - 1);
        return;
    }
    snprintf(e->opt.eval_file, sizeof e->opt.eval_file, "%s", path ? path : "");
    use_variant(e, e->variant);
}

void engine_set_use_nnue(Engine *e, bool on)
{
    engine_search_finish(e, true);
    e->opt.use_nnue = on;
    use_variant(e, e->variant);
}

int engine_load_variants(Engine *e, const char *paths, FILE *diag, const char *prefix)
{
    engine_search_finish(e, true);
    char fen[1024];
    position_get_fen(e->pos, fen, sizeof fen);
    int errors = 0;
    char *copy = strdup(paths);
    if (!copy)
        return 1;
    for (char *save = NULL, *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save))
        errors += varset_load_path(e->set, p, diag, prefix);
    free(copy);
    /* A loaded file may have replaced the current variant's struct. */
    reselect_variant(e, fen);
    return errors;
}

int engine_define_variants(Engine *e, const char *text, VariantDefinition *out,
                           FILE *diag, const char *prefix)
{
    engine_search_finish(e, true);
    char fen[1024];
    position_get_fen(e->pos, fen, sizeof fen);
    int errors = varset_define(e->set, text, out, diag, prefix);
    /* Only a definition of the current variant's name replaces its struct;
       any other leaves the game (and its moves to take back) alone. */
    if (engine_variant_redefined(e, out)) {
        reselect_variant(e, fen);
        search_clear(e->search);
    }
    return errors;
}

bool engine_variant_redefined(const Engine *e, const VariantDefinition *def)
{
    for (int i = 0; i < def->count; i++)
        if (!strcasecmp(def->names[i], e->variant_name))
            return true;
    return false;
}

/* ------------------------------------------------------------------ */
/* The game                                                           */

void engine_new_game(Engine *e)
{
    engine_search_finish(e, true);
    position_start(e->pos, e->variant);
    search_clear(e->search);
}

int engine_set_fen(Engine *e, const char *fen, char *err, size_t errsize)
{
    engine_search_finish(e, true);
    return position_set_fen(e->pos, e->variant, fen, err, errsize);
}

bool engine_parse_move(Engine *e, const char *text, bool cecp_ranks, Move *m,
                       char *why, size_t whysize)
{
    return move_parse(e->pos, text, cecp_ranks, m, why, whysize);
}

void engine_make_move(Engine *e, Move m)
{
    if (e->pos->ply >= MAX_PLY_HISTORY - 1) {
        /* history full: keep playing from here on */
        char fen[1024], err[128];
        bool past_end = e->pos->play_past_end;
        position_get_fen(e->pos, fen, sizeof fen);
        position_set_fen(e->pos, e->variant, fen, err, sizeof err);
        e->pos->play_past_end = past_end;
        e->past_end_ply = 0;
    }
    if (m.kind == MOVE_NULL)
        position_make_null(e->pos);
    else
        position_make(e->pos, m);
}

bool engine_undo(Engine *e)
{
    if (e->pos->ply <= e->pos->root_ply || e->pos->ply <= 0)
        return false;
    if (e->pos->undo[e->pos->ply - 1].move.kind == MOVE_NULL)
        position_unmake_null(e->pos);
    else
        position_unmake(e->pos);
    if (e->pos->ply < e->past_end_ply)
        e->pos->play_past_end = false;     /* back before the end: it ends the game again */
    return true;
}

void engine_play_past_end(Engine *e)
{
    if (e->pos->play_past_end)
        return;
    e->pos->play_past_end = true;
    e->past_end_ply = e->pos->ply;
}

int engine_moves_played(const Engine *e)
{
    return e->pos->ply - e->pos->root_ply;
}

bool engine_game_end(Engine *e, GameEnd *end)
{
    return rules_game_end(e->pos, end);
}

void engine_legal_moves(Engine *e, MoveList *ml)
{
    rules_playable_moves(e->pos, ml);
}

bool engine_is_legal(Engine *e, Move m)
{
    MoveList *ml = alloc_memory(sizeof *ml);
    rules_playable_moves(e->pos, ml);
    bool found = false;
    for (int i = 0; i < ml->n && !found; i++)
        found = move_equal(ml->m[i], m);
    free(ml);
    return found;
}

/* ------------------------------------------------------------------ */
/* Options                                                            */

void engine_set_hash(Engine *e, size_t mb)
{
    engine_search_finish(e, true);
    e->opt.hash_mb = mb;
    search_set_hash(e->search, mb);
}

void engine_clear_hash(Engine *e)
{
    engine_search_finish(e, true);
    search_clear(e->search);
}

void engine_set_threads(Engine *e, int n)
{
    engine_search_finish(e, true);
    e->opt.threads = n;
    search_set_threads(e->search, n);
}

int engine_skill(const Engine *e)
{
    return e->opt.limit_strength ? skill_level_of_elo(e->opt.elo) : e->opt.skill;
}

/* A seed for the weakened search's pick that differs from run to run
 * (opening variety); full strength does not use it. */
static uint64_t strength_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec)
           ^ ((uint64_t)getpid() << 40);
}

static void apply_strength(Engine *e)
{
    engine_search_finish(e, true);
    search_set_skill(e->search, engine_skill(e), strength_seed());
}

static int clamp_int(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

void engine_set_skill(Engine *e, int level)
{
    e->opt.skill = clamp_int(level, SKILL_MIN, SKILL_MAX);
    apply_strength(e);
}

void engine_set_limit_strength(Engine *e, bool on)
{
    e->opt.limit_strength = on;
    apply_strength(e);
}

void engine_set_elo(Engine *e, int elo)
{
    e->opt.elo = clamp_int(elo, SKILL_ELO_MIN, SKILL_ELO_MAX);
    apply_strength(e);
}

/* ------------------------------------------------------------------ */
/* The search worker                                                  */

static void worker_info(const Position *root, const SearchInfo *info, void *ctx)
{
    Engine *e = ctx;
    if (info->multipv <= 1) {
        pthread_mutex_lock(&e->lock);
        e->result.info = *info;
        e->result.have_info = true;
        pthread_mutex_unlock(&e->lock);
    }
    if (e->user_cb.on_info)
        e->user_cb.on_info(root, info, e->user_cb.ctx);
}

static void worker_currmove(const Position *root, Move m, int number, int depth, void *ctx)
{
    Engine *e = ctx;
    if (e->user_cb.on_currmove)
        e->user_cb.on_currmove(root, m, number, depth, e->user_cb.ctx);
}

static void *worker_main(void *arg)
{
    Engine *e = arg;
    SearchCallbacks cb = { worker_info, worker_currmove, e };
    Move ponder = { 0 };
    ponder.kind = MOVE_NULL;
    Move best = search_run(e->search, e->search_pos, &e->limits, &cb, &ponder);
    pthread_mutex_lock(&e->lock);
    e->result.best = best;
    e->result.ponder = ponder;
    e->done = true;
    unsigned id = e->search_id;
    pthread_cond_broadcast(&e->done_cond);
    pthread_mutex_unlock(&e->lock);
    io_post_search_done(id);
    return NULL;
}

static void copy_list(MoveList *dst, const MoveList *src, MoveList **field)
{
    if (!src) {
        *field = NULL;
        return;
    }
    dst->n = src->n;
    memcpy(dst->m, src->m, (size_t)src->n * sizeof src->m[0]);
    *field = dst;
}

void engine_search_start(Engine *e, const Position *root, const Move *premove,
                         const SearchLimits *limits, EngineActivity activity,
                         const SearchCallbacks *cb)
{
    engine_search_finish(e, true);
    if (root != e->search_pos)
        memcpy(e->search_pos, root, sizeof *root);
    if (premove) {
        if (premove->kind == MOVE_NULL)
            position_make_null(e->search_pos);
        else
            position_make(e->search_pos, *premove);
    }
    e->limits = *limits;
    copy_list(e->include, limits->include, &e->limits.include);
    copy_list(e->exclude, limits->exclude, &e->limits.exclude);
    if (e->limits.multipv < 1)
        e->limits.multipv = e->opt.multipv;
    if (cb)
        e->user_cb = *cb;
    else
        memset(&e->user_cb, 0, sizeof e->user_cb);
    memset(&e->result, 0, sizeof e->result);
    e->result.best.kind = MOVE_NULL;
    e->result.ponder.kind = MOVE_NULL;
    e->done = false;
    e->search_id++;
    e->activity = activity;
    /* a stop or ponderhit from now on is kept, even before the worker runs */
    search_arm(e->search, e->limits.ponder);
    if (pthread_create(&e->worker, NULL, worker_main, e) != 0) {
        perror("menagerie: pthread_create");
        exit(1);
    }
    e->running = true;
}

bool engine_searching(const Engine *e)
{
    return e->running;
}

void engine_search_stop(Engine *e)
{
    if (e->running)
        search_stop(e->search);
}

void engine_ponderhit(Engine *e)
{
    if (e->running && e->activity == ENGINE_PONDER) {
        search_ponderhit(e->search);
        e->activity = ENGINE_THINK;
    }
}

EngineResult engine_search_finish(Engine *e, bool stop)
{
    EngineResult r;
    memset(&r, 0, sizeof r);
    r.best.kind = r.ponder.kind = MOVE_NULL;
    if (!e->running)
        return r;
    pthread_mutex_lock(&e->lock);
    while (!e->done) {
        if (stop) {
            /* repeat the request: it may have come before the search
               started listening */
            pthread_mutex_unlock(&e->lock);
            search_stop(e->search);
            pthread_mutex_lock(&e->lock);
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 5 * 1000000;
            if (ts.tv_nsec >= 1000000000) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000;
            }
            if (!e->done)
                pthread_cond_timedwait(&e->done_cond, &e->lock, &ts);
        } else {
            pthread_cond_wait(&e->done_cond, &e->lock);
        }
    }
    r = e->result;
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->worker, NULL);
    e->running = false;
    e->activity = ENGINE_IDLE;
    return r;
}
