/*
 * uci.c — UCI front end.
 *
 * Like cecp.c, the main thread owns the game and handles one event at a
 * time; the search runs on the engine's worker.  Every `go` gets exactly
 * one `bestmove`: when the search ends by itself during `go infinite` or
 * `go ponder`, the answer is held back until `stop` or `ponderhit`.
 * Besides UCI it takes the console commands (console.h) and `help`.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>
#include "notation/move_text.h"
#include "protocol/console.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "protocol/uci.h"
#include "board/perft.h"
#include "commands/perft_suite.h"
#include "search/timeman.h"

typedef struct {
    Engine *e;
    bool debug;
    bool ponder_option, analyse_mode, chess960;
    char *variant_path;        /* the VariantPath option; NULL: empty */
    bool go_active;            /* a `go` still owes its bestmove */
    bool hold;                 /* infinite / ponder: wait for stop or ponderhit */
    bool finished;             /* the search ended; result kept in `held` */
    EngineResult held;
    int64_t start_ms;          /* read by the worker's callbacks */
    Position *pv_pos;          /* scratch (worker thread) */
    bool quit;
} Uci;

static void write_move(const Uci *u, const Position *pos, Move m, char *buf, size_t size)
{
    if (m.kind == MOVE_NULL) {
        snprintf(buf, size, "0000");
        return;
    }
    if (m.kind == MOVE_CASTLE && (u->chess960 || pos->v->castling.shuffle)) {
        char a[8], b[8];
        square_name(pos->v, m.from, false, a);
        square_name(pos->v, m.victim[0], false, b);
        snprintf(buf, size, "%s%s", a, b);
        return;
    }
    move_to_string(pos, m, false, buf, size);
}

/* ------------------------------------------------------------------ */
/* Search output                                                      */

static void score_text(int score, char *buf, size_t size)
{
    if (score >= SCORE_MATE - MAX_PV)
        snprintf(buf, size, "mate %d", (SCORE_MATE - score + 1) / 2);
    else if (score <= -(SCORE_MATE - MAX_PV))
        snprintf(buf, size, "mate -%d", (SCORE_MATE + score) / 2);
    else
        snprintf(buf, size, "cp %d", score);
}

static void on_info(const Position *root, const SearchInfo *info, void *ctx)
{
    Uci *u = ctx;
    char pv[4096], score[32];
    size_t n = 0;
    memcpy(u->pv_pos, root, sizeof *root);
    pv[0] = '\0';
    for (int i = 0; i < info->pvlen && n + 40 < sizeof pv; i++) {
        char mv[32];
        write_move(u, u->pv_pos, info->pv[i], mv, sizeof mv);
        n += (size_t)snprintf(pv + n, sizeof pv - n, " %s", mv);
        if (info->pv[i].kind == MOVE_NULL)
            position_make_null(u->pv_pos);
        else
            position_make(u->pv_pos, info->pv[i]);
    }
    score_text(info->score, score, sizeof score);
    io_printf("info depth %d seldepth %d multipv %d score %s%s nodes %" PRIu64 " nps %" PRIu64
              " hashfull %d tbhits 0 time %" PRId64 " pv%s", info->depth, info->seldepth,
              info->multipv > 0 ? info->multipv : 1, score,
              info->lowerbound ? " lowerbound" : info->upperbound ? " upperbound" : "",
              info->nodes, info->nps, info->hashfull, info->time_ms, pv);
}

static void on_currmove(const Position *root, Move m, int number, int depth, void *ctx)
{
    Uci *u = ctx;
    if (engine_now_ms() - u->start_ms < 1000)
        return;
    char mv[32];
    write_move(u, root, m, mv, sizeof mv);
    io_printf("info depth %d currmove %s currmovenumber %d", depth, mv, number);
}

