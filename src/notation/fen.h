/*
 * fen.h — positions as text: XBoard's FEN dialects for any variant.
 */
#ifndef FEN_H
#define FEN_H

#include <stddef.h>
#include "board/position.h"

/* Longest FEN read or written, with its NUL.  The writer needs at most three
 * characters per square ('+X~', or a piece in hand plus its share of an
 * empty-square count: board and hands together hold at most one piece per
 * square) and a few dozen for the other fields. */
#define FEN_MAX 1024

/* Set up from FEN in the variant's dialect.  Returns 0, or -1 with a
 * specific message in err (e.g. "rank 3 has 9 squares, the board has 8
 * files").  On error *pos is unchanged. */
int  position_set_fen(Position *pos, const Variant *v, const char *fen, char *err, size_t errsize);

/* The same; on error *at is also the offset in fen of the mistake (the
 * castling letter, the side to move, the piece in the holdings...), or -1
 * when the fault is the position as a whole (a king in check). */
int  position_set_fen_at(Position *pos, const Variant *v, const char *fen, char *err,
                         size_t errsize, int *at);

/* Check a FEN against a variant without keeping the position (the
 * variant loader validates start positions with this). */
int  fen_validate(const Variant *v, const char *fen, char *err, size_t errsize);

/* Write the position as FEN (round trip exact for what position_set_fen read). */
void position_get_fen(const Position *pos, char *buf, size_t size);

#endif
