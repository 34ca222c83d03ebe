/*
 * cecp_console.c — what a person typing at a terminal sees (console mode,
 * Cecp.console): a greeting at once, the board drawn again whenever the
 * position changed (the last move and a check marked, in colour when the
 * terminal has it), the end of the game announced with its reason, and a
 * prompt whenever the engine waits for the person.  XBoard sees none of
 * it.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "notation/diagram.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"

/* Colours only on a terminal that has them: standard output is one, TERM
 * names one that is not "dumb", and the user did not ask for none
 * (NO_COLOR set and not empty, https://no-color.org). */
static bool terminal_has_colour(void)
{
    const char *term = getenv("TERM"), *no_colour = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") != 0
        && !(no_colour && *no_colour);
}

void cecp_console_start(Cecp *c)
{
    c->colour = terminal_has_colour();
    io_printf("%s %s, a chess variant engine: type 'help' for the commands, 'quit' to leave.",
              ENGINE_NAME, PACKAGE_VERSION);
    io_printf("Playing %s: you have White, %s Black.  Type your moves as the board names the "
              "squares (e2e4).", c->e->variant->name, ENGINE_NAME);
}

void cecp_console_game_over(Cecp *c, const GameEnd *end)
{
    snprintf(c->announcement, sizeof c->announcement, "Game over: %s (%s).  'new' starts "
             "another game, 'undo' takes a move back.", end->reason,
             rules_result_string(end->outcome, c->e->pos->side));
}

/* Has the position changed since the board was last drawn? */
static bool position_changed(const Cecp *c)
{
    const Position *pos = c->e->pos;
    return c->shown_variant != c->e->variant || c->shown_hash != pos->hash
        || c->shown_ply != pos->ply;
}

static void draw_board(Cecp *c)
{
    const Position *pos = c->e->pos;
    DiagramStyle style = { .cecp_ranks = false, .marks = true, .colour = c->colour };
    IoBlock out;
    diagram_print(pos, &style, io_block_open(&out));
    io_block_print(&out);
    c->shown_variant = c->e->variant;
    c->shown_hash = pos->hash;
    c->shown_ply = pos->ply;
}

void cecp_console_waiting(Cecp *c)
{
    if (c->prompted)
        return;
    if (position_changed(c))
        draw_board(c);
    if (c->announcement[0]) {
        io_printf("%s", c->announcement);
        c->announcement[0] = '\0';
    }
    if (c->game_over)
        io_prompt("%s, game over> ", c->e->variant->name);
    else
        io_prompt("%s, %s to move> ", c->e->variant->name,
                  c->e->pos->side == WHITE ? "White" : "Black");
    c->prompted = true;
}

void cecp_console_leave(Cecp *c)
{
    if (c->prompted)
        io_printf("%s", "");     /* end the prompt's line */
    c->prompted = false;
    atomic_store(&c->console, false);
}

void cecp_console_unknown_variant(Cecp *c, const char *name)
{
    const char *hint = *name ? varset_suggest(c->e->set, name) : NULL;
    if (!*name)
        io_printf("'variant NAME' switches to variant NAME; 'variants' lists them.");
    else if (hint)
        io_printf("Did you mean '%s'?  'variants' lists them all.", hint);
    else
        io_printf("'variants' lists the variants there are.");
}