static void send_bestmove(Uci *u, const EngineResult *r)
{
    char best[32], ponder[32];
    u->go_active = u->hold = u->finished = false;
    if (!engine_move_ok(r->best) || !engine_is_legal(u->e, r->best)) {
        io_printf("bestmove 0000");
        return;
    }
    write_move(u, u->e->pos, r->best, best, sizeof best);
    if (!engine_move_ok(r->ponder)) {
        io_printf("bestmove %s", best);
        return;
    }
    /* the ponder move is written in the position after the best move */
    memcpy(u->pv_pos, u->e->pos, sizeof *u->pv_pos);
    position_make(u->pv_pos, r->best);
    write_move(u, u->pv_pos, r->ponder, ponder, sizeof ponder);
    io_printf("bestmove %s ponder %s", best, ponder);
}

/* Stop any search and answer its `go`. */
static void finish_go(Uci *u)
{
    if (engine_searching(u->e)) {
        EngineResult r = engine_search_finish(u->e, true);
        if (u->go_active)
            send_bestmove(u, &r);
    } else if (u->go_active && u->finished) {
        send_bestmove(u, &u->held);
    }
}

static void search_done(Uci *u)
{
    EngineResult r = engine_search_finish(u->e, false);
    if (!u->go_active)
        return;
    if (u->hold) {
        u->held = r;
        u->finished = true;
        return;
    }
    send_bestmove(u, &r);
}

/* ------------------------------------------------------------------ */
/* Commands                                                           */

static char *next_token(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p) {
        *s = p;
        return NULL;
    }
    char *start = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return start;
}

static void send_id(Uci *u)
{
    io_printf("id name %s %s", ENGINE_NAME, PACKAGE_VERSION);
    io_printf("id author %s", ENGINE_AUTHOR);
    io_printf("option name Hash type spin default %zu min 1 max %d", u->e->opt.hash_mb,
              ENGINE_HASH_MAX);
    io_printf("option name Clear Hash type button");
    io_printf("option name Threads type spin default %d min 1 max %d", u->e->opt.threads,
              ENGINE_THREADS_MAX);
    io_printf("option name Ponder type check default %s", u->ponder_option ? "true" : "false");
    io_printf("option name MultiPV type spin default %d min 1 max %d", u->e->opt.multipv,
              ENGINE_MULTIPV_MAX);
    io_printf("option name Skill Level type spin default %d min %d max %d", u->e->opt.skill,
              SKILL_MIN, SKILL_MAX);
    io_printf("option name UCI_LimitStrength type check default %s",
              u->e->opt.limit_strength ? "true" : "false");
    io_printf("option name UCI_Elo type spin default %d min %d max %d", u->e->opt.elo,
              SKILL_ELO_MIN, SKILL_ELO_MAX);
    size_t cap = 65536, n = 0;
    char *combo = malloc(cap);
    if (combo) {
        n = (size_t)snprintf(combo, cap, "option name UCI_Variant type combo default %s",
                             u->e->variant->name);
        const VariantSet *set = u->e->set;
        for (int i = 0; i < set->count && n + MAX_NAME + 8 < cap; i++)
            if (!set->items[i]->abstract && varset_named(set, set->items[i]->name) == set->items[i])
                n += (size_t)snprintf(combo + n, cap - n, " var %s", set->items[i]->name);
        io_printf("%s", combo);
        free(combo);
    }
    io_printf("option name VariantPath type string default %s",
              u->variant_path ? u->variant_path : "<empty>");
    io_printf("option name Variant definition type string default <empty>");
    io_printf("option name UCI_AnalyseMode type check default false");
    io_printf("option name UCI_Chess960 type check default false");
    io_printf("option name UseNNUE type check default %s", u->e->opt.use_nnue ? "true" : "false");
    io_printf("option name EvalFile type string default %s",
              u->e->opt.eval_file[0] ? u->e->opt.eval_file : "<empty>");
}

/* What the last choice of a network came to: when `asked` (EvalFile,
 * UseNNUE set) whatever it was, otherwise (a variant chosen) a network
 * loaded or a file refused. */
static void report_net(Uci *u, bool asked)
{
    EvalNetOutcome o = u->e->net;
    if (asked || o == EVAL_NET_LOADED || o == EVAL_NET_REFUSED)
        io_printf("info string %s", u->e->net_note);
}

