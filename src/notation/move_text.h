/*
 * move_text.h — moves and squares as text: coordinate notation as XBoard
 * and UCI write it, and finding the legal move a text names.
 */
#ifndef MOVE_TEXT_H
#define MOVE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "board/position.h"

/* Coordinate notation as XBoard writes it: e2e4, e7e8q, P@e5 (drops),
 * castling as the king's move, a pass as the royal piece's move to its own
 * square (e2e2); on boards with exactly 10 ranks the ranks are numbered
 * from 0 when `cecp_ranks` is set (CECP), from 1 otherwise. */
void move_to_string(const struct Position *pos, Move m, bool cecp_ranks, char *buf, size_t size);

/* Square names. */
void square_name(const struct Variant *v, int sq, bool cecp_ranks, char *buf);
/* Parse a square at *s ("e4", "j10"); advances *s.  Returns -1 if none. */
int  square_parse(const struct Variant *v, const char **s, bool cecp_ranks);

/* Find the legal move written `text` in `pos`.  Returns true and fills *out
 * when it names exactly one legal move; otherwise false and a reason.
 * XBoard's null move @@@@ names the pass, or where the rules have none, a
 * piece's turn (a lion stepping out and back: XBoard's chu and lion). */
bool move_parse(struct Position *pos, const char *text, bool cecp_ranks, Move *out,
                char *why, size_t whysize);

#endif
