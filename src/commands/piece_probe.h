/*
 * piece_probe.h — what the diagrams of `menagerie show` (text and SVG)
 * put on the board for one piece: the square it stands on, the empty
 * board it moves on, and the enemies a multi-leg piece takes in passing.
 *
 * Both drawings ask these questions of the XBetza generator here, so the
 * text and the picture of a piece always show the same moves.
 */
#ifndef PIECE_PROBE_H
#define PIECE_PROBE_H

#include <stdbool.h>
#include "variant/variant.h"

/* The square a piece's diagram puts it on: the board's middle, or the
 * middle of the region it is confined to (a palace's centre); never a
 * hole. */
int probe_piece_square(const Variant *v, const PieceType *pt);

/* The empty board the piece moves on, for White: squares outside the
 * region it is confined to are `outside`. */
void probe_piece_view(const Variant *v, const PieceType *pt, XbBoardView *view);

/* May the piece pass: step out and come back to `from` without taking? */
bool probe_piece_passes(const PieceType *pt, const XbBoardView *view, int from);

/* An empty board with an enemy on the nearest square, in each direction
 * from `from`, that the piece can take in passing (a locust victim);
 * false when it takes none so. */
bool probe_place_victims(const Variant *v, const PieceType *pt, const XbBoardView *empty,
                         int from, XbBoardView *view);

/* On a board made by probe_place_victims: does an enemy stand there that
 * the others keep the piece from taking ("not those on E")? */
bool probe_victim_spared(const Variant *v, const PieceType *pt, const XbBoardView *view,
                         int from);

/* May the piece take in passing and come back to `from` (igui)? */
bool probe_piece_igui(const PieceType *pt, const XbBoardView *view, int from);

#endif
