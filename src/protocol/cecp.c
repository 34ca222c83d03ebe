/*
 * cecp.c — XBoard / CECP v2 front end and console mode.
 *
 * The main thread runs cecp_loop(): it takes one event at a time (a command
 * line, end of input, or "search done") and is the only thread that
 * changes the game.  While the engine thinks on its own move, commands
 * that would change the game are kept in a backlog and run after the move
 * (so `ping` is answered after it), except `?`, `force`, `new`, `result`,
 * `quit` and harmless ones (`.`, `time`, `post`, ...), which act at once.
 * Pondering and analysis are interrupted by any game-changing command and
 * restarted afterwards when still wanted.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "notation/move_text.h"
#include "notation/fen.h"
#include "notation/diagram.h"
#include "protocol/cecp.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "board/movegen.h"
#include "commands/bench.h"
#include "board/perft.h"
#include "commands/perft_suite.h"
#include "search/timeman.h"

#define NO_SIDE (-1)
#define CECP_MATE 100000

typedef struct Cecp Cecp;
typedef void (*CecpHandler)(Cecp *c, char *args);

typedef struct {
    const char *name;
    CecpHandler fn;
    unsigned flags;
} CecpCommand;

enum {
    CMD_QUIET = 1,    /* does not change the game: runs during any search */
    CMD_ABORT = 2     /* stops even a search for our own move at once */
};

struct Cecp {
    Engine *e;
    bool xboard;                /* a GUI said `xboard` */
    int  engine_side;           /* WHITE, BLACK or NO_SIDE (force mode) */
    bool analyze;
    atomic_bool post;
    bool ponder_on;
    bool random_on;
    bool bad_position;          /* after an illegal setboard */
    bool game_over;             /* a result was sent or received */
    bool paused;
    bool draw_offered;
    bool quit;

    /* edit mode (obsolete `edit`) */
    bool edit_mode;
    int  edit_color;
    char edit_board[MAX_RANKS][MAX_FILES][4];

    /* time control */
    int     mps;
    int64_t base_ms, inc_ms;
    int64_t st_ms;              /* time per move (st); < 0: none */
    int     sd, nps;
    int64_t time_ms, otim_ms;

    /* searching */
    Move    expected;           /* our guess of the opponent's reply */
    bool    have_expected;
    Move    pondered;           /* the move assumed by the running ponder search */
    MoveList *exclude;
    int     lift_sq;            /* highlight: square lifted, -1 none */
    Position *pv_pos;           /* scratch for writing PVs (worker thread) */

    /* commands waiting for the end of a search */
    char  **backlog;
    int     nbacklog, capbacklog;
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                      */

static char *skip_space(char *s)
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
    return skip_space(p);
}

static void write_move(const Position *pos, Move m, char *buf, size_t size)
{
    const Variant *v = pos->v;
    if (m.kind == MOVE_CASTLE && v->castling.shuffle) {
        bool short_side = var_file(v, m.victim[0]) > var_file(v, m.from);
        snprintf(buf, size, "%s", short_side ? "O-O" : "O-O-O");
        return;
    }
    move_to_string(pos, m, true, buf, size);
}

