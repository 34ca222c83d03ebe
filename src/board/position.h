/*
 * position.h — a game position of any variant: board, hands, side to move,
 * castling and e.p. rights, counters, Zobrist hash, and the undo stack that
 * make/unmake use.  Reading and writing positions as text is notation/fen.h.
 */
#ifndef POSITION_H
#define POSITION_H

#include <stdio.h>
#include "variant/variant.h"
#include "board/move.h"
#include "board/zobrist.h"

#define MAX_PLY_HISTORY 2048
#define EMPTY 0
#define HOLE  0xFF
#define GAVE_CHECK_UNKNOWN 0xFF
#define MAX_BOOM 9            /* pieces one move may blow up or burn */
#define TURN_LISTS 2          /* scratch move lists for the rules of turns (turn.h) */

/* Board codes: 0 empty, HOLE off-board, otherwise piece_code(type, color). */
static inline uint8_t piece_code(int type, int color) { return (uint8_t)(((type << 1) | color) + 1); }
static inline int code_type(uint8_t code) { return (code - 1) >> 1; }
static inline int code_color(uint8_t code) { return (code - 1) & 1; }

/* What position_unmake must restore. */
typedef struct {
    Move     move;
    uint8_t  captured;          /* code taken on `to` or e.p. victim square, 0 if none */
    uint8_t  captured_mark;     /* its '~' mark */
    uint8_t  moved_code;        /* the mover's code before a promotion */
    uint8_t  moved_mark;        /* the mover's '~' mark before the move */
    int8_t   hand_type;         /* hand slot the capture went to, -1 if none */
    uint8_t  hand_color;
    uint8_t  ep_count;
    uint8_t  ep[2];             /* e.p. squares before the move */
    uint8_t  ep_victim;
    bool     ep_passed_first;
    uint8_t  checks[2];
    uint8_t  shak;              /* Position.shak before the move */
    bool     royals_faced;      /* facing-royals: bikjang, and the royals faced each
                                   other before the move (it had to part them) */
    uint8_t  gave_check;        /* the move left the side to move in check: 0, 1, or
                                   GAVE_CHECK_UNKNOWN until a rule needs it (the search
                                   fills it as it goes, the rules module by replaying) */
    int      halfmove, rep_plies;
    int      count_limit, count_ply;
    uint64_t hash;
    SquareSet virgin;           /* virgin squares before the move */
    uint8_t  locust_code[2];    /* the locust victims taken (Move.victim), 0 if none */
    uint8_t  locust_mark[2];
    int8_t   locust_hand[2];    /* hand slot each went to, -1 if none */
    uint8_t  locust_hand_color[2];
    uint8_t  mover;             /* the side that made the move */
    bool     turn_ended;        /* the move ended its side's turn (always, but in
                                   variants with turns of several moves) */
    int      turn_left;         /* moves left in the turn before the move */
    uint8_t  nboom;             /* pieces an explosion (atomic: 9 at most) or a burn
                                   (tenjiku's fire demon: 8) removed; the loader
                                   refuses a variant with both */
    uint8_t  boom_sq[MAX_BOOM], boom_code[MAX_BOOM], boom_mark[MAX_BOOM];
    int8_t   boom_hand[MAX_BOOM];   /* hand slot each went to, -1 if none */
    uint8_t  boom_hand_color[MAX_BOOM];
} Undo;