static bool parse_bool(const char *value, bool *out)
{
    if (strcasecmp(value, "true") == 0)
        *out = true;
    else if (strcasecmp(value, "false") == 0)
        *out = false;
    else
        return false;
    return true;
}

/* A spin option's value: clamped into [lo, hi] (with a note); false, and
 * a remark, when it is no number. */
static bool parse_spin(const char *name, const char *value, long long lo, long long hi,
                       long long *out)
{
    char what[64], why[256];
    snprintf(what, sizeof what, "setoption: %s", name);
    if (io_int_clamped(what, value, lo, hi, out, why, sizeof why))
        return true;
    io_debug("%s; option unchanged", why);
    return false;
}

static void set_variant(Uci *u, const Variant *v)
{
    engine_set_variant(u->e, v);
    u->chess960 = v->castling.shuffle;
    report_net(u, false);
}

static void load_variant_path(Uci *u, const char *value)
{
    free(u->variant_path);
    u->variant_path = NULL;
    if (!*value || strcmp(value, "<empty>") == 0)
        return;
    u->variant_path = strdup(value);
    IoBlock out;
    int errors = engine_load_variants(u->e, value, io_block_open(&out), "info string ");
    io_block_print(&out);
    io_debug("loaded %s (%d errors); the UCI_Variant list follows", value, errors);
    send_id(u);   /* the GUI may re-read the options */
    io_printf("uciok");
}

/* The Variant definition option: flow YAML on the one line (UCI reads
 * lines).  GUIs that send every string option at start send "<empty>". */
static void define_variants(Uci *u, const char *value)
{
    if (!*value || strcmp(value, "<empty>") == 0)
        return;
    IoBlock out;
    VariantDefinition def;
    int errors = engine_define_variants(u->e, value, &def, io_block_open(&out), "info string ");
    io_block_print(&out);
    if (errors) {
        io_debug("variant definition refused (%d error%s), nothing changed", errors,
                 errors == 1 ? "" : "s");
        return;
    }
    for (int i = 0; i < def.count; i++)
        io_debug("variant %s %s", def.names[i], def.replaced[i] ? "defined again" : "defined");
    if (engine_variant_redefined(u->e, &def))
        u->chess960 = u->e->variant->castling.shuffle;
    io_debug("the UCI_Variant list follows");
    send_id(u);   /* the GUI may re-read the options */
    io_printf("uciok");
}

static bool is_option(const char *name, const char *option)
{
    return strcasecmp(name, option) == 0;
}