/* A multi-leg (locust) move is sent as one `move` command per leg. */
static void send_move(const Position *pos, Move m)
{
    if (m.nvictims > 0 && m.kind == MOVE_NORMAL) {
        const Variant *v = pos->v;
        int at = m.from;
        char a[8], b[8];
        for (int i = 0; i < m.nvictims && i < 2; i++) {
            square_name(v, at, true, a);
            square_name(v, m.victim[i], true, b);
            io_printf("move %s%s,", a, b);
            at = m.victim[i];
        }
        char text[32], from[8];
        move_to_string(pos, m, true, text, sizeof text);
        square_name(v, m.from, true, from);
        square_name(v, at, true, a);
        io_printf("move %s%s", a, text + strlen(from));
        return;
    }
    char text[32];
    write_move(pos, m, text, sizeof text);
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
static void pv_text(Position *scratch, const Position *root, const Move *pv, int n,
                    char *buf, size_t size)
{
    memcpy(scratch, root, sizeof *root);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 40 < size; i++) {
        char mv[32];
        write_move(scratch, pv[i], mv, sizeof mv);
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
    pv_text(c->pv_pos, root, info->pv, info->pvlen, pv, sizeof pv);
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
    write_move(c->e->pos, c->expected, text, sizeof text);
    io_printf("Hint: %s", text);
    SearchLimits l;
    fill_limits(c, &l, !c->e->pos->side);
    l.ponder = true;
    c->pondered = c->expected;
    SearchCallbacks cb = { on_info, NULL, c };
    engine_search_start(c->e, c->e->pos, &c->expected, &l, ENGINE_PONDER, &cb);
}

/* Start whatever search the state asks for, if none runs. */
static void maybe_search(Cecp *c)
{
    if (engine_searching(c->e) || !game_running(c))
        return;
    if (c->analyze) {
        start_analysis(c);
    } else if (c->engine_side == c->e->pos->side) {
        start_thinking(c);
    } else if (c->engine_side != NO_SIDE && c->ponder_on && c->have_expected
               && engine_is_legal(c->e, c->expected)) {
        start_pondering(c);
    }
}

/* Stop a search and forget its result. */
static void abandon_search(Cecp *c)
{
    engine_search_finish(c->e, true);
}

/* Send the result if the game has ended by rule. */
static bool check_game_end(Cecp *c)
{
    GameEnd end;
    if (!engine_game_end(c->e, &end))
        return false;
    io_printf("%s {%s}", rules_result_string(end.outcome, c->e->pos->side), end.reason);
    c->game_over = true;
    return true;
}

/* The position changed: forget things tied to the old one. */
static void position_changed(Cecp *c)
{
    c->exclude->n = 0;
    c->lift_sq = -1;
}

static void play_engine_move(Cecp *c, const EngineResult *r)
{
    if (!engine_move_ok(r->best) || !engine_is_legal(c->e, r->best)) {
        check_game_end(c);
        return;
    }
    int score = r->have_info ? r->info.score : 0;
    if (c->e->opt.resign_cp > 0 && r->have_info && score < -c->e->opt.resign_cp) {
        io_printf("resign");
        c->engine_side = NO_SIDE;
        c->game_over = true;
        return;
    }
    if (c->draw_offered && r->have_info && score <= 0)
        io_printf("offer draw");
    c->draw_offered = false;
    send_move(c->e->pos, r->best);
    engine_make_move(c->e, r->best);
    position_changed(c);
    c->have_expected = engine_move_ok(r->ponder) && engine_is_legal(c->e, r->ponder);
    if (c->have_expected)
        c->expected = r->ponder;
    check_game_end(c);
}

static void search_done(Cecp *c)
{
    EngineActivity act = c->e->activity;
    EngineResult r = engine_search_finish(c->e, false);
    if (act == ENGINE_THINK)
        play_engine_move(c, &r);
    /* a ponder search that ends by itself waits for the opponent's move;
       an analysis that ends by itself stays finished */
}

/* ------------------------------------------------------------------ */
/* Moves from the GUI                                                 */

static bool looks_like_move(const char *s)
{
    if (strcmp(s, "@@@@") == 0 || strncmp(s, "O-O", 3) == 0 || strncmp(s, "0-0", 3) == 0)
        return true;
    if (isalpha((unsigned char)s[0]) && s[1] == '@')
        return true;
    return s[0] >= 'a' && s[0] <= 'p' && isdigit((unsigned char)s[1]);
}

static void user_move(Cecp *c, const char *text)
{
    Move m;
    char why[128];
    if (c->bad_position) {
        io_printf("Illegal move (illegal position): %s", text);
        return;
    }
    if (c->engine_side == c->e->pos->side && !c->analyze && !c->game_over) {
        io_printf("Illegal move (not your turn): %s", text);
        return;
    }
    if (!engine_parse_move(c->e, text, true, &m, why, sizeof why)) {
        io_printf("Illegal move (%s): %s", why, text);
        return;
    }
    engine_make_move(c->e, m);
    position_changed(c);
    c->have_expected = false;
    check_game_end(c);
}

/* During pondering: a hit turns the ponder search into thinking. */
static bool ponder_hit(Cecp *c, const char *text)
{
    Move m;
    char why[128];
    if (!engine_parse_move(c->e, text, true, &m, why, sizeof why)
        || !move_equal(m, c->pondered))
        return false;
    engine_make_move(c->e, m);
    position_changed(c);
    c->have_expected = false;
    engine_ponderhit(c->e);
    return true;
}

/* ------------------------------------------------------------------ */
/* Game commands                                                      */

static void reset_clocks(Cecp *c)
{
    c->time_ms = c->otim_ms = c->base_ms;
}

static void cmd_new(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    const Variant *v = engine_find_variant(c->e, "chess");
    if (v && v != c->e->variant)
        engine_set_variant(c->e, v);
    engine_new_game(c->e);
    c->engine_side = BLACK;
    c->sd = 0;
    c->nps = 0;
    c->random_on = false;
    c->bad_position = c->game_over = c->draw_offered = c->have_expected = false;
    c->edit_mode = false;
    position_changed(c);
    reset_clocks(c);
}

static void emit_line(const char *line, void *ctx)
{
    (void)ctx;
    io_printf("%s", line);
}

static void cmd_variant(Cecp *c, char *args)
{
    const Variant *v = cecp_find_variant(c->e->set, args);
    if (!v) {
        io_printf("Error (unsupported variant): variant %s", args);
        return;
    }
    abandon_search(c);
    engine_set_variant(c->e, v);
    engine_new_game(c->e);
    c->bad_position = c->game_over = c->have_expected = false;
    position_changed(c);
    cecp_setup_lines(v, emit_line, NULL);
}

static void cmd_force(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->engine_side = NO_SIDE;
}

static void cmd_go(Cecp *c, char *args)
{
    (void)args;
    c->analyze = false;
    c->engine_side = c->e->pos->side;
}

static void cmd_playother(Cecp *c, char *args)
{
    (void)args;
    c->analyze = false;
    c->engine_side = !c->e->pos->side;
}

static void cmd_usermove(Cecp *c, char *args)
{
    if (!*args) {
        io_printf("Error (missing move): usermove");
        return;
    }
    user_move(c, args);
}

static void cmd_setboard(Cecp *c, char *args)
{
    char err[256];
    abandon_search(c);
    c->game_over = c->have_expected = false;
    position_changed(c);
    if (engine_set_fen(c->e, args, err, sizeof err) != 0) {
        io_printf("tellusererror Illegal position: %s", err);
        c->bad_position = true;
        return;
    }
    c->bad_position = false;
    check_game_end(c);
}

static void cmd_undo(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    if (!engine_undo(c->e)) {
        io_printf("Error (command not legal now): undo");
        return;
    }
    c->game_over = c->have_expected = false;
    position_changed(c);
}

static void cmd_remove(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    if (engine_moves_played(c->e) < 2) {
        io_printf("Error (command not legal now): remove");
        return;
    }
    engine_undo(c->e);
    engine_undo(c->e);
    c->game_over = c->have_expected = false;
    position_changed(c);
}

static void cmd_move_now(Cecp *c, char *args)
{
    (void)args;
    if (c->e->activity == ENGINE_THINK)
        engine_search_stop(c->e);
}

static void cmd_draw(Cecp *c, char *args)
{
    (void)args;
    if (c->engine_side != NO_SIDE)
        c->draw_offered = true;
}

static void cmd_result(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->engine_side = NO_SIDE;
    c->game_over = true;
}

/* white / black: that side moves, the engine plays the other. */
static void set_side_to_move(Cecp *c, int side)
{
    abandon_search(c);
    if (c->e->pos->side != side) {
        char fen[1024], err[256];
        position_get_fen(c->e->pos, fen, sizeof fen);
        char *sp = strchr(fen, ' ');
        if (sp && (sp[1] == 'w' || sp[1] == 'b')) {
            sp[1] = side == WHITE ? 'w' : 'b';
            if (engine_set_fen(c->e, fen, err, sizeof err) != 0)
                io_printf("Error (%s): %s", err, side == WHITE ? "white" : "black");
        }
    }
    c->engine_side = !side;
    c->analyze = false;
    position_changed(c);
}

static void cmd_white(Cecp *c, char *args) { (void)args; set_side_to_move(c, WHITE); }
static void cmd_black(Cecp *c, char *args) { (void)args; set_side_to_move(c, BLACK); }

static void cmd_quit(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->quit = true;
}

static void cmd_ping(Cecp *c, char *args)
{
    (void)c;
    io_printf("pong %s", args);
}

/* ------------------------------------------------------------------ */
/* Edit mode (obsolete `edit`)                                         */

static void edit_load(Cecp *c)
{
    const Variant *v = c->e->variant;
    memset(c->edit_board, 0, sizeof c->edit_board);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t code = c->e->pos->board[sq];
        if (code == EMPTY || code == HOLE)
            continue;
        const PieceType *pt = &v->piece[code_type(code)];
        char *cell = c->edit_board[var_rank(v, sq)][var_file(v, sq)];
        snprintf(cell, 4, "%s", pt->id);
        if (code_color(code) == BLACK)
            for (char *p = cell; *p; p++)
                *p = (char)tolower((unsigned char)*p);
    }
}

