/*
 * pass.h — passing (rules.pass): a move that changes nothing but the side
 * to move, written as the royal piece's move to its own square (e2e2, as
 * Fairy-Stockfish writes it; "@@@@" to XBoard).  A pass is legal only when
 * the side to move is not in check (that test is the one every move
 * gets); two passes in a row end the game, and so does a pass that
 * leaves royals facing each other under the bikjang rule.
 */
#ifndef PASS_H
#define PASS_H

#include "board/position.h"

/* The square a pass of the side to move is written from: its royal
 * piece's (the lowest square, with several), else the lowest square of
 * one of its pieces; -1 when it has no piece at all. */
int pass_square(const Position *pos);

/* Append the pass to ml if the rules let the side to move pass. */
void pass_generate(const Position *pos, MoveList *ml);

/* Did the last two moves both pass (the game ends)?  Only moves played
 * since the position was set up count. */
bool pass_twice(const Position *pos);

/* Under facing-royals: bikjang, did the last move pass while the royals
 * faced each other?  Its player accepted bikjang, and the game ends. */
bool pass_accepted_bikjang(const Position *pos);

#endif
