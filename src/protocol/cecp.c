/*
 * cecp.c — XBoard / CECP v2 front end and console mode: the command table,
 * line dispatch, the handshake, features and options, and the session
 * loop.  The commands themselves are in cecp_game.c, cecp_search.c,
 * cecp_settings.c and cecp_edit.c (cecp_internal.h), the console commands
 * shared with UCI in console.c.
 *
 * The main thread runs cecp_run(): it takes one event at a time (a command
 * line, end of input, or "search done") and is the only thread that
 * changes the game.  While the engine thinks on its own move, commands
 * that would change the game are kept in a backlog and run after the move
 * (so `ping` is answered after it), except `?`, `force`, `new`, `result`,
 * `quit` and harmless ones (`.`, `time`, `post`, ...), which act at once.
 * Pondering and analysis are interrupted by any game-changing command and
 * restarted afterwards when still wanted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "commands/variant_cmds.h"
#include "notation/move_text.h"
#include "protocol/cecp.h"
#include "protocol/cecp_internal.h"
#include "protocol/console.h"
#include "protocol/engine.h"
#include "protocol/io.h"

typedef struct {
    const char *name;
    CecpHandler fn;
    unsigned flags;
} CecpCommand;

enum {
    CMD_QUIET = 1,    /* does not change the game: runs during any search */
    CMD_ABORT = 2     /* stops even a search for our own move at once */
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                      */