static void set_option(Uci *u, const char *name, const char *value)
{
    long long n;
    bool b;
    if (is_option(name, "Hash")) {
        if (parse_spin("Hash", value, 1, ENGINE_HASH_MAX, &n))
            engine_set_hash(u->e, (size_t)n);
    } else if (is_option(name, "Clear Hash")) {
        engine_clear_hash(u->e);
    } else if (is_option(name, "Threads")) {
        if (parse_spin("Threads", value, 1, ENGINE_THREADS_MAX, &n))
            engine_set_threads(u->e, (int)n);
    } else if (is_option(name, "MultiPV")) {
        if (parse_spin("MultiPV", value, 1, ENGINE_MULTIPV_MAX, &n))
            u->e->opt.multipv = (int)n;
    } else if (is_option(name, "Skill Level")) {
        if (parse_spin("Skill Level", value, SKILL_MIN, SKILL_MAX, &n))
            engine_set_skill(u->e, (int)n);
    } else if (is_option(name, "UCI_Elo")) {
        if (parse_spin("UCI_Elo", value, SKILL_ELO_MIN, SKILL_ELO_MAX, &n))
            engine_set_elo(u->e, (int)n);
    } else if (is_option(name, "UCI_LimitStrength") && parse_bool(value, &b)) {
        engine_set_limit_strength(u->e, b);
    } else if (is_option(name, "Ponder") && parse_bool(value, &b)) {
        u->ponder_option = b;
    } else if (is_option(name, "UCI_AnalyseMode") && parse_bool(value, &b)) {
        u->analyse_mode = b;
    } else if (is_option(name, "UCI_Chess960") && parse_bool(value, &b)) {
        const Variant *v = engine_find_variant(u->e, b ? "fischerandom" : "chess");
        if (!v)
            io_debug("no variant for UCI_Chess960 %s", value);
        else if (b || u->e->variant->castling.shuffle)
            set_variant(u, v);
        u->chess960 = b;
    } else if (is_option(name, "UCI_Variant")) {
        const Variant *v = engine_find_variant(u->e, value);
        if (v)
            set_variant(u, v);
        else {
            const char *s = varset_suggest(u->e->set, value);
            io_debug("unknown variant '%s'%s", value, s ? " (see the UCI_Variant list)" : "");
        }
    } else if (is_option(name, "VariantPath")) {
        load_variant_path(u, value);
    } else if (is_option(name, "Variant definition")) {
        define_variants(u, value);
    } else if (is_option(name, "EvalFile")) {
        engine_set_eval_file(u->e, strcmp(value, "<empty>") == 0 ? "" : value);
        report_net(u, true);
    } else if (is_option(name, "UseNNUE") && parse_bool(value, &b)) {
        engine_set_use_nnue(u->e, b);
        report_net(u, true);
    } else if (is_option(name, "Ponder") || is_option(name, "UCI_AnalyseMode")
               || is_option(name, "UCI_Chess960") || is_option(name, "UCI_LimitStrength")
               || is_option(name, "UseNNUE")) {
        io_debug("bad value '%s' for option %s", value, name);
    } else {
        io_debug("unknown option '%s'", name);
    }
}

/* setoption name NAME WITH SPACES [value VALUE WITH SPACES] */
static void cmd_setoption(Uci *u, char *args)
{
    char *p = args;
    while (*p == ' ')
        p++;
    if (strncmp(p, "name ", 5) != 0) {
        io_debug("setoption needs 'name': setoption %s", args);
        return;
    }
    p += 5;
    char *value = strstr(p, " value ");
    const char *v = "";
    if (value) {
        *value = '\0';
        v = value + 7;
        while (*v == ' ')
            v++;
    } else if (strlen(p) >= 6 && strcmp(p + strlen(p) - 6, " value") == 0) {
        p[strlen(p) - 6] = '\0';
    }
    while (*p == ' ')
        p++;
    size_t len = strlen(p);
    while (len && p[len - 1] == ' ')
        p[--len] = '\0';
    finish_go(u);
    set_option(u, p, v);
}

/* The FEN of `position fen FEN [moves ...]`: its fields, one blank
 * between them, in `fen` (as long as the command); *tok is left at "moves"
 * or NULL. */
static void collect_fen(char **s, char **tok, char *fen)
{
    size_t n = 0;
    fen[0] = '\0';
    while ((*tok = next_token(s)) && strcmp(*tok, "moves") != 0) {
        size_t len = strlen(*tok);
        if (n)
            fen[n++] = ' ';
        memcpy(fen + n, *tok, len + 1);
        n += len;
    }
}

static void cmd_position(Uci *u, char *args)
{
    /* room for the command's FEN or the start position, measured before
       next_token() cuts `args` into words */
    char *fen = malloc(strlen(args) + 2 + strlen(u->e->variant->start_fen));
    char *s = args, *tok = next_token(&s);
    char err[256];
    if (!fen) {
        io_debug("out of memory: position %s", args);
        return;
    }
    if (tok && strcmp(tok, "startpos") == 0) {
        strcpy(fen, u->e->variant->start_fen);
        tok = next_token(&s);
    } else if (tok && strcmp(tok, "fen") == 0) {
        collect_fen(&s, &tok, fen);
    } else {
        io_debug("position needs 'startpos' or 'fen': position %s", tok ? tok : "");
        free(fen);
        return;
    }
    int bad = engine_set_fen(u->e, fen, err, sizeof err);
    if (bad)
        io_debug("bad FEN '%s': %s; position unchanged", fen, err);
    free(fen);
    if (bad)
        return;
    if (tok && strcmp(tok, "moves") != 0) {
        io_debug("unexpected '%s' in position command", tok);
        return;
    }
    while ((tok = next_token(&s))) {
        Move m;
        if (!engine_parse_move(u->e, tok, false, &m, err, sizeof err)) {
            io_debug("illegal move '%s' (%s); the moves before it were played", tok, err);
            return;
        }
        engine_make_move(u->e, m);
    }
}

