/*
 * cecp_search.c — the engine's searches in CECP: thinking on its own
 * move, pondering on the move it expects, analysis (with exclude /
 * include and setscore), the thinking output, sending the move it found,
 * and hints.
 *
 * The search runs on the engine's worker thread; on_info() is called
 * there and reads only `post` and its scratch position.  Everything else
 * runs on the main thread.
 */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "notation/move_text.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "search/timeman.h"

/* XBoard's mate scores: 100000 + the number of moves to mate. */
#define CECP_MATE 100000

/* ------------------------------------------------------------------ */
/* Thinking output and moves                                          */

/* A multi-leg move goes as its legs joined by commas on one line
 * (move e4f5,f5g6): XBoard 4.9.1 glues them and takes the squares where
 * they meet for the kill squares (backend.c, HandleMachineMove). */
static void send_move(const Cecp *c, const Position *pos, Move m)
{
    char text[48];
    cecp_write_move(c, pos, m, text, sizeof text);
    io_printf("move %s", text);
}

static int cecp_score(int score)
{
    if (score >= SCORE_MATE - MAX_PV)
        return CECP_MATE + (SCORE_MATE - score + 1) / 2;
    if (score <= -(SCORE_MATE - MAX_PV))
        return -CECP_MATE - (SCORE_MATE + score) / 2;
    return score;
}

/* The PV as text, played out on a scratch copy of root. */
static void pv_text(const Cecp *c, Position *scratch, const Position *root, const Move *pv,
                    int n, char *buf, size_t size)
{
    memcpy(scratch, root, sizeof *root);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 40 < size; i++) {
        char mv[32];
        cecp_write_move(c, scratch, pv[i], mv, sizeof mv);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", mv);
        if (pv[i].kind == MOVE_NULL)
            position_make_null(scratch);
        else
            position_make(scratch, pv[i]);
    }
}

static void on_info(const Position *root, const SearchInfo *info, void *ctx)
{
    Cecp *c = ctx;
    if (!atomic_load(&c->post))
        return;
    char pv[2048];
    pv_text(c, c->pv_pos, root, info->pv, info->pvlen, pv, sizeof pv);
    io_printf("%d %d %" PRId64 " %" PRIu64 " %d %" PRIu64 " 0\t%s", info->depth,
              cecp_score(info->score), info->time_ms / 10, info->nodes, info->seldepth,
              info->nps, pv);
}

/* ------------------------------------------------------------------ */
/* Searching                                                          */

static void fill_limits(Cecp *c, SearchLimits *l, int side)
{
    memset(l, 0, sizeof *l);
    l->depth = c->sd;
    l->nps = c->nps;
    l->multipv = 1;
    l->time_ms[0] = l->time_ms[1] = -1;
    if (c->st_ms == 0) {
        io_debug("no time per move (st 0), moving at once");
        timeman_move_now(l);
        return;
    }
    if (c->st_ms > 0) {
        l->movetime_ms = c->st_ms;
        return;
    }
    l->time_ms[side] = c->time_ms;
    l->time_ms[!side] = c->otim_ms;
    l->inc_ms[0] = l->inc_ms[1] = c->inc_ms;
    if (c->mps > 0) {
        int done = (engine_moves_played(c->e) + (side == WHITE ? 0 : 1)) / 2;
        l->movestogo = c->mps - done % c->mps;
    }
    if (c->time_ms <= 0) {
        /* the flag has fallen (or the GUI says so): a move at once is
           better than none, and "no time" must not become "no clock" */
        io_debug("no time left on the clock (time %" PRId64 "), moving at once",
                 c->time_ms / 10);
        timeman_move_now(l);
    }
}

static bool game_running(Cecp *c)
{
    return !c->bad_position && !c->game_over && !c->paused && !c->edit_mode;
}

static void start_analysis(Cecp *c)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time_ms[0] = l.time_ms[1] = -1;
    l.infinite = true;
    l.multipv = c->e->opt.multipv;
    l.exclude = c->exclude->n ? c->exclude : NULL;
    SearchCallbacks cb = { on_info, NULL, c };
    engine_search_start(c->e, c->e->pos, NULL, &l, ENGINE_ANALYZE, &cb);
}

static void start_thinking(Cecp *c)
{
    SearchLimits l;
    fill_limits(c, &l, c->e->pos->side);
    SearchCallbacks cb = { on_info, NULL, c };
    engine_search_start(c->e, c->e->pos, NULL, &l, ENGINE_THINK, &cb);
}

static void start_pondering(Cecp *c)
{
    char text[32];
    cecp_write_move(c, c->e->pos, c->expected, text, sizeof text);
    io_printf("Hint: %s", text);
    SearchLimits l;
    fill_limits(c, &l, !c->e->pos->side);
    l.ponder = true;
    c->pondered = c->expected;
    SearchCallbacks cb = { on_info, NULL, c };
    engine_search_start(c->e, c->e->pos, &c->expected, &l, ENGINE_PONDER, &cb);
}

/* Start whatever search the state asks for, if none runs. */
void cecp_maybe_search(Cecp *c)
{
    if (engine_searching(c->e) || !game_running(c))
        return;
    if (c->analyze) {
        start_analysis(c);
    } else if (c->engine_side == c->e->pos->side) {
        start_thinking(c);
    } else if (c->engine_side != CECP_NO_SIDE && c->ponder_on && c->have_expected
               && engine_is_legal(c->e, c->expected)) {
        start_pondering(c);
    }
}

/* Stop a search and forget its result. */
void cecp_abandon_search(Cecp *c)
{
    engine_search_finish(c->e, true);
}

