/*
 * multileg.h — multi-leg moves (XBetza 'a', docs/xbetza.md §7): locust
 * captures, lions, igui, hook movers, checker jumps, rifle captures, bent
 * riders, hops on non-final legs.
 *
 * Only pieces that have such moves pay for them: movegen.c and attack.c
 * call in here for a piece type with PieceType.has_multileg and for
 * nothing else.  The first leg comes pre-walked from the piece's compiled
 * table (its XB_RAY_MULTILEG rays); the later legs are stepped on the
 * board as XBoard 4.9.1 steps them (xbetza.h, leg geometry).  What is
 * reported follows XBoard: legs that end on empty squares or hop leave no
 * trace (one from-to move), and the pieces captured by non-final legs
 * ('c', 'd') are the move's victims, which still stand while the later
 * legs are walked (§7.4).  No allocation while walking.
 */
#ifndef MULTILEG_H
#define MULTILEG_H

#include "board/position.h"

/* One multi-leg move as walked: where it ends and what it takes on the
 * way, in path order (at most two victims: the loader refuses groups that
 * could take more, as XBoard's move record has two kill squares).  A move
 * back to its start square without a victim is a turn (MOVE_TURN); `turn`
 * is then the first square it went to (the two-leg notation XBoard reads
 * needs one). */
typedef struct {
    uint8_t to;
    uint8_t nvictims;
    uint8_t victim[2];
    uint8_t turn;
} LegMove;

/* Called for every move found (the same move may come more than once, by
 * other paths); returning true stops the walk. */
typedef bool (*LegVisit)(void *ctx, const LegMove *m);

/* Walk the multi-leg moves of the piece on `from` (of either colour)
 * described by `piece` and compiled as `table` (a piece type's moves, or
 * its region-dependent extra moves).  With `enemy_royal` >= 0 that square
 * counts as holding an enemy royal piece whatever stands there (the attack
 * test asks about squares a royal might stand on).  Returns true when
 * `visit` stopped the walk. */
bool multileg_walk(const Position *pos, int from, const XbPiece *piece, const XbTable *table,
                   int enemy_royal, LegVisit visit, void *ctx);

/* Could the multi-leg moves of the piece on `from` take a royal piece
 * standing on `target` (whatever stands there now)?  Either by ending
 * there or by taking it as a locust victim on the way: XBoard's CheckTest
 * counts both (the first leg of a locust capture reaches its callback as
 * a move to the victim's square, when the move can be completed).  A
 * confined piece must end where it may stand.  Pure (it changes nothing):
 * the attack loops that call it keep their bounds in registers. */
bool multileg_takes(const Position *pos, int from, int target) __attribute__((pure));

/* What the multi-leg groups of `piece` could ever do for `color`, from
 * each square, whatever stands where: marks[sq] gets LEG_REACH_QUIET where
 * a move could end without capturing there, LEG_REACH_CAPTURE where it
 * could end capturing, LEG_REACH_VICTIM where a non-final leg could take a
 * piece; `victims` is the most moves with a victim the piece could have
 * there in one position (paths counted, so duplicates too).  Added to
 * what out[0 .. files*ranks) holds.  For the attack prefilter and the move
 * bound, when a variant is loaded; -1 when out of memory. */
enum { LEG_REACH_QUIET = 1, LEG_REACH_CAPTURE = 2, LEG_REACH_VICTIM = 4 };
typedef struct {
    uint8_t marks[MAX_SQUARES];
    long victims;
} LegReach;
int multileg_reach(const Variant *v, const XbPiece *piece, const XbTable *table, int color,
                   LegReach *out);

#endif
