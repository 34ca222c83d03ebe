/*
 * engine.h — the game controller both protocol front ends share.
 *
 * It owns the current variant and game (a heap-allocated Position whose
 * undo stack is the game history), the variant's evaluation tables, the
 * Search, the engine options, and the search worker thread.  It prints
 * nothing: results come back through SearchCallbacks (thinking output) and
 * an IO_SEARCH_DONE event (io.h) carrying the search's id, after which the
 * front end's main thread calls engine_search_finish().  All game-state
 * functions must be called from the front end's main thread.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include "board/position.h"
#include "board/rules.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/skill.h"
#include "catalog/variant_load.h"

#define ENGINE_NAME     "Menagerie"
#define ENGINE_AUTHOR   "the Menagerie authors"
#define ENGINE_HASH_MB  16
#define ENGINE_HASH_MAX 65536
#define ENGINE_THREADS_MAX 256
#define ENGINE_MULTIPV_MAX 256

typedef enum {
    ENGINE_IDLE,       /* no search */
    ENGINE_THINK,      /* searching a move to play */
    ENGINE_PONDER,     /* searching after a guessed opponent move */
    ENGINE_ANALYZE     /* searching without intent to move */
} EngineActivity;

typedef struct {
    size_t hash_mb;
    int    threads;
    int    multipv;
    int    resign_cp;       /* resign below -resign_cp; 0: never */
    int    skill;           /* Skill Level: SKILL_MIN..SKILL_MAX (full strength) */
    bool   limit_strength;  /* UCI_LimitStrength: play at `elo` instead of `skill` */
    int    elo;             /* UCI_Elo: SKILL_ELO_MIN..SKILL_ELO_MAX */
    bool   use_nnue;        /* UseNNUE: a network evaluates where there is one */
    char   eval_file[1024]; /* EvalFile: the network to use; "": VARIANT.nnue by name */
} EngineOptions;

typedef struct {
    Move       best, ponder;   /* ponder: kind MOVE_NULL and from == to when none */
    bool       have_info;
    SearchInfo info;           /* the last completed iteration (multipv 1) */
} EngineResult;

typedef struct Engine {
    VariantSet    *set;
    const Variant *variant;
    EvalTables    *eval;       /* variant's, rebuilt with it; the search reads them */
    EvalNetOutcome net;        /* what choosing its network came to ... */
    char           net_note[1600];   /* ... in words */
    char           variant_name[MAX_NAME];
    Position      *pos;        /* the game; undo stack = history */
    int            past_end_ply;   /* pos->ply at which the game went on past an
                                      immediate end (pos->play_past_end) */
    EngineOptions  opt;
    Search        *search;

    /* the worker (fields below `lock` are shared with it) */
    EngineActivity activity;   /* main thread only */
    unsigned       search_id;  /* id of the running / last search */
    bool           running;    /* a worker thread exists (main thread only) */
    pthread_t      worker;
    Position      *search_pos; /* private copy the worker searches */
    SearchLimits   limits;
    MoveList      *include, *exclude;
    SearchCallbacks user_cb;
    pthread_mutex_t lock;
    pthread_cond_t  done_cond;
    bool           done;
    EngineResult   result;
} Engine;

Engine *engine_create(VariantSet *set);
void    engine_destroy(Engine *e);

/* Variants. */
const Variant *engine_find_variant(const Engine *e, const char *name);
void    engine_set_variant(Engine *e, const Variant *v);  /* and its start position */
/* Load extra variant files (a ':'-separated list); the current variant is
 * looked up again by name.  Diagnostics go to `diag` with `prefix`.
 * Returns the number of errors. */
int     engine_load_variants(Engine *e, const char *paths, FILE *diag, const char *prefix);
/* Add the variants of a definition a GUI sent (varset_define: all or
 * nothing); what it defined goes to *out.  A search is stopped first.
 * When it replaces the variant being played, the game goes on in the new
 * definition from its FEN if that is legal there, from the start otherwise.
 * Returns the number of errors. */
int     engine_define_variants(Engine *e, const char *text, VariantDefinition *out,
                               FILE *diag, const char *prefix);
/* Did the definition replace the variant being played? */
bool    engine_variant_redefined(const Engine *e, const VariantDefinition *def);

/* The neural evaluation (menagerie(6), NEURAL EVALUATION): each time a
 * variant is chosen its tables get the network of EvalFile when that is
 * made for it, otherwise VARIANT.nnue found by name, otherwise none; with
 * UseNNUE off, none.  Setting either chooses again at once; e->net and
 * e->net_note say what came of it (a front end reports them). */
void    engine_set_eval_file(Engine *e, const char *path);   /* "" or NULL: by name */
void    engine_set_use_nnue(Engine *e, bool on);

/* The game. */
void    engine_new_game(Engine *e);                  /* start position, clear hash */
int     engine_set_fen(Engine *e, const char *fen, char *err, size_t errsize);
bool    engine_parse_move(Engine *e, const char *text, bool cecp_ranks, Move *m,
                          char *why, size_t whysize);
void    engine_make_move(Engine *e, Move m);
bool    engine_undo(Engine *e);                      /* false: nothing to undo */
/* The players go on past an immediate end of the current position (a flag,
 * the n-th check): its moves stay playable until a FEN, or an undo back
 * before this position. */
void    engine_play_past_end(Engine *e);
int     engine_moves_played(const Engine *e);        /* since the set-up position */
bool    engine_game_end(Engine *e, GameEnd *end);
void    engine_legal_moves(Engine *e, MoveList *ml);
/* Is m (a move of the current position) legal? */
bool    engine_is_legal(Engine *e, Move m);

/* Options. */
void    engine_set_hash(Engine *e, size_t mb);
void    engine_clear_hash(Engine *e);
void    engine_set_threads(Engine *e, int n);
/* Strength (search/skill.h): the Skill Level, and a limit by Elo that
 * takes its place while on (UCI_LimitStrength and UCI_Elo, as in
 * Stockfish).  Values are clamped into their ranges.  Each change draws
 * a new seed for the weakened search's random pick, from the clock, so
 * that games vary from run to run. */
void    engine_set_skill(Engine *e, int level);
void    engine_set_limit_strength(Engine *e, bool on);
void    engine_set_elo(Engine *e, int elo);
/* The level the engine plays at (SKILL_MAX: full strength). */
int     engine_skill(const Engine *e);

/* The search.  `root` is copied (it may be e->pos); `premove`, when not
 * NULL, is played on the copy first (pondering).  `limits` is copied, with
 * its include/exclude lists. */
void    engine_search_start(Engine *e, const Position *root, const Move *premove,
                            const SearchLimits *limits, EngineActivity activity,
                            const SearchCallbacks *cb);
bool    engine_searching(const Engine *e);
void    engine_search_stop(Engine *e);         /* asks; returns at once */
void    engine_ponderhit(Engine *e);           /* pondering becomes thinking */
/* Wait for the worker (stopping it first when `stop`), return its result
 * and go idle.  Safe to call when no search runs (returns a null result). */
EngineResult engine_search_finish(Engine *e, bool stop);

/* Milliseconds from a monotonic clock. */
int64_t engine_now_ms(void);

/* Is m a real move (not the "no move" marker)? */
static inline bool engine_move_ok(Move m)
{
    return !(m.kind == MOVE_NULL && m.from == 0 && m.to == 0);
}

#endif
