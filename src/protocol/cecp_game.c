/*
 * cecp_game.c — the game as the GUI runs it: new games and variants, who
 * plays which side, the GUI's moves, taking moves back, results, pause.
 * The engine's own moves are sent by cecp_search.c.
 */
#include <ctype.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "board/rules.h"
#include "board/turn.h"
#include "notation/fen.h"
#include "protocol/cecp.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"

/* ------------------------------------------------------------------ */
/* Moves from the GUI                                                 */

/* A move in coordinate notation (e2e4, e7e8q; multi-leg moves leg by
 * leg, e4f5,f5g6, or with XBoard's kill squares, e4g6;f5), or written in standard
 * algebraic notation (e4, Nf3, exd5, e8=Q+, Rae1, shogi's P*5e) or close
 * to it: an optional piece letter, then only lower-case letters, digits
 * and SAN's signs, with a file and a rank among them.  Such text is
 * answered as a move (refused with the reason), not as an unknown
 * command. */
static bool written_like_a_move(const char *s)
{
    if (*s == '+')
        s++;
    if (isupper((unsigned char)*s))
        s++;
    bool file = false, rank = false;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 'a' && ch <= 'p')
            file = true;
        else if (islower(ch))
            continue;        /* a promotion letter (e7e8q) */
        else if (isdigit(ch))
            rank = true;
        else if (ch == '=' && isupper((unsigned char)s[1]))
            s++;
        else if (!strchr("x:-*+#!?,;", ch))
            return false;
    }
    return file && rank;
}

bool cecp_looks_like_move(const char *s)
{
    if (strcmp(s, "@@@@") == 0 || strncmp(s, "O-O", 3) == 0 || strncmp(s, "0-0", 3) == 0)
        return true;
    if (isalpha((unsigned char)s[0]) && s[1] == '@')
        return true;
    if (s[0] == '+' && isalpha((unsigned char)s[1]) && s[2] == '@')
        return true;    /* a drop in the '+' form (promotion.by-drop) */
    return written_like_a_move(s);
}

void cecp_user_move(Cecp *c, const char *text)
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
    if (c->game_over && atomic_load(&c->console)) {
        /* a GUI may play on after a result (force mode, analysis); a
           person is told the game has ended */
        io_printf("Illegal move (the game is over; 'new' starts another game, 'undo' takes "
                  "a move back): %s", text);
        return;
    }
    /* the opponent's move after the engine claimed a result, with the
       engine still playing a side: the GUI has not taken the claim
       (PyChess 1.0.3 ignores what engines claim; XBoard sends `result` and
       `force`).  Play on, past an end by a flag too, or lose on time a game
       the GUI goes on with. */
    bool playing_on = c->game_over && c->engine_side != CECP_NO_SIDE
                      && c->engine_side != c->e->pos->side && !atomic_load(&c->console);
    bool past_end = c->e->pos->play_past_end;
    int past_end_ply = c->e->past_end_ply;
    if (playing_on)
        engine_play_past_end(c->e);
    if (!engine_parse_move(c->e, text, cecp_wire_ranks(c), &m, why, sizeof why)) {
        c->e->pos->play_past_end = past_end;    /* a refused move changes nothing */
        c->e->past_end_ply = past_end_ply;
        io_printf("Illegal move (%s): %s", why, text);
        return;
    }
    if (playing_on) {
        c->claims_ignored = true;
        c->game_over = false;
    }
    engine_make_move(c->e, m);
    cecp_position_changed(c);
    c->have_expected = false;
    cecp_check_game_end(c);
}

/* An end XBoard does not see: a rule that ends the game at once (a flag
 * reached, the n-th check, extinction, two passes), or the mate of a royal
 * XBoard does not know as a king (maharaja's White: XBoard finds it never
 * in check).  (Such a side stalemated would be a draw XBoard does not see
 * either; it is claimed as before, the rarest of these ends.) */
static bool end_unknown_to_xboard(const Cecp *c, const GameEnd *end)
{
    const Position *pos = c->e->pos;
    return end->cause == END_IMMEDIATE
           || (end->cause == END_NO_MOVES && end->outcome != OUTCOME_DRAW
               && position_royals(pos, pos->side) > 0
               && !cecp_xboard_sees_king(c->e->variant, pos->side));
}

/* Such an end (end_unknown_to_xboard) in a game between two engines, where
 * XBoard tests claims: it grants a draw claim only where its own test
 * finds a draw, and a claim of one's own win only where it finds mate
 * (and tests win claims only in games without holdings), scoring the
 * others as false (a forfeit); the loser's claim it takes without a
 * question.  The engine leaves such a win to the loser, offers such a
 * draw (both engines offering is a draw agreed), and plays on meanwhile. */
static bool xboard_judges_not(const Cecp *c, const GameEnd *end, int winner)
{
    if (!c->against_engine || !end_unknown_to_xboard(c, end))
        return false;
    if (end->outcome == OUTCOME_DRAW)
        return true;
    return winner >= 0 && winner == c->engine_side
           && cecp_xboard_tests_win_claims(c->e->variant);
}