/* The numbers `go` takes, with the largest value each may have (larger
 * ones are clamped, with a note).  Limits and clocks below 1 are read
 * too, down to minus their maximum: they mean "move now" (NoTime). */
typedef struct {
    const char *key;
    long long   lo, hi;
} GoNumber;

static const GoNumber go_numbers[] = {
    { "wtime",     -TIME_MAX_MS, TIME_MAX_MS },
    { "btime",     -TIME_MAX_MS, TIME_MAX_MS },
    { "winc",      0, TIME_MAX_MS },
    { "binc",      0, TIME_MAX_MS },
    { "movestogo", 0, 1000000 },
    { "depth",     -(MAX_PV - 1), MAX_PV - 1 },
    { "nodes",     -LLONG_MAX, LLONG_MAX },
    { "mate",      -(MAX_PV - 1) / 2, (MAX_PV - 1) / 2 },
    { "movetime",  -TIME_MAX_MS, TIME_MAX_MS },
};

static const GoNumber *go_number_of(const char *key)
{
    for (size_t i = 0; i < sizeof go_numbers / sizeof go_numbers[0]; i++)
        if (strcmp(go_numbers[i].key, key) == 0)
            return &go_numbers[i];
    return NULL;
}

static bool go_number(char **s, const GoNumber *g, int64_t *out)
{
    char what[32], why[256];
    long long v;
    snprintf(what, sizeof what, "go: %s", g->key);
    if (!io_int_clamped(what, next_token(s), g->lo, g->hi, &v, why, sizeof why)) {
        io_debug("%s", why);
        return false;
    }
    *out = v;
    return true;
}

static bool is_go_keyword(const char *t)
{
    static const char *const kw[] = { "wtime", "btime", "winc", "binc", "movestogo", "depth",
        "nodes", "mate", "movetime", "infinite", "ponder", "searchmoves", NULL };
    for (int i = 0; kw[i]; i++)
        if (strcmp(kw[i], t) == 0)
            return true;
    return false;
}

/* searchmoves: moves up to the next keyword. */
static char *go_searchmoves(Uci *u, char **s, MoveList *list)
{
    char *tok;
    while ((tok = next_token(s)) && !is_go_keyword(tok)) {
        Move m;
        char why[128];
        if (engine_parse_move(u->e, tok, false, &m, why, sizeof why) && list->n < MAX_MOVES)
            list->m[list->n++] = m;
        else
            io_debug("searchmoves: ignoring '%s' (%s)", tok, why);
    }
    return tok;
}

/* A limit of `go` that leaves no time to think: the side to move's clock
 * at or below zero, a move time, depth, node count or mate distance below
 * 1.  Such a `go` plays at once (timeman_move_now) instead of searching
 * without a limit, as an absent clock would. */
typedef struct {
    const char *key;        /* the first such keyword, NULL: none */
    int64_t     value;
} NoTime;

static void note_no_time(NoTime *nt, const char *key, int64_t value, int64_t minimum)
{
    if (value < minimum && !nt->key) {
        nt->key = key;
        nt->value = value;
    }
}

