/*
 * attack.h — what attacks what: the attack test for any square (with a
 * per-piece "could ever capture there" prefilter so only the pieces that
 * line up are walked), check, the legality of the position after a move,
 * and the squares through which a royal could be exposed (the search and
 * the generator use them to spare most moves the full test).
 */
#ifndef ATTACK_H
#define ATTACK_H

#include "board/position.h"

/* Could the piece on `from` capture on `target` as the board stands?
 * Whether `target` is occupied is not looked at, only what stands there
 * if anything: a piece the capture rules spare from this attacker is not
 * attacked.  Static exchange evaluation removes pieces from the board and
 * asks this again. */
bool attack_from(const Position *pos, int from, int target);

/* Is square `sq` attacked by a piece of colour `by` (one that could
 * capture a royal piece standing there)? */
bool attack_square(const Position *pos, int sq, int by);

/* The square of the single royal piece of `color`, or -1 (none, or
 * several, or royals facing under bikjang: no move is surely legal).  *set receives every square whose change (vacated, occupied,
 * a victim removed) could let a piece of the other colour attack it: a
 * move touching none of them, made by another piece, neither exposes
 * that royal nor (for the other side's moves) gives a discovered check.
 * Whether the royal is attacked now is not looked at. */
int attack_royal_exposure(const Position *pos, int color, SquareSet *set);

/* Would a royal of the side not `by` standing on `sq` be attacked?  As
 * attack_square, but with explosions (atomic) a square next to a royal of
 * `by` is safe: capturing there would blow that royal up too. */
bool attack_royal_square(const Position *pos, int sq, int by);

/* Would a royal standing on `sq` face a royal of `by` (nothing between,
 * on a line where the rules forbid it: rules.facing-royals: illegal)?
 * Castling may not pass such a square, as it may not pass an attacked one. */
bool attack_faced_square(const Position *pos, int sq, int by);

/* Is a royal piece of `color` attacked (for several royals with
 * rules.royal_spare: all of them)? */
bool attack_in_check(const Position *pos, int color);

/* After a move: is the side that just moved (not pos->side) in a position
 * the rules forbid (royal attacked, royals facing; under bikjang, royals
 * that faced each other before the move still facing, unless it passed)? */
bool attack_left_illegal(Position *pos);

/* rules.lion-trading, for the move just made (the board after it): a
 * lion taken right after a non-lion took one (counter-strike), or a
 * protected lion taken by a lion from afar that took nothing worth more
 * on the way; what XBoard 4.9.1 or HaChu forbids.  attack_left_illegal
 * includes it. */
typedef enum { LION_TRADE_OK = 0, LION_TRADE_COUNTER_STRIKE, LION_TRADE_AFAR_PROTECTED } LionTrade;
LionTrade attack_lion_trade(const Position *pos);

/* Two royal pieces on one file with nothing between them. */
bool attack_royals_face(const Position *pos);

/* As attack_left_illegal for a plain move (no gating, no explosions), but
 * attacks by the pieces standing on `ignored` do not count: a move tested
 * as if the checks those pieces give had been answered already (the
 * xiangqi chase rules test protection so). */
bool attack_left_illegal_ignoring(Position *pos, const SquareSet *ignored);

/* Squares of the pieces of `by` attacking a royal piece of the other
 * colour: the pieces giving check. */
void attack_checkers(const Position *pos, int by, SquareSet *checkers);

/* The types of the pieces of `by` giving check (bit t: type t). */
TypeMask attack_checker_types(const Position *pos, int by);

/* Precompute the attack prefilter (Variant.reach); called when a
 * variant is loaded. */
int attack_prepare_variant(Variant *v);

#endif
