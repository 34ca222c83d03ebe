/*
 * cecp_internal.h — what the files of the XBoard / CECP front end share:
 * the session state (struct Cecp) and the functions one file calls in
 * another.  Not for use outside src/protocol/cecp*.c.
 *
 *   cecp.c           the command table, line dispatch and the backlog of
 *                    commands waiting for the engine's move, handshake,
 *                    features and options, the session loop
 *   cecp_game.c      game flow: new, variant, go, force, moves from the
 *                    GUI, undo, results
 *   cecp_search.c    the engine's searches: thinking, pondering, analysis,
 *                    thinking output, sending its moves, hints
 *   cecp_settings.c  time controls and search settings
 *   cecp_edit.c      the board in the GUI: edit mode, lift / put highlights
 *   cecp_variant.c   variants as XBoard sees them (cecp.h)
 *   cecp_console.c   what a person at a terminal sees: greeting, board,
 *                    announcements, prompt
 *   cecp_define.c    variants sent over the protocol: `variantdef`, the
 *                    `Variant definition` option
 *
 * Every command handler runs on the main thread; the only field the
 * search worker reads is `post` (and pv_pos, its scratch).
 */
#ifndef CECP_INTERNAL_H
#define CECP_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include "protocol/engine.h"

#define CECP_NO_SIDE (-1)

typedef struct Cecp {
    Engine *e;
    bool xboard;                /* a GUI said `xboard` */
    /* A person types at a terminal (console mode) until `xboard` or
     * `protover`: squares are then named as the diagram shows them (ranks
     * from 1 on every board), not with XBoard's 10-rank numbering from 0.
     * Read by the worker for the thinking output. */
    atomic_bool console;
    bool switch_to_uci;         /* the person typed `uci` */
    int  engine_side;           /* WHITE, BLACK or CECP_NO_SIDE (force mode) */
    bool analyze;
    atomic_bool post;
    bool ponder_on;
    bool random_on;
    bool bad_position;          /* after an illegal setboard */
    bool game_over;             /* a result was sent or received */
    bool claims_ignored;        /* the GUI played on past a result the engine
                                   claimed (PyChess): claim no more draws */
    bool rule_draw_offered;     /* offered a draw by rule XBoard does not judge */
    bool against_engine;        /* `computer` this game: XBoard referees two
                                   engines and tests their claims */
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

    /* console mode (cecp_console.c) */
    bool colour;                /* the terminal shows ANSI colours */
    bool prompted;              /* the prompt is shown; no input since */
    const Variant *shown_variant; /* the position last drawn */
    uint64_t shown_hash;
    int     shown_ply;
    char    announcement[160];  /* told after the board: the game's end */

    /* a `variantdef` block being read (cecp_define.c) */
    struct {
        bool   open;
        char  *text;            /* VARIANT_DEFINITION_BYTES + 2 bytes */
        size_t len;
        int    lines;
    } def;

    /* commands waiting for the end of a search */
    char  **backlog;
    int     nbacklog, capbacklog;
} Cecp;

/* A command's handler: `args` is the rest of the line after the command
 * word and its blanks (maybe ""), which the handler may change. */
typedef void (*CecpHandler)(Cecp *c, char *args);

/* cecp.c: helpers */
char *cecp_skip_space(char *s);
/* Are squares numbered as XBoard does (move_text.h's cecp_ranks)?  Not
 * for a person at the console. */
bool  cecp_wire_ranks(const Cecp *c);
/* m in the session's notation: XBoard's rank numbers (cecp_wire_ranks),
 * O-O / O-O-O for castling in shuffle variants. */
void  cecp_write_move(const Cecp *c, const Position *pos, Move m, char *buf, size_t size);
/* "Error (WHY): CMD ARGS", for a command refused as a whole. */
void  cecp_command_error(const char *why, const char *cmd, const char *args);
/* Say what choosing a network came to: a refusal as tellusererror, a
 * network loaded as a comment; when `asked` (EvalFile, UseNNUE set) also
 * an EvalFile passed over as made for another variant (an error) and the
 * classical evaluation (a comment). */
void  cecp_report_net(Cecp *c, bool asked);

