/*
 * smp.c — Lazy SMP: with more threads, helper searches run the same root
 * on their own threads and copies of the position, sharing only the hash
 * table (every other one a ply deeper, so that they do not all search
 * alike), and are stopped when the main search ends; only the main
 * search's result counts.
 */
#include <stdlib.h>
#include <string.h>
#include "search/search_internal.h"

void smp_destroy_helpers(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++)
        search_destroy(s->helpers[i]);
    free(s->helpers);
    free(s->helper_ids);
    s->helpers = NULL;
    s->helper_ids = NULL;
    s->nhelpers = 0;
}

void search_set_threads(Search *s, int threads)
{
    if (threads < 1)
        threads = 1;
    smp_destroy_helpers(s);
    s->threads = 1;
    int n = threads - 1;
    if (n == 0)
        return;
    s->helpers = calloc((size_t)n, sizeof *s->helpers);
    s->helper_ids = calloc((size_t)n, sizeof *s->helper_ids);
    if (!s->helpers || !s->helper_ids) {
        smp_destroy_helpers(s);
        return;
    }
    for (int i = 0; i < n; i++) {
        Search *h = search_alloc(s->tt);
        if (!h)
            break;          /* out of memory: fewer threads */
        h->depth_offset = (i + 1) & 1;   /* every other helper one ply deeper */
        h->noise_seed = s->noise_seed;
        h->et = s->et;
        s->helpers[s->nhelpers++] = h;
    }
    s->threads = 1 + s->nhelpers;
}

static void *helper_main(void *arg)
{
    Search *h = arg;
    search_iterate(h, NULL);
    atomic_store_explicit(&h->nodes_pub, h->nodes, memory_order_relaxed);
    return NULL;
}

/* Give each helper the main search's root (position, root moves, rules
 * flags, user scores) with no limits of its own, and start its thread;
 * smp_stop_helpers() ends them. */
void smp_start_helpers(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++) {
        Search *h = s->helpers[i];
        memcpy(h->pos, s->pos, sizeof *s->pos);
        h->pos->turn_lists = h->turn_lists;    /* its own, as the accumulators */
        search_attach_nnue(h);    /* its own accumulators, not the main search's */
        h->limits = s->limits;
        h->limits.nodes = 0;
        h->limits.mate = 0;
        h->multipv = 1;
        memset(&h->tp, 0, sizeof h->tp);          /* untimed: the main search stops it */
        h->nodes = 0;
        atomic_store(&h->nodes_pub, 0);
        h->stopped = false;
        atomic_store(&h->stop, false);
        atomic_store(&h->pondering, false);
        search_setup_rules(h);
        memcpy(h->fixed_hash, s->fixed_hash, sizeof s->fixed_hash);
        memcpy(h->fixed_score, s->fixed_score, sizeof s->fixed_score);
        h->nfixed = s->nfixed;
        history_fit_variant(&h->hist, h->pos->v);
        history_clear_killers(&h->hist);
        h->incheck[0] = s->incheck[0];
        h->evals[0] = s->evals[0];
        memcpy(h->root, s->root, (size_t)s->nroot * sizeof *s->root);
        h->nroot = s->nroot;
        if (pthread_create(&s->helper_ids[i], NULL, helper_main, h) != 0)
            break;      /* no thread: the remaining helpers sit this search out */
        s->nrunning = i + 1;
    }
}

void smp_stop_helpers(Search *s)
{
    for (int i = 0; i < s->nrunning; i++)
        atomic_store(&s->helpers[i]->stop, true);
    for (int i = 0; i < s->nrunning; i++)
        pthread_join(s->helper_ids[i], NULL);
    s->nrunning = 0;
}