char *cecp_skip_space(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Split "cmd args" in place; returns args (maybe ""). */
static char *split_command(char *line)
{
    char *p = line;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    return cecp_skip_space(p);
}

bool cecp_wire_ranks(const Cecp *c)
{
    return !atomic_load(&c->console);
}

/* m in the session's notation (cecp_internal.h). */
void cecp_write_move(const Cecp *c, const Position *pos, Move m, char *buf, size_t size)
{
    const Variant *v = pos->v;
    if (m.kind == MOVE_PASS) {
        snprintf(buf, size, "@@@@");      /* XBoard's null move */
        return;
    }
    if (m.kind == MOVE_CASTLE && v->castling.shuffle) {
        bool short_side = var_file(v, m.victim[0]) > var_file(v, m.from);
        snprintf(buf, size, "%s", short_side ? "O-O" : "O-O-O");
        return;
    }
    move_to_string(pos, m, cecp_wire_ranks(c), buf, size);
}

/* "Error (WHY): CMD ARGS", for a command refused as a whole. */
void cecp_command_error(const char *why, const char *cmd, const char *args)
{
    io_printf("Error (%s): %s%s%s", why, cmd, *args ? " " : "", args);
}

/* ------------------------------------------------------------------ */
/* Handshake and options                                              */

static void cmd_xboard(Cecp *c, char *args)
{
    (void)args;
    c->xboard = true;
    cecp_console_leave(c);
    io_set_debug_prefix("# ");
    io_printf("%s", "");
}

void cecp_send_variants(Cecp *c)
{
    char *list = malloc(65536);
    if (!list)
        return;
    cecp_variant_list(c->e->set, list, 65536);
    io_printf("feature variants=\"%s\"", list);
    free(list);
}

static void cmd_protover(Cecp *c, char *args)
{
    (void)args;
    c->xboard = true;
    cecp_console_leave(c);
    io_printf("feature done=0");
    io_printf("feature ping=1 setboard=1 usermove=1 playother=1 draw=1 time=1 reuse=1 "
              "sigint=0 sigterm=0 san=0 analyze=1 pause=1 nps=1 exclude=1 highlight=1 "
              "debug=1 memory=1 smp=1 colors=0 name=1 ics=1 setscore=1");
    io_printf("feature myname=\"%s %s\"", ENGINE_NAME, PACKAGE_VERSION);
    cecp_send_variants(c);
    io_printf("feature option=\"Resign threshold -spin %d 0 10000\"", c->e->opt.resign_cp);
    io_printf("feature option=\"Clear Hash -button\"");
    io_printf("feature option=\"MultiPV -spin %d 1 %d\"", c->e->opt.multipv, ENGINE_MULTIPV_MAX);
    io_printf("feature option=\"Skill Level -spin %d %d %d\"", c->e->opt.skill, SKILL_MIN,
              SKILL_MAX);
    io_printf("feature option=\"UCI_LimitStrength -check %d\"", c->e->opt.limit_strength);
    io_printf("feature option=\"UCI_Elo -spin %d %d %d\"", c->e->opt.elo, SKILL_ELO_MIN,
              SKILL_ELO_MAX);
    io_printf("feature option=\"Variant files -file \"");
    io_printf("feature option=\"Variant definition -string \"");
    io_printf("feature option=\"UseNNUE -check %d\"", c->e->opt.use_nnue);
    io_printf("feature option=\"EvalFile -file %s\"", c->e->opt.eval_file);
    io_printf("feature done=1");
}

static void load_variant_files(Cecp *c, const char *path)
{
    IoBlock out;
    int errors = engine_load_variants(c->e, path, io_block_open(&out), "# ");
    io_block_print(&out);
    if (errors)
        io_printf("telluser %d error(s) loading variant files from %s", errors, path);
    if (c->xboard)
        cecp_send_variants(c);
}

void cecp_report_net(Cecp *c, bool asked)
{
    EvalNetOutcome o = c->e->net;
    if (o == EVAL_NET_REFUSED || (asked && o == EVAL_NET_OTHER_VARIANT))
        io_printf("tellusererror %s", c->e->net_note);
    else if (asked || o == EVAL_NET_LOADED)
        io_printf("# %s", c->e->net_note);
}

static void cmd_option(Cecp *c, char *args)
{
    char *eq = strchr(args, '=');
    const char *value = eq ? eq + 1 : "";
    if (eq)
        *eq = '\0';
    char why[256];
    long long n;
    bool ok = true;
    if (strcmp(args, "Clear Hash") == 0) {
        engine_clear_hash(c->e);
    } else if (strcmp(args, "Resign threshold") == 0) {
        ok = io_int_clamped(args, value, 0, 10000, &n, why, sizeof why);
        if (ok)
            c->e->opt.resign_cp = (int)n;
    } else if (strcmp(args, "MultiPV") == 0) {
        ok = io_int_clamped(args, value, 1, ENGINE_MULTIPV_MAX, &n, why, sizeof why);
        if (ok) {
            cecp_abandon_search(c);
            c->e->opt.multipv = (int)n;
        }
    } else if (strcmp(args, "Skill Level") == 0) {
        ok = io_int_clamped(args, value, SKILL_MIN, SKILL_MAX, &n, why, sizeof why);
        if (ok)
            engine_set_skill(c->e, (int)n);
    } else if (strcmp(args, "UCI_LimitStrength") == 0) {
        ok = io_int_in_range(args, value, 0, 1, &n, why, sizeof why);
        if (ok)
            engine_set_limit_strength(c->e, n != 0);
    } else if (strcmp(args, "UCI_Elo") == 0) {
        ok = io_int_clamped(args, value, SKILL_ELO_MIN, SKILL_ELO_MAX, &n, why, sizeof why);
        if (ok)
            engine_set_elo(c->e, (int)n);
    } else if (strcmp(args, "Variant files") == 0) {
        if (*value)
            load_variant_files(c, value);
    } else if (strcmp(args, "Variant definition") == 0) {
        if (*value)
            cecp_define_option(c, value);
    } else if (strcmp(args, "EvalFile") == 0) {
        cecp_abandon_search(c);
        engine_set_eval_file(c->e, value);
        cecp_report_net(c, true);
    } else if (strcmp(args, "UseNNUE") == 0) {
        ok = io_int_in_range(args, value, 0, 1, &n, why, sizeof why);
        if (ok) {
            cecp_abandon_search(c);
            engine_set_use_nnue(c->e, n != 0);
            cecp_report_net(c, true);
        }
    } else {
        snprintf(why, sizeof why, "unknown option or bad value");
        ok = false;
    }
    if (eq)
        *eq = '=';
    if (!ok)
        cecp_command_error(why, "option", args);
}

/* ------------------------------------------------------------------ */
/* Help and small commands                                            */

static void cmd_help(Cecp *c, char *args)
{
    (void)args;
    static const char *const before[] = {
        "Menagerie speaks XBoard (CECP v2) here; 'uci' as the first command selects UCI.",
        "  new               start a new game, the engine playing Black (at the",
        "                    console in the same variant; for XBoard, chess)",
        "  variant NAME      switch to another variant ('variants' lists them)",
        "  variantdef        define a variant: YAML lines up to a line 'end' (or",
        "                    'variantdef {name: ..., extends: ...}' on one line)",
        "  go / force        engine plays the side to move / plays neither side",
        "  undo / remove     take back one / two moves",
        "  setboard FEN      set up a position",
    };
    static const char *const after[] = {
        "  sd N / st SEC / level MPS MIN[:SEC] INC   search limits",
        "  post / nopost     show / hide the thinking",
        "  analyze / exit    analyse the position / stop analysing",
        "  hint              suggest a move",
        "  quit              leave",
    };
    io_printf("%s", before[0]);
    cecp_help_moves(c);
    for (size_t i = 1; i < sizeof before / sizeof before[0]; i++)
        io_printf("%s", before[i]);
    console_help();
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++)
        io_printf("%s", after[i]);
}