static size_t edit_board_fen(Cecp *c, char *buf, size_t size)
{
    const Variant *v = c->e->variant;
    size_t n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            const char *cell = c->edit_board[r][f];
            if (!*cell) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(buf + n, size - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(buf + n, size - n, "%s", cell);
        }
        if (empty)
            n += (size_t)snprintf(buf + n, size - n, "%d", empty);
        if (r)
            n += (size_t)snprintf(buf + n, size - n, "/");
    }
    if (v->has_drops)
        n += (size_t)snprintf(buf + n, size - n, "[]");
    return n;
}

/* Leave edit mode: castling rights for every right of the start position
 * whose pieces still stand (each tried on its own). */
static void edit_finish(Cecp *c)
{
    char board[1024], fen[1200], rights[32] = "", err[256];
    edit_board_fen(c, board, sizeof board);
    const char *start = c->e->variant->start_fen;
    const char *sp = strchr(start, ' ');
    char field[32] = "-";
    if (sp)
        sscanf(sp, " %*s %31s", field);
    const char side = c->e->pos->side == WHITE ? 'w' : 'b';
    Position *probe = malloc(sizeof *probe);
    for (const char *p = field; probe && *p && *p != '-'; p++) {
        snprintf(fen, sizeof fen, "%s %c %c - 0 1", board, side, *p);
        size_t n = strlen(rights);
        if (position_set_fen(probe, c->e->variant, fen, err, sizeof err) == 0
            && n + 1 < sizeof rights) {
            rights[n] = *p;
            rights[n + 1] = '\0';
        }
    }
    free(probe);
    snprintf(fen, sizeof fen, "%s %c %s - 0 1", board, side, rights[0] ? rights : "-");
    c->edit_mode = false;
    cmd_setboard(c, fen);
}