static void play_engine_move(Cecp *c, const EngineResult *r)
{
    if (!engine_move_ok(r->best) || !engine_is_legal(c->e, r->best)) {
        cecp_check_game_end(c);
        return;
    }
    int score = r->have_info ? r->info.score : 0;
    if (c->e->opt.resign_cp > 0 && r->have_info && score < -c->e->opt.resign_cp) {
        io_printf("resign");
        c->engine_side = CECP_NO_SIDE;
        c->game_over = true;
        return;
    }
    if (c->draw_offered && r->have_info && score <= 0)
        io_printf("offer draw");
    c->draw_offered = false;
    send_move(c, c->e->pos, r->best);
    engine_make_move(c->e, r->best);
    cecp_position_changed(c);
    c->have_expected = engine_move_ok(r->ponder) && engine_is_legal(c->e, r->ponder);
    if (c->have_expected)
        c->expected = r->ponder;
    cecp_check_game_end(c);
}

void cecp_search_done(Cecp *c)
{
    EngineActivity act = c->e->activity;
    EngineResult r = engine_search_finish(c->e, false);
    if (act == ENGINE_THINK)
        play_engine_move(c, &r);
    /* a ponder search that ends by itself waits for the opponent's move;
       an analysis that ends by itself stays finished */
}

/* During pondering: a hit turns the ponder search into thinking. */
bool cecp_ponder_hit(Cecp *c, const char *text)
{
    Move m;
    char why[128];
    if (!engine_parse_move(c->e, text, cecp_wire_ranks(c), &m, why, sizeof why)
        || !move_equal(m, c->pondered))
        return false;
    engine_make_move(c->e, m);
    cecp_position_changed(c);
    c->have_expected = false;
    engine_ponderhit(c->e);
    return true;
}

void cecp_cmd_move_now(Cecp *c, char *args)
{
    (void)args;
    if (c->e->activity == ENGINE_THINK)
        engine_search_stop(c->e);
}

/* ------------------------------------------------------------------ */
/* Analysis                                                           */

void cecp_cmd_analyze(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->analyze = true;
    c->engine_side = CECP_NO_SIDE;
}

void cecp_cmd_exit(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->analyze = false;
    c->exclude->n = 0;
}

void cecp_cmd_stat(Cecp *c, char *args)
{
    (void)args;
    if (c->e->activity != ENGINE_ANALYZE)
        return;
    int depth = 0, score = 0, left = 0, total = 0;
    int64_t ms = 0;
    search_progress(c->e->search, &depth, &score, &ms, &left, &total);
    io_printf("stat01: %" PRId64 " %" PRIu64 " %d %d %d", ms / 10, search_nodes(c->e->search),
              depth, left, total);
}

static void exclude_move(Cecp *c, Move m, bool exclude)
{
    MoveList *x = c->exclude;
    for (int i = 0; i < x->n; i++)
        if (move_equal(x->m[i], m)) {
            if (!exclude)
                x->m[i] = x->m[--x->n];
            return;
        }
    if (exclude && x->n < MAX_MOVES)
        x->m[x->n++] = m;
}

static void set_exclusion(Cecp *c, char *args, bool exclude)
{
    const char *name = exclude ? "exclude" : "include";
    cecp_abandon_search(c);
    if (strcmp(args, "all") == 0) {
        c->exclude->n = 0;
        if (exclude)
            engine_legal_moves(c->e, c->exclude);
        return;
    }
    Move m;
    char why[128];
    if (!engine_parse_move(c->e, args, cecp_wire_ranks(c), &m, why, sizeof why)) {
        io_printf("Error (%s): %s %s", why, name, args);
        return;
    }
    exclude_move(c, m, exclude);
}

void cecp_cmd_exclude(Cecp *c, char *args) { set_exclusion(c, args, true); }
void cecp_cmd_include(Cecp *c, char *args) { set_exclusion(c, args, false); }

void cecp_cmd_setscore(Cecp *c, char *args)
{
    /* a fixed score is never taken for a mate */
    const long long bound = SCORE_MATE - MAX_PV;
    char why[256];
    long long n;
    if (!io_int_clamped("setscore", args, -bound, bound, &n, why, sizeof why)) {
        cecp_command_error(why, "setscore", args);
        return;
    }
    search_set_score(c->e->search, c->e->pos, (int)n);
}

/* ------------------------------------------------------------------ */
/* Hints                                                              */

void cecp_cmd_hint(Cecp *c, char *args)
{
    (void)args;
    char text[32];
    if (c->have_expected && engine_is_legal(c->e, c->expected)) {
        cecp_write_move(c, c->e->pos, c->expected, text, sizeof text);
        io_printf("Hint: %s", text);
        return;
    }
    if (engine_searching(c->e) || c->bad_position)
        return;
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time_ms[0] = l.time_ms[1] = -1;
    l.depth = 4;
    l.movetime_ms = 1000;
    l.multipv = 1;
    engine_search_start(c->e, c->e->pos, NULL, &l, ENGINE_ANALYZE, NULL);
    EngineResult r = engine_search_finish(c->e, false);
    if (engine_move_ok(r.best) && engine_is_legal(c->e, r.best)) {
        cecp_write_move(c, c->e->pos, r.best, text, sizeof text);
        io_printf("Hint: %s", text);
    }
}

void cecp_cmd_bk(Cecp *c, char *args)
{
    (void)c;
    (void)args;
    io_printf(" Menagerie has no opening book");
    io_printf("%s", "");
}

