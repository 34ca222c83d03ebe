/*
 * movegen.h — table-driven move generation for any variant: pseudo-legal
 * moves (all, staged, one piece's) and the moves the rules allow.  What
 * attacks what is in attack.h; the rules that end games in rules.h.
 */
#ifndef MOVEGEN_H
#define MOVEGEN_H

#include "board/position.h"

/* Every pseudo-legal move (own royal may be left attacked). */
void movegen_pseudo(const Position *pos, MoveList *ml);

/* Part of the pseudo-legal moves, for staged move picking: GEN_NOISY
 * gives captures (e.p. too) and promotions, GEN_QUIET the rest (castling
 * and drops among them); both together are exactly movegen_pseudo.  The
 * moves are appended to ml. */
enum { GEN_NOISY = 1, GEN_QUIET = 2 };
void movegen_staged(const Position *pos, MoveList *ml, unsigned gen);

/* The pseudo-legal moves of the piece on `from`, appended to ml (the
 * search checks a hash-table move with this before generating all). */
void movegen_piece(const Position *pos, MoveList *ml, int from);

/* hand.must-drop: must the side to move drop now (it holds a piece that
 * obliges it, and a drop is legal)?  `scratch` is room for the drops it
 * tries, left as it was.  For explanations, not the search. */
bool movegen_must_drop_now(const Position *pos, MoveList *scratch);

/* Every move the rules allow (royals safe, no forbidden drop mate,
 * must-capture), whether or not the game is already decided: the rules
 * module's rules_legal_moves() adds the game ends. */
void movegen_legal(Position *pos, MoveList *ml);

/* Called with a drop made: does it leave the side to move in check with
 * no legal reply (a mate that drop_no_mate pieces may not give)? */
bool movegen_drop_mates(Position *pos);

/* Called with a move made: does it mate with a piece that may not mate
 * (PieceType.no_mate) among the checkers?  `scratch` is filled with the
 * replies. */
bool movegen_forbidden_mate(Position *pos, MoveList *scratch);

/* Can castling pass: no piece on files lo..hi of `rank` but the king on
 * `king` and its partner on `partner`? */
bool movegen_castling_path_clear(const Position *pos, int rank, int lo, int hi, int king,
                                 int partner);

/* Is the king's castling path, files kf to kt of `rank`, free of attacks
 * (and of the other royal's gaze where royals may not face each other)? */
bool movegen_castling_path_safe(const Position *pos, int rank, int kf, int kt);

/* The piece a move from `from` to `to` takes where it lands (EMPTY if
 * none): nothing when it comes back to its start square, or when `to` is
 * one of its locust victims (taken on the way, before it lands). */
static inline uint8_t movegen_taken_on_landing(const Position *pos, int from, int to,
                                               const uint8_t *victim, int nvictims)
{
    if (to == from)
        return EMPTY;
    for (int i = 0; i < nvictims; i++)
        if (victim[i] == to)
            return EMPTY;
    return pos->board[to];
}

#endif