/* variants: the same list as `menagerie list` (a person's command; XBoard
 * learns the names from `feature variants`). */
static void cmd_variants(Cecp *c, char *args)
{
    (void)args;
    IoBlock out;
    variant_print_list(c->e->set, io_block_open(&out));
    io_block_print(&out);
}

static void cmd_ping(Cecp *c, char *args)
{
    (void)c;
    io_printf("pong %s", args);
}

static void cmd_ignore(Cecp *c, char *args) { (void)c; (void)args; }

/* XBoard sends `computer` when it starts a game between two engines,
 * after `new`: it then tests the claims of both (cecp_game.c). */
static void cmd_computer(Cecp *c, char *args)
{
    (void)args;
    c->against_engine = true;
}

/* uci: a person who typed it at the console gets UCI (a GUI says it
 * first and never comes here). */
static void cmd_uci(Cecp *c, char *args)
{
    if (!atomic_load(&c->console)) {
        cecp_command_error("unknown command", "uci", args);
        return;
    }
    cecp_console_leave(c);
    cecp_abandon_search(c);
    c->switch_to_uci = c->quit = true;
}

/* ------------------------------------------------------------------ */
/* Dispatch                                                           */

/* The protocol's commands; the console commands (d, moves, perft, divide,
 * eval, bench) come from console_find(). */
static const CecpCommand commands[] = {
    { "xboard",    cmd_xboard,          CMD_QUIET },
    { "protover",  cmd_protover,        CMD_QUIET },
    { "accepted",  cmd_ignore,          CMD_QUIET },
    { "rejected",  cmd_ignore,          CMD_QUIET },
    { "new",       cecp_cmd_new,        CMD_ABORT },
    { "variant",   cecp_cmd_variant,    0 },
    { "quit",      cecp_cmd_quit,       CMD_ABORT },
    { "force",     cecp_cmd_force,      CMD_ABORT },
    { "go",        cecp_cmd_go,         0 },
    { "playother", cecp_cmd_playother,  0 },
    { "usermove",  cecp_cmd_usermove,   0 },
    { "setboard",  cecp_cmd_setboard,   0 },
    { "edit",      cecp_cmd_edit,       0 },
    { "undo",      cecp_cmd_undo,       0 },
    { "remove",    cecp_cmd_remove,     0 },
    { "?",         cecp_cmd_move_now,   CMD_QUIET },
    { "draw",      cecp_cmd_draw,       CMD_QUIET },
    { "result",    cecp_cmd_result,     CMD_ABORT },
    { "white",     cecp_cmd_white,      0 },
    { "black",     cecp_cmd_black,      0 },
    { "ping",      cmd_ping,            CMD_QUIET },
    { "level",     cecp_cmd_level,      CMD_QUIET },
    { "st",        cecp_cmd_st,         CMD_QUIET },
    { "sd",        cecp_cmd_sd,         CMD_QUIET },
    { "nps",       cecp_cmd_nps,        CMD_QUIET },
    { "time",      cecp_cmd_time,       CMD_QUIET },
    { "otim",      cecp_cmd_otim,       CMD_QUIET },
    { "post",      cecp_cmd_post,       CMD_QUIET },
    { "nopost",    cecp_cmd_nopost,     CMD_QUIET },
    { "hard",      cecp_cmd_hard,       CMD_QUIET },
    { "easy",      cecp_cmd_easy,       CMD_QUIET },
    { "random",    cecp_cmd_random,     0 },
    { "computer",  cmd_computer,        CMD_QUIET },
    { "name",      cmd_ignore,          CMD_QUIET },
    { "rating",    cmd_ignore,          CMD_QUIET },
    { "ics",       cmd_ignore,          CMD_QUIET },
    { "egtpath",   cmd_ignore,          CMD_QUIET },
    { "holding",   cecp_cmd_holding,    CMD_ABORT },
    { "partner",   cmd_ignore,          CMD_QUIET },
    { "ptell",     cmd_ignore,          CMD_QUIET },
    { "memory",    cecp_cmd_memory,     0 },
    { "cores",     cecp_cmd_cores,      0 },
    { "option",    cmd_option,          0 },
    { "analyze",   cecp_cmd_analyze,    0 },
    { "exit",      cecp_cmd_exit,       CMD_ABORT },
    { ".",         cecp_cmd_stat,       CMD_QUIET },
    { "exclude",   cecp_cmd_exclude,    0 },
    { "include",   cecp_cmd_include,    0 },
    { "setscore",  cecp_cmd_setscore,   CMD_ABORT },
    { "hint",      cecp_cmd_hint,       CMD_QUIET },
    { "bk",        cecp_cmd_bk,         CMD_QUIET },
    { "lift",      cecp_cmd_lift,       CMD_QUIET },
    { "put",       cecp_cmd_put,        CMD_QUIET },
    { "hover",     cmd_ignore,          CMD_QUIET },
    { "pause",     cecp_cmd_pause,      CMD_ABORT },
    { "resume",    cecp_cmd_resume,     CMD_QUIET },
    { "help",      cmd_help,            CMD_QUIET },
    { "variants",  cmd_variants,        CMD_QUIET },
    { "variantdef", cecp_cmd_variantdef, 0 },
    { "uci",       cmd_uci,             CMD_ABORT },
};