static bool parse_go(Uci *u, char *args, SearchLimits *l, MoveList *include)
{
    memset(l, 0, sizeof *l);
    l->time_ms[0] = l->time_ms[1] = -1;
    l->multipv = u->e->opt.multipv;
    char *s = args, *tok = next_token(&s);
    int64_t n;
    NoTime limit = { NULL, 0 }, clock[2] = { { NULL, 0 }, { NULL, 0 } };
    while (tok) {
        char *key = tok;
        tok = NULL;
        if (strcmp(key, "infinite") == 0)
            l->infinite = true;
        else if (strcmp(key, "ponder") == 0)
            l->ponder = true;
        else if (strcmp(key, "searchmoves") == 0) {
            tok = go_searchmoves(u, &s, include);
            l->include = include;
            continue;
        } else if (!is_go_keyword(key)) {
            io_debug("go: ignoring unknown token '%s'", key);
        } else if (!go_number(&s, go_number_of(key), &n)) {
            return false;
        } else if (strcmp(key, "wtime") == 0) {
            l->time_ms[WHITE] = n;
            note_no_time(&clock[WHITE], key, n, 1);
        } else if (strcmp(key, "btime") == 0) {
            l->time_ms[BLACK] = n;
            note_no_time(&clock[BLACK], key, n, 1);
        } else if (strcmp(key, "winc") == 0) l->inc_ms[WHITE] = n;
        else if (strcmp(key, "binc") == 0) l->inc_ms[BLACK] = n;
        else if (strcmp(key, "movestogo") == 0) l->movestogo = (int)n;
        else {
            note_no_time(&limit, key, n, 1);
            if (strcmp(key, "depth") == 0) l->depth = (int)n;
            else if (strcmp(key, "nodes") == 0) l->nodes = (uint64_t)n;
            else if (strcmp(key, "mate") == 0) l->mate = (int)n;
            else if (strcmp(key, "movetime") == 0) l->movetime_ms = n;
        }
        tok = next_token(&s);
    }
    const NoTime *nt = limit.key ? &limit : &clock[u->e->pos->side];
    if (nt->key && !l->infinite) {
        io_debug("go: %s is %" PRId64 ", below 1: moving at once", nt->key, nt->value);
        timeman_move_now(l);
    }
    return true;
}

/* "go perft N" (as Fairy-Stockfish): one line per root move, then the total. */
static void go_perft(Uci *u, char *args)
{
    char *s = args, *tok = next_token(&s), why[256];
    long long depth;
    if (!io_int_in_range("go perft: depth", tok, 1, PERFT_DEPTH_MAX, &depth, why, sizeof why)) {
        io_debug("%s", why);
        return;
    }
    IoBlock out;
    uint64_t nodes = perft_divide(u->e->pos, (int)depth, false, io_block_open(&out));
    io_block_print(&out);
    io_printf("\nNodes searched: %" PRIu64, nodes);
}

static void cmd_go(Uci *u, char *args)
{
    finish_go(u);
    if (strncmp(args, "perft", 5) == 0 && (args[5] == ' ' || args[5] == '\0')) {
        go_perft(u, args + 5);
        return;
    }
    SearchLimits l;
    MoveList *include = malloc(sizeof *include);
    if (!include)
        return;
    include->n = 0;
    if (!parse_go(u, args, &l, include)) {
        free(include);
        return;
    }
    SearchCallbacks cb = { on_info, on_currmove, u };
    u->go_active = true;
    u->hold = l.infinite || l.ponder;
    u->finished = false;
    u->start_ms = engine_now_ms();
    engine_search_start(u->e, u->e->pos, NULL, &l, l.ponder ? ENGINE_PONDER : ENGINE_ANALYZE,
                        &cb);
    free(include);
}

static void cmd_stop(Uci *u)
{
    finish_go(u);
}

static void cmd_ponderhit(Uci *u)
{
    if (!u->go_active)
        return;
    u->hold = false;
    if (engine_searching(u->e))
        engine_ponderhit(u->e);
    else if (u->finished)
        send_bestmove(u, &u->held);
}

/* ------------------------------------------------------------------ */
/* Console commands                                                   */

static void cmd_help(void)
{
    static const char *const before[] = {
        "Menagerie speaks UCI here; 'uci' lists the options, 'isready' answers 'readyok'.",
        "Moves are in coordinate notation, ranks from 1: e2e4, e7e8q, P@e5.",
        "  position startpos|fen FEN [moves MOVE ...]   set up a position",
        "  go [depth N|movetime MS|infinite|...] / stop   search / stop searching",
        "  go perft N        count the legal move tree, one line per root move",
    };
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        io_printf("%s", before[i]);
    console_help();
    io_printf("  quit              leave");
}

