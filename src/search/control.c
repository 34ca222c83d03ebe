/*
 * control.c — the Search object: creating and destroying it, its options
 * (hash size, evaluation tables, random term, strength, fixed scores),
 * clearing it for a new game, and the calls the input thread may make
 * while a search runs (stop, ponderhit, node count, progress), which
 * touch only atomics.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "search/search_internal.h"
#include "search/skill.h"

static void init_lmr(Search *s)
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            s->lmr[d][m] = d && m ? (int)(0.75 + log(d) * log(m) / 2.25) : 0;
}

/* The per-thread parts of a search; `tt` is the table it will use. */
Search *search_alloc(TT *tt)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = tt ? tt : &s->tt_own;
    s->pick = malloc((MAX_PV + 1) * sizeof *s->pick);
    s->scratch = malloc(sizeof *s->scratch);
    s->turn_lists = malloc(TURN_LISTS * sizeof *s->turn_lists);
    s->root = malloc(MAX_MOVES * sizeof *s->root);
    s->ecache = calloc(EVAL_CACHE, sizeof *s->ecache);
    s->pos = malloc(sizeof *s->pos);
    s->corr = calloc(1, sizeof *s->corr);
    if (!s->pick || !s->scratch || !s->turn_lists || !s->root || !s->ecache || !s->pos
        || !s->corr) {
        search_destroy(s);
        return NULL;
    }
    s->threads = 1;
    s->skill = SKILL_MAX;
    atomic_init(&s->stop, false);
    atomic_init(&s->pondering, false);
    atomic_init(&s->armed, false);
    atomic_init(&s->stop_on_ponderhit, false);
    atomic_init(&s->nodes_pub, 0);
    atomic_init(&s->start_ms, search_now_ms());
    atomic_init(&s->prog_depth, 0);
    atomic_init(&s->prog_score, 0);
    atomic_init(&s->prog_left, 0);
    atomic_init(&s->prog_total, 0);
    init_lmr(s);
    return s;
}

Search *search_create(size_t hash_mb)
{
    Search *s = search_alloc(NULL);
    if (!s)
        return NULL;
    if (tt_init(s->tt, hash_mb) != 0) {
        search_destroy(s);
        return NULL;
    }
    s->hash_mb = hash_mb;
    return s;
}

void search_destroy(Search *s)
{
    if (!s)
        return;
    smp_destroy_helpers(s);
    if (s->tt == &s->tt_own)
        tt_free(s->tt);
    free(s->pick);
    free(s->scratch);
    free(s->turn_lists);
    free(s->root);
    free(s->ecache);
    free(s->pos);
    free(s->corr);
    history_free(&s->hist);
    nnue_stack_free(s->nnue);
    free(s);
}

void search_set_hash(Search *s, size_t hash_mb)
{
    TT fresh;
    if (tt_init(&fresh, hash_mb) != 0) {
        tt_clear(s->tt);
        return;
    }
    tt_free(s->tt);
    *s->tt = fresh;          /* the helpers point at it too */
    s->hash_mb = hash_mb;
}

void search_set_score(Search *s, const Position *pos, int score)
{
    for (int i = 0; i < s->nfixed; i++)
        if (s->fixed_hash[i] == pos->hash) {
            s->fixed_score[i] = score;
            return;
        }
    int i = s->nfixed < FIXED_SCORES ? s->nfixed++ : FIXED_SCORES - 1;  /* full: replace the last */
    s->fixed_hash[i] = pos->hash;
    s->fixed_score[i] = score;
    tt_clear(s->tt);     /* stored results may depend on the old score */
}

void search_set_random(Search *s, uint64_t seed)
{
    for (int i = -1; i < s->nhelpers; i++) {
        Search *t = i < 0 ? s : s->helpers[i];
        t->noise_seed = seed;
        memset(t->ecache, 0, EVAL_CACHE * sizeof *t->ecache);
    }
    tt_clear(s->tt);      /* shared: cleared once */
}

void search_set_skill(Search *s, int level, uint64_t seed)
{
    s->skill = level;
    s->skill_random = seed;
}

void search_set_eval(Search *s, const EvalTables *et)
{
    for (int i = -1; i < s->nhelpers; i++) {
        Search *t = i < 0 ? s : s->helpers[i];
        t->et = et;
        memset(t->ecache, 0, EVAL_CACHE * sizeof *t->ecache);   /* another variant's */
    }
}

static void clear_thread_state(Search *s)
{
    history_clear(&s->hist);
    corr_clear(s->corr);
    memset(s->ecache, 0, EVAL_CACHE * sizeof *s->ecache);
}

void search_clear(Search *s)
{
    s->nfixed = 0;
    tt_clear(s->tt);
    clear_thread_state(s);
    for (int i = 0; i < s->nhelpers; i++)
        clear_thread_state(s->helpers[i]);
}

void search_arm(Search *s, bool ponder)
{
    atomic_store(&s->stop, false);
    atomic_store(&s->pondering, ponder);
    atomic_store(&s->armed, true);
}

void search_stop(Search *s)
{
    atomic_store(&s->pondering, false);
    atomic_store(&s->stop, true);
}

void search_ponderhit(Search *s)
{
    /* The opponent played the expected move: our clock starts now, unless
       the search already thought as long as the clock would have let it
       (then the move is ready). */
    atomic_store(&s->start_ms, search_now_ms());
    if (atomic_load(&s->stop_on_ponderhit))
        atomic_store(&s->stop, true);
    atomic_store(&s->pondering, false);
}

uint64_t search_nodes(const Search *s)
{
    uint64_t n = atomic_load_explicit(&((Search *)s)->nodes_pub, memory_order_relaxed);
    for (int i = 0; i < s->nhelpers; i++)
        n += atomic_load_explicit(&s->helpers[i]->nodes_pub, memory_order_relaxed);
    return n;
}

void search_progress(const Search *s, int *depth, int *score, int64_t *elapsed_ms,
                     int *moves_left, int *moves_total)
{
    Search *m = (Search *)s;   /* atomics are read-only here */
    if (depth) *depth = atomic_load(&m->prog_depth);
    if (score) *score = atomic_load(&m->prog_score);
    if (elapsed_ms) *elapsed_ms = search_now_ms() - atomic_load(&m->start_ms);
    if (moves_left) *moves_left = atomic_load(&m->prog_left);
    if (moves_total) *moves_total = atomic_load(&m->prog_total);
}
