/*
 * cecp_partner.c — the commands of a partner-board game (bughouse) on an
 * ICS: `holding` tells the pieces in hand, which come from the partner's
 * board; `partner` and `ptell` are accepted and not acted on (the engine
 * plays its own board and does not talk to its partner).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "notation/fen.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"

#define HOLDING_MAX 128     /* letters in one side's list, and its '\0' */

/* The letters of the bracketed list at *s (after blanks), into out
 * (lower-cased for Black); *s moves past its ']'.  On a malformed list,
 * false with what is wrong in err. */
static bool read_list(const char **s, bool black, char *out, size_t size, char *err,
                      size_t errsize)
{
    const char *open = *s + strspn(*s, " \t");
    if (*open != '[') {
        snprintf(err, errsize, "expected '[' at \"%.20s\"", open);
        return false;
    }
    const char *close = strchr(open, ']');
    if (!close) {
        snprintf(err, errsize, "no ']' closes \"%.20s\"", open);
        return false;
    }
    if ((size_t)(close - open) > size) {
        snprintf(err, errsize, "more than %zu pieces in one hand", size - 1);
        return false;
    }
    size_t n = 0;
    for (const char *p = open + 1; p < close; p++) {
        if (!isalpha((unsigned char)*p)) {
            if (isprint((unsigned char)*p))
                snprintf(err, errsize, "'%c' is not a piece letter", *p);
            else    /* a control character would garble the GUI's line */
                snprintf(err, errsize, "byte 0x%02x is not a piece letter", (unsigned char)*p);
            return false;
        }
        out[n++] = (char)(black ? tolower((unsigned char)*p) : toupper((unsigned char)*p));
    }
    out[n] = '\0';
    *s = close + 1;
    return true;
}

/* The optional third word, COLOUR PIECE (WN, BQ): the piece just added,
 * as a FEN letter; 0 when there is none, -1 when it is malformed. */
static int new_piece(const char *s)
{
    s += strspn(s, " \t");
    if (!*s)
        return 0;
    char colour = (char)toupper((unsigned char)s[0]);
    if ((colour != 'W' && colour != 'B') || !isalpha((unsigned char)s[1])
        || s[2 + strspn(s + 2, " \t")] != '\0')
        return -1;
    return colour == 'B' ? tolower((unsigned char)s[1]) : toupper((unsigned char)s[1]);
}

/* The current position's FEN with its holdings replaced by `hand`, or
 * (with piece) grown by that piece; false when the variant has no hand. */
static bool fen_with_holdings(const Position *pos, const char *hand, int piece, char *fen,
                              size_t size)
{
    char now[FEN_MAX];
    position_get_fen(pos, now, sizeof now);
    char *open = strchr(now, '['), *space = strchr(now, ' ');
    char *close = open ? strchr(open, ']') : NULL;
    if (!close || (space && open > space))
        return false;
    int n;
    if (piece)
        n = snprintf(fen, size, "%.*s%c%s", (int)(close - now), now, piece, close);
    else
        n = snprintf(fen, size, "%.*s[%s%s", (int)(open - now), now, hand, close);
    return n > 0 && (size_t)n < size;
}

/* holding [WHITE] [BLACK] [COLOUR PIECE]: the hands as the server has
 * them.  The position is set up again with them (so the game's history
 * starts here, as after setboard), and a search for our move or an
 * analysis starts again.  With the piece just added, it is added to the
 * hands we know instead: the lists may not have seen a drop of ours yet. */
void cecp_cmd_holding(Cecp *c, char *args)
{
    char white[HOLDING_MAX], black[HOLDING_MAX], hand[2 * HOLDING_MAX], fen[FEN_MAX], err[256];
    const char *s = args;
    int piece = 0;
    err[0] = '\0';
    if (read_list(&s, false, white, sizeof white, err, sizeof err)
        && read_list(&s, true, black, sizeof black, err, sizeof err)
        && (piece = new_piece(s)) < 0)
        snprintf(err, sizeof err, "expected COLOUR PIECE (as WN or BQ) at \"%.20s\"",
                 s + strspn(s, " \t"));
    if (err[0]) {
        cecp_command_error(err, "holding", args);
        return;
    }
    snprintf(hand, sizeof hand, "%s%s", white, black);
    cecp_abandon_search(c);
    if (!fen_with_holdings(c->e->pos, hand, piece, fen, sizeof fen)) {
        cecp_command_error("no pieces in hand in this variant", "holding", args);
        return;
    }
    if (fen_validate(c->e->pos->v, fen, err, sizeof err) != 0
        || engine_set_fen(c->e, fen, err, sizeof err) != 0) {
        cecp_command_error(err, "holding", args);
        return;
    }
    c->game_over = c->have_expected = false;
    cecp_position_changed(c);
    cecp_check_game_end(c);     /* a drop may now answer a mate, or a king decide koedem */
}