typedef struct Position {
    const Variant *v;
    uint8_t  board[MAX_SQUARES];
    uint8_t  mark[MAX_SQUARES];          /* '~': reverts to its promoter when captured */
    int      hand[2][MAX_PIECE_TYPES];
    int      count[2][MAX_PIECE_TYPES];  /* pieces on the board per type */
    int      side;                        /* WHITE or BLACK to move */
    int      turn_left;                   /* moves `side` has left in its turn, this
                                             one included (1 but with turns of
                                             several moves: board/turn.h) */
    SquareSet virgin;                     /* squares whose piece never moved: 'i' moves
                                             and castling rights */
    int      ep_count;
    uint8_t  ep[2];                       /* e.p. target squares */
    uint8_t  ep_victim;                   /* square of the piece capturable e.p. */
    bool     ep_passed_first;             /* FEN writes "passed square, victim" (as read) */
    int      halfmove, fullmove;
    int      rep_plies;                   /* plies a repetition may reach back: as
                                             halfmove, but a sideways step of a
                                             piece that resets the count (xiangqi
                                             soldier) can be undone: no end */
    int      checks[2];                   /* checks given so far (n-check variants) */
    int      count_limit, count_ply;      /* rules.counting: the running count's limit
                                             and plies counted, in plies (0: no count);
                                             as the halfmove clock, not in the hash */
    uint8_t  shak;                        /* rules.shak: bit c set while the series of
                                             checks against colour c (the opponent's
                                             unbroken run of checking moves) holds a
                                             shak; not in `hash` (see position_make) */
    bool     play_past_end;               /* the players go on past an end the rules make
                                             at once (a flag reached, the n-th check):
                                             the GUI did not take the result, so
                                             rules_playable_moves still gives the
                                             moves; a FEN clears it */
    uint64_t hash;
    MoveList *turn_lists;                 /* TURN_LISTS move lists the rules of turns
                                             of several moves may use (board/turn.h),
                                             or NULL (they allocate): a search attaches
                                             its own, a FEN clears them */
    struct NnueStack *nnue;               /* the network's accumulators that follow
                                             this position (board/nnue.h), or NULL:
                                             a search attaches them, a FEN clears them */

    /* piece lists: squares of each colour's pieces */
    uint8_t  list[2][MAX_SQUARES];
    int      nlist[2];
    uint8_t  list_index[MAX_SQUARES];

    int      ply;                         /* entries used in `undo` */
    Undo     undo[MAX_PLY_HISTORY];
    int      root_ply;                    /* history before this index came from setboard */
} Position;

/* How many royal pieces `color` has on the board, and had at the start. */
static inline int position_royals(const Position *pos, int color)
{
    const Variant *v = pos->v;
    int n = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (v->royal_types >> t & 1)
            n += pos->count[color][t];
    return n;
}

static inline int position_royals_at_start(const Variant *v, int color)
{
    int n = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (v->royal_types >> t & 1)
            n += v->start_count[color][t];
    return n;
}

/* The side that made the last move (with turns of several moves it may
 * be the side to move); the side not to move before any move. */
/* Does move m (not yet made) turn a '+' form back into its base piece
 * (promotion.every-move)?  Written with '-' (a1a2-). */
static inline bool move_flips_back(const Position *pos, Move m)
{
    if (m.kind != MOVE_NORMAL || !m.piece || pos->board[m.from] == EMPTY)
        return false;
    const PieceType *pt = &pos->v->piece[code_type(pos->board[m.from])];
    return pt->flips && pt->demotes_to == m.piece - 1;
}

/* Can the ray r make range captures (rank / range-capture: tenjiku's
 * generals): a plain capturing slide, one leg, no hop, castling, jump,
 * lame step or first-move condition.  The generator and the attack test
 * both ask. */
static inline bool position_range_capture_ray(const XbRay *r)
{
    return (r->flags & XB_RAY_SLIDE) && (r->mode & XB_MODE_C)
        && !(r->mode & (XB_MODE_P | XB_MODE_G))
        && !(r->flags & (XB_RAY_CASTLE | XB_RAY_MULTILEG | XB_RAY_LAME | XB_RAY_JUMP
                         | XB_RAY_INITIAL | XB_RAY_INITIAL2));
}

/* Is the ray r stopped at its step s by the board: a lame step whose
 * path square (or second path square) is occupied, or a jump whose
 * hurdle square is empty?  The generator, the attack test and the burn
 * test all walk rays so. */
static inline bool position_step_blocked(const Position *pos, const XbRay *r, const XbStep *s)
{
    if (s->test == XB_NO_SQ)
        return false;
    bool occupied = pos->board[s->test] != EMPTY;
    if ((r->flags & XB_RAY_LAME) ? occupied : !occupied)
        return true;
    return s->test2 != XB_NO_SQ && pos->board[s->test2] != EMPTY;
}

static inline int position_last_mover(const Position *pos)
{
    return pos->ply > 0 ? pos->undo[pos->ply - 1].mover : !pos->side;
}

void position_start(Position *pos, const Variant *v);   /* the variant's start position */

void position_make(Position *pos, Move m);
void position_unmake(Position *pos);
void position_make_null(Position *pos);
void position_unmake_null(Position *pos);

uint64_t position_compute_hash(const Position *pos);

/* The key the search files a position under: the hash plus what decides
 * the game but not a repetition (rules.shak: the same board mated with or
 * without a shak is a win or a draw). */
static inline uint64_t position_table_key(const Position *pos)
{
    return pos->hash ^ zobrist->shak[pos->shak & 3];
}

/* rules.shak for a position set up from a FEN: the side to move's series
 * of checks is the check it stands in (earlier moves are not known). */
void position_init_shak(Position *pos);

#endif