static void edit_line(Cecp *c, const char *line)
{
    const Variant *v = c->e->variant;
    if (strcmp(line, ".") == 0) {
        edit_finish(c);
    } else if (strcmp(line, "#") == 0) {
        memset(c->edit_board, 0, sizeof c->edit_board);
    } else if (strcmp(line, "c") == 0) {
        c->edit_color = !c->edit_color;
    } else {
        const char *s = line;
        char id[4] = "";
        size_t n = 0;
        if (*s == '+')
            id[n++] = *s++;
        char letter = *s++;
        if (*s == '!' || *s == '\'')
            id[n + 1] = *s++;
        id[n] = letter;
        int sq = square_parse(v, &s, true);
        if (sq < 0 || *s || !isalpha((unsigned char)letter)) {
            io_printf("Error (bad edit command): %s", line);
            return;
        }
        char *cell = c->edit_board[var_rank(v, sq)][var_file(v, sq)];
        if (toupper((unsigned char)letter) == 'X' && variant_type_by_letter(v, 'X', false) == NO_TYPE) {
            cell[0] = '\0';
            return;
        }
        if (variant_type_by_letter(v, letter, id[0] == '+') == NO_TYPE) {
            io_printf("Error (unknown piece): %s", line);
            return;
        }
        for (char *p = id; *p; p++)
            *p = (char)(c->edit_color == WHITE ? toupper((unsigned char)*p)
                                               : tolower((unsigned char)*p));
        snprintf(cell, 4, "%s", id);
    }
}

static void cmd_edit(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->edit_mode = true;
    c->edit_color = WHITE;
    edit_load(c);
}

/* ------------------------------------------------------------------ */
/* Time controls and search settings                                   */

/* Largest values taken from the GUI; larger ones are clamped (io.h). */
#define CECP_MPS_MAX   1000000                        /* moves per session */
#define CECP_NPS_MAX   1000000000
#define CECP_MIN_MAX   (TIME_MAX_MS / 60000)          /* level base, minutes */
#define CECP_SEC_MAX   (TIME_MAX_MS / 1000)           /* seconds */
#define CECP_CS_MAX    (TIME_MAX_MS / 10)             /* time / otim, centiseconds */

/* "Error (WHY): CMD ARGS", for a command refused as a whole. */
static void command_error(const char *why, const char *cmd, const char *args)
{
    io_printf("Error (%s): %s%s%s", why, cmd, *args ? " " : "", args);
}

/* Split `text` (changed in place) into at most `max` blank-separated
 * words; returns how many there were (more than max: max + 1). */
static int split_words(char *text, char **word, int max)
{
    int n = 0;
    char *p = skip_space(text);
    while (*p) {
        if (n == max)
            return max + 1;
        word[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
        p = skip_space(p);
    }
    return n;
}

/* The BASE of `level`: minutes, or MIN:SEC. */
static bool parse_level_base(char *text, int64_t *ms, char *why, size_t whysize)
{
    double min = 0, sec = 0;
    char *colon = strchr(text, ':');
    if (colon)
        *colon = '\0';
    if (!io_real_clamped("level base", text, 0, CECP_MIN_MAX, &min, why, whysize)
        || (colon && !io_real_clamped("level base seconds", colon + 1, 0, CECP_SEC_MAX, &sec,
                                      why, whysize)))
        return false;
    double total = (min * 60 + sec) * 1000;
    *ms = total < (double)TIME_MAX_MS ? llround(total) : TIME_MAX_MS;
    return true;
}

/* level MPS BASE INC: nothing changes unless all three are numbers. */
static void cmd_level(Cecp *c, char *args)
{
    char why[256], *word[3];
    char *copy = strdup(args);
    long long mps;
    int64_t base_ms;
    double inc;
    bool ok = copy != NULL;
    if (ok && split_words(copy, word, 3) != 3) {
        snprintf(why, sizeof why, "level needs MPS BASE INC");
        ok = false;
    }
    ok = ok && io_int_clamped("level moves", word[0], 0, CECP_MPS_MAX, &mps, why, sizeof why)
         && parse_level_base(word[1], &base_ms, why, sizeof why)
         && io_real_clamped("level increment", word[2], 0, CECP_SEC_MAX, &inc, why, sizeof why);
    if (!copy)
        snprintf(why, sizeof why, "out of memory");
    free(copy);
    if (!ok) {
        command_error(why, "level", args);
        return;
    }
    c->mps = (int)mps;
    c->base_ms = base_ms;
    c->inc_ms = llround(inc * 1000);
    c->st_ms = -1;
    reset_clocks(c);
}

/* st SECONDS: a fixed time per move; 0 (or less, clamped) plays at once. */
static void cmd_st(Cecp *c, char *args)
{
    char why[256];
    double t;
    if (!io_real_clamped("st", args, 0, CECP_SEC_MAX, &t, why, sizeof why)) {
        command_error(why, "st", args);
        return;
    }
    int64_t ms = llround(t * 1000);
    c->st_ms = t > 0 && ms < 1 ? 1 : ms;
}

static void cmd_sd(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("sd", args, 1, MAX_PV - 1, &n, why, sizeof why)) {
        command_error(why, "sd", args);
        return;
    }
    c->sd = (int)n;
}