static void write_console_move(const void *ctx, const Position *pos, Move m, char *buf,
                               size_t size)
{
    write_move(ctx, pos, m, buf, size);
}

static void refuse_console(const char *why, const char *cmd, const char *args)
{
    (void)cmd;
    (void)args;
    io_debug("%s", why);
}

/* A console command (console.h): one that takes the engine for itself
 * first answers the running `go`, as a new `go` would. */
static void run_console(Uci *u, const ConsoleCommand *k, char *args)
{
    while (*args == ' ' || *args == '\t')
        args++;
    if (console_needs_idle(k))
        finish_go(u);
    ConsoleHost host = { u->e, false, write_console_move, refuse_console, u };
    console_run(k, &host, args);
}

static void handle_line(Uci *u, char *line)
{
    char *s = line, *cmd = next_token(&s);
    const ConsoleCommand *console;
    if (!cmd)
        return;
    if (u->debug)
        io_printf("info string received: %s%s%s", cmd, *s ? " " : "", s);
    if (strcmp(cmd, "uci") == 0) {
        send_id(u);
        io_printf("uciok");
    } else if (strcmp(cmd, "isready") == 0) {
        io_printf("readyok");
    } else if (strcmp(cmd, "setoption") == 0) {
        cmd_setoption(u, s);
    } else if (strcmp(cmd, "ucinewgame") == 0) {
        finish_go(u);
        engine_new_game(u->e);
    } else if (strcmp(cmd, "position") == 0) {
        finish_go(u);
        cmd_position(u, s);
    } else if (strcmp(cmd, "go") == 0) {
        cmd_go(u, s);
    } else if (strcmp(cmd, "stop") == 0) {
        cmd_stop(u);
    } else if (strcmp(cmd, "ponderhit") == 0) {
        cmd_ponderhit(u);
    } else if (strcmp(cmd, "debug") == 0) {
        char *arg = next_token(&s);
        u->debug = arg && strcmp(arg, "on") == 0;
    } else if (strcmp(cmd, "register") == 0) {
        /* nothing to register */
    } else if (strcmp(cmd, "quit") == 0) {
        finish_go(u);
        u->quit = true;
    } else if (strcmp(cmd, "help") == 0) {
        cmd_help();
    } else if ((console = console_find(cmd)) != NULL) {
        run_console(u, console, s);
    } else if (u->debug) {
        io_printf("info string unknown command: %s", cmd);
    }
}

int uci_run(VariantSet *set, const char *first, const ProtocolOptions *opt)
{
    Uci *u = calloc(1, sizeof *u);
    if (!u)
        return 1;
    io_set_debug_prefix("info string ");
    u->e = engine_create(set);
    /* Before the GUI has said `uci`, only a network the user asked for is
       spoken of; the default variant's own network is said when a variant
       is chosen. */
    if (opt && opt->eval_file) {
        engine_set_eval_file(u->e, opt->eval_file);
        report_net(u, true);
    }
    u->pv_pos = malloc(sizeof *u->pv_pos);
    if (!u->pv_pos)
        exit(1);
    if (first) {
        char *line = strdup(first);
        if (line)
            handle_line(u, line);
        free(line);
    }
    while (!u->quit) {
        IoMessage m;
        io_next(&m);
        if (m.kind == IO_EOF)
            u->quit = true;     /* finish_go below stops the search: one bestmove */
        else if (m.kind == IO_SEARCH_DONE && engine_searching(u->e)
                 && m.search_id == u->e->search_id)
            search_done(u);
        else if (m.kind == IO_LINE_TOO_LONG)
            io_debug("line too long (over %d bytes), ignored: %s...", IO_LINE_MAX, m.text);
        else if (m.kind == IO_LINE)
            handle_line(u, m.text);
        io_release(&m);
    }
    finish_go(u);
    engine_destroy(u->e);
    free(u->variant_path);
    free(u->pv_pos);
    free(u);
    return 0;
}
