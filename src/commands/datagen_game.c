/*
 * datagen_game.c — one self-play game (datagen_game.h).
 *
 * Each game draws its random opening from a stream seeded by the run's
 * seed and the game's number, and is searched with a cleared hash table
 * and history, so what a game holds depends only on the settings, never
 * on which thread played it or when.
 */
#include <stdlib.h>
#include <string.h>
#include "board/attack.h"
#include "board/rules.h"
#include "commands/data_replay.h"
#include "commands/datagen_game.h"
#include "notation/fen.h"
#include "search/moveutil.h"

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
static bool think(GamePlayer *w, const SearchLimits *lim, Move *best, int *score)
{
    Verdict verdict = { 0, false };
    SearchCallbacks cb = { note_score, NULL, &verdict };
    *best = search_run(w->search, w->pos, lim, &cb, NULL);
    w->nodes += search_nodes(w->search);
    *score = verdict.score;
    return verdict.scored;
}

SearchLimits datagen_limits(long long nodes, long long depth)
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
static bool random_opening(GamePlayer *w, int plies)
{
    GameEnd end;
    position_start(w->pos, w->v);
    for (int i = 0; i < plies; i++) {
        if (rules_game_end(w->pos, &end))
            return false;
        rules_playable_moves(w->pos, w->moves);
        if (w->moves->n == 0)
            return false;
        Move m = w->moves->m[random_below(&w->rng, w->moves->n)];
        data_sort_moves(w->moves);        /* the record's order, after the draw */
        w->opening[i] = data_move_index(w->moves, m);
        position_make(w->pos, m);
    }
    return !rules_game_end(w->pos, &end);
}

/* Does a quick search find the opening playable for both sides? */
static bool opening_balanced(GamePlayer *w)
{
    SearchLimits lim = datagen_limits(OPENING_CHECK_NODES, 0);
    Move best;
    int score;
    search_clear(w->search);
    return think(w, &lim, &best, &score) && abs(score) <= OPENING_MAX_CP;
}

/* Set up the game's opening; returns the plies it took.  A variant where
 * random play keeps ending or unbalancing the game starts from the start
 * position. */
static int open_game(GamePlayer *w)
{
    int plies = (int)w->opt->random_plies;
    for (int i = 0; i < OPENING_TRIES; i++)
        if (random_opening(w, plies) && (plies == 0 || opening_balanced(w)))
            return plies;
    position_start(w->pos, w->v);
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

/* The record of the move `best` the search chose in w->pos, with the
 * position before it when `recorded`.  A move missing from the playable
 * ones (which the search cannot choose) would end the segment: the game
 * goes on in a new one from the position after it. */
static void record_move(GamePlayer *w, DataGame *out, Move best, bool recorded, int white)
{
    data_playable_moves(w->pos, w->moves);
    int index = data_move_index(w->moves, best);
    if (index >= 0) {
        data_game_ply(out, index, recorded, white);
        position_make(w->pos, best);
        return;
    }
    data_game_segment_end(out, recorded, white, data_position_check(w->pos));
    position_make(w->pos, best);
    char fen[FEN_MAX];
    position_get_fen(w->pos, fen, sizeof fen);
    data_game_segment(out, fen);
}

void datagen_play(GamePlayer *w, long long game, DataGame *out)
{
    const DatagenOptions *opt = w->opt;
    Position *pos = w->pos;
    Adjudicator adj = { 0, 0, 0 };
    GameEnd end;
    int halves = 1;
    const char *reason = "drawn at the ply limit";
    w->rng = game_stream(opt->seed, game);
    w->nodes = 0;
    data_game_reset(out);
    int ply = open_game(w);
    data_game_segment(out, NULL);
    for (int i = 0; i < ply; i++)
        data_game_ply(out, w->opening[i], false, 0);
    search_clear(w->search);
    bool closed = false;        /* the segment's last position written */
    for (; ply < opt->max_plies; ply++) {
        if (rules_game_end(pos, &end)) {
            halves = white_halves(end.outcome, pos->side);
            reason = end.reason;
            break;
        }
        Move best;
        int score;
        bool scored = think(w, w->limits, &best, &score);
        if (best.kind == MOVE_NULL) {      /* cannot happen: the game would have ended */
            reason = "the search found no move";
            break;
        }
        int white = pos->side == WHITE ? score : -score;
        bool decided = scored && adjudicate(&adj, white, ply, &halves, &reason);
        bool recorded = scored && worth_recording(pos, best, score);
        if (decided) {
            data_game_segment_end(out, recorded, white, data_position_check(pos));
            closed = true;
            break;
        }
        record_move(w, out, best, recorded, white);
    }
    if (!closed)
        data_game_segment_end(out, false, 0, data_position_check(pos));
    out->white_halves = halves;
    out->has_end = true;
    out->number = game;
    out->plies = ply;
    snprintf(out->reason, sizeof out->reason, "%s", reason);
}