static void cmd_nps(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("nps", args, 0, CECP_NPS_MAX, &n, why, sizeof why)) {
        command_error(why, "nps", args);
        return;
    }
    c->nps = (int)n;
}

/* time / otim N: a clock in centiseconds; at or below zero the engine
 * moves at once (fill_limits). */
static bool parse_clock(const char *cmd, const char *args, int64_t *ms)
{
    char why[256];
    long long cs;
    if (!io_int_clamped(cmd, args, 0, CECP_CS_MAX, &cs, why, sizeof why)) {
        command_error(why, cmd, args);
        return false;
    }
    *ms = cs * 10;
    return true;
}

static void cmd_time(Cecp *c, char *args) { parse_clock("time", args, &c->time_ms); }
static void cmd_otim(Cecp *c, char *args) { parse_clock("otim", args, &c->otim_ms); }

static void cmd_post(Cecp *c, char *args) { (void)args; atomic_store(&c->post, true); }
static void cmd_nopost(Cecp *c, char *args) { (void)args; atomic_store(&c->post, false); }
static void cmd_hard(Cecp *c, char *args) { (void)args; c->ponder_on = true; }

static void cmd_easy(Cecp *c, char *args)
{
    (void)args;
    c->ponder_on = false;
    if (c->e->activity == ENGINE_PONDER)
        abandon_search(c);
}

/* random: toggle a small random evaluation term, new for every toggle-on */
static void cmd_random(Cecp *c, char *args)
{
    (void)args;
    c->random_on = !c->random_on;
    search_set_random(c->e->search, c->random_on ? (uint64_t)engine_now_ms() | 1 : 0);
}
static void cmd_ignore(Cecp *c, char *args) { (void)c; (void)args; }

static void cmd_memory(Cecp *c, char *args)
{
    char why[256];
    long long mb;
    if (!io_int_clamped("memory", args, 1, ENGINE_HASH_MAX, &mb, why, sizeof why)) {
        command_error(why, "memory", args);
        return;
    }
    engine_set_hash(c->e, (size_t)mb);
}

static void cmd_cores(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("cores", args, 1, ENGINE_THREADS_MAX, &n, why, sizeof why)) {
        command_error(why, "cores", args);
        return;
    }
    engine_set_threads(c->e, (int)n);
}

/* ------------------------------------------------------------------ */
/* Analysis                                                           */

static void cmd_analyze(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->analyze = true;
    c->engine_side = NO_SIDE;
}

static void cmd_exit(Cecp *c, char *args)
{
    (void)args;
    abandon_search(c);
    c->analyze = false;
    c->exclude->n = 0;
}

static void cmd_stat(Cecp *c, char *args)
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
    abandon_search(c);
    if (strcmp(args, "all") == 0) {
        c->exclude->n = 0;
        if (exclude)
            engine_legal_moves(c->e, c->exclude);
        return;
    }
    Move m;
    char why[128];
    if (!engine_parse_move(c->e, args, true, &m, why, sizeof why)) {
        io_printf("Error (%s): %s %s", why, name, args);
        return;
    }
    exclude_move(c, m, exclude);
}

static void cmd_exclude(Cecp *c, char *args) { set_exclusion(c, args, true); }
static void cmd_include(Cecp *c, char *args) { set_exclusion(c, args, false); }

static void cmd_setscore(Cecp *c, char *args)
{
    /* a fixed score is never taken for a mate */
    const long long bound = SCORE_MATE - MAX_PV;
    char why[256];
    long long n;
    if (!io_int_clamped("setscore", args, -bound, bound, &n, why, sizeof why)) {
        command_error(why, "setscore", args);
        return;
    }
    search_set_score(c->e->search, c->e->pos, (int)n);
}

/* ------------------------------------------------------------------ */
/* Interaction                                                        */

static void cmd_hint(Cecp *c, char *args)
{
    (void)args;
    char text[32];
    if (c->have_expected && engine_is_legal(c->e, c->expected)) {
        write_move(c->e->pos, c->expected, text, sizeof text);
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
        write_move(c->e->pos, r.best, text, sizeof text);
        io_printf("Hint: %s", text);
    }
}

static void cmd_bk(Cecp *c, char *args)
{
    (void)c;
    (void)args;
    io_printf(" Menagerie has no opening book");
    io_printf("%s", "");
}

/* The COLORFEN of the moves of the piece on `from`; with `via` >= 0 only
 * the continuations of multi-leg moves through `via`. */