/* Results XBoard would score as a false claim, which the engine leaves
 * unsaid (the game goes on): a perpetual check or chase, which XBoard
 * judges itself when the position has repeated as often as its
 * -repeatsToDraw says (6 unless set); a win at a repetition that the
 * variant scores as lost for the repeater (chu's): XBoard grants a win
 * claim only where its own test finds mate, and draws repetitions; an
 * immediate end between engines (xboard_judges_not); and a draw by the
 * makruk / ASEAN count, which XBoard 4.9.1 does not keep (it grants draw
 * claims only at stalemate, its own repetition and 50-move counts and
 * bare material). */
static bool xboard_would_refuse(const Cecp *c, const GameEnd *end)
{
    if (atomic_load(&c->console))
        return false;
    if (end->perpetual || end->cause == END_COUNTING)
        return true;
    int side = c->e->pos->side;
    int winner = end->outcome == OUTCOME_WIN ? side : end->outcome == OUTCOME_LOSS ? !side : -1;
    if (xboard_judges_not(c, end, winner))
        return true;
    /* a draw's "winner" is -1, as is force mode's side */
    return end->repetition_decisive && winner >= 0 && winner == c->engine_side;
}

/* A draw by rule that the GUI may not know (an expired count, an immediate
 * draw between engines): offer the draw, once a game; the opponent (or
 * XBoard's own rules) decides. */
static void offer_rule_draw(Cecp *c, const GameEnd *end)
{
    bool unjudged = end->cause == END_COUNTING || end_unknown_to_xboard(c, end);
    if (!unjudged || end->outcome != OUTCOME_DRAW || c->rule_draw_offered
        || c->engine_side == CECP_NO_SIDE)
        return;
    io_printf("offer draw");
    c->rule_draw_offered = true;
}

/* Send the result if the game has ended by rule, unless XBoard would
 * refuse the claim, or the game goes on past an earlier result (claimed,
 * or left to the GUI) and a move is left. */
bool cecp_check_game_end(Cecp *c)
{
    GameEnd end;
    if (!engine_game_end(c->e, &end))
        return false;
    if (xboard_would_refuse(c, &end)) {
        offer_rule_draw(c, &end);
        if (end.cause == END_IMMEDIATE)
            engine_play_past_end(c->e);   /* the opponent's move may come */
        return false;
    }
    if ((c->claims_ignored || c->e->pos->play_past_end) && end.cause != END_NO_MOVES)
        return false;     /* the GUI judges the game; only a game without a move is over */
    if (atomic_load(&c->console))
        cecp_console_game_over(c, &end);
    else
        io_printf("%s {%s}", rules_result_string(end.outcome, c->e->pos->side), end.reason);
    c->game_over = true;
    return true;
}

/* The position changed: forget things tied to the old one. */
void cecp_position_changed(Cecp *c)
{
    c->exclude->n = 0;
    c->lift_sq = -1;
}

/* ------------------------------------------------------------------ */
/* Game commands                                                      */

void cecp_reset_clocks(Cecp *c)
{
    c->time_ms = c->otim_ms = c->base_ms;
}

void cecp_cmd_new(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    /* XBoard's `new` is a game of chess (it sends `variant` after it); a
       person at the console keeps playing the variant chosen */
    const Variant *v = atomic_load(&c->console) ? c->e->variant
                                                 : engine_find_variant(c->e, "chess");
    if (v && v != c->e->variant)
        engine_set_variant(c->e, v);
    engine_new_game(c->e);
    c->engine_side = BLACK;
    c->sd = 0;
    c->nps = 0;
    c->random_on = false;
    c->bad_position = c->game_over = c->draw_offered = c->have_expected = false;
    c->claims_ignored = c->rule_draw_offered = c->against_engine = false;
    c->edit_mode = false;
    cecp_position_changed(c);
    cecp_reset_clocks(c);
}

static void emit_line(const char *line, void *ctx)
{
    (void)ctx;
    io_printf("%s", line);
}

void cecp_cmd_variant(Cecp *c, char *args)
{
    const Variant *v = cecp_find_variant(c->e->set, args);
    if (!v) {
        io_printf("Error (unsupported variant): variant %s", args);
        if (atomic_load(&c->console))
            cecp_console_unknown_variant(c, args);
        return;
    }
    cecp_abandon_search(c);
    engine_set_variant(c->e, v);
    cecp_report_net(c, false);
    engine_new_game(c->e);
    c->bad_position = c->game_over = c->have_expected = false;
    cecp_position_changed(c);
    if (!atomic_load(&c->console))      /* teaching XBoard the pieces */
        cecp_setup_lines(v, emit_line, NULL);
}

void cecp_cmd_force(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->engine_side = CECP_NO_SIDE;
}

void cecp_cmd_go(Cecp *c, char *args)
{
    (void)args;
    c->analyze = false;
    c->engine_side = c->e->pos->side;
}

void cecp_cmd_playother(Cecp *c, char *args)
{
    (void)args;
    c->analyze = false;
    c->engine_side = !c->e->pos->side;
}

