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
#include "notation/move_text.h"
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
    if (c->def.open) {
        /* inside a `variantdef` block: every line is YAML until `end` */
        io_prompt("variantdef line %d ('end' ends it)> ", c->def.lines + 1);
        c->prompted = true;
        return;
    }
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

/* Does the variant promote shogi-style, to a piece's '+' form? */
static bool promotes_with_plus(const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].promoted != NO_TYPE)
            return true;
    return false;
}

void cecp_help_moves(Cecp *c)
{
    const Variant *v = c->e->variant;
    bool wire = cecp_wire_ranks(c);
    char first[8], last[8];
    square_name(v, 0, wire, first);
    square_name(v, v->files * v->ranks - 1, wire, last);
    io_printf("Moves in %s are typed as the from and to squares, files %c to %c and ranks",
              v->name, first[0], last[0]);
    io_printf("%s to %s as 'd' labels them: %s.", first + 1, last + 1,
              v->ranks >= 10 && !wire ? "e2e4, with two digits from rank 10 on: a10a9"
                                      : "e2e4");
    if (v->ranks == 10)
        io_printf("%s", wire ? "XBoard numbers these ten ranks from 0; at the console they "
                               "go from 1."
                             : "After 'xboard' the ten ranks go from 0, as XBoard has them.");
    if (v->has_promotion)
        io_printf("%s", promotes_with_plus(v)
                  ? "A promotion adds + to the move (e7e8+); without it the piece stays as it "
                    "is."
                  : "A promotion adds the new piece's letter (e7e8q).");
    if (v->has_drops)
        io_printf("A piece from hand is dropped with its letter, @ and the square (P@e5).");
    if (v->castling.enabled)
        io_printf("%s", v->castling.shuffle
                  ? "Castling: O-O or O-O-O, or the king onto its rook."
                  : "Castling: the king's move (e1g1), or O-O / O-O-O.");
    if (v->has_multileg) {
        io_printf("A move that takes on its way is typed leg by leg, joined by commas");
        io_printf("(e4f5,f5g6 takes on f5); a piece that goes out and back, e4f5,f5e4.");
    }
    if (v->hand.gating) {
        io_printf("A piece from hand comes in with the first move of a back-rank piece,");
        io_printf("its letter added (g1f3h).");
    }
    io_printf("SAN (Nf3) is not read; 'moves' lists the legal moves as they are typed.");
}
