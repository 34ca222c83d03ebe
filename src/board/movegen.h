/*
 * movegen.h — table-driven move generation and attack detection for any
 * variant, and the game-ending rules that take effect at once (they leave
 * a position without moves).
 */
#ifndef MOVEGEN_H
#define MOVEGEN_H

#include "board/position.h"

/* Every pseudo-legal move (own royal may be left attacked). */
void gen_pseudo(const Position *pos, MoveList *ml);

/* Part of the pseudo-legal moves, for staged move picking: GEN_NOISY
 * gives captures (e.p. too) and promotions, GEN_QUIET the rest (castling
 * and drops among them); both together are exactly gen_pseudo.  The
 * moves are appended to ml. */
enum { GEN_NOISY = 1, GEN_QUIET = 2 };
void gen_staged(const Position *pos, MoveList *ml, unsigned gen);

/* The pseudo-legal moves of the piece on `from`, appended to ml (the
 * search checks a hash-table move with this before generating all). */
void gen_piece_moves(const Position *pos, MoveList *ml, int from);

/* Could the piece on `from` capture on `target` as the board stands
 * (occupancy of `target` itself is not looked at)?  Static exchange
 * evaluation removes pieces from the board and asks this again. */
bool piece_attacks(const Position *pos, int from, int target);

/* Every move the rules allow (royals safe, no forbidden drop mate,
 * must-capture), whether or not the game is already decided: the rules
 * module's rules_legal_moves() adds the game ends. */
void movegen_legal(Position *pos, MoveList *ml);

/* Called with a drop made: does it leave the side to move in check with
 * no legal reply (a mate that drop_no_mate pieces may not give)? */
bool movegen_drop_mates(Position *pos);

/* Is square `sq` attacked by a piece of colour `by` (one that could
 * capture a royal piece standing there)? */
bool square_attacked(const Position *pos, int sq, int by);

/* The square of the single royal piece of `color`, or -1 (none, or
 * several).  *set receives every square whose change (vacated, occupied,
 * a victim removed) could let a piece of the other colour attack it: a
 * move touching none of them, made by another piece, neither exposes
 * that royal nor (for the other side's moves) gives a discovered check.
 * Whether the royal is attacked now is not looked at. */
int royal_exposure(const Position *pos, int color, SquareSet *set);

/* Would a royal of the side not `by` standing on `sq` be attacked?  As
 * square_attacked, but with explosions (atomic) a square next to a royal of
 * `by` is safe: capturing there would blow that royal up too. */
bool royal_square_attacked(const Position *pos, int sq, int by);

/* Is a royal piece of `color` attacked (for several royals with
 * rules.royal_spare: all of them)? */
bool in_check(const Position *pos, int color);

/* After a move: is the side that just moved (not pos->side) in a position
 * the rules forbid (royal attacked, royals facing)? */
bool position_illegal(Position *pos);

/* Precompute the attack prefilter (Variant.reach); called by
 * variant_finalize. */
int movegen_init_variant(Variant *v);

/* An upper bound on the pseudo-legal moves of any position of the variant
 * (any placement, any pieces in hand); -1 when out of memory.  Move lists
 * hold MAX_MOVES, so variant_finalize refuses a variant above that. */
long movegen_move_bound(const Variant *v);

#endif