static const CecpCommand *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void backlog_push(Cecp *c, const char *line)
{
    if (c->nbacklog == c->capbacklog) {
        int cap = c->capbacklog ? c->capbacklog * 2 : 16;
        char **p = realloc(c->backlog, (size_t)cap * sizeof *p);
        if (!p)
            return;
        c->backlog = p;
        c->capbacklog = cap;
    }
    char *copy = strdup(line);
    if (!copy) {
        io_printf("Error (out of memory): %s", line);
        return;
    }
    c->backlog[c->nbacklog++] = copy;
}

static char *backlog_pop(Cecp *c)
{
    char *line = c->backlog[0];
    memmove(c->backlog, c->backlog + 1, (size_t)(c->nbacklog - 1) * sizeof *c->backlog);
    c->nbacklog--;
    return line;
}

/* The console commands (console.h), with moves in XBoard's notation. */
static void write_console_move(const void *ctx, const Position *pos, Move m, char *buf,
                               size_t size)
{
    cecp_write_move(ctx, pos, m, buf, size);
}

static ConsoleHost console_host(Cecp *c)
{
    return (ConsoleHost){ c->e, cecp_wire_ranks(c), write_console_move, cecp_command_error,
                          c };
}

/* Run one command line; `raw` is kept intact for the backlog, `line` is
 * a copy to cut into command and arguments.  A console command that only
 * reads the game runs during any search, as CMD_QUIET; one that needs
 * the engine idle waits for our move and ends pondering or analysis. */
static void run_line(Cecp *c, const char *raw, char *line)
{
    char *cmd = cecp_skip_space(line);
    if (!*cmd)
        return;
    if (c->edit_mode) {
        cecp_edit_line(c, cmd);
        return;
    }
    char *args = split_command(cmd);
    const CecpCommand *k = find_command(cmd);
    const ConsoleCommand *con = k ? NULL : console_find(cmd);
    bool known = k || con;
    unsigned flags = k ? k->flags : con && !console_needs_idle(con) ? CMD_QUIET : 0;
    bool is_move = !known && cecp_looks_like_move(cmd);
    if (!known && !is_move) {
        io_printf("Error (unknown command): %s", cmd);
        return;
    }
    if (k && k->fn == cecp_cmd_usermove)
        is_move = true;
    const char *move_text = k ? args : cmd;
    EngineActivity act = c->e->activity;

    if (act == ENGINE_THINK && (!known || !(flags & (CMD_QUIET | CMD_ABORT))
                                || (k && k->fn == cmd_ping))) {
        if (is_move) {
            io_printf("Illegal move (not your turn): %s", move_text);
            return;
        }
        backlog_push(c, raw);
        return;
    }
    if (act == ENGINE_PONDER && is_move && cecp_ponder_hit(c, move_text))
        return;
    if ((act == ENGINE_PONDER || act == ENGINE_ANALYZE) && !(flags & CMD_QUIET))
        cecp_abandon_search(c);
    if (con) {
        ConsoleHost host = console_host(c);
        console_run(con, &host, args);
    } else if (k) {
        k->fn(c, args);
    } else {
        cecp_user_move(c, move_text);
    }
}

