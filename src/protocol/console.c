/*
 * console.c — the developer's commands of both front ends (console.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/perft.h"
#include "commands/bench.h"
#include "commands/perft_suite.h"
#include "notation/diagram.h"
#include "protocol/console.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "search/eval.h"

struct ConsoleCommand {
    const char *name;
    void      (*fn)(const ConsoleHost *host, char *args);
    bool        needs_idle;
    const char *help;     /* its `help` line; NULL: told with another */
};

/* d: the board, the hands and the FEN. */
static void console_show(const ConsoleHost *host, char *args)
{
    (void)args;
    IoBlock out;
    DiagramStyle style = { .cecp_ranks = host->cecp_ranks };
    diagram_print(host->engine->pos, &style, io_block_open(&out));
    io_block_print(&out);
}

/* moves: "N legal moves: MOVE MOVE ..." on one line. */
static void console_moves(const ConsoleHost *host, char *args)
{
    (void)args;
    Engine *e = host->engine;
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return;
    engine_legal_moves(e, ml);
    char *buf = malloc((size_t)ml->n * 32 + 64);
    if (buf) {
        size_t n = 0;
        buf[0] = '\0';
        for (int i = 0; i < ml->n; i++) {
            char mv[32];
            host->write_move(host->ctx, e->pos, ml->m[i], mv, sizeof mv);
            n += (size_t)sprintf(buf + n, "%s%s", i ? " " : "", mv);
        }
        io_printf("%d legal moves: %s", ml->n, buf);
        free(buf);
    }
    free(ml);
}

/* perft N / divide N: the leaf count of the legal move tree, for divide
 * first one line per root move. */
static void run_perft(const ConsoleHost *host, char *args, bool divide)
{
    const char *cmd = divide ? "divide" : "perft";
    Engine *e = host->engine;
    char why[256];
    long long depth;
    if (!io_int_in_range(cmd, args, 0, PERFT_DEPTH_MAX, &depth, why, sizeof why)) {
        host->refuse(why, cmd, args);
        return;
    }
    int64_t t0 = engine_now_ms();
    uint64_t nodes;
    if (divide) {
        IoBlock out;
        nodes = perft_divide(e->pos, (int)depth, host->cecp_ranks, io_block_open(&out));
        io_block_print(&out);
    } else {
        nodes = perft_count(e->pos, (int)depth);
    }
    io_printf("Nodes searched: %" PRIu64, nodes);
    io_debug("perft time %" PRId64 " ms", engine_now_ms() - t0);
}

static void console_perft(const ConsoleHost *host, char *args) { run_perft(host, args, false); }
static void console_divide(const ConsoleHost *host, char *args) { run_perft(host, args, true); }

static void console_eval(const ConsoleHost *host, char *args)
{
    (void)args;
    Engine *e = host->engine;
    io_printf("Evaluation: %d (side to move's view, centipawns)", eval_position(e->eval, e->pos));
}

/* bench [DEPTH]: the same signature as `menagerie bench` (blocks input
 * while it runs: a developer's command). */
static void console_bench(const ConsoleHost *host, char *args)
{
    char why[256];
    long long depth = BENCH_DEFAULT_DEPTH;
    if (*args && !io_int_in_range("bench", args, 1, BENCH_DEPTH_MAX, &depth, why, sizeof why)) {
        host->refuse(why, "bench", args);
        return;
    }
    IoBlock out;
    bench_run(host->engine->set, (int)depth, io_block_open(&out));
    io_block_print(&out);
}

/* The strength the engine plays at, in words. */
static void tell_strength(const Engine *e)
{
    int level = engine_skill(e);
    if (!skill_weakened(level))
        io_printf("Strength: full (skill %d)", SKILL_MAX);
    else if (e->opt.limit_strength)
        io_printf("Strength: elo %d, played at skill %d (about %d Elo)", e->opt.elo, level,
                  skill_elo(level));
    else
        io_printf("Strength: skill %d (about %d Elo; full strength is skill %d)", level,
                  skill_elo(level), SKILL_MAX);
}

/* skill [N]: play at level N (SKILL_MAX: full strength); without N, say
 * how strong the engine plays. */
static void console_skill(const ConsoleHost *host, char *args)
{
    char why[256];
    long long level;
    if (*args) {
        if (!io_int_in_range("skill", args, SKILL_MIN, SKILL_MAX, &level, why, sizeof why)) {
            host->refuse(why, "skill", args);
            return;
        }
        engine_set_limit_strength(host->engine, false);
        engine_set_skill(host->engine, (int)level);
    }
    tell_strength(host->engine);
}

/* elo [N|off]: play at about N Elo (the level of skill.h nearest below),
 * or lift the limit; without N, say how strong the engine plays. */
static void console_elo(const ConsoleHost *host, char *args)
{
    char why[256];
    long long elo;
    if (strcmp(args, "off") == 0) {
        engine_set_limit_strength(host->engine, false);
    } else if (*args) {
        if (!io_int_in_range("elo", args, SKILL_ELO_MIN, SKILL_ELO_MAX, &elo, why, sizeof why)) {
            host->refuse(why, "elo", args);
            return;
        }
        engine_set_elo(host->engine, (int)elo);
        engine_set_limit_strength(host->engine, true);
    }
    tell_strength(host->engine);
}

/* In the order of `help`. */
static const ConsoleCommand commands[] = {
    { "d",      console_show,   false, "  d                 show the board" },
    { "moves",  console_moves,  false, "  moves             list the legal moves" },
    { "perft",  console_perft,  true,  "  perft N / divide N  count the legal move tree" },
    { "divide", console_divide, true,  NULL },
    { "bench",  console_bench,  true,
      "  bench [DEPTH]     search the benchmark positions (node signature, speed)" },
    { "eval",   console_eval,   false, "  eval              static evaluation" },
    { "skill",  console_skill,  true,
      "  skill [N]         play at strength level N, 0 to 20 (20: full strength)" },
    { "elo",    console_elo,    true,
      "  elo [N|off]       play at about N Elo (see menagerie(6)), or at full strength" },
};

const ConsoleCommand *console_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

bool console_needs_idle(const ConsoleCommand *k)
{
    return k->needs_idle;
}

void console_run(const ConsoleCommand *k, const ConsoleHost *host, char *args)
{
    k->fn(host, args);
}

void console_help(void)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].help)
            io_printf("%s", commands[i].help);
}