void cecp_cmd_usermove(Cecp *c, char *args)
{
    if (!*args) {
        io_printf("Error (missing move): usermove");
        return;
    }
    cecp_user_move(c, args);
}

/* XBoard 4.9.1 tells an engine of its opponent's pass (@@@@) not as a move
 * but with a setboard of the position after it.  Is `fen` the position a
 * legal pass of the side to move leads to?  Then the pass is played as a
 * move, so the game keeps its history (two passes in a row, bikjang), as
 * Fairy-Stockfish does. */
static bool setboard_is_pass(Cecp *c, const char *fen)
{
    Position *pos = c->e->pos;
    if (c->bad_position || pos->v->rules.pass == PASS_NEVER)
        return false;
    MoveList *ml = malloc(sizeof *ml);
    Position *after = malloc(sizeof *after);
    bool same = false;
    char err[256];
    if (ml && after && position_set_fen(after, pos->v, fen, err, sizeof err) == 0) {
        rules_playable_moves(pos, ml);
        for (int i = 0; i < ml->n && !same; i++) {
            if (ml->m[i].kind != MOVE_PASS)
                continue;
            position_make(pos, ml->m[i]);
            same = pos->hash == after->hash;
            position_unmake(pos);
        }
    }
    free(ml);
    free(after);
    return same;
}

void cecp_cmd_setboard(Cecp *c, char *args)
{
    char err[256];
    cecp_abandon_search(c);
    if (setboard_is_pass(c, args)) {
        cecp_user_move(c, "@@@@");
        return;
    }
    c->game_over = c->have_expected = false;
    cecp_position_changed(c);
    if (engine_set_fen(c->e, args, err, sizeof err) != 0) {
        /* Name the FEN: PyChess stops an analysing engine by sending
         * "exit" and then "setboard 8/8/8/8/8/8/8/8 w - - 0 1", and shows
         * every tellusererror in a dialog box except those that quote
         * that empty board. */
        const char *fen = args + strspn(args, " \t");
        size_t len = strlen(fen);
        while (len > 0 && (fen[len - 1] == ' ' || fen[len - 1] == '\t'))
            len--;
        if (len == 0)
            io_printf("tellusererror Illegal position: %s", err);
        else
            io_printf("tellusererror Illegal position %.*s%s: %s", (int)(len > 120 ? 120 : len),
                      fen, len > 120 ? "..." : "", err);
        c->bad_position = true;
        return;
    }
    c->bad_position = false;
    cecp_check_game_end(c);
}

void cecp_cmd_undo(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    if (!engine_undo(c->e)) {
        io_printf("Error (command not legal now): undo");
        return;
    }
    c->game_over = c->have_expected = false;
    cecp_position_changed(c);
}

/* With turns of several moves, `remove` takes back the opponent's last
 * turn and the player's own: every move back to the start of the turn
 * before, where the same player was to move.  False (nothing taken back)
 * when the game is not that long. */
static bool remove_two_turns(Engine *e)
{
    Position *pos = e->pos;
    int ply = pos->ply, side = pos->side, changes = 0;
    while (changes < 2 || turn_mid(pos)) {
        if (!engine_undo(e)) {
            while (pos->ply < ply)      /* not enough history: put it all back */
                position_make(pos, pos->undo[pos->ply].move);
            return false;
        }
        if (pos->side != side) {
            changes++;
            side = pos->side;
        }
    }
    return true;
}

void cecp_cmd_remove(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    bool multi = c->e->pos->v->turn.multi;
    if (multi ? !remove_two_turns(c->e) : engine_moves_played(c->e) < 2) {
        io_printf("Error (command not legal now): remove");
        return;
    }
    if (!multi) {
        engine_undo(c->e);
        engine_undo(c->e);
    }
    c->game_over = c->have_expected = false;
    cecp_position_changed(c);
}

void cecp_cmd_draw(Cecp *c, char *args)
{
    (void)args;
    if (c->engine_side != CECP_NO_SIDE)
        c->draw_offered = true;
}

void cecp_cmd_result(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->engine_side = CECP_NO_SIDE;
    c->game_over = true;
}

/* white / black: that side moves, the engine plays the other. */
static void set_side_to_move(Cecp *c, int side)
{
    cecp_abandon_search(c);
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
    cecp_position_changed(c);
}

void cecp_cmd_white(Cecp *c, char *args) { (void)args; set_side_to_move(c, WHITE); }
void cecp_cmd_black(Cecp *c, char *args) { (void)args; set_side_to_move(c, BLACK); }

void cecp_cmd_quit(Cecp *c, char *args)
{
    (void)args;
    cecp_abandon_search(c);
    c->quit = true;
}

void cecp_cmd_pause(Cecp *c, char *args)
{
    (void)args;
    if (c->paused)
        return;
    c->paused = true;
    cecp_abandon_search(c);   /* resumed by a fresh search */
}

void cecp_cmd_resume(Cecp *c, char *args)
{
    (void)args;
    c->paused = false;
}