/* cecp_game.c */
bool cecp_looks_like_move(const char *s);
void cecp_user_move(Cecp *c, const char *text);
/* Send the result if the game has ended by rule. */
bool cecp_check_game_end(Cecp *c);
/* The position changed: forget things tied to the old one. */
void cecp_position_changed(Cecp *c);
void cecp_reset_clocks(Cecp *c);
void cecp_cmd_new(Cecp *c, char *args);
void cecp_cmd_variant(Cecp *c, char *args);
void cecp_cmd_force(Cecp *c, char *args);
void cecp_cmd_go(Cecp *c, char *args);
void cecp_cmd_playother(Cecp *c, char *args);
void cecp_cmd_usermove(Cecp *c, char *args);
void cecp_cmd_setboard(Cecp *c, char *args);
void cecp_cmd_holding(Cecp *c, char *args);     /* cecp_partner.c */
void cecp_cmd_undo(Cecp *c, char *args);
void cecp_cmd_remove(Cecp *c, char *args);
void cecp_cmd_draw(Cecp *c, char *args);
void cecp_cmd_result(Cecp *c, char *args);
void cecp_cmd_white(Cecp *c, char *args);
void cecp_cmd_black(Cecp *c, char *args);
void cecp_cmd_quit(Cecp *c, char *args);
void cecp_cmd_pause(Cecp *c, char *args);
void cecp_cmd_resume(Cecp *c, char *args);

/* cecp_search.c */
/* Start whatever search the state asks for, if none runs. */
void cecp_maybe_search(Cecp *c);
/* Stop a search and forget its result. */
void cecp_abandon_search(Cecp *c);
/* The worker finished: play the move found when thinking. */
void cecp_search_done(Cecp *c);
/* During pondering: a hit turns the ponder search into thinking. */
bool cecp_ponder_hit(Cecp *c, const char *text);
void cecp_cmd_move_now(Cecp *c, char *args);
void cecp_cmd_analyze(Cecp *c, char *args);
void cecp_cmd_exit(Cecp *c, char *args);
void cecp_cmd_stat(Cecp *c, char *args);
void cecp_cmd_exclude(Cecp *c, char *args);
void cecp_cmd_include(Cecp *c, char *args);
void cecp_cmd_setscore(Cecp *c, char *args);
void cecp_cmd_hint(Cecp *c, char *args);
void cecp_cmd_bk(Cecp *c, char *args);

/* cecp_settings.c */
void cecp_cmd_level(Cecp *c, char *args);
void cecp_cmd_st(Cecp *c, char *args);
void cecp_cmd_sd(Cecp *c, char *args);
void cecp_cmd_nps(Cecp *c, char *args);
void cecp_cmd_time(Cecp *c, char *args);
void cecp_cmd_otim(Cecp *c, char *args);
void cecp_cmd_post(Cecp *c, char *args);
void cecp_cmd_nopost(Cecp *c, char *args);
void cecp_cmd_hard(Cecp *c, char *args);
void cecp_cmd_easy(Cecp *c, char *args);
void cecp_cmd_random(Cecp *c, char *args);
void cecp_cmd_memory(Cecp *c, char *args);
void cecp_cmd_cores(Cecp *c, char *args);

/* cecp_console.c (only in console mode) */
/* Greet the person, at once. */
void cecp_console_start(Cecp *c);
/* The game has ended: tell the person after the board. */
void cecp_console_game_over(Cecp *c, const GameEnd *end);
/* The engine waits for the person: the board if the position changed,
 * what there is to tell, the prompt (once until the next input). */
void cecp_console_waiting(Cecp *c);
/* For `help`: how moves are typed in the variant being played (squares,
 * promotions, drops, castling, gating). */
void cecp_help_moves(Cecp *c);
/* `variant NAME` named none: suggest the nearest and say how to list them. */
void cecp_console_unknown_variant(Cecp *c, const char *name);
/* A GUI took over (`xboard`, `protover`): console mode ends. */
void cecp_console_leave(Cecp *c);

/* cecp_define.c: variants sent over the protocol */
/* A line as read: when it opens a `variantdef` block or belongs to one,
 * it is taken (true), and at the block's `end` *command is the command to
 * run (to free); otherwise false. */
bool cecp_define_line(Cecp *c, const char *line, char **command);
/* A line over IO_LINE_MAX bytes came while a block is open. */
void cecp_define_long_line(Cecp *c);
/* Input ended while a block is open. */
void cecp_define_eof(Cecp *c);
void cecp_cmd_variantdef(Cecp *c, char *args);
/* The `Variant definition` option. */
void cecp_define_option(Cecp *c, const char *value);

/* cecp.c: `feature variants`, again after variants are added. */
void cecp_send_variants(Cecp *c);

/* cecp_edit.c */
void cecp_cmd_edit(Cecp *c, char *args);
/* A line in edit mode (instead of a command). */
void cecp_edit_line(Cecp *c, const char *line);
void cecp_cmd_lift(Cecp *c, char *args);
void cecp_cmd_put(Cecp *c, char *args);

#endif
