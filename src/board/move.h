/*
 * move.h — the move representation and its coordinate notation.
 *
 * A Move is 8 bytes, passed by value.  A multi-leg move (XBetza 'a') is
 * a MOVE_NORMAL from -> to with up to two locust victims: the pieces its
 * earlier legs took, in path order (board/multileg.h).  `to` may equal
 * `from` when it takes something and comes back (igui, rifle capture);
 * back without a victim it is a MOVE_TURN.
 */
#ifndef MOVE_H
#define MOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Variant;
struct Position;

typedef enum {
    MOVE_NORMAL = 0,  /* from -> to, capture if `to` is occupied (after the locust
                         victims victim[0..nvictims) are taken)                  */
    MOVE_EP,          /* e.p.: victim[0] holds the captured piece's square       */
    MOVE_CASTLE,      /* king from -> to; partner victim[0] -> victim[1]          */
    MOVE_DROP,        /* piece of type `piece` from hand onto `to`; victim[0] = 1:
                         it enters as its '+' form (promotion.by-drop)            */
    MOVE_NULL,        /* the search's null move: no move of the game              */
    MOVE_PASS,        /* a pass the rules allow (rules.pass): from = to, see pass.h */
    MOVE_TURN,        /* a piece goes out and back (a lion's turn): from == to,
                         victim[0] is a square it went to (its first leg's end) */
    MOVE_PICKUP       /* hand.pickup: the mover's piece on `from` goes into its
                         hand (to == from), written @@e2 as Sjaak II writes it */
} MoveKind;

typedef struct {
    uint8_t from, to;
    uint8_t kind;       /* MoveKind */
    uint8_t piece;      /* promotion: promoted type + 1 (0: none); drop: dropped type */
    uint8_t victim[2];  /* see MoveKind; locust victims for multi-leg moves */
    uint8_t nvictims;   /* locust victims (multi-leg), 0 otherwise */
    uint8_t flags;      /* MOVEF_* */
} Move;

enum {
    MOVEF_EP_MAKER = 1,         /* initial multi-square non-capture: leaves e.p. rights */
    MOVEF_GATE_MASK = 63 << 1,  /* gating: (type + 1) << 1 of the piece entering from hand */
    MOVEF_GATE_ON_PARTNER = 128 /* castling: it enters on the partner's square, not the king's */
};

/* The type a gating move brings in from hand, or -1. */
static inline int move_gate(Move m)
{
    return ((m.flags & MOVEF_GATE_MASK) >> 1) - 1;
}

/* The square the gated piece enters on. */
static inline int move_gate_square(Move m)
{
    return (m.flags & MOVEF_GATE_ON_PARTNER) ? m.victim[0] : m.from;
}

/* A drop of a piece in its promoted form (promotion.by-drop)? */
static inline bool move_drop_promoted(Move m)
{
    return m.kind == MOVE_DROP && m.victim[0];
}

static inline bool move_equal(Move a, Move b)
{
    return a.from == b.from && a.to == b.to && a.kind == b.kind && a.piece == b.piece
        && a.victim[0] == b.victim[0] && a.victim[1] == b.victim[1]
        && a.nvictims == b.nvictims;
}

#define MAX_MOVES 65536

typedef struct {
    int  n;
    Move m[MAX_MOVES];
} MoveList;

#endif