static void highlight(Cecp *c, int from, int via)
{
    const Variant *v = c->e->variant;
    char color[MAX_SQUARES];
    memset(color, 0, sizeof color);
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return;
    engine_legal_moves(c->e, ml);
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.kind == MOVE_DROP || m.from != from)
            continue;
        bool leg = m.nvictims > 0 && m.kind == MOVE_NORMAL;
        if (via >= 0) {
            if (leg && m.victim[0] == via)
                color[m.to] = m.piece ? 'M' : 'Y';
            continue;
        }
        if (leg && !color[m.victim[0]])
            color[m.victim[0]] = 'C';
        if (!leg)
            color[m.to] = m.piece || color[m.to] == 'M' ? 'M' : 'Y';
    }
    free(ml);
    char fen[MAX_SQUARES * 2 + 32];
    size_t n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            char ch = color[var_square(v, f, r)];
            if (!ch) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)sprintf(fen + n, "%d", empty);
            empty = 0;
            fen[n++] = ch;
        }
        if (empty)
            n += (size_t)sprintf(fen + n, "%d", empty);
        if (r)
            fen[n++] = '/';
    }
    fen[n] = '\0';
    io_printf("highlight %s", fen);
}

static int parse_square_arg(Cecp *c, const char *args)
{
    const char *s = args;
    int sq = square_parse(c->e->variant, &s, true);
    return *s ? -1 : sq;
}

static void cmd_lift(Cecp *c, char *args)
{
    int sq = parse_square_arg(c, args);
    if (sq < 0) {
        io_printf("Error (bad square): lift %s", args);
        return;
    }
    c->lift_sq = sq;
    highlight(c, sq, -1);
}

static void cmd_put(Cecp *c, char *args)
{
    int sq = parse_square_arg(c, args);
    if (sq < 0) {
        io_printf("Error (bad square): put %s", args);
        return;
    }
    /* a put on an intermediate square: show where the move may go on */
    if (c->lift_sq >= 0 && sq != c->lift_sq) {
        MoveList *ml = malloc(sizeof *ml);
        bool multi = false;
        if (ml) {
            engine_legal_moves(c->e, ml);
            for (int i = 0; i < ml->n; i++)
                if (ml->m[i].from == c->lift_sq && ml->m[i].nvictims > 0
                    && ml->m[i].victim[0] == sq && ml->m[i].kind == MOVE_NORMAL)
                    multi = true;
            free(ml);
        }
        if (multi) {
            highlight(c, c->lift_sq, sq);
            return;
        }
    }
    c->lift_sq = -1;
}

static void cmd_pause(Cecp *c, char *args)
{
    (void)args;
    if (c->paused)
        return;
    c->paused = true;
    abandon_search(c);   /* resumed by a fresh search */
}

static void cmd_resume(Cecp *c, char *args)
{
    (void)args;
    c->paused = false;
}

/* ------------------------------------------------------------------ */
/* Handshake and options                                              */

static void cmd_xboard(Cecp *c, char *args)
{
    (void)args;
    c->xboard = true;
    io_set_debug_prefix("# ");
    io_printf("%s", "");
}

static void send_variants(Cecp *c)
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
    io_printf("feature done=0");
    io_printf("feature ping=1 setboard=1 usermove=1 playother=1 draw=1 time=1 reuse=1 "
              "sigint=0 sigterm=0 san=0 analyze=1 pause=1 nps=1 exclude=1 highlight=1 "
              "debug=1 memory=1 smp=1 colors=0 name=1 ics=1 setscore=1");
    io_printf("feature myname=\"%s %s\"", ENGINE_NAME, PACKAGE_VERSION);
    send_variants(c);
    io_printf("feature option=\"Resign threshold -spin %d 0 10000\"", c->e->opt.resign_cp);
    io_printf("feature option=\"Clear Hash -button\"");
    io_printf("feature option=\"MultiPV -spin %d 1 %d\"", c->e->opt.multipv, ENGINE_MULTIPV_MAX);
    io_printf("feature option=\"Variant files -file \"");
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
        send_variants(c);
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
            abandon_search(c);
            c->e->opt.multipv = (int)n;
        }
    } else if (strcmp(args, "Variant files") == 0) {
        if (*value)
            load_variant_files(c, value);
    } else {
        snprintf(why, sizeof why, "unknown option or bad value");
        ok = false;
    }
    if (eq)
        *eq = '=';
    if (!ok)
        command_error(why, "option", args);
}

/* ------------------------------------------------------------------ */
/* Console commands                                                   */