static void handle_line(Cecp *c, const char *raw)
{
    c->prompted = false;
    char *line = strdup(raw);
    if (!line) {
        io_printf("Error (out of memory): %s", raw);
        return;
    }
    run_line(c, raw, line);
    free(line);
}

/* A line as read from the input (or the first line): a `variantdef`
 * block's, or a command. */
static void take_line(Cecp *c, const char *text)
{
    char *command;
    if (!cecp_define_line(c, text, &command)) {
        handle_line(c, text);
        return;
    }
    c->prompted = false;
    if (command)
        handle_line(c, command);
    free(command);
}

void cecp_line_too_long(const char *start)
{
    io_printf("Error (line too long, over %d bytes, ignored): %s...", IO_LINE_MAX, start);
}

static Cecp *cecp_create(VariantSet *set, const ProtocolOptions *opt)
{
    Cecp *c = calloc(1, sizeof *c);
    if (!c)
        exit(1);
    c->e = engine_create(set);
    c->exclude = calloc(1, sizeof *c->exclude);
    c->pv_pos = malloc(sizeof *c->pv_pos);
    if (!c->exclude || !c->pv_pos)
        exit(1);
    c->engine_side = BLACK;
    c->mps = 40;
    c->base_ms = 5 * 60 * 1000;
    c->st_ms = -1;
    c->lift_sq = -1;
    cecp_reset_clocks(c);
    atomic_init(&c->post, false);
    atomic_init(&c->console, opt && opt->person);
    const Variant *v = opt && opt->variant ? varset_find(set, opt->variant) : NULL;
    if (opt && opt->eval_file)
        snprintf(c->e->opt.eval_file, sizeof c->e->opt.eval_file, "%s", opt->eval_file);
    if (v || (opt && opt->eval_file))
        engine_set_variant(c->e, v ? v : c->e->variant);
    if (opt && opt->eval_file)
        cecp_report_net(c, true);
    return c;
}

static void cecp_destroy(Cecp *c)
{
    engine_destroy(c->e);
    for (int i = 0; i < c->nbacklog; i++)
        free(c->backlog[i]);
    free(c->backlog);
    free(c->def.text);
    free(c->exclude);
    free(c->pv_pos);
    free(c);
}

int cecp_run(VariantSet *set, const char *first, const ProtocolOptions *opt)
{
    Cecp *c = cecp_create(set, opt);
    io_set_debug_prefix("# ");
    if (atomic_load(&c->console))
        cecp_console_start(c);
    if (first)
        take_line(c, first);
    while (!c->quit) {
        cecp_maybe_search(c);
        if (c->nbacklog > 0 && c->e->activity != ENGINE_THINK) {
            char *line = backlog_pop(c);
            handle_line(c, line);
            free(line);
            continue;
        }
        if (atomic_load(&c->console) && c->e->activity != ENGINE_THINK)
            cecp_console_waiting(c);
        IoMessage m;
        io_next(&m);
        if (m.kind == IO_EOF && c->e->activity == ENGINE_THINK) {
            /* the GUI is gone: move now, run what was queued, then leave */
            engine_search_stop(c->e);
            cecp_search_done(c);
        } else if (m.kind == IO_EOF) {
            if (c->prompted)
                io_printf("%s", "");    /* ^D at the prompt: end its line */
            if (c->def.open)
                cecp_define_eof(c);
            c->quit = true;
        } else if (m.kind == IO_SEARCH_DONE) {
            if (engine_searching(c->e) && m.search_id == c->e->search_id)
                cecp_search_done(c);
        } else if (m.kind == IO_LINE_TOO_LONG && c->def.open) {
            cecp_define_long_line(c);
        } else if (m.kind == IO_LINE_TOO_LONG) {
            cecp_line_too_long(m.text);
        } else {
            take_line(c, m.text);
        }
        io_release(&m);
    }
    int rc = c->switch_to_uci ? CECP_SWITCH_TO_UCI : 0;
    cecp_destroy(c);
    return rc;
}
