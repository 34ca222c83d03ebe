/*
 * search_internal.h — the Search object the files of src/search share:
 * the tree search (search.c), the move picker (movepick.c), the history
 * tables (history.c), one search run (run.c), the object's life and
 * controls (control.c) and the Lazy SMP helpers (smp.c).  Nothing outside
 * src/search includes it.
 */
#ifndef SEARCH_INTERNAL_H
#define SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include "board/position.h"
#include "search/corrhist.h"
#include "search/eval.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

#define MAX_PLY     (MAX_PV - 1)
#define MATE_BOUND  (SCORE_MATE - MAX_PV)

/* Static evaluations by position hash: transpositions and re-searches
 * meet the same leaves again and again. */
#define EVAL_CACHE (1 << 16)
typedef struct {
    uint64_t key;
    int32_t  eval;
} EvalCacheEntry;

typedef struct {
    Move move;
    int  score, prev_score;
    uint64_t nodes;                       /* searched below it, this search */
    int  pvlen;
    Move pv[MAX_PV];
} RootMove;

#define FIXED_SCORES 64

struct Search {
    TT *tt;                               /* &tt_own; a helper's is its main search's */
    TT tt_own;
    size_t hash_mb;
    int threads;

    /* Lazy SMP: threads - 1 helpers search the same root on their own
       threads, sharing only the hash table; the main search decides. */
    Search **helpers;
    pthread_t *helper_ids;
    int nhelpers, nrunning;               /* helpers, and how many have a thread now */
    int depth_offset;                     /* a helper searches this much deeper */

    /* shared with the input thread */
    atomic_bool stop, pondering, armed;
    atomic_bool stop_on_ponderhit;        /* pondering went as long as the clock
                                             would have allowed: a ponderhit ends it */
    atomic_uint_fast64_t nodes_pub;
    atomic_int_fast64_t start_ms;
    atomic_int prog_depth, prog_score, prog_left, prog_total;

    /* the search thread's own */
    Position *pos;
    NnueStack *nnue;                      /* pos's network accumulators (when et has a net) */
    const EvalTables *et;                 /* the variant's, shared read-only by all threads */
    SearchLimits limits;
    TimePlan tp;
    uint64_t nodes;
    bool stopped;
    int seldepth;
    bool must_capture, needs_legality, null_ok_variant, has_immediate, check_tactics, flag_tactics,
         flag_pending_rule;   /* flag.reply-move: both (rules_flag_pending) */
    bool material_draws;                  /* only royals left can be a draw */
    int  royals_max;                      /* the most royals both sides can have */

    Picker *pick;                         /* [MAX_PV + 1] */
    MoveList *scratch;
    MoveList *turn_lists;      /* [TURN_LISTS]: for the rules of turns of several moves */
    History hist;                         /* killers, counter moves, history scores */
    CorrHist *corr;                       /* correction history (corrhist.h) */
    TypeMask pawn_types;                  /* the variant's pawn-like types (its keys) */
    Move pv[MAX_PV + 1][MAX_PV + 1];
    int pvlen[MAX_PV + 1];
    int evals[MAX_PV + 2];
    bool incheck[MAX_PV + 2];
    Move excluded[MAX_PV + 2];            /* a singular-extension test leaves this move out */
    int cont_key[MAX_PV + 2];             /* continuation key of the move made at each ply
                                             (history.h; CONT_NONE: null move or pass) */

    uint64_t noise_seed;                  /* 0: no random evaluation term */

    /* a strength level (skill.h): for one search, weakened says whether
       it applies, soft_nodes is its node budget (0: none) and shown_lines
       the lines the caller asked to see (the pick needs more) */
    int skill;
    uint64_t skill_random;
    bool weakened;
    uint64_t soft_nodes;
    int shown_lines;

    /* scores the user fixed for positions (CECP setscore): hash -> score */
    uint64_t fixed_hash[FIXED_SCORES];
    int fixed_score[FIXED_SCORES];
    int nfixed;

    RootMove *root;                       /* [MAX_MOVES] */
    EvalCacheEntry *ecache;               /* [EVAL_CACHE] */
    int nroot, pv_index, multipv;
    int lmr[64][64];
};

/* The continuation key of the move made `back` plies before the node at
 * `ply` (1: the move that led to it); CONT_NONE before the root. */
static inline int cont_prev(const Search *s, int ply, int back)
{
    return ply >= back ? s->cont_key[ply - back] : CONT_NONE;
}

static inline int64_t search_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static inline int64_t search_elapsed(const Search *s)
{
    if (s->tp.node_clock_nps)
        return (int64_t)(s->nodes * 1000 / s->tp.node_clock_nps);
    return search_now_ms() - atomic_load(&s->start_ms);
}

/* run.c: let the network's accumulators (when et has a net) follow
 * s->pos from where it stands (the root) on. */
void search_attach_nnue(Search *s);

/* search.c: iterative deepening from the root moves set up in s. */
void search_iterate(Search *s, const SearchCallbacks *cb);

/* run.c: what the rules of s->pos's variant ask of the search. */
void search_setup_rules(Search *s);

/* control.c: a Search's per-thread parts; `tt` is the table it will use
 * (NULL: its own tt_own, which the caller allocates). */
Search *search_alloc(TT *tt);

/* smp.c: the Lazy SMP helpers' threads. */
void smp_start_helpers(Search *s);   /* search s's root alongside it */
void smp_stop_helpers(Search *s);    /* stop and join them */
void smp_destroy_helpers(Search *s); /* free them (none running) */

#endif