static void cmd_help(Cecp *c, char *args)
{
    (void)c;
    (void)args;
    static const char *const lines[] = {
        "Menagerie speaks XBoard (CECP v2) here; 'uci' as the first command selects UCI.",
        "Moves are typed in coordinate notation: e2e4, e7e8q, P@e5, O-O.",
        "  new               start a new game of chess (the engine plays Black)",
        "  variant NAME      switch to another variant ('variants' lists them)",
        "  go / force        engine plays the side to move / plays neither side",
        "  undo / remove     take back one / two moves",
        "  setboard FEN      set up a position",
        "  d                 show the board",
        "  moves             list the legal moves",
        "  perft N / divide N  count the legal move tree",
        "  bench [DEPTH]     search the benchmark positions (node signature, speed)",
        "  eval              static evaluation",
        "  sd N / st SEC / level MPS MIN[:SEC] INC   search limits",
        "  post / nopost     show / hide the thinking",
        "  analyze / exit    analyse the position / stop analysing",
        "  hint              suggest a move",
        "  quit              leave",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        io_printf("%s", lines[i]);
}

static void cmd_show(Cecp *c, char *args)
{
    (void)args;
    IoBlock out;
    position_print(c->e->pos, io_block_open(&out));
    io_block_print(&out);
}

static void cmd_moves(Cecp *c, char *args)
{
    (void)args;
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return;
    engine_legal_moves(c->e, ml);
    char *buf = malloc((size_t)ml->n * 32 + 64);
    if (buf) {
        size_t n = 0;
        buf[0] = '\0';
        for (int i = 0; i < ml->n; i++) {
            char mv[32];
            write_move(c->e->pos, ml->m[i], mv, sizeof mv);
            n += (size_t)sprintf(buf + n, "%s%s", i ? " " : "", mv);
        }
        io_printf("%d legal moves: %s", ml->n, buf);
        free(buf);
    }
    free(ml);
}

static void run_perft(Cecp *c, char *args, bool divide)
{
    const char *cmd = divide ? "divide" : "perft";
    char why[256];
    long long depth;
    if (!io_int_in_range(cmd, args, 0, PERFT_DEPTH_MAX, &depth, why, sizeof why)) {
        command_error(why, cmd, args);
        return;
    }
    abandon_search(c);
    int64_t t0 = engine_now_ms();
    uint64_t nodes;
    if (divide) {
        IoBlock out;
        nodes = perft_divide(c->e->pos, (int)depth, true, io_block_open(&out));
        io_block_print(&out);
    } else {
        nodes = perft_count(c->e->pos, (int)depth);
    }
    io_printf("Nodes searched: %" PRIu64, nodes);
    io_debug("perft time %" PRId64 " ms", engine_now_ms() - t0);
}

static void cmd_perft(Cecp *c, char *args) { run_perft(c, args, false); }
static void cmd_divide(Cecp *c, char *args) { run_perft(c, args, true); }

static void cmd_evaluation(Cecp *c, char *args)
{
    (void)args;
    io_printf("Evaluation: %d (side to move's view, centipawns)",
              eval_position(c->e->eval, c->e->pos));
}

/* bench [DEPTH]: the same signature as `menagerie bench` (blocks input
 * while it runs: a developer's command). */
static void cmd_benchmark(Cecp *c, char *args)
{
    char why[256];
    long long depth = BENCH_DEFAULT_DEPTH;
    if (*args && !io_int_in_range("bench", args, 1, BENCH_DEPTH_MAX, &depth, why, sizeof why)) {
        command_error(why, "bench", args);
        return;
    }
    abandon_search(c);
    IoBlock out;
    bench_run(c->e->set, (int)depth, io_block_open(&out));
    io_block_print(&out);
}

static void cmd_variants(Cecp *c, char *args)
{
    (void)args;
    char *list = malloc(65536);
    if (!list)
        return;
    cecp_variant_list(c->e->set, list, 65536);
    io_printf("%s", list);
    free(list);
}

/* ------------------------------------------------------------------ */
/* Dispatch                                                           */

static const CecpCommand commands[] = {
    { "xboard",    cmd_xboard,    CMD_QUIET },
    { "protover",  cmd_protover,  CMD_QUIET },
    { "accepted",  cmd_ignore,    CMD_QUIET },
    { "rejected",  cmd_ignore,    CMD_QUIET },
    { "new",       cmd_new,       CMD_ABORT },
    { "variant",   cmd_variant,   0 },
    { "quit",      cmd_quit,      CMD_ABORT },
    { "force",     cmd_force,     CMD_ABORT },
    { "go",        cmd_go,        0 },
    { "playother", cmd_playother, 0 },
    { "usermove",  cmd_usermove,  0 },
    { "setboard",  cmd_setboard,  0 },
    { "edit",      cmd_edit,      0 },
    { "undo",      cmd_undo,      0 },
    { "remove",    cmd_remove,    0 },
    { "?",         cmd_move_now,  CMD_QUIET },
    { "draw",      cmd_draw,      CMD_QUIET },
    { "result",    cmd_result,    CMD_ABORT },
    { "white",     cmd_white,     0 },
    { "black",     cmd_black,     0 },
    { "ping",      cmd_ping,      CMD_QUIET },
    { "level",     cmd_level,     CMD_QUIET },
    { "st",        cmd_st,        CMD_QUIET },
    { "sd",        cmd_sd,        CMD_QUIET },
    { "nps",       cmd_nps,       CMD_QUIET },
    { "time",      cmd_time,      CMD_QUIET },
    { "otim",      cmd_otim,      CMD_QUIET },
    { "post",      cmd_post,      CMD_QUIET },
    { "nopost",    cmd_nopost,    CMD_QUIET },
    { "hard",      cmd_hard,      CMD_QUIET },
    { "easy",      cmd_easy,      CMD_QUIET },
    { "random",    cmd_random,    0 },
    { "computer",  cmd_ignore,    CMD_QUIET },
    { "name",      cmd_ignore,    CMD_QUIET },
    { "rating",    cmd_ignore,    CMD_QUIET },
    { "ics",       cmd_ignore,    CMD_QUIET },
    { "egtpath",   cmd_ignore,    CMD_QUIET },
    { "memory",    cmd_memory,    0 },
    { "cores",     cmd_cores,     0 },
    { "option",    cmd_option,    0 },
    { "analyze",   cmd_analyze,   0 },
    { "exit",      cmd_exit,      CMD_ABORT },
    { ".",         cmd_stat,      CMD_QUIET },
    { "exclude",   cmd_exclude,   0 },
    { "include",   cmd_include,   0 },
    { "setscore",  cmd_setscore,  CMD_ABORT },
    { "hint",      cmd_hint,      CMD_QUIET },
    { "bk",        cmd_bk,        CMD_QUIET },
    { "lift",      cmd_lift,      CMD_QUIET },
    { "put",       cmd_put,       CMD_QUIET },
    { "hover",     cmd_ignore,    CMD_QUIET },
    { "pause",     cmd_pause,     CMD_ABORT },
    { "resume",    cmd_resume,    CMD_QUIET },
    { "help",      cmd_help,      CMD_QUIET },
    { "d",         cmd_show,      CMD_QUIET },
    { "moves",     cmd_moves,     CMD_QUIET },
    { "perft",     cmd_perft,     0 },
    { "divide",    cmd_divide,    0 },
    { "eval",      cmd_evaluation, CMD_QUIET },
    { "variants",  cmd_variants,  CMD_QUIET },
    { "bench",     cmd_benchmark, 0 },
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

/* Run one command line; `raw` is kept intact for the backlog, `line` is
 * a copy to cut into command and arguments. */
static void run_line(Cecp *c, const char *raw, char *line)
{
    char *cmd = skip_space(line);
    if (!*cmd)
        return;
    if (c->edit_mode) {
        edit_line(c, cmd);
        return;
    }
    char *args = split_command(cmd);
    const CecpCommand *k = find_command(cmd);
    bool is_move = !k && looks_like_move(cmd);
    if (!k && !is_move) {
        io_printf("Error (unknown command): %s", cmd);
        return;
    }
    if (k && k->fn == cmd_usermove)
        is_move = true;
    const char *move_text = k ? args : cmd;
    EngineActivity act = c->e->activity;

    if (act == ENGINE_THINK && (!k || !(k->flags & (CMD_QUIET | CMD_ABORT))
                                || k->fn == cmd_ping)) {
        if (is_move) {
            io_printf("Illegal move (not your turn): %s", move_text);
            return;
        }
        backlog_push(c, raw);
        return;
    }
    if (act == ENGINE_PONDER && is_move && ponder_hit(c, move_text))
        return;
    if ((act == ENGINE_PONDER || act == ENGINE_ANALYZE) && !(k && (k->flags & CMD_QUIET)))
        abandon_search(c);
    if (is_move && !k)
        user_move(c, move_text);
    else
        k->fn(c, args);
}

static void handle_line(Cecp *c, const char *raw)
{
    char *line = strdup(raw);
    if (!line) {
        io_printf("Error (out of memory): %s", raw);
        return;
    }
    run_line(c, raw, line);
    free(line);
}

void cecp_line_too_long(const char *start)
{
    io_printf("Error (line too long, over %d bytes, ignored): %s...", IO_LINE_MAX, start);
}

static Cecp *cecp_create(VariantSet *set)
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
    reset_clocks(c);
    atomic_init(&c->post, false);
    return c;
}

static void cecp_destroy(Cecp *c)
{
    engine_destroy(c->e);
    for (int i = 0; i < c->nbacklog; i++)
        free(c->backlog[i]);
    free(c->backlog);
    free(c->exclude);
    free(c->pv_pos);
    free(c);
}

int cecp_run(VariantSet *set, const char *first)
{
    Cecp *c = cecp_create(set);
    io_set_debug_prefix("# ");
    if (isatty(STDIN_FILENO) && (!first || strcmp(first, "xboard") != 0))
        io_printf("%s %s: type 'help' for the commands", ENGINE_NAME, PACKAGE_VERSION);
    if (first)
        handle_line(c, first);
    while (!c->quit) {
        maybe_search(c);
        if (c->nbacklog > 0 && c->e->activity != ENGINE_THINK) {
            char *line = backlog_pop(c);
            handle_line(c, line);
            free(line);
            continue;
        }
        IoMessage m;
        io_next(&m);
        if (m.kind == IO_EOF && c->e->activity == ENGINE_THINK) {
            /* the GUI is gone: move now, run what was queued, then leave */
            engine_search_stop(c->e);
            search_done(c);
        } else if (m.kind == IO_EOF) {
            c->quit = true;
        } else if (m.kind == IO_SEARCH_DONE) {
            if (engine_searching(c->e) && m.search_id == c->e->search_id)
                search_done(c);
        } else if (m.kind == IO_LINE_TOO_LONG) {
            cecp_line_too_long(m.text);
        } else {
            handle_line(c, m.text);
        }
        io_release(&m);
    }
    cecp_destroy(c);
    return 0;
}
