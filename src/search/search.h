/*
 * search.h — the one alpha-beta search that plays every variant.
 *
 * The engine (protocol/engine.c) owns a Search and the evaluation tables
 * of its variant; the front ends (cecp.c, uci.c) fill SearchLimits from
 * their time-control commands, and search_run() runs on a worker thread;
 * search_stop() / search_ponderhit() may be called from the input thread
 * at any time.  Output goes through the callbacks, so the search knows
 * nothing of either protocol.  The code: search.c (the tree), movepick.c,
 * history.c, run.c (one search_run), control.c (the object), smp.c
 * (Lazy SMP helpers).
 */
#ifndef SEARCH_H
#define SEARCH_H

#include <stdbool.h>
#include <stdint.h>
#include "board/position.h"
#include "search/eval.h"
#include "search/limits.h"

#define MAX_PV      128
#define SCORE_MATE  30000
#define SCORE_INF   32000
/* Scores at or beyond SCORE_MATE - MAX_PV are mates: SCORE_MATE - n = mate in n plies. */

typedef struct {
    int      depth, seldepth, multipv;
    int      score;            /* centipawns from the side to move's view, or mate */
    bool     lowerbound, upperbound;
    uint64_t nodes;
    int64_t  time_ms;
    uint64_t nps;
    int      hashfull;         /* per mille */
    int      pvlen;
    Move     pv[MAX_PV];
} SearchInfo;

typedef struct {
    /* after each completed iteration (and each MultiPV line) */
    void (*on_info)(const Position *root, const SearchInfo *info, void *ctx);
    /* root move being searched (UCI currmove), may be NULL */
    void (*on_currmove)(const Position *root, Move m, int number, int depth, void *ctx);
    void *ctx;
} SearchCallbacks;

typedef struct Search Search;

Search *search_create(size_t hash_mb);
void    search_destroy(Search *s);
void    search_set_hash(Search *s, size_t hash_mb);   /* clears the table */
void    search_clear(Search *s);                      /* new game: TT, history */
/* Lazy SMP: threads - 1 helper threads search each root alongside the
 * main one, sharing the hash table; the main search's result is used.
 * Node limits count the main search; search_nodes() counts all. */
void    search_set_threads(Search *s, int threads);
/* seed != 0: add a small pseudo-random term (-16..+15 cp, fixed per
 * position and seed) to every evaluation, so games vary (CECP random);
 * 0 turns it off.  Call only while no search runs. */
void    search_set_random(Search *s, uint64_t seed);
/* Play at strength `level` (skill.h; SKILL_MAX: full strength) from now
 * on, in every search for a move to play (not in infinite ones:
 * analysis stays at full strength).  A weakened search runs on one
 * thread and picks its move at random among the best few, drawing from
 * a random state that starts at `seed` and runs on from search to
 * search (so the same seed replays the same choices).  Call only while
 * no search runs. */
void    search_set_skill(Search *s, int level, uint64_t seed);
/* From now on score `pos` as `score` (centipawns, side to move's view)
 * wherever the search meets it below the root (CECP setscore); forgotten
 * by search_clear.  Call only while no search runs. */
void    search_set_score(Search *s, const Position *pos, int score);
/* Evaluate with `et` (the tables of the variant about to be searched;
 * the caller keeps them alive while this Search may use them) from now
 * on, in every thread.  Until tables are set (or with NULL), search_run
 * answers with the first legal move, unsearched.  Call only while no
 * search runs. */
void    search_set_eval(Search *s, const EvalTables *et);

/* Search `pos` (not modified: the search works on its own copy) within
 * `limits`, evaluating with the tables of search_set_eval (built from
 * pos->v).  Returns the best move (kind MOVE_NULL with from == to == 0 if
 * there is no legal move) and, when ponder_out is not NULL, the expected
 * reply (or a null move).  Blocks until done or stopped. */
Move search_run(Search *s, const Position *pos, const SearchLimits *limits,
                const SearchCallbacks *cb, Move *ponder_out);

/* Optional, on the input thread before the worker calls search_run with
 * the same `ponder` as its limits: a search_stop or search_ponderhit that
 * arrives before search_run has started then still takes effect.
 * (Without it, search_run forgets stops that came earlier, so a stray
 * stop while idle cannot cut the next search short.) */
void search_arm(Search *s, bool ponder);
void search_stop(Search *s);        /* thread-safe; returns at once */
void search_ponderhit(Search *s);   /* thread-safe: pondering turns into a normal search */
uint64_t search_nodes(const Search *s);   /* nodes so far (thread-safe, approximate) */
/* The current best line while searching (CECP '.' / stat01), thread-safe. */
void search_progress(const Search *s, int *depth, int *score, int64_t *elapsed_ms,
                     int *moves_left, int *moves_total);

#endif
